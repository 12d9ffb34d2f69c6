/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* Reading only regular files; see include/mazebook/io/regular_file.h. */
#include "config.h"
#include "mazebook/io/regular_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mazebook/base/xalloc.h"

/* what st is when it is not a regular file, for the message */
static const char *kind_of(const struct stat *st)
{
	if (S_ISDIR(st->st_mode))
		return "a folder";
	if (S_ISFIFO(st->st_mode))
		return "a named pipe";
	if (S_ISCHR(st->st_mode) || S_ISBLK(st->st_mode))
		return "a device";
	if (S_ISSOCK(st->st_mode))
		return "a socket";
	return "not a file";
}

static enum mb_status not_regular(const char *path, const char *what, const struct stat *st,
				  struct mb_error *err)
{
	return mb_error_set(err, MB_ERR_INPUT, "%s '%s' is %s, not a regular file", what, path,
			    kind_of(st));
}

int mb_open_regular(const char *path, const char *what, struct mb_error *err)
{
	struct stat before, after;
	int fd;

	if (stat(path, &before)) {
		mb_error_set(err, MB_ERR_IO, "cannot read %s '%s': %s", what, path,
			     strerror(errno));
		return -1;
	}
	if (!S_ISREG(before.st_mode)) {
		not_regular(path, what, &before, err);
		return -1;
	}
	/* O_NONBLOCK: a FIFO put in the file's place since the stat cannot block the open */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0) {
		mb_error_set(err, MB_ERR_IO, "cannot read %s '%s': %s", what, path,
			     strerror(errno));
		return -1;
	}
	if (fstat(fd, &after) || !S_ISREG(after.st_mode)) {
		close(fd);
		not_regular(path, what, &after, err);
		return -1;
	}
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	return fd;
}

enum mb_status mb_read_regular(const char *path, size_t max_bytes, const char *what,
			       unsigned char **data, size_t *len, struct mb_error *err)
{
	int fd = mb_open_regular(path, what, err);
	struct stat st;
	unsigned char *buf;
	size_t n = 0, cap;

	*data = NULL;
	*len = 0;
	if (fd < 0)
		return err ? err->code : MB_ERR_IO;
	if (fstat(fd, &st) || (uintmax_t)st.st_size > max_bytes) {
		close(fd);
		return mb_error_set(err, MB_ERR_LIMIT, "%s '%s' is %jd bytes: a %s may have at "
				    "most %zu bytes", what, path, (intmax_t)st.st_size, what,
				    max_bytes);
	}
	/* the size stat gave, and one byte more to see a file that grew past the bound */
	cap = (size_t)st.st_size + 1;
	buf = xmalloc(cap + 1);
	for (;;) {
		ssize_t r = read(fd, buf + n, cap - n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int e = errno;

			close(fd);
			free(buf);
			return mb_error_set(err, MB_ERR_IO, "cannot read %s '%s': %s", what, path,
					    strerror(e));
		}
		if (r == 0)
			break;
		n += (size_t)r;
		if (n == cap) {
			if (cap > max_bytes) {
				close(fd);
				free(buf);
				return mb_error_set(err, MB_ERR_LIMIT, "%s '%s' grew past %zu "
						    "bytes while it was read: a %s may have at "
						    "most %zu bytes", what, path, max_bytes, what,
						    max_bytes);
			}
			cap = cap * 2 > max_bytes + 1 ? max_bytes + 1 : cap * 2;
			buf = xrealloc(buf, cap + 1);
		}
	}
	close(fd);
	buf[n] = '\0';
	*data = buf;
	*len = n;
	return MB_OK;
}
