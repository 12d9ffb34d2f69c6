/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* Strict base64 for minisign's key and signature lines; see include/mazebook/base/base64.h. */
#include "config.h"
#include "mazebook/base/base64.h"

#include <stdbool.h>

static const char alphabet[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

size_t mb_base64_encoded_len(size_t n)
{
	return (n + 2) / 3 * 4;
}

void mb_base64_encode(const unsigned char *in, size_t n, char *out)
{
	size_t i = 0;

	for (; i + 3 <= n; i += 3) {
		unsigned long v = (unsigned long)in[i] << 16 |
				  (unsigned long)in[i + 1] << 8 | in[i + 2];

		*out++ = alphabet[v >> 18 & 63];
		*out++ = alphabet[v >> 12 & 63];
		*out++ = alphabet[v >> 6 & 63];
		*out++ = alphabet[v & 63];
	}
	if (n - i == 1) {
		*out++ = alphabet[in[i] >> 2];
		*out++ = alphabet[(in[i] & 3) << 4];
		*out++ = '=';
		*out++ = '=';
	} else if (n - i == 2) {
		unsigned v = (unsigned)in[i] << 8 | in[i + 1];

		*out++ = alphabet[v >> 10];
		*out++ = alphabet[v >> 4 & 63];
		*out++ = alphabet[(v & 15) << 2];
		*out++ = '=';
	}
	*out = '\0';
}

/* the value of one base64 digit, or -1 */
static int digit(char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

enum mb_status mb_base64_decode(const char *text, size_t len, unsigned char *out,
				size_t cap, size_t *out_len)
{
	size_t pad = 0, n = 0;

	*out_len = 0;
	if (len % 4)
		return MB_ERR_INPUT;
	if (len && text[len - 1] == '=')
		pad = len >= 2 && text[len - 2] == '=' ? 2 : 1;
	if (len / 4 * 3 - pad > cap)
		return MB_ERR_INPUT;
	for (size_t i = 0; i < len; i += 4) {
		int d[4];
		bool last = i + 4 == len;
		unsigned long v;

		for (int k = 0; k < 4; k++) {
			d[k] = digit(text[i + k]);
			/* '=' only as the last one or two characters */
			if (d[k] < 0 && !(last && text[i + k] == '=' && k >= 4 - (int)pad))
				return MB_ERR_INPUT;
		}
		v = (unsigned long)d[0] << 18 | (unsigned long)d[1] << 12;
		if (last && pad == 2) {
			if (d[1] & 15)	/* unused bits must be zero */
				return MB_ERR_INPUT;
			out[n++] = (unsigned char)(v >> 16);
			break;
		}
		v |= (unsigned long)d[2] << 6;
		if (last && pad == 1) {
			if (d[2] & 3)
				return MB_ERR_INPUT;
			out[n++] = (unsigned char)(v >> 16);
			out[n++] = (unsigned char)(v >> 8);
			break;
		}
		v |= (unsigned long)d[3];
		out[n++] = (unsigned char)(v >> 16);
		out[n++] = (unsigned char)(v >> 8);
		out[n++] = (unsigned char)v;
	}
	*out_len = n;
	return MB_OK;
}
