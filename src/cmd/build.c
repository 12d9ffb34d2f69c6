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
 * The catalogue (mazebook/book/catalogue.h) never changes the book: a maze
 * another book printed stops the build before anything is written. The
 * book's rows are written in one transaction just before the renames and
 * committed just after them, so a failed or killed build records nothing;
 * a kill between the renames and the commit leaves the files unrecorded,
 * which the next build of the book or `catalogue import DIR` mends.
 */
#include "config.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mazebook/backend/interior.h"
#include "mazebook/backend/shape_load.h"
#include "mazebook/base/number.h"
#include "mazebook/base/xalloc.h"
#include "mazebook/book/editions.h"
#include "mazebook/cmd/options.h"
#include "mazebook/page/pages.h"

#include "build.h"

static int run(int argc, char **argv)
{
	return build_run_edition(argc, argv, -1, NULL, 0);
}

/* what the command line asked of a build, beside the run state */
struct build_args {
	const char *out_opt, *seed_opt, *key_opt, *volumes_opt;
	int vol_from, vol_to;
	bool force;
	uint64_t seed;
	double start;			/* build_now_s() when the build began */
	struct timespec started;	/* the clock, for the folder's leftovers */
};

/* how far make_book got */
enum book_made { BOOK_MADE, BOOK_ERROR, BOOK_FAILED_CHECKS };

/*
 * The options into a and b; -1 when they are fine, else the exit status
 * of a usage error (already reported).
 */
static int read_options(int argc, char **argv, struct build *b, struct build_args *a,
			struct mb_error *err)
{
	enum { OUTPUT, SEED, QUIET, KEY, TIMINGS, FORCE, VOLUMES, CATALOGUE };
	static const struct mb_option table[] = {
		[OUTPUT] = { "output", 'o', true },
		[SEED] = { "seed", 0, true },
		[QUIET] = { "quiet", 'q', false },
		[KEY] = { "key", 0, true },
		[TIMINGS] = { "timings", 0, false },
		[FORCE] = { "force", 0, false },
		[VOLUMES] = { "volumes", 0, true },
		[CATALOGUE] = { "catalogue", 0, true },
	};
	struct mb_options args;
	int c;

	mb_options_init(&args, table, sizeof(table) / sizeof(table[0]), argc, argv);
	while ((c = mb_options_next(&args)) != MB_OPTIONS_END) {
		switch (c) {
		case OUTPUT:
			a->out_opt = args.value;
			break;
		case SEED:
			a->seed_opt = args.value;
			break;
		case QUIET:
			b->quiet = true;
			break;
		case KEY:
			a->key_opt = args.value;
			break;
		case TIMINGS:
			b->timings = true;
			break;
		case FORCE:
			a->force = true;
			break;
		case VOLUMES:
			a->volumes_opt = args.value;
			break;
		case CATALOGUE:
			b->catalogue_opt = args.value;
			break;
		case MB_OPTIONS_NO_VALUE:
			return mb_command_usage_error(&mb_cmd_build, "option '%s' needs a value",
						      args.arg);
		default:
			return mb_command_usage_error(&mb_cmd_build, "unknown option '%s'",
						      args.arg);
		}
	}
	if (args.index != argc - 1)
		return mb_command_usage_error(&mb_cmd_build, args.index >= argc ?
					      "which spec? (e.g. mazebook build book.yaml)" :
					      "one spec at a time");
	if (a->seed_opt && mb_number_parse_u64(a->seed_opt, "--seed", 0, UINT64_MAX, &a->seed, err))
		return mb_command_usage_error(&mb_cmd_build, "%s", err->message);
	if (b->catalogue_opt && !b->catalogue_opt[0])
		return mb_command_usage_error(&mb_cmd_build, "--catalogue must name a file, a "
					      "postgres:// URL or none, not ''");
	if (a->volumes_opt && !build_parse_volumes(a->volumes_opt, &a->vol_from, &a->vol_to))
		return mb_command_usage_error(&mb_cmd_build, "--volumes must be N or FROM-TO (1 to %d), "
					      "not '%s'", MB_SPEC_MAX_VOLUMES, a->volumes_opt);
	return -1;
}

