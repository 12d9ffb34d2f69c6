/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * mazebook's entry point: find the command in the table and run it. Every
 * way out goes through finish(), which makes sure what was printed reached
 * standard output: a full disk or a closed pipe under `> file` is an
 * error (exit 1), not a silent success.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "mazebook/cmd/command.h"

void mb_print_program_help(void);

/* a command that failed has said why already; one that succeeded must have been heard */
static int finish(const char *name, int rc)
{
	if ((fflush(stdout) || ferror(stdout)) && rc == MB_EXIT_OK) {
		int e = errno;

		fprintf(stderr, "mazebook%s%s: cannot write 'standard output': %s\n",
			name ? " " : "", name ? name : "", strerror(e ? e : EIO));
		return MB_EXIT_FAIL;
	}
	return rc;
}

int main(int argc, char **argv)
{
	const struct mb_command *cmd;

	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		mb_print_program_help();
		return finish(NULL, argc < 2 ? MB_EXIT_USAGE : MB_EXIT_OK);
	}
	if (!strcmp(argv[1], "--version")) {
		printf("mazebook %s\n", PACKAGE_VERSION);
		return finish(NULL, MB_EXIT_OK);
	}
	cmd = mb_command_find(argv[1]);
	if (!cmd) {
		fprintf(stderr, "mazebook: unknown command '%s' (commands:", argv[1]);
		for (size_t i = 0; i < mb_command_count; i++)
			fprintf(stderr, " %s", mb_commands[i]->name);
		fprintf(stderr, ")\nTry 'mazebook --help'.\n");
		return MB_EXIT_USAGE;
	}
	for (int i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "--"))
			break;
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			mb_command_print_help(cmd);
			return finish(cmd->name, MB_EXIT_OK);
		}
	}
	return finish(cmd->name, cmd->run(argc - 1, argv + 1));
}
