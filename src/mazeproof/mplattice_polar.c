/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* Circular mazes: rings of arcs about one centre and the radial walls between them. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mplattice.h"
#include "mplattice_int.h"
#include "mplimits.h"
#include "mpmaze.h"
#include "mputil.h"

/* ---- polar ------------------------------------------------------------- */

/*
 * A ring's divisions listed from k = 0 rise but for one drop, where they
 * wrap: turned to rise all along (false if they do not look so).
 */
static bool turn_to_rise(double *v, size_t n, double *tmp)
{
	size_t drop = 0;

	for (size_t i = 1; i < n; i++)
		if (v[i] < v[i - 1]) {
			if (drop)
				return false;
			drop = i;
		}
	if (drop == 0)
		return true;
	if (v[n - 1] > v[0])
		return false;
	memcpy(tmp, v + drop, (n - drop) * sizeof *v);
	memcpy(tmp + (n - drop), v, drop * sizeof *v);
	memcpy(v, tmp, n * sizeof *v);
	return true;
}

/*
 * Sort the cuts of two rings' divisions, a[0..na) then b[0..nb) in v:
 * each turned to rise, then merged (sorted whole, they were a quarter of
 * reading a round maze); any other list is sorted whole.
 */
static void sort_cuts(double *v, size_t na, size_t nb, double *tmp)
{
	size_t i = 0, j = na, k = 0;

	if (!turn_to_rise(v, na, tmp) || !turn_to_rise(v + na, nb, tmp)) {
		qsort(v, na + nb, sizeof *v, cmp_double);
		return;
	}
	while (i < na || j < na + nb)
		tmp[k++] = j >= na + nb || (i < na && v[i] <= v[j]) ? v[i++] : v[j++];
	memcpy(v, tmp, (na + nb) * sizeof *v);
}

struct circ {
	double cx, cy, r;
	size_t curve;
	int group;
};

static bool angles_fit(const double *ang, size_t n, int cells, double t0, double tol)
{
	double step = TWO_PI / cells;

	for (size_t i = 0; i < n; i++) {
		double f = wrap(ang[i] - t0);
		double d = fmod(f, step);

		if (fmin(d, step - d) > tol)
			return false;
	}
	return true;
}

