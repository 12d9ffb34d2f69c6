/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The pages around the mazes (issue 14): copyright, "This book belongs
 * to", how to play, contents, section pages and the certificate of
 * completion, each composed as a drawing list (mazebook/page/draw.h) from the
 * spec, the book and the page plan. Text is set in the book's language
 * (ctx->labels) and fitted with the renderer's metrics (ctx->metrics), so
 * a long title or a long section name shrinks or wraps here and never runs
 * out of the live area. Nothing on these pages is grayer or finer than
 * KDP allows: type at least mb_kdp.min_font_pt, lines at least
 * mb_kdp.min_line_pt.
 *
 * Each function composes page n (1-based) of ctx->plan, which must be a
 * page of its kind (a BUG otherwise): out is cleared and sized to the
 * PDF page and filled with what the page prints. mb_page_compose
 * (mazebook/page/pages.h) calls them for their kinds; the copyright and
 * imprint lines are mb_page_copyright_line and mb_page_imprint_line there.
 */
#ifndef MAZEBOOK_PAGE_MATTER_H
#define MAZEBOOK_PAGE_MATTER_H

#include <stdbool.h>

#include "mazebook/book/layout.h"
#include "mazebook/page/draw.h"
#include "mazebook/page/pages.h"

/* title, copyright (with year), rights, imprint, ISBN; the seed only with print_seed */
void mb_page_copyright(const struct mb_page_context *ctx, int n, struct mb_draw_list *out);
/* "This book belongs to" with lines to write a name and an age on */
void mb_page_belongs_to(const struct mb_page_context *ctx, int n, struct mb_draw_list *out);
/* how to play, the ramp when the book has one, the level(s) and the maze count */
void mb_page_how_to_play(const struct mb_page_context *ctx, int n, struct mb_draw_list *out);
/*
 * The sections with the page each opens on; a book without sections lists
 * its parts (the mazes, the solutions, the certificate) instead.
 */
void mb_page_contents(const struct mb_page_context *ctx, int n, struct mb_draw_list *out);
/* a section's title, level and one line about it (its description, else its count) */
void mb_page_section(const struct mb_page_context *ctx, int n, struct mb_draw_list *out);
/* a certificate of completion naming the maze count and the book */
void mb_page_certificate(const struct mb_page_context *ctx, int n, struct mb_draw_list *out);

/* Does the book have a difficulty ramp (order: ramp, or a section's ramp:)? */
bool mb_page_has_ramp(const struct mb_book_spec *spec);

/*
 * Has the book polar mazes whose way out is their centre (no FINISH
 * arrow: the how-to-play page says the goal is the centre)?
 */
bool mb_page_has_centre_goal(const struct mb_book_spec *spec);

#endif
