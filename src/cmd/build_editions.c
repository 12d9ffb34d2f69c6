/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * A spec's editions and a series' volumes: each is one more build of the
 * same spec, with its own folder, price check and plan (the plan and the
 * price are decided in the book layer: src/book/editions.c).
 */
#include "config.h"

#include <stdlib.h>

#include "build.h"
#include "mazebook/book/editions.h"

/* "--volumes 2-4" or "3" into *from, *to (1-based, inclusive) */
bool build_parse_volumes(const char *text, int *from, int *to)
{
	char *end;
	long a = strtol(text, &end, 10), z = a;

	if (end == text || a < 1 || a > MB_SPEC_MAX_VOLUMES)
		return false;
	if (*end == '-') {
		const char *p = end + 1;

		z = strtol(p, &end, 10);
		if (end == p || z < a || z > MB_SPEC_MAX_VOLUMES)
			return false;
	}
	*from = (int)a;
	*to = (int)z;
	return *end == '\0';
}

/*
 * editions: [paperback, hardcover]: each edition is a whole build of its
 * own into DIR/<binding>/, from the bytes of the spec read once (it may be
 * a pipe), one after the other; the first that fails stops the rest.
 */
int build_editions(int argc, char **argv, const struct mb_book_spec *first, int volume)
{
	int rc = MB_EXIT_OK;

	/*
	 * every edition's plan and price first: one that cannot be made or sold
	 * stops all before any is
	 */
	for (int i = 0; i < first->edition_count; i++) {
		struct mb_book_spec s = *first;	/* borrowed strings: only read */
		struct mb_page_plan plan = { 0 };
		struct mb_cost cost;
		struct mb_error err;
		enum mb_status st;

		mb_error_init(&err);
		s.binding = first->editions[i];
		st = mb_edition_plan(&s, &plan, &cost, &err);
		mb_layout_release(&plan);
		if (st) {
			mb_spec_locate(first, &err);
			return build_fail(&err);
		}
	}
	for (int i = 0; i < first->edition_count && rc == MB_EXIT_OK; i++)
		rc = build_run_edition(argc, argv, i, first, volume);
	return rc;
}

/*
 * series: {volumes: N}: each volume is a whole build (its editions too)
 * into DIR/vol-<n>/, with its own seed, title and book id; the catalogue
 * sees each volume's mazes before the next volume is checked.
 */
int build_series(int argc, char **argv, const struct mb_book_spec *first, int from, int to)
{
	int rc = MB_EXIT_OK;

	if (to > first->series.volumes) {
		fprintf(stderr, "mazebook build: --volumes %d-%d: the series has %d volumes\n", from,
			to, first->series.volumes);
		return MB_EXIT_USAGE;
	}
	for (int n = from; n <= to && rc == MB_EXIT_OK; n++)
		rc = build_run_edition(argc, argv, -1, first, n);
	return rc;
}
