/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * A spec as a flat stream of events: what a file format's reader (the
 * YAML backend, the schema fuzzer) hands the schema (schema.h). The
 * schema pulls one event at a time, so the first problem, the format's or
 * the schema's, is the one reported, in the order the file has them.
 */
#ifndef MAZEBOOK_SPEC_EVENT_H
#define MAZEBOOK_SPEC_EVENT_H

#include <stddef.h>

#include "mazebook/base/error.h"

/* A place in the spec file, 1-based; 0 when there is none. */
struct mb_place {
	int line, column;
};

enum mb_event_kind {
	MB_EVENT_DOCUMENT,	/* a document starts (a second one is refused) */
	MB_EVENT_SCALAR,	/* a key or a value: text */
	MB_EVENT_MAP_START,
	MB_EVENT_MAP_END,	/* at: where the mapping ends, after its last value */
	MB_EVENT_LIST_START,
	MB_EVENT_LIST_END,
	MB_EVENT_END,		/* the stream ends */
};

/* scalar flags */
#define MB_EVENT_NULL 1u	/* written as nothing, ~ or null (unquoted) */
#define MB_EVENT_QUOTED 2u	/* in quotes or a block: a string, never a number */
/* a mapping start: written as indented lines (block style), not {...} */
#define MB_EVENT_BLOCK 4u

struct mb_event {
	enum mb_event_kind kind;
	/*
	 * Where the event is, as keys and 1-based list positions joined by
	 * dots: "cover.back", "sections.2.title", "editions.1"; "" at the
	 * top. A key's scalar has its mapping's path.
	 */
	const char *path;
	const char *text;	/* a scalar's text, NUL-terminated; else "" */
	size_t len;		/* of text: less than strlen's when it holds a NUL */
	struct mb_place at;	/* where it starts (MB_EVENT_MAP_END: where it ends) */
	unsigned flags;
	/*
	 * What the reader saw in the text around the event that the event
	 * alone does not show:
	 *  - a scalar value that ran on into the lines after it (a key
	 *    indented under it, a quote closed lines later): note is the
	 *    whole message, at note_at, for the schema to raise if it takes
	 *    the scalar as one key's value;
	 *  - a block mapping start: note is the key that opens its first
	 *    line (NULL when that line holds no plain key), for saying what
	 *    was indented under a key that takes one value.
	 * NULL when there is nothing to say.
	 */
	const char *note;
	size_t note_len;
	struct mb_place note_at;
};

/*
 * Where events come from. next fills *ev (valid until the next call) and
 * returns MB_OK, or returns an error it put in err (the format's own:
 * malformed text, an anchor, at its file, line and column).
 */
struct mb_event_source {
	enum mb_status (*next)(struct mb_event_source *src, struct mb_event *ev,
			       struct mb_error *err);
};

#endif
