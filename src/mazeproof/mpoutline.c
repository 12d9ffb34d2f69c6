/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Filled outlines back to wall centre lines (the method and why it was
 * chosen are in mpoutline.h). One pass reads horizontal walls; the second
 * reads vertical ones by the same code on the outline with x and y
 * swapped, since the fill rule does not care about the direction of the
 * winding.
 */
#include "config.h"

#include "mplimits.h"
#include "mpoutline.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mputil.h"

#define EPS MB_MP_OUTLINE_EPS_PT

void mb_mp_outline_move(struct mb_mp_outline *o, double x, double y)
{
	double *p;

	if (o->npts > 0 && (!o->ncontours || o->ends[o->ncontours - 1] < o->npts))
		*(size_t *)mb_mp_push(&o->ends, &o->ncontours, &o->cap_contours,
				      sizeof *o->ends) = o->npts;
	p = mb_mp_push(&o->xy, &o->npts, &o->cap_pts, 2 * sizeof *o->xy);
	p[0] = x;
	p[1] = y;
}

void mb_mp_outline_line(struct mb_mp_outline *o, double x, double y)
{
	double *p = mb_mp_push(&o->xy, &o->npts, &o->cap_pts, 2 * sizeof *o->xy);

	p[0] = x;
	p[1] = y;
}

void mb_mp_outline_release(struct mb_mp_outline *o)
{
	free(o->xy);
	free(o->ends);
	memset(o, 0, sizeof *o);
}

/* an edge crossing the middle of a slab: where, which way it goes, and whether it is level */
struct cross {
	double y;
	int dir;
	bool flat;
};

/* a run of ink across a slab, bounded by level edges on both sides or not */
struct run {
	double y0, y1;
	bool flat, top_flat;
};

/* a wall's side run joined over slabs k0..k1 */
struct piece {
	double y0, y1;
	size_t k0, k1;
};

/* the outline as one pass sees it: x along the walls read, y across them */
struct pass {
	const struct mb_mp_outline *o;
	const size_t (*edges)[2];	/* point index pairs, closing edges included */
	size_t nedges;
	bool swap;
	double cos_t, sin_t;	/* a slanted pass: u = x cos + y sin, v = y cos - x sin */
	double *uv;		/* the points as this pass sees them */
	double *xs;		/* slab boundaries */
	size_t nxs;
	struct run *runs;	/* slab k's runs are runs[first[k]..first[k+1]) */
	size_t nruns, cap_runs;
	size_t *first;
};

static double px(const struct pass *p, size_t k)
{
	return p->uv[2 * k];
}

static double py(const struct pass *p, size_t k)
{
	return p->uv[2 * k + 1];
}

