/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The publisher's catalogue: every book mazebook built and every maze it
 * printed, by canonical key (mazebook/maze/canon.h), so that no maze is ever
 * printed twice, across books, series and fresh seeds.
 *
 * The logic (schema, migrations, repeats, recording) is written here once
 * in plain SQL over a small backend table, as curl does with its TLS
 * backends: SQLite (src/backend/sql/catalogue_sqlite.c, the default, no
 * set-up) and PostgreSQL (src/backend/sql/catalogue_pg.c, for a team that
 * shares one), and in memory for the logic's unit suite
 * (src/book/catalogue_memory.c). Nothing here includes a database header.
 *
 * Schema, version 1 (table meta holds name 'schema_version'):
 *
 *   meta  (name TEXT PRIMARY KEY, value TEXT NOT NULL)
 *   books (id TEXT PRIMARY KEY, title TEXT, spec_sha256 TEXT, output TEXT,
 *          built_at TEXT (ISO 8601, UTC), status TEXT ('built' by a build,
 *          'imported' by `catalogue import`), mazes INTEGER)
 *   mazes (key TEXT PRIMARY KEY (the canonical key, 64 hex digits),
 *          book_id TEXT, place TEXT ('interior'; 'cover' and 'title' once
 *          those pages print mazes), number INTEGER, page INTEGER, grid
 *          TEXT ('rect 20x24'), level TEXT, generator TEXT, seed TEXT
 *          (decimal u64), UNIQUE (book_id, place, number))
 *
 * On SQLite both tables are WITHOUT ROWID. The key's uniqueness decides
 * between two builds at once: inside one transaction a book's rows are
 * written; the second to commit a key fails.
 * Migrations run in order from the version found to MB_CATALOGUE_SCHEMA;
 * a catalogue from a newer mazebook is refused, never changed.
 */
#ifndef MAZEBOOK_CATALOGUE_H
#define MAZEBOOK_CATALOGUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mazebook/base/error.h"
#include "mazebook/book/book.h"
#include "mazebook/maze/canon.h"

#define MB_CATALOGUE_SCHEMA 1

/* a backend's connection; opaque here */
struct mb_catalogue_db;

/* one result row: ncols text values (NULL for SQL NULL); return false to stop */
typedef bool mb_catalogue_row_fn(void *data, int ncols, const char *const *cols);

struct mb_catalogue_backend {
	const char *name;	/* "SQLite", "PostgreSQL" */
	const char *table_option;	/* after CREATE TABLE (...): " WITHOUT ROWID" or "" */
	/*
	 * Run sql, one statement, its parameters $1..$n as text (nparams
	 * may be 0); each result row to row (may be NULL). A UNIQUE
	 * violation is MB_ERR_CHECK; a locked, damaged or read-only
	 * database MB_ERR_IO with a message naming it.
	 */
	enum mb_status (*exec)(struct mb_catalogue_db *db, const char *sql,
			       const char *const *params, int nparams, mb_catalogue_row_fn *row,
			       void *data, struct mb_error *err);
	/* start a write transaction that excludes other writers until it ends */
	enum mb_status (*begin)(struct mb_catalogue_db *db, struct mb_error *err);
	void (*close)(struct mb_catalogue_db *db);
};

struct mb_catalogue {
	const struct mb_catalogue_backend *be;
	struct mb_catalogue_db *db;
	char *where;		/* for messages: the file, or mb_catalogue_display of the URL */
	bool in_transaction;
	bool read_only;		/* opened read-only (asked for, or the file is read-only) */
	bool stale;		/* read-only beside a WAL it could not read: the latest
				 * changes are missing */
};

/* a book as the catalogue holds it (borrowed strings) */
struct mb_catalogue_book {
	const char *id, *title, *spec_sha256, *output, *built_at, *status;
};

/* a printed maze as the catalogue holds it */
struct mb_catalogue_maze {
	char key[MB_CANON_KEY_SIZE];
	const char *place;	/* "interior" */
	int number, page;
	int w, h;
	const char *level, *generator;
	uint64_t seed;
};

/* a maze of another book that this book would print again */
struct mb_catalogue_hit {
	char key[MB_CANON_KEY_SIZE];
	int number, page;		/* in this book */
	char place[16], other_place[16];	/* "interior", "title-page", "cover-front" ... */
	char book_id[128], title[256], output[512];
	int other_number, other_page;	/* in the other book */
};

