/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The interior's pages as drawing lists; see include/mazebook/page/pages.h.
 * One composer per page kind, chosen by one switch in mb_page_compose.
 * Choices (kept from the libharu writer these pages moved out of):
 *  - the layout (include/mazebook/book/layout.h) places in PDF points with y
 *    up, so each composer works in those and Y() turns a height into the
 *    list's y-down at the moment a point is drawn;
 *  - a paragraph's first line's ascent touches its top, with DejaVu Sans's
 *    vertical metrics rounded to ASCENT and DESCENT whatever the font, so
 *    the pages stand where they always have; widths come from the
 *    renderer's fonts (ctx->metrics);
 *  - the solution route is drawn before the walls, in 55 % gray, so the
 *    black walls stay on top and readable;
 *  - DeviceGray for everything in a black-ink book; a colour book draws
 *    START, FINISH and the solution routes in its palette's colours, and
 *    the walls still pure black (mazeproof reads walls as solid black).
 */
#include "config.h"
#include "mazebook/page/pages.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"
#include "mazebook/kdp/kdp.h"
#include "mazebook/page/maze_draw.h"
#include "mazebook/page/page_matter.h"
#include "mazebook/page/text_fit.h"

/* DejaVu Sans's ascent and descent in ems, to keep glyphs inside the live area */
#define ASCENT 0.93
#define DESCENT 0.24
#define ROUTE_RGB 0x8c8c8cu	/* 55 % gray (140 of 255) */
#define BLACK 0x000000u
#define ARROW_PT 2.4		/* the shaft of START and FINISH arrows */
/*
 * A graph maze's START and FINISH marks in a black-ink book: near black,
 * never pure black, so that mazeproof (which reads solid black strokes
 * as walls, and a straight one pointing at a polar maze's centre as a
 * radial wall) never takes an arrow for a wall. Square mazes keep black.
 */
#define LATTICE_MARK_RGB 0x333333u
/* room kept beside a polar maze for a gap on its left or right: arrow and word */
#define SIDE_BAND_PT 48.0
/*
 * A gap faces sideways when its way out is within about 17 degrees of
 * level (a polar maze's left or right); a triangle's slanted side (30
 * degrees) or a hexagon's faces up or down and gets the vertical arrow
 */
#define SIDEWAYS 0.3

/* a page being composed: its list and the context */
struct page {
	const struct mb_page_context *ctx;
	struct mb_draw_list *l;
	int n;
};

/* the list's y for a height above the page's bottom edge */
static double Y(const struct page *p, double y_up)
{
	return p->l->height - y_up;
}

static void line_at(struct page *p, enum mb_face face, double size, uint32_t rgb, double x,
		    double y_up, enum mb_align align, const char *text)
{
	char *t = mb_labels_typeset(p->ctx->labels, text);	/* French spaces, as the cover's */

	mb_text_line(p->l, p->ctx->metrics, face, size, rgb, x, Y(p, y_up), align, t);
	free(t);
}

/*
 * Set text as a paragraph whose first line's ascent touches top (y up); x
 * is the left edge, centre or right edge per align. Returns the y below it.
 */
static double paragraph(struct page *p, enum mb_face face, double size, double leading,
			double x, double top, double width, enum mb_align align,
			const char *text)
{
	char *t = mb_labels_typeset(p->ctx->labels, text);
	int lines = mb_text_paragraph(p->l, p->ctx->metrics, face, size, leading, BLACK, x,
				      Y(p, top - size * ASCENT), width, align, t);

	free(t);

	return top - size * (ASCENT + DESCENT) - (lines > 0 ? lines - 1 : 0) * leading;
}

static double fit_size(struct page *p, enum mb_face face, double size, double min,
		       double width, int max_lines, const char *text)
{
	char *t = mb_labels_typeset(p->ctx->labels, text);
	double fitted = mb_text_fit_size(p->ctx->metrics, face, size, min, width, max_lines, t);

	free(t);
	return fitted;
}

static int count_lines(struct page *p, enum mb_face face, double size, double width,
		       const char *text, double *widest)
{
	char *t = mb_labels_typeset(p->ctx->labels, text);
	int lines = mb_text_wrap(p->ctx->metrics, face, size, t, width, widest, NULL, NULL);

	free(t);
	return lines;
}

/* where a maze geometry's grid lands in the list */
static struct mb_maze_place place_of(const struct page *p, const struct mb_maze_geometry *g)
{
	return (struct mb_maze_place){ g->x, Y(p, mb_maze_geometry_top(g)), g->cell_pt };
}

