/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Recursive backtracker (randomised depth-first search), written with an
 * explicit stack so a 200x200 maze needs no deep C recursion. Long winding
 * corridors and few, long dead ends: the classic "hard" texture.
 *
 * Each stack entry carries its square's column as well as its index, so
 * the bounds tests are comparisons, never a division.
 */
#include "config.h"
#include "mazebook/generator.h"

#include <stdlib.h>

#include "mazebook/xalloc.h"
#include "common.h"

struct cell {
	int i, x;
};

static void generate(struct mb_maze *m, struct mb_rng *rng, const struct mb_gen_options *opt)
{
	int w = m->w, n = m->w * m->h;
	struct cell *stack = xmallocarray((size_t)n, sizeof(*stack));
	uint8_t *seen = xcalloc((size_t)n, 1);
	int top = 0, start = (int)mb_rng_below(rng, (uint32_t)n);

	(void)opt;
	stack[top++] = (struct cell){ start, start % w };
	seen[start] = 1;
	while (top > 0) {
		struct cell cur = stack[top - 1], choices[4];
		int i = cur.i, x = cur.x, nc = 0;

		if (i >= w && !seen[i - w])
			choices[nc++] = (struct cell){ i - w, x };
		if (x < w - 1 && !seen[i + 1])
			choices[nc++] = (struct cell){ i + 1, x + 1 };
		if (i + w < n && !seen[i + w])
			choices[nc++] = (struct cell){ i + w, x };
		if (x > 0 && !seen[i - 1])
			choices[nc++] = (struct cell){ i - 1, x - 1 };
		if (!nc) {
			top--;
			continue;
		}
		struct cell next = nc == 1 ? choices[0] : choices[mb_rng_below(rng, (uint32_t)nc)];

		link_squares(m, i, next.i);
		seen[next.i] = 1;
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
