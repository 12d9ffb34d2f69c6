/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Summary statistics of a sample (what `mazebook stats` prints per
 * algorithm and measure). Percentiles interpolate linearly between the
 * closest ranks: the p-th percentile of n sorted values v[0..n) is
 * v[i] + f * (v[i+1] - v[i]) with i + f = p * (n - 1), the definition R
 * calls type 7 and NumPy uses by default; so the median of an even count
 * is the mean of the middle two.
 */
#ifndef MAZEBOOK_STATS_H
#define MAZEBOOK_STATS_H

#include <stddef.h>

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

#endif
