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

#include "mazebook/maze.h"
#include "mazebook/rng.h"

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
 * A random walk's step: move square i at column x, row y of a w x h grid
 * to a uniformly chosen neighbour. Two random bits pick one of the four
 * sides and a side off the grid is drawn again, which is uniform over the
 * sides that exist. The grid must have at least two squares.
 */
static inline void walk_step(struct bits *b, struct mb_rng *rng, int w, int h,
			     int *i, int *x, int *y)
{
	for (;;) {
		switch (bits_take(b, rng, 2)) {
		case MB_NORTH:
			if (*y > 0) {
				*i -= w;
				--*y;
				return;
			}
			break;
		case MB_EAST:
			if (*x < w - 1) {
				++*i;
				++*x;
				return;
			}
			break;
		case MB_SOUTH:
			if (*y < h - 1) {
				*i += w;
				++*y;
				return;
			}
			break;
		default:
			if (*x > 0) {
				--*i;
				--*x;
				return;
			}
			break;
		}
	}
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

#endif
