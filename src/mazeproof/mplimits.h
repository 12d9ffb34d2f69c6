/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Every bound of mazeproof in one place, each with why it is what it is.
 * Most stop a hostile or broken file from making unbounded work or memory
 * (README.md, "Limits", lists the ones a user meets); a few are the largest
 * sizes a shape may have and still be read as what it looks like. Changing
 * one changes what mazeproof reads: the tests and the reports on the test
 * PDFs pin them.
 */
#ifndef MAZEPROOF_MPLIMITS_H
#define MAZEPROOF_MPLIMITS_H

/* ---- the file and the run (mazeproof.c, mpread.c, mpjudge.c) ---- */

/*
 * KDP takes files of at most 650 MB and books of at most 828 pages; the
 * margins leave room for other uses without letting a hostile file run
 * away with the machine.
 */
#define MB_MP_MAX_FILE_BYTES (650000000ull + (64ull << 20))
/*
 * Pages, by the same reasoning.
 * Limits table: PDF read by `mazeproof`
 */
#define MB_MP_MAX_PAGES 2000
/*
 * Default CPU seconds before giving up: a 600-page book takes half a
 * second.
 * Limits table: CPU time of `check` and `mazeproof`
 */
#define MB_MP_MAX_CPU_S 120
/* the largest --max-cpu accepted: a day */
#define MB_MP_MAX_CPU_LIMIT_S 86400
/*
 * Mazes kept per file: KDP prints at most 828 pages, a few mazes a page.
 * Limits table: kept per file
 */
#define MB_MP_MAX_MAZES 10000
/* pages read and not yet judged, at most: the read-ahead thread's memory */
#define MB_MP_READ_AHEAD 4

/* ---- one page's drawing (mpread*.c) ---- */

/*
 * Per page: a 200 x 200 maze has about 80,000 wall pieces, and a page
 * holds at most 9 solutions; more is not a maze page, and keeping it all
 * could take gigabytes (a small deflate stream can draw a billion lines).
 * Limits table: PDF read by `mazeproof`
 */
#define MB_MP_MAX_SEGS 2000000
/*
 * Runs of text kept per page: a page of labels and folios holds a few
 * dozen.
 * Limits table: PDF read by `mazeproof`
 */
#define MB_MP_MAX_TEXTS 200000
/*
 * Per file, so that small files cannot make large work by drawing one
 * content stream on every page or forms inside forms inside forms: an
 * 828-page book makes about 10,000 drawing operations, and a clip is set
 * by every form XObject drawn. The page tree is walked without recursion
 * (src/pdf/pagetree.h has its bounds).
 * Limits table: drawing work per file
 */
#define MB_MP_MAX_DRAW_OPS 1000000
#define MB_MP_MAX_CLIPS 100000
#define MB_MP_MAX_CLIP_DEPTH 1024
/* a coloured fill no larger than this (points a side) may be a dot of a dotted solution */
#define MB_MP_MAX_DOT_PT 24.0
/*
 * The largest area rendered for one maze (a 200 x 200 maze of 5 pt
 * squares at 4 pixels a point).
 * Limits table: rendering a maze
 */
#define MB_MP_MAX_RENDER_PIXELS 20000000.0

/* ---- square mazes (mpcluster.c, mplattice_rect.c, mpcheck.c) ---- */

/* squares a side of a rectangular maze: the wall arrays grow with its area */
#define MB_MP_MAX_SIDE 1000
/*
 * Per page, after identical pieces are dropped (ink drawn over itself adds
 * nothing): at most this many pieces near one place (a bucket of the
 * grouping grid, 12 pt or more a side: a 200 x 200 maze puts a few dozen
 * there, 512 is ten times that) and this many separate drawings. More
 * is ink stacked on ink, not a page of mazes, and would cost quadratic
 * time.
 * Limits table: PDF read by `mazeproof`
 */
#define MB_MP_MAX_BUCKET 512
#define MB_MP_MAX_DRAWINGS 4000
/*
 * A drawing made only of walls read from filled outlines, no larger than
 * this (points) a side, that gives no grid or a grid with a side of its
 * rim less than half walled is text converted to outlines (an E, an H, a T
 * read as walls) or an icon, not a maze: it is ignored, as a few stray
 * lines are.
 */
#define MB_MP_MAX_GLYPH_PT 72.0
/* simple paths explored before the route count gives up */
#define MB_MP_SEARCH_BUDGET 2000000L

/* ---- filled outlines (mpoutline.c) ---- */

/*
 * Work bound per outline: edge crossings over all slabs (16 bytes each,
 * and at most half as many runs of 24; about 60 MB at the bound). A
 * 200 x 200 maze as one polygon needs about 160,000; more is not a maze
 * this tool reads, and the outline is left to the rendering. Per page the
 * caller bounds the sum (MB_MP_OUTLINE_PAGE_WORK), which bounds the time.
 * Limits table: walls drawn as filled outlines
 */
#define MB_MP_OUTLINE_MAX_WORK 2000000ul
#define MB_MP_OUTLINE_PAGE_WORK 10000000ul
/* a junction is at most this many pens wide (a heavy rim meeting thin walls is 2.5) */
#define MB_MP_OUTLINE_MAX_JUNCTION 4.0
/*
 * Slanted walls (hexagons, triangles): the directions read beside level
 * and upright, the longest (a lattice has 3, a turned square grid 2).
 * Each costs a pass within the same work bounds, so at most 6 passes.
 * Limits table: walls drawn as filled outlines
 */
#define MB_MP_OUTLINE_MAX_SLANTS 4
/*
 * Where walls from fills meet (mpoutline.h), each is listed in the cells
 * of a grid its box covers: at most this many listings a page or an
 * outline (8 bytes each, 32 MB; a 200 x 200 hexagon maze needs about a
 * million: 80,000 walls of a dozen cells), past which the ends stay as
 * read (the maze may then fail).
 * Limits table: walls drawn as filled outlines
 */
#define MB_MP_OUTLINE_MEET_MAX_CELLS 4000000ul

/* ---- round, hexagonal and triangular mazes (mplattice*.c, mpchords.c) ---- */

/* rings, cells per ring and hexagons a maze may have (bounds on work) */
#define MB_MP_LAT_MAX_RINGS 200
#define MB_MP_LAT_MAX_CELLS 200000
/* positions a bay of the outline may hold (a notch a few positions deep) */
#define MB_MP_LAT_MAX_BAY 6
/* chords turning more than this a piece draw a polygon, not an arc */
#define MB_MP_CHORDS_MAX_TURN_DEG 20.0

/* ---- drawings like a maze that no reader took (mpunread.c) ---- */

/* a turned square grid has 2 families of directions, hexagons and triangles 3 */
#define MB_MP_UNREAD_MAX_DIRECTIONS 3
/* more separate groups than this on a page are not merged by their boxes */
#define MB_MP_UNREAD_MAX_GROUPS 20000
/* more lines than this sharing one bucket: the lines there are one dense drawing */
#define MB_MP_UNREAD_MAX_BUCKET 512

#endif
