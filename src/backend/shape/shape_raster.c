/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Shapes from outside files and from text, as ink images for the core's
 * mask maker (include/mazebook/backend/shape_load.h). Every source is drawn with
 * cairo on white into an image of at most INK_SIDE pixels a side, and the
 * darkness of each pixel (alpha composited on white) is what the core
 * reads: one path for SVG, PNG and text, so that they fill alike.
 */
#include "config.h"
#include "mazebook/backend/shape_load.h"

#include <cairo.h>
#include <cairo-ft.h>
#include <errno.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <librsvg/rsvg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../picture/picture.h"
#include "svg_refs.h"
#include "mazebook/backend/fonts.h"
#include "mazebook/base/xalloc.h"
#include "mazebook/book/level.h"
#include "mazebook/book/plan.h"
#include "mazebook/book/spec.h"
#include "mazebook/io/regular_file.h"
#include "mazebook/maze/shape_lattice.h"

#define INK_SIDE MB_SHAPE_INK_SIDE	/* the longer side of the image drawn for the core */
#define STR(x) STR_(x)
#define STR_(x) #x

static const struct mb_picture_use shape_picture = {
	NULL, "a shape picture", "shape", MB_SHAPE_PICTURE_MAX_PIXELS,
	"scale it to " STR(MB_SHAPE_INK_SIDE) " px on its longer side (the mask is drawn at "
	"that size)"
};

static bool ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), t = strlen(tail);

	return n > t && !strcasecmp(s + n - t, tail);
}

static char *resolve(const char *file, const char *base_dir)
{
	if (file[0] == '/' || !base_dir || !*base_dir)
		return xstrdup(file);
	return xasprintf("%s/%s", base_dir, file);
}

/* the darkness of an ARGB32 surface painted on white */
static struct mb_shape *ink_of(const char *name, cairo_surface_t *img, struct mb_error *err)
{
	int w = cairo_image_surface_get_width(img), h = cairo_image_surface_get_height(img);
	int stride = cairo_image_surface_get_stride(img);
	const unsigned char *data;
	uint8_t *ink = xmalloc((size_t)w * (size_t)h);
	struct mb_shape *s;

	cairo_surface_flush(img);
	data = cairo_image_surface_get_data(img);
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			uint32_t px = *(const uint32_t *)(data + y * stride + 4 * x);
			/* premultiplied: on white, channel + (255 - alpha) */
			int a = px >> 24, r = (px >> 16 & 0xff) + 255 - a;
			int g = (px >> 8 & 0xff) + 255 - a, b = (px & 0xff) + 255 - a;
			int lum = (r * 299 + g * 587 + b * 114) / 1000;

			ink[y * w + x] = (uint8_t)(255 - (lum > 255 ? 255 : lum));
		}
	s = mb_shape_from_ink(name, w, h, ink, err);
	free(ink);
	return s;
}

/* a w x h ARGB32 image with src drawn scaled into it (src: sw x sh) */
static cairo_surface_t *scaled_copy(cairo_surface_t *src, int sw, int sh)
{
	double k = (double)INK_SIDE / (sw > sh ? sw : sh);
	int w = (int)(sw * k + 0.5), h = (int)(sh * k + 0.5);
	cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w < 1 ? 1 : w,
							  h < 1 ? 1 : h);
	cairo_t *cr = cairo_create(img);

	cairo_scale(cr, k, k);
	cairo_set_source_surface(cr, src, 0, 0);
	cairo_paint(cr);
	cairo_destroy(cr);
	return img;
}

static struct mb_shape *load_png(const char *name, const char *path, struct mb_error *err)
{
	cairo_surface_t *png, *img;
	struct mb_shape *s;

	if (mb_picture_load(path, &shape_picture, &png, err) != MB_OK)
		return NULL;
	img = scaled_copy(png, cairo_image_surface_get_width(png),
			  cairo_image_surface_get_height(png));
	cairo_surface_destroy(png);
	s = ink_of(name, img, err);
	cairo_surface_destroy(img);
	return s;
}

/*
 * An SVG shape file, read only when it is a regular file of at most
 * MB_SHAPE_SVG_MAX_BYTES that refers to nothing outside itself (err set;
 * svg_refs.h), parsed by librsvg (gerr set).
 */
static RsvgHandle *svg_open(const char *path, GError **gerr, struct mb_error *err)
{
	unsigned char *data;
	size_t len;
	GInputStream *in;
	RsvgHandle *h;

	if (mb_read_regular(path, MB_SHAPE_SVG_MAX_BYTES, "shape", &data, &len, err))
		return NULL;
	if (mb_svg_refs_check(path, data, len, err)) {
		free(data);
		return NULL;
	}
	/* no base file: nothing relative to it could be loaded, should the check miss it */
	in = g_memory_input_stream_new_from_data(data, (gssize)len, free);
	h = rsvg_handle_new_from_stream_sync(in, NULL, RSVG_HANDLE_FLAGS_NONE, NULL, gerr);
	g_object_unref(in);
	return h;
}

