/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * A catalogue held in memory, behind the same backend table as SQLite and
 * PostgreSQL (struct mb_catalogue_backend), so that the catalogue's logic
 * in src/book/catalogue.c runs unchanged without a database library: its
 * unit suite (tests/unit/check_catalogue.c) drives it here.
 *
 * It is no SQL engine. It knows the statements catalogue.c sends, by
 * their text, and refuses any other with MB_ERR_INPUT, so that a statement
 * added there without its twin here fails the suite instead of passing
 * unseen. It keeps what the logic relies on: the tables exist only once
 * made, the keys (books.id, mazes.key, meta.name, mazes' book_id + place +
 * number) are unique and a violation is MB_ERR_CHECK with SQLite's words,
 * NOT NULL holds, a multi-row INSERT is all or nothing, and a transaction
 * rolls back whole (begin takes a copy; ROLLBACK puts it back).
 */
#include "config.h"
#include "mazebook/book/catalogue.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"

/* a table: ncols text columns, rows one after another in cells */
struct table {
	const char *name;
	const char *const *cols;
	int ncols;
	bool made;		/* CREATE TABLE ran */
	size_t rows, cap;
	char **cells;		/* rows * ncols strings */
};

enum { META_NAME, META_VALUE, META_COLS };
enum { BOOK_ID, BOOK_TITLE, BOOK_SPEC, BOOK_OUTPUT, BOOK_BUILT, BOOK_STATUS, BOOK_MAZES,
       BOOK_COLS };
enum { MAZE_KEY, MAZE_BOOK, MAZE_PLACE, MAZE_NUMBER, MAZE_PAGE, MAZE_GRID, MAZE_LEVEL,
       MAZE_GENERATOR, MAZE_SEED, MAZE_COLS };

static const char *const meta_cols[] = { "name", "value" };
static const char *const book_cols[] = { "id", "title", "spec_sha256", "output", "built_at",
					 "status", "mazes" };
static const char *const maze_cols[] = { "key", "book_id", "place", "number", "page", "grid",
					 "level", "generator", "seed" };

struct tables {
	struct table meta, books, mazes;
};

struct mb_catalogue_db {
	char *where;
	struct tables live;
	struct tables saved;	/* the tables as begin found them */
	bool in_transaction;
};

static void tables_init(struct tables *t)
{
	*t = (struct tables){
		.meta = { "meta", meta_cols, META_COLS, false, 0, 0, NULL },
		.books = { "books", book_cols, BOOK_COLS, false, 0, 0, NULL },
		.mazes = { "mazes", maze_cols, MAZE_COLS, false, 0, 0, NULL },
	};
}

static char *cell(const struct table *t, size_t row, int col)
{
	return t->cells[row * (size_t)t->ncols + (size_t)col];
}

static const char *const *stored_row(const struct table *t, size_t row)
{
	return (const char *const *)&t->cells[row * (size_t)t->ncols];
}

static void table_release(struct table *t)
{
	for (size_t i = 0; i < t->rows * (size_t)t->ncols; i++)
		free(t->cells[i]);
	free(t->cells);
	t->cells = NULL;
	t->rows = t->cap = 0;
}

static void table_copy(struct table *to, const struct table *from)
{
	size_t n = from->rows * (size_t)from->ncols;

	*to = *from;
	to->cap = from->rows;
	to->cells = n ? xmallocarray(n, sizeof(char *)) : NULL;
	for (size_t i = 0; i < n; i++)
		to->cells[i] = xstrdup(from->cells[i]);
}

static void tables_release(struct tables *t)
{
	table_release(&t->meta);
	table_release(&t->books);
	table_release(&t->mazes);
}

static void tables_copy(struct tables *to, const struct tables *from)
{
	table_copy(&to->meta, &from->meta);
	table_copy(&to->books, &from->books);
	table_copy(&to->mazes, &from->mazes);
}

