/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Grids of cells; see include/mazebook/maze/grid.h. The rectangle keeps no
 * tables at all (every question is arithmetic), so that a rectangular
 * maze costs what it cost before grids existed; a mask keeps one flag per
 * lattice square and the list of its cells.
 */
#include "config.h"
#include "mazebook/maze/grid.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"

const int mb_dir_dx[4] = { 0, 1, 0, -1 };
const int mb_dir_dy[4] = { -1, 0, 1, 0 };
const enum mb_dir mb_dir_opposite[4] = { MB_SOUTH, MB_WEST, MB_NORTH, MB_EAST };
const char *const mb_dir_side_name[4] = { "top", "right", "bottom", "left" };

const char *mb_grid_kind_name(enum mb_grid_kind kind)
{
	static const char *const names[MB_GRID_KINDS] = { "rectangle", "mask", "polar", "hex",
							  "delta" };

	return (unsigned)kind < MB_GRID_KINDS ? names[kind] : "unknown";
}

const char *mb_grid_outline_name(enum mb_grid_outline outline)
{
	static const char *const names[3] = { "rectangle", "hexagon", "triangle" };

	return (unsigned)outline < 3 ? names[outline] : "unknown";
}

void mb_grid_describe(const struct mb_grid *g, char *buf, size_t size)
{
	const struct mb_lattice *lat = g->lat;

	switch (g->kind) {
	case MB_GRID_RECT:
		snprintf(buf, size, "%dx%d", g->w, g->h);
		return;
	case MB_GRID_MASK:
		snprintf(buf, size, "mask %dx%d (%d cells)", g->w, g->h, g->cells);
		return;
	case MB_GRID_POLAR:
		snprintf(buf, size, "polar %d rings", lat->rings);
		return;
	case MB_GRID_HEX:
	case MB_GRID_DELTA:
		if (lat->outline == MB_OUTLINE_RECTANGLE)
			snprintf(buf, size, "%s %dx%d", mb_grid_kind_name(g->kind), lat->cols,
				 lat->rows);
		else
			snprintf(buf, size, "%s %s %d", mb_grid_kind_name(g->kind),
				 mb_grid_outline_name(lat->outline),
				 g->kind == MB_GRID_HEX ? lat->cols : lat->rows);
		return;
	}
	BUG("bad grid kind %d", (int)g->kind);
}

void mb_grid_bounds(const struct mb_grid *g, double *x0, double *y0, double *x1, double *y1)
{
	if (g->lat) {
		*x0 = g->lat->x0;
		*y0 = g->lat->y0;
		*x1 = g->lat->x1;
		*y1 = g->lat->y1;
		return;
	}
	*x0 = *y0 = 0;
	*x1 = g->w;
	*y1 = g->h;
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
	g->refs++;	/* atomic: the spec's shape grids are shared by the book's searchers */
	return g;
}

void mb_grid_free(struct mb_grid *g)
{
	if (!g || --g->refs > 0)
		return;
	free(g->in);
	free(g->cell_list);
	mb_lattice_free(g->lat);
	free(g);
}

int mb_grid_neighbour(const struct mb_grid *g, int i, enum mb_dir dir)
{
	if (g->lat)
		return mb_grid_side_at(g, i, (int)dir)->nb;
	int x = i % g->w + mb_dir_dx[dir], y = i / g->w + mb_dir_dy[dir];

	return mb_grid_is_cell(g, x, y) ? y * g->w + x : -1;
}

