/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * A lattice's cells: the positions its outline leaves out (carved from the
 * hull), their numbers, the cell at a point and its name.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "mplattice.h"
#include "mplattice_int.h"
#include "mplimits.h"
#include "mpmaze.h"
#include "mputil.h"

/* ---- outlines: the positions the outer wall does not enclose ------------------ */

/*
 * Hex and delta mazes may have any outline (a mask of cells: a heart, a
 * star), so the convex hull of the walls only bounds the cells. The
 * positions inside it that are outside the maze are found by a flood from
 * outside the hull through sides with no drawn line; it enters a position
 * P only when P could not be a cell of a maze that works:
 *   - P has a corner no drawn line touches (a perfect maze leaves none:
 *     its walls reach every corner, or three cells about it would be open
 *     in a loop; at the rim it takes two gaps side by side), or
 *   - every undrawn side of P leads outside (a cell whose only ways out
 *     are gaps in the rim is reached from no entrance), or P is one of at
 *     most MB_MP_LAT_MAX_BAY positions joined by undrawn sides whose every other
 *     undrawn side leads outside (a bay a few positions deep: cells so
 *     cut off from the maze would be drawn the same).
 * Both only grow as the outside does, so the order of the flood does not
 * matter. A cell behind a single gap keeps the drawn rim at both ends of
 * the gap, so the flood stops there, and what it took that still opens
 * onto a cell is given back (uncarve): the proof counts the gaps.
 */

struct keyset {
	long long *k;
	size_t n, cap;
};

static void keys_add(struct keyset *s, long long k)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 256;
		s->k = mb_mp_xrealloc(s->k, s->cap * sizeof *s->k);
	}
	s->k[s->n++] = k;
}

static int cmp_key(const void *a, const void *b)
{
	long long p = *(const long long *)a, q = *(const long long *)b;

	return (p > q) - (p < q);
}

static bool keys_has(const struct keyset *s, long long k)
{
	return s->n && bsearch(&k, s->k, s->n, sizeof *s->k, cmp_key);
}

/* the slot of position (a, b) in cell_at, NULL off the lattice's box (which is outside) */
static int *slot_at(const struct mb_mp_lattice *l, int a, int b)
{
	if (a < l->amin || a > l->amax || b < l->bmin || b > l->bmax)
		return NULL;
	return &l->cell_at[(size_t)(b - l->bmin) * (size_t)(l->amax - l->amin + 1) +
			   (size_t)(a - l->amin)];
}

bool mb_mp_lat_outside_at(const struct mb_mp_lattice *l, int a, int b)
{
	const int *p = slot_at(l, a, b);

	return !p || *p < 0;
}


/*
 * The positions joined to (a, b) through undrawn sides, not outside, when
 * they are at most MB_MP_LAT_MAX_BAY: then no side of theirs leads into the maze, so
 * they are a bay of the outside (or cells no entrance reaches but through
 * the rim, drawn exactly as a bay). Their (a, b) pairs go to bay; returns
 * how many, 0 when more.
 */
static int small_bay(const struct mb_mp_lattice *l, const struct keyset *drawn, sides_fn sides,
		     int a, int b, int bay[MB_MP_LAT_MAX_BAY][2])
{
	int n = 1;

	bay[0][0] = a;
	bay[0][1] = b;
	for (int i = 0; i < n; i++) {
		struct pos_side sd[6];
		int ns = sides(l, bay[i][0], bay[i][1], sd);

		for (int d = 0; d < ns; d++) {
			bool seen = false;

			if (keys_has(drawn, sd[d].mid) || mb_mp_lat_outside_at(l, sd[d].a, sd[d].b))
				continue;
			for (int j = 0; j < n && !seen; j++)
				seen = bay[j][0] == sd[d].a && bay[j][1] == sd[d].b;
			if (seen)
				continue;
			if (n == MB_MP_LAT_MAX_BAY)
				return 0;
			bay[n][0] = sd[d].a;
			bay[n][1] = sd[d].b;
			n++;
		}
	}
	return n;
}

/* does an undrawn side of (a, b) lead outside? */
static bool reached(const struct mb_mp_lattice *l, const struct keyset *drawn, sides_fn sides,
		    int a, int b)
{
	struct pos_side sd[6];
	int n = sides(l, a, b, sd);

	for (int d = 0; d < n; d++)
		if (!keys_has(drawn, sd[d].mid) && mb_mp_lat_outside_at(l, sd[d].a, sd[d].b))
			return true;
	return false;
}

