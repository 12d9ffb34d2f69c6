/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Graph mazes (polar, hex, delta) for the drawing tests, carved without
 * the generators: a breadth-first spanning tree from cell 0 whose
 * frontier is taken in a seeded random order, so every maze is perfect
 * and every seed a different one.
 */
#ifndef MAZEBOOK_TESTS_LATTICE_FIXTURE_H
#define MAZEBOOK_TESTS_LATTICE_FIXTURE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"
#include "mazebook/maze/grid.h"
#include "mazebook/maze/maze.h"

static inline uint64_t fixture_next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* open a spanning tree of m's grid: each step a random frontier cell joins its parent */
static inline void fixture_carve(struct mb_maze *m, uint64_t seed)
{
	const struct mb_grid *g = m->grid;
	int n = g->cells, *queue = xmallocarray((size_t)n, sizeof(int)), head = 0, tail = 0;
	uint8_t *seen = xcalloc((size_t)n, 1);
	uint64_t s = seed * 2654435761u + 88172645463325252ull;

	mb_maze_reset(m);
	queue[tail++] = 0;
	seen[0] = 1;
	while (head < tail) {
		/* a random cell of the frontier comes next */
		int pick = head + (int)(fixture_next(&s) % (uint64_t)(tail - head)), c = queue[pick];

		queue[pick] = queue[head];
		queue[head++] = c;
		for (int k = 0; k < mb_grid_degree(g, c); k++) {
			int nb = mb_grid_side_at(g, c, k)->nb;

			if (nb >= 0 && !seen[nb]) {
				seen[nb] = 1;
				queue[tail++] = nb;
				mb_maze_link(m, c, nb);
			}
		}
	}
	free(seen);
	free(queue);
}

/*
 * The grid named by kind ("polar", "hex", "hex-hexagon", "delta",
 * "delta-triangle") and size ("12" or "12x13"); NULL on a bad name.
 */
static inline struct mb_grid *fixture_grid(const char *kind, const char *size)
{
	struct mb_error err;
	int a = 0, b = 0;

	mb_error_init(&err);
	if (sscanf(size, "%dx%d", &a, &b) < 1)
		return NULL;
	if (!strcmp(kind, "polar"))
		return mb_grid_new_polar(a, &err);
	if (!strcmp(kind, "hex"))
		return mb_grid_new_hex(a, b, MB_OUTLINE_RECTANGLE, NULL, NULL, &err);
	if (!strcmp(kind, "hex-hexagon"))
		return mb_grid_new_hex(a, 0, MB_OUTLINE_HEXAGON, NULL, NULL, &err);
	if (!strcmp(kind, "delta"))
		return mb_grid_new_delta(a, b, MB_OUTLINE_RECTANGLE, NULL, NULL, &err);
	if (!strcmp(kind, "delta-triangle"))
		return mb_grid_new_delta(0, a, MB_OUTLINE_TRIANGLE, NULL, NULL, &err);
	return NULL;
}

/* a carved maze on that grid with its default gaps; NULL on a bad name */
static inline struct mb_maze *fixture_maze(const char *kind, const char *size, uint64_t seed)
{
	struct mb_grid *g = fixture_grid(kind, size);
	struct mb_maze *m;

	if (!g)
		return NULL;
	m = mb_maze_new_on(g);
	mb_grid_free(g);
	fixture_carve(m, seed);
	return m;
}

#endif
