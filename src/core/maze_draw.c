/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The one wall-drawing routine; see include/mazebook/maze_draw.h. The
 * walls are found with mb_maze_wall_h/_v only, so a rectangle, a mask's
 * staircase rim and the entrance and exit gaps are drawn by the same
 * loop. Points are in grid units under one transform, whole numbers for
 * walls and halves for the route.
 */
#include "config.h"
#include "mazebook/maze_draw.h"

#include <stdlib.h>

#include "mazebook/measure.h"
#include "mazebook/xalloc.h"

/* SAVE, then a transform taking grid units to place's points */
static void begin_grid(struct mb_draw_list *l, const struct mb_maze_place *place)
{
	struct mb_matrix m = { place->cell_pt, 0, 0, place->cell_pt, place->x, place->y };

	if (!(place->cell_pt > 0))
		BUG("a maze drawn with squares of %g pt", place->cell_pt);
	mb_draw_save(l);
	mb_draw_transform(l, &m);
}

/* STROKE with pen scaled into grid units, then RESTORE */
static void end_grid(struct mb_draw_list *l, const struct mb_maze_place *place,
		     const struct mb_pen *pen)
{
	struct mb_pen local = *pen;

	local.width = pen->width / place->cell_pt;
	for (int i = 0; i < local.ndash && i < MB_DASH_MAX; i++)
		local.dash[i] /= place->cell_pt;
	local.dash_phase /= place->cell_pt;
	mb_draw_stroke(l, &local);
	mb_draw_restore(l);
}

void mb_maze_draw_walls(struct mb_draw_list *l, const struct mb_maze *m,
			const struct mb_maze_place *place, const struct mb_pen *pen)
{
	begin_grid(l, place);
	/* horizontal lines: the top side of row j, and the bottom of the last row */
	for (int j = 0; j <= m->h; j++) {
		int start = -1;

		for (int x = 0; x <= m->w; x++) {
			bool wall = x < m->w && mb_maze_wall_h(m, x, j);

			if (wall && start < 0)
				start = x;
			if (!wall && start >= 0) {
				mb_draw_move(l, start, j);
				mb_draw_line(l, x, j);
				start = -1;
			}
		}
	}
	/* vertical lines: the west side of column i, and the east of the last */
	for (int i = 0; i <= m->w; i++) {
		int start = -1;

		for (int y = 0; y <= m->h; y++) {
			bool wall = y < m->h && mb_maze_wall_v(m, i, y);

			if (wall && start < 0)
				start = y;
			if (!wall && start >= 0) {
				mb_draw_move(l, i, start);
				mb_draw_line(l, i, y);
				start = -1;
			}
		}
	}
	end_grid(l, place, pen);
}

bool mb_maze_draw_route(struct mb_draw_list *l, const struct mb_maze *m,
			const struct mb_maze_place *place, const struct mb_pen *pen,
			double beyond)
{
	int *route = xmallocarray((size_t)m->w * (size_t)m->h, sizeof(*route));
	int n = mb_maze_route(m, route);
	double gx, gy;

	if (n == 0) {
		free(route);
		return false;
	}
	begin_grid(l, place);
	mb_maze_gap_point(m, false, beyond, &gx, &gy);
	mb_draw_move(l, gx, gy);
	for (int i = 0; i < n; i++) {
		int x = route[i] % m->w, y = route[i] / m->w;

		/* skip a point that lies on a straight line between its neighbours */
		if (i > 0 && i < n - 1) {
			int px = route[i - 1] % m->w, py = route[i - 1] / m->w;
			int nx = route[i + 1] % m->w, ny = route[i + 1] / m->w;

			if (x - px == nx - x && y - py == ny - y)
				continue;
		}
		mb_draw_line(l, x + 0.5, y + 0.5);
	}
	mb_maze_gap_point(m, true, beyond, &gx, &gy);
	mb_draw_line(l, gx, gy);
	end_grid(l, place, pen);
	free(route);
	return true;
}
