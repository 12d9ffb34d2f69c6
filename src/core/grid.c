/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Grids of cells; see include/mazebook/grid.h. The rectangle keeps no
 * tables at all (every question is arithmetic), so that a rectangular
 * maze costs what it cost before grids existed; a mask keeps one flag per
 * lattice square and the list of its cells.
 */
#include "config.h"
#include "mazebook/grid.h"

#include <stdlib.h>
#include <string.h>

#include "mazebook/xalloc.h"

const int mb_dir_dx[4] = { 0, 1, 0, -1 };
const int mb_dir_dy[4] = { -1, 0, 1, 0 };
const enum mb_dir mb_dir_opposite[4] = { MB_SOUTH, MB_WEST, MB_NORTH, MB_EAST };
const char *const mb_dir_side_name[4] = { "top", "right", "bottom", "left" };

const char *mb_grid_kind_name(enum mb_grid_kind kind)
{
	return kind == MB_GRID_RECT ? "rectangle" : "mask";
}

static bool size_ok(int w, int h, struct mb_error *err)
{
	if (w < 1 || h < 1 || w > MB_GRID_MAX_SIDE || h > MB_GRID_MAX_SIDE) {
		mb_error_set(err, MB_ERR_INPUT,
			     "maze size %dx%d is out of range (each side 1 to %d squares)",
			     w, h, MB_GRID_MAX_SIDE);
		return false;
	}
	return true;
}

struct mb_grid *mb_grid_new_rect(int w, int h, struct mb_error *err)
{
	struct mb_grid *g;

	if (!size_ok(w, h, err))
		return NULL;
	g = xcalloc(1, sizeof(*g));
	g->kind = MB_GRID_RECT;
	g->w = w;
	g->h = h;
	g->cells = w * h;
	g->refs = 1;
	return g;
}

struct mb_grid *mb_grid_new_mask(int w, int h, const uint8_t *in, struct mb_error *err)
{
	struct mb_grid *g;
	int n = 0;

	if (!size_ok(w, h, err))
		return NULL;
	for (int i = 0; i < w * h; i++)
		n += in[i] != 0;
	if (n == 0) {
		mb_error_set(err, MB_ERR_INPUT, "the %dx%d mask has no squares in it", w, h);
		return NULL;
	}
	g = xcalloc(1, sizeof(*g));
	g->kind = MB_GRID_MASK;
	g->w = w;
	g->h = h;
	g->cells = n;
	g->refs = 1;
	g->in = xmalloc((size_t)w * (size_t)h);
	g->cell_list = xmallocarray((size_t)n, sizeof(int));
	n = 0;
	for (int i = 0; i < w * h; i++) {
		g->in[i] = in[i] != 0;
		if (in[i])
			g->cell_list[n++] = i;
	}
	return g;
}

struct mb_grid *mb_grid_ref(struct mb_grid *g)
{
	g->refs++;
	return g;
}

void mb_grid_free(struct mb_grid *g)
{
	if (!g || --g->refs > 0)
		return;
	free(g->in);
	free(g->cell_list);
	free(g);
}

int mb_grid_neighbour(const struct mb_grid *g, int i, enum mb_dir dir)
{
	int x = i % g->w + mb_dir_dx[dir], y = i / g->w + mb_dir_dy[dir];

	return mb_grid_is_cell(g, x, y) ? y * g->w + x : -1;
}

void mb_grid_wall(const struct mb_grid *g, int i, enum mb_dir dir, struct mb_segment *out)
{
	double x = i % g->w, y = i / g->w;

	switch (dir) {
	case MB_NORTH:
		*out = (struct mb_segment){ x, y, x + 1, y };
		return;
	case MB_EAST:
		*out = (struct mb_segment){ x + 1, y, x + 1, y + 1 };
		return;
	case MB_SOUTH:
		*out = (struct mb_segment){ x, y + 1, x + 1, y + 1 };
		return;
	case MB_WEST:
		*out = (struct mb_segment){ x, y, x, y + 1 };
		return;
	}
	BUG("bad direction %d", (int)dir);
}

void mb_grid_centre(const struct mb_grid *g, int i, double *x, double *y)
{
	*x = i % g->w + 0.5;
	*y = i / g->w + 0.5;
}

long mb_grid_rim_sides(const struct mb_grid *g)
{
	long n = 0;

	if (g->kind == MB_GRID_RECT)
		return 2L * (g->w + g->h);
	for (int k = 0; k < g->cells; k++)
		for (int d = 0; d < 4; d++)
			n += mb_grid_is_rim(g, g->cell_list[k], (enum mb_dir)d);
	return n;
}

