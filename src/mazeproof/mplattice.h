/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Circular (polar) and hexagonal mazes, read from the page alone.
 *
 * Polar: black stroked curves whose fitted circles share a centre are the
 * arc walls of one maze; their radii are whole multiples of one ring width
 * (the centre cell's radius), the largest is the rim. Straight black
 * segments pointing at the centre are radial walls; each ring's division
 * into equal cells is read from its walls, no rule assumed: the coarsest
 * division its radial walls and the stops of the arc ink on its inner
 * circle (that the ring inside does not explain) all sit on, so every
 * stroke covers whole wall positions; a rule only breaks a tie (walls of
 * fewer than two angles, or a divisor of the inner ring's count), named in
 * division (a ring whose walls fit no equal division is a problem). Cells
 * are (ring, k); k counts from the first radial wall of the ring.
 *
 * Hexagonal: straight black segments in three directions 60 degrees apart
 * (vertical sides, pointy-top hexagons in offset rows; or horizontal ones,
 * flat-top, read as the same turned), all of one length s (the side).
 * Cells are the lattice's hexagons whose centres lie inside the convex
 * hull of the walls, less those a flood from outside reaches through
 * undrawn sides without entering a position that could be a cell of a
 * working maze (so any outline: a rectangle, a hexagon, a heart; see
 * carve_outside in mplattice.c).
 *
 * Triangular (delta): straight black segments in three directions 60
 * degrees apart, one of them horizontal, on a triangular lattice of side s
 * (rows of alternating up and down triangles, h = s sqrt(3) / 2 high); told
 * from flat-top hexagons (the same directions) by sides that run straight
 * on through a vertex, which hexagon sides never do. Cells are the
 * triangles whose centres lie inside the convex hull of the walls, less
 * the outside ones as for hexagons (a big triangle, a rectangle of rows
 * with ragged ends, a heart).
 *
 * Either way the lattice gives every wall position (an arc, a radial
 * segment, a hexagon side) and the walls are judged from the black lines
 * (mb_mp_lat_judge_lines) when nothing else paints there, else from the
 * printed page (mb_mp_lat_judge_ink): a position is a wall when strokes
 * or ink cover it all along its middle. Then the same proof as for squares.
 */
#ifndef MAZEPROOF_MPLATTICE_H
#define MAZEPROOF_MPLATTICE_H

#include <stdbool.h>
#include <stddef.h>

#include "mplimits.h"
#include "mpraster.h"
#include "mpread.h"

/* fewest arc pieces / hexagon sides that make a drawing a maze */
#define MB_MP_LAT_MIN_CURVES 6
#define MB_MP_LAT_MIN_SIDES 12
/* a line shorter than this is no side of a maze: it does not set the side length counted in */
#define MB_MP_LAT_MIN_SIDE_PT 1.0

enum mb_mp_lat_kind { MB_MP_LAT_POLAR = 1, MB_MP_LAT_HEX = 2, MB_MP_LAT_DELTA = 3 };

/* one wall position: between cells a and b (b == -1: the rim) */
struct mb_mp_ledge {
	int a, b;
	bool arc;		/* an arc (cx, cy, r, t0..t1) or a segment (x0, y0)-(x1, y1) */
	bool wall;		/* ink all along its middle */
	/* one or the other (a round maze of 34 rings has 7000 positions, kept for every maze) */
	union {
		struct {
			double x0, y0, x1, y1;	/* segment ends (page points) */
		};
		struct {
			double r, t0, t1;	/* arc radius and angles (radians, y down) */
		};
	};
};

struct mb_mp_lattice {
	enum mb_mp_lat_kind kind;
	int page;
	char grid[48];		/* "polar 7 rings", "hex 12x13", "delta 15x8", "delta triangle 9 rows" */
	double x0, y0, x1, y1;	/* its box, page points */
	double pen_pt;
	/* polar */
	double cx, cy, ring_pt;
	int rings;		/* rings of cells counting the centre cell: the rim's radius is rings * ring_pt */
	int *ring_n, *ring_first;
	double *ring_t0;
	unsigned char *ring_by;	/* each ring's count read from its walls (0) or set by a rule */
	char division[160];	/* how the rings were divided, "" for the usual (doubling, from the walls) */
	/* hex: centres (ox, oy) + (a w/2, b 1.5 s), a + b even, in the turned frame when flat;
	 * delta: (ox, oy) a vertex, b the row of triangles, a = 2 q + (0 pointing down, 1 up) */
	double side, ox, oy;
	bool flat;
	int amin, amax, bmin, bmax;
	int *cell_at;		/* (b - bmin) * (amax - amin + 1) + (a - amin) -> cell, or -1 */
	int *cell_a, *cell_b;
	int ncells;
	struct mb_mp_ledge *edges;
	size_t nedges, cap_edges;
	/* a drawn route: its points, and the painting operations that draw it */
	double *route_xy;
	size_t nroute, cap_route;
	int *route_ops;
	size_t nroute_ops, cap_route_ops;
	bool solution;
	char problem[240];	/* why it cannot be read, "" when it can */
};

/*
 * Find the polar and hex mazes on page; the segments they use are taken
 * off the page (set non-black), so the square reader does not see them.
 * Returns how many, in a new array *out of new lattices.
 */
size_t mb_mp_find_lattices(struct mb_mp_page *page, struct mb_mp_lattice ***out);
/* Judge every wall position from the rendering img (which leaves the route out). */
void mb_mp_lat_judge_ink(struct mb_mp_lattice *lat, const struct mb_mp_image *img);
/*
 * Judge every wall position from the page's black lines instead (was_black:
 * each segment's black flag before mb_mp_find_lattices took the lattices'
 * own): a position is a wall when strokes on its line or circle cover its
 * middle part. False, the walls untouched, when the lines cannot say: a
 * black line in the box that lies along no wall position (across a
 * corridor, or another drawing's), a thin or dashed one, a position only
 * partly covered. Whatever else paints in the box is the caller's to rule
 * out (mazeproof.c: the rendering judges those).
 */
bool mb_mp_lat_judge_lines(struct mb_mp_lattice *lat, const struct mb_mp_page *page,
			   const bool *was_black);
/* Free the arrays mb_mp_lat_judge_lines keeps from maze to maze (this thread's). */
void mb_mp_lat_lines_release(void);
/* The cell at page point (x, y), -1 outside the maze. */
int mb_mp_lat_cell_at(const struct mb_mp_lattice *lat, double x, double y);
/* "ring 3 cell 5", "the centre", "hexagon (4,2)" */
void mb_mp_lat_cell_name(const struct mb_mp_lattice *lat, int cell, char *buf, size_t len);

struct mb_mp_lat_proof {
	bool ok;
	int entrance, exit;	/* cells */
	size_t ngaps;
	long openings, unreachable;
	long routes;		/* 1 when ok */
	int *route;		/* cells from entrance to exit */
	size_t route_len;
	char why[500];
};

void mb_mp_lat_prove(const struct mb_mp_lattice *lat, struct mb_mp_lat_proof *proof);
void mb_mp_lat_proof_release(struct mb_mp_lat_proof *proof);
/* Do copy's walls equal puzzle's? */
bool mb_mp_lat_same_walls(const struct mb_mp_lattice *a, const struct mb_mp_lattice *b);
/*
 * Check copy's drawn route against puzzle (proved ok): the same walls, and
 * the route goes cell to cell through openings from the entrance to the
 * exit along the one route. Returns true if so, else says why.
 */
bool mb_mp_lat_check_solution(const struct mb_mp_lattice *puzzle,
			      const struct mb_mp_lat_proof *proof,
			      const struct mb_mp_lattice *copy, char *why, size_t whylen);
void mb_mp_lat_free(struct mb_mp_lattice *lat);

#endif
