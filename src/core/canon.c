/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The canonical form and key of a maze; the form is documented in
 * include/mazebook/canon.h. Each symmetry maps every open inner wall and
 * both ends of the original onto the turned or mirrored grid, the form of
 * each is written out, and the smallest is hashed.
 */
#include "config.h"
#include "mazebook/canon.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/xalloc.h"

static const int dx[4] = { 0, 1, 0, -1 };
static const int dy[4] = { -1, 0, 1, 0 };
static const char dir_letter[4] = { 'N', 'E', 'S', 'W' };

/* the direction with vector (x, y) */
static int dir_of(int x, int y)
{
	for (int d = 0; d < 4; d++)
		if (dx[d] == x && dy[d] == y)
			return d;
	BUG("no direction (%d, %d)", x, y);
}

/*
 * Symmetry t: bit 2 transposes (x, y) -> (y, x), then bit 0 mirrors
 * left-right and bit 1 top-bottom on the grid that results.
 */
static void map_square(int t, int w, int h, int x, int y, int *ox, int *oy)
{
	int nw = t & 4 ? h : w, nh = t & 4 ? w : h;
	int nx = t & 4 ? y : x, ny = t & 4 ? x : y;

	*ox = t & 1 ? nw - 1 - nx : nx;
	*oy = t & 2 ? nh - 1 - ny : ny;
}

static int map_dir(int t, int d)
{
	int x = t & 4 ? dy[d] : dx[d], y = t & 4 ? dx[d] : dy[d];

	return dir_of(t & 1 ? -x : x, t & 2 ? -y : y);
}

static struct mb_canon_side map_side(int t, int w, int h, struct mb_canon_side s)
{
	struct mb_canon_side o;

	map_square(t, w, h, s.x, s.y, &o.x, &o.y);
	o.dir = map_dir(t, s.dir);
	return o;
}

static bool side_before(struct mb_canon_side a, struct mb_canon_side b)
{
	if (a.y != b.y)
		return a.y < b.y;
	if (a.x != b.x)
		return a.x < b.x;
	return a.dir < b.dir;
}

char *mb_canon_form(const struct mb_canon_grid *g, int t, size_t *len)
{
	int w = g->width, h = g->height;
	int nw = t & 4 ? h : w, nh = t & 4 ? w : h;
	size_t head_max = 64, size = head_max + (size_t)nh * ((size_t)nw + 1) + 64;
	char *out = xmalloc(size), *rows;
	struct mb_canon_side a, b;
	size_t used;

	if (t < 0 || t > 7)
		BUG("symmetry %d", t);
	used = (size_t)snprintf(out, head_max, "mazebook-canon %d\nrect %d %d\n",
				MB_CANON_VERSION, nw, nh);
	rows = out + used;
	for (int y = 0; y < nh; y++) {
		memset(rows + (size_t)y * ((size_t)nw + 1), '0', (size_t)nw);
		rows[(size_t)y * ((size_t)nw + 1) + (size_t)nw] = '\n';
	}
	/* every inner wall once, as the east or south wall of the square west or north of it */
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			for (int d = 1; d <= 2; d++) {
				int tx, ty, td;

				if ((d == 1 && x == w - 1) || (d == 2 && y == h - 1) ||
				    !g->is_open(g->maze, x, y, d))
					continue;
				map_square(t, w, h, x, y, &tx, &ty);
				td = map_dir(t, d);
				if (td == 3)
					tx--, td = 1;	/* the east wall of the square to the west */
				else if (td == 0)
					ty--, td = 2;
				rows[(size_t)ty * ((size_t)nw + 1) + (size_t)tx] += td == 1 ? 1 : 2;
			}
	used += (size_t)nh * ((size_t)nw + 1);
	a = map_side(t, w, h, g->entrance);
	b = map_side(t, w, h, g->exit);
	if (side_before(b, a)) {
		struct mb_canon_side s = a;

		a = b;
		b = s;
	}
	used += (size_t)snprintf(out + used, size - used, "ends %d %d %c %d %d %c\n", a.x, a.y,
				 dir_letter[a.dir], b.x, b.y, dir_letter[b.dir]);
	*len = used;
	return out;
}

void mb_canon_key(const struct mb_canon_grid *g, char key[MB_CANON_KEY_SIZE])
{
	char *best = NULL;
	size_t best_len = 0;

	for (int t = 0; t < 8; t++) {
		size_t len;
		char *form = mb_canon_form(g, t, &len);
		size_t common = len < best_len ? len : best_len;
		int c = best ? memcmp(form, best, common) : -1;

		if (!best || c < 0 || (c == 0 && len < best_len)) {
			free(best);
			best = form;
			best_len = len;
		} else {
			free(form);
		}
	}
	mb_sha256_hex(best, best_len, key);
	free(best);
}

static bool maze_is_open(const void *maze, int x, int y, int dir)
{
	return mb_maze_is_open(maze, x, y, (enum mb_dir)dir);
}

void mb_canon_grid_of_maze(const struct mb_maze *m, struct mb_canon_grid *g)
{
	*g = (struct mb_canon_grid){
		.maze = m,
		.width = m->w,
		.height = m->h,
		.is_open = maze_is_open,
		/* the maze's own gaps: a silhouette's need not be the corners */
		.entrance = { m->entrance.cell % m->w, m->entrance.cell / m->w, m->entrance.dir },
		.exit = { m->exit.cell % m->w, m->exit.cell / m->w, m->exit.dir },
	};
}

void mb_canon_key_maze(const struct mb_maze *m, char key[MB_CANON_KEY_SIZE])
{
	struct mb_canon_grid g;

	mb_canon_grid_of_maze(m, &g);
	mb_canon_key(&g, key);
}
