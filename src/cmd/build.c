/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * `mazebook build SPEC`: the main job. Read the spec, choose the mazes,
 * plan the pages, write the interior, the cover, the manifest and the
 * previews; prove the printed mazes with mazeproof and run the KDP
 * preflight on what was written; only then put the files in place and
 * sign the checklist.
 *
 * Every file is written under a temporary name in the output folder and
 * renamed at the end, after every check has passed: a failed or killed
 * build leaves no half-written file under a final name and does not
 * touch the previous good output. The checklist goes in last, so a
 * checklist never describes files that are not there yet.
 *
 * Guarantees against losing work (tests/cli/cli_harden_output.sh):
 * - the output folder is locked (flock) for the whole build: two builds
 *   never interleave their renames in one folder;
 * - all slow work (writing, fsync, signing the checklist under its
 *   temporary name) is done before the first rename, so the renames run
 *   back to back: a kill leaves at worst a syscall-wide window where some
 *   files are new and the signature does not match yet (verify says so);
 * - temporary files that a killed build left (".NAME.tmp-*") are removed
 *   by the next build into that folder;
 * - the spec and the secret key are never written over: a folder whose
 *   output names are those files is refused before anything is written,
 *   and so is a folder that holds the secret key (it is what gets uploaded);
 * - a final name that is a symbolic link is replaced, never followed.
 *
 * The catalogue (mazebook/catalogue.h) never changes the book: a maze
 * another book printed stops the build before anything is written. The
 * book's rows are written in one transaction just before the renames and
 * committed just after them, so a failed or killed build records nothing;
 * a kill between the renames and the commit leaves the files unrecorded,
 * which the next build of the book or `catalogue import DIR` mends.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <time.h>
#include <unistd.h>

#include "mazebook/book.h"
#include "mazebook/catalogue.h"
#include "mazebook/command.h"
#include "mazebook/contact_sheet.h"
#include "mazebook/cost.h"
#include "mazebook/cover.h"
#include "mazebook/fonts.h"
#include "mazebook/interior.h"
#include "mazebook/isbn.h"
#include "mazebook/json.h"
#include "mazebook/kdp.h"
#include "mazebook/labels.h"
#include "mazebook/layout.h"
#include "mazebook/manifest.h"
#include "mazebook/number.h"
#include "mazebook/output.h"
#include "mazebook/pages.h"
#include "mazebook/shape_load.h"
#include "mazebook/preflight.h"
#include "mazebook/probe.h"
#include "mazebook/sign.h"
#include "mazebook/spec.h"
#include "mazebook/xalloc.h"

extern const struct mb_command mb_cmd_build;

/* the files a build writes, in the order they are put in place */
enum build_file {
	FILE_INTERIOR,
	FILE_COVER,
	FILE_MANIFEST,
	FILE_SPEC,		/* a copy of the spec: the checklist hashes it */
	FILE_COVER_PREVIEW,
	FILE_PAGE_PREVIEW,
	FILE_BOOK_PREVIEW,	/* the contact sheet: every page, as the book opens */
	FILE_PUBLIC_KEY,
	FILE_CHECKLIST_JSON,
	FILE_CHECKLIST,		/* last: it vouches for the others */
	FILE_COUNT
};

static const char *const file_names[FILE_COUNT] = {
	[FILE_INTERIOR] = "interior.pdf",
	[FILE_COVER] = "cover.pdf",
	[FILE_MANIFEST] = "manifest.json",
	[FILE_SPEC] = "spec.yaml",
	[FILE_COVER_PREVIEW] = "cover-preview.png",
	[FILE_PAGE_PREVIEW] = "page-preview.png",
	[FILE_BOOK_PREVIEW] = "book-preview.png",
	[FILE_PUBLIC_KEY] = "mazebook.pub",
	[FILE_CHECKLIST_JSON] = "checklist.json",
	[FILE_CHECKLIST] = "checklist.txt",
};

/* written through a stdio stream rather than by a library given the path */
static bool is_stream(enum build_file f)
{
	return f == FILE_MANIFEST || f == FILE_CHECKLIST || f == FILE_CHECKLIST_JSON ||
	       f == FILE_PUBLIC_KEY || f == FILE_SPEC;
}

/* one pixel a point: a screen-sized look at the layout (the PDFs are what print) */
#define PREVIEW_DPI 72.0
#define FAULT_PICTURES_DIR "faults"	/* beside the files, when a check fails */
#define FAULT_PICTURES_MAX 100		/* interior pages pictured */

/* the stages `--timings` reports, in the order they run */
enum build_stage {
	STAGE_SPEC,		/* reading the spec, the glyph check, the key, the page plan */
	STAGE_MAZES,
	STAGE_INTERIOR,
	STAGE_COVER,		/* the cover and its preview: wall time, beside the interior */
	STAGE_PREVIEWS,		/* the page preview, with the manifest and the spec's copy */
	STAGE_PROOF,		/* mazeproof's own CPU time: it runs beside the stages after the interior */
	STAGE_PREFLIGHT,
	STAGE_CHECKS,		/* the preflight and then the wait for the proof, wall time */
	STAGE_SIGNING,		/* the checklists, syncing, signing and renaming */
	STAGE_COUNT
};

static const char *const stage_names[STAGE_COUNT] = {
	[STAGE_SPEC] = "spec",
	[STAGE_MAZES] = "mazes",
	[STAGE_INTERIOR] = "interior",
	[STAGE_COVER] = "cover",
	[STAGE_PREVIEWS] = "previews",
	[STAGE_PROOF] = "proof",
	[STAGE_PREFLIGHT] = "preflight",
	[STAGE_CHECKS] = "checks",
	[STAGE_SIGNING] = "signing",
};

/*
 * The cover PDF and its preview, made in a thread beside the interior
 * (they need the page count, not the interior file): the second core is
 * otherwise idle until mazeproof starts. cairo and Pango there, libharu
 * here: the two share no state.
 */
struct cover_run {
	pthread_t thread;
	bool running;		/* started and not yet joined */
	struct build *b;
	struct mb_error err;
	enum mb_status st;
	double cover_s, preview_s;	/* wall time of each */
	char *proof_sheet;	/* the cover's mazes for mazeproof (a temporary file), or NULL */
	FILE *proof_pipe;	/* mazeproof at work on it (start_cover_proof), or NULL */
	size_t proof_mazes;	/* how many it holds */
};

/*
 * The interior's document with its fonts loaded, in a thread beside the
 * last checks before anything is written (the cover's, the catalogue's):
 * libharu's two faces took 0.06 s with the second core idle.
 */
struct interior_run {
	pthread_t thread;
	bool running;		/* started and not yet joined */
	const struct mb_book_spec *spec;
	struct mb_interior *doc;	/* open, or NULL */
	struct mb_error err;
	enum mb_status st;
	bool started;
};

/* mazeproof, running beside the rest of the build */
struct proof_run {
	pid_t pid;	/* or -1 */
	int out_fd;	/* its stdout and stderr */
};

struct build {
	struct mb_book_spec spec;
	struct mb_book book;
	struct mb_page_plan plan;
	char *out_dir;
	struct mb_output out[FILE_COUNT];
	struct mb_checklist checklist;
	char *key_path;		/* the secret key that signs the checklist */
	char *public_key_path;
	bool key_created;	/* this build made the key pair */
	bool spec_in_place;	/* the spec is DIR/spec.yaml itself: no copy */
	struct proof_run proof;	/* started once the interior is written */
	struct cover_run cover;	/* beside the interior */
	char spine_note[192];	/* the cover's spine: its text, or why none */
	struct interior_run interior;	/* its document, opened beside the last checks */
	double sheet_s;		/* the contact sheet's own time, within the preflight's */
	char *proof_summary;	/* mazeproof's last line */
	char *signature_temp;	/* the checklist's signature, before its rename */
	int dir_fd;		/* the locked output folder, or -1 */
	bool progress;		/* stderr is a terminal: show a progress line */
	bool quiet;
	struct mb_cost cost;	/* what this edition costs and earns */
	bool timings;		/* --timings: each stage's time to stderr */
	double stage_s[STAGE_COUNT];
	double lap;		/* when the running stage began */
	const char *catalogue_opt;	/* --catalogue WHERE, or NULL */
	struct mb_catalogue *cat;	/* NULL: catalogue: none */
	struct mb_catalogue_maze *cat_mazes;	/* the book's, for the catalogue */
	size_t cat_count;			/* its numbered mazes and the others */
	char book_id[MB_SPEC_MAX_BOOK_ID + 32];
	long long cat_size[2];	/* the catalogue's mazes and books, this book's left out */
};

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* end the running stage (its time adds up) and start the next */
static void lap(struct build *b, enum build_stage stage)
{
	double t = now_s();

	b->stage_s[stage] += t - b->lap;
	b->lap = t;
}

/* the progress line on a terminal: one line, rewritten in place */
static void show_stage(const struct build *b, const char *stage)
{
	if (b->progress)
		fprintf(stderr, "\r\033[Kmazebook build: %s", stage);
}

static void show_progress(size_t done, size_t total, void *data)
{
	const struct build *b = data;
	char line[64];

	if (done == total || done % 5 == 0) {
		snprintf(line, sizeof(line), "mazes %zu/%zu", done, total);
		show_stage(b, line);
	}
}

/* wipe the progress line before the summary or an error */
static void end_progress(const struct build *b)
{
	if (b->progress)
		fputs("\r\033[K", stderr);
}

