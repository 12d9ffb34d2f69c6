/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* The grid and its walls; see include/mazebook/maze.h. */
#include "config.h"
#include "mazebook/maze.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/xalloc.h"

const int mb_dir_dx[4] = { 0, 1, 0, -1 };
const int mb_dir_dy[4] = { -1, 0, 1, 0 };
const enum mb_dir mb_dir_opposite[4] = { MB_SOUTH, MB_WEST, MB_NORTH, MB_EAST };

struct mb_maze *mb_maze_new(int w, int h, struct mb_error *err)
{
	struct mb_maze *m;

	if (w < 1 || h < 1 || w > MB_MAZE_MAX_SIDE || h > MB_MAZE_MAX_SIDE) {
		mb_error_set(err, MB_ERR_INPUT,
			     "maze size %dx%d is out of range (each side 1 to %d squares)",
			     w, h, MB_MAZE_MAX_SIDE);
		return NULL;
	}
	m = xmalloc(sizeof(*m));
	m->w = w;
	m->h = h;
	m->open = xcalloc((size_t)w * (size_t)h, 1);
	return m;
}

void mb_maze_free(struct mb_maze *m)
{
	if (!m)
		return;
	free(m->open);
	free(m);
}

struct mb_maze *mb_maze_copy(const struct mb_maze *m)
{
	struct mb_maze *c = mb_maze_new(m->w, m->h, NULL);

	memcpy(c->open, m->open, (size_t)m->w * (size_t)m->h);
	return c;
}

void mb_maze_reset(struct mb_maze *m)
{
	memset(m->open, 0, (size_t)m->w * (size_t)m->h);
}

bool mb_maze_equal(const struct mb_maze *a, const struct mb_maze *b)
{
	return a->w == b->w && a->h == b->h &&
	       !memcmp(a->open, b->open, (size_t)a->w * (size_t)a->h);
}

bool mb_maze_is_open(const struct mb_maze *m, int x, int y, enum mb_dir dir)
{
	switch (dir) {
	case MB_NORTH:
		if (y == 0)
			return x == 0;
		return m->open[(y - 1) * m->w + x] & MB_OPEN_SOUTH;
	case MB_SOUTH:
		if (y == m->h - 1)
			return x == m->w - 1;
		return m->open[y * m->w + x] & MB_OPEN_SOUTH;
	case MB_WEST:
		if (x == 0)
			return false;
		return m->open[y * m->w + x - 1] & MB_OPEN_EAST;
	case MB_EAST:
		if (x == m->w - 1)
			return false;
		return m->open[y * m->w + x] & MB_OPEN_EAST;
	}
	BUG("bad direction %d", (int)dir);
}

void mb_maze_set_open(struct mb_maze *m, int x, int y, enum mb_dir dir, bool open)
{
	int nx = x + mb_dir_dx[dir], ny = y + mb_dir_dy[dir];
	uint8_t bit;

	if (!mb_maze_inside(m, x, y) || !mb_maze_inside(m, nx, ny))
		BUG("wall %d of (%d,%d) is on the boundary of a %dx%d maze",
		    (int)dir, x, y, m->w, m->h);
	/* the wall lives in the square west of it or north of it */
	if (dir == MB_WEST || dir == MB_NORTH) {
		x = nx;
		y = ny;
	}
	bit = (dir == MB_EAST || dir == MB_WEST) ? MB_OPEN_EAST : MB_OPEN_SOUTH;
	if (open)
		m->open[y * m->w + x] |= bit;
	else
		m->open[y * m->w + x] &= (uint8_t)~bit;
}

void mb_maze_link(struct mb_maze *m, int a, int b)
{
	int lo = a < b ? a : b, hi = a < b ? b : a;

	if (hi == lo + 1 && hi % m->w != 0)
		m->open[lo] |= MB_OPEN_EAST;
	else if (hi == lo + m->w)
		m->open[lo] |= MB_OPEN_SOUTH;
	else
		BUG("squares %d and %d of a %dx%d maze are not adjacent", a, b, m->w, m->h);
}

int mb_maze_degree(const struct mb_maze *m, int x, int y)
{
	int d = 0;

	for (int dir = 0; dir < 4; dir++)
		d += mb_maze_is_open(m, x, y, (enum mb_dir)dir);
	return d;
}

long mb_maze_openings(const struct mb_maze *m)
{
	long n = 0;
	size_t count = (size_t)m->w * (size_t)m->h;

	for (size_t i = 0; i < count; i++)
		n += (m->open[i] & MB_OPEN_EAST ? 1 : 0) + (m->open[i] & MB_OPEN_SOUTH ? 1 : 0);
	return n;
}

static bool parse_side(const char *s, char **end, int *out)
{
	long v;

	if (*s < '0' || *s > '9')
		return false;
	errno = 0;
	v = strtol(s, end, 10);
	if (errno || v > 1000000)
		v = 1000000;	/* still out of range, reported below */
	*out = (int)v;
	return true;
}

enum mb_status mb_maze_parse_size(const char *text, int *w, int *h, struct mb_error *err)
{
	char *end;
	int pw, ph;

	if (!parse_side(text, &end, &pw) || (*end != 'x' && *end != 'X') ||
	    !parse_side(end + 1, &end, &ph) || *end)
		return mb_error_set(err, MB_ERR_INPUT,
				    "bad size '%s' (expected WxH, e.g. 16x20, each side 1 to %d)",
				    text, MB_MAZE_MAX_SIDE);
	if (pw < 1 || ph < 1 || pw > MB_MAZE_MAX_SIDE || ph > MB_MAZE_MAX_SIDE)
		return mb_error_set(err, MB_ERR_INPUT,
				    "size '%s' is out of range (each side 1 to %d squares)",
				    text, MB_MAZE_MAX_SIDE);
	*w = pw;
	*h = ph;
	return MB_OK;
}
