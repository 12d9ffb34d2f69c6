/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * What the spec alone decides of one edition (a paperback or a hardcover
 * of the spec, one volume of a series) before anything is made: its page
 * plan, its printing cost and whether its list price can be sold. The
 * build plans every edition first, so one that cannot be made or sold
 * stops all before any is.
 */
#ifndef MAZEBOOK_EDITIONS_H
#define MAZEBOOK_EDITIONS_H

#include "mazebook/base/error.h"
#include "mazebook/book/layout.h"
#include "mazebook/book/spec.h"
#include "mazebook/kdp/cost.h"

/*
 * The page plan (page limits, grid and solution sizes) and the printing
 * cost of spec's edition (its binding, ink, trim), and its list price
 * checked against the least KDP accepts: a price under it fails with
 * MB_ERR_INPUT on the price's key ("price.paperback", "price.hardcover"
 * or "price"), saying the cost and the least price to give. The caller
 * releases plan (mb_layout_release), also when this fails.
 */
enum mb_status mb_edition_plan(const struct mb_book_spec *spec, struct mb_page_plan *plan,
			       struct mb_cost *cost, struct mb_error *err);

#endif
