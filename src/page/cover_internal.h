/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * What the cover's three files share, private to src/page: cover_text.c
 * fits the words, cover_plan.c places every piece of the wrap (and runs
 * the whole composition), cover_draw.c draws the plan into the list. The
 * plan is the state between them: fitted texts, cards, colours.
 */
#ifndef MAZEBOOK_PAGE_COVER_INTERNAL_H
#define MAZEBOOK_PAGE_COVER_INTERNAL_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "mazebook/book/labels.h"
#include "mazebook/page/cover_compose.h"

#define PT(in) ((in) * MB_PT_PER_IN)

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

static inline double clamp(double v, double lo, double hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* a + (b - a) * t, channel by channel */
static inline uint32_t mix(uint32_t a, uint32_t b, double t)
{
	uint32_t out = 0;

	for (int sh = 16; sh >= 0; sh -= 8) {
		double ca = (a >> sh) & 0xff, cb = (b >> sh) & 0xff;

		out |= (uint32_t)lround(ca + (cb - ca) * t) << sh;
	}
	return out;
}

static inline double luminance(uint32_t c)
{
	return (0.2126 * ((c >> 16) & 0xff) + 0.7152 * ((c >> 8) & 0xff) + 0.0722 * (c & 0xff)) /
	       255.0;
}

static inline box page_box(const struct mb_cover *c, struct mb_rect_in r)
{
	return (box){ PT(r.x), PT(c->g.h_in - r.y - r.h), PT(r.w), PT(r.h) };
}

/* ---- cover_text.c ---- */

/* a line's height in face f at size */
double cover_line_h(const struct plan *p, enum mb_face f, double size);
/* the width of s's first len bytes in face f at size, as the renderer sets them */
double cover_width_of(const struct plan *p, enum mb_face f, double size, const char *s,
		      size_t len);
void cover_text_release(struct text *t);
/*
 * Fit text to wrap within w x h points at the largest size, from max_pt
 * down in half points; with one_line_pt > 0, sizes down to that are first
 * tried without wrapping. t->w is w (lines are centred or start in it).
 * When nothing down to 7 pt fits, fail naming the field with the lines
 * needed and the room at 7 pt.
 */
enum mb_status cover_fit(const struct plan *p, const char *field, const char *s,
			 enum mb_face face, enum align align, double w, double h, double max_pt,
			 double one_line_pt, struct text *t, struct mb_error *err);
/* one line, unwrapped, at size */
void cover_one_line(const struct plan *p, struct text *t, const char *s, enum mb_face face,
		    double size);

/* ---- cover_draw.c ---- */

/* the planned cover into l, in painting order */
void cover_draw(const struct plan *p, struct mb_draw_list *l);

#endif
