/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* JSON: writing strings, and the project's one reader; see include/mazebook/base/json.h. */
#include "config.h"
#include "mazebook/base/json.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"

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

/* --- reading --- */

struct reader {
	const char *p, *end;
	const char *expected;
	int depth;
};

void mb_json_free(struct mb_json *v)
{
	for (size_t i = 0; i < v->count; i++) {
		mb_json_free(&v->items[i]);
		if (v->names)
			free(v->names[i]);
	}
	free(v->items);
	free(v->names);
	free(v->text);
	memset(v, 0, sizeof(*v));
}

static void skip_space(struct reader *r)
{
	while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
		r->p++;
}

static bool fault(struct reader *r, const char *expected)
{
	r->expected = expected;
	return false;
}

static size_t put_utf8(char *out, unsigned long cp)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xc0 | cp >> 6);
		out[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xe0 | cp >> 12);
		out[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | cp >> 18);
	out[1] = (char)(0x80 | (cp >> 12 & 0x3f));
	out[2] = (char)(0x80 | (cp >> 6 & 0x3f));
	out[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

static bool hex4(const char *p, const char *end, unsigned long *v)
{
	*v = 0;
	if (end - p < 4)
		return false;
	for (int i = 0; i < 4; i++) {
		char c = p[i];
		int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
			c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;

		if (d < 0)
			return false;
		*v = *v << 4 | (unsigned long)d;
	}
	return true;
}

/* one \u escape (p at the 'u'), a surrogate pair taken whole; p left at its last digit */
static bool unicode_escape(struct reader *r, const char **pp, char *out, size_t *n)
{
	const char *p = *pp;
	unsigned long cp, lo;

	if (!hex4(p + 1, r->end, &cp))
		return false;
	p += 4;
	if (cp >= 0xd800 && cp < 0xdc00) {
		if (r->end - p < 3 || p[1] != '\\' || p[2] != 'u' || !hex4(p + 3, r->end, &lo) ||
		    lo < 0xdc00 || lo > 0xdfff)
			return false;
		cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
		p += 6;
	}
	if (!cp || (cp >= 0xdc00 && cp < 0xe000))
		return false;
	*n += put_utf8(out + *n, cp);
	*pp = p;
	return true;
}

/*
 * A string, r->p at its opening quote. Its end is found first, so that it
 * takes what it holds (an escape never grows: "\u00e9" is 6 bytes for 2).
 */
static bool read_string(struct reader *r, char **out, size_t *len)
{
	const char *start = r->p + 1, *close = start, *p;
	size_t n = 0;
	char *s;

	while (close < r->end && *close != '"')
		close += *close == '\\' ? 2 : 1;
	if (close >= r->end) {
		r->p = r->end;
		return fault(r, "a string that ends (a closing '\"')");
	}
	s = xmalloc((size_t)(close - start) + 1);
	for (p = start; p < close; p++) {
		if ((unsigned char)*p < 0x20) {
			r->p = p;
			free(s);
			return fault(r, "a string without control characters (escape them)");
		}
		if (*p != '\\') {
			s[n++] = *p;
			continue;
		}
		switch (*++p) {
		case '"': case '\\': case '/': s[n++] = *p; break;
		case 'b': s[n++] = '\b'; break;
		case 'f': s[n++] = '\f'; break;
		case 'n': s[n++] = '\n'; break;
		case 'r': s[n++] = '\r'; break;
		case 't': s[n++] = '\t'; break;
		case 'u':
			if (unicode_escape(r, &p, s, &n))
				break;
			/* fall through */
		default:
			r->p = p - 1;
			free(s);
			return fault(r, "a valid escape in a string (\\\" \\\\ \\/ \\b \\f \\n \\r "
				     "\\t or \\u and 4 hex digits, not \\u0000 nor a lone surrogate)");
		}
	}
	s[n] = '\0';
	*out = s;
	*len = n;
	r->p = close + 1;
	return true;
}

static bool digits(struct reader *r)
{
	const char *from = r->p;

	while (r->p < r->end && *r->p >= '0' && *r->p <= '9')
		r->p++;
	return r->p > from;
}

/* -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? as RFC 8259 has it */
static bool read_number(struct reader *r, struct mb_json *v)
{
	const char *start = r->p;

	if (r->p < r->end && *r->p == '-')
		r->p++;
	if (r->p < r->end && *r->p == '0')
		r->p++;
	else if (!digits(r))
		return fault(r, "a value (a string, number, list, object, true, false or null)");
	if (r->p < r->end && *r->p == '.' && (r->p++, !digits(r)))
		return fault(r, "digits after a number's '.'");
	if (r->p < r->end && (*r->p == 'e' || *r->p == 'E')) {
		r->p++;
		if (r->p < r->end && (*r->p == '+' || *r->p == '-'))
			r->p++;
		if (!digits(r))
			return fault(r, "digits in a number's exponent");
	}
	v->type = MB_JSON_NUMBER;
	v->len = (size_t)(r->p - start);
	v->text = xmalloc(v->len + 1);
	memcpy(v->text, start, v->len);
	v->text[v->len] = '\0';
	return true;
}

static bool read_value(struct reader *r, struct mb_json *v);

/* a list or an object, r->p at its '[' or '{'; items grow by doubling */
static bool read_container(struct reader *r, struct mb_json *v, bool object)
{
	size_t alloc = 0;
	char close = object ? '}' : ']';

	v->type = object ? MB_JSON_OBJECT : MB_JSON_ARRAY;
	r->p++;
	skip_space(r);
	if (r->p < r->end && *r->p == close) {
		r->p++;
		return true;
	}
	for (;;) {
		char *name = NULL;
		size_t name_len;

		skip_space(r);
		if (object) {
			if (r->p >= r->end || *r->p != '"')
				return fault(r, "an object's key (a string)");
			if (!read_string(r, &name, &name_len))
				return false;
			skip_space(r);
			if (r->p >= r->end || *r->p != ':') {
				free(name);
				return fault(r, "':' after an object's key");
			}
			r->p++;
		}
		if (v->count == alloc) {
			alloc = alloc ? alloc * 2 : 8;
			v->items = xreallocarray(v->items, alloc, sizeof(*v->items));
			if (object)
				v->names = xreallocarray(v->names, alloc, sizeof(*v->names));
		}
		memset(&v->items[v->count], 0, sizeof(*v->items));
		if (object)
			v->names[v->count] = name;
		if (!read_value(r, &v->items[v->count++]))
			return false;
		skip_space(r);
		if (r->p < r->end && *r->p == ',') {
			r->p++;
			continue;
		}
		if (r->p < r->end && *r->p == close) {
			r->p++;
			return true;
		}
		return fault(r, object ? "',' or '}' in an object" : "',' or ']' in a list");
	}
}

static bool literal(struct reader *r, const char *word, struct mb_json *v, enum mb_json_type type)
{
	size_t n = strlen(word);

	if ((size_t)(r->end - r->p) < n || memcmp(r->p, word, n))
		return false;
	v->type = type;
	if (type == MB_JSON_BOOL) {
		v->text = xstrdup(word);
		v->len = n;
	}
	r->p += n;
	return true;
}

static bool read_value(struct reader *r, struct mb_json *v)
{
	bool ok;

	skip_space(r);
	if (r->p >= r->end)
		return fault(r, "a value, not the end of the file");
	switch (*r->p) {
	case '{':
	case '[':
		if (r->depth >= MB_JSON_MAX_DEPTH)
			return fault(r, "lists and objects nested at most 64 deep");
		r->depth++;
		ok = read_container(r, v, *r->p == '{');
		r->depth--;
		return ok;
	case '"':
		if (!read_string(r, &v->text, &v->len))
			return false;	/* left null */
		v->type = MB_JSON_STRING;
		return true;
	default:
		if (literal(r, "null", v, MB_JSON_NULL) || literal(r, "true", v, MB_JSON_BOOL) ||
		    literal(r, "false", v, MB_JSON_BOOL))
			return true;
		return read_number(r, v);
	}
}

bool mb_json_parse(const char *text, size_t len, struct mb_json *out, struct mb_json_fault *where)
{
	struct reader r = { text, text + len, NULL, 0 };
	const char *line_start = text;

	memset(out, 0, sizeof(*out));
	if (read_value(&r, out)) {
		skip_space(&r);
		if (r.p == r.end)
			return true;
		r.expected = "the end of the file after the value";
	}
	/* line and column of the place, counted once, at the end */
	where->line = 1;
	for (const char *p = text; p < r.p; p++)
		if (*p == '\n')
			where->line++, line_start = p + 1;
	where->column = (int)(r.p - line_start) + 1;
	where->expected = r.expected;
	return false;
}

const struct mb_json *mb_json_get(const struct mb_json *o, const char *name)
{
	if (!o || o->type != MB_JSON_OBJECT)
		return NULL;
	for (size_t i = 0; i < o->count; i++)
		if (!strcmp(o->names[i], name))
			return &o->items[i];
	return NULL;
}

const char *mb_json_get_string(const struct mb_json *o, const char *name)
{
	const struct mb_json *v = mb_json_get(o, name);

	return v && v->type == MB_JSON_STRING ? v->text : NULL;
}

bool mb_json_bool(const struct mb_json *v, bool *out)
{
	if (!v || v->type != MB_JSON_BOOL)
		return false;
	*out = !strcmp(v->text, "true");
	return true;
}

bool mb_json_long(const struct mb_json *v, long min, long max, long *out)
{
	char *end;
	long n;

	if (!v || v->type != MB_JSON_NUMBER)
		return false;
	errno = 0;
	n = strtol(v->text, &end, 10);
	if (*end || errno || n < min || n > max)
		return false;
	*out = n;
	return true;
}

bool mb_json_u64(const struct mb_json *v, uint64_t *out)
{
	uint64_t n = 0;

	if (!v || v->type != MB_JSON_NUMBER || !v->text[0])
		return false;
	for (const char *p = v->text; *p; p++) {
		if (*p < '0' || *p > '9' || n > (UINT64_MAX - (uint64_t)(*p - '0')) / 10)
			return false;
		n = n * 10 + (uint64_t)(*p - '0');
	}
	*out = n;
	return true;
}
