/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The proof on a rebuilt wall set. The entrance and the exit are found, not
 * assumed: every missing piece of the outer wall is a gap, and a maze must
 * have exactly two (the first in the order top, left, right, bottom is the
 * entrance). Then: every square reachable from the entrance, openings ==
 * squares - 1 (a spanning tree, so no loop), and an exhaustive depth-first
 * enumeration of simple paths from the entrance square to the exit square
 * that finds exactly one. A solution copy must have the same walls and its
 * drawn route must be a simple path from the entrance to the exit that
 * crosses no wall and visits exactly the squares of that one route.
 */
#ifndef MAZEPROOF_MPCHECK_H
#define MAZEPROOF_MPCHECK_H

#include <stdbool.h>
#include <stddef.h>

#include "mplimits.h"
#include "mpmaze.h"


enum mb_mp_side { MB_MP_TOP, MB_MP_LEFT, MB_MP_RIGHT, MB_MP_BOTTOM };

struct mb_mp_gap {
	enum mb_mp_side side;
	int x, y;		/* the square inside the gap */
};

struct mb_mp_proof {
	bool ok;
	size_t ngaps;
	struct mb_mp_gap gaps[4];	/* the first four found */
	long squares, openings, unreachable;
	long routes;		/* 0, 1 or 2 (two or more); -1 when the search gave up */
	int *route;		/* squares (y * w + x) of the one route, entrance first */
	size_t route_len;
	char why[400];		/* failures, "; "-separated, "" when ok */
};

/*
 * Prove m (which must have w > 0). With corners, the entrance must also be
 * the top of (0,0) and the exit the bottom of (w-1,h-1), where the book
 * prints START and FINISH. Release proof with mb_mp_proof_release.
 */
void mb_mp_prove(const struct mb_mp_maze *m, bool corners, struct mb_mp_proof *proof);
void mb_mp_proof_release(struct mb_mp_proof *proof);

/*
 * Check a solution copy against the puzzle it copies and the puzzle's proof
 * (which must be ok). Returns true when it matches; otherwise writes what
 * is wrong into why.
 */
bool mb_mp_check_solution(const struct mb_mp_maze *puzzle, const struct mb_mp_proof *proof,
			  const struct mb_mp_maze *copy, char *why, size_t whylen);

/* "top of (3,0)" */
void mb_mp_gap_name(const struct mb_mp_gap *g, char *buf, size_t len);

#endif