/* may the flood enter candidate (a, b)? (the rule above) */
static bool enters(const struct mb_mp_lattice *l, const struct keyset *drawn,
		   const struct keyset *touched, sides_fn sides, int a, int b)
{
	struct pos_side sd[6];
	int n = sides(l, a, b, sd);
	bool reach = false, all_out = true, bare = false;

	for (int d = 0; d < n; d++) {
		bool open = !keys_has(drawn, sd[d].mid);
		bool out = mb_mp_lat_outside_at(l, sd[d].a, sd[d].b);

		reach = reach || (open && out);
		all_out = all_out && (!open || out);
		bare = bare || !keys_has(touched, sd[d].c0) || !keys_has(touched, sd[d].c1);
	}
	return reach && (bare || all_out);
}

/*
 * The flood's positions (cell_at -2) left with an undrawn side to a cell
 * are cells after all: two gaps side by side leave a bare corner, and
 * reading the cell behind them as outside would move a gap into the maze
 * unseen. So gaps stay where the hull's outside meets the cells, and the
 * proof counts them. The rest of the flood becomes -1.
 */
static void uncarve(struct mb_mp_lattice *l, const struct keyset *drawn, sides_fn sides)
{
	bool again = true;

	while (again) {
		again = false;
		for (int b = l->bmin; b <= l->bmax; b++)
			for (int a = l->amin; a <= l->amax; a++) {
				struct pos_side sd[6];
				int *p = slot_at(l, a, b), n;

				if (*p != -2)
					continue;
				n = sides(l, a, b, sd);
				for (int d = 0; d < n && *p == -2; d++)
					if (!keys_has(drawn, sd[d].mid) &&
					    !mb_mp_lat_outside_at(l, sd[d].a, sd[d].b)) {
						*p = 0;
						again = true;
					}
			}
	}
	for (size_t i = 0; i < (size_t)(l->amax - l->amin + 1) * (size_t)(l->bmax - l->bmin + 1); i++)
		if (l->cell_at[i] == -2)
			l->cell_at[i] = -1;
}

/*
 * cell_at holds 0 for a position inside the hull, -1 else; the positions
 * the flood reaches become -1. pts: the n drawn lines' ends in the frame
 * key reads; a line may run straight over several sides of length side.
 */
void mb_mp_lat_carve_outside(struct mb_mp_lattice *l, const double *pts, size_t n, key_fn key,
			     sides_fn sides)
{
	struct keyset drawn = { 0 }, touched = { 0 };
	int *stack = NULL;
	size_t top = 0, cap = 0;

	for (size_t i = 0; i < n; i++) {
		const double *e = &pts[4 * i];
		long m = lround(hypot(e[2] - e[0], e[3] - e[1]) / l->side);

		m = m < 1 ? 1 : m;
		for (long k = 0; k <= m; k++) {
			double t = (double)k / (double)m, h = (k + 0.5) / (double)m;

			keys_add(&touched, key(l, e[0] + t * (e[2] - e[0]), e[1] + t * (e[3] - e[1])));
			if (k < m)
				keys_add(&drawn, key(l, e[0] + h * (e[2] - e[0]),
						     e[1] + h * (e[3] - e[1])));
		}
	}
	qsort(drawn.k, drawn.n, sizeof *drawn.k, cmp_key);
	qsort(touched.k, touched.n, sizeof *touched.k, cmp_key);
	for (int b = l->bmin; b <= l->bmax; b++)
		for (int a = l->amin; a <= l->amax; a++) {
			if (mb_mp_lat_outside_at(l, a, b))
				continue;
			if (top + 2 > cap) {
				cap = cap ? 2 * cap : 1024;
				stack = mb_mp_xrealloc(stack, cap * sizeof *stack);
			}
			stack[top++] = a;
			stack[top++] = b;
		}
	while (top) {
		int b = stack[--top], a = stack[--top];
		struct pos_side sd[6];
		int ns;

		int bay[MB_MP_LAT_MAX_BAY][2], nbay = 1;

		if (mb_mp_lat_outside_at(l, a, b))
			continue;
		if (enters(l, &drawn, &touched, sides, a, b)) {
			bay[0][0] = a;
			bay[0][1] = b;
		} else if (!reached(l, &drawn, sides, a, b) ||
			   !(nbay = small_bay(l, &drawn, sides, a, b, bay))) {
			continue;
		}
		for (int i = 0; i < nbay; i++)
			*slot_at(l, bay[i][0], bay[i][1]) = -2;
		for (int i = 0; i < nbay; i++) {
			ns = sides(l, bay[i][0], bay[i][1], sd);
			for (int d = 0; d < ns; d++) {
				if (mb_mp_lat_outside_at(l, sd[d].a, sd[d].b))
					continue;
				if (top + 2 > cap) {
					cap = cap ? 2 * cap : 1024;
					stack = mb_mp_xrealloc(stack, cap * sizeof *stack);
				}
				stack[top++] = sd[d].a;
				stack[top++] = sd[d].b;
			}
		}
	}
	uncarve(l, &drawn, sides);
	free(drawn.k);
	free(touched.k);
	free(stack);
}