static void polar_edges(struct mb_mp_lattice *l)
{
	double rw = l->ring_pt;
	size_t most = 0;

	/* room for every position at once (7000 in a maze of 34 rings, copied over and over as it grew) */
	for (int r = 1; r <= l->rings; r++)
		most += (size_t)l->ring_n[r - 1] + (r < l->rings ? 2 * (size_t)l->ring_n[r] : 0) + 1;
	l->edges = mb_mp_xrealloc(l->edges, most * sizeof *l->edges);
	l->cap_edges = most;
	/* radial walls inside each ring */
	for (int r = 1; r < l->rings; r++) {
		int n = l->ring_n[r];

		if (n < 2)
			continue;
		for (int k = 0; k < n; k++) {
			double a = l->ring_t0[r] + TWO_PI * k / n;
			struct mb_mp_ledge *e = mb_mp_lat_add_edge(l, l->ring_first[r] + (k + n - 1) % n,
								    l->ring_first[r] + k);

			e->x0 = l->cx + r * rw * cos(a);
			e->y0 = l->cy + r * rw * sin(a);
			e->x1 = l->cx + (r + 1) * rw * cos(a);
			e->y1 = l->cy + (r + 1) * rw * sin(a);
		}
	}
	/* arcs between rings r - 1 and r, and the rim (r == rings) */
	for (int r = 1; r <= l->rings; r++) {
		size_t nc = 0, maxc = (size_t)l->ring_n[r - 1] + (r < l->rings ? (size_t)l->ring_n[r] : 0) + 1;
		size_t nfirst = 0;
		double *cut = mb_mp_xmalloc(maxc * sizeof *cut), *tmp = mb_mp_xmalloc(maxc * sizeof *tmp);
		int rings_here[2] = { r - 1, r < l->rings ? r : -1 };
		/*
		 * Every reading lists a ring's arcs from the same one: the angles
		 * are wrapped from half the finest division before ring 1's first
		 * radial wall, not from 0. A division that falls on angle 0 (a
		 * grid whose cells start at +x) reads as 0 + e on one page and
		 * 2 pi - e on another, which listed the arcs rotated by one, and a
		 * solution copy of the same maze had "walls that differ".
		 */
		double ref = l->rings > 1 ? l->ring_t0[1] - M_PI / l->ring_n[l->rings - 1] : 0;

		for (int s = 0; s < 2; s++) {
			int q = rings_here[s];

			if (q < 1)
				continue;
			for (int k = 0; k < l->ring_n[q] && nc < maxc; k++)
				cut[nc++] = wrap(l->ring_t0[q] + TWO_PI * k / l->ring_n[q] - ref) + ref;
			if (s == 0)
				nfirst = nc;
		}
		if (nc == 0)
			cut[nc++] = 0;
		sort_cuts(cut, nfirst, nc - nfirst, tmp);
		free(tmp);
		for (size_t i = 0; i < nc; i++) {
			double a0 = cut[i], a1 = i + 1 < nc ? cut[i + 1] : cut[0] + TWO_PI;
			double mid = (a0 + a1) / 2, rad = r * rw;
			int inner, outer;
			struct mb_mp_ledge *e;

			if ((a1 - a0) * rad < 1.5)
				continue;	/* a sliver where two rings' divisions nearly meet */
			/* mid is clear of every division of both rings (they are the cuts) */
			inner = polar_cell(l, r - 1, mid);
			outer = r < l->rings ? polar_cell(l, r, mid) : -1;
			e = mb_mp_lat_add_edge(l, inner, outer);
			e->arc = true;
			e->r = rad;
			e->t0 = a0;
			e->t1 = a1;
		}
		free(cut);
	}
}

/*
 * The radial walls: black segments within the maze's reach that point at
 * its centre, their angles per ring they run through (ang[r], nang[r]
 * of cap[r]); they are this maze's, so no longer black for the others.
 */
static void collect_radials(struct mb_mp_page *page, struct mb_mp_lattice *l, int R, double rw,
			    double **ang, size_t *nang, size_t *cap)
{
	double pen = l->pen_pt, reach = R * rw + 2 * pen + 1;

	for (size_t i = 0; i < page->nsegs; i++) {
		struct mb_mp_seg *s = &page->segs[i];
		double ra = dist(s->x0 - l->cx, s->y0 - l->cy), rb = dist(s->x1 - l->cx, s->y1 - l->cy);
		double len = dist(s->x1 - s->x0, s->y1 - s->y0), off, lo, hi, mx, my, at;

		if (!s->black || ra > reach || rb > reach)
			continue;
		s->black = false;	/* this maze's: not a square maze's wall */
		off = fabs((s->x1 - s->x0) * (l->cy - s->y0) - (s->y1 - s->y0) * (l->cx - s->x0)) / len;
		if (off > fmax(1.0, pen)) {
			if (!l->problem[0])
				snprintf(l->problem, sizeof l->problem,
					 "a straight wall (%.1f, %.1f)-(%.1f, %.1f) pt does not point at "
					 "the centre (%.1f, %.1f) of the round maze", s->x0, s->y0,
					 s->x1, s->y1, l->cx, l->cy);
			continue;
		}
		lo = fmin(ra, rb);
		hi = fmax(ra, rb);
		mx = (s->x0 + s->x1) / 2;
		my = (s->y0 + s->y1) / 2;
		at = wrap(atan2(my - l->cy, mx - l->cx));
		/* the rings it runs through for half a ring or more: none below lo / rw - 1 or above hi / rw */
		for (int r = (int)fmax(1, floor(lo / rw) - 1), top = (int)fmin(R - 1, floor(hi / rw) + 1);
		     r <= top; r++)
			if (fmin(hi, (r + 1) * rw) - fmax(lo, r * rw) >= rw / 2)
				*(double *)mb_mp_push(&ang[r], &nang[r], &cap[r], sizeof(double)) = at;
	}
}

