/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * SHA-256 after FIPS 180-4 section 6.2, written from the standard: the core
 * stays libc-only and tests/check_sha256.c holds it to the standard's test
 * vectors.
 */
#include "config.h"
#include "mazebook/sha256.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const uint32_t K[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static uint32_t rotr(uint32_t x, int n)
{
	return (x >> n) | (x << (32 - n));
}

static void compress(uint32_t h[8], const unsigned char block[64])
{
	uint32_t w[64], a, b, c, d, e, f, g, hh;

	for (int t = 0; t < 16; t++)
		w[t] = (uint32_t)block[4 * t] << 24 | (uint32_t)block[4 * t + 1] << 16 |
		       (uint32_t)block[4 * t + 2] << 8 | (uint32_t)block[4 * t + 3];
	for (int t = 16; t < 64; t++) {
		uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
		uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);

		w[t] = w[t - 16] + s0 + w[t - 7] + s1;
	}
	a = h[0]; b = h[1]; c = h[2]; d = h[3];
	e = h[4]; f = h[5]; g = h[6]; hh = h[7];
	for (int t = 0; t < 64; t++) {
		uint32_t t1 = hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) +
			      ((e & f) ^ (~e & g)) + K[t] + w[t];
		uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) +
			      ((a & b) ^ (a & c) ^ (b & c));

		hh = g; g = f; f = e; e = d + t1;
		d = c; c = b; b = a; a = t1 + t2;
	}
	h[0] += a; h[1] += b; h[2] += c; h[3] += d;
	h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
}

void mb_sha256_init(struct mb_sha256 *s)
{
	static const uint32_t H0[8] = {
		0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
		0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
	};

	memcpy(s->h, H0, sizeof(H0));
	s->bytes = 0;
	s->used = 0;
}

void mb_sha256_update(struct mb_sha256 *s, const void *data, size_t len)
{
	const unsigned char *p = data;

	s->bytes += len;
	while (len) {
		size_t n = 64 - s->used;

		if (n > len)
			n = len;
		memcpy(s->block + s->used, p, n);
		s->used += n;
		p += n;
		len -= n;
		if (s->used == 64) {
			compress(s->h, s->block);
			s->used = 0;
		}
	}
}

void mb_sha256_final(struct mb_sha256 *s, unsigned char digest[MB_SHA256_BYTES])
{
	uint64_t bits = s->bytes * 8;

	/* padding: a one bit, zeros, then the length in bits, big-endian */
	s->block[s->used++] = 0x80;
	if (s->used > 56) {
		memset(s->block + s->used, 0, 64 - s->used);
		compress(s->h, s->block);
		s->used = 0;
	}
	memset(s->block + s->used, 0, 56 - s->used);
	for (int i = 0; i < 8; i++)
		s->block[56 + i] = (unsigned char)(bits >> (56 - 8 * i));
	compress(s->h, s->block);
	for (int i = 0; i < 8; i++) {
		digest[4 * i] = (unsigned char)(s->h[i] >> 24);
		digest[4 * i + 1] = (unsigned char)(s->h[i] >> 16);
		digest[4 * i + 2] = (unsigned char)(s->h[i] >> 8);
		digest[4 * i + 3] = (unsigned char)s->h[i];
	}
}

static void to_hex(const unsigned char digest[MB_SHA256_BYTES], char hex[MB_SHA256_HEX_SIZE])
{
	static const char digits[] = "0123456789abcdef";

	for (int i = 0; i < MB_SHA256_BYTES; i++) {
		hex[2 * i] = digits[digest[i] >> 4];
		hex[2 * i + 1] = digits[digest[i] & 15];
	}
	hex[64] = '\0';
}

void mb_sha256_hex(const void *data, size_t len, char hex[MB_SHA256_HEX_SIZE])
{
	struct mb_sha256 s;
	unsigned char digest[MB_SHA256_BYTES];

	mb_sha256_init(&s);
	mb_sha256_update(&s, data, len);
	mb_sha256_final(&s, digest);
	to_hex(digest, hex);
}

enum mb_status mb_sha256_file(const char *path, char hex[MB_SHA256_HEX_SIZE],
			      unsigned long long *bytes, struct mb_error *err)
{
	struct mb_sha256 s;
	unsigned char digest[MB_SHA256_BYTES];
	unsigned char buf[65536];
	struct stat st;
	/* O_NONBLOCK: opening a FIFO nobody writes to would block for ever */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);

	if (fd < 0)
		return mb_error_set(err, MB_ERR_IO, "cannot read '%s': %s", path, strerror(errno));
	/* a folder or a FIFO has no content to vouch for (and a FIFO could hang) */
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return mb_error_set(err, MB_ERR_IO, "cannot read '%s': not a regular file", path);
	}
	mb_sha256_init(&s);
	for (;;) {
		ssize_t n = read(fd, buf, sizeof(buf));

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;

			close(fd);
			return mb_error_set(err, MB_ERR_IO, "cannot read '%s': %s", path, strerror(e));
		}
		if (n == 0)
			break;
		mb_sha256_update(&s, buf, (size_t)n);
	}
	close(fd);
	mb_sha256_final(&s, digest);
	to_hex(digest, hex);
	if (bytes)
		*bytes = s.bytes;
	return MB_OK;
}
