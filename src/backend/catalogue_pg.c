/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The catalogue in a PostgreSQL database (libpq), for a team that shares
 * one: $MAZEBOOK_CATALOGUE or the spec's `catalogue:` is a postgres:// URL.
 * The same schema and SQL as SQLite (src/core/catalogue.c); a write
 * transaction takes a transaction-scoped advisory lock, so writers take
 * turns as they do on SQLite, and the UNIQUE key still decides.
 */
#include "config.h"
#include "mazebook/catalogue.h"

#include <libpq-fe.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/xalloc.h"

/* the advisory lock's number: "mazebook" in ASCII, cut to 63 bits */
#define LOCK_ID "7089063162417418091"

struct mb_catalogue_db {
	PGconn *conn;
	char *where;
};

static enum mb_status db_exec(struct mb_catalogue_db *c, const char *sql,
			      const char *const *params, int nparams, mb_catalogue_row_fn *row,
			      void *data, struct mb_error *err)
{
	PGresult *res = nparams ? PQexecParams(c->conn, sql, nparams, NULL, params, NULL, NULL, 0)
				: PQexec(c->conn, sql);
	ExecStatusType s = PQresultStatus(res);
	const char *cols[32];

	if (s != PGRES_COMMAND_OK && s != PGRES_TUPLES_OK) {
		const char *field = PQresultErrorField(res, PG_DIAG_SQLSTATE);
		char msg[512], state_text[8] = "";
		const char *state = field ? state_text : NULL;

		/* the state lives in res: copied before res is cleared */
		if (field)
			snprintf(state_text, sizeof(state_text), "%s", field);
		snprintf(msg, sizeof(msg), "%s", PQerrorMessage(c->conn));
		msg[strcspn(msg, "\n")] = '\0';
		PQclear(res);
		if (state && !strcmp(state, "23505"))
			return mb_error_set(err, MB_ERR_CHECK, "the catalogue '%s': %s", c->where, msg);
		if (state && !strncmp(state, "25006", 5))
			return mb_error_set(err, MB_ERR_IO, "cannot write the catalogue '%s': it is "
					    "read-only (%s)", c->where, msg);
		return mb_error_set(err, MB_ERR_IO, "the catalogue '%s': %s", c->where, msg);
	}
	for (int r = 0; row && r < PQntuples(res); r++) {
		int n = PQnfields(res) < 32 ? PQnfields(res) : 32;

		for (int i = 0; i < n; i++)
			cols[i] = PQgetisnull(res, r, i) ? NULL : PQgetvalue(res, r, i);
		if (!row(data, n, cols))
			break;
	}
	PQclear(res);
	return MB_OK;
}

static enum mb_status db_begin(struct mb_catalogue_db *c, struct mb_error *err)
{
	enum mb_status st = db_exec(c, "BEGIN", NULL, 0, NULL, NULL, err);

	if (!st)
		st = db_exec(c, "SELECT pg_advisory_xact_lock(" LOCK_ID ")", NULL, 0, NULL, NULL, err);
	return st;
}

static void db_close(struct mb_catalogue_db *c)
{
	if (!c)
		return;
	PQfinish(c->conn);
	free(c->where);
	free(c);
}

static const struct mb_catalogue_backend pg_backend = {
	.name = "PostgreSQL",
	.table_option = "",
	.exec = db_exec,
	.begin = db_begin,
	.close = db_close,
};

/* the URL for messages: a password in it is not shown */
static char *without_password(const char *url)
{
	const char *scheme = strstr(url, "://"), *at = strrchr(url, '@');
	const char *colon = scheme ? strchr(scheme + 3, ':') : NULL;

	if (!scheme || !at || !colon || colon > at)
		return xstrdup(url);
	return xasprintf("%.*s:***%s", (int)(colon - url), url, at);
}

enum mb_status mb_catalogue_pg_open(const char *url, struct mb_catalogue **out,
				    struct mb_error *err)
{
	struct mb_catalogue_db *c = xcalloc(1, sizeof(*c));
	struct mb_catalogue *cat;
	enum mb_status st;

	*out = NULL;
	c->where = without_password(url);
	c->conn = PQconnectdb(url);
	if (PQstatus(c->conn) != CONNECTION_OK) {
		char msg[512];

		snprintf(msg, sizeof(msg), "%s", PQerrorMessage(c->conn));
		msg[strcspn(msg, "\n")] = '\0';
		st = mb_error_set(err, MB_ERR_IO, "cannot reach the catalogue '%s': %s", c->where, msg);
		db_close(c);
		return st;
	}
	/* notices (CREATE TABLE IF NOT EXISTS ...) are not for the user */
	db_exec(c, "SET client_min_messages = warning", NULL, 0, NULL, NULL, NULL);
	cat = xcalloc(1, sizeof(*cat));
	cat->be = &pg_backend;
	cat->db = c;
	cat->where = xstrdup(c->where);
	st = mb_catalogue_migrate(cat, err);
	if (st) {
		mb_catalogue_free(cat);
		return st;
	}
	*out = cat;
	return MB_OK;
}
