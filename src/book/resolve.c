/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Finishing a spec once every event is read (schema_reader.h): required
 * keys, the level's defaults and the overrides over them, themes,
 * sections (their levels, grids, maze counts and filters), the gaps, the
 * solution-layout defaults, the editions and their prices, and whether
 * each filter can be met. Errors go to the key that causes them.
 */
#include "config.h"
#include "schema_reader.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/utf8.h"
#include "mazebook/base/xalloc.h"
#include "mazebook/book/colour.h"
#include "mazebook/book/layout.h"
#include "mazebook/book/level.h"
#include "mazebook/gen/generator.h"
#include "mazebook/kdp/kdp.h"

/* An error about a key the file gave, at its place (else at the mapping's end). */
static enum mb_status fail_key(struct reader *r, const char *key, struct mb_place end,
			       const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static enum mb_status fail_key(struct reader *r, const char *key, struct mb_place end,
			       const char *fmt, ...)
{
	char msg[MB_ERROR_MESSAGE_MAX];
	int line = end.line, column = end.column;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (!mb_spec_where(r->spec, key, &line, &column)) {
		/* a mapping (palette): the first of its keys given */
		size_t n = strlen(key);

		for (size_t i = 0; i < r->spec->place_count; i++) {
			const struct mb_spec_place *p = &r->spec->places[i];

			if (!strncmp(p->key, key, n) && p->key[n] == '.') {
				line = p->line;
				column = p->column;
				break;
			}
		}
	}
	return fail_at(r, line, column, "%s", msg);
}

/*
 * binding, editions, ink, paper, trim and prices together: each edition
 * must be one KDP prints, and every price must belong to an edition built.
 */
static enum mb_status finish_editions(struct reader *r, struct mb_place end)
{
	struct mb_book_spec *s = r->spec;
	int editions = s->edition_count ? s->edition_count : 1;

	if (s->edition_count && r->binding_set)
		return fail_key(r, "binding", end,
				"give 'binding' or 'editions', not both (editions builds each "
				"binding it lists)");
	if (r->palette_set && s->ink == MB_INK_BLACK)
		return fail_key(r, "palette", end,
				"'palette' colours a colour interior, but the ink is black (set "
				"ink: premium-colour or standard-colour, or leave palette out)");
	if (r->price_scalar_set) {
		if (editions > 1)
			return fail_key(r, "price", end,
					"one price for %d editions: give one per edition (price: "
					"{paperback: 9.99, hardcover: 24.99})", editions);
		s->price_cents[(s->edition_count ? s->editions[0] : s->binding) ==
			       MB_BINDING_HARDCOVER] = r->price_scalar_cents;
	}
	for (int b = 0; b < MB_BINDING_COUNT; b++) {
		bool built = false;
		char key[32];

		if (s->price_cents[b] < 0 || r->price_scalar_set)
			continue;
		for (int i = 0; i < editions; i++)
			built |= (int)(s->edition_count ? s->editions[i] : s->binding) == b;
		snprintf(key, sizeof(key), "price.%s", mb_kdp_binding_name((enum mb_binding)b));
		if (!built)
			return fail_key(r, key, end,
					"'%s' is for an edition this spec does not build (add %s "
					"to 'editions' or leave the price out)", key,
					mb_kdp_binding_name((enum mb_binding)b));
	}
	for (int i = 0; i < editions; i++) {
		struct mb_print print = { s->edition_count ? s->editions[i] : s->binding, s->ink,
					  s->paper };
		struct mb_error inner;
		const char *key;

		mb_error_init(&inner);
		if (mb_kdp_print_check(&s->trim, &print, &inner) == MB_OK)
			continue;
		/* at the key that makes the edition impossible, as the user wrote it */
		key = inner.field;
		if (!strcmp(key, "paper") && !mb_spec_where(s, "paper", NULL, NULL))
			key = "ink";
		if (!strcmp(key, "trim") || !strcmp(key, "ink")) {
			const char *alt = s->edition_count ? "editions" : "binding";

			if (!mb_spec_where(s, key, NULL, NULL))
				key = alt;
		}
		return fail_key(r, key, end, "%s%s", inner.message,
				s->edition_count ? " (from 'editions')" : "");
	}
	return MB_OK;
}

/*
 * A filter no maze on the grid can pass would only fail after thousands of
 * candidates, naming no key: refuse it here, at the key that asks for too
 * much. A route visits at most every square once, so its ratio to the
 * shortest walk (w + h - 1 squares) is at most w*h / (w + h - 1); a fork
 * is a route square with a branch off the route, and in a perfect maze
 * each branch square hangs off one fork only, so forks <= w*h / 2.
 */
static enum mb_status filter_possible(struct reader *r, int w, int h,
				      const struct mb_filter *f, const char *prefix, bool ratio_set,
				      bool forks_set, const char *level_name)
{
	const struct mb_book_spec *s = r->spec;
	double max_ratio = (double)w * h / (w + h - 1);
	int max_forks = w * h / 2, line = 0, column = 0;
	char key[48], whose[48];

	snprintf(whose, sizeof(whose), " (the level's)");
	if (level_name)
		snprintf(whose, sizeof(whose), " (level %s's)", level_name);
	if (f->min_route_ratio > max_ratio + 1e-9) {
		snprintf(key, sizeof(key), "%s%s", prefix, ratio_set ? "min_route_ratio" : "grid");
		if (!mb_spec_where(s, key, &line, &column) && prefix[0]) {
			snprintf(key, sizeof(key), "%.*s", (int)strlen(prefix) - 1, prefix);
			mb_spec_where(s, key, &line, &column);
		}
		return fail_at(r, line, column,
				"'%s': no maze on %dx%d squares has a route ratio of %.2f%s: its "
				"route has at most %d squares, %.2f times the shortest walk of %d; "
				"min_route_ratio can be at most %.2f here: lower it or choose a larger "
				"grid", key, w, h, f->min_route_ratio, ratio_set ? "" : whose, w * h,
				max_ratio, w + h - 1, floor(max_ratio * 100) / 100);
	}
	if (f->min_forks > max_forks) {
		snprintf(key, sizeof(key), "%s%s", prefix, forks_set ? "min_forks" : "grid");
		if (!mb_spec_where(s, key, &line, &column) && prefix[0]) {
			snprintf(key, sizeof(key), "%.*s", (int)strlen(prefix) - 1, prefix);
			mb_spec_where(s, key, &line, &column);
		}
		return fail_at(r, line, column,
				"'%s': no maze on %dx%d squares has %d forks on its route%s: each "
				"fork needs a square off the route, so at most %d fit: lower "
				"min_forks or choose a larger grid", key, w, h, f->min_forks,
				forks_set ? "" : whose, max_forks);
	}
	return MB_OK;
}

static enum mb_status check_filter_possible(struct reader *r)
{
	const struct mb_book_spec *s = r->spec;

	return filter_possible(r, s->grid_w, s->grid_h, &s->filter, "", r->ratio_set,
			       r->forks_set, NULL);
}

/* the maze count the page room is worked out for: the book's, or its sections' so far */
static int planned_mazes(const struct mb_book_spec *s)
{
	long n = 0;

	if (s->mazes || !s->section_count)
		return s->mazes;
	for (int i = 0; i < s->section_count; i++)
		n += s->sections[i].mazes;
	return n > MB_SPEC_MAX_MAZES ? MB_SPEC_MAX_MAZES : (int)n;
}

/* the level's grid as a book draws it: fitted to the trim's maze room */
static void level_grid(const struct mb_book_spec *s, const struct mb_level *level, int *w,
		       int *h)
{
	double room_w, room_h;

	mb_layout_maze_room(s, planned_mazes(s), &room_w, &room_h);
	mb_layout_fit_grid(level->w, level->h, room_w, room_h, w, h);
}

/* an error about section i (0-based), at its key when given, else at the section */
static enum mb_status fail_section(struct reader *r, int i, const char *key, const char *fmt,
				   ...) __attribute__((format(printf, 4, 5)));

static enum mb_status fail_section(struct reader *r, int i, const char *key, const char *fmt,
				   ...)
{
	char msg[MB_ERROR_MESSAGE_MAX], place[48];
	int line = 0, column = 0;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(place, sizeof(place), "sections.%d.%s", i + 1, key ? key : "");
	if (!key || !mb_spec_where(r->spec, place, &line, &column)) {
		snprintf(place, sizeof(place), "sections.%d", i + 1);
		mb_spec_where(r->spec, place, &line, &column);
	}
	return fail_at(r, line, column, "%s", msg);
}

static bool section_gave(const struct reader *r, int i, const char *key)
{
	char place[48];

	snprintf(place, sizeof(place), "sections.%d.%s", i + 1, key);
	return mb_spec_where(r->spec, place, NULL, NULL);
}

/*
 * Before the book's own defaults are worked out: a book with sections
 * may leave out its level when every section names one (the book's is
 * then the first section's), and each section's keys must agree.
 */
static enum mb_status start_sections(struct reader *r)
{
	struct mb_book_spec *s = r->spec;

	for (int i = 0; i < s->section_count; i++) {
		struct mb_section_spec *sec = &s->sections[i];
		const char *name = sec->title ? sec->title : "";

		if (!sec->title)
			return fail_section(r, i, NULL,
					    "section %d has no 'title' (each section needs one: it "
					    "heads the section's page and its line in the contents)",
					    i + 1);
		if (sec->ramp_from) {
			static const char *const clash[] = { "level", "grid", "min_route_ratio",
							     "min_forks", "shape" };

			for (size_t c = 0; c < COUNT(clash); c++)
				if (section_gave(r, i, clash[c]) &&
				    /* a ramp of circles: the kind alone, its sizes grow */
				    (strcmp(clash[c], "grid") || r->sec_grid[i].numbers))
					return fail_section(r, i, clash[c],
							    "section %d ('%s') has both 'ramp' and "
							    "'%s': a ramp sets the level, grid and "
							    "filter step by step (and a shape has one "
							    "size); remove one of them",
							    i + 1, name, clash[c]);
		}
		if (!sec->level && !sec->ramp_from && !s->level)
			return fail_section(r, i, NULL,
					    "section %d ('%s') has no 'level' (or 'ramp') and the "
					    "book gives none: add 'level:' to the section or to the "
					    "book", i + 1, name);
	}
	if (!s->level) {
		const struct mb_section_spec *first = &s->sections[0];

		s->level = mb_level_find(first->level ? first->level : first->ramp_from);
	}
	return MB_OK;
}

/* a grid kind as the spec names it */
static const char *kind_word(enum mb_grid_kind kind)
{
	return kind == MB_GRID_RECT || kind == MB_GRID_MASK ? "square" : mb_grid_kind_name(kind);
}

/* the one-number outline of a hex or delta grid */
static enum mb_grid_outline one_number_outline(enum mb_grid_kind kind)
{
	return kind == MB_GRID_HEX ? MB_OUTLINE_HEXAGON : MB_OUTLINE_TRIANGLE;
}

/*
 * The outline of grid g: the one given at outline_key (given), else what
 * the size says: one number is the hexagon's side or the triangle's rows,
 * else the rectangle. Errors at the key that is wrong.
 */
static enum mb_status resolve_outline(struct reader *r, const char *grid_key,
				      const char *outline_key, const struct grid_value *g,
				      bool given, enum mb_grid_outline outline,
				      enum mb_grid_outline *out)
{
	bool lattice = g->kind == MB_GRID_HEX || g->kind == MB_GRID_DELTA;
	const char *own = g->kind == MB_GRID_HEX ? "hexagon" : "triangle";
	int line = 0, column = 0;

	*out = MB_OUTLINE_RECTANGLE;
	if (!given) {
		if (lattice && g->numbers == 1)
			*out = one_number_outline(g->kind);
		return MB_OK;
	}
	mb_spec_where(r->spec, outline_key, &line, &column);
	if (!lattice)
		return fail_at(r, line, column,
				"'%s' is %s, but the grid is %s: an outline applies to hex grids "
				"(rectangle or hexagon) and delta grids (rectangle or triangle); "
				"give '%s: hex' or '%s: delta', or remove '%s'", outline_key,
				mb_grid_outline_name(outline), kind_word(g->kind), grid_key, grid_key,
				outline_key);
	if (outline != MB_OUTLINE_RECTANGLE && outline != one_number_outline(g->kind))
		return fail_at(r, line, column,
				"'%s' is %s, but a %s grid's outline is rectangle or %s", outline_key,
				mb_grid_outline_name(outline), kind_word(g->kind), own);
	if (g->numbers) {
		line = column = 0;
		mb_spec_where(r->spec, grid_key, &line, &column);
	}
	if (g->numbers == 1 && outline == MB_OUTLINE_RECTANGLE)
		return fail_at(r, line, column,
				"'%s' is '%s %d', one number: that is the %s outline's size, but "
				"'%s' is rectangle, which takes COLSxROWS such as %s 12x13",
				grid_key, kind_word(g->kind), g->a, own, outline_key, kind_word(g->kind));
	if (g->numbers == 2 && outline != MB_OUTLINE_RECTANGLE)
		return fail_at(r, line, column,
				"'%s' is '%s %dx%d', but '%s' is %s, which takes one number (%s, "
				"such as %s 7)", grid_key, kind_word(g->kind), g->a, g->b, outline_key,
				own, g->kind == MB_GRID_HEX ? "cells on each side" : "its rows",
				kind_word(g->kind));
	*out = outline;
	return MB_OK;
}

/* the grid a section takes: its own, else the book's (without its size, on a level of its own) */
static struct grid_value section_grid(const struct reader *r, int i, bool own_level)
{
	struct grid_value g = { MB_GRID_RECT, 0, 0, 0 };

	if (section_gave(r, i, "grid"))
		return r->sec_grid[i];
	if (r->grid_set) {
		g = r->grid;
		if (own_level)
			g.a = g.b = g.numbers = 0;
	}
	return g;
}

/*
 * Section i's grid kind, size and outline (spec.h says how); a polar
 * section takes no shape: its outline is its circle.
 */
static enum mb_status resolve_section_grid(struct reader *r, int i, bool own_level)
{
	struct mb_book_spec *s = r->spec;
	struct mb_section_spec *sec = &s->sections[i];
	struct grid_value g = section_grid(r, i, own_level);
	char grid_key[32], outline_key[40];
	bool outline_given;

	snprintf(grid_key, sizeof(grid_key), "sections.%d.grid", i + 1);
	snprintf(outline_key, sizeof(outline_key), "sections.%d.grid_outline", i + 1);
	outline_given = mb_spec_where(s, outline_key, NULL, NULL);
	sec->grid_kind = g.kind;
	if (g.kind != MB_GRID_RECT) {
		sec->grid_a = g.a;
		sec->grid_b = g.b;
	}
	if (!outline_given && !section_gave(r, i, "grid") && g.kind == s->grid_kind) {
		/* the book's grid: its outline too */
		sec->grid_outline = s->grid_outline;
	} else if (resolve_outline(r, section_gave(r, i, "grid") ? grid_key : "grid",
				   outline_key, &g, outline_given, r->sec_outline[i],
				   &sec->grid_outline) != MB_OK) {
		return MB_ERR_INPUT;
	}
	if (sec->grid_outline != MB_OUTLINE_RECTANGLE &&
	    ((sec->shape && strcmp(sec->shape, "none")) || (!sec->shape && s->shape_count)))
		return fail_section(r, i, outline_given ? "grid_outline" : "grid",
				    "section %d ('%s') has a shape and the %s outline: a shape is "
				    "the maze's outline, so it takes the rectangle (leave "
				    "'grid_outline' out, and give the size as COLSxROWS)", i + 1,
				    sec->title, mb_grid_outline_name(sec->grid_outline));
	if (g.kind != MB_GRID_POLAR)
		return MB_OK;
	if (sec->shape && strcmp(sec->shape, "none"))
		return fail_section(r, i, "shape",
				    "section %d ('%s') is polar and has the shape '%s': a circular "
				    "maze's outline is its circle, so shapes apply to square, hex "
				    "and delta grids only; remove 'shape' or choose another grid",
				    i + 1, sec->title, sec->shape);
	if (!sec->shape && s->shape_count)
		return fail_section(r, i, "grid",
				    "section %d ('%s') is polar, and the book's shape would apply "
				    "to it: a circular maze's outline is its circle; give the "
				    "section 'shape: none'", i + 1, sec->title);
	return MB_OK;
}

/*
 * entrance: and exit: against the kinds the book has: left, right and
 * centre (the exit) are a polar grid's only, and a polar maze's two gaps
 * cannot be one side
 */
static enum mb_status check_gaps(struct reader *r)
{
	const struct mb_book_spec *s = r->spec;
	const char *keys[2] = { "entrance", "exit" };
	const char *names[2] = { s->entrance, s->exit_side };
	bool square_kinds = false, polar = false;
	int line = 0, column = 0;

	for (int i = 0; i < (s->section_count ? s->section_count : 1); i++) {
		enum mb_grid_kind k = s->section_count ? s->sections[i].grid_kind : s->grid_kind;

		polar |= k == MB_GRID_POLAR;
		square_kinds |= k != MB_GRID_POLAR;
	}
	for (int k = 0; k < 2; k++) {
		const char *name = names[k];
		bool plain = name && (!strcmp(name, "top") || !strcmp(name, "bottom"));

		if (!name || plain)
			continue;
		mb_spec_where(s, keys[k], &line, &column);
		if (!strcmp(name, "centre") && k == 0)
			return fail_at(r, line, column,
					"'entrance' is centre, but the way in is on the rim: top, "
					"bottom%s (centre is a polar maze's exit)",
					polar ? ", left or right" : " or, on a polar grid, left or right");
		if (square_kinds)
			return fail_at(r, line, column,
					"'%s' must be top or bottom, not '%s' (START prints over the "
					"maze and FINISH under it; %s is a polar grid's only)",
					keys[k], name, name);
	}
	if (polar && names[0] && names[1] && !strcmp(names[0], names[1])) {
		mb_spec_where(s, "exit", &line, &column);
		return fail_at(r, line, column,
				"'exit' is %s, the entrance's side too: a polar maze's way in and "
				"way out must be apart; choose another side, or centre", names[1]);
	}
	if (polar && !names[0] && names[1] && !strcmp(names[1], "top")) {
		mb_spec_where(s, "exit", &line, &column);
		return fail_at(r, line, column,
				"'exit' is top, where a polar maze's entrance is unless 'entrance' "
				"says otherwise: give 'entrance: bottom', or another exit");
	}
	return MB_OK;
}

/*
 * The sections' maze counts: given, or shared out of the book's "mazes:"
 * among those that give none; the book's is their sum.
 */
static enum mb_status share_mazes(struct reader *r, struct mb_place end)
{
	struct mb_book_spec *s = r->spec;
	bool book_mazes = mb_spec_where(s, "mazes", NULL, NULL);
	long given = 0;
	int missing = 0, first_missing = -1;

	for (int i = 0; i < s->section_count; i++) {
		if (s->sections[i].mazes) {
			given += s->sections[i].mazes;
		} else {
			if (first_missing < 0)
				first_missing = i;
			missing++;
		}
	}
	if (!book_mazes && missing)
		return fail_section(r, first_missing, NULL,
				    "section %d ('%s') has no 'mazes' and the book gives no "
				    "'mazes:' to share among such sections: add 'mazes:' to the "
				    "section, or to the book", first_missing + 1,
				    s->sections[first_missing].title);
	if (book_mazes && !missing && given != s->mazes)
		return fail_key(r, "mazes", end,
				"'mazes' is %d, but the sections' mazes add up to %ld: give their "
				"sum, or leave 'mazes' out (it is then the sum), or leave 'mazes' "
				"out of the sections that should share what is left", s->mazes,
				given);
	if (book_mazes && missing && given + missing > s->mazes)
		return fail_key(r, "mazes", end,
				"'mazes' is %d, but the sections give %ld and %d more section%s "
				"without 'mazes' need%s at least one each: raise 'mazes' to at "
				"least %ld", s->mazes, given, missing, missing > 1 ? "s" : "",
				missing > 1 ? "" : "s", given + missing);
	if (!book_mazes && given > MB_SPEC_MAX_MAZES)
		return fail_key(r, "sections", end,
				"the sections' mazes add up to %ld, more than a book may have "
				"(%d)", given, MB_SPEC_MAX_MAZES);
	if (missing) {
		long rest = s->mazes - given;
		int k = 0;

		for (int i = 0; i < s->section_count; i++)
			if (!s->sections[i].mazes)
				s->sections[i].mazes = (int)(rest / missing + (k++ < rest % missing));
	}
	s->mazes = (int)(given + (missing ? s->mazes - given : 0));

	return MB_OK;
}

/*
 * After the book's defaults: resolve every section (spec.h says how),
 * share out or check the maze count, and check each filter can be met.
 */
static enum mb_status finish_sections(struct reader *r, struct mb_place end)
{
	struct mb_book_spec *s = r->spec;
	bool several_levels = false;

	if (share_mazes(r, end) != MB_OK)
		return MB_ERR_INPUT;
	for (int i = 0; i < s->section_count; i++) {
		struct mb_section_spec *sec = &s->sections[i];
		bool own_level = sec->level || sec->ramp_from;
		const struct mb_level *level;
		char prefix[32];
		int w, h;

		if (!sec->level)
			sec->level = xstrdup(sec->ramp_from ? sec->ramp_from : s->level->name);
		level = mb_level_find(sec->ramp_to ? sec->ramp_to : sec->level);
		if (!own_level && r->grid_set && !sec->grid_w) {
			sec->grid_w = s->grid_w;
			sec->grid_h = s->grid_h;
		}
		if (resolve_section_grid(r, i, own_level) != MB_OK)
			return MB_ERR_INPUT;
		if (own_level)
			mb_level_filter(level, &sec->filter);
		else
			sec->filter = s->filter;
		if (r->sec_ratio_set[i])
			sec->filter.min_route_ratio = r->sec_filter[i].min_route_ratio;
		if (r->sec_forks_set[i])
			sec->filter.min_forks = r->sec_filter[i].min_forks;
		if (sec->grid_w) {
			w = sec->grid_w;
			h = sec->grid_h;
		} else {
			level_grid(s, level, &w, &h);
			/* a ramp's grids are grown step by step by the plan */
			if (!sec->ramp_from) {
				sec->grid_w = w;
				sec->grid_h = h;
			}
		}
		snprintf(prefix, sizeof(prefix), "sections.%d.", i + 1);
		/* a graph grid's filter is judged by the book: its sizes are the plan's */
		if (sec->grid_kind == MB_GRID_RECT && filter_possible(r, w, h, &sec->filter, prefix,
				    r->sec_ratio_set[i] || (!own_level && r->ratio_set),
				    r->sec_forks_set[i] || (!own_level && r->forks_set),
				    own_level ? level->name : NULL) != MB_OK)
			return MB_ERR_INPUT;
		if (sec->ramp_from || strcmp(sec->level, s->sections[0].level))
			several_levels = true;
	}
	if (!mb_spec_where(s, "order", NULL, NULL))
		s->order_ramp = several_levels;
	return MB_OK;
}

/*
 * Solutions per page on a book of hexagons or triangles, when the spec
 * gives none: mazeproof pairs a solution with its maze by the label nearest
 * above it over its own column, so they print two to a page (one over the
 * other). Circles default as squares do: mazeproof tells a page's circles
 * apart by their arcs' centres.
 */
static void default_solutions(struct reader *r)
{
	struct mb_book_spec *s = r->spec;
	bool lattice = r->grid_set && (r->grid.kind == MB_GRID_HEX || r->grid.kind == MB_GRID_DELTA);

	for (int i = 0; i < s->section_count; i++) {
		enum mb_grid_kind k = section_gave(r, i, "grid") ? r->sec_grid[i].kind
				      : r->grid_set ? r->grid.kind : MB_GRID_RECT;

		lattice |= k == MB_GRID_HEX || k == MB_GRID_DELTA;
	}
	if (lattice && !mb_spec_where(s, "solutions", NULL, NULL))
		s->solutions_per_page = 2;
}

/* The rings of a polar book or section: its own, else its level's. */
static int polar_rings(const struct mb_level *level, int given)
{
	int a = 0, b = 0;

	if (given > 0)
		return given;
	if (level && mb_level_grid_size(level, MB_GRID_POLAR, MB_OUTLINE_RECTANGLE, &a, &b))
		return a;
	return 0;
}

/*
 * Fine circles print one solution a page when the spec gives no number:
 * in a smaller slot their narrowest rings come too close for mazeproof to
 * read them apart (measured on 8.5 x 11 in: hard circles, 19 rings, pass
 * four to a page; expert ones, 34 rings, fail even two to a page).
 */
#define MB_SPEC_SHARED_SOLUTION_MAX_RINGS 25
static void default_fine_circle_solutions(struct reader *r)
{
	struct mb_book_spec *s = r->spec;
	int rings = 0;

	if (mb_spec_where(s, "solutions", NULL, NULL))
		return;
	if (!s->section_count && s->grid_kind == MB_GRID_POLAR)
		rings = polar_rings(s->level, s->grid_a);
	for (int i = 0; i < s->section_count; i++) {
		const struct mb_section_spec *sec = &s->sections[i];
		const char *name = sec->ramp_to ? sec->ramp_to : sec->level;
		int n;

		if (sec->grid_kind != MB_GRID_POLAR)
			continue;
		n = polar_rings(name ? mb_level_find(name) : s->level, sec->grid_a);
		rings = n > rings ? n : rings;
	}
	if (rings > MB_SPEC_SHARED_SOLUTION_MAX_RINGS)
		s->solutions_per_page = 1;
}

/* The keys a spec must give, and the title's length with the subtitle. */
static enum mb_status check_required(struct reader *r, const int *seen, struct mb_place end)
{
	static const char *const required[] = { "title", "author", "level", "mazes" };
	struct mb_book_spec *s = r->spec;
	char missing[128] = "";
	size_t used = 0;
	int n = 0;

	/* with sections, the book's level and mazes are defaults the sections may give */
	for (size_t i = 0; i < (s->section_count ? 2 : COUNT(required)); i++) {
		for (size_t k = 0; k < MB_SCHEMA_TOP_KEYS; k++) {
			if (!strcmp(mb_schema_top_keys[k].name, required[i]) && !seen[k]) {
				used += (size_t)snprintf(missing + used, sizeof(missing) - used,
							 "%s'%s'", n ? ", " : "", required[i]);
				n++;
			}
		}
	}
	if (n)
		return fail_at(r, end.line, end.column, "missing required key%s %s",
				n > 1 ? "s" : "", missing);
	if (s->subtitle) {
		struct mb_utf8_fault fault = { 0 };
		long chars = mb_utf8_chars(s->title, strlen(s->title), &fault) +
			     mb_utf8_chars(s->subtitle, strlen(s->subtitle), &fault);

		if (chars > MB_SPEC_MAX_TITLE_CHARS)
			return fail_at(r, end.line, end.column,
					"title and subtitle are %ld characters together (KDP allows at most %d)",
					chars, MB_SPEC_MAX_TITLE_CHARS);
	}
	return MB_OK;
}

/* The book's grid: its size, kind and outline, and whether a shape fits it. */
static enum mb_status resolve_book_grid(struct reader *r)
{
	struct mb_book_spec *s = r->spec;

	/*
	 * The levels are portrait grids; the book draws its level with a grid
	 * shaped like the trim's maze room (mb_layout_fit_grid: portrait trims
	 * keep the level's, a landscape or square one gets its own). A grid
	 * the spec gives is the publisher's choice and kept as it is.
	 */
	if (r->grid_set && r->grid.kind == MB_GRID_RECT && r->grid.numbers == 2) {
		s->grid_w = r->grid.a;
		s->grid_h = r->grid.b;
	} else {
		level_grid(s, s->level, &s->grid_w, &s->grid_h);
	}
	if (r->grid_set && r->grid.kind != MB_GRID_RECT) {
		s->grid_kind = r->grid.kind;
		s->grid_a = r->grid.a;
		s->grid_b = r->grid.b;
	}
	if (resolve_outline(r, "grid", "grid_outline",
			    r->grid_set ? &r->grid : &(struct grid_value){ MB_GRID_RECT, 0, 0, 0 },
			    mb_spec_where(s, "grid_outline", NULL, NULL), r->outline,
			    &s->grid_outline) != MB_OK)
		return MB_ERR_INPUT;
	if (s->grid_outline != MB_OUTLINE_RECTANGLE && s->shape_count) {
		const char *key = mb_spec_where(s, "grid_outline", NULL, NULL) ? "grid_outline"
										 : "grid";
		int line = 0, column = 0;

		mb_spec_where(s, key, &line, &column);
		return fail_at(r, line, column,
				"'%s' makes the %s outline, but the book has a shape, which is the "
				"maze's outline: with a shape leave 'grid_outline' out (the "
				"rectangle) and give the size as COLSxROWS", key,
				mb_grid_outline_name(s->grid_outline));
	}
	if (s->grid_kind == MB_GRID_POLAR && s->shape_count) {
		int line = 0, column = 0;

		mb_spec_where(s, "shape", &line, &column);
		return fail_at(r, line, column,
				"'shape' is %s, but the grid is polar: a circular maze's outline is "
				"its circle, so shapes apply to square, hex and delta grids only; "
				"remove 'shape' or choose another grid", s->shapes[0]);
	}
	return MB_OK;
}

/* After the mapping: required keys, title length, level overrides. */
enum mb_status mb_schema_finish(struct reader *r, const int *seen, struct mb_place end)
{
	struct mb_book_spec *s = r->spec;

	if (check_required(r, seen, end) != MB_OK)
		return MB_ERR_INPUT;
	if (s->section_count && start_sections(r) != MB_OK)
		return MB_ERR_INPUT;
	default_solutions(r);
	/* a theme gives the colours the spec left out */
	if (s->cover.theme) {
		const struct mb_cover_theme *t = mb_cover_theme_find(s->cover.theme);

		if (!mb_spec_where(s, "cover.background", NULL, NULL))
			s->cover.background_rgb = t->background_rgb;
		if (!mb_spec_where(s, "cover.text", NULL, NULL))
			s->cover.text_rgb = t->text_rgb;
	}
	if (resolve_book_grid(r) != MB_OK)
		return MB_ERR_INPUT;
	/* with auto the start applies to the generators that have one */
	if (s->start != MB_START_DEFAULT && strcmp(s->algorithm, "auto") &&
	    !mb_generator_has_start(mb_generator_find(s->algorithm))) {
		char list[256];
		int line = 0, column = 0;

		mb_generator_start_list(list, sizeof(list));
		mb_spec_where(s, "start", &line, &column);
		return fail_at(r, line, column,
				"'start' does not apply to %s, which has no start square (only %s "
				"have one): remove 'start' or choose one of those", s->algorithm,
				list);
	}
	mb_level_filter(s->level, &s->filter);
	if (r->ratio_set)
		s->filter.min_route_ratio = r->filter.min_route_ratio;
	if (r->forks_set)
		s->filter.min_forks = r->filter.min_forks;
	if (s->grid_kind == MB_GRID_RECT && check_filter_possible(r) != MB_OK)
		return MB_ERR_INPUT;
	if (s->section_count && finish_sections(r, end) != MB_OK)
		return MB_ERR_INPUT;
	if (check_gaps(r) != MB_OK)
		return MB_ERR_INPUT;
	default_fine_circle_solutions(r);
	return finish_editions(r, end);
}

