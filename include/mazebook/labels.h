/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The words printed in a book, per language (UTF-8). Templates hold "%d"
 * for numbers, filled in order by mb_labels_format (never by printf, so a
 * template can never be a format-string hazard).
 */
#ifndef MAZEBOOK_LABELS_H
#define MAZEBOOK_LABELS_H

#include <stddef.h>

#include "mazebook/error.h"

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
	const char *order_ramp;		/* the about page of an "order: ramp" book */
	const char *copyright;		/* "Copyright © %s" is built from it: "Copyright ©" */
	const char *published_by;	/* "Published by %s": the imprint line */
	const char *level_names[4];	/* easy, medium, hard, expert */
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

/* The level's name in this language (the English level name if not one of the four). */
const char *mb_labels_level_name(const struct mb_labels *labels, const char *level);

#endif
