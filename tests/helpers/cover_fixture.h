/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Hand-made inputs for the cover tests and the cover sample tool: a spec
 * filled field by field (the YAML reader is not needed) and a book of
 * backtracker mazes made with mb_generate.
 */
#ifndef MAZEBOOK_COVER_FIXTURE_H
#define MAZEBOOK_COVER_FIXTURE_H

#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"
#include "mazebook/book/book.h"
#include "mazebook/book/level.h"
#include "mazebook/book/spec.h"
#include "mazebook/gen/generator.h"
#include "mazebook/kdp/kdp.h"

/* a spec for trim ("6x9"), the strings borrowed from static storage */
static inline void fixture_spec(struct mb_book_spec *s, const char *trim, const char *level)
{
	memset(s, 0, sizeof(*s));
	s->path = (char *)"book.yaml";
	s->title = (char *)"Amazing Mazes for Kids";
	s->subtitle = (char *)"Fun puzzles from start to finish";
	s->author = (char *)"Alex Pathfinder";
	s->level = mb_level_find(level);
	s->mazes = 50;
	if (mb_kdp_parse_trim(trim, &s->trim, NULL) != MB_OK)
		abort();
	s->paper = MB_PAPER_WHITE;
	s->seed = 1;
	s->solutions_per_page = 4;
	s->language = (char *)"en";
	s->cover.background_rgb = 0x1e88e5;
	s->cover.text_rgb = 0xffffff;
}

/* count mazes of the level's grid, made by the backtracker */
static inline void fixture_book(struct mb_book *b, const struct mb_level *level, size_t count)
{
	memset(b, 0, sizeof(*b));	/* no plan, no extras, no cover pattern: a hand-made book */
	b->count = count;
	b->mazes = xcalloc(count, sizeof(*b->mazes));
	for (size_t i = 0; i < count; i++) {
		struct mb_book_maze *bm = &b->mazes[i];

		bm->number = (int)i + 1;
		bm->gen = &mb_gen_backtracker;
		bm->seed = 1000 + i;
		bm->maze = mb_maze_new(level->w, level->h, NULL);
		mb_generate(bm->gen, bm->maze, bm->seed, NULL);
		bm->attempts = 1;
	}
}

static inline void fixture_book_free(struct mb_book *b)
{
	for (size_t i = 0; i < b->count; i++)
		mb_maze_free(b->mazes[i].maze);
	free(b->mazes);
	b->mazes = NULL;
	b->count = 0;
}

#endif
