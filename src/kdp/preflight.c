/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The preflight checks: KDP's rules (specs/kdp.def) applied to measured
 * PDF facts (probe.h). Pure functions over plain data, so each check is
 * tested with hand-made facts, including a failing one for every check.
 *
 * Choices: a measured length equal to a minimum passes, but within KDP's
 * rounding allowance (margin_allowance_in, about 1/72 in) of it warns,
 * since KDP has flagged content placed exactly on a minimum. With bleed,
 * a side where ink crosses the trim line is bleeding art and is not held
 * to the margin. Pages are numbered from 1; odd pages bind on the left.
 */
#include "config.h"
#include "mazebook/preflight.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/xalloc.h"

#define EPS_IN 0.0005		/* numeric slack when comparing lengths */
#define SIZE_MATCH_IN 0.005	/* page sizes match to this (as KDP's trims do) */
#define PAGES_TEXT_MAX 80

static double in_of(double pt) { return pt / MB_PT_PER_IN; }

/* "s" unless there is exactly one: "1 page", "2 pages" */
static const char *plural(long long n) { return n == 1 ? "" : "s"; }

/* a length in inches with at most 3 decimals, trailing zeros dropped */
static const char *fin(char *buf, size_t size, double v)
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

#define IN(v) fin((char[32]){ 0 }, 32, (v))

/* a set of page numbers, kept in order */
struct pagelist {
	int *pages;
	size_t count;
};

static void pl_add(struct pagelist *pl, int page)
{
	pl->pages = xreallocarray(pl->pages, pl->count + 1, sizeof(int));
	pl->pages[pl->count++] = page;
}

/* "4, 6, 10-12 (+3 more)" */
static const char *pl_text(const struct pagelist *pl, char *buf, size_t size)
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

static void pl_free(struct pagelist *pl)
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
	snprintf(buf, size, " (%zu pages: %s)", pl->count, pl_text(pl, list, sizeof(list)));
	return buf;
}

static void add_paged(struct mb_checklist *cl, const char *id, enum mb_check_status st,
		      const struct pagelist *pl, const char *measured, const char *limit,
		      const char *message)
{
	char pages[96], extra[160];

	pl_text(pl, pages, sizeof(pages));
	mb_checklist_add(cl, id, st, pages, measured, limit, "%s%s", message,
			 also(pl, extra, sizeof(extra)));
	/* a fault of the page as a whole: its picture names it */
	if (st != MB_CHECK_PASS)
		for (size_t i = 0; i < pl->count; i++)
			mb_checklist_mark(cl, !strncmp(id, "cover.", 6), pl->pages[i], NULL, "%s: %s",
					  strchr(id, '.') ? strchr(id, '.') + 1 : id, measured);
}

/* ---- file-level checks shared by interior and cover ---- */

static void check_encryption(const struct mb_probe_file *f, const char *id,
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

static void check_file_size(const struct mb_probe_file *f, const char *id, double max_mb,
			    struct mb_checklist *cl)
{
	double mb = (double)f->bytes / 1e6;
	char measured[48], limit[48];

	snprintf(measured, sizeof(measured), "%.2f MB", mb);
	snprintf(limit, sizeof(limit), "<= %g MB", max_mb);
	mb_checklist_add(cl, id, mb <= max_mb ? MB_CHECK_PASS : MB_CHECK_FAIL, NULL, measured,
			 limit, "%s (%llu bytes), at most %g MB", measured, f->bytes, max_mb);
}

static void check_fonts(const struct mb_probe_file *f, const char *id, struct mb_checklist *cl)
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
		pl_add(&pl, f->fonts[i].first_page);
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
				 pl_text(&pl, pages, sizeof(pages)));
		}
	}
	pl_free(&pl);
}

/* "page 3" / "pages 3-24" */
static const char *on_pages(const struct pagelist *pl, char *buf, size_t size);
static const char *what_item(const struct mb_probe_item *it);
static void pl_once(struct pagelist *pl, int page);

/* smallest text over the pages: the glyph height a reader sees */
static void check_font_size(const struct mb_probe_file *f, const char *id,
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
		pl_add(&pl, p->number);
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
			 on_pages(&pl, pages, sizeof(pages)), min_pt);
	else
		snprintf(msg, sizeof(msg), "smallest: page %d: %s text (%s), needs %s", worst->number,
			 measured, worst->min_font_name, limit);
	mb_checklist_add(cl, id, pl.count ? MB_CHECK_FAIL : MB_CHECK_PASS, NULL, measured, limit,
			 "%s", msg);
	pl_text(&pl, cl->checks[cl->count - 1].pages, sizeof(cl->checks[0].pages));
	mb_check_numbers(cl, worst->min_font_pt, min_pt, "pt");
	pl_free(&pl);
}

static void check_images(const struct mb_probe_file *f, const char *id, struct mb_checklist *cl)
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
		pl_add(&pl, p->number);
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
			 "the size it prints", measured, on_pages(&pl, pages, sizeof(pages)),
			 worst->min_image_dpi < mb_kdp.low_image_dpi ? " (low resolution)" : "",
			 min_dpi);
	else
		snprintf(msg, sizeof(msg), "lowest: page %d: image at %s, needs %s (%d image%s)",
			 worst->number, measured, limit, images, plural(images));
	mb_checklist_add(cl, id, pl.count ? MB_CHECK_FAIL : MB_CHECK_PASS, NULL, measured, limit,
			 "%s", msg);
	pl_text(&pl, cl->checks[cl->count - 1].pages, sizeof(cl->checks[0].pages));
	mb_check_numbers(cl, worst->min_image_dpi, min_dpi, "dpi");
	pl_free(&pl);
}

/* ---- interior ---- */

struct geom {
	bool known;
	struct mb_trim trim;
	bool bleed;
	double page_w_in, page_h_in;	/* expected page size */
};

static bool size_is(double w_in, double h_in, double ew_in, double eh_in)
{
	return fabs(w_in - ew_in) <= SIZE_MATCH_IN && fabs(h_in - eh_in) <= SIZE_MATCH_IN;
}

/* the page size most pages have (the first of equals), as the book's size */
static const struct mb_probe_page *common_page(const struct mb_probe_file *f)
{
	const struct mb_probe_page *best = &f->pages[0];
	size_t best_n = 0;

	for (size_t i = 0; i < f->page_measured && i < 64; i++) {
		size_t n = 0;

		for (size_t j = 0; j < f->page_measured; j++)
			n += size_is(in_of(f->pages[j].w_pt), in_of(f->pages[j].h_pt),
				     in_of(f->pages[i].w_pt), in_of(f->pages[i].h_pt));
		if (n > best_n) {
			best_n = n;
			best = &f->pages[i];
		}
	}
	return best;
}

static bool listed(double w_in, double h_in, struct mb_trim *out)
{
	return mb_kdp_trim_for(w_in, h_in, out, NULL) == MB_OK && !out->custom;
}

static void check_trim(const struct mb_probe_file *f, const struct mb_preflight_params *p,
		       struct mb_checklist *cl, struct geom *g)
{
	const struct mb_probe_page *ref = common_page(f);
	double w = in_of(ref->w_pt), h = in_of(ref->h_pt);
	double bw = mb_kdp.interior_bleed_w_in, bh = mb_kdp.interior_bleed_h_in;
	struct mb_error err;
	const char *how;
	char name[48], measured[96];

	mb_error_init(&err);
	g->known = true;
	if (p->trim_given) {
		g->trim = p->trim;
		g->bleed = p->bleed >= 0 ? p->bleed == 1
					 : size_is(w, h, p->trim.w_in + bw, p->trim.h_in + bh);
		how = "given";
	} else if (p->bleed != 1 && listed(w, h, &g->trim)) {
		g->bleed = false;
		how = "from the page size";
	} else if (p->bleed != 0 && listed(w - bw, h - bh, &g->trim)) {
		g->bleed = true;
		how = "from the page size";
	} else if (ref->has_trim &&
		   mb_kdp_trim_for(in_of(ref->trim.x1 - ref->trim.x0), in_of(ref->trim.y1 - ref->trim.y0),
				   &g->trim, NULL) == MB_OK) {
		g->bleed = p->bleed >= 0 ? p->bleed == 1 : !size_is(w, h, g->trim.w_in, g->trim.h_in);
		how = "from the TrimBox";
	} else if (mb_kdp_trim_for(p->bleed == 1 ? w - bw : w, p->bleed == 1 ? h - bh : h,
				   &g->trim, &err) == MB_OK) {
		g->bleed = p->bleed == 1;
		how = "from the page size";
	} else {
		g->known = false;
		snprintf(measured, sizeof(measured), "page %s x %s in", IN(w), IN(h));
		mb_checklist_add(cl, "interior.trim", MB_CHECK_FAIL, "", measured,
				 "a KDP trim size", "page %d: %s", ref->number, err.message);
		return;
	}
	mb_kdp_page_size_in(&g->trim, g->bleed, &g->page_w_in, &g->page_h_in);
	mb_kdp_trim_name(&g->trim, name, sizeof(name));
	mb_checklist_add(cl, "interior.trim", MB_CHECK_PASS, "", name,
			 "a KDP trim size", "%s (%s, %s; %s)", name,
			 g->trim.custom ? "custom size within KDP's range" : "KDP listed size",
			 g->bleed ? "with bleed" : "no bleed", how);
}

static void check_page_sizes(const struct mb_probe_file *f, const struct geom *g,
			     struct mb_checklist *cl)
{
	const struct mb_probe_page *ref = common_page(f);
	struct pagelist odd = { 0 }, wrong = { 0 };
	const struct mb_probe_page *first_odd = NULL, *first_wrong = NULL;
	char msg[256], measured[64], limit[64];

	for (size_t i = 0; i < f->page_measured; i++) {
		const struct mb_probe_page *p = &f->pages[i];
		double w = in_of(p->w_pt), h = in_of(p->h_pt);

		if (!size_is(w, h, in_of(ref->w_pt), in_of(ref->h_pt))) {
			pl_add(&odd, p->number);
			first_odd = first_odd ? first_odd : p;
		}
		if (g->known && !size_is(w, h, g->page_w_in, g->page_h_in)) {
			pl_add(&wrong, p->number);
			first_wrong = first_wrong ? first_wrong : p;
		}
	}
	snprintf(limit, sizeof(limit), "%s x %s in", IN(in_of(ref->w_pt)), IN(in_of(ref->h_pt)));
	if (!first_odd) {
		if (f->page_count == 1)
			snprintf(msg, sizeof(msg), "the 1 page is %s", limit);
		else
			snprintf(msg, sizeof(msg), "all %d pages %s", f->page_count, limit);
		mb_checklist_add(cl, "interior.same-size", MB_CHECK_PASS, "", limit, limit,
				 "%s", msg);
	} else {
		snprintf(measured, sizeof(measured), "%s x %s in", IN(in_of(first_odd->w_pt)),
			 IN(in_of(first_odd->h_pt)));
		snprintf(msg, sizeof(msg), "page %d: %s, the other pages are %s", first_odd->number,
			 measured, limit);
		add_paged(cl, "interior.same-size", MB_CHECK_FAIL, &odd, measured, limit, msg);
	}
	if (g->known) {
		snprintf(limit, sizeof(limit), "%s x %s in", IN(g->page_w_in), IN(g->page_h_in));
		if (!first_wrong) {
			snprintf(msg, sizeof(msg), "%s = trim%s", limit,
				 g->bleed ? " + bleed (0.125 in outside, 0.125 in top and bottom)" : "");
			mb_checklist_add(cl, "interior.page-size", MB_CHECK_PASS, "", limit, limit,
					 "%s", msg);
		} else {
			snprintf(measured, sizeof(measured), "%s x %s in",
				 IN(in_of(first_wrong->w_pt)), IN(in_of(first_wrong->h_pt)));
			snprintf(msg, sizeof(msg), "page %d: %s, should be %s (trim%s)",
				 first_wrong->number, measured, limit, g->bleed ? " + bleed" : "");
			add_paged(cl, "interior.page-size", MB_CHECK_FAIL, &wrong, measured, limit,
				  msg);
		}
	}
	pl_free(&odd);
	pl_free(&wrong);
}

