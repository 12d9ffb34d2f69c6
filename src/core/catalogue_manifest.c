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
#include "mazebook/catalogue.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/generator.h"
#include "mazebook/sha256.h"
#include "mazebook/level.h"
#include "mazebook/xalloc.h"

enum jtype { J_NULL, J_BOOL, J_NUMBER, J_STRING, J_ARRAY, J_OBJECT };

struct jval {
	enum jtype type;
	char *text;		/* number or string */
	size_t count;
	struct jval *items;	/* array items or object values */
	char **names;		/* object keys */
};

struct jparse {
	const char *p, *end, *start;
	const char *why;
	int depth;
};

static void jfree(struct jval *v)
{
	for (size_t i = 0; i < v->count; i++) {
		jfree(&v->items[i]);
		if (v->names)
			free(v->names[i]);
	}
	free(v->items);
	free(v->names);
	free(v->text);
}

static void skip_ws(struct jparse *j)
{
	while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r'))
		j->p++;
}

static bool put_utf8(char *out, size_t *n, unsigned long cp)
{
	if (cp < 0x80) {
		out[(*n)++] = (char)cp;
	} else if (cp < 0x800) {
		out[(*n)++] = (char)(0xc0 | cp >> 6);
		out[(*n)++] = (char)(0x80 | (cp & 0x3f));
	} else if (cp < 0x10000) {
		out[(*n)++] = (char)(0xe0 | cp >> 12);
		out[(*n)++] = (char)(0x80 | (cp >> 6 & 0x3f));
		out[(*n)++] = (char)(0x80 | (cp & 0x3f));
	} else {
		out[(*n)++] = (char)(0xf0 | cp >> 18);
		out[(*n)++] = (char)(0x80 | (cp >> 12 & 0x3f));
		out[(*n)++] = (char)(0x80 | (cp >> 6 & 0x3f));
		out[(*n)++] = (char)(0x80 | (cp & 0x3f));
	}
	return true;
}

static bool hex4(const char *p, unsigned long *v)
{
	*v = 0;
	for (int i = 0; i < 4; i++) {
		char c = p[i];
		int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
			c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;

		if (d < 0)
			return false;
		*v = *v << 4 | (unsigned long)d;
	}
	return true;
}

static bool parse_string(struct jparse *j, char **out)
{
	const char *p = ++j->p;
	char *s = xmalloc((size_t)(j->end - p) + 1);
	size_t n = 0;

	while (p < j->end && *p != '"') {
		unsigned long cp, lo;

		if ((unsigned char)*p < 0x20) {
			j->why = "a control character in a string";
			goto bad;
		}
		if (*p != '\\') {
			s[n++] = *p++;
			continue;
		}
		if (++p >= j->end)
			break;
		switch (*p) {
		case '"': case '\\': case '/': s[n++] = *p; break;
		case 'b': s[n++] = '\b'; break;
		case 'f': s[n++] = '\f'; break;
		case 'n': s[n++] = '\n'; break;
		case 'r': s[n++] = '\r'; break;
		case 't': s[n++] = '\t'; break;
		case 'u':
			if (j->end - p < 5 || !hex4(p + 1, &cp))
				goto escape;
			p += 4;
			if (cp >= 0xd800 && cp < 0xdc00) {
				if (j->end - p < 7 || p[1] != '\\' || p[2] != 'u' || !hex4(p + 3, &lo) ||
				    lo < 0xdc00 || lo > 0xdfff)
					goto escape;
				cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
				p += 6;
			}
			if (!cp || (cp >= 0xdc00 && cp < 0xe000))
				goto escape;
			put_utf8(s, &n, cp);
			break;
		default:
			goto escape;
		}
		p++;
	}
	if (p >= j->end) {
		j->why = "a string that does not end";
		goto bad;
	}
	s[n] = '\0';
	*out = s;
	j->p = p + 1;
	return true;
escape:
	j->why = "a bad escape in a string";
bad:
	j->p = p;
	free(s);
	return false;
}

static bool parse_value(struct jparse *j, struct jval *v);

