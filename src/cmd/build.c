/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * `mazebook build SPEC`: the main job. Read the spec, choose the mazes,
 * plan the pages, write the interior, the cover, the manifest and the
 * previews, check them, and only then put them in place.
 *
 * Every file is written under a temporary name in the output folder and
 * renamed at the end, after every check has passed: a failed or killed
 * build leaves no half-written file under a final name and does not
 * touch the previous good output.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "mazebook/book.h"
#include "mazebook/command.h"
#include "mazebook/interior.h"
#include "mazebook/kdp.h"
#include "mazebook/layout.h"
#include "mazebook/manifest.h"
#include "mazebook/number.h"
#include "mazebook/output.h"
#include "mazebook/spec.h"
#include "mazebook/xalloc.h"

extern const struct mb_command mb_cmd_build;

/* the files a build writes, in the order they are put in place */
enum build_file {
	FILE_INTERIOR,
	FILE_COVER,
	FILE_MANIFEST,
	FILE_COUNT
};

static const char *const file_names[FILE_COUNT] = {
	[FILE_INTERIOR] = "interior.pdf",
	[FILE_COVER] = "cover.pdf",
	[FILE_MANIFEST] = "manifest.json",
};

struct build {
	struct mb_book_spec spec;
	struct mb_book book;
	struct mb_page_plan plan;
	char *out_dir;
	struct mb_output out[FILE_COUNT];
	bool progress;		/* stderr is a terminal: show a progress line */
	bool quiet;
};

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void show_progress(size_t done, size_t total, void *data)
{
	const struct build *b = data;

	if (b->progress && (done == total || done % 5 == 0))
		fprintf(stderr, "\rmazebook build: mazes %zu/%zu", done, total);
}

static char *out_path(const struct build *b, const char *name)
{
	return xasprintf("%s/%s", b->out_dir, name);
}

static int fail(struct mb_error *err)
{
	char buf[MB_ERROR_FILE_MAX + MB_ERROR_MESSAGE_MAX + 32];

	return mb_command_fail(&mb_cmd_build, "%s", mb_error_format(err, buf, sizeof(buf)));
}

static enum mb_status begin_all(struct build *b, struct mb_error *err)
{
	for (int i = 0; i < FILE_COUNT; i++) {
		char *path = out_path(b, file_names[i]);
		enum mb_status st = mb_output_begin(&b->out[i], path,
						    i == FILE_MANIFEST, 0, err);

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
}

static enum mb_status write_files(struct build *b, struct mb_error *err)
{
	struct mb_manifest_info info = {
		.pages = b->plan.page_count,
		.spine_in = mb_kdp_spine_in(b->plan.page_count, b->spec.paper),
		.maze_pages = b->plan.maze_page,
	};
	enum mb_status st;

