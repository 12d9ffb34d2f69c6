/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * `mazebook check`: preflight an interior PDF (and its cover) against
 * KDP's paperback rules and print the checklist. Any producer's PDFs: every
 * figure is measured from the files.
 *
 * A PDF can be built to keep a reader busy for hours on a small file (a
 * deflate stream that inflates to gigabytes, drawn on every page): the
 * probe bounds sizes and page counts, and a CPU-time alarm bounds the rest
 * (--max-cpu, default MB_CHECK_CPU_DEFAULT_S): the command then ends with a clear
 * message instead of hanging.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#include "mazebook/backend/sign.h"
#include "mazebook/base/limits.h"
#include "mazebook/base/number.h"
#include "mazebook/cmd/command.h"
#include "mazebook/cmd/options.h"
#include "mazebook/io/output.h"
#include "mazebook/kdp/preflight.h"

extern const struct mb_command mb_cmd_check;

#define CHECK_PICTURES_MAX 100	/* interior pages pictured (the first ones at fault) */

/*
 * What the CPU-time alarm prints: the only mutable static in mazebook's
 * commands, because a signal handler can reach nothing else. Written once
 * before the alarm is armed, only read by the handler.
 */
static char give_up_message[1024];
static size_t give_up_len;

static void give_up(int sig)
{
	ssize_t w = write(STDERR_FILENO, give_up_message, give_up_len);

	(void)sig;
	(void)w;
	_exit(MB_EXIT_FAIL);
}

/* seconds of CPU time (user + system) from now; 0 disarms */
static void cpu_alarm(unsigned long seconds)
{
	struct itimerval t = { .it_value = { .tv_sec = (time_t)seconds } };

	setitimer(ITIMER_PROF, &t, NULL);
}

static void arm_cpu_limit(unsigned long seconds, const struct mb_preflight_options *opts)
{
	struct sigaction sa;
	int n;

	if (!seconds)
		return;
	n = snprintf(give_up_message, sizeof(give_up_message),
		     "mazebook check: cannot check '%s'%s%s%s: gave up after %lu s of CPU time "
		     "(a file built to exhaust PDF readers?); --max-cpu sets the limit\n",
		     opts->interior_path, opts->cover_path ? " and '" : "",
		     opts->cover_path ? opts->cover_path : "", opts->cover_path ? "'" : "", seconds);
	give_up_len = n < 0 ? 0 : (size_t)n < sizeof(give_up_message) ? (size_t)n
								       : sizeof(give_up_message) - 1;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = give_up;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGPROF, &sa, NULL);
	cpu_alarm(seconds);
}

static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return strdup(".");
	if (slash == path)
		return strdup("/");
	return strndup(path, (size_t)(slash - path));
}

/* what the options ask besides the preflight's own options */
struct check_ask {
	const char *output, *key, *pictures;
	uint64_t mazes, max_cpu;
	bool json, sign;
	int files;		/* argv's index of the interior PDF */
};

/* the options into opts and ask; -1 when they are fine, else a usage error's status */
static int read_options(int argc, char **argv, struct mb_preflight_options *opts,
			struct check_ask *ask, struct mb_error *err)
{
	enum {
		TRIM, PAPER, BLEED, NO_BLEED, SPEC, JSON, OUTPUT, MAX_CPU, SIGN, KEY,
		BINDING, INK, PICTURES, MAZES
	};
	static const struct mb_option table[] = {
		[TRIM] = { "trim", 0, true },
		[PAPER] = { "paper", 0, true },
		[BLEED] = { "bleed", 0, false },
		[NO_BLEED] = { "no-bleed", 0, false },
		[SPEC] = { "spec", 0, true },
		[JSON] = { "json", 0, false },
		[OUTPUT] = { "output", 'o', true },
		[MAX_CPU] = { "max-cpu", 0, true },
		[SIGN] = { "sign", 0, false },
		[KEY] = { "key", 0, true },
		[BINDING] = { "binding", 0, true },
		[INK] = { "ink", 0, true },
		[PICTURES] = { "pictures", 0, true },
		[MAZES] = { "mazes", 0, true },
	};
	struct mb_options args;
	int c;

