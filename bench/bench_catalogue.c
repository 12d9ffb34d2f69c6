/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * `make bench-catalogue`: the catalogue's cost for one book. Makes an
 * SQLite catalogue of 1,000,000 mazes (1,000 books of 1,000; keys are
 * SHA-256 of a counter, as random as real keys), then times what a build
 * of a new 100-maze book does against it: the look-up of its 100 keys, and
 * the transaction that records them (its rows inserted, committed).
 * Figures, never limits.
 *   bench/bench_catalogue [FILE [MAZES]]   (default: a temporary file, 1000000)
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "mazebook/base/sha256.h"
#include "mazebook/book/catalogue.h"

#define PER_BOOK 1000
#define BOOK 100
#define RUNS 7

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void fake_maze(struct mb_catalogue_maze *m, uint64_t n, int number)
{
	char text[32];

	snprintf(text, sizeof(text), "maze %" PRIu64, n);
	mb_sha256_hex(text, strlen(text), m->key);
	m->place = "interior";
	m->number = number;
	m->page = number + 2;
	m->w = 16;
	m->h = 20;
	m->level = "medium";
	m->generator = "backtracker";
	m->seed = n;
}

struct row {
	char key[MB_CANON_KEY_SIZE];
	long book;
	int number;
};

static int by_key(const void *a, const void *b)
{
	return strcmp(((const struct row *)a)->key, ((const struct row *)b)->key);
}

static void check(enum mb_status st, const struct mb_error *err);

/*
 * Books from..to-1 of PER_BOOK mazes, written in one transaction in the
 * order of their keys (a B-tree fills fastest in order; a real catalogue
 * grows a book at a time, which the timed part below does).
 */
