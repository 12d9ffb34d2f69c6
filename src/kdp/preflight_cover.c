/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The cover's preflight: its size, panels or a hardcover's case, wrap and
 * hinges, text inside the safe area and off the spine's folds, the barcode
 * area and colour spaces, then mb_preflight_cover and
 * mb_preflight_cover_for, which run every cover check in order.
 */
#include "config.h"
#include "mazebook/kdp/preflight.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"
#include "preflight_internal.h"

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
	pf_check_font_size(f, "cover.font-size", cl);
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
	pf_check_crop_marks(f, NULL, true, cl);
	pf_check_invisible_in(f, true, cl);
	pf_check_placeholders(f, true, cl);
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
	pf_check_fonts(f, "cover.fonts", cl);
	check_cover_font_size(f, cl);
	/* the boards are the panels: text 0.125 in inside their edges */
	check_cover_text(f, &g, pages, true, cl);
	check_hinge(f, &hc, cl);
	check_barcode(f, &g, cl);
	pf_check_images(f, "cover.image-dpi", cl);
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
	pf_check_encryption(f, "cover.encryption", cl);
	if (f->page_measured == 0 || f->locked) {
		pf_check_file_size(f, "cover.file-size", mb_kdp.max_cover_file_mb, cl);
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
	pf_check_file_size(f, "cover.file-size", mb_kdp.max_cover_file_mb, cl);
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
	pf_check_fonts(f, "cover.fonts", cl);
	check_cover_font_size(f, cl);
	check_cover_text(f, &g, pages, false, cl);
	check_barcode(f, &g, cl);
	pf_check_images(f, "cover.image-dpi", cl);
	check_cover_colorspaces(f, cl);
	cover_content_checks(f, cl);
	pf_check_file_size(f, "cover.file-size", mb_kdp.max_cover_file_mb, cl);
}
