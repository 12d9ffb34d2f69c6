/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The preflight's shared pieces: page lists and their text, and the checks
 * that hold every PDF, interior or cover, to the same rule: encryption,
 * file size, fonts embedded, the smallest text, image resolution and
 * invisible content.
 */
#include "config.h"
#include "mazebook/kdp/preflight.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"
#include "preflight_internal.h"

/* a length in inches with at most 3 decimals, trailing zeros dropped */
const char *pf_fin(char *buf, size_t size, double v)
{
	char *p;

	snprintf(buf, size, "%.4f", v);
	if ((p = strchr(buf, '.'))) {
		char *end = buf + strlen(buf) - 1;

		while (end > p && *end == '0')
			*end-- = '\0';
		if (end == p)
			*end = '\0';
	}
	if (!strcmp(buf, "-0"))
		snprintf(buf, size, "0");
	return buf;
}

void pf_pl_add(struct pagelist *pl, int page)
{
	pl->pages = xreallocarray(pl->pages, pl->count + 1, sizeof(int));
	pl->pages[pl->count++] = page;
}

/* "4, 6, 10-12 (+3 more)" */
const char *pf_pl_text(const struct pagelist *pl, char *buf, size_t size)
{
	size_t used = 0, i = 0;

	buf[0] = '\0';
	while (i < pl->count) {
		size_t j = i;
		int n;

		while (j + 1 < pl->count && pl->pages[j + 1] == pl->pages[j] + 1)
			j++;
		if (used + 24 > size) {
			snprintf(buf + used, size - used, " (+%zu more)", pl->count - i);
			break;
		}
		if (j == i)
			n = snprintf(buf + used, size - used, "%s%d", used ? ", " : "", pl->pages[i]);
		else
			n = snprintf(buf + used, size - used, "%s%d-%d", used ? ", " : "",
				     pl->pages[i], pl->pages[j]);
		used += (size_t)n;
		i = j + 1;
	}
	return buf;
}

void pf_pl_free(struct pagelist *pl)
{
	free(pl->pages);
	pl->pages = NULL;
	pl->count = 0;
}

/* " (pages 4, 6)" when more than one page fails, else "" */
static const char *also(const struct pagelist *pl, char *buf, size_t size)
{
	char list[PAGES_TEXT_MAX];

	if (pl->count <= 1) {
		buf[0] = '\0';
		return buf;
	}
	snprintf(buf, size, " (%zu pages: %s)", pl->count, pf_pl_text(pl, list, sizeof(list)));
	return buf;
}

void pf_add_paged(struct mb_checklist *cl, const char *id, enum mb_check_status st,
	       const struct pagelist *pl, const char *measured, const char *limit,
	       const char *message)
{
	char pages[96], extra[160];

	pf_pl_text(pl, pages, sizeof(pages));
	mb_checklist_add(cl, id, st, pages, measured, limit, "%s%s", message,
			 also(pl, extra, sizeof(extra)));
	/* a fault of the page as a whole: its picture names it */
	if (st != MB_CHECK_PASS)
		for (size_t i = 0; i < pl->count; i++)
			mb_checklist_mark(cl, !strncmp(id, "cover.", 6), pl->pages[i], NULL, "%s: %s",
					  strchr(id, '.') ? strchr(id, '.') + 1 : id, measured);
}

/* ---- file-level checks shared by interior and cover ---- */

void pf_check_encryption(const struct mb_probe_file *f, const char *id,
		      struct mb_checklist *cl)
{
	if (!f->encrypted)
		mb_checklist_add(cl, id, MB_CHECK_PASS, NULL, "not encrypted", "not encrypted",
				 "not encrypted");
	else if (f->locked)
		mb_checklist_add(cl, id, MB_CHECK_FAIL, NULL, "encrypted", "not encrypted",
				 "encrypted with a password: KDP rejects it, and its pages could not be measured");
	else
		mb_checklist_add(cl, id, MB_CHECK_FAIL, NULL, "encrypted", "not encrypted",
				 "encrypted (no password needed to open): KDP rejects encrypted files");
}

