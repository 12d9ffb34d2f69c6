/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Drawing lists (include/mazebook/page/draw.h) replayed into a libharu page,
 * and text measured with libharu's fonts for the core's fitting. A
 * backend header: it names libharu's types, so only backends include it.
 */
#ifndef MAZEBOOK_DRAW_HPDF_H
#define MAZEBOOK_DRAW_HPDF_H

#include <hpdf.h>
#include <pthread.h>

#include "mazebook/base/error.h"
#include "mazebook/page/draw.h"

/*
 * The book's two faces, loaded into a document (bold may be NULL when
 * nothing bold is set). When pages are measured in one thread and replayed
 * in another, lock is held around every use of the faces: measuring marks
 * the glyphs used (for the subset) and libharu's UTF-8 encoder keeps its
 * parse state in itself. NULL: one thread, no lock.
 */
struct mb_hpdf_fonts {
	HPDF_Font regular, bold;
	pthread_mutex_t *lock;
};

/*
 * Text metrics over fonts (borrowed; it must outlive *out): widths as
 * libharu's HPDF_Page_TextWidth gives them, vertical metrics from the
 * font's own ascent, descent and cap height.
 */
void mb_hpdf_metrics_init(struct mb_text_metrics *out, const struct mb_hpdf_fonts *fonts);

/*
 * Replay l into page (whose size the caller has set to l's): y is flipped
 * against l->height, colours whose channels agree are written as
 * DeviceGray, paths and state as content straight into the page's stream
 * (numbers in at most five decimals, pen widths rounded up so a scaled
 * line is never under its width in points), text through libharu so its
 * fonts embed the glyphs used. Fails with MB_ERR_INTERNAL on what an
 * interior may not hold (transparency, pictures, a face not loaded) or a
 * stream that cannot be written; libharu's own errors reach the
 * document's error handler as usual.
 */
enum mb_status mb_hpdf_replay(HPDF_Page page, const struct mb_draw_list *l,
			      const struct mb_hpdf_fonts *fonts, struct mb_error *err);

/*
 * A long path drawn in local units (under a TRANSFORM), as the replay
 * wrote it: content[at, at + len) is its points and its painting operator,
 * nothing of the graphics state, and box ([x0, y0, x1, y1] in those units)
 * holds all it inks. A figure placed on two pages (a maze and its
 * solution) is the same bytes on both, whatever its place, size and pen:
 * the interior writes it once, as a form both pages draw.
 */
struct mb_hpdf_figure {
	size_t at, len;
	double box[4];
};

struct mb_hpdf_figures {
	struct mb_hpdf_figure *v;
	size_t count, cap;
};

/* the shortest path worth a form of its own: a form and its use cost about 200 bytes */
#define MB_HPDF_FIGURE_MIN 4096

/*
 * The same, the page's content returned in *content (*len bytes, the
 * caller's to free, and to put into the page's stream itself) rather than
 * left in the stream: libharu writes the text runs, whose bytes are moved
 * out as they come; the rest never passes through libharu, which copies
 * a byte at a time. The page's figures of MB_HPDF_FIGURE_MIN bytes or more
 * replace what figures held (figures may be NULL). On failure *content
 * and the figures are empty.
 */
enum mb_status mb_hpdf_replay_take(HPDF_Page page, const struct mb_draw_list *l,
				   const struct mb_hpdf_fonts *fonts, char **content, size_t *len,
				   struct mb_hpdf_figures *figures, struct mb_error *err);

#endif
