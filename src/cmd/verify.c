/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * `mazebook verify`: prove that a signed preflight checklist is intact and
 * that the files it lists are the ones that were checked. It reports every
 * part (signature, each file) so that the reader sees what broke.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "mazebook/backend/sign.h"
#include "mazebook/base/xalloc.h"
#include "mazebook/cmd/command.h"
#include "mazebook/cmd/options.h"

extern const struct mb_command mb_cmd_verify;

static int run(int argc, char **argv)
{
	enum { PUBLIC_KEY };
	static const struct mb_option table[] = {
		[PUBLIC_KEY] = { "public-key", 'p', true },
	};
	struct mb_options opts;
	const char *pub_opt = NULL;
	char *pub;
	struct mb_sign_verification *v;
	struct mb_error err;
	char msg[MB_ERROR_FILE_MAX + MB_ERROR_MESSAGE_MAX + 32];
	enum mb_status st;
	int c, rc;

	mb_options_init(&opts, table, sizeof(table) / sizeof(table[0]), argc, argv);
	while ((c = mb_options_next(&opts)) != MB_OPTIONS_END) {
		switch (c) {
		case PUBLIC_KEY:
			pub_opt = opts.value;
			break;
		case MB_OPTIONS_NO_VALUE:
			return mb_command_usage_error(&mb_cmd_verify, "%s needs a value", opts.arg);
		default:
			return mb_command_usage_error(&mb_cmd_verify, "unknown option '%s'", opts.arg);
		}
	}
	if (opts.index >= argc)
		return mb_command_usage_error(&mb_cmd_verify,
					      "which checklist? (mazebook verify CHECKLIST)");
	if (argc - opts.index > 1)
		return mb_command_usage_error(&mb_cmd_verify, "one checklist at a time, not '%s'",
					      argv[opts.index + 1]);
	pub = pub_opt ? xstrdup(pub_opt) : mb_sign_default_key_path(MB_SIGN_PUBLIC_KEY_NAME);
	if (!pub)
		return mb_command_usage_error(&mb_cmd_verify,
					      "no default key folder ($MAZEBOOK_KEY_DIR and "
					      "$HOME are unset): give -p");
	v = xcalloc(1, sizeof(*v));
	mb_error_init(&err);
	st = mb_sign_verify_checklist(argv[opts.index], pub, v, &err);
	for (size_t i = 0; i < v->count; i++)
		printf("%s: %s\n", v->parts[i].name, v->parts[i].detail);
	if (v->checklist_parsed)
		printf("result: %s (recorded by %s, rules %s%s)\n", v->checklist.result,
		       v->checklist.tool[0] ? v->checklist.tool : "an unnamed tool",
		       v->checklist.rules[0] ? v->checklist.rules : "not named",
		       v->parts[0].state == MB_SIGN_GOOD
		       ? "" : "; untrustworthy: the signature does not hold");
	if (st == MB_OK) {
		printf("verified: signature good, %zu file%s unchanged, recorded result PASS\n",
		       v->checklist.count, v->checklist.count == 1 ? "" : "s");
		rc = MB_EXIT_OK;
	} else {
		rc = mb_command_fail(&mb_cmd_verify, "%s", mb_error_format(&err, msg, sizeof(msg)));
	}
	free(v);
	free(pub);
	return rc;
}

const struct mb_command mb_cmd_verify = {
	.name = "verify",
	.summary = "check a signed checklist and that its files are unchanged",
	.usage = "CHECKLIST [-p PUBLIC_KEY]",
	.help = "  CHECKLIST              a checklist written by 'mazebook check' or\n"
		"                         'build'; its signature is CHECKLIST.minisig\n"
		"  -p, --public-key FILE  the signer's public key (default: mazebook.pub\n"
		"                         in the key folder, see 'mazebook keygen --help')\n\n"
		"Checks the signature, that the public key is the 'signer:' the checklist\n"
		"names (if it names one), then that every file the checklist lists on a\n"
		"'file:' or 'spec:' line (relative to the checklist's folder) still has\n"
		"the recorded SHA-256 and size, and prints one line per part, e.g.\n"
		"'signature: bad: ...', 'cover.pdf: changed since the check (...)',\n"
		"'interior.pdf: missing (...)'. Then the recorded result.\n\n"
		"exit status: 0 the signature holds, every file is unchanged AND the\n"
		"recorded result is PASS; 1 anything else (a bad or missing signature,\n"
		"a changed, missing or unreadable file, a malformed checklist, or an\n"
		"intact checklist that records a FAIL); 2 bad command line.\n"
		"'minisign -Vm CHECKLIST -p mazebook.pub' checks the signature alone.\n\n"
		"example:\n  mazebook verify out/checklist.txt -p mazebook.pub\n",
	.run = run,
};
