/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Wilson's algorithm (1996): loop-erased random walks. One random square
 * starts the tree; from each square not yet in it (in index order; any
 * order keeps the result uniform) a random walk runs until it meets the
 * tree, remembering only the last way it left each square, which erases
 * its loops; the remembered path is then added. Every spanning tree of the
 * grid comes out with the same chance. Texture: many short dead ends, no
 * directional bias, like Aldous-Broder but much faster.
 */
#include "config.h"
#include "mazebook/generator.h"

#include <stdlib.h>

#include "mazebook/xalloc.h"
#include "common.h"

static void generate(struct mb_maze *m, struct mb_rng *rng, const struct mb_gen_options *opt)
{
	int w = m->w, h = m->h, n = w * h;
	uint8_t *in_tree = xcalloc((size_t)n, 1);
	int *next = xmallocarray((size_t)n, sizeof(*next));
	struct bits bits;

	(void)opt;
	bits_init(&bits);
	in_tree[mb_rng_below(rng, (uint32_t)n)] = 1;
	for (int sy = 0, s = 0; sy < h; sy++) {
		for (int sx = 0; sx < w; sx++, s++) {
			int i = s, x = sx, y = sy;

			if (in_tree[s])
				continue;
			while (!in_tree[i]) {
				int from = i;

				walk_step(&bits, rng, w, h, &i, &x, &y);
				next[from] = i;
			}
			for (i = s; !in_tree[i]; i = next[i]) {
				in_tree[i] = 1;
				link_squares(m, i, next[i]);
			}
		}
	}
	free(next);
	free(in_tree);
}

const struct mb_generator mb_gen_wilson = {
	.name = "wilson",
	.summary = "loop-erased random walks: uniform, many short dead ends, no bias",
	.uniform = true,
	.generate = generate,
};
