/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* A maze's rendering, leaving out the paint of its drawn solution. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mupdf/fitz.h>
#include <mupdf/pdf.h>

#include "mplimits.h"
#include "mpread.h"
#include "mpread_int.h"
#include "mputil.h"

/*
 * The render: MuPDF's draw device behind a device that passes every call
 * on, except the painting operations a maze took as its drawn solution
 * (counted as the scan counts them: each stroke and each fill is one).
 */
struct filter_device {
	fz_device super;
	fz_device *target;
	const int *skip;
	size_t nskip, next;	/* skip[next] is the next operation to leave out */
	int op;
};

static bool skip_op(struct filter_device *f)
{
	int op = f->op++;

	while (f->next < f->nskip && f->skip[f->next] < op)
		f->next++;
	return f->next < f->nskip && f->skip[f->next] == op;
}

#define TARGET (((struct filter_device *)dev)->target)

static void f_fill_path(fz_context *ctx, fz_device *dev, const fz_path *path, int even_odd,
			fz_matrix ctm, fz_colorspace *cs, const float *color, float alpha,
			fz_color_params params)
{
	if (!skip_op((struct filter_device *)dev))
		fz_fill_path(ctx, TARGET, path, even_odd, ctm, cs, color, alpha, params);
}

static void f_stroke_path(fz_context *ctx, fz_device *dev, const fz_path *path,
			  const fz_stroke_state *stroke, fz_matrix ctm, fz_colorspace *cs,
			  const float *color, float alpha, fz_color_params params)
{
	if (!skip_op((struct filter_device *)dev))
		fz_stroke_path(ctx, TARGET, path, stroke, ctm, cs, color, alpha, params);
}

static void f_clip_path(fz_context *ctx, fz_device *dev, const fz_path *path, int even_odd,
			fz_matrix ctm, fz_rect scissor)
{
	fz_clip_path(ctx, TARGET, path, even_odd, ctm, scissor);
}

static void f_clip_stroke_path(fz_context *ctx, fz_device *dev, const fz_path *path,
			       const fz_stroke_state *stroke, fz_matrix ctm, fz_rect scissor)
{
	fz_clip_stroke_path(ctx, TARGET, path, stroke, ctm, scissor);
}

static void f_fill_text(fz_context *ctx, fz_device *dev, const fz_text *text, fz_matrix ctm,
			fz_colorspace *cs, const float *color, float alpha, fz_color_params params)
{
	fz_fill_text(ctx, TARGET, text, ctm, cs, color, alpha, params);
}

static void f_stroke_text(fz_context *ctx, fz_device *dev, const fz_text *text,
			  const fz_stroke_state *stroke, fz_matrix ctm, fz_colorspace *cs,
			  const float *color, float alpha, fz_color_params params)
{
	fz_stroke_text(ctx, TARGET, text, stroke, ctm, cs, color, alpha, params);
}

static void f_clip_text(fz_context *ctx, fz_device *dev, const fz_text *text, fz_matrix ctm,
			fz_rect scissor)
{
	fz_clip_text(ctx, TARGET, text, ctm, scissor);
}

static void f_clip_stroke_text(fz_context *ctx, fz_device *dev, const fz_text *text,
			       const fz_stroke_state *stroke, fz_matrix ctm, fz_rect scissor)
{
	fz_clip_stroke_text(ctx, TARGET, text, stroke, ctm, scissor);
}

static void f_ignore_text(fz_context *ctx, fz_device *dev, const fz_text *text, fz_matrix ctm)
{
	fz_ignore_text(ctx, TARGET, text, ctm);
}

static void f_fill_shade(fz_context *ctx, fz_device *dev, fz_shade *shade, fz_matrix ctm,
			 float alpha, fz_color_params params)
{
	fz_fill_shade(ctx, TARGET, shade, ctm, alpha, params);
}

static void f_fill_image(fz_context *ctx, fz_device *dev, fz_image *img, fz_matrix ctm,
			 float alpha, fz_color_params params)
{
	fz_fill_image(ctx, TARGET, img, ctm, alpha, params);
}

static void f_fill_image_mask(fz_context *ctx, fz_device *dev, fz_image *img, fz_matrix ctm,
			      fz_colorspace *cs, const float *color, float alpha,
			      fz_color_params params)
{
	fz_fill_image_mask(ctx, TARGET, img, ctm, cs, color, alpha, params);
}

static void f_clip_image_mask(fz_context *ctx, fz_device *dev, fz_image *img, fz_matrix ctm,
			      fz_rect scissor)
{
	fz_clip_image_mask(ctx, TARGET, img, ctm, scissor);
}

static void f_pop_clip(fz_context *ctx, fz_device *dev)
{
	fz_pop_clip(ctx, TARGET);
}

static void f_begin_mask(fz_context *ctx, fz_device *dev, fz_rect area, int luminosity,
			 fz_colorspace *cs, const float *bc, fz_color_params params)
{
	fz_begin_mask(ctx, TARGET, area, luminosity, cs, bc, params);
}

static void f_end_mask(fz_context *ctx, fz_device *dev)
{
	fz_end_mask(ctx, TARGET);
}

static void f_begin_group(fz_context *ctx, fz_device *dev, fz_rect area, fz_colorspace *cs,
			  int isolated, int knockout, int blendmode, float alpha)
{
	fz_begin_group(ctx, TARGET, area, cs, isolated, knockout, blendmode, alpha);
}

static void f_end_group(fz_context *ctx, fz_device *dev)
{
	fz_end_group(ctx, TARGET);
}

