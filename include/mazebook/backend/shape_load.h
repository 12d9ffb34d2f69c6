/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Where a shape comes from, as the spec's `shape:` and the --shape option
 * name it (src/backend/shape/shape_raster.c, the only file that sees librsvg,
 * cairo's PNG reader and FreeType for this):
 *
 *   heart            a built-in shape (specs/shapes/)
 *   cat.svg          an SVG file: its dark parts, drawn by librsvg
 *   cat.png          a PNG file: its dark parts (alpha on white), read by
 *                    libpng with the bounds of src/backend/picture/picture.h and
 *                    at most MB_SHAPE_PICTURE_MAX_PIXELS
 *   text "ZOE"       letters and digits in the font file font_path (the
 *                    book's font), joined by a bar under them so a name
 *                    makes one piece
 *
 * Relative file names are taken against base_dir (the spec's folder; NULL:
 * the working directory). Only a regular file is read (a named pipe or a
 * folder is refused before it is opened). Errors name the file or the
 * text and say what was expected.
 */
#ifndef MAZEBOOK_SHAPE_LOAD_H
#define MAZEBOOK_SHAPE_LOAD_H

#include "mazebook/base/error.h"
#include "mazebook/base/limits.h"
#include "mazebook/maze/shape.h"

/* a shape is drawn this many pixels on its longer side to make its mask */
#define MB_SHAPE_INK_SIDE 600

struct mb_shape *mb_shape_load(const char *spec, const char *base_dir, const char *font_path,
			       struct mb_error *err);

struct mb_book_spec;

/*
 * Make spec->shape_grids[] from spec->shapes[]: about grid_w x grid_h
 * squares each, at least the level's min_shape_squares (scaled to the
 * grid), text in the spec's font (bold face). Fails with MB_ERR_INPUT at
 * the spec's 'shape' key, saying which shape and what to change.
 */
enum mb_status mb_spec_shape_grids(struct mb_book_spec *spec, struct mb_error *err);

#endif
