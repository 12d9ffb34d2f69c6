/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * What the picture readers' fuzz targets share (fuzz/fuzz_png.c and
 * fuzz/fuzz_jpeg.c; each keeps only its format's signature, so that the
 * other reader's inputs do not spend its runs): decode the bytes with
 * mb_picture_decode (src/backend/picture/picture.c) under the front art's
 * bounds, and abort unless they give an error that says why and no
 * surface, or a good surface of the size the header claimed within the
 * bound. libFuzzer then reports a crash, a leak, a hang or more memory
 * than the bound allows.
 */
#ifndef MAZEBOOK_FUZZ_PICTURE_H
#define MAZEBOOK_FUZZ_PICTURE_H

#include <stdint.h>
#include <stdlib.h>

#include "../src/backend/picture/picture.h"
#include "mazebook/page/cover_image.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);

static int fuzz_picture(const uint8_t *data, size_t len)
{
	static const struct mb_picture_use use = {
		"cover.image", "cover.image", "picture", MB_COVER_IMAGE_MAX_PIXELS,
		MB_COVER_IMAGE_ADVICE
	};
	cairo_surface_t *s;
	struct mb_error err;

	mb_error_init(&err);
	if (mb_picture_decode("fuzz", data, len, &use, &s, &err) == MB_OK) {
		long w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);

		if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS || w < 1 || h < 1 ||
		    w * h > MB_COVER_IMAGE_MAX_PIXELS)
			abort();
		cairo_surface_destroy(s);
	} else if (!err.message[0] || s) {
		abort();	/* a failure says why and returns nothing */
	}
	return 0;
}

#endif
