/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * `mazebook catalogue list|show|check|import|forget|export|stats`: the
 * publisher's record of every book built and every maze printed (see
 * mazebook/book/catalogue.h). Reports only read; `import` and `forget` write,
 * each in one transaction. No subcommand creates a catalogue but import:
 * a missing file is reported, and a damaged one is never replaced.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "mazebook/base/json.h"
#include "mazebook/base/limits.h"
#include "mazebook/base/printable.h"
#include "mazebook/base/sha256.h"
#include "mazebook/base/xalloc.h"
#include "mazebook/book/catalogue.h"
#include "mazebook/cmd/command.h"
#include "mazebook/cmd/options.h"
#include "mazebook/io/regular_file.h"

extern const struct mb_command mb_cmd_catalogue;

static int failed(struct mb_error *err)
{
	return mb_command_fail(&mb_cmd_catalogue, "%s", err->message);
}

/* --- reports: each row printed as it comes --- */

/*
 * A row's columns made printable: a catalogue may hold what an older
 * mazebook imported unchecked, or what another program wrote into a shared
 * one, and no title may clear the terminal or forge a line.
 */
#define SHOWN_COLS 10
struct shown {
	char text[SHOWN_COLS][600];
	const char *col[SHOWN_COLS];
};

static const char *const *shown(struct shown *s, int n, const char *const *c)
{
	for (int i = 0; i < n && i < SHOWN_COLS; i++)
		s->col[i] = mb_printable(c[i], s->text[i], sizeof(s->text[i]));	/* NULL: "" */
	return s->col;
}

static bool print_book_row(void *data, int n, const char *const *raw)
{
	struct shown sh;
	const char *const *c = shown(&sh, n, raw);
	size_t *count = data;

	if (n < 6)
		return true;
	(*count)++;
	printf("%-24s %6s mazes  %s  %-8s  %s\n  %s\n", c[0], c[2], c[3], c[4], c[1], c[5]);
	return true;
}

static bool print_book_detail(void *data, int n, const char *const *raw)
{
	struct shown sh;
	const char *const *c = shown(&sh, n, raw);
	size_t *count = data;

	if (n < 7)
		return true;
	(*count)++;
	printf("book     %s\ntitle    %s\nmazes    %s\nbuilt    %s (%s)\nfolder   %s\nspec     sha256 %s\n",
	       c[0], c[1], c[2], c[3], c[4], c[5], c[6]);
	return true;
}

static bool print_maze_row(void *data, int n, const char *const *raw)
{
	struct shown sh;
	const char *const *c = shown(&sh, n, raw);

	(void)data;
	if (n >= 7)
		printf("  %-8s %5s  page %4s  %-12s %-18s seed %-20s %s\n", c[0], c[1], c[2], c[3],
		       c[4], c[5], c[6]);
	return true;
}

static bool print_stats_row(void *data, int n, const char *const *raw)
{
	struct shown sh;
	const char *const *c = shown(&sh, n, raw);

	(void)data;
	if (n >= 3)
		printf("  %-8s %-16s %8s mazes\n", c[0], c[1], c[2]);
	return true;
}

/* CSV: fields with a comma, quote or line break are quoted, quotes doubled */
static void csv_field(const char *s, bool last)
{
	if (s && strpbrk(s, ",\"\n\r")) {
		putchar('"');
		for (; *s; s++) {
			if (*s == '"')
				putchar('"');
			putchar(*s);
		}
		putchar('"');
	} else if (s) {
		fputs(s, stdout);
	}
	putchar(last ? '\n' : ',');
}

/* a JSON string on stdout; a missing value is the empty string */
static void json_string(const char *s)
{
	mb_json_string(stdout, s ? s : "");
}

static const char *const export_cols[] = { "key", "book_id", "title", "place", "number",
					   "page", "grid", "level", "generator", "seed" };
#define EXPORT_COLS 10

struct export {
	bool json;
	bool terminal;	/* data to a file or a pipe stays as stored */
	size_t rows;
};

