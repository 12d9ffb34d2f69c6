/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * maze_draw on graph grids (polar, hex, delta; include/mazebook/page/maze_draw.h):
 * the drawn walls cover every closed wall and no open one, arcs are
 * Beziers within 0.01 pt of their circles at the drawn scale, merging
 * makes the path much shorter, and the route runs from gap to exit through
 * every route cell's centre without touching a wall. The mazes are
 * spanning trees (tests/helpers/lattice_fixture.h), not the generators'. Each
 * checker is shown to fail on broken input.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "mazebook/maze/measure.h"
#include "mazebook/page/maze_draw.h"

#include "../helpers/lattice_fixture.h"

static const char *const kinds[][2] = {
	{ "polar", "16" }, { "polar", "5" }, { "hex", "12x13" }, { "hex-hexagon", "6" },
	{ "delta", "15x8" }, { "delta-triangle", "10" },
};
#define NKINDS (sizeof(kinds) / sizeof(kinds[0]))

/* a path flattened to short segments, in grid units */
struct flat {
	double (*seg)[4];
	size_t n, cap;
};

static void flat_add(struct flat *f, double x0, double y0, double x1, double y1)
{
	if (f->n == f->cap) {
		f->cap = f->cap ? 2 * f->cap : 256;
		f->seg = realloc(f->seg, f->cap * sizeof(*f->seg));
		ck_assert_ptr_nonnull(f->seg);
	}
	f->seg[f->n][0] = x0;
	f->seg[f->n][1] = y0;
	f->seg[f->n][2] = x1;
	f->seg[f->n][3] = y1;
	f->n++;
}

static void bezier_at(const double p[4][2], double u, double *x, double *y)
{
	double a = (1 - u) * (1 - u) * (1 - u), b = 3 * u * (1 - u) * (1 - u);
	double c = 3 * u * u * (1 - u), d = u * u * u;

	*x = a * p[0][0] + b * p[1][0] + c * p[2][0] + d * p[3][0];
	*y = a * p[0][1] + b * p[1][1] + c * p[2][1] + d * p[3][1];
}

/*
 * The first path op of the group starting at op from: SAVE, TRANSFORM
 * (cells to points), then the fine units' TRANSFORM, whose scale (cells
 * a unit) lands in *unit (1 when a hand-made group has none).
 */
static size_t group_path(const struct mb_draw_list *l, size_t from, double *unit)
{
	ck_assert_int_eq(l->ops[from].kind, MB_DRAW_SAVE);
	ck_assert_int_eq(l->ops[from + 1].kind, MB_DRAW_TRANSFORM);
	*unit = 1;
	if (l->ops[from + 2].kind != MB_DRAW_TRANSFORM)
		return from + 2;
	*unit = l->ops[from + 2].u.matrix.a;
	ck_assert(*unit > 0 && *unit == l->ops[from + 2].u.matrix.d);
	return from + 3;
}

/* op's point k, in cells */
#define PX(op, k) ((op)->u.p[k].x * unit)
#define PY(op, k) ((op)->u.p[k].y * unit)

/* the path ops of the group starting at op from (SAVE, TRANSFORMs, path, STROKE, RESTORE), in cells */
static size_t flatten(const struct mb_draw_list *l, size_t from, struct flat *f)
{
	double cx = 0, cy = 0, unit;
	size_t i;

	for (i = group_path(l, from, &unit); l->ops[i].kind != MB_DRAW_STROKE; i++) {
		const struct mb_draw_op *op = &l->ops[i];

		if (op->kind == MB_DRAW_MOVE) {
			cx = PX(op, 0);
			cy = PY(op, 0);
		} else if (op->kind == MB_DRAW_LINE) {
			flat_add(f, cx, cy, PX(op, 0), PY(op, 0));
			cx = PX(op, 0);
			cy = PY(op, 0);
		} else {
			double p[4][2] = { { cx, cy }, { PX(op, 0), PY(op, 0) }, { PX(op, 1), PY(op, 1) },
					   { PX(op, 2), PY(op, 2) } }, px = cx, py = cy;

			ck_assert_int_eq(op->kind, MB_DRAW_CURVE);
			for (int k = 1; k <= 32; k++) {
				double x, y;

				bezier_at(p, k / 32.0, &x, &y);
				flat_add(f, px, py, x, y);
				px = x;
				py = y;
			}
			cx = PX(op, 2);
			cy = PY(op, 2);
		}
	}
	return i + 2;	/* past STROKE and RESTORE */
}