/* one ring boundary's arc pieces, as angle intervals [a, b) with a in [0, 2 pi) */
struct span {
	int q;
	double a, b;
};

static int cmp_span(const void *x, const void *y)
{
	const struct span *s = x, *t = y;

	if (s->q != t->q)
		return s->q < t->q ? -1 : 1;
	return (s->a > t->a) - (s->a < t->a);
}

/*
 * The runs of ink of one boundary's spans sp[0..n) (sorted), joined where
 * they touch (within gap) and across angle 0: their ends are where the arc
 * ink stops, pushed on stop[q]. A Bezier piece's join inside a long arc is
 * no stop, nor is the meeting of two cells' arcs.
 */
static void span_stops(const struct span *sp, size_t n, double gap, double **stop, size_t *nstop,
		       size_t *cap)
{
	double *run = mb_mp_xmalloc(2 * n * sizeof *run);
	size_t nr = 0, first = 0;
	int q = sp[0].q;

	for (size_t i = 0; i < n; i++) {
		if (nr && sp[i].a <= run[2 * nr - 1] + gap) {
			run[2 * nr - 1] = fmax(run[2 * nr - 1], sp[i].b);
			continue;
		}
		run[2 * nr] = sp[i].a;
		run[2 * nr + 1] = sp[i].b;
		nr++;
	}
	/* the last run may reach round past angle 0 over the first ones */
	while (nr - first > 1 && run[2 * nr - 1] >= run[2 * first] + TWO_PI - gap) {
		run[2 * nr - 1] = fmax(run[2 * nr - 1], run[2 * first + 1] + TWO_PI);
		first++;
	}
	for (size_t i = first; i < nr; i++) {
		if (run[2 * i + 1] - run[2 * i] >= TWO_PI - gap)
			break;	/* the whole circle: no stop */
		*(double *)mb_mp_push(&stop[q], &nstop[q], &cap[q], sizeof(double)) = wrap(run[2 * i]);
		*(double *)mb_mp_push(&stop[q], &nstop[q], &cap[q], sizeof(double)) =
			wrap(run[2 * i + 1]);
	}
	free(run);
}

/*
 * Where the arc walls stop on each ring boundary q (1 .. R, R the rim):
 * stop[q], the angles of the ends of the runs of ink the curves cs[0..n)
 * cover on the circle of radius q rw.
 */
static void arc_stops(const struct mb_mp_page *page, const struct circ *cs, size_t n,
		      const struct mb_mp_lattice *l, int R, double **stop, size_t *nstop, size_t *cap)
{
	struct span *sp = mb_mp_xmalloc((n + 1) * sizeof *sp);
	double rw = l->ring_pt;
	size_t m = 0;

	for (size_t i = 0; i < n; i++) {
		const struct mb_mp_curve *c = &page->curves[cs[i].curve];
		double d = dist(c->xm - l->cx, c->ym - l->cy);
		double a0 = wrap(atan2(c->y0 - l->cy, c->x0 - l->cx));
		double a1 = wrap(atan2(c->y1 - l->cy, c->x1 - l->cx));
		double am = wrap(atan2(c->ym - l->cy, c->xm - l->cx));
		long q = lround(d / rw);

		if (q < 1 || q > R || fabs(d - q * rw) > fmax(1.0, l->pen_pt))
			continue;
		sp[m].q = (int)q;
		/* the way round from one end to the other that passes its middle */
		if (wrap(am - a0) <= wrap(a1 - a0)) {
			sp[m].a = a0;
			sp[m].b = a0 + wrap(a1 - a0);
		} else {
			sp[m].a = a1;
			sp[m].b = a1 + wrap(a0 - a1);
		}
		if (sp[m].b - sp[m].a > 1e-9)
			m++;
	}
	qsort(sp, m, sizeof *sp, cmp_span);
	for (size_t i = 0, j; i < m; i = j) {
		for (j = i; j < m && sp[j].q == sp[i].q; j++)
			;
		span_stops(sp + i, j - i, fmax(0.5, l->pen_pt / 2) / (sp[i].q * rw), stop, nstop, cap);
	}
	free(sp);
}