/* a point of this pass back on the page */
static void unturn(const struct pass *p, double u, double v, double *x, double *y)
{
	if (p->swap) {
		*x = v;
		*y = u;
	} else {
		*x = u * p->cos_t - v * p->sin_t;
		*y = u * p->sin_t + v * p->cos_t;
	}
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static int cmp_cross(const void *a, const void *b)
{
	const struct cross *x = a, *y = b;

	if (x->y != y->y)
		return (x->y > y->y) - (x->y < y->y);
	return x->dir - y->dir;
}

/* the first slab boundary not below v */
static size_t lower_bound(const double *xs, size_t n, double v)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (xs[mid] < v)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The slab boundaries: the distinct x of the outline's points, sorted; returns the slabs. */
static size_t slab_bounds(struct pass *p)
{
	const struct mb_mp_outline *o = p->o;

	p->xs = mb_mp_xmalloc((o->npts ? o->npts : 1) * sizeof *p->xs);
	for (size_t k = 0; k < o->npts; k++)
		p->xs[k] = px(p, k);
	qsort(p->xs, o->npts, sizeof *p->xs, cmp_double);
	p->nxs = 0;
	for (size_t k = 0; k < o->npts; k++)
		if (!p->nxs || p->xs[k] > p->xs[p->nxs - 1])
			p->xs[p->nxs++] = p->xs[k];
	return p->nxs > 1 ? p->nxs - 1 : 0;
}

/* where each edge crosses the middle of each slab it spans: slab k's in cr[count[k]..count[k+1]) */
static void fill_crossings(const struct pass *p, size_t nslabs, const size_t *count,
			   struct cross *cr)
{
	size_t *at = mb_mp_xmalloc((nslabs + 1) * sizeof *at);

	memcpy(at, count, (nslabs + 1) * sizeof *at);
	for (size_t e = 0; e < p->nedges; e++) {
		size_t a = p->edges[e][0], b = p->edges[e][1];
		double xa = px(p, a), ya = py(p, a), xb = px(p, b), yb = py(p, b);

		if (xa != xb) {
			size_t i0 = lower_bound(p->xs, p->nxs, fmin(xa, xb));
			size_t i1 = lower_bound(p->xs, p->nxs, fmax(xa, xb));

			for (size_t k = i0; k < i1; k++) {
				double xm = (p->xs[k] + p->xs[k + 1]) / 2;
				struct cross *c = &cr[at[k]++];

				c->y = ya + (xm - xa) * (yb - ya) / (xb - xa);
				c->dir = xb > xa ? 1 : -1;
				c->flat = fabs(yb - ya) <= EPS;
			}
		}
	}
	free(at);
}

/* slab k's runs of ink, from its n crossings c (sorted here), by the fill rule */
static void slab_ink(struct pass *p, size_t k, struct cross *c, size_t n)
{
	const struct mb_mp_outline *o = p->o;
	long wind = 0;
	bool top_flat = false;
	double top = 0;

	qsort(c, n, sizeof *c, cmp_cross);
	p->first[k] = p->nruns;
	for (size_t i = 0; i < n; i++) {
		bool was = o->even_odd ? (wind & 1) != 0 : wind != 0;
		bool is;

		wind += c[i].dir;
		is = o->even_odd ? (wind & 1) != 0 : wind != 0;
		if (!was && is) {
			struct run *last = p->nruns > p->first[k] ? &p->runs[p->nruns - 1] : NULL;

			if (last && c[i].y - last->y1 <= EPS) {
				/* ink goes on where it stopped: one run (pieces drawn edge to edge) */
				top = last->y0;
				top_flat = last->top_flat;
				p->nruns--;
			} else {
				top = c[i].y;
				top_flat = c[i].flat;
			}
		} else if (was && !is) {
			struct run *r;

			if (c[i].y - top <= EPS)
				continue;	/* no thickness: an edge drawn back over itself */
			r = mb_mp_push(&p->runs, &p->nruns, &p->cap_runs, sizeof *r);
			r->y0 = top;
			r->y1 = c[i].y;
			r->top_flat = top_flat;
			r->flat = top_flat && c[i].flat;
		}
	}
}

/*
 * Cut the outline into slabs and find the runs of ink across each.
 * Returns false when the work would pass the bound.
 */
static bool slab_runs(struct pass *p, size_t *budget)
{
	size_t nslabs, work = 0, *count;
	struct cross *cr;

	nslabs = slab_bounds(p);
	p->first = mb_mp_xcalloc(nslabs + 1, sizeof *p->first);
	if (!nslabs)
		return true;
	for (size_t e = 0; e < p->nedges; e++) {
		double xa = px(p, p->edges[e][0]), xb = px(p, p->edges[e][1]);

		if (xa != xb)
			work += lower_bound(p->xs, p->nxs, fmax(xa, xb)) -
				lower_bound(p->xs, p->nxs, fmin(xa, xb));
	}
	if (work > MB_MP_OUTLINE_MAX_WORK || work > *budget)
		return false;
	*budget -= work;
	count = mb_mp_xcalloc(nslabs + 1, sizeof *count);
	for (size_t e = 0; e < p->nedges; e++) {
		double xa = px(p, p->edges[e][0]), xb = px(p, p->edges[e][1]);

		if (xa != xb) {
			size_t i0 = lower_bound(p->xs, p->nxs, fmin(xa, xb));
			size_t i1 = lower_bound(p->xs, p->nxs, fmax(xa, xb));

			for (size_t k = i0; k < i1; k++)
				count[k + 1]++;
		}
	}
	for (size_t k = 0; k < nslabs; k++)
		count[k + 1] += count[k];
	cr = mb_mp_xmalloc((work ? work : 1) * sizeof *cr);
	fill_crossings(p, nslabs, count, cr);
	for (size_t k = 0; k < nslabs; k++)
		slab_ink(p, k, cr + count[k], count[k + 1] - count[k]);
	p->first[nslabs] = p->nruns;
	free(cr);
	free(count);
	return true;
}

enum neighbour { NONE, PARTIAL, COVER, SAME };

/* What slab k holds across the band y0..y1 of a piece: nothing, the same run, more, or a part. */
static enum neighbour classify(const struct pass *p, size_t k, double y0, double y1)
{
	size_t lo = p->first[k], hi = p->first[k + 1];
	const struct run *r;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (p->runs[mid].y1 <= y0 + EPS)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo >= p->first[k + 1])
		return NONE;
	r = &p->runs[lo];
	if (r->y0 >= y1 - EPS)
		return NONE;
	if (r->y0 <= y0 + EPS && r->y1 >= y1 - EPS) {
		if (r->flat && fabs(r->y0 - y0) <= EPS && fabs(r->y1 - y1) <= EPS)
			return SAME;
		return COVER;
	}
	return PARTIAL;
}

