/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The probe's measuring device: each page is run through an fz_device
 * that sees every fill, stroke, glyph, shading and image with its
 * transform, and records what it paints (probe.h's items, the page's ink,
 * colours, line weights, image resolution and text). It keeps a clip
 * stack so that ink hidden by a clip does not count, ignores what is drawn
 * into soft masks (not ink), and counts white fills as paper, not ink.
 * Every drawing operation and clip counts against the file's bounds.
 */
#include "config.h"
#include "mazebook/kdp/probe.h"

#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mupdf/fitz.h>
#include <mupdf/pdf.h>

#include "contact_sheet_fz.h"
#include "mazebook/base/limits.h"
#include "mazebook/base/xalloc.h"
#include "probe_internal.h"

#define WHITE_EPS 0.002		/* ink share under this is paper white */
#define GRAY_EPS 0.004		/* r, g, b this close count as gray */
#define MIN_EXTENT_PT 0.01	/* half the extent given to a 0-width stroke */
#define SHADE_SAMPLES 16	/* a shading is sampled on a 16 x 16 grid */

/*
 * The file passed one of the per-file bounds: stop interpreting (MuPDF
 * passes an abort on) and remember why, for the file's error.
 */
static void over_bound(fz_context *ctx, struct measure_dev *d, const char *fmt, ...)
	__attribute__((format(printf, 3, 4), noreturn));

static void over_bound(fz_context *ctx, struct measure_dev *d, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(d->overflow, sizeof(d->overflow), fmt, ap);
	va_end(ap);
	fz_throw(ctx, FZ_ERROR_ABORT, "%s", d->overflow);
}

/* one more drawing operation of the file's budget */
static void count_op(fz_context *ctx, struct measure_dev *d)
{
	if (++d->draw_ops > MB_CHECK_DRAW_OPS_MAX)
		over_bound(ctx, d, "more than %d drawing operations (a book of 828 pages has about "
			   "10000): not a file this tool checks", MB_CHECK_DRAW_OPS_MAX);
}

static fz_rect current_clip(struct measure_dev *d)
{
	if (d->clip_depth == 0)
		return d->page_rect;
	return d->clip[(d->clip_depth > CLIP_MAX ? CLIP_MAX : d->clip_depth) - 1];
}

static void push_clip(fz_context *ctx, struct measure_dev *d, fz_rect r)
{
	count_op(ctx, d);
	if (++d->clips > MB_CHECK_CLIPS_MAX)
		over_bound(ctx, d, "more than %d clips or form XObjects drawn: not a file this tool "
			   "checks", MB_CHECK_CLIPS_MAX);
	if (d->clip_depth >= MB_CHECK_CLIP_DEPTH_MAX)
		over_bound(ctx, d, "clips or form XObjects nested more than %d deep", MB_CHECK_CLIP_DEPTH_MAX);
	r = fz_intersect_rect(r, current_clip(d));
	if (d->clip_depth < CLIP_MAX)
		d->clip[d->clip_depth] = r;
	d->clip_depth++;
}

/*
 * A non-gray colour painted over area (square points): the page uses
 * colour, and the colour that paints the most area names it.
 */
static void vote_colour(struct measure_dev *d, unsigned key, const char *what, double area)
{
	int i;

	d->page->colour = true;
	d->pending_colour = true;
	for (i = 0; i < d->nvotes; i++)
		if (d->votes[i].key == key)
			break;
	if (i == d->nvotes) {
		if (d->nvotes == VOTES_MAX)
			return;
		d->nvotes++;
		d->votes[i].key = key;
		d->votes[i].area = 0;
		snprintf(d->votes[i].what, sizeof(d->votes[i].what), "%s", what);
	}
	d->votes[i].area += area > 0 ? area : 1e-6;
}

/* a colour with no measurable area (an undecodable image...) still counts */
static void set_colour(struct measure_dev *d, const char *what)
{
	vote_colour(d, 0xffffffffu - (unsigned)strlen(what), what, 1e-6);
}

static double rect_area(fz_rect r)
{
	return fz_is_empty_rect(r) ? 0 : (double)(r.x1 - r.x0) * (r.y1 - r.y0);
}

/* a colour's vote key: its space and its channels to 1/8 */
static unsigned colour_key(int type, const float *c, int n)
{
	unsigned key = (unsigned)type;

	for (int i = 0; i < n && i < 4; i++)
		key = key * 9 + (unsigned)lrintf(fmaxf(0, fminf(1, c[i])) * 8);
	return key;
}

static void set_transparency(struct measure_dev *d, const char *what)
{
	if (d->page->transparency)
		return;
	d->page->transparency = true;
	snprintf(d->page->transparency_what, sizeof(d->page->transparency_what), "%s", what);
}

/*
 * Classify a colour: returns its ink share (0 white .. 1 black) when it is
 * gray, or -1 when it is a colour (then *desc says which).
 */
