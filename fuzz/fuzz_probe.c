/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * libFuzzer target for the PDF probe: any bytes, written to a file, must
 * come back as facts or as an error, never a crash or a leak.
 *   make fuzz-probe && ./fuzz/fuzz_probe -max_total_time=60 CORPUS_DIR
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "mazebook/kdp/probe.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[] = "/tmp/mazebook-fuzz-XXXXXX";
	struct mb_probe_options opts = { .max_bytes = 1u << 20, .keep_items = true };
	struct mb_probe_file f;
	int fd = mkstemp(path);

	if (fd < 0)
		return 0;
	if (write(fd, data, size) == (ssize_t)size)
		mb_probe_pdf(path, &opts, &f, NULL);
	else
		f = (struct mb_probe_file){ 0 };
	close(fd);
	unlink(path);
	mb_probe_release(&f);
	return 0;
}
