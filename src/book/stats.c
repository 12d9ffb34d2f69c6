/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* Summary statistics; see include/mazebook/book/stats.h for the percentile definition. */
#include "config.h"
#include "mazebook/book/stats.h"

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/error.h"
#include "mazebook/base/xalloc.h"
#include "mazebook/maze/measure.h"

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

void mb_stats_measure(const struct mb_stats_sample *sample, mb_stats_clock_fn *clock,
		      struct mb_stats_result *out)
{
	uint64_t count = sample->count;
	struct mb_maze *m = sample->grid ? mb_maze_new_on(sample->grid)
					 : mb_maze_new(sample->w, sample->h, NULL);
	struct mb_measures ms;

	if (!m || count == 0 || count > SIZE_MAX / sizeof(double))
		BUG("stats sample of %" PRIu64 " mazes of %dx%d", count, sample->w, sample->h);
	if (!mb_generator_supports(sample->gen, m->grid->kind))
		BUG("%s does not carve %s grids", sample->gen->name, mb_grid_kind_name(m->grid->kind));
	memset(out, 0, sizeof(*out));
	out->dead_end_values = xmallocarray((size_t)count, sizeof(double));
	out->route_ratio_values = xmallocarray((size_t)count, sizeof(double));
	out->fork_values = xmallocarray((size_t)count, sizeof(double));
	out->route_values = xmallocarray((size_t)count, sizeof(double));
	for (uint64_t k = 0; k < count; k++) {
		double t0 = clock ? clock() : 0;

		mb_generate(sample->gen, m, sample->seed + k, sample->opt);
		if (clock)
			out->generate_s += clock() - t0;
		mb_maze_measure(m, &ms);
		out->dead_end_values[k] = ms.dead_end_share;
		out->route_ratio_values[k] = ms.route_ratio;
		out->fork_values[k] = ms.forks;
		out->route_values[k] = ms.route;
		if (sample->filter && mb_filter_pass(sample->filter, &ms))
			out->passed++;
	}
	mb_stats_summarize(out->dead_end_values, (size_t)count, &out->dead_end_share);
	mb_stats_summarize(out->route_ratio_values, (size_t)count, &out->route_ratio);
	mb_stats_summarize(out->fork_values, (size_t)count, &out->forks);
	mb_stats_summarize(out->route_values, (size_t)count, &out->route);
	mb_maze_free(m);
}

void mb_stats_result_release(struct mb_stats_result *r)
{
	free(r->dead_end_values);
	free(r->route_ratio_values);
	free(r->fork_values);
	free(r->route_values);
	memset(r, 0, sizeof(*r));
}
