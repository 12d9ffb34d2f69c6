/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Opening a file a stranger named (a spec's pictures and shapes): only a
 * regular file is read. A named pipe nobody writes to would block the open
 * for ever, a device could be endless, a folder has nothing to read.
 */
#ifndef MAZEBOOK_REGULAR_FILE_H
#define MAZEBOOK_REGULAR_FILE_H

#include <stddef.h>

#include "mazebook/base/error.h"

/*
 * Open path for reading if it is a regular file: checked with stat before
 * the open, then opened with O_NONBLOCK (a pipe swapped in meanwhile cannot
 * block it) and checked again on the descriptor. Returns the descriptor,
 * with blocking reads, or -1 with err saying what the path is instead,
 * what naming the file's use ("shape 'x' is a named pipe, not a regular
 * file"; "cannot read picture 'y': No such file or directory").
 */
int mb_open_regular(const char *path, const char *what, struct mb_error *err);

/*
 * The whole regular file at path in *data (xmalloc'd, a NUL byte after its
 * *len bytes). A file of more than max_bytes is refused with MB_ERR_LIMIT,
 * its size and the bound in the message; what as for mb_open_regular.
 */
enum mb_status mb_read_regular(const char *path, size_t max_bytes, const char *what,
			       unsigned char **data, size_t *len, struct mb_error *err);

#endif