static bool export_row(void *data, int n, const char *const *raw)
{
	struct export *e = data;
	struct shown sh;
	const char *const *c = e->terminal ? shown(&sh, n, raw) : raw;

	if (n < EXPORT_COLS)
		return true;
	if (e->json) {
		printf("%s  {", e->rows ? ",\n" : "");
		for (int i = 0; i < EXPORT_COLS; i++) {
			printf("%s\"%s\": ", i ? ", " : "", export_cols[i]);
			if (i == 4 || i == 5)
				fputs(c[i], stdout);
			else
				json_string(c[i]);
		}
		putchar('}');
	} else {
		for (int i = 0; i < EXPORT_COLS; i++)
			csv_field(c[i], i == EXPORT_COLS - 1);
	}
	e->rows++;
	return true;
}

/* --- reading a built book --- */

/*
 * The file at path, whole, by the one bounded reader (src/io): anything
 * but a regular file (a FIFO, a device, a folder) is refused before it is
 * read, and a file over MB_MANIFEST_MAX_BYTES while it is read.
 */
static char *read_all(const char *path, const char *what, size_t *len, struct mb_error *err)
{
	unsigned char *data;
	struct mb_error why;

	mb_error_init(&why);
	if (!mb_read_regular(path, MB_MANIFEST_MAX_BYTES, what, &data, len, &why))
		return (char *)data;
	mb_error_set(err, why.code, "%s%s", why.message,
		     why.code == MB_ERR_INPUT ? ": give a book's folder or its manifest.json" : "");
	return NULL;
}

/* DIR or DIR/manifest.json -> the manifest's path (new string) and the book's folder */
static char *manifest_path(const char *arg, char **dir)
{
	struct stat st;
	size_t len = strlen(arg);

	if (!stat(arg, &st) && S_ISDIR(st.st_mode)) {
		*dir = xstrdup(arg);
		while (strlen(*dir) > 1 && (*dir)[strlen(*dir) - 1] == '/')
			(*dir)[strlen(*dir) - 1] = '\0';
		return xasprintf("%s/manifest.json", *dir);
	}
	*dir = xstrdup(arg);
	if (strrchr(*dir, '/'))
		*strrchr(*dir, '/') = '\0';
	else
		strcpy(*dir, ".");
	(void)len;
	return xstrdup(arg);
}

static enum mb_status load_manifest(const char *arg, struct mb_catalogue_manifest *m, char **dir,
				    struct mb_error *err)
{
	char *path = manifest_path(arg, dir);
	size_t len = 0;
	char *text = read_all(path, "manifest", &len, err);
	enum mb_status st;

	if (!text) {
		free(path);
		return err->code;
	}
	st = mb_catalogue_manifest_read(path, text, len, m, err);
	free(text);
	free(path);
	return st;
}

/* two mazes of one book with one key: a repeat inside the book */
static int by_key(const void *a, const void *b)
{
	return strcmp(((const struct mb_catalogue_maze *)a)->key,
		      ((const struct mb_catalogue_maze *)b)->key);
}

static size_t distinct_keys(const struct mb_catalogue_manifest *m, int *dup_a, int *dup_b)
{
	struct mb_catalogue_maze *s = xmallocarray(m->count, sizeof(*s));
	size_t distinct = m->count ? 1 : 0;

	memcpy(s, m->mazes, m->count * sizeof(*s));
	qsort(s, m->count, sizeof(*s), by_key);
	*dup_a = *dup_b = 0;
	for (size_t i = 1; i < m->count; i++) {
		if (strcmp(s[i].key, s[i - 1].key))
			distinct++;
		else if (!*dup_a)
			*dup_a = s[i - 1].number, *dup_b = s[i].number;
	}
	free(s);
	return distinct;
}

static bool count_row(void *data, int n, const char *const *c)
{
	long long *v = data;

	*v = n > 0 && c[0] ? strtoll(c[0], NULL, 10) : 0;
	return true;
}

/* --- the subcommands --- */

