/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The cairo renderer of drawing lists (include/mazebook/page/draw.h), and the
 * text metrics the core fits text with, from Pango. Backend only: this
 * header names cairo and Pango types, so no core file may include it.
 */
#ifndef MAZEBOOK_DRAW_CAIRO_H
#define MAZEBOOK_DRAW_CAIRO_H

#include <cairo.h>
#include <pango/pangocairo.h>

#include "mazebook/page/draw.h"

/* The book's two faces for text runs, borrowed from the caller. */
struct mb_cairo_fonts {
	PangoContext *pctx;
	const PangoFontDescription *face[2];	/* MB_FACE_REGULAR, MB_FACE_BOLD */
};

/* The picture a list's IMAGE names by id; NULL: nothing is drawn there. */
typedef cairo_surface_t *mb_cairo_image_fn(void *ctx, int id);

struct mb_cairo_replay {
	const struct mb_cairo_fonts *fonts;	/* NULL: the list's TEXT runs are skipped */
	mb_cairo_image_fn *image;		/* NULL: IMAGE ops are skipped */
	void *image_ctx;
};

/*
 * Replay every op of l onto cr in order. cr's current transformation maps
 * the list's points (top left origin, y down) to the device, so a PNG
 * scales first and a PDF surface of the list's size needs nothing. A TEXT
 * run is laid out by Pango in its face and size with ligatures off (so
 * "fi" stays two letters for search), its baseline at (x, y), turned by
 * angle_deg; with outline > 0 its glyph outlines are stroked under the
 * fill. An IMAGE's picture is scaled to its box. cr's state is the same
 * afterwards (unbalanced SAVEs are undone). Returns cr's status.
 */
cairo_status_t mb_draw_cairo(cairo_t *cr, const struct mb_draw_list *l,
			     const struct mb_cairo_replay *r);

/*
 * Text metrics from fonts for the core (struct mb_text_metrics): widths
 * are Pango's logical advance widths of one unwrapped line, with the same
 * settings mb_draw_cairo draws with, so what the core fits is what
 * prints. fonts must outlive tm.
 */
void mb_draw_cairo_metrics(const struct mb_cairo_fonts *fonts, struct mb_text_metrics *tm);

/* The Pango layout of one text run's line, as mb_draw_cairo draws it (the caller unrefs it). */
PangoLayout *mb_draw_cairo_layout(const struct mb_cairo_fonts *fonts, enum mb_face face,
				  double size, const char *utf8, int len);

#endif
