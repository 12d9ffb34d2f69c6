/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The book spec reader: every error names the place (line:column, 1-based)
 * and the problem; valid specs fill every field; the starter spec and every
 * book in examples/ parse.
 */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mazebook/base/names.h"
#include "mazebook/base/xalloc.h"
#include "mazebook/book/spec.h"

#include "check_main.h"

#define GOOD_HEAD "title: \"T\"\nauthor: \"A\"\nlevel: easy\nmazes: 10\n"

static enum mb_status parse(const char *text, struct mb_book_spec *spec, struct mb_error *err)
{
	mb_error_init(err);
	return mb_spec_parse("book.yaml", text, strlen(text), spec, err);
}

/* one broken spec: the status, the place and a fragment of the message */
struct bad_case {
	const char *text;
	int line, column;
	const char *fragment;
};

static const struct bad_case bad_cases[] = {
	/* unknown keys, with the nearest valid key or the list */
	{ "title: T\nauthor: A\nlevel: easy\nmazs: 60\n", 4, 1,
	  "unknown key 'mazs' (did you mean 'mazes'?)" },
	{ "titel: T\n", 1, 1, "unknown key 'titel' (did you mean 'title'?)" },
	{ GOOD_HEAD "colour: red\n", 5, 1, "unknown key 'colour' (valid: title, subtitle," },
	{ GOOD_HEAD "cover:\n  backgrond: red\n", 6, 3,
	  "unknown key 'backgrond' in 'cover' (did you mean 'background'?)" },
	/* duplicates */
	{ GOOD_HEAD "title: again\n", 5, 1, "duplicate key 'title' (first given at line 1)" },
	{ GOOD_HEAD "cover:\n  text: red\n  text: blue\n", 7, 3,
	  "duplicate key 'text' (first given at line 6)" },
	/* wrong types */
	{ "title: [a, b]\n", 1, 8, "'title' must be a string, not a list" },
	{ "title:\n  x: 1\n", 2, 3, "'title' must be a string, not a mapping" },
	{ "title: T\nauthor: A\nlevel: easy\nmazes: many\n", 4, 8,
	  "'mazes' must be a whole number (1..10000), not 'many'" },
	{ "title: T\nauthor: A\nlevel: easy\nmazes: 2.5\n", 4, 8, "not '2.5'" },
	{ GOOD_HEAD "cover: blue\n", 5, 8,
	  "'cover' must be a mapping of background, text and back, not a string" },
	{ GOOD_HEAD "cover:\n  background: [1, 2]\n", 6, 15,
	  "'cover.background' must be a colour, not a list" },
	{ GOOD_HEAD "bleed: maybe\n", 5, 8, "'bleed' must be true or false, not 'maybe'" },
	{ GOOD_HEAD "seed: -1\n", 5, 7, "'seed' must be a whole number (0..18446744073709551615), not '-1'" },
	{ GOOD_HEAD "seed: 0x10\n", 5, 7, "not '0x10'" },
	{ GOOD_HEAD "min_route_ratio: lots\n", 5, 18, "'min_route_ratio' must be a number" },
	{ GOOD_HEAD "min_route_ratio: nan\n", 5, 18, "not 'nan'" },
	{ "- title\n- author\n", 1, 1, "not a list" },
	{ "just a sentence\n", 1, 1, "the spec must be keys and values" },
	{ "[a]: b\n", 1, 1, "a key must be a plain name such as 'title', not a list" },
	/* out of range */
	{ "title: T\nauthor: A\nlevel: easy\nmazes: 0\n", 4, 8,
	  "'mazes' is 0, out of range (valid: 1..10000)" },
	{ "title: T\nauthor: A\nlevel: easy\nmazes: 100000\n", 4, 8,
	  "'mazes' is 100000, out of range (valid: 1..10000)" },
	{ "title: T\nauthor: A\nlevel: easy\nmazes: 99999999999999999999999\n", 4, 8,
	  "out of range (valid: 1..10000)" },
	{ GOOD_HEAD "seed: 18446744073709551616\n", 5, 7,
	  "'seed' is 18446744073709551616, out of range (valid: 0..18446744073709551615)" },
	{ GOOD_HEAD "trim: 9x99\n", 5, 7, "trim 9x99 in is not a KDP size (listed: 5x8" },
	{ GOOD_HEAD "trim: large\n", 5, 7, "bad trim 'large'" },
	{ "title: T\nauthor: A\nlevel: insane\nmazes: 3\n", 3, 8,
	  "unknown level 'insane' (valid: easy, medium, hard, expert)" },
	{ GOOD_HEAD "paper: pink\n", 5, 8, "unknown paper 'pink' (valid: white, cream)" },
	{ GOOD_HEAD "solutions: 3\n", 5, 12, "'solutions' must be 1, 2, 4, 6 or 9, not '3'" },
	{ GOOD_HEAD "algorithm: magic\n", 5, 12, "unknown algorithm 'magic' (valid: auto, aldous-broder, backtracker," },
	{ GOOD_HEAD "start: middle\n", 5, 8,
	  "unknown start 'middle' (valid: entrance, random, centre)" },
	{ GOOD_HEAD "start:\n", 5, 7, "'start' must be entrance, random or centre, not empty" },
	{ GOOD_HEAD "strat: entrance\n", 5, 1, "unknown key 'strat' (did you mean 'start'?)" },
	{ GOOD_HEAD "start: centre\nalgorithm: kruskal\n", 5, 8,
	  "'start' does not apply to kruskal, which has no start square (only aldous-broder, "
	  "backtracker, growing-tree, hunt-and-kill, prim, prim-frontier, wilson have one)" },
	{ GOOD_HEAD "algorithm: eller\nstart: random\n", 6, 8, "does not apply to eller" },
	{ GOOD_HEAD "language: it\n", 5, 11, "unknown language 'it' (valid: en, de, fr, es)" },
	{ GOOD_HEAD "grid: 0x24\n", 5, 7, "'grid' is 0x24, out of range (valid: 1..200 squares each way)" },
	{ GOOD_HEAD "grid: 20x201\n", 5, 7, "out of range (valid: 1..200" },
	{ GOOD_HEAD "grid: big\n", 5, 7, "'grid' must be WIDTHxHEIGHT in squares such as 20x24, not 'big'" },
	{ GOOD_HEAD "grid: -3x4\n", 5, 7, "not '-3x4'" },
	{ GOOD_HEAD "min_route_ratio: 0.5\n", 5, 18,
	  "'min_route_ratio' is 0.5, out of range (valid: 1..10)" },
	{ GOOD_HEAD "min_forks: -1\n", 5, 12, "'min_forks' is -1, out of range (valid: 0..10000)" },
	{ GOOD_HEAD "cover:\n  background: blu\n", 6, 15,
	  "'cover.background' is not a colour: 'blu' (did you mean 'blue'? expected #rgb, #rrggbb or "
	  "one of black, white" },
	{ GOOD_HEAD "cover:\n  text: \"#12345\"\n", 6, 9, "is not a colour: '#12345'" },
	{ GOOD_HEAD "cover:\n  text: \"#ggg\"\n", 6, 9, "is not a colour: '#ggg'" },
	/* empty and bad strings */
	{ "title:\nauthor: A\nlevel: easy\nmazes: 3\n", 1, 7, "'title' must not be empty" },
	{ "title: \"\"\nauthor: A\nlevel: easy\nmazes: 3\n", 1, 8, "'title' must not be empty" },
	{ "title: \"a\\0b\"\n", 1, 8, "'title' contains a NUL character" },
	{ "title: \"a\\x07b\"\n", 1, 8, "'title' contains a control character" },
	{ "title: |\n  two\n  lines\n", 1, 8, "'title' must be one line (no line breaks or tabs)" },
	{ GOOD_HEAD "output: \"a\\tb\"\n", 5, 9, "'output' must be one line" },
	{ GOOD_HEAD "cover:\n", 5, 7, "'cover' must be a mapping of background, text and back, not empty" },
	{ "\"titlx\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
	  "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
	  "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9xx\": 1\n",
	  1, 1, "unknown key 'titlx\xc3\xa9" },
	/* missing required keys: reported where the mapping ends */
	{ "title: T\nauthor: A\nlevel: easy\n", 4, 1, "missing required key 'mazes'" },
	{ "title: T\nmazes: 3\n", 3, 1, "missing required keys 'author', 'level'" },
	{ "subtitle: S\n", 2, 1, "missing required keys 'title', 'author', 'level', 'mazes'" },
	/* YAML bombs and YAML features a spec has no use for */
	{ "title: &t T\nauthor: *t\n", 1, 8,
	  "YAML anchors and aliases are not allowed in a spec (found '&t')" },
	{ GOOD_HEAD "cover: &c\n  text: red\n", 5, 8, "not allowed in a spec (found '&c')" },
	{ "a: &a [\"lol\",\"lol\"]\nb: [*a,*a,*a]\n", 1, 1, "unknown key 'a'" },
	{ "title: *undefined\n", 1, 8, "found '*undefined'" },
	{ "title: !!str T\n", 1, 8, "YAML tags are not allowed in a spec" },
	{ GOOD_HEAD "cover: {background: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}\n",
	  5, 21, "'cover.background' must be a colour, not a list" },
	{ "title: T\n---\ntitle: U\n", 2, 1, "a spec is one YAML document; found a second one" },
	/* malformed YAML: in plain words at the place to change, libyaml's words after */
	{ "title: T\n  bad: : x\n", 2, 3, "'bad:' on line 2 is indented under 'title:' (line 1), so YAML reads it as part of the value of 'title' (\"T bad\"); if it is a key, start it at column 1 like 'title:'; if it is part of the value, put the whole value in double quotes" },
	{ "title: Mazes: For Kids\n", 1, 13, "the value of 'title' has a ': ' in it, which YAML reads as another key; put the whole value in double quotes: title: \"Mazes: For Kids\"" },
	{ "title: \"unterminated\n", 1, 8, "the quote (\") that opens at line 1, column 8 is never closed; end the value with \" on line 1" },
	{ "{title: T\n", 1, 1, "the '{' at line 1, column 1 is never closed with '}'" },
	{ "title: T\n\tauthor: A\n", 2, 1, "line 2 has a tab at column 1; indentation must use spaces, not tabs: replace the tab with spaces" },
	{ "title: @home\n", 1, 8, "a YAML value cannot start with '@'; put the value in double quotes: title: \"@home\"" },
	{ "title: \"a\\qb\"\n", 1, 10, "'\\q' is not an escape YAML knows in double quotes" },
	{ "title: T\n- a\n", 2, 1, "a list item ('- ...') here belongs to no key" },
	{ "title: T\nauthor: A\nseed: 1\nsections:\n  - title: Part 1: Easy\n", 5, 18,
	  "the value of 'title' has a ': ' in it, which YAML reads as another key; put the whole "
	  "value in double quotes: title: \"Part 1: Easy\"" },
	{ "title: 'it's'\n", 1, 12, "there is more after the closing quote; put the whole value inside the quotes (inside single quotes, write '' for an apostrophe" },
	{ "title: \"He said \"hi\"\"\n", 1, 18, "there is more after the closing quote" },
	{ "title: T\n%YAML 1.1\n", 3, 1, "(a '%' line may only come before the first key)" },
	{ "title: \"caf\xc3\" \n", 1, 13, "the file is not UTF-8 text here (byte 0x22): save it as UTF-8 (YAML: invalid trailing UTF-8 octet)" },
	{ "title: x\xff\n", 1, 9, "the file is not UTF-8 text here (byte 0xff): save it as UTF-8 (YAML: invalid leading UTF-8 octet)" },
	{ "title:\tT\x01\n", 1, 9, "a control character (byte 0x01) is not allowed in a spec: delete it" },
	/* numbers as people write them: a quoted number is a string in YAML */
	{ "title: T\nauthor: A\nlevel: easy\nmazes: \"30\"\n", 4, 8,
	  "'mazes' expected a number, not the string \"30\" (write it without quotes)" },
	{ "title: T\nauthor: A\nlevel: easy\nmazes: '30'\n", 4, 8,
	  "expected a number, not the string \"30\"" },
	{ "title: T\nauthor: A\nlevel: easy\nmazes: +30\n", 4, 8,
	  "'mazes' must be a whole number (1..10000) written in plain digits, not '+30' (a plus sign)" },
	{ "title: T\nauthor: A\nlevel: easy\nmazes: 030\n", 4, 8,
	  "'mazes' must be a whole number (1..10000) written in plain digits, not '030' (a leading zero)" },
	{ GOOD_HEAD "seed: 007\n", 5, 7, "not '007' (a leading zero)" },
	{ GOOD_HEAD "seed: \"7\"\n", 5, 7, "'seed' expected a number, not the string \"7\"" },
	{ GOOD_HEAD "min_forks: +3\n", 5, 12, "not '+3' (a plus sign)" },
	{ GOOD_HEAD "min_route_ratio: \"1.5\"\n", 5, 18,
	  "'min_route_ratio' expected a number, not the string \"1.5\"" },
	{ GOOD_HEAD "min_route_ratio: 01.5\n", 5, 18, "not '01.5' (a leading zero)" },
	{ GOOD_HEAD "min_route_ratio: .5\n", 5, 18, "not '.5' (no digit before the point)" },
	{ GOOD_HEAD "solutions: \"4\"\n", 5, 12, "'solutions' expected a number, not the string \"4\"" },
	{ GOOD_HEAD "solutions: 04\n", 5, 12, "not '04' (a leading zero)" },
	/* invisible characters: bidi controls, zero-width and other format characters */
	{ "title: \"abc\u202Egnp.exe\"\n", 1, 8,
	  "'title' contains U+202E (RIGHT-TO-LEFT OVERRIDE, a bidirectional control) as character 4: "
	  "it prints as nothing but changes or hides what is read; remove it" },
	{ "title: \"ab\xe2\x80\x8b\"\n", 1, 8, "'title' contains U+200B (ZERO WIDTH SPACE, invisible) as character 3" },
	{ "title: T\nsubtitle: \"\u2066x\u2069\"\n", 2, 11, "'subtitle' contains U+2066 (LEFT-TO-RIGHT ISOLATE" },
	{ "author: \"A\u200Fb\"\n", 1, 9, "'author' contains U+200F (RIGHT-TO-LEFT MARK" },
	{ "author: \"A\u200Eb\"\n", 1, 9, "'author' contains U+200E (LEFT-TO-RIGHT MARK" },
	{ "author: \"A\u061Cb\"\n", 1, 9, "U+061C (ARABIC LETTER MARK" },
	{ "author: \"A\u2060b\"\n", 1, 9, "U+2060 (WORD JOINER" },
	{ "author: \"A\u200Db\"\n", 1, 9, "U+200D (ZERO WIDTH JOINER" },
	{ "author: \"A\u200Cb\"\n", 1, 9, "U+200C (ZERO WIDTH NON-JOINER" },
	{ "author: \"A\uFEFFb\"\n", 1, 9, "U+FEFF (ZERO WIDTH NO-BREAK SPACE (byte order mark)" },
	{ "author: \"A\u202Ab\"\n", 1, 9, "U+202A (LEFT-TO-RIGHT EMBEDDING" },
	{ "author: \"A\u00ADb\"\n", 1, 9, "U+00AD (SOFT HYPHEN" },
	{ "author: \"A\U000E0041b\"\n", 1, 9, "U+E0041 (a tag character" },
	{ GOOD_HEAD "copyright: \"(C) \u202Dx\"\n", 5, 12, "'copyright' contains U+202D (LEFT-TO-RIGHT OVERRIDE" },
	{ GOOD_HEAD "cover:\n  back: \"x\u2067y\"\n", 6, 9, "'cover.back' contains U+2067 (RIGHT-TO-LEFT ISOLATE" },
	{ "title: T\nauthor: A\nmazes: 3\nlevel: \"ea\u200Bsy\"\n", 4, 8, "'level' contains U+200B (ZERO WIDTH SPACE" },
	{ GOOD_HEAD "output: \"o\u202Eut\"\n", 5, 9, "'output' contains U+202E" },
	/* emoji print from the machine's emoji font, as a bitmap */
	{ "title: \"Mazes \xf0\x9f\x98\x80\"\n", 1, 8,
	  "'title' has an emoji, '\xf0\x9f\x98\x80' (U+1F600) as character 7: emoji print from the "
	  "machine's colour emoji font as a low-resolution picture, not from the book's font; leave "
	  "it out" },
	{ "title: \"I \xe2\x9d\xa4\xef\xb8\x8f mazes\"\n", 1, 8,
	  "'title' asks for an emoji: U+FE0F (VARIATION SELECTOR-16) follows character 3" },
	{ "title: T\nsubtitle: \"\xe2\xad\x90\"\n", 2, 11, "'subtitle' has an emoji, '\xe2\xad\x90' (U+2B50)" },
	{ "author: \"A \xf0\x9f\x87\xa9\xf0\x9f\x87\xaa\"\n", 1, 9, "'author' has an emoji" },
	{ GOOD_HEAD "copyright: \"\xf0\x9f\x90\xb1\"\n", 5, 12, "'copyright' has an emoji" },
	{ GOOD_HEAD "cover:\n  back: \"\xf0\x9f\xa6\x84\"\n", 6, 9, "'cover.back' has an emoji" },
	/* empty */
	{ "", 1, 1, "the spec is empty (expected keys such as title, author, level and mazes)" },
	{ "# only a comment\n", 1, 1, "the spec is empty" },
	{ "---\n", 1, 1, "the spec is empty" },
	/* title and subtitle together past KDP's 200 characters */
	{ "title: \"" "0123456789012345678901234567890123456789012345678901234567890123456789"
	  "0123456789012345678901234567890123456789\"\nsubtitle: \""
	  "0123456789012345678901234567890123456789012345678901234567890123456789"
	  "0123456789012345678901234567890123456789\"\nauthor: A\nlevel: easy\nmazes: 3\n",
	  6, 1, "title and subtitle are 220 characters together (KDP allows at most 200)" },
};

