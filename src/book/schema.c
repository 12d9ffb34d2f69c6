/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The schema fed by events (schema.h): a spec is one mapping of keys,
 * two levels deep at most (cover.back, sections.2.title); each key is
 * matched against its mapping's table (schema_set.c) and its value set
 * through it. Any list or mapping where a value belongs stops the read at
 * once, so nesting never grows beyond the schema. The first problem ends
 * the read, placed at the event's line and column; once every event is
 * read, resolve.c finishes the spec.
 */
#include "config.h"
#include "schema_reader.h"

#include <stdlib.h>
#include <string.h>

#include "mazebook/base/names.h"
#include "mazebook/base/xalloc.h"

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

	if (parent && has_key(mb_schema_top_keys, MB_SCHEMA_TOP_KEYS, name)) {
		snprintf(where, where_size, "'%s' is a key of the book, not of '%s'", name,
			 parent);
		snprintf(how, how_size,
			 "start it at column 1, like the other top-level keys, not indented under "
			 "'%s:'", in_section ? "sections" : parent);
		return true;
	}
	for (size_t i = 0; i < MB_SCHEMA_TOP_KEYS; i++) {
		const struct key *t = &mb_schema_top_keys[i];

		if (!t->sub || !has_key(t->sub, t->sub_count, name) ||
		    (parent && !strcmp(parent, t->name)) || (in_section && t->sub == mb_schema_section_keys))
			continue;
		if (t->sub == mb_schema_section_keys) {
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
				  const char *parent, const char *name, struct mb_place m)
{
	char in[64] = "", hint[640], where[160], how[200];
	const char *names[MAX_KEYS];
	size_t n = key_names(keys, count, names, COUNT(names));

	if (parent)
		snprintf(in, sizeof(in), " in '%s'", parent);
	/* a key of another mapping, at the wrong indentation */
	if (misplaced_key(parent, name, where, sizeof(where), how, sizeof(how))) {
		if (parent && has_key(mb_schema_top_keys, MB_SCHEMA_TOP_KEYS, name))
			return fail_at(r, m.line, m.column, "unknown key '%s'%s: %s; %s",
					name, in, where, how);
		return fail_at(r, m.line, m.column, "unknown key '%s'%s (%s %s)", name,
				in, where, how);
	}
	/* a typo is a few edits away; further than that, list the keys */
	if (mb_names_nearest(name, names, n))
		return fail_at(r, m.line, m.column, "unknown key '%s'%s (did you mean '%s'?)",
				name, in, mb_names_nearest(name, names, n));
	mb_names_hint(name, names, n, hint, sizeof(hint));
	return fail_at(r, m.line, m.column, "unknown key '%s'%s (%s)", name, in, hint);
}

/* ---- events ---- */


static enum mb_status next(struct reader *r)
{
	return r->src->next(r->src, &r->ev, r->err);
}

/* what the current event is, for "'x' must be ..., not a list" */
static const char *event_noun(const struct mb_event *e)
{
	switch (e->kind) {
	case MB_EVENT_SCALAR:
		return (e->flags & MB_EVENT_NULL) ? "empty" : "a string";
	case MB_EVENT_LIST_START:
		return "a list";
	case MB_EVENT_MAP_START:
		return "a mapping";
	default:
		return "a string";
	}
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
static enum mb_status read_list(struct reader *r,
				const struct key *k, const char *display)
{
	size_t index = 0;

	if (r->ev.kind != MB_EVENT_LIST_START)
		return fail_at(r, r->ev.at.line, r->ev.at.column,
				"'%s' must be %s, not %s", display, k->expect, event_noun(&r->ev));
	note_place(r->spec, display, r->ev.at.line, r->ev.at.column);
	for (;; index++) {
		struct scalar v;

		if (next(r) != MB_OK)
			return MB_ERR_INPUT;
		if (r->ev.kind == MB_EVENT_LIST_END)
			break;
		if (r->ev.kind != MB_EVENT_SCALAR)
			return fail_at(r, r->ev.at.line, r->ev.at.column,
					"'%s' must be %s, not a list with %s in it", display,
					k->expect, event_noun(&r->ev));
		v.key = display;
		v.text = r->ev.text;
		v.len = r->ev.len;
		v.null = (r->ev.flags & MB_EVENT_NULL);
		v.line = r->ev.at.line;
		v.column = r->ev.at.column;
		if (k->set(r, &v) != MB_OK)
			return MB_ERR_INPUT;
	}
	if (!index)
		return fail_at(r, r->ev.at.line, r->ev.at.column,
				"'%s' must not be empty (expected %s)", display, k->expect);
	return MB_OK;
}

static enum mb_status read_mapping(struct reader *r,
				   const struct key *keys, size_t count, const char *parent,
				   int *seen);
static enum mb_status indented_under(struct reader *r, const char *display,
				     const struct key *k, struct mb_place key_mark);

/*
 * Read "sections:", a list of mappings (the SEQUENCE_START is the current
 * event), each through mb_schema_section_keys with r->section set to its index; a
 * section is named "sections.N" (N from 1) in places and messages.
 */
static enum mb_status read_sections(struct reader *r,
				    const struct key *k, const char *display)
{
	struct mb_book_spec *s = r->spec;

	if (r->ev.kind != MB_EVENT_LIST_START)
		return fail_at(r, r->ev.at.line, r->ev.at.column,
				"'%s' must be %s, not %s", display, k->expect, event_noun(&r->ev));
	note_place(s, display, r->ev.at.line, r->ev.at.column);
	for (;;) {
		int sub_seen[MAX_KEYS] = { 0 };
		char name[32];

		if (next(r) != MB_OK)
			return MB_ERR_INPUT;
		if (r->ev.kind == MB_EVENT_LIST_END)
			break;
		if (r->ev.kind != MB_EVENT_MAP_START)
			return fail_at(r, r->ev.at.line, r->ev.at.column,
					"each of '%s' must be a mapping such as '- title: Warm-up' "
					"(then 'level:', 'mazes:' ... indented under it), not %s",
					display, event_noun(&r->ev));
		if (s->section_count >= MB_SPEC_MAX_SECTIONS)
			return fail_at(r, r->ev.at.line, r->ev.at.column,
					"'%s' has more than %d sections (merge some, or make a "
					"second book)", display, MB_SPEC_MAX_SECTIONS);
		r->section = s->section_count++;
		snprintf(name, sizeof(name), "%s.%d", display, r->section + 1);
		note_place(s, name, r->ev.at.line, r->ev.at.column);
		if (read_mapping(r, k->sub, k->sub_count, name, sub_seen) != MB_OK)
			return MB_ERR_INPUT;
	}
	if (!s->section_count)
		return fail_at(r, r->ev.at.line, r->ev.at.column,
				"'%s' must not be empty (expected %s)", display, k->expect);
	return MB_OK;
}

/*
 * Read a mapping's keys (the MAPPING_START is the current event) until its
 * end, setting values through the key table. seen[i] is the line where
 * keys[i] was given, 0 if not.
 */
static enum mb_status read_mapping(struct reader *r,
				   const struct key *keys, size_t count, const char *parent,
				   int *seen)
{
	for (;;) {
		const struct key *k = NULL;
		struct mb_place key_mark;
		char name[65];
		char display[96];
		size_t ki;

		if (next(r) != MB_OK)
			return MB_ERR_INPUT;
		if (r->ev.kind == MB_EVENT_MAP_END)
			return MB_OK;
		key_mark = r->ev.at;
		if (r->ev.kind != MB_EVENT_SCALAR)
			return fail_at(r, key_mark.line, key_mark.column,
					"a key must be a plain name such as 'title', not %s",
					event_noun(&r->ev));
		snprintf(name, sizeof(name), "%s", r->ev.text);
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
			    r->ev.len == strlen(keys[ki].name)) {
				k = &keys[ki];
				break;
			}
		}
		if (!k)
			return unknown_key(r, keys, count, parent, name, key_mark);
		if (seen[ki])
			return fail_at(r, key_mark.line, key_mark.column,
					"duplicate key '%s' (first given at line %d)", name,
					seen[ki]);
		seen[ki] = key_mark.line;
		if (parent)
			snprintf(display, sizeof(display), "%s.%s", parent, k->name);
		else
			snprintf(display, sizeof(display), "%s", k->name);

		if (next(r) != MB_OK)
			return MB_ERR_INPUT;
		if (k->sub == mb_schema_section_keys) {
			if (read_sections(r, k, display) != MB_OK)
				return MB_ERR_INPUT;
		} else if (takes_list(k) && !(takes_scalar_too(k) && r->ev.kind == MB_EVENT_SCALAR)) {
			if (read_list(r, k, display) != MB_OK)
				return MB_ERR_INPUT;
		} else if (k->sub && !(k->set && r->ev.kind == MB_EVENT_SCALAR)) {
			int sub_seen[MAX_KEYS] = { 0 };

			if (r->ev.kind != MB_EVENT_MAP_START)
				return fail_at(r, r->ev.at.line,
						r->ev.at.column,
						"'%s' must be %s, not %s", display, k->expect,
						event_noun(&r->ev));
			if (read_mapping(r, k->sub, k->sub_count, k->name,
					 sub_seen) != MB_OK)
				return MB_ERR_INPUT;
		} else {
			struct scalar v;

			if (r->ev.kind == MB_EVENT_MAP_START &&
			    (r->ev.flags & MB_EVENT_BLOCK))
				return indented_under(r, display, k, key_mark);
			if (r->ev.kind != MB_EVENT_SCALAR)
				return fail_at(r, r->ev.at.line,
						r->ev.at.column,
						"'%s' must be %s, not %s", display, k->expect,
						event_noun(&r->ev));
			/* the source saw the value run on into the lines after it
			 * (a source that gives no words still gets a placed error) */
			if (r->ev.note && r->ev.note[0])
				return fail_at(r, r->ev.note_at.line, r->ev.note_at.column, "%s",
						r->ev.note);
			if (r->ev.note)
				return fail_at(r, r->ev.at.line, r->ev.at.column,
						"the value of '%s' runs on into the lines after it: "
						"end it on its line or quote it", display);
			v.key = display;
			v.text = r->ev.text;
			v.len = r->ev.len;
			v.null = (r->ev.flags & MB_EVENT_NULL);
			v.quoted = (r->ev.flags & MB_EVENT_QUOTED);
			v.line = r->ev.at.line;
			v.column = r->ev.at.column;
			note_place(r->spec, display, v.line, v.column);
			if (k->set(r, &v) != MB_OK)
				return MB_ERR_INPUT;
		}
	}
}