static double classify(fz_context *ctx, struct measure_dev *d, fz_colorspace *cs,
		       const float *c, char *desc, size_t size, unsigned *key)
{
	float rgb[3];
	int type;

	if (!cs || !c)
		return 1;
	type = fz_colorspace_type(ctx, cs);
	switch (type) {
	case FZ_COLORSPACE_GRAY:
		d->page->colorspaces |= MB_CS_GRAY;
		return 1 - c[0];
	case FZ_COLORSPACE_RGB:
	case FZ_COLORSPACE_BGR:
		d->page->colorspaces |= MB_CS_RGB;
		rgb[0] = c[0]; rgb[1] = c[1]; rgb[2] = c[2];
		break;
	case FZ_COLORSPACE_CMYK:
		d->page->colorspaces |= MB_CS_CMYK;
		if (c[0] < GRAY_EPS && c[1] < GRAY_EPS && c[2] < GRAY_EPS)
			return c[3];
		snprintf(desc, size, "cmyk %.3g %.3g %.3g %.3g", c[0], c[1], c[2], c[3]);
		*key = colour_key(FZ_COLORSPACE_CMYK, c, 4);
		return -1;
	default:
		d->page->colorspaces |= MB_CS_OTHER;
		fz_convert_color(ctx, cs, c, fz_device_rgb(ctx), rgb, NULL, fz_default_color_params);
		break;
	}
	if (fabsf(rgb[0] - rgb[1]) < GRAY_EPS && fabsf(rgb[1] - rgb[2]) < GRAY_EPS)
		return 1 - rgb[0];
	snprintf(desc, size, "%s %.3g %.3g %.3g", type == FZ_COLORSPACE_RGB ||
		 type == FZ_COLORSPACE_BGR ? "rgb" : fz_colorspace_name(ctx, cs),
		 rgb[0], rgb[1], rgb[2]);
	*key = colour_key(FZ_COLORSPACE_RGB, rgb, 3);
	return -1;
}

/* Record one drawing operation: the colour, the ink box and (maybe) the item. */
static struct mb_probe_item *record(fz_context *ctx, struct measure_dev *d,
				    enum mb_probe_item_kind kind, fz_rect box, double share,
				    double size_pt, double dpi, int font)
{
	struct mb_probe_page *p = d->page;
	bool ink = share >= WHITE_EPS;
	struct mb_box_pt b;

	count_op(ctx, d);
	if (d->mask_depth > 0 || d->tile_depth > 0 || d->annots)
		return NULL;
	box = fz_intersect_rect(box, current_clip(d));
	if (fz_is_empty_rect(box))
		return NULL;
	box = fz_transform_rect(box, d->to_pdf);
	b = (struct mb_box_pt){ box.x0, box.y0, box.x1, box.y1 };
	if (ink) {
		if (p->blank) {
			p->ink = b;
			p->blank = false;
		} else {
			p->ink.x0 = dmin(p->ink.x0, b.x0);
			p->ink.y0 = dmin(p->ink.y0, b.y0);
			p->ink.x1 = dmax(p->ink.x1, b.x1);
			p->ink.y1 = dmax(p->ink.y1, b.y1);
		}
	}
	if (!d->keep_items)
		return NULL;
	if (d->items >= d->items_max)
		over_bound(ctx, d, "more than %zu drawing operations to check (a cover has a few "
			   "hundred): not a file this tool checks", d->items_max);
	d->items++;
	if (p->item_count == d->items_cap) {
		d->items_cap = d->items_cap ? 2 * d->items_cap : 64;
		p->items = xreallocarray(p->items, d->items_cap, sizeof(*p->items));
	}
	p->items[p->item_count] = (struct mb_probe_item){
		.kind = kind, .box = b, .size_pt = size_pt, .dpi = dpi, .ink = ink, .font = font,
		.colour = d->pending_colour, .share = share < 0 ? 1 : share,
	};
	return &p->items[p->item_count++];
}

/* the corners of a path that is one rectangle (m l l l h, or re); curves stop it */
struct rect_walk {
	fz_point pt[5];
	int n;
	bool bad, closed;
};

static void rw_point(struct rect_walk *w, float x, float y)
{
	if (w->closed || w->n >= 5)
		w->bad = true;
	else
		w->pt[w->n++] = fz_make_point(x, y);
}

static void rw_moveto(fz_context *ctx, void *arg, float x, float y)
{
	struct rect_walk *w = arg;

	(void)ctx;
	if (w->n)
		w->bad = true;
	rw_point(w, x, y);
}

static void rw_lineto(fz_context *ctx, void *arg, float x, float y)
{
	(void)ctx;
	rw_point(arg, x, y);
}

static void rw_curveto(fz_context *ctx, void *arg, float x1, float y1, float x2, float y2,
		       float x3, float y3)
{
	(void)ctx; (void)x1; (void)y1; (void)x2; (void)y2; (void)x3; (void)y3;
	((struct rect_walk *)arg)->bad = true;
}

static void rw_closepath(fz_context *ctx, void *arg)
{
	(void)ctx;
	((struct rect_walk *)arg)->closed = true;
}

static void rw_rectto(fz_context *ctx, void *arg, float x0, float y0, float x1, float y1)
{
	struct rect_walk *w = arg;

	(void)ctx;
	if (w->n) {
		w->bad = true;
		return;
	}
	rw_point(w, x0, y0);
	rw_point(w, x1, y0);
	rw_point(w, x1, y1);
	rw_point(w, x0, y1);
	w->closed = true;
}

