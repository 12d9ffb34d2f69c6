/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * mazeproof's own small helpers: aborting allocation, a growable array,
 * disjoint sets, the circle through three points, a list of findings.
 * mazeproof shares no code with mazebook's core on purpose (a bug in one
 * must not hide a bug in the other), so it does not use include/mazebook.
 */
#ifndef MAZEPROOF_MPUTIL_H
#define MAZEPROOF_MPUTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

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

/*
 * Disjoint sets over array indices: parent[i] == i for a root. The root
 * of a's set, halving the path to it on the way (int and size_t arrays).
 */
int mb_mp_uf_root(int *parent, int a);
size_t mb_mp_uf_find(size_t *parent, size_t a);
/* join the sets of a and b; the smaller root stays the root */
void mb_mp_uf_unite(size_t *parent, size_t a, size_t b);

/*
 * The centre of the circle through three points into *ox, *oy; false when
 * the points are on a line, within min_det (twice the signed area of the
 * triangle they make, in squared units), or the centre is not finite.
 */
bool mb_mp_circle_through(double ax, double ay, double bx, double by, double cx, double cy,
			  double min_det, double *ox, double *oy);

/*
 * Add what to the "; "-separated list in buf (len bytes), cut short to fit.
 * Inline: the compiler then sees what each caller's buffers can hold.
 */
static inline void mb_mp_append(char *buf, size_t len, const char *what)
{
	size_t used = strlen(buf);

	snprintf(buf + used, len - used, "%s%s", used ? "; " : "", what);
}

#endif