void pf_check_file_size(const struct mb_probe_file *f, const char *id, double max_mb,
		     struct mb_checklist *cl)
{
	double mb = (double)f->bytes / 1e6;
	char measured[48], limit[48];

	snprintf(measured, sizeof(measured), "%.2f MB", mb);
	snprintf(limit, sizeof(limit), "<= %g MB", max_mb);
	mb_checklist_add(cl, id, mb <= max_mb ? MB_CHECK_PASS : MB_CHECK_FAIL, NULL, measured,
			 limit, "%s (%llu bytes), at most %g MB", measured, f->bytes, max_mb);
}

void pf_check_fonts(const struct mb_probe_file *f, const char *id, struct mb_checklist *cl)
{
	struct pagelist pl = { 0 };
	char msg[256] = "", measured[96];
	size_t bad = 0;

	for (size_t i = 0; i < f->font_count; i++) {
		if (f->fonts[i].embedded)
			continue;
		if (!bad++)
			snprintf(msg, sizeof(msg), "page %d: font %s (%s) is not embedded",
				 f->fonts[i].first_page, f->fonts[i].name, f->fonts[i].type);
		pf_pl_add(&pl, f->fonts[i].first_page);
	}
	if (!bad) {
		snprintf(measured, sizeof(measured), "%zu font%s, all embedded", f->font_count,
			 f->font_count == 1 ? "" : "s");
		mb_checklist_add(cl, id, MB_CHECK_PASS, NULL, measured, "all embedded", "%s",
				 f->font_count ? measured : "no fonts");
	} else {
		snprintf(measured, sizeof(measured), "%zu of %zu font%s not embedded", bad,
			 f->font_count, plural((long long)f->font_count));
		if (bad > 1)
			snprintf(msg + strlen(msg), sizeof(msg) - strlen(msg),
				 " (%zu fonts not embedded)", bad);
		mb_checklist_add(cl, id, MB_CHECK_FAIL, NULL, measured, "all embedded", "%s", msg);
		{
			char pages[96];

			snprintf(cl->checks[cl->count - 1].pages, sizeof(pages), "%s",
				 pf_pl_text(&pl, pages, sizeof(pages)));
		}
	}
	pf_pl_free(&pl);
}


/* smallest text over the pages: the glyph height a reader sees */
void pf_check_font_size(const struct mb_probe_file *f, const char *id,
		     struct mb_checklist *cl)
{
	struct pagelist pl = { 0 };
	const struct mb_probe_page *worst = NULL;
	double min_pt = mb_kdp.min_font_pt;
	bool cover = !strncmp(id, "cover.", 6);
	char measured[48], limit[48], msg[400], pages[120];

	for (size_t i = 0; i < f->page_measured; i++) {
		const struct mb_probe_page *p = &f->pages[i];
		int marked = 0;

		if (p->text_runs <= 0)
			continue;
		if (!worst || p->min_font_pt < worst->min_font_pt)
			worst = p;
		if (p->min_font_pt >= min_pt - 0.005)
			continue;
		pf_pl_add(&pl, p->number);
		for (size_t k = 0; k < p->item_count && marked < 12; k++)
			if (p->items[k].kind == MB_ITEM_TEXT && p->items[k].size_pt < min_pt - 0.005) {
				marked++;
				mb_checklist_mark(cl, cover, p->number, &p->items[k].box,
						  "font size: %.3g pt text", p->items[k].size_pt);
			}
		if (!marked)
			mb_checklist_mark(cl, cover, p->number, NULL, "font size: %.3g pt text",
					  p->min_font_pt);
	}
	snprintf(limit, sizeof(limit), ">= %g pt", min_pt);
	if (!worst) {
		mb_checklist_add(cl, id, MB_CHECK_PASS, NULL, "no text", limit, "no text");
		return;
	}
	snprintf(measured, sizeof(measured), "%.3g pt", worst->min_font_pt);
	if (pl.count)
		snprintf(msg, sizeof(msg), "text %s tall (%s) on %s: set it at least %g pt (the "
			 "glyph height as printed)", measured, worst->min_font_name,
			 pf_on_pages(&pl, pages, sizeof(pages)), min_pt);
	else
		snprintf(msg, sizeof(msg), "smallest: page %d: %s text (%s), needs %s", worst->number,
			 measured, worst->min_font_name, limit);
	mb_checklist_add(cl, id, pl.count ? MB_CHECK_FAIL : MB_CHECK_PASS, NULL, measured, limit,
			 "%s", msg);
	pf_pl_text(&pl, cl->checks[cl->count - 1].pages, sizeof(cl->checks[0].pages));
	mb_check_numbers(cl, worst->min_font_pt, min_pt, "pt");
	pf_pl_free(&pl);
}

