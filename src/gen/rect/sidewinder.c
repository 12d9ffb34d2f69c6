/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Sidewinder: the top row is one corridor; in each later row, runs of
 * squares are joined east and a coin decides where a run ends, whereupon
 * one random square of the run opens north. Texture: an open top row,
 * horizontal runs, and routes that never need to go back down.
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
	for (int y = 1; y < h; y++) {
		int base = y * w, run_start = 0;

		for (int x = 0; x < w; x++) {
			if (x == w - 1 || bits_take(&bits, rng, 1)) {
				int up = run_start + (x > run_start
						      ? (int)mb_rng_below(rng, (uint32_t)(x - run_start + 1))
						      : 0);

				m->open[base - w + up] |= MB_OPEN_SOUTH;
				run_start = x + 1;
			} else {
				m->open[base + x] |= MB_OPEN_EAST;
			}
		}
	}
}

const struct mb_generator mb_gen_sidewinder = {
	.name = "sidewinder",
	.summary = "east runs that open north once: open top row, horizontal texture",
	.uniform = false,
	.kinds = MB_KINDS_RECT,
	.carve_squares = carve_squares,
};