/* the output folder: -o's or the spec's, then the volume's and the edition's below it */
static enum mb_status choose_out_dir(struct build *b, const struct build_args *a, int edition,
				     int volume, struct mb_error *err)
{
	/* a spec writes only inside its own folder; -o goes anywhere */
	if (a->out_opt)
		b->out_dir = xstrdup(a->out_opt);
	else if (mb_spec_output_dir(&b->spec, &b->out_dir, err))
		return err->code;
	for (size_t n = strlen(b->out_dir); n > 1 && b->out_dir[n - 1] == '/'; n--)
		b->out_dir[n - 1] = '\0';	/* "out/" -> "out": names print cleanly */
	if (volume) {
		char *dir = xasprintf("%s/vol-%d", b->out_dir, volume);

		free(b->out_dir);
		b->out_dir = dir;
	}
	if (edition >= 0) {
		char *dir = xasprintf("%s/%s", b->out_dir, mb_kdp_binding_name(b->spec.binding));

		free(b->out_dir);
		b->out_dir = dir;
	}
	return MB_OK;
}

/*
 * One book from its finished spec: the checks before anything is
 * written, the files under temporary names, the proof and the preflight,
 * then the checklists, the catalogue and the renames.
 */
static enum book_made make_book(struct build *b, const struct build_args *a, int edition,
				int volume, struct mb_error *err)
{
	enum mb_status st;

	if (build_check_placeholders(&b->spec, err) || build_check_glyphs(&b->spec, err))
		return BOOK_ERROR;
	if (a->seed_opt && !volume)
		b->spec.seed = a->seed;
	if (choose_out_dir(b, a, edition, volume, err))
		return BOOK_ERROR;
	b->progress = !b->quiet && isatty(STDERR_FILENO);

	/*
	 * the key and the plan first: a bad key or a book that cannot be
	 * laid out fails before any maze is made
	 */
	/* the files the spec names, again just before they are read: still inside its folder */
	if (mb_spec_inputs_inside(&b->spec, err) ||
	    build_find_key(b, a->key_opt, err) || mb_edition_plan(&b->spec, &b->plan, &b->cost, err) ||
	    mb_interior_check_words(&b->spec, &b->plan, err) ||
	    mb_spec_shape_grids(&b->spec, err) || mb_pages_check_lattices(&b->spec, &b->plan, err))
		return BOOK_ERROR;
	build_lap(b, STAGE_SPEC);
	/* after the spec's other faults: those are named at their place first */
	if ((!a->seed_opt && build_require_seed(&b->spec, err)) ||
	    mb_book_make(&b->spec, &b->book, build_show_progress, b, err))
		return BOOK_ERROR;
	build_lap(b, STAGE_MAZES);
	/*
	 * the cover's texts fit and can be read, before anything is written;
	 * the mazes it makes of its own are the book's, in its catalogue too
	 */
	build_start_interior(b);
	if (build_cover_check(b, err) || build_check_catalogue(b, err))
		return BOOK_ERROR;
	build_show_stage(b, "writing the interior, cover and previews");
	if (mb_output_mkdirs(b->out_dir, err) || (!a->out_opt && build_output_still_inside(b, err)) ||
	    build_check_inputs_safe(b, err) || build_check_other_book(b, a->force, err) ||
	    build_claim_out_dir(b, &a->started, err) ||
	    build_begin_all(b, err) || build_write_files(b, err))
		return BOOK_ERROR;
	/* the proof (started after the interior) and the preflight: both must end */
	build_show_stage(b, "checking KDP's rules (preflight) and proving every maze (mazeproof)");
	if (build_run_preflight(b, err))
		return BOOK_ERROR;
	build_add_cover_count_check(b);
	build_add_isbn_check(b);
	build_lap(b, STAGE_PREFLIGHT);
	b->stage_s[STAGE_CHECKS] = b->stage_s[STAGE_PREFLIGHT];
	st = build_finish_proof(b, &b->proof, err);
	if (!st)
		build_prove_cover(b);
	build_lap(b, STAGE_CHECKS);
	if (st)
		return BOOK_ERROR;
	build_add_cost_checks(b);
	build_end_progress(b);
	if (mb_checklist_failed(&b->checklist)) {
		build_report_failures(b);
		build_abort_all(b);
		return BOOK_FAILED_CHECKS;
	}
	if (build_write_checklists(b, err) || build_record_in_catalogue(b, err) ||
	    build_commit_all(b, err) || build_commit_catalogue(b, err))
		return BOOK_ERROR;
	build_lap(b, STAGE_SIGNING);
	build_clear_fault_pictures(b);
	if (!b->quiet)
		build_print_summary(b, build_now_s() - a->start);
	if (b->timings)
		build_print_timings(b, build_now_s() - a->start);
	return BOOK_MADE;
}