static char *out_path(const struct build *b, const char *name)
{
	return xasprintf("%s/%s", b->out_dir, name);
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

/*
 * A user knows the files by their final names: a message (from a library
 * that wrote a temporary file, or from mazeproof) names that instead.
 */
static void say_final_names(const struct build *b, char *buf, size_t size)
{
	for (int i = 0; i < FILE_COUNT; i++)
		if (b->out[i].temp_path)
			replace_all(buf, size, b->out[i].temp_path, b->out[i].final_path);
}

static int fail(struct mb_error *err)
{
	char buf[MB_ERROR_FILE_MAX + MB_ERROR_MESSAGE_MAX + 32];

	return mb_command_fail(&mb_cmd_build, "%s", mb_error_format(err, buf, sizeof(buf)));
}

/* the final name of the signature, written beside the checklist */
static const char signature_name[] = "checklist.txt" MB_SIGN_SUFFIX;

static bool same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/*
 * Refuse an output folder where a final name is the spec or the secret
 * key (the same file, reached by any path): renaming over it would
 * destroy the input. Checked before anything is written.
 */
static enum mb_status check_inputs_safe(struct build *b, struct mb_error *err)
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
		char *path = out_path(b, i < FILE_COUNT ? file_names[i] : signature_name);
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
			char *path = out_path(b, name);
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
static enum mb_status check_other_book(const struct build *b, bool force, struct mb_error *err)
{
	char *path = out_path(b, file_names[FILE_MANIFEST]);
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
static enum mb_status output_still_inside(const struct build *b, struct mb_error *err)
{
	char *dir = NULL;
	enum mb_status st = mb_spec_output_dir(&b->spec, &dir, err);

	free(dir);
	return st;
}

/*
 * Lock the output folder and remove what killed builds left in it. The
 * lock means no other build is running here, so every temporary file of
 * ours from before this run is stale.
 */
static enum mb_status claim_out_dir(struct build *b, const struct timespec *started,
				    struct mb_error *err)
{
	const char *names[FILE_COUNT];
	struct stat spec;

	b->dir_fd = mb_output_lock_dir(b->out_dir, err);
	if (b->dir_fd < 0)
		return MB_ERR_IO;
	for (int i = 0; i < FILE_COUNT; i++)
		names[i] = file_names[i];
	mb_output_remove_stale(b->out_dir, names, FILE_COUNT, started,
			       stat(b->spec.path, &spec) ? NULL : &spec);
	return MB_OK;
}

static enum mb_status begin_all(struct build *b, struct mb_error *err)
{
	for (int i = 0; i < FILE_COUNT; i++) {
		char *path;
		enum mb_status st;

		if (i == FILE_SPEC && b->spec_in_place)
			continue;
		path = out_path(b, file_names[i]);
		st = mb_output_begin(&b->out[i], path, is_stream((enum build_file)i), 0, err);

		free(path);
		if (st)
			return st;
	}
	return MB_OK;
}

static void abort_all(struct build *b)
{
	for (int i = 0; i < FILE_COUNT; i++)
		mb_output_abort(&b->out[i]);
	if (b->signature_temp)
		unlink(b->signature_temp);
	free(b->signature_temp);
	b->signature_temp = NULL;
}

/* copy the file at path into an output stream; write errors show at the flush or sync */
static enum mb_status copy_into(const char *path, FILE *to, struct mb_error *err)
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

static enum mb_status start_proof(struct build *b, struct proof_run *p, struct mb_error *err);
static void start_cover_proof(struct build *b);

static void *make_cover(void *data)
{
	struct cover_run *r = data;
	struct build *b = r->b;
	double t0 = now_s(), t1;

	r->st = mb_cover_write(&b->spec, &b->book, b->plan.page_count,
			       b->out[FILE_COVER].temp_path, &r->err);
	t1 = now_s();
	if (r->st == MB_OK)
		r->st = mb_cover_preview_png(&b->spec, &b->book, b->plan.page_count,
					     b->out[FILE_COVER_PREVIEW].temp_path, PREVIEW_DPI,
					     &r->err);
	/* the cover's puzzles as they print, for mazeproof after the interior's proof */
	if (r->st == MB_OK) {
		r->proof_sheet = xasprintf("%s.proof", b->out[FILE_COVER].temp_path);
		r->st = mb_cover_proof_sheet(&b->spec, &b->book, b->plan.page_count,
					     r->proof_sheet, &r->proof_mazes, &r->err);
	}
	r->cover_s = t1 - t0;
	r->preview_s = now_s() - t1;
	return NULL;
}

/* the cover in its thread; made here and now when no thread can start */
static void start_cover(struct build *b)
{
	struct cover_run *r = &b->cover;

	r->b = b;
	mb_error_init(&r->err);
	r->running = !pthread_create(&r->thread, NULL, make_cover, r);
	if (!r->running)
		make_cover(r);
}

/* wait for the cover (every way out of the build does, before its files go) */
static enum mb_status finish_cover(struct build *b, struct mb_error *err)
{
	struct cover_run *r = &b->cover;

	if (r->running) {
		pthread_join(r->thread, NULL);
		r->running = false;
	}
	if (!r->b)
		return MB_OK;	/* never started */
	b->stage_s[STAGE_COVER] = r->cover_s + r->preview_s;
	if (r->st && err)
		*err = r->err;
	return r->st;
}

static void *open_interior(void *arg)
{
	struct interior_run *r = arg;

	r->st = mb_interior_open(r->spec, &r->doc, &r->err);
	return NULL;
}

/* the interior's document in its thread; opened here and now when no thread can start */
static void start_interior(struct build *b)
{
	struct interior_run *r = &b->interior;

	r->spec = &b->spec;
	r->started = true;
	mb_error_init(&r->err);
	r->running = !pthread_create(&r->thread, NULL, open_interior, r);
	if (!r->running)
		open_interior(r);
}

/* wait for the document (every way out of the build does); its error into err */
static enum mb_status join_interior(struct build *b, struct mb_error *err)
{
	struct interior_run *r = &b->interior;

	if (r->running) {
		pthread_join(r->thread, NULL);
		r->running = false;
	}
	if (!r->started)
		BUG("the interior written before its document was opened");
	if (r->st && err)
		*err = r->err;
	return r->st;
}

/* the document closed, waited for first if it is still being opened */
static void drop_interior(struct build *b)
{
	if (!b->interior.started)
		return;
	join_interior(b, NULL);
	mb_interior_close(b->interior.doc);
	b->interior.doc = NULL;
}

static enum mb_status write_files(struct build *b, struct mb_error *err)
{
	struct mb_manifest_info info = {
		.pages = b->plan.page_count,
		.spine_in = mb_kdp_spine_in_for(b->plan.page_count,
						&(struct mb_print){ b->spec.binding, b->spec.ink,
								    b->spec.paper }),
		.maze_pages = b->plan.maze_page,
		.cost = &b->cost,
	};
	enum mb_status st;

	start_cover(b);
	st = join_interior(b, err);
	if (!st)
		st = mb_interior_write_open(b->interior.doc, &b->book, &b->plan,
					    b->out[FILE_INTERIOR].temp_path, err);
	drop_interior(b);	/* libharu's memory, of no more use */
	if (!st)
		lap(b, STAGE_INTERIOR);
	/* the proof needs only the interior: it runs while the rest is made */
	if (!st)
		st = start_proof(b, &b->proof, err);
	if (st) {
		/* the cover thread may still be writing its file: nothing outlives a failure */
		struct mb_error ignored;

		mb_error_init(&ignored);
		finish_cover(b, &ignored);
		return st;
	}
	/*
	 * the cover is whole before anything else is written: the files after
	 * it go to disk in one order (a disk that fills up fails at the same file)
	 */
	st = finish_cover(b, err);
	b->lap = now_s();	/* the wait is the cover's time, not the next stage's */
	if (st)
		return st;
	/* the cover's own mazes proven beside the interior's, while the rest is made */
	start_cover_proof(b);
	mb_manifest_write(b->out[FILE_MANIFEST].fp, &b->spec, &b->book, &info);
	/*
	 * the spec travels with the book: the folder alone rebuilds and
	 * verifies it (a spec that is the folder's spec.yaml stays as it is)
	 */
	if (!b->spec_in_place &&
	    fwrite(b->spec.source, 1, b->spec.source_len, b->out[FILE_SPEC].fp) != b->spec.source_len)
		return mb_error_set(err, MB_ERR_IO, "cannot write '%s': %s",
				    b->out[FILE_SPEC].final_path, strerror(errno));
	/* the checks below hash the files on disk: flush what is buffered */
	for (int i = 0; i < FILE_COUNT; i++)
		if (b->out[i].fp && fflush(b->out[i].fp))
			return mb_error_set(err, MB_ERR_IO, "cannot write '%s': %s",
					    b->out[i].final_path, strerror(errno));
	/* the preview of the first maze page is rendered from the PDF itself */
	st = mb_probe_render_png(b->out[FILE_INTERIOR].temp_path, b->plan.maze_page[0],
				 PREVIEW_DPI, b->out[FILE_PAGE_PREVIEW].temp_path, err);
	lap(b, STAGE_PREVIEWS);
	return st;
}

/* mazeproof is installed beside mazebook; fall back to the PATH */
static char *mazeproof_path(void)
{
	char self[4096];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

	if (n > 0) {
		char *slash, *path;

		self[n] = '\0';
		slash = strrchr(self, '/');
		if (slash) {
			*slash = '\0';
			path = xasprintf("%s/mazeproof", self);
			if (!access(path, X_OK))
				return path;
			free(path);
		}
	}
	return xstrdup("mazeproof");
}

/*
 * Start mazeproof on the written interior: it rebuilds every maze from the
 * printed walls, with no code shared with the generators. It is a process
 * of its own, so it runs on the other core while the cover, the previews
 * and the preflight are made here (MuPDF contexts are not shared across
 * threads); finish_proof reads its verdict. Its output waits in the pipe
 * until then: a full pipe only makes it wait, since the pipe is drained
 * before it is waited for.
 */
static enum mb_status start_proof(struct build *b, struct proof_run *p, struct mb_error *err)
{
	char *prog = mazeproof_path();
	/* "--": an output folder named "-rf" is a path, never an option */
	char *argv[] = { prog, "--json", "--", b->out[FILE_INTERIOR].temp_path, NULL };
	/* made before the fork: the child may call only what is async-signal-safe */
	char *no_exec = xasprintf("cannot run '%s': not found or not executable\n", prog);
	int fds[2];

	p->pid = -1;
	p->out_fd = -1;
	if (pipe2(fds, O_CLOEXEC)) {
		free(prog);
		free(no_exec);
		return mb_error_set(err, MB_ERR_INTERNAL, "cannot run mazeproof: %s", strerror(errno));
	}
#ifdef F_SETPIPE_SZ
	fcntl(fds[0], F_SETPIPE_SZ, 1 << 20);	/* room for a long report; best effort */
#endif
	p->pid = fork();
	if (p->pid == 0) {
#ifdef PR_SET_PDEATHSIG
		prctl(PR_SET_PDEATHSIG, SIGKILL);	/* a killed build takes its proof along */
#endif
		dup2(fds[1], STDOUT_FILENO);
		dup2(fds[1], STDERR_FILENO);
		execvp(prog, argv);
		/* write(), not stdio: the cover's thread may hold a lock the child would wait on */
		if (write(STDERR_FILENO, no_exec, strlen(no_exec)) < 0)
			_exit(127);
		_exit(127);
	}
	close(fds[1]);
	free(prog);
	free(no_exec);
	if (p->pid < 0) {
		close(fds[0]);
		return mb_error_set(err, MB_ERR_INTERNAL, "cannot run mazeproof: %s", strerror(errno));
	}
	p->out_fd = fds[0];
	return MB_OK;
}

/* the build failed before the proof's verdict was read: stop it and reap it (or nothing) */
static void stop_proof(struct proof_run *p)
{
	if (p->pid > 0) {
		kill(p->pid, SIGKILL);
		while (waitpid(p->pid, NULL, 0) < 0 && errno == EINTR)
			;
	}
	if (p->out_fd >= 0)
		close(p->out_fd);
	p->pid = -1;
	p->out_fd = -1;
}

/* what mazeproof --json said, as far as the build needs it */
struct proof_report {
	bool parsed;		/* its last line (the totals) was read */
	long count, passed, failed, copies, rendered;
	long proven;		/* numbered mazes that passed (the title page's picture has none) */
	char *failing;		/* "maze N, page P: ..." lines and page errors, or other output */
	size_t failing_len;
};

static void report_add(struct proof_report *r, const char *text, size_t len)
{
	r->failing = xrealloc(r->failing, r->failing_len + len + 2);
	memcpy(r->failing + r->failing_len, text, len);
	r->failing_len += len;
	r->failing[r->failing_len++] = '\n';
	r->failing[r->failing_len] = '\0';
}

/*
 * One of mazeproof's lines as a JSON object, read by the project's JSON
 * reader (mazebook/json.h): a maze's line without the ',' that joins it to
 * the next, or the totals' line ('], "errors": [...], "count": ...}')
 * with its '], ' made a '{'. false (nothing to free) when it is not one.
 */
static bool proof_object(const char *line, bool totals, struct mb_json *v)
{
	struct mb_json_fault fault;
	size_t len = strlen(line);
	char *text;
	bool ok;

	while (len && strchr(", \r", line[len - 1]))
		len--;
	text = totals ? xasprintf("{%.*s", (int)(len - 3), line + 3) : xasprintf("%.*s", (int)len, line);
	ok = mb_json_parse(text, strlen(text), v, &fault) && v->type == MB_JSON_OBJECT;
	free(text);
	if (!ok)
		mb_json_free(v);
	return ok;
}

/* the whole number of key in o, or -1 */
static long proof_number(const struct mb_json *o, const char *key)
{
	long n;

	return mb_json_long(mb_json_get(o, key), -1, LONG_MAX, &n) ? n : -1;
}

/* a string of mazeproof's, on one line of the report */
static void report_add_line(struct proof_report *r, const char *text)
{
	char *one = xstrdup(text ? text : "");

	for (char *c = one; *c; c++)
		if (*c == '\n' || *c == '\r' || *c == '\t')
			*c = ' ';
	report_add(r, one, strlen(one));
	free(one);
}

/* a maze's object: a failing one becomes "maze N, page P: ..." */
static void proof_maze(struct proof_report *r, const struct mb_json *v)
{
	const struct mb_json *ok = mb_json_get(v, "ok");
	long number = proof_number(v, "number"), page = proof_number(v, "page");
	char head[64];

	if (ok && ok->type == MB_JSON_BOOL && !strcmp(ok->text, "true")) {
		r->proven += number > 0;
		return;
	}
	if (number > 0)
		snprintf(head, sizeof(head), "maze %ld, page %ld: ", number, page);
	else
		snprintf(head, sizeof(head), "unnumbered maze, page %ld: ", page);
	report_add(r, head, strlen(head));
	r->failing_len--;	/* the result goes on the same line */
	r->failing[r->failing_len] = '\0';
	report_add_line(r, mb_json_get_string(v, "result"));
}

/*
 * One line of mazeproof --json (it prints one maze object a line, then the
 * errors and the totals): a failing maze becomes "maze N, page P: ...", a
 * page error its text; anything that is not its JSON (a message on
 * stderr) is kept as it is.
 */
static void proof_line(struct proof_report *r, const char *line)
{
	struct mb_json v;
	const struct mb_json *errors;

	if (!strncmp(line, "  {\"number\": ", 13) && proof_object(line, false, &v)) {
		proof_maze(r, &v);
		mb_json_free(&v);
		return;
	}
	if (!strncmp(line, "], \"errors\": [", 14) && proof_object(line, true, &v)) {
		errors = mb_json_get(&v, "errors");
		for (size_t i = 0; errors && errors->type == MB_JSON_ARRAY && i < errors->count; i++)
			if (errors->items[i].type == MB_JSON_STRING)
				report_add_line(r, errors->items[i].text);
		r->count = proof_number(&v, "count");
		r->passed = proof_number(&v, "passed");
		r->failed = proof_number(&v, "failed");
		r->copies = proof_number(&v, "solution_copies");
		r->rendered = proof_number(&v, "rendered");
		r->parsed = r->count >= 0 && r->passed >= 0 && r->failed >= 0;
		mb_json_free(&v);
		return;
	}
	if (!strncmp(line, "{\"file\": ", 9))
		return;
	if (line[0])
		report_add(r, line, strlen(line));
}

/*
 * Read mazeproof's report (--json), wait for it and put its verdict first
 * in the checklist (where it stands whatever finished first), as one
 * check. It passes when mazeproof passed and proved as many mazes as the
 * book printed: a maze it did not find is a maze nobody proved.
 */
static enum mb_status finish_proof(struct build *b, struct proof_run *p, struct mb_error *err)
{
	char *line = NULL, summary[512];
	size_t cap = 0;
	ssize_t len;
	struct rusage usage;
	struct mb_check *check, proved;
	struct proof_report rep = { .count = -1, .passed = -1, .failed = -1 };
	bool passed, exited_ok;
	int status;
	FILE *f;

	f = fdopen(p->out_fd, "r");
	while (f && (len = getline(&line, &cap, f)) >= 0) {
		line[strcspn(line, "\n")] = '\0';
		proof_line(&rep, line);
	}
	free(line);
	if (f)
		fclose(f);
	else
		close(p->out_fd);
	p->out_fd = -1;
	while (wait4(p->pid, &status, 0, &usage) < 0 && errno == EINTR)
		;
	p->pid = -1;
	b->stage_s[STAGE_PROOF] = (double)usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 +
				  (double)usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
	exited_ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
	if (rep.parsed) {
		snprintf(summary, sizeof(summary), "%ld maze%s, %ld passed, %ld failed, %ld solution "
			 "cop%s checked%s", rep.count, rep.count == 1 ? "" : "s", rep.passed,
			 rep.failed, rep.copies, rep.copies == 1 ? "y" : "ies",
			 rep.rendered > 0 ? ", judged from the rendered page where the lines were "
					    "not enough" : "");
		if (exited_ok && rep.proven != (long)b->book.count) {
			char extra[200];

			snprintf(extra, sizeof(extra), "mazeproof proved %ld numbered maze%s, the book "
				 "prints %zu", rep.proven, rep.proven == 1 ? "" : "s", b->book.count);
			report_add(&rep, extra, strlen(extra));
			snprintf(summary + strlen(summary), sizeof(summary) - strlen(summary),
				 "; proved %ld of the %zu mazes printed", rep.proven, b->book.count);
		}
	} else {
		/* no report: its own last words say why */
		snprintf(summary, sizeof(summary), "%s", rep.failing_len ? rep.failing :
			 "no report from mazeproof");
		summary[strcspn(summary, "\n")] = '\0';
		if (rep.failing_len) {
			const char *last = rep.failing + rep.failing_len - 1;

			while (last > rep.failing && last[-1] != '\n')
				last--;
			snprintf(summary, sizeof(summary), "%s", last);
			summary[strcspn(summary, "\n")] = '\0';
		}
	}
	{
		/* "mazeproof: TEMP-PATH: ..." -> the interior's final name */
		char *s = xstrdup(summary);
		size_t n = strlen(s) + 256;

		s = xrealloc(s, n);
		say_final_names(b, s, n);
		b->proof_summary = s;
	}
	if (rep.failing)
		say_final_names(b, rep.failing, rep.failing_len + 1);
	passed = exited_ok && rep.parsed && rep.proven == (long)b->book.count;
	check = mb_checklist_add(&b->checklist, "interior.mazeproof",
				 passed ? MB_CHECK_PASS : MB_CHECK_FAIL, NULL, b->proof_summary,
				 "every maze perfect, one route", "mazeproof: %s", b->proof_summary);
	proved = *check;
	memmove(b->checklist.checks + 1, b->checklist.checks,
		(b->checklist.count - 1) * sizeof(*b->checklist.checks));
	b->checklist.checks[0] = proved;
	if (!passed && rep.failing)
		fprintf(stderr, "%s", rep.failing);
	free(rep.failing);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
		return mb_error_set(err, MB_ERR_INTERNAL, "%s", b->proof_summary);
	return MB_OK;
}

/*
 * The cover's mazes proven the same way as the interior's: mazeproof on
 * the cover's proof sheet (its cards' walls drawn by the cover's own ops,
 * black on white), one check in the checklist. A shaped book's mazes have
 * their gaps where the shape puts them (--any-gaps). The sheet goes.
 */
static void start_cover_proof(struct build *b)
{
	struct cover_run *r = &b->cover;
	char *prog, *cmd;

	if (!r->proof_sheet || r->proof_mazes == 0 || r->proof_pipe)
		return;
	prog = mazeproof_path();
	/* the paths are the build's own temporary names: no quote in them to escape */
	cmd = xasprintf("'%s' --json %s-- '%s' 2>&1", prog,
			b->spec.shape_count > 0 ? "--any-gaps " : "", r->proof_sheet);
	r->proof_pipe = strchr(prog, '\'') || strchr(r->proof_sheet, '\'') ? NULL : popen(cmd, "r");
	free(cmd);
	free(prog);
}

/* a cover proof started and not read (a build that failed): let it end */
static void drop_cover_proof(struct build *b)
{
	if (b->cover.proof_pipe)
		pclose(b->cover.proof_pipe);
	b->cover.proof_pipe = NULL;
}

/* its verdict, once the interior's proof is in (the checklist keeps that order) */
static void prove_cover(struct build *b)
{
	struct cover_run *r = &b->cover;
	struct proof_report rep = { .count = -1, .passed = -1, .failed = -1 };
	char *line = NULL, summary[512];
	size_t cap = 0;
	ssize_t len;
	bool passed;
	int status = -1;
	FILE *f;

	if (!r->proof_sheet)
		return;
	if (r->proof_mazes == 0) {
		mb_checklist_add(&b->checklist, "cover.mazeproof", MB_CHECK_PASS, NULL,
				 "no maze on the cover", "every maze perfect, one route",
				 "the cover shows no maze (the publisher's art on the front)");
		free(r->proof_sheet);
		r->proof_sheet = NULL;
		return;
	}
	start_cover_proof(b);	/* when it was not started beside the preflight */
	f = r->proof_pipe;
	r->proof_pipe = NULL;
	while (f && (len = getline(&line, &cap, f)) >= 0) {
		line[strcspn(line, "\n")] = '\0';
		proof_line(&rep, line);
	}
	free(line);
	if (f)
		status = pclose(f);
	unlink(r->proof_sheet);
	free(r->proof_sheet);
	r->proof_sheet = NULL;
	passed = status == 0 && rep.parsed && rep.failed == 0 &&
		 rep.passed == (long)r->proof_mazes;
	if (rep.parsed)
		snprintf(summary, sizeof(summary), "%ld of the cover's %zu maze%s passed", rep.passed,
			 r->proof_mazes, r->proof_mazes == 1 ? "" : "s");
	else
		snprintf(summary, sizeof(summary), "no report from mazeproof on the cover's mazes");
	mb_checklist_add(&b->checklist, "cover.mazeproof", passed ? MB_CHECK_PASS : MB_CHECK_FAIL,
			 NULL, summary, "every maze perfect, one route", "mazeproof: %s%s%s",
			 summary, !passed && rep.failing ? ": " : "",
			 !passed && rep.failing ? rep.failing : "");
	free(rep.failing);
}

/*
 * The preflight, and the contact sheet (book-preview.png, the whole book
 * at a glance) drawn from the same reading of the interior's pages: each
 * content stream parsed once instead of twice was 0.5 s of CPU on a book
 * of 100 round expert mazes.
 */
static enum mb_status run_preflight(struct build *b, struct mb_error *err)
{
	struct mb_contact_sheet_info sheet = { 0 };
	enum mb_status st;
	struct mb_preflight_options opts = {
		.interior_path = b->out[FILE_INTERIOR].temp_path,
		.cover_path = b->out[FILE_COVER].temp_path,
		.spec_path = b->spec_in_place ? b->spec.path : b->out[FILE_SPEC].temp_path,
		.checklist_dir = b->out_dir,
		.interior_as = file_names[FILE_INTERIOR],
		.cover_as = file_names[FILE_COVER],
		.spec_as = file_names[FILE_SPEC],
		.params = {
			.trim_given = true,
			.trim = b->spec.trim,
			.paper = b->spec.paper,
			.bleed = b->spec.bleed,
			.binding = b->spec.binding,
			.ink = b->spec.ink,
			/* the cover's count is decided from the spec: add_cover_count_check */
			.mazes = 0,
		},
		.sheet_png = b->out[FILE_BOOK_PREVIEW].temp_path,
		.sheet_info = &sheet,
	};

	st = mb_preflight_run(&opts, &b->checklist, err);
	b->sheet_s = sheet.seconds;
	return st;
}

/*
 * cover.count for mazebook's own cover, decided from the spec: each text
 * the cover prints is known, and was read on its own before any maze was
 * made (mb_spec_check_words refuses a count that disagrees). Reading the
 * cover's text run together would take a title's "Ages 4-6" before a
 * subtitle's "Easy Mazes" for a count; `mazebook check` reads others' covers.
 */
static void add_cover_count_check(struct build *b)
{
	char keys[256], count[48];
	int mazes = b->spec.mazes;

	snprintf(count, sizeof(count), "%d maze%s", mazes, mazes == 1 ? "" : "s");
	if (mb_spec_count_keys(&b->spec, keys, sizeof(keys)))
		mb_checklist_add(&b->checklist, "cover.count", MB_CHECK_PASS, "1", count, count,
				 "the cover's words say %d mazes, as the book has (%s, each read "
				 "from the spec)", mazes, keys);
	else
		mb_checklist_add(&b->checklist, "cover.count", MB_CHECK_PASS, "1", "no count",
				 count, "no text of the spec names a number of mazes; the back "
				 "cover's line is the book's own count");
}

/*
 * The ISBN as the copyright page prints it: hyphenated by the ISBN
 * Agency's ranges, or its bare digits when its range is not in our data
 * (newer than it, or never assigned): a warning, not a refusal, since the
 * book may well be right and the data old.
 */
static void add_isbn_check(struct build *b)
{
	char printed[MB_ISBN_PRINT_SIZE], why[256];
	bool assigned = false;

	if (!b->spec.isbn[0] || mb_isbn_hyphenate(b->spec.isbn, printed, &assigned))
		return;
	if (assigned)
		mb_checklist_add(&b->checklist, "interior.isbn", MB_CHECK_PASS, "", printed,
				 "the ISBN ranges", "ISBN %s, hyphenated by the ISBN Agency's "
				 "ranges of %s", printed, mb_isbn_ranges_date);
	else
		mb_checklist_add(&b->checklist, "interior.isbn", MB_CHECK_WARN, "", printed,
				 "the ISBN ranges", "%s; printed without hyphens: check the ISBN "
				 "with your agency", mb_isbn_unassigned(b->spec.isbn, why,
									sizeof(why)) ?
				 why : "the ISBN is in no range of the ISBN Agency's data");
}

/*
 * The money, on the checklist: the printing cost, and at the spec's list
 * price the royalty. A price under KDP's minimum fails (KDP refuses it); a
 * price just under a rate step (the $9.99 one) warns.
 */
static void add_cost_checks(struct build *b)
{
	const struct mb_cost *c = &b->cost;
	char trim[64], what[64], cost[32], min[32], price[32], roy[32], exp[32], warn[256];
	struct mb_print print = mb_spec_print(&b->spec);

	mb_cost_money(c, c->printing_cents, cost, sizeof(cost));
	mb_cost_money(c, c->min_price_cents, min, sizeof(min));
	mb_checklist_add(&b->checklist, "edition.printing-cost", MB_CHECK_PASS, "", cost,
			 "specs/cost.def",
			 "%s to print on %s (%s%s, %d pages, %s, %s; %s): minimum list price %s",
			 cost, c->marketplace->name, mb_kdp_trim_name(&b->spec.trim, trim, sizeof(trim)),
			 c->large ? ", large trim" : "", c->pages, mb_kdp_binding_name(print.binding),
			 mb_kdp_print_name(&print, what, sizeof(what)), mb_cost_version, min);
	if (!c->priced)
		return;
	mb_cost_money(c, c->price_cents, price, sizeof(price));
	mb_cost_money(c, c->royalty_cents, roy, sizeof(roy));
	mb_cost_money(c, c->expanded_royalty_cents, exp, sizeof(exp));
	if (c->price_cents < c->min_price_cents)
		mb_checklist_add(&b->checklist, "edition.royalty", MB_CHECK_FAIL, "", price, min,
				 "list price %s is under the minimum %s: printing costs %s, and KDP "
				 "refuses a price that earns less than nothing (royalty %s)",
				 price, min, cost, roy);
	else if (mb_cost_threshold_warning(c, warn, sizeof(warn)))
		mb_checklist_add(&b->checklist, "edition.royalty", MB_CHECK_WARN, "", roy, price,
				 "royalty %s at %s (%g %%): %s", roy, price, c->rate * 100, warn);
	else
		mb_checklist_add(&b->checklist, "edition.royalty", MB_CHECK_PASS, "", roy, price,
				 "royalty %s at %s (%g %%); with Expanded Distribution %s", roy,
				 price, c->rate * 100, exp);
}

/*
 * Take away the fault pictures an earlier build left in DIR/faults (the
 * names the preflight gives them, nothing else), and the folder when that
 * empties it: a passing build leaves no faults behind, and a failing one
 * shows only its own.
 */
static void clear_fault_pictures(const struct build *b)
{
	char *dir = xasprintf("%s/%s", b->out_dir, FAULT_PICTURES_DIR);
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && (e = readdir(d))) {
		size_t n = strlen(e->d_name);

		if (!strcmp(e->d_name, "cover.png") ||
		    (!strncmp(e->d_name, "interior-page-", 14) && n > 18 &&
		     !strcmp(e->d_name + n - 4, ".png"))) {
			char *path = xasprintf("%s/%s", dir, e->d_name);

			unlink(path);
			free(path);
		}
	}
	if (d) {
		closedir(d);
		rmdir(dir);	/* fails, and keeps it, when the publisher put more there */
	}
	free(dir);
}

/* print every failing check; the build stops */
static void report_failures(const struct build *b)
{
	char *text = mb_checklist_text(&b->checklist);
	const char *line = text;
	char *dir = xasprintf("%s/%s", b->out_dir, FAULT_PICTURES_DIR);
	struct mb_error err;
	int written = 0;

	fprintf(stderr, "mazebook build: the book fails its checks; nothing was replaced\n");
	while (line && *line) {
		size_t len = strcspn(line, "\n");

		if (!strncmp(line, "FAIL", 4))
			fprintf(stderr, "  %.*s\n", (int)len, line);
		line += len + (line[len] ? 1 : 0);
	}
	free(text);
	/* the pages at fault as pictures, from the files that were checked */
	mb_error_init(&err);
	clear_fault_pictures(b);
	if (mb_output_mkdirs(dir, &err) ||
	    mb_preflight_pictures(&b->checklist, b->out[FILE_INTERIOR].temp_path,
				  b->out[FILE_COVER].temp_path, dir, FAULT_PICTURES_MAX, &written, &err))
		fprintf(stderr, "mazebook build: no pictures of the faults: %s\n", err.message);
	else
		fprintf(stderr, "mazebook build: %d picture%s of the faults in '%s'\n", written,
			written == 1 ? "" : "s", dir);
	free(dir);
}

/*
 * The starter spec's placeholders ("Your Name") and any other in
 * specs/placeholders.def must not reach a book, nor a subtitle that counts
 * other mazes than the book has: refused before anything is written, at
 * the key's place in the spec (mb_spec_check_words).
 */
static enum mb_status check_placeholders(const struct mb_book_spec *s, struct mb_error *err)
{
	return mb_spec_check_words(s, err);
}

/* a usable secret key, and beside it its own public key (else verify could never pass) */
static enum mb_status check_key_pair(struct build *b, struct mb_error *err)
{
	char keyid[17];
	enum mb_status st = mb_sign_check_secret_key(b->key_path, err);

	return st ? st : mb_sign_public_key_id(b->public_key_path, b->key_path, keyid, err);
}

/* the default key pair is made on first use, so a fresh machine can build */
static enum mb_status find_key(struct build *b, const char *key_opt, struct mb_error *err)
{
	char keyid[32];

	if (key_opt) {
		/* a bad key (unreadable, damaged, readable by others) fails now, not after the work */
		char *dot = strrchr(key_opt, '.');

		b->key_path = xstrdup(key_opt);
		/* its public key is expected beside it as .pub, and must be its pair */
		b->public_key_path = dot && !strchr(dot, '/')
				     ? xasprintf("%.*s.pub", (int)(dot - key_opt), key_opt)
				     : xasprintf("%s.pub", key_opt);
		return check_key_pair(b, err);
	}
	b->key_path = mb_sign_default_key_path(MB_SIGN_SECRET_KEY_NAME);
	b->public_key_path = mb_sign_default_key_path(MB_SIGN_PUBLIC_KEY_NAME);
	if (!b->key_path || !b->public_key_path)
		return mb_error_set(err, MB_ERR_INPUT,
				    "no folder for the signing key ($MAZEBOOK_KEY_DIR and $HOME are unset): give --key");
	if (!access(b->key_path, F_OK))
		return check_key_pair(b, err);
	{
		char *dir = xstrdup(b->key_path);
		char *slash = strrchr(dir, '/');
		enum mb_status st = MB_OK;

		if (slash) {
			*slash = '\0';
			st = mb_output_mkdirs(dir, err);
		}
		free(dir);
		if (st)
			return st;
	}
	if (mb_sign_keygen(b->public_key_path, b->key_path, false, keyid, err))
		return err ? err->code : MB_ERR_IO;
	b->key_created = true;
	return MB_OK;
}

/* a copy of the public key beside the checklist, for `minisign -V` and `verify` */
static enum mb_status copy_public_key(struct build *b, struct mb_error *err)
{
	return copy_into(b->public_key_path, b->out[FILE_PUBLIC_KEY].fp, err);
}

/* hash the written file f under its final name into the checklist */
static enum mb_status hash_into_checklist(struct build *b, enum build_file f, struct mb_error *err)
{
	char hex[MB_SHA256_HEX_SIZE];
	unsigned long long bytes;
	enum mb_status st;

	if (b->out[f].fp && fflush(b->out[f].fp))
		return mb_error_set(err, MB_ERR_IO, "cannot write '%s': %s", b->out[f].final_path,
				    strerror(errno));
	st = mb_sha256_file(b->out[f].temp_path, hex, &bytes, err);
	if (st)
		return st;
	mb_checklist_add_file(&b->checklist, "file", file_names[f], hex, bytes);
	return MB_OK;
}

/*
 * The signed checklist vouches for every file the build writes: the PDFs
 * and the spec (hashed by the preflight), the manifest, the previews, the
 * public key (and its key id as "signer:") and checklist.json. The JSON
 * is written whole before checklist.txt hashes it, so it cannot list
 * itself; checklist.txt, the signed file, lists it.
 */
static enum mb_status write_checklists(struct build *b, struct mb_error *err)
{
	static const enum build_file covered[] = { FILE_MANIFEST, FILE_COVER_PREVIEW,
						   FILE_PAGE_PREVIEW, FILE_BOOK_PREVIEW,
						   FILE_PUBLIC_KEY };
	enum mb_status st = copy_public_key(b, err);
	char *text, *json;

	if (!st && fflush(b->out[FILE_PUBLIC_KEY].fp))
		st = mb_error_set(err, MB_ERR_IO, "cannot write '%s': %s",
				  b->out[FILE_PUBLIC_KEY].final_path, strerror(errno));
	/* the copy in the folder is what verify will be given: the key id comes from it */
	if (!st)
		st = mb_sign_public_key_id(b->out[FILE_PUBLIC_KEY].temp_path, b->key_path,
					   b->checklist.signer, err);
	for (size_t i = 0; !st && i < sizeof(covered) / sizeof(covered[0]); i++)
		st = hash_into_checklist(b, covered[i], err);
	if (st)
		return st;
	json = mb_checklist_json(&b->checklist);
	fputs(json, b->out[FILE_CHECKLIST_JSON].fp);
	free(json);
	st = hash_into_checklist(b, FILE_CHECKLIST_JSON, err);
	if (st)
		return st;
	text = mb_checklist_text(&b->checklist);
	fputs(text, b->out[FILE_CHECKLIST].fp);
	free(text);
	return MB_OK;
}

/*
 * Everything that can fail or take time happens before the first rename:
 * flush and sync every file, sign the checklist under its temporary name
 * (the signed comment names the final file). Then the renames run back to
 * back, the signature last, and the folder is synced so they survive a
 * power cut.
 */
static enum mb_status commit_all(struct build *b, struct mb_error *err)
{
	char *signature = out_path(b, signature_name);
	char comment[128];
	enum mb_status st = MB_OK;

	for (int i = 0; i < FILE_COUNT && !st; i++)
		if (b->out[i].temp_path)
			st = mb_output_sync(&b->out[i], err);
	if (!st) {
		snprintf(comment, sizeof(comment), "timestamp:%lld\tfile:%s\thashed",
			 (long long)time(NULL), file_names[FILE_CHECKLIST]);
		b->signature_temp = xasprintf("%s%s", b->out[FILE_CHECKLIST].temp_path,
					      MB_SIGN_SUFFIX);
		st = mb_sign_file(b->out[FILE_CHECKLIST].temp_path, b->key_path, comment, err);
	}
	for (int i = 0; i < FILE_COUNT && !st; i++)
		if (b->out[i].temp_path)
			st = mb_output_commit(&b->out[i], err);
	if (!st && rename(b->signature_temp, signature))
		st = mb_error_set(err, MB_ERR_IO, "cannot write '%s': %s", signature,
				  strerror(errno));
	if (!st) {
		free(b->signature_temp);
		b->signature_temp = NULL;
		if (fsync(b->dir_fd) && errno != EINVAL)
			st = mb_error_set(err, MB_ERR_IO, "cannot sync the folder '%s': %s",
					  b->out_dir, strerror(errno));
	}
	free(signature);
	return st;
}

static long file_size(const char *dir, const char *name)
{
	char *path = xasprintf("%s/%s", dir, name);
	struct stat st;
	long size = stat(path, &st) ? -1 : (long)st.st_size;

	free(path);
	return size;
}

/* the edition and its money, for the summary */
static void print_cost(const struct build *b)
{
	const struct mb_cost *c = &b->cost;
	struct mb_print print = mb_spec_print(&b->spec);
	char what[64], cost[32], min[32], price[32], roy[32], warn[256];

	mb_cost_money(c, c->printing_cents, cost, sizeof(cost));
	mb_cost_money(c, c->min_price_cents, min, sizeof(min));
	printf("  edition    %s, %s\n", mb_kdp_binding_name(print.binding),
	       mb_kdp_print_name(&print, what, sizeof(what)));
	if (c->priced)
		printf("  money      printing %s, minimum list price %s; at %s royalty %s (%g %%)\n",
		       cost, min, mb_cost_money(c, c->price_cents, price, sizeof(price)),
		       mb_cost_money(c, c->royalty_cents, roy, sizeof(roy)), c->rate * 100);
	else
		printf("  money      printing %s, minimum list price %s (%s; give 'price' for "
		       "the royalty)\n", cost, min, c->marketplace->name);
	if (mb_cost_threshold_warning(c, warn, sizeof(warn)))
		printf("  warning    %s\n", warn);
}

static void print_summary(const struct build *b, double seconds)
{
	const struct mb_book_spec *s = &b->spec;
	struct mb_cover_geometry g;
	char trim[64];

	mb_kdp_cover_geometry_for(&s->trim, b->plan.page_count,
				  &(struct mb_print){ s->binding, s->ink, s->paper }, &g, NULL);
	if (!b->book.plan.sectioned && mb_grid_is_graph(b->book.mazes[0].maze->grid)) {
		char grid[96];

		/* polar, hex and delta books: the grid as the manifest names it */
		mb_grid_describe(b->book.mazes[0].maze->grid, grid, sizeof(grid));
		printf("built '%s': %zu %s mazes (%s), %d pages, %s, %s paper%s\n",
		       s->title, b->book.count, s->level->name, grid, b->plan.page_count,
		       mb_kdp_trim_name(&s->trim, trim, sizeof(trim)), mb_kdp_paper_name(s->paper),
		       s->bleed ? ", bleed" : "");
	} else if (!b->book.plan.sectioned) {
		printf("built '%s': %zu %s mazes (%dx%d), %d pages, %s, %s paper%s\n",
		       s->title, b->book.count, s->level->name, s->grid_w, s->grid_h,
		       b->plan.page_count, mb_kdp_trim_name(&s->trim, trim, sizeof(trim)),
		       mb_kdp_paper_name(s->paper), s->bleed ? ", bleed" : "");
	}
	else
		printf("built '%s': %zu mazes in %d sections, %d pages, %s, %s paper%s\n",
		       s->title, b->book.count, b->book.plan.section_count, b->plan.page_count,
		       mb_kdp_trim_name(&s->trim, trim, sizeof(trim)), mb_kdp_paper_name(s->paper),
		       s->bleed ? ", bleed" : "");
	/* a line per section: its mazes, level or ramp, grids and where it starts */
	for (int i = 0; b->book.plan.sectioned && i < b->book.plan.section_count; i++) {
		const struct mb_plan_section *sec = &b->book.plan.sections[i];
		const struct mb_plan_maze *first = &b->book.plan.mazes[sec->first];
		const struct mb_plan_maze *last = &b->book.plan.mazes[sec->first + sec->count - 1];

		printf("  section %d  '%s': %d %s%s%s mazes (", i + 1, sec->title, sec->count,
		       sec->level->name, sec->ramp ? ".." : "", sec->ramp ? sec->level_to->name : "");
		if (sec->shape_name) {
			printf("in the shape '%s'", sec->shape_name);
		} else if (first->kind != MB_GRID_RECT) {
			char a[96], z[96];

			mb_grid_describe(b->book.mazes[sec->first].maze->grid, a, sizeof(a));
			mb_grid_describe(b->book.mazes[sec->first + sec->count - 1].maze->grid, z,
					 sizeof(z));
			printf("%s%s%s", a, strcmp(a, z) ? ".." : "", strcmp(a, z) ? z : "");
		} else if (first->w != last->w || first->h != last->h) {
			printf("%dx%d..%dx%d", first->w, first->h, last->w, last->h);
		} else {
			printf("%dx%d", first->w, first->h);
		}
		printf("), from maze %d on page %d\n", sec->first + 1,
		       b->plan.maze_page[sec->first]);
	}
	printf("  interior   %s/%s (%ld KB)\n", b->out_dir, file_names[FILE_INTERIOR],
	       file_size(b->out_dir, file_names[FILE_INTERIOR]) / 1024);
	printf("  cover      %s/%s (%.4f x %.4f in, spine %.4f in; %s)\n", b->out_dir,
	       file_names[FILE_COVER], g.w_in, g.h_in, g.spine_in, b->spine_note);
	print_cost(b);
	printf("  manifest   %s/%s\n", b->out_dir, file_names[FILE_MANIFEST]);
	printf("  previews   %s/%s, %s/%s, %s/%s\n", b->out_dir, file_names[FILE_COVER_PREVIEW],
	       b->out_dir, file_names[FILE_PAGE_PREVIEW], b->out_dir,
	       file_names[FILE_BOOK_PREVIEW]);
	printf("  proof      %s\n", b->proof_summary);
	if (b->cat)
		printf("  catalogue  %zu maze keys checked against %lld mazes of %lld other books: "
		       "none printed before; recorded as '%s' in %s\n", b->cat_count, b->cat_size[0],
		       b->cat_size[1], b->book_id, b->cat->where);
	else
		printf("  catalogue  none: the mazes were not checked against other books\n");
	printf("  checklist  %s/%s: %zu pass, %zu warn, 0 fail; signed (%s%s)\n",
	       b->out_dir, file_names[FILE_CHECKLIST],
	       mb_checklist_count(&b->checklist, MB_CHECK_PASS),
	       mb_checklist_count(&b->checklist, MB_CHECK_WARN),
	       b->out_dir, "/checklist.txt.minisig");
	if (b->key_created)
		printf("  new key    %s (keep it private), public key %s\n",
		       b->key_path, b->public_key_path);
	printf("  time       %.2f s\n", seconds);
}

/* --timings: one line per stage on stderr, for `make bench` and profiling */
static void print_timings(const struct build *b, double seconds)
{
	for (int i = 0; i < STAGE_COUNT; i++)
		fprintf(stderr, "mazebook build: time %-9s %.3f s%s\n", stage_names[i], b->stage_s[i],
			i == STAGE_PROOF ? " (CPU; run beside the stages after the interior)" :
			i == STAGE_COVER ? " (with its preview; made beside the interior)" : "");
	fprintf(stderr, "mazebook build: time %-9s %.3f s (book-preview.png; drawn in the "
		"preflight's reading of the pages)\n", "sheet", b->sheet_s);
	fprintf(stderr, "mazebook build: time %-9s %.3f s\n", "total", seconds);
}

/*
 * Every text the book prints, checked against the regular and bold faces
 * of its font before anything is made: a character the font lacks would
 * print as an empty box (interior) or a hex box (cover) and pass every
 * other check.
 */
static enum mb_status check_glyphs(const struct mb_book_spec *s, struct mb_error *err)
{
	const struct mb_labels *l = mb_labels_find(s->language);
	const char *lang = s->language ? s->language : "en";
	char what[64];
	struct mb_font_text texts[96 + 2 * MB_SPEC_MAX_SECTIONS + 1];
	char filled[MB_LABELS_WORDS_MAX][1024];	/* the templates with their numbers filled in */
	size_t n = 0;

	snprintf(what, sizeof(what), "the wording for language '%s'", lang);
	texts[n++] = (struct mb_font_text){ "title", "the title", s->title };
	texts[n++] = (struct mb_font_text){ "subtitle", "the subtitle", s->subtitle };
	texts[n++] = (struct mb_font_text){ "author", "the author", s->author };
	texts[n++] = (struct mb_font_text){ "cover.back", "the back cover text", s->cover.back };
	texts[n++] = (struct mb_font_text){ "copyright", "the copyright", s->copyright };
	texts[n++] = (struct mb_font_text){ "imprint", "the imprint", s->imprint };
	/* the sections' words, at their keys (the place names live in the spec) */
	for (size_t p = 0; p < s->place_count && p < MB_SPEC_MAX_PLACES; p++) {
		const char *key = s->places[p].key, *dot;
		int i;

		if (strncmp(key, "sections.", 9) || !(dot = strchr(key + 9, '.')))
			continue;
		i = atoi(key + 9) - 1;
		if (i < 0 || i >= s->section_count)
			continue;
		if (!strcmp(dot, ".title"))
			texts[n++] = (struct mb_font_text){ key, "the section's title",
							    s->sections[i].title };
		else if (!strcmp(dot, ".description"))
			texts[n++] = (struct mb_font_text){ key, "the section's description",
							    s->sections[i].description };
	}
	/* a book of several levels prints their range with an en dash (mb_plan_level_words) */
	if (s->section_count)
		texts[n++] = (struct mb_font_text){ "sections", "the levels' range",
						    "\xe2\x80\x93" };
	if (l) {
		/* one table of words for the interior and the cover */
		const char *words[MB_LABELS_WORDS_MAX];
		size_t count = mb_labels_words(l, words, MB_LABELS_WORDS_MAX);

		/* "Maze %d": the digits are printed, the "%d" is not */
		for (size_t i = 0; i < count; i++)
			texts[n++] = (struct mb_font_text){
				"language", what,
				mb_labels_format(words[i], 1234567890, 1234567890, filled[i],
						 sizeof(filled[i]))
			};
	}
	return mb_font_check_texts(mb_spec_font(s), mb_spec_font_bold(s), texts, n, err);
}

/*
 * The cover planned before anything is written; the core makes the mazes
 * its cards need (and its pattern), which join the book's
 */
static enum mb_status cover_check(struct build *b, struct mb_error *err)
{
	struct mb_cover_grid grids[MB_COVER_CARDS];
	size_t n = 0;
	enum mb_status st = mb_cover_check(&b->spec, &b->book, b->plan.page_count, grids, &n,
					   b->spine_note, sizeof(b->spine_note), err);

	if (!st)
		st = mb_cover_plan_mazes(&b->spec, &b->book, b->plan.page_count, grids, n, err);
	return st;
}

/*
 * The catalogue, before anything is written: is any maze of this book one
 * that another book printed? The checklist says what was checked.
 */
static enum mb_status check_catalogue(struct build *b, struct mb_error *err)
{
	struct mb_catalogue_hit hits[8];
	char *where = NULL, msg[MB_ERROR_MESSAGE_MAX];
	long long mazes = 0, books = 0;
	size_t n = 0;
	enum mb_status st;

	mb_spec_book_id(&b->spec, b->book_id, sizeof(b->book_id));
	b->cat_mazes = mb_catalogue_mazes_of(&b->spec, &b->book, b->plan.maze_page, &b->cat_count);
	/* opened just after the spec's file is checked again (mb_spec_path) */
	if (mb_catalogue_location(b->catalogue_opt, &b->spec, &where, err))
		return err->code;
	if (b->spec.catalogue && !b->quiet && b->catalogue_opt == NULL &&
	    strcmp(mb_catalogue_source(NULL, &b->spec), "the spec's 'catalogue:'"))
		fprintf(stderr, "mazebook build: note: the spec's 'catalogue:' is not used: "
			"$MAZEBOOK_CATALOGUE chooses the catalogue (give --catalogue %s to use "
			"the spec's)\n", !strcmp(b->spec.catalogue, "none") ? "none" : "FILE");
	if (!where) {
		mb_checklist_add(&b->checklist, "catalogue.unique", MB_CHECK_WARN, "", "not checked",
				 "catalogue", "no catalogue ('none'): the %zu mazes were not checked "
				 "against the books printed before", b->cat_count);
		return MB_OK;
	}
	st = mb_catalogue_open(where, true, &b->cat, err);
	free(where);
	if (!st)
		st = mb_catalogue_repeats(b->cat, b->book_id, b->cat_mazes, b->cat_count, hits, 8,
					  &n, err);
	if (!st)
		st = mb_catalogue_size(b->cat, b->book_id, &mazes, &books, err);
	if (st)
		return st;
	if (n == 1)
		return mb_error_set(err, MB_ERR_CHECK, "%s",
				    mb_catalogue_repeat_message(&hits[0], b->cat->where, msg, sizeof(msg)));
	if (n)
		return mb_error_set(err, MB_ERR_CHECK, "%zu of the %zu mazes were printed before; %s",
				    n, b->cat_count,
				    mb_catalogue_repeat_message(&hits[0], b->cat->where, msg, sizeof(msg)));
	/*
	 * the checklist says what was checked, not the catalogue's size: that
	 * changes with every other book, and the same spec and seed give the
	 * same folder byte for byte (the summary prints the size)
	 */
	mb_checklist_add(&b->checklist, "catalogue.unique", MB_CHECK_PASS, "", "0 repeats",
			 "0 repeats", "%zu maze keys checked against the catalogue of the books "
			 "printed before: none is a repeat", b->cat_count);
	b->cat_size[0] = mazes;
	b->cat_size[1] = books;
	return MB_OK;
}

/* the book's rows, in a transaction left open until the files are in place */
static enum mb_status record_in_catalogue(struct build *b, struct mb_error *err)
{
	char hex[MB_SHA256_HEX_SIZE], when[32], msg[MB_ERROR_MESSAGE_MAX];
	char *out;
	time_t now = time(NULL);
	struct mb_catalogue_hit hit;
	struct mb_catalogue_book book;
	enum mb_status st;

	if (!b->cat)
		return MB_OK;
	out = realpath(b->out_dir, NULL);
	mb_sha256_hex(b->spec.source ? b->spec.source : "", b->spec.source_len, hex);
	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	book = (struct mb_catalogue_book){ b->book_id, b->spec.title, hex,
					   out ? out : b->out_dir, when, "built" };
	st = mb_catalogue_record(b->cat, &book, b->cat_mazes, b->cat_count, &hit, err);
	free(out);
	if (st == MB_ERR_CHECK && hit.book_id[0])
		return mb_error_set(err, MB_ERR_CHECK, "%s (recorded while this book was being "
				    "built)", mb_catalogue_repeat_message(&hit, b->cat->where, msg,
									  sizeof(msg)));
	return st;
}

/* the files are in place: the rows become the catalogue's */
static enum mb_status commit_catalogue(struct build *b, struct mb_error *err)
{
	struct mb_error why;

	mb_error_init(&why);
	if (!b->cat || !mb_catalogue_commit(b->cat, &why))
		return MB_OK;
	/* the book is whole on disk; only its record failed */
	return mb_error_set(err, why.code, "the book is in '%s' but the catalogue did not "
			    "record it: %s; run 'mazebook catalogue import %s'", b->out_dir,
			    why.message, b->out_dir);
}

/* a spec must carry its seed: a default would give every book the same mazes */
static enum mb_status require_seed(const struct mb_book_spec *s, struct mb_error *err)
{
	uint64_t fresh = 0;

	if (mb_spec_where(s, "seed", NULL, NULL))
		return MB_OK;
	if (getrandom(&fresh, sizeof(fresh), 0) != sizeof(fresh))
		fresh = (uint64_t)time(NULL) * UINT64_C(0x9e3779b97f4a7c15);
	return mb_error_set(err, MB_ERR_INPUT,
			    "%s: no 'seed:': every book needs a seed of its own (a default one "
			    "would print the same mazes in every book); add this line, with a "
			    "seed drawn just now at random:\n  seed: %llu", s->path,
			    (unsigned long long)fresh);
}

/* "--volumes 2-4" or "3" into *from, *to (1-based, inclusive) */
static bool parse_volumes(const char *text, int *from, int *to)
{
	char *end;
	long a = strtol(text, &end, 10), z = a;

	if (end == text || a < 1 || a > MB_SPEC_MAX_VOLUMES)
		return false;
	if (*end == '-') {
		const char *p = end + 1;

		z = strtol(p, &end, 10);
		if (end == p || z < a || z > MB_SPEC_MAX_VOLUMES)
			return false;
	}
	*from = (int)a;
	*to = (int)z;
	return *end == '\0';
}

static int run_edition(int argc, char **argv, int edition, const struct mb_book_spec *first,
		       int volume);

/*
 * A list price under the edition's minimum, refused at the price's key
 * before anything is made: the minimum follows from the plan's page count,
 * trim, binding and ink, all known from the spec.
 */
static enum mb_status check_price(const struct mb_book_spec *s, const struct mb_cost *c,
				  struct mb_error *err)
{
	const char *key = s->binding == MB_BINDING_HARDCOVER ? "price.hardcover" : "price.paperback";
	char price[32], min[32], cost[32], trim[64];

	if (!c->priced || c->price_cents >= c->min_price_cents)
		return MB_OK;
	if (!mb_spec_where(s, key, NULL, NULL))
		key = "price";
	mb_cost_money(c, c->price_cents, price, sizeof(price));
	mb_cost_money(c, c->min_price_cents, min, sizeof(min));
	mb_cost_money(c, c->printing_cents, cost, sizeof(cost));
	return mb_error_set_field(err, MB_ERR_INPUT, key,
				  "list price %s is under the minimum %s: the %s edition (%d pages, "
				  "%s, %s) costs %s to print on %s, and KDP refuses a price that "
				  "earns less than nothing; give '%s' %s or more",
				  price, min, mb_kdp_binding_name(s->binding), c->pages,
				  mb_kdp_trim_name(&s->trim, trim, sizeof(trim)),
				  mb_kdp_ink_name(s->ink), cost, c->marketplace->name, key, min);
}

/*
 * What the spec alone decides of an edition: its page plan (page limits,
 * grid and solution sizes), its printing cost and its price. The caller
 * releases plan, also when this fails.
 */
static enum mb_status plan_and_price(const struct mb_book_spec *s, struct mb_page_plan *plan,
				     struct mb_cost *cost, struct mb_error *err)
{
	if (mb_layout_plan(s, s->mazes, plan, err) ||
	    mb_cost_compute(NULL, s->binding, s->ink, s->trim.large, plan->page_count,
			    mb_spec_price_cents(s), cost, err))
		return err->code;
	return check_price(s, cost, err);
}

/*
 * editions: [paperback, hardcover]: each edition is a whole build of its
 * own into DIR/<binding>/, from the bytes of the spec read once (it may be
 * a pipe), one after the other; the first that fails stops the rest.
 */
static int build_editions(int argc, char **argv, const struct mb_book_spec *first, int volume)
{
	int rc = MB_EXIT_OK;

	/*
	 * every edition's plan and price first: one that cannot be made or sold
	 * stops all before any is
	 */
	for (int i = 0; i < first->edition_count; i++) {
		struct mb_book_spec s = *first;	/* borrowed strings: only read */
		struct mb_page_plan plan = { 0 };
		struct mb_cost cost;
		struct mb_error err;
		enum mb_status st;

		mb_error_init(&err);
		s.binding = first->editions[i];
		st = plan_and_price(&s, &plan, &cost, &err);
		mb_layout_release(&plan);
		if (st) {
			mb_spec_locate(first, &err);
			return fail(&err);
		}
	}
	for (int i = 0; i < first->edition_count && rc == MB_EXIT_OK; i++)
		rc = run_edition(argc, argv, i, first, volume);
	return rc;
}

/*
 * series: {volumes: N}: each volume is a whole build (its editions too)
 * into DIR/vol-<n>/, with its own seed, title and book id; the catalogue
 * sees each volume's mazes before the next volume is checked.
 */
static int build_series(int argc, char **argv, const struct mb_book_spec *first, int from, int to)
{
	int rc = MB_EXIT_OK;

	if (to > first->series.volumes) {
		fprintf(stderr, "mazebook build: --volumes %d-%d: the series has %d volumes\n", from,
			to, first->series.volumes);
		return MB_EXIT_USAGE;
	}
	for (int n = from; n <= to && rc == MB_EXIT_OK; n++)
		rc = run_edition(argc, argv, -1, first, n);
	return rc;
}

static int run(int argc, char **argv)
{
	return run_edition(argc, argv, -1, NULL, 0);
}

/*
 * edition -1: the spec as given (all its editions); else that one of
 * first's editions. volume 0: the spec as given (all its volumes); else
 * that volume of first's series.
 */
static int run_edition(int argc, char **argv, int edition, const struct mb_book_spec *first,
		       int volume)
{
	static const struct option options[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "seed", required_argument, NULL, 's' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "key", required_argument, NULL, 'k' },
		{ "timings", no_argument, NULL, 't' },
		{ "force", no_argument, NULL, 'f' },
		{ "volumes", required_argument, NULL, 'V' },
		{ "catalogue", required_argument, NULL, 'c' },
		{ NULL, 0, NULL, 0 }
	};
	struct build b = { 0 };
	struct mb_error err;
	const char *out_opt = NULL, *seed_opt = NULL, *key_opt = NULL, *volumes_opt = NULL;
	int vol_from = 1, vol_to = 0;
	bool force = false;
	double start = now_s();
	struct timespec started;
	enum mb_status st;
	int c, rc = MB_EXIT_FAIL;
	uint64_t seed = 0;

	mb_error_init(&err);
	mb_checklist_init(&b.checklist);
	b.dir_fd = -1;
	b.proof = (struct proof_run){ .pid = -1, .out_fd = -1 };
	b.lap = start;
	clock_gettime(CLOCK_REALTIME, &started);
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":o:q", options, NULL)) != -1) {
		switch (c) {
		case 'o':
			out_opt = optarg;
			break;
		case 's':
			seed_opt = optarg;
			break;
		case 'q':
			b.quiet = true;
			break;
		case 'k':
			key_opt = optarg;
			break;
		case 't':
			b.timings = true;
			break;
		case 'f':
			force = true;
			break;
		case 'V':
			volumes_opt = optarg;
			break;
		case 'c':
			b.catalogue_opt = optarg;
			break;
		case ':':
			return mb_command_usage_error(&mb_cmd_build, "option '%s' needs a value",
						      argv[optind - 1]);
		default:
			return mb_command_usage_error(&mb_cmd_build, "unknown option '%s'",
						      argv[optind - 1]);
		}
	}
	if (optind != argc - 1)
		return mb_command_usage_error(&mb_cmd_build, optind >= argc ?
					      "which spec? (e.g. mazebook build book.yaml)" :
					      "one spec at a time");
	if (seed_opt && mb_number_parse_u64(seed_opt, "--seed", 0, UINT64_MAX, &seed, &err))
		return mb_command_usage_error(&mb_cmd_build, "%s", err.message);
	if (b.catalogue_opt && !b.catalogue_opt[0])
		return mb_command_usage_error(&mb_cmd_build, "--catalogue must name a file, a "
					      "postgres:// URL or none, not ''");
	if (volumes_opt && !parse_volumes(volumes_opt, &vol_from, &vol_to))
		return mb_command_usage_error(&mb_cmd_build, "--volumes must be N or FROM-TO (1 to %d), "
					      "not '%s'", MB_SPEC_MAX_VOLUMES, volumes_opt);

	if (first ? mb_spec_parse(first->path, first->source, first->source_len, &b.spec, &err)
		  : mb_spec_load(argv[optind], &b.spec, &err))
		return fail(&err);
	if (!first && volumes_opt && !b.spec.series.volumes) {
		mb_spec_release(&b.spec);
		return mb_command_usage_error(&mb_cmd_build, "--volumes: the spec has no 'series:'");
	}
	if (!volume && b.spec.series.volumes) {
		/* the seed a volume derives from is --seed's when given */
		if (seed_opt)
			b.spec.seed = seed;
		rc = build_series(argc, argv, &b.spec, vol_from,
				  vol_to ? vol_to : b.spec.series.volumes);
		mb_checklist_release(&b.checklist);
		mb_spec_release(&b.spec);
		return rc;
	}
	if (volume && first->volume) {
		/* an edition of a volume: the volume as it was made */
		b.spec.seed = first->seed;
		b.spec.volume = volume;
		free(b.spec.title);
		b.spec.title = xstrdup(first->title);
		free(b.spec.book_id);
		b.spec.book_id = xstrdup(first->book_id);
	} else if (volume) {
		b.spec.seed = first->seed;	/* the series' (--seed's) seed; the volume derives its own */
		mb_spec_select_volume(&b.spec, volume);
	}
	if (edition < 0 && b.spec.edition_count) {
		if (check_placeholders(&b.spec, &err) || check_glyphs(&b.spec, &err)) {
			mb_spec_locate(&b.spec, &err);
			rc = fail(&err);
		} else {
			rc = build_editions(argc, argv, &b.spec, volume);
		}
		mb_checklist_release(&b.checklist);
		mb_spec_release(&b.spec);
		return rc;
	}
	if (first) {
		/* the copy in spec.yaml is made from these bytes, as for the spec itself */
		b.spec.source = xmalloc(first->source_len ? first->source_len : 1);
		memcpy(b.spec.source, first->source, first->source_len);
		b.spec.source_len = first->source_len;
		if (edition >= 0)
			mb_spec_select_edition(&b.spec, edition);
	}
	if (check_placeholders(&b.spec, &err) || check_glyphs(&b.spec, &err))
		goto done;
	if (seed_opt && !volume)
		b.spec.seed = seed;
	/* a spec writes only inside its own folder; -o goes anywhere */
	if (out_opt)
		b.out_dir = xstrdup(out_opt);
	else if (mb_spec_output_dir(&b.spec, &b.out_dir, &err))
		goto done;
	for (size_t n = strlen(b.out_dir); n > 1 && b.out_dir[n - 1] == '/'; n--)
		b.out_dir[n - 1] = '\0';	/* "out/" -> "out": names print cleanly */
	if (volume) {
		char *dir = xasprintf("%s/vol-%d", b.out_dir, volume);

		free(b.out_dir);
		b.out_dir = dir;
	}
	if (edition >= 0) {
		char *dir = xasprintf("%s/%s", b.out_dir, mb_kdp_binding_name(b.spec.binding));

		free(b.out_dir);
		b.out_dir = dir;
	}
	b.progress = !b.quiet && isatty(STDERR_FILENO);

	/*
	 * the key and the plan first: a bad key or a book that cannot be
	 * laid out fails before any maze is made
	 */
	/* the files the spec names, again just before they are read: still inside its folder */
	if (mb_spec_inputs_inside(&b.spec, &err) ||
	    find_key(&b, key_opt, &err) || plan_and_price(&b.spec, &b.plan, &b.cost, &err) ||
	    mb_interior_check_words(&b.spec, &b.plan, &err) ||
	    mb_spec_shape_grids(&b.spec, &err) || mb_pages_check_lattices(&b.spec, &b.plan, &err))
		goto done;
	lap(&b, STAGE_SPEC);
	/* after the spec's other faults: those are named at their place first */
	if ((!seed_opt && require_seed(&b.spec, &err)) ||
	    mb_book_make(&b.spec, &b.book, show_progress, &b, &err))
		goto done;
	lap(&b, STAGE_MAZES);
	/*
	 * the cover's texts fit and can be read, before anything is written;
	 * the mazes it makes of its own are the book's, in its catalogue too
	 */
	start_interior(&b);
	if (cover_check(&b, &err) || check_catalogue(&b, &err))
		goto done;
	show_stage(&b, "writing the interior, cover and previews");
	if (mb_output_mkdirs(b.out_dir, &err) || (!out_opt && output_still_inside(&b, &err)) ||
	    check_inputs_safe(&b, &err) || check_other_book(&b, force, &err) ||
	    claim_out_dir(&b, &started, &err) ||
	    begin_all(&b, &err) || write_files(&b, &err))
		goto done;
	/* the proof (started after the interior) and the preflight: both must end */
	show_stage(&b, "checking KDP's rules (preflight) and proving every maze (mazeproof)");
	if (run_preflight(&b, &err))
		goto done;
	add_cover_count_check(&b);
	add_isbn_check(&b);
	lap(&b, STAGE_PREFLIGHT);
	b.stage_s[STAGE_CHECKS] = b.stage_s[STAGE_PREFLIGHT];
	st = finish_proof(&b, &b.proof, &err);
	if (!st)
		prove_cover(&b);
	lap(&b, STAGE_CHECKS);
	if (st)
		goto done;
	add_cost_checks(&b);
	end_progress(&b);
	if (mb_checklist_failed(&b.checklist)) {
		report_failures(&b);
		abort_all(&b);
		rc = MB_EXIT_FAIL;
		goto cleanup;
	}
	if (write_checklists(&b, &err) || record_in_catalogue(&b, &err) || commit_all(&b, &err) ||
	    commit_catalogue(&b, &err))
		goto done;
	lap(&b, STAGE_SIGNING);
	clear_fault_pictures(&b);
	if (!b.quiet)
		print_summary(&b, now_s() - start);
	if (b.timings)
		print_timings(&b, now_s() - start);
	rc = MB_EXIT_OK;
