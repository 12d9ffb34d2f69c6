/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* A folder's files written as one change; see include/mazebook/io/transaction.h. */
#include "config.h"
#include "mazebook/io/transaction.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mazebook/base/xalloc.h"

enum mb_status mb_transaction_open(struct mb_transaction *tx, const char *dir,
				   const char *const *names, size_t count,
				   const struct timespec *started, const struct stat *keep,
				   struct mb_error *err)
{
	int fd = mb_output_lock_dir(dir, err);

	memset(tx, 0, sizeof(*tx));
	if (fd < 0)
		return MB_ERR_IO;
	/* the lock means no other run is writing here: every older temporary file is stale */
	mb_output_remove_stale(dir, names, count, started, keep);
	tx->dir = xstrdup(dir);
	tx->dir_fd = fd;
	tx->names = names;
	tx->count = count;
	tx->files = xcalloc(count ? count : 1, sizeof(*tx->files));
	return MB_OK;
}

enum mb_status mb_transaction_begin(struct mb_transaction *tx, size_t i, bool open_stream,
				    struct mb_error *err)
{
	char *path = xasprintf("%s/%s", tx->dir, tx->names[i]);
	enum mb_status st = mb_output_begin(&tx->files[i], path, open_stream, 0, err);

	free(path);
	return st;
}

enum mb_status mb_transaction_sync(struct mb_transaction *tx, struct mb_error *err)
{
	for (size_t i = 0; i < tx->count; i++)
		if (tx->files[i].temp_path && mb_output_sync(&tx->files[i], err))
			return MB_ERR_IO;
	return MB_OK;
}

void mb_transaction_add_last(struct mb_transaction *tx, const char *temp_path, const char *name)
{
	free(tx->last_temp);
	free(tx->last_final);
	tx->last_temp = xstrdup(temp_path);
	tx->last_final = xasprintf("%s/%s", tx->dir, name);
}

/*
 * Everything that can fail or take time (the sync; the caller's signing
 * before this) is done before the first rename, so the renames run back
 * to back.
 */
enum mb_status mb_transaction_commit(struct mb_transaction *tx, struct mb_error *err)
{
	if (mb_transaction_sync(tx, err))
		return MB_ERR_IO;
	for (size_t i = 0; i < tx->count; i++)
		if (tx->files[i].temp_path && mb_output_commit(&tx->files[i], err))
			return MB_ERR_IO;
	if (tx->last_temp && rename(tx->last_temp, tx->last_final))
		return mb_error_set(err, MB_ERR_IO, "cannot write '%s': %s", tx->last_final,
				    strerror(errno));
	free(tx->last_temp);
	free(tx->last_final);
	tx->last_temp = tx->last_final = NULL;
	/* EINVAL: a file system that cannot sync a folder has nothing to lose by it */
	if (fsync(tx->dir_fd) && errno != EINVAL)
		return mb_error_set(err, MB_ERR_IO, "cannot sync the folder '%s': %s", tx->dir,
				    strerror(errno));
	return MB_OK;
}

void mb_transaction_abort(struct mb_transaction *tx)
{
	for (size_t i = 0; i < tx->count; i++)
		mb_output_abort(&tx->files[i]);
	if (tx->last_temp)
		unlink(tx->last_temp);
	free(tx->last_temp);
	free(tx->last_final);
	tx->last_temp = tx->last_final = NULL;
}

void mb_transaction_close(struct mb_transaction *tx)
{
	mb_transaction_abort(tx);
	if (tx->dir)
		close(tx->dir_fd);	/* releases the folder's lock */
	free(tx->dir);
	free(tx->files);
	memset(tx, 0, sizeof(*tx));
}

/* replace every `from` in the string buf (of size bytes) by `to`, truncating if need be */
static void replace_all(char *buf, size_t size, const char *from, const char *to)
{
	size_t flen = strlen(from), tlen = strlen(to);
	char *hit, *p = buf;

	if (!flen)
		return;
	while ((hit = strstr(p, from))) {
		size_t tail = strlen(hit + flen);
		size_t room = size - 1 - (size_t)(hit - buf);
		size_t t = tlen < room ? tlen : room;

		memmove(hit + t, hit + flen, tail + 1 > room - t + 1 ? room - t + 1 : tail + 1);
		memcpy(hit, to, t);
		buf[size - 1] = '\0';
		p = hit + t;
	}
}

void mb_transaction_say_final_names(const struct mb_transaction *tx, char *buf, size_t size)
{
	for (size_t i = 0; i < tx->count; i++)
		if (tx->files[i].temp_path)
			replace_all(buf, size, tx->files[i].temp_path, tx->files[i].final_path);
}
