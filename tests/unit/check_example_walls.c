/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Existing books keep their mazes: for every example spec, every maze the
 * book chooses (generator, seed, size, walls as the text form prints them)
 * matches tests/data/example-walls.txt, which was written by this program
 * from main before the grid became a graph of cells (issue 13). Run with
 * MB_WRITE_EXAMPLE_WALLS=FILE to write the table instead of checking it.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/sha256.h"
#include "mazebook/book/book.h"
#include "mazebook/book/spec.h"
#include "mazebook/gen/generator.h"
#include "mazebook/maze/format.h"

#include "check_main.h"

static const char *const examples[] = {
	"bleed-6x9-cream", "easy", "editions-6x9", "expert",
	"hard", "labyrinthe-de", "medium", "premium-colour",
};

/* one line per maze: spec number generator seed WxH sha256(text form) */
static void book_lines(const char *name, FILE *out)
{
	char path[4096];
	struct mb_book_spec spec;
	struct mb_book book;
	struct mb_error err;

	snprintf(path, sizeof(path), "%s/examples/%s.yaml", MB_SRCDIR, name);
	mb_error_init(&err);
	ck_assert_msg(mb_spec_load(path, &spec, &err) == MB_OK, "%s: %s", path, err.message);
	ck_assert_msg(mb_book_make(&spec, &book, NULL, NULL, &err) == MB_OK, "%s: %s", path,
		      err.message);
	for (size_t i = 0; i < book.count; i++) {
		const struct mb_book_maze *bm = &book.mazes[i];
		char *text = mb_format_text(bm->maze, NULL);
		char hex[MB_SHA256_HEX_SIZE];

		mb_sha256_hex(text, strlen(text), hex);
		fprintf(out, "%s %d %s %llu %dx%d %s\n", name, bm->number, bm->gen->name,
			(unsigned long long)bm->seed, bm->maze->w, bm->maze->h, hex);
		free(text);
	}
	mb_book_release(&book);
	mb_spec_release(&spec);
}

/* every generator, every start it takes, on a few sizes and seeds */
static void generator_lines(FILE *out)
{
	static const int sizes[][2] = { { 1, 1 }, { 1, 7 }, { 7, 1 }, { 5, 4 }, { 16, 20 }, { 41, 33 } };
	static const enum mb_start starts[] = { MB_START_DEFAULT, MB_START_ENTRANCE,
						MB_START_RANDOM, MB_START_CENTRE };

	for (size_t g = 0; g < mb_generator_count; g++) {
		const struct mb_generator *gen = mb_generators[g];

		for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
			struct mb_maze *m = mb_maze_new(sizes[s][0], sizes[s][1], NULL);

			for (size_t st = 0; st < 4; st++) {
				struct mb_gen_options opt;

				if (st > 0 && !mb_generator_has_start(gen))
					break;
				mb_gen_options_init(&opt);
				opt.start = starts[st];
				for (uint64_t seed = 1; seed <= 3; seed++) {
					char *text, hex[MB_SHA256_HEX_SIZE];

					mb_generate(gen, m, seed * 0x9e3779b97f4a7c15ULL, &opt);
					text = mb_format_text(m, NULL);
					mb_sha256_hex(text, strlen(text), hex);
					fprintf(out, "generator %s start %zu seed %llu %dx%d %s\n",
						gen->name, st, (unsigned long long)seed, m->w, m->h, hex);
					free(text);
				}
			}
			mb_maze_free(m);
		}
	}
}

static char *slurp(FILE *f)
{
	size_t cap = 1 << 16, len = 0, n;
	char *buf = malloc(cap);

	ck_assert_ptr_nonnull(buf);
	while ((n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
		len += n;
		if (cap - len < 2) {
			cap *= 2;
			buf = realloc(buf, cap);
			ck_assert_ptr_nonnull(buf);
		}
	}
	buf[len] = '\0';
	return buf;
}

START_TEST(example_books_keep_their_walls)
{
	const char *write = getenv("MB_WRITE_EXAMPLE_WALLS");
	char path[4096];
	FILE *mine = tmpfile(), *ref;
	char *got, *want;

	ck_assert_ptr_nonnull(mine);
	for (size_t i = 0; i < sizeof(examples) / sizeof(examples[0]); i++)
		book_lines(examples[i], mine);
	generator_lines(mine);
	rewind(mine);
	got = slurp(mine);
	fclose(mine);
	if (write && *write) {
		FILE *f = fopen(write, "w");

		ck_assert_ptr_nonnull(f);
		fputs(got, f);
		ck_assert_int_eq(fclose(f), 0);
		free(got);
		return;
	}
	snprintf(path, sizeof(path), "%s/tests/data/example-walls.txt", MB_SRCDIR);
	ref = fopen(path, "r");
	ck_assert_msg(ref != NULL, "cannot read '%s'", path);
	want = slurp(ref);
	fclose(ref);
	ck_assert(strlen(want) > 1000);	/* the table is not empty */
	/* line by line, so that a failure names the first maze that changed */
	for (char *g = got, *w = want; *g || *w;) {
		char *ge = strchr(g, '\n'), *we = strchr(w, '\n');

		ck_assert_msg(ge && we, "the tables differ in length near '%.60s' / '%.60s'", g, w);
		*ge = *we = '\0';
		ck_assert_msg(!strcmp(g, w), "maze changed: got '%s', reference '%s'", g, w);
		g = ge + 1;
		w = we + 1;
	}
	free(got);
	free(want);
}
END_TEST

/* the comparison can fail: a changed wall changes the line */
START_TEST(a_changed_wall_changes_the_hash)
{
	struct mb_maze *m = mb_maze_new(5, 4, NULL);
	char *a, *b;

	mb_generate(&mb_gen_backtracker, m, 7, NULL);
	a = mb_format_text(m, NULL);
	mb_maze_set_open(m, 0, 0, MB_EAST, !mb_maze_is_open(m, 0, 0, MB_EAST));
	b = mb_format_text(m, NULL);
	ck_assert_str_ne(a, b);
	free(a);
	free(b);
	mb_maze_free(m);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("example_walls");
	TCase *tc = tcase_create("examples");

	tcase_add_test(tc, example_books_keep_their_walls);
	tcase_add_test(tc, a_changed_wall_changes_the_hash);
	suite_add_tcase(s, tc);
	return s;
}
