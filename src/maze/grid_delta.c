/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The delta grid: triangles named (a, b), b the row and a = 2 q + (0
 * pointing down, 1 up) (include/mazebook/maze/grid.h), built with the
 * shared builder of src/maze/lattice_build.h. The cell numbering and the
 * order of each cell's sides are part of every maze's recipe: changing
 * them changes the mazes a seed gives.
 */
/*
 * The delta grid: triangles named (a, b), b the row and a = 2 q + (0
 * pointing down, 1 up) (include/mazebook/maze/grid.h), built with the
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

#define DELTA_H (SQRT3 / 2)

/* the lattice point (p, q): row line p, slanted line q */
static void delta_pt(double p, double q, double *x, double *y)
{
	*x = (2 * q + p) / 2;
	*y = p * DELTA_H;
}

static void delta_centre(int a, int b, double *x, double *y)
{
	double f = (a & 1) ? 2.0 / 3 : 1.0 / 3;

	delta_pt(b + f, a / 2 + f, x, y);
}

struct mb_grid *mb_grid_new_delta(int cols, int rows, enum mb_grid_outline outline,
				  mb_grid_mask_fn keep, void *ctx, struct mb_error *err)
{
	int n = 0, cap, *ca, *cb, cells;
	struct coord_index ix;
	struct build b;

	if (outline == MB_OUTLINE_TRIANGLE)
		cols = 2 * rows - 1;
	if (outline == MB_OUTLINE_HEXAGON) {
		mb_error_set(err, MB_ERR_INPUT,
			     "a triangle grid's outline is a rectangle or a triangle, not a hexagon");
		return NULL;
	}
	if (!lattice_size_ok("triangle", cols, rows, err))
		return NULL;
	cap = cols * rows;
	ca = xmallocarray((size_t)cap, sizeof(int));
	cb = xmallocarray((size_t)cap, sizeof(int));
	for (int r = 0; r < rows; r++) {
		if (outline == MB_OUTLINE_TRIANGLE) {
			for (int a = 2 * rows - 2 * r - 1; a < 2 * rows; a++) {
				ca[n] = a;
				cb[n++] = r;
			}
		} else {
			for (int i = 0; i < cols; i++) {
				ca[n] = rows + 1 - r + i;
				cb[n++] = r;
			}
		}
	}
	cells = lattice_pick_cells(ca, cb, n, delta_centre, keep, ctx, &ix);
	if (cells == 0) {
		free(ca);
		free(cb);
		free(ix.cell);
		return lattice_empty_error("triangle", err);
	}
	b = lattice_build_start(MB_GRID_DELTA, cells);
	b.lat->cols = cols;
	b.lat->rows = rows;
	b.lat->outline = outline;
	b.lat->min_feature = 1 / SQRT3;	/* the triangle's inscribed circle */
	for (int c = 0; c < cells; c++) {
		int a = ca[c], row = cb[c], q = a / 2;
		/* three sides: their lattice ends (p, q) and the neighbour's (a, b) */
		int side[3][6];
		double x, y;

		if ((a & 1) == 0) {	/* pointing down: top, left, right */
			int s[3][6] = { { row, q, row, q + 1, a + 1, row - 1 },
					{ row, q, row + 1, q, a - 1, row },
					{ row, q + 1, row + 1, q, a + 1, row } };
			memcpy(side, s, sizeof(side));
		} else {		/* pointing up: right, bottom, left */
			int s[3][6] = { { row, q + 1, row + 1, q + 1, a + 1, row },
					{ row + 1, q, row + 1, q + 1, a - 1, row + 1 },
					{ row, q + 1, row + 1, q, a - 1, row } };
			memcpy(side, s, sizeof(side));
		}
		delta_centre(a, row, &x, &y);
		b.lat->first[c] = b.nsides;
		b.lat->ca[c] = a;
		b.lat->cb[c] = row;
		b.lat->cx[c] = x;
		b.lat->cy[c] = y;
		for (int d = 0; d < 3; d++) {
			double x0, y0, x1, y1;
			struct mb_wall_shape sh;

			delta_pt(side[d][0], side[d][1], &x0, &y0);
			delta_pt(side[d][2], side[d][3], &x1, &y1);
			sh = segment(x0, y0, x1, y1);
			lattice_add_side(&b, lattice_coord_cell(&ix, side[d][4], side[d][5]), &sh);
		}
	}
	free(ca);
	free(cb);
	free(ix.cell);
	lattice_finish(&b);
	lattice_to_origin(b.g);
	return keep ? lattice_connected_or_error(b.g, "triangle", err) : b.g;
}
