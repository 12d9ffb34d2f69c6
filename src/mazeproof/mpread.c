/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The only file of mazeproof that includes MuPDF. A custom fz_device
 * receives every stroked path with its transform and every text span; the
 * path is walked with fz_walk_path and each straight piece is kept as a
 * segment in page points. A black filled rectangle is a wall along its long
 * axis; any other black filled outline is read for the walls it paints
 * (mpoutline.h) and left to the rendering to judge. Other fills, images and
 * shadings only tell where the lines are not the whole truth. MuPDF's warnings are
 * silenced (mazeproof reports its own findings) and its exceptions stop
 * here, turned into messages.
 *
 * Hostile files meet bounds before MuPDF reads much: only regular files,
 * at most MB_MP_MAX_FILE_BYTES and MB_MP_MAX_PAGES pages; the page tree is
 * walked once up front (iteratively, every /Count checked), so a tree that
 * loops or lies is refused as a whole; per file, the drawing operations,
 * clips and clip depth are bounded (mpread.h), which stops forms drawing
 * forms drawing forms; a file
 * MuPDF had to repair (broken or missing xref, truncated) is refused, as
 * `mazebook check` refuses it: a repaired reading is not what a printer
 * reads.
 */
#include "config.h"

#include "mpread.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <mupdf/fitz.h>
#include <mupdf/pdf.h>

#include "mpoutline.h"
#include "mputil.h"
#include "../pdf/pagetree.h"

struct mb_mp_doc {
	fz_context *ctx;
	pdf_document *pdf;
	int pages;
	/* work done on the whole file so far, against the per-file bounds (mpread.h) */
	unsigned long draw_ops, clips;
	char bound[160];	/* the per-file bound the file passed, "" if none */
};

struct scan_device {
	fz_device super;
	struct mb_mp_doc *doc;
	struct mb_mp_page *page;
	const char *overflow;	/* set when the page passed a bound: what there was too much of */
	int limit;
	char file_bound[160];	/* set when the file passed a per-file bound: why */
	int clip_depth;
	/* the clips in force: their common box, and whether it is exact (all rectangles) */
	fz_rect clip_box[MB_MP_MAX_CLIP_DEPTH + 2];
	bool clip_exact[MB_MP_MAX_CLIP_DEPTH + 2];
	size_t outline_budget;	/* edge crossings left for reading filled outlines (mpoutline.h) */
};

static void add_unsure(struct mb_mp_page *page, fz_rect r, enum mb_mp_unsure_kind kind)
{
	struct mb_mp_unsure *u;

	if (fz_is_empty_rect(r) || !isfinite(r.x0) || !isfinite(r.y0) || !isfinite(r.x1) ||
	    !isfinite(r.y1))
		return;
	if (page->nunsure >= MB_MP_MAX_SEGS)
		return;	/* the page is refused for its segments or drawing work long before */
	u = mb_mp_push(&page->unsure, &page->nunsure, &page->cap_unsure, sizeof *u);
	u->x0 = r.x0;
	u->y0 = r.y0;
	u->x1 = r.x1;
	u->y1 = r.y1;
	u->kind = kind;
	u->curved_path = -1;
}

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
static bool path_is_rect(fz_context *ctx, const fz_path *path, fz_matrix ctm, fz_rect *r)
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

/*
 * A page past a bound: stop interpreting it (MuPDF ends the page on an
 * abort and does not pass it on) and remember why, for the page's error.
 */
static void too_many(fz_context *ctx, struct scan_device *sd, const char *what, int limit)
{
	sd->overflow = what;
	sd->limit = limit;
	fz_throw(ctx, FZ_ERROR_ABORT, MB_MP_TOO_MANY, limit, what);
}

/* The file passed a per-file bound (why is in sd->file_bound): stop interpreting. */
static void file_bound(fz_context *ctx, struct scan_device *sd)
{
	fz_throw(ctx, FZ_ERROR_ABORT, "%s", sd->file_bound);
}

/* One more drawing operation of the file's budget; every device call counts. */
static void count_op(fz_context *ctx, struct scan_device *sd)
{
	if (++sd->doc->draw_ops > MB_MP_MAX_DRAW_OPS) {
		snprintf(sd->file_bound, sizeof sd->file_bound, MB_MP_TOO_MUCH_DRAWING,
			 MB_MP_MAX_DRAW_OPS);
		file_bound(ctx, sd);
	}
}

static void dev_clip(fz_context *ctx, struct scan_device *sd)
{
	count_op(ctx, sd);
	if (++sd->doc->clips > MB_MP_MAX_CLIPS) {
		snprintf(sd->file_bound, sizeof sd->file_bound, MB_MP_TOO_MANY_CLIPS, MB_MP_MAX_CLIPS);
		file_bound(ctx, sd);
	}
	if (++sd->clip_depth > MB_MP_MAX_CLIP_DEPTH) {
		snprintf(sd->file_bound, sizeof sd->file_bound, MB_MP_TOO_DEEP_CLIPS,
			 MB_MP_MAX_CLIP_DEPTH);
		file_bound(ctx, sd);
	}
}

/* push the clip just counted (dev_clip raised clip_depth): its box, exact if a rectangle */
static void push_clip(struct scan_device *sd, fz_rect box, bool exact)
{
	int d = sd->clip_depth;

	if (d <= 0 || d > MB_MP_MAX_CLIP_DEPTH)
		return;
	sd->clip_box[d] = d > 1 ? fz_intersect_rect(sd->clip_box[d - 1], box) : box;
	sd->clip_exact[d] = (d > 1 ? sd->clip_exact[d - 1] : true) && exact;
}

