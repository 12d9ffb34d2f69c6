/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* JSON string escaping; see include/mazebook/json.h. */
#include "config.h"
#include "mazebook/json.h"

void mb_json_string(FILE *f, const char *s)
{
	if (!s) {
		fputs("null", f);
		return;
	}
	putc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			putc(c, f);	/* UTF-8 passes through */
	}
	putc('"', f);
}
