/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The interior's preflight: its trim and page sizes, page boxes, page
 * count, edition, colour, gray and blank pages, annotations and
 * transparency, then mb_preflight_interior, which runs every interior
 * check in the checklist's order.
 */
#include "config.h"
#include "mazebook/kdp/preflight.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"
#include "preflight_internal.h"

/* ---- interior ---- */

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
			pf_pl_add(&odd, p->number);
			first_odd = first_odd ? first_odd : p;
		}
		if (g->known && !size_is(w, h, g->page_w_in, g->page_h_in)) {
			pf_pl_add(&wrong, p->number);
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
		pf_add_paged(cl, "interior.same-size", MB_CHECK_FAIL, &odd, measured, limit, msg);
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
			pf_add_paged(cl, "interior.page-size", MB_CHECK_FAIL, &wrong, measured, limit,
				  msg);
		}
	}
	pf_pl_free(&odd);
	pf_pl_free(&wrong);
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
		bool bad_trim = !bad_crop && p->has_trim && g->known && pf_right_size(g, p) &&
				!box_is(p->trim, pf_trim_box(g, p->number));

		if (!bad_crop && !bad_trim)
			continue;
		pf_pl_add(&pl, p->number);
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
				 box_text(pf_trim_box(g, p->number), want, sizeof(want)),
				 g->bleed ? " (inside the bleed)" : "");
		}
	}
	if (!pl.count)
		mb_checklist_add(cl, "interior.boxes", MB_CHECK_PASS, "", "agree", "CropBox = page, "
				 "TrimBox = trim", "no CropBox or TrimBox that disagrees with the page");
	else
		pf_add_paged(cl, "interior.boxes", MB_CHECK_FAIL, &pl, measured,
			  "CropBox = page, TrimBox = trim", msg);
	pf_pl_free(&pl);
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
struct mb_box_pt pf_trim_box(const struct geom *g, int page)
{
	double bw = g->bleed ? mb_kdp.interior_bleed_w_in * MB_PT_PER_IN : 0;
	double bh = g->bleed ? mb_kdp.interior_bleed_h_in * MB_PT_PER_IN / 2 : 0;
	double x0 = page % 2 ? 0 : bw;	/* even pages bind on the right: bleed on the left */

	return (struct mb_box_pt){ x0, bh, x0 + g->trim.w_in * MB_PT_PER_IN,
				   bh + g->trim.h_in * MB_PT_PER_IN };
}

bool pf_right_size(const struct geom *g, const struct mb_probe_page *p)
{
	return size_is(in_of(p->w_pt), in_of(p->h_pt), g->page_w_in, g->page_h_in);
}

enum mb_check_status pf_judge_min(double value, double need)
{
	if (value < need - EPS_IN)
		return MB_CHECK_FAIL;
	if (value < need + mb_kdp.margin_allowance_in - EPS_IN)
		return MB_CHECK_WARN;
	return MB_CHECK_PASS;
}

