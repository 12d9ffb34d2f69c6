/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * `mazebook cost`: what any book costs to print on KDP and what it earns at
 * a list price, from specs/cost.def; the figures `build` reports for its
 * editions, for a book that is not made yet (or not made by mazebook).
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/number.h"
#include "mazebook/cmd/command.h"
#include "mazebook/cmd/options.h"
#include "mazebook/kdp/cost.h"
#include "mazebook/kdp/kdp.h"

extern const struct mb_command mb_cmd_cost;

static void print_text(const struct mb_cost *c, const struct mb_trim *trim,
		       const struct mb_print *print)
{
	char name[48], what[64], a[32], b[32], e[32], warn[256];

	printf("%s%s, %d pages, %s, %s (%s, %s)\n", mb_kdp_trim_name(trim, name, sizeof(name)),
	       c->large ? " (large trim)" : "", c->pages, mb_kdp_binding_name(print->binding),
	       mb_kdp_print_name(print, what, sizeof(what)), c->marketplace->name,
	       mb_cost_version);
	printf("printing cost       %s\n", mb_cost_money(c, c->printing_cents, a, sizeof(a)));
	printf("minimum list price  %s\n", mb_cost_money(c, c->min_price_cents, a, sizeof(a)));
	if (c->priced) {
		printf("royalty at %-8s %s (%g %%); with Expanded Distribution %s\n",
		       mb_cost_money(c, c->price_cents, a, sizeof(a)),
		       mb_cost_money(c, c->royalty_cents, b, sizeof(b)), c->rate * 100,
		       mb_cost_money(c, c->expanded_royalty_cents, e, sizeof(e)));
		if (c->price_cents < c->min_price_cents)
			printf("warning: %s is under the minimum list price; KDP refuses it\n", a);
		if (mb_cost_threshold_warning(c, warn, sizeof(warn)))
			printf("warning: %s\n", warn);
	}
}

static void print_json(const struct mb_cost *c, const struct mb_trim *trim,
		       const struct mb_print *print)
{
	char warn[256];
	const char *w = mb_cost_threshold_warning(c, warn, sizeof(warn));

	printf("{\"rules\": \"%s\", \"marketplace\": \"%s\", \"currency\": \"%s\", "
	       "\"trim_in\": [%g, %g], \"large\": %s, \"pages\": %d, \"binding\": \"%s\", "
	       "\"ink\": \"%s\", \"paper\": \"%s\", \"printing\": %ld.%02ld, "
	       "\"min_list_price\": %ld.%02ld",
	       mb_cost_version, c->marketplace->name, c->marketplace->currency, trim->w_in,
	       trim->h_in, c->large ? "true" : "false", c->pages,
	       mb_kdp_binding_name(print->binding), mb_kdp_ink_name(print->ink),
	       mb_kdp_paper_name(print->paper), c->printing_cents / 100, c->printing_cents % 100,
	       c->min_price_cents / 100, c->min_price_cents % 100);
	if (c->priced)
		printf(", \"list_price\": %ld.%02ld, \"royalty\": %s%ld.%02ld, \"royalty_rate\": %.2f, "
		       "\"expanded_royalty\": %s%ld.%02ld",
		       c->price_cents / 100, c->price_cents % 100, c->royalty_cents < 0 ? "-" : "",
		       labs(c->royalty_cents) / 100, labs(c->royalty_cents) % 100, c->rate,
		       c->expanded_royalty_cents < 0 ? "-" : "",
		       labs(c->expanded_royalty_cents) / 100, labs(c->expanded_royalty_cents) % 100);
	/* the warning text has no characters JSON must escape */
	printf(", \"warning\": %s%s%s}\n", w ? "\"" : "", w ? w : "null", w ? "\"" : "");
}

