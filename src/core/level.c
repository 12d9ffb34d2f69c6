/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* Difficulty levels, from the data in specs/levels.def. */
#include "config.h"
#include "mazebook/level.h"

#include <stdio.h>
#include <string.h>

const struct mb_level mb_levels[] = {
#define MB_LEVEL(name, w, h, ratio, forks, algorithms, min_shape, shape_algorithms) \
	{ name, w, h, ratio, forks, algorithms, min_shape, shape_algorithms },
#include "levels.def"
#undef MB_LEVEL
};
const size_t mb_level_count = sizeof(mb_levels) / sizeof(mb_levels[0]);

const struct mb_level *mb_level_find(const char *name)
{
	for (size_t i = 0; i < mb_level_count; i++)
		if (!strcmp(mb_levels[i].name, name))
			return &mb_levels[i];
	return NULL;
}

const struct mb_level *mb_level_lookup(const char *name, struct mb_error *err)
{
	const struct mb_level *level = mb_level_find(name);
	char list[256] = "";
	size_t used = 0;

	if (level)
		return level;
	for (size_t i = 0; i < mb_level_count && used < sizeof(list); i++)
		used += (size_t)snprintf(list + used, sizeof(list) - used, "%s%s",
					 i ? ", " : "", mb_levels[i].name);
	mb_error_set(err, MB_ERR_INPUT, "unknown level '%s' (valid: %s)", name, list);
	return NULL;
}

void mb_level_filter(const struct mb_level *level, struct mb_filter *filter)
{
	filter->min_route_ratio = level->min_route_ratio;
	filter->min_forks = level->min_forks;
}

bool mb_filter_pass(const struct mb_filter *filter, const struct mb_measures *ms)
{
	/* a hair of tolerance so that 1.5 means 1.5 despite binary fractions */
	return ms->perfect && ms->route_ratio + 1e-9 >= filter->min_route_ratio &&
	       ms->forks >= filter->min_forks;
}
