/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The schema fed by events directly (schema.h, spec_event.h), with no
 * YAML anywhere: a spec is written here as the events a reader would
 * make, and what the schema sets, and the first error it gives with its
 * line and column, are checked.
 */
#include "config.h"

#include <check.h>
#include <string.h>

#include "mazebook/book/schema.h"

#include "check_main.h"

/* events from an array, then the stream's end; fails at index fail_at when >= 0 */
struct array_source {
	struct mb_event_source base;
	const struct mb_event *events;
	size_t count, next;
	long fail_at;
};

static enum mb_status array_next(struct mb_event_source *base, struct mb_event *ev,
				 struct mb_error *err)
{
	struct array_source *s = (struct array_source *)base;

	if (s->fail_at >= 0 && s->next == (size_t)s->fail_at)
		return mb_error_set_at(err, MB_ERR_INPUT, "book.events", 99, 9,
				       "the source gives up here");
	if (s->next >= s->count) {
		*ev = (struct mb_event){ .kind = MB_EVENT_END, .path = "", .text = "" };
		return MB_OK;
	}
	*ev = s->events[s->next++];
	if (!ev->path)
		ev->path = "";
	if (!ev->text)
		ev->text = "";
	return MB_OK;
}

#define DOC { .kind = MB_EVENT_DOCUMENT, .at = { 1, 1 } }
#define MAP(l, c) { .kind = MB_EVENT_MAP_START, .at = { l, c } }
#define MAP_END(l, c) { .kind = MB_EVENT_MAP_END, .at = { l, c } }
#define LIST(l, c) { .kind = MB_EVENT_LIST_START, .at = { l, c } }
#define LIST_END(l, c) { .kind = MB_EVENT_LIST_END, .at = { l, c } }
#define S(l, c, t) { .kind = MB_EVENT_SCALAR, .text = t, .len = sizeof(t) - 1, .at = { l, c } }
#define QUOTED(l, c, t)                                                                  \
	{ .kind = MB_EVENT_SCALAR, .text = t, .len = sizeof(t) - 1, .at = { l, c },        \
	  .flags = MB_EVENT_QUOTED }
/* key: value on line l, the value at column vc */
#define KV(l, k, vc, v) S(l, 1, k), S(l, vc, v)

/* the four keys every book needs, on lines 1 to 4 */
#define REQUIRED                                                                         \
	KV(1, "title", 8, "Easy Mazes"), KV(2, "author", 9, "A. Writer"),                 \
		KV(3, "level", 8, "easy"), KV(4, "mazes", 8, "12")

static enum mb_status read_events(const struct mb_event *events, size_t count, long fail_at,
				  struct mb_book_spec *spec, struct mb_error *err)
{
	struct array_source src = { { array_next }, events, count, 0, fail_at };

	mb_error_init(err);
	return mb_schema_read("book.events", &src.base, spec, err);
}

#define READ(events, spec, err) \
	read_events(events, sizeof(events) / sizeof(events[0]), -1, spec, err)

