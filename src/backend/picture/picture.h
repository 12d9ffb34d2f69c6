/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * PNG and JPEG pictures a spec names (the cover's art and logo, shape
 * masks) as cairo surfaces, with bounds for what they are used for: the
 * size in the file's header is judged before anything is decoded, the
 * decoders' memory is capped, and a damaged file (a bad checksum, cut
 * short, a decoder's warning) is refused rather than drawn half grey.
 */
#ifndef MAZEBOOK_PICTURE_H
#define MAZEBOOK_PICTURE_H

#include <cairo.h>
#include <stddef.h>

#include "mazebook/base/error.h"
#include "mazebook/base/limits.h"

/* what a picture is for, and so how large it may be */
struct mb_picture_use {
	const char *key;	/* the spec key for the message ("cover.image"), or NULL */
	const char *what;	/* its bound's name: "cover.image", "a shape picture" */
	const char *noun;	/* the file's name in other messages: "picture", "shape" */
	long max_pixels;	/* width x height at most this, before decoding */
	const char *advice;	/* what to do with a larger one: "scale it to ..." */
};

/*
 * Decode the PNG or JPEG (told by its first bytes) in data into *out, an
 * RGB24 surface or, for a PNG with transparency, ARGB32. name is the file
 * for messages. Fails with MB_ERR_INPUT (or MB_ERR_LIMIT for a picture of
 * more than use->max_pixels, checked from its header before it is
 * decoded) naming use->key as the field at fault.
 */
enum mb_status mb_picture_decode(const char *name, const unsigned char *data, size_t len,
				 const struct mb_picture_use *use, cairo_surface_t **out,
				 struct mb_error *err);

/*
 * mb_picture_decode on the file at path, read only when it is a regular
 * file (mazebook/io/regular_file.h) of at most MB_PICTURE_MAX_FILE_BYTES. A
 * JPEG keeps its own bytes as the surface's MIME data, so a PDF embeds it
 * as it is.
 */
enum mb_status mb_picture_load(const char *path, const struct mb_picture_use *use,
			       cairo_surface_t **out, struct mb_error *err);

#endif