static bool box_is(struct mb_box_pt a, struct mb_box_pt b)
{
	double tol = SIZE_MATCH_IN * MB_PT_PER_IN;

	return fabs(a.x0 - b.x0) <= tol && fabs(a.y0 - b.y0) <= tol && fabs(a.x1 - b.x1) <= tol &&
	       fabs(a.y1 - b.y1) <= tol;
}

/* "3 x 4.5 in at (0, 0)" */
static const char *box_text(struct mb_box_pt b, char *buf, size_t size)
{
	snprintf(buf, size, "%s x %s in at (%s, %s)", IN(in_of(b.x1 - b.x0)), IN(in_of(b.y1 - b.y0)),
		 IN(in_of(b.x0)), IN(in_of(b.y0)));
	return buf;
}

static struct mb_box_pt trim_box(const struct geom *g, int page);
static bool right_size(const struct geom *g, const struct mb_probe_page *p);

/*
 * A CropBox is what viewers show and may be what is printed: it must be the
 * whole page. A TrimBox says where the page is cut: it must be the trim
 * (inside the bleed on a bleed page). Either one that disagrees with the
 * page KDP prints fails, since the file would not print as it was measured.
 */
static void check_page_boxes(const struct mb_probe_file *f, const struct geom *g,
			     struct mb_checklist *cl)
{
	struct pagelist pl = { 0 };
	char msg[320] = "", measured[96] = "", has[64], want[64];

	for (size_t i = 0; i < f->page_measured; i++) {
		const struct mb_probe_page *p = &f->pages[i];
		struct mb_box_pt whole = { 0, 0, p->w_pt, p->h_pt };
		bool bad_crop = p->has_crop && !box_is(p->crop, whole);
		bool bad_trim = !bad_crop && p->has_trim && g->known && right_size(g, p) &&
				!box_is(p->trim, trim_box(g, p->number));

		if (!bad_crop && !bad_trim)
			continue;
		pl_add(&pl, p->number);
		if (msg[0])
			continue;
		if (bad_crop) {
			snprintf(measured, sizeof(measured), "CropBox %s", box_text(p->crop, has, sizeof(has)));
			snprintf(msg, sizeof(msg), "page %d: the CropBox is %s in, the page %s in: viewers "
				 "and printers may cut the page to it; remove the CropBox or make it the MediaBox",
				 p->number, box_text(p->crop, has, sizeof(has)), box_text(whole, want, sizeof(want)));
		} else {
			snprintf(measured, sizeof(measured), "TrimBox %s", box_text(p->trim, has, sizeof(has)));
			snprintf(msg, sizeof(msg), "page %d: the TrimBox is %s in, the trim %s in%s: remove "
				 "the TrimBox or make it the trim", p->number, has,
				 box_text(trim_box(g, p->number), want, sizeof(want)),
				 g->bleed ? " (inside the bleed)" : "");
		}
	}
	if (!pl.count)
		mb_checklist_add(cl, "interior.boxes", MB_CHECK_PASS, "", "agree", "CropBox = page, "
				 "TrimBox = trim", "no CropBox or TrimBox that disagrees with the page");
	else
		add_paged(cl, "interior.boxes", MB_CHECK_FAIL, &pl, measured,
			  "CropBox = page, TrimBox = trim", msg);
	pl_free(&pl);
}

static void check_page_count(const struct mb_probe_file *f, const struct geom *g,
			     const struct mb_preflight_params *p, struct mb_checklist *cl)
{
	enum mb_paper paper = p->paper;
	struct mb_print print = { p->binding, p->ink, p->paper };
	int n = f->page_count, min = (int)mb_kdp.min_pages;
	int max = g->known ? mb_kdp_max_pages(&g->trim, paper) : 0;

	/* a colour edition may hold more pages than black ink (600 on 8.5 x 11) */
	if (g->known && p->ink != MB_INK_BLACK && mb_kdp_print_check(&g->trim, &print, NULL) == MB_OK) {
		int ignored;

		mb_kdp_page_limits(&g->trim, &(struct mb_print){ MB_BINDING_PAPERBACK, p->ink, paper },
				   &ignored, &max);
	}
	char measured[32], limit[64], name[48];

	snprintf(measured, sizeof(measured), "%d page%s", n, plural(n));
	if (g->known)
		snprintf(limit, sizeof(limit), "%d to %d pages", min, max);
	else
		snprintf(limit, sizeof(limit), ">= %d pages", min);
	mb_checklist_add(cl, "interior.page-count",
			 n < min || (g->known && n > max) ? MB_CHECK_FAIL : MB_CHECK_PASS, "",
			 measured, limit, "%s, needs %s%s%s%s%s", measured, limit,
			 g->known ? " (" : "", g->known ? mb_kdp_trim_name(&g->trim, name, sizeof(name)) : "",
			 g->known ? ", " : "", g->known ? mb_kdp_paper_name(paper) : "");
	if (g->known)
		strcat(cl->checks[cl->count - 1].message, ")");
	snprintf(limit, sizeof(limit), "an even count");
	if (n % 2)
		mb_checklist_add(cl, "interior.even-count", MB_CHECK_FAIL, "", measured, limit,
				 "%d page%s is odd: KDP adds a blank page at the end, so the book prints "
				 "%d pages; make the cover's spine for %d (the cover is checked for %d)",
				 n, n == 1 ? "" : "s", n + 1, n + 1, n + 1);
	else
		mb_checklist_add(cl, "interior.even-count", MB_CHECK_PASS, "", measured, limit,
				 "%d page%s", n, plural(n));
}

/* a hardcover or colour edition: can KDP print it, and within its page limits? */
static void check_edition(const struct mb_probe_file *f, const struct geom *g,
			  const struct mb_preflight_params *p, struct mb_checklist *cl)
{
	struct mb_print print = { p->binding, p->ink, p->paper };
	struct mb_error err;
	char measured[64], limit[64], what[64], name[48];
	int n = f->page_count, min, max;

	mb_error_init(&err);
	mb_kdp_print_name(&print, what, sizeof(what));
	snprintf(measured, sizeof(measured), "%s, %d page%s", mb_kdp_binding_name(p->binding), n,
		 plural(n));
	if (mb_kdp_print_check(&g->trim, &print, &err) != MB_OK) {
		mb_checklist_add(cl, "interior.edition", MB_CHECK_FAIL, "", measured,
				 "an edition KDP prints", "%s", err.message);
		return;
	}
	mb_kdp_page_limits(&g->trim, &print, &min, &max);
	snprintf(limit, sizeof(limit), "%d to %d pages", min, max);
	mb_checklist_add(cl, "interior.edition", n < min || n > max ? MB_CHECK_FAIL : MB_CHECK_PASS,
			 "", measured, limit, "%s, needs %s (%s %s, %s)", measured, limit,
			 mb_kdp_trim_name(&g->trim, name, sizeof(name)),
			 mb_kdp_binding_name(p->binding), what);
}

/* the trim box of a page in points: bleed sits outside, top and bottom */
static struct mb_box_pt trim_box(const struct geom *g, int page)
{
	double bw = g->bleed ? mb_kdp.interior_bleed_w_in * MB_PT_PER_IN : 0;
	double bh = g->bleed ? mb_kdp.interior_bleed_h_in * MB_PT_PER_IN / 2 : 0;
	double x0 = page % 2 ? 0 : bw;	/* even pages bind on the right: bleed on the left */

	return (struct mb_box_pt){ x0, bh, x0 + g->trim.w_in * MB_PT_PER_IN,
				   bh + g->trim.h_in * MB_PT_PER_IN };
}

static bool right_size(const struct geom *g, const struct mb_probe_page *p)
{
	return size_is(in_of(p->w_pt), in_of(p->h_pt), g->page_w_in, g->page_h_in);
}

static enum mb_check_status judge_min(double value, double need)
{
	if (value < need - EPS_IN)
		return MB_CHECK_FAIL;
	if (value < need + mb_kdp.margin_allowance_in - EPS_IN)
		return MB_CHECK_WARN;
	return MB_CHECK_PASS;
}

static enum mb_check_status worse(enum mb_check_status a, enum mb_check_status b)
{
	return a > b ? a : b;
}

/* ---- each painted object: gutter, margins, bleed, crop marks, rules ---- */

/* what an object is, for a publisher */
static const char *what_item(const struct mb_probe_item *it)
{
	switch (it->kind) {
	case MB_ITEM_TEXT:
		return "text";
	case MB_ITEM_STROKE:
		return "a line";
	case MB_ITEM_IMAGE:
		return "an image";
	default:
		return it->rect_thick_pt > 0 ? "a filled rectangle" : "a filled shape";
	}
}

/* a page's painted objects: its items, or (facts made without them) its ink box as one */
static size_t page_objects(const struct mb_probe_page *p, const struct mb_probe_item **items,
			   struct mb_probe_item *one)
{
	if (p->item_count) {
		*items = p->items;
		return p->item_count;
	}
	if (p->blank)
		return 0;
	*one = (struct mb_probe_item){ .kind = MB_ITEM_FILL, .box = p->ink, .ink = true, .font = -1 };
	*items = one;
	return 1;
}

enum { SIDE_BINDING, SIDE_OUTSIDE, SIDE_TOP, SIDE_BOTTOM };
static const char *const side_name[] = { "binding", "outside", "top", "bottom" };

/* how far b sits inside the box t from each side (negative: across its line), in points */
static void inside_sides(struct mb_box_pt b, struct mb_box_pt t, bool odd, double d[4])
{
	d[SIDE_BINDING] = odd ? b.x0 - t.x0 : t.x1 - b.x1;
	d[SIDE_OUTSIDE] = odd ? t.x1 - b.x1 : b.x0 - t.x0;
	d[SIDE_TOP] = t.y1 - b.y1;
	d[SIDE_BOTTOM] = b.y0 - t.y0;
}

/* the worst object one rule found over the book, and the pages at fault */
struct worst {
	enum mb_check_status st;
	bool have;
	double d;			/* inches; the smallest (or the largest shortfall) */
	int page, side;
	struct mb_probe_item it;
	struct pagelist pl;
	int objects;			/* objects at fault */
};

static void worst_note(struct worst *w, double d, int page, int side,
		       const struct mb_probe_item *it)
{
	if (w->have && d >= w->d)
		return;
	w->have = true;
	w->d = d;
	w->page = page;
	w->side = side;
	w->it = *it;
}

/* a page joins the list once, in order */
static void pl_once(struct pagelist *pl, int page)
{
	if (!pl->count || pl->pages[pl->count - 1] != page)
		pl_add(pl, page);
}

/* "page 3" / "pages 3-24" */
static const char *on_pages(const struct pagelist *pl, char *buf, size_t size)
{
	char list[PAGES_TEXT_MAX];

	snprintf(buf, size, "page%s %s", pl->count == 1 ? "" : "s", pl_text(pl, list, sizeof(list)));
	return buf;
}

/* a line drawn wholly outside the trim: a crop or registration mark */
static bool is_mark(const struct mb_probe_item *it)
{
	double w = mb_kdp.mark_max_width_pt;

	return (it->kind == MB_ITEM_STROKE && it->size_pt <= w) ||
	       (it->kind == MB_ITEM_FILL && it->rect_thick_pt > 0 && it->rect_thick_pt <= w);
}

/*
 * A page enlarged for printer's marks with no TrimBox: short thin lines in
 * the page's corners (an inch from two edges), in three corners or more.
 */
