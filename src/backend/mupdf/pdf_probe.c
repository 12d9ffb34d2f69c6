/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The PDF probe: measures a PDF with MuPDF (AGPL-3.0, as mazebook) so that
 * preflight judges the file itself, whoever wrote it. This is the only file
 * that includes MuPDF headers; fz_try/fz_catch stay in here and come out
 * as "cannot read 'x.pdf': reason".
 *
 * Each page is run through a measuring fz_device that sees every fill,
 * stroke, glyph, shading and image with its transform. It keeps a clip
 * stack so that ink hidden by a clip does not count, ignores what is drawn
 * into soft masks (not ink), and counts white fills as paper, not ink.
 * Fonts and their embedding are read from the page resources (the PDF
 * objects), because MuPDF silently substitutes a built-in font for one that
 * is not embedded. A file that MuPDF had to repair is refused: what it
 * measured would not be what a printer reads.
 */
#include "config.h"
#include "mazebook/probe.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <mupdf/fitz.h>
#include <mupdf/pdf.h>

#include "contact_sheet_fz.h"
#include "mazebook/xalloc.h"
#include "../../pdf/pagetree.h"
#include "../picture/png_rgb.h"

#define CLIP_MAX 256
#define CLIP_DEPTH_MAX 1024	/* nested clips; each form XObject drawn inside another adds one */
/*
 * Objects kept per file: the caller's bound (a cover: 200,000; it has a
 * few hundred), else as many as the drawing operations allowed (each
 * operation keeps one, a few separate lines in one path one each).
 */
#define ITEMS_DEFAULT_BOUND (2 * DRAW_OPS_MAX)
#define DRAW_OPS_MAX 1000000	/* drawing operations per file; an 828-page book makes ~10,000 */
#define CLIPS_MAX 100000	/* clips per file: each form XObject drawn sets one */
#define OUTLINE_DEPTH_MAX 64
#define OUTLINE_ITEMS_MAX 100000
#define IMAGE_SCAN_MAX_PIXELS (64u * 1024 * 1024)
#define WHITE_EPS 0.002		/* ink share under this is paper white */
#define GRAY_EPS 0.004		/* r, g, b this close count as gray */
#define STORE_BYTES (64u << 20)
#define RESOURCE_DEPTH_MAX 12
#define PAGES_MAX 20000		/* KDP prints at most 828; a page tree may repeat one page */
#define MIN_EXTENT_PT 0.01	/* half the extent given to a 0-width stroke */
#define VOTES_MAX 32		/* distinct colours weighed per page */
#define SHADE_SAMPLES 16	/* a shading is sampled on a 16 x 16 grid */
#define IMAGE_SAMPLES_MAX (1u << 20)	/* pixels looked at per image (evenly spread) */
#define TEXT_MAX (1u << 20)	/* characters kept per page */
#define OC_WALK_MAX 4096	/* resource entries looked at per page for hidden layers */

/*
 * The fonts seen so far, by name: a hash of indices into mb_probe_file.fonts
 * (open addressing, at most half full), so that a file listing thousands of
 * fonts on each of thousands of pages costs linear time, not quadratic.
 */
struct font_table {
	int *slot;		/* index + 1, 0 = empty */
	size_t cap;		/* a power of two */
};

/* objects already walked in this file (by address; MuPDF keeps them until the end) */
struct seen_set {
	const void **slot;
	size_t cap, n;
};