/*
 * Where a piece's centre line ends on one side (dir -1 left, +1 right).
 * Thicker ink right beside it (a junction: a crossing wall, the rim; then
 * perhaps that wall's own round cap) puts the end in its middle, where
 * the crossing wall's centre line is. Otherwise the wall ends in its own
 * cap (narrower ink: round, bevelled; or none, a square end): the line
 * ends half a pen inside the tip, as a square-capped line's would, which
 * for a round cap is where its straight sides stop. *covered_pt: the
 * junction's half width, 0 when none.
 */
static double piece_end(const struct pass *p, const struct piece *pc, int dir, double *covered_pt)
{
	double d = pc->y1 - pc->y0, edge = dir < 0 ? p->xs[pc->k0] : p->xs[pc->k1 + 1];
	double cover = 0, cap = 0;
	size_t nslabs = p->nxs - 1;
	long j = dir < 0 ? (long)pc->k0 - 1 : (long)pc->k1 + 1;
	enum neighbour n = NONE;

	*covered_pt = 0;
	for (; j >= 0 && (size_t)j < nslabs; j += dir) {
		n = classify(p, (size_t)j, pc->y0, pc->y1);
		if (n != COVER)
			break;
		cover += p->xs[j + 1] - p->xs[j];
		if (cover > MB_MP_OUTLINE_MAX_JUNCTION * d + EPS)
			return edge;	/* a blob of ink, not a junction: stop where the wall is */
	}
	/* the narrower ink after it: this wall's cap, or the crossing wall's beyond a junction */
	for (; j >= 0 && (size_t)j < nslabs && n == PARTIAL; j += dir) {
		double w = p->xs[j + 1] - p->xs[j];

		n = classify(p, (size_t)j, pc->y0, pc->y1);
		if (n != PARTIAL)
			break;
		if (cap + w > (cover > 0 ? cover : d) + EPS) {
			if (cover == 0)
				return edge;	/* longer than a cap: the wall goes on, narrower */
			break;
		}
		cap += w;
	}
	if (cover == 0)
		return edge + dir * (cap - d / 2);
	*covered_pt = (cover + cap) / 2;
	return edge + dir * (cover + cap) / 2;
}

/* a wall as read, with what its ends ran into (the junctions of slanted walls) */
struct found {
	struct mb_mp_outline_wall w;
	bool joined[2];		/* the end ran into thicker ink: a junction */
	bool slanted;		/* read by a pass that is neither level nor upright */
};