/* the read fails at line:column with exactly message */
static void expect_error(const struct mb_event *events, size_t count, int line, int column,
			 const char *message)
{
	struct mb_book_spec spec;
	struct mb_error err;

	ck_assert_int_eq(read_events(events, count, -1, &spec, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.file, "book.events");
	ck_assert_str_eq(err.message, message);
	ck_assert_int_eq(err.line, line);
	ck_assert_int_eq(err.column, column);
	ck_assert_ptr_null(spec.title);	/* left zeroed */
}

#define EXPECT_ERROR(events, line, column, message) \
	expect_error(events, sizeof(events) / sizeof(events[0]), line, column, message)

START_TEST(a_book_from_events)
{
	static const struct mb_event events[] = {
		DOC, MAP(1, 1), REQUIRED, KV(5, "trim", 7, "6x9"), KV(6, "paper", 8, "cream"),
		S(7, 1, "cover"), MAP(8, 3), KV(8, "back", 9, "Rainy days"), MAP_END(9, 1),
		S(9, 1, "shape"), LIST(9, 8), S(9, 9, "heart"), S(9, 16, "star"), LIST_END(9, 20),
		MAP_END(10, 1),
	};
	struct mb_book_spec spec;
	struct mb_error err;
	int line = 0, column = 0;

	ck_assert_int_eq(READ(events, &spec, &err), MB_OK);
	ck_assert_str_eq(spec.title, "Easy Mazes");
	ck_assert_str_eq(spec.author, "A. Writer");
	ck_assert_str_eq(spec.level->name, "easy");
	ck_assert_int_eq(spec.mazes, 12);
	ck_assert_int_eq(spec.paper, MB_PAPER_CREAM);
	ck_assert_str_eq(spec.cover.back, "Rainy days");
	ck_assert_int_eq(spec.shape_count, 2);
	ck_assert_str_eq(spec.shapes[1], "star");
	/* defaults for what the events left out */
	ck_assert(!spec.bleed);
	ck_assert_str_eq(spec.algorithm, "auto");
	/* the places are the events' */
	ck_assert(mb_spec_where(&spec, "cover.back", &line, &column));
	ck_assert_int_eq(line, 8);
	ck_assert_int_eq(column, 9);
	ck_assert(!mb_spec_where(&spec, "bleed", NULL, NULL));
	mb_spec_release(&spec);
}
END_TEST

START_TEST(sections_are_resolved)
{
	static const struct mb_event events[] = {
		DOC, MAP(1, 1), KV(1, "title", 8, "Parts"), KV(2, "author", 9, "A. Writer"),
		KV(3, "mazes", 8, "30"), S(4, 1, "sections"), LIST(5, 3),
		MAP(5, 5), KV(5, "title", 12, "Warm-up"), KV(6, "level", 12, "easy"),
		MAP_END(7, 3),
		MAP(7, 5), KV(7, "title", 12, "Harder"), KV(8, "level", 12, "hard"),
		KV(9, "mazes", 12, "10"), MAP_END(10, 1),
		LIST_END(10, 1), MAP_END(10, 1),
	};
	struct mb_book_spec spec;
	struct mb_error err;

	ck_assert_int_eq(READ(events, &spec, &err), MB_OK);
	ck_assert_int_eq(spec.section_count, 2);
	ck_assert_int_eq(spec.sections[0].mazes, 20);	/* what the book's 30 leaves */
	ck_assert_int_eq(spec.sections[1].mazes, 10);
	ck_assert_str_eq(spec.level->name, "easy");	/* the first section's */
	ck_assert(spec.order_ramp);	/* two levels */
	ck_assert(mb_spec_where(&spec, "sections.2.level", NULL, NULL));
	mb_spec_release(&spec);
}
END_TEST

START_TEST(wrong_type)
{
	static const struct mb_event list_title[] = {
		DOC, MAP(1, 1), S(1, 1, "title"), LIST(2, 3), S(2, 5, "a"), LIST_END(3, 1),
		MAP_END(3, 1),
	};
	static const struct mb_event quoted_number[] = {
		DOC, MAP(1, 1), KV(1, "title", 8, "T"), S(2, 1, "mazes"), QUOTED(2, 8, "12"),
		MAP_END(3, 1),
	};
	static const struct mb_event word_for_bool[] = {
		DOC, MAP(1, 1), REQUIRED, KV(5, "bleed", 8, "maybe"), MAP_END(6, 1),
	};

	EXPECT_ERROR(list_title, 2, 3, "'title' must be a string, not a list");
	EXPECT_ERROR(quoted_number, 2, 8,
		     "'mazes' expected a number, not the string \"12\" (write it without quotes)");
	EXPECT_ERROR(word_for_bool, 5, 8, "'bleed' must be true or false, not 'maybe'");
}
END_TEST

START_TEST(out_of_range)
{
	static const struct mb_event no_mazes[] = {
		DOC, MAP(1, 1), KV(1, "title", 8, "T"), KV(2, "mazes", 8, "0"), MAP_END(3, 1),
	};
	static const struct mb_event five_solutions[] = {
		DOC, MAP(1, 1), REQUIRED, KV(5, "solutions", 12, "5"), MAP_END(6, 1),
	};

	EXPECT_ERROR(no_mazes, 2, 8, "'mazes' is 0, out of range (valid: 1..10000)");
	EXPECT_ERROR(five_solutions, 5, 12, "'solutions' must be 1, 2, 4, 6 or 9, not '5'");
}
END_TEST

START_TEST(unknown_key_did_you_mean)
{
	static const struct mb_event typo[] = {
		DOC, MAP(1, 1), KV(1, "title", 8, "T"), KV(2, "mazs", 7, "12"), MAP_END(3, 1),
	};
	static const struct mb_event far_off[] = {
		DOC, MAP(1, 1), KV(1, "zzzzzzzz", 11, "x"), MAP_END(2, 1),
	};
	static const struct mb_event level_typo[] = {
		DOC, MAP(1, 1), KV(1, "level", 8, "esay"), MAP_END(2, 1),
	};
	struct mb_book_spec spec;
	struct mb_error err;

	EXPECT_ERROR(typo, 2, 1, "unknown key 'mazs' (did you mean 'mazes'?)");
	ck_assert_int_eq(READ(far_off, &spec, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "unknown key 'zzzzzzzz' ("));
	ck_assert_ptr_nonnull(strstr(err.message, "title"));	/* the valid keys listed */
	ck_assert_int_eq(READ(level_typo, &spec, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "unknown level 'esay' (did you mean 'easy'?"));
}
END_TEST

START_TEST(key_in_the_wrong_place)
{
	static const struct mb_event back_at_top[] = {
		DOC, MAP(1, 1), KV(1, "title", 8, "T"), KV(2, "back", 7, "words"), MAP_END(3, 1),
	};
	static const struct mb_event title_in_cover[] = {
		DOC, MAP(1, 1), S(1, 1, "cover"), MAP(2, 3), KV(2, "title", 10, "T"),
		MAP_END(3, 1), MAP_END(3, 1),
	};

	EXPECT_ERROR(back_at_top, 2, 1,
		     "unknown key 'back' (did you mean cover.back? indent it under 'cover:', in "
		     "line with cover's other keys)");
	EXPECT_ERROR(title_in_cover, 2, 1,
		     "unknown key 'title' in 'cover': 'title' is a key of the book, not of "
		     "'cover'; start it at column 1, like the other top-level keys, not indented "
		     "under 'cover:'");
}
END_TEST

START_TEST(duplicate_and_missing_keys)
{
	static const struct mb_event twice[] = {
		DOC, MAP(1, 1), KV(1, "title", 8, "T"), KV(4, "title", 8, "U"), MAP_END(5, 1),
	};
	static const struct mb_event missing[] = {
		DOC, MAP(1, 1), KV(1, "title", 8, "T"), MAP_END(7, 2),
	};
	static const struct mb_event empty[] = {
		DOC, { .kind = MB_EVENT_SCALAR, .text = "", .at = { 1, 1 }, .flags = MB_EVENT_NULL },
	};

	EXPECT_ERROR(twice, 4, 1, "duplicate key 'title' (first given at line 1)");
	/* at the mapping's end, where the keys would go */
	EXPECT_ERROR(missing, 7, 2, "missing required keys 'author', 'level', 'mazes'");
	EXPECT_ERROR(empty, 1, 1,
		     "the spec is empty (expected keys such as title, author, level and mazes)");
}
END_TEST

/* what the source saw in the text (a note) is raised where the schema takes the value */
START_TEST(the_sources_notes)
{
	static const struct mb_event folded[] = {
		DOC, MAP(1, 1), S(1, 1, "level"),
		{ .kind = MB_EVENT_SCALAR, .text = "easy grid", .len = 9, .at = { 1, 8 },
		  .note = "'grid:' ran on", .note_len = 14, .note_at = { 2, 3 } },
		MAP_END(3, 1),
	};
	static const struct mb_event indented[] = {
		DOC, MAP(1, 1), S(1, 1, "level"),
		{ .kind = MB_EVENT_MAP_START, .at = { 2, 3 }, .flags = MB_EVENT_BLOCK,
		  .note = "grid: 9x9", .note_len = 4 },
		MAP_END(3, 1),
	};

	EXPECT_ERROR(folded, 2, 3, "'grid:' ran on");
	EXPECT_ERROR(indented, 2, 3,
		     "'level' must be a level name, not a mapping: 'grid:' on line 2 is indented "
		     "under 'level:', so YAML reads it as a key inside 'level'; give 'level' its "
		     "value on the same line (level: ...) and start 'grid:' at column 1, like "
		     "'level:'");
}
END_TEST

START_TEST(the_sources_error_comes_first)
{
	static const struct mb_event events[] = {
		DOC, MAP(1, 1), KV(1, "title", 8, "T"), KV(2, "mazs", 7, "12"), MAP_END(3, 1),
	};
	struct mb_book_spec spec;
	struct mb_error err;

	/* the source fails before the schema sees the unknown key */
	ck_assert_int_eq(read_events(events, 6, 4, &spec, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.message, "the source gives up here");
	ck_assert_int_eq(err.line, 99);
	ck_assert_ptr_null(spec.title);
	/* after it, the schema's own */
	ck_assert_int_eq(read_events(events, 6, 5, &spec, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.message, "unknown key 'mazs' (did you mean 'mazes'?)");
}
END_TEST

START_TEST(one_document)
{
	static const struct mb_event events[] = {
		DOC, MAP(1, 1), REQUIRED, MAP_END(5, 1), { .kind = MB_EVENT_DOCUMENT, .at = { 6, 1 } },
	};

	EXPECT_ERROR(events, 6, 1, "a spec is one YAML document; found a second one");
	ck_assert(mb_schema_known_key("back"));
	ck_assert(mb_schema_known_key("volumes"));
	ck_assert(!mb_schema_known_key("mazs"));
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("schema");
	TCase *tc = tcase_create("events");

	tcase_add_test(tc, a_book_from_events);
	tcase_add_test(tc, sections_are_resolved);
	tcase_add_test(tc, wrong_type);
	tcase_add_test(tc, out_of_range);
	tcase_add_test(tc, unknown_key_did_you_mean);
	tcase_add_test(tc, key_in_the_wrong_place);
	tcase_add_test(tc, duplicate_and_missing_keys);
	tcase_add_test(tc, the_sources_notes);
	tcase_add_test(tc, the_sources_error_comes_first);
	tcase_add_test(tc, one_document);
	suite_add_tcase(s, tc);
	return s;
}
