/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The catalogue in a PostgreSQL database (libpq), for a team that shares
 * one: $MAZEBOOK_CATALOGUE or --catalogue is a postgres:// URL or a libpq
 * "keyword=value" string (never a spec's: it may name only a file). Only
 * the host, port and database are ever printed; libpq's messages are
 * scrubbed of every other part of the location (issue 29).
 * The same schema and SQL as SQLite (src/book/catalogue.c); a write
 * transaction takes a transaction-scoped advisory lock, so writers take
 * turns as they do on SQLite, and the UNIQUE key still decides.
 */
#include "config.h"
#include "mazebook/book/catalogue.h"

#include <ctype.h>
#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"

/* the advisory lock's number: "mazebook" in ASCII, cut to 63 bits */
#define LOCK_ID "7089063162417418091"

/* the most secrets kept to scrub from libpq's messages */
#define MAX_SECRETS 48

struct mb_catalogue_db {
	PGconn *conn;
	char *where;		/* mb_catalogue_display's */
	char *secrets[MAX_SECRETS];	/* every part of the location that is not shown */
	int nsecrets;
};

static void scrub(const struct mb_catalogue_db *c, char *msg, size_t size);

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
		scrub(c, msg, sizeof(msg));
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
	for (int i = 0; i < c->nsecrets; i++)
		free(c->secrets[i]);
	free(c);
}

static const struct mb_catalogue_backend pg_backend = {
	.name = "PostgreSQL",
	.table_option = "",
	.exec = db_exec,
	.begin = db_begin,
	.close = db_close,
};

/* a libpq "keyword=value" string: a word of small letters and '_', then '=' */
static bool keyword_string(const char *where)
{
	size_t word;

	where += strspn(where, " \t");
	word = strspn(where, "abcdefghijklmnopqrstuvwxyz_");
	return word && where[word + strspn(where + word, " \t")] == '=';
}

bool mb_catalogue_is_url(const char *where)
{
	return !strncmp(where, "postgres://", 11) || !strncmp(where, "postgresql://", 13) ||
	       keyword_string(where);
}

/* the value of keyword in opts, or NULL when not given */
static const char *option_value(const PQconninfoOption *opts, const char *keyword)
{
	for (const PQconninfoOption *o = opts; o && o->keyword; o++)
		if (!strcmp(o->keyword, keyword))
			return o->val && o->val[0] ? o->val : NULL;
	return NULL;
}

/* the parts of a location people may see: where the server is and which database */
static bool shown(const char *keyword)
{
	return !strcmp(keyword, "host") || !strcmp(keyword, "hostaddr") ||
	       !strcmp(keyword, "port") || !strcmp(keyword, "dbname");
}

char *mb_catalogue_display(const char *where)
{
	PQconninfoOption *opts;
	const char *host, *port, *db;
	char *errmsg = NULL, *out;

	if (!mb_catalogue_is_url(where))
		return xstrdup(where);
	opts = PQconninfoParse(where, &errmsg);
	if (!opts) {
		PQfreemem(errmsg);
		return xstrdup("a PostgreSQL connection string that cannot be read");
	}
	host = option_value(opts, "host");
	if (!host)
		host = option_value(opts, "hostaddr");
	port = option_value(opts, "port");
	db = option_value(opts, "dbname");
	/* a Unix socket's folder is no URL host: it goes in the query, as libpq reads it */
	if (host && (host[0] == '/' || host[0] == '@'))
		out = xasprintf("postgresql:///%s?host=%s%s%s", db ? db : "", host,
				port ? "&port=" : "", port ? port : "");
	else
		out = xasprintf("postgresql://%s%s%s/%s", host ? host : "", port ? ":" : "",
				port ? port : "", db ? db : "");
	PQconninfoFree(opts);
	return out;
}

static void add_secret(struct mb_catalogue_db *c, const char *text, size_t len)
{
	if (len && c->nsecrets < MAX_SECRETS)
		c->secrets[c->nsecrets++] = xasprintf("%.*s", (int)len, text);
}

/* text with its %XX escapes decoded, as libpq reads a URL's parts */
static char *percent_decoded(const char *text, size_t len)
{
	char *out = xmalloc(len + 1), *o = out;

	for (size_t i = 0; i < len; i++) {
		if (text[i] == '%' && i + 2 < len && isxdigit((unsigned char)text[i + 1]) &&
		    isxdigit((unsigned char)text[i + 2])) {
			char hex[3] = { text[i + 1], text[i + 2], '\0' };

			*o++ = (char)strtol(hex, NULL, 16);
			i += 2;
		} else {
			*o++ = text[i];
		}
	}
	*o = '\0';
	return out;
}

/* a run of text between separators, raw and decoded */
static void add_secret_part(struct mb_catalogue_db *c, const char *text, size_t len)
{
	char *decoded = percent_decoded(text, len);

	add_secret(c, text, len);
	if (strncmp(decoded, text, len) || strlen(decoded) != len)
		add_secret(c, decoded, strlen(decoded));
	free(decoded);
}

