/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The graph grids: polar, hex and delta (include/mazebook/maze/grid.h). Each
 * constructor lists its cells and, per cell, its sides with the neighbour
 * beyond each (or -1 for the rim) and the wall's shape; finish() then
 * numbers the inner walls (each once, from its lower-numbered cell) and
 * the rim sides, and takes the bounds. Cell numbering, side order and
 * wall numbering are part of every maze's recipe: the generators walk
 * them in this order, so changing it changes the mazes a seed gives.
 *
 * The conventions are the ones tests/data/mazeproof/mkround.py draws with
 * (that program is mazeproof's reference for these grids, written apart
 * from this file): polar ring r spans radii r..r+1 with cell k of n
 * between the angles 2 pi k / n and 2 pi (k + 1) / n; hex cells are
 * pointy-top hexagons named (a, b) in doubled columns; delta cells are
 * (a, b), b the row and a = 2 q + (0 pointing down, 1 up).
 */
#include "config.h"
#include "mazebook/maze/grid.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"

static struct mb_grid *connected_or_error(struct mb_grid *g, const char *what,
					  struct mb_error *err);

#define PI 3.14159265358979323846

/* a grid under construction: sides appended cell by cell */
struct build {
	struct mb_grid *g;
	struct mb_lattice *lat;
	int nsides, cap;
	struct mb_wall_shape *shape;	/* per side, until finish() sorts them out */
};

static struct build build_start(enum mb_grid_kind kind, int cells)
{
	struct build b = { 0 };

	b.g = xcalloc(1, sizeof(*b.g));
	b.lat = xcalloc(1, sizeof(*b.lat));
	b.g->kind = kind;
	b.g->cells = cells;
	b.g->w = cells;
	b.g->h = 1;
	b.g->refs = 1;
	b.g->lat = b.lat;
	b.lat->first = xmallocarray((size_t)cells + 1, sizeof(int));
	b.lat->cx = xmallocarray((size_t)cells, sizeof(double));
	b.lat->cy = xmallocarray((size_t)cells, sizeof(double));
	b.lat->ca = xmallocarray((size_t)cells, sizeof(int));
	b.lat->cb = xmallocarray((size_t)cells, sizeof(int));
	b.cap = cells * 4 + 8;
	b.lat->sides = xmallocarray((size_t)b.cap, sizeof(*b.lat->sides));
	b.shape = xmallocarray((size_t)b.cap, sizeof(*b.shape));
	return b;
}

static void add_side(struct build *b, int nb, const struct mb_wall_shape *shape)
{
	if (b->nsides == b->cap) {
		b->cap *= 2;
		b->lat->sides = xreallocarray(b->lat->sides, (size_t)b->cap, sizeof(*b->lat->sides));
		b->shape = xreallocarray(b->shape, (size_t)b->cap, sizeof(*b->shape));
	}
	b->lat->sides[b->nsides] = (struct mb_grid_side){ nb, -1 };
	b->shape[b->nsides++] = *shape;
}

static struct mb_wall_shape segment(double x0, double y0, double x1, double y1)
{
	return (struct mb_wall_shape){ false, { x0, y0, x1, y1 }, 0, 0, 0 };
}

static struct mb_wall_shape arc(double r, double a0, double a1)
{
	return (struct mb_wall_shape){
		true, { r * cos(a0), r * sin(a0), r * cos(a1), r * sin(a1) }, r, a0, a1
	};
}

static void grow_box(struct mb_lattice *lat, double x, double y, bool *first)
{
	if (*first) {
		lat->x0 = lat->x1 = x;
		lat->y0 = lat->y1 = y;
		*first = false;
		return;
	}
	lat->x0 = fmin(lat->x0, x);
	lat->x1 = fmax(lat->x1, x);
	lat->y0 = fmin(lat->y0, y);
	lat->y1 = fmax(lat->y1, y);
}

/* number the walls and rim sides, take the bounds; the sides are all in */
static struct mb_grid *finish(struct build *b)
{
	struct mb_lattice *lat = b->lat;
	int cells = b->g->cells;
	bool first = true;

