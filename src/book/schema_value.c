/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The schema's values by type and range: strings (valid UTF-8, no
 * invisible characters or emoji, a length), words from closed sets with
 * their did-you-mean, plain numbers in a range, booleans, colours,
 * grids, paths inside the spec's folder. Each fails at the value's place
 * naming the key; the setters (schema_set.c) call them.
 */
#include "config.h"
#include "schema_reader.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mazebook/base/names.h"
#include "mazebook/base/number.h"
#include "mazebook/base/utf8.h"
#include "mazebook/base/xalloc.h"
#include "mazebook/book/colour.h"
#include "mazebook/book/level.h"

/*
 * A path the spec names, by the one rule for them all (mb_spec_path):
 * inside the spec's folder once links are followed, else refused at v.
 */
enum mb_status mb_schema_take_path(struct reader *r, const struct scalar *v,
				enum mb_spec_path_kind kind, char **path)
{
	struct mb_error e;

	mb_error_init(&e);
	if (mb_spec_path(r->spec, kind, v->key, v->text, path, &e) != MB_OK)
		return fail_with(r, v, &e);
	return MB_OK;
}

/* ---- closed sets of names ---- */

/* " (did you mean 'x'?)" when a name is near word, else "" */
void mb_schema_did_you_mean(const char *word, const char *const *names, size_t count, char *buf,
			 size_t size)
{
	const char *near = mb_names_nearest(word, names, count);

	buf[0] = '\0';
	if (near)
		snprintf(buf, size, " (did you mean '%s'?)", near);
}

/*
 * v names one of names: exactly, or in other capitals when only one name
 * reads so ("Easy" is easy). Its index, else -1 and "unknown WHAT 'v'
 * (did you mean 'x'? valid: ...)" at v's place.
 */
int mb_schema_take_name(struct reader *r, const struct scalar *v, const char *what,
		     const char *const *names, size_t count)
{
	char hint[640];
	int i = v->null ? -1 : mb_names_find(v->text, names, count);

	if (i >= 0)
		return i;
	mb_names_hint(v->null ? "" : v->text, names, count, hint, sizeof(hint));
	fail_at(r, v->line, v->column, "unknown %s '%s' (%s)", what, v->null ? "" : v->text, hint);
	return -1;
}

/* the levels' names, easiest first */
static size_t level_names(const char **out, size_t size)
{
	size_t n = 0;

	for (; n < mb_level_count && n < size; n++)
		out[n] = mb_levels[n].name;
	return n;
}

/* the level v names (in any capitals), else NULL after an error at v */
const struct mb_level *mb_schema_take_level(struct reader *r, const struct scalar *v,
					 const char *text)
{
	const char *names[16];
	size_t n = level_names(names, COUNT(names));
	struct scalar w = *v;
	int i;

	w.text = text;
	w.null = false;
	i = mb_schema_take_name(r, &w, "level", names, n);
	return i < 0 ? NULL : mb_level_find(names[i]);
}

/* ---- text checks ---- */

/* Report what mb_utf8_chars found wrong in v. */
static enum mb_status bad_text(struct reader *r, const struct scalar *v,
			       const struct mb_utf8_fault *f)
{
	if (f->cp)
		return fail_at(r, v->line, v->column,
				"'%s' contains U+%04lX (%s) as character %ld: it prints as nothing "
				"but changes or hides what is read; remove it", v->key, f->cp,
				f->why, f->at);
	return fail_at(r, v->line, v->column, "'%s' contains %s", v->key, f->why);
}

/* A non-empty string value of at most max characters, copied into *out. */
enum mb_status mb_schema_take_string(struct reader *r, const struct scalar *v, long max, char **out)
{
	struct mb_utf8_fault fault = { 0 };
	long chars;

