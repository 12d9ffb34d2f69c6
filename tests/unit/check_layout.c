/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* The page plan and the labels: page order, counts, limits, mirrored margins, bleed, geometry. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mazebook/book/labels.h"
#include "mazebook/book/layout.h"

#include "check_main.h"

static const int spps[] = { 1, 2, 4, 6, 9 };

/* every page around the mazes, as mb_spec_init has them, no sections */
static const struct mb_page_matter all_matter = { 5, 0, true };

static void spec_for(struct mb_book_spec *spec, const char *trim, int spp, bool one_sided,
		     bool bleed)
{
	memset(spec, 0, sizeof(*spec));
	ck_assert_int_eq(mb_kdp_parse_trim(trim, &spec->trim, NULL), MB_OK);
	spec->paper = MB_PAPER_WHITE;
	spec->solutions_per_page = spp;
	spec->one_sided = one_sided;
	spec->bleed = bleed;
	spec->grid_w = 16;
	spec->grid_h = 20;
	spec->pages.title = spec->pages.copyright = spec->pages.belongs_to = true;
	spec->pages.how_to_play = spec->pages.contents = spec->pages.section_pages = true;
	spec->pages.certificate = true;
}

/* A maze count whose plan has exactly `pages` pages, with some settings; false if none. */
static bool count_for_pages(int pages, struct mb_book_spec *spec)
{
	for (size_t s = 0; s < sizeof(spps) / sizeof(spps[0]); s++)
		for (int one = 0; one <= 1; one++)
			for (int n = 1; n < 900; n++)
				if (mb_layout_page_count(&all_matter, n, spps[s], one) == pages) {
					spec_for(spec, "6x9", spps[s], one, false);
					spec->mazes = n;
					return true;
				}
	return false;
}

static double gutter_of(int pages)
{
	struct mb_book_spec spec;
	struct mb_page_plan plan;
	struct mb_error err;

	ck_assert_msg(count_for_pages(pages, &spec), "no settings give %d pages", pages);
	mb_error_init(&err);
	ck_assert_msg(mb_layout_plan(&spec, spec.mazes, &plan, &err) == MB_OK, "%s",
		      err.message);
	ck_assert_int_eq(plan.page_count, pages);
	/* the margin used keeps KDP's least one plus the allowance */
	ck_assert(plan.gutter_in >= plan.min_gutter_in + mb_kdp.margin_allowance_in);
	{
		double g = plan.min_gutter_in;
		mb_layout_release(&plan);
		return g;
	}
}

START_TEST(gutter_at_band_edges)
{
	ck_assert_double_eq(gutter_of(150), 0.375);
	ck_assert_double_eq(gutter_of(152), 0.5);
	ck_assert_double_eq(gutter_of(300), 0.5);
	ck_assert_double_eq(gutter_of(302), 0.625);
	ck_assert_double_eq(gutter_of(500), 0.625);
	ck_assert_double_eq(gutter_of(502), 0.75);
	ck_assert_double_eq(gutter_of(700), 0.75);
	ck_assert_double_eq(gutter_of(702), 0.875);
	/* odd counts never come out of a plan, but the band rule itself is exact */
	ck_assert_double_eq(mb_kdp_gutter_in(151), 0.5);
	ck_assert_double_eq(mb_kdp_gutter_in(301), 0.625);
}
END_TEST

/* Every plan: even, >= 24, order as documented, blank runs <= 2, mazes placed once. */
static void check_plan(const struct mb_page_plan *plan, bool one_sided)
{
	int run = 0, seen_solutions = 0, next_maze = 0;
	bool in_solutions = false;

	ck_assert_int_eq(plan->page_count % 2, 0);
	ck_assert_int_ge(plan->page_count, (int)mb_kdp.min_pages);
	ck_assert_int_eq(plan->pages[0].kind, MB_PAGE_TITLE);
	ck_assert_int_eq(plan->pages[1].kind, MB_PAGE_COPYRIGHT);
	ck_assert_int_eq(plan->pages[2].kind, MB_PAGE_BELONGS_TO);
	ck_assert_int_eq(plan->pages[3].kind, MB_PAGE_HOW_TO_PLAY);
	ck_assert_int_eq(plan->pages[4].kind, MB_PAGE_CONTENTS);
	/* the certificate is the last page */
	ck_assert_int_eq(plan->pages[plan->page_count - 1].kind, MB_PAGE_CERTIFICATE);
	ck_assert_int_eq(plan->certificate_page, plan->page_count);
	for (int n = 1; n <= plan->page_count; n++) {
		const struct mb_page *p = &plan->pages[n - 1];

		run = p->kind == MB_PAGE_BLANK ? run + 1 : 0;
		ck_assert_int_le(run, (int)mb_kdp.max_blank_in_row);
		if (p->kind == MB_PAGE_MAZE) {
			ck_assert(!in_solutions);
			ck_assert_int_eq(p->first, next_maze);
			ck_assert_int_eq(plan->maze_page[p->first], n);
			next_maze++;
			if (one_sided) {
				ck_assert(mb_layout_is_recto(n));
				ck_assert_int_eq(plan->pages[n].kind, MB_PAGE_BLANK);
			}
		}
		if (p->kind == MB_PAGE_SOLUTIONS) {
			if (!in_solutions)
				ck_assert_msg(mb_layout_is_recto(n), "solutions start on page %d", n);
			in_solutions = true;
			ck_assert_int_eq(p->first, seen_solutions);
			ck_assert_int_ge(p->count, 1);
			ck_assert_int_le(p->count, plan->solutions_per_page);
			seen_solutions += p->count;
		}
	}
	ck_assert_int_eq(next_maze, plan->maze_count);
	ck_assert_int_eq(seen_solutions, plan->maze_count);
}

