/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * What the PDF probe measures in a PDF file, as plain data: the preflight
 * checks (core) judge these facts, the probe backend (MuPDF, in
 * src/backend/mupdf/pdf_probe.c) fills them from the file itself. No MuPDF type
 * appears here, and tests build these structs by hand.
 *
 * Coordinates are PDF points with the origin at the bottom left corner of
 * the page's MediaBox and y up, after every transform (so sizes are as
 * printed): the MediaBox turned by the page's /Rotate and scaled by its
 * /UserUnit, and every box and ink mark in that same frame.
 */
#ifndef MAZEBOOK_PROBE_H
#define MAZEBOOK_PROBE_H

#include <stdbool.h>
#include <stddef.h>

#include "mazebook/base/error.h"

struct mb_contact_sheet_info;

struct mb_box_pt {
	double x0, y0, x1, y1;
};

/* colour spaces seen on a page, as a bit set */
enum {
	MB_CS_GRAY = 1 << 0,
	MB_CS_RGB = 1 << 1,
	MB_CS_CMYK = 1 << 2,
	MB_CS_OTHER = 1 << 3	/* Lab, Separation, DeviceN, Indexed over those */
};

/* a font the file's pages use (by their resources), once per name */
struct mb_probe_font {
	char name[64];		/* BaseFont without a subset tag */
	char type[16];		/* Type1, TrueType, Type0, Type3, ... */
	bool embedded;
	int first_page;		/* 1-based */
};

enum mb_probe_item_kind {
	MB_ITEM_TEXT,		/* one text span */
	MB_ITEM_FILL,		/* a filled path or shading */
	MB_ITEM_STROKE,		/* a stroked path */
	MB_ITEM_IMAGE		/* an image or image mask */
};

/*
 * One painted object (a text span, a fill, a stroke, a shading, an image),
 * in painting order. Interior and cover pages keep them all: the margins,
 * the bleed and the pictures of a failing page are judged per object.
 */
struct mb_probe_item {
	enum mb_probe_item_kind kind;
	struct mb_box_pt box;	/* clipped to the page and the clip in force */
	double size_pt;		/* text: the glyph height (the text matrix's smaller
				   axis x the font size); stroke: line width; else 0 */
	double dpi;		/* images: effective resolution as printed; else 0 */
	bool ink;		/* false for white (paper-coloured) fills and strokes */
	int font;		/* text: index into mb_probe_file.fonts, or -1 */
	/* fills: a single filled rectangle's short and long side (a rule when
	   long and thin), 0 for any other shape (curves, glyph outlines) */
	double rect_thick_pt, rect_long_pt;
	size_t text_off, text_len;	/* text: its characters in the page's text */
	bool colour;		/* painted in a colour that is not gray */
	double share;		/* gray paint's ink share (0.07 = 7 %); 1 for colour */
};

#define MB_PROBE_ANNOT_BOXES 8

struct mb_probe_page {
	int number;			/* 1-based */
	double w_pt, h_pt;		/* MediaBox size as printed (rotated, UserUnit) */
	bool has_trim, has_bleed, has_crop;
	struct mb_box_pt trim, bleed, crop;	/* TrimBox, BleedBox, CropBox when present */
	bool blank;			/* no ink at all */
	struct mb_box_pt ink;		/* union of all ink; meaningless when blank */
	int text_runs;
	double min_font_pt;		/* smallest text size, 0 when no text */
	char min_font_name[64];
	double min_stroke_pt;		/* thinnest stroke, -1 when no stroke; the pen's
					   thinnest direction under an uneven scale */
	double min_rule_pt;		/* facts made by hand only (the probe leaves 0):
					   the thinnest filled rule; the checks find rules
					   in items[] (rect_thick_pt) when there are items */
	unsigned colorspaces;		/* MB_CS_* bits */
	bool colour;			/* a non-gray colour is used */
	char colour_what[64];		/* the representative one (most area), e.g.
					   "fill rgb 0.8 0.1 0.1" */
	double lightest_gray;		/* lightest non-white gray fill as ink share
					   (0.07 = 7 % gray), -1 when none */
	int images;
	double min_image_dpi;		/* -1 when no image */
	int invisible_text;		/* text runs drawn invisibly (render mode 3) */
	int hidden_oc;			/* objects in optional content (layers) that is off */
	char hidden_oc_what[64];	/* the first such layer's name */
	char *text;			/* the page's text (UTF-8, spans joined by spaces) */
	size_t text_len;
	int annotations;
	int annot_boxes;		/* the first MB_PROBE_ANNOT_BOXES annotations' */
	struct mb_box_pt annot_box[MB_PROBE_ANNOT_BOXES];	/* rectangles */
	bool transparency;		/* soft mask, alpha < 1 or a blend mode */
	char transparency_what[64];
	size_t item_count;		/* detail, only with keep_items */
	struct mb_probe_item *items;
};

