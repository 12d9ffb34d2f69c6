/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The mazes of a book: each one's seed derives from the book seed and its
 * number (so adding mazes keeps the earlier ones), and candidates are
 * generated and measured until one passes the level's filter.
 */
#ifndef MAZEBOOK_BOOK_H
#define MAZEBOOK_BOOK_H

#include <stddef.h>
#include <stdint.h>

#include "mazebook/base/error.h"
#include "mazebook/base/limits.h"
#include "mazebook/book/plan.h"
#include "mazebook/book/spec.h"
#include "mazebook/gen/generator.h"
#include "mazebook/maze/canon.h"
#include "mazebook/maze/maze.h"
#include "mazebook/maze/measure.h"

struct mb_book_maze {
	int number;			/* 1-based, as printed */
	const struct mb_generator *gen;
	uint64_t seed;			/* the candidate's seed: regenerates this maze */
	enum mb_start start;		/* with gen and seed; MB_START_DEFAULT: gen has none */
	struct mb_maze *maze;		/* owned */
	struct mb_measures measures;
	int attempts;			/* candidates generated, this one included */
	char key[MB_CANON_KEY_SIZE];	/* its canonical key (mazebook/maze/canon.h) */
	int shape;			/* index into the spec's shapes, -1: a rectangle */
	int section;			/* index into the plan's sections */
	int slot;			/* the plan's slot it was made for (0-based): its
					 * seed's index; the number differs when sorted */
	double score;			/* mb_difficulty_score of its measures */
};

/*
 * A maze the book prints besides its numbered ones: the title page's, and
 * the cover's stand-ins (drawn where the book's grid is too fine for the
 * cover's cards). The catalogue records them and the manifest lists them,
 * with the recipe that makes them again.
 */
struct mb_book_extra {
	const char *place;		/* "title-page", "cover-front", "cover-back" */
	int page;			/* the interior page; 0 on the cover */
	const char *generator;		/* a generator's name */
	uint64_t seed;
	struct mb_maze *maze;		/* owned */
	char key[MB_CANON_KEY_SIZE];
};

#define MB_BOOK_MAX_EXTRAS 4

struct mb_book {
	size_t count;
	struct mb_book_maze *mazes;	/* count entries, owned */
	size_t extra_count;
	struct mb_book_extra extras[MB_BOOK_MAX_EXTRAS];	/* the title page's first */
	/*
	 * The title page's small maze: 9 x 9 by the backtracker (on a shaped
	 * book, in the first shape), from MB_BOOK_TITLE_SEED(spec seed); owned
	 */
	struct mb_maze *title_maze;
	uint64_t title_seed;
	/*
	 * The cover's faint background pattern (mazebook/book/cover_mazes.h), owned;
	 * NULL until the cover is planned. In the manifest, not the catalogue.
	 */
	struct mb_maze *cover_pattern;
	uint64_t cover_pattern_seed;
	struct mb_plan plan;		/* what each maze was made for; owned */
};

/* the title maze's seed, from the book's */
#define MB_BOOK_TITLE_TAG 0x7469746c65ULL

/* progress callback: called after each maze is chosen; may be NULL */
typedef void mb_book_progress_fn(size_t done, size_t total, void *data);

/*
 * Make the mazes of spec's plan (mb_plan_make, kept in book->plan): slot i
 * (0-based) gets a maze on its grid that passes its filter, by the
 * section's algorithm or its level's "auto" list; maze n's seeds derive
 * from the spec's seed and n = i + 1 alone. With shapes, a section of the
 * book's shapes carves maze n in spec->shape_grids[(n - 1) mod
 * shape_count] (made first by mb_spec_shape_grids) with the level's
 * shape_algorithms for "auto", and gaps named by entrance:/exit:. With
 * order: ramp each section's mazes are then sorted by difficulty score,
 * easiest first (ties keep their order), and numbered again: numbers run
 * through the book. A ramp section keeps its ramp's order (its grid grows
 * maze by maze; sorted by score, big and small grids would alternate). Fails with MB_ERR_LIMIT when a maze cannot pass its
 * filter within MB_BOOK_MAX_ATTEMPTS candidates, naming the filter and the
 * best candidate found (at the section's place for a section's maze). No
 * two mazes of a book are the same, nor turned or mirrored copies of each
 * other (their canonical keys differ).
 */
enum mb_status mb_book_make(const struct mb_book_spec *spec, struct mb_book *book,
			    mb_book_progress_fn *progress, void *data, struct mb_error *err);

void mb_book_release(struct mb_book *book);

/*
 * Add a maze the book prints outside its numbered ones (book takes maze);
 * false when MB_BOOK_MAX_EXTRAS are there.
 */
bool mb_book_add_extra(struct mb_book *book, const char *place, int page, const char *generator,
		       uint64_t seed, struct mb_maze *maze);

#endif