START_TEST(plans_even_ordered_few_blanks)
{
	for (size_t s = 0; s < sizeof(spps) / sizeof(spps[0]); s++)
		for (int one = 0; one <= 1; one++)
			for (int n = mb_layout_min_mazes(&all_matter, spps[s], one);
			     n < 200 && n <= mb_layout_max_mazes(&all_matter, spps[s], one, 590);
			     n += 7) {
				struct mb_book_spec spec;
				struct mb_page_plan plan;

				spec_for(&spec, "8.5x11", spps[s], one, false);
				struct mb_error err;

				mb_error_init(&err);
				ck_assert_msg(mb_layout_plan(&spec, n, &plan, &err) == MB_OK,
					      "%d mazes, %d a page, one-sided %d: %s", n, spps[s], one,
					      err.message);
				ck_assert_int_eq(plan.page_count,
						 mb_layout_page_count(&all_matter, n, spps[s], one));
				check_plan(&plan, one);
				mb_layout_release(&plan);
			}
}
END_TEST

START_TEST(too_few_mazes_says_how_many)
{
	struct mb_book_spec spec;
	struct mb_page_plan plan;
	struct mb_error err;
	char want[32];
	int least = mb_layout_min_mazes(&all_matter, 4, false);

	spec_for(&spec, "8.5x11", 4, false, false);
	ck_assert_int_eq(mb_layout_plan(&spec, least, &plan, NULL), MB_OK);
	ck_assert_int_ge(plan.page_count, 24);
	ck_assert_int_lt(mb_layout_page_count(&all_matter, least - 1, 4, false), 24);
	mb_layout_release(&plan);
	mb_error_init(&err);
	ck_assert_int_eq(mb_layout_plan(&spec, least - 1, &plan, &err), MB_ERR_INPUT);
	snprintf(want, sizeof(want), "at least %d mazes", least);
	ck_assert_msg(strstr(err.message, want), "message: %s", err.message);
	ck_assert_str_eq(err.field, "mazes");	/* the build points at the 'mazes' key */
	ck_assert_ptr_null(plan.pages);
	/* one-sided books need fewer mazes: each takes two pages */
	ck_assert_int_lt(mb_layout_min_mazes(&all_matter, 4, true), least);
	ck_assert_int_eq(mb_layout_plan(&spec, 0, &plan, NULL), MB_ERR_INPUT);
}
END_TEST

START_TEST(too_many_mazes_says_the_most)
{
	struct mb_book_spec spec;
	struct mb_page_plan plan;
	struct mb_error err;
	char want[32];
	int most = mb_layout_max_mazes(&all_matter, 2, false, 590);

	spec_for(&spec, "8.5x11", 2, false, false);
	ck_assert_int_eq(mb_layout_plan(&spec, most, &plan, NULL), MB_OK);
	ck_assert_int_le(plan.page_count, 590);
	mb_layout_release(&plan);
	mb_error_init(&err);
	ck_assert_int_eq(mb_layout_plan(&spec, most + 1, &plan, &err), MB_ERR_INPUT);
	snprintf(want, sizeof(want), "at most %d mazes", most);
	ck_assert_msg(strstr(err.message, want), "message: %s", err.message);
	ck_assert_ptr_nonnull(strstr(err.message, "590"));
	ck_assert_str_eq(err.field, "mazes");
	/* cream paper holds fewer pages */
	spec.paper = MB_PAPER_CREAM;
	ck_assert_int_eq(mb_layout_plan(&spec, most, &plan, NULL), MB_ERR_INPUT);
}
END_TEST

/* a plan for n mazes with these settings: does it fit? */
static bool fits(const char *trim, int spp, bool one_sided, enum mb_paper paper, int n)
{
	struct mb_book_spec spec;
	struct mb_page_plan plan;

	spec_for(&spec, trim, spp, one_sided, false);
	spec.paper = paper;
	if (mb_layout_plan(&spec, n, &plan, NULL) != MB_OK)
		return false;
	mb_layout_release(&plan);
	return true;
}

/* over the page limit, the error says what would fit, and what it says does fit */
static void over_limit(const char *trim, int spp, bool one_sided, enum mb_paper paper, int n,
		       const char *advice)
{
	struct mb_book_spec spec;
	struct mb_page_plan plan;
	struct mb_error err;

	spec_for(&spec, trim, spp, one_sided, false);
	spec.paper = paper;
	mb_error_init(&err);
	ck_assert_int_eq(mb_layout_plan(&spec, n, &plan, &err), MB_ERR_INPUT);
	ck_assert_msg(strstr(err.message, advice), "'%s' lacks '%s'", err.message, advice);
}

