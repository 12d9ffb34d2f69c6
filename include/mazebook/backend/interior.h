/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The interior PDF writer (libharu behind it; no libharu type leaks out).
 * It draws what the page plan places: title page, about page, one maze per
 * maze page with START and FINISH arrows, and the solutions. Black ink
 * only (DeviceGray), every font embedded, no annotations, outlines,
 * encryption or transparency, streams compressed.
 *
 * The output is reproducible: the same spec, book and plan give the same
 * bytes. No clock is read; the creation date is set only when the
 * environment has SOURCE_DATE_EPOCH (seconds since 1970, UTC).
 *
 * What a maze page's content stream holds, for readers such as mazeproof:
 * the heading and START/FINISH words as text; two arrows, each a stroked
 * vertical m/l shaft outside the grid and a filled triangle; then all the
 * walls as ONE path, one `m` + one `l` per maximal straight run of wall
 * (horizontal runs row by row from the top, then vertical runs column by
 * column from the left), stroked once in black (0 G) with round caps and
 * joins at (at least) the geometry's wall width; then the page number. On
 * solution pages each maze's route comes first, a 0.55 G stroke through the
 * cell centres (a point only where it turns), then that maze's walls as
 * above. The walls and the route are each drawn inside q ... Q under a
 * `cell 0 0 -cell x top cm` that puts the grid's top-left corner at the
 * origin, one unit a square and y growing down: wall points are whole
 * numbers, route points end in .5 (readers must apply the CTM).
 */
#ifndef MAZEBOOK_INTERIOR_H
#define MAZEBOOK_INTERIOR_H

#include "mazebook/base/error.h"
#include "mazebook/book/book.h"
#include "mazebook/book/layout.h"
#include "mazebook/book/spec.h"

/*
 * Write the interior of spec's book with book's mazes (book->count must be
 * plan->maze_count) laid out by plan to path, directly (the caller makes
 * it atomic with a temporary name and a rename). Fonts: spec->font, else
 * DejaVu Sans (see mazebook/backend/fonts.h); labels in spec->language.
 *
 * Errors: MB_ERR_INPUT for a font that cannot be found or loaded or an
 * unknown language, MB_ERR_IO when path cannot be written (the message
 * names it and says why), MB_ERR_INTERNAL when libharu fails otherwise.
 * On failure no file is left at path.
 */
enum mb_status mb_interior_write(const struct mb_book_spec *spec, const struct mb_book *book,
				 const struct mb_page_plan *plan, const char *path,
				 struct mb_error *err);

/*
 * mb_interior_write in two steps, so that the document and its fonts
 * (libharu's two faces take a tenth of the interior's time) are made
 * while the caller does something else: open (errors as the fonts' and
 * the language's of mb_interior_write, *out NULL on failure), then write
 * once, then close (NULL accepted). spec must stay as it is until closed.
 */
struct mb_interior;
enum mb_status mb_interior_open(const struct mb_book_spec *spec, struct mb_interior **out,
				struct mb_error *err);
enum mb_status mb_interior_write_open(struct mb_interior *in, const struct mb_book *book,
				      const struct mb_page_plan *plan, const char *path,
				      struct mb_error *err);
void mb_interior_close(struct mb_interior *in);

/*
 * Check, before any maze is made, that no word of the texts the interior
 * sets without shrinking (the title and the copyright line on the about
 * page, at 10 pt) is wider than the page's line: such a word would run
 * into the margin and fail the preflight's gutter check, naming no key.
 * MB_ERR_INPUT with err->field the key ("copyright", "title", "author")
 * and the word's width and how many characters fit; font errors as
 * mb_interior_write.
 */
enum mb_status mb_interior_check_words(const struct mb_book_spec *spec,
				       const struct mb_page_plan *plan, struct mb_error *err);

#endif
