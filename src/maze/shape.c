/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Silhouettes and their masks; see include/mazebook/maze/shape.h. Outlines are
 * flattened to polygons (12 chords per curve, far below a square at any
 * level) and filled by the non-zero winding rule one row of sample points
 * at a time, so a mask costs a sort of crossings per row, not a
 * point-in-polygon test per sample.
 */
#include "config.h"
#include "mazebook/maze/shape.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"

#define SUBSAMPLES 4		/* sample points per square side: 16 per square */
#define CURVE_CHORDS 12
#define SCALE_STEPS 12		/* candidate scales: 1 % apart, up to 12 % either side */

/* ---- built-in shapes: one MB_SHAPE entry per file in specs/shapes/ ---- */

struct builtin {
	const char *name;
	double w, h;
	const char *path;
};

static const struct builtin builtins[] = {
#define MB_SHAPE(name, w, h, path) { name, w, h, path },
#include "shapes/shapes.def"
#undef MB_SHAPE
};

const char *const mb_shape_builtin_names[] = {
#define MB_SHAPE(name, w, h, path) name,
#include "shapes/shapes.def"
#undef MB_SHAPE
};
const size_t mb_shape_builtin_count = sizeof(builtins) / sizeof(builtins[0]);

struct mb_shape *mb_shape_builtin(const char *name, struct mb_error *err)
{
	char list[512] = "";
	size_t used = 0;

	for (size_t i = 0; i < mb_shape_builtin_count; i++)
		if (!strcmp(builtins[i].name, name))
			return mb_shape_from_path(name, builtins[i].w, builtins[i].h,
						  builtins[i].path, err);
	for (size_t i = 0; i < mb_shape_builtin_count && used < sizeof(list); i++)
		used += (size_t)snprintf(list + used, sizeof(list) - used, "%s%s", i ? ", " : "",
					 builtins[i].name);
	mb_error_set(err, MB_ERR_INPUT,
		     "unknown shape '%s' (built in: %s; or a file ending in .svg or .png, "
		     "or text \"LETTERS\")", name, list);
	return NULL;
}

/* ---- path data ---- */

struct poly {
	double *pt;
	int n, cap;
	int *start;
	int rings, ring_cap;
};

static void poly_add(struct poly *p, double x, double y)
{
	if (p->n == p->cap)
		p->pt = xreallocarray(p->pt, (size_t)(p->cap = p->cap ? 2 * p->cap : 64),
				      2 * sizeof(double));
	p->pt[2 * p->n] = x;
	p->pt[2 * p->n + 1] = y;
	p->n++;
}

static void poly_ring(struct poly *p)
{
	if (p->rings > 0 && p->start[p->rings - 1] == p->n)
		return;	/* an empty ring: reuse it */
	if (p->rings + 1 >= p->ring_cap)
		p->start = xreallocarray(p->start,
					 (size_t)(p->ring_cap = p->ring_cap ? 2 * p->ring_cap : 8),
					 sizeof(int));
	p->start[p->rings++] = p->n;
}

/*
 * Turn every ring the same way (positive area), so that the non-zero rule
 * fills the union of the subpaths: a stem drawn the other way round from
 * the apple it overlaps must not cut a notch out of it. A shape has no
 * holes anyway (mb_shape_check fills them).
 */
static void orient(struct poly *p)
{
	for (int r = 0; r + 1 < p->rings; r++) {
		int a = p->start[r], b = p->start[r + 1];
		double area = 0;

		for (int i = a; i < b; i++) {
			int j = i + 1 < b ? i + 1 : a;

			area += p->pt[2 * i] * p->pt[2 * j + 1] - p->pt[2 * j] * p->pt[2 * i + 1];
		}
		if (area >= 0)
			continue;
		for (int i = a, j = b - 1; i < j; i++, j--) {
			double tx = p->pt[2 * i], ty = p->pt[2 * i + 1];

			p->pt[2 * i] = p->pt[2 * j];
			p->pt[2 * i + 1] = p->pt[2 * j + 1];
			p->pt[2 * j] = tx;
			p->pt[2 * j + 1] = ty;
		}
	}
}

