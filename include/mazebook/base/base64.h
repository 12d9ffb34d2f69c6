/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Standard base64 (RFC 4648 alphabet, '=' padding), as minisign writes its
 * keys and signatures. The decoder is strict so that one text has exactly
 * one meaning: no whitespace, padding only at the end, unused bits zero.
 */
#ifndef MAZEBOOK_BASE64_H
#define MAZEBOOK_BASE64_H

#include <stddef.h>

#include "mazebook/base/error.h"

/* characters needed to encode n bytes, not counting the terminating NUL */
size_t mb_base64_encoded_len(size_t n);

/* Write the base64 of in[0..n) and a NUL into out, which holds at least
 * mb_base64_encoded_len(n) + 1 chars. */
void mb_base64_encode(const unsigned char *in, size_t n, char *out);

/*
 * Decode text[0..len) into out (capacity cap bytes) and set *out_len.
 * Returns MB_OK, or MB_ERR_INPUT when the text is not canonical base64 or
 * decodes to more than cap bytes (out is then unspecified). No mb_error:
 * callers know what the text was meant to be and say so.
 */
enum mb_status mb_base64_decode(const char *text, size_t len, unsigned char *out,
				size_t cap, size_t *out_len);

#endif