/*
 * Does a clip in force cut what is painted in box? A clip that is not a
 * rectangle may cut anything; a rectangle cuts what reaches out of it.
 */
static bool clipped(const struct scan_device *sd, fz_rect box)
{
	int d = sd->clip_depth;

	if (d <= 0 || d > MB_MP_MAX_CLIP_DEPTH)
		return d > 0;
	if (!sd->clip_exact[d])
		return true;
	return !fz_contains_rect(fz_expand_rect(sd->clip_box[d], 0.01f), box);
}

static void dev_clip_path(fz_context *ctx, fz_device *dev, const fz_path *path, int even_odd,
			  fz_matrix ctm, fz_rect scissor)
{
	struct scan_device *sd = (struct scan_device *)dev;
	fz_rect r;

	(void)even_odd; (void)scissor;
	dev_clip(ctx, sd);
	if (path_is_rect(ctx, path, ctm, &r))
		push_clip(sd, r, true);
	else
		push_clip(sd, fz_bound_path(ctx, path, NULL, ctm), false);
}

static void dev_clip_stroke_path(fz_context *ctx, fz_device *dev, const fz_path *path,
				 const fz_stroke_state *stroke, fz_matrix ctm, fz_rect scissor)
{
	struct scan_device *sd = (struct scan_device *)dev;

	(void)scissor;
	dev_clip(ctx, sd);
	push_clip(sd, fz_bound_path(ctx, path, stroke, ctm), false);
}

static void dev_clip_text(fz_context *ctx, fz_device *dev, const fz_text *text, fz_matrix ctm,
			  fz_rect scissor)
{
	struct scan_device *sd = (struct scan_device *)dev;

	(void)scissor;
	dev_clip(ctx, sd);
	push_clip(sd, fz_bound_text(ctx, text, NULL, ctm), false);
}

static void dev_clip_stroke_text(fz_context *ctx, fz_device *dev, const fz_text *text,
				 const fz_stroke_state *stroke, fz_matrix ctm, fz_rect scissor)
{
	struct scan_device *sd = (struct scan_device *)dev;

	(void)scissor;
	dev_clip(ctx, sd);
	push_clip(sd, fz_bound_text(ctx, text, stroke, ctm), false);
}

static void dev_clip_image_mask(fz_context *ctx, fz_device *dev, fz_image *img, fz_matrix ctm,
				fz_rect scissor)
{
	struct scan_device *sd = (struct scan_device *)dev;

	(void)img; (void)scissor;
	dev_clip(ctx, sd);
	push_clip(sd, fz_transform_rect(fz_unit_rect, ctm), false);
}

/* paint the stroke list cannot describe exactly: its box, cut to the clips in force */
static void unsure_paint(struct scan_device *sd, fz_rect box)
{
	int d = sd->clip_depth;

	if (d > 0 && d <= MB_MP_MAX_CLIP_DEPTH)
		box = fz_intersect_rect(box, sd->clip_box[d]);
	add_unsure(sd->page, box, MB_MP_UNSURE_PAINT);
}

static void dev_begin_mask(fz_context *ctx, fz_device *dev, fz_rect area, int luminosity,
			   fz_colorspace *cs, const float *bc, fz_color_params params)
{
	(void)luminosity; (void)cs; (void)bc; (void)params;
	count_op(ctx, (struct scan_device *)dev);
	unsure_paint((struct scan_device *)dev, area);
}

static void dev_begin_group(fz_context *ctx, fz_device *dev, fz_rect area, fz_colorspace *cs,
			    int isolated, int knockout, int blendmode, float alpha)
{
	(void)cs; (void)isolated;
	count_op(ctx, (struct scan_device *)dev);
	if (knockout || blendmode != FZ_BLEND_NORMAL || alpha < 0.99f)
		unsure_paint((struct scan_device *)dev, area);
}

static void dev_pop_clip(fz_context *ctx, fz_device *dev)
{
	struct scan_device *sd = (struct scan_device *)dev;

	count_op(ctx, sd);
	if (sd->clip_depth > 0)
		sd->clip_depth--;
}

static void dev_fill_shade(fz_context *ctx, fz_device *dev, fz_shade *shade, fz_matrix ctm,
			   float alpha, fz_color_params params)
{
	struct scan_device *sd = (struct scan_device *)dev;

	(void)alpha; (void)params;
	count_op(ctx, sd);
	unsure_paint(sd, fz_bound_shade(ctx, shade, ctm));
}

static void dev_fill_image(fz_context *ctx, fz_device *dev, fz_image *img, fz_matrix ctm,
			   float alpha, fz_color_params params)
{
	struct scan_device *sd = (struct scan_device *)dev;

	(void)img; (void)alpha; (void)params;
	count_op(ctx, sd);
	unsure_paint(sd, fz_transform_rect(fz_unit_rect, ctm));
}

static void dev_fill_image_mask(fz_context *ctx, fz_device *dev, fz_image *img, fz_matrix ctm,
				fz_colorspace *cs, const float *color, float alpha,
				fz_color_params params)
{
	struct scan_device *sd = (struct scan_device *)dev;

	(void)img; (void)cs; (void)color; (void)alpha; (void)params;
	count_op(ctx, sd);
	unsure_paint(sd, fz_transform_rect(fz_unit_rect, ctm));
}

static void dev_ignore_text(fz_context *ctx, fz_device *dev, const fz_text *text, fz_matrix ctm)
{
	(void)text; (void)ctm;
	count_op(ctx, (struct scan_device *)dev);
}

