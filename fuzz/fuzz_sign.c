/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * libFuzzer harness for the parsers that `mazebook verify` runs on files
 * anyone can hand it: the checklist header, minisign signatures, public
 * keys and secret keys. The first byte picks the parser; the rest is the
 * file. Build and run (clang, from the top of the tree after ./configure):
 *
 *   make fuzz-sign && mkdir -p corpus && ./fuzz/fuzz_sign -max_total_time=60 corpus tests/data/fuzz/sign
 * (new inputs go to the first folder; tests/data/fuzz/sign holds the seeds)
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/sign/minisign.h"
#include "mazebook/sign/verify.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct mb_verify_checklist checklist;
	static struct mb_minisign_signature sig;
	struct mb_minisign_public_key pk;
	struct mb_minisign_secret_key sk;
	struct mb_error err;
	/* a copy of exactly size bytes, so that ASan sees any read past the end */
	char *text;

	if (size == 0)
		return 0;
	text = malloc(size - 1 ? size - 1 : 1);
	if (!text)
		return 0;
	memcpy(text, data + 1, size - 1);
	mb_error_init(&err);
	switch (data[0] % 4) {
	case 0:
		if (mb_verify_parse_checklist(text, size - 1, "f", &checklist, &err) == MB_OK &&
		    (checklist.count == 0 || !checklist.result[0]))
			abort();	/* the contract: OK means files and a result */
		break;
	case 1:
		if (mb_minisign_parse_signature(text, size - 1, "f", &sig, &err) == MB_OK &&
		    mb_minisign_check_trusted_comment(sig.trusted_comment, NULL) != MB_OK)
			abort();
		break;
	case 2:
		mb_minisign_parse_public_key(text, size - 1, "f", &pk, &err);
		break;
	default:
		mb_minisign_parse_secret_key(text, size - 1, "f", &sk, &err);
		break;
	}
	free(text);
	return 0;
}
