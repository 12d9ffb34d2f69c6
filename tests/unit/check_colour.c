/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* Colour contrast (WCAG 2), cover themes and the badge colour. */
#include "config.h"

#include <string.h>

#include "mazebook/book/colour.h"

#include "check_main.h"

/* WCAG's own examples: black on white 21:1, the same colour 1:1, and a known grey */
START_TEST(contrast_as_wcag_defines_it)
{
	ck_assert_double_eq_tol(mb_colour_luminance(0xffffff), 1.0, 1e-9);
	ck_assert_double_eq_tol(mb_colour_luminance(0x000000), 0.0, 1e-9);
	ck_assert_double_eq_tol(mb_colour_contrast(0x000000, 0xffffff), 21.0, 1e-9);
	ck_assert_double_eq_tol(mb_colour_contrast(0xffffff, 0x000000), 21.0, 1e-9);
	ck_assert_double_eq_tol(mb_colour_contrast(0x1e88e5, 0x1e88e5), 1.0, 1e-9);
	/* #777777 on white is the classic 4.48:1, just under AA */
	ck_assert_double_eq_tol(mb_colour_contrast(0x777777, 0xffffff), 4.48, 0.01);
	/* green weighs most: pure green is lighter than pure red, which is lighter than blue */
	ck_assert(mb_colour_luminance(0x00ff00) > mb_colour_luminance(0xff0000));
	ck_assert(mb_colour_luminance(0xff0000) > mb_colour_luminance(0x0000ff));
	ck_assert_uint_eq(mb_colour_text_on(0xffeb3b), 0x1a1a1a);
	ck_assert_uint_eq(mb_colour_text_on(0x1565c0), 0xffffff);
}
END_TEST

/* the badge keeps the house yellow where it shows, and changes where it would vanish */
START_TEST(badge_stands_out)
{
	uint32_t text, badge;

	ck_assert_uint_eq(mb_colour_badge(0x6a1b9a, &text), 0xffd23f);	/* purple cover */
	ck_assert_uint_eq(text, 0x1a1a1a);
	ck_assert_uint_eq(mb_colour_badge(0x212121, NULL), 0xffd23f);	/* black cover */
	static const uint32_t warm[] = { 0xffeb3b, 0xffd23f, 0xff9800, 0xef6c00, 0xfff176 };
	for (size_t i = 0; i < sizeof(warm) / sizeof(warm[0]); i++) {
		badge = mb_colour_badge(warm[i], &text);
		ck_assert_msg(badge != 0xffd23f, "#%06x kept the yellow badge", warm[i]);
		ck_assert_msg(mb_colour_contrast(badge, warm[i]) >= MB_CONTRAST_BADGE,
			      "#%06x on #%06x: %.2f", badge, warm[i],
			      mb_colour_contrast(badge, warm[i]));
		ck_assert_msg(mb_colour_contrast(badge, text) >= MB_CONTRAST_LARGE_TEXT,
			      "the number on #%06x", badge);
	}
}
END_TEST

START_TEST(themes_read)
{
	char list[256];

	ck_assert_int_ge((int)mb_cover_theme_count, 6);
	for (size_t i = 0; i < mb_cover_theme_count; i++) {
		const struct mb_cover_theme *t = &mb_cover_themes[i];

		ck_assert_ptr_eq(mb_cover_theme_find(t->name), t);
		/* every theme passes the cover's own contrast check */
		ck_assert_msg(mb_colour_contrast(t->background_rgb, t->text_rgb) >= MB_CONTRAST_TEXT,
			      "theme %s: %.2f", t->name,
			      mb_colour_contrast(t->background_rgb, t->text_rgb));
		ck_assert_int_eq(mb_colour_check_cover(t->background_rgb, t->text_rgb, NULL), MB_OK);
	}
	ck_assert_ptr_null(mb_cover_theme_find("Ocean"));
	ck_assert_ptr_null(mb_cover_theme_find(NULL));
	mb_cover_theme_list(list, sizeof(list));
	ck_assert_ptr_nonnull(strstr(list, "ocean, forest"));
}
END_TEST

/* white on yellow fails with the ratio and a colour that passes */
START_TEST(cover_check_names_the_fix)
{
	struct mb_error err;

	mb_error_init(&err);
	ck_assert_int_eq(mb_colour_check_cover(0xffeb3b, 0xffffff, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.field, "cover.text");
	ck_assert_msg(strstr(err.message, "a contrast of 1.2:1") != NULL, "%s", err.message);
	ck_assert_msg(strstr(err.message, "choose text \"#1a1a1a\"") != NULL, "%s", err.message);
	ck_assert_int_eq(mb_colour_check_cover(0xffeb3b, 0x1a1a1a, NULL), MB_OK);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("colour");
	TCase *tc = tcase_create("colour");

	tcase_add_test(tc, contrast_as_wcag_defines_it);
	tcase_add_test(tc, badge_stands_out);
	tcase_add_test(tc, themes_read);
	tcase_add_test(tc, cover_check_names_the_fix);
	suite_add_tcase(s, tc);
	return s;
}


