/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * minisign's key and signature files, parsed and written without any
 * cryptography (see include/mazebook/sign/minisign.h). Every parser works on a
 * bounded buffer with explicit lengths, so that a truncated, binary or
 * hostile file gives an error naming the line, never a crash: these read
 * files that anyone may hand to `mazebook verify`.
 */
#include "config.h"
#include "mazebook/sign/minisign.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/base64.h"
#include "mazebook/base/xalloc.h"

#define SECRET_KEY_STRUCT_BYTES (2 + 2 + 2 + 32 + 8 + 8 + 8 + 64 + 32)
#define SIG_STRUCT_BYTES (2 + 8 + 64)

/* a cursor over the lines of a buffer */
struct lines {
	const char *text;
	size_t len, pos;
	int number;		/* of the line last returned, 1-based */
};

/*
 * Return the next line without its "\n" or "\r\n" in *line and *n: 1 when there
 * is one, 0 at the end, -1 when it is longer than max bytes or holds a NUL
 * or a stray carriage return.
 */
static int next_line(struct lines *ls, const char **line, size_t *n, size_t max)
{
	const char *start = ls->text + ls->pos, *nl;
	size_t avail = ls->len - ls->pos, k;

	if (ls->pos >= ls->len)
		return 0;
	ls->number++;
	nl = memchr(start, '\n', avail);
	k = nl ? (size_t)(nl - start) : avail;
	ls->pos += k + (nl ? 1 : 0);
	if (k && start[k - 1] == '\r')
		k--;
	*line = start;
	*n = k;
	if (k > max || memchr(start, '\0', k) || memchr(start, '\r', k))
		return -1;
	return 1;
}

static enum mb_status line_error(struct mb_error *err, const char *file, int line,
				 const char *what)
{
	return mb_error_set_at(err, MB_ERR_INPUT, file, line, 0, "%s", what);
}

/* read the untrusted comment line; minisign needs it first in every file */
static enum mb_status read_untrusted(struct lines *ls, const char *file, const char *kind,
				     struct mb_error *err)
{
	const char *line;
	size_t n;
	int r = next_line(ls, &line, &n, MB_MINISIGN_COMMENT_MAX - 2);

	if (r == 0)
		return mb_error_set_at(err, MB_ERR_INPUT, file, 0, 0,
				       "empty file: not a minisign %s", kind);
	if (r < 0)
		return mb_error_set_at(err, MB_ERR_INPUT, file, ls->number, 0,
				       "not a minisign %s: the first line is not a comment "
				       "(too long or binary)", kind);
	if (n < strlen(MB_MINISIGN_UNTRUSTED_PREFIX) ||
	    memcmp(line, MB_MINISIGN_UNTRUSTED_PREFIX, strlen(MB_MINISIGN_UNTRUSTED_PREFIX)))
		return mb_error_set_at(err, MB_ERR_INPUT, file, ls->number, 0,
				       "not a minisign %s: the first line should start "
				       "with '" MB_MINISIGN_UNTRUSTED_PREFIX "'", kind);
	return MB_OK;
}

/* read one base64 line that must decode to exactly `want` bytes */
static enum mb_status read_base64(struct lines *ls, const char *file, const char *what,
				  unsigned char *out, size_t want, struct mb_error *err)
{
	const char *line;
	size_t n, got;
	int r = next_line(ls, &line, &n, mb_base64_encoded_len(want));

	if (r == 0)
		return mb_error_set_at(err, MB_ERR_INPUT, file, ls->number + 1, 0,
				       "truncated: %s is missing", what);
	if (r < 0 || mb_base64_decode(line, n, out, want, &got) != MB_OK || got != want)
		return mb_error_set_at(err, MB_ERR_INPUT, file, ls->number, 0,
				       "%s is not base64 of %zu bytes", what, want);
	return MB_OK;
}

enum mb_status mb_minisign_parse_public_key(const char *text, size_t len, const char *file,
					    struct mb_minisign_public_key *key,
					    struct mb_error *err)
{
	struct lines ls = { text, len, 0, 0 };
	unsigned char raw[2 + MB_MINISIGN_KEYID_BYTES + MB_MINISIGN_PUBLICKEY_BYTES];

	if (len > MB_MINISIGN_FILE_MAX)
		return line_error(err, file, 0, "too large for a minisign public key");
	if (read_untrusted(&ls, file, "public key", err) ||
	    read_base64(&ls, file, "the public key", raw, sizeof(raw), err))
		return MB_ERR_INPUT;
	if (memcmp(raw, "Ed", 2))
		return line_error(err, file, ls.number,
				  "unsupported signature algorithm (expected Ed25519, 'Ed')");
	memcpy(key->keyid, raw + 2, MB_MINISIGN_KEYID_BYTES);
	memcpy(key->pk, raw + 2 + MB_MINISIGN_KEYID_BYTES, MB_MINISIGN_PUBLICKEY_BYTES);
	return MB_OK;
}

