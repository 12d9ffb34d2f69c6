/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* Hexagonal mazes, and the finder that tells them from triangular ones. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "mplattice.h"
#include "mplattice_int.h"
#include "mplimits.h"
#include "mpmaze.h"
#include "mputil.h"

/* ---- hex --------------------------------------------------------------- */

static bool near_dir(double a, double want)
{
	double d = fabs(a - want);

	return fmin(d, 180 - d) < 3;
}

/* hex points (turned frame) in quarters of w along, quarters of s down: all lattice points are whole */
static long long hex_key(const struct mb_mp_lattice *l, double u, double v)
{
	return pt_key(lround((u - l->ox) / (sqrt(3) * l->side / 4)),
		      lround((v - l->oy) / (l->side / 4)));
}

static int hex_sides(const struct mb_mp_lattice *l, int a, int b, struct pos_side *out)
{
	double cx, cy, s = l->side, m = s * sqrt(3) / 2;

	hex_centre(l, a, b, &cx, &cy);
	for (int d = 0; d < 6; d++) {
		double t = 60.0 * d * M_PI / 180, t0 = t - M_PI / 6, t1 = t + M_PI / 6;

		out[d].a = a + HEX_DIR[d][0];
		out[d].b = b + HEX_DIR[d][1];
		out[d].mid = hex_key(l, cx + m * cos(t), cy + m * sin(t));
		out[d].c0 = hex_key(l, cx + s * cos(t0), cy + s * sin(t0));
		out[d].c1 = hex_key(l, cx + s * cos(t1), cy + s * sin(t1));
	}
	return 6;
}

/* Every side must sit halfway between two lattice centres: l->problem says the first that does not. */
static void check_sides(struct mb_mp_lattice *l, const double *pts, size_t n, bool flat)
{
	double s = l->side, w = sqrt(3) * s;

	for (size_t i = 0; i < n && !l->problem[0]; i++) {
		double mx = (pts[4 * i] + pts[4 * i + 2]) / 2, my = (pts[4 * i + 1] + pts[4 * i + 3]) / 2;
		int b0 = (int)floor((my - l->oy) / (1.5 * s)), a0 = (int)floor((mx - l->ox) / (w / 2));
		double d1 = INFINITY, d2 = INFINITY, x1 = 0, y1 = 0, x2 = 0, y2 = 0, cx, cy;

		/* a side lies halfway between its two nearest centres */
		for (int b = b0 - 1; b <= b0 + 2; b++)
			for (int a = a0 - 2; a <= a0 + 3; a++) {
				double hx, hy, d;

				if ((a + b) % 2)
					continue;
				hex_centre(l, a, b, &hx, &hy);
				d = hypot(mx - hx, my - hy);
				if (d < d1) {
					d2 = d1, x2 = x1, y2 = y1;
					d1 = d, x1 = hx, y1 = hy;
				} else if (d < d2) {
					d2 = d, x2 = hx, y2 = hy;
				}
			}
		cx = (x1 + x2) / 2;
		cy = (y1 + y2) / 2;
		if (hypot(mx - cx, my - cy) > 0.15 * s) {
			double px, py;

			turn_pt(flat, mx, my, &px, &py);
			snprintf(l->problem, sizeof l->problem, "a wall at (%.1f, %.1f) pt is not a side of "
				 "the hexagon grid (sides %.2f pt)", px, py, s);
		}
	}
}

/*
 * The positions of l's box, the hexagons inside the hull h of the walls
 * (nh corners), the outline carved from them and the cells numbered; the
 * grid's name says its rows and columns.
 */
