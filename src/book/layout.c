/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The page plan: page order, page size, mirrored margins and the place of
 * each maze. The margins used are KDP's least ones plus the allowance KDP
 * itself advises (content exactly on a minimum has been flagged) plus a
 * little more for looks: a wider gutter because the binding curves the
 * page, and half an inch outside on large trims so a child's hand has room.
 */
#include "config.h"

#include "mazebook/book/layout.h"

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "mazebook/base/xalloc.h"
#include "mazebook/book/level.h"
#include "mazebook/book/plan.h"
#include "mazebook/maze/maze.h"

/* extra gutter beyond KDP's band, for the curve of the binding */
#define GUTTER_LOOKS_IN 0.125
/* the least outside/top/bottom margin we use for looks, small and large trims */
#define OUTSIDE_LOOKS_SMALL_IN 0.375
#define OUTSIDE_LOOKS_LARGE_IN 0.5

bool mb_layout_solutions_valid(int per_page)
{
	return per_page == 1 || per_page == 2 || per_page == 4 || per_page == 6 ||
	       per_page == 9;
}

void mb_layout_matter(const struct mb_book_spec *spec, struct mb_page_matter *out)
{
	out->front = spec->pages.title + spec->pages.copyright + spec->pages.belongs_to +
		     spec->pages.how_to_play + spec->pages.contents;
	out->section_pages = spec->pages.section_pages ? spec->section_count : 0;
	out->certificate = spec->pages.certificate;
}

int mb_layout_page_count(const struct mb_page_matter *m, int n, int solutions_per_page,
			 bool one_sided)
{
	int pages = m->front;

	if (n < 0 || solutions_per_page < 1)
		return 0;
	if (one_sided && pages % 2 == 1)
		pages++;	/* the first maze (or section page) on a right-hand page */
	pages += one_sided ? 2 * (n + m->section_pages) : n + m->section_pages;
	if (pages % 2 == 1)
		pages++;	/* solutions start on a right-hand page */
	pages += (n + solutions_per_page - 1) / solutions_per_page;
	if (m->certificate)
		pages++;
	if (pages % 2 == 1)
		pages++;	/* before the certificate, which stays the last page */
	return pages;
}

int mb_layout_min_mazes(const struct mb_page_matter *m, int solutions_per_page, bool one_sided)
{
	int n = 1;

	while (mb_layout_page_count(m, n, solutions_per_page, one_sided) < mb_kdp.min_pages)
		n++;
	return n;
}

int mb_layout_max_mazes(const struct mb_page_matter *m, int solutions_per_page, bool one_sided,
			int max_pages)
{
	int n = 0;

	while (mb_layout_page_count(m, n + 1, solutions_per_page, one_sided) <= max_pages)
		n++;
	return n;
}

static void solution_grid(int per_page, bool landscape, int *cols, int *rows)
{
	switch (per_page) {
	case 1: *cols = 1; *rows = 1; break;
	case 2: *cols = 1; *rows = 2; break;
	case 4: *cols = 2; *rows = 2; break;
	case 6: *cols = 2; *rows = 3; break;
	case 9: *cols = 3; *rows = 3; break;
	default: BUG("solutions per page %d", per_page);
	}
	if (landscape) {
		int t = *cols;
		*cols = *rows;
		*rows = t;
	}
}

static void add_page(struct mb_page_plan *plan, enum mb_page_kind kind, int first, int count)
{
	struct mb_page *p = &plan->pages[plan->page_count++];

	p->kind = kind;
	p->first = first;
	p->count = count;
}

/* The front pages the spec keeps, in their order (mb_page_kind). */
static void add_front(const struct mb_book_spec *spec, struct mb_page_plan *plan)
{
	if (spec->pages.title)
		add_page(plan, MB_PAGE_TITLE, 0, 0);
	if (spec->pages.copyright)
		add_page(plan, MB_PAGE_COPYRIGHT, 0, 0);
	if (spec->pages.belongs_to)
		add_page(plan, MB_PAGE_BELONGS_TO, 0, 0);
	if (spec->pages.how_to_play)
		add_page(plan, MB_PAGE_HOW_TO_PLAY, 0, 0);
	if (spec->pages.contents) {
		plan->contents_page = plan->page_count + 1;
		add_page(plan, MB_PAGE_CONTENTS, 0, 0);
	}
	if (spec->one_sided && plan->page_count % 2 == 1)
		add_page(plan, MB_PAGE_BLANK, 0, 0);
}

/*
 * The mazes section by section, each after its section page (when kept);
 * a spec without sections is one run of mazes with no section page.
 */
static void add_mazes(const struct mb_book_spec *spec, struct mb_page_plan *plan,
		      int maze_count)
{
	int sections = spec->section_count, next = 0;

	if (sections > MB_LAYOUT_MAX_SECTIONS)
		BUG("%d sections", sections);
	plan->section_count = sections;
	for (int s = 0; s < (sections ? sections : 1); s++) {
		int count = sections ? spec->sections[s].mazes : maze_count;

		if (count < 0 || next + count > maze_count)
			BUG("section %d has %d mazes, %d of %d placed", s + 1, count, next,
			    maze_count);
		if (sections) {
			plan->section_page[s] = plan->page_count + 1;
			plan->section_first[s] = next;
		}
		if (sections && spec->pages.section_pages) {
			add_page(plan, MB_PAGE_SECTION, s, count);
			if (spec->one_sided)
				add_page(plan, MB_PAGE_BLANK, 0, 0);
		}
		for (int i = next; i < next + count; i++) {
			plan->maze_page[i] = plan->page_count + 1;
			add_page(plan, MB_PAGE_MAZE, i, 1);
			if (spec->one_sided)
				add_page(plan, MB_PAGE_BLANK, 0, 0);
		}
		next += count;
	}
	if (next != maze_count)
		BUG("the sections hold %d mazes, the book %d", next, maze_count);
}

