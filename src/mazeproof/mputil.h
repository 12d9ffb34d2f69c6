/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * mazeproof's own small helpers: aborting allocation and a growable array.
 * mazeproof shares no code with mazebook's core on purpose (a bug in one
 * must not hide a bug in the other), so it does not use include/mazebook.
 */
#ifndef MAZEPROOF_MPUTIL_H
#define MAZEPROOF_MPUTIL_H

#include <stddef.h>

/* Allocation that prints a message and aborts when memory runs out. */
void *mb_mp_xmalloc(size_t n);
void *mb_mp_xcalloc(size_t count, size_t size);
void *mb_mp_xrealloc(void *p, size_t n);
char *mb_mp_xstrdup(const char *s);

/*
 * Make room for one more element in an array *items of *count elements of
 * size each, with capacity *cap; returns a pointer to the new last element
 * (zeroed) and increments *count.
 */
void *mb_mp_push(void *items_ptr, size_t *count, size_t *cap, size_t size);

#endif
