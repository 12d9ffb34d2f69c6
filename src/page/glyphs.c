/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Every text a book prints, for the glyph check; see
 * include/mazebook/page/glyphs.h. Moved out of the build command: what a book
 * prints is the pages' business, reading a font the backend's.
 */
#include "config.h"
#include "mazebook/page/glyphs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void mb_glyphs_list(const struct mb_book_spec *s, struct mb_glyph_list *list)
{
	const struct mb_labels *l = mb_labels_find(s->language);
	const char *lang = s->language ? s->language : "en";
	struct mb_glyph_text *texts = list->texts;
	size_t n = 0;

	snprintf(list->what, sizeof(list->what), "the wording for language '%s'", lang);
	texts[n++] = (struct mb_glyph_text){ "title", "the title", s->title };
	texts[n++] = (struct mb_glyph_text){ "subtitle", "the subtitle", s->subtitle };
	texts[n++] = (struct mb_glyph_text){ "author", "the author", s->author };
	texts[n++] = (struct mb_glyph_text){ "cover.back", "the back cover text", s->cover.back };
	texts[n++] = (struct mb_glyph_text){ "copyright", "the copyright", s->copyright };
	texts[n++] = (struct mb_glyph_text){ "imprint", "the imprint", s->imprint };
	/* the sections' words, at their keys (the place names live in the spec) */
	for (size_t p = 0; p < s->place_count && p < MB_SPEC_MAX_PLACES; p++) {
		const char *key = s->places[p].key, *dot;
		int i;

		if (strncmp(key, "sections.", 9) || !(dot = strchr(key + 9, '.')))
			continue;
		i = atoi(key + 9) - 1;
		if (i < 0 || i >= s->section_count)
			continue;
		if (!strcmp(dot, ".title"))
			texts[n++] = (struct mb_glyph_text){ key, "the section's title",
							    s->sections[i].title };
		else if (!strcmp(dot, ".description"))
			texts[n++] = (struct mb_glyph_text){ key, "the section's description",
							    s->sections[i].description };
	}
	/* a book of several levels prints their range with an en dash (mb_plan_level_words) */
	if (s->section_count)
		texts[n++] = (struct mb_glyph_text){ "sections", "the levels' range",
						    "\xe2\x80\x93" };
	if (l) {
		/* one table of words for the interior and the cover */
		const char *words[MB_LABELS_WORDS_MAX];
		size_t count = mb_labels_words(l, words, MB_LABELS_WORDS_MAX);

		/* "Maze %d": the digits are printed, the "%d" is not */
		for (size_t i = 0; i < count; i++)
			texts[n++] = (struct mb_glyph_text){
				"language", list->what,
				mb_labels_format(words[i], 1234567890, 1234567890, list->filled[i],
						 sizeof(list->filled[i]))
			};
	}
	list->count = n;
}
