/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * From page geometry to the page's mazes: the black axis-aligned lines,
 * grouped into drawings by touch (a bucket grid over the page, so a page
 * costs about linear time in its number of segments), drawings merged
 * where a maze's gaps cut it apart, frames, decoration and letters set
 * aside; each drawing is then read as a grid (mplattice_rect.c), its drawn
 * route (mproute.c) and its label (mplabel.c). Every threshold is
 * relative to the line width or the inferred cell size, so the reader does
 * not care about the page size, the maze size or tiny floating-point noise
 * in the coordinates.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mplattice.h"
#include "mplimits.h"
#include "mpmaze.h"
#include "mpmaze_int.h"
#include "mputil.h"

static double tolerance(const struct line *a, const struct line *b)
{
	return fmax(0.25, 0.75 * fmax(a->width, b->width));
}

static bool same_width(double a, double b)
{
	return fabs(a - b) <= 0.1 * fmax(a, b) + 0.01;
}

/*
 * Do two segments touch or cross? In one pen, within three quarters of it
 * (ends drawn a little short still meet); in two pens (a heavy rim, thin
 * inner walls), only where their ink meets: within half the wider pen, so
 * a tick drawn inside a square next to a heavy rim stays apart.
 */
static bool touch(const struct line *a, const struct line *b)
{
	double tol = tolerance(a, b);

	if (!same_width(a->width, b->width))
		tol = 0.5 * fmax(a->width, b->width) + 0.25;
	if (a->horizontal == b->horizontal) {
		if (a->horizontal)
			return fabs(a->y0 - b->y0) <= tol && a->x0 <= b->x1 + tol && b->x0 <= a->x1 + tol;
		return fabs(a->x0 - b->x0) <= tol && a->y0 <= b->y1 + tol && b->y0 <= a->y1 + tol;
	}
	if (!a->horizontal) {
		const struct line *t = a;

		a = b;
		b = t;
	}
	/* a horizontal, b vertical */
	return b->x0 >= a->x0 - tol && b->x0 <= a->x1 + tol && a->y0 >= b->y0 - tol &&
	       a->y0 <= b->y1 + tol;
}

/* Keep black, solid, axis-aligned segments, normalised. */
static size_t collect_lines(const struct mb_mp_page *page, struct line **out)
{
	struct line *lines = mb_mp_xmalloc((page->nsegs ? page->nsegs : 1) * sizeof *lines);
	size_t n = 0;

	for (size_t k = 0; k < page->nsegs; k++) {
		const struct mb_mp_seg *s = &page->segs[k];
		double dx = fabs(s->x1 - s->x0), dy = fabs(s->y1 - s->y0);
		double len = fmax(dx, dy);
		double slack = fmax(0.05, 0.02 * len);
		struct line *l;

		if (!s->black || s->dashed || !isfinite(s->x0) || !isfinite(s->y0) ||
		    !isfinite(s->x1) || !isfinite(s->y1) || !isfinite(s->width_pt) ||
		    fabs(s->x0) + fabs(s->y0) + fabs(s->x1) + fabs(s->y1) > 1e6)
			continue;
		if (dy > slack && dx > slack)
			continue;	/* diagonal: never a wall */
		l = &lines[n++];
		l->width = s->width_pt;
		l->outline = s->outline;
		l->horizontal = dy <= dx;
		if (l->horizontal) {
			l->y0 = l->y1 = (s->y0 + s->y1) / 2;
			l->x0 = fmin(s->x0, s->x1);
			l->x1 = fmax(s->x0, s->x1);
		} else {
			l->x0 = l->x1 = (s->x0 + s->x1) / 2;
			l->y0 = fmin(s->y0, s->y1);
			l->y1 = fmax(s->y0, s->y1);
		}
	}
	*out = lines;
	return n;
}

/* a line and where it was, for sorting */
struct placed_line {
	struct line l;
	size_t at;
};

static int cmp_placed(const void *pa, const void *pb)
{
	const struct placed_line *a = pa, *b = pb;
	double d[5] = { a->l.x0 - b->l.x0, a->l.y0 - b->l.y0, a->l.x1 - b->l.x1,
			a->l.y1 - b->l.y1, a->l.width - b->l.width };

	if (a->l.horizontal != b->l.horizontal)
		return a->l.horizontal ? 1 : -1;
	for (int k = 0; k < 5; k++)
		if (d[k] != 0)
			return d[k] < 0 ? -1 : 1;
	/* equal lines by place, so the first of them is kept */
	return a->at < b->at ? -1 : a->at > b->at;
}