bool mb_fz_path_quad(fz_context *ctx, const fz_path *path, fz_point corners[4])
{
	static const fz_path_walker walker = {
		.moveto = rw_moveto, .lineto = rw_lineto, .curveto = rw_curveto,
		.closepath = rw_closepath, .rectto = rw_rectto,
	};
	struct rect_walk w = { .n = 0 };

	fz_walk_path(ctx, path, &walker, &w);
	if (w.n == 5 && fabsf(w.pt[4].x - w.pt[0].x) < 1e-3f && fabsf(w.pt[4].y - w.pt[0].y) < 1e-3f)
		w.n = 4;	/* closed by a line back to the start */
	if (w.bad || w.n != 4)
		return false;
	memcpy(corners, w.pt, 4 * sizeof(*corners));
	return true;
}

/*
 * A filled path that is one rectangle (at any angle, after ctm): its short
 * and long side, for the checks to tell a thin rule from a shape. Glyph
 * outlines and curves are not rectangles: *thick and *long_side stay 0.
 */
static void filled_rect(fz_context *ctx, const fz_path *path, fz_matrix ctm, double *thick,
			double *long_side)
{
	double a, b, dot;
	fz_point p[4];

	*thick = *long_side = 0;
	if (!mb_fz_path_quad(ctx, path, p))
		return;
	for (int i = 0; i < 4; i++)
		p[i] = fz_transform_point(p[i], ctm);
	a = hypot(p[1].x - p[0].x, p[1].y - p[0].y);
	b = hypot(p[2].x - p[1].x, p[2].y - p[1].y);
	if (a <= 0 || b <= 0)
		return;
	/* right angles and parallel opposite sides */
	dot = ((p[1].x - p[0].x) * (p[2].x - p[1].x) + (p[1].y - p[0].y) * (p[2].y - p[1].y)) / (a * b);
	if (fabs(dot) > 0.01 || fabs(hypot(p[3].x - p[2].x, p[3].y - p[2].y) - a) > 0.01 * a + 0.01 ||
	    fabs(hypot(p[0].x - p[3].x, p[0].y - p[3].y) - b) > 0.01 * b + 0.01)
		return;
	*thick = dmin(a, b);
	*long_side = dmax(a, b);
}

/* a gray fill's share goes into the lightest-gray figure; colours flag the page */
static double paint_colour(fz_context *ctx, struct measure_dev *d, const char *op,
			   fz_colorspace *cs, const float *color, float alpha, bool fill,
			   fz_rect area)
{
	char desc[48] = "", what[64];
	unsigned key = 0;
	double share = classify(ctx, d, cs, color, desc, sizeof(desc), &key);

	d->pending_colour = false;	/* a new operation */
	if (d->mask_depth > 0 || d->annots)
		return share < 0 ? 1 : share;
	if (alpha < 1) {
		snprintf(what, sizeof(what), "%s with alpha %.2g", op, alpha);
		set_transparency(d, what);
	}
	if (share < 0) {
		snprintf(what, sizeof(what), "%s %s", op, desc);
		vote_colour(d, key, what, rect_area(fz_intersect_rect(area, current_clip(d))));
		return 1;
	}
	if (fill && share >= WHITE_EPS &&
	    (d->page->lightest_gray < 0 || share < d->page->lightest_gray))
		d->page->lightest_gray = share;
	return share;
}

static void dev_fill_path(fz_context *ctx, fz_device *dev, const fz_path *path, int even_odd,
			  fz_matrix ctm, fz_colorspace *cs, const float *color, float alpha,
			  fz_color_params cp)
{
	struct measure_dev *d = (struct measure_dev *)dev;
	fz_rect box = fz_bound_path(ctx, path, NULL, ctm);
	double share = paint_colour(ctx, d, "fill", cs, color, alpha, true, box);
	struct mb_probe_item *it;

	(void)even_odd; (void)cp;
	if ((it = record(ctx, d, MB_ITEM_FILL, box, share, 0, 0, -1)))
		filled_rect(ctx, path, ctm, &it->rect_thick_pt, &it->rect_long_pt);
}

/*
 * The smallest singular value of the CTM's 2x2 part: a round pen of width
 * 1 becomes an ellipse whose minor axis is this long, so a line drawn
 * along the squeezed direction prints this thin (the geometric mean that
 * fz_matrix_expansion gives would hide a 0.3 pt line under 1 0 0 0.1 cm).
 */
static double thinnest_scale(fz_matrix m)
{
	double t = (double)m.a * m.a + (double)m.b * m.b + (double)m.c * m.c + (double)m.d * m.d;
	double det = (double)m.a * m.d - (double)m.b * m.c;
	double disc = sqrt(dmax(0, t * t - 4 * det * det));

	return sqrt(dmax(0, (t - disc) / 2));
}

static void note_stroke(struct measure_dev *d, const fz_stroke_state *stroke, fz_matrix ctm,
			double *width)
{
	*width = stroke->linewidth * thinnest_scale(ctm);
	if (d->mask_depth > 0 || d->annots)
		return;
	if (d->page->min_stroke_pt < 0 || *width < d->page->min_stroke_pt)
		d->page->min_stroke_pt = *width;
}