static void walls(struct page *p, const struct mb_maze *m, const struct mb_maze_geometry *g)
{
	struct mb_maze_place at = place_of(p, g);
	struct mb_pen pen = { .width = g->wall_pt, .rgb = BLACK, .cap = MB_CAP_ROUND,
			      .join = MB_JOIN_ROUND };

	mb_maze_draw_walls(p->l, m, &at, &pen);
}

/* the route from just outside the entrance gap (0.45 of a square) to just outside the exit */
static void route(struct page *p, const struct mb_maze *m, const struct mb_maze_geometry *g)
{
	struct mb_maze_place at = place_of(p, g);
	struct mb_pen pen = { .width = g->route_pt,
			      .rgb = p->ctx->colour ? p->ctx->spec->palette.route_rgb : ROUTE_RGB,
			      .cap = MB_CAP_ROUND, .join = MB_JOIN_ROUND };

	mb_maze_draw_route(p->l, m, &at, &pen, 0.95);
}

/* a palette colour in a colour book, else black */
static uint32_t mark_rgb(const struct page *p, uint32_t rgb)
{
	return p->ctx->colour ? rgb : BLACK;
}

/* A vertical arrow pointing down from (x, y0) to its tip at (x, y1), y up. */
static void arrow_down(struct page *p, double x, double y0, double y1, double head,
		       uint32_t rgb)
{
	struct mb_pen pen = { .width = ARROW_PT, .rgb = rgb, .cap = MB_CAP_ROUND };
	struct mb_paint paint = { .rgb = rgb };

	mb_draw_move(p->l, x, Y(p, y0));
	mb_draw_line(p->l, x, Y(p, y1 + head * 0.8));
	mb_draw_stroke(p->l, &pen);
	mb_draw_move(p->l, x - head / 2, Y(p, y1 + head));
	mb_draw_line(p->l, x + head / 2, Y(p, y1 + head));
	mb_draw_line(p->l, x, Y(p, y1));
	mb_draw_close(p->l);
	mb_draw_fill(p->l, &paint);
}

/* ---- graph mazes (polar, hex, delta): placed by mb_layout_fit_lattice ---- */

/*
 * Fit a graph grid into area, a polar one so that its arcs' Bezier
 * control points stay inside too: the preflight bounds a curve by its
 * control points, which stand out of the circle by up to
 * sqrt(1 + h^2) - 1 of its radius for a piece of angle t (h = 4/3
 * tan(t / 4)); the pieces are as long as the drawing's tolerance allows
 * (mb_maze_arc_error under 0.01 pt, at most a quarter circle), so the
 * circle is shrunk by that share of the longest piece at its radius
 */
static void fit_graph(const struct mb_rect_pt *area, const struct mb_grid *grid,
		      struct mb_lattice_geometry *g)
{
	struct mb_rect_pt in = *area;
	double r_pt, lo = 0, hi = M_PI / 2, h, grow;

	mb_layout_fit_lattice(area, grid, g);
	if (grid->kind != MB_GRID_POLAR)
		return;
	r_pt = grid->lat->rings * g->scale;
	for (int i = 0; i < 40; i++) {
		double t = (lo + hi) / 2;

		if (mb_maze_arc_error(r_pt, t) <= 0.01)
			lo = t;
		else
			hi = t;
	}
	h = 4.0 / 3.0 * tan(hi / 4);
	grow = sqrt(1 + h * h);
	in.w = area->w / grow;
	in.h = area->h / grow;
	in.x = area->x + (area->w - in.w) / 2;
	in.y = area->y + (area->h - in.h) / 2;
	mb_layout_fit_lattice(&in, grid, g);
}

/* where a graph maze's geometry puts its walls' box in the list */
static struct mb_maze_place lattice_place(const struct page *p, const struct mb_lattice_geometry *g)
{
	return (struct mb_maze_place){ g->box.x, Y(p, g->box.y + g->box.h), g->scale };
}

/* the page point (y up) of grid point (gx, gy) */
static void lattice_point(const struct mb_lattice_geometry *g, double gx, double gy, double *x,
			  double *y)
{
	*x = g->ox + gx * g->scale;
	*y = g->oy - gy * g->scale;
}

static void lattice_walls(struct page *p, const struct mb_maze *m,
			  const struct mb_lattice_geometry *g, double wall_pt)
{
	struct mb_maze_place at = lattice_place(p, g);
	struct mb_pen pen = { .width = wall_pt, .rgb = BLACK, .cap = MB_CAP_ROUND,
			      .join = MB_JOIN_ROUND };

	mb_maze_draw_walls_planned(p->l, m, &at, &pen, p->ctx->wall_plans);
}

