/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The libharu replayer (src/backend/hpdf/draw_hpdf.c): what a list becomes in
 * a page's content stream (y flipped, grid units under one cm, state
 * written once, widths never rounded under), text measured as libharu
 * measures it, and what an interior page refuses.
 */
#include "config.h"

#include <hpdf.h>
#include <hpdf_pages.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "../../src/backend/hpdf/draw_hpdf.h"
#include "mazebook/backend/fonts.h"
#include "mazebook/page/maze_draw.h"

struct doc {
	HPDF_Doc pdf;
	HPDF_Page page;
	struct mb_hpdf_fonts fonts;
	struct mb_text_metrics tm;
};

static void on_error(HPDF_STATUS e, HPDF_STATUS d, void *data)
{
	(void)data;
	ck_abort_msg("libharu error 0x%04X detail %u", (unsigned)e, (unsigned)d);
}

static void open_doc(struct doc *d, double w, double h)
{
	char path[1024];
	const char *name;

	memset(d, 0, sizeof(*d));
	d->pdf = HPDF_New(on_error, NULL);
	ck_assert_ptr_nonnull(d->pdf);
	HPDF_UseUTFEncodings(d->pdf);
	HPDF_SetCurrentEncoder(d->pdf, "UTF-8");
	ck_assert_int_eq(mb_font_find(NULL, false, path, sizeof(path), NULL), MB_OK);
	name = HPDF_LoadTTFontFromFile(d->pdf, path, HPDF_TRUE);
	ck_assert_ptr_nonnull(name);
	d->fonts.regular = HPDF_GetFont(d->pdf, name, "UTF-8");
	d->page = HPDF_AddPage(d->pdf);
	HPDF_Page_SetWidth(d->page, (HPDF_REAL)w);
	HPDF_Page_SetHeight(d->page, (HPDF_REAL)h);
	mb_hpdf_metrics_init(&d->tm, &d->fonts);
}

/* the page's content stream so far, as a string (caller frees) */
static char *content(struct doc *d)
{
	HPDF_PageAttr attr = (HPDF_PageAttr)d->page->attr;
	HPDF_UINT size = HPDF_Stream_Size(attr->stream), got = size;
	char *s = calloc(size + 1, 1);

	if (size) {
		ck_assert_int_eq(HPDF_Stream_Seek(attr->stream, 0, HPDF_SEEK_SET), HPDF_OK);
		HPDF_Stream_Read(attr->stream, (HPDF_BYTE *)s, &got);
		ck_assert_uint_eq(got, size);
		HPDF_Stream_Seek(attr->stream, 0, HPDF_SEEK_END);
	}
	return s;
}

START_TEST(a_path_flips_and_states_once)
{
	struct doc d;
	struct mb_draw_list *l = mb_draw_new(200, 300);
	struct mb_pen pen = { .width = 2.4, .cap = MB_CAP_ROUND };
	struct mb_paint paint = { .rgb = 0x336699 };
	char *s;

	open_doc(&d, 200, 300);
	mb_draw_move(l, 10, 20);
	mb_draw_line(l, 10.25, 120);
	mb_draw_stroke(l, &pen);
	mb_draw_move(l, 30, 40);
	mb_draw_line(l, 50, 40);
	mb_draw_stroke(l, &pen);	/* the same pen: nothing written again */
	mb_draw_rect(l, 0, 0, 5, 5);
	mb_draw_fill(l, &paint);
	ck_assert_int_eq(mb_hpdf_replay(d.page, l, &d.fonts, NULL), MB_OK);
	s = content(&d);
	ck_assert_str_eq(s, "2.4 w\n1 J\n10 280 m\n10.25 180 l\nS\n30 260 m\n50 260 l\nS\n"
			    "0.2 0.4 0.6 rg\n0 300 m\n5 300 l\n5 295 l\n0 295 l\nh\nf\n");
	free(s);
	mb_draw_free(l);
	HPDF_Free(d.pdf);
}
END_TEST

