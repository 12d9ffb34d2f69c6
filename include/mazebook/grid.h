/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * A grid: the immutable graph of cells a maze is carved in. Every cell has
 * four sides (enum mb_dir); each side leads to a neighbour cell or to the
 * rim (the outside). Walls are line segments and cells have centres, in
 * grid units: the lattice square (x, y) spans [x, x+1] x [y, y+1], x
 * growing east and y growing south.
 *
 * Kinds:
 *   MB_GRID_RECT  every square of a W x H lattice is a cell
 *   MB_GRID_MASK  a W x H lattice with squares left out (a silhouette);
 *                 sides towards a left-out square are rim sides
 *
 * Cells are named by their lattice index y * W + x on both kinds, so that
 * the rectangle's index arithmetic (the generators' fast paths) stays
 * valid; mb_grid_cell_at() lists the cells in index order for the code
 * that must draw a uniform cell.
 *
 * A grid is shared by every maze carved in it and reference counted:
 * mb_grid_ref() adds a holder, mb_grid_free() drops one (accepts NULL).
 */
#ifndef MAZEBOOK_GRID_H
#define MAZEBOOK_GRID_H

#include <stdbool.h>
#include <stdint.h>

#include "mazebook/error.h"

#define MB_GRID_MAX_SIDE 200

enum mb_dir { MB_NORTH = 0, MB_EAST = 1, MB_SOUTH = 2, MB_WEST = 3 };

/* dx, dy for each enum mb_dir */
extern const int mb_dir_dx[4];
extern const int mb_dir_dy[4];
/* the opposite direction of each enum mb_dir */
extern const enum mb_dir mb_dir_opposite[4];
/* "top", "right", "bottom", "left": the names the spec's entrance/exit keys take */
extern const char *const mb_dir_side_name[4];

enum mb_grid_kind { MB_GRID_RECT = 0, MB_GRID_MASK = 1 };
/* bits for the sets of kinds a generator supports */
#define MB_KIND_BIT(k) (1u << (k))
#define MB_KINDS_RECT MB_KIND_BIT(MB_GRID_RECT)
#define MB_KINDS_ALL (MB_KIND_BIT(MB_GRID_RECT) | MB_KIND_BIT(MB_GRID_MASK))

/* "rectangle" or "mask" */
const char *mb_grid_kind_name(enum mb_grid_kind kind);

/* One side of one cell; on the rim for an entrance or exit. */
struct mb_side {
	int cell;		/* lattice index */
	enum mb_dir dir;
};

/* A wall as a line segment in grid units. */
struct mb_segment {
	double x0, y0, x1, y1;
};

struct mb_grid {
	enum mb_grid_kind kind;
	int w, h;		/* the lattice */
	int cells;		/* how many squares are cells */
	uint8_t *in;		/* w * h flags, 1 for a cell; NULL on a rectangle */
	int *cell_list;		/* the cells in index order; NULL on a rectangle */
	int refs;
};

/*
 * The W x H rectangle. Sizes outside 1..MB_GRID_MAX_SIDE give NULL and an
 * MB_ERR_INPUT error naming the size and the limit.
 */
struct mb_grid *mb_grid_new_rect(int w, int h, struct mb_error *err);

/*
 * A W x H lattice with the squares whose in[] flag is non-zero as cells
 * (in is copied). At least one cell; NULL and MB_ERR_INPUT otherwise. The
 * mask need not be connected here: mb_shape_check() judges shapes.
 */
struct mb_grid *mb_grid_new_mask(int w, int h, const uint8_t *in, struct mb_error *err);

struct mb_grid *mb_grid_ref(struct mb_grid *g);
void mb_grid_free(struct mb_grid *g);

/* Is (x, y) a cell? False outside the lattice. */
static inline bool mb_grid_is_cell(const struct mb_grid *g, int x, int y)
{
	if (x < 0 || y < 0 || x >= g->w || y >= g->h)
		return false;
	return !g->in || g->in[y * g->w + x];
}

/* The k-th cell (0 <= k < g->cells) in index order. */
static inline int mb_grid_cell_at(const struct mb_grid *g, int k)
{
	return g->cell_list ? g->cell_list[k] : k;
}

/* The cell beyond side dir of cell i, or -1 when that side is on the rim. */
int mb_grid_neighbour(const struct mb_grid *g, int i, enum mb_dir dir);

/* Is side dir of cell i on the rim? */
static inline bool mb_grid_is_rim(const struct mb_grid *g, int i, enum mb_dir dir)
{
	return mb_grid_neighbour(g, i, dir) < 0;
}

/* The wall on side dir of cell i, as a segment in grid units. */
void mb_grid_wall(const struct mb_grid *g, int i, enum mb_dir dir, struct mb_segment *out);

/* The centre of cell i in grid units. */
void mb_grid_centre(const struct mb_grid *g, int i, double *x, double *y);

/* Number of rim sides (the outer wall's length in sides). */
long mb_grid_rim_sides(const struct mb_grid *g);

/*
 * The fewest cells a walk from cell a to cell b visits with every wall
 * open, both counted (the route ratio's denominator): |dx| + |dy| + 1 on
 * a rectangle; a breadth-first search over the cells otherwise. 0 when b
 * cannot be reached.
 */
int mb_grid_shortest_walk(const struct mb_grid *g, int a, int b);

/*
 * The default entrance and exit: on a rectangle the top of (0, 0) and the
 * bottom of (W-1, H-1); on a mask the top side of a cell in the top row
 * and the bottom side of one in the bottom row whose cells lie farthest
 * apart by walk (every wall open), ties going to the first in index order
 * (so START and FINISH print over and under the maze, clear of it).
 */
void mb_grid_default_gaps(const struct mb_grid *g, struct mb_side *entrance,
			  struct mb_side *exit);

/*
 * The rim side of g named by side ("top", "bottom", "left", "right"): the
 * rim side facing that way whose cell is farthest along it (topmost, then
 * the middle one of that row...). Fails with MB_ERR_INPUT naming the valid
 * names when side is unknown.
 */
enum mb_status mb_grid_named_gap(const struct mb_grid *g, const char *side,
				 struct mb_side *out, struct mb_error *err);

#endif