static void dev_stroke_text(fz_context *ctx, fz_device *dev, const fz_text *text,
			    const fz_stroke_state *stroke, fz_matrix ctm, fz_colorspace *cs,
			    const float *color, float alpha, fz_color_params params)
{
	struct scan_device *sd = (struct scan_device *)dev;

	(void)cs; (void)color; (void)alpha; (void)params;
	count_op(ctx, sd);
	unsure_paint(sd, fz_bound_text(ctx, text, stroke, ctm));
}

/* state while walking one stroked path */
struct walk {
	struct mb_mp_page *page;
	bool overflow;		/* the page reached MB_MP_MAX_SEGS: stop keeping pieces */
	bool mark;		/* keep the points as a mark (a coloured stroke), not segments */
	bool curved;		/* the path has curves */
	int op;
	fz_matrix ctm;
	fz_point cur, start;
	struct mb_mp_seg proto;
};

static void quiet(void *user, const char *message)
{
	(void)user;
	(void)message;
}

static void add_seg(struct walk *w, fz_point a, fz_point b)
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
static void mark_start(struct walk *w, int op, bool dot)
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

static void mark_point(struct walk *w, fz_point p)
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
		mark_start(w, w->op, false);
		mark_point(w, w->cur);
	}
}

static void walk_lineto(fz_context *ctx, void *arg, float x, float y)
{
	struct walk *w = arg;
	fz_point p = fz_transform_point(fz_make_point(x, y), w->ctm);

	(void)ctx;
	if (w->mark)
		mark_point(w, p);
	else
		add_seg(w, w->cur, p);
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
			mark_point(w, q);
		}
	w->cur = p3;
}

static void walk_closepath(fz_context *ctx, void *arg)
{
	struct walk *w = arg;

	(void)ctx;
	if (w->mark)
		mark_point(w, w->start);
	else
		add_seg(w, w->cur, w->start);
	w->cur = w->start;
}

static const fz_path_walker walker = {
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
static bool add_outline_walls(fz_context *ctx, struct scan_device *sd, const fz_path *path,
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
		add_seg(&w, fz_make_point((float)walls[k].x0, (float)walls[k].y0),
			fz_make_point((float)walls[k].x1, (float)walls[k].y1));
	}
	free(walls);
	return !w.overflow;
}

/* The colour as gray and whether it is a colour at all (a channel apart from the others). */
static void to_gray(fz_context *ctx, fz_colorspace *cs, const float *color,
		    fz_color_params params, float *gray, bool *tinted)
{
	float rgb[3] = { 1, 1, 1 };

	*gray = 1;
	*tinted = false;
	if (!cs)
		return;
	if (cs == fz_device_gray(ctx)) {
		*gray = color[0];
		return;
	}
	if (cs == fz_device_rgb(ctx)) {
		rgb[0] = color[0];
		rgb[1] = color[1];
		rgb[2] = color[2];
	} else {
		fz_try(ctx)
			fz_convert_color(ctx, cs, color, fz_device_rgb(ctx), rgb, NULL, params);
		fz_catch(ctx) {
			rgb[0] = rgb[1] = rgb[2] = 0.5f;
		}
	}
	*gray = 0.30f * rgb[0] + 0.59f * rgb[1] + 0.11f * rgb[2];
	*tinted = fmaxf(rgb[0], fmaxf(rgb[1], rgb[2])) - fminf(rgb[0], fminf(rgb[1], rgb[2])) > 0.1f;
}

/* Solid, opaque black in any of the usual colour spaces. */
static bool is_black(fz_context *ctx, fz_colorspace *cs, const float *color, float alpha,
		     fz_color_params params)
{
	float gray;
	bool tinted;

	if (alpha < 0.99f || !cs)
		return false;
	to_gray(ctx, cs, color, params, &gray, &tinted);
	return gray < 0.02f && !tinted;
}

/* Light enough not to print: lighter than the preflight's 10 % gray. */
static bool is_paper(fz_context *ctx, fz_colorspace *cs, const float *color, float alpha,
		     fz_color_params params)
{
	float gray;
	bool tinted;

	if (!cs)
		return true;
	to_gray(ctx, cs, color, params, &gray, &tinted);
	return alpha < 0.01f || gray > 1 - MB_MP_INK_SHARE;
}

/* the next painting operation of the page, as mb_mp_doc_render counts them */
static int next_op(struct scan_device *sd)
{
	return sd->page->nops++;
}

static void dev_stroke_path(fz_context *ctx, fz_device *dev, const fz_path *path,
			    const fz_stroke_state *stroke, fz_matrix ctm, fz_colorspace *cs,
			    const float *color, float alpha, fz_color_params params)
{
	struct scan_device *sd = (struct scan_device *)dev;
	fz_rect box = fz_bound_path(ctx, path, stroke, ctm);
	bool black = is_black(ctx, cs, color, alpha, params);
	bool paper = is_paper(ctx, cs, color, alpha, params);
	struct walk w;

	count_op(ctx, sd);
	memset(&w, 0, sizeof w);
	w.op = next_op(sd);
	w.page = sd->page;
	w.ctm = ctm;
	w.proto.width_pt = stroke->linewidth * fz_matrix_expansion(ctm);
	w.proto.black = black;
	w.proto.dashed = stroke->dash_len > 0;
	w.proto.path = sd->page->npaths++;
	/* a visible stroke in a colour (or gray) may be a drawn solution */
	w.mark = !black && !paper && alpha >= 0.5f;
	if (black || w.mark)
		fz_walk_path(ctx, path, &walker, &w);
	if (w.overflow)
		too_many(ctx, sd, "line pieces", MB_MP_MAX_SEGS);
	/*
	 * What the segments do not tell exactly: white or faint paint (over
	 * walls drawn before it), dashed or curved black, and anything a clip
	 * cuts. A coloured stroke is a mark: the maze judges it.
	 */
	if ((!black && !w.mark && (sd->page->nsegs > 0 || !paper)) || (black && w.proto.dashed) ||
	    clipped(sd, box))
		unsure_paint(sd, box);
	else if (black && w.curved) {
		size_t before = sd->page->nunsure;

		unsure_paint(sd, box);
		if (sd->page->nunsure > before)
			sd->page->unsure[before].curved_path = w.proto.path;
	}
}

