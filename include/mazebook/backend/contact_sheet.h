/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The whole book at a glance: every page of an interior PDF, in reading
 * order, as the printed book opens (page 1 alone on the right, then
 * spreads of an even page on the left and the odd page after it on the
 * right), on one PNG. A publisher sees the book's rhythm (title, mazes,
 * solutions, blank pages) before uploading it. Rendered from the PDF
 * itself by MuPDF, so the sheet shows what was written, not what was meant.
 */
#ifndef MAZEBOOK_CONTACT_SHEET_H
#define MAZEBOOK_CONTACT_SHEET_H

#include "mazebook/base/error.h"
#include "mazebook/base/limits.h"

/* a page's height on the sheet, in pixels, for books small enough */
#define MB_CONTACT_SHEET_PAGE_PX 150
/* spreads side by side in a row */
#define MB_CONTACT_SHEET_SPREADS_PER_ROW 6

/* What a sheet came to, for the caller's report and the tests. */
struct mb_contact_sheet_info {
	int pages;		/* pages drawn: every page of the PDF */
	int width, height;	/* the PNG's size in pixels */
	int page_h;		/* a page's height on it */
	double seconds;		/* spent drawing and writing it (the reading of the pages not counted) */
};

/*
 * Draw every page of the PDF at pdf_path onto one PNG at png_path. Each
 * spread carries its page numbers under it. Fails with MB_ERR_INPUT for a
 * PDF MuPDF cannot read (naming it), MB_ERR_IO when the PNG cannot be
 * written (nothing is left at png_path then). info may be NULL.
 */
enum mb_status mb_contact_sheet_png(const char *pdf_path, const char *png_path,
				    struct mb_contact_sheet_info *info, struct mb_error *err);

#endif