/*
 * A key whose value is one word or line (level, title) got an indented
 * mapping, the current event: "level:" and, under it, "  grid: 9x9". Its
 * first key (the event's note: the key that opens the mapping's line) is
 * named, and where it goes.
 */
static enum mb_status indented_under(struct reader *r, const char *display,
				     const struct key *k, struct mb_place key_mark)
{
	int line = r->ev.at.line, column = r->ev.at.column;
	const char *first = r->ev.note;
	int first_len = (int)r->ev.note_len;

	if (!first || r->ev.note_len > 64)
		return fail_at(r, line, column, "'%s' must be %s, not a mapping", display,
				k->expect);
	return fail_at(r, line, column,
			"'%s' must be %s, not a mapping: '%.*s:' on line %d is indented under "
			"'%s:', so YAML reads it as a key inside '%s'; give '%s' its value on "
			"the same line (%s: ...) and start '%.*s:' at column %d, like '%s:'",
			display, k->expect, first_len, first, line, k->name, k->name, k->name,
			k->name, first_len, first, key_mark.column, k->name);
}

/* Is name a key of any mapping of the spec? */
bool mb_schema_known_key(const char *name)
{
	if (has_key(mb_schema_top_keys, MB_SCHEMA_TOP_KEYS, name))
		return true;
	for (size_t i = 0; i < MB_SCHEMA_TOP_KEYS; i++)
		if (mb_schema_top_keys[i].sub &&
		    has_key(mb_schema_top_keys[i].sub, mb_schema_top_keys[i].sub_count, name))
			return true;
	return false;
}


