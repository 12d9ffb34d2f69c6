/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The cover writer, checked by what its PDF measures with poppler's tools:
 * the page size against KDP's formula (pdfinfo), spine text present or
 * absent (pdftotext of the spine region), fonts embedded (pdffonts), the
 * barcode box plain white and the background through the bleed (pixels of
 * a pdftoppm render), every word inside its panel's safe zone (pdftotext
 * -bbox), text that cannot fit refused with no file, and two writes equal.
 * Each pixel and box checker is also fed a case it must reject.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cairo.h>

#include "mazebook/backend/cover.h"
#include "mazebook/book/labels.h"

#include "check_main.h"
#include "check_util.h"
#include "../helpers/cover_fixture.h"

static char tmpdir[64];

static void setup_tmp(void)
{
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/mb-cover-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
}

static void teardown_tmp(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", tmpdir);
}

static char *tmp_path(const char *name)
{
	return xasprintf("%s/%s", tmpdir, name);
}

/* run a shell command, return its stdout (owned); status in *rc */
static char *run(const char *cmd, int *rc)
{
	FILE *p = popen(cmd, "r");
	size_t len = 0, cap = 4096;
	char *buf = xmalloc(cap);
	size_t n;
	int status;

	ck_assert_msg(p != NULL, "cannot run %s", cmd);
	while ((n = fread(buf + len, 1, cap - len - 1, p)) > 0) {
		len += n;
		if (cap - len < 2048)
			buf = xrealloc(buf, cap *= 2);
	}
	buf[len] = '\0';
	status = pclose(p);
	if (rc)
		*rc = status;
	return buf;
}

static bool file_exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

struct fixture {
	struct mb_book_spec spec;
	struct mb_book book;
	struct mb_cover_geometry g;
	int pages;
};

static void fixture_init(struct fixture *f, const char *trim, int pages, enum mb_paper paper)
{
	fixture_spec(&f->spec, trim, "easy");
	f->spec.paper = paper;
	fixture_book(&f->book, f->spec.level, 12);
	f->pages = pages;
	mb_kdp_cover_geometry(&f->spec.trim, pages, paper, &f->g);
}

static void write_ok(struct fixture *f, const char *path)
{
	struct mb_error err;
	char buf[700];

	mb_error_init(&err);
	ck_assert_msg(mb_cover_write(&f->spec, &f->book, f->pages, path, &err) == MB_OK, "%s",
		      mb_error_format(&err, buf, sizeof(buf)));
}

/* pdfinfo's page size in points */
static void page_size_pt(const char *pdf, double *w, double *h)
{
	char *cmd = xasprintf("pdfinfo '%s'", pdf);
	char *out = run(cmd, NULL);
	char *p = strstr(out, "Page size:");

	ck_assert_msg(p && sscanf(p, "Page size: %lf x %lf pts", w, h) == 2, "pdfinfo: %s", out);
	free(cmd);
	free(out);
}

static void check_size(const char *trim, int pages, enum mb_paper paper, double want_w_in,
		       double want_h_in)
{
	struct fixture f;
	char *pdf = tmp_path("size.pdf");
	double w, h;

	fixture_init(&f, trim, pages, paper);
	write_ok(&f, pdf);
	page_size_pt(pdf, &w, &h);
	ck_assert_msg(fabs(w / 72 - want_w_in) <= 0.001, "%s %d: width %.5f in, want %.5f", trim,
		      pages, w / 72, want_w_in);
	ck_assert_msg(fabs(h / 72 - want_h_in) <= 0.001, "%s %d: height %.5f in, want %.5f", trim,
		      pages, h / 72, want_h_in);
	fixture_book_free(&f.book);
	free(pdf);
}

START_TEST(page_size_matches_kdp_formula)
{
	/* kdp-facts.md's worked example: 6 x 9, 120 pages, white */
	check_size("6x9", 120, MB_PAPER_WHITE, 12.5202, 9.25);
	/* cream: 0.0025 in a page */
	check_size("6x9", 120, MB_PAPER_CREAM, 0.125 + 6 + 0.3 + 6 + 0.125, 9.25);
	check_size("8.5x11", 200, MB_PAPER_WHITE, 0.25 + 17 + 200 * 0.002252, 11.25);
	check_size("5x8", 24, MB_PAPER_WHITE, 0.25 + 10 + 24 * 0.002252, 8.25);
}
END_TEST

/* the text pdftotext finds inside a rectangle given in inches (bottom left, y up) */
static char *text_in(const char *pdf, const struct fixture *f, struct mb_rect_in r)
{
	char *cmd = xasprintf("pdftotext -r 72 -x %d -y %d -W %d -H %d '%s' -",
			      (int)floor(r.x * 72), (int)floor((f->g.h_in - r.y - r.h) * 72),
			      (int)ceil(r.w * 72), (int)ceil(r.h * 72), pdf);
	int rc;
	char *out = run(cmd, &rc);

	ck_assert_int_eq(rc, 0);
	free(cmd);
	return out;
}

