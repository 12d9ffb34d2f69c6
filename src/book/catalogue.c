/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The catalogue's logic over any SQL backend: the schema and its
 * migrations, the look-up of repeats, recording a book in one transaction,
 * forgetting one. See include/mazebook/book/catalogue.h for the schema. The SQL
 * is the common ground of SQLite and PostgreSQL: TEXT and INTEGER, $n
 * parameters, no upsert.
 */
#include "config.h"
#include "mazebook/book/catalogue.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/printable.h"
#include "mazebook/base/xalloc.h"

/*
 * The statements that take the schema from version i to i + 1; "%s" is the
 * backend's table option (SQLite: WITHOUT ROWID, so the mazes are stored
 * in the order of their key and a key's look-up or insert touches one
 * B-tree, not a table and an index).
 */
static const char *const migration_1[] = {
	"CREATE TABLE books (id TEXT PRIMARY KEY, title TEXT NOT NULL, "
	"spec_sha256 TEXT NOT NULL, output TEXT NOT NULL, built_at TEXT NOT NULL, "
	"status TEXT NOT NULL, mazes INTEGER NOT NULL)%s",
	"CREATE TABLE mazes (key TEXT NOT NULL PRIMARY KEY, book_id TEXT NOT NULL, "
	"place TEXT NOT NULL, number INTEGER NOT NULL, page INTEGER NOT NULL, "
	"grid TEXT NOT NULL, level TEXT NOT NULL, generator TEXT NOT NULL, seed TEXT NOT NULL, "
	"UNIQUE (book_id, place, number))%s",
	NULL
};

static const char *const *const migrations[MB_CATALOGUE_SCHEMA] = { migration_1 };

/* rows per INSERT and keys per look-up: well under both backends' parameter limits */
#define CHUNK 100

static enum mb_status exec(struct mb_catalogue *cat, const char *sql, const char *const *params,
			   int n, mb_catalogue_row_fn *row, void *data, struct mb_error *err)
{
	return cat->be->exec(cat->db, sql, params, n, row, data, err);
}

static bool take_long(void *data, int ncols, const char *const *cols)
{
	long long *v = data;

	*v = ncols > 0 && cols[0] ? strtoll(cols[0], NULL, 10) : 0;
	return true;
}

static bool take_version(void *data, int ncols, const char *const *cols)
{
	return take_long(data, ncols, cols);
}

void mb_catalogue_rollback(struct mb_catalogue *cat)
{
	struct mb_error ignore;

	if (!cat || !cat->in_transaction)
		return;
	mb_error_init(&ignore);
	exec(cat, "ROLLBACK", NULL, 0, NULL, NULL, &ignore);
	cat->in_transaction = false;
}

enum mb_status mb_catalogue_commit(struct mb_catalogue *cat, struct mb_error *err)
{
	enum mb_status st = exec(cat, "COMMIT", NULL, 0, NULL, NULL, err);

	if (st)
		mb_catalogue_rollback(cat);
	cat->in_transaction = false;
	return st;
}

static enum mb_status begin(struct mb_catalogue *cat, struct mb_error *err)
{
	enum mb_status st = cat->be->begin(cat->db, err);

	cat->in_transaction = st == MB_OK;
	return st;
}

/* a migration's statement with the backend's table option in place of its "%s" */
static char *with_option(const char *sql, const char *option)
{
	const char *at = strstr(sql, "%s");

	return at ? xasprintf("%.*s%s%s", (int)(at - sql), sql, option, at + 2) : xstrdup(sql);
}

enum mb_status mb_catalogue_migrate(struct mb_catalogue *cat, struct mb_error *err)
{
	long long version = -1;
	struct mb_error quiet;
	enum mb_status st;
	char text[24];
	const char *param[1] = { text };