	mb_options_init(&args, table, sizeof(table) / sizeof(table[0]), argc, argv);
	args.getopt_messages = true;
	while ((c = mb_options_next(&args)) != MB_OPTIONS_END) {
		switch (c) {
		case TRIM:
			if (mb_kdp_parse_trim(args.value, &opts->params.trim, err) != MB_OK)
				return mb_command_usage_error(&mb_cmd_check, "%s", err->message);
			opts->params.trim_given = true;
			break;
		case PAPER:
			if (mb_kdp_parse_paper(args.value, &opts->params.paper, err) != MB_OK)
				return mb_command_usage_error(&mb_cmd_check, "%s", err->message);
			break;
		case BLEED:
			opts->params.bleed = 1;
			break;
		case NO_BLEED:
			opts->params.bleed = 0;
			break;
		case SPEC:
			opts->spec_path = args.value;
			break;
		case JSON:
			ask->json = true;
			break;
		case OUTPUT:
			ask->output = args.value;
			break;
		case MAX_CPU:
			if (mb_number_parse_u64(args.value, "--max-cpu", 0, MB_CHECK_CPU_MAX_S,
						&ask->max_cpu, err) != MB_OK)
				return mb_command_usage_error(&mb_cmd_check, "%s", err->message);
			break;
		case SIGN:
			ask->sign = true;
			break;
		case KEY:
			ask->sign = true;
			ask->key = args.value;
			break;
		case BINDING:
			if (mb_kdp_parse_binding(args.value, &opts->params.binding, err) != MB_OK)
				return mb_command_usage_error(&mb_cmd_check, "%s", err->message);
			break;
		case INK:
			if (mb_kdp_parse_ink(args.value, &opts->params.ink, err) != MB_OK)
				return mb_command_usage_error(&mb_cmd_check, "%s", err->message);
			break;
		case PICTURES:
			ask->pictures = args.value;
			break;
		case MAZES:
			if (mb_number_parse_u64(args.value, "--mazes", 1, 10000, &ask->mazes, err) != MB_OK)
				return mb_command_usage_error(&mb_cmd_check, "%s", err->message);
			opts->params.mazes = (int)ask->mazes;
			break;
		default:
			return mb_command_usage_error(&mb_cmd_check, "unknown option");
		}
	}
	if (args.index >= argc)
		return mb_command_usage_error(&mb_cmd_check, "no interior PDF given");
	if (argc - args.index > 2)
		return mb_command_usage_error(&mb_cmd_check, "too many files (interior and cover at most)");
	if (ask->sign && !ask->output)
		return mb_command_usage_error(&mb_cmd_check, "--sign needs -o FILE (the checklist to sign)");
	ask->files = args.index;
	return -1;
}

static int run(int argc, char **argv)
{
	struct mb_preflight_options opts = { .params = { .paper = MB_PAPER_WHITE, .bleed = -1 } };
	struct check_ask ask = { .max_cpu = MB_CHECK_CPU_DEFAULT_S };
	struct mb_checklist cl;
	struct mb_error err;
	const char *output, *key, *pictures;
	char *text, *dir = NULL, *default_key = NULL;
	bool json, sign;
	struct mb_output out;
	enum mb_status st;
	uint64_t max_cpu;
	int rc;

	mb_error_init(&err);
	rc = read_options(argc, argv, &opts, &ask, &err);
	if (rc >= 0)
		return rc;
	output = ask.output;
	key = ask.key;
	pictures = ask.pictures;
	json = ask.json;
	sign = ask.sign;
	max_cpu = ask.max_cpu;
	if (sign && !key) {
		key = default_key = mb_sign_default_key_path(MB_SIGN_SECRET_KEY_NAME);
		if (!key)
			return mb_command_usage_error(&mb_cmd_check,
						      "no default key folder ($MAZEBOOK_KEY_DIR and $HOME are unset): give --key");
	}
	opts.interior_path = argv[ask.files];
	opts.cover_path = ask.files + 1 < argc ? argv[ask.files + 1] : NULL;
	if (output)
		opts.checklist_dir = dir = dir_of(output);
	mb_checklist_init(&cl);
	arm_cpu_limit((unsigned long)max_cpu, &opts);
	st = mb_preflight_run(&opts, &cl, &err);
	cpu_alarm(0);
	if (st != MB_OK) {
		char buf[MB_ERROR_MESSAGE_MAX + MB_ERROR_FILE_MAX + 32];

		mb_checklist_release(&cl);
		free(dir);
		return mb_command_fail(&mb_cmd_check, "%s", mb_error_format(&err, buf, sizeof(buf)));
	}
	if (pictures) {
		int written = 0;

		if (mb_output_mkdirs(pictures, &err) != MB_OK ||
		    mb_preflight_pictures(&cl, opts.interior_path, opts.cover_path, pictures,
					  CHECK_PICTURES_MAX, &written, &err) != MB_OK) {
			char buf[MB_ERROR_MESSAGE_MAX + MB_ERROR_FILE_MAX + 32];

			mb_checklist_release(&cl);
			free(dir);
			free(default_key);
			return mb_command_fail(&mb_cmd_check, "%s",
					       mb_error_format(&err, buf, sizeof(buf)));
		}
		fprintf(stderr, "mazebook check: %d picture%s in '%s'\n", written,
			written == 1 ? "" : "s", pictures);
	}
	text = json ? mb_checklist_json(&cl) : mb_checklist_text(&cl);
	rc = mb_checklist_failed(&cl) ? MB_EXIT_FAIL : MB_EXIT_OK;
	if (output) {
		/* temporary file and rename: a checklist is never half-written */
		if (mb_output_begin(&out, output, true, 0, &err) != MB_OK ||
		    (fputs(text, out.fp), mb_output_commit(&out, &err)) != MB_OK ||
		    (sign && mb_sign_file(output, key, NULL, &err) != MB_OK)) {
			char buf[MB_ERROR_MESSAGE_MAX + MB_ERROR_FILE_MAX + 32];

			rc = mb_command_fail(&mb_cmd_check, "%s",
					     mb_error_format(&err, buf, sizeof(buf)));
		}
		if (rc == MB_EXIT_FAIL && mb_checklist_failed(&cl))
			fprintf(stderr, "mazebook check: %zu check%s failed (see '%s')\n",
				mb_checklist_count(&cl, MB_CHECK_FAIL),
				mb_checklist_count(&cl, MB_CHECK_FAIL) == 1 ? "" : "s", output);
	} else if (fputs(text, stdout) == EOF || fflush(stdout)) {
		rc = mb_command_fail(&mb_cmd_check, "cannot write 'standard output': %s",
				     strerror(errno));
	}
	free(text);
	free(dir);
	free(default_key);
	mb_checklist_release(&cl);
	return rc;
}

