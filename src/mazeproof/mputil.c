/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* Aborting allocation for mazeproof (a batch tool: running out of memory ends it). */
#include "config.h"

#include "mputil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void out_of_memory(size_t n)
{
	fprintf(stderr, "mazeproof: out of memory (asked for %zu bytes)\n", n);
	abort();
}

void *mb_mp_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		out_of_memory(n);
	return p;
}

void *mb_mp_xcalloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size ? size : 1);

	if (!p)
		out_of_memory(count * size);
	return p;
}

void *mb_mp_xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (!q)
		out_of_memory(n);
	return q;
}

char *mb_mp_xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(mb_mp_xmalloc(n), s, n);
}

void *mb_mp_push(void *items_ptr, size_t *count, size_t *cap, size_t size)
{
	char **items = items_ptr;
	char *slot;

	if (*count == *cap) {
		*cap = *cap ? *cap * 2 : 16;
		*items = mb_mp_xrealloc(*items, *cap * size);
	}
	slot = *items + *count * size;
	memset(slot, 0, size);
	(*count)++;
	return slot;
}