/*
 * When the usual arrangement of solutions (solution_grid) leaves squares
 * under the least size, another one may not: 4 portrait mazes on a
 * landscape page have larger squares side by side (4 x 1) than in 2 x 2.
 * Switch plan to the arrangement with the largest squares and return
 * their size. The usual one stays whenever it is good enough, so books
 * that fit keep their look.
 */
static double rearrange_solutions(struct mb_page_plan *plan, int page, int w, int h)
{
	int spp = plan->solutions_per_page, best_cols = plan->solution_cols;
	int best_rows = plan->solution_rows;
	struct mb_maze_geometry g;
	double best;

	mb_layout_solution_maze(plan, page, 0, w, h, &g);
	best = g.cell_pt;
	/* at most 4 across or down: a slot stays wide enough for its label */
	for (int cols = 1; cols <= spp; cols++) {
		if (spp % cols || cols > 4 || spp / cols > 4)
			continue;
		plan->solution_cols = cols;
		plan->solution_rows = spp / cols;
		mb_layout_solution_maze(plan, page, 0, w, h, &g);
		if (g.cell_pt > best + 1e-9) {
			best = g.cell_pt;
			best_cols = cols;
			best_rows = spp / cols;
		}
	}
	plan->solution_cols = best_cols;
	plan->solution_rows = best_rows;
	return best;
}

#define MM_PER_PT (25.4 / 72)

/*
 * The largest square a w x h solution gets with per_page solutions a page
 * (in the best arrangement of at most 4 a side); plan is left as it was.
 */
static double solution_cell(const struct mb_book_spec *spec, struct mb_page_plan *plan, int page,
			    int per_page, int w, int h)
{
	int spp = plan->solutions_per_page, cols = plan->solution_cols;
	int rows = plan->solution_rows;
	double cell;

	plan->solutions_per_page = per_page;
	solution_grid(per_page, spec->trim.w_in > spec->trim.h_in, &plan->solution_cols,
		      &plan->solution_rows);
	cell = rearrange_solutions(plan, page, w, h);
	plan->solutions_per_page = spp;
	plan->solution_cols = cols;
	plan->solution_rows = rows;
	return cell;
}

/*
 * Refuse a grid whose squares would come out too small to print well, on
 * the maze pages or in the solution slots. Every maze page has the same
 * live area (the gutter only moves from side to side) and every solution
 * slot the same size, so the first of each stands for all. The caller
 * releases the plan when it fails.
 */
static enum mb_status check_grid(const struct mb_book_spec *spec, struct mb_page_plan *plan,
				 int w, int h, struct mb_error *err)
{
	int spp = plan->solutions_per_page;
	struct mb_maze_geometry g;
	char trim[64];
	int page = 0;
	const char *a;

	mb_kdp_trim_name(&spec->trim, trim, sizeof(trim));
	a = trim[0] == '8' ? "an" : "a";	/* widths run from 4 to 8.5 in */
	mb_layout_maze_page(plan, plan->maze_page[0], w, h, &g);
	if (g.cell_pt < MB_LAYOUT_MIN_MAZE_CELL_PT - 1e-9) {
		return mb_error_set_field(err, MB_ERR_INPUT, "grid",
				    "grid %dx%d is too fine for %s %s page: a maze's squares "
				    "would be %.2f pt, at least %g pt are needed (use a smaller "
				    "grid or a larger trim)",
				    w, h, a, trim, g.cell_pt, MB_LAYOUT_MIN_MAZE_CELL_PT);
	}
	for (int i = 0; i < plan->page_count && !page; i++)
		if (plan->pages[i].kind == MB_PAGE_SOLUTIONS)
			page = i + 1;
	if (!page)
		BUG("a plan with %d mazes has no solutions page", plan->maze_count);
	mb_layout_solution_maze(plan, page, 0, w, h, &g);
	if (g.cell_pt < MB_LAYOUT_MIN_SOLUTION_CELL_PT - 1e-9)
		g.cell_pt = rearrange_solutions(plan, page, w, h);
	if (g.cell_pt < MB_LAYOUT_MIN_SOLUTION_CELL_PT - 1e-9) {
		static const int fewer[] = { 6, 4, 2, 1 };
		char advice[160] = "use a smaller grid or a larger trim";

		for (size_t i = 0; i < sizeof(fewer) / sizeof(fewer[0]); i++) {
			double cell;

			if (fewer[i] >= spp)
				continue;
			cell = solution_cell(spec, plan, page, fewer[i], w, h);
			if (cell >= MB_LAYOUT_MIN_SOLUTION_CELL_PT - 1e-9) {
				snprintf(advice, sizeof(advice), "'solutions: %d' fits (%.2f mm "
					 "squares), or use a smaller grid or a larger trim",
					 fewer[i], cell * MM_PER_PT);
				break;
			}
		}
		return mb_error_set_field(err, MB_ERR_INPUT, "solutions",
				    "%d solution%s per page of a %dx%d grid %s too small to read "
				    "on %s %s page: %s squares would be %.2f mm, and a solution "
				    "needs at least %.2f mm so its route shows clear of the walls: "
				    "%s", spp, spp == 1 ? "" : "s", w, h, spp == 1 ? "is" : "are",
				    a, trim, spp == 1 ? "its" : "their",
				    g.cell_pt * MM_PER_PT, MB_LAYOUT_MIN_SOLUTION_CELL_PT * MM_PER_PT,
				    advice);
	}
	return MB_OK;
}