	/* the usual case, without the write lock: the schema is there and current */
	mb_error_init(&quiet);
	if (!exec(cat, "SELECT value FROM meta WHERE name = 'schema_version'", NULL, 0,
		  take_version, &version, &quiet) && version == MB_CATALOGUE_SCHEMA)
		return MB_OK;
	st = begin(cat, err);
	if (!st)
		st = exec(cat, "CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, "
			  "value TEXT NOT NULL)", NULL, 0, NULL, NULL, err);
	version = 0;
	if (!st)
		st = exec(cat, "SELECT value FROM meta WHERE name = 'schema_version'", NULL, 0,
			  take_version, &version, err);
	if (!st && version > MB_CATALOGUE_SCHEMA)
		st = mb_error_set(err, MB_ERR_INPUT,
				  "the catalogue '%s' has schema version %lld, made by a newer "
				  "mazebook (this one knows up to %d): left as it is; use that "
				  "mazebook, or another catalogue", cat->where, version,
				  MB_CATALOGUE_SCHEMA);
	for (long long v = version; !st && v < MB_CATALOGUE_SCHEMA; v++)
		for (const char *const *sql = migrations[v]; !st && *sql; sql++) {
			char *stmt = with_option(*sql, cat->be->table_option);

			st = exec(cat, stmt, NULL, 0, NULL, NULL, err);
			free(stmt);
		}
	snprintf(text, sizeof(text), "%d", MB_CATALOGUE_SCHEMA);
	if (!st && version < MB_CATALOGUE_SCHEMA)
		st = exec(cat, "DELETE FROM meta WHERE name = 'schema_version'", NULL, 0, NULL,
			  NULL, err);
	if (!st && version < MB_CATALOGUE_SCHEMA)
		st = exec(cat, "INSERT INTO meta (name, value) VALUES ('schema_version', $1)", param,
			  1, NULL, NULL, err);
	if (!st)
		return mb_catalogue_commit(cat, err);
	mb_catalogue_rollback(cat);
	return st;
}

void mb_catalogue_free(struct mb_catalogue *cat)
{
	if (!cat)
		return;
	mb_catalogue_rollback(cat);
	cat->be->close(cat->db);
	free(cat->where);
	free(cat);
}

enum mb_status mb_catalogue_size(struct mb_catalogue *cat, const char *book_id, long long *mazes,
				 long long *books, struct mb_error *err)
{
	const char *param[1] = { book_id ? book_id : "" };
	enum mb_status st;

	*mazes = *books = 0;
	/* from the books' own counts: counting a million rows of mazes takes half a second */
	st = exec(cat, "SELECT SUM(mazes) FROM books WHERE id <> $1", param, 1, take_long, mazes,
		  err);
	if (!st)
		st = exec(cat, "SELECT COUNT(*) FROM books WHERE id <> $1", param, 1, take_long,
			  books, err);
	return st;
}

struct hit_search {
	const struct mb_catalogue_maze *mazes;
	size_t n;
	struct mb_catalogue_hit *hits;
	size_t max, count;
};

/* key, book_id, number, page, title, output */
static bool take_hit(void *data, int ncols, const char *const *cols)
{
	struct hit_search *s = data;
	struct mb_catalogue_hit *h;
	size_t i;

	if (ncols < 7 || !cols[0])
		return true;
	for (i = 0; i < s->n && strcmp(s->mazes[i].key, cols[0]); i++)
		;
	if (i == s->n)
		return true;
	if (s->count++ >= s->max)
		return true;
	h = &s->hits[s->count - 1];
	memset(h, 0, sizeof(*h));
	snprintf(h->key, sizeof(h->key), "%s", cols[0]);
	h->number = s->mazes[i].number;
	h->page = s->mazes[i].page;
	snprintf(h->place, sizeof(h->place), "%s", s->mazes[i].place ? s->mazes[i].place : "interior");
	snprintf(h->other_place, sizeof(h->other_place), "%s", cols[6] ? cols[6] : "interior");
	snprintf(h->book_id, sizeof(h->book_id), "%s", cols[1] ? cols[1] : "");
	h->other_number = cols[2] ? atoi(cols[2]) : 0;
	h->other_page = cols[3] ? atoi(cols[3]) : 0;
	snprintf(h->title, sizeof(h->title), "%s", cols[4] ? cols[4] : "");
	snprintf(h->output, sizeof(h->output), "%s", cols[5] ? cols[5] : "");
	return true;
}

static int by_number(const void *a, const void *b)
{
	const struct mb_catalogue_hit *x = a, *y = b;

	return (x->number > y->number) - (x->number < y->number);
}

enum mb_status mb_catalogue_repeats(struct mb_catalogue *cat, const char *book_id,
				    const struct mb_catalogue_maze *mazes, size_t n,
				    struct mb_catalogue_hit *hits, size_t max, size_t *nhits,
				    struct mb_error *err)
{
	struct hit_search s = { mazes, n, hits, max, 0 };
	enum mb_status st = MB_OK;

	for (size_t at = 0; at < n && !st; at += CHUNK) {
		size_t k = n - at < CHUNK ? n - at : CHUNK;
		const char *params[CHUNK + 1];
		char sql[128 + CHUNK * 8];
		size_t used;

		used = (size_t)snprintf(sql, sizeof(sql),
					"SELECT m.key, m.book_id, m.number, m.page, b.title, b.output, "
					"m.place "
					"FROM mazes m JOIN books b ON b.id = m.book_id "
					"WHERE m.book_id <> $1 AND m.key IN (");
		params[0] = book_id ? book_id : "";
		for (size_t i = 0; i < k; i++) {
			params[i + 1] = mazes[at + i].key;
			used += (size_t)snprintf(sql + used, sizeof(sql) - used, "%s$%zu",
						 i ? ", " : "", i + 2);
		}
		snprintf(sql + used, sizeof(sql) - used, ")");
		st = exec(cat, sql, params, (int)k + 1, take_hit, &s, err);
	}
	*nhits = s.count;
	qsort(hits, s.count < max ? s.count : max, sizeof(*hits), by_number);
	return st;
}

