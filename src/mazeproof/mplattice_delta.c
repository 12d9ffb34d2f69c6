/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* Triangular (delta) mazes: rows of triangles pointing up and down. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "mplattice.h"
#include "mplattice_int.h"
#include "mplimits.h"
#include "mpmaze.h"
#include "mputil.h"

/* ---- delta (triangles) ----------------------------------------------------- */

/* delta points in halves of the lattice's (p, q) */
static long long delta_key(const struct mb_mp_lattice *l, double x, double y)
{
	double p, q;

	delta_pq(l, x, y, &p, &q);
	return pt_key(lround(2 * p), lround(2 * q));
}

static int delta_sides(const struct mb_mp_lattice *l, int a, int b, struct pos_side *out)
{
	double pq[3][2][2];
	int nb[3][2];

	(void)l;
	delta_tri(a, b, pq, nb);
	for (int d = 0; d < 3; d++) {
		out[d].a = nb[d][0];
		out[d].b = nb[d][1];
		out[d].mid = pt_key(lround(pq[d][0][0] + pq[d][1][0]), lround(pq[d][0][1] + pq[d][1][1]));
		out[d].c0 = pt_key(lround(2 * pq[d][0][0]), lround(2 * pq[d][0][1]));
		out[d].c1 = pt_key(lround(2 * pq[d][1][0]), lround(2 * pq[d][1][1]));
	}
	return 3;
}

/*
 * Delta or flat-top hexagons? Both draw sides at 0, 60 and 120 degrees, but
 * a triangle grid's sides run straight on through its vertices (two sides
 * of one direction end to end, or one segment spanning several), which
 * hexagon sides, meeting three at 120 degrees, never do.
 */
static double delta_side(double *len, size_t n);

bool mb_mp_lat_is_delta(const struct mb_mp_page *page, const size_t *g, size_t m)
{
	double *len = mb_mp_xmalloc((m + 1) * sizeof *len), s;
	size_t straight = 0, want = m / 20 > 2 ? m / 20 : 2;

	for (size_t i = 0; i < m; i++)
		len[i] = hypot(page->segs[g[i]].x1 - page->segs[g[i]].x0,
			       page->segs[g[i]].y1 - page->segs[g[i]].y0);
	/* the side, not the median line: in a small maze drawn as straight runs most lines are runs */
	s = delta_side(len, m);
	free(len);
	for (size_t i = 0; i < m && straight < want; i++) {
		const struct mb_mp_seg *p = &page->segs[g[i]];
		double ai = seg_dir(p), tol = 0.1 * s;

		if (hypot(p->x1 - p->x0, p->y1 - p->y0) > 1.5 * s) {
			straight++;
			continue;
		}
		for (size_t j = i + 1; j < m && straight < want; j++) {
			const struct mb_mp_seg *q = &page->segs[g[j]];
			double d = fabs(seg_dir(q) - ai);

			if (fmin(d, 180 - d) > 3)
				continue;
			if (hypot(p->x0 - q->x0, p->y0 - q->y0) < tol ||
			    hypot(p->x0 - q->x1, p->y0 - q->y1) < tol ||
			    hypot(p->x1 - q->x0, p->y1 - q->y0) < tol ||
			    hypot(p->x1 - q->x1, p->y1 - q->y1) < tol)
				straight++;
		}
	}
	return straight >= want;
}

/*
 * The side of a triangle grid from the lengths of its lines (sorted here):
 * the shortest length, held by two lines at least, that nine in ten lines
 * are whole multiples of (a program may draw a straight run of sides as one
 * line); the median when none is.
 */