static double seg_dist(const double s[4], double x, double y)
{
	double dx = s[2] - s[0], dy = s[3] - s[1], len2 = dx * dx + dy * dy;
	double t = len2 > 0 ? ((x - s[0]) * dx + (y - s[1]) * dy) / len2 : 0;

	t = t < 0 ? 0 : t > 1 ? 1 : t;
	return hypot(s[0] + t * dx - x, s[1] + t * dy - y);
}

static double flat_dist(const struct flat *f, double x, double y)
{
	double best = INFINITY;

	for (size_t i = 0; i < f->n; i++)
		best = fmin(best, seg_dist(f->seg[i], x, y));
	return best;
}

/* a point a fraction u along a wall's shape */
static void shape_at(const struct mb_wall_shape *sh, double u, double *x, double *y)
{
	if (sh->arc) {
		double a = sh->a0 + (sh->a1 - sh->a0) * u;

		*x = sh->r * cos(a);
		*y = sh->r * sin(a);
	} else {
		*x = sh->seg.x0 + (sh->seg.x1 - sh->seg.x0) * u;
		*y = sh->seg.y0 + (sh->seg.y1 - sh->seg.y0) * u;
	}
}

/* is the wall drawn along its whole length (true), or not at all (false)? -1: partly */
static int drawn(const struct flat *f, const struct mb_wall_shape *sh)
{
	int on = 0;

	for (int k = 0; k <= 4; k++) {
		double x, y, u = 0.1 + 0.2 * k;

		shape_at(sh, u, &x, &y);
		on += flat_dist(f, x, y) < 1e-2;	/* the flattened chords of a Bezier cut inside it */
	}
	return on == 5 ? 1 : on == 0 ? 0 : -1;
}

/* how many walls of m the flattened walls get wrong (closed and missing, open and drawn) */
static int wall_errors(const struct mb_maze *m, const struct flat *f)
{
	const struct mb_lattice *lat = m->grid->lat;
	int bad = 0;

	for (int w = 0; w < lat->walls; w++)
		bad += drawn(f, &lat->wall_shape[w]) != !m->open[w];
	for (int i = 0; i < lat->rims; i++) {
		const struct mb_side *s = &lat->rim_side[i];
		bool gap = (s->cell == m->entrance.cell && s->dir == m->entrance.dir) ||
			   (s->cell == m->exit.cell && s->dir == m->exit.dir);

		bad += drawn(f, &lat->rim_shape[i]) != !gap;
	}
	return bad;
}

static struct mb_maze *fixture(size_t k, uint64_t seed)
{
	struct mb_maze *m = fixture_maze(kinds[k][0], kinds[k][1], seed);

	ck_assert_ptr_nonnull(m);
	return m;
}

START_TEST(walls_cover_the_closed_walls_only)
{
	for (size_t k = 0; k < NKINDS; k++) {
		struct mb_maze *m = fixture(k, 3 + k);
		struct mb_draw_list *l = mb_draw_new(600, 600);
		struct mb_maze_place at = { 10, 20, 12 };
		struct mb_pen pen = { .width = 1 };
		struct flat f = { 0 };

		mb_maze_draw_walls(l, m, &at, &pen);
		ck_assert_uint_eq(flatten(l, 0, &f), l->count);
		ck_assert_msg(wall_errors(m, &f) == 0, "%s %s: %d walls drawn wrong",
			      kinds[k][0], kinds[k][1], wall_errors(m, &f));
		free(f.seg);
		mb_draw_free(l);
		mb_maze_free(m);
	}
}
END_TEST