void pf_check_images(const struct mb_probe_file *f, const char *id, struct mb_checklist *cl)
{
	struct pagelist pl = { 0 };
	const struct mb_probe_page *worst = NULL;
	double min_dpi = mb_kdp.min_image_dpi;
	bool cover = !strncmp(id, "cover.", 6);
	char measured[48], limit[48], msg[400], pages[120];
	int images = 0;

	for (size_t i = 0; i < f->page_measured; i++) {
		const struct mb_probe_page *p = &f->pages[i];
		int marked = 0;

		if (p->images <= 0)
			continue;
		images += p->images;
		if (!worst || p->min_image_dpi < worst->min_image_dpi)
			worst = p;
		if (p->min_image_dpi >= min_dpi - 0.5)
			continue;
		pf_pl_add(&pl, p->number);
		for (size_t k = 0; k < p->item_count && marked < 12; k++)
			if (p->items[k].kind == MB_ITEM_IMAGE && p->items[k].dpi < min_dpi - 0.5) {
				marked++;
				mb_checklist_mark(cl, cover, p->number, &p->items[k].box,
						  "image dpi: %.0f dpi", p->items[k].dpi);
			}
		if (!marked)	/* in a pattern, a form's mask or an annotation */
			mb_checklist_mark(cl, cover, p->number, NULL,
					  "image dpi: %.0f dpi (in a pattern or mask)", p->min_image_dpi);
	}
	snprintf(limit, sizeof(limit), ">= %g dpi", min_dpi);
	if (!worst) {
		mb_checklist_add(cl, id, MB_CHECK_PASS, NULL, "no images", limit, "no images");
		return;
	}
	snprintf(measured, sizeof(measured), "%.0f dpi", worst->min_image_dpi);
	if (pl.count)
		snprintf(msg, sizeof(msg), "an image at %s as printed on %s%s: use at least %g dpi at "
			 "the size it prints", measured, pf_on_pages(&pl, pages, sizeof(pages)),
			 worst->min_image_dpi < mb_kdp.low_image_dpi ? " (low resolution)" : "",
			 min_dpi);
	else
		snprintf(msg, sizeof(msg), "lowest: page %d: image at %s, needs %s (%d image%s)",
			 worst->number, measured, limit, images, plural(images));
	mb_checklist_add(cl, id, pl.count ? MB_CHECK_FAIL : MB_CHECK_PASS, NULL, measured, limit,
			 "%s", msg);
	pf_pl_text(&pl, cl->checks[cl->count - 1].pages, sizeof(cl->checks[0].pages));
	mb_check_numbers(cl, worst->min_image_dpi, min_dpi, "dpi");
	pf_pl_free(&pl);
}

/* a page joins the list once, in order */
void pf_pl_once(struct pagelist *pl, int page)
{
	if (!pl->count || pl->pages[pl->count - 1] != page)
		pf_pl_add(pl, page);
}

/* "page 3" / "pages 3-24" */
const char *pf_on_pages(const struct pagelist *pl, char *buf, size_t size)
{
	char list[PAGES_TEXT_MAX];

	snprintf(buf, size, "page%s %s", pl->count == 1 ? "" : "s", pf_pl_text(pl, list, sizeof(list)));
	return buf;
}

