/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The cover's mazes, made by the core (see include/mazebook/book/cover_mazes.h).
 * The recipes are the ones the cover writer used when it made these
 * mazes itself, so every cover keeps its mazes byte for byte: a stand-in
 * from mb_rng_derive(seed ^ "cover", attempt), the pattern from the first
 * maze's seed ^ "cover" by the backtracker.
 */
#include "config.h"
#include "mazebook/book/cover_mazes.h"

#include <math.h>
#include <string.h>

#include "mazebook/base/rng.h"
#include "mazebook/book/level.h"
#include "mazebook/book/plan.h"
#include "mazebook/gen/generator.h"
#include "mazebook/kdp/kdp.h"
#include "mazebook/maze/measure.h"

const struct mb_book_maze *mb_cover_card_maze(const struct mb_book *book, const char *place)
{
	if (!book || book->count == 0 || !place)
		return NULL;
	if (!strcmp(place, "cover-front"))
		return &book->mazes[0];
	if (!strcmp(place, "cover-back"))
		return &book->mazes[book->count / 2];
	return NULL;
}

void mb_cover_lattice_size(const struct mb_grid *g, int *a, int *b)
{
	const struct mb_lattice *lat = g->lat;

	*b = 0;
	if (g->kind == MB_GRID_POLAR)
		*a = lat->rings;
	else if (lat->outline == MB_OUTLINE_RECTANGLE)
		*a = lat->cols, *b = lat->rows;
	else
		*a = g->kind == MB_GRID_HEX ? lat->cols : lat->rows;
}

/* the first candidate that passes spec's filter, else the longest route's, into m */
static struct mb_maze *first_passing(const struct mb_book_spec *spec, const struct mb_book_maze *bm,
				     struct mb_maze *m, uint64_t *seed)
{
	const struct mb_generator *gen = bm->gen ? bm->gen : &mb_gen_backtracker;
	struct mb_maze *best = NULL;
	double best_ratio = -1;

	for (uint64_t attempt = 1; attempt <= MB_COVER_MAZE_ATTEMPTS; attempt++) {
		struct mb_measures ms;
		uint64_t s = mb_rng_derive(bm->seed ^ MB_COVER_SEED_TAG, attempt);

		mb_generate(gen, m, s, NULL);
		mb_maze_measure(m, &ms);
		if (mb_filter_pass(&spec->filter, &ms)) {
			mb_maze_free(best);
			*seed = s;
			return m;
		}
		if (ms.route_ratio > best_ratio) {
			best_ratio = ms.route_ratio;
			mb_maze_free(best);
			best = mb_maze_copy(m);
			*seed = s;
		}
	}
	mb_maze_free(m);
	return best;
}

struct mb_maze *mb_cover_stand_in(const struct mb_book_spec *spec,
				  const struct mb_book_maze *bm, int w, int h, uint64_t *seed)
{
	struct mb_maze *m = mb_maze_new(w, h, NULL);

	if (!m)
		BUG("cover maze %dx%d", w, h);
	return first_passing(spec, bm, m, seed);
}

struct mb_maze *mb_cover_lattice_stand_in(const struct mb_book_spec *spec,
					  const struct mb_book_maze *bm, int a, int b,
					  uint64_t *seed)
{
	const struct mb_lattice *lat = bm->maze->grid->lat;
	struct mb_plan_maze slot = { .kind = bm->maze->grid->kind, .outline = lat->outline,
				     .a = a, .b = b };
	struct mb_grid *g = mb_plan_grid(&slot, NULL, NULL, NULL);
	struct mb_maze *m;
	struct mb_side in, out;

	if (!g)
		return NULL;
	m = mb_maze_new_on(g);
	mb_grid_free(g);
	in = m->entrance;
	out = m->exit;
	/* the book's gaps were checked on its own grids; a name that fails here keeps the default */
	if ((spec->entrance && mb_grid_named_gap(m->grid, spec->entrance, &in, NULL) != MB_OK) ||
	    (spec->exit_side && mb_grid_named_gap(m->grid, spec->exit_side, &out, NULL) != MB_OK) ||
	    mb_maze_set_gaps(m, in, out, NULL) != MB_OK) {
		in = m->entrance;
		out = m->exit;
	}
	return first_passing(spec, bm, m, seed);
}

