/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * A drawing list replayed into a libharu page; see draw_hpdf.h. Choices:
 *  - paths and graphics state go straight into the page's content stream:
 *    libharu's path calls clear a 512-byte buffer byte by byte and print
 *    five decimals for every point, which for a book's walls (a hundred
 *    thousand runs) was most of the interior's time and, compressed, most
 *    of its bytes; whole numbers and halves (a maze's grid units) are
 *    written in as few digits as they take;
 *  - state is written only where it changes, tracked per SAVE level, so
 *    a page says "1 J" once, not once per stroke;
 *  - text goes through libharu (BT, Tf, Td, Tj, ET), so the embedded
 *    font subsets the glyphs used; nothing else does, so libharu's idea
 *    of the graphics state is never relied on;
 *  - a pen's width is written so that, scaled by the transforms as they
 *    are written (five decimals), the line is never thinner than the list
 *    asks: KDP's least line weight holds after rounding.
 */
#include "config.h"

#include "draw_hpdf.h"

#include <hpdf_pages.h>	/* the page's content stream */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"

/* ---- measuring ---- */

static HPDF_Font face_font(const struct mb_hpdf_fonts *f, enum mb_face face)
{
	return face == MB_FACE_BOLD ? f->bold : f->regular;
}

static void lock_fonts(const struct mb_hpdf_fonts *f)
{
	if (f->lock)
		pthread_mutex_lock(f->lock);
}

static void unlock_fonts(const struct mb_hpdf_fonts *f)
{
	if (f->lock)
		pthread_mutex_unlock(f->lock);
}

/* as HPDF_Page_TextWidth computes it (no character or word spacing), in its float */
static double hpdf_width(void *ctx, enum mb_face face, double size, const char *utf8,
			 size_t len)
{
	const struct mb_hpdf_fonts *fonts = ctx;
	HPDF_Font font = face_font(fonts, face);
	HPDF_TextWidth tw;
	HPDF_REAL w = 0;

	if (!font)
		BUG("text measured in a face that is not loaded");
	lock_fonts(fonts);
	tw = HPDF_Font_TextWidth(font, (const HPDF_BYTE *)utf8, (HPDF_UINT)len);
	unlock_fonts(fonts);
	w += tw.width * (HPDF_REAL)size / 1000;
	return w;
}

static void hpdf_extents(void *ctx, enum mb_face face, double *ascent, double *descent,
			 double *cap_height)
{
	const struct mb_hpdf_fonts *fonts = ctx;
	HPDF_Font font = face_font(fonts, face);

	if (!font)
		BUG("text measured in a face that is not loaded");
	lock_fonts(fonts);
	*ascent = HPDF_Font_GetAscent(font) / 1000.0;
	*descent = -HPDF_Font_GetDescent(font) / 1000.0;
	*cap_height = HPDF_Font_GetCapHeight(font) / 1000.0;
	unlock_fonts(fonts);
}

void mb_hpdf_metrics_init(struct mb_text_metrics *out, const struct mb_hpdf_fonts *fonts)
{
	out->ctx = (void *)fonts;
	out->width = hpdf_width;
	out->extents = hpdf_extents;
}

/* ---- content bytes ---- */

struct content {
	char *p;
	size_t len, cap;
};

static void put(struct content *c, const char *s, size_t n)
{
	if (c->len + n > c->cap) {
		c->cap = (c->len + n) * 2 + 256;
		c->p = xrealloc(c->p, c->cap);
	}
	memcpy(c->p + c->len, s, n);
	c->len += n;
}

static void put_str(struct content *c, const char *s)
{
	put(c, s, strlen(s));
}

static void put_long(struct content *c, long v)
{
	char digits[24];
	int n = 0;
	unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;

	do
		digits[sizeof(digits) - 1 - n++] = (char)('0' + u % 10);
	while ((u /= 10) > 0);
	if (v < 0)
		digits[sizeof(digits) - 1 - n++] = '-';
	put(c, digits + sizeof(digits) - n, (size_t)n);
}

/* the value put_num writes for v, as a reader parses it back */
static double as_written(double v)
{
	return round(v * 1e5) / 1e5;
}

/*
 * A number in at most five decimals, no trailing zeros (as libharu writes
 * them), rounded as as_written rounds it, written backwards to end from
 * the integer round(v * 1e5) rather than by printf: a book's walls are
 * millions of numbers, and "%.5f" was a third of the interior's time.
 * Returns where it starts (at most NUM_MAX bytes before end).
 */
#define NUM_MAX 32

static char *num_before(char *end, double v)
{
	char *p = end;
	double scaled;
	unsigned long long u;
	int frac;

	/* a whole number (a graph maze's fine units, nearly every number): its digits */
	if (fabs(v) < 1e9 && v == (double)(long long)v) {	/* (NaN fails the first test) */
		long long whole = (long long)v;

		u = whole < 0 ? 0ULL - (unsigned long long)whole : (unsigned long long)whole;
		do
			*--p = (char)('0' + u % 10);
		while ((u /= 10) > 0);
		if (whole < 0)
			*--p = '-';
		return p;
	}
	scaled = round(v * 1e5);
	if (!(fabs(scaled) < 9e18)) {
		/* out of an integer's range (no page is that big): as printf writes it */
		char digits[NUM_MAX];
		int n = snprintf(digits, sizeof(digits), "%.0f", v);

		n = n < 0 ? 0 : n >= NUM_MAX ? NUM_MAX - 1 : n;
		memcpy(p - n, digits, (size_t)n);
		return p - n;
	}
	if (scaled == 0) {
		*--p = '0';	/* never "-0" */
		return p;
	}
	u = (unsigned long long)fabs(scaled);
	frac = (int)(u % 100000);
	u /= 100000;
	if (frac) {
		int n = 5;

		while (frac % 10 == 0) {
			frac /= 10;
			n--;
		}
		while (n-- > 0) {
			*--p = (char)('0' + frac % 10);
			frac /= 10;
		}
		*--p = '.';
	}
	do
		*--p = (char)('0' + u % 10);
	while ((u /= 10) > 0);
	if (scaled < 0)
		*--p = '-';
	return p;
}

static void put_num(struct content *c, double v)
{
	char digits[NUM_MAX], *end = digits + sizeof(digits);
	char *p = num_before(end, v);

	put(c, p, (size_t)(end - p));
}

/* "x y" and op (a few bytes) in one go: a path's points are most of a page */
static void put_xy(struct content *c, double x, double y, const char *op)
{
	char buf[2 * NUM_MAX + 8], *end = buf + 2 * NUM_MAX + 1, *p;
	size_t n = strlen(op);

	p = num_before(end, y);
	*--p = ' ';
	p = num_before(p, x);
	memcpy(end, op, n);
	put(c, p, (size_t)(end - p) + n);
}

/* a colour as DeviceGray when its channels agree, else DeviceRGB; op is "G"/"RG" or "g"/"rg" */
static void put_colour(struct content *c, uint32_t rgb, bool stroke)
{
	unsigned r = (rgb >> 16) & 0xff, g = (rgb >> 8) & 0xff, b = rgb & 0xff;

	if (r == g && g == b) {
		put_num(c, r / 255.0);
		put_str(c, stroke ? " G\n" : " g\n");
		return;
	}
	put_num(c, r / 255.0);
	put(c, " ", 1);
	put_num(c, g / 255.0);
	put(c, " ", 1);
	put_num(c, b / 255.0);
	put_str(c, stroke ? " RG\n" : " rg\n");
}

/* ---- replay ---- */

/* what the PDF's graphics state holds at one SAVE level, as written */
struct gstate {
	bool local;		/* under a TRANSFORM: points are written as they are */
	double true_scale;	/* the transforms' uniform scale (0: not uniform) */
	double written_scale;	/* the same scale as the numbers written give it */
	double width;
	enum mb_cap cap;
	enum mb_join join;
	uint32_t stroke_rgb, fill_rgb;
	int ndash;
	double dash[MB_DASH_MAX], dash_phase;
	HPDF_Font font;
	HPDF_REAL font_size;
	HPDF_TextRenderingMode render;
};

struct replay {
	HPDF_Page page;
	const struct mb_draw_list *l;
	const struct mb_hpdf_fonts *fonts;
	struct mb_error *err;
	struct content c;
	bool take;		/* the content is returned, not left in the page's stream */
	struct gstate *stack;
	int depth, cap;
	bool failed;
	/* the font libharu believes set: it encodes text with it, whatever a Q restored */
	HPDF_Font hpdf_font;
	HPDF_REAL hpdf_size;
	/* the figures found (take only), and the local path being written: where it began and its box */
	struct mb_hpdf_figures *figures;
	bool in_figure;
	size_t figure_at;
	double figure_box[4];
};

/* the PDF's initial graphics state (ISO 32000-1, 8.4) */
static const struct gstate initial = {
	.true_scale = 1, .written_scale = 1, .width = 1, .cap = MB_CAP_BUTT,
	.join = MB_JOIN_MITER, .render = HPDF_FILL,
};

static struct gstate *top(struct replay *r)
{
	return &r->stack[r->depth];
}

/* the content so far into the page's stream (before libharu writes text) */
static void flush(struct replay *r)
{
	HPDF_PageAttr attr = (HPDF_PageAttr)r->page->attr;

	if (!r->c.len || r->failed || r->take)
		return;
	if (attr->gmode != HPDF_GMODE_PAGE_DESCRIPTION)
		BUG("raw content inside a text object or a path");
	if (HPDF_Stream_Write(attr->stream, (const HPDF_BYTE *)r->c.p, (HPDF_UINT)r->c.len) !=
	    HPDF_OK)
		r->failed = true;
	r->c.len = 0;
}

static void point(struct replay *r, const struct mb_point *p, const char *op)
{
	if (r->in_figure) {
		double *b = r->figure_box;

		b[0] = p->x < b[0] ? p->x : b[0];
		b[1] = p->y < b[1] ? p->y : b[1];
		b[2] = p->x > b[2] ? p->x : b[2];
		b[3] = p->y > b[3] ? p->y : b[3];
	}
	put_xy(&r->c, p->x, top(r)->local ? p->y : r->l->height - p->y, op);
}

/* a path in local units begins: it may be a figure (after its state, which stays outside it) */
static void figure_begin(struct replay *r)
{
	r->in_figure = r->figures && top(r)->local;
	r->figure_at = r->c.len;
	r->figure_box[0] = r->figure_box[1] = INFINITY;
	r->figure_box[2] = r->figure_box[3] = -INFINITY;
}

/*
 * The path painted (its operator written), with a pen of width (0: a
 * fill): a figure when long enough. Its box grows by what a pen inks
 * beyond the points: half its width, or at a mitred corner up to the
 * miter limit's 10 times that (ISO 32000-1, 8.4.3.5), taken whole.
 */
static void figure_end(struct replay *r, double width)
{
	struct mb_hpdf_figures *f = r->figures;
	struct mb_hpdf_figure *fig;
	double grow = 5 * width + 1, *b = r->figure_box;

	/* (the box is written as whole numbers: it must stay in a PDF integer's range) */
	if (!r->in_figure || r->c.len - r->figure_at < MB_HPDF_FIGURE_MIN || !(b[2] >= b[0]) ||
	    !(fmax(fabs(b[0]), fabs(b[2])) + grow < 2e9) || !(fmax(fabs(b[1]), fabs(b[3])) + grow < 2e9))
		goto done;
	if (f->count == f->cap) {
		f->cap = f->cap ? 2 * f->cap : 4;
		f->v = xreallocarray(f->v, f->cap, sizeof(*f->v));
	}
	fig = &f->v[f->count++];
	fig->at = r->figure_at;
	fig->len = r->c.len - r->figure_at;
	fig->box[0] = floor(b[0] - grow);
	fig->box[1] = floor(b[1] - grow);
	fig->box[2] = ceil(b[2] + grow);
	fig->box[3] = ceil(b[3] + grow);
done:
	r->in_figure = false;
}

static void transform(struct replay *r, const struct mb_matrix *m)
{
	struct gstate *g = top(r);
	double v[6] = { m->a, m->b, m->c, m->d, m->e, m->f };

	if (r->depth == 0)
		BUG("a TRANSFORM outside any SAVE");
	if (!g->local) {
		/* the list's y runs down the page: fold the flip into the first transform */
		v[1] = -m->b;
		v[3] = -m->d;
		v[5] = r->l->height - m->f;
	}
	for (int i = 0; i < 6; i++) {
		put_num(&r->c, v[i]);
		put(&r->c, " ", 1);
	}
	put_str(&r->c, "cm\n");
	if (m->b == 0 && m->c == 0 && fabs(m->a) == fabs(m->d) && m->a != 0) {
		g->true_scale *= fabs(m->a);
		g->written_scale *= fabs(as_written(m->a));
	} else {
		g->true_scale = g->written_scale = 0;
	}
	g->local = true;
}

/* the width to write for a pen of width w: scaled as written, at least w as meant */
static double written_width(const struct gstate *g, double w)
{
	double target, v;

	if (!(g->true_scale > 0) || !(g->written_scale > 0))
		return w;
	target = w * g->true_scale / g->written_scale;
	v = as_written(target);
	if (v * g->written_scale < w * g->true_scale)
		v = ceil(target * 1e5 + 0.05) / 1e5;
	return v;
}

static void stroke_state(struct replay *r, const struct mb_pen *pen)
{
	struct gstate *g = top(r);
	double width = written_width(g, pen->width);
	bool dash_same = pen->ndash == g->ndash && pen->dash_phase == g->dash_phase;

	for (int i = 0; dash_same && i < pen->ndash; i++)
		dash_same = pen->dash[i] == g->dash[i];
	if (width != g->width) {
		put_num(&r->c, width);
		put_str(&r->c, " w\n");
		g->width = width;
	}
	if (pen->cap != g->cap) {
		put_long(&r->c, pen->cap);	/* MB_CAP_* are PDF's 0, 1, 2 */
		put_str(&r->c, " J\n");
		g->cap = pen->cap;
	}
	if (pen->join != g->join) {
		put_long(&r->c, pen->join);	/* as are MB_JOIN_* */
		put_str(&r->c, " j\n");
		g->join = pen->join;
	}
	if (!dash_same) {
		put(&r->c, "[", 1);
		for (int i = 0; i < pen->ndash && i < MB_DASH_MAX; i++) {
			if (i)
				put(&r->c, " ", 1);
			put_num(&r->c, pen->dash[i]);
			g->dash[i] = pen->dash[i];
		}
		put(&r->c, "] ", 2);
		put_num(&r->c, pen->dash_phase);
		put_str(&r->c, " d\n");
		g->ndash = pen->ndash;
		g->dash_phase = pen->dash_phase;
	}
	if (pen->rgb != g->stroke_rgb) {
		put_colour(&r->c, pen->rgb, true);
		g->stroke_rgb = pen->rgb;
	}
}

static void fill_colour(struct replay *r, uint32_t rgb)
{
	if (rgb != top(r)->fill_rgb) {
		put_colour(&r->c, rgb, false);
		top(r)->fill_rgb = rgb;
	}
}

static enum mb_status refuse(struct replay *r, const char *what)
{
	return mb_error_set(r->err, MB_ERR_INTERNAL,
			    "the interior cannot print %s (a black-and-white PDF page without "
			    "transparency or pictures was asked for)",
			    what);
}

static enum mb_status text_locked(struct replay *r, const struct mb_text_run *t)
{
	struct gstate *g = top(r);
	HPDF_Font font = face_font(r->fonts, t->face);
	HPDF_TextRenderingMode mode = t->outline > 0 ? HPDF_FILL_THEN_STROKE : HPDF_FILL;

	if (!font)
		return refuse(r, "text in a face it has not loaded");
	if (mb_draw_alpha(t->alpha) < 1)
		return refuse(r, "translucent text");
	fill_colour(r, t->rgb);
	if (t->outline > 0) {
		struct mb_pen pen = { .width = t->outline, .rgb = t->outline_rgb,
				      .cap = g->cap, .join = MB_JOIN_ROUND,
				      .ndash = 0 };

		stroke_state(r, &pen);
	}
	flush(r);
	if (font != g->font || (HPDF_REAL)t->size != g->font_size || font != r->hpdf_font ||
	    (HPDF_REAL)t->size != r->hpdf_size) {
		HPDF_Page_SetFontAndSize(r->page, font, (HPDF_REAL)t->size);
		g->font = r->hpdf_font = font;
		g->font_size = r->hpdf_size = (HPDF_REAL)t->size;
	}
	if (mode != g->render) {
		HPDF_Page_SetTextRenderingMode(r->page, mode);
		g->render = mode;
	}
	HPDF_Page_BeginText(r->page);
	if (t->angle_deg != 0) {
		/*
		 * Turned clockwise as seen on the page: the baseline runs along
		 * (cos, sin) in the list's y-down units, the glyphs' up is a
		 * quarter turn before it. In page units (y up) both flip in y.
		 */
		double a = t->angle_deg * M_PI / 180, c = cos(a), s = sin(a);

		if (g->local)
			HPDF_Page_SetTextMatrix(r->page, (HPDF_REAL)c, (HPDF_REAL)s, (HPDF_REAL)s,
						(HPDF_REAL)-c, (HPDF_REAL)t->x, (HPDF_REAL)t->y);
		else
			HPDF_Page_SetTextMatrix(r->page, (HPDF_REAL)c, (HPDF_REAL)-s,
						(HPDF_REAL)s, (HPDF_REAL)c, (HPDF_REAL)t->x,
						(HPDF_REAL)(r->l->height - t->y));
		HPDF_Page_ShowText(r->page, t->text);
	} else if (g->local) {
		/* the local units run y down: set the glyphs upright again */
		HPDF_Page_SetTextMatrix(r->page, 1, 0, 0, -1, (HPDF_REAL)t->x, (HPDF_REAL)t->y);
		HPDF_Page_ShowText(r->page, t->text);
	} else {
		HPDF_Page_TextOut(r->page, (HPDF_REAL)t->x, (HPDF_REAL)(r->l->height - t->y),
				  t->text);
	}
	HPDF_Page_EndText(r->page);
	return MB_OK;
}

/*
 * What libharu wrote for a text run, out of the page's stream onto the
 * content (r->take): the stream holds nothing else, and libharu copies a
 * byte at a time, so a page's walls never pass through it.
 */
static void take_text(struct replay *r)
{
	HPDF_PageAttr attr = (HPDF_PageAttr)r->page->attr;
	HPDF_UINT size = HPDF_Stream_Size(attr->stream), got = size;

	if (!size || r->failed)
		return;
	if (r->c.len + size > r->c.cap) {
		r->c.cap = (r->c.len + size) * 2 + 256;
		r->c.p = xrealloc(r->c.p, r->c.cap);
	}
	if (HPDF_Stream_Seek(attr->stream, 0, HPDF_SEEK_SET) != HPDF_OK ||
	    HPDF_Stream_Read(attr->stream, (HPDF_BYTE *)r->c.p + r->c.len, &got) != HPDF_OK ||
	    got != size) {
		r->failed = true;
		return;
	}
	r->c.len += size;
	HPDF_MemStream_FreeData(attr->stream);
}

/* a text run, the fonts held (another thread may be measuring with them) */
static enum mb_status text(struct replay *r, const struct mb_text_run *t)
{
	enum mb_status st;

	lock_fonts(r->fonts);
	st = text_locked(r, t);
	if (st == MB_OK && r->take)
		take_text(r);
	unlock_fonts(r->fonts);
	return st;
}

/* the op that paints the path starting at ops[i] */
static const struct mb_draw_op *painter(const struct mb_draw_list *l, size_t i)
{
	for (; i < l->count; i++) {
		enum mb_draw_kind k = l->ops[i].kind;

		if (k == MB_DRAW_STROKE || k == MB_DRAW_FILL || k == MB_DRAW_CLIP)
			return &l->ops[i];
		if (k != MB_DRAW_MOVE && k != MB_DRAW_LINE && k != MB_DRAW_CURVE &&
		    k != MB_DRAW_CLOSE)
			break;
	}
	BUG("a path in a drawing list that nothing paints (op %zu)", i);
}

static enum mb_status replay_op(struct replay *r, size_t i, bool *in_path)
{
	const struct mb_draw_op *op = &r->l->ops[i];
	const struct mb_draw_op *paint;

	switch (op->kind) {
	case MB_DRAW_MOVE:
	case MB_DRAW_LINE:
	case MB_DRAW_CURVE:
	case MB_DRAW_CLOSE:
		if (!*in_path) {
			paint = painter(r->l, i);
			if (paint->kind == MB_DRAW_STROKE) {
				if (mb_draw_alpha(paint->u.pen.alpha) < 1)
					return refuse(r, "a translucent line");
				stroke_state(r, &paint->u.pen);
			} else if (paint->kind == MB_DRAW_FILL) {
				if (mb_draw_alpha(paint->u.paint.alpha) < 1)
					return refuse(r, "a translucent fill");
				fill_colour(r, paint->u.paint.rgb);
			}
			if (paint->kind != MB_DRAW_CLIP)
				figure_begin(r);
			*in_path = true;
		}
		if (op->kind == MB_DRAW_MOVE) {
			point(r, &op->u.p[0], " m\n");
		} else if (op->kind == MB_DRAW_LINE) {
			point(r, &op->u.p[0], " l\n");
		} else if (op->kind == MB_DRAW_CURVE) {
			point(r, &op->u.p[0], " ");
			point(r, &op->u.p[1], " ");
			point(r, &op->u.p[2], " c\n");
		} else {
			put_str(&r->c, "h\n");
		}
		break;
	case MB_DRAW_STROKE:
		put_str(&r->c, "S\n");
		figure_end(r, top(r)->width);
		*in_path = false;
		break;
	case MB_DRAW_FILL:
		put_str(&r->c, op->u.paint.even_odd ? "f*\n" : "f\n");
		figure_end(r, 0);
		*in_path = false;
		break;
	case MB_DRAW_CLIP:
		put_str(&r->c, op->u.paint.even_odd ? "W* n\n" : "W n\n");
		*in_path = false;
		break;
	case MB_DRAW_SAVE:
		if (r->depth + 1 == r->cap) {
			r->cap *= 2;
			r->stack = xreallocarray(r->stack, (size_t)r->cap, sizeof(*r->stack));
		}
		r->stack[r->depth + 1] = r->stack[r->depth];
		r->depth++;
		put_str(&r->c, "q\n");
		break;
	case MB_DRAW_RESTORE:
		if (r->depth == 0)
			BUG("a RESTORE without its SAVE");
		r->depth--;
		put_str(&r->c, "Q\n");
		break;
	case MB_DRAW_TRANSFORM:
		transform(r, &op->u.matrix);
		break;
	case MB_DRAW_TEXT:
		return text(r, &op->u.text);
	case MB_DRAW_IMAGE:
		return refuse(r, "a picture");
	}
	return MB_OK;
}

static enum mb_status replay(struct replay *r)
{
	enum mb_status st = MB_OK;
	bool in_path = false;

	r->stack = xmallocarray((size_t)r->cap, sizeof(*r->stack));
	r->stack[0] = initial;
	for (size_t i = 0; i < r->l->count && st == MB_OK && !r->failed; i++)
		st = replay_op(r, i, &in_path);
	if (st == MB_OK && r->depth != 0)
		BUG("a drawing list ends %d SAVEs deep", r->depth);
	if (st == MB_OK)
		flush(r);
	if (st == MB_OK && r->failed)
		st = mb_error_set(r->err, MB_ERR_INTERNAL, "libharu could not take a page's content");
	free(r->stack);
	return st;
}

enum mb_status mb_hpdf_replay(HPDF_Page page, const struct mb_draw_list *l,
			      const struct mb_hpdf_fonts *fonts, struct mb_error *err)
{
	struct replay r = { .page = page, .l = l, .fonts = fonts, .err = err, .cap = 8 };
	enum mb_status st = replay(&r);

	free(r.c.p);
	return st;
}

enum mb_status mb_hpdf_replay_take(HPDF_Page page, const struct mb_draw_list *l,
				   const struct mb_hpdf_fonts *fonts, char **content, size_t *len,
				   struct mb_hpdf_figures *figures, struct mb_error *err)
{
	struct replay r = { .page = page, .l = l, .fonts = fonts, .err = err, .cap = 8,
			    .take = true, .figures = figures };
	enum mb_status st;

	if (figures)
		figures->count = 0;
	st = replay(&r);

	if (st == MB_OK && ((HPDF_PageAttr)page->attr)->gmode != HPDF_GMODE_PAGE_DESCRIPTION)
		BUG("a page ends inside a text object or a path");
	if (st != MB_OK) {
		free(r.c.p);
		r.c.p = NULL;
		r.c.len = 0;
		if (figures)
			figures->count = 0;
	}
	*content = r.c.p ? r.c.p : xmalloc(1);
	*len = r.c.len;
	return st;
}
