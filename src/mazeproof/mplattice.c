/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* Circular, hexagonal and triangular mazes from the page alone (mplattice.h); what the readers share is here. */
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
 * The length of (dx, dy): sqrt of the squares, a tenth of hypot's cost
 * and within a unit in the last place of it, which only guards against
 * overflow and underflow, taken for the lengths far from page sizes.
 */
static double dist(double dx, double dy)
{
	double d = sqrt(dx * dx + dy * dy);

	return d > 1e-150 && d < 1e150 ? d : hypot(dx, dy);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/*
 * v[n / 2] of v sorted (v is reordered), by selection rather than a sort:
 * the three medians of a round maze were 4 % of proving it. A NaN has no
 * place in an order, and qsort puts it somewhere: then v is sorted as
 * before, so every verdict stays as it was.
 */
static double median(double *v, size_t n)
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

void append_why(char *buf, size_t len, const char *what)
{
	size_t used = strlen(buf);

	snprintf(buf + used, len - used, "%s%s", used ? "; " : "", what);
}

static struct mb_mp_ledge *add_edge(struct mb_mp_lattice *l, int a, int b)
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

/* circle through three points; false when they are (nearly) on a line */
static bool circumcentre(double ax, double ay, double bx, double by, double cx, double cy,
			 double *ox, double *oy)
{
	double d = 2 * (ax * (by - cy) + bx * (cy - ay) + cx * (ay - by));
	double a2 = ax * ax + ay * ay, b2 = bx * bx + by * by, c2 = cx * cx + cy * cy;

	if (fabs(d) < 1e-6)
		return false;
	*ox = (a2 * (by - cy) + b2 * (cy - ay) + c2 * (ay - by)) / d;
	*oy = (a2 * (cx - bx) + b2 * (ax - cx) + c2 * (bx - ax)) / d;
	return isfinite(*ox) && isfinite(*oy);
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

/* the cell of ring q (0: the centre) at angle a */
static int polar_cell(const struct mb_mp_lattice *l, int q, double a)
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
			struct mb_mp_ledge *e = add_edge(l, l->ring_first[r] + (k + n - 1) % n,
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
			e = add_edge(l, inner, outer);
			e->arc = true;
			e->r = rad;
			e->t0 = a0;
			e->t1 = a1;
		}
		free(cut);
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
	l->cx = median(v, n);
	for (size_t i = 0; i < n; i++)
		v[i] = cs[i].cy;
	l->cy = median(v, n);
	for (size_t i = 0; i < n; i++)
		v[i] = page->curves[cs[i].curve].width_pt;
	pen = l->pen_pt = median(v, n);
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
	/* radial walls: black segments pointing at the centre, per ring */
	double **ang = mb_mp_xcalloc((size_t)R, sizeof *ang);
	size_t *nang = mb_mp_xcalloc((size_t)R, sizeof *nang), *cap = mb_mp_xcalloc((size_t)R,
										     sizeof *cap);
	double reach = R * rw + 2 * pen + 1;

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
	l->ring_n[0] = 1;
	for (int r = 1; r < R; r++) {
		int prev = l->ring_n[r - 1], rule = prev * (int)fmax(1, lround(TWO_PI * r / prev));
		double tol = fmax(1.0, pen) / ((r + 0.5) * rw), t0 = nang[r] ? ang[r][0]
								  : l->ring_t0[r - 1];
		int best = -1;

		if (angles_fit(ang[r], nang[r], rule, t0, tol))
			best = rule;
		for (int d = 1; best < 0 && d <= 4 * rule; d++) {
			if (rule - d >= 1 && angles_fit(ang[r], nang[r], rule - d, t0, tol))
				best = rule - d;
			else if (angles_fit(ang[r], nang[r], rule + d, t0, tol))
				best = rule + d;
		}
		if (best < 0) {
			best = rule;
			if (!l->problem[0])
				snprintf(l->problem, sizeof l->problem,
					 "the radial walls of ring %d fit no division into equal cells", r);
		}
		l->ring_n[r] = best;
		l->ring_t0[r] = t0;
	}
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

/*
 * Curves around one centre are one maze. Centres are fitted only from
 * curves that bow enough to give one (a short arc's three points say little
 * about where its centre is), grouped within a point or 2 % of the radius;
 * then every curve whose ends and middle are equally far from a group's
 * centre joins it.
 */
static size_t find_polar(struct mb_mp_page *page, struct mb_mp_lattice ***out, size_t count)
{
	struct circ *cs = mb_mp_xmalloc((page->ncurves + 1) * sizeof *cs);
	double *gcx = NULL, *gcy = NULL;
	size_t n = 0;
	int groups = 0;

	for (size_t i = 0; i < page->ncurves; i++) {
		const struct mb_mp_curve *c = &page->curves[i];
		struct circ *q = &cs[n];

		if (c->dashed)
			continue;
		q->curve = i;
		q->group = -1;
		q->r = -1;	/* no centre of its own */
		if (sagitta(c) >= 0.4 &&
		    circumcentre(c->x0, c->y0, c->xm, c->ym, c->x1, c->y1, &q->cx, &q->cy))
			q->r = dist(c->xm - q->cx, c->ym - q->cy);
		n++;
	}
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
		gx = median(v, strong);
		strong = 0;
		for (size_t j = i; j < n; j++)
			if (cs[j].group == groups)
				v[strong++] = cs[j].cy;
		gy = median(v, strong);
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
	free(cs);
	free(gcx);
	free(gcy);
	return count;
}


/* ---- hex --------------------------------------------------------------- */


/* page point <-> the frame where the hexagons have vertical sides */
static void turn_pt(bool flat, double x, double y, double *u, double *v)
{
	*u = flat ? y : x;
	*v = flat ? x : y;
}

static double seg_dir(const struct mb_mp_seg *s)
{
	double a = atan2(s->y1 - s->y0, s->x1 - s->x0) * 180 / M_PI;

	a = fmod(a + 360, 180);
	return a;
}

static bool near_dir(double a, double want)
{
	double d = fabs(a - want);

	return fmin(d, 180 - d) < 3;
}

int find_root(int *p, int i)
{
	while (p[i] != i)
		i = p[i] = p[p[i]];
	return i;
}

static void hex_centre(const struct mb_mp_lattice *l, int a, int b, double *x, double *y)
{
	*x = l->ox + a * sqrt(3) * l->side / 2;
	*y = l->oy + b * 1.5 * l->side;
}

static int hex_cell(const struct mb_mp_lattice *l, int a, int b)
{
	if (a < l->amin || a > l->amax || b < l->bmin || b > l->bmax)
		return -1;
	return l->cell_at[(size_t)(b - l->bmin) * (size_t)(l->amax - l->amin + 1) +
			  (size_t)(a - l->amin)];
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
static size_t hull(const double *pt, size_t n, double *h)
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
static double inside_by(const double *h, size_t n, double x, double y)
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


/* outlines (below): the positions inside the hull that the outer wall does not enclose */
struct pos_side;
static long long hex_key(const struct mb_mp_lattice *l, double u, double v);
static int hex_sides(const struct mb_mp_lattice *l, int a, int b, struct pos_side *out);
static void carve_outside(struct mb_mp_lattice *l, const double *pts, size_t n,
			  long long (*key)(const struct mb_mp_lattice *, double, double),
			  int (*sides)(const struct mb_mp_lattice *, int, int, struct pos_side *));
static void number_cells(struct mb_mp_lattice *l);
static bool outside_at(const struct mb_mp_lattice *l, int a, int b);


static struct mb_mp_lattice *hex_from(struct mb_mp_page *page, const size_t *idx, size_t n,
				      bool flat)
{
	struct mb_mp_lattice *l = mb_mp_xcalloc(1, sizeof *l);
	double *v = mb_mp_xmalloc((2 * n + 1) * sizeof *v), *pts, *h, s, w;
	double ux0 = INFINITY, uy0 = INFINITY, ux1 = -INFINITY, uy1 = -INFINITY;
	size_t nh, ref = n;

	l->kind = MB_MP_LAT_HEX;
	l->page = page->number;
	l->flat = flat;
	for (size_t i = 0; i < n; i++) {
		const struct mb_mp_seg *sg = &page->segs[idx[i]];

		v[i] = hypot(sg->x1 - sg->x0, sg->y1 - sg->y0);
	}
	s = l->side = median(v, n);
	w = sqrt(3) * s;
	for (size_t i = 0; i < n; i++)
		v[i] = page->segs[idx[i]].width_pt;
	l->pen_pt = median(v, n);
	pts = mb_mp_xmalloc((4 * n + 2) * sizeof *pts);
	h = mb_mp_xmalloc((4 * n + 4) * sizeof *h);
	for (size_t i = 0; i < n; i++) {
		const struct mb_mp_seg *sg = &page->segs[idx[i]];
		double u0, v0, u1, v1;

		turn_pt(flat, sg->x0, sg->y0, &u0, &v0);
		turn_pt(flat, sg->x1, sg->y1, &u1, &v1);
		pts[4 * i] = u0;
		pts[4 * i + 1] = v0;
		pts[4 * i + 2] = u1;
		pts[4 * i + 3] = v1;
		ux0 = fmin(ux0, fmin(u0, u1));
		ux1 = fmax(ux1, fmax(u0, u1));
		uy0 = fmin(uy0, fmin(v0, v1));
		uy1 = fmax(uy1, fmax(v0, v1));
		if (ref == n && fabs(u0 - u1) < 0.05 * s)
			ref = i;
	}
	if (flat) {
		l->x0 = uy0 - l->pen_pt;
		l->x1 = uy1 + l->pen_pt;
		l->y0 = ux0 - l->pen_pt;
		l->y1 = ux1 + l->pen_pt;
	} else {
		l->x0 = ux0 - l->pen_pt;
		l->x1 = ux1 + l->pen_pt;
		l->y0 = uy0 - l->pen_pt;
		l->y1 = uy1 + l->pen_pt;
	}
	if (ref == n) {
		snprintf(l->problem, sizeof l->problem, "hexagon sides in three directions but none "
			 "%s: not a hexagon grid this tool reads", flat ? "horizontal" : "vertical");
		goto out;
	}
	/* a side parallel to the hexagons' vertical sides lies between two centres */
	l->ox = (pts[4 * ref] + pts[4 * ref + 2]) / 2 + w / 2;
	l->oy = (pts[4 * ref + 1] + pts[4 * ref + 3]) / 2;
	/* every side must sit between two lattice centres */
	for (size_t i = 0; i < n && !l->problem[0]; i++) {
		double mx = (pts[4 * i] + pts[4 * i + 2]) / 2, my = (pts[4 * i + 1] + pts[4 * i + 3]) / 2;
		int b0 = (int)floor((my - l->oy) / (1.5 * s)), a0 = (int)floor((mx - l->ox) / (w / 2));
		double d1 = INFINITY, d2 = INFINITY, x1 = 0, y1 = 0, x2 = 0, y2 = 0, cx, cy;

		/* a side lies halfway between its two nearest centres */
		for (int b = b0 - 1; b <= b0 + 2; b++)
			for (int a = a0 - 2; a <= a0 + 3; a++) {
				double hx, hy, d;

				if ((a + b) % 2)
					continue;
				hex_centre(l, a, b, &hx, &hy);
				d = hypot(mx - hx, my - hy);
				if (d < d1) {
					d2 = d1, x2 = x1, y2 = y1;
					d1 = d, x1 = hx, y1 = hy;
				} else if (d < d2) {
					d2 = d, x2 = hx, y2 = hy;
				}
			}
		cx = (x1 + x2) / 2;
		cy = (y1 + y2) / 2;
		if (hypot(mx - cx, my - cy) > 0.15 * s) {
			double px, py;

			turn_pt(flat, mx, my, &px, &py);
			snprintf(l->problem, sizeof l->problem, "a wall at (%.1f, %.1f) pt is not a side of "
				 "the hexagon grid (sides %.2f pt)", px, py, s);
		}
	}
	if (l->problem[0])
		goto out;
	nh = hull(pts, 2 * n, h);
	l->amin = (int)floor((ux0 - l->ox) / (w / 2)) - 1;
	l->amax = (int)ceil((ux1 - l->ox) / (w / 2)) + 1;
	l->bmin = (int)floor((uy0 - l->oy) / (1.5 * s)) - 1;
	l->bmax = (int)ceil((uy1 - l->oy) / (1.5 * s)) + 1;
	if ((double)(l->amax - l->amin + 1) * (l->bmax - l->bmin + 1) > 4.0 * MB_MP_LAT_MAX_CELLS) {
		snprintf(l->problem, sizeof l->problem, "more than %d hexagons", MB_MP_LAT_MAX_CELLS);
		goto out;
	}
	l->cell_at = mb_mp_xmalloc((size_t)(l->amax - l->amin + 1) * (size_t)(l->bmax - l->bmin + 1) *
				   sizeof *l->cell_at);
	{
		int maxrow = 0, rows = 0;

		for (int b = l->bmin; b <= l->bmax; b++) {
			for (int a = l->amin; a <= l->amax; a++) {
				double cx, cy;
				int *slot = &l->cell_at[(size_t)(b - l->bmin) *
							(size_t)(l->amax - l->amin + 1) +
							(size_t)(a - l->amin)];

				*slot = -1;
				if ((a + b) % 2)
					continue;
				hex_centre(l, a, b, &cx, &cy);
				if (inside_by(h, nh, cx, cy) >= w / 4)
					*slot = 0;
			}
		}
		carve_outside(l, pts, n, hex_key, hex_sides);
		number_cells(l);
		for (int b = l->bmin; b <= l->bmax; b++) {
			int inrow = 0;

			for (int a = l->amin; a <= l->amax; a++)
				inrow += !outside_at(l, a, b);
			maxrow = inrow > maxrow ? inrow : maxrow;
			rows += inrow > 0;
		}
		snprintf(l->grid, sizeof l->grid, "hex %dx%d", flat ? rows : maxrow,
			 flat ? maxrow : rows);
	}
	for (int c = 0; c < l->ncells; c++) {
		int a = l->cell_a[c], b = l->cell_b[c];
		double cx, cy;

		hex_centre(l, a, b, &cx, &cy);
		for (int d = 0; d < 6; d++) {
			int nb = hex_cell(l, a + HEX_DIR[d][0], b + HEX_DIR[d][1]);
			struct mb_mp_ledge *e;
			double p0x, p0y, p1x, p1y, t0 = (60.0 * d - 30) * M_PI / 180,
						   t1 = (60.0 * d + 30) * M_PI / 180;

			if (nb >= 0 && d >= 3)
				continue;
			e = add_edge(l, c, nb);
			turn_pt(flat, cx + s * cos(t0), cy + s * sin(t0), &p0x, &p0y);
			turn_pt(flat, cx + s * cos(t1), cy + s * sin(t1), &p1x, &p1y);
			e->x0 = p0x;
			e->y0 = p0y;
			e->x1 = p1x;
			e->y1 = p1y;
		}
	}
out:
	free(v);
	free(pts);
	free(h);
	return l;
}


/* ---- delta (triangles) ----------------------------------------------------- */

/* lattice point (p rows down, q along the 60-degree lines) -> page point */
static void delta_pt(const struct mb_mp_lattice *l, double p, double q, double *x, double *y)
{
	*x = l->ox + (2 * q + p) * l->side / 2;
	*y = l->oy + p * l->side * sqrt(3) / 2;
}

static void delta_pq(const struct mb_mp_lattice *l, double x, double y, double *p, double *q)
{
	*p = (y - l->oy) / (l->side * sqrt(3) / 2);
	*q = ((x - l->ox) * 2 / l->side - *p) / 2;
}

static int floor_div2(int a)
{
	return a >= 0 ? a / 2 : -((1 - a) / 2);
}

/* the triangle's three corners in lattice (p, q), and for each side the neighbour's (a, b) */
static void delta_tri(int a, int b, double pq[3][2][2], int nb[3][2])
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

static void delta_centre(const struct mb_mp_lattice *l, int a, int b, double *x, double *y)
{
	int Q = floor_div2(a), t = a - 2 * Q;
	double f = t ? 2.0 / 3 : 1.0 / 3;

	delta_pt(l, b + f, Q + f, x, y);
}

/*
 * Delta or flat-top hexagons? Both draw sides at 0, 60 and 120 degrees, but
 * a triangle grid's sides run straight on through its vertices (two sides
 * of one direction end to end, or one segment spanning several), which
 * hexagon sides, meeting three at 120 degrees, never do.
 */
static double delta_side(double *len, size_t n);

static bool is_delta(const struct mb_mp_page *page, const size_t *g, size_t m)
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

static int delta_cell(const struct mb_mp_lattice *l, int a, int b)
{
	if (!l->cell_at || a < l->amin || a > l->amax || b < l->bmin || b > l->bmax)
		return -1;
	return l->cell_at[(size_t)(b - l->bmin) * (size_t)(l->amax - l->amin + 1) +
			  (size_t)(a - l->amin)];
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
 *     most BAY_MAX positions joined by undrawn sides whose every other
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

static long long pt_key(long i, long j)
{
	return (long long)(i + (1L << 30)) * (1LL << 32) + (long long)(j + (1L << 30));
}

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

/* one side of a lattice position: the neighbour's (a, b), its middle's and its ends' keys */
struct pos_side {
	int a, b;
	long long mid, c0, c1;
};

/* hex points (turned frame) in quarters of w along, quarters of s down: all lattice points are whole */
static long long hex_key(const struct mb_mp_lattice *l, double u, double v)
{
	return pt_key(lround((u - l->ox) / (sqrt(3) * l->side / 4)),
		      lround((v - l->oy) / (l->side / 4)));
}

static int hex_sides(const struct mb_mp_lattice *l, int a, int b, struct pos_side *out)
{
	double cx, cy, s = l->side, m = s * sqrt(3) / 2;

	hex_centre(l, a, b, &cx, &cy);
	for (int d = 0; d < 6; d++) {
		double t = 60.0 * d * M_PI / 180, t0 = t - M_PI / 6, t1 = t + M_PI / 6;

		out[d].a = a + HEX_DIR[d][0];
		out[d].b = b + HEX_DIR[d][1];
		out[d].mid = hex_key(l, cx + m * cos(t), cy + m * sin(t));
		out[d].c0 = hex_key(l, cx + s * cos(t0), cy + s * sin(t0));
		out[d].c1 = hex_key(l, cx + s * cos(t1), cy + s * sin(t1));
	}
	return 6;
}

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

typedef long long (*key_fn)(const struct mb_mp_lattice *, double, double);
typedef int (*sides_fn)(const struct mb_mp_lattice *, int, int, struct pos_side *);

/* the slot of position (a, b) in cell_at, NULL off the lattice's box (which is outside) */
static int *slot_at(const struct mb_mp_lattice *l, int a, int b)
{
	if (a < l->amin || a > l->amax || b < l->bmin || b > l->bmax)
		return NULL;
	return &l->cell_at[(size_t)(b - l->bmin) * (size_t)(l->amax - l->amin + 1) +
			   (size_t)(a - l->amin)];
}

static bool outside_at(const struct mb_mp_lattice *l, int a, int b)
{
	const int *p = slot_at(l, a, b);

	return !p || *p < 0;
}

/* positions a bay of the outline may hold (a notch a few positions deep) */
#define BAY_MAX 6

/*
 * The positions joined to (a, b) through undrawn sides, not outside, when
 * they are at most BAY_MAX: then no side of theirs leads into the maze, so
 * they are a bay of the outside (or cells no entrance reaches but through
 * the rim, drawn exactly as a bay). Their (a, b) pairs go to bay; returns
 * how many, 0 when more.
 */
static int small_bay(const struct mb_mp_lattice *l, const struct keyset *drawn, sides_fn sides,
		     int a, int b, int bay[BAY_MAX][2])
{
	int n = 1;

	bay[0][0] = a;
	bay[0][1] = b;
	for (int i = 0; i < n; i++) {
		struct pos_side sd[6];
		int ns = sides(l, bay[i][0], bay[i][1], sd);

		for (int d = 0; d < ns; d++) {
			bool seen = false;

			if (keys_has(drawn, sd[d].mid) || outside_at(l, sd[d].a, sd[d].b))
				continue;
			for (int j = 0; j < n && !seen; j++)
				seen = bay[j][0] == sd[d].a && bay[j][1] == sd[d].b;
			if (seen)
				continue;
			if (n == BAY_MAX)
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
		if (!keys_has(drawn, sd[d].mid) && outside_at(l, sd[d].a, sd[d].b))
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
		bool open = !keys_has(drawn, sd[d].mid), out = outside_at(l, sd[d].a, sd[d].b);

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
					    !outside_at(l, sd[d].a, sd[d].b)) {
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
static void carve_outside(struct mb_mp_lattice *l, const double *pts, size_t n, key_fn key,
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
			if (outside_at(l, a, b))
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

		int bay[BAY_MAX][2], nbay = 1;

		if (outside_at(l, a, b))
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
				if (outside_at(l, sd[d].a, sd[d].b))
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
static void number_cells(struct mb_mp_lattice *l)
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

static struct mb_mp_lattice *delta_from(struct mb_mp_page *page, const size_t *idx, size_t n)
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
	l->pen_pt = median(v, n);
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
	nh = hull(pts, 2 * n, h);
	l->bmin = (int)floor(pmin) - 1;
	l->bmax = (int)ceil(pmax) + 1;
	l->amin = 2 * (int)floor(qmin) - 2;
	l->amax = 2 * (int)ceil(qmax) + 3;
	if ((double)(l->amax - l->amin + 1) * (l->bmax - l->bmin + 1) > 4.0 * MB_MP_LAT_MAX_CELLS) {
		snprintf(l->problem, sizeof l->problem, "more than %d triangles", MB_MP_LAT_MAX_CELLS);
		goto out;
	}
	l->cell_at = mb_mp_xmalloc((size_t)(l->amax - l->amin + 1) * (size_t)(l->bmax - l->bmin + 1) *
				   sizeof *l->cell_at);
	{
		int maxrow = 0, rows = 0, last = 0;
		bool up = true, down = true;	/* rows of 1, 3, 5, ... (or the reverse) triangles */

		for (int b = l->bmin; b <= l->bmax; b++) {
			for (int a = l->amin; a <= l->amax; a++) {
				double cx, cy;
				int *slot = &l->cell_at[(size_t)(b - l->bmin) *
							(size_t)(l->amax - l->amin + 1) +
							(size_t)(a - l->amin)];

				*slot = -1;
				delta_centre(l, a, b, &cx, &cy);
				if (inside_by(h, nh, cx, cy) >= 0.15 * s)
					*slot = 0;
			}
		}
		carve_outside(l, pts, n, delta_key, delta_sides);
		number_cells(l);
		for (int b = l->bmin; b <= l->bmax; b++) {
			int inrow = 0;

			for (int a = l->amin; a <= l->amax; a++)
				inrow += !outside_at(l, a, b);
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
			e = add_edge(l, c, o);
			delta_pt(l, pq[d][0][0], pq[d][0][1], &e->x0, &e->y0);
			delta_pt(l, pq[d][1][0], pq[d][1][1], &e->x1, &e->y1);
		}
	}
out:
	free(v);
	free(pts);
	free(h);
	return l;
}

/* how many sides of the given length a line is (a straight run of sides may be one line) */
static size_t run_sides(const struct mb_mp_seg *s, double side)
{
	double len = hypot(s->x1 - s->x0, s->y1 - s->y0);

	if (!(side > 0) || !isfinite(side) || len <= side)
		return 1;
	return len / side < 1e6 ? (size_t)lround(len / side) : 1000000;
}

/* The sides a drawing of m lines (g) holds, each line counted by its length in its shortest line's. */
static double shortest_side(const struct mb_mp_page *page, const size_t *g, size_t m)
{
	double shortest = INFINITY;

	for (size_t j = 0; j < m; j++) {
		const struct mb_mp_seg *s = &page->segs[g[j]];
		double len = hypot(s->x1 - s->x0, s->y1 - s->y0);

		if (len >= MB_MP_LAT_MIN_SIDE_PT)
			shortest = fmin(shortest, len);
	}
	return shortest;
}

static size_t sides_in(const struct mb_mp_page *page, const size_t *g, size_t m)
{
	double shortest = shortest_side(page, g, m);
	size_t sides = 0;

	for (size_t j = 0; j < m; j++)
		sides += run_sides(&page->segs[g[j]], shortest);
	return sides;
}

/*
 * A perfect maze's walls with two gaps in the rim are two connected
 * drawings, one each side of the gaps, and they are one maze: merge
 * drawings whose boxes overlap or lie closer than 0.6 of a side. Two gaps
 * on one side of a triangle maze cut off its end column, whose box stops
 * half a side short of the rest (a title page's 6x6 maze was read without
 * it, as a maze with one gap); two mazes printed that close would be
 * touching.
 */
static void merge_near_drawings(const struct mb_mp_page *page, const size_t *idx, size_t n,
				double median_len, int *parent)
{
	/* per drawing: box (x0, y0, x1, y1), then its shortest side */
	double *bx = mb_mp_xmalloc((5 * n + 5) * sizeof *bx);
	size_t *roots = mb_mp_xmalloc((n + 1) * sizeof *roots), nroots;
	bool merged = true;

	while (merged) {
		merged = false;
		for (size_t i = 0; i < n; i++) {
			bx[5 * i] = bx[5 * i + 1] = bx[5 * i + 4] = INFINITY;
			bx[5 * i + 2] = bx[5 * i + 3] = -INFINITY;
		}
		for (size_t i = 0; i < n; i++) {
			const struct mb_mp_seg *q = &page->segs[idx[i]];
			int r = find_root(parent, (int)i);
			double len = hypot(q->x1 - q->x0, q->y1 - q->y0);

			bx[5 * r] = fmin(bx[5 * r], fmin(q->x0, q->x1));
			bx[5 * r + 1] = fmin(bx[5 * r + 1], fmin(q->y0, q->y1));
			bx[5 * r + 2] = fmax(bx[5 * r + 2], fmax(q->x0, q->x1));
			bx[5 * r + 3] = fmax(bx[5 * r + 3], fmax(q->y0, q->y1));
			/* a tick far shorter than the page's sides is no side */
			if (len >= 0.25 * median_len)
				bx[5 * r + 4] = fmin(bx[5 * r + 4], len);
		}
		nroots = 0;
		for (size_t i = 0; i < n; i++)
			if (find_root(parent, (int)i) == (int)i)
				roots[nroots++] = i;
		for (size_t x = 0; x < nroots; x++)
			for (size_t y = x + 1; y < nroots; y++) {
				size_t i = roots[x], j = roots[y];
				int ri = find_root(parent, (int)i), rj = find_root(parent, (int)j);
				double side = fmax(bx[5 * i + 4], bx[5 * j + 4]);
				double t = isfinite(side) ? 0.6 * side : 0;

				if (ri != rj && bx[5 * i] < bx[5 * j + 2] + t &&
				    bx[5 * j] < bx[5 * i + 2] + t && bx[5 * i + 1] < bx[5 * j + 3] + t &&
				    bx[5 * j + 1] < bx[5 * i + 3] + t) {
					parent[ri] = rj;
					merged = true;
				}
			}
	}
	free(roots);
	free(bx);
}

/*
 * The hexagon and triangle mazes of one turn (flat: sides at 0, 60 and 120
 * degrees; else at 90, 30 and 150) among the page's black lines not yet
 * taken.
 */
static size_t find_hex_turned(struct mb_mp_page *page, struct mb_mp_lattice ***out, size_t count,
			      bool flat)
{
	size_t *idx = mb_mp_xmalloc((page->nsegs + 1) * sizeof *idx), n = 0;
	int *parent;
	double *len;

	for (size_t i = 0; i < page->nsegs && n < 20000; i++) {
		const struct mb_mp_seg *s = &page->segs[i];
		double a;

		if (!s->black || s->dashed)
			continue;
		a = seg_dir(s);
		if (flat ? near_dir(a, 0) || near_dir(a, 60) || near_dir(a, 120)
			 : near_dir(a, 90) || near_dir(a, 30) || near_dir(a, 150))
			idx[n++] = i;
	}
	len = mb_mp_xmalloc((n + 1) * sizeof *len);
	for (size_t i = 0; i < n; i++) {
		const struct mb_mp_seg *s = &page->segs[idx[i]];

		len[i] = hypot(s->x1 - s->x0, s->y1 - s->y0);
	}
	double L = median(len, n);

	parent = mb_mp_xmalloc((n + 1) * sizeof *parent);
	for (size_t i = 0; i < n; i++)
		parent[i] = (int)i;
	/* sides meet end to end (or their boxes overlap): one drawing */
	for (size_t i = 0; i < n; i++) {
		const struct mb_mp_seg *p = &page->segs[idx[i]];

		for (size_t j = i + 1; j < n; j++) {
			const struct mb_mp_seg *q = &page->segs[idx[j]];
			double t = 0.3 * L;

			if (fmin(p->x0, p->x1) - t > fmax(q->x0, q->x1) ||
			    fmin(q->x0, q->x1) - t > fmax(p->x0, p->x1) ||
			    fmin(p->y0, p->y1) - t > fmax(q->y0, q->y1) ||
			    fmin(q->y0, q->y1) - t > fmax(p->y0, p->y1))
				continue;
			parent[find_root(parent, (int)i)] = find_root(parent, (int)j);
		}
	}
	merge_near_drawings(page, idx, n, L, parent);
	for (size_t i = 0; i < n; i++) {
		size_t m = 0, *g;
		int root = find_root(parent, (int)i);

		if (root != (int)i)
			continue;
		for (size_t j = 0; j < n; j++)
			m += find_root(parent, (int)j) == root;
		g = mb_mp_xmalloc(m * sizeof *g);
		m = 0;
		for (size_t j = 0; j < n; j++)
			if (find_root(parent, (int)j) == root)
				g[m++] = idx[j];
		if (sides_in(page, g, m) < MB_MP_LAT_MIN_SIDES) {
			free(g);
			continue;
		}
		/*
		 * all three directions, or it is no hexagon or triangle grid (a
		 * square maze's rows); counted in sides, as a small maze drawn as
		 * runs may have one line in a direction
		 */
		{
			size_t dirs[3] = { 0, 0, 0 };
			double side = shortest_side(page, g, m);

			for (size_t j = 0; j < m; j++) {
				double a = seg_dir(&page->segs[g[j]]);

				for (int d = 0; d < 3; d++)
					dirs[d] += near_dir(a, fmod((flat ? 0 : 90) + 60.0 * d, 180))
							   ? run_sides(&page->segs[g[j]], side) : 0;
			}
			if (dirs[0] < 2 || dirs[1] < 2 || dirs[2] < 2) {
				free(g);
				continue;
			}
		}
		*out = mb_mp_xrealloc(*out, (count + 1) * sizeof **out);
		(*out)[count++] = flat && is_delta(page, g, m) ? delta_from(page, g, m)
							       : hex_from(page, g, m, flat);
		for (size_t j = 0; j < m; j++)
			page->segs[g[j]].black = false;
		free(g);
	}
	free(parent);
	free(len);
	free(idx);
	return count;
}

/*
 * Hexagon and triangle mazes of both turns: the turn with more sides on the
 * page first, then the other among the lines left (a flat-top maze printed
 * beside pointy-top ones was not read at all, and the page passed).
 */
static size_t find_hex(struct mb_mp_page *page, struct mb_mp_lattice ***out, size_t count)
{
	size_t npointy = 0, nflat = 0;
	double shortest = INFINITY;

	for (size_t i = 0; i < page->nsegs; i++) {
		const struct mb_mp_seg *s = &page->segs[i];
		double a = seg_dir(s), len = hypot(s->x1 - s->x0, s->y1 - s->y0);

		if (s->black && !s->dashed && len >= MB_MP_LAT_MIN_SIDE_PT &&
		    (near_dir(a, 30) || near_dir(a, 150) || near_dir(a, 60) || near_dir(a, 120)))
			shortest = fmin(shortest, len);
	}
	for (size_t i = 0; i < page->nsegs; i++) {
		const struct mb_mp_seg *s = &page->segs[i];
		double a;

		if (!s->black || s->dashed)
			continue;
		a = seg_dir(s);
		/* a line may be a straight run of sides: count it as long as it is */
		npointy += (near_dir(a, 30) || near_dir(a, 150)) ? run_sides(s, shortest) : 0;
		nflat += (near_dir(a, 60) || near_dir(a, 120)) ? run_sides(s, shortest) : 0;
	}
	bool flat_first = nflat > npointy;

	if ((flat_first ? nflat : npointy) >= MB_MP_LAT_MIN_SIDES)
		count = find_hex_turned(page, out, count, flat_first);
	if ((flat_first ? npointy : nflat) >= MB_MP_LAT_MIN_SIDES)
		count = find_hex_turned(page, out, count, !flat_first);
	return count;
}


size_t mb_mp_find_lattices(struct mb_mp_page *page, struct mb_mp_lattice ***out)
{
	size_t n = 0;

	*out = NULL;
	n = find_polar(page, out, n);
	n = find_hex(page, out, n);
	for (size_t k = 0; k < n; k++) {
		struct mb_mp_lattice *l = (*out)[k];

		take_route(page, l);
	}
	return n;
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


/* ---- ink ----------------------------------------------------------------- */

static bool ink_near(const struct mb_mp_image *img, double x, double y, double rad)
{
	int px = (int)floor((x - img->x0) * img->res), py = (int)floor((y - img->y0) * img->res);
	int rp = (int)ceil(rad * img->res);
	unsigned char dark = (unsigned char)(255 * (1 - MB_MP_INK_SHARE));

	for (int dy = -rp; dy <= rp; dy++)
		for (int dx = -rp; dx <= rp; dx++) {
			int qx = px + dx, qy = py + dy;

			if (dx * dx + dy * dy > rp * rp || qx < 0 || qy < 0 || qx >= img->w || qy >= img->h)
				continue;
			if (img->pix[(size_t)qy * (size_t)img->w + (size_t)qx] < dark)
				return true;
		}
	return false;
}

/* the middle of wall position e, page points */
static void edge_middle(const struct mb_mp_lattice *l, const struct mb_mp_ledge *e, double *x,
			double *y)
{
	if (e->arc) {
		*x = l->cx + e->r * cos((e->t0 + e->t1) / 2);
		*y = l->cy + e->r * sin((e->t0 + e->t1) / 2);
	} else {
		*x = (e->x0 + e->x1) / 2;
		*y = (e->y0 + e->y1) / 2;
	}
}

/* the centre of a cell, page points */
static void cell_centre(const struct mb_mp_lattice *l, int cell, double *x, double *y)
{
	if (l->kind == MB_MP_LAT_POLAR) {
		int r = 0;

		while (r + 1 < l->rings && l->ring_first[r + 1] <= cell)
			r++;
		if (r == 0) {
			*x = l->cx;
			*y = l->cy;
			return;
		}
		double a = l->ring_t0[r] + TWO_PI * (cell - l->ring_first[r] + 0.5) / l->ring_n[r];

		*x = l->cx + (r + 0.5) * l->ring_pt * cos(a);
		*y = l->cy + (r + 0.5) * l->ring_pt * sin(a);
		return;
	}
	if (l->kind == MB_MP_LAT_DELTA) {
		delta_centre(l, l->cell_a[cell], l->cell_b[cell], x, y);
		return;
	}
	{
		double u, v;

		hex_centre(l, l->cell_a[cell], l->cell_b[cell], &u, &v);
		turn_pt(l->flat, u, v, x, y);
	}
}

/* ink on the way from (x0, y0) to (x1, y1), looked at every half point; *at is where */
static bool ink_along(const struct mb_mp_image *img, double x0, double y0, double x1, double y1,
		      double *atx, double *aty)
{
	int n = (int)fmin(2000, ceil(hypot(x1 - x0, y1 - y0) / 0.5));

	for (int i = 0; i <= n; i++) {
		double t = n ? (double)i / n : 0, x = x0 + t * (x1 - x0), y = y0 + t * (y1 - y0);

		if (ink_near(img, x, y, 0.25)) {
			*atx = x;
			*aty = y;
			return true;
		}
	}
	return false;
}

void mb_mp_lat_judge_ink(struct mb_mp_lattice *l, const struct mb_mp_image *img)
{
	double rad = l->pen_pt / 2 + 0.5;

	for (size_t k = 0; k < l->nedges; k++) {
		struct mb_mp_ledge *e = &l->edges[k];
		double length = e->arc ? e->r * (e->t1 - e->t0) : hypot(e->x1 - e->x0, e->y1 - e->y0);
		/*
		 * the ends meet other walls' ink: the middle decides, and at least
		 * its middle tenth (a wall shorter than two pens and three points
		 * was once a wall with nothing left to look at: closed unseen)
		 */
		double from = e->arc ? fmin(0.45, fmax(0.2, (l->pen_pt + 1.5) / fmax(length, 1e-9)))
				     : 0.25;
		int n = (int)fmin(200, fmax(5, length * (1 - 2 * from) / 0.75));

		e->wall = true;
		for (int i = 0; i <= n && e->wall; i++) {
			double t = from + (1 - 2 * from) * i / n, x, y;

			if (e->arc) {
				double a = e->t0 + t * (e->t1 - e->t0);

				x = l->cx + e->r * cos(a);
				y = l->cy + e->r * sin(a);
			} else {
				x = e->x0 + t * (e->x1 - e->x0);
				y = e->y0 + t * (e->y1 - e->y0);
			}
			e->wall = ink_near(img, x, y, rad);
		}
	}
	/*
	 * Ink across a corridor: on the way from each cell's centre through the
	 * middle of each opening to the next cell's centre (clear of the walls,
	 * which meet neither), a black bar or blot no wall set describes.
	 */
	for (size_t k = 0; k < l->nedges && !l->problem[0]; k++) {
		const struct mb_mp_ledge *e = &l->edges[k];
		double mx, my, ax, ay, bx, by, x, y;
		char na[64], nb[64];

		if (e->wall || e->b < 0)
			continue;
		edge_middle(l, e, &mx, &my);
		cell_centre(l, e->a, &ax, &ay);
		cell_centre(l, e->b, &bx, &by);
		if (ink_along(img, ax, ay, mx, my, &x, &y) || ink_along(img, mx, my, bx, by, &x, &y)) {
			mb_mp_lat_cell_name(l, e->a, na, sizeof na);
			mb_mp_lat_cell_name(l, e->b, nb, sizeof nb);
			snprintf(l->problem, sizeof l->problem, "ink across the corridor between %s and %s "
				 "at (%.1f, %.1f) pt, where no wall can be", na, nb, x, y);
		}
	}
}

/* ---- walls from the lines ---------------------------------------------------- */

/* a stretch [t0, t1] of a wall position (its own parameter 0..1) that a stroke covers */
struct cover {
	size_t edge;
	double t0, t1;
};

/*
 * An arc position with what a curve is first matched on, kept side by side
 * (looked up through the positions themselves, each of them a cache miss)
 */
struct arc_item {
	double r, t0, t1;
	size_t edge;
};

/* the arc positions of one radius (a ring's), lines.arcs[first..first+n) in order of angle */
struct arc_run {
	double r;
	size_t first, n;
	double lo, hi;		/* the smallest t0, the largest t1 */
	bool ordered;		/* their ends (t1) never go back either: bisection finds them */
};

/* a straight position as seg_covered measures strokes against it, worked out once */
struct seg_pos {
	double len, ux, uy;	/* its length and direction */
};

/* a straight position in a bucket, with its box grown by the tolerance (the first test) */
struct seg_item {
	double x0, y0, x1, y1;
	size_t edge;
};

/* a straight position's box, then its range of buckets (index_segments) */
struct placed {
	double b[4];
	int r[4];
	size_t edge;
};

struct lines {
	const struct mb_mp_lattice *l;
	struct cover *cov;
	size_t ncov, cap_cov;
	double tol;		/* how far off a position a stroke may lie (points) */
	/*
	 * straight positions by square buckets of the box (so a stroke meets
	 * only its neighbours), built when a stroke first asks (a round maze's
	 * strokes are found by angle, below)
	 */
	bool bucketed;
	double bucket;
	int bw, bh;
	size_t *first;
	struct seg_item *items;
	struct seg_pos *seg;	/* by position (arcs' left unset) */
	/*
	 * a round maze's radial positions by ring and angle: ring r's n of them
	 * are edges radial[r] + k, k = 0..n-1, at angles ring_t0[r] + 2 pi k / n
	 * (as polar_edges lists them), when by_angle
	 */
	size_t *radial;
	bool by_angle;
	/*
	 * arc positions by radius, then angle: a curve meets only those of its
	 * own ring (a bucket grid would hand a long arc every position its box
	 * holds, most of the maze)
	 */
	struct arc_item *arcs;
	struct arc_run *runs;
	size_t nruns;
	unsigned *stamp;	/* the stroke that last looked at each position */
	unsigned visit;
	/* the positions near the stroke at hand (room for all of them, reused for every stroke) */
	size_t *near;
	size_t nnear;
	/* index_segments' and sort_covers' working arrays; the walls found */
	struct placed *pl;
	size_t *fill, *at;
	struct cover *sorted;
	bool *wall;
	/* the capacities, in elements, of the arrays above (kept from maze to maze) */
	size_t cap_radial, cap_first, cap_items, cap_seg, cap_arcs, cap_runs, cap_stamp, cap_near, cap_pl,
	       cap_fill, cap_at, cap_sorted, cap_wall;
};

/*
 * The arrays of the last maze judged from its lines, kept for the next
 * one (per thread): a round maze of 33 rings needs half a megabyte of
 * them, which malloc mapped afresh for every maze and the kernel faulted in
 * page by page, a tenth of the judging.
 */
static _Thread_local struct lines kept;

/* *items with room for n elements of size bytes (grown, never shrunk; the contents are not kept) */
static void *room(void *items_ptr, size_t *cap, size_t n, size_t size)
{
	char **items = items_ptr;

	if (n > *cap) {
		free(*items);
		*cap = n + n / 4;
		*items = mb_mp_xmalloc(*cap * size);
	}
	return *items;
}

void mb_mp_lat_lines_release(void)
{
	free(kept.cov);
	free(kept.radial);
	free(kept.first);
	free(kept.items);
	free(kept.seg);
	free(kept.arcs);
	free(kept.runs);
	free(kept.stamp);
	free(kept.near);
	free(kept.pl);
	free(kept.fill);
	free(kept.at);
	free(kept.sorted);
	free(kept.wall);
	memset(&kept, 0, sizeof kept);
}

/* a position's box (its ends are finite: no NaN for fmin's care, a call each) */
static void segment_box(const struct mb_mp_ledge *e, double *b)
{
	b[0] = e->x0 < e->x1 ? e->x0 : e->x1;
	b[1] = e->y0 < e->y1 ? e->y0 : e->y1;
	b[2] = e->x0 > e->x1 ? e->x0 : e->x1;
	b[3] = e->y0 > e->y1 ? e->y0 : e->y1;
}

/*
 * The bucket holding v buckets from the box's edge, clamped to 0..n-1:
 * plain comparisons and a cast (floor and fmax are calls, and this runs for
 * every stroke). A range may come out a bucket wider than floor's, never
 * narrower: more positions to look at, the same ones found.
 */
static int bucket_at(double v, int n)
{
	if (!(v > 0))
		return 0;
	if (v >= n - 1)
		return n - 1;
	return (int)v;
}

static void bucket_range(const struct lines *s, const double *b, int *r)
{
	double pad = s->tol + s->l->pen_pt;

	r[0] = bucket_at((b[0] - pad - s->l->x0) / s->bucket, s->bw);
	r[1] = bucket_at((b[1] - pad - s->l->y0) / s->bucket, s->bh);
	r[2] = bucket_at((b[2] + pad - s->l->x0) / s->bucket, s->bw);
	r[3] = bucket_at((b[3] + pad - s->l->y0) / s->bucket, s->bh);
}

/* every straight position's length and direction */
static void measure_segments(struct lines *s)
{
	const struct mb_mp_lattice *l = s->l;

	room(&s->seg, &s->cap_seg, l->nedges + 1, sizeof *s->seg);
	for (size_t k = 0; k < l->nedges; k++) {
		const struct mb_mp_ledge *e = &l->edges[k];
		struct seg_pos *p = &s->seg[k];

		if (e->arc)
			continue;
		p->len = dist(e->x1 - e->x0, e->y1 - e->y0);
		p->ux = (e->x1 - e->x0) / p->len;
		p->uy = (e->y1 - e->y0) / p->len;
	}
}

/* bucket every straight wall position (counted, then placed) */
static void index_segments(struct lines *s)
{
	const struct mb_mp_lattice *l = s->l;
	double w = l->x1 - l->x0, h = l->y1 - l->y0, total = 0;
	size_t nb, *fill, nseg = 0;
	struct placed *pl = room(&s->pl, &s->cap_pl, l->nedges + 1, sizeof *pl);

	s->bucketed = true;
	for (size_t k = 0; k < l->nedges; k++) {
		const struct mb_mp_ledge *e = &l->edges[k];
		double *b = pl[nseg].b;

		if (e->arc)
			continue;
		segment_box(e, b);
		total += fmax(b[2] - b[0], b[3] - b[1]);
		pl[nseg++].edge = k;
	}
	s->bucket = fmax(fmax(w, h) / 512, nseg ? fmax(1, 2 * total / (double)nseg) : 1);
	s->bw = (int)ceil(w / s->bucket) + 1;
	s->bh = (int)ceil(h / s->bucket) + 1;
	nb = (size_t)s->bw * (size_t)s->bh;
	memset(room(&s->first, &s->cap_first, nb + 1, sizeof *s->first), 0,
	       (nb + 1) * sizeof *s->first);
	for (size_t i = 0; i < nseg; i++) {
		const int *r = pl[i].r;

		bucket_range(s, pl[i].b, pl[i].r);
		for (int y = r[1]; y <= r[3]; y++)
			for (int x = r[0]; x <= r[2]; x++)
				s->first[(size_t)y * (size_t)s->bw + (size_t)x + 1]++;
	}
	for (size_t q = 0; q < nb; q++)
		s->first[q + 1] += s->first[q];
	fill = room(&s->fill, &s->cap_fill, nb + 1, sizeof *fill);
	memcpy(fill, s->first, (nb + 1) * sizeof *fill);
	room(&s->items, &s->cap_items, s->first[nb] + 1, sizeof *s->items);
	for (size_t i = 0; i < nseg; i++) {
		const double *b = pl[i].b;
		const int *r = pl[i].r;

		for (int y = r[1]; y <= r[3]; y++)
			for (int x = r[0]; x <= r[2]; x++) {
				struct seg_item *it = &s->items[fill[(size_t)y * (size_t)s->bw + (size_t)x]++];

				it->x0 = b[0] - s->tol;
				it->y0 = b[1] - s->tol;
				it->x1 = b[2] + s->tol;
				it->y1 = b[3] + s->tol;
				it->edge = pl[i].edge;
			}
	}
}

static int cmp_arc_item(const void *a, const void *b)
{
	const struct arc_item *x = a, *y = b;

	if (x->r != y->r)
		return (x->r > y->r) - (x->r < y->r);
	return (x->t0 > y->t0) - (x->t0 < y->t0);
}

/* list the arc positions by radius and angle, cut into runs of one radius */
static void index_arcs(struct lines *s)
{
	const struct mb_mp_lattice *l = s->l;
	size_t na = 0;
	bool sorted = true;

	room(&s->arcs, &s->cap_arcs, l->nedges + 1, sizeof *s->arcs);
	for (size_t k = 0; k < l->nedges; k++) {
		const struct mb_mp_ledge *e = &l->edges[k];
		struct arc_item *it = &s->arcs[na];

		if (!e->arc)
			continue;
		it->r = e->r;
		it->t0 = e->t0;
		it->t1 = e->t1;
		it->edge = k;
		if (na && cmp_arc_item(it - 1, it) > 0)
			sorted = false;
		na++;
	}
	/* polar_edges lists them so, ring by ring; any other order is sorted here */
	if (!sorted)
		qsort(s->arcs, na, sizeof *s->arcs, cmp_arc_item);
	room(&s->runs, &s->cap_runs, na + 1, sizeof *s->runs);
	for (size_t i = 0; i < na; i++) {
		const struct arc_item *it = &s->arcs[i];
		struct arc_run *run = s->nruns ? &s->runs[s->nruns - 1] : NULL;

		if (!run || it->r != run->r) {
			run = &s->runs[s->nruns++];
			run->r = it->r;
			run->first = i;
			run->n = 0;
			run->lo = it->t0;
			run->hi = it->t1;
			run->ordered = true;
		}
		if (run->n && it->t1 < it[-1].t1)
			run->ordered = false;
		run->lo = fmin(run->lo, it->t0);
		run->hi = fmax(run->hi, it->t1);
		run->n++;
	}
}

/*
 * A round maze's radial positions listed as polar_edges makes them (ring
 * by ring, each ring's in order of angle, before every arc): s->radial
 * says where each ring's start. Not by angle for any other lattice or
 * order, nor for rings so narrow that near_radials' angle bound is loose.
 */
static void index_radials(struct lines *s)
{
	const struct mb_mp_lattice *l = s->l;
	size_t k = 0;

	s->by_angle = false;
	if (l->kind != MB_MP_LAT_POLAR || l->rings < 2 || !(l->ring_pt > 8 * s->tol))
		return;
	room(&s->radial, &s->cap_radial, (size_t)l->rings, sizeof *s->radial);
	for (int r = 1; r < l->rings; r++) {
		int n = l->ring_n[r];

		s->radial[r] = k;
		for (int j = 0; n >= 2 && j < n; j++, k++)
			if (k >= l->nedges || l->edges[k].arc)
				return;
	}
	for (; k < l->nedges; k++)
		if (!l->edges[k].arc)
			return;
	s->by_angle = true;
}

static void near_add(struct lines *s, size_t k)
{
	if (s->stamp[k] == s->visit)
		return;
	s->stamp[k] = s->visit;
	s->near[s->nnear++] = k;
}

/* the straight positions whose boxes, grown by the tolerance, meet box b, each once, into s->near */
static void near_segments(struct lines *s, const double *b)
{
	int r[4];

	s->nnear = 0;
	s->visit++;
	bucket_range(s, b, r);
	for (int y = r[1]; y <= r[3]; y++)
		for (int x = r[0]; x <= r[2]; x++) {
			size_t q = (size_t)y * (size_t)s->bw + (size_t)x;

			for (size_t i = s->first[q]; i < s->first[q + 1]; i++) {
				const struct seg_item *it = &s->items[i];

				if (b[2] >= it->x0 && b[0] <= it->x1 && b[3] >= it->y0 && b[1] <= it->y1)
					near_add(s, it->edge);
			}
		}
}

/*
 * The radial positions of a round maze that segment (ax, ay)-(bx, by) may
 * lie along, each once, into s->near: those within tol of it, and a few
 * more. A point P of the segment within tol of a point Q of ring r's wall
 * at angle phi (|Q| from r to r + 1 ring widths) has |P| within tol of
 * that band and its angle within asin(tol / (r ring widths)) of phi; the
 * segment's angles run from one end's to the other's the short way, as it
 * keeps clear of the centre. False, s->near unset, when the segment
 * passes near the centre or meets many positions (a line across the
 * maze): the buckets answer those.
 */
static bool near_radials(struct lines *s, double ax, double ay, double bx, double by)
{
	const struct mb_mp_lattice *l = s->l;
	double rw = l->ring_pt, pad = s->tol + 1e-9 * (1 + l->rings * rw);
	double ux = ax - l->cx, uy = ay - l->cy, vx = bx - l->cx, vy = by - l->cy;
	double dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy, t = 0;
	double dmin, dmax = fmax(dist(ux, uy), dist(vx, vy)), ta, turn, lo, hi;
	int r0, r1;

	/* the segment's point nearest the centre */
	if (len2 > 0)
		t = fmin(1, fmax(0, -(ux * dx + uy * dy) / len2));
	dmin = dist(ux + t * dx, uy + t * dy);
	if (!(dmin > 2 * pad) || !(dmax < INFINITY))
		return false;
	ta = atan2(uy, ux);
	turn = atan2(vy, vx) - ta;
	if (turn > M_PI)
		turn -= TWO_PI;
	else if (turn < -M_PI)
		turn += TWO_PI;
	lo = ta + fmin(0, turn);
	hi = ta + fmax(0, turn);
	r0 = (int)fmax(1, floor((dmin - pad) / rw) - 1);
	r1 = (int)fmin(l->rings - 1, floor((dmax + pad) / rw) + 1);
	s->nnear = 0;
	s->visit++;
	for (int r = r0; r <= r1; r++) {
		int n = l->ring_n[r];
		/* asin(x) < 1.1 x for the x <= 1/8 index_radials allows */
		double step = TWO_PI / n, slack = 1.1 * pad / (r * rw) + 1e-9;
		double from = floor((lo - slack - l->ring_t0[r]) / step);
		double to = ceil((hi + slack - l->ring_t0[r]) / step);

		if (n < 2)
			continue;
		if (!(to - from < n)) {
			for (int k = 0; k < n; k++)
				near_add(s, s->radial[r] + (size_t)k);
		} else {
			for (long k = (long)from; k <= (long)to; k++)
				near_add(s, s->radial[r] + (size_t)(((k % n) + n) % n));
		}
		if (s->nnear > 64)
			return false;
	}
	return true;
}

static double angle_in(double a, double from)
{
	while (a < from)
		a += 2 * M_PI;
	while (a >= from + 2 * M_PI)
		a -= 2 * M_PI;
	return a;
}

/*
 * The arc positions within tol of radius r that the angles lo..lo+span
 * (taken a turn either way) may meet, each once, into s->near: a few more
 * than meet it, never fewer (curve_covered decides).
 */
static void near_arcs(struct lines *s, double r, double lo, double span)
{
	double margin = 1e-9;
	size_t a = 0, b = s->nruns;

	s->nnear = 0;
	s->visit++;
	while (a < b) {
		size_t m = a + (b - a) / 2;

		if (s->runs[m].r < r - s->tol - margin)
			a = m + 1;
		else
			b = m;
	}
	for (; a < s->nruns && s->runs[a].r <= r + s->tol + margin; a++) {
		const struct arc_run *run = &s->runs[a];
		const struct arc_item *arcs = s->arcs + run->first;
		double from0;

		/* three turns reach every arc only when the run spans under two turns */
		if (!run->ordered || span > M_PI || run->hi > run->lo + 3 * M_PI) {
			for (size_t i = 0; i < run->n; i++)
				near_add(s, arcs[i].edge);
			continue;
		}
		from0 = angle_in(lo, run->lo);
		for (int turn = -1; turn <= 1; turn++) {
			double from = from0 + turn * 2 * M_PI - margin, to = from + span + 2 * margin;
			size_t i = 0, j = run->n;

			if (to <= run->lo || from >= run->hi)
				continue;	/* the turn misses the ring's arcs */

			/* the first arc ending after from, then on while they start before to */
			while (i < j) {
				size_t m = i + (j - i) / 2;

				if (arcs[m].t1 > from)
					j = m;
				else
					i = m + 1;
			}
			for (; i < run->n && arcs[i].t0 < to; i++)
				near_add(s, arcs[i].edge);
		}
	}
}

static void add_cover(struct lines *s, size_t edge, double t0, double t1)
{
	struct cover *c;

	/* clamped as fmax and fmin would (a NaN end to the bound), without their calls */
	t0 = t0 > 0 ? t0 : 0;
	t1 = t1 < 1 ? t1 : 1;
	if (t1 <= t0)
		return;
	if (s->ncov == s->cap_cov) {
		s->cap_cov = s->cap_cov ? 2 * s->cap_cov : 1024;
		s->cov = mb_mp_xrealloc(s->cov, s->cap_cov * sizeof *s->cov);
	}
	c = &s->cov[s->ncov++];
	c->edge = edge;
	c->t0 = t0;
	c->t1 = t1;
}

/* how much of segment (ax, ay)-(bx, by) lies along segment wall positions; covers recorded */
static double seg_covered(struct lines *s, double ax, double ay, double bx, double by)
{
	double len = dist(bx - ax, by - ay), got = 0;
	double box[4] = { fmin(ax, bx), fmin(ay, by), fmax(ax, bx), fmax(ay, by) };

	if (!s->by_angle || !near_radials(s, ax, ay, bx, by)) {
		if (!s->bucketed)
			index_segments(s);
		near_segments(s, box);
	}
	for (size_t j = 0; j < s->nnear; j++) {
		size_t k = s->near[j];
		const struct mb_mp_ledge *e = &s->l->edges[k];
		const struct seg_pos *p = &s->seg[k];
		double el = p->len, ux = p->ux, uy = p->uy, ta, tb, t;

		if (!(el > 0))
			continue;
		/* both ends on the wall's line */
		if (fabs((ax - e->x0) * uy - (ay - e->y0) * ux) > s->tol ||
		    fabs((bx - e->x0) * uy - (by - e->y0) * ux) > s->tol)
			continue;
		ta = ((ax - e->x0) * ux + (ay - e->y0) * uy) / el;
		tb = ((bx - e->x0) * ux + (by - e->y0) * uy) / el;
		if (ta > tb) {
			t = ta;
			ta = tb;
			tb = t;
		}
		if (tb <= 0 || ta >= 1)
			continue;
		got += (fmin(1, tb) - fmax(0, ta)) * el;
		add_cover(s, k, ta, tb);
	}
	return fmin(got, len);
}

/* a curve's box: that of its ends and control points, which hold it */
static void curve_box(const struct mb_mp_curve *c, double *b)
{
	b[0] = fmin(fmin(c->x0, c->x1), fmin(c->c1x, c->c2x));
	b[1] = fmin(fmin(c->y0, c->y1), fmin(c->c1y, c->c2y));
	b[2] = fmax(fmax(c->x0, c->x1), fmax(c->c1x, c->c2x));
	b[3] = fmax(fmax(c->y0, c->y1), fmax(c->c1y, c->c2y));
}

/*
 * How much of a curve lies along arc wall positions, in points; 0 unless
 * it is an arc about the maze's centre (its ends, control-point-weighted
 * quarter points and middle all at one radius).
 */
static double curve_covered(struct lines *s, const struct mb_mp_curve *c)
{
	const struct mb_mp_lattice *l = s->l;
	double r = dist(c->x0 - l->cx, c->y0 - l->cy), a0, am, a1, lo, span, got = 0;

	for (int i = 1; i <= 4; i++) {
		double t = i / 4.0, u = 1 - t;
		double x = u * u * u * c->x0 + 3 * u * u * t * c->c1x + 3 * u * t * t * c->c2x +
			   t * t * t * c->x1;
		double y = u * u * u * c->y0 + 3 * u * u * t * c->c1y + 3 * u * t * t * c->c2y +
			   t * t * t * c->y1;

		if (fabs(dist(x - l->cx, y - l->cy) - r) > s->tol)
			return 0;
	}
	if (r <= 0)
		return 0;
	a0 = atan2(c->y0 - l->cy, c->x0 - l->cx);
	a1 = angle_in(atan2(c->y1 - l->cy, c->x1 - l->cx), a0);
	am = angle_in(atan2(c->ym - l->cy, c->xm - l->cx), a0);
	/* clockwise from a0 through the middle to a1, or the other way */
	if (am <= a1) {
		lo = a0;
		span = a1 - a0;
	} else {
		lo = a1;
		span = a0 + 2 * M_PI - a1;
	}
	near_arcs(s, r, lo, span);
	for (size_t j = 0; j < s->nnear; j++) {
		size_t k = s->near[j];
		const struct mb_mp_ledge *e = &l->edges[k];
		double w, from, to;

		if (fabs(e->r - r) > s->tol || (w = e->t1 - e->t0) <= 0)
			continue;
		/* the curve's span in the wall's angles, tried a turn either way */
		for (int turn = -1; turn <= 1; turn++) {
			from = angle_in(lo, e->t0) + turn * 2 * M_PI;
			to = from + span;
			if (to <= e->t0 || from >= e->t1)
				continue;
			got += (fmin(e->t1, to) - fmax(e->t0, from)) * r;
			add_cover(s, k, (from - e->t0) / w, (to - e->t0) / w);
		}
	}
	return fmin(got, span * r);
}

static int cmp_cover_start(const void *a, const void *b)
{
	const struct cover *x = a, *y = b;

	return (x->t0 > y->t0) - (x->t0 < y->t0);
}

/*
 * Order the covers by position, then by start, as walls_from_covers sweeps
 * them: counted into place by position (thousands a maze, sorted whole it
 * was a tenth of the run), then each position's few by start. Covers of one
 * position that start together may come in any order: the sweep takes the
 * longest reach of them either way.
 */
static void sort_covers(struct lines *s)
{
	size_t n = s->l->nedges, *at = room(&s->at, &s->cap_at, n + 1, sizeof *at), cap;
	struct cover *sorted = room(&s->sorted, &s->cap_sorted, s->ncov + 1, sizeof *sorted);

	memset(at, 0, (n + 1) * sizeof *at);
	for (size_t i = 0; i < s->ncov; i++)
		at[s->cov[i].edge + 1]++;
	for (size_t k = 0; k < n; k++)
		at[k + 1] += at[k];
	for (size_t i = 0; i < s->ncov; i++)
		sorted[at[s->cov[i].edge]++] = s->cov[i];
	/* at[k] is now where position k's covers end */
	for (size_t k = 0, from = 0; k < n; from = at[k++]) {
		size_t m = at[k] - from;

		if (m > 16) {
			qsort(sorted + from, m, sizeof *sorted, cmp_cover_start);
			continue;
		}
		for (size_t i = from + 1; i < at[k]; i++) {
			struct cover c = sorted[i];
			size_t j = i;

			for (; j > from && sorted[j - 1].t0 > c.t0; j--)
				sorted[j] = sorted[j - 1];
			sorted[j] = c;
		}
	}
	/* the sorted ones become the covers, the old covers' room the next maze's sorting room */
	s->sorted = s->cov;
	s->cov = sorted;
	cap = s->cap_sorted;
	s->cap_sorted = s->cap_cov;
	s->cap_cov = cap;
}

static bool in_box(const struct mb_mp_lattice *l, double pad, double x0, double y0, double x1,
		   double y1)
{
	return fmax(x0, x1) >= l->x0 - pad && fmin(x0, x1) <= l->x1 + pad &&
	       fmax(y0, y1) >= l->y0 - pad && fmin(y0, y1) <= l->y1 + pad;
}

/*
 * Every stroke in the box must lie along wall positions; then each
 * position's middle part (as the ink test asks) is covered or clear.
 */
static bool strokes_cover(struct lines *s, const struct mb_mp_page *page, const bool *was_black)
{
	const struct mb_mp_lattice *l = s->l;
	double pad = l->pen_pt + 2, slack = l->pen_pt + s->tol;

	for (size_t i = 0; i < page->nsegs; i++) {
		const struct mb_mp_seg *g = &page->segs[i];

		if (!was_black[i] || !in_box(l, pad, g->x0, g->y0, g->x1, g->y1))
			continue;
		/* a black line no round maze took (it crosses a corridor, or is another drawing's) */
		if (g->black || g->dashed || g->outline || g->width_pt < l->pen_pt / 2)
			return false;
		if (seg_covered(s, g->x0, g->y0, g->x1, g->y1) <
		    dist(g->x1 - g->x0, g->y1 - g->y0) - slack)
			return false;
	}
	for (size_t i = 0; i < page->ncurves; i++) {
		const struct mb_mp_curve *c = &page->curves[i];
		double chord = dist(c->x1 - c->x0, c->y1 - c->y0), b[4];

		curve_box(c, b);
		if (!in_box(l, pad, b[0], b[1], b[2], b[3]))
			continue;
		if (l->kind != MB_MP_LAT_POLAR || c->dashed || c->width_pt < l->pen_pt / 2)
			return false;
		/* the arc is at least as long as its chord */
		if (curve_covered(s, c) < chord - slack)
			return false;
	}
	return true;
}

/* From the sorted covers, set each position's wall; false when one is part covered. */
static bool walls_from_covers(struct lines *s, bool *wall)
{
	const struct mb_mp_lattice *l = s->l;
	size_t i = 0;

	for (size_t k = 0; k < l->nedges; k++) {
		const struct mb_mp_ledge *e = &l->edges[k];
		double length = e->arc ? e->r * (e->t1 - e->t0) : s->seg[k].len;
		/*
		 * the ends meet other walls' ink: the middle decides, and at least
		 * its middle tenth (a wall shorter than two pens and three points
		 * was once a wall with nothing left to look at: closed unseen)
		 */
		double from = e->arc ? fmin(0.45, fmax(0.2, (l->pen_pt + 1.5) / fmax(length, 1e-9)))
				     : 0.25;
		double reach = from, eps = 1e-6, touched = false;

		for (; i < s->ncov && s->cov[i].edge == k; i++) {
			if (s->cov[i].t1 > from && s->cov[i].t0 < 1 - from)
				touched = true;
			if (s->cov[i].t0 <= reach + eps)
				reach = fmax(reach, s->cov[i].t1);
		}
		wall[k] = reach >= 1 - from - eps;
		if (!wall[k] && touched)
			return false;	/* ink in an opening: the rendering says what it is */
	}
	return true;
}

bool mb_mp_lat_judge_lines(struct mb_mp_lattice *l, const struct mb_mp_page *page,
			   const bool *was_black)
{
	struct lines s = kept;
	bool *wall, ok;

	if (l->problem[0] || l->nedges == 0 || !(l->x1 > l->x0) || !(l->y1 > l->y0))
		return false;
	/* the last maze's arrays, emptied */
	s.l = l;
	s.tol = fmax(0.05, l->pen_pt / 8);
	s.ncov = s.nruns = s.nnear = 0;
	s.visit = 0;
	s.bucketed = false;
	measure_segments(&s);
	index_radials(&s);
	index_arcs(&s);
	memset(room(&s.stamp, &s.cap_stamp, l->nedges + 1, sizeof *s.stamp), 0,
	       (l->nedges + 1) * sizeof *s.stamp);
	room(&s.near, &s.cap_near, l->nedges + 1, sizeof *s.near);
	ok = strokes_cover(&s, page, was_black);
	if (ok)
		sort_covers(&s);
	wall = room(&s.wall, &s.cap_wall, l->nedges, sizeof *wall);
	ok = ok && walls_from_covers(&s, wall);
	for (size_t k = 0; k < l->nedges && ok; k++)
		l->edges[k].wall = wall[k];
	kept = s;
	return ok;
}


void mb_mp_lat_free(struct mb_mp_lattice *l)
{
	if (!l)
		return;
	free(l->ring_n);
	free(l->ring_first);
	free(l->ring_t0);
	free(l->cell_at);
	free(l->cell_a);
	free(l->cell_b);
	free(l->edges);
	free(l->route_xy);
	free(l->route_ops);
	free(l);
}
