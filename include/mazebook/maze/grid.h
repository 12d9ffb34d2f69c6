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
 *   MB_GRID_POLAR rings of cells around a centre cell (a circular maze)
 *   MB_GRID_HEX   pointy-top hexagons in offset rows (sigma)
 *   MB_GRID_DELTA up and down triangles in rows (delta)
 *
 * On the two square kinds cells are named by their lattice index y * W + x,
 * so that the rectangle's index arithmetic (the generators' fast paths)
 * stays valid; mb_grid_cell_at() lists the cells in index order for the
 * code that must draw a uniform cell.
 *
 * The other three are graph grids (mb_grid_is_graph): an explicit table
 * of every cell's sides (struct mb_lattice), each side leading to a
 * neighbour through an inner wall or to the rim, with every wall's shape
 * (a segment, or an arc about the origin on a polar grid) and every cell's
 * centre in grid units. Their cells are numbered 0..cells-1 and their
 * "lattice" is one row of them (w = cells, h = 1), so that any buffer of
 * w * h per-cell entries fits; a side is named by its index in the cell's
 * side list (struct mb_side.dir holds it), never by a compass direction.
 *
 * A grid is shared by every maze carved in it and reference counted:
 * mb_grid_ref() adds a holder, mb_grid_free() drops one (accepts NULL).
 */
#ifndef MAZEBOOK_GRID_H
#define MAZEBOOK_GRID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mazebook/base/error.h"
#include "mazebook/base/limits.h"

enum mb_dir { MB_NORTH = 0, MB_EAST = 1, MB_SOUTH = 2, MB_WEST = 3 };

/* dx, dy for each enum mb_dir */
extern const int mb_dir_dx[4];
extern const int mb_dir_dy[4];
/* the opposite direction of each enum mb_dir */
extern const enum mb_dir mb_dir_opposite[4];
/* "top", "right", "bottom", "left": the names the spec's entrance/exit keys take */
extern const char *const mb_dir_side_name[4];

enum mb_grid_kind {
	MB_GRID_RECT = 0,
	MB_GRID_MASK = 1,
	MB_GRID_POLAR = 2,
	MB_GRID_HEX = 3,
	MB_GRID_DELTA = 4,
};
#define MB_GRID_KINDS 5
/* bits for the sets of kinds a generator supports */
#define MB_KIND_BIT(k) (1u << (k))
#define MB_KINDS_RECT MB_KIND_BIT(MB_GRID_RECT)
#define MB_KINDS_SQUARE (MB_KIND_BIT(MB_GRID_RECT) | MB_KIND_BIT(MB_GRID_MASK))
#define MB_KINDS_ALL (MB_KINDS_SQUARE | MB_KIND_BIT(MB_GRID_POLAR) | \
		      MB_KIND_BIT(MB_GRID_HEX) | MB_KIND_BIT(MB_GRID_DELTA))

/* "rectangle", "mask", "polar", "hex" or "delta" */
const char *mb_grid_kind_name(enum mb_grid_kind kind);

/*
 * The outline of a hex or delta grid: the page's rectangle (rows of equal
 * length) or a hexagon (hex) or a triangle pointing up (delta).
 */
enum mb_grid_outline {
	MB_OUTLINE_RECTANGLE = 0,
	MB_OUTLINE_HEXAGON = 1,
	MB_OUTLINE_TRIANGLE = 2,
};
/* "rectangle", "hexagon" or "triangle" */
const char *mb_grid_outline_name(enum mb_grid_outline outline);

/*
 * The side of a graph grid's exit that is no side at all: a polar maze
 * whose way out is its centre cell (exit: centre).
 */
#define MB_SIDE_INSIDE ((enum mb_dir)-1)

/*
 * One side of one cell; on the rim for an entrance or exit. On a graph
 * grid dir is the side's index in the cell's list (or MB_SIDE_INSIDE).
 */
struct mb_side {
	int cell;		/* lattice index; on a graph grid the cell number */
	enum mb_dir dir;
};

/* A wall as a line segment in grid units. */
struct mb_segment {
	double x0, y0, x1, y1;
};

/*
 * A wall's shape in grid units: a segment, or (arc) the part of the
 * circle of radius r about the origin from angle a0 to a1 (radians,
 * a0 < a1, growing from +x towards +y: clockwise as printed, y south).
 */
struct mb_wall_shape {
	bool arc;
	struct mb_segment seg;	/* the segment, or the arc's end points */
	double r, a0, a1;
};

/* One side of a graph grid's cell. */
struct mb_grid_side {
	int nb;			/* the neighbour beyond it, -1 on the rim */
	int wall;		/* its inner wall's number, or its rim side's */
};

/* The tables of a graph grid (polar, hex, delta); see the top of this file. */
struct mb_lattice {
	int *first;			/* cells + 1: c's sides are sides[first[c]..first[c+1]) */
	struct mb_grid_side *sides;
	int walls;			/* inner walls, each once */
	int (*wall_cells)[2];		/* the two cells of each, lower number first */
	struct mb_wall_shape *wall_shape;
	int rims;			/* rim sides */
	struct mb_side *rim_side;	/* each one's cell and side index */
	struct mb_wall_shape *rim_shape;
	double *cx, *cy;		/* cell centres */
	double x0, y0, x1, y1;		/* the bounding box of every wall */
	/*
	 * The smallest printed feature, in grid units: the narrowest
	 * corridor or the shortest wall, whichever is less (the layout's
	 * print limits scale it to points).
	 */
	double min_feature;
	/* polar: rings (the centre cell is ring 0), each one's first cell and count */
	int rings;
	int *ring_first, *ring_count;
	/* hex and delta: the size asked for and the outline */
	int cols, rows;
	enum mb_grid_outline outline;
	/* each cell's own coordinates, for names and the canonical form */
	int *ca, *cb;
};

