/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * One maze as a standalone SVG image (`mazebook maze --format svg`):
 * through the drawing list and maze_draw, as every other output, written
 * by draw_svg. It sits in the page layer because it draws; the maze
 * layer's format_text.c and format_json.c keep the text and JSON forms,
 * which only describe.
 */
#include "config.h"

#include <math.h>
#include <stdbool.h>

#include "mazebook/base/error.h"
#include "mazebook/maze/grid.h"
#include "mazebook/maze/maze.h"
#include "mazebook/page/draw.h"
#include "mazebook/page/draw_svg.h"
#include "mazebook/page/maze_draw.h"
#include "mazebook/page/render_svg.h"

#define SVG_PX_PER_SQUARE 16

/*
 * A graph maze's SVG: the list in pixels (16 a grid unit, so the arcs'
 * Beziers are fitted at the size they are shown), half a unit of white
 * around the walls' bounds, round caps and joins.
 */
static char *svg_graph(const struct mb_maze *m, bool solution)
{
	const double px = SVG_PX_PER_SQUARE;
	double w, h;
	struct mb_draw_list *l;
	struct mb_maze_place at = { px / 2, px / 2, px };
	struct mb_pen walls = { .width = 0.12 * px, .rgb = 0x000000, .cap = MB_CAP_ROUND,
				.join = MB_JOIN_ROUND };
	struct mb_pen route = { .width = 0.25 * px, .rgb = 0xd62728, .cap = MB_CAP_ROUND,
				.join = MB_JOIN_ROUND };
	char *svg;

	mb_maze_extent(m, &w, &h);
	w = ceil((w + 1) * px);
	h = ceil((h + 1) * px);
	l = mb_draw_new(w, h);
	mb_draw_rect(l, 0, 0, w, h);
	mb_draw_fill(l, &(struct mb_paint){ .rgb = 0xffffff });
	mb_maze_draw_walls(l, m, &at, &walls);
	if (solution)
		mb_maze_draw_route(l, m, &at, &route, 0.5);
	svg = mb_draw_svg(l, 1, NULL, NULL);
	if (!svg)
		BUG("a maze's drawing has no SVG");
	mb_draw_free(l);
	return svg;
}

/*
 * A square grid's SVG: the list in squares, half a square of white around
 * the maze; walls 0.12 of a square with round caps, the route 0.25 in red
 * from gap to gap.
 */
static char *svg_square(const struct mb_maze *m, bool solution)
{
	struct mb_draw_list *l = mb_draw_new(m->w + 1, m->h + 1);
	struct mb_maze_place at = { 0.5, 0.5, 1 };
	struct mb_pen walls = { .width = 0.12, .rgb = 0x000000, .cap = MB_CAP_ROUND };
	struct mb_pen route = { .width = 0.25, .rgb = 0xd62728, .cap = MB_CAP_ROUND,
				.join = MB_JOIN_ROUND };
	struct mb_paint white = { .rgb = 0xffffff };
	char *svg;

	mb_draw_rect(l, 0, 0, m->w + 1, m->h + 1);
	mb_draw_fill(l, &white);
	mb_maze_draw_walls(l, m, &at, &walls);
	if (solution)
		mb_maze_draw_route(l, m, &at, &route, 0.5);
	svg = mb_draw_svg(l, SVG_PX_PER_SQUARE, NULL, NULL);
	if (!svg)
		BUG("a maze's drawing has no SVG");
	mb_draw_free(l);
	return svg;
}

char *mb_render_svg(const struct mb_maze *m, bool solution)
{
	return mb_grid_is_graph(m->grid) ? svg_graph(m, solution) : svg_square(m, solution);
}
