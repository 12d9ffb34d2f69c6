/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Test helper: writes interior and cover PDFs with cairo (a producer other
 * than mazebook's libharu writer), each with at most one deliberate fault,
 * so that the preflight tests show every fault is caught with the right
 * page and value. Also writes by hand a tiny PDF whose Helvetica is only
 * referenced, not embedded (cairo always embeds).
 *
 *   mkpdf interior OUT PAGES [FAULT [PAGE]]   6 x 9 in, black ink
 *   mkpdf cover OUT PAGES [FAULT]             full wrap for a 6 x 9 white book
 *   mkpdf helvetica OUT                       one 6 x 9 page, Helvetica not embedded
 *   mkpdf raw OUT CONTENT                     one 6 x 9 page with this content stream
 *
 * interior faults: good letter mixed gutter pagenum smalltext hairline red
 * image lightgray link outline alpha blank (PAGE..PAGE+4 blank)
 * cover faults: good narrow spinetext barcode edge shadow (a drop-shadowed
 * title "Easy Mazes for Kids Ages 4-6" and a "24 MAZES" badge)
 */
#include "config.h"

#include <cairo-pdf.h>
#include <cairo.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define IN 72.0
#define TRIM_W (6 * IN)
#define TRIM_H (9 * IN)

static void text_at(cairo_t *cr, double x, double y, double size, const char *s)
{
	cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
			       CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, size);
	cairo_move_to(cr, x, y);
	cairo_show_text(cr, s);
}

/* a maze-like grid of walls inside the box, 1 pt black, one stroke */
static void walls(cairo_t *cr, double x, double y, double w, double h, int cols, int rows,
		  unsigned seed)
{
	double cw = w / cols, ch = h / rows;

	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, 1.0);
	cairo_rectangle(cr, x, y, w, h);
	for (int r = 0; r < rows; r++) {
		for (int c = 0; c < cols; c++) {
			seed = seed * 1103515245u + 12345u;
			if (seed >> 16 & 1) {
				cairo_move_to(cr, x + (c + 1) * cw, y + r * ch);
				cairo_line_to(cr, x + (c + 1) * cw, y + (r + 1) * ch);
			} else {
				cairo_move_to(cr, x + c * cw, y + (r + 1) * ch);
				cairo_line_to(cr, x + (c + 1) * cw, y + (r + 1) * ch);
			}
		}
	}
	cairo_stroke(cr);
}

static void interior_page(cairo_t *cr, int page, double w, double h, const char *fault,
			  int fpage)
{
	bool here = page == fpage;
	bool odd = page % 2;
	double left = odd ? 1.0 * IN : 0.9 * IN;	/* binding side gets the wider margin */
	double right = odd ? 0.9 * IN : 1.0 * IN;
	char num[16];

	if (!strcmp(fault, "blank") && page >= fpage && page < fpage + 5)
		return;
	/* a 20 % gray panel behind the title */
	cairo_set_source_rgb(cr, 0.8, 0.8, 0.8);
	cairo_rectangle(cr, left, 0.75 * IN, w - left - right, 0.5 * IN);
	cairo_fill(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	text_at(cr, left + 0.1 * IN, 1.1 * IN, 14, "Maze");
	walls(cr, left, 1.5 * IN, w - left - right, h - 2.5 * IN, 16, 24, (unsigned)page);
	snprintf(num, sizeof(num), "%d", page);
	cairo_set_source_rgb(cr, 0, 0, 0);
	if (here && !strcmp(fault, "pagenum"))
		text_at(cr, w / 2, h - 0.1 * IN, 9, num);	/* baseline 0.1 in from the bottom */
	else
		text_at(cr, w / 2, h - 0.6 * IN, 9, num);
	if (!here)
		return;
	if (!strcmp(fault, "gutter")) {
		/* a rule 0.2 in from the binding edge: right edge on even pages, left on odd */
		double x = odd ? 0.2 * IN : w - 0.2 * IN;

		cairo_set_line_width(cr, 1.0);
		cairo_move_to(cr, x, 3 * IN);
		cairo_line_to(cr, x, 4 * IN);
		cairo_stroke(cr);
	} else if (!strcmp(fault, "smalltext")) {
		text_at(cr, left, 1.4 * IN, 5, "tiny print");
	} else if (!strcmp(fault, "hairline")) {
		cairo_set_line_width(cr, 0.25);
		cairo_move_to(cr, left, 1.45 * IN);
		cairo_line_to(cr, left + IN, 1.45 * IN);
		cairo_stroke(cr);
	} else if (!strcmp(fault, "red")) {
		cairo_set_source_rgb(cr, 1, 0, 0);
		cairo_set_line_width(cr, 1.0);
		cairo_move_to(cr, left, 1.45 * IN);
		cairo_line_to(cr, left + IN, 1.45 * IN);
		cairo_stroke(cr);
	} else if (!strcmp(fault, "lightgray")) {
		cairo_set_source_rgb(cr, 0.95, 0.95, 0.95);	/* 5 % gray */
		cairo_rectangle(cr, left, 1.3 * IN, IN, 0.15 * IN);
		cairo_fill(cr);
	} else if (!strcmp(fault, "image")) {
		/* 150 x 150 gray pixels placed 1 x 1 in: 150 dpi */
		cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 150, 150);
		unsigned char *data;
		int stride;

		cairo_surface_flush(img);
		data = cairo_image_surface_get_data(img);
		stride = cairo_image_surface_get_stride(img);
		for (int y = 0; y < 150; y++)
			for (int x = 0; x < 150; x++) {
				unsigned char v = (unsigned char)((x * 7 + y * 13) & 0xff);
				unsigned char *px = data + y * stride + 4 * x;

				px[0] = px[1] = px[2] = v;
				px[3] = 0xff;
			}
		cairo_surface_mark_dirty(img);
		cairo_save(cr);
		cairo_translate(cr, left + 1 * IN, 3 * IN);
		cairo_scale(cr, IN / 150, IN / 150);
		cairo_set_source_surface(cr, img, 0, 0);
		cairo_paint(cr);
		cairo_restore(cr);
		cairo_surface_destroy(img);
	} else if (!strcmp(fault, "alpha")) {
		cairo_set_source_rgba(cr, 0, 0, 0, 0.5);
		cairo_rectangle(cr, left, 1.3 * IN, IN, 0.15 * IN);
		cairo_fill(cr);
	} else if (!strcmp(fault, "link")) {
		cairo_tag_begin(cr, CAIRO_TAG_LINK, "uri='https://example.com/'");
		text_at(cr, left, 1.4 * IN, 9, "example.com");
		cairo_tag_end(cr, CAIRO_TAG_LINK);
	}
}

