/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * A polar, hex or delta maze drawn by mazebook's own maze_draw and
 * draw_cairo onto a two-page PDF for mazeproof to judge: "Maze 1" and
 * "Solution 1" (the walls again and the route in red), as a book prints
 * them. Not installed; tests/cli_maze_grids.sh runs it:
 *
 *   tests/maze_grid_pdf KIND SIZE SEED OUT.pdf [DROP [ALGORITHM [EXIT]]]
 *
 * KIND and SIZE as tests/lattice_fixture.h reads them; DROP k > 0 turns
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

#include "../src/backend/draw_cairo.h"
#include "mazebook/generator.h"
#include "mazebook/maze_draw.h"

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

static bool page(cairo_t *cr, const struct mb_maze *m, bool solution, long drop)
{
	struct mb_draw_list *l = mb_draw_new(PAGE_W, PAGE_H);
	const struct mb_pen walls = { .width = 1.5, .rgb = 0x000000, .cap = MB_CAP_ROUND };
	const struct mb_pen red = { .width = 2, .rgb = 0xd91a1a, .cap = MB_CAP_ROUND,
				    .join = MB_JOIN_ROUND };
	double w, h, unit;
	struct mb_maze_place at;
	bool ok = true;

	mb_maze_extent(m, &w, &h);
	unit = 360 / w < 500 / h ? 360 / w : 500 / h;
	at = (struct mb_maze_place){ (PAGE_W - w * unit) / 2, 110 + (500 - h * unit) / 2, unit };
	mb_maze_draw_walls(l, m, &at, &walls);
	if (drop > 0)
		ok = drop_op(l, 0, drop);
	if (solution && !mb_maze_draw_route(l, m, &at, &red, 0.95))
		ok = false;
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

int main(int argc, char **argv)
{
	struct mb_maze *m;
	cairo_surface_t *surf;
	cairo_t *cr;
	long drop = argc > 5 ? atol(argv[5]) : 0;
	bool ok;

	if (argc < 5) {
		fprintf(stderr, "usage: maze_grid_pdf KIND SIZE SEED OUT.pdf [DROP]\n");
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
	surf = cairo_pdf_surface_create(argv[4], PAGE_W, PAGE_H);
	cairo_pdf_surface_set_metadata(surf, CAIRO_PDF_METADATA_CREATE_DATE, "2026-01-01T00:00:00Z");
	cr = cairo_create(surf);
	ok = page(cr, m, false, drop) && page(cr, m, true, drop);
	cairo_destroy(cr);
	cairo_surface_finish(surf);
	ok = ok && cairo_surface_status(surf) == CAIRO_STATUS_SUCCESS;
	cairo_surface_destroy(surf);
	mb_maze_free(m);
	if (!ok)
		fprintf(stderr, "maze_grid_pdf: could not draw '%s'\n", argv[4]);
	return ok ? 0 : 1;
}
