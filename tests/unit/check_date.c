/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* SOURCE_DATE_EPOCH, read once for both PDF writers: what it takes and what it refuses. */
#include "config.h"

#include <string.h>

#include "mazebook/base/date.h"

#include "check_main.h"

START_TEST(epoch_reads_seconds_as_utc)
{
	struct tm tm;

	ck_assert(mb_date_source_epoch("0", &tm));
	ck_assert_int_eq(tm.tm_year + 1900, 1970);
	ck_assert_int_eq(tm.tm_mon, 0);
	ck_assert_int_eq(tm.tm_mday, 1);
	ck_assert(mb_date_source_epoch("1780000000", &tm));
	ck_assert_int_eq(tm.tm_year + 1900, 2026);
	ck_assert_int_eq(tm.tm_mon + 1, 5);
	ck_assert_int_eq(tm.tm_mday, 28);
	ck_assert_int_eq(tm.tm_hour, 20);
	ck_assert_int_eq(tm.tm_min, 26);
	ck_assert_int_eq(tm.tm_sec, 40);
	/* the last second of year 9999 is the last one taken */
	ck_assert(mb_date_source_epoch("253402300799", &tm));
	ck_assert_int_eq(tm.tm_year + 1900, 9999);
	ck_assert_int_eq(tm.tm_mon + 1, 12);
	ck_assert_int_eq(tm.tm_sec, 59);
}
END_TEST

START_TEST(epoch_refuses_the_rest)
{
	static const char *const bad[] = {
		"", "-1", "abc", "12abc", "1.5", "1e9", "0x10", "1 ", "253402300800",
		"99999999999999999999999", "-99999999999999999999999",
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct tm tm;

		memset(&tm, 0x5a, sizeof(tm));
		ck_assert_msg(!mb_date_source_epoch(bad[i], &tm), "'%s' taken", bad[i]);
		/* refused text leaves the caller's date alone */
		ck_assert_int_eq(tm.tm_year, 0x5a5a5a5a);
	}
	ck_assert(!mb_date_source_epoch(NULL, NULL));
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("date");
	TCase *tc = tcase_create("date");

	tcase_add_test(tc, epoch_reads_seconds_as_utc);
	tcase_add_test(tc, epoch_refuses_the_rest);
	suite_add_tcase(s, tc);
	return s;
}