/*
 * A book of sections: where each section starts, and every grid its
 * slots use checked as check_grid checks the book's (an error is put at
 * the section's place in the spec). Releases the plan when it fails.
 */
static enum mb_status check_sections(const struct mb_book_spec *spec, struct mb_page_plan *plan,
				     struct mb_error *err)
{
	struct mb_plan book;
	enum mb_status st = mb_plan_make(spec, &book, err);
	int last_w = 0, last_h = 0;

	if (st != MB_OK) {
		mb_layout_release(plan);
		return st;
	}
	if (book.maze_count != plan->maze_count)
		BUG("a plan of %d mazes for a page plan of %d", book.maze_count, plan->maze_count);
	if (book.section_count > MB_LAYOUT_MAX_SECTIONS)
		BUG("%d sections, at most %d", book.section_count, MB_LAYOUT_MAX_SECTIONS);
	plan->section_count = book.section_count;
	for (int s = 0; s < book.section_count; s++)
		plan->section_first[s] = book.sections[s].first;
	for (int i = 0; i < book.maze_count && st == MB_OK; i++) {
		const struct mb_plan_maze *m = &book.mazes[i];
		struct mb_error inner;
		char place[32];
		int line = 0, column = 0;

		if (m->w == last_w && m->h == last_h)
			continue;
		last_w = m->w;
		last_h = m->h;
		mb_error_init(&inner);
		if (check_grid(spec, plan, m->w, m->h, &inner) == MB_OK)
			continue;
		snprintf(place, sizeof(place), "sections.%d.grid", m->section + 1);
		if (!mb_spec_where(spec, place, &line, &column)) {
			snprintf(place, sizeof(place), "sections.%d", m->section + 1);
			mb_spec_where(spec, place, &line, &column);
		}
		st = mb_error_set_at(err, inner.code, spec->path ? spec->path : "", line, column,
				     "section %d ('%s'): %s", m->section + 1,
				     book.sections[m->section].title, inner.message);
	}
	mb_plan_release(&book);
	if (st != MB_OK)
		mb_layout_release(plan);
	return st;
}

/* the most pages KDP prints on trim for this edition; 0 when the edition has no such trim */
static int trim_max_pages(const struct mb_trim *trim, const struct mb_print *print)
{
	int min, max;

	if (print->binding == MB_BINDING_PAPERBACK && print->ink == MB_INK_BLACK)
		return mb_kdp_max_pages(trim, print->paper);
	if (mb_kdp_print_check(trim, print, NULL) != MB_OK)
		return 0;
	mb_kdp_page_limits(trim, print, &min, &max);
	return max;
}

/* the fewest solutions per page (from 'from' up) with which n mazes fit in max pages, or 0 */
static int fitting_solutions(const struct mb_page_matter *m, int n, int from, bool one_sided,
			     int max_pages)
{
	static const int per_page[] = { 1, 2, 4, 6, 9 };

	for (size_t i = 0; i < sizeof(per_page) / sizeof(per_page[0]); i++)
		if (per_page[i] >= from &&
		    mb_layout_page_count(m, n, per_page[i], one_sided) <= max_pages)
			return per_page[i];
	return 0;
}

/*
 * "; to fit N mazes: ..." for a book over its page limit: the settings
 * that would take it (more solutions per page, two-sided, white paper,
 * the listed trim with the most pages), or how to split it when nothing
 * does. Empty when the book fits.
 */
