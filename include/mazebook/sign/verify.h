/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * What `mazebook verify` reads from a preflight checklist: the header lines
 * naming each file the check measured, with its SHA-256 and size, and the
 * recorded result. The header is everything up to the first empty line:
 *
 *   mazebook preflight checklist
 *   tool: mazebook 0.1.0
 *   rules: kdp-paperback-2026.11
 *   file: interior.pdf sha256=<64 lower-case hex> bytes=<N>
 *   spec: book.yaml sha256=<64 hex> bytes=<N>
 *   signer: 5C2F3A... (optional: the key id the checklist was signed with)
 *   result: PASS (41 pass, 2 warn, 0 fail)
 *
 * Names are relative to the checklist's folder and may hold spaces (the
 * sha256= and bytes= fields are found from the end of the line). The parser
 * is pure and bounded (lines, names and entries have maximum sizes) so that
 * a hostile checklist gives an error with its line number, never a crash.
 */
#ifndef MAZEBOOK_VERIFY_H
#define MAZEBOOK_VERIFY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mazebook/base/error.h"
#include "mazebook/base/limits.h"

#define MB_VERIFY_MAGIC "mazebook preflight checklist"
#define MB_VERIFY_NAME_MAX 256		/* a file name, with its NUL */
#define MB_VERIFY_LINE_MAX 4096		/* a header line, without its newline */
#define MB_VERIFY_ENTRIES_MAX 64	/* file: and spec: lines together */
#define MB_VERIFY_TEXT_MAX 256		/* tool, rules and result values, with NUL */

struct mb_verify_entry {
	bool is_spec;			/* "spec:" rather than "file:" */
	char name[MB_VERIFY_NAME_MAX];
	char sha256[65];		/* 64 lower-case hex digits */
	uint64_t bytes;
	int line;			/* in the checklist, 1-based */
};

struct mb_verify_checklist {
	char tool[MB_VERIFY_TEXT_MAX];	/* empty when absent */
	char rules[MB_VERIFY_TEXT_MAX];
	char result[MB_VERIFY_TEXT_MAX];	/* "PASS (41 pass, 2 warn, 0 fail)" */
	char signer[17];		/* "signer: KEYID", 16 upper-case hex; empty when absent */
	bool passed;			/* the result's first word is PASS */
	size_t count;
	struct mb_verify_entry entries[MB_VERIFY_ENTRIES_MAX];
};

/*
 * Parse a checklist's text (len bytes, need not be NUL-terminated) into
 * *out; `file` names it in messages. Returns MB_OK, or MB_ERR_INPUT with the
 * line at fault: not a checklist, a line too long or binary, a malformed
 * file/spec line, an absolute name or one with a '..' part, a name listed
 * twice, no file listed, more than MB_VERIFY_ENTRIES_MAX, no result line.
 */
enum mb_status mb_verify_parse_checklist(const char *text, size_t len, const char *file,
					 struct mb_verify_checklist *out,
					 struct mb_error *err);

#endif
