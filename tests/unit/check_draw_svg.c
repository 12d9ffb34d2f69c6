/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The SVG writer (include/mazebook/page/draw_svg.h): each kind of op becomes
 * the element it should, groups close where their SAVE ends, text is
 * escaped, and a picture is refused.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "mazebook/page/draw_svg.h"

static int count_of(const char *s, const char *what)
{
	int n = 0;

	for (const char *p = s; (p = strstr(p, what)); p += strlen(what))
		n++;
	return n;
}

START_TEST(ops_become_elements)
{
	struct mb_draw_list *l = mb_draw_new(100, 50);
	struct mb_pen pen = { .width = 2, .rgb = 0x123456, .cap = MB_CAP_ROUND, .ndash = 2,
			      .dash = { 3, 1 } };
	struct mb_paint paint = { .rgb = 0xff0000, .alpha = 0.5, .even_odd = true };
	struct mb_matrix m = { 2, 0, 0, 2, 10, 5 };
	struct mb_text_run run = { .x = 1, .y = 40, .face = MB_FACE_BOLD, .size = 12,
				   .text = "Tom & <Jerry>" };
	char *svg;

	mb_draw_save(l);
	mb_draw_transform(l, &m);
	mb_draw_rect(l, 0, 0, 10, 10);
	mb_draw_clip(l, false);
	mb_draw_move(l, 0, 0);
	mb_draw_line(l, 1, 1);
	mb_draw_line(l, 2, 0);
	mb_draw_stroke(l, &pen);
	mb_draw_restore(l);
	mb_draw_circle(l, 50, 25, 10);
	mb_draw_fill(l, &paint);
	mb_draw_text(l, &run);
	svg = mb_draw_svg(l, 2, "DejaVu Sans", NULL);
	ck_assert_ptr_nonnull(svg);
	ck_assert_ptr_nonnull(strstr(svg, "width=\"200\" height=\"100\" viewBox=\"0 0 100 50\""));
	ck_assert_ptr_nonnull(strstr(svg, "<g transform=\"matrix(2 0 0 2 10 5)\">"));
	ck_assert_ptr_nonnull(strstr(svg, "<clipPath id=\"clip1\"><path d=\"M0 0L10 0L10 10L0 10Z\"/>"));
	ck_assert_ptr_nonnull(strstr(svg, "<polyline fill=\"none\" stroke=\"#123456\" "
					  "stroke-width=\"2\" stroke-linecap=\"round\" "
					  "stroke-dasharray=\"3 1\" points=\"0,0 1,1 2,0\"/>"));
	ck_assert_ptr_nonnull(strstr(svg, "fill=\"#ff0000\" fill-rule=\"evenodd\" fill-opacity=\"0.5\""));
	ck_assert_ptr_nonnull(strstr(svg, ">Tom &amp; &lt;Jerry&gt;</text>"));
	ck_assert_ptr_nonnull(strstr(svg, "font-weight=\"bold\""));
	free(svg);
	/* a turned run turns about its own origin, clockwise as in the list */
	run.angle_deg = -90;
	mb_draw_text(l, &run);
	svg = mb_draw_svg(l, 2, "DejaVu Sans", NULL);
	ck_assert_ptr_nonnull(strstr(svg, " transform=\"rotate(-90 1 40)\">Tom &amp;"));
	ck_assert_int_eq(count_of(svg, "rotate("), 1);
	/* the transform's and the clip's groups both close at the RESTORE, before the circle */
	ck_assert_int_eq(count_of(svg, "<g "), count_of(svg, "</g>"));
	ck_assert(strstr(svg, "</g>\n</g>\n<path d=\"M60 25C") != NULL);
	free(svg);
	mb_draw_free(l);
}
END_TEST

START_TEST(refuses_a_picture)
{
	struct mb_draw_list *l = mb_draw_new(10, 10);
	struct mb_error err;

	mb_error_init(&err);
	mb_draw_image(l, 4, 0, 0, 5, 5);
	ck_assert_ptr_null(mb_draw_svg(l, 1, NULL, &err));
	ck_assert_int_eq(err.code, MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "picture 4"));
	mb_draw_free(l);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("draw_svg");
	TCase *tc = tcase_create("draw_svg");

	tcase_add_test(tc, ops_become_elements);
	tcase_add_test(tc, refuses_a_picture);
	suite_add_tcase(s, tc);
	return s;
}