static bool has_letters(const char *s)
{
	for (; *s; s++)
		if ((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z'))
			return true;
	return false;
}

START_TEST(spine_text_only_when_allowed_and_fits)
{
	struct fixture f;
	char *pdf = tmp_path("spine.pdf");
	char *text;

	/* 120 pages white: 0.27 in, room for about 9 pt */
	fixture_init(&f, "6x9", 120, MB_PAPER_WHITE);
	write_ok(&f, pdf);
	text = text_in(pdf, &f, f.g.spine);
	ck_assert_msg(strstr(text, "Amazing") && strstr(text, "Pathfinder"),
		      "spine at 120 pages: '%s'", text);
	free(text);
	/* the front does not leak into the spine region: same check on the front finds the title */
	text = text_in(pdf, &f, f.g.front);
	ck_assert_msg(strstr(text, "Amazing"), "front: '%s'", text);
	free(text);
	fixture_book_free(&f.book);

	/* 60 pages: KDP allows no spine text */
	fixture_init(&f, "6x9", 60, MB_PAPER_WHITE);
	write_ok(&f, pdf);
	text = text_in(pdf, &f, f.g.spine);
	ck_assert_msg(!has_letters(text), "spine at 60 pages: '%s'", text);
	free(text);
	fixture_book_free(&f.book);

	/* 80 pages: allowed, but 0.18 in leaves no room for 7 pt with the clearance */
	fixture_init(&f, "6x9", 80, MB_PAPER_WHITE);
	write_ok(&f, pdf);
	text = text_in(pdf, &f, f.g.spine);
	ck_assert_msg(!has_letters(text), "spine at 80 pages: '%s'", text);
	free(text);
	fixture_book_free(&f.book);

	/* 300 pages cream: a wide spine */
	fixture_init(&f, "8.5x11", 300, MB_PAPER_CREAM);
	write_ok(&f, pdf);
	text = text_in(pdf, &f, f.g.spine);
	ck_assert_msg(strstr(text, "Amazing") && strstr(text, "Pathfinder"),
		      "spine at 300 pages: '%s'", text);
	free(text);
	fixture_book_free(&f.book);
	free(pdf);
}
END_TEST


/*
 * The least distance of any spine word box (pdftotext -bbox) from either
 * fold, in inches; *words gets how many spine words there are.
 */
static double spine_clearance_in(const char *pdf, const struct fixture *f, int *words)
{
	char *cmd = xasprintf("pdftotext -bbox '%s' -", pdf);
	char *out = run(cmd, NULL);
	const char *p = out;
	double x0 = 72 * f->g.spine.x, x1 = 72 * (f->g.spine.x + f->g.spine.w), least = 1e9;

	*words = 0;
	while ((p = strstr(p, "<word "))) {
		double x_min, y_min, x_max, y_max, cx;

		ck_assert_int_eq(sscanf(p, "<word xMin=\"%lf\" yMin=\"%lf\" xMax=\"%lf\" yMax=\"%lf\"",
					&x_min, &y_min, &x_max, &y_max), 4);
		cx = (x_min + x_max) / 2;
		if (cx >= x0 && cx <= x1) {
			(*words)++;
			least = fmin(least, fmin(x_min - x0, x1 - x_max) / 72);
		}
		p++;
	}
	free(out);
	free(cmd);
	return least;
}

START_TEST(spine_text_keeps_the_allowance)
{
	/* 128 pages: the hard example's spine, 0.288 in; it came to 0.0661 in from a fold */
	static const int pages[] = { 128, 120, 150, 200, 240, 400 };
	double need = mb_kdp.spine_text_clearance_in + mb_kdp.margin_allowance_in;
	char *pdf = tmp_path("allowance.pdf");

	for (size_t i = 0; i < sizeof(pages) / sizeof(pages[0]); i++) {
		struct fixture f;
		int words;
		double clear;

		fixture_init(&f, "8.5x11", pages[i], MB_PAPER_WHITE);
		write_ok(&f, pdf);
		clear = spine_clearance_in(pdf, &f, &words);
		/* every one of these spines is wide enough for 7 pt text with the allowance */
		ck_assert_msg(words >= 2, "%d pages: %d words on the spine", pages[i], words);
		ck_assert_msg(clear >= need - 0.0002, "%d pages: spine text %.4f in from a fold, "
			      "%.4f in needed", pages[i], clear, need);
		fixture_book_free(&f.book);
	}
	/* 100 pages, 0.225 in: 7 pt text would come too near a fold, so none */
	{
		struct fixture f;
		int words;

		fixture_init(&f, "8.5x11", 100, MB_PAPER_WHITE);
		write_ok(&f, pdf);
		spine_clearance_in(pdf, &f, &words);
		ck_assert_int_eq(words, 0);
		fixture_book_free(&f.book);
	}
	free(pdf);
}
END_TEST

START_TEST(fonts_are_embedded)
{
	struct fixture f;
	char *pdf = tmp_path("fonts.pdf");
	char *cmd, *out, *line;
	int rc, fonts = 0;

	fixture_init(&f, "6x9", 120, MB_PAPER_WHITE);
	write_ok(&f, pdf);
	cmd = xasprintf("pdffonts '%s'", pdf);
	out = run(cmd, &rc);
	ck_assert_int_eq(rc, 0);
	/* name type encoding emb sub uni object ID: after the two header lines */
	line = strchr(out, '\n');
	ck_assert_ptr_nonnull(line);
	line = strchr(line + 1, '\n');
	ck_assert_ptr_nonnull(line);
	for (line++; *line; ) {
		char *end = strchr(line, '\n');
		char name[200], type[64], enc[64], emb[8];

		if (end)
			*end = '\0';
		if (sscanf(line, "%199s %63s %63s %7s", name, type, enc, emb) == 4) {
			/* "CID TrueType" is two words */
			if (!strcmp(type, "CID") || !strcmp(type, "Type"))
				sscanf(line, "%199s %*s %63s %63s %7s", name, type, enc, emb);
			ck_assert_msg(!strcmp(emb, "yes"), "font not embedded: %s", line);
			fonts++;
		}
		if (!end)
			break;
		line = end + 1;
	}
	ck_assert_int_ge(fonts, 1);
	ck_assert_msg(strstr(out, "DejaVuSans"), "%s", out);
	free(out);
	free(cmd);
	fixture_book_free(&f.book);
	free(pdf);
}
END_TEST

/* an RGB render from pdftoppm */
struct image {
	int w, h;
	unsigned char *px;	/* w * h * 3 */
	double dpi;
};

static void render(const char *pdf, double dpi, struct image *img)
{
	char *prefix = tmp_path("render");
	char *cmd = xasprintf("pdftoppm -r %g -singlefile '%s' '%s'", dpi, pdf, prefix);
	char *ppm = xasprintf("%s.ppm", prefix);
	FILE *fp;
	int maxval;

	ck_assert_int_eq(system(cmd), 0);
	fp = fopen(ppm, "rb");
	ck_assert_ptr_nonnull(fp);
	ck_assert_int_eq(fscanf(fp, "P6 %d %d %d", &img->w, &img->h, &maxval), 3);
	ck_assert_int_eq(maxval, 255);
	fgetc(fp);
	img->px = xmallocarray((size_t)img->w * img->h, 3);
	ck_assert_int_eq(fread(img->px, 3, (size_t)img->w * img->h, fp),
			 (size_t)img->w * img->h);
	fclose(fp);
	img->dpi = dpi;
	free(ppm);
	free(cmd);
	free(prefix);
}

static const unsigned char *pixel(const struct image *img, int x, int y)
{
	return img->px + ((size_t)y * img->w + x) * 3;
}

/*
 * Count pixels inside rectangle r (inches, bottom left, y up) that are not
 * white; pixels cut by the rectangle's edge are left out.
 */
static long non_white_in(const struct image *img, const struct fixture *f, struct mb_rect_in r)
{
	int x0 = (int)ceil(r.x * img->dpi), x1 = (int)floor((r.x + r.w) * img->dpi);
	int y0 = (int)ceil((f->g.h_in - r.y - r.h) * img->dpi);
	int y1 = (int)floor((f->g.h_in - r.y) * img->dpi);
	long bad = 0;

	for (int y = y0; y < y1; y++)
		for (int x = x0; x < x1; x++) {
			const unsigned char *p = pixel(img, x, y);

			bad += p[0] != 255 || p[1] != 255 || p[2] != 255;
		}
	return bad;
}

START_TEST(barcode_box_is_plain_white)
{
	struct fixture f;
	char *pdf = tmp_path("barcode.pdf");
	struct image img;
	struct mb_rect_in left_of_barcode;

	fixture_init(&f, "6x9", 120, MB_PAPER_WHITE);
	write_ok(&f, pdf);
	render(pdf, 100, &img);
	ck_assert_int_eq(non_white_in(&img, &f, f.g.barcode), 0);
	/* the checker sees ink: the same box moved to the left holds the sample maze */
	left_of_barcode = f.g.barcode;
	left_of_barcode.x -= 2.5;
	ck_assert_int_gt(non_white_in(&img, &f, left_of_barcode), 100);
	free(img.px);

	/* 8.5 x 11 too, on cream */
	fixture_book_free(&f.book);
	fixture_init(&f, "8.5x11", 200, MB_PAPER_CREAM);
	write_ok(&f, pdf);
	render(pdf, 72, &img);
	ck_assert_int_eq(non_white_in(&img, &f, f.g.barcode), 0);
	free(img.px);
	fixture_book_free(&f.book);
	free(pdf);
}
END_TEST

static bool same_rgb(const unsigned char *p, uint32_t rgb)
{
	return abs(p[0] - (int)(rgb >> 16 & 0xff)) <= 1 && abs(p[1] - (int)(rgb >> 8 & 0xff)) <= 1 &&
	       abs(p[2] - (int)(rgb & 0xff)) <= 1;
}

/*
 * Is p the background 0xff8800 or a tint of it toward white no lighter
 * than the background's pattern (14 %), anti-aliased edges included?
 */
static bool orange_family(const unsigned char *p)
{
	double tg = (p[1] - 136) / 119.0, tb = p[2] / 255.0;

	return p[0] >= 254 && tg >= -0.01 && tg <= 0.16 && tb <= 0.16 && fabs(tg - tb) <= 0.02;
}

START_TEST(background_runs_through_bleed_and_folds)
{
	struct fixture f;
	char *pdf = tmp_path("bleed.pdf");
	struct image img;
	int fold[2], edge, full_w, full_h;
	const unsigned char white[3] = { 255, 255, 255 }, pattern[3] = { 255, 153, 36 };

	fixture_init(&f, "6x9", 120, MB_PAPER_WHITE);
	f.spec.cover.background_rgb = 0xff8800;
	write_ok(&f, pdf);
	render(pdf, 72, &img);
	/*
	 * every pixel of the outermost two rows and columns, all four sides
	 * (a last column the page covers only in part is left out)
	 */
	full_w = (int)floor(f.g.w_in * 72);
	full_h = (int)floor(f.g.h_in * 72);
	ck_assert_int_ge(img.w, full_w);
	for (int i = 0; i < 2; i++) {
		for (int x = 0; x < full_w; x++) {
			ck_assert_msg(orange_family(pixel(&img, x, i)), "top bleed at x=%d", x);
			ck_assert_msg(orange_family(pixel(&img, x, full_h - 1 - i)), "bottom at x=%d", x);
		}
		for (int y = 0; y < full_h; y++) {
			ck_assert_msg(orange_family(pixel(&img, i, y)), "left bleed at y=%d", y);
			ck_assert_msg(orange_family(pixel(&img, full_w - 1 - i, y)), "right at y=%d", y);
		}
	}
	/*
	 * across each fold, 0.0625 in either way, down the whole height: no
	 * edge or rule (the spine text may come to 0.0625 in from a fold, so
	 * the spine side stops a pixel short of that)
	 */
	fold[0] = (int)floor(f.g.spine.x * 72);
	fold[1] = (int)floor((f.g.spine.x + f.g.spine.w) * 72);
	edge = (int)ceil(0.0625 * 72);
	for (int i = 0; i < 2; i++)
		for (int y = 0; y < full_h; y++)
			for (int x = fold[i] - (i ? edge - 1 : edge);
			     x <= fold[i] + (i ? edge : edge - 2); x++)
				ck_assert_msg(same_rgb(pixel(&img, x, y), 0xff8800),
					      "fold %d: pixel %d,%d is not the background", i, x, y);
	/* the checkers reject what is not the background: white, the card, a pure tint */
	ck_assert(!orange_family(white));
	ck_assert(orange_family(pattern));
	ck_assert(!same_rgb(pixel(&img, (int)((f.g.front.x + f.g.front.w / 2) * 72), img.h / 2),
			    0xff8800));
	free(img.px);
	fixture_book_free(&f.book);
	free(pdf);
}
END_TEST

/*
 * Every word box of pdftotext -bbox (points, y down) must lie inside the
 * safe zone of the panel its centre is in: 0.125 in inside the back's or
 * the front's trim, and for the spine 0.0625 in inside each fold and
 * 0.125 in inside the top and bottom trim. Returns how many do not; the
 * first is described in first_bad.
 */
static int words_outside_safe(const char *bbox_html, const struct fixture *f, int *words,
			      char *first_bad, size_t size)
{
	const char *p = bbox_html;
	/* the spine keeps KDP's 0.0625 in plus the 1/72 in allowance the margins keep */
	double safe = 72 * 0.125, top = 72 * 0.125;
	double clear = 72 * (mb_kdp.spine_text_clearance_in + mb_kdp.margin_allowance_in) - 0.01;
	double back_x0 = 72 * f->g.back.x, back_x1 = 72 * (f->g.back.x + f->g.back.w);
	double spine_x0 = 72 * f->g.spine.x, spine_x1 = 72 * (f->g.spine.x + f->g.spine.w);
	double front_x0 = 72 * f->g.front.x, front_x1 = 72 * (f->g.front.x + f->g.front.w);
	double y0 = top + safe, y1 = 72 * (f->g.h_in - 0.125) - safe;
	int bad = 0;

	*words = 0;
	first_bad[0] = '\0';
	while ((p = strstr(p, "<word "))) {
		double x_min, y_min, x_max, y_max, cx, lo, hi;
		char word[64] = "";

		ck_assert_int_eq(sscanf(p, "<word xMin=\"%lf\" yMin=\"%lf\" xMax=\"%lf\" yMax=\"%lf\">%63[^<]",
					&x_min, &y_min, &x_max, &y_max, word), 5);
		(*words)++;
		cx = (x_min + x_max) / 2;
		if (cx < spine_x0) {
			lo = back_x0 + safe;
			hi = back_x1 - safe;
		} else if (cx <= spine_x1) {
			lo = spine_x0 + clear;
			hi = spine_x1 - clear;
		} else {
			lo = front_x0 + safe;
			hi = front_x1 - safe;
		}
		if (x_min < lo || x_max > hi || y_min < y0 || y_max > y1) {
			if (!bad)
				snprintf(first_bad, size, "'%s' at %.1f,%.1f-%.1f,%.1f pt", word, x_min,
					 y_min, x_max, y_max);
			bad++;
		}
		p++;
	}
	return bad;
}

/*
 * The smallest font size among the word boxes, in points: poppler makes a
 * box as tall as the font's ascent plus descent, 1.1636 em for DejaVu
 * Sans; words on the spine run down the page, so there it is the width.
 */
static double smallest_text_pt(const char *bbox_html, const struct fixture *f)
{
	const char *p = bbox_html;
	double spine_x0 = 72 * f->g.spine.x, spine_x1 = 72 * (f->g.spine.x + f->g.spine.w);
	double least = 1e9;

	while ((p = strstr(p, "<word "))) {
		double x_min, y_min, x_max, y_max, cx, thick;

		ck_assert_int_eq(sscanf(p, "<word xMin=\"%lf\" yMin=\"%lf\" xMax=\"%lf\" yMax=\"%lf\"",
					&x_min, &y_min, &x_max, &y_max), 4);
		cx = (x_min + x_max) / 2;
		thick = cx >= spine_x0 && cx <= spine_x1 ? x_max - x_min : y_max - y_min;
		least = fmin(least, thick / 1.1636);
		p++;
	}
	return least;
}

static void check_safe(struct fixture *f, const char *pdf)
{
	char *cmd = xasprintf("pdftotext -bbox '%s' -", pdf);
	char *out = run(cmd, NULL);
	char first[200];
	int words;
	int bad = words_outside_safe(out, f, &words, first, sizeof(first));

	ck_assert_msg(bad == 0, "%d words outside the safe zones, first %s", bad, first);
	ck_assert_int_gt(words, 20);
	ck_assert_msg(smallest_text_pt(out, f) >= 7 - 0.01, "text of %.2f pt",
		      smallest_text_pt(out, f));
	free(out);
	free(cmd);
}

static const char long_back[] =
	"Get ready for hours of fun! This book is packed with mazes for curious kids who "
	"love a challenge. Every maze has one way in and one way out, and every page is a "
	"new adventure. Trace the path with a pencil, get lost, turn back and try again. "
	"The solutions are at the back of the book, so grown-ups can check the answers "
	"and kids can see how they did.\n\nGreat for car trips, rainy days, waiting rooms "
	"and quiet time at home. Mazes build patience, planning, focus and fine motor "
	"skills while feeling like play. Large, clear pages make each maze easy to follow, "
	"and the difficulty is just right for the level printed on the cover.";

START_TEST(text_inside_safe_zones)
{
	struct fixture f;
	char *pdf = tmp_path("safe.pdf");

	fixture_init(&f, "6x9", 120, MB_PAPER_WHITE);
	f.spec.cover.back = (char *)long_back;
	f.spec.title = (char *)"The Big Super Colossal Maze Adventure Book for Clever Kids";
	write_ok(&f, pdf);
	check_safe(&f, pdf);
	fixture_book_free(&f.book);

	fixture_init(&f, "8.5x11", 300, MB_PAPER_CREAM);
	f.spec.cover.back = (char *)long_back;
	write_ok(&f, pdf);
	check_safe(&f, pdf);
	fixture_book_free(&f.book);

	/* a wide trim: texts beside the mazes */
	fixture_init(&f, "8.25x6", 150, MB_PAPER_WHITE);
	f.spec.cover.back = (char *)long_back;
	write_ok(&f, pdf);
	check_safe(&f, pdf);
	fixture_book_free(&f.book);

	/* language labels and no subtitle, on the smallest trim */
	fixture_init(&f, "5x8", 100, MB_PAPER_WHITE);
	f.spec.language = (char *)"fr";
	f.spec.subtitle = NULL;
	write_ok(&f, pdf);
	check_safe(&f, pdf);
	fixture_book_free(&f.book);
	free(pdf);
}
END_TEST

START_TEST(safe_zone_and_size_checkers_reject_bad_words)
{
	struct fixture f;
	char first[200];
	int words;
	/* inside the back; on the spine fold; in the front's bleed */
	const char *html =
		"<word xMin=\"100\" yMin=\"100\" xMax=\"150\" yMax=\"110\">ok</word>"
		"<word xMin=\"440\" yMin=\"100\" xMax=\"445\" yMax=\"110\">fold</word>"
		"<word xMin=\"880\" yMin=\"300\" xMax=\"900\" yMax=\"310\">bleed</word>";

	fixture_init(&f, "6x9", 120, MB_PAPER_WHITE);
	ck_assert_int_eq(words_outside_safe(html, &f, &words, first, sizeof(first)), 2);
	ck_assert_int_eq(words, 3);
	ck_assert_msg(strstr(first, "fold"), "%s", first);
	/* sizes from box heights, and on the spine from widths: "fold" is 5 pt wide there */
	ck_assert_double_eq_tol(smallest_text_pt(html, &f), 5 / 1.1636, 1e-9);
	ck_assert_double_eq_tol(
		smallest_text_pt("<word xMin=\"0\" yMin=\"0\" xMax=\"50\" yMax=\"6.9816\">a</word>",
				 &f), 6, 1e-9);
	ck_assert_double_eq_tol(
		smallest_text_pt("<word xMin=\"445\" yMin=\"40\" xMax=\"453.1452\" yMax=\"80\">a</word>",
				 &f), 7, 1e-9);
	fixture_book_free(&f.book);
}
END_TEST

START_TEST(text_that_cannot_fit_is_refused_without_a_file)
{
	struct fixture f;
	char *pdf = tmp_path("long.pdf");
	char *png = tmp_path("long.png");
	struct mb_error err;
	size_t n = 0;
	char *title = xmalloc(40000);

	for (int i = 0; i < 3000; i++)
		n += (size_t)snprintf(title + n, 40000 - n, "maze ");
	fixture_init(&f, "6x9", 120, MB_PAPER_WHITE);
	f.spec.title = title;
	mb_error_init(&err);
	ck_assert_int_eq(mb_cover_write(&f.spec, &f.book, f.pages, pdf, &err), MB_ERR_INPUT);
	ck_assert_msg(strstr(err.message, "cover title does not fit:") &&
		      strstr(err.message, "lines at 7 pt, room for"), "%s", err.message);
	ck_assert_str_eq(err.file, "book.yaml");
	ck_assert_str_eq(err.field, "title");	/* the build points at the 'title' key */
	ck_assert(!file_exists(pdf));
	mb_error_init(&err);
	ck_assert_int_eq(mb_cover_preview_png(&f.spec, &f.book, f.pages, png, 50, &err),
			 MB_ERR_INPUT);
	ck_assert(!file_exists(png));

	/* a back text of many paragraphs */
	f.spec.title = (char *)"Mazes";
	n = 0;
	for (int i = 0; i < 12; i++)
		n += (size_t)snprintf(title + n, 40000 - n, "%s\n", long_back);
	f.spec.cover.back = title;
	mb_error_init(&err);
	ck_assert_int_eq(mb_cover_write(&f.spec, &f.book, f.pages, pdf, &err), MB_ERR_INPUT);
	ck_assert_msg(strstr(err.message, "cover back text does not fit:"), "%s", err.message);
	ck_assert_str_eq(err.field, "cover.back");
	ck_assert(!file_exists(pdf));

	/* one word wider than the front */
	f.spec.cover.back = NULL;
	memset(title, 'W', 600);
	title[600] = '\0';
	f.spec.title = title;
	mb_error_init(&err);
	ck_assert_int_eq(mb_cover_write(&f.spec, &f.book, f.pages, pdf, &err), MB_ERR_INPUT);
	ck_assert_msg(strstr(err.message, "cover title does not fit"), "%s", err.message);
	ck_assert(!file_exists(pdf));

	free(title);
	fixture_book_free(&f.book);
	free(pdf);
	free(png);
}
END_TEST

START_TEST(same_input_same_bytes)
{
	struct fixture f;
	char *a = tmp_path("a.pdf"), *b = tmp_path("b.pdf"), *c = tmp_path("c.pdf");
	char *da, *db, *dc, *cmd, *info;
	size_t la, lb, lc;

	unsetenv("SOURCE_DATE_EPOCH");
	fixture_init(&f, "6x9", 120, MB_PAPER_WHITE);
	write_ok(&f, a);
	write_ok(&f, b);
	da = slurp(a, &la);
	db = slurp(b, &lb);
	ck_assert_int_eq(la, lb);
	ck_assert(memcmp(da, db, la) == 0);

	/* SOURCE_DATE_EPOCH sets the creation date, so the bytes differ */
	setenv("SOURCE_DATE_EPOCH", "1700000000", 1);
	write_ok(&f, c);
	dc = slurp(c, &lc);
	ck_assert(la != lc || memcmp(da, dc, la) != 0);
	cmd = xasprintf("pdfinfo -isodates '%s'", c);
	info = run(cmd, NULL);
	ck_assert_msg(strstr(info, "2023-11-14T22:13:20"), "%s", info);
	unsetenv("SOURCE_DATE_EPOCH");
	free(info);
	free(cmd);
	free(da);
	free(db);
	free(dc);
	fixture_book_free(&f.book);
	free(a);
	free(b);
	free(c);
}
END_TEST


static long file_size(const char *path)
{
	struct stat st;

	ck_assert_int_eq(stat(path, &st), 0);
	return (long)st.st_size;
}

/*
 * A book grid too fine for the cards (200x200, 120x150): the cover is
 * written, its texts stay in the safe zones, and the cards show coarser
 * stand-ins: the PDF is about the size of an easy book's cover, not one
 * carrying two mazes of tens of thousands of walls.
 */
START_TEST(fine_grid_cover_draws_a_coarser_maze)
{
	static const char *trims[] = { "5x8", "6x9", "8.5x11", "8.25x6" };
	static const int grids[][2] = { { 200, 200 }, { 120, 150 } };
	char *pdf = tmp_path("fine.pdf"), *again = tmp_path("fine2.pdf");

	for (size_t t = 0; t < sizeof(trims) / sizeof(trims[0]); t++) {
		struct fixture f;
		long easy;

		fixture_init(&f, trims[t], 120, MB_PAPER_WHITE);
		write_ok(&f, pdf);
		easy = file_size(pdf);
		for (size_t g = 0; g < sizeof(grids) / sizeof(grids[0]); g++) {
			struct mb_level fine = *f.spec.level;
			char *cmd;
			int rc;

			fixture_book_free(&f.book);
			fine.w = grids[g][0];
			fine.h = grids[g][1];
			fixture_book(&f.book, &fine, 12);
			write_ok(&f, pdf);
			check_safe(&f, pdf);
			ck_assert_msg(file_size(pdf) < easy * 2, "%s %dx%d: %ld bytes, easy %ld",
				      trims[t], fine.w, fine.h, file_size(pdf), easy);
			/* the stand-ins derive from the book: the same book, the same cover */
			write_ok(&f, again);
			cmd = xasprintf("cmp -s '%s' '%s'", pdf, again);
			rc = system(cmd);
			free(cmd);
			ck_assert_msg(rc == 0, "%s %dx%d: two writes differ", trims[t], fine.w,
				      fine.h);
		}
		fixture_book_free(&f.book);
	}
	free(pdf);
	free(again);
}
END_TEST

/* files a and b hold the same bytes */
static bool same_bytes(const char *a, const char *b)
{
	char *cmd = xasprintf("cmp -s '%s' '%s'", a, b);
	int rc = system(cmd);

	free(cmd);
	return rc == 0;
}

/*
 * The core makes the cover's stand-ins for the grids the cards report, and
 * the writer draws the book's: the same bytes as the recipe it used to run
 * itself, and another cover when the book holds another maze there.
 */
START_TEST(cover_mazes_planned_by_the_core)
{
	struct fixture f;
	struct mb_level fine;
	struct mb_cover_grid grids[MB_COVER_CARDS];
	size_t n = 0;
	struct mb_error err;
	char *own = tmp_path("own.pdf"), *planned = tmp_path("planned.pdf");
	char *swapped = tmp_path("swapped.pdf"), buf[700];

	fixture_init(&f, "6x9", 120, MB_PAPER_WHITE);
	f.spec.cover.text_rgb = 0x1a1a1a;	/* the check wants 4.5:1 on the spine */
	fixture_book_free(&f.book);
	fine = *f.spec.level;
	fine.w = 120;
	fine.h = 150;
	fixture_book(&f.book, &fine, 12);
	write_ok(&f, own);

	mb_error_init(&err);
	ck_assert_msg(mb_cover_check(&f.spec, &f.book, f.pages, grids, &n, NULL, 0, &err) == MB_OK, "%s",
		      mb_error_format(&err, buf, sizeof(buf)));
	ck_assert_uint_eq(n, 2);
	ck_assert_str_eq(grids[0].place, "cover-front");
	ck_assert_str_eq(grids[1].place, "cover-back");
	for (size_t i = 0; i < n; i++) {
		ck_assert(grids[i].drawn);
		ck_assert_int_lt(grids[i].w, 120);
		ck_assert_int_lt(grids[i].h, 150);
	}
	ck_assert_int_eq(mb_cover_plan_mazes(&f.spec, &f.book, f.pages, grids, n, &err), MB_OK);
	ck_assert_uint_eq(f.book.extra_count, 2);
	ck_assert_ptr_nonnull(f.book.cover_pattern);
	for (size_t i = 0; i < n; i++) {
		const struct mb_book_extra *e =
			mb_cover_stand_in_of(&f.book, grids[i].place, grids[i].w, grids[i].h);

		ck_assert_ptr_nonnull(e);
		ck_assert_str_eq(e->generator, "backtracker");
		ck_assert_uint_eq(strlen(e->key), MB_CANON_KEY_SIZE - 1);
	}
	/* planning twice keeps one set */
	ck_assert_int_eq(mb_cover_plan_mazes(&f.spec, &f.book, f.pages, grids, n, &err), MB_OK);
	ck_assert_uint_eq(f.book.extra_count, 2);
	write_ok(&f, planned);
	ck_assert_msg(same_bytes(own, planned), "the planned stand-ins are not the recipe's");

	/* another maze in the book's place: the writer draws it, so the cover changes */
	mb_generate(&mb_gen_backtracker, f.book.extras[0].maze, 4242, NULL);
	write_ok(&f, swapped);
	ck_assert_msg(!same_bytes(own, swapped), "the writer ignored the book's stand-in");

	ck_assert_int_eq(mb_cover_plan_mazes(&f.spec, &f.book, 0, grids, n, &err), MB_ERR_INPUT);
	mb_book_release(&f.book);
	free(own);
	free(planned);
	free(swapped);
}
END_TEST

/* mazeproof (beside mazebook) on a PDF: its exit status; its report in *out (owned) */
static int mazeproof_on(const char *pdf, char **out)
{
	const char *mb = getenv("MAZEBOOK");
	char *dir = xasprintf("%s", mb ? mb : "./mazebook"), *slash = strrchr(dir, '/');
	char *cmd;
	int rc;

	if (slash)
		*slash = '\0';
	cmd = xasprintf("'%s/mazeproof' -- '%s' 2>&1", slash ? dir : ".", pdf);
	*out = run(cmd, &rc);
	free(cmd);
	free(dir);
	return rc;
}

/*
 * The cover's proof sheet: the cards' mazes as the cover draws them, black
 * on white, which mazeproof proves; a loop opened in a stand-in fails it.
 */
START_TEST(cover_mazes_proven_by_mazeproof)
{
	struct fixture f;
	struct mb_level fine;
	struct mb_cover_grid grids[MB_COVER_CARDS];
	size_t n = 0, count = 0;
	struct mb_error err;
	char *sheet = tmp_path("sheet.pdf"), *out;
	struct mb_maze *m;
	bool opened = false;

	fixture_init(&f, "8.5x11", 120, MB_PAPER_WHITE);
	f.spec.cover.text_rgb = 0x1a1a1a;
	fixture_book_free(&f.book);
	fine = *f.spec.level;
	fine.w = 120;
	fine.h = 150;
	fixture_book(&f.book, &fine, 12);
	mb_error_init(&err);
	ck_assert_int_eq(mb_cover_check(&f.spec, &f.book, f.pages, grids, &n, NULL, 0, &err), MB_OK);
	ck_assert_int_eq(mb_cover_plan_mazes(&f.spec, &f.book, f.pages, grids, n, &err), MB_OK);
	ck_assert_int_eq(mb_cover_proof_sheet(&f.spec, &f.book, f.pages, sheet, &count, &err),
			 MB_OK);
	ck_assert_uint_eq(count, 2);
	ck_assert_int_eq(mazeproof_on(sheet, &out), 0);
	ck_assert_msg(strstr(out, "2 mazes, 2 passed, 0 failed"), "%s", out);
	free(out);
	/* a wall taken out of the back's stand-in: a loop, and mazeproof says so */
	m = f.book.extras[1].maze;
	for (int y = 0; y < m->h && !opened; y++)
		for (int x = 1; x < m->w && !opened; x++)
			if (mb_maze_wall_v(m, x, y)) {
				mb_maze_link(m, y * m->w + x - 1, y * m->w + x);
				opened = true;
			}
	ck_assert(opened);
	ck_assert_int_eq(mb_cover_proof_sheet(&f.spec, &f.book, f.pages, sheet, &count, &err),
			 MB_OK);
	ck_assert_int_ne(mazeproof_on(sheet, &out), 0);
	ck_assert_msg(strstr(out, "1 passed, 1 failed"), "%s", out);
	free(out);
	mb_book_release(&f.book);
	free(sheet);
}
END_TEST

START_TEST(bad_inputs_fail_cleanly)
{
	struct fixture f;
	char *pdf = tmp_path("bad.pdf");
	struct mb_error err;
	struct mb_book empty = { 0, NULL };

	fixture_init(&f, "6x9", 120, MB_PAPER_WHITE);

	mb_error_init(&err);
	ck_assert_int_eq(mb_cover_write(&f.spec, &f.book, 0, pdf, &err), MB_ERR_INPUT);
	ck_assert_msg(strstr(err.message, "page count 0"), "%s", err.message);

	mb_error_init(&err);
	ck_assert_int_eq(mb_cover_write(&f.spec, &empty, 120, pdf, &err), MB_ERR_INPUT);
	ck_assert_msg(strstr(err.message, "no mazes"), "%s", err.message);

	f.spec.title = (char *)"Bad \xff\xfe title";
	mb_error_init(&err);
	ck_assert_int_eq(mb_cover_write(&f.spec, &f.book, 120, pdf, &err), MB_ERR_INPUT);
	ck_assert_msg(strstr(err.message, "title is not valid UTF-8"), "%s", err.message);

	f.spec.title = NULL;
	mb_error_init(&err);
	ck_assert_int_eq(mb_cover_write(&f.spec, &f.book, 120, pdf, &err), MB_ERR_INPUT);
	ck_assert_msg(strstr(err.message, "needs a title"), "%s", err.message);
	f.spec.title = (char *)"Mazes";

	f.spec.font = (char *)"No Such Font Family Anywhere";
	mb_error_init(&err);
	ck_assert_int_eq(mb_cover_write(&f.spec, &f.book, 120, pdf, &err), MB_ERR_INPUT);
	ck_assert_msg(strstr(err.message, "font 'No Such Font Family Anywhere' not found"), "%s",
		      err.message);

	f.spec.font = (char *)"/nonexistent/font.ttf";
	mb_error_init(&err);
	ck_assert_int_eq(mb_cover_write(&f.spec, &f.book, 120, pdf, &err), MB_ERR_INPUT);
	ck_assert_msg(strstr(err.message, "cannot read font file '/nonexistent/font.ttf'"), "%s",
		      err.message);
	ck_assert(!file_exists(pdf));
	f.spec.font = NULL;

	mb_error_init(&err);
	ck_assert_int_eq(mb_cover_preview_png(&f.spec, &f.book, 120, pdf, 5, &err), MB_ERR_INPUT);
	ck_assert_msg(strstr(err.message, "5 dpi"), "%s", err.message);

	/*
	 * A grid too fine for the cover's cards is drawn from a coarser maze,
	 * not refused; a back text too long for a 4x6 back is blamed the same
	 * with a fine grid as with the medium level's.
	 */
	{
		struct mb_book_spec small;
		struct mb_book big, mid;
		struct mb_level huge = *f.spec.level;
		char msg[sizeof(err.message)];

		huge.w = huge.h = MB_MAZE_MAX_SIDE;
		fixture_spec(&small, "4x6", "easy");
		fixture_book(&big, &huge, 1);
		mb_error_init(&err);
		ck_assert_msg(mb_cover_write(&small, &big, 120, pdf, &err) == MB_OK, "%s",
			      err.message);
		ck_assert(file_exists(pdf));
		unlink(pdf);

		small.cover.back = (char *)long_back;
		mb_error_init(&err);
		ck_assert_int_eq(mb_cover_write(&small, &big, 120, pdf, &err), MB_ERR_INPUT);
		ck_assert_msg(strstr(err.message, "cover back text does not fit"), "%s",
			      err.message);
		ck_assert(!file_exists(pdf));
		snprintf(msg, sizeof(msg), "%s", err.message);
		fixture_book(&mid, mb_level_find("medium"), 1);
		mb_error_init(&err);
		ck_assert_int_eq(mb_cover_write(&small, &mid, 120, pdf, &err), MB_ERR_INPUT);
		ck_assert_str_eq(err.message, msg);
		fixture_book_free(&mid);
		fixture_book_free(&big);
	}

	/* a folder that does not exist */
	mb_error_init(&err);
	ck_assert_int_eq(mb_cover_write(&f.spec, &f.book, 120, "/nonexistent/dir/c.pdf", &err),
			 MB_ERR_IO);
	ck_assert_str_eq(err.message,
			 "cannot write '/nonexistent/dir/c.pdf': No such file or directory");
	fixture_book_free(&f.book);
	free(pdf);
}
END_TEST

START_TEST(font_file_is_used_and_embedded)
{
	struct fixture f;
	char *pdf = tmp_path("serif.pdf");
	char *cmd, *out;
	const char *ttf = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf";

	if (!file_exists(ttf))
		ttf = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf";
	fixture_init(&f, "6x9", 120, MB_PAPER_WHITE);
	f.spec.font = (char *)ttf;
	write_ok(&f, pdf);
	cmd = xasprintf("pdffonts '%s'", pdf);
	out = run(cmd, NULL);
	ck_assert_msg(strstr(out, strstr(ttf, "Serif") ? "DejaVuSerif" : "DejaVuSansMono"), "%s",
		      out);
	free(out);

	/* a fontconfig name with a style: the family is used */
	f.spec.font = (char *)"DejaVu Sans Mono:bold";
	write_ok(&f, pdf);
	out = run(cmd, NULL);
	ck_assert_msg(strstr(out, "DejaVuSansMono"), "%s", out);
	free(out);
	free(cmd);
	fixture_book_free(&f.book);
	free(pdf);
}
END_TEST

/*
 * The feature list's mark is one the font has: DejaVu Serif has no check
 * mark, so its cover takes a bullet rather than DejaVu Sans's check mark
 * through fontconfig's fallback (a second font family on the cover).
 */
START_TEST(feature_mark_is_in_the_font)
{
	struct fixture f;
	char *pdf = tmp_path("mark.pdf");
	char *fonts_cmd = xasprintf("pdffonts '%s'", pdf);
	char *text_cmd = xasprintf("pdftotext '%s' -", pdf);
	char *out;

	fixture_init(&f, "6x9", 120, MB_PAPER_WHITE);
	write_ok(&f, pdf);
	out = run(text_cmd, NULL);
	ck_assert_msg(strstr(out, "\xe2\x9c\x93 12 mazes"), "%s", out);	/* ✓ */
	free(out);

	f.spec.font = (char *)"DejaVu Serif";
	write_ok(&f, pdf);
	out = run(text_cmd, NULL);
	ck_assert_msg(strstr(out, "\xe2\x80\xa2 12 mazes"), "%s", out);	/* • */
	ck_assert_ptr_null(strstr(out, "\xe2\x9c\x93"));
	free(out);
	out = run(fonts_cmd, NULL);
	ck_assert_msg(strstr(out, "DejaVuSerif") && !strstr(out, "DejaVuSans"), "%s", out);
	free(out);
	free(fonts_cmd);
	free(text_cmd);
	fixture_book_free(&f.book);
	free(pdf);
}
END_TEST

/* the cover's words come from the book's one table, for the build's font check too */
START_TEST(cover_words_per_language)
{
	const char *w[MB_LABELS_WORDS_MAX];
	const struct mb_labels *fr = mb_labels_find("fr"), *es = mb_labels_find("es");
	size_t n = mb_labels_words(fr, w, MB_LABELS_WORDS_MAX), m;
	bool depart = false, badge = false;

	ck_assert_uint_ge(n, 20);
	ck_assert_uint_le(n, MB_LABELS_WORDS_MAX);
	for (size_t i = 0; i < n; i++) {
		ck_assert_ptr_nonnull(w[i]);
		depart |= !strcmp(w[i], "D\xc3\x89PART");
		badge |= !strcmp(w[i], "LABYRINTHES");
	}
	ck_assert(depart && badge);
	/* Spanish START is one word inside and on the cover */
	ck_assert_str_eq(es->start, "INICIO");
	ck_assert_ptr_nonnull(strstr(es->cover_blurb, es->start));
	ck_assert_ptr_nonnull(strstr(es->how_to_play, es->start));
	/* max is respected */
	m = mb_labels_words(mb_labels_find(NULL), w, 2);
	ck_assert_uint_eq(m, n);
	ck_assert_str_eq(w[1], "START");
}
END_TEST

/* the RGB of pixel (x, y) of a cairo RGB24 image */
static uint32_t png_rgb(cairo_surface_t *img, int x, int y)
{
	const unsigned char *row = cairo_image_surface_get_data(img) +
				   (size_t)y * cairo_image_surface_get_stride(img);

	return *(const uint32_t *)(row + 4 * x) & 0xffffff;
}

static bool reddish(uint32_t v)
{
	return (v >> 16 & 0xff) > 150 && (v >> 8 & 0xff) < 90 && (v & 0xff) < 90;
}

START_TEST(preview_png_has_cover_size_and_guides)
{
	struct fixture f;
	char *png = tmp_path("preview.png");
	struct mb_error err;
	cairo_surface_t *img;
	int mid, trim_px, hits = 0;

	fixture_init(&f, "6x9", 120, MB_PAPER_WHITE);
	mb_error_init(&err);
	ck_assert_int_eq(mb_cover_preview_png(&f.spec, &f.book, f.pages, png, 50, &err), MB_OK);
	img = cairo_image_surface_create_from_png(png);
	ck_assert_int_eq(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
	ck_assert_int_eq(cairo_image_surface_get_width(img), (int)ceil(f.g.w_in * 50));
	ck_assert_int_eq(cairo_image_surface_get_height(img), (int)ceil(f.g.h_in * 50));
	/* the red trim line crosses the middle row 0.125 in from the left edge */
	mid = cairo_image_surface_get_height(img) / 2;
	trim_px = (int)floor(0.125 * 50);
	for (int x = trim_px - 1; x <= trim_px + 1; x++)
		hits += reddish(png_rgb(img, x, mid));
	ck_assert_msg(hits > 0, "no trim line near x=%d: %06x", trim_px, png_rgb(img, trim_px, mid));
	/* the checker sees no trim line in the PDF itself, which has no guides */
	{
		char *pdf = tmp_path("preview.pdf");
		struct image plain;

		write_ok(&f, pdf);
		render(pdf, 50, &plain);
		for (int x = trim_px - 1; x <= trim_px + 1; x++) {
			const unsigned char *p = pixel(&plain, x, mid);

			ck_assert(!reddish((uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2]));
		}
		free(plain.px);
		free(pdf);
	}
	/* the bleed is washed out: lighter than the background colour */
	ck_assert_int_gt((int)(png_rgb(img, 1, mid) >> 16 & 0xff), 0x1e + 40);
	cairo_surface_destroy(img);

	/*
	 * a disk that fills up while the PNG is written (a file size limit:
	 * writes past it fail with EFBIG) fails naming the file and leaves none
	 */
	{
		struct rlimit old, small;

		ck_assert_int_eq(getrlimit(RLIMIT_FSIZE, &old), 0);
		small = old;
		small.rlim_cur = 4096;
		signal(SIGXFSZ, SIG_IGN);
		ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &small), 0);
		unlink(png);
		mb_error_init(&err);
		ck_assert_int_eq(mb_cover_preview_png(&f.spec, &f.book, f.pages, png, 50, &err),
				 MB_ERR_IO);
		ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &old), 0);
		signal(SIGXFSZ, SIG_DFL);
		ck_assert_msg(strstr(err.message, "cannot write '") && strstr(err.message, png),
			      "%s", err.message);
		ck_assert(!file_exists(png));
	}

	/* out-of-range resolutions are refused and write nothing */
	unlink(png);
	mb_error_init(&err);
	ck_assert_int_eq(mb_cover_preview_png(&f.spec, &f.book, f.pages, png, 2000, &err),
			 MB_ERR_INPUT);
	ck_assert(!file_exists(png));
	fixture_book_free(&f.book);
	free(png);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("cover");
	TCase *tc = tcase_create("cover");

	tcase_add_checked_fixture(tc, setup_tmp, teardown_tmp);
	tcase_add_test(tc, page_size_matches_kdp_formula);
	tcase_add_test(tc, spine_text_only_when_allowed_and_fits);
	tcase_add_test(tc, spine_text_keeps_the_allowance);
	tcase_add_test(tc, fine_grid_cover_draws_a_coarser_maze);
	tcase_add_test(tc, fonts_are_embedded);
	tcase_add_test(tc, barcode_box_is_plain_white);
	tcase_add_test(tc, background_runs_through_bleed_and_folds);
	tcase_add_test(tc, text_inside_safe_zones);
	tcase_add_test(tc, safe_zone_and_size_checkers_reject_bad_words);
	tcase_add_test(tc, text_that_cannot_fit_is_refused_without_a_file);
	tcase_add_test(tc, same_input_same_bytes);
	tcase_add_test(tc, bad_inputs_fail_cleanly);
	tcase_add_test(tc, cover_mazes_planned_by_the_core);
	tcase_add_test(tc, cover_mazes_proven_by_mazeproof);
	tcase_add_test(tc, font_file_is_used_and_embedded);
	tcase_add_test(tc, feature_mark_is_in_the_font);
	tcase_add_test(tc, cover_words_per_language);
	tcase_add_test(tc, preview_png_has_cover_size_and_guides);
	suite_add_tcase(s, tc);
	return s;
}