static void fit_advice(const struct mb_book_spec *spec, int n, char *buf, size_t size)
{
	struct mb_print print = mb_spec_print(spec);
	bool one = spec->one_sided;
	int spp = spec->solutions_per_page, here = trim_max_pages(&spec->trim, &print);
	int best_pages = 0, best_spp = 0, most = 0;
	const struct mb_trim *best = NULL;
	struct mb_page_matter m;
	size_t used;
	int k;

	mb_layout_matter(spec, &m);
	used = (size_t)snprintf(buf, size, "; to fit %d mazes:", n);
	k = fitting_solutions(&m, n, spp + 1, one, here);
	if (k)
		used += (size_t)snprintf(buf + used, used < size ? size - used : 0,
					 " 'solutions: %d'%s on this trim,", k, k < 9 ? " or more" : "");
	if (one && fitting_solutions(&m, n, spp, false, here))
		used += (size_t)snprintf(buf + used, used < size ? size - used : 0,
					 " 'one_sided: false',");
	if (print.paper == MB_PAPER_CREAM) {
		struct mb_print white = print;

		white.paper = MB_PAPER_WHITE;
		k = fitting_solutions(&m, n, spp, one, trim_max_pages(&spec->trim, &white));
		if (k == spp)
			used += (size_t)snprintf(buf + used, used < size ? size - used : 0,
						 " 'paper: white',");
		else if (k)
			used += (size_t)snprintf(buf + used, used < size ? size - used : 0,
						 " 'paper: white' with 'solutions: %d',", k);
	}
	/* the listed trim with the most pages for this edition, nearest in size on a tie */
	for (size_t i = 0; i < mb_kdp_trim_count; i++) {
		const struct mb_trim *t = &mb_kdp_trims[i];
		int pages = trim_max_pages(t, &print);
		double d = fabs(t->w_in * t->h_in - spec->trim.w_in * spec->trim.h_in);

		if (pages > most)
			most = pages;
		if ((t->w_in == spec->trim.w_in && t->h_in == spec->trim.h_in) || pages <= here ||
		    !(k = fitting_solutions(&m, n, spp, one, pages)))
			continue;
		if (!best || pages > best_pages ||
		    (pages == best_pages &&
		     d < fabs(best->w_in * best->h_in - spec->trim.w_in * spec->trim.h_in))) {
			best = t;
			best_pages = pages;
			best_spp = k;
		}
	}
	if (best) {
		char with[32] = "";

		if (best_spp > spp)
			snprintf(with, sizeof(with), " with 'solutions: %d'", best_spp);
		used += (size_t)snprintf(buf + used, used < size ? size - used : 0,
					 " 'trim: %gx%g' (up to %d pages)%s,", best->w_in, best->h_in,
					 best_pages, with);
	}
	if (used < size && buf[used - 1] == ',') {
		buf[used - 1] = '\0';
		return;
	}
	/* nothing takes them all: the most one book can hold, at 9 a page on the largest trim */
	snprintf(buf + used, used < size ? size - used : 0,
		 " no setting fits them in one book; split them into books of at most %d mazes",
		 mb_layout_max_mazes(&m, 9, false, most));
}

/*
 * A hardcover or colour edition's page limits (mb_kdp_page_limits), which
 * are narrower than the black-ink paperback's that mb_layout_plan checks.
 */
static enum mb_status check_edition_pages(const struct mb_book_spec *spec, int maze_count,
					  int total, struct mb_error *err)
{
	struct mb_print print = mb_spec_print(spec);
	int spp = spec->solutions_per_page, min, max, least;
	bool one = spec->one_sided;
	const char *sidedness = one ? " and one-sided mazes" : "";
	char trim[64], what[64];
	struct mb_page_matter m;
	enum mb_status st = mb_kdp_print_check(&spec->trim, &print, err);

	if (st != MB_OK)
		return st;
	mb_layout_matter(spec, &m);
	mb_kdp_page_limits(&spec->trim, &print, &min, &max);
	mb_kdp_trim_name(&spec->trim, trim, sizeof(trim));
	mb_kdp_print_name(&print, what, sizeof(what));
	if (total < min) {
		least = maze_count;
		while (mb_layout_page_count(&m, least, spp, one) < min)
			least++;
		return mb_error_set_field(
			err, MB_ERR_INPUT, "mazes",
			"%d mazes make only %d pages but KDP prints a %s in %s with at least %d: "
			"with %d solutions per page%s it needs at least %d mazes",
			maze_count, total, mb_kdp_binding_name(print.binding), what, min, spp,
			sidedness, least);
	}
	if (total > max) {
		char advice[400];

		fit_advice(spec, maze_count, advice, sizeof(advice));
		return mb_error_set_field(
			err, MB_ERR_INPUT, "mazes",
			"%d mazes make %d pages but KDP prints a %s %s in %s with at most %d: "
			"with %d solution%s per page%s at most %d mazes fit%s",
			maze_count, total, trim, mb_kdp_binding_name(print.binding), what, max, spp,
			spp == 1 ? "" : "s", sidedness, mb_layout_max_mazes(&m, spp, one, max), advice);
	}
	return MB_OK;
}

/*
 * The book's page count (*ptotal) for maze_count mazes, refused when the
 * spec's numbers are out of range or KDP prints no such book.
 */
static enum mb_status count_pages(const struct mb_book_spec *spec, int maze_count, int *ptotal,
				  struct mb_error *err)
{
	int spp = spec->solutions_per_page;
	bool one = spec->one_sided;
	const char *sidedness = one ? " and one-sided mazes" : "";
	int total, max_pages;
	char trim_name[64];
	struct mb_page_matter m;