/*
 * MuPDF bounds a stroke by the miter limit (10 half-widths by default),
 * which would put a 1 pt line 5 pt nearer the margin than it is; half the
 * width around the path is what caps and right-angle joins reach.
 */
static fz_rect stroke_bound(fz_context *ctx, const fz_path *path, double width, fz_matrix ctm)
{
	/* a 0 pt stroke still prints (as the thinnest line): give it some extent */
	return fz_expand_rect(fz_bound_path(ctx, path, NULL, ctm),
			      (float)dmax(width / 2, MIN_EXTENT_PT));
}

/* the boxes of a path's subpaths, up to MB_CHECK_SUBPATHS_MAX (then n is one more) */
struct subpaths {
	fz_rect box[MB_CHECK_SUBPATHS_MAX];
	int n;
	fz_matrix ctm;
};

static void sp_add(struct subpaths *sp, float x, float y, bool start)
{
	fz_point p = fz_transform_point(fz_make_point(x, y), sp->ctm);

	if (start && sp->n <= MB_CHECK_SUBPATHS_MAX)
		sp->n++;
	if (sp->n == 0 || sp->n > MB_CHECK_SUBPATHS_MAX)
		return;
	sp->box[sp->n - 1] = start ? fz_make_rect(p.x, p.y, p.x, p.y)
				   : fz_include_point_in_rect(sp->box[sp->n - 1], p);
}

static void sp_moveto(fz_context *ctx, void *arg, float x, float y)
{
	(void)ctx;
	sp_add(arg, x, y, true);
}

static void sp_lineto(fz_context *ctx, void *arg, float x, float y)
{
	(void)ctx;
	sp_add(arg, x, y, false);
}

static void sp_curveto(fz_context *ctx, void *arg, float x1, float y1, float x2, float y2,
		       float x3, float y3)
{
	(void)ctx;
	sp_add(arg, x1, y1, false);
	sp_add(arg, x2, y2, false);
	sp_add(arg, x3, y3, false);
}

static void sp_closepath(fz_context *ctx, void *arg)
{
	(void)ctx; (void)arg;
}

static void sp_rectto(fz_context *ctx, void *arg, float x0, float y0, float x1, float y1)
{
	(void)ctx;
	sp_add(arg, x0, y0, true);
	sp_add(arg, x1, y0, false);
	sp_add(arg, x1, y1, false);
	sp_add(arg, x0, y1, false);
}

static void dev_stroke_path(fz_context *ctx, fz_device *dev, const fz_path *path,
			    const fz_stroke_state *stroke, fz_matrix ctm, fz_colorspace *cs,
			    const float *color, float alpha, fz_color_params cp)
{
	struct measure_dev *d = (struct measure_dev *)dev;
	double width, share;
	fz_rect box;

	(void)cp;
	note_stroke(d, stroke, ctm, &width);
	box = stroke_bound(ctx, path, width, ctm);
	share = paint_colour(ctx, d, "stroke", cs, color, alpha, false, box);
	/*
	 * A few separate lines in one path (crop marks, a registration
	 * target, a frame's sides) are judged one by one; a maze's thousand
	 * walls stay one object.
	 */
	if (d->keep_items && d->mask_depth == 0 && d->tile_depth == 0 && !d->annots &&
	    d->items + MB_CHECK_SUBPATHS_MAX < MB_CHECK_DRAW_OPS_MAX) {
		static const fz_path_walker walker = {
			.moveto = sp_moveto, .lineto = sp_lineto, .curveto = sp_curveto,
			.closepath = sp_closepath, .rectto = sp_rectto,
		};
		struct subpaths sp = { .n = 0, .ctm = ctm };

		fz_walk_path(ctx, path, &walker, &sp);
		if (sp.n >= 2 && sp.n <= MB_CHECK_SUBPATHS_MAX) {
			for (int i = 0; i < sp.n; i++)
				record(ctx, d, MB_ITEM_STROKE,
				       fz_expand_rect(sp.box[i], (float)dmax(width / 2, MIN_EXTENT_PT)),
				       share, width, 0, -1);
			return;
		}
	}
	record(ctx, d, MB_ITEM_STROKE, box, share, width, 0, -1);
}

/* the index of the font called name in f->fonts, or -1; *slot_out: where it would go */
static void text_put(struct measure_dev *d, const char *bytes, size_t n)
{
	if (d->text_len + n + 1 > MB_CHECK_TEXT_MAX)
		return;
	if (d->text_len + n + 1 > d->text_cap) {
		d->text_cap = d->text_cap ? 2 * d->text_cap : 1024;
		while (d->text_cap < d->text_len + n + 1)
			d->text_cap *= 2;
		d->text = xrealloc(d->text, d->text_cap);
	}
	memcpy(d->text + d->text_len, bytes, n);
	d->text_len += n;
	d->text[d->text_len] = '\0';
}

static void text_space(struct measure_dev *d)
{
	if (d->text_len && d->text[d->text_len - 1] != ' ')
		text_put(d, " ", 1);
}

/*
 * A span's characters into the page's text: a space where the pen jumps
 * further than a fifth of the font size past the last glyph's advance
 * (pdflatex and groff set word spaces as moves, not space characters).
 */
