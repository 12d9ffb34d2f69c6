/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * UTF-8 text as a book prints it (utf8.h): valid, without control
 * characters, and without the invisible ones that change what a reader
 * sees.
 */
#include "config.h"
#include "mazebook/base/utf8.h"

/*
 * Characters that print as nothing yet change what a reader sees: bidi
 * controls reorder a line (a title that reads one way in the spec and
 * another on the cover), zero-width and other format characters hide
 * text or split words where nobody can see it. None has a place in a
 * book's printed text, so a spec that holds one is refused.
 */
static const struct {
	unsigned long first, last;
	const char *name;
} invisible[] = {
	{ 0x00ad, 0x00ad, "SOFT HYPHEN, invisible" },
	{ 0x061c, 0x061c, "ARABIC LETTER MARK, a bidirectional control" },
	{ 0x180e, 0x180e, "MONGOLIAN VOWEL SEPARATOR, invisible" },
	{ 0x200b, 0x200b, "ZERO WIDTH SPACE, invisible" },
	{ 0x200c, 0x200c, "ZERO WIDTH NON-JOINER, invisible" },
	{ 0x200d, 0x200d, "ZERO WIDTH JOINER, invisible" },
	{ 0x200e, 0x200e, "LEFT-TO-RIGHT MARK, a bidirectional control" },
	{ 0x200f, 0x200f, "RIGHT-TO-LEFT MARK, a bidirectional control" },
	{ 0x2028, 0x2029, "a line or paragraph separator" },
	{ 0x202a, 0x202a, "LEFT-TO-RIGHT EMBEDDING, a bidirectional control" },
	{ 0x202b, 0x202b, "RIGHT-TO-LEFT EMBEDDING, a bidirectional control" },
	{ 0x202c, 0x202c, "POP DIRECTIONAL FORMATTING, a bidirectional control" },
	{ 0x202d, 0x202d, "LEFT-TO-RIGHT OVERRIDE, a bidirectional control" },
	{ 0x202e, 0x202e, "RIGHT-TO-LEFT OVERRIDE, a bidirectional control" },
	{ 0x2060, 0x2060, "WORD JOINER, invisible" },
	{ 0x2061, 0x2064, "an invisible mathematical operator" },
	{ 0x2066, 0x2066, "LEFT-TO-RIGHT ISOLATE, a bidirectional control" },
	{ 0x2067, 0x2067, "RIGHT-TO-LEFT ISOLATE, a bidirectional control" },
	{ 0x2068, 0x2068, "FIRST STRONG ISOLATE, a bidirectional control" },
	{ 0x2069, 0x2069, "POP DIRECTIONAL ISOLATE, a bidirectional control" },
	{ 0x206a, 0x206f, "a deprecated invisible format character" },
	{ 0xfeff, 0xfeff, "ZERO WIDTH NO-BREAK SPACE (byte order mark), invisible" },
	{ 0xfff9, 0xfffb, "an interlinear annotation character, invisible" },
	{ 0xe0000, 0xe007f, "a tag character, invisible" },
};

const char *mb_utf8_invisible_name(unsigned long cp)
{
	for (size_t i = 0; i < sizeof(invisible) / sizeof(invisible[0]); i++)
		if (cp >= invisible[i].first && cp <= invisible[i].last)
			return invisible[i].name;
	return NULL;
}

long mb_utf8_chars(const char *s, size_t len, struct mb_utf8_fault *fault)
{
	const char **why = &fault->why;

	const unsigned char *p = (const unsigned char *)s;
	long chars = 0;

	for (size_t i = 0; i < len; chars++) {
		unsigned c = p[i];
		size_t n;
		unsigned long cp;

		if (c < 0x80) {
			if (c == 0) {
				*why = "a NUL character";
				return -1;
			}
			if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f) {
				*why = "a control character";
				return -1;
			}
			i++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf) {
			n = 2;
			cp = c & 0x1f;
		} else if (c >= 0xe0 && c <= 0xef) {
			n = 3;
			cp = c & 0x0f;
		} else if (c >= 0xf0 && c <= 0xf4) {
			n = 4;
			cp = c & 0x07;
		} else {
			*why = "invalid UTF-8";
			return -1;
		}
		if (i + n > len) {
			*why = "invalid UTF-8";
			return -1;
		}
		for (size_t k = 1; k < n; k++) {
			if ((p[i + k] & 0xc0) != 0x80) {
				*why = "invalid UTF-8";
				return -1;
			}
			cp = (cp << 6) | (p[i + k] & 0x3f);
		}
		/* overlong forms, surrogates and values past U+10FFFF */
		if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
		    (cp >= 0xd800 && cp <= 0xdfff)) {
			*why = "invalid UTF-8";
			return -1;
		}
		if (cp >= 0x80 && cp <= 0x9f) {
			*why = "a control character";
			return -1;
		}
		if (mb_utf8_invisible_name(cp)) {
			*why = mb_utf8_invisible_name(cp);
			fault->cp = cp;
			fault->at = chars + 1;
			return -1;
		}
		i += n;
	}
	return chars;
}
