/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Hunt-and-kill: walk at random into unvisited squares until stuck, then
 * hunt: scan the grid in reading order for the first unvisited square next
 * to the maze, join it to a random visited neighbour and walk on from it.
 * Texture: long winding corridors like the backtracker's and the fewest
 * dead ends of all, but a shorter route.
 *
 * The walk starts at the entrance square (0, 0). Then every square before
 * the first unvisited one is visited, so that square always touches the
 * maze (through its west or north neighbour): the hunt is a cursor that
 * only moves forward, and all hunts together cost one pass over the grid.
 */
#include "config.h"
#include "mazebook/generator.h"

#include <stdlib.h>

#include "mazebook/xalloc.h"
#include "common.h"

static void generate(struct mb_maze *m, struct mb_rng *rng, const struct mb_gen_options *opt)
{
	int w = m->w, n = w * m->h;
	uint8_t *seen = xcalloc((size_t)n, 1);
	int cur = 0, x = 0, cursor = 0;

	(void)opt;
	seen[0] = 1;
	for (;;) {
		int nb[4], nbx[4], k = 0;

		/* kill: a random unvisited neighbour */
		if (cur >= w && !seen[cur - w])
			nb[k] = cur - w, nbx[k++] = x;
		if (x < w - 1 && !seen[cur + 1])
			nb[k] = cur + 1, nbx[k++] = x + 1;
		if (cur + w < n && !seen[cur + w])
			nb[k] = cur + w, nbx[k++] = x;
		if (x > 0 && !seen[cur - 1])
			nb[k] = cur - 1, nbx[k++] = x - 1;
		if (k > 0) {
			int j = k == 1 ? 0 : (int)mb_rng_below(rng, (uint32_t)k);

			link_squares(m, cur, nb[j]);
			cur = nb[j];
			x = nbx[j];
			seen[cur] = 1;
			continue;
		}
		/* hunt: the first unvisited square, joined to a visited neighbour */
		while (cursor < n && seen[cursor])
			cursor++;
		if (cursor == n)
			break;
		cur = cursor;
		x = cur % w;
		k = 0;
		if (cur >= w)
			nb[k++] = cur - w;	/* visited: it comes before the cursor */
		if (x < w - 1 && seen[cur + 1])
			nb[k++] = cur + 1;
		if (cur + w < n && seen[cur + w])
			nb[k++] = cur + w;
		if (x > 0)
			nb[k++] = cur - 1;	/* visited: it comes before the cursor */
		if (k == 0)
			BUG("hunted square %d does not touch the maze", cur);
		link_squares(m, cur, nb[k == 1 ? 0 : mb_rng_below(rng, (uint32_t)k)]);
		seen[cur] = 1;
	}
	free(seen);
}

const struct mb_generator mb_gen_hunt_and_kill = {
	.name = "hunt-and-kill",
	.summary = "random walks restarted by a scan: long corridors, fewest dead ends",
	.uniform = false,
	.generate = generate,
};
