/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Small helpers the generators in src/gen/ share; private to that folder.
 * They work on square indices (y * W + x) with no bounds checks: each
 * generator knows its squares are adjacent and inside, and skipping
 * mb_maze_link()'s checks and divisions is what makes them fast. Random
 * bits come only from the mb_rng the generator was given.
 */
#ifndef MAZEBOOK_GEN_COMMON_H
#define MAZEBOOK_GEN_COMMON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/error.h"
#include "mazebook/base/rng.h"
#include "mazebook/base/xalloc.h"
#include "mazebook/gen/generator.h"
#include "mazebook/maze/maze.h"

static inline int graph_centre_cell(const struct mb_maze *m);

/*
 * The cell nearest the lattice's centre square (W / 2, H / 2): that square
 * itself on a rectangle, else the first cell by distance (squared), in
 * index order.
 */
static inline int centre_cell(const struct mb_maze *m)
{
	int cx = m->w / 2, cy = m->h / 2, best = -1;
	long best_d = 0;

	if (m->grid->lat)
		return graph_centre_cell(m);
	if (mb_maze_is_cell(m, cx, cy))
		return cy * m->w + cx;
	for (int k = 0; k < m->grid->cells; k++) {
		int c = mb_grid_cell_at(m->grid, k), dx = c % m->w - cx, dy = c / m->w - cy;
		long d = (long)dx * dx + (long)dy * dy;

		if (best < 0 || d < best_d) {
			best = c;
			best_d = d;
		}
	}
	return best;
}

/*
 * The square (y * W + x) to start from; mb_generate hands the generators
 * a resolved start, never MB_START_DEFAULT. Only a random start draws
 * from rng, and it draws first, as these generators always did.
 */
static inline int start_square(const struct mb_maze *m, struct mb_rng *rng, enum mb_start start)
{
	switch (start) {
	case MB_START_ENTRANCE:
		return m->entrance.cell;
	case MB_START_RANDOM:
		return mb_grid_cell_at(m->grid, (int)mb_rng_below(rng, (uint32_t)m->grid->cells));
	case MB_START_CENTRE:
		return centre_cell(m);
	case MB_START_DEFAULT:
		break;
	}
	BUG("generator started without a start square (%d)", (int)start);
}

/* Open the wall between adjacent squares a and b (either order). */
static inline void link_squares(struct mb_maze *m, int a, int b)
{
	if (b < a) {
		int t = a;

		a = b;
		b = t;
	}
	/* tested first, so that a one-square-wide maze links vertically */
	m->open[a] |= (b - a == m->w) ? MB_OPEN_SOUTH : MB_OPEN_EAST;
}

/*
 * A grid with a one-square border all round, for searches that want no
 * bounds tests: a flag array over the padded grid marks the border, and a
 * step in direction d (enum mb_dir) adds step[d] to a padded index and
 * maze_step[d] to the matching maze index.
 */
struct padded {
	int w;			/* padded width, maze width + 2 */
	int size;		/* padded squares */
	int step[4];		/* index change per enum mb_dir, padded */
	int maze_step[4];	/* the same in the maze */
	int wall_step[4];	/* from a maze index to the square holding that wall */
	uint8_t wall_bit[4];	/* and the wall's bit there */
};

static inline void padded_init(struct padded *p, const struct mb_maze *m)
{
	p->w = m->w + 2;
	p->size = (m->w + 2) * (m->h + 2);
	p->step[MB_NORTH] = -p->w;
	p->step[MB_EAST] = 1;
	p->step[MB_SOUTH] = p->w;
	p->step[MB_WEST] = -1;
	p->maze_step[MB_NORTH] = -m->w;
	p->maze_step[MB_EAST] = 1;
	p->maze_step[MB_SOUTH] = m->w;
	p->maze_step[MB_WEST] = -1;
	p->wall_step[MB_NORTH] = -m->w;
	p->wall_step[MB_EAST] = 0;
	p->wall_step[MB_SOUTH] = 0;
	p->wall_step[MB_WEST] = -1;
	p->wall_bit[MB_NORTH] = MB_OPEN_SOUTH;
	p->wall_bit[MB_EAST] = MB_OPEN_EAST;
	p->wall_bit[MB_SOUTH] = MB_OPEN_SOUTH;
	p->wall_bit[MB_WEST] = MB_OPEN_EAST;
}