struct mb_probe_file {
	char *path;
	unsigned long long bytes;
	int page_count;
	bool encrypted;
	bool locked;			/* encrypted with a password we do not have:
					   page facts could not be measured */
	int outlines;			/* bookmark entries */
	bool metadata;			/* an Info dictionary with entries or XMP */
	size_t font_count;
	struct mb_probe_font *fonts;
	size_t page_measured;		/* pages[] length: page_count unless locked */
	struct mb_probe_page *pages;
};

struct mb_probe_options {
	unsigned long long max_bytes;	/* refuse larger files; 0 = no limit */
	bool keep_items;		/* fill pages[].items (every page's objects) */
	size_t max_items;		/* refuse a file with more objects; 0: the
					   drawing-operation bound alone */
	/*
	 * Also draw the file's contact sheet to this PNG (contact_sheet.h),
	 * from the same reading of its pages; NULL: none. A sheet that cannot
	 * be written fails the probe (MB_ERR_IO); sheet_info (may be NULL)
	 * gets what it came to.
	 */
	const char *sheet_png;
	struct mb_contact_sheet_info *sheet_info;
};

/*
 * Open the PDF at path and measure it into out (which the caller releases
 * with mb_probe_release, also after an error). MB_ERR_IO or MB_ERR_INPUT
 * with "cannot read 'path': reason" when the file is missing, too large,
 * or not a PDF MuPDF can read. An encrypted file that needs a password is
 * not an error: it comes back with locked set and no pages.
 */
enum mb_status mb_probe_pdf(const char *path, const struct mb_probe_options *opts,
			    struct mb_probe_file *out, struct mb_error *err);

void mb_probe_release(struct mb_probe_file *f);

/* Render page (1-based) of the PDF at path to a PNG file at dpi. */
enum mb_status mb_probe_render_png(const char *path, int page, double dpi,
				   const char *png_path, struct mb_error *err);

/* what a picture of a page shows over it, in the printed frame (probe.h's points) */
enum mb_picture_pen {
	MB_PEN_TRIM,		/* blue: the trim line */
	MB_PEN_MARGIN,		/* green: margins, the safe zone */
	MB_PEN_GUTTER,		/* orange: the gutter, folds, hinges */
	MB_PEN_BARCODE,		/* purple: KDP's barcode box */
	MB_PEN_FAULT		/* red: an offending object, with its label */
};

struct mb_picture_box {
	enum mb_picture_pen pen;
	struct mb_box_pt box;
	char label[64];		/* drawn beside the box; may be empty */
};

/*
 * Render page (1-based) of the PDF at path as printed (its /Rotate and
 * /UserUnit applied) at dpi, draw the boxes over it and a caption line
 * under it, and write a PNG to png_path.
 */
enum mb_status mb_probe_render_picture(const char *path, int page, double dpi,
				       const struct mb_picture_box *boxes, size_t count,
				       const char *caption, const char *png_path,
				       struct mb_error *err);

#endif