/*
 * Bring the schema to MB_CATALOGUE_SCHEMA (creating it in an empty
 * database), under the write lock. MB_ERR_INPUT for a catalogue made by a
 * newer mazebook or a database that is not a catalogue.
 */
enum mb_status mb_catalogue_migrate(struct mb_catalogue *cat, struct mb_error *err);

/* Close and free; accepts NULL. An open transaction is rolled back. */
void mb_catalogue_free(struct mb_catalogue *cat);

/* The mazes and books recorded, leaving out book_id's own (NULL: none left out). */
enum mb_status mb_catalogue_size(struct mb_catalogue *cat, const char *book_id, long long *mazes,
				 long long *books, struct mb_error *err);

/*
 * Which of the n mazes another book (not book_id) already printed: up to
 * max hits into hits, *nhits how many (all of them counted, even past max).
 */
enum mb_status mb_catalogue_repeats(struct mb_catalogue *cat, const char *book_id,
				    const struct mb_catalogue_maze *mazes, size_t n,
				    struct mb_catalogue_hit *hits, size_t max, size_t *nhits,
				    struct mb_error *err);

/*
 * Start the book's transaction and write its rows: its old rows (a
 * rebuild) are replaced. A key another book holds fails with MB_ERR_CHECK
 * and *hit filled (the transaction is rolled back). On success the
 * transaction stays open: mb_catalogue_commit once the files are in place,
 * mb_catalogue_rollback if they cannot be.
 */
enum mb_status mb_catalogue_record(struct mb_catalogue *cat, const struct mb_catalogue_book *book,
				   const struct mb_catalogue_maze *mazes, size_t n,
				   struct mb_catalogue_hit *hit, struct mb_error *err);
enum mb_status mb_catalogue_commit(struct mb_catalogue *cat, struct mb_error *err);
void mb_catalogue_rollback(struct mb_catalogue *cat);

/* Remove a book and its mazes; MB_ERR_INPUT when there is no such book. */
enum mb_status mb_catalogue_forget(struct mb_catalogue *cat, const char *book_id,
				   long long *mazes, struct mb_error *err);

/* Run a read-only query (for the reports of `mazebook catalogue`). */
enum mb_status mb_catalogue_query(struct mb_catalogue *cat, const char *sql,
				  const char *const *params, int nparams, mb_catalogue_row_fn *row,
				  void *data, struct mb_error *err);

/*
 * The catalogue's view of a book's mazes: key, place, number, page, grid,
 * level, generator, seed (pages: each maze's page, book->count entries;
 * NULL: 0), the numbered ones ("interior") and then the book's others
 * (the title page's, the cover's stand-ins: book->extras, number 1 in
 * their place). *count gets how many. Strings borrowed from spec and
 * book. free() the array.
 */
struct mb_catalogue_maze *mb_catalogue_mazes_of(const struct mb_book_spec *spec,
						const struct mb_book *book, const int *pages,
						size_t *count);

/*
 * The message for a repeat: maze N (page P) of this book is maze M of
 * 'title' (book id, page, folder), and what to change. Into buf.
 */
const char *mb_catalogue_repeat_message(const struct mb_catalogue_hit *hit, const char *where,
					char *buf, size_t size);

/* --- in memory: src/book/catalogue_memory.c --- */

/*
 * A new catalogue held in memory, empty (not even its tables: run
 * mb_catalogue_migrate, as a backend's open does), where naming it in
 * messages. It runs the statements of the catalogue's logic above and
 * refuses any other (mb_catalogue_query's reports) with MB_ERR_INPUT: the
 * logic's test bed, with no database library. mb_catalogue_free frees it.
 */
struct mb_catalogue *mb_catalogue_memory_new(const char *where);

/* --- a built book's manifest: src/book/catalogue_manifest.c --- */

/* what `catalogue check` and `import` read of a manifest.json */
struct mb_catalogue_manifest {
	char *book_id;		/* the manifest's, or made as mb_spec_book_id does (older manifests) */
	char *title;
	char *level;
	size_t count;
	struct mb_catalogue_maze *mazes;	/* count entries; their strings owned here */
	size_t regenerated;	/* mazes whose key was not in the manifest: made again from
				 * generator, seed, start and size */
};

/*
 * Read the manifest text (len bytes; name for messages): its book id,
 * title, level and every maze with its key (or, from a manifest written
 * before keys were, the key of the maze made again from its recipe).
 * MB_ERR_INPUT naming the file and what is wrong for anything else.
 */
