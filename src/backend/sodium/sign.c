/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The libsodium backend behind include/mazebook/backend/sign.h: Ed25519 signatures
 * in minisign's format, key generation and the checks of `mazebook verify`.
 * This is the only file that includes sodium.h. File formats are parsed by
 * the core (src/sign/minisign.c, src/sign/verify.c); this file adds the
 * cryptography and the file handling: secret keys are read only from
 * regular files that group and others cannot read, written only with
 * O_EXCL or through a temporary file, and wiped from memory after use.
 */
#include "config.h"
#include "mazebook/backend/sign.h"
#include "mazebook/base/sha256.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>

#include "mazebook/base/xalloc.h"
#include "mazebook/io/output.h"

static enum mb_status init_sodium(struct mb_error *err)
{
	if (sodium_init() < 0)
		return mb_error_set(err, MB_ERR_INTERNAL, "libsodium could not initialise");
	return MB_OK;
}

char *mb_sign_default_key_path(const char *name)
{
	const char *dir = getenv(MB_SIGN_KEY_DIR_ENV), *xdg = getenv("XDG_CONFIG_HOME"),
		   *home = getenv("HOME");

	if (dir && *dir)
		return xasprintf("%s/%s", dir, name);
	if (xdg && xdg[0] == '/')
		return xasprintf("%s/mazebook/%s", xdg, name);
	if (home && *home)
		return xasprintf("%s/.config/mazebook/%s", home, name);
	return NULL;
}

/*
 * Read a whole small file into buf (cap bytes). Refuses a file that is not
 * regular or is larger than cap. With secret set, also refuses one that
 * group or others may read or write.
 */
static enum mb_status read_small_file(const char *path, char *buf, size_t cap, size_t *len,
				      bool secret, const char *what, struct mb_error *err)
{
	struct stat st;
	/* O_NONBLOCK: opening a FIFO nobody writes to would block for ever */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	size_t n = 0;

	*len = 0;
	if (fd < 0)
		return mb_error_set(err, MB_ERR_IO, "cannot read %s '%s': %s", what, path,
				    strerror(errno));
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return mb_error_set(err, MB_ERR_IO, "cannot read %s '%s': not a regular file",
				    what, path);
	}
	if (secret && (st.st_mode & 077)) {
		close(fd);
		return mb_error_set(err, MB_ERR_INPUT,
				    "secret key '%s' is accessible by group or others (mode %04o); "
				    "make it private with 'chmod 600 %s'", path,
				    (unsigned)(st.st_mode & 07777), path);
	}
	if ((uintmax_t)st.st_size > cap) {
		close(fd);
		return mb_error_set(err, MB_ERR_INPUT, "'%s' is too large to be a %s (%jd bytes)",
				    path, what, (intmax_t)st.st_size);
	}
	for (;;) {
		ssize_t r = read(fd, buf + n, cap - n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int e = errno;

			close(fd);
			return mb_error_set(err, MB_ERR_IO, "cannot read %s '%s': %s", what, path,
					    strerror(e));
		}
		if (r == 0)
			break;
		n += (size_t)r;
		if (n == cap) {	/* grew while we read it */
			close(fd);
			return mb_error_set(err, MB_ERR_INPUT, "'%s' is too large to be a %s",
					    path, what);
		}
	}
	close(fd);
	*len = n;
	return MB_OK;
}

static enum mb_status write_all(int fd, const char *data, size_t len, const char *path,
				struct mb_error *err)
{
	while (len) {
		ssize_t w = write(fd, data, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return mb_error_set(err, MB_ERR_IO, "cannot write '%s': %s", path,
					    strerror(errno));
		data += w;
		len -= (size_t)w;
	}
	if (fsync(fd) < 0 && errno != EINVAL)
		return mb_error_set(err, MB_ERR_IO, "cannot write '%s': %s", path, strerror(errno));
	return MB_OK;
}

/* write data to a temporary file next to path, then rename it over path */
static enum mb_status replace_file(const char *path, const char *data, size_t len, mode_t mode,
				   struct mb_error *err)
{
	struct mb_output out;

