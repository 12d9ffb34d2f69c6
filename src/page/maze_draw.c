/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The one wall-drawing routine; see include/mazebook/page/maze_draw.h. The
 * walls are found with mb_maze_wall_h/_v only, so a rectangle, a mask's
 * staircase rim and the entrance and exit gaps are drawn by the same
 * loop. Points are in grid units under one transform, whole numbers for
 * walls and halves for the route. A graph grid's walls come from its
 * wall shapes instead, merged into runs and arcs and joined into paths.
 */
#include "config.h"
#include "mazebook/page/maze_draw.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"
#include "mazebook/maze/measure.h"

/* SAVE, then a transform taking grid units to place's points */
static void begin_grid(struct mb_draw_list *l, const struct mb_maze_place *place)
{
	struct mb_matrix m = { place->cell_pt, 0, 0, place->cell_pt, place->x, place->y };

	if (!(place->cell_pt > 0))
		BUG("a maze drawn with squares of %g pt", place->cell_pt);
	mb_draw_save(l);
	mb_draw_transform(l, &m);
}

/* STROKE with pen scaled into grid units, then RESTORE */
static void end_grid(struct mb_draw_list *l, const struct mb_maze_place *place,
		     const struct mb_pen *pen)
{
	struct mb_pen local = *pen;

	local.width = pen->width / place->cell_pt;
	for (int i = 0; i < local.ndash && i < MB_DASH_MAX; i++)
		local.dash[i] /= place->cell_pt;
	local.dash_phase /= place->cell_pt;
	mb_draw_stroke(l, &local);
	mb_draw_restore(l);
}


/* ---- graph grids (polar, hex, delta): walls from the grid's shapes ---- */

/*
 * A graph grid is drawn in whole "fine units" under a second transform:
 * as few to a cell as keep each point within FINE_UNIT_PT / 2 of where it
 * belongs, so a PDF says "-8180" where five decimals of a cell said
 * "-0.81798" (a circle book's pages are mostly such numbers: a third fewer
 * bytes to write, compress and read back). Whole numbers give the same
 * bytes on every build, and two walls meeting at a corner meet at the very
 * same point. Their count a cell divides 10^5, so that the second
 * transform's scale, 1 / count, is exact in the five decimals the PDF
 * writer prints: 4,000 rather than 10,000 a 7.25 pt cell (a circle page's
 * numbers mostly a digit shorter, 6 % fewer bytes).
 */
#define FINE_UNIT_PT 0.002
#define FINE_UNITS_MAX 1e5

struct lattice_units {
	double cell_pt;		/* points per cell */
	double per_cell;	/* fine units per cell */
};
/* the largest radial error a Bezier piece of an arc may have, in points */
#define ARC_TOLERANCE_PT 0.009

/* v cells in whole fine units */
static double snap(const struct lattice_units *u, double v)
{
	double s = round(v * u->per_cell);

	return s == 0 ? 0 : s;	/* no "-0" */
}

double mb_maze_arc_error(double r, double t)
{
	double s = sin(fabs(t) / 4), c = cos(fabs(t) / 4);

	/* the Bezier through both ends and the middle bulges out by this much */
	return r * 2 * pow(s, 6) / (27 * c * c);
}

int mb_maze_arc_pieces(double r_pt, double t)
{
	int k = (int)ceil(fabs(t) / (M_PI / 2) - 1e-9);

	if (k < 1)
		k = 1;
	while (mb_maze_arc_error(r_pt, fabs(t) / k) > ARC_TOLERANCE_PT)
		k++;
	return k;
}

/*
 * The arc of radius r about the origin from angle a to b (either way
 * round) as cubic Beziers from the current point, each at most a quarter
 * circle and close enough to the circle at u's points per cell.
 */
