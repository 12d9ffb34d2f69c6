/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * libFuzzer target for the JPEG reader of the cover's pictures and shape
 * masks (mb_picture_decode, src/backend/picture/picture.c) with the
 * front art's bounds (fuzz/fuzz_picture.h): any bytes give an error, or
 * a surface of the size the header claimed within the bound, never a
 * crash, a leak, a hang or more memory than the bound allows. `make fuzz`
 * runs it from tests/data/fuzz/jpeg/; tests/cli/cli_fuzz_regress.sh replays
 * the seeds.
 */
#include "config.h"

#include "fuzz_picture.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	/* JPEG's start of image: the PNG reader has a target of its own */
	if (!(len >= 3 && data[0] == 0xff && data[1] == 0xd8 && data[2] == 0xff))
		return 0;
	return fuzz_picture(data, len);
}