enum mb_status mb_minisign_parse_secret_key(const char *text, size_t len, const char *file,
					    struct mb_minisign_secret_key *key,
					    struct mb_error *err)
{
	struct lines ls = { text, len, 0, 0 };
	unsigned char raw[SECRET_KEY_STRUCT_BYTES];
	const unsigned char *p = raw + 2 + 2 + 2 + 32 + 8 + 8;
	enum mb_status st = MB_OK;

	if (len > MB_MINISIGN_FILE_MAX)
		return line_error(err, file, 0, "too large for a minisign secret key");
	if (read_untrusted(&ls, file, "secret key", err) ||
	    read_base64(&ls, file, "the secret key", raw, sizeof(raw), err)) {
		mb_minisign_wipe(raw, sizeof(raw));
		return MB_ERR_INPUT;
	}
	if (memcmp(raw, "Ed", 2))
		st = line_error(err, file, ls.number,
				"unsupported signature algorithm (expected Ed25519, 'Ed')");
	else if (memcmp(raw + 4, "B2", 2))
		st = line_error(err, file, ls.number,
				"unsupported checksum algorithm (expected BLAKE2b, 'B2')");
	else if (!memcmp(raw + 2, "Sc", 2))
		st = mb_error_set_at(err, MB_ERR_INPUT, file, 0, 0,
				     "the secret key is password-protected; mazebook signs "
				     "unattended and needs an unencrypted key: remove the "
				     "password with 'minisign -C -W -s %s' or make a new key "
				     "with 'mazebook keygen'", file);
	else if (memcmp(raw + 2, "\0\0", 2))
		st = line_error(err, file, ls.number, "unsupported key derivation algorithm");
	if (st == MB_OK) {
		memcpy(key->keyid, p, MB_MINISIGN_KEYID_BYTES);
		memcpy(key->sk, p + MB_MINISIGN_KEYID_BYTES, MB_MINISIGN_SECRETKEY_BYTES);
		memcpy(key->checksum, p + MB_MINISIGN_KEYID_BYTES + MB_MINISIGN_SECRETKEY_BYTES,
		       MB_MINISIGN_CHECKSUM_BYTES);
	}
	mb_minisign_wipe(raw, sizeof(raw));
	return st;
}

enum mb_status mb_minisign_check_trusted_comment(const char *text, struct mb_error *err)
{
	const unsigned char *p = (const unsigned char *)text;

	if (strlen(text) >= MB_MINISIGN_TRUSTED_MAX)
		return mb_error_set(err, MB_ERR_INPUT,
				    "trusted comment too long (%zu bytes, at most %d)",
				    strlen(text), MB_MINISIGN_TRUSTED_MAX - 1);
	/* minisign's is_printable: tab, printable ASCII, or UTF-8 that is no control */
	while (*p) {
		unsigned c = *p++, need, cp;

		if (c == '\t' || (c >= 0x20 && c <= 0x7e))
			continue;
		if (c >= 0xc2 && c <= 0xdf)
			need = 1;
		else if (c >= 0xe0 && c <= 0xef)
			need = 2;
		else if (c >= 0xf0 && c <= 0xf4)
			need = 3;
		else
			goto bad;
		for (unsigned i = 0; i < need; i++)
			if ((p[i] & 0xc0) != 0x80)	/* also stops at the NUL */
				goto bad;
		if ((c == 0xe0 && p[0] < 0xa0) || (c == 0xed && p[0] > 0x9f) ||
		    (c == 0xf0 && p[0] < 0x90) || (c == 0xf4 && p[0] > 0x8f))
			goto bad;
		cp = c & (need == 1 ? 0x1f : need == 2 ? 0x0f : 0x07);
		for (unsigned i = 0; i < need; i++)
			cp = cp << 6 | (p[i] & 0x3f);
		if (cp >= 0x7f && cp <= 0x9f)
			goto bad;
		p += need;
	}
	return MB_OK;
bad:
	return mb_error_set(err, MB_ERR_INPUT,
			    "trusted comment holds a control character or invalid UTF-8 "
			    "at byte %zu", (size_t)((const char *)p - text));
}

enum mb_status mb_minisign_parse_signature(const char *text, size_t len, const char *file,
					   struct mb_minisign_signature *sig,
					   struct mb_error *err)
{
	struct lines ls = { text, len, 0, 0 };
	unsigned char raw[SIG_STRUCT_BYTES];
	const size_t tplen = strlen(MB_MINISIGN_TRUSTED_PREFIX);
	const char *line;
	size_t n;
	int r;
	struct mb_error cerr;

	if (len > MB_MINISIGN_FILE_MAX)
		return line_error(err, file, 0, "too large for a minisign signature");
	if (read_untrusted(&ls, file, "signature", err) ||
	    read_base64(&ls, file, "the signature", raw, sizeof(raw), err))
		return MB_ERR_INPUT;
	if (!memcmp(raw, "ED", 2))
		sig->prehashed = true;
	else if (!memcmp(raw, "Ed", 2))
		sig->prehashed = false;
	else
		return line_error(err, file, ls.number,
				  "unsupported signature algorithm (expected 'ED' or 'Ed')");
	memcpy(sig->keyid, raw + 2, MB_MINISIGN_KEYID_BYTES);
	memcpy(sig->sig, raw + 2 + MB_MINISIGN_KEYID_BYTES, MB_MINISIGN_SIGNATURE_BYTES);