START_TEST(wall_checker_fails_on_broken_input)
{
	struct mb_maze *m = fixture(2, 5);
	struct mb_draw_list *l = mb_draw_new(600, 600);
	struct mb_maze_place at = { 0, 0, 10 };
	struct mb_pen pen = { .width = 1 };
	struct flat f = { 0 };
	size_t i;

	mb_maze_draw_walls(l, m, &at, &pen);
	for (i = 0; l->ops[i].kind != MB_DRAW_LINE; i++)
		;
	/* one wall run left out of the path */
	l->ops[i + 3].kind = MB_DRAW_MOVE;
	flatten(l, 0, &f);
	ck_assert_int_gt(wall_errors(m, &f), 0);
	/* and one wall opened in the maze that the drawing still has */
	mb_draw_clear(l, 600, 600);
	mb_maze_draw_walls(l, m, &at, &pen);
	f.n = 0;
	flatten(l, 0, &f);
	for (i = 0; m->open[i]; i++)
		;
	m->open[i] = 1;
	ck_assert_int_gt(wall_errors(m, &f), 0);
	free(f.seg);
	mb_draw_free(l);
	mb_maze_free(m);
}
END_TEST

/* the largest distance, in points, of a CURVE of the group at from from its circle about the origin */
static double curve_error(const struct mb_draw_list *l, size_t from, double cell_pt)
{
	double cx = 0, cy = 0, worst = 0, unit;

	for (size_t i = group_path(l, from, &unit); l->ops[i].kind != MB_DRAW_STROKE; i++) {
		const struct mb_draw_op *op = &l->ops[i];

		if (op->kind == MB_DRAW_CURVE) {
			double p[4][2] = { { cx, cy }, { PX(op, 0), PY(op, 0) }, { PX(op, 1), PY(op, 1) },
					   { PX(op, 2), PY(op, 2) } };
			double r = (hypot(cx, cy) + hypot(p[3][0], p[3][1])) / 2;

			/* every arc is a quarter circle at most */
			ck_assert(fabs(atan2(cx * p[3][1] - cy * p[3][0], cx * p[3][0] + cy * p[3][1]))
				  <= M_PI / 2 + 1e-9);
			for (int k = 0; k <= 400; k++) {
				double x, y;

				bezier_at(p, k / 400.0, &x, &y);
				worst = fmax(worst, fabs(hypot(x, y) - r) * cell_pt);
			}
		}
		cx = PX(op, op->kind == MB_DRAW_CURVE ? 2 : 0);
		cy = PY(op, op->kind == MB_DRAW_CURVE ? 2 : 0);
	}
	return worst;
}

START_TEST(arcs_are_within_a_hundredth_of_a_point)
{
	static const double scales[] = { 4, 9, 14, 30, 72 };
	double worst = 0;

	for (size_t s = 0; s < sizeof(scales) / sizeof(scales[0]); s++) {
		struct mb_maze *m = fixture(0, 7);
		struct mb_draw_list *l = mb_draw_new(600, 600);
		struct mb_maze_place at = { 0, 0, scales[s] };
		struct mb_pen pen = { .width = 1 };
		double e;

		mb_maze_draw_walls(l, m, &at, &pen);
		ck_assert(mb_maze_draw_route(l, m, &at, &pen, 0.95));
		e = curve_error(l, 0, scales[s]);
		for (size_t i = 1; i < l->count; i++)
			if (l->ops[i].kind == MB_DRAW_SAVE)
				e = fmax(e, curve_error(l, i, scales[s]));
		ck_assert_msg(e < 0.01, "%g pt off the circle at %g pt a ring", e, scales[s]);
		worst = fmax(worst, e);
		mb_draw_free(l);
		mb_maze_free(m);
	}
	printf("# polar 16 rings at 4 to 72 pt a ring: largest Bezier error %.5f pt\n", worst);
}
END_TEST

