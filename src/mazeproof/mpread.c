/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The PDF reader: mpread*.c are the only files of mazeproof that include
 * MuPDF. A custom fz_device (mpread_scan.c, mpread_path.c)
 * receives every stroked path with its transform and every text span; the
 * path is walked with fz_walk_path and each straight piece is kept as a
 * segment in page points. A black filled rectangle is a wall along its long
 * axis; any other black filled outline is read for the walls it paints
 * (mpoutline.h) and left to the rendering to judge. Other fills, images and
 * shadings only tell where the lines are not the whole truth. MuPDF's warnings are
 * silenced (mazeproof reports its own findings) and its exceptions stop
 * here, turned into messages.
 *
 * Hostile files meet bounds before MuPDF reads much: only regular files,
 * at most MB_MP_MAX_FILE_BYTES and MB_MP_MAX_PAGES pages; the page tree is
 * walked once up front (iteratively, every /Count checked), so a tree that
 * loops or lies is refused as a whole; per file, the drawing operations,
 * clips and clip depth are bounded (mpread.h), which stops forms drawing
 * forms drawing forms; a file
 * MuPDF had to repair (broken or missing xref, truncated) is refused, as
 * `mazebook check` refuses it: a repaired reading is not what a printer
 * reads.
 *
 * This file opens a document within those bounds and closes it.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <mupdf/fitz.h>
#include <mupdf/pdf.h>

#include "mplimits.h"
#include "mpread.h"
#include "mpread_int.h"
#include "mputil.h"
#include "../pdf/pagetree.h"

static void quiet(void *user, const char *message)
{
	(void)user;
	(void)message;
}

/*
 * Is path a file that could be a PDF? MuPDF says "cannot tell in file"
 * about an empty file or a folder, so those are named here: a folder, an
 * empty file, or no "%PDF-" in the first 1024 bytes (where readers look).
 */
static bool looks_like_pdf(const char *path, char *err, size_t errlen)
{
	struct stat st;
	char head[1024];
	size_t n;
	FILE *in;

	if (stat(path, &st) != 0) {
		snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
		return false;
	}
	if (S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "'%s' is a folder, not a PDF file", path);
		return false;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "cannot read '%s': not a regular file", path);
		return false;
	}
	if (st.st_size == 0) {
		snprintf(err, errlen, "cannot read '%s': the file is empty, not a PDF", path);
		return false;
	}
	if (!(in = fopen(path, "rb"))) {
		snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
		return false;
	}
	n = fread(head, 1, sizeof head, in);
	fclose(in);
	for (size_t k = 0; k + 5 <= n; k++)
		if (memcmp(head + k, "%PDF-", 5) == 0)
			return true;
	snprintf(err, errlen, "cannot read '%s': not a PDF (no %%PDF header)", path);
	return false;
}

/*
 * Open the document (from the file at path, or from data when it is not
 * NULL) and check its page count and tree; name is what messages call it.
 */
