/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The project's one JSON reader (src/base/json.c): values, and text that is
 * not JSON (cut short, bad escapes, nested too deep, too large to copy
 * over and over). The texts are written here by hand, byte by byte, not by
 * mazebook's JSON writer.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "mazebook/base/json.h"
#include "mazebook/base/xalloc.h"

#include "check_main.h"

START_TEST(json_values)
{
	const char *text = " {\"a\": [1, -0.5e+3, true, false, null], \"s\": \"\\u00e9\\ud83d\\ude00"
			   "\\n\\\"\", \"n\": 18446744073709551615}\r\n";
	struct mb_json v;
	struct mb_json_fault f;
	const struct mb_json *a;
	uint64_t u;

	ck_assert(mb_json_parse(text, strlen(text), &v, &f));
	a = mb_json_get(&v, "a");
	ck_assert(a && a->type == MB_JSON_ARRAY && a->count == 5);
	ck_assert_str_eq(a->items[1].text, "-0.5e+3");
	ck_assert_int_eq(a->items[4].type, MB_JSON_NULL);
	ck_assert_str_eq(mb_json_get_string(&v, "s"), "\xc3\xa9\xf0\x9f\x98\x80\n\"");
	ck_assert(mb_json_u64(mb_json_get(&v, "n"), &u) && u == UINT64_MAX);
	ck_assert_ptr_null(mb_json_get(&v, "missing"));
	mb_json_free(&v);
}
END_TEST

/* true and false read as such; nothing else (a string, a number, null, absent) does */
START_TEST(json_bools)
{
	const char *text = "{\"t\": true, \"f\": false, \"s\": \"true\", \"n\": 1, \"z\": null}";
	struct mb_json v;
	struct mb_json_fault f;
	bool b = false;

	ck_assert(mb_json_parse(text, strlen(text), &v, &f));
	ck_assert(mb_json_bool(mb_json_get(&v, "t"), &b) && b);
	ck_assert(mb_json_bool(mb_json_get(&v, "f"), &b) && !b);
	b = true;
	ck_assert(!mb_json_bool(mb_json_get(&v, "s"), &b));
	ck_assert(!mb_json_bool(mb_json_get(&v, "n"), &b));
	ck_assert(!mb_json_bool(mb_json_get(&v, "z"), &b));
	ck_assert(!mb_json_bool(mb_json_get(&v, "missing"), &b));
	ck_assert(b);	/* untouched by a refusal */
	mb_json_free(&v);
}
END_TEST

