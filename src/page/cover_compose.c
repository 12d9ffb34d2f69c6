/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The cover composed as a drawing list (see include/mazebook/page/cover_compose.h).
 *
 * The work runs in two steps: the plan fits every text and places every
 * piece (so a text that cannot fit fails before anything is drawn), then
 * the drawing appends the plan to the list in painting order. Text is
 * wrapped here at spaces and line breaks with the renderer's widths, and
 * set line by line as runs on their baselines; a centred text is balanced
 * (its lines of even length: "Amazing Mazes / for Kids", not "Amazing
 * Mazes for / Kids").
 */
#include "config.h"
#include "mazebook/page/cover_compose.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"
#include "mazebook/book/colour.h"
#include "mazebook/book/labels.h"
#include "mazebook/book/layout.h"
#include "mazebook/book/plan.h"
#include "mazebook/maze/measure.h"
#include "mazebook/page/cover_image.h"
#include "mazebook/page/maze_draw.h"

#define PT(in) ((in) * MB_PT_PER_IN)
/* the most rows of a book grid the back reserves room for (the medium level's) */
#define COVER_RESERVE_ROWS 20
#define MAX_LINES 400

typedef struct mb_cover_box box;

enum align { LEFT, CENTER };

/* a fitted text: its lines, where its block's top left goes, and its width for alignment */
struct text {
	char **lines;
	double *lw;		/* each line's width */
	int n;
	double size;
	enum mb_face face;
	enum align align;
	double x, y, w;		/* block's top left; w: the width lines are centred in */
	double width, height;	/* the widest line; n lines' height */
};

struct card {
	const char *place;
	const struct mb_maze *maze;	/* the book's, or its stand-in */
	struct mb_maze *own;		/* a stand-in the book did not hold */
	int grid_w, grid_h;
	box panel;
	double mx, my, cell, wall_pt, radius;	/* mx, my: square (0, 0)'s corner, or a
						 * graph grid's bounds' top left */
	double gx0, gy0;		/* a graph grid's bounds' top left, grid units (else 0) */
	bool finish_tag;		/* false: a polar maze whose way out is its centre */
	struct text start, finish, caption;
	double tag_pad;
	int *route;
	int route_len;
};

struct plan {
	const struct mb_cover_input *in;
	const struct mb_book_spec *spec;
	const struct mb_labels *lb;
	struct mb_cover *out;
	double asc[2], desc[2], cap[2];	/* per point, per face */
	uint32_t bg, ink, dark, shadow, paper, accent, go, stop, badge, badge_ink;
	struct text title, subtitle, author, badge_num, badge_word;
	double title_shadow_pt;
	struct card hero, sample;
	double badge_x, badge_y, badge_r;
	struct text headline, blurb, features;
	double headline_shadow_pt;
	box blurb_box, logo_box;
	struct text spine_title, spine_author;
};

static double clamp(double v, double lo, double hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* a + (b - a) * t, channel by channel */
static uint32_t mix(uint32_t a, uint32_t b, double t)
{
	uint32_t out = 0;

	for (int sh = 16; sh >= 0; sh -= 8) {
		double ca = (a >> sh) & 0xff, cb = (b >> sh) & 0xff;

		out |= (uint32_t)lround(ca + (cb - ca) * t) << sh;
	}
	return out;
}

static double luminance(uint32_t c)
{
	return (0.2126 * ((c >> 16) & 0xff) + 0.7152 * ((c >> 8) & 0xff) + 0.0722 * (c & 0xff)) /
	       255.0;
}

/* ---- text ---- */

static double line_h(const struct plan *p, enum mb_face f, double size)
{
	return (p->asc[f] + p->desc[f]) * size;
}

static double width_of(const struct plan *p, enum mb_face f, double size, const char *s,
		       size_t len)
{
	return mb_text_width(p->in->tm, f, size, s, len);
}

static void text_release(struct text *t)
{
	for (int i = 0; i < t->n; i++)
		free(t->lines[i]);
	free(t->lines);
	free(t->lw);
	memset(t, 0, sizeof(*t));
}

static char *dup_n(const char *s, size_t len)
{
	char *d = xmalloc(len + 1);

	memcpy(d, s, len);
	d[len] = '\0';
	return d;
}

static void push_line(struct text *t, const char *s, size_t len, double w)
{
	if (t->n % 16 == 0) {
		t->lines = xreallocarray(t->lines, (size_t)t->n + 16, sizeof(*t->lines));
		t->lw = xreallocarray(t->lw, (size_t)t->n + 16, sizeof(*t->lw));
	}
	t->lines[t->n] = dup_n(s, len);
	t->lw[t->n] = w;
	t->n++;
	if (w > t->width)
		t->width = w;
}

/*
 * Break s into lines no wider than wrap (0: only at '\n'), at spaces; a
 * word wider than wrap stays whole on its own line (the fit then fails on
 * its width). The spaces at a break are dropped.
 */
static void set_text(const struct plan *p, struct text *t, const char *text, enum mb_face face,
		     double size, double wrap)
{
	/* as the interior sets it: French spaces before : ; ? ! (mb_labels_typeset) */
	char *s = mb_labels_typeset(p->lb, text);

	text_release(t);
	t->face = face;
	t->size = size;
	for (const char *para = s;;) {
		const char *end = strchr(para, '\n');
		const char *stop = end ? end : para + strlen(para);
		const char *line = para;

		while (1) {
			const char *brk = NULL, *q = line;
			double w = 0;

			/* the longest run of words from line that fits */
			while (q < stop) {
				const char *sp = q;
				double ww;

				while (sp < stop && *sp != ' ')
					sp++;
				ww = width_of(p, face, size, line, (size_t)(sp - line));
				if (wrap > 0 && ww > wrap + 0.01 && brk)
					break;
				brk = sp;
				w = ww;
				if (wrap > 0 && ww > wrap + 0.01)
					break;
				q = sp;
				while (q < stop && *q == ' ')
					q++;
			}
			if (!brk) {
				brk = stop;
				w = width_of(p, face, size, line, (size_t)(stop - line));
			}
			push_line(t, line, (size_t)(brk - line), w);
			line = brk;
			while (line < stop && *line == ' ')
				line++;
			if (line >= stop || t->n >= MAX_LINES)
				break;
		}
		if (!end || t->n >= MAX_LINES)
			break;
		para = end + 1;
	}
	t->height = t->n * line_h(p, face, size);
	free(s);
}

static int hard_lines(const char *s)
{
	int n = 1;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/*
 * The first size from max_pt down to min_pt (half points) whose wrapped
 * text fits w x h; with unwrapped, without breaking any line.
 */
static bool first_fit(const struct plan *p, struct text *t, const char *s, enum mb_face face,
		      double w, double h, double max_pt, double min_pt, bool unwrapped)
{
	int want = hard_lines(s);

	for (double size = max_pt; size >= min_pt - 1e-9; size -= 0.5) {
		set_text(p, t, s, face, size, w);
		if (t->width <= w + 0.01 && t->height <= h + 0.01 && (!unwrapped || t->n == want))
			return true;
	}
	text_release(t);
	return false;
}

/* the narrowest wrap that keeps the line count: lines of even length */
static void balance(const struct plan *p, struct text *t, const char *s, double w)
{
	int lines = t->n;
	double lo = w / (lines + 1), hi = w;

	if (lines < 2)
		return;
	for (int i = 0; i < 14; i++) {
		double mid = (lo + hi) / 2;

		set_text(p, t, s, t->face, t->size, mid);
		if (t->n == lines)
			hi = mid;
		else
			lo = mid;
	}
	set_text(p, t, s, t->face, t->size, hi);
}

/* the spec key behind a field fit() names, for err->field; NULL: none */
static const char *spec_key(const char *field)
{
	static const char *const keys[][2] = {
		{ "cover title", "title" },
		{ "cover subtitle", "subtitle" },
		{ "cover author", "author" },
		{ "cover back text", "cover.back" },
	};

	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (!strcmp(field, keys[i][0]))
			return keys[i][1];
	return NULL;
}

/*
 * Fit text to wrap within w x h points at the largest size, from max_pt
 * down in half points; with one_line_pt > 0, sizes down to that are first
 * tried without wrapping. t->w is w (lines are centred or start in it).
 * When nothing down to 7 pt fits, fail naming the field with the lines
 * needed and the room at 7 pt.
 */
static enum mb_status fit(const struct plan *p, const char *field, const char *s,
			  enum mb_face face, enum align align, double w, double h, double max_pt,
			  double one_line_pt, struct text *t, struct mb_error *err)
{
	bool ok = false;
	int room;
	double lh;

	max_pt = floor(fmax(max_pt, MB_COVER_MIN_TEXT_PT) * 2) / 2;
	if (one_line_pt > 0)
		ok = first_fit(p, t, s, face, w, h, max_pt, one_line_pt, true);
	if (!ok)
		ok = first_fit(p, t, s, face, w, h, max_pt, MB_COVER_MIN_TEXT_PT, false);
	if (ok) {
		if (align == CENTER)
			balance(p, t, s, w);
		t->align = align;
		t->w = w;
		return MB_OK;
	}
	set_text(p, t, s, face, MB_COVER_MIN_TEXT_PT, w);
	lh = line_h(p, face, MB_COVER_MIN_TEXT_PT);
	room = (int)floor((h + 0.01) / lh);
	if (err && err->code == MB_OK)
		err->field = spec_key(field);	/* recorded with the message below */
	if (t->width > w + 0.01 && t->n <= room) {
		text_release(t);
		return mb_error_set_at(err, MB_ERR_INPUT, p->spec->path, 0, 0,
				       "%s does not fit: a word is wider than the %.2f in "
				       "it has at 7 pt", field, w / MB_PT_PER_IN);
	}
	{
		int lines = t->n;

		text_release(t);
		return mb_error_set_at(err, MB_ERR_INPUT, p->spec->path, 0, 0,
				       "%s does not fit: %d lines at 7 pt, room for %d", field,
				       lines, room);
	}
}

/* one line, unwrapped, at size */
static void one_line(const struct plan *p, struct text *t, const char *s, enum mb_face face,
		     double size)
{
	set_text(p, t, s, face, size, 0);
	t->align = LEFT;
	t->w = t->width;
}

/* the text's lines as runs, moved by (dx, dy), in rgb; outline > 0 strokes them too */
static void emit(const struct plan *p, struct mb_draw_list *l, const struct text *t, uint32_t rgb,
		 double dx, double dy, double outline, uint32_t outline_rgb)
{
	double lh = line_h(p, t->face, t->size), asc = p->asc[t->face] * t->size;

	for (int i = 0; i < t->n; i++) {
		double x = t->x + (t->align == CENTER ? (t->w - t->lw[i]) / 2 : 0);

		if (!t->lines[i][0])
			continue;
		mb_draw_text(l, &(struct mb_text_run){ .x = x + dx, .y = t->y + i * lh + asc + dy,
						       .face = t->face, .size = t->size,
						       .rgb = rgb, .outline = outline,
						       .outline_rgb = outline_rgb,
						       .text = t->lines[i] });
	}
}

/* ---- planning ---- */

static bool is_wide(box b)
{
	return b.w > b.h * 1.15;
}

static box page_box(const struct mb_cover *c, struct mb_rect_in r)
{
	return (box){ PT(r.x), PT(c->g.h_in - r.y - r.h), PT(r.w), PT(r.h) };
}

static enum mb_status plan_lattice_card(struct plan *p, struct card *k,
					const struct mb_book_maze *bm, box in, double side,
					double top, double bottom, double tag_pt, double route_share,
					const char *where, struct mb_error *err);

/*
 * Place book maze bm on a card centred in `in`, as large as fits with room
 * above for the START tag (and caption) and below for FINISH. A grid too
 * fine for the card is drawn from the stand-in the book holds for the
 * place (mb_cover_plan_mazes), or, for a book not yet planned, the same
 * core recipe's.
 */
static enum mb_status plan_card(struct plan *p, struct card *k, const char *place,
				box in, double tag_pt, const char *caption, double route_share,
				const char *where, struct mb_error *err)
{
	const struct mb_book_maze *bm = mb_cover_card_maze(p->in->book, place);
	const struct mb_maze *maze = bm->maze;
	double side, top, bottom, cap_h = 0, tag_h, cell;
	int gw, gh;

	k->place = place;
	k->maze = maze;
	one_line(p, &k->start, p->lb->start, MB_FACE_BOLD, tag_pt);
	one_line(p, &k->finish, p->lb->finish, MB_FACE_BOLD, tag_pt);
	tag_h = k->start.height;
	k->tag_pad = tag_pt * 0.35;
	if (caption) {
		one_line(p, &k->caption, caption, MB_FACE_BOLD, tag_pt * 1.4);
		cap_h = k->caption.height;
	}
	side = fmax(tag_pt * 1.2, in.w * 0.04);
	top = tag_h + 2 * k->tag_pad + tag_pt * 1.4 + (caption ? cap_h + tag_pt * 0.4 : 0);
	bottom = tag_h + 2 * k->tag_pad + tag_pt * 1.4;
	if (!mb_layout_cover_grid(maze->w, maze->h, in.w - 2 * side, in.h - top - bottom, &gw,
				  &gh))
		return mb_error_set_at(err, MB_ERR_INPUT, p->spec->path, 0, 0,
				       "the %s has no room left for its maze: shorten its text",
				       where);
	k->grid_w = gw;
	k->grid_h = gh;
	k->finish_tag = true;
	if (mb_grid_is_graph(maze->grid))
		return plan_lattice_card(p, k, bm, in, side, top, bottom, tag_pt, route_share, where,
					 err);
	/* a shaped maze is shown itself: a stand-in would need the shape again */
	if ((gw != maze->w || gh != maze->h) && mb_maze_is_rect(maze)) {
		const struct mb_book_extra *e = mb_cover_stand_in_of(p->in->book, place, gw, gh);
		uint64_t seed;

		if (e)
			k->maze = maze = e->maze;
		else
			k->maze = maze = k->own = mb_cover_stand_in(p->spec, bm, gw, gh, &seed);
	}
	cell = fmin((in.w - 2 * side) / maze->w, (in.h - top - bottom) / maze->h);
	k->cell = cell;
	k->panel.w = maze->w * cell + 2 * side;
	k->panel.h = maze->h * cell + top + bottom;
	k->panel.x = in.x + (in.w - k->panel.w) / 2;
	k->panel.y = in.y + (in.h - k->panel.h) / 2;
	k->mx = k->panel.x + side;
	k->my = k->panel.y + top;
	k->wall_pt = clamp(cell * 0.11, 1.0, 4.0);
	k->radius = fmin(tag_pt * 1.2, side);

	/* START above the entrance, FINISH below the exit, kept on the card */
	{
		double ex, ey, fx, fy;
		double inner_l = k->panel.x + k->radius * 0.5;
		double inner_r = k->panel.x + k->panel.w - k->radius * 0.5;
		double sw = k->start.width, fw = k->finish.width;

		mb_maze_gap_point(maze, false, 0.5, &ex, &ey);
		mb_maze_gap_point(maze, true, 0.5, &fx, &fy);
		k->start.x = clamp(k->mx + ex * cell - sw / 2, inner_l + k->tag_pad,
				   inner_r - sw - k->tag_pad);
		k->start.y = k->my - tag_pt * 0.8 - k->tag_pad - tag_h;
		k->finish.x = clamp(k->mx + fx * cell - fw / 2, inner_l + k->tag_pad,
				    inner_r - fw - k->tag_pad);
		k->finish.y = k->my + maze->h * cell + tag_pt * 0.8 + k->tag_pad;
		if (caption) {
			k->caption.x = k->panel.x + (k->panel.w - k->caption.width) / 2;
			k->caption.y = k->panel.y + tag_pt * 0.5;
		}
	}
	if (route_share > 0) {
		int n;

		k->route = xmallocarray((size_t)maze->w * maze->h, sizeof(int));
		n = mb_maze_route(maze, k->route);
		k->route_len = (int)ceil(n * route_share);
		if (k->route_len < 2 && n >= 2)
			k->route_len = 2;
	}
	return MB_OK;
}

/*
 * The card of a polar, hex or delta maze: its walls' bounds scaled into
 * the card's room, the tags at its gaps (a centre exit has none: how to
 * play says the goal is the centre). A maze whose corridors would come
 * under MB_LAYOUT_MIN_COVER_CELL_PT there is drawn from a coarser one of
 * its kind (mb_cover_lattice_stand_in), as a square book's is.
 */
static enum mb_status plan_lattice_card(struct plan *p, struct card *k,
					const struct mb_book_maze *bm, box in, double side,
					double top, double bottom, double tag_pt, double route_share,
					const char *where, struct mb_error *err)
{
	const struct mb_maze *maze = k->maze;
	enum mb_status st;
	double x0, y0, x1, y1, cell, ex, ey, fx, fy;
	double inner_l, inner_r, sw = k->start.width, fw = k->finish.width;

	mb_grid_bounds(maze->grid, &x0, &y0, &x1, &y1);
	cell = fmin((in.w - 2 * side) / (x1 - x0), (in.h - top - bottom) / (y1 - y0));
	if (k->maze == bm->maze && cell * maze->grid->lat->min_feature < MB_LAYOUT_MIN_COVER_CELL_PT) {
		/*
		 * too fine for the card: a coarser maze of its kind, its corridors
		 * about MB_LAYOUT_COVER_CELL_PT, as a square book's stand-in
		 */
		double f = cell * maze->grid->lat->min_feature / MB_LAYOUT_COVER_CELL_PT;
		const struct mb_book_extra *e;
		uint64_t seed;
		int a, b;

		mb_cover_lattice_size(maze->grid, &a, &b);
		a = (int)fmax(2, floor(a * f));
		b = b ? (int)fmax(2, floor(b * f)) : 0;
		e = mb_cover_stand_in_of(p->in->book, k->place, a, b);
		k->maze = e ? e->maze : (k->own = mb_cover_lattice_stand_in(p->spec, bm, a, b, &seed));
		if (!k->maze)
			return mb_error_set(err, MB_ERR_INPUT, "the %s has no room for its maze", where);
		st = plan_lattice_card(p, k, bm, in, side, top, bottom, tag_pt, route_share, where,
				       err);
		k->grid_w = a;
		k->grid_h = b;
		return st;
	}
	k->grid_w = maze->w;
	k->grid_h = maze->h;
	k->gx0 = x0;
	k->gy0 = y0;
	k->cell = cell;
	k->panel.w = (x1 - x0) * cell + 2 * side;
	k->panel.h = (y1 - y0) * cell + top + bottom;
	k->panel.x = in.x + (in.w - k->panel.w) / 2;
	k->panel.y = in.y + (in.h - k->panel.h) / 2;
	k->mx = k->panel.x + side;
	k->my = k->panel.y + top;
	k->wall_pt = clamp(cell * maze->grid->lat->min_feature * 0.11, 1.0, 4.0);
	k->radius = fmin(tag_pt * 1.2, side);
	inner_l = k->panel.x + k->radius * 0.5;
	inner_r = k->panel.x + k->panel.w - k->radius * 0.5;
	mb_maze_gap_point(maze, false, 0.5, &ex, &ey);
	k->start.x = clamp(k->mx + (ex - x0) * cell - sw / 2, inner_l + k->tag_pad,
			   inner_r - sw - k->tag_pad);
	k->start.y = k->my - tag_pt * 0.8 - k->tag_pad - k->start.height;
	k->finish_tag = maze->exit.dir != MB_SIDE_INSIDE;
	mb_maze_gap_point(maze, true, 0.5, &fx, &fy);
	k->finish.x = clamp(k->mx + (fx - x0) * cell - fw / 2, inner_l + k->tag_pad,
			    inner_r - fw - k->tag_pad);
	k->finish.y = k->my + (y1 - y0) * cell + tag_pt * 0.8 + k->tag_pad;
	if (k->caption.n) {
		k->caption.x = k->panel.x + (k->panel.w - k->caption.width) / 2;
		k->caption.y = k->panel.y + tag_pt * 0.5;
	}
	if (route_share > 0) {
		int n;

		k->route = xmallocarray((size_t)maze->grid->cells, sizeof(int));
		n = mb_maze_route(maze, k->route);
		k->route_len = (int)ceil(n * route_share);
		if (k->route_len < 2 && n >= 2)
			k->route_len = 2;
	}
	return MB_OK;
}

static void card_release(struct card *k)
{
	text_release(&k->start);
	text_release(&k->finish);
	text_release(&k->caption);
	free(k->route);
	mb_maze_free(k->own);
	memset(k, 0, sizeof(*k));
}

static enum mb_status plan_front(struct plan *p, struct mb_error *err)
{
	const box f = p->out->front;
	bool wide = is_wide(f);
	double m = fmax(PT(0.3), fmin(f.w, f.h) * 0.06);
	double gap = f.h * 0.02;
	box col = { f.x + m, f.y + m, wide ? f.w / 2 - m - gap : f.w - 2 * m, f.h - 2 * m };
	double th, sh = 0, ah, y, bottom;
	box in;
	enum mb_status st;

	{
		double max_pt = f.h * (wide ? 0.1 : 0.075), room_h = f.h * (wide ? 0.45 : 0.25);
		double pad = max_pt * 0.06;

		st = fit(p, "cover title", p->spec->title, MB_FACE_BOLD, CENTER, col.w - pad,
			 room_h - pad, max_pt, 0, &p->title, err);
		if (st)
			return st;
		p->title_shadow_pt = p->title.size * 0.06;
		th = p->title.height + p->title_shadow_pt;
	}
	if (p->spec->subtitle && p->spec->subtitle[0]) {
		st = fit(p, "cover subtitle", p->spec->subtitle, MB_FACE_BOLD, CENTER, col.w,
			 f.h * (wide ? 0.2 : 0.09), f.h * 0.032, f.h * 0.024, &p->subtitle, err);
		if (st)
			return st;
		sh = p->subtitle.height;
	}
	st = fit(p, "cover author", p->spec->author, MB_FACE_BOLD, CENTER, col.w, f.h * 0.07,
		 f.h * (wide ? 0.04 : 0.03), f.h * 0.02, &p->author, err);
	if (st)
		return st;
	ah = p->author.height;

	y = wide ? col.y + (col.h - (th + gap * 0.5 + sh + gap * 3 + ah)) / 2 : col.y;
	p->title.x = col.x;
	p->title.y = y;
	y += th + gap * 0.5;
	if (p->subtitle.n) {
		p->subtitle.x = col.x;
		p->subtitle.y = y;
		y += sh;
	}
	p->author.x = col.x;
	if (wide) {
		p->author.y = y + gap * 3;
		y = col.y;
		bottom = col.y + col.h;
	} else {
		p->author.y = col.y + col.h - ah;
		y += gap;
		bottom = p->author.y - gap;
	}

	/* the first maze, large, its route begun; the badge on the card's top right corner */
	{
		char num[32];
		double r = fmin(fmin(f.w, f.h) * 0.105, PT(0.75));
		double tag_pt = clamp(fmin(f.w, f.h) * 0.022, 8, 14);
		double x0 = wide ? f.x + f.w / 2 : col.x, x1 = f.x + f.w - m;
		double bx, by, nh, lh;

		in = (box){ x0 + 0.75 * r, y + 0.6 * r, x1 - x0 - 1.5 * r, bottom - y - 0.6 * r };
		st = plan_card(p, &p->hero, "cover-front", in, tag_pt, NULL, 0.4, "front cover",
			       err);
		if (st)
			return st;
		bx = p->hero.panel.x + p->hero.panel.w;
		by = p->hero.panel.y + 0.4 * r;
		p->badge_r = r;
		p->badge_x = bx;
		p->badge_y = by;
		snprintf(num, sizeof(num), "%zu", p->in->book->count);
		st = fit(p, "cover badge", num, MB_FACE_BOLD, CENTER, r * 1.45, r * 0.75, r * 0.72,
			 0, &p->badge_num, err);
		if (st)
			return st;
		st = fit(p, "cover badge", p->lb->cover_badge, MB_FACE_BOLD, CENTER, r * 1.5,
			 r * 0.4, r * 0.3, 0, &p->badge_word, err);
		if (st)
			return st;
		nh = p->badge_num.height;
		lh = p->badge_word.height;
		p->badge_num.x = bx - r * 1.45 / 2;
		p->badge_num.y = by - (nh + lh * 0.85) / 2;
		p->badge_word.x = bx - r * 1.5 / 2;
		p->badge_word.y = p->badge_num.y + nh * 0.92;
	}
	return MB_OK;
}

static double card_min_h(const struct mb_maze *maze, double tag_pt, double cell_pt)
{
	double rows = maze->h;

	/* a graph grid's rows: its height in corridors */
	if (mb_grid_is_graph(maze->grid)) {
		double x0, y0, x1, y1;

		mb_grid_bounds(maze->grid, &x0, &y0, &x1, &y1);
		rows = (y1 - y0) / maze->grid->lat->min_feature;
	}
	return fmin(rows, COVER_RESERVE_ROWS) * cell_pt + tag_pt * 9;
}

static enum mb_status plan_back(struct plan *p, struct mb_error *err)
{
	const struct mb_cover *c = p->out;
	const box b = c->back;
	bool wide = is_wide(b);
	double m = fmax(PT(0.3), fmin(b.w, b.h) * 0.06);
	double gap = b.h * 0.025, pad = PT(0.16);
	double row_y = c->barcode.y - PT(0.0625);
	double tag_pt = clamp(fmin(b.w, b.h) * 0.016, 7.5, 10);
	const struct mb_book_maze *bm = mb_cover_card_maze(p->in->book, "cover-back");
	box col = { b.x + m, b.y + m, wide ? b.w / 2 - m - gap / 2 : b.w - 2 * m, 0 };
	double y = col.y, room;
	char blurb[1024];
	const char *text = p->spec->cover.back;
	enum mb_status st;

	{
		double max_pt = b.h * 0.045;

		st = fit(p, "cover title", p->spec->title, MB_FACE_BOLD, CENTER, col.w, b.h * 0.14,
			 max_pt, max_pt * 0.7, &p->headline, err);
		if (st)
			return st;
		p->headline_shadow_pt = p->headline.size * 0.05;
		p->headline.x = col.x;
		p->headline.y = y;
		y += p->headline.height + p->headline_shadow_pt + gap;
	}
	if (!text || !text[0])
		text = mb_labels_format(p->lb->cover_blurb, (int)p->in->book->count, 0, blurb,
					sizeof(blurb));
	if (wide)
		room = row_y - gap - y;
	else
		room = clamp(row_y - gap - y - gap -
				     card_min_h(bm->maze, tag_pt, MB_LAYOUT_MIN_COVER_CELL_PT),
			     b.h * 0.22, b.h * 0.40);
	st = fit(p, "cover back text", text, MB_FACE_REGULAR, LEFT, col.w - 2 * pad,
		 room - 2 * pad, clamp(b.h * 0.022, 9, 14), 0, &p->blurb, err);
	if (st)
		return st;
	p->blurb_box = (box){ col.x, y, col.w, p->blurb.height + 2 * pad };
	p->blurb.x = col.x + pad;
	p->blurb.y = y + pad;
	y += p->blurb_box.h + gap;

	{
		const char *lvl = p->spec->level ?
			mb_labels_level_name(p->lb, p->spec->level->name) : NULL;
		char count[256], range[128];
		char *mazes_line = xstrdup(mb_labels_format(p->lb->cover_count,
							    (int)p->in->book->count, 0, count,
							    sizeof(count)));
		char *level_line;
		double fx = b.x + m, fw = c->barcode.x - PT(0.0625) - gap - fx;
		double fh = b.y + b.h - m - row_y, max_pt = clamp(b.w * 0.034, 10, 18);
		double card_w = (b.w - 2 * m) * 0.66;
		box in;
		char *list;

		/* a book of several levels says its range ("easy–expert"), from the book's plan */
		if (p->in->book && mb_plan_multi_level(&p->in->book->plan))
			lvl = mb_plan_level_words(&p->in->book->plan, p->lb, range, sizeof(range));
		level_line = lvl ? xasprintf("%s %s", p->lb->cover_level, lvl) : NULL;

		/* the imprint's logo opens the barcode row; the list moves right */
		if (p->in->logo_w_px > 0 && p->in->logo_h_px > 0) {
			double aspect = (double)p->in->logo_w_px / p->in->logo_h_px;
			double lh_pt = fmin(fh, PT(0.8)), lw_pt = lh_pt * aspect;
			const char *why;

			if (lw_pt > fmin(PT(1.6), fw * 0.45)) {
				lw_pt = fmin(PT(1.6), fw * 0.45);
				lh_pt = lw_pt / aspect;
			}
			p->logo_box = (box){ fx, row_y + (fh - lh_pt) / 2, lw_pt, lh_pt };
			why = mb_cover_image_dpi_problem(p->spec->cover.logo, p->in->logo_w_px,
							 p->in->logo_h_px, lw_pt, lh_pt, false,
							 "logo's place on the back");
			if (why) {
				free(mazes_line);
				free(level_line);
				return mb_error_set_field(err, MB_ERR_INPUT, "cover.logo", "%s", why);
			}
			fx += lw_pt + gap;
			fw -= lw_pt + gap;
		}
		in = wide ? (box){ b.x + b.w / 2 + gap / 2, b.y + m, b.w / 2 - m - gap / 2,
				   row_y - gap - (b.y + m) } :
			    (box){ b.x + m + (b.w - 2 * m - card_w) / 2, y, card_w, row_y - gap - y };
		st = plan_card(p, &p->sample, "cover-back", in, tag_pt, p->lb->cover_sample, 0,
			       "back cover", err);
		if (st) {
			free(mazes_line);
			free(level_line);
			return st;
		}
		list = xasprintf("%s %s\n%s%s%s%s%s %s", p->in->mark, mazes_line,
				 level_line ? p->in->mark : "", level_line ? " " : "",
				 level_line ? level_line : "", level_line ? "\n" : "", p->in->mark,
				 p->lb->cover_solutions);
		st = fit(p, "cover feature list", list, MB_FACE_BOLD, LEFT, fw, fh, max_pt, 9,
			 &p->features, err);
		free(list);
		free(mazes_line);
		free(level_line);
		if (st)
			return st;
		p->features.x = fx;
		p->features.y = row_y + (fh - p->features.height) / 2;
	}
	return MB_OK;
}

/*
 * Why a spine allowed text carries none, in words a publisher can act on:
 * the spine is too thin for the title's line at the least size (and the
 * page count from which it would fit), or the title too long for it.
 */
static void spine_note_why(struct plan *p, double room, double len, double line_per_pt)
{
	const double pt = MB_COVER_MIN_TEXT_PT;
	double clear = 2 * (mb_kdp.spine_text_clearance_in + mb_kdp.margin_allowance_in);
	double need_in = line_per_pt * pt / 72 + clear;
	struct mb_print print = mb_spec_print(p->spec);
	int max_pages = 0, min_pages = 0, from = 0;

	if (room >= line_per_pt * pt) {
		double w = width_of(p, MB_FACE_BOLD, pt, p->spec->title, strlen(p->spec->title));

		snprintf(p->out->spine_note, sizeof(p->out->spine_note),
			 "no spine text: the title is %.2f in long at %g pt, the spine has "
			 "%.2f in for it", w / 72, pt, len / 72);
		return;
	}
	mb_kdp_page_limits(&p->spec->trim, &print, &min_pages, &max_pages);
	for (int n = p->in->pages + 2; n <= max_pages && !from; n += 2) {
		struct mb_cover_geometry g;

		mb_kdp_cover_geometry_for(&p->spec->trim, n, &print, &g, NULL);
		if (g.spine_in >= need_in)
			from = n;
	}
	snprintf(p->out->spine_note, sizeof(p->out->spine_note),
		 "no spine text: %.2f in spine, the title needs %.2f in at %g pt%s%.0d%s",
		 p->out->g.spine_in, need_in, pt, from ? "; it fits from " : "", from,
		 from ? " pages" : "");
}

/*
 * Title and author along the spine, reading top to bottom; blank when KDP
 * allows no spine text or they do not fit with the clearance from each
 * fold (KDP's 0.0625 in plus the 1/72 in allowance) at 7 pt or more. The
 * texts' x runs down the spine and y leftwards from the front fold: the
 * drawing turns them.
 */
static void plan_spine(struct plan *p)
{
	const box s = p->out->spine;
	double room = s.w - 2 * PT(mb_kdp.spine_text_clearance_in + mb_kdp.margin_allowance_in);
	double len = s.h - 2 * PT(0.375), gap = PT(0.4);
	double line_per_pt = line_h(p, MB_FACE_BOLD, 1), size;

	if (!mb_kdp_spine_text_allowed(p->in->pages)) {
		snprintf(p->out->spine_note, sizeof(p->out->spine_note),
			 "no spine text: KDP allows it from %d pages, the book has %d",
			 (int)mb_kdp.spine_text_min_pages, p->in->pages);
		return;
	}
	size = room <= 0 ? 0 : floor(fmin(room / line_per_pt, s.h * 0.035) * 2) / 2;
	for (int with_author = 1; with_author >= 0; with_author--) {
		for (double pt = size; pt >= MB_COVER_MIN_TEXT_PT - 1e-9; pt -= 0.5) {
			struct text t = { 0 }, a = { 0 };

			one_line(p, &t, p->spec->title, MB_FACE_BOLD, pt);
			if (with_author)
				one_line(p, &a, p->spec->author, MB_FACE_REGULAR,
					 fmax(pt * 0.85, MB_COVER_MIN_TEXT_PT));
			if (t.height <= room + 0.01 && a.height <= room + 0.01 &&
			    t.width + (with_author ? gap + a.width : 0) <= len) {
				t.x = PT(0.375);
				t.y = (s.w - t.height) / 2;
				p->spine_title = t;
				if (with_author) {
					a.x = s.h - PT(0.375) - a.width;
					a.y = (s.w - a.height) / 2;
					p->spine_author = a;
				}
				p->out->spine_text = true;
				snprintf(p->out->spine_note, sizeof(p->out->spine_note),
					 "spine text: the title%s at %g pt",
					 with_author ? " and author" : "", pt);
				return;
			}
			text_release(&t);
			text_release(&a);
		}
	}
	spine_note_why(p, room, len, line_per_pt);
}

/* ---- drawing ---- */

static void fill(struct mb_draw_list *l, uint32_t rgb)
{
	mb_draw_fill(l, &(struct mb_paint){ .rgb = rgb });
}

static void round_rect(struct mb_draw_list *l, box b, double r)
{
	mb_draw_round_rect(l, b.x, b.y, b.w, b.h, r);
}

/* a coloured pill around a tag's text, with an arrow to the gap at (ax, ay) */
static void tag(const struct plan *p, struct mb_draw_list *l, const struct text *t, double pad,
		uint32_t rgb, double ax, double ay)
{
	box b = { t->x - pad * 1.6, t->y - pad, t->width + pad * 3.2, t->height + pad * 2 };
	double base = fmin(pad * 2.2, b.w / 3);
	double edge = ay > b.y + b.h ? b.y + b.h : b.y;

	round_rect(l, b, b.h / 2);
	fill(l, rgb);
	mb_draw_move(l, ax - base / 2, edge);
	mb_draw_line(l, ax + base / 2, edge);
	mb_draw_line(l, ax, ay);
	mb_draw_close(l);
	fill(l, rgb);
	emit(p, l, t, 0xffffff, 0, 0, 0, 0);
}

/* a picture over b: filling it (cropped, rounded corners) or fitted inside, centred */
static void picture(struct mb_draw_list *l, int id, int iw, int ih, box b, bool inside,
		    double radius)
{
	double s = inside ? fmin(b.w / iw, b.h / ih) : fmax(b.w / iw, b.h / ih);

	mb_draw_save(l);
	round_rect(l, b, radius);
	mb_draw_clip(l, false);
	mb_draw_image(l, id, b.x + (b.w - iw * s) / 2, b.y + (b.h - ih * s) / 2, iw * s, ih * s);
	mb_draw_restore(l);
}

static void draw_card(const struct plan *p, struct mb_draw_list *l, const struct card *k,
		      bool art)
{
	const struct mb_maze *m = k->maze;
	double cell = k->cell, ex, ey, fx, fy;
	double drop = fmax(2.0, k->radius * 0.3);

	round_rect(l, (box){ k->panel.x + drop, k->panel.y + drop, k->panel.w, k->panel.h },
		   k->radius);
	fill(l, p->dark);
	round_rect(l, k->panel, k->radius);
	fill(l, p->paper);
	if (art) {
		picture(l, MB_COVER_IMAGE_ART, p->in->art_w_px, p->in->art_h_px, k->panel,
			p->spec->cover.image_fit_inside, k->radius);
		return;
	}
	/* the route begun: a thick line from the entrance through the first squares */
	if (k->route_len > 0 && mb_grid_is_graph(m->grid)) {
		const struct mb_lattice *lat = m->grid->lat;
		int last = k->route[k->route_len - 1];

		mb_maze_gap_point(m, false, 0.7, &ex, &ey);
		mb_draw_move(l, k->mx + (ex - k->gx0) * cell, k->my + (ey - k->gy0) * cell);
		for (int i = 0; i < k->route_len; i++)
			mb_draw_line(l, k->mx + (lat->cx[k->route[i]] - k->gx0) * cell,
				     k->my + (lat->cy[k->route[i]] - k->gy0) * cell);
		mb_draw_stroke(l, &(struct mb_pen){ .width = cell * lat->min_feature * 0.34,
						    .rgb = p->accent, .cap = MB_CAP_ROUND,
						    .join = MB_JOIN_ROUND });
		mb_draw_circle(l, k->mx + (lat->cx[last] - k->gx0) * cell,
			       k->my + (lat->cy[last] - k->gy0) * cell, cell * lat->min_feature * 0.3);
		fill(l, mix(p->accent, 0x000000, 0.3));
	} else if (k->route_len > 0) {
		int last = k->route[k->route_len - 1];

		mb_maze_gap_point(m, false, 0.7, &ex, &ey);
		mb_draw_move(l, k->mx + ex * cell, k->my + ey * cell);
		for (int i = 0; i < k->route_len; i++)
			mb_draw_line(l, k->mx + (k->route[i] % m->w + 0.5) * cell,
				     k->my + (k->route[i] / m->w + 0.5) * cell);
		mb_draw_stroke(l, &(struct mb_pen){ .width = cell * 0.34, .rgb = p->accent,
						    .cap = MB_CAP_ROUND, .join = MB_JOIN_ROUND });
		/* the pencil's point: a dot where the route stops */
		mb_draw_circle(l, k->mx + (last % m->w + 0.5) * cell,
			       k->my + (last / m->w + 0.5) * cell, cell * 0.3);
		fill(l, mix(p->accent, 0x000000, 0.3));
	}
	mb_maze_draw_walls(l, m, &(struct mb_maze_place){ k->mx, k->my, cell },
			   &(struct mb_pen){ .width = k->wall_pt, .rgb = p->dark,
					     .cap = MB_CAP_ROUND, .join = MB_JOIN_ROUND });
	mb_maze_gap_point(m, false, 0.5, &ex, &ey);
	mb_maze_gap_point(m, true, 0.5, &fx, &fy);
	ex -= k->gx0;
	fx -= k->gx0;
	ey -= k->gy0;
	fy -= k->gy0;
	tag(p, l, &k->start, k->tag_pad, p->go, k->mx + ex * cell, k->my + ey * cell - k->wall_pt);
	if (k->finish_tag)
		tag(p, l, &k->finish, k->tag_pad, p->stop, k->mx + fx * cell,
		    k->my + fy * cell + k->wall_pt);
	if (k->caption.n)
		emit(p, l, &k->caption, p->dark, 0, 0, 0, 0);
}

/* the background's faint maze over back and front, 0.25 in clear of each fold */
static void draw_pattern(const struct plan *p, struct mb_draw_list *l)
{
	const struct mb_cover *c = p->out;
	double cell = MB_COVER_PATTERN_CELL_PT, clear = PT(0.25);
	const struct mb_maze *m = p->in->book->cover_pattern;
	struct mb_maze *own = NULL;
	uint64_t seed;

	if (!m)
		m = own = mb_cover_pattern(p->in->book, c->page_w, c->page_h, &seed);
	if (!m)
		return;
	mb_draw_save(l);
	mb_draw_rect(l, 0, 0, c->spine.x - clear, c->page_h);
	mb_draw_rect(l, c->spine.x + c->spine.w + clear, 0,
		     c->page_w - (c->spine.x + c->spine.w + clear), c->page_h);
	mb_draw_clip(l, false);
	mb_maze_draw_walls(l, m, &(struct mb_maze_place){ -cell * 0.3, -cell * 0.3, cell },
			   &(struct mb_pen){ .width = cell * 0.22, .rgb = mix(p->bg, 0xffffff, 0.14),
					     .cap = MB_CAP_ROUND, .join = MB_JOIN_ROUND });
	mb_draw_restore(l);
	mb_maze_free(own);
}

/* a spine text: its top left at (x down the spine, y left of the front fold) */
static void emit_spine(const struct plan *p, struct mb_draw_list *l, const struct text *t)
{
	const box s = p->out->spine;
	double asc = p->asc[t->face] * t->size;

	if (!t->n)
		return;
	mb_draw_text(l, &(struct mb_text_run){ .x = s.x + s.w - t->y - asc, .y = s.y + t->x,
					       .face = t->face, .size = t->size, .rgb = p->ink,
					       .text = t->lines[0], .angle_deg = 90 });
}

static void draw_cover(const struct plan *p, struct mb_draw_list *l)
{
	const struct mb_cover *c = p->out;
	double e = PT(0.0625);

	mb_draw_rect(l, 0, 0, c->page_w, c->page_h);
	fill(l, p->bg);
	draw_pattern(p, l);

	/* front */
	emit(p, l, &p->title, p->shadow, p->title_shadow_pt, p->title_shadow_pt, 0, 0);
	emit(p, l, &p->title, p->ink, 0, 0, p->title_shadow_pt * 0.9, p->shadow);
	emit(p, l, &p->subtitle, p->ink, 0, 0, 0, 0);
	draw_card(p, l, &p->hero, p->in->art_w_px > 0);
	mb_draw_circle(l, p->badge_x + p->badge_r * 0.07, p->badge_y + p->badge_r * 0.07,
		       p->badge_r);
	fill(l, p->dark);
	mb_draw_circle(l, p->badge_x, p->badge_y, p->badge_r);
	fill(l, p->badge);
	emit(p, l, &p->badge_num, p->badge_ink, 0, 0, 0, 0);
	emit(p, l, &p->badge_word, p->badge_ink, 0, 0, 0, 0);
	emit(p, l, &p->author, p->ink, 0, 0, 0, 0);

	/* back */
	emit(p, l, &p->headline, p->shadow, p->headline_shadow_pt, p->headline_shadow_pt, 0, 0);
	emit(p, l, &p->headline, p->ink, 0, 0, 0, 0);
	round_rect(l, p->blurb_box, PT(0.12));
	fill(l, p->paper);
	emit(p, l, &p->blurb, p->dark, 0, 0, 0, 0);
	draw_card(p, l, &p->sample, false);
	if (p->in->logo_w_px > 0 && p->in->logo_h_px > 0)
		picture(l, MB_COVER_IMAGE_LOGO, p->in->logo_w_px, p->in->logo_h_px, p->logo_box,
			true, 0);
	emit(p, l, &p->features, p->ink, 0, 0, 0, 0);

	/* spine: turned a quarter clockwise, the letters' tops to the front */
	emit_spine(p, l, &p->spine_title);
	emit_spine(p, l, &p->spine_author);

	/* KDP's barcode area last, plain white, a little larger than the box */
	round_rect(l, (box){ c->barcode.x - e, c->barcode.y - e, c->barcode.w + 2 * e,
			     c->barcode.h + 2 * e }, e);
	fill(l, p->paper);
}

static void plan_release(struct plan *p)
{
	struct text *ts[] = { &p->title, &p->subtitle, &p->author, &p->badge_num,
			      &p->badge_word, &p->headline, &p->blurb, &p->features,
			      &p->spine_title, &p->spine_author };

	for (size_t i = 0; i < sizeof(ts) / sizeof(ts[0]); i++)
		text_release(ts[i]);
	card_release(&p->hero);
	card_release(&p->sample);
}

static void add_text(struct mb_cover *c, const struct text *t, const char *what, bool bold)
{
	if (t->n && c->text_count < MB_COVER_MAX_TEXTS)
		c->texts[c->text_count++] = (struct mb_cover_text){ what, t->size, bold };
}

enum mb_status mb_cover_compose(const struct mb_cover_input *in, struct mb_cover *out,
				struct mb_error *err)
{
	const struct mb_book_spec *spec = in->spec;
	const struct mb_book *book = in->book;
	struct plan p;
	enum mb_status st;

	memset(out, 0, sizeof(*out));
	memset(&p, 0, sizeof(p));
	p.in = in;
	p.spec = spec;
	p.out = out;
	if (!spec->title || !spec->title[0])
		return mb_error_set_at(err, MB_ERR_INPUT, spec->path, 0, 0, "the cover needs a title");
	if (!spec->author || !spec->author[0])
		return mb_error_set_at(err, MB_ERR_INPUT, spec->path, 0, 0,
				       "the cover needs an author");
	if (!book || book->count == 0 || !book->mazes[0].maze)
		return mb_error_set(err, MB_ERR_INPUT, "the book has no mazes to draw on the cover");
	for (size_t i = 0; i < book->count; i++)
		if (!book->mazes[i].maze)
			return mb_error_set(err, MB_ERR_INPUT, "maze %zu of the book is missing",
					    i + 1);
	if (in->pages < 1)
		return mb_error_set(err, MB_ERR_INPUT,
				    "interior page count %d: expected 1 or more", in->pages);
	if (spec->trim.w_in <= 0 || spec->trim.h_in <= 0)
		return mb_error_set(err, MB_ERR_INPUT, "trim %gx%g in is not a page size",
				    spec->trim.w_in, spec->trim.h_in);
	/* an unknown language was refused with the spec; English otherwise */
	p.lb = mb_labels_find(spec->language);
	if (!p.lb)
		p.lb = mb_labels_find(NULL);
	for (int f = 0; f < 2; f++)
		in->tm->extents(in->tm->ctx, (enum mb_face)f, &p.asc[f], &p.desc[f], &p.cap[f]);
	{
		struct mb_print print = mb_spec_print(spec);

		mb_kdp_cover_geometry_for(&spec->trim, in->pages, &print, &out->g, &out->hc);
	}
	out->page_w = PT(out->g.w_in);
	out->page_h = PT(out->g.h_in);
	out->back = page_box(out, out->g.back);
	out->spine = page_box(out, out->g.spine);
	out->front = page_box(out, out->g.front);
	out->barcode = page_box(out, out->g.barcode);
	if (out->hc.hardcover) {
		/* the hinge bends when the book opens: the art is planned beside it */
		out->back.w -= PT(out->hc.hinge_in);
		out->front.x += PT(out->hc.hinge_in);
		out->front.w -= PT(out->hc.hinge_in);
	}
	p.bg = spec->cover.background_rgb;
	p.ink = spec->cover.text_rgb;
	p.dark = mix(p.bg, 0x000000, 0.62);
	p.shadow = luminance(p.ink) > 0.5 ? mix(p.bg, 0x000000, 0.45) : mix(p.bg, 0xffffff, 0.6);
	p.paper = 0xffffff;
	p.accent = 0xff7a00;
	p.go = 0x2e9e44;
	p.stop = 0xe53935;
	/* the yellow badge vanished on a yellow or orange cover: one that stands out */
	p.badge = mb_colour_badge(spec->cover.background_rgb, &p.badge_ink);

	st = plan_front(&p, err);
	if (!st && in->art_w_px > 0) {
		const char *why = mb_cover_image_dpi_problem(
			spec->cover.image, in->art_w_px, in->art_h_px, p.hero.panel.w,
			p.hero.panel.h, !spec->cover.image_fit_inside, "front card");

		if (why)
			st = mb_error_set_field(err, MB_ERR_INPUT, "cover.image", "%s", why);
	}
	if (!st)
		st = plan_back(&p, err);
	if (st) {
		plan_release(&p);
		return st;
	}
	plan_spine(&p);

	out->grids[0] = (struct mb_cover_grid){ "cover-front", p.hero.grid_w, p.hero.grid_h,
						in->art_w_px <= 0 };
	out->grids[1] = (struct mb_cover_grid){ "cover-back", p.sample.grid_w, p.sample.grid_h,
						true };
	out->grid_count = 2;
	add_text(out, &p.title, "the title", true);
	add_text(out, &p.subtitle, "the subtitle", true);
	add_text(out, &p.author, "the author", true);
	add_text(out, &p.headline, "the back's headline", true);
	add_text(out, &p.features, "the back's list", true);
	add_text(out, &p.spine_title, "the spine's title", true);
	add_text(out, &p.spine_author, "the spine's author", false);
	out->pages = in->pages;
	out->title_pt = p.title.size;
	out->title_cap_pt = p.cap[MB_FACE_BOLD] * p.title.size;

	out->list = mb_draw_new(out->page_w, out->page_h);
	draw_cover(&p, out->list);
	plan_release(&p);
	return MB_OK;
}

enum mb_status mb_cover_compose_check(const struct mb_cover *c, const struct mb_book_spec *spec,
				      struct mb_error *err)
{
	uint32_t bg = spec->cover.background_rgb, ink = spec->cover.text_rgb;
	double ratio = mb_colour_contrast(bg, ink), worst_pt = 0, cap_px;
	const char *worst = NULL;

	for (size_t i = 0; i < c->text_count; i++) {
		double pt = c->texts[i].size;
		double need = pt >= 18 || (c->texts[i].bold && pt >= 14) ? MB_CONTRAST_LARGE_TEXT
									 : MB_CONTRAST_TEXT;

		if (ratio + 1e-9 < need && (!worst || pt < worst_pt)) {
			worst = c->texts[i].what;
			worst_pt = pt;
		}
	}
	if (worst) {
		uint32_t better = mb_colour_text_on(bg);
		bool large = worst_pt >= 18;

		return mb_error_set_field(
			err, MB_ERR_INPUT, "cover.text",
			"%s is %.1f pt in #%06x on #%06x, a contrast of %.1f:1, and %s needs "
			"%.1f:1 to be read (WCAG 2): choose text \"#%06x\" (%.1f:1) or another "
			"background",
			worst, worst_pt, (unsigned)ink, (unsigned)bg, floor(ratio * 10) / 10,
			large ? "text of 18 pt or more" : "text under 18 pt",
			large ? MB_CONTRAST_LARGE_TEXT : MB_CONTRAST_TEXT, (unsigned)better,
			floor(mb_colour_contrast(bg, better) * 10) / 10);
	}
	cap_px = c->title_cap_pt * MB_COVER_THUMB_W_PX / c->front.w;
	if (cap_px + 1e-9 >= MB_COVER_MIN_THUMB_CAP_PX)
		return MB_OK;
	return mb_error_set_field(
		err, MB_ERR_INPUT, "title",
		"the title fits the cover only at %.1f pt, so its capitals would be %.1f px tall "
		"where Amazon shows the cover %d px wide (at least %g px are needed to read it): "
		"shorten the title or move words into the subtitle",
		c->title_pt, cap_px, MB_COVER_THUMB_W_PX, MB_COVER_MIN_THUMB_CAP_PX);
}

/* a guide's label on a white box, its top left at (x, y) */
static void guide_label(struct mb_draw_list *l, const struct mb_text_metrics *tm,
			const char *text, double x, double y, uint32_t rgb, double size)
{
	double asc, desc, cap, w = mb_text_width(tm, MB_FACE_BOLD, size, text, strlen(text));

	tm->extents(tm->ctx, MB_FACE_BOLD, &asc, &desc, &cap);
	mb_draw_rect(l, x - 2, y - 1, w + 4, (asc + desc) * size + 2);
	fill(l, 0xffffff);
	mb_draw_text(l, &(struct mb_text_run){ .x = x, .y = y + asc * size, .face = MB_FACE_BOLD,
					       .size = size, .rgb = rgb, .text = text });
}

static void rect_path(struct mb_draw_list *l, box b)
{
	mb_draw_rect(l, b.x, b.y, b.w, b.h);
}

void mb_cover_guides(const struct mb_cover *c, const struct mb_book_spec *spec,
		     const struct mb_text_metrics *tm, double dpi, struct mb_draw_list *l)
{
	double px = MB_PT_PER_IN / dpi;		/* one pixel in points */
	double thin = fmax(1.0, 2 * px), label_pt = fmax(7, 10 * px);
	/* a hardcover's wrap is where a paperback's bleed is: it folds round the boards */
	double bleed = PT(c->hc.hardcover ? c->hc.wrap_in : mb_kdp.cover_bleed_in);
	double safe = PT(mb_kdp.cover_safe_in);
	double clear = PT(mb_kdp.spine_text_clearance_in);
	box trim = { bleed, bleed, c->page_w - 2 * bleed, c->page_h - 2 * bleed };
	const uint32_t red = 0xd50000, green = 0x00a040, blue = 0x2962ff, magenta = 0xc000c0,
		       orange = 0xff6d00;
	struct mb_pen solid = { .width = thin }, dashed = { .width = thin, .ndash = 2,
							     .dash = { 6 * px, 4 * px } };
	box boards[2] = { c->back, c->front };
	char buf[200], print_name[64];
	struct mb_print print = mb_spec_print(spec);

	/* what the trim cuts off, washed out */
	mb_draw_rect(l, 0, 0, c->page_w, c->page_h);
	rect_path(l, trim);
	mb_draw_fill(l, &(struct mb_paint){ .rgb = 0xffffff, .alpha = 0.55, .even_odd = true });
	rect_path(l, trim);
	solid.rgb = red;
	mb_draw_stroke(l, &solid);

	/* folds, and the spine text clearance inside them */
	for (int i = 0; i < 2; i++) {
		double x = c->spine.x + i * c->spine.w;

		mb_draw_move(l, x, 0);
		mb_draw_line(l, x, c->page_h);
	}
	solid.rgb = blue;
	mb_draw_stroke(l, &solid);
	for (int i = 0; i < 2; i++) {
		double x = i ? c->spine.x + c->spine.w - clear : c->spine.x + clear;

		mb_draw_move(l, x, trim.y);
		mb_draw_line(l, x, trim.y + trim.h);
	}
	dashed.rgb = blue;
	mb_draw_stroke(l, &dashed);

	/* a hardcover: the hinge on each board, and the safe zones run up to it */
	if (c->hc.hardcover) {
		box hb = page_box(c, c->hc.hinge_back), hf = page_box(c, c->hc.hinge_front);

		for (int pass = 0; pass < 2; pass++) {
			rect_path(l, hb);
			rect_path(l, hf);
			if (pass == 0) {
				mb_draw_fill(l, &(struct mb_paint){ .rgb = orange, .alpha = 0.25 });
			} else {
				dashed.rgb = orange;
				mb_draw_stroke(l, &dashed);
			}
		}
		boards[0].w += safe;	/* the hinge already keeps text off the spine side */
		boards[1].x -= safe;
		boards[1].w += safe;
	}

	/* safe zones */
	for (int i = 0; i < 2; i++)
		mb_draw_rect(l, boards[i].x + safe, boards[i].y + safe, boards[i].w - 2 * safe,
			     boards[i].h - 2 * safe);
	dashed.rgb = green;
	mb_draw_stroke(l, &dashed);

	rect_path(l, c->barcode);
	mb_draw_stroke(l, &(struct mb_pen){ .width = thin * 1.5, .rgb = magenta });

	snprintf(buf, sizeof(buf), "BACK  %.4f x %.4f in", c->g.w_in, c->g.h_in);
	guide_label(l, tm, buf, c->back.x + safe + 3, c->back.y + safe + 3, red, label_pt);
	snprintf(buf, sizeof(buf), "FRONT  %sspine %.4f in: %d pages, %s%s",
		 c->hc.hardcover ? "hardcover, " : "", c->g.spine_in, c->pages,
		 print.ink == MB_INK_BLACK ? mb_kdp_paper_name(spec->paper)
					   : mb_kdp_print_name(&print, print_name, sizeof(print_name)),
		 c->spine_text ? "" :
		 mb_kdp_spine_text_allowed(c->pages) ? ", text does not fit" : ", no text");
	guide_label(l, tm, buf, c->front.x + safe + 3, c->front.y + safe + 3, red, label_pt);
	guide_label(l, tm, "barcode area", c->barcode.x + 6, c->barcode.y + 6, magenta, label_pt);
	if (c->hc.hardcover) {
		box hf = page_box(c, c->hc.hinge_front);

		guide_label(l, tm, "red: boards   shaded: 15 mm wrap   blue: spine folds   "
			    "orange: 10 mm hinge   green: safe zone", c->back.x + safe + 3,
			    c->page_h - bleed - 1.3 * label_pt, red, label_pt);
		guide_label(l, tm, "wrap", bleed * 0.2, c->page_h / 2, red, label_pt);
		guide_label(l, tm, "hinge", hf.x + 2, hf.y + hf.h / 2, orange, label_pt);
	} else {
		guide_label(l, tm, "red: trim   blue: folds   green: safe zone", c->back.x + safe + 3,
			    c->page_h - bleed - 1.3 * label_pt, red, label_pt);
	}
}

void mb_cover_release(struct mb_cover *c)
{
	mb_draw_free(c->list);
	memset(c, 0, sizeof(*c));
}
