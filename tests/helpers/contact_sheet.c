/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * tests/helpers/contact_sheet PDF PNG: the build's book-preview.png of any PDF,
 * for tests/cli/cli_book_preview.sh (and to look at other people's books).
 * Prints "pages W H PAGE_H"; exit 1 with the error on stderr.
 */
#include "config.h"

#include <stdio.h>

#include "mazebook/backend/contact_sheet.h"

int main(int argc, char **argv)
{
	struct mb_contact_sheet_info info;
	struct mb_error err;
	char buf[MB_ERROR_FILE_MAX + MB_ERROR_MESSAGE_MAX + 32];

	if (argc != 3) {
		fprintf(stderr, "usage: %s PDF PNG\n", argv[0]);
		return 2;
	}
	mb_error_init(&err);
	if (mb_contact_sheet_png(argv[1], argv[2], &info, &err) != MB_OK) {
		fprintf(stderr, "contact_sheet: %s\n", mb_error_format(&err, buf, sizeof(buf)));
		return 1;
	}
	printf("%d %d %d %d\n", info.pages, info.width, info.height, info.page_h);
	return 0;
}