/*
 * Drop lines identical to an earlier one (a form drawn a thousand times
 * in one place), keeping the order of the rest; returns the new count.
 */
static size_t drop_duplicates(struct line *lines, size_t n)
{
	struct placed_line *sorted = mb_mp_xmalloc((n ? n : 1) * sizeof *sorted);
	bool *dup = mb_mp_xcalloc(n ? n : 1, sizeof *dup);
	size_t kept = 0;

	for (size_t k = 0; k < n; k++)
		sorted[k] = (struct placed_line){ lines[k], k };
	qsort(sorted, n, sizeof *sorted, cmp_placed);
	for (size_t k = 1; k < n; k++) {
		const struct line *a = &sorted[k - 1].l, *b = &sorted[k].l;

		dup[sorted[k].at] = a->horizontal == b->horizontal && a->x0 == b->x0 &&
				    a->y0 == b->y0 && a->x1 == b->x1 && a->y1 == b->y1 &&
				    a->width == b->width;
	}
	for (size_t k = 0; k < n; k++)
		if (!dup[k])
			lines[kept++] = lines[k];
	free(sorted);
	free(dup);
	return kept;
}

/*
 * Union touching segments, comparing only those that share a bucket.
 * False when a bucket holds more than MB_MP_MAX_BUCKET of them.
 */
static bool group_lines(const struct line *lines, size_t n, size_t *parent)
{
	double bx0 = INFINITY, by0 = INFINITY, bx1 = -INFINITY, by1 = -INFINITY, cell;
	size_t nx, ny, *count, *start = NULL, *slot = NULL;
	const double pad = 2.0;

	for (size_t k = 0; k < n; k++) {
		parent[k] = k;
		bx0 = fmin(bx0, lines[k].x0);
		by0 = fmin(by0, lines[k].y0);
		bx1 = fmax(bx1, lines[k].x1);
		by1 = fmax(by1, lines[k].y1);
	}
	if (n < 2)
		return true;
	bx0 -= pad;
	by0 -= pad;
	bx1 += pad;
	by1 += pad;
	cell = fmax(12.0, fmax(bx1 - bx0, by1 - by0) / 256.0);
	nx = (size_t)((bx1 - bx0) / cell) + 1;
	ny = (size_t)((by1 - by0) / cell) + 1;
	count = mb_mp_xcalloc(nx * ny + 1, sizeof *count);
	/* two passes: count the bucket entries, then fill them */
	for (int pass = 0; pass < 2; pass++) {
		for (size_t k = 0; k < n; k++) {
			double t = fmax(0.25, 0.75 * lines[k].width) + 0.5;
			size_t ix0 = (size_t)fmax(0, (lines[k].x0 - t - bx0) / cell);
			size_t ix1 = (size_t)fmax(0, (lines[k].x1 + t - bx0) / cell);
			size_t iy0 = (size_t)fmax(0, (lines[k].y0 - t - by0) / cell);
			size_t iy1 = (size_t)fmax(0, (lines[k].y1 + t - by0) / cell);

			if (ix1 >= nx)
				ix1 = nx - 1;
			if (iy1 >= ny)
				iy1 = ny - 1;
			for (size_t iy = iy0; iy <= iy1; iy++)
				for (size_t ix = ix0; ix <= ix1; ix++) {
					if (pass == 0)
						count[iy * nx + ix + 1]++;
					else
						slot[start[iy * nx + ix]++] = k;
				}
		}
		if (pass == 0) {
			for (size_t b = 1; b <= nx * ny; b++) {
				if (count[b] > MB_MP_MAX_BUCKET) {
					free(count);
					return false;
				}
				count[b] += count[b - 1];
			}
			slot = mb_mp_xmalloc((count[nx * ny] ? count[nx * ny] : 1) * sizeof *slot);
			start = mb_mp_xmalloc((nx * ny + 1) * sizeof *start);
			memcpy(start, count, (nx * ny + 1) * sizeof *start);
		}
	}
	for (size_t b = 0; b < nx * ny; b++)
		for (size_t p = count[b]; p < count[b + 1]; p++)
			for (size_t q = p + 1; q < count[b + 1]; q++) {
				size_t a = slot[p], c = slot[q];

				if (mb_mp_uf_find(parent, a) != mb_mp_uf_find(parent, c) && touch(&lines[a], &lines[c]))
					mb_mp_uf_unite(parent, a, c);
			}
	free(count);
	free(start);
	free(slot);
	return true;
}

