/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Signing in `mazebook build`: the key pair (made on first use), the two
 * checklists that vouch for every file, and the commit that signs the
 * checklist and puts every file in place back to back.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mazebook/base/xalloc.h"

#include "build.h"

/* a usable secret key, and beside it its own public key (else verify could never pass) */
static enum mb_status check_key_pair(struct build *b, struct mb_error *err)
{
	char keyid[17];
	enum mb_status st = mb_sign_check_secret_key(b->key_path, err);

	return st ? st : mb_sign_public_key_id(b->public_key_path, b->key_path, keyid, err);
}

/* the default key pair is made on first use, so a fresh machine can build */
enum mb_status build_find_key(struct build *b, const char *key_opt, struct mb_error *err)
{
	char keyid[32];

	if (key_opt) {
		/* a bad key (unreadable, damaged, readable by others) fails now, not after the work */
		char *dot = strrchr(key_opt, '.');

		b->key_path = xstrdup(key_opt);
		/* its public key is expected beside it as .pub, and must be its pair */
		b->public_key_path = dot && !strchr(dot, '/')
				     ? xasprintf("%.*s.pub", (int)(dot - key_opt), key_opt)
				     : xasprintf("%s.pub", key_opt);
		return check_key_pair(b, err);
	}
	b->key_path = mb_sign_default_key_path(MB_SIGN_SECRET_KEY_NAME);
	b->public_key_path = mb_sign_default_key_path(MB_SIGN_PUBLIC_KEY_NAME);
	if (!b->key_path || !b->public_key_path)
		return mb_error_set(err, MB_ERR_INPUT,
				    "no folder for the signing key ($MAZEBOOK_KEY_DIR and $HOME are unset): give --key");
	if (!access(b->key_path, F_OK))
		return check_key_pair(b, err);
	{
		char *dir = xstrdup(b->key_path);
		char *slash = strrchr(dir, '/');
		enum mb_status st = MB_OK;

		if (slash) {
			*slash = '\0';
			st = mb_output_mkdirs(dir, err);
		}
		free(dir);
		if (st)
			return st;
	}
	if (mb_sign_keygen(b->public_key_path, b->key_path, false, keyid, err))
		return err ? err->code : MB_ERR_IO;
	b->key_created = true;
	return MB_OK;
}

/* a copy of the public key beside the checklist, for `minisign -V` and `verify` */
static enum mb_status copy_public_key(struct build *b, struct mb_error *err)
{
	return build_copy_into(b->public_key_path, b->tx.files[FILE_PUBLIC_KEY].fp, err);
}

/* hash the written file f under its final name into the checklist */
static enum mb_status hash_into_checklist(struct build *b, enum build_file f, struct mb_error *err)
{
	char hex[MB_SHA256_HEX_SIZE];
	unsigned long long bytes;
	enum mb_status st;

	if (b->tx.files[f].fp && fflush(b->tx.files[f].fp))
		return mb_error_set(err, MB_ERR_IO, "cannot write '%s': %s",
				    b->tx.files[f].final_path, strerror(errno));
	st = mb_sha256_file(b->tx.files[f].temp_path, hex, &bytes, err);
	if (st)
		return st;
	mb_checklist_add_file(&b->checklist, "file", file_names[f], hex, bytes);
	return MB_OK;
}

/*
 * The signed checklist vouches for every file the build writes: the PDFs
 * and the spec (hashed by the preflight), the manifest, the previews, the
 * public key (and its key id as "signer:") and checklist.json. The JSON
 * is written whole before checklist.txt hashes it, so it cannot list
 * itself; checklist.txt, the signed file, lists it.
 */
enum mb_status build_write_checklists(struct build *b, struct mb_error *err)
{
	static const enum build_file covered[] = { FILE_MANIFEST, FILE_COVER_PREVIEW,
						   FILE_PAGE_PREVIEW, FILE_BOOK_PREVIEW,
						   FILE_PUBLIC_KEY };
	enum mb_status st = copy_public_key(b, err);
	char *text, *json;

	if (!st && fflush(b->tx.files[FILE_PUBLIC_KEY].fp))
		st = mb_error_set(err, MB_ERR_IO, "cannot write '%s': %s",
				  b->tx.files[FILE_PUBLIC_KEY].final_path, strerror(errno));
	/* the copy in the folder is what verify will be given: the key id comes from it */
	if (!st)
		st = mb_sign_public_key_id(b->tx.files[FILE_PUBLIC_KEY].temp_path, b->key_path,
					   b->checklist.signer, err);
	for (size_t i = 0; !st && i < sizeof(covered) / sizeof(covered[0]); i++)
		st = hash_into_checklist(b, covered[i], err);
	if (st)
		return st;
	json = mb_checklist_json(&b->checklist);
	fputs(json, b->tx.files[FILE_CHECKLIST_JSON].fp);
	free(json);
	st = hash_into_checklist(b, FILE_CHECKLIST_JSON, err);
	if (st)
		return st;
	text = mb_checklist_text(&b->checklist);
	fputs(text, b->tx.files[FILE_CHECKLIST].fp);
	free(text);
	return MB_OK;
}

/*
 * Everything that can fail or take time happens before the first rename:
 * every file synced, the checklist signed under its temporary name (the
 * signed comment names the final file). Then the transaction renames them
 * back to back, the signature last, and syncs the folder so they survive
 * a power cut.
 */
enum mb_status build_commit_all(struct build *b, struct mb_error *err)
{
	const char *checklist;
	char comment[128], *signature;
	enum mb_status st = mb_transaction_sync(&b->tx, err);

	if (st)
		return st;
	checklist = b->tx.files[FILE_CHECKLIST].temp_path;
	snprintf(comment, sizeof(comment), "timestamp:%lld\tfile:%s\thashed",
		 (long long)time(NULL), file_names[FILE_CHECKLIST]);
	/* known to the transaction before it exists: a failed signing leaves nothing */
	signature = xasprintf("%s%s", checklist, MB_SIGN_SUFFIX);
	mb_transaction_add_last(&b->tx, signature, signature_name);
	free(signature);
	st = mb_sign_file(checklist, b->key_path, comment, err);
	return st ? st : mb_transaction_commit(&b->tx, err);
}