	lat->first[cells] = b->nsides;
	lat->wall_cells = xmallocarray((size_t)b->nsides, sizeof(*lat->wall_cells));
	lat->wall_shape = xmallocarray((size_t)b->nsides, sizeof(*lat->wall_shape));
	lat->rim_side = xmallocarray((size_t)b->nsides, sizeof(*lat->rim_side));
	lat->rim_shape = xmallocarray((size_t)b->nsides, sizeof(*lat->rim_shape));
	for (int c = 0; c < cells; c++) {
		if (lat->first[c + 1] - lat->first[c] > MB_GRID_MAX_DEGREE)
			BUG("cell %d has %d sides", c, lat->first[c + 1] - lat->first[c]);
		for (int s = lat->first[c]; s < lat->first[c + 1]; s++) {
			struct mb_grid_side *side = &lat->sides[s];

			if (side->nb < 0) {
				side->wall = lat->rims;
				lat->rim_side[lat->rims] = (struct mb_side){ c, (enum mb_dir)(s - lat->first[c]) };
				lat->rim_shape[lat->rims++] = b->shape[s];
			} else if (side->nb > c) {
				side->wall = lat->walls;
				lat->wall_cells[lat->walls][0] = c;
				lat->wall_cells[lat->walls][1] = side->nb;
				lat->wall_shape[lat->walls++] = b->shape[s];
			} else {
				/* the neighbour, numbered first, holds the wall */
				int nb = side->nb;

				for (int t = lat->first[nb]; t < lat->first[nb + 1]; t++)
					if (lat->sides[t].nb == c)
						side->wall = lat->sides[t].wall;
				if (side->wall < 0)
					BUG("cell %d's neighbour %d does not lead back", c, nb);
			}
			grow_box(lat, b->shape[s].seg.x0, b->shape[s].seg.y0, &first);
			grow_box(lat, b->shape[s].seg.x1, b->shape[s].seg.y1, &first);
			if (b->shape[s].arc) {
				/* an arc bulges past its ends at the axes it crosses */
				for (int q = 0; q < 8; q++) {
					double a = q * PI / 2;

					if (a > b->shape[s].a0 && a < b->shape[s].a1)
						grow_box(lat, b->shape[s].r * cos(a),
							 b->shape[s].r * sin(a), &first);
				}
			}
		}
	}
	free(b->shape);
	return b->g;
}

struct mb_grid *mb_grid_new_polar(int rings, struct mb_error *err)
{
	int *count, *start, cells = 0;
	struct build b;
	struct mb_lattice *lat;

	if (rings < 1 || rings > MB_POLAR_MAX_RINGS) {
		mb_error_set(err, MB_ERR_INPUT,
			     "a circular maze of %d rings is out of range (1 to %d rings)",
			     rings, MB_POLAR_MAX_RINGS);
		return NULL;
	}
	count = xmallocarray((size_t)rings, sizeof(int));
	start = xmallocarray((size_t)rings, sizeof(int));
	count[0] = 1;
	for (int r = 1; r < rings; r++) {
		long ratio = lround(2 * PI * r / count[r - 1]);

		count[r] = count[r - 1] * (int)(ratio < 1 ? 1 : ratio);
	}
	for (int r = 0; r < rings; r++) {
		start[r] = cells;
		cells += count[r];
	}
	b = build_start(MB_GRID_POLAR, cells);
	lat = b.lat;
	lat->rings = rings;
	lat->ring_first = start;
	lat->ring_count = count;
	lat->min_feature = 1;
	for (int r = 0; r < rings; r++) {
		int n = count[r];

		if (r > 0)
			lat->min_feature = fmin(lat->min_feature, 2 * PI * r / n);
		for (int k = 0; k < n; k++) {
			int c = start[r] + k;
			double a0 = 2 * PI * k / n, a1 = 2 * PI * (k + 1) / n, mid = (a0 + a1) / 2;
			struct mb_wall_shape sh;

			lat->first[c] = b.nsides;
			lat->ca[c] = r;
			lat->cb[c] = k;
			lat->cx[c] = r ? (r + 0.5) * cos(mid) : 0;
			lat->cy[c] = r ? (r + 0.5) * sin(mid) : 0;
			if (r > 0) {
				/* inward, then clockwise on (k + 1), then back (k - 1) */
				sh = arc(r, a0, a1);
				add_side(&b, start[r - 1] + k * count[r - 1] / n, &sh);
				sh = segment(r * cos(a1), r * sin(a1), (r + 1) * cos(a1), (r + 1) * sin(a1));
				add_side(&b, start[r] + (k + 1) % n, &sh);
				sh = segment(r * cos(a0), r * sin(a0), (r + 1) * cos(a0), (r + 1) * sin(a0));
				add_side(&b, start[r] + (k + n - 1) % n, &sh);
			}
			if (r + 1 < rings) {
				int f = count[r + 1] / n, m = count[r + 1];

				for (int j = 0; j < f; j++) {
					int child = k * f + j;

					sh = arc(r + 1, 2 * PI * child / m, 2 * PI * (child + 1) / m);
					add_side(&b, start[r + 1] + child, &sh);
				}
			} else {
				sh = arc(r + 1, a0, a1);
				add_side(&b, -1, &sh);
			}
		}
	}
	return finish(&b);
}

