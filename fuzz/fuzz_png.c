/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * libFuzzer target for the PNG reader of the cover's pictures and shape
 * masks (mb_picture_decode, src/backend/picture/picture.c) with the
 * front art's bounds (fuzz/fuzz_picture.h): any bytes give an error, or
 * a surface of the size the header claimed within the bound, never a
 * crash, a leak, a hang or more memory than the bound allows. `make fuzz`
 * runs it from tests/data/fuzz/png/; tests/cli/cli_fuzz_regress.sh replays
 * the seeds.
 */
#include "config.h"

#include <string.h>

#include "fuzz_picture.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	/* PNG's signature: the JPEG reader has a target of its own */
	if (!(len >= 8 && !memcmp(data, "\x89PNG\r\n\x1a\n", 8)))
		return 0;
	return fuzz_picture(data, len);
}
