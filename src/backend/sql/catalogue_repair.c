/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * `mazebook catalogue check --repair`: a damaged SQLite catalogue rebuilt
 * from the rows it can still give, into a new file beside it that replaces
 * it in one rename once it is whole; the damaged file is kept beside it
 * (PATH.damaged-TIME). Mazes are read by ranges of their keys, so that one
 * unreadable page loses the rows on it, not the rest of the table. A book
 * that lost rows (or its own row) is reported with the folder to
 * `catalogue import` it from again.
 */
#include "config.h"
#include "mazebook/book/catalogue.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "mazebook/base/printable.h"
#include "mazebook/base/xalloc.h"

struct saved_maze {
	struct mb_catalogue_maze m;
	char *book_id;
};

struct saved_book {
	char *col[7];		/* id, title, spec_sha256, output, built_at, status, mazes */
	size_t found;		/* mazes recovered */
};

struct salvage {
	struct saved_book *books;
	size_t nbooks;
	struct saved_maze *mazes;
	size_t nmazes, alloc;
	size_t bad_rows;	/* rows read whole but not valid: dropped */
	size_t failed_reads;	/* queries that stopped at a damaged page */
};

static bool take_book(void *data, int n, const char *const *c)
{
	struct salvage *s = data;
	struct saved_book *b;

	if (n < 7 || !c[0] || !c[0][0])
		return s->bad_rows++, true;
	s->books = xreallocarray(s->books, s->nbooks + 1, sizeof(*s->books));
	b = &s->books[s->nbooks++];
	for (int i = 0; i < 7; i++)
		b->col[i] = xstrdup(c[i] ? c[i] : "");
	b->found = 0;
	return true;
}

static bool hex_key(const char *k)
{
	return k && strlen(k) == 64 && strspn(k, "0123456789abcdef") == 64;
}

/* key, book_id, place, number, page, grid, level, generator, seed */
static bool take_maze(void *data, int n, const char *const *c)
{
	struct salvage *s = data;
	struct saved_maze *z;

	for (int i = 0; i < 9 && i < n; i++)
		if (!c[i])
			return s->bad_rows++, true;
	if (n < 9 || !hex_key(c[0]) || !c[1][0] || atoi(c[3]) < 1)
		return s->bad_rows++, true;
	if (s->nmazes == s->alloc) {
		s->alloc = s->alloc ? s->alloc * 2 : 1024;
		s->mazes = xreallocarray(s->mazes, s->alloc, sizeof(*s->mazes));
	}
	z = &s->mazes[s->nmazes++];
	memset(z, 0, sizeof(*z));
	memcpy(z->m.key, c[0], MB_CANON_KEY_SIZE);
	z->book_id = xstrdup(c[1]);
	z->m.place = xstrdup(c[2]);
	z->m.number = atoi(c[3]);
	z->m.page = atoi(c[4]);
	if (sscanf(c[5], "rect %dx%d", &z->m.w, &z->m.h) != 2)
		z->m.w = z->m.h = 0;
	z->m.level = xstrdup(c[6]);
	z->m.generator = xstrdup(c[7]);
	z->m.seed = strtoull(c[8], NULL, 10);
	return true;
}

/* every row that can be read: books at once, mazes by 256 ranges of their keys */
static void salvage(struct mb_catalogue *old, struct salvage *s)
{
	struct mb_error quiet;

	mb_error_init(&quiet);
	if (mb_catalogue_query(old, "SELECT id, title, spec_sha256, output, built_at, status, "
			       "mazes FROM books", NULL, 0, take_book, s, &quiet))
		s->failed_reads++;
	for (int r = 0; r < 256; r++) {
		char from[4], to[4];
		const char *p[2] = { from, to };

		snprintf(from, sizeof(from), "%02x", r);
		snprintf(to, sizeof(to), r == 255 ? "g" : "%02x", r + 1);
		if (mb_catalogue_query(old, "SELECT key, book_id, place, number, page, grid, level, "
				       "generator, seed FROM mazes NOT INDEXED WHERE key >= $1 AND "
				       "key < $2 ORDER BY key", p, 2, take_maze, s, &quiet))
			s->failed_reads++;
	}
}

