/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* Printing cost and royalty: the worked examples of issue 17 and KDP's rows. */
#include "config.h"

#include <string.h>

#include "check_main.h"
#include "mazebook/kdp/cost.h"

static struct mb_cost price(const char *trim_text, enum mb_binding b, enum mb_ink ink, int pages,
			    long cents)
{
	struct mb_trim trim;
	struct mb_cost c;

	ck_assert_int_eq(mb_kdp_parse_trim(trim_text, &trim, NULL), MB_OK);
	ck_assert_int_eq(mb_cost_compute(NULL, b, ink, trim.large, pages, cents, &c, NULL), MB_OK);
	return c;
}

START_TEST(worked_examples)
{
	struct mb_cost c;
	char buf[256];

	/* 6 x 9 black-ink paperback, 132 pages: $2.58, $3.41 at $9.99 */
	c = price("6x9", MB_BINDING_PAPERBACK, MB_INK_BLACK, 132, 999);
	ck_assert(!c.large);
	ck_assert_int_eq(c.printing_cents, 258);
	ck_assert_int_eq(c.royalty_cents, 341);
	ck_assert_double_eq(c.rate, 0.60);
	ck_assert_int_eq(c.next_price_cents, 0);
	ck_assert_ptr_null(mb_cost_threshold_warning(&c, buf, sizeof(buf)));
	/* 8.5 x 11: $3.24, $2.75 at $9.99, $1.75 at $9.98, minimum $6.48 */
	c = price("8.5x11", MB_BINDING_PAPERBACK, MB_INK_BLACK, 132, 999);
	ck_assert(c.large);
	ck_assert_int_eq(c.printing_cents, 324);
	ck_assert_int_eq(c.royalty_cents, 275);
	ck_assert_int_eq(c.min_price_cents, 648);
	ck_assert_int_eq(c.expanded_royalty_cents, 76);	/* 40 % of 9.99 - 3.24 = 0.756 */
	c = price("8.5x11", MB_BINDING_PAPERBACK, MB_INK_BLACK, 132, 998);
	ck_assert_int_eq(c.royalty_cents, 175);
	ck_assert_double_eq(c.rate, 0.50);
	/* the $9.99 step: a warning that says so */
	ck_assert_int_eq(c.next_price_cents, 999);
	ck_assert_int_eq(c.next_royalty_cents, 275);
	ck_assert_ptr_nonnull(mb_cost_threshold_warning(&c, buf, sizeof(buf)));
	ck_assert_str_eq(buf, "at $9.99 (rate 60 %) the book earns $2.75, $1.00 more than at $9.98 "
			      "for $0.01 more: price it at $9.99");
	/* far under the step a higher price is no bargain: no warning */
	c = price("8.5x11", MB_BINDING_PAPERBACK, MB_INK_BLACK, 132, 699);
	ck_assert_int_eq(c.next_price_cents, 0);
	/* 8.25 x 11 black-ink hardcover, 132 pages: $7.89 */
	c = price("8.25x11", MB_BINDING_HARDCOVER, MB_INK_BLACK, 132, -1);
	ck_assert_int_eq(c.printing_cents, 789);
	ck_assert(!c.priced);
	/* its minimum list price: 7.89 / 0.5 = 15.78 is above 9.99, so 7.89 / 0.6 = 13.15 */
	ck_assert_int_eq(c.min_price_cents, 1315);
}
END_TEST

