/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* ISBN-10 and ISBN-13 check digits and hyphens; see include/mazebook/book/isbn.h. */
#include "config.h"
#include "mazebook/book/isbn.h"

#include <stdio.h>
#include <string.h>

#include "mazebook/base/error.h"

/* a registration group ("978-0") and its registrant ranges ("00-19,200-227,...") */
struct isbn_group {
	const char *group;
	const char *agency;
	const char *ranges;
};

static const struct isbn_group groups[] = {
#define ISBN_GROUP(group, agency, ranges) { group, agency, ranges },
#include "isbn-ranges.def"
};

const char mb_isbn_ranges_date[] =
#define ISBN_RANGES_DATE(date) date
#include "isbn-ranges.def"
	;

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

/* the group of ISBN-13 digits d, or NULL; *glen its digits after the prefix */
static const struct isbn_group *find_group(const char *d, size_t *glen)
{
	for (size_t i = 0; i < sizeof(groups) / sizeof(groups[0]); i++) {
		const char *g = groups[i].group;	/* "978-0": the prefix is 3 digits */

		*glen = strlen(g + 4);
		if (!strncmp(d, g, 3) && !strncmp(d + 3, g + 4, *glen))
			return &groups[i];
	}
	return NULL;
}

/*
 * The registrant's length in d (ISBN-13 digits) after its group, or 0 when
 * no range of the group holds it. A range "low-high" is as long as low;
 * at least one publication digit stays before the check digit.
 */
static size_t registrant_length(const struct isbn_group *g, size_t glen, const char *d)
{
	const char *reg = d + 3 + glen;

	for (const char *r = g->ranges; *r;) {
		const char *dash = strchr(r, '-'), *end = strchr(r, ',');
		size_t n = (size_t)(dash - r);

		if (!end)
			end = r + strlen(r);
		if (3 + glen + n < 12 && memcmp(reg, r, n) >= 0 && memcmp(reg, dash + 1, n) <= 0)
			return n;
		r = *end ? end + 1 : end;
	}
	return 0;
}

const char *mb_isbn_hyphenate(const char *text, char out[MB_ISBN_PRINT_SIZE], bool *assigned)
{
	char d[MB_ISBN13_SIZE], *o = out;
	const struct isbn_group *g;
	const char *why = mb_isbn13(text, d);
	size_t digits = 0, glen, rlen = 0;

	if (why)
		return why;
	for (const char *p = text; *p; p++)
		digits += *p != '-' && *p != ' ';
	g = find_group(d, &glen);
	if (g)
		rlen = registrant_length(g, glen, d);
	*assigned = rlen > 0;
	if (!*assigned) {
		/* an ISBN-10 keeps its own check digit: its digits as typed */
		if (digits == 10) {
			for (const char *p = text; *p; p++)
				if (*p != '-' && *p != ' ')
					*o++ = *p == 'x' ? 'X' : *p;
			*o = '\0';
		} else {
			memcpy(out, d, MB_ISBN13_SIZE);
		}
		return NULL;
	}
	if (digits == 13)
		o += sprintf(o, "%.3s-", d);
	o += sprintf(o, "%.*s-%.*s-%.*s-", (int)glen, d + 3, (int)rlen, d + 3 + glen,
		     (int)(9 - glen - rlen), d + 3 + glen + rlen);
	if (digits == 13) {
		*o++ = d[12];
	} else {
		/* the ISBN-10's check digit, not the ISBN-13's */
		char c = 0;

		for (const char *p = text; *p; p++)
			if (*p != '-' && *p != ' ')
				c = *p == 'x' ? 'X' : *p;
		*o++ = c;
	}
	*o = '\0';
	return NULL;
}

const char *mb_isbn_unassigned(const char *isbn, char *buf, size_t size)
{
	const struct isbn_group *g;
	size_t glen;
	char where[160];

	if (strlen(isbn) != 13)
		BUG("mb_isbn_unassigned: '%s' is not 13 digits", isbn);
	g = find_group(isbn, &glen);
	if (g && registrant_length(g, glen, isbn))
		return NULL;
	if (g)
		snprintf(where, sizeof(where), "its group %s (%s) has no registrant range holding %.*s",
			 g->group, g->agency, (int)(9 - glen), isbn + 3 + glen);
	else
		snprintf(where, sizeof(where), "no registration group holds %.3s-%.9s", isbn,
			 isbn + 3);
	snprintf(buf, size, "ISBN %s is in no range the International ISBN Agency had assigned "
		 "by %s (%s), so it is printed without hyphens; check it against the ISBN you "
		 "were given (a checksum misses some swapped digits). If it is right, its range "
		 "is newer than specs/isbn-ranges.def: make it again from newer ranges with "
		 "specs/make-isbn-ranges.py", isbn, mb_isbn_ranges_date, where);
	return buf;
}
