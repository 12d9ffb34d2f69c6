/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The full-wrap paperback cover: one page, bleed | back | spine | front |
 * bleed, sized by mb_kdp_cover_geometry for the interior's page count and
 * paper. The front shows the title, subtitle, author and one of the book's
 * mazes drawn large with its route begun; the back the description, a
 * sample maze, a short list of what is inside and KDP's barcode area kept
 * plain white; the spine the title and author when KDP allows spine text
 * and they fit. The core composes all of it as a drawing list
 * (mazebook/page/cover_compose.h), fitting the text with Pango's metrics of
 * DejaVu Sans (or spec->font); this writer replays the list with cairo
 * and embeds the fonts as subsets; colours are opaque RGB.
 *
 * The same inputs always give the same bytes: the PDF's creation date is
 * SOURCE_DATE_EPOCH when that is set, else a fixed date.
 */
#ifndef MAZEBOOK_COVER_H
#define MAZEBOOK_COVER_H

#include "mazebook/base/error.h"
#include "mazebook/book/book.h"
#include "mazebook/book/cover_mazes.h"
#include "mazebook/book/spec.h"

/*
 * Write the cover PDF to path (created or truncated). Uses spec's title,
 * subtitle, author, trim, paper, font, language and cover colours and
 * back text; book must hold at least one maze; interior_pages is the
 * interior PDF's page count (it sets the spine width).
 *
 * Errors: MB_ERR_INPUT for a missing title or author, text that is not
 * UTF-8, a font that cannot be found, a book without mazes, a page count
 * below 1, or text that does not fit its place even at 7 pt (the message
 * names the field, e.g. "cover back text does not fit: 40 lines at 7 pt,
 * room for 31"; err->field is then the spec key: "title", "subtitle",
 * "author" or "cover.back", and "font" for font errors); MB_ERR_IO when
 * path cannot be written. On any error nothing is left at path (a file
 * this call began is removed).
 */
enum mb_status mb_cover_write(const struct mb_book_spec *spec, const struct mb_book *book,
			      int interior_pages, const char *path, struct mb_error *err);

/*
 * Plan the cover without drawing it, for the checks a build makes before
 * it writes anything: every text fits; the cover text reads against the
 * background (WCAG 2 contrast, 4.5:1 under 18 pt, 3:1 above; field
 * "cover.text"); the title is legible where Amazon shows the cover 160 px
 * wide (its capitals at least 6 px tall; field "title"). Errors as
 * mb_cover_write.
 */
/*
 * ... and the grid each of its cards has room for into grids[] (room for
 * MB_COVER_CARDS; *count of them), when both are given: the core makes the
 * stand-ins they need (mb_cover_plan_mazes), and the writer then draws the
 * book's. Each place's grid is the same for a given spec, book and page
 * count, so the writer finds the stand-ins planned for it. spine_note (may
 * be NULL) gets what the spine carries, or why it carries no text ("no
 * spine text: 0.19 in spine, the title needs 0.27 in at 7 pt; ...").
 */
enum mb_status mb_cover_check(const struct mb_book_spec *spec, const struct mb_book *book,
			      int interior_pages, struct mb_cover_grid *grids, size_t *count,
			      char *spine_note, size_t spine_note_size, struct mb_error *err);

/*
 * The cover's puzzles as they print, for mazeproof (which reads black
 * walls on white): a page of the cover's size, white, holding each card's
 * maze drawn by the very ops of the cover's list (the same points, pens
 * and caps), black instead of the card's ink. The background's faint
 * pattern is a texture with no gaps, not a puzzle, and is left out, as is
 * the front's maze when the publisher's art covers it. *count gets how
 * many mazes the sheet holds; with none, nothing is written. Errors as
 * mb_cover_write.
 */
enum mb_status mb_cover_proof_sheet(const struct mb_book_spec *spec, const struct mb_book *book,
				    int interior_pages, const char *path, size_t *count,
				    struct mb_error *err);

/*
 * The same cover drawn at dpi (10 to 1200) to a PNG at png_path, with the
 * print guides on top: the bleed shaded, the trim lines, the spine folds
 * and the spine text clearance, the safe zone 0.125 in inside each trim,
 * the barcode box outline, and labels. The image covers the whole page
 * (bleed included), so pixel (0, 0) is the top left corner of the bleed.
 * Errors as mb_cover_write, and MB_ERR_INPUT for a dpi out of range.
 */
enum mb_status mb_cover_preview_png(const struct mb_book_spec *spec, const struct mb_book *book,
				    int interior_pages, const char *png_path, double dpi,
				    struct mb_error *err);

#endif
