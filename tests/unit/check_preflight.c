/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The preflight checks over hand-made facts: a clean 6 x 9 book passes, and
 * every check is fed a fact that breaks it and must name the page and the
 * value. Also the checklist's text and JSON forms and relative file names.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mazebook/base/xalloc.h"
#include "mazebook/kdp/preflight.h"

#include "check_main.h"

#define PT(in) ((in) * 72.0)

static struct mb_probe_font embedded_font = { "DejaVuSans", "TrueType", true, 1 };

/* n clean 6 x 9 pages: ink 1 in from the binding and outside, 0.75 in top and bottom */
static void interior_facts(struct mb_probe_file *f, int n)
{
	memset(f, 0, sizeof(*f));
	f->bytes = 70000;
	f->page_count = n;
	f->page_measured = (size_t)n;
	f->pages = xcalloc((size_t)n, sizeof(*f->pages));
	f->font_count = 1;
	f->fonts = &embedded_font;
	for (int i = 0; i < n; i++) {
		struct mb_probe_page *p = &f->pages[i];

		p->number = i + 1;
		p->w_pt = PT(6);
		p->h_pt = PT(9);
		p->ink = (struct mb_box_pt){ PT(1), PT(0.75), PT(5), PT(8.25) };
		p->text_runs = 2;
		p->min_font_pt = 9;
		snprintf(p->min_font_name, sizeof(p->min_font_name), "DejaVuSans");
		p->min_stroke_pt = 1;
		p->colorspaces = MB_CS_GRAY;
		p->lightest_gray = 0.2;
		p->min_image_dpi = -1;
	}
}

static void facts_free(struct mb_probe_file *f)
{
	free(f->pages);
}

static const struct mb_preflight_params infer = { .paper = MB_PAPER_WHITE, .bleed = -1 };

/* run the interior checks and return the one with this id (must exist) */
static struct mb_checklist cl;

static const struct mb_check *interior_check(const struct mb_probe_file *f, const char *id)
{
	const struct mb_check *c;

	mb_checklist_release(&cl);
	mb_checklist_init(&cl);
	mb_preflight_interior(f, &infer, &cl, NULL);
	c = mb_checklist_find(&cl, id);
	ck_assert_msg(c != NULL, "no check %s", id);
	return c;
}

static void teardown(void)
{
	mb_checklist_release(&cl);
}

#define ck_assert_has(hay, needle) \
	ck_assert_msg(strstr((hay), (needle)) != NULL, "'%s' does not contain '%s'", (hay), (needle))

START_TEST(clean_interior_passes)
{
	struct mb_probe_file f;
	struct mb_interior_result res;

	interior_facts(&f, 24);
	mb_checklist_init(&cl);
	mb_preflight_interior(&f, &infer, &cl, &res);
	for (size_t i = 0; i < cl.count; i++)
		ck_assert_msg(cl.checks[i].status == MB_CHECK_PASS, "%s: %s", cl.checks[i].id,
			      cl.checks[i].message);
	ck_assert_uint_ge(cl.count, 19);
	ck_assert(res.trim_known);
	ck_assert(!res.bleed);
	ck_assert_double_eq(res.trim.w_in, 6);
	ck_assert_int_eq(res.pages, 24);
	ck_assert_has(mb_checklist_find(&cl, "interior.trim")->message, "6 x 9 in (KDP listed size");
	facts_free(&f);
}
END_TEST

START_TEST(letter_page_in_6x9_book)
{
	struct mb_probe_file f;
	const struct mb_check *c;

	interior_facts(&f, 24);
	f.pages[4].w_pt = PT(8.5);
	f.pages[4].h_pt = PT(11);
	c = interior_check(&f, "interior.page-size");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_str_eq(c->pages, "5");
	ck_assert_has(c->message, "page 5: 8.5 x 11 in, should be 6 x 9 in");
	c = interior_check(&f, "interior.same-size");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_str_eq(c->pages, "5");
	/* its wrong size is reported once, not again as a margin fault */
	ck_assert_int_eq(interior_check(&f, "interior.margins")->status, MB_CHECK_PASS);
	facts_free(&f);
}
END_TEST

START_TEST(mixed_page_sizes)
{
	struct mb_probe_file f;
	const struct mb_check *c;

	interior_facts(&f, 24);
	for (int i = 16; i < 24; i++) {
		f.pages[i].w_pt = PT(5.5);
		f.pages[i].h_pt = PT(8.5);
	}
	c = interior_check(&f, "interior.same-size");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_str_eq(c->pages, "17-24");
	ck_assert_has(c->message, "page 17: 5.5 x 8.5 in, the other pages are 6 x 9 in (8 pages");
	facts_free(&f);
}
END_TEST

START_TEST(page_count_22_and_odd)
{
	struct mb_probe_file f;
	const struct mb_check *c;

	interior_facts(&f, 22);
	c = interior_check(&f, "interior.page-count");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "22 pages, needs 24 to 828 pages");
	ck_assert_int_eq(interior_check(&f, "interior.even-count")->status, MB_CHECK_PASS);
	facts_free(&f);

	interior_facts(&f, 25);
	c = interior_check(&f, "interior.even-count");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "25 pages is odd");
	ck_assert_int_eq(interior_check(&f, "interior.page-count")->status, MB_CHECK_PASS);
	facts_free(&f);

	/* cream 6 x 9 stops at 776 */
	interior_facts(&f, 800);
	{
		struct mb_preflight_params cream = infer;

		cream.paper = MB_PAPER_CREAM;
		mb_checklist_release(&cl);
		mb_checklist_init(&cl);
		mb_preflight_interior(&f, &cream, &cl, NULL);
		c = mb_checklist_find(&cl, "interior.page-count");
		ck_assert_int_eq(c->status, MB_CHECK_FAIL);
		ck_assert_has(c->message, "800 pages, needs 24 to 776 pages");
	}
	facts_free(&f);
}
END_TEST

START_TEST(gutter_even_page_binds_right)
{
	struct mb_probe_file f;
	const struct mb_check *c;

	interior_facts(&f, 24);
	f.pages[13].ink.x1 = PT(6 - 0.21);	/* page 14: binding on the right */
	c = interior_check(&f, "interior.gutter");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_str_eq(c->pages, "14");
	ck_assert_has(c->message, "a filled shape 0.21 in from the binding edge on page 14: move it "
		      "at least 0.375 in from the binding edge (the gutter a 24-page book needs)");
	ck_assert_str_eq(c->measured, "0.21 in");
	/* the same ink near the right edge of an odd page is the outside margin */
	facts_free(&f);
	interior_facts(&f, 24);
	f.pages[12].ink.x1 = PT(6 - 0.21);
	ck_assert_int_eq(interior_check(&f, "interior.gutter")->status, MB_CHECK_PASS);
	c = interior_check(&f, "interior.margins");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "0.21 in from the outside edge on page 13: move it at least 0.25 in "
		      "in from the trim");
	facts_free(&f);
}
END_TEST

START_TEST(gutter_band_by_page_count_and_minimum_warns)
{
	struct mb_probe_file f;
	const struct mb_check *c;

	/* 160 pages need 0.5 in: 0.45 in fails there */
	interior_facts(&f, 160);
	f.pages[2].ink.x0 = PT(0.45);
	c = interior_check(&f, "interior.gutter");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "0.45 in from the binding edge on page 3: move it at least 0.5 in "
		      "from the binding edge (the gutter a 160-page book needs)");
	ck_assert(c->has_value);
	ck_assert_double_eq_tol(c->value, 0.45, 1e-9);
	ck_assert_double_eq(c->need, 0.5);
	facts_free(&f);
	/* exactly on the minimum: KDP has flagged that, so warn */
	interior_facts(&f, 24);
	f.pages[2].ink.x0 = PT(0.375);
	ck_assert_int_eq(interior_check(&f, "interior.gutter")->status, MB_CHECK_WARN);
	facts_free(&f);
}
END_TEST

START_TEST(page_number_below_bottom_margin)
{
	struct mb_probe_file f;
	const struct mb_check *c;

	interior_facts(&f, 24);
	f.pages[2].ink.y0 = PT(0.1);
	f.pages[3].ink.y1 = PT(9 - 0.2);
	c = interior_check(&f, "interior.margins");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_str_eq(c->pages, "3-4");
	ck_assert_has(c->message, "0.1 in from the bottom edge on pages 3-4: move it at least 0.25 in "
		      "in from the trim");
	facts_free(&f);
}
END_TEST

