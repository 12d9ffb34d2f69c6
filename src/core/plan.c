/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The book plan: sections and their maze slots, from a resolved spec.
 * Pure arithmetic over the spec; the ramp's steps are defined in plan.h.
 */
#include "config.h"
#include "mazebook/plan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/layout.h"
#include "mazebook/xalloc.h"

/* the grid a book draws level with (as the spec reader fits it) */
static void fitted(const struct mb_book_spec *spec, const struct mb_level *level, int *w, int *h)
{
	double room_w, room_h;

	mb_layout_maze_room(spec, spec->mazes, &room_w, &room_h);
	mb_layout_fit_grid(level->w, level->h, room_w, room_h, w, h);
}

static int lerp_int(int a, int b, double t)
{
	return (int)lround(a + t * (b - a));
}

/* slot k of a ramp section's n */
static void ramp_slot(const struct mb_book_spec *spec, const struct mb_plan_section *sec, int k,
		      struct mb_plan_maze *m)
{
	const struct mb_level *a = sec->level, *b = sec->level_to;
	double t = sec->count > 1 ? (double)k / (sec->count - 1) : 0;
	int wa, ha, wb, hb;

	fitted(spec, a, &wa, &ha);
	fitted(spec, b, &wb, &hb);
	m->w = lerp_int(wa, wb, t);
	m->h = lerp_int(ha, hb, t);
	m->filter.min_route_ratio = a->min_route_ratio + t * (b->min_route_ratio - a->min_route_ratio);
	m->filter.min_forks = lerp_int(a->min_forks, b->min_forks, t);
	m->level = a + lerp_int(0, (int)(b - a), t);
}

enum mb_status mb_plan_make(const struct mb_book_spec *spec, struct mb_plan *plan,
			    struct mb_error *err)
{
	int n = 0;

	memset(plan, 0, sizeof(*plan));
	if (spec->mazes < 1 || !spec->level)
		return mb_error_set_field(err, MB_ERR_INPUT, "mazes",
					  "a book needs a level and at least one maze");
	plan->sectioned = spec->section_count > 0;
	plan->order_ramp = spec->order_ramp;
	plan->section_count = spec->section_count ? spec->section_count : 1;
	plan->sections = xcalloc((size_t)plan->section_count, sizeof(*plan->sections));
	plan->maze_count = spec->mazes;
	plan->mazes = xcalloc((size_t)plan->maze_count, sizeof(*plan->mazes));

	if (!spec->section_count) {
		struct mb_plan_section *sec = &plan->sections[0];

		*sec = (struct mb_plan_section){ NULL, NULL, spec->level, spec->level, false,
						 spec->algorithm ? spec->algorithm : "auto",
						 MB_PLAN_BOOK_SHAPES, NULL, 0, spec->mazes };
		for (int i = 0; i < spec->mazes; i++)
			plan->mazes[i] = (struct mb_plan_maze){ 0, spec->grid_w, spec->grid_h,
								spec->filter, spec->level };
		return MB_OK;
	}
	for (int s = 0; s < spec->section_count; s++) {
		const struct mb_section_spec *ss = &spec->sections[s];
		struct mb_plan_section *sec = &plan->sections[s];

		sec->title = ss->title;
		sec->description = ss->description;
		sec->level = mb_level_find(ss->ramp_from ? ss->ramp_from : ss->level ? ss->level : "");
		sec->level_to = ss->ramp_to ? mb_level_find(ss->ramp_to) : sec->level;
		if (!sec->level || !sec->level_to) {
			mb_plan_release(plan);
			return mb_error_set(err, MB_ERR_INPUT, "section %d has no level it can use",
					    s + 1);
		}
		sec->ramp = ss->ramp_from != NULL;
		sec->algorithm = ss->algorithm ? ss->algorithm
					       : spec->algorithm ? spec->algorithm : "auto";
		sec->shape = !ss->shape ? MB_PLAN_BOOK_SHAPES
			     : !strcmp(ss->shape, "none") ? MB_PLAN_NO_SHAPE : MB_PLAN_SECTION_SHAPE;
		/* the shape the summary names: the section's own, or the book's one shape */
		sec->shape_name = sec->shape == MB_PLAN_SECTION_SHAPE ? ss->shape
				  : sec->shape == MB_PLAN_BOOK_SHAPES && spec->shape_count == 1
					  ? spec->shapes[0]
					  : NULL;
		sec->first = n;
		sec->count = ss->mazes;
		if (n + ss->mazes > plan->maze_count)
			BUG("sections hold more than the spec's %d mazes", plan->maze_count);
		for (int k = 0; k < ss->mazes; k++, n++) {
			struct mb_plan_maze *m = &plan->mazes[n];

			m->section = s;
			if (sec->ramp) {
				ramp_slot(spec, sec, k, m);
				continue;
			}
			m->w = ss->grid_w;
			m->h = ss->grid_h;
			if (!m->w)
				fitted(spec, sec->level, &m->w, &m->h);
			m->filter = ss->filter;
			m->level = sec->level;
		}
	}
	if (n != plan->maze_count)
		BUG("sections hold %d of the spec's %d mazes", n, plan->maze_count);
	return MB_OK;
}

void mb_plan_release(struct mb_plan *plan)
{
	free(plan->sections);
	free(plan->mazes);
	memset(plan, 0, sizeof(*plan));
}

int mb_plan_section_of(const struct mb_plan *plan, int maze)
{
	if (maze < 0 || maze >= plan->maze_count)
		BUG("maze %d of a plan of %d", maze, plan->maze_count);
	return plan->mazes[maze].section;
}

bool mb_plan_multi_level(const struct mb_plan *plan)
{
	for (int s = 0; s < plan->section_count; s++)
		if (plan->sections[s].ramp || plan->sections[s].level != plan->sections[0].level)
			return true;
	return false;
}

const char *mb_plan_level_words(const struct mb_plan *plan, const struct mb_labels *labels,
				char *buf, size_t size)
{
	const struct mb_level *lo = NULL, *hi = NULL;

	for (int s = 0; s < plan->section_count; s++) {
		if (!lo || plan->sections[s].level < lo)
			lo = plan->sections[s].level;
		if (!hi || plan->sections[s].level_to > hi)
			hi = plan->sections[s].level_to;
	}
	if (!lo)
		snprintf(buf, size, "?");
	else if (lo == hi)
		snprintf(buf, size, "%s", mb_labels_level_name(labels, lo->name));
	else
		snprintf(buf, size, "%s\xe2\x80\x93%s", mb_labels_level_name(labels, lo->name),
			 mb_labels_level_name(labels, hi->name));
	return buf;
}