static int by_book_place_number(const void *a, const void *b)
{
	const struct saved_maze *x = a, *y = b;
	int c = strcmp(x->book_id, y->book_id);

	if (!c)
		c = strcmp(x->m.place, y->m.place);
	return c ? c : (x->m.number > y->m.number) - (x->m.number < y->m.number);
}

static struct saved_book *find_book(struct salvage *s, const char *id)
{
	for (size_t i = 0; i < s->nbooks; i++)
		if (!strcmp(s->books[i].col[0], id))
			return &s->books[i];
	return NULL;
}

/* the mazes of one book, from the sorted salvage, into the new catalogue */
static enum mb_status write_book(struct mb_catalogue *cat, struct salvage *s, size_t from,
				 size_t to, struct mb_error *err)
{
	struct saved_book *sb = find_book(s, s->mazes[from].book_id);
	struct mb_catalogue_maze *m = xmallocarray(to - from, sizeof(*m));
	struct mb_catalogue_book book;
	struct mb_catalogue_hit hit;
	size_t n = 0;
	enum mb_status st;

	for (size_t i = from; i < to; i++)
		/* one (place, number) twice: the second is a damaged copy */
		if (i == from || by_book_place_number(&s->mazes[i - 1], &s->mazes[i]))
			m[n++] = s->mazes[i].m;
		else
			s->bad_rows++;
	if (!sb) {
		/* a book whose own row was lost: its mazes still stop repeats */
		char *col[7] = { s->mazes[from].book_id, "(lost in the damage)", "", "", "", "recovered",
				 "0" };

		take_book(s, 7, (const char *const *)col);
		sb = &s->books[s->nbooks - 1];
	}
	sb->found = n;
	book = (struct mb_catalogue_book){ sb->col[0], sb->col[1], sb->col[2], sb->col[3],
					   sb->col[4], sb->col[5] };
	st = mb_catalogue_record(cat, &book, m, n, &hit, err);
	if (!st)
		st = mb_catalogue_commit(cat, err);
	free(m);
	return st;
}

/* the salvage into a new catalogue at path */
static enum mb_status rebuild(const char *path, struct salvage *s, struct mb_error *err)
{
	struct mb_catalogue *cat;
	enum mb_status st;
	size_t start = 0;

	if (mb_catalogue_sqlite_open(path, true, &cat, err))
		return err->code;
	qsort(s->mazes, s->nmazes, sizeof(*s->mazes), by_book_place_number);
	st = MB_OK;
	for (size_t i = 1; i <= s->nmazes && !st; i++)
		if (i == s->nmazes || strcmp(s->mazes[i].book_id, s->mazes[start].book_id)) {
			st = write_book(cat, s, start, i, err);
			start = i;
		}
	/* books none of whose mazes could be read */
	for (size_t i = 0; i < s->nbooks && !st; i++)
		if (!s->books[i].found) {
			struct saved_book *b = &s->books[i];
			struct mb_catalogue_book book = { b->col[0], b->col[1], b->col[2], b->col[3],
							  b->col[4], b->col[5] };
			struct mb_catalogue_hit hit;

			st = mb_catalogue_record(cat, &book, NULL, 0, &hit, err);
			if (!st)
				st = mb_catalogue_commit(cat, err);
		}
	mb_catalogue_free(cat);
	return st;
}

/* the books to import again: each that lost mazes, with its folder */
static void report(const struct salvage *s, const char *aside)
{
	char id[128], out[512];
	size_t lost_books = 0;

	printf("recovered %zu books and %zu mazes; %zu damaged rows dropped%s\n", s->nbooks,
	       s->nmazes, s->bad_rows, s->failed_reads ? ", some pages unreadable" : "");
	for (size_t i = 0; i < s->nbooks; i++) {
		const struct saved_book *b = &s->books[i];
		long long had = strtoll(b->col[6], NULL, 10);

		if ((long long)b->found >= had && strcmp(b->col[5], "recovered"))
			continue;
		lost_books++;
		mb_printable(b->col[0], id, sizeof(id));
		if (b->col[3][0])
			printf("  book '%s': %zu of %lld mazes recovered: mazebook catalogue import "
			       "'%s'\n", id, b->found, had, mb_printable(b->col[3], out, sizeof(out)));
		else
			printf("  book '%s': %zu mazes recovered, its own row was lost: import it again "
			       "from its folder (mazebook catalogue import DIR)\n", id, b->found);
	}
	if (!lost_books)
		printf("  every book has all its mazes\n");
	printf("the damaged file is kept as '%s'\n", aside);
}