#define CORNER_IN 1.0
#define CORNER_MARK_MAX_IN 0.75

static int corner_of(const struct mb_probe_page *p, const struct mb_probe_item *it)
{
	double c = CORNER_IN * MB_PT_PER_IN;
	double w = it->box.x1 - it->box.x0, h = it->box.y1 - it->box.y0;
	bool left = it->box.x1 <= c, right = it->box.x0 >= p->w_pt - c;
	bool bottom = it->box.y1 <= c, top = it->box.y0 >= p->h_pt - c;

	if (!is_mark(it) || (w > CORNER_MARK_MAX_IN * MB_PT_PER_IN && h > 0) ||
	    fmax(w, h) > CORNER_MARK_MAX_IN * MB_PT_PER_IN || !(left || right) || !(top || bottom))
		return -1;
	return (right ? 1 : 0) | (top ? 2 : 0);
}

static bool has_corner_marks(const struct mb_probe_page *p)
{
	unsigned corners = 0;

	for (size_t k = 0; k < p->item_count; k++) {
		int c = p->items[k].ink ? corner_of(p, &p->items[k]) : -1;

		if (c >= 0)
			corners |= 1u << c;
	}
	return __builtin_popcount(corners) >= 3;
}

static bool outside_box(struct mb_box_pt b, struct mb_box_pt t)
{
	double e = 0.01;

	return b.x1 <= t.x0 + e || b.x0 >= t.x1 - e || b.y1 <= t.y0 + e || b.y0 >= t.y1 - e;
}

static void add_not_measured(struct mb_checklist *cl, const char *id, const char *limit,
			     const char *why)
{
	mb_checklist_add(cl, id, MB_CHECK_WARN, "", "not measured", limit, "not measured: %s", why);
}

/*
 * The gutter, the margins and the bleed, judged object by object: an
 * object that crosses the trim on a bleed page (not text) is bleeding art
 * and must reach the page edge on each side it crosses; every other
 * object must sit inside the margins, and the gutter on the binding side.
 */
static void check_objects(const struct mb_probe_file *f, const struct geom *g,
			  struct mb_checklist *cl)
{
	double need_gut = mb_kdp_gutter_in(f->page_count), need_mar = mb_kdp_outside_margin_in(g->bleed);
	double slack_pt = mb_kdp.bleed_reach_slack_in * MB_PT_PER_IN;
	struct worst gut = { 0 }, mar = { 0 }, bleed = { 0 };
	struct pagelist unmeasured = { 0 };
	int measured_pages = 0, bleeding = 0;
	char msg[1024], measured[48], limit[64], pages[120], skipped[256] = "";

	for (size_t i = 0; i < f->page_measured; i++) {
		const struct mb_probe_page *p = &f->pages[i];
		const struct mb_probe_item *items = NULL;
		struct mb_probe_item one;
		struct mb_box_pt t = trim_box(g, p->number);
		struct mb_box_pt whole = { 0, 0, p->w_pt, p->h_pt };
		bool odd = p->number % 2, corners;
		size_t n;
		int marked = 0;

		if (!right_size(g, p)) {
			if (!p->blank)
				pl_add(&unmeasured, p->number);
			continue;	/* a wrong page size fails on its own */
		}
		n = page_objects(p, &items, &one);
		measured_pages += n > 0;
		corners = !p->has_trim && has_corner_marks(p);
		for (size_t k = 0; k < n; k++) {
			const struct mb_probe_item *it = &items[k];
			double d[4];
			enum mb_check_status s;

			if (!it->ink || outside_box(it->box, t) || (corners && corner_of(p, it) >= 0))
				continue;	/* paper white; or wholly in the bleed, or a mark: their own rule */
			inside_sides(it->box, t, odd, d);
			if (g->bleed && it->kind != MB_ITEM_TEXT &&
			    (d[SIDE_OUTSIDE] < -slack_pt || d[SIDE_TOP] < -slack_pt ||
			     d[SIDE_BOTTOM] < -slack_pt)) {
				double reach[4];

				inside_sides(it->box, whole, odd, reach);
				bleeding++;
				for (int sd = SIDE_OUTSIDE; sd <= SIDE_BOTTOM; sd++) {
					if (d[sd] >= -slack_pt || reach[sd] <= slack_pt)
						continue;
					bleed.st = MB_CHECK_FAIL;
					bleed.objects++;
					pl_once(&bleed.pl, p->number);
					worst_note(&bleed, -in_of(reach[sd]), p->number, sd, it);
					if (marked++ < 12)
						mb_checklist_mark(cl, false, p->number, &it->box,
								  "bleed: %s stops %s in short", what_item(it),
								  IN(in_of(reach[sd])));
				}
				continue;
			}
			s = judge_min(in_of(d[SIDE_BINDING]), need_gut);
			worst_note(&gut, in_of(d[SIDE_BINDING]), p->number, SIDE_BINDING, it);
			if (s != MB_CHECK_PASS) {
				gut.st = worse(gut.st, s);
				gut.objects++;
				pl_once(&gut.pl, p->number);
				if (marked++ < 12)
					mb_checklist_mark(cl, false, p->number, &it->box,
							  "gutter: %s %s in from the binding edge",
							  what_item(it), IN(in_of(d[SIDE_BINDING])));
			}
			for (int sd = SIDE_OUTSIDE; sd <= SIDE_BOTTOM; sd++) {
				s = judge_min(in_of(d[sd]), need_mar);
				worst_note(&mar, in_of(d[sd]), p->number, sd, it);
				if (s == MB_CHECK_PASS)
					continue;
				mar.st = worse(mar.st, s);
				mar.objects++;
				pl_once(&mar.pl, p->number);
				if (marked++ < 12)
					mb_checklist_mark(cl, false, p->number, &it->box,
							  "margins: %s %s in from the %s", what_item(it),
							  IN(in_of(d[sd])), side_name[sd]);
			}
		}
	}
	if (unmeasured.count)
		snprintf(skipped, sizeof(skipped), " (not measured: %s, not the page size; see "
			 "interior.page-size)", on_pages(&unmeasured, pages, sizeof(pages)));

	/* the gutter */
	snprintf(limit, sizeof(limit), ">= %s in", IN(need_gut));
	if (!gut.have && unmeasured.count) {
		add_not_measured(cl, "interior.gutter", limit, "no page with ink is the page size the "
				 "trim needs (see interior.page-size)");
	} else if (!gut.have) {
		mb_checklist_add(cl, "interior.gutter", MB_CHECK_PASS, "", "no ink", limit, "%s",
				 measured_pages ? "all ink is art bleeding off the page"
						: "no ink on any page");
	} else {
		snprintf(measured, sizeof(measured), "%s in", IN(gut.d));
		if (gut.st == MB_CHECK_PASS)
			snprintf(msg, sizeof(msg), "closest: %s %s from the binding edge on page %d; "
				 "at least %s in for %d page%s%s", what_item(&gut.it), measured, gut.page,
				 IN(need_gut), f->page_count, plural(f->page_count), skipped);
		else
			snprintf(msg, sizeof(msg), "%s %s from the binding edge on %s: %s at least %s "
				 "in from the binding edge (the gutter a %d-page book needs)%s",
				 what_item(&gut.it), measured, on_pages(&gut.pl, pages, sizeof(pages)),
				 gut.st == MB_CHECK_WARN ? "that is on the minimum, which KDP has flagged: keep it"
							 : "move it", IN(need_gut + (gut.st == MB_CHECK_WARN ?
										   mb_kdp.margin_allowance_in : 0)),
				 f->page_count, skipped);
		mb_checklist_add(cl, "interior.gutter", gut.st, "", measured, limit, "%s", msg);
		pl_text(&gut.pl, cl->checks[cl->count - 1].pages, sizeof(cl->checks[0].pages));
		mb_check_numbers(cl, gut.d, need_gut, "in");
	}

	/* the margins */
	snprintf(limit, sizeof(limit), ">= %s in", IN(need_mar));
	if (!mar.have && unmeasured.count) {
		add_not_measured(cl, "interior.margins", limit, "no page with ink is the page size "
				 "the trim needs (see interior.page-size)");
	} else if (!mar.have) {
		mb_checklist_add(cl, "interior.margins", MB_CHECK_PASS, "", "no ink", limit, "%s",
				 measured_pages ? "all ink is art bleeding off the page"
						: "no ink on any page");
	} else {
		snprintf(measured, sizeof(measured), "%s in", IN(mar.d));
		if (mar.st == MB_CHECK_PASS)
			snprintf(msg, sizeof(msg), "closest: %s %s from the %s edge on page %d; at "
				 "least %s in%s", what_item(&mar.it), measured, side_name[mar.side],
				 mar.page, IN(need_mar), skipped);
		else if (mar.d < 0)
			snprintf(msg, sizeof(msg), "%s crosses the %s trim line by %s in on %s: move it "
				 "at least %s in in from the trim%s", what_item(&mar.it),
				 side_name[mar.side], IN(-mar.d), on_pages(&mar.pl, pages, sizeof(pages)),
				 IN(need_mar), skipped);
		else
			snprintf(msg, sizeof(msg), "%s %s from the %s edge on %s: %s at least %s in "
				 "in from the trim%s", what_item(&mar.it), measured, side_name[mar.side],
				 on_pages(&mar.pl, pages, sizeof(pages)),
				 mar.st == MB_CHECK_WARN ? "that is on the minimum, which KDP has flagged: keep it"
							 : "move it",
				 IN(need_mar + (mar.st == MB_CHECK_WARN ? mb_kdp.margin_allowance_in : 0)),
				 skipped);
		mb_checklist_add(cl, "interior.margins", mar.st, "", measured, limit, "%s", msg);
		pl_text(&mar.pl, cl->checks[cl->count - 1].pages, sizeof(cl->checks[0].pages));
		mb_check_numbers(cl, mar.d, need_mar, "in");
	}

	/* the bleed: art that crosses the trim reaches the page edge */
	if (g->bleed) {
		snprintf(limit, sizeof(limit), "art across the trim reaches the page edge");
		if (bleed.st == MB_CHECK_FAIL) {
			snprintf(measured, sizeof(measured), "%s in short", IN(-bleed.d));
			snprintf(msg, sizeof(msg), "art stops short of the bleed: %s crosses the %s trim "
				 "line but ends %s in before the page edge on %s: extend it to the page "
				 "edge (%s in past the trim) or keep it %s in inside the trim",
				 what_item(&bleed.it), side_name[bleed.side], IN(-bleed.d),
				 on_pages(&bleed.pl, pages, sizeof(pages)),
				 IN(bleed.side == SIDE_OUTSIDE ? mb_kdp.interior_bleed_w_in
							       : mb_kdp.interior_bleed_h_in / 2),
				 IN(need_mar));
			mb_checklist_add(cl, "interior.bleed", MB_CHECK_FAIL, "", measured, limit, "%s",
					 msg);
			pl_text(&bleed.pl, cl->checks[cl->count - 1].pages, sizeof(cl->checks[0].pages));
			mb_check_numbers(cl, -bleed.d, 0, "in");
		} else {
			if (bleeding)
				mb_checklist_add(cl, "interior.bleed", MB_CHECK_PASS, "", "reaches the edge",
						 limit, "%d object%s cross%s the trim and reach%s the page "
						 "edge", bleeding, plural(bleeding),
						 bleeding == 1 ? "es" : "", bleeding == 1 ? "es" : "");
			else
				mb_checklist_add(cl, "interior.bleed", MB_CHECK_PASS, "", "no bleeding art",
						 limit, "no art crosses the trim");
		}
	}
	pl_free(&unmeasured);
	pl_free(&gut.pl);
	pl_free(&mar.pl);
	pl_free(&bleed.pl);
}