static int cmd_list(struct mb_catalogue *cat)
{
	size_t n = 0;
	struct mb_error err;

	mb_error_init(&err);
	if (mb_catalogue_query(cat, "SELECT id, title, mazes, built_at, status, output FROM books "
			       "ORDER BY built_at, id", NULL, 0, print_book_row, &n, &err))
		return failed(&err);
	printf("%zu book%s in %s%s\n", n, n == 1 ? "" : "s", cat->where,
	       cat->read_only ? " (opened read-only: you may not write it)" : "");
	if (cat->stale)
		fprintf(stderr, "mazebook catalogue: warning: '%s' has changes in its WAL file that "
			"only its owner can read: the latest books may be missing here\n", cat->where);
	return MB_EXIT_OK;
}

static int cmd_show(struct mb_catalogue *cat, const char *id)
{
	const char *p[1] = { id };
	size_t n = 0;
	struct mb_error err;

	mb_error_init(&err);
	if (mb_catalogue_query(cat, "SELECT id, title, mazes, built_at, status, output, spec_sha256 "
			       "FROM books WHERE id = $1", p, 1, print_book_detail, &n, &err))
		return failed(&err);
	if (!n)
		return mb_command_fail(&mb_cmd_catalogue, "no book '%s' in the catalogue '%s' (see "
				       "'mazebook catalogue list')", id, cat->where);
	printf("  %-8s %5s  %-9s  %-12s %-18s %-25s %s\n", "place", "maze", "page", "grid",
	       "generator", "seed", "key");
	if (mb_catalogue_query(cat, "SELECT place, number, page, grid, generator, seed, key "
			       "FROM mazes WHERE book_id = $1 ORDER BY place, number", p, 1,
			       print_maze_row, NULL, &err))
		return failed(&err);
	return MB_EXIT_OK;
}

static int cmd_check(struct mb_catalogue *cat, const char *arg)
{
	struct mb_catalogue_manifest m;
	struct mb_catalogue_hit hits[32];
	struct mb_error err;
	size_t distinct, nhits = 0;
	long long recorded = 0, mazes = 0, books = 0;
	char *dir = NULL, msg[MB_ERROR_MESSAGE_MAX];
	const char *p[1];
	int dup_a, dup_b, rc = MB_EXIT_OK;

	mb_error_init(&err);
	if (load_manifest(arg, &m, &dir, &err)) {
		free(dir);
		return failed(&err);
	}
	p[0] = m.book_id;
	distinct = distinct_keys(&m, &dup_a, &dup_b);
	if (mb_catalogue_repeats(cat, m.book_id, m.mazes, m.count, hits, 32, &nhits, &err) ||
	    mb_catalogue_size(cat, m.book_id, &mazes, &books, &err) ||
	    mb_catalogue_query(cat, "SELECT COUNT(*) FROM mazes WHERE book_id = $1", p, 1, count_row,
			       &recorded, &err)) {
		rc = failed(&err);
		goto out;
	}
	printf("%s: book '%s' ('%s'): %zu mazes, %zu distinct keys%s\n", dir, m.book_id, m.title,
	       m.count, distinct, m.regenerated ? " (keys made again from each maze's recipe)" : "");
	printf("  checked against %lld mazes of %lld other books in %s\n", mazes, books, cat->where);
	for (size_t i = 0; i < nhits && i < 32; i++)
		fprintf(stderr, "mazebook catalogue: %s: %s\n", dir,
			mb_catalogue_repeat_message(&hits[i], cat->where, msg, sizeof(msg)));
	if (nhits > 32)
		fprintf(stderr, "mazebook catalogue: %s: and %zu more repeats\n", dir, nhits - 32);
	if (distinct < m.count)
		fprintf(stderr, "mazebook catalogue: %s: mazes %d and %d are one puzzle (turned or "
			"mirrored)\n", dir, dup_a, dup_b);
	if (nhits || distinct < m.count) {
		printf("  FAIL: %zu maze%s printed before%s\n", nhits, nhits == 1 ? "" : "s",
		       distinct < m.count ? ", and repeats inside the book" : "");
		rc = MB_EXIT_FAIL;
	} else {
		printf("  pass: every maze is unique\n");
	}
	printf("  recorded: %s\n", recorded == (long long)m.count ? "yes" :
	       recorded ? "partly (rebuild it, or 'mazebook catalogue import' it)" :
	       "no ('mazebook catalogue import' records it)");
out:
	mb_catalogue_manifest_release(&m);
	free(dir);
	return rc;
}

