/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The printed page as the arbiter: a maze's walls read from the ink of its
 * rendering (mpread renders it with MuPDF; this file only sees gray
 * pixels). A pixel is ink when it is darker than paper by the preflight's
 * lightest printable gray (MB_MP_INK_SHARE). Along each wall position of
 * the grid, a band as wide as the pen plus the snapping slack is looked
 * at; a stretch of the wall where no pixel across the band is ink, at
 * least a pencil's width long (mb_mp_pencil_pt), is an opening, anything
 * else a wall. Ink inside a square, clear of its walls' bands, is a bar
 * or a mark across its corridor, which no wall set describes.
 */
#ifndef MAZEPROOF_MPRASTER_H
#define MAZEPROOF_MPRASTER_H

#include <stdbool.h>
#include <stddef.h>

#include "mpmaze.h"

/* pixels a point: the thinnest wall the preflight allows (0.75 pt) is 3 pixels wide */
#define MB_MP_RENDER_RES 4.0
/* a pencil line: at least this wide (points), and at least the pen */
#define MB_MP_PENCIL_PT 1.5

/* the gray pixels of a rendering: pixel (0, 0) has its top-left corner at (x0, y0) page points */
struct mb_mp_image {
	const unsigned char *pix;
	int w, h;
	double x0, y0, res;
};

/*
 * The width of an opening: a pencil line, MB_MP_PENCIL_PT or the pen if
 * wider, but never more than half the clear width of a square.
 */
double mb_mp_pencil_pt(double pen_pt, double square_pt);
/* Half the width of the band looked at across a wall position, in points. */
double mb_mp_band_pt(double pen_pt, double square_pt, double res);
/*
 * Read m's walls (its grid: w, h, origin, squares, pen) from img into
 * hwall and vwall, laid out as m's. *ink_square is the first square
 * (y * w + x) with ink inside it clear of its walls, or -1.
 */
void mb_mp_raster_walls(const struct mb_mp_maze *m, const struct mb_mp_image *img,
			unsigned char *hwall, unsigned char *vwall, long *ink_square);
/*
 * Judge m by img: its walls become the ink's, and the first place where
 * they differ from the lines drawn (both ways, or only drawn walls missing
 * from the ink when the lines are known to be incomplete: walls drawn as
 * filled outlines) goes into m->ink_note, said when the maze fails. Ink
 * inside a square, clear of its walls, is a problem: the maze fails.
 */
void mb_mp_judge_ink(struct mb_mp_maze *m, const struct mb_mp_image *img, bool lines_incomplete);

#endif