static void arc_to(struct mb_draw_list *l, double r, double a, double b,
		   const struct lattice_units *u)
{
	int k = mb_maze_arc_pieces(r * u->cell_pt, b - a);

	for (int i = 0; i < k; i++) {
		double b0 = a + (b - a) * i / k, b1 = i + 1 == k ? b : a + (b - a) * (i + 1) / k;
		double h = 4.0 / 3.0 * tan((b1 - b0) / 4) * r;
		double x0 = r * cos(b0), y0 = r * sin(b0), x3 = r * cos(b1), y3 = r * sin(b1);

		mb_draw_curve(l, snap(u, x0 - h * sin(b0)), snap(u, y0 + h * cos(b0)),
			      snap(u, x3 + h * sin(b1)), snap(u, y3 - h * cos(b1)), snap(u, x3),
			      snap(u, y3));
	}
}

/*
 * Pairs of whole numbers to dense ids 0, 1, ... in the order first seen:
 * the pieces are grouped by line and their ends by point with it, in
 * linear time (sorting them was half the walls' time on a circle page).
 */
struct pair_ids {
	long long (*key)[2];	/* the pair of each slot's id */
	int *slot;		/* id + 1 per slot, 0 when empty */
	size_t mask;
	int count;
};

static void pair_ids_init(struct pair_ids *h, size_t most)
{
	size_t slots = 16;

	while (slots < 2 * most)
		slots *= 2;
	h->slot = xcalloc(slots, sizeof(*h->slot));
	h->key = xmallocarray(most + 1, sizeof(*h->key));
	h->mask = slots - 1;
	h->count = 0;
}

static void pair_ids_free(struct pair_ids *h)
{
	free(h->slot);
	free(h->key);
}

/* the id of (a, b), given the next one when new; add is false to look only (-1 when absent) */
static int pair_id(struct pair_ids *h, long long a, long long b, bool add)
{
	unsigned long long x = (unsigned long long)a * 0x9e3779b97f4a7c15ULL ^
			       (unsigned long long)b * 0xc2b2ae3d27d4eb4fULL;
	size_t i = (size_t)(x ^ x >> 29) & h->mask;

	for (; h->slot[i]; i = (i + 1) & h->mask) {
		int id = h->slot[i] - 1;

		if (h->key[id][0] == a && h->key[id][1] == b)
			return id;
	}
	if (!add)
		return -1;
	h->key[h->count][0] = a;
	h->key[h->count][1] = b;
	h->slot[i] = ++h->count;
	return h->count - 1;
}

/* one maximal wall to draw: a segment or an arc about the origin */
struct piece {
	struct mb_wall_shape sh;
	long long key[3];	/* segments: direction, offset, start; arcs: radius, start */
	double at[2][2];	/* its start's and its end's point, snapped (set by plan_paths) */
	bool used;
};

static long long qkey(double v)
{
	return llround(v * 1e6);
}

static void piece_keys(struct piece *p)
{
	struct mb_segment *s = &p->sh.seg;

	if (p->sh.arc) {
		p->key[0] = 1LL << 62;	/* arcs after segments */
		p->key[1] = qkey(p->sh.r);
		p->key[2] = qkey(p->sh.a0);
		return;
	}
	/* one direction per line (up and down are one), each segment oriented along it */
	double th = atan2(s->y1 - s->y0, s->x1 - s->x0);

	if (th <= -M_PI / 2 + 1e-9)
		th += M_PI;
	else if (th > M_PI / 2 + 1e-9)
		th -= M_PI;
	if ((s->x1 - s->x0) * cos(th) + (s->y1 - s->y0) * sin(th) < 0) {
		double tx = s->x0, ty = s->y0;

		s->x0 = s->x1;
		s->y0 = s->y1;
		s->x1 = tx;
		s->y1 = ty;
	}
	p->key[0] = qkey(th);
	p->key[1] = qkey(-sin(th) * s->x0 + cos(th) * s->y0);
	p->key[2] = qkey(cos(th) * s->x0 + sin(th) * s->y0);
}

