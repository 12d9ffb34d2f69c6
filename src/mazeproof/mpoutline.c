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
	double *xs;		/* slab boundaries */
	size_t nxs;
	struct run *runs;	/* slab k's runs are runs[first[k]..first[k+1]) */
	size_t nruns, cap_runs;
	size_t *first;
};

static double px(const struct pass *p, size_t k)
{
	return p->o->xy[2 * k + (p->swap ? 1 : 0)];
}

static double py(const struct pass *p, size_t k)
{
	return p->o->xy[2 * k + (p->swap ? 0 : 1)];
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

static void read_pass(struct pass *p, struct mb_mp_outline_wall **out, size_t *n, size_t *cap)
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
	for (size_t k = 0; k < npieces; k++) {
		const struct piece *pc = &pieces[k];
		double d = pc->y1 - pc->y0, c0, c1, e0, e1, mid;
		struct mb_mp_outline_wall *w;

		e0 = piece_end(p, pc, -1, &c0);
		e1 = piece_end(p, pc, 1, &c1);
		/* longer than thick, counting its share of the junctions it joins */
		if (p->xs[pc->k1 + 1] - p->xs[pc->k0] + c0 + c1 <= d + EPS || e1 - e0 <= EPS)
			continue;
		mid = (pc->y0 + pc->y1) / 2;
		w = mb_mp_push(out, n, cap, sizeof *w);
		w->width_pt = d;
		if (p->swap) {
			w->x0 = w->x1 = mid;
			w->y0 = e0;
			w->y1 = e1;
		} else {
			w->y0 = w->y1 = mid;
			w->x0 = e0;
			w->x1 = e1;
		}
	}
	free(pieces);
	free(open);
	free(next);
}

static void pass_release(struct pass *p)
{
	free(p->xs);
	free(p->runs);
	free(p->first);
}

long mb_mp_outline_walls(const struct mb_mp_outline *o, size_t *budget,
			 struct mb_mp_outline_wall **out)
{
	struct mb_mp_outline_wall *walls = NULL;
	size_t n = 0, cap = 0;

	size_t (*edges)[2], nedges = 0, start = 0;

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
	for (int swap = 0; swap < 2; swap++) {
		struct pass p;

		memset(&p, 0, sizeof p);
		p.o = o;
		p.edges = (const size_t (*)[2])edges;
		p.nedges = nedges;
		p.swap = swap;
		if (!slab_runs(&p, budget)) {
			pass_release(&p);
			free(walls);
			free(edges);
			return -1;
		}
		read_pass(&p, &walls, &n, &cap);
		pass_release(&p);
	}
	free(edges);
	*out = walls;
	return (long)n;
}
