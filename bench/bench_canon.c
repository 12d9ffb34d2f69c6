/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Benchmark of the canonical key (a program for `make bench-canon`, never
 * a test): milliseconds per key of a maze at each level's size on every
 * grid kind, the first key of a grid (which works out its symmetries)
 * apart from the rest (which reuse them, as a book's mazes of one grid
 * do). CPU time of the process, as bench_generators measures.
 */
#include "config.h"

#include <stdio.h>
#include <time.h>

#include "mazebook/book/level.h"
#include "mazebook/gen/generator.h"
#include "mazebook/maze/canon.h"
#include "mazebook/maze/maze.h"

#define KEYS 50

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void row(const struct mb_level *level, enum mb_grid_kind kind, enum mb_grid_outline outline)
{
	struct mb_grid *g = mb_level_grid_new(level, kind, outline, NULL);
	struct mb_maze *m = mb_maze_new_on(g);
	char key[MB_CANON_KEY_SIZE], desc[64];
	double t0, first, rest;

	mb_grid_describe(g, desc, sizeof(desc));
	mb_generate(&mb_gen_wilson, m, 1, NULL);
	t0 = now_s();
	mb_canon_key_maze(m, key);
	first = now_s() - t0;
	t0 = now_s();
	for (int i = 0; i < KEYS; i++) {
		mb_generate(&mb_gen_wilson, m, 2 + (uint64_t)i, NULL);
		mb_canon_key_maze(m, key);
	}
	rest = now_s() - t0;
	/* the generation is timed with the keys: take it out */
	t0 = now_s();
	for (int i = 0; i < KEYS; i++)
		mb_generate(&mb_gen_wilson, m, 2 + (uint64_t)i, NULL);
	rest -= now_s() - t0;
	printf("%-7s %-22s %5d cells  first key %7.2f ms  then %6.3f ms a key\n", level->name,
	       desc, g->cells, first * 1e3, rest / KEYS * 1e3);
	mb_maze_free(m);
	mb_grid_free(g);
}

int main(void)
{
	for (size_t l = 0; l < mb_level_count; l++) {
		const struct mb_level *level = &mb_levels[l];

		row(level, MB_GRID_RECT, MB_OUTLINE_RECTANGLE);
		row(level, MB_GRID_POLAR, MB_OUTLINE_RECTANGLE);
		row(level, MB_GRID_HEX, MB_OUTLINE_RECTANGLE);
		row(level, MB_GRID_HEX, MB_OUTLINE_HEXAGON);
		row(level, MB_GRID_DELTA, MB_OUTLINE_RECTANGLE);
		row(level, MB_GRID_DELTA, MB_OUTLINE_TRIANGLE);
	}
	return 0;
}
