/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Drawing lists replayed into cairo, and Pango's text metrics handed to
 * the core. The replay keeps no state of its own between ops beyond
 * cairo's: a list's path ends at its STROKE, FILL or CLIP as in PDF, and
 * SAVE/RESTORE/TRANSFORM map to cairo_save/restore/transform.
 */
#include "config.h"
#include "draw_cairo.h"

#include <math.h>
#include <string.h>

static void source(cairo_t *cr, uint32_t rgb, double alpha)
{
	double r = ((rgb >> 16) & 0xff) / 255.0, g = ((rgb >> 8) & 0xff) / 255.0,
	       b = (rgb & 0xff) / 255.0;

	alpha = mb_draw_alpha(alpha);
	if (alpha < 1)
		cairo_set_source_rgba(cr, r, g, b, alpha);
	else
		cairo_set_source_rgb(cr, r, g, b);
}

PangoLayout *mb_draw_cairo_layout(const struct mb_cairo_fonts *fonts, enum mb_face face,
				  double size, const char *utf8, int len)
{
	PangoLayout *l = pango_layout_new(fonts->pctx);
	PangoFontDescription *d =
		pango_font_description_copy(fonts->face[face == MB_FACE_BOLD ? 1 : 0]);
	PangoAttrList *attrs = pango_attr_list_new();

	pango_font_description_set_absolute_size(d, size * PANGO_SCALE);
	pango_layout_set_font_description(l, d);
	pango_font_description_free(d);
	/* no ligatures: "fi" stays two letters for search and text extraction */
	pango_attr_list_insert(attrs, pango_attr_font_features_new("liga 0, clig 0"));
	pango_layout_set_attributes(l, attrs);
	pango_attr_list_unref(attrs);
	pango_layout_set_text(l, utf8, len);
	return l;
}

static void text(cairo_t *cr, const struct mb_text_run *t, const struct mb_cairo_fonts *fonts)
{
	PangoLayout *l;
	double baseline;

	if (!fonts || !t->text || !t->text[0])
		return;
	l = mb_draw_cairo_layout(fonts, t->face, t->size, t->text, -1);
	baseline = (double)pango_layout_get_baseline(l) / PANGO_SCALE;
	cairo_save(cr);
	cairo_translate(cr, t->x, t->y);
	if (t->angle_deg != 0)
		cairo_rotate(cr, t->angle_deg * M_PI / 180);
	if (t->outline > 0) {
		cairo_new_path(cr);
		cairo_move_to(cr, 0, -baseline);
		pango_cairo_layout_path(cr, l);
		source(cr, t->outline_rgb, t->alpha);
		cairo_set_line_width(cr, t->outline);
		cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
		cairo_stroke(cr);
	}
	source(cr, t->rgb, t->alpha);
	cairo_move_to(cr, 0, -baseline);
	pango_cairo_show_layout(cr, l);
	cairo_restore(cr);
	g_object_unref(l);
}

static void image(cairo_t *cr, const struct mb_draw_image *im, const struct mb_cairo_replay *r)
{
	cairo_surface_t *pic = r && r->image ? r->image(r->image_ctx, im->id) : NULL;
	double iw, ih;

	if (!pic || im->w <= 0 || im->h <= 0)
		return;
	iw = cairo_image_surface_get_width(pic);
	ih = cairo_image_surface_get_height(pic);
	if (iw <= 0 || ih <= 0)
		return;
	cairo_save(cr);
	cairo_translate(cr, im->x, im->y);
	cairo_scale(cr, im->w / iw, im->h / ih);
	cairo_set_source_surface(cr, pic, 0, 0);
	cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
	cairo_rectangle(cr, 0, 0, iw, ih);
	cairo_fill(cr);
	cairo_restore(cr);
}

static const cairo_line_cap_t caps[] = { CAIRO_LINE_CAP_BUTT, CAIRO_LINE_CAP_ROUND,
					 CAIRO_LINE_CAP_SQUARE };
static const cairo_line_join_t joins[] = { CAIRO_LINE_JOIN_MITER, CAIRO_LINE_JOIN_ROUND,
					   CAIRO_LINE_JOIN_BEVEL };

