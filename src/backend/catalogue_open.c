/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Where the catalogue is and which backend opens it: a postgres:// URL is
 * PostgreSQL, anything else an SQLite file. See mazebook/catalogue.h.
 */
#include "config.h"
#include "mazebook/catalogue.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "mazebook/output.h"
#include "mazebook/xalloc.h"

#define DEFAULT_PLACE ".local/share/mazebook/catalogue.db"

bool mb_catalogue_is_url(const char *where)
{
	return !strncmp(where, "postgres://", 11) || !strncmp(where, "postgresql://", 13);
}

static char *resolve(const char *value, const char *base_dir)
{
	if (mb_catalogue_is_url(value) || value[0] == '/' || !base_dir || !strcmp(base_dir, "."))
		return xstrdup(value);
	return xasprintf("%s/%s", base_dir, value);
}

enum mb_status mb_catalogue_location(const char *spec_value, const char *base_dir, char **where,
				     struct mb_error *err)
{
	const char *env = getenv("MAZEBOOK_CATALOGUE");
	const char *home = getenv("HOME");

	*where = NULL;
	if (spec_value)
		return strcmp(spec_value, "none") ? (*where = resolve(spec_value, base_dir), MB_OK)
						  : MB_OK;
	if (env && env[0])
		return strcmp(env, "none") ? (*where = xstrdup(env), MB_OK) : MB_OK;
	if (!home || !home[0])
		return mb_error_set(err, MB_ERR_INPUT,
				    "no place for the catalogue ($MAZEBOOK_CATALOGUE and $HOME are "
				    "unset): set MAZEBOOK_CATALOGUE to a file, or 'catalogue: none' "
				    "in the spec");
	*where = xasprintf("%s/%s", home, DEFAULT_PLACE);
	return MB_OK;
}

enum mb_status mb_catalogue_open(const char *where, bool create, struct mb_catalogue **out,
				 struct mb_error *err)
{
	const char *home = getenv("HOME");

	*out = NULL;
	if (mb_catalogue_is_url(where))
		return mb_catalogue_pg_open(where, out, err);
	/* the default place's folders are made on first use; a folder named by hand must exist */
	if (create && home && home[0]) {
		char *def = xasprintf("%s/%s", home, DEFAULT_PLACE);

		if (!strcmp(def, where)) {
			char *dir = xstrdup(def);
			enum mb_status st;

			*strrchr(dir, '/') = '\0';
			st = mb_output_mkdirs(dir, err);
			free(dir);
			if (st) {
				free(def);
				return st;
			}
		}
		free(def);
	}
	if (create) {
		char *dir = xstrdup(where);
		char *slash = strrchr(dir, '/');
		struct stat st;

		if (slash && slash != dir) {
			*slash = '\0';
			if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
				enum mb_status s = mb_error_set(err, MB_ERR_IO,
								"cannot make the catalogue '%s': the "
								"folder '%s' does not exist", where, dir);

				free(dir);
				return s;
			}
		}
		free(dir);
	}
	return mb_catalogue_sqlite_open(where, create, out, err);
}
