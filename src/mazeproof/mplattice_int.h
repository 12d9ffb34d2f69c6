/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * What the pieces of the lattice reader (mplattice*.c) share: small
 * geometry of each kind's positions (inline: the finders and the judges
 * call it in their inner loops), the lattice builders each finder calls,
 * the outline carving.
 * Not for the rest of mazeproof: mplattice.h is its interface.
 */
#ifndef MAZEPROOF_MPLATTICE_INT_H
#define MAZEPROOF_MPLATTICE_INT_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

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

/* one side of a lattice position: the neighbour's (a, b), its middle's and its ends' keys */
struct pos_side {
	int a, b;
	long long mid, c0, c1;
};

/* what mb_mp_lat_carve_outside is given to walk a kind's positions (each kind has its own) */
typedef long long (*key_fn)(const struct mb_mp_lattice *, double, double);
typedef int (*sides_fn)(const struct mb_mp_lattice *, int, int, struct pos_side *);

/* ---- small geometry of the positions of each kind ---- */

/*
 * The length of (dx, dy): sqrt of the squares, a tenth of hypot's cost
 * and within a unit in the last place of it, which only guards against
 * overflow and underflow, taken for the lengths far from page sizes.
 */
static inline double dist(double dx, double dy)
{
	double d = sqrt(dx * dx + dy * dy);

	return d > 1e-150 && d < 1e150 ? d : hypot(dx, dy);
}

static inline int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static inline double seg_dir(const struct mb_mp_seg *s)
{
	double a = atan2(s->y1 - s->y0, s->x1 - s->x0) * 180 / M_PI;

	a = fmod(a + 360, 180);
	return a;
}

static inline long long pt_key(long i, long j)
{
	return (long long)(i + (1L << 30)) * (1LL << 32) + (long long)(j + (1L << 30));
}


/* page point <-> the frame where the hexagons have vertical sides */
static inline void turn_pt(bool flat, double x, double y, double *u, double *v)
{
	*u = flat ? y : x;
	*v = flat ? x : y;
}

static inline void hex_centre(const struct mb_mp_lattice *l, int a, int b, double *x, double *y)
{
	*x = l->ox + a * sqrt(3) * l->side / 2;
	*y = l->oy + b * 1.5 * l->side;
}

static inline int hex_cell(const struct mb_mp_lattice *l, int a, int b)
{
	if (a < l->amin || a > l->amax || b < l->bmin || b > l->bmax)
		return -1;
	return l->cell_at[(size_t)(b - l->bmin) * (size_t)(l->amax - l->amin + 1) +
			  (size_t)(a - l->amin)];
}

/* the cell of ring q (0: the centre) at angle a */
static inline int polar_cell(const struct mb_mp_lattice *l, int q, double a)
{
	int n;
	double x;

	if (q == 0)
		return 0;
	n = l->ring_n[q];
	x = wrap(a - l->ring_t0[q]) / (TWO_PI / n);
	/* the division it falls in: x is never negative, so the cast is floor (a call) */
	return l->ring_first[q] + (!(x >= 0) ? 0 : x < n ? (int)x : n - 1);
}

/* lattice point (p rows down, q along the 60-degree lines) -> page point */
static inline void delta_pt(const struct mb_mp_lattice *l, double p, double q, double *x,
			    double *y)
{
	*x = l->ox + (2 * q + p) * l->side / 2;
	*y = l->oy + p * l->side * sqrt(3) / 2;
}

static inline void delta_pq(const struct mb_mp_lattice *l, double x, double y, double *p, double *q)
{
	*p = (y - l->oy) / (l->side * sqrt(3) / 2);
	*q = ((x - l->ox) * 2 / l->side - *p) / 2;
}

static inline int floor_div2(int a)
{
	return a >= 0 ? a / 2 : -((1 - a) / 2);
}

/* the triangle's three corners in lattice (p, q), and for each side the neighbour's (a, b) */
static inline void delta_tri(int a, int b, double pq[3][2][2], int nb[3][2])
{
	int Q = floor_div2(a), t = a - 2 * Q, P = b;

	if (t == 0) {	/* pointing down: top, left, right */
		double s[3][2][2] = { { { P, Q }, { P, Q + 1 } }, { { P, Q }, { P + 1, Q } },
				      { { P, Q + 1 }, { P + 1, Q } } };
		int n[3][2] = { { a + 1, b - 1 }, { a - 1, b }, { a + 1, b } };

		memcpy(pq, s, sizeof s);
		memcpy(nb, n, sizeof n);
	} else {	/* pointing up: right, bottom, left */
		double s[3][2][2] = { { { P, Q + 1 }, { P + 1, Q + 1 } }, { { P + 1, Q }, { P + 1, Q + 1 } },
				      { { P, Q + 1 }, { P + 1, Q } } };
		int n[3][2] = { { a + 1, b }, { a - 1, b + 1 }, { a - 1, b } };

		memcpy(pq, s, sizeof s);
		memcpy(nb, n, sizeof n);
	}
}

static inline void delta_centre(const struct mb_mp_lattice *l, int a, int b, double *x, double *y)
{
	int Q = floor_div2(a), t = a - 2 * Q;
	double f = t ? 2.0 / 3 : 1.0 / 3;

	delta_pt(l, b + f, Q + f, x, y);
}

static inline int delta_cell(const struct mb_mp_lattice *l, int a, int b)
{
	if (!l->cell_at || a < l->amin || a > l->amax || b < l->bmin || b > l->bmax)
		return -1;
	return l->cell_at[(size_t)(b - l->bmin) * (size_t)(l->amax - l->amin + 1) +
			  (size_t)(a - l->amin)];
}

/* mplattice.c */
double mb_mp_lat_median(double *v, size_t n);
struct mb_mp_ledge *mb_mp_lat_add_edge(struct mb_mp_lattice *l, int a, int b);
size_t mb_mp_lat_hull(const double *pt, size_t n, double *h);
double mb_mp_lat_inside_by(const double *h, size_t n, double x, double y);

/* mplattice_polar.c */
size_t mb_mp_lat_find_polar(struct mb_mp_page *page, struct mb_mp_lattice ***out, size_t count);

/* mplattice_hex.c */
size_t mb_mp_lat_find_hex(struct mb_mp_page *page, struct mb_mp_lattice ***out, size_t count);

/* mplattice_delta.c */
bool mb_mp_lat_is_delta(const struct mb_mp_page *page, const size_t *g, size_t m);
struct mb_mp_lattice *mb_mp_lat_delta_from(struct mb_mp_page *page, const size_t *idx, size_t n);

/* mplattice_cells.c */
bool mb_mp_lat_outside_at(const struct mb_mp_lattice *l, int a, int b);
void mb_mp_lat_carve_outside(struct mb_mp_lattice *l, const double *pts, size_t n, key_fn key,
			     sides_fn sides);
void mb_mp_lat_number_cells(struct mb_mp_lattice *l);

#endif
