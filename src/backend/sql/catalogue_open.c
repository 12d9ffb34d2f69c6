/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Where the catalogue is and which backend opens it: a postgres:// URL or
 * a libpq "keyword=value" string is PostgreSQL, anything else an SQLite
 * file. The command line, then the environment, then the spec (a file in
 * its folder only). See mazebook/book/catalogue.h.
 */
#include "config.h"
#include "mazebook/book/catalogue.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "mazebook/base/xalloc.h"
#include "mazebook/book/spec.h"
#include "mazebook/io/output.h"

#define DEFAULT_PLACE ".local/share/mazebook/catalogue.db"

/* $MAZEBOOK_CATALOGUE, when set and not empty */
static const char *from_environment(void)
{
	const char *env = getenv("MAZEBOOK_CATALOGUE");

	return env && env[0] ? env : NULL;
}

const char *mb_catalogue_source(const char *option, const struct mb_book_spec *spec)
{
	if (option)
		return "--catalogue";
	if (from_environment())
		return "$MAZEBOOK_CATALOGUE";
	if (spec && spec->catalogue)
		return "the spec's 'catalogue:'";
	return "the default";
}

/* the spec's catalogue: none, or a file inside its folder, never a network one */
static enum mb_status spec_location(const struct mb_book_spec *spec, char **where,
				    struct mb_error *err)
{
	if (!strcmp(spec->catalogue, "none"))
		return MB_OK;
	/* the reader refuses these at their place; a spec made by hand is refused here */
	if (mb_catalogue_is_url(spec->catalogue) || strstr(spec->catalogue, "://"))
		return mb_error_set_field(err, MB_ERR_INPUT, "catalogue",
					  "'catalogue' names a network catalogue: a spec may name "
					  "only a catalogue file inside its own folder, or none; for "
					  "a shared one set MAZEBOOK_CATALOGUE=postgres://HOST/DB or "
					  "give --catalogue postgres://HOST/DB on the command line");
	return mb_spec_path(spec, MB_SPEC_PATH_CATALOGUE, "catalogue", spec->catalogue, where,
			    err);
}

enum mb_status mb_catalogue_location(const char *option, const struct mb_book_spec *spec,
				     char **where, struct mb_error *err)
{
	const char *env = from_environment();
	const char *home = getenv("HOME");

	*where = NULL;
	/* the user's choices first: a spec is only the default */
	if (option)
		return strcmp(option, "none") ? (*where = xstrdup(option), MB_OK) : MB_OK;
	if (env)
		return strcmp(env, "none") ? (*where = xstrdup(env), MB_OK) : MB_OK;
	if (spec && spec->catalogue)
		return spec_location(spec, where, err);
	if (!home || !home[0])
		return mb_error_set(err, MB_ERR_INPUT,
				    "no place for the catalogue ($MAZEBOOK_CATALOGUE and $HOME are "
				    "unset): give --catalogue FILE (or none), or set "
				    "MAZEBOOK_CATALOGUE to a file");
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
