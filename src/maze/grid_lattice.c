/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The graph grids' shared builder (src/maze/lattice_build.h); the
 * constructors are grid_polar.c, grid_hex.c and grid_delta.c
 * (include/mazebook/maze/grid.h). Each constructor lists its cells and,
 * per cell, its sides with the neighbour beyond each (or -1 for the rim)
 * and the wall's shape; lattice_finish() then numbers the inner walls
 * (each once, from its lower-numbered cell) and the rim sides, and takes
 * the bounds. Cell numbering, side order and
 * wall numbering are part of every maze's recipe: the generators walk
 * them in this order, so changing it changes the mazes a seed gives.
 *
 * The conventions are the ones tests/data/mazeproof/mkround.py draws with
 * (that program is mazeproof's reference for these grids, written apart
 * from this file): polar ring r spans radii r..r+1 with cell k of n
 * between the angles 2 pi k / n and 2 pi (k + 1) / n; hex cells are
 * pointy-top hexagons named (a, b) in doubled columns; delta cells are
 * (a, b), b the row and a = 2 q + (0 pointing down, 1 up).
 */
#include "config.h"
#include "mazebook/maze/grid.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"
#include "lattice_build.h"

struct build lattice_build_start(enum mb_grid_kind kind, int cells)
{
	struct build b = { 0 };

	b.g = xcalloc(1, sizeof(*b.g));
	b.lat = xcalloc(1, sizeof(*b.lat));
	b.g->kind = kind;
	b.g->cells = cells;
	b.g->w = cells;
	b.g->h = 1;
	b.g->refs = 1;
	b.g->lat = b.lat;
	b.lat->first = xmallocarray((size_t)cells + 1, sizeof(int));
	b.lat->cx = xmallocarray((size_t)cells, sizeof(double));
	b.lat->cy = xmallocarray((size_t)cells, sizeof(double));
	b.lat->ca = xmallocarray((size_t)cells, sizeof(int));
	b.lat->cb = xmallocarray((size_t)cells, sizeof(int));
	b.cap = cells * 4 + 8;
	b.lat->sides = xmallocarray((size_t)b.cap, sizeof(*b.lat->sides));
	b.shape = xmallocarray((size_t)b.cap, sizeof(*b.shape));
	return b;
}

void lattice_add_side(struct build *b, int nb, const struct mb_wall_shape *shape)
{
	if (b->nsides == b->cap) {
		b->cap *= 2;
		b->lat->sides = xreallocarray(b->lat->sides, (size_t)b->cap, sizeof(*b->lat->sides));
		b->shape = xreallocarray(b->shape, (size_t)b->cap, sizeof(*b->shape));
	}
	b->lat->sides[b->nsides] = (struct mb_grid_side){ nb, -1 };
	b->shape[b->nsides++] = *shape;
}

static void grow_box(struct mb_lattice *lat, double x, double y, bool *first)
{
	if (*first) {
		lat->x0 = lat->x1 = x;
		lat->y0 = lat->y1 = y;
		*first = false;
		return;
	}
	lat->x0 = fmin(lat->x0, x);
	lat->x1 = fmax(lat->x1, x);
	lat->y0 = fmin(lat->y0, y);
	lat->y1 = fmax(lat->y1, y);
}

/* number the walls and rim sides, take the bounds; the sides are all in */
struct mb_grid *lattice_finish(struct build *b)
{
	struct mb_lattice *lat = b->lat;
	int cells = b->g->cells;
	bool first = true;

	lat->first[cells] = b->nsides;
	lat->wall_cells = xmallocarray((size_t)b->nsides, sizeof(*lat->wall_cells));
	lat->wall_shape = xmallocarray((size_t)b->nsides, sizeof(*lat->wall_shape));
	lat->rim_side = xmallocarray((size_t)b->nsides, sizeof(*lat->rim_side));
	lat->rim_shape = xmallocarray((size_t)b->nsides, sizeof(*lat->rim_shape));
	for (int c = 0; c < cells; c++) {
		if (lat->first[c + 1] - lat->first[c] > MB_GRID_MAX_DEGREE)
			BUG("cell %d has %d sides", c, lat->first[c + 1] - lat->first[c]);
		for (int s = lat->first[c]; s < lat->first[c + 1]; s++) {
			struct mb_grid_side *side = &lat->sides[s];

			if (side->nb < 0) {
				side->wall = lat->rims;
				lat->rim_side[lat->rims] = (struct mb_side){ c, (enum mb_dir)(s - lat->first[c]) };
				lat->rim_shape[lat->rims++] = b->shape[s];
			} else if (side->nb > c) {
				side->wall = lat->walls;
				lat->wall_cells[lat->walls][0] = c;
				lat->wall_cells[lat->walls][1] = side->nb;
				lat->wall_shape[lat->walls++] = b->shape[s];
			} else {
				/* the neighbour, numbered first, holds the wall */
				int nb = side->nb;

				for (int t = lat->first[nb]; t < lat->first[nb + 1]; t++)
					if (lat->sides[t].nb == c)
						side->wall = lat->sides[t].wall;
				if (side->wall < 0)
					BUG("cell %d's neighbour %d does not lead back", c, nb);
			}
			grow_box(lat, b->shape[s].seg.x0, b->shape[s].seg.y0, &first);
			grow_box(lat, b->shape[s].seg.x1, b->shape[s].seg.y1, &first);
			if (b->shape[s].arc) {
				/* an arc bulges past its ends at the axes it crosses */
				for (int q = 0; q < 8; q++) {
					double a = q * PI / 2;

					if (a > b->shape[s].a0 && a < b->shape[s].a1)
						grow_box(lat, b->shape[s].r * cos(a),
							 b->shape[s].r * sin(a), &first);
				}
			}
		}
	}
	free(b->shape);
	return b->g;
}

