/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * `mazebook init [FILE] [--force]`: write the commented starter spec.
 * The text goes to a temporary file beside FILE first and is then moved
 * into place, so an interrupted run never leaves half a spec. Without
 * --force it is linked in with link(2), which refuses an existing FILE
 * atomically rather than checking first and racing.
 *
 * The spec gets a fresh seed and book id drawn from the OS (getrandom),
 * once: from then on the spec rebuilds the same book, and two books made
 * from the starter never share their mazes.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "mazebook/base/xalloc.h"
#include "mazebook/book/spec.h"
#include "mazebook/cmd/command.h"
#include "mazebook/cmd/options.h"

extern const struct mb_command mb_cmd_init;

/* Write all of text to fd; false with errno set on failure. */
static int write_all(int fd, const char *text, size_t len)
{
	while (len) {
		ssize_t n = write(fd, text, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return 0;
		text += n;
		len -= (size_t)n;
	}
	return 1;
}

/* the copyright year the starter gets: init's, once (the build never reads the clock) */
static int this_year(void)
{
	time_t now = time(NULL);
	struct tm tm;

	return localtime_r(&now, &tm) ? tm.tm_year + 1900 : 2026;
}

/* n random bytes from the OS; false (errno set) when it has none to give */
static bool os_random(void *buf, size_t n)
{
	unsigned char *p = buf;

	while (n) {
		ssize_t got = getrandom(p, n, 0);

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return false;
		p += got;
		n -= (size_t)got;
	}
	return true;
}

static int write_starter(const char *path, int force, const char *text)
{
	char *tmp = xasprintf("%s.XXXXXX", path);
	mode_t mask;
	int fd, e;

	fd = mkstemp(tmp);
	if (fd < 0) {
		e = errno;
		free(tmp);
		return mb_command_fail(&mb_cmd_init, "cannot write '%s': %s", path, strerror(e));
	}
	/* mkstemp makes 0600; a spec is an ordinary file: 0666 less the umask */
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask) || !write_all(fd, text, strlen(text)) ||
	    fsync(fd)) {
		e = errno;
		close(fd);
		goto fail;
	}
	if (close(fd)) {
		e = errno;
		goto fail;
	}
	if (force) {
		if (rename(tmp, path)) {
			e = errno;
			goto fail;
		}
	} else {
		if (link(tmp, path)) {
			e = errno;
			unlink(tmp);
			free(tmp);
			if (e == EEXIST)
				return mb_command_fail(&mb_cmd_init,
						       "'%s' already exists; not overwritten (use --force to replace it)",
						       path);
			return mb_command_fail(&mb_cmd_init, "cannot write '%s': %s", path,
					       strerror(e));
		}
		unlink(tmp);
	}
	free(tmp);
	return MB_EXIT_OK;
fail:
	unlink(tmp);
	free(tmp);
	return mb_command_fail(&mb_cmd_init, "cannot write '%s': %s", path, strerror(e));
}

static int run_init(int argc, char **argv)
{
	enum { FORCE };
	static const struct mb_option table[] = {
		[FORCE] = { "force", 'f', false },
	};
	struct mb_options opts;
	const char *path = "book.yaml";
	struct stat st;
	int force = 0;
	int c;

	mb_options_init(&opts, table, sizeof(table) / sizeof(table[0]), argc, argv);
	while ((c = mb_options_next(&opts)) != MB_OPTIONS_END) {
		switch (c) {
		case FORCE:
			force = 1;
			break;
		default:
			return mb_command_usage_error(&mb_cmd_init, "unknown option '%s'", opts.arg);
		}
	}
	if (argc - opts.index > 1)
		return mb_command_usage_error(&mb_cmd_init, "too many arguments (one FILE at most)");
	if (opts.index < argc)
		path = argv[opts.index];
	if (!path[0])
		return mb_command_usage_error(&mb_cmd_init, "FILE must not be empty");
	/* a folder is never replaced, not even with --force */
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return mb_command_fail(&mb_cmd_init, "cannot write '%s': it is a folder", path);
	{
		unsigned char r[14];
		uint64_t seed = 0;
		char id[32], *text;
		int wrote;

		if (!os_random(r, sizeof(r)))
			return mb_command_fail(&mb_cmd_init, "cannot draw a random seed from the OS: %s",
					       strerror(errno));
		for (int i = 0; i < 8; i++)
			seed = seed << 8 | r[i];
		snprintf(id, sizeof(id), "book-%02x%02x%02x%02x%02x%02x", r[8], r[9], r[10], r[11],
			 r[12], r[13]);
		text = mb_spec_starter_with(seed, id, this_year());
		wrote = write_starter(path, force, text);
		free(text);
		if (wrote != MB_EXIT_OK)
			return MB_EXIT_FAIL;
	}
	printf("wrote %s: edit it, then run 'mazebook build %s'\n", path, path);
	return MB_EXIT_OK;
}

const struct mb_command mb_cmd_init = {
	.name = "init",
	.summary = "write a commented starter book spec",
	.usage = "[FILE] [--force]",
	.help = "Write a starter spec with every key explained to FILE (default\n"
		"book.yaml). An existing FILE is kept unless --force is given.\n"
		"Its seed and book id are drawn at random from the OS, once: the spec\n"
		"then always rebuilds the same book, and two starters never share a maze.\n"
		"\n"
		"options:\n"
		"  -f, --force   replace FILE if it exists\n"
		"\n"
		"example:\n"
		"  mazebook init my-book.yaml\n",
	.run = run_init,
};
