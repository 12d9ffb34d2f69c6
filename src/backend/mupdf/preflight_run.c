/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * mb_preflight_run: the one call `mazebook check` and `mazebook build`
 * make. Probes the PDFs (MuPDF backend), hashes them and the spec (core
 * SHA-256) and runs the core checks. Kept out of libmbcore because it
 * needs the probe; it includes no third-party header itself.
 */
#include "config.h"
#include "mazebook/base/limits.h"
#include "mazebook/kdp/preflight.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"

/* refuse files this much larger than KDP accepts: their size fails anyway */
#define PROBE_MARGIN_BYTES (64ull << 20)

/* record path's hash under the name `as`, or its path relative to dir */
static enum mb_status add_hashed(struct mb_checklist *cl, const char *role, const char *path,
				 const char *as, const char *dir, struct mb_error *err)
{
	char hex[MB_SHA256_HEX_SIZE];
	unsigned long long bytes;
	enum mb_status st = mb_sha256_file(path, hex, &bytes, err);
	char *name;

	if (st != MB_OK)
		return st;
	name = as ? strdup(as) : mb_path_relative(path, dir);
	if (!name)
		return mb_error_set(err, MB_ERR_INTERNAL, "out of memory");
	mb_checklist_add_file(cl, role, name, hex, bytes);
	free(name);
	return MB_OK;
}

enum mb_status mb_preflight_run(const struct mb_preflight_options *opts,
				struct mb_checklist *cl, struct mb_error *err)
{
	struct mb_probe_file interior = { 0 }, cover = { 0 };
	struct mb_probe_options popts = {
		.max_bytes = (unsigned long long)(mb_kdp.max_file_mb * 1e6) + PROBE_MARGIN_BYTES,
		.keep_items = true,	/* margins, bleed and pictures are judged per object */
		.sheet_png = opts->sheet_png,	/* the interior's pages, read once for both */
		.sheet_info = opts->sheet_info,
	};
	struct mb_interior_result res;
	const char *dir = opts->checklist_dir ? opts->checklist_dir : ".";
	enum mb_status st;

	if (!opts->interior_path)
		BUG("mb_preflight_run without an interior");
	if ((st = mb_probe_pdf(opts->interior_path, &popts, &interior, err)) != MB_OK)
		goto out;
	if (opts->cover_path) {
		popts.sheet_png = NULL;
		popts.keep_items = true;
		popts.max_items = MB_CHECK_COVER_ITEMS_MAX;
		popts.max_bytes = (unsigned long long)(mb_kdp.max_cover_file_mb * 1e6) +
				  PROBE_MARGIN_BYTES;
		if ((st = mb_probe_pdf(opts->cover_path, &popts, &cover, err)) != MB_OK)
			goto out;
	}
	if ((st = add_hashed(cl, "file", opts->interior_path, opts->interior_as, dir, err)) != MB_OK ||
	    (opts->cover_path && (st = add_hashed(cl, "file", opts->cover_path, opts->cover_as, dir, err)) != MB_OK) ||
	    (opts->spec_path && (st = add_hashed(cl, "spec", opts->spec_path, opts->spec_as, dir, err)) != MB_OK))
		goto out;
	mb_preflight_interior(&interior, &opts->params, cl, &res);
	if (opts->cover_path) {
		/* KDP pads an odd count with a blank page: the cover is made for the padded count */
		if (res.trim_known) {
			mb_preflight_cover_for(&cover, &res.trim, res.pages + res.pages % 2,
					       &(struct mb_print){ opts->params.binding,
								   opts->params.ink,
								   opts->params.paper }, cl);
			if (cover.page_measured && !cover.locked)
				mb_preflight_cover_count(&cover, opts->params.mazes, cl);
		} else
			mb_checklist_add(cl, "cover.size", MB_CHECK_FAIL, "", "not checked",
					 "the interior's trim",
					 "not checked: the interior's trim is unknown (give --trim)");
	}
out:
	mb_probe_release(&interior);
	mb_probe_release(&cover);
	return st;
}

/* the resolution of the pictures: enough to read a label, small enough to mail */
#define PICTURE_DPI 60

static enum mb_status picture(const struct mb_checklist *cl, bool cover, int page,
			      const char *pdf, const char *png, struct mb_error *err)
{
	struct mb_picture_box *boxes;
	size_t n;
	char caption[512];
	enum mb_status st = MB_OK;

	if (mb_preflight_picture_boxes(cl, cover, page, &boxes, &n, caption, sizeof(caption)))
		st = mb_probe_render_picture(pdf, page, PICTURE_DPI, boxes, n, caption, png, err);
	free(boxes);
	return st;
}

enum mb_status mb_preflight_pictures(const struct mb_checklist *cl, const char *interior_path,
				     const char *cover_path, const char *dir, int max_pages,
				     int *written, struct mb_error *err)
{
	int last = 0, done = 0;
	enum mb_status st = MB_OK;

	*written = 0;
	/* the marks come check by check: collect each interior page once, in order */
	for (;;) {
		int next = 0;

		for (size_t i = 0; i < cl->mark_count; i++)
			if (!cl->marks[i].cover && cl->marks[i].page > last &&
			    (!next || cl->marks[i].page < next))
				next = cl->marks[i].page;
		if (!next || !interior_path || done >= max_pages)
			break;
		{
			char *png = xasprintf("%s/interior-page-%04d.png", dir, next);

			st = picture(cl, false, next, interior_path, png, err);
			free(png);
		}
		if (st != MB_OK)
			return st;
		done++;
		last = next;
	}
	*written = done;
	if (cover_path) {
		char *png = xasprintf("%s/cover.png", dir);
		struct mb_picture_box *boxes;
		size_t n;
		char caption[512];

		/* the cover always: its guides show where everything must go */
		if (!mb_preflight_picture_boxes(cl, true, 1, &boxes, &n, caption, sizeof(caption))) {
			struct mb_checklist plain = *cl;
			struct mb_check_mark none = { .cover = true, .page = 1, .whole_page = true };

			snprintf(none.label, sizeof(none.label), "cover: no fault found");
			plain.marks = &none;
			plain.mark_count = 1;
			free(boxes);
			mb_preflight_picture_boxes(&plain, true, 1, &boxes, &n, caption, sizeof(caption));
		}
		st = mb_probe_render_picture(cover_path, 1, PICTURE_DPI, boxes, n, caption, png, err);
		free(boxes);
		free(png);
		if (st == MB_OK)
			(*written)++;
	}
	return st;
}
