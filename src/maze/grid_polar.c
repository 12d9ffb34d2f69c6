/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The polar grid: rings of cells round a centre cell
 * (include/mazebook/maze/grid.h), built with the shared builder of
 * src/maze/lattice_build.h. The cell numbering and the order of each
 * cell's sides are part of every maze's recipe: changing them changes the
 * mazes a seed gives.
 */
/*
 * The polar grid: rings of cells round a centre cell (include/mazebook/maze/grid.h), built with the
 * shared builder of src/maze/lattice_build.h. The cell numbering and the
 * order of each cell's sides are part of every maze's recipe: changing
 * them changes the mazes a seed gives.
 */
#include "config.h"
#include "mazebook/maze/grid.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"
#include "lattice_build.h"

struct mb_grid *mb_grid_new_polar(int rings, struct mb_error *err)
{
	int *count, *start, cells = 0;
	struct build b;
	struct mb_lattice *lat;

	if (rings < 1 || rings > MB_POLAR_MAX_RINGS) {
		mb_error_set(err, MB_ERR_INPUT,
			     "a circular maze of %d rings is out of range (1 to %d rings)",
			     rings, MB_POLAR_MAX_RINGS);
		return NULL;
	}
	count = xmallocarray((size_t)rings, sizeof(int));
	start = xmallocarray((size_t)rings, sizeof(int));
	count[0] = 1;
	for (int r = 1; r < rings; r++) {
		long ratio = lround(2 * PI * r / count[r - 1]);

		count[r] = count[r - 1] * (int)(ratio < 1 ? 1 : ratio);
	}
	for (int r = 0; r < rings; r++) {
		start[r] = cells;
		cells += count[r];
	}
	b = lattice_build_start(MB_GRID_POLAR, cells);
	lat = b.lat;
	lat->rings = rings;
	lat->ring_first = start;
	lat->ring_count = count;
	lat->min_feature = 1;
	for (int r = 0; r < rings; r++) {
		int n = count[r];

		if (r > 0)
			lat->min_feature = fmin(lat->min_feature, 2 * PI * r / n);
		for (int k = 0; k < n; k++) {
			int c = start[r] + k;
			double a0 = 2 * PI * k / n, a1 = 2 * PI * (k + 1) / n, mid = (a0 + a1) / 2;
			struct mb_wall_shape sh;

			lat->first[c] = b.nsides;
			lat->ca[c] = r;
			lat->cb[c] = k;
			lat->cx[c] = r ? (r + 0.5) * cos(mid) : 0;
			lat->cy[c] = r ? (r + 0.5) * sin(mid) : 0;
			if (r > 0) {
				/* inward, then clockwise on (k + 1), then back (k - 1) */
				sh = arc(r, a0, a1);
				lattice_add_side(&b, start[r - 1] + k * count[r - 1] / n, &sh);
				sh = segment(r * cos(a1), r * sin(a1), (r + 1) * cos(a1), (r + 1) * sin(a1));
				lattice_add_side(&b, start[r] + (k + 1) % n, &sh);
				sh = segment(r * cos(a0), r * sin(a0), (r + 1) * cos(a0), (r + 1) * sin(a0));
				lattice_add_side(&b, start[r] + (k + n - 1) % n, &sh);
			}
			if (r + 1 < rings) {
				int f = count[r + 1] / n, m = count[r + 1];

				for (int j = 0; j < f; j++) {
					int child = k * f + j;

					sh = arc(r + 1, 2 * PI * child / m, 2 * PI * (child + 1) / m);
					lattice_add_side(&b, start[r + 1] + child, &sh);
				}
			} else {
				sh = arc(r + 1, a0, a1);
				lattice_add_side(&b, -1, &sh);
			}
		}
	}
	return lattice_finish(&b);
}
