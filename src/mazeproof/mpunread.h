/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Drawings that look like mazes and were not read: the guarantee is "every
 * maze on the page was proven, or you are told which was not".
 *
 * After the round, hexagonal, triangular and square readers have taken
 * their lines, the black straight lines left that are not level or upright
 * (a square maze's lines are read or reported by mpmaze.h) are grouped by
 * touching. A group of at least MB_MP_UNREAD_MIN_LINES sides (a line that
 * is a straight run counts as the sides it spans, the side being its
 * shortest line of a point or more) whose
 * directions fall into at most MB_MP_UNREAD_MAX_DIRECTIONS families (the
 * walls of a lattice: a turned square maze has two, a hexagon or triangle
 * maze three) and whose box is at least two of its median lines across is
 * a maze-like drawing that nothing proved; so is a group of at least
 * MB_MP_UNREAD_DENSE_LINES in any directions. Hand-drawn art, lettering
 * drawn as strokes and arrows have fewer lines, or lines in many
 * directions; curves are not counted.
 */
#ifndef MAZEPROOF_MPUNREAD_H
#define MAZEPROOF_MPUNREAD_H

#include <stddef.h>

#include "mplimits.h"
#include "mpread.h"

/* fewer sides than this is no maze (as MB_MP_LAT_MIN_SIDES for the lattices read) */
#define MB_MP_UNREAD_MIN_LINES 12
/*
 * as many lines or more in any directions are a dense drawing, maze-like
 * too (a round maze whose arcs are chains of short chords has hundreds)
 */
#define MB_MP_UNREAD_DENSE_LINES 120
/* lines within this many degrees (mod 180) are one family */
#define MB_MP_UNREAD_ANGLE_DEG 3.0

struct mb_mp_unread {
	double x0, y0, x1, y1;	/* its box, page points, y down */
	size_t lines;
	size_t sides;		/* the lines counted by length: a straight run is the sides it spans */
	int directions;
};

/*
 * The maze-like drawings among the page's black straight lines still
 * marked black that are neither level nor upright; at most max of them in
 * out, the count of all returned.
 */
size_t mb_mp_find_unread(const struct mb_mp_page *page, struct mb_mp_unread *out, size_t max);

#endif
