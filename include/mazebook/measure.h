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
 */
#ifndef MAZEBOOK_MEASURE_H
#define MAZEBOOK_MEASURE_H

#include <stdbool.h>

#include "mazebook/maze.h"

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

/* Just the perfect test (cheaper than a full measure). */
bool mb_maze_is_perfect(const struct mb_maze *m);

#endif