int lattice_coord_cell(const struct coord_index *ix, int a, int b)
{
	a -= ix->a0;
	b -= ix->b0;
	if (a < 0 || b < 0 || a >= ix->wa || b >= ix->hb)
		return -1;
	return ix->cell[b * ix->wa + a];
}

/*
 * The cells of a candidate list (a, b) sorted by row then a, those keep
 * refuses left out; centres from centre(). Fills ix and returns how many.
 */
int lattice_pick_cells(int *ca, int *cb, int n, void (*centre)(int, int, double *, double *),
		      mb_grid_mask_fn keep, void *ctx, struct coord_index *ix)
{
	double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
	int kept = 0, amin = ca[0], amax = ca[0], bmin = cb[0], bmax = cb[0];

	for (int i = 0; i < n; i++) {
		double x, y;

		centre(ca[i], cb[i], &x, &y);
		if (i == 0 || x < x0)
			x0 = x;
		if (i == 0 || x > x1)
			x1 = x;
		if (i == 0 || y < y0)
			y0 = y;
		if (i == 0 || y > y1)
			y1 = y;
		amin = ca[i] < amin ? ca[i] : amin;
		amax = ca[i] > amax ? ca[i] : amax;
		bmin = cb[i] < bmin ? cb[i] : bmin;
		bmax = cb[i] > bmax ? cb[i] : bmax;
	}
	ix->a0 = amin;
	ix->b0 = bmin;
	ix->wa = amax - amin + 1;
	ix->hb = bmax - bmin + 1;
	ix->cell = xmallocarray((size_t)ix->wa * (size_t)ix->hb, sizeof(int));
	for (int i = 0; i < ix->wa * ix->hb; i++)
		ix->cell[i] = -1;
	/* candidates arrive in row order, a growing: keep that order */
	for (int i = 0; i < n; i++) {
		double x, y;

		centre(ca[i], cb[i], &x, &y);
		if (keep && !keep(ctx, x1 > x0 ? (x - x0) / (x1 - x0) : 0.5,
				  y1 > y0 ? (y - y0) / (y1 - y0) : 0.5))
			continue;
		ca[kept] = ca[i];
		cb[kept] = cb[i];
		ix->cell[(cb[i] - bmin) * ix->wa + ca[i] - amin] = kept;
		kept++;
	}
	return kept;
}

bool lattice_size_ok(const char *what, int cols, int rows, struct mb_error *err)
{
	if (cols < 1 || rows < 1 || cols > MB_LATTICE_MAX_SIDE || rows > MB_LATTICE_MAX_SIDE) {
		mb_error_set(err, MB_ERR_INPUT, "a %s grid of %dx%d is out of range (1 to %d each way)",
			     what, cols, rows, MB_LATTICE_MAX_SIDE);
		return false;
	}
	return true;
}

/* move every shape and centre so the bounds start at (0, 0) */
void lattice_to_origin(struct mb_grid *g)
{
	struct mb_lattice *lat = g->lat;
	double dx = -lat->x0, dy = -lat->y0;
	struct mb_wall_shape *lists[2] = { lat->wall_shape, lat->rim_shape };
	int counts[2] = { lat->walls, lat->rims };

	for (int l = 0; l < 2; l++)
		for (int i = 0; i < counts[l]; i++) {
			lists[l][i].seg.x0 += dx;
			lists[l][i].seg.x1 += dx;
			lists[l][i].seg.y0 += dy;
			lists[l][i].seg.y1 += dy;
		}
	for (int c = 0; c < g->cells; c++) {
		lat->cx[c] += dx;
		lat->cy[c] += dy;
	}
	lat->x1 += dx;
	lat->y1 += dy;
	lat->x0 = lat->y0 = 0;
}

struct mb_grid *lattice_empty_error(const char *what, struct mb_error *err)
{
	mb_error_set(err, MB_ERR_INPUT, "the %s grid has no cells left in its shape", what);
	return NULL;
}

/*
 * A mask may cut a grid in pieces; a maze must be one piece (a random walk
 * on two would never end). NULL and MB_ERR_INPUT, naming the parts.
 */
struct mb_grid *lattice_connected_or_error(struct mb_grid *g, const char *what,
					  struct mb_error *err)
{
	int n = g->cells, *queue = xmallocarray((size_t)n, sizeof(int)), head = 0, tail = 0;
	char *seen = xcalloc((size_t)n, 1);
	int parts = 0;

	for (int start = 0; start < n; start++) {
		if (seen[start])
			continue;
		parts++;
		seen[start] = 1;
		queue[tail++] = start;
		while (head < tail) {
			int c = queue[head++];

			for (int k = 0; k < mb_grid_degree(g, c); k++) {
				int nb = mb_grid_side_at(g, c, k)->nb;

				if (nb >= 0 && !seen[nb]) {
					seen[nb] = 1;
					queue[tail++] = nb;
				}
			}
		}
	}
	free(seen);
	free(queue);
	if (parts == 1)
		return g;
	mb_error_set(err, MB_ERR_INPUT,
		     "the shape cuts the %s grid into %d parts that no corridor can join "
		     "(use a larger grid or a shape without thin necks)", what, parts);
	mb_grid_free(g);
	return NULL;
}

void mb_lattice_free(struct mb_lattice *lat)
{
	if (!lat)
		return;
	free(lat->first);
	free(lat->sides);
	free(lat->wall_cells);
	free(lat->wall_shape);
	free(lat->rim_side);
	free(lat->rim_shape);
	free(lat->cx);
	free(lat->cy);
	free(lat->ring_first);
	free(lat->ring_count);
	free(lat->ca);
	free(lat->cb);
	free(lat);
}

