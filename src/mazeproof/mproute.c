/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* A solution drawn on a rectangular maze: the grid lines its strokes cross (mpmaze.h). */
#include "config.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpmaze.h"
#include "mpmaze_int.h"
#include "mputil.h"

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
void mb_mp_read_route(struct mb_mp_maze *m, const struct mb_mp_page *page)
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
