/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * A manifest cut short (a build reads an old manifest's title from its
 * start); a built book's manifest as the catalogue reads it, and each value
 * it refuses (issue 29, item 7); mb_printable and mb_utf8_check, which keep
 * catalogue text from driving a terminal. The texts are written here by
 * hand, byte by byte, not by mazebook's JSON writer.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/json.h"
#include "mazebook/base/printable.h"
#include "mazebook/base/xalloc.h"
#include "mazebook/book/catalogue.h"
#include "mazebook/book/manifest.h"

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

	tcase_add_test(tc, json_prefix);
	tcase_add_test(tc, manifest_clean);
	tcase_add_test(tc, manifest_refused);
	tcase_add_test(tc, manifest_mazes_refused);
	tcase_add_test(tc, printable);
	tcase_add_test(tc, utf8_check);
	suite_add_tcase(s, tc);
	return s;
}
