/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Preflight: KDP's paperback rules (kdp.h, specs/kdp.def) applied to the
 * facts the PDF probe measured (probe.h), giving a checklist of checks,
 * each PASS, WARN or FAIL with the measured value, the limit and the
 * page(s). The checks are pure functions over plain data (core, libc
 * only); mb_preflight_run is the one entry that also reads files, and is
 * built into the program with the probe (src/backend/mupdf/preflight_run.c).
 *
 * The checklist renders as text (the form `mazebook verify` parses and the
 * signature covers) and as JSON.
 */
#ifndef MAZEBOOK_PREFLIGHT_H
#define MAZEBOOK_PREFLIGHT_H

#include <stdbool.h>
#include <stddef.h>

#include "mazebook/base/error.h"
#include "mazebook/base/sha256.h"
#include "mazebook/kdp/kdp.h"
#include "mazebook/kdp/probe.h"

enum mb_check_status { MB_CHECK_PASS, MB_CHECK_WARN, MB_CHECK_FAIL };

struct mb_check {
	char id[40];		/* "interior.gutter" */
	enum mb_check_status status;
	char measured[96];	/* "0.193 in" */
	char limit[96];		/* ">= 0.375 in" */
	char pages[96];		/* "4, 6, 10-12 (+3 more)"; empty for the file */
	char message[480];	/* the line's text after the id */
	/* the figures of measured and limit as numbers, for JSON readers */
	bool has_value;
	double value, need;
	char unit[8];		/* "in", "pt", "dpi", "%" */
};

/* an object a check found at fault, for the pictures (mb_preflight_pictures) */
struct mb_check_mark {
	bool cover;		/* false: the interior */
	int page;		/* 1-based */
	bool whole_page;	/* the page as a whole (size, blank run...): no box */
	struct mb_box_pt box;	/* the object, in the printed frame (probe.h) */
	char label[64];		/* "margins: text 0.16 in from the top" */
};

/* the geometry the checks used, for the pictures' guides */
struct mb_preflight_guides {
	bool interior;		/* the interior's trim is known */
	bool bleed;
	struct mb_box_pt trim_odd, trim_even;	/* the trim on odd / even pages */
	double gutter_in, margin_in;		/* the minimums */
	bool cover;		/* the cover's panels are known */
	struct mb_rect_in back, spine, front, barcode;	/* in inches, y up */
	double safe_in;		/* text inside the panels by this */
};

/* a file the checklist vouches for: "file" (PDF) or "spec" */
struct mb_checklist_file {
	char role[8];
	char name[256];		/* relative to the checklist's folder */
	char sha256[MB_SHA256_HEX_SIZE];
	unsigned long long bytes;
};

/* a build lists its PDFs, spec, manifest, previews, public key and checklist.json */
#define MB_CHECKLIST_FILES_MAX 16

struct mb_checklist {
	char tool[48];		/* "mazebook 0.1.0" */
	char rules[48];		/* mb_kdp_version */
	char signer[17];	/* the signing key's id ("signer:" line); empty: none */
	size_t file_count;
	struct mb_checklist_file files[MB_CHECKLIST_FILES_MAX];
	size_t count, alloc;
	struct mb_check *checks;
	size_t mark_count, mark_alloc;
	struct mb_check_mark *marks;
	struct mb_preflight_guides guides;
};

/* at most this many marks per checklist (a broken 800-page book stays a few MB) */
#define MB_CHECKLIST_MARKS_MAX 20000

/* An empty checklist naming this tool version and the KDP rules version. */
void mb_checklist_init(struct mb_checklist *cl);
void mb_checklist_release(struct mb_checklist *cl);

/* Append a check; fmt/... is the message (also the measured value when
 * measured is NULL). pages may be NULL. */
struct mb_check *mb_checklist_add(struct mb_checklist *cl, const char *id,
				  enum mb_check_status status, const char *pages,
				  const char *measured, const char *limit, const char *fmt, ...)
	__attribute__((format(printf, 7, 8)));

/* Give the last check added its figures as numbers (unit: "in", "pt"...). */
void mb_check_numbers(struct mb_checklist *cl, double value, double need, const char *unit);

