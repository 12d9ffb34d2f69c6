/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * What the parts of `mazebook build` share (src/cmd/build*.c): the files
 * a build writes, its stages, the run state passed to every part, and the
 * parts' entries. build.c is the driver; build_files.c the output folder
 * and its transaction (mazebook/io/transaction.h), build_write.c the
 * writing (the cover and the interior's document in threads beside it),
 * build_proof.c mazeproof,
 * build_checks.c the checks before and after writing, build_sign.c the
 * checklists and their signature, build_report.c what is printed,
 * build_editions.c a spec's editions and a series' volumes.
 */
#ifndef MAZEBOOK_CMD_BUILD_H
#define MAZEBOOK_CMD_BUILD_H

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>
#include <time.h>

#include "mazebook/backend/sign.h"
#include "mazebook/base/error.h"
#include "mazebook/book/book.h"
#include "mazebook/book/catalogue.h"
#include "mazebook/book/layout.h"
#include "mazebook/book/spec.h"
#include "mazebook/cmd/command.h"
#include "mazebook/io/output.h"
#include "mazebook/io/transaction.h"
#include "mazebook/kdp/cost.h"
#include "mazebook/kdp/preflight.h"

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
static inline bool is_stream(enum build_file f)
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

/* mazeproof, running beside the rest of the build */
struct proof_run {
	pid_t pid;	/* 0: none running (the descriptors are then not open) */
	int out_fd;	/* its stdout: the JSON report */
	int msg_fd;	/* its stderr: its messages */
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
	struct proof_run proof;	/* mazeproof at work on it (start_cover_proof), or none */
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


struct build {
	struct mb_book_spec spec;
	struct mb_book book;
	struct mb_page_plan plan;
	char *out_dir;
	struct mb_transaction tx;	/* the files, tx.files[enum build_file] */
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

/* the final name of the signature, written beside the checklist */
static const char signature_name[] = "checklist.txt" MB_SIGN_SUFFIX;

/* build_files.c */
enum mb_status build_check_inputs_safe(struct build *b, struct mb_error *err);
enum mb_status build_check_other_book(const struct build *b, bool force, struct mb_error *err);
enum mb_status build_output_still_inside(const struct build *b, struct mb_error *err);
enum mb_status build_claim_out_dir(struct build *b, const struct timespec *started,
				   struct mb_error *err);
enum mb_status build_begin_all(struct build *b, struct mb_error *err);
void build_abort_all(struct build *b);
enum mb_status build_copy_into(const char *path, FILE *to, struct mb_error *err);
char *build_out_path(const struct build *b, const char *name);
void build_say_final_names(const struct build *b, char *buf, size_t size);
int build_fail(struct mb_error *err);

/* build_report.c */
double build_now_s(void);
void build_lap(struct build *b, enum build_stage stage);
void build_show_stage(const struct build *b, const char *stage);
void build_show_progress(size_t done, size_t total, void *data);
void build_end_progress(const struct build *b);
void build_print_summary(const struct build *b, double seconds);
void build_print_timings(const struct build *b, double seconds);

/* build_write.c */
enum mb_status build_finish_cover(struct build *b, struct mb_error *err);
void build_start_interior(struct build *b);
void build_drop_interior(struct build *b);
enum mb_status build_write_files(struct build *b, struct mb_error *err);

/* build_proof.c */
enum mb_status build_start_proof(struct build *b, struct proof_run *p, struct mb_error *err);
void build_stop_proof(struct proof_run *p);
enum mb_status build_finish_proof(struct build *b, struct proof_run *p, struct mb_error *err);
void build_start_cover_proof(struct build *b);
void build_drop_cover_proof(struct build *b);
void build_prove_cover(struct build *b);

/* build_checks.c */
enum mb_status build_run_preflight(struct build *b, struct mb_error *err);
void build_add_cover_count_check(struct build *b);
void build_add_isbn_check(struct build *b);
void build_add_cost_checks(struct build *b);
void build_clear_fault_pictures(const struct build *b);
void build_report_failures(const struct build *b);
enum mb_status build_check_placeholders(const struct mb_book_spec *s, struct mb_error *err);
enum mb_status build_check_glyphs(const struct mb_book_spec *s, struct mb_error *err);
enum mb_status build_cover_check(struct build *b, struct mb_error *err);
enum mb_status build_check_catalogue(struct build *b, struct mb_error *err);
enum mb_status build_record_in_catalogue(struct build *b, struct mb_error *err);
enum mb_status build_commit_catalogue(struct build *b, struct mb_error *err);
enum mb_status build_require_seed(const struct mb_book_spec *s, struct mb_error *err);

/* build_sign.c */
enum mb_status build_find_key(struct build *b, const char *key_opt, struct mb_error *err);
enum mb_status build_write_checklists(struct build *b, struct mb_error *err);
enum mb_status build_commit_all(struct build *b, struct mb_error *err);

/* build_editions.c */
bool build_parse_volumes(const char *text, int *from, int *to);
int build_editions(int argc, char **argv, const struct mb_book_spec *first, int volume);
int build_series(int argc, char **argv, const struct mb_book_spec *first, int from, int to);

/* build.c */
int build_run_edition(int argc, char **argv, int edition, const struct mb_book_spec *first,
		      int volume);

#endif