/* the text of a maze's row, for the parameters of an INSERT */
struct maze_row {
	char number[16], page[16], grid[40], seed[24];
};

static enum mb_status insert_mazes(struct mb_catalogue *cat, const char *book_id,
				   const struct mb_catalogue_maze *mazes, size_t n,
				   struct mb_error *err)
{
	enum mb_status st = MB_OK;
	struct maze_row *rows = xmallocarray(CHUNK, sizeof(*rows));
	const char **params = xmallocarray(CHUNK * 9, sizeof(*params));
	char *sql = xmalloc(256 + CHUNK * 64);

	for (size_t at = 0; at < n && !st; at += CHUNK) {
		size_t k = n - at < CHUNK ? n - at : CHUNK, used;
		int p = 0;

		used = (size_t)sprintf(sql, "INSERT INTO mazes (key, book_id, place, number, page, "
				       "grid, level, generator, seed) VALUES ");
		for (size_t i = 0; i < k; i++) {
			const struct mb_catalogue_maze *m = &mazes[at + i];
			struct maze_row *r = &rows[i];

			snprintf(r->number, sizeof(r->number), "%d", m->number);
			snprintf(r->page, sizeof(r->page), "%d", m->page);
			snprintf(r->grid, sizeof(r->grid), "rect %dx%d", m->w, m->h);
			snprintf(r->seed, sizeof(r->seed), "%" PRIu64, m->seed);
			used += (size_t)sprintf(sql + used, "%s($%d, $%d, $%d, $%d, $%d, $%d, $%d, $%d, $%d)",
						i ? ", " : "", p + 1, p + 2, p + 3, p + 4, p + 5, p + 6,
						p + 7, p + 8, p + 9);
			params[p++] = m->key;
			params[p++] = book_id;
			params[p++] = m->place ? m->place : "interior";
			params[p++] = r->number;
			params[p++] = r->page;
			params[p++] = r->grid;
			params[p++] = m->level ? m->level : "";
			params[p++] = m->generator ? m->generator : "";
			params[p++] = r->seed;
		}
		st = exec(cat, sql, params, p, NULL, NULL, err);
	}
	free(sql);
	free(params);
	free(rows);
	return st;
}

enum mb_status mb_catalogue_record(struct mb_catalogue *cat, const struct mb_catalogue_book *book,
				   const struct mb_catalogue_maze *mazes, size_t n,
				   struct mb_catalogue_hit *hit, struct mb_error *err)
{
	char count[24];
	const char *one[1] = { book->id };
	const char *row[7] = { book->id, book->title, book->spec_sha256, book->output,
			       book->built_at, book->status, count };
	struct mb_error first;
	enum mb_status st;
	size_t nhits = 0;

	snprintf(count, sizeof(count), "%zu", n);
	mb_error_init(&first);
	st = begin(cat, &first);
	if (!st)
		st = exec(cat, "DELETE FROM mazes WHERE book_id = $1", one, 1, NULL, NULL, &first);
	if (!st)
		st = exec(cat, "DELETE FROM books WHERE id = $1", one, 1, NULL, NULL, &first);
	if (!st)
		st = exec(cat, "INSERT INTO books (id, title, spec_sha256, output, built_at, status, "
			  "mazes) VALUES ($1, $2, $3, $4, $5, $6, $7)", row, 7, NULL, NULL, &first);
	if (!st)
		st = insert_mazes(cat, book->id, mazes, n, &first);
	if (!st)
		return MB_OK;
	mb_catalogue_rollback(cat);
	if (st != MB_ERR_CHECK) {
		*err = first;
		return st;
	}
	/* which key, and whose: asked again now that the other book's rows are committed */
	memset(hit, 0, sizeof(*hit));
	if (mb_catalogue_repeats(cat, book->id, mazes, n, hit, 1, &nhits, err))
		return err->code;
	if (!nhits)
		return mb_error_set(err, MB_ERR_CHECK,
				    "the catalogue '%s' refused the book '%s': two of its mazes are "
				    "one puzzle (%s)", cat->where, book->id, first.message);
	return MB_ERR_CHECK;
}

