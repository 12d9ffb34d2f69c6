/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Benchmark of the maze generators (a program for `make bench`, never a
 * test): for each generator, squares per second at 32x40 and at 200x200,
 * each row timed over enough mazes to last about 0.4 s (the count is
 * calibrated by doubling), then the process's peak memory. Time is the
 * process's CPU time, not the wall clock, so that other jobs on a shared
 * machine disturb the numbers less (the program is single-threaded, so on
 * an idle machine the two agree). The clock is read here only; the core
 * never reads it. Then each generator that carves shapes on a masked grid
 * of the expert level's 1280 squares (the built-in heart, on a 43x42
 * lattice) against the 32x40 rectangle: squares per second and the ratio.
 * Last, each generator that carves graph grids on the polar grid whose
 * cell count is nearest the expert level's 1280, against the square of
 * about as many cells (side the rounded square root): cells per second and
 * the ratio (square over polar; the target is 3 or less).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

#include "mazebook/gen/generator.h"
#include "mazebook/maze/grid.h"
#include "mazebook/maze/maze.h"
#include "mazebook/maze/shape.h"

#define ROW_SECONDS 0.4

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Seconds taken to generate reps mazes into m. */
static double run(const struct mb_generator *gen, struct mb_maze *m, long reps, uint64_t *seed)
{
	double t0 = now_s();

	for (long r = 0; r < reps; r++)
		mb_generate(gen, m, (*seed)++, NULL);
	return now_s() - t0;
}

/* Squares per second for gen on m's cells. */
static double squares_per_s_in(const struct mb_generator *gen, struct mb_maze *m)
{
	uint64_t seed = 1;
	long reps = 1;
	double t;

	while ((t = run(gen, m, reps, &seed)) < ROW_SECONDS / 10)
		reps *= 2;
	reps = (long)((double)reps * ROW_SECONDS / t) + 1;
	t = run(gen, m, reps, &seed);
	return (double)reps * mb_maze_cells(m) / t;
}

/* Squares per second for gen at w x h. */
static double squares_per_s(const struct mb_generator *gen, int w, int h)
{
	struct mb_maze *m = mb_maze_new(w, h, NULL);
	uint64_t seed = 1;
	long reps = 1;
	double t;

	/* calibrate: double the count until a run takes a tenth of the row */
	while ((t = run(gen, m, reps, &seed)) < ROW_SECONDS / 10)
		reps *= 2;
	reps = (long)((double)reps * ROW_SECONDS / t) + 1;
	t = run(gen, m, reps, &seed);
	mb_maze_free(m);
	return (double)reps * w * h / t;
}

/* The polar grid whose cell count is nearest cells (the fewer rings on a tie). */
static struct mb_grid *polar_near(int cells)
{
	struct mb_grid *best = NULL;

	for (int r = 1; r <= MB_POLAR_MAX_RINGS; r++) {
		struct mb_grid *g = mb_grid_new_polar(r, NULL);

		if (!best || abs(g->cells - cells) < abs(best->cells - cells)) {
			mb_grid_free(best);
			best = g;
		} else {
			mb_grid_free(g);
		}
	}
	return best;
}

/* Each graph-grid generator on a polar grid of about 1280 cells against the square. */
static void bench_polar(void)
{
	struct mb_grid *g = polar_near(32 * 40);
	int side = (int)lround(sqrt((double)g->cells));
	struct mb_maze *polar = mb_maze_new_on(g), *square = mb_maze_new(side, side, NULL);

	printf("\npolar: %d rings, %d cells, against the %dx%d square (%d cells)\n",
	       g->lat->rings, g->cells, side, side, side * side);
	printf("%-20s %16s %16s %8s\n", "generator", "square", "polar", "ratio");
	for (size_t i = 0; i < mb_generator_count; i++) {
		const struct mb_generator *gen = mb_generators[i];
		double r, k;

		if (!mb_generator_supports(gen, MB_GRID_POLAR))
			continue;
		r = squares_per_s_in(gen, square);
		k = squares_per_s_in(gen, polar);
		printf("polar %-14s %16.0f %16.0f %8.2f\n", gen->name, r, k, r / k);
		fflush(stdout);
	}
	mb_maze_free(square);
	mb_maze_free(polar);
	mb_grid_free(g);
}

int main(void)
{
	struct rusage ru;

	printf("squares generated per second of CPU time\n");
	printf("%-20s %16s %16s\n", "generator", "32x40", "200x200");
	for (size_t i = 0; i < mb_generator_count; i++) {
		const struct mb_generator *gen = mb_generators[i];
		double small = squares_per_s(gen, 32, 40);
		double big = squares_per_s(gen, 200, 200);

		printf("%-20s %16.0f %16.0f\n", gen->name, small, big);
		fflush(stdout);
	}
	{
		struct mb_shape *s = mb_shape_builtin("heart", NULL);
		struct mb_grid *g = mb_shape_grid(s, 32 * 40, 1024, NULL);
		struct mb_maze *masked = mb_maze_new_on(g), *rect = mb_maze_new(32, 40, NULL);

		printf("\nmasked: the heart, %d squares on %dx%d, against the 32x40 rectangle\n",
		       g->cells, g->w, g->h);
		printf("%-20s %16s %16s %8s\n", "generator", "rectangle", "masked", "ratio");
		for (size_t i = 0; i < mb_generator_count; i++) {
			const struct mb_generator *gen = mb_generators[i];
			double r, k;

			if (!mb_generator_supports(gen, MB_GRID_MASK))
				continue;
			r = squares_per_s_in(gen, rect);
			k = squares_per_s_in(gen, masked);
			printf("masked %-13s %16.0f %16.0f %8.2f\n", gen->name, r, k, r / k);
			fflush(stdout);
		}
		mb_maze_free(rect);
		mb_maze_free(masked);
		mb_grid_free(g);
		mb_shape_free(s);
	}
	bench_polar();
	getrusage(RUSAGE_SELF, &ru);
	printf("peak memory (ru_maxrss): %ld KiB\n", ru.ru_maxrss);
	return 0;
}
