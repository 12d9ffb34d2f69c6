/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * A drawing read as a rectangle of squares (mpmaze.h; the round, hexagonal
 * and triangular lattices are mplattice.h's): the square size along each
 * axis from the lines' coordinates, the walls on that grid, decoration
 * stripped, walls off the grid and diagonal lines across it.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mplimits.h"
#include "mpmaze.h"
#include "mpmaze_int.h"
#include "mputil.h"

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

void mb_mp_set_problem(struct mb_mp_maze *m, const char *what)
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
bool mb_mp_strip_decoration(const struct line *lines, const struct cluster *c,
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
void mb_mp_build_walls(struct mb_mp_maze *m, const struct line *lines, const struct cluster *c)
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
		mb_mp_set_problem(m, "no lines");
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
		mb_mp_set_problem(m, msg);
		goto out;
	}
	m->w = (int)lround((xs[nx - 1] - xs[0]) / m->cell_w_pt);
	m->h = (int)lround((ys[ny - 1] - ys[0]) / m->cell_h_pt);
	if (m->w < 1 || m->h < 1 || m->w > MB_MP_MAX_SIDE || m->h > MB_MP_MAX_SIDE) {
		snprintf(msg, sizeof msg, "black lines at (%.1f, %.1f) pt form a %dx%d grid", c->x0,
			 c->y0, m->w, m->h);
		mb_mp_set_problem(m, msg);
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
			mb_mp_set_problem(m, msg);
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

/*
 * A drawing that is a grid but for a few lines between its grid lines (a
 * wall added half a square off): the maze is rebuilt from the lines on the
 * grid and fails for the line off it, so it is reported by its number
 * instead of vanishing as a drawing that is not a maze.
 */
void mb_mp_rebuild_on_grid(struct mb_mp_maze *m, const struct line *lines,
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
	mb_mp_build_walls(&again, lines, &kept);
	free(kept.members);
	if (again.w == 0 || again.problem[0]) {
		mb_mp_maze_release(&again);
		return;
	}
	snprintf(msg, sizeof msg, "a wall off the grid at (%.1f, %.1f)-(%.1f, %.1f) pt "
		 "(squares are %.1f pt)", off.x0, off.y0, off.x1, off.y1,
		 again.cell_w_pt);
	mb_mp_set_problem(&again, msg);
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
void mb_mp_find_diagonal(struct mb_mp_maze *m, const struct mb_mp_page *page)
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
		mb_mp_set_problem(m, msg);
		return;
	}
}