	if (mb_output_begin(&out, path, true, (int)mode, err) != MB_OK)
		return MB_ERR_IO;
	fwrite(data, 1, len, out.fp);	/* a short write shows in the stream's error flag */
	return mb_output_commit(&out, err);
}

/* create path exclusively (never replacing a file) with mode and write data */
static enum mb_status create_file(const char *path, const char *data, size_t len, mode_t mode,
				  struct mb_error *err)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, mode);
	enum mb_status st;

	if (fd < 0)
		return mb_error_set(err, MB_ERR_IO, "cannot create '%s': %s%s", path,
				    strerror(errno),
				    errno == EEXIST ? " (use --force to replace the key pair)" : "");
	st = fchmod(fd, mode) < 0 ? mb_error_set(err, MB_ERR_IO, "cannot set the mode of '%s': %s",
						 path, strerror(errno))
				  : write_all(fd, data, len, path, err);
	if (close(fd) < 0 && st == MB_OK)
		st = mb_error_set(err, MB_ERR_IO, "cannot write '%s': %s", path, strerror(errno));
	if (st != MB_OK)
		unlink(path);
	return st;
}

/* create the folders leading to path that are missing, mode 0700 */
static enum mb_status make_parents(const char *path, struct mb_error *err)
{
	char *dir = xstrdup(path);
	enum mb_status st = MB_OK;

	for (char *p = dir + 1; *p && st == MB_OK; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0700) < 0 && errno != EEXIST)
			st = mb_error_set(err, MB_ERR_IO, "cannot create the folder '%s': %s", dir,
					  strerror(errno));
		*p = '/';
	}
	free(dir);
	return st;
}

static bool file_exists(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0;
}

static void compute_checksum(const struct mb_minisign_secret_key *key,
			     unsigned char out[MB_MINISIGN_CHECKSUM_BYTES])
{
	crypto_generichash_state hs;

	crypto_generichash_init(&hs, NULL, 0, MB_MINISIGN_CHECKSUM_BYTES);
	crypto_generichash_update(&hs, (const unsigned char *)"Ed", 2);
	crypto_generichash_update(&hs, key->keyid, MB_MINISIGN_KEYID_BYTES);
	crypto_generichash_update(&hs, key->sk, MB_MINISIGN_SECRETKEY_BYTES);
	crypto_generichash_final(&hs, out, MB_MINISIGN_CHECKSUM_BYTES);
	sodium_memzero(&hs, sizeof(hs));
}

enum mb_status mb_sign_keygen(const char *public_key_path, const char *secret_key_path,
			      bool force, char *keyid_hex, struct mb_error *err)
{
	struct mb_minisign_secret_key sk;
	struct mb_minisign_public_key pk;
	char *sk_text, *pk_text;
	enum mb_status st;

	if (init_sodium(err))
		return MB_ERR_INTERNAL;
	if (!strcmp(public_key_path, secret_key_path))
		return mb_error_set(err, MB_ERR_INPUT,
				    "the public and the secret key cannot both be '%s'",
				    public_key_path);
	if (!force) {
		const char *p = file_exists(secret_key_path) ? secret_key_path
			      : file_exists(public_key_path) ? public_key_path : NULL;

		if (p)
			return mb_error_set(err, MB_ERR_IO,
					    "'%s' already exists: keygen never replaces a key "
					    "(use --force to replace the key pair; what was "
					    "signed with the old key then no longer verifies "
					    "with the new public key)", p);
	}
	if (make_parents(secret_key_path, err) || make_parents(public_key_path, err))
		return MB_ERR_IO;

	randombytes_buf(sk.keyid, sizeof(sk.keyid));
	crypto_sign_keypair(pk.pk, sk.sk);
	memcpy(pk.keyid, sk.keyid, sizeof(pk.keyid));
	compute_checksum(&sk, sk.checksum);
	sk_text = mb_minisign_format_secret_key(&sk);
	sodium_memzero(&sk, sizeof(sk));
	pk_text = mb_minisign_format_public_key(&pk);

	if (force)
		st = replace_file(secret_key_path, sk_text, strlen(sk_text), 0600, err);
	else
		st = create_file(secret_key_path, sk_text, strlen(sk_text), 0600, err);
	sodium_memzero(sk_text, strlen(sk_text));
	free(sk_text);
	if (st == MB_OK) {
		if (force)
			st = replace_file(public_key_path, pk_text, strlen(pk_text), 0644, err);
		else
			st = create_file(public_key_path, pk_text, strlen(pk_text), 0644, err);
		/* without its public key a new secret key is useless: remove it */
		if (st != MB_OK && !force)
			unlink(secret_key_path);
	}
	free(pk_text);
	if (st == MB_OK && keyid_hex)
		mb_minisign_keyid_hex(pk.keyid, keyid_hex);
	return st;
}

