/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The contact sheet drawn page by page by whoever already reads the pages
 * (the preflight's probe), so each content stream is parsed once for both:
 * the page's device draws it into its slot and passes every call, as it
 * came, to the reader's own device. MuPDF types: backend code only.
 */
#ifndef MAZEBOOK_CONTACT_SHEET_FZ_H
#define MAZEBOOK_CONTACT_SHEET_FZ_H

#include <mupdf/fitz.h>
#include <stdbool.h>

#include "mazebook/backend/contact_sheet.h"

struct mb_sheet;

/* a blank sheet laid out for doc's pages; throws (a document without pages too) */
struct mb_sheet *mb_sheet_new(fz_context *ctx, fz_document *doc);
/*
 * The device to run page p (1-based) through with the identity matrix:
 * it draws the page into its slot and hands every call on to also (NULL:
 * none). Throws. Drop it after mb_sheet_end_page.
 */
fz_device *mb_sheet_page_device(fz_context *ctx, struct mb_sheet *s, fz_page *page, int p,
				fz_device *also);
/* page p is drawn: close its device and label its spread once the spread is whole */
void mb_sheet_end_page(fz_context *ctx, struct mb_sheet *s, fz_device *dev, int p);
/* write the PNG (MB_ERR_IO, nothing left at png_path, if it cannot be); info may be NULL */
enum mb_status mb_sheet_write(fz_context *ctx, struct mb_sheet *s, const char *png_path,
			      struct mb_contact_sheet_info *info, struct mb_error *err);
void mb_sheet_drop(fz_context *ctx, struct mb_sheet *s);

/*
 * Whether path is one quadrilateral (m l l l h, or re; no curves, one
 * subpath): its corners, in the path's own space, into corners. The
 * probe's and the sheet's test for a rectangle (probe_device.c).
 */
bool mb_fz_path_quad(fz_context *ctx, const fz_path *path, fz_point corners[4]);

#endif
