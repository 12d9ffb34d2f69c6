/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The only file of mazeproof that includes MuPDF. A custom fz_device
 * receives every stroked path with its transform and every text span; the
 * path is walked with fz_walk_path and each straight piece is kept as a
 * segment in page points. Fills, images and shadings are ignored: the
 * contract is that maze walls are stroked lines. MuPDF's warnings are
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

#include "mputil.h"
#include "../backend/pdf_pagetree.h"

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
};

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

static void dev_clip_path(fz_context *ctx, fz_device *dev, const fz_path *path, int even_odd,
			  fz_matrix ctm, fz_rect scissor)
{
	(void)path; (void)even_odd; (void)ctm; (void)scissor;
	dev_clip(ctx, (struct scan_device *)dev);
}

static void dev_clip_stroke_path(fz_context *ctx, fz_device *dev, const fz_path *path,
				 const fz_stroke_state *stroke, fz_matrix ctm, fz_rect scissor)
{
	(void)path; (void)stroke; (void)ctm; (void)scissor;
	dev_clip(ctx, (struct scan_device *)dev);
}

static void dev_clip_text(fz_context *ctx, fz_device *dev, const fz_text *text, fz_matrix ctm,
			  fz_rect scissor)
{
	(void)text; (void)ctm; (void)scissor;
	dev_clip(ctx, (struct scan_device *)dev);
}

static void dev_clip_stroke_text(fz_context *ctx, fz_device *dev, const fz_text *text,
				 const fz_stroke_state *stroke, fz_matrix ctm, fz_rect scissor)
{
	(void)text; (void)stroke; (void)ctm; (void)scissor;
	dev_clip(ctx, (struct scan_device *)dev);
}

static void dev_clip_image_mask(fz_context *ctx, fz_device *dev, fz_image *img, fz_matrix ctm,
				fz_rect scissor)
{
	(void)img; (void)ctm; (void)scissor;
	dev_clip(ctx, (struct scan_device *)dev);
}

static void dev_pop_clip(fz_context *ctx, fz_device *dev)
{
	struct scan_device *sd = (struct scan_device *)dev;

	count_op(ctx, sd);
	if (sd->clip_depth > 0)
		sd->clip_depth--;
}

/* fills, images and shadings are not walls, but drawing them is work */
static void dev_fill_path(fz_context *ctx, fz_device *dev, const fz_path *path, int even_odd,
			  fz_matrix ctm, fz_colorspace *cs, const float *color, float alpha,
			  fz_color_params params)
{
	(void)path; (void)even_odd; (void)ctm; (void)cs; (void)color; (void)alpha; (void)params;
	count_op(ctx, (struct scan_device *)dev);
}

static void dev_fill_shade(fz_context *ctx, fz_device *dev, fz_shade *shade, fz_matrix ctm,
			   float alpha, fz_color_params params)
{
	(void)shade; (void)ctm; (void)alpha; (void)params;
	count_op(ctx, (struct scan_device *)dev);
}

static void dev_fill_image(fz_context *ctx, fz_device *dev, fz_image *img, fz_matrix ctm,
			   float alpha, fz_color_params params)
{
	(void)img; (void)ctm; (void)alpha; (void)params;
	count_op(ctx, (struct scan_device *)dev);
}

static void dev_fill_image_mask(fz_context *ctx, fz_device *dev, fz_image *img, fz_matrix ctm,
				fz_colorspace *cs, const float *color, float alpha,
				fz_color_params params)
{
	(void)img; (void)ctm; (void)cs; (void)color; (void)alpha; (void)params;
	count_op(ctx, (struct scan_device *)dev);
}

static void dev_ignore_text(fz_context *ctx, fz_device *dev, const fz_text *text, fz_matrix ctm)
{
	(void)text; (void)ctm;
	count_op(ctx, (struct scan_device *)dev);
}

/* state while walking one stroked path */
struct walk {
	struct mb_mp_page *page;
	bool overflow;		/* the page reached MB_MP_MAX_SEGS: stop keeping pieces */
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

