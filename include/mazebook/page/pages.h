/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The interior's pages as drawing lists (include/mazebook/page/draw.h): the
 * core decides every word, line and maze on a page; the libharu renderer
 * only replays the list. Text is measured through the renderer's font
 * backend (ctx->metrics), so wrapping and fitting happen here.
 */
#ifndef MAZEBOOK_PAGES_H
#define MAZEBOOK_PAGES_H

#include "mazebook/book/book.h"
#include "mazebook/book/labels.h"
#include "mazebook/book/layout.h"
#include "mazebook/book/spec.h"
#include "mazebook/page/draw.h"

struct mb_page_context {
	const struct mb_book_spec *spec;
	const struct mb_book *book;
	const struct mb_page_plan *plan;
	const struct mb_labels *labels;		/* the book's language */
	const struct mb_text_metrics *metrics;	/* the renderer's fonts */
	bool colour;				/* a colour interior (else gray only) */
	struct mb_wall_plans *wall_plans;	/* kept for the solution pages; NULL: none */
};

/*
 * Compose page n (1-based) of ctx->plan into out: out is cleared and sized
 * to the PDF page (trim, plus bleed), and filled with what that page
 * prints, its folio included. A blank page gives an empty list.
 */
void mb_page_compose(const struct mb_page_context *ctx, int n, struct mb_draw_list *out);

/*
 * Does every word the about page sets in its lines fit them (the title,
 * the copyright, the author in the default copyright line, the imprint)?
 * Uses ctx->spec, plan, labels and metrics (the regular face) only; MB_OK
 * when the plan has no about page. Fails with MB_ERR_INPUT naming the spec
 * key, the word, its width and the line's, and about how many characters
 * fit.
 */
enum mb_status mb_page_check_words(const struct mb_page_context *ctx, struct mb_error *err);

/*
 * Refuse a book whose polar, hex or delta grids would print too fine on
 * its maze pages (mb_layout_check_lattice: the narrowest corridor under
 * the least square a maze page takes): every grid of spec's plan, and
 * the shapes' masks over hexagons or triangles (mb_spec_shape_grids
 * first), on the maze area of plan. MB_ERR_INPUT with err->field the key
 * that chose the grid (grid, level, shape or the section's), the message
 * naming the grid, the corridor, the limit and a level or trim that fits.
 */
enum mb_status mb_pages_check_lattices(const struct mb_book_spec *spec,
				       const struct mb_page_plan *plan, struct mb_error *err);

/* "Copyright © 2026 Author" (the year when given), or the spec's own line; caller frees. */
char *mb_page_copyright_line(const struct mb_book_spec *spec, const struct mb_labels *labels);
/* "Published by ..." for the spec's imprint, or NULL when it has none; caller frees. */
char *mb_page_imprint_line(const struct mb_book_spec *spec, const struct mb_labels *labels);

#endif