/*
 * The gaps of a maze cut its outer wall in two, so its walls are (at least)
 * two connected groups whose boxes overlap: merge groups whose boxes
 * overlap, until none do. A pen of another width may draw the rim or the
 * inner walls, so groups of three or more lines merge whatever their pen;
 * one or two lines of another pen inside a maze's box (a tick, an arrow's
 * shaft) are decoration and are dropped.
 */
/*
 * Is the cluster a bare rectangle (every line on the edges of its box)? A
 * frame or a border drawn around a maze, or a rim seen alone.
 */
static bool bare_rectangle(const struct line *lines, const struct cluster *c)
{
	double tol = fmax(0.5, c->width);

	if (c->n > 16)
		return false;
	for (size_t k = 0; k < c->n; k++) {
		const struct line *l = &lines[c->members[k]];

		if (l->horizontal ? fabs(l->y0 - c->y0) > tol && fabs(l->y0 - c->y1) > tol
				  : fabs(l->x0 - c->x0) > tol && fabs(l->x0 - c->x1) > tol)
			return false;
	}
	return true;
}

/* Do all of a's lines lie on the edges of b's box (pieces of a rim in another pen)? */
static bool on_box_edge(const struct line *lines, const struct cluster *a, const struct cluster *b)
{
	double tol = fmax(0.5, fmax(a->width, b->width));

	for (size_t k = 0; k < a->n; k++) {
		const struct line *l = &lines[a->members[k]];

		if (l->horizontal ? fabs(l->y0 - b->y0) > tol && fabs(l->y0 - b->y1) > tol
				  : fabs(l->x0 - b->x0) > tol && fabs(l->x0 - b->x1) > tol)
			return false;
	}
	return true;
}

/*
 * Do all of a's lines lie on the edges of the box a and b make together?
 * Two rim sides in a heavy pen (an L whose gaps cut it off from the rest of
 * the rim) reach past the inner walls' box: once left out, the maze was
 * read one column short with four rim gaps.
 */
static bool on_joint_edge(const struct line *lines, const struct cluster *a, const struct cluster *b)
{
	struct cluster joint = *b;

	joint.x0 = fmin(a->x0, b->x0);
	joint.y0 = fmin(a->y0, b->y0);
	joint.x1 = fmax(a->x1, b->x1);
	joint.y1 = fmax(a->y1, b->y1);
	return on_box_edge(lines, a, &joint);
}

/* Does a lie inside b's box, clear of its edges on every side? */
static bool inside_clear(const struct cluster *a, const struct cluster *b)
{
	double t = fmax(0.5, fmax(a->width, b->width));

	return a->x0 > b->x0 + t && a->x1 < b->x1 - t && a->y0 > b->y0 + t && a->y1 < b->y1 - t;
}

static void merge_overlapping(const struct line *lines, struct cluster *cl, size_t ncl)
{
	bool merged = true;

	while (merged) {
		merged = false;
		for (size_t a = 0; a < ncl; a++)
			for (size_t b = 0; b < ncl; b++) {
				struct cluster *in = &cl[a], *outer = &cl[b];
				double t = fmax(0.5, outer->width);

				if (a == b || in->dropped || outer->dropped || in->n > outer->n ||
				    in->x0 > outer->x1 + t || in->x1 < outer->x0 - t ||
				    in->y0 > outer->y1 + t || in->y1 < outer->y0 - t)
					continue;
				/* a frame around a maze, touching nothing of it, is not its rim */
				if ((inside_clear(outer, in) && bare_rectangle(lines, in)) ||
				    (inside_clear(in, outer) && bare_rectangle(lines, outer)))
					continue;
				if (!same_width(in->width, outer->width) && in->n < 3 &&
				    !on_box_edge(lines, in, outer) && !on_joint_edge(lines, in, outer)) {
					if (in->x0 >= outer->x0 - t && in->x1 <= outer->x1 + t &&
					    in->y0 >= outer->y0 - t && in->y1 <= outer->y1 + t) {
						in->dropped = true;
						/* a mark inside the maze: what it closes, the ink tells */
						outer->dropped_inside |= in->x1 > outer->x0 + t &&
							in->x0 < outer->x1 - t && in->y1 > outer->y0 + t &&
							in->y0 < outer->y1 - t;
					}
					continue;
				}
				for (size_t k = 0; k < in->n; k++)
					*(size_t *)mb_mp_push(&outer->members, &outer->n, &outer->cap,
							      sizeof(size_t)) = in->members[k];
				outer->x0 = fmin(outer->x0, in->x0);
				outer->y0 = fmin(outer->y0, in->y0);
				outer->x1 = fmax(outer->x1, in->x1);
				outer->y1 = fmax(outer->y1, in->y1);
				outer->dropped_inside |= in->dropped_inside;
				in->dropped = true;
				merged = true;
			}
	}
}