/* number the positions left inside (cell_at 0) row by row */
void mb_mp_lat_number_cells(struct mb_mp_lattice *l)
{
	for (int b = l->bmin; b <= l->bmax; b++)
		for (int a = l->amin; a <= l->amax; a++) {
			int *slot = slot_at(l, a, b);

			if (*slot < 0)
				continue;
			*slot = l->ncells++;
			l->cell_a = mb_mp_xrealloc(l->cell_a, (size_t)l->ncells * sizeof(int));
			l->cell_b = mb_mp_xrealloc(l->cell_b, (size_t)l->ncells * sizeof(int));
			l->cell_a[l->ncells - 1] = a;
			l->cell_b[l->ncells - 1] = b;
		}
}


/* ---- cells --------------------------------------------------------------- */

int mb_mp_lat_cell_at(const struct mb_mp_lattice *l, double x, double y)
{
	if (l->kind == MB_MP_LAT_POLAR) {
		double d = dist(x - l->cx, y - l->cy);
		int r = (int)floor(d / l->ring_pt);

		if (l->rings <= 0 || r >= l->rings)
			return -1;
		return r == 0 ? 0 : polar_cell(l, r, atan2(y - l->cy, x - l->cx));
	}
	if (!l->cell_at)
		return -1;
	if (l->kind == MB_MP_LAT_DELTA) {
		double p, q;
		int P, Q;

		delta_pq(l, x, y, &p, &q);
		P = (int)floor(p);
		Q = (int)floor(q);
		return delta_cell(l, 2 * Q + ((int)floor(p + q) - P - Q), P);
	}
	{
		double u, v, w = sqrt(3) * l->side;
		int best = -1;
		double bd = INFINITY;

		turn_pt(l->flat, x, y, &u, &v);
		int b0 = (int)floor((v - l->oy) / (1.5 * l->side));

		for (int b = b0 - 1; b <= b0 + 2; b++) {
			int a0 = (int)floor((u - l->ox) / (w / 2));

			for (int a = a0 - 2; a <= a0 + 2; a++) {
				double cx, cy;

				if ((a + b) % 2)
					continue;
				hex_centre(l, a, b, &cx, &cy);
				if (hypot(u - cx, v - cy) < bd) {
					bd = hypot(u - cx, v - cy);
					best = hex_cell(l, a, b);
				}
			}
		}
		return best;
	}
}

void mb_mp_lat_cell_name(const struct mb_mp_lattice *l, int cell, char *buf, size_t len)
{
	if (l->kind == MB_MP_LAT_POLAR) {
		int r = 0;

		while (r + 1 < l->rings && l->ring_first[r + 1] <= cell)
			r++;
		if (r == 0)
			snprintf(buf, len, "the centre cell");
		else
			snprintf(buf, len, "ring %d cell %d", r, cell - l->ring_first[r]);
		return;
	}
	{
		int a = l->cell_a[cell], b = l->cell_b[cell], amin = a;

		for (int c = 0; c < l->ncells; c++)
			if (l->cell_b[c] == b && l->cell_a[c] < amin)
				amin = l->cell_a[c];
		if (l->kind == MB_MP_LAT_DELTA)
			snprintf(buf, len, "triangle %d of row %d", a - amin + 1, b - l->cell_b[0] + 1);
		else
			snprintf(buf, len, "hexagon %d of row %d", (a - amin) / 2 + 1,
				 b - l->cell_b[0] + 1);
	}
}