/* (a, b) -> cell number over a box of coordinates; -1 for none */
struct coord_index {
	int a0, b0, wa, hb;
	int *cell;
};

static int coord_cell(const struct coord_index *ix, int a, int b)
{
	a -= ix->a0;
	b -= ix->b0;
	if (a < 0 || b < 0 || a >= ix->wa || b >= ix->hb)
		return -1;
	return ix->cell[b * ix->wa + a];
}

/*
 * The cells of a candidate list (a, b) sorted by row then a, those keep
 * refuses left out; centres from centre(). Fills ix and returns how many.
 */
static int pick_cells(int *ca, int *cb, int n, void (*centre)(int, int, double *, double *),
		      mb_grid_mask_fn keep, void *ctx, struct coord_index *ix)
{
	double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
	int kept = 0, amin = ca[0], amax = ca[0], bmin = cb[0], bmax = cb[0];

	for (int i = 0; i < n; i++) {
		double x, y;

		centre(ca[i], cb[i], &x, &y);
		if (i == 0 || x < x0)
			x0 = x;
		if (i == 0 || x > x1)
			x1 = x;
		if (i == 0 || y < y0)
			y0 = y;
		if (i == 0 || y > y1)
			y1 = y;
		amin = ca[i] < amin ? ca[i] : amin;
		amax = ca[i] > amax ? ca[i] : amax;
		bmin = cb[i] < bmin ? cb[i] : bmin;
		bmax = cb[i] > bmax ? cb[i] : bmax;
	}
	ix->a0 = amin;
	ix->b0 = bmin;
	ix->wa = amax - amin + 1;
	ix->hb = bmax - bmin + 1;
	ix->cell = xmallocarray((size_t)ix->wa * (size_t)ix->hb, sizeof(int));
	for (int i = 0; i < ix->wa * ix->hb; i++)
		ix->cell[i] = -1;
	/* candidates arrive in row order, a growing: keep that order */
	for (int i = 0; i < n; i++) {
		double x, y;

		centre(ca[i], cb[i], &x, &y);
		if (keep && !keep(ctx, x1 > x0 ? (x - x0) / (x1 - x0) : 0.5,
				  y1 > y0 ? (y - y0) / (y1 - y0) : 0.5))
			continue;
		ca[kept] = ca[i];
		cb[kept] = cb[i];
		ix->cell[(cb[i] - bmin) * ix->wa + ca[i] - amin] = kept;
		kept++;
	}
	return kept;
}

static const int hex_dir[6][2] = { { 2, 0 }, { 1, 1 }, { -1, 1 }, { -2, 0 }, { -1, -1 }, { 1, -1 } };
#define SQRT3 1.73205080756887729353

static void hex_centre(int a, int b, double *x, double *y)
{
	*x = a * SQRT3 / 2;
	*y = b * 1.5;
}

static bool lattice_size_ok(const char *what, int cols, int rows, struct mb_error *err)
{
	if (cols < 1 || rows < 1 || cols > MB_LATTICE_MAX_SIDE || rows > MB_LATTICE_MAX_SIDE) {
		mb_error_set(err, MB_ERR_INPUT, "a %s grid of %dx%d is out of range (1 to %d each way)",
			     what, cols, rows, MB_LATTICE_MAX_SIDE);
		return false;
	}
	return true;
}

/* move every shape and centre so the bounds start at (0, 0) */
static void to_origin(struct mb_grid *g)
{
	struct mb_lattice *lat = g->lat;
	double dx = -lat->x0, dy = -lat->y0;
	struct mb_wall_shape *lists[2] = { lat->wall_shape, lat->rim_shape };
	int counts[2] = { lat->walls, lat->rims };

	for (int l = 0; l < 2; l++)
		for (int i = 0; i < counts[l]; i++) {
			lists[l][i].seg.x0 += dx;
			lists[l][i].seg.x1 += dx;
			lists[l][i].seg.y0 += dy;
			lists[l][i].seg.y1 += dy;
		}
	for (int c = 0; c < g->cells; c++) {
		lat->cx[c] += dx;
		lat->cy[c] += dy;
	}
	lat->x1 += dx;
	lat->y1 += dy;
	lat->x0 = lat->y0 = 0;
}

