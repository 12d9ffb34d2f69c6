/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* The cover's pictures (cover_picture.h), each bounded for its use (picture.h). */
#include "config.h"

#include <string.h>

#include "cover_picture.h"
#include "../picture/picture.h"
#include "mazebook/page/cover_image.h"

static const struct mb_picture_use art = {
	"cover.image", "cover.image", "picture", MB_COVER_IMAGE_MAX_PIXELS, MB_COVER_IMAGE_ADVICE
};
static const struct mb_picture_use logo = {
	"cover.logo", "cover.logo", "picture", MB_COVER_LOGO_MAX_PIXELS, MB_COVER_LOGO_ADVICE
};

enum mb_status mb_cover_picture_load(const char *path, const char *key, cairo_surface_t **out,
				     struct mb_error *err)
{
	return mb_picture_load(path, strcmp(key, "cover.logo") ? &art : &logo, out, err);
}