static int interior(const char *out, int pages, const char *fault, int fpage)
{
	cairo_surface_t *s = cairo_pdf_surface_create(out, TRIM_W, TRIM_H);
	cairo_t *cr = cairo_create(s);

	for (int p = 1; p <= pages; p++) {
		double w = TRIM_W, h = TRIM_H;

		if (!strcmp(fault, "letter") && p == fpage)
			w = 8.5 * IN, h = 11 * IN;
		if (!strcmp(fault, "mixed") && p > pages / 2)
			w = 5.5 * IN, h = 8.5 * IN;
		cairo_pdf_surface_set_size(s, w, h);
		if (!strcmp(fault, "outline") && p == fpage)
			cairo_pdf_surface_add_outline(s, CAIRO_PDF_OUTLINE_ROOT, "Chapter",
						      "page=1", 0);
		interior_page(cr, p, w, h, fault, fpage);
		cairo_show_page(cr);
	}
	cairo_destroy(cr);
	cairo_surface_finish(s);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		fprintf(stderr, "mkpdf: %s: %s\n", out,
			cairo_status_to_string(cairo_surface_status(s)));
		return 1;
	}
	cairo_surface_destroy(s);
	return 0;
}

/* full wrap for 6 x 9 white: bleed | back | spine | front | bleed, y down in cairo */
static int cover(const char *out, int pages, const char *fault)
{
	double spine = pages * 0.002252 * IN, bleed = 0.125 * IN;
	double w = 2 * bleed + 2 * TRIM_W + spine, h = 2 * bleed + TRIM_H;
	double front_x = bleed + TRIM_W + spine;
	cairo_surface_t *s;
	cairo_t *cr;

	if (!strcmp(fault, "narrow"))
		w -= 0.05 * IN;
	s = cairo_pdf_surface_create(out, w, h);
	cr = cairo_create(s);
	/* full-bleed background */
	cairo_set_source_rgb(cr, 0.85, 0.9, 1.0);
	cairo_rectangle(cr, 0, 0, w, h);
	cairo_fill(cr);
	if (!strcmp(fault, "shadow")) {
		/*
		 * a kids' title with a drop shadow (drawn twice, 2 pt apart) and a
		 * badge of "24" over "MAZES": the shadow is not a second title
		 */
		for (int pass = 0; pass < 2; pass++) {
			double d = pass ? 0 : 2;

			cairo_set_source_rgb(cr, pass ? 0.1 : 0.5, pass ? 0.1 : 0.5, pass ? 0.3 : 0.5);
			text_at(cr, front_x + 0.5 * IN + d, bleed + 1.2 * IN + d, 22, "Easy Mazes for");
			text_at(cr, front_x + 0.5 * IN + d, bleed + 1.6 * IN + d, 22, "Kids Ages 4-6");
		}
		text_at(cr, front_x + 4 * IN, bleed + 7.4 * IN, 20, "24");
		text_at(cr, front_x + 3.8 * IN, bleed + 7.7 * IN, 12, "MAZES");
	}
	cairo_set_source_rgb(cr, 0.1, 0.1, 0.3);
	text_at(cr, front_x + 0.75 * IN, bleed + 2.5 * IN, 28, "Mazes");
	text_at(cr, front_x + 0.75 * IN, bleed + 3.2 * IN, 14, "for curious minds");
	text_at(cr, bleed + 0.75 * IN, bleed + 1.5 * IN, 11, "One hundred mazes.");
	if (!strcmp(fault, "spinetext") || pages >= 80) {
		cairo_save(cr);
		/* rotated, the capitals' height runs across the spine: centre it */
		cairo_translate(cr, bleed + TRIM_W + spine / 2 - 2.5, bleed + 2 * IN);
		cairo_rotate(cr, 3.14159265358979 / 2);
		text_at(cr, 0, 0, 7, "MAZES");
		cairo_restore(cr);
	}
	if (!strcmp(fault, "barcode"))	/* inside the 2 x 1.2 in box left of the spine */
		text_at(cr, bleed + TRIM_W - 1.5 * IN, h - bleed - 0.6 * IN, 10, "ISBN here");
	if (!strcmp(fault, "edge")) {	/* ink ends 0.05 in from the front's right trim line */
		cairo_text_extents_t ext;

		cairo_set_font_size(cr, 10);
		cairo_text_extents(cr, "EDGE", &ext);
		text_at(cr, front_x + TRIM_W - 0.05 * IN - ext.x_bearing - ext.width,
			bleed + 4 * IN, 10, "EDGE");
	}
	cairo_show_page(cr);
	cairo_destroy(cr);
	cairo_surface_finish(s);
	cairo_surface_destroy(s);
	return 0;
}