static struct mb_grid *empty_error(const char *what, struct mb_error *err)
{
	mb_error_set(err, MB_ERR_INPUT, "the %s grid has no cells left in its shape", what);
	return NULL;
}

struct mb_grid *mb_grid_new_hex(int cols, int rows, enum mb_grid_outline outline,
				mb_grid_mask_fn keep, void *ctx, struct mb_error *err)
{
	int n = 0, cap, *ca, *cb, cells;
	struct coord_index ix;
	struct build b;

	if (outline == MB_OUTLINE_HEXAGON)
		rows = 2 * cols - 1;
	if (outline == MB_OUTLINE_TRIANGLE) {
		mb_error_set(err, MB_ERR_INPUT,
			     "a hex grid's outline is a rectangle or a hexagon, not a triangle");
		return NULL;
	}
	if (!lattice_size_ok("hex", cols, rows, err))
		return NULL;
	cap = outline == MB_OUTLINE_HEXAGON ? rows * rows : cols * rows;
	ca = xmallocarray((size_t)cap, sizeof(int));
	cb = xmallocarray((size_t)cap, sizeof(int));
	if (outline == MB_OUTLINE_HEXAGON) {
		int R = cols - 1;

		for (int r = -R; r <= R; r++)
			for (int q = -R; q <= R; q++)
				if (abs(q + r) <= R) {
					ca[n] = 2 * q + r + 2 * R;
					cb[n++] = r + R;
				}
	} else {
		for (int j = 0; j < rows; j++)
			for (int i = 0; i < cols; i++) {
				ca[n] = 2 * i + (j & 1);
				cb[n++] = j;
			}
	}
	cells = pick_cells(ca, cb, n, hex_centre, keep, ctx, &ix);
	if (cells == 0) {
		free(ca);
		free(cb);
		free(ix.cell);
		return empty_error("hex", err);
	}
	b = build_start(MB_GRID_HEX, cells);
	b.lat->cols = cols;
	b.lat->rows = rows;
	b.lat->outline = outline;
	b.lat->min_feature = 1;
	for (int c = 0; c < cells; c++) {
		double x, y;

		hex_centre(ca[c], cb[c], &x, &y);
		b.lat->first[c] = b.nsides;
		b.lat->ca[c] = ca[c];
		b.lat->cb[c] = cb[c];
		b.lat->cx[c] = x;
		b.lat->cy[c] = y;
		for (int d = 0; d < 6; d++) {
			double p0 = (60 * d - 30) * PI / 180, p1 = (60 * d + 30) * PI / 180;
			struct mb_wall_shape sh = segment(x + cos(p0), y + sin(p0), x + cos(p1), y + sin(p1));

			add_side(&b, coord_cell(&ix, ca[c] + hex_dir[d][0], cb[c] + hex_dir[d][1]), &sh);
		}
	}
	free(ca);
	free(cb);
	free(ix.cell);
	finish(&b);
	to_origin(b.g);
	return keep ? connected_or_error(b.g, "hex", err) : b.g;
}

#define DELTA_H (SQRT3 / 2)

/* the lattice point (p, q): row line p, slanted line q */
static void delta_pt(double p, double q, double *x, double *y)
{
	*x = (2 * q + p) / 2;
	*y = p * DELTA_H;
}

static void delta_centre(int a, int b, double *x, double *y)
{
	double f = (a & 1) ? 2.0 / 3 : 1.0 / 3;

	delta_pt(b + f, a / 2 + f, x, y);
}