enum mb_check_status pf_worse(enum mb_check_status a, enum mb_check_status b)
{
	return a > b ? a : b;
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
		pf_pl_add(&pl, f->pages[i].number);
		first = first ? first : &f->pages[i];
	}
	if (!first) {
		mb_checklist_add(cl, "interior.colour", MB_CHECK_PASS, "", "gray only", "gray only",
				 "gray only (black-ink book)");
		return;
	}
	snprintf(msg, sizeof(msg), "page %d: colour (mostly %s) in a black-ink book: it prints as "
		 "gray; make it gray or choose a colour ink", first->number, first->colour_what);
	pf_add_paged(cl, "interior.colour", MB_CHECK_FAIL, &pl, first->colour_what, "gray only", msg);
	for (size_t i = 0; i < f->page_measured; i++) {
		const struct mb_probe_page *p = &f->pages[i];
		int marked = 0;

		for (size_t k = 0; p->colour && k < p->item_count && marked < 12; k++)
			if (p->items[k].colour) {
				marked++;
				mb_checklist_mark(cl, false, p->number, &p->items[k].box, "colour: %s",
						  pf_what_item(&p->items[k]));
			}
	}
	pf_pl_free(&pl);
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

			pf_pl_add(&pl, p->number);
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
	pf_add_paged(cl, "interior.gray-fill", pl.count ? MB_CHECK_FAIL : MB_CHECK_PASS, &pl, measured,
		  limit, msg);
	pf_pl_free(&pl);
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
				pf_pl_add(&pl, f->pages[k].number);
		if (s > st || (s == st && len > worst_len)) {
			worst_len = len;
			worst_start = f->pages[i].number;
			worst_end = at_end;
		}
		st = pf_worse(st, s);
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
	pf_pl_text(&pl, cl->checks[cl->count - 1].pages, sizeof(cl->checks[0].pages));
	pf_pl_free(&pl);
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
		pf_pl_add(&pl, f->pages[i].number);
	}
	snprintf(measured, sizeof(measured), "%d annotation%s", total, plural(total));
	if (!total) {
		mb_checklist_add(cl, id, MB_CHECK_PASS, "", measured, "none", "none");
		return;
	}
	snprintf(msg, sizeof(msg), "page %d: %d annotation%s (links, comments or form fields)", first,
		 f->pages[first - 1].annotations, f->pages[first - 1].annotations == 1 ? "" : "s");
	pf_add_paged(cl, id, MB_CHECK_FAIL, &pl, measured, "none", msg);
	for (size_t i = 0; i < f->page_measured; i++)
		for (int k = 0; k < f->pages[i].annot_boxes; k++)
			mb_checklist_mark(cl, !strncmp(id, "cover.", 6), f->pages[i].number,
					  &f->pages[i].annot_box[k], "annotation (a link or comment)");
	pf_pl_free(&pl);
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
		pf_pl_add(&pl, f->pages[i].number);
	}
	if (!first) {
		mb_checklist_add(cl, id, MB_CHECK_PASS, "", "none", "none", "none");
		return;
	}
	snprintf(msg, sizeof(msg), "page %d: %s: flatten transparency when you export the PDF "
		 "(KDP's printer may draw it differently)", first->number, first->transparency_what);
	pf_add_paged(cl, id, MB_CHECK_FAIL, &pl, first->transparency_what, "none", msg);
	pf_pl_free(&pl);
}

void mb_preflight_interior(const struct mb_probe_file *f, const struct mb_preflight_params *p,
			   struct mb_checklist *cl, struct mb_interior_result *res)
{
	struct geom g = { 0 };

	if (res)
		memset(res, 0, sizeof(*res));
	pf_check_encryption(f, "interior.encryption", cl);
	if (f->page_measured == 0 || f->locked) {
		pf_check_file_size(f, "interior.file-size", mb_kdp.max_file_mb, cl);
		return;
	}
	check_trim(f, p, cl, &g);
	if (g.known) {
		cl->guides.interior = true;
		cl->guides.bleed = g.bleed;
		cl->guides.trim_odd = pf_trim_box(&g, 1);
		cl->guides.trim_even = pf_trim_box(&g, 2);
		cl->guides.gutter_in = mb_kdp_gutter_in(f->page_count);
		cl->guides.margin_in = mb_kdp_outside_margin_in(g.bleed);
	}
	check_page_sizes(f, &g, cl);
	check_page_boxes(f, &g, cl);
	check_page_count(f, &g, p, cl);
	if (g.known && (p->binding != MB_BINDING_PAPERBACK || p->ink != MB_INK_BLACK))
		check_edition(f, &g, p, cl);
	if (g.known) {
		pf_check_objects(f, &g, cl);
	} else {
		pf_add_not_measured(cl, "interior.gutter", "", "the trim is unknown (give --trim)");
		pf_add_not_measured(cl, "interior.margins", "", "the trim is unknown (give --trim)");
	}
	pf_check_crop_marks(f, &g, false, cl);
	pf_check_fonts(f, "interior.fonts", cl);
	pf_check_font_size(f, "interior.font-size", cl);
	pf_check_line_weight(f, cl);
	if (!colour_declared(f, p->ink, cl))
		check_colour(f, cl);
	check_gray(f, cl);
	pf_check_images(f, "interior.image-dpi", cl);
	check_blank(f, cl);
	check_annotations(f, "interior.annotations", cl);
	if (f->outlines > 0)
		mb_checklist_add(cl, "interior.bookmarks", MB_CHECK_FAIL, "", "bookmarks", "none",
				 "%d bookmark%s (outline entries): KDP wants none", f->outlines,
				 f->outlines == 1 ? "" : "s");
	else
		mb_checklist_add(cl, "interior.bookmarks", MB_CHECK_PASS, "", "none", "none", "none");
	check_transparency(f, "interior.transparency", cl);
	pf_check_invisible(f, cl);
	pf_check_placeholders(f, false, cl);
	pf_check_file_size(f, "interior.file-size", mb_kdp.max_file_mb, cl);
	if (res) {
		res->trim_known = g.known;
		res->trim = g.trim;
		res->bleed = g.bleed;
		res->pages = f->page_count;
	}
}
