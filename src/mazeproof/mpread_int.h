/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * What the pieces of the PDF reader (mpread*.c) share: the document and its
 * work so far, the scan device, the walk of one stroked path. Not for the
 * rest of mazeproof, which never sees MuPDF: mpread.h is its interface.
 */
#ifndef MAZEPROOF_MPREAD_INT_H
#define MAZEPROOF_MPREAD_INT_H

#include <stdbool.h>
#include <stddef.h>

#include <mupdf/fitz.h>
#include <mupdf/pdf.h>

#include "mplimits.h"
#include "mpread.h"

struct mb_mp_doc {
	fz_context *ctx;
	pdf_document *pdf;
	int pages;
	/* work done on the whole file so far, against the per-file bounds (mpread.h) */
	unsigned long draw_ops, clips;
	char bound[160];	/* the per-file bound the file passed, "" if none */
	/*
	 * For each /Rotate (in quarters), 1 + the turn the last page read with
	 * it and with text was read at; 0 while there was none. A page with no
	 * text is read as the pages of its /Rotate before it were.
	 */
	int turn_of_rotate[4];
};

struct scan_device {
	fz_device super;
	struct mb_mp_doc *doc;
	struct mb_mp_page *page;
	const char *overflow;	/* set when the page passed a bound: what there was too much of */
	int limit;
	char file_bound[160];	/* set when the file passed a per-file bound: why */
	int clip_depth;
	/* the clips in force: their common box, and whether it is exact (all rectangles) */
	fz_rect clip_box[MB_MP_MAX_CLIP_DEPTH + 2];
	bool clip_exact[MB_MP_MAX_CLIP_DEPTH + 2];
	size_t outline_budget;	/* edge crossings left for reading filled outlines (mpoutline.h) */
	double glyphs_turned[4];	/* glyphs whose baseline runs each quarter turn from upright */
};

/* state while walking one stroked path */
struct walk {
	struct mb_mp_page *page;
	bool overflow;		/* the page reached MB_MP_MAX_SEGS: stop keeping pieces */
	bool mark;		/* keep the points as a mark (a coloured stroke), not segments */
	bool curved;		/* the path has curves */
	int op;
	fz_matrix ctm;
	fz_point cur, start;
	struct mb_mp_seg proto;
};

/* mpread_scan.c: the page's frame turned by turn quarters (see struct mb_mp_page) */
fz_matrix mb_mp_frame(fz_rect bounds, int turn);

/* mpread_path.c */
bool mb_mp_path_is_rect(fz_context *ctx, const fz_path *path, fz_matrix ctm, fz_rect *r);
void mb_mp_add_seg(struct walk *w, fz_point a, fz_point b);
void mb_mp_mark_start(struct walk *w, int op, bool dot);
void mb_mp_mark_point(struct walk *w, fz_point p);
bool mb_mp_add_outline_walls(fz_context *ctx, struct scan_device *sd, const fz_path *path,
			     int even_odd, fz_matrix ctm);
/* Where walls read from separate outlines meet, their ends at the crossing (mpoutline.h). */
void mb_mp_meet_outline_walls(struct mb_mp_page *page);
/* walks a stroke into segments (black) or a mark (coloured): the state is a struct walk */
extern const fz_path_walker mb_mp_stroke_walker;

#endif
