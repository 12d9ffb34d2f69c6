/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Growing tree: keep a list of active squares; each step takes the newest
 * one (with chance opt->newest_share) or a random one, and carves to a
 * random unvisited neighbour, which joins the list; a square with none
 * leaves the list. Share 1.0 is the backtracker (long corridors), 0.0 is
 * Prim-like (short branches); the default mixes them.
 *
 * The list keeps its order when a square leaves from the middle (a
 * memmove), so "newest" keeps its meaning for every share.
 */
#include "config.h"
#include "mazebook/generator.h"

#include <stdlib.h>
#include <string.h>

#include "mazebook/xalloc.h"
#include "common.h"

struct cell {
	int i, x;
};

static void generate(struct mb_maze *m, struct mb_rng *rng, const struct mb_gen_options *opt)
{
	int w = m->w, n = w * m->h;
	struct cell *active = xmallocarray((size_t)n, sizeof(*active));
	uint8_t *seen = xcalloc((size_t)n, 1);
	int count = 0, start = (int)mb_rng_below(rng, (uint32_t)n);
	double share = opt->newest_share;

	active[count++] = (struct cell){ start, start % w };
	seen[start] = 1;
	while (count > 0) {
		int k;

		/* no draw at the ends, so share 1.0 is exactly the backtracker's draws */
		if (share >= 1.0 || (share > 0.0 && mb_rng_unit(rng) < share))
			k = count - 1;
		else
			k = (int)mb_rng_below(rng, (uint32_t)count);

		struct cell cur = active[k], choices[4];
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
			memmove(active + k, active + k + 1, (size_t)(count - k - 1) * sizeof(*active));
			count--;
			continue;
		}
		struct cell next = nc == 1 ? choices[0] : choices[mb_rng_below(rng, (uint32_t)nc)];

		link_squares(m, i, next.i);
		seen[next.i] = 1;
		active[count++] = next;
	}
	free(seen);
	free(active);
}

const struct mb_generator mb_gen_growing_tree = {
	.name = "growing-tree",
	.summary = "newest or random active square: corridors to branches by newest_share",
	.uniform = false,
	.generate = generate,
};
