/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Writing output files without ever leaving a half-written file under the
 * final name: write to a temporary file in the same folder, flush it to
 * disk, then rename it over the final name (rename is atomic on POSIX file
 * systems). A failed or interrupted write leaves the previous file intact.
 */
#ifndef MAZEBOOK_OUTPUT_H
#define MAZEBOOK_OUTPUT_H

#include <stdbool.h>
#include <stdio.h>
#include <time.h>

#include "mazebook/base/error.h"

struct mb_output {
	char *final_path;	/* where the file goes */
	char *temp_path;	/* ".NAME.tmp-XXXXXX" beside it, created empty */
	FILE *fp;		/* open on temp_path when asked for, else NULL */
	bool synced;		/* mb_output_sync done: only the rename is left */
	int mode;		/* the file's permission bits, the umask applied */
};

/*
 * Create an empty temporary file beside final_path (mode 0644 less the
 * umask, or mode less the umask when not 0; mb_output_sync sets it again,
 * so a library that writes the file by name and recreates it with its own
 * mode, 0666 under umask 000, does not change it). With open_stream the file stays open as
 * out->fp for writing; otherwise a library can write to out->temp_path
 * itself. MB_ERR_IO names the folder and the reason.
 */
enum mb_status mb_output_begin(struct mb_output *out, const char *final_path,
			       bool open_stream, int mode, struct mb_error *err);

/*
 * Flush and sync the temporary file and rename it to the final name.
 * A write error seen on the stream (a full disk) fails here, naming the
 * file, and the temporary file is removed.
 */
enum mb_status mb_output_commit(struct mb_output *out, struct mb_error *err);

/*
 * The first half of commit: flush, close and sync the temporary file and
 * check every write error, but do not rename it yet. Lets a caller with
 * several files do all the slow, failure-prone work first and then rename
 * them in quick succession. Errors as mb_output_commit; calling it twice
 * is harmless.
 */
enum mb_status mb_output_sync(struct mb_output *out, struct mb_error *err);

/* Give up: remove the temporary file. Safe after commit (then a no-op) and on a zeroed struct. */
void mb_output_abort(struct mb_output *out);

/* Create a folder and its parents (mode 0755); MB_ERR_IO names the part that failed. */
enum mb_status mb_output_mkdirs(const char *path, struct mb_error *err);

/*
 * Lock the folder dir against other writers (flock on the folder itself;
 * released when the returned descriptor is closed or the process dies,
 * even by SIGKILL). Returns the descriptor, or -1 with MB_ERR_IO when the
 * folder cannot be opened or another process holds the lock (the message
 * says so). The descriptor can be given to fsync to make renames durable.
 */
int mb_output_lock_dir(const char *dir, struct mb_error *err);

/*
 * Remove the temporary files that mb_output_begin made for final names
 * dir/NAME (".NAME.tmp-*", also with anything after the random part) and
 * that a killed run left behind: only regular files last modified before
 * `before` (wall-clock time the caller read when its run began), and never
 * the file `keep` (dev/inode, may be NULL). Call it holding the folder's
 * lock, so that no live run's files are taken. Returns how many it removed.
 */
struct stat;
size_t mb_output_remove_stale(const char *dir, const char *const *names, size_t count,
			      const struct timespec *before, const struct stat *keep);

#endif
