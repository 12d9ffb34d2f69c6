/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* The one option parser every command reads its table with (src/cmd/options.c). */
#include "config.h"

#include <string.h>

#include "mazebook/cmd/options.h"

#include "check_main.h"

enum { OUTPUT, QUIET, SEED, FORCE };

static const struct mb_option table[] = {
	[OUTPUT] = { "output", 'o', true },
	[QUIET] = { "quiet", 'q', false },
	[SEED] = { "seed", 0, true },
	[FORCE] = { "force", 'f', false },
};

#define COUNT (sizeof(table) / sizeof(table[0]))

START_TEST(reads_long_short_and_operands)
{
	char *argv[] = { "build", "-o", "out", "book.yaml", "--seed=7", "--quiet", "-fqoelse",
			 "--forc", "--", "--not-an-option", NULL };
	struct mb_options p;

	mb_options_init(&p, table, COUNT, 10, argv);
	ck_assert_int_eq(mb_options_next(&p), OUTPUT);
	ck_assert_str_eq(p.value, "out");
	ck_assert_int_eq(mb_options_next(&p), SEED);
	ck_assert_str_eq(p.value, "7");
	ck_assert_int_eq(mb_options_next(&p), QUIET);
	ck_assert_ptr_null(p.value);
	ck_assert_int_eq(mb_options_next(&p), FORCE);
	ck_assert_int_eq(mb_options_next(&p), QUIET);
	ck_assert_int_eq(mb_options_next(&p), OUTPUT);
	ck_assert_str_eq(p.value, "else");
	/* a long name shortened while it stays unambiguous */
	ck_assert_int_eq(mb_options_next(&p), FORCE);
	ck_assert_int_eq(mb_options_next(&p), MB_OPTIONS_END);
	/* operands are moved last, in their order; "--" is gone */
	ck_assert_int_eq(p.index, 8);
	ck_assert_str_eq(argv[p.index], "book.yaml");
	ck_assert_str_eq(argv[p.index + 1], "--not-an-option");
}
END_TEST

START_TEST(unknown_option)
{
	char *long_argv[] = { "build", "--colour", "book.yaml", NULL };
	char *short_argv[] = { "build", "-x", NULL };
	struct mb_options p;

	mb_options_init(&p, table, COUNT, 3, long_argv);
	ck_assert_int_eq(mb_options_next(&p), MB_OPTIONS_UNKNOWN);
	ck_assert_str_eq(p.arg, "--colour");
	mb_options_init(&p, table, COUNT, 2, short_argv);
	ck_assert_int_eq(mb_options_next(&p), MB_OPTIONS_UNKNOWN);
	ck_assert_str_eq(p.arg, "-x");
}
END_TEST

START_TEST(missing_value)
{
	char *long_argv[] = { "build", "book.yaml", "--output", NULL };
	char *short_argv[] = { "build", "-o", NULL };
	char *flag_argv[] = { "build", "--quiet=yes", NULL };
	struct mb_options p;

	mb_options_init(&p, table, COUNT, 3, long_argv);
	ck_assert_int_eq(mb_options_next(&p), MB_OPTIONS_NO_VALUE);
	ck_assert_str_eq(p.arg, "--output");
	mb_options_init(&p, table, COUNT, 2, short_argv);
	ck_assert_int_eq(mb_options_next(&p), MB_OPTIONS_NO_VALUE);
	ck_assert_str_eq(p.arg, "-o");
	/* a value given to an option that takes none is no option of the table */
	mb_options_init(&p, table, COUNT, 2, flag_argv);
	ck_assert_int_eq(mb_options_next(&p), MB_OPTIONS_UNKNOWN);
}
END_TEST

/* check's way: getopt says what is wrong itself, and a missing value is an unknown option */
START_TEST(getopt_messages)
{
	char *argv[] = { "check", "-o", NULL };
	struct mb_options p;

	mb_options_init(&p, table, COUNT, 2, argv);
	p.getopt_messages = true;
	ck_assert_int_eq(mb_options_next(&p), MB_OPTIONS_UNKNOWN);
	/* and the next command's reading is quiet again */
	mb_options_init(&p, table, COUNT, 2, argv);
	ck_assert_int_eq(mb_options_next(&p), MB_OPTIONS_NO_VALUE);
}
END_TEST

START_TEST(read_twice)
{
	/* a command that reads its options again (a book's editions) starts from the top */
	char *argv[] = { "build", "-q", "book.yaml", NULL };
	struct mb_options p;

	for (int round = 0; round < 2; round++) {
		mb_options_init(&p, table, COUNT, 3, argv);
		ck_assert_int_eq(mb_options_next(&p), QUIET);
		ck_assert_int_eq(mb_options_next(&p), MB_OPTIONS_END);
		ck_assert_str_eq(argv[p.index], "book.yaml");
	}
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("options");
	TCase *tc = tcase_create("options");

	tcase_add_test(tc, reads_long_short_and_operands);
	tcase_add_test(tc, unknown_option);
	tcase_add_test(tc, missing_value);
	tcase_add_test(tc, getopt_messages);
	tcase_add_test(tc, read_twice);
	suite_add_tcase(s, tc);
	return s;
}
