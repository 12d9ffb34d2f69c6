/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* Drawing lists (include/mazebook/page/draw.h): building, shapes, copying. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "check_main.h"
#include "mazebook/page/draw.h"

START_TEST(test_path_and_paint)
{
	struct mb_draw_list *l = mb_draw_new(432, 648);
	struct mb_pen pen = { .width = 1.5, .rgb = 0x000000, .cap = MB_CAP_ROUND };

	mb_draw_rect(l, 10, 20, 30, 40);
	mb_draw_stroke(l, &pen);
	ck_assert_uint_eq(l->count, 6);
	ck_assert_int_eq(l->ops[0].kind, MB_DRAW_MOVE);
	ck_assert_int_eq(l->ops[4].kind, MB_DRAW_CLOSE);
	ck_assert_int_eq(l->ops[5].kind, MB_DRAW_STROKE);
	ck_assert(l->ops[2].u.p[0].x == 40 && l->ops[2].u.p[0].y == 60);
	ck_assert(l->ops[5].u.pen.width == 1.5);
	ck_assert_int_eq(l->ops[5].u.pen.cap, MB_CAP_ROUND);
	mb_draw_clear(l, 100, 200);
	ck_assert_uint_eq(l->count, 0);
	ck_assert(l->width == 100 && l->height == 200);
	mb_draw_free(l);
	mb_draw_free(NULL);
}
END_TEST

START_TEST(test_text_owned_and_append_moves)
{
	struct mb_draw_list *a = mb_draw_new(100, 100), *b = mb_draw_new(100, 100);
	char word[] = "Maze 1";
	struct mb_text_run run = { .x = 5, .y = 6, .size = 12, .text = word };

	mb_draw_text(a, &run);
	word[0] = 'X';		/* the list holds its own copy */
	ck_assert_str_eq(a->ops[0].u.text.text, "Maze 1");
	mb_draw_image(a, 7, 1, 2, 3, 4);
	mb_draw_move(a, 1, 1);
	mb_draw_append(b, a, 10, 20);
	mb_draw_free(a);	/* b's strings survive */
	ck_assert_uint_eq(b->count, 3);
	ck_assert_str_eq(b->ops[0].u.text.text, "Maze 1");
	ck_assert(b->ops[0].u.text.x == 15 && b->ops[0].u.text.y == 26);
	ck_assert_int_eq(b->ops[1].u.image.id, 7);
	ck_assert(b->ops[1].u.image.x == 11 && b->ops[1].u.image.y == 22);
	ck_assert(b->ops[2].u.p[0].x == 11 && b->ops[2].u.p[0].y == 21);
	mb_draw_free(b);
}
END_TEST

/* Every point of the circle's Bezier quarters lies within 0.03 % of r. */
START_TEST(test_circle_is_round)
{
	struct mb_draw_list *l = mb_draw_new(100, 100);
	double cx = 50, cy = 40, r = 30, x0, y0, worst = 0;

	mb_draw_circle(l, cx, cy, r);
	ck_assert_int_eq(l->ops[0].kind, MB_DRAW_MOVE);
	x0 = l->ops[0].u.p[0].x;
	y0 = l->ops[0].u.p[0].y;
	for (int q = 1; q <= 4; q++) {
		const struct mb_point *p = l->ops[q].u.p;

		ck_assert_int_eq(l->ops[q].kind, MB_DRAW_CURVE);
		for (int s = 0; s <= 100; s++) {
			double t = s / 100.0, u = 1 - t;
			double x = u * u * u * x0 + 3 * u * u * t * p[0].x + 3 * u * t * t * p[1].x +
				   t * t * t * p[2].x;
			double y = u * u * u * y0 + 3 * u * u * t * p[0].y + 3 * u * t * t * p[1].y +
				   t * t * t * p[2].y;
			double e = fabs(hypot(x - cx, y - cy) - r);

			if (e > worst)
				worst = e;
		}
		x0 = p[2].x;
		y0 = p[2].y;
	}
	ck_assert_msg(worst < r * 0.0003, "circle off by %g", worst);
	ck_assert(x0 == cx + r && y0 == cy);	/* closed where it began */
	mb_draw_free(l);
}
END_TEST

START_TEST(test_round_rect_clamps_radius)
{
	struct mb_draw_list *l = mb_draw_new(100, 100);

	mb_draw_round_rect(l, 0, 0, 10, 4, 50);	/* r clamps to 2 */
	ck_assert(l->ops[0].u.p[0].x == 2 && l->ops[0].u.p[0].y == 0);
	mb_draw_clear(l, 100, 100);
	mb_draw_round_rect(l, 0, 0, 10, 4, 0);	/* a plain rectangle */
	ck_assert_uint_eq(l->count, 5);
	mb_draw_free(l);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("draw");
	TCase *tc = tcase_create("draw");

	tcase_add_test(tc, test_path_and_paint);
	tcase_add_test(tc, test_text_owned_and_append_moves);
	tcase_add_test(tc, test_circle_is_round);
	tcase_add_test(tc, test_round_rect_clamps_radius);
	suite_add_tcase(s, tc);
	return s;
}