static struct mb_shape *load_svg(const char *name, const char *path, struct mb_error *err)
{
	GError *gerr = NULL;
	RsvgHandle *h = svg_open(path, &gerr, err);
	gdouble sw = 0, sh = 0;
	cairo_surface_t *img;
	cairo_t *cr;
	struct mb_shape *s;
	double k;
	int w, hh;

	if (!h) {
		mb_error_set(err, MB_ERR_INPUT, "cannot read shape '%s': %s", path,
			     gerr ? gerr->message : "not an SVG file");
		if (gerr)
			g_error_free(gerr);
		return NULL;
	}
	if (!rsvg_handle_get_intrinsic_size_in_pixels(h, &sw, &sh) || sw <= 0 || sh <= 0) {
		RsvgRectangle ink, logical;

		if (!rsvg_handle_get_geometry_for_element(h, NULL, &ink, &logical, NULL) ||
		    ink.width <= 0 || ink.height <= 0) {
			g_object_unref(h);
			mb_error_set(err, MB_ERR_INPUT,
				     "shape '%s' has no size (give the svg element a width and "
				     "height or a viewBox)", path);
			return NULL;
		}
		sw = ink.x + ink.width;
		sh = ink.y + ink.height;
	}
	k = INK_SIDE / (sw > sh ? sw : sh);
	w = (int)(sw * k + 0.5);
	hh = (int)(sh * k + 0.5);
	img = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w < 1 ? 1 : w, hh < 1 ? 1 : hh);
	cr = cairo_create(img);
	{
		RsvgRectangle vp = { 0, 0, w, hh };

		if (!rsvg_handle_render_document(h, cr, &vp, &gerr)) {
			cairo_destroy(cr);
			cairo_surface_destroy(img);
			g_object_unref(h);
			mb_error_set(err, MB_ERR_INPUT, "cannot draw shape '%s': %s", path,
				     gerr ? gerr->message : "librsvg failed");
			if (gerr)
				g_error_free(gerr);
			return NULL;
		}
	}
	cairo_destroy(cr);
	g_object_unref(h);
	s = ink_of(name, img, err);
	cairo_surface_destroy(img);
	return s;
}

/*
 * text "ZOE": the letters in the font, side by side, and a bar under the
 * baseline a fifth of the cap height thick that joins them into one piece.
 */
static struct mb_shape *load_text(const char *name, const char *text, const char *font_path,
				  struct mb_error *err)
{
	FT_Library lib;
	FT_Face face;
	cairo_font_face_t *cf;
	cairo_surface_t *probe, *img;
	cairo_t *cr;
	cairo_text_extents_t ext;
	struct mb_shape *s = NULL;
	const double size = 200;
	double pad, bar, w, h;

	if (!*text) {
		mb_error_set(err, MB_ERR_INPUT, "shape %s: the text is empty", name);
		return NULL;
	}
	for (const char *p = text; *p; p++)
		if (!((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') ||
		      (*p >= '0' && *p <= '9'))) {
			mb_error_set(err, MB_ERR_INPUT,
				     "shape %s: only letters A-Z, a-z and digits make a text "
				     "shape (found '%c')", name, *p);
			return NULL;
		}
	if (!font_path) {
		mb_error_set(err, MB_ERR_INPUT, "shape %s needs a font", name);
		return NULL;
	}
	if (FT_Init_FreeType(&lib)) {
		mb_error_set(err, MB_ERR_INTERNAL, "cannot start FreeType");
		return NULL;
	}
	if (FT_New_Face(lib, font_path, 0, &face)) {
		FT_Done_FreeType(lib);
		mb_error_set(err, MB_ERR_INPUT, "shape %s: cannot read font '%s'", name, font_path);
		return NULL;
	}
	cf = cairo_ft_font_face_create_for_ft_face(face, 0);
	probe = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
	cr = cairo_create(probe);
	cairo_set_font_face(cr, cf);
	cairo_set_font_size(cr, size);
	cairo_text_extents(cr, text, &ext);
	cairo_destroy(cr);
	cairo_surface_destroy(probe);
	pad = size * 0.05;
	bar = size * 0.14;
	w = ext.width + 2 * pad;
	h = -ext.y_bearing + bar + 2 * pad;
	if (ext.width > 0 && ext.height > 0) {
		img = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)w + 1, (int)h + 1);
		cr = cairo_create(img);
		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_paint(cr);
		cairo_set_source_rgb(cr, 0, 0, 0);
		cairo_set_font_face(cr, cf);
		cairo_set_font_size(cr, size);
		cairo_move_to(cr, pad - ext.x_bearing, pad - ext.y_bearing);
		cairo_show_text(cr, text);
		/* the bar, overlapping the letters' feet by half its height */
		cairo_rectangle(cr, pad, pad - ext.y_bearing - bar / 2, ext.width, bar);
		cairo_fill(cr);
		cairo_destroy(cr);
		s = ink_of(name, img, err);
		cairo_surface_destroy(img);
	} else {
		mb_error_set(err, MB_ERR_INPUT, "shape %s: the font draws nothing for it", name);
	}
	cairo_font_face_destroy(cf);
	FT_Done_Face(face);
	FT_Done_FreeType(lib);
	return s;
}

