/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The book spec reader: book.yaml -> struct mb_book_spec, with libyaml's
 * event API. Events rather than the document API because events carry the
 * anchors and aliases we refuse (a spec has no use for them and they are
 * how "billion laughs" bombs are built) and because the schema is two
 * levels deep: any list or mapping where a value belongs stops the read at
 * once, so nesting never grows beyond the schema. The first problem ends
 * the read and is reported as file:line:column (libyaml marks are 0-based;
 * we add 1).
 */
#include "config.h"
#include "mazebook/colour.h"
#include "mazebook/isbn.h"
#include "mazebook/spec.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include <yaml.h>

#include "mazebook/cost.h"
#include "mazebook/generator.h"
#include "mazebook/layout.h"
#include "mazebook/level.h"
#include "mazebook/names.h"
#include "mazebook/number.h"
#include "mazebook/shape.h"
#include "mazebook/utf8.h"
#include "mazebook/xalloc.h"

/* a scalar value with its place, as the key handlers see it */
struct scalar {
	const char *key;	/* "mazes", "cover.back": for messages */
	const char *text;	/* NUL-terminated by libyaml */
	size_t len;		/* may be less than strlen's if it holds a NUL */
	bool null;		/* a plain empty, ~ or null */
	bool quoted;		/* written in quotes (or as a block): a string, never a number */
	int line, column;	/* 1-based */
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* a grid as the spec gives it: its kind and size (0 x 0: the level's) */
struct grid_value {
	enum mb_grid_kind kind;	/* MB_GRID_RECT for square */
	int a, b;		/* square: w x h; graph: as struct mb_book_spec's grid_a x grid_b */
	int numbers;		/* how many the size had: 0, 1 or 2 */
};

struct reader {
	const char *name;
	yaml_parser_t parser;
	yaml_event_t ev;
	bool have_ev;
	struct mb_book_spec *spec;
	struct mb_error *err;
	/* overrides, applied over the level once the whole mapping is read */
	bool grid_set, ratio_set, forks_set;
	struct grid_value grid;
	enum mb_grid_outline outline;	/* grid_outline:, when mb_spec_where has it */
	struct mb_filter filter;
	/* editions: checked together once the whole mapping is read */
	bool binding_set, price_scalar_set, palette_set;
	long price_scalar_cents;
	/* sections: the one being read, and its overrides (applied in finish_sections) */
	int section;
	bool sec_ratio_set[MB_SPEC_MAX_SECTIONS], sec_forks_set[MB_SPEC_MAX_SECTIONS];
	struct grid_value sec_grid[MB_SPEC_MAX_SECTIONS];
	enum mb_grid_outline sec_outline[MB_SPEC_MAX_SECTIONS];
	struct mb_filter sec_filter[MB_SPEC_MAX_SECTIONS];
};

struct key {
	const char *name;
	/* what the value must be, for "'x' must be ..., not a list" */
	const char *expect;
	enum mb_status (*set)(struct reader *r, const struct scalar *v);
	/* the keys of a nested mapping (cover), else NULL */
	const struct key *sub;
	size_t sub_count;
};

/* keys whose value is a list of scalars: set is called for each item */
static const char *const list_keys[] = { "editions", "shape" };
/* of those, the keys that also take one scalar ("shape: heart") */
static const char *const scalar_or_list_keys[] = { "shape" };

static bool takes_scalar_too(const struct key *k)
{
	for (size_t i = 0; i < sizeof(scalar_or_list_keys) / sizeof(scalar_or_list_keys[0]); i++)
		if (!strcmp(k->name, scalar_or_list_keys[i]))
			return true;
	return false;
}

static bool takes_list(const struct key *k)
{
	for (size_t i = 0; i < sizeof(list_keys) / sizeof(list_keys[0]); i++)
		if (!strcmp(k->name, list_keys[i]))
			return true;
	return false;
}

static int line_of(yaml_mark_t m)
{
	return (int)m.line + 1;
}

static int column_of(yaml_mark_t m)
{
	return (int)m.column + 1;
}

static enum mb_status fail_at(struct reader *r, int line, int column, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static enum mb_status fail_at(struct reader *r, int line, int column, const char *fmt, ...)
{
	char msg[MB_ERROR_MESSAGE_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return mb_error_set_at(r->err, MB_ERR_INPUT, r->name, line, column, "%s", msg);
}

static enum mb_status fail_mark(struct reader *r, yaml_mark_t m, const char *what)
{
	return fail_at(r, line_of(m), column_of(m), "%s", what);
}

/* Re-report an error a core lookup gave (no place) at v's place. */
static enum mb_status fail_with(struct reader *r, const struct scalar *v,
				const struct mb_error *inner)
{
	return fail_at(r, v->line, v->column, "%s", inner->message);
}

/*
 * A path the spec names, by the one rule for them all (mb_spec_path):
 * inside the spec's folder once links are followed, else refused at v.
 */
static enum mb_status take_path(struct reader *r, const struct scalar *v,
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
static void did_you_mean(const char *word, const char *const *names, size_t count, char *buf,
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
static int take_name(struct reader *r, const struct scalar *v, const char *what,
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
static const struct mb_level *take_level(struct reader *r, const struct scalar *v,
					 const char *text)
{
	const char *names[16];
	size_t n = level_names(names, COUNT(names));
	struct scalar w = *v;
	int i;

	w.text = text;
	w.null = false;
	i = take_name(r, &w, "level", names, n);
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
static enum mb_status take_string(struct reader *r, const struct scalar *v, long max, char **out)
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
static enum mb_status take_word(struct reader *r, const struct scalar *v, const char *expect)
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
static enum mb_status take_plain_number(struct reader *r, const struct scalar *v,
					bool fraction, const char *expect)
{
	const char *why;

	if (take_word(r, v, fraction ? "a number" : "a whole number") != MB_OK)
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
static bool parse_u64(const char *s, uint64_t *out, bool *overflow)
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

static enum mb_status take_int(struct reader *r, const struct scalar *v, int min, int max,
			       int *out)
{
	const char *s = v->text;
	bool negative = *s == '-';
	bool overflow;
	uint64_t n;
	int64_t value;
	char expect[64];

	snprintf(expect, sizeof(expect), "a whole number (%d..%d)", min, max);
	if (take_plain_number(r, v, false, expect) != MB_OK)
		return MB_ERR_INPUT;
	if (negative)
		s++;
	if (!parse_u64(s, &n, &overflow))
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

static enum mb_status take_double(struct reader *r, const struct scalar *v, double min,
				  double max, double *out)
{
	char *end;
	double d;
	char expect[64];

	snprintf(expect, sizeof(expect), "a number (%g..%g)", min, max);
	if (take_plain_number(r, v, true, expect) != MB_OK)
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

static enum mb_status take_bool(struct reader *r, const struct scalar *v, bool *out)
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
			did_you_mean(v->text, words, COUNT(words), hint, sizeof(hint));
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

static enum mb_status take_colour(struct reader *r, const struct scalar *v, uint32_t *out)
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

/* ---- the keys ---- */

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
static enum mb_status refuse_emoji(struct reader *r, const struct scalar *v)
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
static enum mb_status take_line(struct reader *r, const struct scalar *v, long max, char **out)
{
	if (take_string(r, v, max, out) != MB_OK)
		return MB_ERR_INPUT;
	if (strpbrk(v->text, "\n\t"))
		return fail_at(r, v->line, v->column,
				"'%s' must be one line (no line breaks or tabs)", v->key);
	return refuse_emoji(r, v);
}

static enum mb_status set_title(struct reader *r, const struct scalar *v)
{
	return take_line(r, v, MB_SPEC_MAX_TITLE_CHARS, &r->spec->title);
}

static enum mb_status set_subtitle(struct reader *r, const struct scalar *v)
{
	return take_line(r, v, MB_SPEC_MAX_TITLE_CHARS, &r->spec->subtitle);
}

static enum mb_status set_author(struct reader *r, const struct scalar *v)
{
	return take_line(r, v, MB_SPEC_MAX_TITLE_CHARS, &r->spec->author);
}

static enum mb_status set_level(struct reader *r, const struct scalar *v)
{
	if (take_word(r, v, "a level") != MB_OK)
		return MB_ERR_INPUT;
	r->spec->level = take_level(r, v, v->text);
	return r->spec->level ? MB_OK : MB_ERR_INPUT;
}

static enum mb_status set_mazes(struct reader *r, const struct scalar *v)
{
	return take_int(r, v, 1, MB_SPEC_MAX_MAZES, &r->spec->mazes);
}

static enum mb_status set_trim(struct reader *r, const struct scalar *v)
{
	struct mb_error inner;

	if (take_word(r, v, "a trim size such as 8.5x11") != MB_OK)
		return MB_ERR_INPUT;
	mb_error_init(&inner);
	if (mb_kdp_parse_trim(v->text, &r->spec->trim, &inner) != MB_OK)
		return fail_with(r, v, &inner);
	return MB_OK;
}

static enum mb_status set_paper(struct reader *r, const struct scalar *v)
{
	struct mb_error inner;

	static const char *const papers[] = { "white", "cream" };
	int i;

	if (take_word(r, v, "white or cream") != MB_OK)
		return MB_ERR_INPUT;
	i = take_name(r, v, "paper", papers, COUNT(papers));
	if (i < 0)
		return MB_ERR_INPUT;
	mb_error_init(&inner);
	if (mb_kdp_parse_paper(papers[i], &r->spec->paper, &inner) != MB_OK)
		return fail_with(r, v, &inner);
	return MB_OK;
}

static enum mb_status set_bleed(struct reader *r, const struct scalar *v)
{
	return take_bool(r, v, &r->spec->bleed);
}

static enum mb_status set_one_sided(struct reader *r, const struct scalar *v)
{
	return take_bool(r, v, &r->spec->one_sided);
}

static enum mb_status set_seed(struct reader *r, const struct scalar *v)
{
	bool overflow;
	char expect[64];

	snprintf(expect, sizeof(expect), "a whole number (0..%" PRIu64 ")", UINT64_MAX);
	if (take_plain_number(r, v, false, expect) != MB_OK)
		return MB_ERR_INPUT;
	if (!parse_u64(v->text, &r->spec->seed, &overflow))
		return fail_at(r, v->line, v->column,
				"'%s' must be a whole number (0..%" PRIu64 "), not '%s'", v->key,
				UINT64_MAX, v->text);
	if (overflow)
		return fail_at(r, v->line, v->column,
				"'%s' is %s, out of range (valid: 0..%" PRIu64 ")", v->key,
				v->text, UINT64_MAX);
	return MB_OK;
}

/* auto or a generator's name, copied into *out */
static enum mb_status take_algorithm(struct reader *r, const struct scalar *v, char **out)
{
	const char *names[64] = { "auto" };
	size_t n = 1;
	int i;

	if (take_word(r, v, "auto or a generator's name") != MB_OK)
		return MB_ERR_INPUT;
	for (size_t g = 0; g < mb_generator_count && n < COUNT(names); g++)
		names[n++] = mb_generators[g]->name;
	i = take_name(r, v, "algorithm", names, n);
	if (i < 0)
		return MB_ERR_INPUT;
	free(*out);
	*out = xstrdup(names[i]);
	return MB_OK;
}

static enum mb_status set_algorithm(struct reader *r, const struct scalar *v)
{
	return take_algorithm(r, v, &r->spec->algorithm);
}

static enum mb_status set_start(struct reader *r, const struct scalar *v)
{
	struct mb_error inner;

	static const char *const starts[] = { "entrance", "random", "centre" };
	int i;

	if (take_word(r, v, "entrance, random or centre") != MB_OK)
		return MB_ERR_INPUT;
	i = take_name(r, v, "start", starts, COUNT(starts));
	if (i < 0)
		return MB_ERR_INPUT;
	mb_error_init(&inner);
	if (mb_start_parse(starts[i], &r->spec->start, &inner) != MB_OK)
		return fail_with(r, v, &inner);
	return MB_OK;
}

/*
 * A shape that is neither text "..." nor a picture file is a built-in
 * name: known here (in any capitals), with the nearest name on a typo.
 * *out is the name as the table spells it, or v's text. none is a
 * section's "no shape" when none_too.
 */
static enum mb_status take_shape_name(struct reader *r, const struct scalar *v, bool none_too,
				      const char **out)
{
	const char *names[64];
	size_t n = 0, len = strlen(v->text);
	char hint[640];
	int i;

	*out = v->text;
	if (!strncmp(v->text, "text ", 5))
		return MB_OK;
	if (len > 4 && (!strcmp(v->text + len - 4, ".svg") || !strcmp(v->text + len - 4, ".png"))) {
		char *path = NULL;
		enum mb_status st = take_path(r, v, MB_SPEC_PATH_SHAPE, &path);

		free(path);
		return st;
	}
	if (none_too)
		names[n++] = "none";
	for (size_t k = 0; k < mb_shape_builtin_count && n < COUNT(names); k++)
		names[n++] = mb_shape_builtin_names[k];
	i = mb_names_find(v->text, names, n);
	if (i >= 0) {
		*out = names[i];
		return MB_OK;
	}
	hint[0] = '\0';
	if (mb_names_nearest(v->text, names, n))
		snprintf(hint, sizeof(hint), "did you mean '%s'? ", mb_names_nearest(v->text, names, n));
	{
		char list[512];

		mb_names_list(names + none_too, n - none_too, list, sizeof(list));
		/* a picture's name in other capitals: the loader reads .svg and .png */
		if (len > 4 && (!strcasecmp(v->text + len - 4, ".svg") ||
				!strcasecmp(v->text + len - 4, ".png")))
			return fail_at(r, v->line, v->column,
					"'%s' is '%s': a picture file's name must end in .svg or "
					".png (in small letters): rename the file", v->key, v->text);
		return fail_at(r, v->line, v->column,
				"unknown shape '%s' in '%s' (%sbuilt in: %s%s; or a file ending "
				"in .svg or .png, or text \"LETTERS\")", v->text, v->key, hint, list,
				none_too ? "; or none" : "");
	}
}

static enum mb_status set_shape(struct reader *r, const struct scalar *v)
{
	struct mb_book_spec *s = r->spec;
	const char *name;

	if (v->null || v->len == 0)
		return fail_at(r, v->line, v->column, "'%s' must be %s, not empty", v->key,
				"a shape: a built-in name, a .svg or .png file, or text \"NAME\"");
	if (v->len > 200 || strchr(v->text, '\n'))
		return fail_at(r, v->line, v->column, "'%s' is too long for a shape", v->key);
	if (s->shape_count >= MB_SPEC_MAX_SHAPES)
		return fail_at(r, v->line, v->column, "'%s' lists more than %d shapes", v->key,
				MB_SPEC_MAX_SHAPES);
	if (take_shape_name(r, v, false, &name) != MB_OK)
		return MB_ERR_INPUT;
	s->shapes[s->shape_count++] = xstrdup(name);
	return MB_OK;
}

/*
 * entrance: and exit: in a book, top or bottom (START over the maze,
 * FINISH under it); a polar grid's gaps may also be left or right, and
 * its exit the centre: which kinds the book has is known only at the end
 * (check_gaps), so those three wait for it
 */
static enum mb_status take_side(struct reader *r, const struct scalar *v, char **out)
{
	static const char *const sides[] = { "top", "bottom", "left", "right", "centre" };
	char hint[64];
	int i;

	if (take_word(r, v, "top or bottom") != MB_OK)
		return MB_ERR_INPUT;
	i = mb_names_find(v->text, sides, COUNT(sides));
	if (i < 0) {
		did_you_mean(v->text, sides, COUNT(sides), hint, sizeof(hint));
		return fail_at(r, v->line, v->column,
				"'%s' must be top or bottom, not '%s'%s (START prints over the "
				"maze and FINISH under it; a polar grid's may also be left or "
				"right, and its exit centre)", v->key, v->text, hint);
	}
	free(*out);
	*out = xstrdup(sides[i]);
	return MB_OK;
}

static enum mb_status set_entrance(struct reader *r, const struct scalar *v)
{
	return take_side(r, v, &r->spec->entrance);
}

static enum mb_status set_exit(struct reader *r, const struct scalar *v)
{
	return take_side(r, v, &r->spec->exit_side);
}

static enum mb_status set_solutions(struct reader *r, const struct scalar *v)
{
	static const char *const valid[] = { "1", "2", "4", "6", "9" };

	if (take_plain_number(r, v, false, "1, 2, 4, 6 or 9") != MB_OK)
		return MB_ERR_INPUT;
	for (size_t i = 0; i < sizeof(valid) / sizeof(valid[0]); i++) {
		if (!v->null && !strcmp(v->text, valid[i])) {
			r->spec->solutions_per_page = valid[i][0] - '0';
			return MB_OK;
		}
	}
	return fail_at(r, v->line, v->column, "'%s' must be 1, 2, 4, 6 or 9, not '%s'", v->key,
			v->text);
}

/*
 * Where the folder may be (inside the spec's folder) is checked when it is
 * used (mb_spec_output_dir), not here: with -o on the command line the
 * spec's output does not matter.
 */
static enum mb_status set_output(struct reader *r, const struct scalar *v)
{
	if (take_string(r, v, MB_SPEC_MAX_TEXT_CHARS, &r->spec->output_dir) != MB_OK)
		return MB_ERR_INPUT;
	if (strpbrk(v->text, "\n\t"))
		return fail_at(r, v->line, v->column,
				"'%s' must be one line (no line breaks or tabs)", v->key);
	return MB_OK;
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
static enum mb_status take_grid(struct reader *r, const struct scalar *v, struct grid_value *out)
{
	const char *size;
	char word[16];
	size_t n;
	long a, b;
	int numbers, k;

	if (take_word(r, v, GRID_EXPECT) != MB_OK)
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

static enum mb_status set_grid(struct reader *r, const struct scalar *v)
{
	if (take_grid(r, v, &r->grid) != MB_OK)
		return MB_ERR_INPUT;
	r->grid_set = true;
	return MB_OK;
}

/* "grid_outline: rectangle|hexagon|triangle" into *out */
static enum mb_status take_outline(struct reader *r, const struct scalar *v,
				   enum mb_grid_outline *out)
{
	static const enum mb_grid_outline all[] = { MB_OUTLINE_RECTANGLE, MB_OUTLINE_HEXAGON,
						    MB_OUTLINE_TRIANGLE };

	const char *names[COUNT(all)];
	char hint[64];
	int i;

	if (take_word(r, v, "rectangle, hexagon or triangle") != MB_OK)
		return MB_ERR_INPUT;
	for (size_t k = 0; k < COUNT(all); k++)
		names[k] = mb_grid_outline_name(all[k]);
	i = mb_names_find(v->text, names, COUNT(names));
	if (i >= 0) {
		*out = all[i];
		return MB_OK;
	}
	did_you_mean(v->text, names, COUNT(names), hint, sizeof(hint));
	return fail_at(r, v->line, v->column,
			"'%s' must be rectangle, hexagon (hex grids) or triangle (delta grids), "
			"not '%s'%s", v->key, v->text, hint);
}

static enum mb_status set_grid_outline(struct reader *r, const struct scalar *v)
{
	return take_outline(r, v, &r->outline);
}

static enum mb_status set_min_route_ratio(struct reader *r, const struct scalar *v)
{
	r->ratio_set = true;
	return take_double(r, v, 1.0, 10.0, &r->filter.min_route_ratio);
}

static enum mb_status set_min_forks(struct reader *r, const struct scalar *v)
{
	r->forks_set = true;
	return take_int(r, v, 0, 10000, &r->filter.min_forks);
}

/* a font value naming a file rather than an installed font */
static bool names_a_file(const char *s)
{
	const char *dot = strrchr(s, '.');

	return strchr(s, '/') ||
	       (dot && (!strcasecmp(dot, ".ttf") || !strcasecmp(dot, ".otf") ||
			!strcasecmp(dot, ".ttc")));
}

/* font and font_bold: a fontconfig name, or a font file found beside the spec */
static enum mb_status take_font(struct reader *r, const struct scalar *v, char **name,
				char **resolved)
{
	const char *dot;
	char *path;
	struct stat st;

	if (take_string(r, v, MB_SPEC_MAX_TEXT_CHARS, name) != MB_OK)
		return MB_ERR_INPUT;
	free(*resolved);
	*resolved = NULL;
	if (!names_a_file(v->text))
		return MB_OK;
	dot = strrchr(v->text, '.');
	if (!dot || (strcasecmp(dot, ".ttf") && strcasecmp(dot, ".otf")))
		return fail_at(r, v->line, v->column,
				"'%s' file '%s' is not a TrueType (.ttf) or OpenType (.otf) file",
				v->key, v->text);
	if (take_path(r, v, MB_SPEC_PATH_FONT, &path) != MB_OK)
		return MB_ERR_INPUT;
	if (stat(path, &st) || access(path, R_OK)) {
		int e = errno;

		fail_at(r, v->line, v->column, "cannot read font '%s': %s", path, strerror(e));
		free(path);
		return MB_ERR_INPUT;
	}
	if (!S_ISREG(st.st_mode)) {
		fail_at(r, v->line, v->column, "font '%s' is not a file", path);
		free(path);
		return MB_ERR_INPUT;
	}
	*resolved = path;
	return MB_OK;
}

static enum mb_status set_font(struct reader *r, const struct scalar *v)
{
	return take_font(r, v, &r->spec->font, &r->spec->font_path);
}

static enum mb_status set_font_bold(struct reader *r, const struct scalar *v)
{
	return take_font(r, v, &r->spec->font_bold, &r->spec->font_bold_path);
}

static enum mb_status set_language(struct reader *r, const struct scalar *v)
{
	static const char *const valid[] = { "en", "de", "fr", "es" };
	/* the languages by name, in English and in their own words */
	static const struct {
		const char *word, *code;
	} words[] = {
		{ "english", "en" }, { "german", "de" }, { "deutsch", "de" }, { "french", "fr" },
		{ "francais", "fr" }, { "fran\u00e7ais", "fr" }, { "spanish", "es" },
		{ "espanol", "es" }, { "espa\u00f1ol", "es" }, { "castellano", "es" },
	};
	int i = v->null ? -1 : mb_names_find(v->text, valid, COUNT(valid));

	for (size_t k = 0; i < 0 && !v->null && k < COUNT(words); k++)
		if (!strcasecmp(v->text, words[k].word))
			return fail_at(r, v->line, v->column,
					"unknown language '%s' (did you mean '%s'? a language is "
					"its two-letter code; valid: en, de, fr, es)", v->text,
					words[k].code);
	if (i < 0)
		i = take_name(r, v, "language", valid, COUNT(valid));
	if (i < 0)
		return MB_ERR_INPUT;
	free(r->spec->language);
	r->spec->language = xstrdup(valid[i]);
	return MB_OK;
}

static enum mb_status set_year(struct reader *r, const struct scalar *v)
{
	return take_int(r, v, 1900, 2200, &r->spec->year);
}

static enum mb_status set_imprint(struct reader *r, const struct scalar *v)
{
	if (take_string(r, v, MB_SPEC_MAX_TEXT_CHARS, &r->spec->imprint) != MB_OK)
		return MB_ERR_INPUT;
	return refuse_emoji(r, v);
}

static enum mb_status set_isbn(struct reader *r, const struct scalar *v)
{
	const char *why;

	if (take_word(r, v, "an ISBN such as 978-1-234567-89-7") != MB_OK)
		return MB_ERR_INPUT;
	why = mb_isbn13(v->text, r->spec->isbn);
	if (why)
		return fail_at(r, v->line, v->column,
				"'%s' is not an ISBN: %s (KDP gives a free ISBN in the book's "
				"setup; leave 'isbn' out to print none)", v->text, why);
	return MB_OK;
}

static enum mb_status set_print_seed(struct reader *r, const struct scalar *v)
{
	return take_bool(r, v, &r->spec->print_seed);
}

static enum mb_status set_page_title(struct reader *r, const struct scalar *v)
{
	return take_bool(r, v, &r->spec->pages.title);
}

static enum mb_status set_page_belongs_to(struct reader *r, const struct scalar *v)
{
	return take_bool(r, v, &r->spec->pages.belongs_to);
}

static enum mb_status set_page_how_to_play(struct reader *r, const struct scalar *v)
{
	return take_bool(r, v, &r->spec->pages.how_to_play);
}

static enum mb_status set_page_contents(struct reader *r, const struct scalar *v)
{
	return take_bool(r, v, &r->spec->pages.contents);
}

static enum mb_status set_page_copyright(struct reader *r, const struct scalar *v)
{
	return take_bool(r, v, &r->spec->pages.copyright);
}

static enum mb_status set_page_section_pages(struct reader *r, const struct scalar *v)
{
	return take_bool(r, v, &r->spec->pages.section_pages);
}

static enum mb_status set_page_certificate(struct reader *r, const struct scalar *v)
{
	return take_bool(r, v, &r->spec->pages.certificate);
}

static enum mb_status set_copyright(struct reader *r, const struct scalar *v)
{
	if (take_string(r, v, MB_SPEC_MAX_TEXT_CHARS, &r->spec->copyright) != MB_OK)
		return MB_ERR_INPUT;
	return refuse_emoji(r, v);
}

static enum mb_status set_background(struct reader *r, const struct scalar *v)
{
	return take_colour(r, v, &r->spec->cover.background_rgb);
}

static enum mb_status set_text(struct reader *r, const struct scalar *v)
{
	return take_colour(r, v, &r->spec->cover.text_rgb);
}

/* a picture file beside the spec (its kind and size are judged when the cover is made) */
static enum mb_status take_picture(struct reader *r, const struct scalar *v, char **name,
				   char **resolved)
{
	char *path;
	struct stat st;

	if (take_string(r, v, MB_SPEC_MAX_TEXT_CHARS, name) != MB_OK)
		return MB_ERR_INPUT;
	free(*resolved);
	*resolved = NULL;
	if (take_path(r, v, MB_SPEC_PATH_PICTURE, &path) != MB_OK)
		return MB_ERR_INPUT;
	if (stat(path, &st) || access(path, R_OK)) {
		int e = errno;

		fail_at(r, v->line, v->column, "cannot read picture '%s': %s", path, strerror(e));
		free(path);
		return MB_ERR_INPUT;
	}
	if (!S_ISREG(st.st_mode)) {
		fail_at(r, v->line, v->column, "picture '%s' is not a file", path);
		free(path);
		return MB_ERR_INPUT;
	}
	*resolved = path;
	return MB_OK;
}

static enum mb_status set_image(struct reader *r, const struct scalar *v)
{
	return take_picture(r, v, &r->spec->cover.image, &r->spec->cover.image_path);
}

static enum mb_status set_logo(struct reader *r, const struct scalar *v)
{
	return take_picture(r, v, &r->spec->cover.logo, &r->spec->cover.logo_path);
}

static enum mb_status set_image_fit(struct reader *r, const struct scalar *v)
{
	static const char *const fits[] = { "fill", "fit" };
	int i = v->null ? -1 : mb_names_find(v->text, fits, COUNT(fits));
	char hint[64] = "";

	if (i >= 0) {
		r->spec->cover.image_fit_inside = i == 1;
		return MB_OK;
	}
	if (!v->null)
		did_you_mean(v->text, fits, COUNT(fits), hint, sizeof(hint));
	return fail_at(r, v->line, v->column,
			"'%s' must be fill (the card, cropped) or fit (the whole picture), not "
			"'%s'%s", v->key, v->null ? "" : v->text, hint);
}

static enum mb_status set_theme(struct reader *r, const struct scalar *v)
{
	const char *names[32];
	size_t n = 0;
	int i;

	if (take_word(r, v, "a theme name") != MB_OK)
		return MB_ERR_INPUT;
	for (; n < mb_cover_theme_count && n < COUNT(names); n++)
		names[n] = mb_cover_themes[n].name;
	i = take_name(r, v, "cover theme", names, n);
	if (i < 0)
		return MB_ERR_INPUT;
	r->spec->cover.theme = mb_cover_theme_find(names[i])->name;
	return MB_OK;
}

static enum mb_status set_back(struct reader *r, const struct scalar *v)
{
	if (take_string(r, v, MB_SPEC_MAX_TEXT_CHARS, &r->spec->cover.back) != MB_OK)
		return MB_ERR_INPUT;
	return refuse_emoji(r, v);
}

/* paperback or hardcover (in any capitals) into *out; words people use for them are pointed at */
static enum mb_status take_binding(struct reader *r, const struct scalar *v, enum mb_binding *out)
{
	static const char *const bindings[] = { "paperback", "hardcover" };
	static const struct {
		const char *word, *name;
	} words[] = {
		{ "hardback", "hardcover" }, { "hard", "hardcover" }, { "hardbound", "hardcover" },
		{ "softcover", "paperback" }, { "softback", "paperback" }, { "soft", "paperback" },
		{ "paper", "paperback" },
	};
	struct mb_error inner;
	char list[64];
	int i;

	if (take_word(r, v, "paperback or hardcover") != MB_OK)
		return MB_ERR_INPUT;
	i = mb_names_find(v->text, bindings, COUNT(bindings));
	if (i < 0) {
		for (size_t k = 0; k < COUNT(words); k++) {
			if (strcasecmp(v->text, words[k].word))
				continue;
			mb_names_list(bindings, COUNT(bindings), list, sizeof(list));
			return fail_at(r, v->line, v->column,
					"unknown binding '%s' (did you mean '%s'? valid: %s)",
					v->text, words[k].name, list);
		}
		return take_name(r, v, "binding", bindings, COUNT(bindings)) < 0 ? MB_ERR_INPUT
										   : MB_OK;
	}
	mb_error_init(&inner);
	if (mb_kdp_parse_binding(bindings[i], out, &inner) != MB_OK)
		return fail_with(r, v, &inner);
	return MB_OK;
}

static enum mb_status set_binding(struct reader *r, const struct scalar *v)
{
	if (take_binding(r, v, &r->spec->binding) != MB_OK)
		return MB_ERR_INPUT;
	r->binding_set = true;
	return MB_OK;
}

static enum mb_status set_ink(struct reader *r, const struct scalar *v)
{
	struct mb_error inner;

	static const char *const inks[] = { "black", "standard-colour", "premium-colour" };
	int i;

	if (take_word(r, v, "black, standard-colour or premium-colour") != MB_OK)
		return MB_ERR_INPUT;
	i = mb_names_find(v->text, inks, COUNT(inks));
	mb_error_init(&inner);
	/* the American spelling: the core says which one we take */
	if (i < 0 && mb_kdp_parse_ink(v->text, &r->spec->ink, &inner) != MB_OK &&
	    strstr(inner.message, "(write "))
		return fail_with(r, v, &inner);
	if (i < 0)
		return take_name(r, v, "ink", inks, COUNT(inks)) < 0 ? MB_ERR_INPUT : MB_OK;
	if (mb_kdp_parse_ink(inks[i], &r->spec->ink, &inner) != MB_OK)
		return fail_with(r, v, &inner);
	return MB_OK;
}

static enum mb_status set_edition(struct reader *r, const struct scalar *v)
{
	struct mb_book_spec *s = r->spec;
	enum mb_binding b;

	if (take_binding(r, v, &b) != MB_OK)
		return MB_ERR_INPUT;
	for (int i = 0; i < s->edition_count; i++)
		if (s->editions[i] == b)
			return fail_at(r, v->line, v->column, "'%s' lists %s twice", v->key,
					mb_kdp_binding_name(b));
	if (s->edition_count >= MB_BINDING_COUNT)	/* two kinds, no repeats: cannot happen */
		return fail_at(r, v->line, v->column, "'%s' has too many editions", v->key);
	s->editions[s->edition_count++] = b;
	return MB_OK;
}

static enum mb_status take_price(struct reader *r, const struct scalar *v, long *cents)
{
	struct mb_error inner;
	double max = mb_cost_marketplaces[0].max_list_price;

	if (take_word(r, v, "a list price such as 9.99") != MB_OK)
		return MB_ERR_INPUT;
	mb_error_init(&inner);
	if (mb_cost_parse_price(v->text, (long)(max * 100 + 0.5), cents, &inner) != MB_OK)
		return fail_with(r, v, &inner);
	return MB_OK;
}

/* price: 9.99, the one edition's */
static enum mb_status set_price(struct reader *r, const struct scalar *v)
{
	r->price_scalar_set = true;
	return take_price(r, v, &r->price_scalar_cents);
}

static enum mb_status set_price_paperback(struct reader *r, const struct scalar *v)
{
	return take_price(r, v, &r->spec->price_cents[MB_BINDING_PAPERBACK]);
}

static enum mb_status set_price_hardcover(struct reader *r, const struct scalar *v)
{
	return take_price(r, v, &r->spec->price_cents[MB_BINDING_HARDCOVER]);
}

/*
 * Palette colours are drawn over white and must never read as a wall:
 * mazeproof takes solid black lines for walls, so a near-black route
 * would be taken for one.
 */
static enum mb_status take_palette(struct reader *r, const struct scalar *v, uint32_t *out)
{
	uint32_t rgb;

	r->palette_set = true;
	if (take_colour(r, v, &rgb) != MB_OK)
		return MB_ERR_INPUT;
	if (((rgb >> 16) & 0xff) < 0x40 && ((rgb >> 8) & 0xff) < 0x40 && (rgb & 0xff) < 0x40)
		return fail_at(r, v->line, v->column,
				"'%s' is too dark: '%s' would print like the black walls (use a "
				"colour with a channel of at least #40)",
				v->key, v->text);
	if (((rgb >> 16) & 0xff) > 0xe0 && ((rgb >> 8) & 0xff) > 0xe0 && (rgb & 0xff) > 0xe0)
		return fail_at(r, v->line, v->column,
				"'%s' is too light: '%s' would hardly show on white paper", v->key,
				v->text);
	*out = rgb;
	return MB_OK;
}

static enum mb_status set_palette_start(struct reader *r, const struct scalar *v)
{
	return take_palette(r, v, &r->spec->palette.start_rgb);
}

static enum mb_status set_palette_finish(struct reader *r, const struct scalar *v)
{
	return take_palette(r, v, &r->spec->palette.finish_rgb);
}

static enum mb_status set_palette_route(struct reader *r, const struct scalar *v)
{
	return take_palette(r, v, &r->spec->palette.route_rgb);
}

/* the catalogue's name for the book: letters, digits, '.', '_' and '-' (it goes in messages and commands) */
static enum mb_status set_book_id(struct reader *r, const struct scalar *v)
{
	if (take_word(r, v, "a book id such as my-book-1") != MB_OK)
		return MB_ERR_INPUT;
	if (v->len > MB_SPEC_MAX_BOOK_ID || strspn(v->text, "abcdefghijklmnopqrstuvwxyz"
						   "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") != v->len)
		return fail_at(r, v->line, v->column,
				"'%s' must be 1 to %d letters, digits, '.', '_' or '-', not '%s'",
				v->key, MB_SPEC_MAX_BOOK_ID, v->text);
	free(r->spec->book_id);
	r->spec->book_id = xstrdup(v->text);
	return MB_OK;
}

/*
 * A network catalogue in a libpq form: a URL (any scheme, "postgres://",
 * "file:"), or a "keyword=value" connection string ("host=x dbname=y").
 */
static bool names_a_network_catalogue(const char *text)
{
	size_t scheme = strspn(text, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
				     "0123456789+.-");
	size_t word;

	if (scheme >= 2 && text[scheme] == ':' && strchr("abcdefghijklmnopqrstuvwxyz"
							 "ABCDEFGHIJKLMNOPQRSTUVWXYZ", text[0]))
		return true;
	text += strspn(text, " ");
	word = strspn(text, "abcdefghijklmnopqrstuvwxyz_");
	return word && text[word + strspn(text + word, " ")] == '=';
}

/*
 * A spec names only a catalogue file inside its own folder, or none: a
 * network one (which would send the book's names, and any password
 * libpq finds, to a host the spec chose) comes from $MAZEBOOK_CATALOGUE
 * or --catalogue only.
 */
static enum mb_status set_catalogue(struct reader *r, const struct scalar *v)
{
	char *path = NULL;

	if (take_string(r, v, MB_SPEC_MAX_TEXT_CHARS, &r->spec->catalogue) != MB_OK)
		return MB_ERR_INPUT;
	if (strpbrk(v->text, "\n\t"))
		return fail_at(r, v->line, v->column,
				"'%s' must be one line: a file in the spec's folder, or none", v->key);
	if (!strcmp(v->text, "none"))
		return MB_OK;
	if (names_a_network_catalogue(v->text))
		return fail_at(r, v->line, v->column,
				"'%s' names a network catalogue: a spec may name only a catalogue "
				"file inside its own folder, or none (a spec must not choose where "
				"the book's names go); for a shared one set MAZEBOOK_CATALOGUE="
				"postgres://HOST/DB or give --catalogue postgres://HOST/DB on the "
				"command line", v->key);
	if (take_path(r, v, MB_SPEC_PATH_CATALOGUE, &path) != MB_OK)
		return MB_ERR_INPUT;
	free(path);
	return MB_OK;
}

static enum mb_status set_series_volumes(struct reader *r, const struct scalar *v)
{
	return take_int(r, v, 1, MB_SPEC_MAX_VOLUMES, &r->spec->series.volumes);
}

static enum mb_status set_series_title(struct reader *r, const struct scalar *v)
{
	if (take_line(r, v, MB_SPEC_MAX_TITLE_CHARS, &r->spec->series.title) != MB_OK)
		return MB_ERR_INPUT;
	if (!strstr(v->text, "{n}"))
		return fail_at(r, v->line, v->column,
				"'%s' must hold {n} for the volume's number (e.g. \"Amazing Mazes "
				"Vol. {n}\"), or every volume would have one title", v->key);
	return MB_OK;
}

/* ---- sections ---- */

static struct mb_section_spec *section_of(struct reader *r)
{
	return &r->spec->sections[r->section];
}

static enum mb_status set_order(struct reader *r, const struct scalar *v)
{
	static const char *const orders[] = { "ramp", "as-generated" };
	char hint[64];
	int i;

	if (take_word(r, v, "ramp or as-generated") != MB_OK)
		return MB_ERR_INPUT;
	i = mb_names_find(v->text, orders, COUNT(orders));
	if (i >= 0) {
		r->spec->order_ramp = i == 0;
		return MB_OK;
	}
	did_you_mean(v->text, orders, COUNT(orders), hint, sizeof(hint));
	return fail_at(r, v->line, v->column,
			"'%s' must be ramp (each section's mazes from easiest to hardest) or "
			"as-generated, not '%s'%s", v->key, v->text, hint);
}

static enum mb_status set_section_title(struct reader *r, const struct scalar *v)
{
	return take_line(r, v, MB_SPEC_MAX_TITLE_CHARS, &section_of(r)->title);
}

static enum mb_status set_section_description(struct reader *r, const struct scalar *v)
{
	return take_line(r, v, MB_SPEC_MAX_TITLE_CHARS, &section_of(r)->description);
}

/* a level name, copied into *out as the table spells it */
static enum mb_status take_level_name(struct reader *r, const struct scalar *v, char **out)
{
	const struct mb_level *level;

	if (take_word(r, v, "a level") != MB_OK)
		return MB_ERR_INPUT;
	level = take_level(r, v, v->text);
	if (!level)
		return MB_ERR_INPUT;
	free(*out);
	*out = xstrdup(level->name);
	return MB_OK;
}

static enum mb_status set_section_level(struct reader *r, const struct scalar *v)
{
	return take_level_name(r, v, &section_of(r)->level);
}

static enum mb_status set_section_mazes(struct reader *r, const struct scalar *v)
{
	return take_int(r, v, 1, MB_SPEC_MAX_MAZES, &section_of(r)->mazes);
}

static enum mb_status set_section_grid(struct reader *r, const struct scalar *v)
{
	struct grid_value *g = &r->sec_grid[r->section];

	if (take_grid(r, v, g) != MB_OK)
		return MB_ERR_INPUT;
	/* a square size given is the section's grid, as "grid: WxH" always was */
	if (g->kind == MB_GRID_RECT && g->numbers == 2) {
		section_of(r)->grid_w = g->a;
		section_of(r)->grid_h = g->b;
	}
	return MB_OK;
}

static enum mb_status set_section_outline(struct reader *r, const struct scalar *v)
{
	return take_outline(r, v, &r->sec_outline[r->section]);
}

static enum mb_status set_section_algorithm(struct reader *r, const struct scalar *v)
{
	return take_algorithm(r, v, &section_of(r)->algorithm);
}

static enum mb_status set_section_shape(struct reader *r, const struct scalar *v)
{
	struct mb_section_spec *sec = section_of(r);
	const char *name;

	if (v->null || v->len == 0)
		return fail_at(r, v->line, v->column, "'%s' must be %s, not empty", v->key,
				"a shape: a built-in name, a .svg or .png file, text \"NAME\", or "
				"none");
	if (sec->shape)
		return fail_at(r, v->line, v->column,
				"'%s' takes one shape, not a list (a section's mazes all have "
				"its shape; make a section per shape)", v->key);
	if (v->len > 200 || strchr(v->text, '\n'))
		return fail_at(r, v->line, v->column, "'%s' is too long for a shape", v->key);
	if (take_shape_name(r, v, true, &name) != MB_OK)
		return MB_ERR_INPUT;
	sec->shape = xstrdup(name);
	return MB_OK;
}

static enum mb_status set_section_ratio(struct reader *r, const struct scalar *v)
{
	r->sec_ratio_set[r->section] = true;
	return take_double(r, v, 1.0, 10.0, &r->sec_filter[r->section].min_route_ratio);
}

static enum mb_status set_section_forks(struct reader *r, const struct scalar *v)
{
	r->sec_forks_set[r->section] = true;
	return take_int(r, v, 0, 10000, &r->sec_filter[r->section].min_forks);
}

/* "ramp: easy..hard": two levels, easiest first */
static enum mb_status set_section_ramp(struct reader *r, const struct scalar *v)
{
	struct mb_section_spec *sec = section_of(r);
	const struct mb_level *from, *to = NULL;
	const char *dots;
	char first[65];

	if (take_word(r, v, "two levels such as easy..hard") != MB_OK)
		return MB_ERR_INPUT;
	dots = strstr(v->text, "..");
	if (!dots || dots == v->text || !dots[2] || (size_t)(dots - v->text) >= sizeof(first))
		return fail_at(r, v->line, v->column,
				"'%s' must be two levels such as easy..hard (from the first to "
				"the second, step by step), not '%s'", v->key, v->text);
	snprintf(first, sizeof(first), "%.*s", (int)(dots - v->text), v->text);
	from = take_level(r, v, first);
	if (from)
		to = take_level(r, v, dots + 2);
	if (!from || !to) {
		char msg[MB_ERROR_MESSAGE_MAX];

		snprintf(msg, sizeof(msg), "%s", r->err->message);
		mb_error_init(r->err);
		return fail_at(r, v->line, v->column, "'%s': %s", v->key, msg);
	}
	if (from == to)
		return fail_at(r, v->line, v->column,
				"'%s' is %s: a ramp goes from one level to a harder one (for one "
				"level write 'level: %s')", v->key, v->text, from->name);
	if (from > to)
		return fail_at(r, v->line, v->column,
				"'%s' is %s, which runs backwards: %s is harder than %s; write "
				"%s..%s (a ramp goes from easy to hard)", v->key, v->text, from->name, to->name,
				to->name, from->name);
	free(sec->ramp_from);
	free(sec->ramp_to);
	sec->ramp_from = xstrdup(from->name);
	sec->ramp_to = xstrdup(to->name);
	return MB_OK;
}

static const struct key section_keys[] = {
	{ "title", "a string", set_section_title, NULL, 0 },
	{ "description", "a string", set_section_description, NULL, 0 },
	{ "level", "a level name", set_section_level, NULL, 0 },
	{ "mazes", "a whole number", set_section_mazes, NULL, 0 },
	{ "grid", "a grid kind (square, polar, hex, delta) or WIDTHxHEIGHT such as 20x24",
	  set_section_grid, NULL, 0 },
	{ "grid_outline", "rectangle, hexagon or triangle", set_section_outline, NULL, 0 },
	{ "algorithm", "auto or a generator's name", set_section_algorithm, NULL, 0 },
	{ "shape", "a shape", set_section_shape, NULL, 0 },
	{ "min_route_ratio", "a number", set_section_ratio, NULL, 0 },
	{ "min_forks", "a whole number", set_section_forks, NULL, 0 },
	{ "ramp", "two levels such as easy..hard", set_section_ramp, NULL, 0 },
};

static const struct key series_keys[] = {
	{ "volumes", "a whole number (1..100)", set_series_volumes, NULL, 0 },
	{ "title", "a title with {n}", set_series_title, NULL, 0 },
};

static const struct key price_keys[] = {
	{ "paperback", "a list price such as 9.99", set_price_paperback, NULL, 0 },
	{ "hardcover", "a list price such as 24.99", set_price_hardcover, NULL, 0 },
};

static const struct key palette_keys[] = {
	{ "start", "a colour", set_palette_start, NULL, 0 },
	{ "finish", "a colour", set_palette_finish, NULL, 0 },
	{ "route", "a colour", set_palette_route, NULL, 0 },
};

/* the pages around the mazes (issue 14), in the order they print */
static const struct key page_keys[] = {
	{ "title", "true or false", set_page_title, NULL, 0 },
	{ "copyright", "true or false", set_page_copyright, NULL, 0 },
	{ "belongs_to", "true or false", set_page_belongs_to, NULL, 0 },
	{ "how_to_play", "true or false", set_page_how_to_play, NULL, 0 },
	{ "contents", "true or false", set_page_contents, NULL, 0 },
	{ "section_pages", "true or false", set_page_section_pages, NULL, 0 },
	{ "certificate", "true or false", set_page_certificate, NULL, 0 },
};

static const struct key cover_keys[] = {
	{ "background", "a colour", set_background, NULL, 0 },
	{ "text", "a colour", set_text, NULL, 0 },
	{ "back", "a string", set_back, NULL, 0 },
	{ "theme", "a theme name", set_theme, NULL, 0 },
	{ "image", "a PNG or JPEG file", set_image, NULL, 0 },
	{ "image_fit", "fill or fit", set_image_fit, NULL, 0 },
	{ "logo", "a PNG or JPEG file", set_logo, NULL, 0 },
};

/* in the order the starter spec explains them */
static const struct key top_keys[] = {
	{ "title", "a string", set_title, NULL, 0 },
	{ "subtitle", "a string", set_subtitle, NULL, 0 },
	{ "author", "a string", set_author, NULL, 0 },
	{ "level", "a level name", set_level, NULL, 0 },
	{ "mazes", "a whole number", set_mazes, NULL, 0 },
	{ "trim", "a trim size such as 8.5x11", set_trim, NULL, 0 },
	{ "paper", "white or cream", set_paper, NULL, 0 },
	{ "bleed", "true or false", set_bleed, NULL, 0 },
	{ "seed", "a whole number", set_seed, NULL, 0 },
	{ "algorithm", "auto or a generator's name", set_algorithm, NULL, 0 },
	{ "start", "entrance, random or centre", set_start, NULL, 0 },
	{ "shape", "a shape or a list of shapes", set_shape, NULL, 0 },
	{ "entrance", "top or bottom (polar: also left or right)", set_entrance, NULL, 0 },
	{ "exit", "top or bottom (polar: also left, right or centre)", set_exit, NULL, 0 },
	{ "solutions", "1, 2, 4, 6 or 9", set_solutions, NULL, 0 },
	{ "output", "a folder name", set_output, NULL, 0 },
	{ "language", "en, de, fr or es", set_language, NULL, 0 },
	{ "one_sided", "true or false", set_one_sided, NULL, 0 },
	{ "copyright", "a string", set_copyright, NULL, 0 },
	{ "year", "a year such as 2026", set_year, NULL, 0 },
	{ "imprint", "a string", set_imprint, NULL, 0 },
	{ "isbn", "an ISBN such as 978-1-234567-89-7", set_isbn, NULL, 0 },
	{ "print_seed", "true or false", set_print_seed, NULL, 0 },
	{ "font", "a .ttf or .otf file or a font name", set_font, NULL, 0 },
	{ "font_bold", "the bold face: a .ttf or .otf file or a font name", set_font_bold, NULL,
	  0 },
	{ "grid", "a grid kind (square, polar, hex, delta) or WIDTHxHEIGHT such as 20x24",
	  set_grid, NULL, 0 },
	{ "grid_outline", "rectangle, hexagon or triangle", set_grid_outline, NULL, 0 },
	{ "min_route_ratio", "a number", set_min_route_ratio, NULL, 0 },
	{ "min_forks", "a whole number", set_min_forks, NULL, 0 },
	{ "cover", "a mapping of background, text and back", NULL, cover_keys,
	  COUNT(cover_keys) },
	{ "binding", "paperback or hardcover", set_binding, NULL, 0 },
	{ "editions", "a list such as [paperback, hardcover]", set_edition, NULL, 0 },
	{ "ink", "black, standard-colour or premium-colour", set_ink, NULL, 0 },
	{ "palette", "a mapping of start, finish and route colours", NULL, palette_keys,
	  COUNT(palette_keys) },
	{ "price", "a list price such as 9.99, or one per edition (paperback, hardcover)",
	  set_price, price_keys, COUNT(price_keys) },
	{ "book_id", "a book id such as my-book-1", set_book_id, NULL, 0 },
	{ "catalogue", "a file in the spec's folder, or none", set_catalogue, NULL, 0 },
	{ "series", "a mapping of volumes and title", NULL, series_keys, COUNT(series_keys) },
	{ "pages", "a mapping of title, copyright, belongs_to, how_to_play, contents, "
		   "section_pages and certificate (each true or false)",
	  NULL, page_keys, COUNT(page_keys) },
	{ "sections", "a list of sections, each a mapping such as '- title: Warm-up'", NULL,
	  section_keys, COUNT(section_keys) },
	{ "order", "ramp or as-generated", set_order, NULL, 0 },
};

#define MAX_KEYS COUNT(top_keys)
_Static_assert(COUNT(top_keys) + COUNT(cover_keys) + COUNT(price_keys) + COUNT(palette_keys) +
		       COUNT(series_keys) + COUNT(page_keys) +
		       MB_SPEC_MAX_SECTIONS * (1 + COUNT(section_keys)) <=
		       MB_SPEC_MAX_PLACES,
	       "struct mb_book_spec has a place for every key");

/* ---- key suggestions ---- */

/* the names of a key table, for the names helper */
static size_t key_names(const struct key *keys, size_t count, const char **out, size_t size)
{
	size_t n = 0;

	for (; n < count && n < size; n++)
		out[n] = keys[n].name;
	return n;
}

/* Is name a key of keys? */
static bool has_key(const struct key *keys, size_t count, const char *name)
{
	for (size_t i = 0; i < count; i++)
		if (!strcmp(keys[i].name, name))
			return true;
	return false;
}

/*
 * A key that is not one of its mapping's but is one of another's: written
 * at the wrong indentation. Says where it belongs ("cover.back", or "the
 * top level") into where, and how to move it into how; false when no
 * other mapping has it.
 */
static bool misplaced_key(const char *parent, const char *name, char *where, size_t where_size,
			  char *how, size_t how_size)
{
	bool in_section = parent && !strncmp(parent, "sections.", 9);

	if (parent && has_key(top_keys, COUNT(top_keys), name)) {
		snprintf(where, where_size, "'%s' is a key of the book, not of '%s'", name,
			 parent);
		snprintf(how, how_size,
			 "start it at column 1, like the other top-level keys, not indented under "
			 "'%s:'", in_section ? "sections" : parent);
		return true;
	}
	for (size_t i = 0; i < COUNT(top_keys); i++) {
		const struct key *t = &top_keys[i];

		if (!t->sub || !has_key(t->sub, t->sub_count, name) ||
		    (parent && !strcmp(parent, t->name)) || (in_section && t->sub == section_keys))
			continue;
		if (t->sub == section_keys) {
			snprintf(where, where_size, "did you mean sections.N.%s?", name);
			snprintf(how, how_size,
				 "indent it under a section's '- title:' in 'sections:', in line "
				 "with that section's other keys");
		} else {
			snprintf(where, where_size, "did you mean %s.%s?", t->name, name);
			snprintf(how, how_size, "indent it under '%s:', in line with %s's other keys",
				 t->name, t->name);
		}
		return true;
	}
	return false;
}

static enum mb_status unknown_key(struct reader *r, const struct key *keys, size_t count,
				  const char *parent, const char *name, yaml_mark_t m)
{
	char in[64] = "", hint[640], where[160], how[200];
	const char *names[MAX_KEYS];
	size_t n = key_names(keys, count, names, COUNT(names));

	if (parent)
		snprintf(in, sizeof(in), " in '%s'", parent);
	/* a key of another mapping, at the wrong indentation */
	if (misplaced_key(parent, name, where, sizeof(where), how, sizeof(how))) {
		if (parent && has_key(top_keys, COUNT(top_keys), name))
			return fail_at(r, line_of(m), column_of(m), "unknown key '%s'%s: %s; %s",
					name, in, where, how);
		return fail_at(r, line_of(m), column_of(m), "unknown key '%s'%s (%s %s)", name,
				in, where, how);
	}
	/* a typo is a few edits away; further than that, list the keys */
	if (mb_names_nearest(name, names, n))
		return fail_at(r, line_of(m), column_of(m), "unknown key '%s'%s (did you mean '%s'?)",
				name, in, mb_names_nearest(name, names, n));
	mb_names_hint(name, names, n, hint, sizeof(hint));
	return fail_at(r, line_of(m), column_of(m), "unknown key '%s'%s (%s)", name, in, hint);
}

/* ---- events ---- */

/* ---- libyaml's errors in plain words ---- */

/*
 * A text and where its lines start, found once (lines_index): an error's
 * words look back and forth over many lines, and a spec may have half a
 * million of them. Without the index a line is found by counting.
 */
struct lines {
	const char *text;
	size_t len;
	size_t *start;
	int count;
};

static struct lines lines_of(const char *text, size_t len)
{
	return (struct lines){ text, len, NULL, 0 };
}

static void lines_index(struct lines *ls)
{
	size_t n = 1;

	for (size_t i = 0; i < ls->len; i++)
		n += ls->text[i] == '\n';
	ls->start = xreallocarray(NULL, n, sizeof(*ls->start));
	ls->start[0] = 0;
	ls->count = 1;
	for (size_t i = 0; i < ls->len; i++)
		if (ls->text[i] == '\n')
			ls->start[ls->count++] = i + 1;
}

/* line (1-based) of the text: its start and length without the newline */
static const char *line_text(const struct lines *ls, int line, size_t *line_len)
{
	const char *text = ls->text, *p = text, *end = text + ls->len, *nl;

	if (ls->start) {
		if (line < 1 || line > ls->count)
			return NULL;
		p = text + ls->start[line - 1];
		line = 1;
	}
	for (int l = 1; l < line && p < end; l++) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			return NULL;
		p = nl + 1;
	}
	if (p > end)
		return NULL;
	nl = memchr(p, '\n', (size_t)(end - p));
	*line_len = (size_t)((nl ? nl : end) - p);
	if (*line_len && p[*line_len - 1] == '\r')
		(*line_len)--;
	return p;
}

/* the byte offset in a line of its column-th character (1-based) */
static size_t byte_of_column(const char *s, size_t n, int column)
{
	size_t i = 0;

	for (int c = 1; c < column && i < n; c++) {
		i++;
		while (i < n && ((unsigned char)s[i] & 0xc0) == 0x80)
			i++;
	}
	return i;
}

/* A "key: value" line: its indentation, the key and where the value starts. */
struct key_line {
	size_t indent, key_len, colon, value;	/* byte offsets in the line */
	bool is_key;
};

static struct key_line read_key_line(const char *s, size_t n)
{
	struct key_line k = { 0 };

	while (k.indent < n && s[k.indent] == ' ')
		k.indent++;
	for (size_t i = k.indent; i < n; i++) {
		if (s[i] == ':' && (i + 1 == n || s[i + 1] == ' ' || s[i + 1] == '\t')) {
			k.is_key = i > k.indent && s[k.indent] != '-' && s[k.indent] != '"' &&
				   s[k.indent] != '\'';
			k.key_len = i - k.indent;
			k.colon = i;
			k.value = i + 1;
			while (k.value < n && (s[k.value] == ' ' || s[k.value] == '\t'))
				k.value++;
			break;
		}
	}
	return k;
}

/* value (n bytes) as it would read inside double quotes, shortened for a message */
static void quote_for_message(const char *value, size_t n, char *out, size_t size)
{
	size_t o = 0;

	while (n && (value[n - 1] == ' ' || value[n - 1] == '\t'))
		n--;
	for (size_t i = 0; i < n && o + 6 < size; i++) {
		/* as it reads in double quotes: a line break is \n there */
		if (value[i] == '"' || value[i] == '\\' || value[i] == '\n' || value[i] == '\t')
			out[o++] = '\\';
		out[o++] = value[i] == '\n' ? 'n' : value[i] == '\t' ? 't' : value[i];
		if (o > 60 && i + 1 < n) {
			memcpy(out + o, "...", 3);
			o += 3;
			break;
		}
	}
	out[o] = '\0';
}

/* Is line l (n bytes) blank or only a comment? */
static bool blank_line(const char *l, size_t n)
{
	size_t i = 0;

	while (i < n && (l[i] == ' ' || l[i] == '\t'))
		i++;
	return i == n || l[i] == '#';
}

/*
 * Where a value quoted with text[open] ends: the number of lines it runs
 * past its own, and in *clean whether the line goes on, after the closing
 * quote, as a value's end does (nothing, a comment, ',', ']', '}' or ':').
 * -1 when it never closes.
 */
static int quote_runs(const char *text, size_t len, size_t open, bool *clean)
{
	char q = text[open];
	int lines = 0;
	size_t i = open + 1, space;

	*clean = false;
	for (; i < len; i++) {
		if (text[i] == '\n')
			lines++;
		else if (q == '"' && text[i] == '\\')
			i++;
		else if (q == '\'' && text[i] == '\'' && i + 1 < len && text[i + 1] == '\'')
			i++;
		else if (text[i] == q)
			break;
	}
	if (i >= len)
		return -1;
	for (space = ++i; i < len && (text[i] == ' ' || text[i] == '\t'); i++)
		;
	/* a comment after a space; a quoted key's ':' before one */
	*clean = i >= len || strchr("\r\n,]}", text[i]) || (text[i] == '#' && i > space) ||
		 (text[i] == ':' && (i + 1 == len || strchr(" \t\r\n", text[i + 1])));
	return lines;
}

/* the first offset of a line's value: past its indentation, '- ' items and 'key: ' */
static size_t value_start(const char *l, size_t n, size_t *indent)
{
	size_t i = 0;
	struct key_line k;

	while (i < n && l[i] == ' ')
		i++;
	*indent = i;
	while (i + 1 < n && l[i] == '-' && (l[i + 1] == ' ' || l[i + 1] == '\t'))
		for (i++; i < n && (l[i] == ' ' || l[i] == '\t'); i++)
			;
	k = read_key_line(l + i, n - i);
	if (k.is_key && k.indent == 0)
		i += k.value;
	return i;
}

/*
 * The first quoted value of text, up to line last, whose quote is never
 * closed, or is closed only on a later line where the text goes on after
 * it (the next value's opening quote taken for its end): its line and
 * column, its quote mark and the line it runs to. Block scalars (| and >)
 * and values quoted over lines that end cleanly are passed over.
 */
static bool unclosed_quote(const struct lines *ls, int last, int *line, int *column,
			   char *quote, int *runs_to)
{
	const char *text = ls->text;
	size_t len = ls->len;
	size_t block = (size_t)-1;	/* the indentation a block scalar's text is deeper than */
	const char *l;
	size_t n;

	for (int at = 1; at <= last && (l = line_text(ls, at, &n)); at++) {
		size_t indent, v;
		bool clean;
		int runs;

		if (blank_line(l, n))
			continue;
		v = value_start(l, n, &indent);
		if (block != (size_t)-1 && indent > block)
			continue;
		block = (size_t)-1;
		if (v < n && (l[v] == '|' || l[v] == '>')) {
			block = indent;
			continue;
		}
		if (v >= n || (l[v] != '"' && l[v] != '\''))
			continue;
		runs = quote_runs(text, len, (size_t)(l + v - text), &clean);
		if (runs == 0)
			continue;	/* closed on its line: what follows is another story */
		if (runs < 0 || !clean) {
			*line = at;
			*column = (int)v + 1;
			*quote = l[v];
			*runs_to = runs < 0 ? 0 : at + runs;
			return true;
		}
		at += runs;	/* a value quoted over lines, well closed */
	}
	return false;
}

/* "the '"' that opens the value at line L, column C is ...", into out */
static void unclosed_quote_words(int line, int column, char quote, int runs_to, char *out,
				 size_t size)
{
	if (runs_to)
		snprintf(out, size,
			 "the quote (%c) that opens at line %d, column %d is not closed on that "
			 "line, so the value runs on to line %d; end the value with %c on line %d",
			 quote, line, column, runs_to, quote, line);
	else
		snprintf(out, size,
			 "the quote (%c) that opens at line %d, column %d is never closed; end "
			 "the value with %c on line %d", quote, line, column, quote, line);
}

/*
 * A tab in line's indentation (before its first key or value, '- ' items
 * included): its column, else 0. YAML indents with spaces only.
 */
static int indent_tab(const char *l, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (l[i] == '\t')
			return (int)i + 1;
		if (l[i] == '-' && (i + 1 == n || l[i + 1] == ' ' || l[i + 1] == '\t'))
			continue;
		if (l[i] != ' ')
			return 0;
	}
	return 0;
}

/* A block list's item line ("- ..."): where its '-' is and where its first key starts. */
struct item_line {
	int line;
	size_t dash, key;	/* byte offsets; key == dash when no key follows */
};

/* the nearest line before line that is a list item, with its list's key; false if none */
static bool item_above(const struct lines *ls, int line, struct item_line *item, char *owner,
		       size_t owner_size)
{
	const char *l;
	size_t n;

	owner[0] = '\0';
	for (int at = line - 1; at >= 1; at--) {
		size_t i = 0;

		l = line_text(ls, at, &n);
		if (!l || blank_line(l, n))
			continue;
		while (i < n && l[i] == ' ')
			i++;
		if (i + 1 >= n || l[i] != '-' || (l[i + 1] != ' ' && l[i + 1] != '\t'))
			continue;
		item->line = at;
		item->dash = i;
		for (i++; i < n && (l[i] == ' ' || l[i] == '\t'); i++)
			;
		item->key = i;
		/* the key the list belongs to: the nearest line above less indented */
		for (int up = at - 1; up >= 1; up--) {
			size_t m;
			const char *u = line_text(ls, up, &m);
			struct key_line k;

			if (!u || blank_line(u, m))
				continue;
			k = read_key_line(u, m);
			if (k.indent >= item->dash && u[k.indent] == '-')
				continue;	/* an earlier item of the list */
			if (k.indent >= item->dash)
				continue;	/* a key inside an earlier item */
			if (k.is_key)
				snprintf(owner, owner_size, "%.*s", (int)k.key_len, u + k.indent);
			break;
		}
		return true;
	}
	return false;
}

/*
 * A block list's lines out of line, in words: each item starts with '- '
 * at the first item's column, and an item's keys line up under the key
 * after its '- '. Writes "" when line is not in a list.
 */
static void list_problem_words(const struct lines *ls, int line, char *out, size_t size,
			       int *column)
{
	struct item_line item;
	char owner[65], whose[96];
	size_t n, indent = 0;
	const char *l = line_text(ls, line, &n);

	out[0] = '\0';
	if (!l || !item_above(ls, line, &item, owner, sizeof(owner)))
		return;
	snprintf(whose, sizeof(whose), owner[0] ? "'%.40s'" : "the list", owner);
	while (indent < n && l[indent] == ' ')
		indent++;
	*column = (int)indent + 1;
	if (indent < n && l[indent] == '-' && indent + 1 < n && l[indent + 1] != ' ' &&
	    l[indent + 1] != '\t') {
		snprintf(out, size,
			 "a list item starts with '- ', a dash and a space: write '- %.*s' (each "
			 "item of %s starts with '- ' at column %zu, as on line %d)",
			 (int)(n - indent - 1 > 40 ? 40 : n - indent - 1), l + indent + 1, whose,
			 item.dash + 1, item.line);
	} else if (indent < n && l[indent] == '-') {
		if (indent == item.dash)
			return;
		snprintf(out, size,
			 "this item of %s starts at column %zu, but its first item starts at "
			 "column %zu (line %d): start each item's '- ' at column %zu, with its "
			 "keys under the first one", whose, indent + 1, item.dash + 1, item.line,
			 item.dash + 1);
	} else if (item.key > item.dash && indent != item.key) {
		struct key_line k = read_key_line(l + indent, n - indent);

		snprintf(out, size,
			 "%s%.*s%s starts at column %zu, but the keys of the item of %s that "
			 "starts on line %d are at column %zu: line every key of an item up under "
			 "the first key after its '- '", k.is_key ? "'" : "",
			 k.is_key ? (int)(k.key_len > 40 ? 40 : k.key_len) : 9,
			 k.is_key ? l + indent : "this line",
			 k.is_key ? ":'" : "", indent + 1, whose, item.line, item.key + 1);
	}
}

/*
 * A line libyaml took for a key without its ':' ("level:easy", "mazes 60",
 * "cover"): what to write, and the column to change. False when the line
 * is none of those.
 */
static bool no_colon_words(const struct lines *ls, int line, char *out, size_t size,
			   int *column)
{
	size_t n = 0, i = 0, word;
	const char *l = line_text(ls, line, &n);
	const char *colon;

	if (!l)
		return false;
	while (i < n && l[i] == ' ')
		i++;
	if (i + 1 < n && l[i] == '-' && l[i + 1] == ' ')
		for (i++; i < n && l[i] == ' '; i++)
			;
	while (n > i && (l[n - 1] == ' ' || l[n - 1] == '\t'))
		n--;
	if (i >= n || l[i] == '"' || l[i] == '\'' || l[i] == '#' || n - i > 80)
		return false;
	for (word = i; word < n && l[word] != ' ' && l[word] != ':'; word++)
		;
	colon = memchr(l + i, ':', n - i);
	if (colon && colon + 1 < l + n && colon[1] != ' ') {
		*column = (int)(colon - l) + 1;
		snprintf(out, size, "'%.*s' needs a space after the ':' to be a key and its value: "
			 "write '%.*s: %.*s'", (int)(n - i), l + i, (int)(colon - l - i), l + i,
			 (int)(l + n - colon - 1), colon + 1);
		return true;
	}
	if (colon)
		return false;
	if (word < n) {
		*column = (int)word + 1;
		snprintf(out, size, "'%.*s' is not 'key: value': write '%.*s: %.*s' (a ':' and a "
			 "space after the key)", (int)(n - i), l + i, (int)(word - i), l + i,
			 (int)(n - word - 1), l + word + 1);
		return true;
	}
	*column = (int)n + 1;
	snprintf(out, size, "'%.*s' has no ':' after it: write '%.*s:' (and its value after "
		 "the ':', or its keys indented under it)", (int)(n - i), l + i, (int)(n - i),
		 l + i);
	return true;
}

/*
 * A key line that lines up with no mapping above it: more indented than
 * the key on the line above, which has its value already. Names both
 * columns (and returns true); else says it in general.
 */
static bool misaligned_words(const struct lines *ls, int line, char *out, size_t size)
{
	size_t n = 0, m = 0;
	const char *l = line_text(ls, line, &n), *u = NULL;
	struct key_line k, above = { 0 };
	int at = line - 1;

	for (; at >= 1; at--) {
		u = line_text(ls, at, &m);
		if (u && !blank_line(u, m))
			break;
	}
	k = l ? read_key_line(l, n) : (struct key_line){ 0 };
	if (at >= 1 && u)
		above = read_key_line(u, m);
	if (k.is_key && above.is_key && k.indent > above.indent && above.value < m &&
	    k.key_len <= 40 && above.key_len <= 40) {
		snprintf(out, size,
			 "'%.*s:' starts at column %zu, indented under '%.*s:' (line %d), which "
			 "has its value already; start '%.*s:' at column %zu, like '%.*s:'",
			 (int)k.key_len, l + k.indent, k.indent + 1, (int)above.key_len,
			 u + above.indent, at, (int)k.key_len, l + k.indent, above.indent + 1,
			 (int)above.key_len, u + above.indent);
		return true;
	}
	/* less indented than the keys around it: the mapping's keys are further in */
	if (k.is_key && at >= 1 && k.key_len <= 40) {
		size_t pi = 0, pm = 0, child = 0;
		const char *pu = NULL;
		struct key_line parent = { 0 };
		int pat = at;

		for (; pat >= 1; pat--) {
			pu = line_text(ls, pat, &pm);
			if (!pu || blank_line(pu, pm))
				continue;
			parent = read_key_line(pu, pm);
			if (parent.indent < k.indent)
				break;
			child = parent.indent;
		}
		pi = parent.indent;
		if (pat >= 1 && parent.is_key && parent.key_len <= 40 && child > k.indent) {
			snprintf(out, size,
				 "'%.*s:' starts at column %zu, but the keys of '%.*s' (line %d) "
				 "start at column %zu: start it at column %zu to keep it in '%.*s', "
				 "or at column %zu for a key beside '%.*s'", (int)k.key_len,
				 l + k.indent, k.indent + 1, (int)parent.key_len, pu + pi, pat,
				 child + 1, child + 1, (int)parent.key_len, pu + pi, pi + 1,
				 (int)parent.key_len, pu + pi);
			return true;
		}
	}
	snprintf(out, size, "this line does not line up with the keys above it; start every "
		 "key at the same column");
	return false;
}

/*
 * libyaml's problem put in words a publisher can act on: what is wrong on
 * the line, and what to write instead. The mistakes people make in a spec
 * are few (a colon or a quote inside a value, a stray indent, a tab), so
 * each gets its own sentence; libyaml's words follow in brackets for the
 * rest. Writes "" when there is nothing better to say than libyaml's.
 */
static void plain_yaml_problem(const yaml_parser_t *p, const struct lines *ls, char *out,
			       size_t size)
{
	const char *problem = p->problem ? p->problem : "";
	const char *context = p->context ? p->context : "";
	int line = line_of(p->problem_mark), column = column_of(p->problem_mark);
	size_t n = 0, at;
	const char *s = line_text(ls, line, &n);
	struct key_line k;
	char value[80];

	out[0] = '\0';
	if (!s)
		s = "";
	at = byte_of_column(s, n, column);
	k = read_key_line(s, n);
	if (!k.is_key && k.indent + 1 < n && s[k.indent] == '-' && s[k.indent + 1] == ' ') {
		/* a list item's key: "- title: Part 2: Harder" */
		size_t i = k.indent + 1;
		struct key_line item;

		while (i < n && s[i] == ' ')
			i++;
		item = read_key_line(s + i, n - i);
		if (item.is_key && item.indent == 0) {
			k = item;
			k.indent += i;
			k.colon += i;
			k.value += i;
		}
	}
	quote_for_message(s + k.value, n - (k.value < n ? k.value : n), value, sizeof(value));
	if (strstr(problem, "mapping values are not allowed")) {
		if (k.is_key && at > k.colon)
			snprintf(out, size,
				 "the value of '%.*s' has a ': ' in it, which YAML reads as "
				 "another key; put the whole value in double quotes: %.*s: \"%s\"",
				 (int)k.key_len, s + k.indent, (int)k.key_len, s + k.indent, value);
		else if (k.indent)
			snprintf(out, size,
				 "this line is indented, so YAML reads it as part of the line "
				 "above, which does not open a section; start '%.*s:' at the "
				 "beginning of the line",
				 (int)k.key_len, s + k.indent);
	} else if (strstr(problem, "cannot start any token")) {
		char ch[8] = "";

		if (at < n)
			snprintf(ch, sizeof(ch), "%.*s",
				 (int)byte_of_column(s + at, n - at, 2), s + at);
		if (k.is_key && at >= k.value)
			snprintf(out, size,
				 "a YAML value cannot start with '%s'; put the value in double "
				 "quotes: %.*s: \"%s\"",
				 ch, (int)k.key_len, s + k.indent, value);
		else
			snprintf(out, size, "'%s' cannot start a line of a spec; each line is "
				 "'key: value'", ch);
	} else if (strstr(problem, "unknown escape character")) {
		snprintf(out, size,
			 "'%.*s' is not an escape YAML knows in double quotes; write '\\\\' for a "
			 "backslash, or put the value in single quotes",
			 at < n ? (int)byte_of_column(s + at, n - at, 3) : 0, s + at);
	} else if (strstr(problem, "unexpected end of stream") && strstr(context, "quoted")) {
		snprintf(out, size,
			 "the quoted text that starts at line %d, column %d is never closed: end "
			 "it with the same quote mark on that line",
			 line_of(p->context_mark), column_of(p->context_mark));
	} else if (strstr(problem, "tab character")) {
		snprintf(out, size, "line %d is indented with a tab; YAML indents with spaces "
			 "only: replace the tab with spaces", line);
	} else if (strstr(problem, "did not find expected key") &&
		   strstr(context, "block mapping")) {
		size_t lead = 0;

		while (lead < n && s[lead] == ' ')
			lead++;
		size_t quotes = 0;
		int opened = 0;

		for (size_t i = 0; i < at && i < n; i++)
			quotes += s[i] == '"';
		/* an odd quote here closes one opened on an earlier line */
		for (int l = line - 1; quotes % 2 && l >= 1 && !opened; l--) {
			size_t ln = 0, q = 0;
			const char *t = line_text(ls, l, &ln);

			for (size_t i = 0; t && i < ln; i++)
				q += t[i] == '"';
			if (q % 2)
				opened = l;
		}
		if (opened)
			snprintf(out, size,
				 "the quote opened on line %d is not closed on that line, so the "
				 "value runs on into line %d; end it with '\"' on line %d",
				 opened, line, opened);
		else if (lead < n && s[lead] == '-')
			snprintf(out, size,
				 "a list item ('- ...') here belongs to no key; put it under a key "
				 "that ends with ':', indented, or write the list as [a, b]");
		else if (at > lead && at < n)
			snprintf(out, size,
				 "there is more after the closing quote; put the whole value inside "
				 "the quotes (inside single quotes, write '' for an apostrophe: "
				 "'it''s')");
		else
			misaligned_words(ls, line, out, size);
	} else if (strstr(problem, "could not find expected ':'")) {
		snprintf(out, size, "line %d has a key without a ':' after it; write 'key: value'",
			 line_of(p->context_mark));
	} else if (strstr(problem, "did not find expected ',' or '}'") ||
		   strstr(problem, "did not find expected ',' or ']'")) {
		bool map = strchr(problem, '}') != NULL;

		snprintf(out, size, "the '%c' at line %d, column %d is never closed with '%c'",
			 map ? '{' : '[', line_of(p->context_mark), column_of(p->context_mark),
			 map ? '}' : ']');
	} else if (strstr(problem, "<document start>")) {
		snprintf(out, size, "this line is not 'key: value' (a '%%' line may only come "
			 "before the first key)");
	}
}

/* Report libyaml's own error at its place, in plain words where we have them. */
static enum mb_status yaml_problem(struct reader *r, const char *text, size_t len)
{
	yaml_parser_t *p = &r->parser;
	char ctx[160] = "", plain[MB_ERROR_MESSAGE_MAX - 96];
	int line, column;
	bool own = false;
	struct lines ls = lines_of(text, len);
	enum mb_status status;	/* plain says all: libyaml's words would only confuse */

	if (p->error == YAML_MEMORY_ERROR)
		return mb_error_set(r->err, MB_ERR_INTERNAL, "out of memory reading '%s'", r->name);
	if (p->error == YAML_READER_ERROR) {
		/* reader errors carry a byte offset, not a mark: count to it */
		size_t off = p->problem_offset < len ? p->problem_offset : len;
		char val[32] = "";
		const char *what = p->problem ? p->problem : "unreadable text";

		line = 1;
		column = 1;
		for (size_t i = 0; i < off; i++) {
			if (text[i] == '\n') {
				line++;
				column = 1;
			} else if (((unsigned char)text[i] & 0xc0) != 0x80) {
				column++;
			}
		}
		if (p->problem_value >= 0)
			snprintf(val, sizeof(val), " (byte 0x%02x)", (unsigned)p->problem_value);
		if (strstr(what, "UTF-8") || strstr(what, "utf-8"))
			return fail_at(r, line, column,
					"the file is not UTF-8 text here%s: save it as UTF-8 "
					"(YAML: %s)", val, what);
		if (strstr(what, "control characters"))
			return fail_at(r, line, column,
					"a control character%s is not allowed in a spec: delete "
					"it (YAML: %s)", val, what);
		return fail_at(r, line, column, "invalid YAML: %s%s", what, val);
	}
	if (p->context)
		snprintf(ctx, sizeof(ctx), " (%s at line %d, column %d)", p->context,
			 line_of(p->context_mark), column_of(p->context_mark));
	lines_index(&ls);
	plain_yaml_problem(p, &ls, plain, sizeof(plain));
	line = line_of(p->problem_mark);
	column = column_of(p->problem_mark);
	/* an unclosed quote or bracket is found far after it: point at where it opens */
	if (p->problem && p->context &&
	    (strstr(p->problem, "end of stream") || strstr(p->problem, "expected ',' or"))) {
		line = line_of(p->context_mark);
		column = column_of(p->context_mark);
	}
	if (p->problem) {
		size_t n = 0;
		const char *l = line_text(&ls, line_of(p->problem_mark), &n);
		int tab = l ? indent_tab(l, n) : 0, quote_line, quote_column, runs_to;
		char quote;

		if (tab) {
			/* libyaml's words for it vary ("cannot start any token"): say it */
			line = line_of(p->problem_mark);
			column = tab;
			snprintf(plain, sizeof(plain),
				 "line %d has a tab at column %d; indentation must use spaces, "
				 "not tabs: replace the tab with spaces", line, column);
			own = true;
		} else if (unclosed_quote(&ls,
					  strstr(p->problem, "end of stream") ? INT32_MAX
									      : line_of(p->problem_mark),
					  &quote_line, &quote_column, &quote, &runs_to)) {
			/* the quote that opens, not where libyaml gave up */
			line = quote_line;
			column = quote_column;
			unclosed_quote_words(quote_line, quote_column, quote, runs_to, plain,
					     sizeof(plain));
			own = true;
		} else if (strstr(p->problem, "could not find expected ':'") &&
			   no_colon_words(&ls, line_of(p->context_mark), plain, sizeof(plain),
					  &column)) {
			line = line_of(p->context_mark);
			own = true;
		} else if (strstr(p->problem, "expected '-' indicator") ||
			   (strstr(p->problem, "did not find expected key") && l)) {
			char words[sizeof(plain)];
			int at = column;

			list_problem_words(&ls, line_of(p->problem_mark), words, sizeof(words),
					   &at);
			if (words[0]) {
				line = line_of(p->problem_mark);
				column = at;
				snprintf(plain, sizeof(plain), "%s", words);
				own = true;
			} else if (strstr(p->problem, "did not find expected key") &&
				   misaligned_words(&ls, line_of(p->problem_mark), words,
						    sizeof(words))) {
				snprintf(plain, sizeof(plain), "%s", words);
				own = true;
			}
		}
	}
	free(ls.start);
	if (own)
		status = fail_at(r, line, column, "%s", plain);
	else if (plain[0])
		status = fail_at(r, line, column, "%s (YAML: %s)", plain,
				 p->problem ? p->problem : "cannot parse");
	else
		status = fail_at(r, line_of(p->problem_mark), column_of(p->problem_mark),
				 "invalid YAML: %s%s", p->problem ? p->problem : "cannot parse", ctx);
	return status;
}

/* Refuse anchors, aliases and tags on the current event. */
static enum mb_status refuse_extras(struct reader *r)
{
	const yaml_event_t *e = &r->ev;
	const yaml_char_t *anchor = NULL, *tag = NULL;

	switch (e->type) {
	case YAML_ALIAS_EVENT:
		return fail_at(r, line_of(e->start_mark), column_of(e->start_mark),
				"YAML anchors and aliases are not allowed in a spec (found '*%.64s')",
				(const char *)e->data.alias.anchor);
	case YAML_SCALAR_EVENT:
		anchor = e->data.scalar.anchor;
		tag = e->data.scalar.tag;
		break;
	case YAML_MAPPING_START_EVENT:
		anchor = e->data.mapping_start.anchor;
		tag = e->data.mapping_start.tag;
		break;
	case YAML_SEQUENCE_START_EVENT:
		anchor = e->data.sequence_start.anchor;
		tag = e->data.sequence_start.tag;
		break;
	default:
		break;
	}
	if (anchor)
		return fail_at(r, line_of(e->start_mark), column_of(e->start_mark),
				"YAML anchors and aliases are not allowed in a spec (found '&%.64s')",
				(const char *)anchor);
	if (tag)
		return fail_at(r, line_of(e->start_mark), column_of(e->start_mark),
				"YAML tags are not allowed in a spec (found '%.64s')",
				(const char *)tag);
	return MB_OK;
}

static enum mb_status next(struct reader *r, const char *text, size_t len)
{
	if (r->have_ev)
		yaml_event_delete(&r->ev);
	r->have_ev = false;
	if (!yaml_parser_parse(&r->parser, &r->ev))
		return yaml_problem(r, text, len);
	r->have_ev = true;
	return refuse_extras(r);
}

static bool plain_null(const yaml_event_t *e);

static const char *event_noun(const yaml_event_t *e)
{
	switch (e->type) {
	case YAML_SCALAR_EVENT:
		return plain_null(e) ? "empty" : "a string";
	case YAML_SEQUENCE_START_EVENT:
		return "a list";
	case YAML_MAPPING_START_EVENT:
		return "a mapping";
	default:
		return "a string";
	}
}

static bool plain_null(const yaml_event_t *e)
{
	const char *s = (const char *)e->data.scalar.value;

	return e->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
	       (!*s || !strcmp(s, "~") || !strcmp(s, "null") || !strcmp(s, "Null") ||
		!strcmp(s, "NULL"));
}

/* Remember where a key's value was, for errors found after reading. */
static void note_place(struct mb_book_spec *spec, const char *key, int line, int column)
{
	struct mb_spec_place *p;
	size_t n = strlen(key);

	if (spec->place_count >= MB_SPEC_MAX_PLACES || n >= sizeof(p->key))
		return;	/* keys are from the table: neither happens */
	p = &spec->places[spec->place_count++];
	memcpy(p->key, key, n + 1);
	p->line = line;
	p->column = column;
}

/*
 * Read a list of scalars for key k (the SEQUENCE_START is the current
 * event) until its end; a list inside it or a mapping stops the read.
 */
static enum mb_status read_list(struct reader *r, const char *text, size_t len,
				const struct key *k, const char *display)
{
	size_t index = 0;

	if (r->ev.type != YAML_SEQUENCE_START_EVENT)
		return fail_at(r, line_of(r->ev.start_mark), column_of(r->ev.start_mark),
				"'%s' must be %s, not %s", display, k->expect, event_noun(&r->ev));
	note_place(r->spec, display, line_of(r->ev.start_mark), column_of(r->ev.start_mark));
	for (;; index++) {
		struct scalar v;

		if (next(r, text, len) != MB_OK)
			return MB_ERR_INPUT;
		if (r->ev.type == YAML_SEQUENCE_END_EVENT)
			break;
		if (r->ev.type != YAML_SCALAR_EVENT)
			return fail_at(r, line_of(r->ev.start_mark), column_of(r->ev.start_mark),
					"'%s' must be %s, not a list with %s in it", display,
					k->expect, event_noun(&r->ev));
		v.key = display;
		v.text = (const char *)r->ev.data.scalar.value;
		v.len = r->ev.data.scalar.length;
		v.null = plain_null(&r->ev);
		v.line = line_of(r->ev.start_mark);
		v.column = column_of(r->ev.start_mark);
		if (k->set(r, &v) != MB_OK)
			return MB_ERR_INPUT;
	}
	if (!index)
		return fail_at(r, line_of(r->ev.start_mark), column_of(r->ev.start_mark),
				"'%s' must not be empty (expected %s)", display, k->expect);
	return MB_OK;
}

static enum mb_status read_mapping(struct reader *r, const char *text, size_t len,
				   const struct key *keys, size_t count, const char *parent,
				   int *seen);
static enum mb_status folded_in(struct reader *r, const char *text, size_t len, const char *key,
				yaml_mark_t key_mark);
static enum mb_status indented_under(struct reader *r, const char *text, size_t len,
				     const char *display, const struct key *k, yaml_mark_t key_mark);

/*
 * Read "sections:", a list of mappings (the SEQUENCE_START is the current
 * event), each through section_keys with r->section set to its index; a
 * section is named "sections.N" (N from 1) in places and messages.
 */
static enum mb_status read_sections(struct reader *r, const char *text, size_t len,
				    const struct key *k, const char *display)
{
	struct mb_book_spec *s = r->spec;

	if (r->ev.type != YAML_SEQUENCE_START_EVENT)
		return fail_at(r, line_of(r->ev.start_mark), column_of(r->ev.start_mark),
				"'%s' must be %s, not %s", display, k->expect, event_noun(&r->ev));
	note_place(s, display, line_of(r->ev.start_mark), column_of(r->ev.start_mark));
	for (;;) {
		int sub_seen[MAX_KEYS] = { 0 };
		char name[32];

		if (next(r, text, len) != MB_OK)
			return MB_ERR_INPUT;
		if (r->ev.type == YAML_SEQUENCE_END_EVENT)
			break;
		if (r->ev.type != YAML_MAPPING_START_EVENT)
			return fail_at(r, line_of(r->ev.start_mark), column_of(r->ev.start_mark),
					"each of '%s' must be a mapping such as '- title: Warm-up' "
					"(then 'level:', 'mazes:' ... indented under it), not %s",
					display, event_noun(&r->ev));
		if (s->section_count >= MB_SPEC_MAX_SECTIONS)
			return fail_at(r, line_of(r->ev.start_mark), column_of(r->ev.start_mark),
					"'%s' has more than %d sections (merge some, or make a "
					"second book)", display, MB_SPEC_MAX_SECTIONS);
		r->section = s->section_count++;
		snprintf(name, sizeof(name), "%s.%d", display, r->section + 1);
		note_place(s, name, line_of(r->ev.start_mark), column_of(r->ev.start_mark));
		if (read_mapping(r, text, len, k->sub, k->sub_count, name, sub_seen) != MB_OK)
			return MB_ERR_INPUT;
	}
	if (!s->section_count)
		return fail_at(r, line_of(r->ev.start_mark), column_of(r->ev.start_mark),
				"'%s' must not be empty (expected %s)", display, k->expect);
	return MB_OK;
}

/*
 * Read a mapping's keys (the MAPPING_START is the current event) until its
 * end, setting values through the key table. seen[i] is the line where
 * keys[i] was given, 0 if not.
 */
static enum mb_status read_mapping(struct reader *r, const char *text, size_t len,
				   const struct key *keys, size_t count, const char *parent,
				   int *seen)
{
	for (;;) {
		const struct key *k = NULL;
		yaml_mark_t key_mark;
		char name[65];
		char display[96];
		size_t ki;

		if (next(r, text, len) != MB_OK)
			return MB_ERR_INPUT;
		if (r->ev.type == YAML_MAPPING_END_EVENT)
			return MB_OK;
		key_mark = r->ev.start_mark;
		if (r->ev.type != YAML_SCALAR_EVENT)
			return fail_at(r, line_of(key_mark), column_of(key_mark),
					"a key must be a plain name such as 'title', not %s",
					event_noun(&r->ev));
		snprintf(name, sizeof(name), "%s", (const char *)r->ev.data.scalar.value);
		/* a long key cut at 64 bytes must not end in half a character */
		if (strlen(name) == sizeof(name) - 1) {
			size_t end = sizeof(name) - 1, start = end - 1;
			unsigned lead;

			while (start && ((unsigned char)name[start] & 0xc0) == 0x80)
				start--;
			lead = (unsigned char)name[start];
			if (start + (lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1) > end)
				name[start] = 0;
		}
		for (ki = 0; ki < count; ki++) {
			if (!strcmp(name, keys[ki].name) &&
			    r->ev.data.scalar.length == strlen(keys[ki].name)) {
				k = &keys[ki];
				break;
			}
		}
		if (!k)
			return unknown_key(r, keys, count, parent, name, key_mark);
		if (seen[ki])
			return fail_at(r, line_of(key_mark), column_of(key_mark),
					"duplicate key '%s' (first given at line %d)", name,
					seen[ki]);
		seen[ki] = line_of(key_mark);
		if (parent)
			snprintf(display, sizeof(display), "%s.%s", parent, k->name);
		else
			snprintf(display, sizeof(display), "%s", k->name);

		if (next(r, text, len) != MB_OK)
			return MB_ERR_INPUT;
		if (k->sub == section_keys) {
			if (read_sections(r, text, len, k, display) != MB_OK)
				return MB_ERR_INPUT;
		} else if (takes_list(k) && !(takes_scalar_too(k) && r->ev.type == YAML_SCALAR_EVENT)) {
			if (read_list(r, text, len, k, display) != MB_OK)
				return MB_ERR_INPUT;
		} else if (k->sub && !(k->set && r->ev.type == YAML_SCALAR_EVENT)) {
			int sub_seen[MAX_KEYS] = { 0 };

			if (r->ev.type != YAML_MAPPING_START_EVENT)
				return fail_at(r, line_of(r->ev.start_mark),
						column_of(r->ev.start_mark),
						"'%s' must be %s, not %s", display, k->expect,
						event_noun(&r->ev));
			if (read_mapping(r, text, len, k->sub, k->sub_count, k->name,
					 sub_seen) != MB_OK)
				return MB_ERR_INPUT;
		} else {
			struct scalar v;

			if (r->ev.type == YAML_MAPPING_START_EVENT &&
			    r->ev.data.mapping_start.style == YAML_BLOCK_MAPPING_STYLE)
				return indented_under(r, text, len, display, k, key_mark);
			if (r->ev.type != YAML_SCALAR_EVENT)
				return fail_at(r, line_of(r->ev.start_mark),
						column_of(r->ev.start_mark),
						"'%s' must be %s, not %s", display, k->expect,
						event_noun(&r->ev));
			if (folded_in(r, text, len, k->name, key_mark) != MB_OK)
				return MB_ERR_INPUT;
			v.key = display;
			v.text = (const char *)r->ev.data.scalar.value;
			v.len = r->ev.data.scalar.length;
			v.null = plain_null(&r->ev);
			v.quoted = r->ev.data.scalar.style != YAML_PLAIN_SCALAR_STYLE;
			v.line = line_of(r->ev.start_mark);
			v.column = column_of(r->ev.start_mark);
			note_place(r->spec, display, v.line, v.column);
			if (k->set(r, &v) != MB_OK)
				return MB_ERR_INPUT;
		}
	}
}

/* Is name a key of any mapping of the spec? */
static bool known_key(const char *name)
{
	if (has_key(top_keys, COUNT(top_keys), name))
		return true;
	for (size_t i = 0; i < COUNT(top_keys); i++)
		if (top_keys[i].sub && has_key(top_keys[i].sub, top_keys[i].sub_count, name))
			return true;
	return false;
}

/*
 * A scalar value (the current event) of key that took in the lines after
 * it: a plain value that runs on into a line indented under the key and
 * ending in "name:" (YAML folds "level: easy" and "  grid: 9x9" under it
 * into "easy grid", then fails at the ':'), or a quoted value whose quote
 * closes only on a later line, where the line goes on (the next value's
 * opening quote taken for its end). Says which line and how to mend it.
 */
static enum mb_status folded_in(struct reader *r, const char *text, size_t len, const char *key,
				yaml_mark_t key_mark)
{
	const yaml_event_t *e = &r->ev;
	struct lines ls = lines_of(text, len);
	size_t end = e->end_mark.index, n = 0;
	int line = line_of(e->end_mark);
	const char *l;
	struct key_line k;
	char value[80];

	if (e->end_mark.line == e->start_mark.line || end > len)
		return MB_OK;
	if (e->data.scalar.style == YAML_SINGLE_QUOTED_SCALAR_STYLE ||
	    e->data.scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE) {
		bool clean;
		int runs = quote_runs(text, len, e->start_mark.index, &clean);
		char words[MB_ERROR_MESSAGE_MAX - 96];

		if (runs <= 0 || clean)
			return MB_OK;
		unclosed_quote_words(line_of(e->start_mark), column_of(e->start_mark),
				     text[e->start_mark.index], line_of(e->start_mark) + runs, words,
				     sizeof(words));
		return fail_at(r, line_of(e->start_mark), column_of(e->start_mark), "%s", words);
	}
	if (e->data.scalar.style != YAML_PLAIN_SCALAR_STYLE || end >= len || text[end] != ':' ||
	    (end + 1 < len && !strchr(" \t\r\n", text[end + 1])))
		return MB_OK;
	l = line_text(&ls, line, &n);
	if (!l)
		return MB_OK;
	k = read_key_line(l, n);
	/* the key is what ends the value: its ':' is where the value stops */
	if (!k.is_key || k.key_len > 64 || l + k.colon != text + end ||
	    k.key_len > e->data.scalar.length)
		return MB_OK;
	quote_for_message((const char *)e->data.scalar.value, e->data.scalar.length, value,
			  sizeof(value));
	if (!known_key((const char *)e->data.scalar.value + e->data.scalar.length - k.key_len))
		return fail_at(r, line, (int)k.indent + 1,
				"'%.*s:' on line %d is indented under '%s:' (line %d), so YAML "
				"reads it as part of the value of '%s' (\"%s\"); if it is a key, "
				"start it at column %d like '%s:'; if it is part of the value, put "
				"the whole value in double quotes", (int)k.key_len, l + k.indent,
				line, key, line_of(key_mark), key, value, column_of(key_mark), key);
	return fail_at(r, line, (int)k.indent + 1,
			"'%.*s:' on line %d is indented under '%s:' (line %d), so YAML reads it as "
			"part of the value of '%s' (\"%s\"); start '%.*s:' at column %d, like '%s:'",
			(int)k.key_len, l + k.indent, line, key, line_of(key_mark), key, value,
			(int)k.key_len, l + k.indent, column_of(key_mark), key);
}

/*
 * A key whose value is one word or line (level, title) got an indented
 * mapping, the current event: "level:" and, under it, "  grid: 9x9". Its
 * first key is named, and where it goes.
 */
static enum mb_status indented_under(struct reader *r, const char *text, size_t len,
				     const char *display, const struct key *k, yaml_mark_t key_mark)
{
	int line = line_of(r->ev.start_mark), column = column_of(r->ev.start_mark);
	size_t n = 0;
	struct lines ls = lines_of(text, len);
	const char *l = line_text(&ls, line, &n);
	struct key_line kl = l ? read_key_line(l, n) : (struct key_line){ 0 };

	if (!kl.is_key || kl.key_len > 64)
		return fail_at(r, line, column, "'%s' must be %s, not a mapping", display,
				k->expect);
	return fail_at(r, line, column,
			"'%s' must be %s, not a mapping: '%.*s:' on line %d is indented under "
			"'%s:', so YAML reads it as a key inside '%s'; give '%s' its value on "
			"the same line (%s: ...) and start '%.*s:' at column %d, like '%s:'",
			display, k->expect, (int)kl.key_len, l + kl.indent, line, k->name,
			k->name, k->name, k->name, (int)kl.key_len, l + kl.indent,
			column_of(key_mark), k->name);
}

/* An error about a key the file gave, at its place (else at the mapping's end). */
static enum mb_status fail_key(struct reader *r, const char *key, yaml_mark_t end,
			       const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static enum mb_status fail_key(struct reader *r, const char *key, yaml_mark_t end,
			       const char *fmt, ...)
{
	char msg[MB_ERROR_MESSAGE_MAX];
	int line = line_of(end), column = column_of(end);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (!mb_spec_where(r->spec, key, &line, &column)) {
		/* a mapping (palette): the first of its keys given */
		size_t n = strlen(key);

		for (size_t i = 0; i < r->spec->place_count; i++) {
			const struct mb_spec_place *p = &r->spec->places[i];

			if (!strncmp(p->key, key, n) && p->key[n] == '.') {
				line = p->line;
				column = p->column;
				break;
			}
		}
	}
	return fail_at(r, line, column, "%s", msg);
}

/*
 * binding, editions, ink, paper, trim and prices together: each edition
 * must be one KDP prints, and every price must belong to an edition built.
 */
static enum mb_status finish_editions(struct reader *r, yaml_mark_t end)
{
	struct mb_book_spec *s = r->spec;
	int editions = s->edition_count ? s->edition_count : 1;

	if (s->edition_count && r->binding_set)
		return fail_key(r, "binding", end,
				"give 'binding' or 'editions', not both (editions builds each "
				"binding it lists)");
	if (r->palette_set && s->ink == MB_INK_BLACK)
		return fail_key(r, "palette", end,
				"'palette' colours a colour interior, but the ink is black (set "
				"ink: premium-colour or standard-colour, or leave palette out)");
	if (r->price_scalar_set) {
		if (editions > 1)
			return fail_key(r, "price", end,
					"one price for %d editions: give one per edition (price: "
					"{paperback: 9.99, hardcover: 24.99})", editions);
		s->price_cents[(s->edition_count ? s->editions[0] : s->binding) ==
			       MB_BINDING_HARDCOVER] = r->price_scalar_cents;
	}
	for (int b = 0; b < MB_BINDING_COUNT; b++) {
		bool built = false;
		char key[32];

		if (s->price_cents[b] < 0 || r->price_scalar_set)
			continue;
		for (int i = 0; i < editions; i++)
			built |= (int)(s->edition_count ? s->editions[i] : s->binding) == b;
		snprintf(key, sizeof(key), "price.%s", mb_kdp_binding_name((enum mb_binding)b));
		if (!built)
			return fail_key(r, key, end,
					"'%s' is for an edition this spec does not build (add %s "
					"to 'editions' or leave the price out)", key,
					mb_kdp_binding_name((enum mb_binding)b));
	}
	for (int i = 0; i < editions; i++) {
		struct mb_print print = { s->edition_count ? s->editions[i] : s->binding, s->ink,
					  s->paper };
		struct mb_error inner;
		const char *key;

		mb_error_init(&inner);
		if (mb_kdp_print_check(&s->trim, &print, &inner) == MB_OK)
			continue;
		/* at the key that makes the edition impossible, as the user wrote it */
		key = inner.field;
		if (!strcmp(key, "paper") && !mb_spec_where(s, "paper", NULL, NULL))
			key = "ink";
		if (!strcmp(key, "trim") || !strcmp(key, "ink")) {
			const char *alt = s->edition_count ? "editions" : "binding";

			if (!mb_spec_where(s, key, NULL, NULL))
				key = alt;
		}
		return fail_key(r, key, end, "%s%s", inner.message,
				s->edition_count ? " (from 'editions')" : "");
	}
	return MB_OK;
}

/*
 * A filter no maze on the grid can pass would only fail after thousands of
 * candidates, naming no key: refuse it here, at the key that asks for too
 * much. A route visits at most every square once, so its ratio to the
 * shortest walk (w + h - 1 squares) is at most w*h / (w + h - 1); a fork
 * is a route square with a branch off the route, and in a perfect maze
 * each branch square hangs off one fork only, so forks <= w*h / 2.
 */
static enum mb_status filter_possible(struct reader *r, int w, int h,
				      const struct mb_filter *f, const char *prefix, bool ratio_set,
				      bool forks_set, const char *level_name)
{
	const struct mb_book_spec *s = r->spec;
	double max_ratio = (double)w * h / (w + h - 1);
	int max_forks = w * h / 2, line = 0, column = 0;
	char key[48], whose[48];

	snprintf(whose, sizeof(whose), " (the level's)");
	if (level_name)
		snprintf(whose, sizeof(whose), " (level %s's)", level_name);
	if (f->min_route_ratio > max_ratio + 1e-9) {
		snprintf(key, sizeof(key), "%s%s", prefix, ratio_set ? "min_route_ratio" : "grid");
		if (!mb_spec_where(s, key, &line, &column) && prefix[0]) {
			snprintf(key, sizeof(key), "%.*s", (int)strlen(prefix) - 1, prefix);
			mb_spec_where(s, key, &line, &column);
		}
		return fail_at(r, line, column,
				"'%s': no maze on %dx%d squares has a route ratio of %.2f%s: its "
				"route has at most %d squares, %.2f times the shortest walk of %d; "
				"min_route_ratio can be at most %.2f here: lower it or choose a larger "
				"grid", key, w, h, f->min_route_ratio, ratio_set ? "" : whose, w * h,
				max_ratio, w + h - 1, floor(max_ratio * 100) / 100);
	}
	if (f->min_forks > max_forks) {
		snprintf(key, sizeof(key), "%s%s", prefix, forks_set ? "min_forks" : "grid");
		if (!mb_spec_where(s, key, &line, &column) && prefix[0]) {
			snprintf(key, sizeof(key), "%.*s", (int)strlen(prefix) - 1, prefix);
			mb_spec_where(s, key, &line, &column);
		}
		return fail_at(r, line, column,
				"'%s': no maze on %dx%d squares has %d forks on its route%s: each "
				"fork needs a square off the route, so at most %d fit: lower "
				"min_forks or choose a larger grid", key, w, h, f->min_forks,
				forks_set ? "" : whose, max_forks);
	}
	return MB_OK;
}

static enum mb_status check_filter_possible(struct reader *r)
{
	const struct mb_book_spec *s = r->spec;

	return filter_possible(r, s->grid_w, s->grid_h, &s->filter, "", r->ratio_set,
			       r->forks_set, NULL);
}

/* the maze count the page room is worked out for: the book's, or its sections' so far */
static int planned_mazes(const struct mb_book_spec *s)
{
	long n = 0;

	if (s->mazes || !s->section_count)
		return s->mazes;
	for (int i = 0; i < s->section_count; i++)
		n += s->sections[i].mazes;
	return n > MB_SPEC_MAX_MAZES ? MB_SPEC_MAX_MAZES : (int)n;
}

/* the level's grid as a book draws it: fitted to the trim's maze room */
static void level_grid(const struct mb_book_spec *s, const struct mb_level *level, int *w,
		       int *h)
{
	double room_w, room_h;

	mb_layout_maze_room(s, planned_mazes(s), &room_w, &room_h);
	mb_layout_fit_grid(level->w, level->h, room_w, room_h, w, h);
}

/* an error about section i (0-based), at its key when given, else at the section */
static enum mb_status fail_section(struct reader *r, int i, const char *key, const char *fmt,
				   ...) __attribute__((format(printf, 4, 5)));

static enum mb_status fail_section(struct reader *r, int i, const char *key, const char *fmt,
				   ...)
{
	char msg[MB_ERROR_MESSAGE_MAX], place[48];
	int line = 0, column = 0;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(place, sizeof(place), "sections.%d.%s", i + 1, key ? key : "");
	if (!key || !mb_spec_where(r->spec, place, &line, &column)) {
		snprintf(place, sizeof(place), "sections.%d", i + 1);
		mb_spec_where(r->spec, place, &line, &column);
	}
	return fail_at(r, line, column, "%s", msg);
}

static bool section_gave(const struct reader *r, int i, const char *key)
{
	char place[48];

	snprintf(place, sizeof(place), "sections.%d.%s", i + 1, key);
	return mb_spec_where(r->spec, place, NULL, NULL);
}

/*
 * Before the book's own defaults are worked out: a book with sections
 * may leave out its level when every section names one (the book's is
 * then the first section's), and each section's keys must agree.
 */
static enum mb_status start_sections(struct reader *r)
{
	struct mb_book_spec *s = r->spec;

	for (int i = 0; i < s->section_count; i++) {
		struct mb_section_spec *sec = &s->sections[i];
		const char *name = sec->title ? sec->title : "";

		if (!sec->title)
			return fail_section(r, i, NULL,
					    "section %d has no 'title' (each section needs one: it "
					    "heads the section's page and its line in the contents)",
					    i + 1);
		if (sec->ramp_from) {
			static const char *const clash[] = { "level", "grid", "min_route_ratio",
							     "min_forks", "shape" };

			for (size_t c = 0; c < COUNT(clash); c++)
				if (section_gave(r, i, clash[c]) &&
				    /* a ramp of circles: the kind alone, its sizes grow */
				    (strcmp(clash[c], "grid") || r->sec_grid[i].numbers))
					return fail_section(r, i, clash[c],
							    "section %d ('%s') has both 'ramp' and "
							    "'%s': a ramp sets the level, grid and "
							    "filter step by step (and a shape has one "
							    "size); remove one of them",
							    i + 1, name, clash[c]);
		}
		if (!sec->level && !sec->ramp_from && !s->level)
			return fail_section(r, i, NULL,
					    "section %d ('%s') has no 'level' (or 'ramp') and the "
					    "book gives none: add 'level:' to the section or to the "
					    "book", i + 1, name);
	}
	if (!s->level) {
		const struct mb_section_spec *first = &s->sections[0];

		s->level = mb_level_find(first->level ? first->level : first->ramp_from);
	}
	return MB_OK;
}

/* a grid kind as the spec names it */
static const char *kind_word(enum mb_grid_kind kind)
{
	return kind == MB_GRID_RECT || kind == MB_GRID_MASK ? "square" : mb_grid_kind_name(kind);
}

/* the one-number outline of a hex or delta grid */
static enum mb_grid_outline one_number_outline(enum mb_grid_kind kind)
{
	return kind == MB_GRID_HEX ? MB_OUTLINE_HEXAGON : MB_OUTLINE_TRIANGLE;
}

/*
 * The outline of grid g: the one given at outline_key (given), else what
 * the size says: one number is the hexagon's side or the triangle's rows,
 * else the rectangle. Errors at the key that is wrong.
 */
static enum mb_status resolve_outline(struct reader *r, const char *grid_key,
				      const char *outline_key, const struct grid_value *g,
				      bool given, enum mb_grid_outline outline,
				      enum mb_grid_outline *out)
{
	bool lattice = g->kind == MB_GRID_HEX || g->kind == MB_GRID_DELTA;
	const char *own = g->kind == MB_GRID_HEX ? "hexagon" : "triangle";
	int line = 0, column = 0;

	*out = MB_OUTLINE_RECTANGLE;
	if (!given) {
		if (lattice && g->numbers == 1)
			*out = one_number_outline(g->kind);
		return MB_OK;
	}
	mb_spec_where(r->spec, outline_key, &line, &column);
	if (!lattice)
		return fail_at(r, line, column,
				"'%s' is %s, but the grid is %s: an outline applies to hex grids "
				"(rectangle or hexagon) and delta grids (rectangle or triangle); "
				"give '%s: hex' or '%s: delta', or remove '%s'", outline_key,
				mb_grid_outline_name(outline), kind_word(g->kind), grid_key, grid_key,
				outline_key);
	if (outline != MB_OUTLINE_RECTANGLE && outline != one_number_outline(g->kind))
		return fail_at(r, line, column,
				"'%s' is %s, but a %s grid's outline is rectangle or %s", outline_key,
				mb_grid_outline_name(outline), kind_word(g->kind), own);
	if (g->numbers) {
		line = column = 0;
		mb_spec_where(r->spec, grid_key, &line, &column);
	}
	if (g->numbers == 1 && outline == MB_OUTLINE_RECTANGLE)
		return fail_at(r, line, column,
				"'%s' is '%s %d', one number: that is the %s outline's size, but "
				"'%s' is rectangle, which takes COLSxROWS such as %s 12x13",
				grid_key, kind_word(g->kind), g->a, own, outline_key, kind_word(g->kind));
	if (g->numbers == 2 && outline != MB_OUTLINE_RECTANGLE)
		return fail_at(r, line, column,
				"'%s' is '%s %dx%d', but '%s' is %s, which takes one number (%s, "
				"such as %s 7)", grid_key, kind_word(g->kind), g->a, g->b, outline_key,
				own, g->kind == MB_GRID_HEX ? "cells on each side" : "its rows",
				kind_word(g->kind));
	*out = outline;
	return MB_OK;
}

/* the grid a section takes: its own, else the book's (without its size, on a level of its own) */
static struct grid_value section_grid(const struct reader *r, int i, bool own_level)
{
	struct grid_value g = { MB_GRID_RECT, 0, 0, 0 };

	if (section_gave(r, i, "grid"))
		return r->sec_grid[i];
	if (r->grid_set) {
		g = r->grid;
		if (own_level)
			g.a = g.b = g.numbers = 0;
	}
	return g;
}

/*
 * Section i's grid kind, size and outline (spec.h says how); a polar
 * section takes no shape: its outline is its circle.
 */
static enum mb_status resolve_section_grid(struct reader *r, int i, bool own_level)
{
	struct mb_book_spec *s = r->spec;
	struct mb_section_spec *sec = &s->sections[i];
	struct grid_value g = section_grid(r, i, own_level);
	char grid_key[32], outline_key[40];
	bool outline_given;

	snprintf(grid_key, sizeof(grid_key), "sections.%d.grid", i + 1);
	snprintf(outline_key, sizeof(outline_key), "sections.%d.grid_outline", i + 1);
	outline_given = mb_spec_where(s, outline_key, NULL, NULL);
	sec->grid_kind = g.kind;
	if (g.kind != MB_GRID_RECT) {
		sec->grid_a = g.a;
		sec->grid_b = g.b;
	}
	if (!outline_given && !section_gave(r, i, "grid") && g.kind == s->grid_kind) {
		/* the book's grid: its outline too */
		sec->grid_outline = s->grid_outline;
	} else if (resolve_outline(r, section_gave(r, i, "grid") ? grid_key : "grid",
				   outline_key, &g, outline_given, r->sec_outline[i],
				   &sec->grid_outline) != MB_OK) {
		return MB_ERR_INPUT;
	}
	if (sec->grid_outline != MB_OUTLINE_RECTANGLE &&
	    ((sec->shape && strcmp(sec->shape, "none")) || (!sec->shape && s->shape_count)))
		return fail_section(r, i, outline_given ? "grid_outline" : "grid",
				    "section %d ('%s') has a shape and the %s outline: a shape is "
				    "the maze's outline, so it takes the rectangle (leave "
				    "'grid_outline' out, and give the size as COLSxROWS)", i + 1,
				    sec->title, mb_grid_outline_name(sec->grid_outline));
	if (g.kind != MB_GRID_POLAR)
		return MB_OK;
	if (sec->shape && strcmp(sec->shape, "none"))
		return fail_section(r, i, "shape",
				    "section %d ('%s') is polar and has the shape '%s': a circular "
				    "maze's outline is its circle, so shapes apply to square, hex "
				    "and delta grids only; remove 'shape' or choose another grid",
				    i + 1, sec->title, sec->shape);
	if (!sec->shape && s->shape_count)
		return fail_section(r, i, "grid",
				    "section %d ('%s') is polar, and the book's shape would apply "
				    "to it: a circular maze's outline is its circle; give the "
				    "section 'shape: none'", i + 1, sec->title);
	return MB_OK;
}

/*
 * entrance: and exit: against the kinds the book has: left, right and
 * centre (the exit) are a polar grid's only, and a polar maze's two gaps
 * cannot be one side
 */
static enum mb_status check_gaps(struct reader *r)
{
	const struct mb_book_spec *s = r->spec;
	const char *keys[2] = { "entrance", "exit" };
	const char *names[2] = { s->entrance, s->exit_side };
	bool square_kinds = false, polar = false;
	int line = 0, column = 0;

	for (int i = 0; i < (s->section_count ? s->section_count : 1); i++) {
		enum mb_grid_kind k = s->section_count ? s->sections[i].grid_kind : s->grid_kind;

		polar |= k == MB_GRID_POLAR;
		square_kinds |= k != MB_GRID_POLAR;
	}
	for (int k = 0; k < 2; k++) {
		const char *name = names[k];
		bool plain = name && (!strcmp(name, "top") || !strcmp(name, "bottom"));

		if (!name || plain)
			continue;
		mb_spec_where(s, keys[k], &line, &column);
		if (!strcmp(name, "centre") && k == 0)
			return fail_at(r, line, column,
					"'entrance' is centre, but the way in is on the rim: top, "
					"bottom%s (centre is a polar maze's exit)",
					polar ? ", left or right" : " or, on a polar grid, left or right");
		if (square_kinds)
			return fail_at(r, line, column,
					"'%s' must be top or bottom, not '%s' (START prints over the "
					"maze and FINISH under it; %s is a polar grid's only)",
					keys[k], name, name);
	}
	if (polar && names[0] && names[1] && !strcmp(names[0], names[1])) {
		mb_spec_where(s, "exit", &line, &column);
		return fail_at(r, line, column,
				"'exit' is %s, the entrance's side too: a polar maze's way in and "
				"way out must be apart; choose another side, or centre", names[1]);
	}
	if (polar && !names[0] && names[1] && !strcmp(names[1], "top")) {
		mb_spec_where(s, "exit", &line, &column);
		return fail_at(r, line, column,
				"'exit' is top, where a polar maze's entrance is unless 'entrance' "
				"says otherwise: give 'entrance: bottom', or another exit");
	}
	return MB_OK;
}

/*
 * After the book's defaults: resolve every section (spec.h says how),
 * share out or check the maze count, and check each filter can be met.
 */
static enum mb_status finish_sections(struct reader *r, yaml_mark_t end)
{
	struct mb_book_spec *s = r->spec;
	bool book_mazes = mb_spec_where(s, "mazes", NULL, NULL);
	long given = 0;
	int missing = 0, first_missing = -1;
	bool several_levels = false;

	for (int i = 0; i < s->section_count; i++) {
		if (s->sections[i].mazes) {
			given += s->sections[i].mazes;
		} else {
			if (first_missing < 0)
				first_missing = i;
			missing++;
		}
	}
	if (!book_mazes && missing)
		return fail_section(r, first_missing, NULL,
				    "section %d ('%s') has no 'mazes' and the book gives no "
				    "'mazes:' to share among such sections: add 'mazes:' to the "
				    "section, or to the book", first_missing + 1,
				    s->sections[first_missing].title);
	if (book_mazes && !missing && given != s->mazes)
		return fail_key(r, "mazes", end,
				"'mazes' is %d, but the sections' mazes add up to %ld: give their "
				"sum, or leave 'mazes' out (it is then the sum), or leave 'mazes' "
				"out of the sections that should share what is left", s->mazes,
				given);
	if (book_mazes && missing && given + missing > s->mazes)
		return fail_key(r, "mazes", end,
				"'mazes' is %d, but the sections give %ld and %d more section%s "
				"without 'mazes' need%s at least one each: raise 'mazes' to at "
				"least %ld", s->mazes, given, missing, missing > 1 ? "s" : "",
				missing > 1 ? "" : "s", given + missing);
	if (!book_mazes && given > MB_SPEC_MAX_MAZES)
		return fail_key(r, "sections", end,
				"the sections' mazes add up to %ld, more than a book may have "
				"(%d)", given, MB_SPEC_MAX_MAZES);
	if (missing) {
		long rest = s->mazes - given;
		int k = 0;

		for (int i = 0; i < s->section_count; i++)
			if (!s->sections[i].mazes)
				s->sections[i].mazes = (int)(rest / missing + (k++ < rest % missing));
	}
	s->mazes = (int)(given + (missing ? s->mazes - given : 0));

	for (int i = 0; i < s->section_count; i++) {
		struct mb_section_spec *sec = &s->sections[i];
		bool own_level = sec->level || sec->ramp_from;
		const struct mb_level *level;
		char prefix[32];
		int w, h;

		if (!sec->level)
			sec->level = xstrdup(sec->ramp_from ? sec->ramp_from : s->level->name);
		level = mb_level_find(sec->ramp_to ? sec->ramp_to : sec->level);
		if (!own_level && r->grid_set && !sec->grid_w) {
			sec->grid_w = s->grid_w;
			sec->grid_h = s->grid_h;
		}
		if (resolve_section_grid(r, i, own_level) != MB_OK)
			return MB_ERR_INPUT;
		if (own_level)
			mb_level_filter(level, &sec->filter);
		else
			sec->filter = s->filter;
		if (r->sec_ratio_set[i])
			sec->filter.min_route_ratio = r->sec_filter[i].min_route_ratio;
		if (r->sec_forks_set[i])
			sec->filter.min_forks = r->sec_filter[i].min_forks;
		if (sec->grid_w) {
			w = sec->grid_w;
			h = sec->grid_h;
		} else {
			level_grid(s, level, &w, &h);
			/* a ramp's grids are grown step by step by the plan */
			if (!sec->ramp_from) {
				sec->grid_w = w;
				sec->grid_h = h;
			}
		}
		snprintf(prefix, sizeof(prefix), "sections.%d.", i + 1);
		/* a graph grid's filter is judged by the book: its sizes are the plan's */
		if (sec->grid_kind == MB_GRID_RECT && filter_possible(r, w, h, &sec->filter, prefix,
				    r->sec_ratio_set[i] || (!own_level && r->ratio_set),
				    r->sec_forks_set[i] || (!own_level && r->forks_set),
				    own_level ? level->name : NULL) != MB_OK)
			return MB_ERR_INPUT;
		if (sec->ramp_from || strcmp(sec->level, s->sections[0].level))
			several_levels = true;
	}
	if (!mb_spec_where(s, "order", NULL, NULL))
		s->order_ramp = several_levels;
	return MB_OK;
}

/*
 * Solutions per page on a book of hexagons or triangles, when the spec
 * gives none: mazeproof pairs a solution with its maze by the label nearest
 * above it over its own column, so they print two to a page (one over the
 * other). Circles default as squares do: mazeproof tells a page's circles
 * apart by their arcs' centres.
 */
static void default_solutions(struct reader *r)
{
	struct mb_book_spec *s = r->spec;
	bool lattice = r->grid_set && (r->grid.kind == MB_GRID_HEX || r->grid.kind == MB_GRID_DELTA);

	for (int i = 0; i < s->section_count; i++) {
		enum mb_grid_kind k = section_gave(r, i, "grid") ? r->sec_grid[i].kind
				      : r->grid_set ? r->grid.kind : MB_GRID_RECT;

		lattice |= k == MB_GRID_HEX || k == MB_GRID_DELTA;
	}
	if (lattice && !mb_spec_where(s, "solutions", NULL, NULL))
		s->solutions_per_page = 2;
}

/* The rings of a polar book or section: its own, else its level's. */
static int polar_rings(const struct mb_level *level, int given)
{
	int a = 0, b = 0;

	if (given > 0)
		return given;
	if (level && mb_level_grid_size(level, MB_GRID_POLAR, MB_OUTLINE_RECTANGLE, &a, &b))
		return a;
	return 0;
}

/*
 * Fine circles print one solution a page when the spec gives no number:
 * in a smaller slot their narrowest rings come too close for mazeproof to
 * read them apart (measured on 8.5 x 11 in: hard circles, 19 rings, pass
 * four to a page; expert ones, 34 rings, fail even two to a page).
 */
#define MB_SPEC_SHARED_SOLUTION_MAX_RINGS 25
static void default_fine_circle_solutions(struct reader *r)
{
	struct mb_book_spec *s = r->spec;
	int rings = 0;

	if (mb_spec_where(s, "solutions", NULL, NULL))
		return;
	if (!s->section_count && s->grid_kind == MB_GRID_POLAR)
		rings = polar_rings(s->level, s->grid_a);
	for (int i = 0; i < s->section_count; i++) {
		const struct mb_section_spec *sec = &s->sections[i];
		const char *name = sec->ramp_to ? sec->ramp_to : sec->level;
		int n;

		if (sec->grid_kind != MB_GRID_POLAR)
			continue;
		n = polar_rings(name ? mb_level_find(name) : s->level, sec->grid_a);
		rings = n > rings ? n : rings;
	}
	if (rings > MB_SPEC_SHARED_SOLUTION_MAX_RINGS)
		s->solutions_per_page = 1;
}

/* After the mapping: required keys, title length, level overrides. */
static enum mb_status finish(struct reader *r, const int *seen, yaml_mark_t end)
{
	static const char *const required[] = { "title", "author", "level", "mazes" };
	struct mb_book_spec *s = r->spec;
	char missing[128] = "";
	size_t used = 0;
	int n = 0;

	/* with sections, the book's level and mazes are defaults the sections may give */
	for (size_t i = 0; i < (s->section_count ? 2 : COUNT(required)); i++) {
		for (size_t k = 0; k < COUNT(top_keys); k++) {
			if (!strcmp(top_keys[k].name, required[i]) && !seen[k]) {
				used += (size_t)snprintf(missing + used, sizeof(missing) - used,
							 "%s'%s'", n ? ", " : "", required[i]);
				n++;
			}
		}
	}
	if (n)
		return fail_at(r, line_of(end), column_of(end), "missing required key%s %s",
				n > 1 ? "s" : "", missing);
	if (s->subtitle) {
		struct mb_utf8_fault fault = { 0 };
		long chars = mb_utf8_chars(s->title, strlen(s->title), &fault) +
			     mb_utf8_chars(s->subtitle, strlen(s->subtitle), &fault);

		if (chars > MB_SPEC_MAX_TITLE_CHARS)
			return fail_at(r, line_of(end), column_of(end),
					"title and subtitle are %ld characters together (KDP allows at most %d)",
					chars, MB_SPEC_MAX_TITLE_CHARS);
	}
	if (s->section_count && start_sections(r) != MB_OK)
		return MB_ERR_INPUT;
	default_solutions(r);
	/* a theme gives the colours the spec left out */
	if (s->cover.theme) {
		const struct mb_cover_theme *t = mb_cover_theme_find(s->cover.theme);

		if (!mb_spec_where(s, "cover.background", NULL, NULL))
			s->cover.background_rgb = t->background_rgb;
		if (!mb_spec_where(s, "cover.text", NULL, NULL))
			s->cover.text_rgb = t->text_rgb;
	}
	/*
	 * The levels are portrait grids; the book draws its level with a grid
	 * shaped like the trim's maze room (mb_layout_fit_grid: portrait trims
	 * keep the level's, a landscape or square one gets its own). A grid
	 * the spec gives is the publisher's choice and kept as it is.
	 */
	if (r->grid_set && r->grid.kind == MB_GRID_RECT && r->grid.numbers == 2) {
		s->grid_w = r->grid.a;
		s->grid_h = r->grid.b;
	} else {
		level_grid(s, s->level, &s->grid_w, &s->grid_h);
	}
	if (r->grid_set && r->grid.kind != MB_GRID_RECT) {
		s->grid_kind = r->grid.kind;
		s->grid_a = r->grid.a;
		s->grid_b = r->grid.b;
	}
	if (resolve_outline(r, "grid", "grid_outline",
			    r->grid_set ? &r->grid : &(struct grid_value){ MB_GRID_RECT, 0, 0, 0 },
			    mb_spec_where(s, "grid_outline", NULL, NULL), r->outline,
			    &s->grid_outline) != MB_OK)
		return MB_ERR_INPUT;
	if (s->grid_outline != MB_OUTLINE_RECTANGLE && s->shape_count) {
		const char *key = mb_spec_where(s, "grid_outline", NULL, NULL) ? "grid_outline"
										 : "grid";
		int line = 0, column = 0;

		mb_spec_where(s, key, &line, &column);
		return fail_at(r, line, column,
				"'%s' makes the %s outline, but the book has a shape, which is the "
				"maze's outline: with a shape leave 'grid_outline' out (the "
				"rectangle) and give the size as COLSxROWS", key,
				mb_grid_outline_name(s->grid_outline));
	}
	if (s->grid_kind == MB_GRID_POLAR && s->shape_count) {
		int line = 0, column = 0;

		mb_spec_where(s, "shape", &line, &column);
		return fail_at(r, line, column,
				"'shape' is %s, but the grid is polar: a circular maze's outline is "
				"its circle, so shapes apply to square, hex and delta grids only; "
				"remove 'shape' or choose another grid", s->shapes[0]);
	}
	/* with auto the start applies to the generators that have one */
	if (s->start != MB_START_DEFAULT && strcmp(s->algorithm, "auto") &&
	    !mb_generator_has_start(mb_generator_find(s->algorithm))) {
		char list[256];
		int line = 0, column = 0;

		mb_generator_start_list(list, sizeof(list));
		mb_spec_where(s, "start", &line, &column);
		return fail_at(r, line, column,
				"'start' does not apply to %s, which has no start square (only %s "
				"have one): remove 'start' or choose one of those", s->algorithm,
				list);
	}
	mb_level_filter(s->level, &s->filter);
	if (r->ratio_set)
		s->filter.min_route_ratio = r->filter.min_route_ratio;
	if (r->forks_set)
		s->filter.min_forks = r->filter.min_forks;
	if (s->grid_kind == MB_GRID_RECT && check_filter_possible(r) != MB_OK)
		return MB_ERR_INPUT;
	if (s->section_count && finish_sections(r, end) != MB_OK)
		return MB_ERR_INPUT;
	if (check_gaps(r) != MB_OK)
		return MB_ERR_INPUT;
	default_fine_circle_solutions(r);
	return finish_editions(r, end);
}

static enum mb_status read_stream(struct reader *r, const char *text, size_t len)
{
	int seen[MAX_KEYS] = { 0 };
	yaml_mark_t end;

	if (next(r, text, len) != MB_OK)	/* STREAM-START */
		return MB_ERR_INPUT;
	if (next(r, text, len) != MB_OK)
		return MB_ERR_INPUT;
	if (r->ev.type == YAML_STREAM_END_EVENT)
		goto empty;
	if (next(r, text, len) != MB_OK)	/* after DOCUMENT-START */
		return MB_ERR_INPUT;
	if (r->ev.type == YAML_SCALAR_EVENT && plain_null(&r->ev))
		goto empty;
	if (r->ev.type != YAML_MAPPING_START_EVENT)
		return fail_mark(r, r->ev.start_mark,
				 r->ev.type == YAML_SEQUENCE_START_EVENT
				 ? "the spec must be keys and values such as 'title: ...', not a list"
				 : "the spec must be keys and values such as 'title: ...', not a string");
	if (read_mapping(r, text, len, top_keys, COUNT(top_keys), NULL, seen) != MB_OK)
		return MB_ERR_INPUT;
	end = r->ev.end_mark;
	if (next(r, text, len) != MB_OK)	/* DOCUMENT-END */
		return MB_ERR_INPUT;
	if (next(r, text, len) != MB_OK)
		return MB_ERR_INPUT;
	if (r->ev.type != YAML_STREAM_END_EVENT)
		return fail_mark(r, r->ev.start_mark,
				 "a spec is one YAML document; found a second one");
	return finish(r, seen, end);
empty:
	return fail_at(r, 1, 1,
			"the spec is empty (expected keys such as title, author, level and mazes)");
}

static char *folder_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return xstrdup(".");
	if (slash == path)
		return xstrdup("/");
	return xasprintf("%.*s", (int)(slash - path), path);
}

enum mb_status mb_spec_parse(const char *name, const char *text, size_t len,
			     struct mb_book_spec *spec, struct mb_error *err)
{
	struct reader r;
	struct mb_error local;
	enum mb_status status;

	mb_spec_init(spec);
	mb_error_init(&local);
	memset(&r, 0, sizeof(r));
	r.name = name;
	r.spec = spec;
	/* our own error record so that "the first error wins" holds within one read */
	r.err = &local;
	spec->path = xstrdup(name);
	spec->base_dir = folder_of(name);

	if (len > MB_SPEC_MAX_BYTES) {
		status = mb_error_set_at(&local, MB_ERR_INPUT, name, 0, 0,
					 "the spec is %zu bytes, more than the %d bytes (1 MiB) a spec may have",
					 len, MB_SPEC_MAX_BYTES);
	} else {
		if (!yaml_parser_initialize(&r.parser)) {
			mb_spec_release(spec);
			return mb_error_set(err, MB_ERR_INTERNAL, "cannot start the YAML parser");
		}
		/*
		 * Editors on Windows start a UTF-8 file with a byte order mark;
		 * libyaml then stumbles on the first line. It is not part of
		 * the text: skip it (line 1 column 1 stay where they are).
		 */
		if (len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3)) {
			text += 3;
			len -= 3;
		}
		yaml_parser_set_encoding(&r.parser, YAML_UTF8_ENCODING);
		yaml_parser_set_input_string(&r.parser, (const unsigned char *)text, len);
		status = read_stream(&r, text, len);
		if (r.have_ev)
			yaml_event_delete(&r.ev);
		yaml_parser_delete(&r.parser);
	}
	if (status != MB_OK) {
		if (err && err->code == MB_OK)
			*err = local;
		mb_spec_release(spec);
		return status;
	}
	return MB_OK;
}

enum mb_status mb_spec_load(const char *path, struct mb_book_spec *spec, struct mb_error *err)
{
	struct stat st;
	char *text;
	size_t len = 0;
	int fd;
	enum mb_status status;

	memset(spec, 0, sizeof(*spec));
	/*
	 * O_NONBLOCK: a named pipe nobody writes to would block the open for
	 * ever; now it opens and reads as empty. Reads block again (a pipe
	 * with a writer, such as /dev/stdin, is read as usual).
	 */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return mb_error_set(err, MB_ERR_IO, "cannot read '%s': %s", path, strerror(errno));
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	if (fstat(fd, &st)) {
		int e = errno;

		close(fd);
		return mb_error_set(err, MB_ERR_IO, "cannot read '%s': %s", path, strerror(e));
	}
	if (S_ISDIR(st.st_mode)) {
		close(fd);
		return mb_error_set(err, MB_ERR_IO, "cannot read '%s': it is a folder, not a file",
				    path);
	}
	/* read at most one byte past the limit: enough to know it is too big */
	text = xmalloc(MB_SPEC_MAX_BYTES + 1);
	for (;;) {
		ssize_t n = read(fd, text + len, MB_SPEC_MAX_BYTES + 1 - len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;

			close(fd);
			free(text);
			return mb_error_set(err, MB_ERR_IO, "cannot read '%s': %s", path,
					    strerror(e));
		}
		if (n == 0)
			break;
		len += (size_t)n;
		if (len > MB_SPEC_MAX_BYTES)
			break;
	}
	close(fd);
	if (len > MB_SPEC_MAX_BYTES) {
		free(text);
		return mb_error_set_at(err, MB_ERR_INPUT, path, 0, 0,
				       "the spec is larger than %d bytes (1 MiB); a spec is a short text file",
				       MB_SPEC_MAX_BYTES);
	}
	if (len == 0) {
		free(text);
		return mb_error_set_at(err, MB_ERR_INPUT, path, 0, 0,
				       "the file is empty (expected keys such as title, author, level and mazes)");
	}
	status = mb_spec_parse(path, text, len, spec, err);
	if (status == MB_OK) {
		spec->source = text;	/* the spec's own bytes, for a faithful copy */
		spec->source_len = len;
	} else {
		free(text);
	}
	return status;
}
