/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* Temporary file + fsync + rename; see include/mazebook/io/output.h. */
#include "config.h"
#include "mazebook/io/output.h"

#include <errno.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mazebook/base/xalloc.h"

static void release(struct mb_output *out)
{
	free(out->final_path);
	free(out->temp_path);
	memset(out, 0, sizeof(*out));
}

enum mb_status mb_output_begin(struct mb_output *out, const char *final_path,
			       bool open_stream, int mode, struct mb_error *err)
{
	const char *slash = strrchr(final_path, '/');
	size_t dirlen = slash ? (size_t)(slash - final_path) + 1 : 0;
	mode_t mask;
	int fd;

	memset(out, 0, sizeof(*out));
	out->final_path = xstrdup(final_path);
	out->temp_path = xasprintf("%.*s.%s.tmp-XXXXXX", (int)dirlen, final_path,
				   final_path + dirlen);
	fd = mkstemp(out->temp_path);
	if (fd < 0) {
		int e = errno;

		mb_error_set(err, MB_ERR_IO, "cannot write '%s': %s", final_path, strerror(e));
		release(out);
		return MB_ERR_IO;
	}
	/* mkstemp makes 0600; give the file the mode a plain creat() would */
	mask = umask(0);
	umask(mask);
	out->mode = (int)((mode_t)(mode ? mode : 0644) & ~mask);
	fchmod(fd, (mode_t)out->mode);
	if (open_stream) {
		out->fp = fdopen(fd, "wb");
		if (!out->fp) {
			close(fd);
			mb_output_abort(out);
			return mb_error_set(err, MB_ERR_IO, "cannot write '%s': %s",
					    final_path, strerror(errno));
		}
	} else {
		close(fd);
	}
	return MB_OK;
}

enum mb_status mb_output_sync(struct mb_output *out, struct mb_error *err)
{
	int fd, e = 0;

	if (out->synced)
		return MB_OK;
	if (out->fp) {
		if (fflush(out->fp) || ferror(out->fp) || fchmod(fileno(out->fp), (mode_t)out->mode) ||
		    fsync(fileno(out->fp)))
			e = errno ? errno : EIO;
		if (fclose(out->fp) && !e)
			e = errno;
		out->fp = NULL;
	} else {
		/*
		 * a library wrote the file by name, maybe creating it anew with
		 * its own mode: give it ours and sync what it wrote
		 */
		fd = open(out->temp_path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
		if (fd < 0 || fchmod(fd, (mode_t)out->mode) || fsync(fd))
			e = errno;
		if (fd >= 0)
			close(fd);
	}
	if (e) {
		mb_error_set(err, MB_ERR_IO, "cannot write '%s': %s", out->final_path, strerror(e));
		mb_output_abort(out);
		return MB_ERR_IO;
	}
	out->synced = true;
	return MB_OK;
}

enum mb_status mb_output_commit(struct mb_output *out, struct mb_error *err)
{
	if (mb_output_sync(out, err))
		return MB_ERR_IO;
	if (rename(out->temp_path, out->final_path)) {
		mb_error_set(err, MB_ERR_IO, "cannot write '%s': %s", out->final_path,
			     strerror(errno));
		mb_output_abort(out);
		return MB_ERR_IO;
	}
	release(out);
	return MB_OK;
}

void mb_output_abort(struct mb_output *out)
{
	if (out->fp)
		fclose(out->fp);
	if (out->temp_path)
		unlink(out->temp_path);
	release(out);
}

enum mb_status mb_output_mkdirs(const char *path, struct mb_error *err)
{
	char *p;
	struct stat st;

	if (!*path)
		return mb_error_set(err, MB_ERR_IO, "the output folder name is empty");
	p = xstrdup(path);
	for (char *s = p + 1;; s++) {
		char c = *s;

		if (c != '/' && c != '\0')
			continue;
		*s = '\0';
		if (mkdir(p, 0755) && errno != EEXIST) {
			mb_error_set(err, MB_ERR_IO, "cannot create folder '%s': %s", p, strerror(errno));
			free(p);
			return MB_ERR_IO;
		}
		*s = c;
		if (!c)
			break;
	}
	if (stat(p, &st) || !S_ISDIR(st.st_mode)) {
		mb_error_set(err, MB_ERR_IO, "cannot use '%s' as the output folder: not a folder", p);
		free(p);
		return MB_ERR_IO;
	}
	free(p);
	return MB_OK;
}

int mb_output_lock_dir(const char *dir, struct mb_error *err)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0) {
		mb_error_set(err, MB_ERR_IO, "cannot use '%s' as the output folder: %s", dir,
			     strerror(errno));
		return -1;
	}
	while (flock(fd, LOCK_EX | LOCK_NB)) {
		int e = errno;

		if (e == EINTR)
			continue;
		close(fd);
		if (e == EWOULDBLOCK)
			mb_error_set(err, MB_ERR_IO, "another mazebook is writing to '%s'; "
				     "wait for it to finish or choose another folder", dir);
		else
			mb_error_set(err, MB_ERR_IO, "cannot lock the output folder '%s': %s",
				     dir, strerror(e));
		return -1;
	}
	return fd;
}

/* ".NAME.tmp-" followed by at least the six characters mkstemp fills in */
static bool temp_name_of(const char *entry, const char *name)
{
	size_t n = strlen(name);

	return entry[0] == '.' && !strncmp(entry + 1, name, n) &&
	       !strncmp(entry + 1 + n, ".tmp-", 5) && strlen(entry + 1 + n + 5) >= 6;
}

static bool older(const struct timespec *t, const struct timespec *before)
{
	return t->tv_sec < before->tv_sec ||
	       (t->tv_sec == before->tv_sec && t->tv_nsec < before->tv_nsec);
}

size_t mb_output_remove_stale(const char *dir, const char *const *names, size_t count,
			      const struct timespec *before, const struct stat *keep)
{
	DIR *d = opendir(dir);
	struct dirent *ent;
	size_t removed = 0;

	if (!d)
		return 0;
	while ((ent = readdir(d))) {
		struct stat st;
		bool ours = false;
		char *path;

		for (size_t i = 0; i < count && !ours; i++)
			ours = temp_name_of(ent->d_name, names[i]);
		if (!ours)
			continue;
		path = xasprintf("%s/%s", dir, ent->d_name);
		if (!lstat(path, &st) && S_ISREG(st.st_mode) && older(&st.st_mtim, before) &&
		    !(keep && st.st_dev == keep->st_dev && st.st_ino == keep->st_ino) &&
		    !unlink(path))
			removed++;
		free(path);
	}
	closedir(d);
	return removed;
}