void mb_grid_wall(const struct mb_grid *g, int i, enum mb_dir dir, struct mb_segment *out)
{
	double x = i % g->w, y = i / g->w;

	if (g->lat) {
		struct mb_wall_shape sh;

		mb_grid_wall_shape(g, i, dir, &sh);
		*out = sh.seg;
		return;
	}
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

void mb_grid_wall_shape(const struct mb_grid *g, int i, enum mb_dir dir,
			struct mb_wall_shape *out)
{
	if (g->lat) {
		const struct mb_grid_side *s = mb_grid_side_at(g, i, (int)dir);

		*out = s->nb < 0 ? g->lat->rim_shape[s->wall] : g->lat->wall_shape[s->wall];
		return;
	}
	memset(out, 0, sizeof(*out));
	mb_grid_wall(g, i, dir, &out->seg);
}

void mb_grid_centre(const struct mb_grid *g, int i, double *x, double *y)
{
	if (g->lat) {
		*x = g->lat->cx[i];
		*y = g->lat->cy[i];
		return;
	}
	*x = i % g->w + 0.5;
	*y = i / g->w + 0.5;
}

long mb_grid_rim_sides(const struct mb_grid *g)
{
	long n = 0;

	if (g->kind == MB_GRID_RECT)
		return 2L * (g->w + g->h);
	if (g->lat)
		return g->lat->rims;
	for (int k = 0; k < g->cells; k++)
		for (int d = 0; d < 4; d++)
			n += mb_grid_is_rim(g, g->cell_list[k], (enum mb_dir)d);
	return n;
}

#define PI_2 1.57079632679489661923

/* distances (cells visited minus one, -1 unreached) from a, every wall open */
static void walk_bfs(const struct mb_grid *g, int a, int *dist, int *queue)
{
	int head = 0, tail = 0;

	for (int i = 0; i < g->w * g->h; i++)
		dist[i] = -1;
	dist[a] = 0;
	queue[tail++] = a;
	while (head < tail) {
		int cur = queue[head++], deg = mb_grid_degree(g, cur);

		for (int d = 0; d < deg; d++) {
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

/* the midpoint of a graph grid's rim side k */
static void rim_mid(const struct mb_grid *g, int k, double *x, double *y)
{
	const struct mb_wall_shape *sh = &g->lat->rim_shape[k];

	if (sh->arc) {
		double a = (sh->a0 + sh->a1) / 2;

		*x = sh->r * cos(a);
		*y = sh->r * sin(a);
		return;
	}
	*x = (sh->seg.x0 + sh->seg.x1) / 2;
	*y = (sh->seg.y0 + sh->seg.y1) / 2;
}

/*
 * How far rim side k lies towards compass side dir (higher is farther):
 * by its midpoint; a polar grid's by the angle of its middle, so the arc
 * centred on the top wins "top" even when a neighbour bulges as high.
 */
static double rim_reach(const struct mb_grid *g, int k, int dir)
{
	double x, y;

	rim_mid(g, k, &x, &y);
	if (g->kind == MB_GRID_POLAR) {
		static const double aim[4] = { -PI_2, 0, PI_2, 2 * PI_2 };
		const struct mb_wall_shape *sh = &g->lat->rim_shape[k];
		double a = (sh->a0 + sh->a1) / 2, d = fabs(remainder(a - aim[dir], 4 * PI_2));

		return -d;
	}
	switch (dir) {
	case MB_NORTH:
		return -y;
	case MB_SOUTH:
		return y;
	case MB_WEST:
		return -x;
	default:
		return x;
	}
}

/* the rim sides reaching farthest towards dir (within a hair), into found */
static int extreme_rims(const struct mb_grid *g, int dir, int *found)
{
	double best = -HUGE_VAL;
	int count = 0;

	for (int k = 0; k < g->lat->rims; k++) {
		double r = rim_reach(g, k, dir);

		if (r > best + 1e-6) {
			best = r;
			count = 0;
		}
		if (r > best - 1e-6)
			found[count++] = k;
	}
	return count;
}

static void graph_default_gaps(const struct mb_grid *g, struct mb_side *entrance,
			       struct mb_side *exit)
{
	const struct mb_lattice *lat = g->lat;
	int *top = xmallocarray((size_t)lat->rims, sizeof(int));
	int *bottom = xmallocarray((size_t)lat->rims, sizeof(int));
	int *dist = xmallocarray((size_t)g->cells, sizeof(int));
	int *queue = xmallocarray((size_t)g->cells, sizeof(int));
	int ntop = extreme_rims(g, MB_NORTH, top), nbottom, best = -1;

	if (g->kind == MB_GRID_POLAR) {
		/* in at the top, out at the centre */
		*entrance = lat->rim_side[top[(ntop - 1) / 2]];
		*exit = (struct mb_side){ 0, MB_SIDE_INSIDE };
		goto done;
	}
	nbottom = extreme_rims(g, MB_SOUTH, bottom);
	*entrance = lat->rim_side[top[0]];
	*exit = lat->rim_side[bottom[nbottom - 1]];
	for (int i = 0; i < ntop; i++) {
		struct mb_side a = lat->rim_side[top[i]];

		walk_bfs(g, a.cell, dist, queue);
		for (int j = 0; j < nbottom; j++) {
			struct mb_side b = lat->rim_side[bottom[j]];

			if ((b.cell != a.cell || b.dir != a.dir) && dist[b.cell] > best) {
				best = dist[b.cell];
				*entrance = a;
				*exit = b;
			}
		}
	}
done:
	free(queue);
	free(dist);
	free(bottom);
	free(top);
}

void mb_grid_default_gaps(const struct mb_grid *g, struct mb_side *entrance,
			  struct mb_side *exit)
{
	int n = g->w * g->h, *dist, *queue, best = -1;
	int top, bottom;	/* the first and last rows with cells */

	if (g->lat) {
		graph_default_gaps(g, entrance, exit);
		return;
	}
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
	if (g->kind == MB_GRID_POLAR && (!strcmp(side, "centre") || !strcmp(side, "center"))) {
		*out = (struct mb_side){ 0, MB_SIDE_INSIDE };
		return MB_OK;
	}
	if (dir < 0)
		return mb_error_set(err, MB_ERR_INPUT,
				    "unknown side '%s' (valid: top, bottom, left, right%s)", side,
				    g->kind == MB_GRID_POLAR ? ", centre" : "");
	if (g->lat) {
		found = xmallocarray((size_t)g->lat->rims, sizeof(int));
		count = extreme_rims(g, dir, found);
		*out = g->lat->rim_side[found[(count - 1) / 2]];
		free(found);
		return MB_OK;
	}
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