/* A piece longer than it is thick (counting its share of the junctions it joins) is a wall. */
static void add_wall(const struct pass *p, const struct piece *pc, struct found **out, size_t *n,
		     size_t *cap)
{
	double d = pc->y1 - pc->y0, c0, c1, e0, e1, mid;
	struct found *f;

	e0 = piece_end(p, pc, -1, &c0);
	e1 = piece_end(p, pc, 1, &c1);
	if (p->xs[pc->k1 + 1] - p->xs[pc->k0] + c0 + c1 <= d + EPS || e1 - e0 <= EPS)
		return;
	mid = (pc->y0 + pc->y1) / 2;
	f = mb_mp_push(out, n, cap, sizeof *f);
	f->w.width_pt = d;
	f->joined[0] = c0 > 0;
	f->joined[1] = c1 > 0;
	f->slanted = !p->swap && p->sin_t != 0;
	unturn(p, e0, mid, &f->w.x0, &f->w.y0);
	unturn(p, e1, mid, &f->w.x1, &f->w.y1);
}

static void read_pass(struct pass *p, struct found **out, size_t *n, size_t *cap)
{
	size_t nslabs = p->nxs > 1 ? p->nxs - 1 : 0;
	struct piece *pieces = NULL;
	size_t npieces = 0, cap_pieces = 0;
	size_t *open = NULL, *next = NULL, nopen = 0, cap_open = 0;

	for (size_t k = 0; k < nslabs; k++) {
		size_t nnext = 0, i = 0;

		next = mb_mp_xrealloc(next, (p->first[k + 1] - p->first[k] + 1) * sizeof *next);
		for (size_t r = p->first[k]; r < p->first[k + 1]; r++) {
			const struct run *ru = &p->runs[r];
			size_t at;

			if (!ru->flat)
				continue;
			/* pieces open from the slab before, sorted as the runs are */
			while (i < nopen && pieces[open[i]].y0 < ru->y0 - EPS)
				i++;
			if (i < nopen && fabs(pieces[open[i]].y0 - ru->y0) <= EPS &&
			    fabs(pieces[open[i]].y1 - ru->y1) <= EPS) {
				at = open[i++];
				pieces[at].k1 = k;
			} else {
				struct piece *pc = mb_mp_push(&pieces, &npieces, &cap_pieces,
							      sizeof *pc);

				pc->y0 = ru->y0;
				pc->y1 = ru->y1;
				pc->k0 = pc->k1 = k;
				at = npieces - 1;
			}
			next[nnext++] = at;
		}
		if (nnext > cap_open) {
			cap_open = nnext;
			open = mb_mp_xrealloc(open, cap_open * sizeof *open);
		}
		if (nnext)
			memcpy(open, next, nnext * sizeof *open);
		nopen = nnext;
	}
	for (size_t k = 0; k < npieces; k++)
		add_wall(p, &pieces[k], out, n, cap);
	free(pieces);
	free(open);
	free(next);
}

static void pass_release(struct pass *p)
{
	free(p->xs);
	free(p->runs);
	free(p->first);
	free(p->uv);
}

/* a point's u and its index, to sort the points along u */
struct at_u {
	double u;
	size_t k;
};

static int cmp_at_u(const void *a, const void *b)
{
	double x = ((const struct at_u *)a)->u, y = ((const struct at_u *)b)->u;

	return (x > y) - (x < y);
}

/*
 * The points as a pass sees them. A slanted pass turns them, and points
 * that were on one line across the walls (a wall's square end, a mitre's
 * corners) come out a few ten-thousandths of a point apart: each set of
 * points closer than SNAP_PT along u takes one u, so they bound one slab,
 * not a sliver of slabs the ink test would misread.
 */
