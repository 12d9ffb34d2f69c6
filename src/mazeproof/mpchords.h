/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Arcs drawn as chains of short straight chords, read as the arcs they are.
 *
 * Many generators and plotting libraries draw a circle as a polyline.
 * Before the round mazes are looked for, each run of black straight lines
 * of one stroked path, each starting where the last ended, of at least
 * MB_MP_CHORDS_MIN pieces, turning the same way by a steady small angle
 * (at most MB_MP_CHORDS_MAX_TURN_DEG a piece), whose vertices all lie on
 * one circle (within a quarter of the pen, at least 0.05 pt), becomes a
 * curve (a Bezier piece of at most a quarter turn each) on that circle,
 * and its lines are taken off the black lines. What is not such a chain is
 * left as it was.
 */
#ifndef MAZEPROOF_MPCHORDS_H
#define MAZEPROOF_MPCHORDS_H

#include "mplimits.h"
#include "mpread.h"

/* fewer chords than this are a bend, not an arc */
#define MB_MP_CHORDS_MIN 3

/* Read the page's chord chains as arcs; returns how many arcs were made. */
size_t mb_mp_arcs_from_chords(struct mb_mp_page *page);

#endif
