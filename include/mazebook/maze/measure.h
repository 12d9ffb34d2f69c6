/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The solver and the measures of a maze, defined exactly:
 *
 *   entrance     a rim side (on a rectangle the top side of square (0, 0));
 *                exit: another (the bottom side of square (W-1, H-1))
 *   squares      the grid's cells (W x H on a rectangle)
 *   openings     of a square: its open sides, the entrance and exit gaps
 *                included (so a solver standing on it has openings - 1
 *                ways on)
 *   perfect      open inner walls == squares - 1 and every square is
 *                reachable from the entrance square
 *   route        the squares on the path from the entrance square to the
 *                exit square, both counted (the shortest path when the
 *                maze is not perfect)
 *   shortest walk
 *                the fewest squares a walk from the entrance square to the
 *                exit square visits with every wall open (W + H - 1 on a
 *                rectangle)
 *   route ratio  route / shortest walk: 1.0 is a walk with no detour
 *   forks        route squares with three or more openings (degree >= 3)
 *   dead ends    squares with exactly one opening; share = dead ends / squares
 *   turns        steps along the route whose heading makes a non-zero
 *                angle with the step before, walking in through the
 *                entrance (on a rectangle heading south) and out through
 *                the exit (on a rectangle heading south)
 *   longest dead-end branch
 *                the most squares one can walk away from the route before
 *                being stopped (0 when every square is on the route)
 *   route share  route / squares
 *
 * The difficulty score (issue 14: "order: ramp" sorts by it, the manifest
 * shows it) puts the four measures that make a maze hard to solve on one
 * scale from 0 to 100:
 *
 *   score = 100 * (0.40 R + 0.25 F + 0.20 D + 0.15 T)
 *
 *   R = route / (route + 120)                 the walk itself
 *   F = forks / (forks + 15)                  the choices on the way
 *   D = longest dead-end branch / (that + 25) how far a wrong turn leads
 *   T = turns / (turns + 60)                  how winding the route is
 *
 * Each term x / (x + ref) grows with its measure, is 0 at 0 and never
 * reaches 1, so no measure is cut off and no clamp is needed; the refs are
 * about a medium maze's (16x20: a route of 120 squares, 15 forks, a 25
 * square dead end, 60 turns), where each term is one half. Bigger grids
 * score higher, though the levels overlap: 100 mazes of each level on
 * 8.5x11 (seed 8) scored easy 27-41 (median 34), medium 38-58 (47), hard
 * 50-76 (59), expert 60-74 (65).
 */
#ifndef MAZEBOOK_MEASURE_H
#define MAZEBOOK_MEASURE_H

#include <stdbool.h>

#include "mazebook/maze/maze.h"

struct mb_measures {
	int w, h;
	long squares;
	long openings;		/* open inner walls */
	long reachable;		/* squares reachable from the entrance square */
	bool perfect;
	int route;		/* squares on the route; 0 if the exit is unreachable */
	int shortest_walk;	/* route ratio's denominator */
	double route_ratio;
	int forks;
	long dead_ends;
	double dead_end_share;
	int turns;
	int longest_dead_end;
	double route_share;
};

/*
 * The route from the entrance square to the exit square as square indices
 * (y * W + x) in walking order, written to route (room for w * h entries).
 * Returns its length, or 0 when the exit cannot be reached.
 */
int mb_maze_route(const struct mb_maze *m, int *route);

/* Every measure above. */
void mb_maze_measure(const struct mb_maze *m, struct mb_measures *out);

#define MB_DIFFICULTY_ROUTE_REF 120.0
#define MB_DIFFICULTY_FORKS_REF 15.0
#define MB_DIFFICULTY_DEAD_END_REF 25.0
#define MB_DIFFICULTY_TURNS_REF 60.0

/* The difficulty score above, 0 (inclusive) to 100 (exclusive). */
double mb_difficulty_score(const struct mb_measures *ms);

/* Just the perfect test (cheaper than a full measure). */
bool mb_maze_is_perfect(const struct mb_maze *m);

#endif
