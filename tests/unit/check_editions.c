/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * An edition's plan, cost and price from the spec alone
 * (include/mazebook/book/editions.h): a price KDP accepts passes with the
 * plan's pages priced; one under the minimum fails at the price's key,
 * saying the least price to give; each edition of a two-edition spec is
 * priced on its own binding.
 */
#include "config.h"

#include <string.h>

#include "mazebook/book/editions.h"
#include "mazebook/book/spec.h"

#include "check_main.h"

static const char two_editions[] = "title: Maze Adventures\n"
				   "author: Ada\n"
				   "level: medium\n"
				   "mazes: 80\n"
				   "trim: 6x9\n"
				   "editions: [paperback, hardcover]\n"
				   "price:\n"
				   "  paperback: %s\n"
				   "  hardcover: %s\n";

/* spec parsed from two_editions with these prices; the edition's binding set */
static void parse(struct mb_book_spec *spec, const char *paperback, const char *hardcover,
		  enum mb_binding binding)
{
	char text[512];
	struct mb_error err;

	snprintf(text, sizeof(text), two_editions, paperback, hardcover);
	mb_error_init(&err);
	ck_assert_msg(mb_spec_parse("editions.yaml", text, strlen(text), spec, &err) == MB_OK,
		      "%s", err.message);
	spec->binding = binding;
}

START_TEST(a_price_kdp_accepts_passes)
{
	struct mb_book_spec spec;
	struct mb_page_plan plan = { 0 };
	struct mb_cost cost;
	struct mb_error err;

	parse(&spec, "9.99", "19.99", MB_BINDING_PAPERBACK);
	mb_error_init(&err);
	ck_assert_int_eq(mb_edition_plan(&spec, &plan, &cost, &err), MB_OK);
	ck_assert_int_gt(plan.page_count, 80);
	ck_assert(cost.priced);
	ck_assert_int_eq(cost.price_cents, 999);
	ck_assert_int_ge(cost.price_cents, cost.min_price_cents);
	/* an odd page count is printed, and priced, one page more */
	ck_assert_int_eq(cost.pages, plan.page_count + plan.page_count % 2);
	mb_layout_release(&plan);
	mb_spec_release(&spec);
}
END_TEST

START_TEST(a_price_under_the_minimum_fails_at_its_key)
{
	struct mb_book_spec spec;
	struct mb_page_plan plan = { 0 };
	struct mb_cost cost;
	struct mb_error err;

	parse(&spec, "0.99", "19.99", MB_BINDING_PAPERBACK);
	mb_error_init(&err);
	ck_assert_int_eq(mb_edition_plan(&spec, &plan, &cost, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.field, "price.paperback");
	ck_assert_msg(strstr(err.message, "list price $0.99 is under the minimum"), "%s",
		      err.message);
	ck_assert_msg(strstr(err.message, "the paperback edition"), "%s", err.message);
	ck_assert_msg(strstr(err.message, "give 'price.paperback'"), "%s", err.message);
	mb_layout_release(&plan);
	mb_spec_release(&spec);
}
END_TEST

START_TEST(each_edition_is_priced_on_its_binding)
{
	struct mb_book_spec spec;
	struct mb_page_plan plan = { 0 };
	struct mb_cost paperback, hardcover;
	struct mb_error err;

	/* 9.99 sells as a paperback; a hardcover costs more to print than that */
	parse(&spec, "9.99", "9.99", MB_BINDING_PAPERBACK);
	mb_error_init(&err);
	ck_assert_int_eq(mb_edition_plan(&spec, &plan, &paperback, &err), MB_OK);
	mb_layout_release(&plan);
	spec.binding = MB_BINDING_HARDCOVER;
	memset(&plan, 0, sizeof(plan));
	ck_assert_int_eq(mb_edition_plan(&spec, &plan, &hardcover, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.field, "price.hardcover");
	ck_assert_int_gt(hardcover.printing_cents, paperback.printing_cents);
	mb_layout_release(&plan);
	mb_spec_release(&spec);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("editions");
	TCase *tc = tcase_create("editions");

	tcase_add_test(tc, a_price_kdp_accepts_passes);
	tcase_add_test(tc, a_price_under_the_minimum_fails_at_its_key);
	tcase_add_test(tc, each_edition_is_priced_on_its_binding);
	suite_add_tcase(s, tc);
	return s;
}
