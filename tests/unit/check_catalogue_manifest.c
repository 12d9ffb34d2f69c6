/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The project's JSON reader (src/base/json.c) on large, deep, broken and
 * cut-short text (a build reads an old manifest's title from its start); a built book's manifest as the catalogue reads it, and each value
 * it refuses (issue 29, item 7); mb_printable and mb_utf8_check, which keep
 * catalogue text from driving a terminal. The texts are written here by
 * hand, byte by byte, not by mazebook's JSON writer.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "mazebook/catalogue.h"
#include "mazebook/json.h"
#include "mazebook/manifest.h"
#include "mazebook/printable.h"
#include "mazebook/xalloc.h"

#include "check_main.h"

#define KEY_A "7ffb9b14a75bb1366d1f7b4ce29aa7c3f57de27b89728e1bd80ee775a989bab4"

/* a one-maze manifest with the given book_id and title JSON (quotes included) */
static char *manifest(const char *id_json, const char *title_json)
{
	return xasprintf("{\"title\": %s, \"book_id\": %s, \"level\": \"easy\", \"mazes\": "
			 "[{\"number\": 1, \"page\": 3, \"generator\": \"backtracker\", "
			 "\"seed\": 18446744073709551615, \"size\": [16, 20], \"key\": \"%s\"}]}",
			 title_json, id_json, KEY_A);
}

static enum mb_status read_text(const char *text, struct mb_catalogue_manifest *m,
				struct mb_error *err)
{
	mb_error_init(err);
	return mb_catalogue_manifest_read("book/manifest.json", text, strlen(text), m, err);
}

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

/* a manifest cut short (a build reads its first 64 KB): the members before the cut are kept */
START_TEST(json_prefix)
{
	const char *text = "{\n  \"tool\": \"mazebook 0.1\",\n  \"title\": \"Caf\\u00e9\",\n"
			   "  \"source\": \"book.yaml\",\n  \"mazes\": [{\"number\": 1, \"see";
	char *title, *source;

	mb_manifest_read_book(text, strlen(text), &title, &source);
	ck_assert_str_eq(title, "Caf\xc3\xa9");
	ck_assert_str_eq(source, "book.yaml");
	free(title);
	free(source);
	/* cut inside the title: no title, not a piece of one */
	mb_manifest_read_book(text, 40, &title, &source);
	ck_assert_ptr_null(title);
	ck_assert_ptr_null(source);
}
END_TEST

START_TEST(manifest_clean)
{
	char *text = manifest("\"vol.1_b-2\"", "\"Caf\\u00e9 Mazes\"");
	struct mb_catalogue_manifest m;
	struct mb_error err;

	ck_assert_int_eq(read_text(text, &m, &err), MB_OK);
	ck_assert_str_eq(m.book_id, "vol.1_b-2");
	ck_assert_str_eq(m.title, "Caf\xc3\xa9 Mazes");
	ck_assert_uint_eq(m.count, 1);
	ck_assert_str_eq(m.mazes[0].key, KEY_A);
	ck_assert(m.mazes[0].seed == UINT64_MAX);
	mb_catalogue_manifest_release(&m);
	free(text);
}
END_TEST

/* each refused value: the file, the field and what is wrong, the value made printable */
START_TEST(manifest_refused)
{
	char *huge = xmalloc(100003);
	static const struct {
		const char *id, *title, *needle;
	} cases[] = {
		{ "\"evil\\u001b[2J\\nforged\"", "\"T\"", "'book_id' is 'evil\\x1b[2J\\x0aforged'" },
		{ "\"a b\"", "\"T\"", "letters, digits" },
		{ "\"\"", "\"T\"", "'book_id'" },
		{ "\"ok\"", "\"\\u001b[31mRed\"", "'title' is '\\x1b[31mRed': it holds a control" },
		{ "\"ok\"", "\"caf\xe9\"", "'title' is 'caf\\xe9': it is not UTF-8" },
		{ "\"ok\"", "\"a\\u0085b\"", "'title' is 'a\\u0085b'" },
		{ "\"ok\"", "\"\"", "is empty" },
		{ "\"ok\"", "\"\x7f\"", "'title' is '\\x7f'" },
	};
	struct mb_catalogue_manifest m;
	struct mb_error err;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *text = manifest(cases[i].id, cases[i].title);

		ck_assert_msg(read_text(text, &m, &err) == MB_ERR_INPUT, "case %zu accepted", i);
		ck_assert_msg(strstr(err.message, "book/manifest.json") &&
			      strstr(err.message, cases[i].needle), "case %zu: %s", i, err.message);
		free(text);
	}
	/* a 100,000-character id, shown cut short */
	huge[0] = '"';
	memset(huge + 1, 'x', 100000);
	strcpy(huge + 100001, "\"");
	{
		char *text = manifest(huge, "\"T\"");

		ck_assert_int_eq(read_text(text, &m, &err), MB_ERR_INPUT);
		ck_assert(strstr(err.message, "(it is longer)") && strstr(err.message, "..."));
		ck_assert_uint_lt(strlen(err.message), 400);
		free(text);
	}
	free(huge);
}
END_TEST

