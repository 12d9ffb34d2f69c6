/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Growing tree: keep a list of active squares; each step takes the newest
 * one (with chance opt->newest_share) or a random one, and carves to a
 * random unvisited neighbour, which joins the list; a square with none
 * leaves the list. Share 1.0 is the backtracker, draw for draw (long
 * corridors); 0.0 is Prim-like (short branches); the default mixes them.
 * It starts at the entrance square by default, as the backtracker does.
 *
 * The list keeps its order, so "newest" keeps its meaning for every share.
 * A square leaving from the middle is only marked dead; a random pick that
 * lands on a dead entry draws again (uniform over the live ones), and the
 * list is compacted, in order, whenever the dead outnumber the living.
 * The grid is padded as in the backtracker, so neighbour tests need no
 * bounds checks.
 *
 * Graph grids (polar, hex, delta) run the same list over their side
 * tables (cells instead of padded squares).
 */
#include "config.h"
#include "mazebook/gen/generator.h"

#include <stdlib.h>

#include "mazebook/base/xalloc.h"
#include "../common.h"

/* active squares are padded_cells; p = -1 marks one that died in place */

/* Drop dead entries, keeping the order of the living. */
static int compact(struct padded_cell *active, int count)
{
	int kept = 0;

	for (int k = 0; k < count; k++)
		if (active[k].p >= 0)
			active[kept++] = active[k];
	return kept;
}

/*
 * The same list over a graph grid's side tables: active holds cells, -1
 * for one that died in place, and the draws come in the same order.
 */
static int compact_cells(int *active, int count)
{
	int kept = 0;

	for (int k = 0; k < count; k++)
		if (active[k] >= 0)
			active[kept++] = active[k];
	return kept;
}

static void carve_graph(struct mb_maze *m, struct mb_rng *rng,
			const struct mb_gen_options *opt)
{
	int start = start_square(m, rng, opt->start), count = 0, live = 1, dead = 0;
	double share = opt->newest_share;
	struct graph gr;
	int *active;
	uint8_t *seen;
	struct bits bits;

	graph_init(&gr, m->grid);
	active = xmallocarray((size_t)gr.n, sizeof(int));
	seen = xcalloc((size_t)gr.n, 1);
	bits_init(&bits);
	active[count++] = start;
	seen[start] = 1;
	while (live > 0) {
		int k, sides[MB_GRID_MAX_DEGREE], nc, side;

		if (share >= 1.0 || (share > 0.0 && mb_rng_unit(rng) < share)) {
			while (active[count - 1] < 0) {
				count--;
				dead--;
			}
			k = count - 1;
		} else {
			do
				k = (int)mb_rng_below(rng, (uint32_t)count);
			while (active[k] < 0);
		}
		nc = graph_sides_where(&gr, seen, active[k], 0, sides);
		if (!nc) {
			live--;
			if (k == count - 1) {
				count--;
			} else {
				active[k] = -1;
				if (++dead > live) {
					count = compact_cells(active, count);
					dead = 0;
				}
			}
			continue;
		}
		side = sides[bits_below(&bits, rng, (uint32_t)nc)];
		m->open[gr.wall[side]] = 1;
		seen[gr.nb[side]] = 1;
		active[count++] = gr.nb[side];
		live++;
	}
	free(seen);
	free(active);
	graph_free(&gr);
}

static void carve_squares(struct mb_maze *m, struct mb_rng *rng,
			  const struct mb_gen_options *opt)
{
	int n = m->w * m->h, count = 0, live, dead = 0;
	struct padded pad;
	struct padded_cell *active = xmallocarray((size_t)n, sizeof(*active));
	uint8_t *seen;
	struct bits bits;
	double share = opt->newest_share;
	int start = start_square(m, rng, opt->start);

	padded_init(&pad, m);
	seen = xmalloc((size_t)pad.size);
	padded_fill(&pad, m, seen, 0, 1);
	bits_init(&bits);
	active[count++] = (struct padded_cell){ padded_index(&pad, start % m->w, start / m->w), start };
	seen[active[0].p] = 1;
	live = 1;
	while (live > 0) {
		int k, dirs[4], nc, d;

		/* no draw at the ends, so share 1.0 makes exactly the backtracker's draws */
		if (share >= 1.0 || (share > 0.0 && mb_rng_unit(rng) < share)) {
			while (active[count - 1].p < 0) {
				count--;
				dead--;
			}
			k = count - 1;
		} else {
			do
				k = (int)mb_rng_below(rng, (uint32_t)count);
			while (active[k].p < 0);
		}

		struct padded_cell cur = active[k];

		nc = padded_unseen(&pad, seen, cur.p, dirs);
		if (!nc) {
			live--;
			if (k == count - 1) {
				count--;
			} else {
				active[k].p = -1;
				if (++dead > live) {
					count = compact(active, count);
					dead = 0;
				}
			}
			continue;
		}
		d = dirs[bits_below(&bits, rng, (uint32_t)nc)];
		active[count++] = padded_carve(&pad, m, seen, cur, d);
		live++;
	}
	free(seen);
	free(active);
}

const struct mb_generator mb_gen_growing_tree = {
	.name = "growing-tree",
	.summary = "newest or random active square: corridors to branches by newest_share",
	.uniform = false,
	.default_start = MB_START_ENTRANCE,
	.kinds = MB_KINDS_ALL,
	.carve_squares = carve_squares,
	.carve_graph = carve_graph,
};
