/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* KDP rules: trims, gutter bands, spine and cover against kdp-facts.md's worked examples. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "mazebook/kdp/kdp.h"

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

/* trims as people write them: names, spaces, units (issue 14, item 8) */
START_TEST(trims_as_people_write_them)
{
	static const char *const letter[] = { "letter", "Letter", "US-Letter", "8.5 x 11",
					      "8.5X11", "8.5in x 11in", "8.5 in x 11 in",
					      "8.5\" x 11\"", " 8.5x11 ", "8.5\xc3\x97" "11",
					      "215.9 x 279.4 mm", "21.59x27.94cm" };
	struct mb_trim trim;
	struct mb_error err;

	for (size_t i = 0; i < sizeof(letter) / sizeof(letter[0]); i++) {
		mb_error_init(&err);
		ck_assert_msg(mb_kdp_parse_trim(letter[i], &trim, &err) == MB_OK, "'%s': %s",
			      letter[i], err.message);
		ck_assert_msg(trim.w_in == 8.5 && trim.h_in == 11 && !trim.custom, "'%s'", letter[i]);
	}
	ck_assert_int_eq(mb_kdp_parse_trim("A4", &trim, NULL), MB_OK);
	ck_assert(trim.w_in == 8.27 && trim.h_in == 11.69 && !trim.custom);
	ck_assert_int_eq(mb_kdp_parse_trim("210x297mm", &trim, NULL), MB_OK);
	ck_assert(trim.w_in == 8.27 && trim.h_in == 11.69 && !trim.custom);
	ck_assert_int_eq(mb_kdp_parse_trim("6x9in", &trim, NULL), MB_OK);
	ck_assert(trim.w_in == 6 && trim.h_in == 9);
	/* still refused, with the forms that work in the message */
	static const char *const bad[] = { "legal x", "6 by 9", "6x9 feet", "6 x", "x 9",
					   "6xx9", "6mmx", "a5", "6x9 in in" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		mb_error_init(&err);
		ck_assert_msg(mb_kdp_parse_trim(bad[i], &trim, &err) == MB_ERR_INPUT, "'%s'", bad[i]);
		ck_assert_msg(strstr(err.message, "letter or A4") != NULL, "%s", err.message);
	}
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

/* the hardcover cover size for every hardcover trim at the fixture page counts, to 0.001 in */
START_TEST(hardcover_fixtures)
{
	static const int pages[] = { 76, 120, 200, 300, 400, 550 };
	static const double spine_6x9[] = { 0.360, 0.459, 0.639, 0.865, 1.090, 1.428 };
	struct mb_print hc = { MB_BINDING_HARDCOVER, MB_INK_BLACK, MB_PAPER_WHITE };
	struct mb_cover_geometry g;
	struct mb_cover_case cc;
	struct mb_trim trim;

	mb_kdp_parse_trim("6x9", &trim, NULL);
	for (size_t i = 0; i < 6; i++) {
		mb_kdp_cover_geometry_for(&trim, pages[i], &hc, &g, &cc);
		ck_assert_double_eq_tol(g.spine_in, spine_6x9[i], 0.0005);
		ck_assert_double_eq_tol(g.w_in, 2 * 6 + spine_6x9[i] + 1.575, 0.001);
		ck_assert_double_eq_tol(g.h_in, 9 + 1.417, 0.001);
	}
	mb_kdp_cover_geometry_for(&trim, 120, &hc, &g, &cc);
	ck_assert_double_eq_tol(g.w_in, 14.034, 0.001);
	ck_assert_double_eq_tol(g.h_in, 10.417, 0.001);
	/* the parts: wrap, boards, hinge */
	ck_assert(cc.hardcover);
	ck_assert_double_eq_tol(cc.wrap_in, 0.591, 0.0005);
	ck_assert_double_eq_tol(g.back.x, 0.591, 0.0005);
	ck_assert_double_eq_tol(g.back.w, 6 + 5 / 25.4, 1e-9);
	ck_assert_double_eq_tol(g.back.h, 9 + 6 / 25.4, 1e-9);
	ck_assert_double_eq_tol(g.front.x + g.front.w + cc.wrap_in, g.w_in, 1e-9);
	ck_assert_double_eq_tol(cc.hinge_back.x + cc.hinge_back.w, g.spine.x, 1e-9);
	ck_assert_double_eq_tol(cc.hinge_front.x, g.front.x, 1e-9);
	ck_assert_double_eq_tol(cc.hinge_in, 10 / 25.4, 1e-9);
	/* the barcode box stays off the hinge */
	ck_assert(g.barcode.x + g.barcode.w <= cc.hinge_back.x - 0.25 + 1e-9);
	ck_assert(g.barcode.y >= g.back.y + 0.25 - 1e-9);
	/* every hardcover trim, every fixture count: the formula */
	for (size_t t = 0; t < mb_kdp_hardcover_trim_count; t++) {
		const struct mb_kdp_hardcover_trim *h = &mb_kdp_hardcover_trims[t];

		ck_assert_int_eq(mb_kdp_trim_for(h->w_in, h->h_in, &trim, NULL), MB_OK);
		ck_assert_int_eq(mb_kdp_print_check(&trim, &hc, NULL), MB_OK);
		for (size_t i = 0; i < 6; i++) {
			double spine = pages[i] * 0.002252 + 0.18898;

			mb_kdp_cover_geometry_for(&trim, pages[i], &hc, &g, NULL);
			ck_assert_double_eq_tol(g.spine_in, spine, 0.0005);
			ck_assert_double_eq_tol(g.w_in, 2 * h->w_in + spine + 1.575, 0.001);
			ck_assert_double_eq_tol(g.h_in, h->h_in + 1.417, 0.001);
		}
	}
	/* cream and premium colour factors, + 4.8 mm */
	hc.paper = MB_PAPER_CREAM;
	ck_assert_double_eq_tol(mb_kdp_spine_in_for(200, &hc), 200 * 0.0025 + 4.8 / 25.4, 1e-9);
	hc.paper = MB_PAPER_WHITE;
	hc.ink = MB_INK_PREMIUM_COLOUR;
	ck_assert_double_eq_tol(mb_kdp_spine_in_for(200, &hc), 200 * 0.002347 + 4.8 / 25.4, 1e-9);
}
END_TEST

/* the paperback through the edition functions gives what it always gave */
START_TEST(paperback_unchanged)
{
	struct mb_print pb = { MB_BINDING_PAPERBACK, MB_INK_BLACK, MB_PAPER_WHITE };
	struct mb_cover_geometry a, b;
	struct mb_cover_case cc;
	struct mb_trim trim;
	int min, max;

	for (size_t t = 0; t < mb_kdp_trim_count; t++) {
		trim = mb_kdp_trims[t];
		for (int paper = 0; paper < 2; paper++) {
			pb.paper = (enum mb_paper)paper;
			for (int pages = 24; pages <= 828; pages += 134) {
				mb_kdp_cover_geometry(&trim, pages, pb.paper, &a);
				mb_kdp_cover_geometry_for(&trim, pages, &pb, &b, &cc);
				ck_assert(!cc.hardcover);
				ck_assert_double_eq_tol(a.w_in, b.w_in, 1e-12);
				ck_assert_double_eq_tol(a.h_in, b.h_in, 1e-12);
				ck_assert_double_eq_tol(a.spine_in, b.spine_in, 1e-12);
				ck_assert_double_eq_tol(a.front.x, b.front.x, 1e-12);
				ck_assert_double_eq_tol(a.barcode.x, b.barcode.x, 1e-12);
			}
			mb_kdp_page_limits(&trim, &pb, &min, &max);
			ck_assert_int_eq(min, 24);
			ck_assert_int_eq(max, mb_kdp_max_pages(&trim, pb.paper));
		}
	}
	/* 6 x 9, 120 pages white: the paperback worked example */
	mb_kdp_parse_trim("6x9", &trim, NULL);
	pb.paper = MB_PAPER_WHITE;
	mb_kdp_cover_geometry_for(&trim, 120, &pb, &b, NULL);
	ck_assert_double_eq_tol(b.w_in, 12.5202, 1e-4);
	ck_assert_double_eq_tol(b.h_in, 9.25, 1e-9);
}
END_TEST

START_TEST(edition_options_and_limits)
{
	struct mb_print p = { MB_BINDING_HARDCOVER, MB_INK_BLACK, MB_PAPER_WHITE };
	struct mb_error err;
	struct mb_trim trim;
	enum mb_binding binding;
	enum mb_ink ink;
	int min, max;

	/* 8.5 x 11 has no hardcover: the message says what to use */
	mb_kdp_parse_trim("8.5x11", &trim, NULL);
	mb_error_init(&err);
	ck_assert_int_eq(mb_kdp_print_check(&trim, &p, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "use 8.25x11"));
	ck_assert_str_eq(err.field, "trim");
	mb_kdp_parse_trim("5x8", &trim, NULL);
	mb_error_init(&err);
	ck_assert_int_eq(mb_kdp_print_check(&trim, &p, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "use 5.5x8.5"));
	/* hardcover: 75 to 550 pages, 76 as an even count */
	mb_kdp_parse_trim("8.25x11", &trim, NULL);
	ck_assert_int_eq(mb_kdp_print_check(&trim, &p, NULL), MB_OK);
	mb_kdp_page_limits(&trim, &p, &min, &max);
	ck_assert_int_eq(min, 76);
	ck_assert_int_eq(max, 550);
	p.paper = MB_PAPER_CREAM;
	ck_assert_int_eq(mb_kdp_print_check(&trim, &p, NULL), MB_OK);
	/* no standard colour hardcover; colour never on cream */
	p.ink = MB_INK_STANDARD_COLOUR;
	p.paper = MB_PAPER_WHITE;
	mb_error_init(&err);
	ck_assert_int_eq(mb_kdp_print_check(&trim, &p, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "not standard colour"));
	p.binding = MB_BINDING_PAPERBACK;
	p.paper = MB_PAPER_CREAM;
	mb_error_init(&err);
	ck_assert_int_eq(mb_kdp_print_check(&trim, &p, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "white paper only"));
	ck_assert_str_eq(err.field, "paper");
	/* standard colour: 72 to 600 pages, not on A4 */
	p.paper = MB_PAPER_WHITE;
	mb_kdp_parse_trim("8.5x11", &trim, NULL);
	ck_assert_int_eq(mb_kdp_print_check(&trim, &p, NULL), MB_OK);
	mb_kdp_page_limits(&trim, &p, &min, &max);
	ck_assert_int_eq(min, 72);
	ck_assert_int_eq(max, 600);
	mb_kdp_parse_trim("8.27x11.69", &trim, NULL);
	mb_error_init(&err);
	ck_assert_int_eq(mb_kdp_print_check(&trim, &p, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "standard colour"));
	/* premium colour: 24 to 828 (590 on 8.5 x 11, 800 on 8.25 x 8.25) */
	p.ink = MB_INK_PREMIUM_COLOUR;
	ck_assert_int_eq(mb_kdp_print_check(&trim, &p, NULL), MB_OK);
	mb_kdp_parse_trim("6x9", &trim, NULL);
	mb_kdp_page_limits(&trim, &p, &min, &max);
	ck_assert_int_eq(min, 24);
	ck_assert_int_eq(max, 828);
	mb_kdp_parse_trim("8.25x8.25", &trim, NULL);
	mb_kdp_page_limits(&trim, &p, &min, &max);
	ck_assert_int_eq(max, 800);
	mb_kdp_parse_trim("8.5x11", &trim, NULL);
	mb_kdp_page_limits(&trim, &p, &min, &max);
	ck_assert_int_eq(max, 590);
	/* premium colour hardcover: the hardcover's 550 */
	p.binding = MB_BINDING_HARDCOVER;
	mb_kdp_parse_trim("6x9", &trim, NULL);
	mb_kdp_page_limits(&trim, &p, &min, &max);
	ck_assert_int_eq(min, 76);
	ck_assert_int_eq(max, 550);
	/* spine factors for colour */
	p.binding = MB_BINDING_PAPERBACK;
	ck_assert_double_eq(mb_kdp_spine_factor(&p), 0.002347);
	p.ink = MB_INK_STANDARD_COLOUR;
	ck_assert_double_eq(mb_kdp_spine_factor(&p), 0.002252);
	/* names */
	ck_assert_int_eq(mb_kdp_parse_binding("hardcover", &binding, NULL), MB_OK);
	ck_assert_int_eq(binding, MB_BINDING_HARDCOVER);
	mb_error_init(&err);
	ck_assert_int_eq(mb_kdp_parse_binding("hardback", &binding, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "valid: paperback, hardcover"));
	ck_assert_int_eq(mb_kdp_parse_ink("premium-colour", &ink, NULL), MB_OK);
	ck_assert_int_eq(ink, MB_INK_PREMIUM_COLOUR);
	mb_error_init(&err);
	ck_assert_int_eq(mb_kdp_parse_ink("premium-color", &ink, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "premium-colour"));
	ck_assert_int_eq(mb_kdp_parse_ink("cmyk", &ink, NULL), MB_ERR_INPUT);
	ck_assert_str_eq(mb_kdp_ink_name(MB_INK_STANDARD_COLOUR), "standard-colour");
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("kdp");
	TCase *tc = tcase_create("kdp");

	tcase_add_test(tc, worked_example_6x9_120_white);
	tcase_add_test(tc, spine_cream_and_text_threshold);
	tcase_add_test(tc, gutter_band_edges);
	tcase_add_test(tc, trims_as_people_write_them);
	tcase_add_test(tc, trims_listed_custom_and_bad);
	tcase_add_test(tc, hardcover_fixtures);
	tcase_add_test(tc, paperback_unchanged);
	tcase_add_test(tc, edition_options_and_limits);
	suite_add_tcase(s, tc);
	return s;
}