enum mb_status mb_catalogue_manifest_read(const char *name, const char *text, size_t len,
					  struct mb_catalogue_manifest *m, struct mb_error *err);
void mb_catalogue_manifest_release(struct mb_catalogue_manifest *m);

/* --- opening: src/backend/sql/catalogue_open.c --- */

/*
 * Where the catalogue is (issue 29): the first of
 *   option      --catalogue on the command line (NULL: not given),
 *   $MAZEBOOK_CATALOGUE, when set and not empty,
 *   the spec's `catalogue:` (spec may be NULL), a file inside the spec's
 *               folder (mb_spec_path, checked again here, just before
 *               the catalogue is opened) or none,
 *   ~/.local/share/mazebook/catalogue.db.
 * The user's own choices come first: a spec (perhaps a stranger's) is
 * only the default when the user has chosen nothing, so it can neither
 * turn the check off nor move the book's record away from the catalogue
 * the user set. The option and the variable take a file, a postgres:// or
 * postgresql:// URL, a libpq "keyword=value" string or "none"; a spec's
 * network catalogue is refused (when the spec is read, and again here).
 * *where is a new string, or NULL for "none" (no catalogue). MB_ERR_INPUT
 * when no place can be found or the spec's is refused.
 */
enum mb_status mb_catalogue_location(const char *option, const struct mb_book_spec *spec,
				     char **where, struct mb_error *err);

/*
 * Which of the four places mb_catalogue_location takes, for messages:
 * "--catalogue", "$MAZEBOOK_CATALOGUE", "the spec's 'catalogue:'" or
 * "the default".
 */
const char *mb_catalogue_source(const char *option, const struct mb_book_spec *spec);

/*
 * where for people: a file as it is; a PostgreSQL URL or connection
 * string as postgresql://HOST:PORT/DATABASE only (no user, password or
 * other parameter: they may be secrets), or "a PostgreSQL connection
 * string that cannot be read" (nothing of it shown). A new string.
 */
char *mb_catalogue_display(const char *where);

/*
 * Open the catalogue at where (a file, or a postgres:// or postgresql://
 * URL). create: make the file (and its folder for the default place) if
 * missing and bring the schema up to date; else a missing catalogue is
 * MB_ERR_IO "no catalogue at ...". A file that is not a catalogue, or is
 * damaged, is reported and left as it is.
 */
enum mb_status mb_catalogue_open(const char *where, bool create, struct mb_catalogue **out,
				 struct mb_error *err);

/*
 * Open the catalogue at where for reading only (the reports of `mazebook
 * catalogue`): an SQLite file read-only, so that a catalogue the user may
 * only read can be listed. Like mb_catalogue_open otherwise.
 */
enum mb_status mb_catalogue_open_read(const char *where, struct mb_catalogue **out,
				      struct mb_error *err);

/*
 * Every SQLite open checks the file whole first (PRAGMA quick_check, and
 * every maze's key the same through its table and its index) and refuses a
 * damaged one, saying what to do. `catalogue check --repair` opens it
 * read-only without that check, to rebuild it (src/backend/sql/catalogue_repair.c).
 */
enum mb_status mb_catalogue_sqlite_open_damaged(const char *path, struct mb_catalogue **out,
						struct mb_error *err);

/*
 * `catalogue check` (no book): the full integrity check of an SQLite
 * catalogue (PRAGMA integrity_check, which also finds a key changed on
 * disk), each problem printed on stdout and counted in *problems; a
 * PostgreSQL one is only opened. MB_ERR_IO when it cannot be opened.
 */
enum mb_status mb_catalogue_verify(const char *where, size_t *problems, struct mb_error *err);

/*
 * `catalogue check --repair`: rebuild the SQLite catalogue at path from
 * its readable rows into a new file that replaces it in one rename, the
 * damaged one kept as PATH.damaged-TIME; what was recovered, and each book
 * to import again from its folder, printed on stdout.
 */
enum mb_status mb_catalogue_repair(const char *path, struct mb_error *err);

/* the backends (each in its own file) */
enum mb_status mb_catalogue_sqlite_open(const char *path, bool create,
					struct mb_catalogue **out, struct mb_error *err);
enum mb_status mb_catalogue_pg_open(const char *url, struct mb_catalogue **out,
				    struct mb_error *err);
/* where is PostgreSQL's: a postgres:// or postgresql:// URL, or a libpq "keyword=value" string */
bool mb_catalogue_is_url(const char *where);

#endif
