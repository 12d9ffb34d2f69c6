/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * A polar, hex or delta maze drawn by mazebook's own maze_draw and
 * draw_cairo (or, with --hpdf first, draw_hpdf: the interior's libharu
 * writer) onto a two-page PDF for mazeproof to judge: "Maze 1" and
 * "Solution 1" (the walls again and the route in red), as a book prints
 * them. Not installed; tests/cli/cli_maze_grids.sh runs it:
 *
 *   tests/helpers/maze_grid_pdf [--hpdf] KIND SIZE SEED OUT.pdf [DROP [ALGORITHM [EXIT]]]
 *
 * KIND and SIZE as tests/helpers/lattice_fixture.h reads them; DROP k > 0 turns
 * the k-th LINE or CURVE of the walls' path (on both pages) into a MOVE
 * to the same point, so that one merged wall is missing from the print.
 * ALGORITHM carves the maze with that generator instead of the fixture's
 * spanning tree ("-": the fixture's); EXIT names the exit's side
 * (mb_grid_named_gap: "bottom" moves a polar exit out to the rim).
 */
#include "config.h"

#include <cairo-pdf.h>
#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/backend/cairo/draw_cairo.h"
#include "../../src/backend/hpdf/draw_hpdf.h"
#include "mazebook/gen/generator.h"
#include "mazebook/page/maze_draw.h"

#include "lattice_fixture.h"

#define PAGE_W 432.0
#define PAGE_H 648.0

/* turn the drop-th wall op (counting from 1) into a MOVE; false if there is none */
static bool drop_op(struct mb_draw_list *l, size_t from, long drop)
{
	for (size_t i = from; i < l->count; i++) {
		struct mb_draw_op *op = &l->ops[i];

		if (op->kind != MB_DRAW_LINE && op->kind != MB_DRAW_CURVE)
			continue;
		if (--drop == 0) {
			struct mb_point end = op->kind == MB_DRAW_CURVE ? op->u.p[2] : op->u.p[0];

			op->kind = MB_DRAW_MOVE;
			op->u.p[0] = end;
			return true;
		}
	}
	return false;
}

/* one page's maze (and route) as a list; *ok false when a drop or the route failed */
static struct mb_draw_list *page_list(const struct mb_maze *m, bool solution, long drop, bool *ok)
{
	struct mb_draw_list *l = mb_draw_new(PAGE_W, PAGE_H);
	const struct mb_pen walls = { .width = 1.5, .rgb = 0x000000, .cap = MB_CAP_ROUND };
	const struct mb_pen red = { .width = 2, .rgb = 0xd91a1a, .cap = MB_CAP_ROUND,
				    .join = MB_JOIN_ROUND };
	double w, h, unit;
	struct mb_maze_place at;

	mb_maze_extent(m, &w, &h);
	unit = 360 / w < 500 / h ? 360 / w : 500 / h;
	at = (struct mb_maze_place){ (PAGE_W - w * unit) / 2, 110 + (500 - h * unit) / 2, unit };
	mb_maze_draw_walls(l, m, &at, &walls);
	if (drop > 0 && !drop_op(l, 0, drop))
		*ok = false;
	if (solution && !mb_maze_draw_route(l, m, &at, &red, 0.95))
		*ok = false;
	return l;
}

static bool page(cairo_t *cr, const struct mb_maze *m, bool solution, long drop)
{
	bool ok = true;
	struct mb_draw_list *l = page_list(m, solution, drop, &ok);

	mb_draw_cairo(cr, l, NULL);
	mb_draw_free(l);
	/* the label mazeproof pairs the pages by, in cairo's own text */
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
	cairo_set_font_size(cr, 16);
	cairo_move_to(cr, 40, 80);
	cairo_show_text(cr, solution ? "Solution 1" : "Maze 1");
	cairo_show_page(cr);
	return ok;
}

static bool write_cairo(const struct mb_maze *m, const char *path, long drop)
{
	cairo_surface_t *surf = cairo_pdf_surface_create(path, PAGE_W, PAGE_H);
	cairo_t *cr;
	bool ok;

	cairo_pdf_surface_set_metadata(surf, CAIRO_PDF_METADATA_CREATE_DATE, "2026-01-01T00:00:00Z");
	cr = cairo_create(surf);
	ok = page(cr, m, false, drop) && page(cr, m, true, drop);
	cairo_destroy(cr);
	cairo_surface_finish(surf);
	ok = ok && cairo_surface_status(surf) == CAIRO_STATUS_SUCCESS;
	cairo_surface_destroy(surf);
	return ok;
}

/* the same two pages through draw_hpdf, labelled in a standard font */
static bool write_hpdf(const struct mb_maze *m, const char *path, long drop)
{
	HPDF_Doc pdf = HPDF_New(NULL, NULL);
	struct mb_hpdf_fonts fonts = { 0 };
	struct mb_error err;
	bool ok = pdf != NULL;

	if (!ok)
		return false;
	fonts.regular = fonts.bold = HPDF_GetFont(pdf, "Helvetica-Bold", NULL);
	mb_error_init(&err);
	for (int k = 0; k < 2 && ok; k++) {
		struct mb_draw_list *l = page_list(m, k == 1, drop, &ok);
		HPDF_Page p = HPDF_AddPage(pdf);

		HPDF_Page_SetWidth(p, (HPDF_REAL)PAGE_W);
		HPDF_Page_SetHeight(p, (HPDF_REAL)PAGE_H);
		ok = ok && mb_hpdf_replay(p, l, &fonts, &err) == MB_OK;
		mb_draw_free(l);
		HPDF_Page_SetRGBFill(p, 0, 0, 0);
		HPDF_Page_BeginText(p);
		HPDF_Page_SetFontAndSize(p, fonts.bold, 16);
		HPDF_Page_TextOut(p, 40, (HPDF_REAL)(PAGE_H - 80), k ? "Solution 1" : "Maze 1");
		HPDF_Page_EndText(p);
	}
	ok = ok && HPDF_SaveToFile(pdf, path) == HPDF_OK;
	HPDF_Free(pdf);
	return ok;
}

int main(int argc, char **argv)
{
	struct mb_maze *m;
	bool hpdf = argc > 1 && !strcmp(argv[1], "--hpdf"), ok;
	long drop;

	if (hpdf) {
		argv++;
		argc--;
	}
	drop = argc > 5 ? atol(argv[5]) : 0;
	if (argc < 5) {
		fprintf(stderr, "usage: maze_grid_pdf [--hpdf] KIND SIZE SEED OUT.pdf [DROP [ALGORITHM [EXIT]]]\n");
		return 2;
	}
	m = fixture_maze(argv[1], argv[2], strtoull(argv[3], NULL, 10));
	if (!m) {
		fprintf(stderr, "maze_grid_pdf: no grid '%s' of size '%s'\n", argv[1], argv[2]);
		return 2;
	}
	if (argc > 7) {
		struct mb_side out;
		struct mb_error err;

		mb_error_init(&err);
		if (mb_grid_named_gap(m->grid, argv[7], &out, &err) != MB_OK ||
		    mb_maze_set_gaps(m, m->entrance, out, &err) != MB_OK) {
			fprintf(stderr, "maze_grid_pdf: %s\n", err.message);
			mb_maze_free(m);
			return 2;
		}
		fixture_carve(m, strtoull(argv[3], NULL, 10));
	}
	if (argc > 6 && strcmp(argv[6], "-")) {
		const struct mb_generator *gen = mb_generator_find(argv[6]);

		if (!gen || !mb_generator_supports(gen, m->grid->kind)) {
			fprintf(stderr, "maze_grid_pdf: no generator '%s' for %s\n", argv[6], argv[1]);
			mb_maze_free(m);
			return 2;
		}
		mb_generate(gen, m, strtoull(argv[3], NULL, 10), NULL);
	}
	ok = hpdf ? write_hpdf(m, argv[4], drop) : write_cairo(m, argv[4], drop);
	mb_maze_free(m);
	if (!ok)
		fprintf(stderr, "maze_grid_pdf: could not draw '%s'\n", argv[4]);
	return ok ? 0 : 1;
}
