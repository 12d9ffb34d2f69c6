/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * A drawing list (include/mazebook/page/draw.h) as SVG text: the SVG writer is
 * one more renderer that only replays, so `mazebook maze --format svg`
 * draws its maze with the same routine as the interior
 * (include/mazebook/page/maze_draw.h). Plain text out, so it lives in the core.
 *
 * Each stroked or filled path becomes one element: a path made only of
 * single segments becomes a group of <line> elements (a maze's wall runs),
 * one open subpath a <polyline> (a route), anything else a <path>. SAVE
 * with TRANSFORM and CLIP becomes nested <g> elements; TEXT a <text>.
 */
#ifndef MAZEBOOK_DRAW_SVG_H
#define MAZEBOOK_DRAW_SVG_H

#include "mazebook/base/error.h"
#include "mazebook/page/draw.h"

/*
 * The list as a standalone SVG document (the caller frees it): the
 * viewBox is the list's size in its units, the width and height
 * attributes that size times px_per_unit. Text is set in font_family
 * (NULL: sans-serif). A list with a picture (IMAGE) gives NULL and
 * MB_ERR_INPUT: the SVG writer holds no pictures.
 */
char *mb_draw_svg(const struct mb_draw_list *l, double px_per_unit, const char *font_family,
		  struct mb_error *err);

#endif
