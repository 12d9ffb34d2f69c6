/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* Arcs drawn as chains of chords (see mpchords.h). */
#include "config.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include "mpchords.h"
#include "mplimits.h"
#include "mputil.h"

static const double pi = 3.14159265358979323846;

/* the turn from line a's direction to line b's, in radians, -pi to pi */
static double turn(const struct mb_mp_seg *a, const struct mb_mp_seg *b)
{
	double t = atan2(b->y1 - b->y0, b->x1 - b->x0) - atan2(a->y1 - a->y0, a->x1 - a->x0);

	while (t > pi)
		t -= 2 * pi;
	while (t < -pi)
		t += 2 * pi;
	return t;
}

static bool plain_black(const struct mb_mp_seg *s)
{
	return s->black && !s->dashed && !s->filled && !s->outline;
}

/* Does line b go on from line a: the same path, starting where a ends, turning as the chain turns? */
static bool continues(const struct mb_mp_seg *a, const struct mb_mp_seg *b, double first_turn)
{
	double t, max = MB_MP_CHORDS_MAX_TURN_DEG * pi / 180;

	if (!plain_black(b) || b->path != a->path || fabs(b->width_pt - a->width_pt) > 1e-6 ||
	    hypot(b->x0 - a->x1, b->y0 - a->y1) > 1e-3)
		return false;
	t = turn(a, b);
	/* a straight run or a corner ends the arc; so does a turn the other way */
	if (fabs(t) < 1e-4 || fabs(t) > max)
		return false;
	return first_turn == 0 || (t > 0) == (first_turn > 0);
}

/* vertex k of the chain of lines first..first+n-1 (n + 1 vertices) */
static void vertex(const struct mb_mp_page *page, size_t first, size_t n, size_t k, double *x,
		   double *y)
{
	const struct mb_mp_seg *s = &page->segs[first + (k < n ? k : n - 1)];

	*x = k < n ? s->x0 : s->x1;
	*y = k < n ? s->y0 : s->y1;
}

/* Append the Bezier piece of the circle (cx, cy, r) from angle a0 to a1 (at most a quarter turn). */
static void add_arc_piece(struct mb_mp_page *page, const struct mb_mp_seg *proto, double cx,
			  double cy, double r, double a0, double a1)
{
	struct mb_mp_curve *c;
	double k = 4.0 / 3.0 * tan((a1 - a0) / 4);

	if (page->ncurves >= MB_MP_MAX_SEGS)
		return;
	c = mb_mp_push(&page->curves, &page->ncurves, &page->cap_curves, sizeof *c);
	c->x0 = cx + r * cos(a0);
	c->y0 = cy + r * sin(a0);
	c->x1 = cx + r * cos(a1);
	c->y1 = cy + r * sin(a1);
	c->c1x = c->x0 - k * r * sin(a0);
	c->c1y = c->y0 + k * r * cos(a0);
	c->c2x = c->x1 + k * r * sin(a1);
	c->c2y = c->y1 - k * r * cos(a1);
	c->xm = 0.125 * c->x0 + 0.375 * c->c1x + 0.375 * c->c2x + 0.125 * c->x1;
	c->ym = 0.125 * c->y0 + 0.375 * c->c1y + 0.375 * c->c2y + 0.125 * c->y1;
	c->width_pt = proto->width_pt;
	c->dashed = false;
	c->path = proto->path;
}

/* The chain of n lines from first, as arcs when its vertices lie on one circle. */
static bool chain_to_arcs(struct mb_mp_page *page, size_t first, size_t n)
{
	double ax, ay, mx, my, zx, zy, cx, cy, r, tol, sweep = 0, prev, a0;
	const struct mb_mp_seg *proto = &page->segs[first];
	int pieces;

	vertex(page, first, n, 0, &ax, &ay);
	vertex(page, first, n, n / 2, &mx, &my);
	vertex(page, first, n, n, &zx, &zy);
	if (hypot(zx - ax, zy - ay) < 1e-6)	/* a whole circle: through a third of the way */
		vertex(page, first, n, n / 3, &zx, &zy);
	if (!mb_mp_circle_through(ax, ay, mx, my, zx, zy, 1e-9, &cx, &cy))
		return false;
	r = hypot(ax - cx, ay - cy);
	tol = fmax(0.05, proto->width_pt / 4);
	prev = a0 = atan2(ay - cy, ax - cx);
	for (size_t k = 1; k <= n; k++) {
		double x, y, a, d;

		vertex(page, first, n, k, &x, &y);
		if (fabs(hypot(x - cx, y - cy) - r) > tol)
			return false;
		a = atan2(y - cy, x - cx);
		d = a - prev;
		while (d > pi)
			d -= 2 * pi;
		while (d < -pi)
			d += 2 * pi;
		sweep += d;
		prev = a;
	}
	pieces = (int)ceil(fabs(sweep) / (pi / 2) - 1e-9);
	if (pieces < 1 || pieces > 8)
		return false;
	for (int p = 0; p < pieces; p++)
		add_arc_piece(page, proto, cx, cy, r, a0 + sweep * p / pieces,
			      a0 + sweep * (p + 1) / pieces);
	for (size_t k = 0; k < n; k++)
		page->segs[first + k].black = false;
	page->curved_path_seen = true;
	return true;
}

size_t mb_mp_arcs_from_chords(struct mb_mp_page *page)
{
	size_t arcs = 0, i = 0;

	while (i < page->nsegs) {
		size_t j = i + 1;
		double first_turn = 0;

		if (!plain_black(&page->segs[i])) {
			i++;
			continue;
		}
		while (j < page->nsegs && continues(&page->segs[j - 1], &page->segs[j], first_turn)) {
			if (first_turn == 0)
				first_turn = turn(&page->segs[j - 1], &page->segs[j]);
			j++;
		}
		if (j - i >= MB_MP_CHORDS_MIN && chain_to_arcs(page, i, j - i))
			arcs++;
		i = j;
	}
	return arcs;
}