/* Is s well-formed UTF-8? (lead and continuation bytes only; enough here) */
static int utf8_ok(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		int n = *p < 0x80 ? 0 : (*p & 0xe0) == 0xc0 ? 1 : (*p & 0xf0) == 0xe0 ? 2
			: (*p & 0xf8) == 0xf0 ? 3 : -1;

		if (n < 0)
			return 0;
		p++;
		for (int k = 0; k < n; k++, p++)
			if ((*p & 0xc0) != 0x80)
				return 0;
	}
	return 1;
}

START_TEST(bad_spec)
{
	const struct bad_case *c = &bad_cases[_i];
	struct mb_book_spec spec;
	struct mb_error err;
	enum mb_status status = parse(c->text, &spec, &err);

	ck_assert_msg(status == MB_ERR_INPUT, "case %d: status %d", _i, status);
	ck_assert_str_eq(err.file, "book.yaml");
	ck_assert_msg(strstr(err.message, c->fragment), "case %d: message '%s' lacks '%s'", _i,
		      err.message, c->fragment);
	ck_assert_msg(utf8_ok(err.message), "case %d: message is not UTF-8", _i);
	ck_assert_msg(err.line == c->line && err.column == c->column,
		      "case %d ('%s'): at %d:%d, expected %d:%d", _i, err.message, err.line,
		      err.column, c->line, c->column);
	/* a failed read leaves nothing to free */
	ck_assert_ptr_null(spec.title);
	ck_assert_ptr_null(spec.path);
	ck_assert_ptr_null(spec.algorithm);
	ck_assert_ptr_null(spec.level);
	mb_spec_release(&spec);
}
END_TEST

/* a UTF-8 byte order mark is skipped; places stay as the editor shows them */
START_TEST(bom_is_skipped)
{
	static const char text[] = "\xef\xbb\xbftitle: \"T\"\nauthor: A\nlevel: easy\nmazes: x\n";
	struct mb_book_spec spec;
	struct mb_error err;

	ck_assert_int_eq(parse("\xef\xbb\xbf" GOOD_HEAD, &spec, &err), MB_OK);
	ck_assert_str_eq(spec.title, "T");
	mb_spec_release(&spec);
	ck_assert_int_eq(parse(text, &spec, &err), MB_ERR_INPUT);
	ck_assert_int_eq(err.line, 4);
	ck_assert_int_eq(err.column, 8);
	/* a second mark is no longer at the start: refused as an invisible character */
	ck_assert_int_eq(parse("\xef\xbb\xbf\xef\xbb\xbf" GOOD_HEAD, &spec, &err), MB_ERR_INPUT);
}
END_TEST

/* outputs inside the spec's folder, and numbers written plainly, are fine */
START_TEST(inside_outputs_and_plain_numbers)
{
	static const char *const outputs[] = { "out", "out/", "a/../b", "./x/y", ".", "-rf" };
	struct mb_book_spec spec;
	struct mb_error err;

	for (size_t i = 0; i < sizeof(outputs) / sizeof(outputs[0]); i++) {
		char text[256];

		snprintf(text, sizeof(text), GOOD_HEAD "output: \"%s\"\n", outputs[i]);
		ck_assert_msg(parse(text, &spec, &err) == MB_OK, "%s: %s", outputs[i], err.message);
		ck_assert_str_eq(spec.output_dir, outputs[i]);
		mb_spec_release(&spec);
	}
	ck_assert_int_eq(parse(GOOD_HEAD "seed: 0\nmin_forks: 0\nmin_route_ratio: 1.5\n"
			       "solutions: 9\n", &spec, &err), MB_OK);
	ck_assert_int_eq(spec.mazes, 10);
	ck_assert_double_eq(spec.filter.min_route_ratio, 1.5);
	mb_spec_release(&spec);
	/* quoted text that is not a number stays text */
	ck_assert_int_eq(parse("title: \"30\"\nauthor: \"007\"\nlevel: easy\nmazes: 10\n",
			       &spec, &err), MB_OK);
	ck_assert_str_eq(spec.title, "30");
	mb_spec_release(&spec);
}
END_TEST

/*
 * A spec writes only inside its own folder (-o on the command line is free,
 * so the reader accepts any value): mb_spec_output_dir refuses the rest,
 * at the key's place once located.
 */
START_TEST(output_only_inside_the_spec_folder)
{
	static const struct {
		const char *value, *fragment;
	} bad[] = {
		{ "/etc", "'output' is '/etc', an absolute path: a spec may name only a folder "
			  "inside its own folder; to write elsewhere give -o DIR on the command line" },
		{ "../../x", "'output' is '../../x', a '..' that leaves the spec's folder (it "
			     "leads to '/x'): a spec may name only a folder" },
		{ "a/./../../x", "a '..' that leaves the spec's folder" },
		{ "..", "a '..' that leaves the spec's folder" },
		{ "//x", "an absolute path" },
	};
	char tmpl[] = "/tmp/mb-check-spec.XXXXXX";
	char *base = mkdtemp(tmpl), *name, *link, *dir = NULL;
	struct mb_book_spec spec;
	struct mb_error err;
	char text[256];

	ck_assert_ptr_nonnull(base);
	name = xasprintf("%s/book.yaml", base);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(text, sizeof(text), GOOD_HEAD "output: \"%s\"\n", bad[i].value);
		mb_error_init(&err);
		ck_assert_int_eq(mb_spec_parse(name, text, strlen(text), &spec, &err), MB_OK);
		ck_assert_int_eq(mb_spec_output_dir(&spec, &dir, &err), MB_ERR_INPUT);
		ck_assert_ptr_null(dir);
		ck_assert_int_eq(mb_spec_locate(&spec, &err), MB_ERR_INPUT);
		ck_assert_msg(strstr(err.message, bad[i].fragment), "%s: '%s'", bad[i].value,
			      err.message);
		ck_assert_str_eq(err.file, name);
		ck_assert_int_eq(err.line, 5);
		ck_assert_int_eq(err.column, 9);
		mb_spec_release(&spec);
	}
	/* a symbolic link out of the folder, given or as the default 'out' */
	link = xasprintf("%s/out", base);
	ck_assert_int_eq(symlink("/tmp", link), 0);
	mb_error_init(&err);
	ck_assert_int_eq(mb_spec_parse(name, GOOD_HEAD, strlen(GOOD_HEAD), &spec, &err), MB_OK);
	ck_assert_int_eq(mb_spec_output_dir(&spec, &dir, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "which leads to '/tmp' (through a symbolic link)"));
	ck_assert_str_eq(err.field, "output");
	mb_spec_release(&spec);
	snprintf(text, sizeof(text), GOOD_HEAD "output: out/deeper/still\n");
	mb_error_init(&err);
	ck_assert_int_eq(mb_spec_parse(name, text, strlen(text), &spec, &err), MB_OK);
	ck_assert_int_eq(mb_spec_output_dir(&spec, &dir, &err), MB_ERR_INPUT);
	mb_spec_release(&spec);
	unlink(link);
	/* inside: the path as given, against the spec's folder */
	snprintf(text, sizeof(text), GOOD_HEAD "output: a/../b/\n");
	mb_error_init(&err);
	ck_assert_int_eq(mb_spec_parse(name, text, strlen(text), &spec, &err), MB_OK);
	ck_assert_int_eq(mb_spec_output_dir(&spec, &dir, &err), MB_OK);
	ck_assert_ptr_nonnull(dir);
	ck_assert_ptr_nonnull(strstr(dir, "/a/../b/"));
	free(dir);
	mb_spec_release(&spec);
	ck_assert_int_eq(rmdir(base), 0);
	free(link);
	free(name);
}
END_TEST

/* issue 29: a file read later is checked again, so a link swapped in after the read is refused */
START_TEST(inputs_checked_again)
{
	char tmpl[] = "/tmp/mb-check-reach.XXXXXX";
	char *base = mkdtemp(tmpl), *name, *pics, *old, *pic;
	const char *text = GOOD_HEAD "cover:\n  image: pics/a.png\n";
	struct mb_book_spec spec;
	struct mb_error err;
	FILE *f;

	ck_assert_ptr_nonnull(base);
	name = xasprintf("%s/book.yaml", base);
	pics = xasprintf("%s/pics", base);
	old = xasprintf("%s/pics-old", base);
	pic = xasprintf("%s/a.png", pics);
	ck_assert_int_eq(mkdir(pics, 0700), 0);
	f = fopen(pic, "w");
	ck_assert_ptr_nonnull(f);
	fclose(f);
	mb_error_init(&err);
	ck_assert_int_eq(mb_spec_parse(name, text, strlen(text), &spec, &err), MB_OK);
	ck_assert_int_eq(mb_spec_inputs_inside(&spec, &err), MB_OK);
	/* the folder becomes a link out of the spec's folder after the spec was read */
	ck_assert_int_eq(rename(pics, old), 0);
	ck_assert_int_eq(symlink("/", pics), 0);
	ck_assert_int_eq(mb_spec_inputs_inside(&spec, &err), MB_ERR_INPUT);
	ck_assert_msg(strstr(err.message, "'cover.image' is 'pics/a.png', which leads to '/a.png' "
			     "(through a symbolic link), outside the spec's folder"), "%s",
		      err.message);
	ck_assert_str_eq(err.file, name);
	ck_assert_int_eq(err.line, 6);
	ck_assert_int_eq(err.column, 10);
	mb_spec_release(&spec);
	unlink(pics);
	free(pic);
	pic = xasprintf("%s/a.png", old);
	unlink(pic);
	rmdir(old);
	ck_assert_int_eq(rmdir(base), 0);
	free(pic);
	free(old);
	free(pics);
	free(name);
}
END_TEST

/* a spec names no network catalogue, in any of libpq's forms */
START_TEST(catalogue_only_a_file_inside)
{
	static const char *const network[] = {
		"postgres://h/db", "\"postgresql://u:p@h:5/db?sslmode=disable\"", "\"host=h dbname=d\"",
		"\" port = 5\"", "file:x.db", "http://h/x.db",
	};
	struct mb_book_spec spec;
	struct mb_error err;
	char text[256];

	for (size_t i = 0; i < sizeof(network) / sizeof(network[0]); i++) {
		snprintf(text, sizeof(text), GOOD_HEAD "catalogue: %s\n", network[i]);
		ck_assert_int_eq(parse(text, &spec, &err), MB_ERR_INPUT);
		ck_assert_msg(strstr(err.message, "'catalogue' names a network catalogue"), "%s: %s",
			      network[i], err.message);
		ck_assert_ptr_null(strstr(err.message, "h/db"));	/* never echoed */
		ck_assert_int_eq(err.line, 5);
		mb_spec_release(&spec);
	}
	ck_assert_int_eq(parse(GOOD_HEAD "catalogue: books.db\n", &spec, &err), MB_OK);
	mb_spec_release(&spec);
	ck_assert_int_eq(parse(GOOD_HEAD "catalogue: none\n", &spec, &err), MB_OK);
	mb_spec_release(&spec);
	ck_assert_int_eq(parse(GOOD_HEAD "catalogue: ../books.db\n", &spec, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "a '..' that leaves the spec's folder"));
	mb_spec_release(&spec);
}
END_TEST

START_TEST(message_format)
{
	struct mb_book_spec spec;
	struct mb_error err;
	char buf[600];

	ck_assert_int_eq(parse("title: T\nauthor: A\nlevel: easy\nmazs: 60\n", &spec, &err),
			 MB_ERR_INPUT);
	ck_assert_str_eq(mb_error_format(&err, buf, sizeof(buf)),
			 "book.yaml:4:1: unknown key 'mazs' (did you mean 'mazes'?)");
	mb_spec_release(&spec);
}
END_TEST