START_TEST(page_limit_says_what_fits)
{
	/* no solutions count fits 700 on 8.5x11 (590 pages): the 828-page trim nearest in size */
	over_limit("8.5x11", 1, false, MB_PAPER_WHITE, 700,
		   "1 solution per page at most 291 mazes fit; to fit 700 mazes: 'trim: 8x10' (up to "
		   "828 pages) with 'solutions: 6'");
	ck_assert(!fits("8.5x11", 9, false, MB_PAPER_WHITE, 700));
	ck_assert(fits("8x10", 6, false, MB_PAPER_WHITE, 700));
	ck_assert(!fits("8x10", 4, false, MB_PAPER_WHITE, 700));
	/* cream: more solutions per page, white paper or a bigger trim each take them */
	over_limit("8.5x11", 1, false, MB_PAPER_CREAM, 280,
		   "to fit 280 mazes: 'solutions: 2' or more on this trim, 'paper: white', "
		   "'trim: 8x10' (up to 776 pages)");
	ck_assert(fits("8.5x11", 2, false, MB_PAPER_CREAM, 280));
	ck_assert(fits("8.5x11", 1, false, MB_PAPER_WHITE, 280));
	ck_assert(fits("8x10", 1, false, MB_PAPER_CREAM, 280));
	/* one-sided mazes take two pages each */
	over_limit("8.5x11", 4, true, MB_PAPER_CREAM, 400, "to fit 400 mazes: 'one_sided: false'");
	ck_assert(fits("8.5x11", 4, false, MB_PAPER_CREAM, 400));
	/* nothing holds 3000: the most one book can, and it is the most */
	over_limit("8.5x11", 1, false, MB_PAPER_WHITE, 3000,
		   "no setting fits them in one book; split them into books of at most 739 mazes");
	ck_assert(fits("6x9", 9, false, MB_PAPER_WHITE, 739));
	ck_assert(!fits("6x9", 9, false, MB_PAPER_WHITE, 740));
}
END_TEST