/* distances (cells visited minus one, -1 unreached) from a, every wall open */
static void walk_bfs(const struct mb_grid *g, int a, int *dist, int *queue)
{
	int head = 0, tail = 0;

	for (int i = 0; i < g->w * g->h; i++)
		dist[i] = -1;
	dist[a] = 0;
	queue[tail++] = a;
	while (head < tail) {
		int cur = queue[head++];

		for (int d = 0; d < 4; d++) {
			int nb = mb_grid_neighbour(g, cur, (enum mb_dir)d);

			if (nb >= 0 && dist[nb] < 0) {
				dist[nb] = dist[cur] + 1;
				queue[tail++] = nb;
			}
		}
	}
}

int mb_grid_shortest_walk(const struct mb_grid *g, int a, int b)
{
	int n = g->w * g->h, *dist, *queue, len;

	if (g->kind == MB_GRID_RECT)
		return abs(a % g->w - b % g->w) + abs(a / g->w - b / g->w) + 1;
	dist = xmallocarray((size_t)n, sizeof(int));
	queue = xmallocarray((size_t)n, sizeof(int));
	walk_bfs(g, a, dist, queue);
	len = dist[b] + 1;
	free(queue);
	free(dist);
	return len;
}

void mb_grid_default_gaps(const struct mb_grid *g, struct mb_side *entrance,
			  struct mb_side *exit)
{
	int n = g->w * g->h, *dist, *queue, best = -1;
	int top, bottom;	/* the first and last rows with cells */

	if (g->kind == MB_GRID_RECT) {
		*entrance = (struct mb_side){ 0, MB_NORTH };
		*exit = (struct mb_side){ n - 1, MB_SOUTH };
		return;
	}
	/*
	 * The entrance in the top side of a square of the top row, the exit
	 * in the bottom side of one of the bottom row (so START and FINISH
	 * print in the bands over and under the maze, as on the rectangle,
	 * and their arrows cross no part of the shape's box), the pair
	 * farthest apart by walk; ties go to the first in index order.
	 */
	top = g->cell_list[0] / g->w;
	bottom = g->cell_list[g->cells - 1] / g->w;
	dist = xmallocarray((size_t)n, sizeof(int));
	queue = xmallocarray((size_t)n, sizeof(int));
	*entrance = (struct mb_side){ -1, MB_NORTH };
	*exit = (struct mb_side){ -1, MB_SOUTH };
	for (int k = 0; k < g->cells; k++) {
		int a = g->cell_list[k];

		if (a / g->w != top)
			break;	/* past the top row */
		walk_bfs(g, a, dist, queue);
		for (int j = 0; j < g->cells; j++) {
			int b = g->cell_list[j];

			if (b != a && b / g->w == bottom && dist[b] > best) {
				best = dist[b];
				entrance->cell = a;
				exit->cell = b;
			}
		}
	}
	if (entrance->cell < 0) {
		/* one row of one cell: its top and its bottom */
		entrance->cell = exit->cell = g->cell_list[0];
	}
	free(queue);
	free(dist);
}

enum mb_status mb_grid_named_gap(const struct mb_grid *g, const char *side,
				 struct mb_side *out, struct mb_error *err)
{
	int dir = -1, best_key = -1, count = 0, *found;

	for (int d = 0; d < 4; d++)
		if (!strcmp(side, mb_dir_side_name[d]))
			dir = d;
	if (dir < 0)
		return mb_error_set(err, MB_ERR_INPUT,
				    "unknown side '%s' (valid: top, bottom, left, right)", side);
	/* the rim sides facing dir that lie farthest that way; then the middle one */
	found = xmallocarray((size_t)g->cells, sizeof(int));
	for (int k = 0; k < g->cells; k++) {
		int c = mb_grid_cell_at(g, k), x = c % g->w, y = c / g->w, key;

		if (!mb_grid_is_rim(g, c, (enum mb_dir)dir))
			continue;
		key = dir == MB_NORTH ? g->h - y : dir == MB_SOUTH ? y :
		      dir == MB_WEST ? g->w - x : x;
		if (key > best_key) {
			best_key = key;
			count = 0;
		}
		if (key == best_key)
			found[count++] = c;
	}
	*out = (struct mb_side){ found[(count - 1) / 2], (enum mb_dir)dir };
	free(found);
	return MB_OK;
}