/*
 * The pieces in groups, one per line or circle (in the order the lines
 * are first met), each group in order along it (key[2]): as merge_pieces
 * needs them.
 */
static void group_pieces(struct piece *p, size_t n)
{
	struct pair_ids lines;
	int *line = xmallocarray(n + 1, sizeof(*line)), *start;
	struct piece *sorted = xmallocarray(n + 1, sizeof(*sorted));

	pair_ids_init(&lines, n);
	for (size_t i = 0; i < n; i++)
		line[i] = pair_id(&lines, p[i].key[0], p[i].key[1], true);
	/* a counting sort by line, stable */
	start = xcalloc((size_t)lines.count + 1, sizeof(*start));
	for (size_t i = 0; i < n; i++)
		start[line[i] + 1]++;
	for (int g = 0; g < lines.count; g++)
		start[g + 1] += start[g];
	for (size_t i = 0; i < n; i++)
		sorted[start[line[i]]++] = p[i];
	/* start[g] is now group g's end; along each line by insertion (a line has few pieces) */
	for (int g = 0, from = 0; g < lines.count; from = start[g++])
		for (int i = from + 1; i < start[g]; i++) {
			struct piece t = sorted[i];
			int j = i;

			for (; j > from && sorted[j - 1].key[2] > t.key[2]; j--)
				sorted[j] = sorted[j - 1];
			sorted[j] = t;
		}
	memcpy(p, sorted, n * sizeof(*p));
	free(start);
	free(sorted);
	free(line);
	pair_ids_free(&lines);
}

static double along(const struct mb_segment *s, double x, double y)
{
	double dx = s->x1 - s->x0, dy = s->y1 - s->y0;

	return ((x - s->x0) * dx + (y - s->y0) * dy) / hypot(dx, dy);
}

/* the end of the group p[group..out) on one line or circle: an arc's last run may meet its first at 0 */
static void close_circle(struct piece *p, size_t group, size_t *out)
{
	struct piece *last = &p[*out - 1];

	if (!last->sh.arc || *out - 1 <= group ||
	    fabs(p[group].sh.a0 + 2 * M_PI - last->sh.a1) > 1e-9)
		return;
	last->sh.a1 = p[group].sh.a1 + 2 * M_PI;
	memmove(&p[group], &p[group + 1], (*out - group - 1) * sizeof(*p));
	(*out)--;
}

/*
 * Merge sorted pieces in place: collinear segments that touch or overlap
 * into one, concentric arcs that touch into one (across angle 0 too).
 * Returns the new count.
 */
static size_t merge_pieces(struct piece *p, size_t n)
{
	size_t out = 0, group = 0;

	for (size_t i = 0; i < n; i++) {
		struct piece *last = out ? &p[out - 1] : NULL;
		bool same_line = last && last->key[0] == p[i].key[0] && last->key[1] == p[i].key[1];

		if (same_line && !p[i].sh.arc) {
			const struct mb_segment *s = &last->sh.seg, *t = &p[i].sh.seg;
			double end = along(s, s->x1, s->y1);

			if (along(s, t->x0, t->y0) <= end + 1e-6) {
				if (along(s, t->x1, t->y1) > end) {
					last->sh.seg.x1 = t->x1;
					last->sh.seg.y1 = t->y1;
				}
				continue;
			}
		}
		if (same_line && p[i].sh.arc && p[i].sh.a0 <= last->sh.a1 + 1e-9) {
			last->sh.a1 = fmax(last->sh.a1, p[i].sh.a1);
			continue;
		}
		if (!same_line) {
			if (out)
				close_circle(p, group, &out);
			group = out;
		}
		p[out++] = p[i];
	}
	if (out)
		close_circle(p, group, &out);
	return out;
}

