/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * JSON for mazebook, both ways: writing strings escaped per RFC 8259, and
 * the one reader of the project (RFC 8259, in time and memory linear in
 * the text: a string takes what it holds, never the rest of the file).
 * Numbers are kept as their text, so that 64-bit seeds stay exact.
 */
#ifndef MAZEBOOK_JSON_H
#define MAZEBOOK_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "mazebook/base/limits.h"

/* Write s as a JSON string literal, quotes included; NULL writes null. */
void mb_json_string(FILE *f, const char *s);

enum mb_json_type {
	MB_JSON_NULL, MB_JSON_BOOL, MB_JSON_NUMBER, MB_JSON_STRING, MB_JSON_ARRAY, MB_JSON_OBJECT
};

struct mb_json {
	enum mb_json_type type;
	char *text;		/* a string (UTF-8 as in the file, no NUL inside), a number's
				 * text, "true" or "false" */
	size_t len;		/* strlen(text) */
	size_t count;
	struct mb_json *items;	/* a list's items or an object's values */
	char **names;		/* an object's keys */
};

/* where and why a text is not JSON */
struct mb_json_fault {
	int line, column;	/* from 1 */
	const char *expected;	/* "a string that ends", "',' or ']' in a list" ... */
};

/*
 * Read one JSON value (len bytes of text, then only white space). false
 * with *fault filled when the text is not JSON, nested deeper than
 * MB_JSON_MAX_DEPTH, or holds a \u0000 (no C string can carry it); *out
 * then holds what was read before the fault (the value being read when
 * it came is null), which is enough to take the first members of a text
 * cut short. mb_json_free the value in either case.
 */
bool mb_json_parse(const char *text, size_t len, struct mb_json *out, struct mb_json_fault *fault);
void mb_json_free(struct mb_json *v);

/* the value of an object's key name (the first), or NULL (also when o is no object) */
const struct mb_json *mb_json_get(const struct mb_json *o, const char *name);
/* an object's string value, or NULL when absent or not a string */
const char *mb_json_get_string(const struct mb_json *o, const char *name);
/* true or false (no other value stands for either) */
bool mb_json_bool(const struct mb_json *v, bool *out);
/* a whole number within [min, max] */
bool mb_json_long(const struct mb_json *v, long min, long max, long *out);
/* a whole number 0 .. 2^64 - 1, exactly */
bool mb_json_u64(const struct mb_json *v, uint64_t *out);

#endif
