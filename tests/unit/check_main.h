/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The main() every Check suite shares: run the suite that the including
 * file builds in make_suite() and report through TAP (the test harness sets
 * CK_TAP_LOG_FILE_NAME=-), so that every test case is counted on its own.
 *
 * No test case has a time limit (Check's default is 4 s, which a loaded
 * machine or valgrind can pass without anything being wrong): speed is
 * measured in `make bench`, and a hang is caught by the harness's guard
 * around each whole test program (LOG_COMPILER in Makefile.am).
 * CK_DEFAULT_TIMEOUT in the environment still sets one, for debugging.
 *
 * Each test case runs in a child of its own unless CK_FORK=no: CI's
 * sanitizer run sets that, because a forked child pays ASan's fork and
 * LeakSanitizer's exit scan once per test case (the unit suites took half
 * the CPU without). A leak or a memory error still fails the suite there.
 * A suite with a test that expects a signal (a bug that aborts) defines
 * MB_CHECK_ALWAYS_FORK before including this file: only a child can die
 * of it and be judged.
 */
#ifndef MAZEBOOK_CHECK_MAIN_H
#define MAZEBOOK_CHECK_MAIN_H

#include <check.h>
#include <stdlib.h>

static Suite *make_suite(void);

int main(void)
{
	SRunner *runner;
	int failed;

	setenv("CK_DEFAULT_TIMEOUT", "0", 0);	/* read by tcase_create: 0 is none */
	runner = srunner_create(make_suite());
#ifdef MB_CHECK_ALWAYS_FORK
	srunner_set_fork_status(runner, CK_FORK);
#endif

	srunner_run_all(runner, CK_ENV);
	failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
