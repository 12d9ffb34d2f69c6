/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Drawing lists as SVG; see include/mazebook/page/draw_svg.h. Numbers are
 * written in at most five decimals without trailing zeros, as the PDF
 * writer writes them; colours as #rrggbb.
 */
#include "config.h"
#include "mazebook/page/draw_svg.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"

struct out {
	char *p;
	size_t len, cap;
};

static void put(struct out *o, const char *s, size_t n)
{
	if (o->len + n + 1 > o->cap) {
		o->cap = (o->len + n + 1) * 2 + 256;
		o->p = xrealloc(o->p, o->cap);
	}
	memcpy(o->p + o->len, s, n);
	o->len += n;
	o->p[o->len] = '\0';
}

static void puts_(struct out *o, const char *s)
{
	put(o, s, strlen(s));
}

static void num(struct out *o, double v)
{
	char b[48];
	int n = snprintf(b, sizeof(b), "%.5f", v);

	while (n > 0 && b[n - 1] == '0')
		n--;
	if (n > 0 && b[n - 1] == '.')
		n--;
	if (n == 0 || (n == 2 && !strncmp(b, "-0", 2)))
		put(o, "0", 1);
	else
		put(o, b, (size_t)n);
}

/* name="value" with a number */
static void attr_num(struct out *o, const char *name, double v)
{
	put(o, " ", 1);
	puts_(o, name);
	put(o, "=\"", 2);
	num(o, v);
	put(o, "\"", 1);
}

static void attr_rgb(struct out *o, const char *name, uint32_t rgb)
{
	char b[16];

	snprintf(b, sizeof(b), "#%06x", (unsigned)(rgb & 0xffffff));
	put(o, " ", 1);
	puts_(o, name);
	put(o, "=\"", 2);
	puts_(o, b);
	put(o, "\"", 1);
}

/* text with XML's five specials escaped */
static void escaped(struct out *o, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': puts_(o, "&amp;"); break;
		case '<': puts_(o, "&lt;"); break;
		case '>': puts_(o, "&gt;"); break;
		case '"': puts_(o, "&quot;"); break;
		case '\'': puts_(o, "&apos;"); break;
		default: put(o, s, 1);
		}
	}
}

static void pen_attrs(struct out *o, const struct mb_pen *pen)
{
	static const char *const caps[] = { "butt", "round", "square" };
	static const char *const joins[] = { "miter", "round", "bevel" };

	puts_(o, " fill=\"none\"");
	attr_rgb(o, "stroke", pen->rgb);
	attr_num(o, "stroke-width", pen->width);
	if (pen->cap != MB_CAP_BUTT) {
		puts_(o, " stroke-linecap=\"");
		puts_(o, caps[pen->cap]);
		put(o, "\"", 1);
	}
	if (pen->join != MB_JOIN_MITER) {
		puts_(o, " stroke-linejoin=\"");
		puts_(o, joins[pen->join]);
		put(o, "\"", 1);
	}
	if (mb_draw_alpha(pen->alpha) < 1)
		attr_num(o, "stroke-opacity", pen->alpha);
	if (pen->ndash > 0) {
		puts_(o, " stroke-dasharray=\"");
		for (int i = 0; i < pen->ndash && i < MB_DASH_MAX; i++) {
			if (i)
				put(o, " ", 1);
			num(o, pen->dash[i]);
		}
		put(o, "\"", 1);
		if (pen->dash_phase != 0)
			attr_num(o, "stroke-dashoffset", pen->dash_phase);
	}
}

/* the path ops[from..to) as SVG path data */
static void path_data(struct out *o, const struct mb_draw_op *ops, size_t from, size_t to)
{
	static const char letter[] = { [MB_DRAW_MOVE] = 'M', [MB_DRAW_LINE] = 'L',
				       [MB_DRAW_CURVE] = 'C', [MB_DRAW_CLOSE] = 'Z' };

	for (size_t i = from; i < to; i++) {
		int points = ops[i].kind == MB_DRAW_CURVE ? 3 : ops[i].kind == MB_DRAW_CLOSE ? 0 : 1;

		put(o, &letter[ops[i].kind], 1);
		for (int k = 0; k < points; k++) {
			if (k)
				put(o, " ", 1);
			num(o, ops[i].u.p[k].x);
			put(o, " ", 1);
			num(o, ops[i].u.p[k].y);
		}
	}
}

