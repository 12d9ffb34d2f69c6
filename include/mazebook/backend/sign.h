/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Signing and verifying files in minisign's format with Ed25519, so that
 * the standard `minisign -Vm checklist.txt -p mazebook.pub` verifies what
 * mazebook signs, and mazebook verifies what minisign signs. The backend
 * (src/backend/sodium/sign.c) is the only file that includes libsodium; the file
 * formats are in include/mazebook/sign/minisign.h.
 *
 * Keys. A key pair is a minisign public key file (mode 0644) and an
 * unencrypted minisign secret key file (mode 0600, as `minisign -G -W`
 * makes): mazebook signs unattended during `build`, so it asks for no
 * password, and the file's mode is what keeps the key private. A secret key
 * that group or others can read is refused. Default place of both files:
 * $MAZEBOOK_KEY_DIR, else $XDG_CONFIG_HOME/mazebook, else
 * ~/.config/mazebook; never the book's folder, which gets shared.
 */
#ifndef MAZEBOOK_SIGN_H
#define MAZEBOOK_SIGN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mazebook/base/error.h"
#include "mazebook/sign/minisign.h"
#include "mazebook/sign/verify.h"

#define MB_SIGN_PUBLIC_KEY_NAME "mazebook.pub"
#define MB_SIGN_SECRET_KEY_NAME "mazebook.key"
#define MB_SIGN_SUFFIX ".minisig"
#define MB_SIGN_KEY_DIR_ENV "MAZEBOOK_KEY_DIR"

/*
 * The default path of a key file NAME (MB_SIGN_PUBLIC_KEY_NAME or
 * MB_SIGN_SECRET_KEY_NAME) in the default key folder above, as a new
 * string the caller frees; NULL when neither $MAZEBOOK_KEY_DIR,
 * $XDG_CONFIG_HOME nor $HOME is set.
 */
char *mb_sign_default_key_path(const char *name);

/*
 * Create a new key pair: the secret key at secret_key_path (mode 0600,
 * created exclusively) and the public key at public_key_path (mode 0644),
 * creating missing parent folders with mode 0700. Without force, an
 * existing file at either path is an MB_ERR_IO error and nothing is
 * written; with force, each file is written to a temporary file and
 * renamed over the old one. keyid_hex (17 chars, may be NULL) receives the
 * new key id as minisign prints it. The secret key is never printed.
 */
enum mb_status mb_sign_keygen(const char *public_key_path, const char *secret_key_path,
			      bool force, char *keyid_hex, struct mb_error *err);

/*
 * Sign the file at path with the secret key at secret_key_path, writing
 * path + ".minisig" (a temporary file renamed into place, mode 0644) in
 * minisign's current prehashed format ("ED"). trusted_comment (NULL: the
 * one minisign writes, "timestamp:<unix time>\tfile:<base name>\thashed")
 * is signed too and must pass mb_minisign_check_trusted_comment.
 * Errors: MB_ERR_IO (a file cannot be read or written), MB_ERR_INPUT (not
 * a secret key, a password-protected one, a damaged one, or one whose file
 * group or others can read: the message says to run chmod 600).
 */
enum mb_status mb_sign_file(const char *path, const char *secret_key_path,
			    const char *trusted_comment, struct mb_error *err);

/*
 * Load the secret key at secret_key_path as mb_sign_file would, and forget
 * it: lets a command refuse a bad key before hours of work rather than
 * after. Same errors as mb_sign_file's key part (a key file that group or
 * others can read is MB_ERR_INPUT, the message says to run chmod 600).
 */
enum mb_status mb_sign_check_secret_key(const char *secret_key_path, struct mb_error *err);

/*
 * The key id (17 chars, as minisign prints it) of the public key at
 * public_key_path, for the checklist's "signer:" line. With
 * secret_key_path (may be NULL) the two must be one pair: a public key
 * that cannot verify what the secret key signs is MB_ERR_INPUT, naming
 * both files and key ids. Errors as mb_sign_verify_file's for the files.
 */
enum mb_status mb_sign_public_key_id(const char *public_key_path, const char *secret_key_path,
				     char keyid_hex[17], struct mb_error *err);

/*
 * Verify the minisign signature at signature_path (NULL: path + ".minisig")
 * of the file at path against the public key at public_key_path. On MB_OK,
 * trusted_comment (MB_MINISIGN_TRUSTED_MAX chars, may be NULL) receives the
 * signed comment. MB_ERR_CHECK: the signature does not hold (the message
 * says whether the key id differs, the file changed or the trusted comment
 * changed); MB_ERR_IO / MB_ERR_INPUT: a file is unreadable or malformed.
 */
enum mb_status mb_sign_verify_file(const char *path, const char *signature_path,
				   const char *public_key_path, char *trusted_comment,
				   struct mb_error *err);

enum mb_sign_state {
	MB_SIGN_GOOD,		/* the signature holds / the file is unchanged */
	MB_SIGN_BAD,		/* the signature does not hold */
	MB_SIGN_CHANGED,	/* the file's sha256 or size differs from the checklist */
	MB_SIGN_MISSING,	/* the signature or file does not exist */
	MB_SIGN_UNREADABLE,	/* cannot be read, or is malformed */
	MB_SIGN_WRONG_KEY	/* the checklist names another signer than the key given */
};

struct mb_sign_part {
	char name[MB_VERIFY_NAME_MAX];	/* "signature" or a listed file name */
	enum mb_sign_state state;
	char detail[640];		/* e.g. "changed since the check (sha256 X != Y)" */
};

/* what mb_sign_verify_checklist found: large, so allocate it on the heap */
struct mb_sign_verification {
	bool checklist_parsed;		/* checklist below is valid */
	struct mb_verify_checklist checklist;
	size_t count;			/* parts[0] is the signature, then "signer" when
					 * the checklist names one, then each listed file */
	struct mb_sign_part parts[2 + MB_VERIFY_ENTRIES_MAX];
	size_t first_file;		/* the index of the first file's part */
};

/*
 * Check a signed checklist: its signature (checklist_path + ".minisig")
 * against the public key, that the key is the "signer:" the checklist
 * names (when it names one; a part "signer"), and that every file its
 * file:/spec: lines name (relative to the checklist's folder) still has
 * the recorded SHA-256 and size. The checklist is read once, and the bytes verified are the bytes
 * parsed. Every part is checked and reported in *v, even after one fails.
 * Returns MB_OK when the signature holds, every file is unchanged and the
 * recorded result is PASS; MB_ERR_CHECK when a part fails or the recorded
 * result is not PASS; MB_ERR_IO when the checklist or public key cannot be
 * read; MB_ERR_INPUT when either is malformed (err says where).
 */
enum mb_status mb_sign_verify_checklist(const char *checklist_path, const char *public_key_path,
					struct mb_sign_verification *v, struct mb_error *err);

#endif
