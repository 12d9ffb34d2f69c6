/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Preflight: KDP's paperback rules (kdp.h, specs/kdp.def) applied to the
 * facts the PDF probe measured (probe.h), giving a checklist of checks,
 * each PASS, WARN or FAIL with the measured value, the limit and the
 * page(s). The checks are pure functions over plain data (core, libc
 * only); mb_preflight_run is the one entry that also reads files, and is
 * built into the program with the probe (src/backend/preflight_run.c).
 *
 * The checklist renders as text (the form `mazebook verify` parses and the
 * signature covers) and as JSON.
 */
#ifndef MAZEBOOK_PREFLIGHT_H
#define MAZEBOOK_PREFLIGHT_H

#include <stdbool.h>
#include <stddef.h>

#include "mazebook/error.h"
#include "mazebook/kdp.h"
#include "mazebook/probe.h"
#include "mazebook/sha256.h"

enum mb_check_status { MB_CHECK_PASS, MB_CHECK_WARN, MB_CHECK_FAIL };

struct mb_check {
	char id[40];		/* "interior.gutter" */
	enum mb_check_status status;
	char measured[96];	/* "0.193 in" */
	char limit[96];		/* ">= 0.375 in" */
	char pages[96];		/* "4, 6, 10-12 (+3 more)"; empty for the file */
	char message[320];	/* the line's text after the id */
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
};

/* An empty checklist naming this tool version and the KDP rules version. */
void mb_checklist_init(struct mb_checklist *cl);
void mb_checklist_release(struct mb_checklist *cl);

/* Append a check; fmt/... is the message (also the measured value when
 * measured is NULL). pages may be NULL. */
struct mb_check *mb_checklist_add(struct mb_checklist *cl, const char *id,
				  enum mb_check_status status, const char *pages,
				  const char *measured, const char *limit, const char *fmt, ...)
	__attribute__((format(printf, 7, 8)));

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
 * The checklist as text (the header format is in mazebook/verify.h) / as
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
};

/*
 * Probe the files, hash them and run every check into cl (initialised by
 * the caller). MB_OK when the checks ran, whatever they found (see
 * mb_checklist_failed); an error ("cannot read 'x.pdf': reason") when a
 * file could not be read or measured. Defined in src/backend/preflight_run.c
 * (it needs the probe): link the program, not just libmbcore.
 */
enum mb_status mb_preflight_run(const struct mb_preflight_options *opts,
				struct mb_checklist *cl, struct mb_error *err);

#endif
