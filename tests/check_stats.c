/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* Summary statistics on data whose percentiles are known by hand. */
#include "config.h"

#include <math.h>
#include <signal.h>

#include "mazebook/stats.h"

#include "check_main.h"

#define EPS 1e-12

START_TEST(even_count)
{
	double v[] = { 4, 1, 3, 2 };
	struct mb_summary s;

	mb_stats_summarize(v, 4, &s);
	ck_assert_uint_eq(s.count, 4);
	ck_assert_double_eq_tol(s.min, 1, EPS);
	ck_assert_double_eq_tol(s.max, 4, EPS);
	/* rank p * (n - 1): 0.3, 1.5, 2.7 */
	ck_assert_double_eq_tol(s.p10, 1.3, EPS);
	ck_assert_double_eq_tol(s.median, 2.5, EPS);
	ck_assert_double_eq_tol(s.p90, 3.7, EPS);
	ck_assert_double_eq_tol(s.mean, 2.5, EPS);
	/* sorted in place */
	ck_assert_double_eq(v[0], 1);
	ck_assert_double_eq(v[3], 4);
}
END_TEST

START_TEST(odd_count_unsorted)
{
	double v[] = { 50, 10, 40, 20, 30 };
	struct mb_summary s;

	mb_stats_summarize(v, 5, &s);
	ck_assert_double_eq_tol(s.median, 30, EPS);
	ck_assert_double_eq_tol(s.p10, 14, EPS);	/* rank 0.4 */
	ck_assert_double_eq_tol(s.p90, 46, EPS);	/* rank 3.6 */
	ck_assert_double_eq_tol(s.min, 10, EPS);
	ck_assert_double_eq_tol(s.max, 50, EPS);
}
END_TEST

START_TEST(hundred_and_one_values)
{
	/* 0..100: the p-th percentile is exactly 100 p */
	double v[101];
	struct mb_summary s;

	for (int i = 0; i <= 100; i++)
		v[i] = 100 - i;
	mb_stats_summarize(v, 101, &s);
	ck_assert_double_eq_tol(s.p10, 10, EPS);
	ck_assert_double_eq_tol(s.median, 50, EPS);
	ck_assert_double_eq_tol(s.p90, 90, EPS);
	ck_assert_double_eq_tol(mb_stats_percentile(v, 101, 0.25), 25, EPS);
	ck_assert_double_eq_tol(mb_stats_percentile(v, 101, 1.0), 100, EPS);
	ck_assert_double_eq_tol(mb_stats_percentile(v, 101, 0.0), 0, EPS);
}
END_TEST

START_TEST(one_value_and_none)
{
	double v[] = { 7.5 };
	struct mb_summary s;

	mb_stats_summarize(v, 1, &s);
	ck_assert_double_eq(s.min, 7.5);
	ck_assert_double_eq(s.p10, 7.5);
	ck_assert_double_eq(s.median, 7.5);
	ck_assert_double_eq(s.p90, 7.5);
	ck_assert_double_eq(s.max, 7.5);
	mb_stats_summarize(v, 0, &s);
	ck_assert_uint_eq(s.count, 0);
	ck_assert(isnan(s.median));
	ck_assert(isnan(s.min));
}
END_TEST

START_TEST(percentile_outside_range_is_a_bug)
{
	double v[] = { 1, 2 };

	mb_stats_percentile(v, 2, 1.5);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("stats");
	TCase *tc = tcase_create("stats");

	tcase_add_test(tc, even_count);
	tcase_add_test(tc, odd_count_unsorted);
	tcase_add_test(tc, hundred_and_one_values);
	tcase_add_test(tc, one_value_and_none);
	tcase_add_test_raise_signal(tc, percentile_outside_range_is_a_bug, SIGABRT);
	suite_add_tcase(s, tc);
	return s;
}
