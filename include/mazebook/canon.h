/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The canonical key of a maze: the SHA-256 of a documented text form of
 * the puzzle as it is on paper, the same for a maze and every copy of it
 * that is turned or mirrored, or has its entrance and exit swapped. It is
 * what the catalogue (mazebook/catalogue.h) and a book's own repeat check
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
 */
#ifndef MAZEBOOK_CANON_H
#define MAZEBOOK_CANON_H

#include <stdbool.h>
#include <stddef.h>

#include "mazebook/maze.h"
#include "mazebook/sha256.h"

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

/* The canonical key of a maze. */
void mb_canon_key_maze(const struct mb_maze *m, char key[MB_CANON_KEY_SIZE]);

#endif