	mb_layout_matter(spec, &m);
	if (!mb_layout_solutions_valid(spp))
		return mb_error_set_field(
			err, MB_ERR_INPUT, "solutions",
			"solutions per page must be 1, 2, 4, 6 or 9, not %d", spp);
	if (spec->grid_w < 1 || spec->grid_h < 1 || spec->grid_w > MB_MAZE_MAX_SIDE ||
	    spec->grid_h > MB_MAZE_MAX_SIDE)
		return mb_error_set_field(err, MB_ERR_INPUT, "grid",
					  "grid %dx%d: expected 1 to %d squares each way",
					  spec->grid_w, spec->grid_h, MB_MAZE_MAX_SIDE);
	if (maze_count < 1)
		return mb_error_set_field(err, MB_ERR_INPUT, "mazes",
					  "a book needs at least 1 maze, not %d",
					  maze_count);
	total = mb_layout_page_count(&m, maze_count, spp, one);
	if (spec->binding != MB_BINDING_PAPERBACK || spec->ink != MB_INK_BLACK) {
		enum mb_status st = check_edition_pages(spec, maze_count, total, err);

		if (st != MB_OK)
			return st;
	}
	if (total < mb_kdp.min_pages)
		return mb_error_set_field(
			err, MB_ERR_INPUT, "mazes",
			"%d mazes make only %d pages but KDP prints at least %d: "
			"with %d solutions per page%s a book needs at least %d mazes",
			maze_count, total, (int)mb_kdp.min_pages, spp, sidedness,
			mb_layout_min_mazes(&m, spp, one));
	max_pages = mb_kdp_max_pages(&spec->trim, spec->paper);
	if (spec->binding != MB_BINDING_PAPERBACK || spec->ink != MB_INK_BLACK) {
		struct mb_print print = mb_spec_print(spec);
		int min_pages;

		/* checked against the edition's limits above */
		mb_kdp_page_limits(&spec->trim, &print, &min_pages, &max_pages);
	}
	if (total > max_pages) {
		char advice[400];

		fit_advice(spec, maze_count, advice, sizeof(advice));
		return mb_error_set_field(
			err, MB_ERR_INPUT, "mazes",
			"%d mazes make %d pages but KDP prints at most %d on a %s "
			"trim with %s paper: with %d solution%s per page%s at most %d "
			"mazes fit%s",
			maze_count, total, max_pages,
			mb_kdp_trim_name(&spec->trim, trim_name, sizeof(trim_name)),
			mb_kdp_paper_name(spec->paper), spp, spp == 1 ? "" : "s", sidedness,
			mb_layout_max_mazes(&m, spp, one, max_pages), advice);
	}

	*ptotal = total;
	return MB_OK;
}

/* the pages in order: front matter, mazes, solutions, the certificate; total of them */
static void add_pages(const struct mb_book_spec *spec, struct mb_page_plan *plan,
		      int maze_count, int total)
{
	int spp = spec->solutions_per_page;
	bool one = spec->one_sided;

	plan->pages = xcalloc((size_t)total, sizeof(*plan->pages));
	plan->maze_page = xcalloc((size_t)maze_count, sizeof(*plan->maze_page));
	plan->maze_count = maze_count;
	plan->solutions_per_page = spp;
	plan->one_sided = one;
	plan->bleed = spec->bleed;

	add_front(spec, plan);
	add_mazes(spec, plan, maze_count);
	if (plan->page_count % 2 == 1)
		add_page(plan, MB_PAGE_BLANK, 0, 0);
	plan->solutions_page = plan->page_count + 1;
	for (int i = 0; i < maze_count; i += spp)
		add_page(plan, MB_PAGE_SOLUTIONS, i,
			 maze_count - i < spp ? maze_count - i : spp);
	/* the certificate is the last page: an even count's blank goes before it */
	if ((plan->page_count + spec->pages.certificate) % 2 == 1)
		add_page(plan, MB_PAGE_BLANK, 0, 0);
	if (spec->pages.certificate) {
		plan->certificate_page = plan->page_count + 1;
		add_page(plan, MB_PAGE_CERTIFICATE, 0, 0);
	}
	if (plan->page_count != total)
		BUG("planned %d pages, counted %d", plan->page_count, total);
}

/* the page size, the solutions' grid and the margins (KDP's least, and as they look) */
static void size_pages(const struct mb_book_spec *spec, struct mb_page_plan *plan, int total)
{
	int spp = spec->solutions_per_page;
	double w_in, h_in;

	plan->trim_w_in = spec->trim.w_in;
	plan->trim_h_in = spec->trim.h_in;
	mb_kdp_page_size_in(&spec->trim, spec->bleed, &w_in, &h_in);
	plan->page_w_pt = w_in * MB_PT_PER_IN;
	plan->page_h_pt = h_in * MB_PT_PER_IN;
	solution_grid(spp, spec->trim.w_in > spec->trim.h_in, &plan->solution_cols,
		      &plan->solution_rows);

	plan->min_gutter_in = mb_kdp_gutter_in(total);
	plan->min_outside_in = mb_kdp_outside_margin_in(spec->bleed);
	plan->gutter_in = plan->min_gutter_in + mb_kdp.margin_allowance_in + GUTTER_LOOKS_IN;
	plan->outside_in = fmax(plan->min_outside_in + mb_kdp.margin_allowance_in,
				spec->trim.large ? OUTSIDE_LOOKS_LARGE_IN : OUTSIDE_LOOKS_SMALL_IN);
	plan->top_in = plan->outside_in;
	plan->bottom_in = plan->outside_in;
}

enum mb_status mb_layout_plan(const struct mb_book_spec *spec, int maze_count,
			      struct mb_page_plan *plan, struct mb_error *err)
{
	int total;
	enum mb_status st;

	memset(plan, 0, sizeof(*plan));
	st = count_pages(spec, maze_count, &total, err);
	if (st != MB_OK)
		return st;
	add_pages(spec, plan, maze_count, total);
	size_pages(spec, plan, total);
	if (!spec->section_count && check_grid(spec, plan, spec->grid_w, spec->grid_h, err)) {
		mb_layout_release(plan);
		return err ? err->code : MB_ERR_INPUT;
	}
	return spec->section_count ? check_sections(spec, plan, err) : MB_OK;
}

