/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Test helper for tests/cli/cli_valgrind.sh: a program that loses one block on
 * purpose, so the test shows that its valgrind options do fail a leak.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *volatile p = malloc(1000);

	if (!p)
		return 1;
	memset(p, 'x', 1000);
	printf("%c\n", p[999]);
	p = NULL;	/* the only pointer to the block is gone */
	return 0;
}