	/* zero-length pieces draw nothing; non-finite ones come from broken files */
	if ((a.x == b.x && a.y == b.y) || !isfinite(a.x) || !isfinite(a.y) || !isfinite(b.x) ||
	    !isfinite(b.y))
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

static void walk_moveto(fz_context *ctx, void *arg, float x, float y)
{
	struct walk *w = arg;

	(void)ctx;
	w->cur = w->start = fz_transform_point(fz_make_point(x, y), w->ctm);
}

static void walk_lineto(fz_context *ctx, void *arg, float x, float y)
{
	struct walk *w = arg;
	fz_point p = fz_transform_point(fz_make_point(x, y), w->ctm);

	(void)ctx;
	add_seg(w, w->cur, p);
	w->cur = p;
}

static void walk_curveto(fz_context *ctx, void *arg, float x1, float y1, float x2, float y2,
			 float x3, float y3)
{
	struct walk *w = arg;

	(void)ctx;
	(void)x1;
	(void)y1;
	(void)x2;
	(void)y2;
	w->page->curved_path_seen = true;
	w->cur = fz_transform_point(fz_make_point(x3, y3), w->ctm);
}

static void walk_closepath(fz_context *ctx, void *arg)
{
	struct walk *w = arg;

	(void)ctx;
	add_seg(w, w->cur, w->start);
	w->cur = w->start;
}

static const fz_path_walker walker = {
	walk_moveto, walk_lineto, walk_curveto, walk_closepath,
	NULL, NULL, NULL, NULL
};

/* Solid, opaque black in any of the usual colour spaces. */
static bool is_black(fz_context *ctx, fz_colorspace *cs, const float *color, float alpha,
		     fz_color_params params)
{
	float rgb[3] = { 1, 1, 1 };
	bool black = false;

	if (alpha < 0.99f || !cs)
		return false;
	/* the common cases without a colour conversion */
	if (cs == fz_device_gray(ctx))
		return color[0] < 0.02f;
	if (cs == fz_device_rgb(ctx))
		return color[0] < 0.02f && color[1] < 0.02f && color[2] < 0.02f;
	fz_var(black);
	fz_try(ctx) {
		fz_convert_color(ctx, cs, color, fz_device_rgb(ctx), rgb, NULL, params);
		black = rgb[0] < 0.02f && rgb[1] < 0.02f && rgb[2] < 0.02f;
	}
	fz_catch(ctx)
		black = false;
	return black;
}

static void dev_stroke_path(fz_context *ctx, fz_device *dev, const fz_path *path,
			    const fz_stroke_state *stroke, fz_matrix ctm, fz_colorspace *cs,
			    const float *color, float alpha, fz_color_params params)
{
	struct scan_device *sd = (struct scan_device *)dev;
	struct walk w;

	count_op(ctx, sd);
	memset(&w, 0, sizeof w);
	w.page = sd->page;
	w.ctm = ctm;
	w.proto.width_pt = stroke->linewidth * fz_matrix_expansion(ctm);
	w.proto.black = is_black(ctx, cs, color, alpha, params);
	w.proto.dashed = stroke->dash_len > 0;
	w.proto.path = sd->page->npaths++;
	fz_walk_path(ctx, path, &walker, &w);
	if (w.overflow)
		too_many(ctx, sd, "line pieces", MB_MP_MAX_SEGS);
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

static void dev_fill_text(fz_context *ctx, fz_device *dev, const fz_text *text, fz_matrix ctm,
			  fz_colorspace *cs, const float *color, float alpha, fz_color_params params)
{
	struct scan_device *sd = (struct scan_device *)dev;
	struct mb_mp_page *page = sd->page;

	(void)cs;
	(void)color;
	(void)alpha;
	(void)params;
	count_op(ctx, sd);
	for (const fz_text_span *span = text->head; span; span = span->next) {
		struct mb_mp_text *t;
		char *buf = NULL;
		size_t len = 0, cap = 0;
		fz_matrix trm;
		fz_point first, end;

		if (span->len <= 0)
			continue;
		if (page->ntexts >= MB_MP_MAX_TEXTS)
			too_many(ctx, sd, "runs of text", MB_MP_MAX_TEXTS);
		for (int i = 0; i < span->len; i++)
			put_utf8(&buf, &len, &cap, span->items[i].ucs > 0 ? span->items[i].ucs : '?');
		trm = fz_concat(span->trm, ctm);
		first = fz_transform_point(fz_make_point(span->items[0].x, span->items[0].y), ctm);
		{
			const fz_text_item *last = &span->items[span->len - 1];
			float adv = last->gid >= 0 ? fz_advance_glyph(ctx, span->font, last->gid, span->wmode) : 0;

			end = fz_transform_point(fz_make_point(last->x + adv * span->trm.a,
							       last->y + adv * span->trm.b), ctm);
		}
		if (!isfinite(first.x) || !isfinite(first.y) || !isfinite(end.x)) {
			free(buf);
			continue;
		}
		t = mb_mp_push(&page->texts, &page->ntexts, &page->cap_texts, sizeof *t);
		t->utf8 = buf;
		t->x0 = fmin(first.x, end.x);
		t->x1 = fmax(first.x, end.x);
		t->baseline = first.y;
		t->size_pt = fz_matrix_expansion(trm);
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
		fzpage = fz_load_page(ctx, (fz_document *)doc->pdf, index);
		dev = fz_new_derived_device(ctx, struct scan_device);
		dev->doc = doc;
		dev->page = page;
		dev->super.stroke_path = dev_stroke_path;
		dev->super.fill_text = dev_fill_text;
		dev->super.fill_path = dev_fill_path;
		dev->super.fill_shade = dev_fill_shade;
		dev->super.fill_image = dev_fill_image;
		dev->super.fill_image_mask = dev_fill_image_mask;
		dev->super.ignore_text = dev_ignore_text;
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
	memset(page, 0, sizeof *page);
}
