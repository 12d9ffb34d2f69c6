/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The one routine that draws a maze: its walls, and its solution route,
 * into a drawing list (include/mazebook/page/draw.h). The interior's maze and
 * solution pages, the title page's maze, the cover, the PNG previews and
 * the SVG output all draw their mazes through it, so a wall printed
 * anywhere is the wall mb_maze_wall_h/_v says is there (a shaped maze's
 * rim and its inner walls alike).
 *
 * Both routines append one self-contained group to the list:
 *
 *   SAVE, TRANSFORM (grid units to the list's points), path, STROKE, RESTORE
 *
 * The path is in grid units (square (x, y) spans [x, x+1] x [y, y+1], y
 * down): the walls' points are whole numbers and the route's are halves,
 * so a PDF writer prints them in a few digits each. The walls are one
 * path with one MOVE/LINE pair per maximal straight run (rows top to
 * bottom, then columns left to right), as the interior has always drawn
 * them, so a page holds a few hundred lines rather than one per side and
 * the maze prover reads the runs back. The pen's width is given in
 * points; the routine divides it by the square's side inside the
 * transform, so the printed line is pen->width wide.
 *
 * A graph grid (polar, hex, delta: mb_grid_is_graph) is drawn from its
 * wall shapes in its own grid units, place naming where the top-left
 * corner of the walls' bounding box (lat->x0, lat->y0) lands and
 * cell_pt the points per grid unit. Every closed wall is drawn (an inner
 * wall whose byte is 0, a rim side but for the entrance and exit gaps);
 * collinear segments that touch are merged into one line and concentric
 * arcs that touch into one arc, and pieces meeting end to end are joined
 * into one subpath where a greedy walk finds them. Arcs are cubic
 * Beziers, each at most a quarter circle and split finer until its
 * radial error at the drawn scale is under 0.01 pt. Points are rounded
 * to 1/100000 of a grid unit, so builds are byte-identical. The route
 * runs through the cells' centres; on a polar grid round a ring it
 * follows the ring's arc (radius r + 0.5) and between rings a radius,
 * and with the centre as exit it ends at the centre.
 */
#ifndef MAZEBOOK_MAZE_DRAW_H
#define MAZEBOOK_MAZE_DRAW_H

#include <stdbool.h>
#include <stddef.h>

#include "mazebook/maze/maze.h"
#include "mazebook/page/draw.h"

/* Where a maze lands in a list: the lattice's top-left corner and a square's side, in points. */
struct mb_maze_place {
	double x, y;		/* square (0, 0)'s top-left corner (a graph grid's bounds'), y down */
	double cell_pt;		/* the side of a square (a graph grid's unit), > 0 */
};

/* The drawn size of m in grid units: w x h squares, or a graph grid's bounds. */
void mb_maze_extent(const struct mb_maze *m, double *w, double *h);

/*
 * Append the walls of m at place with pen (width in points). A maze has
 * at least its rim, so the group always has a path; but a polar maze of
 * one ring, the centre cell alone, whose whole rim is its entrance: it
 * appends nothing.
 */
void mb_maze_draw_walls(struct mb_draw_list *l, const struct mb_maze *m,
			const struct mb_maze_place *place, const struct mb_pen *pen);

/*
 * Kept plans of graph mazes' walls (merged and joined into paths), so a
 * maze drawn again, as a solution page does, skips that work: the same
 * drawing as mb_maze_draw_walls, whatever was kept. A plan is used only
 * for the maze it was made for, with the walls and gaps it had then.
 */
struct mb_wall_plans;
struct mb_wall_plans *mb_wall_plans_new(void);
void mb_wall_plans_free(struct mb_wall_plans *plans);	/* accepts NULL */
/* mb_maze_draw_walls, keeping and using plans (NULL: none) */
void mb_maze_draw_walls_planned(struct mb_draw_list *l, const struct mb_maze *m,
				const struct mb_maze_place *place, const struct mb_pen *pen,
				struct mb_wall_plans *plans);

/*
 * Append the solution route of m at place with pen (width in points):
 * from the point `beyond` squares past the entrance gap's cell centre
 * (mb_maze_gap_point: 0.5 is the gap's midpoint, 0.95 just outside it)
 * through the centres of the route's cells, with a point only where the
 * route turns, to the same point past the exit gap. Returns false and
 * appends nothing when the maze has no route from entrance to exit.
 */
bool mb_maze_draw_route(struct mb_draw_list *l, const struct mb_maze *m,
			const struct mb_maze_place *place, const struct mb_pen *pen,
			double beyond);

/*
 * The closed walls of a graph maze (m->grid->lat) into out (NULL: only
 * count them), before any merging: the sides the drawing covers.
 */
size_t mb_maze_graph_walls(const struct mb_maze *m, struct mb_wall_shape *out);

/*
 * The largest radial distance between the arc of radius r and angle t
 * (at most a quarter circle) and the cubic Bezier drawn for it (ends on
 * the arc, control points along the tangents 4/3 tan(t/4) r away):
 * r * 2 sin^6(t/4) / (27 cos^2(t/4)), in r's units.
 */
double mb_maze_arc_error(double r, double t);

/* How many equal Beziers an arc of r_pt points radius and angle t is drawn with. */
int mb_maze_arc_pieces(double r_pt, double t);

#endif