/*
 * A filled path: a black axis-aligned rectangle is a wall whose pen is its
 * short side; a small coloured shape is a dot of a drawn solution; any
 * other fill is paint the segments do not describe.
 */
static void dev_fill_path(fz_context *ctx, fz_device *dev, const fz_path *path, int even_odd,
			  fz_matrix ctm, fz_colorspace *cs, const float *color, float alpha,
			  fz_color_params params)
{
	struct scan_device *sd = (struct scan_device *)dev;
	fz_rect box = fz_bound_path(ctx, path, NULL, ctm), r;
	bool black = is_black(ctx, cs, color, alpha, params);
	bool paper = is_paper(ctx, cs, color, alpha, params);
	int op;

	count_op(ctx, sd);
	op = next_op(sd);
	if (black && path_is_rect(ctx, path, ctm, &r)) {
		struct walk w;
		bool wide = r.x1 - r.x0 >= r.y1 - r.y0;
		double mid;

		memset(&w, 0, sizeof w);
		w.page = sd->page;
		w.proto.black = true;
		w.proto.filled = true;
		w.proto.path = sd->page->npaths++;
		if (wide) {
			w.proto.width_pt = r.y1 - r.y0;
			mid = (r.y0 + r.y1) / 2;
			add_seg(&w, fz_make_point(r.x0 + w.proto.width_pt / 2, (float)mid),
				fz_make_point(r.x1 - w.proto.width_pt / 2, (float)mid));
		} else {
			w.proto.width_pt = r.x1 - r.x0;
			mid = (r.x0 + r.x1) / 2;
			add_seg(&w, fz_make_point((float)mid, r.y0 + w.proto.width_pt / 2),
				fz_make_point((float)mid, r.y1 - w.proto.width_pt / 2));
		}
		if (w.overflow)
			too_many(ctx, sd, "line pieces", MB_MP_MAX_SEGS);
		if (clipped(sd, box))
			unsure_paint(sd, box);
		return;
	}
	if (!black && !paper && alpha >= 0.5f && box.x1 - box.x0 <= MB_MP_MAX_DOT_PT &&
	    box.y1 - box.y0 <= MB_MP_MAX_DOT_PT) {
		struct walk w;

		memset(&w, 0, sizeof w);
		w.page = sd->page;
		mark_start(&w, op, true);
		mark_point(&w, fz_make_point((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2));
		if (w.overflow)
			too_many(ctx, sd, "line pieces", MB_MP_MAX_SEGS);
		sd->page->marks[sd->page->nmarks - 1].x0 = box.x0;
		sd->page->marks[sd->page->nmarks - 1].y0 = box.y0;
		sd->page->marks[sd->page->nmarks - 1].x1 = box.x1;
		sd->page->marks[sd->page->nmarks - 1].y1 = box.y1;
		return;
	}
	if (paper && sd->page->nsegs == 0 && !clipped(sd, box))
		return;	/* white under everything: the paper itself */
	if (black && !add_outline_walls(ctx, sd, path, even_odd, ctm))
		too_many(ctx, sd, "line pieces", MB_MP_MAX_SEGS);
	if (black)
		add_unsure(sd->page, sd->clip_depth > 0 && sd->clip_depth <= MB_MP_MAX_CLIP_DEPTH ?
			   fz_intersect_rect(box, sd->clip_box[sd->clip_depth]) : box,
			   MB_MP_UNSURE_OUTLINE);
	else
		unsure_paint(sd, box);
}

static void put_utf8(char **buf, size_t *len, size_t *cap, int rune)
{
	char tmp[8];
	int n = fz_runetochar(tmp, rune);

	while (*len + (size_t)n + 1 > *cap) {
		*cap = *cap ? *cap * 2 : 64;
		*buf = mb_mp_xrealloc(*buf, *cap);
	}
	memcpy(*buf + *len, tmp, (size_t)n);
	*len += (size_t)n;
	(*buf)[*len] = 0;
}

/* keep the run of glyphs items[from..to) of span as one piece of text */
static void add_run(fz_context *ctx, struct scan_device *sd, const fz_text_span *span,
		    int from, int to, fz_matrix ctm)
{
	struct mb_mp_page *page = sd->page;
	struct mb_mp_text *t;
	char *buf = NULL;
	size_t len = 0, cap = 0;
	fz_matrix trm = fz_concat(span->trm, ctm);
	const fz_text_item *last = &span->items[to - 1];
	float adv = last->gid >= 0 ? fz_advance_glyph(ctx, span->font, last->gid, span->wmode) : 0;
	fz_point first, end;

	if (page->ntexts >= MB_MP_MAX_TEXTS)
		too_many(ctx, sd, "runs of text", MB_MP_MAX_TEXTS);
	for (int i = from; i < to; i++)
		put_utf8(&buf, &len, &cap, span->items[i].ucs > 0 ? span->items[i].ucs : '?');
	first = fz_transform_point(fz_make_point(span->items[from].x, span->items[from].y), ctm);
	end = fz_transform_point(fz_make_point(last->x + adv * span->trm.a,
					       last->y + adv * span->trm.b), ctm);
	if (!buf || !isfinite(first.x) || !isfinite(first.y) || !isfinite(end.x)) {
		free(buf);
		return;
	}
	t = mb_mp_push(&page->texts, &page->ntexts, &page->cap_texts, sizeof *t);
	t->utf8 = buf;
	t->x0 = fmin(first.x, end.x);
	t->x1 = fmax(first.x, end.x);
	t->baseline = first.y;
	t->size_pt = fz_matrix_expansion(trm);
}

/*
 * Text is kept as runs of glyphs that sit next to each other: a producer
 * may put a label and a folio far apart on the line in one span ("Maze 3"
 * and "5"), which must not read as "Maze 35". A run ends where the next
 * glyph starts more than MB_MP_WORD_GAP ems after the end of the last, or
 * goes back, or leaves the baseline.
 */
static void dev_fill_text(fz_context *ctx, fz_device *dev, const fz_text *text, fz_matrix ctm,
			  fz_colorspace *cs, const float *color, float alpha, fz_color_params params)
{
	struct scan_device *sd = (struct scan_device *)dev;

	count_op(ctx, sd);
	if (!is_paper(ctx, cs, color, alpha, params) || sd->page->nsegs > 0)
		unsure_paint(sd, fz_bound_text(ctx, text, NULL, ctm));
	for (const fz_text_span *span = text->head; span; span = span->next) {
		int from = 0;
		float size = fz_matrix_expansion(span->trm);

		if (span->len <= 0)
			continue;
		for (int i = 1; i <= span->len; i++) {
			const fz_text_item *p = &span->items[i - 1];
			float adv, gap;

			if (i < span->len) {
				adv = p->gid >= 0 ? fz_advance_glyph(ctx, span->font, p->gid,
								     span->wmode) : 0;
				gap = (span->items[i].x - (p->x + adv * span->trm.a)) *
				      (span->trm.a < 0 ? -1 : 1);
				if (span->wmode == 0 && fabsf(span->items[i].y - p->y) <= 0.3f * size &&
				    gap >= -0.2f * size && gap <= MB_MP_WORD_GAP * size)
					continue;
			}
			add_run(ctx, sd, span, from, i, ctm);
			from = i;
		}
	}
}

/*
 * Is path a file that could be a PDF? MuPDF says "cannot tell in file"
 * about an empty file or a folder, so those are named here: a folder, an
 * empty file, or no "%PDF-" in the first 1024 bytes (where readers look).
 */
static bool looks_like_pdf(const char *path, char *err, size_t errlen)
{
	struct stat st;
	char head[1024];
	size_t n;
	FILE *in;

	if (stat(path, &st) != 0) {
		snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
		return false;
	}
	if (S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "'%s' is a folder, not a PDF file", path);
		return false;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "cannot read '%s': not a regular file", path);
		return false;
	}
	if (st.st_size == 0) {
		snprintf(err, errlen, "cannot read '%s': the file is empty, not a PDF", path);
		return false;
	}
	if (!(in = fopen(path, "rb"))) {
		snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
		return false;
	}
	n = fread(head, 1, sizeof head, in);
	fclose(in);
	for (size_t k = 0; k + 5 <= n; k++)
		if (memcmp(head + k, "%PDF-", 5) == 0)
			return true;
	snprintf(err, errlen, "cannot read '%s': not a PDF (no %%PDF header)", path);
	return false;
}

