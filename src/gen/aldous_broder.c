/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Aldous-Broder: walk at random from a random square and open the wall
 * each time the walk first enters a square. Every spanning tree comes out
 * with the same chance. The walk must cover the whole grid, which takes
 * on the order of n log^2 n steps, so it is slow on big grids by nature;
 * the step itself is kept cheap (two random bits from a buffered word, no
 * division, no bounds-checked calls).
 */
#include "config.h"
#include "mazebook/generator.h"

#include <stdlib.h>

#include "mazebook/xalloc.h"
#include "common.h"

static void generate(struct mb_maze *m, struct mb_rng *rng, const struct mb_gen_options *opt)
{
	int w = m->w, h = m->h, n = w * h;
	uint8_t *seen = xcalloc((size_t)n, 1);
	int i = (int)mb_rng_below(rng, (uint32_t)n), x = i % w, y = i / w;
	int left = n - 1;
	struct bits bits;

	(void)opt;
	bits_init(&bits);
	seen[i] = 1;
	while (left > 0) {
		int from = i;

		walk_step(&bits, rng, w, h, &i, &x, &y);
		if (!seen[i]) {
			seen[i] = 1;
			link_squares(m, from, i);
			left--;
		}
	}
	free(seen);
}

const struct mb_generator mb_gen_aldous_broder = {
	.name = "aldous-broder",
	.summary = "random walk: uniform, many short dead ends, no bias (slow on big grids)",
	.uniform = true,
	.generate = generate,
};
