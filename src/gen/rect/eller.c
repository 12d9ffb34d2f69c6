/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Eller's algorithm: build the maze one row at a time, knowing only which
 * squares of the current row are already connected (their set). In each
 * row, neighbours of different sets are joined east at random; then every
 * set sends at least one square south (each square goes south on a coin
 * flip, and a set that sent none sends one member picked uniformly). The
 * last row joins every pair of neighbours still in different sets. Sets
 * are a union-find over squares. Texture: close to Kruskal's (short dead
 * ends, many forks) with a slight horizontal grain.
 */
#include "config.h"
#include "mazebook/gen/generator.h"

#include <stdlib.h>

#include "mazebook/base/xalloc.h"
#include "../common.h"

static void carve_squares(struct mb_maze *m, struct mb_rng *rng, const struct mb_gen_options *opt)
{
	int w = m->w, h = m->h, n = w * h;
	int *parent = xmallocarray((size_t)n, sizeof(int));
	int *size = xmallocarray((size_t)n, sizeof(int));
	/* per set root: members seen, the member chosen to go south, went south */
	int *members = xcalloc((size_t)n, sizeof(int));
	int *chosen = xmallocarray((size_t)n, sizeof(int));
	uint8_t *went_south = xcalloc((size_t)n, 1);
	int *root = xmallocarray((size_t)w, sizeof(int));
	uint8_t *south = xmallocarray((size_t)w, 1);
	struct bits bits;

	(void)opt;
	bits_init(&bits);
	for (int i = 0; i < n; i++) {
		parent[i] = i;
		size[i] = 1;
	}
	for (int y = 0; y < h; y++) {
		int base = y * w;
		bool last = y == h - 1;

		for (int x = 0; x < w - 1; x++) {
			int ra = uf_find(parent, base + x), rb = uf_find(parent, base + x + 1);

			if (ra != rb && (last || bits_take(&bits, rng, 1))) {
				uf_union_roots(parent, size, ra, rb);
				m->open[base + x] |= MB_OPEN_EAST;
			}
		}
		if (last)
			break;
		/* roots are fixed for the whole south phase: unions wait until its end */
		for (int x = 0; x < w; x++) {
			int r = root[x] = uf_find(parent, base + x);

			members[r]++;
			if (members[r] == 1 || mb_rng_below(rng, (uint32_t)members[r]) == 0)
				chosen[r] = x;	/* reservoir sampling: a uniform member */
			south[x] = (uint8_t)bits_take(&bits, rng, 1);
			went_south[r] |= south[x];
		}
		for (int x = 0; x < w; x++) {
			int r = root[x];

			if (!went_south[r] && chosen[r] == x) {
				south[x] = 1;
				went_south[r] = 1;
			}
		}
		for (int x = 0; x < w; x++) {
			members[root[x]] = 0;
			went_south[root[x]] = 0;
			if (south[x]) {
				m->open[base + x] |= MB_OPEN_SOUTH;
				uf_union_roots(parent, size, uf_find(parent, base + x), base + w + x);
			}
		}
	}
	free(south);
	free(root);
	free(went_south);
	free(chosen);
	free(members);
	free(size);
	free(parent);
}

const struct mb_generator mb_gen_eller = {
	.name = "eller",
	.summary = "row by row with joined sets: short dead ends, a slight horizontal grain",
	.uniform = false,
	.kinds = MB_KINDS_RECT,
	.carve_squares = carve_squares,
};
