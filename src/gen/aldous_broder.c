/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Aldous-Broder: walk at random from a start square (random by default) and open the wall
 * each time the walk first enters a square. Every spanning tree comes out
 * with the same chance. The walk must cover the whole grid, which takes
 * on the order of n log^2 n steps, so it is slow on big grids by nature;
 * the step itself is kept cheap: two random bits from a buffered word and
 * a table lookup on a padded grid whose marked border is drawn again.
 */
#include "config.h"
#include "mazebook/generator.h"

#include <stdlib.h>

#include "mazebook/xalloc.h"
#include "common.h"

enum { UNSEEN = 0, SEEN = 1, BORDER = 2 };

static void generate(struct mb_maze *m, struct mb_rng *rng, const struct mb_gen_options *opt)
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
	.kinds = MB_KINDS_SQUARE,
	.generate = generate,
};