/*
 * Crop and registration marks (KDP forbids them): lines drawn wholly
 * outside the trim, which is the TrimBox when the page has one (a page
 * enlarged for marks) and else the trim the checks use.
 */
static void check_crop_marks(const struct mb_probe_file *f, const struct geom *g, bool cover,
			     struct mb_checklist *cl)
{
	struct pagelist pl = { 0 };
	int count = 0, first = 0;
	char msg[512], measured[48], pages[120];
	const char *id = cover ? "cover.crop-marks" : "interior.crop-marks";

	for (size_t i = 0; i < f->page_measured; i++) {
		const struct mb_probe_page *p = &f->pages[i];
		struct mb_box_pt t = { 0, 0, 0, 0 };
		double b = mb_kdp.cover_bleed_in * MB_PT_PER_IN;
		int marked = 0;
		bool corners = !p->has_trim && has_corner_marks(p), trim = true;

		if (p->has_trim)
			t = p->trim;
		else if (cover)
			t = (struct mb_box_pt){ b, b, p->w_pt - b, p->h_pt - b };
		else if (g && g->known && right_size(g, p))
			t = trim_box(g, p->number);
		else
			trim = false;
		if (!trim && !corners)
			continue;
		for (size_t k = 0; k < p->item_count; k++) {
			const struct mb_probe_item *it = &p->items[k];

			if (!it->ink || !is_mark(it) ||
			    !((trim && outside_box(it->box, t)) || (corners && corner_of(p, it) >= 0)))
				continue;
			count++;
			first = first ? first : p->number;
			pl_once(&pl, p->number);
			if (marked++ < 12)
				mb_checklist_mark(cl, cover, p->number, &it->box, "crop mark: %s outside "
						  "the trim", what_item(it));
		}
	}
	if (!count) {
		mb_checklist_add(cl, id, MB_CHECK_PASS, cover ? "1" : "", "none", "none",
				 "no crop or registration marks");
		return;
	}
	snprintf(measured, sizeof(measured), "%d mark line%s", count, plural(count));
	snprintf(msg, sizeof(msg), "%s outside the trim on %s: crop or registration marks; KDP "
		 "rejects them: export without printer's marks", measured,
		 on_pages(&pl, pages, sizeof(pages)));
	mb_checklist_add(cl, id, MB_CHECK_FAIL, "", measured, "none", "%s", msg);
	pl_text(&pl, cl->checks[cl->count - 1].pages, sizeof(cl->checks[0].pages));
	pl_free(&pl);
}

/* a filled rectangle long enough to print as a line: its thickness, else -1 */
static double rule_of(const struct mb_probe_item *it)
{
	if (it->kind != MB_ITEM_FILL || !it->ink || it->rect_thick_pt <= 0 ||
	    it->rect_long_pt < mb_kdp.rule_min_length_in * MB_PT_PER_IN ||
	    it->rect_long_pt < mb_kdp.rule_min_ratio * it->rect_thick_pt)
		return -1;
	return it->rect_thick_pt;
}

/*
 * A page's thinnest line: a stroke, or a thin rule (a long filled
 * rectangle, which prints as a line just the same). -1 when it has
 * neither; *rule tells which.
 */
static double thinnest_line(const struct mb_probe_page *p, bool *rule)
{
	double r = p->item_count ? -1 : (p->min_rule_pt > 0 ? p->min_rule_pt : -1);

	for (size_t k = 0; k < p->item_count; k++) {
		double t = rule_of(&p->items[k]);

		if (t > 0 && (r < 0 || t < r))
			r = t;
	}
	*rule = r > 0 && (p->min_stroke_pt < 0 || r < p->min_stroke_pt);
	return *rule ? r : p->min_stroke_pt;
}

static void check_line_weight(const struct mb_probe_file *f, struct mb_checklist *cl)
{
	struct pagelist pl = { 0 };
	const struct mb_probe_page *worst = NULL;
	double need = mb_kdp.min_line_pt, worst_pt = -1;
	bool worst_rule = false;
	char measured[48], limit[48], msg[512], pages[120];

	for (size_t i = 0; i < f->page_measured; i++) {
		const struct mb_probe_page *p = &f->pages[i];
		bool rule;
		double pt = thinnest_line(p, &rule);
		int marked = 0;

		if (pt < 0)
			continue;
		if (!worst || pt < worst_pt) {
			worst = p;
			worst_pt = pt;
			worst_rule = rule;
		}
		if (pt >= need - 0.001)
			continue;
		pl_add(&pl, p->number);
		for (size_t k = 0; k < p->item_count && marked < 12; k++) {
			const struct mb_probe_item *it = &p->items[k];
			double t = it->kind == MB_ITEM_STROKE && it->ink ? it->size_pt : rule_of(it);

			if (t >= 0 && t < need - 0.001) {
				marked++;
				mb_checklist_mark(cl, false, p->number, &it->box, "line weight: %.3g pt %s",
						  t, it->kind == MB_ITEM_STROKE ? "line" : "rule");
			}
		}
		if (!marked)	/* in a pattern, or facts without objects */
			mb_checklist_mark(cl, false, p->number, NULL, "line weight: %.3g pt", pt);
	}
	snprintf(limit, sizeof(limit), ">= %g pt", need);
	if (!worst) {
		mb_checklist_add(cl, "interior.line-weight", MB_CHECK_PASS, "", "no lines", limit,
				 "no stroked lines or thin filled rules");
		return;
	}
	snprintf(measured, sizeof(measured), "%.3g pt", worst_pt);
	if (pl.count)
		snprintf(msg, sizeof(msg), "%s %s thick on %s: make %s at least %s thick (thinner "
			 "may not print)", worst_rule ? "a thin rule (a long filled rectangle)" : "a line",
			 measured, on_pages(&pl, pages, sizeof(pages)), pl.count == 1 && !worst_rule ?
			 "it" : "lines and rules", limit + 3);
	else
		snprintf(msg, sizeof(msg), "thinnest: %s %s thick on page %d; at least %s",
			 worst_rule ? "a thin rule" : "a line", measured, worst->number, limit + 3);
	mb_checklist_add(cl, "interior.line-weight", pl.count ? MB_CHECK_FAIL : MB_CHECK_PASS,
			 pl.count ? "" : NULL, measured, limit, "%s", msg);
	pl_text(&pl, cl->checks[cl->count - 1].pages, sizeof(cl->checks[0].pages));
	mb_check_numbers(cl, worst_pt, need, "pt");
	pl_free(&pl);
}

/* a colour book: colour is what it declared, and prints as colour */
static bool colour_declared(const struct mb_probe_file *f, enum mb_ink ink,
			    struct mb_checklist *cl)
{
	size_t pages = 0;
	char measured[48];

	if (ink == MB_INK_BLACK)
		return false;
	for (size_t i = 0; i < f->page_measured; i++)
		pages += f->pages[i].colour;
	snprintf(measured, sizeof(measured), "%zu colour page%s", pages, plural((long long)pages));
	if (pages == 0)
		mb_checklist_add(cl, "interior.colour", MB_CHECK_WARN, "", measured,
				 mb_kdp_ink_name(ink),
				 "no page uses colour in a %s book: black ink prints it for less",
				 mb_kdp_ink_name(ink));
	else
		mb_checklist_add(cl, "interior.colour", MB_CHECK_PASS, "", measured,
				 mb_kdp_ink_name(ink), "%s in a %s book", measured,
				 mb_kdp_ink_name(ink));
	return true;
}

static void check_colour(const struct mb_probe_file *f, struct mb_checklist *cl)
{
	struct pagelist pl = { 0 };
	const struct mb_probe_page *first = NULL;
	char msg[200];

	for (size_t i = 0; i < f->page_measured; i++) {
		if (!f->pages[i].colour)
			continue;
		pl_add(&pl, f->pages[i].number);
		first = first ? first : &f->pages[i];
	}
	if (!first) {
		mb_checklist_add(cl, "interior.colour", MB_CHECK_PASS, "", "gray only", "gray only",
				 "gray only (black-ink book)");
		return;
	}
	snprintf(msg, sizeof(msg), "page %d: colour (mostly %s) in a black-ink book: it prints as "
		 "gray; make it gray or choose a colour ink", first->number, first->colour_what);
	add_paged(cl, "interior.colour", MB_CHECK_FAIL, &pl, first->colour_what, "gray only", msg);
	for (size_t i = 0; i < f->page_measured; i++) {
		const struct mb_probe_page *p = &f->pages[i];
		int marked = 0;

		for (size_t k = 0; p->colour && k < p->item_count && marked < 12; k++)
			if (p->items[k].colour) {
				marked++;
				mb_checklist_mark(cl, false, p->number, &p->items[k].box, "colour: %s",
						  what_item(&p->items[k]));
			}
	}
	pl_free(&pl);
}

static void check_gray(const struct mb_probe_file *f, struct mb_checklist *cl)
{
	struct pagelist pl = { 0 };
	const struct mb_probe_page *worst = NULL;
	double need = mb_kdp.min_gray_fill;
	char measured[48], limit[48], msg[200];

	for (size_t i = 0; i < f->page_measured; i++) {
		const struct mb_probe_page *p = &f->pages[i];

		if (p->lightest_gray < 0)
			continue;
		if (!worst || p->lightest_gray < worst->lightest_gray)
			worst = p;
		if (p->lightest_gray < need - 0.0005) {
			int marked = 0;

			pl_add(&pl, p->number);
			for (size_t k = 0; k < p->item_count && marked < 12; k++) {
				const struct mb_probe_item *it = &p->items[k];

				if (it->kind == MB_ITEM_FILL && it->ink && !it->colour &&
				    it->share < need - 0.0005) {
					marked++;
					mb_checklist_mark(cl, false, p->number, &it->box,
							  "gray fill: %.3g %%", it->share * 100);
				}
			}
		}
	}
	snprintf(limit, sizeof(limit), ">= %g %%", need * 100);
	if (!worst) {
		mb_checklist_add(cl, "interior.gray-fill", MB_CHECK_PASS, "", "no gray fills", limit,
				 "no gray fills");
		return;
	}
	snprintf(measured, sizeof(measured), "%.3g %%", worst->lightest_gray * 100);
	snprintf(msg, sizeof(msg), "%spage %d: %s gray fill, needs %s%s", pl.count ? "" : "lightest: ",
		 worst->number, measured, limit, pl.count ? " (lighter may not print)" : "");
	add_paged(cl, "interior.gray-fill", pl.count ? MB_CHECK_FAIL : MB_CHECK_PASS, &pl, measured,
		  limit, msg);
	pl_free(&pl);
}