/*
 * Is c letters, not a maze: small, made only of walls read from filled
 * outlines (MB_MP_MAX_GLYPH_PT), and either no grid or a grid with a side
 * of its rim less than half walled (an E, an H, a T, an L on a grid of
 * their own)? A maze's rim is whole but for its gaps.
 */
static bool glyph_like(const struct mb_mp_maze *m, const struct line *lines,
		       const struct cluster *c)
{
	int top = 0, bottom = 0, left = 0, right = 0;

	if (c->x1 - c->x0 > MB_MP_MAX_GLYPH_PT || c->y1 - c->y0 > MB_MP_MAX_GLYPH_PT)
		return false;
	for (size_t k = 0; k < c->n; k++)
		if (!lines[c->members[k]].outline)
			return false;
	if (m->w == 0)
		return true;
	for (int i = 0; i < m->w; i++) {
		top += mb_mp_hwall(m, i, 0) != 0;
		bottom += mb_mp_hwall(m, i, m->h) != 0;
	}
	for (int j = 0; j < m->h; j++) {
		left += mb_mp_vwall(m, 0, j) != 0;
		right += mb_mp_vwall(m, m->w, j) != 0;
	}
	return 2 * top < m->w || 2 * bottom < m->w || 2 * left < m->h || 2 * right < m->h;
}

/*
 * The drawings: one cluster per group of touching lines (parent), with its
 * box and members, in the order of their first lines; index is scratch
 * room for n entries. Returns their number, the array in *out.
 */
static size_t make_clusters(const struct line *lines, size_t n, size_t *parent, size_t *index,
			    struct cluster **out)
{
	struct cluster *cl = NULL;
	size_t ncl = 0, capcl = 0;

	for (size_t k = 0; k < n; k++) {
		size_t r = mb_mp_uf_find(parent, k);
		struct cluster *c;

		if (r == k) {
			c = mb_mp_push(&cl, &ncl, &capcl, sizeof *c);
			index[k] = ncl - 1;
			c->x0 = lines[k].x0;
			c->y0 = lines[k].y0;
			c->x1 = lines[k].x1;
			c->y1 = lines[k].y1;
			c->width = lines[k].width;
		}
		c = &cl[index[r]];	/* r <= k: roots are the smallest index */
		*(size_t *)mb_mp_push(&c->members, &c->n, &c->cap, sizeof(size_t)) = k;
		c->x0 = fmin(c->x0, lines[k].x0);
		c->y0 = fmin(c->y0, lines[k].y0);
		c->x1 = fmax(c->x1, lines[k].x1);
		c->y1 = fmax(c->y1, lines[k].y1);
	}
	*out = cl;
	return ncl;
}

/* m's walls read again from the drawing with its decoration stripped, when that reads */
static void read_stripped(struct mb_mp_maze *m, const struct line *lines, const struct cluster *c)
{
	struct cluster trimmed;

	if (mb_mp_strip_decoration(lines, c, &trimmed)) {
		struct mb_mp_maze again;

		memset(&again, 0, sizeof again);
		again.page = m->page;
		again.number = again.label_page = -1;
		mb_mp_build_walls(&again, lines, &trimmed);
		if (!again.problem[0]) {
			mb_mp_maze_release(m);
			*m = again;
		} else {
			mb_mp_maze_release(&again);
		}
		free(trimmed.members);
	}
}

