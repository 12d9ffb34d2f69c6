/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Text from elsewhere (a catalogue's titles and ids, a manifest's values)
 * shown on a terminal: control characters (C0, DEL, C1) and bytes that are
 * not UTF-8 are written as \xHH (C1 as \u0080..\u009f), so that no stored
 * value can clear the screen, move the cursor or forge a line.
 */
#ifndef MAZEBOOK_PRINTABLE_H
#define MAZEBOOK_PRINTABLE_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Is s (len bytes) UTF-8 (RFC 3629: no overlong form, no surrogate, at
 * most U+10FFFF)? *chars (may be NULL) gets the characters counted up to
 * the first fault, *controls (may be NULL) whether a C0, DEL or C1 control
 * is among them.
 */
bool mb_utf8_check(const char *s, size_t len, size_t *chars, bool *controls);

/*
 * s (NULL: "") made printable into buf (size > 4), cut with "..." when it
 * does not fit; returns buf. Printable UTF-8 passes unchanged.
 */
const char *mb_printable(const char *s, char *buf, size_t size);

#endif