	st = mb_interior_write(&b->spec, &b->book, &b->plan, b->out[FILE_INTERIOR].temp_path, err);
	if (st)
		return st;
	st = mb_cover_write(&b->spec, &b->book, b->plan.page_count, b->out[FILE_COVER].temp_path, err);
	if (st)
		return st;
	mb_manifest_write(b->out[FILE_MANIFEST].fp, &b->spec, &b->book, &info);
	return MB_OK;
}

static enum mb_status commit_all(struct build *b, struct mb_error *err)
{
	for (int i = 0; i < FILE_COUNT; i++) {
		enum mb_status st = mb_output_commit(&b->out[i], err);

		if (st)
			return st;
	}
	return MB_OK;
}

static long file_size(const char *dir, const char *name)
{
	char *path = xasprintf("%s/%s", dir, name);
	struct stat st;
	long size = stat(path, &st) ? -1 : (long)st.st_size;

	free(path);
	return size;
}

static void print_summary(const struct build *b, double seconds)
{
	const struct mb_book_spec *s = &b->spec;
	struct mb_cover_geometry g;
	char trim[64];

	mb_kdp_cover_geometry(&s->trim, b->plan.page_count, s->paper, &g);
	printf("built '%s': %zu %s mazes (%dx%d), %d pages, %s, %s paper%s\n",
	       s->title, b->book.count, s->level->name, s->grid_w, s->grid_h,
	       b->plan.page_count, mb_kdp_trim_name(&s->trim, trim, sizeof(trim)),
	       mb_kdp_paper_name(s->paper), s->bleed ? ", bleed" : "");
	printf("  interior   %s/%s (%ld KB)\n", b->out_dir, file_names[FILE_INTERIOR],
	       file_size(b->out_dir, file_names[FILE_INTERIOR]) / 1024);
	printf("  cover      %s/%s (%.4f x %.4f in, spine %.4f in, %s)\n", b->out_dir,
	       file_names[FILE_COVER], g.w_in, g.h_in, g.spine_in,
	       mb_kdp_spine_text_allowed(b->plan.page_count) ? "spine text allowed" : "no spine text");
	printf("  manifest   %s/%s\n", b->out_dir, file_names[FILE_MANIFEST]);
	printf("  time       %.2f s\n", seconds);
}

static int run(int argc, char **argv)
{
	static const struct option options[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "seed", required_argument, NULL, 's' },
		{ "quiet", no_argument, NULL, 'q' },
		{ NULL, 0, NULL, 0 }
	};
	struct build b = { 0 };
	struct mb_error err;
	const char *out_opt = NULL, *seed_opt = NULL;
	double start = now_s();
	int c, rc = MB_EXIT_FAIL;
	uint64_t seed = 0;

	mb_error_init(&err);
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
	if (seed_opt && mb_number_parse_u64("--seed", seed_opt, 0, UINT64_MAX, &seed, &err))
		return mb_command_usage_error(&mb_cmd_build, "%s", err.message);

	if (mb_spec_load(argv[optind], &b.spec, &err))
		return fail(&err);
	if (seed_opt)
		b.spec.seed = seed;
	b.out_dir = out_opt ? xstrdup(out_opt) : mb_spec_resolve(&b.spec, b.spec.output_dir);
	b.progress = !b.quiet && isatty(STDERR_FILENO);

	/* plan first: a book that cannot be laid out fails before any maze is made */
	if (mb_layout_plan(&b.spec, b.spec.mazes, &b.plan, &err) ||
	    mb_book_make(&b.spec, &b.book, show_progress, &b, &err))
		goto done;
	if (b.progress)
		fputc('\n', stderr);
	if (mb_output_mkdirs(b.out_dir, &err) || begin_all(&b, &err) ||
	    write_files(&b, &err) || commit_all(&b, &err))
		goto done;
	if (!b.quiet)
		print_summary(&b, now_s() - start);
	rc = MB_EXIT_OK;
done:
	if (rc != MB_EXIT_OK) {
		if (b.progress)
			fputc('\n', stderr);
		fail(&err);
	}
	abort_all(&b);
	mb_layout_release(&b.plan);
	mb_book_release(&b.book);
	mb_spec_release(&b.spec);
	free(b.out_dir);
	return rc;
}

const struct mb_command mb_cmd_build = {
	.name = "build",
	.summary = "make a book: interior PDF, full-wrap cover PDF, manifest and checklist",
	.usage = "SPEC [-o DIR] [--seed N] [--quiet]",
	.help = "  SPEC          the book spec (YAML); 'mazebook init' writes a starter\n"
		"  -o, --output DIR\n"
		"                write the files to DIR (default: the spec's 'output',\n"
		"                relative to the spec's folder)\n"
		"  --seed N      use this seed instead of the spec's (0 to 2^64-1)\n"
		"  -q, --quiet   print nothing but errors\n\n"
		"Files are written under temporary names and renamed only when the whole\n"
		"build has passed its checks, so a failed build never replaces good output.\n"
		"The same spec and seed give byte-identical PDFs (SOURCE_DATE_EPOCH, when\n"
		"set, becomes the PDFs' creation date).\n\n"
		"example:\n  mazebook build examples/easy.yaml -o out/easy\n",
	.run = run,
};
