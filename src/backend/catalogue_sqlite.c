/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The catalogue in an SQLite file, the default: WAL mode (readers never
 * wait for a writer), a busy timeout so that builds at once take turns,
 * BEGIN IMMEDIATE for writes. A file that is not a database, or is
 * damaged, is reported by name and never replaced.
 */
#include "config.h"
#include "mazebook/catalogue.h"

#include <errno.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mazebook/xalloc.h"

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
				    "it was left as it is; restore it from a backup, or move it away "
				    "and rebuild it with 'mazebook catalogue import'", c->path, what);
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

static const struct mb_catalogue_backend sqlite_backend = {
	.name = "SQLite",
	.table_option = " WITHOUT ROWID",
	.exec = db_exec,
	.begin = db_begin,
	.close = db_close,
};

enum mb_status mb_catalogue_sqlite_open(const char *path, bool create,
					struct mb_catalogue **out, struct mb_error *err)
{
	struct mb_catalogue_db *c;
	struct mb_catalogue *cat;
	struct stat st;
	enum mb_status s;
	int rc;

	*out = NULL;
	if (stat(path, &st)) {
		if (errno != ENOENT || !create)
			return mb_error_set(err, MB_ERR_IO,
					    errno == ENOENT ? "no catalogue at '%s' (%s): a build makes "
					    "it on first use" : "cannot use the catalogue '%s': %s", path,
					    strerror(errno));
	} else if (S_ISDIR(st.st_mode)) {
		return mb_error_set(err, MB_ERR_IO, "the catalogue '%s' is a folder, not a file", path);
	}
	c = xcalloc(1, sizeof(*c));
	c->path = xstrdup(path);
	rc = sqlite3_open_v2(path, &c->db, SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) |
			     SQLITE_OPEN_NOMUTEX, NULL);
	if (rc != SQLITE_OK) {
		if (!c->db) {
			db_close(c);
			return mb_error_set(err, MB_ERR_IO, "cannot open the catalogue '%s': out of memory",
					    path);
		}
		/* a read-only file still opens read-only: a build's write says what is wrong */
		if ((rc & 0xff) == SQLITE_CANTOPEN && !access(path, R_OK)) {
			sqlite3_close(c->db);
			c->db = NULL;
			rc = sqlite3_open_v2(path, &c->db, SQLITE_OPEN_READONLY, NULL);
		}
		if (rc != SQLITE_OK) {
			s = fail(c, rc, err);
			db_close(c);
			return s;
		}
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
	/* WAL: a build's reads do not wait for another's write (kept in the file once set) */
	s = sqlite3_db_readonly(c->db, "main") == 1 ? MB_OK :
	    db_exec(c, "PRAGMA journal_mode = WAL", NULL, 0, NULL, NULL, err);
	/*
	 * NORMAL in WAL mode: a commit is never half-done, only the last ones
	 * may be lost to a power cut before the next checkpoint, which leaves
	 * a book built but unrecorded: the case the next build or `catalogue
	 * import` mends anyway. FULL syncs every commit (about 20 ms a book on
	 * a million mazes, most of a build's catalogue time).
	 */
	if (!s)
		s = db_exec(c, "PRAGMA synchronous = NORMAL", NULL, 0, NULL, NULL, err);
	/* the key index of a million mazes is about 100 MB: keep its upper pages warm */
	if (!s)
		s = db_exec(c, "PRAGMA cache_size = -32768", NULL, 0, NULL, NULL, err);
	if (!s)
		s = mb_catalogue_migrate(cat, err);
	if (s) {
		mb_catalogue_free(cat);
		return s;
	}
	*out = cat;
	return MB_OK;
}
