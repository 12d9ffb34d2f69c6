/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The interior's page composer (include/mazebook/page/pages.h), without any
 * PDF: each page kind's drawing list has what it must (its folio, its
 * words, its mazes where the layout puts them, everything inside the live
 * area), a colour book colours only START, FINISH and the routes, and the
 * checkers used here fail on a list that breaks them. Text is measured by
 * a fixed-pitch stand-in for a font.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "mazebook/base/rng.h"
#include "mazebook/base/xalloc.h"
#include "mazebook/gen/generator.h"
#include "mazebook/maze/measure.h"
#include "mazebook/page/pages.h"
#include "mazebook/page/text_fit.h"

/* every character (not byte) 0.55 em wide: a stand-in for a font */
static double pitch_width(void *ctx, enum mb_face face, double size, const char *s, size_t n)
{
	size_t chars = 0;

	(void)ctx;
	for (size_t i = 0; i < n; i++)
		chars += ((unsigned char)s[i] & 0xc0) != 0x80;
	return chars * size * (face == MB_FACE_BOLD ? 0.6 : 0.55);
}

static void pitch_extents(void *ctx, enum mb_face face, double *a, double *d, double *cap)
{
	(void)ctx;
	(void)face;
	*a = 0.93;
	*d = 0.24;
	*cap = 0.73;
}

static const struct mb_text_metrics pitch = { NULL, pitch_width, pitch_extents };

struct fixture {
	struct mb_book_spec spec;
	struct mb_book book;
	struct mb_page_plan plan;
	struct mb_page_context ctx;
	struct mb_draw_list *l;
};

static void setup(struct fixture *f, const char *trim, int per_page, bool colour)
{
	struct mb_error err;

	memset(f, 0, sizeof(*f));
	f->spec.title = "Mazes for Clever Kids";
	f->spec.subtitle = "Thirty puzzles to solve";
	f->spec.author = "Anna Miller";
	f->spec.imprint = "Small Press";
	f->spec.level = mb_level_find("easy");
	f->spec.mazes = colour ? 60 : 24;	/* KDP prints colour from 72 pages */
	ck_assert_int_eq(mb_kdp_parse_trim(trim, &f->spec.trim, NULL), MB_OK);
	f->spec.paper = MB_PAPER_WHITE;
	f->spec.seed = 7;
	f->spec.print_seed = true;
	f->spec.solutions_per_page = per_page;
	f->spec.grid_w = f->spec.level->w;
	f->spec.grid_h = f->spec.level->h;
	f->spec.language = "en";
	f->spec.pages.title = f->spec.pages.copyright = f->spec.pages.belongs_to = true;
	f->spec.pages.how_to_play = f->spec.pages.contents = f->spec.pages.section_pages = true;
	f->spec.pages.certificate = true;
	f->spec.ink = colour ? MB_INK_STANDARD_COLOUR : MB_INK_BLACK;
	f->spec.palette.start_rgb = 0x2e7d32;
	f->spec.palette.finish_rgb = 0xc62828;
	f->spec.palette.route_rgb = 0x1e88e5;
	f->book.count = (size_t)f->spec.mazes;
	f->book.mazes = xcalloc(f->book.count, sizeof(*f->book.mazes));
	f->book.title_maze = mb_maze_new(9, 9, NULL);
	mb_generate(&mb_gen_backtracker, f->book.title_maze, 99, NULL);
	for (size_t i = 0; i < f->book.count; i++) {
		struct mb_book_maze *bm = &f->book.mazes[i];

		bm->number = (int)i + 1;
		bm->gen = &mb_gen_backtracker;
		bm->seed = mb_rng_derive(7, i);
		bm->maze = mb_maze_new(f->spec.grid_w, f->spec.grid_h, NULL);
		mb_generate(bm->gen, bm->maze, bm->seed, NULL);
	}
	mb_error_init(&err);
	ck_assert_msg(mb_layout_plan(&f->spec, f->spec.mazes, &f->plan, &err) == MB_OK, "%s",
		      err.message);
	f->ctx.spec = &f->spec;
	f->ctx.book = &f->book;
	f->ctx.plan = &f->plan;
	f->ctx.labels = mb_labels_find("en");
	f->ctx.metrics = &pitch;
	f->ctx.colour = colour;
	f->l = mb_draw_new(1, 1);
}