START_TEST(the_error_formula_is_the_sampled_error)
{
	for (double t = 0.05; t <= M_PI / 2 + 1e-9; t += 0.05) {
		double h = 4.0 / 3.0 * tan(t / 4), worst = 0;
		double p[4][2] = { { 1, 0 }, { 1, h }, { cos(t) + h * sin(t), sin(t) - h * cos(t) },
				   { cos(t), sin(t) } };

		for (int k = 0; k <= 2000; k++) {
			double x, y;

			bezier_at(p, k / 2000.0, &x, &y);
			worst = fmax(worst, fabs(hypot(x, y) - 1));
		}
		ck_assert_msg(fabs(worst - mb_maze_arc_error(1, t)) <= 0.02 * worst + 1e-15,
			      "angle %g: sampled %g, formula %g", t, worst, mb_maze_arc_error(1, t));
	}
	/* a quarter circle of 300 pt is off by 0.08 pt in one piece: split */
	ck_assert_double_gt(mb_maze_arc_error(300, M_PI / 2), 0.01);
	ck_assert_int_ge(mb_maze_arc_pieces(300, M_PI / 2), 2);
	ck_assert_double_lt(mb_maze_arc_error(300, M_PI / 2 / mb_maze_arc_pieces(300, M_PI / 2)),
			    0.01);
	ck_assert_int_eq(mb_maze_arc_pieces(1, 2 * M_PI), 4);
}
END_TEST

START_TEST(curve_checker_fails_on_broken_input)
{
	struct mb_draw_list *l = mb_draw_new(600, 600);
	struct mb_pen pen = { .width = 1 };
	const double k = 0.5522847498 * 30;

	/* a quarter circle of radius 30 units at 10 pt a unit, in one Bezier: 0.08 pt off */
	mb_draw_save(l);
	mb_draw_transform(l, &(struct mb_matrix){ 10, 0, 0, 10, 0, 0 });
	mb_draw_move(l, 30, 0);
	mb_draw_curve(l, 30, k, k, 30, 0, 30);
	mb_draw_stroke(l, &pen);
	mb_draw_restore(l);
	ck_assert_double_gt(curve_error(l, 0, 10), 0.01);
	mb_draw_free(l);
}
END_TEST

/* the ops of a path drawing every closed wall on its own: a MOVE and its LINE or CURVEs */
static size_t unmerged_ops(const struct mb_maze *m, double cell_pt)
{
	size_t n = mb_maze_graph_walls(m, NULL), ops = 0;
	struct mb_wall_shape *sh = calloc(n + 1, sizeof(*sh));

	mb_maze_graph_walls(m, sh);
	for (size_t i = 0; i < n; i++)
		ops += 1 + (sh[i].arc ? (size_t)mb_maze_arc_pieces(sh[i].r * cell_pt,
								     sh[i].a1 - sh[i].a0) : 1);
	free(sh);
	return ops;
}

START_TEST(merging_shortens_the_path)
{
	for (size_t k = 0; k < NKINDS; k++) {
		struct mb_maze *m = fixture(k, 11);
		struct mb_draw_list *l = mb_draw_new(600, 600);
		struct mb_maze_place at = { 0, 0, 14 };
		struct mb_pen pen = { .width = 1 };
		size_t before = unmerged_ops(m, at.cell_pt), after, moves = 0;

		mb_maze_draw_walls(l, m, &at, &pen);
		after = l->count - 5;
		for (size_t i = 0; i < l->count; i++)
			moves += l->ops[i].kind == MB_DRAW_MOVE;
		printf("# %s %s at 14 pt: %zu path ops drawn wall by wall, %zu merged (%zu subpaths)\n",
		       kinds[k][0], kinds[k][1], before, after, moves);
		ck_assert_uint_lt(after, before * 3 / 4);
		mb_draw_free(l);
		mb_maze_free(m);
	}
}
END_TEST