struct mb_shape *mb_shape_load(const char *spec, const char *base_dir, const char *font_path,
			       struct mb_error *err)
{
	struct mb_shape *s;
	char *path;

	if (!strncmp(spec, "text ", 5)) {
		const char *t = spec + 5;
		size_t n;
		char *text;

		while (*t == ' ')
			t++;
		n = strlen(t);
		if (n >= 2 && t[0] == '"' && t[n - 1] == '"') {
			t++;
			n -= 2;
		}
		text = xasprintf("%.*s", (int)n, t);
		s = load_text(spec, text, font_path, err);
		free(text);
		return s;
	}
	if (!ends_with(spec, ".svg") && !ends_with(spec, ".png"))
		return mb_shape_builtin(spec, err);
	path = resolve(spec, base_dir);
	s = ends_with(spec, ".svg") ? load_svg(spec, path, err) : load_png(spec, path, err);
	free(path);
	return s;
}

/*
 * The mask of s for a book's grid of kind: squares (about squares of
 * them, at least min), or hexagons or triangles (about as many cells as
 * the level's grid of that kind has, in the same share)
 */
static struct mb_grid *shape_grid_of(const struct mb_shape *s, const struct mb_level *level,
				     enum mb_grid_kind kind, int a, int b, int squares, int min,
				     struct mb_error *err)
{
	struct mb_plan_maze slot = { .kind = kind, .outline = MB_OUTLINE_RECTANGLE, .a = a, .b = b };
	struct mb_grid *full;
	int cells;

	if (kind != MB_GRID_HEX && kind != MB_GRID_DELTA)
		return mb_shape_grid(s, squares, min, err);
	if (!a)
		mb_plan_level_size(level, kind, MB_OUTLINE_RECTANGLE, &slot.a, &slot.b);
	full = mb_plan_grid(&slot, NULL, NULL, err);
	if (!full)
		return NULL;
	cells = full->cells;
	mb_grid_free(full);
	return mb_shape_lattice(s, kind, cells,
				(int)((long)cells * level->min_shape_squares / (level->w * level->h)),
				err);
}

enum mb_status mb_spec_shape_grids(struct mb_book_spec *spec, struct mb_error *err)
{
	int squares = spec->grid_w * spec->grid_h;
	int min = (int)((long)squares * spec->level->min_shape_squares /
			(spec->level->w * spec->level->h));
	char font[4096];
	int line = 0, column = 0;

	mb_spec_where(spec, "shape", &line, &column);
	for (int i = 0; i < spec->shape_count; i++) {
		struct mb_error e;
		struct mb_shape *s;

		if (spec->shape_grids[i])
			continue;
		mb_error_init(&e);
		if (mb_font_find(spec->font_path ? spec->font_path : spec->font, true, font,
				 sizeof(font), &e) != MB_OK)
			return mb_error_set_at(err, e.code, spec->path, line, column, "%s",
					       e.message);
		s = mb_shape_load(spec->shapes[i], spec->base_dir, font, &e);
		if (s) {
			spec->shape_grids[i] = shape_grid_of(s, spec->level, spec->grid_kind,
							     spec->grid_a, spec->grid_b, squares, min,
							     &e);
			mb_shape_free(s);
		}
		if (!spec->shape_grids[i]) {
			mb_error_set_at(err, e.code, spec->path, line, column, "%s (level %s: about %d "
					"squares)", e.message, spec->level->name, squares);
			return mb_error_blame(err, "shape");
		}
	}
	/* a section's own shape, at its level's density on its grid */
	for (int i = 0; i < spec->section_count; i++) {
		struct mb_section_spec *sec = &spec->sections[i];
		const struct mb_level *level = mb_level_find(sec->level);
		char place[32];
		struct mb_error e;
		struct mb_shape *s;

		if (!sec->shape || !strcmp(sec->shape, "none") || sec->shape_grid || !level)
			continue;
		squares = sec->grid_w * sec->grid_h;
		min = (int)((long)squares * level->min_shape_squares / (level->w * level->h));
		snprintf(place, sizeof(place), "sections.%d.shape", i + 1);
		line = column = 0;
		mb_spec_where(spec, place, &line, &column);
		mb_error_init(&e);
		if (mb_font_find(spec->font_path ? spec->font_path : spec->font, true, font,
				 sizeof(font), &e) != MB_OK)
			return mb_error_set_at(err, e.code, spec->path, line, column, "%s",
					       e.message);
		s = mb_shape_load(sec->shape, spec->base_dir, font, &e);
		if (s) {
			sec->shape_grid = shape_grid_of(s, level, sec->grid_kind, sec->grid_a,
							sec->grid_b, squares, min, &e);
			mb_shape_free(s);
		}
		if (!sec->shape_grid)
			return mb_error_set_at(err, e.code, spec->path, line, column,
					       "section %d ('%s'): %s (level %s: about %d squares)",
					       i + 1, sec->title, e.message, level->name, squares);
	}
	return MB_OK;
}