static void check_blank(const struct mb_probe_file *f, struct mb_checklist *cl)
{
	int max_mid = (int)mb_kdp.max_blank_in_row_kdp, house = (int)mb_kdp.max_blank_in_row;
	int max_end = (int)mb_kdp.max_blank_at_end;
	enum mb_check_status st = MB_CHECK_PASS;
	int worst_len = 0, worst_start = 0, longest = 0;
	bool worst_end = false;
	struct pagelist pl = { 0 };
	char msg[256], measured[64], limit[96];

	for (size_t i = 0; i < f->page_measured;) {
		size_t j = i;
		enum mb_check_status s;
		bool at_end;
		int len;

		if (!f->pages[i].blank) {
			i++;
			continue;
		}
		while (j < f->page_measured && f->pages[j].blank)
			j++;
		len = (int)(j - i);
		at_end = j == f->page_measured;
		if (at_end)
			s = len > max_end ? MB_CHECK_FAIL : MB_CHECK_PASS;
		else
			s = len > max_mid ? MB_CHECK_FAIL : len > house ? MB_CHECK_WARN : MB_CHECK_PASS;
		if (s != MB_CHECK_PASS)
			for (size_t k = i; k < j; k++)
				pl_add(&pl, f->pages[k].number);
		if (s > st || (s == st && len > worst_len)) {
			worst_len = len;
			worst_start = f->pages[i].number;
			worst_end = at_end;
		}
		st = worse(st, s);
		longest = len > longest ? len : longest;
		i = j;
	}
	snprintf(limit, sizeof(limit), "<= %d in a row (house limit %d), <= %d at the end", max_mid,
		 house, max_end);
	if (!worst_len) {
		mb_checklist_add(cl, "interior.blank-pages", MB_CHECK_PASS, "", "no blank pages", limit,
				 "no blank pages");
		return;
	}
	snprintf(measured, sizeof(measured), "%d blank page%s in a row", worst_len, plural(worst_len));
	if (worst_len == 1)
		snprintf(msg, sizeof(msg), "page %d: 1 blank page%s, at most %d in a row", worst_start,
			 worst_end ? " at the end" : "", max_mid);
	else
		snprintf(msg, sizeof(msg), "pages %d-%d: %d blank pages in a row%s, at most %d%s",
			 worst_start, worst_start + worst_len - 1, worst_len,
			 worst_end ? " at the end" : "", worst_end ? max_end : max_mid,
			 worst_end ? "" : (st == MB_CHECK_WARN ? " (house limit 2)" : ""));
	mb_checklist_add(cl, "interior.blank-pages", st, "", measured, limit, "%s", msg);
	pl_text(&pl, cl->checks[cl->count - 1].pages, sizeof(cl->checks[0].pages));
	pl_free(&pl);
}

static void check_annotations(const struct mb_probe_file *f, const char *id,
			      struct mb_checklist *cl)
{
	struct pagelist pl = { 0 };
	int total = 0, first = 0;
	char measured[48], msg[200];

	for (size_t i = 0; i < f->page_measured; i++) {
		if (f->pages[i].annotations <= 0)
			continue;
		total += f->pages[i].annotations;
		first = first ? first : f->pages[i].number;
		pl_add(&pl, f->pages[i].number);
	}
	snprintf(measured, sizeof(measured), "%d annotation%s", total, plural(total));
	if (!total) {
		mb_checklist_add(cl, id, MB_CHECK_PASS, "", measured, "none", "none");
		return;
	}
	snprintf(msg, sizeof(msg), "page %d: %d annotation%s (links, comments or form fields)", first,
		 f->pages[first - 1].annotations, f->pages[first - 1].annotations == 1 ? "" : "s");
	add_paged(cl, id, MB_CHECK_FAIL, &pl, measured, "none", msg);
	for (size_t i = 0; i < f->page_measured; i++)
		for (int k = 0; k < f->pages[i].annot_boxes; k++)
			mb_checklist_mark(cl, !strncmp(id, "cover.", 6), f->pages[i].number,
					  &f->pages[i].annot_box[k], "annotation (a link or comment)");
	pl_free(&pl);
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
static void check_invisible_in(const struct mb_probe_file *f, bool cover, struct mb_checklist *cl)
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
		pl_add(&pl, p->number);
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
		 "objects: delete them, or turn the layer on", on_pages(&pl, pages, sizeof(pages)));
	if (!measured[0])
		snprintf(measured, sizeof(measured), "%s", mode3 ? "invisible text" : "white on white");
	mb_checklist_add(cl, id, MB_CHECK_FAIL, "", measured, "none", "%s", msg);
	pl_text(&pl, cl->checks[cl->count - 1].pages, sizeof(cl->checks[0].pages));
	pl_free(&pl);
}

static void check_invisible(const struct mb_probe_file *f, struct mb_checklist *cl)
{
	check_invisible_in(f, false, cl);
}

/* ---- placeholder text ---- */

static const char *const placeholders[] = {
#define PLACEHOLDER(language, text) text,
#include "placeholders.def"
};

/* UTF-8 lower case for ASCII and Latin-1 letters, runs of space as one, ’ as ' */
static size_t fold_text(const char *s, size_t len, char *out, size_t size)
{
	size_t n = 0;

	for (size_t i = 0; i < len && n + 4 < size; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0xa0) {
			if (n && out[n - 1] != ' ')
				out[n++] = ' ';
		} else if (c >= 'A' && c <= 'Z') {
			out[n++] = (char)(c + 32);
		} else if (c == 0xc3 && i + 1 < len && (unsigned char)s[i + 1] >= 0x80 &&
			   (unsigned char)s[i + 1] <= 0x9e && (unsigned char)s[i + 1] != 0x97) {
			out[n++] = (char)c;
			out[n++] = (char)((unsigned char)s[++i] + 0x20);
		} else if (c == 0xe2 && i + 2 < len && (unsigned char)s[i + 1] == 0x80 &&
			   (unsigned char)s[i + 2] == 0x99) {
			out[n++] = '\'';
			i += 2;
		} else {
			out[n++] = (char)c;
		}
	}
	out[n] = '\0';
	return n;
}

bool mb_placeholder_find(const char *text, size_t len, char *found, size_t found_size)
{
	size_t size = len + 8;
	char *folded;
	bool hit = false;

	if (!text || !len)
		return false;
	folded = xmalloc(size);
	fold_text(text, len, folded, size);
	for (size_t i = 0; i < sizeof(placeholders) / sizeof(placeholders[0]) && !hit; i++)
		if (strstr(folded, placeholders[i])) {
			hit = true;
			if (found_size)
				snprintf(found, found_size, "%s", placeholders[i]);
		}
	free(folded);
	return hit;
}

static void check_placeholders(const struct mb_probe_file *f, bool cover, struct mb_checklist *cl)
{
	struct pagelist pl = { 0 };
	const char *id = cover ? "cover.placeholder" : "interior.placeholder";
	char first[64] = "", found[64], msg[400], pages[120];

	for (size_t i = 0; i < f->page_measured; i++) {
		const struct mb_probe_page *p = &f->pages[i];
		bool marked = false;

		if (!mb_placeholder_find(p->text, p->text_len, found, sizeof(found)))
			continue;
		pl_add(&pl, p->number);
		if (!first[0])
			snprintf(first, sizeof(first), "%s", found);
		for (size_t k = 0; k < p->item_count && !marked; k++) {
			const struct mb_probe_item *it = &p->items[k];
			char one[64];

			if (it->kind == MB_ITEM_TEXT && it->text_off + it->text_len <= p->text_len &&
			    mb_placeholder_find(p->text + it->text_off, it->text_len, one, sizeof(one))) {
				mb_checklist_mark(cl, cover, p->number, &it->box, "placeholder: \"%s\"", one);
				marked = true;
			}
		}
		if (!marked)	/* across spans, or invisible */
			mb_checklist_mark(cl, cover, p->number, NULL, "placeholder: \"%s\"", found);
	}
	if (!pl.count) {
		mb_checklist_add(cl, id, MB_CHECK_PASS, cover ? "1" : "", "none", "none",
				 "no placeholder text (specs/placeholders.def)");
		return;
	}
	snprintf(msg, sizeof(msg), "placeholder text \"%s\" on %s: replace it with your own words "
		 "(KDP rejects placeholder text)", first, on_pages(&pl, pages, sizeof(pages)));
	mb_checklist_add(cl, id, MB_CHECK_FAIL, "", first, "none", "%s", msg);
	pl_text(&pl, cl->checks[cl->count - 1].pages, sizeof(cl->checks[0].pages));
	pl_free(&pl);
}

static void check_transparency(const struct mb_probe_file *f, const char *id,
			       struct mb_checklist *cl)
{
	struct pagelist pl = { 0 };
	const struct mb_probe_page *first = NULL;
	char msg[200];

	for (size_t i = 0; i < f->page_measured; i++) {
		if (!f->pages[i].transparency)
			continue;
		first = first ? first : &f->pages[i];
		pl_add(&pl, f->pages[i].number);
	}
	if (!first) {
		mb_checklist_add(cl, id, MB_CHECK_PASS, "", "none", "none", "none");
		return;
	}
	snprintf(msg, sizeof(msg), "page %d: %s: flatten transparency when you export the PDF "
		 "(KDP's printer may draw it differently)", first->number, first->transparency_what);
	add_paged(cl, id, MB_CHECK_FAIL, &pl, first->transparency_what, "none", msg);
	pl_free(&pl);
}

void mb_preflight_interior(const struct mb_probe_file *f, const struct mb_preflight_params *p,
			   struct mb_checklist *cl, struct mb_interior_result *res)
{
	struct geom g = { 0 };

	if (res)
		memset(res, 0, sizeof(*res));
	check_encryption(f, "interior.encryption", cl);
	if (f->page_measured == 0 || f->locked) {
		check_file_size(f, "interior.file-size", mb_kdp.max_file_mb, cl);
		return;
	}
	check_trim(f, p, cl, &g);
	if (g.known) {
		cl->guides.interior = true;
		cl->guides.bleed = g.bleed;
		cl->guides.trim_odd = trim_box(&g, 1);
		cl->guides.trim_even = trim_box(&g, 2);
		cl->guides.gutter_in = mb_kdp_gutter_in(f->page_count);
		cl->guides.margin_in = mb_kdp_outside_margin_in(g.bleed);
	}
	check_page_sizes(f, &g, cl);
	check_page_boxes(f, &g, cl);
	check_page_count(f, &g, p, cl);
	if (g.known && (p->binding != MB_BINDING_PAPERBACK || p->ink != MB_INK_BLACK))
		check_edition(f, &g, p, cl);
	if (g.known) {
		check_objects(f, &g, cl);
	} else {
		add_not_measured(cl, "interior.gutter", "", "the trim is unknown (give --trim)");
		add_not_measured(cl, "interior.margins", "", "the trim is unknown (give --trim)");
	}
	check_crop_marks(f, &g, false, cl);
	check_fonts(f, "interior.fonts", cl);
	check_font_size(f, "interior.font-size", cl);
	check_line_weight(f, cl);
	if (!colour_declared(f, p->ink, cl))
		check_colour(f, cl);
	check_gray(f, cl);
	check_images(f, "interior.image-dpi", cl);
	check_blank(f, cl);
	check_annotations(f, "interior.annotations", cl);
	if (f->outlines > 0)
		mb_checklist_add(cl, "interior.bookmarks", MB_CHECK_FAIL, "", "bookmarks", "none",
				 "%d bookmark%s (outline entries): KDP wants none", f->outlines,
				 f->outlines == 1 ? "" : "s");
	else
		mb_checklist_add(cl, "interior.bookmarks", MB_CHECK_PASS, "", "none", "none", "none");
	check_transparency(f, "interior.transparency", cl);
	check_invisible(f, cl);
	check_placeholders(f, false, cl);
	check_file_size(f, "interior.file-size", mb_kdp.max_file_mb, cl);
	if (res) {
		res->trim_known = g.known;
		res->trim = g.trim;
		res->bleed = g.bleed;
		res->pages = f->page_count;
	}
}

/* ---- cover ---- */

static double box_cx(const struct mb_box_pt *b) { return (b->x0 + b->x1) / 2; }

/* how far b sits inside r (negative: it crosses r's edge), in inches */
static double inside_by(const struct mb_box_pt *b, const struct mb_rect_in *r)
{
	double d = in_of(b->x0) - r->x;

	d = fmin(d, r->x + r->w - in_of(b->x1));
	d = fmin(d, in_of(b->y0) - r->y);
	d = fmin(d, r->y + r->h - in_of(b->y1));
	return d;
}

static bool overlaps(const struct mb_box_pt *b, const struct mb_rect_in *r)
{
	return in_of(b->x1) > r->x && in_of(b->x0) < r->x + r->w &&
	       in_of(b->y1) > r->y && in_of(b->y0) < r->y + r->h;
}

static bool covers(const struct mb_box_pt *b, const struct mb_rect_in *r)
{
	return in_of(b->x0) <= r->x + EPS_IN && in_of(b->x1) >= r->x + r->w - EPS_IN &&
	       in_of(b->y0) <= r->y + EPS_IN && in_of(b->y1) >= r->y + r->h - EPS_IN;
}