/* the colour and hardcover page limits: the least and most mazes, each side of the edge */
static void limits_edge(const char *trim, enum mb_binding binding, enum mb_ink ink, int spp,
			int want_min, int want_max)
{
	struct mb_book_spec spec;
	struct mb_page_plan plan;
	struct mb_error err;
	int least = 1, most;

	spec_for(&spec, trim, spp, false, false);
	spec.binding = binding;
	spec.ink = ink;
	while (mb_layout_page_count(&all_matter, least, spp, false) < want_min)
		least++;
	most = mb_layout_max_mazes(&all_matter, spp, false, want_max);
	ck_assert_int_eq(mb_layout_plan(&spec, least, &plan, NULL), MB_OK);
	ck_assert_int_ge(plan.page_count, want_min);
	mb_layout_release(&plan);
	mb_error_init(&err);
	ck_assert_int_eq(mb_layout_plan(&spec, least - 1, &plan, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.field, "mazes");
	{
		char want[64];

		snprintf(want, sizeof(want), "at least %d mazes", least);
		ck_assert_msg(strstr(err.message, want), "%s lacks %s", err.message, want);
	}
	mb_error_init(&err);
	ck_assert_msg(mb_layout_plan(&spec, most, &plan, &err) == MB_OK, "%s %d: %s", trim, most,
		      err.message);
	ck_assert_int_le(plan.page_count, want_max);
	mb_layout_release(&plan);
	mb_error_init(&err);
	ck_assert_int_eq(mb_layout_plan(&spec, most + 1, &plan, &err), MB_ERR_INPUT);
	{
		char want[64];

		snprintf(want, sizeof(want), "at most %d mazes fit", most);
		ck_assert_msg(strstr(err.message, want), "%s lacks %s", err.message, want);
		snprintf(want, sizeof(want), "at most %d", want_max);
		ck_assert_msg(strstr(err.message, want), "%s lacks %s", err.message, want);
	}
}

START_TEST(edition_page_limits)
{
	struct mb_book_spec spec;
	struct mb_page_plan plan;
	struct mb_error err;

	limits_edge("8.5x11", MB_BINDING_PAPERBACK, MB_INK_STANDARD_COLOUR, 4, 72, 600);
	limits_edge("6x9", MB_BINDING_PAPERBACK, MB_INK_STANDARD_COLOUR, 9, 72, 600);
	limits_edge("6x9", MB_BINDING_PAPERBACK, MB_INK_PREMIUM_COLOUR, 2, 24, 828);
	limits_edge("8.5x11", MB_BINDING_PAPERBACK, MB_INK_PREMIUM_COLOUR, 2, 24, 590);
	limits_edge("8.25x8.25", MB_BINDING_PAPERBACK, MB_INK_PREMIUM_COLOUR, 1, 24, 800);
	limits_edge("6x9", MB_BINDING_HARDCOVER, MB_INK_BLACK, 4, 76, 550);
	limits_edge("8.25x11", MB_BINDING_HARDCOVER, MB_INK_PREMIUM_COLOUR, 1, 76, 550);
	/* an edition KDP does not print: the reason, not a page count */
	spec_for(&spec, "8.5x11", 4, false, false);
	spec.binding = MB_BINDING_HARDCOVER;
	mb_error_init(&err);
	ck_assert_int_eq(mb_layout_plan(&spec, 100, &plan, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "use 8.25x11"));
	ck_assert_str_eq(err.field, "trim");
}
END_TEST

START_TEST(bad_solutions_per_page)
{
	struct mb_book_spec spec;
	struct mb_page_plan plan;
	struct mb_error err;

	spec_for(&spec, "6x9", 3, false, false);
	mb_error_init(&err);
	ck_assert_int_eq(mb_layout_plan(&spec, 40, &plan, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "1, 2, 4, 6 or 9"));
	ck_assert_str_eq(err.field, "solutions");
	ck_assert(!mb_layout_solutions_valid(0));
	ck_assert(mb_layout_solutions_valid(9));
}
END_TEST

START_TEST(mirrored_margins)
{
	struct mb_book_spec spec;
	struct mb_page_plan plan;
	struct mb_rect_pt odd, even;
	double pt = MB_PT_PER_IN;

	spec_for(&spec, "8.5x11", 4, false, false);
	ck_assert_int_eq(mb_layout_plan(&spec, 40, &plan, NULL), MB_OK);
	ck_assert_double_eq_tol(plan.page_w_pt, 612, 1e-9);
	ck_assert_double_eq_tol(plan.page_h_pt, 792, 1e-9);
	mb_layout_live_area(&plan, 3, &odd);
	mb_layout_live_area(&plan, 4, &even);
	/* odd: gutter left, outside right; even: the other way round */
	ck_assert_double_eq_tol(odd.x, plan.gutter_in * pt, 1e-9);
	ck_assert_double_eq_tol(612 - (odd.x + odd.w), plan.outside_in * pt, 1e-9);
	ck_assert_double_eq_tol(even.x, plan.outside_in * pt, 1e-9);
	ck_assert_double_eq_tol(612 - (even.x + even.w), plan.gutter_in * pt, 1e-9);
	ck_assert(plan.gutter_in != plan.outside_in);
	ck_assert_double_eq_tol(odd.w, even.w, 1e-9);
	ck_assert_double_eq_tol(odd.y, plan.bottom_in * pt, 1e-9);
	ck_assert_double_eq_tol(792 - (odd.y + odd.h), plan.top_in * pt, 1e-9);
	/* every margin at least KDP's least one plus its allowance */
	ck_assert(plan.outside_in >= mb_kdp_outside_margin_in(false) + mb_kdp.margin_allowance_in);
	ck_assert(plan.top_in >= mb_kdp_outside_margin_in(false) + mb_kdp.margin_allowance_in);
	ck_assert(plan.bottom_in >= mb_kdp_outside_margin_in(false) + mb_kdp.margin_allowance_in);
	ck_assert(plan.gutter_in >= mb_kdp_gutter_in(plan.page_count) + mb_kdp.margin_allowance_in);
	mb_layout_release(&plan);
}
END_TEST

START_TEST(bleed_sizes_and_outside_edge)
{
	struct mb_book_spec spec;
	struct mb_page_plan plan;
	struct mb_rect_pt trim, live;
	double pt = MB_PT_PER_IN;

	spec_for(&spec, "6x9", 4, false, true);
	ck_assert_int_eq(mb_layout_plan(&spec, 40, &plan, NULL), MB_OK);
	ck_assert_double_eq_tol(plan.page_w_pt, 6.125 * pt, 1e-9);
	ck_assert_double_eq_tol(plan.page_h_pt, 9.25 * pt, 1e-9);
	ck_assert_double_eq(plan.min_outside_in, 0.375);
	/* odd page: the binding at x = 0, the bleed on the right */
	mb_layout_trim_box(&plan, 1, &trim);
	ck_assert_double_eq_tol(trim.x, 0, 1e-9);
	ck_assert_double_eq_tol(trim.y, 0.125 * pt, 1e-9);
	ck_assert_double_eq_tol(trim.w, 6 * pt, 1e-9);
	mb_layout_live_area(&plan, 1, &live);
	ck_assert_double_eq_tol(live.x, plan.gutter_in * pt, 1e-9);
	ck_assert_double_eq_tol(live.x + live.w, (6 - plan.outside_in) * pt, 1e-9);
	ck_assert_double_eq_tol(live.y, (0.125 + plan.bottom_in) * pt, 1e-9);
	ck_assert(plan.outside_in >= 0.375 + mb_kdp.margin_allowance_in);
	/* even page: the bleed on the left, the binding at the right page edge */
	mb_layout_trim_box(&plan, 2, &trim);
	ck_assert_double_eq_tol(trim.x, 0.125 * pt, 1e-9);
	ck_assert_double_eq_tol(trim.x + trim.w, plan.page_w_pt, 1e-9);
	mb_layout_live_area(&plan, 2, &live);
	ck_assert_double_eq_tol(live.x, (0.125 + plan.outside_in) * pt, 1e-9);
	ck_assert_double_eq_tol(live.x + live.w, plan.page_w_pt - plan.gutter_in * pt, 1e-9);
	ck_assert_double_eq_tol(live.y + live.h, plan.page_h_pt - (0.125 + plan.top_in) * pt,
				1e-9);
	mb_layout_release(&plan);
}
END_TEST

static bool inside(const struct mb_rect_pt *outer, double x0, double y0, double x1, double y1)
{
	const double eps = 1e-9;

	return x0 >= outer->x - eps && y0 >= outer->y - eps &&
	       x1 <= outer->x + outer->w + eps && y1 <= outer->y + outer->h + eps;
}

START_TEST(maze_geometry_fits_live_area)
{
	static const char *trims[] = { "5x8", "6x9", "8.5x11", "8.25x6", "8.5x8.5" };
	static const int sizes[][2] = { { 10, 12 }, { 32, 40 }, { 40, 10 }, { 5, 5 }, { 200, 200 } };

	for (size_t t = 0; t < sizeof(trims) / sizeof(trims[0]); t++)
		for (size_t s = 0; s < sizeof(spps) / sizeof(spps[0]); s++) {
			struct mb_book_spec spec;
			struct mb_page_plan plan;

			spec_for(&spec, trims[t], spps[s], false, t % 2 == 1);
			spec.grid_w = 10;	/* solutions legible 9 to a 5 x 8 in page */
			spec.grid_h = 12;
			ck_assert_int_eq(mb_layout_plan(&spec, 60, &plan, NULL), MB_OK);
			for (size_t z = 0; z < sizeof(sizes) / sizeof(sizes[0]); z++) {
				int w = sizes[z][0], h = sizes[z][1];
				struct mb_maze_geometry g;
				struct mb_rect_pt area, live, slot;
				double hw;

				for (int page = 3; page <= 4; page++) {
					mb_layout_maze_area(&plan, page, &area);
					mb_layout_maze_page(&plan, page, w, h, &g);
					hw = g.wall_pt / 2;
					ck_assert(g.wall_pt >= mb_kdp.min_line_pt);
					ck_assert(g.wall_pt <= 3.5);
					ck_assert(inside(&area, g.x - hw, g.y - hw,
							 g.x + w * g.cell_pt + hw,
							 g.y + h * g.cell_pt + hw));
					/* as large as possible: it touches one side pair */
					ck_assert(w * g.cell_pt + g.wall_pt > area.w - 1e-6 ||
						  h * g.cell_pt + g.wall_pt > area.h - 1e-6);
				}
				mb_layout_live_area(&plan, 60, &live);
				for (int i = 0; i < spps[s]; i++) {
					double reach;

					mb_layout_solution_slot(&plan, 60, i, &slot);
					ck_assert(inside(&live, slot.x, slot.y, slot.x + slot.w,
							 slot.y + slot.h));
					mb_layout_solution_maze(&plan, 60, i, w, h, &g);
					ck_assert(g.wall_pt >= mb_kdp.min_line_pt);
					ck_assert(g.wall_pt <= 2.0);
					/* the route leaves 0.45 cell out, plus its round cap */
					reach = 0.45 * g.cell_pt + g.route_pt / 2;
					ck_assert(inside(&slot, g.x - g.wall_pt / 2, g.y - reach,
							 g.x + w * g.cell_pt + g.wall_pt / 2,
							 g.y + h * g.cell_pt + reach));
				}
			}
			mb_layout_release(&plan);
		}
}
END_TEST


/* The first solutions page of a plan. */
static int first_solutions_page(const struct mb_page_plan *plan)
{
	for (int i = 0; i < plan->page_count; i++)
		if (plan->pages[i].kind == MB_PAGE_SOLUTIONS)
			return i + 1;
	ck_abort_msg("no solutions page");
	return 0;
}

/* Plan a book with a grid; its status, the message in err. */
static enum mb_status plan_grid(const char *trim, int spp, int w, int h, struct mb_error *err)
{
	struct mb_book_spec spec;
	struct mb_page_plan plan;
	enum mb_status st;

	spec_for(&spec, trim, spp, false, false);
	spec.grid_w = w;
	spec.grid_h = h;
	mb_error_init(err);
	st = mb_layout_plan(&spec, 40, &plan, err);
	if (st == MB_OK)
		mb_layout_release(&plan);
	else
		ck_assert_ptr_null(plan.pages);	/* nothing left to free */
	return st;
}

START_TEST(too_fine_grid_refused_with_advice)
{
	struct mb_error err;

	/* the audit's book: 0.44 pt routes before; now refused up front */
	ck_assert_int_eq(plan_grid("5x8", 9, 60, 80, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.message,
			 "9 solutions per page of a 60x80 grid are too small to read on a 5 x 8 "
			 "in page: their squares would be 0.52 mm, and a solution needs at least "
			 "1.41 mm so its route shows clear of the walls: 'solutions: 1' fits "
			 "(1.74 mm squares), or use a smaller grid or a larger trim");
	/* the book: 9 expert solutions on 6 x 9 in were 1.24 mm squares */
	ck_assert_int_eq(plan_grid("6x9", 9, 32, 40, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.field, "solutions");
	ck_assert_ptr_nonnull(strstr(err.message, "their squares would be 1.24 mm"));
	ck_assert_ptr_nonnull(strstr(err.message, "'solutions: 4' fits (1.94 mm squares)"));
	ck_assert_int_eq(plan_grid("6x9", 4, 32, 40, &err), MB_OK);
	/* 100x100 is too fine even for the maze pages: fewer solutions would not help */
	ck_assert_int_eq(plan_grid("5x8", 9, 100, 100, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.message,
			 "grid 100x100 is too fine for a 5 x 8 in page: a maze's squares would be "
			 "2.95 pt, at least 4 pt are needed (use a smaller grid or a larger trim)");
	ck_assert_int_eq(plan_grid("8.25x6", 9, 32, 40, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "9 solutions per page of a 32x40 grid are too "
					      "small to read on an 8.25 x 6 in page"));
	/* too fine for the maze pages themselves */
	ck_assert_int_eq(plan_grid("5x8", 1, 200, 200, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "grid 200x200 is too fine for a 5 x 8 in "
					      "page: a maze's squares would be"));
	ck_assert_ptr_nonnull(strstr(err.message, "at least 4 pt are needed"));
	ck_assert_int_eq(plan_grid("5x8", 4, 1, 200, &err), MB_ERR_INPUT);
	/* the same grids fit where there is room */
	ck_assert_int_eq(plan_grid("5x8", 1, 60, 80, &err), MB_OK);
	ck_assert_int_eq(plan_grid("8.5x11", 1, 60, 80, &err), MB_OK);
	ck_assert_int_eq(plan_grid("5x8", 9, 16, 20, &err), MB_OK);
	ck_assert_int_eq(plan_grid("6x9", 2, 32, 40, &err), MB_OK);
	/* no grid at all, or one past the limit */
	ck_assert_int_eq(plan_grid("6x9", 4, 0, 20, &err), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "grid 0x20"));
	ck_assert_int_eq(plan_grid("6x9", 4, 20, 201, &err), MB_ERR_INPUT);
}
END_TEST

/* Every line a maze or solution geometry draws: KDP's weight, a quarter square at most. */
static void check_lines(const struct mb_maze_geometry *g, bool solution, const char *what)
{
	const double eps = 1e-9;

	ck_assert_msg(g->wall_pt >= mb_kdp.min_line_pt - eps, "%s: wall %g pt", what, g->wall_pt);
	ck_assert_msg(g->wall_pt <= g->cell_pt / 4 + eps, "%s: wall %g pt on %g pt squares", what,
		      g->wall_pt, g->cell_pt);
	ck_assert_msg(g->cell_pt >= (solution ? MB_LAYOUT_MIN_SOLUTION_CELL_PT
					      : MB_LAYOUT_MIN_MAZE_CELL_PT) - eps,
		      "%s: squares %g pt", what, g->cell_pt);
	if (solution) {
		ck_assert_msg(g->route_pt >= mb_kdp.min_line_pt - eps, "%s: route %g pt", what,
			      g->route_pt);
		/* the route runs between the walls without covering them */
		ck_assert_msg(g->route_pt <= g->cell_pt - g->wall_pt + eps,
			      "%s: route %g pt, walls %g pt on %g pt squares", what, g->route_pt,
			      g->wall_pt, g->cell_pt);
	}
}

START_TEST(accepted_plans_draw_no_thin_line)
{
	static const int sides[] = { 1, 2, 3, 5, 8, 12, 20, 32, 40, 50, 64, 80, 100, 128, 160, 200 };
	static const char *customs[] = { "4x6", "8.5x11.69", "4x11.69" };
	const size_t nsides = sizeof(sides) / sizeof(sides[0]);
	size_t ntrims = mb_kdp_trim_count + sizeof(customs) / sizeof(customs[0]);
	int accepted = 0, refused = 0;

	for (size_t t = 0; t < ntrims; t++) {
		char trim[32];

		if (t < mb_kdp_trim_count)
			snprintf(trim, sizeof(trim), "%gx%g", mb_kdp_trims[t].w_in,
				 mb_kdp_trims[t].h_in);
		else
			snprintf(trim, sizeof(trim), "%s", customs[t - mb_kdp_trim_count]);
		for (size_t s = 0; s < sizeof(spps) / sizeof(spps[0]); s++)
			for (size_t a = 0; a < nsides; a++)
				for (size_t b = 0; b < nsides; b++) {
					struct mb_book_spec spec;
					struct mb_page_plan plan;
					struct mb_maze_geometry g;
					struct mb_rect_pt live, slot;
					struct mb_error err;
					int w = sides[a], h = sides[b], sp;
					/* vary bleed and the gutter band (40 or 290 mazes) */
					int mazes = (a + b) % 2 ? 290 : 40;
					char what[128];

					spec_for(&spec, trim, spps[s], false, (a + t) % 2 == 1);
					spec.grid_w = w;
					spec.grid_h = h;
					mb_error_init(&err);
					if (mb_layout_plan(&spec, mazes, &plan, &err) != MB_OK) {
						ck_assert_msg(strstr(err.message, "too fine") ||
							      strstr(err.message, "too small to read"),
							      "%s", err.message);
						refused++;
						continue;
					}
					accepted++;
					snprintf(what, sizeof(what), "%s, %d per page, %dx%d", trim,
						 spps[s], w, h);
					for (int m = 0; m < 2 && m < plan.maze_count; m++) {
						mb_layout_maze_page(&plan, plan.maze_page[m], w, h, &g);
						check_lines(&g, false, what);
					}
					sp = first_solutions_page(&plan);
					ck_assert_int_eq(plan.solution_cols * plan.solution_rows,
							 spps[s]);
					mb_layout_live_area(&plan, sp, &live);
					for (int i = 0; i < plan.pages[sp - 1].count; i++) {
						mb_layout_solution_slot(&plan, sp, i, &slot);
						ck_assert_msg(inside(&live, slot.x, slot.y,
								     slot.x + slot.w,
								     slot.y + slot.h), "%s", what);
						mb_layout_solution_maze(&plan, sp, i, w, h, &g);
						check_lines(&g, true, what);
					}
					mb_layout_release(&plan);
				}
	}
	/* the sweep reaches both sides of the line */
	ck_assert_int_gt(accepted, 1000);
	ck_assert_int_gt(refused, 100);
}
END_TEST



START_TEST(solutions_rearranged_only_when_too_fine)
{
	struct mb_book_spec spec;
	struct mb_page_plan plan;

	/* the usual 2 x 2 when it is good enough */
	spec_for(&spec, "8.25x6", 4, false, false);
	ck_assert_int_eq(mb_layout_plan(&spec, 40, &plan, NULL), MB_OK);
	ck_assert_int_eq(plan.solution_cols, 2);
	ck_assert_int_eq(plan.solution_rows, 2);
	mb_layout_release(&plan);
	spec_for(&spec, "8.5x11", 2, false, false);
	spec.grid_w = 32;
	spec.grid_h = 40;
	ck_assert_int_eq(mb_layout_plan(&spec, 40, &plan, NULL), MB_OK);
	ck_assert_int_eq(plan.solution_cols, 1);
	ck_assert_int_eq(plan.solution_rows, 2);
	mb_layout_release(&plan);
	/* hard on a landscape page: 2 x 2 gives squares under 4 pt, 4 x 1 does not */
	spec_for(&spec, "8.25x6", 4, false, false);
	spec.grid_w = 24;
	spec.grid_h = 30;
	ck_assert_int_eq(mb_layout_plan(&spec, 40, &plan, NULL), MB_OK);
	ck_assert_int_eq(plan.solution_cols, 4);
	ck_assert_int_eq(plan.solution_rows, 1);
	mb_layout_release(&plan);
	/* expert there is too small to read even 4 x 1: 2 a page is advised */
	spec.grid_w = 32;
	spec.grid_h = 40;
	ck_assert_int_eq(mb_layout_plan(&spec, 40, &plan, NULL), MB_ERR_INPUT);
	/* hard with 9 a page there: 3 x 3 is the only arrangement of at most 4 a side */
	spec_for(&spec, "8.25x6", 9, false, false);
	spec.grid_w = 24;
	spec.grid_h = 30;
	ck_assert_int_eq(mb_layout_plan(&spec, 40, &plan, NULL), MB_ERR_INPUT);
}
END_TEST

START_TEST(cover_grid_coarsens_only_fine_grids)
{
	int w = 0, h = 0;

	/* squares of 4 pt or more: the book's own grid */
	ck_assert(mb_layout_cover_grid(10, 12, 300, 400, &w, &h));
	ck_assert_int_eq(w, 10);
	ck_assert_int_eq(h, 12);
	ck_assert(mb_layout_cover_grid(75, 100, 300, 400, &w, &h));
	ck_assert_int_eq(w, 75);
	ck_assert_int_eq(h, 100);
	/* finer: the same proportions at about 6 pt squares */
	ck_assert(mb_layout_cover_grid(200, 200, 300, 400, &w, &h));
	ck_assert_int_eq(w, 50);
	ck_assert_int_eq(h, 50);
	ck_assert(mb_layout_cover_grid(120, 150, 300, 300, &w, &h));
	ck_assert_int_eq(w, 40);
	ck_assert_int_eq(h, 50);
	/* a one-square-wide book stays one wide */
	ck_assert(mb_layout_cover_grid(1, 200, 50, 300, &w, &h));
	ck_assert_int_eq(w, 1);
	ck_assert_int_eq(h, 50);
	/* no room for even a coarse maze: refused, outputs untouched */
	w = h = -1;
	ck_assert(!mb_layout_cover_grid(200, 200, 7, 300, &w, &h));
	ck_assert(!mb_layout_cover_grid(10, 12, 0, 300, &w, &h));
	ck_assert(!mb_layout_cover_grid(0, 12, 300, 300, &w, &h));
	ck_assert_int_eq(w, -1);
	ck_assert_int_eq(h, -1);
	/* every grid and room: squares of the least size or more, never finer than the book */
	for (int a = 1; a <= 200; a += 7)
		for (int b = 1; b <= 200; b += 11)
			for (double room = 10; room < 800; room *= 1.7) {
				if (!mb_layout_cover_grid(a, b, room, room * 1.3, &w, &h))
					continue;
				ck_assert(w >= 1 && w <= a && h >= 1 && h <= b);
				ck_assert_msg(fmin(room / w, room * 1.3 / h) >=
					      MB_LAYOUT_MIN_COVER_CELL_PT - 1e-9,
					      "%dx%d in %g pt: %dx%d", a, b, room, w, h);
			}
}
END_TEST

START_TEST(labels_complete_and_formatted)
{
	char buf[128];
	struct mb_error err;

	ck_assert_int_eq(mb_labels_count, 4);
	for (size_t i = 0; i < mb_labels_count; i++) {
		const struct mb_labels *l = &mb_labels_table[i];

		ck_assert_ptr_eq(mb_labels_find(l->language), l);
		ck_assert(l->maze && l->start && l->finish && l->solutions && l->solution_long &&
			  l->solution_short && l->how_to_play_title && l->how_to_play &&
			  l->level && l->mazes && l->seed && l->page && l->rebuild &&
			  l->copyright);
		mb_labels_format(l->solution_long, 12, 34, buf, sizeof(buf));
		ck_assert_msg(strstr(buf, "12") && strstr(buf, "34") && !strchr(buf, '%'),
			      "%s: %s", l->language, buf);
	}
	ck_assert_str_eq(mb_labels_format("Maze %d", 7, 0, buf, sizeof(buf)), "Maze 7");
	ck_assert_str_eq(mb_labels_format("%d%% of %d", 5, 9, buf, sizeof(buf)), "5% of 9");
	ck_assert_str_eq(mb_labels_format("Maze %d", 12345, 0, buf, 7), "Maze 1");
	ck_assert_str_eq(mb_labels_find("de")->solutions, "Lösungen");
	ck_assert_str_eq(mb_labels_find(NULL)->language, "en");
	ck_assert_str_eq(mb_labels_level_name(mb_labels_find("fr"), "hard"), "difficile");
	ck_assert_str_eq(mb_labels_level_name(mb_labels_find("fr"), "custom"), "custom");
	mb_error_init(&err);
	ck_assert_ptr_null(mb_labels_lookup("xx", &err));
	ck_assert_ptr_nonnull(strstr(err.message, "'xx'"));
	ck_assert_ptr_nonnull(strstr(err.message, "de, en, es, fr"));
}
END_TEST

/* the room mb_layout_maze_room gives is the maze area of a real plan, on every trim */
START_TEST(maze_room_is_the_plans_maze_area)
{
	static const char *const trims[] = { "5x8", "6x9", "8.5x11", "8.5x8.5", "8.25x6", "7x10" };
	int compared = 0;

	for (size_t t = 0; t < sizeof(trims) / sizeof(trims[0]); t++) {
		for (int bleed = 0; bleed <= 1; bleed++) {
			for (int n = 30; n <= 600; n += 190) {
				struct mb_book_spec spec;
				struct mb_page_plan plan;
				struct mb_rect_pt area;
				double w, h;

				spec_for(&spec, trims[t], 4, false, bleed);
				spec.grid_w = spec.grid_h = 10;
				if (mb_layout_plan(&spec, n, &plan, NULL) != MB_OK)
					continue;	/* more pages than the trim takes */
				mb_layout_maze_area(&plan, plan.maze_page[0], &area);
				mb_layout_maze_room(&spec, n, &w, &h);
				ck_assert_double_eq_tol(w, area.w, 1e-9);
				ck_assert_double_eq_tol(h, area.h, 1e-9);
				mb_layout_release(&plan);
				compared++;
			}
		}
	}
	ck_assert_int_ge(compared, 30);
}
END_TEST

/* grids shaped like the room: the level's kept while it fills 85 %, else refitted */
START_TEST(fit_grid_to_the_room)
{
	int w, h;

	/* a portrait room the level fills: kept */
	mb_layout_fit_grid(16, 20, 540, 594, &w, &h);
	ck_assert_int_eq(w, 16);
	ck_assert_int_eq(h, 20);
	/* a wide room the turned level fills: turned */
	mb_layout_fit_grid(10, 12, 539, 414, &w, &h);
	ck_assert_int_eq(w, 12);
	ck_assert_int_eq(h, 10);
	/* a very wide room: about the level's squares in the room's shape */
	mb_layout_fit_grid(16, 20, 521, 234, &w, &h);
	ck_assert_int_eq(w, 27);
	ck_assert_int_eq(h, 12);
	ck_assert_double_eq_tol((double)w / h, 521.0 / 234, 0.1);
	/* a square room: a square grid of about the squares */
	mb_layout_fit_grid(16, 20, 500, 500, &w, &h);
	ck_assert_int_eq(w, 18);
	ck_assert_int_eq(h, 18);
	/* a square level stays as it is */
	mb_layout_fit_grid(12, 12, 500, 480, &w, &h);
	ck_assert_int_eq(w, 12);
	ck_assert_int_eq(h, 12);
	/* no room (a broken trim): the level's own */
	mb_layout_fit_grid(10, 12, 0, 300, &w, &h);
	ck_assert_int_eq(w, 10);
	ck_assert_int_eq(h, 12);
	/* the sides stay within 2..MB_SPEC_MAX_GRID */
	mb_layout_fit_grid(200, 200, 10000, 1, &w, &h);
	ck_assert_int_le(w, MB_SPEC_MAX_GRID);
	ck_assert_int_ge(h, 2);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("layout");
	TCase *tc = tcase_create("layout");

	tcase_add_test(tc, gutter_at_band_edges);
	tcase_add_test(tc, plans_even_ordered_few_blanks);
	tcase_add_test(tc, too_few_mazes_says_how_many);
	tcase_add_test(tc, too_many_mazes_says_the_most);
	tcase_add_test(tc, edition_page_limits);
	tcase_add_test(tc, page_limit_says_what_fits);
	tcase_add_test(tc, bad_solutions_per_page);
	tcase_add_test(tc, mirrored_margins);
	tcase_add_test(tc, bleed_sizes_and_outside_edge);
	tcase_add_test(tc, maze_geometry_fits_live_area);
	tcase_add_test(tc, too_fine_grid_refused_with_advice);
	tcase_add_test(tc, accepted_plans_draw_no_thin_line);
	tcase_add_test(tc, solutions_rearranged_only_when_too_fine);
	tcase_add_test(tc, cover_grid_coarsens_only_fine_grids);
	tcase_add_test(tc, labels_complete_and_formatted);
	tcase_add_test(tc, maze_room_is_the_plans_maze_area);
	tcase_add_test(tc, fit_grid_to_the_room);
	suite_add_tcase(s, tc);
	return s;
}
