/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * A helper tests/cli/cli_isbn.sh runs, not a test itself: each line of stdin
 * (an ISBN-10 or -13) printed as the copyright page prints it, one a line,
 * so the script can set mazebook's hyphens beside python-stdnum's.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "mazebook/book/isbn.h"

int main(void)
{
	char line[256], out[MB_ISBN_PRINT_SIZE];
	bool assigned;
	int status = 0;

	while (fgets(line, sizeof(line), stdin)) {
		const char *why;

		line[strcspn(line, "\r\n")] = '\0';
		why = mb_isbn_hyphenate(line, out, &assigned);
		if (why) {
			printf("%s: %s\n", line, why);
			status = 1;
		} else {
			printf("%s\n", out);
		}
	}
	return status;
}