/* a build past its checks or stopped by an error: what it left running or half-made, and its error */
static void end_build(struct build *b, bool made, struct mb_error *err)
{
	build_drop_interior(b);		/* a build that failed before the interior was written */
	build_finish_cover(b, NULL);	/* a build that failed while the cover was being made */
	build_drop_cover_proof(b);
	if (b->cover.proof_sheet) {	/* the cover's proof sheet of a build that failed */
		unlink(b->cover.proof_sheet);
		free(b->cover.proof_sheet);
	}
	build_stop_proof(&b->proof);	/* a build that failed before the proof's verdict */
	mb_spec_locate(&b->spec, err);	/* an error about a spec key: at its place */
	if (!made) {
		build_end_progress(b);
		build_say_final_names(b, err->message, sizeof(err->message));
		build_fail(err);
	}
	build_abort_all(b);
}

static void release_build(struct build *b)
{
	mb_transaction_close(&b->tx);	/* releases the folder's lock */
	mb_checklist_release(&b->checklist);
	free(b->key_path);
	free(b->public_key_path);
	free(b->proof_summary);
	mb_catalogue_free(b->cat);	/* a transaction still open (a failed build) is rolled back */
	free(b->cat_mazes);
	mb_layout_release(&b->plan);
	mb_book_release(&b->book);
	mb_spec_release(&b->spec);
	free(b->out_dir);
}

/*
 * A spec with editions or volumes: each is a build of its own
 * (build_editions.c comes back here for each); MB_EXIT_OK when the spec
 * has none and this build is to make its book, else the exit status.
 */
static int split_spec(int argc, char **argv, struct build *b, const struct build_args *a,
		      int edition, const struct mb_book_spec *first, int volume, bool *done,
		      struct mb_error *err)
{
	*done = true;
	if (!volume && b->spec.series.volumes) {
		/* the seed a volume derives from is --seed's when given */
		if (a->seed_opt)
			b->spec.seed = a->seed;
		return build_series(argc, argv, &b->spec, a->vol_from,
				    a->vol_to ? a->vol_to : b->spec.series.volumes);
	}
	if (volume && first->volume) {
		/* an edition of a volume: the volume as it was made */
		b->spec.seed = first->seed;
		b->spec.volume = volume;
		free(b->spec.title);
		b->spec.title = xstrdup(first->title);
		free(b->spec.book_id);
		b->spec.book_id = xstrdup(first->book_id);
	} else if (volume) {
		b->spec.seed = first->seed;	/* the series' (--seed's) seed; the volume derives its own */
		mb_spec_select_volume(&b->spec, volume);
	}
	if (edition < 0 && b->spec.edition_count) {
		if (build_check_placeholders(&b->spec, err) || build_check_glyphs(&b->spec, err)) {
			mb_spec_locate(&b->spec, err);
			return build_fail(err);
		}
		return build_editions(argc, argv, &b->spec, volume);
	}
	if (first) {
		/* the copy in spec.yaml is made from these bytes, as for the spec itself */
		b->spec.source = xmalloc(first->source_len ? first->source_len : 1);
		memcpy(b->spec.source, first->source, first->source_len);
		b->spec.source_len = first->source_len;
		if (edition >= 0)
			mb_spec_select_edition(&b->spec, edition);
	}
	*done = false;
	return MB_EXIT_OK;
}

/*
 * edition -1: the spec as given (all its editions); else that one of
 * first's editions. volume 0: the spec as given (all its volumes); else
 * that volume of first's series.
 */
int build_run_edition(int argc, char **argv, int edition, const struct mb_book_spec *first,
		      int volume)
{
	struct build b = { 0 };
	struct build_args a = { .vol_from = 1 };
	struct mb_error err;
	enum book_made made;
	bool done;
	int rc;

	a.start = build_now_s();
	mb_error_init(&err);
	mb_checklist_init(&b.checklist);
	b.lap = a.start;
	clock_gettime(CLOCK_REALTIME, &a.started);
	rc = read_options(argc, argv, &b, &a, &err);
	if (rc >= 0)
		return rc;

	if (first ? mb_spec_parse(first->path, first->source, first->source_len, &b.spec, &err)
		  : mb_spec_load(argv[argc - 1], &b.spec, &err))
		return build_fail(&err);
	if (!first && a.volumes_opt && !b.spec.series.volumes) {
		mb_spec_release(&b.spec);
		return mb_command_usage_error(&mb_cmd_build, "--volumes: the spec has no 'series:'");
	}
	rc = split_spec(argc, argv, &b, &a, edition, first, volume, &done, &err);
	if (done) {
		mb_checklist_release(&b.checklist);
		mb_spec_release(&b.spec);
		return rc;
	}
	made = make_book(&b, &a, edition, volume, &err);
	if (made != BOOK_FAILED_CHECKS)
		end_build(&b, made == BOOK_MADE, &err);
	release_build(&b);
	return made == BOOK_MADE ? MB_EXIT_OK : MB_EXIT_FAIL;
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