#define SNAP_PT (EPS / 4)
static void pass_points(struct pass *p, double angle_deg)
{
	const struct mb_mp_outline *o = p->o;
	size_t n = o->npts;
	struct at_u *by_u;

	p->uv = mb_mp_xmalloc((n ? 2 * n : 1) * sizeof *p->uv);
	p->cos_t = cos(angle_deg * M_PI / 180);
	p->sin_t = sin(angle_deg * M_PI / 180);
	if (angle_deg == 0 || p->swap) {
		p->cos_t = 1;
		p->sin_t = 0;
	}
	for (size_t k = 0; k < n; k++) {
		double x = o->xy[2 * k], y = o->xy[2 * k + 1];

		p->uv[2 * k] = p->swap ? y : x * p->cos_t + y * p->sin_t;
		p->uv[2 * k + 1] = p->swap ? x : y * p->cos_t - x * p->sin_t;
	}
	if (p->swap || p->sin_t == 0 || n == 0)
		return;
	by_u = mb_mp_xmalloc(n * sizeof *by_u);
	for (size_t k = 0; k < n; k++)
		by_u[k] = (struct at_u){ p->uv[2 * k], k };
	qsort(by_u, n, sizeof *by_u, cmp_at_u);
	for (size_t k = 1; k < n; k++)
		if (by_u[k].u - by_u[k - 1].u <= SNAP_PT)
			by_u[k].u = by_u[k - 1].u;
	for (size_t k = 0; k < n; k++)
		p->uv[2 * by_u[k].k] = by_u[k].u;
	free(by_u);
}

struct dir {
	double deg, len;
};

static int cmp_dir(const void *a, const void *b)
{
	const struct dir *x = a, *y = b;

	return (x->deg > y->deg) - (x->deg < y->deg);
}

/*
 * The slanted directions the outline's edges run in (hexagons' 30 and 150
 * or 60 and 120 degrees, triangles' 60 and 120): edges within
 * MB_MP_OUTLINE_DIR_DEG of each other are one direction, taken when
 * their length is at least MB_MP_OUTLINE_DIR_SHARE of all edges' (a
 * round cap's or a curve's short pieces are not). At most
 * MB_MP_OUTLINE_MAX_SLANTS, the longest; returns their number.
 */
static size_t slant_dirs(const struct mb_mp_outline *o, const size_t (*edges)[2], size_t nedges,
			 double *out)
{
	struct dir *d = mb_mp_xmalloc((nedges ? nedges : 1) * sizeof *d);
	struct dir best[MB_MP_OUTLINE_MAX_SLANTS];
	size_t nd = 0, nbest = 0;
	double total = 0;

	for (size_t e = 0; e < nedges; e++) {
		double dx = o->xy[2 * edges[e][1]] - o->xy[2 * edges[e][0]];
		double dy = o->xy[2 * edges[e][1] + 1] - o->xy[2 * edges[e][0] + 1];
		double len = hypot(dx, dy), a = atan2(dy, dx) * 180 / M_PI;

		if (len <= EPS)
			continue;
		total += len;
		a = a < 0 ? a + 180 : a >= 180 ? a - 180 : a;
		/* within a degree of level or upright: the first two passes' */
		if (fmin(fmin(a, 180 - a), fabs(a - 90)) > 1)
			d[nd++] = (struct dir){ a, len };
	}
	qsort(d, nd, sizeof *d, cmp_dir);
	for (size_t i = 0, j; i < nd; i = j) {
		struct dir c = { 0, 0 };
		size_t at;

		for (j = i; j < nd && d[j].deg - d[i].deg <= MB_MP_OUTLINE_DIR_DEG; j++) {
			c.deg += d[j].deg * d[j].len;
			c.len += d[j].len;
		}
		c.deg /= c.len;
		if (c.len < MB_MP_OUTLINE_DIR_SHARE * total)
			continue;
		/* keep the longest: insert in order of length */
		at = nbest < MB_MP_OUTLINE_MAX_SLANTS ? nbest++ : MB_MP_OUTLINE_MAX_SLANTS;
		while (at > 0 && best[at - 1].len < c.len) {
			if (at < MB_MP_OUTLINE_MAX_SLANTS)
				best[at] = best[at - 1];
			at--;
		}
		if (at < MB_MP_OUTLINE_MAX_SLANTS)
			best[at] = c;
	}
	free(d);
	for (size_t k = 0; k < nbest; k++)
		out[k] = best[k].deg;
	return nbest;
}

