/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The book's contact sheet (contact_sheet.h): MuPDF draws each page
 * straight into its place on one sheet pixmap (a draw device clipped to
 * the page's box), so no page pixmap is made and freed per page; the
 * sheet is written by the previews' PNG writer.
 */
#include "config.h"
#include "mazebook/contact_sheet.h"

#include <errno.h>
#include <mupdf/fitz.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "png_rgb.h"

#define MARGIN_PX 16	/* around the sheet */
#define GAP_PX 16	/* between spreads */
#define LABEL_PX 14	/* under a spread, for its page numbers */
#define STORE_BYTES (64u << 20)

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

	for (int j = y < 0 ? 0 : y; j < y + h && j < ph; j++)
		for (int i = x < 0 ? 0 : x; i < x + w && i < pw; i++)
			memcpy(s + j * stride + i * 3, rgb, 3);
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
	e = mb_png_write_rgb(f, fz_pixmap_samples(ctx, pix), fz_pixmap_width(ctx, pix),
			     fz_pixmap_height(ctx, pix), fz_pixmap_stride(ctx, pix), MB_PNG_RGB8);
	if (fclose(f) && !e)
		e = errno ? errno : EIO;
	if (e)
		remove(path);
	errno = e;
	return !e;
}

/* page p (1-based) drawn into its slot of the sheet; throws on a page MuPDF cannot draw */
static void draw_page(fz_context *ctx, fz_document *doc, fz_pixmap *sheet, int p, fz_irect slot)
{
	fz_page *page = fz_load_page(ctx, doc, p - 1);
	fz_device *dev = NULL;

	fz_var(dev);
	fz_try(ctx) {
		fz_rect box = fz_bound_page(ctx, page);
		float w = box.x1 - box.x0, h = box.y1 - box.y0;
		/* each page fills its slot: the page as it prints (rotated), scaled */
		fz_matrix ctm = fz_concat(fz_translate(-box.x0, -box.y0),
					  fz_scale((slot.x1 - slot.x0) / (w > 0 ? w : 1),
						   (slot.y1 - slot.y0) / (h > 0 ? h : 1)));

		ctm = fz_concat(ctm, fz_translate((float)slot.x0, (float)slot.y0));
		dev = fz_new_draw_device_with_bbox(ctx, fz_identity, sheet, &slot);
		fz_run_page(ctx, page, dev, ctm, NULL);
		fz_close_device(ctx, dev);
	}
	fz_always(ctx) {
		fz_drop_device(ctx, dev);
		fz_drop_page(ctx, page);
	}
	fz_catch(ctx)
		fz_rethrow(ctx);
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

/* the whole sheet; throws on a file MuPDF cannot read */
static fz_pixmap *draw_sheet(fz_context *ctx, fz_document *doc, struct sheet_layout *l)
{
	fz_pixmap *sheet = NULL;
	fz_font *font = NULL;
	int pages = fz_count_pages(ctx, doc);

	if (pages < 1)
		fz_throw(ctx, FZ_ERROR_GENERIC, "the file has no pages");
	*l = lay_out(pages, first_page_aspect(ctx, doc));
	fz_var(sheet);
	fz_var(font);
	fz_try(ctx) {
		sheet = fz_new_pixmap(ctx, fz_device_rgb(ctx), l->width, l->height, NULL, 0);
		fill_rect(ctx, sheet, 0, 0, l->width, l->height, background);
		font = fz_new_base14_font(ctx, "Helvetica");
		for (int p = 1; p <= pages; p++) {
			int spread, right, x, y;
			char text[32];

			place(p, &spread, &right);
			x = MARGIN_PX + (spread % MB_CONTACT_SHEET_SPREADS_PER_ROW) * (l->spread_w + GAP_PX);
			y = MARGIN_PX + (spread / MB_CONTACT_SHEET_SPREADS_PER_ROW) * (l->cell_h + GAP_PX);
			fill_rect(ctx, sheet, x + right * l->page_w - 1, y - 1, l->page_w + 2,
				  l->page_h + 2, edge);
			fill_rect(ctx, sheet, x + right * l->page_w, y, l->page_w, l->page_h, paper);
			draw_page(ctx, doc, sheet, p,
				  fz_make_irect(x + right * l->page_w, y,
						x + right * l->page_w + l->page_w, y + l->page_h));
			/* the spread's numbers, once its last page is drawn */
			if (!right && p < pages)
				continue;
			if (spread == 0)
				snprintf(text, sizeof(text), "1");
			else if (2 * spread + 1 <= pages)
				snprintf(text, sizeof(text), "%d-%d", 2 * spread, 2 * spread + 1);
			else
				snprintf(text, sizeof(text), "%d", 2 * spread);
			/* centred under the pages the spread has (page 1 and a last even page stand alone) */
			draw_label(ctx, sheet, font, text,
				   spread == 0 ? x + 1.5 * l->page_w :
				   2 * spread + 1 > pages ? x + 0.5 * l->page_w : x + l->spread_w / 2.0,
				   y + l->page_h + LABEL_PX - 3);
		}
	}
	fz_always(ctx)
		fz_drop_font(ctx, font);
	fz_catch(ctx) {
		fz_drop_pixmap(ctx, sheet);
		fz_rethrow(ctx);
	}
	return sheet;
}

enum mb_status mb_contact_sheet_png(const char *pdf_path, const char *png_path,
				    struct mb_contact_sheet_info *info, struct mb_error *err)
{
	fz_context *ctx = fz_new_context(NULL, NULL, STORE_BYTES);
	fz_document *doc = NULL;
	fz_pixmap *sheet = NULL;
	struct sheet_layout l = { 0 };
	enum mb_status st = MB_OK;

	if (!ctx)
		return mb_error_set(err, MB_ERR_INTERNAL, "cannot read '%s': out of memory",
				    pdf_path);
	fz_set_warning_callback(ctx, quiet, NULL);
	fz_set_error_callback(ctx, quiet, NULL);
	/*
	 * 16 levels of edge coverage, not MuPDF's 256: thumbnails a fifth of an
	 * inch a wall look the same, and a book of round mazes (hundreds of
	 * long arcs a page) draws in half the time (7.1 s to 3.4 s for 208
	 * pages of expert circles).
	 */
	fz_set_aa_level(ctx, 4);
	fz_var(doc);
	fz_var(sheet);
	fz_try(ctx) {
		fz_register_document_handlers(ctx);
		doc = fz_open_document(ctx, pdf_path);
		sheet = draw_sheet(ctx, doc, &l);
	}
	fz_catch(ctx)
		st = mb_error_set(err, MB_ERR_INPUT, "cannot draw the contact sheet of '%s': %s",
				  pdf_path, fz_caught_message(ctx));
	if (st == MB_OK && !write_png(ctx, sheet, png_path))
		st = mb_error_set(err, MB_ERR_IO, "cannot write '%s': %s", png_path,
				  strerror(errno));
	if (st == MB_OK && info)
		*info = (struct mb_contact_sheet_info){ l.pages, l.width, l.height, l.page_h };
	fz_drop_pixmap(ctx, sheet);
	fz_drop_document(ctx, doc);
	fz_drop_context(ctx);
	return st;
}