static void text_chars(fz_context *ctx, struct measure_dev *d, const fz_text_span *span)
{
	float size = sqrtf(fabsf(span->trm.a * span->trm.d - span->trm.b * span->trm.c));
	float next_x = 0, next_y = 0;
	bool have = false;

	text_space(d);
	for (int i = 0; i < span->len; i++) {
		const fz_text_item *g = &span->items[i];
		char utf[8];
		int n;

		if (have && hypotf(g->x - next_x, g->y - next_y) > 0.2f * size)
			text_space(d);
		if (g->gid >= 0) {
			float adv = fz_advance_glyph(ctx, span->font, g->gid, span->wmode);

			next_x = g->x + adv * span->trm.a;
			next_y = g->y + adv * span->trm.b;
			have = true;
		}
		if (g->ucs < 0)
			continue;
		n = fz_runetochar(utf, g->ucs);
		text_put(d, utf, (size_t)n);
	}
}

static void text_spans(fz_context *ctx, struct measure_dev *d, const fz_text *text,
		       const fz_stroke_state *stroke, fz_matrix ctm, double share)
{
	for (const fz_text_span *span = text->head; span; span = span->next) {
		fz_matrix trm = span->trm;
		fz_rect box = fz_empty_rect;
		char name[64];
		/* the glyph height as printed: a stretched 5 pt font is still 5 pt tall */
		double size = thinnest_scale(fz_concat(span->trm, ctm));
		size_t off;
		struct mb_probe_item *it;

		if (span->len <= 0)
			continue;
		for (int i = 0; i < span->len; i++) {
			if (span->items[i].gid < 0)
				continue;
			trm.e = span->items[i].x;
			trm.f = span->items[i].y;
			box = fz_union_rect(box, fz_bound_glyph(ctx, span->font, span->items[i].gid,
							       fz_concat(trm, ctm)));
		}
		if (stroke)
			box = fz_expand_rect(box, stroke->linewidth * fz_matrix_expansion(ctm) / 2);
		probe_strip_subset(fz_font_name(ctx, span->font), name, sizeof(name));
		if (d->mask_depth > 0 || d->tile_depth > 0 || d->annots)
			continue;
		d->page->text_runs++;
		if (d->page->min_font_pt <= 0 || size < d->page->min_font_pt) {
			d->page->min_font_pt = size;
			snprintf(d->page->min_font_name, sizeof(d->page->min_font_name), "%s", name);
		}
		text_space(d);
		off = d->text_len;
		text_chars(ctx, d, span);
		if (fz_is_empty_rect(box))
			continue;
		/* the item's characters: those this span added */
		if ((it = record(ctx, d, MB_ITEM_TEXT, box, share, size, 0,
				 probe_font_index(d->file, d->fonts, name, NULL)))) {
			it->text_off = off;
			it->text_len = d->text_len - off;
		}
	}
}

static void dev_fill_text(fz_context *ctx, fz_device *dev, const fz_text *text, fz_matrix ctm,
			  fz_colorspace *cs, const float *color, float alpha, fz_color_params cp)
{
	struct measure_dev *d = (struct measure_dev *)dev;
	double share = paint_colour(ctx, d, "text", cs, color, alpha, true,
				    fz_bound_text(ctx, text, NULL, ctm));

	(void)cp;
	text_spans(ctx, d, text, NULL, ctm, share);
}

static void dev_stroke_text(fz_context *ctx, fz_device *dev, const fz_text *text,
			    const fz_stroke_state *stroke, fz_matrix ctm, fz_colorspace *cs,
			    const float *color, float alpha, fz_color_params cp)
{
	struct measure_dev *d = (struct measure_dev *)dev;
	double share = paint_colour(ctx, d, "text stroke", cs, color, alpha, false,
				    fz_bound_text(ctx, text, stroke, ctm));
	double width;

	(void)cp;
	note_stroke(d, stroke, ctm, &width);
	text_spans(ctx, d, text, stroke, ctm, share);
}

/* invisible text (OCR layers, hidden words): KDP forbids invisible objects */
static void dev_ignore_text(fz_context *ctx, fz_device *dev, const fz_text *text, fz_matrix ctm)
{
	struct measure_dev *d = (struct measure_dev *)dev;

	(void)ctm;
	count_op(ctx, d);
	if (d->mask_depth > 0 || d->tile_depth > 0 || d->annots)
		return;
	for (const fz_text_span *span = text->head; span; span = span->next) {
		d->page->invisible_text += span->len > 0;
		/* invisible words are still words: a placeholder hidden this way is found */
		text_chars(ctx, d, span);
	}
}

/*
 * A shading's colours come from functions or a mesh: sample it on a grid
 * over what it paints (in its own space's family, so a CMYK black ramp
 * stays black) and weigh each non-gray sample by the area it stands for.
 */
