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
#include <stdint.h>

#include "mazebook/base/error.h"

/*
 * The file of font name in its regular or bold face into path (size
 * bytes). name is a font file path (anything with a '/' or ending in .ttf
 * or .otf) with TrueType outlines, a fontconfig name ("DejaVu Sans",
 * "Liberation Serif:bold") or NULL for DejaVu Sans. A named family that
 * fontconfig does not have, a missing file or a file without TrueType
 * outlines fails with MB_ERR_INPUT naming it (CFF-flavoured OpenType with
 * a sentence on converting it). For a file path, bold finds the bold face
 * beside it (Foo-Regular.ttf -> Foo-Bold.ttf ...) or fails saying to name
 * one with font_bold:. For a family without a bold face, bold gives the
 * regular face.
 */
enum mb_status mb_font_find(const char *name, bool bold, char *path, size_t size,
			    struct mb_error *err);

/*
 * As mb_font_find, with the spec's font_bold (a file or a fontconfig
 * name; NULL when not set) answering for the bold face; errors about it
 * name the key "font_bold".
 */
enum mb_status mb_font_find_face(const char *regular, const char *bold_file, bool bold,
				 char *path, size_t size, struct mb_error *err);

/* One printed text to check: what it is, for the message, and its spec key. */
struct mb_font_text {
	const char *field;	/* the spec key at fault ("title", "language"); may be NULL */
	const char *what;	/* "the title", "the labels for 'fr'" */
	const char *text;	/* UTF-8; NULL or empty: nothing to check */
};

/*
 * The first character of text (UTF-8) that the font file at path has no
 * glyph for, as fontconfig reads the file's coverage (its charset): 0 when
 * it has them all. Control characters (below U+0020, U+007F) are not
 * printed as glyphs and are skipped. name (name_size bytes, may be 0)
 * gets the face's full name ("DejaVu Sans Bold"). A file fontconfig cannot
 * read fails with MB_ERR_INPUT (field "font"); text that is not UTF-8 with
 * MB_ERR_INPUT.
 */
enum mb_status mb_font_first_missing(const char *path, const char *text, uint32_t *missing,
				     char *name, size_t name_size, struct mb_error *err);

/*
 * Check that the regular and the bold face of font name (as mb_font_find
 * finds them) can print every text in texts[0..count-1]. The first
 * character either face lacks fails with MB_ERR_INPUT, err->field the
 * text's field, and a message such as "the title has a character the font
 * cannot print: '日' (U+65E5) is not in DejaVu Sans; choose a font that has
 * it with 'font:'". A font that cannot be found fails as mb_font_find.
 */
enum mb_status mb_font_check_texts(const char *name, const char *bold_file,
				   const struct mb_font_text *texts,
				   size_t count, struct mb_error *err);

#endif