static void hex_cells(struct mb_mp_lattice *l, const double *pts, size_t n, const double *h,
		      size_t nh)
{
	double w = sqrt(3) * l->side;
	bool flat = l->flat;
	int maxrow = 0, rows = 0;

	l->cell_at = mb_mp_xmalloc((size_t)(l->amax - l->amin + 1) * (size_t)(l->bmax - l->bmin + 1) *
				   sizeof *l->cell_at);
	for (int b = l->bmin; b <= l->bmax; b++) {
		for (int a = l->amin; a <= l->amax; a++) {
			double cx, cy;
			int *slot = &l->cell_at[(size_t)(b - l->bmin) *
						(size_t)(l->amax - l->amin + 1) +
						(size_t)(a - l->amin)];

			*slot = -1;
			if ((a + b) % 2)
				continue;
			hex_centre(l, a, b, &cx, &cy);
			if (mb_mp_lat_inside_by(h, nh, cx, cy) >= w / 4)
				*slot = 0;
		}
	}
	mb_mp_lat_carve_outside(l, pts, n, hex_key, hex_sides);
	mb_mp_lat_number_cells(l);
	for (int b = l->bmin; b <= l->bmax; b++) {
		int inrow = 0;

		for (int a = l->amin; a <= l->amax; a++)
			inrow += !mb_mp_lat_outside_at(l, a, b);
		maxrow = inrow > maxrow ? inrow : maxrow;
		rows += inrow > 0;
	}
	snprintf(l->grid, sizeof l->grid, "hex %dx%d", flat ? rows : maxrow,
		 flat ? maxrow : rows);
}

/* each cell's six sides, a side between two cells once */
static void hex_edges(struct mb_mp_lattice *l)
{
	double s = l->side;
	bool flat = l->flat;

	for (int c = 0; c < l->ncells; c++) {
		int a = l->cell_a[c], b = l->cell_b[c];
		double cx, cy;

		hex_centre(l, a, b, &cx, &cy);
		for (int d = 0; d < 6; d++) {
			int nb = hex_cell(l, a + HEX_DIR[d][0], b + HEX_DIR[d][1]);
			struct mb_mp_ledge *e;
			double p0x, p0y, p1x, p1y, t0 = (60.0 * d - 30) * M_PI / 180,
						   t1 = (60.0 * d + 30) * M_PI / 180;

			if (nb >= 0 && d >= 3)
				continue;
			e = mb_mp_lat_add_edge(l, c, nb);
			turn_pt(flat, cx + s * cos(t0), cy + s * sin(t0), &p0x, &p0y);
			turn_pt(flat, cx + s * cos(t1), cy + s * sin(t1), &p1x, &p1y);
			e->x0 = p0x;
			e->y0 = p0y;
			e->x1 = p1x;
			e->y1 = p1y;
		}
	}
}

