/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* Difficulty levels, from the data in specs/levels.def. */
#include "config.h"
#include "mazebook/book/level.h"

#include <stdio.h>
#include <string.h>

#include "mazebook/base/error.h"

const struct mb_level mb_levels[] = {
#define MB_LEVEL(name, w, h, ratio, forks, algorithms, min_shape, shape_algorithms) \
	{ name, w, h, ratio, forks, algorithms, min_shape, shape_algorithms },
#define MB_LEVEL_GRID(level, kind, a, b, side, algorithms)
#include "levels.def"
#undef MB_LEVEL_GRID
#undef MB_LEVEL
};
const size_t mb_level_count = sizeof(mb_levels) / sizeof(mb_levels[0]);

const struct mb_level_grid mb_level_grids[] = {
#define MB_LEVEL(name, w, h, ratio, forks, algorithms, min_shape, shape_algorithms)
#define MB_LEVEL_GRID(level, kind, a, b, side, algorithms) \
	{ level, MB_GRID_##kind, a, b, side, algorithms },
#include "levels.def"
#undef MB_LEVEL_GRID
#undef MB_LEVEL
};
const size_t mb_level_grid_count = sizeof(mb_level_grids) / sizeof(mb_level_grids[0]);

static const struct mb_level_grid *level_grid(const struct mb_level *level,
					      enum mb_grid_kind kind)
{
	for (size_t i = 0; i < mb_level_grid_count; i++)
		if (mb_level_grids[i].kind == kind && !strcmp(mb_level_grids[i].level, level->name))
			return &mb_level_grids[i];
	/* levels.def gives every level every graph kind; check_level_grids holds it to that */
	BUG("level %s has no %s grid in levels.def", level->name, mb_grid_kind_name(kind));
}

/* Does a grid of kind have this outline? Polar and the square kinds have none to pick. */
static bool kind_has_outline(enum mb_grid_kind kind, enum mb_grid_outline outline)
{
	switch (kind) {
	case MB_GRID_HEX:
		return outline == MB_OUTLINE_RECTANGLE || outline == MB_OUTLINE_HEXAGON;
	case MB_GRID_DELTA:
		return outline == MB_OUTLINE_RECTANGLE || outline == MB_OUTLINE_TRIANGLE;
	default:
		return outline == MB_OUTLINE_RECTANGLE;
	}
}

bool mb_level_grid_size(const struct mb_level *level, enum mb_grid_kind kind,
			enum mb_grid_outline outline, int *a, int *b)
{
	const struct mb_level_grid *lg;

	if (kind == MB_GRID_RECT || kind == MB_GRID_MASK) {
		*a = level->w;
		*b = level->h;
		return true;
	}
	lg = level_grid(level, kind);
	if (kind == MB_GRID_POLAR) {
		*a = lg->a;
		*b = 0;
		return true;
	}
	if (!kind_has_outline(kind, outline))
		return false;
	*a = outline == MB_OUTLINE_RECTANGLE ? lg->a : lg->side;
	*b = outline == MB_OUTLINE_RECTANGLE ? lg->b : 0;
	return true;
}

const char *mb_level_auto_list(const struct mb_level *level, enum mb_grid_kind kind)
{
	if (kind == MB_GRID_RECT)
		return level->algorithms;
	if (kind == MB_GRID_MASK)
		return level->shape_algorithms;
	return level_grid(level, kind)->algorithms;
}

struct mb_grid *mb_level_grid_new(const struct mb_level *level, enum mb_grid_kind kind,
				  enum mb_grid_outline outline, struct mb_error *err)
{
	int a, b;

	if (kind == MB_GRID_MASK) {
		mb_error_set(err, MB_ERR_INPUT, "a %s grid needs a shape to lay out",
			     mb_grid_kind_name(kind));
		return NULL;
	}
	if (kind == MB_GRID_POLAR && outline != MB_OUTLINE_RECTANGLE) {
		mb_error_set(err, MB_ERR_INPUT, "a polar grid has no outline to choose ('%s' given)",
			     mb_grid_outline_name(outline));
		return NULL;
	}
	if (!mb_level_grid_size(level, kind, outline, &a, &b)) {
		mb_error_set(err, MB_ERR_INPUT, "a %s grid has no %s outline (valid: rectangle, %s)",
			     mb_grid_kind_name(kind), mb_grid_outline_name(outline),
			     kind == MB_GRID_HEX ? "hexagon" : "triangle");
		return NULL;
	}
	switch (kind) {
	case MB_GRID_POLAR:
		return mb_grid_new_polar(a, err);
	case MB_GRID_HEX:
		return mb_grid_new_hex(a, b, outline, NULL, NULL, err);
	case MB_GRID_DELTA:
		/* the triangle outline takes its rows, its width follows */
		return outline == MB_OUTLINE_RECTANGLE ?
		       mb_grid_new_delta(a, b, outline, NULL, NULL, err) :
		       mb_grid_new_delta(0, a, outline, NULL, NULL, err);
	default:
		return mb_grid_new_rect(a, b, err);
	}
}

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
