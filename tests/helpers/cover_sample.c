/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Write a sample cover and its guide preview, to look at:
 *   tests/helpers/cover_sample TRIM PAGES LEVEL OUT.pdf OUT.png [TITLE [BACK-TEXT]]
 * Not installed and not a test; `make tests/helpers/cover_sample` builds it.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "mazebook/backend/cover.h"

#include "cover_fixture.h"

int main(int argc, char **argv)
{
	struct mb_book_spec spec;
	struct mb_book book;
	struct mb_error err;
	char buf[700];
	int rc = 0;

	if (argc < 6) {
		fprintf(stderr, "usage: cover_sample TRIM PAGES LEVEL OUT.pdf OUT.png [TITLE [BACK]]\n");
		return 2;
	}
	fixture_spec(&spec, argv[1], argv[3]);
	if (argc > 6)
		spec.title = argv[6];
	if (argc > 7)
		spec.cover.back = argv[7];
	if (getenv("COVER_BG"))
		spec.cover.background_rgb = (uint32_t)strtoul(getenv("COVER_BG"), NULL, 16);
	if (getenv("COVER_INK"))
		spec.cover.text_rgb = (uint32_t)strtoul(getenv("COVER_INK"), NULL, 16);
	if (getenv("COVER_FONT"))
		spec.font = getenv("COVER_FONT");
	if (getenv("COVER_LANG"))
		spec.language = getenv("COVER_LANG");
	fixture_book(&book, spec.level, (size_t)spec.mazes);
	mb_error_init(&err);
	if (mb_cover_write(&spec, &book, atoi(argv[2]), argv[4], &err) != MB_OK ||
	    mb_cover_preview_png(&spec, &book, atoi(argv[2]), argv[5], 60, &err) != MB_OK) {
		fprintf(stderr, "cover_sample: %s\n", mb_error_format(&err, buf, sizeof(buf)));
		rc = 1;
	}
	fixture_book_free(&book);
	return rc;
}