/* Open side d of maze square i, without a branch. */
static inline void padded_open(const struct padded *p, struct mb_maze *m, int i, int d)
{
	m->open[i + p->wall_step[d]] |= p->wall_bit[d];
}

/* The padded index of maze square (x, y). */
static inline int padded_index(const struct padded *p, int x, int y)
{
	return (y + 1) * p->w + x + 1;
}

/* A square by its padded and its maze index, as searches keep them. */
struct padded_cell {
	int p, i;
};

/*
 * The directions from padded square pi whose neighbour is not yet seen
 * (seen is non-zero on the border too), into dirs; returns how many.
 * Branch-free: the seen tests are coin flips the CPU cannot predict.
 */
static inline int padded_unseen(const struct padded *p, const uint8_t *seen, int pi,
				int dirs[4])
{
	const uint8_t *around = seen + pi;
	int n = 0;

	dirs[n] = MB_NORTH;
	n += !around[-p->w];
	dirs[n] = MB_EAST;
	n += !around[1];
	dirs[n] = MB_SOUTH;
	n += !around[p->w];
	dirs[n] = MB_WEST;
	n += !around[-1];
	return n;
}

/* Open side d of c, mark the square beyond it seen and return it. */
static inline struct padded_cell padded_carve(const struct padded *p, struct mb_maze *m,
					      uint8_t *seen, struct padded_cell c, int d)
{
	padded_open(p, m, c.i, d);
	c.p += p->step[d];
	c.i += p->maze_step[d];
	seen[c.p] = 1;
	return c;
}

/*
 * Set flags[] (p->size bytes) to inner on the maze's cells, border
 * elsewhere: the padding and, on a mask, the squares left out, so that a
 * search over the padded grid walks the mask's graph unchanged.
 */
static inline void padded_fill(const struct padded *p, const struct mb_maze *m,
			       uint8_t *flags, uint8_t inner, uint8_t border)
{
	int rows = p->size / p->w;
	const uint8_t *in = m->grid->in;

	memset(flags, border, (size_t)p->w);
	for (int row = 1; row < rows - 1; row++) {
		uint8_t *f = flags + row * p->w;

		f[0] = border;
		if (in) {
			const uint8_t *r = in + (row - 1) * m->w;

			for (int x = 0; x < m->w; x++)
				f[x + 1] = r[x] ? inner : border;
		} else {
			memset(f + 1, inner, (size_t)p->w - 2);
		}
		f[p->w - 1] = border;
	}
	memset(flags + (rows - 1) * p->w, border, (size_t)p->w);
}

/*
 * A buffer of random bits drawn 64 at a time, for coin flips and 2-bit
 * directions: one mb_rng_next() call serves up to 64 flips.
 */
struct bits {
	uint64_t word;
	int left;
};

static inline void bits_init(struct bits *b)
{
	b->word = 0;
	b->left = 0;
}

/* 32 random bits (a fresh half word, so they are never split) */
static inline uint32_t bits_take32(struct bits *b, struct mb_rng *rng)
{
	uint32_t v;

	if (b->left < 32) {
		b->word = mb_rng_next(rng);
		b->left = 64;
	}
	v = (uint32_t)b->word;
	b->word >>= 32;
	b->left -= 32;
	return v;
}

/* k (1..8) random bits */
static inline unsigned bits_take(struct bits *b, struct mb_rng *rng, int k)
{
	unsigned v;

	if (b->left < k) {
		b->word = mb_rng_next(rng);
		b->left = 64;
	}
	v = (unsigned)(b->word & ((1u << k) - 1));
	b->word >>= k;
	b->left -= k;
	return v;
}

/*
 * A uniform integer in [0, bound) from 32 buffered bits, by Lemire's
 * multiply-and-reject (exact; the rejection is so rare that the branch is
 * always predicted, which matters in the inner loops).
 */
static inline uint32_t bits_below(struct bits *b, struct mb_rng *rng, uint32_t bound)
{
	uint64_t m = (uint64_t)bits_take32(b, rng) * bound;

	if ((uint32_t)m < bound) {
		uint32_t threshold = (uint32_t)(-bound) % bound;

		while ((uint32_t)m < threshold)
			m = (uint64_t)bits_take32(b, rng) * bound;
	}
	return (uint32_t)(m >> 32);
}

/*
 * Disjoint sets (union-find) over squares, for Kruskal and Eller: full
 * path compression on find, union by size.
 */
