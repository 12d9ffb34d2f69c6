/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * A maze as a PNG image (the cairo backend behind `mazebook maze --format
 * png`). No cairo type appears here.
 */
#ifndef MAZEBOOK_PNG_MAZE_H
#define MAZEBOOK_PNG_MAZE_H

#include <stdbool.h>
#include <stdio.h>

#include "mazebook/base/error.h"
#include "mazebook/maze/maze.h"

/* pixels per square and the margin around the maze, in pixels */
#define MB_PNG_MAZE_SQUARE_PX 16
#define MB_PNG_MAZE_MARGIN_PX 8

/*
 * Draw m on white (black walls 2 px wide; with solution, the route as a
 * red line through the squares' centres from the entrance gap to the exit
 * gap) and write it as PNG to out. name is out's name for messages. On a
 * cairo or write failure returns MB_ERR_IO (or MB_ERR_INTERNAL) naming
 * name.
 */
enum mb_status mb_png_maze_write(FILE *out, const char *name, const struct mb_maze *m,
				 bool solution, struct mb_error *err);

#endif
