/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The schema's reader, shared by its files (private to src/book):
 * schema.c reads the events, schema_value.c judges values by type and
 * range, schema_set.c holds the key tables and what each key sets,
 * resolve.c finishes the spec once every event is read.
 */
#ifndef MAZEBOOK_SCHEMA_READER_H
#define MAZEBOOK_SCHEMA_READER_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "mazebook/book/schema.h"

/* a scalar value with its place, as the key handlers see it */
struct scalar {
	const char *key;	/* "mazes", "cover.back": for messages */
	const char *text;	/* NUL-terminated */
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
	struct mb_event_source *src;
	struct mb_event ev;	/* the current event */
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

/* the key tables (schema_set.c): the book's, and a section's */
#define MB_SCHEMA_TOP_KEYS 41
#define MB_SCHEMA_SECTION_KEYS 11
extern const struct key mb_schema_top_keys[MB_SCHEMA_TOP_KEYS];
extern const struct key mb_schema_section_keys[MB_SCHEMA_SECTION_KEYS];
/* the most keys a mapping has, for the seen[] of a mapping */
#define MAX_KEYS MB_SCHEMA_TOP_KEYS

static inline enum mb_status fail_at(struct reader *r, int line, int column, const char *fmt,
				     ...) __attribute__((format(printf, 4, 5)));

/* The schema's error at a place of the file (the first error wins). */
static inline enum mb_status fail_at(struct reader *r, int line, int column, const char *fmt, ...)
{
	char msg[MB_ERROR_MESSAGE_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return mb_error_set_at(r->err, MB_ERR_INPUT, r->name, line, column, "%s", msg);
}

/* Re-report an error a core lookup gave (no place) at v's place. */
static inline enum mb_status fail_with(struct reader *r, const struct scalar *v,
				       const struct mb_error *inner)
{
	return fail_at(r, v->line, v->column, "%s", inner->message);
}

/* values by type and range (schema_value.c): each fails at v's place */
enum mb_status mb_schema_take_path(struct reader *r, const struct scalar *v,
				   enum mb_spec_path_kind kind, char **path);
void mb_schema_did_you_mean(const char *word, const char *const *names, size_t count, char *buf,
			    size_t size);
int mb_schema_take_name(struct reader *r, const struct scalar *v, const char *what,
			const char *const *names, size_t count);
const struct mb_level *mb_schema_take_level(struct reader *r, const struct scalar *v,
					    const char *text);
enum mb_status mb_schema_take_string(struct reader *r, const struct scalar *v, long max,
				     char **out);
enum mb_status mb_schema_take_word(struct reader *r, const struct scalar *v, const char *expect);
enum mb_status mb_schema_take_plain_number(struct reader *r, const struct scalar *v,
					   bool fraction, const char *expect);
bool mb_schema_parse_u64(const char *s, uint64_t *out, bool *overflow);
enum mb_status mb_schema_take_int(struct reader *r, const struct scalar *v, int min, int max,
				  int *out);
enum mb_status mb_schema_take_double(struct reader *r, const struct scalar *v, double min,
				     double max, double *out);
enum mb_status mb_schema_take_bool(struct reader *r, const struct scalar *v, bool *out);
enum mb_status mb_schema_take_colour(struct reader *r, const struct scalar *v, uint32_t *out);
enum mb_status mb_schema_refuse_emoji(struct reader *r, const struct scalar *v);
enum mb_status mb_schema_take_line(struct reader *r, const struct scalar *v, long max,
				   char **out);
enum mb_status mb_schema_take_grid(struct reader *r, const struct scalar *v,
				   struct grid_value *out);
enum mb_status mb_schema_take_outline(struct reader *r, const struct scalar *v,
				      enum mb_grid_outline *out);

/* After every event (resolve.c): required keys, defaults, sections, editions. */
enum mb_status mb_schema_finish(struct reader *r, const int *seen, struct mb_place end);

#endif
