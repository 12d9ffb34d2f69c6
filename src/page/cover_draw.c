/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The planned cover drawn into its list (see cover_internal.h), in
 * painting order: background and pattern, the front, the back, the spine
 * turned, the barcode area last; and the preview's print guides
 * (mb_cover_guides).
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

/* the text's lines as runs, moved by (dx, dy), in rgb; outline > 0 strokes them too */
static void emit(const struct plan *p, struct mb_draw_list *l, const struct text *t, uint32_t rgb,
		 double dx, double dy, double outline, uint32_t outline_rgb)
{
	double lh = cover_line_h(p, t->face, t->size), asc = p->asc[t->face] * t->size;

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

void cover_draw(const struct plan *p, struct mb_draw_list *l)
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