struct mb_maze *mb_cover_pattern(const struct mb_book *book, double page_w_pt, double page_h_pt,
				 uint64_t *seed)
{
	int w = (int)ceil(page_w_pt / MB_COVER_PATTERN_CELL_PT);
	int h = (int)ceil(page_h_pt / MB_COVER_PATTERN_CELL_PT);
	struct mb_maze *m;

	if (!book || book->count == 0)
		return NULL;
	w = w > MB_MAZE_MAX_SIDE ? MB_MAZE_MAX_SIDE : w < 1 ? 1 : w;
	h = h > MB_MAZE_MAX_SIDE ? MB_MAZE_MAX_SIDE : h < 1 ? 1 : h;
	m = mb_maze_new(w, h, NULL);
	if (!m)
		BUG("cover pattern %dx%d", w, h);
	*seed = book->mazes[0].seed ^ MB_COVER_SEED_TAG;
	mb_generate(&mb_gen_backtracker, m, *seed, NULL);
	return m;
}

static bool is_cover_place(const char *place)
{
	return !strcmp(place, "cover-front") || !strcmp(place, "cover-back");
}

/* drop the extras an earlier plan added (the title page's stays first) */
static void drop_cover_extras(struct mb_book *book)
{
	size_t kept = 0;

	for (size_t i = 0; i < book->extra_count; i++) {
		if (is_cover_place(book->extras[i].place))
			mb_maze_free(book->extras[i].maze);
		else
			book->extras[kept++] = book->extras[i];
	}
	book->extra_count = kept;
}

enum mb_status mb_cover_plan_mazes(const struct mb_book_spec *spec, struct mb_book *book,
				   int interior_pages, const struct mb_cover_grid *grids, size_t n,
				   struct mb_error *err)
{
	struct mb_cover_geometry g;
	struct mb_cover_case hc;
	struct mb_print print = mb_spec_print(spec);

	if (!book || book->count == 0 || !book->mazes[0].maze)
		return mb_error_set(err, MB_ERR_INPUT, "the book has no mazes to draw on the cover");
	if (interior_pages < 1)
		return mb_error_set(err, MB_ERR_INPUT,
				    "interior page count %d: expected 1 or more", interior_pages);
	drop_cover_extras(book);
	for (size_t i = 0; i < n; i++) {
		const struct mb_book_maze *bm = mb_cover_card_maze(book, grids[i].place);
		struct mb_maze *m;
		uint64_t seed = 0;
		/* the extra keeps the pointer: one of the two static names */
		const char *place = !strcmp(grids[i].place, "cover-front") ? "cover-front"
									    : "cover-back";

		if (!bm)
			BUG("cover card '%s'", grids[i].place ? grids[i].place : "(null)");
		/* a shaped maze is shown itself: a stand-in would need the shape again */
		if (!grids[i].drawn || (!mb_maze_is_rect(bm->maze) && !mb_grid_is_graph(bm->maze->grid)) ||
		    (grids[i].w == bm->maze->w && grids[i].h == bm->maze->h))
			continue;
		m = mb_grid_is_graph(bm->maze->grid)
			    ? mb_cover_lattice_stand_in(spec, bm, grids[i].w, grids[i].h, &seed)
			    : mb_cover_stand_in(spec, bm, grids[i].w, grids[i].h, &seed);
		if (!m)
			BUG("the cover's %s stand-in of %dx%d", mb_grid_kind_name(bm->maze->grid->kind),
			    grids[i].w, grids[i].h);
		if (!mb_book_add_extra(book, place, 0, bm->gen ? bm->gen->name : mb_gen_backtracker.name, seed,
				       m))
			return mb_error_set(err, MB_ERR_LIMIT,
					    "the book holds %d mazes besides its numbered ones: no "
					    "room for the cover's", MB_BOOK_MAX_EXTRAS);
	}
	mb_kdp_cover_geometry_for(&spec->trim, interior_pages, &print, &g, &hc);
	mb_maze_free(book->cover_pattern);
	book->cover_pattern = mb_cover_pattern(book, g.w_in * MB_PT_PER_IN, g.h_in * MB_PT_PER_IN,
					       &book->cover_pattern_seed);
	return MB_OK;
}

const struct mb_book_extra *mb_cover_stand_in_of(const struct mb_book *book, const char *place,
						 int w, int h)
{
	for (size_t i = 0; book && i < book->extra_count; i++) {
		const struct mb_book_extra *e = &book->extras[i];
		int a = e->maze->w, b = e->maze->h;

		if (mb_grid_is_graph(e->maze->grid))
			mb_cover_lattice_size(e->maze->grid, &a, &b);
		if (!strcmp(e->place, place) && a == w && b == h)
			return e;
	}
	return NULL;
}
