/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The preflight checklist: a list of checks and the hashed files they
 * vouch for, rendered as text (the signed form, parsed back by `mazebook
 * verify`: keep the header lines' shape) and as JSON.
 */
#include "config.h"
#include "mazebook/kdp/preflight.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/strbuf.h"
#include "mazebook/base/xalloc.h"

/* copy src into dst, cut to fit (the figures are short; a cut beats a crash) */
static void copy_str(char *dst, size_t size, const char *src)
{
	size_t n = strlen(src);

	if (n >= size)
		n = size - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

void mb_checklist_init(struct mb_checklist *cl)
{
	memset(cl, 0, sizeof(*cl));
	snprintf(cl->tool, sizeof(cl->tool), "%s %s", PACKAGE_NAME, PACKAGE_VERSION);
	snprintf(cl->rules, sizeof(cl->rules), "%s", mb_kdp_version);
}

void mb_checklist_release(struct mb_checklist *cl)
{
	if (!cl)
		return;
	free(cl->checks);
	free(cl->marks);
	memset(cl, 0, sizeof(*cl));
}

struct mb_check *mb_checklist_add(struct mb_checklist *cl, const char *id,
				  enum mb_check_status status, const char *pages,
				  const char *measured, const char *limit, const char *fmt, ...)
{
	struct mb_check *c;
	va_list ap;

	if (cl->count == cl->alloc) {
		cl->alloc = cl->alloc ? 2 * cl->alloc : 32;
		cl->checks = xreallocarray(cl->checks, cl->alloc, sizeof(*cl->checks));
	}
	c = &cl->checks[cl->count++];
	memset(c, 0, sizeof(*c));
	copy_str(c->id, sizeof(c->id), id);
	c->status = status;
	copy_str(c->pages, sizeof(c->pages), pages ? pages : "");
	copy_str(c->limit, sizeof(c->limit), limit ? limit : "");
	va_start(ap, fmt);
	vsnprintf(c->message, sizeof(c->message), fmt, ap);
	va_end(ap);
	copy_str(c->measured, sizeof(c->measured), measured ? measured : c->message);
	return c;
}

void mb_check_numbers(struct mb_checklist *cl, double value, double need, const char *unit)
{
	struct mb_check *c;

	if (!cl->count)
		BUG("mb_check_numbers before any check");
	c = &cl->checks[cl->count - 1];
	c->has_value = true;
	c->value = value;
	c->need = need;
	copy_str(c->unit, sizeof(c->unit), unit);
}

void mb_checklist_mark(struct mb_checklist *cl, bool cover, int page,
		       const struct mb_box_pt *box, const char *fmt, ...)
{
	struct mb_check_mark *m;
	va_list ap;

	if (cl->mark_count >= MB_CHECKLIST_MARKS_MAX)
		return;
	if (cl->mark_count == cl->mark_alloc) {
		cl->mark_alloc = cl->mark_alloc ? 2 * cl->mark_alloc : 64;
		cl->marks = xreallocarray(cl->marks, cl->mark_alloc, sizeof(*cl->marks));
	}
	m = &cl->marks[cl->mark_count++];
	memset(m, 0, sizeof(*m));
	m->cover = cover;
	m->page = page;
	m->whole_page = box == NULL;
	if (box)
		m->box = *box;
	va_start(ap, fmt);
	vsnprintf(m->label, sizeof(m->label), fmt, ap);
	va_end(ap);
}

static struct mb_box_pt pt_box(const struct mb_rect_in *r)
{
	return (struct mb_box_pt){ r->x * MB_PT_PER_IN, r->y * MB_PT_PER_IN,
				   (r->x + r->w) * MB_PT_PER_IN, (r->y + r->h) * MB_PT_PER_IN };
}

static struct mb_box_pt inset(struct mb_box_pt b, double in)
{
	double d = in * MB_PT_PER_IN;

	return (struct mb_box_pt){ b.x0 + d, b.y0 + d, b.x1 - d, b.y1 - d };
}

static void add_box(struct mb_picture_box **out, size_t *n, enum mb_picture_pen pen,
		    struct mb_box_pt box, const char *label)
{
	*out = xreallocarray(*out, *n + 1, sizeof(**out));
	(*out)[*n] = (struct mb_picture_box){ .pen = pen, .box = box };
	copy_str((*out)[*n].label, sizeof((*out)[*n].label), label);
	(*n)++;
}

bool mb_preflight_picture_boxes(const struct mb_checklist *cl, bool cover, int page,
				struct mb_picture_box **out, size_t *count, char *caption,
				size_t caption_size)
{
	const struct mb_preflight_guides *g = &cl->guides;
	size_t used = 0, lines = 0;
	bool any = false;

	*out = NULL;
	*count = 0;
	if (caption_size)
		caption[0] = '\0';
	for (size_t i = 0; i < cl->mark_count; i++) {
		const struct mb_check_mark *m = &cl->marks[i];

		if (m->cover != cover || m->page != page)
			continue;
		any = true;
		if (!m->whole_page)
			add_box(out, count, MB_PEN_FAULT, m->box, m->label);
		/* the caption: each fault once, at most 6 lines */
		if (lines < 6 && used + strlen(m->label) + 2 < caption_size &&
		    !strstr(caption, m->label)) {
			used += (size_t)snprintf(caption + used, caption_size - used, "%s%s",
						 used ? "\n" : "", m->label);
			lines++;
		}
	}
	if (!any)
		return false;
	if (used + 80 < caption_size)
		snprintf(caption + used, caption_size - used, "\nred: at fault; blue: trim; green: %s; "
			 "orange: %s", cover ? "safe zone" : "margins", cover ? "spine; purple: barcode "
			 "box" : "gutter");
	/* a page of the wrong size: the trim's guides would not fit it */
	for (size_t i = 0; i < cl->mark_count && !cover; i++)
		if (!cl->marks[i].cover && cl->marks[i].page == page && cl->marks[i].whole_page &&
		    (!strncmp(cl->marks[i].label, "page-size:", 10) ||
		     !strncmp(cl->marks[i].label, "same-size:", 10)))
			return true;
	if (!cover && g->interior) {
		struct mb_box_pt t = page % 2 ? g->trim_odd : g->trim_even;
		double gut = g->gutter_in * MB_PT_PER_IN, mar = g->margin_in * MB_PT_PER_IN;
		struct mb_box_pt live = { t.x0 + (page % 2 ? gut : mar), t.y0 + mar,
					  t.x1 - (page % 2 ? mar : gut), t.y1 - mar };
		struct mb_box_pt band = page % 2 ? (struct mb_box_pt){ t.x0, t.y0, t.x0 + gut, t.y1 }
						 : (struct mb_box_pt){ t.x1 - gut, t.y0, t.x1, t.y1 };

		add_box(out, count, MB_PEN_TRIM, t, g->bleed ? "trim (bleed outside)" : "trim");
		add_box(out, count, MB_PEN_GUTTER, band, "");
		add_box(out, count, MB_PEN_MARGIN, live, "margins");
	} else if (cover && g->cover) {
		add_box(out, count, MB_PEN_TRIM, pt_box(&g->back), "back (trim)");
		add_box(out, count, MB_PEN_GUTTER, pt_box(&g->spine), "");
		add_box(out, count, MB_PEN_TRIM, pt_box(&g->front), "front (trim)");
		add_box(out, count, MB_PEN_MARGIN, inset(pt_box(&g->back), g->safe_in), "safe zone");
		add_box(out, count, MB_PEN_MARGIN, inset(pt_box(&g->front), g->safe_in), "safe zone");
		add_box(out, count, MB_PEN_BARCODE, pt_box(&g->barcode), "barcode box");
	}
	return true;
}

void mb_checklist_add_file(struct mb_checklist *cl, const char *role, const char *name,
			   const char *sha256_hex, unsigned long long bytes)
{
	struct mb_checklist_file *f;

	if (cl->file_count >= MB_CHECKLIST_FILES_MAX)
		BUG("more than %d files in a checklist", MB_CHECKLIST_FILES_MAX);
	f = &cl->files[cl->file_count++];
	copy_str(f->role, sizeof(f->role), role);
	copy_str(f->name, sizeof(f->name), name);
	copy_str(f->sha256, sizeof(f->sha256), sha256_hex);
	f->bytes = bytes;
}

const struct mb_check *mb_checklist_find(const struct mb_checklist *cl, const char *id)
{
	for (size_t i = 0; i < cl->count; i++)
		if (!strcmp(cl->checks[i].id, id))
			return &cl->checks[i];
	return NULL;
}

size_t mb_checklist_count(const struct mb_checklist *cl, enum mb_check_status status)
{
	size_t n = 0;

	for (size_t i = 0; i < cl->count; i++)
		n += cl->checks[i].status == status;
	return n;
}

bool mb_checklist_failed(const struct mb_checklist *cl)
{
	return mb_checklist_count(cl, MB_CHECK_FAIL) > 0;
}

const char *mb_check_status_name(enum mb_check_status status)
{
	switch (status) {
	case MB_CHECK_PASS: return "PASS";
	case MB_CHECK_WARN: return "WARN";
	case MB_CHECK_FAIL: return "FAIL";
	}
	BUG("check status %d", (int)status);
}

char *mb_checklist_text(const struct mb_checklist *cl)
{
	struct mb_strbuf b = MB_STRBUF_INIT;

	mb_strbuf_printf(&b, "mazebook preflight checklist\ntool: %s\nrules: %s\n", cl->tool,
			 cl->rules);
	for (size_t i = 0; i < cl->file_count; i++)
		mb_strbuf_printf(&b, "%s: %s sha256=%s bytes=%llu\n", cl->files[i].role,
				 cl->files[i].name, cl->files[i].sha256, cl->files[i].bytes);
	if (cl->signer[0])
		mb_strbuf_printf(&b, "signer: %s\n", cl->signer);
	mb_strbuf_printf(&b, "result: %s (%zu pass, %zu warn, %zu fail)\n\n",
			 mb_checklist_failed(cl) ? "FAIL" : "PASS",
			 mb_checklist_count(cl, MB_CHECK_PASS),
			 mb_checklist_count(cl, MB_CHECK_WARN),
			 mb_checklist_count(cl, MB_CHECK_FAIL));
	for (size_t i = 0; i < cl->count; i++)
		mb_strbuf_printf(&b, "%s  %-20s %s\n",
				 mb_check_status_name(cl->checks[i].status), cl->checks[i].id,
				 cl->checks[i].message);
	return mb_strbuf_detach(&b);
}

static void put_json_string(struct mb_strbuf *b, const char *s)
{
	mb_strbuf_puts(b, "\"");
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			mb_strbuf_printf(b, "\\%c", c);
		else if (c == '\n')
			mb_strbuf_puts(b, "\\n");
		else if (c < 0x20)
			mb_strbuf_printf(b, "\\u%04x", c);
		else
			mb_strbuf_printf(b, "%c", c);
	}
	mb_strbuf_puts(b, "\"");
}

char *mb_checklist_json(const struct mb_checklist *cl)
{
	struct mb_strbuf b = MB_STRBUF_INIT;

	mb_strbuf_puts(&b, "{\n  \"tool\": ");
	put_json_string(&b, cl->tool);
	mb_strbuf_puts(&b, ",\n  \"rules\": ");
	put_json_string(&b, cl->rules);
	if (cl->signer[0]) {
		mb_strbuf_puts(&b, ",\n  \"signer\": ");
		put_json_string(&b, cl->signer);
	}
	mb_strbuf_printf(&b, ",\n  \"result\": \"%s\",\n  \"pass\": %zu,\n  \"warn\": %zu,\n"
			 "  \"fail\": %zu,\n  \"files\": [",
			 mb_checklist_failed(cl) ? "FAIL" : "PASS",
			 mb_checklist_count(cl, MB_CHECK_PASS),
			 mb_checklist_count(cl, MB_CHECK_WARN),
			 mb_checklist_count(cl, MB_CHECK_FAIL));
	for (size_t i = 0; i < cl->file_count; i++) {
		mb_strbuf_printf(&b, "%s\n    {\"role\": ", i ? "," : "");
		put_json_string(&b, cl->files[i].role);
		mb_strbuf_puts(&b, ", \"name\": ");
		put_json_string(&b, cl->files[i].name);
		mb_strbuf_printf(&b, ", \"sha256\": \"%s\", \"bytes\": %llu}",
				 cl->files[i].sha256, cl->files[i].bytes);
	}
	mb_strbuf_puts(&b, "\n  ],\n  \"checks\": [");
	for (size_t i = 0; i < cl->count; i++) {
		const struct mb_check *c = &cl->checks[i];

		mb_strbuf_printf(&b, "%s\n    {\"id\": ", i ? "," : "");
		put_json_string(&b, c->id);
		mb_strbuf_printf(&b, ", \"status\": \"%s\", \"pages\": ",
				 mb_check_status_name(c->status));
		put_json_string(&b, c->pages);
		mb_strbuf_puts(&b, ", \"measured\": ");
		put_json_string(&b, c->measured);
		mb_strbuf_puts(&b, ", \"limit\": ");
		put_json_string(&b, c->limit);
		mb_strbuf_puts(&b, ", \"message\": ");
		put_json_string(&b, c->message);
		if (c->has_value) {
			mb_strbuf_printf(&b, ", \"value\": %.4g, \"need\": %.4g, \"unit\": ",
					 c->value, c->need);
			put_json_string(&b, c->unit);
		}
		mb_strbuf_puts(&b, "}");
	}
	mb_strbuf_puts(&b, "\n  ]\n}\n");
	return mb_strbuf_detach(&b);
}

/* the absolute, symlink-free form of a folder, or NULL */
static char *real_dir(const char *dir)
{
	char *r = realpath(dir && *dir ? dir : ".", NULL);

	return r;
}

char *mb_path_relative(const char *path, const char *dir)
{
	const char *slash = strrchr(path, '/');
	char *pdir, *rdir, *out;
	const char *base = slash ? slash + 1 : path;
	size_t common = 0, ups = 0;
	struct mb_strbuf b = MB_STRBUF_INIT;

	if (slash == path)
		pdir = xstrdup("/");
	else if (slash)
		pdir = xasprintf("%.*s", (int)(slash - path), path);
	else
		pdir = xstrdup(".");
	rdir = real_dir(dir);
	{
		char *rp = real_dir(pdir);

		free(pdir);
		pdir = rp;
	}
	if (!pdir || !rdir) {
		free(pdir);
		free(rdir);
		return xstrdup(path);
	}
	/* longest common leading run of whole components */
	for (size_t i = 0;; i++) {
		bool pend = pdir[i] == '\0' || pdir[i] == '/';
		bool dend = rdir[i] == '\0' || rdir[i] == '/';

		if (pend && dend)
			common = i;
		if (pdir[i] != rdir[i] || !pdir[i])
			break;
	}
	for (const char *s = rdir + common; *s; s++)
		ups += *s == '/';
	for (size_t i = 0; i < ups; i++)
		mb_strbuf_puts(&b, "../");
	if (pdir[common] == '/' && pdir[common + 1])
		mb_strbuf_printf(&b, "%s/", pdir + common + 1);
	mb_strbuf_puts(&b, base);
	out = mb_strbuf_detach(&b);
	free(pdir);
	free(rdir);
	return out;
}
