/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Finding the TrueType files a book is set in. The interior writer embeds
 * them with libharu, which reads TrueType (glyf) fonts only, so every
 * answer is a .ttf file. Uses fontconfig, then the usual Debian folder,
 * then the source tree's fonts/ folder.
 */
#ifndef MAZEBOOK_FONTS_H
#define MAZEBOOK_FONTS_H

#include <stdbool.h>
#include <stddef.h>

#include "mazebook/error.h"

/*
 * The file of font name in its regular or bold face into path (size
 * bytes). name is a TrueType file path (anything with a '/' or ending in
 * .ttf), a fontconfig name ("DejaVu Sans", "Liberation Serif:bold") or
 * NULL for DejaVu Sans. A named family that fontconfig does not have, a
 * missing file or a file that is not TrueType fails with MB_ERR_INPUT
 * naming it. For a file path, bold gives the same file (set the spec's
 * font to a family name to get a real bold face). For a family without a
 * bold face, bold gives the regular face.
 */
enum mb_status mb_font_find(const char *name, bool bold, char *path, size_t size,
			    struct mb_error *err);

#endif