static double delta_side(double *len, size_t n)
{
	qsort(len, n, sizeof *len, cmp_double);
	for (size_t i = 0, tries = 0; i < n && tries < 20; tries++) {
		size_t j = i, fit = 0;
		double c;

		while (j < n && len[j] < len[i] * 1.05)
			j++;
		c = len[(i + j) / 2];
		if (j - i >= 2 && c > 0) {
			for (size_t k = 0; k < n; k++) {
				double q = len[k] / c;

				fit += lround(q) >= 1 && fabs(q - lround(q)) < 0.08;
			}
			if (fit * 10 >= n * 9)
				return c;
		}
		i = j;
	}
	return n ? len[n / 2] : 0;
}

/*
 * The positions of l's box, the triangles inside the hull h of the walls
 * (nh corners), the outline carved from them and the cells numbered; the
 * grid's name says its rows (and a triangle of triangles as such).
 */
static void delta_cells(struct mb_mp_lattice *l, const double *pts, size_t n, const double *h,
			size_t nh)
{
	double s = l->side;
	int maxrow = 0, rows = 0, last = 0;
	bool up = true, down = true;	/* rows of 1, 3, 5, ... (or the reverse) triangles */

	l->cell_at = mb_mp_xmalloc((size_t)(l->amax - l->amin + 1) * (size_t)(l->bmax - l->bmin + 1) *
				   sizeof *l->cell_at);
	for (int b = l->bmin; b <= l->bmax; b++) {
		for (int a = l->amin; a <= l->amax; a++) {
			double cx, cy;
			int *slot = &l->cell_at[(size_t)(b - l->bmin) *
						(size_t)(l->amax - l->amin + 1) +
						(size_t)(a - l->amin)];

			*slot = -1;
			delta_centre(l, a, b, &cx, &cy);
			if (mb_mp_lat_inside_by(h, nh, cx, cy) >= 0.15 * s)
				*slot = 0;
		}
	}
	mb_mp_lat_carve_outside(l, pts, n, delta_key, delta_sides);
	mb_mp_lat_number_cells(l);
	for (int b = l->bmin; b <= l->bmax; b++) {
		int inrow = 0;

		for (int a = l->amin; a <= l->amax; a++)
			inrow += !mb_mp_lat_outside_at(l, a, b);
		if (inrow > 0) {
			up = up && inrow == (rows ? last + 2 : 1);
			down = down && (!rows || inrow == last - 2);
			last = inrow;
		}
		maxrow = inrow > maxrow ? inrow : maxrow;
		rows += inrow > 0;
	}
	if (rows >= 2 && (up || (down && last == 1)))
		snprintf(l->grid, sizeof l->grid, "delta triangle %d rows", rows);
	else
		snprintf(l->grid, sizeof l->grid, "delta %dx%d", maxrow, rows);
}

/* each cell's three sides, an inner side once */
static void delta_edges(struct mb_mp_lattice *l)
{
	for (int c = 0; c < l->ncells; c++) {
		double pq[3][2][2];
		int nb[3][2];

		delta_tri(l->cell_a[c], l->cell_b[c], pq, nb);
		for (int d = 0; d < 3; d++) {
			int o = delta_cell(l, nb[d][0], nb[d][1]);
			struct mb_mp_ledge *e;

			/* each inner side once: from the cell left of it, or above it */
			if (o >= 0 && (nb[d][1] < l->cell_b[c] ||
				       (nb[d][1] == l->cell_b[c] && nb[d][0] < l->cell_a[c])))
				continue;
			e = mb_mp_lat_add_edge(l, c, o);
			delta_pt(l, pq[d][0][0], pq[d][0][1], &e->x0, &e->y0);
			delta_pt(l, pq[d][1][0], pq[d][1][1], &e->x1, &e->y1);
		}
	}
}

struct mb_mp_lattice *mb_mp_lat_delta_from(struct mb_mp_page *page, const size_t *idx, size_t n)
{
	struct mb_mp_lattice *l = mb_mp_xcalloc(1, sizeof *l);
	double *v = mb_mp_xmalloc((n + 1) * sizeof *v), *pts, *h, s;
	double pmin = INFINITY, pmax = -INFINITY, qmin = INFINITY, qmax = -INFINITY;
	size_t nh, ref = n;