/* does the path consist of MOVE/LINE pairs only (a maze's runs)? */
static bool only_segments(const struct mb_draw_op *ops, size_t from, size_t to)
{
	if ((to - from) % 2)
		return false;
	for (size_t i = from; i < to; i += 2)
		if (ops[i].kind != MB_DRAW_MOVE || ops[i + 1].kind != MB_DRAW_LINE)
			return false;
	return true;
}

/* is the path one MOVE and then LINEs (a route)? */
static bool one_polyline(const struct mb_draw_op *ops, size_t from, size_t to)
{
	if (to - from < 3 || ops[from].kind != MB_DRAW_MOVE)
		return false;
	for (size_t i = from + 1; i < to; i++)
		if (ops[i].kind != MB_DRAW_LINE)
			return false;
	return true;
}

static void stroke(struct out *o, const struct mb_draw_op *ops, size_t from, size_t to,
		   const struct mb_pen *pen)
{
	if (only_segments(ops, from, to)) {
		puts_(o, "<g");
		pen_attrs(o, pen);
		puts_(o, ">\n");
		for (size_t i = from; i < to; i += 2) {
			puts_(o, "<line");
			attr_num(o, "x1", ops[i].u.p[0].x);
			attr_num(o, "y1", ops[i].u.p[0].y);
			attr_num(o, "x2", ops[i + 1].u.p[0].x);
			attr_num(o, "y2", ops[i + 1].u.p[0].y);
			puts_(o, "/>\n");
		}
		puts_(o, "</g>\n");
		return;
	}
	if (one_polyline(ops, from, to)) {
		puts_(o, "<polyline");
		pen_attrs(o, pen);
		puts_(o, " points=\"");
		for (size_t i = from; i < to; i++) {
			if (i > from)
				put(o, " ", 1);
			num(o, ops[i].u.p[0].x);
			put(o, ",", 1);
			num(o, ops[i].u.p[0].y);
		}
		puts_(o, "\"/>\n");
		return;
	}
	puts_(o, "<path d=\"");
	path_data(o, ops, from, to);
	put(o, "\"", 1);
	pen_attrs(o, pen);
	puts_(o, "/>\n");
}

static void fill(struct out *o, const struct mb_draw_op *ops, size_t from, size_t to,
		 const struct mb_paint *paint)
{
	puts_(o, "<path d=\"");
	path_data(o, ops, from, to);
	put(o, "\"", 1);
	attr_rgb(o, "fill", paint->rgb);
	if (paint->even_odd)
		puts_(o, " fill-rule=\"evenodd\"");
	if (mb_draw_alpha(paint->alpha) < 1)
		attr_num(o, "fill-opacity", paint->alpha);
	puts_(o, "/>\n");
}

static void text(struct out *o, const struct mb_text_run *t, const char *family)
{
	puts_(o, "<text");
	attr_num(o, "x", t->x);
	attr_num(o, "y", t->y);
	puts_(o, " font-family=\"");
	escaped(o, family);
	put(o, "\"", 1);
	attr_num(o, "font-size", t->size);
	if (t->face == MB_FACE_BOLD)
		puts_(o, " font-weight=\"bold\"");
	attr_rgb(o, "fill", t->rgb);
	if (mb_draw_alpha(t->alpha) < 1)
		attr_num(o, "fill-opacity", t->alpha);
	if (t->outline > 0) {
		attr_rgb(o, "stroke", t->outline_rgb);
		attr_num(o, "stroke-width", t->outline);
		puts_(o, " paint-order=\"stroke\"");
	}
	if (t->angle_deg != 0) {
		/* SVG's rotate() turns clockwise in its y-down space, as the list does */
		puts_(o, " transform=\"rotate(");
		num(o, t->angle_deg);
		put(o, " ", 1);
		num(o, t->x);
		put(o, " ", 1);
		num(o, t->y);
		puts_(o, ")\"");
	}
	put(o, ">", 1);
	escaped(o, t->text);
	puts_(o, "</text>\n");
}

