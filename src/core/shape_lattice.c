/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * A shape's mask over hexagons or triangles; see
 * include/mazebook/shape_lattice.h.
 */
#include "config.h"
#include "mazebook/shape_lattice.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/xalloc.h"

#define SQRT3 1.73205080756887729353

/*
 * What the keep function sees: the square mask, and in the second pass
 * the first pass's answers and which of its cells are in the largest piece
 */
struct lattice_mask {
	const struct mb_grid *sq;	/* the shape's square mask */
	int pass;			/* 1: the mask alone; 2: the largest piece only */
	uint8_t *answer;		/* pass 1's answer per call (grown as needed) */
	int calls, answer_cap;
	const uint8_t *keep_cell;	/* pass 2: pass 1's cell numbers to keep */
	int kept;			/* pass 2: pass 1's cells met so far */
};

static bool in_mask(const struct mb_grid *sq, double fx, double fy)
{
	int x = (int)(fx * sq->w), y = (int)(fy * sq->h);

	x = x < 0 ? 0 : x >= sq->w ? sq->w - 1 : x;
	y = y < 0 ? 0 : y >= sq->h ? sq->h - 1 : y;
	return mb_grid_is_cell(sq, x, y);
}

/* the cells are kept in the order they are offered, so pass 2 can name pass 1's by count */
static bool keep(void *ctx, double fx, double fy)
{
	struct lattice_mask *lm = ctx;
	int call = lm->calls++;

	if (lm->pass == 1) {
		if (call >= lm->answer_cap) {
			lm->answer_cap = lm->answer_cap ? 2 * lm->answer_cap : 1024;
			lm->answer = xrealloc(lm->answer, (size_t)lm->answer_cap);
		}
		lm->answer[call] = in_mask(lm->sq, fx, fy);
		return lm->answer[call];
	}
	if (call >= lm->answer_cap || !lm->answer[call])
		return false;
	return lm->keep_cell[lm->kept++];
}

/* the cells of g's largest piece (1) and the others (0); returns its size */
static int largest_piece(const struct mb_grid *g, uint8_t *out)
{
	int *piece = xmallocarray((size_t)g->cells, sizeof(int));
	int *stack = xmallocarray((size_t)g->cells, sizeof(int));
	int pieces = 0, best = -1, best_size = 0;

	for (int c = 0; c < g->cells; c++)
		piece[c] = -1;
	for (int c0 = 0; c0 < g->cells; c0++) {
		int top = 0, size = 0;

		if (piece[c0] >= 0)
			continue;
		piece[c0] = pieces;
		stack[top++] = c0;
		while (top) {
			int c = stack[--top];

			size++;
			for (int k = 0; k < mb_grid_degree(g, c); k++) {
				int nb = mb_grid_side_at(g, c, k)->nb;

				if (nb >= 0 && piece[nb] < 0) {
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
		out[c] = piece[c] == best;
	free(piece);
	free(stack);
	return best_size;
}

static struct mb_grid *new_lattice(enum mb_grid_kind kind, int cols, int rows,
				   struct lattice_mask *lm, struct mb_error *err)
{
	lm->calls = 0;
	lm->kept = 0;
	if (kind == MB_GRID_HEX)
		return mb_grid_new_hex(cols, rows, MB_OUTLINE_RECTANGLE, keep, lm, err);
	return mb_grid_new_delta(cols, rows, MB_OUTLINE_RECTANGLE, keep, lm, err);
}

struct mb_grid *mb_shape_lattice(const struct mb_shape *s, enum mb_grid_kind kind, int cells,
				 int min_cells, struct mb_error *err)
{
	struct lattice_mask lm = { 0 };
	struct mb_grid *sq, *g, *one = NULL;
	double fill, total, aspect;
	int cols, rows, size;
	uint8_t *big;

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
	lm.sq = sq;
	lm.pass = 1;
	g = new_lattice(kind, cols, rows, &lm, err);
	if (!g) {
		mb_error_set(err, MB_ERR_INPUT, "shape '%s' keeps no %s cell: choose a larger "
			     "level or another shape", s->name, mb_grid_kind_name(kind));
		goto out;
	}
	big = xmalloc((size_t)g->cells);
	size = largest_piece(g, big);
	if (size < min_cells) {
		mb_error_set(err, MB_ERR_INPUT,
			     "shape '%s' keeps only %d %s cells in one piece, at least %d needed: "
			     "choose a harder level (more cells) or a rounder shape", s->name, size,
			     mb_grid_kind_name(kind), min_cells);
	} else if (size == g->cells) {
		one = mb_grid_ref(g);
	} else {
		lm.pass = 2;
		lm.keep_cell = big;
		one = new_lattice(kind, cols, rows, &lm, err);
	}
	free(big);
	mb_grid_free(g);
out:
	free(lm.answer);
	mb_grid_free(sq);
	return one;
}
