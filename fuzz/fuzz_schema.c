/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * libFuzzer target for the schema alone (schema.h), with no YAML: the
 * input is decoded into events (spec_event.h), one a line, and the schema
 * must give MB_OK with a whole spec or a placed error, never a crash, a
 * leak or a read past an event's text. Build and run with clang
 * (`make fuzz/fuzz_schema`, `make fuzz`).
 *
 * The format, one event a line; the line's number is the event's line,
 * its leading spaces + 1 its column:
 *   -       a document starts          .       the stream ends
 *   {  }    a mapping starts, ends     (KEY    a block mapping starts; KEY
 *   [  ]    a list starts, ends                opens its first line (the note)
 *   =TEXT   a plain scalar (empty, ~ or null: a null one)
 *   'TEXT   a quoted scalar
 *   ^TEXT   a note for the next scalar: the source saw it run on
 *   anything else: the source fails there (as malformed text would)
 * In TEXT, \n is a newline, \0 a NUL byte and \\ a backslash. Input that
 * ends without '.' ends the stream there.
 */
#include "config.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/book/schema.h"

#define DEPTH 8
#define PATH_BYTES 160

struct line_source {
	struct mb_event_source base;	/* first: the schema sees only this */
	const char *data;
	size_t size, pos;
	int line;
	char *text;		/* the current event's text, owned */
	char note[512];
	bool have_note;
	/* the open mappings and lists, for the events' paths */
	int depth;
	bool map[DEPTH], want_key[DEPTH];
	int items[DEPTH];
	char key[DEPTH][65];
	char paths[DEPTH][PATH_BYTES];
	char path[PATH_BYTES];
};

/* TEXT with its escapes undone into a new buffer; *len its length */
static char *unescape(const char *s, size_t n, size_t *len)
{
	char *out = malloc(n + 1);
	size_t k = 0;

	if (!out)
		abort();
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\\' && i + 1 < n) {
			char c = s[++i];

			out[k++] = c == 'n' ? '\n' : c == '0' ? '\0' : c;
		} else {
			out[k++] = s[i];
		}
	}
	out[k] = '\0';
	*len = k;
	return out;
}

/* the path of a node in the innermost open container, as the YAML source makes it */
static void place_node(struct line_source *s, bool scalar)
{
	int d = s->depth - 1;

	if (d < 0 || d >= DEPTH) {
		snprintf(s->path, sizeof(s->path), "%s", d < 0 ? "" : s->paths[DEPTH - 1]);
		return;
	}
	if (s->map[d] && s->want_key[d]) {
		snprintf(s->path, sizeof(s->path), "%s", s->paths[d]);
		snprintf(s->key[d], sizeof(s->key[d]), "%s", scalar ? s->text : "");
		s->want_key[d] = false;
		return;
	}
	if (s->map[d]) {
		s->want_key[d] = true;
		snprintf(s->path, sizeof(s->path), "%s%s%.64s", s->paths[d], s->paths[d][0] ? "." : "",
			 s->key[d]);
		return;
	}
	snprintf(s->path, sizeof(s->path), "%s%s%d", s->paths[d], s->paths[d][0] ? "." : "",
		 ++s->items[d]);
}

static void open_container(struct line_source *s, bool map)
{
	if (s->depth < DEPTH) {
		s->map[s->depth] = map;
		s->want_key[s->depth] = true;
		s->items[s->depth] = 0;
		snprintf(s->paths[s->depth], PATH_BYTES, "%s", s->path);
	}
	s->depth++;
}

static void close_container(struct line_source *s)
{
	int d = s->depth <= DEPTH ? s->depth : DEPTH;

	snprintf(s->path, sizeof(s->path), "%s", d ? s->paths[d - 1] : "");
	if (s->depth)
		s->depth--;
}

/* one event from the line body[0..n) */
static enum mb_status decode(struct line_source *s, const char *body, size_t n,
			     struct mb_event *ev, struct mb_error *err)
{
	char kind = n ? body[0] : '\0';

	free(s->text);
	s->text = unescape(body + (n > 0), n - (n > 0), &ev->len);
	ev->text = s->text;
	switch (kind) {
	case '-':
		ev->kind = MB_EVENT_DOCUMENT;
		break;
	case '.':
		ev->kind = MB_EVENT_END;
		break;
	case '{':
	case '(':
	case '[':
		place_node(s, false);
		ev->kind = kind == '[' ? MB_EVENT_LIST_START : MB_EVENT_MAP_START;
		if (kind == '(') {
			ev->flags = MB_EVENT_BLOCK;
			ev->note = ev->len ? s->text : NULL;
			ev->note_len = ev->len;
		}
		open_container(s, kind != '[');
		break;
	case '}':
	case ']':
		ev->kind = kind == '}' ? MB_EVENT_MAP_END : MB_EVENT_LIST_END;
		close_container(s);
		break;
	case '=':
	case '\'':
		ev->kind = MB_EVENT_SCALAR;
		ev->flags = kind == '\'' ? MB_EVENT_QUOTED
			    : (!ev->len || !strcmp(s->text, "~") || !strcmp(s->text, "null"))
				    ? MB_EVENT_NULL
				    : 0;
		place_node(s, true);
		if (s->have_note) {
			ev->note = s->note;
			ev->note_len = strlen(s->note);
			ev->note_at = ev->at;
		}
		break;
	default:
		return mb_error_set_at(err, MB_ERR_INPUT, "fuzz", ev->at.line, ev->at.column,
				       "not an event: '%c'", kind);
	}
	s->have_note = false;
	return MB_OK;
}

static enum mb_status next_event(struct mb_event_source *base, struct mb_event *ev,
				 struct mb_error *err)
{
	struct line_source *s = (struct line_source *)base;

	for (;;) {
		const char *start = s->data + s->pos, *nl;
		size_t n, indent = 0;

		memset(ev, 0, sizeof(*ev));
		ev->text = "";
		ev->path = s->path;
		if (s->pos >= s->size) {
			ev->kind = MB_EVENT_END;
			ev->at = (struct mb_place){ s->line + 1, 1 };
			return MB_OK;
		}
		nl = memchr(start, '\n', s->size - s->pos);
		n = nl ? (size_t)(nl - start) : s->size - s->pos;
		s->pos += n + (nl != NULL);
		s->line++;
		while (indent < n && start[indent] == ' ')
			indent++;
		ev->at = (struct mb_place){ s->line, (int)indent + 1 };
		if (indent < n && start[indent] == '^') {
			snprintf(s->note, sizeof(s->note), "%.*s", (int)(n - indent - 1),
				 start + indent + 1);
			s->have_note = true;
			continue;
		}
		return decode(s, start + indent, n - indent, ev, err);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct line_source src;
	struct mb_book_spec spec;
	struct mb_error err;
	/* a private copy so that ASan sees any read past size */
	char *copy = malloc(size ? size : 1);

	if (!copy)
		return 0;
	memcpy(copy, data, size);
	memset(&src, 0, sizeof(src));
	src.base.next = next_event;
	src.data = copy;
	src.size = size;
	mb_error_init(&err);
	if (mb_schema_read("fuzz.yaml", &src.base, &spec, &err) == MB_OK) {
		if (!spec.title || !spec.author || !spec.level || spec.mazes < 1)
			abort();
		mb_spec_release(&spec);
	} else if (!err.message[0] || err.line < 0 || err.column < 0) {
		abort();
	}
	free(src.text);
	free(copy);
	return 0;
}
