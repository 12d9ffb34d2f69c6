/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * What the maze formats (src/maze/format_*.c) share, private to src/maze:
 * the one test that picks the plain rectangle's short forms over the
 * general ones, in the text and in JSON alike.
 */
#ifndef MAZEBOOK_MAZE_FORMAT_INTERNAL_H
#define MAZEBOOK_MAZE_FORMAT_INTERNAL_H

#include <stdbool.h>

#include "mazebook/maze/maze.h"

/* Does the maze have the rectangle's fixed gaps (and no squares left out)? */
static inline bool plain_rectangle(const struct mb_maze *m)
{
	return mb_maze_is_rect(m) && m->entrance.cell == 0 && m->entrance.dir == MB_NORTH &&
	       m->exit.cell == m->w * m->h - 1 && m->exit.dir == MB_SOUTH;
}

#endif
