/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* Maze-like drawings nothing read (see mpunread.h). */
#include "config.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "mplimits.h"
#include "mpunread.h"
#include "mputil.h"

/* a line within this many degrees of level or upright is the square reader's */
#define AXIS_DEG 0.5

/* the line's direction in degrees, 0 to 180 */
static double direction(const struct mb_mp_seg *s)
{
	double a = atan2(s->y1 - s->y0, s->x1 - s->x0) * 180.0 / M_PI;

	while (a < 0)
		a += 180.0;
	while (a >= 180.0)
		a -= 180.0;
	return a;
}

static bool on_axis(const struct mb_mp_seg *s)
{
	double a = direction(s);

	return a < AXIS_DEG || a > 180.0 - AXIS_DEG || fabs(a - 90.0) < AXIS_DEG;
}

static double point_to_seg(double px, double py, const struct mb_mp_seg *s)
{
	double dx = s->x1 - s->x0, dy = s->y1 - s->y0, len2 = dx * dx + dy * dy, t = 0;

	if (len2 > 0)
		t = fmax(0, fmin(1, ((px - s->x0) * dx + (py - s->y0) * dy) / len2));
	return hypot(px - (s->x0 + t * dx), py - (s->y0 + t * dy));
}

/* Do two lines meet (an end of one within tol of the other)? Walls meet at their ends or T-joins. */
static bool meet(const struct mb_mp_seg *a, const struct mb_mp_seg *b)
{
	double tol = fmax(0.5, 0.75 * fmax(a->width_pt, b->width_pt));

	return point_to_seg(a->x0, a->y0, b) <= tol || point_to_seg(a->x1, a->y1, b) <= tol ||
	       point_to_seg(b->x0, b->y0, a) <= tol || point_to_seg(b->x1, b->y1, a) <= tol;
}

/* the bucket of a position v (in cells from the grid's start), clamped to 0..n-1 (NaN: 0) */
static size_t bucket(double v, size_t n)
{
	if (!(v > 0))
		return 0;
	return v >= (double)(n - 1) ? n - 1 : (size_t)v;
}

/*
 * Union the lines that meet, comparing those that share a bucket of a grid
 * over their box; a bucket over MB_MP_UNREAD_MAX_BUCKET unites all its lines (a dense
 * mass of lines is one drawing, and comparing them all would be quadratic).
 */
