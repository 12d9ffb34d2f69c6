/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Checks on UTF-8 text a book prints: valid UTF-8, no control characters
 * (tab and newline allowed), none of the invisible characters that print
 * as nothing yet change what a reader sees (bidi controls, zero-width
 * and other format characters).
 */
#ifndef MAZEBOOK_UTF8_H
#define MAZEBOOK_UTF8_H

#include <stddef.h>

/* what mb_utf8_chars found wrong: a reason, and for an invisible character which one */
struct mb_utf8_fault {
	const char *why;
	unsigned long cp;	/* the invisible character, else 0 */
	long at;		/* its position, in characters from 1 */
};

/*
 * The name of the invisible character cp ("ZERO WIDTH SPACE, invisible"),
 * or NULL when cp prints as something.
 */
const char *mb_utf8_invisible_name(unsigned long cp);

/*
 * Count the characters of len bytes of valid UTF-8 text without control
 * characters (tab and newline allowed) or invisible ones. Returns -1 and
 * what is wrong in *fault when it is not.
 */
long mb_utf8_chars(const char *s, size_t len, struct mb_utf8_fault *fault);

#endif