/* one painted object on a page (items are freed with the page by facts_free) */
static struct mb_probe_item *page_item(struct mb_probe_page *p, enum mb_probe_item_kind kind,
				      double x0_in, double y0_in, double x1_in, double y1_in)
{
	p->items = xreallocarray(p->items, p->item_count + 1, sizeof(*p->items));
	p->items[p->item_count] = (struct mb_probe_item){
		.kind = kind, .box = { PT(x0_in), PT(y0_in), PT(x1_in), PT(y1_in) }, .ink = true,
		.font = -1, .size_pt = kind == MB_ITEM_TEXT ? 9 : kind == MB_ITEM_STROKE ? 1 : 0,
	};
	return &p->items[p->item_count++];
}

static void items_free(struct mb_probe_file *f)
{
	for (size_t i = 0; i < f->page_measured; i++)
		free(f->pages[i].items);
}

/* a 6 x 9 bleed book: a band over the top and the outside edge, text inside the margins */
static void bleed_facts(struct mb_probe_file *f)
{
	interior_facts(f, 24);
	for (int i = 0; i < 24; i++) {
		struct mb_probe_page *p = &f->pages[i];
		bool odd = p->number % 2;
		double tx = odd ? 0 : 0.125;	/* the trim's left edge */

		p->w_pt = PT(6.125);
		p->h_pt = PT(9.25);
		p->ink = (struct mb_box_pt){ 0, 0, PT(6.125), PT(9.25) };
		page_item(p, MB_ITEM_FILL, odd ? 2 : 0, 8.25, odd ? 6.125 : 4.125, 9.25);
		page_item(p, MB_ITEM_TEXT, tx + (odd ? 0.5 : 0.6), 1, tx + (odd ? 5.4 : 5.5), 8);
	}
}

START_TEST(bleed_inferred_and_bleeding_art_allowed)
{
	struct mb_probe_file f;
	const struct mb_check *c;

	bleed_facts(&f);
	c = interior_check(&f, "interior.trim");
	ck_assert_has(c->message, "with bleed");
	ck_assert_int_eq(interior_check(&f, "interior.page-size")->status, MB_CHECK_PASS);
	/* the band bleeds: it is held to the bleed edge, not to the margins */
	c = interior_check(&f, "interior.margins");
	ck_assert_msg(c->status == MB_CHECK_PASS, "%s", c->message);
	ck_assert_has(c->message, "closest: text 0.6 in from the outside edge");
	c = interior_check(&f, "interior.gutter");
	ck_assert_int_eq(c->status, MB_CHECK_PASS);
	ck_assert_str_eq(c->measured, "0.5 in");
	c = interior_check(&f, "interior.bleed");
	ck_assert_int_eq(c->status, MB_CHECK_PASS);
	ck_assert_has(c->message, "24 objects cross the trim and reach the page edge");
	/* a running head 0.16 in under the top trim fails although the band bleeds there */
	page_item(&f.pages[5], MB_ITEM_TEXT, 1, 9.125 - 0.16 - 0.1, 2, 9.125 - 0.16);
	c = interior_check(&f, "interior.margins");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "text 0.16 in from the top edge on page 6: move it at least "
		      "0.375 in in from the trim");
	ck_assert_str_eq(c->pages, "6");
	items_free(&f);
	facts_free(&f);
}
END_TEST

START_TEST(art_that_stops_short_of_the_bleed)
{
	struct mb_probe_file f;
	const struct mb_check *c;
	size_t marks;

	bleed_facts(&f);
	/* page 9 (odd): a box across the outside trim that ends 0.07 in before the page edge */
	page_item(&f.pages[8], MB_ITEM_FILL, 5.5, 4, 6.125 - 0.07, 5);
	marks = 0;
	c = interior_check(&f, "interior.bleed");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "art stops short of the bleed: a filled shape crosses the outside "
		      "trim line but ends 0.07 in before the page edge on page 9");
	ck_assert_str_eq(c->pages, "9");
	ck_assert_double_eq_tol(c->value, 0.07, 1e-9);
	/* the object is marked for the picture of page 9 */
	for (size_t i = 0; i < cl.mark_count; i++)
		marks += cl.marks[i].page == 9 && !cl.marks[i].cover &&
			 strstr(cl.marks[i].label, "bleed: a filled shape stops 0.07 in short");
	ck_assert_uint_eq(marks, 1);
	/* it does not count against the margins: it is art meant to bleed */
	ck_assert_int_eq(interior_check(&f, "interior.margins")->status, MB_CHECK_PASS);
	/* text is never bleeding art: across the trim it fails the margins, said plainly */
	page_item(&f.pages[8], MB_ITEM_TEXT, 5.5, 2, 6.05, 2.2);
	c = interior_check(&f, "interior.margins");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "text crosses the outside trim line by 0.05 in on page 9");
	items_free(&f);
	facts_free(&f);
}
END_TEST

START_TEST(crop_and_trim_boxes_must_agree_with_the_page)
{
	struct mb_probe_file f;
	const struct mb_check *c;

	interior_facts(&f, 24);
	/* boxes that say what the page is pass */
	for (int i = 0; i < 24; i++) {
		f.pages[i].has_crop = f.pages[i].has_trim = true;
		f.pages[i].crop = f.pages[i].trim = (struct mb_box_pt){ 0, 0, PT(6), PT(9) };
	}
	ck_assert_int_eq(interior_check(&f, "interior.boxes")->status, MB_CHECK_PASS);
	f.pages[2].trim = (struct mb_box_pt){ 0, 0, 1, 1 };
	c = interior_check(&f, "interior.boxes");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_str_eq(c->pages, "3");
	ck_assert_has(c->message, "page 3: the TrimBox is 0.0139 x 0.0139 in at (0, 0) in, the trim "
		      "6 x 9 in at (0, 0) in");
	f.pages[2].trim = f.pages[2].crop;
	f.pages[6].crop = (struct mb_box_pt){ 0, 0, PT(3), PT(4.5) };
	c = interior_check(&f, "interior.boxes");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "page 7: the CropBox is 3 x 4.5 in at (0, 0) in, the page 6 x 9 in");
	facts_free(&f);

	/* with bleed the trim sits inside it: on the right of even pages, the left of odd ones */
	interior_facts(&f, 24);
	for (int i = 0; i < 24; i++) {
		struct mb_probe_page *p = &f.pages[i];
		double x0 = p->number % 2 ? 0 : PT(0.125);

		p->w_pt = PT(6.125);
		p->h_pt = PT(9.25);
		p->has_trim = true;
		p->trim = (struct mb_box_pt){ x0, PT(0.125), x0 + PT(6), PT(9.125) };
		p->ink = (struct mb_box_pt){ PT(1), PT(1), PT(5), PT(8) };
	}
	ck_assert_int_eq(interior_check(&f, "interior.boxes")->status, MB_CHECK_PASS);
	f.pages[3].trim = (struct mb_box_pt){ 0, PT(0.125), PT(6), PT(9.125) };
	c = interior_check(&f, "interior.boxes");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "page 4: the TrimBox is 6 x 9 in at (0, 0.125) in, the trim "
		      "6 x 9 in at (0.125, 0.125) in (inside the bleed)");
	facts_free(&f);
}
END_TEST

START_TEST(trim_not_kdp_and_trim_given)
{
	struct mb_probe_file f;
	struct mb_preflight_params p = infer;
	const struct mb_check *c;

	interior_facts(&f, 24);
	for (int i = 0; i < 24; i++)
		f.pages[i].w_pt = f.pages[i].h_pt = PT(3);
	c = interior_check(&f, "interior.trim");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "not a KDP size");
	facts_free(&f);

	interior_facts(&f, 24);
	ck_assert_int_eq(mb_kdp_parse_trim("5x8", &p.trim, NULL), MB_OK);
	p.trim_given = true;
	mb_checklist_release(&cl);
	mb_checklist_init(&cl);
	mb_preflight_interior(&f, &p, &cl, NULL);
	c = mb_checklist_find(&cl, "interior.page-size");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "page 1: 6 x 9 in, should be 5 x 8 in");
	ck_assert_str_eq(c->pages, "1-24");
	facts_free(&f);
}
END_TEST

START_TEST(unembedded_font)
{
	struct mb_probe_file f;
	struct mb_probe_font fonts[2] = {
		{ "DejaVuSans", "TrueType", true, 1 },
		{ "Helvetica", "Type1", false, 7 },
	};
	const struct mb_check *c;

	interior_facts(&f, 24);
	f.fonts = fonts;
	f.font_count = 2;
	c = interior_check(&f, "interior.fonts");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "page 7: font Helvetica (Type1) is not embedded");
	ck_assert_str_eq(c->pages, "7");
	facts_free(&f);
}
END_TEST

