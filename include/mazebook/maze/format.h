/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * A maze as text, JSON and SVG: the writers `mazebook maze` prints with and
 * the text parser other tools (and the tests) read mazes back with. Every
 * writer returns a new NUL-terminated string that the caller frees with
 * free(); none of them does I/O, so they are pure functions of the maze.
 *
 * The text format, for a W x H maze: 2H + 1 lines of 3W + 1 characters.
 * Even lines (0, 2, ...) are wall rows: a `+` at every corner (column 3x)
 * and between corners `--` for a wall or two spaces for an opening. Odd
 * lines are square rows: column 3x is `|` for a wall or a space for an
 * opening, columns 3x+1 and 3x+2 are the square itself, two spaces, or
 * `::` when the square is marked (on the route). The entrance is the gap in
 * the top wall over square (0, 0), the exit the gap in the bottom wall
 * under square (W-1, H-1); the rest of the boundary is closed. Lines end
 * with their last `+` or `|` (no trailing spaces). Several mazes are
 * separated by one empty line. An 8x5 example:
 *
 *     +  +--+--+--+--+--+--+--+
 *     |  |                    |
 *     +  +--+  +--+  +--+--+--+
 *     |     |     |           |
 *     +--+  +  +--+--+--+--+  +
 *     |  |  |  |     |        |
 *     +  +  +--+  +  +  +--+  +
 *     |  |        |     |  |  |
 *     +  +--+--+--+--+--+  +  +
 *     |                       |
 *     +--+--+--+--+--+--+--+  +
 */
#ifndef MAZEBOOK_FORMAT_H
#define MAZEBOOK_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mazebook/base/error.h"
#include "mazebook/maze/maze.h"

/*
 * The maze as text (format above), ending with a newline. marked is NULL
 * or w * h flags: the squares drawn as `::`.
 */
char *mb_format_text(const struct mb_maze *m, const bool *marked);

/*
 * The squares on m's route from entrance to exit as w * h flags (a new
 * array the caller frees), ready for mb_format_text. All false when the
 * exit cannot be reached.
 */
bool *mb_format_route_marks(const struct mb_maze *m);

/* One maze read back from text. */
struct mb_text_maze {
	struct mb_maze *maze;
	bool *marked;		/* w * h flags: the squares written `::` */
	int line;		/* 1-based line of the maze's first line */
};

/* Every maze of a text, in order; release with mb_text_mazes_release. */
struct mb_text_mazes {
	struct mb_text_maze *items;
	size_t count;
};

/*
 * Read every maze in text (format above; blank lines separate mazes, a
 * trailing '\r' on a line is ignored). file names the input in error
 * messages (NULL for none). On error returns MB_ERR_INPUT with the 1-based
 * line and column of the first wrong character and what was expected
 * there, and leaves out empty. Text without any maze is an error too.
 */
enum mb_status mb_format_text_parse(const char *text, const char *file,
				    struct mb_text_mazes *out, struct mb_error *err);
/* Free what mb_format_text_parse filled in; out is left empty. */
void mb_text_mazes_release(struct mb_text_mazes *set);

/*
 * The maze as one JSON object (no trailing newline):
 *
 *   width, height   squares
 *   algorithm       the generator's name (null when NULL is passed)
 *   seed            the seed that generated it (an unsigned 64-bit number)
 *   start           the start square it grew from ("entrance", "random",
 *                   "centre"; null when NULL is passed: a generator without
 *                   one): with algorithm and seed, it regenerates the maze
 *   open            H strings of W digits, one per row from the top; digit
 *                   = 1 if the square's east wall is open + 2 if its south
 *                   wall is open (the MB_OPEN_* bits of struct mb_maze).
 *                   The boundary walls and the two gaps are implied.
 *   route           [x, y] pairs from the entrance square to the exit square
 *   measures        every field of struct mb_measures, under the same names
 *
 * A polar, hex or delta maze (a graph grid) is written instead as kind
 * ("polar", "hex", "delta"), grid (mb_grid_describe), outline (hex and
 * delta), size ({rings}, {cols, rows}, a hexagon's {side}, a triangle's
 * {rows}), algorithm, seed, start, bounds ([x0, y0, x1, y1] of the walls
 * in grid units, y down), cells (one object per cell numbered from 0:
 * centre [x, y] and its sides in the grid's order, each {neighbour: N,
 * open} or {rim: true, open}), entrance and exit ({cell, side}: the side's
 * index in the cell's list, or "centre"), route (cell numbers from the
 * entrance's cell to the exit's) and measures.
 */
char *mb_format_json(const struct mb_maze *m, const char *algorithm, uint64_t seed,
		     const char *start);

#endif