static inline int uf_find(int *parent, int a)
{
	int root = a;

	while (parent[root] != root)
		root = parent[root];
	while (parent[a] != root) {
		int up = parent[a];

		parent[a] = root;
		a = up;
	}
	return root;
}

/* Join the sets whose roots are ra and rb (ra != rb). */
static inline void uf_union_roots(int *parent, int *size, int ra, int rb)
{
	if (size[ra] < size[rb]) {
		int t = ra;

		ra = rb;
		rb = t;
	}
	parent[rb] = ra;
	size[ra] += size[rb];
}

/*
 * Graph grids (polar, hex, delta): the generators' graph paths walk a
 * copy of the grid's side tables with the rim sides dropped, so that a
 * random step is one uniform draw over the real neighbours (no draw is
 * thrown away on the rim, and a cell's choices are contiguous). Cell c's
 * neighbours are nb[first[c] .. first[c + 1]), each through the inner
 * wall wall[] of the same index (the byte m->open[wall] opens it).
 */
struct graph {
	int n;		/* cells */
	int *first;	/* n + 1 */
	int *nb;	/* the neighbour through each inner side */
	int *wall;	/* and that side's inner wall */
};

static inline int graph_degree(const struct graph *gr, int c)
{
	return gr->first[c + 1] - gr->first[c];
}

static inline void graph_free(struct graph *gr)
{
	free(gr->first);
	free(gr->nb);
	free(gr->wall);
}

/*
 * Fill gr from grid g. A generator can only span a connected graph (a
 * random walk on two pieces would never end). The graph-grid constructors
 * refuse a keep mask that cuts the grid in pieces, so a split grid
 * reaching a generator is a bug, caught here by a flood fill rather than
 * left to hang a random walk.
 */
static inline void graph_init(struct graph *gr, const struct mb_grid *g)
{
	int n = g->cells, used = 0, top = 0, reached = 1;
	int *stack;
	uint8_t *seen;

	gr->n = n;
	gr->first = xmallocarray((size_t)n + 1, sizeof(int));
	gr->nb = xmallocarray((size_t)g->lat->first[n] + 1, sizeof(int));
	gr->wall = xmallocarray((size_t)g->lat->first[n] + 1, sizeof(int));
	for (int c = 0; c < n; c++) {
		gr->first[c] = used;
		for (int k = 0; k < mb_grid_degree(g, c); k++) {
			const struct mb_grid_side *s = mb_grid_side_at(g, c, k);

			if (s->nb < 0)
				continue;
			gr->nb[used] = s->nb;
			gr->wall[used++] = s->wall;
		}
	}
	gr->first[n] = used;
	stack = xmallocarray((size_t)n, sizeof(int));
	seen = xcalloc((size_t)n, 1);
	stack[top++] = 0;
	seen[0] = 1;
	while (top > 0) {
		int c = stack[--top];

		for (int k = gr->first[c]; k < gr->first[c + 1]; k++)
			if (!seen[gr->nb[k]]) {
				seen[gr->nb[k]] = 1;
				stack[top++] = gr->nb[k];
				reached++;
			}
	}
	free(seen);
	free(stack);
	if (reached != n)
		BUG("graph grid of %d cells is not connected (%d reached)", n, reached);
}

/*
 * The cell whose centre lies nearest the centre of a graph grid's bounds
 * (the polar grid's centre cell), the first in number order of a tie.
 */
static inline int graph_centre_cell(const struct mb_maze *m)
{
	const struct mb_lattice *lat = m->grid->lat;
	double mx = (lat->x0 + lat->x1) / 2, my = (lat->y0 + lat->y1) / 2, best_d = 0;
	int best = 0;

	for (int c = 0; c < m->grid->cells; c++) {
		double dx = lat->cx[c] - mx, dy = lat->cy[c] - my, d = dx * dx + dy * dy;

		if (c == 0 || d < best_d - 1e-9) {
			best = c;
			best_d = d;
		}
	}
	return best;
}

/*
 * The sides of c (indices into gr's arrays) whose neighbour nb has
 * state[nb] == want, into out; returns how many.
 */
static inline int graph_sides_where(const struct graph *gr, const uint8_t *state, int c,
				    uint8_t want, int out[MB_GRID_MAX_DEGREE])
{
	int count = 0;

	for (int k = gr->first[c]; k < gr->first[c + 1]; k++)
		if (state[gr->nb[k]] == want)
			out[count++] = k;
	return count;
}

#endif
