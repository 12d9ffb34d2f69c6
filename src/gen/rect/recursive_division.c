/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Recursive division: start from an open field and split it with a wall
 * that has one gap, then split each side the same way, until every region
 * is one square wide or one square tall (a corridor, which has no loop).
 * A region is cut across its longer side (a coin decides for squares).
 * Mazes arrive with every inner wall closed, so the field is opened first.
 * Regions wait on an explicit stack; the regions on it never overlap, so
 * it never holds more than W x H of them. Texture: long straight walls,
 * boxy rooms-within-rooms, easy to spot from above.
 */
#include "config.h"
#include "mazebook/gen/generator.h"

#include <stdlib.h>

#include "mazebook/base/xalloc.h"
#include "../common.h"

struct region {
	int x, y, w, h;
};

static void carve_squares(struct mb_maze *m, struct mb_rng *rng, const struct mb_gen_options *opt)
{
	int w = m->w, h = m->h;
	struct region *stack = xmallocarray((size_t)w * (size_t)h, sizeof(*stack));
	int top = 0;

	(void)opt;
	for (int y = 0, i = 0; y < h; y++)
		for (int x = 0; x < w; x++, i++)
			m->open[i] = (uint8_t)((x < w - 1 ? MB_OPEN_EAST : 0) |
					       (y < h - 1 ? MB_OPEN_SOUTH : 0));
	stack[top++] = (struct region){ 0, 0, w, h };
	while (top > 0) {
		struct region r = stack[--top];
		bool across;	/* a horizontal wall (cuts the region's height) */

		if (r.w < 2 || r.h < 2)
			continue;
		if (r.w != r.h)
			across = r.h > r.w;
		else
			across = mb_rng_below(rng, 2);
		if (across) {
			int k = 1 + (int)mb_rng_below(rng, (uint32_t)(r.h - 1));
			int gap = r.x + (int)mb_rng_below(rng, (uint32_t)r.w);
			int row = (r.y + k - 1) * w;

			for (int x = r.x; x < r.x + r.w; x++)
				if (x != gap)
					m->open[row + x] &= (uint8_t)~MB_OPEN_SOUTH;
			stack[top++] = (struct region){ r.x, r.y + k, r.w, r.h - k };
			stack[top++] = (struct region){ r.x, r.y, r.w, k };
		} else {
			int k = 1 + (int)mb_rng_below(rng, (uint32_t)(r.w - 1));
			int gap = r.y + (int)mb_rng_below(rng, (uint32_t)r.h);
			int col = r.x + k - 1;

			for (int y = r.y; y < r.y + r.h; y++)
				if (y != gap)
					m->open[y * w + col] &= (uint8_t)~MB_OPEN_EAST;
			stack[top++] = (struct region){ r.x + k, r.y, r.w - k, r.h };
			stack[top++] = (struct region){ r.x, r.y, k, r.h };
		}
	}
	free(stack);
}

const struct mb_generator mb_gen_recursive_division = {
	.name = "recursive-division",
	.summary = "walls with one gap cut the field again and again: long straight walls, boxy",
	.uniform = false,
	.kinds = MB_KINDS_RECT,
	.carve_squares = carve_squares,
};
