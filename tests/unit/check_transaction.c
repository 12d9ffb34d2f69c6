/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * A folder's files written as one transaction (src/io/transaction.c): a
 * commit puts every file and the last one in place, an abort or a failure
 * before the renames leaves nothing new under a final name and no
 * temporary file, a rename failing mid-way leaves the files after it
 * unrenamed, the folder is locked while the transaction is open.
 */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "mazebook/io/transaction.h"

#include "check_main.h"

static const char *const names[] = { "a.pdf", "b.json", "c.txt" };
static char dir[64];

static void make_dir(void)
{
	strcpy(dir, "/tmp/mb-transaction-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void remove_dir(void)
{
	char cmd[96];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}

static char *in_dir(const char *name)
{
	static char path[160];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return path;
}

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "wb");

	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

/* the text of dir/name, or NULL when there is no such file */
static char *slurp(const char *name)
{
	static char buf[256];
	FILE *f = fopen(in_dir(name), "rb");
	size_t n;

	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* how many entries of the folder hold ".tmp-" */
static int temps_in_dir(void)
{
	char cmd[128];
	FILE *p;
	int n = -1;

	snprintf(cmd, sizeof(cmd), "ls -A '%s' | grep -c '\\.tmp-'", dir);
	p = popen(cmd, "r");
	if (p && fscanf(p, "%d", &n) != 1)
		n = -1;
	if (p)
		pclose(p);
	return n;
}

/*
 * Open a transaction on a fresh folder and write the three files: a and c
 * through their streams, b by name (as a library does). With sign, they
 * are synced and the last file, "c.txt.sig", is made from c's temporary
 * file, as a build signs its checklist.
 */
static void write_three(struct mb_transaction *tx, bool sign, struct mb_error *err)
{
	struct timespec now;
	char *sig;

	clock_gettime(CLOCK_REALTIME, &now);
	mb_error_init(err);
	ck_assert_int_eq(mb_transaction_open(tx, dir, names, 3, &now, NULL, err), MB_OK);
	ck_assert_int_eq(mb_transaction_begin(tx, 0, true, err), MB_OK);
	ck_assert_int_eq(mb_transaction_begin(tx, 1, false, err), MB_OK);
	ck_assert_int_eq(mb_transaction_begin(tx, 2, true, err), MB_OK);
	fputs("new a", tx->files[0].fp);
	put(tx->files[1].temp_path, "new b");
	fputs("new c", tx->files[2].fp);
	if (!sign)
		return;
	ck_assert_int_eq(mb_transaction_sync(tx, err), MB_OK);
	ck_assert_ptr_null(tx->files[0].fp);
	sig = malloc(strlen(tx->files[2].temp_path) + 8);
	ck_assert_ptr_nonnull(sig);
	sprintf(sig, "%s.sig", tx->files[2].temp_path);
	put(sig, "signed");
	mb_transaction_add_last(tx, sig, "c.txt.sig");
	free(sig);
	/* nothing under a final name yet */
	ck_assert_str_eq(slurp("a.pdf"), "old a");
	ck_assert_ptr_null(slurp("b.json"));
	ck_assert_ptr_null(slurp("c.txt.sig"));
	ck_assert_int_eq(temps_in_dir(), 4);
}

START_TEST(commit_puts_every_file_in_place)
{
	struct mb_transaction tx;
	struct mb_error err;

	make_dir();
	put(in_dir("a.pdf"), "old a");
	write_three(&tx, true, &err);
	ck_assert_int_eq(mb_transaction_commit(&tx, &err), MB_OK);
	ck_assert_str_eq(slurp("a.pdf"), "new a");
	ck_assert_str_eq(slurp("b.json"), "new b");
	ck_assert_str_eq(slurp("c.txt"), "new c");
	ck_assert_str_eq(slurp("c.txt.sig"), "signed");
	ck_assert_int_eq(temps_in_dir(), 0);
	mb_transaction_close(&tx);
	ck_assert_str_eq(slurp("c.txt.sig"), "signed");	/* close after commit takes nothing */
	remove_dir();
}
END_TEST

START_TEST(abort_leaves_nothing_new)
{
	struct mb_transaction tx;
	struct mb_error err;

	make_dir();
	put(in_dir("a.pdf"), "old a");
	write_three(&tx, true, &err);
	mb_transaction_abort(&tx);
	ck_assert_str_eq(slurp("a.pdf"), "old a");
	ck_assert_ptr_null(slurp("b.json"));
	ck_assert_ptr_null(slurp("c.txt"));
	ck_assert_ptr_null(slurp("c.txt.sig"));
	ck_assert_int_eq(temps_in_dir(), 0);
	mb_transaction_close(&tx);
	remove_dir();
}
END_TEST

/* a file never begun is left out: its final name keeps what it held */
START_TEST(a_file_not_begun_is_untouched)
{
	struct mb_transaction tx;
	struct mb_error err;
	struct timespec now;

	make_dir();
	put(in_dir("b.json"), "the user's b");
	clock_gettime(CLOCK_REALTIME, &now);
	mb_error_init(&err);
	ck_assert_int_eq(mb_transaction_open(&tx, dir, names, 3, &now, NULL, &err), MB_OK);
	ck_assert_int_eq(mb_transaction_begin(&tx, 0, true, &err), MB_OK);
	fputs("new a", tx.files[0].fp);
	ck_assert_int_eq(mb_transaction_commit(&tx, &err), MB_OK);
	ck_assert_str_eq(slurp("a.pdf"), "new a");
	ck_assert_str_eq(slurp("b.json"), "the user's b");
	ck_assert_ptr_null(slurp("c.txt"));
	mb_transaction_close(&tx);
	remove_dir();
}
END_TEST

/* a write error shows at the commit's sync, before any rename, naming the final file */
START_TEST(write_error_renames_nothing)
{
	struct mb_transaction tx;
	struct mb_error err;

	make_dir();
	put(in_dir("a.pdf"), "old a");
	write_three(&tx, false, &err);
	/* the disk refuses c's bytes: its stream is /dev/full's */
	fclose(tx.files[2].fp);
	tx.files[2].fp = fopen("/dev/full", "wb");
	ck_assert_ptr_nonnull(tx.files[2].fp);
	fputs("does not fit", tx.files[2].fp);
	ck_assert_int_eq(mb_transaction_commit(&tx, &err), MB_ERR_IO);
	ck_assert_ptr_nonnull(strstr(err.message, "c.txt': No space left on device"));
	ck_assert_str_eq(slurp("a.pdf"), "old a");
	ck_assert_ptr_null(slurp("b.json"));
	ck_assert_ptr_null(slurp("c.txt"));
	mb_transaction_abort(&tx);
	ck_assert_str_eq(slurp("a.pdf"), "old a");
	ck_assert_ptr_null(slurp("b.json"));
	ck_assert_int_eq(temps_in_dir(), 0);
	mb_transaction_close(&tx);
	remove_dir();
}
END_TEST

/*
 * A rename that fails mid-way (a folder appeared under b's name): the
 * error names b, a is in place, c and the last file are not, and the
 * abort leaves no temporary file.
 */
START_TEST(rename_failing_mid_way)
{
	struct mb_transaction tx;
	struct mb_error err;

	make_dir();
	put(in_dir("a.pdf"), "old a");
	write_three(&tx, true, &err);
	ck_assert_int_eq(mkdir(in_dir("b.json"), 0755), 0);
	put(in_dir("b.json/inside"), "a folder that is not empty");
	ck_assert_int_eq(mb_transaction_commit(&tx, &err), MB_ERR_IO);
	ck_assert_ptr_nonnull(strstr(err.message, "cannot write '"));
	ck_assert_ptr_nonnull(strstr(err.message, "/b.json'"));
	ck_assert_str_eq(slurp("a.pdf"), "new a");
	ck_assert_ptr_null(slurp("c.txt"));
	ck_assert_ptr_null(slurp("c.txt.sig"));
	mb_transaction_abort(&tx);
	ck_assert_int_eq(temps_in_dir(), 0);
	ck_assert_ptr_null(slurp("c.txt"));
	mb_transaction_close(&tx);
	remove_dir();
}
END_TEST

/* while open, the folder is locked; stale temporary files of its names go at the open */
START_TEST(open_locks_and_clears)
{
	struct mb_transaction tx, other;
	struct mb_error err;
	struct timespec later;

	make_dir();
	put(in_dir(".a.pdf.tmp-AbC123"), "left by a killed run");
	put(in_dir(".b.json.tmp-XyZ789.sig"), "left by a killed run");
	put(in_dir(".d.png.tmp-AbC123"), "not one of its names");
	clock_gettime(CLOCK_REALTIME, &later);
	later.tv_sec += 1;	/* the files above are older than this run */
	mb_error_init(&err);
	ck_assert_int_eq(mb_transaction_open(&tx, dir, names, 3, &later, NULL, &err), MB_OK);
	ck_assert_ptr_null(slurp(".a.pdf.tmp-AbC123"));
	ck_assert_ptr_null(slurp(".b.json.tmp-XyZ789.sig"));
	ck_assert_ptr_nonnull(slurp(".d.png.tmp-AbC123"));
	ck_assert_int_eq(mb_transaction_open(&other, dir, names, 3, &later, NULL, &err), MB_ERR_IO);
	ck_assert_ptr_nonnull(strstr(err.message, "another mazebook is writing to"));
	mb_transaction_close(&other);	/* a transaction that never opened */
	mb_transaction_close(&tx);
	mb_error_init(&err);
	ck_assert_int_eq(mb_transaction_open(&other, dir, names, 3, &later, NULL, &err), MB_OK);
	mb_transaction_close(&other);
	remove_dir();
}
END_TEST

/* a message naming a temporary file names the final one; a zeroed transaction does nothing */
START_TEST(messages_say_final_names)
{
	struct mb_transaction tx, none = { 0 };
	struct mb_error err;
	struct timespec now;
	char msg[512], want[512];

	make_dir();
	clock_gettime(CLOCK_REALTIME, &now);
	mb_error_init(&err);
	ck_assert_int_eq(mb_transaction_open(&tx, dir, names, 3, &now, NULL, &err), MB_OK);
	ck_assert_int_eq(mb_transaction_begin(&tx, 2, false, &err), MB_OK);
	snprintf(msg, sizeof(msg), "cannot read '%s': damaged", tx.files[2].temp_path);
	snprintf(want, sizeof(want), "cannot read '%s/c.txt': damaged", dir);
	mb_transaction_say_final_names(&tx, msg, sizeof(msg));
	ck_assert_str_eq(msg, want);
	mb_transaction_say_final_names(&none, msg, sizeof(msg));
	ck_assert_str_eq(msg, want);
	mb_transaction_abort(&none);
	mb_transaction_close(&none);
	mb_transaction_close(&tx);
	ck_assert_int_eq(temps_in_dir(), 0);
	remove_dir();
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("transaction");
	TCase *tc = tcase_create("transaction");

	tcase_add_test(tc, commit_puts_every_file_in_place);
	tcase_add_test(tc, abort_leaves_nothing_new);
	tcase_add_test(tc, a_file_not_begun_is_untouched);
	tcase_add_test(tc, write_error_renames_nothing);
	tcase_add_test(tc, rename_failing_mid_way);
	tcase_add_test(tc, open_locks_and_clears);
	tcase_add_test(tc, messages_say_final_names);
	suite_add_tcase(s, tc);
	return s;
}