struct mb_grid {
	enum mb_grid_kind kind;
	int w, h;		/* the lattice; cells x 1 on a graph grid */
	int cells;		/* how many squares are cells */
	uint8_t *in;		/* w * h flags, 1 for a cell; NULL on a rectangle */
	int *cell_list;		/* the cells in index order; NULL on a rectangle */
	struct mb_lattice *lat;	/* a graph grid's tables; NULL on the square kinds */
	_Atomic int refs;	/* atomic: a book's mazes are searched in several threads */
};

/*
 * A polar grid of rings rings (1..MB_POLAR_MAX_RINGS; the centre cell is
 * the first): ring r > 0 spans radii r..r+1 and has the previous ring's
 * count times round(2 pi r / previous count) cells, ring 1 six; cell k of
 * ring r spans the angles 2 pi k / n .. 2 pi (k + 1) / n. Cells are
 * numbered ring by ring from the centre.
 */
struct mb_grid *mb_grid_new_polar(int rings, struct mb_error *err);

/*
 * Which cells a silhouette keeps: called with a cell centre as fractions
 * (0..1) of the whole outline's box of cell centres, x east and y south.
 */
typedef bool (*mb_grid_mask_fn)(void *ctx, double fx, double fy);

/*
 * A hex grid of pointy-top hexagons of side 1 in rows 1.5 apart: cols x
 * rows (rectangle; odd rows shifted right by half a hexagon), or the
 * hexagon with cols cells on each side (hexagon; rows unused). keep, if
 * not NULL, leaves out the cells it refuses (a heart of hexagons); at
 * least one cell must stay. Sizes 1..MB_LATTICE_MAX_SIDE.
 */
struct mb_grid *mb_grid_new_hex(int cols, int rows, enum mb_grid_outline outline,
				mb_grid_mask_fn keep, void *ctx, struct mb_error *err);

/*
 * A delta grid: rows of triangles of side 1, up and down in turn: cols
 * triangles in each of rows rows (rectangle; the rows' ends zigzag), or
 * the triangle pointing up with rows rows (triangle; row b has 2 b + 1
 * triangles, cols unused). keep as for hex grids.
 */
struct mb_grid *mb_grid_new_delta(int cols, int rows, enum mb_grid_outline outline,
				  mb_grid_mask_fn keep, void *ctx, struct mb_error *err);

/* The most sides a cell of any grid has. */
#define MB_GRID_MAX_DEGREE 8

/* Is g a graph grid (polar, hex, delta) with explicit side tables? */
static inline bool mb_grid_is_graph(const struct mb_grid *g)
{
	return g->lat != NULL;
}

/* How many sides cell c has (4 on the square kinds). */
static inline int mb_grid_degree(const struct mb_grid *g, int c)
{
	return g->lat ? g->lat->first[c + 1] - g->lat->first[c] : 4;
}

/* The k-th side of a graph grid's cell c. */
static inline const struct mb_grid_side *mb_grid_side_at(const struct mb_grid *g, int c, int k)
{
	return &g->lat->sides[g->lat->first[c] + k];
}

/*
 * A short description of g's shape and size, into buf: "16x20",
 * "mask 16x20 (250 cells)", "polar 12 rings", "hex 12x13",
 * "hex hexagon 5", "delta 20x10", "delta triangle 12".
 */
void mb_grid_describe(const struct mb_grid *g, char *buf, size_t size);

/* The bounds of every wall in grid units (0, 0, w, h on the square kinds). */
void mb_grid_bounds(const struct mb_grid *g, double *x0, double *y0, double *x1, double *y1);

/* The shape of the wall on side dir of cell i (a segment on the square kinds). */
void mb_grid_wall_shape(const struct mb_grid *g, int i, enum mb_dir dir,
			struct mb_wall_shape *out);

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

/* Frees a graph grid's tables (mb_grid_free's part; accepts NULL). */
void mb_lattice_free(struct mb_lattice *lat);

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

/* The wall on side dir of cell i, as a segment in grid units (square kinds; an
 * arc's chord on a polar grid: use mb_grid_wall_shape to draw). */
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
 * The default entrance and exit. On a polar grid the rim side at the top
 * and the centre cell (MB_SIDE_INSIDE); on hex and delta grids as on a
 * mask, with the top and bottom rim sides by their midpoints. On a rectangle the top of (0, 0) and the
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
 * the middle one of that row...); on a graph grid the rim side whose
 * midpoint lies farthest that way, the middle one of a tie. "centre" names
 * a polar grid's centre cell (its side MB_SIDE_INSIDE), for an exit. Fails
 * with MB_ERR_INPUT naming the valid names when side is unknown.
 */
enum mb_status mb_grid_named_gap(const struct mb_grid *g, const char *side,
				 struct mb_side *out, struct mb_error *err);

#endif
