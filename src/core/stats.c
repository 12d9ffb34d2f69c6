/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* Summary statistics; see include/mazebook/stats.h for the percentile definition. */
#include "config.h"
#include "mazebook/stats.h"

#include <math.h>
#include <stdlib.h>

#include "mazebook/error.h"

double mb_stats_percentile(const double *sorted, size_t n, double p)
{
	double rank, frac;
	size_t i;

	if (n == 0 || !(p >= 0.0 && p <= 1.0))
		BUG("percentile %g of %zu values", p, n);
	rank = p * (double)(n - 1);
	i = (size_t)rank;
	if (i >= n - 1)
		return sorted[n - 1];
	frac = rank - (double)i;
	return sorted[i] + frac * (sorted[i + 1] - sorted[i]);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void mb_stats_summarize(double *values, size_t n, struct mb_summary *out)
{
	double sum = 0.0;

	out->count = n;
	if (n == 0) {
		out->min = out->p10 = out->median = out->p90 = out->max = out->mean = NAN;
		return;
	}
	qsort(values, n, sizeof(*values), cmp_double);
	for (size_t i = 0; i < n; i++)
		sum += values[i];
	out->min = values[0];
	out->max = values[n - 1];
	out->p10 = mb_stats_percentile(values, n, 0.10);
	out->median = mb_stats_percentile(values, n, 0.50);
	out->p90 = mb_stats_percentile(values, n, 0.90);
	out->mean = sum / (double)n;
}
