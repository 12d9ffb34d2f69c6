/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The words printed in a book, per language (UTF-8): the one table the
 * interior and the cover both print from, so a word (START, a level's
 * name) is the same inside the book and on its cover. Templates hold "%d"
 * for numbers, filled in order by mb_labels_format (never by printf, so a
 * template can never be a format-string hazard).
 */
#ifndef MAZEBOOK_LABELS_H
#define MAZEBOOK_LABELS_H

#include <stddef.h>

#include "mazebook/base/error.h"

struct mb_labels {
	const char *language;		/* "en", "de", "fr", "es" */
	const char *maze;		/* "Maze %d": a maze page's heading */
	const char *start;		/* at the entrance */
	const char *finish;		/* at the exit */
	const char *solutions;		/* the solutions pages' heading */
	const char *solution_long;	/* "Solution to maze %d (page %d)" */
	const char *solution_short;	/* "Maze %d (page %d)": over a small solution */
	const char *how_to_play_title;	/* "How to play" */
	const char *how_to_play;	/* one paragraph */
	const char *level;		/* "Level" */
	const char *mazes;		/* "Mazes" */
	const char *seed;		/* "Seed" */
	const char *page;		/* "Page" */
	const char *rebuild;		/* why the seed is printed */
	const char *copyright;		/* "Copyright © %s" is built from it: "Copyright ©" */
	const char *published_by;	/* "Published by %s": the imprint line */
	const char *level_names[4];	/* easy, medium, hard, expert */
	/* the cover's own words (the ones above it shares with the interior) */
	const char *cover_badge;	/* "MAZES": under the count on the front's badge */
	const char *cover_count;	/* "%d mazes": the back's list */
	const char *cover_level;	/* "Level:": before the level's name on the back */
	const char *cover_solutions;	/* "Solutions included": the back's list */
	const char *cover_sample;	/* "Sample maze": over the back's maze */
	const char *cover_blurb;	/* "%d mazes to solve, ...": the back text when the spec has none */
	/* the pages around the mazes (issue 14); page_matter.c sets them */
	const char *belongs_to;		/* "This book belongs to" */
	const char *name;		/* "Name": beside a line to write on */
	const char *age;		/* "Age" */
	const char *ramp;		/* the how-to-play page's sentence on the ramp */
	const char *centre_goal;	/* how to play a polar maze whose way out is its centre */
	const char *contents;		/* "Contents" */
	const char *section_mazes;	/* "%d mazes": a section page's count */
	const char *certificate_title;	/* "Certificate of Completion" */
	const char *certificate_awarded;	/* "This certificate is awarded to" */
	const char *certificate_text;	/* "for finding the way through all %d mazes of" */
	const char *date;		/* "Date" */
	const char *signed_by;		/* "Signed" */
	const char *isbn;		/* "ISBN" */
	const char *rights;		/* "All rights reserved." */
	const char *colon;		/* between a label and its value: "Level: easy" */
};

extern const struct mb_labels mb_labels_table[];
extern const size_t mb_labels_count;

/* The labels for a language code ("en"); NULL when there are none. NULL name: English. */
const struct mb_labels *mb_labels_find(const char *language);
/* As mb_labels_find; an unknown code fails with MB_ERR_INPUT listing the valid ones. */
const struct mb_labels *mb_labels_lookup(const char *language, struct mb_error *err);

/*
 * Fill a template's "%d"s with a and then b ("%%" gives "%") into buf,
 * always NUL-terminated. Returns buf.
 */
const char *mb_labels_format(const char *tmpl, int a, int b, char *buf, size_t size);

/*
 * Every word and template of labels, for checking them against a font
 * before anything is printed: up to max pointers into words (templates
 * as they are, "%d" included). Returns how many there are (at most
 * MB_LABELS_WORDS_MAX).
 */
#define MB_LABELS_WORDS_MAX 48
size_t mb_labels_words(const struct mb_labels *labels, const char **words, size_t max);

/*
 * text as the language sets it, in a new string (free() it). French puts
 * a narrow no-break space (U+202F) before : ; ? and !: the words of the
 * table are written so, and in any other text a space typed there (one or
 * more of U+0020, U+00A0, U+2009, U+202F) becomes one U+202F, so a line
 * never breaks before the mark and the space is the same width on every
 * page and on the cover. Where no space was typed none is added ("10:30",
 * "https://"). Other languages' text is copied as it is.
 */
char *mb_labels_typeset(const struct mb_labels *labels, const char *text);

/* The level's name in this language (the English level name if not one of the four). */
const char *mb_labels_level_name(const struct mb_labels *labels, const char *level);

#endif