/*
 * Read drawing c of page into *m; false (m released) when it is no maze:
 * stray lines, a closed box (a frame or a border), or letters.
 */
static bool read_cluster(const struct mb_mp_page *page, const struct line *lines,
			 const struct cluster *c, struct mb_mp_maze *m)
{
	memset(m, 0, sizeof *m);
	m->page = page->number;
	m->number = -1;
	m->label_page = -1;
	mb_mp_build_walls(m, lines, c);
	if (m->problem[0])
		read_stripped(m, lines, c);
	if (m->w == 0)
		mb_mp_rebuild_on_grid(m, lines, c);
	if ((m->w == 0 && c->n < 4) ||
	    (m->w == 1 && m->h == 1 && !m->problem[0] && m->hwall[0] && m->hwall[1] &&
	     m->vwall[0] && m->vwall[1]) ||
	    glyph_like(m, lines, c)) {
		/* stray lines, a closed box (a frame or a border), or letters: not a maze */
		mb_mp_maze_release(m);
		return false;
	}
	if (m->w > 0) {
		m->inexact |= c->dropped_inside;
		mb_mp_find_diagonal(m, page);
		mb_mp_read_route(m, page);
	} else {
		m->x_pt = c->x0;
		m->y_pt = c->y0;
	}
	return true;
}

/* the page's readable mazes (w > 0) labelled together */
static void label_readable(const struct mb_mp_page *page, struct mb_mp_maze *mazes, size_t nmazes)
{
	struct mb_mp_maze **readable = mb_mp_xmalloc((nmazes ? nmazes : 1) * sizeof *readable);
	size_t nread = 0;

	for (size_t a = 0; a < nmazes; a++)
		if (mazes[a].w > 0)
			readable[nread++] = &mazes[a];
	mb_mp_label_mazes(page, readable, nread);
	free(readable);
}

size_t mb_mp_find_mazes(const struct mb_mp_page *page, struct mb_mp_maze **out)
{
	struct line *lines;
	size_t n = collect_lines(page, &lines);
	size_t *parent = mb_mp_xmalloc((n ? n : 1) * sizeof *parent);
	size_t *index = mb_mp_xmalloc((n ? n : 1) * sizeof *index);
	struct cluster *cl;
	size_t ncl, nmazes = 0;
	struct mb_mp_maze *mazes;
	char msg[160];

	n = drop_duplicates(lines, n);
	if (!group_lines(lines, n, parent)) {
		snprintf(msg, sizeof msg, "more than %d line pieces near one place: not a page of "
			 "mazes this tool reads", MB_MP_MAX_BUCKET);
		goto refuse;
	}
	ncl = make_clusters(lines, n, parent, index, &cl);
	if (ncl > MB_MP_MAX_DRAWINGS) {
		snprintf(msg, sizeof msg, "more than %d separate line drawings: not a page of mazes "
			 "this tool reads", MB_MP_MAX_DRAWINGS);
		for (size_t a = 0; a < ncl; a++)
			free(cl[a].members);
		free(cl);
		goto refuse;
	}
	merge_overlapping(lines, cl, ncl);
	mazes = mb_mp_xcalloc(ncl ? ncl : 1, sizeof *mazes);
	for (size_t a = 0; a < ncl; a++) {
		struct cluster *c = &cl[a];

		if (!(c->dropped || c->n < 2 || c->x1 - c->x0 < 0.5 || c->y1 - c->y0 < 0.5) &&
		    read_cluster(page, lines, c, &mazes[nmazes]))
			nmazes++;
		free(c->members);
	}
	free(cl);
	label_readable(page, mazes, nmazes);
	free(lines);
	free(parent);
	free(index);
	*out = mazes;
	return nmazes;

refuse:	/* the page as one drawing that is not a maze, saying why */
	free(lines);
	free(parent);
	free(index);
	mazes = mb_mp_xcalloc(1, sizeof *mazes);
	mazes->page = page->number;
	mazes->number = mazes->label_page = -1;
	mb_mp_set_problem(mazes, msg);
	*out = mazes;
	return 1;
}

void mb_mp_maze_release(struct mb_mp_maze *m)
{
	free(m->hwall);
	free(m->vwall);
	free(m->steps);
	free(m->route_ops);
	mb_mp_lat_free(m->lat);
	memset(m, 0, sizeof *m);
}
