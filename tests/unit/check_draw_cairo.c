/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The cairo renderer of drawing lists, checked by the pixels it paints on
 * an image surface: fills and strokes where the list puts them, clips and
 * transforms undone by RESTORE, a list's stray SAVEs not leaking into the
 * caller, text on its baseline and turned by angle_deg, images by id, and
 * Pango's metrics (wider text measures wider, sizes scale). The pixel
 * checker is fed a blank surface too and must say so.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <pango/pangocairo.h>

#include "../../src/backend/cairo/draw_cairo.h"
#include "mazebook/gen/generator.h"
#include "mazebook/page/maze_draw.h"

#include "check_main.h"


#define W 200
#define H 120

struct canvas {
	cairo_surface_t *s;
	cairo_t *cr;
};

static void canvas_init(struct canvas *c)
{
	c->s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, W, H);
	c->cr = cairo_create(c->s);
	cairo_set_source_rgb(c->cr, 1, 1, 1);
	cairo_paint(c->cr);
}

static void canvas_release(struct canvas *c)
{
	cairo_destroy(c->cr);
	cairo_surface_destroy(c->s);
}

static uint32_t pixel(struct canvas *c, int x, int y)
{
	cairo_surface_flush(c->s);
	return ((uint32_t *)(void *)(cairo_image_surface_get_data(c->s) +
				     y * cairo_image_surface_get_stride(c->s)))[x] & 0xffffff;
}

/* the bounding box of pixels darker than white in [x0, x1) x [y0, y1); false: none */
static bool ink_box(struct canvas *c, int x0, int y0, int x1, int y1, int box[4])
{
	bool any = false;

	box[0] = x1;
	box[1] = y1;
	box[2] = box[3] = -1;
	for (int y = y0; y < y1; y++)
		for (int x = x0; x < x1; x++)
			if (pixel(c, x, y) != 0xffffff) {
				any = true;
				box[0] = x < box[0] ? x : box[0];
				box[1] = y < box[1] ? y : box[1];
				box[2] = x > box[2] ? x : box[2];
				box[3] = y > box[3] ? y : box[3];
			}
	return any;
}

static void fonts_init(struct mb_cairo_fonts *f, PangoFontDescription **d)
{
	PangoFontMap *map = pango_cairo_font_map_get_default();

	d[0] = pango_font_description_from_string("DejaVu Sans");
	d[1] = pango_font_description_from_string("DejaVu Sans Bold");
	f->pctx = pango_font_map_create_context(map);
	pango_cairo_context_set_resolution(f->pctx, 72.0);
	f->face[0] = d[0];
	f->face[1] = d[1];
}

static void fonts_release(struct mb_cairo_fonts *f, PangoFontDescription **d)
{
	g_object_unref(f->pctx);
	pango_font_description_free(d[0]);
	pango_font_description_free(d[1]);
}

START_TEST(fill_stroke_and_the_checker)
{
	struct canvas c;
	struct mb_draw_list *l = mb_draw_new(W, H);
	int box[4];

	canvas_init(&c);
	/* a blank canvas has no ink: the checker can say no */
	ck_assert(!ink_box(&c, 0, 0, W, H, box));
	mb_draw_rect(l, 20, 10, 30, 40);
	mb_draw_fill(l, &(struct mb_paint){ .rgb = 0xff0000 });
	mb_draw_move(l, 100, 60);
	mb_draw_line(l, 180, 60);
	mb_draw_stroke(l, &(struct mb_pen){ .width = 4, .rgb = 0x0000ff });
	ck_assert_int_eq(mb_draw_cairo(c.cr, l, NULL), CAIRO_STATUS_SUCCESS);
	ck_assert_uint_eq(pixel(&c, 35, 30), 0xff0000);
	ck_assert_uint_eq(pixel(&c, 140, 60), 0x0000ff);
	ck_assert_uint_eq(pixel(&c, 140, 50), 0xffffff);
	ck_assert(ink_box(&c, 0, 0, 60, 60, box));
	ck_assert_int_eq(box[0], 20);
	ck_assert_int_eq(box[1], 10);
	ck_assert_int_eq(box[2], 49);
	ck_assert_int_eq(box[3], 49);
	mb_draw_free(l);
	canvas_release(&c);
}
END_TEST

