/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The catalogue's logic (src/book/catalogue.c), through its public header,
 * over the in-memory backend (src/book/catalogue_memory.c): the schema and
 * its version, what counts as a repeat (another book's maze, never the
 * book's own), what a build records (a rebuild replaces, a refused book
 * leaves nothing), series volumes as books of their own, forgetting, the
 * messages, and the errors a backend reports passing through whole.
 * CLI tests (cli_catalogue*.sh) drive the same logic over SQLite and
 * PostgreSQL; this suite needs no database.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"
#include "mazebook/book/catalogue.h"
#include "mazebook/book/level.h"
#include "mazebook/book/spec.h"
#include "mazebook/gen/generator.h"
#include "mazebook/maze/maze.h"

#include "check_main.h"

#define WHERE "memory:test"

/* A catalogue with its schema, as a backend's open leaves it. */
static struct mb_catalogue *fresh(void)
{
	struct mb_catalogue *cat = mb_catalogue_memory_new(WHERE);
	struct mb_error err;

	mb_error_init(&err);
	ck_assert_msg(mb_catalogue_migrate(cat, &err) == MB_OK, "migrate: %s", err.message);
	return cat;
}

/* The maze numbered number of a book, whose canonical key is made from k. */
static struct mb_catalogue_maze maze(int number, unsigned k)
{
	struct mb_catalogue_maze m = { .place = "interior", .number = number, .page = number + 2,
				       .w = 10, .h = 12, .level = "easy",
				       .generator = "backtracker", .seed = 1000u + k };

	snprintf(m.key, sizeof(m.key), "%064x", k);
	return m;
}

/* n mazes numbered 1..n whose keys come from keys[] */
static struct mb_catalogue_maze *mazes(const unsigned *keys, size_t n)
{
	struct mb_catalogue_maze *out = xcalloc(n + 1, sizeof(*out));

	for (size_t i = 0; i < n; i++)
		out[i] = maze((int)i + 1, keys[i]);
	return out;
}

static struct mb_catalogue_book book_named(const char *id)
{
	return (struct mb_catalogue_book){ id, "A Title", "0123abcd", "/books/out",
					   "2026-01-02T03:04:05Z", "built" };
}

/* Record and commit book id with mazes of keys[]; the status, with *hit and err filled. */
static enum mb_status record(struct mb_catalogue *cat, const char *id, const unsigned *keys,
			     size_t n, struct mb_catalogue_hit *hit, struct mb_error *err)
{
	struct mb_catalogue_maze *m = mazes(keys, n);
	struct mb_catalogue_book b = book_named(id);
	enum mb_status st;

	mb_error_init(err);
	memset(hit, 0, sizeof(*hit));
	st = mb_catalogue_record(cat, &b, m, n, hit, err);
	if (!st)
		ck_assert(cat->in_transaction);
	if (!st)
		st = mb_catalogue_commit(cat, err);
	ck_assert(!cat->in_transaction);
	free(m);
	return st;
}

static void assert_recorded(struct mb_catalogue *cat, const char *id, const unsigned *keys,
			    size_t n)
{
	struct mb_catalogue_hit hit;
	struct mb_error err;

	ck_assert_msg(record(cat, id, keys, n, &hit, &err) == MB_OK, "%s: %s", id, err.message);
}

static void assert_size(struct mb_catalogue *cat, const char *leave_out, long long want_mazes,
			long long want_books)
{
	long long m = -1, b = -1;
	struct mb_error err;

	mb_error_init(&err);
	ck_assert_msg(mb_catalogue_size(cat, leave_out, &m, &b, &err) == MB_OK, "%s", err.message);
	ck_assert_int_eq(m, want_mazes);
	ck_assert_int_eq(b, want_books);
}

/* How many of keys[] another book than id printed; the first hits into hits[max]. */
static size_t repeats(struct mb_catalogue *cat, const char *id, const unsigned *keys, size_t n,
		      struct mb_catalogue_hit *hits, size_t max)
{
	struct mb_catalogue_maze *m = mazes(keys, n);
	struct mb_error err;
	size_t nhits = 999;

	mb_error_init(&err);
	ck_assert_msg(mb_catalogue_repeats(cat, id, m, n, hits, max, &nhits, &err) == MB_OK, "%s",
		      err.message);
	free(m);
	return nhits;
}

/* ---- the schema ---- */

static bool take_text(void *data, int ncols, const char *const *cols)
{
	snprintf(data, 16, "%s", ncols > 0 && cols[0] ? cols[0] : "(null)");
	return true;
}

