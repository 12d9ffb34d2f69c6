/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The catalogue in an SQLite file, the default: WAL mode (readers never
 * wait for a writer), a busy timeout so that builds at once take turns,
 * BEGIN IMMEDIATE for writes. A file that is not a database, or is
 * damaged, is reported by name and never replaced.
 */
#include "config.h"
#include "mazebook/book/catalogue.h"

#include <errno.h>
#include <inttypes.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mazebook/base/xalloc.h"

/*
 * How long a build waits for another one's transaction (they last well
 * under a second): 60 s, or $MAZEBOOK_CATALOGUE_WAIT seconds (tests).
 */
static int busy_ms(void)
{
	const char *env = getenv("MAZEBOOK_CATALOGUE_WAIT");
	long s = env && *env ? strtol(env, NULL, 10) : 60;

	return (int)(s < 0 ? 0 : s > 3600 ? 3600000 : s * 1000);
}

struct mb_catalogue_db {
	sqlite3 *db;
	char *path;
};

/* a clear message for what SQLite said; MB_ERR_CHECK for a UNIQUE violation */
static enum mb_status fail(struct mb_catalogue_db *c, int rc, struct mb_error *err)
{
	int ext = sqlite3_extended_errcode(c->db);
	const char *what = sqlite3_errmsg(c->db);

	switch (rc & 0xff) {
	case SQLITE_CONSTRAINT:
		return mb_error_set(err, ext == SQLITE_CONSTRAINT_UNIQUE ||
					 ext == SQLITE_CONSTRAINT_PRIMARYKEY ? MB_ERR_CHECK : MB_ERR_IO,
				    "the catalogue '%s': %s", c->path, what);
	case SQLITE_BUSY:
	case SQLITE_LOCKED:
		return mb_error_set(err, MB_ERR_IO,
				    "the catalogue '%s' is locked: another program held it for %d s "
				    "(%s); try again when it is done", c->path, busy_ms() / 1000, what);
	case SQLITE_NOTADB:
	case SQLITE_CORRUPT:
		return mb_error_set(err, MB_ERR_IO,
				    "the catalogue '%s' is damaged or not an SQLite database (%s): "
				    "it was left as it is; restore it from a backup, or run 'mazebook "
				    "catalogue check --repair --catalogue %s' (it keeps every readable "
				    "row and sets the damaged file aside), or move it away and import "
				    "each book again with 'mazebook catalogue import DIR'", c->path, what,
				    c->path);
	case SQLITE_READONLY:
	case SQLITE_PERM:
		return mb_error_set(err, MB_ERR_IO,
				    "cannot write the catalogue '%s': it is read-only (%s); make it "
				    "writable, or give 'catalogue: none' in the spec to build without one",
				    c->path, what);
	case SQLITE_FULL:
	case SQLITE_IOERR:
	case SQLITE_CANTOPEN:
		return mb_error_set(err, MB_ERR_IO, "cannot use the catalogue '%s': %s", c->path,
				    what);
	default:
		return mb_error_set(err, MB_ERR_IO, "the catalogue '%s': %s", c->path, what);
	}
}

static enum mb_status db_exec(struct mb_catalogue_db *c, const char *sql,
			      const char *const *params, int nparams, mb_catalogue_row_fn *row,
			      void *data, struct mb_error *err)
{
	sqlite3_stmt *stmt;
	int rc = sqlite3_prepare_v2(c->db, sql, -1, &stmt, NULL);
	const char *cols[32];

	if (rc != SQLITE_OK)
		return fail(c, rc, err);
	/* "$7" is parameter 7 of the caller's, wherever it stands in the statement */
	for (int i = 1; i <= sqlite3_bind_parameter_count(stmt); i++) {
		const char *name = sqlite3_bind_parameter_name(stmt, i);
		int k = name && name[0] == '$' ? atoi(name + 1) : 0;

		if (k < 1 || k > nparams)
			BUG("SQL parameter %s of %d in: %s", name ? name : "?", nparams, sql);
		sqlite3_bind_text(stmt, i, params[k - 1], -1, SQLITE_STATIC);
	}
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		int n = sqlite3_column_count(stmt);

		if (n > 32)
			n = 32;
		for (int i = 0; i < n; i++)
			cols[i] = (const char *)sqlite3_column_text(stmt, i);
		if (row && !row(data, n, cols)) {
			rc = SQLITE_DONE;
			break;
		}
	}
	if (rc != SQLITE_DONE) {
		enum mb_status st = fail(c, sqlite3_errcode(c->db), err);

		sqlite3_finalize(stmt);
		return st;
	}
	sqlite3_finalize(stmt);
	return MB_OK;
}

