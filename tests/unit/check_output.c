/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* Output files appear whole or not at all. */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "mazebook/io/output.h"

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

static void put(const char *name, const char *text)
{
	char path[160];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

static bool exists(const char *name)
{
	char path[160];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return lstat(path, &st) == 0;
}

/* sync does the flushing and checking; only commit renames */
START_TEST(sync_then_commit)
{
	struct mb_output out;
	struct mb_error err;
	char path[128];

	make_dir();
	mb_error_init(&err);
	snprintf(path, sizeof(path), "%s/a.txt", dir);
	ck_assert_int_eq(mb_output_begin(&out, path, true, 0, &err), MB_OK);
	fputs("new", out.fp);
	ck_assert_int_eq(mb_output_sync(&out, &err), MB_OK);
	ck_assert(!exists("a.txt"));
	ck_assert_ptr_null(out.fp);
	ck_assert_int_eq(mb_output_sync(&out, &err), MB_OK);	/* twice is harmless */
	ck_assert_int_eq(mb_output_commit(&out, &err), MB_OK);
	ck_assert_str_eq(slurp(path), "new");
	ck_assert_int_eq(files_in(dir), 1);
	remove_dir();
}
END_TEST

/* a write error on the stream shows at sync, names the final file and removes the temp */
START_TEST(sync_reports_write_errors)
{
	struct mb_output out;
	struct mb_error err;
	char path[128];

	make_dir();
	mb_error_init(&err);
	snprintf(path, sizeof(path), "%s/b.txt", dir);
	ck_assert_int_eq(mb_output_begin(&out, path, true, 0, &err), MB_OK);
	fclose(out.fp);
	out.fp = fopen("/dev/full", "wb");
	ck_assert_ptr_nonnull(out.fp);
	fputs("does not fit", out.fp);
	ck_assert_int_eq(mb_output_sync(&out, &err), MB_ERR_IO);
	ck_assert_ptr_nonnull(strstr(err.message, "b.txt': No space left on device"));
	ck_assert_int_eq(files_in(dir), 0);
	remove_dir();
}
END_TEST

/* only ".NAME.tmp-XXXXXX..." of the given names, older than the run, never `keep` */
START_TEST(remove_stale_takes_only_its_own)
{
	const char *names[] = { "interior.pdf", "checklist.txt" };
	struct timespec now;
	struct stat keep;
	char path[160];

	make_dir();
	put(".interior.pdf.tmp-AbC123", "stale");
	put(".checklist.txt.tmp-XyZ789.minisig", "stale");
	put(".checklist.txt.tmp-Kept00", "the spec, oddly named");
	put(".interior.pdf.tmp-12", "too short to be mkstemp's");
	put(".cover.pdf.tmp-AbC123", "not in the list");
	put("interior.pdf", "final");
	put(".interior.pdf.bak", "the user's");
	snprintf(path, sizeof(path), "%s/.checklist.txt.tmp-Kept00", dir);
	ck_assert_int_eq(stat(path, &keep), 0);
	clock_gettime(CLOCK_REALTIME, &now);
	now.tv_sec += 1;	/* the files above are older than this run */
	ck_assert_uint_eq(mb_output_remove_stale(dir, names, 2, &now, &keep), 2);
	ck_assert(!exists(".interior.pdf.tmp-AbC123"));
	ck_assert(!exists(".checklist.txt.tmp-XyZ789.minisig"));
	ck_assert(exists(".checklist.txt.tmp-Kept00"));
	ck_assert(exists(".interior.pdf.tmp-12"));
	ck_assert(exists(".cover.pdf.tmp-AbC123"));
	ck_assert(exists("interior.pdf"));
	ck_assert(exists(".interior.pdf.bak"));
	/* files newer than the run (a run that started after ours) stay */
	put(".interior.pdf.tmp-New456", "live");
	now.tv_sec -= 3600;
	ck_assert_uint_eq(mb_output_remove_stale(dir, names, 2, &now, NULL), 0);
	ck_assert(exists(".interior.pdf.tmp-New456"));
	remove_dir();
}
END_TEST

/* a second lock on the folder is refused, and granted once the first is gone */
START_TEST(lock_dir_is_exclusive)
{
	struct mb_error err;
	int a, b;

	make_dir();
	mb_error_init(&err);
	a = mb_output_lock_dir(dir, &err);
	ck_assert_int_ge(a, 0);
	b = mb_output_lock_dir(dir, &err);
	ck_assert_int_eq(b, -1);
	ck_assert_ptr_nonnull(strstr(err.message, "another mazebook is writing to"));
	close(a);
	mb_error_init(&err);
	b = mb_output_lock_dir(dir, &err);
	ck_assert_int_ge(b, 0);
	close(b);
	mb_error_init(&err);
	ck_assert_int_eq(mb_output_lock_dir("/nonexistent/mb-dir", &err), -1);
	ck_assert_ptr_nonnull(strstr(err.message, "/nonexistent/mb-dir"));
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
	tcase_add_test(tc, sync_then_commit);
	tcase_add_test(tc, sync_reports_write_errors);
	tcase_add_test(tc, remove_stale_takes_only_its_own);
	tcase_add_test(tc, lock_dir_is_exclusive);
	suite_add_tcase(s, tc);
	return s;
}
