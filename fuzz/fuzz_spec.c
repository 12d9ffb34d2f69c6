/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * libFuzzer target for the book spec reader: any bytes must give MB_OK or
 * a placed error message, never a crash, a leak or a read past len.
 * Build and run with clang (see `make fuzz-spec` in Makefile.am):
 *   make fuzz-spec && mkdir -p corpus && ./fuzz/fuzz_spec -max_total_time=60 corpus examples
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/book/spec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mb_book_spec spec;
	struct mb_error err;
	/* a private copy so that ASan sees any read past size */
	char *text = malloc(size ? size : 1);

	if (!text)
		return 0;
	memcpy(text, data, size);
	mb_error_init(&err);
	if (mb_spec_parse("fuzz.yaml", text, size, &spec, &err) == MB_OK) {
		if (!spec.title || !spec.author || !spec.level || spec.mazes < 1)
			abort();
		mb_spec_release(&spec);
	} else if (!err.message[0]) {
		abort();
	}
	free(text);
	return 0;
}
