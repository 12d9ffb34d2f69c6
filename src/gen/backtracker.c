/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Recursive backtracker (randomised depth-first search), written with an
 * explicit stack so a 200x200 maze needs no deep C recursion. Long winding
 * corridors and few, long dead ends: the classic "hard" texture.
 *
 * The search runs on a padded copy of the grid whose border counts as
 * visited, so finding the unvisited neighbours takes no bounds tests; each
 * stack entry carries both its padded and its maze index, and choices
 * among two to four neighbours come from a buffer of random bits.
 */
#include "config.h"
#include "mazebook/generator.h"

#include <stdlib.h>

#include "mazebook/xalloc.h"
#include "common.h"

struct cell {
	int p, i;	/* padded index, maze index */
};

static void generate(struct mb_maze *m, struct mb_rng *rng, const struct mb_gen_options *opt)
{
	int n = m->w * m->h, top = 0;
	struct padded pad;
	struct cell *stack = xmallocarray((size_t)n, sizeof(*stack));
	uint8_t *seen;
	struct bits bits;
	int start = (int)mb_rng_below(rng, (uint32_t)n);

	(void)opt;
	padded_init(&pad, m);
	seen = xmalloc((size_t)pad.size);
	padded_fill(&pad, seen, 0, 1);
	bits_init(&bits);
	stack[top++] = (struct cell){ padded_index(&pad, start % m->w, start / m->w), start };
	seen[stack[0].p] = 1;
	while (top > 0) {
		struct cell cur = stack[top - 1];
		int dirs[4], nc = 0, d;

		const uint8_t *around = seen + cur.p;

		/* branch-free: the seen tests are coin flips the CPU cannot predict */
		dirs[nc] = MB_NORTH;
		nc += !around[-pad.w];
		dirs[nc] = MB_EAST;
		nc += !around[1];
		dirs[nc] = MB_SOUTH;
		nc += !around[pad.w];
		dirs[nc] = MB_WEST;
		nc += !around[-1];
		if (!nc) {
			top--;
			continue;
		}
		d = dirs[bits_below(&bits, rng, (uint32_t)nc)];
		padded_open(&pad, m, cur.i, d);
		cur.p += pad.step[d];
		cur.i += pad.maze_step[d];
		seen[cur.p] = 1;
		stack[top++] = cur;
	}
	free(seen);
	free(stack);
}

const struct mb_generator mb_gen_backtracker = {
	.name = "backtracker",
	.summary = "depth-first search: long winding corridors, few dead ends",
	.uniform = false,
	.generate = generate,
};