	r = next_line(&ls, &line, &n, tplen + MB_MINISIGN_TRUSTED_MAX - 1);
	if (r == 0)
		return line_error(err, file, ls.number + 1, "truncated: the trusted comment is missing");
	if (r < 0)
		return line_error(err, file, ls.number, "trusted comment too long or binary");
	if (n < tplen || memcmp(line, MB_MINISIGN_TRUSTED_PREFIX, tplen))
		return line_error(err, file, ls.number,
				  "the third line should start with '" MB_MINISIGN_TRUSTED_PREFIX "'");
	memcpy(sig->trusted_comment, line + tplen, n - tplen);
	sig->trusted_comment[n - tplen] = '\0';
	mb_error_init(&cerr);
	if (mb_minisign_check_trusted_comment(sig->trusted_comment, &cerr))
		return line_error(err, file, ls.number, cerr.message);
	return read_base64(&ls, file, "the trusted comment's signature", sig->global_sig,
			   MB_MINISIGN_SIGNATURE_BYTES, err);
}

/* "untrusted comment: COMMENT\n" base64(raw) "\n" in a new string */
static char *format_two_lines(const char *comment, const unsigned char *raw, size_t n)
{
	size_t b = mb_base64_encoded_len(n);
	char *b64 = xmalloc(b + 1), *out;

	mb_base64_encode(raw, n, b64);
	out = xasprintf("%s%s\n%s\n", MB_MINISIGN_UNTRUSTED_PREFIX, comment, b64);
	mb_minisign_wipe(b64, b);
	free(b64);
	return out;
}

char *mb_minisign_format_public_key(const struct mb_minisign_public_key *key)
{
	unsigned char raw[2 + MB_MINISIGN_KEYID_BYTES + MB_MINISIGN_PUBLICKEY_BYTES];
	char hex[17], comment[64];

	memcpy(raw, "Ed", 2);
	memcpy(raw + 2, key->keyid, MB_MINISIGN_KEYID_BYTES);
	memcpy(raw + 2 + MB_MINISIGN_KEYID_BYTES, key->pk, MB_MINISIGN_PUBLICKEY_BYTES);
	mb_minisign_keyid_hex(key->keyid, hex);
	snprintf(comment, sizeof(comment), "minisign public key %s", hex);
	return format_two_lines(comment, raw, sizeof(raw));
}

char *mb_minisign_format_secret_key(const struct mb_minisign_secret_key *key)
{
	unsigned char raw[SECRET_KEY_STRUCT_BYTES] = { 0 };
	unsigned char *p = raw + 2 + 2 + 2 + 32 + 8 + 8;
	char *out;

	/* kdf "\0\0", salt and limits zero: an unencrypted key, as minisign -W */
	memcpy(raw, "Ed", 2);
	memcpy(raw + 4, "B2", 2);
	memcpy(p, key->keyid, MB_MINISIGN_KEYID_BYTES);
	memcpy(p + MB_MINISIGN_KEYID_BYTES, key->sk, MB_MINISIGN_SECRETKEY_BYTES);
	memcpy(p + MB_MINISIGN_KEYID_BYTES + MB_MINISIGN_SECRETKEY_BYTES, key->checksum,
	       MB_MINISIGN_CHECKSUM_BYTES);
	out = format_two_lines("mazebook secret key (unencrypted: keep this file private, mode 0600)",
			       raw, sizeof(raw));
	mb_minisign_wipe(raw, sizeof(raw));
	return out;
}

char *mb_minisign_format_signature(const struct mb_minisign_signature *sig,
				   const char *untrusted_comment)
{
	unsigned char raw[SIG_STRUCT_BYTES];
	char g64[89], *head, *out;

	memcpy(raw, sig->prehashed ? "ED" : "Ed", 2);
	memcpy(raw + 2, sig->keyid, MB_MINISIGN_KEYID_BYTES);
	memcpy(raw + 2 + MB_MINISIGN_KEYID_BYTES, sig->sig, MB_MINISIGN_SIGNATURE_BYTES);
	head = format_two_lines(untrusted_comment, raw, sizeof(raw));
	mb_base64_encode(sig->global_sig, MB_MINISIGN_SIGNATURE_BYTES, g64);
	out = xasprintf("%s%s%s\n%s\n", head, MB_MINISIGN_TRUSTED_PREFIX,
			sig->trusted_comment, g64);
	free(head);
	return out;
}

void mb_minisign_keyid_hex(const unsigned char keyid[MB_MINISIGN_KEYID_BYTES], char out[17])
{
	static const char hex[] = "0123456789ABCDEF";

	for (int i = 0; i < MB_MINISIGN_KEYID_BYTES; i++) {
		unsigned char b = keyid[MB_MINISIGN_KEYID_BYTES - 1 - i];

		out[2 * i] = hex[b >> 4];
		out[2 * i + 1] = hex[b & 15];
	}
	out[16] = '\0';
}

void mb_minisign_wipe(void *p, size_t n)
{
	volatile unsigned char *v = p;

	while (n--)
		*v++ = 0;
}
