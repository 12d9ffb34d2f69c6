/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * A shape over a hex or delta grid (issue 16: "a heart of hexagons"): the
 * shape's square mask (mb_shape_grid, which fills holes and keeps one
 * piece) is laid over a rectangle of hexagons or triangles of about the
 * same proportions, and a cell is kept when the mask square under its
 * centre is in. Cells that only a thin neck of squares joined may come
 * apart on the coarser lattice: only the largest piece is kept, so the
 * grid is one piece as a maze needs. The shape is the maze's outline, so
 * the lattice is always the rectangle outline.
 */
#ifndef MAZEBOOK_SHAPE_LATTICE_H
#define MAZEBOOK_SHAPE_LATTICE_H

#include "mazebook/base/error.h"
#include "mazebook/maze/grid.h"
#include "mazebook/maze/shape.h"

/*
 * The grid of kind (MB_GRID_HEX or MB_GRID_DELTA) in the shape s with
 * about cells cells and at least min_cells; NULL with MB_ERR_INPUT naming
 * the shape and what to change.
 */
struct mb_grid *mb_shape_lattice(const struct mb_shape *s, enum mb_grid_kind kind, int cells,
				 int min_cells, struct mb_error *err);

#endif