START_TEST(first_error_kept)
{
	struct mb_book_spec spec;
	struct mb_error err;

	mb_error_init(&err);
	mb_error_set(&err, MB_ERR_IO, "earlier");
	ck_assert_int_eq(mb_spec_parse("b.yaml", "x: 1\n", 5, &spec, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.message, "earlier");
	/* NULL err is fine */
	ck_assert_int_eq(mb_spec_parse("b.yaml", "x: 1\n", 5, &spec, NULL), MB_ERR_INPUT);
	mb_spec_release(&spec);
}
END_TEST

START_TEST(full_spec)
{
	static const char text[] =
		"title: \"Amazing Mazes for Kids\"\n"
		"subtitle: \"60 Easy Mazes for Ages 5-7\"\n"
		"author: \"Ada Lovelace\"\n"
		"level: medium\n"
		"mazes: 60\n"
		"trim: 6x9\n"
		"paper: cream\n"
		"bleed: true\n"
		"seed: 2026\n"
		"algorithm: backtracker\n"
		"start: centre\n"
		"solutions: 6\n"
		"output: build/pdf/\n"
		"language: fr\n"
		"one_sided: yes\n"
		"copyright: \"(c) 2026 Ada\"\n"
		"font: \"DejaVu Serif\"\n"
		"grid: 20x24\n"
		"min_route_ratio: 1.6\n"
		"min_forks: 5\n"
		"cover:\n"
		"  background: \"#f0a\"\n"
		"  text: Navy\n"
		"  back: |\n"
		"    Sixty hand-checked mazes.\n"
		"    Every solution at the back.\n";
	struct mb_book_spec spec;
	struct mb_error err;

	ck_assert_int_eq(mb_spec_parse("books/kids.yaml", text, strlen(text), &spec, &err), MB_OK);
	ck_assert_str_eq(spec.path, "books/kids.yaml");
	ck_assert_str_eq(spec.base_dir, "books");
	ck_assert_str_eq(spec.title, "Amazing Mazes for Kids");
	ck_assert_str_eq(spec.subtitle, "60 Easy Mazes for Ages 5-7");
	ck_assert_str_eq(spec.author, "Ada Lovelace");
	ck_assert_str_eq(spec.level->name, "medium");
	ck_assert_int_eq(spec.mazes, 60);
	ck_assert_double_eq(spec.trim.w_in, 6);
	ck_assert_double_eq(spec.trim.h_in, 9);
	ck_assert(!spec.trim.custom);
	ck_assert_int_eq(spec.paper, MB_PAPER_CREAM);
	ck_assert(spec.bleed);
	ck_assert_uint_eq(spec.seed, 2026);
	ck_assert_str_eq(spec.algorithm, "backtracker");
	ck_assert_int_eq(spec.start, MB_START_CENTRE);
	ck_assert_int_eq(spec.solutions_per_page, 6);
	ck_assert_str_eq(spec.output_dir, "build/pdf/");
	ck_assert_str_eq(spec.language, "fr");
	ck_assert(spec.one_sided);
	ck_assert_str_eq(spec.copyright, "(c) 2026 Ada");
	ck_assert_str_eq(spec.font, "DejaVu Serif");
	ck_assert_ptr_null(spec.font_path);	/* a name, not a file */
	ck_assert_int_eq(spec.grid_w, 20);
	ck_assert_int_eq(spec.grid_h, 24);
	ck_assert_double_eq(spec.filter.min_route_ratio, 1.6);
	ck_assert_int_eq(spec.filter.min_forks, 5);
	ck_assert_uint_eq(spec.cover.background_rgb, 0xff00aa);
	ck_assert_uint_eq(spec.cover.text_rgb, 0x000080);
	ck_assert_str_eq(spec.cover.back, "Sixty hand-checked mazes.\nEvery solution at the back.\n");
	{
		char *out = mb_spec_resolve(&spec, spec.output_dir);

		ck_assert_str_eq(out, "books/build/pdf/");
		free(out);
		out = mb_spec_resolve(&spec, "/abs/x");
		ck_assert_str_eq(out, "/abs/x");
		free(out);
	}
	mb_spec_release(&spec);
	ck_assert_ptr_null(spec.title);
	mb_spec_release(&spec);	/* twice is harmless */
}
END_TEST

START_TEST(defaults)
{
	struct mb_book_spec spec;
	struct mb_error err;

	ck_assert_int_eq(parse(GOOD_HEAD, &spec, &err), MB_OK);
	ck_assert_str_eq(spec.title, "T");
	ck_assert_ptr_null(spec.subtitle);
	ck_assert_str_eq(spec.base_dir, ".");
	ck_assert_double_eq(spec.trim.w_in, 8.5);
	ck_assert_double_eq(spec.trim.h_in, 11);
	ck_assert_int_eq(spec.paper, MB_PAPER_WHITE);
	ck_assert(!spec.bleed);
	ck_assert_uint_eq(spec.seed, 1);
	ck_assert_str_eq(spec.algorithm, "auto");
	ck_assert_int_eq(spec.start, MB_START_DEFAULT);	/* each generator's own */
	ck_assert_int_eq(spec.solutions_per_page, 4);
	ck_assert_str_eq(spec.output_dir, "out");
	ck_assert_str_eq(spec.language, "en");
	ck_assert(!spec.one_sided);
	ck_assert_ptr_null(spec.copyright);
	ck_assert_ptr_null(spec.font);
	ck_assert_ptr_null(spec.font_path);
	ck_assert_ptr_null(spec.cover.back);
	ck_assert_uint_eq(spec.cover.background_rgb, 0x1565c0);
	ck_assert_uint_eq(spec.cover.text_rgb, 0xffffff);
	/* the level's grid and filter */
	ck_assert_int_eq(spec.grid_w, spec.level->w);
	ck_assert_int_eq(spec.grid_h, spec.level->h);
	ck_assert_double_eq(spec.filter.min_route_ratio, spec.level->min_route_ratio);
	ck_assert_int_eq(spec.filter.min_forks, spec.level->min_forks);
	{
		char *out = mb_spec_resolve(&spec, spec.output_dir);

		ck_assert_str_eq(out, "out");
		free(out);
	}
	mb_spec_release(&spec);
}
END_TEST

/* with auto, the start is for the generators of the level that have one */
START_TEST(start_with_auto)
{
	struct mb_book_spec spec;
	struct mb_error err;

	ck_assert_int_eq(parse(GOOD_HEAD "start: random\n", &spec, &err), MB_OK);
	ck_assert_int_eq(spec.start, MB_START_RANDOM);
	ck_assert_str_eq(spec.algorithm, "auto");
	mb_spec_release(&spec);
	ck_assert_int_eq(parse(GOOD_HEAD "algorithm: wilson\nstart: entrance\n", &spec, &err),
			 MB_OK);
	ck_assert_int_eq(spec.start, MB_START_ENTRANCE);
	mb_spec_release(&spec);
}
END_TEST

START_TEST(overrides_before_level)
{
	/* overrides given before the level still win over it */
	static const char text[] = "min_forks: 0\ngrid: 1x200\nmin_route_ratio: 1\n"
				   "title: T\nauthor: A\nlevel: expert\nmazes: 1\n"
				   "seed: 0\nsolutions: 9\ntrim: 7x7\nbleed: FALSE\n";
	struct mb_book_spec spec;
	struct mb_error err;

	ck_assert_int_eq(parse(text, &spec, &err), MB_OK);
	ck_assert_int_eq(spec.grid_w, 1);
	ck_assert_int_eq(spec.grid_h, 200);
	ck_assert_double_eq(spec.filter.min_route_ratio, 1.0);
	ck_assert_int_eq(spec.filter.min_forks, 0);
	ck_assert_uint_eq(spec.seed, 0);
	ck_assert_int_eq(spec.solutions_per_page, 9);
	ck_assert(spec.trim.custom);
	mb_spec_release(&spec);

	/* only one override: the rest stay the level's */
	ck_assert_int_eq(parse(GOOD_HEAD "min_forks: 7\n", &spec, &err), MB_OK);
	ck_assert_int_eq(spec.filter.min_forks, 7);
	ck_assert_double_eq(spec.filter.min_route_ratio, spec.level->min_route_ratio);
	ck_assert_int_eq(spec.grid_w, spec.level->w);
	mb_spec_release(&spec);
}
END_TEST

/* a landscape trim turns the level's portrait grid; a grid the spec gives is kept */
START_TEST(landscape_turns_level_grid)
{
	struct mb_book_spec spec;
	struct mb_error err;

	/* 8.25x6: the turned level fills too little of the wide room: a wide grid */
	ck_assert_int_eq(parse("title: T\nauthor: A\nlevel: medium\nmazes: 30\ntrim: 8.25x6\n",
			       &spec, &err), MB_OK);
	ck_assert_int_lt(spec.level->w, spec.level->h);	/* the level is portrait */
	ck_assert_int_eq(spec.grid_w, 27);
	ck_assert_int_eq(spec.grid_h, 12);
	/* about the level's squares */
	ck_assert_int_le(abs(spec.grid_w * spec.grid_h - spec.level->w * spec.level->h), 12);
	mb_spec_release(&spec);

	/* the trim may come before the level */
	ck_assert_int_eq(parse("trim: 8.25x6\ntitle: T\nauthor: A\nlevel: easy\nmazes: 30\n",
			       &spec, &err), MB_OK);
	ck_assert_int_eq(spec.grid_w, 16);
	ck_assert_int_eq(spec.grid_h, 8);
	mb_spec_release(&spec);

	/* portrait trims keep the level's grid (the example books stay as they were) */
	ck_assert_int_eq(parse(GOOD_HEAD "trim: 6x9\n", &spec, &err), MB_OK);
	ck_assert_int_eq(spec.grid_w, spec.level->w);
	ck_assert_int_eq(spec.grid_h, spec.level->h);
	mb_spec_release(&spec);
	ck_assert_int_eq(parse(GOOD_HEAD "trim: 8.5x11\n", &spec, &err), MB_OK);
	ck_assert_int_eq(spec.grid_w, spec.level->w);
	ck_assert_int_eq(spec.grid_h, spec.level->h);
	mb_spec_release(&spec);
	/* a square trim's room is wider than tall (the bands take height): turned */
	ck_assert_int_eq(parse(GOOD_HEAD "trim: 8.5x8.5\n", &spec, &err), MB_OK);
	ck_assert_int_eq(spec.grid_w, spec.level->h);
	ck_assert_int_eq(spec.grid_h, spec.level->w);
	mb_spec_release(&spec);
	/* 8x10 is nearly square: medium's 16x20 fills 83 %, so 18x18 */
	ck_assert_int_eq(parse("title: T\nauthor: A\nlevel: medium\nmazes: 30\ntrim: 8x10\n",
			       &spec, &err), MB_OK);
	ck_assert_int_eq(spec.grid_w, 18);
	ck_assert_int_eq(spec.grid_h, 18);
	mb_spec_release(&spec);

	/* an explicit grid on a landscape trim is the publisher's choice */
	ck_assert_int_eq(parse(GOOD_HEAD "trim: 8.25x6\ngrid: 12x20\n", &spec, &err), MB_OK);
	ck_assert_int_eq(spec.grid_w, 12);
	ck_assert_int_eq(spec.grid_h, 20);
	mb_spec_release(&spec);

	/* sections are fitted too */
	ck_assert_int_eq(parse("title: T\nauthor: A\ntrim: 8.25x6\nsections:\n"
			       "  - title: S\n    level: easy\n    mazes: 30\n", &spec, &err), MB_OK);
	ck_assert_int_eq(spec.sections[0].grid_w, 16);
	ck_assert_int_eq(spec.sections[0].grid_h, 8);
	mb_spec_release(&spec);
}
END_TEST

/* where each key's value was, for errors found after reading */
START_TEST(key_places_for_later_errors)
{
	static const char text[] = "title: \"Mazes\"\nauthor: A\nlevel: easy\n"
				   "mazes:   5\ncover:\n  back: \"B\"\n";
	struct mb_book_spec spec;
	struct mb_error err;
	int line = -1, column = -1;
	char buf[1024];

	ck_assert_int_eq(parse(text, &spec, &err), MB_OK);
	ck_assert(mb_spec_where(&spec, "title", &line, &column));
	ck_assert_int_eq(line, 1);
	ck_assert_int_eq(column, 8);
	ck_assert(mb_spec_where(&spec, "mazes", &line, &column));
	ck_assert_int_eq(line, 4);
	ck_assert_int_eq(column, 10);
	ck_assert(mb_spec_where(&spec, "cover.back", &line, &column));
	ck_assert_int_eq(line, 6);
	ck_assert_int_eq(column, 9);
	ck_assert(mb_spec_where(&spec, "level", NULL, NULL));
	/* defaults and unknown keys have no place */
	ck_assert(!mb_spec_where(&spec, "font", &line, &column));
	ck_assert(!mb_spec_where(&spec, "cover", &line, &column));
	ck_assert(!mb_spec_where(&spec, "nonsense", &line, &column));
	ck_assert(!mb_spec_where(&spec, NULL, &line, &column));

	/* an error naming a given key gets its place */
	mb_error_init(&err);
	mb_error_set_field(&err, MB_ERR_INPUT, "mazes", "5 mazes make only 10 pages");
	ck_assert_int_eq(mb_spec_locate(&spec, &err), MB_ERR_INPUT);
	ck_assert_str_eq(mb_error_format(&err, buf, sizeof(buf)),
			 "book.yaml:4:10: 5 mazes make only 10 pages");
	/* a key left to its default: the file alone */
	mb_error_init(&err);
	mb_error_set_field(&err, MB_ERR_INPUT, "font", "font 'x' not found");
	mb_spec_locate(&spec, &err);
	ck_assert_str_eq(mb_error_format(&err, buf, sizeof(buf)), "book.yaml: font 'x' not found");
	/* no key at fault, or a place already known: left as it is */
	mb_error_init(&err);
	mb_error_set(&err, MB_ERR_IO, "cannot write 'x'");
	mb_spec_locate(&spec, &err);
	ck_assert_str_eq(mb_error_format(&err, buf, sizeof(buf)), "cannot write 'x'");
	mb_error_init(&err);
	mb_error_set_at(&err, MB_ERR_INPUT, "other.yaml", 3, 2, "kept");
	err.field = "title";
	mb_spec_locate(&spec, &err);
	ck_assert_str_eq(mb_error_format(&err, buf, sizeof(buf)), "other.yaml:3:2: kept");
	mb_error_init(&err);
	ck_assert_int_eq(mb_spec_locate(&spec, &err), MB_OK);
	ck_assert_int_eq(err.line, 0);
	mb_spec_release(&spec);
}
END_TEST

START_TEST(utf8_title_and_big_numbers)
{
	static const char text[] = "title: \"Labyrinthe für Kinder\"\nauthor: Zoë Ñúñez\n"
				   "level: hard\nmazes: 10000\nseed: 18446744073709551615\n"
				   "language: de\ncover:\n  back: \"\\u00e9t\\u00e9 \\U0001D11E\"\n";
	struct mb_book_spec spec;
	struct mb_error err;

	ck_assert_int_eq(parse(text, &spec, &err), MB_OK);
	ck_assert_str_eq(spec.title, "Labyrinthe f\xc3\xbcr Kinder");
	ck_assert_str_eq(spec.author, "Zo\xc3\xab \xc3\x91\xc3\xba\xc3\xb1" "ez");
	ck_assert_str_eq(spec.cover.back, "\xc3\xa9t\xc3\xa9 \xf0\x9d\x84\x9e");
	ck_assert_int_eq(spec.mazes, MB_SPEC_MAX_MAZES);
	ck_assert_uint_eq(spec.seed, UINT64_MAX);
	ck_assert_str_eq(spec.language, "de");
	mb_spec_release(&spec);
}
END_TEST

START_TEST(text_is_not_read_past_len)
{
	/* the reader takes len bytes; what follows is not part of the spec */
	static const char text[] = GOOD_HEAD "mazs: 3\n";
	struct mb_book_spec spec;
	struct mb_error err;

	mb_error_init(&err);
	ck_assert_int_eq(mb_spec_parse("b.yaml", text, strlen(GOOD_HEAD), &spec, &err), MB_OK);
	mb_spec_release(&spec);
	ck_assert_int_eq(mb_spec_parse("b.yaml", text, sizeof(text) - 1, &spec, &err),
			 MB_ERR_INPUT);
	mb_spec_release(&spec);
}
END_TEST

/* a fresh folder under TMPDIR for file tests; the caller removes it */
static char *make_tmpdir(void)
{
	const char *base = getenv("TMPDIR");
	char *dir = xasprintf("%s/mb-check-spec.XXXXXX", base && *base ? base : "/tmp");

	ck_assert_ptr_nonnull(mkdtemp(dir));
	return dir;
}

static char *write_file(const char *dir, const char *name, const char *text, size_t len)
{
	char *path = xasprintf("%s/%s", dir, name);
	FILE *f = fopen(path, "wb");

	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(text, 1, len, f), len);
	ck_assert_int_eq(fclose(f), 0);
	return path;
}

