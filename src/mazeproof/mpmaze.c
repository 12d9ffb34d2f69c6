/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * From page geometry to wall sets. Every threshold is relative to the line
 * width or the inferred cell size, so the reader does not care about the
 * page size, the maze size or tiny floating-point noise in the coordinates.
 * Grouping uses a bucket grid over the page, so a page costs about linear
 * time in its number of segments.
 */
#include "config.h"

#include "mpmaze.h"

#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mplattice.h"
#include "mputil.h"

/* an axis-aligned black segment: a horizontal one has y0 == y1, x0 < x1 */
struct line {
	double x0, y0, x1, y1;
	double width;
	bool horizontal;
	bool outline;		/* read from a filled outline (mpoutline.h) */
};

struct cluster {
	double x0, y0, x1, y1;	/* bounding box */
	double width;		/* line width of its first segment */
	size_t *members;
	size_t n, cap;
	bool dropped;
	bool dropped_inside;	/* lines dropped as decoration reach inside it: render to judge */
};

static size_t find(size_t *parent, size_t a)
{
	while (parent[a] != a) {
		parent[a] = parent[parent[a]];
		a = parent[a];
	}
	return a;
}

static void unite(size_t *parent, size_t a, size_t b)
{
	a = find(parent, a);
	b = find(parent, b);
	if (a != b)
		parent[a < b ? b : a] = a < b ? a : b;
}

static double tolerance(const struct line *a, const struct line *b)
{
	return fmax(0.25, 0.75 * fmax(a->width, b->width));
}

static bool same_width(double a, double b)
{
	return fabs(a - b) <= 0.1 * fmax(a, b) + 0.01;
}

/*
 * Do two segments touch or cross? In one pen, within three quarters of it
 * (ends drawn a little short still meet); in two pens (a heavy rim, thin
 * inner walls), only where their ink meets: within half the wider pen, so
 * a tick drawn inside a square next to a heavy rim stays apart.
 */
static bool touch(const struct line *a, const struct line *b)
{
	double tol = tolerance(a, b);

	if (!same_width(a->width, b->width))
		tol = 0.5 * fmax(a->width, b->width) + 0.25;
	if (a->horizontal == b->horizontal) {
		if (a->horizontal)
			return fabs(a->y0 - b->y0) <= tol && a->x0 <= b->x1 + tol && b->x0 <= a->x1 + tol;
		return fabs(a->x0 - b->x0) <= tol && a->y0 <= b->y1 + tol && b->y0 <= a->y1 + tol;
	}
	if (!a->horizontal) {
		const struct line *t = a;

		a = b;
		b = t;
	}
	/* a horizontal, b vertical */
	return b->x0 >= a->x0 - tol && b->x0 <= a->x1 + tol && a->y0 >= b->y0 - tol &&
	       a->y0 <= b->y1 + tol;
}

/* Keep black, solid, axis-aligned segments, normalised. */
static size_t collect_lines(const struct mb_mp_page *page, struct line **out)
{
	struct line *lines = mb_mp_xmalloc((page->nsegs ? page->nsegs : 1) * sizeof *lines);
	size_t n = 0;

	for (size_t k = 0; k < page->nsegs; k++) {
		const struct mb_mp_seg *s = &page->segs[k];
		double dx = fabs(s->x1 - s->x0), dy = fabs(s->y1 - s->y0);
		double len = fmax(dx, dy);
		double slack = fmax(0.05, 0.02 * len);
		struct line *l;

		if (!s->black || s->dashed || !isfinite(s->x0) || !isfinite(s->y0) ||
		    !isfinite(s->x1) || !isfinite(s->y1) || !isfinite(s->width_pt) ||
		    fabs(s->x0) + fabs(s->y0) + fabs(s->x1) + fabs(s->y1) > 1e6)
			continue;
		if (dy > slack && dx > slack)
			continue;	/* diagonal: never a wall */
		l = &lines[n++];
		l->width = s->width_pt;
		l->outline = s->outline;
		l->horizontal = dy <= dx;
		if (l->horizontal) {
			l->y0 = l->y1 = (s->y0 + s->y1) / 2;
			l->x0 = fmin(s->x0, s->x1);
			l->x1 = fmax(s->x0, s->x1);
		} else {
			l->x0 = l->x1 = (s->x0 + s->x1) / 2;
			l->y0 = fmin(s->y0, s->y1);
			l->y1 = fmax(s->y0, s->y1);
		}
	}
	*out = lines;
	return n;
}

/* a line and where it was, for sorting */
struct placed_line {
	struct line l;
	size_t at;
};

static int cmp_placed(const void *pa, const void *pb)
{
	const struct placed_line *a = pa, *b = pb;
	double d[5] = { a->l.x0 - b->l.x0, a->l.y0 - b->l.y0, a->l.x1 - b->l.x1,
			a->l.y1 - b->l.y1, a->l.width - b->l.width };

	if (a->l.horizontal != b->l.horizontal)
		return a->l.horizontal ? 1 : -1;
	for (int k = 0; k < 5; k++)
		if (d[k] != 0)
			return d[k] < 0 ? -1 : 1;
	/* equal lines by place, so the first of them is kept */
	return a->at < b->at ? -1 : a->at > b->at;
}

/*
 * Drop lines identical to an earlier one (a form drawn a thousand times
 * in one place), keeping the order of the rest; returns the new count.
 */
static size_t drop_duplicates(struct line *lines, size_t n)
{
	struct placed_line *sorted = mb_mp_xmalloc((n ? n : 1) * sizeof *sorted);
	bool *dup = mb_mp_xcalloc(n ? n : 1, sizeof *dup);
	size_t kept = 0;

	for (size_t k = 0; k < n; k++)
		sorted[k] = (struct placed_line){ lines[k], k };
	qsort(sorted, n, sizeof *sorted, cmp_placed);
	for (size_t k = 1; k < n; k++) {
		const struct line *a = &sorted[k - 1].l, *b = &sorted[k].l;

		dup[sorted[k].at] = a->horizontal == b->horizontal && a->x0 == b->x0 &&
				    a->y0 == b->y0 && a->x1 == b->x1 && a->y1 == b->y1 &&
				    a->width == b->width;
	}
	for (size_t k = 0; k < n; k++)
		if (!dup[k])
			lines[kept++] = lines[k];
	free(sorted);
	free(dup);
	return kept;
}

/*
 * Union touching segments, comparing only those that share a bucket.
 * False when a bucket holds more than MB_MP_MAX_BUCKET of them.
 */
