/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* Which sides of a lattice are walls: ink in the raster, or the page's lines and arcs. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mplattice.h"
#include "mplattice_int.h"
#include "mpmaze.h"
#include "mputil.h"

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
