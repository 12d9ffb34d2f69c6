/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Subcommands: one file per command under src/cmd/, each exporting one
 * struct mb_command, gathered in one sorted table (src/cmd/table.c). The
 * program's --help, each command's --help and the man page all come from
 * this table, so they cannot drift apart.
 */
#ifndef MAZEBOOK_COMMAND_H
#define MAZEBOOK_COMMAND_H

#include <stddef.h>

/* exit statuses of the program, documented in --help and the man page */
enum mb_exit {
	MB_EXIT_OK = 0,		/* success */
	MB_EXIT_FAIL = 1,	/* the work failed: bad spec, failed check, I/O error */
	MB_EXIT_USAGE = 2	/* bad command line */
};

struct mb_command {
	const char *name;
	const char *summary;	/* one line, lower case, no full stop */
	const char *usage;	/* synopsis after "mazebook NAME " */
	const char *help;	/* the options and an example, one per line */
	/* argv[0] is the command name; returns an enum mb_exit */
	int (*run)(int argc, char **argv);
};

extern const struct mb_command *const mb_commands[];
extern const size_t mb_command_count;

const struct mb_command *mb_command_find(const char *name);

/* Print "usage: mazebook NAME USAGE" and the help text to stdout. */
void mb_command_print_help(const struct mb_command *cmd);

/*
 * Report a usage error for cmd on stderr ("mazebook NAME: message" and a
 * hint to run --help) and return MB_EXIT_USAGE.
 */
int mb_command_usage_error(const struct mb_command *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Report a failure ("mazebook NAME: message") and return MB_EXIT_FAIL. */
int mb_command_fail(const struct mb_command *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
