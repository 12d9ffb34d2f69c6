/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The scan of a page: a MuPDF device that keeps black strokes and filled
 * rectangles as segments, coloured paint as marks, text as runs, and the
 * box of whatever else is painted; it counts the drawing work against the
 * per-page and per-file bounds (mpread.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mupdf/fitz.h>
#include <mupdf/pdf.h>

#include "mplimits.h"
#include "mpoutline.h"
#include "mpread.h"
#include "mpread_int.h"
#include "mputil.h"

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
	if (mb_mp_path_is_rect(ctx, path, ctm, &r))
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
		fz_walk_path(ctx, path, &mb_mp_stroke_walker, &w);
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
	if (black && mb_mp_path_is_rect(ctx, path, ctm, &r)) {
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
			mb_mp_add_seg(&w, fz_make_point(r.x0 + w.proto.width_pt / 2, (float)mid),
				fz_make_point(r.x1 - w.proto.width_pt / 2, (float)mid));
		} else {
			w.proto.width_pt = r.x1 - r.x0;
			mid = (r.x0 + r.x1) / 2;
			mb_mp_add_seg(&w, fz_make_point((float)mid, r.y0 + w.proto.width_pt / 2),
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
		mb_mp_mark_start(&w, op, true);
		mb_mp_mark_point(&w, fz_make_point((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2));
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
	if (black && !mb_mp_add_outline_walls(ctx, sd, path, even_odd, ctm))
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
	/* which way its baseline runs, for the page's frame (y down: quarter 1 runs down) */
	if (span->wmode == 0 && (trm.a != 0 || trm.b != 0))
		sd->glyphs_turned[fabsf(trm.a) >= fabsf(trm.b) ? (trm.a > 0 ? 0 : 2) :
				  (trm.b > 0 ? 1 : 3)] += to - from;
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

fz_matrix mb_mp_frame(fz_rect bounds, int turn)
{
	fz_matrix m = fz_rotate(-90.0f * (float)turn);
	fz_rect r = fz_transform_rect(bounds, m);

	/* turned about the box's corner: it keeps its top-left where it was */
	return fz_concat(m, fz_translate(bounds.x0 - r.x0, bounds.y0 - r.y0));
}

/* Scan fzpage into page (zeroed) through ctm; MuPDF's exceptions pass through. */
static void scan_page(fz_context *ctx, struct mb_mp_doc *doc, fz_page *fzpage,
		      struct mb_mp_page *page, fz_matrix ctm, double glyphs_turned[4])
{
	struct scan_device *dev = NULL;
	fz_rect bounds = fz_transform_rect(fz_bound_page(ctx, fzpage), ctm);

	page->x0 = bounds.x0;
	page->y0 = bounds.y0;
	page->x1 = bounds.x1;
	page->y1 = bounds.y1;
	fz_var(dev);
	fz_try(ctx) {
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
		fz_run_page(ctx, fzpage, &dev->super, ctm, NULL);
		if (dev->file_bound[0]) {
			snprintf(doc->bound, sizeof doc->bound, "%s", dev->file_bound);
			fz_throw(ctx, FZ_ERROR_GENERIC, "%s", dev->file_bound);
		}
		if (dev->overflow)
			fz_throw(ctx, FZ_ERROR_GENERIC, MB_MP_TOO_MANY, dev->limit, dev->overflow);
		fz_close_device(ctx, &dev->super);
		memcpy(glyphs_turned, dev->glyphs_turned, sizeof dev->glyphs_turned);
		mb_mp_meet_outline_walls(page);
	}
	fz_always(ctx)
		fz_drop_device(ctx, dev ? &dev->super : NULL);
	fz_catch(ctx)
		fz_rethrow(ctx);
}

/* the page's /Rotate in quarter turns, 0 to 3 */
static int page_rotate(fz_context *ctx, fz_page *fzpage)
{
	pdf_page *pp = pdf_page_from_fz_page(ctx, fzpage);
	int r = pp ? pdf_to_int(ctx, pdf_dict_get_inheritable(ctx, pp->obj, PDF_NAME(Rotate))) : 0;

	return ((r / 90) % 4 + 4) % 4;
}

/*
 * The quarter turn that stands most of the page's glyphs upright, when
 * more of them run that way than upright; 0 otherwise (a tie). A page with
 * no text is turned as the last page of its /Rotate with text was: a
 * turned book's solution pages need not be labelled.
 */
static int upright_turn(fz_context *ctx, struct mb_mp_doc *doc, fz_page *fzpage,
			const double glyphs_turned[4])
{
	int best = 0, rotate = page_rotate(ctx, fzpage);

	if (glyphs_turned[0] + glyphs_turned[1] + glyphs_turned[2] + glyphs_turned[3] <= 0)
		return doc->turn_of_rotate[rotate] ? doc->turn_of_rotate[rotate] - 1 : 0;
	for (int q = 1; q < 4; q++)
		if (glyphs_turned[q] > glyphs_turned[best])
			best = q;
	doc->turn_of_rotate[rotate] = best + 1;
	return best;
}

bool mb_mp_doc_read_page(struct mb_mp_doc *doc, int index, struct mb_mp_page *page,
			 char *err, size_t errlen)
{
	fz_context *ctx = doc->ctx;
	fz_page *fzpage = NULL;
	unsigned long draw_ops = doc->draw_ops, clips = doc->clips;
	bool ok = true;

	page->number = index + 1;
	fz_var(fzpage);
	fz_try(ctx) {
		double glyphs[4] = { 0, 0, 0, 0 };
		int turn;

		fzpage = fz_load_page(ctx, (fz_document *)doc->pdf, index);
		scan_page(ctx, doc, fzpage, page, fz_identity, glyphs);
		/*
		 * Its text runs another way than upright (a landscape page turned
		 * by /Rotate or by its program): read it again in the frame
		 * where it stands up, the file's work counted once.
		 */
		if ((turn = upright_turn(ctx, doc, fzpage, glyphs)) != 0) {
			mb_mp_page_release(page);
			page->number = index + 1;
			page->turn = turn;
			doc->draw_ops = draw_ops;
			doc->clips = clips;
			scan_page(ctx, doc, fzpage, page,
				  mb_mp_frame(fz_bound_page(ctx, fzpage), turn), glyphs);
		}
	}
	fz_always(ctx)
		fz_drop_page(ctx, fzpage);
	fz_catch(ctx) {
		snprintf(err, errlen, "cannot interpret its content: %s",
			 fz_caught_message(ctx));
		ok = false;
	}
	return ok;
}
