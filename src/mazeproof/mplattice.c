/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Circular, hexagonal and triangular mazes from the page alone (mplattice.h):
 * the entry that runs each finder, and what the finders share.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mplattice.h"
#include "mplattice_int.h"
#include "mpmaze.h"
#include "mputil.h"

/*
 * v[n / 2] of v sorted (v is reordered), by selection rather than a sort:
 * the three medians of a round maze were 4 % of proving it. A NaN has no
 * place in an order, and qsort puts it somewhere: then v is sorted as
 * before, so every verdict stays as it was.
 */
double mb_mp_lat_median(double *v, size_t n)
{
	size_t lo = 0, hi = n ? n - 1 : 0, k = n / 2;

	if (n == 0)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (isnan(v[i])) {
			qsort(v, n, sizeof *v, cmp_double);
			return v[k];
		}
	while (lo < hi) {
		/* the middle of three as the pivot; then v[lo..i) <= pivot <= v(j..hi] */
		double a = v[lo], b = v[lo + (hi - lo) / 2], c = v[hi];
		double pivot = a < b ? (b < c ? b : a < c ? c : a) : (a < c ? a : b < c ? c : b);
		size_t i = lo, j = hi;

		while (i <= j) {
			while (v[i] < pivot)
				i++;
			while (v[j] > pivot)
				j--;
			if (i <= j) {
				double t = v[i];

				v[i++] = v[j];
				v[j] = t;
				if (j == 0)
					break;
				j--;
			}
		}
		if (k <= j)
			hi = j;
		else if (k >= i)
			lo = i;
		else
			break;	/* v[k] sits between the parts: it is the pivot */
	}
	return v[k];
}

struct mb_mp_ledge *mb_mp_lat_add_edge(struct mb_mp_lattice *l, int a, int b)
{
	struct mb_mp_ledge *e;

	if (l->nedges == l->cap_edges) {
		l->cap_edges = l->cap_edges ? 2 * l->cap_edges : 64;
		l->edges = mb_mp_xrealloc(l->edges, l->cap_edges * sizeof *l->edges);
	}
	e = &l->edges[l->nedges++];
	memset(e, 0, sizeof *e);
	e->a = a;
	e->b = b;
	return e;
}

/* a drawn route: the marks inside the box, in the order they were painted */
static void take_route(const struct mb_mp_page *page, struct mb_mp_lattice *l)
{
	for (size_t k = 0; k < page->nmarks; k++) {
		const struct mb_mp_mark *mk = &page->marks[k];

		if (mk->x0 < l->x0 - 40 || mk->x1 > l->x1 + 40 || mk->y0 < l->y0 - 40 ||
		    mk->y1 > l->y1 + 40 || mk->n == 0)
			continue;
		if (mk->x1 < l->x0 || mk->x0 > l->x1 || mk->y1 < l->y0 || mk->y0 > l->y1)
			continue;
		for (size_t i = 0; i < mk->n; i++) {
			double *xy = mb_mp_push(&l->route_xy, &l->nroute, &l->cap_route, 2 * sizeof *xy);

			xy[0] = page->mark_pts[2 * (mk->first + i)];
			xy[1] = page->mark_pts[2 * (mk->first + i) + 1];
		}
		*(int *)mb_mp_push(&l->route_ops, &l->nroute_ops, &l->cap_route_ops, sizeof(int)) = mk->op;
	}
	l->solution = l->nroute >= 2;
}

static double cross(double ox, double oy, double ax, double ay, double bx, double by)
{
	return (ax - ox) * (by - oy) - (ay - oy) * (bx - ox);
}

static int cmp_pt(const void *a, const void *b)
{
	const double *p = a, *q = b;

	if (p[0] != q[0])
		return p[0] < q[0] ? -1 : 1;
	return (p[1] > q[1]) - (p[1] < q[1]);
}

/* convex hull (Andrew's monotone chain) of n points pt, counter-clockwise in a y-up sense */
size_t mb_mp_lat_hull(const double *pt, size_t n, double *h)
{
	double *xy = mb_mp_xmalloc((2 * n + 2) * sizeof *xy);
	size_t k = 0;

	memcpy(xy, pt, 2 * n * sizeof *xy);
	qsort(xy, n, 2 * sizeof *xy, cmp_pt);
	for (size_t i = 0; i < n; i++) {
		while (k >= 2 && cross(h[2 * k - 4], h[2 * k - 3], h[2 * k - 2], h[2 * k - 1], xy[2 * i],
				       xy[2 * i + 1]) <= 0)
			k--;
		h[2 * k] = xy[2 * i];
		h[2 * k + 1] = xy[2 * i + 1];
		k++;
	}
	for (size_t i = n - 1, t = k + 1; i-- > 0;) {
		while (k >= t && cross(h[2 * k - 4], h[2 * k - 3], h[2 * k - 2], h[2 * k - 1], xy[2 * i],
				       xy[2 * i + 1]) <= 0)
			k--;
		h[2 * k] = xy[2 * i];
		h[2 * k + 1] = xy[2 * i + 1];
		k++;
	}
	free(xy);
	return k > 1 ? k - 1 : k;
}

/* how far (x, y) lies inside the convex polygon h (negative: outside) */
double mb_mp_lat_inside_by(const double *h, size_t n, double x, double y)
{
	double best = INFINITY;

	for (size_t i = 0; i < n; i++) {
		size_t j = (i + 1) % n;
		double ex = h[2 * j] - h[2 * i], ey = h[2 * j + 1] - h[2 * i + 1];
		double len = hypot(ex, ey);

		if (len < 1e-9)
			continue;
		best = fmin(best, cross(h[2 * i], h[2 * i + 1], h[2 * j], h[2 * j + 1], x, y) / len);
	}
	return best;
}

size_t mb_mp_find_lattices(struct mb_mp_page *page, struct mb_mp_lattice ***out)
{
	size_t n = 0;

	*out = NULL;
	n = mb_mp_lat_find_polar(page, out, n);
	n = mb_mp_lat_find_hex(page, out, n);
	for (size_t k = 0; k < n; k++) {
		struct mb_mp_lattice *l = (*out)[k];

		take_route(page, l);
	}
	return n;
}

void mb_mp_lat_free(struct mb_mp_lattice *l)
{
	if (!l)
		return;
	free(l->ring_n);
	free(l->ring_first);
	free(l->ring_t0);
	free(l->ring_by);
	free(l->cell_at);
	free(l->cell_a);
	free(l->cell_b);
	free(l->edges);
	free(l->route_xy);
	free(l->route_ops);
	free(l);
}