/* load an unencrypted secret key and check that it is whole */
static enum mb_status load_secret_key(const char *path, struct mb_minisign_secret_key *key,
				      struct mb_error *err)
{
	char buf[MB_MINISIGN_FILE_MAX];
	unsigned char chk[MB_MINISIGN_CHECKSUM_BYTES], zero[MB_MINISIGN_CHECKSUM_BYTES] = { 0 };
	unsigned char pk[crypto_sign_PUBLICKEYBYTES], sk[crypto_sign_SECRETKEYBYTES];
	size_t len;
	enum mb_status st = read_small_file(path, buf, sizeof(buf), &len, true, "secret key", err);

	if (st == MB_OK)
		st = mb_minisign_parse_secret_key(buf, len, path, key, err);
	sodium_memzero(buf, sizeof(buf));
	if (st != MB_OK)
		return st;
	/* minisign -W writes no checksum (all zero); any other must match */
	compute_checksum(key, chk);
	if (sodium_memcmp(key->checksum, zero, sizeof(zero)) != 0 &&
	    sodium_memcmp(key->checksum, chk, sizeof(chk)) != 0)
		st = mb_error_set(err, MB_ERR_INPUT,
				  "secret key '%s' is damaged (its checksum does not match)", path);
	/* the second half of an Ed25519 secret key is the public key of the first */
	crypto_sign_seed_keypair(pk, sk, key->sk);
	if (st == MB_OK && sodium_memcmp(sk, key->sk, sizeof(sk)) != 0)
		st = mb_error_set(err, MB_ERR_INPUT,
				  "secret key '%s' is damaged (its halves do not match)", path);
	sodium_memzero(sk, sizeof(sk));
	sodium_memzero(chk, sizeof(chk));
	if (st != MB_OK)
		sodium_memzero(key, sizeof(*key));
	return st;
}

enum mb_status mb_sign_check_secret_key(const char *secret_key_path, struct mb_error *err)
{
	struct mb_minisign_secret_key key;
	enum mb_status st;

	if (init_sodium(err))
		return MB_ERR_INTERNAL;
	st = load_secret_key(secret_key_path, &key, err);
	sodium_memzero(&key, sizeof(key));
	return st;
}

static enum mb_status load_public_key(const char *path, struct mb_minisign_public_key *key,
				      struct mb_error *err)
{
	char buf[MB_MINISIGN_FILE_MAX];
	size_t len;
	enum mb_status st = read_small_file(path, buf, sizeof(buf), &len, false, "public key", err);

	return st ? st : mb_minisign_parse_public_key(buf, len, path, key, err);
}

enum mb_status mb_sign_public_key_id(const char *public_key_path, const char *secret_key_path,
				     char keyid_hex[17], struct mb_error *err)
{
	struct mb_minisign_public_key pk;
	struct mb_minisign_secret_key sk;
	enum mb_status st;

	if (init_sodium(err))
		return MB_ERR_INTERNAL;
	st = load_public_key(public_key_path, &pk, err);
	if (st != MB_OK)
		return st;
	mb_minisign_keyid_hex(pk.keyid, keyid_hex);
	if (!secret_key_path)
		return MB_OK;
	st = load_secret_key(secret_key_path, &sk, err);
	/* an Ed25519 secret key ends with its public key */
	if (st == MB_OK && (memcmp(sk.keyid, pk.keyid, sizeof(pk.keyid)) ||
			    memcmp(sk.sk + sizeof(sk.sk) - sizeof(pk.pk), pk.pk, sizeof(pk.pk)))) {
		char secret_id[17];

		mb_minisign_keyid_hex(sk.keyid, secret_id);
		st = mb_error_set(err, MB_ERR_INPUT,
				  "the public key '%s' (key %s) is not the pair of the secret key "
				  "'%s' (key %s): it could not verify the signature; put the "
				  "matching public key beside the secret key", public_key_path,
				  keyid_hex, secret_key_path, secret_id);
	}
	sodium_memzero(&sk, sizeof(sk));
	return st;
}

