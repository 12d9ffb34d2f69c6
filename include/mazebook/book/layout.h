/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The page plan of a book's interior: which page carries what, the page
 * size, the mirrored margins and where a maze goes on its page. Pure
 * geometry over the spec's trim, bleed, solutions-per-page and one-sided
 * settings; the interior writer only draws what this module places, so
 * the plan can be tested without any PDF.
 *
 * Lengths: the margins are in inches measured from the trim line (as KDP
 * states them); rectangles on a page are in PDF points with the origin at
 * the bottom left corner of the page (bleed included) and y growing up.
 *
 * Pages are numbered from 1. Odd pages are right-hand (recto) pages with
 * the binding (gutter) on the left; even pages are left-hand (verso) with
 * the gutter on the right. With bleed the page is 0.125 in wider than the
 * trim, all of it on the outside edge (right of odd pages, left of even
 * pages), and 0.25 in taller, 0.125 in at the top and at the bottom.
 */
#ifndef MAZEBOOK_LAYOUT_H
#define MAZEBOOK_LAYOUT_H

#include <stdbool.h>

#include "mazebook/base/error.h"
#include "mazebook/book/spec.h"
#include "mazebook/kdp/kdp.h"
#include "mazebook/maze/grid.h"

/*
 * What a page carries. The pages around the mazes (issue 14) are each
 * turned on or off by the spec's pages: (all on by default) and come in
 * this order: title, copyright, belongs-to, how to play, contents; then
 * each section's page before its mazes; the solutions; the certificate
 * last of all.
 */
enum mb_page_kind {
	MB_PAGE_TITLE,		/* title, subtitle, author, the title page's maze */
	MB_PAGE_COPYRIGHT,	/* title, copyright with year, imprint, ISBN, seed if asked */
	MB_PAGE_BELONGS_TO,	/* "This book belongs to" with lines to write on */
	MB_PAGE_HOW_TO_PLAY,	/* how to play, level, maze count, the ramp */
	MB_PAGE_CONTENTS,	/* the sections (or the parts) with their first page */
	MB_PAGE_SECTION,	/* a section's title, level and one line about it */
	MB_PAGE_MAZE,		/* one maze */
	MB_PAGE_SOLUTIONS,	/* up to solutions_per_page solved mazes */
	MB_PAGE_CERTIFICATE,	/* a certificate of completion, the book's last page */
	MB_PAGE_BLANK		/* nothing printed, not even a page number */
};

struct mb_page {
	enum mb_page_kind kind;
	int first;	/* MAZE: the maze's 0-based index; SOLUTIONS: the first one's;
			 * SECTION: the section's 0-based index */
	int count;	/* MAZE: 1; SOLUTIONS: mazes on this page; SECTION: its mazes; else 0 */
};

/*
 * The pages a spec asks for around its mazes (mb_layout_matter): the
 * front pages (title to contents), the section pages (one per listed
 * section when pages.section_pages is on), the certificate.
 */
struct mb_page_matter {
	int front;		/* 0..5 */
	int section_pages;	/* 0 or the spec's section_count */
	bool certificate;
};

/* The most sections a plan tells apart (the spec's limit). */
#define MB_LAYOUT_MAX_SECTIONS MB_SPEC_MAX_SECTIONS

/* A rectangle in PDF points; origin bottom left of the page, y up. */
struct mb_rect_pt {
	double x, y, w, h;
};

/* The most sections a plan tells apart (the spec's limit). */
#define MB_LAYOUT_MAX_SECTIONS MB_SPEC_MAX_SECTIONS

struct mb_page_plan {
	int page_count;			/* even, >= mb_kdp.min_pages */
	struct mb_page *pages;		/* page_count entries; pages[0] is page 1; owned */
	int maze_count;
	int *maze_page;			/* maze_count entries: the page (1-based) of maze i; owned */
	/*
	 * The book's sections (the spec's sections: and the book plan,
	 * mazebook/book/plan.h) as the contents lists them: a spec without
	 * sections has none (0). section_page[i] is the page the section
	 * opens on (its section page, or its first maze when section pages
	 * are off); section_first[i] its first maze (0-based).
	 */
	int section_count;
	int section_page[MB_LAYOUT_MAX_SECTIONS];
	int section_first[MB_LAYOUT_MAX_SECTIONS];
	int solutions_page;		/* the first solutions page */
	int certificate_page;		/* the certificate's page, or 0 */
	int contents_page;		/* the contents' page, or 0 */
	int solutions_per_page;		/* 1, 2, 4, 6 or 9 */
	/*
	 * the grid of solutions on a page: 1x1, 1x2, 2x2, 2x3 or 3x3 (cols and
	 * rows swapped on landscape trims); when that leaves squares under
	 * MB_LAYOUT_MIN_SOLUTION_CELL_PT, the arrangement of at most 4 a side
	 * with the largest squares (4 x 1 for 4 portrait mazes on 8.25 x 6)
	 */
	int solution_cols, solution_rows;
	bool one_sided;
	bool bleed;

