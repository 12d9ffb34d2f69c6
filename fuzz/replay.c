/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * A main for a libFuzzer target without libFuzzer: feeds each file named on
 * the command line to LLVMFuzzerTestOneInput, as libFuzzer would, so that
 * the inputs that once crashed a target (tests/data/fuzz-regress/) and its seeds
 * (tests/data/fuzz/) are replayed by `make check` with the normal
 * compiler, and under ASan and UBSan in the sanitizer build.
 *   replay_NAME FILE...   exit 0 when every file went through
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* the whole file in a buffer of exactly its size, so ASan sees overreads */
static uint8_t *slurp(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t len = 0, cap = 0, n;
	uint8_t chunk[65536];

	if (!f)
		return NULL;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
		uint8_t *bigger;

		if (len + n > cap) {
			cap = (len + n) * 2;
			bigger = realloc(buf, cap);
			if (!bigger) {
				free(buf);
				fclose(f);
				errno = ENOMEM;
				return NULL;
			}
			buf = bigger;
		}
		memcpy(buf + len, chunk, n);
		len += n;
	}
	if (ferror(f)) {
		free(buf);
		fclose(f);
		return NULL;
	}
	fclose(f);
	{
		uint8_t *exact = malloc(len ? len : 1);

		if (!exact) {
			free(buf);
			return NULL;
		}
		if (len)
			memcpy(exact, buf, len);
		free(buf);
		*size = len;
		return exact;
	}
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE...\n", argv[0]);
		return 2;
	}
	for (int i = 1; i < argc; i++) {
		size_t size = 0;
		uint8_t *data = slurp(argv[i], &size);

		if (!data) {
			fprintf(stderr, "%s: cannot read '%s': %s\n", argv[0], argv[i],
				strerror(errno));
			return 1;
		}
		LLVMFuzzerTestOneInput(data, size);
		free(data);
	}
	return 0;
}