/*
 * The way out through a gap: its midpoint on the page and the unit
 * direction from its cell's centre out through it (y up). False for a
 * polar maze's centre exit, which is no gap in the rim.
 */
static bool gap_outward(const struct mb_maze *m, const struct mb_lattice_geometry *g, bool exit,
			double *x, double *y, double *dx, double *dy)
{
	const struct mb_side *side = exit ? &m->exit : &m->entrance;
	double gx, gy, cx, cy, len;

	if (side->dir == MB_SIDE_INSIDE)
		return false;
	mb_maze_gap_point(m, exit, 0.5, &gx, &gy);
	mb_grid_centre(m->grid, side->cell, &cx, &cy);
	lattice_point(g, gx, gy, x, y);
	*dx = gx - cx;
	*dy = cy - gy;	/* y up */
	len = hypot(*dx, *dy);
	if (!(len > 0))
		BUG("a gap whose midpoint is its cell's centre");
	*dx /= len;
	*dy /= len;
	return true;
}

/* Does either gap of m open to the left or right (a polar maze's side exits)? */
static bool side_gaps(const struct mb_maze *m)
{
	const struct mb_side *gaps[2] = { &m->entrance, &m->exit };

	for (int k = 0; k < 2; k++) {
		double gx, gy, cx, cy;

		if (gaps[k]->dir == MB_SIDE_INSIDE)
			continue;
		mb_maze_gap_point(m, k == 1, 0.5, &gx, &gy);
		mb_grid_centre(m->grid, gaps[k]->cell, &cx, &cy);
		if (fabs(gy - cy) < SIDEWAYS * fabs(gx - cx))
			return true;
	}
	return false;
}

/* An arrow from (x0, y0) to its tip at (x1, y1), y up, as arrow_down draws one. */
static void arrow(struct page *p, double x0, double y0, double x1, double y1, double head,
		  uint32_t rgb)
{
	struct mb_pen pen = { .width = ARROW_PT, .rgb = rgb, .cap = MB_CAP_ROUND };
	struct mb_paint paint = { .rgb = rgb };
	double len = hypot(x1 - x0, y1 - y0), ux, uy;

	if (!(len > head))
		return;
	ux = (x1 - x0) / len;
	uy = (y1 - y0) / len;
	mb_draw_move(p->l, x0, Y(p, y0));
	mb_draw_line(p->l, x1 - ux * head * 0.8, Y(p, y1 - uy * head * 0.8));
	mb_draw_stroke(p->l, &pen);
	/* the head: its base head behind the tip, as wide as it is long */
	mb_draw_move(p->l, x1 - ux * head - uy * head / 2, Y(p, y1 - uy * head + ux * head / 2));
	mb_draw_line(p->l, x1 - ux * head + uy * head / 2, Y(p, y1 - uy * head - ux * head / 2));
	mb_draw_line(p->l, x1, Y(p, y1));
	mb_draw_close(p->l);
	mb_draw_fill(p->l, &paint);
}

/*
 * START or FINISH at a graph maze's gap: a gap facing up or down gets
 * the square mazes' vertical arrow from (or to) its band over or under
 * the maze, the word beside it; one facing sideways (polar: left or
 * right) a level arrow in the room kept beside the maze, the word over
 * it. The START arrow points in through the gap, FINISH's out.
 */
