/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * MuPDF paths into page geometry: is a path one rectangle, a stroke walked
 * into segments, curves and marks, a filled outline into the walls it paints.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <mupdf/fitz.h>
#include <mupdf/pdf.h>

#include "mplimits.h"
#include "mpoutline.h"
#include "mpread.h"
#include "mpread_int.h"
#include "mputil.h"

/* the points of a path, to tell an axis-aligned rectangle from other shapes */
struct shape {
	fz_matrix ctm;
	fz_point pts[6];
	int n, moves;
	bool curved, too_many;
};

static void shape_add(struct shape *s, fz_point p)
{
	if (s->n > 0 && s->pts[s->n - 1].x == p.x && s->pts[s->n - 1].y == p.y)
		return;
	if (s->n >= 6) {
		s->too_many = true;
		return;
	}
	s->pts[s->n++] = p;
}

static void shape_moveto(fz_context *ctx, void *arg, float x, float y)
{
	struct shape *s = arg;

	(void)ctx;
	s->moves++;
	shape_add(s, fz_transform_point(fz_make_point(x, y), s->ctm));
}

static void shape_lineto(fz_context *ctx, void *arg, float x, float y)
{
	struct shape *s = arg;

	(void)ctx;
	shape_add(s, fz_transform_point(fz_make_point(x, y), s->ctm));
}

static void shape_curveto(fz_context *ctx, void *arg, float x1, float y1, float x2, float y2,
			  float x3, float y3)
{
	struct shape *s = arg;

	(void)ctx; (void)x1; (void)y1; (void)x2; (void)y2;
	s->curved = true;
	shape_add(s, fz_transform_point(fz_make_point(x3, y3), s->ctm));
}

static void shape_closepath(fz_context *ctx, void *arg)
{
	(void)ctx;
	(void)arg;
}

static void shape_rectto(fz_context *ctx, void *arg, float x0, float y0, float x1, float y1)
{
	struct shape *s = arg;

	(void)ctx;
	s->moves++;
	shape_add(s, fz_transform_point(fz_make_point(x0, y0), s->ctm));
	shape_add(s, fz_transform_point(fz_make_point(x1, y0), s->ctm));
	shape_add(s, fz_transform_point(fz_make_point(x1, y1), s->ctm));
	shape_add(s, fz_transform_point(fz_make_point(x0, y1), s->ctm));
}

static const fz_path_walker shape_walker = {
	shape_moveto, shape_lineto, shape_curveto, shape_closepath,
	NULL, NULL, NULL, shape_rectto
};

/*
 * Is path, after ctm, one axis-aligned rectangle? Then *r is it (page
 * points). Four corners, each side along an axis (the closing corner may be
 * repeated).
 */
bool mb_mp_path_is_rect(fz_context *ctx, const fz_path *path, fz_matrix ctm, fz_rect *r)
{
	struct shape s;
	double eps = 0.01;

	memset(&s, 0, sizeof s);
	s.ctm = ctm;
	fz_walk_path(ctx, path, &shape_walker, &s);
	if (s.curved || s.too_many || s.moves != 1)
		return false;
	if (s.n == 5 && fabs(s.pts[4].x - s.pts[0].x) <= eps && fabs(s.pts[4].y - s.pts[0].y) <= eps)
		s.n = 4;
	if (s.n != 4)
		return false;
	for (int k = 0; k < 4; k++) {
		fz_point a = s.pts[k], b = s.pts[(k + 1) % 4];

		if (fabs(a.x - b.x) > eps && fabs(a.y - b.y) > eps)
			return false;
	}
	*r = fz_empty_rect;
	r->x0 = r->x1 = s.pts[0].x;
	r->y0 = r->y1 = s.pts[0].y;
	for (int k = 1; k < 4; k++)
		*r = fz_include_point_in_rect(*r, s.pts[k]);
	return r->x1 - r->x0 > eps && r->y1 - r->y0 > eps;
}

void mb_mp_add_seg(struct walk *w, fz_point a, fz_point b)
{
	struct mb_mp_seg *s;

	/*
	 * Zero-length pieces draw nothing, and neither do the few thousandths of
	 * a point that join a rounded 'x y moveto' to the 'arc' after it (a
	 * PostScript idiom): no wall is that short, and a round cap there
	 * paints over the arc's own end. Non-finite pieces come from broken
	 * files.
	 */
	if (!isfinite(a.x) || !isfinite(a.y) || !isfinite(b.x) || !isfinite(b.y) ||
	    hypot(b.x - a.x, b.y - a.y) < fmax(MB_MP_NO_LENGTH_PT, 0.05 * w->proto.width_pt))
		return;
	if (w->page->nsegs >= MB_MP_MAX_SEGS) {
		w->overflow = true;
		return;
	}
	s = mb_mp_push(&w->page->segs, &w->page->nsegs, &w->page->cap_segs, sizeof *s);
	*s = w->proto;
	s->x0 = a.x;
	s->y0 = a.y;
	s->x1 = b.x;
	s->y1 = b.y;
}