	if (v->null || v->len == 0)
		return fail_at(r, v->line, v->column, "'%s' must not be empty", v->key);
	chars = mb_utf8_chars(v->text, v->len, &fault);
	if (chars < 0)
		return bad_text(r, v, &fault);
	if (chars > max)
		return fail_at(r, v->line, v->column,
				"'%s' is %ld characters long (at most %ld)", v->key, chars, max);
	free(*out);
	*out = xstrdup(v->text);
	return MB_OK;
}

/* A one-line word-like value (level, trim ...), for lookups and messages. */
enum mb_status mb_schema_take_word(struct reader *r, const struct scalar *v, const char *expect)
{
	struct mb_utf8_fault fault = { 0 };

	if (v->null || v->len == 0)
		return fail_at(r, v->line, v->column, "'%s' must be %s, not empty", v->key, expect);
	if (v->len <= 64 && mb_utf8_chars(v->text, v->len, &fault) < 0 && fault.cp)
		return bad_text(r, v, &fault);
	if (v->len > 64 || fault.why || strchr(v->text, '\n'))
		return fail_at(r, v->line, v->column, "'%s' must be %s", v->key, expect);
	return MB_OK;
}

/*
 * A number as people write one (mb_number_plain_decimal): a quoted "30" is
 * a string in YAML, +30 and 030 are not how a number is written. expect is
 * "a whole number (1..10000)" for the message.
 */
enum mb_status mb_schema_take_plain_number(struct reader *r, const struct scalar *v,
					bool fraction, const char *expect)
{
	const char *why;

	if (mb_schema_take_word(r, v, fraction ? "a number" : "a whole number") != MB_OK)
		return MB_ERR_INPUT;
	if (v->quoted)
		return fail_at(r, v->line, v->column,
				"'%s' expected a number, not the string \"%s\" (write it without "
				"quotes)", v->key, v->text);
	why = mb_number_plain_decimal(v->text, fraction);
	if (why && strcmp(why, "not a number"))
		return fail_at(r, v->line, v->column,
				"'%s' must be %s written in plain digits, not '%s' (%s)", v->key,
				expect, v->text, why);
	if (why)
		return fail_at(r, v->line, v->column, "'%s' must be %s, not '%s'", v->key,
				expect, v->text);
	return MB_OK;
}

/* Parse a decimal whole number (digits only; take_plain_number vetted the form). */
bool mb_schema_parse_u64(const char *s, uint64_t *out, bool *overflow)
{
	uint64_t v = 0;

	*overflow = false;
	if (!*s)
		return false;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return false;
		if (v > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
			*overflow = true;
		else
			v = v * 10 + (uint64_t)(*s - '0');
	}
	*out = v;
	return true;
}

enum mb_status mb_schema_take_int(struct reader *r, const struct scalar *v, int min, int max,
			       int *out)
{
	const char *s = v->text;
	bool negative = *s == '-';
	bool overflow;
	uint64_t n;
	int64_t value;
	char expect[64];

	snprintf(expect, sizeof(expect), "a whole number (%d..%d)", min, max);
	if (mb_schema_take_plain_number(r, v, false, expect) != MB_OK)
		return MB_ERR_INPUT;
	if (negative)
		s++;
	if (!mb_schema_parse_u64(s, &n, &overflow))
		return fail_at(r, v->line, v->column,
				"'%s' must be a whole number (%d..%d), not '%s'", v->key, min, max,
				v->text);
	value = overflow || n > INT32_MAX ? (negative ? INT64_MIN : INT64_MAX)
					  : (negative ? -(int64_t)n : (int64_t)n);
	if (value < min || value > max)
		return fail_at(r, v->line, v->column, "'%s' is %s, out of range (valid: %d..%d)",
				v->key, v->text, min, max);
	*out = (int)value;
	return MB_OK;
}

