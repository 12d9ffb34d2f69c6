/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The output folder of `mazebook build`: the guards that keep a build from
 * writing over its own inputs or another book, and the build's files as
 * one transaction (mazebook/io/transaction.h: every file written under a
 * temporary name, renamed into place only once the whole build passed,
 * build_sign.c running the commit), never a half-written file under a
 * final name.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mazebook/base/xalloc.h"
#include "mazebook/book/manifest.h"

#include "build.h"

static bool same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/*
 * Refuse an output folder where a final name is the spec or the secret
 * key (the same file, reached by any path): renaming over it would
 * destroy the input. Checked before anything is written.
 */
enum mb_status build_check_inputs_safe(struct build *b, struct mb_error *err)
{
	const char *inputs[2] = { b->spec.path, b->key_path };
	const char *what[2] = { "the spec", "the secret key" };

	/* the folder is what gets uploaded: a secret key must not sit in it */
	if (b->key_path) {
		char *key_dir = xstrdup(b->key_path);
		char *slash = strrchr(key_dir, '/');
		struct stat kd, od;
		bool inside;

		if (slash)
			slash[slash == key_dir ? 1 : 0] = '\0';
		inside = !stat(slash ? key_dir : ".", &kd) && !stat(b->out_dir, &od) &&
			 same_file(&kd, &od);
		free(key_dir);
		if (inside)
			return mb_error_set(err, MB_ERR_INPUT,
					    "the output folder '%s' holds the secret key '%s': keep "
					    "the key out of the folder you upload (choose another "
					    "folder with -o)", b->out_dir, b->key_path);
	}

	/* a folder under a final name would fail its rename after others succeeded */
	for (int i = 0; i <= FILE_COUNT; i++) {
		char *path = build_out_path(b, i < FILE_COUNT ? file_names[i] : signature_name);
		struct stat st;
		bool folder = !lstat(path, &st) && S_ISDIR(st.st_mode);

		if (folder) {
			mb_error_set(err, MB_ERR_IO, "cannot write '%s': it is a folder; move it away "
				     "or choose another output folder", path);
			free(path);
			return MB_ERR_IO;
		}
		free(path);
	}

	for (int k = 0; k < 2; k++) {
		struct stat in;

		if (!inputs[k] || stat(inputs[k], &in))
			continue;
		for (int i = 0; i <= FILE_COUNT; i++) {
			const char *name = i < FILE_COUNT ? file_names[i] : signature_name;
			char *path = build_out_path(b, name);
			struct stat out;
			bool clash = !stat(path, &out) && same_file(&in, &out);

			free(path);
			if (clash && k == 0 && i == FILE_SPEC) {
				b->spec_in_place = true;	/* recorded as it is, never copied */
				continue;
			}
			if (clash)
				return mb_error_set(err, MB_ERR_INPUT,
						    "the output folder '%s' holds %s '%s' as '%s': "
						    "the build would write over it; choose another "
						    "folder with -o or rename the file",
						    b->out_dir, what[k], inputs[k], name);
		}
	}
	return MB_OK;
}

/*
 * A folder that holds another book (its manifest names another title or
 * another spec file) is not replaced without --force: two specs left at
 * init's "output: out/" in one folder used to overwrite each other
 * without a word. A folder without a manifest, or this book's own, is fine.
 */
enum mb_status build_check_other_book(const struct build *b, bool force, struct mb_error *err)
{
	char *path = build_out_path(b, file_names[FILE_MANIFEST]);
	const char *slash = b->spec.path ? strrchr(b->spec.path, '/') : NULL;
	const char *source = b->spec.path ? (slash ? slash + 1 : b->spec.path) : "";
	char *text = NULL, *old_title = NULL, *old_source = NULL;
	size_t len = 0;
	enum mb_status st = MB_OK;
	FILE *f = force ? NULL : fopen(path, "rb");

	if (f) {
		/* the title and source are on the first lines: 64 KB is plenty */
		text = xmalloc(65536);
		len = fread(text, 1, 65536, f);
		fclose(f);
		mb_manifest_read_book(text, len, &old_title, &old_source);
		if ((old_title && strcmp(old_title, b->spec.title)) ||
		    (old_source && strcmp(old_source, source)))
			st = mb_error_set(err, MB_ERR_INPUT,
					  "the output folder '%s' holds another book, \"%s\" built "
					  "from '%s': building \"%s\" from '%s' would replace it; "
					  "choose another folder (-o, or 'output:' in the spec), or "
					  "pass --force to replace it",
					  b->out_dir, old_title ? old_title : "?",
					  old_source ? old_source : "?", b->spec.title, source);
	}
	free(text);
	free(old_title);
	free(old_source);
	free(path);
	return st;
}

/* the spec's output folder, once made, is still inside the spec's folder (no race) */
enum mb_status build_output_still_inside(const struct build *b, struct mb_error *err)
{
	char *dir = NULL;
	enum mb_status st = mb_spec_output_dir(&b->spec, &dir, err);

	free(dir);
	return st;
}

/*
 * Open the build's transaction on the output folder: locked, and cleared
 * of what killed builds left in it (never the spec, were it named so).
 */
enum mb_status build_claim_out_dir(struct build *b, const struct timespec *started,
				   struct mb_error *err)
{
	struct stat spec;

	return mb_transaction_open(&b->tx, b->out_dir, file_names, FILE_COUNT, started,
				   stat(b->spec.path, &spec) ? NULL : &spec, err);
}

enum mb_status build_begin_all(struct build *b, struct mb_error *err)
{
	for (int i = 0; i < FILE_COUNT; i++) {
		if (i == FILE_SPEC && b->spec_in_place)
			continue;
		if (mb_transaction_begin(&b->tx, (size_t)i, is_stream((enum build_file)i), err))
			return MB_ERR_IO;
	}
	return MB_OK;
}

void build_abort_all(struct build *b)
{
	mb_transaction_abort(&b->tx);
}

/* copy the file at path into an output stream; write errors show at the flush or sync */
enum mb_status build_copy_into(const char *path, FILE *to, struct mb_error *err)
{
	char buf[8192];
	size_t n;
	FILE *in = fopen(path, "rb");

	if (!in)
		return mb_error_set(err, MB_ERR_IO, "cannot read '%s': %s", path, strerror(errno));
	while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
		if (fwrite(buf, 1, n, to) != n)
			break;
	if (ferror(in)) {
		int e = errno;

		fclose(in);
		return mb_error_set(err, MB_ERR_IO, "cannot read '%s': %s", path, strerror(e));
	}
	fclose(in);
	return MB_OK;
}

char *build_out_path(const struct build *b, const char *name)
{
	return xasprintf("%s/%s", b->out_dir, name);
}

/*
 * A user knows the files by their final names: a message (from a library
 * that wrote a temporary file, or from mazeproof) names that instead.
 */
void build_say_final_names(const struct build *b, char *buf, size_t size)
{
	mb_transaction_say_final_names(&b->tx, buf, size);
}

int build_fail(struct mb_error *err)
{
	char buf[MB_ERROR_FILE_MAX + MB_ERROR_MESSAGE_MAX + 32];

	return mb_command_fail(&mb_cmd_build, "%s", mb_error_format(err, buf, sizeof(buf)));
}
