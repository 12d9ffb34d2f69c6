/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The one option parser of every command; see include/mazebook/cmd/options.h.
 * It is getopt_long underneath, so every command keeps what users already
 * type (shortened long names, --name=VALUE, operands between options);
 * what was written ten times over is the table-to-getopt plumbing and the
 * sorting of its ':' and '?' answers.
 */
#include "config.h"
#include "mazebook/cmd/options.h"

#include "mazebook/base/error.h"

void mb_options_init(struct mb_options *p, const struct mb_option *table, size_t count,
		     int argc, char **argv)
{
	size_t n = 0;

	if (count > MB_OPTIONS_MAX)
		BUG("%zu options, MB_OPTIONS_MAX is %d", count, MB_OPTIONS_MAX);
	*p = (struct mb_options){ .argc = argc, .argv = argv, .index = 1, .table = table,
				  .count = count };
	/* ':' first: a missing value is told apart from an unknown option, and getopt stays quiet */
	p->shortopts[n++] = ':';
	for (size_t i = 0; i < count; i++) {
		p->longopts[i].name = table[i].name;
		p->longopts[i].has_arg = table[i].takes_value ? required_argument : no_argument;
		/* the table's index, past any letter: getopt answers it for a long name */
		p->longopts[i].val = 256 + (int)i;
		if (table[i].letter) {
			p->shortopts[n++] = table[i].letter;
			if (table[i].takes_value)
				p->shortopts[n++] = ':';
		}
	}
	opterr = 0;
	optind = 1;
}

int mb_options_next(struct mb_options *p)
{
	/* without the leading ':' getopt reports a missing value itself, as '?' */
	const char *shortopts = p->getopt_messages ? p->shortopts + 1 : p->shortopts;
	int c, found = MB_OPTIONS_UNKNOWN;

	opterr = p->getopt_messages;
	c = getopt_long(p->argc, p->argv, shortopts, p->longopts, NULL);

	p->index = optind;
	p->value = NULL;
	p->arg = optind > 0 && optind - 1 < p->argc ? p->argv[optind - 1] : NULL;
	if (c == -1)
		found = MB_OPTIONS_END;
	else if (c == ':')
		found = MB_OPTIONS_NO_VALUE;
	else if (c >= 256)
		found = c - 256;
	else
		for (size_t i = 0; c != '?' && i < p->count; i++)
			if (p->table[i].letter == c)
				found = (int)i;
	if (found >= 0)
		p->value = optarg;
	return found;
}
