/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The preflight's checks of each painted object: gutter, margins, bleed,
 * crop marks and line weights, over every page's items (probe.h).
 *
 * Choices: a measured length equal to a minimum passes, but within KDP's
 * rounding allowance (margin_allowance_in, about 1/72 in) of it warns,
 * since KDP has flagged content placed exactly on a minimum. With bleed,
 * a side where ink crosses the trim line is bleeding art and is not held
 * to the margin.
 */
#include "config.h"
#include "mazebook/kdp/preflight.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"
#include "preflight_internal.h"

/* ---- each painted object: gutter, margins, bleed, crop marks, rules ---- */

/* what an object is, for a publisher */
const char *pf_what_item(const struct mb_probe_item *it)
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

void pf_add_not_measured(struct mb_checklist *cl, const char *id, const char *limit,
		      const char *why)
{
	mb_checklist_add(cl, id, MB_CHECK_WARN, "", "not measured", limit, "not measured: %s", why);
}

/* what pf_check_objects gathers over the pages before it writes its three checks */
struct object_scan {
	double need_gut, need_mar;	/* inches */
	double slack_pt;		/* bleeding art may stop this short of the edge */
	struct worst gut, mar, bleed;
	struct pagelist unmeasured;	/* pages not the page size: not judged here */
	int measured_pages, bleeding;
	int marked;			/* objects marked on the page being scanned */
};

/* bleeding art (on a bleed page, across the trim): each side it crosses reaches the page edge */
static void judge_bleeding(struct object_scan *s, const struct mb_probe_page *p,
			   const struct mb_probe_item *it, const double d[4], bool odd,
			   struct mb_checklist *cl)
{
	struct mb_box_pt whole = { 0, 0, p->w_pt, p->h_pt };
	double reach[4];

	inside_sides(it->box, whole, odd, reach);
	s->bleeding++;
	for (int sd = SIDE_OUTSIDE; sd <= SIDE_BOTTOM; sd++) {
		if (d[sd] >= -s->slack_pt || reach[sd] <= s->slack_pt)
			continue;
		s->bleed.st = MB_CHECK_FAIL;
		s->bleed.objects++;
		pf_pl_once(&s->bleed.pl, p->number);
		worst_note(&s->bleed, -in_of(reach[sd]), p->number, sd, it);
		if (s->marked++ < 12)
			mb_checklist_mark(cl, false, p->number, &it->box,
					  "bleed: %s stops %s in short", pf_what_item(it),
					  IN(in_of(reach[sd])));
	}
}

/* any other object: the gutter on the binding side, the margins on the others */
static void judge_inside(struct object_scan *s, const struct mb_probe_page *p,
			 const struct mb_probe_item *it, const double d[4], struct mb_checklist *cl)
{
	enum mb_check_status st = pf_judge_min(in_of(d[SIDE_BINDING]), s->need_gut);

	worst_note(&s->gut, in_of(d[SIDE_BINDING]), p->number, SIDE_BINDING, it);
	if (st != MB_CHECK_PASS) {
		s->gut.st = pf_worse(s->gut.st, st);
		s->gut.objects++;
		pf_pl_once(&s->gut.pl, p->number);
		if (s->marked++ < 12)
			mb_checklist_mark(cl, false, p->number, &it->box,
					  "gutter: %s %s in from the binding edge",
					  pf_what_item(it), IN(in_of(d[SIDE_BINDING])));
	}
	for (int sd = SIDE_OUTSIDE; sd <= SIDE_BOTTOM; sd++) {
		st = pf_judge_min(in_of(d[sd]), s->need_mar);
		worst_note(&s->mar, in_of(d[sd]), p->number, sd, it);
		if (st == MB_CHECK_PASS)
			continue;
		s->mar.st = pf_worse(s->mar.st, st);
		s->mar.objects++;
		pf_pl_once(&s->mar.pl, p->number);
		if (s->marked++ < 12)
			mb_checklist_mark(cl, false, p->number, &it->box,
					  "margins: %s %s in from the %s", pf_what_item(it),
					  IN(in_of(d[sd])), side_name[sd]);
	}
}

/* one page's painted objects, judged into the scan */
static void scan_page(struct object_scan *s, const struct geom *g, const struct mb_probe_page *p,
		      struct mb_checklist *cl)
{
	const struct mb_probe_item *items = NULL;
	struct mb_probe_item one;
	struct mb_box_pt t = pf_trim_box(g, p->number);
	bool odd = p->number % 2, corners;
	size_t n;

