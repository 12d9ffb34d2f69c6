/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Rebuild mazes from the lines on a page, from geometry alone: the black
 * axis-aligned segments (strokes, and the axes of filled black rectangles)
 * are grouped into connected drawings (in one pen within three quarters of
 * it; in two pens where their ink meets), and drawings whose boxes overlap
 * are one maze (the entrance and exit cut the rim, so a maze's walls are
 * at least two connected pieces), except a bare rectangle around a maze
 * that touches nothing of it (a frame). Each maze's grid is inferred
 * (origin, cell size from the most common spacing of its distinct
 * coordinates, W x H), segments are snapped to cell edges and become a
 * wall set; a wall end snapped by more than half its pen marks the maze
 * inexact (mazeproof then judges it from its rendering, mpraster.h).
 * Marks (coloured strokes of any dash and curve, coloured dots) that pass
 * the centres of two squares or more are a drawn solution; they are
 * followed square by square into a list of grid-line crossings. A label
 * above a maze names it ("Maze 12", "Solution 12", "#12", "Labyrinth 12
 * (Seite 14)"; mb_mp_label_mazes says which).
 *
 * Squares are (x, y), 0-based, x to the right, y down, (0, 0) top left.
 */
#ifndef MAZEPROOF_MPMAZE_H
#define MAZEPROOF_MPMAZE_H

#include <stdbool.h>
#include <stddef.h>

#include "mplimits.h"
#include "mpread.h"


/* The drawn route crosses a grid line: a vertical line (between squares
 * (i-1, j) and (i, j)) or a horizontal one (between (i, j-1) and (i, j)).
 * i or j may name the outer boundary (0 or w / h). */
struct mb_mp_step {
	bool vertical;
	int i, j;
};

struct mb_mp_lattice;		/* a circular or hexagonal maze (mplattice.h) */

struct mb_mp_maze {
	int page;		/* 1-based PDF page */
	int number;		/* from its label; -1 when it has none */
	int label_page;		/* the page a label refers to ("Maze 12 (page 14)"), -1 if none */
	char label[96];		/* the label text used, "" when none */
	int w, h;		/* 0 when the drawing is not a readable grid */
	double x_pt, y_pt;	/* top-left corner on the page */
	double cell_w_pt, cell_h_pt;
	/* (h + 1) rows of w: wall along the top of square (i, j); row h is the bottom edge */
	unsigned char *hwall;
	/* h rows of (w + 1): wall along the left of square (i, j); column w is the right edge */
	unsigned char *vwall;
	bool solution;		/* a route is drawn in it: a solution copy */
	struct mb_mp_step *steps;
	size_t nsteps, cap_steps;
	char route_problem[160];	/* a drawn route that is not a grid walk, "" if none */
	char problem[200];	/* why the drawing could not be read, "" if it could */
	double pen_pt;		/* the widest pen of its walls */
	double thin_pt;		/* the thinnest */
	/* a wall end sits more than half a pen off the grid: the lines do not say exactly what prints */
	bool inexact;
	int *route_ops;		/* the page's painting operations that draw its solution (sorted) */
	size_t nroute_ops, cap_route_ops;
	bool rendered;		/* walls judged from the rendered page */
	char ink_note[200];	/* where the ink differs from the lines, "" if nowhere */
	bool by_walls;		/* a copy paired with its maze by its walls, not a label */
	/* not NULL: a circular or hexagonal maze, w = h = 1 and its box the one square */
	struct mb_mp_lattice *lat;
};

static inline unsigned char mb_mp_hwall(const struct mb_mp_maze *m, int i, int j)
{
	return m->hwall[(size_t)j * (size_t)m->w + (size_t)i];
}

static inline unsigned char mb_mp_vwall(const struct mb_mp_maze *m, int i, int j)
{
	return m->vwall[(size_t)j * (size_t)(m->w + 1) + (size_t)i];
}

/*
 * Find the mazes drawn on page. Returns their number and stores a new array
 * in *out (free each with mb_mp_maze_release, then the array). Drawings of
 * four or more black lines that are not a grid are returned too, with w == 0
 * and problem set; smaller stray lines are ignored, and so are small
 * drawings of outlines only that look like letters (MB_MP_MAX_GLYPH_PT). A page past
 * MB_MP_MAX_BUCKET or MB_MP_MAX_DRAWINGS gives one such entry saying so.
 */
size_t mb_mp_find_mazes(const struct mb_mp_page *page, struct mb_mp_maze **out);
void mb_mp_maze_release(struct mb_mp_maze *m);

/*
 * The number of a label: the number right after a word naming a maze, its
 * solution or its puzzle, a whole word in the singular in any case
 * ("Maze 12", "SOLUTION: 4", "Lösung zu Labyrinth 4", "Réponse 7"), or
 * after '#' ("#12"); -1 when text is in no label's form: "Christmas Mazes
 * 2026", "Mazes 101 for Kids", "Ages 4-6", "17" name no maze.
 */
int mb_mp_label_number(const char *text);
/*
 * Give the page's mazes (readable ones: w > 0; squares or lattices, their
 * box x_pt, y_pt, w * cell_w_pt, h * cell_h_pt) their labels: number,
 * label_page and label, -1, -1 and "" for a maze with none. A line of text
 * (glyph runs joined along one baseline) is a maze's label when it is in a
 * label's form (mb_mp_label_number) and belongs to that maze: it stands
 * above it (its baseline no lower than half its size below the maze's
 * top), over its columns or beside them by at most half its width, and of
 * all the mazes it stands so above it is nearest to this one (the height
 * above the top plus three times the gap beside), so a label names the
 * first maze under it and never one further down past another. A maze
 * takes the nearest of the lines that belong to it; each line names one
 * maze at most.
 */
void mb_mp_label_mazes(const struct mb_mp_page *page, struct mb_mp_maze **mazes, size_t n);
/*
 * The page a label refers to, after a word for a page ("Maze 12 (page
 * 14)", "Labyrinth 12 (Seite 14)" give 14), or -1; "Maze 1 of 4" counts,
 * it names no page.
 */
int mb_mp_label_page(const char *text);
/* Is text a folio: a number standing alone? Returns it, or -1. */
int mb_mp_folio(const char *text);

#endif