/* BLAKE2b-512 of a file, streaming: the message an "ED" signature signs */
static enum mb_status prehash_file(const char *path, unsigned char out[MB_MINISIGN_PREHASH_BYTES],
				   struct mb_error *err)
{
	crypto_generichash_state hs;
	unsigned char buf[65536];
	/* O_NONBLOCK: opening a FIFO nobody writes to would block for ever */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	struct stat sb;
	FILE *fp;
	size_t n;
	enum mb_status st = MB_OK;

	if (fd < 0)
		return mb_error_set(err, MB_ERR_IO, "cannot read '%s': %s", path, strerror(errno));
	if (fstat(fd, &sb) < 0 || !S_ISREG(sb.st_mode)) {
		close(fd);
		return mb_error_set(err, MB_ERR_IO, "cannot read '%s': not a regular file", path);
	}
	fp = fdopen(fd, "rb");
	if (!fp) {
		int e = errno;

		close(fd);
		return mb_error_set(err, MB_ERR_IO, "cannot read '%s': %s", path, strerror(e));
	}
	crypto_generichash_init(&hs, NULL, 0, MB_MINISIGN_PREHASH_BYTES);
	while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
		crypto_generichash_update(&hs, buf, n);
	if (ferror(fp))
		st = mb_error_set(err, MB_ERR_IO, "cannot read '%s': %s", path, strerror(errno));
	fclose(fp);
	crypto_generichash_final(&hs, out, MB_MINISIGN_PREHASH_BYTES);
	return st;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

enum mb_status mb_sign_file(const char *path, const char *secret_key_path,
			    const char *trusted_comment, struct mb_error *err)
{
	struct mb_minisign_secret_key key;
	struct mb_minisign_signature *sig;
	unsigned char hash[MB_MINISIGN_PREHASH_BYTES], *signed_part;
	char keyid[17], *untrusted, *text, *sig_path;
	size_t tclen;
	enum mb_status st;

	if (init_sodium(err))
		return MB_ERR_INTERNAL;
	sig = xcalloc(1, sizeof(*sig));
	if (trusted_comment)
		snprintf(sig->trusted_comment, sizeof(sig->trusted_comment), "%s",
			 trusted_comment);
	else
		snprintf(sig->trusted_comment, sizeof(sig->trusted_comment),
			 "timestamp:%lld\tfile:%s\thashed", (long long)time(NULL),
			 base_name(path));
	if ((trusted_comment && strlen(trusted_comment) >= sizeof(sig->trusted_comment)) ||
	    mb_minisign_check_trusted_comment(sig->trusted_comment, err)) {
		free(sig);
		return mb_error_set(err, MB_ERR_INPUT,
				    "trusted comment too long (at most %d bytes)",
				    MB_MINISIGN_TRUSTED_MAX - 1);
	}
	st = prehash_file(path, hash, err);
	if (st == MB_OK)
		st = load_secret_key(secret_key_path, &key, err);
	if (st != MB_OK) {
		free(sig);
		return st;
	}
	sig->prehashed = true;
	memcpy(sig->keyid, key.keyid, sizeof(sig->keyid));
	crypto_sign_detached(sig->sig, NULL, hash, sizeof(hash), key.sk);
	tclen = strlen(sig->trusted_comment);
	signed_part = xmalloc(sizeof(sig->sig) + tclen);
	memcpy(signed_part, sig->sig, sizeof(sig->sig));
	memcpy(signed_part + sizeof(sig->sig), sig->trusted_comment, tclen);
	crypto_sign_detached(sig->global_sig, NULL, signed_part, sizeof(sig->sig) + tclen, key.sk);
	/* check against the public half before writing anything */
	if (crypto_sign_verify_detached(sig->sig, hash, sizeof(hash), key.sk + 32) != 0 ||
	    crypto_sign_verify_detached(sig->global_sig, signed_part, sizeof(sig->sig) + tclen,
					key.sk + 32) != 0)
		BUG("a fresh signature does not verify");
	sodium_memzero(&key, sizeof(key));
	free(signed_part);

	mb_minisign_keyid_hex(sig->keyid, keyid);
	untrusted = xasprintf("signature from mazebook secret key %s", keyid);
	text = mb_minisign_format_signature(sig, untrusted);
	sig_path = xasprintf("%s%s", path, MB_SIGN_SUFFIX);
	st = replace_file(sig_path, text, strlen(text), 0644, err);
	free(sig_path);
	free(text);
	free(untrusted);
	free(sig);
	return st;
}

/*
 * Check sig over msg (the BLAKE2b-512 prehash for "ED", the message itself
 * for legacy "Ed") and its trusted comment, against pk. MB_ERR_CHECK says
 * which part does not hold.
 */
static enum mb_status check_signature(const struct mb_minisign_signature *sig,
				      const struct mb_minisign_public_key *pk,
				      const unsigned char *msg, size_t len, const char *what,
				      struct mb_error *err)
{
	size_t tclen = strlen(sig->trusted_comment);
	unsigned char *signed_part;
	int bad;

