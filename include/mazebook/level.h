/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Difficulty levels: the grid size and the filter a maze must pass. The
 * numbers are data in specs/levels.def, not constants in the code.
 */
#ifndef MAZEBOOK_LEVEL_H
#define MAZEBOOK_LEVEL_H

#include <stdbool.h>
#include <stddef.h>

#include "mazebook/error.h"
#include "mazebook/measure.h"

struct mb_level {
	const char *name;
	int w, h;
	double min_route_ratio;
	int min_forks;
	const char *algorithms;	/* what "algorithm: auto" uses, comma-separated */
	int min_shape_squares;	/* a shaped maze's fewest squares (about w * h) */
	const char *shape_algorithms;	/* "auto" on a shape */
};

/* A filter: the thresholds a maze must reach. */
struct mb_filter {
	double min_route_ratio;
	int min_forks;
};

extern const struct mb_level mb_levels[];
extern const size_t mb_level_count;

const struct mb_level *mb_level_find(const char *name);
/* As mb_level_find; an unknown name fails listing the valid ones. */
const struct mb_level *mb_level_lookup(const char *name, struct mb_error *err);

void mb_level_filter(const struct mb_level *level, struct mb_filter *filter);

/* Does a maze with these measures pass the filter (and is it perfect)? */
bool mb_filter_pass(const struct mb_filter *filter, const struct mb_measures *ms);

#endif
