/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Every text a book prints, listed for the check that its font has a
 * glyph for each character (the check itself reads the font: the fc
 * backend's mb_font_check_texts). The list is the page layer's: it knows
 * what goes on the pages and the cover; it reads no font.
 */
#ifndef MAZEBOOK_GLYPHS_H
#define MAZEBOOK_GLYPHS_H

#include <stddef.h>

#include "mazebook/book/labels.h"
#include "mazebook/book/spec.h"

/* One printed text: its spec key, what it is (for the message) and the text. */
struct mb_glyph_text {
	const char *field;	/* the spec key at fault ("title", "language") */
	const char *what;	/* "the title", "the wording for language 'fr'" */
	const char *text;	/* UTF-8; NULL or empty: nothing to check */
};

/* the list and the text it points into (a few kB: a caller's stack holds it) */
struct mb_glyph_list {
	struct mb_glyph_text texts[96 + 2 * MB_SPEC_MAX_SECTIONS + 1];
	size_t count;
	char what[64];
	char filled[MB_LABELS_WORDS_MAX][1024];	/* the templates with their numbers filled in */
};

/* Fill list with every text s prints; it points into s, which must outlive it. */
void mb_glyphs_list(const struct mb_book_spec *s, struct mb_glyph_list *list);

#endif