/* where the centre lines of a and b cross: t along a (0 its first end, 1 its second), s along b */
static bool cross_at(const struct mb_mp_outline_wall *a, const struct mb_mp_outline_wall *b,
		     double *t, double *s)
{
	double ax = a->x1 - a->x0, ay = a->y1 - a->y0, bx = b->x1 - b->x0, by = b->y1 - b->y0;
	double den = ax * by - ay * bx;

	/* nearly parallel (less than about 11 degrees apart): no crossing to trust */
	if (fabs(den) < 0.2 * hypot(ax, ay) * hypot(bx, by))
		return false;
	*t = ((b->x0 - a->x0) * by - (b->y0 - a->y0) * bx) / den;
	*s = ((b->x0 - a->x0) * ay - (b->y0 - a->y0) * ax) / den;
	return true;
}

/* Does b go on from a's end e in a's line, past a gap of at most a pen and a half? Its near end. */
static bool goes_on(const struct mb_mp_outline_wall *a, int e, const struct mb_mp_outline_wall *b,
		    double *fx, double *fy)
{
	double ex = e ? a->x1 : a->x0, ey = e ? a->y1 : a->y0;
	double len = hypot(a->x1 - a->x0, a->y1 - a->y0), ux, uy, g0, g1, tol;

	ux = (e ? a->x1 - a->x0 : a->x0 - a->x1) / len;	/* outward from the end */
	uy = (e ? a->y1 - a->y0 : a->y0 - a->y1) / len;
	tol = fmax(EPS, 0.1 * a->width_pt);
	/* both of b's ends on a's line */
	if (fabs((b->x0 - ex) * uy - (b->y0 - ey) * ux) > tol ||
	    fabs((b->x1 - ex) * uy - (b->y1 - ey) * ux) > tol)
		return false;
	g0 = (b->x0 - ex) * ux + (b->y0 - ey) * uy;
	g1 = (b->x1 - ex) * ux + (b->y1 - ey) * uy;
	if (fmin(g0, g1) <= EPS || fmin(g0, g1) > MB_MP_OUTLINE_MEET_PENS * a->width_pt)
		return false;
	*fx = g0 < g1 ? b->x0 : b->x1;
	*fy = g0 < g1 ? b->y0 : b->y1;
	return true;
}

/*
 * Where the end e of wall k goes: the nearest crossing of its centre line
 * with another's (one of the two slanted), else, when a wall goes on in
 * its line past a gap of less than a pen and a half (butt ends of
 * separate outlines), the middle of the gap. False: it stays.
 */
static bool end_target(const struct found *f, size_t k, int e, const size_t *items, size_t from,
		       size_t to, double *x, double *y)
{
	const struct mb_mp_outline_wall *a = &f[k].w;
	double len = hypot(a->x1 - a->x0, a->y1 - a->y0), t, s, fx, fy;
	double best = MB_MP_OUTLINE_MEET_PENS * a->width_pt;
	bool found = false;

	for (size_t i = from; i < to; i++) {
		const struct mb_mp_outline_wall *b = &f[items[i]].w;
		double lb = hypot(b->x1 - b->x0, b->y1 - b->y0), slack;

		if (items[i] == k || !(f[k].slanted || f[items[i]].slanted) ||
		    !cross_at(a, b, &t, &s))
			continue;
		/* on b, or within the junction past its end */
		slack = MB_MP_OUTLINE_MEET_PENS * (a->width_pt + b->width_pt) / lb;
		if (s < -slack || s > 1 + slack || fabs(t - e) * len >= best)
			continue;
		best = fabs(t - e) * len;
		*x = a->x0 + t * (a->x1 - a->x0);
		*y = a->y0 + t * (a->y1 - a->y0);
		found = true;
	}
	for (size_t i = from; i < to && !found; i++) {
		if (items[i] == k || !goes_on(a, e, &f[items[i]].w, &fx, &fy))
			continue;
		*x = ((e ? a->x1 : a->x0) + fx) / 2;
		*y = ((e ? a->y1 : a->y0) + fy) / 2;
		found = true;
	}
	return found;
}