START_TEST(load_files)
{
	char *dir = make_tmpdir();
	char *missing = xasprintf("%s/nope.yaml", dir);
	char *good = write_file(dir, "good.yaml", GOOD_HEAD, strlen(GOOD_HEAD));
	char *empty = write_file(dir, "empty.yaml", "", 0);
	char *big_text = xmalloc(MB_SPEC_MAX_BYTES + 10);
	char *big, *exact;
	struct mb_book_spec spec;
	struct mb_error err;
	char buf[700];

	mb_error_init(&err);
	ck_assert_int_eq(mb_spec_load(missing, &spec, &err), MB_ERR_IO);
	ck_assert_str_eq(err.file, "");
	snprintf(buf, sizeof(buf), "cannot read '%s': No such file or directory", missing);
	ck_assert_str_eq(err.message, buf);

	mb_error_init(&err);
	ck_assert_int_eq(mb_spec_load(dir, &spec, &err), MB_ERR_IO);
	snprintf(buf, sizeof(buf), "cannot read '%s': it is a folder, not a file", dir);
	ck_assert_str_eq(err.message, buf);

	mb_error_init(&err);
	ck_assert_int_eq(mb_spec_load(empty, &spec, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.file, empty);
	ck_assert_int_eq(err.line, 0);
	ck_assert_str_eq(err.message,
			 "the file is empty (expected keys such as title, author, level and mazes)");

	/* one byte past 1 MiB of comment: refused before parsing */
	memset(big_text, '#', MB_SPEC_MAX_BYTES + 1);
	big = write_file(dir, "big.yaml", big_text, MB_SPEC_MAX_BYTES + 1);
	mb_error_init(&err);
	ck_assert_int_eq(mb_spec_load(big, &spec, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.file, big);
	ck_assert_ptr_nonnull(strstr(err.message, "larger than 1048576 bytes (1 MiB)"));
	/* exactly 1 MiB is read (and is an empty spec: all comment) */
	exact = write_file(dir, "exact.yaml", big_text, MB_SPEC_MAX_BYTES);
	mb_error_init(&err);
	ck_assert_int_eq(mb_spec_load(exact, &spec, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "the spec is empty"));
	/* and the in-memory reader has the same limit */
	mb_error_init(&err);
	ck_assert_int_eq(mb_spec_parse("m.yaml", big_text, MB_SPEC_MAX_BYTES + 1, &spec, &err),
			 MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "1 MiB"));

	mb_error_init(&err);
	ck_assert_int_eq(mb_spec_load(good, &spec, &err), MB_OK);
	ck_assert_str_eq(spec.path, good);
	ck_assert_str_eq(spec.base_dir, dir);
	mb_spec_release(&spec);

	unlink(good);
	unlink(empty);
	unlink(big);
	unlink(exact);
	rmdir(dir);
	free(good);
	free(empty);
	free(big);
	free(exact);
	free(big_text);
	free(missing);
	free(dir);
}
END_TEST

/* a cover theme gives the colours the spec leaves out; a colour given wins, in any order */
START_TEST(cover_themes)
{
	struct mb_book_spec spec;
	struct mb_error err;

	ck_assert_int_eq(parse(GOOD_HEAD "cover:\n  theme: night\n", &spec, &err), MB_OK);
	ck_assert_uint_eq(spec.cover.background_rgb, 0x212121);
	ck_assert_uint_eq(spec.cover.text_rgb, 0xffeb3b);
	mb_spec_release(&spec);
	ck_assert_int_eq(parse(GOOD_HEAD "cover:\n  text: white\n  theme: night\n", &spec, &err),
			 MB_OK);
	ck_assert_uint_eq(spec.cover.background_rgb, 0x212121);
	ck_assert_uint_eq(spec.cover.text_rgb, 0xffffff);
	mb_spec_release(&spec);
	ck_assert_int_eq(parse(GOOD_HEAD "cover:\n  theme: sky\n  background: \"#fff\"\n", &spec,
			       &err), MB_OK);
	ck_assert_uint_eq(spec.cover.background_rgb, 0xffffff);
	ck_assert_uint_eq(spec.cover.text_rgb, 0x0d47a1);
	mb_spec_release(&spec);
	ck_assert_int_eq(parse(GOOD_HEAD "cover:\n  theme: [ocean]\n", &spec, &err), MB_ERR_INPUT);
	/* a theme in other capitals is the theme; a typo gets the nearest one */
	ck_assert_int_eq(parse(GOOD_HEAD "cover:\n  theme: Ocean\n", &spec, &err), MB_OK);
	ck_assert_str_eq(spec.cover.theme, "ocean");
	mb_spec_release(&spec);
	ck_assert_int_eq(parse(GOOD_HEAD "cover:\n  theme: ocaen\n", &spec, &err), MB_ERR_INPUT);
	ck_assert_msg(strstr(err.message, "unknown cover theme 'ocaen' (did you mean 'ocean'? "
				       "valid: ocean,") != NULL, "%s", err.message);
	ck_assert_int_eq(err.line, 6);
	ck_assert_int_eq(err.column, 10);
}
END_TEST

START_TEST(font_files)
{
	char *dir = make_tmpdir();
	char *fonts = xasprintf("%s/fonts", dir);
	char *ttf, *spec_path, *bad_path, *otf_path;
	struct mb_book_spec spec;
	struct mb_error err;
	char want[600];

	ck_assert_int_eq(mkdir(fonts, 0777), 0);
	ttf = write_file(fonts, "Kid.ttf", "x", 1);
	spec_path = write_file(dir, "book.yaml", GOOD_HEAD "font: fonts/Kid.ttf\n",
			       strlen(GOOD_HEAD "font: fonts/Kid.ttf\n"));
	bad_path = write_file(dir, "bad.yaml", GOOD_HEAD "font: fonts/None.ttf\n",
			      strlen(GOOD_HEAD "font: fonts/None.ttf\n"));
	otf_path = write_file(dir, "otf.yaml", GOOD_HEAD "font: Kid.otf\n",
			      strlen(GOOD_HEAD "font: Kid.otf\n"));

	mb_error_init(&err);
	ck_assert_int_eq(mb_spec_load(spec_path, &spec, &err), MB_OK);
	ck_assert_str_eq(spec.font, "fonts/Kid.ttf");
	ck_assert_str_eq(spec.font_path, ttf);	/* resolved against the spec's folder */
	mb_spec_release(&spec);

	mb_error_init(&err);
	ck_assert_int_eq(mb_spec_load(bad_path, &spec, &err), MB_ERR_INPUT);
	snprintf(want, sizeof(want), "cannot read font '%s/fonts/None.ttf': No such file or directory",
		 dir);
	ck_assert_str_eq(err.message, want);
	ck_assert_int_eq(err.line, 5);
	ck_assert_int_eq(err.column, 7);

	/* an .otf is a font file too (its outlines are judged when it is loaded) */
	mb_error_init(&err);
	ck_assert_int_eq(mb_spec_load(otf_path, &spec, &err), MB_ERR_INPUT);
	snprintf(want, sizeof(want), "cannot read font '%s/Kid.otf': No such file or directory",
		 dir);
	ck_assert_str_eq(err.message, want);

	/* font_bold is read and resolved as font is */
	unlink(otf_path);
	free(otf_path);
	otf_path = write_file(dir, "bold.yaml", GOOD_HEAD "font: fonts/Kid.ttf\nfont_bold: fonts/Kid.ttf\n",
			      strlen(GOOD_HEAD "font: fonts/Kid.ttf\nfont_bold: fonts/Kid.ttf\n"));
	mb_error_init(&err);
	ck_assert_int_eq(mb_spec_load(otf_path, &spec, &err), MB_OK);
	ck_assert_str_eq(mb_spec_font_bold(&spec), ttf);
	mb_spec_release(&spec);
	unlink(otf_path);
	free(otf_path);
	otf_path = write_file(dir, "bold.yaml", GOOD_HEAD "font_bold: fonts/Kid.woff\n",
			      strlen(GOOD_HEAD "font_bold: fonts/Kid.woff\n"));
	mb_error_init(&err);
	ck_assert_int_eq(mb_spec_load(otf_path, &spec, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.message, "'font_bold' file 'fonts/Kid.woff' is not a TrueType (.ttf) or "
				      "OpenType (.otf) file");

	unlink(ttf);
	unlink(spec_path);
	unlink(bad_path);
	unlink(otf_path);
	rmdir(fonts);
	rmdir(dir);
	free(ttf);
	free(spec_path);
	free(bad_path);
	free(otf_path);
	free(fonts);
	free(dir);
}
END_TEST

START_TEST(starter_parses_and_explains_every_key)
{
	static const char *const keys[] = {
		"title:", "subtitle:", "author:", "level:", "mazes:", "trim:", "paper:",
		"bleed:", "seed:", "algorithm:", "solutions:", "output:", "language:",
		"one_sided:", "copyright:", "font:", "grid:", "min_route_ratio:", "min_forks:",
		"cover:", "background:", "text:", "back:", "pages:", "belongs_to:",
		"how_to_play:", "contents:", "section_pages:", "certificate:",
	};
	struct mb_book_spec spec;
	struct mb_error err;

	mb_error_init(&err);
	ck_assert_msg(mb_spec_parse("book.yaml", mb_spec_starter, strlen(mb_spec_starter), &spec,
				    &err) == MB_OK, "starter: %d:%d: %s", err.line, err.column,
		      err.message);
	ck_assert_str_eq(spec.level->name, "easy");
	ck_assert_int_gt(spec.mazes, 0);
	mb_spec_release(&spec);
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		ck_assert_msg(strstr(mb_spec_starter, keys[i]), "starter lacks %s", keys[i]);

	/* and as a file, the way `mazebook init` writes it */
	{
		char *dir = make_tmpdir();
		char *path = write_file(dir, "book.yaml", mb_spec_starter, strlen(mb_spec_starter));

		mb_error_init(&err);
		ck_assert_int_eq(mb_spec_load(path, &spec, &err), MB_OK);
		mb_spec_release(&spec);
		unlink(path);
		rmdir(dir);
		free(path);
		free(dir);
	}
}
END_TEST

/* pages as the layout counts them: 2 front + mazes + solution pages, even */
static int book_pages(const struct mb_book_spec *spec)
{
	int pages = 2 + spec->mazes +
		    (spec->mazes + spec->solutions_per_page - 1) / spec->solutions_per_page;

	return pages + (pages % 2);
}

START_TEST(examples_parse)
{
	static const char *const wanted[] = {
		"easy.yaml", "medium.yaml", "hard.yaml", "expert.yaml",
		"bleed-6x9-cream.yaml", "labyrinthe-de.yaml",
	};
	const char *dir_path = MB_SRCDIR "/examples";
	DIR *dir = opendir(dir_path);
	struct dirent *de;
	int loaded = 0;

	ck_assert_ptr_nonnull(dir);
	while ((de = readdir(dir))) {
		size_t len = strlen(de->d_name);
		struct mb_book_spec spec;
		struct mb_error err;
		char *path;

		if (len < 6 || strcmp(de->d_name + len - 5, ".yaml"))
			continue;
		path = xasprintf("%s/%s", dir_path, de->d_name);
		mb_error_init(&err);
		ck_assert_msg(mb_spec_load(path, &spec, &err) == MB_OK, "%s:%d:%d: %s", path,
			      err.line, err.column, err.message);
		ck_assert_msg(book_pages(&spec) >= 24, "%s: only %d pages", path,
			      book_pages(&spec));
		ck_assert_ptr_nonnull(spec.cover.back);
		ck_assert_msg(mb_spec_check_words(&spec, &err) == MB_OK, "%s: %s", path,
			      err.message);
		if (!strcmp(de->d_name, "bleed-6x9-cream.yaml")) {
			ck_assert(spec.bleed);
			ck_assert_int_eq(spec.paper, MB_PAPER_CREAM);
			ck_assert_double_eq(spec.trim.w_in, 6);
			ck_assert_double_eq(spec.trim.h_in, 9);
		}
		if (!strcmp(de->d_name, "labyrinthe-de.yaml")) {
			ck_assert_str_eq(spec.language, "de");
			ck_assert_ptr_nonnull(strstr(spec.title, "f\xc3\xbcr"));
		}
		if (!strcmp(de->d_name, "easy.yaml")) {
			ck_assert_str_eq(spec.level->name, "easy");
			ck_assert_double_eq(spec.trim.w_in, 8.5);
			ck_assert_int_eq(spec.paper, MB_PAPER_WHITE);
		}
		mb_spec_release(&spec);
		free(path);
		loaded++;
	}
	closedir(dir);
	for (size_t i = 0; i < sizeof(wanted) / sizeof(wanted[0]); i++) {
		char *path = xasprintf("%s/%s", dir_path, wanted[i]);

		ck_assert_msg(access(path, R_OK) == 0, "missing %s", path);
		free(path);
	}
	ck_assert_int_ge(loaded, 6);
}
END_TEST

/* binding, editions, ink, palette and price: every bad value, at its line:column */
static const struct bad_case edition_bad_cases[] = {
	{ GOOD_HEAD "binding: hardback\n", 5, 10,
	  "unknown binding 'hardback' (did you mean 'hardcover'? valid: paperback, hardcover)" },
	{ GOOD_HEAD "binding: [paperback]\n", 5, 10,
	  "'binding' must be paperback or hardcover, not a list" },
	{ GOOD_HEAD "binding:\n", 5, 9, "'binding' must be paperback or hardcover, not empty" },
	{ GOOD_HEAD "ink: colour\n", 5, 6,
	  "unknown ink 'colour' (valid: black, standard-colour, premium-colour)" },
	{ GOOD_HEAD "ink: premium-color\n", 5, 6, "write 'premium-colour'" },
	{ GOOD_HEAD "editions: paperback\n", 5, 11,
	  "'editions' must be a list such as [paperback, hardcover], not a string" },
	{ GOOD_HEAD "editions: []\n", 5, 12, "'editions' must not be empty" },
	{ GOOD_HEAD "editions: [paperback, paperback]\n", 5, 23, "'editions' lists paperback twice" },
	{ GOOD_HEAD "editions: [paperback, ebook]\n", 5, 23, "unknown binding 'ebook'" },
	{ GOOD_HEAD "editions: [[paperback]]\n", 5, 12, "not a list with a list in it" },
	{ GOOD_HEAD "editions:\n  - paperback\n  - {x: 1}\n", 7, 5,
	  "not a list with a mapping in it" },
	{ GOOD_HEAD "binding: hardcover\neditions: [paperback, hardcover]\n", 5, 10,
	  "give 'binding' or 'editions', not both" },
	/* 8.5 x 11 is the default trim and has no hardcover */
	{ GOOD_HEAD "binding: hardcover\n", 5, 10, "no 8.5x11 hardcover: use 8.25x11" },
	{ GOOD_HEAD "trim: 8.5x11\neditions: [paperback, hardcover]\n", 5, 7,
	  "no 8.5x11 hardcover: use 8.25x11 for the hardcover" },
	{ GOOD_HEAD "editions: [paperback, hardcover]\n", 5, 11, "use 8.25x11" },
	{ GOOD_HEAD "trim: 6x9\nbinding: hardcover\nink: standard-colour\n", 7, 6,
	  "not standard colour" },
	{ GOOD_HEAD "ink: premium-colour\npaper: cream\n", 6, 8, "white paper only, not cream" },
	{ GOOD_HEAD "trim: 8.27x11.69\nink: standard-colour\n", 6, 6,
	  "does not offer standard colour on a 8.27x11.69 trim" },
	{ GOOD_HEAD "palette:\n  route: blue\n", 6, 10,
	  "'palette' colours a colour interior, but the ink is black" },
	{ GOOD_HEAD "ink: premium-colour\npalette:\n  route: \"#101010\"\n", 7, 10,
	  "'palette.route' is too dark" },
	{ GOOD_HEAD "ink: premium-colour\npalette:\n  start: white\n", 7, 10,
	  "'palette.start' is too light" },
	{ GOOD_HEAD "ink: premium-colour\npalette:\n  finish: reddish\n", 7, 11,
	  "'palette.finish' is not a colour" },
	{ GOOD_HEAD "ink: premium-colour\npalette:\n  walls: red\n", 7, 3,
	  "unknown key 'walls' in 'palette'" },
	{ GOOD_HEAD "price: $9.99\n", 5, 8, "bad list price '$9.99'" },
	{ GOOD_HEAD "price: 9.999\n", 5, 8, "bad list price '9.999'" },
	{ GOOD_HEAD "price: 0\n", 5, 8, "list price '0' is out of range (valid: 0.01 to 250.00)" },
	{ GOOD_HEAD "price: 300\n", 5, 8, "out of range" },
	{ GOOD_HEAD "price: [9.99]\n", 5, 8, "'price' must be a list price such as 9.99" },
	{ GOOD_HEAD "trim: 6x9\neditions: [paperback, hardcover]\nprice: 9.99\n", 7, 8,
	  "one price for 2 editions: give one per edition" },
	{ GOOD_HEAD "price:\n  hardcover: 24.99\n", 6, 14,
	  "'price.hardcover' is for an edition this spec does not build" },
	{ GOOD_HEAD "price:\n  paperbak: 9.99\n", 6, 3,
	  "unknown key 'paperbak' in 'price' (did you mean 'paperback'?)" },
	{ GOOD_HEAD "price:\n  paperback: nine\n", 6, 14, "bad list price 'nine'" },
};

START_TEST(edition_bad_spec)
{
	const struct bad_case *c = &edition_bad_cases[_i];
	struct mb_book_spec spec;
	struct mb_error err;
	enum mb_status status = parse(c->text, &spec, &err);

	ck_assert_msg(status == MB_ERR_INPUT, "case %d: status %d", _i, status);
	ck_assert_str_eq(err.file, "book.yaml");
	ck_assert_msg(strstr(err.message, c->fragment), "case %d: message '%s' lacks '%s'", _i,
		      err.message, c->fragment);
	ck_assert_msg(err.line == c->line && err.column == c->column,
		      "case %d ('%s'): at %d:%d, expected %d:%d", _i, err.message, err.line,
		      err.column, c->line, c->column);
	ck_assert_ptr_null(spec.title);
	mb_spec_release(&spec);
}
END_TEST

START_TEST(editions_read)
{
	struct mb_book_spec spec;
	struct mb_error err;
	struct mb_print print;

	/* defaults: one black-ink paperback, no price */
	ck_assert_int_eq(parse(GOOD_HEAD, &spec, &err), MB_OK);
	ck_assert_int_eq(spec.binding, MB_BINDING_PAPERBACK);
	ck_assert_int_eq(spec.ink, MB_INK_BLACK);
	ck_assert_int_eq(spec.edition_count, 0);
	ck_assert_int_eq(mb_spec_price_cents(&spec), -1);
	mb_spec_release(&spec);
	/* one hardcover with a price */
	ck_assert_int_eq(parse(GOOD_HEAD "trim: 8.25x11\nbinding: hardcover\nprice: 24.99\n", &spec,
			       &err), MB_OK);
	ck_assert_int_eq(spec.binding, MB_BINDING_HARDCOVER);
	ck_assert_int_eq(mb_spec_price_cents(&spec), 2499);
	mb_spec_release(&spec);
	/* two editions, a price each, premium colour with a palette */
	ck_assert_int_eq(parse(GOOD_HEAD "trim: 6x9\neditions: [paperback, hardcover]\n"
			       "ink: premium-colour\npalette:\n  route: \"#ff8800\"\n"
			       "price:\n  paperback: 12.99\n  hardcover: 24\n", &spec, &err),
			 MB_OK);
	ck_assert_int_eq(spec.edition_count, 2);
	ck_assert_int_eq(spec.palette.route_rgb, 0xff8800);
	ck_assert_int_eq(spec.palette.start_rgb, 0x2e7d32);
	mb_spec_select_edition(&spec, 0);
	ck_assert_int_eq(spec.binding, MB_BINDING_PAPERBACK);
	ck_assert_int_eq(mb_spec_price_cents(&spec), 1299);
	mb_spec_select_edition(&spec, 1);
	print = mb_spec_print(&spec);
	ck_assert_int_eq(print.binding, MB_BINDING_HARDCOVER);
	ck_assert_int_eq(print.ink, MB_INK_PREMIUM_COLOUR);
	ck_assert_int_eq(mb_spec_price_cents(&spec), 2400);
	ck_assert(mb_spec_where(&spec, "editions", NULL, NULL));
	mb_spec_release(&spec);
	/* one edition listed: its price may be a single number */
	ck_assert_int_eq(parse(GOOD_HEAD "trim: 6x9\neditions: [hardcover]\nprice: 19.99\n", &spec,
			       &err), MB_OK);
	mb_spec_select_edition(&spec, 0);
	ck_assert_int_eq(mb_spec_price_cents(&spec), 1999);
	mb_spec_release(&spec);
	/* the starter explains the new keys */
	ck_assert_ptr_nonnull(strstr(mb_spec_starter, "binding:"));
	ck_assert_ptr_nonnull(strstr(mb_spec_starter, "editions:"));
	ck_assert_ptr_nonnull(strstr(mb_spec_starter, "ink:"));
	ck_assert_ptr_nonnull(strstr(mb_spec_starter, "palette:"));
	ck_assert_ptr_nonnull(strstr(mb_spec_starter, "price:"));
}
END_TEST

/* sections: and order: (issue 14), every bad value at its line:column */
#define SEC_HEAD "title: \"T\"\nauthor: \"A\"\nseed: 5\n"

static const struct bad_case section_bad_cases[] = {
	{ SEC_HEAD "sections:\n  - title: One\n    mazs: 4\n", 6, 5,
	  "unknown key 'mazs' in 'sections.1' (did you mean 'mazes'?)" },
	{ SEC_HEAD "sections:\n  - title: One\n    levle: easy\n    mazes: 4\n", 6, 5,
	  "(did you mean 'level'?)" },
	{ SEC_HEAD "sections:\n  - title: One\n    level: easy\n    mazes: 4\n    mazes: 5\n", 8,
	  5, "duplicate key 'mazes' (first given at line 7)" },
	{ SEC_HEAD "sections: easy\n", 4, 11,
	  "'sections' must be a list of sections, each a mapping such as '- title: Warm-up', "
	  "not a string" },
	{ SEC_HEAD "sections: []\n", 4, 12, "'sections' must not be empty" },
	{ SEC_HEAD "sections:\n  - easy\n", 5, 5, "each of 'sections' must be a mapping" },
	{ SEC_HEAD "sections:\n  - level: easy\n    mazes: 4\n", 5, 5,
	  "section 1 has no 'title'" },
	{ SEC_HEAD "sections:\n  - title: One\n    level: insane\n    mazes: 4\n", 6, 12,
	  "unknown level 'insane' (valid: easy, medium, hard, expert)" },
	{ SEC_HEAD "sections:\n  - title: One\n    mazes: 4\n", 5, 5,
	  "section 1 ('One') has no 'level' (or 'ramp') and the book gives none" },
	{ SEC_HEAD "sections:\n  - title: One\n    level: easy\n", 5, 5,
	  "section 1 ('One') has no 'mazes' and the book gives no 'mazes:'" },
	{ SEC_HEAD "mazes: 30\nsections:\n  - title: One\n    level: easy\n    mazes: 10\n"
	  "  - title: Two\n    level: hard\n    mazes: 10\n", 4, 8,
	  "'mazes' is 30, but the sections' mazes add up to 20" },
	{ SEC_HEAD "mazes: 10\nsections:\n  - title: One\n    level: easy\n    mazes: 10\n"
	  "  - title: Two\n    level: hard\n", 4, 8,
	  "'mazes' is 10, but the sections give 10 and 1 more section without 'mazes' needs "
	  "at least one each: raise 'mazes' to at least 11" },
	{ SEC_HEAD "sections:\n  - title: One\n    level: easy\n    mazes: 0\n", 7, 12,
	  "'sections.1.mazes' is 0, out of range (valid: 1..10000)" },
	{ SEC_HEAD "sections:\n  - title: One\n    ramp: hard..easy\n    mazes: 4\n", 6, 11,
	  "'sections.1.ramp' is hard..easy, which runs backwards: hard is harder than easy; "
	  "write easy..hard" },
	{ SEC_HEAD "sections:\n  - title: One\n    ramp: easy..easy\n    mazes: 4\n", 6, 11,
	  "a ramp goes from one level to a harder one (for one level write 'level: easy')" },
	{ SEC_HEAD "sections:\n  - title: One\n    ramp: easy-hard\n    mazes: 4\n", 6, 11,
	  "'sections.1.ramp' must be two levels such as easy..hard" },
	{ SEC_HEAD "sections:\n  - title: One\n    ramp: easy..brutal\n    mazes: 4\n", 6, 11,
	  "'sections.1.ramp': unknown level 'brutal'" },
	{ SEC_HEAD "sections:\n  - title: One\n    ramp: easy..hard\n    level: easy\n"
	  "    mazes: 4\n", 7, 12, "section 1 ('One') has both 'ramp' and 'level'" },
	{ SEC_HEAD "sections:\n  - title: One\n    ramp: easy..hard\n    grid: 10x10\n"
	  "    mazes: 4\n", 7, 11, "has both 'ramp' and 'grid'" },
	{ SEC_HEAD "sections:\n  - title: One\n    level: easy\n    mazes: 4\n    grid: 0x5\n",
	  8, 11, "'sections.1.grid' is 0x5, out of range" },
	{ SEC_HEAD "sections:\n  - title: One\n    level: easy\n    mazes: 4\n"
	  "    algorithm: mazer\n", 8, 16, "unknown algorithm 'mazer' (valid: auto, " },
	{ SEC_HEAD "sections:\n  - title: One\n    level: easy\n    mazes: 4\n"
	  "    shape: [heart, star]\n", 8, 20, "'sections.1.shape' takes one shape, not a list" },
	{ SEC_HEAD "sections:\n  - title: One\n    level: easy\n    mazes: 4\n"
	  "    min_forks: 61\n", 8, 16,
	  "'sections.1.min_forks': no maze on 10x12 squares has 61 forks on its route" },
	{ SEC_HEAD "sections:\n  - title: One\n    level: easy\n    mazes: 4\n    grid: 2x2\n",
	  8, 11, "'sections.1.grid': no maze on 2x2 squares has a route ratio of 1.50 (level easy's)" },
	{ SEC_HEAD "sections:\n  - title: One\n    level: easy\n    mazes: 4\n"
	  "    title: Again\n", 8, 5, "duplicate key 'title' (first given at line 5)" },
	{ SEC_HEAD "sections:\n  - title: \"\"\n    level: easy\n    mazes: 4\n", 5, 12,
	  "'sections.1.title' must not be empty" },
	{ SEC_HEAD "level: easy\nmazes: 4\norder: sorted\n", 6, 8,
	  "'order' must be ramp (each section's mazes from easiest to hardest) or as-generated, "
	  "not 'sorted'" },
	{ SEC_HEAD "sections:\n  - title: A\n    level: easy\n    mazes: 9999\n"
	  "  - title: B\n    level: easy\n    mazes: 9999\n", 5, 3,
	  "the sections' mazes add up to 19998, more than a book may have (10000)" },
};

START_TEST(section_bad_spec)
{
	const struct bad_case *c = &section_bad_cases[_i];
	struct mb_book_spec spec;
	struct mb_error err;
	enum mb_status status = parse(c->text, &spec, &err);

	ck_assert_msg(status == MB_ERR_INPUT, "case %d: status %d", _i, status);
	ck_assert_msg(strstr(err.message, c->fragment), "case %d: message '%s' lacks '%s'", _i,
		      err.message, c->fragment);
	ck_assert_msg(err.line == c->line && err.column == c->column,
		      "case %d ('%s'): at %d:%d, expected %d:%d", _i, err.message, err.line,
		      err.column, c->line, c->column);
	ck_assert_int_eq(spec.section_count, 0);
	mb_spec_release(&spec);
}
END_TEST

START_TEST(sections_read)
{
	struct mb_book_spec spec;
	struct mb_error err;
	int line, column;

	/* no sections: today's spec, as-generated */
	ck_assert_int_eq(parse(GOOD_HEAD, &spec, &err), MB_OK);
	ck_assert_int_eq(spec.section_count, 0);
	ck_assert(!spec.order_ramp);
	mb_spec_release(&spec);

	/* three sections: the book's level comes from the first, mazes are the sum */
	ck_assert_msg(parse(SEC_HEAD "sections:\n"
			    "  - title: \"Warm-up\"\n    description: \"Short routes\"\n"
			    "    level: easy\n    mazes: 10\n"
			    "  - title: Harder\n    ramp: medium..hard\n    mazes: 12\n"
			    "  - title: Tough\n    level: expert\n    mazes: 3\n"
			    "    algorithm: wilson\n    min_forks: 2\n    shape: none\n",
			    &spec, &err) == MB_OK, "%d:%d: %s", err.line, err.column, err.message);
	ck_assert_int_eq(spec.section_count, 3);
	ck_assert_int_eq(spec.mazes, 25);
	ck_assert_str_eq(spec.level->name, "easy");
	ck_assert(spec.order_ramp);	/* several levels: ramp by default */
	ck_assert_str_eq(spec.sections[0].title, "Warm-up");
	ck_assert_str_eq(spec.sections[0].description, "Short routes");
	ck_assert_str_eq(spec.sections[0].level, "easy");
	ck_assert_int_eq(spec.sections[0].grid_w, 10);	/* easy's, on 8.5x11 */
	ck_assert_int_eq(spec.sections[0].grid_h, 12);
	ck_assert_int_eq(spec.sections[1].grid_w, 0);	/* a ramp: grown by the plan */
	ck_assert_ptr_null(spec.sections[0].algorithm);
	ck_assert_str_eq(spec.sections[1].level, "medium");
	ck_assert_str_eq(spec.sections[1].ramp_from, "medium");
	ck_assert_str_eq(spec.sections[1].ramp_to, "hard");
	ck_assert_int_eq(spec.sections[1].filter.min_forks, mb_level_find("hard")->min_forks);
	ck_assert_str_eq(spec.sections[2].algorithm, "wilson");
	ck_assert_str_eq(spec.sections[2].shape, "none");
	ck_assert_int_eq(spec.sections[2].filter.min_forks, 2);
	ck_assert_double_eq(spec.sections[2].filter.min_route_ratio,
			    mb_level_find("expert")->min_route_ratio);
	ck_assert(mb_spec_where(&spec, "sections.2.ramp", &line, &column));
	ck_assert_int_eq(line, 10);
	ck_assert_int_eq(column, 11);
	ck_assert(mb_spec_where(&spec, "sections.3", &line, &column));
	ck_assert_int_eq(line, 12);
	ck_assert_int_eq(column, 5);
	mb_spec_release(&spec);

	/* the book's mazes shared by the sections without one; book keys as defaults */
	ck_assert_msg(parse(SEC_HEAD "level: medium\nmazes: 11\ngrid: 14x18\nmin_forks: 3\n"
			    "order: as-generated\nsections:\n"
			    "  - title: A\n    mazes: 2\n"
			    "  - title: B\n"
			    "  - title: C\n    level: hard\n"
			    "  - title: D\n    grid: 12x12\n", &spec, &err) == MB_OK,
		      "%d:%d: %s", err.line, err.column, err.message);
	ck_assert_int_eq(spec.mazes, 11);
	ck_assert_int_eq(spec.sections[0].mazes, 2);
	ck_assert_int_eq(spec.sections[1].mazes, 3);	/* 9 left for three: 3 each */
	ck_assert_int_eq(spec.sections[2].mazes, 3);
	ck_assert_int_eq(spec.sections[3].mazes, 3);
	ck_assert(!spec.order_ramp);	/* as the spec says, though levels differ */
	ck_assert_str_eq(spec.sections[0].level, "medium");
	ck_assert_int_eq(spec.sections[0].grid_w, 14);	/* the book's grid */
	ck_assert_int_eq(spec.sections[0].grid_h, 18);
	ck_assert_int_eq(spec.sections[0].filter.min_forks, 3);	/* the book's override */
	ck_assert_int_eq(spec.sections[2].grid_w, 24);	/* its own level's grid */
	ck_assert_int_eq(spec.sections[2].filter.min_forks, mb_level_find("hard")->min_forks);
	ck_assert_int_eq(spec.sections[3].grid_w, 12);
	mb_spec_release(&spec);

	/* an odd remainder goes to the first sections; one level: as-generated */
	ck_assert_int_eq(parse(SEC_HEAD "level: easy\nmazes: 8\nsections:\n"
			       "  - title: A\n  - title: B\n  - title: C\n", &spec, &err), MB_OK);
	ck_assert_int_eq(spec.sections[0].mazes, 3);
	ck_assert_int_eq(spec.sections[1].mazes, 3);
	ck_assert_int_eq(spec.sections[2].mazes, 2);
	ck_assert(!spec.order_ramp);
	mb_spec_release(&spec);

	/* order: ramp in a one-level book */
	ck_assert_int_eq(parse(GOOD_HEAD "order: ramp\n", &spec, &err), MB_OK);
	ck_assert(spec.order_ramp);
	mb_spec_release(&spec);
}
END_TEST

/* a 17th section is refused at its place */
START_TEST(too_many_sections)
{
	char text[4096];
	size_t used = (size_t)snprintf(text, sizeof(text), "%s", SEC_HEAD "sections:\n");
	struct mb_book_spec spec;
	struct mb_error err;

	for (int i = 0; i < MB_SPEC_MAX_SECTIONS + 1; i++)
		used += (size_t)snprintf(text + used, sizeof(text) - used,
					 "  - title: S%d\n    level: easy\n    mazes: 1\n", i);
	ck_assert_int_eq(parse(text, &spec, &err), MB_ERR_INPUT);
	ck_assert_int_eq(err.line, 5 + 3 * MB_SPEC_MAX_SECTIONS);
	ck_assert_int_eq(err.column, 5);
	ck_assert_ptr_nonnull(strstr(err.message, "more than 16 sections"));
}
END_TEST

/* words that agree with the book: placeholders and counts, at the key's place */
static const struct bad_case words_bad_cases[] = {
	{ "title: T\nauthor: \"Your Name\"\nlevel: easy\nmazes: 30\n", 2, 9,
	  "the author 'Your Name' is placeholder text (\"your name\")" },
	{ "title: \"Title here\"\nauthor: A\nlevel: easy\nmazes: 30\n", 1, 8,
	  "the title 'Title here' is placeholder text (\"title here\")" },
	{ GOOD_HEAD "cover:\n  back: \"Lorem ipsum dolor sit amet.\"\n", 6, 9,
	  "the back cover text 'Lorem ipsum dolor sit amet.' is placeholder text" },
	{ "title: T\nauthor: A\nlevel: easy\nmazes: 50\nsubtitle: \"100 Easy Mazes\"\n", 5, 11,
	  "'subtitle' says 100 mazes, but the book has 50" },
	{ "title: \"60 Mazes for Kids\"\nauthor: A\nlevel: easy\nmazes: 50\n", 1, 8,
	  "'title' says 60 mazes, but the book has 50: change the number in 'title', or 'mazes'" },
	{ GOOD_HEAD "cover:\n  back: \"Inside: 40 fun mazes and their solutions.\"\n", 6, 9,
	  "'cover.back' says 40 mazes, but the book has 10" },
	{ "title: T\nauthor: A\nseed: 1\nsubtitle: \"30 Mazes in 2 Parts\"\nsections:\n"
	  "  - title: A\n    level: easy\n    mazes: 20\n  - title: B\n    level: hard\n"
	  "    mazes: 20\n", 4, 11, "'subtitle' says 30 mazes, but the book has 40" },
	{ "title: T\nauthor: A\nseed: 1\nsections:\n  - title: \"10 Easy Mazes\"\n"
	  "    level: easy\n    mazes: 20\n  - title: B\n    level: hard\n    mazes: 20\n", 5, 12,
	  "'sections.1.title' says 10 mazes, but the section has 20: change the number in "
	  "'sections.1.title', or the section's 'mazes'" },
	{ "title: T\nauthor: A\nseed: 1\nsections:\n  - title: A\n    level: easy\n"
	  "    description: \"Lorem ipsum\"\n    mazes: 20\n", 7, 18,
	  "the section's description 'Lorem ipsum' is placeholder text" },
};

START_TEST(words_bad_spec)
{
	const struct bad_case *c = &words_bad_cases[_i];
	struct mb_book_spec spec;
	struct mb_error err;

	ck_assert_msg(parse(c->text, &spec, &err) == MB_OK, "case %d: %s", _i, err.message);
	mb_error_init(&err);
	ck_assert_int_eq(mb_spec_check_words(&spec, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.file, "book.yaml");
	ck_assert_msg(strstr(err.message, c->fragment), "case %d: message '%s' lacks '%s'", _i,
		      err.message, c->fragment);
	ck_assert_msg(err.line == c->line && err.column == c->column,
		      "case %d ('%s'): at %d:%d, expected %d:%d", _i, err.message, err.line,
		      err.column, c->line, c->column);
	mb_spec_release(&spec);
}
END_TEST

START_TEST(words_that_agree)
{
	static const char *const good[] = {
		"title: \"50 Mazes\"\nauthor: A\nlevel: easy\nmazes: 50\nsubtitle: \"50 Easy Mazes\"\n",
		/* a volume's or a part's number is no count; nor is an age */
		"title: \"Mazes Vol. 2\"\nauthor: A\nlevel: easy\nmazes: 50\n"
		"subtitle: \"Part 2: Easy Mazes for Ages 4-8, Vol. 3 Easy Mazes\"\n",
		"title: T\nauthor: A\nseed: 1\nsubtitle: \"40 Mazes\"\nsections:\n"
		"  - title: \"20 Warm-up Mazes\"\n    level: easy\n    mazes: 20\n"
		"  - title: B\n    description: \"20 hard mazes\"\n    level: hard\n    mazes: 20\n",
	};
	struct mb_book_spec spec;
	struct mb_error err;

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		ck_assert_msg(parse(good[i], &spec, &err) == MB_OK, "%zu: %s", i, err.message);
		mb_error_init(&err);
		ck_assert_msg(mb_spec_check_words(&spec, &err) == MB_OK, "%zu: %s", i,
			      err.message);
		mb_spec_release(&spec);
	}
}
END_TEST

/* grid kinds (issue 16): every bad value at its line:column, with what is valid */
static const struct bad_case grid_bad_cases[] = {
	{ GOOD_HEAD "grid: circle\n", 5, 7,
	  "unknown grid kind 'circle' in 'grid' (did you mean 'polar'? valid: square, polar" },
	{ GOOD_HEAD "grid: hexagonal 5\n", 5, 7, "(did you mean 'hex'?" },
	{ GOOD_HEAD "grid: poler\n", 5, 7, "unknown grid kind 'poler' in 'grid' (did you mean 'polar'?" },
	{ GOOD_HEAD "grid: spiral\n", 5, 7,
	  "'grid' must be WIDTHxHEIGHT in squares such as 20x24, not 'spiral' (or a grid kind: "
	  "square, polar, hex or delta" },
	{ GOOD_HEAD "grid: 12\n", 5, 7, "'grid' must be WIDTHxHEIGHT in squares such as 20x24, not '12'" },
	{ GOOD_HEAD "grid: polar 12x3\n", 5, 7,
	  "'grid' is 'polar 12x3': a polar grid takes one number, its rings (such as polar 12)" },
	{ GOOD_HEAD "grid: polar 0\n", 5, 7, "'grid' is 'polar 0', out of range (valid: 1..60 rings)" },
	{ GOOD_HEAD "grid: polar 61\n", 5, 7, "out of range (valid: 1..60 rings)" },
	{ GOOD_HEAD "grid: hex 12x0\n", 5, 7, "'grid' is 'hex 12x0', out of range (valid: 1..200 cells" },
	{ GOOD_HEAD "grid: hex big\n", 5, 7,
	  "'grid' is 'hex big': the size after 'hex' must be COLSxROWS such as 12x13" },
	{ GOOD_HEAD "grid: square 12\n", 5, 7,
	  "a square grid's size is WIDTHxHEIGHT such as square 20x24, not 12" },
	{ GOOD_HEAD "grid_outline: oval\n", 5, 15,
	  "'grid_outline' must be rectangle, hexagon (hex grids) or triangle (delta grids), not 'oval'" },
	{ GOOD_HEAD "grid_outline: hexagon\n", 5, 15,
	  "'grid_outline' is hexagon, but the grid is square: an outline applies to hex grids" },
	{ GOOD_HEAD "grid: polar\ngrid_outline: hexagon\n", 6, 15, "but the grid is polar" },
	{ GOOD_HEAD "grid: hex\ngrid_outline: triangle\n", 6, 15,
	  "'grid_outline' is triangle, but a hex grid's outline is rectangle or hexagon" },
	{ GOOD_HEAD "grid: delta\ngrid_outline: hexagon\n", 6, 15,
	  "a delta grid's outline is rectangle or triangle" },
	{ GOOD_HEAD "grid: hex 5\ngrid_outline: rectangle\n", 5, 7,
	  "'grid' is 'hex 5', one number: that is the hexagon outline's size, but 'grid_outline' "
	  "is rectangle, which takes COLSxROWS such as hex 12x13" },
	{ GOOD_HEAD "grid: delta 20x10\ngrid_outline: triangle\n", 5, 7,
	  "'grid' is 'delta 20x10', but 'grid_outline' is triangle, which takes one number (its rows" },
	{ GOOD_HEAD "grid: polar\nshape: heart\n", 6, 8,
	  "'shape' is heart, but the grid is polar: a circular maze's outline is its circle" },
	{ GOOD_HEAD "exit: centre\n", 5, 7,
	  "'exit' must be top or bottom, not 'centre' (START prints over the maze and FINISH "
	  "under it; centre is a polar grid's only)" },
	{ GOOD_HEAD "grid: hex\nentrance: left\n", 6, 11, "'entrance' must be top or bottom, not 'left'" },
	{ GOOD_HEAD "grid: polar\nentrance: centre\n", 6, 11,
	  "'entrance' is centre, but the way in is on the rim: top, bottom, left or right" },
	{ GOOD_HEAD "grid: polar\nexit: top\n", 6, 7,
	  "'exit' is top, where a polar maze's entrance is unless 'entrance' says otherwise" },
	{ GOOD_HEAD "grid: polar\nentrance: left\nexit: left\n", 7, 7,
	  "'exit' is left, the entrance's side too" },
	{ GOOD_HEAD "exit: middle\n", 5, 7, "'exit' must be top or bottom, not 'middle'" },
	{ GOOD_HEAD "grid: hex\ngrid_outline: hexagon\nshape: heart\n", 6, 15,
	  "'grid_outline' makes the hexagon outline, but the book has a shape" },
	{ GOOD_HEAD "grid: delta 9\nshape: heart\n", 5, 7,
	  "'grid' makes the triangle outline, but the book has a shape" },
	/* per section */
	{ SEC_HEAD "sections:\n  - title: One\n    level: easy\n    mazes: 4\n    grid: sqare\n", 8,
	  11, "unknown grid kind 'sqare' in 'sections.1.grid' (did you mean 'square'?" },
	{ SEC_HEAD "sections:\n  - title: One\n    level: easy\n    mazes: 4\n    grid: polar\n"
	  "    shape: star\n", 9, 12,
	  "section 1 ('One') is polar and has the shape 'star': a circular maze's outline is its "
	  "circle" },
	{ SEC_HEAD "shape: heart\nsections:\n  - title: One\n    level: easy\n    mazes: 4\n"
	  "    grid: polar\n", 9, 11,
	  "section 1 ('One') is polar, and the book's shape would apply to it" },
	{ SEC_HEAD "sections:\n  - title: One\n    level: easy\n    mazes: 4\n    grid: delta\n"
	  "    grid_outline: hexagon\n", 9, 19, "a delta grid's outline is rectangle or triangle" },
	{ SEC_HEAD "sections:\n  - title: One\n    level: easy\n    mazes: 4\n"
	  "    grid_outline: triangle\n", 8, 19,
	  "'sections.1.grid_outline' is triangle, but the grid is square" },
	{ SEC_HEAD "sections:\n  - title: One\n    ramp: easy..hard\n    grid: polar 9\n"
	  "    mazes: 4\n", 7, 11, "has both 'ramp' and 'grid'" },
	{ SEC_HEAD "exit: centre\nsections:\n  - title: One\n    level: easy\n    mazes: 4\n"
	  "    grid: polar\n  - title: Two\n    level: easy\n    mazes: 4\n", 4, 7,
	  "'exit' must be top or bottom, not 'centre'" },
};

START_TEST(grid_bad_spec)
{
	const struct bad_case *c = &grid_bad_cases[_i];
	struct mb_book_spec spec;
	struct mb_error err;
	enum mb_status status = parse(c->text, &spec, &err);

	ck_assert_msg(status == MB_ERR_INPUT, "case %d: status %d", _i, status);
	ck_assert_msg(strstr(err.message, c->fragment), "case %d: message '%s' lacks '%s'", _i,
		      err.message, c->fragment);
	ck_assert_msg(err.line == c->line && err.column == c->column,
		      "case %d ('%s'): at %d:%d, expected %d:%d", _i, err.message, err.line,
		      err.column, c->line, c->column);
	mb_spec_release(&spec);
}
END_TEST

static void parse_ok(const char *text, struct mb_book_spec *spec)
{
	struct mb_error err;

	ck_assert_msg(parse(text, spec, &err) == MB_OK, "'%s': %d:%d: %s", text, err.line,
		      err.column, err.message);
}

START_TEST(grids_read)
{
	struct mb_book_spec spec;

	/* no grid: square, the level's */
	parse_ok(GOOD_HEAD, &spec);
	ck_assert_int_eq(spec.grid_kind, MB_GRID_RECT);
	ck_assert_int_eq(spec.grid_w, 10);
	mb_spec_release(&spec);
	/* WxH and "square WxH" are squares of that size; "square" the level's */
	parse_ok(GOOD_HEAD "grid: 14x16\n", &spec);
	ck_assert_int_eq(spec.grid_kind, MB_GRID_RECT);
	ck_assert_int_eq(spec.grid_w, 14);
	ck_assert_int_eq(spec.grid_h, 16);
	mb_spec_release(&spec);
	parse_ok(GOOD_HEAD "grid: square 14x16\n", &spec);
	ck_assert_int_eq(spec.grid_w, 14);
	mb_spec_release(&spec);
	parse_ok(GOOD_HEAD "grid: square\n", &spec);
	ck_assert_int_eq(spec.grid_kind, MB_GRID_RECT);
	ck_assert_int_eq(spec.grid_w, 10);
	ck_assert_int_eq(spec.grid_h, 12);
	mb_spec_release(&spec);
	/* polar: the level's rings, or its own; exit centre and rim exits */
	parse_ok(GOOD_HEAD "grid: polar\n", &spec);
	ck_assert_int_eq(spec.grid_kind, MB_GRID_POLAR);
	ck_assert_int_eq(spec.grid_a, 0);
	ck_assert_ptr_null(spec.exit_side);
	mb_spec_release(&spec);
	parse_ok(GOOD_HEAD "grid: polar 12\nexit: centre\n", &spec);
	ck_assert_int_eq(spec.grid_a, 12);
	ck_assert_int_eq(spec.grid_b, 0);
	ck_assert_str_eq(spec.exit_side, "centre");
	mb_spec_release(&spec);
	parse_ok(GOOD_HEAD "grid: polar 8\nexit: bottom\nentrance: left\n", &spec);
	ck_assert_str_eq(spec.exit_side, "bottom");
	ck_assert_str_eq(spec.entrance, "left");
	mb_spec_release(&spec);
	/* hexagons and triangles print 2 solutions a page unless told; circles 4, as squares */
	parse_ok(GOOD_HEAD "grid: polar\n", &spec);
	ck_assert_int_eq(spec.solutions_per_page, 4);
	mb_spec_release(&spec);
	parse_ok(GOOD_HEAD "grid: polar\nsolutions: 1\n", &spec);
	ck_assert_int_eq(spec.solutions_per_page, 1);
	mb_spec_release(&spec);
	parse_ok(GOOD_HEAD "grid: hex\n", &spec);
	ck_assert_int_eq(spec.solutions_per_page, 2);
	mb_spec_release(&spec);
	parse_ok(GOOD_HEAD "grid: polar\nsolutions: 4\n", &spec);
	ck_assert_int_eq(spec.solutions_per_page, 4);
	mb_spec_release(&spec);
	parse_ok(GOOD_HEAD "grid: 12x12\n", &spec);
	ck_assert_int_eq(spec.solutions_per_page, 4);
	mb_spec_release(&spec);
	/* fine circles (expert: 34 rings, or more than 25 asked for) one a page unless told */
	parse_ok("title: T\nauthor: A\nlevel: expert\nmazes: 40\ngrid: polar\n", &spec);
	ck_assert_int_eq(spec.solutions_per_page, 1);
	mb_spec_release(&spec);
	parse_ok(GOOD_HEAD "grid: polar 26\n", &spec);
	ck_assert_int_eq(spec.solutions_per_page, 1);
	mb_spec_release(&spec);
	parse_ok(GOOD_HEAD "grid: polar 25\n", &spec);
	ck_assert_int_eq(spec.solutions_per_page, 4);
	mb_spec_release(&spec);
	parse_ok("title: T\nauthor: A\nlevel: expert\nmazes: 40\ngrid: polar\nsolutions: 2\n",
		 &spec);
	ck_assert_int_eq(spec.solutions_per_page, 2);
	mb_spec_release(&spec);
	/* hex: COLSxROWS on the rectangle; one number is the hexagon's side */
	parse_ok(GOOD_HEAD "grid: hex 12x13\n", &spec);
	ck_assert_int_eq(spec.grid_kind, MB_GRID_HEX);
	ck_assert_int_eq(spec.grid_outline, MB_OUTLINE_RECTANGLE);
	ck_assert_int_eq(spec.grid_a, 12);
	ck_assert_int_eq(spec.grid_b, 13);
	mb_spec_release(&spec);
	parse_ok(GOOD_HEAD "grid: hex 5\n", &spec);
	ck_assert_int_eq(spec.grid_outline, MB_OUTLINE_HEXAGON);
	ck_assert_int_eq(spec.grid_a, 5);
	mb_spec_release(&spec);
	parse_ok(GOOD_HEAD "grid_outline: hexagon\ngrid: hex\n", &spec);
	ck_assert_int_eq(spec.grid_outline, MB_OUTLINE_HEXAGON);
	ck_assert_int_eq(spec.grid_a, 0);
	mb_spec_release(&spec);
	/* a heart of hexagons */
	parse_ok(GOOD_HEAD "grid: hex\nshape: heart\n", &spec);
	ck_assert_int_eq(spec.grid_outline, MB_OUTLINE_RECTANGLE);
	ck_assert_int_eq(spec.shape_count, 1);
	mb_spec_release(&spec);
	/* delta: rectangle or triangle */
	parse_ok(GOOD_HEAD "grid: delta 20x10\n", &spec);
	ck_assert_int_eq(spec.grid_kind, MB_GRID_DELTA);
	ck_assert_int_eq(spec.grid_outline, MB_OUTLINE_RECTANGLE);
	mb_spec_release(&spec);
	parse_ok(GOOD_HEAD "grid: delta\ngrid_outline: triangle\n", &spec);
	ck_assert_int_eq(spec.grid_outline, MB_OUTLINE_TRIANGLE);
	mb_spec_release(&spec);
	/* sections: the book's kind by default, their own, a ramp of circles */
	parse_ok(SEC_HEAD "grid: hex 9\nsections:\n"
		 "  - title: A\n    mazes: 4\n    level: easy\n"
		 "  - title: B\n    mazes: 4\n    level: hard\n    grid: polar\n"
		 "  - title: C\n    mazes: 4\n    ramp: easy..hard\n    grid: delta\n"
		 "    grid_outline: triangle\n"
		 "  - title: D\n    mazes: 4\n    level: easy\n    grid: 12x12\n", &spec);
	ck_assert_int_eq(spec.grid_kind, MB_GRID_HEX);
	ck_assert_int_eq(spec.grid_outline, MB_OUTLINE_HEXAGON);
	ck_assert_int_eq(spec.grid_a, 9);
	ck_assert_int_eq(spec.sections[0].grid_kind, MB_GRID_HEX);
	ck_assert_int_eq(spec.sections[0].grid_outline, MB_OUTLINE_HEXAGON);
	ck_assert_int_eq(spec.sections[0].grid_a, 0);	/* a level of its own: the level's size */
	ck_assert_int_eq(spec.sections[1].grid_kind, MB_GRID_POLAR);
	ck_assert_int_eq(spec.sections[2].grid_kind, MB_GRID_DELTA);
	ck_assert_int_eq(spec.sections[2].grid_outline, MB_OUTLINE_TRIANGLE);
	ck_assert_int_eq(spec.sections[3].grid_kind, MB_GRID_RECT);
	ck_assert_int_eq(spec.sections[3].grid_w, 12);
	mb_spec_release(&spec);
	/* a section without a level of its own takes the book's size too */
	parse_ok(SEC_HEAD "level: easy\ngrid: polar 7\nsections:\n  - title: A\n    mazes: 4\n",
		 &spec);
	ck_assert_int_eq(spec.sections[0].grid_kind, MB_GRID_POLAR);
	ck_assert_int_eq(spec.sections[0].grid_a, 7);
	mb_spec_release(&spec);
}
END_TEST

/*
 * YAML layout mistakes (issue 26): a tab, an unclosed quote, a key under
 * the wrong parent, a list item out of line; each at the place to change,
 * in words that say what the file should look like
 */
#define SECTIONS_HEAD "title: T\nauthor: A\nseed: 1\nsections:\n  - title: A\n    level: easy\n" \
	"    mazes: 20\n"
static const struct bad_case mistake_cases[] = {
	/* a tab: where it is, and that indentation is spaces */
	{ GOOD_HEAD "cover:\n\ttext: red\n", 6, 1,
	  "line 6 has a tab at column 1; indentation must use spaces, not tabs: replace the tab "
	  "with spaces" },
	{ GOOD_HEAD "cover:\n  text: red\n  \tback: x\n", 7, 3, "line 7 has a tab at column 3" },
	{ SECTIONS_HEAD "\t- title: B\n    level: easy\n", 8, 1, "line 8 has a tab at column 1" },
	{ SECTIONS_HEAD "  -\ttitle: B\n", 8, 4, "line 8 has a tab at column 4" },
	{ GOOD_HEAD "cover:\n  back: >-\n    one\n\ttwo\n", 8, 1, "line 8 has a tab at column 1" },
	/* an unclosed quote: where it opens, however far libyaml read on */
	{ "title: \"T\nauthor: A\nlevel: easy\nmazes: 10\n", 1, 8,
	  "the quote (\") that opens at line 1, column 8 is never closed; end the value with \" "
	  "on line 1" },
	{ "title: \"T\"\nauthor: \"A\nlevel: easy\nmazes: 10\ncover:\n  text: \"#ffffff\"\n", 2, 9,
	  "the quote (\") that opens at line 2, column 9 is not closed on that line, so the value "
	  "runs on to line 6" },
	{ GOOD_HEAD "cover:\n  background: \"#1e88e5\n  text: \"#ffffff\"\n", 6, 15,
	  "the quote (\") that opens at line 6, column 15 is not closed on that line, so the "
	  "value runs on to line 7" },
	{ GOOD_HEAD "cover:\n  text: '#ffffff\n", 6, 9,
	  "the quote (') that opens at line 6, column 9 is never closed; end the value with ' on "
	  "line 6" },
	{ SECTIONS_HEAD "  - title: \"B\n    level: easy\n    mazes: 20\n", 8, 12,
	  "the quote (\") that opens at line 8, column 12 is never closed" },
	/* a key indented under another key's value */
	{ "title: T\nauthor: A\nlevel: easy\n  grid: 9x9\nmazes: 10\n", 4, 3,
	  "'grid:' on line 4 is indented under 'level:' (line 3), so YAML reads it as part of the "
	  "value of 'level' (\"easy grid\"); start 'grid:' at column 1, like 'level:'" },
	{ "title: T\nauthor: A\nlevel:\n  grid: 9x9\nmazes: 10\n", 4, 3,
	  "'level' must be a level name, not a mapping: 'grid:' on line 4 is indented under "
	  "'level:', so YAML reads it as a key inside 'level'; give 'level' its value on the same "
	  "line (level: ...) and start 'grid:' at column 1, like 'level:'" },
	{ "title: T\nauthor: A\nlevel: \"easy\"\n  grid: 9x9\nmazes: 10\n", 4, 3,
	  "'grid:' starts at column 3, indented under 'level:' (line 3), which has its value "
	  "already; start 'grid:' at column 1, like 'level:'" },
	{ SECTIONS_HEAD "  - title: B\n    level: easy\n      mazes: 20\n", 10, 7,
	  "'mazes:' on line 10 is indented under 'level:' (line 9), so YAML reads it as part of "
	  "the value of 'level' (\"easy mazes\"); start 'mazes:' at column 5, like 'level:'" },
	/* a key outdented from its mapping, or under the wrong one */
	{ GOOD_HEAD "cover:\n  background: red\nback: \"Sixty mazes\"\n", 7, 1,
	  "unknown key 'back' (did you mean cover.back? indent it under 'cover:', in line with "
	  "cover's other keys)" },
	{ GOOD_HEAD "volumes: 3\n", 5, 1, "unknown key 'volumes' (did you mean series.volumes?" },
	{ GOOD_HEAD "description: Easy ones\n", 5, 1,
	  "unknown key 'description' (did you mean sections.N.description? indent it under a "
	  "section's '- title:'" },
	{ GOOD_HEAD "cover:\n  background: red\n  seed: 3\n", 7, 3,
	  "unknown key 'seed' in 'cover': 'seed' is a key of the book, not of 'cover'; start it "
	  "at column 1, like the other top-level keys, not indented under 'cover:'" },
	{ GOOD_HEAD "palette:\n  back: x\n", 6, 3,
	  "unknown key 'back' in 'palette' (did you mean cover.back?" },
	{ SECTIONS_HEAD "    trim: 6x9\n", 8, 5,
	  "unknown key 'trim' in 'sections.1': 'trim' is a key of the book, not of 'sections.1'; "
	  "start it at column 1, like the other top-level keys, not indented under 'sections:'" },
	/* a key less indented than the other keys of its mapping */
	{ GOOD_HEAD "cover:\n  background: red\n text: white\n", 7, 2,
	  "'text:' starts at column 2, but the keys of 'cover' (line 5) start at column 3: start "
	  "it at column 3 to keep it in 'cover', or at column 1 for a key beside 'cover'" },
	/* a key without its ': ' */
	{ "title: T\nauthor: A\nlevel:easy\nmazes: 10\n", 3, 6,
	  "'level:easy' needs a space after the ':' to be a key and its value: write 'level: easy'" },
	{ "title: T\nauthor: A\nlevel: easy\nmazes 10\n", 4, 6,
	  "'mazes 10' is not 'key: value': write 'mazes: 10' (a ':' and a space after the key)" },
	{ GOOD_HEAD "cover\n  text: red\n", 5, 6,
	  "'cover' has no ':' after it: write 'cover:' (and its value after the ':', or its keys "
	  "indented under it)" },
	/* a section list out of line: what the list expects, not libyaml's '-' indicator */
	{ SECTIONS_HEAD "    - title: B\n", 8, 5,
	  "this item of 'sections' starts at column 5, but its first item starts at column 3 "
	  "(line 5): start each item's '- ' at column 3, with its keys under the first one" },
	{ SECTIONS_HEAD "   - title: B\n", 8, 4, "this item of 'sections' starts at column 4" },
	{ SECTIONS_HEAD "- title: B\n", 8, 1, "this item of 'sections' starts at column 1" },
	{ SECTIONS_HEAD "  -title: B\n", 8, 3,
	  "a list item starts with '- ', a dash and a space: write '- title: B' (each item of "
	  "'sections' starts with '- ' at column 3, as on line 5)" },
	{ SECTIONS_HEAD "  - title: B\n   level: easy\n", 9, 4,
	  "'level:' starts at column 4, but the keys of the item of 'sections' that starts on "
	  "line 8 are at column 5: line every key of an item up under the first key after its "
	  "'- '" },
	{ SECTIONS_HEAD "  - title: B\n  level: easy\n", 9, 3,
	  "'level:' starts at column 3, but the keys of the item of 'sections' that starts on "
	  "line 8 are at column 5" },
	{ SECTIONS_HEAD "  - title: B\n      level: easy\n", 9, 7,
	  "'level:' on line 9 is indented under 'title:' (line 8), so YAML reads it as part of "
	  "the value of 'title' (\"B level\"); start 'level:' at column 5, like 'title:'" },
	{ SECTIONS_HEAD "  - title: \"B\"\n      level: easy\n", 9, 7,
	  "'level:' starts at column 7, but the keys of the item of 'sections' that starts on "
	  "line 8 are at column 5" },
};

START_TEST(mistake_bad_spec)
{
	const struct bad_case *c = &mistake_cases[_i];
	struct mb_book_spec spec;
	struct mb_error err;
	enum mb_status status = parse(c->text, &spec, &err);

	ck_assert_msg(status == MB_ERR_INPUT, "case %d: status %d", _i, status);
	ck_assert_msg(strstr(err.message, c->fragment), "case %d: message '%s' lacks '%s'", _i,
		      err.message, c->fragment);
	/* libyaml's own words for these are no part of the message */
	ck_assert_msg(!strstr(err.message, "YAML:"), "case %d: '%s'", _i, err.message);
	ck_assert_msg(err.line == c->line && err.column == c->column,
		      "case %d ('%s'): at %d:%d, expected %d:%d", _i, err.message, err.line,
		      err.column, c->line, c->column);
	mb_spec_release(&spec);
}
END_TEST

/* a value from a closed set: the nearest name when it is a typo, and the valid ones */
static const struct bad_case names_bad_cases[] = {
	{ "title: T\nauthor: A\nmazes: 3\nlevel: esay\n", 4, 8,
	  "unknown level 'esay' (did you mean 'easy'? valid: easy, medium, hard, expert)" },
	{ "title: T\nauthor: A\nmazes: 3\nlevel: Meduim\n", 4, 8,
	  "unknown level 'Meduim' (did you mean 'medium'?" },
	{ GOOD_HEAD "paper: creme\n", 5, 8,
	  "unknown paper 'creme' (did you mean 'cream'? valid: white, cream)" },
	{ GOOD_HEAD "algorithm: kruskall\n", 5, 12,
	  "unknown algorithm 'kruskall' (did you mean 'kruskal'? valid: auto, aldous-broder," },
	{ GOOD_HEAD "start: center\n", 5, 8,
	  "unknown start 'center' (did you mean 'centre'? valid: entrance, random, centre)" },
	{ GOOD_HEAD "language: eng\n", 5, 11,
	  "unknown language 'eng' (did you mean 'en'? valid: en, de, fr, es)" },
	{ GOOD_HEAD "language: German\n", 5, 11,
	  "unknown language 'German' (did you mean 'de'? a language is its two-letter code; "
	  "valid: en, de, fr, es)" },
	{ GOOD_HEAD "language: fran\u00e7ais\n", 5, 11, "(did you mean 'fr'?" },
	{ GOOD_HEAD "cover:\n  theme: forrest\n", 6, 10,
	  "unknown cover theme 'forrest' (did you mean 'forest'? valid: ocean, forest," },
	{ GOOD_HEAD "binding: paperbak\n", 5, 10,
	  "unknown binding 'paperbak' (did you mean 'paperback'? valid: paperback, hardcover)" },
	{ GOOD_HEAD "binding: softcover\n", 5, 10, "(did you mean 'paperback'?" },
	{ GOOD_HEAD "ink: blak\n", 5, 6,
	  "unknown ink 'blak' (did you mean 'black'? valid: black, standard-colour, "
	  "premium-colour)" },
	{ GOOD_HEAD "editions: [paperback, hardcovr]\n", 5, 23,
	  "unknown binding 'hardcovr' (did you mean 'hardcover'?" },
	{ GOOD_HEAD "cover:\n  image_fit: fitt\n", 6, 14,
	  "'cover.image_fit' must be fill (the card, cropped) or fit (the whole picture), not "
	  "'fitt' (did you mean 'fit'?)" },
	{ GOOD_HEAD "entrance: bottm\n", 5, 11,
	  "'entrance' must be top or bottom, not 'bottm' (did you mean 'bottom'?)" },
	{ GOOD_HEAD "exit: centr\n", 5, 7, "not 'centr' (did you mean 'centre'?)" },
	{ GOOD_HEAD "grid: hex 4\ngrid_outline: hexagn\n", 6, 15,
	  "not 'hexagn' (did you mean 'hexagon'?)" },
	{ GOOD_HEAD "order: ramps\n", 5, 8, "as-generated, not 'ramps' (did you mean 'ramp'?)" },
	{ GOOD_HEAD "shape: hart\n", 5, 8,
	  "unknown shape 'hart' in 'shape' (did you mean 'heart'? built in: circle, heart," },
	{ GOOD_HEAD "shape: [heart, strr]\n", 5, 16, "unknown shape 'strr' in 'shape' (did you mean "
	  "'star'?" },
	{ GOOD_HEAD "shape: heart.SVG\n", 5, 8,
	  "'shape' is 'heart.SVG': a picture file's name must end in .svg or .png" },
	{ SECTIONS_HEAD "    shape: nnoe\n", 8, 12,
	  "unknown shape 'nnoe' in 'sections.1.shape' (did you mean 'none'?" },
	{ GOOD_HEAD "bleed: ture\n", 5, 8, "'bleed' must be true or false, not 'ture' (did you mean "
	  "'true'?)" },
	{ GOOD_HEAD "pages:\n  contents: flase\n", 6, 13, "(did you mean 'false'?)" },
	{ GOOD_HEAD "cover:\n  text: whte\n", 6, 9,
	  "'cover.text' is not a colour: 'whte' (did you mean 'white'? expected #rgb" },
	{ GOOD_HEAD "palette:\n  route: gren\n", 6, 10, "(did you mean 'green'? expected" },
	{ "title: T\nauthor: A\nseed: 1\nsections:\n  - title: A\n    level: hardd\n", 6, 12,
	  "unknown level 'hardd' (did you mean 'hard'?" },
	{ "title: T\nauthor: A\nseed: 1\nsections:\n  - title: A\n    ramp: easy..hadr\n", 6, 11,
	  "'sections.1.ramp': unknown level 'hadr' (did you mean 'hard'? valid: easy, medium, "
	  "hard, expert)" },
	{ GOOD_HEAD "grid: Poler 12\n", 5, 7, "(did you mean 'polar'?" },
	/* keys too, through the same helper */
	{ GOOD_HEAD "mazez: 3\n", 5, 1, "unknown key 'mazez' (did you mean 'mazes'?)" },
};

START_TEST(names_bad_spec)
{
	const struct bad_case *c = &names_bad_cases[_i];
	struct mb_book_spec spec;
	struct mb_error err;
	enum mb_status status = parse(c->text, &spec, &err);

	ck_assert_msg(status == MB_ERR_INPUT, "case %d: status %d", _i, status);
	ck_assert_msg(strstr(err.message, c->fragment), "case %d: message '%s' lacks '%s'", _i,
		      err.message, c->fragment);
	ck_assert_msg(err.line == c->line && err.column == c->column,
		      "case %d ('%s'): at %d:%d, expected %d:%d", _i, err.message, err.line,
		      err.column, c->line, c->column);
	mb_spec_release(&spec);
}
END_TEST

/* a name in other capitals is the name, spelt as the table spells it */
START_TEST(names_in_other_capitals)
{
	struct mb_book_spec spec;

	parse_ok("title: T\nauthor: A\nlevel: Easy\nmazes: 30\npaper: White\ntrim: 8.5X11\n"
		 "algorithm: Backtracker\nstart: Random\nlanguage: DE\nbinding: Paperback\n"
		 "ink: Premium-Colour\nentrance: Bottom\nexit: TOP\nshape: Heart\nbleed: True\n"
		 "cover:\n  theme: Forest\n  image_fit: Fit\n  text: White\n", &spec);
	ck_assert_str_eq(spec.level->name, "easy");
	ck_assert_int_eq(spec.paper, MB_PAPER_WHITE);
	ck_assert(spec.trim.w_in == 8.5 && spec.trim.h_in == 11);
	ck_assert_str_eq(spec.algorithm, "backtracker");
	ck_assert_int_eq(spec.start, MB_START_RANDOM);
	ck_assert_str_eq(spec.language, "de");
	ck_assert_int_eq(spec.binding, MB_BINDING_PAPERBACK);
	ck_assert_int_eq(spec.ink, MB_INK_PREMIUM_COLOUR);
	ck_assert_str_eq(spec.entrance, "bottom");
	ck_assert_str_eq(spec.exit_side, "top");
	ck_assert_int_eq(spec.shape_count, 1);
	ck_assert_str_eq(spec.shapes[0], "heart");
	ck_assert_str_eq(spec.cover.theme, "forest");
	ck_assert(spec.cover.image_fit_inside);
	ck_assert_uint_eq(spec.cover.text_rgb, 0xffffff);
	mb_spec_release(&spec);
	parse_ok("title: T\nauthor: A\nseed: 1\nsections:\n  - title: A\n    level: HARD\n"
		 "    mazes: 20\n    shape: None\n  - title: B\n    ramp: Easy..Medium\n"
		 "    mazes: 20\n    grid: Hex\n    grid_outline: Rectangle\norder: Ramp\n", &spec);
	ck_assert_str_eq(spec.sections[0].level, "hard");
	ck_assert_str_eq(spec.sections[0].shape, "none");
	ck_assert_str_eq(spec.sections[1].ramp_from, "easy");
	ck_assert_str_eq(spec.sections[1].ramp_to, "medium");
	ck_assert_int_eq(spec.sections[1].grid_kind, MB_GRID_HEX);
	ck_assert_int_eq(spec.sections[1].grid_outline, MB_OUTLINE_RECTANGLE);
	ck_assert(spec.order_ramp);
	mb_spec_release(&spec);
	parse_ok(GOOD_HEAD "trim: 6x9\neditions: [Paperback, HARDCOVER]\nink: Black\n", &spec);
	ck_assert_int_eq(spec.edition_count, 2);
	ck_assert_int_eq(spec.editions[1], MB_BINDING_HARDCOVER);
	mb_spec_release(&spec);
}
END_TEST

/* the names helper itself: exact first, capitals only when one name reads so */
START_TEST(names_helper)
{
	static const char *const names[] = { "easy", "medium", "hard" };
	static const char *const twins[] = { "Ab", "aB", "c" };
	char buf[128];

	ck_assert_int_eq(mb_names_find("hard", names, 3), 2);
	ck_assert_int_eq(mb_names_find("HARD", names, 3), 2);
	ck_assert_int_eq(mb_names_find("hardd", names, 3), -1);
	/* two names differ only in capitals: no guess between them */
	ck_assert_int_eq(mb_names_find("ab", twins, 3), -1);
	ck_assert_int_eq(mb_names_find("aB", twins, 3), 1);
	ck_assert_int_eq(mb_names_find("C", twins, 3), 2);
	ck_assert_str_eq(mb_names_nearest("meduim", names, 3), "medium");
	ck_assert_str_eq(mb_names_nearest("Esay", names, 3), "easy");
	ck_assert_ptr_null(mb_names_nearest("impossible", names, 3));
	ck_assert_uint_eq(mb_names_distance("kitten", "sitting"), 3);
	mb_names_hint("har", names, 3, buf, sizeof(buf));
	ck_assert_str_eq(buf, "did you mean 'hard'? valid: easy, medium, hard");
	mb_names_hint("zzzzzz", names, 3, buf, sizeof(buf));
	ck_assert_str_eq(buf, "valid: easy, medium, hard");
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("spec");
	TCase *tc = tcase_create("spec");

	tcase_add_loop_test(tc, bad_spec, 0, (int)(sizeof(bad_cases) / sizeof(bad_cases[0])));
	tcase_add_test(tc, message_format);
	tcase_add_test(tc, bom_is_skipped);
	tcase_add_test(tc, output_only_inside_the_spec_folder);
	tcase_add_test(tc, inputs_checked_again);
	tcase_add_test(tc, catalogue_only_a_file_inside);
	tcase_add_test(tc, inside_outputs_and_plain_numbers);
	tcase_add_test(tc, first_error_kept);
	tcase_add_test(tc, full_spec);
	tcase_add_test(tc, defaults);
	tcase_add_test(tc, start_with_auto);
	tcase_add_test(tc, overrides_before_level);
	tcase_add_test(tc, landscape_turns_level_grid);
	tcase_add_test(tc, key_places_for_later_errors);
	tcase_add_test(tc, utf8_title_and_big_numbers);
	tcase_add_test(tc, text_is_not_read_past_len);
	tcase_add_test(tc, load_files);
	tcase_add_test(tc, font_files);
	tcase_add_test(tc, cover_themes);
	tcase_add_test(tc, starter_parses_and_explains_every_key);
	tcase_add_test(tc, examples_parse);
	tcase_add_loop_test(tc, edition_bad_spec, 0,
			    (int)(sizeof(edition_bad_cases) / sizeof(edition_bad_cases[0])));
	tcase_add_test(tc, editions_read);
	tcase_add_loop_test(tc, section_bad_spec, 0,
			    (int)(sizeof(section_bad_cases) / sizeof(section_bad_cases[0])));
	tcase_add_test(tc, sections_read);
	tcase_add_test(tc, too_many_sections);
	tcase_add_loop_test(tc, words_bad_spec, 0,
			    (int)(sizeof(words_bad_cases) / sizeof(words_bad_cases[0])));
	tcase_add_test(tc, words_that_agree);
	tcase_add_loop_test(tc, grid_bad_spec, 0,
			    (int)(sizeof(grid_bad_cases) / sizeof(grid_bad_cases[0])));
	tcase_add_test(tc, grids_read);
	tcase_add_loop_test(tc, mistake_bad_spec, 0,
			    (int)(sizeof(mistake_cases) / sizeof(mistake_cases[0])));
	tcase_add_loop_test(tc, names_bad_spec, 0,
			    (int)(sizeof(names_bad_cases) / sizeof(names_bad_cases[0])));
	tcase_add_test(tc, names_in_other_capitals);
	tcase_add_test(tc, names_helper);
	suite_add_tcase(s, tc);
	return s;
}
