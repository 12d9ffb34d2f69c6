/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * A growing string; see include/mazebook/base/strbuf.h. The capacity
 * doubles from 256 bytes, so n appends cost O(n) copies in all.
 */
#include "config.h"
#include "mazebook/base/strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/error.h"
#include "mazebook/base/xalloc.h"

void mb_strbuf_reserve(struct mb_strbuf *b, size_t more)
{
	if (more > (size_t)-1 - b->len - 1)
		BUG("a string of %zu bytes grown by %zu", b->len, more);
	if (b->len + more + 1 <= b->cap)
		return;
	while (b->len + more + 1 > b->cap)
		b->cap = b->cap ? b->cap * 2 : 256;
	b->data = xrealloc(b->data, b->cap);
}

void mb_strbuf_add(struct mb_strbuf *b, const char *s, size_t n)
{
	mb_strbuf_reserve(b, n);
	memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
}

void mb_strbuf_puts(struct mb_strbuf *b, const char *s)
{
	mb_strbuf_add(b, s, strlen(s));
}

void mb_strbuf_printf(struct mb_strbuf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		BUG("vsnprintf failed on '%s'", fmt);
	mb_strbuf_reserve(b, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

char *mb_strbuf_detach(struct mb_strbuf *b)
{
	char *s = b->data ? b->data : xstrdup("");

	b->data = NULL;
	b->len = b->cap = 0;
	return s;
}

void mb_strbuf_release(struct mb_strbuf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}
