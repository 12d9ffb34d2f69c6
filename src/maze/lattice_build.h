/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * What the graph grids' constructors (src/maze/grid_polar.c, grid_hex.c,
 * grid_delta.c) share, private to src/maze: a grid built side by side
 * (grid_lattice.c numbers the walls and takes the bounds), the wall
 * shapes, the (a, b) index of the hex and delta lattices and their
 * checks. The order the sides are added in is part of every maze's
 * recipe (see grid_lattice.c).
 */
#ifndef MAZEBOOK_MAZE_LATTICE_BUILD_H
#define MAZEBOOK_MAZE_LATTICE_BUILD_H

#include <math.h>
#include <stdbool.h>

#include "mazebook/base/error.h"
#include "mazebook/maze/grid.h"

#define PI 3.14159265358979323846
#define SQRT3 1.73205080756887729353

/* a grid under construction: sides appended cell by cell */
struct build {
	struct mb_grid *g;
	struct mb_lattice *lat;
	int nsides, cap;
	struct mb_wall_shape *shape;	/* per side, until finish() sorts them out */
};

static inline struct mb_wall_shape segment(double x0, double y0, double x1, double y1)
{
	return (struct mb_wall_shape){ false, { x0, y0, x1, y1 }, 0, 0, 0 };
}

static inline struct mb_wall_shape arc(double r, double a0, double a1)
{
	return (struct mb_wall_shape){
		true, { r * cos(a0), r * sin(a0), r * cos(a1), r * sin(a1) }, r, a0, a1
	};
}

/* a new grid of kind with cells cells, no sides yet */
struct build lattice_build_start(enum mb_grid_kind kind, int cells);
/* the next side of the cell being built: neighbour nb (-1: the rim) behind a wall of shape */
void lattice_add_side(struct build *b, int nb, const struct mb_wall_shape *shape);
/* number the walls and rim sides, take the bounds; the sides are all in */
struct mb_grid *lattice_finish(struct build *b);

/* (a, b) -> cell number over a box of coordinates; -1 for none */
struct coord_index {
	int a0, b0, wa, hb;
	int *cell;
};

int lattice_coord_cell(const struct coord_index *ix, int a, int b);
/*
 * The cells of a candidate list (a, b) sorted by row then a, those keep
 * refuses left out; centres from centre(). Fills ix and returns how many.
 */
int lattice_pick_cells(int *ca, int *cb, int n, void (*centre)(int, int, double *, double *),
		       mb_grid_mask_fn keep, void *ctx, struct coord_index *ix);
/* a what ("hex") grid of cols x rows within MB_LATTICE_MAX_SIDE; else false and err */
bool lattice_size_ok(const char *what, int cols, int rows, struct mb_error *err);
/* move every shape and centre so the bounds start at (0, 0) */
void lattice_to_origin(struct mb_grid *g);
/* NULL, with the error of a shape that left no cell */
struct mb_grid *lattice_empty_error(const char *what, struct mb_error *err);
/* g when in one piece; else NULL and MB_ERR_INPUT naming the parts (g is freed) */
struct mb_grid *lattice_connected_or_error(struct mb_grid *g, const char *what,
					   struct mb_error *err);

#endif