START_TEST(drawing_is_byte_identical)
{
	struct mb_maze *m = fixture(0, 2);
	struct mb_draw_list *a = mb_draw_new(600, 600), *b = mb_draw_new(600, 600);
	struct mb_maze_place at = { 3.25, 7, 11 };
	struct mb_pen pen = { .width = 1 };

	mb_maze_draw_walls(a, m, &at, &pen);
	mb_maze_draw_route(a, m, &at, &pen, 0.95);
	mb_maze_draw_walls(b, m, &at, &pen);
	mb_maze_draw_route(b, m, &at, &pen, 0.95);
	ck_assert_uint_eq(a->count, b->count);
	/* a fine unit is at most 0.002 pt: a point lands within 0.001 pt of its place */
	ck_assert_int_eq(a->ops[2].kind, MB_DRAW_TRANSFORM);
	ck_assert(a->ops[2].u.matrix.a * at.cell_pt <= 0.002 + 1e-12);
	ck_assert(a->ops[2].u.matrix.a * at.cell_pt > 0.0002);
	for (size_t i = 0; i < a->count; i++)
		if (a->ops[i].kind <= MB_DRAW_CURVE)
			for (int k = 0; k < 3; k++) {
				double x = a->ops[i].u.p[k].x, y = a->ops[i].u.p[k].y;

				/* whole fine units */
				ck_assert(x == round(x) && y == round(y));
				ck_assert(a->ops[i].u.p[k].x == b->ops[i].u.p[k].x);
				ck_assert(a->ops[i].u.p[k].y == b->ops[i].u.p[k].y);
			}
	mb_draw_free(a);
	mb_draw_free(b);
	mb_maze_free(m);
}
END_TEST

/* are two lists the same ops with the same points? */
static bool same_lists(const struct mb_draw_list *a, const struct mb_draw_list *b)
{
	if (a->count != b->count)
		return false;
	for (size_t i = 0; i < a->count; i++) {
		if (a->ops[i].kind != b->ops[i].kind)
			return false;
		if (a->ops[i].kind <= MB_DRAW_CURVE)
			for (int k = 0; k < 3; k++)
				if (a->ops[i].u.p[k].x != b->ops[i].u.p[k].x ||
				    a->ops[i].u.p[k].y != b->ops[i].u.p[k].y)
					return false;
	}
	return true;
}

/* the op of kind in l after `after` ones of that kind, or NULL */
static const struct mb_draw_op *nth_op(const struct mb_draw_list *l, enum mb_draw_kind kind,
				       int after)
{
	for (size_t i = 0; i < l->count; i++)
		if (l->ops[i].kind == kind && after-- == 0)
			return &l->ops[i];
	return NULL;
}

/*
 * Kept plans draw what a fresh drawing draws at the size they were made
 * for, and a smaller drawing of the same maze the very walls of the
 * largest (so its page and its solution's share one form), placed and
 * penned at its own size; never a maze's old walls.
 */