/* what a ring's division was read from (mb_mp_lattice.ring_by) */
enum { RING_WALLS = 0, RING_INNER = 1, RING_DOUBLING = 2 };

/* the usual rule: the ring inside's count times round(2 pi r / that count) */
static int doubling_rule(int prev, int r)
{
	return prev * (int)fmax(1, lround(TWO_PI * r / prev));
}

/* do ring r's walls (radials rad, arc stops st) sit on n cells from angle t0? */
static bool ring_fits(const double *rad, size_t nrad, double tr, const double *st, size_t nst,
		      double ts, int n, double t0)
{
	return angles_fit(rad, nrad, n, t0, tr) && angles_fit(st, nst, n, t0, ts);
}

/*
 * Ring r's division from its walls: the radial walls through it and the
 * stops of the arcs on its inner circle that ring r - 1's cells do not
 * explain (and on the rim, for the outer ring). The coarsest division they
 * all sit on is the walls' reading: every stroke then lies on whole wall
 * positions, so no opening or island hides inside a cell, and a wide cell
 * is one cell (a finer count made false loops and rim gaps). When the
 * walls show fewer than two angles a rule sets it (a ring of one cell
 * would be an annulus, hiding the loop round it): the inner ring's count,
 * or for ring 1 the doubling rule's.
 */
static void divide_ring(struct mb_mp_lattice *l, int r, const double *rad, size_t nrad,
			const double *st, size_t nst)
{
	int prev = l->ring_n[r - 1], rule = doubling_rule(prev, r), nw = 0;
	double rw = l->ring_pt, pen = fmax(1.0, l->pen_pt);
	double tr = pen / ((r + 0.5) * rw), ts = pen / (r * rw);
	double t0 = nrad ? rad[0] : nst ? st[0] : l->ring_t0[r - 1];

	for (int n = 1; n <= 5 * rule && !nw; n++)
		if (ring_fits(rad, nrad, tr, st, nst, ts, n, t0))
			nw = n;
	l->ring_by[r] = RING_WALLS;
	if (!nw) {
		nw = rule;
		if (!l->problem[0])
			snprintf(l->problem, sizeof l->problem,
				 "the radial walls of ring %d fit no division into equal cells", r);
	} else if (nw == 1 && prev >= 3) {
		nw = prev;
		if (ring_fits(rad, nrad, tr, st, nst, ts, prev, l->ring_t0[r - 1]))
			t0 = l->ring_t0[r - 1];
		l->ring_by[r] = RING_INNER;
	} else if (nw == 1) {
		nw = rule >= 3 ? rule : 3;
		l->ring_by[r] = RING_DOUBLING;
	}
	l->ring_n[r] = nw;
	l->ring_t0[r] = t0;
}

/*
 * A tie the walls leave: ring r's reading properly divides the inner
 * ring's count, which its walls fit too (a ring of 12 whose walls all
 * happen to fall on 6 of its divisions). It keeps the inner count when
 * that splits no wall position the coarser reading has: the inner ring
 * has the same cuts, and ring r + 1 has them all (not the outer ring,
 * whose rim arcs only it cuts).
 */
