/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Walls from ink. Each wall position is a run of pixels along the grid
 * line, a band across it; a column (or row) of the band is blocked when any
 * of its pixels is ink. The longest unblocked stretch inside the wall's
 * span decides: a pencil's width or more is an opening. The band is the
 * pen's half width plus a twentieth of a square (at most 1 pt) plus a pixel
 * each side of the line, so a wall drawn a little off its line is still
 * seen, and glyphs or arrows just outside the rim are not.
 */
#include "config.h"

#include "mpraster.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpread.h"
#include "mputil.h"

/* a pixel darker than paper by MB_MP_INK_SHARE or more */
#define INK_LEVEL ((int)(255 * (1 - MB_MP_INK_SHARE)))

double mb_mp_pencil_pt(double pen_pt, double square_pt)
{
	double g = fmax(MB_MP_PENCIL_PT, pen_pt), most = 0.5 * (square_pt - pen_pt);

	return most > 0 && g > most ? most : g;
}

double mb_mp_band_pt(double pen_pt, double square_pt, double res)
{
	return fmin(0.5 * pen_pt + fmin(0.05 * square_pt, 1.0) + 1 / res, 0.3 * square_pt);
}

static bool ink(const struct mb_mp_image *img, long x, long y)
{
	if (x < 0 || y < 0 || x >= img->w || y >= img->h)
		return false;	/* off the rendering: off the page */
	return img->pix[(size_t)y * (size_t)img->w + (size_t)x] <= INK_LEVEL;
}

/*
 * Is the wall position open? horizontal: along x from a0 to a1 (points),
 * at y = across; otherwise along y at x = across.
 */
static bool open_at(const struct mb_mp_image *img, bool horizontal, double across, double a0,
		    double a1, double band, double pencil)
{
	double off_across = horizontal ? img->y0 : img->x0, off_along = horizontal ? img->x0 : img->y0;
	long c0 = (long)floor((across - band - off_across) * img->res);
	long c1 = (long)ceil((across + band - off_across) * img->res);
	long s0 = (long)floor((a0 - off_along) * img->res), s1 = (long)ceil((a1 - off_along) * img->res);
	/* anti-aliasing greys a pixel at the edges of a gap: a pixel's worth, spread over two */
	double need = pencil * img->res - 1;
	long run = 0;

	for (long s = s0; s < s1; s++) {
		bool blocked = false;

		for (long c = c0; c <= c1 && !blocked; c++)
			blocked = horizontal ? ink(img, s, c) : ink(img, c, s);
		run = blocked ? 0 : run + 1;
		if ((double)run >= need)
			return true;
	}
	return false;
}

void mb_mp_raster_walls(const struct mb_mp_maze *m, const struct mb_mp_image *img,
			unsigned char *hwall, unsigned char *vwall, long *ink_square)
{
	double sq = fmin(m->cell_w_pt, m->cell_h_pt);
	double band = mb_mp_band_pt(m->pen_pt, sq, img->res);
	double pencil = mb_mp_pencil_pt(m->pen_pt, sq);

	for (int j = 0; j <= m->h; j++)
		for (int i = 0; i < m->w; i++)
			hwall[(size_t)j * (size_t)m->w + (size_t)i] =
				!open_at(img, true, m->y_pt + j * m->cell_h_pt, m->x_pt + i * m->cell_w_pt,
					 m->x_pt + (i + 1) * m->cell_w_pt, band, pencil);
	for (int j = 0; j < m->h; j++)
		for (int i = 0; i <= m->w; i++)
			vwall[(size_t)j * (size_t)(m->w + 1) + (size_t)i] =
				!open_at(img, false, m->x_pt + i * m->cell_w_pt, m->y_pt + j * m->cell_h_pt,
					 m->y_pt + (j + 1) * m->cell_h_pt, band, pencil);
	*ink_square = -1;
	for (int j = 0; j < m->h && *ink_square < 0; j++)
		for (int i = 0; i < m->w && *ink_square < 0; i++) {
			double margin = band + 1 / img->res;
			long x0 = (long)ceil((m->x_pt + i * m->cell_w_pt + margin - img->x0) * img->res);
			long x1 = (long)floor((m->x_pt + (i + 1) * m->cell_w_pt - margin - img->x0) * img->res);
			long y0 = (long)ceil((m->y_pt + j * m->cell_h_pt + margin - img->y0) * img->res);
			long y1 = (long)floor((m->y_pt + (j + 1) * m->cell_h_pt - margin - img->y0) * img->res);

			for (long y = y0; y < y1 && *ink_square < 0; y++)
				for (long x = x0; x < x1; x++)
					if (ink(img, x, y)) {
						*ink_square = (long)j * m->w + i;
						break;
					}
		}
}