	double trim_w_in, trim_h_in;
	double page_w_pt, page_h_pt;	/* the PDF page: trim, plus bleed if any */

	/* KDP's least margins for this book, from the trim line */
	double min_gutter_in, min_outside_in;
	/* the margins used: the least ones plus a safety and looks allowance */
	double gutter_in, outside_in, top_in, bottom_in;
};

/* Which solutions-per-page values are valid, and the grid each one uses. */
bool mb_layout_solutions_valid(int per_page);

/*
 * Plan the interior for maze_count mazes with spec's trim, paper, bleed,
 * solutions_per_page, one_sided, sections and pages. The order: the front
 * pages the spec keeps (title, copyright, belongs-to, how to play,
 * contents; one_sided: a blank after them if needed so that the first
 * maze is on an odd page), then section by section its section page (if
 * kept) and its mazes one per page (one_sided: each on an odd page with a
 * blank back, a section page too), a blank page if needed so that the
 * solutions start on an odd page, the solution pages, and a blank page if
 * needed for an even count, put before the certificate when there is one
 * so that the certificate is the last page. Never more than
 * mb_kdp.max_blank_in_row blank pages in a row. The sections' maze counts
 * must add up to maze_count (a BUG otherwise).
 *
 * Fails with MB_ERR_INPUT when solutions_per_page is not 1, 2, 4, 6 or 9,
 * when spec's grid (grid_w x grid_h, 1..MB_MAZE_MAX_SIDE each) is so fine
 * that a maze page's squares would be under MB_LAYOUT_MIN_MAZE_CELL_PT or a
 * solution's under MB_LAYOUT_MIN_SOLUTION_CELL_PT (the message says what
 * to change),
 * when the book would have fewer than mb_kdp.min_pages pages (the message
 * gives the least maze count for these settings) or more than
 * mb_kdp_max_pages() (the message gives the most mazes that fit);
 * err->field names the spec key at fault ("solutions" or "mazes"). On
 * success the caller owns plan and frees it with mb_layout_release.
 */
enum mb_status mb_layout_plan(const struct mb_book_spec *spec, int maze_count,
			      struct mb_page_plan *plan, struct mb_error *err);

/* Accepts a zeroed or released plan. */
void mb_layout_release(struct mb_page_plan *plan);

/* The pages around the mazes that spec asks for. */
void mb_layout_matter(const struct mb_book_spec *spec, struct mb_page_matter *out);

/* Pages the book would have for n mazes with matter around them (no limits applied). */
int mb_layout_page_count(const struct mb_page_matter *matter, int n, int solutions_per_page,
			 bool one_sided);

/* The fewest and the most mazes a book with these settings may have. */
int mb_layout_min_mazes(const struct mb_page_matter *matter, int solutions_per_page,
			bool one_sided);
int mb_layout_max_mazes(const struct mb_page_matter *matter, int solutions_per_page,
			bool one_sided, int max_pages);

/* Is page n (1-based) a right-hand page? */
static inline bool mb_layout_is_recto(int page)
{
	return page % 2 == 1;
}

/* The trim box of page n: the whole page without bleed. */
void mb_layout_trim_box(const struct mb_page_plan *plan, int page, struct mb_rect_pt *out);

/* The live area of page n: the trim box less the margins (gutter mirrored). */
void mb_layout_live_area(const struct mb_page_plan *plan, int page, struct mb_rect_pt *out);

/*
 * The bands of a page's live area, from the top: heading, content,
 * page number (folio) at the bottom. Sizes of type in points.
 */
