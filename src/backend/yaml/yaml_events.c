/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The spec's YAML, read with libyaml's event API and handed to the schema
 * (schema.h) as a flat stream of events (spec_event.h), one at a time as
 * the schema asks: the first problem, the YAML's or the schema's, ends the
 * read at its place. Events rather than the document API because events
 * carry the anchors and aliases we refuse (a spec has no use for them and
 * they are how "billion laughs" bombs are built), and because the schema
 * stops at the first list or mapping where a value belongs, so nesting
 * never grows beyond it. libyaml's marks are 0-based; events are 1-based.
 */
#include "config.h"
#include "mazebook/book/schema.h"
#include "mazebook/book/spec.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <yaml.h>

#include "mazebook/base/xalloc.h"
#include "mazebook/book/yaml_words.h"

/* the deepest mapping or list whose path is kept (the schema stops at 3) */
#define PATH_DEPTH 8
#define PATH_MAX_BYTES 160

/* an open mapping or list, for the paths of what is in it */
struct frame {
	bool map, want_key;	/* a mapping, and whether its next node is a key */
	int items;		/* a list's items so far */
	char key[65];		/* a mapping's last key and its place */
	struct mb_place key_at;
	char path[PATH_MAX_BYTES];
};

struct yaml_source {
	struct mb_event_source base;	/* first: the schema sees only this */
	const char *name;
	const char *text;
	size_t len;
	yaml_parser_t parser;
	yaml_event_t ev;
	bool have_ev;
	struct frame frames[PATH_DEPTH];
	int depth;		/* open mappings and lists, frames[] holds the first PATH_DEPTH */
	char path[PATH_MAX_BYTES];	/* the current event's */
	char note[MB_ERROR_MESSAGE_MAX];
};

static struct mb_place place_of(yaml_mark_t m)
{
	return (struct mb_place){ (int)m.line + 1, (int)m.column + 1 };
}

static int line_of(yaml_mark_t m)
{
	return (int)m.line + 1;
}

static int column_of(yaml_mark_t m)
{
	return (int)m.column + 1;
}