/*
 * Paper-white text with nothing inked under it: white on white, which
 * prints as nothing (KDP forbids invisible objects). An earlier inked
 * fill or image under the text's middle makes it visible.
 */
static int white_on_white(const struct mb_probe_page *p, const struct mb_probe_item **first)
{
	int n = 0;

	*first = NULL;
	for (size_t k = 0; k < p->item_count; k++) {
		const struct mb_probe_item *it = &p->items[k];
		double cx = (it->box.x0 + it->box.x1) / 2, cy = (it->box.y0 + it->box.y1) / 2;
		bool under = false;

		if (it->kind != MB_ITEM_TEXT || it->ink)
			continue;
		for (size_t j = 0; j < k && !under; j++) {
			const struct mb_probe_item *b = &p->items[j];

			under = b->ink && (b->kind == MB_ITEM_FILL || b->kind == MB_ITEM_IMAGE) &&
				b->box.x0 <= cx && b->box.x1 >= cx && b->box.y0 <= cy && b->box.y1 >= cy;
		}
		if (under)
			continue;
		*first = *first ? *first : it;
		n++;
	}
	return n;
}

/* invisible content: optional content switched off, invisible text, white on white */
void pf_check_invisible_in(const struct mb_probe_file *f, bool cover, struct mb_checklist *cl)
{
	struct pagelist pl = { 0 };
	const char *id = cover ? "cover.invisible" : "interior.invisible";
	char msg[480] = "", measured[96] = "", pages[120], layer[64] = "";
	int oc = 0, mode3 = 0, white = 0;

	for (size_t i = 0; i < f->page_measured; i++) {
		const struct mb_probe_page *p = &f->pages[i];
		const struct mb_probe_item *w;
		int nw = white_on_white(p, &w);

		if (p->hidden_oc <= 0 && p->invisible_text <= 0 && nw == 0)
			continue;
		pf_pl_add(&pl, p->number);
		if (!oc && p->hidden_oc > 0) {
			snprintf(layer, sizeof(layer), "%s", p->hidden_oc_what);
			snprintf(measured, sizeof(measured), "layer '%s' off", layer);
		}
		oc += p->hidden_oc;
		mode3 += p->invisible_text;
		white += nw;
		if (nw)
			mb_checklist_mark(cl, cover, p->number, &w->box, "invisible: white text on white");
		else
			mb_checklist_mark(cl, cover, p->number, NULL, "invisible: %s",
					  p->hidden_oc ? "a layer switched off" : "invisible text");
	}
	if (!pl.count) {
		mb_checklist_add(cl, id, MB_CHECK_PASS, cover ? "1" : "", "none", "none", "none");
		return;
	}
	if (oc)
		snprintf(msg, sizeof(msg), "%d object%s in a layer (optional content) switched off, "
			 "'%s'; ", oc, plural(oc), layer);
	if (mode3)
		snprintf(msg + strlen(msg), sizeof(msg) - strlen(msg), "%d invisible text run%s "
			 "(render mode 3, e.g. an OCR layer); ", mode3, plural(mode3));
	if (white)
		snprintf(msg + strlen(msg), sizeof(msg) - strlen(msg), "%d run%s of white text on "
			 "white paper; ", white, plural(white));
	snprintf(msg + strlen(msg), sizeof(msg) - strlen(msg), "on %s: KDP rejects invisible "
		 "objects: delete them, or turn the layer on", pf_on_pages(&pl, pages, sizeof(pages)));
	if (!measured[0])
		snprintf(measured, sizeof(measured), "%s", mode3 ? "invisible text" : "white on white");
	mb_checklist_add(cl, id, MB_CHECK_FAIL, "", measured, "none", "%s", msg);
	pf_pl_text(&pl, cl->checks[cl->count - 1].pages, sizeof(cl->checks[0].pages));
	pf_pl_free(&pl);
}

void pf_check_invisible(const struct mb_probe_file *f, struct mb_checklist *cl)
{
	pf_check_invisible_in(f, false, cl);
}