START_TEST(kept_plans_draw_the_same_walls)
{
	struct mb_wall_plans *plans = mb_wall_plans_new();
	struct mb_pen pen = { .width = 1 };
	static const double sizes[] = { 7.05, 7.25, 11, 30 };	/* rising: each a plan of its own */
	const size_t nsizes = sizeof(sizes) / sizeof(sizes[0]);

	for (size_t k = 0; k < NKINDS; k++) {
		struct mb_maze *m = fixture(k, 3);
		struct mb_maze_place largest = { 5, 9, sizes[nsizes - 1] };
		struct mb_draw_list *big = mb_draw_new(900, 900);

		mb_maze_draw_walls(big, m, &largest, &pen);
		for (int round = 0; round < 2; round++)
			for (size_t s = 0; s < nsizes; s++) {
				struct mb_maze_place at = { 5, 9, sizes[s] };
				struct mb_draw_list *fresh = mb_draw_new(900, 900);
				struct mb_draw_list *kept = mb_draw_new(900, 900);
				const struct mb_draw_op *place_f, *place_k, *fine, *stroke;

				mb_maze_draw_walls(fresh, m, &at, &pen);
				mb_maze_draw_walls_planned(kept, m, &at, &pen, plans);
				/* round 1: every size is drawn from the largest's plan */
				ck_assert_msg(same_lists(round ? big : fresh, kept), "%s, %g pt, round %d",
					      kinds[k][0], sizes[s], round);
				place_f = nth_op(fresh, MB_DRAW_TRANSFORM, 0);
				place_k = nth_op(kept, MB_DRAW_TRANSFORM, 0);
				fine = nth_op(kept, MB_DRAW_TRANSFORM, 1);
				stroke = nth_op(kept, MB_DRAW_STROKE, 0);
				ck_assert(place_f && place_k && fine && stroke);
				ck_assert(!memcmp(&place_f->u.matrix, &place_k->u.matrix,
						  sizeof(place_f->u.matrix)));
				/* the pen, through both transforms, is as wide as asked */
				ck_assert_double_eq_tol(stroke->u.pen.width * place_k->u.matrix.a *
							fine->u.matrix.a, pen.width, 1e-9);
				mb_draw_free(fresh);
				mb_draw_free(kept);
			}
		mb_draw_free(big);
		/* the same maze with one more wall open: the plan kept for it must not serve */
		{
			struct mb_maze_place at = { 5, 9, 11 };
			struct mb_draw_list *fresh = mb_draw_new(900, 900);
			struct mb_draw_list *kept = mb_draw_new(900, 900);
			int w = 0;

			while (m->open[w])
				w++;
			m->open[w] = 1;
			mb_maze_draw_walls(fresh, m, &at, &pen);
			mb_maze_draw_walls_planned(kept, m, &at, &pen, plans);
			ck_assert_msg(same_lists(fresh, kept), "%s: a stale plan drew", kinds[k][0]);
			mb_draw_free(fresh);
			mb_draw_free(kept);
		}
		mb_maze_free(m);
	}
	mb_wall_plans_free(plans);
	mb_wall_plans_free(NULL);
}
END_TEST

/* the list comparer those rely on tells different walls apart */
START_TEST(list_comparer_fails_on_broken_input)
{
	struct mb_maze *m = fixture(0, 3);
	struct mb_maze_place at = { 5, 9, 11 };
	struct mb_pen pen = { .width = 1 };
	struct mb_draw_list *a = mb_draw_new(900, 900), *b = mb_draw_new(900, 900);
	int w = 0;

	mb_maze_draw_walls(a, m, &at, &pen);
	while (m->open[w])
		w++;
	m->open[w] = 1;
	mb_maze_draw_walls(b, m, &at, &pen);
	ck_assert(!same_lists(a, b));
	mb_draw_free(a);
	mb_draw_free(b);
	mb_maze_free(m);
}
END_TEST

/*
 * How many things are wrong with a drawn route: it must pass within 1e-3
 * of every route cell's centre, start at the entrance's gap point, end at
 * the exit's (the centre on a polar maze with the centre as exit), and
 * keep clear of every closed wall (a fifth of the smallest feature).
 */
static int route_errors(const struct mb_maze *m, const struct flat *route, const struct flat *walls)
{
	const struct mb_lattice *lat = m->grid->lat;
	int *cells = malloc((size_t)m->grid->cells * sizeof(int)), n = mb_maze_route(m, cells);
	double gx, gy, clear = 0.2 * fmin(1, lat->min_feature);
	int bad = 0;

	for (int i = 0; i < n; i++)
		bad += flat_dist(route, lat->cx[cells[i]], lat->cy[cells[i]]) > 1e-3;
	mb_maze_gap_point(m, false, 0.95, &gx, &gy);
	bad += hypot(route->seg[0][0] - gx, route->seg[0][1] - gy) > 1e-4;
	mb_maze_gap_point(m, true, 0.95, &gx, &gy);
	bad += hypot(route->seg[route->n - 1][2] - gx, route->seg[route->n - 1][3] - gy) > 1e-4;
	for (size_t i = 0; i < route->n; i++)
		for (int k = 0; k < 4; k++) {
			double u = k / 4.0, x = route->seg[i][0] + (route->seg[i][2] - route->seg[i][0]) * u;
			double y = route->seg[i][1] + (route->seg[i][3] - route->seg[i][1]) * u;

			/* the gap's own ends are walls the route passes between */
			if (i == 0 || i == route->n - 1)
				continue;
			bad += flat_dist(walls, x, y) < clear;
		}
	free(cells);
	return bad;
}

