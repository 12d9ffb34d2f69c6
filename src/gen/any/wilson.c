/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Wilson's algorithm (1996): loop-erased random walks. One square starts
 * the tree (the start: random by default; the result is uniform whichever
 * square it is); from each square not yet in it (in index order; any
 * order keeps the result uniform) a random walk runs until it meets the
 * tree, remembering only the last way it left each square, which erases
 * its loops; the remembered path is then added. Every spanning tree of the
 * grid comes out with the same chance. Texture: many short dead ends, no
 * directional bias, like Aldous-Broder but much faster.
 *
 * The walk runs on a padded grid whose border squares are marked, so a
 * step is two random bits and a table lookup (a step into the border is
 * drawn again, which keeps it uniform over the real neighbours).
 *
 * On graph grids (polar, hex, delta) the walks step over the side tables
 * with the rim sides dropped, one uniform draw over the real neighbours.
 */
#include "config.h"
#include "mazebook/gen/generator.h"

#include <stdlib.h>

#include "mazebook/base/xalloc.h"
#include "../common.h"

enum { FREE = 0, IN_TREE = 1, BORDER = 2 };

/*
 * Wilson on a graph grid: the same walks over the side tables, way[c]
 * holding the side (an index into gr) the walk last left c by.
 */
static void carve_graph(struct mb_maze *m, struct mb_rng *rng,
			const struct mb_gen_options *opt)
{
	int root = start_square(m, rng, opt->start);
	struct graph gr;
	uint8_t *in_tree;
	int *way;
	struct bits bits;

	graph_init(&gr, m->grid);
	in_tree = xcalloc((size_t)gr.n, 1);
	way = xmallocarray((size_t)gr.n, sizeof(int));
	bits_init(&bits);
	in_tree[root] = 1;
	for (int s = 0; s < gr.n; s++) {
		int c = s;

		if (in_tree[s])
			continue;
		do {
			int k = gr.first[c] +
				(int)bits_below(&bits, rng, (uint32_t)graph_degree(&gr, c));

			way[c] = k;
			c = gr.nb[k];
		} while (!in_tree[c]);
		for (c = s; !in_tree[c]; c = gr.nb[way[c]]) {
			in_tree[c] = 1;
			m->open[gr.wall[way[c]]] = 1;
		}
	}
	free(way);
	free(in_tree);
	graph_free(&gr);
}

static void carve_squares(struct mb_maze *m, struct mb_rng *rng,
			  const struct mb_gen_options *opt)
{
	int w = m->w, h = m->h, root = start_square(m, rng, opt->start);
	struct padded pad;
	uint8_t *state, *way;	/* way[p]: the direction the walk last left p by */
	struct bits bits;

	padded_init(&pad, m);
	state = xmalloc((size_t)pad.size);
	way = xmalloc((size_t)pad.size);
	padded_fill(&pad, m, state, FREE, BORDER);
	bits_init(&bits);
	state[padded_index(&pad, root % w, root / w)] = IN_TREE;
	for (int y = 0, s = 0; y < h; y++) {
		for (int x = 0; x < w; x++, s++) {
			int start = padded_index(&pad, x, y), p = start, i = s;

			if (state[start] != FREE)
				continue;	/* in the tree, or not a cell */
			do {
				unsigned d;

				do
					d = bits_take(&bits, rng, 2);
				while (state[p + pad.step[d]] == BORDER);
				way[p] = (uint8_t)d;
				p += pad.step[d];
			} while (state[p] != IN_TREE);
			/* add the loop-erased path: follow the last ways out */
			for (p = start; state[p] != IN_TREE;) {
				int d = way[p];

				state[p] = IN_TREE;
				padded_open(&pad, m, i, d);
				p += pad.step[d];
				i += pad.maze_step[d];
			}
		}
	}
	free(way);
	free(state);
}

const struct mb_generator mb_gen_wilson = {
	.name = "wilson",
	.summary = "loop-erased random walks: uniform, many short dead ends, no bias",
	.uniform = true,
	.default_start = MB_START_RANDOM,
	.kinds = MB_KINDS_ALL,
	.carve_squares = carve_squares,
	.carve_graph = carve_graph,
};
