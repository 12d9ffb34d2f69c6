/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The growing string the text writers share (base/strbuf): it grows past
 * its first block without losing a byte, printf's long output arrives
 * whole, embedded '\0's are kept, and detach hands over a string.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/strbuf.h"

#include "check_main.h"

/* byte i of the test pattern: printable, and no run repeats within 256 */
static char pattern(size_t i)
{
	return (char)('!' + (i * 7 + i / 89) % 90);
}

START_TEST(grows_and_keeps_every_byte)
{
	struct mb_strbuf b = MB_STRBUF_INIT;
	enum { N = 100000 };
	char *s;

	ck_assert_ptr_null(b.data);
	for (size_t i = 0; i < N; i++) {
		char c = pattern(i);

		mb_strbuf_add(&b, &c, 1);
		ck_assert_uint_eq(b.len, i + 1);
		ck_assert_uint_gt(b.cap, b.len);	/* room for the '\0' */
		ck_assert_int_eq(b.data[b.len], '\0');
	}
	for (size_t i = 0; i < N; i++)
		ck_assert_msg(b.data[i] == pattern(i), "byte %zu lost", i);
	s = mb_strbuf_detach(&b);
	ck_assert_uint_eq(strlen(s), N);
	ck_assert_ptr_null(b.data);
	ck_assert_uint_eq(b.len, 0);
	ck_assert_uint_eq(b.cap, 0);
	free(s);
}
END_TEST

START_TEST(reserve_makes_room_once)
{
	struct mb_strbuf b = MB_STRBUF_INIT;
	char *before;

	mb_strbuf_reserve(&b, 5000);
	ck_assert_uint_ge(b.cap, 5001);
	before = b.data;
	for (int i = 0; i < 1000; i++)
		mb_strbuf_puts(&b, "abcde");
	/* 5000 bytes and the '\0' fit in what was reserved: no move */
	ck_assert_ptr_eq(b.data, before);
	ck_assert_uint_eq(b.len, 5000);
	mb_strbuf_release(&b);
	ck_assert_ptr_null(b.data);
}
END_TEST

START_TEST(printf_writes_long_output_whole)
{
	struct mb_strbuf b = MB_STRBUF_INIT;
	size_t n = 70000;
	char *arg = malloc(n + 1), *want;

	for (size_t i = 0; i < n; i++)
		arg[i] = pattern(i);
	arg[n] = '\0';
	mb_strbuf_puts(&b, "head:");
	/* one printf far larger than the first block, after text already there */
	mb_strbuf_printf(&b, "[%s|%d|%.2f]", arg, -42, 3.14159);
	mb_strbuf_printf(&b, "%s", "");
	mb_strbuf_printf(&b, "%c", 'z');
	want = malloc(n + 32);
	snprintf(want, n + 32, "head:[%s|-42|3.14]z", arg);
	ck_assert_uint_eq(b.len, strlen(want));
	/* not ck_assert_str_eq: its message would carry both 70 kB strings */
	ck_assert_msg(strcmp(b.data, want) == 0, "the long printf output differs");
	free(want);
	free(arg);
	mb_strbuf_release(&b);
}
END_TEST

START_TEST(keeps_embedded_text)
{
	struct mb_strbuf b = MB_STRBUF_INIT;
	static const char text[] = "before\0after";
	static const char line[] = "one line\nthe next";

	/* a '\0' inside counts as a byte like any other */
	mb_strbuf_add(&b, text, sizeof(text) - 1);
	ck_assert_uint_eq(b.len, 12);
	ck_assert(memcmp(b.data, "before\0after", 12) == 0);
	ck_assert_int_eq(b.data[12], '\0');
	/* a slice of a longer string: only its n bytes */
	mb_strbuf_add(&b, line, 8);
	ck_assert_uint_eq(b.len, 20);
	ck_assert(memcmp(b.data + 12, "one line", 8) == 0);
	ck_assert_int_eq(b.data[20], '\0');
	/* nothing added is nothing */
	mb_strbuf_add(&b, "xyz", 0);
	ck_assert_uint_eq(b.len, 20);
	mb_strbuf_release(&b);
}
END_TEST

START_TEST(detach_of_nothing_is_empty_text)
{
	struct mb_strbuf b = MB_STRBUF_INIT;
	char *s = mb_strbuf_detach(&b);

	ck_assert_ptr_nonnull(s);
	ck_assert_str_eq(s, "");
	free(s);
	mb_strbuf_release(&b);	/* an empty buffer releases too */
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("strbuf");
	TCase *tc = tcase_create("strbuf");

	tcase_add_test(tc, grows_and_keeps_every_byte);
	tcase_add_test(tc, reserve_makes_room_once);
	tcase_add_test(tc, printf_writes_long_output_whole);
	tcase_add_test(tc, keeps_embedded_text);
	tcase_add_test(tc, detach_of_nothing_is_empty_text);
	suite_add_tcase(s, tc);
	return s;
}