static void sample_shade(fz_context *ctx, struct measure_dev *d, fz_shade *shade, fz_matrix ctm,
			 fz_rect box)
{
	bool cmyk = fz_colorspace_type(ctx, shade->colorspace) == FZ_COLORSPACE_CMYK;
	fz_pixmap *pix = NULL;
	double w = box.x1 - box.x0, h = box.y1 - box.y0;

	if (w <= 0 || h <= 0)
		return;
	fz_var(pix);
	fz_try(ctx) {
		fz_matrix m = fz_concat(ctm, fz_concat(fz_translate(-box.x0, -box.y0),
						       fz_scale(SHADE_SAMPLES / w, SHADE_SAMPLES / h)));
		int n;

		pix = fz_new_pixmap(ctx, cmyk ? fz_device_cmyk(ctx) : fz_device_rgb(ctx),
				    SHADE_SAMPLES, SHADE_SAMPLES, NULL, 1);
		fz_clear_pixmap(ctx, pix);
		fz_paint_shade(ctx, shade, NULL, m, pix, fz_default_color_params,
			       fz_make_irect(0, 0, SHADE_SAMPLES, SHADE_SAMPLES), NULL, NULL);
		n = pix->n;
		for (int y = 0; y < pix->h; y++) {
			const unsigned char *px = pix->samples + (size_t)y * pix->stride;

			for (int x = 0; x < pix->w; x++, px += n) {
				int a = px[n - 1];
				bool gray;
				char what[56];
				float c[4];

				if (a < 8)
					continue;	/* not painted there */
				/* un-premultiply */
				for (int k = 0; k < n - 1 && k < 4; k++)
					c[k] = px[k] * 1.0f / (float)a;
				gray = cmyk ? c[0] < 0.02f && c[1] < 0.02f && c[2] < 0.02f
					    : fabsf(c[0] - c[1]) < 0.02f && fabsf(c[1] - c[2]) < 0.02f;
				if (gray)
					continue;
				if (cmyk)
					snprintf(what, sizeof(what), "shading cmyk %.2g %.2g %.2g %.2g",
						 c[0], c[1], c[2], c[3]);
				else
					snprintf(what, sizeof(what), "shading rgb %.2g %.2g %.2g", c[0],
						 c[1], c[2]);
				vote_colour(d, colour_key(cmyk ? FZ_COLORSPACE_CMYK : FZ_COLORSPACE_RGB,
							  c, cmyk ? 4 : 3), what,
					    w * h / (SHADE_SAMPLES * SHADE_SAMPLES));
			}
		}
	}
	fz_always(ctx)
		fz_drop_pixmap(ctx, pix);
	fz_catch(ctx)
		set_colour(d, "shading (could not be sampled)");
}

static void dev_fill_shade(fz_context *ctx, fz_device *dev, fz_shade *shade, fz_matrix ctm,
			   float alpha, fz_color_params cp)
{
	struct measure_dev *d = (struct measure_dev *)dev;
	fz_rect box = fz_bound_shade(ctx, shade, ctm);

	(void)cp;
	d->pending_colour = false;
	if (alpha < 1 && d->mask_depth == 0 && !d->annots)
		set_transparency(d, "shading with alpha");
	if (shade->colorspace && d->mask_depth == 0 && !d->annots) {
		int type = fz_colorspace_type(ctx, shade->colorspace);

		d->page->colorspaces |= type == FZ_COLORSPACE_GRAY ? MB_CS_GRAY :
					type == FZ_COLORSPACE_CMYK ? MB_CS_CMYK :
					type == FZ_COLORSPACE_RGB ? MB_CS_RGB : MB_CS_OTHER;
		if (type != FZ_COLORSPACE_GRAY)
			sample_shade(ctx, d, shade, ctm, fz_intersect_rect(box, current_clip(d)));
	}
	record(ctx, d, MB_ITEM_FILL, box, 1, 0, 0, -1);
}

static double image_dpi(fz_image *img, fz_matrix ctm)
{
	double w_in = sqrt(ctm.a * ctm.a + ctm.b * ctm.b) / 72;
	double h_in = sqrt(ctm.c * ctm.c + ctm.d * ctm.d) / 72;

	if (w_in <= 0 || h_in <= 0)
		return 0;
	return dmin(img->w / w_in, img->h / h_in);
}

/* every image counts for the resolution: in patterns, forms, soft masks and annotations */
static void note_image(struct measure_dev *d, double dpi)
{
	d->page->images++;
	if (d->page->min_image_dpi < 0 || dpi < d->page->min_image_dpi)
		d->page->min_image_dpi = dpi;
}

/*
 * Does a colour image use any colour, and which mostly? Decodes it
 * (bounded), looks at up to MB_CHECK_IMAGE_SAMPLES_MAX pixels spread evenly, and
 * weighs the commonest non-gray colour (to 1/16) by the share of the image
 * it covers.
 */