static void make_catalogue(struct mb_catalogue *cat, long from, long to)
{
	size_t n = (size_t)(to - from) * PER_BOOK, k = 0;
	struct row *rows = calloc(n, sizeof(*rows));
	static char text[100][4][24];
	const char *params[100 * 6];
	char sql[100 * 128 + 256];
	struct mb_error err;

	mb_error_init(&err);
	for (long b = from; b < to; b++)
		for (int i = 0; i < PER_BOOK; i++, k++) {
			char t[32];

			snprintf(t, sizeof(t), "maze %ld", b * PER_BOOK + i);
			mb_sha256_hex(t, strlen(t), rows[k].key);
			rows[k].book = b;
			rows[k].number = i + 1;
		}
	qsort(rows, n, sizeof(*rows), by_key);
	check(cat->be->begin(cat->db, &err), &err);
	for (long b = from; b < to; b++) {
		char id[32];
		const char *p[1] = { id };

		snprintf(id, sizeof(id), "bench-%ld", b);
		check(mb_catalogue_query(cat, "INSERT INTO books (id, title, spec_sha256, output, "
					 "built_at, status, mazes) VALUES ($1, 'Bench', '0', '/nowhere', "
					 "'2026-01-01T00:00:00Z', 'built', 1000)", p, 1, NULL, NULL, &err),
		      &err);
	}
	for (size_t at = 0; at < n; at += 100) {
		size_t used = (size_t)sprintf(sql, "INSERT INTO mazes (key, book_id, place, number, "
					      "page, grid, level, generator, seed) VALUES ");
		int np = 0;

		for (size_t i = 0; i < 100 && at + i < n; i++) {
			const struct row *r = &rows[at + i];

			snprintf(text[i][0], 24, "bench-%ld", r->book);
			snprintf(text[i][1], 24, "%d", r->number);
			snprintf(text[i][2], 24, "%d", r->number + 2);
			snprintf(text[i][3], 24, "%ld", r->book * PER_BOOK + r->number);
			used += (size_t)sprintf(sql + used, "%s($%d, $%d, 'interior', $%d, $%d, 'rect 16x20', "
						"'medium', 'backtracker', $%d)", i ? ", " : "", np + 1,
						np + 2, np + 3, np + 4, np + 5);
			params[np++] = r->key;
			params[np++] = text[i][0];
			params[np++] = text[i][1];
			params[np++] = text[i][2];
			params[np++] = text[i][3];
		}
		check(mb_catalogue_query(cat, sql, params, np, NULL, NULL, &err), &err);
	}
	check(mb_catalogue_query(cat, "COMMIT", NULL, 0, NULL, NULL, &err), &err);
	free(rows);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void die(const struct mb_error *err)
{
	fprintf(stderr, "bench_catalogue: %s\n", err->message);
	exit(1);
}

static void check(enum mb_status st, const struct mb_error *err)
{
	if (st)
		die(err);
}

int main(int argc, char **argv)
{
	char tmpl[] = "/tmp/mazebook-bench-catalogue-XXXXXX";
	const char *path = argc > 1 ? argv[1] : NULL;
	long total = argc > 2 ? atol(argv[2]) : 1000000;
	struct mb_catalogue_maze *mazes = calloc(PER_BOOK, sizeof(*mazes));
	struct mb_catalogue_hit hits[4], hit;
	struct mb_catalogue *cat;
	struct mb_error err;
	double look[RUNS], rec[RUNS], t0, made_s;
	char made_path[64];
	uint64_t n = 0;
	long long have = 0, books = 0;
	size_t nhits;

	mb_error_init(&err);
	if (!path) {
		int fd = mkstemp(tmpl);

		if (fd < 0)
			return perror("mkstemp"), 1;
		close(fd);
		unlink(tmpl);
		snprintf(made_path, sizeof(made_path), "%s", tmpl);
		path = made_path;
	}
	if (mb_catalogue_open(path, true, &cat, &err))
		die(&err);
	if (mb_catalogue_size(cat, NULL, &have, &books, &err))
		die(&err);
	t0 = now_s();
	if (have < total)
		make_catalogue(cat, have / PER_BOOK, total / PER_BOOK);
	made_s = now_s() - t0;
	if (mb_catalogue_size(cat, NULL, &have, &books, &err))
		die(&err);
	printf("catalogue: %lld mazes in %lld books (%s; made in %.1f s)\n", have, books, path, made_s);
	for (int r = 0; r < RUNS; r++) {
		char new_id[32];
		struct mb_catalogue_book book = { new_id, "New", "0", "/nowhere",
						  "2026-01-01T00:00:00Z", "built" };

		/* a new book each run, as a build of the next book is */
		snprintf(new_id, sizeof(new_id), "new-book-%d-%d", (int)getpid(), r);

		for (int i = 0; i < BOOK; i++)
			fake_maze(&mazes[i], (uint64_t)getpid() << 32 | UINT64_C(1) << 62 | (uint64_t)(r * BOOK + i), i + 1);
		n += BOOK;
		t0 = now_s();
		if (mb_catalogue_repeats(cat, book.id, mazes, BOOK, hits, 4, &nhits, &err))
			die(&err);
		look[r] = now_s() - t0;
		if (nhits)
			fprintf(stderr, "bench_catalogue: unexpected repeat\n"), exit(1);
		t0 = now_s();
		if (mb_catalogue_record(cat, &book, mazes, BOOK, &hit, &err) ||
		    mb_catalogue_commit(cat, &err))
			die(&err);
		rec[r] = now_s() - t0;
	}
	qsort(look, RUNS, sizeof(double), cmp_double);
	qsort(rec, RUNS, sizeof(double), cmp_double);
	printf("a new %d-maze book, median of %d: look-up %.2f ms, record (one "
	       "transaction) %.2f ms, together %.2f ms\n", BOOK, RUNS, look[RUNS / 2] * 1e3,
	       rec[RUNS / 2] * 1e3, (look[RUNS / 2] + rec[RUNS / 2]) * 1e3);
	mb_catalogue_free(cat);
	free(mazes);
	if (path == made_path) {
		char side[80];

		unlink(path);
		snprintf(side, sizeof(side), "%s-wal", path);
		unlink(side);
		snprintf(side, sizeof(side), "%s-shm", path);
		unlink(side);
	}
	return 0;
}
