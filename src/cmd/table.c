/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* The command table and the helpers every command shares for help and errors. */
#include "config.h"
#include "mazebook/cmd/command.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* each command's entry, defined in src/cmd/<name>.c */
extern const struct mb_command mb_cmd_build;
extern const struct mb_command mb_cmd_catalogue;
extern const struct mb_command mb_cmd_check;
extern const struct mb_command mb_cmd_cost;
extern const struct mb_command mb_cmd_help;
extern const struct mb_command mb_cmd_init;
extern const struct mb_command mb_cmd_keygen;
extern const struct mb_command mb_cmd_maze;
extern const struct mb_command mb_cmd_sign;
extern const struct mb_command mb_cmd_stats;
extern const struct mb_command mb_cmd_verify;

/* sorted by name */
const struct mb_command *const mb_commands[] = {
	&mb_cmd_build,
	&mb_cmd_catalogue,
	&mb_cmd_check,
	&mb_cmd_cost,
	&mb_cmd_help,
	&mb_cmd_init,
	&mb_cmd_keygen,
	&mb_cmd_maze,
	&mb_cmd_sign,
	&mb_cmd_stats,
	&mb_cmd_verify,
};
const size_t mb_command_count = sizeof(mb_commands) / sizeof(mb_commands[0]);

const struct mb_command *mb_command_find(const char *name)
{
	for (size_t i = 0; i < mb_command_count; i++)
		if (!strcmp(mb_commands[i]->name, name))
			return mb_commands[i];
	return NULL;
}

void mb_command_print_help(const struct mb_command *cmd)
{
	printf("usage: mazebook %s %s\n\n%s.\n\n%s", cmd->name, cmd->usage,
	       cmd->summary, cmd->help);
}

int mb_command_usage_error(const struct mb_command *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "mazebook %s: ", cmd->name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'mazebook %s --help'.\n", cmd->name);
	return MB_EXIT_USAGE;
}

int mb_command_fail(const struct mb_command *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "mazebook %s: ", cmd->name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return MB_EXIT_FAIL;
}