static struct mb_mp_lattice *hex_from(struct mb_mp_page *page, const size_t *idx, size_t n,
				      bool flat)
{
	struct mb_mp_lattice *l = mb_mp_xcalloc(1, sizeof *l);
	double *v = mb_mp_xmalloc((2 * n + 1) * sizeof *v), *pts, *h, s, w;
	double ux0 = INFINITY, uy0 = INFINITY, ux1 = -INFINITY, uy1 = -INFINITY;
	size_t nh, ref = n;

	l->kind = MB_MP_LAT_HEX;
	l->page = page->number;
	l->flat = flat;
	for (size_t i = 0; i < n; i++) {
		const struct mb_mp_seg *sg = &page->segs[idx[i]];

		v[i] = hypot(sg->x1 - sg->x0, sg->y1 - sg->y0);
	}
	s = l->side = mb_mp_lat_median(v, n);
	w = sqrt(3) * s;
	for (size_t i = 0; i < n; i++)
		v[i] = page->segs[idx[i]].width_pt;
	l->pen_pt = mb_mp_lat_median(v, n);
	pts = mb_mp_xmalloc((4 * n + 2) * sizeof *pts);
	h = mb_mp_xmalloc((4 * n + 4) * sizeof *h);
	for (size_t i = 0; i < n; i++) {
		const struct mb_mp_seg *sg = &page->segs[idx[i]];
		double u0, v0, u1, v1;

		turn_pt(flat, sg->x0, sg->y0, &u0, &v0);
		turn_pt(flat, sg->x1, sg->y1, &u1, &v1);
		pts[4 * i] = u0;
		pts[4 * i + 1] = v0;
		pts[4 * i + 2] = u1;
		pts[4 * i + 3] = v1;
		ux0 = fmin(ux0, fmin(u0, u1));
		ux1 = fmax(ux1, fmax(u0, u1));
		uy0 = fmin(uy0, fmin(v0, v1));
		uy1 = fmax(uy1, fmax(v0, v1));
		if (ref == n && fabs(u0 - u1) < 0.05 * s)
			ref = i;
	}
	if (flat) {
		l->x0 = uy0 - l->pen_pt;
		l->x1 = uy1 + l->pen_pt;
		l->y0 = ux0 - l->pen_pt;
		l->y1 = ux1 + l->pen_pt;
	} else {
		l->x0 = ux0 - l->pen_pt;
		l->x1 = ux1 + l->pen_pt;
		l->y0 = uy0 - l->pen_pt;
		l->y1 = uy1 + l->pen_pt;
	}
	if (ref == n) {
		snprintf(l->problem, sizeof l->problem, "hexagon sides in three directions but none "
			 "%s: not a hexagon grid this tool reads", flat ? "horizontal" : "vertical");
		goto out;
	}
	/* a side parallel to the hexagons' vertical sides lies between two centres */
	l->ox = (pts[4 * ref] + pts[4 * ref + 2]) / 2 + w / 2;
	l->oy = (pts[4 * ref + 1] + pts[4 * ref + 3]) / 2;
	/* every side must sit between two lattice centres */
	check_sides(l, pts, n, flat);
	if (l->problem[0])
		goto out;
	nh = mb_mp_lat_hull(pts, 2 * n, h);
	l->amin = (int)floor((ux0 - l->ox) / (w / 2)) - 1;
	l->amax = (int)ceil((ux1 - l->ox) / (w / 2)) + 1;
	l->bmin = (int)floor((uy0 - l->oy) / (1.5 * s)) - 1;
	l->bmax = (int)ceil((uy1 - l->oy) / (1.5 * s)) + 1;
	if ((double)(l->amax - l->amin + 1) * (l->bmax - l->bmin + 1) > 4.0 * MB_MP_LAT_MAX_CELLS) {
		snprintf(l->problem, sizeof l->problem, "more than %d hexagons", MB_MP_LAT_MAX_CELLS);
		goto out;
	}
	hex_cells(l, pts, n, h, nh);
	hex_edges(l);
out:
	free(v);
	free(pts);
	free(h);
	return l;
}

/* how many sides of the given length a line is (a straight run of sides may be one line) */
static size_t run_sides(const struct mb_mp_seg *s, double side)
{
	double len = hypot(s->x1 - s->x0, s->y1 - s->y0);

	if (!(side > 0) || !isfinite(side) || len <= side)
		return 1;
	return len / side < 1e6 ? (size_t)lround(len / side) : 1000000;
}

/* The sides a drawing of m lines (g) holds, each line counted by its length in its shortest line's. */
static double shortest_side(const struct mb_mp_page *page, const size_t *g, size_t m)
{
	double shortest = INFINITY;

	for (size_t j = 0; j < m; j++) {
		const struct mb_mp_seg *s = &page->segs[g[j]];
		double len = hypot(s->x1 - s->x0, s->y1 - s->y0);

		if (len >= MB_MP_LAT_MIN_SIDE_PT)
			shortest = fmin(shortest, len);
	}
	return shortest;
}

static size_t sides_in(const struct mb_mp_page *page, const size_t *g, size_t m)
{
	double shortest = shortest_side(page, g, m);
	size_t sides = 0;

	for (size_t j = 0; j < m; j++)
		sides += run_sides(&page->segs[g[j]], shortest);
	return sides;
}

/*
 * A perfect maze's walls with two gaps in the rim are two connected
 * drawings, one each side of the gaps, and they are one maze: merge
 * drawings whose boxes overlap or lie closer than 0.6 of a side. Two gaps
 * on one side of a triangle maze cut off its end column, whose box stops
 * half a side short of the rest (a title page's 6x6 maze was read without
 * it, as a maze with one gap); two mazes printed that close would be
 * touching.
 */
