/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* Output files appear whole or not at all. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mazebook/output.h"

#include "check_main.h"

static char dir[64];

static void make_dir(void)
{
	strcpy(dir, "/tmp/mb-output-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
}

static char *slurp(const char *path)
{
	static char buf[256];
	FILE *f = fopen(path, "rb");
	size_t n;

	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void remove_dir(void)
{
	char cmd[96];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}

static int files_in(const char *d)
{
	char cmd[128];
	FILE *p;
	int n = -1;

	snprintf(cmd, sizeof(cmd), "ls -A %s | wc -l", d);
	p = popen(cmd, "r");
	if (p && fscanf(p, "%d", &n) != 1)
		n = -1;
	if (p)
		pclose(p);
	return n;
}

START_TEST(commit_replaces_abort_keeps)
{
	struct mb_output out;
	char path[128];
	struct stat st;

	make_dir();
	snprintf(path, sizeof(path), "%s/a.txt", dir);
	ck_assert_int_eq(mb_output_begin(&out, path, true, 0, NULL), MB_OK);
	fputs("first", out.fp);
	ck_assert_int_eq(access(path, F_OK), -1);	/* nothing under the final name yet */
	ck_assert_int_eq(mb_output_commit(&out, NULL), MB_OK);
	ck_assert_str_eq(slurp(path), "first");
	ck_assert_int_eq(stat(path, &st), 0);
	{
		mode_t mask = umask(0);

		umask(mask);
		ck_assert_int_eq(st.st_mode & 0777, 0644 & ~mask);
	}

	ck_assert_int_eq(mb_output_begin(&out, path, true, 0, NULL), MB_OK);
	fputs("second, half-writ", out.fp);
	mb_output_abort(&out);
	ck_assert_str_eq(slurp(path), "first");
	ck_assert_int_eq(files_in(dir), 1);	/* the temporary file is gone */
	remove_dir();
}
END_TEST

START_TEST(errors_name_the_place)
{
	struct mb_output out;
	struct mb_error err;

	mb_error_init(&err);
	ck_assert_int_eq(mb_output_begin(&out, "/nonexistent-dir/x.pdf", true, 0, &err), MB_ERR_IO);
	ck_assert_ptr_nonnull(strstr(err.message, "/nonexistent-dir/x.pdf"));
	mb_error_init(&err);
	ck_assert_int_eq(mb_output_mkdirs("", &err), MB_ERR_IO);
	mb_error_init(&err);
	ck_assert_int_eq(mb_output_mkdirs("/etc/passwd/sub", &err), MB_ERR_IO);
	ck_assert_ptr_nonnull(strstr(err.message, "/etc/passwd"));
}
END_TEST

START_TEST(mkdirs_makes_parents)
{
	char path[128];
	struct stat st;

	make_dir();
	snprintf(path, sizeof(path), "%s/a/b/c/", dir);
	ck_assert_int_eq(mb_output_mkdirs(path, NULL), MB_OK);
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert(S_ISDIR(st.st_mode));
	ck_assert_int_eq(mb_output_mkdirs(path, NULL), MB_OK);	/* again: fine */
	remove_dir();
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("output");
	TCase *tc = tcase_create("output");

	tcase_add_test(tc, commit_replaces_abort_keeps);
	tcase_add_test(tc, errors_name_the_place);
	tcase_add_test(tc, mkdirs_makes_parents);
	suite_add_tcase(s, tc);
	return s;
}
