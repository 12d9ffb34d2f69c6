/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * SHA-256 (FIPS 180-4) in plain C, so that the core can hash the PDFs and
 * the spec a checklist vouches for without a crypto library; on a CPU with
 * the x86 SHA instructions the rounds use them (the same digests, twelve
 * times as fast). Not for secrets: nothing here is constant-time.
 */
#ifndef MAZEBOOK_SHA256_H
#define MAZEBOOK_SHA256_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mazebook/base/error.h"

#define MB_SHA256_BYTES 32
#define MB_SHA256_HEX_SIZE 65	/* 64 lowercase hex digits and a NUL */

struct mb_sha256 {
	uint32_t h[8];
	uint64_t bytes;		/* message length so far */
	unsigned char block[64];
	size_t used;		/* bytes waiting in block */
};

/* Are the CPU's SHA instructions in use? (They are wherever the CPU has them.) */
bool mb_sha256_cpu(void);
/* For tests: use them (where the CPU has them), or the plain C rounds alone. */
void mb_sha256_use_cpu(bool on);

void mb_sha256_init(struct mb_sha256 *s);
void mb_sha256_update(struct mb_sha256 *s, const void *data, size_t len);
/* Finish and write the digest; s must be initialised again before reuse. */
void mb_sha256_final(struct mb_sha256 *s, unsigned char digest[MB_SHA256_BYTES]);

/* The digest of a buffer as 64 lowercase hex digits into hex. */
void mb_sha256_hex(const void *data, size_t len, char hex[MB_SHA256_HEX_SIZE]);

/*
 * Hash a whole file: its digest as lowercase hex and its size in bytes.
 * MB_ERR_IO ("cannot read 'path': reason") when it cannot be read.
 */
enum mb_status mb_sha256_file(const char *path, char hex[MB_SHA256_HEX_SIZE],
			      unsigned long long *bytes, struct mb_error *err);

#endif
