/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The book's contact sheet (contact_sheet.h): MuPDF draws each page
 * straight into its place on one sheet pixmap (a draw device clipped to
 * the page's box), so no page pixmap is made and freed per page; strokes
 * thinner than a pixel (a maze's walls) are laid down here by their area
 * instead of outlined by MuPDF (see thin_segment). The build draws the
 * sheet inside the preflight's probe (contact_sheet_fz.h), which reads each
 * page once for both; mb_contact_sheet_png reads the file on its own. The
 * sheet is written by the previews' PNG writer.
 */
#include "config.h"
#include "mazebook/backend/contact_sheet.h"

#include <errno.h>
#include <math.h>
#include <mupdf/fitz.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "contact_sheet_fz.h"
#include "../picture/png_rgb.h"

#define MARGIN_PX 16	/* around the sheet */
#define GAP_PX 16	/* between spreads */
#define LABEL_PX 14	/* under a spread, for its page numbers */
#define STORE_BYTES (64u << 20)
/*
 * libdeflate's level 1, not the previews' 4: the sheet is megabytes of
 * pixels (the expert circles': 4.9 MB of grey, 0.040 s at 1 for 1.28 MB,
 * 0.044 s at 4 for 1.27 MB; zlib took 0.074 s at its 2)
 */
#define SHEET_DEFLATE_LEVEL 1

static const unsigned char background[3] = { 0xe4, 0xe4, 0xe4 };
static const unsigned char paper[3] = { 0xff, 0xff, 0xff };
static const unsigned char edge[3] = { 0x9e, 0x9e, 0x9e };

static void quiet(void *user, const char *message)
{
	(void)user;
	(void)message;
}

static void fill_rect(fz_context *ctx, fz_pixmap *pix, int x, int y, int w, int h,
		      const unsigned char rgb[3])
{
	unsigned char *s = fz_pixmap_samples(ctx, pix);
	ptrdiff_t stride = fz_pixmap_stride(ctx, pix);
	int pw = fz_pixmap_width(ctx, pix), ph = fz_pixmap_height(ctx, pix);
	int x0 = x < 0 ? 0 : x, x1 = x + w < pw ? x + w : pw;
	int y0 = y < 0 ? 0 : y, y1 = y + h < ph ? y + h : ph;

	if (x0 >= x1 || y0 >= y1)
		return;
	/* one row pixel by pixel, the others copied from it (the sheet's background is 5 M pixels) */
	for (int i = x0; i < x1; i++)
		memcpy(s + y0 * stride + i * 3, rgb, 3);
	for (int j = y0 + 1; j < y1; j++)
		memcpy(s + j * stride + x0 * 3, s + y0 * stride + x0 * 3, (size_t)(x1 - x0) * 3);
}

/* the page numbers of a spread, centred under it, in a base-14 Helvetica */
static void label(fz_context *ctx, fz_device *dev, fz_font *font, const char *text, double cx,
		  double baseline)
{
	static const float gray[1] = { 0.25f };
	double size = LABEL_PX * 0.7, width = 0;
	fz_text *t = NULL;

	fz_var(t);
	fz_try(ctx) {
		/* measure: lay it out once at the origin */
		t = fz_new_text(ctx);
		width = fz_show_string(ctx, t, font, fz_scale((float)size, (float)-size), text, 0, 0,
				       FZ_BIDI_LTR, FZ_LANG_UNSET).e;
		fz_drop_text(ctx, t);
		t = fz_new_text(ctx);
		fz_show_string(ctx, t, font,
			       fz_concat(fz_scale((float)size, (float)-size),
					 fz_translate((float)(cx - width / 2), (float)baseline)),
			       text, 0, 0, FZ_BIDI_LTR, FZ_LANG_UNSET);
		fz_fill_text(ctx, dev, t, fz_identity, fz_device_gray(ctx), gray, 1,
			     fz_default_color_params);
	}
	fz_always(ctx)
		fz_drop_text(ctx, t);
	fz_catch(ctx)
		fz_rethrow(ctx);
}

/* where page p (1-based) sits: its spread and whether it is the right-hand page */
static void place(int p, int *spread, int *right)
{
	*spread = p / 2;	/* page 1 is spread 0's right page; 2 and 3 are spread 1 */
	*right = p % 2;
}

static bool write_png(fz_context *ctx, fz_pixmap *pix, const char *path)
{
	FILE *f = fopen(path, "wb");
	int e;

	if (!f)
		return false;
	e = mb_png_write_rgb_level(f, fz_pixmap_samples(ctx, pix), fz_pixmap_width(ctx, pix),
				   fz_pixmap_height(ctx, pix), fz_pixmap_stride(ctx, pix), MB_PNG_RGB8,
				   SHEET_DEFLATE_LEVEL);
	if (fclose(f) && !e)
		e = errno ? errno : EIO;
	if (e)
		remove(path);
	errno = e;
	return !e;
}

/*
 * Thin strokes, drawn here rather than by MuPDF's stroker. A wall a point
 * wide is a fifth of a pixel on a 150 px page: MuPDF outlines every such
 * stroke (joins and caps included) and scan-converts the outline, which
 * for a book of round mazes (thousands of arcs a page) was most of the
 * sheet's time. A stroke thinner than a pixel is instead laid down as its
 * area: each flattened segment gives every pixel column it crosses (row,
 * when it is steep) ink in proportion to the length it runs there times
 * the part of each pixel its width covers across. Clips, groups, masks,
 * tiles and dashes, rare on a book's pages, still go to MuPDF.
 */
#define THIN_PX 1.0f	/* strokes narrower than this, in pixels, are thin */
#define CURVE_STEPS_MAX 32
/*
 * MuPDF's rasterizer rounds an outline out to its grid of samples (5 x 3 a
 * pixel at the sheet's aa level), so a wall a fifth of a pixel wide prints
 * about a third of a pixel: thin strokes are widened the same, and a page
 * of walls is as dark on the sheet as before (0.84 mean grey either way on
 * the expert circles).
 */
#define THIN_GROW_PX 0.15f

#define CLIPS_MAX 16

struct thumb_dev {
	fz_device super;
	fz_device *also;	/* sees the page as it comes (the probe's device), or NULL */
	fz_device *draw;	/* MuPDF's draw device, for everything not thin */
	fz_matrix place;	/* the page's space to its place on the sheet */
	unsigned char *samples;	/* the sheet's RGB pixels, stride bytes a row, from x0, y0 */
	ptrdiff_t stride;
	int x0, y0;
	fz_irect slot;		/* the page's place on the sheet, narrowed by rectangle clips */
	int nested;		/* clips (but rectangles), groups, masks and tiles open */
	/*
	 * The clips open, innermost last, each with the slot it narrowed: a
	 * form XObject clips to its box, a rectangle, and the walls a book
	 * draws as forms would otherwise all go to MuPDF (a third of a second
	 * on the expert circles). Beyond CLIPS_MAX they count as nested.
	 */
	struct open_clip { bool rect; fz_irect slot; } clips[CLIPS_MAX];
	int nclips, deep_clips;
};

/* a call for the shared device, if there is one */
#define TEE(call) do { if (d->also) call; } while (0)

/* a clip opens: a rectangle on the sheet (rect) narrows the slot, anything else nests */
static void open_clip(struct thumb_dev *d, const fz_irect *rect)
{
	if (d->nclips == CLIPS_MAX) {
		d->deep_clips++;
		d->nested++;
		return;
	}
	d->clips[d->nclips++] = (struct open_clip){ .rect = rect != NULL, .slot = d->slot };
	if (rect)
		d->slot = fz_intersect_irect(d->slot, *rect);
	else
		d->nested++;
}

/* the innermost clip closes */
static void close_clip(struct thumb_dev *d)
{
	struct open_clip *c;

	if (d->deep_clips) {
		d->deep_clips--;
		d->nested--;
		return;
	}
	if (!d->nclips)
		return;	/* a pop without its clip: MuPDF's to report */
	c = &d->clips[--d->nclips];
	if (c->rect)
		d->slot = c->slot;
	else
		d->nested--;
}

/*
 * Whether path, placed by ctm, is a rectangle with its sides along the
 * sheet's axes; *out its pixels (those it touches at all: the thin
 * strokes' ink is shared across pixels anyway).
 */
static bool sheet_rect(fz_context *ctx, const fz_path *path, fz_matrix ctm, fz_irect *out)
{
	fz_point p[4];
	fz_rect r = fz_empty_rect;

	if (!mb_fz_path_quad(ctx, path, p))
		return false;
	for (int i = 0; i < 4; i++)
		p[i] = fz_transform_point(p[i], ctm);
	for (int i = 0; i < 4; i++) {
		fz_point a = p[i], b = p[(i + 1) % 4];
		bool same_x = fabsf(a.x - b.x) < 1e-3f, same_y = fabsf(a.y - b.y) < 1e-3f;

		if (same_x == same_y || !isfinite(a.x) || !isfinite(a.y))
			return false;
		r = fz_include_point_in_rect(r, a);
	}
	*out = fz_round_rect(r);
	return true;
}

struct thin_pen {
	struct thumb_dev *d;
	fz_matrix ctm;
	float rgb[3], rgb255[3];	/* its colour, 0..1 and 0..255 */
	float width, alpha;		/* in pixels; its opacity */
	fz_point start, at;		/* of the subpath and the pen, in pixels */
};

static inline float min_f(float a, float b) { return a < b ? a : b; }
static inline float max_f(float a, float b) { return a > b ? a : b; }
/* floor of a float well inside int's range (the slot's coordinates) */
static inline int floor_i(float v) { int i = (int)v; return i - (v < (float)i); }

/* add ink a (0..1) to the pixel at x, y of the slot */
static void thin_ink(struct thin_pen *pen, int x, int y, float a)
{
	const fz_irect *s = &pen->d->slot;
	unsigned char *px;

	if (x < s->x0 || x >= s->x1 || y < s->y0 || y >= s->y1 || a <= 0)
		return;
	if (a > 1)
		a = 1;
	px = pen->d->samples + (y - pen->d->y0) * pen->d->stride + (x - pen->d->x0) * 3;
	for (int c = 0; c < 3; c++)
		px[c] = (unsigned char)(px[c] + (pen->rgb255[c] - px[c]) * a + 0.5f);
}

/*
 * one straight piece, in pixels: stepped along its longer axis a pixel at
 * a time (only across the slot), its ink shared across the other axis
 */
static void thin_segment(struct thin_pen *pen, fz_point p, fz_point q)
{
	const fz_irect *s = &pen->d->slot;
	bool steep = fabsf(q.y - p.y) > fabsf(q.x - p.x);
	float a0 = steep ? p.y : p.x, a1 = steep ? q.y : q.x;
	float b0 = steep ? p.x : p.y, b1 = steep ? q.x : q.y;
	/* the slot along the long axis and across it */
	float along0 = (float)(steep ? s->y0 : s->x0), along1 = (float)(steep ? s->y1 : s->x1);
	float across0 = (float)(steep ? s->x0 : s->y0), across1 = (float)(steep ? s->x1 : s->y1);
	float lo, hi, slope, half;

	if (!isfinite(a0) || !isfinite(a1) || !isfinite(b0) || !isfinite(b1) || a0 == a1)
		return;
	if (a0 > a1) {
		float t = a0; a0 = a1; a1 = t;
		t = b0; b0 = b1; b1 = t;
	}
	slope = (b1 - b0) / (a1 - a0);
	/* across the short axis the stroke is this thick: its width over the slant */
	half = (pen->width + THIN_GROW_PX) * sqrtf(1 + slope * slope) / 2;
	lo = max_f(a0, along0);
	hi = min_f(a1, along1);
	for (int i = lo < hi ? floor_i(lo) : 0, last = lo < hi ? floor_i(hi) : -1; i <= last; i++) {
		float from = max_f(lo, (float)i), to = min_f(hi, (float)i + 1);
		float b = b0 + slope * ((from + to) / 2 - a0);

		if (to <= from || b + half <= across0 || b - half >= across1)
			continue;
		/* each pixel across gets the part of [b - half, b + half] inside it */
		for (int j = floor_i(b - half); j < b + half; j++) {
			float a = (min_f(b + half, (float)j + 1) - max_f(b - half, (float)j)) *
				  (to - from) * pen->alpha;

			if (steep)
				thin_ink(pen, j, i, a);
			else
				thin_ink(pen, i, j, a);
		}
	}
}

static void thin_moveto(fz_context *ctx, void *arg, float x, float y)
{
	struct thin_pen *pen = arg;

	(void)ctx;
	pen->start = pen->at = fz_transform_point_xy(x, y, pen->ctm);
}

static void thin_lineto(fz_context *ctx, void *arg, float x, float y)
{
	struct thin_pen *pen = arg;
	fz_point to = fz_transform_point_xy(x, y, pen->ctm);

	(void)ctx;
	thin_segment(pen, pen->at, to);
	pen->at = to;
}

/* a Bézier as chords about two pixels long: a fifth of a pixel off at worst on a page's arcs */
static void thin_curveto(fz_context *ctx, void *arg, float x1, float y1, float x2, float y2,
			 float x3, float y3)
{
	struct thin_pen *pen = arg;
	fz_point p0 = pen->at, p1 = fz_transform_point_xy(x1, y1, pen->ctm),
		 p2 = fz_transform_point_xy(x2, y2, pen->ctm),
		 p3 = fz_transform_point_xy(x3, y3, pen->ctm);
	float len = hypotf(p1.x - p0.x, p1.y - p0.y) + hypotf(p2.x - p1.x, p2.y - p1.y) +
		    hypotf(p3.x - p2.x, p3.y - p2.y);
	int steps = isfinite(len) ? 1 + (int)fminf(len / 2, CURVE_STEPS_MAX - 1) : 1;

	(void)ctx;
	for (int k = 1; k <= steps; k++) {
		float t = (float)k / steps, u = 1 - t;
		fz_point q = {
			u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x,
			u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y,
		};

		thin_segment(pen, pen->at, q);
		pen->at = q;
	}
}

static void thin_closepath(fz_context *ctx, void *arg)
{
	struct thin_pen *pen = arg;

	(void)ctx;
	thin_segment(pen, pen->at, pen->start);
	pen->at = pen->start;
}

static const fz_path_walker thin_walker = {
	thin_moveto, thin_lineto, thin_curveto, thin_closepath,
	NULL, NULL, NULL, NULL,
};

static void thumb_stroke_path(fz_context *ctx, fz_device *dev, const fz_path *path,
			      const fz_stroke_state *stroke, fz_matrix ctm, fz_colorspace *cs,
			      const float *color, float alpha, fz_color_params cp)
{
	struct thumb_dev *d = (struct thumb_dev *)dev;
	float width;
	struct thin_pen pen;

	TEE(fz_stroke_path(ctx, d->also, path, stroke, ctm, cs, color, alpha, cp));
	ctm = fz_concat(ctm, d->place);
	width = stroke->linewidth * fz_matrix_expansion(ctm);
	pen = (struct thin_pen){ .d = d, .ctm = ctm, .width = width, .alpha = alpha };
	/* MuPDF widens a stroke under a tenth of a pixel to a whole one: it draws those */
	if (d->nested || stroke->dash_len || !(width >= 0.1f && width < THIN_PX) || !cs) {
		fz_stroke_path(ctx, d->draw, path, stroke, ctm, cs, color, alpha, cp);
		return;
	}
	fz_convert_color(ctx, cs, color, fz_device_rgb(ctx), pen.rgb, NULL, cp);
	for (int k = 0; k < 3; k++)
		pen.rgb255[k] = pen.rgb[k] * 255;
	fz_walk_path(ctx, path, &thin_walker, &pen);
}

/*
 * The rest goes to the draw device with the page's place on the sheet
 * applied, and first, as it came, to the device it shares the page with
 * (the preflight's probe, or none); what opens a clip or group is counted.
 */
static void thumb_fill_path(fz_context *ctx, fz_device *dev, const fz_path *path, int even_odd,
			    fz_matrix ctm, fz_colorspace *cs, const float *color, float alpha,
			    fz_color_params cp)
{
	struct thumb_dev *d = (struct thumb_dev *)dev;

	TEE(fz_fill_path(ctx, d->also, path, even_odd, ctm, cs, color, alpha, cp));
	fz_fill_path(ctx, d->draw, path, even_odd, fz_concat(ctm, d->place), cs, color, alpha, cp);
}

static void thumb_clip_path(fz_context *ctx, fz_device *dev, const fz_path *path, int even_odd,
			    fz_matrix ctm, fz_rect scissor)
{
	struct thumb_dev *d = (struct thumb_dev *)dev;

	fz_irect rect;

	TEE(fz_clip_path(ctx, d->also, path, even_odd, ctm, scissor));
	open_clip(d, sheet_rect(ctx, path, fz_concat(ctm, d->place), &rect) ? &rect : NULL);
	fz_clip_path(ctx, d->draw, path, even_odd, fz_concat(ctm, d->place),
		     fz_transform_rect(scissor, d->place));
}

static void thumb_clip_stroke_path(fz_context *ctx, fz_device *dev, const fz_path *path,
				   const fz_stroke_state *stroke, fz_matrix ctm, fz_rect scissor)
{
	struct thumb_dev *d = (struct thumb_dev *)dev;

	TEE(fz_clip_stroke_path(ctx, d->also, path, stroke, ctm, scissor));
	open_clip(d, NULL);
	fz_clip_stroke_path(ctx, d->draw, path, stroke, fz_concat(ctm, d->place),
			    fz_transform_rect(scissor, d->place));
}

static void thumb_fill_text(fz_context *ctx, fz_device *dev, const fz_text *text, fz_matrix ctm,
			    fz_colorspace *cs, const float *color, float alpha, fz_color_params cp)
{
	struct thumb_dev *d = (struct thumb_dev *)dev;

	TEE(fz_fill_text(ctx, d->also, text, ctm, cs, color, alpha, cp));
	fz_fill_text(ctx, d->draw, text, fz_concat(ctm, d->place), cs, color, alpha, cp);
}

static void thumb_stroke_text(fz_context *ctx, fz_device *dev, const fz_text *text,
			      const fz_stroke_state *stroke, fz_matrix ctm, fz_colorspace *cs,
			      const float *color, float alpha, fz_color_params cp)
{
	struct thumb_dev *d = (struct thumb_dev *)dev;

	TEE(fz_stroke_text(ctx, d->also, text, stroke, ctm, cs, color, alpha, cp));
	fz_stroke_text(ctx, d->draw, text, stroke, fz_concat(ctm, d->place), cs, color, alpha, cp);
}

static void thumb_clip_text(fz_context *ctx, fz_device *dev, const fz_text *text, fz_matrix ctm,
			    fz_rect scissor)
{
	struct thumb_dev *d = (struct thumb_dev *)dev;

	TEE(fz_clip_text(ctx, d->also, text, ctm, scissor));
	open_clip(d, NULL);
	fz_clip_text(ctx, d->draw, text, fz_concat(ctm, d->place),
		     fz_transform_rect(scissor, d->place));
}

static void thumb_clip_stroke_text(fz_context *ctx, fz_device *dev, const fz_text *text,
				   const fz_stroke_state *stroke, fz_matrix ctm, fz_rect scissor)
{
	struct thumb_dev *d = (struct thumb_dev *)dev;

	TEE(fz_clip_stroke_text(ctx, d->also, text, stroke, ctm, scissor));
	open_clip(d, NULL);
	fz_clip_stroke_text(ctx, d->draw, text, stroke, fz_concat(ctm, d->place),
			    fz_transform_rect(scissor, d->place));
}

static void thumb_ignore_text(fz_context *ctx, fz_device *dev, const fz_text *text, fz_matrix ctm)
{
	struct thumb_dev *d = (struct thumb_dev *)dev;

	TEE(fz_ignore_text(ctx, d->also, text, ctm));
	fz_ignore_text(ctx, d->draw, text, fz_concat(ctm, d->place));
}

static void thumb_fill_shade(fz_context *ctx, fz_device *dev, fz_shade *shade, fz_matrix ctm,
			     float alpha, fz_color_params cp)
{
	struct thumb_dev *d = (struct thumb_dev *)dev;

	TEE(fz_fill_shade(ctx, d->also, shade, ctm, alpha, cp));
	fz_fill_shade(ctx, d->draw, shade, fz_concat(ctm, d->place), alpha, cp);
}

static void thumb_fill_image(fz_context *ctx, fz_device *dev, fz_image *img, fz_matrix ctm,
			     float alpha, fz_color_params cp)
{
	struct thumb_dev *d = (struct thumb_dev *)dev;

	TEE(fz_fill_image(ctx, d->also, img, ctm, alpha, cp));
	fz_fill_image(ctx, d->draw, img, fz_concat(ctm, d->place), alpha, cp);
}

static void thumb_fill_image_mask(fz_context *ctx, fz_device *dev, fz_image *img, fz_matrix ctm,
				  fz_colorspace *cs, const float *color, float alpha,
				  fz_color_params cp)
{
	struct thumb_dev *d = (struct thumb_dev *)dev;

	TEE(fz_fill_image_mask(ctx, d->also, img, ctm, cs, color, alpha, cp));
	fz_fill_image_mask(ctx, d->draw, img, fz_concat(ctm, d->place), cs, color, alpha, cp);
}

static void thumb_clip_image_mask(fz_context *ctx, fz_device *dev, fz_image *img, fz_matrix ctm,
				  fz_rect scissor)
{
	struct thumb_dev *d = (struct thumb_dev *)dev;

	TEE(fz_clip_image_mask(ctx, d->also, img, ctm, scissor));
	open_clip(d, NULL);
	fz_clip_image_mask(ctx, d->draw, img, fz_concat(ctm, d->place),
			   fz_transform_rect(scissor, d->place));
}

static void thumb_pop_clip(fz_context *ctx, fz_device *dev)
{
	struct thumb_dev *d = (struct thumb_dev *)dev;

	TEE(fz_pop_clip(ctx, d->also));
	close_clip(d);
	fz_pop_clip(ctx, d->draw);
}

static void thumb_begin_mask(fz_context *ctx, fz_device *dev, fz_rect area, int luminosity,
			     fz_colorspace *cs, const float *bc, fz_color_params cp)
{
	struct thumb_dev *d = (struct thumb_dev *)dev;

	TEE(fz_begin_mask(ctx, d->also, area, luminosity, cs, bc, cp));
	open_clip(d, NULL);	/* open until the clip that ends it is popped */
	fz_begin_mask(ctx, d->draw, fz_transform_rect(area, d->place), luminosity, cs, bc, cp);
}

static void thumb_end_mask(fz_context *ctx, fz_device *dev)
{
	struct thumb_dev *d = (struct thumb_dev *)dev;

	TEE(fz_end_mask(ctx, d->also));
	fz_end_mask(ctx, d->draw);
}

static void thumb_begin_group(fz_context *ctx, fz_device *dev, fz_rect area, fz_colorspace *cs,
			      int isolated, int knockout, int blendmode, float alpha)
{
	struct thumb_dev *d = (struct thumb_dev *)dev;

	TEE(fz_begin_group(ctx, d->also, area, cs, isolated, knockout, blendmode, alpha));
	d->nested++;
	fz_begin_group(ctx, d->draw, fz_transform_rect(area, d->place), cs, isolated, knockout,
		       blendmode, alpha);
}

static void thumb_end_group(fz_context *ctx, fz_device *dev)
{
	struct thumb_dev *d = (struct thumb_dev *)dev;

	TEE(fz_end_group(ctx, d->also));
	d->nested--;
	fz_end_group(ctx, d->draw);
}

/* a tile's area and view are in pattern space: only its matrix moves */
static int thumb_begin_tile(fz_context *ctx, fz_device *dev, fz_rect area, fz_rect view,
			    float xstep, float ystep, fz_matrix ctm, int id)
{
	struct thumb_dev *d = (struct thumb_dev *)dev;

	int cached;

	d->nested++;
	if (!d->also)
		return fz_begin_tile_id(ctx, d->draw, area, view, xstep, ystep,
					fz_concat(ctm, d->place), id);
	/*
	 * a tile the draw device has cached would skip the content the shared
	 * device must see: with one, the draw device caches nothing (id 0)
	 */
	cached = fz_begin_tile_id(ctx, d->also, area, view, xstep, ystep, ctm, id);
	fz_begin_tile_id(ctx, d->draw, area, view, xstep, ystep, fz_concat(ctm, d->place), 0);
	return cached;
}

static void thumb_end_tile(fz_context *ctx, fz_device *dev)
{
	struct thumb_dev *d = (struct thumb_dev *)dev;

	TEE(fz_end_tile(ctx, d->also));
	d->nested--;
	fz_end_tile(ctx, d->draw);
}

static void thumb_render_flags(fz_context *ctx, fz_device *dev, int set, int clear)
{
	struct thumb_dev *d = (struct thumb_dev *)dev;

	TEE(fz_render_flags(ctx, d->also, set, clear));
	fz_render_flags(ctx, d->draw, set, clear);
}

static void thumb_set_default_colorspaces(fz_context *ctx, fz_device *dev,
					  fz_default_colorspaces *dcs)
{
	struct thumb_dev *d = (struct thumb_dev *)dev;

	TEE(fz_set_default_colorspaces(ctx, d->also, dcs));
	fz_set_default_colorspaces(ctx, d->draw, dcs);
}

/* the shared device stays open: it sees the next page too */
static void thumb_close(fz_context *ctx, fz_device *dev)
{
	fz_close_device(ctx, ((struct thumb_dev *)dev)->draw);
}

static void thumb_drop(fz_context *ctx, fz_device *dev)
{
	fz_drop_device(ctx, ((struct thumb_dev *)dev)->draw);
}

/* a page's device: draws into slot of sheet (place takes the page there), and shares with also */
static fz_device *new_thumb_dev(fz_context *ctx, fz_pixmap *sheet, fz_irect slot, fz_matrix place,
				fz_device *also)
{
	fz_device *draw = fz_new_draw_device_with_bbox(ctx, fz_identity, sheet, &slot);
	struct thumb_dev *d = NULL;

	fz_try(ctx)
		d = fz_new_derived_device(ctx, struct thumb_dev);
	fz_catch(ctx) {
		fz_drop_device(ctx, draw);
		fz_rethrow(ctx);
	}
	d->draw = draw;
	d->also = also;
	d->place = place;
	d->samples = fz_pixmap_samples(ctx, sheet);
	d->stride = fz_pixmap_stride(ctx, sheet);
	d->x0 = fz_pixmap_x(ctx, sheet);
	d->y0 = fz_pixmap_y(ctx, sheet);
	d->slot = fz_intersect_irect(slot, fz_pixmap_bbox(ctx, sheet));
	d->super.close_device = thumb_close;
	d->super.drop_device = thumb_drop;
	d->super.fill_path = thumb_fill_path;
	d->super.stroke_path = thumb_stroke_path;
	d->super.clip_path = thumb_clip_path;
	d->super.clip_stroke_path = thumb_clip_stroke_path;
	d->super.fill_text = thumb_fill_text;
	d->super.stroke_text = thumb_stroke_text;
	d->super.clip_text = thumb_clip_text;
	d->super.clip_stroke_text = thumb_clip_stroke_text;
	d->super.ignore_text = thumb_ignore_text;
	d->super.fill_shade = thumb_fill_shade;
	d->super.fill_image = thumb_fill_image;
	d->super.fill_image_mask = thumb_fill_image_mask;
	d->super.clip_image_mask = thumb_clip_image_mask;
	d->super.pop_clip = thumb_pop_clip;
	d->super.begin_mask = thumb_begin_mask;
	d->super.end_mask = thumb_end_mask;
	d->super.begin_group = thumb_begin_group;
	d->super.end_group = thumb_end_group;
	d->super.begin_tile = thumb_begin_tile;
	d->super.end_tile = thumb_end_tile;
	d->super.render_flags = thumb_render_flags;
	d->super.set_default_colorspaces = thumb_set_default_colorspaces;
	return &d->super;
}

/* a spread's page numbers under it */
static void draw_label(fz_context *ctx, fz_pixmap *sheet, fz_font *font, const char *text,
		       double cx, double baseline)
{
	fz_irect all = fz_pixmap_bbox(ctx, sheet);
	fz_device *dev = fz_new_draw_device_with_bbox(ctx, fz_identity, sheet, &all);

	fz_try(ctx) {
		label(ctx, dev, font, text, cx, baseline);
		fz_close_device(ctx, dev);
	}
	fz_always(ctx)
		fz_drop_device(ctx, dev);
	fz_catch(ctx)
		fz_rethrow(ctx);
}

/* the aspect (width / height) of the first page as it prints */
static double first_page_aspect(fz_context *ctx, fz_document *doc)
{
	fz_page *page = fz_load_page(ctx, doc, 0);
	fz_rect box = fz_empty_rect;
	double aspect;

	fz_try(ctx)
		box = fz_bound_page(ctx, page);
	fz_always(ctx)
		fz_drop_page(ctx, page);
	fz_catch(ctx)
		fz_rethrow(ctx);
	aspect = (box.x1 - box.x0) / (box.y1 - box.y0 > 0 ? box.y1 - box.y0 : 1);
	return aspect > 0.1 && aspect < 10 ? aspect : 1;
}

struct sheet_layout {
	int pages, rows, page_w, page_h, spread_w, cell_h, width, height;
};

/* the sheet's size: pages 150 px high, smaller for a big book so it stays a picture */
static struct sheet_layout lay_out(int pages, double aspect)
{
	struct sheet_layout l = { .pages = pages, .page_h = MB_CONTACT_SHEET_PAGE_PX };
	int spreads = pages / 2 + 1;

	l.rows = (spreads + MB_CONTACT_SHEET_SPREADS_PER_ROW - 1) / MB_CONTACT_SHEET_SPREADS_PER_ROW;
	for (;;) {
		l.page_w = (int)(l.page_h * aspect + 0.5);
		l.spread_w = 2 * l.page_w;
		l.cell_h = l.page_h + LABEL_PX;
		l.width = 2 * MARGIN_PX + MB_CONTACT_SHEET_SPREADS_PER_ROW * l.spread_w +
			  (MB_CONTACT_SHEET_SPREADS_PER_ROW - 1) * GAP_PX;
		l.height = 2 * MARGIN_PX + l.rows * l.cell_h + (l.rows - 1) * GAP_PX;
		if ((double)l.width * l.height <= MB_CONTACT_SHEET_MAX_PIXELS || l.page_h <= 24)
			return l;
		l.page_h -= 6;
	}
}

struct mb_sheet {
	struct sheet_layout l;
	fz_pixmap *pix;
	fz_font *font;		/* for the page numbers */
	double seconds;		/* spent drawing and writing it */
};

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

struct mb_sheet *mb_sheet_new(fz_context *ctx, fz_document *doc)
{
	double t0 = now_s();
	int pages = fz_count_pages(ctx, doc);
	struct mb_sheet *s;

	if (pages < 1)
		fz_throw(ctx, FZ_ERROR_GENERIC, "the file has no pages");
	s = fz_malloc_struct(ctx, struct mb_sheet);
	fz_try(ctx) {
		s->l = lay_out(pages, first_page_aspect(ctx, doc));
		s->pix = fz_new_pixmap(ctx, fz_device_rgb(ctx), s->l.width, s->l.height, NULL, 0);
		fill_rect(ctx, s->pix, 0, 0, s->l.width, s->l.height, background);
		s->font = fz_new_base14_font(ctx, "Helvetica");
	}
	fz_catch(ctx) {
		mb_sheet_drop(ctx, s);
		fz_rethrow(ctx);
	}
	/*
	 * 16 levels of edge coverage, not MuPDF's 256: thumbnails a fifth of an
	 * inch a wall look the same, and a book of round mazes (hundreds of
	 * long arcs a page) draws in half the time (7.1 s to 3.4 s for 208
	 * pages of expert circles).
	 */
	fz_set_aa_level(ctx, 4);
	s->seconds = now_s() - t0;
	return s;
}

void mb_sheet_drop(fz_context *ctx, struct mb_sheet *s)
{
	if (!s)
		return;
	fz_drop_font(ctx, s->font);
	fz_drop_pixmap(ctx, s->pix);
	fz_free(ctx, s);
}

/* where page p's slot starts: x of its spread, y of its row, and whether it is on the right */
static void slot_of(const struct sheet_layout *l, int p, int *x, int *y, int *right)
{
	int spread;

	place(p, &spread, right);
	*x = MARGIN_PX + (spread % MB_CONTACT_SHEET_SPREADS_PER_ROW) * (l->spread_w + GAP_PX);
	*y = MARGIN_PX + (spread / MB_CONTACT_SHEET_SPREADS_PER_ROW) * (l->cell_h + GAP_PX);
}

fz_device *mb_sheet_page_device(fz_context *ctx, struct mb_sheet *s, fz_page *page, int p,
				fz_device *also)
{
	double t0 = now_s();
	const struct sheet_layout *l = &s->l;
	int x, y, right;
	fz_irect slot;
	fz_rect box = fz_bound_page(ctx, page);
	float w = box.x1 - box.x0, h = box.y1 - box.y0;
	fz_matrix to_slot;
	fz_device *dev;

	slot_of(l, p, &x, &y, &right);
	x += right * l->page_w;
	slot = fz_make_irect(x, y, x + l->page_w, y + l->page_h);
	fill_rect(ctx, s->pix, x - 1, y - 1, l->page_w + 2, l->page_h + 2, edge);
	fill_rect(ctx, s->pix, x, y, l->page_w, l->page_h, paper);
	/* each page fills its slot: the page as it prints (rotated), scaled */
	to_slot = fz_concat(fz_concat(fz_translate(-box.x0, -box.y0),
				      fz_scale(l->page_w / (w > 0 ? w : 1),
					       l->page_h / (h > 0 ? h : 1))),
			    fz_translate((float)x, (float)y));
	dev = new_thumb_dev(ctx, s->pix, slot, to_slot, also);
	s->seconds += now_s() - t0;
	return dev;
}

void mb_sheet_end_page(fz_context *ctx, struct mb_sheet *s, fz_device *dev, int p)
{
	double t0 = now_s();
	const struct sheet_layout *l = &s->l;
	int pages = l->pages, spread = p / 2, x, y, right;
	char text[32];

	fz_close_device(ctx, dev);
	/* the spread's numbers, once its last page is drawn */
	slot_of(l, p, &x, &y, &right);
	if (right || p == pages) {
		if (spread == 0)
			snprintf(text, sizeof(text), "1");
		else if (2 * spread + 1 <= pages)
			snprintf(text, sizeof(text), "%d-%d", 2 * spread, 2 * spread + 1);
		else
			snprintf(text, sizeof(text), "%d", 2 * spread);
		/* centred under the pages the spread has (page 1 and a last even page stand alone) */
		draw_label(ctx, s->pix, s->font, text,
			   spread == 0 ? x + 1.5 * l->page_w :
			   2 * spread + 1 > pages ? x + 0.5 * l->page_w : x + l->spread_w / 2.0,
			   y + l->page_h + LABEL_PX - 3);
	}
	s->seconds += now_s() - t0;
}

enum mb_status mb_sheet_write(fz_context *ctx, struct mb_sheet *s, const char *png_path,
			      struct mb_contact_sheet_info *info, struct mb_error *err)
{
	double t0 = now_s();

	if (!write_png(ctx, s->pix, png_path))
		return mb_error_set(err, MB_ERR_IO, "cannot write '%s': %s", png_path,
				    strerror(errno));
	s->seconds += now_s() - t0;
	if (info)
		*info = (struct mb_contact_sheet_info){ s->l.pages, s->l.width, s->l.height,
							s->l.page_h, s->seconds };
	return MB_OK;
}

/* page p (1-based) drawn into its slot of the sheet; throws on a page MuPDF cannot draw */
static void draw_page(fz_context *ctx, fz_document *doc, struct mb_sheet *s, int p)
{
	fz_page *page = fz_load_page(ctx, doc, p - 1);
	fz_device *dev = NULL;

	fz_var(dev);
	fz_try(ctx) {
		dev = mb_sheet_page_device(ctx, s, page, p, NULL);
		fz_run_page(ctx, page, dev, fz_identity, NULL);
		mb_sheet_end_page(ctx, s, dev, p);
	}
	fz_always(ctx) {
		fz_drop_device(ctx, dev);
		fz_drop_page(ctx, page);
	}
	fz_catch(ctx)
		fz_rethrow(ctx);
}

enum mb_status mb_contact_sheet_png(const char *pdf_path, const char *png_path,
				    struct mb_contact_sheet_info *info, struct mb_error *err)
{
	fz_context *ctx = fz_new_context(NULL, NULL, STORE_BYTES);
	fz_document *doc = NULL;
	struct mb_sheet *sheet = NULL;
	enum mb_status st = MB_OK;

	if (!ctx)
		return mb_error_set(err, MB_ERR_INTERNAL, "cannot read '%s': out of memory",
				    pdf_path);
	fz_set_warning_callback(ctx, quiet, NULL);
	fz_set_error_callback(ctx, quiet, NULL);
	fz_var(doc);
	fz_var(sheet);
	fz_try(ctx) {
		fz_register_document_handlers(ctx);
		doc = fz_open_document(ctx, pdf_path);
		sheet = mb_sheet_new(ctx, doc);
		for (int p = 1; p <= sheet->l.pages; p++)
			draw_page(ctx, doc, sheet, p);
	}
	fz_catch(ctx)
		st = mb_error_set(err, MB_ERR_INPUT, "cannot draw the contact sheet of '%s': %s",
				  pdf_path, fz_caught_message(ctx));
	if (st == MB_OK)
		st = mb_sheet_write(ctx, sheet, png_path, info, err);
	mb_sheet_drop(ctx, sheet);
	fz_drop_document(ctx, doc);
	fz_drop_context(ctx);
	return st;
}
