/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * minisign's file formats (https://jedisct1.github.io/minisign/), read and
 * written without any cryptography so that the parsers of outside input
 * live in the core and can be tested and fuzzed alone. The signing itself
 * is in the libsodium backend (include/mazebook/backend/sign.h). Layouts, all
 * confirmed against minisign 0.11:
 *
 *   public key:  "untrusted comment: ...\n" base64("Ed" keyid[8] pk[32]) "\n"
 *   secret key:  "untrusted comment: ...\n" base64("Ed" kdf[2] "B2" salt[32]
 *                opslimit[8] memlimit[8] keyid[8] sk[64] checksum[32]) "\n"
 *                kdf "\0\0" = unencrypted (minisign -W; salt and limits are
 *                zero), "Sc" = scrypt with a password (refused: mazebook
 *                signs unattended). checksum = BLAKE2b-256("Ed" keyid sk);
 *                minisign -W leaves it all zero and does not check it.
 *   signature:   "untrusted comment: ...\n" base64("ED" keyid[8] sig[64]) "\n"
 *                "trusted comment: TEXT\n" base64(global_sig[64]) "\n"
 *                "ED": sig = Ed25519(BLAKE2b-512(file)); legacy "Ed": sig =
 *                Ed25519(file). global_sig = Ed25519(sig || TEXT).
 *
 * The key id is 8 random bytes, shown as minisign does: the bytes read as a
 * little-endian integer, printed as 16 upper-case hex digits.
 */
#ifndef MAZEBOOK_MINISIGN_H
#define MAZEBOOK_MINISIGN_H

#include <stdbool.h>
#include <stddef.h>

#include "mazebook/base/error.h"
#include "mazebook/base/limits.h"

#define MB_MINISIGN_KEYID_BYTES 8
#define MB_MINISIGN_PUBLICKEY_BYTES 32
#define MB_MINISIGN_SECRETKEY_BYTES 64	/* Ed25519 seed || public key */
#define MB_MINISIGN_SIGNATURE_BYTES 64
#define MB_MINISIGN_CHECKSUM_BYTES 32
#define MB_MINISIGN_PREHASH_BYTES 64	/* BLAKE2b-512 of the file for "ED" */
/* longest comment line, prefix included, as minisign reads them */
#define MB_MINISIGN_COMMENT_MAX 1024
/* longest trusted comment text (prefix excluded), with room for its NUL */
#define MB_MINISIGN_TRUSTED_MAX (8192 - 18)

#define MB_MINISIGN_UNTRUSTED_PREFIX "untrusted comment: "
#define MB_MINISIGN_TRUSTED_PREFIX "trusted comment: "

struct mb_minisign_public_key {
	unsigned char keyid[MB_MINISIGN_KEYID_BYTES];
	unsigned char pk[MB_MINISIGN_PUBLICKEY_BYTES];
};

/* an unencrypted secret key; wipe it with mb_minisign_wipe when done */
struct mb_minisign_secret_key {
	unsigned char keyid[MB_MINISIGN_KEYID_BYTES];
	unsigned char sk[MB_MINISIGN_SECRETKEY_BYTES];
	unsigned char checksum[MB_MINISIGN_CHECKSUM_BYTES];	/* all zero: none */
};

struct mb_minisign_signature {
	bool prehashed;		/* "ED" (current minisign) rather than legacy "Ed" */
	unsigned char keyid[MB_MINISIGN_KEYID_BYTES];
	unsigned char sig[MB_MINISIGN_SIGNATURE_BYTES];
	char trusted_comment[MB_MINISIGN_TRUSTED_MAX];	/* NUL-terminated */
	unsigned char global_sig[MB_MINISIGN_SIGNATURE_BYTES];
};

/*
 * Parse the text of a key or signature file (len bytes, need not be
 * NUL-terminated; CRLF line ends accepted; text after the last line that
 * the format needs is ignored, as minisign does). `file` names the file in
 * messages. Return MB_OK, or MB_ERR_INPUT with the line at fault.
 */
enum mb_status mb_minisign_parse_public_key(const char *text, size_t len, const char *file,
					    struct mb_minisign_public_key *key,
					    struct mb_error *err);
/* MB_ERR_INPUT also for a password-protected key (the message says how to remove the password) */
enum mb_status mb_minisign_parse_secret_key(const char *text, size_t len, const char *file,
					    struct mb_minisign_secret_key *key,
					    struct mb_error *err);
enum mb_status mb_minisign_parse_signature(const char *text, size_t len, const char *file,
					   struct mb_minisign_signature *sig,
					   struct mb_error *err);

/*
 * The text of each file, in a new string the caller frees (the secret key's
 * after mb_minisign_wipe). The signature's trusted comment must pass
 * mb_minisign_check_trusted_comment; untrusted_comment must be one line.
 */
char *mb_minisign_format_public_key(const struct mb_minisign_public_key *key);
char *mb_minisign_format_secret_key(const struct mb_minisign_secret_key *key);
char *mb_minisign_format_signature(const struct mb_minisign_signature *sig,
				   const char *untrusted_comment);

/*
 * A trusted comment minisign accepts: shorter than MB_MINISIGN_TRUSTED_MAX,
 * valid UTF-8, no control characters but tab. MB_OK or MB_ERR_INPUT.
 */
enum mb_status mb_minisign_check_trusted_comment(const char *text, struct mb_error *err);

/* the key id as minisign prints it, 16 upper-case hex digits and a NUL */
void mb_minisign_keyid_hex(const unsigned char keyid[MB_MINISIGN_KEYID_BYTES], char out[17]);

/* overwrite n bytes at p with zeros in a way the compiler keeps */
void mb_minisign_wipe(void *p, size_t n);

#endif