static bool group_lines(const struct line *lines, size_t n, size_t *parent)
{
	double bx0 = INFINITY, by0 = INFINITY, bx1 = -INFINITY, by1 = -INFINITY, cell;
	size_t nx, ny, *count, *start = NULL, *slot = NULL;
	const double pad = 2.0;

	for (size_t k = 0; k < n; k++) {
		parent[k] = k;
		bx0 = fmin(bx0, lines[k].x0);
		by0 = fmin(by0, lines[k].y0);
		bx1 = fmax(bx1, lines[k].x1);
		by1 = fmax(by1, lines[k].y1);
	}
	if (n < 2)
		return true;
	bx0 -= pad;
	by0 -= pad;
	bx1 += pad;
	by1 += pad;
	cell = fmax(12.0, fmax(bx1 - bx0, by1 - by0) / 256.0);
	nx = (size_t)((bx1 - bx0) / cell) + 1;
	ny = (size_t)((by1 - by0) / cell) + 1;
	count = mb_mp_xcalloc(nx * ny + 1, sizeof *count);
	/* two passes: count the bucket entries, then fill them */
	for (int pass = 0; pass < 2; pass++) {
		for (size_t k = 0; k < n; k++) {
			double t = fmax(0.25, 0.75 * lines[k].width) + 0.5;
			size_t ix0 = (size_t)fmax(0, (lines[k].x0 - t - bx0) / cell);
			size_t ix1 = (size_t)fmax(0, (lines[k].x1 + t - bx0) / cell);
			size_t iy0 = (size_t)fmax(0, (lines[k].y0 - t - by0) / cell);
			size_t iy1 = (size_t)fmax(0, (lines[k].y1 + t - by0) / cell);

			if (ix1 >= nx)
				ix1 = nx - 1;
			if (iy1 >= ny)
				iy1 = ny - 1;
			for (size_t iy = iy0; iy <= iy1; iy++)
				for (size_t ix = ix0; ix <= ix1; ix++) {
					if (pass == 0)
						count[iy * nx + ix + 1]++;
					else
						slot[start[iy * nx + ix]++] = k;
				}
		}
		if (pass == 0) {
			for (size_t b = 1; b <= nx * ny; b++) {
				if (count[b] > MB_MP_MAX_BUCKET) {
					free(count);
					return false;
				}
				count[b] += count[b - 1];
			}
			slot = mb_mp_xmalloc((count[nx * ny] ? count[nx * ny] : 1) * sizeof *slot);
			start = mb_mp_xmalloc((nx * ny + 1) * sizeof *start);
			memcpy(start, count, (nx * ny + 1) * sizeof *start);
		}
	}
	for (size_t b = 0; b < nx * ny; b++)
		for (size_t p = count[b]; p < count[b + 1]; p++)
			for (size_t q = p + 1; q < count[b + 1]; q++) {
				size_t a = slot[p], c = slot[q];

				if (find(parent, a) != find(parent, c) && touch(&lines[a], &lines[c]))
					unite(parent, a, c);
			}
	free(count);
	free(start);
	free(slot);
	return true;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The most common gap between neighbours of the sorted values vals[] (n >= 2). */
static double mode_gap(const double *vals, size_t n, double *smallest)
{
	double *gaps, best = 0;
	size_t ng = n - 1, best_count = 0;

	gaps = mb_mp_xmalloc(ng * sizeof *gaps);
	for (size_t k = 0; k < ng; k++)
		gaps[k] = vals[k + 1] - vals[k];
	qsort(gaps, ng, sizeof *gaps, cmp_double);
	for (size_t a = 0; a < ng;) {
		size_t b = a;
		double sum = 0;

		while (b < ng && gaps[b] - gaps[a] <= 0.01 * gaps[a] + 0.02)
			sum += gaps[b++];
		if (b - a > best_count) {
			best_count = b - a;
			best = sum / (double)(b - a);
		}
		a = b;
	}
	if (smallest)
		*smallest = gaps[0];
	free(gaps);
	return best;
}

static bool fits(double v, double origin, double s)
{
	double u = (v - origin) / s;

	return fabs(u - round(u)) <= 0.1;
}

static bool robust_lattice(const double *vals, size_t n, double *origin, double *s);

/*
 * The cell size along one axis from the sorted distinct coordinates vals[]:
 * the most common gap between neighbours, checked by requiring every
 * coordinate to sit on a multiple of it; the smallest gap is the fallback,
 * unless most coordinates sit on a lattice of the common gap: then a line
 * is off the grid (a wall drawn half a square off would otherwise make a
 * grid of half squares). Returns 0 when no spacing fits.
 */
static double infer_spacing(const double *vals, size_t n)
{
	double cand[2], origin, common;

	if (n < 2)
		return 0;
	cand[0] = mode_gap(vals, n, &cand[1]);
	for (int c = 0; c < 2; c++) {
		double s = cand[c];
		bool ok = s > 0.5;

		if (c == 1 && robust_lattice(vals, n, &origin, &common))
			return 0;
		for (size_t k = 0; ok && k < n; k++)
			ok = fits(vals[k], vals[0], s);
		if (ok) {
			/* refine with the full extent to cancel rounding of the gap */
			double cells = round((vals[n - 1] - vals[0]) / s);

			return cells >= 1 ? (vals[n - 1] - vals[0]) / cells : s;
		}
	}
	return 0;
}

/* Sort and merge coordinates closer than eps; returns the distinct count. */
static size_t distinct(double *vals, size_t n, double eps)
{
	size_t m = 0;

	qsort(vals, n, sizeof *vals, cmp_double);
	for (size_t k = 0; k < n; k++)
		if (m == 0 || vals[k] - vals[m - 1] > eps)
			vals[m++] = vals[k];
	return m;
}

static void set_problem(struct mb_mp_maze *m, const char *what)
{
	if (!m->problem[0])
		snprintf(m->problem, sizeof m->problem, "%s", what);
}

/*
 * A lattice that most of the sorted distinct values vals[] sit on: the most
 * common gap, and the origin that the most values fit. Returns false when
 * there is none.
 */
static bool robust_lattice(const double *vals, size_t n, double *origin, double *s)
{
	size_t best = 0;

	if (n < 3)
		return false;
	*s = mode_gap(vals, n, NULL);
	if (*s <= 0.5)
		return false;
	for (size_t o = 0; o < n; o++) {
		size_t count = 0;

		for (size_t k = 0; k < n; k++)
			count += fits(vals[k], vals[o], *s);
		if (count > best) {
			best = count;
			*origin = vals[o];
		}
	}
	return best * 2 > n;
}

/*
 * Mark in on[] (c->n entries) the lines of c that sit on the lattice most of
 * its lines sit on, and return the box of those in *box (x0, y0, x1, y1).
 * Returns false when there is no such lattice.
 */
static bool mark_lattice(const struct line *lines, const struct cluster *c, bool *on,
			 double box[4])
{
	double *xs = mb_mp_xmalloc(2 * c->n * sizeof *xs), *ys = mb_mp_xmalloc(2 * c->n * sizeof *ys);
	double ox, oy, sx, sy, eps = fmax(0.1, 0.25 * c->width);
	size_t nx = 0, ny = 0;
	bool ok;

	box[0] = box[1] = INFINITY;
	box[2] = box[3] = -INFINITY;
	for (size_t k = 0; k < c->n; k++) {
		const struct line *l = &lines[c->members[k]];

		xs[nx++] = l->x0;
		xs[nx++] = l->x1;
		ys[ny++] = l->y0;
		ys[ny++] = l->y1;
	}
	nx = distinct(xs, nx, eps);
	ny = distinct(ys, ny, eps);
	ok = robust_lattice(xs, nx, &ox, &sx) && robust_lattice(ys, ny, &oy, &sy);
	for (size_t k = 0; ok && k < c->n; k++) {
		const struct line *l = &lines[c->members[k]];

		on[k] = fits(l->x0, ox, sx) && fits(l->x1, ox, sx) && fits(l->y0, oy, sy) &&
			fits(l->y1, oy, sy);
		if (on[k]) {
			box[0] = fmin(box[0], l->x0);
			box[1] = fmin(box[1], l->y0);
			box[2] = fmax(box[2], l->x1);
			box[3] = fmax(box[3], l->y1);
		}
	}
	free(xs);
	free(ys);
	return ok;
}

/*
 * A maze drawing that is not on one grid may carry decoration touching its
 * rim (an arrow's shaft into a gap). Find the lattice most lines sit on;
 * lines off it that stay outside the box of the lines on it are dropped.
 * Fills out (members owned by the caller) and returns true when any line
 * was dropped. Lines off the lattice inside the box stay, and are reported.
 */
static bool strip_decoration(const struct line *lines, const struct cluster *c,
			     struct cluster *out)
{
	double box[4], tol = fmax(0.5, c->width);
	bool *on = mb_mp_xcalloc(c->n, sizeof *on);
	bool ok = mark_lattice(lines, c, on, box);
	double bx0 = box[0], by0 = box[1], bx1 = box[2], by1 = box[3];

	memset(out, 0, sizeof *out);
	*out = *c;
	out->members = NULL;
	out->n = out->cap = 0;
	for (size_t k = 0; ok && k < c->n; k++) {
		const struct line *l = &lines[c->members[k]];
		bool outside = l->x1 <= bx0 + tol || l->x0 >= bx1 - tol || l->y1 <= by0 + tol ||
			       l->y0 >= by1 - tol;

		if (on[k] || !outside)
			*(size_t *)mb_mp_push(&out->members, &out->n, &out->cap, sizeof(size_t)) =
				c->members[k];
	}
	free(on);
	if (!ok || out->n == c->n || out->n < 4) {
		free(out->members);
		out->members = NULL;
		return false;
	}
	return true;
}

/*
 * A maze with a wall drawn between its grid lines: keep the lines on the
 * lattice most lines sit on in out (members owned by the caller) and name
 * the first line off it, preferring one inside the maze, in off. Returns
 * false when there is no such lattice or nothing is off it.
 */
static bool keep_on_grid(const struct line *lines, const struct cluster *c, struct cluster *out,
			 struct line *off)
{
	double box[4];
	bool *on = mb_mp_xcalloc(c->n, sizeof *on), found = false, found_inside = false;
	bool ok = mark_lattice(lines, c, on, box);

	*out = *c;
	out->members = NULL;
	out->n = out->cap = 0;
	for (size_t k = 0; ok && k < c->n; k++) {
		const struct line *l = &lines[c->members[k]];
		bool inside = l->x0 < box[2] && l->x1 > box[0] && l->y0 < box[3] && l->y1 > box[1];

		if (on[k]) {
			*(size_t *)mb_mp_push(&out->members, &out->n, &out->cap, sizeof(size_t)) =
				c->members[k];
		} else if (!found_inside && (inside || !found)) {
			*off = *l;
			found = true;
			found_inside = inside;
		}
	}
	free(on);
	if (!ok || out->n == c->n || out->n < 4) {
		free(out->members);
		out->members = NULL;
		return false;
	}
	return true;
}

/* Build the grid and the wall set of one cluster. */
static void build_walls(struct mb_mp_maze *m, const struct line *lines, const struct cluster *c)
{
	double *xs = mb_mp_xmalloc(2 * c->n * sizeof *xs);
	double *ys = mb_mp_xmalloc(2 * c->n * sizeof *ys);
	size_t nx = 0, ny = 0;
	double eps = fmax(0.1, 0.25 * c->width);
	char msg[200];

	for (size_t k = 0; k < c->n; k++) {
		const struct line *l = &lines[c->members[k]];

		if (l->horizontal) {
			ys[ny++] = l->y0;
			xs[nx++] = l->x0;
			xs[nx++] = l->x1;
		} else {
			xs[nx++] = l->x0;
			ys[ny++] = l->y0;
			ys[ny++] = l->y1;
		}
	}
	nx = distinct(xs, nx, eps);
	ny = distinct(ys, ny, eps);
	if (nx == 0 || ny == 0) {
		set_problem(m, "no lines");
		goto out;
	}
	m->cell_w_pt = infer_spacing(xs, nx);
	m->cell_h_pt = infer_spacing(ys, ny);
	m->x_pt = xs[0];
	m->y_pt = ys[0];
	if (m->cell_w_pt <= 0 || m->cell_h_pt <= 0) {
		snprintf(msg, sizeof msg,
			 "%zu black lines at (%.1f, %.1f)-(%.1f, %.1f) pt that do not lie on a regular grid",
			 c->n, c->x0, c->y0, c->x1, c->y1);
		set_problem(m, msg);
		goto out;
	}
	m->w = (int)lround((xs[nx - 1] - xs[0]) / m->cell_w_pt);
	m->h = (int)lround((ys[ny - 1] - ys[0]) / m->cell_h_pt);
	if (m->w < 1 || m->h < 1 || m->w > MB_MP_MAX_SIDE || m->h > MB_MP_MAX_SIDE) {
		snprintf(msg, sizeof msg, "black lines at (%.1f, %.1f) pt form a %dx%d grid", c->x0,
			 c->y0, m->w, m->h);
		set_problem(m, msg);
		m->w = m->h = 0;
		goto out;
	}
	m->hwall = mb_mp_xcalloc((size_t)(m->h + 1) * (size_t)m->w, 1);
	m->vwall = mb_mp_xcalloc((size_t)m->h * (size_t)(m->w + 1), 1);
	for (size_t k = 0; k < c->n; k++) {
		const struct line *l = &lines[c->members[k]];
		double a0, a1, across;
		long i0, i1, at;

		if (l->horizontal) {
			across = (l->y0 - m->y_pt) / m->cell_h_pt;
			a0 = (l->x0 - m->x_pt) / m->cell_w_pt;
			a1 = (l->x1 - m->x_pt) / m->cell_w_pt;
		} else {
			across = (l->x0 - m->x_pt) / m->cell_w_pt;
			a0 = (l->y0 - m->y_pt) / m->cell_h_pt;
			a1 = (l->y1 - m->y_pt) / m->cell_h_pt;
		}
		at = lround(across);
		i0 = lround(a0);
		i1 = lround(a1);
		m->pen_pt = fmax(m->pen_pt, l->width);
		m->thin_pt = m->thin_pt > 0 ? fmin(m->thin_pt, l->width) : l->width;
		{
			/* snapped, but is what prints exactly the snapped wall? */
			double along = l->horizontal ? m->cell_w_pt : m->cell_h_pt;
			double cross = l->horizontal ? m->cell_h_pt : m->cell_w_pt;
			double slack = 0.5 * l->width + 0.05;

			if (fabs(across - (double)at) * cross > slack ||
			    fabs(a0 - (double)i0) * along > slack || fabs(a1 - (double)i1) * along > slack)
				m->inexact = true;
		}
		if (fabs(across - (double)at) > 0.1 || fabs(a0 - (double)i0) > 0.1 ||
		    fabs(a1 - (double)i1) > 0.1 || at < 0 || i0 < 0 || i1 < i0 ||
		    at > (l->horizontal ? m->h : m->w) || i1 > (l->horizontal ? m->w : m->h)) {
			snprintf(msg, sizeof msg, "a wall at (%.1f, %.1f)-(%.1f, %.1f) pt is off the grid",
				 l->x0, l->y0, l->x1, l->y1);
			set_problem(m, msg);
			continue;
		}
		for (long i = i0; i < i1; i++) {
			if (l->horizontal)
				m->hwall[(size_t)at * (size_t)m->w + (size_t)i] = 1;
			else
				m->vwall[(size_t)i * (size_t)(m->w + 1) + (size_t)at] = 1;
		}
	}
out:
	free(xs);
	free(ys);
}

static void add_step(struct mb_mp_maze *m, bool vertical, long i, long j)
{
	struct mb_mp_step *s;

	for (size_t k = 0; k < m->nsteps; k++)
		if (m->steps[k].vertical == vertical && m->steps[k].i == i && m->steps[k].j == j)
			return;
	s = mb_mp_push(&m->steps, &m->nsteps, &m->cap_steps, sizeof *s);
	s->vertical = vertical;
	s->i = (int)i;
	s->j = (int)j;
}

static void route_problem(struct mb_mp_maze *m, const char *what, double u0, double v0,
			  double u1, double v1)
{
	if (!m->route_problem[0])
		snprintf(m->route_problem, sizeof m->route_problem,
			 "%s from (%.2f, %.2f) to (%.2f, %.2f) in square units", what, u0, v0, u1, v1);
}

/* where a drawn solution is, in square units: cells -1..w and -1..h (outside the rim) */
struct route_walk {
	struct mb_mp_maze *m;
	long cx, cy;		/* the cell of the last sample, or LONG_MIN */
	long centres;		/* distinct squares whose centre the route passes near */
	unsigned char *centre_seen;
	unsigned char *hseen, *vseen;	/* grid lines crossed so far, as hwall and vwall */
};

/* step from cell (ax, ay) to a 4-neighbour (bx, by): the grid line between them, once */
static void cross(struct route_walk *r, long ax, long ay, long bx, long by)
{
	struct mb_mp_maze *m = r->m;
	struct mb_mp_step *s;
	bool vertical = ay == by;
	long i = vertical ? (ax > bx ? ax : bx) : ax, j = vertical ? ay : (ay > by ? ay : by);
	unsigned char *seen;

	if (vertical ? ay < 0 || ay >= m->h : ax < 0 || ax >= m->w)
		return;	/* along the outside of the rim */
	seen = vertical ? &r->vseen[(size_t)j * (size_t)(m->w + 1) + (size_t)i]
			: &r->hseen[(size_t)j * (size_t)m->w + (size_t)i];
	if (*seen)
		return;
	*seen = 1;
	s = mb_mp_push(&m->steps, &m->nsteps, &m->cap_steps, sizeof *s);
	s->vertical = vertical;
	s->i = (int)i;
	s->j = (int)j;
}

static void route_sample(struct route_walk *r, double u, double v)
{
	struct mb_mp_maze *m = r->m;
	long cx = LONG_MIN, cy = LONG_MIN;	/* far outside: beyond the gaps */

	if (isfinite(u) && isfinite(v) && u >= -1 && v >= -1 && u < m->w + 1 && v < m->h + 1) {
		cx = (long)floor(u);
		cy = (long)floor(v);
	}
	if (cx >= 0 && cy >= 0 && cx < m->w && cy < m->h &&
	    fabs(u - (double)cx - 0.5) <= 0.25 && fabs(v - (double)cy - 0.5) <= 0.25 &&
	    !r->centre_seen[(size_t)cy * (size_t)m->w + (size_t)cx]) {
		r->centre_seen[(size_t)cy * (size_t)m->w + (size_t)cx] = 1;
		r->centres++;
	}
	if (r->cx != LONG_MIN && cx != LONG_MIN && (cx != r->cx || cy != r->cy)) {
		long dx = cx - r->cx, dy = cy - r->cy;

		if (labs(dx) + labs(dy) == 1)
			cross(r, r->cx, r->cy, cx, cy);
		else
			route_problem(m, "a route that passes diagonally through a corner",
				      (double)r->cx + 0.5, (double)r->cy + 0.5, u, v);
	}
	r->cx = cx;
	r->cy = cy;
}

/* sample the piece a-b (square units) every tenth of a square */
static void route_piece(struct route_walk *r, double u0, double v0, double u1, double v1)
{
	double len = hypot(u1 - u0, v1 - v0);
	int n;

	if (!isfinite(len))
		return;
	n = (int)fmin(100000, ceil(len / 0.1));
	for (int k = 1; k <= n; k++)
		route_sample(r, u0 + (u1 - u0) * k / n, v0 + (v1 - v0) * k / n);
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/*
 * Find the solution drawn in m: marks (coloured strokes of any dash, curves
 * flattened, and coloured dots, chained in the order they were drawn when
 * less than a square apart) lying within three squares of the maze, that
 * pass near the centres of two squares or more. Each is sampled every
 * tenth of a square; moving from one square to the next crosses the grid
 * line between them. The painting operations used are kept, so the
 * rendering that judges the walls leaves the drawn solution out.
 */
static void read_route(struct mb_mp_maze *m, const struct mb_mp_page *page)
{
	double mx0 = m->x_pt - 3 * m->cell_w_pt, my0 = m->y_pt - 3 * m->cell_h_pt;
	double mx1 = m->x_pt + (m->w + 3) * m->cell_w_pt, my1 = m->y_pt + (m->h + 3) * m->cell_h_pt;
	size_t k = 0;
	struct route_walk r;

	memset(&r, 0, sizeof r);
	r.centre_seen = mb_mp_xcalloc((size_t)m->w * (size_t)m->h, 1);
	r.hseen = mb_mp_xmalloc((size_t)(m->h + 1) * (size_t)m->w);
	r.vseen = mb_mp_xmalloc((size_t)m->h * (size_t)(m->w + 1));
	while (k < page->nmarks) {
		size_t end = k + 1;
		const struct mb_mp_mark *mk = &page->marks[k];
		struct mb_mp_maze trial;
		bool inside;

		/* a chain of dots, each under a square from the last */
		if (mk->dot)
			while (end < page->nmarks && page->marks[end].dot) {
				const double *p = &page->mark_pts[2 * page->marks[end - 1].first];
				const double *q = &page->mark_pts[2 * page->marks[end].first];

				if (fabs(p[0] - q[0]) > m->cell_w_pt || fabs(p[1] - q[1]) > m->cell_h_pt)
					break;
				end++;
			}
		inside = true;
		for (size_t q = k; q < end && inside; q++)
			inside = page->marks[q].n > 0 && page->marks[q].x0 >= mx0 &&
				 page->marks[q].x1 <= mx1 && page->marks[q].y0 >= my0 &&
				 page->marks[q].y1 <= my1;
		if (!inside) {
			k = end;
			continue;
		}
		/* walk it on a scratch maze: only a route that passes two centres counts */
		trial = *m;
		trial.steps = NULL;
		trial.nsteps = trial.cap_steps = 0;
		trial.route_problem[0] = 0;
		r.m = &trial;
		r.cx = LONG_MIN;
		r.centres = 0;
		memset(r.centre_seen, 0, (size_t)m->w * (size_t)m->h);
		memset(r.hseen, 0, (size_t)(m->h + 1) * (size_t)m->w);
		memset(r.vseen, 0, (size_t)m->h * (size_t)(m->w + 1));
		for (size_t q = k; q < end; q++) {
			const struct mb_mp_mark *pm = &page->marks[q];
			const double *pt = &page->mark_pts[2 * pm->first];

			for (size_t i = 0; i < pm->n; i++) {
				double u = (pt[2 * i] - m->x_pt) / m->cell_w_pt;
				double v = (pt[2 * i + 1] - m->y_pt) / m->cell_h_pt;
				const double *prev = NULL;

				if (i > 0)
					prev = &pt[2 * i - 2];
				else if (q > k && pm->dot)	/* the dot before, in the chain */
					prev = &page->mark_pts[2 * page->marks[q - 1].first];
				if (!prev) {
					r.cx = LONG_MIN;
					route_sample(&r, u, v);
				} else {
					route_piece(&r, (prev[0] - m->x_pt) / m->cell_w_pt,
						    (prev[1] - m->y_pt) / m->cell_h_pt, u, v);
				}
			}
		}
		if (r.centres >= 2) {
			m->solution = true;
			if (!m->nsteps) {
				free(m->steps);
				m->steps = trial.steps;
				m->nsteps = trial.nsteps;
				m->cap_steps = trial.cap_steps;
				trial.steps = NULL;
			}
			for (size_t i = 0; trial.steps && i < trial.nsteps; i++)
				add_step(m, trial.steps[i].vertical, trial.steps[i].i, trial.steps[i].j);
			if (trial.route_problem[0] && !m->route_problem[0])
				snprintf(m->route_problem, sizeof m->route_problem, "%s",
					 trial.route_problem);
			for (size_t q = k; q < end; q++)
				*(int *)mb_mp_push(&m->route_ops, &m->nroute_ops, &m->cap_route_ops,
						   sizeof(int)) = page->marks[q].op;
		}
		free(trial.steps);
		k = end;
	}
	free(r.centre_seen);
	free(r.hseen);
	free(r.vseen);
	if (m->nroute_ops)
		qsort(m->route_ops, m->nroute_ops, sizeof(int), cmp_int);
}

/*
 * Words that name a maze, its solution or its puzzle in the labels of the
 * book's languages (English, German, Spanish, French, and Italian and
 * Dutch for good measure), whole words in the singular: "Maze 3" is a
 * label, "Christmas Mazes 2026" and "Mazes 101 for Kids" are titles.
 * French's one "Labyrinthe" is German's many; German's "Rätsel" and
 * Spanish's "rompecabezas" are both, so those three are read either way.
 */
static const char *const maze_words[] = {
	"maze", "solution", "answer", "puzzle",
	"labyrinth", "lösung", "rätsel", "antwort",
	"laberinto", "solución", "respuesta", "rompecabezas",
	"labyrinthe", "réponse", "énigme",
	"labirinto", "soluzione", "doolhof", "oplossing"
};

/* words that say the next number is a page */
static const char *const page_words[] = {
	"page", "pages", "p.", "pp.", "seite", "s.", "página", "pagina", "pág.", "pag.",
	"bladzijde", "blz."
};

/* words that say the next number is a count ("Maze 1 of 4") */
static const char *const count_words[] = { "of", "von", "de", "sur", "di", "van", "/" };

/* a letter, in ASCII or any byte of a UTF-8 sequence */
static bool letter(unsigned char c)
{
	return isalpha(c) || c >= 0x80;
}

/*
 * The length of word (lower case) at s in any case, 0 when it is not
 * there as a whole word: ASCII capitals and UTF-8's Latin-1 ones ("LÖSUNG",
 * "RÉPONSE": C3 80 to C3 9E, each 0x20 below its small letter) fold.
 */
static size_t word_at(const char *s, const char *word)
{
	size_t i;

	for (i = 0; word[i]; i++) {
		unsigned char a = (unsigned char)s[i], b = (unsigned char)word[i];

		if (a >= 'A' && a <= 'Z')
			a += 'a' - 'A';
		else if (i > 0 && (unsigned char)s[i - 1] == 0xC3 && a >= 0x80 && a <= 0x9E &&
			 a != 0x97)
			a += 0x20;
		if (a != b)
			return 0;
	}
	return letter((unsigned char)s[i]) ? 0 : i;
}

/*
 * The number right after a naming word ("Maze 12", "MAZE: 12", "Maze #3"):
 * only spaces and punctuation may come between, so "Maze Madness 3" or
 * "60 Easy Mazes for Ages 5-7" name no maze.
 */
static const char *named_number(const char *p)
{
	while (*p && !isalnum((unsigned char)*p) && !((unsigned char)*p & 0x80))
		p++;
	return isdigit((unsigned char)*p) ? p : NULL;
}

/* a word starts at s: the text before it is not a letter */
static bool word_start(const char *text, const char *s)
{
	return s == text || !letter((unsigned char)s[-1]);
}

/*
 * Where the label's number starts: after a naming word or '#'; NULL when
 * the text is in no label's form (a title, a running head, a folio, "Ages
 * 4-6": a number without its word names no maze).
 */
static const char *number_start(const char *text)
{
	for (const char *s = text; *s; s++) {
		size_t len;

		if (*s == '#' && isdigit((unsigned char)s[1]))
			return s + 1;
		if (!word_start(text, s))
			continue;
		for (size_t k = 0; k < sizeof maze_words / sizeof maze_words[0]; k++) {
			const char *p;

			if ((len = word_at(s, maze_words[k])) && (p = named_number(s + len)))
				return p;
		}
	}
	return NULL;
}

static int to_number(const char *p)
{
	long v = strtol(p, NULL, 10);

	return v > 0 && v < 1000000 ? (int)v : -1;
}

int mb_mp_label_number(const char *text)
{
	const char *p = number_start(text);

	return p ? to_number(p) : -1;
}

/* Does one of words[] (n) end just before p, after spaces and punctuation? */
static bool word_before(const char *text, const char *p, const char *const *words, size_t n)
{
	const char *e = p;

	while (e > text && (e[-1] == ' ' || e[-1] == '(' || e[-1] == ':' || e[-1] == ','))
		e--;
	for (size_t k = 0; k < n; k++) {
		size_t len = strlen(words[k]);

		if ((size_t)(e - text) >= len && strncasecmp(e - len, words[k], len) == 0 &&
		    word_start(text, e - len))
			return true;
	}
	return false;
}

int mb_mp_label_page(const char *text)
{
	const char *p = number_start(text);

	if (!p)
		return -1;
	while (isdigit((unsigned char)*p))
		p++;
	for (;;) {
		while (*p && !isdigit((unsigned char)*p))
			p++;
		if (!*p)
			return -1;
		if (word_before(text, p, count_words, sizeof count_words / sizeof count_words[0]))
			return -1;	/* "Maze 1 of 4": a count */
		if (word_before(text, p, page_words, sizeof page_words / sizeof page_words[0]))
			return to_number(p);
		while (isdigit((unsigned char)*p))
			p++;
	}
}

int mb_mp_folio(const char *text)
{
	const char *p = text;
	int v;

	while (*p == ' ' || *p == '-' || *p == '[' || *p == '(')
		p++;
	if (!isdigit((unsigned char)*p))
		return -1;
	v = to_number(p);
	while (isdigit((unsigned char)*p))
		p++;
	while (*p == ' ' || *p == '-' || *p == ']' || *p == ')')
		p++;
	return *p ? -1 : v;
}

struct text_line {
	char text[160];
	double x0, x1, baseline, size;
};

static int cmp_text(const void *a, const void *b)
{
	const struct mb_mp_text *s = a, *t = b;

	if (fabs(s->baseline - t->baseline) > 0.3 * fmax(s->size_pt, t->size_pt))
		return s->baseline < t->baseline ? -1 : 1;
	return (s->x0 > t->x0) - (s->x0 < t->x0);
}

/* Join spans that sit on one baseline next to each other into lines of text. */
static size_t text_lines(const struct mb_mp_page *page, struct text_line **out)
{
	struct mb_mp_text *spans = mb_mp_xmalloc((page->ntexts ? page->ntexts : 1) * sizeof *spans);
	struct text_line *lines = mb_mp_xcalloc(page->ntexts ? page->ntexts : 1, sizeof *lines);
	size_t n = 0;

	if (page->ntexts)
		memcpy(spans, page->texts, page->ntexts * sizeof *spans);
	qsort(spans, page->ntexts, sizeof *spans, cmp_text);
	for (size_t k = 0; k < page->ntexts; k++) {
		const struct mb_mp_text *t = &spans[k];
		struct text_line *l = n ? &lines[n - 1] : NULL;

		if (l && fabs(t->baseline - l->baseline) <= 0.3 * fmax(t->size_pt, l->size) &&
		    t->x0 >= l->x1 - 0.5 * l->size &&
		    t->x0 <= l->x1 + MB_MP_WORD_GAP * fmax(t->size_pt, l->size)) {
			size_t len = strlen(l->text);

			if (t->x0 > l->x1 + 0.15 * l->size && len + 1 < sizeof l->text && len &&
			    l->text[len - 1] != ' ')
				l->text[len++] = ' ';
			snprintf(l->text + len, sizeof l->text - len, "%s", t->utf8);
			l->x1 = fmax(l->x1, t->x1);
			continue;
		}
		l = &lines[n++];
		snprintf(l->text, sizeof l->text, "%s", t->utf8);
		l->x0 = t->x0;
		l->x1 = t->x1;
		l->baseline = t->baseline;
		l->size = t->size_pt;
	}
	free(spans);
	*out = lines;
	return n;
}

/*
 * Where a line stands from maze m, when it stands where m's label belongs:
 * above m (its baseline no lower than half its size below m's top), over
 * m's columns or beside them by at most half m's width. The distance is
 * the height above m's top plus three times the gap beside its columns;
 * -1 when the line is not placed as m's label.
 */
static double label_distance(const struct text_line *l, const struct mb_mp_maze *m)
{
	double top = m->y_pt, left = m->x_pt, right = m->x_pt + m->w * m->cell_w_pt;
	double above = top - l->baseline;
	double aside = fmax(0, fmax(left - l->x1, l->x0 - right));

	/* beside the maze's own columns, a label is a neighbour's more likely than its own */
	if (m->w <= 0 || above < -0.5 * l->size || aside > 0.5 * (right - left))
		return -1;
	return fmax(0, above) + 3 * aside;
}

void mb_mp_label_mazes(const struct mb_mp_page *page, struct mb_mp_maze **mazes, size_t n)
{
	struct text_line *lines;
	size_t nlines = text_lines(page, &lines);
	double *best = mb_mp_xmalloc((n ? n : 1) * sizeof *best);

	for (size_t a = 0; a < n; a++) {
		mazes[a]->number = mazes[a]->label_page = -1;
		mazes[a]->label[0] = 0;
		best[a] = INFINITY;
	}
	for (size_t k = 0; k < nlines; k++) {
		const struct text_line *l = &lines[k];
		int num = mb_mp_label_number(l->text);
		size_t owner = n;
		double near = INFINITY;

		if (num < 0)
			continue;
		/* the line belongs to the nearest maze it stands above, no other */
		for (size_t a = 0; a < n; a++) {
			double d = label_distance(l, mazes[a]);

			if (d >= 0 && d < near) {
				near = d;
				owner = a;
			}
		}
		/* and that maze takes the nearest of the lines that belong to it */
		if (owner == n || near >= best[owner])
			continue;
		best[owner] = near;
		mazes[owner]->number = num;
		mazes[owner]->label_page = mb_mp_label_page(l->text);
		snprintf(mazes[owner]->label, sizeof mazes[owner]->label, "%s", l->text);
	}
	free(best);
	free(lines);
}

/*
 * The gaps of a maze cut its outer wall in two, so its walls are (at least)
 * two connected groups whose boxes overlap: merge groups whose boxes
 * overlap, until none do. A pen of another width may draw the rim or the
 * inner walls, so groups of three or more lines merge whatever their pen;
 * one or two lines of another pen inside a maze's box (a tick, an arrow's
 * shaft) are decoration and are dropped.
 */
/*
 * Is the cluster a bare rectangle (every line on the edges of its box)? A
 * frame or a border drawn around a maze, or a rim seen alone.
 */
static bool bare_rectangle(const struct line *lines, const struct cluster *c)
{
	double tol = fmax(0.5, c->width);

	if (c->n > 16)
		return false;
	for (size_t k = 0; k < c->n; k++) {
		const struct line *l = &lines[c->members[k]];

		if (l->horizontal ? fabs(l->y0 - c->y0) > tol && fabs(l->y0 - c->y1) > tol
				  : fabs(l->x0 - c->x0) > tol && fabs(l->x0 - c->x1) > tol)
			return false;
	}
	return true;
}

/* Do all of a's lines lie on the edges of b's box (pieces of a rim in another pen)? */
static bool on_box_edge(const struct line *lines, const struct cluster *a, const struct cluster *b)
{
	double tol = fmax(0.5, fmax(a->width, b->width));

	for (size_t k = 0; k < a->n; k++) {
		const struct line *l = &lines[a->members[k]];

		if (l->horizontal ? fabs(l->y0 - b->y0) > tol && fabs(l->y0 - b->y1) > tol
				  : fabs(l->x0 - b->x0) > tol && fabs(l->x0 - b->x1) > tol)
			return false;
	}
	return true;
}

/*
 * Do all of a's lines lie on the edges of the box a and b make together?
 * Two rim sides in a heavy pen (an L whose gaps cut it off from the rest of
 * the rim) reach past the inner walls' box: once left out, the maze was
 * read one column short with four rim gaps.
 */
static bool on_joint_edge(const struct line *lines, const struct cluster *a, const struct cluster *b)
{
	struct cluster joint = *b;

	joint.x0 = fmin(a->x0, b->x0);
	joint.y0 = fmin(a->y0, b->y0);
	joint.x1 = fmax(a->x1, b->x1);
	joint.y1 = fmax(a->y1, b->y1);
	return on_box_edge(lines, a, &joint);
}

/* Does a lie inside b's box, clear of its edges on every side? */
static bool inside_clear(const struct cluster *a, const struct cluster *b)
{
	double t = fmax(0.5, fmax(a->width, b->width));

	return a->x0 > b->x0 + t && a->x1 < b->x1 - t && a->y0 > b->y0 + t && a->y1 < b->y1 - t;
}

static void merge_overlapping(const struct line *lines, struct cluster *cl, size_t ncl)
{
	bool merged = true;

	while (merged) {
		merged = false;
		for (size_t a = 0; a < ncl; a++)
			for (size_t b = 0; b < ncl; b++) {
				struct cluster *in = &cl[a], *outer = &cl[b];
				double t = fmax(0.5, outer->width);

				if (a == b || in->dropped || outer->dropped || in->n > outer->n ||
				    in->x0 > outer->x1 + t || in->x1 < outer->x0 - t ||
				    in->y0 > outer->y1 + t || in->y1 < outer->y0 - t)
					continue;
				/* a frame around a maze, touching nothing of it, is not its rim */
				if ((inside_clear(outer, in) && bare_rectangle(lines, in)) ||
				    (inside_clear(in, outer) && bare_rectangle(lines, outer)))
					continue;
				if (!same_width(in->width, outer->width) && in->n < 3 &&
				    !on_box_edge(lines, in, outer) && !on_joint_edge(lines, in, outer)) {
					if (in->x0 >= outer->x0 - t && in->x1 <= outer->x1 + t &&
					    in->y0 >= outer->y0 - t && in->y1 <= outer->y1 + t) {
						in->dropped = true;
						/* a mark inside the maze: what it closes, the ink tells */
						outer->dropped_inside |= in->x1 > outer->x0 + t &&
							in->x0 < outer->x1 - t && in->y1 > outer->y0 + t &&
							in->y0 < outer->y1 - t;
					}
					continue;
				}
				for (size_t k = 0; k < in->n; k++)
					*(size_t *)mb_mp_push(&outer->members, &outer->n, &outer->cap,
							      sizeof(size_t)) = in->members[k];
				outer->x0 = fmin(outer->x0, in->x0);
				outer->y0 = fmin(outer->y0, in->y0);
				outer->x1 = fmax(outer->x1, in->x1);
				outer->y1 = fmax(outer->y1, in->y1);
				outer->dropped_inside |= in->dropped_inside;
				in->dropped = true;
				merged = true;
			}
	}
}

/*
 * A drawing that is a grid but for a few lines between its grid lines (a
 * wall added half a square off): the maze is rebuilt from the lines on the
 * grid and fails for the line off it, so it is reported by its number
 * instead of vanishing as a drawing that is not a maze.
 */
static void rebuild_on_grid(struct mb_mp_maze *m, const struct line *lines,
			    const struct cluster *c)
{
	struct cluster kept;
	struct line off;
	struct mb_mp_maze again;
	char msg[200];

	memset(&off, 0, sizeof off);
	if (!keep_on_grid(lines, c, &kept, &off))
		return;
	memset(&again, 0, sizeof again);
	again.page = m->page;
	again.number = again.label_page = -1;
	build_walls(&again, lines, &kept);
	free(kept.members);
	if (again.w == 0 || again.problem[0]) {
		mb_mp_maze_release(&again);
		return;
	}
	snprintf(msg, sizeof msg, "a wall off the grid at (%.1f, %.1f)-(%.1f, %.1f) pt "
		 "(squares are %.1f pt)", off.x0, off.y0, off.x1, off.y1,
		 again.cell_w_pt);
	set_problem(&again, msg);
	mb_mp_maze_release(m);
	*m = again;
}

/*
 * Clip the segment a-b to the box (Liang-Barsky); true when a piece of
 * positive length lies inside.
 */
static bool crosses_box(double ax, double ay, double bx, double by, double x0, double y0,
			double x1, double y1)
{
	double t0 = 0, t1 = 1, dx = bx - ax, dy = by - ay;
	double p[4] = { -dx, dx, -dy, dy }, q[4] = { ax - x0, x1 - ax, ay - y0, y1 - ay };

	for (int k = 0; k < 4; k++) {
		double r;

		if (p[k] == 0) {
			if (q[k] < 0)
				return false;
			continue;
		}
		r = q[k] / p[k];
		if (p[k] < 0)
			t0 = fmax(t0, r);
		else
			t1 = fmin(t1, r);
	}
	return t1 - t0 > 1e-9;
}

/*
 * Walls are axis-aligned, so a black slanted stroke that reaches into the
 * maze (more than a quarter square inside its rim) is a line drawn across
 * it: the maze fails, since the reader would see a wall where the proof
 * saw none.
 */
static void find_diagonal(struct mb_mp_maze *m, const struct mb_mp_page *page)
{
	double in_x = m->cell_w_pt / 4, in_y = m->cell_h_pt / 4;
	double x0 = m->x_pt + in_x, y0 = m->y_pt + in_y;
	double x1 = m->x_pt + m->w * m->cell_w_pt - in_x, y1 = m->y_pt + m->h * m->cell_h_pt - in_y;
	char msg[200];

	for (size_t k = 0; k < page->nsegs; k++) {
		const struct mb_mp_seg *s = &page->segs[k];
		double dx = fabs(s->x1 - s->x0), dy = fabs(s->y1 - s->y0);
		double slack = fmax(0.05, 0.02 * fmax(dx, dy));

		if (!s->black || dx <= slack || dy <= slack ||
		    !crosses_box(s->x0, s->y0, s->x1, s->y1, x0, y0, x1, y1))
			continue;
		snprintf(msg, sizeof msg, "a diagonal line crosses the maze at (%.1f, %.1f)-(%.1f, %.1f) pt",
			 s->x0, s->y0, s->x1, s->y1);
		set_problem(m, msg);
		return;
	}
}

/*
 * Is c letters, not a maze: small, made only of walls read from filled
 * outlines (MB_MP_MAX_GLYPH_PT), and either no grid or a grid with a side
 * of its rim less than half walled (an E, an H, a T, an L on a grid of
 * their own)? A maze's rim is whole but for its gaps.
 */
static bool glyph_like(const struct mb_mp_maze *m, const struct line *lines,
		       const struct cluster *c)
{
	int top = 0, bottom = 0, left = 0, right = 0;

	if (c->x1 - c->x0 > MB_MP_MAX_GLYPH_PT || c->y1 - c->y0 > MB_MP_MAX_GLYPH_PT)
		return false;
	for (size_t k = 0; k < c->n; k++)
		if (!lines[c->members[k]].outline)
			return false;
	if (m->w == 0)
		return true;
	for (int i = 0; i < m->w; i++) {
		top += mb_mp_hwall(m, i, 0) != 0;
		bottom += mb_mp_hwall(m, i, m->h) != 0;
	}
	for (int j = 0; j < m->h; j++) {
		left += mb_mp_vwall(m, 0, j) != 0;
		right += mb_mp_vwall(m, m->w, j) != 0;
	}
	return 2 * top < m->w || 2 * bottom < m->w || 2 * left < m->h || 2 * right < m->h;
}

size_t mb_mp_find_mazes(const struct mb_mp_page *page, struct mb_mp_maze **out)
{
	struct line *lines;
	size_t n = collect_lines(page, &lines);
	size_t *parent = mb_mp_xmalloc((n ? n : 1) * sizeof *parent);
	size_t *index = mb_mp_xmalloc((n ? n : 1) * sizeof *index);
	struct cluster *cl = NULL;
	size_t ncl = 0, capcl = 0, nmazes = 0, nread = 0;
	struct mb_mp_maze *mazes, **readable;
	char msg[160];

	n = drop_duplicates(lines, n);
	if (!group_lines(lines, n, parent)) {
		snprintf(msg, sizeof msg, "more than %d line pieces near one place: not a page of "
			 "mazes this tool reads", MB_MP_MAX_BUCKET);
		goto refuse;
	}
	for (size_t k = 0; k < n; k++) {
		size_t r = find(parent, k);
		struct cluster *c;

		if (r == k) {
			c = mb_mp_push(&cl, &ncl, &capcl, sizeof *c);
			index[k] = ncl - 1;
			c->x0 = lines[k].x0;
			c->y0 = lines[k].y0;
			c->x1 = lines[k].x1;
			c->y1 = lines[k].y1;
			c->width = lines[k].width;
		}
		c = &cl[index[r]];	/* r <= k: roots are the smallest index */
		*(size_t *)mb_mp_push(&c->members, &c->n, &c->cap, sizeof(size_t)) = k;
		c->x0 = fmin(c->x0, lines[k].x0);
		c->y0 = fmin(c->y0, lines[k].y0);
		c->x1 = fmax(c->x1, lines[k].x1);
		c->y1 = fmax(c->y1, lines[k].y1);
	}
	if (ncl > MB_MP_MAX_DRAWINGS) {
		snprintf(msg, sizeof msg, "more than %d separate line drawings: not a page of mazes "
			 "this tool reads", MB_MP_MAX_DRAWINGS);
		for (size_t a = 0; a < ncl; a++)
			free(cl[a].members);
		free(cl);
		goto refuse;
	}
	merge_overlapping(lines, cl, ncl);
	mazes = mb_mp_xcalloc(ncl ? ncl : 1, sizeof *mazes);
	for (size_t a = 0; a < ncl; a++) {
		struct cluster *c = &cl[a];
		struct mb_mp_maze *m;

		if (c->dropped || c->n < 2 || c->x1 - c->x0 < 0.5 || c->y1 - c->y0 < 0.5)
			goto next;
		m = &mazes[nmazes];
		memset(m, 0, sizeof *m);
		m->page = page->number;
		m->number = -1;
		m->label_page = -1;
		build_walls(m, lines, c);
		if (m->problem[0]) {
			struct cluster trimmed;

			if (strip_decoration(lines, c, &trimmed)) {
				struct mb_mp_maze again;

				memset(&again, 0, sizeof again);
				again.page = m->page;
				again.number = again.label_page = -1;
				build_walls(&again, lines, &trimmed);
				if (!again.problem[0]) {
					mb_mp_maze_release(m);
					*m = again;
				} else {
					mb_mp_maze_release(&again);
				}
				free(trimmed.members);
			}
		}
		if (m->w == 0)
			rebuild_on_grid(m, lines, c);
		if ((m->w == 0 && c->n < 4) ||
		    (m->w == 1 && m->h == 1 && !m->problem[0] && m->hwall[0] && m->hwall[1] &&
		     m->vwall[0] && m->vwall[1]) ||
		    glyph_like(m, lines, c)) {
			/* stray lines, a closed box (a frame or a border), or letters: not a maze */
			mb_mp_maze_release(m);
			goto next;
		}
		if (m->w > 0) {
			m->inexact |= c->dropped_inside;
			find_diagonal(m, page);
			read_route(m, page);
		} else {
			m->x_pt = c->x0;
			m->y_pt = c->y0;
		}
		nmazes++;
next:
		free(c->members);
	}
	free(cl);
	readable = mb_mp_xmalloc((nmazes ? nmazes : 1) * sizeof *readable);
	for (size_t a = 0; a < nmazes; a++)
		if (mazes[a].w > 0)
			readable[nread++] = &mazes[a];
	mb_mp_label_mazes(page, readable, nread);
	free(readable);
	free(lines);
	free(parent);
	free(index);
	*out = mazes;
	return nmazes;

refuse:	/* the page as one drawing that is not a maze, saying why */
	free(lines);
	free(parent);
	free(index);
	mazes = mb_mp_xcalloc(1, sizeof *mazes);
	mazes->page = page->number;
	mazes->number = mazes->label_page = -1;
	set_problem(mazes, msg);
	*out = mazes;
	return 1;
}

void mb_mp_maze_release(struct mb_mp_maze *m)
{
	free(m->hwall);
	free(m->vwall);
	free(m->steps);
	free(m->route_ops);
	mb_mp_lat_free(m->lat);
	memset(m, 0, sizeof *m);
}