static void lattice_mark(struct page *p, const struct mb_maze *m,
			 const struct mb_lattice_geometry *g, const struct mb_rect_pt *area,
			 const struct mb_rect_pt *live, bool exit, double head)
{
	const struct mb_labels *l = p->ctx->labels;
	const char *word = exit ? l->finish : l->start;
	uint32_t rgb = p->ctx->colour ? (exit ? p->ctx->spec->palette.finish_rgb
					      : p->ctx->spec->palette.start_rgb)
				      : LATTICE_MARK_RGB;
	double x, y, dx, dy, off = g->wall_pt + 1, cap = MB_LAYOUT_LABEL_PT * 0.73;
	double ww = mb_text_fit_width(p->ctx->metrics, MB_FACE_BOLD, MB_LAYOUT_LABEL_PT, word);
	double far, wy, wx;

	if (!gap_outward(m, g, exit, &x, &y, &dx, &dy))
		return;
	if (fabs(dy) < SIDEWAYS * fabs(dx)) {
		/* sideways: the arrow in the side room, level with the gap */
		far = dx > 0 ? fmin(live->x + live->w, x + SIDE_BAND_PT) - 3
			     : fmax(live->x, x - SIDE_BAND_PT) + 3;
		if (exit)
			arrow(p, x + (dx > 0 ? off : -off), y, far, y, head, rgb);
		else
			arrow(p, far, y, x + (dx > 0 ? off : -off), y, head, rgb);
		wx = fmin(fmax((x + far) / 2, live->x + ww / 2), live->x + live->w - ww / 2);
		line_at(p, MB_FACE_BOLD, MB_LAYOUT_LABEL_PT, rgb, wx, y + head, MB_ALIGN_CENTRE,
			word);
		return;
	}
	/*
	 * the arrow stops at the walls' box: a gap on a slanted side (a
	 * hexagon's, a triangle's) lies inside it, and a mark in a maze's box
	 * would be read by mazeproof as part of the maze
	 */
	if (dy > 0) {
		/* up: from the band over the maze down to the gap (START), or up out of it */
		far = area->y + area->h + MB_LAYOUT_LABEL_BAND_PT - 3;
		wy = area->y + area->h + MB_LAYOUT_LABEL_BAND_PT / 2 - cap / 2;
		y = fmax(y, g->box.y + g->box.h) + off;
	} else {
		far = area->y - MB_LAYOUT_LABEL_BAND_PT + 3;
		wy = area->y - MB_LAYOUT_LABEL_BAND_PT / 2 - cap / 2;
		y = fmin(y, g->box.y) - off;
	}
	if (exit)
		arrow(p, x, y, x, far, head, rgb);
	else
		arrow(p, x, far, x, y, head, rgb);
	/* the word beside its arrow, on the side with room */
	if (x + head / 2 + 5 + ww <= live->x + live->w)
		line_at(p, MB_FACE_BOLD, MB_LAYOUT_LABEL_PT, rgb, x + head / 2 + 5, wy, MB_ALIGN_LEFT,
			word);
	else
		line_at(p, MB_FACE_BOLD, MB_LAYOUT_LABEL_PT, rgb, x - head / 2 - 5, wy,
			MB_ALIGN_RIGHT, word);
}

/* a graph maze's page: the maze in the area, kept clear of the side room its gaps need */
static void lattice_maze_page(struct page *p, const struct mb_book_maze *bm)
{
	const struct mb_maze *m = bm->maze;
	struct mb_rect_pt live, area;
	struct mb_lattice_geometry g;
	double head;

	mb_layout_live_area(p->ctx->plan, p->n, &live);
	mb_layout_maze_area(p->ctx->plan, p->n, &area);
	if (side_gaps(m)) {
		area.x += SIDE_BAND_PT;
		area.w -= 2 * SIDE_BAND_PT;
	}
	fit_graph(&area, m->grid, &g);
	head = fmin(14, fmax(8, g.corridor_pt * 0.8));
	lattice_mark(p, m, &g, &area, &live, false, head);
	lattice_mark(p, m, &g, &area, &live, true, head);
	lattice_walls(p, m, &g, g.wall_pt);
}

/*
 * A graph maze's solution in slot (its label band taken off): the route
 * leaves through the gaps, so the maze keeps a corridor free all round;
 * walls and route as the square solutions weigh them (the wall a tenth
 * of the corridor, 0.75 .. 2 pt; the route 0.36 of it, half when small)
 */
static void lattice_solution(struct page *p, const struct mb_maze *m, struct mb_rect_pt area)
{
	struct mb_lattice_geometry g;
	struct mb_maze_place at;
	struct mb_pen pen = { .cap = MB_CAP_ROUND, .join = MB_JOIN_ROUND };
	double corridor, wall;

	fit_graph(&area, m->grid, &g);
	area.x += g.scale;
	area.y += g.scale;
	area.w -= 2 * g.scale;
	area.h -= 2 * g.scale;
	if (area.w > 0 && area.h > 0)
		fit_graph(&area, m->grid, &g);
	corridor = g.corridor_pt;
	wall = fmin(2.0, fmax(mb_kdp.min_line_pt, corridor / 10));
	at = lattice_place(p, &g);
	pen.width = corridor * (corridor < 10 ? 0.5 : 0.36);
	pen.rgb = p->ctx->colour ? p->ctx->spec->palette.route_rgb : ROUTE_RGB;
	mb_maze_draw_route(p->l, m, &at, &pen, 0.95);
	lattice_walls(p, m, &g, wall);
}

