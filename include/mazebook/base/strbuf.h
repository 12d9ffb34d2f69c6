/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * A growing string, as git's strbuf: the writers that return text (a maze
 * as text or JSON, the preflight checklist) build it here, so that they
 * stay pure (no FILE, no I/O errors to carry). Memory runs out through
 * xalloc's policy (exit), so no call fails.
 */
#ifndef MAZEBOOK_STRBUF_H
#define MAZEBOOK_STRBUF_H

#include <stddef.h>

/*
 * data holds len bytes and a '\0' after them once anything is added;
 * an empty buffer may hold NULL. Start one as MB_STRBUF_INIT (all zero).
 */
struct mb_strbuf {
	char *data;
	size_t len, cap;
};

#define MB_STRBUF_INIT { NULL, 0, 0 }

/* room for more bytes (and the '\0') without another allocation */
void mb_strbuf_reserve(struct mb_strbuf *b, size_t more);
/* n bytes of s, which may hold '\0' (len counts them; data stays terminated) */
void mb_strbuf_add(struct mb_strbuf *b, const char *s, size_t n);
void mb_strbuf_puts(struct mb_strbuf *b, const char *s);
void mb_strbuf_printf(struct mb_strbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* the text, now the caller's (free it; never NULL: "" when empty); b is empty again */
char *mb_strbuf_detach(struct mb_strbuf *b);
/* free the text; b is empty again */
void mb_strbuf_release(struct mb_strbuf *b);

#endif