static void release(struct salvage *s)
{
	for (size_t i = 0; i < s->nbooks; i++)
		for (int k = 0; k < 7; k++)
			free(s->books[i].col[k]);
	for (size_t i = 0; i < s->nmazes; i++) {
		free(s->mazes[i].book_id);
		free((char *)s->mazes[i].m.place);
		free((char *)s->mazes[i].m.level);
		free((char *)s->mazes[i].m.generator);
	}
	free(s->books);
	free(s->mazes);
}

/* the damaged file (and its WAL, which must not be applied to the new one) set aside */
static enum mb_status swap_in(const char *path, const char *fresh, const char *aside,
			     struct mb_error *err)
{
	static const char *const parts[] = { "-wal", "-shm" };

	/* a hard link keeps the damaged file while the new one takes its name in one rename */
	if (link(path, aside))
		return mb_error_set(err, MB_ERR_IO, "cannot keep the damaged catalogue as '%s': %s; "
				    "nothing was changed", aside, strerror(errno));
	for (int i = 0; i < 2; i++) {
		char *from = xasprintf("%s%s", path, parts[i]), *to = xasprintf("%s%s", aside, parts[i]);

		if (rename(from, to) && errno != ENOENT) {
			int e = errno;

			free(from);
			free(to);
			return mb_error_set(err, MB_ERR_IO, "cannot set the damaged catalogue's %s "
					    "aside: %s; '%s' is unchanged", parts[i] + 1, strerror(e),
					    path);
		}
		free(from);
		free(to);
	}
	if (rename(fresh, path))
		return mb_error_set(err, MB_ERR_IO, "cannot put the rebuilt catalogue in place of "
				    "'%s': %s (it is '%s')", path, strerror(errno), fresh);
	return MB_OK;
}

enum mb_status mb_catalogue_repair(const char *path, struct mb_error *err)
{
	struct mb_catalogue *old;
	struct salvage s = { 0 };
	char stamp[32], *fresh, *aside;
	time_t now = time(NULL);
	enum mb_status st;

	if (mb_catalogue_is_url(path))
		return mb_error_set(err, MB_ERR_INPUT, "--repair is for an SQLite catalogue; a "
				    "PostgreSQL server keeps and repairs its own");
	if (mb_catalogue_sqlite_open_damaged(path, &old, err))
		return err->code;
	salvage(old, &s);
	mb_catalogue_free(old);
	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", gmtime(&now));
	fresh = xasprintf("%s.repair-%ld", path, (long)getpid());
	aside = xasprintf("%s.damaged-%s", path, stamp);
	unlink(fresh);
	st = rebuild(fresh, &s, err);
	if (!st)
		st = swap_in(path, fresh, aside, err);
	if (st) {
		unlink(fresh);
	} else {
		printf("rebuilt '%s' from its readable rows\n", path);
		report(&s, aside);
	}
	release(&s);
	free(fresh);
	free(aside);
	return st;
}

static bool take_line(void *data, int n, const char *const *c)
{
	size_t *problems = data;
	char shown[300];

	if (n < 1 || !c[0] || !strcmp(c[0], "ok"))
		return true;
	(*problems)++;
	printf("  %s\n", mb_printable(c[0], shown, sizeof(shown)));
	return true;
}

enum mb_status mb_catalogue_verify(const char *where, size_t *problems, struct mb_error *err)
{
	struct mb_catalogue *cat;
	enum mb_status st;

	*problems = 0;
	if (mb_catalogue_is_url(where)) {
		if (mb_catalogue_open_read(where, &cat, err))
			return err->code;
		mb_catalogue_free(cat);
		return MB_OK;
	}
	if (mb_catalogue_sqlite_open_damaged(where, &cat, err))
		return err->code;
	/* the full check: each key again through the (book_id, place, number) index */
	st = mb_catalogue_query(cat, "PRAGMA integrity_check(20)", NULL, 0, take_line, problems, err);
	if (st) {
		(*problems)++;
		printf("  %s\n", err->message);
		mb_error_init(err);
		st = MB_OK;
	}
	mb_catalogue_free(cat);
	return st;
}