/* the manifest is read and checked first: a refused one makes no catalogue */
static int cmd_import(const char *where, const char *arg)
{
	struct mb_catalogue *cat = NULL;
	struct mb_catalogue_manifest m;
	struct mb_catalogue_hit hit;
	struct mb_catalogue_book book;
	struct mb_error err;
	char *dir = NULL, *spec, *text, *out, hex[MB_SHA256_HEX_SIZE] = "", when[32];
	char msg[MB_ERROR_MESSAGE_MAX];
	time_t now = time(NULL);
	size_t len = 0;
	int dup_a, dup_b, rc = MB_EXIT_OK;
	enum mb_status st;

	mb_error_init(&err);
	if (load_manifest(arg, &m, &dir, &err)) {
		free(dir);
		return failed(&err);
	}
	if (distinct_keys(&m, &dup_a, &dup_b) < m.count) {
		rc = mb_command_fail(&mb_cmd_catalogue, "%s: mazes %d and %d of the book are one "
				     "puzzle (turned or mirrored): not imported", dir, dup_a, dup_b);
		goto out;
	}
	if (mb_catalogue_open(where, true, &cat, &err)) {
		rc = failed(&err);
		goto out;
	}
	/* the spec's hash, when the book's copy of it is there */
	spec = xasprintf("%s/spec.yaml", dir);
	text = read_all(spec, "spec", &len, &(struct mb_error){ 0 });
	if (text)
		mb_sha256_hex(text, len, hex);
	free(text);
	free(spec);
	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	out = realpath(dir, NULL);
	book = (struct mb_catalogue_book){ m.book_id, m.title, hex, out ? out : dir, when,
					   "imported" };
	st = mb_catalogue_record(cat, &book, m.mazes, m.count, &hit, &err);
	if (!st)
		st = mb_catalogue_commit(cat, &err);
	free(out);
	if (st == MB_ERR_CHECK && hit.book_id[0])
		rc = mb_command_fail(&mb_cmd_catalogue, "%s: not imported: %s", dir,
				     mb_catalogue_repeat_message(&hit, cat->where, msg, sizeof(msg)));
	else if (st)
		rc = failed(&err);
	else
		printf("imported '%s' ('%s'): %zu mazes%s into %s\n", m.book_id, m.title, m.count,
		       m.regenerated ? ", keys made again from each maze's recipe" : "", cat->where);
out:
	mb_catalogue_free(cat);
	mb_catalogue_manifest_release(&m);
	free(dir);
	return rc;
}

static int cmd_forget(struct mb_catalogue *cat, const char *id)
{
	long long mazes = 0;
	struct mb_error err;

	mb_error_init(&err);
	if (mb_catalogue_forget(cat, id, &mazes, &err))
		return failed(&err);
	printf("forgot '%s' and its %lld mazes\n", id, mazes);
	return MB_EXIT_OK;
}

static int cmd_export(struct mb_catalogue *cat, bool json)
{
	struct export e = { json, isatty(STDOUT_FILENO), 0 };
	struct mb_error err;

	mb_error_init(&err);
	if (json)
		printf("[\n");
	else
		for (int i = 0; i < EXPORT_COLS; i++)
			csv_field(export_cols[i], i == EXPORT_COLS - 1);
	if (mb_catalogue_query(cat, "SELECT m.key, m.book_id, b.title, m.place, m.number, m.page, "
			       "m.grid, m.level, m.generator, m.seed FROM mazes m JOIN books b "
			       "ON b.id = m.book_id ORDER BY m.book_id, m.place, m.number", NULL, 0,
			       export_row, &e, &err))
		return failed(&err);
	if (json)
		printf("%s]\n", e.rows ? "\n" : "");
	return MB_EXIT_OK;
}