static const char *font_of(const struct mb_probe_file *f, const struct mb_probe_item *it)
{
	return it->font >= 0 && (size_t)it->font < f->font_count ? f->fonts[it->font].name : "text";
}

/* the panels as the page really is, so a wrong width does not shift every check */
static void actual_panels(const struct mb_probe_page *p, const struct mb_trim *trim,
			  struct mb_cover_geometry *g)
{
	double b = mb_kdp.cover_bleed_in, w = in_of(p->w_pt);

	g->w_in = w;
	g->h_in = in_of(p->h_pt);
	g->spine_in = fmax(0, w - 2 * b - 2 * trim->w_in);
	g->back = (struct mb_rect_in){ b, b, trim->w_in, trim->h_in };
	g->spine = (struct mb_rect_in){ b + trim->w_in, b, g->spine_in, trim->h_in };
	g->front = (struct mb_rect_in){ w - b - trim->w_in, b, trim->w_in, trim->h_in };
	g->barcode = (struct mb_rect_in){
		g->spine.x - mb_kdp.barcode_from_spine_in - mb_kdp.barcode_w_in,
		b + mb_kdp.barcode_from_bottom_in, mb_kdp.barcode_w_in, mb_kdp.barcode_h_in,
	};
}

/* a hardcover's parts as the page really is: the boards from the outer edges in */
static void actual_case(const struct mb_probe_page *p, const struct mb_trim *trim, int pages,
			const struct mb_print *print, struct mb_cover_geometry *g,
			struct mb_cover_case *hc)
{
	double w = in_of(p->w_pt), h = in_of(p->h_pt), wrap, hinge, bw, bh;

	mb_kdp_cover_geometry_for(trim, pages, print, g, hc);
	wrap = hc->wrap_in;
	hinge = hc->hinge_in;
	bw = g->back.w;
	bh = fmax(0, h - 2 * wrap);
	g->w_in = w;
	g->h_in = h;
	g->spine_in = fmax(0, w - 2 * wrap - 2 * bw);
	g->back = (struct mb_rect_in){ wrap, wrap, bw, bh };
	g->spine = (struct mb_rect_in){ wrap + bw, wrap, g->spine_in, bh };
	g->front = (struct mb_rect_in){ w - wrap - bw, wrap, bw, bh };
	g->barcode.x = g->spine.x - hinge - mb_kdp.barcode_from_spine_in - mb_kdp.barcode_w_in;
	hc->hinge_back = (struct mb_rect_in){ g->spine.x - hinge, wrap, hinge, bh };
	hc->hinge_front = (struct mb_rect_in){ g->front.x, wrap, hinge, bh };
}

static void check_case_size(const struct mb_probe_page *p, const struct mb_trim *trim, int pages,
			    const struct mb_print *print, struct mb_checklist *cl)
{
	struct mb_cover_geometry want;
	double w = in_of(p->w_pt), h = in_of(p->h_pt), tol = mb_kdp.cover_size_tolerance_in;
	bool ok;
	char measured[64], limit[64], name[48], what[64];

	mb_kdp_cover_geometry_for(trim, pages, print, &want, NULL);
	ok = fabs(w - want.w_in) <= tol + 1e-9 && fabs(h - want.h_in) <= tol + 1e-9;
	snprintf(measured, sizeof(measured), "%.4f x %.4f in", w, h);
	snprintf(limit, sizeof(limit), "%.4f x %.4f in", want.w_in, want.h_in);
	mb_checklist_add(cl, "cover.size", ok ? MB_CHECK_PASS : MB_CHECK_FAIL, "1", measured, limit,
			 "%s%s%s (hardcover, %s, %d page%s, %s: boards %.4f x %.4f in, wrap %.3f "
			 "in, spine %.4f in, to %g in)", measured, ok ? " = " : ", should be ",
			 limit, mb_kdp_trim_name(trim, name, sizeof(name)), pages, plural(pages),
			 mb_kdp_print_name(print, what, sizeof(what)), want.back.w, want.back.h,
			 mb_kdp.hardcover_wrap_in, want.spine_in, tol);
}

/* the wrap folds round the boards: the art must run over it to the page edge */
static void check_wrap(const struct mb_probe_file *f, const struct mb_cover_case *hc,
		       struct mb_checklist *cl)
{
	const struct mb_probe_page *p = &f->pages[0];
	struct mb_rect_in page = { 0, 0, in_of(p->w_pt), in_of(p->h_pt) };
	char limit[64];

	snprintf(limit, sizeof(limit), "art to every edge (%.3f in wrap)", hc->wrap_in);
	for (size_t i = 0; i < p->item_count; i++) {
		const struct mb_probe_item *it = &p->items[i];

		if ((it->kind == MB_ITEM_FILL || it->kind == MB_ITEM_IMAGE) &&
		    in_of(it->box.x0) <= page.x + EPS_IN && in_of(it->box.y0) <= page.y + EPS_IN &&
		    in_of(it->box.x1) >= page.w - EPS_IN && in_of(it->box.y1) >= page.h - EPS_IN) {
			mb_checklist_add(cl, "cover.wrap", MB_CHECK_PASS, "1", "art to every edge",
					 limit, "the background runs over the %.3f in (15 mm) wrap "
					 "to every edge", hc->wrap_in);
			return;
		}
	}
	mb_checklist_add(cl, "cover.wrap", MB_CHECK_WARN, "1", "no full-page art", limit,
			 "nothing fills the whole page: the %.3f in (15 mm) wrap folds round the "
			 "boards, and uncovered board edges show", hc->wrap_in);
}

/* the hinges bend when the book opens: no text there */
static void check_hinge(const struct mb_probe_file *f, const struct mb_cover_case *hc,
			struct mb_checklist *cl)
{
	const struct mb_probe_page *p = &f->pages[0];
	const struct mb_probe_item *bad = NULL;
	int count = 0;
	char limit[64];

	snprintf(limit, sizeof(limit), "no text within %.3f in (10 mm) of the spine", hc->hinge_in);
	for (size_t i = 0; i < p->item_count; i++) {
		const struct mb_probe_item *it = &p->items[i];

		if (it->kind != MB_ITEM_TEXT ||
		    !(overlaps(&it->box, &hc->hinge_back) || overlaps(&it->box, &hc->hinge_front)))
			continue;
		bad = bad ? bad : it;
		count++;
	}
	if (bad)
		mb_checklist_mark(cl, true, 1, &bad->box, "hinge: text");
	if (bad)
		mb_checklist_add(cl, "cover.hinge", MB_CHECK_FAIL, "1", "text in a hinge", limit,
				 "text (%s, %.3g pt) at %s,%s in (%d run%s) lies in a hinge, the "
				 "%.3f in beside the spine (hinges %s to %s and %s to %s in)",
				 font_of(f, bad), bad->size_pt, IN(in_of(bad->box.x0)),
				 IN(in_of(bad->box.y0)), count, count == 1 ? "" : "s", hc->hinge_in,
				 IN(hc->hinge_back.x), IN(hc->hinge_back.x + hc->hinge_back.w),
				 IN(hc->hinge_front.x), IN(hc->hinge_front.x + hc->hinge_front.w));
	else
		mb_checklist_add(cl, "cover.hinge", MB_CHECK_PASS, "1", "hinges clear", limit,
				 "no text in the hinges (%s to %s and %s to %s in)",
				 IN(hc->hinge_back.x), IN(hc->hinge_back.x + hc->hinge_back.w),
				 IN(hc->hinge_front.x), IN(hc->hinge_front.x + hc->hinge_front.w));
}

static void check_cover_size(const struct mb_probe_page *p, const struct mb_trim *trim,
			     int pages, const struct mb_print *print, struct mb_checklist *cl)
{
	struct mb_cover_geometry want;
	double w = in_of(p->w_pt), h = in_of(p->h_pt), tol = mb_kdp.cover_size_tolerance_in;
	bool ok;
	char measured[64], limit[64], name[48];

	mb_kdp_cover_geometry_for(trim, pages, print, &want, NULL);
	ok = fabs(w - want.w_in) <= tol + 1e-9 && fabs(h - want.h_in) <= tol + 1e-9;
	snprintf(measured, sizeof(measured), "%.4f x %.4f in", w, h);
	snprintf(limit, sizeof(limit), "%.4f x %.4f in", want.w_in, want.h_in);
	mb_checklist_add(cl, "cover.size", ok ? MB_CHECK_PASS : MB_CHECK_FAIL, "1", measured, limit,
			 "%s%s%s (%s, %d page%s, %s: spine %.4f in, to %g in)", measured,
			 ok ? " = " : ", should be ", limit, mb_kdp_trim_name(trim, name, sizeof(name)),
			 pages, plural(pages),
			 print->ink == MB_INK_BLACK ? mb_kdp_paper_name(print->paper)
						    : mb_kdp_ink_name(print->ink),
			 want.spine_in, tol);
}

static void check_cover_text(const struct mb_probe_file *f, const struct mb_cover_geometry *g,
			     int pages, bool boards, struct mb_checklist *cl)
{
	const struct mb_probe_page *p = &f->pages[0];
	double safe = mb_kdp.cover_safe_in, clear = mb_kdp.spine_text_clearance_in;
	const struct mb_probe_item *worst = NULL, *worst_spine = NULL;
	const char *worst_panel = "";
	double worst_d = INFINITY, worst_spine_d = INFINITY, worst_fold = 0, worst_ends = INFINITY;
	int on_spine = 0, texts = 0;
	char msg[256], measured[48], limit[48];

	for (size_t i = 0; i < p->item_count; i++) {
		const struct mb_probe_item *it = &p->items[i];
		double cx = in_of(box_cx(&it->box)), d;

		if (it->kind != MB_ITEM_TEXT)
			continue;
		texts++;
		if (cx >= g->spine.x && cx <= g->spine.x + g->spine.w) {
			/* across the spine: clearance from each fold; along it: the safe zone */
			double fold = fmin(in_of(it->box.x0) - g->spine.x,
					   g->spine.x + g->spine.w - in_of(it->box.x1));
			double ends = fmin(in_of(it->box.y0) - g->spine.y,
					   g->spine.y + g->spine.h - in_of(it->box.y1));

			on_spine++;
			if (!worst_spine || fold - clear < worst_spine_d) {
				worst_spine_d = fold - clear;
				worst_fold = fold;
				worst_spine = it;
			}
			if (ends < worst_ends)
				worst_ends = ends;
			continue;
		}
		d = inside_by(&it->box, cx < g->spine.x ? &g->back : &g->front);
		if (d < worst_d) {
			worst_d = d;
			worst = it;
			worst_panel = cx < g->spine.x ? "back cover" : "front cover";
		}
	}
	/* a hardcover's text keeps inside its boards, a paperback's inside the trim */
	snprintf(limit, sizeof(limit), ">= %s in inside the %s", IN(safe), boards ? "board" : "trim");
	if (!worst) {
		mb_checklist_add(cl, "cover.safe-zone", MB_CHECK_PASS, "1", "no text", limit,
				 "no text on the back or front cover");
	} else {
		enum mb_check_status st = worst_d < safe - EPS_IN ? MB_CHECK_FAIL : MB_CHECK_PASS;

		snprintf(measured, sizeof(measured), "%s in", IN(worst_d));
		if (st == MB_CHECK_PASS)
			snprintf(msg, sizeof(msg), "closest: %s text (%s, %.3g pt) %s in inside the %s, "
				 "needs %s", worst_panel, font_of(f, worst), worst->size_pt, IN(worst_d),
				 boards ? "board" : "trim", limit);
		else if (worst_d < 0)
			snprintf(msg, sizeof(msg), "%s text (%s, %.3g pt) crosses the %s edge by %s in: "
				 "move it at least %s in inside the %s", worst_panel, font_of(f, worst),
				 worst->size_pt, boards ? "board" : "trim", IN(-worst_d), IN(safe),
				 boards ? "board" : "trim");
		else
			snprintf(msg, sizeof(msg), "%s text (%s, %.3g pt) only %s in inside the %s: move "
				 "it at least %s in in", worst_panel, font_of(f, worst), worst->size_pt,
				 IN(worst_d), boards ? "board" : "trim", IN(safe));
		mb_checklist_add(cl, "cover.safe-zone", st, "1", measured, limit, "%s", msg);
		mb_check_numbers(cl, worst_d, safe, "in");
		if (st != MB_CHECK_PASS)
			mb_checklist_mark(cl, true, 1, &worst->box, "safe zone: text %s in inside",
					  IN(worst_d));
	}
	if (!on_spine) {
		mb_checklist_add(cl, "cover.spine-text", MB_CHECK_PASS, "1", "no spine text",
				 "spine text only from 80 pages", "no text on the spine (%d page%s)", pages, plural(pages));
	} else if (!mb_kdp_spine_text_allowed(pages)) {
		snprintf(measured, sizeof(measured), "%d text run%s on the spine", on_spine,
			 on_spine == 1 ? "" : "s");
		mb_checklist_add(cl, "cover.spine-text", MB_CHECK_FAIL, "1", measured,
				 "spine text only from 80 pages",
				 "%s of a %d-page book: KDP allows spine text from %g pages", measured,
				 pages, mb_kdp.spine_text_min_pages);
	} else {
		enum mb_check_status st = worst_spine_d < -EPS_IN || worst_ends < safe - EPS_IN
						  ? MB_CHECK_FAIL : MB_CHECK_PASS;

		snprintf(measured, sizeof(measured), "%s in from a fold", IN(worst_fold));
		snprintf(limit, sizeof(limit), ">= %s in from each fold", IN(clear));
		mb_checklist_add(cl, "cover.spine-text", st, "1", measured, limit,
				 "spine text (%s, %.3g pt) %s in from a fold (needs >= %s in), "
				 "%s in from the top or bottom trim (needs >= %s in)",
				 font_of(f, worst_spine), worst_spine->size_pt, IN(worst_fold),
				 IN(clear), IN(worst_ends), IN(safe));
		if (st != MB_CHECK_PASS)
			mb_checklist_mark(cl, true, 1, &worst_spine->box, "spine text: %s in from a fold",
					  IN(worst_fold));
	}
	(void)texts;
}