static void table_append(struct table *t, const char *const *values)
{
	if (t->rows == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 16;
		t->cells = xreallocarray(t->cells, t->cap * (size_t)t->ncols, sizeof(char *));
	}
	for (int c = 0; c < t->ncols; c++)
		t->cells[t->rows * (size_t)t->ncols + (size_t)c] = xstrdup(values[c]);
	t->rows++;
}

/* Delete the rows whose column col is value. */
static void table_delete(struct table *t, int col, const char *value)
{
	size_t kept = 0, n = (size_t)t->ncols;

	for (size_t r = 0; r < t->rows; r++) {
		if (!strcmp(cell(t, r, col), value)) {
			for (size_t c = 0; c < n; c++)
				free(t->cells[r * n + c]);
			continue;
		}
		memmove(&t->cells[kept * n], &t->cells[r * n], n * sizeof(char *));
		kept++;
	}
	t->rows = kept;
}

/* Rows whose column col is value (equal, or unequal when !equal). */
static long long table_count(const struct table *t, int col, const char *value, bool equal)
{
	long long n = 0;

	for (size_t r = 0; r < t->rows; r++)
		n += !strcmp(cell(t, r, col), value) == equal;
	return n;
}

/* ---- errors, in SQLite's words where the logic sees them ---- */

static enum mb_status no_table(const struct mb_catalogue_db *db, const struct table *t,
			       struct mb_error *err)
{
	return mb_error_set(err, MB_ERR_IO, "the catalogue '%s': no such table: %s", db->where,
			    t->name);
}

static enum mb_status unique_failed(const struct mb_catalogue_db *db, const struct table *t,
				    const char *cols, struct mb_error *err)
{
	return mb_error_set(err, MB_ERR_CHECK, "the catalogue '%s': UNIQUE constraint failed: "
			    "%s.%s", db->where, t->name, cols);
}

/*
 * The row values is a new row of t: no NULL (every column is NOT NULL),
 * its primary key (column 0) in no row of t nor in the n rows before it
 * in the same statement (batch, t->ncols values a row), and for mazes
 * the pair (book_id, place, number) the same way.
 */
static enum mb_status check_row(const struct mb_catalogue_db *db, const struct table *t,
				const char *const *values, const char *const *batch, size_t n,
				struct mb_error *err)
{
	bool mazes = t->ncols == MAZE_COLS;

	for (int c = 0; c < t->ncols; c++)
		if (!values[c])
			return mb_error_set(err, MB_ERR_IO, "the catalogue '%s': NOT NULL "
					    "constraint failed: %s.%s", db->where, t->name,
					    t->cols[c]);
	for (size_t r = 0; r < t->rows + n; r++) {
		const char *const *row = r < t->rows ? stored_row(t, r)
						     : batch + (r - t->rows) * (size_t)t->ncols;

		if (!strcmp(row[0], values[0]))
			return unique_failed(db, t, t->cols[0], err);
		if (mazes && !strcmp(row[MAZE_BOOK], values[MAZE_BOOK]) &&
		    !strcmp(row[MAZE_PLACE], values[MAZE_PLACE]) &&
		    !strcmp(row[MAZE_NUMBER], values[MAZE_NUMBER]))
			return unique_failed(db, t, "book_id, mazes.place, mazes.number", err);
	}
	return MB_OK;
}

/* Insert nrows rows of values (t->ncols each), all or none. */
static enum mb_status insert(const struct mb_catalogue_db *db, struct table *t,
			     const char *const *values, size_t nrows, struct mb_error *err)
{
	if (!t->made)
		return no_table(db, t, err);
	for (size_t r = 0; r < nrows; r++) {
		enum mb_status st = check_row(db, t, values + r * (size_t)t->ncols, values, r, err);

		if (st)
			return st;
	}
	for (size_t r = 0; r < nrows; r++)
		table_append(t, values + r * (size_t)t->ncols);
	return MB_OK;
}

/* ---- the statements ---- */

/* what one statement gets: the caller's parameters and where its rows go */
struct call {
	struct mb_catalogue_db *db;
	const char *const *params;
	int nparams;
	mb_catalogue_row_fn *row;
	void *data;
};

