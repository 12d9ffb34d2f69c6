/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * libFuzzer target for mazeproof's reconstruction and proof: the input bytes
 * become stroked segments (mostly on a lattice, so grids do form), a few
 * text labels and gray route strokes; every maze found is proved and each
 * solution copy checked against every maze of the same size. MuPDF's own
 * parser is fuzzed upstream; this covers what mazeproof adds on top.
 *   make fuzz-mazeproof && ./fuzz_mazeproof -max_total_time=60
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpcheck.h"
#include "mpchords.h"
#include "mpmaze.h"
#include "mputil.h"
#include "mpunread.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mb_mp_page page;
	struct mb_mp_maze *m;
	size_t n;

	memset(&page, 0, sizeof page);
	page.number = 1;
	for (size_t k = 0; k + 5 <= size; k += 5) {
		const uint8_t *b = data + k;
		double cell = 4 + (b[0] & 7);

		if ((b[0] & 0xc0) == 0xc0) {
			struct mb_mp_text *t = mb_mp_push(&page.texts, &page.ntexts, &page.cap_texts,
							  sizeof *t);
			char buf[32];

			snprintf(buf, sizeof buf, "Maze %u", b[1]);
			t->utf8 = mb_mp_xstrdup(buf);
			t->x0 = b[2];
			t->x1 = b[2] + 30.0;
			t->baseline = b[3];
			t->size_pt = 1 + (b[4] & 15);
			continue;
		}
		{
			struct mb_mp_seg *s = mb_mp_push(&page.segs, &page.nsegs, &page.cap_segs,
							 sizeof *s);
			int x = b[1] & 31, y = b[2] & 31, len = 1 + (b[3] & 7);
			bool vertical = b[3] & 8;
			double jitter = (b[4] & 0x80) ? (b[4] & 7) * 0.01 : 0;

			s->x0 = x * cell + jitter;
			s->y0 = y * cell;
			s->x1 = (x + (vertical ? 0 : len)) * cell + ((b[4] & 0x40) ? b[4] & 3 : 0);
			s->y1 = (y + (vertical ? len : 0)) * cell;
			s->width_pt = 0.5 + (b[4] & 0x30) / 4.0;
			if (b[0] == 0x1f)
				s->x1 = b[1] & 1 ? 1e300 * 1e300 : 0.0 / 0.0 + s->x1;
			s->black = !(b[0] & 0x20);
			s->path = (int)(k / 5) - ((b[0] & 0x10) ? 1 : 0);
			if (s->path < 0)
				s->path = 0;
		}
	}
	mb_mp_arcs_from_chords(&page);
	n = mb_mp_find_mazes(&page, &m);
	{
		struct mb_mp_unread u[4];

		(void)mb_mp_find_unread(&page, u, 4);
	}
	for (size_t a = 0; a < n; a++) {
		struct mb_mp_proof proof;

		if (m[a].w == 0 || m[a].solution)
			continue;
		mb_mp_prove(&m[a], (size & 1) != 0, &proof);
		for (size_t b = 0; b < n && proof.ok; b++) {
			char why[400];

			if (m[b].solution && m[b].w > 0)
				(void)mb_mp_check_solution(&m[a], &proof, &m[b], why, sizeof why);
		}
		mb_mp_proof_release(&proof);
	}
	for (size_t a = 0; a < n; a++)
		mb_mp_maze_release(&m[a]);
	free(m);
	for (size_t k = 0; k < page.ntexts; k++)
		free(page.texts[k].utf8);
	free(page.texts);
	free(page.segs);
	return 0;
}