START_TEST(migrate_makes_the_schema_once)
{
	struct mb_catalogue *cat = fresh();
	struct mb_error err;
	char version[16] = "";

	assert_size(cat, NULL, 0, 0);
	mb_error_init(&err);
	ck_assert_int_eq(mb_catalogue_migrate(cat, &err), MB_OK);	/* current: no change */
	ck_assert_int_eq(mb_catalogue_query(cat, "SELECT value FROM meta WHERE name = "
					    "'schema_version'", NULL, 0, take_text, version,
					    &err), MB_OK);
	ck_assert_str_eq(version, "1");
	ck_assert(!cat->in_transaction);
	mb_catalogue_free(cat);
}
END_TEST

START_TEST(a_catalogue_without_its_schema_is_an_error)
{
	struct mb_catalogue *cat = mb_catalogue_memory_new(WHERE);
	long long m, b;
	struct mb_error err;

	mb_error_init(&err);
	ck_assert_int_eq(mb_catalogue_size(cat, NULL, &m, &b, &err), MB_ERR_IO);
	ck_assert_str_eq(err.message, "the catalogue 'memory:test': no such table: books");
	mb_catalogue_free(cat);
}
END_TEST

START_TEST(a_newer_schema_is_refused_and_left_as_it_is)
{
	struct mb_catalogue *cat = fresh();
	const char *two[1] = { "2" };
	char version[16] = "";
	struct mb_error err;

	mb_error_init(&err);
	ck_assert_int_eq(cat->be->exec(cat->db, "DELETE FROM meta WHERE name = 'schema_version'",
				       NULL, 0, NULL, NULL, &err), MB_OK);
	ck_assert_int_eq(cat->be->exec(cat->db, "INSERT INTO meta (name, value) VALUES "
				       "('schema_version', $1)", two, 1, NULL, NULL, &err), MB_OK);
	ck_assert_int_eq(mb_catalogue_migrate(cat, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.message, "the catalogue 'memory:test' has schema version 2, made by "
			 "a newer mazebook (this one knows up to 1): left as it is; use that "
			 "mazebook, or another catalogue");
	ck_assert(!cat->in_transaction);
	mb_error_init(&err);
	mb_catalogue_query(cat, "SELECT value FROM meta WHERE name = 'schema_version'", NULL, 0,
			   take_text, version, &err);
	ck_assert_str_eq(version, "2");
	mb_catalogue_free(cat);
}
END_TEST

/* ---- repeats: another book's maze, never the book's own ---- */

START_TEST(a_recorded_book_is_counted)
{
	struct mb_catalogue *cat = fresh();
	const unsigned a[] = { 1, 2, 3 }, b[] = { 4, 5 };

	assert_recorded(cat, "book-a", a, 3);
	assert_recorded(cat, "book-b", b, 2);
	assert_size(cat, NULL, 5, 2);
	assert_size(cat, "book-a", 2, 1);	/* a book is not checked against itself */
	assert_size(cat, "no-such-book", 5, 2);
	mb_catalogue_free(cat);
}
END_TEST

START_TEST(a_maze_of_another_book_is_a_repeat)
{
	struct mb_catalogue *cat = fresh();
	const unsigned a[] = { 1, 2, 3 }, mine[] = { 9, 3, 8, 2 };
	struct mb_catalogue_hit hits[4];

	assert_recorded(cat, "book-a", a, 3);
	ck_assert_int_eq(repeats(cat, "book-b", mine, 4, hits, 4), 2);
	/* in the order of this book's numbers */
	ck_assert_int_eq(hits[0].number, 2);
	ck_assert_int_eq(hits[0].page, 4);
	ck_assert_int_eq(hits[0].other_number, 3);
	ck_assert_int_eq(hits[0].other_page, 5);
	ck_assert_int_eq(hits[1].number, 4);
	ck_assert_int_eq(hits[1].other_number, 2);
	ck_assert_str_eq(hits[0].book_id, "book-a");
	ck_assert_str_eq(hits[0].title, "A Title");
	ck_assert_str_eq(hits[0].output, "/books/out");
	ck_assert_str_eq(hits[0].place, "interior");
	ck_assert_str_eq(hits[0].other_place, "interior");
	ck_assert_str_eq(hits[1].key, "00000000000000000000000000000000"
			 "00000000000000000000000000000002");
	/* the book's own mazes are no repeat of it: its rebuild checks clean */
	ck_assert_int_eq(repeats(cat, "book-a", a, 3, hits, 4), 0);
	ck_assert_int_eq(repeats(cat, "book-b", (const unsigned[]){ 7, 8 }, 2, hits, 4), 0);
	mb_catalogue_free(cat);
}
END_TEST

/* Every repeat is counted past the room for them, and found past a look-up's first chunk. */
START_TEST(repeats_past_the_room_are_counted)
{
	struct mb_catalogue *cat = fresh();
	unsigned a[250], b[250];
	struct mb_catalogue_hit hits[8];

	for (unsigned i = 0; i < 250; i++) {
		a[i] = 5000 + i;
		b[i] = 9000 + i;
	}
	assert_recorded(cat, "big", a, 250);
	ck_assert_int_eq(repeats(cat, "other", a, 250, hits, 8), 250);
	for (int i = 1; i < 8; i++)
		ck_assert_int_lt(hits[i - 1].number, hits[i].number);
	b[249] = a[17];		/* one repeat, in the third chunk of 100 keys */
	ck_assert_int_eq(repeats(cat, "other", b, 250, hits, 8), 1);
	ck_assert_int_eq(hits[0].number, 250);
	ck_assert_int_eq(hits[0].other_number, 18);
	mb_catalogue_free(cat);
}
END_TEST

/* ---- recording ---- */

START_TEST(a_repeat_across_books_is_refused_whole)
{
	struct mb_catalogue *cat = fresh();
	const unsigned a[] = { 1, 2, 3 }, b[] = { 7, 8, 2 };
	struct mb_catalogue_hit hit;
	struct mb_error err;

	assert_recorded(cat, "book-a", a, 3);
	ck_assert_int_eq(record(cat, "book-b", b, 3, &hit, &err), MB_ERR_CHECK);
	/* the hit says whose maze it is */
	ck_assert_str_eq(hit.book_id, "book-a");
	ck_assert_int_eq(hit.number, 3);
	ck_assert_int_eq(hit.other_number, 2);
	ck_assert_int_eq(hit.other_page, 4);
	/* and nothing of book-b stayed: not its row, not its other mazes */
	assert_size(cat, NULL, 3, 1);
	ck_assert_int_eq(repeats(cat, "book-c", (const unsigned[]){ 7, 8 }, 2, &hit, 1), 0);
	mb_catalogue_free(cat);
}
END_TEST

START_TEST(the_same_book_rebuilt_is_allowed_and_replaced)
{
	struct mb_catalogue *cat = fresh();
	const unsigned first[] = { 1, 2, 3 }, again[] = { 1, 2, 4, 5 }, other[] = { 3 };
	struct mb_catalogue_hit hit;

	assert_recorded(cat, "book-a", first, 3);
	assert_recorded(cat, "book-a", first, 3);	/* the same build twice */
	assert_recorded(cat, "book-a", again, 4);	/* rebuilt with other mazes */
	assert_size(cat, NULL, 4, 1);
	/* the maze it no longer prints is free for another book */
	assert_recorded(cat, "book-b", other, 1);
	ck_assert_int_eq(repeats(cat, "book-c", again, 4, &hit, 1), 4);
	mb_catalogue_free(cat);
}
END_TEST

START_TEST(two_mazes_of_one_book_are_one_puzzle)
{
	struct mb_catalogue *cat = fresh();
	const unsigned keys[] = { 4, 5, 4 };
	struct mb_catalogue_hit hit;
	struct mb_error err;

	ck_assert_int_eq(record(cat, "book-a", keys, 3, &hit, &err), MB_ERR_CHECK);
	ck_assert_str_eq(err.message, "the catalogue 'memory:test' refused the book 'book-a': two "
			 "of its mazes are one puzzle (the catalogue 'memory:test': UNIQUE "
			 "constraint failed: mazes.key)");
	ck_assert_str_eq(hit.book_id, "");
	assert_size(cat, NULL, 0, 0);
	mb_catalogue_free(cat);
}
END_TEST

START_TEST(a_rolled_back_book_leaves_nothing)
{
	struct mb_catalogue *cat = fresh();
	const unsigned keys[] = { 1, 2 };
	struct mb_catalogue_maze *m = mazes(keys, 2);
	struct mb_catalogue_book b = book_named("book-a");
	struct mb_catalogue_hit hit;
	struct mb_error err;

	mb_error_init(&err);
	ck_assert_int_eq(mb_catalogue_record(cat, &b, m, 2, &hit, &err), MB_OK);
	ck_assert(cat->in_transaction);
	mb_catalogue_rollback(cat);	/* the files could not be put in place */
	ck_assert(!cat->in_transaction);
	assert_size(cat, NULL, 0, 0);
	mb_catalogue_rollback(cat);	/* twice is harmless */
	/* a book left open is rolled back by free; the next one starts clean */
	ck_assert_int_eq(mb_catalogue_record(cat, &b, m, 2, &hit, &err), MB_OK);
	mb_catalogue_free(cat);
	free(m);
}
END_TEST

/* A series' volumes are books of their own: no maze twice across them. */
START_TEST(series_volumes_are_books_of_their_own)
{
	struct mb_book_spec v1, v2;
	char id1[256], id2[256];
	struct mb_catalogue *cat = fresh();
	const unsigned vol1[] = { 1, 2 }, vol2[] = { 3, 2 }, vol2_fresh[] = { 3, 4 };
	struct mb_catalogue_hit hit;
	struct mb_error err;

	mb_spec_init(&v1);
	mb_spec_init(&v2);
	v1.title = xstrdup("Trails");
	v2.title = xstrdup("Trails");
	v1.seed = v2.seed = 7;
	v1.series.volumes = v2.series.volumes = 3;
	mb_spec_select_volume(&v1, 1);
	mb_spec_select_volume(&v2, 2);
	mb_spec_book_id(&v1, id1, sizeof(id1));
	mb_spec_book_id(&v2, id2, sizeof(id2));
	ck_assert_str_ne(id1, id2);
	assert_recorded(cat, id1, vol1, 2);
	ck_assert_int_eq(record(cat, id2, vol2, 2, &hit, &err), MB_ERR_CHECK);
	ck_assert_str_eq(hit.book_id, id1);
	assert_recorded(cat, id2, vol2_fresh, 2);
	assert_recorded(cat, id1, vol1, 2);	/* volume 1 built again */
	assert_size(cat, NULL, 4, 2);
	mb_spec_release(&v1);
	mb_spec_release(&v2);
	mb_catalogue_free(cat);
}
END_TEST

START_TEST(forget_removes_a_book_and_names_a_missing_one)
{
	struct mb_catalogue *cat = fresh();
	const unsigned a[] = { 1, 2, 3 }, b[] = { 4 };
	long long gone = -1;
	struct mb_error err;

	assert_recorded(cat, "book-a", a, 3);
	assert_recorded(cat, "book-b", b, 1);
	mb_error_init(&err);
	ck_assert_int_eq(mb_catalogue_forget(cat, "book-a", &gone, &err), MB_OK);
	ck_assert_int_eq(gone, 3);
	assert_size(cat, NULL, 1, 1);
	assert_recorded(cat, "book-c", a, 3);	/* its mazes may be printed again */
	ck_assert_int_eq(mb_catalogue_forget(cat, "book-a", &gone, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.message, "no book 'book-a' in the catalogue 'memory:test' (see "
			 "'mazebook catalogue list')");
	ck_assert_int_eq(gone, 0);
	mb_catalogue_free(cat);
}
END_TEST

/* ---- what the build hands the catalogue, and what it says ---- */

START_TEST(a_books_mazes_and_its_others)
{
	struct mb_book_spec spec;
	struct mb_book book;
	struct mb_book_maze bm[2];
	struct mb_catalogue_maze *out;
	int pages[2] = { 5, 7 };
	size_t n = 0;

	mb_spec_init(&spec);
	spec.level = &mb_levels[0];
	memset(&book, 0, sizeof(book));
	memset(bm, 0, sizeof(bm));
	for (int i = 0; i < 2; i++) {
		bm[i].number = i + 1;
		bm[i].gen = &mb_gen_kruskal;
		bm[i].seed = 40u + (unsigned)i;
		bm[i].maze = mb_maze_new(8 + i, 6, NULL);
		bm[i].slot = -1;
		snprintf(bm[i].key, sizeof(bm[i].key), "%064x", 70u + (unsigned)i);
	}
	book.count = 2;
	book.mazes = bm;
	book.extra_count = 1;
	book.extras[0] = (struct mb_book_extra){ "title-page", 1, "backtracker", 99,
						 mb_maze_new(9, 9, NULL), "" };
	snprintf(book.extras[0].key, sizeof(book.extras[0].key), "%064x", 80u);
	out = mb_catalogue_mazes_of(&spec, &book, pages, &n);
	ck_assert_uint_eq(n, 3);
	ck_assert_str_eq(out[1].place, "interior");
	ck_assert_int_eq(out[1].number, 2);
	ck_assert_int_eq(out[1].page, 7);
	ck_assert_int_eq(out[1].w, 9);
	ck_assert_str_eq(out[1].level, mb_levels[0].name);
	ck_assert_str_eq(out[1].generator, "kruskal");
	ck_assert_uint_eq(out[1].seed, 41);
	ck_assert_str_eq(out[2].place, "title-page");
	ck_assert_int_eq(out[2].number, 1);
	ck_assert_int_eq(out[2].page, 1);
	ck_assert_str_eq(out[2].key, book.extras[0].key);
	free(out);
	out = mb_catalogue_mazes_of(&spec, &book, NULL, &n);	/* no pages yet */
	ck_assert_int_eq(out[0].page, 0);
	free(out);
	for (int i = 0; i < 2; i++)
		mb_maze_free(bm[i].maze);
	mb_maze_free(book.extras[0].maze);
	spec.level = NULL;
	mb_spec_release(&spec);
}
END_TEST

START_TEST(the_repeat_message_names_both_mazes_printably)
{
	struct mb_catalogue_hit hit = { .number = 9, .page = 11, .place = "interior",
					.other_place = "title-page", .book_id = "old\x1b[2J",
					.title = "Old Book", .output = "/b/old", .other_page = 1 };
	char buf[1024];

	mb_catalogue_repeat_message(&hit, WHERE, buf, sizeof(buf));
	ck_assert_str_eq(buf, "maze 9 (page 11) was printed before, perhaps turned or mirrored: "
			 "it is the title page's maze (page 1) of 'Old Book' (book "
			 "'old\\x1b[2J', in '/b/old'); KDP refuses reused content: change the "
			 "spec's 'seed' to any other number, or make the books volumes of one "
			 "'series:' (the same book under another id? give it 'book_id: "
			 "old\\x1b[2J')");
	snprintf(hit.place, sizeof(hit.place), "cover-front");
	snprintf(hit.other_place, sizeof(hit.other_place), "cover-back");
	mb_catalogue_repeat_message(&hit, WHERE, buf, sizeof(buf));
	ck_assert_ptr_nonnull(strstr(buf, "the front cover's maze was printed before"));
	ck_assert_ptr_nonnull(strstr(buf, "it is the back cover's maze of"));
}
END_TEST

/* ---- a backend's failures pass through ---- */

static const struct mb_catalogue_backend *memory;
static const char *fail_on;	/* the statement that fails, by its start */

static enum mb_status failing_exec(struct mb_catalogue_db *db, const char *sql,
				   const char *const *params, int nparams,
				   mb_catalogue_row_fn *row, void *data, struct mb_error *err)
{
	if (fail_on && !strncmp(sql, fail_on, strlen(fail_on)))
		return mb_error_set(err, MB_ERR_IO, "the catalogue 'memory:test': disk I/O error");
	return memory->exec(db, sql, params, nparams, row, data, err);
}

static struct mb_catalogue_backend failing;

/* cat's backend, with the statements starting fail_on failing as a full disk would */
static void fail_statements(struct mb_catalogue *cat, const char *start)
{
	memory = cat->be;
	failing = *memory;
	failing.exec = failing_exec;
	cat->be = &failing;
	fail_on = start;
}

START_TEST(a_write_error_is_not_taken_for_a_repeat)
{
	struct mb_catalogue *cat = fresh();
	const unsigned a[] = { 1, 2 };
	struct mb_catalogue_hit hit;
	struct mb_error err;

	fail_statements(cat, "INSERT INTO mazes");
	ck_assert_int_eq(record(cat, "book-a", a, 2, &hit, &err), MB_ERR_IO);
	ck_assert_str_eq(err.message, "the catalogue 'memory:test': disk I/O error");
	ck_assert_str_eq(hit.book_id, "");
	fail_on = NULL;
	assert_size(cat, NULL, 0, 0);	/* the book's row went with the transaction */
	mb_catalogue_free(cat);
}
END_TEST

START_TEST(a_failed_commit_records_nothing)
{
	struct mb_catalogue *cat = fresh();
	const unsigned a[] = { 1, 2 };
	struct mb_catalogue_hit hit;
	struct mb_error err;

	fail_statements(cat, "COMMIT");
	ck_assert_int_eq(record(cat, "book-a", a, 2, &hit, &err), MB_ERR_IO);
	fail_on = NULL;
	assert_size(cat, NULL, 0, 0);
	mb_catalogue_free(cat);
}
END_TEST

START_TEST(a_failed_forget_keeps_the_book)
{
	struct mb_catalogue *cat = fresh();
	const unsigned a[] = { 1, 2 };
	long long gone;
	struct mb_error err;

	assert_recorded(cat, "book-a", a, 2);
	fail_statements(cat, "DELETE FROM books");
	mb_error_init(&err);
	ck_assert_int_eq(mb_catalogue_forget(cat, "book-a", &gone, &err), MB_ERR_IO);
	ck_assert(!cat->in_transaction);
	fail_on = NULL;
	assert_size(cat, NULL, 2, 1);	/* its mazes' delete was rolled back with it */
	mb_catalogue_free(cat);
}
END_TEST

/* ---- the in-memory backend keeps to its part ---- */

START_TEST(memory_backend_refuses_what_it_does_not_know)
{
	struct mb_catalogue *cat = fresh();
	struct mb_error err;

	mb_error_init(&err);
	ck_assert_int_eq(mb_catalogue_query(cat, "SELECT id, title FROM books ORDER BY id", NULL, 0,
					    NULL, NULL, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.message, "the in-memory catalogue 'memory:test' does not run the "
			 "statement 'SELECT id, title FROM books ORDER BY id'");
	mb_error_init(&err);
	ck_assert_int_eq(cat->be->begin(cat->db, &err), MB_OK);
	ck_assert_int_eq(cat->be->begin(cat->db, &err), MB_ERR_IO);
	ck_assert_ptr_nonnull(strstr(err.message, "within a transaction"));
	mb_error_init(&err);
	ck_assert_int_eq(cat->be->exec(cat->db, "COMMIT", NULL, 0, NULL, NULL, &err), MB_OK);
	ck_assert_int_eq(cat->be->exec(cat->db, "COMMIT", NULL, 0, NULL, NULL, &err), MB_ERR_IO);
	ck_assert_ptr_nonnull(strstr(err.message, "no transaction is active"));
	mb_catalogue_free(cat);
}
END_TEST

START_TEST(memory_backend_keeps_not_null)
{
	struct mb_catalogue *cat = fresh();
	struct mb_catalogue_book b = book_named("book-a");
	struct mb_catalogue_hit hit;
	struct mb_error err;

	b.title = NULL;
	mb_error_init(&err);
	ck_assert_int_eq(mb_catalogue_record(cat, &b, NULL, 0, &hit, &err), MB_ERR_IO);
	ck_assert_str_eq(err.message, "the catalogue 'memory:test': NOT NULL constraint failed: "
			 "books.title");
	mb_catalogue_free(cat);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("catalogue");
	TCase *schema = tcase_create("schema");
	TCase *logic = tcase_create("logic");
	TCase *failures = tcase_create("failures");

	tcase_add_test(schema, migrate_makes_the_schema_once);
	tcase_add_test(schema, a_catalogue_without_its_schema_is_an_error);
	tcase_add_test(schema, a_newer_schema_is_refused_and_left_as_it_is);
	suite_add_tcase(s, schema);
	tcase_add_test(logic, a_recorded_book_is_counted);
	tcase_add_test(logic, a_maze_of_another_book_is_a_repeat);
	tcase_add_test(logic, repeats_past_the_room_are_counted);
	tcase_add_test(logic, a_repeat_across_books_is_refused_whole);
	tcase_add_test(logic, the_same_book_rebuilt_is_allowed_and_replaced);
	tcase_add_test(logic, two_mazes_of_one_book_are_one_puzzle);
	tcase_add_test(logic, a_rolled_back_book_leaves_nothing);
	tcase_add_test(logic, series_volumes_are_books_of_their_own);
	tcase_add_test(logic, forget_removes_a_book_and_names_a_missing_one);
	tcase_add_test(logic, a_books_mazes_and_its_others);
	tcase_add_test(logic, the_repeat_message_names_both_mazes_printably);
	suite_add_tcase(s, logic);
	tcase_add_test(failures, a_write_error_is_not_taken_for_a_repeat);
	tcase_add_test(failures, a_failed_commit_records_nothing);
	tcase_add_test(failures, a_failed_forget_keeps_the_book);
	tcase_add_test(failures, memory_backend_refuses_what_it_does_not_know);
	tcase_add_test(failures, memory_backend_keeps_not_null);
	suite_add_tcase(s, failures);
	return s;
}