static void scan_image_colour(fz_context *ctx, struct measure_dev *d, fz_image *img, fz_rect box)
{
	fz_pixmap *pix = NULL;
	int type;

	if (!img->colorspace || d->mask_depth > 0 || d->annots)
		return;
	type = fz_colorspace_type(ctx, img->colorspace);
	if (type == FZ_COLORSPACE_GRAY) {
		d->page->colorspaces |= MB_CS_GRAY;
		return;
	}
	d->page->colorspaces |= type == FZ_COLORSPACE_CMYK ? MB_CS_CMYK :
				type == FZ_COLORSPACE_RGB || type == FZ_COLORSPACE_BGR ? MB_CS_RGB :
				MB_CS_OTHER;
	if ((unsigned long long)img->w * (unsigned long long)img->h > MB_CHECK_IMAGE_SCAN_MAX_PIXELS) {
		set_colour(d, "colour image (too large to inspect)");
		return;
	}
	fz_var(pix);
	fz_try(ctx) {
		fz_pixmap *raw = fz_get_unscaled_pixmap_from_image(ctx, img);
		bool cmyk;
		int n, step;
		unsigned *bins = NULL;
		unsigned long looked = 0, odd = 0, best = 0;
		int best_bin = -1;

		if (fz_colorspace_type(ctx, raw->colorspace) == FZ_COLORSPACE_CMYK ||
		    fz_colorspace_type(ctx, raw->colorspace) == FZ_COLORSPACE_RGB) {
			pix = raw;
		} else {
			pix = fz_convert_pixmap(ctx, raw, fz_device_rgb(ctx), NULL, NULL,
						fz_default_color_params, 1);
			fz_drop_pixmap(ctx, raw);
		}
		cmyk = fz_colorspace_type(ctx, pix->colorspace) == FZ_COLORSPACE_CMYK;
		n = pix->n;
		step = 1;
		while ((unsigned long long)(pix->w / step + 1) * (pix->h / step + 1) > MB_CHECK_IMAGE_SAMPLES_MAX)
			step++;
		bins = xcalloc(4096, sizeof(unsigned));
		for (int y = 0; y < pix->h; y += step) {
			const unsigned char *row = pix->samples + (size_t)y * pix->stride;

			for (int x = 0; x < pix->w; x += step) {
				const unsigned char *s = row + (size_t)x * n;
				bool gray = cmyk ? s[0] <= 2 && s[1] <= 2 && s[2] <= 2 :
					    abs(s[0] - s[1]) <= 2 && abs(s[1] - s[2]) <= 2;
				int bin = (s[0] >> 4) << 8 | (s[1] >> 4) << 4 | s[2] >> 4;

				looked++;
				if (gray)
					continue;
				odd++;
				if (++bins[bin] > best) {
					best = bins[bin];
					best_bin = bin;
				}
			}
		}
		free(bins);
		if (best_bin >= 0) {
			char what[56];
			int r = (best_bin >> 8) * 16 + 8, g = ((best_bin >> 4) & 15) * 16 + 8,
			    b = (best_bin & 15) * 16 + 8;

			snprintf(what, sizeof(what), "image %s %.2g %.2g %.2g, %.0f%% of it",
				 cmyk ? "cmyk" : "rgb", r / 255.0, g / 255.0, b / 255.0,
				 100.0 * (double)odd / (double)looked);
			vote_colour(d, 0x80000000u | (cmyk ? 0x10000u : 0) | (unsigned)best_bin, what,
				    rect_area(fz_intersect_rect(box, current_clip(d))) *
				    (double)odd / (double)looked);
		}
	}
	fz_always(ctx)
		fz_drop_pixmap(ctx, pix);
	fz_catch(ctx)
		set_colour(d, "colour image (could not be decoded)");
}

static void dev_fill_image(fz_context *ctx, fz_device *dev, fz_image *img, fz_matrix ctm,
			   float alpha, fz_color_params cp)
{
	struct measure_dev *d = (struct measure_dev *)dev;
	double dpi = image_dpi(img, ctm);

	fz_rect box = fz_transform_rect(fz_unit_rect, ctm);

	(void)cp;
	d->pending_colour = false;
	if (alpha < 1 && d->mask_depth == 0 && !d->annots)
		set_transparency(d, "image with alpha");
	if (img->mask && d->mask_depth == 0 && !d->annots)
		set_transparency(d, "image with a soft mask");
	/* the soft mask prints at its own resolution */
	if (img->mask)
		dpi = dmin(dpi, image_dpi(img->mask, ctm));
	note_image(d, dpi);
	scan_image_colour(ctx, d, img, box);
	record(ctx, d, MB_ITEM_IMAGE, box, 1, 0, dpi, -1);
}

static void dev_fill_image_mask(fz_context *ctx, fz_device *dev, fz_image *img, fz_matrix ctm,
				fz_colorspace *cs, const float *color, float alpha,
				fz_color_params cp)
{
	struct measure_dev *d = (struct measure_dev *)dev;
	fz_rect box = fz_transform_rect(fz_unit_rect, ctm);
	double share = paint_colour(ctx, d, "image mask", cs, color, alpha, true, box);
	double dpi = image_dpi(img, ctm);

	(void)cp;
	note_image(d, dpi);
	record(ctx, d, MB_ITEM_IMAGE, box, share, 0, dpi, -1);
}

static void dev_clip_path(fz_context *ctx, fz_device *dev, const fz_path *path, int even_odd,
			  fz_matrix ctm, fz_rect scissor)
{
	(void)even_odd; (void)scissor;
	push_clip(ctx, (struct measure_dev *)dev, fz_bound_path(ctx, path, NULL, ctm));
}

static void dev_clip_stroke_path(fz_context *ctx, fz_device *dev, const fz_path *path,
				 const fz_stroke_state *stroke, fz_matrix ctm, fz_rect scissor)
{
	(void)scissor;
	push_clip(ctx, (struct measure_dev *)dev, fz_bound_path(ctx, path, stroke, ctm));
}

