/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * libFuzzer target for the manifest reader of `mazebook catalogue check`
 * and `import` (mb_catalogue_manifest_read, over the JSON reader of
 * src/base/json.c) and for mb_printable: any bytes give an error or a book
 * whose id is a word, whose title is one line of UTF-8 and whose every maze
 * has a 64-hex-digit key; any bytes made printable hold no control
 * character. `make fuzz` runs it from tests/data/fuzz/manifest/;
 * tests/cli/cli_fuzz_regress.sh replays it.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "mazebook/base/json.h"
#include "mazebook/base/printable.h"
#include "mazebook/base/xalloc.h"
#include "mazebook/book/catalogue.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_book(const struct mb_catalogue_manifest *m)
{
	size_t chars;
	bool controls;

	if (!m->count || !m->book_id || !m->title)
		abort();
	if (!m->book_id[0] || strspn(m->book_id, "abcdefghijklmnopqrstuvwxyz"
				     "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") != strlen(m->book_id))
		abort();
	if (!mb_utf8_check(m->title, strlen(m->title), &chars, &controls) || controls || !chars)
		abort();
	for (size_t i = 0; i < m->count; i++)
		if (strlen(m->mazes[i].key) != 64 ||
		    strspn(m->mazes[i].key, "0123456789abcdef") != 64)
			abort();
}

/* the bytes as a C string, made printable: no byte below 0x20 and no DEL may remain */
static void check_printable(const uint8_t *data, size_t size)
{
	char *s = xmalloc(size + 1), buf[256];
	bool controls;

	memcpy(s, data, size);
	s[size] = '\0';
	mb_printable(s, buf, sizeof(buf));
	if (strlen(buf) >= sizeof(buf) || !mb_utf8_check(buf, strlen(buf), NULL, &controls) ||
	    controls)
		abort();
	free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mb_catalogue_manifest m;
	struct mb_json v;
	struct mb_json_fault fault;
	struct mb_error err;

	mb_error_init(&err);
	if (mb_catalogue_manifest_read("fuzz.json", (const char *)data, size, &m, &err) == MB_OK) {
		check_book(&m);
		mb_catalogue_manifest_release(&m);
	} else if (!err.message[0]) {
		abort();	/* a failure says why */
	}
	/* the reader alone: a fault has a place and a reason */
	if (!mb_json_parse((const char *)data, size, &v, &fault) &&
	    (!fault.expected || fault.line < 1 || fault.column < 1))
		abort();
	mb_json_free(&v);
	check_printable(data, size);
	return 0;
}