enum mb_status mb_schema_take_double(struct reader *r, const struct scalar *v, double min,
				  double max, double *out)
{
	char *end;
	double d;
	char expect[64];

	snprintf(expect, sizeof(expect), "a number (%g..%g)", min, max);
	if (mb_schema_take_plain_number(r, v, true, expect) != MB_OK)
		return MB_ERR_INPUT;
	errno = 0;
	d = strtod(v->text, &end);
	/* strtod also reads hex, inf and nan: only plain decimals please */
	if (end == v->text || *end || errno || strpbrk(v->text, "xXnNiI"))
		return fail_at(r, v->line, v->column, "'%s' must be a number (%g..%g), not '%s'",
				v->key, min, max, v->text);
	if (d < min || d > max)
		return fail_at(r, v->line, v->column, "'%s' is %s, out of range (valid: %g..%g)",
				v->key, v->text, min, max);
	*out = d;
	return MB_OK;
}

enum mb_status mb_schema_take_bool(struct reader *r, const struct scalar *v, bool *out)
{
	static const char *const yes[] = { "true", "True", "TRUE", "yes", "Yes", "YES" };
	static const char *const no[] = { "false", "False", "FALSE", "no", "No", "NO" };

	if (!v->null) {
		for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
			if (!strcmp(v->text, yes[i])) {
				*out = true;
				return MB_OK;
			}
			if (!strcmp(v->text, no[i])) {
				*out = false;
				return MB_OK;
			}
		}
	}
	{
		static const char *const words[] = { "true", "false", "yes", "no" };
		char hint[64] = "";

		if (!v->null)
			mb_schema_did_you_mean(v->text, words, COUNT(words), hint, sizeof(hint));
		return fail_at(r, v->line, v->column, "'%s' must be true or false, not '%s'%s",
				v->key, v->text, hint);
	}
}

/* ---- colours ---- */

static const struct {
	const char *name;
	uint32_t rgb;
} colours[] = {
	{ "black", 0x000000 }, { "white", 0xffffff }, { "red", 0xff0000 },
	{ "green", 0x008000 }, { "blue", 0x0000ff }, { "yellow", 0xffff00 },
	{ "orange", 0xffa500 }, { "purple", 0x800080 }, { "pink", 0xffc0cb },
	{ "brown", 0xa52a2a }, { "gray", 0x808080 }, { "grey", 0x808080 },
	{ "navy", 0x000080 }, { "teal", 0x008080 },
};

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static bool parse_colour(const char *s, uint32_t *out)
{
	size_t len = strlen(s);
	uint32_t rgb = 0;

	if (s[0] == '#' && (len == 4 || len == 7)) {
		for (size_t i = 1; i < len; i++) {
			int d = hex_digit(s[i]);

			if (d < 0)
				return false;
			rgb = (rgb << 4) | (uint32_t)d;
			if (len == 4)	/* #abc is #aabbcc */
				rgb = (rgb << 4) | (uint32_t)d;
		}
		*out = rgb;
		return true;
	}
	for (size_t i = 0; i < sizeof(colours) / sizeof(colours[0]); i++) {
		if (!strcasecmp(s, colours[i].name)) {
			*out = colours[i].rgb;
			return true;
		}
	}
	return false;
}

enum mb_status mb_schema_take_colour(struct reader *r, const struct scalar *v, uint32_t *out)
{
	const char *names[COUNT(colours)];
	char list[256], hint[64] = "";

	if (!v->null && v->len < 64 && parse_colour(v->text, out))
		return MB_OK;
	for (size_t i = 0; i < COUNT(colours); i++)
		names[i] = colours[i].name;
	mb_names_list(names, COUNT(names), list, sizeof(list));
	if (!v->null && v->text[0] != '#' && mb_names_nearest(v->text, names, COUNT(names)))
		snprintf(hint, sizeof(hint), "did you mean '%s'? ",
			 mb_names_nearest(v->text, names, COUNT(names)));
	return fail_at(r, v->line, v->column,
			"'%s' is not a colour: '%s' (%sexpected #rgb, #rrggbb or one of %s)",
			v->key, v->text, hint, list);
}

/*
 * Emoji: a text layout engine draws these from whatever colour emoji font
 * the machine has, not from the book's font (so the same spec would print
 * differently on another machine), and colour emoji fonts are bitmaps, too
 * coarse for print (the cover failed as "an image at 72 dpi"). The
 * characters with default emoji presentation, the skin tones and flags,
 * and U+FE0F (which asks for emoji presentation).
 */
