/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * What mazeproof sees on a PDF page: every straight stroked line segment
 * (after the transform, in points, y growing down from the top-left corner
 * of the page), classed as black or not, and every piece of text with its
 * box. Only mpread*.c talk to the PDF library (MuPDF); its types never
 * appear here.
 */
#ifndef MAZEPROOF_MPREAD_H
#define MAZEPROOF_MPREAD_H

#include <stdbool.h>
#include <stddef.h>

#include "mplimits.h"

/* ink is what is darker than paper by this share (the preflight's lightest printable gray) */
#define MB_MP_INK_SHARE 0.10
/* glyphs further apart than this (ems) are separate pieces of text */
#define MB_MP_WORD_GAP 0.9

/* one straight stroked segment */
struct mb_mp_seg {
	double x0, y0, x1, y1;	/* page points, y down */
	double width_pt;	/* line width after the transform */
	bool black;		/* solid black ink (gray 0, rgb 0 0 0, cmyk 0 0 0 1), opaque */
	bool dashed;
	bool filled;		/* the long axis of a filled black rectangle, width its short side */
	bool outline;		/* a wall read from a filled outline of another shape (mpoutline.h) */
	int path;		/* index of the stroked path it belongs to, per page */
};

/*
 * Paint that the stroke list cannot describe exactly, with its box: a
 * fill, an image, a shading, glyphs, a stroke in white or with
 * transparency, a black stroke with curves, a clip. A maze any of these
 * reaches is judged from its rendering (mpraster.h).
 */
enum mb_mp_unsure_kind {
	MB_MP_UNSURE_PAINT,	/* ink or white paint of any kind */
	MB_MP_UNSURE_CLIP,	/* a clip that may hide part of what is drawn */
	MB_MP_UNSURE_OUTLINE,	/* a black filled outline: walls the lines do not show */
};

struct mb_mp_unsure {
	double x0, y0, x1, y1;	/* page points, y down */
	enum mb_mp_unsure_kind kind;
	/*
	 * >= 0: only a solid black stroke with curves, unclipped, this path of
	 * the page (mb_mp_seg.path); its curves are on the page's curve list,
	 * so a round maze whose arcs they all are can be judged from them.
	 */
	int curved_path;
};

/*
 * A piece of paint that may be a drawn solution: a visible stroke that is
 * neither black nor white (any dash, curves flattened), or a small filled
 * dot of such a colour (its centre). Its points are pts[first..first+n).
 */
struct mb_mp_mark {
	size_t first, n;	/* into mb_mp_page.mark_pts, x y pairs */
	int op;			/* painting operation index on the page (see mb_mp_doc_render) */
	bool dot;		/* a filled dot: one point, its centre */
	double x0, y0, x1, y1;	/* its box */
};

/*
 * One curve of a black stroked path (after the transform): its ends and
 * its point halfway (t = 1/2), enough to fit the circle an arc wall lies
 * on (mplattice.h). Curves are never square walls.
 */
struct mb_mp_curve {
	double x0, y0, xm, ym, x1, y1;
	double c1x, c1y, c2x, c2y;	/* its control points */
	double width_pt;
	bool dashed;
	int path;		/* as mb_mp_seg.path */
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
	int nops;		/* painting operations (strokes and fills) seen */
	double x0, y0, x1, y1;	/* the page's box: ink outside it does not print */
	/*
	 * Quarter turns (0 to 3, anticlockwise) the page is read turned from
	 * how it is displayed (its /Rotate applied), so that most of its text
	 * stands upright: a landscape maze on a portrait page, turned by the
	 * program that drew it or by /Rotate, has its label over it and its
	 * entrance at the top-left in that frame. Every coordinate of the page
	 * (and of its rendering) is in it.
	 */
	int turn;
	struct mb_mp_unsure *unsure;
	size_t nunsure, cap_unsure;
	struct mb_mp_mark *marks;
	size_t nmarks, cap_marks;
	double *mark_pts;
	size_t nmark_pts, cap_mark_pts;
	struct mb_mp_curve *curves;	/* black stroked curves (arc walls of round mazes) */
	size_t ncurves, cap_curves;
};

struct mb_mp_doc;

/*
 * A line piece shorter than this (or than 5 % of its pen) is no wall: the
 * shortest wall of a 200 x 200 maze on a 6x9 page is about 1.5 pt, and
 * programs that round coordinates to 0.01 pt leave pieces of 0.007 pt.
 */
#define MB_MP_NO_LENGTH_PT 0.02
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
/*
 * Render the box (x0, y0)-(x1, y1) of page index (page points, y down, in
 * the frame turn quarters from the displayed page: its struct mb_mp_page's) at
 * res pixels a point, in gray, with everything the page paints except the
 * painting operations whose indices are in skip[] (nskip, sorted): white
 * paint, clips, fills, images and optional content as MuPDF draws them.
 * Returns a new buffer of *w x *h bytes (0 ink, 255 paper; what lies off the
 * page is paper), or NULL with a message in err.
 */
unsigned char *mb_mp_doc_render(struct mb_mp_doc *doc, int index, int turn, double x0,
				double y0, double x1, double y1, double res, const int *skip,
				size_t nskip, int *w, int *h, char *err, size_t errlen);
/*
 * Anti-aliasing of the renders that follow, in bits (0 to 8, MuPDF's
 * levels; 8 is the default). Edges smoothed over 8 bits of coverage cost
 * many sub-scanlines: a page of round mazes, hundreds of long arcs, takes
 * three times as long as with none.
 */
void mb_mp_doc_set_aa(struct mb_mp_doc *doc, int bits);
/* Accepts NULL. */
void mb_mp_doc_close(struct mb_mp_doc *doc);
/* Free what a page holds and zero it. */
void mb_mp_page_release(struct mb_mp_page *page);

#endif