void mb_layout_release(struct mb_page_plan *plan)
{
	free(plan->pages);
	free(plan->maze_page);
	memset(plan, 0, sizeof(*plan));
}

void mb_layout_trim_box(const struct mb_page_plan *plan, int page, struct mb_rect_pt *out)
{
	/* with bleed the outside edge carries the extra width: left of even pages */
	out->x = plan->bleed && !mb_layout_is_recto(page) ? mb_kdp.interior_bleed_w_in * MB_PT_PER_IN
							  : 0;
	out->y = plan->bleed ? mb_kdp.interior_bleed_h_in / 2 * MB_PT_PER_IN : 0;
	out->w = plan->trim_w_in * MB_PT_PER_IN;
	out->h = plan->trim_h_in * MB_PT_PER_IN;
}

void mb_layout_live_area(const struct mb_page_plan *plan, int page, struct mb_rect_pt *out)
{
	struct mb_rect_pt trim;
	double left_in, right_in;

	mb_layout_trim_box(plan, page, &trim);
	if (mb_layout_is_recto(page)) {
		left_in = plan->gutter_in;
		right_in = plan->outside_in;
	} else {
		left_in = plan->outside_in;
		right_in = plan->gutter_in;
	}
	out->x = trim.x + left_in * MB_PT_PER_IN;
	out->y = trim.y + plan->bottom_in * MB_PT_PER_IN;
	out->w = trim.w - (left_in + right_in) * MB_PT_PER_IN;
	out->h = trim.h - (plan->top_in + plan->bottom_in) * MB_PT_PER_IN;
}