/* where a piece starts (end false) or ends, snapped, computed */
static void find_end(const struct lattice_units *u, const struct piece *p, bool end, double *x,
		     double *y)
{
	if (p->sh.arc) {
		double a = end ? p->sh.a1 : p->sh.a0;

		*x = snap(u, p->sh.r * cos(a));
		*y = snap(u, p->sh.r * sin(a));
	} else {
		*x = snap(u, end ? p->sh.seg.x1 : p->sh.seg.x0);
		*y = snap(u, end ? p->sh.seg.y1 : p->sh.seg.y0);
	}
}

/* where a piece starts (end false) or ends, snapped, as plan_paths found it */
static void piece_end(const struct piece *p, bool end, double *x, double *y)
{
	*x = p->at[end][0];
	*y = p->at[end][1];
}

/* draw p from its start (or, reversed, from its end) to the other end */
static void piece_draw(struct mb_draw_list *l, const struct piece *p, bool reversed,
		       const struct lattice_units *u)
{
	double x, y;

	if (p->sh.arc) {
		arc_to(l, p->sh.r, reversed ? p->sh.a1 : p->sh.a0, reversed ? p->sh.a0 : p->sh.a1,
		       u);
		return;
	}
	piece_end(p, !reversed, &x, &y);
	mb_draw_line(l, x, y);
}

/*
 * The pieces' ends by the point they are at, for joining pieces into
 * paths: point k's ends are at[first[k] .. first[k + 1]), each as
 * 2 * piece + (1 for its end, 0 for its start), in that order.
 */
struct ends_at {
	struct pair_ids points;
	int *first, *at;
};

/* an unused piece with an end at (x, y), or NULL; *end says which end */
static struct piece *find_at(struct piece *p, struct ends_at *e, double x, double y, bool *end)
{
	int k = pair_id(&e->points, (long long)x, (long long)y, false);	/* whole units */

	for (int i = k < 0 ? 0 : e->first[k]; k >= 0 && i < e->first[k + 1]; i++)
		if (!p[e->at[i] / 2].used) {
			*end = e->at[i] % 2;
			return &p[e->at[i] / 2];
		}
	return NULL;
}

/* one piece of a path: drawn from its start, or (at_end) from its end; starts a path or goes on */
struct step {
	int piece;
	bool at_end, starts;
};

/* one path from piece q's start (or, reversed, its end) on through the pieces meeting it */
static void walk(struct piece *p, struct ends_at *e, struct piece *q, bool at_end,
		 struct step *steps, size_t *nsteps)
{
	double x, y;
	bool starts = true;

	while (q) {
		q->used = true;
		steps[(*nsteps)++] = (struct step){ (int)(q - p), at_end, starts };
		starts = false;
		piece_end(q, !at_end, &x, &y);
		q = find_at(p, e, x, y, &at_end);
	}
}

/*
 * The pieces as few paths as a greedy walk finds, into steps (one per
 * piece): first from the points where an odd number of pieces meet
 * (every path that cannot be closed ends at two of them), in order, then
 * from each piece left; on from each piece through any unused piece that
 * starts or ends where the path has got to (the first such by its place
 * in p).
 */
static void plan_paths(struct piece *p, size_t n, const struct lattice_units *u,
		       struct step *steps)
{
	struct ends_at e;
	int *point = xmallocarray(2 * n + 1, sizeof(*point));
	size_t nsteps = 0;