static void keep_inner_counts(struct mb_mp_lattice *l, int R, double *const *ang,
			      const size_t *nang, double *const *own, const size_t *nown)
{
	double rw = l->ring_pt, pen = fmax(1.0, l->pen_pt);

	for (int r = 1; r + 1 < R; r++) {
		int prev = l->ring_n[r - 1], n = l->ring_n[r], next = l->ring_n[r + 1];
		double t0 = l->ring_t0[r - 1], tr = pen / ((r + 0.5) * rw), ts = pen / (r * rw);

		if (l->ring_by[r] != RING_WALLS || prev <= n || prev % n || next % prev ||
		    !ring_fits(ang[r], nang[r], tr, own[r], nown[r], ts, prev, t0) ||
		    !angles_fit(&t0, 1, next, l->ring_t0[r + 1], pen / ((r + 1) * rw)))
			continue;
		l->ring_n[r] = prev;
		l->ring_t0[r] = t0;
		l->ring_by[r] = RING_INNER;
	}
}

/*
 * Each ring's division into equal cells, from the centre out, from its
 * radial walls ang[r] and the stops of the arcs cs[0..n) (ring r's on its
 * inner circle are its own where ring r - 1's cells do not end there),
 * then the ties.
 */
static void divide_rings(const struct mb_mp_page *page, const struct circ *cs, size_t n,
			 struct mb_mp_lattice *l, int R, double *const *ang, const size_t *nang)
{
	double **own = mb_mp_xcalloc((size_t)R, sizeof *own), rw = l->ring_pt;
	size_t *nown = mb_mp_xcalloc((size_t)R, sizeof *nown);
	double **stop = mb_mp_xcalloc((size_t)R + 1, sizeof *stop);
	size_t *nstop = mb_mp_xcalloc((size_t)R + 1, sizeof *nstop);
	size_t *cstop = mb_mp_xcalloc((size_t)R + 1, sizeof *cstop);

	arc_stops(page, cs, n, l, R, stop, nstop, cstop);
	l->ring_n[0] = 1;
	for (int r = 1; r < R; r++) {
		double tol = fmax(1.0, l->pen_pt) / (r * rw);

		own[r] = mb_mp_xmalloc((nstop[r] + (r == R - 1 ? nstop[R] : 0) + 1) * sizeof **own);
		for (size_t i = 0; i < nstop[r]; i++)
			if (r == 1 || !angles_fit(&stop[r][i], 1, l->ring_n[r - 1], l->ring_t0[r - 1], tol))
				own[r][nown[r]++] = stop[r][i];
		if (r == R - 1)
			for (size_t i = 0; i < nstop[R]; i++)
				own[r][nown[r]++] = stop[R][i];
		divide_ring(l, r, ang[r], nang[r], own[r], nown[r]);
	}
	keep_inner_counts(l, R, ang, nang, own, nown);
	for (int r = 0; r < R; r++)
		free(own[r]);
	for (int q = 0; q <= R; q++)
		free(stop[q]);
	free(own);
	free(nown);
	free(stop);
	free(nstop);
	free(cstop);
}

static void add_text(char *d, size_t len, const char *what)
{
	size_t used = strlen(d);

	snprintf(d + used, len - used, "%s", what);
}

/*
 * How the rings were divided, for the report: "" when every ring was read
 * from its walls and they follow the doubling rule (the usual round maze),
 * else "12 cells a ring" or "6, 12, 12, 24 cells", and the rings a rule
 * set.
 */
static void describe_rings(struct mb_mp_lattice *l)
{
	char *d = l->division, buf[32];
	size_t len = sizeof l->division;
	bool usual = true, same = true;
	int ruled[3] = { 0, 0, 0 };

	d[0] = 0;
	for (int r = 1; r < l->rings; r++) {
		usual &= l->ring_n[r] == doubling_rule(l->ring_n[r - 1], r);
		same &= l->ring_n[r] == l->ring_n[1];
		ruled[l->ring_by[r]]++;
	}
	if (usual && !ruled[RING_INNER] && !ruled[RING_DOUBLING])
		return;
	if (same) {
		snprintf(d, len, "%d cells a ring", l->ring_n[1]);
	} else {
		for (int r = 1; r < l->rings; r++) {
			snprintf(buf, sizeof buf, "%s%d", r > 1 ? ", " : "", l->ring_n[r]);
			if (strlen(d) + strlen(buf) + 40 < len)
				strcat(d, buf);
		}
		add_text(d, len, " cells");
	}
	add_text(d, len, ruled[RING_WALLS] == l->rings - 1 ? ", from their walls" : "");
	for (int by = RING_INNER; by <= RING_DOUBLING; by++) {
		if (!ruled[by])
			continue;
		add_text(d, len, ruled[by] > 1 ? "; rings" : "; ring");
		for (int r = 1, k = 0; r < l->rings; r++)
			if (l->ring_by[r] == by) {
				snprintf(buf, sizeof buf, "%s %d", k++ ? "," : "", r);
				add_text(d, len, buf);
			}
		add_text(d, len, by == RING_INNER ? " as the ring inside" : " by the doubling rule");
		add_text(d, len, ruled[by] > 1 ? ": their walls alone do not tell" :
			 ": its walls alone do not tell");
	}
}