static enum mb_status fail_at(struct yaml_source *r, struct mb_error *err, int line, int column,
			      const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static enum mb_status fail_at(struct yaml_source *r, struct mb_error *err, int line, int column,
			      const char *fmt, ...)
{
	char msg[MB_ERROR_MESSAGE_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return mb_error_set_at(err, MB_ERR_INPUT, r->name, line, column, "%s", msg);
}

/* libyaml's error, handed to the plain words as plain data */
static enum mb_status yaml_problem(struct yaml_source *s, struct mb_error *err)
{
	const yaml_parser_t *p = &s->parser;
	struct mb_yaml_trouble t = {
		.name = s->name,
		.err = err,
		.kind = p->error == YAML_MEMORY_ERROR	? MB_YAML_MEMORY
			: p->error == YAML_READER_ERROR ? MB_YAML_READER
							: MB_YAML_SYNTAX,
		.problem = p->problem,
		.context = p->context,
		.problem_mark = place_of(p->problem_mark),
		.context_mark = place_of(p->context_mark),
		.problem_offset = p->problem_offset,
		.problem_value = p->problem_value,
	};

	return mb_yaml_problem(&t, s->text, s->len);
}

/* Refuse anchors, aliases and tags on the current event. */
static enum mb_status refuse_extras(struct yaml_source *r, struct mb_error *err)
{
	const yaml_event_t *e = &r->ev;
	const yaml_char_t *anchor = NULL, *tag = NULL;

	switch (e->type) {
	case YAML_ALIAS_EVENT:
		return fail_at(r, err, line_of(e->start_mark), column_of(e->start_mark),
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
		return fail_at(r, err, line_of(e->start_mark), column_of(e->start_mark),
				"YAML anchors and aliases are not allowed in a spec (found '&%.64s')",
				(const char *)anchor);
	if (tag)
		return fail_at(r, err, line_of(e->start_mark), column_of(e->start_mark),
				"YAML tags are not allowed in a spec (found '%.64s')",
				(const char *)tag);
	return MB_OK;
}

static bool plain_null(const yaml_event_t *e)
{
	const char *s = (const char *)e->data.scalar.value;

	return e->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
	       (!*s || !strcmp(s, "~") || !strcmp(s, "null") || !strcmp(s, "Null") ||
		!strcmp(s, "NULL"));
}

/* "parent.child", or child at the top */
static void join(char *out, const char *parent, const char *child)
{
	if (parent[0])
		snprintf(out, PATH_MAX_BYTES, "%.80s.%.64s", parent, child);
	else
		snprintf(out, PATH_MAX_BYTES, "%.64s", child);
}

/*
 * The path of the node that is the current event (s->path), and the
 * frame it is a key's value in (NULL when it is not one).
 */
static struct frame *place_node(struct yaml_source *s)
{
	struct frame *f;
	char index[16];

	if (!s->depth) {
		s->path[0] = '\0';
		return NULL;
	}
	if (s->depth > PATH_DEPTH) {
		snprintf(s->path, sizeof(s->path), "%s", s->frames[PATH_DEPTH - 1].path);
		return NULL;
	}
	f = &s->frames[s->depth - 1];
	if (f->map && f->want_key) {
		/* a key: its mapping's path */
		snprintf(s->path, sizeof(s->path), "%s", f->path);
		f->want_key = false;
		f->key_at = place_of(s->ev.start_mark);
		snprintf(f->key, sizeof(f->key), "%s",
			 s->ev.type == YAML_SCALAR_EVENT ? (const char *)s->ev.data.scalar.value
							 : "");
		return NULL;
	}
	if (f->map) {
		join(s->path, f->path, f->key);
		f->want_key = true;
		return f;
	}
	snprintf(index, sizeof(index), "%d", ++f->items);
	join(s->path, f->path, index);
	return NULL;
}

static void open_frame(struct yaml_source *s, bool map)
{
	if (s->depth < PATH_DEPTH) {
		struct frame *f = &s->frames[s->depth];

		memset(f, 0, sizeof(*f));
		f->map = map;
		f->want_key = true;
		snprintf(f->path, sizeof(f->path), "%s", s->path);
	}
	s->depth++;
}

static void close_frame(struct yaml_source *s)
{
	int d = s->depth <= PATH_DEPTH ? s->depth : PATH_DEPTH;

	snprintf(s->path, sizeof(s->path), "%s", d ? s->frames[d - 1].path : "");
	if (s->depth)
		s->depth--;
}

/* A scalar's event: its text, flags and, for a key's value, what ran on past its line. */
static void scalar_event(struct yaml_source *s, const struct frame *owner, struct mb_event *out)
{
	const yaml_event_t *e = &s->ev;
	yaml_scalar_style_t style = e->data.scalar.style;

	out->kind = MB_EVENT_SCALAR;
	out->text = (const char *)e->data.scalar.value;
	out->len = e->data.scalar.length;
	if (plain_null(e))
		out->flags |= MB_EVENT_NULL;
	if (style != YAML_PLAIN_SCALAR_STYLE)
		out->flags |= MB_EVENT_QUOTED;
	if (owner && e->end_mark.line != e->start_mark.line) {
		struct mb_yaml_scalar v = {
			out->text, out->len,
			style == YAML_SINGLE_QUOTED_SCALAR_STYLE   ? '\''
			: style == YAML_DOUBLE_QUOTED_SCALAR_STYLE ? '"'
			: style == YAML_PLAIN_SCALAR_STYLE	   ? 'p'
								   : 'b',
			e->start_mark.index, e->end_mark.index, place_of(e->start_mark),
			place_of(e->end_mark),
		};

		if (mb_yaml_folded(s->text, s->len, &v, owner->key, owner->key_at, s->note,
				   sizeof(s->note), &out->note_at)) {
			out->note = s->note;
			out->note_len = strlen(s->note);
		}
	}
}

/* The schema's event for libyaml's current one. */
static void make_event(struct yaml_source *s, struct mb_event *out)
{
	const yaml_event_t *e = &s->ev;
	struct frame *owner;

	memset(out, 0, sizeof(*out));
	out->text = "";
	out->path = s->path;
	out->at = place_of(e->start_mark);
	switch (e->type) {
	case YAML_DOCUMENT_START_EVENT:
		out->kind = MB_EVENT_DOCUMENT;
		s->path[0] = '\0';
		return;
	case YAML_MAPPING_END_EVENT:
	case YAML_SEQUENCE_END_EVENT:
		out->kind = e->type == YAML_MAPPING_END_EVENT ? MB_EVENT_MAP_END : MB_EVENT_LIST_END;
		if (e->type == YAML_MAPPING_END_EVENT)
			out->at = place_of(e->end_mark);
		close_frame(s);
		return;
	case YAML_SCALAR_EVENT:
		owner = place_node(s);
		scalar_event(s, owner, out);
		return;
	case YAML_MAPPING_START_EVENT:
	case YAML_SEQUENCE_START_EVENT:
		place_node(s);
		out->kind = e->type == YAML_MAPPING_START_EVENT ? MB_EVENT_MAP_START
								: MB_EVENT_LIST_START;
		if (e->type == YAML_MAPPING_START_EVENT &&
		    e->data.mapping_start.style == YAML_BLOCK_MAPPING_STYLE) {
			out->flags |= MB_EVENT_BLOCK;
			mb_yaml_line_key(s->text, s->len, out->at.line, &out->note,
					 &out->note_len);
		}
		open_frame(s, e->type == YAML_MAPPING_START_EVENT);
		return;
	default:
		out->kind = MB_EVENT_END;
		s->path[0] = '\0';
		return;
	}
}

/* the schema's next event: libyaml's next, past the stream's start and a document's end */
static enum mb_status source_next(struct mb_event_source *base, struct mb_event *out,
				  struct mb_error *err)
{
	struct yaml_source *s = (struct yaml_source *)base;

	for (;;) {
		if (s->have_ev)
			yaml_event_delete(&s->ev);
		s->have_ev = false;
		if (!yaml_parser_parse(&s->parser, &s->ev))
			return yaml_problem(s, err);
		s->have_ev = true;
		if (refuse_extras(s, err) != MB_OK)
			return MB_ERR_INPUT;
		if (s->ev.type != YAML_STREAM_START_EVENT && s->ev.type != YAML_DOCUMENT_END_EVENT)
			break;
	}
	make_event(s, out);
	return MB_OK;
}

enum mb_status mb_spec_parse(const char *name, const char *text, size_t len,
			     struct mb_book_spec *spec, struct mb_error *err)
{
	struct yaml_source s;
	enum mb_status status;

	if (len > MB_SPEC_MAX_BYTES) {
		struct mb_error local;

		mb_error_init(&local);
		mb_error_set_at(&local, MB_ERR_INPUT, name, 0, 0,
				"the spec is %zu bytes, more than the %d bytes (1 MiB) a spec may have",
				len, MB_SPEC_MAX_BYTES);
		if (err && err->code == MB_OK)
			*err = local;
		mb_spec_init(spec);
		mb_spec_release(spec);
		return MB_ERR_INPUT;
	}
	memset(&s, 0, sizeof(s));
	s.base.next = source_next;
	s.name = name;
	if (!yaml_parser_initialize(&s.parser)) {
		mb_spec_init(spec);
		mb_spec_release(spec);
		return mb_error_set(err, MB_ERR_INTERNAL, "cannot start the YAML parser");
	}
	/*
	 * Editors on Windows start a UTF-8 file with a byte order mark;
	 * libyaml then stumbles on the first line. It is not part of the
	 * text: skip it (line 1 column 1 stay where they are).
	 */
	if (len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3)) {
		text += 3;
		len -= 3;
	}
	s.text = text;
	s.len = len;
	yaml_parser_set_encoding(&s.parser, YAML_UTF8_ENCODING);
	yaml_parser_set_input_string(&s.parser, (const unsigned char *)text, len);
	status = mb_schema_read(name, &s.base, spec, err);
	if (s.have_ev)
		yaml_event_delete(&s.ev);
	yaml_parser_delete(&s.parser);
	return status;
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