static void stroke(cairo_t *cr, const struct mb_pen *pen)
{
	source(cr, pen->rgb, pen->alpha);
	cairo_set_line_width(cr, pen->width);
	cairo_set_line_cap(cr, caps[pen->cap <= MB_CAP_SQUARE ? pen->cap : 0]);
	cairo_set_line_join(cr, joins[pen->join <= MB_JOIN_BEVEL ? pen->join : 0]);
	cairo_set_dash(cr, pen->dash, pen->ndash > 0 && pen->ndash <= MB_DASH_MAX ? pen->ndash : 0,
		       pen->dash_phase);
	cairo_stroke(cr);
}

cairo_status_t mb_draw_cairo(cairo_t *cr, const struct mb_draw_list *l,
			     const struct mb_cairo_replay *r)
{
	const struct mb_cairo_fonts *fonts = r ? r->fonts : NULL;
	int depth = 0;

	cairo_save(cr);
	cairo_new_path(cr);
	for (size_t i = 0; i < l->count; i++) {
		const struct mb_draw_op *op = &l->ops[i];

		switch (op->kind) {
		case MB_DRAW_MOVE:
			cairo_move_to(cr, op->u.p[0].x, op->u.p[0].y);
			break;
		case MB_DRAW_LINE:
			cairo_line_to(cr, op->u.p[0].x, op->u.p[0].y);
			break;
		case MB_DRAW_CURVE:
			cairo_curve_to(cr, op->u.p[0].x, op->u.p[0].y, op->u.p[1].x, op->u.p[1].y,
				       op->u.p[2].x, op->u.p[2].y);
			break;
		case MB_DRAW_CLOSE:
			cairo_close_path(cr);
			break;
		case MB_DRAW_STROKE:
			stroke(cr, &op->u.pen);
			break;
		case MB_DRAW_FILL:
			source(cr, op->u.paint.rgb, op->u.paint.alpha);
			cairo_set_fill_rule(cr, op->u.paint.even_odd ? CAIRO_FILL_RULE_EVEN_ODD
								      : CAIRO_FILL_RULE_WINDING);
			cairo_fill(cr);
			break;
		case MB_DRAW_CLIP:
			cairo_set_fill_rule(cr, op->u.paint.even_odd ? CAIRO_FILL_RULE_EVEN_ODD
								      : CAIRO_FILL_RULE_WINDING);
			cairo_clip(cr);
			break;
		case MB_DRAW_SAVE:
			cairo_save(cr);
			depth++;
			break;
		case MB_DRAW_RESTORE:
			/* a RESTORE without its SAVE would undo the caller's state */
			if (depth > 0) {
				cairo_restore(cr);
				depth--;
			}
			break;
		case MB_DRAW_TRANSFORM: {
			cairo_matrix_t m;

			cairo_matrix_init(&m, op->u.matrix.a, op->u.matrix.b, op->u.matrix.c,
					  op->u.matrix.d, op->u.matrix.e, op->u.matrix.f);
			cairo_transform(cr, &m);
			break;
		}
		case MB_DRAW_TEXT:
			cairo_new_path(cr);
			text(cr, &op->u.text, fonts);
			break;
		case MB_DRAW_IMAGE:
			cairo_new_path(cr);
			image(cr, &op->u.image, r);
			break;
		}
	}
	while (depth-- > 0)
		cairo_restore(cr);
	cairo_restore(cr);
	return cairo_status(cr);
}

static double width(void *ctx, enum mb_face face, double size, const char *utf8, size_t len)
{
	PangoLayout *l = mb_draw_cairo_layout(ctx, face, size, utf8, (int)len);
	PangoRectangle logical;

	pango_layout_get_extents(l, NULL, &logical);
	g_object_unref(l);
	return (double)(logical.x + logical.width) / PANGO_SCALE;
}

static void extents(void *ctx, enum mb_face face, double *ascent, double *descent,
		    double *cap_height)
{
	/* measured at 100 pt and divided: per point of size */
	PangoLayout *l = mb_draw_cairo_layout(ctx, face, 100, "H", -1);
	PangoRectangle ink, logical;
	double baseline = (double)pango_layout_get_baseline(l) / PANGO_SCALE;

	pango_layout_get_extents(l, &ink, &logical);
	g_object_unref(l);
	if (ascent)
		*ascent = baseline / 100;
	if (descent)
		*descent = ((double)logical.height / PANGO_SCALE - baseline) / 100;
	if (cap_height)
		*cap_height = (double)ink.height / PANGO_SCALE / 100;
}

void mb_draw_cairo_metrics(const struct mb_cairo_fonts *fonts, struct mb_text_metrics *tm)
{
	tm->ctx = (void *)fonts;
	tm->width = width;
	tm->extents = extents;
}
