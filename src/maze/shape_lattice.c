/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * A shape's mask over hexagons or triangles; see
 * include/mazebook/maze/shape_lattice.h.
 */
#include "config.h"
#include "mazebook/maze/shape_lattice.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"

#define SQRT3 1.73205080756887729353

/* the second pass's keep: the cells of the whole outline, offered in order, by number */
struct lattice_mask {
	const uint8_t *keep_cell;	/* per cell of the unmasked grid */
	int calls;
};

static bool keep(void *ctx, double fx, double fy)
{
	struct lattice_mask *lm = ctx;

	(void)fx;
	(void)fy;
	return lm->keep_cell[lm->calls++];
}

/* is the mask square under (fx, fy) (fractions of the centres' box) in? */
static bool in_mask(const struct mb_grid *sq, double fx, double fy)
{
	int x = (int)(fx * sq->w), y = (int)(fy * sq->h);

	x = x < 0 ? 0 : x >= sq->w ? sq->w - 1 : x;
	y = y < 0 ? 0 : y >= sq->h ? sq->h - 1 : y;
	return mb_grid_is_cell(sq, x, y);
}

/*
 * Of the cells of g with in[c], keep those of the largest piece (1 in
 * out[]); returns its size
 */
static int largest_piece(const struct mb_grid *g, const uint8_t *in, uint8_t *out)
{
	int *piece = xmallocarray((size_t)g->cells, sizeof(int));
	int *stack = xmallocarray((size_t)g->cells, sizeof(int));
	int pieces = 0, best = -1, best_size = 0;

	for (int c = 0; c < g->cells; c++)
		piece[c] = -1;
	for (int c0 = 0; c0 < g->cells; c0++) {
		int top = 0, size = 0;

		if (!in[c0] || piece[c0] >= 0)
			continue;
		piece[c0] = pieces;
		stack[top++] = c0;
		while (top) {
			int c = stack[--top];

			size++;
			for (int k = 0; k < mb_grid_degree(g, c); k++) {
				int nb = mb_grid_side_at(g, c, k)->nb;

				if (nb >= 0 && in[nb] && piece[nb] < 0) {
					piece[nb] = pieces;
					stack[top++] = nb;
				}
			}
		}
		if (size > best_size) {
			best_size = size;
			best = pieces;
		}
		pieces++;
	}
	for (int c = 0; c < g->cells; c++)
		out[c] = best >= 0 && piece[c] == best;
	free(piece);
	free(stack);
	return best_size;
}

static struct mb_grid *new_lattice(enum mb_grid_kind kind, int cols, int rows,
				   struct lattice_mask *lm, struct mb_error *err)
{
	mb_grid_mask_fn fn = lm ? keep : NULL;

	if (kind == MB_GRID_HEX)
		return mb_grid_new_hex(cols, rows, MB_OUTLINE_RECTANGLE, fn, lm, err);
	return mb_grid_new_delta(cols, rows, MB_OUTLINE_RECTANGLE, fn, lm, err);
}

/* which cells of the whole outline grid g the mask keeps (fractions of the centres' box) */
static void mask_cells(const struct mb_grid *g, const struct mb_grid *sq, uint8_t *in)
{
	const struct mb_lattice *lat = g->lat;
	double x0 = lat->cx[0], x1 = lat->cx[0], y0 = lat->cy[0], y1 = lat->cy[0];

	for (int c = 1; c < g->cells; c++) {
		x0 = fmin(x0, lat->cx[c]);
		x1 = fmax(x1, lat->cx[c]);
		y0 = fmin(y0, lat->cy[c]);
		y1 = fmax(y1, lat->cy[c]);
	}
	for (int c = 0; c < g->cells; c++)
		in[c] = in_mask(sq, x1 > x0 ? (lat->cx[c] - x0) / (x1 - x0) : 0.5,
				y1 > y0 ? (lat->cy[c] - y0) / (y1 - y0) : 0.5);
}

struct mb_grid *mb_shape_lattice(const struct mb_shape *s, enum mb_grid_kind kind, int cells,
				 int min_cells, struct mb_error *err)
{
	struct lattice_mask lm = { 0 };
	struct mb_grid *sq, *full, *one = NULL;
	double fill, total, aspect;
	int cols, rows, size;
	uint8_t *in, *big;

	if (kind != MB_GRID_HEX && kind != MB_GRID_DELTA)
		BUG("mb_shape_lattice on a %s grid", mb_grid_kind_name(kind));
	sq = mb_shape_grid(s, cells, min_cells, err);
	if (!sq)
		return NULL;
	/* as many cells in the outline's rectangle as the mask's share of its box asks */
	fill = (double)sq->cells / ((double)sq->w * sq->h);
	total = cells / fill;
	aspect = (double)sq->w / sq->h;
	/*
	 * a hex rectangle of c x r spans about c * sqrt 3 by 1.5 r, a delta
	 * one c / 2 by r * sqrt 3 / 2: each laid to the mask's proportions
	 */
	cols = (int)lround(sqrt(total * aspect * (kind == MB_GRID_HEX ? 1.5 / SQRT3 : SQRT3)));
	cols = cols < 1 ? 1 : cols > MB_LATTICE_MAX_SIDE ? MB_LATTICE_MAX_SIDE : cols;
	rows = (int)lround(total / cols);
	rows = rows < 1 ? 1 : rows > MB_LATTICE_MAX_SIDE ? MB_LATTICE_MAX_SIDE : rows;
	/* the whole rectangle first: the mask's cells and their pieces on it */
	full = new_lattice(kind, cols, rows, NULL, err);
	if (!full) {
		mb_grid_free(sq);
		return NULL;
	}
	in = xmalloc((size_t)full->cells);
	big = xmalloc((size_t)full->cells);
	mask_cells(full, sq, in);
	size = largest_piece(full, in, big);
	if (size < min_cells || size < 1) {
		mb_error_set(err, MB_ERR_INPUT,
			     "shape '%s' keeps only %d %s cells in one piece, at least %d needed: "
			     "choose a harder level (more cells) or a rounder shape", s->name, size,
			     mb_grid_kind_name(kind), min_cells);
	} else {
		lm.keep_cell = big;
		one = new_lattice(kind, cols, rows, &lm, err);
	}
	free(in);
	free(big);
	mb_grid_free(full);
	mb_grid_free(sq);
	return one;
}
