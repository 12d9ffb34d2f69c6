/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The cover's mazes, chosen by the core with the book's others: which of
 * the book's mazes each card shows, the coarser stand-ins drawn where the
 * book's grid is too fine for a card, and the faint background pattern.
 * The cover writer draws what it is given and makes no maze of its own
 * (DESIGN.md: a PDF writer never generates a maze).
 *
 * The flow: the cover writer plans its layout (mb_cover_check) and reports
 * the grid each card has room for; mb_cover_plan_mazes makes the stand-ins
 * those grids need, adds them to the book as extras ("cover-front",
 * "cover-back": in the manifest, in the catalogue, proven like the
 * title page's) and sets the pattern (in the manifest; not catalogued: it
 * is a texture, not a puzzle).
 */
#ifndef MAZEBOOK_COVER_MAZES_H
#define MAZEBOOK_COVER_MAZES_H

#include <stdbool.h>
#include <stdint.h>

#include "mazebook/base/error.h"
#include "mazebook/book/book.h"
#include "mazebook/book/spec.h"
#include "mazebook/maze/maze.h"

/* mixed into a book maze's seed for its cover stand-in and the pattern ("cover") */
#define MB_COVER_SEED_TAG 0x636f766572ULL
/* candidates tried for a stand-in that passes the level's filter */
#define MB_COVER_MAZE_ATTEMPTS 200
/* the background pattern's square side, in points (0.55 in) */
#define MB_COVER_PATTERN_CELL_PT (0.55 * 72.0)

/* A card's maze: where it is and the grid the card has room for. */
struct mb_cover_grid {
	const char *place;	/* "cover-front" or "cover-back" */
	int w, h;		/* the grid it draws; the book maze's own size: no stand-in */
	bool drawn;		/* false: the card shows something else (the front's art) */
};

#define MB_COVER_CARDS 2

/*
 * The book maze a card is about ("cover-front": the first, "cover-back":
 * the middle one); NULL for another place or a book without mazes.
 */
const struct mb_book_maze *mb_cover_card_maze(const struct mb_book *book, const char *place);

/*
 * A w x h stand-in for book maze bm: bm's generator (the backtracker when
 * it has none), a seed derived from bm's, the first of
 * MB_COVER_MAZE_ATTEMPTS candidates that passes spec's filter, else the one
 * with the longest route. *seed gets the seed that makes it again. The
 * caller owns the maze. w and h must be valid maze sides (else BUG).
 */
struct mb_maze *mb_cover_stand_in(const struct mb_book_spec *spec,
				  const struct mb_book_maze *bm, int w, int h, uint64_t *seed);

/*
 * A graph grid's size as a card names it: polar rings (b 0), hex or
 * delta cols x rows on the rectangle, the hexagon's side or the
 * triangle's rows (b 0) on theirs.
 */
void mb_cover_lattice_size(const struct mb_grid *g, int *a, int *b);

/*
 * A coarser stand-in for polar, hex or delta book maze bm, of bm's kind
 * and outline at size a x b (as mb_cover_lattice_size names it), made as
 * mb_cover_stand_in makes a square one, with the gaps entrance: and exit:
 * name (a polar maze's way out its centre by default). NULL when the grid
 * cannot be made.
 */
struct mb_maze *mb_cover_lattice_stand_in(const struct mb_book_spec *spec,
					  const struct mb_book_maze *bm, int a, int b,
					  uint64_t *seed);

/*
 * The background pattern for a cover page_w_pt x page_h_pt: a backtracker
 * maze of MB_COVER_PATTERN_CELL_PT squares covering the page (at most
 * MB_MAZE_MAX_SIDE a side), from the first maze's seed. NULL only when the
 * book has no mazes. *seed gets its seed.
 */
struct mb_maze *mb_cover_pattern(const struct mb_book *book, double page_w_pt, double page_h_pt,
				 uint64_t *seed);

/*
 * Make the stand-ins grids[] need (for each drawn card whose grid is not
 * its book maze's own, on a rectangular book maze) and add them to book as
 * extras, and set book->cover_pattern for the cover of a book of
 * interior_pages pages. Replaces the cover's mazes of an earlier call.
 * Errors: MB_ERR_INPUT for a book without mazes or a page count below 1,
 * MB_ERR_LIMIT when the book has no room for another extra.
 */
enum mb_status mb_cover_plan_mazes(const struct mb_book_spec *spec, struct mb_book *book,
				   int interior_pages, const struct mb_cover_grid *grids, size_t n,
				   struct mb_error *err);

/*
 * The stand-in the book holds for place, w x h (a graph stand-in: its
 * mb_cover_lattice_size); NULL when it holds none.
 */
const struct mb_book_extra *mb_cover_stand_in_of(const struct mb_book *book, const char *place,
						 int w, int h);

#endif
