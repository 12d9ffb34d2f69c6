/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The whole cover composed by the core as one drawing list
 * (include/mazebook/page/draw.h): background and pattern, the front (title,
 * subtitle, author, the first maze on a card with its route begun, the
 * badge), the spine (title and author, turned), the back (headline,
 * description, sample maze, what is inside, logo, the barcode area).
 * Text is fitted here, with the widths the renderer's font backend
 * reports (struct mb_text_metrics); the publisher's pictures are IMAGE ops
 * by id, sized from their pixel sizes. A renderer only replays the list
 * (src/backend/cairo/draw_cairo.c for the PDF and the preview).
 *
 * Points, top left origin, y down, the page being the cover's full wrap.
 */
#ifndef MAZEBOOK_COVER_COMPOSE_H
#define MAZEBOOK_COVER_COMPOSE_H

#include <stdbool.h>

#include "mazebook/base/error.h"
#include "mazebook/book/book.h"
#include "mazebook/book/cover_mazes.h"
#include "mazebook/book/spec.h"
#include "mazebook/kdp/kdp.h"
#include "mazebook/page/draw.h"

/* the ids of the cover's pictures in the list's IMAGE ops */
#define MB_COVER_IMAGE_ART 1
#define MB_COVER_IMAGE_LOGO 2
/* the least size any cover text is set at */
#define MB_COVER_MIN_TEXT_PT 7.0
/* Amazon's search results show a cover this wide, and a title's capitals need this height */
#define MB_COVER_THUMB_W_PX 160
#define MB_COVER_MIN_THUMB_CAP_PX 6.0

struct mb_cover_input {
	const struct mb_book_spec *spec;
	const struct mb_book *book;
	int pages;				/* the interior's page count */
	const struct mb_text_metrics *tm;	/* the renderer's font backend */
	const char *mark;			/* before each line of the back's list */
	int art_w_px, art_h_px;			/* spec->cover.image's pixels; 0: none */
	int logo_w_px, logo_h_px;		/* spec->cover.logo's pixels; 0: none */
};

/* a rectangle in points, top left origin, y down */
struct mb_cover_box {
	double x, y, w, h;
};

/* A text the cover sets straight on its background, for the contrast check. */
struct mb_cover_text {
	const char *what;	/* "the title" */
	double size;		/* points */
	bool bold;
};

#define MB_COVER_MAX_TEXTS 8

struct mb_cover {
	struct mb_draw_list *list;		/* owned */
	struct mb_cover_geometry g;
	struct mb_cover_case hc;		/* a hardcover's wrap and hinge; zero otherwise */
	double page_w, page_h;
	struct mb_cover_box back, spine, front, barcode;	/* the art's boards (less any hinge) */
	bool spine_text;			/* the spine carries the title */
	char spine_note[192];			/* what the spine carries, or why nothing */
	/* the grid each card has room for (mb_cover_plan_mazes makes their stand-ins) */
	struct mb_cover_grid grids[MB_COVER_CARDS];
	size_t grid_count;
	struct mb_cover_text texts[MB_COVER_MAX_TEXTS];
	size_t text_count;
	int pages;				/* the interior's page count */
	double title_pt;			/* the front title's size */
	double title_cap_pt;			/* the height of its capitals */
};

/*
 * Compose the cover into out (released with mb_cover_release, also after
 * an error). Errors (MB_ERR_INPUT, err->field the spec key): a missing
 * title or author, a book without mazes, a page count below 1, a text
 * that does not fit its place even at 7 pt ("cover back text does not
 * fit: 40 lines at 7 pt, room for 31"), a card with no room left for its
 * maze, a picture that prints under 300 dpi.
 */
enum mb_status mb_cover_compose(const struct mb_cover_input *in, struct mb_cover *out,
				struct mb_error *err);

/*
 * The checks a reader would make, on a composed cover: the texts on the
 * background against WCAG 2's contrast (4.5:1 under 18 pt, 14 pt bold;
 * 3:1 above; field "cover.text"), and the title's capitals at least
 * MB_COVER_MIN_THUMB_CAP_PX tall where Amazon shows the cover
 * MB_COVER_THUMB_W_PX wide (field "title").
 */
enum mb_status mb_cover_compose_check(const struct mb_cover *c, const struct mb_book_spec *spec,
				      struct mb_error *err);

/*
 * The preview's print guides for a cover drawn at dpi, appended to l (to
 * draw over the cover): the bleed (or a hardcover's wrap) washed out, the
 * trim lines, the spine folds and the spine text clearance, a hardcover's
 * hinges, the safe zone 0.125 in inside each trim, the barcode box, and
 * labels on white. Lines and labels keep a legible size in pixels. tm
 * measures the labels.
 */
void mb_cover_guides(const struct mb_cover *c, const struct mb_book_spec *spec,
		     const struct mb_text_metrics *tm, double dpi, struct mb_draw_list *l);

void mb_cover_release(struct mb_cover *c);

#endif