START_TEST(clip_transform_and_unbalanced_save)
{
	struct canvas c;
	struct mb_draw_list *l = mb_draw_new(W, H);
	int box[4];

	canvas_init(&c);
	/* a clip inside SAVE/RESTORE limits one fill only */
	mb_draw_save(l);
	mb_draw_rect(l, 0, 0, 50, 50);
	mb_draw_clip(l, false);
	mb_draw_rect(l, 0, 0, W, H);
	mb_draw_fill(l, &(struct mb_paint){ .rgb = 0x00ff00 });
	mb_draw_restore(l);
	/* a transform: 10 units of 2 points at (100, 0) */
	mb_draw_save(l);
	mb_draw_transform(l, &(struct mb_matrix){ 2, 0, 0, 2, 100, 0 });
	mb_draw_rect(l, 0, 0, 10, 10);
	mb_draw_fill(l, &(struct mb_paint){ .rgb = 0x000000 });
	mb_draw_restore(l);
	/* a stray SAVE and transform the list never undoes */
	mb_draw_save(l);
	mb_draw_transform(l, &(struct mb_matrix){ 1, 0, 0, 1, 1000, 1000 });
	ck_assert_int_eq(mb_draw_cairo(c.cr, l, NULL), CAIRO_STATUS_SUCCESS);
	ck_assert(ink_box(&c, 0, 0, 90, H, box));
	ck_assert_int_eq(box[2], 49);
	ck_assert_int_eq(box[3], 49);
	ck_assert(ink_box(&c, 90, 0, W, H, box));
	ck_assert_int_eq(box[0], 100);
	ck_assert_int_eq(box[2], 119);
	/* the caller's state is its own again: this lands at (150, 100) */
	cairo_rectangle(c.cr, 150, 100, 4, 4);
	cairo_set_source_rgb(c.cr, 0, 0, 0);
	cairo_fill(c.cr);
	ck_assert_uint_eq(pixel(&c, 151, 101), 0x000000);
	mb_draw_free(l);
	canvas_release(&c);
}
END_TEST

START_TEST(text_on_its_baseline_and_turned)
{
	struct canvas c;
	struct mb_cairo_fonts f;
	PangoFontDescription *d[2];
	struct mb_draw_list *l = mb_draw_new(W, H);
	struct mb_cairo_replay r;
	int box[4];

	fonts_init(&f, d);
	r = (struct mb_cairo_replay){ &f, NULL, NULL };
	canvas_init(&c);
	mb_draw_text(l, &(struct mb_text_run){ .x = 10, .y = 50, .size = 30,
					       .face = MB_FACE_BOLD, .text = "HH" });
	mb_draw_text(l, &(struct mb_text_run){ .x = 160, .y = 10, .size = 20,
					       .text = "HHHH", .angle_deg = 90 });
	ck_assert_int_eq(mb_draw_cairo(c.cr, l, &r), CAIRO_STATUS_SUCCESS);
	/* capitals stand on the baseline: ink ends at y 50 and rises about 0.73 em */
	ck_assert(ink_box(&c, 0, 0, 120, H, box));
	ck_assert_int_ge(box[3], 48);
	ck_assert_int_le(box[3], 50);
	ck_assert_int_ge(box[1], 50 - 24);
	ck_assert_int_le(box[1], 50 - 19);
	ck_assert_int_ge(box[0], 10);
	/* turned a quarter clockwise: taller than wide, the letters' tops to the right */
	ck_assert(ink_box(&c, 120, 0, W, H, box));
	ck_assert_int_gt(box[3] - box[1], 3 * (box[2] - box[0]));
	ck_assert_int_ge(box[0], 159);
	ck_assert_int_ge(box[1], 10);
	/* no fonts: the runs are skipped, nothing is painted */
	canvas_release(&c);
	canvas_init(&c);
	ck_assert_int_eq(mb_draw_cairo(c.cr, l, NULL), CAIRO_STATUS_SUCCESS);
	ck_assert(!ink_box(&c, 0, 0, W, H, box));
	mb_draw_free(l);
	canvas_release(&c);
	fonts_release(&f, d);
}
END_TEST

static cairo_surface_t *red_picture(void *ctx, int id)
{
	return id == 7 ? ctx : NULL;
}

