/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * What the PDF probe's files share, private to src/backend/mupdf:
 * pdf_probe.c (the document and its pages) runs each page through the
 * measuring device of probe_device.c and reads the page's objects with
 * probe_objects.c. MuPDF types: backend code only.
 */
#ifndef MAZEBOOK_MUPDF_PROBE_INTERNAL_H
#define MAZEBOOK_MUPDF_PROBE_INTERNAL_H

#include <mupdf/fitz.h>
#include <mupdf/pdf.h>
#include <stdbool.h>
#include <stddef.h>

#include "mazebook/base/limits.h"
#include "mazebook/kdp/probe.h"

#define CLIP_MAX 256
/*
 * Objects kept per file: the caller's bound (a cover: 200,000; it has a
 * few hundred), else as many as the drawing operations allowed (each
 * operation keeps one, a few separate lines in one path one each).
 */
#define ITEMS_DEFAULT_BOUND (2 * MB_CHECK_DRAW_OPS_MAX)
#define VOTES_MAX 32		/* distinct colours weighed per page */

/*
 * The fonts seen so far, by name: a hash of indices into mb_probe_file.fonts
 * (open addressing, at most half full), so that a file listing thousands of
 * fonts on each of thousands of pages costs linear time, not quadratic.
 */
struct font_table {
	int *slot;		/* index + 1, 0 = empty */
	size_t cap;		/* a power of two */
};

/* objects already walked in this file (by address; MuPDF keeps them until the end) */
struct seen_set {
	const void **slot;
	size_t cap, n;
};

/* what the font walk of a file keeps between pages */
struct font_walk {
	struct mb_probe_file *f;
	struct font_table *fonts;
	struct seen_set *seen;	/* resource and font dictionaries, forms: each walked once */
};

struct measure_dev {
	fz_device super;
	struct mb_probe_file *file;
	struct mb_probe_page *page;
	const struct font_table *fonts;
	bool keep_items;
	size_t items_cap;
	size_t items;		/* kept in the whole file */
	size_t items_max;	/* mb_probe_options.max_items or ITEMS_DEFAULT_BOUND */
	/* in the whole file, against MB_CHECK_DRAW_OPS_MAX and MB_CHECK_CLIPS_MAX */
	unsigned long draw_ops, clips;
	char overflow[160];	/* set when the file passed a bound: why it is refused */
	fz_matrix to_pdf;	/* device space -> PDF space (MediaBox origin) */
	fz_rect page_rect;	/* device space */
	fz_rect clip[CLIP_MAX];
	int clip_depth;		/* may exceed CLIP_MAX: deeper clips are ignored */
	fz_rect mask_area[CLIP_MAX];
	int mask_depth;		/* inside begin_mask .. end_mask */
	int tile_depth;		/* inside a tiling pattern cell */
	bool annots;		/* running annotation appearances: only images count */
	bool pending_colour;	/* this operation voted a colour: its items are colour */
	/* colours weighed by the area they paint: the page's representative one */
	struct { unsigned key; double area; char what[56]; } votes[VOTES_MAX];
	int nvotes;
	char *text;		/* the page's text, handed to the page at its end */
	size_t text_len, text_cap;
};

static inline double dmin(double a, double b) { return a < b ? a : b; }
static inline double dmax(double a, double b) { return a > b ? a : b; }

/* probe_device.c: a measuring device; the caller sets file, fonts, keep_items, items_max */
fz_device *probe_new_measure_dev(fz_context *ctx);

/* probe_objects.c: fonts */
/* a font's name without its subset tag ("ABCDEF+Name" -> "Name") */
void probe_strip_subset(const char *name, char *out, size_t size);
/* the index of the font called name in f->fonts, or -1; *slot_out: where it would go */
int probe_font_index(const struct mb_probe_file *f, const struct font_table *t, const char *name,
	       size_t *slot_out);
/* the fonts of a resource dictionary and the forms it uses, each walked once per file */
void probe_walk_resources(fz_context *ctx, struct font_walk *w, pdf_obj *res, int page,
		    int depth);

/* probe_objects.c: boxes and the printed frame */
fz_rect probe_normal_rect(fz_rect r);
struct mb_box_pt probe_box_of(fz_context *ctx, pdf_obj *arr, fz_matrix to_print);
/* PDF user space -> the page as it prints; *w_pt, *h_pt: the printed size */
fz_matrix probe_print_transform(fz_context *ctx, pdf_obj *pageobj, fz_rect media, double *w_pt,
			  double *h_pt);

/* probe_objects.c: layers switched off, bookmarks */
/* the bytes of a page's or form's content (one stream or an array of them); NULL if none */
fz_buffer *probe_content_bytes(fz_context *ctx, pdf_obj *contents);
/* optional content switched off where the page's resources name it, into p */
void probe_hidden_layers(fz_context *ctx, pdf_document *doc, pdf_obj *res, fz_buffer *content,
		   int depth, int *budget, struct mb_probe_page *p);
/* the bookmarks (outline entries), walked without recursion; throws on a loop or a bound */
int probe_count_outline(fz_context *ctx, pdf_document *doc);

#endif
