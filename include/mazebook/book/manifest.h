/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The build manifest: a machine-readable record, next to the PDFs, of how
 * the book was made and of every maze in it (number, generator, seed,
 * start square, size, route ratio, forks, dead-end share, attempts), so any maze can be
 * regenerated and audited.
 */
#ifndef MAZEBOOK_MANIFEST_H
#define MAZEBOOK_MANIFEST_H

#include <stdio.h>

#include "mazebook/book/book.h"
#include "mazebook/book/spec.h"
#include "mazebook/kdp/cost.h"

struct mb_manifest_info {
	int pages;			/* the interior's page count */
	double spine_in;		/* the cover's spine width */
	const int *maze_pages;		/* page number of each maze, book->count entries */
	const struct mb_cost *cost;	/* what the edition costs and earns; NULL: left out */
};

/* Write the manifest as JSON to f. */
void mb_manifest_write(FILE *f, const struct mb_book_spec *spec, const struct mb_book *book,
		       const struct mb_manifest_info *info);

/*
 * The book a manifest this program wrote is of: its title and the name of
 * the spec file it was built from (each NULL when the manifest lacks it;
 * older manifests have no source). For the caller to free.
 */
void mb_manifest_read_book(const char *text, size_t len, char **title, char **source);

#endif
