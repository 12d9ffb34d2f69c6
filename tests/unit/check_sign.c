/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Signatures: base64, minisign's file formats, key generation, signing and
 * verifying, and the checklist reader behind `mazebook verify`. Every
 * tampering (message, signature, trusted comment, key id, listed file) must
 * be caught, and hostile input must give errors, never crashes.
 * Interoperability with the real minisign binary is tested in
 * tests/cli/cli_sign.sh.
 */
#include "config.h"

#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mazebook/backend/sign.h"
#include "mazebook/base/base64.h"
#include "mazebook/base/rng.h"
#include "mazebook/base/sha256.h"
#include "mazebook/base/xalloc.h"
#include "mazebook/sign/minisign.h"
#include "mazebook/sign/verify.h"

#include "check_main.h"

/* ---- helpers: a scratch folder per test ---- */

static char dir[64];

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st; (void)flag; (void)ftw;
	return remove(path);
}

static void setup_dir(void)
{
	snprintf(dir, sizeof(dir), "%s", "/tmp/mb-check-sign.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void teardown_dir(void)
{
	nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

static char *in_dir(const char *name)
{
	return xasprintf("%s/%s", dir, name);
}

static void write_text(const char *path, const char *text, size_t len)
{
	FILE *fp = fopen(path, "wb");

	ck_assert_ptr_nonnull(fp);
	ck_assert_uint_eq(fwrite(text, 1, len, fp), len);
	ck_assert_int_eq(fclose(fp), 0);
}

static char *read_text(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *buf = xmalloc(65536);

	ck_assert_ptr_nonnull(fp);
	*len = fread(buf, 1, 65535, fp);
	buf[*len] = '\0';
	fclose(fp);
	return buf;
}

/* make a key pair in dir as NAME.pub/NAME.key and return their paths */
static void make_keys(const char *name, char **pub, char **sec)
{
	struct mb_error err;
	char keyid[17];
	char *p = xasprintf("%s/%s.pub", dir, name), *s = xasprintf("%s/%s.key", dir, name);

	mb_error_init(&err);
	ck_assert_msg(mb_sign_keygen(p, s, false, keyid, &err) == MB_OK, "%s", err.message);
	ck_assert_uint_eq(strlen(keyid), 16);
	*pub = p;
	*sec = s;
}

/* ---- base64 ---- */

START_TEST(base64_rfc4648_vectors)
{
	static const char *const plain[] = { "", "f", "fo", "foo", "foob", "fooba", "foobar" };
	static const char *const coded[] = { "", "Zg==", "Zm8=", "Zm9v", "Zm9vYg==", "Zm9vYmE=",
					     "Zm9vYmFy" };
	char out[16];
	unsigned char back[16];
	size_t n;

	for (int i = 0; i < 7; i++) {
		ck_assert_uint_eq(mb_base64_encoded_len(strlen(plain[i])), strlen(coded[i]));
		mb_base64_encode((const unsigned char *)plain[i], strlen(plain[i]), out);
		ck_assert_str_eq(out, coded[i]);
		ck_assert_int_eq(mb_base64_decode(coded[i], strlen(coded[i]), back, sizeof(back), &n),
				 MB_OK);
		ck_assert_uint_eq(n, strlen(plain[i]));
		ck_assert(!memcmp(back, plain[i], n));
	}
}
END_TEST

START_TEST(base64_round_trip_every_length)
{
	unsigned char in[80], back[80];
	char text[120];
	size_t n;

	for (size_t len = 0; len <= sizeof(in); len++) {
		for (size_t i = 0; i < len; i++)
			in[i] = (unsigned char)(i * 37 + len * 11 + 255);
		mb_base64_encode(in, len, text);
		ck_assert_uint_eq(strlen(text), mb_base64_encoded_len(len));
		ck_assert_int_eq(mb_base64_decode(text, strlen(text), back, len, &n), MB_OK);
		ck_assert_uint_eq(n, len);
		ck_assert(!memcmp(in, back, len));
		/* one byte too little room is refused, not overrun */
		if (len)
			ck_assert_int_eq(mb_base64_decode(text, strlen(text), back, len - 1, &n),
					 MB_ERR_INPUT);
	}
}
END_TEST

START_TEST(base64_rejects_non_canonical)
{
	static const char *const bad[] = {
		"Zg=", "Zg", "Z", "Zg=a", "Z===", "====", "=Zg=", "Zm=v", "Zh==", "Zm9=",
		"Zm9v\n", "Zm 9", "Zm9v====", "Zg==Zg==", "Zm-v", "Zm_v", "Zm9\x80",
	};
	unsigned char out[16];
	size_t n;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(mb_base64_decode(bad[i], strlen(bad[i]), out, sizeof(out), &n) ==
			      MB_ERR_INPUT, "accepted '%s'", bad[i]);
	/* a NUL inside the text is just a bad character */
	ck_assert_int_eq(mb_base64_decode("Zm\0v", 4, out, sizeof(out), &n), MB_ERR_INPUT);
}
END_TEST

/* ---- keys, signing and verifying ---- */

START_TEST(keygen_modes_and_formats)
{
	char *pub, *sec, *text;
	struct stat st;
	struct mb_minisign_public_key pk;
	size_t len;
	struct mb_error err;

	make_keys("k", &pub, &sec);
	ck_assert_int_eq(stat(sec, &st), 0);
	ck_assert_uint_eq(st.st_mode & 07777, 0600);
	ck_assert_int_eq(stat(pub, &st), 0);
	ck_assert_uint_eq(st.st_mode & 07777, 0644);
	text = read_text(pub, &len);
	ck_assert(!strncmp(text, "untrusted comment: minisign public key ", 39));
	/* "Ed" || keyid || pk base64-encodes to a line starting "RW", like minisign's */
	ck_assert_ptr_nonnull(strstr(text, "\nRW"));
	mb_error_init(&err);
	ck_assert_int_eq(mb_minisign_parse_public_key(text, len, pub, &pk, &err), MB_OK);
	free(text);
	text = read_text(sec, &len);
	ck_assert(!strncmp(text, "untrusted comment: ", 19));
	ck_assert_ptr_nonnull(strstr(text, "\nRWQAAEIy"));	/* "Ed" "\0\0" "B2" */
	free(text);
	free(pub);
	free(sec);
}
END_TEST

START_TEST(keygen_never_overwrites_without_force)
{
	char *pub, *sec, *before, *after, *other;
	size_t n1, n2;
	struct mb_error err;

	make_keys("k", &pub, &sec);
	before = read_text(sec, &n1);
	mb_error_init(&err);
	ck_assert_int_eq(mb_sign_keygen(pub, sec, false, NULL, &err), MB_ERR_IO);
	ck_assert_ptr_nonnull(strstr(err.message, "already exists"));
	ck_assert_ptr_nonnull(strstr(err.message, "--force"));
	after = read_text(sec, &n2);
	ck_assert_str_eq(before, after);
	free(after);
	/* only the public key exists: still refused, and no secret key left behind */
	other = in_dir("other.key");
	mb_error_init(&err);
	ck_assert_int_eq(mb_sign_keygen(pub, other, false, NULL, &err), MB_ERR_IO);
	ck_assert_int_ne(access(other, F_OK), 0);
	/* --force replaces both, keeping the modes */
	mb_error_init(&err);
	ck_assert_int_eq(mb_sign_keygen(pub, sec, true, NULL, &err), MB_OK);
	after = read_text(sec, &n2);
	ck_assert_str_ne(before, after);
	free(before);
	free(after);
	free(other);
	free(pub);
	free(sec);
}
END_TEST

START_TEST(sign_verify_round_trip)
{
	char *pub, *sec, *msg = in_dir("checklist.txt"), *sig_path, *sig_text;
	char tc[MB_MINISIGN_TRUSTED_MAX];
	struct mb_error err;
	size_t len;
	struct stat st;

	make_keys("k", &pub, &sec);
	write_text(msg, "hello\n", 6);
	mb_error_init(&err);
	ck_assert_msg(mb_sign_file(msg, sec, "mazebook test\tcomment é", &err) == MB_OK, "%s",
		      err.message);
	sig_path = xasprintf("%s.minisig", msg);
	ck_assert_int_eq(stat(sig_path, &st), 0);
	ck_assert_uint_eq(st.st_mode & 07777, 0644);
	sig_text = read_text(sig_path, &len);
	ck_assert_ptr_nonnull(strstr(sig_text, "\nRU"));	/* "ED": prehashed */
	ck_assert_ptr_nonnull(strstr(sig_text, "\ntrusted comment: mazebook test\tcomment é\n"));
	mb_error_init(&err);
	ck_assert_msg(mb_sign_verify_file(msg, NULL, pub, tc, &err) == MB_OK, "%s", err.message);
	ck_assert_str_eq(tc, "mazebook test\tcomment é");
	/* the default trusted comment is minisign's */
	mb_error_init(&err);
	ck_assert_int_eq(mb_sign_file(msg, sec, NULL, &err), MB_OK);
	mb_error_init(&err);
	ck_assert_int_eq(mb_sign_verify_file(msg, NULL, pub, tc, &err), MB_OK);
	ck_assert(!strncmp(tc, "timestamp:", 10));
	ck_assert_ptr_nonnull(strstr(tc, "\tfile:checklist.txt\thashed"));
	/* an empty file signs too */
	write_text(msg, "", 0);
	ck_assert_int_eq(mb_sign_file(msg, sec, "x", NULL), MB_OK);
	ck_assert_int_eq(mb_sign_verify_file(msg, NULL, pub, NULL, NULL), MB_OK);
	free(sig_text);
	free(sig_path);
	free(msg);
	free(pub);
	free(sec);
}
END_TEST

START_TEST(tampered_message_fails)
{
	char *pub, *sec, *msg = in_dir("m.txt");
	struct mb_error err;

	make_keys("k", &pub, &sec);
	write_text(msg, "result: PASS\n", 13);
	ck_assert_int_eq(mb_sign_file(msg, sec, "c", NULL), MB_OK);
	write_text(msg, "result: FAIL\n", 13);
	mb_error_init(&err);
	ck_assert_int_eq(mb_sign_verify_file(msg, NULL, pub, NULL, &err), MB_ERR_CHECK);
	ck_assert_ptr_nonnull(strstr(err.message, "not what was signed"));
	write_text(msg, "result: PASS\n\n", 14);	/* one byte more */
	ck_assert_int_eq(mb_sign_verify_file(msg, NULL, pub, NULL, NULL), MB_ERR_CHECK);
	write_text(msg, "result: PASS\n", 13);
	ck_assert_int_eq(mb_sign_verify_file(msg, NULL, pub, NULL, NULL), MB_OK);
	free(msg);
	free(pub);
	free(sec);
}
END_TEST

/* rewrite line `line` (0-based) of the signature file through edit() */
static void edit_sig_line(const char *sig_path, int line, void (*edit)(char *))
{
	size_t len;
	char *text = read_text(sig_path, &len), *out = xmalloc(len + 64), *p = text;
	char buf[9000];
	size_t o = 0;

	for (int i = 0; *p; i++) {
		char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);

		memcpy(buf, p, n);
		buf[n] = '\0';
		if (i == line)
			edit(buf);
		o += (size_t)sprintf(out + o, "%s\n", buf);
		p += n + (nl ? 1 : 0);
	}
	write_text(sig_path, out, o);
	free(out);
	free(text);
}

static void flip_sig_byte(char *b64)
{
	unsigned char raw[80];
	size_t n;

	ck_assert_int_eq(mb_base64_decode(b64, strlen(b64), raw, sizeof(raw), &n), MB_OK);
	raw[40] ^= 1;	/* inside the Ed25519 signature */
	mb_base64_encode(raw, n, b64);
}

static void flip_keyid_byte(char *b64)
{
	unsigned char raw[80];
	size_t n;

	ck_assert_int_eq(mb_base64_decode(b64, strlen(b64), raw, sizeof(raw), &n), MB_OK);
	raw[3] ^= 0x80;	/* the key id */
	mb_base64_encode(raw, n, b64);
}

static void change_comment(char *line)
{
	strcpy(line, "trusted comment: result: PASS (forged)");
}

START_TEST(tampered_signature_fails)
{
	char *pub, *sec, *msg = in_dir("m.txt"), *sig = in_dir("m.txt.minisig");
	struct mb_error err;

	make_keys("k", &pub, &sec);
	write_text(msg, "abc", 3);
	ck_assert_int_eq(mb_sign_file(msg, sec, "c", NULL), MB_OK);
	edit_sig_line(sig, 1, flip_sig_byte);
	mb_error_init(&err);
	ck_assert_int_eq(mb_sign_verify_file(msg, NULL, pub, NULL, &err), MB_ERR_CHECK);
	/* the global signature too */
	ck_assert_int_eq(mb_sign_file(msg, sec, "c", NULL), MB_OK);
	edit_sig_line(sig, 3, flip_sig_byte);
	mb_error_init(&err);
	ck_assert_int_eq(mb_sign_verify_file(msg, NULL, pub, NULL, &err), MB_ERR_CHECK);
	ck_assert_ptr_nonnull(strstr(err.message, "trusted comment"));
	free(msg);
	free(sig);
	free(pub);
	free(sec);
}
END_TEST

START_TEST(tampered_trusted_comment_fails)
{
	char *pub, *sec, *msg = in_dir("m.txt"), *sig = in_dir("m.txt.minisig");
	struct mb_error err;

	make_keys("k", &pub, &sec);
	write_text(msg, "abc", 3);
	ck_assert_int_eq(mb_sign_file(msg, sec, "result: FAIL", NULL), MB_OK);
	edit_sig_line(sig, 2, change_comment);
	mb_error_init(&err);
	ck_assert_int_eq(mb_sign_verify_file(msg, NULL, pub, NULL, &err), MB_ERR_CHECK);
	ck_assert_ptr_nonnull(strstr(err.message, "trusted comment is not what was signed"));
	/* a comment that cannot be signed is refused before anything is written */
	ck_assert_int_eq(mb_sign_file(msg, sec, "two\nlines", NULL), MB_ERR_INPUT);
	ck_assert_int_eq(mb_sign_file(msg, sec, "bell\a", NULL), MB_ERR_INPUT);
	ck_assert_int_eq(mb_sign_file(msg, sec, "bad utf-8 \xc3", NULL), MB_ERR_INPUT);
	free(msg);
	free(sig);
	free(pub);
	free(sec);
}
END_TEST

START_TEST(wrong_key_or_key_id_fails)
{
	char *pub, *sec, *pub2, *sec2, *msg = in_dir("m.txt"), *sig = in_dir("m.txt.minisig");
	char *pubtext, *forged = in_dir("forged.pub");
	struct mb_minisign_public_key pk, pk2;
	struct mb_error err;
	size_t len;

	make_keys("a", &pub, &sec);
	make_keys("b", &pub2, &sec2);
	write_text(msg, "abc", 3);
	ck_assert_int_eq(mb_sign_file(msg, sec, "c", NULL), MB_OK);
	mb_error_init(&err);
	ck_assert_int_eq(mb_sign_verify_file(msg, NULL, pub2, NULL, &err), MB_ERR_CHECK);
	ck_assert_ptr_nonnull(strstr(err.message, "signed by key"));
	/* the other key, given the signer's key id: the signature itself fails */
	pubtext = read_text(pub, &len);
	ck_assert_int_eq(mb_minisign_parse_public_key(pubtext, len, pub, &pk, NULL), MB_OK);
	free(pubtext);
	pubtext = read_text(pub2, &len);
	ck_assert_int_eq(mb_minisign_parse_public_key(pubtext, len, pub2, &pk2, NULL), MB_OK);
	free(pubtext);
	memcpy(pk2.keyid, pk.keyid, sizeof(pk.keyid));
	pubtext = mb_minisign_format_public_key(&pk2);
	write_text(forged, pubtext, strlen(pubtext));
	free(pubtext);
	mb_error_init(&err);
	ck_assert_int_eq(mb_sign_verify_file(msg, NULL, forged, NULL, &err), MB_ERR_CHECK);
	ck_assert_ptr_nonnull(strstr(err.message, "not what was signed"));
	/* a signature whose key id was changed fails on the key id */
	edit_sig_line(sig, 1, flip_keyid_byte);
	mb_error_init(&err);
	ck_assert_int_eq(mb_sign_verify_file(msg, NULL, pub, NULL, &err), MB_ERR_CHECK);
	ck_assert_ptr_nonnull(strstr(err.message, "signed by key"));
	free(forged);
	free(msg);
	free(sig);
	free(pub);
	free(sec);
	free(pub2);
	free(sec2);
}
END_TEST

START_TEST(readable_secret_key_refused)
{
	char *pub, *sec, *msg = in_dir("m.txt"), *sig = in_dir("m.txt.minisig");
	struct mb_error err;

	make_keys("k", &pub, &sec);
	write_text(msg, "abc", 3);
	ck_assert_int_eq(chmod(sec, 0644), 0);
	mb_error_init(&err);
	ck_assert_int_eq(mb_sign_file(msg, sec, "c", &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "chmod 600"));
	ck_assert_ptr_nonnull(strstr(err.message, sec));
	ck_assert_int_ne(access(sig, F_OK), 0);
	ck_assert_int_eq(chmod(sec, 0640), 0);
	ck_assert_int_eq(mb_sign_file(msg, sec, "c", NULL), MB_ERR_INPUT);
	ck_assert_int_eq(chmod(sec, 0600), 0);
	ck_assert_int_eq(mb_sign_file(msg, sec, "c", NULL), MB_OK);
	/* a public key is not a secret key */
	ck_assert_int_eq(chmod(pub, 0600), 0);
	mb_error_init(&err);
	ck_assert_int_eq(mb_sign_file(msg, pub, "c", &err), MB_ERR_INPUT);
	free(msg);
	free(sig);
	free(pub);
	free(sec);
}
END_TEST

/* decode the secret key file's base64 line, let edit() change it, write it back */
static void edit_secret_key(const char *sec, void (*edit)(unsigned char *raw))
{
	size_t len, n;
	char *text = read_text(sec, &len), *line = strchr(text, '\n') + 1, *out;
	unsigned char raw[200];
	char b64[300];

	*strchr(line, '\n') = '\0';
	ck_assert_int_eq(mb_base64_decode(line, strlen(line), raw, sizeof(raw), &n), MB_OK);
	ck_assert_uint_eq(n, 158);
	edit(raw);
	mb_base64_encode(raw, n, b64);
	out = xasprintf("untrusted comment: edited\n%s\n", b64);
	write_text(sec, out, strlen(out));
	free(out);
	free(text);
}

static void zero_checksum(unsigned char *raw) { memset(raw + 126, 0, 32); }
static void damage_checksum(unsigned char *raw) { raw[130] ^= 1; }
static void damage_public_half(unsigned char *raw) { raw[120] ^= 1; }
static void make_encrypted(unsigned char *raw) { memcpy(raw + 2, "Sc", 2); }

START_TEST(secret_key_checks)
{
	char *pub, *sec, *msg = in_dir("m.txt");
	struct mb_error err;

	make_keys("k", &pub, &sec);
	write_text(msg, "abc", 3);
	/* minisign -W writes no checksum: such a key signs */
	edit_secret_key(sec, zero_checksum);
	mb_error_init(&err);
	ck_assert_msg(mb_sign_file(msg, sec, "c", &err) == MB_OK, "%s", err.message);
	ck_assert_int_eq(mb_sign_verify_file(msg, NULL, pub, NULL, NULL), MB_OK);
	free(sec);
	free(pub);
	make_keys("j", &pub, &sec);
	edit_secret_key(sec, damage_checksum);
	mb_error_init(&err);
	ck_assert_int_eq(mb_sign_file(msg, sec, "c", &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "damaged"));
	free(sec);
	free(pub);
	make_keys("i", &pub, &sec);
	edit_secret_key(sec, zero_checksum);
	edit_secret_key(sec, damage_public_half);
	mb_error_init(&err);
	ck_assert_int_eq(mb_sign_file(msg, sec, "c", &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "damaged"));
	free(sec);
	free(pub);
	make_keys("h", &pub, &sec);
	edit_secret_key(sec, make_encrypted);
	mb_error_init(&err);
	ck_assert_int_eq(mb_sign_file(msg, sec, "c", &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "password"));
	ck_assert_ptr_nonnull(strstr(err.message, "minisign -C -W"));
	free(sec);
	free(pub);
	free(msg);
}
END_TEST

START_TEST(sha256_known_values)
{
	char *path = in_dir("abc"), hex[65];
	unsigned long long bytes;
	struct mb_error err;

	write_text(path, "abc", 3);
	ck_assert_int_eq(mb_sha256_file(path, hex, &bytes, NULL), MB_OK);
	ck_assert_str_eq(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	ck_assert_uint_eq(bytes, 3);
	write_text(path, "", 0);
	ck_assert_int_eq(mb_sha256_file(path, hex, &bytes, NULL), MB_OK);
	ck_assert_str_eq(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	ck_assert_uint_eq(bytes, 0);
	mb_error_init(&err);
	ck_assert_int_eq(mb_sha256_file(dir, hex, &bytes, &err), MB_ERR_IO);
	free(path);
}
END_TEST

/* ---- hostile signature and key files ---- */

START_TEST(signature_parser_survives_garbage)
{
	char *pub, *sec, *msg = in_dir("m.txt"), *sig_path = in_dir("m.txt.minisig"), *text;
	struct mb_minisign_signature *sig = xcalloc(1, sizeof(*sig));
	struct mb_minisign_public_key pk;
	struct mb_minisign_secret_key sk;
	struct mb_rng rng;
	char junk[4096];
	size_t len;

	make_keys("k", &pub, &sec);
	write_text(msg, "abc", 3);
	ck_assert_int_eq(mb_sign_file(msg, sec, "c", NULL), MB_OK);
	text = read_text(sig_path, &len);
	ck_assert_int_eq(mb_minisign_parse_signature(text, len, "s", sig, NULL), MB_OK);
	/* every truncation is an error but the last newline's */
	for (size_t n = 0; n + 1 < len; n++)
		ck_assert_msg(mb_minisign_parse_signature(text, n, "s", sig, NULL) == MB_ERR_INPUT,
			      "a signature cut at %zu bytes was accepted", n);
	/* every single-byte change in the structure lines is caught by the parser or
	 * by the check (the comment lines are free text) */
	ck_assert_int_eq(mb_minisign_parse_signature("", 0, "s", sig, NULL), MB_ERR_INPUT);
	ck_assert_int_eq(mb_minisign_parse_signature("untrusted comment: x\n\0\0\0", 24, "s", sig,
						     NULL), MB_ERR_INPUT);
	mb_rng_init(&rng, 7);
	for (int round = 0; round < 300; round++) {
		size_t n = mb_rng_below(&rng, sizeof(junk));

		for (size_t i = 0; i < n; i++)
			junk[i] = (char)mb_rng_below(&rng, 256);
		if (round % 3 == 0 && n > 20)	/* a plausible start, then junk */
			memcpy(junk, "untrusted comment: ", 19);
		ck_assert_int_eq(mb_minisign_parse_signature(junk, n, "s", sig, NULL), MB_ERR_INPUT);
		ck_assert_int_eq(mb_minisign_parse_public_key(junk, n, "p", &pk, NULL), MB_ERR_INPUT);
		ck_assert_int_eq(mb_minisign_parse_secret_key(junk, n, "k", &sk, NULL), MB_ERR_INPUT);
	}
	/* a comment line too long for minisign */
	{
		size_t big = 20000;
		char *huge = xmalloc(big);

		memset(huge, 'a', big);
		memcpy(huge, "untrusted comment: ", 19);
		ck_assert_int_eq(mb_minisign_parse_signature(huge, big, "s", sig, NULL), MB_ERR_INPUT);
		ck_assert_int_eq(mb_minisign_parse_signature(huge, 2000, "s", sig, NULL), MB_ERR_INPUT);
		free(huge);
	}
	free(text);
	free(sig);
	free(msg);
	free(sig_path);
	free(pub);
	free(sec);
}
END_TEST

START_TEST(keyid_printed_as_minisign_does)
{
	/* minisign prints the 8 bytes as a little-endian number */
	const unsigned char id[8] = { 0x3b, 0x3c, 0x5f, 0xe4, 0x26, 0xd7, 0xba, 0x4c };
	char hex[17];

	mb_minisign_keyid_hex(id, hex);
	ck_assert_str_eq(hex, "4CBAD726E45F3C3B");
}
END_TEST

/* ---- the checklist reader ---- */

#define HEX_A "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
#define HEX_B "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
#define GOOD_CHECKLIST \
	"mazebook preflight checklist\n" \
	"tool: mazebook 0.1.0\n" \
	"rules: kdp-paperback-2026.11\n" \
	"file: interior.pdf sha256=" HEX_A " bytes=12345\n" \
	"file: my cover.pdf sha256=" HEX_B " bytes=0\n" \
	"spec: book.yaml sha256=" HEX_A " bytes=99\n" \
	"result: PASS (41 pass, 2 warn, 0 fail)\n" \
	"\n" \
	"PASS  interior.trim        6 x 9 in (KDP listed size)\n" \
	"file: ignored.pdf in the body is not a listed file\n"

static enum mb_status parse(const char *text, struct mb_verify_checklist *c, struct mb_error *err)
{
	mb_error_init(err);
	return mb_verify_parse_checklist(text, strlen(text), "checklist.txt", c, err);
}

START_TEST(checklist_reads_header)
{
	struct mb_verify_checklist *c = xcalloc(1, sizeof(*c));
	struct mb_error err;
	char *crlf;

	ck_assert_msg(parse(GOOD_CHECKLIST, c, &err) == MB_OK, "%s", err.message);
	ck_assert_str_eq(c->tool, "mazebook 0.1.0");
	ck_assert_str_eq(c->rules, "kdp-paperback-2026.11");
	ck_assert_str_eq(c->result, "PASS (41 pass, 2 warn, 0 fail)");
	ck_assert(c->passed);
	ck_assert_uint_eq(c->count, 3);
	ck_assert_str_eq(c->entries[0].name, "interior.pdf");
	ck_assert_str_eq(c->entries[0].sha256, HEX_A);
	ck_assert_uint_eq(c->entries[0].bytes, 12345);
	ck_assert_int_eq(c->entries[0].line, 4);
	ck_assert(!c->entries[0].is_spec);
	ck_assert_str_eq(c->entries[1].name, "my cover.pdf");
	ck_assert_uint_eq(c->entries[1].bytes, 0);
	ck_assert(c->entries[2].is_spec);
	ck_assert_str_eq(c->entries[2].name, "book.yaml");
	/* CRLF line ends read the same */
	crlf = xmalloc(2 * sizeof(GOOD_CHECKLIST));
	{
		size_t o = 0;

		for (const char *p = GOOD_CHECKLIST; *p; p++) {
			if (*p == '\n')
				crlf[o++] = '\r';
			crlf[o++] = *p;
		}
		crlf[o] = '\0';
	}
	ck_assert_msg(parse(crlf, c, &err) == MB_OK, "%s", err.message);
	ck_assert_str_eq(c->entries[1].name, "my cover.pdf");
	free(crlf);
	ck_assert_int_eq(parse("mazebook preflight checklist\nfile: a sha256=" HEX_A
			       " bytes=1\nresult: FAIL (1 fail)\n", c, &err), MB_OK);
	ck_assert(!c->passed);
	ck_assert_int_eq(parse("mazebook preflight checklist\nfile: a sha256=" HEX_A
			       " bytes=1\nresult: PASSED\n", c, &err), MB_OK);
	ck_assert(!c->passed);
	free(c);
}
END_TEST

START_TEST(checklist_rejects_bad_headers)
{
	static const struct { const char *text, *why; int line; } bad[] = {
		{ "", "empty", 0 },
		{ "mazebook checklist\n", "not a mazebook checklist", 1 },
		{ "mazebook preflight checklist\nresult: PASS\n", "lists no file", 0 },
		{ "mazebook preflight checklist\nfile: a sha256=" HEX_A " bytes=1\n", "no 'result:'", 0 },
		{ "mazebook preflight checklist\nfile: a sha256=" HEX_A " bytes=1\n\nresult: PASS\n",
		  "no 'result:'", 0 },
		{ "mazebook preflight checklist\nfile: a sha256=AAAA bytes=1\nresult: PASS\n",
		  "64 lower-case hex", 2 },
		{ "mazebook preflight checklist\nfile: a sha256=" HEX_A "0 bytes=1\nresult: PASS\n",
		  "64 lower-case hex", 2 },
		{ "mazebook preflight checklist\nfile: a sha256=" HEX_A " bytes=-1\nresult: PASS\n",
		  "whole number", 2 },
		{ "mazebook preflight checklist\nfile: a sha256=" HEX_A " bytes=99999999999999999999\n"
		  "result: PASS\n", "at most 19 digits", 2 },
		{ "mazebook preflight checklist\nfile: a sha256=" HEX_A "\nresult: PASS\n", "no bytes=", 2 },
		{ "mazebook preflight checklist\nfile: a bytes=1\nresult: PASS\n", "no sha256=", 2 },
		{ "mazebook preflight checklist\nfile:  sha256=" HEX_A " bytes=1\nresult: PASS\n",
		  "empty file name", 2 },
		{ "mazebook preflight checklist\nfile: /etc/passwd sha256=" HEX_A " bytes=1\n"
		  "result: PASS\n", "absolute", 2 },
		{ "mazebook preflight checklist\nfile: ../x.pdf sha256=" HEX_A " bytes=1\nresult: PASS\n",
		  "'..'", 2 },
		{ "mazebook preflight checklist\nfile: a/../../x sha256=" HEX_A " bytes=1\n"
		  "result: PASS\n", "'..'", 2 },
		{ "mazebook preflight checklist\nfile: a\tb sha256=" HEX_A " bytes=1\nresult: PASS\n",
		  "control character", 2 },
		{ "mazebook preflight checklist\nfile: a sha256=" HEX_A " bytes=1\nspec: a sha256="
		  HEX_B " bytes=2\nresult: PASS\n", "listed twice", 3 },
		{ "mazebook preflight checklist\nfile: a sha256=" HEX_A " bytes=1\nresult: PASS\n"
		  "result: FAIL\n", "a second 'result:'", 4 },
		{ "mazebook preflight checklist\nfile: a sha256=" HEX_A " bytes=1\nresult:\n",
		  "expected 'key: value'", 3 },
		{ "mazebook preflight checklist\ngarbage\n", "expected 'key: value'", 2 },
		{ "mazebook preflight checklist\nfile: a sha256=" HEX_A " bytes=1\nsigner: 5c05\n"
		  "result: PASS\n", "16 upper-case hex", 3 },
		{ "mazebook preflight checklist\nfile: a sha256=" HEX_A " bytes=1\n"
		  "signer: 5c05722112571ab6\nresult: PASS\n", "16 upper-case hex", 3 },
		{ "mazebook preflight checklist\nfile: a sha256=" HEX_A " bytes=1\n"
		  "signer: 5C05722112571AB6\nsigner: 5C05722112571AB6\nresult: PASS\n",
		  "a second 'signer:'", 4 },
	};
	struct mb_verify_checklist *c = xcalloc(1, sizeof(*c));
	struct mb_error err;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_msg(parse(bad[i].text, c, &err) == MB_ERR_INPUT, "accepted case %zu", i);
		ck_assert_msg(strstr(err.message, bad[i].why), "case %zu: '%s' lacks '%s'", i,
			      err.message, bad[i].why);
		ck_assert_int_eq(err.line, bad[i].line);
		ck_assert_str_eq(err.file, "checklist.txt");
	}
	free(c);
}
END_TEST

START_TEST(checklist_survives_hostile_input)
{
	struct mb_verify_checklist *c = xcalloc(1, sizeof(*c));
	const char *good = GOOD_CHECKLIST;
	size_t glen = strlen(good), big = MB_VERIFY_LINE_MAX + 10;
	char *text = xmalloc(big + 200), junk[2048];
	struct mb_error err;
	struct mb_rng rng;

	/* every truncation gives a result or an error, never a crash; the header
	 * is complete only from the result line's end */
	for (size_t n = 0; n <= glen; n++) {
		enum mb_status st;

		mb_error_init(&err);
		st = mb_verify_parse_checklist(good, n, "c", c, &err);
		ck_assert(st == MB_OK || st == MB_ERR_INPUT);
		if (n < (size_t)(strstr(good, "result:") - good) + 9)
			ck_assert_int_eq(st, MB_ERR_INPUT);
	}
	/* a line longer than the bound, in the header */
	strcpy(text, "mazebook preflight checklist\nfile: ");
	memset(text + strlen(text), 'x', big);
	text[35 + big] = '\0';
	ck_assert_int_eq(parse(text, c, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "too long"));
	/* NUL bytes */
	ck_assert_int_eq(mb_verify_parse_checklist("mazebook preflight checklist\nfi\0le: x\n", 39,
						   "c", c, &err), MB_ERR_INPUT);
	/* too many files */
	{
		size_t o = (size_t)sprintf(text, "mazebook preflight checklist\n");
		char *many = xmalloc(100 * (MB_VERIFY_ENTRIES_MAX + 2));

		strcpy(many, text);
		for (int i = 0; i <= MB_VERIFY_ENTRIES_MAX; i++)
			o += (size_t)sprintf(many + o, "file: f%d sha256=" HEX_A " bytes=1\n", i);
		sprintf(many + o, "result: PASS\n");
		ck_assert_int_eq(parse(many, c, &err), MB_ERR_INPUT);
		ck_assert_ptr_nonnull(strstr(err.message, "more than"));
		free(many);
	}
	/* random bytes, with and without a valid first line */
	mb_rng_init(&rng, 11);
	for (int round = 0; round < 500; round++) {
		size_t n = mb_rng_below(&rng, sizeof(junk)), o = 0;

		if (round % 2) {
			memcpy(junk, "mazebook preflight checklist\nfile: ", 35);
			o = 35;
			if (n < o)
				n = o;
		}
		for (size_t i = o; i < n; i++) {
			/* mostly text that looks like the format, some raw bytes */
			static const char alpha[] = "file: sha256=bytes=0123456789abcdef \n./";
			uint32_t r = mb_rng_below(&rng, 100);

			junk[i] = r < 90 ? alpha[mb_rng_below(&rng, sizeof(alpha) - 1)]
					 : (char)mb_rng_below(&rng, 256);
		}
		mb_error_init(&err);
		enum mb_status st = mb_verify_parse_checklist(junk, n, "c", c, &err);

		ck_assert(st == MB_OK || st == MB_ERR_INPUT);
	}
	free(text);
	free(c);
}
END_TEST

/* ---- mb_sign_verify_checklist, end to end ---- */

/* write a checklist in dir listing a.pdf and b.pdf with their real hashes */
static char *make_signed_checklist(const char *sec, const char *result)
{
	char *a = in_dir("a.pdf"), *b = in_dir("b pdf.pdf"), *cl = in_dir("checklist.txt");
	char ha[65], hb[65], *text;
	unsigned long long na, nb;

	write_text(a, "%PDF-1.7 interior\n", 18);
	write_text(b, "%PDF-1.7 cover\n", 15);
	ck_assert_int_eq(mb_sha256_file(a, ha, &na, NULL), MB_OK);
	ck_assert_int_eq(mb_sha256_file(b, hb, &nb, NULL), MB_OK);
	text = xasprintf("mazebook preflight checklist\ntool: mazebook 0.1.0\n"
			 "rules: kdp-paperback-2026.11\n"
			 "file: a.pdf sha256=%s bytes=%llu\nfile: b pdf.pdf sha256=%s bytes=%llu\n"
			 "result: %s\n\nPASS  interior.trim  6 x 9 in\n", ha,
			 (unsigned long long)na, hb, (unsigned long long)nb, result);
	write_text(cl, text, strlen(text));
	ck_assert_int_eq(mb_sign_file(cl, sec, NULL, NULL), MB_OK);
	free(text);
	free(a);
	free(b);
	return cl;
}

/* the checklist names its signer: the key given must be that key */
START_TEST(verify_checklist_signer)
{
	char *pub, *sec, *pub2, *sec2, *cl = in_dir("checklist.txt"), *a = in_dir("a.pdf");
	struct mb_sign_verification *v = xcalloc(1, sizeof(*v));
	struct mb_error err;
	char keyid[17], keyid2[17], ha[65], *text;
	unsigned long long na;

	make_keys("k", &pub, &sec);
	make_keys("other", &pub2, &sec2);
	mb_error_init(&err);
	ck_assert_msg(mb_sign_public_key_id(pub, sec, keyid, &err) == MB_OK, "%s", err.message);
	ck_assert_int_eq(mb_sign_public_key_id(pub2, NULL, keyid2, NULL), MB_OK);
	ck_assert_str_ne(keyid, keyid2);
	/* a public key that is not the secret key's pair is refused, naming both */
	mb_error_init(&err);
	ck_assert_int_eq(mb_sign_public_key_id(pub2, sec, keyid2, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "is not the pair of the secret key"));
	ck_assert_ptr_nonnull(strstr(err.message, keyid));
	write_text(a, "%PDF-1.7 interior\n", 18);
	ck_assert_int_eq(mb_sha256_file(a, ha, &na, NULL), MB_OK);
	/* the checklist names the other key as its signer, and is signed with ours */
	text = xasprintf("mazebook preflight checklist\nfile: a.pdf sha256=%s bytes=%llu\n"
			 "signer: %s\nresult: PASS\n", ha, na, keyid2);
	write_text(cl, text, strlen(text));
	free(text);
	ck_assert_int_eq(mb_sign_file(cl, sec, NULL, NULL), MB_OK);
	mb_error_init(&err);
	ck_assert_int_eq(mb_sign_verify_checklist(cl, pub, v, &err), MB_ERR_CHECK);
	ck_assert_int_eq(v->parts[0].state, MB_SIGN_GOOD);
	ck_assert_str_eq(v->parts[1].name, "signer");
	ck_assert_int_eq(v->parts[1].state, MB_SIGN_WRONG_KEY);
	ck_assert_ptr_nonnull(strstr(v->parts[1].detail, "the checklist was signed by key"));
	ck_assert_int_eq(v->parts[2].state, MB_SIGN_GOOD);
	/* its own signer: good, and the file count leaves the signer out */
	text = xasprintf("mazebook preflight checklist\nfile: a.pdf sha256=%s bytes=%llu\n"
			 "signer: %s\nresult: PASS\n", ha, na, keyid);
	write_text(cl, text, strlen(text));
	free(text);
	ck_assert_int_eq(mb_sign_file(cl, sec, NULL, NULL), MB_OK);
	mb_error_init(&err);
	ck_assert_msg(mb_sign_verify_checklist(cl, pub, v, &err) == MB_OK, "%s", err.message);
	ck_assert_str_eq(v->checklist.signer, keyid);
	ck_assert_uint_eq(v->count, 3);
	ck_assert_int_eq(v->parts[1].state, MB_SIGN_GOOD);
	/* a changed file is named in the error */
	write_text(a, "%PDF-1.7 interiox\n", 18);
	mb_error_init(&err);
	ck_assert_int_eq(mb_sign_verify_checklist(cl, pub, v, &err), MB_ERR_CHECK);
	ck_assert_msg(strstr(err.message, "1 of 1 files changed, missing or unreadable "
			     "(first: a.pdf)"), "%s", err.message);
	free(v);
	free(a);
	free(cl);
	free(pub);
	free(sec);
	free(pub2);
	free(sec2);
}
END_TEST

START_TEST(verify_checklist_parts)
{
	char *pub, *sec, *cl, *b = in_dir("b pdf.pdf"), *a = in_dir("a.pdf");
	struct mb_sign_verification *v = xcalloc(1, sizeof(*v));
	struct mb_error err;

	make_keys("k", &pub, &sec);
	cl = make_signed_checklist(sec, "PASS (2 pass, 0 warn, 0 fail)");
	mb_error_init(&err);
	ck_assert_msg(mb_sign_verify_checklist(cl, pub, v, &err) == MB_OK, "%s", err.message);
	ck_assert_uint_eq(v->count, 3);
	ck_assert_int_eq(v->parts[0].state, MB_SIGN_GOOD);
	ck_assert_str_eq(v->parts[0].name, "signature");
	ck_assert_int_eq(v->parts[1].state, MB_SIGN_GOOD);
	ck_assert_str_eq(v->parts[2].name, "b pdf.pdf");
	/* one byte of one file changed: that file is named, the rest is good */
	write_text(b, "%PDF-1.7 covex\n", 15);
	mb_error_init(&err);
	ck_assert_int_eq(mb_sign_verify_checklist(cl, pub, v, &err), MB_ERR_CHECK);
	ck_assert_int_eq(v->parts[0].state, MB_SIGN_GOOD);
	ck_assert_int_eq(v->parts[1].state, MB_SIGN_GOOD);
	ck_assert_int_eq(v->parts[2].state, MB_SIGN_CHANGED);
	ck_assert_ptr_nonnull(strstr(v->parts[2].detail, "changed since the check (sha256 "));
	/* a missing file */
	ck_assert_int_eq(unlink(a), 0);
	ck_assert_int_eq(mb_sign_verify_checklist(cl, pub, v, NULL), MB_ERR_CHECK);
	ck_assert_int_eq(v->parts[1].state, MB_SIGN_MISSING);
	free(cl);
	/* an intact checklist that records a failure does not verify */
	cl = make_signed_checklist(sec, "FAIL (1 pass, 0 warn, 1 fail)");
	mb_error_init(&err);
	ck_assert_int_eq(mb_sign_verify_checklist(cl, pub, v, &err), MB_ERR_CHECK);
	ck_assert_ptr_nonnull(strstr(err.message, "not PASS"));
	for (size_t i = 0; i < v->count; i++)
		ck_assert_int_eq(v->parts[i].state, MB_SIGN_GOOD);
	free(cl);
	/* one byte of the checklist changed: the signature part fails */
	cl = make_signed_checklist(sec, "PASS");
	{
		size_t len;
		char *t = read_text(cl, &len);

		t[len - 3] ^= 1;
		write_text(cl, t, len);
		free(t);
	}
	ck_assert_int_eq(mb_sign_verify_checklist(cl, pub, v, NULL), MB_ERR_CHECK);
	ck_assert_int_eq(v->parts[0].state, MB_SIGN_BAD);
	ck_assert_int_eq(v->parts[1].state, MB_SIGN_GOOD);
	/* no signature at all */
	{
		char *sig = xasprintf("%s.minisig", cl);

		ck_assert_int_eq(unlink(sig), 0);
		ck_assert_int_eq(mb_sign_verify_checklist(cl, pub, v, NULL), MB_ERR_CHECK);
		ck_assert_int_eq(v->parts[0].state, MB_SIGN_MISSING);
		write_text(sig, "garbage\n", 8);
		ck_assert_int_eq(mb_sign_verify_checklist(cl, pub, v, NULL), MB_ERR_CHECK);
		ck_assert_int_eq(v->parts[0].state, MB_SIGN_UNREADABLE);
		free(sig);
	}
	/* a checklist that is not one: an input error, the signature still reported */
	write_text(cl, "\x7f" "ELF\0\0\0", 7);
	mb_error_init(&err);
	ck_assert_int_eq(mb_sign_verify_checklist(cl, pub, v, &err), MB_ERR_INPUT);
	ck_assert_uint_eq(v->count, 1);
	ck_assert(!v->checklist_parsed);
	free(cl);
	free(a);
	free(b);
	free(v);
	free(pub);
	free(sec);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("sign");
	TCase *b64 = tcase_create("base64");
	TCase *keys = tcase_create("keys");
	TCase *parse_tc = tcase_create("parsers");

	tcase_add_test(b64, base64_rfc4648_vectors);
	tcase_add_test(b64, base64_round_trip_every_length);
	tcase_add_test(b64, base64_rejects_non_canonical);
	suite_add_tcase(s, b64);

	tcase_add_checked_fixture(keys, setup_dir, teardown_dir);
	tcase_add_test(keys, keygen_modes_and_formats);
	tcase_add_test(keys, keygen_never_overwrites_without_force);
	tcase_add_test(keys, sign_verify_round_trip);
	tcase_add_test(keys, tampered_message_fails);
	tcase_add_test(keys, tampered_signature_fails);
	tcase_add_test(keys, tampered_trusted_comment_fails);
	tcase_add_test(keys, wrong_key_or_key_id_fails);
	tcase_add_test(keys, readable_secret_key_refused);
	tcase_add_test(keys, secret_key_checks);
	tcase_add_test(keys, sha256_known_values);
	tcase_add_test(keys, signature_parser_survives_garbage);
	tcase_add_test(keys, verify_checklist_parts);
	tcase_add_test(keys, verify_checklist_signer);
	suite_add_tcase(s, keys);

	tcase_add_test(parse_tc, keyid_printed_as_minisign_does);
	tcase_add_test(parse_tc, checklist_reads_header);
	tcase_add_test(parse_tc, checklist_rejects_bad_headers);
	tcase_add_test(parse_tc, checklist_survives_hostile_input);
	suite_add_tcase(s, parse_tc);
	return s;
}
