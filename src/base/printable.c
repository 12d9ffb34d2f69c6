/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* Text from elsewhere made safe for a terminal; see include/mazebook/base/printable.h. */
#include "config.h"
#include "mazebook/base/printable.h"

#include <stdio.h>
#include <string.h>

/* the length of the UTF-8 sequence at s (at most len bytes) and its code point; 0: not UTF-8 */
static size_t utf8_sequence(const unsigned char *s, size_t len, unsigned long *cp)
{
	size_t n = s[0] < 0x80 ? 1 : s[0] >= 0xc2 && s[0] <= 0xdf ? 2 :
		   s[0] >= 0xe0 && s[0] <= 0xef ? 3 : s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : 0;
	unsigned long v;

	if (!n || n > len)
		return 0;
	v = n == 1 ? s[0] : s[0] & (0x7f >> n);
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		v = v << 6 | (s[i] & 0x3f);
	}
	/* overlong forms, surrogates and past U+10FFFF */
	if ((n == 3 && v < 0x800) || (n == 4 && (v < 0x10000 || v > 0x10ffff)) ||
	    (v >= 0xd800 && v < 0xe000))
		return 0;
	*cp = v;
	return n;
}

static bool is_control(unsigned long cp)
{
	return cp < 0x20 || (cp >= 0x7f && cp < 0xa0);
}

bool mb_utf8_check(const char *s, size_t len, size_t *chars, bool *controls)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;
	size_t count = 0;
	bool control = false;
	unsigned long cp;

	while (p < end) {
		size_t n = utf8_sequence(p, (size_t)(end - p), &cp);

		if (!n)
			break;
		control |= is_control(cp);
		count++;
		p += n;
	}
	if (chars)
		*chars = count;
	if (controls)
		*controls = control;
	return p == end;
}

/* one piece of s (at p, len bytes left) as shown: *n bytes of s, into piece; its length */
static size_t shown_piece(const unsigned char *p, size_t len, size_t *n, char piece[8])
{
	unsigned long cp = 0;

	*n = utf8_sequence(p, len, &cp);
	if (!*n) {
		*n = 1;
		return (size_t)snprintf(piece, 8, "\\x%02x", *p);
	}
	if (cp < 0x80 && is_control(cp))
		return (size_t)snprintf(piece, 8, "\\x%02lx", cp);
	if (is_control(cp))
		return (size_t)snprintf(piece, 8, "\\u%04lx", cp);
	memcpy(piece, p, *n);
	return *n;
}

const char *mb_printable(const char *s, char *buf, size_t size)
{
	const unsigned char *start = (const unsigned char *)(s ? s : ""), *p = start;
	size_t len = strlen((const char *)p), used = 0, total = 0, n, k;
	char piece[8];
	bool cut;

	/* all of it, when it fits; else room is kept for "..." */
	for (p = start; *p && total < size; p += n)
		total += shown_piece(p, len - (size_t)(p - start), &n, piece);
	cut = total >= size;
	for (p = start; *p; p += n) {
		k = shown_piece(p, len - (size_t)(p - start), &n, piece);
		if (used + k + (cut ? 4 : 1) > size)
			break;
		memcpy(buf + used, piece, k);
		used += k;
	}
	if (cut) {
		memcpy(buf + used, "...", 3);
		used += 3;
	}
	buf[used] = '\0';
	return buf;
}
