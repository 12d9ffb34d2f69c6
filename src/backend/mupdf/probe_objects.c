/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * What the probe reads from the PDF's objects rather than from drawing:
 * fonts and their embedding (from the page resources, because MuPDF
 * silently substitutes a built-in font for one that is not embedded),
 * page boxes and the printed frame, layers switched off, and the
 * bookmarks. Each resource dictionary, font and form is walked once per
 * file, and every walk is bounded.
 */
#include "config.h"
#include "mazebook/kdp/probe.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mupdf/fitz.h>
#include <mupdf/pdf.h>

#include "mazebook/base/limits.h"
#include "mazebook/base/xalloc.h"
#include "probe_internal.h"

static size_t hash_name(const char *s)
{
	size_t h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

static size_t hash_ptr(const void *p)
{
	uintptr_t v = (uintptr_t)p;

	v ^= v >> 17;
	v *= 0xed5ad4bbu;
	v ^= v >> 11;
	return (size_t)v;
}

/* Was p seen before? Adds it if not. */
static bool seen_before(struct seen_set *set, const void *p)
{
	size_t i;

	if (!p)
		return false;
	if (2 * (set->n + 1) > set->cap) {
		struct seen_set bigger = { xcalloc(set->cap ? 2 * set->cap : 256, sizeof(void *)),
					   set->cap ? 2 * set->cap : 256, 0 };

		for (size_t k = 0; k < set->cap; k++)
			if (set->slot[k])
				seen_before(&bigger, set->slot[k]);
		free(set->slot);
		*set = bigger;
	}
	for (i = hash_ptr(p) & (set->cap - 1); set->slot[i]; i = (i + 1) & (set->cap - 1))
		if (set->slot[i] == p)
			return true;
	set->slot[i] = p;
	set->n++;
	return false;
}

void probe_strip_subset(const char *name, char *out, size_t size)
{
	size_t n = 0;

	while (name[n] >= 'A' && name[n] <= 'Z')
		n++;
	if (n == 6 && name[6] == '+')
		name += 7;
	snprintf(out, size, "%s", name);
}

int probe_font_index(const struct mb_probe_file *f, const struct font_table *t, const char *name,
	       size_t *slot_out)
{
	size_t i;

	if (!t->cap)
		return -1;
	for (i = hash_name(name) & (t->cap - 1); t->slot[i]; i = (i + 1) & (t->cap - 1))
		if (!strcmp(f->fonts[t->slot[i] - 1].name, name))
			return t->slot[i] - 1;
	if (slot_out)
		*slot_out = i;
	return -1;
}

/* room for one more font, at most half full */
static void font_table_grow(const struct mb_probe_file *f, struct font_table *t)
{
	struct font_table bigger;

	if (2 * (f->font_count + 1) <= t->cap)
		return;
	bigger.cap = t->cap ? 2 * t->cap : 64;
	bigger.slot = xcalloc(bigger.cap, sizeof(int));
	for (size_t k = 0; k < t->cap; k++) {
		size_t i;

		if (!t->slot[k])
			continue;
		for (i = hash_name(f->fonts[t->slot[k] - 1].name) & (bigger.cap - 1); bigger.slot[i];
		     i = (i + 1) & (bigger.cap - 1))
			;
		bigger.slot[i] = t->slot[k];
	}
	free(t->slot);
	*t = bigger;
}

/* ---- PDF objects: fonts, boxes, annotations, outlines, metadata ---- */

static bool font_embedded(fz_context *ctx, pdf_obj *font)
{
	pdf_obj *subtype = pdf_dict_get(ctx, font, PDF_NAME(Subtype));
	pdf_obj *fd;

	if (pdf_name_eq(ctx, subtype, PDF_NAME(Type3)))
		return true;
	if (pdf_name_eq(ctx, subtype, PDF_NAME(Type0)))
		font = pdf_array_get(ctx, pdf_dict_get(ctx, font, PDF_NAME(DescendantFonts)), 0);
	fd = pdf_dict_get(ctx, font, PDF_NAME(FontDescriptor));
	return pdf_dict_get(ctx, fd, PDF_NAME(FontFile)) ||
	       pdf_dict_get(ctx, fd, PDF_NAME(FontFile2)) ||
	       pdf_dict_get(ctx, fd, PDF_NAME(FontFile3));
}

static void add_font(fz_context *ctx, struct font_walk *w, pdf_obj *font, int page)
{
	struct mb_probe_file *f = w->f;
	char name[64];
	const char *base = pdf_to_name(ctx, pdf_dict_get(ctx, font, PDF_NAME(BaseFont)));
	bool embedded = font_embedded(ctx, font);
	size_t slot;
	int i;

	probe_strip_subset(base[0] ? base : "(unnamed)", name, sizeof(name));
	if ((i = probe_font_index(f, w->fonts, name, NULL)) >= 0) {
		/* one name used both ways: the unembedded use is what matters */
		f->fonts[i].embedded = f->fonts[i].embedded && embedded;
		return;
	}
	font_table_grow(f, w->fonts);
	probe_font_index(f, w->fonts, name, &slot);
	w->fonts->slot[slot] = (int)f->font_count + 1;
	/* room doubles at each power of two: a file of 20,000 fonts is not copied 20,000 times */
	if ((f->font_count & (f->font_count - 1)) == 0)
		f->fonts = xreallocarray(f->fonts, f->font_count ? 2 * f->font_count : 1,
					 sizeof(*f->fonts));
	f->fonts[f->font_count] = (struct mb_probe_font){ .embedded = embedded, .first_page = page };
	snprintf(f->fonts[f->font_count].name, sizeof(f->fonts[0].name), "%s", name);
	snprintf(f->fonts[f->font_count].type, sizeof(f->fonts[0].type), "%s",
		 pdf_to_name(ctx, pdf_dict_get(ctx, font, PDF_NAME(Subtype))));
	f->font_count++;
}

/*
 * Fonts of a resource dictionary and the form XObjects it uses. Each
 * dictionary and form is walked once per file (the first page that uses a
 * font is the one that counts), so pages that share resources cost nothing
 * more and a form that draws itself stops.
 */
void probe_walk_resources(fz_context *ctx, struct font_walk *w, pdf_obj *res, int page,
		    int depth)
{
	pdf_obj *fonts, *xobjs;

	if (!res || depth > MB_CHECK_RESOURCE_DEPTH_MAX ||
	    seen_before(w->seen, pdf_resolve_indirect(ctx, res)))
		return;
	fonts = pdf_dict_get(ctx, res, PDF_NAME(Font));
	if (fonts && !seen_before(w->seen, pdf_resolve_indirect(ctx, fonts)))
		for (int i = 0, n = pdf_dict_len(ctx, fonts); i < n; i++)
			add_font(ctx, w, pdf_dict_get_val(ctx, fonts, i), page);
	xobjs = pdf_dict_get(ctx, res, PDF_NAME(XObject));
	for (int i = 0, n = pdf_dict_len(ctx, xobjs); i < n; i++) {
		pdf_obj *x = pdf_dict_get_val(ctx, xobjs, i);

		if (!pdf_name_eq(ctx, pdf_dict_get(ctx, x, PDF_NAME(Subtype)), PDF_NAME(Form)))
			continue;
		if (seen_before(w->seen, pdf_resolve_indirect(ctx, x)))
			continue;
		probe_walk_resources(ctx, w, pdf_dict_get(ctx, x, PDF_NAME(Resources)), page, depth + 1);
	}
}

fz_rect probe_normal_rect(fz_rect r)
{
	return (fz_rect){ dmin(r.x0, r.x1), dmin(r.y0, r.y1), dmax(r.x0, r.x1), dmax(r.y0, r.y1) };
}

struct mb_box_pt probe_box_of(fz_context *ctx, pdf_obj *arr, fz_matrix to_print)
{
	fz_rect r = fz_transform_rect(probe_normal_rect(pdf_to_rect(ctx, arr)), to_print);

	return (struct mb_box_pt){ r.x0, r.y0, r.x1, r.y1 };
}

/*
 * PDF user space -> the page as it prints: the MediaBox turned by /Rotate
 * and scaled by /UserUnit (as MuPDF reads them), origin at its bottom left
 * corner, y up. *w_pt, *h_pt: the printed size.
 */
fz_matrix probe_print_transform(fz_context *ctx, pdf_obj *pageobj, fz_rect media, double *w_pt,
			  double *h_pt)
{
	pdf_obj *uu = pdf_dict_get(ctx, pageobj, PDF_NAME(UserUnit));
	float unit = pdf_is_number(ctx, uu) && pdf_to_real(ctx, uu) > 0 ? pdf_to_real(ctx, uu) : 1;
	int rotate = pdf_to_int(ctx, pdf_dict_get_inheritable(ctx, pageobj, PDF_NAME(Rotate)));
	fz_matrix m;
	fz_rect r;

	/* snapped to 0, 90, 180 or 270 as MuPDF does */
	rotate = rotate < 0 ? 360 - (int)((-(long long)rotate) % 360) : rotate % 360;
	rotate = 90 * ((rotate + 45) / 90) % 360;
	m = fz_pre_rotate(fz_scale(unit, unit), -(float)rotate);	/* clockwise, y up */
	r = fz_transform_rect(media, m);
	*w_pt = r.x1 - r.x0;
	*h_pt = r.y1 - r.y0;
	return fz_concat(m, fz_translate(-r.x0, -r.y0));
}

/*
 * Optional content (layers) switched off where this page's resources name
 * it: marked content (/Properties) and XObjects with /OC. MuPDF does not
 * draw it, so KDP's printer might; KDP forbids invisible objects. Bounded
 * by MB_CHECK_OC_WALK_MAX entries per page and MB_CHECK_RESOURCE_DEPTH_MAX nested forms.
 */
/* the bytes of a page's or form's content (one stream or an array of them); NULL if none */
fz_buffer *probe_content_bytes(fz_context *ctx, pdf_obj *contents)
{
	fz_buffer *all = NULL;

	if (pdf_is_stream(ctx, contents))
		return pdf_load_stream(ctx, contents);
	if (!pdf_is_array(ctx, contents))
		return NULL;
	all = fz_new_buffer(ctx, 1024);
	for (int i = 0, n = pdf_array_len(ctx, contents); i < n && i < 64; i++) {
		fz_buffer *one = NULL;

		fz_try(ctx) {
			one = pdf_load_stream(ctx, pdf_array_get(ctx, contents, i));
			fz_append_buffer(ctx, all, one);
			fz_append_byte(ctx, all, '\n');
		}
		fz_always(ctx)
			fz_drop_buffer(ctx, one);
		fz_catch(ctx) {
			fz_drop_buffer(ctx, all);
			fz_rethrow(ctx);
		}
	}
	return all;
}

/* does the content use the resource called name ("/name" followed by a delimiter)? */
static bool content_uses(fz_context *ctx, fz_buffer *content, const char *name)
{
	unsigned char *data;
	size_t len = content ? fz_buffer_storage(ctx, content, &data) : 0, n = strlen(name);

	for (size_t i = 0; n && i + n + 1 < len; i++)
		if (data[i] == '/' && !memcmp(data + i + 1, name, n) &&
		    strchr(" \t\r\n/<[(", data[i + 1 + n]))
			return true;
	return false;
}

void probe_hidden_layers(fz_context *ctx, pdf_document *doc, pdf_obj *res, fz_buffer *content,
		   int depth, int *budget, struct mb_probe_page *p)
{
	pdf_obj *props, *xobjs;

	if (!res || depth > MB_CHECK_RESOURCE_DEPTH_MAX || *budget <= 0)
		return;
	props = pdf_dict_get(ctx, res, PDF_NAME(Properties));
	for (int i = 0, n = pdf_dict_len(ctx, props); i < n && (*budget)-- > 0; i++) {
		pdf_obj *ocg = pdf_dict_get_val(ctx, props, i);
		pdf_obj *type = pdf_dict_get(ctx, ocg, PDF_NAME(Type));

		if ((pdf_name_eq(ctx, type, PDF_NAME(OCG)) || pdf_name_eq(ctx, type, PDF_NAME(OCMD))) &&
		    pdf_is_ocg_hidden(ctx, doc, res, "View", ocg) &&
		    content_uses(ctx, content, pdf_to_name(ctx, pdf_dict_get_key(ctx, props, i)))) {
			if (!p->hidden_oc++)
				snprintf(p->hidden_oc_what, sizeof(p->hidden_oc_what), "%s",
					 pdf_dict_get_text_string(ctx, ocg, PDF_NAME(Name)));
		}
	}
	xobjs = pdf_dict_get(ctx, res, PDF_NAME(XObject));
	for (int i = 0, n = pdf_dict_len(ctx, xobjs); i < n && (*budget)-- > 0; i++) {
		pdf_obj *x = pdf_dict_get_val(ctx, xobjs, i), *oc = pdf_dict_get(ctx, x, PDF_NAME(OC));

		if (!content_uses(ctx, content, pdf_to_name(ctx, pdf_dict_get_key(ctx, xobjs, i))))
			continue;
		if (oc && pdf_is_ocg_hidden(ctx, doc, res, "View", oc)) {
			if (!p->hidden_oc++)
				snprintf(p->hidden_oc_what, sizeof(p->hidden_oc_what), "%s",
					 pdf_dict_get_text_string(ctx, oc, PDF_NAME(Name)));
			continue;
		}
		if (pdf_name_eq(ctx, pdf_dict_get(ctx, x, PDF_NAME(Subtype)), PDF_NAME(Form))) {
			fz_buffer *inner = probe_content_bytes(ctx, x);

			fz_try(ctx)
				probe_hidden_layers(ctx, doc, pdf_dict_get(ctx, x, PDF_NAME(Resources)), inner,
					      depth + 1, budget, p);
			fz_always(ctx)
				fz_drop_buffer(ctx, inner);
			fz_catch(ctx)
				fz_rethrow(ctx);
		}
	}
}

/* the page's colour by area, and its text, once the page has been run */
int probe_count_outline(fz_context *ctx, pdf_document *doc)
{
	pdf_obj *next[MB_CHECK_OUTLINE_DEPTH_MAX];
	pdf_obj **marked = NULL;
	size_t nmarked = 0;
	int depth = 0, count = 0;

	next[0] = pdf_dict_getp(ctx, pdf_trailer(ctx, doc), "Root/Outlines/First");
	fz_var(marked);
	fz_var(nmarked);
	fz_var(depth);
	fz_var(count);
	fz_try(ctx) {
		while (depth >= 0) {
			pdf_obj *item = next[depth], *child;

			if (!pdf_is_dict(ctx, item)) {
				depth--;
				continue;
			}
			if (pdf_mark_obj(ctx, item))
				fz_throw(ctx, FZ_ERROR_GENERIC, "the bookmarks (outline) loop: an entry "
					 "comes again after itself");
			marked = xreallocarray(marked, nmarked + 1, sizeof(*marked));
			marked[nmarked++] = item;
			if (++count > MB_CHECK_OUTLINE_ITEMS_MAX)
				fz_throw(ctx, FZ_ERROR_GENERIC, "more than %d bookmarks (outline entries)",
					 MB_CHECK_OUTLINE_ITEMS_MAX);
			next[depth] = pdf_dict_get(ctx, item, PDF_NAME(Next));
			child = pdf_dict_get(ctx, item, PDF_NAME(First));
			if (!child)
				continue;
			if (depth + 1 >= MB_CHECK_OUTLINE_DEPTH_MAX)
				fz_throw(ctx, FZ_ERROR_GENERIC, "the bookmarks (outline) nest more than %d "
					 "levels deep", MB_CHECK_OUTLINE_DEPTH_MAX);
			next[++depth] = child;
		}
	}
	fz_always(ctx) {
		for (size_t i = 0; i < nmarked; i++)
			pdf_unmark_obj(ctx, marked[i]);
		free(marked);
	}
	fz_catch(ctx)
		fz_rethrow(ctx);
	return count;
}
