/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * A maze: the set of open walls over a grid (include/mazebook/maze/grid.h),
 * plus its entrance and exit, two rim sides. Cells are lattice squares
 * (x, y), x growing east and y south, index y * W + x. Each inner wall is
 * stored once, as a bit in the square to its west or north: 1 byte per
 * lattice square. On a rectangle the entrance is the top side of (0, 0)
 * and the exit the bottom side of (W-1, H-1); on a mask they are the
 * grid's default gaps unless set (mb_maze_set_gaps).
 */
#ifndef MAZEBOOK_MAZE_H
#define MAZEBOOK_MAZE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mazebook/base/error.h"
#include "mazebook/maze/grid.h"

#define MB_MAZE_MAX_SIDE MB_GRID_MAX_SIDE

/* bits of mb_maze.open[i] */
#define MB_OPEN_EAST 1u
#define MB_OPEN_SOUTH 2u

/*
 * On a graph grid (polar, hex, delta) open holds one byte per inner wall,
 * in the grid's wall order, non-zero when the wall is open; w and h are
 * the grid's (cells x 1), and every function here takes "square (x, y)"
 * as cell x of row 0.
 */
struct mb_maze {
	int w, h;		/* the grid's lattice */
	uint8_t *open;		/* w * h bytes of MB_OPEN_* bits; 0 outside the cells */
	struct mb_grid *grid;	/* shared, one reference held */
	struct mb_side entrance, exit;
};

/*
 * A new maze with every inner wall closed. Sizes outside 1..MB_MAZE_MAX_SIDE
 * give NULL and an MB_ERR_INPUT error that names the size and the limit.
 */
struct mb_maze *mb_maze_new(int w, int h, struct mb_error *err);
/* A new maze over grid (a reference is taken), walls closed, default gaps. */
struct mb_maze *mb_maze_new_on(struct mb_grid *grid);
/* Accepts NULL. */
void mb_maze_free(struct mb_maze *m);
struct mb_maze *mb_maze_copy(const struct mb_maze *m);
/* The bytes open holds: w * h, or the walls of a graph grid. */
size_t mb_maze_open_size(const struct mb_maze *m);

/* Is side dir of cell c open (any grid kind)? */
bool mb_maze_is_open(const struct mb_maze *m, int x, int y, enum mb_dir dir);
static inline bool mb_maze_side_open(const struct mb_maze *m, int c, enum mb_dir dir)
{
	return mb_maze_is_open(m, c % m->w, c / m->w, dir);
}

/* Close every inner wall again. */
void mb_maze_reset(struct mb_maze *m);
bool mb_maze_equal(const struct mb_maze *a, const struct mb_maze *b);

/* Is (x, y) inside the lattice? */
static inline bool mb_maze_inside(const struct mb_maze *m, int x, int y)
{
	return x >= 0 && y >= 0 && x < m->w && y < m->h;
}

/* Is (x, y) a cell of the maze's grid (always, inside a rectangle)? */
static inline bool mb_maze_is_cell(const struct mb_maze *m, int x, int y)
{
	return mb_grid_is_cell(m->grid, x, y);
}

/* How many cells (w * h on a rectangle). */
static inline int mb_maze_cells(const struct mb_maze *m)
{
	return m->grid->cells;
}

/* Is the maze carved in a rectangle (no squares left out)? */
static inline bool mb_maze_is_rect(const struct mb_maze *m)
{
	return m->grid->kind == MB_GRID_RECT;
}

/*
 * Set the entrance and exit; each must be a rim side of a cell, and they
 * must differ (MB_ERR_INPUT naming the side otherwise).
 */
enum mb_status mb_maze_set_gaps(struct mb_maze *m, struct mb_side entrance,
				struct mb_side exit, struct mb_error *err);

/* Is side dir of cell i the entrance or the exit? */
static inline bool mb_maze_is_gap(const struct mb_maze *m, int i, enum mb_dir dir)
{
	return (m->entrance.cell == i && m->entrance.dir == dir) ||
	       (m->exit.cell == i && m->exit.dir == dir);
}

/*
 * Is the side dir of square (x, y) open? Rim sides are closed, but for
 * the entrance and exit gaps. (x, y) must be inside; a square outside the
 * cells has every side closed.
 */
bool mb_maze_is_open(const struct mb_maze *m, int x, int y, enum mb_dir dir);

/*
 * Open or close the wall on side dir of (x, y); both it and the square on
 * that side must be cells (BUG() otherwise).
 */
void mb_maze_set_open(struct mb_maze *m, int x, int y, enum mb_dir dir, bool open);

/*
 * Is there a wall on the lattice line y (0..h) between x and x + 1 (the
 * north side of (x, y), or the south side of (x, y - 1))? A wall is
 * printed wherever a cell's side is closed: an inner wall, or the rim but
 * for its gaps. Between two squares outside the cells there is none. The
 * one wall test every drawing of a maze uses.
 */
bool mb_maze_wall_h(const struct mb_maze *m, int x, int y);
/* The same for the lattice column x (0..w) between y and y + 1 (west side of (x, y)). */
bool mb_maze_wall_v(const struct mb_maze *m, int x, int y);

/*
 * The point beyond the entrance (exit false) or the exit gap, in grid
 * units: the gap's cell centre moved beyond squares out through the gap
 * (0.5: the gap's midpoint; a route is drawn from and to such points).
 */
void mb_maze_gap_point(const struct mb_maze *m, bool exit, double beyond, double *x, double *y);

/* Open the wall between two squares given by index; they must be adjacent. */
void mb_maze_link(struct mb_maze *m, int a, int b);

/* Number of open sides of (x, y), the entrance and exit gaps included. */
int mb_maze_degree(const struct mb_maze *m, int x, int y);

/* Number of open inner walls. A perfect maze has cells - 1. */
long mb_maze_openings(const struct mb_maze *m);

/*
 * Parse a size "WxH" (also "W×H" is not accepted: ASCII x or X only).
 * On error returns MB_ERR_INPUT with a message naming the text and the
 * valid range.
 */
enum mb_status mb_maze_parse_size(const char *text, int *w, int *h, struct mb_error *err);

#endif
