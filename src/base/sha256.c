/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * SHA-256 after FIPS 180-4 section 6.2, written from the standard: the core
 * stays libc-only and tests/unit/check_sha256.c holds it to the standard's test
 * vectors.
 */
#include "config.h"
#include "mazebook/base/sha256.h"

#include <errno.h>
#include <stdbool.h>
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

/*
 * The same rounds with the CPU's SHA instructions where it has them (x86
 * SHA extensions: a book's interior hashes in 5 ms instead of 60), as
 * Intel's "New Instructions Supporting the Secure Hash Algorithm" lays
 * them out; the compiler provides the intrinsics, no library is involved.
 * The state lives as ABEF and CDGH across the blocks.
 */
#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>
#include <immintrin.h>

#define SHA_TARGET __attribute__((target("sha,sse4.1,ssse3")))

SHA_TARGET static void compress_blocks_shani(uint32_t h[8], const unsigned char *data,
					     size_t blocks)
{
	const __m128i swap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
	__m128i tmp = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&h[0]), 0xB1);
	__m128i state1 = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&h[4]), 0x1B);
	__m128i state0 = _mm_alignr_epi8(tmp, state1, 8);	/* ABEF */

	state1 = _mm_blend_epi16(state1, tmp, 0xF0);		/* CDGH */
	for (; blocks--; data += 64) {
		__m128i abef = state0, cdgh = state1, w[4], msg;

		for (int i = 0; i < 4; i++)
			w[i] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * i)), swap);
		/* four rounds a step; the schedule's next words made as they are reached */
		for (int i = 0; i < 16; i++) {
			msg = _mm_add_epi32(w[i & 3], _mm_loadu_si128((const __m128i *)&K[4 * i]));
			state1 = _mm_sha256rnds2_epu32(state1, state0, msg);
			if (i >= 3 && i < 15) {
				__m128i next = _mm_add_epi32(w[(i + 1) & 3],
							     _mm_alignr_epi8(w[i & 3], w[(i - 1) & 3], 4));

				w[(i + 1) & 3] = _mm_sha256msg2_epu32(next, w[i & 3]);
			}
			state0 = _mm_sha256rnds2_epu32(state0, state1, _mm_shuffle_epi32(msg, 0x0E));
			if (i >= 1 && i < 13)
				w[(i - 1) & 3] = _mm_sha256msg1_epu32(w[(i - 1) & 3], w[i & 3]);
		}
		state0 = _mm_add_epi32(state0, abef);
		state1 = _mm_add_epi32(state1, cdgh);
	}
	tmp = _mm_shuffle_epi32(state0, 0x1B);			/* FEBA */
	state1 = _mm_shuffle_epi32(state1, 0xB1);		/* DCHG */
	_mm_storeu_si128((__m128i *)&h[0], _mm_blend_epi16(tmp, state1, 0xF0));	/* DCBA */
	_mm_storeu_si128((__m128i *)&h[4], _mm_alignr_epi8(state1, tmp, 8));	/* HGFE */
}

/* SHA extensions, SSSE3 and SSE4.1, as cpuid reports them */
static bool cpu_has_sha(void)
{
	unsigned a, b, c, d;

	if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_SSSE3) || !(c & bit_SSE4_1))
		return false;
	return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_SHA);
}
#else
static void compress_blocks_shani(uint32_t h[8], const unsigned char *data, size_t blocks)
{
	(void)h;
	(void)data;
	(void)blocks;
	BUG("no SHA instructions on this CPU");
}

static bool cpu_has_sha(void)
{
	return false;
}
#endif

/* -1: not asked yet; then whether the SHA instructions are used */
static _Atomic int use_shani = -1;

void mb_sha256_use_cpu(bool on)
{
	use_shani = on && cpu_has_sha();
}

bool mb_sha256_cpu(void)
{
	if (use_shani < 0)
		use_shani = cpu_has_sha();
	return use_shani;
}

static void compress_blocks(uint32_t h[8], const unsigned char *data, size_t blocks)
{
	if (mb_sha256_cpu()) {
		compress_blocks_shani(h, data, blocks);
		return;
	}
	for (; blocks--; data += 64)
		compress(h, data);
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

		/* whole blocks straight from the data, none waiting */
		if (s->used == 0 && len >= 64) {
			n = len / 64;
			compress_blocks(s->h, p, n);
			p += 64 * n;
			len -= 64 * n;
			continue;
		}
		if (n > len)
			n = len;
		memcpy(s->block + s->used, p, n);
		s->used += n;
		p += n;
		len -= n;
		if (s->used == 64) {
			compress_blocks(s->h, s->block, 1);
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
		compress_blocks(s->h, s->block, 1);
		s->used = 0;
	}
	memset(s->block + s->used, 0, 56 - s->used);
	for (int i = 0; i < 8; i++)
		s->block[56 + i] = (unsigned char)(bits >> (56 - 8 * i));
	compress_blocks(s->h, s->block, 1);
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