START_TEST(small_text_thin_line_colour_light_gray)
{
	struct mb_probe_file f;
	const struct mb_check *c;

	interior_facts(&f, 24);
	f.pages[2].min_font_pt = 5;
	f.pages[4].min_stroke_pt = 0.25;
	f.pages[6].colour = true;
	snprintf(f.pages[6].colour_what, sizeof(f.pages[6].colour_what), "stroke rgb 1 0 0");
	f.pages[8].lightest_gray = 0.05;
	c = interior_check(&f, "interior.font-size");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "text 5 pt tall (DejaVuSans) on page 3: set it at least 7 pt");
	c = interior_check(&f, "interior.line-weight");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "a line 0.25 pt thick on page 5: make it at least 0.75 pt thick");
	c = interior_check(&f, "interior.colour");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "page 7: colour (mostly stroke rgb 1 0 0) in a black-ink book: it prints as gray");
	c = interior_check(&f, "interior.gray-fill");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "page 9: 5 % gray fill, needs >= 10 % (lighter may not print)");
	f.pages[8].lightest_gray = 0.1;
	ck_assert_int_eq(interior_check(&f, "interior.gray-fill")->status, MB_CHECK_PASS);
	/* a hairline of width 0 is the thinnest of all */
	f.pages[4].min_stroke_pt = 0;
	ck_assert_has(interior_check(&f, "interior.line-weight")->message, "a line 0 pt thick on page 5");
	/* a thin filled rule is a line too, named as such */
	f.pages[4].min_stroke_pt = 1;
	f.pages[10].min_rule_pt = 0.2;
	c = interior_check(&f, "interior.line-weight");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "a thin rule (a long filled rectangle) 0.2 pt thick on page 11");
	ck_assert_str_eq(c->pages, "11");
	f.pages[10].min_rule_pt = 0.75;
	ck_assert_int_eq(interior_check(&f, "interior.line-weight")->status, MB_CHECK_PASS);
	/* a page with a rule and no stroke */
	f.pages[10].min_stroke_pt = -1;
	f.pages[10].min_rule_pt = 0.5;
	ck_assert_has(interior_check(&f, "interior.line-weight")->message,
		      "a thin rule (a long filled rectangle) 0.5 pt thick on page 11");
	f.pages[10].min_rule_pt = 0;
	/* from the objects: a long thin rectangle is a rule, a minus sign (short) is not */
	page_item(&f.pages[10], MB_ITEM_FILL, 1, 2, 1.1, 2.0104)->rect_thick_pt = 0.747;
	f.pages[10].items[0].rect_long_pt = PT(0.1);
	c = interior_check(&f, "interior.line-weight");
	ck_assert_msg(c->status == MB_CHECK_PASS, "%s", c->message);
	page_item(&f.pages[10], MB_ITEM_FILL, 1, 3, 3, 3.0069)->rect_thick_pt = 0.5;
	f.pages[10].items[1].rect_long_pt = PT(2);
	c = interior_check(&f, "interior.line-weight");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "a thin rule (a long filled rectangle) 0.5 pt thick on page 11");
	{
		size_t found = 0;

		for (size_t i = 0; i < cl.mark_count; i++)
			found += cl.marks[i].page == 11 && !cl.marks[i].whole_page &&
				 !strcmp(cl.marks[i].label, "line weight: 0.5 pt rule");
		ck_assert_uint_eq(found, 1);
	}
	items_free(&f);
	facts_free(&f);
}
END_TEST

START_TEST(image_resolution)
{
	struct mb_probe_file f;
	const struct mb_check *c;

	interior_facts(&f, 24);
	f.pages[1].images = 1;
	f.pages[1].min_image_dpi = 150;
	c = interior_check(&f, "interior.image-dpi");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "an image at 150 dpi as printed on page 2 (low resolution): use at "
		      "least 300 dpi");
	f.pages[1].min_image_dpi = 300;
	ck_assert_int_eq(interior_check(&f, "interior.image-dpi")->status, MB_CHECK_PASS);
	facts_free(&f);
}
END_TEST

START_TEST(blank_pages_in_a_row)
{
	struct mb_probe_file f;
	const struct mb_check *c;

	interior_facts(&f, 24);
	for (int i = 4; i < 9; i++)
		f.pages[i].blank = true;
	c = interior_check(&f, "interior.blank-pages");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "pages 5-9: 5 blank pages in a row, at most 4");
	ck_assert_str_eq(c->pages, "5-9");
	/* three in a row: over the house limit of 2, under KDP's 4 */
	f.pages[4].blank = f.pages[5].blank = false;
	ck_assert_int_eq(interior_check(&f, "interior.blank-pages")->status, MB_CHECK_WARN);
	facts_free(&f);
	/* at the end up to 10 are fine, 11 are not */
	interior_facts(&f, 30);
	for (int i = 20; i < 30; i++)
		f.pages[i].blank = true;
	ck_assert_int_eq(interior_check(&f, "interior.blank-pages")->status, MB_CHECK_PASS);
	f.pages[19].blank = true;
	c = interior_check(&f, "interior.blank-pages");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "pages 20-30: 11 blank pages in a row at the end, at most 10");
	facts_free(&f);
}
END_TEST

START_TEST(annotations_bookmarks_transparency_size)
{
	struct mb_probe_file f;
	const struct mb_check *c;

	interior_facts(&f, 24);
	f.pages[1].annotations = 1;
	f.outlines = 3;
	f.pages[3].transparency = true;
	snprintf(f.pages[3].transparency_what, sizeof(f.pages[3].transparency_what), "soft mask");
	f.bytes = 700000000ull;
	f.pages[10].invisible_text = 2;
	c = interior_check(&f, "interior.invisible");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "2 invisible text runs (render mode 3");
	ck_assert_has(c->message, "on page 11");
	c = interior_check(&f, "interior.annotations");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "page 2: 1 annotation");
	c = interior_check(&f, "interior.bookmarks");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "3 bookmarks");
	c = interior_check(&f, "interior.transparency");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "page 4: soft mask");
	c = interior_check(&f, "interior.file-size");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "700.00 MB");
	facts_free(&f);
}
END_TEST

START_TEST(encrypted_locked_file)
{
	struct mb_probe_file f;

	memset(&f, 0, sizeof(f));
	f.bytes = 1000;
	f.encrypted = f.locked = true;
	ck_assert_int_eq(interior_check(&f, "interior.encryption")->status, MB_CHECK_FAIL);
	ck_assert_has(interior_check(&f, "interior.encryption")->message, "could not be measured");
	ck_assert_ptr_null(mb_checklist_find(&cl, "interior.gutter"));
	ck_assert(mb_checklist_failed(&cl));
	/* readable but encrypted still fails */
	interior_facts(&f, 24);
	f.encrypted = true;
	ck_assert_int_eq(interior_check(&f, "interior.encryption")->status, MB_CHECK_FAIL);
	ck_assert_int_eq(interior_check(&f, "interior.gutter")->status, MB_CHECK_PASS);
	facts_free(&f);
}
END_TEST

/* ---- covers ---- */

static struct mb_trim trim_6x9;
static struct mb_probe_page cover_page;
static struct mb_probe_item cover_items[16];

/* a one-page cover for a 6 x 9 white book of pages pages, with a background and a title */
static void cover_facts(struct mb_probe_file *f, int pages, double narrower_in)
{
	struct mb_cover_geometry g;

	ck_assert_int_eq(mb_kdp_parse_trim("6x9", &trim_6x9, NULL), MB_OK);
	mb_kdp_cover_geometry(&trim_6x9, pages, MB_PAPER_WHITE, &g);
	memset(f, 0, sizeof(*f));
	memset(&cover_page, 0, sizeof(cover_page));
	f->bytes = 5000;
	f->page_count = 1;
	f->page_measured = 1;
	f->pages = &cover_page;
	f->font_count = 1;
	f->fonts = &embedded_font;
	cover_page.number = 1;
	cover_page.w_pt = PT(g.w_in - narrower_in);
	cover_page.h_pt = PT(g.h_in);
	cover_page.text_runs = 1;
	cover_page.min_font_pt = 28;
	cover_page.min_image_dpi = -1;
	cover_page.min_stroke_pt = -1;
	cover_page.items = cover_items;
	cover_items[0] = (struct mb_probe_item){ .kind = MB_ITEM_FILL, .box = { 0, 0, cover_page.w_pt,
								 cover_page.h_pt }, .size_pt = 0, .dpi = 0, .ink = true, .font = -1 };
	cover_items[1] = (struct mb_probe_item){ .kind = MB_ITEM_TEXT, .box = { PT(g.front.x + 1), PT(7),
								 PT(g.front.x + 4), PT(7.5) }, .size_pt = 28, .dpi = 0, .ink = true, .font = 0 };
	cover_page.item_count = 2;
}