static bool parse_container(struct jparse *j, struct jval *v, bool object)
{
	size_t alloc = 0;

	v->type = object ? J_OBJECT : J_ARRAY;
	j->p++;
	skip_ws(j);
	if (j->p < j->end && *j->p == (object ? '}' : ']')) {
		j->p++;
		return true;
	}
	for (;;) {
		char *name = NULL;

		skip_ws(j);
		if (object) {
			if (j->p >= j->end || *j->p != '"') {
				j->why = "an object's key must be a string";
				return false;
			}
			if (!parse_string(j, &name))
				return false;
			skip_ws(j);
			if (j->p >= j->end || *j->p != ':') {
				free(name);
				j->why = "':' after an object's key";
				return false;
			}
			j->p++;
		}
		if (v->count == alloc) {
			alloc = alloc ? alloc * 2 : 8;
			v->items = xreallocarray(v->items, alloc, sizeof(*v->items));
			if (object)
				v->names = xreallocarray(v->names, alloc, sizeof(*v->names));
		}
		memset(&v->items[v->count], 0, sizeof(*v->items));
		if (object)
			v->names[v->count] = name;
		v->count++;
		if (!parse_value(j, &v->items[v->count - 1]))
			return false;
		skip_ws(j);
		if (j->p < j->end && *j->p == ',') {
			j->p++;
			continue;
		}
		if (j->p < j->end && *j->p == (object ? '}' : ']')) {
			j->p++;
			return true;
		}
		j->why = object ? "',' or '}' in an object" : "',' or ']' in a list";
		return false;
	}
}

static bool parse_value(struct jparse *j, struct jval *v)
{
	const char *p;

	skip_ws(j);
	if (j->p >= j->end) {
		j->why = "a value, not the end of the file";
		return false;
	}
	if (++j->depth > 64) {
		j->why = "values nested too deep";
		return false;
	}
	switch (*j->p) {
	case '{':
	case '[':
		if (!parse_container(j, v, *j->p == '{'))
			return false;
		break;
	case '"':
		v->type = J_STRING;
		if (!parse_string(j, &v->text))
			return false;
		break;
	default:
		p = j->p;
		if (j->end - p >= 4 && !strncmp(p, "null", 4)) {
			v->type = J_NULL;
			j->p += 4;
		} else if (j->end - p >= 4 && !strncmp(p, "true", 4)) {
			v->type = J_BOOL;
			v->text = xstrdup("true");
			j->p += 4;
		} else if (j->end - p >= 5 && !strncmp(p, "false", 5)) {
			v->type = J_BOOL;
			v->text = xstrdup("false");
			j->p += 5;
		} else {
			while (p < j->end && strchr("+-0123456789.eE", *p))
				p++;
			if (p == j->p) {
				j->why = "a value (a string, number, list, object, true, false or null)";
				return false;
			}
			v->type = J_NUMBER;
			v->text = xasprintf("%.*s", (int)(p - j->p), j->p);
			j->p = p;
		}
	}
	j->depth--;
	return true;
}

static const struct jval *get(const struct jval *o, const char *name)
{
	if (o->type != J_OBJECT)
		return NULL;
	for (size_t i = 0; i < o->count; i++)
		if (!strcmp(o->names[i], name))
			return &o->items[i];
	return NULL;
}

static bool get_int(const struct jval *o, const char *name, int min, int max, int *out)
{
	const struct jval *v = get(o, name);
	char *end;
	long n;

	if (!v || v->type != J_NUMBER)
		return false;
	n = strtol(v->text, &end, 10);
	if (*end || n < min || n > max)
		return false;
	*out = (int)n;
	return true;
}

static bool get_u64(const struct jval *v, uint64_t *out)
{
	uint64_t n = 0;

	if (!v || v->type != J_NUMBER || !v->text[0])
		return false;
	for (const char *p = v->text; *p; p++) {
		if (*p < '0' || *p > '9' || n > (UINT64_MAX - (uint64_t)(*p - '0')) / 10)
			return false;
		n = n * 10 + (uint64_t)(*p - '0');
	}
	*out = n;
	return true;
}

static const char *get_str(const struct jval *o, const char *name)
{
	const struct jval *v = get(o, name);

	return v && v->type == J_STRING ? v->text : NULL;
}

static bool is_key(const char *s)
{
	return s && strlen(s) == 64 && strspn(s, "0123456789abcdef") == 64;
}

/* one maze of the manifest: its key, or its recipe made again */
static enum mb_status take_maze(const char *name, const struct jval *o, size_t index,
				const char *place, struct mb_catalogue_manifest *m,
				struct mb_error *err)
{
	struct mb_catalogue_maze *z = &m->mazes[index];
	const struct jval *size = get(o, "size");
	const char *gen_name = get_str(o, "generator"), *key = get_str(o, "key");
	const char *start = get_str(o, "start");
	const struct mb_generator *gen;

