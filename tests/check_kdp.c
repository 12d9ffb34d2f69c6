/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* KDP rules: trims, gutter bands, spine and cover against kdp-facts.md's worked examples. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "mazebook/kdp.h"

#include "check_main.h"

START_TEST(worked_example_6x9_120_white)
{
	struct mb_trim trim;
	struct mb_cover_geometry g;

	ck_assert_int_eq(mb_kdp_parse_trim("6x9", &trim, NULL), MB_OK);
	ck_assert(!trim.custom);
	ck_assert(!trim.large);
	mb_kdp_cover_geometry(&trim, 120, MB_PAPER_WHITE, &g);
	ck_assert_double_eq_tol(g.spine_in, 0.27024, 1e-9);
	ck_assert_double_eq_tol(g.w_in, 12.52024, 1e-9);
	ck_assert_double_eq_tol(g.h_in, 9.25, 1e-9);
	/* barcode: 0.25 in left of the spine fold, 0.25 in above the bottom trim */
	ck_assert_double_eq_tol(g.barcode.x + g.barcode.w, 0.125 + 6 - 0.25, 1e-9);
	ck_assert_double_eq_tol(g.barcode.y, 0.125 + 0.25, 1e-9);
	ck_assert_double_eq_tol(g.front.x, 0.125 + 6 + 0.27024, 1e-9);
}
END_TEST

START_TEST(spine_cream_and_text_threshold)
{
	ck_assert_double_eq_tol(mb_kdp_spine_in(200, MB_PAPER_CREAM), 0.5, 1e-12);
	ck_assert(!mb_kdp_spine_text_allowed(78));
	ck_assert(!mb_kdp_spine_text_allowed(79));
	ck_assert(mb_kdp_spine_text_allowed(80));
}
END_TEST

START_TEST(gutter_band_edges)
{
	ck_assert_double_eq(mb_kdp_gutter_in(24), 0.375);
	ck_assert_double_eq(mb_kdp_gutter_in(150), 0.375);
	ck_assert_double_eq(mb_kdp_gutter_in(151), 0.5);
	ck_assert_double_eq(mb_kdp_gutter_in(300), 0.5);
	ck_assert_double_eq(mb_kdp_gutter_in(301), 0.625);
	ck_assert_double_eq(mb_kdp_gutter_in(500), 0.625);
	ck_assert_double_eq(mb_kdp_gutter_in(501), 0.75);
	ck_assert_double_eq(mb_kdp_gutter_in(700), 0.75);
	ck_assert_double_eq(mb_kdp_gutter_in(701), 0.875);
	ck_assert_double_eq(mb_kdp_gutter_in(828), 0.875);
}
END_TEST

START_TEST(trims_listed_custom_and_bad)
{
	struct mb_trim trim;
	struct mb_error err;
	double w, h;

	ck_assert_int_eq(mb_kdp_parse_trim("8.5x11", &trim, NULL), MB_OK);
	ck_assert_int_eq(mb_kdp_max_pages(&trim, MB_PAPER_WHITE), 590);
	ck_assert_int_eq(mb_kdp_max_pages(&trim, MB_PAPER_CREAM), 550);
	ck_assert_int_eq(mb_kdp_parse_trim("8.27x11.69", &trim, NULL), MB_OK);
	ck_assert_int_eq(mb_kdp_max_pages(&trim, MB_PAPER_WHITE), 780);
	ck_assert_int_eq(mb_kdp_parse_trim("6.5x9.5", &trim, NULL), MB_OK);
	ck_assert(trim.custom);
	ck_assert(trim.large);
	mb_error_init(&err);
	ck_assert_int_eq(mb_kdp_parse_trim("9x99", &trim, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "9x99"));
	ck_assert_ptr_nonnull(strstr(err.message, "6x9"));
	ck_assert_int_ne(mb_kdp_parse_trim("six by nine", &trim, NULL), MB_OK);
	mb_error_init(&err);
	ck_assert_int_ne(mb_kdp_parse_trim("6x", &trim, &err), MB_OK);
	ck_assert_ptr_nonnull(strstr(err.message, "bad trim '6x'"));
	/* strtod would read these as hexadecimal and infinity */
	ck_assert_int_ne(mb_kdp_parse_trim("0x6x9", &trim, NULL), MB_OK);
	mb_error_init(&err);
	ck_assert_int_ne(mb_kdp_parse_trim("nanxinf", &trim, &err), MB_OK);
	ck_assert_ptr_nonnull(strstr(err.message, "'nanxinf'"));
	ck_assert_int_ne(mb_kdp_parse_trim("-6x9", &trim, NULL), MB_OK);
	ck_assert_int_ne(mb_kdp_parse_trim("6.0.1x9", &trim, NULL), MB_OK);
	ck_assert_int_eq(mb_kdp_parse_trim(".5x9", &trim, &err), MB_ERR_INPUT);	/* parses, not a KDP size */
	mb_kdp_parse_trim("6x9", &trim, NULL);
	mb_kdp_page_size_in(&trim, true, &w, &h);
	ck_assert_double_eq_tol(w, 6.125, 1e-12);
	ck_assert_double_eq_tol(h, 9.25, 1e-12);
	ck_assert_double_eq(mb_kdp_outside_margin_in(false), 0.25);
	ck_assert_double_eq(mb_kdp_outside_margin_in(true), 0.375);
	ck_assert_str_eq(mb_kdp_version, "kdp-paperback-2026.11");
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("kdp");
	TCase *tc = tcase_create("kdp");

	tcase_add_test(tc, worked_example_6x9_120_white);
	tcase_add_test(tc, spine_cream_and_text_threshold);
	tcase_add_test(tc, gutter_band_edges);
	tcase_add_test(tc, trims_listed_custom_and_bad);
	suite_add_tcase(s, tc);
	return s;
}