/* the XML declaration and the <svg> element, l's size in px_per_unit pixels */
static void svg_open(struct out *o, const struct mb_draw_list *l, double px_per_unit)
{
	puts_(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		 "<svg xmlns=\"http://www.w3.org/2000/svg\"");
	attr_num(o, "width", l->width * px_per_unit);
	attr_num(o, "height", l->height * px_per_unit);
	puts_(o, " viewBox=\"0 0 ");
	num(o, l->width);
	put(o, " ", 1);
	num(o, l->height);
	puts_(o, "\">\n");
}

/*
 * A CLIP: clip path number n from the path ops[from..to) (ops NULL: no
 * path, an empty clip), and the <g> it opens (closed at its RESTORE).
 */
static void clip_group(struct out *o, int n, const struct mb_draw_op *ops, size_t from,
		       size_t to, bool even_odd)
{
	char id[32];

	snprintf(id, sizeof(id), "clip%d", n);
	puts_(o, "<clipPath id=\"");
	puts_(o, id);
	puts_(o, "\"><path d=\"");
	if (ops)
		path_data(o, ops, from, to);
	put(o, "\"", 1);
	if (even_odd)
		puts_(o, " clip-rule=\"evenodd\"");
	puts_(o, "/></clipPath>\n<g clip-path=\"url(#");
	puts_(o, id);
	puts_(o, ")\">\n");
}

/* a TRANSFORM: the <g> it opens (closed at its RESTORE) */
static void transform_group(struct out *o, const struct mb_matrix *m)
{
	double v[6] = { m->a, m->b, m->c, m->d, m->e, m->f };

	puts_(o, "<g transform=\"matrix(");
	for (int k = 0; k < 6; k++) {
		if (k)
			put(o, " ", 1);
		num(o, v[k]);
	}
	puts_(o, ")\">\n");
}

char *mb_draw_svg(const struct mb_draw_list *l, double px_per_unit, const char *font_family,
		  struct mb_error *err)
{
	struct out o = { 0 };
	/* per SAVE level, how many <g> it opened (for its TRANSFORMs and CLIPs) */
	int *open = xcalloc(1, sizeof(*open)), depth = 0, clips = 0;
	size_t path = 0;
	bool in_path = false;

	for (size_t i = 0; i < l->count; i++)
		if (l->ops[i].kind == MB_DRAW_IMAGE) {
			free(open);
			mb_error_set(err, MB_ERR_INPUT,
				     "an SVG drawing holds no pictures (picture %d asked for)",
				     l->ops[i].u.image.id);
			return NULL;
		}
	svg_open(&o, l, px_per_unit);
	for (size_t i = 0; i < l->count; i++) {
		const struct mb_draw_op *op = &l->ops[i];

		switch (op->kind) {
		case MB_DRAW_MOVE:
		case MB_DRAW_LINE:
		case MB_DRAW_CURVE:
		case MB_DRAW_CLOSE:
			if (!in_path)
				path = i;
			in_path = true;
			break;
		case MB_DRAW_STROKE:
			if (in_path)
				stroke(&o, l->ops, path, i, &op->u.pen);
			in_path = false;
			break;
		case MB_DRAW_FILL:
			if (in_path)
				fill(&o, l->ops, path, i, &op->u.paint);
			in_path = false;
			break;
		case MB_DRAW_CLIP:
			clip_group(&o, ++clips, in_path ? l->ops : NULL, path, i, op->u.paint.even_odd);
			open[depth]++;
			in_path = false;
			break;
		case MB_DRAW_SAVE:
			depth++;
			open = xreallocarray(open, (size_t)depth + 1, sizeof(*open));
			open[depth] = 0;
			break;
		case MB_DRAW_RESTORE:
			if (depth == 0)
				BUG("a RESTORE without its SAVE");
			while (open[depth]-- > 0)
				puts_(&o, "</g>\n");
			depth--;
			break;
		case MB_DRAW_TRANSFORM:
			transform_group(&o, &op->u.matrix);
			open[depth]++;
			break;
		case MB_DRAW_TEXT:
			text(&o, &op->u.text, font_family ? font_family : "sans-serif");
			break;
		case MB_DRAW_IMAGE:
			break;	/* refused above */
		}
	}
	if (depth != 0)
		BUG("a drawing list ends %d SAVEs deep", depth);
	while (open[0]-- > 0)
		puts_(&o, "</g>\n");
	puts_(&o, "</svg>\n");
	free(open);
	return o.p;
}