/* the title page's small graph maze in box */
static void lattice_deco(struct page *p, const struct mb_maze *m, const struct mb_rect_pt *box)
{
	struct mb_lattice_geometry g;

	fit_graph(box, m->grid, &g);
	lattice_walls(p, m, &g, fmin(3.0, g.corridor_pt / 5));
}

static void folio(struct page *p)
{
	char num[16];
	double x, y;

	mb_layout_folio(p->ctx->plan, p->n, &x, &y);
	snprintf(num, sizeof(num), "%d", p->n);
	line_at(p, MB_FACE_REGULAR, MB_LAYOUT_FOLIO_PT, BLACK, x, y, MB_ALIGN_CENTRE, num);
}

/* A heading centred at the top of the live area; shrinks to fit one line. */
static void heading(struct page *p, const struct mb_rect_pt *live, double size,
		    const char *text)
{
	size = fit_size(p, MB_FACE_BOLD, size, 12, live->w, 1, text);
	line_at(p, MB_FACE_BOLD, size, BLACK, live->x + live->w / 2,
		live->y + live->h - size * ASCENT, MB_ALIGN_CENTRE, text);
}

static void title_page(struct page *p)
{
	const struct mb_book_spec *s = p->ctx->spec;
	const struct mb_maze *deco = p->ctx->book->title_maze;
	struct mb_rect_pt live, box;
	struct mb_maze_geometry g;
	double size, title_pt, below_pt, y, side;

	mb_layout_live_area(p->ctx->plan, p->n, &live);
	title_pt = fit_size(p, MB_FACE_BOLD, 40, 16, live.w, 3, s->title);
	y = paragraph(p, MB_FACE_BOLD, title_pt, title_pt * 1.2, live.x + live.w / 2,
		      live.y + live.h * 0.88, live.w, MB_ALIGN_CENTRE, s->title);
	/*
	 * A long title shrinks; the lines under it shrink with it, to at most
	 * 70% of its final size, so the title stays the largest text on the
	 * page (KDP's least type size permitting).
	 */
	below_pt = fmax(mb_kdp.min_font_pt, floor(title_pt * 0.7 * 2) / 2);
	if (s->subtitle && *s->subtitle) {
		size = fit_size(p, MB_FACE_REGULAR, fmin(20, below_pt), fmin(10, below_pt), live.w,
				3, s->subtitle);
		y = paragraph(p, MB_FACE_REGULAR, size, size * 1.3, live.x + live.w / 2,
			      y - size * 0.9, live.w, MB_ALIGN_CENTRE, s->subtitle);
	}
	/* a small decorative maze between the titles and the author */
	side = fmin(live.w * 0.5, (y - live.y) - live.h * 0.22);
	if (side > 72 && deco) {
		box.w = box.h = side;
		box.x = live.x + (live.w - side) / 2;
		box.y = live.y + live.h * 0.16 + ((y - live.y - live.h * 0.16) - side) / 2;
		if (mb_grid_is_graph(deco->grid)) {
			lattice_deco(p, deco, &box);
		} else {
			mb_layout_fit_maze(&box, deco->w, deco->h, &g);
			g.wall_pt = fmin(3.0, g.cell_pt / 5);
			walls(p, deco, &g);
		}
	}
	size = fit_size(p, MB_FACE_REGULAR, fmin(18, below_pt), fmin(10, below_pt), live.w, 2,
			s->author);
	paragraph(p, MB_FACE_REGULAR, size, size * 1.3, live.x + live.w / 2,
		  live.y + live.h * 0.1, live.w, MB_ALIGN_CENTRE, s->author);
}

char *mb_page_copyright_line(const struct mb_book_spec *s, const struct mb_labels *l)
{
	if (s->copyright)
		return xstrdup(s->copyright);
	if (s->year)
		return xasprintf("%s %d %s", l->copyright, s->year, s->author);
	return xasprintf("%s %s", l->copyright, s->author);
}

char *mb_page_imprint_line(const struct mb_book_spec *s, const struct mb_labels *l)
{
	const char *at = s->imprint ? strstr(l->published_by, "%s") : NULL;

	if (!at)
		return NULL;
	return xasprintf("%.*s%s%s", (int)(at - l->published_by), l->published_by, s->imprint,
			 at + 2);
}

