/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* Strict number parsing: what a user may type for --seed, --count, --newest-share. */
#include "config.h"

#include <string.h>

#include "mazebook/base/number.h"
#include "mazebook/book/isbn.h"

#include "check_main.h"

START_TEST(u64_accepts_plain_digits)
{
	struct mb_error err;
	uint64_t v = 0;

	mb_error_init(&err);
	ck_assert_int_eq(mb_number_parse_u64("0", "--seed", 0, UINT64_MAX, &v, &err), MB_OK);
	ck_assert_uint_eq(v, 0);
	ck_assert_int_eq(mb_number_parse_u64("18446744073709551615", "--seed", 0, UINT64_MAX,
					     &v, &err), MB_OK);
	ck_assert_uint_eq(v, UINT64_MAX);
	ck_assert_int_eq(mb_number_parse_u64("007", "--count", 1, 10, &v, &err), MB_OK);
	ck_assert_uint_eq(v, 7);
}
END_TEST

START_TEST(u64_rejects_the_rest)
{
	static const char *const bad[] = {
		"-1", "abc", "1e99", "", " 1", "1 ", "+1", "0x10", "1.0",
		"18446744073709551616", "99999999999999999999999",
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct mb_error err;
		uint64_t v = 42;

		mb_error_init(&err);
		ck_assert_int_eq(mb_number_parse_u64(bad[i], "--seed", 0, UINT64_MAX, &v, &err),
				 MB_ERR_INPUT);
		ck_assert_uint_eq(v, 42);
		ck_assert_ptr_nonnull(strstr(err.message, "--seed"));
		ck_assert_ptr_nonnull(strstr(err.message, bad[i]));
		ck_assert_ptr_nonnull(strstr(err.message, "18446744073709551615"));
	}
}
END_TEST

START_TEST(u64_range)
{
	struct mb_error err;
	uint64_t v;

	mb_error_init(&err);
	ck_assert_int_eq(mb_number_parse_u64("0", "--count", 1, 100, &v, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.message, "--count: '0' is not a whole number from 1 to 100");
	mb_error_init(&err);
	ck_assert_int_eq(mb_number_parse_u64("101", "--count", 1, 100, &v, &err), MB_ERR_INPUT);
}
END_TEST

START_TEST(doubles)
{
	static const char *const bad[] = { "nan", "inf", "-inf", "0x1p-1", "1e-1", "", ".",
					   "1.5", "-0.1", "0.5x", "1..2" };
	struct mb_error err;
	double v;

	mb_error_init(&err);
	ck_assert_int_eq(mb_number_parse_double("0.25", "--newest-share", 0, 1, &v, &err), MB_OK);
	ck_assert_double_eq(v, 0.25);
	ck_assert_int_eq(mb_number_parse_double("1", "--newest-share", 0, 1, &v, &err), MB_OK);
	ck_assert_double_eq(v, 1.0);
	ck_assert_int_eq(mb_number_parse_double(".5", "--newest-share", 0, 1, &v, &err), MB_OK);
	ck_assert_double_eq(v, 0.5);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		mb_error_init(&err);
		ck_assert_msg(mb_number_parse_double(bad[i], "--newest-share", 0, 1, &v, &err)
			      == MB_ERR_INPUT, "'%s' accepted", bad[i]);
		ck_assert_ptr_nonnull(strstr(err.message, "--newest-share"));
	}
}
END_TEST

/* the form a spec asks for: digits as people write them */
START_TEST(plain_decimal)
{
	static const char *const whole_ok[] = { "0", "30", "-1", "-0", "10000" };
	static const struct {
		const char *text;
		bool fraction;
		const char *why;
	} bad[] = {
		{ "+30", false, "a plus sign" },	{ "030", false, "a leading zero" },
		{ "00", false, "a leading zero" },	{ "-07", false, "a leading zero" },
		{ "1.5", false, "not a number" },	{ "", false, "not a number" },
		{ "-", false, "not a number" },		{ "3 ", false, "not a number" },
		{ "1e3", true, "not a number" },	{ ".5", true, "no digit before the point" },
		{ "1.", true, "no digit after the point" }, { "01.5", true, "a leading zero" },
		{ "+1.5", true, "a plus sign" },	{ "0x10", false, "not a number" },
		{ "1.2.3", true, "not a number" },
	};

	for (size_t i = 0; i < sizeof(whole_ok) / sizeof(whole_ok[0]); i++)
		ck_assert_msg(!mb_number_plain_decimal(whole_ok[i], false), "'%s' refused",
			      whole_ok[i]);
	ck_assert_ptr_null(mb_number_plain_decimal("1.5", true));
	ck_assert_ptr_null(mb_number_plain_decimal("0.25", true));
	ck_assert_ptr_null(mb_number_plain_decimal("10", true));
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const char *why = mb_number_plain_decimal(bad[i].text, bad[i].fraction);

		ck_assert_msg(why && !strcmp(why, bad[i].why), "'%s': %s, expected %s",
			      bad[i].text, why ? why : "accepted", bad[i].why);
	}
}
END_TEST

