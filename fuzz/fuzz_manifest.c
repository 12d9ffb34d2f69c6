/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * libFuzzer target for the manifest reader of `mazebook catalogue check`
 * and `import` (mb_catalogue_manifest_read): any bytes give an error or a
 * book whose every maze has a 64-hex-digit key. `make fuzz` runs it from
 * tests/fuzz-corpus/manifest/; tests/cli_fuzz_regress.sh replays it.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "mazebook/catalogue.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mb_catalogue_manifest m;
	struct mb_error err;

	mb_error_init(&err);
	if (mb_catalogue_manifest_read("fuzz.json", (const char *)data, size, &m, &err) == MB_OK) {
		if (!m.count || !m.book_id || !m.title)
			abort();
		for (size_t i = 0; i < m.count; i++)
			if (strlen(m.mazes[i].key) != 64 ||
			    strspn(m.mazes[i].key, "0123456789abcdef") != 64)
				abort();
		mb_catalogue_manifest_release(&m);
	} else if (!err.message[0]) {
		abort();	/* a failure says why */
	}
	return 0;
}
