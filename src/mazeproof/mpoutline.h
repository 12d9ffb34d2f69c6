/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Walls drawn as filled outlines: a maze whose walls are black filled
 * polygons that are not rectangles (Inkscape's "Stroke to Path" on every
 * wall and the rim, one polygon with holes for the whole maze; thick walls
 * as polygons in Canva or LibreOffice; a run of walls with bevelled or
 * round ends). Such a page has no stroked line, so the lattice cannot come
 * from the lines; this file turns each outline back into the centre lines
 * of the walls it paints, which mpmaze then reads like stroked walls
 * (segments with a pen), and the rendering judges as it judges any fill.
 *
 * How: the outline is cut into vertical slabs at every x where a point of
 * it lies, so inside a slab no edge starts or ends. Along the middle of a
 * slab, the edges crossing it are sorted from the top, and the fill rule
 * (nonzero or even-odd, on the winding counted from the edges' direction)
 * gives the runs of ink. A run bounded above and below by horizontal
 * edges is a cross-section of a horizontal wall; the same run in the next
 * slabs is the same wall, so runs are joined across slabs into pieces of
 * constant thickness (the pen). A piece longer than it is thick is a wall:
 * its centre line, at mid-thickness. Where it runs into thicker ink (a
 * junction with a crossing wall, the rim) its end goes to the middle of
 * that ink, the point where the crossing wall's centre line is; at a free
 * end it stops half a pen short, as a square cap's line would. Vertical
 * walls are the same with x and y swapped.
 *
 * Slanted walls (hexagons' sides at 30 and 150 or 60 and 120 degrees,
 * triangles' at 60 and 120) are read the same way on the outline turned
 * so that they lie level: one more pass for each direction the outline's
 * long edges run in (MB_MP_OUTLINE_MAX_SLANTS at most). Where slanted
 * walls meet (three at 120 degrees, up to six at 60) the middle of the
 * ink is not where their centre lines cross, so an end that ran into a
 * junction is moved to the nearest crossing of its centre line with
 * another wall's there (MB_MP_OUTLINE_MEET_PENS); level and upright walls
 * meeting each other keep their ends, which are exact already.
 *
 * Why this and not rendering the outline and reading pixels: it is exact
 * (coordinates come from the file, not from pixels at some resolution),
 * needs no MuPDF (this file sees plain points, so the unit tests drive it
 * directly), and costs time linear in the edges crossing each slab, about
 * 4 W H crossings for one polygon drawing a W x H maze. Curves
 * are flattened by the caller; a run bounded by a curve or a slanted edge
 * (a round cap, a bevel) is ink but not a wall's side, so it only tells
 * where a wall's end is.
 */
#ifndef MAZEPROOF_MPOUTLINE_H
#define MAZEPROOF_MPOUTLINE_H

#include <stdbool.h>
#include <stddef.h>

#include "mplimits.h"

/*
 * An outline is thinner than this in no wall (points): finer steps are
 * float noise of the producer, the same edge drawn twice.
 */
#define MB_MP_OUTLINE_EPS_PT 0.01
/* edges within this many degrees are one direction (float noise of slanted coordinates) */
#define MB_MP_OUTLINE_DIR_DEG 0.5
/* a direction is read when its edges are this share of the outline's length (not a cap's pieces) */
#define MB_MP_OUTLINE_DIR_SHARE 0.05
/* a wall end at a junction moves at most this many pens, to where the centre lines cross */
#define MB_MP_OUTLINE_MEET_PENS 1.5

/* one filled path: closed contours of straight pieces, in page points */
struct mb_mp_outline {
	double *xy;		/* x y pairs */
	size_t npts, cap_pts;	/* in points (pairs) */
	size_t *ends;		/* contour k is points [ends[k-1], ends[k]) (ends[-1] = 0) */
	size_t ncontours, cap_contours;
	bool even_odd;		/* the fill rule: even-odd, else nonzero */
};

/* one wall read from an outline: its centre line and its thickness */
struct mb_mp_outline_wall {
	double x0, y0, x1, y1;	/* page points; level or upright (first end the smaller) or slanted */
	double width_pt;
};

/* Start a new contour at (x, y) (the one before is closed). */
void mb_mp_outline_move(struct mb_mp_outline *o, double x, double y);
/* A straight piece to (x, y); without a move first, it starts a contour there. */
void mb_mp_outline_line(struct mb_mp_outline *o, double x, double y);
/* Free what o holds and zero it (keeps nothing, even_odd included). */
void mb_mp_outline_release(struct mb_mp_outline *o);

/*
 * The walls o paints. Returns their number (0 when it paints none: a
 * blob, a glyph-like shape, a circle) and stores a new array in *out (free
 * it; NULL when there are none). Returns -1 with *out NULL when o would
 * take more than MB_MP_OUTLINE_MAX_WORK or *budget crossings, or holds a
 * point that is not finite. The crossings used are taken off *budget.
 */
long mb_mp_outline_walls(const struct mb_mp_outline *o, size_t *budget,
			 struct mb_mp_outline_wall **out);

/*
 * Walls read from separate outlines (a polygon a wall, "strokepath fill"
 * on each: butt ends stop half a pen short of the point where they meet,
 * a round cap drawn as a whole disc reads a little past it) know nothing
 * of each other: once a page's are all read, each end of a slanted one,
 * or of one meeting a slanted one, goes to the nearest crossing of its
 * centre line with another's within MB_MP_OUTLINE_MEET_PENS pens, as
 * ends inside one outline do; with no crossing, two walls in one line
 * whose ends are less than that apart meet in the middle of the gap (on a
 * page with a slanted wall: level and upright ones alone keep theirs). A
 * free end has nothing that near and stays.
 */
void mb_mp_outline_meet(struct mb_mp_outline_wall *walls, size_t n);

#endif
