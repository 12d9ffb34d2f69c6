/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * A YAML spec's troubles in plain words: the parser's errors, and values
 * that ran on past their line, said in terms of the spec's own lines.
 * Plain data in, no libyaml here (so the words sit in the core, testable
 * without the parser): src/backend/yaml/yaml_events.c copies what libyaml
 * knows into these structs.
 */
#ifndef MAZEBOOK_YAML_WORDS_H
#define MAZEBOOK_YAML_WORDS_H

#include <stdbool.h>
#include <stddef.h>

#include "mazebook/base/error.h"
#include "mazebook/book/spec_event.h"

/* libyaml's error, as the parser gave it (marks made 1-based) */
struct mb_yaml_trouble {
	const char *name;	/* the spec, for messages */
	struct mb_error *err;
	enum { MB_YAML_SYNTAX, MB_YAML_READER, MB_YAML_MEMORY } kind;
	const char *problem, *context;	/* may be NULL */
	struct mb_place problem_mark, context_mark;
	size_t problem_offset;	/* a reader error's byte */
	int problem_value;	/* its value, or -1 */
};

/* Report t at its place in err, in plain words where we have them; MB_ERR_INPUT. */
enum mb_status mb_yaml_problem(const struct mb_yaml_trouble *t, const char *text, size_t len);

/* a scalar value as the parser read it */
struct mb_yaml_scalar {
	const char *value;
	size_t length;
	char quote;		/* '\'' or '"' when quoted, 'p' plain, 'b' a block */
	size_t start, end;	/* byte offsets of its start and end in the text */
	struct mb_place start_at, end_at;
};

/*
 * A scalar value v of key (given at key_at) that took in the lines after
 * it: a key indented under it, or a quote closed lines later. true with
 * the message in out and its place in *at, else false.
 */
bool mb_yaml_folded(const char *text, size_t len, const struct mb_yaml_scalar *v,
		    const char *key, struct mb_place key_at, char *out, size_t size,
		    struct mb_place *at);

/*
 * The plain key ("name:") that opens line (1-based) of the text: true with
 * *key pointing into text and *key_len, else false.
 */
bool mb_yaml_line_key(const char *text, size_t len, int line, const char **key,
		      size_t *key_len);

#endif