/* numbers in at most five decimals, rounded, without trailing zeros or "-0" */
START_TEST(numbers_are_written_short_and_rounded)
{
	struct doc d;
	struct mb_draw_list *l = mb_draw_new(1000, 1000);
	struct mb_pen pen = { .width = 1 };
	struct mb_matrix flat = { 1, 0, 0, 1, 0, 0 };
	char *s;

	open_doc(&d, 1000, 1000);
	mb_draw_save(l);
	mb_draw_transform(l, &flat);	/* local units: y as given */
	mb_draw_move(l, 123.456789, -0.000004);
	mb_draw_line(l, -2.5, 0.00001);
	mb_draw_line(l, -0.000016, 999.999996);
	mb_draw_line(l, 0.1 + 0.2, -7.25);
	mb_draw_stroke(l, &pen);
	mb_draw_restore(l);
	ck_assert_int_eq(mb_hpdf_replay(d.page, l, &d.fonts, NULL), MB_OK);
	s = content(&d);
	ck_assert_msg(strstr(s, "123.45679 0 m\n-2.5 0.00001 l\n-0.00002 1000 l\n0.3 -7.25 l\nS\n"),
		      "%s", s);
	free(s);
	mb_draw_free(l);
	HPDF_Free(d.pdf);
}
END_TEST

/* A maze group: one cm in grid units, and a width that, scaled as written, is no thinner */
START_TEST(a_maze_is_written_in_grid_units)
{
	struct doc d;
	struct mb_draw_list *l = mb_draw_new(400, 600);
	struct mb_maze *m = mb_maze_new(2, 1, NULL);
	struct mb_maze_place at = { 36.123456, 80.5, 12.3456789 };
	struct mb_pen pen = { .width = 1.0, .cap = MB_CAP_ROUND, .join = MB_JOIN_ROUND };
	double cell, width;
	char *s, *p;
	const char *head = "q\n12.34568 0 0 -12.34568 36.12346 519.5 cm\n";
	const char *runs = " w\n1 J\n1 j\n1 0 m\n2 0 l\n0 1 m\n1 1 l\n";

	open_doc(&d, 400, 600);
	mb_maze_link(m, 0, 1);
	mb_maze_draw_walls(l, m, &at, &pen);
	ck_assert_int_eq(mb_hpdf_replay(d.page, l, &d.fonts, NULL), MB_OK);
	s = content(&d);
	ck_assert_msg(!strncmp(s, head, strlen(head)), "%s", s);
	p = s + strlen(head);
	width = strtod(p, &p);
	ck_assert_msg(!strncmp(p, runs, strlen(runs)), "%s", s);
	cell = 12.34568;
	ck_assert_msg(width * cell >= 1.0, "%.9g", width * cell);
	ck_assert(width * cell < 1.0 + 2e-4);
	ck_assert_ptr_nonnull(strstr(s, "2 0 m\n2 1 l\nS\nQ\n"));
	free(s);
	mb_maze_free(m);
	mb_draw_free(l);
	HPDF_Free(d.pdf);
}
END_TEST

START_TEST(text_through_libharu)
{
	struct doc d;
	struct mb_draw_list *l = mb_draw_new(200, 300);
	struct mb_text_run run = { .x = 10, .y = 50, .size = 12, .rgb = 0x808080, .text = "Maze 1" };
	double asc, desc, cap, w;
	char *s;

	open_doc(&d, 200, 300);
	mb_draw_text(l, &run);
	run.y = 70;
	mb_draw_text(l, &run);	/* same font and colour: no Tf or g again */
	ck_assert_int_eq(mb_hpdf_replay(d.page, l, &d.fonts, NULL), MB_OK);
	s = content(&d);
	ck_assert_msg(strstr(s, " 12 Tf") && strstr(s, "250 Td") && strstr(s, "230 Td"), "%s", s);
	ck_assert_ptr_null(strstr(strstr(s, " Tf") + 3, " Tf"));
	ck_assert_msg(!strncmp(s, "0.50196 g\n", 10), "%s", s);
	free(s);
	/* widths as libharu's page measures them */
	HPDF_Page_SetFontAndSize(d.page, d.fonts.regular, 12);
	w = mb_text_width(&d.tm, MB_FACE_REGULAR, 12, "Maze 1", 6);
	ck_assert(w == HPDF_Page_TextWidth(d.page, "Maze 1"));
	ck_assert(mb_text_width(&d.tm, MB_FACE_REGULAR, 12, "Maze 1", 4) < w);
	d.tm.extents(d.tm.ctx, MB_FACE_REGULAR, &asc, &desc, &cap);
	ck_assert(asc > 0.8 && asc < 1.0 && desc > 0.1 && desc < 0.4 && cap > 0.6 && cap < asc);
	mb_draw_free(l);
	HPDF_Free(d.pdf);
}
END_TEST

