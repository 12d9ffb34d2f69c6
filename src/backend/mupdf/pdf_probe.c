/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The PDF probe: measures a PDF with MuPDF (AGPL-3.0, as mazebook) so that
 * preflight judges the file itself, whoever wrote it. This file opens the
 * document, checks its bounds and runs each page through the measuring
 * device (probe_device.c), reading the page's objects (probe_objects.c);
 * fz_try/fz_catch stay in these files and come out as "cannot read
 * 'x.pdf': reason". It also renders a page, plain or as a picture.
 *
 * A file that MuPDF had to repair is refused: what it measured would not
 * be what a printer reads.
 */
#include "config.h"
#include "mazebook/kdp/probe.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <mupdf/fitz.h>
#include <mupdf/pdf.h>

#include "contact_sheet_fz.h"
#include "mazebook/base/limits.h"
#include "mazebook/base/xalloc.h"
#include "probe_internal.h"
#include "../../pdf/pagetree.h"
#include "../picture/png_rgb.h"

#define STORE_BYTES (64u << 20)

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
		media = probe_normal_rect(pdf_is_array(ctx, arr) ? pdf_to_rect(ctx, arr) : pmedia);
		to_print = probe_print_transform(ctx, page->obj, media, &p->w_pt, &p->h_pt);
		arr = pdf_dict_get_inheritable(ctx, page->obj, PDF_NAME(TrimBox));
		if ((p->has_trim = pdf_is_array(ctx, arr)))
			p->trim = probe_box_of(ctx, arr, to_print);
		arr = pdf_dict_get_inheritable(ctx, page->obj, PDF_NAME(BleedBox));
		if ((p->has_bleed = pdf_is_array(ctx, arr)))
			p->bleed = probe_box_of(ctx, arr, to_print);
		arr = pdf_dict_get_inheritable(ctx, page->obj, PDF_NAME(CropBox));
		if ((p->has_crop = pdf_is_array(ctx, arr)))
			p->crop = probe_box_of(ctx, arr, to_print);
		p->annotations = pdf_array_len(ctx, pdf_dict_get(ctx, page->obj, PDF_NAME(Annots)));
		for (int k = 0; k < p->annotations && p->annot_boxes < MB_PROBE_ANNOT_BOXES; k++) {
			pdf_obj *rect = pdf_dict_get(ctx, pdf_array_get(ctx, pdf_dict_get(ctx, page->obj,
								PDF_NAME(Annots)), k), PDF_NAME(Rect));

			if (pdf_is_array(ctx, rect))
				p->annot_box[p->annot_boxes++] = probe_box_of(ctx, rect, to_print);
		}
		probe_walk_resources(ctx, fonts, pdf_page_resources(ctx, page), i + 1, 0);

		if (pdf_dict_getp(ctx, pdf_trailer(ctx, doc), "Root/OCProperties")) {
			int budget = MB_CHECK_OC_WALK_MAX;
			fz_buffer *content = probe_content_bytes(ctx, pdf_page_contents(ctx, page));

			fz_try(ctx)
				probe_hidden_layers(ctx, doc, pdf_page_resources(ctx, page), content, 0, &budget,
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
		f->outlines = probe_count_outline(ctx, doc);
		f->pages = xcalloc((size_t)f->page_count, sizeof(*f->pages));
		dev = probe_new_measure_dev(ctx);
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
		mb_pdf_check_page_tree(ctx, doc, MB_CHECK_PAGES_MAX);
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
					 "page count (0 to %d)", count, MB_CHECK_PAGES_MAX);
			if (out->page_count > MB_CHECK_PAGES_MAX)
				fz_throw(ctx, FZ_ERROR_GENERIC, "%d pages is more than the %d this tool measures",
					 out->page_count, MB_CHECK_PAGES_MAX);
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
		media = probe_normal_rect(pdf_is_array(ctx, arr) ? pdf_to_rect(ctx, arr) : pmedia);
		to_print = probe_print_transform(ctx, pg->obj, media, &w_pt, &h_pt);
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
