/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Recursive backtracker (randomised depth-first search), written with an
 * explicit stack so a 200x200 maze needs no deep C recursion. Long winding
 * corridors and few, long dead ends: the classic "hard" texture. It
 * starts at the entrance square unless told otherwise, as the measured
 * figures in specs/levels.def were taken.
 *
 * The search runs on a padded copy of the grid whose border counts as
 * visited, so finding the unvisited neighbours takes no bounds tests; each
 * stack entry carries both its padded and its maze index, and choices
 * among two to four neighbours come from a buffer of random bits.
 *
 * Graph grids (polar, hex, delta) take the same search over their side
 * tables.
 */
#include "config.h"
#include "mazebook/gen/generator.h"

#include <stdlib.h>

#include "mazebook/base/xalloc.h"
#include "../common.h"

/* Depth-first search over a graph grid's side tables. */
static void carve_graph(struct mb_maze *m, struct mb_rng *rng,
			const struct mb_gen_options *opt)
{
	int start = start_square(m, rng, opt->start), top = 0;
	struct graph gr;
	int *stack;
	uint8_t *seen;
	struct bits bits;

	graph_init(&gr, m->grid);
	stack = xmallocarray((size_t)gr.n, sizeof(int));
	seen = xcalloc((size_t)gr.n, 1);
	bits_init(&bits);
	stack[top++] = start;
	seen[start] = 1;
	while (top > 0) {
		int sides[MB_GRID_MAX_DEGREE], nc = graph_sides_where(&gr, seen, stack[top - 1], 0, sides);
		int k;

		if (!nc) {
			top--;
			continue;
		}
		k = sides[bits_below(&bits, rng, (uint32_t)nc)];
		m->open[gr.wall[k]] = 1;
		seen[gr.nb[k]] = 1;
		stack[top++] = gr.nb[k];
	}
	free(seen);
	free(stack);
	graph_free(&gr);
}

static void carve_squares(struct mb_maze *m, struct mb_rng *rng,
			  const struct mb_gen_options *opt)
{
	int n = m->w * m->h, top = 0;
	struct padded pad;
	struct padded_cell *stack = xmallocarray((size_t)n, sizeof(*stack));
	uint8_t *seen;
	struct bits bits;
	int start = start_square(m, rng, opt->start);

	padded_init(&pad, m);
	seen = xmalloc((size_t)pad.size);
	padded_fill(&pad, m, seen, 0, 1);
	bits_init(&bits);
	stack[top++] = (struct padded_cell){ padded_index(&pad, start % m->w, start / m->w), start };
	seen[stack[0].p] = 1;
	while (top > 0) {
		struct padded_cell cur = stack[top - 1];
		int dirs[4], nc = padded_unseen(&pad, seen, cur.p, dirs), d;

		if (!nc) {
			top--;
			continue;
		}
		d = dirs[bits_below(&bits, rng, (uint32_t)nc)];
		stack[top++] = padded_carve(&pad, m, seen, cur, d);
	}
	free(seen);
	free(stack);
}

const struct mb_generator mb_gen_backtracker = {
	.name = "backtracker",
	.summary = "depth-first search: long winding corridors, few dead ends",
	.uniform = false,
	.default_start = MB_START_ENTRANCE,
	.kinds = MB_KINDS_ALL,
	.carve_squares = carve_squares,
	.carve_graph = carve_graph,
};