static void teardown(struct fixture *f)
{
	for (size_t i = 0; i < f->book.count; i++)
		mb_maze_free(f->book.mazes[i].maze);
	free(f->book.mazes);
	mb_maze_free(f->book.title_maze);
	mb_layout_release(&f->plan);
	mb_draw_free(f->l);
}

/* the first page of a kind */
static int page_of(const struct fixture *f, enum mb_page_kind kind)
{
	for (int n = 1; n <= f->plan.page_count; n++)
		if (f->plan.pages[n - 1].kind == kind)
			return n;
	ck_abort_msg("no page of kind %d", (int)kind);
	return 0;
}

/* the text run that reads text, or NULL */
static const struct mb_text_run *find_text(const struct mb_draw_list *l, const char *text)
{
	for (size_t i = 0; i < l->count; i++)
		if (l->ops[i].kind == MB_DRAW_TEXT && !strcmp(l->ops[i].u.text.text, text))
			return &l->ops[i].u.text;
	return NULL;
}

/* a maze group: its transform and the pen it is stroked with */
struct group {
	struct mb_matrix m;
	struct mb_pen pen;	/* in grid units */
};

static int groups(const struct mb_draw_list *l, struct group *out, int most)
{
	int n = 0;

	for (size_t i = 0; i < l->count; i++) {
		if (l->ops[i].kind != MB_DRAW_TRANSFORM)
			continue;
		ck_assert_int_lt(n, most);
		out[n].m = l->ops[i].u.matrix;
		while (l->ops[i].kind != MB_DRAW_STROKE)
			i++;
		out[n++].pen = l->ops[i].u.pen;
	}
	return n;
}

/*
 * Is everything the list draws inside rect (PDF points, y up)? Text by
 * its advance and the ascent and descent ASCENT / DESCENT of its size,
 * paths by their points (those under a transform mapped to the page),
 * walls and routes by half their pen. NULL, or what is outside.
 */
static const char *outside(const struct mb_draw_list *l, const struct mb_rect_pt *r)
{
	static char why[160];
	double x0 = r->x - 0.01, x1 = r->x + r->w + 0.01;
	double y0 = l->height - (r->y + r->h) - 0.01, y1 = l->height - r->y + 0.01;
	const struct mb_matrix *m = NULL;

	for (size_t i = 0; i < l->count; i++) {
		const struct mb_draw_op *op = &l->ops[i];

		if (op->kind == MB_DRAW_TRANSFORM)
			m = &op->u.matrix;
		if (op->kind == MB_DRAW_RESTORE)
			m = NULL;
		if (op->kind == MB_DRAW_TEXT) {
			const struct mb_text_run *t = &op->u.text;
			double w = pitch_width(NULL, t->face, t->size, t->text, strlen(t->text));

			if (t->x < x0 || t->x + w > x1 || t->y - t->size * 0.93 < y0 ||
			    t->y + t->size * 0.24 > y1) {
				snprintf(why, sizeof(why), "text '%s' at (%g, %g)", t->text, t->x,
					 t->y);
				return why;
			}
		}
		if (op->kind == MB_DRAW_MOVE || op->kind == MB_DRAW_LINE) {
			double x = op->u.p[0].x, y = op->u.p[0].y;

			if (m) {
				x = m->a * op->u.p[0].x + m->e;
				y = m->d * op->u.p[0].y + m->f;
			}
			if (x < x0 || x > x1 || y < y0 || y > y1) {
				snprintf(why, sizeof(why), "a point at (%g, %g) (op %zu)", x, y, i);
				return why;
			}
		}
	}
	return NULL;
}