static const unsigned long emoji[][2] = {
	{ 0x231a, 0x231b }, { 0x23e9, 0x23ec }, { 0x23f0, 0x23f0 }, { 0x23f3, 0x23f3 },
	{ 0x25fd, 0x25fe }, { 0x2614, 0x2615 }, { 0x2648, 0x2653 }, { 0x267f, 0x267f },
	{ 0x2693, 0x2693 }, { 0x26a1, 0x26a1 }, { 0x26aa, 0x26ab }, { 0x26bd, 0x26be },
	{ 0x26c4, 0x26c5 }, { 0x26ce, 0x26ce }, { 0x26d4, 0x26d4 }, { 0x26ea, 0x26ea },
	{ 0x26f2, 0x26f3 }, { 0x26f5, 0x26f5 }, { 0x26fa, 0x26fa }, { 0x26fd, 0x26fd },
	{ 0x2705, 0x2705 }, { 0x270a, 0x270b }, { 0x2728, 0x2728 }, { 0x274c, 0x274c },
	{ 0x274e, 0x274e }, { 0x2753, 0x2755 }, { 0x2757, 0x2757 }, { 0x2795, 0x2797 },
	{ 0x27b0, 0x27b0 }, { 0x27bf, 0x27bf }, { 0x2b1b, 0x2b1c }, { 0x2b50, 0x2b50 },
	{ 0x2b55, 0x2b55 }, { 0x1f004, 0x1f004 }, { 0x1f0cf, 0x1f0cf },
	{ 0x1f18e, 0x1f18e }, { 0x1f191, 0x1f19a }, { 0x1f1e6, 0x1f1ff }, { 0x1f201, 0x1f251 },
	{ 0x1f300, 0x1f64f }, { 0x1f680, 0x1f6ff }, { 0x1f7e0, 0x1f7eb }, { 0x1f90c, 0x1f9ff },
	{ 0x1fa70, 0x1faff },
};

/* Refuse an emoji in a printed text, at v's place, naming the character. */
enum mb_status mb_schema_refuse_emoji(struct reader *r, const struct scalar *v)
{
	const unsigned char *p = (const unsigned char *)v->text;
	long at = 0;

	/* v->text is valid UTF-8 here: take_string checked it */
	for (size_t i = 0; i < v->len; at++) {
		unsigned c = p[i];
		size_t n = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
		unsigned long cp = n == 1 ? c : c & (0x3f >> (n - 1));

		for (size_t k = 1; k < n; k++)
			cp = (cp << 6) | (p[i + k] & 0x3f);
		if (cp == 0xfe0f)
			return fail_at(r, v->line, v->column,
					"'%s' asks for an emoji: U+FE0F (VARIATION SELECTOR-16) follows "
					"character %ld: emoji print from the machine's colour emoji font "
					"as a low-resolution picture, not from the book's font; leave it "
					"out", v->key, at);
		for (size_t e = 0; e < sizeof(emoji) / sizeof(emoji[0]); e++)
			if (cp >= emoji[e][0] && cp <= emoji[e][1])
				return fail_at(r, v->line, v->column,
						"'%s' has an emoji, '%.*s' (U+%04lX) as character %ld: "
						"emoji print from the machine's colour emoji font as a "
						"low-resolution picture, not from the book's font; leave "
						"it out", v->key, (int)n, (const char *)p + i, cp,
						at + 1);
		i += n;
	}
	return MB_OK;
}

/* A string printed as one line (title, subtitle, author). */
enum mb_status mb_schema_take_line(struct reader *r, const struct scalar *v, long max, char **out)
{
	if (mb_schema_take_string(r, v, max, out) != MB_OK)
		return MB_ERR_INPUT;
	if (strpbrk(v->text, "\n\t"))
		return fail_at(r, v->line, v->column,
				"'%s' must be one line (no line breaks or tabs)", v->key);
	return mb_schema_refuse_emoji(r, v);
}