START_TEST(images_by_id)
{
	struct canvas c;
	cairo_surface_t *pic = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 4, 2);
	cairo_t *pc = cairo_create(pic);
	struct mb_draw_list *l = mb_draw_new(W, H);
	struct mb_cairo_replay r = { NULL, red_picture, pic };
	int box[4];

	cairo_set_source_rgb(pc, 1, 0, 0);
	cairo_paint(pc);
	cairo_destroy(pc);
	canvas_init(&c);
	mb_draw_image(l, 7, 20, 20, 40, 20);
	mb_draw_image(l, 8, 100, 20, 40, 20);	/* an id the renderer does not hold */
	ck_assert_int_eq(mb_draw_cairo(c.cr, l, &r), CAIRO_STATUS_SUCCESS);
	ck_assert_uint_eq(pixel(&c, 40, 30), 0xff0000);
	ck_assert(ink_box(&c, 0, 0, W, H, box));
	ck_assert_int_le(box[2], 60);
	ck_assert_int_le(box[3], 40);
	mb_draw_free(l);
	canvas_release(&c);
	cairo_surface_destroy(pic);
}
END_TEST

START_TEST(pango_metrics)
{
	struct mb_cairo_fonts f;
	PangoFontDescription *d[2];
	struct mb_text_metrics tm;
	double asc, desc, cap, w10, w20;

	fonts_init(&f, d);
	mb_draw_cairo_metrics(&f, &tm);
	w10 = mb_text_width(&tm, MB_FACE_REGULAR, 10, "WWWW", 4);
	w20 = mb_text_width(&tm, MB_FACE_REGULAR, 20, "WWWW", 4);
	ck_assert_double_gt(w10, mb_text_width(&tm, MB_FACE_REGULAR, 10, "iiii", 4) * 2);
	ck_assert_double_eq_tol(w20, 2 * w10, 0.05);
	ck_assert_double_gt(mb_text_width(&tm, MB_FACE_BOLD, 10, "WWWW", 4), w10);
	/* len counts bytes: the first two letters only */
	ck_assert_double_eq_tol(mb_text_width(&tm, MB_FACE_REGULAR, 10, "WWWW", 2), w10 / 2, 0.05);
	tm.extents(tm.ctx, MB_FACE_REGULAR, &asc, &desc, &cap);
	/* DejaVu Sans: ascent 0.93, descent 0.24, capitals 0.73 of the size */
	ck_assert_double_eq_tol(asc, 0.93, 0.05);
	ck_assert_double_eq_tol(desc, 0.24, 0.05);
	ck_assert_double_eq_tol(cap, 0.73, 0.03);
	fonts_release(&f, d);
}
END_TEST

/* the one maze routine through this renderer: walls where the maze has them */
START_TEST(maze_walls_replayed)
{
	struct canvas c;
	struct mb_maze *m = mb_maze_new(6, 4, NULL);
	struct mb_draw_list *l = mb_draw_new(W, H);
	const struct mb_maze_place place = { 10, 10, 16 };
	int box[4];

	mb_generate(&mb_gen_backtracker, m, 5, NULL);
	mb_maze_draw_walls(l, m, &place, &(struct mb_pen){ .width = 2, .cap = MB_CAP_SQUARE });
	canvas_init(&c);
	ck_assert_int_eq(mb_draw_cairo(c.cr, l, NULL), CAIRO_STATUS_SUCCESS);
	ck_assert(ink_box(&c, 0, 0, W, H, box));
	ck_assert_int_eq(box[0], 9);
	ck_assert_int_eq(box[1], 9);
	ck_assert_int_eq(box[2], 10 + 6 * 16);
	ck_assert_int_eq(box[3], 10 + 4 * 16);
	/* each inner wall is ink exactly when the maze has it */
	for (int y = 1; y < 4; y++)
		for (int x = 0; x < 6; x++)
			ck_assert_int_eq(pixel(&c, 10 + x * 16 + 8, 10 + y * 16) == 0,
					 mb_maze_wall_h(m, x, y));
	mb_draw_free(l);
	mb_maze_free(m);
	canvas_release(&c);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("draw_cairo");
	TCase *tc = tcase_create("replay");

	tcase_add_test(tc, fill_stroke_and_the_checker);
	tcase_add_test(tc, clip_transform_and_unbalanced_save);
	tcase_add_test(tc, text_on_its_baseline_and_turned);
	tcase_add_test(tc, images_by_id);
	tcase_add_test(tc, pango_metrics);
	tcase_add_test(tc, maze_walls_replayed);
	suite_add_tcase(s, tc);
	return s;
}
