/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The checklist header reader behind `mazebook verify`; see
 * include/mazebook/sign/verify.h. Every read is bounded by the buffer's length;
 * the text is never assumed to be NUL-terminated.
 */
#include "config.h"
#include "mazebook/sign/verify.h"

#include <string.h>

static bool is_hex_lower(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return false;
	return true;
}

/* the last occurrence of needle (nlen bytes) in s[0..n), or NULL */
static const char *find_last(const char *s, size_t n, const char *needle, size_t nlen)
{
	if (n < nlen)
		return NULL;
	for (size_t i = n - nlen + 1; i-- > 0;)
		if (!memcmp(s + i, needle, nlen))
			return s + i;
	return NULL;
}

/* a name the checklist may point at: relative, inside the folder, printable */
static const char *bad_name(const char *name, size_t n)
{
	if (n == 0)
		return "an empty file name";
	if (n >= MB_VERIFY_NAME_MAX)
		return "a file name too long";
	if (name[0] == '/')
		return "an absolute file name (names are relative to the checklist's folder)";
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)name[i] < 0x20 || name[i] == 0x7f)
			return "a control character in a file name";
	for (size_t i = 0; i < n;) {
		size_t j = i;

		while (j < n && name[j] != '/')
			j++;
		if (j - i == 2 && name[i] == '.' && name[i + 1] == '.')
			return "a '..' in a file name (names must stay in the checklist's folder)";
		i = j + 1;
	}
	return NULL;
}

/* "NAME sha256=HEX bytes=N" */
static enum mb_status parse_entry(const char *v, size_t n, struct mb_verify_entry *e,
				  const char *file, int line, struct mb_error *err)
{
	const char *b = find_last(v, n, " bytes=", 7), *h, *why;
	size_t name_len, digits;
	uint64_t bytes = 0;

	if (!b)
		return mb_error_set_at(err, MB_ERR_INPUT, file, line, 0,
				       "expected 'NAME sha256=HEX bytes=N': no bytes=");
	h = find_last(v, (size_t)(b - v), " sha256=", 8);
	if (!h)
		return mb_error_set_at(err, MB_ERR_INPUT, file, line, 0,
				       "expected 'NAME sha256=HEX bytes=N': no sha256=");
	if ((size_t)(b - (h + 8)) != 64 || !is_hex_lower(h + 8, 64))
		return mb_error_set_at(err, MB_ERR_INPUT, file, line, 0,
				       "sha256= needs 64 lower-case hex digits");
	digits = n - (size_t)(b + 7 - v);
	if (digits == 0 || digits > 19)
		return mb_error_set_at(err, MB_ERR_INPUT, file, line, 0,
				       "bytes= needs a whole number of at most 19 digits");
	for (const char *p = b + 7; p < v + n; p++) {
		if (*p < '0' || *p > '9')
			return mb_error_set_at(err, MB_ERR_INPUT, file, line, 0,
					       "bytes= needs a whole number");
		bytes = bytes * 10 + (uint64_t)(*p - '0');
	}
	name_len = (size_t)(h - v);
	why = bad_name(v, name_len);
	if (why)
		return mb_error_set_at(err, MB_ERR_INPUT, file, line, 0, "%s", why);
	memcpy(e->name, v, name_len);
	e->name[name_len] = '\0';
	memcpy(e->sha256, h + 8, 64);
	e->sha256[64] = '\0';
	e->bytes = bytes;
	e->line = line;
	return MB_OK;
}

/* copy a header value, bounded; MB_ERR_INPUT if it does not fit */
static enum mb_status copy_value(char *dst, const char *v, size_t n, const char *key,
				 const char *file, int line, struct mb_error *err)
{
	if (dst[0])
		return mb_error_set_at(err, MB_ERR_INPUT, file, line, 0,
				       "a second '%s:' line", key);
	if (n == 0 || n >= MB_VERIFY_TEXT_MAX)
		return mb_error_set_at(err, MB_ERR_INPUT, file, line, 0,
				       "'%s:' needs a value of 1 to %d bytes", key,
				       MB_VERIFY_TEXT_MAX - 1);
	memcpy(dst, v, n);
	dst[n] = '\0';
	return MB_OK;
}

enum mb_status mb_verify_parse_checklist(const char *text, size_t len, const char *file,
					 struct mb_verify_checklist *out,
					 struct mb_error *err)
{
	size_t pos = 0;
	int line = 0;

