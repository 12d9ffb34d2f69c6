/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Command-line options, one way for every command: a command lists its
 * options in one table (long name, short letter, whether it takes a
 * value) and reads them with one parser. The parser only sorts the
 * arguments; the command keeps its own words for a mistake, since users
 * and tests read them.
 */
#ifndef MAZEBOOK_OPTIONS_H
#define MAZEBOOK_OPTIONS_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>

/* options of one command at most (check has 14) */
#define MB_OPTIONS_MAX 24

struct mb_option {
	const char *name;	/* the long name, without "--" */
	char letter;		/* its short letter, or 0 for none */
	bool takes_value;	/* "--name VALUE", "--name=VALUE", "-x VALUE", "-xVALUE" */
};

/* what mb_options_next found, when it is no option of the table */
enum {
	MB_OPTIONS_END = -1,		/* no option left: operands start at index */
	MB_OPTIONS_UNKNOWN = -2,	/* an option the table does not hold: arg */
	MB_OPTIONS_NO_VALUE = -3	/* an option that takes a value came last: arg */
};

struct mb_options {
	int argc;
	char **argv;		/* argv[0] is the command's name; operands are moved last */
	int index;		/* after MB_OPTIONS_END: the first operand */
	const char *value;	/* the value of the option just read, or NULL */
	const char *arg;	/* the argument just read, as typed (for messages) */
	/*
	 * set after mb_options_init: getopt prints its own line ("check:
	 * unrecognized option '--x'") before the command's, and a missing
	 * value is MB_OPTIONS_UNKNOWN too: `check`'s words since its start
	 */
	bool getopt_messages;
	/* private: the table as getopt_long reads it */
	const struct mb_option *table;
	size_t count;
	struct option longopts[MB_OPTIONS_MAX + 1];
	char shortopts[3 * MB_OPTIONS_MAX + 2];
};

/* Start reading argv's options against table (count entries, at most MB_OPTIONS_MAX). */
void mb_options_init(struct mb_options *p, const struct mb_option *table, size_t count,
		     int argc, char **argv);

/*
 * The next option: its index in the table (value set when it takes one),
 * or one of MB_OPTIONS_END, MB_OPTIONS_UNKNOWN, MB_OPTIONS_NO_VALUE. A
 * long name may be shortened while it stays unambiguous; "--" ends the
 * options. Operands may come between options. Nothing to release.
 */
int mb_options_next(struct mb_options *p);

#endif