	s->marked = 0;
	if (!pf_right_size(g, p)) {
		if (!p->blank)
			pf_pl_add(&s->unmeasured, p->number);
		return;	/* a wrong page size fails on its own */
	}
	n = page_objects(p, &items, &one);
	s->measured_pages += n > 0;
	corners = !p->has_trim && has_corner_marks(p);
	for (size_t k = 0; k < n; k++) {
		const struct mb_probe_item *it = &items[k];
		double d[4];

		if (!it->ink || outside_box(it->box, t) || (corners && corner_of(p, it) >= 0))
			continue;	/* paper white; or wholly in the bleed, or a mark: their own rule */
		inside_sides(it->box, t, odd, d);
		if (g->bleed && it->kind != MB_ITEM_TEXT &&
		    (d[SIDE_OUTSIDE] < -s->slack_pt || d[SIDE_TOP] < -s->slack_pt ||
		     d[SIDE_BOTTOM] < -s->slack_pt))
			judge_bleeding(s, p, it, d, odd, cl);
		else
			judge_inside(s, p, it, d, cl);
	}
}

/* interior.gutter from the scan; skipped names the pages not measured */
static void report_gutter(const struct mb_probe_file *f, const struct object_scan *s,
			  const char *skipped, struct mb_checklist *cl)
{
	const struct worst *gut = &s->gut;
	double need_gut = s->need_gut;
	char msg[1024], measured[48], limit[64], pages[120];

	snprintf(limit, sizeof(limit), ">= %s in", IN(need_gut));
	if (!gut->have && s->unmeasured.count) {
		pf_add_not_measured(cl, "interior.gutter", limit, "no page with ink is the page size the "
				 "trim needs (see interior.page-size)");
	} else if (!gut->have) {
		mb_checklist_add(cl, "interior.gutter", MB_CHECK_PASS, "", "no ink", limit, "%s",
				 s->measured_pages ? "all ink is art bleeding off the page"
						   : "no ink on any page");
	} else {
		snprintf(measured, sizeof(measured), "%s in", IN(gut->d));
		if (gut->st == MB_CHECK_PASS)
			snprintf(msg, sizeof(msg), "closest: %s %s from the binding edge on page %d; "
				 "at least %s in for %d page%s%s", pf_what_item(&gut->it), measured, gut->page,
				 IN(need_gut), f->page_count, plural(f->page_count), skipped);
		else
			snprintf(msg, sizeof(msg), "%s %s from the binding edge on %s: %s at least %s "
				 "in from the binding edge (the gutter a %d-page book needs)%s",
				 pf_what_item(&gut->it), measured, pf_on_pages(&gut->pl, pages, sizeof(pages)),
				 gut->st == MB_CHECK_WARN ? "that is on the minimum, which KDP has flagged: keep it"
							  : "move it", IN(need_gut + (gut->st == MB_CHECK_WARN ?
										     mb_kdp.margin_allowance_in : 0)),
				 f->page_count, skipped);
		mb_checklist_add(cl, "interior.gutter", gut->st, "", measured, limit, "%s", msg);
		pf_pl_text(&gut->pl, cl->checks[cl->count - 1].pages, sizeof(cl->checks[0].pages));
		mb_check_numbers(cl, gut->d, need_gut, "in");
	}
}

/* interior.margins from the scan; skipped names the pages not measured */
static void report_margins(const struct object_scan *s, const char *skipped,
			   struct mb_checklist *cl)
{
	const struct worst *mar = &s->mar;
	double need_mar = s->need_mar;
	char msg[1024], measured[48], limit[64], pages[120];

	snprintf(limit, sizeof(limit), ">= %s in", IN(need_mar));
	if (!mar->have && s->unmeasured.count) {
		pf_add_not_measured(cl, "interior.margins", limit, "no page with ink is the page size "
				 "the trim needs (see interior.page-size)");
	} else if (!mar->have) {
		mb_checklist_add(cl, "interior.margins", MB_CHECK_PASS, "", "no ink", limit, "%s",
				 s->measured_pages ? "all ink is art bleeding off the page"
						   : "no ink on any page");
	} else {
		snprintf(measured, sizeof(measured), "%s in", IN(mar->d));
		if (mar->st == MB_CHECK_PASS)
			snprintf(msg, sizeof(msg), "closest: %s %s from the %s edge on page %d; at "
				 "least %s in%s", pf_what_item(&mar->it), measured, side_name[mar->side],
				 mar->page, IN(need_mar), skipped);
		else if (mar->d < 0)
			snprintf(msg, sizeof(msg), "%s crosses the %s trim line by %s in on %s: move it "
				 "at least %s in in from the trim%s", pf_what_item(&mar->it),
				 side_name[mar->side], IN(-mar->d), pf_on_pages(&mar->pl, pages, sizeof(pages)),
				 IN(need_mar), skipped);
		else
			snprintf(msg, sizeof(msg), "%s %s from the %s edge on %s: %s at least %s in "
				 "in from the trim%s", pf_what_item(&mar->it), measured, side_name[mar->side],
				 pf_on_pages(&mar->pl, pages, sizeof(pages)),
				 mar->st == MB_CHECK_WARN ? "that is on the minimum, which KDP has flagged: keep it"
							  : "move it",
				 IN(need_mar + (mar->st == MB_CHECK_WARN ? mb_kdp.margin_allowance_in : 0)),
				 skipped);
		mb_checklist_add(cl, "interior.margins", mar->st, "", measured, limit, "%s", msg);
		pf_pl_text(&mar->pl, cl->checks[cl->count - 1].pages, sizeof(cl->checks[0].pages));
		mb_check_numbers(cl, mar->d, need_mar, "in");
	}
}

