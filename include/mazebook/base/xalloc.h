/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The allocation policy: mazebook is a batch tool, so running out of memory
 * prints a message and exits (status 1) instead of threading NULL checks
 * through every caller. Sizes are checked for overflow.
 */
#ifndef MAZEBOOK_XALLOC_H
#define MAZEBOOK_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
/* count * size bytes, checking the product for overflow */
void *xmallocarray(size_t count, size_t size);
void *xrealloc(void *ptr, size_t size);
void *xreallocarray(void *ptr, size_t count, size_t size);
char *xstrdup(const char *s);
/* printf into a new string */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
