/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The cover composed as a drawing list (see
 * include/mazebook/page/cover_compose.h): the plan of the wrap. The work
 * runs in two steps: the plan fits every text (cover_text.c) and places
 * every piece, the front's title, card and badge, the back's headline,
 * blurb, sample card, list and logo beside the barcode area, the spine's
 * words, so that a text that cannot fit fails before anything is drawn;
 * then cover_draw.c appends the plan to the list in painting order.
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
#include "cover_internal.h"

/* the most rows of a book grid the back reserves room for (the medium level's) */
#define COVER_RESERVE_ROWS 20

static bool is_wide(box b)
{
	return b.w > b.h * 1.15;
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
	cover_one_line(p, &k->start, p->lb->start, MB_FACE_BOLD, tag_pt);
	cover_one_line(p, &k->finish, p->lb->finish, MB_FACE_BOLD, tag_pt);
	tag_h = k->start.height;
	k->tag_pad = tag_pt * 0.35;
	if (caption) {
		cover_one_line(p, &k->caption, caption, MB_FACE_BOLD, tag_pt * 1.4);
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
	cover_text_release(&k->start);
	cover_text_release(&k->finish);
	cover_text_release(&k->caption);
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

		st = cover_fit(p, "cover title", p->spec->title, MB_FACE_BOLD, CENTER, col.w - pad,
			 room_h - pad, max_pt, 0, &p->title, err);
		if (st)
			return st;
		p->title_shadow_pt = p->title.size * 0.06;
		th = p->title.height + p->title_shadow_pt;
	}
	if (p->spec->subtitle && p->spec->subtitle[0]) {
		st = cover_fit(p, "cover subtitle", p->spec->subtitle, MB_FACE_BOLD, CENTER, col.w,
			 f.h * (wide ? 0.2 : 0.09), f.h * 0.032, f.h * 0.024, &p->subtitle, err);
		if (st)
			return st;
		sh = p->subtitle.height;
	}
	st = cover_fit(p, "cover author", p->spec->author, MB_FACE_BOLD, CENTER, col.w, f.h * 0.07,
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
		st = cover_fit(p, "cover badge", num, MB_FACE_BOLD, CENTER, r * 1.45, r * 0.75, r * 0.72,
			 0, &p->badge_num, err);
		if (st)
			return st;
		st = cover_fit(p, "cover badge", p->lb->cover_badge, MB_FACE_BOLD, CENTER, r * 1.5,
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

/* the back's headline (the title again) and its blurb, from y down; *y moves past them */
static enum mb_status plan_back_words(struct plan *p, box col, bool wide, double gap,
				      double row_y, double tag_pt, double *py,
				      struct mb_error *err)
{
	const box b = p->out->back;
	double pad = PT(0.16), y = *py, room;
	const struct mb_book_maze *bm = mb_cover_card_maze(p->in->book, "cover-back");
	char blurb[1024];
	const char *text = p->spec->cover.back;
	enum mb_status st;

	{
		double max_pt = b.h * 0.045;

		st = cover_fit(p, "cover title", p->spec->title, MB_FACE_BOLD, CENTER, col.w,
			       b.h * 0.14, max_pt, max_pt * 0.7, &p->headline, err);
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
	st = cover_fit(p, "cover back text", text, MB_FACE_REGULAR, LEFT, col.w - 2 * pad,
		       room - 2 * pad, clamp(b.h * 0.022, 9, 14), 0, &p->blurb, err);
	if (st)
		return st;
	p->blurb_box = (box){ col.x, y, col.w, p->blurb.height + 2 * pad };
	p->blurb.x = col.x + pad;
	p->blurb.y = y + pad;
	y += p->blurb_box.h + gap;
	*py = y;
	return MB_OK;
}

/*
 * The imprint's logo, opening the barcode row (fh high from row_y, the
 * list's room from *fx, *fw wide): the list moves right past it. Refused
 * when it would print under 300 dpi there.
 */
static enum mb_status plan_logo(struct plan *p, double row_y, double fh, double gap,
				double *fx, double *fw, struct mb_error *err)
{
	double aspect = (double)p->in->logo_w_px / p->in->logo_h_px;
	double lh_pt = fmin(fh, PT(0.8)), lw_pt = lh_pt * aspect;
	const char *why;

	if (lw_pt > fmin(PT(1.6), *fw * 0.45)) {
		lw_pt = fmin(PT(1.6), *fw * 0.45);
		lh_pt = lw_pt / aspect;
	}
	p->logo_box = (box){ *fx, row_y + (fh - lh_pt) / 2, lw_pt, lh_pt };
	why = mb_cover_image_dpi_problem(p->spec->cover.logo, p->in->logo_w_px,
					 p->in->logo_h_px, lw_pt, lh_pt, false,
					 "logo's place on the back");
	if (why)
		return mb_error_set_field(err, MB_ERR_INPUT, "cover.logo", "%s", why);
	*fx += lw_pt + gap;
	*fw -= lw_pt + gap;
	return MB_OK;
}

/* the back's list of what is inside: the mazes, their level or levels, the solutions */
static char *feature_list(const struct plan *p)
{
	const char *lvl = p->spec->level ?
		mb_labels_level_name(p->lb, p->spec->level->name) : NULL;
	char count[256], range[128];
	char *mazes_line = xstrdup(mb_labels_format(p->lb->cover_count,
						    (int)p->in->book->count, 0, count,
						    sizeof(count)));
	char *level_line, *list;

	/* a book of several levels says its range ("easy–expert"), from the book's plan */
	if (p->in->book && mb_plan_multi_level(&p->in->book->plan))
		lvl = mb_plan_level_words(&p->in->book->plan, p->lb, range, sizeof(range));
	level_line = lvl ? xasprintf("%s %s", p->lb->cover_level, lvl) : NULL;
	list = xasprintf("%s %s\n%s%s%s%s%s %s", p->in->mark, mazes_line,
			 level_line ? p->in->mark : "", level_line ? " " : "",
			 level_line ? level_line : "", level_line ? "\n" : "", p->in->mark,
			 p->lb->cover_solutions);
	free(mazes_line);
	free(level_line);
	return list;
}

static enum mb_status plan_back(struct plan *p, struct mb_error *err)
{
	const struct mb_cover *c = p->out;
	const box b = c->back;
	bool wide = is_wide(b);
	double m = fmax(PT(0.3), fmin(b.w, b.h) * 0.06);
	double gap = b.h * 0.025;
	double row_y = c->barcode.y - PT(0.0625);
	double tag_pt = clamp(fmin(b.w, b.h) * 0.016, 7.5, 10);
	box col = { b.x + m, b.y + m, wide ? b.w / 2 - m - gap / 2 : b.w - 2 * m, 0 };
	double y = col.y;
	double fx = b.x + m, fw = c->barcode.x - PT(0.0625) - gap - fx;
	double fh = b.y + b.h - m - row_y, max_pt = clamp(b.w * 0.034, 10, 18);
	double card_w = (b.w - 2 * m) * 0.66;
	box in;
	char *list;
	enum mb_status st = plan_back_words(p, col, wide, gap, row_y, tag_pt, &y, err);

	if (st)
		return st;
	if (p->in->logo_w_px > 0 && p->in->logo_h_px > 0) {
		st = plan_logo(p, row_y, fh, gap, &fx, &fw, err);
		if (st)
			return st;
	}
	in = wide ? (box){ b.x + b.w / 2 + gap / 2, b.y + m, b.w / 2 - m - gap / 2,
			   row_y - gap - (b.y + m) } :
		    (box){ b.x + m + (b.w - 2 * m - card_w) / 2, y, card_w, row_y - gap - y };
	st = plan_card(p, &p->sample, "cover-back", in, tag_pt, p->lb->cover_sample, 0,
		       "back cover", err);
	if (st)
		return st;
	list = feature_list(p);
	st = cover_fit(p, "cover feature list", list, MB_FACE_BOLD, LEFT, fw, fh, max_pt, 9,
		       &p->features, err);
	free(list);
	if (st)
		return st;
	p->features.x = fx;
	p->features.y = row_y + (fh - p->features.height) / 2;
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
		double w = cover_width_of(p, MB_FACE_BOLD, pt, p->spec->title, strlen(p->spec->title));

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
	double line_per_pt = cover_line_h(p, MB_FACE_BOLD, 1), size;

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

			cover_one_line(p, &t, p->spec->title, MB_FACE_BOLD, pt);
			if (with_author)
				cover_one_line(p, &a, p->spec->author, MB_FACE_REGULAR,
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
			cover_text_release(&t);
			cover_text_release(&a);
		}
	}
	spine_note_why(p, room, len, line_per_pt);
}

static void plan_release(struct plan *p)
{
	struct text *ts[] = { &p->title, &p->subtitle, &p->author, &p->badge_num,
			      &p->badge_word, &p->headline, &p->blurb, &p->features,
			      &p->spine_title, &p->spine_author };

	for (size_t i = 0; i < sizeof(ts) / sizeof(ts[0]); i++)
		cover_text_release(ts[i]);
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
	cover_draw(&p, out->list);
	plan_release(&p);
	return MB_OK;
}

void mb_cover_release(struct mb_cover *c)
{
	mb_draw_free(c->list);
	memset(c, 0, sizeof(*c));
}
