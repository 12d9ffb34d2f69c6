/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The book plan (issue 14): what a spec asks for, as plain data the maze
 * maker, the page plan, the interior, the cover and the manifest all read.
 * A book is a list of sections, each a run of mazes; maze numbers run
 * through the whole book. Each maze slot of the plan says what its maze
 * must be: its grid, the filter it must pass and the level whose "auto"
 * generators make it. A spec without "sections:" is one section made of
 * the book-wide keys, and its plan is exactly today's book: every slot the
 * spec's grid, filter and level.
 *
 * A ramp section ("ramp: easy..hard") grows step by step over its mazes:
 * slot k of n (from 0) stands at t = k / (n - 1) (0 for one maze) between
 * the two levels. Its grid is the first level's fitted grid (the trim's,
 * mb_layout_fit_grid) grown to the last level's, each side rounded to the
 * nearest square; its route ratio and forks are the levels' thresholds at
 * t (forks rounded); its generators are those of the level nearest t.
 */
#ifndef MAZEBOOK_PLAN_H
#define MAZEBOOK_PLAN_H

#include <stdbool.h>

#include "mazebook/base/error.h"
#include "mazebook/book/labels.h"
#include "mazebook/book/level.h"
#include "mazebook/book/spec.h"

/* a section's shape: the book's shapes in turn, plain rectangles, or its own */
#define MB_PLAN_BOOK_SHAPES (-1)
#define MB_PLAN_NO_SHAPE (-2)
#define MB_PLAN_SECTION_SHAPE (-3)	/* the spec section's shape_grid */

struct mb_plan_section {
	const char *title;		/* borrowed from the spec; NULL: a book without sections */
	const char *description;	/* borrowed; NULL: none given */
	const struct mb_level *level;	/* its level; on a ramp the first */
	const struct mb_level *level_to;	/* a ramp's last level; else == level */
	bool ramp;
	const char *algorithm;		/* borrowed: "auto" or a generator's name */
	int shape;			/* MB_PLAN_BOOK_SHAPES, _NO_SHAPE or _SECTION_SHAPE */
	const char *shape_name;		/* borrowed: its shape's name (the section's, or the
					 * book's when it has one), else NULL */
	int first;			/* its first maze, 0-based in the book */
	int count;			/* its mazes */
};

struct mb_plan_maze {
	int section;			/* index into sections */
	int w, h;			/* the grid on a rectangle (a shape has its own); on
					 * a graph kind its level's square grid */
	struct mb_filter filter;	/* what the maze must pass */
	const struct mb_level *level;	/* whose "auto" generators make it */
	/*
	 * The grid's kind (issue 16): MB_GRID_RECT for a square maze (or a
	 * shape's mask), else a graph grid of size a x b as mb_grid_new_polar
	 * (a rings), _hex and _delta (a x b cols x rows; a alone on the
	 * hexagon and triangle outlines) take it: the spec's size, else the
	 * level's for the kind (a ramp grows it as it grows squares)
	 */
	enum mb_grid_kind kind;
	enum mb_grid_outline outline;
	int a, b;
};

struct mb_plan {
	bool sectioned;			/* the spec gave "sections:" */
	bool order_ramp;		/* each section sorted by difficulty, easiest first */
	int section_count;
	struct mb_plan_section *sections;	/* owned */
	int maze_count;
	struct mb_plan_maze *mazes;	/* maze_count slots, in the book's order; owned */
};

/*
 * The plan of spec (read and resolved by mb_spec_load). MB_ERR_INPUT when
 * the spec has no mazes or a section names a level that does not exist
 * (a spec filled by hand). On success the caller frees plan with
 * mb_plan_release; it borrows strings from spec, so spec must outlive it.
 */
enum mb_status mb_plan_make(const struct mb_book_spec *spec, struct mb_plan *plan,
			    struct mb_error *err);

/* Accepts a zeroed or released plan. */
void mb_plan_release(struct mb_plan *plan);

/*
 * The size level gives a graph grid of kind and outline, as struct
 * mb_plan_maze's a x b (b 0 where one number is the size): the level's
 * MB_LEVEL_GRID line (mb_level_grid_size).
 */
void mb_plan_level_size(const struct mb_level *level, enum mb_grid_kind kind,
			enum mb_grid_outline outline, int *a, int *b);

/*
 * The generators "auto" uses for level on grids of kind, comma-separated
 * (mb_level_auto_list: the level's list on squares, its shape list on a
 * mask, the kind's MB_LEVEL_GRID list on graph grids). Into buf; returns buf.
 */
const char *mb_plan_auto_list(const struct mb_level *level, enum mb_grid_kind kind, char *buf,
			      size_t size);

/*
 * A new empty grid of slot m's kind and size (a graph grid: rect slots
 * are made by mb_maze_new), or NULL with err set; keep and ctx as
 * mb_grid_new_hex's.
 */
struct mb_grid *mb_plan_grid(const struct mb_plan_maze *m, mb_grid_mask_fn keep, void *ctx,
			     struct mb_error *err);

/* The section maze i (0-based) belongs to. */
int mb_plan_section_of(const struct mb_plan *plan, int maze);

/* Is the plan's a multi-level book (sections of several levels, or a ramp)? */
bool mb_plan_multi_level(const struct mb_plan *plan);

/*
 * The book's level in words, for the about page and the cover: the level's
 * name in labels' language ("easy"), or for a multi-level book its easiest
 * to its hardest joined by an en dash ("easy\u2013expert", the way a range
 * is written in every language mazebook prints). Into buf; returns buf.
 */
const char *mb_plan_level_words(const struct mb_plan *plan, const struct mb_labels *labels,
				char *buf, size_t size);

#endif