struct mb_grid *mb_grid_new_delta(int cols, int rows, enum mb_grid_outline outline,
				  mb_grid_mask_fn keep, void *ctx, struct mb_error *err)
{
	int n = 0, cap, *ca, *cb, cells;
	struct coord_index ix;
	struct build b;

	if (outline == MB_OUTLINE_TRIANGLE)
		cols = 2 * rows - 1;
	if (outline == MB_OUTLINE_HEXAGON) {
		mb_error_set(err, MB_ERR_INPUT,
			     "a triangle grid's outline is a rectangle or a triangle, not a hexagon");
		return NULL;
	}
	if (!lattice_size_ok("triangle", cols, rows, err))
		return NULL;
	cap = cols * rows;
	ca = xmallocarray((size_t)cap, sizeof(int));
	cb = xmallocarray((size_t)cap, sizeof(int));
	for (int r = 0; r < rows; r++) {
		if (outline == MB_OUTLINE_TRIANGLE) {
			for (int a = 2 * rows - 2 * r - 1; a < 2 * rows; a++) {
				ca[n] = a;
				cb[n++] = r;
			}
		} else {
			for (int i = 0; i < cols; i++) {
				ca[n] = rows + 1 - r + i;
				cb[n++] = r;
			}
		}
	}
	cells = pick_cells(ca, cb, n, delta_centre, keep, ctx, &ix);
	if (cells == 0) {
		free(ca);
		free(cb);
		free(ix.cell);
		return empty_error("triangle", err);
	}
	b = build_start(MB_GRID_DELTA, cells);
	b.lat->cols = cols;
	b.lat->rows = rows;
	b.lat->outline = outline;
	b.lat->min_feature = 1 / SQRT3;	/* the triangle's inscribed circle */
	for (int c = 0; c < cells; c++) {
		int a = ca[c], row = cb[c], q = a / 2;
		/* three sides: their lattice ends (p, q) and the neighbour's (a, b) */
		int side[3][6];
		double x, y;

		if ((a & 1) == 0) {	/* pointing down: top, left, right */
			int s[3][6] = { { row, q, row, q + 1, a + 1, row - 1 },
					{ row, q, row + 1, q, a - 1, row },
					{ row, q + 1, row + 1, q, a + 1, row } };
			memcpy(side, s, sizeof(side));
		} else {		/* pointing up: right, bottom, left */
			int s[3][6] = { { row, q + 1, row + 1, q + 1, a + 1, row },
					{ row + 1, q, row + 1, q + 1, a - 1, row + 1 },
					{ row, q + 1, row + 1, q, a - 1, row } };
			memcpy(side, s, sizeof(side));
		}
		delta_centre(a, row, &x, &y);
		b.lat->first[c] = b.nsides;
		b.lat->ca[c] = a;
		b.lat->cb[c] = row;
		b.lat->cx[c] = x;
		b.lat->cy[c] = y;
		for (int d = 0; d < 3; d++) {
			double x0, y0, x1, y1;
			struct mb_wall_shape sh;

			delta_pt(side[d][0], side[d][1], &x0, &y0);
			delta_pt(side[d][2], side[d][3], &x1, &y1);
			sh = segment(x0, y0, x1, y1);
			add_side(&b, coord_cell(&ix, side[d][4], side[d][5]), &sh);
		}
	}
	free(ca);
	free(cb);
	free(ix.cell);
	finish(&b);
	to_origin(b.g);
	return keep ? connected_or_error(b.g, "triangle", err) : b.g;
}

/*
 * A mask may cut a grid in pieces; a maze must be one piece (a random walk
 * on two would never end). NULL and MB_ERR_INPUT, naming the parts.
 */
static struct mb_grid *connected_or_error(struct mb_grid *g, const char *what,
					  struct mb_error *err)
{
	int n = g->cells, *queue = xmallocarray((size_t)n, sizeof(int)), head = 0, tail = 0;
	char *seen = xcalloc((size_t)n, 1);
	int parts = 0;

	for (int start = 0; start < n; start++) {
		if (seen[start])
			continue;
		parts++;
		seen[start] = 1;
		queue[tail++] = start;
		while (head < tail) {
			int c = queue[head++];

			for (int k = 0; k < mb_grid_degree(g, c); k++) {
				int nb = mb_grid_side_at(g, c, k)->nb;

				if (nb >= 0 && !seen[nb]) {
					seen[nb] = 1;
					queue[tail++] = nb;
				}
			}
		}
	}
	free(seen);
	free(queue);
	if (parts == 1)
		return g;
	mb_error_set(err, MB_ERR_INPUT,
		     "the shape cuts the %s grid into %d parts that no corridor can join "
		     "(use a larger grid or a shape without thin necks)", what, parts);
	mb_grid_free(g);
	return NULL;
}

void mb_lattice_free(struct mb_lattice *lat)
{
	if (!lat)
		return;
	free(lat->first);
	free(lat->sides);
	free(lat->wall_cells);
	free(lat->wall_shape);
	free(lat->rim_side);
	free(lat->rim_shape);
	free(lat->cx);
	free(lat->cy);
	free(lat->ring_first);
	free(lat->ring_count);
	free(lat->ca);
	free(lat->cb);
	free(lat);
}