START_TEST(maze_page_has_heading_labels_maze_and_folio)
{
	struct fixture f;
	struct mb_rect_pt live;
	struct mb_maze_geometry g;
	struct group gr[4];
	const struct mb_text_run *t;
	char num[16];
	double fx, fy;
	int n;

	setup(&f, "6x9", 4, false);
	n = page_of(&f, MB_PAGE_MAZE);
	mb_page_compose(&f.ctx, n, f.l);
	ck_assert(f.l->width == f.plan.page_w_pt && f.l->height == f.plan.page_h_pt);
	ck_assert_ptr_nonnull(find_text(f.l, "Maze 1"));
	ck_assert_ptr_nonnull(find_text(f.l, f.ctx.labels->start));
	ck_assert_ptr_nonnull(find_text(f.l, f.ctx.labels->finish));
	/* the folio, centred where the layout puts it */
	snprintf(num, sizeof(num), "%d", n);
	t = find_text(f.l, num);
	ck_assert_ptr_nonnull(t);
	mb_layout_folio(&f.plan, n, &fx, &fy);
	ck_assert(fabs(t->x + pitch_width(NULL, t->face, t->size, num, strlen(num)) / 2 - fx) <
		  1e-9);
	ck_assert(fabs(t->y - (f.l->height - fy)) < 1e-9);
	/* one maze, black, where the layout puts it */
	ck_assert_int_eq(groups(f.l, gr, 4), 1);
	mb_layout_maze_page(&f.plan, n, f.spec.grid_w, f.spec.grid_h, &g);
	ck_assert(gr[0].m.a == g.cell_pt && gr[0].m.e == g.x);
	ck_assert(fabs(gr[0].m.f - (f.l->height - mb_maze_geometry_top(&g))) < 1e-9);
	ck_assert(fabs(gr[0].pen.width * g.cell_pt - g.wall_pt) < 1e-9);
	ck_assert_uint_eq(gr[0].pen.rgb, 0);
	mb_layout_live_area(&f.plan, n, &live);
	ck_assert_ptr_null(outside(f.l, &live));
	teardown(&f);
}
END_TEST

START_TEST(solutions_page_has_each_route_under_its_walls)
{
	struct fixture f;
	struct mb_rect_pt live;
	struct group gr[20];
	const struct mb_page *pg;
	char label[64];
	int n, count;

	setup(&f, "6x9", 4, false);
	n = page_of(&f, MB_PAGE_SOLUTIONS);
	pg = &f.plan.pages[n - 1];
	ck_assert_int_eq(pg->count, 4);
	mb_page_compose(&f.ctx, n, f.l);
	ck_assert_ptr_nonnull(find_text(f.l, f.ctx.labels->solutions));
	for (int i = 0; i < pg->count; i++) {
		mb_labels_format(f.ctx.labels->solution_short, pg->first + i + 1,
				 f.plan.maze_page[pg->first + i], label, sizeof(label));
		ck_assert_msg(find_text(f.l, label), "no label '%s'", label);
	}
	/* route (gray) then walls (black) for each maze */
	count = groups(f.l, gr, 20);
	ck_assert_int_eq(count, 2 * pg->count);
	for (int i = 0; i < count; i += 2) {
		ck_assert_uint_eq(gr[i].pen.rgb, 0x8c8c8c);
		ck_assert_uint_eq(gr[i + 1].pen.rgb, 0);
		ck_assert(gr[i].m.e == gr[i + 1].m.e && gr[i].m.f == gr[i + 1].m.f);
	}
	mb_layout_live_area(&f.plan, n, &live);
	ck_assert_ptr_null(outside(f.l, &live));
	teardown(&f);
}
END_TEST

