/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The hex grid: pointy-top hexagons named (a, b) in doubled columns
 * (include/mazebook/maze/grid.h), built with the shared builder of
 * src/maze/lattice_build.h. The cell numbering and the order of each
 * cell's sides are part of every maze's recipe: changing them changes the
 * mazes a seed gives.
 */
/*
 * The hex grid: pointy-top hexagons named (a, b) in doubled columns (include/mazebook/maze/grid.h), built with the
 * shared builder of src/maze/lattice_build.h. The cell numbering and the
 * order of each cell's sides are part of every maze's recipe: changing
 * them changes the mazes a seed gives.
 */
#include "config.h"
#include "mazebook/maze/grid.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"
#include "lattice_build.h"

static const int hex_dir[6][2] = { { 2, 0 }, { 1, 1 }, { -1, 1 }, { -2, 0 }, { -1, -1 }, { 1, -1 } };

static void hex_centre(int a, int b, double *x, double *y)
{
	*x = a * SQRT3 / 2;
	*y = b * 1.5;
}

struct mb_grid *mb_grid_new_hex(int cols, int rows, enum mb_grid_outline outline,
				mb_grid_mask_fn keep, void *ctx, struct mb_error *err)
{
	int n = 0, cap, *ca, *cb, cells;
	struct coord_index ix;
	struct build b;

	if (outline == MB_OUTLINE_HEXAGON)
		rows = 2 * cols - 1;
	if (outline == MB_OUTLINE_TRIANGLE) {
		mb_error_set(err, MB_ERR_INPUT,
			     "a hex grid's outline is a rectangle or a hexagon, not a triangle");
		return NULL;
	}
	if (!lattice_size_ok("hex", cols, rows, err))
		return NULL;
	cap = outline == MB_OUTLINE_HEXAGON ? rows * rows : cols * rows;
	ca = xmallocarray((size_t)cap, sizeof(int));
	cb = xmallocarray((size_t)cap, sizeof(int));
	if (outline == MB_OUTLINE_HEXAGON) {
		int R = cols - 1;

		for (int r = -R; r <= R; r++)
			for (int q = -R; q <= R; q++)
				if (abs(q + r) <= R) {
					ca[n] = 2 * q + r + 2 * R;
					cb[n++] = r + R;
				}
	} else {
		for (int j = 0; j < rows; j++)
			for (int i = 0; i < cols; i++) {
				ca[n] = 2 * i + (j & 1);
				cb[n++] = j;
			}
	}
	cells = lattice_pick_cells(ca, cb, n, hex_centre, keep, ctx, &ix);
	if (cells == 0) {
		free(ca);
		free(cb);
		free(ix.cell);
		return lattice_empty_error("hex", err);
	}
	b = lattice_build_start(MB_GRID_HEX, cells);
	b.lat->cols = cols;
	b.lat->rows = rows;
	b.lat->outline = outline;
	b.lat->min_feature = 1;
	for (int c = 0; c < cells; c++) {
		double x, y;

		hex_centre(ca[c], cb[c], &x, &y);
		b.lat->first[c] = b.nsides;
		b.lat->ca[c] = ca[c];
		b.lat->cb[c] = cb[c];
		b.lat->cx[c] = x;
		b.lat->cy[c] = y;
		for (int d = 0; d < 6; d++) {
			double p0 = (60 * d - 30) * PI / 180, p1 = (60 * d + 30) * PI / 180;
			struct mb_wall_shape sh = segment(x + cos(p0), y + sin(p0), x + cos(p1), y + sin(p1));

			lattice_add_side(&b, lattice_coord_cell(&ix, ca[c] + hex_dir[d][0], cb[c] + hex_dir[d][1]), &sh);
		}
	}
	free(ca);
	free(cb);
	free(ix.cell);
	lattice_finish(&b);
	lattice_to_origin(b.g);
	return keep ? lattice_connected_or_error(b.g, "hex", err) : b.g;
}