	pair_ids_init(&e.points, 2 * n);
	/* every end once (a cosine and a sine an arc's end), kept for the walk and the drawing */
	for (size_t i = 0; i < 2 * n; i++) {
		double *at = p[i / 2].at[i % 2];

		find_end(u, &p[i / 2], i % 2, &at[0], &at[1]);
		point[i] = pair_id(&e.points, (long long)at[0], (long long)at[1], true);
	}
	e.first = xcalloc((size_t)e.points.count + 2, sizeof(*e.first));
	e.at = xmallocarray(2 * n + 1, sizeof(*e.at));
	for (size_t i = 0; i < 2 * n; i++)
		e.first[point[i] + 2]++;
	for (int k = 0; k < e.points.count; k++)
		e.first[k + 2] += e.first[k + 1];
	for (size_t i = 0; i < 2 * n; i++)
		e.at[e.first[point[i] + 1]++] = (int)i;
	/* first[k] is point k's first end again */
	for (size_t i = 0; i < 2 * n; i++) {
		int k = point[i];

		if ((e.first[k + 1] - e.first[k]) % 2 == 1 && !p[i / 2].used)
			walk(p, &e, &p[i / 2], i % 2, steps, &nsteps);
	}
	for (size_t i = 0; i < n; i++)
		if (!p[i].used)
			walk(p, &e, &p[i], false, steps, &nsteps);
	if (nsteps != n)
		BUG("%zu pieces walked as %zu steps", n, nsteps);
	free(e.first);
	free(e.at);
	free(point);
	pair_ids_free(&e.points);
}

/* the planned paths, at u's scale (an arc's Bezier pieces depend on its size in points) */
static void draw_steps(struct mb_draw_list *l, const struct piece *p, const struct step *steps,
		       size_t n, const struct lattice_units *u)
{
	for (size_t i = 0; i < n; i++) {
		const struct piece *q = &p[steps[i].piece];

		if (steps[i].starts) {
			double x, y;

			piece_end(q, steps[i].at_end, &x, &y);
			mb_draw_move(l, x, y);
		}
		piece_draw(l, q, steps[i].at_end, u);
	}
}

/*
 * A maze's merged walls and their paths, kept for its next drawing (a
 * solution page draws its maze again): valid for the same walls and gaps,
 * drawn as large or smaller. A smaller drawing takes the plan's fine
 * units and arc pieces as they are (both only grow finer when shrunk), so
 * its walls are the very bytes of the first: the interior writes them
 * once, as a form both pages draw (src/backend/hpdf/interior_pdf.c).
 */
struct wall_plan {
	const struct mb_maze *maze;
	const struct mb_grid *grid;
	uint8_t *open;		/* the walls' bytes as planned */
	struct mb_side entrance, exit;
	struct lattice_units units;	/* those of the drawing it was made for */
	struct piece *pieces;
	struct step *steps;
	size_t n;
};

struct mb_wall_plans {
	struct wall_plan *plan;
	size_t count, cap;
};

struct mb_wall_plans *mb_wall_plans_new(void)
{
	return xcalloc(1, sizeof(struct mb_wall_plans));
}

void mb_wall_plans_free(struct mb_wall_plans *plans)
{
	if (!plans)
		return;
	for (size_t i = 0; i < plans->count; i++) {
		free(plans->plan[i].open);
		free(plans->plan[i].pieces);
		free(plans->plan[i].steps);
	}
	free(plans->plan);
	free(plans);
}

static bool same_side(struct mb_side a, struct mb_side b)
{
	return a.cell == b.cell && a.dir == b.dir;
}

/*
 * The plan kept for m as it is now made for the largest drawing, if that
 * is at least as large as cell_pt; or NULL
 */
static const struct wall_plan *find_plan(const struct mb_wall_plans *plans,
					 const struct mb_maze *m, double cell_pt)
{
	const struct wall_plan *best = NULL;

	for (size_t i = 0; plans && i < plans->count; i++) {
		const struct wall_plan *w = &plans->plan[i];

		if (w->maze == m && w->grid == m->grid && w->units.cell_pt >= cell_pt &&
		    (!best || w->units.cell_pt > best->units.cell_pt) &&
		    same_side(w->entrance, m->entrance) && same_side(w->exit, m->exit) &&
		    !memcmp(w->open, m->open, (size_t)m->grid->lat->walls))
			best = w;
	}
	return best;
}

static bool is_gap(const struct mb_maze *m, const struct mb_side *s)
{
	return (s->cell == m->entrance.cell && s->dir == m->entrance.dir) ||
	       (s->cell == m->exit.cell && s->dir == m->exit.dir);
}