/* A turned run (the spine's) is set by a text matrix: clockwise on the page. */
START_TEST(turned_text_runs_clockwise)
{
	struct doc d;
	struct mb_draw_list *l = mb_draw_new(200, 300);
	struct mb_text_run run = { .x = 20, .y = 50, .size = 10, .text = "Spine",
				   .angle_deg = 90 };
	char *s;

	open_doc(&d, 200, 300);
	mb_draw_text(l, &run);
	ck_assert_int_eq(mb_hpdf_replay(d.page, l, &d.fonts, NULL), MB_OK);
	s = content(&d);
	/* a quarter turn clockwise: the baseline runs down the page (0 -1), the tops face right */
	ck_assert_msg(strstr(s, "0 -1 1 0 20 250 Tm"), "%s", s);
	ck_assert_ptr_null(strstr(s, " Td"));
	free(s);
	mb_draw_free(l);
	HPDF_Free(d.pdf);
}
END_TEST

/* What a RESTORE undoes is written again; text under a transform stands upright. */
START_TEST(state_follows_save_and_restore)
{
	struct doc d;
	struct mb_draw_list *l = mb_draw_new(200, 300);
	struct mb_pen pen = { .width = 2, .rgb = 0x808080 };
	struct mb_matrix m = { 2, 0, 0, 2, 10, 20 };
	struct mb_text_run run = { .x = 3, .y = 4, .size = 10, .text = "A",
				   .outline = 0.5, .outline_rgb = 0xff0000 };
	char *s, *second;

	open_doc(&d, 200, 300);
	mb_draw_save(l);
	mb_draw_move(l, 0, 0);
	mb_draw_line(l, 1, 0);
	mb_draw_stroke(l, &pen);
	mb_draw_restore(l);
	mb_draw_move(l, 0, 0);
	mb_draw_line(l, 1, 0);
	mb_draw_stroke(l, &pen);	/* the Q undid "2 w" and the gray: both again */
	mb_draw_save(l);
	mb_draw_transform(l, &m);
	mb_draw_text(l, &run);
	mb_draw_restore(l);
	mb_draw_text(l, &run);		/* the Q undid Tf: set again */
	ck_assert_int_eq(mb_hpdf_replay(d.page, l, &d.fonts, NULL), MB_OK);
	s = content(&d);
	ck_assert_msg(!strncmp(s, "q\n2 w\n0.50196 G\n0 300 m\n1 300 l\nS\nQ\n"
				  "2 w\n0.50196 G\n0 300 m\n1 300 l\nS\n", 68), "%s", s);
	ck_assert_ptr_nonnull(strstr(s, "2 0 0 -2 10 280 cm\n"));
	ck_assert_ptr_nonnull(strstr(s, "1 0 0 -1 3 4 Tm"));	/* upright in local units */
	ck_assert_ptr_nonnull(strstr(s, "2 Tr"));		/* fill, then stroke the outline */
	ck_assert_ptr_nonnull(strstr(s, "1 0 0 RG"));
	second = strstr(strstr(s, " Tf") + 3, " Tf");
	ck_assert_msg(second != NULL, "%s", s);
	ck_assert_ptr_nonnull(strstr(second, "296 Td"));
	free(s);
	mb_draw_free(l);
	HPDF_Free(d.pdf);
}
END_TEST

/* What an interior page cannot hold is refused, naming it. */
/*
 * A long path in local units is a figure: its bytes are its points and
 * operator only (the state before it stays out), its box holds every
 * point and the pen's reach; a short one, or one in page units, is not.
 */