	if (memcmp(sig->keyid, pk->keyid, sizeof(pk->keyid))) {
		char a[17], b[17];

		mb_minisign_keyid_hex(sig->keyid, a);
		mb_minisign_keyid_hex(pk->keyid, b);
		return mb_error_set(err, MB_ERR_CHECK,
				    "signed by key %s, but the public key is %s", a, b);
	}
	if (crypto_sign_verify_detached(sig->sig, msg, len, pk->pk) != 0)
		return mb_error_set(err, MB_ERR_CHECK,
				    "%s is not what was signed (changed since it was signed)",
				    what);
	signed_part = xmalloc(sizeof(sig->sig) + tclen);
	memcpy(signed_part, sig->sig, sizeof(sig->sig));
	memcpy(signed_part + sizeof(sig->sig), sig->trusted_comment, tclen);
	bad = crypto_sign_verify_detached(sig->global_sig, signed_part, sizeof(sig->sig) + tclen,
					  pk->pk);
	free(signed_part);
	if (bad)
		return mb_error_set(err, MB_ERR_CHECK,
				    "the trusted comment is not what was signed");
	return MB_OK;
}

static enum mb_status load_signature(const char *path, struct mb_minisign_signature *sig,
				     struct mb_error *err)
{
	char *buf = xmalloc(MB_MINISIGN_FILE_MAX);
	size_t len;
	enum mb_status st = read_small_file(path, buf, MB_MINISIGN_FILE_MAX, &len, false,
					    "signature", err);

	if (st == MB_OK)
		st = mb_minisign_parse_signature(buf, len, path, sig, err);
	free(buf);
	return st;
}

/* read a file of at most max bytes into a new buffer */
static enum mb_status read_bounded(const char *path, size_t max, char **out, size_t *len,
				   const char *what, struct mb_error *err)
{
	char *buf = xmalloc(max + 1);
	enum mb_status st = read_small_file(path, buf, max + 1, len, false, what, err);

	if (st != MB_OK) {
		free(buf);
		return st;
	}
	*out = buf;
	return MB_OK;
}

enum mb_status mb_sign_verify_file(const char *path, const char *signature_path,
				   const char *public_key_path, char *trusted_comment,
				   struct mb_error *err)
{
	struct mb_minisign_public_key pk;
	struct mb_minisign_signature *sig = xcalloc(1, sizeof(*sig));
	char *sig_path = signature_path ? xstrdup(signature_path)
					: xasprintf("%s%s", path, MB_SIGN_SUFFIX);
	unsigned char hash[MB_MINISIGN_PREHASH_BYTES];
	char *msg = NULL;
	size_t len = 0;
	struct mb_error bad;
	enum mb_status st = init_sodium(err);

