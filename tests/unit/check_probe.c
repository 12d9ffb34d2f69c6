/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The PDF probe (MuPDF backend) on PDFs written by tests/helpers/mkpdf (cairo, or
 * by hand): measured ink boxes, fonts, colours, limits and the PNG
 * preview. Runs from the build directory, where tests/helpers/mkpdf is built.
 */
#include "config.h"

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "mazebook/kdp/probe.h"

#include "check_main.h"

static char dir[] = "/tmp/mazebook-probe-XXXXXX";
static char path[256];

static void mkpdf(const char *args)
{
	char cmd[1024];

	snprintf(path, sizeof(path), "%s/t.pdf", dir);
	snprintf(cmd, sizeof(cmd), "tests/helpers/mkpdf %s", args);
	/* the args name the output as OUT */
	{
		char *at = strstr(cmd, "OUT");

		ck_assert_ptr_nonnull(at);
		snprintf(cmd + (at - cmd), sizeof(cmd) - (size_t)(at - cmd), "%s%s", path,
			 strstr(args, "OUT") + 3);
	}
	ck_assert_int_eq(system(cmd), 0);
}

static void setup(void)
{
	ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void teardown(void)
{
	char cmd[300];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	ck_assert_int_eq(system(cmd), 0);
	strcpy(dir, "/tmp/mazebook-probe-XXXXXX");
}

static struct mb_probe_file probe(bool keep)
{
	struct mb_probe_options o = { .max_bytes = 0, .keep_items = keep };
	struct mb_probe_file f;
	struct mb_error err;

	mb_error_init(&err);
	ck_assert_msg(mb_probe_pdf(path, &o, &f, &err) == MB_OK, "%s", err.message);
	return f;
}

START_TEST(cairo_interior_measured)
{
	struct mb_probe_file f;

	mkpdf("interior OUT 24");
	f = probe(false);
	ck_assert_int_eq(f.page_count, 24);
	ck_assert(!f.encrypted);
	ck_assert_uint_eq(f.font_count, 1);
	ck_assert_str_eq(f.fonts[0].name, "DejaVuSans");
	ck_assert(f.fonts[0].embedded);
	ck_assert_double_eq_tol(f.pages[0].w_pt, 432, 0.01);
	ck_assert_double_eq_tol(f.pages[0].h_pt, 648, 0.01);
	/* odd pages: walls from 1 in, 1 pt wide: ink from 71.5 pt */
	ck_assert_double_eq_tol(f.pages[0].ink.x0, 71.5, 0.01);
	ck_assert_double_eq_tol(f.pages[1].ink.x0, 0.9 * 72 - 0.5, 0.01);
	ck_assert_double_eq_tol(f.pages[0].min_stroke_pt, 1, 1e-6);
	ck_assert_double_eq_tol(f.pages[0].min_font_pt, 9, 1e-3);
	ck_assert_double_eq_tol(f.pages[0].lightest_gray, 0.2, 0.005);
	ck_assert(!f.pages[0].colour);
	ck_assert(!f.pages[0].blank);
	mb_probe_release(&f);
}
END_TEST

START_TEST(faults_measured)
{
	struct mb_probe_file f;

	mkpdf("interior OUT 24 gutter 4");
	f = probe(false);
	ck_assert_double_eq_tol(432 - f.pages[3].ink.x1, 0.2 * 72 - 0.5, 0.01);
	mb_probe_release(&f);
	mkpdf("interior OUT 24 image 2");
	f = probe(false);
	ck_assert_int_eq(f.pages[1].images, 1);
	ck_assert_double_eq_tol(f.pages[1].min_image_dpi, 150, 0.5);
	mb_probe_release(&f);
	mkpdf("interior OUT 24 alpha 3");
	f = probe(false);
	ck_assert(f.pages[2].transparency);
	ck_assert(!f.pages[1].transparency);
	mb_probe_release(&f);
	mkpdf("interior OUT 24 blank 5");
	f = probe(false);
	ck_assert(!f.pages[3].blank);
	ck_assert(f.pages[4].blank);
	ck_assert(f.pages[8].blank);
	ck_assert(!f.pages[9].blank);
	mb_probe_release(&f);
}
END_TEST

START_TEST(colours_classified)
{
	struct mb_probe_file f;

	mkpdf("raw OUT '0 0 0 0.5 k 100 100 50 50 re f'");	/* CMYK with K only: gray */
	f = probe(false);
	ck_assert(!f.pages[0].colour);
	ck_assert_double_eq_tol(f.pages[0].lightest_gray, 0.5, 1e-3);
	ck_assert_uint_eq(f.pages[0].colorspaces, MB_CS_CMYK);
	mb_probe_release(&f);
	mkpdf("raw OUT '0.5 0 0 0 k 100 100 50 50 re f'");
	f = probe(false);
	ck_assert(f.pages[0].colour);
	mb_probe_release(&f);
	mkpdf("raw OUT '0.3 0.3 0.3 rg 100 100 50 50 re f'");	/* r = g = b: gray */
	f = probe(false);
	ck_assert(!f.pages[0].colour);
	ck_assert_double_eq_tol(f.pages[0].lightest_gray, 0.7, 1e-3);
	mb_probe_release(&f);
	mkpdf("raw OUT 'q 100 0 0 100 100 100 cm /Im1 Do Q'");	/* one red pixel */
	f = probe(false);
	ck_assert(f.pages[0].colour);
	ck_assert_ptr_nonnull(strstr(f.pages[0].colour_what, "image"));
	mb_probe_release(&f);
}
END_TEST

START_TEST(ink_clips_white_and_hairlines)
{
	struct mb_probe_file f;

	mkpdf("raw OUT '1 g 0 0 432 648 re f'");	/* white paint is paper */
	f = probe(false);
	ck_assert(f.pages[0].blank);
	mb_probe_release(&f);
	mkpdf("raw OUT 'q 50 50 100 100 re W n 0 g 0 0 432 648 re f Q'");	/* clipped */
	f = probe(false);
	ck_assert_double_eq_tol(f.pages[0].ink.x0, 50, 0.01);
	ck_assert_double_eq_tol(f.pages[0].ink.x1, 150, 0.01);
	mb_probe_release(&f);
	mkpdf("raw OUT '0 g 0 w 100 100 m 200 100 l S'");	/* 0 pt still prints */
	f = probe(false);
	ck_assert(!f.pages[0].blank);
	ck_assert_double_eq(f.pages[0].min_stroke_pt, 0);
	mb_probe_release(&f);
	/* 10 units scaled by 0.1: a 1 pt line */
	mkpdf("raw OUT 'q 0.1 0 0 0.1 0 0 cm 0 g 10 w 1000 1000 m 2000 1000 l S Q'");
	f = probe(false);
	ck_assert_double_eq_tol(f.pages[0].min_stroke_pt, 1, 1e-4);
	ck_assert_double_eq_tol(f.pages[0].ink.y0, 99.5, 0.01);
	mb_probe_release(&f);
	/* an uneven scale: the pen is as thin as its thinnest direction */
	mkpdf("raw OUT 'q 1 0 0 0.1 0 0 cm 0 G 3 w 150 2000 m 250 2000 l S Q'");
	f = probe(false);
	ck_assert_double_eq_tol(f.pages[0].min_stroke_pt, 0.3, 1e-4);
	ck_assert_double_eq(f.pages[0].min_rule_pt, 0);
	mb_probe_release(&f);
	mkpdf("raw OUT 'q 0 0.5 -2 0 300 300 cm 0 G 1 w 0 0 m 10 0 l S Q'");	/* rotated too */
	f = probe(false);
	ck_assert_double_eq_tol(f.pages[0].min_stroke_pt, 0.5, 1e-4);
	mb_probe_release(&f);
	/* a filled rectangle gives its sides (the checks tell a rule from a dot) */
	mkpdf("raw OUT '0 g 150 200 100 0.2 re f'");
	f = probe(true);
	ck_assert_uint_eq(f.pages[0].item_count, 1);
	ck_assert_double_eq_tol(f.pages[0].items[0].rect_thick_pt, 0.2, 1e-4);
	ck_assert_double_eq_tol(f.pages[0].items[0].rect_long_pt, 100, 1e-4);
	ck_assert_double_eq(f.pages[0].min_rule_pt, 0);	/* the probe leaves it to the items */
	mb_probe_release(&f);
	/* drawn as m l l l h, turned 30 degrees: still a rectangle, 0.5 pt thick */
	mkpdf("raw OUT 'q 0.866 0.5 -0.5 0.866 200 200 cm 0 g 0 0 m 80 0 l 80 0.5 l 0 0.5 l h f Q'");
	f = probe(true);
	ck_assert_double_eq_tol(f.pages[0].items[0].rect_thick_pt, 0.5, 1e-3);
	ck_assert_double_eq_tol(f.pages[0].items[0].rect_long_pt, 80, 1e-2);
	mb_probe_release(&f);
	/* a curve (an outlined glyph, a minus sign drawn with curves) is not a rectangle */
	mkpdf("raw OUT '0 g 100 100 m 140 100 l 140 100.7 l 100 100.7 140 100.7 100 100.7 c h f'");
	f = probe(true);
	ck_assert_double_eq(f.pages[0].items[0].rect_thick_pt, 0);
	mb_probe_release(&f);
}
END_TEST

START_TEST(unembedded_base14_font)
{
	struct mb_probe_file f;

	mkpdf("helvetica OUT");
	f = probe(true);
	ck_assert_uint_eq(f.font_count, 1);
	ck_assert_str_eq(f.fonts[0].name, "Helvetica");
	ck_assert(!f.fonts[0].embedded);
	ck_assert_double_eq_tol(f.pages[0].min_font_pt, 12, 1e-3);
	ck_assert_uint_eq(f.pages[0].item_count, 1);
	ck_assert_int_eq(f.pages[0].items[0].kind, MB_ITEM_TEXT);
	ck_assert_int_eq(f.pages[0].items[0].font, 0);
	mb_probe_release(&f);
}
END_TEST

/* a one-page PDF at path: page keys and content as given, a correct xref */
static void raw_pdf(const char *page_keys, const char *content)
{
	char obj[3][512];
	long off[4];
	FILE *out = fopen(path, "wb");

	ck_assert_ptr_nonnull(out);
	snprintf(obj[0], sizeof(obj[0]), "<< /Type /Catalog /Pages 2 0 R >>");
	snprintf(obj[1], sizeof(obj[1]), "<< /Type /Pages /Kids [3 0 R] /Count 1 >>");
	snprintf(obj[2], sizeof(obj[2]), "<< /Type /Page /Parent 2 0 R %s /Contents 4 0 R "
		 "/Resources << >> >>", page_keys);
	fputs("%PDF-1.4\n", out);
	for (int i = 0; i < 3; i++) {
		off[i] = ftell(out);
		fprintf(out, "%d 0 obj\n%s\nendobj\n", i + 1, obj[i]);
	}
	off[3] = ftell(out);
	fprintf(out, "4 0 obj\n<< /Length %zu >>\nstream\n%s\nendstream\nendobj\n", strlen(content),
		content);
	{
		long xref = ftell(out);

		fprintf(out, "xref\n0 5\n0000000000 65535 f \n");
		for (int i = 0; i < 4; i++)
			fprintf(out, "%010ld 00000 n \n", off[i]);
		fprintf(out, "trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n%ld\n%%%%EOF\n", xref);
	}
	fclose(out);
}

/*
 * A one-page 6 x 9 in PDF at path with the catalogue's extra keys, the
 * page's resources, its content and extra objects numbered from 5 on.
 */
static void objs_pdf(const char *catalog, const char *resources, const char *content,
		     const char *const *extra, int n)
{
	long off[16];
	FILE *out = fopen(path, "wb");

	ck_assert_ptr_nonnull(out);
	ck_assert_int_le(n, 11);
	fputs("%PDF-1.5\n", out);
	off[0] = ftell(out);
	fprintf(out, "1 0 obj\n<< /Type /Catalog /Pages 2 0 R %s >>\nendobj\n", catalog);
	off[1] = ftell(out);
	fprintf(out, "2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n");
	off[2] = ftell(out);
	fprintf(out, "3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] /Contents 4 0 R "
		"/Resources %s >>\nendobj\n", resources);
	off[3] = ftell(out);
	fprintf(out, "4 0 obj\n<< /Length %zu >>\nstream\n%s\nendstream\nendobj\n", strlen(content),
		content);
	for (int i = 0; i < n; i++) {
		off[4 + i] = ftell(out);
		fprintf(out, "%d 0 obj\n%s\nendobj\n", 5 + i, extra[i]);
	}
	{
		long xref = ftell(out);

		fprintf(out, "xref\n0 %d\n0000000000 65535 f \n", 5 + n);
		for (int i = 0; i < 4 + n; i++)
			fprintf(out, "%010ld 00000 n \n", off[i]);
		fprintf(out, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%ld\n%%%%EOF\n", 5 + n,
			xref);
	}
	fclose(out);
}

/* text by what prints: the glyph height, the words (for placeholders), invisible text */
START_TEST(text_height_and_words)
{
	static const char *const font[] = {
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	};
	struct mb_probe_file f;
	mkpdf("interior OUT 24");	/* sets path */

	/* 5 pt text stretched to 200 % width is still 5 pt tall */
	objs_pdf("", "<< /Font << /F1 5 0 R >> >>",
		 "BT /F1 5 Tf 200 Tz 100 100 Td (Lorem ipsum) Tj ET "
		 "BT /F1 9 Tf 100 200 Td (Your) Tj 30 0 Td (Name) Tj ET "
		 "BT /F1 9 Tf 3 Tr 100 300 Td (hidden) Tj ET", font, 1);
	f = probe(true);
	ck_assert_double_eq_tol(f.pages[0].min_font_pt, 5, 1e-3);
	ck_assert_int_eq(f.pages[0].invisible_text, 1);
	ck_assert_ptr_nonnull(f.pages[0].text);
	ck_assert_msg(strstr(f.pages[0].text, "Lorem ipsum"), "text: %s", f.pages[0].text);
	/* words set apart by a move, not a space, still read as two words */
	ck_assert_msg(strstr(f.pages[0].text, "Your Name"), "text: %s", f.pages[0].text);
	ck_assert_msg(strstr(f.pages[0].text, "hidden"), "text: %s", f.pages[0].text);
	ck_assert_int_eq(f.pages[0].items[0].kind, MB_ITEM_TEXT);
	ck_assert_double_eq_tol(f.pages[0].items[0].size_pt, 5, 1e-3);
	ck_assert_uint_eq(f.pages[0].items[0].text_len, strlen("Lorem ipsum"));
	mb_probe_release(&f);
}
END_TEST

/* colour by value: a gray ramp is gray; a coloured one is named by what covers most */
START_TEST(shadings_sampled)
{
	static const char *const gray[] = {
		"<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [100 0 300 0] /Function "
		"<< /FunctionType 2 /Domain [0 1] /C0 [0 0 0] /C1 [1 1 1] /N 1 >> >>",
	};
	static const char *const red[] = {
		"<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [100 0 300 0] /Function "
		"<< /FunctionType 2 /Domain [0 1] /C0 [0.9 0 0] /C1 [0.9 0 0] /N 1 >> >>",
	};
	struct mb_probe_file f;
	mkpdf("interior OUT 24");	/* sets path */

	objs_pdf("", "<< /Shading << /Sh1 5 0 R >> >>", "q 100 100 200 100 re W n /Sh1 sh Q",
		 gray, 1);
	f = probe(true);
	ck_assert_msg(!f.pages[0].colour, "%s", f.pages[0].colour_what);
	ck_assert(f.pages[0].colorspaces & MB_CS_RGB);
	mb_probe_release(&f);
	/* a big red ramp and a small blue fill: the page is named for the red */
	objs_pdf("", "<< /Shading << /Sh1 5 0 R >> >>",
		 "q 100 100 200 100 re W n /Sh1 sh Q 0 0 1 rg 10 10 5 5 re f", red, 1);
	f = probe(true);
	ck_assert(f.pages[0].colour);
	ck_assert_msg(!strncmp(f.pages[0].colour_what, "shading rgb 0.9", 15), "%s",
		      f.pages[0].colour_what);
	/* each object knows whether it was painted in colour */
	ck_assert_uint_eq(f.pages[0].item_count, 2);
	ck_assert(f.pages[0].items[0].colour);
	ck_assert(f.pages[0].items[1].colour);
	mb_probe_release(&f);
	objs_pdf("", "<< >>", "0.4 g 10 10 50 50 re f 0 0 1 rg 100 100 5 5 re f", NULL, 0);
	f = probe(true);
	ck_assert(!f.pages[0].items[0].colour);
	ck_assert_double_eq_tol(f.pages[0].items[0].share, 0.6, 1e-6);
	ck_assert(f.pages[0].items[1].colour);
	mb_probe_release(&f);
}
END_TEST

/* images everywhere: a 5 px image tiled half an inch wide prints at 10 dpi */
START_TEST(images_in_patterns)
{
	static const char *const objs[] = {
		"<< /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 36 36] /XStep 36 "
		"/YStep 36 /Resources << /XObject << /Im1 6 0 R >> >> /Length 25 >>\nstream\n"
		"q 36 0 0 36 0 0 cm /Im1 Do Q\nendstream",
		"<< /Type /XObject /Subtype /Image /Width 5 /Height 5 /ColorSpace /DeviceGray "
		"/BitsPerComponent 8 /Filter /ASCIIHexDecode /Length 51 >>\nstream\n"
		"80808080808080808080808080808080808080808080808080>\nendstream",
	};
	struct mb_probe_file f;
	mkpdf("interior OUT 24");	/* sets path */

	objs_pdf("", "<< /Pattern << /P1 5 0 R >> >>", "/Pattern cs /P1 scn 72 72 288 288 re f",
		 objs, 2);
	f = probe(true);
	ck_assert_int_ge(f.pages[0].images, 1);
	ck_assert_double_eq_tol(f.pages[0].min_image_dpi, 10, 0.01);
	mb_probe_release(&f);
}
END_TEST

/* optional content switched off and used on the page: counted, with the layer's name */
START_TEST(hidden_layer_counted)
{
	static const char *const objs[] = {
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
		"<< /Type /OCG /Name (Answers) >>",
	};
	struct mb_probe_file f;
	mkpdf("interior OUT 24");	/* sets path */

	objs_pdf("/OCProperties << /OCGs [6 0 R] /D << /OFF [6 0 R] >> >>",
		 "<< /Font << /F1 5 0 R >> /Properties << /oc1 6 0 R >> >>",
		 "/OC /oc1 BDC BT /F1 9 Tf 100 100 Td (answer) Tj ET EMC", objs, 2);
	f = probe(true);
	ck_assert_int_eq(f.pages[0].hidden_oc, 1);
	ck_assert_str_eq(f.pages[0].hidden_oc_what, "Answers");
	mb_probe_release(&f);
	/* the same layer named in the resources but not used: nothing hidden prints */
	objs_pdf("/OCProperties << /OCGs [6 0 R] /D << /OFF [6 0 R] >> >>",
		 "<< /Font << /F1 5 0 R >> /Properties << /oc1 6 0 R >> >>",
		 "BT /F1 9 Tf 100 100 Td (answer) Tj ET", objs, 2);
	f = probe(true);
	ck_assert_int_eq(f.pages[0].hidden_oc, 0);
	mb_probe_release(&f);
}
END_TEST

/* a picture of a page: guides and a red box drawn, written as a PNG */
START_TEST(picture_written)
{
	struct mb_picture_box boxes[] = {
		{ MB_PEN_TRIM, { 0, 0, 432, 648 }, "trim" },
		{ MB_PEN_FAULT, { 100, 100, 200, 150 }, "margins: text 0.1 in from the top" },
	};
	char png[4096];
	struct mb_error err;
	struct stat st;

	mkpdf("interior OUT 24");
	snprintf(png, sizeof(png), "%s.png", path);
	mb_error_init(&err);
	ck_assert_msg(mb_probe_render_picture(path, 3, 30, boxes, 2, "margins: text\nsecond line",
					      png, &err) == MB_OK, "%s", err.message);
	ck_assert_int_eq(stat(png, &st), 0);
	ck_assert_int_gt(st.st_size, 500);
	unlink(png);
	ck_assert_int_ne(mb_probe_render_picture(path, 99, 30, boxes, 2, "", png, &err), MB_OK);
	ck_assert_msg(strstr(err.message, "no page 99"), "%s", err.message);
}
END_TEST

#define ck_near(a, b) ck_assert_msg(fabs((a) - (b)) < 0.01, "%s is %g, not %g", #a, (a), (double)(b))

/* sizes, boxes and ink in the frame the page prints in: /Rotate turns it, /UserUnit scales it */
START_TEST(printed_frame_rotate_userunit_cropbox)
{
	const char *line = "0 G 2 w 100 50 m 200 50 l S";
	struct mb_probe_file f;
	struct mb_error err;

	/* stored 9 x 6 in, turned a quarter clockwise: prints 6 x 9, the line upright on the left */
	mkpdf("interior OUT 24");	/* sets path */
	raw_pdf("/MediaBox [0 0 648 432] /Rotate 90 /CropBox [0 0 324 432]", line);
	mb_error_init(&err);
	ck_assert_int_eq(mb_probe_pdf(path, NULL, &f, &err), MB_OK);
	ck_near(f.pages[0].w_pt, 432);
	ck_near(f.pages[0].h_pt, 648);
	ck_near(f.pages[0].ink.x0, 49);
	ck_near(f.pages[0].ink.x1, 51);
	ck_near(f.pages[0].ink.y0, 447);
	ck_near(f.pages[0].ink.y1, 549);
	ck_assert(f.pages[0].has_crop);
	ck_near(f.pages[0].crop.x0, 0);
	ck_near(f.pages[0].crop.y0, 324);
	ck_near(f.pages[0].crop.x1, 432);
	ck_near(f.pages[0].crop.y1, 648);
	mb_probe_release(&f);
	/* UserUnit 2: every size doubles, the line's width too */
	raw_pdf("/MediaBox [0 0 432 648] /UserUnit 2 /TrimBox [0 0 216 324]", line);
	ck_assert_int_eq(mb_probe_pdf(path, NULL, &f, &err), MB_OK);
	ck_near(f.pages[0].w_pt, 864);
	ck_near(f.pages[0].h_pt, 1296);
	ck_near(f.pages[0].trim.x1, 432);
	ck_near(f.pages[0].trim.y1, 648);
	ck_near(f.pages[0].min_stroke_pt, 4);
	ck_near(f.pages[0].ink.x0, 198);
	ck_near(f.pages[0].ink.y1, 102);
	ck_assert(!f.pages[0].has_crop);
	mb_probe_release(&f);
}
END_TEST

START_TEST(limits_and_errors)
{
	struct mb_probe_options small = { .max_bytes = 100, .keep_items = false };
	struct mb_probe_file f;
	struct mb_error err;
	FILE *out;

	mkpdf("interior OUT 24");
	mb_error_init(&err);
	ck_assert_int_eq(mb_probe_pdf(path, &small, &f, &err), MB_ERR_LIMIT);
	ck_assert_ptr_nonnull(strstr(err.message, "is more than the 100 this tool reads"));
	mb_probe_release(&f);
	out = fopen(path, "wb");
	fputs("%PDF-1.4\nnot really\n", out);
	fclose(out);
	mb_error_init(&err);
	ck_assert_int_eq(mb_probe_pdf(path, NULL, &f, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "cannot read '"));
	mb_probe_release(&f);
	/* MuPDF's "cannot tell in file" never shows: empty, folder, no header */
	out = fopen(path, "wb");
	fclose(out);
	mb_error_init(&err);
	ck_assert_int_eq(mb_probe_pdf(path, NULL, &f, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "the file is empty, not a PDF"));
	mb_probe_release(&f);
	out = fopen(path, "wb");
	fputs("hello\n", out);
	fclose(out);
	mb_error_init(&err);
	ck_assert_int_eq(mb_probe_pdf(path, NULL, &f, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "not a PDF (no %PDF header)"));
	mb_probe_release(&f);
	mb_error_init(&err);
	ck_assert_int_eq(mb_probe_pdf(dir, NULL, &f, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "is a folder, not a PDF file"));
	mb_probe_release(&f);
}
END_TEST

/* a whole file into memory (*len bytes), NULL when unreadable */
static unsigned char *slurp(const char *file, size_t *len)
{
	FILE *in = fopen(file, "rb");
	unsigned char *buf = NULL;
	long n;

	if (!in)
		return NULL;
	if (!fseek(in, 0, SEEK_END) && (n = ftell(in)) > 0 && !fseek(in, 0, SEEK_SET)) {
		buf = malloc((size_t)n);
		*len = buf ? fread(buf, 1, (size_t)n, in) : 0;
	}
	fclose(in);
	return buf;
}

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/*
 * Decode the preview as a PNG reader would: every chunk's CRC, the IDAT
 * chunks inflated to exactly one filter byte and channels * w bytes a row
 * (8-bit, 1 channel: gray, 3: RGB); the number of rows that hold a pixel
 * that is not white in *inked.
 */
static void check_png(const char *file, int w, int h, int channels, int *inked)
{
	size_t len = 0, at = 8, idat_len = 0, row = 1 + (size_t)channels * (size_t)w;
	unsigned char *png = slurp(file, &len), *idat = malloc(len), *raw = malloc(row * h + 1);
	uLongf raw_len = (uLongf)(row * h + 1);
	bool ended = false;

	ck_assert_ptr_nonnull(png);
	ck_assert(len > 8 && !memcmp(png, "\x89PNG\r\n\x1a\n", 8));
	while (at + 12 <= len && !ended) {
		uint32_t n = be32(png + at);

		ck_assert_uint_le(at + 12 + n, len);
		ck_assert_uint_eq(be32(png + at + 8 + n), crc32(crc32(0L, Z_NULL, 0), png + at + 4,
								n + 4));
		if (!memcmp(png + at + 4, "IHDR", 4)) {
			ck_assert_uint_eq(be32(png + at + 8), (unsigned)w);
			ck_assert_uint_eq(be32(png + at + 12), (unsigned)h);
			ck_assert_int_eq(png[at + 16], 8);	/* bits */
			ck_assert_int_eq(png[at + 17], channels == 1 ? 0 : 2);	/* gray or RGB */
		} else if (!memcmp(png + at + 4, "IDAT", 4)) {
			memcpy(idat + idat_len, png + at + 8, n);
			idat_len += n;
		}
		ended = !memcmp(png + at + 4, "IEND", 4);
		at += 12 + n;
	}
	ck_assert(ended && at == len);
	ck_assert_int_eq(uncompress(raw, &raw_len, idat, (uLong)idat_len), Z_OK);
	ck_assert_uint_eq(raw_len, row * h);
	*inked = 0;
	for (int y = 0; y < h; y++) {
		const unsigned char *r = raw + (size_t)y * row;
		bool ink = false;

		ck_assert_int_eq(r[0], 0);	/* filter None */
		for (size_t x = 1; x < row && !ink; x++)
			ink = r[x] != 0xff;
		*inked += ink;
	}
	free(raw);
	free(idat);
	free(png);
}

START_TEST(render_png_preview)
{
	char png[300];
	unsigned char head[24];
	struct mb_error err;
	FILE *in;

	mkpdf("interior OUT 24");
	snprintf(png, sizeof(png), "%s/p.png", dir);
	ck_assert_int_eq(mb_probe_render_png(path, 2, 50, png, NULL), MB_OK);
	in = fopen(png, "rb");
	ck_assert_ptr_nonnull(in);
	ck_assert_uint_eq(fread(head, 1, sizeof(head), in), sizeof(head));
	fclose(in);
	ck_assert(!memcmp(head, "\x89PNG\r\n\x1a\n", 8));
	/* IHDR: 6 x 9 in at 50 dpi is 300 x 450 pixels */
	ck_assert_uint_eq((unsigned)(head[16] << 24 | head[17] << 16 | head[18] << 8 | head[19]), 300);
	ck_assert_uint_eq((unsigned)(head[20] << 24 | head[21] << 16 | head[22] << 8 | head[23]), 450);
	/* a PNG every reader takes, and the page is on it */
	{
		int inked;

		/* a black-and-white page: written gray, a third of the bytes */
		check_png(png, 300, 450, 1, &inked);
		ck_assert_int_gt(inked, 0);
		ck_assert_int_lt(inked, 450);
	}
	mb_error_init(&err);
	ck_assert_int_eq(mb_probe_render_png(path, 25, 50, png, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "no page 25 (the file has 24)"));
	/* a disk that fills up (a file size limit: EFBIG) fails naming the file, leaving none */
	{
		struct rlimit old, small;

		ck_assert_int_eq(getrlimit(RLIMIT_FSIZE, &old), 0);
		small = old;
		small.rlim_cur = 40;	/* the signature and the header, not the image */
		signal(SIGXFSZ, SIG_IGN);
		unlink(png);
		ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &small), 0);
		mb_error_init(&err);
		ck_assert_int_eq(mb_probe_render_png(path, 2, 50, png, &err), MB_ERR_IO);
		ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &old), 0);
		signal(SIGXFSZ, SIG_DFL);
		ck_assert_msg(strstr(err.message, "cannot write '") && strstr(err.message, png),
			      "%s", err.message);
		ck_assert_int_ne(access(png, F_OK), 0);
	}
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("probe");
	TCase *tc = tcase_create("mupdf");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, cairo_interior_measured);
	tcase_add_test(tc, faults_measured);
	tcase_add_test(tc, colours_classified);
	tcase_add_test(tc, ink_clips_white_and_hairlines);
	tcase_add_test(tc, unembedded_base14_font);
	tcase_add_test(tc, printed_frame_rotate_userunit_cropbox);
	tcase_add_test(tc, limits_and_errors);
	tcase_add_test(tc, render_png_preview);
	tcase_add_test(tc, text_height_and_words);
	tcase_add_test(tc, shadings_sampled);
	tcase_add_test(tc, images_in_patterns);
	tcase_add_test(tc, hidden_layer_counted);
	tcase_add_test(tc, picture_written);
	suite_add_tcase(s, tc);
	return s;
}