/*
 * Open the document (from the file at path, or from data when it is not
 * NULL) and check its page count and tree; name is what messages call it.
 */
static struct mb_mp_doc *open_doc(const char *path, const unsigned char *data, size_t size,
				  const char *name, char *err, size_t errlen)
{
	struct mb_mp_doc *doc;
	fz_context *ctx;
	fz_stream *stm = NULL;

	ctx = fz_new_context(NULL, NULL, FZ_STORE_DEFAULT);
	if (!ctx) {
		snprintf(err, errlen, "cannot start the PDF reader (out of memory)");
		return NULL;
	}
	fz_set_warning_callback(ctx, quiet, NULL);
	fz_set_error_callback(ctx, quiet, NULL);
	doc = mb_mp_xcalloc(1, sizeof *doc);
	doc->ctx = ctx;
	fz_var(stm);
	fz_try(ctx) {
		double count;

		if (data) {
			stm = fz_open_memory(ctx, data, size);
			doc->pdf = pdf_open_document_with_stream(ctx, stm);
		} else {
			doc->pdf = pdf_open_document(ctx, path);
		}
		if (pdf_was_repaired(ctx, doc->pdf))
			fz_throw(ctx, FZ_ERROR_GENERIC, MB_MP_DAMAGED);
		count = pdf_to_real(ctx, pdf_dict_getp(ctx, pdf_trailer(ctx, doc->pdf),
						       "Root/Pages/Count"));
		doc->pages = pdf_count_pages(ctx, doc->pdf);
		/* a /Count of -5 would have MuPDF allocate -40 bytes */
		if (count < 0 || count > INT_MAX || doc->pages < 0)
			fz_throw(ctx, FZ_ERROR_GENERIC, "the page tree's /Count is %.0f, not a page "
				 "count (0 to %d)", count, MB_MP_MAX_PAGES);
		if (doc->pages > MB_MP_MAX_PAGES)
			fz_throw(ctx, FZ_ERROR_GENERIC, "%d pages is more than the %d this tool reads",
				 doc->pages, MB_MP_MAX_PAGES);
		fz_try(ctx)
			mb_pdf_check_page_tree(ctx, doc->pdf, MB_MP_MAX_PAGES);
		fz_catch(ctx) {
			if (pdf_was_repaired(ctx, doc->pdf))
				fz_throw(ctx, FZ_ERROR_GENERIC, MB_MP_DAMAGED);
			fz_rethrow(ctx);
		}
		if (pdf_was_repaired(ctx, doc->pdf))
			fz_throw(ctx, FZ_ERROR_GENERIC, MB_MP_DAMAGED);
	}
	fz_always(ctx)
		fz_drop_stream(ctx, stm);
	fz_catch(ctx) {
		snprintf(err, errlen, "cannot read '%s': %s", name, fz_caught_message(ctx));
		mb_mp_doc_close(doc);
		return NULL;
	}
	return doc;
}

