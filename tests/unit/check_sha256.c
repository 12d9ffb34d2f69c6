/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * SHA-256 against the FIPS 180-4 / NIST CAVP test vectors, in one go and in
 * pieces: each test runs twice, with the plain C rounds (_i 0) and with the
 * CPU's SHA instructions where it has them (_i 1).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mazebook/base/sha256.h"

#include "check_main.h"

START_TEST(vector_abc)
{
	char hex[MB_SHA256_HEX_SIZE];

	mb_sha256_use_cpu(_i);
	mb_sha256_hex("abc", 3, hex);
	ck_assert_str_eq(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}
END_TEST

START_TEST(vector_empty)
{
	char hex[MB_SHA256_HEX_SIZE];

	mb_sha256_use_cpu(_i);
	mb_sha256_hex("", 0, hex);
	ck_assert_str_eq(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}
END_TEST

/* 448 bits: the padding needs a second block */
START_TEST(vector_two_blocks)
{
	static const char msg[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
	char hex[MB_SHA256_HEX_SIZE];

	mb_sha256_use_cpu(_i);
	mb_sha256_hex(msg, strlen(msg), hex);
	ck_assert_str_eq(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}
END_TEST

START_TEST(vector_896_bits)
{
	static const char msg[] = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
				  "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";
	char hex[MB_SHA256_HEX_SIZE];

	mb_sha256_use_cpu(_i);
	mb_sha256_hex(msg, strlen(msg), hex);
	ck_assert_str_eq(hex, "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
}
END_TEST

/* one million 'a', fed in uneven pieces so block boundaries fall everywhere */
START_TEST(vector_million_a_in_pieces)
{
	static char chunk[1024];
	struct mb_sha256 s;
	unsigned char d[MB_SHA256_BYTES];
	size_t left = 1000000;
	char hex[65];

	mb_sha256_use_cpu(_i);
	memset(chunk, 'a', sizeof(chunk));
	mb_sha256_init(&s);
	for (size_t n = 1; left; n = n % 997 + 7) {
		size_t k = n < left ? n : left;

		mb_sha256_update(&s, chunk, k);
		left -= k;
	}
	mb_sha256_final(&s, d);
	for (int i = 0; i < 32; i++)
		snprintf(hex + 2 * i, 3, "%02x", d[i]);
	ck_assert_str_eq(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}
END_TEST

START_TEST(file_and_missing_file)
{
	char path[] = "/tmp/mazebook-sha-XXXXXX";
	char hex[MB_SHA256_HEX_SIZE];
	unsigned long long bytes = 0;
	struct mb_error err;
	int fd = mkstemp(path);

	mb_sha256_use_cpu(_i);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, "abc", 3), 3);
	close(fd);
	ck_assert_int_eq(mb_sha256_file(path, hex, &bytes, NULL), MB_OK);
	ck_assert_str_eq(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	ck_assert_int_eq(bytes, 3);
	unlink(path);
	mb_error_init(&err);
	ck_assert_int_eq(mb_sha256_file(path, hex, &bytes, &err), MB_ERR_IO);
	ck_assert_ptr_nonnull(strstr(err.message, "cannot read '/tmp/mazebook-sha-"));
}
END_TEST

/* both ways of computing agree on every length around the block's, and on a long run */
START_TEST(plain_and_cpu_agree)
{
	static unsigned char data[70000];
	char plain[MB_SHA256_HEX_SIZE], cpu[MB_SHA256_HEX_SIZE];
	uint32_t x = 2463534242u;

	mb_sha256_use_cpu(true);
	if (!mb_sha256_cpu())
		return;	/* nothing to compare on a CPU without them */
	for (size_t i = 0; i < sizeof(data); i++) {
		x ^= x << 13, x ^= x >> 17, x ^= x << 5;
		data[i] = (unsigned char)x;
	}
	for (size_t len = 0; len <= sizeof(data); len = len < 200 ? len + 1 : len * 3 + 1) {
		mb_sha256_use_cpu(false);
		ck_assert(!mb_sha256_cpu());
		mb_sha256_hex(data, len, plain);
		mb_sha256_use_cpu(true);
		mb_sha256_hex(data, len, cpu);
		ck_assert_msg(!strcmp(plain, cpu), "%zu bytes: %s against %s", len, plain, cpu);
	}
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("sha256");
	TCase *tc = tcase_create("fips180-4");

	tcase_add_loop_test(tc, vector_abc, 0, 2);
	tcase_add_loop_test(tc, vector_empty, 0, 2);
	tcase_add_loop_test(tc, vector_two_blocks, 0, 2);
	tcase_add_loop_test(tc, vector_896_bits, 0, 2);
	tcase_add_loop_test(tc, vector_million_a_in_pieces, 0, 2);
	tcase_add_loop_test(tc, file_and_missing_file, 0, 2);
	tcase_add_test(tc, plain_and_cpu_agree);
	suite_add_tcase(s, tc);
	return s;
}
