/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The canonical key of a maze: the SHA-256 of a documented text form of
 * the puzzle as it is on paper, the same for a maze and every copy of it
 * that is turned or mirrored, or has its entrance and exit swapped. It is
 * what the catalogue (mazebook/book/catalogue.h) and a book's own repeat check
 * compare: never the bytes of struct mb_maze in memory.
 *
 * The form reads a maze only through struct mb_canon_grid (width, height,
 * is this inner wall open, where are the entrance and exit), so that a
 * new representation of mazes changes only the accessor
 * (mb_canon_grid_of_maze), never the key.
 *
 * Canonical form, version 1, for a rectangle of squares ("rect"):
 *
 *     mazebook-canon 1\n
 *     rect W H\n
 *     H lines of W digits and a \n: square (x, y)'s digit is 1 if the wall
 *       on its east is open plus 2 if the wall on its south is open (the
 *       rim is closed: its east digit on the last column and its south
 *       digit on the last row are 0)
 *     ends X Y D X Y D\n: the entrance and the exit, each a square and the
 *       side of it (N, E, S or W) that opens to the outside, the smaller
 *       (by Y, then X, then N < E < S < W) first: a puzzle walked
 *       backwards is the same puzzle
 *
 * with W and H in decimal. The key is the hex SHA-256 of the smallest
 * form (bytes compared with memcmp, then the shorter first) over the eight
 * symmetries of the square lattice: the identity, the mirror left-right,
 * the mirror top-bottom, the half turn, and with the grid transposed the
 * quarter turns and the two diagonal mirrors. A W x H maze turned a
 * quarter is printed as an H x W maze: the same puzzle on paper, so the
 * transposed forms count on every rectangle, not only on squares.
 *
 * Canonical form, version 1, for a graph grid (polar, hex, delta; read
 * from struct mb_maze directly, as the grid's tables define the order):
 *
 *     mazebook-canon 1\n
 *     grid D\n: D as mb_grid_describe() gives it ("polar 12 rings",
 *       "hex 12x13", "hex hexagon 5", "delta 20x10", "delta triangle 12")
 *     cells N walls M\n
 *     hex and delta only: N lines "A B\n", each cell's own coordinates
 *       (struct mb_lattice ca, cb) in cell order, so that masked grids of
 *       one outline and size tell apart
 *     the M inner walls' bits in the grid's wall order, 1 open, 0 closed,
 *       64 to a line, each line ending in \n
 *     ends C S C S\n: the entrance and the exit, each a cell number and
 *       its side's index in the cell's side list ("inside" for a polar
 *       centre exit), the smaller (by cell, then side; inside first) first
 *
 * The key is the hex SHA-256 of the smallest form over the symmetries
 * that are real on the grid: of the twelve turns by multiples of 60
 * degrees about the centroid of the cell centres, each alone and after a
 * mirror left-right, those that map every cell centre onto a cell centre
 * (with as many sides), every inner wall onto an inner wall and every rim
 * side onto a rim side, found exactly (to 1e-6 grid units) on the grid
 * itself. So a polar grid (every ring's count a multiple of six) has all
 * twelve; a hexagon of hexagons the twelve too; a triangle of triangles
 * the turns by 120 degrees and three mirrors; a rectangle of hexagons or
 * triangles the half turn and mirrors its row parity allows; a masked
 * grid only what its mask keeps (at least the identity). The symmetries
 * of the last graph grid keyed are kept with a reference to it (a book
 * keys many mazes of one grid), so that grid lives until another is keyed.
 */
#ifndef MAZEBOOK_CANON_H
#define MAZEBOOK_CANON_H

#include <stdbool.h>
#include <stddef.h>

#include "mazebook/base/sha256.h"
#include "mazebook/maze/maze.h"

#define MB_CANON_VERSION 1
#define MB_CANON_KEY_SIZE MB_SHA256_HEX_SIZE	/* 64 hex digits and a NUL */

/* a side of square (x, y) on the rim: dir is 0 north, 1 east, 2 south, 3 west */
struct mb_canon_side {
	int x, y, dir;
};

/* what the canonical form reads of a rectangular maze */
struct mb_canon_grid {
	const void *maze;	/* handed back to is_open */
	int width, height;	/* in squares, each >= 1 */
	/*
	 * Is the inner wall on side dir (0 N, 1 E, 2 S, 3 W) of square (x, y)
	 * open? Asked only for east and south walls of squares that have a
	 * neighbour there.
	 */
	bool (*is_open)(const void *maze, int x, int y, int dir);
	struct mb_canon_side entrance, exit;
};

/*
 * The accessor over struct mb_maze: its lattice, open walls and gaps (on a
 * rectangle the entrance above (0, 0) and the exit below (W-1, H-1); a
 * silhouette's squares left out have no open wall, so the form tells them).
 */
void mb_canon_grid_of_maze(const struct mb_maze *m, struct mb_canon_grid *g);

/*
 * The canonical form of g under symmetry t (0..7; 0 the maze as it is),
 * as a new NUL-terminated string (free() it); *len its length. For tests
 * and for `mazebook catalogue` to show; the key needs only mb_canon_key.
 */
char *mb_canon_form(const struct mb_canon_grid *g, int t, size_t *len);

/* The canonical key of g: 64 lowercase hex digits into key. */
void mb_canon_key(const struct mb_canon_grid *g, char key[MB_CANON_KEY_SIZE]);

/* Symmetries tried on a graph grid: six turns, each alone and after a mirror. */
#define MB_CANON_LATTICE_SYMMETRIES 12

/*
 * The canonical form of a graph-grid maze under symmetry t (0..11: a
 * turn by (t % 6) * 60 degrees, after a mirror when t >= 6), as a new
 * string (free() it), or NULL when t is not a symmetry of m's grid.
 * t = 0 always gives the form.
 */
char *mb_canon_lattice_form(const struct mb_maze *m, int t, size_t *len);

/* The canonical key of a maze (any grid kind). */
void mb_canon_key_maze(const struct mb_maze *m, char key[MB_CANON_KEY_SIZE]);

/*
 * Let go of what keying graph mazes keeps for the last grid, in this
 * thread (each thread keeps its own): before a thread that keyed ends.
 */
void mb_canon_forget(void);

#endif