#define MB_LAYOUT_HEADING_PT 26.0	/* "Maze 12" */
#define MB_LAYOUT_HEADING_BAND_PT 44.0
#define MB_LAYOUT_LABEL_PT 13.0		/* START, FINISH */
#define MB_LAYOUT_LABEL_BAND_PT 30.0	/* the band above and below a maze for them */
#define MB_LAYOUT_FOLIO_PT 10.0		/* the page number */
#define MB_LAYOUT_FOLIO_BAND_PT 22.0
#define MB_LAYOUT_SLOT_LABEL_PT 9.0	/* "Maze 3 (page 5)" over a solution */
#define MB_LAYOUT_SLOT_GAP_PT 14.0	/* space between solution slots */

/*
 * The smallest squares a plan accepts. A children's book wants walls a
 * child can see and a pencil can run between: on maze pages the wall is
 * at least 1 pt (mb_layout_fit_maze), so 4 pt squares keep it a quarter of
 * a square and leave a 3 pt (1 mm) lane. Solutions are only looked at, not
 * solved, so they may be finer: their walls are at least KDP's 0.75 pt,
 * so 3 pt squares keep them a quarter of a square, and the route (half a
 * square there) stays 1.5 pt, twice KDP's least line weight.
 */
#define MB_LAYOUT_MIN_MAZE_CELL_PT 4.0
/*
 * A solution is read as closely as its maze: its squares get the maze
 * page's floor, 4 pt (1.41 mm), where the route (half a square wide) still
 * shows paper on both sides between 0.75 pt walls. Smaller solutions are
 * refused at 'solutions:', naming the count that fits.
 */
#define MB_LAYOUT_MIN_SOLUTION_CELL_PT MB_LAYOUT_MIN_MAZE_CELL_PT

/* Where a maze grid goes and how heavy its lines are. */
struct mb_maze_geometry {
	double x, y;		/* bottom left corner of the grid, pt */
	double cell_pt;		/* side of a square cell */
	double wall_pt;		/* wall line width, >= mb_kdp.min_line_pt */
	double route_pt;	/* solution line width (solutions only; else 0) */
	int w, h;		/* cells */
};

/* The top-left corner of a grid in the geometry: (g->x, g->y + h * cell). */
static inline double mb_maze_geometry_top(const struct mb_maze_geometry *g)
{
	return g->y + g->h * g->cell_pt;
}

/*
 * Fit a w x h grid into area: square cells as large as the area allows,
 * centred. Wall width is cell/8 clamped to 1.0 .. 3.5 pt.
 */
void mb_layout_fit_maze(const struct mb_rect_pt *area, int w, int h,
			struct mb_maze_geometry *out);

/*
 * The whole geometry of a maze page: the area for the grid (the live area
 * less the heading band at the top, the START band above the grid, the
 * FINISH band below and the folio band at the bottom) and the grid in it.
 */
void mb_layout_maze_area(const struct mb_page_plan *plan, int page, struct mb_rect_pt *out);
void mb_layout_maze_page(const struct mb_page_plan *plan, int page, int w, int h,
			 struct mb_maze_geometry *out);

/*
 * Solution slot i (0-based, row by row from the top left) of a solutions
 * page: the slot rectangle (label band included) and the grid in it, with
 * half a cell kept free above and below for the route through the gaps.
 * Walls are cell/10 clamped to 0.75 .. 2.0 pt; the route is 0.36 cells
 * (0.5 cells when cells are under 10 pt, so it still shows in print).
 */
void mb_layout_solution_slot(const struct mb_page_plan *plan, int page, int slot,
			     struct mb_rect_pt *out);
void mb_layout_solution_maze(const struct mb_page_plan *plan, int page, int slot,
			     int w, int h, struct mb_maze_geometry *out);

/*
 * The cover's maze art. The cover shows mazes of the book (the first on
 * the front, one from the middle on the back) on cards whose walls are at
 * least 1 pt, so their squares need MB_LAYOUT_MIN_COVER_CELL_PT for the
 * walls to stay a quarter of a square, as on the maze pages. A book grid
 * too fine for that at the card's size is drawn from a coarser maze made
 * for the cover: same proportions, same generator, squares of about
 * MB_LAYOUT_COVER_CELL_PT, so it still looks like the book's contents.
 */
