/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Writing a book's files under their temporary names: the cover and its
 * preview in a thread beside the interior, the interior's document opened
 * in a thread beside the last checks, then the interior, manifest, spec
 * copy and previews.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "mazebook/backend/cover.h"
#include "mazebook/backend/interior.h"
#include "mazebook/base/xalloc.h"
#include "mazebook/book/manifest.h"

#include "build.h"

static void *make_cover(void *data)
{
	struct cover_run *r = data;
	struct build *b = r->b;
	double t0 = build_now_s(), t1;

	r->st = mb_cover_write(&b->spec, &b->book, b->plan.page_count,
			       b->tx.files[FILE_COVER].temp_path, &r->err);
	t1 = build_now_s();
	if (r->st == MB_OK)
		r->st = mb_cover_preview_png(&b->spec, &b->book, b->plan.page_count,
					     b->tx.files[FILE_COVER_PREVIEW].temp_path, PREVIEW_DPI,
					     &r->err);
	/* the cover's puzzles as they print, for mazeproof after the interior's proof */
	if (r->st == MB_OK) {
		r->proof_sheet = xasprintf("%s.proof", b->tx.files[FILE_COVER].temp_path);
		r->st = mb_cover_proof_sheet(&b->spec, &b->book, b->plan.page_count,
					     r->proof_sheet, &r->proof_mazes, &r->err);
	}
	r->cover_s = t1 - t0;
	r->preview_s = build_now_s() - t1;
	return NULL;
}

/* the cover in its thread; made here and now when no thread can start */
static void start_cover(struct build *b)
{
	struct cover_run *r = &b->cover;

	r->b = b;
	mb_error_init(&r->err);
	r->running = !pthread_create(&r->thread, NULL, make_cover, r);
	if (!r->running)
		make_cover(r);
}

/* wait for the cover (every way out of the build does, before its files go) */
enum mb_status build_finish_cover(struct build *b, struct mb_error *err)
{
	struct cover_run *r = &b->cover;

	if (r->running) {
		pthread_join(r->thread, NULL);
		r->running = false;
	}
	if (!r->b)
		return MB_OK;	/* never started */
	b->stage_s[STAGE_COVER] = r->cover_s + r->preview_s;
	if (r->st && err)
		*err = r->err;
	return r->st;
}

static void *open_interior(void *arg)
{
	struct interior_run *r = arg;

	r->st = mb_interior_open(r->spec, &r->doc, &r->err);
	return NULL;
}

/* the interior's document in its thread; opened here and now when no thread can start */
void build_start_interior(struct build *b)
{
	struct interior_run *r = &b->interior;

	r->spec = &b->spec;
	r->started = true;
	mb_error_init(&r->err);
	r->running = !pthread_create(&r->thread, NULL, open_interior, r);
	if (!r->running)
		open_interior(r);
}

/* wait for the document (every way out of the build does); its error into err */
static enum mb_status join_interior(struct build *b, struct mb_error *err)
{
	struct interior_run *r = &b->interior;

	if (r->running) {
		pthread_join(r->thread, NULL);
		r->running = false;
	}
	if (!r->started)
		BUG("the interior written before its document was opened");
	if (r->st && err)
		*err = r->err;
	return r->st;
}

/* the document closed, waited for first if it is still being opened */
void build_drop_interior(struct build *b)
{
	if (!b->interior.started)
		return;
	join_interior(b, NULL);
	mb_interior_close(b->interior.doc);
	b->interior.doc = NULL;
}

enum mb_status build_write_files(struct build *b, struct mb_error *err)
{
	struct mb_manifest_info info = {
		.pages = b->plan.page_count,
		.spine_in = mb_kdp_spine_in_for(b->plan.page_count,
						&(struct mb_print){ b->spec.binding, b->spec.ink,
								    b->spec.paper }),
		.maze_pages = b->plan.maze_page,
		.cost = &b->cost,
	};
	enum mb_status st;

	start_cover(b);
	st = join_interior(b, err);
	if (!st)
		st = mb_interior_write_open(b->interior.doc, &b->book, &b->plan,
					    b->tx.files[FILE_INTERIOR].temp_path, err);
	build_drop_interior(b);	/* libharu's memory, of no more use */
	if (!st)
		build_lap(b, STAGE_INTERIOR);
	/* the proof needs only the interior: it runs while the rest is made */
	if (!st)
		st = build_start_proof(b, &b->proof, err);
	if (st) {
		/* the cover thread may still be writing its file: nothing outlives a failure */
		struct mb_error ignored;

		mb_error_init(&ignored);
		build_finish_cover(b, &ignored);
		return st;
	}
	/*
	 * the cover is whole before anything else is written: the files after
	 * it go to disk in one order (a disk that fills up fails at the same file)
	 */
	st = build_finish_cover(b, err);
	b->lap = build_now_s();	/* the wait is the cover's time, not the next stage's */
	if (st)
		return st;
	/* the cover's own mazes proven beside the interior's, while the rest is made */
	build_start_cover_proof(b);
	mb_manifest_write(b->tx.files[FILE_MANIFEST].fp, &b->spec, &b->book, &info);
	/*
	 * the spec travels with the book: the folder alone rebuilds and
	 * verifies it (a spec that is the folder's spec.yaml stays as it is)
	 */
	if (!b->spec_in_place &&
	    fwrite(b->spec.source, 1, b->spec.source_len, b->tx.files[FILE_SPEC].fp) != b->spec.source_len)
		return mb_error_set(err, MB_ERR_IO, "cannot write '%s': %s",
				    b->tx.files[FILE_SPEC].final_path, strerror(errno));
	/* the checks below hash the files on disk: flush what is buffered */
	for (int i = 0; i < FILE_COUNT; i++)
		if (b->tx.files[i].fp && fflush(b->tx.files[i].fp))
			return mb_error_set(err, MB_ERR_IO, "cannot write '%s': %s",
					    b->tx.files[i].final_path, strerror(errno));
	/* the preview of the first maze page is rendered from the PDF itself */
	st = mb_probe_render_png(b->tx.files[FILE_INTERIOR].temp_path, b->plan.maze_page[0],
				 PREVIEW_DPI, b->tx.files[FILE_PAGE_PREVIEW].temp_path, err);
	build_lap(b, STAGE_PREVIEWS);
	return st;
}
