/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Difficulty levels: the grid size and the filter a maze must pass. The
 * numbers are data in specs/levels.def, not constants in the code.
 */
#ifndef MAZEBOOK_LEVEL_H
#define MAZEBOOK_LEVEL_H

#include <stdbool.h>
#include <stddef.h>

#include "mazebook/base/error.h"
#include "mazebook/maze/grid.h"
#include "mazebook/maze/measure.h"

struct mb_level {
	const char *name;
	int w, h;
	double min_route_ratio;
	int min_forks;
	const char *algorithms;	/* what "algorithm: auto" uses, comma-separated */
	int min_shape_squares;	/* a shaped maze's fewest squares (about w * h) */
	const char *shape_algorithms;	/* "auto" on a shape */
};

/* A filter: the thresholds a maze must reach. */
struct mb_filter {
	double min_route_ratio;
	int min_forks;
};

extern const struct mb_level mb_levels[];
extern const size_t mb_level_count;

const struct mb_level *mb_level_find(const char *name);
/* As mb_level_find; an unknown name fails listing the valid ones. */
const struct mb_level *mb_level_lookup(const char *name, struct mb_error *err);

/*
 * A level's size on a graph grid kind (one MB_LEVEL_GRID line of
 * specs/levels.def): polar a = rings; hex and delta a x b on the
 * rectangle outline and side on the hexagon (hex) or triangle (delta)
 * outline; algorithms what "auto" draws from on that kind.
 */
struct mb_level_grid {
	const char *level;
	enum mb_grid_kind kind;
	int a, b, side;
	const char *algorithms;
};

extern const struct mb_level_grid mb_level_grids[];
extern const size_t mb_level_grid_count;

/*
 * The size of level's mazes on a grid of kind and outline, as the grid's
 * constructor takes it: the square grid w x h (rectangle and mask kinds;
 * outline unused); polar a = rings (outline unused, b = 0); hex and delta
 * cols x rows on the rectangle outline, and on the hexagon (hex) or
 * triangle (delta) outline a = its side or rows (b = 0). False (a, b
 * untouched) for an outline the kind has not.
 */
bool mb_level_grid_size(const struct mb_level *level, enum mb_grid_kind kind,
			enum mb_grid_outline outline, int *a, int *b);

/*
 * What "algorithm: auto" draws from for level on kind, comma-separated:
 * the level's algorithms on a rectangle, shape_algorithms on a mask, the
 * kind's MB_LEVEL_GRID list on a graph grid.
 */
const char *mb_level_auto_list(const struct mb_level *level, enum mb_grid_kind kind);

/*
 * A new grid of kind and outline at level's size (mb_level_grid_size);
 * NULL and MB_ERR_INPUT naming the kind and the outlines it has when the
 * outline is not one of them. On the mask kind (which needs a shape) it
 * fails too: use mb_shape_grid.
 */
struct mb_grid *mb_level_grid_new(const struct mb_level *level, enum mb_grid_kind kind,
				  enum mb_grid_outline outline, struct mb_error *err);

void mb_level_filter(const struct mb_level *level, struct mb_filter *filter);

/* Does a maze with these measures pass the filter (and is it perfect)? */
bool mb_filter_pass(const struct mb_filter *filter, const struct mb_measures *ms);

#endif
