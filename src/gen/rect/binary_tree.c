/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Binary tree: every square opens its north or its west wall, chosen by a
 * coin (the top row can only go west, the left column only north). Texture:
 * a strong diagonal bias toward the north-west corner, with an unbroken
 * corridor along the top row and the left column; the route from corner to
 * corner is always a shortest one (no detours), so it is very easy.
 */
#include "config.h"
#include "mazebook/gen/generator.h"

#include "../common.h"

static void carve_squares(struct mb_maze *m, struct mb_rng *rng, const struct mb_gen_options *opt)
{
	int w = m->w, h = m->h;
	struct bits bits;

	(void)opt;
	bits_init(&bits);
	for (int x = 1; x < w; x++)
		m->open[x - 1] |= MB_OPEN_EAST;
	for (int y = 1, i = w; y < h; y++) {
		m->open[i - w] |= MB_OPEN_SOUTH;	/* left column: north only */
		i++;
		for (int x = 1; x < w; x++, i++) {
			if (bits_take(&bits, rng, 1))
				m->open[i - w] |= MB_OPEN_SOUTH;
			else
				m->open[i - 1] |= MB_OPEN_EAST;
		}
	}
}

const struct mb_generator mb_gen_binary_tree = {
	.name = "binary-tree",
	.summary = "north or west at each square: diagonal bias, the route never detours",
	.uniform = false,
	.kinds = MB_KINDS_RECT,
	.carve_squares = carve_squares,
};
