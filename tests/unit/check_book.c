/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* Choosing a book's mazes: the filter, seeds that survive a longer book, no repeats, bounded search. */
#include "config.h"

#include <string.h>

#include "mazebook/base/xalloc.h"
#include "mazebook/book/book.h"
#include "mazebook/book/level.h"
#include "mazebook/book/manifest.h"

#include "check_main.h"

static void easy_spec(struct mb_book_spec *spec, int mazes)
{
	memset(spec, 0, sizeof(*spec));
	spec->level = mb_level_find("easy");
	spec->mazes = mazes;
	spec->seed = 2026;
	spec->algorithm = "auto";
	spec->grid_w = spec->level->w;
	spec->grid_h = spec->level->h;
	mb_level_filter(spec->level, &spec->filter);
}

START_TEST(every_maze_passes_the_filter)
{
	struct mb_book_spec spec;
	struct mb_book book;
	struct mb_error err;

	easy_spec(&spec, 40);
	mb_error_init(&err);
	ck_assert_int_eq(mb_book_make(&spec, &book, NULL, NULL, &err), MB_OK);
	ck_assert_uint_eq(book.count, 40);
	for (size_t i = 0; i < book.count; i++) {
		struct mb_measures ms;

		ck_assert_int_eq(book.mazes[i].number, (int)i + 1);
		mb_maze_measure(book.mazes[i].maze, &ms);
		ck_assert(ms.perfect);
		ck_assert(ms.route_ratio >= 1.5);
		ck_assert_int_ge(ms.forks, 3);
		ck_assert_int_eq(ms.route, book.mazes[i].measures.route);
		ck_assert_int_ge(book.mazes[i].attempts, 1);
		for (size_t j = 0; j < i; j++)
			ck_assert(!mb_maze_equal(book.mazes[i].maze, book.mazes[j].maze));
	}
	mb_book_release(&book);
}
END_TEST

START_TEST(longer_book_keeps_earlier_mazes)
{
	struct mb_book_spec spec;
	struct mb_book a, b;

	easy_spec(&spec, 10);
	ck_assert_int_eq(mb_book_make(&spec, &a, NULL, NULL, NULL), MB_OK);
	spec.mazes = 25;
	ck_assert_int_eq(mb_book_make(&spec, &b, NULL, NULL, NULL), MB_OK);
	for (size_t i = 0; i < a.count; i++) {
		ck_assert(mb_maze_equal(a.mazes[i].maze, b.mazes[i].maze));
		ck_assert_uint_eq(a.mazes[i].seed, b.mazes[i].seed);
	}
	mb_book_release(&b);
	spec.seed = 2027;
	ck_assert_int_eq(mb_book_make(&spec, &b, NULL, NULL, NULL), MB_OK);
	ck_assert(!mb_maze_equal(a.mazes[0].maze, b.mazes[0].maze));
	mb_book_release(&a);
	mb_book_release(&b);
}
END_TEST

START_TEST(impossible_filter_stops_with_best_candidate)
{
	struct mb_book_spec spec;
	struct mb_book book;
	struct mb_error err;

	easy_spec(&spec, 3);
	spec.filter.min_forks = 1000;
	mb_error_init(&err);
	ck_assert_int_eq(mb_book_make(&spec, &book, NULL, NULL, &err), MB_ERR_LIMIT);
	ck_assert_ptr_nonnull(strstr(err.message, "maze 1"));
	ck_assert_ptr_nonnull(strstr(err.message, "forks >= 1000"));
	ck_assert_ptr_nonnull(strstr(err.message, "best candidate"));
	ck_assert_ptr_null(book.mazes);
}
END_TEST

/*
 * A 2x2 grid has only 4 spanning trees, and they are 2 puzzles: the half
 * turn takes each to another (entrance and exit trade places, the same
 * puzzle walked backwards), and a book counts a turned copy as a repeat
 * (its canonical key, mazebook/maze/canon.h). So a third maze cannot exist,
 * from a random start square (which reaches all 4 trees) or from the
 * entrance (a path from that corner: one tree of each puzzle).
 */