/* "the top of (3,2)" for wall k of the kind given */
static void wall_name(const struct mb_mp_maze *m, bool horizontal, int i, int j, char *buf,
		      size_t len)
{
	if (horizontal)
		snprintf(buf, len, "the %s of (%d,%d)", j < m->h ? "top" : "bottom", i,
			 j < m->h ? j : m->h - 1);
	else
		snprintf(buf, len, "the %s of (%d,%d)", i < m->w ? "left" : "right",
			 i < m->w ? i : m->w - 1, j);
}

void mb_mp_judge_ink(struct mb_mp_maze *m, const struct mb_mp_image *img, bool lines_incomplete)
{
	size_t nh = (size_t)(m->h + 1) * (size_t)m->w, nv = (size_t)m->h * (size_t)(m->w + 1);
	unsigned char *hw = mb_mp_xmalloc(nh ? nh : 1), *vw = mb_mp_xmalloc(nv ? nv : 1);
	long ink_square, opened = 0, closed = 0;
	char first_open[48] = "", first_closed[48] = "", msg[200];

	mb_mp_raster_walls(m, img, hw, vw, &ink_square);
	for (size_t k = 0; k < nh + nv; k++) {
		bool horizontal = k < nh;
		size_t at = horizontal ? k : k - nh;
		unsigned char drawn = horizontal ? m->hwall[at] : m->vwall[at];
		unsigned char printed = horizontal ? hw[at] : vw[at];
		int i = horizontal ? (int)(at % (size_t)m->w) : (int)(at % (size_t)(m->w + 1));
		int j = horizontal ? (int)(at / (size_t)m->w) : (int)(at / (size_t)(m->w + 1));

		if (drawn && !printed && opened++ == 0)
			wall_name(m, horizontal, i, j, first_open, sizeof first_open);
		if (!drawn && printed && !lines_incomplete && closed++ == 0)
			wall_name(m, horizontal, i, j, first_closed, sizeof first_closed);
	}
	/*
	 * The ink decides the walls; where the lines drew otherwise, that is
	 * said when the maze fails (white paint over a wall opens a loop),
	 * but paint that makes a perfect maze (gaps painted out of a full
	 * rim) passes. Ink inside a square is no wall set: it fails.
	 */
	msg[0] = 0;
	if (opened)
		snprintf(msg, sizeof msg, "the printed page shows an opening at %s where a wall is "
			 "drawn (painted over, clipped, cut short or off the page?)%s", first_open,
			 opened + closed > 1 ? "; and more" : "");
	else if (closed)
		snprintf(msg, sizeof msg, "the printed page shows a wall at %s where the lines draw "
			 "none (a fill, an image or glyphs?)%s", first_closed,
			 closed > 1 ? "; and more" : "");
	snprintf(m->ink_note, sizeof m->ink_note, "%s", msg);
	if (ink_square >= 0 && !m->problem[0])
		snprintf(m->problem, sizeof m->problem, "ink inside the square (%ld,%ld), clear of its "
			 "walls (a bar or a mark across its corridor?)", ink_square % m->w,
			 ink_square / m->w);
	memcpy(m->hwall, hw, nh);
	memcpy(m->vwall, vw, nv);
	m->rendered = true;
	free(hw);
	free(vw);
}