static size_t hash_name(const char *s)
{
	size_t h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

static size_t hash_ptr(const void *p)
{
	uintptr_t v = (uintptr_t)p;

	v ^= v >> 17;
	v *= 0xed5ad4bbu;
	v ^= v >> 11;
	return (size_t)v;
}

/* Was p seen before? Adds it if not. */
static bool seen_before(struct seen_set *set, const void *p)
{
	size_t i;

	if (!p)
		return false;
	if (2 * (set->n + 1) > set->cap) {
		struct seen_set bigger = { xcalloc(set->cap ? 2 * set->cap : 256, sizeof(void *)),
					   set->cap ? 2 * set->cap : 256, 0 };

		for (size_t k = 0; k < set->cap; k++)
			if (set->slot[k])
				seen_before(&bigger, set->slot[k]);
		free(set->slot);
		*set = bigger;
	}
	for (i = hash_ptr(p) & (set->cap - 1); set->slot[i]; i = (i + 1) & (set->cap - 1))
		if (set->slot[i] == p)
			return true;
	set->slot[i] = p;
	set->n++;
	return false;
}

struct measure_dev {
	fz_device super;
	struct mb_probe_file *file;
	struct mb_probe_page *page;
	const struct font_table *fonts;
	bool keep_items;
	size_t items_cap;
	size_t items;		/* kept in the whole file */
	size_t items_max;	/* mb_probe_options.max_items or ITEMS_DEFAULT_BOUND */
	unsigned long draw_ops, clips;	/* in the whole file, against DRAW_OPS_MAX, CLIPS_MAX */
	char overflow[160];	/* set when the file passed a bound: why it is refused */
	fz_matrix to_pdf;	/* device space -> PDF space (MediaBox origin) */
	fz_rect page_rect;	/* device space */
	fz_rect clip[CLIP_MAX];
	int clip_depth;		/* may exceed CLIP_MAX: deeper clips are ignored */
	fz_rect mask_area[CLIP_MAX];
	int mask_depth;		/* inside begin_mask .. end_mask */
	int tile_depth;		/* inside a tiling pattern cell */
	bool annots;		/* running annotation appearances: only images count */
	bool pending_colour;	/* this operation voted a colour: its items are colour */
	/* colours weighed by the area they paint: the page's representative one */
	struct { unsigned key; double area; char what[56]; } votes[VOTES_MAX];
	int nvotes;
	char *text;		/* the page's text, handed to the page at its end */
	size_t text_len, text_cap;
};

static double dmin(double a, double b) { return a < b ? a : b; }
static double dmax(double a, double b) { return a > b ? a : b; }

static void strip_subset(const char *name, char *out, size_t size)
{
	size_t n = 0;

	while (name[n] >= 'A' && name[n] <= 'Z')
		n++;
	if (n == 6 && name[6] == '+')
		name += 7;
	snprintf(out, size, "%s", name);
}

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
	if (++d->draw_ops > DRAW_OPS_MAX)
		over_bound(ctx, d, "more than %d drawing operations (a book of 828 pages has about "
			   "10000): not a file this tool checks", DRAW_OPS_MAX);
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
	if (++d->clips > CLIPS_MAX)
		over_bound(ctx, d, "more than %d clips or form XObjects drawn: not a file this tool "
			   "checks", CLIPS_MAX);
	if (d->clip_depth >= CLIP_DEPTH_MAX)
		over_bound(ctx, d, "clips or form XObjects nested more than %d deep", CLIP_DEPTH_MAX);
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

/* the boxes of a path's subpaths, up to SUBPATHS_MAX (then n = SUBPATHS_MAX + 1) */
#define SUBPATHS_MAX 16
struct subpaths {
	fz_rect box[SUBPATHS_MAX];
	int n;
	fz_matrix ctm;
};

static void sp_add(struct subpaths *sp, float x, float y, bool start)
{
	fz_point p = fz_transform_point(fz_make_point(x, y), sp->ctm);

	if (start && sp->n <= SUBPATHS_MAX)
		sp->n++;
	if (sp->n == 0 || sp->n > SUBPATHS_MAX)
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
	    d->items + SUBPATHS_MAX < DRAW_OPS_MAX) {
		static const fz_path_walker walker = {
			.moveto = sp_moveto, .lineto = sp_lineto, .curveto = sp_curveto,
			.closepath = sp_closepath, .rectto = sp_rectto,
		};
		struct subpaths sp = { .n = 0, .ctm = ctm };

		fz_walk_path(ctx, path, &walker, &sp);
		if (sp.n >= 2 && sp.n <= SUBPATHS_MAX) {
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
static int font_index(const struct mb_probe_file *f, const struct font_table *t, const char *name,
		      size_t *slot_out)
{
	size_t i;

	if (!t->cap)
		return -1;
	for (i = hash_name(name) & (t->cap - 1); t->slot[i]; i = (i + 1) & (t->cap - 1))
		if (!strcmp(f->fonts[t->slot[i] - 1].name, name))
			return t->slot[i] - 1;
	if (slot_out)
		*slot_out = i;
	return -1;
}

/* room for one more font, at most half full */
static void font_table_grow(const struct mb_probe_file *f, struct font_table *t)
{
	struct font_table bigger;

	if (2 * (f->font_count + 1) <= t->cap)
		return;
	bigger.cap = t->cap ? 2 * t->cap : 64;
	bigger.slot = xcalloc(bigger.cap, sizeof(int));
	for (size_t k = 0; k < t->cap; k++) {
		size_t i;

		if (!t->slot[k])
			continue;
		for (i = hash_name(f->fonts[t->slot[k] - 1].name) & (bigger.cap - 1); bigger.slot[i];
		     i = (i + 1) & (bigger.cap - 1))
			;
		bigger.slot[i] = t->slot[k];
	}
	free(t->slot);
	*t = bigger;
}

static void text_put(struct measure_dev *d, const char *bytes, size_t n)
{
	if (d->text_len + n + 1 > TEXT_MAX)
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
		strip_subset(fz_font_name(ctx, span->font), name, sizeof(name));
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
				 font_index(d->file, d->fonts, name, NULL)))) {
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
 * (bounded), looks at up to IMAGE_SAMPLES_MAX pixels spread evenly, and
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
	if ((unsigned long long)img->w * (unsigned long long)img->h > IMAGE_SCAN_MAX_PIXELS) {
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
		while ((unsigned long long)(pix->w / step + 1) * (pix->h / step + 1) > IMAGE_SAMPLES_MAX)
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
	if (d->mask_depth >= CLIP_DEPTH_MAX)
		over_bound(ctx, d, "soft masks nested more than %d deep", CLIP_DEPTH_MAX);
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

static fz_device *new_measure_dev(fz_context *ctx)
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

/* ---- PDF objects: fonts, boxes, annotations, outlines, metadata ---- */

static bool font_embedded(fz_context *ctx, pdf_obj *font)
{
	pdf_obj *subtype = pdf_dict_get(ctx, font, PDF_NAME(Subtype));
	pdf_obj *fd;

	if (pdf_name_eq(ctx, subtype, PDF_NAME(Type3)))
		return true;
	if (pdf_name_eq(ctx, subtype, PDF_NAME(Type0)))
		font = pdf_array_get(ctx, pdf_dict_get(ctx, font, PDF_NAME(DescendantFonts)), 0);
	fd = pdf_dict_get(ctx, font, PDF_NAME(FontDescriptor));
	return pdf_dict_get(ctx, fd, PDF_NAME(FontFile)) ||
	       pdf_dict_get(ctx, fd, PDF_NAME(FontFile2)) ||
	       pdf_dict_get(ctx, fd, PDF_NAME(FontFile3));
}

/* what the font walk of a file keeps between pages */
struct font_walk {
	struct mb_probe_file *f;
	struct font_table *fonts;
	struct seen_set *seen;	/* resource and font dictionaries, forms: each walked once */
};

static void add_font(fz_context *ctx, struct font_walk *w, pdf_obj *font, int page)
{
	struct mb_probe_file *f = w->f;
	char name[64];
	const char *base = pdf_to_name(ctx, pdf_dict_get(ctx, font, PDF_NAME(BaseFont)));
	bool embedded = font_embedded(ctx, font);
	size_t slot;
	int i;

	strip_subset(base[0] ? base : "(unnamed)", name, sizeof(name));
	if ((i = font_index(f, w->fonts, name, NULL)) >= 0) {
		/* one name used both ways: the unembedded use is what matters */
		f->fonts[i].embedded = f->fonts[i].embedded && embedded;
		return;
	}
	font_table_grow(f, w->fonts);
	font_index(f, w->fonts, name, &slot);
	w->fonts->slot[slot] = (int)f->font_count + 1;
	/* room doubles at each power of two: a file of 20,000 fonts is not copied 20,000 times */
	if ((f->font_count & (f->font_count - 1)) == 0)
		f->fonts = xreallocarray(f->fonts, f->font_count ? 2 * f->font_count : 1,
					 sizeof(*f->fonts));
	f->fonts[f->font_count] = (struct mb_probe_font){ .embedded = embedded, .first_page = page };
	snprintf(f->fonts[f->font_count].name, sizeof(f->fonts[0].name), "%s", name);
	snprintf(f->fonts[f->font_count].type, sizeof(f->fonts[0].type), "%s",
		 pdf_to_name(ctx, pdf_dict_get(ctx, font, PDF_NAME(Subtype))));
	f->font_count++;
}

/*
 * Fonts of a resource dictionary and the form XObjects it uses. Each
 * dictionary and form is walked once per file (the first page that uses a
 * font is the one that counts), so pages that share resources cost nothing
 * more and a form that draws itself stops.
 */
static void walk_resources(fz_context *ctx, struct font_walk *w, pdf_obj *res, int page,
			   int depth)
{
	pdf_obj *fonts, *xobjs;

	if (!res || depth > RESOURCE_DEPTH_MAX || seen_before(w->seen, pdf_resolve_indirect(ctx, res)))
		return;
	fonts = pdf_dict_get(ctx, res, PDF_NAME(Font));
	if (fonts && !seen_before(w->seen, pdf_resolve_indirect(ctx, fonts)))
		for (int i = 0, n = pdf_dict_len(ctx, fonts); i < n; i++)
			add_font(ctx, w, pdf_dict_get_val(ctx, fonts, i), page);
	xobjs = pdf_dict_get(ctx, res, PDF_NAME(XObject));
	for (int i = 0, n = pdf_dict_len(ctx, xobjs); i < n; i++) {
		pdf_obj *x = pdf_dict_get_val(ctx, xobjs, i);

		if (!pdf_name_eq(ctx, pdf_dict_get(ctx, x, PDF_NAME(Subtype)), PDF_NAME(Form)))
			continue;
		if (seen_before(w->seen, pdf_resolve_indirect(ctx, x)))
			continue;
		walk_resources(ctx, w, pdf_dict_get(ctx, x, PDF_NAME(Resources)), page, depth + 1);
	}
}

static fz_rect normal_rect(fz_rect r)
{
	return (fz_rect){ dmin(r.x0, r.x1), dmin(r.y0, r.y1), dmax(r.x0, r.x1), dmax(r.y0, r.y1) };
}

static struct mb_box_pt box_of(fz_context *ctx, pdf_obj *arr, fz_matrix to_print)
{
	fz_rect r = fz_transform_rect(normal_rect(pdf_to_rect(ctx, arr)), to_print);

	return (struct mb_box_pt){ r.x0, r.y0, r.x1, r.y1 };
}

/*
 * PDF user space -> the page as it prints: the MediaBox turned by /Rotate
 * and scaled by /UserUnit (as MuPDF reads them), origin at its bottom left
 * corner, y up. *w_pt, *h_pt: the printed size.
 */
static fz_matrix print_transform(fz_context *ctx, pdf_obj *pageobj, fz_rect media, double *w_pt,
				 double *h_pt)
{
	pdf_obj *uu = pdf_dict_get(ctx, pageobj, PDF_NAME(UserUnit));
	float unit = pdf_is_number(ctx, uu) && pdf_to_real(ctx, uu) > 0 ? pdf_to_real(ctx, uu) : 1;
	int rotate = pdf_to_int(ctx, pdf_dict_get_inheritable(ctx, pageobj, PDF_NAME(Rotate)));
	fz_matrix m;
	fz_rect r;

	/* snapped to 0, 90, 180 or 270 as MuPDF does */
	rotate = rotate < 0 ? 360 - (int)((-(long long)rotate) % 360) : rotate % 360;
	rotate = 90 * ((rotate + 45) / 90) % 360;
	m = fz_pre_rotate(fz_scale(unit, unit), -(float)rotate);	/* clockwise, y up */
	r = fz_transform_rect(media, m);
	*w_pt = r.x1 - r.x0;
	*h_pt = r.y1 - r.y0;
	return fz_concat(m, fz_translate(-r.x0, -r.y0));
}

/*
 * Optional content (layers) switched off where this page's resources name
 * it: marked content (/Properties) and XObjects with /OC. MuPDF does not
 * draw it, so KDP's printer might; KDP forbids invisible objects. Bounded
 * by OC_WALK_MAX entries per page and RESOURCE_DEPTH_MAX nested forms.
 */
/* the bytes of a page's or form's content (one stream or an array of them); NULL if none */
static fz_buffer *content_bytes(fz_context *ctx, pdf_obj *contents)
{
	fz_buffer *all = NULL;

	if (pdf_is_stream(ctx, contents))
		return pdf_load_stream(ctx, contents);
	if (!pdf_is_array(ctx, contents))
		return NULL;
	all = fz_new_buffer(ctx, 1024);
	for (int i = 0, n = pdf_array_len(ctx, contents); i < n && i < 64; i++) {
		fz_buffer *one = NULL;

		fz_try(ctx) {
			one = pdf_load_stream(ctx, pdf_array_get(ctx, contents, i));
			fz_append_buffer(ctx, all, one);
			fz_append_byte(ctx, all, '\n');
		}
		fz_always(ctx)
			fz_drop_buffer(ctx, one);
		fz_catch(ctx) {
			fz_drop_buffer(ctx, all);
			fz_rethrow(ctx);
		}
	}
	return all;
}

/* does the content use the resource called name ("/name" followed by a delimiter)? */
static bool content_uses(fz_context *ctx, fz_buffer *content, const char *name)
{
	unsigned char *data;
	size_t len = content ? fz_buffer_storage(ctx, content, &data) : 0, n = strlen(name);

	for (size_t i = 0; n && i + n + 1 < len; i++)
		if (data[i] == '/' && !memcmp(data + i + 1, name, n) &&
		    strchr(" \t\r\n/<[(", data[i + 1 + n]))
			return true;
	return false;
}

static void hidden_layers(fz_context *ctx, pdf_document *doc, pdf_obj *res, fz_buffer *content,
			  int depth, int *budget, struct mb_probe_page *p)
{
	pdf_obj *props, *xobjs;

	if (!res || depth > RESOURCE_DEPTH_MAX || *budget <= 0)
		return;
	props = pdf_dict_get(ctx, res, PDF_NAME(Properties));
	for (int i = 0, n = pdf_dict_len(ctx, props); i < n && (*budget)-- > 0; i++) {
		pdf_obj *ocg = pdf_dict_get_val(ctx, props, i);
		pdf_obj *type = pdf_dict_get(ctx, ocg, PDF_NAME(Type));

		if ((pdf_name_eq(ctx, type, PDF_NAME(OCG)) || pdf_name_eq(ctx, type, PDF_NAME(OCMD))) &&
		    pdf_is_ocg_hidden(ctx, doc, res, "View", ocg) &&
		    content_uses(ctx, content, pdf_to_name(ctx, pdf_dict_get_key(ctx, props, i)))) {
			if (!p->hidden_oc++)
				snprintf(p->hidden_oc_what, sizeof(p->hidden_oc_what), "%s",
					 pdf_dict_get_text_string(ctx, ocg, PDF_NAME(Name)));
		}
	}
	xobjs = pdf_dict_get(ctx, res, PDF_NAME(XObject));
	for (int i = 0, n = pdf_dict_len(ctx, xobjs); i < n && (*budget)-- > 0; i++) {
		pdf_obj *x = pdf_dict_get_val(ctx, xobjs, i), *oc = pdf_dict_get(ctx, x, PDF_NAME(OC));

		if (!content_uses(ctx, content, pdf_to_name(ctx, pdf_dict_get_key(ctx, xobjs, i))))
			continue;
		if (oc && pdf_is_ocg_hidden(ctx, doc, res, "View", oc)) {
			if (!p->hidden_oc++)
				snprintf(p->hidden_oc_what, sizeof(p->hidden_oc_what), "%s",
					 pdf_dict_get_text_string(ctx, oc, PDF_NAME(Name)));
			continue;
		}
		if (pdf_name_eq(ctx, pdf_dict_get(ctx, x, PDF_NAME(Subtype)), PDF_NAME(Form))) {
			fz_buffer *inner = content_bytes(ctx, x);

			fz_try(ctx)
				hidden_layers(ctx, doc, pdf_dict_get(ctx, x, PDF_NAME(Resources)), inner,
					      depth + 1, budget, p);
			fz_always(ctx)
				fz_drop_buffer(ctx, inner);
			fz_catch(ctx)
				fz_rethrow(ctx);
		}
	}
}

/* the page's colour by area, and its text, once the page has been run */
static void end_page(struct measure_dev *d, struct mb_probe_page *p)
{
	int best = -1;

	for (int i = 0; i < d->nvotes; i++)
		if (best < 0 || d->votes[i].area > d->votes[best].area)
			best = i;
	if (best >= 0)
		snprintf(p->colour_what, sizeof(p->colour_what), "%s", d->votes[best].what);
	p->text = d->text;
	p->text_len = d->text_len;
	d->text = NULL;
	d->text_len = d->text_cap = 0;
}

/* page i measured by dev, and drawn on sheet (NULL: none) from the same run */
static void measure_page(fz_context *ctx, pdf_document *doc, fz_device *dev,
			 struct font_walk *fonts, int i, struct mb_sheet *sheet)
{
	struct measure_dev *d = (struct measure_dev *)dev;
	struct mb_probe_page *p = &fonts->f->pages[i];
	pdf_page *page = pdf_load_page(ctx, doc, i);
	fz_device *run = NULL;

	fz_var(run);
	fz_try(ctx) {
		fz_rect media, pmedia;
		fz_matrix ctm, to_print;
		pdf_obj *arr;

		p->number = i + 1;
		p->blank = true;
		p->min_stroke_pt = -1;
		p->lightest_gray = -1;
		p->min_image_dpi = -1;
		/* MuPDF's device space is the CropBox's; the printed frame is the MediaBox's */
		pdf_page_transform(ctx, page, &pmedia, &ctm);
		arr = pdf_dict_get_inheritable(ctx, page->obj, PDF_NAME(MediaBox));
		media = normal_rect(pdf_is_array(ctx, arr) ? pdf_to_rect(ctx, arr) : pmedia);
		to_print = print_transform(ctx, page->obj, media, &p->w_pt, &p->h_pt);
		arr = pdf_dict_get_inheritable(ctx, page->obj, PDF_NAME(TrimBox));
		if ((p->has_trim = pdf_is_array(ctx, arr)))
			p->trim = box_of(ctx, arr, to_print);
		arr = pdf_dict_get_inheritable(ctx, page->obj, PDF_NAME(BleedBox));
		if ((p->has_bleed = pdf_is_array(ctx, arr)))
			p->bleed = box_of(ctx, arr, to_print);
		arr = pdf_dict_get_inheritable(ctx, page->obj, PDF_NAME(CropBox));
		if ((p->has_crop = pdf_is_array(ctx, arr)))
			p->crop = box_of(ctx, arr, to_print);
		p->annotations = pdf_array_len(ctx, pdf_dict_get(ctx, page->obj, PDF_NAME(Annots)));
		for (int k = 0; k < p->annotations && p->annot_boxes < MB_PROBE_ANNOT_BOXES; k++) {
			pdf_obj *rect = pdf_dict_get(ctx, pdf_array_get(ctx, pdf_dict_get(ctx, page->obj,
								PDF_NAME(Annots)), k), PDF_NAME(Rect));

			if (pdf_is_array(ctx, rect))
				p->annot_box[p->annot_boxes++] = box_of(ctx, rect, to_print);
		}
		walk_resources(ctx, fonts, pdf_page_resources(ctx, page), i + 1, 0);

		if (pdf_dict_getp(ctx, pdf_trailer(ctx, doc), "Root/OCProperties")) {
			int budget = OC_WALK_MAX;
			fz_buffer *content = content_bytes(ctx, pdf_page_contents(ctx, page));

			fz_try(ctx)
				hidden_layers(ctx, doc, pdf_page_resources(ctx, page), content, 0, &budget,
					      p);
			fz_always(ctx)
				fz_drop_buffer(ctx, content);
			fz_catch(ctx)
				fz_rethrow(ctx);
		}

		d->page = p;
		d->items_cap = 0;
		d->nvotes = 0;
		d->annots = false;
		d->clip_depth = d->mask_depth = d->tile_depth = 0;
		d->page_rect = fz_bound_page(ctx, &page->super);
		/* device space -> PDF user space -> the printed frame */
		d->to_pdf = fz_concat(fz_invert_matrix(ctm), to_print);
		/* the sheet's device passes every call on to the measuring one as it came */
		run = sheet ? mb_sheet_page_device(ctx, sheet, &page->super, i + 1, dev) : dev;
		pdf_run_page_contents(ctx, page, run, fz_identity, NULL);
		/* annotations fail on their own; their images still count for resolution */
		if (p->annotations > 0) {
			d->annots = true;
			d->clip_depth = d->mask_depth = d->tile_depth = 0;
			pdf_run_page_annots(ctx, page, run, fz_identity, NULL);
			d->annots = false;
		}
		if (sheet)
			mb_sheet_end_page(ctx, sheet, run, i + 1);
		if (d->overflow[0])	/* in case MuPDF swallowed the abort */
			fz_throw(ctx, FZ_ERROR_GENERIC, "%s", d->overflow);
	}
	fz_always(ctx) {
		if (run != dev)
			fz_drop_device(ctx, run);
		end_page(d, p);
		fz_drop_page(ctx, &page->super);
	}
	fz_catch(ctx)
		fz_rethrow(ctx);
}

/*
 * Count the bookmarks (outline entries) by walking /Outlines without
 * recursion, each entry once: a hostile outline can nest 100,000 deep
 * (MuPDF's own loader recurses) or loop.
 */
static int count_outline(fz_context *ctx, pdf_document *doc)
{
	pdf_obj *next[OUTLINE_DEPTH_MAX];
	pdf_obj **marked = NULL;
	size_t nmarked = 0;
	int depth = 0, count = 0;

	next[0] = pdf_dict_getp(ctx, pdf_trailer(ctx, doc), "Root/Outlines/First");
	fz_var(marked);
	fz_var(nmarked);
	fz_var(depth);
	fz_var(count);
	fz_try(ctx) {
		while (depth >= 0) {
			pdf_obj *item = next[depth], *child;

			if (!pdf_is_dict(ctx, item)) {
				depth--;
				continue;
			}
			if (pdf_mark_obj(ctx, item))
				fz_throw(ctx, FZ_ERROR_GENERIC, "the bookmarks (outline) loop: an entry "
					 "comes again after itself");
			marked = xreallocarray(marked, nmarked + 1, sizeof(*marked));
			marked[nmarked++] = item;
			if (++count > OUTLINE_ITEMS_MAX)
				fz_throw(ctx, FZ_ERROR_GENERIC, "more than %d bookmarks (outline entries)",
					 OUTLINE_ITEMS_MAX);
			next[depth] = pdf_dict_get(ctx, item, PDF_NAME(Next));
			child = pdf_dict_get(ctx, item, PDF_NAME(First));
			if (!child)
				continue;
			if (depth + 1 >= OUTLINE_DEPTH_MAX)
				fz_throw(ctx, FZ_ERROR_GENERIC, "the bookmarks (outline) nest more than %d "
					 "levels deep", OUTLINE_DEPTH_MAX);
			next[++depth] = child;
		}
	}
	fz_always(ctx) {
		for (size_t i = 0; i < nmarked; i++)
			pdf_unmark_obj(ctx, marked[i]);
		free(marked);
	}
	fz_catch(ctx)
		fz_rethrow(ctx);
	return count;
}

static void measure_file(fz_context *ctx, pdf_document *doc, struct mb_probe_file *f,
			 bool keep_items, size_t max_items, struct mb_sheet *sheet)
{
	fz_device *dev = NULL;
	struct font_table fonts = { 0 };
	struct seen_set seen = { 0 };
	struct font_walk walk = { f, &fonts, &seen };
	pdf_obj *info;

	fz_var(dev);
	fz_try(ctx) {
		info = pdf_dict_get(ctx, pdf_trailer(ctx, doc), PDF_NAME(Info));
		f->metadata = pdf_dict_len(ctx, info) > 0 ||
			      pdf_dict_getp(ctx, pdf_trailer(ctx, doc), "Root/Metadata");
		f->outlines = count_outline(ctx, doc);
		f->pages = xcalloc((size_t)f->page_count, sizeof(*f->pages));
		dev = new_measure_dev(ctx);
		((struct measure_dev *)dev)->file = f;
		((struct measure_dev *)dev)->fonts = &fonts;
		((struct measure_dev *)dev)->keep_items = keep_items;
		((struct measure_dev *)dev)->items_max = max_items ? max_items : ITEMS_DEFAULT_BOUND;
		for (int i = 0; i < f->page_count; i++) {
			f->page_measured = (size_t)i + 1;
			measure_page(ctx, doc, dev, &walk, i, sheet);
		}
		fz_close_device(ctx, dev);
	}
	fz_always(ctx) {
		fz_drop_device(ctx, dev);
		free(fonts.slot);
		free(seen.slot);
	}
	fz_catch(ctx)
		fz_rethrow(ctx);
}

/* MuPDF's warnings would go to stderr; the probe reports through its error instead */
static void quiet(void *user, const char *message)
{
	(void)user; (void)message;
}

static fz_context *new_context(void)
{
	fz_context *ctx = fz_new_context(NULL, NULL, STORE_BYTES);

	if (!ctx)
		return NULL;
	fz_set_warning_callback(ctx, quiet, NULL);
	fz_set_error_callback(ctx, quiet, NULL);
	return ctx;
}

static enum mb_status check_size(const char *path, unsigned long long max_bytes,
				 unsigned long long *bytes, struct mb_error *err)
{
	struct stat st;

	if (stat(path, &st) != 0)
		return mb_error_set(err, MB_ERR_IO, "cannot read '%s': %s", path, strerror(errno));
	if (S_ISDIR(st.st_mode))
		return mb_error_set(err, MB_ERR_INPUT, "'%s' is a folder, not a PDF file", path);
	if (!S_ISREG(st.st_mode))
		return mb_error_set(err, MB_ERR_IO, "cannot read '%s': not a regular file", path);
	*bytes = (unsigned long long)st.st_size;
	if (*bytes == 0)
		return mb_error_set(err, MB_ERR_INPUT, "cannot read '%s': the file is empty, not a PDF",
				    path);
	if (max_bytes && *bytes > max_bytes)
		return mb_error_set(err, MB_ERR_LIMIT,
				    "cannot read '%s': %llu bytes is more than the %llu this tool reads",
				    path, *bytes, max_bytes);
	return MB_OK;
}

/*
 * A PDF starts with "%PDF-" within its first 1024 bytes (readers allow
 * some junk before it); MuPDF would say "cannot tell in file" or "no
 * objects found" about anything else.
 */
static enum mb_status check_header(const char *path, struct mb_error *err)
{
	char head[1024];
	size_t n;
	FILE *in = fopen(path, "rb");

	if (!in)
		return mb_error_set(err, MB_ERR_IO, "cannot read '%s': %s", path, strerror(errno));
	n = fread(head, 1, sizeof(head), in);
	fclose(in);
	for (size_t i = 0; i + 5 <= n; i++)
		if (!memcmp(head + i, "%PDF-", 5))
			return MB_OK;
	return mb_error_set(err, MB_ERR_INPUT, "cannot read '%s': not a PDF (no %%PDF header)",
			    path);
}

/* the page tree checked; a file MuPDF repaired while it looked is refused as damaged */
static void check_tree_or_damaged(fz_context *ctx, pdf_document *doc)
{
	fz_try(ctx)
		mb_pdf_check_page_tree(ctx, doc, PAGES_MAX);
	fz_catch(ctx) {
		if (pdf_was_repaired(ctx, doc))
			fz_throw(ctx, FZ_ERROR_GENERIC, "the file is damaged or truncated "
				 "(its cross-reference table is broken)");
		fz_rethrow(ctx);
	}
}

enum mb_status mb_probe_pdf(const char *path, const struct mb_probe_options *opts,
			    struct mb_probe_file *out, struct mb_error *err)
{
	fz_context *ctx;
	pdf_document *doc = NULL;
	bool keep_items = opts && opts->keep_items;
	const char *sheet_png = opts ? opts->sheet_png : NULL;
	struct mb_sheet *sheet = NULL;
	enum mb_status size_st;
	volatile enum mb_status st = MB_OK;

	memset(out, 0, sizeof(*out));
	out->path = xstrdup(path);
	size_st = check_size(path, opts ? opts->max_bytes : 0, &out->bytes, err);
	if (size_st == MB_OK)
		size_st = check_header(path, err);
	if (size_st != MB_OK)
		return size_st;
	if (!(ctx = new_context()))
		return mb_error_set(err, MB_ERR_INTERNAL, "cannot read '%s': out of memory", path);
	fz_var(doc);
	fz_var(sheet);
	fz_try(ctx) {
		doc = pdf_open_document(ctx, path);
		out->encrypted = doc->crypt != NULL;
		if (pdf_needs_password(ctx, doc) && !pdf_authenticate_password(ctx, doc, ""))
			out->locked = true;
		if (!out->locked) {
			double count = pdf_to_real(ctx, pdf_dict_getp(ctx, pdf_trailer(ctx, doc),
								     "Root/Pages/Count"));

			out->page_count = pdf_count_pages(ctx, doc);
			if (count < 0 || count > INT_MAX || out->page_count < 0)
				fz_throw(ctx, FZ_ERROR_GENERIC, "the page tree's /Count is %.0f, not a "
					 "page count (0 to %d)", count, PAGES_MAX);
			if (out->page_count > PAGES_MAX)
				fz_throw(ctx, FZ_ERROR_GENERIC, "%d pages is more than the %d this tool measures",
					 out->page_count, PAGES_MAX);
			if (!pdf_was_repaired(ctx, doc))
				check_tree_or_damaged(ctx, doc);
			if (!pdf_was_repaired(ctx, doc) && out->page_count > 0) {
				if (sheet_png)
					sheet = mb_sheet_new(ctx, &doc->super);
				measure_file(ctx, doc, out, keep_items, opts ? opts->max_items : 0,
					     sheet);
			}
			/* repairs happen lazily, so ask again after reading the pages */
			if (pdf_was_repaired(ctx, doc))
				fz_throw(ctx, FZ_ERROR_GENERIC, "the file is damaged or truncated "
					 "(its cross-reference table is broken)");
			/*
			 * Readers that rebuild a damaged file may still show pages
			 * found among its objects; a printer reads the page tree.
			 */
			if (out->page_count <= 0)
				fz_throw(ctx, FZ_ERROR_GENERIC, "its page tree lists no pages (some "
					 "readers find pages by rebuilding a damaged file; KDP's printer "
					 "would not): export the PDF again");
		}
	}
	fz_always(ctx)
		pdf_drop_document(ctx, doc);
	fz_catch(ctx)
		st = mb_error_set(err, MB_ERR_INPUT, "cannot read '%s': %s", path,
				  fz_caught_message(ctx));
	if (st == MB_OK && sheet_png)
		st = sheet ? mb_sheet_write(ctx, sheet, sheet_png, opts->sheet_info, err) :
			     mb_error_set(err, MB_ERR_INPUT, "cannot draw the contact sheet of "
					  "'%s': its pages could not be read", path);
	mb_sheet_drop(ctx, sheet);
	fz_drop_context(ctx);
	return st;
}

void mb_probe_release(struct mb_probe_file *f)
{
	if (!f)
		return;
	for (size_t i = 0; i < f->page_measured; i++) {
		free(f->pages[i].items);
		free(f->pages[i].text);
	}
	free(f->pages);
	free(f->fonts);
	free(f->path);
	memset(f, 0, sizeof(*f));
}

/* the page pixmap as a PNG at path (png_rgb.h); errno on failure */
static bool write_png_rgb(const unsigned char *samples, int w, int h, ptrdiff_t stride,
			  const char *path)
{
	FILE *f = fopen(path, "wb");
	int e;

	if (!f)
		return false;
	e = mb_png_write_rgb(f, samples, w, h, stride, MB_PNG_RGB8);
	if (fclose(f) && !e)
		e = errno ? errno : EIO;
	if (e)
		remove(path);
	errno = e;
	return !e;
}

enum mb_status mb_probe_render_png(const char *path, int page, double dpi,
				   const char *png_path, struct mb_error *err)
{
	fz_context *ctx = new_context();
	fz_document *doc = NULL;
	fz_pixmap *pix = NULL;
	enum mb_status st = MB_OK;

	if (!ctx)
		return mb_error_set(err, MB_ERR_INTERNAL, "cannot read '%s': out of memory", path);
	if (dpi <= 0 || dpi > 2400) {
		fz_drop_context(ctx);
		return mb_error_set(err, MB_ERR_INPUT, "render resolution %g dpi is outside 1..2400",
				    dpi);
	}
	fz_var(doc);
	fz_var(pix);
	fz_try(ctx) {
		fz_register_document_handlers(ctx);
		doc = fz_open_document(ctx, path);
		if (page < 1 || page > fz_count_pages(ctx, doc))
			fz_throw(ctx, FZ_ERROR_GENERIC, "no page %d (the file has %d)", page,
				 fz_count_pages(ctx, doc));
		pix = fz_new_pixmap_from_page_number(ctx, doc, page - 1,
						     fz_scale(dpi / 72, dpi / 72),
						     fz_device_rgb(ctx), 0);
	}
	fz_catch(ctx)
		st = mb_error_set(err, MB_ERR_INPUT, "cannot read '%s': %s", path,
				  fz_caught_message(ctx));
	if (st == MB_OK && (fz_pixmap_components(ctx, pix) != 3 || fz_pixmap_alpha(ctx, pix)))
		BUG("page pixmap with %d components", fz_pixmap_components(ctx, pix));
	if (st == MB_OK && !write_png_rgb(fz_pixmap_samples(ctx, pix), fz_pixmap_width(ctx, pix),
					  fz_pixmap_height(ctx, pix), fz_pixmap_stride(ctx, pix),
					  png_path))
		st = mb_error_set(err, MB_ERR_IO, "cannot write '%s': %s", png_path,
				  strerror(errno));
	fz_drop_pixmap(ctx, pix);
	fz_drop_document(ctx, doc);
	fz_drop_context(ctx);
	return st;
}

/* ---- pictures: the page as it prints, with guides and the faults outlined ---- */

#define PICTURE_LABEL_PX 11
#define PICTURE_CAPTION_PX 13

static const float pen_rgb[][3] = {
	[MB_PEN_TRIM] = { 0.1f, 0.35f, 0.95f },
	[MB_PEN_MARGIN] = { 0.1f, 0.65f, 0.2f },
	[MB_PEN_GUTTER] = { 1.0f, 0.55f, 0.0f },
	[MB_PEN_BARCODE] = { 0.6f, 0.2f, 0.8f },
	[MB_PEN_FAULT] = { 0.9f, 0.0f, 0.0f },
};

/* text at (x, y) (its baseline), kept inside max_x, on a white ground so it reads over art */
static void picture_text(fz_context *ctx, fz_device *dev, fz_font *font, const char *s,
			 float x_in, float y, float size, const float *rgb, float max_x)
{
	fz_text *text = fz_new_text(ctx);
	fz_path *ground = NULL;
	volatile float x = x_in;

	fz_var(ground);
	fz_var(text);
	fz_try(ctx) {
		fz_matrix trm = fz_make_matrix(size, 0, 0, -size, x, y);
		fz_rect b;
		const float white[3] = { 1, 1, 1 };

		trm = fz_show_string(ctx, text, font, trm, s, 0, 0, FZ_BIDI_LTR, FZ_LANG_UNSET);
		/* the pen ended at trm.e: move the whole line left when it runs off the page */
		if (trm.e > max_x && trm.e - x < max_x) {
			fz_drop_text(ctx, text);
			text = NULL;
			text = fz_new_text(ctx);
			x -= trm.e - max_x;
			fz_show_string(ctx, text, font, fz_make_matrix(size, 0, 0, -size, x, y), s, 0, 0,
				       FZ_BIDI_LTR, FZ_LANG_UNSET);
		}
		b = fz_expand_rect(fz_bound_text(ctx, text, NULL, fz_identity), 1);
		ground = fz_new_path(ctx);
		fz_rectto(ctx, ground, b.x0, b.y0, b.x1, b.y1);
		fz_fill_path(ctx, dev, ground, 0, fz_identity, fz_device_rgb(ctx), white, 0.85f,
			     fz_default_color_params);
		fz_fill_text(ctx, dev, text, fz_identity, fz_device_rgb(ctx), rgb, 1,
			     fz_default_color_params);
	}
	fz_always(ctx) {
		fz_drop_path(ctx, ground);
		fz_drop_text(ctx, text);
	}
	fz_catch(ctx)
		fz_rethrow(ctx);
}

static void picture_box(fz_context *ctx, fz_device *dev, fz_font *font, fz_rect r,
			const struct mb_picture_box *b, float width, float max_x)
{
	fz_path *path = fz_new_path(ctx);
	fz_stroke_state *st = fz_new_stroke_state(ctx);

	fz_try(ctx) {
		/* an object thinner than a pixel still gets a visible outline */
		if (b->pen == MB_PEN_FAULT)
			r = fz_expand_rect(r, 2);
		fz_rectto(ctx, path, r.x0, r.y0, r.x1, r.y1);
		st->linewidth = width;
		if (b->pen == MB_PEN_MARGIN || b->pen == MB_PEN_GUTTER) {
			static const float dash[] = { 4, 3 };

			st = fz_unshare_stroke_state_with_dash_len(ctx, st, 2);
			memcpy(st->dash_list, dash, sizeof(dash));
			st->dash_len = 2;
		}
		fz_stroke_path(ctx, dev, path, st, fz_identity, fz_device_rgb(ctx), pen_rgb[b->pen], 1,
			       fz_default_color_params);
		/* a fault's label above it (below when at the top); a guide's inside its box */
		if (b->label[0] && b->pen == MB_PEN_FAULT)
			picture_text(ctx, dev, font, b->label, r.x0,
				     r.y0 > PICTURE_LABEL_PX + 2 ? r.y0 - 3 : r.y1 + PICTURE_LABEL_PX,
				     PICTURE_LABEL_PX, pen_rgb[b->pen], max_x);
		else if (b->label[0])
			picture_text(ctx, dev, font, b->label, r.x0 + 3,
				     b->pen == MB_PEN_TRIM ? r.y1 - 3 : r.y0 + PICTURE_LABEL_PX + 2,
				     PICTURE_LABEL_PX, pen_rgb[b->pen], max_x);
	}
	fz_always(ctx) {
		fz_drop_stroke_state(ctx, st);
		fz_drop_path(ctx, path);
	}
	fz_catch(ctx)
		fz_rethrow(ctx);
}

enum mb_status mb_probe_render_picture(const char *path, int page, double dpi,
				       const struct mb_picture_box *boxes, size_t count,
				       const char *caption, const char *png_path,
				       struct mb_error *err)
{
	fz_context *ctx = new_context();
	pdf_document *doc = NULL;
	pdf_page *pg = NULL;
	fz_pixmap *pix = NULL;
	fz_device *dev = NULL;
	fz_font *font = NULL;
	enum mb_status st = MB_OK;
	int lines = 1;

	if (!ctx)
		return mb_error_set(err, MB_ERR_INTERNAL, "cannot read '%s': out of memory", path);
	if (dpi <= 0 || dpi > 600) {
		fz_drop_context(ctx);
		return mb_error_set(err, MB_ERR_INPUT, "picture resolution %g dpi is outside 1..600",
				    dpi);
	}
	for (const char *c = caption ? caption : ""; *c; c++)
		lines += *c == '\n';
	fz_var(doc);
	fz_var(pg);
	fz_var(pix);
	fz_var(dev);
	fz_var(font);
	fz_try(ctx) {
		fz_rect pmedia, media, bounds;
		fz_matrix ctm, to_print, scale = fz_scale(dpi / 72, dpi / 72), from_print;
		fz_irect bbox;
		pdf_obj *arr;
		double w_pt, h_pt;
		float y;
		const float black[3] = { 0, 0, 0 };

		doc = pdf_open_document(ctx, path);
		if (page < 1 || page > pdf_count_pages(ctx, doc))
			fz_throw(ctx, FZ_ERROR_GENERIC, "no page %d (the file has %d)", page,
				 pdf_count_pages(ctx, doc));
		pg = pdf_load_page(ctx, doc, page - 1);
		pdf_page_transform(ctx, pg, &pmedia, &ctm);
		arr = pdf_dict_get_inheritable(ctx, pg->obj, PDF_NAME(MediaBox));
		media = normal_rect(pdf_is_array(ctx, arr) ? pdf_to_rect(ctx, arr) : pmedia);
		to_print = print_transform(ctx, pg->obj, media, &w_pt, &h_pt);
		/* the printed frame -> PDF user space -> MuPDF's page space -> pixels */
		from_print = fz_concat(fz_invert_matrix(to_print), fz_concat(ctm, scale));
		bounds = fz_transform_rect(fz_bound_page(ctx, &pg->super), scale);
		bbox = fz_round_rect(bounds);
		bbox.y1 += lines * (PICTURE_CAPTION_PX + 3) + 6;
		pix = fz_new_pixmap_with_bbox(ctx, fz_device_rgb(ctx), bbox, NULL, 0);
		fz_clear_pixmap_with_value(ctx, pix, 255);
		dev = fz_new_draw_device(ctx, fz_identity, pix);
		fz_run_page(ctx, &pg->super, dev, scale, NULL);
		font = fz_new_base14_font(ctx, "Helvetica");
		/* guides first, faults over them */
		for (int pass = 0; pass < 2; pass++)
			for (size_t i = 0; i < count; i++) {
				const struct mb_picture_box *b = &boxes[i];
				fz_rect r = { b->box.x0, b->box.y0, b->box.x1, b->box.y1 };

				if ((b->pen == MB_PEN_FAULT) != (pass == 1))
					continue;
				picture_box(ctx, dev, font, fz_transform_rect(r, from_print), b,
					    b->pen == MB_PEN_FAULT ? 2 : 1, bounds.x1 - 2);
			}
		y = bounds.y1 + PICTURE_CAPTION_PX + 3;
		for (const char *c = caption ? caption : ""; *c;) {
			const char *nl = strchr(c, '\n');
			size_t n = nl ? (size_t)(nl - c) : strlen(c);
			char line[512];

			snprintf(line, sizeof(line), "%.*s", (int)(n < 511 ? n : 511), c);
			picture_text(ctx, dev, font, line, bounds.x0 + 4, y, PICTURE_CAPTION_PX, black,
				     bounds.x1 + 4096);
			y += PICTURE_CAPTION_PX + 3;
			c += n + (nl != NULL);
		}
		fz_close_device(ctx, dev);
	}
	fz_always(ctx) {
		fz_drop_device(ctx, dev);
		fz_drop_font(ctx, font);
		if (pg)
			fz_drop_page(ctx, &pg->super);
		pdf_drop_document(ctx, doc);
	}
	fz_catch(ctx)
		st = mb_error_set(err, MB_ERR_INPUT, "cannot read '%s': %s", path,
				  fz_caught_message(ctx));
	if (st == MB_OK && !write_png_rgb(fz_pixmap_samples(ctx, pix), fz_pixmap_width(ctx, pix),
					  fz_pixmap_height(ctx, pix), fz_pixmap_stride(ctx, pix),
					  png_path))
		st = mb_error_set(err, MB_ERR_IO, "cannot write '%s': %s", png_path,
				  strerror(errno));
	fz_drop_pixmap(ctx, pix);
	fz_drop_context(ctx);
	return st;
}
