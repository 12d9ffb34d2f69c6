/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Silhouettes for shaped mazes, and turning them into masks.
 *
 * A shape is either a vector outline (closed paths in a box of its own
 * units, y growing down) or an ink image (a dark silhouette on a light
 * background, one byte of darkness per pixel, 0 light to 255 dark). The
 * built-in shapes are outlines kept in specs/shapes/ (see its README.md
 * for the format); a publisher's SVG or PNG and a text of letters are
 * turned into ink images by src/backend/shape/shape_raster.c.
 *
 * To make a mask, the shape is laid over a lattice of squares, scaled so
 * that about the wanted number of squares fall inside: a square is in when
 * most of it (more than half of 16 sample points) is inside the outline or
 * dark. The mask is then checked: one connected piece, no square joined to
 * the rest only at a corner, at least the minimum number of squares; holes
 * (left-out squares the outside cannot reach) are filled, so the rim is
 * one closed outer wall. Scales up to 12 % either side of the first guess
 * are tried, and the passing one with the count nearest the target wins.
 */
#ifndef MAZEBOOK_SHAPE_H
#define MAZEBOOK_SHAPE_H

#include <stddef.h>
#include <stdint.h>

#include "mazebook/base/error.h"
#include "mazebook/maze/grid.h"

struct mb_shape {
	char *name;		/* for messages: "heart", "cat.svg", "text \"ZOE\"" */
	double box_w, box_h;	/* the outline's box, or the image's pixels */
	/* an outline: rings of points, ring r is pt[2*ring_start[r] ...] */
	int rings;
	int *ring_start;	/* rings + 1 entries: the last is the point count */
	double *pt;		/* x, y pairs */
	/* or an image: img_w * img_h bytes of darkness */
	int img_w, img_h;
	uint8_t *ink;
};

/* The built-in shapes' names, in the order of specs/shapes/shapes.def. */
extern const char *const mb_shape_builtin_names[];
extern const size_t mb_shape_builtin_count;

/*
 * The built-in shape called name, or NULL with MB_ERR_INPUT naming the
 * valid ones (and the file and text forms).
 */
struct mb_shape *mb_shape_builtin(const char *name, struct mb_error *err);

/*
 * A shape from outline path data: absolute SVG path commands M, L, H, V,
 * C, Q and Z (and their coordinates, separated by spaces or commas) in a
 * box_w x box_h box. Every subpath is closed. MB_ERR_INPUT naming the
 * character position on bad data.
 */
struct mb_shape *mb_shape_from_path(const char *name, double box_w, double box_h,
				    const char *path, struct mb_error *err);

/* A shape from an ink image (copied). NULL with MB_ERR_INPUT if it has no dark pixel. */
struct mb_shape *mb_shape_from_ink(const char *name, int w, int h, const uint8_t *ink,
				   struct mb_error *err);

void mb_shape_free(struct mb_shape *s);

/*
 * Lay s over a w x h lattice at scale (squares per shape unit), centred,
 * into in[] (w * h flags). Returns the squares in. No checks, no filling.
 */
int mb_shape_raster(const struct mb_shape *s, int w, int h, double scale, uint8_t *in);

/*
 * Check a mask as a maze's shape: holes filled (in place), one piece, no
 * corner-only joins, at least min_squares. what names the shape in the
 * message, which says what to change.
 */
enum mb_status mb_shape_check(const char *what, int w, int h, uint8_t *in, int min_squares,
			      struct mb_error *err);

/*
 * The mask grid for s with about squares cells (at least min_squares),
 * as described above; NULL with MB_ERR_INPUT saying what to change.
 */
struct mb_grid *mb_shape_grid(const struct mb_shape *s, int squares, int min_squares,
			      struct mb_error *err);

#endif