START_TEST(no_maze_twice)
{
	struct mb_book_spec spec;
	struct mb_book book;
	struct mb_error err;

	easy_spec(&spec, 4);
	spec.grid_w = spec.grid_h = 2;
	spec.filter.min_route_ratio = 0;
	spec.filter.min_forks = 0;
	spec.algorithm = "backtracker";
	spec.start = MB_START_RANDOM;
	spec.mazes = 2;
	ck_assert_int_eq(mb_book_make(&spec, &book, NULL, NULL, NULL), MB_OK);
	ck_assert_int_eq(book.mazes[1].start, MB_START_RANDOM);
	ck_assert_str_ne(book.mazes[0].key, book.mazes[1].key);
	mb_book_release(&book);
	spec.mazes = 3;
	mb_error_init(&err);
	ck_assert_int_eq(mb_book_make(&spec, &book, NULL, NULL, &err), MB_ERR_LIMIT);
	ck_assert_ptr_nonnull(strstr(err.message, "maze 3"));

	spec.start = MB_START_DEFAULT;
	spec.mazes = 2;
	ck_assert_int_eq(mb_book_make(&spec, &book, NULL, NULL, NULL), MB_OK);
	ck_assert_int_eq(book.mazes[1].start, MB_START_ENTRANCE);
	mb_book_release(&book);
	spec.mazes = 3;
	mb_error_init(&err);
	ck_assert_int_eq(mb_book_make(&spec, &book, NULL, NULL, &err), MB_ERR_LIMIT);
	ck_assert_ptr_nonnull(strstr(err.message, "maze 3"));
}
END_TEST

/* Generators without a start ignore the spec's, and their mazes say so. */
START_TEST(start_applies_where_there_is_one)
{
	struct mb_book_spec spec;
	struct mb_book a, b;

	easy_spec(&spec, 6);
	spec.algorithm = "kruskal";
	ck_assert_int_eq(mb_book_make(&spec, &a, NULL, NULL, NULL), MB_OK);
	spec.start = MB_START_CENTRE;
	ck_assert_int_eq(mb_book_make(&spec, &b, NULL, NULL, NULL), MB_OK);
	for (size_t i = 0; i < a.count; i++) {
		ck_assert(mb_maze_equal(a.mazes[i].maze, b.mazes[i].maze));
		ck_assert_int_eq(b.mazes[i].start, MB_START_DEFAULT);
	}
	mb_book_release(&a);
	mb_book_release(&b);
	spec.algorithm = "wilson";
	ck_assert_int_eq(mb_book_make(&spec, &b, NULL, NULL, NULL), MB_OK);
	ck_assert_int_eq(b.mazes[0].start, MB_START_CENTRE);
	mb_book_release(&b);
}
END_TEST

START_TEST(unknown_algorithm)
{
	struct mb_book_spec spec;
	struct mb_book book;
	struct mb_error err;

	easy_spec(&spec, 3);
	spec.algorithm = "dijkstra";
	mb_error_init(&err);
	ck_assert_int_eq(mb_book_make(&spec, &book, NULL, NULL, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "backtracker"));
}
END_TEST

/* the manifest names its book: title and spec file, read back for the other-book check */
START_TEST(manifest_names_its_book)
{
	struct mb_book_spec spec;
	struct mb_book book;
	struct mb_manifest_info info = { 0 };
	char *text = NULL, *title, *source;
	size_t len = 0;
	FILE *f;

	easy_spec(&spec, 1);
	spec.title = "Caf\xc3\xa9 \"Mazes\": \\ vol\t1";
	spec.path = "/some/folder/my book.yaml";
	ck_assert_int_eq(mb_book_make(&spec, &book, NULL, NULL, NULL), MB_OK);
	f = open_memstream(&text, &len);
	mb_manifest_write(f, &spec, &book, &info);
	fclose(f);
	mb_manifest_read_book(text, len, &title, &source);
	ck_assert_str_eq(title, spec.title);
	ck_assert_str_eq(source, "my book.yaml");
	free(title);
	free(source);
	/* a manifest without the fields (an older one, or not ours) names nothing */
	{
		static const char older[] = "{\n  \"tool\": \"x\"\n}\n";

		mb_manifest_read_book(older, strlen(older), &title, &source);
	}
	ck_assert_ptr_null(title);
	ck_assert_ptr_null(source);
	/* a string cut off by the end of what was read is not taken */
	{
		static const char cut[] = "{\n  \"title\": \"Fir";

		mb_manifest_read_book(cut, strlen(cut), &title, &source);
	}
	ck_assert_ptr_null(title);
	free(text);
	mb_book_release(&book);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("book");
	TCase *tc = tcase_create("book");

	tcase_add_test(tc, every_maze_passes_the_filter);
	tcase_add_test(tc, longer_book_keeps_earlier_mazes);
	tcase_add_test(tc, impossible_filter_stops_with_best_candidate);
	tcase_add_test(tc, no_maze_twice);
	tcase_add_test(tc, start_applies_where_there_is_one);
	tcase_add_test(tc, unknown_algorithm);
	tcase_add_test(tc, manifest_names_its_book);
	suite_add_tcase(s, tc);
	return s;
}