/* "WxH" (both 1..max) or "N" (1..max) in text: 2 or 1 numbers, 0 when it is neither */
static int grid_numbers(const char *text, long *a, long *b)
{
	char *end;

	if (text[0] < '0' || text[0] > '9')
		return 0;
	errno = 0;
	*a = strtol(text, &end, 10);
	*b = 0;
	if (errno)
		return 0;
	if (!*end)
		return 1;
	if ((*end != 'x' && *end != 'X') || end[1] < '0' || end[1] > '9')
		return 0;
	*b = strtol(end + 1, &end, 10);
	return *end || errno ? 0 : 2;
}

/* the grid kinds a spec names, and words people write for them */
static const struct {
	const char *name;
	enum mb_grid_kind kind;
} grid_kinds[] = {
	{ "square", MB_GRID_RECT }, { "polar", MB_GRID_POLAR }, { "hex", MB_GRID_HEX },
	{ "delta", MB_GRID_DELTA },
}, grid_kind_words[] = {
	{ "rectangle", MB_GRID_RECT }, { "circle", MB_GRID_POLAR }, { "circular", MB_GRID_POLAR },
	{ "round", MB_GRID_POLAR }, { "theta", MB_GRID_POLAR }, { "hexagon", MB_GRID_HEX },
	{ "hexagonal", MB_GRID_HEX }, { "hexagons", MB_GRID_HEX }, { "sigma", MB_GRID_HEX },
	{ "triangle", MB_GRID_DELTA }, { "triangular", MB_GRID_DELTA },
	{ "triangles", MB_GRID_DELTA },
};

#define GRID_EXPECT "WIDTHxHEIGHT in squares such as 20x24, or a grid kind (square, polar, " \
	"hex or delta) with a size if wanted: polar 12, hex 12x13, delta 20x10"
#define GRID_KINDS "square, polar, hex or delta, with a size if wanted: polar 12, hex " \
	"12x13, delta 20x10"

/* the largest size number a kind takes */
static int grid_max(enum mb_grid_kind kind)
{
	return kind == MB_GRID_POLAR ? MB_POLAR_MAX_RINGS
	       : kind == MB_GRID_RECT ? MB_SPEC_MAX_GRID : MB_LATTICE_MAX_SIDE;
}

/* "grid: WxH" or "grid: KIND [SIZE]" into *out */
enum mb_status mb_schema_take_grid(struct reader *r, const struct scalar *v, struct grid_value *out)
{
	const char *size;
	char word[16];
	size_t n;
	long a, b;
	int numbers, k;