static void dev_clip_text(fz_context *ctx, fz_device *dev, const fz_text *text, fz_matrix ctm,
			  fz_rect scissor)
{
	(void)scissor;
	push_clip(ctx, (struct measure_dev *)dev, fz_bound_text(ctx, text, NULL, ctm));
}

static void dev_clip_stroke_text(fz_context *ctx, fz_device *dev, const fz_text *text,
				 const fz_stroke_state *stroke, fz_matrix ctm, fz_rect scissor)
{
	(void)scissor;
	push_clip(ctx, (struct measure_dev *)dev, fz_bound_text(ctx, text, stroke, ctm));
}

static void dev_clip_image_mask(fz_context *ctx, fz_device *dev, fz_image *img, fz_matrix ctm,
				fz_rect scissor)
{
	(void)ctx; (void)img; (void)scissor;
	push_clip(ctx, (struct measure_dev *)dev, fz_transform_rect(fz_unit_rect, ctm));
}

static void dev_pop_clip(fz_context *ctx, fz_device *dev)
{
	struct measure_dev *d = (struct measure_dev *)dev;

	(void)ctx;
	if (d->clip_depth > 0)
		d->clip_depth--;
}

static void dev_begin_mask(fz_context *ctx, fz_device *dev, fz_rect area, int luminosity,
			   fz_colorspace *cs, const float *bc, fz_color_params cp)
{
	struct measure_dev *d = (struct measure_dev *)dev;

	(void)luminosity; (void)cs; (void)bc; (void)cp;
	count_op(ctx, d);
	if (d->mask_depth >= MB_CHECK_CLIP_DEPTH_MAX)
		over_bound(ctx, d, "soft masks nested more than %d deep", MB_CHECK_CLIP_DEPTH_MAX);
	if (d->mask_depth == 0 && !d->annots)
		set_transparency(d, "soft mask");
	if (d->mask_depth < CLIP_MAX)
		d->mask_area[d->mask_depth] = area;
	d->mask_depth++;
}

/* the mask's content is done; from here it clips what follows until pop_clip */
static void dev_end_mask(fz_context *ctx, fz_device *dev)
{
	struct measure_dev *d = (struct measure_dev *)dev;

	(void)ctx;
	if (d->mask_depth == 0)
		return;
	d->mask_depth--;
	push_clip(ctx, d, d->mask_depth < CLIP_MAX ? d->mask_area[d->mask_depth] : d->page_rect);
}

static void dev_begin_group(fz_context *ctx, fz_device *dev, fz_rect area, fz_colorspace *cs,
			    int isolated, int knockout, int blendmode, float alpha)
{
	struct measure_dev *d = (struct measure_dev *)dev;
	char what[48];

	(void)area; (void)cs; (void)isolated;
	count_op(ctx, d);
	if (d->mask_depth > 0 || d->annots)
		return;
	if (blendmode != FZ_BLEND_NORMAL) {
		snprintf(what, sizeof(what), "blend mode %s", fz_blendmode_name(blendmode));
		set_transparency(d, what);
	} else if (alpha < 1) {
		snprintf(what, sizeof(what), "group with alpha %.2g", alpha);
		set_transparency(d, what);
	} else if (knockout) {
		set_transparency(d, "a knockout transparency group");
	}
}

/* a tiling pattern's cell is drawn once in pattern space: count its area as ink */
static int dev_begin_tile(fz_context *ctx, fz_device *dev, fz_rect area, fz_rect view,
			  float xstep, float ystep, fz_matrix ctm, int id)
{
	struct measure_dev *d = (struct measure_dev *)dev;

	(void)view; (void)xstep; (void)ystep; (void)ctm; (void)id;
	record(ctx, d, MB_ITEM_FILL, area, 1, 0, 0, -1);
	d->tile_depth++;
	return 0;
}

static void dev_end_tile(fz_context *ctx, fz_device *dev)
{
	struct measure_dev *d = (struct measure_dev *)dev;

	(void)ctx;
	if (d->tile_depth > 0)
		d->tile_depth--;
}

fz_device *probe_new_measure_dev(fz_context *ctx)
{
	struct measure_dev *d = fz_new_derived_device(ctx, struct measure_dev);

	d->super.fill_path = dev_fill_path;
	d->super.stroke_path = dev_stroke_path;
	d->super.clip_path = dev_clip_path;
	d->super.clip_stroke_path = dev_clip_stroke_path;
	d->super.fill_text = dev_fill_text;
	d->super.stroke_text = dev_stroke_text;
	d->super.clip_text = dev_clip_text;
	d->super.clip_stroke_text = dev_clip_stroke_text;
	d->super.ignore_text = dev_ignore_text;
	d->super.fill_shade = dev_fill_shade;
	d->super.fill_image = dev_fill_image;
	d->super.fill_image_mask = dev_fill_image_mask;
	d->super.clip_image_mask = dev_clip_image_mask;
	d->super.pop_clip = dev_pop_clip;
	d->super.begin_mask = dev_begin_mask;
	d->super.end_mask = dev_end_mask;
	d->super.begin_group = dev_begin_group;
	d->super.begin_tile = dev_begin_tile;
	d->super.end_tile = dev_end_tile;
	return &d->super;
}