static enum mb_status read_stream(struct reader *r)
{
	int seen[MAX_KEYS] = { 0 };
	struct mb_place end;

	if (next(r) != MB_OK)
		return MB_ERR_INPUT;
	if (r->ev.kind == MB_EVENT_END)
		goto empty;
	if (r->ev.kind == MB_EVENT_DOCUMENT && next(r) != MB_OK)
		return MB_ERR_INPUT;
	if (r->ev.kind == MB_EVENT_SCALAR && (r->ev.flags & MB_EVENT_NULL))
		goto empty;
	if (r->ev.kind != MB_EVENT_MAP_START)
		return fail_at(r, r->ev.at.line, r->ev.at.column, "%s",
				r->ev.kind == MB_EVENT_LIST_START
				? "the spec must be keys and values such as 'title: ...', not a list"
				: "the spec must be keys and values such as 'title: ...', not a string");
	if (read_mapping(r, mb_schema_top_keys, MB_SCHEMA_TOP_KEYS, NULL, seen) != MB_OK)
		return MB_ERR_INPUT;
	end = r->ev.at;
	if (next(r) != MB_OK)
		return MB_ERR_INPUT;
	if (r->ev.kind != MB_EVENT_END)
		return fail_at(r, r->ev.at.line, r->ev.at.column,
				"a spec is one YAML document; found a second one");
	return mb_schema_finish(r, seen, end);
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


enum mb_status mb_schema_read(const char *name, struct mb_event_source *src,
			      struct mb_book_spec *spec, struct mb_error *err)
{
	struct reader r;
	struct mb_error local;
	enum mb_status status;

	mb_spec_init(spec);
	mb_error_init(&local);
	memset(&r, 0, sizeof(r));
	r.name = name;
	r.src = src;
	r.spec = spec;
	/* our own error record so that "the first error wins" holds within one read */
	r.err = &local;
	spec->path = xstrdup(name);
	spec->base_dir = folder_of(name);
	status = read_stream(&r);
	if (status != MB_OK) {
		if (err && err->code == MB_OK)
			*err = local;
		mb_spec_release(spec);
	}
	return status;
}