	if (mb_schema_take_word(r, v, GRID_EXPECT) != MB_OK)
		return MB_ERR_INPUT;
	memset(out, 0, sizeof(*out));
	numbers = grid_numbers(v->text, &a, &b);
	if (numbers == 2) {
		if (a < 1 || a > MB_SPEC_MAX_GRID || b < 1 || b > MB_SPEC_MAX_GRID)
			return fail_at(r, v->line, v->column,
					"'%s' is %s, out of range (valid: 1..%d squares each way)",
					v->key, v->text, MB_SPEC_MAX_GRID);
		*out = (struct grid_value){ MB_GRID_RECT, (int)a, (int)b, 2 };
		return MB_OK;
	}
	if (numbers == 1 || (v->text[0] >= '0' && v->text[0] <= '9'))
		goto bad;
	n = strcspn(v->text, " ");
	snprintf(word, sizeof(word), "%.*s", (int)(n < sizeof(word) ? n : sizeof(word) - 1),
		 v->text);
	{
		const char *names[COUNT(grid_kinds)];

		for (size_t i = 0; i < COUNT(grid_kinds); i++)
			names[i] = grid_kinds[i].name;
		k = mb_names_find(word, names, COUNT(names));
		if (k < 0)
			k = (int)COUNT(grid_kinds);
	}
	if (k == (int)COUNT(grid_kinds)) {
		const char *best = NULL;
		const char *names[COUNT(grid_kinds)];

		for (size_t i = 0; i < COUNT(grid_kinds); i++)
			names[i] = grid_kinds[i].name;
		for (size_t i = 0; i < COUNT(grid_kind_words) && !best; i++)
			if (!strcasecmp(word, grid_kind_words[i].name))
				best = mb_grid_kind_name(grid_kind_words[i].kind);
		if (!best)
			best = mb_names_nearest(word, names, COUNT(names));
		if (best && !strcmp(best, "rectangle"))
			best = "square";
		if (best)
			return fail_at(r, v->line, v->column,
					"unknown grid kind '%s' in '%s' (did you mean '%s'? valid: "
					"%s; or WIDTHxHEIGHT in squares such as 20x24)", word, v->key,
					best, GRID_KINDS);
		goto bad;
	}
	out->kind = grid_kinds[k].kind;
	size = v->text + n;
	while (*size == ' ')
		size++;
	if (!*size)
		return MB_OK;
	numbers = grid_numbers(size, &a, &b);
	if (!numbers)
		return fail_at(r, v->line, v->column,
				"'%s' is '%s': the size after '%s' must be %s, not '%s'", v->key,
				v->text, word,
				out->kind == MB_GRID_POLAR ? "its rings, one number such as 12"
				: out->kind == MB_GRID_RECT ? "WIDTHxHEIGHT such as 20x24"
				: "COLSxROWS such as 12x13, or one number for the hexagon or "
				  "triangle outline", size);
	if (numbers == 2 && out->kind == MB_GRID_POLAR)
		return fail_at(r, v->line, v->column,
				"'%s' is '%s': a polar grid takes one number, its rings (such as "
				"polar 12), not %s", v->key, v->text, size);
	if (numbers == 1 && out->kind == MB_GRID_RECT)
		return fail_at(r, v->line, v->column,
				"'%s' is '%s': a square grid's size is WIDTHxHEIGHT such as "
				"square 20x24, not %s", v->key, v->text, size);
	if (a < 1 || a > grid_max(out->kind) || (numbers == 2 && (b < 1 || b > grid_max(out->kind))))
		return fail_at(r, v->line, v->column,
				"'%s' is '%s', out of range (valid: 1..%d %s)", v->key, v->text,
				grid_max(out->kind),
				out->kind == MB_GRID_POLAR ? "rings"
				: out->kind == MB_GRID_RECT ? "squares each way" : "cells each way");
	out->a = (int)a;
	out->b = (int)b;
	out->numbers = numbers;
	return MB_OK;
bad:
	return fail_at(r, v->line, v->column,
			"'%s' must be WIDTHxHEIGHT in squares such as 20x24, not '%s' (or a grid "
			"kind: %s)", v->key, v->text, GRID_KINDS);
}

/* "grid_outline: rectangle|hexagon|triangle" into *out */
enum mb_status mb_schema_take_outline(struct reader *r, const struct scalar *v,
				   enum mb_grid_outline *out)
{
	static const enum mb_grid_outline all[] = { MB_OUTLINE_RECTANGLE, MB_OUTLINE_HEXAGON,
						    MB_OUTLINE_TRIANGLE };

	const char *names[COUNT(all)];
	char hint[64];
	int i;

	if (mb_schema_take_word(r, v, "rectangle, hexagon or triangle") != MB_OK)
		return MB_ERR_INPUT;
	for (size_t k = 0; k < COUNT(all); k++)
		names[k] = mb_grid_outline_name(all[k]);
	i = mb_names_find(v->text, names, COUNT(names));
	if (i >= 0) {
		*out = all[i];
		return MB_OK;
	}
	mb_schema_did_you_mean(v->text, names, COUNT(names), hint, sizeof(hint));
	return fail_at(r, v->line, v->column,
			"'%s' must be rectangle, hexagon (hex grids) or triangle (delta grids), "
			"not '%s'%s", v->key, v->text, hint);
}

