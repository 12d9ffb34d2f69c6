/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Reading a built book's manifest.json for the catalogue (`catalogue
 * check` and `import`): a small JSON reader (RFC 8259, numbers kept as
 * their text so that 64-bit seeds stay exact) and the few fields the
 * catalogue needs. A manifest from before the catalogue has no book id and
 * no keys: the id is made as a build makes it (title and seed) and each
 * maze is made again from its recipe to take its key.
 */
#include "config.h"
#include "mazebook/book/catalogue.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/json.h"
#include "mazebook/base/printable.h"
#include "mazebook/base/sha256.h"
#include "mazebook/base/xalloc.h"
#include "mazebook/book/level.h"
#include "mazebook/book/spec.h"
#include "mazebook/gen/generator.h"

/* a series' volume: the spec's id and "-vol-100"; its title "Vol. 100" longer */
#define MANIFEST_MAX_BOOK_ID (MB_SPEC_MAX_BOOK_ID + 8)
#define MANIFEST_MAX_TITLE_CHARS (MB_SPEC_MAX_TITLE_CHARS + 16)
#define MANIFEST_MAX_WORD 64

static const char *get_str(const struct mb_json *o, const char *name)
{
	return mb_json_get_string(o, name);
}

static bool get_int(const struct mb_json *o, const char *name, int min, int max, int *out)
{
	long n;

	if (!mb_json_long(mb_json_get(o, name), min, max, &n))
		return false;
	*out = (int)n;
	return true;
}

/* letters, digits, '.', '_' and '-', 1 to max of them: a spec's book_id, a generator's name */
static bool is_word(const char *s, size_t max)
{
	size_t n = strlen(s);

	return n >= 1 && n <= max && strspn(s, "abcdefghijklmnopqrstuvwxyz"
					    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") == n;
}

/* what is wrong with a manifest's word (book_id, level, generator), or NULL */
static const char *bad_word(const char *s, size_t max, char *buf, size_t size)
{
	if (is_word(s, max))
		return NULL;
	snprintf(buf, size, "must be 1 to %zu letters, digits, '.', '_' or '-'%s", max,
		 strlen(s) > max ? " (it is longer)" : "");
	return buf;
}

/* what is wrong with a manifest's title, or NULL: as a spec's title, one line of UTF-8 */
static const char *bad_title(const char *s, char *buf, size_t size)
{
	size_t chars;
	bool controls;

	if (!mb_utf8_check(s, strlen(s), &chars, &controls))
		return "is not UTF-8";
	if (controls)
		return "holds a control character (a terminal escape, a line break, a tab)";
	if (!chars)
		return "is empty";
	if (chars > MANIFEST_MAX_TITLE_CHARS) {
		snprintf(buf, size, "has %zu characters, over %d", chars, MANIFEST_MAX_TITLE_CHARS);
		return buf;
	}
	return NULL;
}

static enum mb_status refuse_field(const char *name, const char *field, const char *value,
				   const char *why, struct mb_error *err)
{
	char shown[96];

	return mb_error_set(err, MB_ERR_INPUT, "'%s': '%s' is '%s': it %s; not imported (is this "
			    "a manifest.json written by mazebook?)", name, field,
			    mb_printable(value, shown, sizeof(shown)), why);
}

static bool is_key(const char *s)
{
	return s && strlen(s) == 64 && strspn(s, "0123456789abcdef") == 64;
}

/* a maze's recipe made again for its key (a manifest written before keys were) */
static enum mb_status regenerate(const char *name, const struct mb_json *o,
				 struct mb_catalogue_maze *z, struct mb_error *err)
{
	const struct mb_generator *gen = mb_generator_find(z->generator);
	const char *start = get_str(o, "start");
	struct mb_gen_options opt;
	struct mb_maze *mz;

	if (!gen)
		return mb_error_set(err, MB_ERR_INPUT, "'%s': maze %d's generator '%s' is unknown "
				    "to this mazebook", name, z->number, z->generator);
	/* such a manifest is a square grid's, at most as large as a spec may ask */
	if (z->w < 2 || z->h < 2 || z->w > MB_SPEC_MAX_GRID || z->h > MB_SPEC_MAX_GRID)
		return mb_error_set(err, MB_ERR_INPUT, "'%s': maze %d's 'size' is %dx%d: each side "
				    "must be 2 to %d", name, z->number, z->w, z->h, MB_SPEC_MAX_GRID);
	mz = mb_maze_new(z->w, z->h, err);
	if (!mz)
		return MB_ERR_INPUT;
	mb_gen_options_init(&opt);
	if (start && mb_start_parse(start, &opt.start, err)) {
		mb_maze_free(mz);
		return MB_ERR_INPUT;
	}
	mb_generate(gen, mz, z->seed, &opt);
	mb_canon_key_maze(mz, z->key);
	mb_maze_free(mz);
	return MB_OK;
}

/* one maze of the manifest: its key, or its recipe made again */
static enum mb_status take_maze(const char *name, const struct mb_json *o, size_t index,
				const char *place, struct mb_catalogue_manifest *m,
				struct mb_error *err)
{
	struct mb_catalogue_maze *z = &m->mazes[index];
	const struct mb_json *size = mb_json_get(o, "size");
	const char *gen_name = get_str(o, "generator"), *key = get_str(o, "key");
	long w, h;
	char why[96], field[48];

	if (!get_int(o, "number", 1, 1000000, &z->number) ||
	    !get_int(o, "page", 0, 10000000, &z->page) || !gen_name ||
	    !mb_json_u64(mb_json_get(o, "seed"), &z->seed) || !size ||
	    size->type != MB_JSON_ARRAY || size->count != 2 ||
	    !mb_json_long(&size->items[0], 1, 1000000, &w) ||
	    !mb_json_long(&size->items[1], 1, 1000000, &h))
		return mb_error_set(err, MB_ERR_INPUT,
				    "'%s': maze %zu of '%s' lacks its number, page, generator, "
				    "seed or size (two whole numbers): not a mazebook manifest?", name,
				    index + 1, strcmp(place, "interior") ? "other_mazes" : "mazes");
	snprintf(field, sizeof(field), "maze %d's generator", z->number);
	if (bad_word(gen_name, MANIFEST_MAX_WORD, why, sizeof(why)))
		return refuse_field(name, field, gen_name, why, err);
	z->w = (int)w;
	z->h = (int)h;
	z->place = place;
	z->generator = xstrdup(gen_name);
	z->level = m->level;
	/* a book of sections gives each maze's level (a name of the levels table) */
	if (get_str(o, "level") && mb_level_find(get_str(o, "level")))
		z->level = mb_level_find(get_str(o, "level"))->name;
	if (key) {
		if (!is_key(key)) {
			snprintf(field, sizeof(field), "maze %d's key", z->number);
			return refuse_field(name, field, key, "must be 64 hex digits (0-9, a-f)",
					    err);
		}
		memcpy(z->key, key, MB_CANON_KEY_SIZE);
		return MB_OK;
	}
	m->regenerated++;
	return regenerate(name, o, z, err);
}

/* the book's id, title and level, each checked as a spec's */
static enum mb_status take_book(const char *name, const struct mb_json *root,
				struct mb_catalogue_manifest *m, struct mb_error *err)
{
	const char *title = get_str(root, "title"), *id = get_str(root, "book_id");
	const char *level = get_str(root, "level"), *why;
	char buf[96];

	if ((why = bad_title(title, buf, sizeof(buf))))
		return refuse_field(name, "title", title, why, err);
	if (id && (why = bad_word(id, MANIFEST_MAX_BOOK_ID, buf, sizeof(buf))))
		return refuse_field(name, "book_id", id, why, err);
	if (level && level[0] && (why = bad_word(level, MANIFEST_MAX_WORD, buf, sizeof(buf))))
		return refuse_field(name, "level", level, why, err);
	m->title = xstrdup(title);
	m->level = xstrdup(level ? level : "");
	if (id) {
		m->book_id = xstrdup(id);
	} else {
		/* as mb_spec_book_id makes it: the title and the seed */
		uint64_t seed = 0;
		char *t, hex[MB_SHA256_HEX_SIZE];

		if (!mb_json_u64(mb_json_get(root, "seed"), &seed))
			return mb_error_set(err, MB_ERR_INPUT, "'%s' has no 'book_id' and no 'seed'",
					    name);
		t = xasprintf("%s\n%" PRIu64, title, seed);
		mb_sha256_hex(t, strlen(t), hex);
		free(t);
		m->book_id = xasprintf("t-%.16s", hex);
	}
	return MB_OK;
}

/* the title page's and the cover's own mazes (manifests before them have none) */
static enum mb_status take_others(const char *name, const struct mb_json *others,
				  struct mb_catalogue_manifest *m, struct mb_error *err)
{
	static const char *const places[] = { "title-page", "cover-front", "cover-back" };
	enum mb_status st = MB_OK;

	for (size_t i = 0; others && i < others->count && !st; i++) {
		const char *place = get_str(&others->items[i], "place");
		size_t k = 0;

		while (place && k < 3 && strcmp(place, places[k]))
			k++;
		if (!place || k == 3)
			return mb_error_set(err, MB_ERR_INPUT, "'%s': other maze %zu has no place "
					    "(title-page, cover-front or cover-back)", name, i + 1);
		st = take_maze(name, &others->items[i], m->count, places[k], m, err);
		m->count++;
	}
	return st;
}

enum mb_status mb_catalogue_manifest_read(const char *name, const char *text, size_t len,
					  struct mb_catalogue_manifest *m, struct mb_error *err)
{
	struct mb_json root;
	struct mb_json_fault fault;
	const struct mb_json *mazes, *others;
	enum mb_status st = MB_OK;

	memset(m, 0, sizeof(*m));
	if (!mb_json_parse(text, len, &root, &fault)) {
		mb_json_free(&root);
		return mb_error_set(err, MB_ERR_INPUT, "'%s':%d:%d: not valid JSON: expected %s",
				    name, fault.line, fault.column, fault.expected);
	}
	mazes = mb_json_get(&root, "mazes");
	others = mb_json_get(&root, "other_mazes");
	if (others && others->type != MB_JSON_ARRAY)
		others = NULL;
	if (!get_str(&root, "title") || !mazes || mazes->type != MB_JSON_ARRAY || !mazes->count)
		st = mb_error_set(err, MB_ERR_INPUT, "'%s' is not a mazebook manifest (no 'title' "
				  "or no 'mazes')", name);
	else if (mazes->count > MB_SPEC_MAX_MAZES || (others && others->count > 3))
		st = mb_error_set(err, MB_ERR_INPUT, "'%s' lists %zu mazes and %zu others: a book "
				  "has at most %d and 3", name, mazes->count,
				  others ? others->count : 0, MB_SPEC_MAX_MAZES);
	if (!st)
		st = take_book(name, &root, m, err);
	if (!st)
		m->mazes = xcalloc(mazes->count + (others ? others->count : 0), sizeof(*m->mazes));
	for (size_t i = 0; !st && i < mazes->count; i++) {
		st = take_maze(name, &mazes->items[i], i, "interior", m, err);
		m->count = i + 1;
	}
	if (!st)
		st = take_others(name, others, m, err);
	mb_json_free(&root);
	if (st)
		mb_catalogue_manifest_release(m);
	return st;
}

void mb_catalogue_manifest_release(struct mb_catalogue_manifest *m)
{
	for (size_t i = 0; i < m->count; i++)
		free((char *)m->mazes[i].generator);
	free(m->mazes);
	free(m->book_id);
	free(m->title);
	free(m->level);
	memset(m, 0, sizeof(*m));
}
