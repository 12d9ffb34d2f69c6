/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The interior's pages as drawing lists; see include/mazebook/pages.h.
 * One composer per page kind, chosen by one switch in mb_page_compose.
 * Choices (kept from the libharu writer these pages moved out of):
 *  - the layout (include/mazebook/layout.h) places in PDF points with y
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
#include "mazebook/pages.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/kdp.h"
#include "mazebook/maze_draw.h"
#include "mazebook/page_matter.h"
#include "mazebook/text_fit.h"
#include "mazebook/xalloc.h"

/* DejaVu Sans's ascent and descent in ems, to keep glyphs inside the live area */
#define ASCENT 0.93
#define DESCENT 0.24
#define ROUTE_RGB 0x8c8c8cu	/* 55 % gray (140 of 255) */
#define BLACK 0x000000u
#define ARROW_PT 2.4		/* the shaft of START and FINISH arrows */

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
	mb_text_line(p->l, p->ctx->metrics, face, size, rgb, x, Y(p, y_up), align, text);
}

/*
 * Set text as a paragraph whose first line's ascent touches top (y up); x
 * is the left edge, centre or right edge per align. Returns the y below it.
 */
static double paragraph(struct page *p, enum mb_face face, double size, double leading,
			double x, double top, double width, enum mb_align align,
			const char *text)
{
	int lines = mb_text_paragraph(p->l, p->ctx->metrics, face, size, leading, BLACK, x,
				      Y(p, top - size * ASCENT), width, align, text);

	return top - size * (ASCENT + DESCENT) - (lines > 0 ? lines - 1 : 0) * leading;
}

static double fit_size(struct page *p, enum mb_face face, double size, double min,
		       double width, int max_lines, const char *text)
{
	return mb_text_fit_size(p->ctx->metrics, face, size, min, width, max_lines, text);
}

static int count_lines(struct page *p, enum mb_face face, double size, double width,
		       const char *text, double *widest)
{
	return mb_text_wrap(p->ctx->metrics, face, size, text, width, widest, NULL, NULL);
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
		mb_layout_fit_maze(&box, deco->w, deco->h, &g);
		g.wall_pt = fmin(3.0, g.cell_pt / 5);
		walls(p, deco, &g);
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
	const char *p = text;

	while (p && *p) {
		size_t len = strcspn(p, " ");
		double ww = mb_text_width(ctx->metrics, MB_FACE_REGULAR, size, p, len);

		if (ww > width) {
			size_t chars = utf8_length(p, len);

			return mb_error_set_field(
				err, MB_ERR_INPUT, field,
				"%s has a word too long for the line it is printed on: '%.*s%s' "
				"(%zu characters) is %.0f pt wide at %.0f pt, the line %.0f pt; a word "
				"there may have about %zu such characters: put spaces in it or shorten it",
				what, (int)(len < 40 ? len : 40), p, chars > 40 ? "..." : "", chars, ww,
				size, width, (size_t)((double)chars * width / ww));
		}
		p += len;
		p += strspn(p, " ");
	}
	return MB_OK;
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
	/* the pages around the mazes: src/core/page_matter.c */
	case MB_PAGE_COPYRIGHT: mb_page_copyright(ctx, n, out); break;
	case MB_PAGE_BELONGS_TO: mb_page_belongs_to(ctx, n, out); break;
	case MB_PAGE_HOW_TO_PLAY: mb_page_how_to_play(ctx, n, out); break;
	case MB_PAGE_CONTENTS: mb_page_contents(ctx, n, out); break;
	case MB_PAGE_SECTION: mb_page_section(ctx, n, out); break;
	case MB_PAGE_CERTIFICATE: mb_page_certificate(ctx, n, out); break;
	}
}
