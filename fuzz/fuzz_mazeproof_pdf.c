/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * libFuzzer target for mazeproof's real reader: the input bytes are a PDF,
 * opened from memory through the same reader mazeproof uses (mpread.c:
 * the header, page-count and page-tree checks, the per-file bounds), and
 * every page is read, its mazes found and proved, and each solution copy
 * checked against every maze of the same page set, as mazeproof does.
 * fuzz/fuzz_mazeproof.c feeds the geometry directly; this one reaches it
 * through MuPDF.
 *   make fuzz-mazeproof-pdf && ./fuzz/fuzz_mazeproof_pdf -max_total_time=60 CORPUS_DIR
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpcheck.h"
#include "mpchords.h"
#include "mplimits.h"
#include "mpmaze.h"
#include "mpread.h"
#include "mputil.h"
#include "mpunread.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Prove every maze and check every solution copy against each proved maze. */
static void prove_all(struct mb_mp_maze *m, size_t n)
{
	for (size_t a = 0; a < n; a++) {
		struct mb_mp_proof proof;

		if (m[a].w == 0 || m[a].solution)
			continue;
		mb_mp_prove(&m[a], (a & 1) == 0, &proof);
		for (size_t b = 0; b < n && proof.ok; b++) {
			char why[400];

			if (m[b].solution && m[b].w > 0)
				(void)mb_mp_check_solution(&m[a], &proof, &m[b], why, sizeof why);
		}
		mb_mp_proof_release(&proof);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[400];
	struct mb_mp_doc *doc = mb_mp_doc_open_memory(data, size, "fuzz.pdf", err, sizeof err);
	struct mb_mp_maze *all = NULL;
	size_t nall = 0, cap = 0;
	int pages;

	if (!doc) {
		if (!err[0])
			abort();	/* a refusal must say why */
		return 0;
	}
	pages = mb_mp_doc_pages(doc);
	if (pages < 0 || pages > MB_MP_MAX_PAGES)
		abort();	/* the reader promised a checked count */
	for (int p = 0; p < pages && !mb_mp_doc_bound(doc); p++) {
		struct mb_mp_page page;
		struct mb_mp_maze *found;
		size_t n;

		memset(&page, 0, sizeof page);
		if (!mb_mp_doc_read_page(doc, p, &page, err, sizeof err)) {
			mb_mp_page_release(&page);
			continue;
		}
		mb_mp_arcs_from_chords(&page);
		n = mb_mp_find_mazes(&page, &found);
		{
			struct mb_mp_unread u[4];

			(void)mb_mp_find_unread(&page, u, 4);
		}
		for (size_t k = 0; k < n; k++) {
			if (nall < MB_MP_MAX_MAZES)	/* mazeproof refuses the file past it */
				*(struct mb_mp_maze *)mb_mp_push(&all, &nall, &cap, sizeof *all) = found[k];
			else
				mb_mp_maze_release(&found[k]);
		}
		free(found);
		mb_mp_page_release(&page);
	}
	(void)mb_mp_doc_damaged(doc);
	mb_mp_doc_close(doc);
	prove_all(all, nall);
	for (size_t k = 0; k < nall; k++)
		mb_mp_maze_release(&all[k]);
	free(all);
	return 0;
}
