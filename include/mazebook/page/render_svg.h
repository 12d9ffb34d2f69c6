/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* A maze drawn as an SVG image: the page layer's standalone form of one maze. */
#ifndef MAZEBOOK_RENDER_SVG_H
#define MAZEBOOK_RENDER_SVG_H

#include <stdbool.h>

#include "mazebook/maze/maze.h"

/*
 * The maze as a standalone SVG image, one user unit per square (16 px; a
 * graph grid's unit is 16 px, its arcs Bezier curves),
 * drawn by maze_draw and written by draw_svg: walls are <line> elements
 * (each straight run of walls one line) with round caps, in a group moved
 * half a square in from the white margin; with solution, the route is a
 * red polyline through the centres of the squares where it turns, from the
 * entrance gap to the exit gap.
 */
char *mb_render_svg(const struct mb_maze *m, bool solution);

#endif