static void merge_near_drawings(const struct mb_mp_page *page, const size_t *idx, size_t n,
				double median_len, int *parent)
{
	/* per drawing: box (x0, y0, x1, y1), then its shortest side */
	double *bx = mb_mp_xmalloc((5 * n + 5) * sizeof *bx);
	size_t *roots = mb_mp_xmalloc((n + 1) * sizeof *roots), nroots;
	bool merged = true;

	while (merged) {
		merged = false;
		for (size_t i = 0; i < n; i++) {
			bx[5 * i] = bx[5 * i + 1] = bx[5 * i + 4] = INFINITY;
			bx[5 * i + 2] = bx[5 * i + 3] = -INFINITY;
		}
		for (size_t i = 0; i < n; i++) {
			const struct mb_mp_seg *q = &page->segs[idx[i]];
			int r = mb_mp_uf_root(parent, (int)i);
			double len = hypot(q->x1 - q->x0, q->y1 - q->y0);

			bx[5 * r] = fmin(bx[5 * r], fmin(q->x0, q->x1));
			bx[5 * r + 1] = fmin(bx[5 * r + 1], fmin(q->y0, q->y1));
			bx[5 * r + 2] = fmax(bx[5 * r + 2], fmax(q->x0, q->x1));
			bx[5 * r + 3] = fmax(bx[5 * r + 3], fmax(q->y0, q->y1));
			/* a tick far shorter than the page's sides is no side */
			if (len >= 0.25 * median_len)
				bx[5 * r + 4] = fmin(bx[5 * r + 4], len);
		}
		nroots = 0;
		for (size_t i = 0; i < n; i++)
			if (mb_mp_uf_root(parent, (int)i) == (int)i)
				roots[nroots++] = i;
		for (size_t x = 0; x < nroots; x++)
			for (size_t y = x + 1; y < nroots; y++) {
				size_t i = roots[x], j = roots[y];
				int ri = mb_mp_uf_root(parent, (int)i), rj = mb_mp_uf_root(parent, (int)j);
				double side = fmax(bx[5 * i + 4], bx[5 * j + 4]);
				double t = isfinite(side) ? 0.6 * side : 0;

				if (ri != rj && bx[5 * i] < bx[5 * j + 2] + t &&
				    bx[5 * j] < bx[5 * i + 2] + t && bx[5 * i + 1] < bx[5 * j + 3] + t &&
				    bx[5 * j + 1] < bx[5 * i + 3] + t) {
					parent[ri] = rj;
					merged = true;
				}
			}
	}
	free(roots);
	free(bx);
}

/*
 * The hexagon and triangle mazes of one turn (flat: sides at 0, 60 and 120
 * degrees; else at 90, 30 and 150) among the page's black lines not yet
 * taken.
 */