struct mb_mp_doc *mb_mp_doc_open(const char *path, char *err, size_t errlen)
{
	struct stat st;

	if (!looks_like_pdf(path, err, errlen))
		return NULL;
	if (stat(path, &st) != 0) {
		snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
		return NULL;
	}
	if ((unsigned long long)st.st_size > MB_MP_MAX_FILE_BYTES) {
		snprintf(err, errlen, "cannot read '%s': %llu bytes is more than the %llu this tool reads",
			 path, (unsigned long long)st.st_size, (unsigned long long)MB_MP_MAX_FILE_BYTES);
		return NULL;
	}
	return open_doc(path, NULL, 0, path, err, errlen);
}

struct mb_mp_doc *mb_mp_doc_open_memory(const unsigned char *data, size_t size, const char *name,
					char *err, size_t errlen)
{
	if (size > MB_MP_MAX_FILE_BYTES) {
		snprintf(err, errlen, "cannot read '%s': %zu bytes is more than the %llu this tool reads",
			 name, size, (unsigned long long)MB_MP_MAX_FILE_BYTES);
		return NULL;
	}
	return open_doc(NULL, data, size, name, err, errlen);
}

const char *mb_mp_doc_bound(const struct mb_mp_doc *doc)
{
	return doc->bound[0] ? doc->bound : NULL;
}

int mb_mp_doc_pages(const struct mb_mp_doc *doc)
{
	return doc->pages;
}

bool mb_mp_doc_damaged(struct mb_mp_doc *doc)
{
	return pdf_was_repaired(doc->ctx, doc->pdf) != 0;
}

bool mb_mp_doc_read_page(struct mb_mp_doc *doc, int index, struct mb_mp_page *page,
			 char *err, size_t errlen)
{
	fz_context *ctx = doc->ctx;
	fz_page *fzpage = NULL;
	struct scan_device *dev = NULL;
	bool ok = true;

	page->number = index + 1;
	fz_var(fzpage);
	fz_var(dev);
	fz_try(ctx) {
		fz_rect bounds;

		fzpage = fz_load_page(ctx, (fz_document *)doc->pdf, index);
		bounds = fz_bound_page(ctx, fzpage);
		page->x0 = bounds.x0;
		page->y0 = bounds.y0;
		page->x1 = bounds.x1;
		page->y1 = bounds.y1;
		dev = fz_new_derived_device(ctx, struct scan_device);
		dev->doc = doc;
		dev->page = page;
		dev->outline_budget = MB_MP_OUTLINE_PAGE_WORK;
		dev->super.stroke_path = dev_stroke_path;
		dev->super.fill_text = dev_fill_text;
		dev->super.fill_path = dev_fill_path;
		dev->super.fill_shade = dev_fill_shade;
		dev->super.fill_image = dev_fill_image;
		dev->super.fill_image_mask = dev_fill_image_mask;
		dev->super.ignore_text = dev_ignore_text;
		dev->super.stroke_text = dev_stroke_text;
		dev->super.begin_mask = dev_begin_mask;
		dev->super.begin_group = dev_begin_group;
		dev->super.clip_path = dev_clip_path;
		dev->super.clip_stroke_path = dev_clip_stroke_path;
		dev->super.clip_text = dev_clip_text;
		dev->super.clip_stroke_text = dev_clip_stroke_text;
		dev->super.clip_image_mask = dev_clip_image_mask;
		dev->super.pop_clip = dev_pop_clip;
		fz_run_page(ctx, fzpage, &dev->super, fz_identity, NULL);
		if (dev->file_bound[0]) {
			snprintf(doc->bound, sizeof doc->bound, "%s", dev->file_bound);
			fz_throw(ctx, FZ_ERROR_GENERIC, "%s", dev->file_bound);
		}
		if (dev->overflow)
			fz_throw(ctx, FZ_ERROR_GENERIC, MB_MP_TOO_MANY, dev->limit, dev->overflow);
		fz_close_device(ctx, &dev->super);
	}
	fz_always(ctx) {
		fz_drop_device(ctx, dev ? &dev->super : NULL);
		fz_drop_page(ctx, fzpage);
	}
	fz_catch(ctx) {
		snprintf(err, errlen, "cannot interpret its content: %s",
			 fz_caught_message(ctx));
		ok = false;
	}
	return ok;
}

/*
 * The render: MuPDF's draw device behind a device that passes every call
 * on, except the painting operations a maze took as its drawn solution
 * (counted as the scan counts them: each stroke and each fill is one).
 */
struct filter_device {
	fz_device super;
	fz_device *target;
	const int *skip;
	size_t nskip, next;	/* skip[next] is the next operation to leave out */
	int op;
};