enum mb_status mb_catalogue_forget(struct mb_catalogue *cat, const char *book_id,
				   long long *mazes, struct mb_error *err)
{
	const char *one[1] = { book_id };
	long long books = 0;
	enum mb_status st;

	*mazes = 0;
	st = exec(cat, "SELECT COUNT(*) FROM books WHERE id = $1", one, 1, take_long, &books, err);
	if (!st && !books)
		return mb_error_set(err, MB_ERR_INPUT,
				    "no book '%s' in the catalogue '%s' (see 'mazebook catalogue list')",
				    book_id, cat->where);
	if (!st)
		st = begin(cat, err);
	if (!st)
		st = exec(cat, "SELECT COUNT(*) FROM mazes WHERE book_id = $1", one, 1, take_long,
			  mazes, err);
	if (!st)
		st = exec(cat, "DELETE FROM mazes WHERE book_id = $1", one, 1, NULL, NULL, err);
	if (!st)
		st = exec(cat, "DELETE FROM books WHERE id = $1", one, 1, NULL, NULL, err);
	if (!st)
		return mb_catalogue_commit(cat, err);
	mb_catalogue_rollback(cat);
	return st;
}

enum mb_status mb_catalogue_query(struct mb_catalogue *cat, const char *sql,
				  const char *const *params, int nparams, mb_catalogue_row_fn *row,
				  void *data, struct mb_error *err)
{
	return exec(cat, sql, params, nparams, row, data, err);
}

struct mb_catalogue_maze *mb_catalogue_mazes_of(const struct mb_book_spec *spec,
						const struct mb_book *book, const int *pages,
						size_t *count)
{
	struct mb_catalogue_maze *out = xcalloc(book->count + book->extra_count + 1, sizeof(*out));

	for (size_t i = 0; i < book->count; i++) {
		const struct mb_book_maze *bm = &book->mazes[i];
		struct mb_catalogue_maze *m = &out[i];

		memcpy(m->key, bm->key, sizeof(m->key));
		m->place = "interior";
		m->number = bm->number;
		m->page = pages ? pages[i] : 0;
		m->w = bm->maze->w;
		m->h = bm->maze->h;
		/* its own level in a book of sections (a ramp's step's), else the book's */
		m->level = bm->slot >= 0 && bm->slot < book->plan.maze_count
			   ? book->plan.mazes[bm->slot].level->name
			   : spec->level ? spec->level->name : "";
		m->generator = bm->gen->name;
		m->seed = bm->seed;
	}
	/* the title page's and the cover's own mazes: printed too, numbered in their place */
	for (size_t i = 0; i < book->extra_count; i++) {
		const struct mb_book_extra *e = &book->extras[i];
		struct mb_catalogue_maze *m = &out[book->count + i];

		memcpy(m->key, e->key, sizeof(m->key));
		m->place = e->place;
		m->number = 1;
		m->page = e->page;
		m->w = e->maze->w;
		m->h = e->maze->h;
		m->level = spec->level ? spec->level->name : "";
		m->generator = e->generator;
		m->seed = e->seed;
	}
	*count = book->count + book->extra_count;
	return out;
}

/* "maze 9 (page 11)", or the other mazes a book prints by their place */
static void name_maze(const char *place, int number, int page, char *buf, size_t size)
{
	if (!strcmp(place, "title-page"))
		snprintf(buf, size, "the title page's maze (page %d)", page);
	else if (!strcmp(place, "cover-front"))
		snprintf(buf, size, "the front cover's maze");
	else if (!strcmp(place, "cover-back"))
		snprintf(buf, size, "the back cover's maze");
	else
		snprintf(buf, size, "maze %d (page %d)", number, page);
}

const char *mb_catalogue_repeat_message(const struct mb_catalogue_hit *hit, const char *where,
					char *buf, size_t size)
{
	char mine[64], theirs[64], title[256], id[128], out[512];

	(void)where;
	name_maze(hit->place[0] ? hit->place : "interior", hit->number, hit->page, mine,
		  sizeof(mine));
	name_maze(hit->other_place[0] ? hit->other_place : "interior", hit->other_number,
		  hit->other_page, theirs, sizeof(theirs));
	snprintf(buf, size,
		 "%s was printed before, perhaps turned or mirrored: it is %s "
		 "of '%s' (book '%s', in '%s'); KDP refuses reused content: change the "
		 "spec's 'seed' to any other number, or make the books volumes of one 'series:' "
		 "(the same book under another id? give it 'book_id: %s')",
		 mine, theirs, mb_printable(hit->title, title, sizeof(title)),
		 mb_printable(hit->book_id, id, sizeof(id)),
		 mb_printable(hit->output, out, sizeof(out)), id);
	return buf;
}