static void add_item(struct mb_probe_item it)
{
	cover_items[cover_page.item_count++] = it;
}

static const struct mb_check *cover_check(const struct mb_probe_file *f, int pages,
					  const char *id)
{
	const struct mb_check *c;

	mb_checklist_release(&cl);
	mb_checklist_init(&cl);
	mb_preflight_cover(f, &trim_6x9, pages, MB_PAPER_WHITE, &cl);
	c = mb_checklist_find(&cl, id);
	ck_assert_msg(c != NULL, "no check %s", id);
	return c;
}

START_TEST(clean_cover_passes)
{
	struct mb_probe_file f;

	cover_facts(&f, 120, 0);
	cover_check(&f, 120, "cover.size");
	for (size_t i = 0; i < cl.count; i++)
		ck_assert_msg(cl.checks[i].status == MB_CHECK_PASS, "%s: %s", cl.checks[i].id,
			      cl.checks[i].message);
	ck_assert_has(mb_checklist_find(&cl, "cover.size")->message, "12.5202 x 9.2500 in");
}
END_TEST

START_TEST(cover_too_narrow_and_two_pages)
{
	struct mb_probe_file f;
	const struct mb_check *c;

	cover_facts(&f, 120, 0.05);
	c = cover_check(&f, 120, "cover.size");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "12.4702 x 9.2500 in, should be 12.5202 x 9.2500 in");
	ck_assert_has(c->message, "spine 0.2702 in");
	/* 0.0009 in off is inside the 0.001 in tolerance */
	cover_facts(&f, 120, 0.0009);
	ck_assert_int_eq(cover_check(&f, 120, "cover.size")->status, MB_CHECK_PASS);
	f.page_count = 2;
	ck_assert_int_eq(cover_check(&f, 120, "cover.pages")->status, MB_CHECK_FAIL);
}
END_TEST

START_TEST(spine_text_needs_80_pages_and_clearance)
{
	struct mb_probe_file f;
	struct mb_cover_geometry g;
	const struct mb_check *c;
	double mid;

	cover_facts(&f, 60, 0);
	mb_kdp_cover_geometry(&trim_6x9, 60, MB_PAPER_WHITE, &g);
	mid = g.spine.x + g.spine.w / 2;
	add_item((struct mb_probe_item){ .kind = MB_ITEM_TEXT, .box = { PT(mid) - 2.5, PT(3), PT(mid) + 2.5,
							 PT(5) }, .size_pt = 7, .dpi = 0, .ink = true, .font = 0 });
	c = cover_check(&f, 60, "cover.spine-text");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "60-page book");

	cover_facts(&f, 120, 0);
	mb_kdp_cover_geometry(&trim_6x9, 120, MB_PAPER_WHITE, &g);
	mid = g.spine.x + g.spine.w / 2;
	add_item((struct mb_probe_item){ .kind = MB_ITEM_TEXT, .box = { PT(mid) - 2.5, PT(3), PT(mid) + 2.5,
							 PT(5) }, .size_pt = 7, .dpi = 0, .ink = true, .font = 0 });
	ck_assert_int_eq(cover_check(&f, 120, "cover.spine-text")->status, MB_CHECK_PASS);
	/* 0.03 in from the fold: under the 0.0625 in clearance */
	cover_items[2].box.x0 = PT(g.spine.x + 0.03);
	c = cover_check(&f, 120, "cover.spine-text");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "0.03 in from a fold (needs >= 0.0625 in)");
}
END_TEST

START_TEST(barcode_area)
{
	struct mb_probe_file f;
	struct mb_cover_geometry g;
	const struct mb_check *c;

	cover_facts(&f, 120, 0);
	mb_kdp_cover_geometry(&trim_6x9, 120, MB_PAPER_WHITE, &g);
	/* a white box where the barcode goes is background */
	add_item((struct mb_probe_item){ .kind = MB_ITEM_FILL, .box = { PT(g.barcode.x), PT(g.barcode.y),
							 PT(g.barcode.x + 1), PT(g.barcode.y + 1) }, .size_pt = 0, .dpi = 0, .ink = false, .font = -1 });
	ck_assert_int_eq(cover_check(&f, 120, "cover.barcode-area")->status, MB_CHECK_PASS);
	add_item((struct mb_probe_item){ .kind = MB_ITEM_TEXT, .box = { PT(g.barcode.x + 0.5), PT(g.barcode.y + 0.3),
							 PT(g.barcode.x + 1.5), PT(g.barcode.y + 0.5) }, .size_pt = 10, .dpi = 0, .ink = true, .font = 0 });
	c = cover_check(&f, 120, "cover.barcode-area");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "text DejaVuSans at 4.375,0.675 in");
	/* a line crossing it fails too; an image under all of it warns */
	cover_items[3] = (struct mb_probe_item){ .kind = MB_ITEM_STROKE, .box = { 0, PT(1), PT(12), PT(1) + 1 }, .size_pt = 1, .dpi = 0, .ink = true, .font = -1 };
	ck_assert_int_eq(cover_check(&f, 120, "cover.barcode-area")->status, MB_CHECK_FAIL);
	cover_items[3] = (struct mb_probe_item){ .kind = MB_ITEM_IMAGE, .box = { 0, 0, PT(7), PT(3) }, .size_pt = 0, .dpi = 300, .ink = true, .font = -1 };
	ck_assert_int_eq(cover_check(&f, 120, "cover.barcode-area")->status, MB_CHECK_WARN);
	/* a plain box painted over all of it hides what came before... */
	cover_items[3] = (struct mb_probe_item){ .kind = MB_ITEM_STROKE, .box = { 0, PT(1), PT(12), PT(1) + 1 }, .size_pt = 1, .dpi = 0, .ink = true, .font = -1 };
	add_item((struct mb_probe_item){ .kind = MB_ITEM_FILL, .box = { PT(g.barcode.x) - 1, PT(g.barcode.y) - 1,
							 PT(g.barcode.x + g.barcode.w) + 1,
							 PT(g.barcode.y + g.barcode.h) + 1 }, .size_pt = 0, .dpi = 0, .ink = false, .font = -1 });
	ck_assert_int_eq(cover_check(&f, 120, "cover.barcode-area")->status, MB_CHECK_PASS);
	/* ...but not what comes after it */
	add_item((struct mb_probe_item){ .kind = MB_ITEM_TEXT, .box = { PT(g.barcode.x + 0.5), PT(g.barcode.y + 0.3),
							 PT(g.barcode.x + 1.5), PT(g.barcode.y + 0.5) }, .size_pt = 10, .dpi = 0, .ink = true, .font = 0 });
	ck_assert_int_eq(cover_check(&f, 120, "cover.barcode-area")->status, MB_CHECK_FAIL);
}
END_TEST

START_TEST(text_near_the_trim)
{
	struct mb_probe_file f;
	struct mb_cover_geometry g;
	const struct mb_check *c;

	cover_facts(&f, 120, 0);
	mb_kdp_cover_geometry(&trim_6x9, 120, MB_PAPER_WHITE, &g);
	add_item((struct mb_probe_item){ .kind = MB_ITEM_TEXT, .box = { PT(g.front.x + g.front.w - 1),
							 PT(4), PT(g.front.x + g.front.w - 0.05),
							 PT(4.2) }, .size_pt = 10, .dpi = 0, .ink = true, .font = 0 });
	c = cover_check(&f, 120, "cover.safe-zone");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "front cover text (DejaVuSans, 10 pt) only 0.05 in inside the trim: "
		      "move it at least 0.125 in in");
	/* on the back too, white text included */
	cover_facts(&f, 120, 0);
	add_item((struct mb_probe_item){ .kind = MB_ITEM_TEXT, .box = { PT(0.2), PT(4), PT(1), PT(4.2) }, .size_pt = 10, .dpi = 0, .ink = false, .font = 0 });
	c = cover_check(&f, 120, "cover.safe-zone");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "back cover text");
}
END_TEST