	memset(out, 0, sizeof(*out));
	if (len > MB_VERIFY_CHECKLIST_MAX)
		return mb_error_set_at(err, MB_ERR_INPUT, file, 0, 0,
				       "too large for a checklist (%zu bytes)", len);
	while (pos < len) {
		const char *s = text + pos, *nl = memchr(s, '\n', len - pos), *colon;
		size_t n = nl ? (size_t)(nl - s) : len - pos, klen, vlen;
		const char *v;
		enum mb_status st = MB_OK;

		pos += n + (nl ? 1 : 0);
		line++;
		if (n && s[n - 1] == '\r')
			n--;
		if (line == 1) {
			if (n != strlen(MB_VERIFY_MAGIC) || memcmp(s, MB_VERIFY_MAGIC, n))
				return mb_error_set_at(err, MB_ERR_INPUT, file, 1, 0,
						       "not a mazebook checklist (the first "
						       "line should be '" MB_VERIFY_MAGIC "')");
			continue;
		}
		if (n > MB_VERIFY_LINE_MAX)
			return mb_error_set_at(err, MB_ERR_INPUT, file, line, 0,
					       "line too long (more than %d bytes)",
					       MB_VERIFY_LINE_MAX);
		if (memchr(s, '\0', n) || memchr(s, '\r', n))
			return mb_error_set_at(err, MB_ERR_INPUT, file, line, 0,
					       "binary data: not a checklist");
		if (n == 0)
			break;	/* the header ends at the first empty line */
		colon = memchr(s, ':', n);
		if (!colon || colon + 1 >= s + n || colon[1] != ' ')
			return mb_error_set_at(err, MB_ERR_INPUT, file, line, 0,
					       "expected 'key: value' in the checklist's header");
		klen = (size_t)(colon - s);
		v = colon + 2;
		vlen = n - klen - 2;
		if (klen == 4 && (!memcmp(s, "file", 4) || !memcmp(s, "spec", 4))) {
			struct mb_verify_entry *e;

			if (out->count == MB_VERIFY_ENTRIES_MAX)
				return mb_error_set_at(err, MB_ERR_INPUT, file, line, 0,
						       "more than %d files listed",
						       MB_VERIFY_ENTRIES_MAX);
			e = &out->entries[out->count];
			e->is_spec = s[0] == 's';
			st = parse_entry(v, vlen, e, file, line, err);
			for (size_t i = 0; st == MB_OK && i < out->count; i++)
				if (!strcmp(out->entries[i].name, e->name))
					st = mb_error_set_at(err, MB_ERR_INPUT, file, line, 0,
							     "'%s' is listed twice (first on line %d)",
							     e->name, out->entries[i].line);
			if (st == MB_OK)
				out->count++;
		} else if (klen == 4 && !memcmp(s, "tool", 4)) {
			st = copy_value(out->tool, v, vlen, "tool", file, line, err);
		} else if (klen == 5 && !memcmp(s, "rules", 5)) {
			st = copy_value(out->rules, v, vlen, "rules", file, line, err);
		} else if (klen == 6 && !memcmp(s, "signer", 6)) {
			/* minisign prints key ids as 16 upper-case hex digits */
			bool hex16 = vlen == 16;

			for (size_t i = 0; hex16 && i < 16; i++)
				hex16 = (v[i] >= '0' && v[i] <= '9') || (v[i] >= 'A' && v[i] <= 'F');
			if (out->signer[0])
				st = mb_error_set_at(err, MB_ERR_INPUT, file, line, 0,
						     "a second 'signer:' line");
			else if (!hex16)
				st = mb_error_set_at(err, MB_ERR_INPUT, file, line, 0,
						     "'signer:' needs a key id of 16 upper-case hex "
						     "digits");
			else
				memcpy(out->signer, v, 17 - 1);
		} else if (klen == 6 && !memcmp(s, "result", 6)) {
			st = copy_value(out->result, v, vlen, "result", file, line, err);
			out->passed = st == MB_OK && !strncmp(out->result, "PASS", 4) &&
				      (out->result[4] == '\0' || out->result[4] == ' ');
		}
		/* other keys are for people and later versions: ignored */
		if (st != MB_OK)
			return st;
	}
	if (line == 0)
		return mb_error_set_at(err, MB_ERR_INPUT, file, 0, 0, "empty file: not a checklist");
	if (out->count == 0)
		return mb_error_set_at(err, MB_ERR_INPUT, file, 0, 0,
				       "the checklist lists no file (no 'file:' line)");
	if (!out->result[0])
		return mb_error_set_at(err, MB_ERR_INPUT, file, 0, 0,
				       "the checklist has no 'result:' line");
	return MB_OK;
}