/* the fine units for cell_pt points a cell: the fewest that divide 10^5 and are fine enough */
static struct lattice_units lattice_units_for(double cell_pt)
{
	struct lattice_units u = { .cell_pt = cell_pt, .per_cell = FINE_UNITS_MAX };

	/* 2^a 5^b, a and b up to 5: the smallest as fine as FINE_UNIT_PT (10^5 if none is) */
	for (int two = 1; two <= 32; two *= 2)
		for (int five = 1; five <= 3125; five *= 5) {
			double n = (double)two * five;

			if (n < u.per_cell && cell_pt / n <= FINE_UNIT_PT)
				u.per_cell = n;
		}
	return u;
}

/* SAVE, then a transform taking a graph grid's cells to place's points and one taking u's fine units to cells */
static void begin_lattice(struct mb_draw_list *l, const struct mb_grid *g,
			  const struct mb_maze_place *place, const struct lattice_units *u)
{
	struct mb_maze_place at = *place;
	struct mb_matrix fine;

	/* place names where the walls' bounding box's top-left corner lands */
	at.x -= g->lat->x0 * place->cell_pt;
	at.y -= g->lat->y0 * place->cell_pt;
	begin_grid(l, &at);
	fine = (struct mb_matrix){ 1 / u->per_cell, 0, 0, 1 / u->per_cell, 0, 0 };
	mb_draw_transform(l, &fine);
}

/* STROKE with pen scaled into u's fine units, then RESTORE */
static void end_lattice(struct mb_draw_list *l, const struct lattice_units *u,
			const struct mb_pen *pen)
{
	struct mb_maze_place fine = { .cell_pt = u->cell_pt / u->per_cell };

	end_grid(l, &fine, pen);
}

/* the closed walls: inner walls with their byte 0, rim sides but the gaps */
size_t mb_maze_graph_walls(const struct mb_maze *m, struct mb_wall_shape *out)
{
	const struct mb_lattice *lat = m->grid->lat;
	size_t n = 0;

	for (int w = 0; w < lat->walls; w++)
		if (!m->open[w]) {
			if (out)
				out[n] = lat->wall_shape[w];
			n++;
		}
	for (int i = 0; i < lat->rims; i++)
		if (!is_gap(m, &lat->rim_side[i])) {
			if (out)
				out[n] = lat->rim_shape[i];
			n++;
		}
	return n;
}

static void draw_graph_walls(struct mb_draw_list *l, const struct mb_maze *m,
			     const struct mb_maze_place *place, const struct mb_pen *pen,
			     struct mb_wall_plans *plans)
{
	struct lattice_units u = lattice_units_for(place->cell_pt), pen_units;
	const struct wall_plan *kept = find_plan(plans, m, place->cell_pt);
	struct wall_plan made = { 0 };
	size_t n;

	if (!kept) {
		struct mb_wall_shape *sh;

		n = mb_maze_graph_walls(m, NULL);
		sh = xmallocarray(n + 1, sizeof(*sh));
		made.pieces = xcalloc(n + 1, sizeof(*made.pieces));
		mb_maze_graph_walls(m, sh);
		for (size_t i = 0; i < n; i++) {
			made.pieces[i].sh = sh[i];
			piece_keys(&made.pieces[i]);
		}
		free(sh);
		group_pieces(made.pieces, n);
		made.n = merge_pieces(made.pieces, n);
		made.steps = xmallocarray(made.n + 1, sizeof(*made.steps));
		plan_paths(made.pieces, made.n, &u, made.steps);
		made.units = u;
		kept = &made;
	}
	/* the walls as planned; the pen at this drawing's size */
	u = kept->units;
	pen_units = (struct lattice_units){ .cell_pt = place->cell_pt, .per_cell = u.per_cell };
	/* a one-cell polar maze has no walls: its whole rim is the entrance */
	if (kept->n > 0) {
		begin_lattice(l, m->grid, place, &u);
		draw_steps(l, kept->pieces, kept->steps, kept->n, &u);
		end_lattice(l, &pen_units, pen);
	}
	if (kept != &made)
		return;
	if (!plans) {
		free(made.pieces);
		free(made.steps);
		return;
	}
	made.maze = m;
	made.grid = m->grid;
	made.open = xmallocarray((size_t)m->grid->lat->walls + 1, 1);
	memcpy(made.open, m->open, (size_t)m->grid->lat->walls);
	made.entrance = m->entrance;
	made.exit = m->exit;
	if (plans->count == plans->cap) {
		plans->cap = plans->cap ? 2 * plans->cap : 16;
		plans->plan = xreallocarray(plans->plan, plans->cap, sizeof(*plans->plan));
	}
	plans->plan[plans->count++] = made;
}