START_TEST(cover_fonts_size_images)
{
	struct mb_probe_file f;
	struct mb_probe_font helv = { "Helvetica", "Type1", false, 1 };

	cover_facts(&f, 120, 0);
	cover_page.min_font_pt = 5;
	cover_page.images = 1;
	cover_page.min_image_dpi = 150;
	f.fonts = &helv;
	ck_assert_int_eq(cover_check(&f, 120, "cover.font-size")->status, MB_CHECK_FAIL);
	ck_assert_int_eq(cover_check(&f, 120, "cover.fonts")->status, MB_CHECK_FAIL);
	ck_assert_int_eq(cover_check(&f, 120, "cover.image-dpi")->status, MB_CHECK_FAIL);
	ck_assert_has(cover_check(&f, 120, "cover.image-dpi")->message, "150 dpi");
	cover_page.colorspaces = MB_CS_RGB;
	ck_assert_int_eq(cover_check(&f, 120, "cover.colour-spaces")->status, MB_CHECK_PASS);
	cover_page.colorspaces = MB_CS_RGB | MB_CS_CMYK;
	ck_assert_has(cover_check(&f, 120, "cover.colour-spaces")->message, "mixed");
	ck_assert_int_eq(cover_check(&f, 120, "cover.colour-spaces")->status, MB_CHECK_FAIL);
	cover_page.colorspaces = MB_CS_CMYK | MB_CS_OTHER;
	ck_assert_int_eq(cover_check(&f, 120, "cover.colour-spaces")->status, MB_CHECK_FAIL);
}
END_TEST

/* ---- the checklist's forms ---- */

/* the new rules over hand-made facts: each fed a fact that breaks it */
START_TEST(placeholder_text_found_in_every_language)
{
	char found[64];
	struct mb_probe_file f;
	const struct mb_check *c;
	static char page_text[] = "Chapter 1 [Insert  the chapter's title here] and more";

	ck_assert(mb_placeholder_find("by Your Name", 12, found, sizeof(found)));
	ck_assert_str_eq(found, "your name");
	ck_assert(mb_placeholder_find("LOREM   IPSUM dolor", 19, found, sizeof(found)));
	ck_assert(mb_placeholder_find("von Ihr Name", 12, found, sizeof(found)));
	ck_assert(mb_placeholder_find("TÍTULO AQUÍ", strlen("TÍTULO AQUÍ"), found, sizeof(found)));
	ck_assert_str_eq(found, "título aquí");
	ck_assert(mb_placeholder_find("Nom de l\xe2\x80\x99" "auteur", strlen("Nom de l\xe2\x80\x99" "auteur"),
				      found, sizeof(found)));
	/* real words are not placeholders */
	ck_assert(!mb_placeholder_find("Amazing Mazes for Kids", 22, found, sizeof(found)));
	ck_assert(!mb_placeholder_find("Jane Doe", 8, found, sizeof(found)));
	ck_assert(!mb_placeholder_find(NULL, 0, found, sizeof(found)));

	interior_facts(&f, 24);
	ck_assert_int_eq(interior_check(&f, "interior.placeholder")->status, MB_CHECK_PASS);
	f.pages[4].text = page_text;
	f.pages[4].text_len = strlen(page_text);
	c = interior_check(&f, "interior.placeholder");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "placeholder text \"[insert\" on page 5: replace it with your own words");
	ck_assert_str_eq(c->pages, "5");
	f.pages[4].text = NULL;
	facts_free(&f);
}
END_TEST

START_TEST(white_on_white_and_hidden_layers)
{
	struct mb_probe_file f;
	const struct mb_check *c;

	interior_facts(&f, 24);
	/* white text on a gray box is visible; on bare paper it is not */
	page_item(&f.pages[2], MB_ITEM_FILL, 1, 1, 3, 2);
	page_item(&f.pages[2], MB_ITEM_TEXT, 1.2, 1.2, 2, 1.4)->ink = false;
	ck_assert_int_eq(interior_check(&f, "interior.invisible")->status, MB_CHECK_PASS);
	page_item(&f.pages[2], MB_ITEM_TEXT, 1.2, 5, 2, 5.2)->ink = false;
	c = interior_check(&f, "interior.invisible");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "1 run of white text on white paper; on page 3");
	/* a layer switched off */
	f.pages[6].hidden_oc = 2;
	snprintf(f.pages[6].hidden_oc_what, sizeof(f.pages[6].hidden_oc_what), "Answers");
	c = interior_check(&f, "interior.invisible");
	ck_assert_has(c->message, "2 objects in a layer (optional content) switched off, 'Answers'");
	ck_assert_has(c->message, "on pages 3, 7");
	ck_assert_str_eq(c->measured, "layer 'Answers' off");
	items_free(&f);
	facts_free(&f);
}
END_TEST

START_TEST(crop_marks_caught)
{
	struct mb_probe_file f;
	const struct mb_check *c;

	bleed_facts(&f);
	ck_assert_int_eq(interior_check(&f, "interior.crop-marks")->status, MB_CHECK_PASS);
	/* page 3 (odd, trim 0..6 x 0.125..9.125): short lines in the bleed at a corner */
	page_item(&f.pages[2], MB_ITEM_STROKE, 6.02, 9.13, 6.12, 9.135)->size_pt = 0.25;
	page_item(&f.pages[2], MB_ITEM_STROKE, 6.05, 9.14, 6.06, 9.24)->size_pt = 0.25;
	c = interior_check(&f, "interior.crop-marks");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "2 mark lines outside the trim on page 3: crop or registration marks");
	items_free(&f);
	facts_free(&f);
	/* a page enlarged for marks, no TrimBox: lines in three corners */
	interior_facts(&f, 24);
	for (int i = 0; i < 24; i++) {
		struct mb_probe_page *p = &f.pages[i];

		p->w_pt = PT(6.5);
		p->h_pt = PT(9.5);
		page_item(p, MB_ITEM_STROKE, 0, 0.25, 0.2, 0.25)->size_pt = 0.4;
		page_item(p, MB_ITEM_STROKE, 6.3, 0.25, 6.5, 0.25)->size_pt = 0.4;
		page_item(p, MB_ITEM_STROKE, 6.3, 9.25, 6.5, 9.25)->size_pt = 0.4;
		page_item(p, MB_ITEM_TEXT, 1.25, 1, 5.25, 8.5);
	}
	c = interior_check(&f, "interior.crop-marks");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_str_eq(c->pages, "1-24");
	/* the marks are not held to the margins: the text is 1 in inside */
	ck_assert_int_eq(interior_check(&f, "interior.margins")->status, MB_CHECK_PASS);
	items_free(&f);
	facts_free(&f);
}
END_TEST

START_TEST(nothing_measured_is_never_pass)
{
	struct mb_probe_file f;
	const struct mb_check *c;
	struct mb_preflight_params p = infer;

	/* every page the wrong size for the trim given: the gutter was not measured */
	interior_facts(&f, 24);
	p.trim_given = true;
	ck_assert_int_eq(mb_kdp_parse_trim("5x8", &p.trim, NULL), MB_OK);
	mb_checklist_release(&cl);
	mb_checklist_init(&cl);
	mb_preflight_interior(&f, &p, &cl, NULL);
	c = mb_checklist_find(&cl, "interior.gutter");
	ck_assert_int_eq(c->status, MB_CHECK_WARN);
	ck_assert_has(c->message, "not measured: no page with ink is the page size the trim needs");
	c = mb_checklist_find(&cl, "interior.margins");
	ck_assert_int_eq(c->status, MB_CHECK_WARN);
	ck_assert_has(c->message, "not measured");
	/* some pages measured, the others named */
	f.pages[3].w_pt = PT(5);
	f.pages[3].h_pt = PT(8);
	f.pages[3].ink = (struct mb_box_pt){ PT(1), PT(1), PT(4), PT(7) };
	mb_checklist_release(&cl);
	mb_checklist_init(&cl);
	mb_preflight_interior(&f, &p, &cl, NULL);
	c = mb_checklist_find(&cl, "interior.gutter");
	ck_assert_has(c->message, "(not measured: pages 1-3, 5-24, not the page size");
	facts_free(&f);
}
END_TEST