static const char *skip_sep(const char *s)
{
	while (*s == ' ' || *s == ',' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	return s;
}

/* read count numbers after a command; false on a missing one */
static bool numbers(const char **s, double *v, int count)
{
	for (int k = 0; k < count; k++) {
		char *end;

		*s = skip_sep(*s);
		v[k] = strtod(*s, &end);
		if (end == *s || !isfinite(v[k]))
			return false;
		*s = end;
	}
	return true;
}

/*
 * Apply one path command with its want numbers v to p, the pen at
 * (*cx, *cy); false for a drawing command before any M.
 */
static bool path_command(struct poly *p, char cmd, const double *v, int want, double *cx,
			 double *cy)
{
	switch (cmd) {
	case 'M':
		poly_ring(p);
		*cx = v[0], *cy = v[1];
		poly_add(p, *cx, *cy);
		break;
	case 'L':
		if (p->rings == 0)
			return false;
		*cx = v[0], *cy = v[1];
		poly_add(p, *cx, *cy);
		break;
	case 'H':
	case 'V':
		if (p->rings == 0)
			return false;
		if (cmd == 'H')
			*cx = v[0];
		else
			*cy = v[0];
		poly_add(p, *cx, *cy);
		break;
	case 'C':
	case 'Q':
		if (p->rings == 0)
			return false;
		for (int k = 1; k <= CURVE_CHORDS; k++) {
			double t = (double)k / CURVE_CHORDS, u = 1 - t, x, y;

			if (cmd == 'C') {
				x = u * u * u * *cx + 3 * u * u * t * v[0] + 3 * u * t * t * v[2] +
				    t * t * t * v[4];
				y = u * u * u * *cy + 3 * u * u * t * v[1] + 3 * u * t * t * v[3] +
				    t * t * t * v[5];
			} else {
				x = u * u * *cx + 2 * u * t * v[0] + t * t * v[2];
				y = u * u * *cy + 2 * u * t * v[1] + t * t * v[3];
			}
			poly_add(p, x, y);
		}
		*cx = v[want - 2], *cy = v[want - 1];
		break;
	case 'Z':
		if (p->rings > 0 && p->n > p->start[p->rings - 1]) {
			*cx = p->pt[2 * p->start[p->rings - 1]];
			*cy = p->pt[2 * p->start[p->rings - 1] + 1];
		}
		break;
	}
	return true;
}

struct mb_shape *mb_shape_from_path(const char *name, double box_w, double box_h,
				    const char *path, struct mb_error *err)
{
	struct poly p = { 0 };
	const char *s = path;
	double cx = 0, cy = 0;
	char cmd = 0;
	struct mb_shape *shape;

	if (!(box_w > 0) || !(box_h > 0) || box_w > 1e6 || box_h > 1e6) {
		mb_error_set(err, MB_ERR_INPUT, "shape '%s': its box %gx%g is not positive",
			     name, box_w, box_h);
		return NULL;
	}
	for (;;) {
		double v[6];
		int want;

		s = skip_sep(s);
		if (!*s)
			break;
		if (isalpha((unsigned char)*s))
			cmd = *s++;
		else if (!cmd || cmd == 'Z')
			goto bad;	/* numbers with no command before them */
		switch (cmd) {
		case 'M': case 'L': want = 2; break;
		case 'H': case 'V': want = 1; break;
		case 'C': want = 6; break;
		case 'Q': want = 4; break;
		case 'Z': want = 0; break;
		default: goto bad;
		}
		if (!numbers(&s, v, want))
			goto bad;
		if (!path_command(&p, cmd, v, want, &cx, &cy))
			goto bad;
		if (cmd == 'M')
			cmd = 'L';	/* as in SVG: further pairs are lines */
	}
	if (p.n < 3) {
		mb_error_set(err, MB_ERR_INPUT, "shape '%s': its path has no area (%d points)",
			     name, p.n);
		goto fail;
	}
	poly_ring(&p);	/* the end marker */
	if (p.start[p.rings - 1] != p.n)
		BUG("ring end marker");
	orient(&p);
	shape = xcalloc(1, sizeof(*shape));
	shape->name = xstrdup(name);
	shape->box_w = box_w;
	shape->box_h = box_h;
	shape->rings = p.rings - 1;
	shape->ring_start = p.start;
	shape->pt = p.pt;
	return shape;
bad:
	mb_error_set(err, MB_ERR_INPUT,
		     "shape '%s': bad path data at character %d ('%.12s'): expected the "
		     "commands M, L, H, V, C, Q or Z with their numbers",
		     name, (int)(s - path) + 1, s);
fail:
	free(p.pt);
	free(p.start);
	return NULL;
}

struct mb_shape *mb_shape_from_ink(const char *name, int w, int h, const uint8_t *ink,
				   struct mb_error *err)
{
	struct mb_shape *shape;
	size_t n = (size_t)w * (size_t)h, dark = 0;

	for (size_t i = 0; i < n; i++)
		dark += ink[i] >= 128;
	if (w < 1 || h < 1 || !dark) {
		mb_error_set(err, MB_ERR_INPUT,
			     "shape '%s' has no dark part (expected a dark silhouette on a "
			     "light background)", name);
		return NULL;
	}
	shape = xcalloc(1, sizeof(*shape));
	shape->name = xstrdup(name);
	shape->box_w = w;
	shape->box_h = h;
	shape->img_w = w;
	shape->img_h = h;
	shape->ink = xmalloc(n);
	memcpy(shape->ink, ink, n);
	return shape;
}

void mb_shape_free(struct mb_shape *s)
{
	if (!s)
		return;
	free(s->name);
	free(s->ring_start);
	free(s->pt);
	free(s->ink);
	free(s);
}

/* ---- raster ---- */

struct crossing {
	double x;
	int dir;
};

static int by_x(const void *a, const void *b)
{
	double d = ((const struct crossing *)a)->x - ((const struct crossing *)b)->x;

	return d < 0 ? -1 : d > 0;
}

/* mark in row[] (ncol samples at u = u0 + j * du) the samples inside at height v */
static void outline_row(const struct mb_shape *s, double v, double u0, double du, int ncol,
			uint8_t *row, struct crossing *cross)
{
	int nc = 0, wind = 0;

	for (int r = 0; r < s->rings; r++) {
		int a = s->ring_start[r], b = s->ring_start[r + 1];

		for (int i = a; i < b; i++) {
			int j = i + 1 < b ? i + 1 : a;
			double x0 = s->pt[2 * i], y0 = s->pt[2 * i + 1];
			double x1 = s->pt[2 * j], y1 = s->pt[2 * j + 1];

			if ((y0 <= v && y1 > v) || (y1 <= v && y0 > v)) {
				cross[nc].x = x0 + (v - y0) / (y1 - y0) * (x1 - x0);
				cross[nc++].dir = y1 > y0 ? 1 : -1;
			}
		}
	}
	qsort(cross, (size_t)nc, sizeof(*cross), by_x);
	memset(row, 0, (size_t)ncol);
	for (int k = 0; k + 1 < nc; k++) {
		wind += cross[k].dir;
		if (wind != 0) {
			double a = ceil((cross[k].x - u0) / du), b = (cross[k + 1].x - u0) / du;
			int ja = a < 0 ? 0 : (int)a;

			/* [crossing, next crossing): a sample on the outline is outside */
			for (int jj = ja; jj < ncol && jj < b; jj++)
				row[jj] = 1;
		}
	}
}

static void ink_row(const struct mb_shape *s, double v, double u0, double du, int ncol,
		    uint8_t *row)
{
	int py = (int)floor(v);

	for (int j = 0; j < ncol; j++) {
		int px = (int)floor(u0 + j * du);

		row[j] = py >= 0 && py < s->img_h && px >= 0 && px < s->img_w &&
			 s->ink[py * s->img_w + px] >= 128;
	}
}

int mb_shape_raster(const struct mb_shape *s, int w, int h, double scale, uint8_t *in)
{
	int ncol = w * SUBSAMPLES, total = 0, edges = 0;
	double ox = (s->box_w - w / scale) / 2, oy = (s->box_h - h / scale) / 2;
	double du = 1.0 / (scale * SUBSAMPLES);
	uint8_t *row = xmalloc((size_t)ncol);
	int *count = xcalloc((size_t)w, sizeof(int));
	struct crossing *cross;

	if (s->rings > 0)
		edges = s->ring_start[s->rings];
	cross = xmallocarray((size_t)edges + 1, sizeof(*cross));
	for (int y = 0; y < h; y++) {
		memset(count, 0, (size_t)w * sizeof(int));
		for (int k = 0; k < SUBSAMPLES; k++) {
			double v = oy + (y + (k + 0.5) / SUBSAMPLES) / scale;

			if (s->ink)
				ink_row(s, v, ox + du / 2, du, ncol, row);
			else
				outline_row(s, v, ox + du / 2, du, ncol, row, cross);
			for (int j = 0; j < ncol; j++)
				count[j / SUBSAMPLES] += row[j];
		}
		for (int x = 0; x < w; x++) {
			in[y * w + x] = count[x] * 2 > SUBSAMPLES * SUBSAMPLES;
			total += in[y * w + x];
		}
	}
	free(cross);
	free(count);
	free(row);
	return total;
}

/* ---- checks ---- */

/* 4-connected flood of the squares whose in[] equals value from seed; marks comp[] */
static int flood(int w, int h, const uint8_t *in, uint8_t value, int seed, int *comp, int id,
		 int *queue)
{
	int head = 0, tail = 0;

	comp[seed] = id;
	queue[tail++] = seed;
	while (head < tail) {
		int c = queue[head++], x = c % w, y = c / w;
		int nb[4] = { y > 0 ? c - w : -1, x + 1 < w ? c + 1 : -1,
			      y + 1 < h ? c + w : -1, x > 0 ? c - 1 : -1 };

		for (int d = 0; d < 4; d++)
			if (nb[d] >= 0 && comp[nb[d]] < 0 && in[nb[d]] == value) {
				comp[nb[d]] = id;
				queue[tail++] = nb[d];
			}
	}
	return tail;
}

/* is the lattice point (i, j) a corner of a cell? */
static bool cell_corner(int w, int h, const uint8_t *in, int i, int j)
{
	for (int y = j - 1; y <= j; y++)
		for (int x = i - 1; x <= i; x++)
			if (x >= 0 && y >= 0 && x < w && y < h && in[y * w + x])
				return true;
	return false;
}

/*
 * Holes and pockets become cells: the outside is what a flood from beyond
 * the lattice reaches stepping between left-out squares across sides with
 * at least one end that is no cell's corner. That is how mazeproof finds
 * a printed shape (a gap has walls at both ends, and so has every side
 * into a pocket one square wide), so a mask must be all of what it reads.
 */
static void fill_pockets(int w, int h, uint8_t *in)
{
	int pw = w + 2, ph = h + 2;
	uint8_t *out = xmalloc((size_t)pw * (size_t)ph);
	int *queue = xmallocarray((size_t)pw * (size_t)ph, sizeof(int));
	bool changed = true;

	while (changed) {
		int head = 0, tail = 0;

		changed = false;
		memset(out, 0, (size_t)pw * (size_t)ph);
		out[0] = 1;
		queue[tail++] = 0;
		while (head < tail) {
			int p = queue[head++], px = p % pw, py = p / pw;

			for (int d = 0; d < 4; d++) {
				int qx = px + mb_dir_dx[d], qy = py + mb_dir_dy[d], q = qy * pw + qx;
				int ax, ay, bx, by;	/* the side's end points, lattice coordinates */

				if (qx < 0 || qy < 0 || qx >= pw || qy >= ph || out[q])
					continue;
				if (qx >= 1 && qy >= 1 && qx <= w && qy <= h && in[(qy - 1) * w + qx - 1])
					continue;
				if (d == MB_NORTH || d == MB_SOUTH) {
					ax = px - 1;
					ay = bx = 0;
					ay = (d == MB_SOUTH ? qy : py) - 1;
					bx = ax + 1;
					by = ay;
				} else {
					ax = (d == MB_EAST ? qx : px) - 1;
					ay = py - 1;
					bx = ax;
					by = ay + 1;
				}
				if (cell_corner(w, h, in, ax, ay) && cell_corner(w, h, in, bx, by))
					continue;
				out[q] = 1;
				queue[tail++] = q;
			}
		}
		for (int y = 0; y < h; y++)
			for (int x = 0; x < w; x++)
				if (!in[y * w + x] && !out[(y + 1) * pw + x + 1]) {
					in[y * w + x] = 1;
					changed = true;
				}
	}
	free(queue);
	free(out);
}

enum mb_status mb_shape_check(const char *what, int w, int h, uint8_t *in, int min_squares,
			      struct mb_error *err)
{
	int n = w * h, *comp = xmallocarray((size_t)n, sizeof(int));
	int *queue = xmallocarray((size_t)n, sizeof(int)), pieces = 0, biggest = 0, total = 0;
	enum mb_status st = MB_OK;

	fill_pockets(w, h, in);
	for (int i = 0; i < n; i++)
		comp[i] = -1;
	for (int i = 0; i < n; i++)
		if (in[i] && comp[i] < 0) {
			int size = flood(w, h, in, 1, i, comp, pieces++, queue);

			total += size;
			if (size > biggest)
				biggest = size;
		}
	if (total == 0) {
		st = mb_error_set(err, MB_ERR_INPUT,
				  "shape %s covers no square at this size (use a bigger grid: a "
				  "harder level, or a thicker shape)", what);
		goto out;
	}
	/*
	 * With holes filled, a square touching the rest only at a corner is
	 * a piece of its own (the corner would enclose a hole otherwise)
	 */
	for (int y = 0; pieces > 1 && y + 1 < h; y++)
		for (int x = 0; x + 1 < w; x++) {
			int a = y * w + x, b = a + 1, c = a + w, d = c + 1;

			if ((in[a] && in[d] && !in[b] && !in[c] && comp[a] != comp[d]) ||
			    (in[b] && in[c] && !in[a] && !in[d] && comp[b] != comp[c])) {
				st = mb_error_set(err, MB_ERR_INPUT,
						  "shape %s: squares (%d, %d) and (%d, %d) touch only "
						  "at a corner: use a thicker shape, or a bigger grid "
						  "(a harder level)", what, in[a] ? x : x + 1, y,
						  in[a] ? x + 1 : x, y + 1);
				goto out;
			}
		}
	if (pieces > 1) {
		st = mb_error_set(err, MB_ERR_INPUT,
				  "shape %s falls into %d pieces at this size (the biggest has %d "
				  "of %d squares): use a thicker shape, or a bigger grid (a harder "
				  "level) so that its thin parts join", what, pieces, biggest, total);
		goto out;
	}
	for (int y = 0; y + 1 < h; y++)
		for (int x = 0; x + 1 < w; x++) {
			int a = in[y * w + x], b = in[y * w + x + 1];
			int c = in[(y + 1) * w + x], d = in[(y + 1) * w + x + 1];

			if ((a && d && !b && !c) || (b && c && !a && !d))
				BUG("a corner-only join at (%d, %d) in one piece with no holes", x, y);
		}
	/*
	 * a reader of the page tells a shape from a rectangle by a left-out
	 * square whose corners touch no square of the maze (mazeproof)
	 */
	if (total < w * h) {
		bool clear = false;

		for (int y = 0; y < h && !clear; y++)
			for (int x = 0; x < w && !clear; x++)
				clear = !in[y * w + x] && !cell_corner(w, h, in, x, y) &&
					!cell_corner(w, h, in, x + 1, y) &&
					!cell_corner(w, h, in, x, y + 1) &&
					!cell_corner(w, h, in, x + 1, y + 1);
		if (!clear) {
			st = mb_error_set(err, MB_ERR_INPUT,
					  "shape %s fills its box too nearly for a reader of the "
					  "page to tell it from a rectangle (no left-out square is "
					  "clear of it): use a shape with more room around it", what);
			goto out;
		}
	}
	if (total < min_squares)
		st = mb_error_set(err, MB_ERR_INPUT,
				  "shape %s covers %d squares, fewer than the %d the level needs: "
				  "use a fuller shape or a harder level", what, total, min_squares);
out:
	free(queue);
	free(comp);
	return st;
}

/* ---- the mask ---- */

/* the lattice for scale: the box's size in squares, rounded up */
static bool lattice(const struct mb_shape *s, double scale, int *w, int *h)
{
	double fw = ceil(s->box_w * scale - 1e-9), fh = ceil(s->box_h * scale - 1e-9);

	if (fw > MB_GRID_MAX_SIDE || fh > MB_GRID_MAX_SIDE)
		return false;
	*w = fw < 1 ? 1 : (int)fw;
	*h = fh < 1 ? 1 : (int)fh;
	return true;
}

/* cut in[] (w x h) down to the rows and columns that hold a cell */
static void trim(uint8_t *in, int *w, int *h)
{
	int x0 = *w, x1 = -1, y0 = *h, y1 = -1, nw, nh;

	for (int y = 0; y < *h; y++)
		for (int x = 0; x < *w; x++)
			if (in[y * *w + x]) {
				x0 = x < x0 ? x : x0;
				x1 = x > x1 ? x : x1;
				y0 = y < y0 ? y : y0;
				y1 = y > y1 ? y : y1;
			}
	if (x1 < 0)
		return;
	nw = x1 - x0 + 1;
	nh = y1 - y0 + 1;
	for (int y = 0; y < nh; y++)
		memmove(in + y * nw, in + (y + y0) * *w + x0, (size_t)nw);
	*w = nw;
	*h = nh;
}

struct mb_grid *mb_shape_grid(const struct mb_shape *s, int squares, int min_squares,
			      struct mb_error *err)
{
	char what[300];
	double probe, frac, base;
	int pw, ph, best_w = 0, best_h = 0, best_count = -1, got;
	uint8_t *in, *best = NULL;
	struct mb_error first;
	bool have_first = false;
	struct mb_grid *g;

	snprintf(what, sizeof(what), "'%s'", s->name);
	/* how much of its box the shape fills, from a fine raster */
	probe = 120.0 / (s->box_w > s->box_h ? s->box_w : s->box_h);
	lattice(s, probe, &pw, &ph);
	in = xmalloc((size_t)MB_GRID_MAX_SIDE * MB_GRID_MAX_SIDE);
	got = mb_shape_raster(s, pw, ph, probe, in);
	frac = (double)got / (probe * probe);	/* shape units squared */
	if (got == 0) {
		free(in);
		mb_error_set(err, MB_ERR_INPUT, "shape %s covers nothing", what);
		return NULL;
	}
	base = sqrt((double)squares / frac);
	mb_error_init(&first);
	for (int k = 0; k <= 2 * SCALE_STEPS; k++) {
		int step = (k + 1) / 2 * (k % 2 ? -1 : 1), w, h, count;
		double scale = base * (1 + 0.01 * step);
		struct mb_error e;

		if (!lattice(s, scale, &w, &h))
			continue;
		mb_shape_raster(s, w, h, scale, in);
		mb_error_init(&e);
		trim(in, &w, &h);
		if (mb_shape_check(what, w, h, in, min_squares, &e) != MB_OK) {
			if (!have_first) {
				first = e;
				have_first = true;
			}
			continue;
		}
		count = 0;
		for (int i = 0; i < w * h; i++)
			count += in[i];
		if (best_count < 0 || abs(count - squares) < abs(best_count - squares)) {
			free(best);
			best = xmalloc((size_t)w * (size_t)h);
			memcpy(best, in, (size_t)w * (size_t)h);
			best_w = w;
			best_h = h;
			best_count = count;
		}
	}
	free(in);
	if (!best) {
		if (have_first)
			mb_error_set(err, first.code, "%s", first.message);
		else
			mb_error_set(err, MB_ERR_INPUT,
				     "shape %s needs a lattice over %d squares a side for %d squares",
				     what, MB_GRID_MAX_SIDE, squares);
		return NULL;
	}
	trim(best, &best_w, &best_h);
	g = mb_grid_new_mask(best_w, best_h, best, err);
	free(best);
	return g;
}