done:
	drop_interior(&b);	/* a build that failed before the interior was written */
	finish_cover(&b, NULL);	/* a build that failed while the cover was being made */
	drop_cover_proof(&b);
	if (b.cover.proof_sheet) {	/* the cover's proof sheet of a build that failed */
		unlink(b.cover.proof_sheet);
		free(b.cover.proof_sheet);
	}
	stop_proof(&b.proof);	/* a build that failed before the proof's verdict */
	mb_spec_locate(&b.spec, &err);	/* an error about a spec key: at its place */
	if (rc != MB_EXIT_OK) {
		end_progress(&b);
		say_final_names(&b, err.message, sizeof(err.message));
		fail(&err);
	}
	abort_all(&b);
cleanup:
	if (b.dir_fd >= 0)
		close(b.dir_fd);	/* releases the folder's lock */
	mb_checklist_release(&b.checklist);
	free(b.key_path);
	free(b.public_key_path);
	free(b.proof_summary);
	mb_catalogue_free(b.cat);	/* a transaction still open (a failed build) is rolled back */
	free(b.cat_mazes);
	mb_layout_release(&b.plan);
	mb_book_release(&b.book);
	mb_spec_release(&b.spec);
	free(b.out_dir);
	return rc;
}

const struct mb_command mb_cmd_build = {
	.name = "build",
	.summary = "make a book: interior PDF, full-wrap cover PDF, manifest and checklist",
	.usage = "SPEC [-o DIR] [--seed N] [--volumes N|FROM-TO] [--catalogue WHERE] [--key SECRET_KEY] [--force] [--quiet]"
		 " [--timings]",
	.help = "  SPEC          the book spec (YAML); 'mazebook init' writes a starter\n"
		"  -o, --output DIR\n"
		"                write the files to DIR, anywhere (default: the spec's\n"
		"                'output', a folder inside the spec's folder)\n"
		"  --seed N      use this seed instead of the spec's (0 to 2^64-1)\n"
		"  --volumes N|FROM-TO\n"
		"                of a spec with 'series:', build only these volumes\n"
		"  --catalogue WHERE\n"
		"                the catalogue to check and record in: a file, a postgres://\n"
		"                URL (or libpq's host=... dbname=...) or none; over\n"
		"                $MAZEBOOK_CATALOGUE and the spec's 'catalogue:'\n"
		"  --key FILE    sign the checklist with this minisign secret key (default:\n"
		"                mazebook.key in $MAZEBOOK_KEY_DIR or ~/.config/mazebook,\n"
		"                made on first use; see 'mazebook keygen')\n"
		"  --force       replace another book's files in DIR (without it, a DIR whose\n"
		"                manifest.json names another title or spec file is refused)\n"
		"  -q, --quiet   print nothing but errors\n"
		"  --timings     print each stage's time to stderr (spec, mazes, interior,\n"
		"                cover, previews, proof, preflight, checks, signing)\n\n"
		"DIR gets interior.pdf, cover.pdf, manifest.json (every maze's generator,\n"
		"seed and measures), cover-preview.png (with trim, fold, safe-zone and\n"
		"barcode guides), page-preview.png (the first maze page), book-preview.png\n"
		"(every page as the book opens, in spreads), checklist.txt and\n"
		"checklist.json (the KDP preflight and mazeproof's verdict), spec.yaml (a\n"
		"copy of SPEC), checklist.txt.minisig (its signature) and mazebook.pub (the public key).\n"
		"checklist.txt lists the SHA-256 of every other file and the signing key's id.\n"
		"'mazebook verify DIR/checklist.txt -p DIR/mazebook.pub' later proves the\n"
		"files are the ones that passed.\n\n"
		"Files are written under temporary names and renamed only when the whole\n"
		"build has passed its checks, so a failed build never replaces good output.\n"
		"The same spec and seed give byte-identical PDFs (SOURCE_DATE_EPOCH, when\n"
		"set, becomes the PDFs' creation date).\n\n"
		"Every maze is checked against the catalogue of the books built before\n"
		"(--catalogue, else $MAZEBOOK_CATALOGUE, else the spec's 'catalogue:' (a\n"
		"file in its folder, or none), else ~/.local/share/mazebook/catalogue.db;\n"
		"a network one comes only from --catalogue or the environment, and only\n"
		"its host, port and database are printed): a maze printed before, turned\n"
		"or mirrored perhaps, stops the build before anything is written, and a\n"
		"built book's mazes are recorded (see 'mazebook catalogue'). The spec\n"
		"must give 'seed:'. A spec with 'series: {volumes: N}' builds DIR/vol-1/ ...\n\n"
		"Every path a spec names (output, catalogue, cover.image, cover.logo,\n"
		"shape and font files) must stay inside the spec's folder once symbolic\n"
		"links are followed: an absolute path, a '..' out of it or a link out of\n"
		"it is refused at its key. Copy such a file into the folder, or give the\n"
		"place on the command line (-o DIR, --catalogue WHERE).\n\n"
		"example:\n  mazebook build examples/easy.yaml -o out/easy\n",
	.run = run,
};