	l->kind = MB_MP_LAT_DELTA;
	l->page = page->number;
	l->x0 = l->y0 = INFINITY;
	l->x1 = l->y1 = -INFINITY;
	for (size_t i = 0; i < n; i++) {
		const struct mb_mp_seg *sg = &page->segs[idx[i]];

		v[i] = hypot(sg->x1 - sg->x0, sg->y1 - sg->y0);
	}
	s = l->side = delta_side(v, n);
	for (size_t i = 0; i < n; i++)
		v[i] = page->segs[idx[i]].width_pt;
	l->pen_pt = mb_mp_lat_median(v, n);
	pts = mb_mp_xmalloc((4 * n + 2) * sizeof *pts);
	h = mb_mp_xmalloc((4 * n + 4) * sizeof *h);
	for (size_t i = 0; i < n; i++) {
		const struct mb_mp_seg *sg = &page->segs[idx[i]];

		pts[4 * i] = sg->x0;
		pts[4 * i + 1] = sg->y0;
		pts[4 * i + 2] = sg->x1;
		pts[4 * i + 3] = sg->y1;
		l->x0 = fmin(l->x0, fmin(sg->x0, sg->x1) - l->pen_pt);
		l->x1 = fmax(l->x1, fmax(sg->x0, sg->x1) + l->pen_pt);
		l->y0 = fmin(l->y0, fmin(sg->y0, sg->y1) - l->pen_pt);
		l->y1 = fmax(l->y1, fmax(sg->y0, sg->y1) + l->pen_pt);
		if (ref == n && fabs(sg->y1 - sg->y0) < 0.05 * s)
			ref = i;
	}
	if (ref == n) {
		snprintf(l->problem, sizeof l->problem, "triangle sides in three directions but none "
			 "horizontal: not a triangle grid this tool reads");
		goto out;
	}
	/* a horizontal side's end is a vertex of the grid */
	l->ox = pts[4 * ref];
	l->oy = pts[4 * ref + 1];
	/* every side must run from vertex to vertex */
	for (size_t i = 0; i < 2 * n && !l->problem[0]; i++) {
		double p, q;

		delta_pq(l, pts[2 * i], pts[2 * i + 1], &p, &q);
		if (hypot(p - lround(p), q - lround(q)) > 0.15) {
			size_t k = i / 2;

			snprintf(l->problem, sizeof l->problem, "a wall (%.1f, %.1f)-(%.1f, %.1f) pt is "
				 "not a side of the triangle grid (sides %.2f pt, a vertex at "
				 "(%.1f, %.1f)): its end (%.1f, %.1f) is off the grid",
				 pts[4 * k], pts[4 * k + 1], pts[4 * k + 2], pts[4 * k + 3], s, l->ox,
				 l->oy, pts[2 * i], pts[2 * i + 1]);
		}
		pmin = fmin(pmin, p);
		pmax = fmax(pmax, p);
		qmin = fmin(qmin, q);
		qmax = fmax(qmax, q);
	}
	if (l->problem[0])
		goto out;
	nh = mb_mp_lat_hull(pts, 2 * n, h);
	l->bmin = (int)floor(pmin) - 1;
	l->bmax = (int)ceil(pmax) + 1;
	l->amin = 2 * (int)floor(qmin) - 2;
	l->amax = 2 * (int)ceil(qmax) + 3;
	if ((double)(l->amax - l->amin + 1) * (l->bmax - l->bmin + 1) > 4.0 * MB_MP_LAT_MAX_CELLS) {
		snprintf(l->problem, sizeof l->problem, "more than %d triangles", MB_MP_LAT_MAX_CELLS);
		goto out;
	}
	delta_cells(l, pts, n, h, nh);
	delta_edges(l);
out:
	free(v);
	free(pts);
	free(h);
	return l;
}