static void check_cover_font_size(const struct mb_probe_file *f, struct mb_checklist *cl)
{
	check_font_size(f, "cover.font-size", cl);
}

static void check_barcode(const struct mb_probe_file *f, const struct mb_cover_geometry *g,
			  struct mb_checklist *cl)
{
	const struct mb_probe_page *p = &f->pages[0];
	const struct mb_probe_item *bad = NULL, *image = NULL;
	int count = 0;
	char limit[96];
	static const char *const kinds[] = { "text", "filled shape", "line", "image" };

	snprintf(limit, sizeof(limit), "only background in the %g x %g in box", mb_kdp.barcode_w_in,
		 mb_kdp.barcode_h_in);
	for (size_t i = 0; i < p->item_count; i++) {
		const struct mb_probe_item *it = &p->items[i];

		if (!overlaps(&it->box, &g->barcode))
			continue;
		/*
		 * Items come in painting order and a KDP cover has no
		 * transparency: a fill over the whole box (the background, or
		 * a white box for the barcode) hides everything drawn before.
		 */
		if (it->kind == MB_ITEM_FILL && covers(&it->box, &g->barcode)) {
			bad = image = NULL;
			count = 0;
			continue;
		}
		if (it->kind == MB_ITEM_TEXT || (it->ink && it->kind == MB_ITEM_STROKE) ||
		    (it->ink && !covers(&it->box, &g->barcode))) {
			bad = bad ? bad : it;
			count++;
		} else if (it->kind == MB_ITEM_IMAGE) {
			image = image ? image : it;
		}
	}
	if (bad)
		mb_checklist_mark(cl, true, 1, &bad->box, "barcode box: %s", kinds[bad->kind]);
	if (bad)
		mb_checklist_add(cl, "cover.barcode-area", MB_CHECK_FAIL, "1", kinds[bad->kind], limit,
				 "%s%s%s at %s,%s in (%d item%s) in KDP's barcode box (%s,%s to %s,%s in)",
				 kinds[bad->kind], bad->kind == MB_ITEM_TEXT ? " " : "",
				 bad->kind == MB_ITEM_TEXT ? font_of(f, bad) : "",
				 IN(in_of(bad->box.x0)), IN(in_of(bad->box.y0)), count,
				 count == 1 ? "" : "s", IN(g->barcode.x), IN(g->barcode.y),
				 IN(g->barcode.x + g->barcode.w), IN(g->barcode.y + g->barcode.h));
	else if (image)
		mb_checklist_add(cl, "cover.barcode-area", MB_CHECK_WARN, "1", "image", limit,
				 "an image lies under KDP's barcode box: keep it plain and light there");
	else
		mb_checklist_add(cl, "cover.barcode-area", MB_CHECK_PASS, "1", "background only", limit,
				 "background only in the barcode box (%s,%s to %s,%s in)",
				 IN(g->barcode.x), IN(g->barcode.y), IN(g->barcode.x + g->barcode.w),
				 IN(g->barcode.y + g->barcode.h));
}

/* KDP takes RGB or CMYK covers: no spot colours, and not the two mixed */
static void check_cover_colorspaces(const struct mb_probe_file *f, struct mb_checklist *cl)
{
	unsigned cs = 0;

	for (size_t i = 0; i < f->page_measured; i++)
		cs |= f->pages[i].colorspaces;
	if (cs & MB_CS_OTHER)
		mb_checklist_add(cl, "cover.colour-spaces", MB_CHECK_FAIL, "1", "spot or other",
				 "RGB or CMYK, not mixed",
				 "a spot, Lab or DeviceN colour is used: KDP takes RGB or CMYK only");
	else if ((cs & MB_CS_RGB) && (cs & MB_CS_CMYK))
		mb_checklist_add(cl, "cover.colour-spaces", MB_CHECK_FAIL, "1", "RGB and CMYK",
				 "RGB or CMYK, not mixed", "RGB and CMYK are mixed: use one of them");
	else
		mb_checklist_add(cl, "cover.colour-spaces", MB_CHECK_PASS, "1",
				 cs & MB_CS_CMYK ? "CMYK" : cs & MB_CS_RGB ? "RGB" : "gray",
				 "RGB or CMYK, not mixed", "%s",
				 cs & MB_CS_CMYK ? "CMYK" : cs & MB_CS_RGB ? "RGB" : "gray only");
}

static void preflight_paperback(const struct mb_probe_file *f, const struct mb_trim *trim,
				int pages, const struct mb_print *print, struct mb_checklist *cl);

static void cover_guides(struct mb_checklist *cl, const struct mb_cover_geometry *g)
{
	cl->guides.cover = true;
	cl->guides.back = g->back;
	cl->guides.spine = g->spine;
	cl->guides.front = g->front;
	cl->guides.barcode = g->barcode;
	cl->guides.safe_in = mb_kdp.cover_safe_in;
}

/* what every cover is held to beyond its geometry */
static void cover_content_checks(const struct mb_probe_file *f, struct mb_checklist *cl)
{
	check_crop_marks(f, NULL, true, cl);
	check_invisible_in(f, true, cl);
	check_placeholders(f, true, cl);
}

/* does the n bytes at s hold the string w? */
static bool has_bytes(const char *s, size_t n, const char *w)
{
	size_t m = strlen(w);

	for (size_t i = 0; m && i + m <= n; i++)
		if (!memcmp(s + i, w, m))
			return true;
	return false;
}

/* does the word at s (folded) begin with one of words? whole word when exact */
static bool word_in(const char *s, const char *const *words, size_t n, bool exact)
{
	size_t len = strcspn(s, " ");

	if (len > 1 && s[len - 1] == '.')
		len--;	/* "Vol." is "vol"; "Book:" is another word */
	for (size_t i = 0; i < n; i++) {
		size_t m = strlen(words[i]);

		if (exact ? len == m && !strncmp(s, words[i], m) : !strncmp(s, words[i], m))
			return true;
	}
	return false;
}

#define WORD_IN(s, words, exact) word_in(s, words, sizeof(words) / sizeof(words[0]), exact)

/* does word (folded, at s) name mazes in a language mazebook prints? */
static bool mazes_word(const char *s)
{
	static const char *const stems[] = { "maze", "labyrinth", "laberint" };

	return WORD_IN(s, stems, false);
}

/*
 * Words after which a number names something else than a count: a volume,
 * book, part or issue ("Volume 2"), an age or a grade ("Ages 4-6", "Age 6+",
 * "Grade 3", "ab 6"), a level or a year ("Level 3", "Summer 2026" is read
 * by its digits), in the languages mazebook prints.
 */
static const char *const number_of_words[] = {
	"vol", "volume", "book", "part", "no", "nr", "issue", "edition", "band", "tome", "tomo",
	"libro", "buch", "teil", "heft", "livre", "numero", "número", "#",
	"age", "ages", "aged", "kids", "toddlers", "preschool", "grade", "grades", "class",
	"level", "levels", "stage", "set", "top", "alter", "ab", "klasse", "edad", "edades",
	"âge", "âges", "dès", "niveau", "nivel", "year", "years", "in",
};

/* Words after a number that make it an age, a length or a grade ("4 Years", "5 Minute") */
static const char *const number_unit_words[] = {
	"year", "years", "yr", "yrs", "y/o", "yo", "month", "months", "minute", "minutes", "min",
	"day", "days", "week", "weeks", "hour", "hours", "grade", "grades", "jahre", "jahren",
	"jahr", "años", "año", "ans", "an", "mois", "minuten", "minutos", "in", "inch", "x",
	"page", "pages", "seiten", "páginas", "level", "levels",
};

/* Words that end the phrase a count belongs to ("101 for Kids" counts no mazes) */
static const char *const phrase_end_words[] = {
	"for", "and", "with", "of", "in", "to", "from", "by", "or", "&", "für", "und", "mit",
	"para", "y", "con", "pour", "et", "avec", "de", "|",
};

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* a letter of a word: ASCII letters and every byte of a UTF-8 sequence */
static bool is_letter(char c)
{
	return (c >= 'a' && c <= 'z') || (unsigned char)c >= 0x80;
}

/* the start of the word before position c (folded text t), or NULL */
static const char *word_before(const char *t, const char *c)
{
	const char *end = c, *start;

	while (end > t && (end[-1] == ' ' || end[-1] == '.' || end[-1] == ','))
		end--;
	if (end == c && c > t && c[-1] != ' ')
		return NULL;	/* glued to the number: "#2" is handled by the caller */
	start = end;
	while (start > t && start[-1] != ' ')
		start--;
	return start < end ? start : NULL;
}

/*
 * Is the number from c to e (folded text t) a count at all? Not when it is
 * part of a word ("2nd", "3D", "Maze4Kids", "2-in-1"), a range ("4-6", "8-12",
 * "4 to 8"), a date or decimal ("12/24", "2.5"), a year (1900 to 2099), a
 * volume's "#2", or an age or length before its unit ("4 Years",
 * "5-Minute"). A number after an age or volume word is judged by the caller.
 */
