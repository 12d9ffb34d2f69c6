/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The book plan: sections and their maze slots, from a resolved spec.
 * Pure arithmetic over the spec; the ramp's steps are defined in plan.h.
 */
#include "config.h"
#include "mazebook/book/plan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"
#include "mazebook/book/layout.h"

void mb_plan_level_size(const struct mb_level *level, enum mb_grid_kind kind,
			enum mb_grid_outline outline, int *a, int *b)
{
	/* the spec reader let through only the outlines each kind has */
	if (!mb_level_grid_size(level, kind, outline, a, b))
		BUG("level %s has no %s grid of the %s outline", level->name, mb_grid_kind_name(kind),
		    mb_grid_outline_name(outline));
}

const char *mb_plan_auto_list(const struct mb_level *level, enum mb_grid_kind kind, char *buf,
			      size_t size)
{
	snprintf(buf, size, "%s", mb_level_auto_list(level, kind));
	return buf;
}

struct mb_grid *mb_plan_grid(const struct mb_plan_maze *m, mb_grid_mask_fn keep, void *ctx,
			     struct mb_error *err)
{
	switch (m->kind) {
	case MB_GRID_POLAR:
		return mb_grid_new_polar(m->a, err);
	case MB_GRID_HEX:
		return mb_grid_new_hex(m->a, m->b, m->outline, keep, ctx, err);
	case MB_GRID_DELTA:
		/* the triangle's one number is its rows */
		return mb_grid_new_delta(m->a, m->outline == MB_OUTLINE_TRIANGLE ? m->a : m->b,
					 m->outline, keep, ctx, err);
	default:
		BUG("mb_plan_grid on a %s slot", mb_grid_kind_name(m->kind));
	}
}

/* a graph slot's size: the spec's (a != 0), else its level's */
static void lattice_size(const struct mb_level *level, enum mb_grid_kind kind,
			 enum mb_grid_outline outline, int a, int b, struct mb_plan_maze *m)
{
	m->kind = kind;
	m->outline = outline;
	if (kind == MB_GRID_RECT)
		return;
	if (a) {
		m->a = a;
		m->b = b;
	} else {
		mb_plan_level_size(level, kind, outline, &m->a, &m->b);
	}
}

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
	m->kind = spec->sections[m->section].grid_kind;
	m->outline = spec->sections[m->section].grid_outline;
	if (m->kind != MB_GRID_RECT) {
		int la, lb, ua, ub;

		mb_plan_level_size(a, m->kind, m->outline, &la, &lb);
		mb_plan_level_size(b, m->kind, m->outline, &ua, &ub);
		m->a = lerp_int(la, ua, t);
		m->b = lerp_int(lb, ub, t);
	}
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
		for (int i = 0; i < spec->mazes; i++) {
			plan->mazes[i] = (struct mb_plan_maze){ .section = 0, .w = spec->grid_w,
								.h = spec->grid_h,
								.filter = spec->filter,
								.level = spec->level };
			lattice_size(spec->level, spec->grid_kind, spec->grid_outline, spec->grid_a,
				     spec->grid_b, &plan->mazes[i]);
		}
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
			lattice_size(sec->level, ss->grid_kind, ss->grid_outline, ss->grid_a,
				     ss->grid_b, m);
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