START_TEST(title_and_front_pages_say_what_they_must)
{
	struct fixture f;
	struct mb_rect_pt live;
	const struct mb_text_run *title, *author;
	struct group gr[2];
	char line[128];
	int n;

	setup(&f, "8.5x11", 4, false);
	n = page_of(&f, MB_PAGE_TITLE);
	mb_page_compose(&f.ctx, n, f.l);
	title = find_text(f.l, f.spec.title);
	author = find_text(f.l, f.spec.author);
	ck_assert_ptr_nonnull(title);
	ck_assert_ptr_nonnull(author);
	ck_assert_ptr_nonnull(find_text(f.l, f.spec.subtitle));
	ck_assert_int_eq(title->face, MB_FACE_BOLD);
	ck_assert(title->size > author->size);
	ck_assert(title->y < author->y);	/* the title above, the author at the foot */
	ck_assert_int_eq(groups(f.l, gr, 2), 1);	/* the title page's maze */
	ck_assert_ptr_null(find_text(f.l, "1"));	/* no folio on the title page */
	mb_layout_live_area(&f.plan, n, &live);
	ck_assert_ptr_null(outside(f.l, &live));

	n = page_of(&f, MB_PAGE_HOW_TO_PLAY);
	mb_page_compose(&f.ctx, n, f.l);
	ck_assert_ptr_nonnull(find_text(f.l, f.ctx.labels->how_to_play_title));
	snprintf(line, sizeof(line), "%s: %s", f.ctx.labels->level,
		 mb_labels_level_name(f.ctx.labels, "easy"));
	ck_assert_ptr_nonnull(find_text(f.l, line));
	snprintf(line, sizeof(line), "%s: 24", f.ctx.labels->mazes);
	ck_assert_ptr_nonnull(find_text(f.l, line));
	mb_layout_live_area(&f.plan, n, &live);
	ck_assert_ptr_null(outside(f.l, &live));

	/* the copyright page: the seed (print_seed), copyright and imprint */
	n = page_of(&f, MB_PAGE_COPYRIGHT);
	mb_page_compose(&f.ctx, n, f.l);
	snprintf(line, sizeof(line), "%s: 7", f.ctx.labels->seed);
	ck_assert_ptr_nonnull(find_text(f.l, line));
	ck_assert_ptr_nonnull(find_text(f.l, "Copyright © Anna Miller"));
	ck_assert_ptr_nonnull(find_text(f.l, "Published by Small Press"));
	mb_layout_live_area(&f.plan, n, &live);
	ck_assert_ptr_null(outside(f.l, &live));
	teardown(&f);
}
END_TEST

START_TEST(blank_page_is_empty)
{
	struct fixture f;

	setup(&f, "6x9", 4, false);
	mb_draw_move(f.l, 1, 1);	/* composing clears what was there */
	for (int n = 1; n <= f.plan.page_count; n++) {
		if (f.plan.pages[n - 1].kind != MB_PAGE_BLANK)
			continue;
		mb_page_compose(&f.ctx, n, f.l);
		ck_assert_uint_eq(f.l->count, 0);
	}
	teardown(&f);
}
END_TEST

/* Every page of several trims and solution grids stays inside its live area. */
START_TEST(every_page_inside_its_live_area)
{
	static const char *const trims[] = { "6x9", "8.5x11", "8.25x6", "5x8" };
	static const int per_page[] = { 1, 2, 6, 9 };

	for (int k = 0; k < 4; k++) {
		struct fixture f;

		setup(&f, trims[k], per_page[k], false);
		for (int n = 1; n <= f.plan.page_count; n++) {
			struct mb_rect_pt live;
			const char *why;

			mb_page_compose(&f.ctx, n, f.l);
			mb_layout_live_area(&f.plan, n, &live);
			why = outside(f.l, &live);
			ck_assert_msg(!why, "%s page %d: %s", trims[k], n, why);
		}
		teardown(&f);
	}
}
END_TEST

START_TEST(colour_book_colours_marks_not_walls)
{
	struct fixture f;
	struct group gr[20];
	int n, count;

	setup(&f, "6x9", 4, true);
	n = page_of(&f, MB_PAGE_MAZE);
	mb_page_compose(&f.ctx, n, f.l);
	ck_assert_uint_eq(find_text(f.l, f.ctx.labels->start)->rgb, 0x2e7d32);
	ck_assert_uint_eq(find_text(f.l, f.ctx.labels->finish)->rgb, 0xc62828);
	ck_assert_uint_eq(find_text(f.l, "Maze 1")->rgb, 0);
	ck_assert_int_eq(groups(f.l, gr, 20), 1);
	ck_assert_uint_eq(gr[0].pen.rgb, 0);
	n = page_of(&f, MB_PAGE_SOLUTIONS);
	mb_page_compose(&f.ctx, n, f.l);
	count = groups(f.l, gr, 20);
	for (int i = 0; i < count; i++)
		ck_assert_uint_eq(gr[i].pen.rgb, i % 2 ? 0 : 0x1e88e5);
	teardown(&f);
}
END_TEST