static int run(int argc, char **argv)
{
	enum { TRIM, PAGES, BINDING, INK, PAPER, PRICE, JSON };
	static const struct mb_option table[] = {
		[TRIM] = { "trim", 0, true },
		[PAGES] = { "pages", 0, true },
		[BINDING] = { "binding", 0, true },
		[INK] = { "ink", 0, true },
		[PAPER] = { "paper", 0, true },
		[PRICE] = { "price", 0, true },
		[JSON] = { "json", 0, false },
	};
	struct mb_options args;
	struct mb_print print = { MB_BINDING_PAPERBACK, MB_INK_BLACK, MB_PAPER_WHITE };
	const struct mb_cost_marketplace *m = &mb_cost_marketplaces[0];
	struct mb_trim trim;
	struct mb_cost cost;
	struct mb_error err;
	bool have_trim = false, json = false;
	uint64_t pages = 0;
	long price = -1;
	int c, min, max, even;

	mb_error_init(&err);
	mb_options_init(&args, table, sizeof(table) / sizeof(table[0]), argc, argv);
	while ((c = mb_options_next(&args)) != MB_OPTIONS_END) {
		switch (c) {
		case TRIM:
			if (mb_kdp_parse_trim(args.value, &trim, &err))
				return mb_command_usage_error(&mb_cmd_cost, "%s", err.message);
			have_trim = true;
			break;
		case PAGES:
			if (mb_number_parse_u64(args.value, "--pages", 1, 100000, &pages, &err))
				return mb_command_usage_error(&mb_cmd_cost, "%s", err.message);
			break;
		case BINDING:
			if (mb_kdp_parse_binding(args.value, &print.binding, &err))
				return mb_command_usage_error(&mb_cmd_cost, "%s", err.message);
			break;
		case INK:
			if (mb_kdp_parse_ink(args.value, &print.ink, &err))
				return mb_command_usage_error(&mb_cmd_cost, "%s", err.message);
			break;
		case PAPER:
			if (mb_kdp_parse_paper(args.value, &print.paper, &err))
				return mb_command_usage_error(&mb_cmd_cost, "%s", err.message);
			break;
		case PRICE:
			if (mb_cost_parse_price(args.value, (long)(m->max_list_price * 100 + 0.5), &price,
						&err))
				return mb_command_usage_error(&mb_cmd_cost, "%s", err.message);
			break;
		case JSON:
			json = true;
			break;
		case MB_OPTIONS_NO_VALUE:
			return mb_command_usage_error(&mb_cmd_cost, "option '%s' needs a value",
						      args.arg);
		default:
			return mb_command_usage_error(&mb_cmd_cost, "unknown option '%s'",
						      args.arg);
		}
	}
	if (args.index < argc)
		return mb_command_usage_error(&mb_cmd_cost, "unexpected argument '%s'", argv[args.index]);
	if (!have_trim || !pages)
		return mb_command_usage_error(&mb_cmd_cost, "give the book's --trim and --pages "
					      "(e.g. mazebook cost --trim 8.5x11 --pages 132)");
	if (mb_kdp_print_check(&trim, &print, &err))
		return mb_command_usage_error(&mb_cmd_cost, "%s", err.message);
	/* KDP prints an odd count with one blank page more, and the limits are even */
	even = (int)pages + (int)(pages % 2);
	mb_kdp_page_limits(&trim, &print, &min, &max);
	if (even < min || even > max) {
		char name[48], what[64];

		return mb_command_usage_error(&mb_cmd_cost,
					      "--pages %" PRIu64 ": KDP prints a %s %s in %s with "
					      "%d to %d pages",
					      pages, mb_kdp_trim_name(&trim, name, sizeof(name)),
					      mb_kdp_binding_name(print.binding),
					      mb_kdp_print_name(&print, what, sizeof(what)), min, max);
	}
	if (mb_cost_compute(NULL, print.binding, print.ink, trim.large, (int)pages, price, &cost,
			    &err))
		return mb_command_usage_error(&mb_cmd_cost, "%s", err.message);
	if (json)
		print_json(&cost, &trim, &print);
	else
		print_text(&cost, &trim, &print);
	if (fflush(stdout))
		return mb_command_fail(&mb_cmd_cost, "cannot write 'standard output'");
	return MB_EXIT_OK;
}

const struct mb_command mb_cmd_cost = {
	.name = "cost",
	.summary = "what a book costs to print on KDP and what it earns at a list price",
	.usage = "--trim WxH --pages N [--binding paperback|hardcover]\n"
		 "       [--ink black|standard-colour|premium-colour] [--paper white|cream]\n"
		 "       [--price P] [--json]",
	.help = "  --trim WxH     the trim in inches (any KDP trim; hardcover: 5.5x8.5, 6x9,\n"
		"                 6.14x9.21, 7x10, 8.25x11)\n"
		"  --pages N      the interior's pages (an odd count prints one more)\n"
		"  --binding B    paperback (default) or hardcover\n"
		"  --ink I        black (default), standard-colour or premium-colour\n"
		"  --paper P      white (default) or cream: the page limits for black ink\n"
		"  --price P      the list price in US dollars (e.g. 9.99): the royalty then\n"
		"  --json         print one JSON object\n\n"
		"Prints the printing cost, the least list price that earns a royalty and, with\n"
		"--price, the royalty (60 % from $9.99, 50 % below; Expanded Distribution 40 %)\n"
		"with a warning when a price just under $9.99 earns less than $9.99 would.\n"
		"The figures are amazon.com's since 10 June 2025, from specs/cost.def.\n"
		"A book KDP cannot print (a pages count out of range, an 8.5x11 hardcover)\n"
		"is a bad command line (exit status 2).\n\n"
		"example:\n  mazebook cost --trim 8.5x11 --pages 132 --price 9.98\n",
	.run = run,
};