/* each joined end of the walls f moved to where it meets (grid: first, items; see meet) */
static void meet_ends(struct found *f, size_t n, const size_t *first, const size_t *items,
		      double x0, double y0, double cell, size_t nx)
{
	double *moved = mb_mp_xmalloc((4 * n + 1) * sizeof *moved);

	for (size_t k = 0; k < n; k++) {
		const struct mb_mp_outline_wall *a = &f[k].w;

		moved[4 * k] = a->x0;
		moved[4 * k + 1] = a->y0;
		moved[4 * k + 2] = a->x1;
		moved[4 * k + 3] = a->y1;
		for (int e = 0; e < 2; e++) {
			double ex = e ? a->x1 : a->x0, ey = e ? a->y1 : a->y0;
			size_t c = (size_t)((ey - y0) / cell) * nx + (size_t)((ex - x0) / cell);

			if (f[k].joined[e] && (a->x1 != a->x0 || a->y1 != a->y0))
				end_target(f, k, e, items, first[c], first[c + 1],
					   &moved[4 * k + 2 * e], &moved[4 * k + 2 * e + 1]);
		}
	}
	for (size_t k = 0; k < n; k++) {
		f[k].w.x0 = moved[4 * k];
		f[k].w.y0 = moved[4 * k + 1];
		f[k].w.x1 = moved[4 * k + 2];
		f[k].w.y1 = moved[4 * k + 3];
	}
	free(moved);
}

/*
 * Where slanted walls meet (three at 120 degrees, up to six at 60), the
 * middle of the ink is not where their centre lines cross (for three at
 * 120 degrees it is a sixth of a pen past it, and where a slanted side
 * crosses a slab between corners the ink test sees less of it), so an end
 * that ran into a junction goes to the nearest crossing of its centre
 * line with another wall's within MB_MP_OUTLINE_MEET_PENS pens of it.
 * Walls that are all level or upright keep their ends (there the middle
 * of the junction is the crossing). The walls near an end are found in
 * a grid of cells whose side bounds the reach, each wall listed in every
 * cell within reach of it.
 */
static void meet(struct found *f, size_t n)
{
	double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY, reach = 0, cell;
	size_t nx, ny, *first, *items = NULL, *at = NULL;
	bool any = false;

	for (size_t k = 0; k < n; k++) {
		any |= f[k].slanted;
		reach = fmax(reach, MB_MP_OUTLINE_MEET_PENS * 2 * f[k].w.width_pt);
		x0 = fmin(x0, fmin(f[k].w.x0, f[k].w.x1));
		y0 = fmin(y0, fmin(f[k].w.y0, f[k].w.y1));
		x1 = fmax(x1, fmax(f[k].w.x0, f[k].w.x1));
		y1 = fmax(y1, fmax(f[k].w.y0, f[k].w.y1));
	}
	if (!any)
		return;
	/* at most 512 cells a side: wider cells only list more walls */
	cell = fmax(reach, fmax(x1 - x0, y1 - y0) / 512 + EPS);
	nx = (size_t)((x1 - x0) / cell) + 1;
	ny = (size_t)((y1 - y0) / cell) + 1;
	first = mb_mp_xcalloc(nx * ny + 1, sizeof *first);
	for (int fill = 0; fill < 2; fill++) {
		size_t total = 0;

		for (size_t k = 0; k < n; k++) {
			const struct mb_mp_outline_wall *w = &f[k].w;
			size_t i0 = (size_t)fmax(0, (fmin(w->x0, w->x1) - reach - x0) / cell);
			size_t i1 = (size_t)fmin(nx - 1, (fmax(w->x0, w->x1) + reach - x0) / cell);
			size_t j0 = (size_t)fmax(0, (fmin(w->y0, w->y1) - reach - y0) / cell);
			size_t j1 = (size_t)fmin(ny - 1, (fmax(w->y0, w->y1) + reach - y0) / cell);

			/* long slanted walls list the cells of their boxes: a bound on the work */
			total += (i1 - i0 + 1) * (j1 - j0 + 1);
			if (total > MB_MP_OUTLINE_MEET_MAX_CELLS) {
				free(first);
				return;	/* the ends stay as read */
			}
			for (size_t j = j0; j <= j1; j++)
				for (size_t i = i0; i <= i1; i++) {
					if (fill)
						items[at[j * nx + i]++] = k;
					else
						first[j * nx + i + 1]++;
				}
		}
		if (fill)
			break;
		for (size_t c = 0; c < nx * ny; c++)
			first[c + 1] += first[c];
		items = mb_mp_xmalloc((first[nx * ny] + 1) * sizeof *items);
		at = mb_mp_xmalloc((nx * ny + 1) * sizeof *at);
		memcpy(at, first, (nx * ny + 1) * sizeof *at);
	}
	meet_ends(f, n, first, items, x0, y0, cell, nx);
	free(at);
	free(items);
	free(first);
}
void mb_mp_outline_meet(struct mb_mp_outline_wall *walls, size_t n)
{
	struct found *f = mb_mp_xmalloc((n ? n : 1) * sizeof *f);

	for (size_t k = 0; k < n; k++) {
		f[k].w = walls[k];
		f[k].joined[0] = f[k].joined[1] = true;
		f[k].slanted = fabs(walls[k].x1 - walls[k].x0) > EPS &&
			       fabs(walls[k].y1 - walls[k].y0) > EPS;
	}
	meet(f, n);
	for (size_t k = 0; k < n; k++)
		walls[k] = f[k].w;
	free(f);
}

