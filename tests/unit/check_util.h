/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Small helpers the Check suites share.
 */
#ifndef MAZEBOOK_CHECK_UTIL_H
#define MAZEBOOK_CHECK_UTIL_H

#include <check.h>
#include <stdio.h>

#include "mazebook/base/xalloc.h"

/* The whole file at path, NUL-terminated; its length in *len. Fails the test if unreadable. */
static inline char *slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *buf;
	long n;

	ck_assert_msg(fp != NULL, "cannot read '%s'", path);
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	fseek(fp, 0, SEEK_SET);
	buf = xmalloc((size_t)n + 1);
	ck_assert_int_eq(fread(buf, 1, (size_t)n, fp), (size_t)n);
	buf[n] = '\0';
	fclose(fp);
	*len = (size_t)n;
	return buf;
}

#endif