static void maze_page(struct page *p, const struct mb_page *pg)
{
	const struct mb_page_context *ctx = p->ctx;
	const struct mb_book_maze *bm = &ctx->book->mazes[pg->first];
	const struct mb_maze *m = bm->maze;
	const struct mb_labels *l = ctx->labels;
	struct mb_rect_pt live;
	struct mb_maze_geometry g;
	char text[128];
	double top, head, x, gx, gy, cap = MB_LAYOUT_LABEL_PT * 0.73;
	uint32_t rgb;

	mb_layout_live_area(ctx->plan, p->n, &live);
	heading(p, &live, MB_LAYOUT_HEADING_PT,
		mb_labels_format(l->maze, bm->number, 0, text, sizeof(text)));
	if (mb_grid_is_graph(m->grid)) {
		lattice_maze_page(p, bm);
		folio(p);
		return;
	}
	mb_layout_maze_page(ctx->plan, p->n, m->w, m->h, &g);
	top = mb_maze_geometry_top(&g);
	head = fmin(14, fmax(8, g.cell_pt * 0.8));

	/*
	 * START: an arrow down into the entrance, the word to its right. On a
	 * shape the entrance is a top side nothing covers, perhaps lower than
	 * the lattice's top: the arrow reaches down to it (and FINISH's from
	 * the exit, a bottom side nothing is under).
	 */
	rgb = mark_rgb(p, ctx->spec->palette.start_rgb);
	mb_maze_gap_point(m, false, 0.5, &gx, &gy);
	x = g.x + gx * g.cell_pt;
	arrow_down(p, x, top + MB_LAYOUT_LABEL_BAND_PT - 3, top - gy * g.cell_pt + g.wall_pt + 1,
		   head, rgb);
	/* the word beside its arrow, on the side with room (a shape's gap can be anywhere) */
	if (x + head / 2 + 5 +
		    mb_text_fit_width(ctx->metrics, MB_FACE_BOLD, MB_LAYOUT_LABEL_PT, l->start) <=
	    live.x + live.w)
		line_at(p, MB_FACE_BOLD, MB_LAYOUT_LABEL_PT, rgb, x + head / 2 + 5,
			top + MB_LAYOUT_LABEL_BAND_PT / 2 - cap / 2, MB_ALIGN_LEFT, l->start);
	else
		line_at(p, MB_FACE_BOLD, MB_LAYOUT_LABEL_PT, rgb, x - head / 2 - 5,
			top + MB_LAYOUT_LABEL_BAND_PT / 2 - cap / 2, MB_ALIGN_RIGHT, l->start);
	/* FINISH: an arrow down out of the exit, the word to its left */
	rgb = mark_rgb(p, ctx->spec->palette.finish_rgb);
	mb_maze_gap_point(m, true, 0.5, &gx, &gy);
	x = g.x + gx * g.cell_pt;
	arrow_down(p, x, g.y + (m->h - gy) * g.cell_pt - g.wall_pt - 1,
		   g.y - MB_LAYOUT_LABEL_BAND_PT + 3, head, rgb);
	if (x - head / 2 - 5 -
		    mb_text_fit_width(ctx->metrics, MB_FACE_BOLD, MB_LAYOUT_LABEL_PT, l->finish) >=
	    live.x)
		line_at(p, MB_FACE_BOLD, MB_LAYOUT_LABEL_PT, rgb, x - head / 2 - 5,
			g.y - MB_LAYOUT_LABEL_BAND_PT / 2 - cap / 2, MB_ALIGN_RIGHT, l->finish);
	else
		line_at(p, MB_FACE_BOLD, MB_LAYOUT_LABEL_PT, rgb, x + head / 2 + 5,
			g.y - MB_LAYOUT_LABEL_BAND_PT / 2 - cap / 2, MB_ALIGN_LEFT, l->finish);

	walls(p, m, &g);
	folio(p);
}

static void solutions_page(struct page *p, const struct mb_page *pg)
{
	const struct mb_page_context *ctx = p->ctx;
	const struct mb_labels *l = ctx->labels;
	struct mb_rect_pt live, slot;
	struct mb_maze_geometry g;
	char text[160];

	mb_layout_live_area(ctx->plan, p->n, &live);
	heading(p, &live, 22, l->solutions);
	for (int i = 0; i < pg->count; i++) {
		const struct mb_book_maze *bm = &ctx->book->mazes[pg->first + i];
		const char *tmpl = ctx->plan->solutions_per_page == 1 ? l->solution_long
								      : l->solution_short;
		double size, widest;

		mb_layout_solution_slot(ctx->plan, p->n, i, &slot);
		mb_labels_format(tmpl, bm->number, ctx->plan->maze_page[pg->first + i], text,
				 sizeof(text));
		/* the label: one line, shrunk to 7 pt at least, else two lines of 7 pt */
		size = fit_size(p, MB_FACE_REGULAR, MB_LAYOUT_SLOT_LABEL_PT, 7, slot.w, 1, text);
		if (count_lines(p, MB_FACE_REGULAR, size, slot.w, text, &widest) > 1)
			paragraph(p, MB_FACE_REGULAR, 7, 8, slot.x + slot.w / 2, slot.y + slot.h,
				  slot.w, MB_ALIGN_CENTRE, text);
		else
			line_at(p, MB_FACE_REGULAR, size, BLACK, slot.x + slot.w / 2,
				slot.y + slot.h - size * ASCENT, MB_ALIGN_CENTRE, text);

		if (mb_grid_is_graph(bm->maze->grid)) {
			slot.h -= MB_LAYOUT_SLOT_LABEL_PT * 2;	/* the label band at the top */
			lattice_solution(p, bm->maze, slot);
			continue;
		}
		mb_layout_solution_maze(ctx->plan, p->n, i, bm->maze->w, bm->maze->h, &g);
		route(p, bm->maze, &g);
		walls(p, bm->maze, &g);
	}
	folio(p);
}