#define MB_LAYOUT_MIN_COVER_CELL_PT 4.0
#define MB_LAYOUT_COVER_CELL_PT 6.0

/*
 * The grid to draw a w x h book maze with in a room_w_pt x room_h_pt space:
 * w x h itself when its squares come to MB_LAYOUT_MIN_COVER_CELL_PT or
 * more, else the coarser grid above. False (out_w, out_h untouched) when
 * not even that fits with squares of the least size and at least 2 squares
 * each way (or the book's 1): then something else has taken the room.
 */
bool mb_layout_cover_grid(int w, int h, double room_w_pt, double room_h_pt, int *out_w,
			  int *out_h);

/*
 * The room a maze page of a book with spec's trim, bleed, solutions per
 * page and sidedness gives a maze grid, in points (mb_layout_maze_area of
 * a maze page), for maze_count mazes: the gutter grows with the pages.
 */
void mb_layout_maze_room(const struct mb_book_spec *spec, int maze_count, double *w_pt,
			 double *h_pt);

/*
 * Grids that fit the page (issue 14). A level is a number of squares
 * (level_w x level_h, a portrait grid); the grid a book draws it with
 * takes the shape of the room. The level's own grid is kept, turned when
 * that fills the room better, while it fills at least MB_LAYOUT_FIT_KEEP
 * of the room (the share of the room a grid of its proportions covers:
 * the narrower of w/h over room_w/room_h and its inverse); so portrait
 * trims (6x9, 8.5x11 ...) keep the levels' grids, their books stay as
 * they were, and a landscape trim whose room the turned grid fills keeps
 * that too. Otherwise (square and wide trims) the grid is about the
 * level's number of squares in the room's proportions: w = round(sqrt(N
 * * room_w / room_h)), h = round(N / w), each 2..MB_SPEC_MAX_GRID.
 */
#define MB_LAYOUT_FIT_KEEP 0.85
void mb_layout_fit_grid(int level_w, int level_h, double room_w_pt, double room_h_pt, int *w,
			int *h);

/* The baseline point of the page number: centred at the bottom of the live area. */
void mb_layout_folio(const struct mb_page_plan *plan, int page, double *x, double *y);

/*
 * Where a graph grid's maze (polar, hex, delta) goes. Its walls' bounds
 * (mb_grid_bounds, grid units, y down) are scaled to fill the area at the
 * largest size, centred, half a wall kept inside every edge; the page
 * point (y up) of grid point (gx, gy) is (ox + gx * scale, oy - gy * scale).
 */
struct mb_lattice_geometry {
	double scale;		/* points per grid unit (a hex's or triangle's side, a ring's width) */
	double ox, oy;		/* the page point of grid point (0, 0), pt, y up */
	struct mb_rect_pt box;	/* the bounds on the page, pt */
	double corridor_pt;	/* the narrowest printed feature, min_feature * scale */
	double wall_pt;		/* wall line width, >= mb_kdp.min_line_pt */
};

/*
 * Fit grid into area as above. The wall is chosen as mb_layout_fit_maze
 * chooses it for a square of the grid's narrowest corridor (min_feature,
 * not a square's side): corridor/8 clamped to 1.0 .. 3.5 pt, never more
 * than half the corridor; so a wall is as heavy as on a square maze
 * whose squares are that corridor.
 */
void mb_layout_fit_lattice(const struct mb_rect_pt *area, const struct mb_grid *grid,
			   struct mb_lattice_geometry *out);

/*
 * Refuse a graph grid too fine to print in area: its narrowest corridor
 * (mb_layout_fit_lattice's corridor_pt) under MB_LAYOUT_MIN_MAZE_CELL_PT,
 * the least square a maze page takes. The MB_ERR_INPUT message (field
 * "grid") names the grid (mb_grid_describe), the corridor and the limit
 * in points, and what would work: the hardest easier level whose grid of
 * the same kind and outline fits (when level, a level's name, is given
 * and one does) and the smallest KDP trim whose area would fit the grid
 * (when trim names a trim "6 x 9" or "6x9" and one does; the margins kept
 * as they are on trim). level and trim may be NULL. MB_OK when it fits.
 */
enum mb_status mb_layout_check_lattice(const struct mb_grid *grid, const struct mb_rect_pt *area,
				       const char *level, const char *trim, struct mb_error *err);

#endif