static struct mb_mp_lattice *polar_from(struct mb_mp_page *page, const struct circ *cs, size_t n)
{
	struct mb_mp_lattice *l = mb_mp_xcalloc(1, sizeof *l);
	double *v = mb_mp_xmalloc((n + 1) * sizeof *v), *radii, rw = INFINITY, pen;
	size_t nr = 0;
	int R;

	l->kind = MB_MP_LAT_POLAR;
	l->page = page->number;
	for (size_t i = 0; i < n; i++)
		v[i] = cs[i].cx;
	l->cx = mb_mp_lat_median(v, n);
	for (size_t i = 0; i < n; i++)
		v[i] = cs[i].cy;
	l->cy = mb_mp_lat_median(v, n);
	for (size_t i = 0; i < n; i++)
		v[i] = page->curves[cs[i].curve].width_pt;
	pen = l->pen_pt = mb_mp_lat_median(v, n);
	/* the distinct radii of the arcs (at their middles) */
	for (size_t i = 0; i < n; i++) {
		const struct mb_mp_curve *c = &page->curves[cs[i].curve];

		v[i] = dist(c->xm - l->cx, c->ym - l->cy);
	}
	qsort(v, n, sizeof *v, cmp_double);
	radii = mb_mp_xmalloc((n + 1) * sizeof *radii);
	for (size_t i = 0; i < n; i++)
		if (!nr || v[i] - radii[nr - 1] > fmax(0.75, pen / 2))
			radii[nr++] = v[i];
	for (size_t i = 0; i < nr; i++) {
		rw = fmin(rw, radii[i]);
		if (i)
			rw = fmin(rw, radii[i] - radii[i - 1]);
	}
	R = (int)lround(radii[nr - 1] / rw);
	l->ring_pt = rw;
	l->x0 = l->cx - R * rw - pen;
	l->y0 = l->cy - R * rw - pen;
	l->x1 = l->cx + R * rw + pen;
	l->y1 = l->cy + R * rw + pen;
	for (size_t i = 0; i < nr && !l->problem[0]; i++) {
		double q = radii[i] / rw;

		if (fabs(q - lround(q)) * rw > fmax(1.0, pen))
			snprintf(l->problem, sizeof l->problem,
				 "an arc wall of radius %.2f pt around (%.1f, %.1f) is not on a ring: "
				 "rings are %.2f pt apart (the centre cell's radius)", radii[i], l->cx,
				 l->cy, rw);
	}
	free(v);
	free(radii);
	if (R < 2 || R > MB_MP_LAT_MAX_RINGS) {
		if (!l->problem[0])
			snprintf(l->problem, sizeof l->problem, "arcs around (%.1f, %.1f) give %d rings "
				 "(2 to %d read)", l->cx, l->cy, R, MB_MP_LAT_MAX_RINGS);
		l->rings = 0;
		return l;
	}
	l->rings = R;
	snprintf(l->grid, sizeof l->grid, "polar %d rings", R - 1);
	l->ring_n = mb_mp_xcalloc((size_t)R, sizeof *l->ring_n);
	l->ring_first = mb_mp_xcalloc((size_t)R + 1, sizeof *l->ring_first);
	l->ring_t0 = mb_mp_xcalloc((size_t)R, sizeof *l->ring_t0);
	l->ring_by = mb_mp_xcalloc((size_t)R, sizeof *l->ring_by);
	/* radial walls: black segments pointing at the centre, per ring */
	double **ang = mb_mp_xcalloc((size_t)R, sizeof *ang);
	size_t *nang = mb_mp_xcalloc((size_t)R, sizeof *nang), *cap = mb_mp_xcalloc((size_t)R,
										     sizeof *cap);
	collect_radials(page, l, R, rw, ang, nang, cap);
	divide_rings(page, cs, n, l, R, ang, nang);
	describe_rings(l);
	for (int r = 0; r < R; r++) {
		free(ang[r]);
		l->ring_first[r + 1] = l->ring_first[r] + l->ring_n[r];
	}
	free(ang);
	free(nang);
	free(cap);
	l->ncells = l->ring_first[R];
	if (l->ncells > MB_MP_LAT_MAX_CELLS) {
		snprintf(l->problem, sizeof l->problem, "%d cells: more than %d", l->ncells,
			 MB_MP_LAT_MAX_CELLS);
		l->rings = 0;
		return l;
	}
	polar_edges(l);
	return l;
}