/*
 * A polar route: round a ring along its arc through the cells' centres
 * (radius r + 0.5), between rings straight along a radius, as the maze's
 * corridors run; inward first down the radius (the inner cell spans the
 * angle), outward first round the inner ring to the outer cell's angle.
 */
static void polar_route(struct mb_draw_list *l, const struct mb_maze *m, const int *route,
			int n, const struct lattice_units *u)
{
	const struct mb_lattice *lat = m->grid->lat;
	double cur_r = hypot(lat->cx[route[0]], lat->cy[route[0]]);
	double cur_a = atan2(lat->cy[route[0]], lat->cx[route[0]]);

	mb_draw_line(l, snap(u, lat->cx[route[0]]), snap(u, lat->cy[route[0]]));
	for (int i = 1; i < n; i++) {
		int c = route[i];
		double r = hypot(lat->cx[c], lat->cy[c]), ta = atan2(lat->cy[c], lat->cx[c]);
		bool outward = r > cur_r + 1e-9;

		if (lat->ca[c] == 0) {
			mb_draw_line(l, 0, 0);	/* the centre cell */
			cur_r = 0;
			continue;
		}
		if (cur_r == 0) {
			/* out of the centre */
			mb_draw_line(l, snap(u, lat->cx[c]), snap(u, lat->cy[c]));
			cur_r = r;
			cur_a = ta;
			continue;
		}
		if (r < cur_r - 1e-9) {
			mb_draw_line(l, snap(u, r * cos(cur_a)), snap(u, r * sin(cur_a)));
			cur_r = r;
		}
		double d = remainder(ta - cur_a, 2 * M_PI);

		if (fabs(d) > 1e-9)
			arc_to(l, cur_r, cur_a, cur_a + d, u);
		cur_a = ta;
		if (outward) {
			mb_draw_line(l, snap(u, lat->cx[c]), snap(u, lat->cy[c]));
			cur_r = r;
		}
	}
}

/* a hex or delta route: straight from centre to centre, a point where it turns */
static void straight_route(struct mb_draw_list *l, const struct mb_maze *m, const int *route,
			   int n, const struct lattice_units *u)
{
	const double *cx = m->grid->lat->cx, *cy = m->grid->lat->cy;

	for (int i = 0; i < n; i++) {
		int c = route[i];

		if (i > 0 && i < n - 1) {
			int a = route[i - 1], b = route[i + 1];
			double ux = cx[c] - cx[a], uy = cy[c] - cy[a];
			double vx = cx[b] - cx[c], vy = cy[b] - cy[c];

			if (fabs(ux * vy - uy * vx) < 1e-9 && ux * vx + uy * vy > 0)
				continue;
		}
		mb_draw_line(l, snap(u, cx[c]), snap(u, cy[c]));
	}
}

