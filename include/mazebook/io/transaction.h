/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * A set of files written into one folder as one change (a build's book):
 * the folder locked against other writers and cleared of what killed runs
 * left, each file written under a temporary name beside its final one
 * (mb_output), and at the commit every file synced before the first
 * rename, the renames back to back in the set's order, a last file (a
 * signature made from a synced file) renamed after them, and the folder
 * synced so that the renames survive a power cut. Until the commit a
 * failure or an abort leaves nothing new under a final name.
 *
 * A rename that fails mid-way (the disk, not the data: every write error
 * shows at the sync, before the first rename) leaves the files renamed
 * before it in place and the rest unrenamed; an abort then removes the
 * rest's temporary files.
 */
#ifndef MAZEBOOK_IO_TRANSACTION_H
#define MAZEBOOK_IO_TRANSACTION_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "mazebook/base/error.h"
#include "mazebook/io/output.h"

struct stat;

/* zeroed ({ 0 }) is a transaction not open, which abort and close accept */
struct mb_transaction {
	char *dir;			/* the folder, once open (then dir_fd is its lock) */
	int dir_fd;
	const char *const *names;	/* the files' names in the folder, in rename order */
	size_t count;
	struct mb_output *files;	/* files[i] is names[i]'s; temp_path NULL until begun */
	char *last_temp;		/* the file renamed after the others, or NULL */
	char *last_final;
};

/*
 * Lock the folder dir (mb_output_lock_dir: another writer is refused with
 * a message that says so) and remove the temporary files of names that a
 * killed run left there (mb_output_remove_stale: older than started, never
 * keep). names (count of them, kept by pointer: they must outlive the
 * transaction) are the files' names in the folder, in the order the
 * commit renames them. MB_ERR_IO names the folder.
 */
enum mb_status mb_transaction_open(struct mb_transaction *tx, const char *dir,
				   const char *const *names, size_t count,
				   const struct timespec *started, const struct stat *keep,
				   struct mb_error *err);

/*
 * Make file i's temporary file (mb_output_begin, mode 0644 less the
 * umask): with open_stream, tx->files[i].fp is open on it; otherwise a
 * library writes tx->files[i].temp_path by name. A file never begun is
 * left out of the commit (its final name untouched).
 */
enum mb_status mb_transaction_begin(struct mb_transaction *tx, size_t i, bool open_stream,
				    struct mb_error *err);

/*
 * Flush, sync and close every begun file, every write error checked
 * (naming the file's final name); nothing is renamed. Harmless twice.
 */
enum mb_status mb_transaction_sync(struct mb_transaction *tx, struct mb_error *err);

/*
 * A file the caller makes at temp_path (after the sync: a signature of a
 * synced file), to be renamed to name in the folder after every other
 * file; an abort removes it. Replaces an earlier one.
 */
void mb_transaction_add_last(struct mb_transaction *tx, const char *temp_path, const char *name);

/*
 * Sync (when not done yet), rename every begun file in order, then the
 * last file, then sync the folder. On failure the message names the file
 * or the folder; abort removes what was not renamed.
 */
enum mb_status mb_transaction_commit(struct mb_transaction *tx, struct mb_error *err);

/* Remove every temporary file not yet renamed; the folder stays locked. */
void mb_transaction_abort(struct mb_transaction *tx);

/* Abort, release the folder's lock and free; tx is zeroed. */
void mb_transaction_close(struct mb_transaction *tx);

/*
 * A message naming a temporary file (a library's, or mazeproof's) names its
 * final name instead: every temporary path in the string buf (of size
 * bytes) is replaced, the text cut at size if it grows past it.
 */
void mb_transaction_say_final_names(const struct mb_transaction *tx, char *buf, size_t size);

#endif
