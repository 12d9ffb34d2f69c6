/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Hunt-and-kill: walk at random into unvisited squares until stuck, then
 * hunt: scan the grid in reading order for the first unvisited square next
 * to the maze, join it to a random visited neighbour and walk on from it.
 * Texture: long winding corridors like the backtracker's and the fewest
 * dead ends of all, but a shorter route.
 *
 * The walk starts at the entrance square (0, 0) by default. Then every
 * square before the first unvisited one is visited, so that square always
 * touches the maze (through its west or north neighbour) and the hunt
 * takes it: all hunts together cost one pass over the grid. From another
 * start, unvisited squares can lie before the first one that touches the
 * maze; the hunt then scans on from the first unvisited square (which
 * never moves back), and takes the first that touches. Such scans can
 * pass the same unvisited squares again, but few stay unvisited for long:
 * a 200x200 maze takes as long from the centre as from the entrance. Both
 * are the same reading-order hunt, so the entrance start draws as it
 * always did.
 *
 * Graph grids (polar, hex, delta) walk and hunt over their side tables.
 */
#include "config.h"
#include "mazebook/gen/generator.h"

#include <stdlib.h>

#include "mazebook/base/xalloc.h"
#include "../common.h"

/*
 * Hunt-and-kill over a graph grid's side tables: the hunt scans cells in
 * number order (ring by ring on a polar grid, row by row on hex and
 * delta), from the first unvisited one, as on the squares.
 */
static void carve_graph(struct mb_maze *m, struct mb_rng *rng,
			const struct mb_gen_options *opt)
{
	int cur = start_square(m, rng, opt->start), cursor = 0;
	struct graph gr;
	uint8_t *seen;

	graph_init(&gr, m->grid);
	seen = xcalloc((size_t)gr.n, 1);
	seen[cur] = 1;
	for (;;) {
		int sides[MB_GRID_MAX_DEGREE], k = graph_sides_where(&gr, seen, cur, 0, sides), side;

		if (k > 0) {
			side = sides[k == 1 ? 0 : (int)mb_rng_below(rng, (uint32_t)k)];
			m->open[gr.wall[side]] = 1;
			cur = gr.nb[side];
			seen[cur] = 1;
			continue;
		}
		while (cursor < gr.n && seen[cursor])
			cursor++;
		if (cursor == gr.n)
			break;
		for (cur = cursor;; cur++) {
			if (cur == gr.n)
				BUG("no unvisited cell touches the maze");
			if (!seen[cur] && (k = graph_sides_where(&gr, seen, cur, 1, sides)) > 0)
				break;
		}
		side = sides[k == 1 ? 0 : (int)mb_rng_below(rng, (uint32_t)k)];
		m->open[gr.wall[side]] = 1;
		seen[cur] = 1;
	}
	free(seen);
	graph_free(&gr);
}

static void carve_squares(struct mb_maze *m, struct mb_rng *rng,
			  const struct mb_gen_options *opt)
{
	int w = m->w, n = w * m->h;
	uint8_t *seen = xcalloc((size_t)n, 1);
	int cur = start_square(m, rng, opt->start), x = cur % w, cursor = 0;

	/* seen: 1 in the maze, 2 not a cell (a square left out of a mask) */
	for (int i = 0; m->grid->in && i < n; i++)
		if (!m->grid->in[i])
			seen[i] = 2;

	seen[cur] = 1;
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
		/* hunt: the first unvisited square that touches the maze */
		while (cursor < n && seen[cursor])
			cursor++;
		if (cursor == n)
			break;
		for (cur = cursor;; cur++) {
			if (cur == n)
				BUG("no unvisited square touches the maze");
			x = cur % w;
			k = 0;
			if (seen[cur])
				continue;
			if (cur >= w && seen[cur - w] == 1)
				nb[k++] = cur - w;
			if (x < w - 1 && seen[cur + 1] == 1)
				nb[k++] = cur + 1;
			if (cur + w < n && seen[cur + w] == 1)
				nb[k++] = cur + w;
			if (x > 0 && seen[cur - 1] == 1)
				nb[k++] = cur - 1;
			if (k > 0)
				break;
		}
		link_squares(m, cur, nb[k == 1 ? 0 : mb_rng_below(rng, (uint32_t)k)]);
		seen[cur] = 1;
	}
	free(seen);
}

const struct mb_generator mb_gen_hunt_and_kill = {
	.name = "hunt-and-kill",
	.summary = "random walks restarted by a scan: long corridors, fewest dead ends",
	.uniform = false,
	.default_start = MB_START_ENTRANCE,
	.kinds = MB_KINDS_ALL,
	.carve_squares = carve_squares,
	.carve_graph = carve_graph,
};