/* titles as publishers write them: what each says of a 30-maze book */
START_TEST(counts_in_titles_as_people_write_them)
{
	static const struct {
		const char *text;
		long said;	/* for a book of 30 mazes; -1: no count */
	} titles[] = {
		{ "Easy Mazes for Kids Ages 4-6", -1 },
		{ "Ages 4-6 Easy Mazes for Kids", -1 },
		{ "Ages 4\xe2\x80\x938 Mazes", -1 },
		{ "Mazes for Kids 8-12", -1 },
		{ "Kids 8-12 Mazes", -1 },
		{ "Age 6+ Mazes", -1 },
		{ "4-8 Years Maze Book", -1 },
		{ "Mazes for 3 Year Olds", -1 },
		{ "4 Year Old Mazes", -1 },
		{ "Toddlers 2-4 Mazes", -1 },
		{ "Preschool Mazes Ages 3 to 5", -1 },
		{ "2nd Grade Mazes", -1 },
		{ "Grade 3 Mazes", -1 },
		{ "Maze Puzzles for Kids, Volume 2", -1 },
		{ "Volume 2 Mazes", -1 },
		{ "Vol. 3 Easy Mazes", -1 },
		{ "Book 2 Mazes", -1 },
		{ "Part 1 Mazes", -1 },
		{ "#4 Mazes", -1 },
		{ "Halloween Mazes for Kids 2026", -1 },
		{ "2026 Halloween Mazes", -1 },
		{ "Christmas Mazes 2026", -1 },
		{ "Mazes 101 for Kids", -1 },
		{ "3D Mazes", -1 },
		{ "5-Minute Mazes", -1 },
		{ "Level 3 Mazes", -1 },
		{ "2 in 1 Mazes", -1 },
		{ "Mazes 2-in-1 Mazes and Fun", -1 },
		{ "Labyrinthe ab 6 Jahren", -1 },
		{ "Laberintos para niños de 4 a 6 años", -1 },
		{ "Labyrinthes dès 5 ans", -1 },
		{ "Large Print Mazes for Seniors", -1 },
		{ "30 Mazes", 30 },
		{ "30 Easy Mazes for Ages 5-7", 30 },
		{ "30 Large Print Mazes", 30 },
		{ "Over 20 Mazes", 30 },
		{ "20+ Mazes for Kids", 30 },
		{ "30 Labyrinthe", 30 },
		{ "Book 2: 30 Mazes", 30 },
		{ "100 Mazes", 100 },
		{ "100 Fun Easy Mazes for Ages 4-6", 100 },
		{ "50+ Mazes", 50 },
		{ "101 Mazes for Kids", 101 },
		{ "Ages 4-6: 50 Mazes", 50 },
		{ "Christmas 2026: 40 Mazes", 40 },
	};

	for (size_t i = 0; i < sizeof(titles) / sizeof(titles[0]); i++) {
		const char *t = titles[i].text;

		ck_assert_msg(mb_text_maze_count(t, strlen(t), 30) == titles[i].said,
			      "'%s' reads as %ld mazes, not %ld", t,
			      mb_text_maze_count(t, strlen(t), 30), titles[i].said);
	}
}
END_TEST

/*
 * A cover's text read run by run: a title drawn twice (a drop shadow,
 * then its face) is one run, and runs far apart (the spine's title, the
 * front's) are not one phrase.
 */
START_TEST(cover_count_reads_each_run_once)
{
	struct mb_probe_file f;
	const struct mb_check *c;
	static char text[] = "Easy Mazes for Kids Ages 4-6 Easy Mazes for Kids Ages 4-6 "
			     "Maze Puzzles Volume 2 Maze Puzzles 30 MAZES";
	struct mb_probe_item items[6];
	static const struct { size_t off, len; double x0, y0, x1, y1; } runs[] = {
		{ 0, 28, 100, 500, 400, 530 },	/* the title's shadow */
		{ 29, 28, 102, 502, 402, 532 },	/* its face, 2 pt over */
		{ 58, 21, 10, 100, 24, 400 },	/* the spine, far off */
		{ 80, 12, 100, 300, 300, 330 },	/* the front's next line */
		{ 93, 2, 300, 100, 340, 140 },	/* the badge: "30" */
		{ 96, 5, 300, 60, 360, 90 },	/* over "MAZES" */
	};

	cover_facts(&f, 120, 0);
	for (size_t i = 0; i < 6; i++)
		items[i] = (struct mb_probe_item){
			.kind = MB_ITEM_TEXT, .text_off = runs[i].off, .text_len = runs[i].len,
			.box = { runs[i].x0, runs[i].y0, runs[i].x1, runs[i].y1 },
		};
	cover_page.text = text;
	cover_page.text_len = strlen(text);
	cover_page.items = items;
	cover_page.item_count = 6;
	mb_checklist_release(&cl);
	mb_checklist_init(&cl);
	mb_preflight_cover_count(&f, 30, &cl);
	c = mb_checklist_find(&cl, "cover.count");
	ck_assert_msg(c->status == MB_CHECK_PASS, "%s", c->message);
	ck_assert_has(c->message, "the cover says 30 mazes, as the book has");
	/* the same badge on a 40-maze book still fails */
	mb_checklist_release(&cl);
	mb_checklist_init(&cl);
	mb_preflight_cover_count(&f, 40, &cl);
	ck_assert_int_eq(mb_checklist_find(&cl, "cover.count")->status, MB_CHECK_FAIL);
	cover_page.items = NULL;
	cover_page.item_count = 0;
	cover_page.text = NULL;
	cover_page.text_len = 0;
}
END_TEST

START_TEST(cover_count_against_the_book)
{
	struct mb_probe_file f;
	const struct mb_check *c;
	static char text[] = "Amazing Mazes 100 Easy Mazes for Ages 5-7 by Jane";
	static char text_de[] = "50 knifflige Labyrinthe";

	cover_facts(&f, 120, 0);
	cover_page.text = text;
	cover_page.text_len = strlen(text);
	mb_checklist_release(&cl);
	mb_checklist_init(&cl);
	mb_preflight_cover_count(&f, 50, &cl);
	c = mb_checklist_find(&cl, "cover.count");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "the cover says 100 mazes but the book has 50");
	mb_checklist_release(&cl);
	mb_checklist_init(&cl);
	mb_preflight_cover_count(&f, 100, &cl);
	ck_assert_int_eq(mb_checklist_find(&cl, "cover.count")->status, MB_CHECK_PASS);
	/* "Ages 5-7" is not a count of mazes; German counts too */
	cover_page.text = text_de;
	cover_page.text_len = strlen(text_de);
	mb_checklist_release(&cl);
	mb_checklist_init(&cl);
	mb_preflight_cover_count(&f, 40, &cl);
	ck_assert_int_eq(mb_checklist_find(&cl, "cover.count")->status, MB_CHECK_FAIL);
	/*
	 * numbers that are not counts, beside ones that are: a title ending in
	 * a number before the badge, a series' volume, the spine's title run
	 * into the front's (found by the builder's own series and parallel books)
	 */
	{
		static char *not_counts[] = {
			"Parallel 1 30 MAZES", "Amazing Mazes Vol. 2 30 Mazes",
			"Amazing Mazes Vol. 1 A Amazing Mazes Vol. 1 30 MAZES",
			"Vol. 3 Easy Mazes 30 mazes", "Maze Book: 30 Mazes for Everyone",
		};

		for (size_t i = 0; i < sizeof(not_counts) / sizeof(not_counts[0]); i++) {
			cover_page.text = not_counts[i];
			cover_page.text_len = strlen(not_counts[i]);
			mb_checklist_release(&cl);
			mb_checklist_init(&cl);
			mb_preflight_cover_count(&f, 30, &cl);
			c = mb_checklist_find(&cl, "cover.count");
			ck_assert_msg(c->status == MB_CHECK_PASS, "'%s': %s", not_counts[i],
				      c->message);
			ck_assert_has(c->message, "the cover says 30 mazes, as the book has");
		}
	}
	/* unknown count (mb 0): no check */
	mb_checklist_release(&cl);
	mb_checklist_init(&cl);
	mb_preflight_cover_count(&f, 0, &cl);
	ck_assert_ptr_null(mb_checklist_find(&cl, "cover.count"));
	cover_page.text = NULL;
	cover_page.text_len = 0;
}
END_TEST

START_TEST(picture_boxes_for_a_failing_page)
{
	struct mb_probe_file f;
	struct mb_picture_box *boxes;
	size_t n, faults = 0;
	char caption[512];

	bleed_facts(&f);
	page_item(&f.pages[8], MB_ITEM_FILL, 5.5, 4, 6.125 - 0.07, 5);
	interior_check(&f, "interior.bleed");
	ck_assert(!mb_preflight_picture_boxes(&cl, false, 3, &boxes, &n, caption, sizeof(caption)));
	free(boxes);
	ck_assert(mb_preflight_picture_boxes(&cl, false, 9, &boxes, &n, caption, sizeof(caption)));
	for (size_t i = 0; i < n; i++)
		faults += boxes[i].pen == MB_PEN_FAULT;
	ck_assert_uint_eq(faults, 1);
	ck_assert_uint_eq(n, 4);	/* the fault, the trim, the gutter, the margins */
	ck_assert_int_eq(boxes[1].pen, MB_PEN_TRIM);
	/* page 9 is odd: its trim starts at the binding edge, x = 0 */
	ck_assert_double_eq(boxes[1].box.x0, 0);
	ck_assert_has(caption, "bleed: a filled shape stops 0.07 in short");
	free(boxes);
	items_free(&f);
	facts_free(&f);
	/* a page of the wrong size gets its picture, without the trim's guides */
	interior_facts(&f, 24);
	f.pages[4].w_pt = PT(8.5);
	f.pages[4].h_pt = PT(11);
	interior_check(&f, "interior.page-size");
	ck_assert(mb_preflight_picture_boxes(&cl, false, 5, &boxes, &n, caption, sizeof(caption)));
	ck_assert_uint_eq(n, 0);
	ck_assert_has(caption, "page-size: 8.5 x 11 in");
	free(boxes);
	facts_free(&f);
}
END_TEST

