/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The interior PDF writer, checked with tools that share no code with it:
 * poppler's pdfinfo (page sizes and count), pdffonts (embedding),
 * pdftotext (UTF-8 text), pdftoppm (ink inside the live area) and qpdf
 * (the content stream: one m/l pair per wall run). Set MB_KEEP_DIR to keep
 * the PDFs for a look.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mazebook/backend/fonts.h"
#include "mazebook/backend/interior.h"
#include "mazebook/base/rng.h"
#include "mazebook/base/xalloc.h"

#include "check_main.h"
#include "check_util.h"

#define TITLE "Labyrinthe für Kinder"

static char dir[256];

static void make_dir(void)
{
	const char *keep = getenv("MB_KEEP_DIR");

	if (keep) {
		snprintf(dir, sizeof(dir), "%s", keep);
		mkdir(dir, 0777);
		return;
	}
	snprintf(dir, sizeof(dir), "%s/mb-interior-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void remove_dir(void)
{
	char cmd[512];

	if (getenv("MB_KEEP_DIR"))
		return;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}

static void spec_for(struct mb_book_spec *spec, const char *trim, int mazes, bool bleed)
{
	memset(spec, 0, sizeof(*spec));
	spec->title = TITLE;
	spec->subtitle = "30 Rätsel zum Lösen – für schlaue Köpfe";
	spec->author = "Anna Müller";
	spec->level = mb_level_find("easy");
	spec->mazes = mazes;
	ck_assert_int_eq(mb_kdp_parse_trim(trim, &spec->trim, NULL), MB_OK);
	spec->paper = MB_PAPER_WHITE;
	spec->bleed = bleed;
	spec->seed = 7;
	spec->solutions_per_page = 4;
	spec->grid_w = spec->level->w;
	spec->grid_h = spec->level->h;
	spec->language = "de";
	spec->pages.title = spec->pages.copyright = spec->pages.belongs_to = true;
	spec->pages.how_to_play = spec->pages.contents = spec->pages.section_pages = true;
	spec->pages.certificate = true;
}

static void book_for(const struct mb_book_spec *spec, struct mb_book *book)
{
	memset(book, 0, sizeof(*book));
	book->count = (size_t)spec->mazes;
	book->mazes = xcalloc(book->count, sizeof(*book->mazes));
	/* as mb_book_make chooses it */
	book->title_seed = mb_rng_derive(spec->seed, MB_BOOK_TITLE_TAG);
	book->title_maze = mb_maze_new(9, 9, NULL);
	mb_generate(&mb_gen_backtracker, book->title_maze, book->title_seed, NULL);
	for (size_t i = 0; i < book->count; i++) {
		struct mb_book_maze *bm = &book->mazes[i];

		bm->number = (int)i + 1;
		bm->gen = &mb_gen_backtracker;
		bm->seed = mb_rng_derive(spec->seed, i);
		bm->maze = mb_maze_new(spec->grid_w, spec->grid_h, NULL);
		mb_generate(bm->gen, bm->maze, bm->seed, NULL);
		mb_maze_measure(bm->maze, &bm->measures);
		bm->attempts = 1;
	}
}

static void book_free(struct mb_book *book)
{
	for (size_t i = 0; i < book->count; i++)
		mb_maze_free(book->mazes[i].maze);
	free(book->mazes);
	mb_maze_free(book->title_maze);
}

/* Write spec's book to dir/name; the plan stays for the caller. */
static void write_book(const struct mb_book_spec *spec, struct mb_page_plan *plan,
		       const char *name, char *path, size_t size)
{
	struct mb_book book;
	struct mb_error err;

	book_for(spec, &book);
	mb_error_init(&err);
	ck_assert_msg(mb_layout_plan(spec, spec->mazes, plan, &err) == MB_OK, "%s", err.message);
	snprintf(path, size, "%s/%s", dir, name);
	ck_assert_msg(mb_interior_write(spec, &book, plan, path, &err) == MB_OK, "%s",
		      err.message);
	book_free(&book);
}

/* Run a shell command, keep up to size-1 bytes of its output; its exit status. */
static int capture(const char *cmd, char *out, size_t size)
{
	FILE *p = popen(cmd, "r");
	size_t n = 0, got;

	ck_assert_ptr_nonnull(p);
	while ((got = fread(out + n, 1, size - 1 - n, p)) > 0 && n + got < size - 1)
		n += got;
	n += got;
	out[n] = '\0';
	return pclose(p);
}

START_TEST(pages_sizes_fonts_text)
{
	struct mb_book_spec spec;
	struct mb_page_plan plan;
	char path[512], cmd[1024], *out = xmalloc(65536), want[128];
	int pages = 0;

	make_dir();
	spec_for(&spec, "6x9", 30, true);
	write_book(&spec, &plan, "book.pdf", path, sizeof(path));

	snprintf(cmd, sizeof(cmd), "pdfinfo -f 1 -l 999 '%s' 2>&1", path);
	ck_assert_int_eq(capture(cmd, out, 65536), 0);
	{
		char enc[8] = "";

		ck_assert_ptr_nonnull(strstr(out, "Encrypted:"));
		sscanf(strstr(out, "Encrypted:") + 10, "%7s", enc);
		ck_assert_str_eq(enc, "no");
	}
	sscanf(strstr(out, "Pages:") + 6, "%d", &pages);
	ck_assert_int_eq(pages, plan.page_count);
	for (int n = 1; n <= pages; n++) {
		char *line;
		double w, h;

		snprintf(want, sizeof(want), "Page %4d size:", n);
		line = strstr(out, want);
		ck_assert_msg(line != NULL, "no size for page %d", n);
		ck_assert_int_eq(sscanf(line + strlen(want), " %lf x %lf", &w, &h), 2);
		ck_assert_double_eq_tol(w, 6.125 * 72, 0.01);
		ck_assert_double_eq_tol(h, 9.25 * 72, 0.01);
	}

	/* every font embedded: no row of pdffonts says "no" in the emb column */
	snprintf(cmd, sizeof(cmd), "pdffonts '%s' 2>&1", path);
	ck_assert_int_eq(capture(cmd, out, 65536), 0);
	{
		int fonts = 0;
		char *line = strstr(out, "------");

		ck_assert_ptr_nonnull(line);
		while ((line = strchr(line, '\n')) && *++line) {
			char name[256], type[64], t2[64], enc[64], emb[8];

			if (sscanf(line, "%255s %63s %63s %63s %7s", name, type, t2, enc, emb) < 5)
				continue;
			/* "CID TrueType" is two words: the emb column moves one on */
			if (strcmp(type, "CID") == 0)
				sscanf(line, "%255s %63s %63s %63s %7s %7s", name, type, t2, enc,
				       want, emb);
			ck_assert_msg(strcmp(emb, "yes") == 0, "font not embedded: %s", line);
			fonts++;
		}
		ck_assert_int_ge(fonts, 2);
	}

	/* the UTF-8 title reads back from page 1 (where it may wrap: lines joined) */
	snprintf(cmd, sizeof(cmd), "pdftotext -f 1 -l 1 '%s' - 2>/dev/null", path);
	ck_assert_int_eq(capture(cmd, out, 65536), 0);
	for (char *c = out; *c; c++)
		if (*c == '\n')
			*c = ' ';
	ck_assert_msg(strstr(out, TITLE) != NULL, "page 1 text: %s", out);

	/* no annotations, outlines or transparency groups in the file */
	snprintf(cmd, sizeof(cmd),
		 "qpdf --qdf --object-streams=disable '%s' - | grep -a -c -E "
		 "'/Annots|/Outlines|/SMask|/CA |/ca |/Group|DeviceRGB|DeviceCMYK'",
		 path);
	capture(cmd, out, 65536);
	ck_assert_int_eq(atoi(out), 0);
	mb_layout_release(&plan);
	free(out);
	remove_dir();
}
END_TEST

START_TEST(reproducible)
{
	struct mb_book_spec spec;
	struct mb_page_plan plan;
	char a[512], b[512];
	char *x, *y;
	size_t nx, ny;

	make_dir();
	spec_for(&spec, "8.5x11", 30, false);
	write_book(&spec, &plan, "a.pdf", a, sizeof(a));
	mb_layout_release(&plan);
	write_book(&spec, &plan, "b.pdf", b, sizeof(b));
	mb_layout_release(&plan);
	x = slurp(a, &nx);
	y = slurp(b, &ny);
	ck_assert_uint_eq(nx, ny);
	ck_assert(memcmp(x, y, nx) == 0);
	ck_assert_ptr_null(strstr(x, "/CreationDate"));
	free(x);
	free(y);

	/* SOURCE_DATE_EPOCH sets the creation date, and only that */
	setenv("SOURCE_DATE_EPOCH", "1700000000", 1);
	write_book(&spec, &plan, "c.pdf", a, sizeof(a));
	mb_layout_release(&plan);
	unsetenv("SOURCE_DATE_EPOCH");
	x = slurp(a, &nx);
	ck_assert_ptr_nonnull(strstr(x, "D:20231114221320Z"));
	free(x);
	remove_dir();
}
END_TEST

static unsigned char *read_pgm(const char *path, int *w, int *h)
{
	FILE *f = fopen(path, "rb");
	unsigned char *px;
	int maxval;

	ck_assert_msg(f != NULL, "cannot open %s", path);
	ck_assert_int_eq(fscanf(f, "P5 %d %d %d", w, h, &maxval), 3);
	fgetc(f);
	ck_assert_int_eq(maxval, 255);
	px = xmalloc((size_t)*w * (size_t)*h);
	ck_assert_int_eq(fread(px, 1, (size_t)*w * (size_t)*h, f), (size_t)*w * (size_t)*h);
	fclose(f);
	return px;
}

/*
 * Dark pixels of a 72 dpi gray rendering that lie outside rect (PDF points)
 * by more than one pixel (anti-aliasing); *ink counts all dark pixels.
 */
static long ink_outside(const char *pgm, const struct mb_rect_pt *r, double page_h_pt, long *ink)
{
	int w, h;
	unsigned char *px = read_pgm(pgm, &w, &h);
	long outside = 0;
	const double tol = 1.0;

	*ink = 0;
	for (int py = 0; py < h; py++)
		for (int x = 0; x < w; x++) {
			double top = page_h_pt - py, bottom = top - 1;

			if (px[(size_t)py * (size_t)w + (size_t)x] >= 192)
				continue;
			(*ink)++;
			if (x + 1 < r->x - tol || x > r->x + r->w + tol || top < r->y - tol ||
			    bottom > r->y + r->h + tol)
				outside++;
		}
	free(px);
	return outside;
}

static void render(const char *pdf, const char *prefix)
{
	char cmd[1024];

	snprintf(cmd, sizeof(cmd), "pdftoppm -gray -r 72 '%s' '%s' 2>/dev/null", pdf, prefix);
	ck_assert_int_eq(system(cmd), 0);
}

static void pgm_name(char *buf, size_t size, const char *prefix, int n, int pages)
{
	int digits = pages >= 100 ? 3 : pages >= 10 ? 2 : 1;

	snprintf(buf, size, "%s-%0*d.pgm", prefix, digits, n);
}

static void check_ink(const char *trim, bool bleed, int spp, bool one_sided, const char *title)
{
	struct mb_book_spec spec;
	struct mb_page_plan plan;
	char path[512], prefix[512], pgm[600];

	make_dir();
	spec_for(&spec, trim, 30, bleed);
	spec.solutions_per_page = spp;
	spec.one_sided = one_sided;
	if (title)
		spec.title = (char *)title;
	write_book(&spec, &plan, "ink.pdf", path, sizeof(path));
	snprintf(prefix, sizeof(prefix), "%s/ink", dir);
	render(path, prefix);
	for (int n = 1; n <= plan.page_count; n++) {
		struct mb_rect_pt live;
		long ink, out;

		mb_layout_live_area(&plan, n, &live);
		pgm_name(pgm, sizeof(pgm), prefix, n, plan.page_count);
		out = ink_outside(pgm, &live, plan.page_h_pt, &ink);
		ck_assert_msg(out == 0, "%s%s: page %d has %ld dark pixels outside its live area",
			      trim, bleed ? " bleed" : "", n, out);
		if (plan.pages[n - 1].kind == MB_PAGE_BLANK)
			ck_assert_int_eq(ink, 0);
		else
			ck_assert_msg(ink > 100, "page %d is (nearly) empty", n);
		remove(pgm);
	}
	mb_layout_release(&plan);
	remove_dir();
}

START_TEST(ink_inside_live_area_6x9_bleed) { check_ink("6x9", true, 4, false, NULL); }
END_TEST
START_TEST(ink_inside_live_area_letter) { check_ink("8.5x11", false, 9, false, NULL); }
END_TEST
START_TEST(ink_inside_live_area_landscape) { check_ink("8.25x6", false, 6, false, NULL); }
END_TEST
/* one-sided (blank backs stay blank) on the smallest trim, with a title far too long */
START_TEST(ink_inside_live_area_long_title)
{
	check_ink("5x8", false, 1, true,
		  "Das außerordentlich riesengroße Labyrinthabenteuerkompendium für "
		  "alle, die gern mit Bleistiften durch verschlungene Gänge wandern");
}
END_TEST

/* The ink check must be able to fail: the mirror image of a page's live area misses ink. */
START_TEST(ink_check_catches_wrong_margins)
{
	struct mb_book_spec spec;
	struct mb_page_plan plan;
	struct mb_rect_pt live, odd;
	char path[512], prefix[512], pgm[600];
	long ink;

	make_dir();
	spec_for(&spec, "6x9", 30, false);
	write_book(&spec, &plan, "wrong.pdf", path, sizeof(path));
	snprintf(prefix, sizeof(prefix), "%s/wrong", dir);
	render(path, prefix);
	/* an even maze page checked against the odd pages' margins */
	mb_layout_live_area(&plan, 4, &live);
	mb_layout_live_area(&plan, 3, &odd);
	pgm_name(pgm, sizeof(pgm), prefix, 4, plan.page_count);
	ck_assert_int_eq(ink_outside(pgm, &live, plan.page_h_pt, &ink), 0);
	ck_assert_int_gt(ink_outside(pgm, &odd, plan.page_h_pt, &ink), 0);
	mb_layout_release(&plan);
	remove_dir();
}
END_TEST

/* The wall runs of a maze, counted the obvious way: one per maximal straight run. */
static int count_runs(const struct mb_maze *m)
{
	int runs = 0;

	for (int j = 0; j <= m->h; j++)
		for (int x = 0; x < m->w; x++) {
			bool here = j < m->h ? !mb_maze_is_open(m, x, j, MB_NORTH)
					     : !mb_maze_is_open(m, x, m->h - 1, MB_SOUTH);
			bool before = x > 0 && (j < m->h ? !mb_maze_is_open(m, x - 1, j, MB_NORTH)
							 : !mb_maze_is_open(m, x - 1, m->h - 1,
									    MB_SOUTH));
			runs += here && !before;
		}
	for (int i = 0; i <= m->w; i++)
		for (int y = 0; y < m->h; y++) {
			bool here = i < m->w ? !mb_maze_is_open(m, i, y, MB_WEST)
					     : !mb_maze_is_open(m, m->w - 1, y, MB_EAST);
			bool before = y > 0 && (i < m->w ? !mb_maze_is_open(m, i, y - 1, MB_WEST)
							 : !mb_maze_is_open(m, m->w - 1, y - 1,
									    MB_EAST));
			runs += here && !before;
		}
	return runs;
}

START_TEST(walls_are_merged_runs)
{
	struct mb_book_spec spec;
	struct mb_page_plan plan;
	struct mb_book book;
	char path[512], cmd[1024], *qdf, *page, *end;
	size_t len;
	int moves = 0, lines = 0;

	make_dir();
	spec_for(&spec, "8.5x11", 30, false);
	write_book(&spec, &plan, "runs.pdf", path, sizeof(path));
	snprintf(cmd, sizeof(cmd), "qpdf --qdf --object-streams=disable '%s' '%s/runs.qdf'",
		 path, dir);
	ck_assert_int_eq(system(cmd), 0);
	snprintf(cmd, sizeof(cmd), "%s/runs.qdf", dir);
	qdf = slurp(cmd, &len);
	/* maze 1's page, after the front pages */
	snprintf(cmd, sizeof(cmd), "%%%% Contents for page %d\n", plan.maze_page[0]);
	page = strstr(qdf, cmd);
	ck_assert_ptr_nonnull(page);
	end = strstr(page, "endstream");
	ck_assert_ptr_nonnull(end);
	*end = '\0';
	for (char *l = page; (l = strchr(l, '\n')); l++) {
		size_t n = strcspn(l + 1, "\n");

		if (n >= 2 && l[n] == 'm' && l[n - 1] == ' ')
			moves++;
		if (n >= 2 && l[n] == 'l' && l[n - 1] == ' ')
			lines++;
	}
	book_for(&spec, &book);
	/* the walls, plus two arrows of a shaft and a head each */
	ck_assert_int_eq(moves, count_runs(book.mazes[0].maze) + 4);
	ck_assert_int_eq(lines, count_runs(book.mazes[0].maze) + 4 + 2);
	book_free(&book);
	free(qdf);
	mb_layout_release(&plan);
	remove_dir();
}
END_TEST

/* the height pdftotext gives word on page 1 (poppler's box: about 1.16 x the size); 0 if absent */
static double word_height(const char *pdf, const char *word)
{
	char cmd[1024], *out = xmalloc(65536), key[128];
	const char *at;
	double y0 = 0, y1 = 0;

	snprintf(cmd, sizeof(cmd), "pdftotext -bbox -f 1 -l 1 '%s' - 2>/dev/null", pdf);
	ck_assert_int_eq(capture(cmd, out, 65536), 0);
	snprintf(key, sizeof(key), "\">%s</word>", word);
	at = strstr(out, key);
	if (at) {
		while (at > out && strncmp(at, "<word ", 6))
			at--;
		ck_assert_int_eq(sscanf(at, "<word xMin=\"%*f\" yMin=\"%lf\" xMax=\"%*f\" "
					"yMax=\"%lf\"", &y0, &y1), 2);
	}
	free(out);
	return y1 - y0;
}

/*
 * The title page keeps its hierarchy: however far a long title shrinks, the
 * subtitle (and the author) stay at most about 70% of the title's size.
 */
static void check_title_hierarchy(const char *title)
{
	struct mb_book_spec spec;
	struct mb_page_plan plan;
	char path[512];
	double t, sub, au;

	make_dir();
	spec_for(&spec, "6x9", 30, false);
	spec.title = (char *)title;
	spec.subtitle = "Subtitlewords here";
	spec.author = "Authorname";
	write_book(&spec, &plan, "hierarchy.pdf", path, sizeof(path));
	t = word_height(path, "Titleword");
	sub = word_height(path, "Subtitlewords");
	au = word_height(path, "Authorname");
	ck_assert_msg(t > 0 && sub > 0 && au > 0, "words not found: %g %g %g", t, sub, au);
	ck_assert_msg(sub <= 0.72 * t, "subtitle %.1f vs title %.1f", sub, t);
	ck_assert_msg(au <= 0.72 * t, "author %.1f vs title %.1f", au, t);
	mb_layout_release(&plan);
	remove_dir();
}

START_TEST(title_page_hierarchy_short) { check_title_hierarchy("Titleword"); }
END_TEST

START_TEST(title_page_hierarchy_long)
{
	check_title_hierarchy("Titleword Labyrinths and Mazes for Clever Young Explorers Who "
			      "Love Puzzles, Riddles and Long Rainy Afternoons at Home");
}
END_TEST

START_TEST(bad_font_and_bad_path_leave_no_file)
{
	struct mb_book_spec spec;
	struct mb_page_plan plan;
	struct mb_book book;
	struct mb_error err;
	char path[512], font[512];
	FILE *f;

	make_dir();
	spec_for(&spec, "6x9", 30, false);
	book_for(&spec, &book);
	ck_assert_int_eq(mb_layout_plan(&spec, spec.mazes, &plan, NULL), MB_OK);

	/* a "font" file that is not a font */
	snprintf(font, sizeof(font), "%s/not-a-font.ttf", dir);
	f = fopen(font, "w");
	fputs("hello", f);
	fclose(f);
	spec.font = font;
	snprintf(path, sizeof(path), "%s/out.pdf", dir);
	mb_error_init(&err);
	ck_assert_int_eq(mb_interior_write(&spec, &book, &plan, path, &err), MB_ERR_INPUT);
	ck_assert_msg(strstr(err.message, "not-a-font.ttf") != NULL, "%s", err.message);
	ck_assert_int_ne(access(path, F_OK), 0);

	/* a family fontconfig does not have */
	spec.font = "No Such Font Family";
	mb_error_init(&err);
	ck_assert_int_eq(mb_interior_write(&spec, &book, &plan, path, &err), MB_ERR_INPUT);
	ck_assert_msg(strstr(err.message, "No Such Font Family") != NULL, "%s", err.message);

	/* an unknown language */
	spec.font = NULL;
	spec.language = "xx";
	mb_error_init(&err);
	ck_assert_int_eq(mb_interior_write(&spec, &book, &plan, path, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "'xx'"));

	/* a folder that does not exist */
	spec.language = "en";
	snprintf(path, sizeof(path), "%s/no/such/dir/out.pdf", dir);
	mb_error_init(&err);
	ck_assert_int_eq(mb_interior_write(&spec, &book, &plan, path, &err), MB_ERR_IO);
	ck_assert_msg(strstr(err.message, path) != NULL, "%s", err.message);
	ck_assert_int_ne(access(path, F_OK), 0);

	book_free(&book);
	mb_layout_release(&plan);
	remove_dir();
}
END_TEST

START_TEST(font_lookup)
{
	char path[1024];
	struct mb_error err;

	ck_assert_int_eq(mb_font_find(NULL, false, path, sizeof(path), NULL), MB_OK);
	ck_assert_ptr_nonnull(strstr(path, "DejaVuSans"));
	ck_assert_int_eq(mb_font_find(NULL, true, path, sizeof(path), NULL), MB_OK);
	ck_assert_ptr_nonnull(strstr(path, "Bold"));
	ck_assert_int_eq(mb_font_find("DejaVu Serif", true, path, sizeof(path), NULL), MB_OK);
	ck_assert_ptr_nonnull(strstr(path, "DejaVuSerif-Bold"));
	mb_error_init(&err);
	ck_assert_int_eq(mb_font_find("/no/such/font.ttf", false, path, sizeof(path), &err),
			 MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "/no/such/font.ttf"));
}
END_TEST

/* the font's coverage, read by fontconfig, finds what DejaVu Sans cannot print */
START_TEST(font_coverage)
{
	char regular[1024], name[256];
	uint32_t cp = 1;
	struct mb_error err;
	const struct mb_font_text texts[] = {
		{ "author", "the author", "Anna Müller" },
		{ "cover.back", "the back cover text", "line one\nline two – “quoted”" },
		{ "title", "the title",
		  "Mazes \xf0\x9f\x90\xb1 \xe6\x97\xa5\xe6\x9c\xac for Kids" },
	};

	ck_assert_int_eq(mb_font_find(NULL, false, regular, sizeof(regular), NULL), MB_OK);
	ck_assert_int_eq(mb_font_first_missing(regular, "Labyrinthe für Kinder ©", &cp, name,
					       sizeof(name), NULL), MB_OK);
	ck_assert_uint_eq(cp, 0);
	ck_assert_str_eq(name, "DejaVu Sans");
	ck_assert_int_eq(mb_font_first_missing(regular, "ab\xe6\x97\xa5" "c", &cp, NULL, 0, NULL),
			 MB_OK);
	ck_assert_uint_eq(cp, 0x65e5);
	/* bad UTF-8 and a file that is no font fail */
	mb_error_init(&err);
	ck_assert_int_eq(mb_font_first_missing(regular, "a\xff", &cp, NULL, 0, &err),
			 MB_ERR_INPUT);
	mb_error_init(&err);
	ck_assert_int_eq(mb_font_first_missing("/etc/hostname", "a", &cp, NULL, 0, &err),
			 MB_ERR_INPUT);
	ck_assert_str_eq(err.field, "font");

	/* the first two texts print; the title names its first missing character */
	ck_assert_int_eq(mb_font_check_texts(NULL, NULL, texts, 2, NULL), MB_OK);
	mb_error_init(&err);
	ck_assert_int_eq(mb_font_check_texts(NULL, NULL, texts, 3, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.field, "title");
	ck_assert_str_eq(err.message,
			 "the title has a character the font cannot print: '\xe6\x97\xa5' (U+65E5) "
			 "is not in DejaVu Sans; choose a font that has it with 'font:'");
	/* a font that cannot be found fails as mb_font_find, naming the font key */
	mb_error_init(&err);
	ck_assert_int_eq(mb_font_check_texts("No Such Font Family", NULL, texts, 1, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.field, "font");
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("interior");
	TCase *tc = tcase_create("interior");

	tcase_add_test(tc, pages_sizes_fonts_text);
	tcase_add_test(tc, reproducible);
	tcase_add_test(tc, ink_inside_live_area_6x9_bleed);
	tcase_add_test(tc, ink_inside_live_area_letter);
	tcase_add_test(tc, ink_inside_live_area_landscape);
	tcase_add_test(tc, ink_inside_live_area_long_title);
	tcase_add_test(tc, ink_check_catches_wrong_margins);
	tcase_add_test(tc, walls_are_merged_runs);
	tcase_add_test(tc, bad_font_and_bad_path_leave_no_file);
	tcase_add_test(tc, font_lookup);
	tcase_add_test(tc, font_coverage);
	tcase_add_test(tc, title_page_hierarchy_short);
	tcase_add_test(tc, title_page_hierarchy_long);
	suite_add_tcase(s, tc);
	return s;
}