/* start a new mark (a piece of a coloured stroke, or a dot) at p */
void mb_mp_mark_start(struct walk *w, int op, bool dot)
{
	struct mb_mp_mark *m;

	if (w->page->nmarks >= MB_MP_MAX_SEGS) {
		w->overflow = true;
		return;
	}
	m = mb_mp_push(&w->page->marks, &w->page->nmarks, &w->page->cap_marks, sizeof *m);
	m->first = w->page->nmark_pts;
	m->op = op;
	m->dot = dot;
	m->x0 = m->y0 = INFINITY;
	m->x1 = m->y1 = -INFINITY;
}

void mb_mp_mark_point(struct walk *w, fz_point p)
{
	struct mb_mp_page *pg = w->page;
	struct mb_mp_mark *m;
	double *xy;

	if (!pg->nmarks || !isfinite(p.x) || !isfinite(p.y) || w->overflow)
		return;
	if (pg->nmark_pts >= MB_MP_MAX_SEGS) {
		w->overflow = true;
		return;
	}
	m = &pg->marks[pg->nmarks - 1];
	xy = mb_mp_push(&pg->mark_pts, &pg->nmark_pts, &pg->cap_mark_pts, 2 * sizeof *xy);
	/* mb_mp_push counts elements of two doubles: keep nmark_pts in points */
	xy[0] = p.x;
	xy[1] = p.y;
	m->n++;
	m->x0 = fmin(m->x0, p.x);
	m->y0 = fmin(m->y0, p.y);
	m->x1 = fmax(m->x1, p.x);
	m->y1 = fmax(m->y1, p.y);
}

static void walk_moveto(fz_context *ctx, void *arg, float x, float y)
{
	struct walk *w = arg;

	(void)ctx;
	w->cur = w->start = fz_transform_point(fz_make_point(x, y), w->ctm);
	if (w->mark) {
		mb_mp_mark_start(w, w->op, false);
		mb_mp_mark_point(w, w->cur);
	}
}

static void walk_lineto(fz_context *ctx, void *arg, float x, float y)
{
	struct walk *w = arg;
	fz_point p = fz_transform_point(fz_make_point(x, y), w->ctm);

	(void)ctx;
	if (w->mark)
		mb_mp_mark_point(w, p);
	else
		mb_mp_add_seg(w, w->cur, p);
	w->cur = p;
}

/* curves: a mark keeps them flattened to 8 pieces; walls are never curved */
static void walk_curveto(fz_context *ctx, void *arg, float x1, float y1, float x2, float y2,
			 float x3, float y3)
{
	struct walk *w = arg;
	fz_point p1 = fz_transform_point(fz_make_point(x1, y1), w->ctm);
	fz_point p2 = fz_transform_point(fz_make_point(x2, y2), w->ctm);
	fz_point p3 = fz_transform_point(fz_make_point(x3, y3), w->ctm);
	fz_point p0 = w->cur;

	(void)ctx;
	w->curved = true;
	w->page->curved_path_seen = true;
	if (!w->mark && w->proto.black && w->page->ncurves < MB_MP_MAX_SEGS) {
		struct mb_mp_curve *c = mb_mp_push(&w->page->curves, &w->page->ncurves,
						   &w->page->cap_curves, sizeof *c);

		c->x0 = p0.x;
		c->y0 = p0.y;
		c->xm = 0.125 * p0.x + 0.375 * p1.x + 0.375 * p2.x + 0.125 * p3.x;
		c->ym = 0.125 * p0.y + 0.375 * p1.y + 0.375 * p2.y + 0.125 * p3.y;
		c->x1 = p3.x;
		c->y1 = p3.y;
		c->c1x = p1.x;
		c->c1y = p1.y;
		c->c2x = p2.x;
		c->c2y = p2.y;
		c->width_pt = w->proto.width_pt;
		c->dashed = w->proto.dashed;
		c->path = w->proto.path;
	}
	if (w->mark)
		for (int k = 1; k <= 8; k++) {
			double t = k / 8.0, u = 1 - t;
			fz_point q;

			q.x = (float)(u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x +
				      t * t * t * p3.x);
			q.y = (float)(u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y +
				      t * t * t * p3.y);
			mb_mp_mark_point(w, q);
		}
	w->cur = p3;
}

static void walk_closepath(fz_context *ctx, void *arg)
{
	struct walk *w = arg;

	(void)ctx;
	if (w->mark)
		mb_mp_mark_point(w, w->start);
	else
		mb_mp_add_seg(w, w->cur, w->start);
	w->cur = w->start;
}