static size_t find_hex_turned(struct mb_mp_page *page, struct mb_mp_lattice ***out, size_t count,
			      bool flat)
{
	size_t *idx = mb_mp_xmalloc((page->nsegs + 1) * sizeof *idx), n = 0;
	int *parent;
	double *len;

	for (size_t i = 0; i < page->nsegs && n < 20000; i++) {
		const struct mb_mp_seg *s = &page->segs[i];
		double a;

		if (!s->black || s->dashed)
			continue;
		a = seg_dir(s);
		if (flat ? near_dir(a, 0) || near_dir(a, 60) || near_dir(a, 120)
			 : near_dir(a, 90) || near_dir(a, 30) || near_dir(a, 150))
			idx[n++] = i;
	}
	len = mb_mp_xmalloc((n + 1) * sizeof *len);
	for (size_t i = 0; i < n; i++) {
		const struct mb_mp_seg *s = &page->segs[idx[i]];

		len[i] = hypot(s->x1 - s->x0, s->y1 - s->y0);
	}
	double L = mb_mp_lat_median(len, n);

	parent = mb_mp_xmalloc((n + 1) * sizeof *parent);
	for (size_t i = 0; i < n; i++)
		parent[i] = (int)i;
	/* sides meet end to end (or their boxes overlap): one drawing */
	for (size_t i = 0; i < n; i++) {
		const struct mb_mp_seg *p = &page->segs[idx[i]];

		for (size_t j = i + 1; j < n; j++) {
			const struct mb_mp_seg *q = &page->segs[idx[j]];
			double t = 0.3 * L;

			if (fmin(p->x0, p->x1) - t > fmax(q->x0, q->x1) ||
			    fmin(q->x0, q->x1) - t > fmax(p->x0, p->x1) ||
			    fmin(p->y0, p->y1) - t > fmax(q->y0, q->y1) ||
			    fmin(q->y0, q->y1) - t > fmax(p->y0, p->y1))
				continue;
			parent[mb_mp_uf_root(parent, (int)i)] = mb_mp_uf_root(parent, (int)j);
		}
	}
	merge_near_drawings(page, idx, n, L, parent);
	for (size_t i = 0; i < n; i++) {
		size_t m = 0, *g;
		int root = mb_mp_uf_root(parent, (int)i);

		if (root != (int)i)
			continue;
		for (size_t j = 0; j < n; j++)
			m += mb_mp_uf_root(parent, (int)j) == root;
		g = mb_mp_xmalloc(m * sizeof *g);
		m = 0;
		for (size_t j = 0; j < n; j++)
			if (mb_mp_uf_root(parent, (int)j) == root)
				g[m++] = idx[j];
		if (sides_in(page, g, m) < MB_MP_LAT_MIN_SIDES) {
			free(g);
			continue;
		}
		/*
		 * all three directions, or it is no hexagon or triangle grid (a
		 * square maze's rows); counted in sides, as a small maze drawn as
		 * runs may have one line in a direction
		 */
		{
			size_t dirs[3] = { 0, 0, 0 };
			double side = shortest_side(page, g, m);

			for (size_t j = 0; j < m; j++) {
				double a = seg_dir(&page->segs[g[j]]);

				for (int d = 0; d < 3; d++)
					dirs[d] += near_dir(a, fmod((flat ? 0 : 90) + 60.0 * d, 180))
							   ? run_sides(&page->segs[g[j]], side) : 0;
			}
			if (dirs[0] < 2 || dirs[1] < 2 || dirs[2] < 2) {
				free(g);
				continue;
			}
		}
		*out = mb_mp_xrealloc(*out, (count + 1) * sizeof **out);
		(*out)[count++] = flat && mb_mp_lat_is_delta(page, g, m)
					  ? mb_mp_lat_delta_from(page, g, m)
					  : hex_from(page, g, m, flat);
		for (size_t j = 0; j < m; j++)
			page->segs[g[j]].black = false;
		free(g);
	}
	free(parent);
	free(len);
	free(idx);
	return count;
}

/*
 * Hexagon and triangle mazes of both turns: the turn with more sides on the
 * page first, then the other among the lines left (a flat-top maze printed
 * beside pointy-top ones was not read at all, and the page passed).
 */
size_t mb_mp_lat_find_hex(struct mb_mp_page *page, struct mb_mp_lattice ***out, size_t count)
{
	size_t npointy = 0, nflat = 0;
	double shortest = INFINITY;

	for (size_t i = 0; i < page->nsegs; i++) {
		const struct mb_mp_seg *s = &page->segs[i];
		double a = seg_dir(s), len = hypot(s->x1 - s->x0, s->y1 - s->y0);

		if (s->black && !s->dashed && len >= MB_MP_LAT_MIN_SIDE_PT &&
		    (near_dir(a, 30) || near_dir(a, 150) || near_dir(a, 60) || near_dir(a, 120)))
			shortest = fmin(shortest, len);
	}
	for (size_t i = 0; i < page->nsegs; i++) {
		const struct mb_mp_seg *s = &page->segs[i];
		double a;

		if (!s->black || s->dashed)
			continue;
		a = seg_dir(s);
		/* a line may be a straight run of sides: count it as long as it is */
		npointy += (near_dir(a, 30) || near_dir(a, 150)) ? run_sides(s, shortest) : 0;
		nflat += (near_dir(a, 60) || near_dir(a, 120)) ? run_sides(s, shortest) : 0;
	}
	bool flat_first = nflat > npointy;

	if ((flat_first ? nflat : npointy) >= MB_MP_LAT_MIN_SIDES)
		count = find_hex_turned(page, out, count, flat_first);
	if ((flat_first ? npointy : nflat) >= MB_MP_LAT_MIN_SIDES)
		count = find_hex_turned(page, out, count, !flat_first);
	return count;
}