/* mazes that are not a book's: too many, a bad key, a size that is no number */
START_TEST(manifest_mazes_refused)
{
	struct mb_catalogue_manifest m;
	struct mb_error err;
	char *text = xasprintf("{\"title\": \"T\", \"book_id\": \"b\", \"mazes\": [{\"number\": 1, "
			       "\"page\": 1, \"generator\": \"backtracker\", \"seed\": 1, \"size\": "
			       "[16, 20], \"key\": \"%.63sX\"}]}", KEY_A);

	ck_assert_int_eq(read_text(text, &m, &err), MB_ERR_INPUT);
	ck_assert(strstr(err.message, "maze 1's key") && strstr(err.message, "64 hex digits"));
	free(text);
	text = xstrdup("{\"title\": \"T\", \"book_id\": \"b\", \"mazes\": [{\"number\": 1, \"page\": 1, "
		       "\"generator\": \"backtracker\", \"seed\": 1, \"size\": [16.5, 20]}]}");
	ck_assert_int_eq(read_text(text, &m, &err), MB_ERR_INPUT);
	ck_assert(strstr(err.message, "size"));
	free(text);
	/* an old manifest (no key) asking for a grid past a spec's largest */
	text = xstrdup("{\"title\": \"T\", \"book_id\": \"b\", \"mazes\": [{\"number\": 1, \"page\": 1, "
		       "\"generator\": \"backtracker\", \"seed\": 1, \"size\": [5000, 5000]}]}");
	ck_assert_int_eq(read_text(text, &m, &err), MB_ERR_INPUT);
	ck_assert(strstr(err.message, "5000x5000"));
	free(text);
	text = xstrdup("{\"title\": \"T\", \"book_id\": \"b\", \"mazes\": [{\"number\": 1, \"page\": 1, "
		       "\"generator\": \"back\\u001btracker\", \"seed\": 1, \"size\": [5, 5]}]}");
	ck_assert_int_eq(read_text(text, &m, &err), MB_ERR_INPUT);
	ck_assert(strstr(err.message, "generator") && strstr(err.message, "\\x1b"));
	free(text);
}
END_TEST

START_TEST(printable)
{
	char buf[64];

	ck_assert_str_eq(mb_printable("plain \xc3\xa9 text", buf, sizeof(buf)), "plain \xc3\xa9 text");
	ck_assert_str_eq(mb_printable("\x1b[2J\r\n\x7f", buf, sizeof(buf)), "\\x1b[2J\\x0d\\x0a\\x7f");
	ck_assert_str_eq(mb_printable("\xc2\x9b" "1m", buf, sizeof(buf)), "\\u009b1m");
	ck_assert_str_eq(mb_printable("\xff\xe9\xc0\xaf\xed\xa0\x80", buf, sizeof(buf)),
			 "\\xff\\xe9\\xc0\\xaf\\xed\\xa0\\x80");
	ck_assert_str_eq(mb_printable(NULL, buf, sizeof(buf)), "");
	/* cut short with "...", never past the buffer nor inside an escape */
	ck_assert_str_eq(mb_printable("abcdefghij", buf, 8), "abcd...");
	ck_assert_str_eq(mb_printable("ab\x1b\x1b\x1b", buf, 10), "ab\\x1b...");
	ck_assert_str_eq(mb_printable("ab\x1b\x1b\x1b", buf, 9), "ab...");
	ck_assert_str_eq(mb_printable("abcdefg", buf, 8), "abcdefg");
}
END_TEST

START_TEST(utf8_check)
{
	size_t chars;
	bool controls;

	ck_assert(mb_utf8_check("a\xc3\xa9\xf0\x9f\x98\x80", 7, &chars, &controls));
	ck_assert_uint_eq(chars, 3);
	ck_assert(!controls);
	ck_assert(mb_utf8_check("a\tb", 3, &chars, &controls) && controls);
	ck_assert(mb_utf8_check("\xc2\x85", 2, NULL, &controls) && controls);
	ck_assert(!mb_utf8_check("\xc0\x80", 2, NULL, NULL));		/* overlong */
	ck_assert(!mb_utf8_check("\xed\xa0\x80", 3, NULL, NULL));	/* a surrogate */
	ck_assert(!mb_utf8_check("\xf4\x90\x80\x80", 4, NULL, NULL));	/* past U+10FFFF */
	ck_assert(!mb_utf8_check("\xe2\x82", 2, NULL, NULL));		/* cut short */
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("catalogue_manifest");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, json_values);
	tcase_add_test(tc, json_faults);
	tcase_add_test(tc, json_deep);
	tcase_add_test(tc, json_many_strings);
	tcase_add_test(tc, json_prefix);
	tcase_add_test(tc, manifest_clean);
	tcase_add_test(tc, manifest_refused);
	tcase_add_test(tc, manifest_mazes_refused);
	tcase_add_test(tc, printable);
	tcase_add_test(tc, utf8_check);
	suite_add_tcase(s, tc);
	return s;
}