/* how far the middle of a curve bows off its chord */
static double sagitta(const struct mb_mp_curve *c)
{
	double cx = c->x1 - c->x0, cy = c->y1 - c->y0, len = dist(cx, cy);

	if (len < 1e-9)
		return 0;
	return fabs(cx * (c->ym - c->y0) - cy * (c->xm - c->x0)) / len;
}

/*
 * A curve too flat to give a centre of its own joins the group whose centre
 * its ends and middle are equally far from; of several (circles side by
 * side: a short arc of one can be as far from the other's centre at its
 * ends as at its middle), the nearest.
 */
static void join_weak(const struct mb_mp_page *page, struct circ *cs, size_t n,
		      const double *gcx, const double *gcy, int groups)
{
	for (size_t j = 0; j < n; j++) {
		const struct mb_mp_curve *c = &page->curves[cs[j].curve];
		double tol = fmax(0.5, c->width_pt / 2), best = INFINITY;

		if (cs[j].group >= 0)
			continue;
		for (int gi = 0; gi < groups; gi++) {
			double d0 = dist(c->x0 - gcx[gi], c->y0 - gcy[gi]);
			double dm = dist(c->xm - gcx[gi], c->ym - gcy[gi]);
			double d1 = dist(c->x1 - gcx[gi], c->y1 - gcy[gi]);

			if (fabs(d0 - dm) <= tol && fabs(d1 - dm) <= tol && dm < best) {
				best = dm;
				cs[j].group = gi;
				cs[j].cx = gcx[gi];
				cs[j].cy = gcy[gi];
			}
		}
	}
}

/* each solid curve of page as a circ, with the circle through its ends and middle when it bends */
static size_t curve_circles(const struct mb_mp_page *page, struct circ *cs)
{
	size_t n = 0;

	for (size_t i = 0; i < page->ncurves; i++) {
		const struct mb_mp_curve *c = &page->curves[i];
		struct circ *q = &cs[n];

		if (c->dashed)
			continue;
		q->curve = i;
		q->group = -1;
		q->r = -1;	/* no centre of its own */
		if (sagitta(c) >= 0.4 &&
		    mb_mp_circle_through(c->x0, c->y0, c->xm, c->ym, c->x1, c->y1, 1e-6,
					 &q->cx, &q->cy))
			q->r = dist(c->xm - q->cx, c->ym - q->cy);
		n++;
	}
	return n;
}

