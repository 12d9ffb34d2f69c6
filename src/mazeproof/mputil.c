/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* Aborting allocation for mazeproof (a batch tool: running out of memory ends it). */
#include "config.h"

#include "mputil.h"

#include <math.h>
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

int mb_mp_uf_root(int *parent, int a)
{
	while (parent[a] != a) {
		parent[a] = parent[parent[a]];
		a = parent[a];
	}
	return a;
}

size_t mb_mp_uf_find(size_t *parent, size_t a)
{
	while (parent[a] != a) {
		parent[a] = parent[parent[a]];
		a = parent[a];
	}
	return a;
}

void mb_mp_uf_unite(size_t *parent, size_t a, size_t b)
{
	a = mb_mp_uf_find(parent, a);
	b = mb_mp_uf_find(parent, b);
	if (a != b)
		parent[a < b ? b : a] = a < b ? a : b;
}

bool mb_mp_circle_through(double ax, double ay, double bx, double by, double cx, double cy,
			  double min_det, double *ox, double *oy)
{
	double d = 2 * (ax * (by - cy) + bx * (cy - ay) + cx * (ay - by));
	double a2 = ax * ax + ay * ay, b2 = bx * bx + by * by, c2 = cx * cx + cy * cy;

	if (fabs(d) < min_det)
		return false;
	*ox = (a2 * (by - cy) + b2 * (cy - ay) + c2 * (ay - by)) / d;
	*oy = (a2 * (cx - bx) + b2 * (ax - cx) + c2 * (bx - ax)) / d;
	return isfinite(*ox) && isfinite(*oy);
}