/*
 * Every part of where that is not shown (user, password, every other
 * parameter; in a URL its user part and query, raw and decoded, split at
 * ':', '&' and '='), so that none comes through libpq's messages.
 */
static void collect_secrets(struct mb_catalogue_db *c, const char *where,
			    const PQconninfoOption *opts)
{
	const char *scheme = strstr(where, "://");

	add_secret(c, where, strlen(where));
	for (const PQconninfoOption *o = opts; o && o->keyword; o++)
		if (o->val && o->val[0] && !shown(o->keyword))
			add_secret(c, o->val, strlen(o->val));
	if (scheme && mb_catalogue_is_url(where) && !keyword_string(where)) {
		const char *auth = scheme + 3, *at = strrchr(auth, '@'), *query = strchr(auth, '?');

		if (at && (!query || at < query)) {
			add_secret_part(c, auth, (size_t)(at - auth));
			for (const char *p = auth; p < at;) {
				size_t n = strcspn(p, ":@");

				add_secret_part(c, p, (size_t)(at - p) < n ? (size_t)(at - p) : n);
				p += n + 1;
			}
		}
		/* each parameter's value (its name, "password", is no secret) */
		for (const char *p = query; p && *p;) {
			size_t n;

			p++;
			n = strcspn(p, "&");
			if (memchr(p, '=', n)) {
				const char *value = (const char *)memchr(p, '=', n) + 1;

				add_secret_part(c, value, (size_t)(p + n - value));
			}
			p += n;
		}
	}
}

/* is needle at text[i..] a whole word (when it is short: a 2-letter user is also in words) */
static bool whole(const char *text, size_t i, size_t n)
{
	bool before = i == 0 || !isalnum((unsigned char)text[i - 1]);
	bool after = !isalnum((unsigned char)text[i + n]);

	return n >= 4 || (before && after);
}

/* msg with every secret (longest first: a part inside a longer one) replaced by "***" */
static void scrub(const struct mb_catalogue_db *c, char *msg, size_t size)
{
	bool done[MAX_SECRETS] = { false };

	for (int round = 0; round < c->nsecrets; round++) {
		int longest = -1;
		char out[512];
		size_t o = 0, n;

		for (int i = 0; i < c->nsecrets; i++)
			if (!done[i] && (longest < 0 ||
					 strlen(c->secrets[i]) > strlen(c->secrets[longest])))
				longest = i;
		done[longest] = true;
		n = strlen(c->secrets[longest]);
		for (size_t i = 0; msg[i] && o + 4 < sizeof(out);) {
			if (!strncmp(msg + i, c->secrets[longest], n) && whole(msg, i, n)) {
				memcpy(out + o, "***", 3);
				o += 3;
				i += n;
			} else {
				out[o++] = msg[i++];
			}
		}
		out[o] = '\0';
		snprintf(msg, size, "%s", out);
	}
}

/*
 * An '@' in a URL's user name or password must be written %40: libpq
 * takes the first '@' as the end of the user part, and the rest of the
 * password as the host, which its messages then print.
 */
static bool stray_at(const char *where)
{
	const char *scheme = strstr(where, "://");
	const char *first, *end;

	if (!scheme || keyword_string(where))
		return false;
	end = scheme + 3 + strcspn(scheme + 3, "/?");
	first = strchr(scheme + 3, '@');
	return first && first < end && memchr(first + 1, '@', (size_t)(end - first - 1));
}

enum mb_status mb_catalogue_pg_open(const char *url, struct mb_catalogue **out,
				    struct mb_error *err)
{
	struct mb_catalogue_db *c;
	struct mb_catalogue *cat;
	PQconninfoOption *opts;
	char *errmsg = NULL;
	enum mb_status st;

	*out = NULL;
	/* nothing of the location is echoed: it may hold a password */
	if (stray_at(url))
		return mb_error_set(err, MB_ERR_INPUT,
				    "the catalogue's PostgreSQL URL has more than one '@' before "
				    "its host: write an '@' in the user name or password as %%40 "
				    "(postgresql://me:abc%%40def@host/db)");
	opts = PQconninfoParse(url, &errmsg);
	if (!opts) {
		PQfreemem(errmsg);
		return mb_error_set(err, MB_ERR_INPUT,
				    "the catalogue is neither a file nor a PostgreSQL URL or "
				    "connection string libpq can read (postgresql://HOST:PORT/DB, "
				    "or host=HOST dbname=DB; a file whose name looks like one: "
				    "./NAME)");
	}
	c = xcalloc(1, sizeof(*c));
	c->where = mb_catalogue_display(url);
	collect_secrets(c, url, opts);
	PQconninfoFree(opts);
	c->conn = PQconnectdb(url);
	if (PQstatus(c->conn) != CONNECTION_OK) {
		char msg[512];

		snprintf(msg, sizeof(msg), "%s", PQerrorMessage(c->conn));
		msg[strcspn(msg, "\n")] = '\0';
		scrub(c, msg, sizeof(msg));
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
