/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * PNG previews of a maze through cairo's image surface. Walls are stroked
 * on the pixel grid (integer coordinates plus half the line width) so
 * they come out crisp; the image is RGB24 on white.
 */
#include "config.h"
#include "mazebook/png_maze.h"

#include <cairo.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/measure.h"
#include "mazebook/xalloc.h"

struct sink {
	FILE *out;
	bool failed;
};

static cairo_status_t write_chunk(void *closure, const unsigned char *data,
				  unsigned int length)
{
	struct sink *sink = closure;

	if (fwrite(data, 1, length, sink->out) != length) {
		sink->failed = true;
		return CAIRO_STATUS_WRITE_ERROR;
	}
	return CAIRO_STATUS_SUCCESS;
}

/* the pixel coordinate of grid line i */
static double at(int i)
{
	return MB_PNG_MAZE_MARGIN_PX + (double)i * MB_PNG_MAZE_SQUARE_PX;
}

static void draw_walls(cairo_t *cr, const struct mb_maze *m)
{
	/* mb_maze_wall_h/_v: the rim of a shaped maze and its inner walls alike */
	for (int y = 0; y <= m->h; y++)
		for (int x = 0; x < m->w; x++)
			if (mb_maze_wall_h(m, x, y)) {
				cairo_move_to(cr, at(x), at(y));
				cairo_line_to(cr, at(x + 1), at(y));
			}
	for (int x = 0; x <= m->w; x++)
		for (int y = 0; y < m->h; y++)
			if (mb_maze_wall_v(m, x, y)) {
				cairo_move_to(cr, at(x), at(y));
				cairo_line_to(cr, at(x), at(y + 1));
			}
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, 2);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
	cairo_stroke(cr);
}

static void draw_route(cairo_t *cr, const struct mb_maze *m)
{
	int *route = xmallocarray((size_t)m->w * (size_t)m->h, sizeof(*route));
	int len = mb_maze_route(m, route);
	double half = MB_PNG_MAZE_SQUARE_PX / 2.0, gx, gy;

	if (len > 0) {
		/* from one square beyond the entrance gap to one beyond the exit */
		mb_maze_gap_point(m, false, 1.0, &gx, &gy);
		cairo_move_to(cr, at(0) + gx * MB_PNG_MAZE_SQUARE_PX, at(0) + gy * MB_PNG_MAZE_SQUARE_PX);
		for (int i = 0; i < len; i++)
			cairo_line_to(cr, at(route[i] % m->w) + half, at(route[i] / m->w) + half);
		mb_maze_gap_point(m, true, 1.0, &gx, &gy);
		cairo_line_to(cr, at(0) + gx * MB_PNG_MAZE_SQUARE_PX, at(0) + gy * MB_PNG_MAZE_SQUARE_PX);
		cairo_set_source_rgb(cr, 0.84, 0.15, 0.16);
		cairo_set_line_width(cr, 3);
		cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
		cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
		cairo_stroke(cr);
	}
	free(route);
}

enum mb_status mb_png_maze_write(FILE *out, const char *name, const struct mb_maze *m,
				 bool solution, struct mb_error *err)
{
	int width = m->w * MB_PNG_MAZE_SQUARE_PX + 2 * MB_PNG_MAZE_MARGIN_PX;
	int height = m->h * MB_PNG_MAZE_SQUARE_PX + 2 * MB_PNG_MAZE_MARGIN_PX;
	cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
	cairo_t *cr = cairo_create(surface);
	struct sink sink = { out, false };
	cairo_status_t status;
	enum mb_status st = MB_OK;

	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	draw_walls(cr, m);
	if (solution)
		draw_route(cr, m);
	status = cairo_status(cr);
	cairo_destroy(cr);
	if (status == CAIRO_STATUS_SUCCESS)
		status = cairo_surface_write_to_png_stream(surface, write_chunk, &sink);
	cairo_surface_destroy(surface);
	if (sink.failed)
		st = mb_error_set(err, MB_ERR_IO, "cannot write '%s': write failed", name);
	else if (status != CAIRO_STATUS_SUCCESS)
		st = mb_error_set(err, MB_ERR_INTERNAL, "cannot draw '%s': cairo: %s", name,
				  cairo_status_to_string(status));
	return st;
}