static bool emit(const struct call *c, int ncols, const char *const *cols)
{
	return !c->row || c->row(c->data, ncols, cols);
}

static enum mb_status emit_count(const struct call *c, long long n)
{
	char text[24];
	const char *col[1] = { text };

	snprintf(text, sizeof(text), "%lld", n);
	emit(c, 1, col);
	return MB_OK;
}

static const char *param(const struct call *c, int k)
{
	if (k < 1 || k > c->nparams)
		BUG("SQL parameter $%d of %d", k, c->nparams);
	return c->params[k - 1];
}

static enum mb_status create(struct call *c, struct table *t, bool if_not_exists,
			     struct mb_error *err)
{
	if (t->made && !if_not_exists)
		return mb_error_set(err, MB_ERR_IO, "the catalogue '%s': table %s already exists",
				    c->db->where, t->name);
	t->made = true;
	return MB_OK;
}

static enum mb_status select_version(struct call *c, struct mb_error *err)
{
	const struct table *t = &c->db->live.meta;

	if (!t->made)
		return no_table(c->db, t, err);
	for (size_t r = 0; r < t->rows; r++)
		if (!strcmp(cell(t, r, META_NAME), "schema_version")) {
			const char *col[1] = { cell(t, r, META_VALUE) };

			if (!emit(c, 1, col))
				break;
		}
	return MB_OK;
}

/* SELECT SUM(mazes) FROM books WHERE id <> $1: NULL over no rows, as SQL has it */
static enum mb_status sum_mazes(struct call *c, struct mb_error *err)
{
	const struct table *t = &c->db->live.books;
	long long sum = 0, rows = 0;
	const char *null[1] = { NULL };

	if (!t->made)
		return no_table(c->db, t, err);
	for (size_t r = 0; r < t->rows; r++)
		if (strcmp(cell(t, r, BOOK_ID), param(c, 1))) {
			sum += strtoll(cell(t, r, BOOK_MAZES), NULL, 10);
			rows++;
		}
	if (!rows) {
		emit(c, 1, null);
		return MB_OK;
	}
	return emit_count(c, sum);
}

static enum mb_status count_where(struct call *c, struct table *t, int col, bool equal,
				  struct mb_error *err)
{
	if (!t->made)
		return no_table(c->db, t, err);
	return emit_count(c, table_count(t, col, param(c, 1), equal));
}

static enum mb_status delete_where(struct call *c, struct table *t, int col, const char *value,
				   struct mb_error *err)
{
	if (!t->made)
		return no_table(c->db, t, err);
	table_delete(t, col, value);
	return MB_OK;
}

/*
 * The repeats look-up: the mazes of other books than $1 whose key is one
 * of $2..$n, with their book's title and folder:
 * key, book_id, number, page, title, output, place.
 */
static enum mb_status select_repeats(struct call *c, struct mb_error *err)
{
	const struct table *mz = &c->db->live.mazes, *bk = &c->db->live.books;

	if (!mz->made || !bk->made)
		return no_table(c->db, mz->made ? bk : mz, err);
	for (size_t r = 0; r < mz->rows; r++) {
		const char *book = cell(mz, r, MAZE_BOOK);
		bool wanted = false;

		if (!strcmp(book, param(c, 1)))
			continue;
		for (int k = 2; k <= c->nparams && !wanted; k++)
			wanted = !strcmp(cell(mz, r, MAZE_KEY), param(c, k));
		for (size_t b = 0; wanted && b < bk->rows; b++) {
			const char *cols[7] = {
				cell(mz, r, MAZE_KEY), book, cell(mz, r, MAZE_NUMBER),
				cell(mz, r, MAZE_PAGE), cell(bk, b, BOOK_TITLE),
				cell(bk, b, BOOK_OUTPUT), cell(mz, r, MAZE_PLACE)
			};

			if (strcmp(cell(bk, b, BOOK_ID), book))
				continue;
			if (!emit(c, 7, cols))
				return MB_OK;
		}
	}
	return MB_OK;
}