static void group(const struct mb_mp_page *page, const size_t *idx, size_t n, size_t *parent)
{
	double bx0 = INFINITY, by0 = INFINITY, bx1 = -INFINITY, by1 = -INFINITY, cell;
	size_t nx, ny, *count, *start, *slot;

	for (size_t k = 0; k < n; k++) {
		const struct mb_mp_seg *s = &page->segs[idx[k]];

		parent[k] = k;
		bx0 = fmin(bx0, fmin(s->x0, s->x1));
		by0 = fmin(by0, fmin(s->y0, s->y1));
		bx1 = fmax(bx1, fmax(s->x0, s->x1));
		by1 = fmax(by1, fmax(s->y0, s->y1));
	}
	cell = fmax(12.0, fmax(bx1 - bx0, by1 - by0) / 128.0);
	nx = (size_t)((bx1 - bx0) / cell) + 2;
	ny = (size_t)((by1 - by0) / cell) + 2;
	count = mb_mp_xcalloc(nx * ny + 1, sizeof *count);
	start = mb_mp_xmalloc((nx * ny + 1) * sizeof *start);
	slot = NULL;
	/* two passes: count the bucket entries, then fill them */
	for (int pass = 0; pass < 2; pass++) {
		for (size_t k = 0; k < n; k++) {
			const struct mb_mp_seg *s = &page->segs[idx[k]];
			double t = fmax(0.5, 0.75 * s->width_pt);
			size_t ix0 = bucket((fmin(s->x0, s->x1) - t - bx0) / cell, nx);
			size_t ix1 = bucket((fmax(s->x0, s->x1) + t - bx0) / cell, nx);
			size_t iy0 = bucket((fmin(s->y0, s->y1) - t - by0) / cell, ny);
			size_t iy1 = bucket((fmax(s->y0, s->y1) + t - by0) / cell, ny);
			for (size_t iy = iy0; iy <= iy1; iy++)
				for (size_t ix = ix0; ix <= ix1; ix++) {
					if (pass == 0)
						count[iy * nx + ix + 1]++;
					else
						slot[start[iy * nx + ix]++] = k;
				}
		}
		if (pass == 0) {
			for (size_t b = 1; b <= nx * ny; b++)
				count[b] += count[b - 1];
			slot = mb_mp_xmalloc((count[nx * ny] ? count[nx * ny] : 1) * sizeof *slot);
			memcpy(start, count, (nx * ny + 1) * sizeof *start);
		}
	}
	for (size_t b = 0; b < nx * ny; b++) {
		size_t lo = count[b], hi = count[b + 1];

		for (size_t p = lo; p < hi; p++)
			for (size_t q = p + 1; q < hi; q++) {
				size_t a = slot[p], c = slot[q];

				if (mb_mp_uf_find(parent, a) == mb_mp_uf_find(parent, c))
					continue;
				if (hi - lo > MB_MP_UNREAD_MAX_BUCKET ||
				    meet(&page->segs[idx[a]], &page->segs[idx[c]]))
					mb_mp_uf_unite(parent, a, c);
				if (hi - lo > MB_MP_UNREAD_MAX_BUCKET)
					break;
			}
	}
	free(count);
	free(start);
	free(slot);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/*
 * How many families of direction hold the group's lines, when at most
 * MB_MP_UNREAD_MAX_DIRECTIONS hold nine in ten of them; else 0 (lines in
 * every direction: art, not a lattice). dir holds the n directions, sorted here.
 */
static int lattice_families(double *dir, size_t n)
{
	size_t held = 0;
	int families = 0;

	qsort(dir, n, sizeof *dir, cmp_double);
	/* a family that wraps past 180 degrees: start after the widest gap */
	size_t first = 0;
	double widest = dir[0] + 180.0 - dir[n - 1];

	for (size_t k = 1; k < n; k++)
		if (dir[k] - dir[k - 1] > widest) {
			widest = dir[k] - dir[k - 1];
			first = k;
		}
	for (size_t k = 0; k < n;) {
		size_t j = k + 1;
		double a0 = dir[(first + k) % n];

		while (j < n) {
			double a = dir[(first + j) % n];

			if (a < a0)
				a += 180.0;
			if (a - a0 > MB_MP_UNREAD_ANGLE_DEG)
				break;
			j++;
		}
		/* a family is a tenth of the lines or more; fewer are strays */
		if ((j - k) * 10 >= n) {
			families++;
			held += j - k;
		}
		k = j;
	}
	/* one family is hatching or a ruled pattern: a maze's walls turn */
	return families >= 2 && families <= MB_MP_UNREAD_MAX_DIRECTIONS && held * 10 >= n * 9
		       ? families : 0;
}

/* Is the group (its n lines in g) a maze-like drawing? Fills u when it is. */
static bool maze_like(const struct mb_mp_page *page, const size_t *g, size_t n,
		      struct mb_mp_unread *u)
{
	double *dir = mb_mp_xmalloc(n * sizeof *dir), *len = mb_mp_xmalloc(n * sizeof *len);
	int families;

	u->x0 = u->y0 = INFINITY;
	u->x1 = u->y1 = -INFINITY;
	for (size_t k = 0; k < n; k++) {
		const struct mb_mp_seg *s = &page->segs[g[k]];

		dir[k] = direction(s);
		len[k] = hypot(s->x1 - s->x0, s->y1 - s->y0);
		u->x0 = fmin(u->x0, fmin(s->x0, s->x1));
		u->y0 = fmin(u->y0, fmin(s->y0, s->y1));
		u->x1 = fmax(u->x1, fmax(s->x0, s->x1));
		u->y1 = fmax(u->y1, fmax(s->y0, s->y1));
	}
	families = lattice_families(dir, n);
	/* a straight run of sides may be one line: count each as the sides it spans */
	double side = INFINITY;
	size_t sides = 0;

	for (size_t k = 0; k < n; k++)
		if (len[k] >= 1.0)
			side = fmin(side, len[k]);
	for (size_t k = 0; k < n; k++)
		sides += isfinite(side) && len[k] > side && len[k] / side < 1e6
				 ? (size_t)lround(len[k] / side) : 1;
	u->lines = n;
	u->sides = sides;
	u->directions = families;
	bool wide = isfinite(side) && fmin(u->x1 - u->x0, u->y1 - u->y0) >= 2 * side;

	free(dir);
	free(len);
	/* lines in every direction: a maze only when there are very many (arcs drawn as chords) */
	return wide && (families > 0 || sides >= MB_MP_UNREAD_DENSE_LINES);
}

/* the box of each group's lines, kept at its root (x0, y0, x1, y1) */
static void group_boxes(const struct mb_mp_page *page, const size_t *idx, size_t n,
			size_t *parent, double *box)
{
	for (size_t k = 0; k < n; k++)
		box[4 * k] = box[4 * k + 1] = INFINITY, box[4 * k + 2] = box[4 * k + 3] = -INFINITY;
	for (size_t k = 0; k < n; k++) {
		const struct mb_mp_seg *s = &page->segs[idx[k]];
		size_t r = mb_mp_uf_find(parent, k);

		box[4 * r] = fmin(box[4 * r], fmin(s->x0, s->x1));
		box[4 * r + 1] = fmin(box[4 * r + 1], fmin(s->y0, s->y1));
		box[4 * r + 2] = fmax(box[4 * r + 2], fmax(s->x0, s->x1));
		box[4 * r + 3] = fmax(box[4 * r + 3], fmax(s->y0, s->y1));
	}
}

static const double *sort_boxes;

static int cmp_by_x0(const void *a, const void *b)
{
	double x = sort_boxes[4 * *(const size_t *)a], y = sort_boxes[4 * *(const size_t *)b];

	return x < y ? -1 : x > y;
}

/*
 * Groups whose boxes overlap are one drawing: the two rim gaps of a maze
 * split its walls in two, and a round maze's arcs and radial walls meet
 * only where they touch. A sweep over the boxes by their left edge, again
 * until nothing merges; past MB_MP_UNREAD_MAX_GROUPS groups the groups
 * stay as they touch (a page of that many separate drawings is no maze page).
 */
static void merge_overlapping(const struct mb_mp_page *page, const size_t *idx, size_t n,
			      size_t *parent)
{
	double *box = mb_mp_xmalloc(4 * n * sizeof *box);
	size_t *roots = mb_mp_xmalloc(n * sizeof *roots), nroots;
	bool merged = true;

	for (int pass = 0; merged && pass < 16; pass++) {
		merged = false;
		group_boxes(page, idx, n, parent, box);
		nroots = 0;
		for (size_t k = 0; k < n; k++)
			if (mb_mp_uf_find(parent, k) == k)
				roots[nroots++] = k;
		if (nroots > MB_MP_UNREAD_MAX_GROUPS)
			break;
		sort_boxes = box;
		qsort(roots, nroots, sizeof *roots, cmp_by_x0);
		for (size_t a = 0; a < nroots; a++)
			for (size_t b = a + 1; b < nroots && box[4 * roots[b]] < box[4 * roots[a] + 2];
			     b++) {
				const double *p = &box[4 * roots[a]], *q = &box[4 * roots[b]];

				if (p[1] < q[3] && q[1] < p[3] && mb_mp_uf_find(parent, roots[a]) !=
								   mb_mp_uf_find(parent, roots[b])) {
					mb_mp_uf_unite(parent, roots[a], roots[b]);
					merged = true;
				}
			}
	}
	free(box);
	free(roots);
}

size_t mb_mp_find_unread(const struct mb_mp_page *page, struct mb_mp_unread *out, size_t max)
{
	size_t *idx = mb_mp_xmalloc((page->nsegs + 1) * sizeof *idx), n = 0, found = 0;
	size_t *parent, *members, *first;

	for (size_t i = 0; i < page->nsegs; i++) {
		const struct mb_mp_seg *s = &page->segs[i];

		/* walls read from filled outlines too: a slanted outline maze no reader took */
		if (s->black && !s->dashed && (!s->filled || s->outline) && !on_axis(s))
			idx[n++] = i;
	}
	if (n == 0) {
		free(idx);
		return 0;
	}
	parent = mb_mp_xmalloc(n * sizeof *parent);
	group(page, idx, n, parent);
	merge_overlapping(page, idx, n, parent);
	/* each group's members together: counting sort by root */
	first = mb_mp_xcalloc(n + 1, sizeof *first);
	members = mb_mp_xmalloc(n * sizeof *members);
	for (size_t k = 0; k < n; k++)
		first[mb_mp_uf_find(parent, k) + 1]++;
	for (size_t k = 1; k <= n; k++)
		first[k] += first[k - 1];
	{
		size_t *at = mb_mp_xmalloc((n + 1) * sizeof *at);

		memcpy(at, first, (n + 1) * sizeof *at);
		for (size_t k = 0; k < n; k++)
			members[at[mb_mp_uf_find(parent, k)]++] = idx[k];
		free(at);
	}
	for (size_t r = 0; r < n; r++) {
		size_t m = first[r + 1] - first[r];
		struct mb_mp_unread u;

		if (m == 0 || !maze_like(page, members + first[r], m, &u) ||
		    u.sides < MB_MP_UNREAD_MIN_LINES)
			continue;
		if (found < max)
			out[found] = u;
		found++;
	}
	free(first);
	free(members);
	free(parent);
	free(idx);
	return found;
}
