/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Randomised Prim (the wall-list version): grow the maze from one square,
 * keeping the list of walls between the maze and the squares outside it.
 * Each step takes a wall from the list uniformly at random and opens it
 * when the square beyond is still outside. Texture: many short dead ends
 * radiating from the start, an easy, branchy look. It starts at the
 * entrance square unless told otherwise: the Prim of the table the levels
 * were chosen from (prim-frontier keeps its random start).
 *
 * A wall enters the list only while its far side is outside the maze, so
 * it enters at most once and the list never exceeds 2 x squares.
 *
 * Graph grids (polar, hex, delta) list sides of their side tables.
 */
#include "config.h"
#include "mazebook/gen/generator.h"

#include <stdlib.h>

#include "mazebook/base/xalloc.h"
#include "../common.h"

struct state {
	int w, n;
	uint8_t *in;
	int *walls;	/* 2i: the wall east of square i, 2i + 1: south of it */
	int count;
};

/* Put square c into the maze and list its walls to squares still outside. */
static void add_square(struct state *s, int c)
{
	int w = s->w, x = c % w;

	s->in[c] = 1;
	if (c >= w && !s->in[c - w])
		s->walls[s->count++] = 2 * (c - w) + 1;
	if (x < w - 1 && !s->in[c + 1])
		s->walls[s->count++] = 2 * c;
	if (c + w < s->n && !s->in[c + w])
		s->walls[s->count++] = 2 * c + 1;
	if (x > 0 && !s->in[c - 1])
		s->walls[s->count++] = 2 * (c - 1);
}

/*
 * Prim over a graph grid: the list holds sides (indices into gr) from a
 * cell in the maze to one outside it when listed.
 */
static void graph_add_cell(const struct graph *gr, uint8_t *in, int *list, int *count, int c)
{
	in[c] = 1;
	for (int k = gr->first[c]; k < gr->first[c + 1]; k++)
		if (!in[gr->nb[k]])
			list[(*count)++] = k;
}

static void carve_graph(struct mb_maze *m, struct mb_rng *rng,
			const struct mb_gen_options *opt)
{
	struct graph gr;
	uint8_t *in;
	int *list, count = 0;

	graph_init(&gr, m->grid);
	in = xcalloc((size_t)gr.n, 1);
	/* each side is listed at most once: only while its far cell is outside */
	list = xmallocarray((size_t)gr.first[gr.n] + 1, sizeof(int));
	graph_add_cell(&gr, in, list, &count, start_square(m, rng, opt->start));
	while (count > 0) {
		int k = (int)mb_rng_below(rng, (uint32_t)count), side = list[k];

		list[k] = list[--count];
		if (in[gr.nb[side]])
			continue;
		m->open[gr.wall[side]] = 1;
		graph_add_cell(&gr, in, list, &count, gr.nb[side]);
	}
	free(list);
	free(in);
	graph_free(&gr);
}

static void carve_squares(struct mb_maze *m, struct mb_rng *rng,
			  const struct mb_gen_options *opt)
{
	int n = m->w * m->h;
	struct state s = {
		.w = m->w,
		.n = n,
		.in = xmalloc((size_t)n),
		.walls = xmallocarray((size_t)2 * (size_t)n, sizeof(int)),
		.count = 0,
	};

	/* a square left out of a mask counts as in: no wall towards it is offered */
	for (int i = 0; i < n; i++)
		s.in[i] = m->grid->in ? !m->grid->in[i] : 0;
	add_square(&s, start_square(m, rng, opt->start));
	while (s.count > 0) {
		int k = (int)mb_rng_below(rng, (uint32_t)s.count);
		int wall = s.walls[k], a = wall >> 1, b = a + ((wall & 1) ? m->w : 1);

		s.walls[k] = s.walls[--s.count];
		if (s.in[a] && s.in[b])
			continue;
		m->open[a] |= (wall & 1) ? MB_OPEN_SOUTH : MB_OPEN_EAST;
		add_square(&s, s.in[a] ? b : a);
	}
	free(s.walls);
	free(s.in);
}

const struct mb_generator mb_gen_prim = {
	.name = "prim",
	.summary = "random walls off the grown maze: many short dead ends, easy and branchy",
	.uniform = false,
	.default_start = MB_START_ENTRANCE,
	.kinds = MB_KINDS_ALL,
	.carve_squares = carve_squares,
	.carve_graph = carve_graph,
};
