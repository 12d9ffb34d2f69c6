/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * libFuzzer target for the PNG reader of the cover's pictures and shape
 * masks (mb_picture_decode, src/backend/picture/picture.c) with the front art's
 * bounds: any bytes give an error, or a surface of the size the header
 * claimed within the bound, never a crash, a leak, a hang or more memory
 * than the bound allows. `make fuzz` runs it from tests/data/fuzz/png/;
 * tests/cli/cli_fuzz_regress.sh replays the seeds.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../src/backend/picture/picture.h"
#include "mazebook/cover_image.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	static const struct mb_picture_use use = {
		"cover.image", "cover.image", "picture", MB_COVER_IMAGE_MAX_PIXELS,
		MB_COVER_IMAGE_ADVICE
	};
	cairo_surface_t *s;
	struct mb_error err;

	/* the other reader has a target of its own */
	if (!(len >= 8 && !memcmp(data, "\x89PNG\r\n\x1a\n", 8)))
		return 0;
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