START_TEST(route_runs_from_gap_to_exit_clear_of_walls)
{
	for (size_t k = 0; k < NKINDS; k++) {
		struct mb_maze *m = fixture(k, 13);
		struct mb_draw_list *l = mb_draw_new(600, 600);
		struct mb_maze_place at = { 0, 0, 14 };
		struct mb_pen pen = { .width = 1 };
		struct flat walls = { 0 }, route = { 0 };

		mb_maze_draw_walls(l, m, &at, &pen);
		ck_assert(mb_maze_draw_route(l, m, &at, &pen, 0.95));
		flatten(l, flatten(l, 0, &walls), &route);
		ck_assert_msg(route_errors(m, &route, &walls) == 0, "%s %s: %d route errors",
			      kinds[k][0], kinds[k][1], route_errors(m, &route, &walls));
		free(walls.seg);
		free(route.seg);
		mb_draw_free(l);
		mb_maze_free(m);
	}
}
END_TEST

START_TEST(route_checker_fails_on_broken_input)
{
	struct mb_maze *m = fixture(4, 13);
	struct mb_draw_list *l = mb_draw_new(600, 600);
	struct mb_maze_place at = { 0, 0, 14 };
	struct mb_pen pen = { .width = 1 };
	struct flat walls = { 0 }, route = { 0 };

	mb_maze_draw_walls(l, m, &at, &pen);
	ck_assert(mb_maze_draw_route(l, m, &at, &pen, 0.95));
	flatten(l, flatten(l, 0, &walls), &route);
	/* a short cut straight from the second point to the far end's neighbour */
	ck_assert_uint_gt(route.n, 4);
	route.seg[1][2] = route.seg[route.n - 2][2];
	route.seg[1][3] = route.seg[route.n - 2][3];
	ck_assert_int_gt(route_errors(m, &route, &walls), 0);
	free(walls.seg);
	free(route.seg);
	mb_draw_free(l);
	mb_maze_free(m);
}
END_TEST

START_TEST(a_one_cell_polar_maze_has_no_walls)
{
	struct mb_maze *m = fixture_maze("polar", "1", 1);
	struct mb_draw_list *l = mb_draw_new(100, 100);
	struct mb_maze_place at = { 0, 0, 10 };
	struct mb_pen pen = { .width = 1 };

	/* its rim is one circle, all of it the entrance: nothing to stroke */
	mb_maze_draw_walls(l, m, &at, &pen);
	ck_assert_uint_eq(l->count, 0);
	/* the route: from beyond the rim straight in to the centre */
	ck_assert(mb_maze_draw_route(l, m, &at, &pen, 0.95));
	ck_assert_int_eq(l->ops[3].kind, MB_DRAW_MOVE);
	ck_assert_int_eq(l->ops[4].kind, MB_DRAW_LINE);
	ck_assert_double_eq(l->ops[4].u.p[0].x, 0);
	ck_assert_double_eq(l->ops[4].u.p[0].y, 0);
	mb_draw_free(l);
	mb_maze_free(m);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("maze_draw_lattice");
	TCase *tc = tcase_create("lattice");

	tcase_add_test(tc, walls_cover_the_closed_walls_only);
	tcase_add_test(tc, wall_checker_fails_on_broken_input);
	tcase_add_test(tc, arcs_are_within_a_hundredth_of_a_point);
	tcase_add_test(tc, the_error_formula_is_the_sampled_error);
	tcase_add_test(tc, curve_checker_fails_on_broken_input);
	tcase_add_test(tc, merging_shortens_the_path);
	tcase_add_test(tc, drawing_is_byte_identical);
	tcase_add_test(tc, kept_plans_draw_the_same_walls);
	tcase_add_test(tc, list_comparer_fails_on_broken_input);
	tcase_add_test(tc, route_runs_from_gap_to_exit_clear_of_walls);
	tcase_add_test(tc, route_checker_fails_on_broken_input);
	tcase_add_test(tc, a_one_cell_polar_maze_has_no_walls);
	suite_add_tcase(s, tc);
	return s;
}