/* characters in UTF-8 text (continuation bytes not counted) */
static size_t utf8_length(const char *s, size_t n)
{
	size_t chars = 0;

	for (size_t i = 0; i < n; i++)
		chars += ((unsigned char)s[i] & 0xc0) != 0x80;
	return chars;
}

/* the widest space-separated word of text at size: too wide for width? */
static enum mb_status check_words(const struct mb_page_context *ctx, const char *field,
				  const char *what, const char *text, double size, double width,
				  struct mb_error *err)
{
	/* as it is set: a French word keeps the : ; ? ! after it on its line */
	char *t = text ? mb_labels_typeset(ctx->labels, text) : NULL;
	const char *p = t;
	enum mb_status st = MB_OK;

	while (p && *p) {
		size_t len = strcspn(p, " ");
		double ww = mb_text_width(ctx->metrics, MB_FACE_REGULAR, size, p, len);

		if (ww > width) {
			size_t chars = utf8_length(p, len);

			st = mb_error_set_field(
				err, MB_ERR_INPUT, field,
				"%s has a word too long for the line it is printed on: '%.*s%s' "
				"(%zu characters) is %.0f pt wide at %.0f pt, the line %.0f pt; a word "
				"there may have about %zu such characters: put spaces in it or shorten it",
				what, (int)(len < 40 ? len : 40), p, chars > 40 ? "..." : "", chars, ww,
				size, width, (size_t)((double)chars * width / ww));
			break;
		}
		p += len;
		p += strspn(p, " ");
	}
	free(t);
	return st;
}

enum mb_status mb_page_check_words(const struct mb_page_context *ctx, struct mb_error *err)
{
	const struct mb_book_spec *spec = ctx->spec;
	struct mb_rect_pt live;
	char *copyright, *imprint;
	enum mb_status st;
	int about = 0;

	for (int n = 1; n <= ctx->plan->page_count && !about; n++)
		if (ctx->plan->pages[n - 1].kind == MB_PAGE_COPYRIGHT)
			about = n;
	if (!about)
		return MB_OK;
	/* the copyright page sets the title and the copyright line at 10 pt (mb_page_copyright) */
	mb_layout_live_area(ctx->plan, about, &live);
	copyright = spec->copyright ? NULL : mb_page_copyright_line(spec, ctx->labels);
	imprint = mb_page_imprint_line(spec, ctx->labels);
	st = check_words(ctx, "title", "the title", spec->title, 10, live.w, err);
	if (!st && spec->copyright)
		st = check_words(ctx, "copyright", "the copyright", spec->copyright, 10, live.w,
				 err);
	if (!st && copyright)
		st = check_words(ctx, "author", "the author (in the copyright line)", copyright, 10,
				 live.w, err);
	if (!st && imprint)
		st = check_words(ctx, "imprint", "the imprint", imprint, 10, live.w, err);
	free(copyright);
	free(imprint);
	return st;
}

/* the spec key that chose slot i's grid: the section's grid or the section, else grid or level */
static const char *grid_key(const struct mb_book_spec *spec, const struct mb_plan *bp, int i,
			    char *buf, size_t size)
{
	if (!bp->sectioned)
		return mb_spec_where(spec, "grid", NULL, NULL) ? "grid" : "level";
	snprintf(buf, size, "sections.%d.grid", bp->mazes[i].section + 1);
	if (!mb_spec_where(spec, buf, NULL, NULL))
		snprintf(buf, size, "sections.%d", bp->mazes[i].section + 1);
	return buf;
}