static struct mb_mp_doc *open_doc(const char *path, const unsigned char *data, size_t size,
				  const char *name, char *err, size_t errlen)
{
	struct mb_mp_doc *doc;
	fz_context *ctx;
	fz_stream *stm = NULL;

	ctx = fz_new_context(NULL, NULL, FZ_STORE_DEFAULT);
	if (!ctx) {
		snprintf(err, errlen, "cannot start the PDF reader (out of memory)");
		return NULL;
	}
	fz_set_warning_callback(ctx, quiet, NULL);
	fz_set_error_callback(ctx, quiet, NULL);
	doc = mb_mp_xcalloc(1, sizeof *doc);
	doc->ctx = ctx;
	fz_var(stm);
	fz_try(ctx) {
		double count;

		if (data) {
			stm = fz_open_memory(ctx, data, size);
			doc->pdf = pdf_open_document_with_stream(ctx, stm);
		} else {
			doc->pdf = pdf_open_document(ctx, path);
		}
		if (pdf_was_repaired(ctx, doc->pdf))
			fz_throw(ctx, FZ_ERROR_GENERIC, MB_MP_DAMAGED);
		count = pdf_to_real(ctx, pdf_dict_getp(ctx, pdf_trailer(ctx, doc->pdf),
						       "Root/Pages/Count"));
		doc->pages = pdf_count_pages(ctx, doc->pdf);
		/* a /Count of -5 would have MuPDF allocate -40 bytes */
		if (count < 0 || count > INT_MAX || doc->pages < 0)
			fz_throw(ctx, FZ_ERROR_GENERIC, "the page tree's /Count is %.0f, not a page "
				 "count (0 to %d)", count, MB_MP_MAX_PAGES);
		if (doc->pages > MB_MP_MAX_PAGES)
			fz_throw(ctx, FZ_ERROR_GENERIC, "%d pages is more than the %d this tool reads",
				 doc->pages, MB_MP_MAX_PAGES);
		fz_try(ctx)
			mb_pdf_check_page_tree(ctx, doc->pdf, MB_MP_MAX_PAGES);
		fz_catch(ctx) {
			if (pdf_was_repaired(ctx, doc->pdf))
				fz_throw(ctx, FZ_ERROR_GENERIC, MB_MP_DAMAGED);
			fz_rethrow(ctx);
		}
		if (pdf_was_repaired(ctx, doc->pdf))
			fz_throw(ctx, FZ_ERROR_GENERIC, MB_MP_DAMAGED);
	}
	fz_always(ctx)
		fz_drop_stream(ctx, stm);
	fz_catch(ctx) {
		snprintf(err, errlen, "cannot read '%s': %s", name, fz_caught_message(ctx));
		mb_mp_doc_close(doc);
		return NULL;
	}
	return doc;
}

struct mb_mp_doc *mb_mp_doc_open(const char *path, char *err, size_t errlen)
{
	struct stat st;

	if (!looks_like_pdf(path, err, errlen))
		return NULL;
	if (stat(path, &st) != 0) {
		snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
		return NULL;
	}
	if ((unsigned long long)st.st_size > MB_MP_MAX_FILE_BYTES) {
		snprintf(err, errlen, "cannot read '%s': %llu bytes is more than the %llu this tool reads",
			 path, (unsigned long long)st.st_size, (unsigned long long)MB_MP_MAX_FILE_BYTES);
		return NULL;
	}
	return open_doc(path, NULL, 0, path, err, errlen);
}

struct mb_mp_doc *mb_mp_doc_open_memory(const unsigned char *data, size_t size, const char *name,
					char *err, size_t errlen)
{
	if (size > MB_MP_MAX_FILE_BYTES) {
		snprintf(err, errlen, "cannot read '%s': %zu bytes is more than the %llu this tool reads",
			 name, size, (unsigned long long)MB_MP_MAX_FILE_BYTES);
		return NULL;
	}
	return open_doc(NULL, data, size, name, err, errlen);
}

const char *mb_mp_doc_bound(const struct mb_mp_doc *doc)
{
	return doc->bound[0] ? doc->bound : NULL;
}

int mb_mp_doc_pages(const struct mb_mp_doc *doc)
{
	return doc->pages;
}

bool mb_mp_doc_damaged(struct mb_mp_doc *doc)
{
	return pdf_was_repaired(doc->ctx, doc->pdf) != 0;
}

void mb_mp_doc_set_aa(struct mb_mp_doc *doc, int bits)
{
	fz_set_aa_level(doc->ctx, bits);
}

void mb_mp_doc_close(struct mb_mp_doc *doc)
{
	if (!doc)
		return;
	if (doc->pdf)
		pdf_drop_document(doc->ctx, doc->pdf);
	fz_drop_context(doc->ctx);
	free(doc);
}

void mb_mp_page_release(struct mb_mp_page *page)
{
	for (size_t i = 0; i < page->ntexts; i++)
		free(page->texts[i].utf8);
	free(page->texts);
	free(page->segs);
	free(page->unsure);
	free(page->marks);
	free(page->mark_pts);
	free(page->curves);
	memset(page, 0, sizeof *page);
}