/* interior.bleed from the scan: art that crosses the trim reaches the page edge */
static void report_bleed(const struct object_scan *s, struct mb_checklist *cl)
{
	const struct worst *bleed = &s->bleed;
	int bleeding = s->bleeding;
	char msg[1024], measured[48], limit[64], pages[120];

	snprintf(limit, sizeof(limit), "art across the trim reaches the page edge");
	if (bleed->st == MB_CHECK_FAIL) {
		snprintf(measured, sizeof(measured), "%s in short", IN(-bleed->d));
		snprintf(msg, sizeof(msg), "art stops short of the bleed: %s crosses the %s trim "
			 "line but ends %s in before the page edge on %s: extend it to the page "
			 "edge (%s in past the trim) or keep it %s in inside the trim",
			 pf_what_item(&bleed->it), side_name[bleed->side], IN(-bleed->d),
			 pf_on_pages(&bleed->pl, pages, sizeof(pages)),
			 IN(bleed->side == SIDE_OUTSIDE ? mb_kdp.interior_bleed_w_in
							: mb_kdp.interior_bleed_h_in / 2),
			 IN(s->need_mar));
		mb_checklist_add(cl, "interior.bleed", MB_CHECK_FAIL, "", measured, limit, "%s",
				 msg);
		pf_pl_text(&bleed->pl, cl->checks[cl->count - 1].pages, sizeof(cl->checks[0].pages));
		mb_check_numbers(cl, -bleed->d, 0, "in");
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

/*
 * The gutter, the margins and the bleed, judged object by object: an
 * object that crosses the trim on a bleed page (not text) is bleeding art
 * and must reach the page edge on each side it crosses; every other
 * object must sit inside the margins, and the gutter on the binding side.
 */
void pf_check_objects(const struct mb_probe_file *f, const struct geom *g,
		   struct mb_checklist *cl)
{
	struct object_scan s = {
		.need_gut = mb_kdp_gutter_in(f->page_count),
		.need_mar = mb_kdp_outside_margin_in(g->bleed),
		.slack_pt = mb_kdp.bleed_reach_slack_in * MB_PT_PER_IN,
	};
	char pages[120], skipped[256] = "";

	for (size_t i = 0; i < f->page_measured; i++)
		scan_page(&s, g, &f->pages[i], cl);
	if (s.unmeasured.count)
		snprintf(skipped, sizeof(skipped), " (not measured: %s, not the page size; see "
			 "interior.page-size)", pf_on_pages(&s.unmeasured, pages, sizeof(pages)));
	report_gutter(f, &s, skipped, cl);
	report_margins(&s, skipped, cl);
	if (g->bleed)
		report_bleed(&s, cl);
	pf_pl_free(&s.unmeasured);
	pf_pl_free(&s.gut.pl);
	pf_pl_free(&s.mar.pl);
	pf_pl_free(&s.bleed.pl);
}

/*
 * Crop and registration marks (KDP forbids them): lines drawn wholly
 * outside the trim, which is the TrimBox when the page has one (a page
 * enlarged for marks) and else the trim the checks use.
 */
void pf_check_crop_marks(const struct mb_probe_file *f, const struct geom *g, bool cover,
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
		else if (g && g->known && pf_right_size(g, p))
			t = pf_trim_box(g, p->number);
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
			pf_pl_once(&pl, p->number);
			if (marked++ < 12)
				mb_checklist_mark(cl, cover, p->number, &it->box, "crop mark: %s outside "
						  "the trim", pf_what_item(it));
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
		 pf_on_pages(&pl, pages, sizeof(pages)));
	mb_checklist_add(cl, id, MB_CHECK_FAIL, "", measured, "none", "%s", msg);
	pf_pl_text(&pl, cl->checks[cl->count - 1].pages, sizeof(cl->checks[0].pages));
	pf_pl_free(&pl);
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

void pf_check_line_weight(const struct mb_probe_file *f, struct mb_checklist *cl)
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
		pf_pl_add(&pl, p->number);
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
			 measured, pf_on_pages(&pl, pages, sizeof(pages)), pl.count == 1 && !worst_rule ?
			 "it" : "lines and rules", limit + 3);
	else
		snprintf(msg, sizeof(msg), "thinnest: %s %s thick on page %d; at least %s",
			 worst_rule ? "a thin rule" : "a line", measured, worst->number, limit + 3);
	mb_checklist_add(cl, "interior.line-weight", pl.count ? MB_CHECK_FAIL : MB_CHECK_PASS,
			 pl.count ? "" : NULL, measured, limit, "%s", msg);
	pf_pl_text(&pl, cl->checks[cl->count - 1].pages, sizeof(cl->checks[0].pages));
	mb_check_numbers(cl, worst_pt, need, "pt");
	pf_pl_free(&pl);
}