static bool skip_op(struct filter_device *f)
{
	int op = f->op++;

	while (f->next < f->nskip && f->skip[f->next] < op)
		f->next++;
	return f->next < f->nskip && f->skip[f->next] == op;
}

#define TARGET (((struct filter_device *)dev)->target)

static void f_fill_path(fz_context *ctx, fz_device *dev, const fz_path *path, int even_odd,
			fz_matrix ctm, fz_colorspace *cs, const float *color, float alpha,
			fz_color_params params)
{
	if (!skip_op((struct filter_device *)dev))
		fz_fill_path(ctx, TARGET, path, even_odd, ctm, cs, color, alpha, params);
}

static void f_stroke_path(fz_context *ctx, fz_device *dev, const fz_path *path,
			  const fz_stroke_state *stroke, fz_matrix ctm, fz_colorspace *cs,
			  const float *color, float alpha, fz_color_params params)
{
	if (!skip_op((struct filter_device *)dev))
		fz_stroke_path(ctx, TARGET, path, stroke, ctm, cs, color, alpha, params);
}

static void f_clip_path(fz_context *ctx, fz_device *dev, const fz_path *path, int even_odd,
			fz_matrix ctm, fz_rect scissor)
{
	fz_clip_path(ctx, TARGET, path, even_odd, ctm, scissor);
}

static void f_clip_stroke_path(fz_context *ctx, fz_device *dev, const fz_path *path,
			       const fz_stroke_state *stroke, fz_matrix ctm, fz_rect scissor)
{
	fz_clip_stroke_path(ctx, TARGET, path, stroke, ctm, scissor);
}

static void f_fill_text(fz_context *ctx, fz_device *dev, const fz_text *text, fz_matrix ctm,
			fz_colorspace *cs, const float *color, float alpha, fz_color_params params)
{
	fz_fill_text(ctx, TARGET, text, ctm, cs, color, alpha, params);
}

static void f_stroke_text(fz_context *ctx, fz_device *dev, const fz_text *text,
			  const fz_stroke_state *stroke, fz_matrix ctm, fz_colorspace *cs,
			  const float *color, float alpha, fz_color_params params)
{
	fz_stroke_text(ctx, TARGET, text, stroke, ctm, cs, color, alpha, params);
}

static void f_clip_text(fz_context *ctx, fz_device *dev, const fz_text *text, fz_matrix ctm,
			fz_rect scissor)
{
	fz_clip_text(ctx, TARGET, text, ctm, scissor);
}

static void f_clip_stroke_text(fz_context *ctx, fz_device *dev, const fz_text *text,
			       const fz_stroke_state *stroke, fz_matrix ctm, fz_rect scissor)
{
	fz_clip_stroke_text(ctx, TARGET, text, stroke, ctm, scissor);
}

static void f_ignore_text(fz_context *ctx, fz_device *dev, const fz_text *text, fz_matrix ctm)
{
	fz_ignore_text(ctx, TARGET, text, ctm);
}

static void f_fill_shade(fz_context *ctx, fz_device *dev, fz_shade *shade, fz_matrix ctm,
			 float alpha, fz_color_params params)
{
	fz_fill_shade(ctx, TARGET, shade, ctm, alpha, params);
}

static void f_fill_image(fz_context *ctx, fz_device *dev, fz_image *img, fz_matrix ctm,
			 float alpha, fz_color_params params)
{
	fz_fill_image(ctx, TARGET, img, ctm, alpha, params);
}

static void f_fill_image_mask(fz_context *ctx, fz_device *dev, fz_image *img, fz_matrix ctm,
			      fz_colorspace *cs, const float *color, float alpha,
			      fz_color_params params)
{
	fz_fill_image_mask(ctx, TARGET, img, ctm, cs, color, alpha, params);
}

static void f_clip_image_mask(fz_context *ctx, fz_device *dev, fz_image *img, fz_matrix ctm,
			      fz_rect scissor)
{
	fz_clip_image_mask(ctx, TARGET, img, ctm, scissor);
}

static void f_pop_clip(fz_context *ctx, fz_device *dev)
{
	fz_pop_clip(ctx, TARGET);
}

static void f_begin_mask(fz_context *ctx, fz_device *dev, fz_rect area, int luminosity,
			 fz_colorspace *cs, const float *bc, fz_color_params params)
{
	fz_begin_mask(ctx, TARGET, area, luminosity, cs, bc, params);
}

static void f_end_mask(fz_context *ctx, fz_device *dev)
{
	fz_end_mask(ctx, TARGET);
}

static void f_begin_group(fz_context *ctx, fz_device *dev, fz_rect area, fz_colorspace *cs,
			  int isolated, int knockout, int blendmode, float alpha)
{
	fz_begin_group(ctx, TARGET, area, cs, isolated, knockout, blendmode, alpha);
}

static void f_end_group(fz_context *ctx, fz_device *dev)
{
	fz_end_group(ctx, TARGET);
}

static int f_begin_tile(fz_context *ctx, fz_device *dev, fz_rect area, fz_rect view,
			float xstep, float ystep, fz_matrix ctm, int id)
{
	return fz_begin_tile_id(ctx, TARGET, area, view, xstep, ystep, ctm, id);
}

static void f_end_tile(fz_context *ctx, fz_device *dev)
{
	fz_end_tile(ctx, TARGET);
}

static void f_begin_layer(fz_context *ctx, fz_device *dev, const char *name)
{
	fz_begin_layer(ctx, TARGET, name);
}

static void f_end_layer(fz_context *ctx, fz_device *dev)
{
	fz_end_layer(ctx, TARGET);
}

