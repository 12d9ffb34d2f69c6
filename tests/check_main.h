/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The main() every Check suite shares: run the suite that the including
 * file builds in make_suite() and report through TAP (the test harness sets
 * CK_TAP_LOG_FILE_NAME=-), so that every test case is counted on its own.
 */
#ifndef MAZEBOOK_CHECK_MAIN_H
#define MAZEBOOK_CHECK_MAIN_H

#include <check.h>
#include <stdlib.h>

static Suite *make_suite(void);

int main(void)
{
	SRunner *runner = srunner_create(make_suite());
	int failed;

	srunner_run_all(runner, CK_ENV);
	failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