static bool may_be_count(const char *t, const char *c, const char *e, long n)
{
	const char *before;

	if (c > t && (is_letter(c[-1]) || c[-1] == '#' || c[-1] == '/' || c[-1] == '-' ||
		      ((c[-1] == '.' || c[-1] == ',' || c[-1] == ':') && c - 1 > t &&
		       is_digit(c[-2]))))
		return false;
	if (is_letter(*e) || *e == '-' || *e == '/' || *e == '%' || *e == ':' ||
	    ((*e == '.' || *e == ',') && is_digit(e[1])))
		return false;
	if (e - c == 4 && n >= 1900 && n <= 2099)
		return false;
	if ((before = word_before(t, c)) && !strncmp(before, "to ", 3))
		return false;
	while (*e == '+' || *e == ' ')
		e++;
	if (WORD_IN(e, number_unit_words, true) || !strncmp(e, "to ", 3) || *e == '-')
		return false;
	return true;
}

/* en and em dashes read as hyphens: "Ages 4–6" is the range "4-6" */
static void dashes_to_hyphens(char *t)
{
	char *d;

	while ((d = strstr(t, "\xe2\x80\x93")) || (d = strstr(t, "\xe2\x80\x94"))) {
		*d = '-';
		memmove(d + 1, d + 3, strlen(d + 3) + 1);
	}
}

/* "Over 100 Mazes", "more than 100", "at least 100": a lower bound */
static bool after_at_least_word(const char *t, const char *c)
{
	static const char *const words[] = { "over", "über", "than", "least" };
	const char *before = word_before(t, c);

	return before && WORD_IN(before, words, true);
}

long mb_text_maze_count(const char *text, size_t len, int mazes)
{
	char *t = xmalloc(len + 8);
	long agree = -1, other = -1;

	fold_text(text ? text : "", len, t, len + 8);
	dashes_to_hyphens(t);
	for (const char *c = t; *c && other < 0; c++) {
		const char *e, *before;
		bool at_least;
		long n;

		if (!is_digit(*c) || (c > t && is_digit(c[-1])))
			continue;
		n = strtol(c, (char **)&e, 10);
		if (!may_be_count(t, c, e, n))
			continue;
		at_least = *e == '+' || after_at_least_word(t, c);	/* "100+ Mazes" */
		e += at_least;
		/*
		 * The number, then the word for mazes, with at most two words
		 * between ("60 Easy Mazes", "100 Large Print Mazes") and no other
		 * number nor a word that ends the phrase ("101 for Kids Mazes").
		 */
		for (int words = 0; words < 3 && *e; words++) {
			while (*e == ' ')
				e++;
			if (is_digit(*e) || WORD_IN(e, phrase_end_words, true))
				break;
			if (mazes_word(e)) {
				/* "Volume 2 Mazes", "Ages 6 Mazes": a volume, an age */
				if ((before = word_before(t, c)) &&
				    WORD_IN(before, number_of_words, true))
					break;
				if (n == mazes || (at_least && mazes >= n))
					agree = mazes;
				else
					other = n;
				break;
			}
			e += strcspn(e, " ");
		}
	}
	free(t);
	return other >= 0 ? other : agree;
}

/*
 * Is text item b the same text as the earlier item a, drawn again where it
 * stands (a drop shadow a few points off, an outline stroked under the
 * fill)? The reader sees one run.
 */
static bool same_run_again(const struct mb_probe_page *p, const struct mb_probe_item *a,
			   const struct mb_probe_item *b)
{
	double h = fmax(a->box.y1 - a->box.y0, b->box.y1 - b->box.y0);
	double near = fmax(3.0, 0.35 * h);

	return a->text_len == b->text_len &&
	       !memcmp(p->text + a->text_off, p->text + b->text_off, a->text_len) &&
	       fabs(a->box.x0 - b->box.x0) <= near && fabs(a->box.y0 - b->box.y0) <= near &&
	       fabs(a->box.x1 - b->box.x1) <= near && fabs(a->box.y1 - b->box.y1) <= near;
}

/*
 * Does run b read on from run a: the next words on its line, or the next
 * line of the same block (a badge's "100" over its "MAZES")? Runs far apart
 * (the spine's title and the front's) are separate phrases.
 */
static bool reads_on(const struct mb_probe_item *a, const struct mb_probe_item *b)
{
	double h = fmax(a->box.y1 - a->box.y0, b->box.y1 - b->box.y0);
	double x_gap = fmax(a->box.x0, b->box.x0) - fmin(a->box.x1, b->box.x1);
	double y_gap = fmax(a->box.y0, b->box.y0) - fmin(a->box.y1, b->box.y1);

	return x_gap < 1.5 * h && y_gap < 1.2 * h;
}

/*
 * The page's text with each run read once: a run drawn again over itself
 * (shadow, outline, fake bold) is left out, and runs that do not read on
 * from each other are kept apart by " | " (a phrase's end to the count
 * reader). Without text items (a file probed without them), the text as
 * it is. The caller frees *out.
 */
static size_t text_read_once(const struct mb_probe_page *p, char **out)
{
	const struct mb_probe_item *last = NULL;
	size_t n = 0, runs = 0;
	char *t;

	for (size_t k = 0; k < p->item_count; k++)
		runs += p->items[k].kind == MB_ITEM_TEXT && p->items[k].text_len;
	if (!runs) {
		*out = xmalloc(p->text_len + 1);
		memcpy(*out, p->text ? p->text : "", p->text_len);
		(*out)[p->text_len] = '\0';
		return p->text_len;
	}
	t = xmalloc(p->text_len + 3 * p->item_count + 1);
	for (size_t k = 0; k < p->item_count; k++) {
		const struct mb_probe_item *it = &p->items[k];
		bool again = false;

		if (it->kind != MB_ITEM_TEXT || !it->text_len ||
		    it->text_off + it->text_len > p->text_len)
			continue;
		for (size_t j = 0; j < k && !again; j++)
			again = p->items[j].kind == MB_ITEM_TEXT &&
				p->items[j].text_off + p->items[j].text_len <= p->text_len &&
				same_run_again(p, &p->items[j], it);
		if (again)
			continue;
		if (last && !reads_on(last, it)) {
			memcpy(t + n, "| ", 2);
			n += 2;
		}
		memcpy(t + n, p->text + it->text_off, it->text_len);
		n += it->text_len;
		t[n++] = ' ';
		last = it;
	}
	t[n] = '\0';
	*out = t;
	return n;
}

void mb_preflight_cover_count(const struct mb_probe_file *f, int mazes, struct mb_checklist *cl)
{
	const struct mb_probe_page *p;
	char limit[48], *once;
	size_t once_len;
	long said;

	if (mazes <= 0 || f->page_measured == 0)
		return;
	p = &f->pages[0];
	snprintf(limit, sizeof(limit), "%d maze%s", mazes, plural(mazes));
	once_len = text_read_once(p, &once);
	said = mb_text_maze_count(once, once_len, mazes);
	free(once);
	if (said < 0)
		mb_checklist_add(cl, "cover.count", MB_CHECK_PASS, "1", "no count", limit,
				 "the cover names no number of mazes");
	else if (said == mazes)
		mb_checklist_add(cl, "cover.count", MB_CHECK_PASS, "1", limit, limit,
				 "the cover says %ld mazes, as the book has", said);
	else {
		char measured[48];

		snprintf(measured, sizeof(measured), "%ld mazes", said);
		mb_checklist_add(cl, "cover.count", MB_CHECK_FAIL, "1", measured, limit,
				 "the cover says %ld mazes but the book has %d: change the number "
				 "in the cover's words, or the number of mazes", said, mazes);
		char digits[24];
		const struct mb_probe_item *where = NULL;

		/* outline the text run that prints the number, when one does */
		snprintf(digits, sizeof(digits), "%ld", said);
		for (size_t k = 0; k < p->item_count && !where; k++) {
			const struct mb_probe_item *it = &p->items[k];

			if (it->kind == MB_ITEM_TEXT && it->text_off + it->text_len <= p->text_len &&
			    has_bytes(p->text + it->text_off, it->text_len, digits))
				where = it;
		}
		mb_checklist_mark(cl, true, 1, where ? &where->box : NULL,
				  "count: the cover says %ld, the book has %d", said, mazes);
	}
}

/* the hardcover's own checks, in the paperback's order */
static void preflight_case(const struct mb_probe_file *f, const struct mb_trim *trim, int pages,
			   const struct mb_print *print, struct mb_checklist *cl)
{
	struct mb_cover_geometry g;
	struct mb_cover_case hc;
	struct mb_error err;

	mb_error_init(&err);
	if (mb_kdp_print_check(trim, print, &err) != MB_OK) {
		mb_checklist_add(cl, "cover.size", MB_CHECK_FAIL, "1", "not checked",
				 "an edition KDP prints", "%s", err.message);
		return;
	}
	check_case_size(&f->pages[0], trim, pages, print, cl);
	actual_case(&f->pages[0], trim, pages, print, &g, &hc);
	cover_guides(cl, &g);
	check_wrap(f, &hc, cl);
	check_fonts(f, "cover.fonts", cl);
	check_cover_font_size(f, cl);
	/* the boards are the panels: text 0.125 in inside their edges */
	check_cover_text(f, &g, pages, true, cl);
	check_hinge(f, &hc, cl);
	check_barcode(f, &g, cl);
	check_images(f, "cover.image-dpi", cl);
	check_cover_colorspaces(f, cl);
	cover_content_checks(f, cl);
}

/*
 * The checks every cover starts with, paperback or hardcover: encryption,
 * then one page. False when the page could not be measured (locked or
 * unreadable): only the file size is checked then, and nothing more.
 */
static bool cover_opening_checks(const struct mb_probe_file *f, struct mb_checklist *cl)
{
	check_encryption(f, "cover.encryption", cl);
	if (f->page_measured == 0 || f->locked) {
		check_file_size(f, "cover.file-size", mb_kdp.max_cover_file_mb, cl);
		return false;
	}
	if (f->page_count == 1)
		mb_checklist_add(cl, "cover.pages", MB_CHECK_PASS, "", "1 page", "1 page", "1 page");
	else
		mb_checklist_add(cl, "cover.pages", MB_CHECK_FAIL, "", "pages", "1 page",
				 "%d pages, a full-wrap cover is 1 page (only page 1 is checked)",
				 f->page_count);
	return true;
}

void mb_preflight_cover_for(const struct mb_probe_file *f, const struct mb_trim *trim, int pages,
			    const struct mb_print *print, struct mb_checklist *cl)
{
	if (print->binding != MB_BINDING_HARDCOVER) {
		preflight_paperback(f, trim, pages, print, cl);
		return;
	}
	if (!cover_opening_checks(f, cl))
		return;
	preflight_case(f, trim, pages, print, cl);
	check_file_size(f, "cover.file-size", mb_kdp.max_cover_file_mb, cl);
}

void mb_preflight_cover(const struct mb_probe_file *f, const struct mb_trim *trim, int pages,
			enum mb_paper paper, struct mb_checklist *cl)
{
	struct mb_print print = { MB_BINDING_PAPERBACK, MB_INK_BLACK, paper };

	preflight_paperback(f, trim, pages, &print, cl);
}

/* the paperback's checks (any ink: the spine width follows it) */
static void preflight_paperback(const struct mb_probe_file *f, const struct mb_trim *trim,
				int pages, const struct mb_print *print, struct mb_checklist *cl)
{
	struct mb_cover_geometry g;

	if (!cover_opening_checks(f, cl))
		return;
	check_cover_size(&f->pages[0], trim, pages, print, cl);
	actual_panels(&f->pages[0], trim, &g);
	cover_guides(cl, &g);
	check_fonts(f, "cover.fonts", cl);
	check_cover_font_size(f, cl);
	check_cover_text(f, &g, pages, false, cl);
	check_barcode(f, &g, cl);
	check_images(f, "cover.image-dpi", cl);
	check_cover_colorspaces(f, cl);
	cover_content_checks(f, cl);
	check_file_size(f, "cover.file-size", mb_kdp.max_cover_file_mb, cl);
}