/* ISBNs as typed: hyphens and spaces, ISBN-10 turned into ISBN-13, check digits checked */
START_TEST(isbns)
{
	char out[MB_ISBN13_SIZE];

	ck_assert_ptr_null(mb_isbn13("978-1-234567-89-7", out));
	ck_assert_str_eq(out, "9781234567897");
	ck_assert_ptr_null(mb_isbn13("978 0 306 40615 7", out));
	ck_assert_str_eq(out, "9780306406157");
	/* ISBN-10 0-306-40615-2 is ISBN-13 978-0-306-40615-7 */
	ck_assert_ptr_null(mb_isbn13("0-306-40615-2", out));
	ck_assert_str_eq(out, "9780306406157");
	/* an X check digit */
	ck_assert_ptr_null(mb_isbn13("0-8044-2957-X", out));
	ck_assert_str_eq(out, "9780804429573");
	ck_assert_str_eq(mb_isbn13("978-1-234567-89-5", out), "the check digit should be 7, not 5");
	ck_assert_str_eq(mb_isbn13("0-306-40615-3", out), "the check digit should be 2, not 3");
	ck_assert_str_eq(mb_isbn13("97812345678", out), "an ISBN has 10 or 13 digits, not 11");
	ck_assert_str_eq(mb_isbn13("123-1-234567-89-7", out), "an ISBN-13 starts with 978 or 979");
	ck_assert_str_eq(mb_isbn13("ISBN 9781234567897", out),
			 "'I' is not part of an ISBN (digits, hyphens, spaces)");
	ck_assert_ptr_nonnull(mb_isbn13("97812345678970", out));
	ck_assert_ptr_nonnull(mb_isbn13("X306406152", out));
}
END_TEST

/*
 * Printed hyphenated by the Agency's ranges. Each expected text is
 * python-stdnum 1.18's stdnum.isbn.format() of the same number (Debian's
 * python3-stdnum, whose ranges specs/isbn-ranges.def is made from);
 * tests/cli/cli_isbn.sh compares every range's ends with stdnum itself.
 */
START_TEST(isbns_hyphenated)
{
	static const struct {
		const char *text, *printed;
	} cases[] = {
		{ "9780306406157", "978-0-306-40615-7" },	/* English, 3-digit registrant */
		{ "9781402894626", "978-1-4028-9462-6" },	/* English, 4 */
		{ "978-1-234567-89-7", "978-1-234-56789-7" },	/* the publisher's hyphens are not kept */
		{ "9783161484100", "978-3-16-148410-0" },	/* German */
		{ "9782070360024", "978-2-07-036002-4" },	/* French */
		{ "9791090636071", "979-10-90636-07-1" },	/* France, under 979 */
		{ "9788437604947", "978-84-376-0494-7" },	/* Spain, a 2-digit group */
		{ "9784101092058", "978-4-10-109205-8" },	/* Japan */
		{ "9789573317241", "978-957-33-1724-1" },	/* Taiwan, a 3-digit group */
		{ "9789995300005", "978-99953-0-000-5" },	/* Paraguay, 5-digit group, 1-digit registrant */
		{ "9798612345671", "979-8-6123-4567-1" },	/* United States, KDP's 979-8 */
		{ "9780000000002", "978-0-00-000000-2" },	/* a range's first number */
		{ "0-306-40615-2", "0-306-40615-2" },		/* an ISBN-10 keeps its length */
		{ "080442957x", "0-8044-2957-X" },		/* and its X check digit */
	};
	char out[MB_ISBN_PRINT_SIZE];
	bool assigned;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assigned = false;
		ck_assert_ptr_null(mb_isbn_hyphenate(cases[i].text, out, &assigned));
		ck_assert_msg(assigned && !strcmp(out, cases[i].printed), "%s printed %s, not %s",
			      cases[i].text, out, cases[i].printed);
	}
	ck_assert_str_eq(mb_isbn_hyphenate("978-1-234567-89-5", out, &assigned),
			 "the check digit should be 7, not 5");
	ck_assert_int_eq(strlen(mb_isbn_ranges_date), 10);
}
END_TEST

/*
 * An ISBN in no assigned range passes its checksum but is printed as bare
 * digits (stdnum prints 979-8-33000000-5, a split no range gives), and
 * mb_isbn_unassigned says why for a warning.
 */
START_TEST(isbns_unassigned)
{
	static const struct {
		const char *text, *printed, *why;
	} cases[] = {
		/* 979-8 (United States) had no 33... registrants in the 2022 ranges */
		{ "9798330000005", "9798330000005",
		  "its group 979-8 (United States) has no registrant range holding 33000000" },
		/* 978-611 (Thailand) lists no registrant range at all */
		{ "9786110000000", "9786110000000",
		  "its group 978-611 (Thailand) has no registrant range holding 000000" },
		/* 979-0 is for printed music (ISMN), not a book's group */
		{ "9790000000001", "9790000000001", "no registration group holds 979-000000000" },
	};
	char out[MB_ISBN_PRINT_SIZE], buf[512];
	bool assigned;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assigned = true;
		ck_assert_ptr_null(mb_isbn_hyphenate(cases[i].text, out, &assigned));
		ck_assert_msg(!assigned, "%s is in no assigned range", cases[i].text);
		ck_assert_str_eq(out, cases[i].printed);
		ck_assert_ptr_nonnull(mb_isbn_unassigned(cases[i].text, buf, sizeof(buf)));
		ck_assert_msg(strstr(buf, cases[i].why) && strstr(buf, mb_isbn_ranges_date) &&
			      strstr(buf, "printed without hyphens"), "%s: %s", cases[i].text, buf);
	}
	ck_assert_ptr_null(mb_isbn_unassigned("9780306406157", buf, sizeof(buf)));
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("number");
	TCase *tc = tcase_create("number");

	tcase_add_test(tc, u64_accepts_plain_digits);
	tcase_add_test(tc, u64_rejects_the_rest);
	tcase_add_test(tc, u64_range);
	tcase_add_test(tc, doubles);
	tcase_add_test(tc, plain_decimal);
	tcase_add_test(tc, isbns);
	tcase_add_test(tc, isbns_hyphenated);
	tcase_add_test(tc, isbns_unassigned);
	suite_add_tcase(s, tc);
	return s;
}