static int f_begin_tile(fz_context *ctx, fz_device *dev, fz_rect area, fz_rect view,
			float xstep, float ystep, fz_matrix ctm, int id)
{
	return fz_begin_tile_id(ctx, TARGET, area, view, xstep, ystep, ctm, id);
}

static void f_end_tile(fz_context *ctx, fz_device *dev)
{
	fz_end_tile(ctx, TARGET);
}

static void f_begin_layer(fz_context *ctx, fz_device *dev, const char *name)
{
	fz_begin_layer(ctx, TARGET, name);
}

static void f_end_layer(fz_context *ctx, fz_device *dev)
{
	fz_end_layer(ctx, TARGET);
}

static void f_set_default_colorspaces(fz_context *ctx, fz_device *dev,
				      fz_default_colorspaces *dcs)
{
	fz_set_default_colorspaces(ctx, TARGET, dcs);
}

#undef TARGET

unsigned char *mb_mp_doc_render(struct mb_mp_doc *doc, int index, int turn, double x0,
				double y0, double x1, double y1, double res, const int *skip,
				size_t nskip, int *w, int *h, char *err, size_t errlen)
{
	fz_context *ctx = doc->ctx;
	fz_page *fzpage = NULL;
	fz_pixmap *pix = NULL;
	fz_device *draw = NULL;
	struct filter_device *f = NULL;
	unsigned char *out = NULL;
	fz_matrix ctm = fz_scale((float)res, (float)res);
	fz_irect want;
	double pw = (x1 - x0) * res, ph = (y1 - y0) * res;

	*w = *h = 0;
	if (!(pw >= 1 && ph >= 1 && pw * ph <= MB_MP_MAX_RENDER_PIXELS)) {
		snprintf(err, errlen, "a maze of %.0f x %.0f pt is too large to render at %.0f "
			 "pixels a point", x1 - x0, y1 - y0, res);
		return NULL;
	}
	want.x0 = (int)floor(x0 * res);
	want.y0 = (int)floor(y0 * res);
	want.x1 = want.x0 + (int)ceil(pw);
	want.y1 = want.y0 + (int)ceil(ph);
	*w = want.x1 - want.x0;
	*h = want.y1 - want.y0;
	out = mb_mp_xmalloc((size_t)*w * (size_t)*h);
	memset(out, 255, (size_t)*w * (size_t)*h);
	fz_var(fzpage);
	fz_var(out);
	fz_var(pix);
	fz_var(draw);
	fz_var(f);
	fz_try(ctx) {
		fz_irect on_page;

		fzpage = fz_load_page(ctx, (fz_document *)doc->pdf, index);
		/* in the frame the page was read in (mpread.h: struct mb_mp_page's turn) */
		if (turn)
			ctm = fz_concat(mb_mp_frame(fz_bound_page(ctx, fzpage), turn), ctm);
		/* what lies off the page does not print: render only what is on it */
		on_page = fz_intersect_irect(want, fz_round_rect(fz_transform_rect(
							 fz_bound_page(ctx, fzpage), ctm)));
		if (!fz_is_empty_irect(on_page)) {
			pix = fz_new_pixmap_with_bbox(ctx, fz_device_gray(ctx), on_page, NULL, 0);
			fz_clear_pixmap_with_value(ctx, pix, 255);
			draw = fz_new_draw_device(ctx, fz_identity, pix);
			f = fz_new_derived_device(ctx, struct filter_device);
			f->target = draw;
			f->skip = skip;
			f->nskip = nskip;
			f->super.fill_path = f_fill_path;
			f->super.stroke_path = f_stroke_path;
			f->super.clip_path = f_clip_path;
			f->super.clip_stroke_path = f_clip_stroke_path;
			f->super.fill_text = f_fill_text;
			f->super.stroke_text = f_stroke_text;
			f->super.clip_text = f_clip_text;
			f->super.clip_stroke_text = f_clip_stroke_text;
			f->super.ignore_text = f_ignore_text;
			f->super.fill_shade = f_fill_shade;
			f->super.fill_image = f_fill_image;
			f->super.fill_image_mask = f_fill_image_mask;
			f->super.clip_image_mask = f_clip_image_mask;
			f->super.pop_clip = f_pop_clip;
			f->super.begin_mask = f_begin_mask;
			f->super.end_mask = f_end_mask;
			f->super.begin_group = f_begin_group;
			f->super.end_group = f_end_group;
			f->super.begin_tile = f_begin_tile;
			f->super.end_tile = f_end_tile;
			f->super.begin_layer = f_begin_layer;
			f->super.end_layer = f_end_layer;
			f->super.set_default_colorspaces = f_set_default_colorspaces;
			fz_run_page(ctx, fzpage, &f->super, ctm, NULL);
			fz_close_device(ctx, &f->super);
			fz_close_device(ctx, draw);
			for (int y = on_page.y0; y < on_page.y1; y++) {
				const unsigned char *row = fz_pixmap_samples(ctx, pix) +
					(size_t)(y - on_page.y0) * (size_t)fz_pixmap_stride(ctx, pix);

				memcpy(out + (size_t)(y - want.y0) * (size_t)*w +
				       (size_t)(on_page.x0 - want.x0), row,
				       (size_t)(on_page.x1 - on_page.x0));
			}
		}
	}
	fz_always(ctx) {
		fz_drop_device(ctx, f ? &f->super : NULL);
		fz_drop_device(ctx, draw);
		fz_drop_pixmap(ctx, pix);
		fz_drop_page(ctx, fzpage);
	}
	fz_catch(ctx) {
		snprintf(err, errlen, "cannot render the page: %s", fz_caught_message(ctx));
		free(out);
		return NULL;
	}
	return out;
}