/*
 * One 6 x 9 page with the given content stream, written by hand: F1 is
 * Helvetica, referenced and not embedded (a base-14 font), /Im1 a 2 x 2
 * RGB image, /GS1 a 50 % fill alpha.
 */
static int raw(const char *out, const char *content)
{
	char stream[4096];
	const char *objs[7];
	long offs[8];
	FILE *f;

	if (strlen(content) > 3000) {
		fprintf(stderr, "mkpdf: content too long\n");
		return 2;
	}
	if (!(f = fopen(out, "wb"))) {
		perror(out);
		return 1;
	}
	snprintf(stream, sizeof(stream), "<< /Length %zu >>\nstream\n%s\nendstream",
		 strlen(content) + 1, content);
	objs[0] = "<< /Type /Catalog /Pages 2 0 R >>";
	objs[1] = "<< /Type /Pages /Kids [3 0 R] /Count 1 >>";
	objs[2] = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] "
		  "/Resources << /Font << /F1 5 0 R >> /XObject << /Im1 6 0 R >> "
		  "/ExtGState << /GS1 7 0 R >> >> /Contents 4 0 R >>";
	objs[3] = stream;
	objs[4] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica "
		  "/Encoding /WinAnsiEncoding >>";
	/* red, gray, gray, gray pixels */
	objs[5] = "<< /Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceRGB "
		  "/BitsPerComponent 8 /Filter /ASCIIHexDecode /Length 26 >>\nstream\n"
		  "ff0000808080808080808080>\nendstream";
	objs[6] = "<< /Type /ExtGState /ca 0.5 >>";
	fputs("%PDF-1.4\n", f);
	for (int i = 0; i < 7; i++) {
		offs[i] = ftell(f);
		fprintf(f, "%d 0 obj\n%s\nendobj\n", i + 1, objs[i]);
	}
	offs[7] = ftell(f);
	fputs("xref\n0 8\n0000000000 65535 f \n", f);
	for (int i = 0; i < 7; i++)
		fprintf(f, "%010ld 00000 n \n", offs[i]);
	fprintf(f, "trailer\n<< /Size 8 /Root 1 0 R >>\nstartxref\n%ld\n%%%%EOF\n", offs[7]);
	return fclose(f) ? 1 : 0;
}

int main(int argc, char **argv)
{
	if (argc >= 3 && !strcmp(argv[1], "helvetica"))
		return raw(argv[2], "BT /F1 12 Tf 100 300 Td (Not embedded) Tj ET");
	if (argc >= 4 && !strcmp(argv[1], "raw"))
		return raw(argv[2], argv[3]);
	if (argc >= 4 && !strcmp(argv[1], "interior"))
		return interior(argv[2], atoi(argv[3]), argc > 4 ? argv[4] : "good",
				argc > 5 ? atoi(argv[5]) : 0);
	if (argc >= 4 && !strcmp(argv[1], "cover"))
		return cover(argv[2], atoi(argv[3]), argc > 4 ? argv[4] : "good");
	fprintf(stderr, "usage: mkpdf interior|cover OUT PAGES [FAULT [PAGE]] | helvetica OUT | "
		"raw OUT CONTENT\n");
	return 2;
}