	if (!get_int(o, "number", 1, 1000000, &z->number) || !get_int(o, "page", 0, 10000000, &z->page) ||
	    !gen_name || !get_u64(get(o, "seed"), &z->seed) || !size || size->type != J_ARRAY ||
	    size->count != 2 || size->items[0].type != J_NUMBER || size->items[1].type != J_NUMBER)
		return mb_error_set(err, MB_ERR_INPUT,
				    "'%s': maze %zu of 'mazes' lacks its number, page, generator, "
				    "seed or size: not a mazebook manifest?", name, index + 1);
	z->w = atoi(size->items[0].text);
	z->h = atoi(size->items[1].text);
	z->place = place;
	z->generator = xstrdup(gen_name);
	z->level = m->level;
	/* a book of sections gives each maze's level (a name of the levels table) */
	if (get_str(o, "level") && mb_level_find(get_str(o, "level")))
		z->level = mb_level_find(get_str(o, "level"))->name;
	if (key) {
		if (!is_key(key))
			return mb_error_set(err, MB_ERR_INPUT, "'%s': maze %d has a bad key '%.80s' "
					    "(expected 64 hex digits)", name, z->number, key);
		memcpy(z->key, key, MB_CANON_KEY_SIZE);
		return MB_OK;
	}
	gen = mb_generator_find(gen_name);
	if (!gen)
		return mb_error_set(err, MB_ERR_INPUT, "'%s': maze %d's generator '%s' is unknown "
				    "to this mazebook", name, z->number, gen_name);
	{
		struct mb_gen_options opt;
		struct mb_maze *mz = mb_maze_new(z->w, z->h, err);

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
		m->regenerated++;
	}
	return MB_OK;
}

enum mb_status mb_catalogue_manifest_read(const char *name, const char *text, size_t len,
					  struct mb_catalogue_manifest *m, struct mb_error *err)
{
	struct jparse j = { text, text + len, text, NULL, 0 };
	struct jval root = { 0 };
	const struct jval *mazes, *others;
	const char *title, *id, *level;
	enum mb_status st = MB_OK;

	memset(m, 0, sizeof(*m));
	if (!parse_value(&j, &root) || (skip_ws(&j), j.p != j.end)) {
		int line = 1, col = 1;

		for (const char *p = text; p < j.p && p < text + len; p++, col++)
			if (*p == '\n')
				line++, col = 0;
		jfree(&root);
		return mb_error_set(err, MB_ERR_INPUT, "'%s':%d:%d: not valid JSON: expected %s",
				    name, line, col, j.why ? j.why : "the end of the file");
	}
	title = get_str(&root, "title");
	level = get_str(&root, "level");
	id = get_str(&root, "book_id");
	mazes = get(&root, "mazes");
	if (!title || !mazes || mazes->type != J_ARRAY || !mazes->count) {
		jfree(&root);
		return mb_error_set(err, MB_ERR_INPUT, "'%s' is not a mazebook manifest (no 'title' "
				    "or no 'mazes')", name);
	}
	m->title = xstrdup(title);
	m->level = xstrdup(level ? level : "");
	if (id) {
		m->book_id = xstrdup(id);
	} else {
		/* as mb_spec_book_id makes it: the title and the seed */
		uint64_t seed = 0;
		char *t, hex[MB_SHA256_HEX_SIZE];

		if (!get_u64(get(&root, "seed"), &seed)) {
			jfree(&root);
			mb_catalogue_manifest_release(m);
			return mb_error_set(err, MB_ERR_INPUT, "'%s' has no 'book_id' and no 'seed'", name);
		}
		t = xasprintf("%s\n%" PRIu64, title, seed);
		mb_sha256_hex(t, strlen(t), hex);
		free(t);
		m->book_id = xasprintf("t-%.16s", hex);
	}
	others = get(&root, "other_mazes");
	if (others && others->type != J_ARRAY)
		others = NULL;
	m->mazes = xcalloc(mazes->count + (others ? others->count : 0), sizeof(*m->mazes));
	for (size_t i = 0; i < mazes->count && !st; i++) {
		st = take_maze(name, &mazes->items[i], i, "interior", m, err);
		m->count = i + 1;
	}
	/* the title page's and the cover's own mazes (manifests before them have none) */
	for (size_t i = 0; others && i < others->count && !st; i++) {
		const char *place = get_str(&others->items[i], "place");

		if (!place || (strcmp(place, "title-page") && strcmp(place, "cover-front") &&
			       strcmp(place, "cover-back"))) {
			st = mb_error_set(err, MB_ERR_INPUT, "'%s': other maze %zu has no place "
					  "(title-page, cover-front or cover-back)", name, i + 1);
			break;
		}
		st = take_maze(name, &others->items[i], m->count,
			       !strcmp(place, "title-page") ? "title-page" :
			       !strcmp(place, "cover-front") ? "cover-front" : "cover-back", m, err);
		m->count++;
	}
	jfree(&root);
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
