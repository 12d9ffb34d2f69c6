/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Summary statistics of a sample, and the sample `mazebook stats` takes
 * per algorithm: consecutive seeds of one generator at one size, with
 * their measures summarised. Percentiles interpolate linearly between the
 * closest ranks: the p-th percentile of n sorted values v[0..n) is
 * v[i] + f * (v[i+1] - v[i]) with i + f = p * (n - 1), the definition R
 * calls type 7 and NumPy uses by default; so the median of an even count
 * is the mean of the middle two.
 */
#ifndef MAZEBOOK_STATS_H
#define MAZEBOOK_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "mazebook/book/level.h"
#include "mazebook/gen/generator.h"

struct mb_summary {
	size_t count;
	double min, p10, median, p90, max, mean;
};

/*
 * The p-th percentile (p from 0 to 1) of n values sorted in ascending
 * order; n must be at least 1 and p inside [0, 1] (BUG() otherwise).
 */
double mb_stats_percentile(const double *sorted, size_t n, double p);

/*
 * Summarise n values; sorts values in place. With n == 0 every field but
 * count is NaN.
 */
void mb_stats_summarize(double *values, size_t n, struct mb_summary *out);

/*
 * What to measure: count mazes of w x h from gen, maze k with seed + k;
 * on grid instead when one is given (a shape's mask or a graph grid: gen
 * must carve its kind, BUG() otherwise).
 */
struct mb_stats_sample {
	const struct mb_generator *gen;
	int w, h;			/* 1 .. 200 each */
	uint64_t seed, count;		/* count at least 1; seeds wrap at 2^64 */
	const struct mb_gen_options *opt;	/* NULL: the defaults (and default start) */
	const struct mb_filter *filter;	/* NULL: count no passes */
	/* a grid to carve (a shape's mask, a polar, hex or delta grid) instead of w x h; or NULL */
	struct mb_grid *grid;
};

struct mb_stats_result {
	struct mb_summary dead_end_share, route_ratio, forks, route;
	/* each measure of every maze, ascending; count entries, owned */
	double *dead_end_values, *route_ratio_values, *fork_values, *route_values;
	uint64_t passed;		/* mazes that pass the filter (0 without one) */
	double generate_s;		/* seconds generating, by the clock given; 0 without */
};

/* A clock in seconds, for timing the generation; the core has none of its own. */
typedef double mb_stats_clock_fn(void);

/*
 * Generate and measure the sample into out (mb_stats_result_release frees
 * it). Every number but generate_s is a function of the sample alone.
 * clock may be NULL; when given, only mb_generate is timed, not measuring.
 */
void mb_stats_measure(const struct mb_stats_sample *sample, mb_stats_clock_fn *clock,
		      struct mb_stats_result *out);

void mb_stats_result_release(struct mb_stats_result *r);

#endif