static void draw_graph_route(struct mb_draw_list *l, const struct mb_maze *m,
			     const struct mb_maze_place *place, const int *route, int n,
			     double beyond, const struct mb_pen *pen)
{
	struct lattice_units u = lattice_units_for(place->cell_pt);
	double gx, gy;

	begin_lattice(l, m->grid, place, &u);
	mb_maze_gap_point(m, false, beyond, &gx, &gy);
	mb_draw_move(l, snap(&u, gx), snap(&u, gy));
	if (m->grid->kind == MB_GRID_POLAR)
		polar_route(l, m, route, n, &u);
	else
		straight_route(l, m, route, n, &u);
	if (m->exit.dir != MB_SIDE_INSIDE) {
		mb_maze_gap_point(m, true, beyond, &gx, &gy);
		mb_draw_line(l, snap(&u, gx), snap(&u, gy));
	}
	end_lattice(l, &u, pen);
}

void mb_maze_extent(const struct mb_maze *m, double *w, double *h)
{
	const struct mb_lattice *lat = m->grid->lat;

	*w = lat ? lat->x1 - lat->x0 : m->w;
	*h = lat ? lat->y1 - lat->y0 : m->h;
}

void mb_maze_draw_walls(struct mb_draw_list *l, const struct mb_maze *m,
			const struct mb_maze_place *place, const struct mb_pen *pen)
{
	mb_maze_draw_walls_planned(l, m, place, pen, NULL);
}

void mb_maze_draw_walls_planned(struct mb_draw_list *l, const struct mb_maze *m,
				const struct mb_maze_place *place, const struct mb_pen *pen,
				struct mb_wall_plans *plans)
{
	if (mb_grid_is_graph(m->grid)) {
		draw_graph_walls(l, m, place, pen, plans);
		return;
	}
	begin_grid(l, place);
	/* horizontal lines: the top side of row j, and the bottom of the last row */
	for (int j = 0; j <= m->h; j++) {
		int start = -1;

		for (int x = 0; x <= m->w; x++) {
			bool wall = x < m->w && mb_maze_wall_h(m, x, j);

			if (wall && start < 0)
				start = x;
			if (!wall && start >= 0) {
				mb_draw_move(l, start, j);
				mb_draw_line(l, x, j);
				start = -1;
			}
		}
	}
	/* vertical lines: the west side of column i, and the east of the last */
	for (int i = 0; i <= m->w; i++) {
		int start = -1;

		for (int y = 0; y <= m->h; y++) {
			bool wall = y < m->h && mb_maze_wall_v(m, i, y);

			if (wall && start < 0)
				start = y;
			if (!wall && start >= 0) {
				mb_draw_move(l, i, start);
				mb_draw_line(l, i, y);
				start = -1;
			}
		}
	}
	end_grid(l, place, pen);
}

bool mb_maze_draw_route(struct mb_draw_list *l, const struct mb_maze *m,
			const struct mb_maze_place *place, const struct mb_pen *pen,
			double beyond)
{
	int *route = xmallocarray((size_t)m->w * (size_t)m->h, sizeof(*route));
	int n = mb_maze_route(m, route);
	double gx, gy;

	if (n == 0) {
		free(route);
		return false;
	}
	if (mb_grid_is_graph(m->grid)) {
		draw_graph_route(l, m, place, route, n, beyond, pen);
		free(route);
		return true;
	}
	begin_grid(l, place);
	mb_maze_gap_point(m, false, beyond, &gx, &gy);
	mb_draw_move(l, gx, gy);
	for (int i = 0; i < n; i++) {
		int x = route[i] % m->w, y = route[i] / m->w;

		/* skip a point that lies on a straight line between its neighbours */
		if (i > 0 && i < n - 1) {
			int px = route[i - 1] % m->w, py = route[i - 1] / m->w;
			int nx = route[i + 1] % m->w, ny = route[i + 1] / m->w;

			if (x - px == nx - x && y - py == ny - y)
				continue;
		}
		mb_draw_line(l, x + 0.5, y + 0.5);
	}
	mb_maze_gap_point(m, true, beyond, &gx, &gy);
	mb_draw_line(l, gx, gy);
	end_grid(l, place, pen);
	free(route);
	return true;
}