START_TEST(checklist_text_and_json)
{
	char *text, *json;
	static const char hex[] = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

	mb_checklist_init(&cl);
	mb_checklist_add_file(&cl, "file", "interior.pdf", hex, 71394);
	mb_checklist_add_file(&cl, "spec", "book.yaml", hex, 12);
	mb_checklist_add(&cl, "interior.trim", MB_CHECK_PASS, "", "6 x 9 in", "a KDP trim size",
			 "6 x 9 in (KDP listed size)");
	mb_checklist_add(&cl, "interior.gutter", MB_CHECK_FAIL, "14", "0.21 in", ">= 0.375 in",
			 "page 14: ink 0.21 in from the binding edge, needs >= 0.375 in");
	mb_checklist_add(&cl, "interior.gray-fill", MB_CHECK_WARN, "9", "5 %", ">= 10 %",
			 "say \"hi\"\\");
	text = mb_checklist_text(&cl);
	ck_assert_str_eq(text,
		"mazebook preflight checklist\n"
		"tool: mazebook " PACKAGE_VERSION "\n"
		"rules: kdp-paperback-2026.11\n"
		"file: interior.pdf sha256=ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad bytes=71394\n"
		"spec: book.yaml sha256=ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad bytes=12\n"
		"result: FAIL (1 pass, 1 warn, 1 fail)\n"
		"\n"
		"PASS  interior.trim        6 x 9 in (KDP listed size)\n"
		"FAIL  interior.gutter      page 14: ink 0.21 in from the binding edge, needs >= 0.375 in\n"
		"WARN  interior.gray-fill   say \"hi\"\\\n");
	json = mb_checklist_json(&cl);
	ck_assert_has(json, "\"result\": \"FAIL\"");
	ck_assert_has(json, "{\"id\": \"interior.gutter\", \"status\": \"FAIL\", \"pages\": \"14\", "
			    "\"measured\": \"0.21 in\", \"limit\": \">= 0.375 in\"");
	ck_assert_has(json, "\"message\": \"say \\\"hi\\\"\\\\\"");
	free(json);
	mb_check_numbers(&cl, 0.21, 0.375, "in");
	json = mb_checklist_json(&cl);
	ck_assert_has(json, "\"value\": 0.21, \"need\": 0.375, \"unit\": \"in\"");
	ck_assert_has(json, "{\"role\": \"spec\", \"name\": \"book.yaml\"");
	free(text);
	free(json);
	/* warnings alone pass */
	mb_checklist_release(&cl);
	mb_checklist_init(&cl);
	mb_checklist_add(&cl, "a.b", MB_CHECK_WARN, NULL, NULL, NULL, "w");
	ck_assert(!mb_checklist_failed(&cl));
	text = mb_checklist_text(&cl);
	ck_assert_has(text, "result: PASS (0 pass, 1 warn, 0 fail)");
	free(text);
}
END_TEST

START_TEST(relative_names)
{
	char tmp[] = "/tmp/mazebook-rel-XXXXXX";
	char *sub, *r;

	ck_assert_ptr_nonnull(mkdtemp(tmp));
	sub = xasprintf("%s/out", tmp);
	ck_assert_int_eq(mkdir(sub, 0700), 0);
	r = mb_path_relative(sub, tmp);	/* a path whose base is "out" in tmp */
	ck_assert_str_eq(r, "out");
	free(r);
	r = xasprintf("%s/interior.pdf", sub);
	{
		char *rel = mb_path_relative(r, sub);

		ck_assert_str_eq(rel, "interior.pdf");
		free(rel);
		rel = mb_path_relative(r, tmp);
		ck_assert_str_eq(rel, "out/interior.pdf");
		free(rel);
	}
	free(r);
	r = xasprintf("%s/cover.pdf", tmp);
	{
		char *rel = mb_path_relative(r, sub);

		ck_assert_str_eq(rel, "../cover.pdf");
		free(rel);
	}
	free(r);
	rmdir(sub);
	rmdir(tmp);
	free(sub);
}
END_TEST

/* ---- hardcover covers and colour interiors ---- */

static const struct mb_print hardcover_white = { MB_BINDING_HARDCOVER, MB_INK_BLACK,
						 MB_PAPER_WHITE };
static const struct mb_print paperback_white = { MB_BINDING_PAPERBACK, MB_INK_BLACK,
						 MB_PAPER_WHITE };

/* a one-page case-laminate cover for a 6 x 9 white book: background and a title on the front */
static void case_facts(struct mb_probe_file *f, int pages, struct mb_cover_geometry *g,
		       struct mb_cover_case *hc)
{
	cover_facts(f, pages, 0);
	mb_kdp_cover_geometry_for(&trim_6x9, pages, &hardcover_white, g, hc);
	cover_page.w_pt = PT(g->w_in);
	cover_page.h_pt = PT(g->h_in);
	cover_items[0].box = (struct mb_box_pt){ 0, 0, cover_page.w_pt, cover_page.h_pt };
	cover_items[1].box = (struct mb_box_pt){ PT(g->front.x + 1), PT(7), PT(g->front.x + 4),
						 PT(7.5) };
}

static const struct mb_check *edition_cover_check(const struct mb_probe_file *f, int pages,
						  const struct mb_print *print, const char *id)
{
	const struct mb_check *c;

	mb_checklist_release(&cl);
	mb_checklist_init(&cl);
	mb_preflight_cover_for(f, &trim_6x9, pages, print, &cl);
	c = mb_checklist_find(&cl, id);
	ck_assert_msg(c != NULL, "no check %s", id);
	return c;
}

