/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * What the pieces of the lattice reader (mplattice*.c) share: small
 * geometry, the lattice builders each finder calls, the outline carving.
 * Not for the rest of mazeproof: mplattice.h is its interface.
 */
#ifndef MAZEPROOF_MPLATTICE_INT_H
#define MAZEPROOF_MPLATTICE_INT_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#include "mplattice.h"
#include "mpmaze.h"

#define TWO_PI (2.0 * M_PI)

static inline double wrap(double a)
{
	/*
	 * Angles within a turn of [0, 2 pi) (nearly all that come) without
	 * fmod, ten times the cost: the same values, fmod being exact and so
	 * a - 2 pi for a in [2 pi, 4 pi) (Sterbenz).
	 */
	if (a >= 0 && a < TWO_PI)
		return a;
	if (a >= TWO_PI && a < 2 * TWO_PI)
		return a - TWO_PI;
	if (a < 0 && a > -TWO_PI)
		return a + TWO_PI;
	a = fmod(a, TWO_PI);
	return a < 0 ? a + TWO_PI : a;
}

/* the six neighbours of a hexagon (a, b): a counts half-columns, b rows */
static const int HEX_DIR[6][2] = { { 2, 0 }, { 1, 1 }, { -1, 1 }, { -2, 0 }, { -1, -1 }, { 1, -1 } };

/* a lattice position's sides (mplattice_cells.c), and what carve_outside is given to walk them */
struct pos_side;
typedef long long (*key_fn)(const struct mb_mp_lattice *, double, double);
typedef int (*sides_fn)(const struct mb_mp_lattice *, int, int, struct pos_side *);

/* mplattice.c */
void append_why(char *buf, size_t len, const char *what);
int find_root(int *p, int i);

#endif