static void f_set_default_colorspaces(fz_context *ctx, fz_device *dev,
				      fz_default_colorspaces *dcs)
{
	fz_set_default_colorspaces(ctx, TARGET, dcs);
}

#undef TARGET

void mb_mp_doc_set_aa(struct mb_mp_doc *doc, int bits)
{
	fz_set_aa_level(doc->ctx, bits);
}

unsigned char *mb_mp_doc_render(struct mb_mp_doc *doc, int index, double x0, double y0,
				double x1, double y1, double res, const int *skip, size_t nskip,
				int *w, int *h, char *err, size_t errlen)
{
	fz_context *ctx = doc->ctx;
	fz_page *fzpage = NULL;
	fz_pixmap *pix = NULL;
	fz_device *draw = NULL;
	struct filter_device *f = NULL;
	unsigned char *out = NULL;
	fz_matrix ctm = fz_scale((float)res, (float)res);
	fz_irect want;
	double pw = (x1 - x0) * res, ph = (y1 - y0) * res;

	*w = *h = 0;
	if (!(pw >= 1 && ph >= 1 && pw * ph <= MB_MP_MAX_RENDER_PIXELS)) {
		snprintf(err, errlen, "a maze of %.0f x %.0f pt is too large to render at %.0f "
			 "pixels a point", x1 - x0, y1 - y0, res);
		return NULL;
	}
	want.x0 = (int)floor(x0 * res);
	want.y0 = (int)floor(y0 * res);
	want.x1 = want.x0 + (int)ceil(pw);
	want.y1 = want.y0 + (int)ceil(ph);
	*w = want.x1 - want.x0;
	*h = want.y1 - want.y0;
	out = mb_mp_xmalloc((size_t)*w * (size_t)*h);
	memset(out, 255, (size_t)*w * (size_t)*h);
	fz_var(fzpage);
	fz_var(out);
	fz_var(pix);
	fz_var(draw);
	fz_var(f);
	fz_try(ctx) {
		fz_irect on_page;

		fzpage = fz_load_page(ctx, (fz_document *)doc->pdf, index);
		/* what lies off the page does not print: render only what is on it */
		on_page = fz_intersect_irect(want, fz_round_rect(fz_transform_rect(
							 fz_bound_page(ctx, fzpage), ctm)));
		if (!fz_is_empty_irect(on_page)) {
			pix = fz_new_pixmap_with_bbox(ctx, fz_device_gray(ctx), on_page, NULL, 0);
			fz_clear_pixmap_with_value(ctx, pix, 255);
			draw = fz_new_draw_device(ctx, fz_identity, pix);
			f = fz_new_derived_device(ctx, struct filter_device);
			f->target = draw;
			f->skip = skip;
			f->nskip = nskip;
			f->super.fill_path = f_fill_path;
			f->super.stroke_path = f_stroke_path;
			f->super.clip_path = f_clip_path;
			f->super.clip_stroke_path = f_clip_stroke_path;
			f->super.fill_text = f_fill_text;
			f->super.stroke_text = f_stroke_text;
			f->super.clip_text = f_clip_text;
			f->super.clip_stroke_text = f_clip_stroke_text;
			f->super.ignore_text = f_ignore_text;
			f->super.fill_shade = f_fill_shade;
			f->super.fill_image = f_fill_image;
			f->super.fill_image_mask = f_fill_image_mask;
			f->super.clip_image_mask = f_clip_image_mask;
			f->super.pop_clip = f_pop_clip;
			f->super.begin_mask = f_begin_mask;
			f->super.end_mask = f_end_mask;
			f->super.begin_group = f_begin_group;
			f->super.end_group = f_end_group;
			f->super.begin_tile = f_begin_tile;
			f->super.end_tile = f_end_tile;
			f->super.begin_layer = f_begin_layer;
			f->super.end_layer = f_end_layer;
			f->super.set_default_colorspaces = f_set_default_colorspaces;
			fz_run_page(ctx, fzpage, &f->super, ctm, NULL);
			fz_close_device(ctx, &f->super);
			fz_close_device(ctx, draw);
			for (int y = on_page.y0; y < on_page.y1; y++) {
				const unsigned char *row = fz_pixmap_samples(ctx, pix) +
					(size_t)(y - on_page.y0) * (size_t)fz_pixmap_stride(ctx, pix);

				memcpy(out + (size_t)(y - want.y0) * (size_t)*w +
				       (size_t)(on_page.x0 - want.x0), row,
				       (size_t)(on_page.x1 - on_page.x0));
			}
		}
	}
	fz_always(ctx) {
		fz_drop_device(ctx, f ? &f->super : NULL);
		fz_drop_device(ctx, draw);
		fz_drop_pixmap(ctx, pix);
		fz_drop_page(ctx, fzpage);
	}
	fz_catch(ctx) {
		snprintf(err, errlen, "cannot render the page: %s", fz_caught_message(ctx));
		free(out);
		return NULL;
	}
	return out;
}

void mb_mp_doc_close(struct mb_mp_doc *doc)
{
	if (!doc)
		return;
	if (doc->pdf)
		pdf_drop_document(doc->ctx, doc->pdf);
	fz_drop_context(doc->ctx);
	free(doc);
}

void mb_mp_page_release(struct mb_mp_page *page)
{
	for (size_t i = 0; i < page->ntexts; i++)
		free(page->texts[i].utf8);
	free(page->texts);
	free(page->segs);
	free(page->unsure);
	free(page->marks);
	free(page->mark_pts);
	free(page->curves);
	memset(page, 0, sizeof *page);
}
