/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The interior PDF: libharu sets up the document, and each page is
 * composed by the core (src/page/pages.c) as a drawing list and replayed
 * here (draw_hpdf.c); this file decides nothing about what a page shows.
 * Choices:
 *  - a long path that two pages draw alike (a maze's walls, on its page
 *    and on its solution's) is written once, as a form XObject both pages
 *    draw: the replay finds such figures, and the pages go into the
 *    document at the end, when every figure's uses are known;
 *  - page content is not compressed (libharu compresses the fonts):
 *    deflating it, and inflating it again in both readers of the book
 *    (the preflight and mazeproof), cost a circle book 0.4 s of CPU of
 *    its 2.8, and with the walls written once the uncompressed interior
 *    is about the size the compressed one was (README, Benchmarks);
 *  - the PDF is built in memory and written with stdio, so a write error
 *    reports errno and a failed write never leaves a file behind.
 * libharu reports through an error handler; it lands in struct writer and
 * becomes an mb_error here, never leaving this file.
 */
#include "config.h"

#include "mazebook/backend/interior.h"

#include <errno.h>
#include <hpdf.h>
#include <hpdf_doc.h>	/* the document's stream, written out by save */
#include <hpdf_pages.h>	/* the page's content stream, for put_pages */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <libdeflate.h>

#include "draw_hpdf.h"
#include "mazebook/backend/fonts.h"
#include "mazebook/base/date.h"
#include "mazebook/base/xalloc.h"
#include "mazebook/book/labels.h"
#include "mazebook/book/layout.h"
#include "mazebook/page/maze_draw.h"
#include "mazebook/page/pages.h"

/* a page's content as replayed, and the figures in it (in the order they come) */
struct page_content {
	char *p;
	size_t len;
	struct mb_hpdf_figure *figures;
	size_t nfigures;
};

/* a figure's bytes wherever they come: drawn from one form once used twice */
struct form {
	const char *p;		/* the first use's bytes (a page_content's) */
	size_t len;
	uint32_t crc;
	int uses;
	double box[4];		/* every use's box */
	HPDF_Dict xobject;	/* made at the first page that draws it */
};

/* the pages replayed, until they go into the document */
struct page_store {
	struct page_content *pages;
	int count;		/* room: the plan's pages */
	struct form *forms;
	size_t nforms, cap_forms;
	int *form_of;		/* each figure's form, page by page in order */
};

struct writer {
	HPDF_Doc pdf;
	struct mb_hpdf_fonts fonts;
	struct mb_text_metrics metrics;
	const struct mb_book_spec *spec;
	const struct mb_book *book;
	const struct mb_page_plan *plan;
	const struct mb_labels *labels;
	struct mb_error *err;
	const char *doing;	/* what libharu was asked to do, for its errors */
	bool failed;		/* libharu reported an error: */
	unsigned error_no, detail_no;	/* its first one */
	const char *failed_doing;
	struct page_store store;
};

static void on_error(HPDF_STATUS error_no, HPDF_STATUS detail_no, void *data)
{
	struct writer *w = data;

	/* reading the finished document to its end is not a failure */
	if (w->failed || error_no == HPDF_STREAM_EOF)
		return;
	w->failed = true;
	w->error_no = (unsigned)error_no;
	w->detail_no = (unsigned)detail_no;
	w->failed_doing = w->doing;
}

/* libharu's first error as our error. */
static enum mb_status harfail(struct writer *w)
{
	return mb_error_set(w->err, MB_ERR_INTERNAL,
			    "libharu failed while %s (error 0x%04X, detail %u)",
			    w->failed_doing ? w->failed_doing : "working", w->error_no,
			    w->detail_no);
}

/* The creation date from SOURCE_DATE_EPOCH, when the environment sets one. */
static void set_date(struct writer *w)
{
	struct tm tm;
	HPDF_Date d;

	if (!mb_date_source_epoch(getenv("SOURCE_DATE_EPOCH"), &tm))
		return;
	memset(&d, 0, sizeof(d));
	d.year = tm.tm_year + 1900;
	d.month = tm.tm_mon + 1;
	d.day = tm.tm_mday;
	d.hour = tm.tm_hour;
	d.minutes = tm.tm_min;
	d.seconds = tm.tm_sec;
	d.ind = 'Z';
	w->doing = "setting the creation date";
	HPDF_SetInfoDateAttr(w->pdf, HPDF_INFO_CREATION_DATE, d);
}

/* a libharu stream failure as the writer's first error */
static void stream_failed(struct writer *w, HPDF_STATUS ret)
{
	if (w->failed)
		return;
	w->failed = true;
	w->error_no = (unsigned)ret;
	w->detail_no = 0;
	w->failed_doing = w->doing;
}

/*
 * A ToUnicode CMap for a face libharu encodes as UTF-8: libharu writes
 * its encoding CMap there ("begincidrange", which a ToUnicode may not
 * hold: poppler warns at every use of the font), but every two-byte code
 * it shows is the character's own code point (U+00FC is <00FC>), so the
 * right map is the identity over the Basic Multilingual Plane, in ranges
 * that each keep to one high byte, less the control codes libharu leaves
 * undefined and the surrogates, which are no characters.
 */
static HPDF_STATUS write_to_unicode(HPDF_Stream s)
{
	char line[64];
	int ranges[256][2], count = 0;
	HPDF_STATUS ret;

	for (int hi = 0; hi <= 0xff; hi++) {
		if (hi >= 0xd8 && hi <= 0xdf)
			continue;
		ranges[count][0] = hi << 8 | (hi == 0 ? 0x20 : 0);
		ranges[count++][1] = hi << 8 | (hi == 0xff ? 0xfd : 0xff);
	}
	ret = HPDF_Stream_WriteStr(s, "/CIDInit /ProcSet findresource begin\n"
				   "12 dict begin\n"
				   "begincmap\n"
				   "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) "
				   "/Supplement 0 >> def\n"
				   "/CMapName /Adobe-Identity-UCS def\n"
				   "/CMapType 2 def\n"
				   "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n");
	/* at most 100 entries a block (PDF 32000-1, 9.10.3) */
	for (int i = 0; i < count && ret == HPDF_OK; i++) {
		if (i % 100 == 0) {
			snprintf(line, sizeof(line), "%d beginbfrange\n",
				 count - i < 100 ? count - i : 100);
			ret = HPDF_Stream_WriteStr(s, line);
		}
		snprintf(line, sizeof(line), "<%04X> <%04X> <%04X>\n", ranges[i][0], ranges[i][1],
			 ranges[i][0]);
		if (ret == HPDF_OK)
			ret = HPDF_Stream_WriteStr(s, line);
		if (ret == HPDF_OK && (i % 100 == 99 || i == count - 1))
			ret = HPDF_Stream_WriteStr(s, "endbfrange\n");
	}
	if (ret == HPDF_OK)
		ret = HPDF_Stream_WriteStr(s, "endcmap\n"
					   "CMapName currentdict /CMap defineresource pop\n"
					   "end\n"
					   "end\n");
	return ret;
}

/* font's ToUnicode stream (libharu's encoding CMap) made the identity map */
static void fix_to_unicode(struct writer *w, HPDF_Font font)
{
	static const char *const cmap_keys[] = { "Type", "CMapName", "CIDSystemInfo", "WMode" };
	HPDF_Dict map = font ? HPDF_Dict_GetItem(font, "ToUnicode", HPDF_OCLASS_DICT) : NULL;
	HPDF_STATUS ret;

	w->doing = "writing a font's ToUnicode map";
	if (!map || !map->stream || map->stream->type != HPDF_STREAM_MEMORY) {
		stream_failed(w, HPDF_INVALID_OBJECT);
		return;
	}
	/* the keys of an encoding CMap, which a ToUnicode stream does not have */
	for (size_t i = 0; i < sizeof(cmap_keys) / sizeof(cmap_keys[0]); i++)
		HPDF_Dict_RemoveElement(map, cmap_keys[i]);	/* a key not there is no error */
	HPDF_MemStream_FreeData(map->stream);
	ret = write_to_unicode(map->stream);
	if (ret != HPDF_OK)
		stream_failed(w, ret);
}

/* the regular face, and the bold one when with_bold (making each costs a full cmap walk) */
static enum mb_status load_fonts(struct writer *w, bool with_bold)
{
	char path[1024];
	const char *name;
	enum mb_status st;

	HPDF_UseUTFEncodings(w->pdf);
	HPDF_SetCurrentEncoder(w->pdf, "UTF-8");
	for (int bold = 0; bold <= (with_bold ? 1 : 0); bold++) {
		st = mb_font_find_face(mb_spec_font(w->spec), mb_spec_font_bold(w->spec), bold, path,
				       sizeof(path), w->err);
		if (st != MB_OK)
			return st;
		w->doing = "loading a font";
		name = HPDF_LoadTTFontFromFile(w->pdf, path, HPDF_TRUE);
		if (!name || w->failed)
			return mb_error_set_field(w->err, MB_ERR_INPUT, "font",
						  "cannot load font '%s' (a TrueType file libharu "
						  "can embed is needed)",
						  path);
		if (bold)
			w->fonts.bold = HPDF_GetFont(w->pdf, name, "UTF-8");
		else
			w->fonts.regular = HPDF_GetFont(w->pdf, name, "UTF-8");
		if (!w->failed)
			fix_to_unicode(w, bold ? w->fonts.bold : w->fonts.regular);
	}
	mb_hpdf_metrics_init(&w->metrics, &w->fonts);
	return w->failed ? harfail(w) : MB_OK;
}

static void start_store(struct page_store *k, int pages)
{
	*k = (struct page_store){ .count = pages };
	k->pages = xcalloc((size_t)pages + 1, sizeof(*k->pages));
}

static void free_store(struct page_store *k)
{
	for (int i = 0; k->pages && i < k->count; i++) {
		free(k->pages[i].p);
		free(k->pages[i].figures);
	}
	free(k->pages);
	free(k->forms);
	free(k->form_of);
	*k = (struct page_store){ 0 };
}

/* page n's (0-based) content, as replayed (len bytes at p, now the store's), and its figures */
static void keep_page(struct writer *w, char *p, size_t len, const struct mb_hpdf_figures *f,
		      int n)
{
	struct page_content *c = &w->store.pages[n];

	*c = (struct page_content){ .p = p, .len = len, .nfigures = f->count };
	if (f->count) {
		c->figures = xmallocarray(f->count, sizeof(*c->figures));
		memcpy(c->figures, f->v, f->count * sizeof(*c->figures));
	}
}

/*
 * Each figure of the pages kept matched to a form by its bytes: found by
 * length and CRC among those seen, then compared. A book has a few
 * hundred figures, so the search is a plain walk.
 */
static void match_figures(struct page_store *k, int pages)
{
	size_t total = 0, at = 0;

	for (int n = 0; n < pages; n++)
		total += k->pages[n].nfigures;
	k->form_of = xmallocarray(total + 1, sizeof(*k->form_of));
	for (int n = 0; n < pages; n++) {
		const struct page_content *c = &k->pages[n];

		for (size_t i = 0; i < c->nfigures; i++) {
			const struct mb_hpdf_figure *fig = &c->figures[i];
			const char *bytes = c->p + fig->at;
			uint32_t crc = libdeflate_crc32(0, bytes, fig->len);
			size_t f = 0;

			while (f < k->nforms && (k->forms[f].len != fig->len || k->forms[f].crc != crc ||
						 memcmp(k->forms[f].p, bytes, fig->len)))
				f++;
			if (f == k->nforms) {
				if (k->nforms == k->cap_forms) {
					k->cap_forms = k->cap_forms ? 2 * k->cap_forms : 64;
					k->forms = xreallocarray(k->forms, k->cap_forms,
								 sizeof(*k->forms));
				}
				k->forms[k->nforms++] = (struct form){
					.p = bytes, .len = fig->len, .crc = crc,
					.box = { fig->box[0], fig->box[1], fig->box[2], fig->box[3] },
				};
			}
			struct form *form = &k->forms[f];

			form->uses++;
			form->box[0] = fmin(form->box[0], fig->box[0]);
			form->box[1] = fmin(form->box[1], fig->box[1]);
			form->box[2] = fmax(form->box[2], fig->box[2]);
			form->box[3] = fmax(form->box[3], fig->box[3]);
			k->form_of[at++] = (int)f;
		}
	}
}

/* the form XObject of f, made the first time a page draws it (NULL when libharu failed) */
static HPDF_Dict form_xobject(struct writer *w, struct form *f)
{
	HPDF_Dict d;
	HPDF_Array box;

	if (f->xobject)
		return f->xobject;
	d = HPDF_DictStream_New(w->pdf->mmgr, w->pdf->xref);
	box = d ? HPDF_Array_New(w->pdf->mmgr) : NULL;
	if (!box)
		return NULL;
	d->filter = HPDF_STREAM_FILTER_NONE;
	/* the box's corners are whole numbers of the figure's units (draw_hpdf.c, figure_end) */
	for (int i = 0; i < 4; i++)
		HPDF_Array_AddNumber(box, (HPDF_INT32)f->box[i]);
	if (HPDF_Dict_AddName(d, "Type", "XObject") != HPDF_OK ||
	    HPDF_Dict_AddName(d, "Subtype", "Form") != HPDF_OK ||
	    HPDF_Dict_Add(d, "BBox", box) != HPDF_OK ||
	    HPDF_Stream_Write(d->stream, (const HPDF_BYTE *)f->p, (HPDF_UINT)f->len) != HPDF_OK)
		return NULL;
	f->xobject = d;
	return d;
}

/*
 * The kept pages into their streams, each figure drawn more than once
 * replaced by its form ("/X1 Do": the state it is drawn with, set before
 * it, is the form's to inherit), the others as they were written.
 */
static void put_pages(struct writer *w, int pages)
{
	struct page_store *k = &w->store;
	size_t at = 0;

	match_figures(k, pages);
	w->doing = "writing a page";
	for (int n = 0; n < pages && !w->failed; n++) {
		HPDF_Page page = HPDF_GetPageByIndex(w->pdf, (HPDF_UINT)n);
		HPDF_Stream stream = ((HPDF_PageAttr)page->attr)->stream;
		const struct page_content *c = &k->pages[n];
		size_t from = 0;
		HPDF_STATUS ret = HPDF_OK;

		for (size_t i = 0; i < c->nfigures && ret == HPDF_OK; i++, at++) {
			const struct mb_hpdf_figure *fig = &c->figures[i];
			struct form *f = &k->forms[k->form_of[at]];
			HPDF_Dict x;
			const char *name;

			if (f->uses < 2)
				continue;	/* written where it stands */
			ret = HPDF_Stream_Write(stream, (const HPDF_BYTE *)c->p + from,
						(HPDF_UINT)(fig->at - from));
			from = fig->at + fig->len;
			x = ret == HPDF_OK ? form_xobject(w, f) : NULL;
			name = x ? HPDF_Page_GetXObjectName(page, x) : NULL;
			if (ret == HPDF_OK && !name)
				ret = HPDF_FAILD_TO_ALLOC_MEM;
			if (ret == HPDF_OK)
				ret = HPDF_Stream_WriteEscapeName(stream, name);
			if (ret == HPDF_OK)
				ret = HPDF_Stream_WriteStr(stream, " Do\012");
		}
		if (ret == HPDF_OK)
			ret = HPDF_Stream_Write(stream, (const HPDF_BYTE *)c->p + from,
						(HPDF_UINT)(c->len - from));
		if (ret != HPDF_OK) {
			stream_failed(w, ret);
			break;
		}
	}
}

/*
 * The pages composed by the core a few ahead of their replay, in a thread
 * of their own: composing (a round maze's walls merged and planned) took
 * twice the time of replaying into libharu. One composer takes the pages in order, so the
 * kept wall plans and every list are those one thread makes; the lock
 * guards composed, replayed and stop.
 */
#define COMPOSE_AHEAD 4	/* pages composed and not yet replayed, at most */

struct composer {
	pthread_t thread;
	bool running;
	pthread_mutex_t lock;
	pthread_cond_t moved;	/* a page was composed or replayed, or the drawing stopped */
	struct mb_page_context ctx;
	struct mb_draw_list *lists[COMPOSE_AHEAD];	/* page n in lists[(n - 1) % COMPOSE_AHEAD] */
	int pages;
	int composed, replayed;
	bool stop;		/* the drawing failed: compose no more */
};

static void *compose_pages(void *arg)
{
	struct composer *c = arg;

	for (int n = 1; n <= c->pages; n++) {
		bool stop;

		pthread_mutex_lock(&c->lock);
		while (!c->stop && n - c->replayed > COMPOSE_AHEAD)
			pthread_cond_wait(&c->moved, &c->lock);
		stop = c->stop;
		pthread_mutex_unlock(&c->lock);
		if (stop)
			break;
		mb_page_compose(&c->ctx, n, c->lists[(n - 1) % COMPOSE_AHEAD]);
		pthread_mutex_lock(&c->lock);
		c->composed = n;
		pthread_cond_broadcast(&c->moved);
		pthread_mutex_unlock(&c->lock);
	}
	return NULL;
}

/* page n's list once composed (here, when the thread could not start) */
static const struct mb_draw_list *composed(struct composer *c, int n)
{
	struct mb_draw_list *l = c->lists[(n - 1) % COMPOSE_AHEAD];

	if (!c->running) {
		mb_page_compose(&c->ctx, n, l);
		return l;
	}
	pthread_mutex_lock(&c->lock);
	while (c->composed < n)
		pthread_cond_wait(&c->moved, &c->lock);
	pthread_mutex_unlock(&c->lock);
	return l;
}

/* page n replayed: its list may take a later page */
static void replayed(struct composer *c, int n)
{
	pthread_mutex_lock(&c->lock);
	c->replayed = n;
	pthread_cond_broadcast(&c->moved);
	pthread_mutex_unlock(&c->lock);
}

static void start_composer(struct composer *c, const struct mb_page_context *ctx, int pages)
{
	*c = (struct composer){ .ctx = *ctx, .pages = pages };
	for (int i = 0; i < COMPOSE_AHEAD; i++)
		c->lists[i] = mb_draw_new(ctx->plan->page_w_pt, ctx->plan->page_h_pt);
	pthread_mutex_init(&c->lock, NULL);
	pthread_cond_init(&c->moved, NULL);
	c->running = !pthread_create(&c->thread, NULL, compose_pages, c);
}

/* the thread stopped (after its last page, or now) and its lists freed */
static void stop_composer(struct composer *c)
{
	pthread_mutex_lock(&c->lock);
	c->stop = true;
	pthread_cond_broadcast(&c->moved);
	pthread_mutex_unlock(&c->lock);
	if (c->running)
		pthread_join(c->thread, NULL);
	for (int i = 0; i < COMPOSE_AHEAD; i++)
		mb_draw_free(c->lists[i]);
	pthread_mutex_destroy(&c->lock);
	pthread_cond_destroy(&c->moved);
}

/*
 * Page n's TrimBox, where the printer cuts it (inside the bleed on the
 * outside, top and bottom edges, never on the binding's), and with bleed
 * its BleedBox, the whole page: KDP reads neither, but print shops,
 * PDF/X and preflight tools go by them.
 */
static void set_boxes(struct writer *w, HPDF_Page page, int n)
{
	struct mb_rect_pt t;
	HPDF_Box trim, whole = { 0, 0, (HPDF_REAL)w->plan->page_w_pt,
				 (HPDF_REAL)w->plan->page_h_pt };
	HPDF_Array a;

	mb_layout_trim_box(w->plan, n, &t);
	trim = (HPDF_Box){ (HPDF_REAL)t.x, (HPDF_REAL)t.y, (HPDF_REAL)(t.x + t.w),
			   (HPDF_REAL)(t.y + t.h) };
	w->doing = "setting a page's boxes";
	a = HPDF_Box_Array_New(w->pdf->mmgr, trim);
	if (!a || HPDF_Dict_Add(page, "TrimBox", a) != HPDF_OK)
		return;	/* libharu reported it */
	if (!w->plan->bleed)
		return;
	a = HPDF_Box_Array_New(w->pdf->mmgr, whole);
	if (a)
		HPDF_Dict_Add(page, "BleedBox", a);
}

/*
 * Each page composed by the core (a page or so ahead, in the composing
 * thread) and replayed here, then kept until every page is drawn.
 */
static enum mb_status draw_pages(struct writer *w)
{
	const struct mb_page_plan *plan = w->plan;
	pthread_mutex_t font_lock = PTHREAD_MUTEX_INITIALIZER;
	struct mb_page_context ctx = {
		.spec = w->spec, .book = w->book, .plan = plan, .labels = w->labels,
		.metrics = &w->metrics, .colour = w->spec->ink != MB_INK_BLACK,
		.wall_plans = mb_wall_plans_new(),	/* each maze's walls, planned once */
	};
	struct composer composer;
	struct mb_hpdf_figures figures = { 0 };
	enum mb_status st = MB_OK;
	int drawn = 0;

	/* the composer measures text with the fonts the replay writes it in */
	w->fonts.lock = &font_lock;
	start_composer(&composer, &ctx, plan->page_count);
	start_store(&w->store, plan->page_count);
	for (int n = 1; n <= plan->page_count && !w->failed && st == MB_OK; n++) {
		const struct mb_draw_list *list = composed(&composer, n);
		HPDF_Page page;
		char *content;
		size_t len;

		w->doing = "adding a page";
		page = HPDF_AddPage(w->pdf);
		if (!page)
			break;
		HPDF_Page_SetWidth(page, (HPDF_REAL)plan->page_w_pt);
		HPDF_Page_SetHeight(page, (HPDF_REAL)plan->page_h_pt);
		set_boxes(w, page, n);
		w->doing = "drawing a page";
		st = mb_hpdf_replay_take(page, list, &w->fonts, &content, &len, &figures, w->err);
		replayed(&composer, n);
		if (st == MB_OK && !w->failed) {
			keep_page(w, content, len, &figures, n - 1);
			drawn = n;
		} else {
			free(content);
		}
	}
	stop_composer(&composer);
	w->fonts.lock = NULL;
	pthread_mutex_destroy(&font_lock);
	mb_wall_plans_free(ctx.wall_plans);
	free(figures.v);
	if (st == MB_OK && !w->failed)
		put_pages(w, drawn);
	if (st != MB_OK)
		return st;
	return w->failed ? harfail(w) : MB_OK;
}

/*
 * Save the document to memory, then to path; remove path on any failure.
 * The memory is written out chunk by chunk where libharu holds it (its
 * own reading copies a byte at a time).
 */
static enum mb_status save(struct writer *w, const char *path)
{
	HPDF_Stream doc;
	HPDF_UINT32 size, written = 0;
	FILE *f;
	int e = 0;

	w->doing = "building the PDF";
	if (HPDF_SaveToStream(w->pdf) != HPDF_OK || w->failed)
		return harfail(w);
	doc = w->pdf->stream;
	size = HPDF_GetStreamSize(w->pdf);
	f = fopen(path, "wb");
	if (!f)
		return mb_error_set(w->err, MB_ERR_IO, "cannot write '%s': %s", path,
				    strerror(errno));
	for (HPDF_UINT i = 0, n = HPDF_MemStream_GetBufCount(doc); i < n && !e; i++) {
		HPDF_UINT len = 0;
		HPDF_BYTE *chunk = HPDF_MemStream_GetBufPtr(doc, i, &len);

		/* the last chunk is filled only so far */
		if (len > size - written)
			len = size - written;
		if (chunk && len && fwrite(chunk, 1, len, f) != len)
			e = errno ? errno : EIO;
		written += len;
	}
	if (!e && written != size)
		e = EIO;	/* libharu held fewer bytes than it counted: never seen */
	if (fclose(f) != 0 && !e)
		e = errno ? errno : EIO;
	if (e || w->failed) {
		remove(path);
		if (w->failed)
			return harfail(w);
		return mb_error_set(w->err, MB_ERR_IO, "cannot write '%s': %s", path,
				    strerror(e));
	}
	return MB_OK;
}

/* a document with the book's fonts loaded, not yet drawn (mb_interior_open) */
struct mb_interior {
	struct writer w;	/* libharu's error handler holds its address */
};

void mb_interior_close(struct mb_interior *in)
{
	if (!in)
		return;
	if (in->w.pdf)
		HPDF_Free(in->w.pdf);
	free_store(&in->w.store);
	free(in);
}

enum mb_status mb_interior_open(const struct mb_book_spec *spec, struct mb_interior **out,
				struct mb_error *err)
{
	struct mb_interior *in = xcalloc(1, sizeof(*in));
	struct writer *w = &in->w;
	enum mb_status st;

	*out = NULL;
	w->spec = spec;
	w->err = err;
	w->doing = "starting";
	w->labels = mb_labels_lookup(spec->language, err);
	if (!w->labels) {
		mb_interior_close(in);
		return MB_ERR_INPUT;
	}
	w->pdf = HPDF_New(on_error, w);
	if (!w->pdf) {
		mb_interior_close(in);
		return mb_error_set(err, MB_ERR_INTERNAL, "libharu could not start a document");
	}
	/* the fonts; page content is left as it is (the top of this file) */
	HPDF_SetCompressionMode(w->pdf, HPDF_COMP_METADATA);
	set_date(w);
	st = load_fonts(w, true);
	if (st != MB_OK) {
		mb_interior_close(in);
		return st;
	}
	*out = in;
	return MB_OK;
}

enum mb_status mb_interior_write_open(struct mb_interior *in, const struct mb_book *book,
				      const struct mb_page_plan *plan, const char *path,
				      struct mb_error *err)
{
	struct writer *w = &in->w;
	enum mb_status st;

	if (book->count != (size_t)plan->maze_count)
		BUG("book has %zu mazes, plan %d", book->count, plan->maze_count);
	if (w->plan)
		BUG("an interior document written twice");
	w->book = book;
	w->plan = plan;
	w->err = err;
	st = draw_pages(w);
	if (st == MB_OK)
		st = save(w, path);
	return st;
}

enum mb_status mb_interior_write(const struct mb_book_spec *spec, const struct mb_book *book,
				 const struct mb_page_plan *plan, const char *path,
				 struct mb_error *err)
{
	struct mb_interior *in;
	enum mb_status st = mb_interior_open(spec, &in, err);

	if (st == MB_OK)
		st = mb_interior_write_open(in, book, plan, path, err);
	mb_interior_close(in);
	return st;
}

enum mb_status mb_interior_check_words(const struct mb_book_spec *spec,
				       const struct mb_page_plan *plan, struct mb_error *err)
{
	struct writer w = { .spec = spec, .plan = plan, .err = err, .doing = "measuring text" };
	struct mb_page_context ctx = { .spec = spec, .plan = plan, .metrics = &w.metrics };
	enum mb_status st;
	bool about = false;

	for (int n = 1; n <= plan->page_count && !about; n++)
		about = plan->pages[n - 1].kind == MB_PAGE_COPYRIGHT;
	if (!about)
		return MB_OK;
	ctx.labels = w.labels = mb_labels_lookup(spec->language, err);
	if (!w.labels)
		return MB_ERR_INPUT;
	w.pdf = HPDF_New(on_error, &w);
	if (!w.pdf)
		return mb_error_set(err, MB_ERR_INTERNAL, "libharu could not start a document");
	st = load_fonts(&w, false);	/* the words are set in the regular face */
	if (st == MB_OK)
		st = mb_page_check_words(&ctx, err);
	HPDF_Free(w.pdf);
	return st;
}