START_TEST(hardcover_cover_checks)
{
	struct mb_probe_file f;
	struct mb_cover_geometry g;
	struct mb_cover_case hc;
	const struct mb_check *c;

	case_facts(&f, 120, &g, &hc);
	edition_cover_check(&f, 120, &hardcover_white, "cover.size");
	for (size_t i = 0; i < cl.count; i++)
		ck_assert_msg(cl.checks[i].status == MB_CHECK_PASS, "%s: %s", cl.checks[i].id,
			      cl.checks[i].message);
	ck_assert_has(mb_checklist_find(&cl, "cover.size")->message, "14.0340 x 10.4173 in");
	ck_assert_has(mb_checklist_find(&cl, "cover.size")->message, "hardcover");
	ck_assert_ptr_nonnull(mb_checklist_find(&cl, "cover.hinge"));
	ck_assert_ptr_nonnull(mb_checklist_find(&cl, "cover.wrap"));
	/* the same cover checked as a paperback: the wrong size */
	c = edition_cover_check(&f, 120, &paperback_white, "cover.size");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "should be 12.5202 x 9.2500 in");
	ck_assert_ptr_null(mb_checklist_find(&cl, "cover.hinge"));
	/* and a paperback cover checked as a hardcover */
	cover_facts(&f, 120, 0);
	c = edition_cover_check(&f, 120, &hardcover_white, "cover.size");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "12.5202 x 9.2500 in, should be 14.0340 x 10.4173 in");
	/* text in the front hinge */
	case_facts(&f, 120, &g, &hc);
	add_item((struct mb_probe_item){ .kind = MB_ITEM_TEXT, .box = { PT(hc.hinge_front.x + 0.1), PT(5),
							 PT(hc.hinge_front.x + 2), PT(5.3) }, .size_pt = 12, .dpi = 0, .ink = true, .font = 0 });
	c = edition_cover_check(&f, 120, &hardcover_white, "cover.hinge");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "lies in a hinge");
	/* text 0.125 in from the board edge passes; over the wrap it fails the safe zone */
	case_facts(&f, 120, &g, &hc);
	add_item((struct mb_probe_item){ .kind = MB_ITEM_TEXT, .box = { PT(g.front.x + g.front.w - 1.13), PT(5),
							 PT(g.front.x + g.front.w - 0.13), PT(5.3) }, .size_pt = 12, .dpi = 0, .ink = true, .font = 0 });
	ck_assert_int_eq(edition_cover_check(&f, 120, &hardcover_white, "cover.safe-zone")->status,
			 MB_CHECK_PASS);
	cover_items[2].box.x0 += PT(0.1);
	cover_items[2].box.x1 += PT(0.1);
	c = edition_cover_check(&f, 120, &hardcover_white, "cover.safe-zone");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "inside the board: move it at least 0.125 in in");
	/* something in the barcode box on the back board */
	case_facts(&f, 120, &g, &hc);
	add_item((struct mb_probe_item){ .kind = MB_ITEM_TEXT, .box = { PT(g.barcode.x + 0.5), PT(g.barcode.y + 0.5),
							 PT(g.barcode.x + 1), PT(g.barcode.y + 0.7) }, .size_pt = 12, .dpi = 0, .ink = true, .font = 0 });
	ck_assert_int_eq(edition_cover_check(&f, 120, &hardcover_white,
					     "cover.barcode-area")->status, MB_CHECK_FAIL);
	/* spine text closer than 0.0625 in to a fold */
	case_facts(&f, 120, &g, &hc);
	add_item((struct mb_probe_item){ .kind = MB_ITEM_TEXT, .box = { PT(g.spine.x + 0.02), PT(3),
							 PT(g.spine.x + 0.3), PT(6) }, .size_pt = 10, .dpi = 0, .ink = true, .font = 0 });
	ck_assert_int_eq(edition_cover_check(&f, 120, &hardcover_white, "cover.spine-text")->status,
			 MB_CHECK_FAIL);
	/* no art over the wrap: a warning */
	case_facts(&f, 120, &g, &hc);
	cover_items[0].box = (struct mb_box_pt){ PT(hc.wrap_in), PT(hc.wrap_in),
						 cover_page.w_pt - PT(hc.wrap_in),
						 cover_page.h_pt - PT(hc.wrap_in) };
	ck_assert_int_eq(edition_cover_check(&f, 120, &hardcover_white, "cover.wrap")->status,
			 MB_CHECK_WARN);
	/* an 8.5 x 11 hardcover is not a KDP edition */
	ck_assert_int_eq(mb_kdp_parse_trim("8.5x11", &trim_6x9, NULL), MB_OK);
	c = edition_cover_check(&f, 120, &hardcover_white, "cover.size");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "use 8.25x11");
}
END_TEST

START_TEST(colour_interior_by_declared_ink)
{
	struct mb_probe_file f;
	struct mb_preflight_params p = infer;
	const struct mb_check *c;

	interior_facts(&f, 80);
	f.pages[6].colour = true;
	snprintf(f.pages[6].colour_what, sizeof(f.pages[6].colour_what), "stroke rgb 1 0 0");
	/* black ink: colour fails */
	ck_assert_int_eq(interior_check(&f, "interior.colour")->status, MB_CHECK_FAIL);
	ck_assert_ptr_null(mb_checklist_find(&cl, "interior.edition"));
	/* premium colour: colour is what was declared */
	p.ink = MB_INK_PREMIUM_COLOUR;
	mb_checklist_release(&cl);
	mb_checklist_init(&cl);
	mb_preflight_interior(&f, &p, &cl, NULL);
	c = mb_checklist_find(&cl, "interior.colour");
	ck_assert_int_eq(c->status, MB_CHECK_PASS);
	ck_assert_has(c->message, "1 colour page in a premium-colour book");
	ck_assert_int_eq(mb_checklist_find(&cl, "interior.edition")->status, MB_CHECK_PASS);
	/* a colour book with no colour: a warning */
	f.pages[6].colour = false;
	mb_checklist_release(&cl);
	mb_checklist_init(&cl);
	mb_preflight_interior(&f, &p, &cl, NULL);
	ck_assert_int_eq(mb_checklist_find(&cl, "interior.colour")->status, MB_CHECK_WARN);
	/* standard colour needs 72 pages; hardcover 76 */
	facts_free(&f);
	interior_facts(&f, 70);
	p.ink = MB_INK_STANDARD_COLOUR;
	mb_checklist_release(&cl);
	mb_checklist_init(&cl);
	mb_preflight_interior(&f, &p, &cl, NULL);
	c = mb_checklist_find(&cl, "interior.edition");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "needs 72 to 600 pages");
	p.ink = MB_INK_BLACK;
	p.binding = MB_BINDING_HARDCOVER;
	mb_checklist_release(&cl);
	mb_checklist_init(&cl);
	mb_preflight_interior(&f, &p, &cl, NULL);
	c = mb_checklist_find(&cl, "interior.edition");
	ck_assert_int_eq(c->status, MB_CHECK_FAIL);
	ck_assert_has(c->message, "needs 76 to 550 pages");
	facts_free(&f);
	/* 596 pages of standard colour on 8.5 x 11: over black ink's 590, under colour's 600 */
	interior_facts(&f, 596);
	for (int i = 0; i < 596; i++) {
		f.pages[i].w_pt = PT(8.5);
		f.pages[i].h_pt = PT(11);
	}
	p.binding = MB_BINDING_PAPERBACK;
	p.ink = MB_INK_STANDARD_COLOUR;
	mb_checklist_release(&cl);
	mb_checklist_init(&cl);
	mb_preflight_interior(&f, &p, &cl, NULL);
	c = mb_checklist_find(&cl, "interior.page-count");
	ck_assert_msg(c->status == MB_CHECK_PASS, "%s", c->message);
	ck_assert_has(c->message, "24 to 600 pages");
	ck_assert_int_eq(mb_checklist_find(&cl, "interior.edition")->status, MB_CHECK_PASS);
	p.ink = MB_INK_BLACK;
	mb_checklist_release(&cl);
	mb_checklist_init(&cl);
	mb_preflight_interior(&f, &p, &cl, NULL);
	ck_assert_int_eq(mb_checklist_find(&cl, "interior.page-count")->status, MB_CHECK_FAIL);
	facts_free(&f);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("preflight");
	TCase *in = tcase_create("interior");
	TCase *co = tcase_create("cover");
	TCase *li = tcase_create("checklist");

	tcase_add_checked_fixture(in, NULL, teardown);
	tcase_add_checked_fixture(co, NULL, teardown);
	tcase_add_checked_fixture(li, NULL, teardown);
	tcase_add_test(in, clean_interior_passes);
	tcase_add_test(in, letter_page_in_6x9_book);
	tcase_add_test(in, mixed_page_sizes);
	tcase_add_test(in, page_count_22_and_odd);
	tcase_add_test(in, gutter_even_page_binds_right);
	tcase_add_test(in, gutter_band_by_page_count_and_minimum_warns);
	tcase_add_test(in, page_number_below_bottom_margin);
	tcase_add_test(in, bleed_inferred_and_bleeding_art_allowed);
	tcase_add_test(in, art_that_stops_short_of_the_bleed);
	tcase_add_test(in, placeholder_text_found_in_every_language);
	tcase_add_test(in, white_on_white_and_hidden_layers);
	tcase_add_test(in, crop_marks_caught);
	tcase_add_test(in, nothing_measured_is_never_pass);
	tcase_add_test(in, cover_count_against_the_book);
	tcase_add_test(in, counts_in_titles_as_people_write_them);
	tcase_add_test(in, cover_count_reads_each_run_once);
	tcase_add_test(in, picture_boxes_for_a_failing_page);
	tcase_add_test(in, crop_and_trim_boxes_must_agree_with_the_page);
	tcase_add_test(in, trim_not_kdp_and_trim_given);
	tcase_add_test(in, unembedded_font);
	tcase_add_test(in, small_text_thin_line_colour_light_gray);
	tcase_add_test(in, image_resolution);
	tcase_add_test(in, blank_pages_in_a_row);
	tcase_add_test(in, annotations_bookmarks_transparency_size);
	tcase_add_test(in, encrypted_locked_file);
	tcase_add_test(co, clean_cover_passes);
	tcase_add_test(co, cover_too_narrow_and_two_pages);
	tcase_add_test(co, spine_text_needs_80_pages_and_clearance);
	tcase_add_test(co, barcode_area);
	tcase_add_test(co, text_near_the_trim);
	tcase_add_test(co, cover_fonts_size_images);
	tcase_add_test(co, hardcover_cover_checks);
	tcase_add_test(in, colour_interior_by_declared_ink);
	tcase_add_test(li, checklist_text_and_json);
	tcase_add_test(li, relative_names);
	suite_add_tcase(s, in);
	suite_add_tcase(s, co);
	suite_add_tcase(s, li);
	return s;
}
