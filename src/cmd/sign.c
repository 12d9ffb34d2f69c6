/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * `mazebook sign`: sign any file (usually a preflight checklist) in
 * minisign's format, writing FILE.minisig. `check -s` and `build` sign
 * their checklist themselves; this is for publishers who re-sign, e.g.
 * with a new key, and for checklists made elsewhere.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "mazebook/backend/sign.h"
#include "mazebook/base/xalloc.h"
#include "mazebook/cmd/command.h"
#include "mazebook/cmd/options.h"

extern const struct mb_command mb_cmd_sign;

static int run(int argc, char **argv)
{
	enum { SECRET_KEY, TRUSTED_COMMENT };
	static const struct mb_option table[] = {
		[SECRET_KEY] = { "secret-key", 's', true },
		[TRUSTED_COMMENT] = { "trusted-comment", 't', true },
	};
	struct mb_options opts;
	const char *sec_opt = NULL, *comment = NULL;
	char *sec;
	struct mb_error err;
	char msg[MB_ERROR_FILE_MAX + MB_ERROR_MESSAGE_MAX + 32];
	int c, rc = MB_EXIT_OK;

	mb_options_init(&opts, table, sizeof(table) / sizeof(table[0]), argc, argv);
	while ((c = mb_options_next(&opts)) != MB_OPTIONS_END) {
		switch (c) {
		case SECRET_KEY:
			sec_opt = opts.value;
			break;
		case TRUSTED_COMMENT:
			comment = opts.value;
			break;
		case MB_OPTIONS_NO_VALUE:
			return mb_command_usage_error(&mb_cmd_sign, "%s needs a value", opts.arg);
		default:
			return mb_command_usage_error(&mb_cmd_sign, "unknown option '%s'", opts.arg);
		}
	}
	if (opts.index >= argc)
		return mb_command_usage_error(&mb_cmd_sign, "which file? (mazebook sign FILE)");
	sec = sec_opt ? xstrdup(sec_opt) : mb_sign_default_key_path(MB_SIGN_SECRET_KEY_NAME);
	if (!sec)
		return mb_command_usage_error(&mb_cmd_sign,
					      "no default key folder ($MAZEBOOK_KEY_DIR and "
					      "$HOME are unset): give -s");
	for (int i = opts.index; i < argc; i++) {
		mb_error_init(&err);
		if (mb_sign_file(argv[i], sec, comment, &err) != MB_OK) {
			rc = mb_command_fail(&mb_cmd_sign, "%s",
					     mb_error_format(&err, msg, sizeof(msg)));
			break;
		}
		printf("signed %s: %s%s\n", argv[i], argv[i], MB_SIGN_SUFFIX);
	}
	free(sec);
	return rc;
}

const struct mb_command mb_cmd_sign = {
	.name = "sign",
	.summary = "sign a checklist (or any file) in minisign's format",
	.usage = "FILE... [-s SECRET_KEY] [-t TRUSTED_COMMENT]",
	.help = "  FILE                        written to FILE.minisig (replaced atomically)\n"
		"  -s, --secret-key FILE       the secret key (default: mazebook.key in the\n"
		"                              key folder, see 'mazebook keygen --help')\n"
		"  -t, --trusted-comment TEXT  signed along with the file (default, as\n"
		"                              minisign: timestamp:T<tab>file:NAME<tab>hashed)\n\n"
		"The signature is Ed25519 over the file's BLAKE2b-512, as current\n"
		"minisign makes them, so 'minisign -Vm FILE -p mazebook.pub' checks it.\n"
		"The secret key must not be readable by group or others (chmod 600).\n\n"
		"example:\n  mazebook sign out/checklist.txt\n",
	.run = run,
};
