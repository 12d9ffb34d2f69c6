/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * What the pieces of the rectangular maze reader (mpcluster.c,
 * mplattice_rect.c, mproute.c) share: a page's straight black lines, the
 * drawings they group into, and the steps the finder calls. Not for the
 * rest of mazeproof: mpmaze.h is its interface.
 */
#ifndef MAZEPROOF_MPMAZE_INT_H
#define MAZEPROOF_MPMAZE_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "mpmaze.h"

/* an axis-aligned black segment: a horizontal one has y0 == y1, x0 < x1 */
struct line {
	double x0, y0, x1, y1;
	double width;
	bool horizontal;
	bool outline;		/* read from a filled outline (mpoutline.h) */
};

struct cluster {
	double x0, y0, x1, y1;	/* bounding box */
	double width;		/* line width of its first segment */
	size_t *members;
	size_t n, cap;
	bool dropped;
	bool dropped_inside;	/* lines dropped as decoration reach inside it: render to judge */
};

/* mplattice_rect.c */
void mb_mp_set_problem(struct mb_mp_maze *m, const char *what);
bool mb_mp_strip_decoration(const struct line *lines, const struct cluster *c,
			    struct cluster *out);
void mb_mp_build_walls(struct mb_mp_maze *m, const struct line *lines, const struct cluster *c);
void mb_mp_rebuild_on_grid(struct mb_mp_maze *m, const struct line *lines,
			   const struct cluster *c);
void mb_mp_find_diagonal(struct mb_mp_maze *m, const struct mb_mp_page *page);

/* mproute.c */
void mb_mp_read_route(struct mb_mp_maze *m, const struct mb_mp_page *page);

#endif