START_TEST(rows_and_bands)
{
	struct mb_cost c;
	struct mb_error err;

	/* flat bands */
	ck_assert_int_eq(price("6x9", MB_BINDING_PAPERBACK, MB_INK_BLACK, 108, -1).printing_cents, 230);
	ck_assert_int_eq(price("7x10", MB_BINDING_PAPERBACK, MB_INK_BLACK, 24, -1).printing_cents, 284);
	ck_assert_int_eq(price("6x9", MB_BINDING_HARDCOVER, MB_INK_BLACK, 76, -1).printing_cents, 680);
	ck_assert_int_eq(price("7x10", MB_BINDING_HARDCOVER, MB_INK_BLACK, 108, -1).printing_cents, 749);
	/* 109 pages print as 110 */
	c = price("6x9", MB_BINDING_PAPERBACK, MB_INK_BLACK, 109, -1);
	ck_assert_int_eq(c.pages, 110);
	ck_assert_int_eq(c.printing_cents, 232);	/* 1.00 + 1.32 */
	/* colour */
	ck_assert_int_eq(price("6x9", MB_BINDING_PAPERBACK, MB_INK_PREMIUM_COLOUR, 40, -1).printing_cents, 360);
	ck_assert_int_eq(price("8.5x11", MB_BINDING_PAPERBACK, MB_INK_PREMIUM_COLOUR, 40, -1).printing_cents, 420);
	ck_assert_int_eq(price("6x9", MB_BINDING_PAPERBACK, MB_INK_PREMIUM_COLOUR, 100, -1).printing_cents, 750);
	ck_assert_int_eq(price("8.5x11", MB_BINDING_PAPERBACK, MB_INK_PREMIUM_COLOUR, 100, -1).printing_cents, 900);
	ck_assert_int_eq(price("6x9", MB_BINDING_PAPERBACK, MB_INK_STANDARD_COLOUR, 100, -1).printing_cents, 355);
	ck_assert_int_eq(price("8.5x11", MB_BINDING_PAPERBACK, MB_INK_STANDARD_COLOUR, 100, -1).printing_cents, 502);
	ck_assert_int_eq(price("8.25x11", MB_BINDING_HARDCOVER, MB_INK_PREMIUM_COLOUR, 100, -1).printing_cents, 1365);
	/* out of every row: the message gives the range */
	mb_error_init(&err);
	ck_assert_int_eq(mb_cost_compute(NULL, MB_BINDING_PAPERBACK, MB_INK_STANDARD_COLOUR, false, 40,
					 -1, &c, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "72 to 600 pages, not 40"));
	mb_error_init(&err);
	ck_assert_int_eq(mb_cost_compute(NULL, MB_BINDING_HARDCOVER, MB_INK_STANDARD_COLOUR, false, 100,
					 -1, &c, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "no hardcover in standard-colour"));
	mb_error_init(&err);
	ck_assert_int_eq(mb_cost_compute("amazon.de", MB_BINDING_PAPERBACK, MB_INK_BLACK, false, 100,
					 -1, &c, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "amazon.de"));
	mb_error_init(&err);
	ck_assert_int_eq(mb_cost_compute(NULL, MB_BINDING_PAPERBACK, MB_INK_BLACK, false, 100,
					 25001, &c, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.field, "price");
	/* a price under the minimum: a negative royalty, reported as it is */
	c = price("8.5x11", MB_BINDING_PAPERBACK, MB_INK_BLACK, 132, 500);
	ck_assert_int_eq(c.royalty_cents, -74);
	ck_assert_str_eq(mb_cost_version, "kdp-cost-2025.06.10");
}
END_TEST

START_TEST(price_text)
{
	struct mb_error err;
	long cents = 0;

	ck_assert_int_eq(mb_cost_parse_price("9.99", 25000, &cents, NULL), MB_OK);
	ck_assert_int_eq(cents, 999);
	ck_assert_int_eq(mb_cost_parse_price("12", 25000, &cents, NULL), MB_OK);
	ck_assert_int_eq(cents, 1200);
	ck_assert_int_eq(mb_cost_parse_price("12.5", 25000, &cents, NULL), MB_OK);
	ck_assert_int_eq(cents, 1250);
	static const char *const bad[] = { "", "$9.99", "9,99", "9.999", "-1", "+9", "1e3", "9.",
					   ".5", "0x10", "nan", "9.99 ", "0", "0.00", "250.01",
					   "99999999999" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		mb_error_init(&err);
		ck_assert_msg(mb_cost_parse_price(bad[i], 25000, &cents, &err) == MB_ERR_INPUT,
			      "'%s' was taken", bad[i]);
		ck_assert_ptr_nonnull(strstr(err.message, bad[i]));
	}
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("cost");
	TCase *tc = tcase_create("cost");

	tcase_add_test(tc, worked_examples);
	tcase_add_test(tc, rows_and_bands);
	tcase_add_test(tc, price_text);
	suite_add_tcase(s, tc);
	return s;
}