const struct mb_command mb_cmd_check = {
	.name = "check",
	.summary = "preflight an interior PDF (and its cover) against KDP's paperback rules",
	.usage = "INTERIOR.pdf [COVER.pdf] [--trim WxH] [--paper white|cream] [--bleed] [--json]\n"
		 "       [--binding paperback|hardcover] [--ink black|standard-colour|premium-colour]\n"
		 "       [-o FILE [--sign | --key SECRET_KEY]] [--pictures DIR] [--mazes N]\n"
		 "       [--max-cpu S]",
	.help = "  --trim WxH        the trim in inches (default: inferred from the page size)\n"
		"  --paper P         white (default) or cream: page limits and spine width\n"
		"  --bleed           the interior has bleed (default: inferred)\n"
		"  --no-bleed        the interior has no bleed\n"
		"  --binding B       paperback (default) or hardcover: the cover's size, wrap,\n"
		"                    hinges and barcode box, and the hardcover's trims and pages\n"
		"  --ink I           black (default), standard-colour or premium-colour: the\n"
		"                    colour rule, page limits and spine width\n"
		"  --spec FILE       also record FILE's SHA-256 (the book spec)\n"
		"  --json            write the checklist as JSON\n"
		"  -o, --output FILE write the checklist to FILE (names relative to its folder)\n"
		"  --sign            sign FILE (FILE.minisig) with the default key: mazebook.key\n"
		"                    in $MAZEBOOK_KEY_DIR or ~/.config/mazebook ('mazebook keygen')\n"
		"  --key KEY         sign FILE with this minisign secret key\n"
		"  --pictures DIR    write a PNG of each page at fault (the first 100) and of the\n"
		"                    cover into DIR: trim, bleed, margins, gutter, safe zone and\n"
		"                    barcode box drawn, each offending object outlined in red\n"
		"                    and labelled with its rule\n"
		"  --mazes N         the book has N mazes: a count on the cover must agree\n"
		"  --max-cpu S       give up after S seconds of CPU time (default 120, 0: never):\n"
		"                    a real book takes about a second; a file built to\n"
		"                    exhaust PDF readers would take hours\n\n"
		"Every figure is measured from the PDFs (any producer). Each check is PASS,\n"
		"WARN or FAIL with the measured value, the limit and the pages. The cover is\n"
		"checked against the interior's trim, page count and paper.\n"
		"Exit status 0 when nothing fails, 1 when a check fails or a file cannot be\n"
		"read, 2 for a bad command line.\n\n"
		"example:\n  mazebook check out/interior.pdf out/cover.pdf -o out/checklist.txt --sign\n",
	.run = run,
};
