/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * PNG previews of a maze: the core's one maze drawing
 * (mazebook/page/maze_draw.h) into a drawing list, replayed into cairo's image
 * surface by draw_cairo. Walls 2 px wide lie on whole pixels, so they come
 * out crisp; the image is RGB24 on white.
 */
#include "config.h"
#include "mazebook/backend/png_maze.h"

#include <cairo.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "draw_cairo.h"
#include "mazebook/page/maze_draw.h"

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

enum mb_status mb_png_maze_write(FILE *out, const char *name, const struct mb_maze *m,
				 bool solution, struct mb_error *err)
{
	bool graph = mb_grid_is_graph(m->grid);
	double ew, eh;

	mb_maze_extent(m, &ew, &eh);	/* w x h squares on the square kinds: the sizes as ever */
	int width = (int)ceil(ew * MB_PNG_MAZE_SQUARE_PX) + 2 * MB_PNG_MAZE_MARGIN_PX;
	int height = (int)ceil(eh * MB_PNG_MAZE_SQUARE_PX) + 2 * MB_PNG_MAZE_MARGIN_PX;
	cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
	cairo_t *cr = cairo_create(surface);
	struct sink sink = { out, false };
	cairo_status_t status;
	enum mb_status st = MB_OK;

	struct mb_draw_list *l = mb_draw_new(width, height);
	const struct mb_maze_place place = { MB_PNG_MAZE_MARGIN_PX, MB_PNG_MAZE_MARGIN_PX,
					     MB_PNG_MAZE_SQUARE_PX };
	/* slanted and curved walls meet at angles: round caps and joins close them */
	const struct mb_pen walls = { .width = 2, .rgb = 0x000000,
				      .cap = graph ? MB_CAP_ROUND : MB_CAP_SQUARE,
				      .join = graph ? MB_JOIN_ROUND : MB_JOIN_MITER };
	/* from one square beyond the entrance gap to one beyond the exit */
	const struct mb_pen route = { .width = 3, .rgb = 0xd62629, .cap = MB_CAP_ROUND,
				      .join = MB_JOIN_ROUND };

	/* one pixel is one point of the list */
	mb_draw_rect(l, 0, 0, width, height);
	mb_draw_fill(l, &(struct mb_paint){ .rgb = 0xffffff });
	mb_maze_draw_walls(l, m, &place, &walls);
	if (solution)
		mb_maze_draw_route(l, m, &place, &route, 1.0);
	status = mb_draw_cairo(cr, l, NULL);
	mb_draw_free(l);
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
