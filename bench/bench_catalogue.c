/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * `make bench-catalogue`: the catalogue's cost for one book. Makes an
 * SQLite catalogue of 1,000,000 mazes (1,000 books of 1,000; keys are
 * SHA-256 of a counter, as random as real keys), then times what a build
 * of a 100-maze book does against it: the look-up of its 100 keys, and the
 * transaction that records them (delete its old rows, insert, commit).
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

#include "mazebook/catalogue.h"
#include "mazebook/sha256.h"

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
	char id[32], made_path[64];
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
	for (long b = have / PER_BOOK; b * PER_BOOK < total; b++) {
		struct mb_catalogue_book book = { id, "Bench", "0", "/nowhere", "2026-01-01T00:00:00Z",
						  "built" };

		snprintf(id, sizeof(id), "bench-%ld", b);
		for (int i = 0; i < PER_BOOK; i++)
			fake_maze(&mazes[i], (uint64_t)(b * PER_BOOK + i), i + 1);
		if (mb_catalogue_record(cat, &book, mazes, PER_BOOK, &hit, &err) ||
		    mb_catalogue_commit(cat, &err))
			die(&err);
	}
	made_s = now_s() - t0;
	if (mb_catalogue_size(cat, NULL, &have, &books, &err))
		die(&err);
	printf("catalogue: %lld mazes in %lld books (%s; made in %.1f s)\n", have, books, path, made_s);
	for (int r = 0; r < RUNS; r++) {
		struct mb_catalogue_book book = { "the-new-book", "New", "0", "/nowhere",
						  "2026-01-01T00:00:00Z", "built" };

		for (int i = 0; i < BOOK; i++)
			fake_maze(&mazes[i], UINT64_C(1) << 40 | (uint64_t)(r * BOOK + i), i + 1);
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
	printf("a %d-maze book, median of %d: look-up %.2f ms, record (one transaction, "
	       "synced) %.2f ms, together %.2f ms\n", BOOK, RUNS, look[RUNS / 2] * 1e3,
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