static int cmd_stats(struct mb_catalogue *cat)
{
	long long mazes = 0, books = 0;
	struct mb_error err;

	mb_error_init(&err);
	if (mb_catalogue_size(cat, NULL, &mazes, &books, &err))
		return failed(&err);
	printf("%lld mazes in %lld books in %s\n", mazes, books, cat->where);
	printf("  %-8s %-16s %8s\n", "level", "grid", "count");
	if (mb_catalogue_query(cat, "SELECT level, grid, COUNT(*) FROM mazes GROUP BY level, grid "
			       "ORDER BY level, grid", NULL, 0, print_stats_row, NULL, &err))
		return failed(&err);
	return MB_EXIT_OK;
}

/* `check` without a book: is the catalogue itself whole? (--repair: rebuild it) */
static int cmd_check_catalogue(const char *where, bool repair)
{
	struct mb_error err;
	size_t problems = 0;

	mb_error_init(&err);
	if (repair) {
		if (mb_catalogue_repair(where, &err))
			return failed(&err);
		return MB_EXIT_OK;
	}
	if (mb_catalogue_verify(where, &problems, &err))
		return failed(&err);
	if (!problems) {
		printf("the catalogue %s is whole\n", where);
		return MB_EXIT_OK;
	}
	printf("the catalogue %s is damaged: restore it from a backup, or run 'mazebook catalogue "
	       "check --repair' to rebuild it from its readable rows\n", where);
	return MB_EXIT_FAIL;
}

static const struct {
	const char *name;
	int args;	/* operands after the subcommand (check: 0 or 1) */
	bool writes;
} subs[] = {
	{ "check", 1, false }, { "export", 0, false }, { "forget", 1, true },
	{ "import", 1, true }, { "list", 0, false }, { "show", 1, false }, { "stats", 0, false },
};

static int run_catalogue(int argc, char **argv)
{
	enum { CATALOGUE, FORMAT, REPAIR };
	static const struct mb_option table[] = {
		[CATALOGUE] = { "catalogue", 'c', true },
		[FORMAT] = { "format", 'f', true },
		[REPAIR] = { "repair", 0, false },
	};
	struct mb_options args;
	const char *where_opt = NULL, *format = "csv", *sub;
	struct mb_catalogue *cat = NULL;
	struct mb_error err;
	char *where = NULL;
	bool repair = false;
	size_t k;
	int c, rc, operands;

	mb_options_init(&args, table, sizeof(table) / sizeof(table[0]), argc, argv);
	while ((c = mb_options_next(&args)) != MB_OPTIONS_END) {
		switch (c) {
		case CATALOGUE:
			where_opt = args.value;
			break;
		case FORMAT:
			format = args.value;
			break;
		case REPAIR:
			repair = true;
			break;
		case MB_OPTIONS_NO_VALUE:
			return mb_command_usage_error(&mb_cmd_catalogue, "option '%s' needs a value",
						      args.arg);
		default:
			return mb_command_usage_error(&mb_cmd_catalogue, "unknown option '%s'",
						      args.arg);
		}
	}
	if (args.index >= argc)
		return mb_command_usage_error(&mb_cmd_catalogue, "which subcommand? (list, show, "
					      "check, import, forget, export, stats)");
	sub = argv[args.index];
	for (k = 0; k < sizeof(subs) / sizeof(subs[0]) && strcmp(subs[k].name, sub); k++)
		;
	if (k == sizeof(subs) / sizeof(subs[0]))
		return mb_command_usage_error(&mb_cmd_catalogue, "unknown subcommand '%s' (valid: "
					      "list, show, check, import, forget, export, stats)", sub);
	operands = argc - args.index - 1;
	if (repair && (strcmp(sub, "check") || operands))
		return mb_command_usage_error(&mb_cmd_catalogue, "--repair goes with 'check' alone "
					      "(mazebook catalogue check --repair)");
	if (operands != subs[k].args && !(!strcmp(sub, "check") && !operands))
		return mb_command_usage_error(&mb_cmd_catalogue, subs[k].args ?
					      "'%s' takes one operand" : "'%s' takes no operand", sub);
	if (strcmp(format, "csv") && strcmp(format, "json"))
		return mb_command_usage_error(&mb_cmd_catalogue, "--format must be csv or json, not "
					      "'%s'", format);
	mb_error_init(&err);
	if (mb_catalogue_location(where_opt, NULL, &where, &err))
		return failed(&err);
	if (!where)
		return mb_command_fail(&mb_cmd_catalogue, "the catalogue is 'none': there is nothing "
				       "to %s (give --catalogue FILE or set MAZEBOOK_CATALOGUE)", sub);
	if ((!strcmp(sub, "check") && !operands) || !strcmp(sub, "import")) {
		rc = operands ? cmd_import(where, argv[args.index + 1]) : cmd_check_catalogue(where, repair);
		free(where);
		return rc;
	}
	/* only import (above) makes a catalogue that is not there yet */
	if (subs[k].writes ? mb_catalogue_open(where, false, &cat, &err)
			   : mb_catalogue_open_read(where, &cat, &err)) {
		free(where);
		return failed(&err);
	}
	free(where);
	if (!strcmp(sub, "list"))
		rc = cmd_list(cat);
	else if (!strcmp(sub, "show"))
		rc = cmd_show(cat, argv[args.index + 1]);
	else if (!strcmp(sub, "check"))
		rc = cmd_check(cat, argv[args.index + 1]);
	else if (!strcmp(sub, "forget"))
		rc = cmd_forget(cat, argv[args.index + 1]);
	else if (!strcmp(sub, "export"))
		rc = cmd_export(cat, !strcmp(format, "json"));
	else
		rc = cmd_stats(cat);
	mb_catalogue_free(cat);
	return rc;
}

