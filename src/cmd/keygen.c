/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * `mazebook keygen`: make the key pair that signs preflight checklists.
 * The secret key is written unencrypted with mode 0600 (mazebook signs
 * unattended during build) and never printed; the public key is what
 * readers pass to `mazebook verify` or `minisign -V`.
 */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "mazebook/backend/sign.h"
#include "mazebook/base/xalloc.h"
#include "mazebook/cmd/command.h"
#include "mazebook/cmd/options.h"

extern const struct mb_command mb_cmd_keygen;

static int run(int argc, char **argv)
{
	enum { PUBLIC_KEY, SECRET_KEY, FORCE };
	static const struct mb_option table[] = {
		[PUBLIC_KEY] = { "public-key", 'p', true },
		[SECRET_KEY] = { "secret-key", 's', true },
		[FORCE] = { "force", 'f', false },
	};
	struct mb_options opts;
	char *pub = NULL, *sec = NULL, keyid[17];
	bool force = false;
	struct mb_error err;
	char msg[MB_ERROR_FILE_MAX + MB_ERROR_MESSAGE_MAX + 32];
	int c, rc = MB_EXIT_OK;

	mb_options_init(&opts, table, sizeof(table) / sizeof(table[0]), argc, argv);
	while ((c = mb_options_next(&opts)) != MB_OPTIONS_END) {
		switch (c) {
		case PUBLIC_KEY:
			free(pub);
			pub = xstrdup(opts.value);
			break;
		case SECRET_KEY:
			free(sec);
			sec = xstrdup(opts.value);
			break;
		case FORCE:
			force = true;
			break;
		case MB_OPTIONS_NO_VALUE:
			free(pub);
			free(sec);
			return mb_command_usage_error(&mb_cmd_keygen, "%s needs a value", opts.arg);
		default:
			free(pub);
			free(sec);
			return mb_command_usage_error(&mb_cmd_keygen, "unknown option '%s'", opts.arg);
		}
	}
	if (opts.index < argc) {
		free(pub);
		free(sec);
		return mb_command_usage_error(&mb_cmd_keygen, "unexpected argument '%s'",
					      argv[opts.index]);
	}
	if (!pub)
		pub = mb_sign_default_key_path(MB_SIGN_PUBLIC_KEY_NAME);
	if (!sec)
		sec = mb_sign_default_key_path(MB_SIGN_SECRET_KEY_NAME);
	if (!pub || !sec) {
		free(pub);
		free(sec);
		return mb_command_usage_error(&mb_cmd_keygen,
					      "no default key folder ($MAZEBOOK_KEY_DIR and "
					      "$HOME are unset): give -p and -s");
	}
	mb_error_init(&err);
	if (mb_sign_keygen(pub, sec, force, keyid, &err) != MB_OK) {
		rc = mb_command_fail(&mb_cmd_keygen, "%s", mb_error_format(&err, msg, sizeof(msg)));
	} else {
		printf("key id:     %s\n"
		       "public key: %s (mode 0644; give it to whoever verifies)\n"
		       "secret key: %s (mode 0600; keep it private and backed up)\n"
		       "verify with: mazebook verify checklist.txt -p %s\n"
		       "         or: minisign -Vm checklist.txt -p %s\n",
		       keyid, pub, sec, pub, pub);
	}
	free(pub);
	free(sec);
	return rc;
}

const struct mb_command mb_cmd_keygen = {
	.name = "keygen",
	.summary = "make the key pair that signs preflight checklists",
	.usage = "[-p PUBLIC_KEY] [-s SECRET_KEY] [--force]",
	.help = "  -p, --public-key FILE  where to write the public key (mode 0644)\n"
		"  -s, --secret-key FILE  where to write the secret key (mode 0600)\n"
		"  -f, --force            replace an existing key pair (otherwise refused)\n\n"
		"Both files are in minisign's format: the secret key is unencrypted,\n"
		"so that builds sign unattended, and its mode 0600 keeps it private;\n"
		"mazebook refuses to sign with a secret key others can read. Keys go\n"
		"to $MAZEBOOK_KEY_DIR if set, else $XDG_CONFIG_HOME/mazebook, else\n"
		"~/.config/mazebook (mazebook.pub, mazebook.key): never the book's\n"
		"folder, which gets shared. A key made with 'minisign -G -W' works too.\n\n"
		"example:\n  mazebook keygen\n  mazebook keygen -p team.pub -s ~/private/team.key\n",
	.run = run,
};
