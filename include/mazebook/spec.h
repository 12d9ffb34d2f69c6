/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The book spec: a publisher's whole book, as read from book.yaml. Plain
 * data; the YAML reader (src/backend/spec_yaml.c) fills it and reports
 * errors as file:line:column. Every string is owned by the spec and freed
 * by mb_spec_release.
 */
#ifndef MAZEBOOK_SPEC_H
#define MAZEBOOK_SPEC_H

#include <stdbool.h>
#include <stdint.h>

#include "mazebook/error.h"
#include "mazebook/kdp.h"
#include "mazebook/level.h"

#define MB_SPEC_MAX_MAZES 10000

struct mb_book_spec {
	char *path;			/* the spec file, for messages */
	char *title;			/* required, UTF-8 */
	char *subtitle;			/* may be NULL */
	char *author;			/* required */
	const struct mb_level *level;	/* required */
	int mazes;			/* 1..MB_SPEC_MAX_MAZES */
	struct mb_trim trim;		/* default 8.5x11 */
	enum mb_paper paper;		/* default white */
	bool bleed;			/* default false */
	uint64_t seed;			/* default 1 */
	char *algorithm;		/* "auto" (default) or a generator name */
	int solutions_per_page;		/* 1, 2, 4 (default), 6 or 9 */
	char *output_dir;		/* default "out", relative to the spec's folder */

	/* overrides of the level */
	int grid_w, grid_h;		/* the level's unless "grid: WxH" */
	struct mb_filter filter;	/* the level's unless min_route_ratio/min_forks */

	char *font;			/* a TrueType file or a fontconfig name; NULL: DejaVu Sans */
	bool one_sided;			/* maze pages on right-hand pages only */
	char *language;			/* printed labels: en (default), de, fr, es */
	char *copyright;		/* NULL: "Copyright (C) <author>" */

	struct {
		uint32_t background_rgb;	/* 0xRRGGBB, default 0x1e88e5 */
		uint32_t text_rgb;		/* default 0xffffff */
		char *back;			/* back cover description; may be NULL */
	} cover;
};

/* Defaults for every optional field; required ones empty. */
void mb_spec_init(struct mb_book_spec *spec);
void mb_spec_release(struct mb_book_spec *spec);

/*
 * Read and validate a spec file. Errors (MB_ERR_IO for a missing or
 * unreadable file, MB_ERR_INPUT otherwise) carry the file, line and
 * column: malformed YAML, an unknown key (with the nearest valid key), a
 * wrong type, a value out of range, a missing required key.
 */
enum mb_status mb_spec_load(const char *path, struct mb_book_spec *spec, struct mb_error *err);

/* As mb_spec_load, from text in memory; name is used in messages. */
enum mb_status mb_spec_parse(const char *name, const char *text, size_t len,
			     struct mb_book_spec *spec, struct mb_error *err);

/* The commented starter spec that `mazebook init` writes. */
extern const char mb_spec_starter[];

#endif