START_TEST(long_local_paths_are_figures)
{
	struct doc d;
	struct mb_draw_list *l = mb_draw_new(600, 800);
	struct mb_pen pen = { .width = 3, .join = MB_JOIN_ROUND };
	struct mb_pen fine_pen = { .width = 300, .join = MB_JOIN_ROUND };	/* 3 points */
	struct mb_matrix fine = { 0.01, 0, 0, 0.01, 100, 100 };
	struct mb_hpdf_figures figs = { 0 };
	char *c = NULL;
	size_t len = 0;

	open_doc(&d, 600, 800);
	mb_draw_move(l, 1, 1);	/* page units: never a figure, however long */
	for (int i = 0; i < 600; i++)
		mb_draw_line(l, 1 + i % 7, 2 + i);
	mb_draw_stroke(l, &pen);
	mb_draw_save(l);
	mb_draw_transform(l, &fine);
	mb_draw_move(l, -5000, 70);	/* the figure: 400 lines, about 5 KB */
	for (int i = 0; i < 400; i++)
		mb_draw_line(l, 10000 + i, -300 + i * 10);
	mb_draw_stroke(l, &fine_pen);
	mb_draw_move(l, 0, 0);	/* a short one beside it */
	mb_draw_line(l, 10, 10);
	mb_draw_stroke(l, &fine_pen);
	mb_draw_restore(l);
	ck_assert_int_eq(mb_hpdf_replay_take(d.page, l, &d.fonts, &c, &len, &figs, NULL), MB_OK);
	ck_assert_uint_eq(figs.count, 1);
	ck_assert_uint_ge(figs.v[0].len, MB_HPDF_FIGURE_MIN);
	ck_assert_uint_le(figs.v[0].at + figs.v[0].len, len);
	ck_assert_msg(!strncmp(c + figs.v[0].at, "-5000 70 m\n10000 -300 l\n", 24), "%.40s",
		      c + figs.v[0].at);
	ck_assert_msg(!strncmp(c + figs.v[0].at + figs.v[0].len - 15, "10399 3690 l\nS\n", 15),
		      "%.15s", c + figs.v[0].at + figs.v[0].len - 15);
	/* the pen is 300 units wide: its reach, at five widths, is inside the box */
	ck_assert(figs.v[0].box[0] <= -5000 - 5 * 300 && figs.v[0].box[2] >= 10399 + 5 * 300);
	ck_assert(figs.v[0].box[1] <= -300 - 5 * 300 && figs.v[0].box[3] >= 3690 + 5 * 300);
	ck_assert(figs.v[0].box[0] == floor(figs.v[0].box[0]));
	free(c);
	free(figs.v);
	mb_draw_free(l);
	HPDF_Free(d.pdf);
}
END_TEST

START_TEST(refuses_transparency_pictures_and_missing_faces)
{
	struct doc d;
	struct mb_draw_list *l = mb_draw_new(200, 300);
	struct mb_pen pen = { .width = 1, .alpha = 0.5 };
	struct mb_text_run bold = { .face = MB_FACE_BOLD, .size = 10, .text = "x" };
	struct mb_error err = { 0 };

	open_doc(&d, 200, 300);
	mb_draw_move(l, 0, 0);
	mb_draw_line(l, 1, 1);
	mb_draw_stroke(l, &pen);
	ck_assert_int_eq(mb_hpdf_replay(d.page, l, &d.fonts, &err), MB_ERR_INTERNAL);
	ck_assert_ptr_nonnull(strstr(err.message, "translucent line"));
	mb_draw_clear(l, 200, 300);
	mb_draw_image(l, 1, 0, 0, 10, 10);
	memset(&err, 0, sizeof(err));
	ck_assert_int_eq(mb_hpdf_replay(d.page, l, &d.fonts, &err), MB_ERR_INTERNAL);
	ck_assert_ptr_nonnull(strstr(err.message, "picture"));
	mb_draw_clear(l, 200, 300);
	mb_draw_text(l, &bold);	/* no bold face loaded */
	memset(&err, 0, sizeof(err));
	ck_assert_int_eq(mb_hpdf_replay(d.page, l, &d.fonts, &err), MB_ERR_INTERNAL);
	ck_assert_ptr_nonnull(strstr(err.message, "face"));
	mb_draw_free(l);
	HPDF_Free(d.pdf);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("draw_hpdf");
	TCase *tc = tcase_create("draw_hpdf");

	tcase_add_test(tc, a_path_flips_and_states_once);
	tcase_add_test(tc, numbers_are_written_short_and_rounded);
	tcase_add_test(tc, a_maze_is_written_in_grid_units);
	tcase_add_test(tc, text_through_libharu);
	tcase_add_test(tc, turned_text_runs_clockwise);
	tcase_add_test(tc, state_follows_save_and_restore);
	tcase_add_test(tc, long_local_paths_are_figures);
	tcase_add_test(tc, refuses_transparency_pictures_and_missing_faces);
	suite_add_tcase(s, tc);
	return s;
}