static enum mb_status insert_meta(struct call *c, struct mb_error *err)
{
	const char *row[META_COLS] = { "schema_version", param(c, 1) };

	return insert(c->db, &c->db->live.meta, row, 1, err);
}

static enum mb_status insert_book(struct call *c, struct mb_error *err)
{
	if (c->nparams != BOOK_COLS)
		BUG("a book row of %d values", c->nparams);
	return insert(c->db, &c->db->live.books, c->params, 1, err);
}

/* INSERT INTO mazes ... VALUES (...), (...): the parameters, nine a row, in column order */
static enum mb_status insert_mazes(struct call *c, struct mb_error *err)
{
	if (c->nparams % MAZE_COLS)
		BUG("maze rows of %d values", c->nparams);
	return insert(c->db, &c->db->live.mazes, c->params, (size_t)(c->nparams / MAZE_COLS),
		      err);
}

static enum mb_status end_transaction(struct call *c, bool commit, struct mb_error *err)
{
	struct mb_catalogue_db *db = c->db;

	if (!db->in_transaction)
		return mb_error_set(err, MB_ERR_IO, "the catalogue '%s': cannot %s - no "
				    "transaction is active", db->where,
				    commit ? "commit" : "rollback");
	if (commit) {
		tables_release(&db->saved);
	} else {
		tables_release(&db->live);
		db->live = db->saved;
	}
	tables_init(&db->saved);
	db->in_transaction = false;
	return MB_OK;
}

/*
 * The statements, by their text as catalogue.c writes them: the whole
 * text, or (prefix) its start where the rest is made per call (a CREATE
 * TABLE's columns, a look-up's key list, an INSERT's rows).
 */
enum stmt {
	SELECT_VERSION, CREATE_META, CREATE_BOOKS, CREATE_MAZES, DELETE_VERSION, INSERT_VERSION,
	SUM_MAZES, COUNT_OTHER_BOOKS, COUNT_BOOK, COUNT_BOOK_MAZES, SELECT_REPEATS,
	DELETE_BOOK_MAZES, DELETE_BOOK, INSERT_BOOK, INSERT_MAZES, COMMIT, ROLLBACK
};

static const struct {
	enum stmt stmt;
	bool prefix;
	const char *text;
} statements[] = {
	{ SELECT_VERSION, false, "SELECT value FROM meta WHERE name = 'schema_version'" },
	{ CREATE_META, true, "CREATE TABLE IF NOT EXISTS meta (" },
	{ CREATE_BOOKS, true, "CREATE TABLE books (" },
	{ CREATE_MAZES, true, "CREATE TABLE mazes (" },
	{ DELETE_VERSION, false, "DELETE FROM meta WHERE name = 'schema_version'" },
	{ INSERT_VERSION, false, "INSERT INTO meta (name, value) VALUES ('schema_version', $1)" },
	{ SUM_MAZES, false, "SELECT SUM(mazes) FROM books WHERE id <> $1" },
	{ COUNT_OTHER_BOOKS, false, "SELECT COUNT(*) FROM books WHERE id <> $1" },
	{ COUNT_BOOK, false, "SELECT COUNT(*) FROM books WHERE id = $1" },
	{ COUNT_BOOK_MAZES, false, "SELECT COUNT(*) FROM mazes WHERE book_id = $1" },
	{ SELECT_REPEATS, true, "SELECT m.key, m.book_id, m.number, m.page, b.title, b.output, "
				"m.place FROM mazes m JOIN books b ON b.id = m.book_id "
				"WHERE m.book_id <> $1 AND m.key IN (" },
	{ DELETE_BOOK_MAZES, false, "DELETE FROM mazes WHERE book_id = $1" },
	{ DELETE_BOOK, false, "DELETE FROM books WHERE id = $1" },
	{ INSERT_BOOK, false, "INSERT INTO books (id, title, spec_sha256, output, built_at, "
			      "status, mazes) VALUES ($1, $2, $3, $4, $5, $6, $7)" },
	{ INSERT_MAZES, true, "INSERT INTO mazes (key, book_id, place, number, page, grid, level, "
			      "generator, seed) VALUES " },
	{ COMMIT, false, "COMMIT" },
	{ ROLLBACK, false, "ROLLBACK" },
};