/* one pass: the walls along angle_deg (or upright: swap); false past the budget */
static bool one_pass(const struct mb_mp_outline *o, const size_t (*edges)[2], size_t nedges,
		     bool swap, double angle_deg, size_t *budget, struct found **f, size_t *n,
		     size_t *cap)
{
	struct pass p;
	bool ok;

	memset(&p, 0, sizeof p);
	p.o = o;
	p.edges = edges;
	p.nedges = nedges;
	p.swap = swap;
	pass_points(&p, angle_deg);
	ok = slab_runs(&p, budget);
	if (ok)
		read_pass(&p, f, n, cap);
	pass_release(&p);
	return ok;
}

long mb_mp_outline_walls(const struct mb_mp_outline *o, size_t *budget,
			 struct mb_mp_outline_wall **out)
{
	struct found *found = NULL;
	struct mb_mp_outline_wall *walls;
	size_t n = 0, cap = 0, nslants;
	size_t (*edges)[2], nedges = 0, start = 0;
	double slants[MB_MP_OUTLINE_MAX_SLANTS];
	bool ok;

	*out = NULL;
	for (size_t k = 0; k < 2 * o->npts; k++)
		if (!isfinite(o->xy[k]) || fabs(o->xy[k]) > 1e7)
			return -1;
	edges = mb_mp_xmalloc((o->npts ? o->npts : 1) * sizeof *edges);
	for (size_t c = 0; c <= o->ncontours; c++) {
		size_t end = c < o->ncontours ? o->ends[c] : o->npts;

		/* a contour of one point paints nothing; the last one closes back to its start */
		for (size_t k = start; end - start >= 2 && k < end; k++) {
			edges[nedges][0] = k;
			edges[nedges][1] = k + 1 < end ? k + 1 : start;
			nedges++;
		}
		start = end;
	}
	/* level and upright walls, then each slanted direction the edges run in */
	nslants = slant_dirs(o, (const size_t (*)[2])edges, nedges, slants);
	ok = one_pass(o, (const size_t (*)[2])edges, nedges, false, 0, budget, &found, &n, &cap) &&
	     one_pass(o, (const size_t (*)[2])edges, nedges, true, 0, budget, &found, &n, &cap);
	for (size_t k = 0; ok && k < nslants; k++)
		ok = one_pass(o, (const size_t (*)[2])edges, nedges, false, slants[k], budget,
			      &found, &n, &cap);
	free(edges);
	if (!ok) {
		free(found);
		return -1;
	}
	meet(found, n);
	walls = n ? mb_mp_xmalloc(n * sizeof *walls) : NULL;
	for (size_t k = 0; k < n; k++)
		walls[k] = found[k].w;
	free(found);
	*out = walls;
	return (long)n;
}