	mb_error_init(&bad);
	if (st == MB_OK)
		st = load_public_key(public_key_path, &pk, err);
	if (st == MB_OK)
		st = load_signature(sig_path, sig, err);
	if (st == MB_OK && sig->prehashed) {
		st = prehash_file(path, hash, err);
		if (st == MB_OK)
			st = check_signature(sig, &pk, hash, sizeof(hash), path, &bad);
	} else if (st == MB_OK) {
		st = read_bounded(path, MB_VERIFY_CHECKLIST_MAX, &msg, &len, "signed file", err);
		if (st == MB_OK)
			st = check_signature(sig, &pk, (unsigned char *)msg, len, path, &bad);
		free(msg);
	}
	if (bad.code != MB_OK)
		mb_error_set(err, bad.code, "bad signature '%s': %s", sig_path, bad.message);
	if (st == MB_OK && trusted_comment)
		memcpy(trusted_comment, sig->trusted_comment, sizeof(sig->trusted_comment));
	free(sig_path);
	free(sig);
	return st;
}

/* SHA-256 of a file (core); *missing is set when it does not exist */
static enum mb_status sha256_path(const char *path, char hex[65], uint64_t *bytes,
				  bool *missing, struct mb_error *err)
{
	unsigned long long n = 0;
	enum mb_status st = mb_sha256_file(path, hex, &n, err);

	*missing = st != MB_OK && access(path, F_OK) != 0 && errno == ENOENT;
	*bytes = n;
	return st;
}

static void set_part(struct mb_sign_part *p, const char *name, enum mb_sign_state state,
		     const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void set_part(struct mb_sign_part *p, const char *name, enum mb_sign_state state,
		     const char *fmt, ...)
{
	va_list ap;

	snprintf(p->name, sizeof(p->name), "%s", name);
	p->state = state;
	va_start(ap, fmt);
	vsnprintf(p->detail, sizeof(p->detail), fmt, ap);
	va_end(ap);
}

/* check the signature of the checklist text already in memory */
static void verify_checklist_signature(const char *checklist_path, const char *text, size_t len,
				       const struct mb_minisign_public_key *pk,
				       struct mb_sign_part *part)
{
	struct mb_minisign_signature *sig = xcalloc(1, sizeof(*sig));
	char *sig_path = xasprintf("%s%s", checklist_path, MB_SIGN_SUFFIX);
	unsigned char hash[MB_MINISIGN_PREHASH_BYTES];
	struct mb_error e;
	char buf[MB_ERROR_FILE_MAX + MB_ERROR_MESSAGE_MAX + 32];

	mb_error_init(&e);
	if (!file_exists(sig_path)) {
		set_part(part, "signature", MB_SIGN_MISSING, "missing (no '%s')", sig_path);
	} else if (load_signature(sig_path, sig, &e) != MB_OK) {
		set_part(part, "signature", MB_SIGN_UNREADABLE, "unreadable: %s",
			 mb_error_format(&e, buf, sizeof(buf)));
	} else {
		const unsigned char *msg = (const unsigned char *)text;
		size_t n = len;

		if (sig->prehashed) {
			crypto_generichash(hash, sizeof(hash), msg, len, NULL, 0);
			msg = hash;
			n = sizeof(hash);
		}
		if (check_signature(sig, pk, msg, n, "the checklist", &e) != MB_OK) {
			set_part(part, "signature", MB_SIGN_BAD, "bad: %s", e.message);
		} else {
			char keyid[17];

			mb_minisign_keyid_hex(sig->keyid, keyid);
			set_part(part, "signature", MB_SIGN_GOOD,
				 "good (key %s, trusted comment: %.500s)", keyid,
				 sig->trusted_comment);
		}
	}
	free(sig_path);
	free(sig);
}

/* the folder part of path, with its slash ("" for a bare name) */
static char *folder_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	size_t n = slash ? (size_t)(slash - path) + 1 : 0;
	char *dir = xmalloc(n + 1);

	memcpy(dir, path, n);
	dir[n] = '\0';
	return dir;
}

static void verify_entry(const char *dir, const struct mb_verify_entry *e,
			 struct mb_sign_part *part)
{
	char *path = xasprintf("%s%s", dir, e->name), hex[65];
	uint64_t bytes = 0;
	bool missing;
	struct mb_error fe;