static enum mb_status run(struct call *c, enum stmt stmt, struct mb_error *err)
{
	struct tables *t = &c->db->live;

	switch (stmt) {
	case SELECT_VERSION:
		return select_version(c, err);
	case CREATE_META:
		return create(c, &t->meta, true, err);
	case CREATE_BOOKS:
		return create(c, &t->books, false, err);
	case CREATE_MAZES:
		return create(c, &t->mazes, false, err);
	case DELETE_VERSION:
		return delete_where(c, &t->meta, META_NAME, "schema_version", err);
	case INSERT_VERSION:
		return insert_meta(c, err);
	case SUM_MAZES:
		return sum_mazes(c, err);
	case COUNT_OTHER_BOOKS:
		return count_where(c, &t->books, BOOK_ID, false, err);
	case COUNT_BOOK:
		return count_where(c, &t->books, BOOK_ID, true, err);
	case COUNT_BOOK_MAZES:
		return count_where(c, &t->mazes, MAZE_BOOK, true, err);
	case SELECT_REPEATS:
		return select_repeats(c, err);
	case DELETE_BOOK_MAZES:
		return delete_where(c, &t->mazes, MAZE_BOOK, param(c, 1), err);
	case DELETE_BOOK:
		return delete_where(c, &t->books, BOOK_ID, param(c, 1), err);
	case INSERT_BOOK:
		return insert_book(c, err);
	case INSERT_MAZES:
		return insert_mazes(c, err);
	case COMMIT:
		return end_transaction(c, true, err);
	case ROLLBACK:
		return end_transaction(c, false, err);
	}
	BUG("statement %d", (int)stmt);
}

static enum mb_status db_exec(struct mb_catalogue_db *db, const char *sql,
			      const char *const *params, int nparams, mb_catalogue_row_fn *row,
			      void *data, struct mb_error *err)
{
	struct call c = { db, params, nparams, row, data };

	for (size_t i = 0; i < sizeof(statements) / sizeof(statements[0]); i++) {
		const char *text = statements[i].text;

		if (statements[i].prefix ? !strncmp(sql, text, strlen(text)) : !strcmp(sql, text))
			return run(&c, statements[i].stmt, err);
	}
	return mb_error_set(err, MB_ERR_INPUT, "the in-memory catalogue '%s' does not run the "
			    "statement '%.72s'", db->where, sql);
}

static enum mb_status db_begin(struct mb_catalogue_db *db, struct mb_error *err)
{
	if (db->in_transaction)
		return mb_error_set(err, MB_ERR_IO, "the catalogue '%s': cannot start a "
				    "transaction within a transaction", db->where);
	tables_copy(&db->saved, &db->live);
	db->in_transaction = true;
	return MB_OK;
}

static void db_close(struct mb_catalogue_db *db)
{
	if (!db)
		return;
	tables_release(&db->live);
	tables_release(&db->saved);
	free(db->where);
	free(db);
}

static const struct mb_catalogue_backend memory_backend = {
	.name = "memory",
	.table_option = "",
	.exec = db_exec,
	.begin = db_begin,
	.close = db_close,
};

struct mb_catalogue *mb_catalogue_memory_new(const char *where)
{
	struct mb_catalogue_db *db = xcalloc(1, sizeof(*db));
	struct mb_catalogue *cat = xcalloc(1, sizeof(*cat));

	db->where = xstrdup(where);
	tables_init(&db->live);
	tables_init(&db->saved);
	cat->be = &memory_backend;
	cat->db = db;
	cat->where = xstrdup(where);
	return cat;
}
