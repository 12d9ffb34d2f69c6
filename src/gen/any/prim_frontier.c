/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Prim on squares ("frontier" version): grow the maze from one random
 * square; each step picks a random frontier square (outside the maze, next
 * to it) and joins it to a random neighbour already in the maze. Texture:
 * even shorter dead ends than the wall-list Prim, a spiky radial look.
 *
 * Graph grids (polar, hex, delta) grow over their side tables.
 */
#include "config.h"
#include "mazebook/gen/generator.h"

#include <stdlib.h>

#include "mazebook/base/xalloc.h"
#include "../common.h"

enum { OUT = 0, FRONTIER = 1, IN = 2, LEFT_OUT = 3 };	/* LEFT_OUT: not a cell */

struct state {
	int w, n;
	uint8_t *state;
	int *frontier;
	int count;
};

static void mark_frontier(struct state *s, int c)
{
	if (s->state[c] == OUT) {
		s->state[c] = FRONTIER;
		s->frontier[s->count++] = c;
	}
}

/* Put square c into the maze; its outside neighbours join the frontier. */
static void add_square(struct state *s, int c, int x)
{
	int w = s->w;

	s->state[c] = IN;
	if (c >= w)
		mark_frontier(s, c - w);
	if (x < w - 1)
		mark_frontier(s, c + 1);
	if (c + w < s->n)
		mark_frontier(s, c + w);
	if (x > 0)
		mark_frontier(s, c - 1);
}

/* Put cell c of a graph grid into the maze; its outside neighbours join the frontier. */
static void graph_add_cell(const struct graph *gr, struct state *s, int c)
{
	s->state[c] = IN;
	for (int k = gr->first[c]; k < gr->first[c + 1]; k++)
		mark_frontier(s, gr->nb[k]);
}

static void carve_graph(struct mb_maze *m, struct mb_rng *rng,
			const struct mb_gen_options *opt)
{
	struct graph gr;
	struct state s;

	graph_init(&gr, m->grid);
	s = (struct state){
		.w = gr.n,
		.n = gr.n,
		.state = xcalloc((size_t)gr.n, 1),
		.frontier = xmallocarray((size_t)gr.n, sizeof(int)),
		.count = 0,
	};
	graph_add_cell(&gr, &s, start_square(m, rng, opt->start));
	while (s.count > 0) {
		int k = (int)mb_rng_below(rng, (uint32_t)s.count), c = s.frontier[k];
		int sides[MB_GRID_MAX_DEGREE], nn;

		s.frontier[k] = s.frontier[--s.count];
		nn = graph_sides_where(&gr, s.state, c, IN, sides);
		if (nn == 0)
			BUG("frontier cell %d has no neighbour in the maze", c);
		m->open[gr.wall[sides[nn == 1 ? 0 : mb_rng_below(rng, (uint32_t)nn)]]] = 1;
		graph_add_cell(&gr, &s, c);
	}
	free(s.frontier);
	free(s.state);
	graph_free(&gr);
}

static void carve_squares(struct mb_maze *m, struct mb_rng *rng,
			  const struct mb_gen_options *opt)
{
	int w = m->w, n = w * m->h;
	struct state s = {
		.w = w,
		.n = n,
		.state = xcalloc((size_t)n, 1),
		.frontier = xmallocarray((size_t)n, sizeof(int)),
		.count = 0,
	};
	int start = start_square(m, rng, opt->start);

	for (int i = 0; m->grid->in && i < n; i++)
		if (!m->grid->in[i])
			s.state[i] = LEFT_OUT;
	add_square(&s, start, start % w);
	while (s.count > 0) {
		int k = (int)mb_rng_below(rng, (uint32_t)s.count);
		int c = s.frontier[k], x = c % w, nb[4], nn = 0;

		s.frontier[k] = s.frontier[--s.count];
		if (c >= w && s.state[c - w] == IN)
			nb[nn++] = c - w;
		if (x < w - 1 && s.state[c + 1] == IN)
			nb[nn++] = c + 1;
		if (c + w < n && s.state[c + w] == IN)
			nb[nn++] = c + w;
		if (x > 0 && s.state[c - 1] == IN)
			nb[nn++] = c - 1;
		if (nn == 0)
			BUG("frontier square %d has no neighbour in the maze", c);
		link_squares(m, c, nb[nn == 1 ? 0 : mb_rng_below(rng, (uint32_t)nn)]);
		add_square(&s, c, x);
	}
	free(s.frontier);
	free(s.state);
}

const struct mb_generator mb_gen_prim_frontier = {
	.name = "prim-frontier",
	.summary = "random frontier squares joined to the maze: very short spiky dead ends",
	.uniform = false,
	.default_start = MB_START_RANDOM,
	.kinds = MB_KINDS_ALL,
	.carve_squares = carve_squares,
	.carve_graph = carve_graph,
};
