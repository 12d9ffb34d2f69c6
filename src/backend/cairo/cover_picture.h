/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* A PNG or JPEG file as a cairo surface, for the cover (backend only: it speaks cairo). */
#ifndef MAZEBOOK_COVER_PICTURE_H
#define MAZEBOOK_COVER_PICTURE_H

#include <cairo.h>

#include "mazebook/base/error.h"

/*
 * Read the picture at path (PNG or JPEG, told by its first bytes) into
 * *out. A JPEG keeps its own bytes as the surface's MIME data, so the PDF
 * embeds it as it is. key is "cover.image" or "cover.logo", whose bounds
 * apply (MB_COVER_IMAGE_MAX_PIXELS, MB_COVER_LOGO_MAX_PIXELS). Fails on
 * field key for a file that is neither, is not a regular file, is damaged,
 * is CMYK, or is larger than its bound (checked before decoding).
 */
enum mb_status mb_cover_picture_load(const char *path, const char *key, cairo_surface_t **out,
				     struct mb_error *err);

#endif