/* is g too fine for area? err at key, with the level and trim that would do */
static enum mb_status check_lattice(const struct mb_book_spec *spec, const struct mb_grid *g,
				    const struct mb_rect_pt *area, const struct mb_level *level,
				    const char *key, struct mb_error *err)
{
	struct mb_error inner;
	char trim[64];

	mb_error_init(&inner);
	mb_kdp_trim_name(&spec->trim, trim, sizeof(trim));
	if (mb_layout_check_lattice(g, area, level->name, trim, &inner) == MB_OK)
		return MB_OK;
	return mb_error_set_field(err, inner.code, key, "%s", inner.message);
}

enum mb_status mb_pages_check_lattices(const struct mb_book_spec *spec,
				       const struct mb_page_plan *plan, struct mb_error *err)
{
	struct mb_plan bp;
	struct mb_rect_pt area;
	enum mb_status st;
	bool side = spec->entrance && (!strcmp(spec->entrance, "left") ||
				       !strcmp(spec->entrance, "right"));
	char buf[48];

	side |= spec->exit_side && (!strcmp(spec->exit_side, "left") ||
				    !strcmp(spec->exit_side, "right"));
	st = mb_plan_make(spec, &bp, err);
	if (st != MB_OK)
		return st;
	mb_layout_maze_area(plan, plan->maze_page[0], &area);
	for (int i = 0; i < bp.maze_count && st == MB_OK; i++) {
		const struct mb_plan_maze *m = &bp.mazes[i], *prev = i ? &bp.mazes[i - 1] : NULL;
		struct mb_rect_pt room = area;
		struct mb_grid *g;

		if (m->kind == MB_GRID_RECT ||
		    (prev && prev->kind == m->kind && prev->outline == m->outline &&
		     prev->a == m->a && prev->b == m->b))
			continue;
		/* a polar maze with a gap at its side gives that side's room to the marks */
		if (side && m->kind == MB_GRID_POLAR) {
			room.x += SIDE_BAND_PT;
			room.w -= 2 * SIDE_BAND_PT;
		}
		g = mb_plan_grid(m, NULL, NULL, err);
		if (!g) {
			st = err ? err->code : MB_ERR_INPUT;
			break;
		}
		st = check_lattice(spec, g, &room, m->level, grid_key(spec, &bp, i, buf, sizeof(buf)),
				   err);
		mb_grid_free(g);
	}
	/* the shapes of hexagons or triangles */
	for (int i = 0; i < spec->shape_count && st == MB_OK; i++)
		if (spec->shape_grids[i] && mb_grid_is_graph(spec->shape_grids[i]))
			st = check_lattice(spec, spec->shape_grids[i], &area, spec->level, "shape",
					   err);
	for (int i = 0; i < spec->section_count && st == MB_OK; i++) {
		const struct mb_grid *g = spec->sections[i].shape_grid;

		snprintf(buf, sizeof(buf), "sections.%d.shape", i + 1);
		if (g && mb_grid_is_graph(g))
			st = check_lattice(spec, g, &area, mb_level_find(spec->sections[i].level), buf,
					   err);
	}
	mb_plan_release(&bp);
	return st;
}

void mb_page_compose(const struct mb_page_context *ctx, int n, struct mb_draw_list *out)
{
	const struct mb_page *pg;
	struct page p = { ctx, out, n };

	if (n < 1 || n > ctx->plan->page_count)
		BUG("page %d of a %d-page plan", n, ctx->plan->page_count);
	pg = &ctx->plan->pages[n - 1];
	mb_draw_clear(out, ctx->plan->page_w_pt, ctx->plan->page_h_pt);
	switch (pg->kind) {
	case MB_PAGE_TITLE: title_page(&p); break;
	case MB_PAGE_MAZE: maze_page(&p, pg); break;
	case MB_PAGE_SOLUTIONS: solutions_page(&p, pg); break;
	case MB_PAGE_BLANK: break;
	/* the pages around the mazes: src/page/page_matter.c */
	case MB_PAGE_COPYRIGHT: mb_page_copyright(ctx, n, out); break;
	case MB_PAGE_BELONGS_TO: mb_page_belongs_to(ctx, n, out); break;
	case MB_PAGE_HOW_TO_PLAY: mb_page_how_to_play(ctx, n, out); break;
	case MB_PAGE_CONTENTS: mb_page_contents(ctx, n, out); break;
	case MB_PAGE_SECTION: mb_page_section(ctx, n, out); break;
	case MB_PAGE_CERTIFICATE: mb_page_certificate(ctx, n, out); break;
	}
}