/* the round mazes of the groups with curves enough, after out's count */
static size_t polar_groups(struct mb_mp_page *page, const struct circ *cs, size_t n, int groups,
			   struct mb_mp_lattice ***out, size_t count)
{
	for (int gi = 0; gi < groups; gi++) {
		size_t members = 0;

		for (size_t j = 0; j < n; j++)
			members += cs[j].group == gi;
		if (members < MB_MP_LAT_MIN_CURVES)
			continue;
		{
			struct circ *g = mb_mp_xmalloc(members * sizeof *g);
			size_t m = 0;

			for (size_t j = 0; j < n; j++)
				if (cs[j].group == gi)
					g[m++] = cs[j];
			*out = mb_mp_xrealloc(*out, (count + 1) * sizeof **out);
			(*out)[count++] = polar_from(page, g, m);
			free(g);
		}
	}
	return count;
}

/*
 * Curves around one centre are one maze. Centres are fitted only from
 * curves that bow enough to give one (a short arc's three points say little
 * about where its centre is), grouped within a point or 2 % of the radius;
 * then every curve whose ends and middle are equally far from a group's
 * centre joins it.
 */
size_t mb_mp_lat_find_polar(struct mb_mp_page *page, struct mb_mp_lattice ***out, size_t count)
{
	struct circ *cs = mb_mp_xmalloc((page->ncurves + 1) * sizeof *cs);
	double *gcx = NULL, *gcy = NULL;
	size_t n = 0;
	int groups = 0;

	n = curve_circles(page, cs);
	for (size_t i = 0; i < n && groups < 1000; i++) {
		size_t strong = 0;
		double *v, gx, gy, rim;

		if (cs[i].group >= 0 || cs[i].r < 0)
			continue;
		for (size_t j = i; j < n; j++)
			if (cs[j].group < 0 && cs[j].r >= 0 &&
			    hypot(cs[j].cx - cs[i].cx, cs[j].cy - cs[i].cy) <=
				    fmax(1.0, 0.02 * fmax(cs[i].r, cs[j].r))) {
				cs[j].group = groups;
				strong++;
			}
		/* the group's centre: the median of its strong curves' */
		v = mb_mp_xmalloc(strong * sizeof *v);
		strong = 0;
		for (size_t j = i; j < n; j++)
			if (cs[j].group == groups)
				v[strong++] = cs[j].cx;
		gx = mb_mp_lat_median(v, strong);
		strong = 0;
		for (size_t j = i; j < n; j++)
			if (cs[j].group == groups)
				v[strong++] = cs[j].cy;
		gy = mb_mp_lat_median(v, strong);
		free(v);
		rim = 0;
		for (size_t j = i; j < n; j++)
			if (cs[j].group == groups) {
				const struct mb_mp_curve *c = &page->curves[cs[j].curve];

				rim = fmax(rim, dist(c->xm - gx, c->ym - gy));
			}
		for (size_t j = 0; j < n; j++) {
			const struct mb_mp_curve *c = &page->curves[cs[j].curve];
			double d0 = dist(c->x0 - gx, c->y0 - gy), dm = dist(c->xm - gx, c->ym - gy);
			double d1 = dist(c->x1 - gx, c->y1 - gy), tol = fmax(0.5, c->width_pt / 2);

			if (cs[j].group == groups)
				continue;
			/* a curve of its own centre, near enough: within the group's arcs */
			if (cs[j].group < 0 && cs[j].r >= 0 && dm <= rim + 2 * tol &&
			    fabs(d0 - dm) <= tol && fabs(d1 - dm) <= tol) {
				cs[j].group = groups;
			}
		}
		for (size_t j = 0; j < n; j++)
			if (cs[j].group == groups) {
				cs[j].cx = gx;
				cs[j].cy = gy;
			}
		gcx = mb_mp_xrealloc(gcx, (size_t)(groups + 1) * sizeof *gcx);
		gcy = mb_mp_xrealloc(gcy, (size_t)(groups + 1) * sizeof *gcy);
		gcx[groups] = gx;
		gcy[groups] = gy;
		groups++;
	}
	join_weak(page, cs, n, gcx, gcy, groups);
	count = polar_groups(page, cs, n, groups, out, count);
	free(cs);
	free(gcx);
	free(gcy);
	return count;
}