/* The live-area checker sees text and a maze moved out of it. */
START_TEST(outside_checker_fails_on_broken_input)
{
	struct fixture f;
	struct mb_rect_pt live;
	int n;

	setup(&f, "6x9", 4, false);
	n = page_of(&f, MB_PAGE_MAZE);
	mb_layout_live_area(&f.plan, n, &live);
	mb_page_compose(&f.ctx, n, f.l);
	ck_assert_ptr_null(outside(f.l, &live));
	for (size_t i = 0; i < f.l->count; i++)
		if (f.l->ops[i].kind == MB_DRAW_TEXT) {
			f.l->ops[i].u.text.x = live.x + live.w - 2;	/* runs off the right */
			break;
		}
	ck_assert_ptr_nonnull(outside(f.l, &live));
	mb_page_compose(&f.ctx, n, f.l);
	for (size_t i = 0; i < f.l->count; i++)
		if (f.l->ops[i].kind == MB_DRAW_TRANSFORM)
			f.l->ops[i].u.matrix.a *= 1.5;	/* the maze grows past the margin */
	ck_assert_ptr_nonnull(outside(f.l, &live));
	teardown(&f);
}
END_TEST

/* A word too wide for the copyright page's line is refused, naming the key. */
START_TEST(check_words_refuses_a_long_word)
{
	struct fixture f;
	struct mb_error err;

	setup(&f, "5x8", 4, false);
	mb_error_init(&err);
	ck_assert_int_eq(mb_page_check_words(&f.ctx, &err), MB_OK);
	f.spec.title = "Supercalifragilisticexpialidociousmazesforeveryoneandmore";
	ck_assert_int_eq(mb_page_check_words(&f.ctx, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.field, "title");
	ck_assert_ptr_nonnull(strstr(err.message, "too long"));
	teardown(&f);
}
END_TEST

/* The text fitter: shrinking, wrapping, and KDP's floor for a word that never fits. */
START_TEST(text_fit_shrinks_and_wraps)
{
	double widest;
	int lines;

	/* 10 characters at 10 pt are 55 pt: fits 60 at 10, needs 7 pt for 40 */
	ck_assert(mb_text_fit_size(&pitch, MB_FACE_REGULAR, 10, 5, 60, 1, "abcdefghij") == 10);
	ck_assert(mb_text_fit_size(&pitch, MB_FACE_REGULAR, 10, 5, 40, 1, "abcdefghij") == 7);
	lines = mb_text_wrap(&pitch, MB_FACE_REGULAR, 10, "aa bb  cc", 30, &widest, NULL, NULL);
	ck_assert_int_eq(lines, 2);	/* "aa bb" is 27.5 pt, "aa bb cc" 44 */
	ck_assert(widest == 11);
	ck_assert(mb_text_fit_size(&pitch, MB_FACE_REGULAR, 10, 8, 5, 1, "abcdefghij") ==
		  mb_kdp.min_font_pt);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("pages");
	TCase *tc = tcase_create("pages");

	tcase_add_test(tc, maze_page_has_heading_labels_maze_and_folio);
	tcase_add_test(tc, solutions_page_has_each_route_under_its_walls);
	tcase_add_test(tc, title_and_front_pages_say_what_they_must);
	tcase_add_test(tc, blank_page_is_empty);
	tcase_add_test(tc, every_page_inside_its_live_area);
	tcase_add_test(tc, colour_book_colours_marks_not_walls);
	tcase_add_test(tc, outside_checker_fails_on_broken_input);
	tcase_add_test(tc, check_words_refuses_a_long_word);
	tcase_add_test(tc, text_fit_shrinks_and_wraps);
	suite_add_tcase(s, tc);
	return s;
}
