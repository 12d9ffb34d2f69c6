/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * What mazeproof sees on a PDF page: every straight stroked line segment
 * (after the transform, in points, y growing down from the top-left corner
 * of the page), classed as black or not, and every piece of text with its
 * box. Only mpread.c talks to the PDF library (MuPDF); its types never
 * appear here.
 */
#ifndef MAZEPROOF_MPREAD_H
#define MAZEPROOF_MPREAD_H

#include <stdbool.h>
#include <stddef.h>

/* one straight stroked segment */
struct mb_mp_seg {
	double x0, y0, x1, y1;	/* page points, y down */
	double width_pt;	/* line width after the transform */
	bool black;		/* solid black ink (gray 0, rgb 0 0 0, cmyk 0 0 0 1), opaque */
	bool dashed;
	int path;		/* index of the stroked path it belongs to, per page */
};

/* one run of text as drawn (a span), with the box of its glyph origins */
struct mb_mp_text {
	char *utf8;
	double x0, x1;		/* first glyph origin, end of the last glyph's advance */
	double baseline;	/* y of the baseline */
	double size_pt;		/* font size after the transform */
};

struct mb_mp_page {
	int number;		/* 1-based page number */
	struct mb_mp_seg *segs;
	size_t nsegs, cap_segs;
	struct mb_mp_text *texts;
	size_t ntexts, cap_texts;
	int npaths;
	bool curved_path_seen;	/* stroked curves are never walls */
};

struct mb_mp_doc;

/*
 * Bounds on what mazeproof reads (README.md, "Limits"): KDP takes files of
 * at most 650 MB and books of at most 828 pages; the margins leave room
 * for other uses without letting a hostile file run away with the machine.
 */
#define MB_MP_MAX_FILE_BYTES (650000000ull + (64ull << 20))
#define MB_MP_MAX_PAGES 2000
/*
 * Per page: a 200 x 200 maze has about 80,000 wall pieces, and a page
 * holds at most 9 solutions; more is not a maze page, and keeping it all
 * could take gigabytes (a small deflate stream can draw a billion lines).
 */
#define MB_MP_MAX_SEGS 2000000
#define MB_MP_MAX_TEXTS 200000
/*
 * Per file, so that small files cannot make large work by drawing one
 * content stream on every page or forms inside forms inside forms: an
 * 828-page book makes about 10,000 drawing operations, and a clip is set
 * by every form XObject drawn. The page tree is walked without recursion
 * (src/backend/pdf_pagetree.h has its bounds).
 */
#define MB_MP_MAX_DRAW_OPS 1000000
#define MB_MP_MAX_CLIPS 100000
#define MB_MP_MAX_CLIP_DEPTH 1024
/* mazes kept per file: KDP prints at most 828 pages, a few mazes a page */
#define MB_MP_MAX_MAZES 10000
#define MB_MP_TOO_MUCH_DRAWING "more than %d drawing operations in the file (a book of " \
	"828 pages has about 10000): not a book this tool reads"
#define MB_MP_TOO_MANY_CLIPS "more than %d clips or form XObjects drawn in the file: " \
	"not a book this tool reads"
#define MB_MP_TOO_DEEP_CLIPS "clips or form XObjects nested more than %d deep"
#define MB_MP_TOO_MANY_MAZES "more than %d mazes in the file (KDP prints at most 828 " \
	"pages): not a book this tool reads"
#define MB_MP_TOO_MANY "more than %d %s on one page: not a page of mazes this tool reads"
#define MB_MP_DAMAGED "the file is damaged or truncated (its cross-reference table is broken)"

/*
 * Open the PDF at path. On failure returns NULL and writes a message that
 * names the file and the reason into err (errlen bytes).
 */
struct mb_mp_doc *mb_mp_doc_open(const char *path, char *err, size_t errlen);
/* The same for a PDF held in memory (data must outlive the document); name is for messages. */
struct mb_mp_doc *mb_mp_doc_open_memory(const unsigned char *data, size_t size, const char *name,
					char *err, size_t errlen);
int mb_mp_doc_pages(const struct mb_mp_doc *doc);
/* MuPDF had to repair the file while reading it (repairs can happen late, on a page) */
bool mb_mp_doc_damaged(struct mb_mp_doc *doc);
/*
 * Read page index (0-based) into page, which the caller initialised to
 * zeroes or released. Returns false with a message in err if the page
 * cannot be interpreted.
 */
bool mb_mp_doc_read_page(struct mb_mp_doc *doc, int index, struct mb_mp_page *page,
			 char *err, size_t errlen);
/*
 * Why the file as a whole is refused, once a page passed a per-file bound
 * (drawing operations, clips); NULL while none was passed. Reading more
 * pages is then pointless: each would fail the same way.
 */
const char *mb_mp_doc_bound(const struct mb_mp_doc *doc);
/* Accepts NULL. */
void mb_mp_doc_close(struct mb_mp_doc *doc);
/* Free what a page holds and zero it. */
void mb_mp_page_release(struct mb_mp_page *page);

#endif