	mb_error_init(&fe);
	if (sha256_path(path, hex, &bytes, &missing, &fe) != MB_OK) {
		if (missing)
			set_part(part, e->name, MB_SIGN_MISSING, "missing (no '%s')", path);
		else
			set_part(part, e->name, MB_SIGN_UNREADABLE, "unreadable: %s", fe.message);
	} else if (bytes != e->bytes) {
		set_part(part, e->name, MB_SIGN_CHANGED,
			 "changed since the check (sha256 %s != %s; %" PRIu64 " != %" PRIu64
			 " bytes)", hex, e->sha256, bytes, e->bytes);
	} else if (strcmp(hex, e->sha256)) {
		set_part(part, e->name, MB_SIGN_CHANGED, "changed since the check (sha256 %s != %s)",
			 hex, e->sha256);
	} else {
		set_part(part, e->name, MB_SIGN_GOOD, "unchanged (sha256 %.16s..., %" PRIu64
			 " bytes)", hex, bytes);
	}
	free(path);
}

enum mb_status mb_sign_verify_checklist(const char *checklist_path, const char *public_key_path,
					struct mb_sign_verification *v, struct mb_error *err)
{
	struct mb_minisign_public_key pk;
	char *text = NULL, *dir;
	size_t len;
	enum mb_status st;
	bool all_good;

	memset(v, 0, sizeof(*v));
	if (init_sodium(err))
		return MB_ERR_INTERNAL;
	st = load_public_key(public_key_path, &pk, err);
	if (st == MB_OK)
		st = read_bounded(checklist_path, MB_VERIFY_CHECKLIST_MAX, &text, &len, "checklist",
				  err);
	if (st != MB_OK)
		return st;
	verify_checklist_signature(checklist_path, text, len, &pk, &v->parts[0]);
	v->count = 1;
	all_good = v->parts[0].state == MB_SIGN_GOOD;
	st = mb_verify_parse_checklist(text, len, checklist_path, &v->checklist, err);
	free(text);
	if (st != MB_OK)
		return st;
	v->checklist_parsed = true;
	if (v->checklist.signer[0]) {
		/* the key the builder signed with, recorded under the signature */
		char keyid[17];

		mb_minisign_keyid_hex(pk.keyid, keyid);
		if (strcmp(keyid, v->checklist.signer))
			set_part(&v->parts[v->count], "signer", MB_SIGN_WRONG_KEY,
				 "the checklist was signed by key %s, the public key '%s' is key %s",
				 v->checklist.signer, public_key_path, keyid);
		else
			set_part(&v->parts[v->count], "signer", MB_SIGN_GOOD,
				 "key %s, the public key given", keyid);
		all_good = all_good && v->parts[v->count].state == MB_SIGN_GOOD;
		v->count++;
	}
	v->first_file = v->count;
	dir = folder_of(checklist_path);
	for (size_t i = 0; i < v->checklist.count; i++) {
		verify_entry(dir, &v->checklist.entries[i], &v->parts[v->count]);
		all_good = all_good && v->parts[v->count].state == MB_SIGN_GOOD;
		v->count++;
	}
	free(dir);
	if (!all_good) {
		size_t failed = 0;

		size_t files = 0;
		const char *first = NULL;

		for (size_t i = v->first_file; i < v->count; i++) {
			files++;
			if (v->parts[i].state != MB_SIGN_GOOD && !failed++)
				first = v->parts[i].name;
		}
		return mb_error_set(err, MB_ERR_CHECK,
				    "'%s' does not verify: signature %s%s, %zu of %zu files "
				    "changed, missing or unreadable%s%.256s%s", checklist_path,
				    v->parts[0].state == MB_SIGN_GOOD ? "good" : "NOT good",
				    v->first_file > 1 && v->parts[1].state != MB_SIGN_GOOD
				    ? " (another signer)" : "", failed, files, first ? " (first: " : "", first ? first : "",
				    first ? ")" : "");
	}
	if (!v->checklist.passed)
		return mb_error_set(err, MB_ERR_CHECK,
				    "'%s' verifies, but its recorded result is not PASS: %s",
				    checklist_path, v->checklist.result);
	return MB_OK;
}
