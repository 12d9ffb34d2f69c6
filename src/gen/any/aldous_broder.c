/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Aldous-Broder: walk at random from a start square (random by default) and open the wall
 * each time the walk first enters a square. Every spanning tree comes out
 * with the same chance. The walk must cover the whole grid, which takes
 * on the order of n log^2 n steps, so it is slow on big grids by nature;
 * the step itself is kept cheap: two random bits from a buffered word and
 * a table lookup on a padded grid whose marked border is drawn again.
 *
 * On graph grids (polar, hex, delta) the walk steps over the side tables
 * with the rim sides dropped, each step uniform over the real neighbours,
 * which is all the uniformity needs.
 */
#include "config.h"
#include "mazebook/gen/generator.h"

#include <stdlib.h>

#include "mazebook/base/xalloc.h"
#include "../common.h"

enum { UNSEEN = 0, SEEN = 1, BORDER = 2 };

/* The walk on a graph grid: one uniform draw over the cell's neighbours per step. */
static void carve_graph(struct mb_maze *m, struct mb_rng *rng,
			const struct mb_gen_options *opt)
{
	int c = start_square(m, rng, opt->start), left = m->grid->cells - 1;
	struct graph gr;
	uint8_t *seen;
	struct bits bits;

	graph_init(&gr, m->grid);
	seen = xcalloc((size_t)gr.n, 1);
	bits_init(&bits);
	seen[c] = 1;
	while (left > 0) {
		int k = gr.first[c] + (int)bits_below(&bits, rng, (uint32_t)graph_degree(&gr, c));

		c = gr.nb[k];
		if (!seen[c]) {
			seen[c] = 1;
			m->open[gr.wall[k]] = 1;
			left--;
		}
	}
	free(seen);
	graph_free(&gr);
}

static void carve_squares(struct mb_maze *m, struct mb_rng *rng,
			  const struct mb_gen_options *opt)
{
	int n = m->grid->cells, i = start_square(m, rng, opt->start), p, left = n - 1;
	struct padded pad;
	uint8_t *state;
	struct bits bits;

	padded_init(&pad, m);
	state = xmalloc((size_t)pad.size);
	padded_fill(&pad, m, state, UNSEEN, BORDER);
	bits_init(&bits);
	p = padded_index(&pad, i % m->w, i / m->w);
	state[p] = SEEN;
	while (left > 0) {
		unsigned d = bits_take(&bits, rng, 2);
		int next = p + pad.step[d];

		if (state[next] == BORDER)
			continue;
		if (state[next] == UNSEEN) {
			state[next] = SEEN;
			padded_open(&pad, m, i, (int)d);
			left--;
		}
		p = next;
		i += pad.maze_step[d];
	}
	free(state);
}

const struct mb_generator mb_gen_aldous_broder = {
	.name = "aldous-broder",
	.summary = "random walk: uniform, many short dead ends, no bias (slow on big grids)",
	.uniform = true,
	.default_start = MB_START_RANDOM,
	.kinds = MB_KINDS_ALL,
	.carve_squares = carve_squares,
	.carve_graph = carve_graph,
};