const struct mb_command mb_cmd_catalogue = {
	.name = "catalogue",
	.summary = "the record of every book built and every maze printed, so none repeats",
	.usage = "list|show BOOK|check [DIR]|check --repair|import DIR|forget BOOK|export|stats "
		 "[--catalogue WHERE] [--format csv|json]",
	.help = "  list          every book: id, mazes, when built, status, title, folder\n"
		"  show BOOK     one book and each maze it printed (page, grid, generator,\n"
		"                seed, canonical key)\n"
		"  check DIR     is every maze of the built book in DIR unique, in the book\n"
		"                and against every other book? (exit 1 naming the repeats)\n"
		"  check         is the catalogue itself whole? (SQLite's full integrity\n"
		"                check; exit 1 naming the damage)\n"
		"  check --repair  rebuild a damaged catalogue from its readable rows (the\n"
		"                damaged file is kept beside it) and name each book to import\n"
		"                again\n"
		"  import DIR    record a book built before the catalogue, or elsewhere\n"
		"                (DIR or DIR/manifest.json; an older manifest without keys\n"
		"                has each maze made again from its recipe)\n"
		"  forget BOOK   remove a book and its mazes\n"
		"  export        every maze as CSV (or --format json) on stdout\n"
		"  stats         how many mazes per level and grid\n"
		"  -c, --catalogue WHERE\n"
		"                an SQLite file or a postgres:// URL (default:\n"
		"                $MAZEBOOK_CATALOGUE, else ~/.local/share/mazebook/catalogue.db)\n\n"
		"A build checks every maze's canonical key (the same for a maze turned\n"
		"or mirrored) against the catalogue, stops before writing anything when\n"
		"one was printed before, and records the book once its files are in\n"
		"place. Every use checks the catalogue whole first: a damaged one is\n"
		"refused, and a locked one reported, by name, never replaced. A catalogue\n"
		"you may only read is opened read-only by the reports.\n\n"
		"example:\n  mazebook catalogue check out/\n",
	.run = run_catalogue,
};
