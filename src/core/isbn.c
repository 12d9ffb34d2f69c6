/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* ISBN-10 and ISBN-13 check digits; see include/mazebook/isbn.h. */
#include "config.h"
#include "mazebook/isbn.h"

#include <stdio.h>
#include <string.h>

static int check13(const char *d)
{
	int sum = 0;

	for (int i = 0; i < 12; i++)
		sum += (d[i] - '0') * (i % 2 ? 3 : 1);
	return (10 - sum % 10) % 10;
}

const char *mb_isbn13(const char *text, char out[MB_ISBN13_SIZE])
{
	static char why[96];
	char d[16];
	size_t n = 0;

	for (const char *p = text; *p; p++) {
		if (*p == '-' || *p == ' ')
			continue;
		if ((*p >= '0' && *p <= '9') || ((*p == 'X' || *p == 'x') && n == 9 && !p[1])) {
			if (n >= 13)
				return "an ISBN has 10 or 13 digits, not more";
			d[n++] = *p == 'x' ? 'X' : *p;
			continue;
		}
		snprintf(why, sizeof(why), "'%c' is not part of an ISBN (digits, hyphens, spaces)",
			 *p);
		return why;
	}
	d[n] = '\0';
	if (n == 10) {
		int sum = 0, want;

		for (int i = 0; i < 9; i++)
			sum += (d[i] - '0') * (10 - i);
		want = (11 - sum % 11) % 11;
		if ((want == 10 ? 'X' : '0' + want) != d[9]) {
			snprintf(why, sizeof(why), "the check digit should be %c, not %c",
				 want == 10 ? 'X' : '0' + want, d[9]);
			return why;
		}
		memcpy(out, "978", 3);
		memcpy(out + 3, d, 9);
		out[12] = (char)('0' + check13(out));
		out[13] = '\0';
		return NULL;
	}
	if (n != 13) {
		snprintf(why, sizeof(why), "an ISBN has 10 or 13 digits, not %zu", n);
		return why;
	}
	if (strncmp(d, "978", 3) && strncmp(d, "979", 3))
		return "an ISBN-13 starts with 978 or 979";
	if (d[12] - '0' != check13(d)) {
		snprintf(why, sizeof(why), "the check digit should be %d, not %c", check13(d), d[12]);
		return why;
	}
	memcpy(out, d, MB_ISBN13_SIZE);
	return NULL;
}
