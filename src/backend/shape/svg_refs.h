/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* What an SVG shape may refer to: only its own elements (svg_refs.c). */
#ifndef MAZEBOOK_SVG_REFS_H
#define MAZEBOOK_SVG_REFS_H

#include <stddef.h>

#include "mazebook/base/error.h"

/*
 * MB_OK when the SVG in data (the file path, for messages) brings in
 * nothing from outside its own text: no <image> or <feImage> (librsvg
 * would decode the picture whole, whatever its size), no XInclude, no
 * href or url() but to its own elements ("#id"), no style sheet from
 * elsewhere. Otherwise MB_ERR_INPUT saying what and on which line; a file
 * that is not well-formed XML is refused too.
 */
enum mb_status mb_svg_refs_check(const char *path, const unsigned char *data, size_t len,
				 struct mb_error *err);

#endif
