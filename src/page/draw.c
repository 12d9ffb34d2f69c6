/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Drawing lists; see include/mazebook/page/draw.h. A list is a growable array
 * of ops; text runs own a copy of their string, freed with the list.
 */
#include "config.h"
#include "mazebook/page/draw.h"

#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"

/* The Bezier handle length that draws a quarter circle of radius 1. */
#define QUARTER_K 0.5522847498307936

struct mb_draw_list *mb_draw_new(double width, double height)
{
	struct mb_draw_list *l = xcalloc(1, sizeof *l);

	l->width = width;
	l->height = height;
	return l;
}

static void free_strings(struct mb_draw_list *l)
{
	for (size_t i = 0; i < l->count; i++)
		if (l->ops[i].kind == MB_DRAW_TEXT)
			free((char *)l->ops[i].u.text.text);
}

void mb_draw_free(struct mb_draw_list *l)
{
	if (!l)
		return;
	free_strings(l);
	free(l->ops);
	free(l);
}

void mb_draw_clear(struct mb_draw_list *l, double width, double height)
{
	free_strings(l);
	l->count = 0;
	l->width = width;
	l->height = height;
}

static struct mb_draw_op *push(struct mb_draw_list *l, enum mb_draw_kind kind)
{
	struct mb_draw_op *op;

	if (l->count == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 64;
		l->ops = xreallocarray(l->ops, l->cap, sizeof *l->ops);
	}
	op = &l->ops[l->count++];
	memset(op, 0, sizeof *op);
	op->kind = kind;
	return op;
}

void mb_draw_move(struct mb_draw_list *l, double x, double y)
{
	struct mb_draw_op *op = push(l, MB_DRAW_MOVE);

	op->u.p[0] = (struct mb_point){ x, y };
}

void mb_draw_line(struct mb_draw_list *l, double x, double y)
{
	struct mb_draw_op *op = push(l, MB_DRAW_LINE);

	op->u.p[0] = (struct mb_point){ x, y };
}

void mb_draw_curve(struct mb_draw_list *l, double x1, double y1, double x2, double y2,
		   double x3, double y3)
{
	struct mb_draw_op *op = push(l, MB_DRAW_CURVE);

	op->u.p[0] = (struct mb_point){ x1, y1 };
	op->u.p[1] = (struct mb_point){ x2, y2 };
	op->u.p[2] = (struct mb_point){ x3, y3 };
}

void mb_draw_close(struct mb_draw_list *l)
{
	push(l, MB_DRAW_CLOSE);
}

void mb_draw_rect(struct mb_draw_list *l, double x, double y, double w, double h)
{
	mb_draw_move(l, x, y);
	mb_draw_line(l, x + w, y);
	mb_draw_line(l, x + w, y + h);
	mb_draw_line(l, x, y + h);
	mb_draw_close(l);
}

void mb_draw_round_rect(struct mb_draw_list *l, double x, double y, double w, double h,
			double r)
{
	double k;

	if (r > w / 2)
		r = w / 2;
	if (r > h / 2)
		r = h / 2;
	if (r <= 0) {
		mb_draw_rect(l, x, y, w, h);
		return;
	}
	k = r * QUARTER_K;
	mb_draw_move(l, x + r, y);
	mb_draw_line(l, x + w - r, y);
	mb_draw_curve(l, x + w - r + k, y, x + w, y + r - k, x + w, y + r);
	mb_draw_line(l, x + w, y + h - r);
	mb_draw_curve(l, x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h);
	mb_draw_line(l, x + r, y + h);
	mb_draw_curve(l, x + r - k, y + h, x, y + h - r + k, x, y + h - r);
	mb_draw_line(l, x, y + r);
	mb_draw_curve(l, x, y + r - k, x + r - k, y, x + r, y);
	mb_draw_close(l);
}

void mb_draw_circle(struct mb_draw_list *l, double cx, double cy, double r)
{
	double k = r * QUARTER_K;

	mb_draw_move(l, cx + r, cy);
	mb_draw_curve(l, cx + r, cy + k, cx + k, cy + r, cx, cy + r);
	mb_draw_curve(l, cx - k, cy + r, cx - r, cy + k, cx - r, cy);
	mb_draw_curve(l, cx - r, cy - k, cx - k, cy - r, cx, cy - r);
	mb_draw_curve(l, cx + k, cy - r, cx + r, cy - k, cx + r, cy);
	mb_draw_close(l);
}

void mb_draw_stroke(struct mb_draw_list *l, const struct mb_pen *pen)
{
	push(l, MB_DRAW_STROKE)->u.pen = *pen;
}

void mb_draw_fill(struct mb_draw_list *l, const struct mb_paint *paint)
{
	push(l, MB_DRAW_FILL)->u.paint = *paint;
}

void mb_draw_clip(struct mb_draw_list *l, bool even_odd)
{
	push(l, MB_DRAW_CLIP)->u.paint.even_odd = even_odd;
}

void mb_draw_save(struct mb_draw_list *l)
{
	push(l, MB_DRAW_SAVE);
}

void mb_draw_restore(struct mb_draw_list *l)
{
	push(l, MB_DRAW_RESTORE);
}

void mb_draw_text(struct mb_draw_list *l, const struct mb_text_run *run)
{
	struct mb_draw_op *op = push(l, MB_DRAW_TEXT);

	op->u.text = *run;
	op->u.text.text = xstrdup(run->text ? run->text : "");
}

void mb_draw_image(struct mb_draw_list *l, int id, double x, double y, double w, double h)
{
	push(l, MB_DRAW_IMAGE)->u.image = (struct mb_draw_image){ id, x, y, w, h };
}

void mb_draw_transform(struct mb_draw_list *l, const struct mb_matrix *m)
{
	push(l, MB_DRAW_TRANSFORM)->u.matrix = *m;
}

void mb_draw_append(struct mb_draw_list *dst, const struct mb_draw_list *src, double dx,
		    double dy)
{
	/* the SAVE depth at which the first transform took effect, or -1: inside it nothing moves */
	int depth = 0, local_from = -1;

	for (size_t i = 0; i < src->count; i++) {
		const struct mb_draw_op *s = &src->ops[i];
		struct mb_draw_op *d = push(dst, s->kind);

		*d = *s;
		if (s->kind == MB_DRAW_SAVE) {
			depth++;
			continue;
		}
		if (s->kind == MB_DRAW_RESTORE) {
			if (local_from == depth)
				local_from = -1;
			depth--;
			continue;
		}
		if (local_from >= 0) {
			if (s->kind == MB_DRAW_TEXT)
				d->u.text.text = xstrdup(s->u.text.text);
			continue;
		}
		switch (s->kind) {
		case MB_DRAW_TRANSFORM:
			d->u.matrix.e += dx;
			d->u.matrix.f += dy;
			local_from = depth;
			break;
		case MB_DRAW_MOVE:
		case MB_DRAW_LINE:
		case MB_DRAW_CURVE:
			for (int k = 0; k < 3; k++) {
				d->u.p[k].x += dx;
				d->u.p[k].y += dy;
			}
			break;
		case MB_DRAW_TEXT:
			d->u.text.x += dx;
			d->u.text.y += dy;
			d->u.text.text = xstrdup(s->u.text.text);
			break;
		case MB_DRAW_IMAGE:
			d->u.image.x += dx;
			d->u.image.y += dy;
			break;
		default:
			break;
		}
	}
}