/* Mark an object (box; NULL: the whole page) a check found at fault. */
void mb_checklist_mark(struct mb_checklist *cl, bool cover, int page,
		       const struct mb_box_pt *box, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/*
 * The boxes a picture of this page shows: the guides (trim, margins,
 * gutter; on the cover the panels, safe zone and barcode box) and the
 * marked objects in red, and a caption naming the faults (one per line).
 * *out is malloc'd (free it); false when nothing on this page is marked.
 */
bool mb_preflight_picture_boxes(const struct mb_checklist *cl, bool cover, int page,
				struct mb_picture_box **out, size_t *count, char *caption,
				size_t caption_size);

/*
 * Placeholder text (specs/placeholders.def) in text (UTF-8, len bytes),
 * matched without regard to case or runs of spaces: true and the entry in
 * found when there is one.
 */
bool mb_placeholder_find(const char *text, size_t len, char *found, size_t found_size);

/* Record a hashed file (role "file" or "spec"); at most MB_CHECKLIST_FILES_MAX. */
void mb_checklist_add_file(struct mb_checklist *cl, const char *role, const char *name,
			   const char *sha256_hex, unsigned long long bytes);

/* The first check with this id, or NULL. Borrowed. */
const struct mb_check *mb_checklist_find(const struct mb_checklist *cl, const char *id);

size_t mb_checklist_count(const struct mb_checklist *cl, enum mb_check_status status);

/* Does any check fail? */
bool mb_checklist_failed(const struct mb_checklist *cl);

const char *mb_check_status_name(enum mb_check_status status);

/*
 * The checklist as text (the header format is in mazebook/sign/verify.h) / as
 * JSON; free() them.
 */
char *mb_checklist_text(const struct mb_checklist *cl);
char *mb_checklist_json(const struct mb_checklist *cl);

/*
 * path as seen from the folder dir (both may be relative to the current
 * directory): "interior.pdf" when the file sits in dir, else a relative
 * path with "..", or the absolute path when that fails. free() it.
 */
char *mb_path_relative(const char *path, const char *dir);

/* what the checks know beyond the facts */
struct mb_preflight_params {
	bool trim_given;	/* use trim, do not infer it */
	struct mb_trim trim;
	enum mb_paper paper;
	int bleed;		/* -1 infer, 0 no bleed, 1 bleed */
	/* the edition: zero is a paperback in black ink, the only kind checked before */
	enum mb_binding binding;
	enum mb_ink ink;
	int mazes;		/* mazes in the book when known (the builder), else 0 */
};

/* what the interior checks found out, for the cover checks */
struct mb_interior_result {
	bool trim_known;
	struct mb_trim trim;
	bool bleed;
	int pages;
};

/*
 * The interior checks: trim, page sizes, page count, even count, gutter,
 * margins, fonts, text size, line weight, colour, gray fills, images,
 * blank pages, annotations, bookmarks, encryption, transparency, invisible
 * text, file size.
 * Appends to cl and fills res (may be NULL).
 */
void mb_preflight_interior(const struct mb_probe_file *f, const struct mb_preflight_params *p,
			   struct mb_checklist *cl, struct mb_interior_result *res);

/*
 * The cover checks against the interior's trim, page count and paper: one
 * page, size to the formula, fonts, text size, safe zone, barcode area,
 * spine text, images, colour spaces, encryption, file size. The cover facts must have
 * been probed with keep_items.
 */
void mb_preflight_cover(const struct mb_probe_file *f, const struct mb_trim *trim, int pages,
			enum mb_paper paper, struct mb_checklist *cl);

/*
 * The cover checks for an edition: as mb_preflight_cover for a paperback
 * (which calls this); for a hardcover, the case-laminate size to the formula
 * (boards, wrap and spine), the art reaching over the wrap, text 0.125 in
 * inside the boards and out of the 10 mm hinges, KDP's barcode box on the back
 * board, and spine text 0.0625 in from each fold.
 */
void mb_preflight_cover_for(const struct mb_probe_file *f, const struct mb_trim *trim, int pages,
			    const struct mb_print *print, struct mb_checklist *cl);

/*
 * The cover's printed count against the book's: a number followed within
 * three words by "mazes" (in any language mazebook prints) that is not
 * mazes fails. Only with mazes > 0 (the builder, or check --mazes).
 */
void mb_preflight_cover_count(const struct mb_probe_file *f, int mazes, struct mb_checklist *cl);

/*
 * The number of mazes text (UTF-8, len bytes) names, read as a person
 * reads a title: a number, then the word for mazes at once or up to two
 * words later ("60 Easy Mazes", "100 Large Print Mazes", "50 Labyrinthe"),
 * with no other number nor a phrase's end ("for", "and") between. Never a
 * count: a number inside a word ("2nd", "3D"), a range ("Ages 4-6", "8-12",
 * "4 to 8"), a year (1900 to 2099), a number after an age, grade, level or
 * volume word ("Age 6+", "Volume 2", "#2") or before a unit ("4 Years",
 * "5-Minute"), a date or decimal. "100+ Mazes" and "Over 100 Mazes" agree
 * with 100 or more. The first count that contradicts mazes, else mazes
 * when a count agrees, else -1.
 */
long mb_text_maze_count(const char *text, size_t len, int mazes);

struct mb_preflight_options {
	const char *interior_path;	/* required */
	const char *cover_path;		/* NULL: no cover */
	const char *spec_path;		/* NULL: no spec; else hashed into the checklist */
	const char *checklist_dir;	/* names are relative to it; NULL: "." */
	/*
	 * The names to record for the PDFs instead of their paths (NULL: the
	 * path relative to checklist_dir): the builder checks files under
	 * temporary names that are renamed once they pass.
	 */
	const char *interior_as, *cover_as, *spec_as;
	struct mb_preflight_params params;
	/*
	 * The interior's contact sheet, drawn while its pages are read for the
	 * checks (NULL: none); sheet_info may be NULL. See mb_probe_options.
	 */
	const char *sheet_png;
	struct mb_contact_sheet_info *sheet_info;
};

/*
 * Probe the files, hash them and run every check into cl (initialised by
 * the caller). MB_OK when the checks ran, whatever they found (see
 * mb_checklist_failed); an error ("cannot read 'x.pdf': reason") when a
 * file could not be read or measured. Defined in src/backend/mupdf/preflight_run.c
 * (it needs the probe): link the program, not just libmbcore.
 */
enum mb_status mb_preflight_run(const struct mb_preflight_options *opts,
				struct mb_checklist *cl, struct mb_error *err);

/*
 * One PNG per page with a marked fault, and for the cover, into the folder
 * dir (which must exist): interior-page-0003.png, cover.png; the PDFs are
 * read from interior_path and cover_path (NULL: none). At most max_pages
 * interior pictures (the first ones); *written counts the files. Defined in
 * src/backend/mupdf/preflight_run.c.
 */
enum mb_status mb_preflight_pictures(const struct mb_checklist *cl, const char *interior_path,
				     const char *cover_path, const char *dir, int max_pages,
				     int *written, struct mb_error *err);

#endif