/* each broken text fails at its line and column, saying what was expected */
START_TEST(json_faults)
{
	static const struct {
		const char *text;
		int line, column;
		const char *expected;
	} cases[] = {
		{ "{\"a\": 1,\n \"b\" 2}", 2, 6, "':'" },
		{ "[1, 2", 1, 6, "',' or ']'" },
		{ "\"abc", 1, 5, "a string that ends" },
		{ "[\"a\\x\"]", 1, 4, "a valid escape" },
		{ "[\"\\u0000\"]", 1, 3, "a valid escape" },
		{ "[\"\\ud800\"]", 1, 3, "a valid escape" },
		{ "[01]", 1, 3, "',' or ']'" },
		{ "[1.]", 1, 4, "digits after" },
		{ "[-]", 1, 3, "a value" },
		{ "[1e]", 1, 4, "exponent" },
		{ "[\"a\tb\"]", 1, 4, "control characters" },
		{ "{} x", 1, 4, "the end of the file" },
		{ "", 1, 1, "a value, not the end" },
		{ "[tru]", 1, 2, "a value" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct mb_json v;
		struct mb_json_fault f;

		ck_assert_msg(!mb_json_parse(cases[i].text, strlen(cases[i].text), &v, &f),
			      "case %zu parsed", i);
		ck_assert_msg(f.line == cases[i].line && f.column == cases[i].column,
			      "case %zu: %d:%d, not %d:%d", i, f.line, f.column, cases[i].line,
			      cases[i].column);
		ck_assert_msg(strstr(f.expected, cases[i].expected), "case %zu: '%s'", i, f.expected);
		mb_json_free(&v);
	}
}
END_TEST

/* 100,000 nested lists: refused at depth 65, without recursing further */
START_TEST(json_deep)
{
	size_t n = 100000;
	char *text = xmalloc(2 * n);
	struct mb_json v;
	struct mb_json_fault f;

	memset(text, '[', n);
	memset(text + n, ']', n);
	ck_assert(!mb_json_parse(text, 2 * n, &v, &f));
	ck_assert_int_eq(f.column, MB_JSON_MAX_DEPTH + 1);
	ck_assert(strstr(f.expected, "nested at most 64"));
	mb_json_free(&v);
	/* 64 deep is fine */
	ck_assert(mb_json_parse(text + n - 64, 128, &v, &f));
	mb_json_free(&v);
	free(text);
}
END_TEST

static double cpu_seconds(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6;
}

/*
 * 20,000 strings of 500 bytes (10 MB): the reader once copied the rest of
 * the file for each (50 GB of copying). A generous bound on the CPU time,
 * not a speed requirement: linear takes well under a second.
 */
START_TEST(json_many_strings)
{
	size_t count = 20000, len = 500, at = 0;
	char *text = xmalloc(count * (len + 3) + 2);
	struct mb_json v;
	struct mb_json_fault f;
	double start = cpu_seconds();

	text[at++] = '[';
	for (size_t i = 0; i < count; i++) {
		text[at++] = '"';
		memset(text + at, 'a' + (int)(i % 26), len);
		at += len;
		text[at++] = '"';
		text[at++] = i + 1 < count ? ',' : ']';
	}
	ck_assert(mb_json_parse(text, at, &v, &f));
	ck_assert_uint_eq(v.count, count);
	ck_assert_uint_eq(v.items[count - 1].len, len);
	ck_assert_msg(cpu_seconds() - start < 10, "%.1f s of CPU", cpu_seconds() - start);
	mb_json_free(&v);
	free(text);
}
END_TEST

/* text cut short anywhere is refused, never read past its end */
START_TEST(json_truncated)
{
	static const char *const texts[] = {
		"{", "{\"a\"", "{\"a\":", "{\"a\": 1", "{\"a\": 1,", "[", "[1,", "\"abc",
		"\"\\", "\"\\u12", "\"\\ud83d\\u", "tru", "-", "1e", "1.",
	};

	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		size_t len = strlen(texts[i]);
		/* exactly len bytes, no NUL after them for the reader to lean on */
		char *copy = xmalloc(len);
		struct mb_json v;
		struct mb_json_fault f;

		memcpy(copy, texts[i], len);
		ck_assert_msg(!mb_json_parse(copy, len, &v, &f), "'%s' parsed", texts[i]);
		ck_assert_int_eq(f.line, 1);
		ck_assert_msg(f.column >= 1 && (size_t)f.column <= len + 1, "'%s': column %d",
			      texts[i], f.column);
		ck_assert_ptr_nonnull(f.expected);
		mb_json_free(&v);
		free(copy);
	}
}
END_TEST

/* escapes that name no character, or a half of one */
START_TEST(json_bad_escapes)
{
	static const char *const texts[] = {
		"\"\\x\"", "\"\\U0041\"", "\"\\u00g1\"", "\"\\ude00\"", "\"\\ud83d\"",
		"\"\\ud83d\\u0041\"", "\"\\'\"", "\"\\u0000\"",
	};

	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		struct mb_json v;
		struct mb_json_fault f;

		ck_assert_msg(!mb_json_parse(texts[i], strlen(texts[i]), &v, &f), "'%s' parsed",
			      texts[i]);
		ck_assert_msg(strstr(f.expected, "escape"), "'%s': '%s'", texts[i], f.expected);
		mb_json_free(&v);
	}
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("json");
	TCase *tc = tcase_create("json");

	tcase_add_test(tc, json_values);
	tcase_add_test(tc, json_bools);
	tcase_add_test(tc, json_faults);
	tcase_add_test(tc, json_truncated);
	tcase_add_test(tc, json_bad_escapes);
	tcase_add_test(tc, json_deep);
	tcase_add_test(tc, json_many_strings);
	suite_add_tcase(s, tc);
	return s;
}