static enum mb_status db_begin(struct mb_catalogue_db *c, struct mb_error *err)
{
	return db_exec(c, "BEGIN IMMEDIATE", NULL, 0, NULL, NULL, err);
}

static void db_close(struct mb_catalogue_db *c)
{
	if (!c)
		return;
	sqlite3_close(c->db);
	free(c->path);
	free(c);
}

/* how a file is opened */
enum { OPEN_CREATE, OPEN_WRITE, OPEN_READ, OPEN_REPAIR };

static const struct mb_catalogue_backend sqlite_backend = {
	.name = "SQLite",
	.table_option = " WITHOUT ROWID",
	.exec = db_exec,
	.begin = db_begin,
	.close = db_close,
};

/*
 * mb_bad_key(key): 1 unless key is 64 lower-case hex digits. 20 bytes
 * overwritten inside a key leave every page well formed, so quick_check
 * passes, and the maze no longer stops a repeat; 15 in 16 such bytes are
 * no hex digit. (The full integrity_check, which `catalogue check` runs,
 * also finds the rest: each key is held again by the (book_id, place,
 * number) index. It costs 0.44 s for 100,000 mazes and 5.9 s for a
 * million: too much for every build.)
 */
static void bad_key(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	static const char hex[256] = {
		['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1,
		['7'] = 1, ['8'] = 1, ['9'] = 1, ['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1,
		['e'] = 1, ['f'] = 1,
	};
	const unsigned char *key = sqlite3_value_text(argv[0]);
	int bad = !key || sqlite3_value_bytes(argv[0]) != 64;

	(void)argc;
	for (int i = 0; !bad && i < 64; i++)
		bad = !hex[key[i]];
	sqlite3_result_int(ctx, bad);
}

static bool take_text(void *data, int ncols, const char *const *cols)
{
	char *out = data;

	snprintf(out, 200, "%s", ncols > 0 && cols[0] ? cols[0] : "");
	/* quick_check's "*** in database main ***\nOn tree page ...": one line */
	for (char *nl = strchr(out, '\n'); nl; nl = strchr(nl, '\n'))
		*nl = ' ';
	return false;	/* the first row says it */
}

/* the message for a damaged catalogue, and what to do */
static enum mb_status damaged(struct mb_catalogue_db *c, const char *what, struct mb_error *err)
{
	return mb_error_set(err, MB_ERR_IO,
			    "the catalogue '%s' is damaged (%s): it was not used and is left as "
			    "it is; restore it from a backup, or run 'mazebook catalogue check "
			    "--repair --catalogue %s' (it keeps every readable row and sets the "
			    "damaged file aside), then 'mazebook catalogue import DIR' for each "
			    "book it reports", c->path, what, c->path);
}

/*
 * Is the file whole? SQLite's quick_check (every page read once: 0.06 s
 * for 100,000 mazes, 0.6 s for a million), once per open, before anything
 * is read or written.
 */
static enum mb_status check_quick(struct mb_catalogue_db *c, struct mb_error *err)
{
	char verdict[200] = "";
	struct mb_error quiet;
	enum mb_status st;

	mb_error_init(&quiet);
	st = db_exec(c, "PRAGMA quick_check(1)", NULL, 0, take_text, verdict, &quiet);
	if (st)
		return *err = quiet, st;	/* damaged, locked, unreadable: said by fail() */
	return strcmp(verdict, "ok") ? damaged(c, verdict, err) : MB_OK;
}

/* once the schema is there: every maze's key 64 hex digits (0.2 s for a million) */
static enum mb_status check_keys(struct mb_catalogue_db *c, struct mb_error *err)
{
	char bad[200] = "";
	struct mb_error quiet;

	mb_error_init(&quiet);
	sqlite3_create_function(c->db, "mb_bad_key", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
				bad_key, NULL, NULL);
	if (db_exec(c, "SELECT COUNT(*) FROM mazes NOT INDEXED WHERE mb_bad_key(key)", NULL, 0,
		    take_text, bad, &quiet))
		return *err = quiet, quiet.code;
	if (strcmp(bad, "0")) {
		char what[240];

		snprintf(what, sizeof(what), "%s maze key%s not 64 hex digits", bad,
			 strcmp(bad, "1") ? "s are" : " is");
		return damaged(c, what, err);
	}
	return MB_OK;
}

/* how a read-only open went: as usual, or immutable (exact, or missing a WAL's changes) */
enum { READ_PLAIN, READ_IMMUTABLE, READ_STALE };

/* "file:PATH?immutable=1", the path's '%', '?' and '#' escaped */
static char *uri_of(const char *path)
{
	char *uri = xmalloc(strlen(path) * 3 + 32), *o = uri;

	o += sprintf(o, "file:");
	for (const char *p = path; *p; p++)
		o += strchr("%?#", *p) ? sprintf(o, "%%%02X", (unsigned char)*p)
				       : (*o = *p, 1);
	strcpy(o, "?immutable=1");
	return uri;
}

/* a read-only file in a folder we may not write: its WAL index cannot be made */
static bool wal_unreadable(int rc)
{
	return rc == SQLITE_READONLY_CANTINIT || rc == SQLITE_READONLY_RECOVERY ||
	       rc == SQLITE_CANTOPEN || (rc & 0xff) == SQLITE_READONLY;
}

/*
 * Open read-only; a WAL file that nobody may write beside it is read as
 * immutable, which is exact when no WAL is left over (the last writer
 * copied it back on closing) and said otherwise.
 */
static int open_read(struct mb_catalogue_db *c, bool salvage, int *immutable)
{
	struct stat wal;
	char *wal_path = xasprintf("%s-wal", c->path), *uri;
	int rc = sqlite3_open_v2(c->path, &c->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL);
	sqlite3_stmt *probe = NULL;

	*immutable = READ_PLAIN;
	/* for a repair: a table whose CREATE statement is damaged is left out, not fatal */
	if (rc == SQLITE_OK && salvage)
		sqlite3_db_config(c->db, SQLITE_DBCONFIG_WRITABLE_SCHEMA, 1, NULL);
	if (rc == SQLITE_OK) {
		sqlite3_extended_result_codes(c->db, 1);
		rc = sqlite3_prepare_v2(c->db, "SELECT COUNT(*) FROM sqlite_schema", -1, &probe, NULL);
		if (rc == SQLITE_OK)
			rc = sqlite3_step(probe) == SQLITE_ROW ? SQLITE_OK
							       : sqlite3_extended_errcode(c->db);
		sqlite3_finalize(probe);
	}
	if (rc != SQLITE_OK && wal_unreadable(rc) && access(c->path, R_OK) == 0) {
		*immutable = stat(wal_path, &wal) || wal.st_size == 0 ? READ_IMMUTABLE
								       : READ_STALE;
		sqlite3_close(c->db);
		c->db = NULL;
		uri = uri_of(c->path);
		rc = sqlite3_open_v2(uri, &c->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI |
				     SQLITE_OPEN_NOMUTEX, NULL);
		if (rc == SQLITE_OK && salvage)
			sqlite3_db_config(c->db, SQLITE_DBCONFIG_WRITABLE_SCHEMA, 1, NULL);
		free(uri);
	}
	free(wal_path);
	return rc;
}

/* open read-write (creating the file if create), or read-only when it is read-only */
static int open_write(struct mb_catalogue_db *c, bool create, int *immutable)
{
	int rc = sqlite3_open_v2(c->path, &c->db, SQLITE_OPEN_READWRITE |
				 (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX, NULL);

	*immutable = READ_PLAIN;
	/* a read-only file still opens read-only: a build's write says what is wrong */
	if (((rc & 0xff) == SQLITE_CANTOPEN || (rc == SQLITE_OK &&
	     sqlite3_db_readonly(c->db, "main") == 1)) && c->db && !access(c->path, R_OK)) {
		sqlite3_close(c->db);
		c->db = NULL;
		rc = open_read(c, false, immutable);
	}
	return rc;
}

/* the pragmas of a writer: WAL, NORMAL sync, a warm key index */
static enum mb_status set_up(struct mb_catalogue_db *c, struct mb_error *err)
{
	enum mb_status s = MB_OK;

	/* WAL: a build's reads do not wait for another's write (kept in the file once set) */
	if (sqlite3_db_readonly(c->db, "main") != 1)
		s = db_exec(c, "PRAGMA journal_mode = WAL", NULL, 0, NULL, NULL, err);
	/*
	 * NORMAL in WAL mode: a commit is never half-done, only the last ones
	 * may be lost to a power cut before the next checkpoint, which leaves
	 * a book built but unrecorded: the case the next build or `catalogue
	 * import` mends anyway. FULL syncs every commit (about 20 ms a book on
	 * a million mazes, most of a build's catalogue time).
	 */
	if (!s)
		s = db_exec(c, "PRAGMA synchronous = NORMAL", NULL, 0, NULL, NULL, err);
	return s;
}

/* open the file: create, write or read only; checked whole unless for a repair */
static enum mb_status open_file(const char *path, int mode, struct mb_catalogue **out,
				struct mb_error *err)
{
	struct mb_catalogue_db *c;
	struct mb_catalogue *cat;
	struct stat st;
	enum mb_status s;
	int rc, immutable;
	bool create = mode == OPEN_CREATE;

	*out = NULL;
	if (stat(path, &st)) {
		if (errno != ENOENT || !create)
			return mb_error_set(err, MB_ERR_IO,
					    errno == ENOENT ? "no catalogue at '%s' (%s): a build makes "
					    "it on first use" : "cannot use the catalogue '%s': %s", path,
					    strerror(errno));
	} else if (!S_ISREG(st.st_mode)) {
		return mb_error_set(err, MB_ERR_IO, "the catalogue '%s' is %s, not a file", path,
				    S_ISDIR(st.st_mode) ? "a folder" : "a device, a FIFO or a socket");
	}
	c = xcalloc(1, sizeof(*c));
	c->path = xstrdup(path);
	rc = mode == OPEN_READ || mode == OPEN_REPAIR ? open_read(c, mode == OPEN_REPAIR, &immutable)
						      : open_write(c, create, &immutable);
	if (rc != SQLITE_OK) {
		s = c->db ? fail(c, rc, err) : mb_error_set(err, MB_ERR_IO, "cannot open the "
							    "catalogue '%s': out of memory", path);
		db_close(c);
		return s;
	}
	sqlite3_busy_timeout(c->db, busy_ms());
	/*
	 * The last connection to close copies the WAL back into the file
	 * (SQLite's default, kept): a catalogue.db copied or backed up alone
	 * then holds every book. Skipping it saved no time we could measure.
	 */
	sqlite3_extended_result_codes(c->db, 1);
	cat = xcalloc(1, sizeof(*cat));
	cat->be = &sqlite_backend;
	cat->db = c;
	cat->where = xstrdup(path);
	/* a report's open is read-only anyway: say so when the user could not write it */
	cat->read_only = mode == OPEN_READ ? access(path, W_OK) != 0
					   : sqlite3_db_readonly(c->db, "main") == 1;
	cat->stale = immutable == READ_STALE;
	/*
	 * The key index of a million mazes is about 100 MB: keep its upper
	 * pages warm. The whole-file check reads each page once either way,
	 * but with SQLite's 2 MB it took twice the CPU (1.6 s, not 0.8 s, for
	 * a million mazes).
	 */
	s = db_exec(c, "PRAGMA cache_size = -32768", NULL, 0, NULL, NULL, err);
	if (!s && mode != OPEN_REPAIR)
		s = check_quick(c, err);
	if (!s && !cat->read_only)
		s = set_up(c, err);
	if (!s && mode != OPEN_REPAIR)
		s = mb_catalogue_migrate(cat, err);
	if (!s && mode != OPEN_REPAIR)
		s = check_keys(c, err);
	if (s) {
		mb_catalogue_free(cat);
		return s;
	}
	*out = cat;
	return MB_OK;
}

enum mb_status mb_catalogue_sqlite_open(const char *path, bool create,
					struct mb_catalogue **out, struct mb_error *err)
{
	return open_file(path, create ? OPEN_CREATE : OPEN_WRITE, out, err);
}

enum mb_status mb_catalogue_open_read(const char *where, struct mb_catalogue **out,
				      struct mb_error *err)
{
	if (mb_catalogue_is_url(where))
		return mb_catalogue_open(where, false, out, err);
	return open_file(where, OPEN_READ, out, err);
}

enum mb_status mb_catalogue_sqlite_open_damaged(const char *path, struct mb_catalogue **out,
						struct mb_error *err)
{
	return open_file(path, OPEN_REPAIR, out, err);
}
