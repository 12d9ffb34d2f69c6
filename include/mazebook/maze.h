/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * A rectangular maze of W x H squares. Square (x, y) has x growing to the
 * east (right) and y growing to the south (down); its index is y * W + x.
 * Each wall between two squares is stored once, as two bits in the square
 * to its west or north: 1 byte per square. The outer boundary is always
 * closed except for two fixed gaps: the entrance in the top side of square
 * (0, 0) and the exit in the bottom side of square (W-1, H-1).
 */
#ifndef MAZEBOOK_MAZE_H
#define MAZEBOOK_MAZE_H

#include <stdbool.h>
#include <stdint.h>

#include "mazebook/error.h"

#define MB_MAZE_MAX_SIDE 200

enum mb_dir { MB_NORTH = 0, MB_EAST = 1, MB_SOUTH = 2, MB_WEST = 3 };

/* bits of mb_maze.open[i] */
#define MB_OPEN_EAST 1u
#define MB_OPEN_SOUTH 2u

struct mb_maze {
	int w, h;
	uint8_t *open;	/* w * h bytes of MB_OPEN_* bits */
};

/* dx, dy for each enum mb_dir */
extern const int mb_dir_dx[4];
extern const int mb_dir_dy[4];
/* the opposite direction of each enum mb_dir */
extern const enum mb_dir mb_dir_opposite[4];

/*
 * A new maze with every inner wall closed. Sizes outside 1..MB_MAZE_MAX_SIDE
 * give NULL and an MB_ERR_INPUT error that names the size and the limit.
 */
struct mb_maze *mb_maze_new(int w, int h, struct mb_error *err);
/* Accepts NULL. */
void mb_maze_free(struct mb_maze *m);
struct mb_maze *mb_maze_copy(const struct mb_maze *m);
/* Close every inner wall again. */
void mb_maze_reset(struct mb_maze *m);
bool mb_maze_equal(const struct mb_maze *a, const struct mb_maze *b);

/* Is (x, y) inside the grid? */
static inline bool mb_maze_inside(const struct mb_maze *m, int x, int y)
{
	return x >= 0 && y >= 0 && x < m->w && y < m->h;
}

/*
 * Is the side dir of square (x, y) open? Sides on the outer boundary are
 * closed, but for the entrance and exit gaps. (x, y) must be inside.
 */
bool mb_maze_is_open(const struct mb_maze *m, int x, int y, enum mb_dir dir);

/*
 * Open or close the wall on side dir of (x, y); the neighbour square on
 * that side must be inside the grid (BUG() otherwise).
 */
void mb_maze_set_open(struct mb_maze *m, int x, int y, enum mb_dir dir, bool open);

/* Open the wall between two squares given by index; they must be adjacent. */
void mb_maze_link(struct mb_maze *m, int a, int b);

/* Number of open sides of (x, y), the entrance and exit gaps included. */
int mb_maze_degree(const struct mb_maze *m, int x, int y);

/* Number of open inner walls. A perfect maze has w * h - 1. */
long mb_maze_openings(const struct mb_maze *m);

/*
 * Parse a size "WxH" (also "W×H" is not accepted: ASCII x or X only).
 * On error returns MB_ERR_INPUT with a message naming the text and the
 * valid range.
 */
enum mb_status mb_maze_parse_size(const char *text, int *w, int *h, struct mb_error *err);

#endif