const fz_path_walker mb_mp_stroke_walker = {
	walk_moveto, walk_lineto, walk_curveto, walk_closepath,
	NULL, NULL, NULL, NULL
};

/* a filled outline after the transform, curves flattened to 8 pieces each */
struct outline_walk {
	struct mb_mp_outline o;
	fz_matrix ctm;
	fz_point cur;
};

static void outline_moveto(fz_context *ctx, void *arg, float x, float y)
{
	struct outline_walk *w = arg;

	(void)ctx;
	w->cur = fz_transform_point(fz_make_point(x, y), w->ctm);
	mb_mp_outline_move(&w->o, w->cur.x, w->cur.y);
}

static void outline_lineto(fz_context *ctx, void *arg, float x, float y)
{
	struct outline_walk *w = arg;

	(void)ctx;
	w->cur = fz_transform_point(fz_make_point(x, y), w->ctm);
	mb_mp_outline_line(&w->o, w->cur.x, w->cur.y);
}

static void outline_curveto(fz_context *ctx, void *arg, float x1, float y1, float x2, float y2,
			    float x3, float y3)
{
	struct outline_walk *w = arg;
	fz_point p1 = fz_transform_point(fz_make_point(x1, y1), w->ctm);
	fz_point p2 = fz_transform_point(fz_make_point(x2, y2), w->ctm);
	fz_point p3 = fz_transform_point(fz_make_point(x3, y3), w->ctm);
	fz_point p0 = w->cur;

	(void)ctx;
	for (int k = 1; k <= 8; k++) {
		double t = k / 8.0, u = 1 - t;

		mb_mp_outline_line(&w->o, u * u * u * p0.x + 3 * u * u * t * p1.x +
				   3 * u * t * t * p2.x + t * t * t * p3.x,
				   u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y +
				   t * t * t * p3.y);
	}
	w->cur = p3;
}

static void outline_closepath(fz_context *ctx, void *arg)
{
	(void)ctx;
	(void)arg;	/* every contour of a fill is closed */
}

static const fz_path_walker outline_walker = {
	outline_moveto, outline_lineto, outline_curveto, outline_closepath,
	NULL, NULL, NULL, NULL
};

/*
 * The walls a black filled outline paints, as filled segments (their
 * centre lines, the pen their thickness), within the page's budget.
 * Returns false when the page passed MB_MP_MAX_SEGS.
 */
bool mb_mp_add_outline_walls(fz_context *ctx, struct scan_device *sd, const fz_path *path,
			     int even_odd, fz_matrix ctm)
{
	struct outline_walk ow;
	struct mb_mp_outline_wall *walls;
	struct walk w;
	long n;

	memset(&ow, 0, sizeof ow);
	ow.ctm = ctm;
	ow.o.even_odd = even_odd != 0;
	fz_walk_path(ctx, path, &outline_walker, &ow);
	n = mb_mp_outline_walls(&ow.o, &sd->outline_budget, &walls);
	mb_mp_outline_release(&ow.o);
	memset(&w, 0, sizeof w);
	w.page = sd->page;
	w.proto.black = true;
	w.proto.filled = true;
	w.proto.outline = true;
	w.proto.path = sd->page->npaths++;
	for (long k = 0; k < n && !w.overflow; k++) {
		w.proto.width_pt = walls[k].width_pt;
		mb_mp_add_seg(&w, fz_make_point((float)walls[k].x0, (float)walls[k].y0),
			fz_make_point((float)walls[k].x1, (float)walls[k].y1));
	}
	free(walls);
	return !w.overflow;
}

/* the ends of the page's walls read from fills (outlines, rectangles), where they meet (mpoutline.h) */
void mb_mp_meet_outline_walls(struct mb_mp_page *page)
{
	struct mb_mp_outline_wall *w = mb_mp_xmalloc((page->nsegs + 1) * sizeof *w);
	size_t n = 0;

	for (size_t k = 0; k < page->nsegs; k++) {
		const struct mb_mp_seg *s = &page->segs[k];

		if (s->filled)
			w[n++] = (struct mb_mp_outline_wall){ s->x0, s->y0, s->x1, s->y1, s->width_pt };
	}
	if (n)
		mb_mp_outline_meet(w, n);
	n = 0;
	for (size_t k = 0; k < page->nsegs; k++) {
		struct mb_mp_seg *s = &page->segs[k];

		if (s->filled) {
			s->x0 = w[n].x0;
			s->y0 = w[n].y0;
			s->x1 = w[n].x1;
			s->y1 = w[n].y1;
			n++;
		}
	}
	free(w);
}
