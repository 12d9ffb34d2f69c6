/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Recursive backtracker (randomised depth-first search), written with an
 * explicit stack so a 200x200 maze needs no deep C recursion. Long winding
 * corridors and few, long dead ends: the classic "hard" texture.
 */
#include "config.h"
#include "mazebook/generator.h"

#include <stdlib.h>

#include "mazebook/xalloc.h"

static void generate(struct mb_maze *m, struct mb_rng *rng, const struct mb_gen_options *opt)
{
	int n = m->w * m->h;
	int *stack = xmallocarray((size_t)n, sizeof(*stack));
	uint8_t *seen = xcalloc((size_t)n, 1);
	int top = 0;

	(void)opt;
	stack[top++] = (int)mb_rng_below(rng, (uint32_t)n);
	seen[stack[0]] = 1;
	while (top > 0) {
		int cur = stack[top - 1], x = cur % m->w, y = cur / m->w;
		int choices[4], nc = 0;

		for (int dir = 0; dir < 4; dir++) {
			int nx = x + mb_dir_dx[dir], ny = y + mb_dir_dy[dir];

			if (mb_maze_inside(m, nx, ny) && !seen[ny * m->w + nx])
				choices[nc++] = ny * m->w + nx;
		}
		if (!nc) {
			top--;
			continue;
		}
		int next = choices[mb_rng_below(rng, (uint32_t)nc)];

		mb_maze_link(m, cur, next);
		seen[next] = 1;
		stack[top++] = next;
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