static double clamp(double v, double lo, double hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* A wall width for a cell size: cell/div within lo..hi, never more than half a cell. */
static double wall_for(double cell, double div, double lo, double hi)
{
	double wall = clamp(cell / div, lo, hi);

	if (wall > cell / 2)
		wall = fmax(cell / 2, mb_kdp.min_line_pt);
	return wall;
}

/*
 * Fit a w x h grid (plus extra_rows cells of room split above and below)
 * into area, keeping half a wall inside every edge so that no ink leaves it.
 */
static void fit(const struct mb_rect_pt *area, int w, int h, double extra_rows, double div,
		double lo, double hi, struct mb_maze_geometry *out)
{
	double cell = fmin(area->w / w, area->h / (h + extra_rows));
	double wall = wall_for(cell, div, lo, hi);

	/* the wall only shrinks with the cell, so insetting by this one is safe */
	cell = fmin((area->w - wall) / w, (area->h - wall) / (h + extra_rows));
	if (cell < 0)
		cell = 0;
	out->w = w;
	out->h = h;
	out->cell_pt = cell;
	out->wall_pt = wall;
	out->route_pt = 0;
	out->x = area->x + (area->w - w * cell) / 2;
	out->y = area->y + (area->h - h * cell) / 2;
}

void mb_layout_fit_maze(const struct mb_rect_pt *area, int w, int h,
			struct mb_maze_geometry *out)
{
	fit(area, w, h, 0, 8, 1.0, 3.5, out);
}

void mb_layout_maze_area(const struct mb_page_plan *plan, int page, struct mb_rect_pt *out)
{
	double top = MB_LAYOUT_HEADING_BAND_PT + MB_LAYOUT_LABEL_BAND_PT;
	double bottom = MB_LAYOUT_FOLIO_BAND_PT + MB_LAYOUT_LABEL_BAND_PT;

	mb_layout_live_area(plan, page, out);
	out->y += bottom;
	out->h -= top + bottom;
}

void mb_layout_maze_page(const struct mb_page_plan *plan, int page, int w, int h,
			 struct mb_maze_geometry *out)
{
	struct mb_rect_pt area;

	mb_layout_maze_area(plan, page, &area);
	mb_layout_fit_maze(&area, w, h, out);
}

void mb_layout_solution_slot(const struct mb_page_plan *plan, int page, int slot,
			     struct mb_rect_pt *out)
{
	struct mb_rect_pt live;
	int cols = plan->solution_cols, rows = plan->solution_rows;
	int col = slot % cols, row = slot / cols;
	double area_top, area_h, cw, rh;

	mb_layout_live_area(plan, page, &live);
	area_top = live.y + live.h - MB_LAYOUT_HEADING_BAND_PT;
	area_h = live.h - MB_LAYOUT_HEADING_BAND_PT - MB_LAYOUT_FOLIO_BAND_PT;
	cw = (live.w - (cols - 1) * MB_LAYOUT_SLOT_GAP_PT) / cols;
	rh = (area_h - (rows - 1) * MB_LAYOUT_SLOT_GAP_PT) / rows;
	out->x = live.x + col * (cw + MB_LAYOUT_SLOT_GAP_PT);
	out->y = area_top - (row + 1) * rh - row * MB_LAYOUT_SLOT_GAP_PT;
	out->w = cw;
	out->h = rh;
}

void mb_layout_solution_maze(const struct mb_page_plan *plan, int page, int slot,
			     int w, int h, struct mb_maze_geometry *out)
{
	struct mb_rect_pt area;

	mb_layout_solution_slot(plan, page, slot, &area);
	area.h -= MB_LAYOUT_SLOT_LABEL_PT * 2;	/* the label band at the top */
	/* 0.7 cell above and below: the route leaves through the gaps */
	fit(&area, w, h, 1.4, 10, mb_kdp.min_line_pt, 2.0, out);
	/* small cells get a relatively wider route, so it still shows in print */
	out->route_pt = out->cell_pt * (out->cell_pt < 10 ? 0.5 : 0.36);
}

void mb_layout_folio(const struct mb_page_plan *plan, int page, double *x, double *y)
{
	struct mb_rect_pt live;

	mb_layout_live_area(plan, page, &live);
	*x = live.x + live.w / 2;
	/* the baseline sits above the descenders' depth (about a quarter em) */
	*y = live.y + MB_LAYOUT_FOLIO_PT * 0.3;
}

bool mb_layout_cover_grid(int w, int h, double room_w_pt, double room_h_pt, int *out_w,
			  int *out_h)
{
	const double eps = 1e-9;
	double scale;
	int cw, ch;

	if (w < 1 || h < 1 || !(room_w_pt > 0) || !(room_h_pt > 0))
		return false;
	if (fmin(room_w_pt / w, room_h_pt / h) >= MB_LAYOUT_MIN_COVER_CELL_PT - eps) {
		*out_w = w;
		*out_h = h;
		return true;
	}
	/* under 1: the book's squares are under the least, so under the aim too */
	scale = fmin(room_w_pt / (w * MB_LAYOUT_COVER_CELL_PT),
		     room_h_pt / (h * MB_LAYOUT_COVER_CELL_PT));
	cw = (int)floor(w * scale + eps);
	ch = (int)floor(h * scale + eps);
	cw = cw < 1 ? 1 : cw;
	ch = ch < 1 ? 1 : ch;
	if (cw < (w < 2 ? w : 2) || ch < (h < 2 ? h : 2) ||
	    fmin(room_w_pt / cw, room_h_pt / ch) < MB_LAYOUT_MIN_COVER_CELL_PT - eps)
		return false;
	*out_w = cw;
	*out_h = ch;
	return true;
}

void mb_layout_maze_room(const struct mb_book_spec *spec, int maze_count, double *w_pt,
			 double *h_pt)
{
	struct mb_page_matter matter;
	int pages;

	/* the pages around the mazes count too: they thicken the book and its gutter */
	mb_layout_matter(spec, &matter);
	pages = mb_layout_page_count(&matter, maze_count > 0 ? maze_count : 1,
				     spec->solutions_per_page, spec->one_sided);
	double gutter = mb_kdp_gutter_in(pages) + mb_kdp.margin_allowance_in + GUTTER_LOOKS_IN;
	double outside = fmax(mb_kdp_outside_margin_in(spec->bleed) + mb_kdp.margin_allowance_in,
			      spec->trim.large ? OUTSIDE_LOOKS_LARGE_IN : OUTSIDE_LOOKS_SMALL_IN);

	/* as mb_layout_live_area and mb_layout_maze_area, without a plan */
	*w_pt = (spec->trim.w_in - gutter - outside) * MB_PT_PER_IN;
	*h_pt = (spec->trim.h_in - 2 * outside) * MB_PT_PER_IN - MB_LAYOUT_HEADING_BAND_PT -
		2 * MB_LAYOUT_LABEL_BAND_PT - MB_LAYOUT_FOLIO_BAND_PT;
}

/* the share of a room_w x room_h room a w x h grid of square cells covers */
static double fill_share(double w, double h, double room_w, double room_h)
{
	double a = (w / h) / (room_w / room_h);

	return a < 1 ? a : 1 / a;
}

void mb_layout_fit_grid(int level_w, int level_h, double room_w_pt, double room_h_pt, int *w,
			int *h)
{
	double upright = fill_share(level_w, level_h, room_w_pt, room_h_pt);
	double turned = fill_share(level_h, level_w, room_w_pt, room_h_pt);
	double n = (double)level_w * level_h;
	int fw, fh;

	if (!(room_w_pt > 0) || !(room_h_pt > 0)) {
		*w = level_w;
		*h = level_h;
		return;
	}
	/* strictly better only: a square level stays as it is */
	if (turned > upright + 1e-9) {
		if (turned >= MB_LAYOUT_FIT_KEEP) {
			*w = level_h;
			*h = level_w;
			return;
		}
	} else if (upright >= MB_LAYOUT_FIT_KEEP) {
		*w = level_w;
		*h = level_h;
		return;
	}
	fw = (int)lround(sqrt(n * room_w_pt / room_h_pt));
	fw = fw < 2 ? 2 : fw > MB_SPEC_MAX_GRID ? MB_SPEC_MAX_GRID : fw;
	fh = (int)lround(n / fw);
	fh = fh < 2 ? 2 : fh > MB_SPEC_MAX_GRID ? MB_SPEC_MAX_GRID : fh;
	*w = fw;
	*h = fh;
}

void mb_layout_fit_lattice(const struct mb_rect_pt *area, const struct mb_grid *grid,
			   struct mb_lattice_geometry *out)
{
	double x0, y0, x1, y1, bw, bh, scale, wall;

	if (!mb_grid_is_graph(grid))
		BUG("mb_layout_fit_lattice on a %s grid", mb_grid_kind_name(grid->kind));
	mb_grid_bounds(grid, &x0, &y0, &x1, &y1);
	bw = x1 - x0;
	bh = y1 - y0;
	if (!(bw > 0 && bh > 0 && grid->lat->min_feature > 0))
		BUG("a lattice of %g x %g units, narrowest %g", bw, bh, grid->lat->min_feature);
	scale = fmin(area->w / bw, area->h / bh);
	wall = wall_for(scale * grid->lat->min_feature, 8, 1.0, 3.5);
	/* the wall only shrinks with the scale, so insetting by this one is safe */
	scale = fmax(0, fmin((area->w - wall) / bw, (area->h - wall) / bh));
	out->scale = scale;
	out->box.w = bw * scale;
	out->box.h = bh * scale;
	out->box.x = area->x + (area->w - out->box.w) / 2;
	out->box.y = area->y + (area->h - out->box.h) / 2;
	out->ox = out->box.x - x0 * scale;
	out->oy = out->box.y + out->box.h + y0 * scale;
	out->corridor_pt = grid->lat->min_feature * scale;
	out->wall_pt = wall;
}

static bool lattice_fits(const struct mb_grid *grid, const struct mb_rect_pt *area)
{
	struct mb_lattice_geometry g;

	mb_layout_fit_lattice(area, grid, &g);
	return g.corridor_pt >= MB_LAYOUT_MIN_MAZE_CELL_PT - 1e-9;
}

/*
 * The hardest level easier than level_name whose grid of grid's kind and
 * outline fits area, or NULL (none, or no such level).
 */
static const struct mb_level *easier_level_that_fits(const struct mb_grid *grid,
						     const struct mb_rect_pt *area,
						     const char *level_name)
{
	const struct mb_level *level = level_name ? mb_level_find(level_name) : NULL;

	if (!level)
		return NULL;
	for (const struct mb_level *l = level; l > mb_levels; ) {
		struct mb_error err;
		struct mb_grid *g;
		bool fits;

		l--;
		mb_error_init(&err);
		g = mb_level_grid_new(l, grid->kind, grid->lat->outline, &err);
		if (!g)
			continue;
		fits = lattice_fits(g, area);
		mb_grid_free(g);
		if (fits)
			return l;
	}
	return NULL;
}

/*
 * The smallest listed KDP trim (by area) whose maze area, the margins and
 * bands kept as they are on trim_name, fits grid; false if none does.
 */
static bool larger_trim_that_fits(const struct mb_grid *grid, const struct mb_rect_pt *area,
				  const char *trim_name, char *out, size_t size)
{
	struct mb_trim trim = { 0 };
	struct mb_error err;
	const struct mb_trim *best = NULL;

	/* "6 x 9 in" (mb_kdp_trim_name) or "6x9" (the spec's) */
	mb_error_init(&err);
	if (!trim_name || (sscanf(trim_name, "%lf x %lf", &trim.w_in, &trim.h_in) != 2 &&
			   mb_kdp_parse_trim(trim_name, &trim, &err) != MB_OK))
		return false;
	for (size_t i = 0; i < mb_kdp_trim_count; i++) {
		const struct mb_trim *t = &mb_kdp_trims[i];
		struct mb_rect_pt a = *area;

		if (t->w_in * t->h_in <= trim.w_in * trim.h_in)
			continue;
		a.w += (t->w_in - trim.w_in) * 72.0;
		a.h += (t->h_in - trim.h_in) * 72.0;
		if (a.w > 0 && a.h > 0 && lattice_fits(grid, &a) &&
		    (!best || t->w_in * t->h_in < best->w_in * best->h_in))
			best = t;
	}
	if (!best)
		return false;
	mb_kdp_trim_name(best, out, size);
	return true;
}

enum mb_status mb_layout_check_lattice(const struct mb_grid *grid, const struct mb_rect_pt *area,
				       const char *level, const char *trim, struct mb_error *err)
{
	struct mb_lattice_geometry g;
	const struct mb_level *easier;
	char desc[64], bigger[64], advice[256];
	bool has_bigger;

	mb_layout_fit_lattice(area, grid, &g);
	if (g.corridor_pt >= MB_LAYOUT_MIN_MAZE_CELL_PT - 1e-9)
		return MB_OK;
	mb_grid_describe(grid, desc, sizeof(desc));
	easier = easier_level_that_fits(grid, area, level);
	has_bigger = larger_trim_that_fits(grid, area, trim, bigger, sizeof(bigger));
	if (easier && has_bigger)
		snprintf(advice, sizeof(advice), "level %s, or a trim of %s or larger", easier->name,
			 bigger);
	else if (easier)
		snprintf(advice, sizeof(advice), "level %s, or a larger trim", easier->name);
	else if (has_bigger)
		snprintf(advice, sizeof(advice), "a smaller grid, or a trim of %s or larger", bigger);
	else
		snprintf(advice, sizeof(advice), "a smaller grid or a larger trim");
	return mb_error_set_field(err, MB_ERR_INPUT, "grid",
				  "grid %s is too fine for %s %s page: its narrowest corridor would "
				  "be %.2f pt, at least %g pt are needed (use %s)", desc,
				  !trim ? "this" : trim[0] == '8' ? "an" : "a", trim ? trim : "maze",
				  g.corridor_pt, MB_LAYOUT_MIN_MAZE_CELL_PT, advice);
}
