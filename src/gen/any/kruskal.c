/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Randomised Kruskal: take the inner walls in random order and open each
 * one that joins two squares not yet connected (union-find with path
 * compression and union by size). The shuffle is a Fisher-Yates done
 * lazily, one wall per step, and stops once the tree is complete. Texture:
 * short dead ends everywhere, many forks, a meandering route.
 *
 * Graph grids (polar, hex, delta) shuffle their own inner-wall list.
 */
#include "config.h"
#include "mazebook/gen/generator.h"

#include <stdlib.h>

#include "mazebook/base/xalloc.h"
#include "../common.h"

/* Kruskal over a graph grid's inner walls, each listed once with its two cells. */
static void carve_graph(struct mb_maze *m, struct mb_rng *rng,
			const struct mb_gen_options *opt)
{
	const struct mb_lattice *lat = m->grid->lat;
	int n = m->grid->cells, count = lat->walls, joined = 0;
	int *walls = xmallocarray((size_t)count + 1, sizeof(int));
	int *parent = xmallocarray((size_t)n, sizeof(int));
	int *size = xmallocarray((size_t)n, sizeof(int));

	(void)opt;
	for (int i = 0; i < n; i++) {
		parent[i] = i;
		size[i] = 1;
	}
	for (int i = 0; i < count; i++)
		walls[i] = i;
	for (int k = 0; joined < n - 1; k++) {
		int j, wall, ra, rb;

		if (k == count)
			BUG("kruskal ran out of walls with %d of %d cells joined", joined + 1, n);
		j = k + (int)mb_rng_below(rng, (uint32_t)(count - k));
		wall = walls[j];
		ra = uf_find(parent, lat->wall_cells[wall][0]);
		rb = uf_find(parent, lat->wall_cells[wall][1]);
		walls[j] = walls[k];
		if (ra == rb)
			continue;
		uf_union_roots(parent, size, ra, rb);
		m->open[wall] = 1;
		joined++;
	}
	free(size);
	free(parent);
	free(walls);
}

static void carve_squares(struct mb_maze *m, struct mb_rng *rng,
			  const struct mb_gen_options *opt)
{
	int w = m->w, h = m->h, n = w * h;
	/* wall 2i is east of square i, wall 2i + 1 south of it */
	int *walls = xmallocarray((size_t)2 * (size_t)n, sizeof(*walls));
	int *parent = xmallocarray((size_t)n, sizeof(*parent));
	int *size = xmallocarray((size_t)n, sizeof(*size));
	int count = 0, joined = 0, cells = m->grid->cells;
	const uint8_t *in = m->grid->in;

	(void)opt;
	for (int y = 0, i = 0; y < h; y++) {
		for (int x = 0; x < w; x++, i++) {
			parent[i] = i;
			size[i] = 1;
			if (in && !in[i])
				continue;
			if (x < w - 1 && (!in || in[i + 1]))
				walls[count++] = 2 * i;
			if (y < h - 1 && (!in || in[i + w]))
				walls[count++] = 2 * i + 1;
		}
	}
	for (int k = 0; joined < cells - 1; k++) {
		int j = k + (int)mb_rng_below(rng, (uint32_t)(count - k));
		int wall = walls[j], a = wall >> 1, b = a + ((wall & 1) ? w : 1);
		int ra = uf_find(parent, a), rb = uf_find(parent, b);

		walls[j] = walls[k];
		if (ra == rb)
			continue;
		uf_union_roots(parent, size, ra, rb);
		m->open[a] |= (wall & 1) ? MB_OPEN_SOUTH : MB_OPEN_EAST;
		joined++;
	}
	free(size);
	free(parent);
	free(walls);
}

const struct mb_generator mb_gen_kruskal = {
	.name = "kruskal",
	.summary = "random walls joined by union-find: short dead ends, many forks",
	.uniform = false,
	.kinds = MB_KINDS_ALL,
	.carve_squares = carve_squares,
	.carve_graph = carve_graph,
};
