/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The one wall-drawing routine (include/mazebook/page/maze_draw.h): the runs it
 * draws are exactly the maze's walls, each maximal, on rectangles and
 * masks; the route walks open sides from gap to gap, with a point only
 * where it turns (and at its first and last cells). The checkers below are shown to fail on broken input.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "mazebook/gen/generator.h"
#include "mazebook/page/maze_draw.h"

static struct mb_maze *generated(int w, int h, uint64_t seed)
{
	struct mb_maze *m = mb_maze_new(w, h, NULL);

	ck_assert_ptr_nonnull(m);
	mb_generate(mb_generator_find("backtracker"), m, seed, NULL);
	return m;
}

/* a mask from rows of '#' (cell) and '.' (left out), carved by the backtracker */
static struct mb_maze *masked(const char *const *rows, int h, uint64_t seed)
{
	int w = (int)strlen(rows[0]);
	uint8_t *in = malloc((size_t)w * (size_t)h);
	struct mb_grid *g;
	struct mb_maze *m;

	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			in[y * w + x] = rows[y][x] == '#';
	g = mb_grid_new_mask(w, h, in, NULL);
	free(in);
	ck_assert_ptr_nonnull(g);
	m = mb_maze_new_on(g);
	mb_grid_free(g);
	mb_generate(mb_generator_find("backtracker"), m, seed, NULL);
	return m;
}

static const char *const plus[] = {
	"..##..",
	"..##..",
	"######",
	"######",
	"..##..",
	"..##..",
};

/*
 * The group's frame: SAVE, TRANSFORM to place, ..., STROKE with the pen
 * scaled to grid units, RESTORE. Returns the index of the STROKE.
 */
static size_t check_frame(const struct mb_draw_list *l, size_t first,
			  const struct mb_maze_place *at, double pen_pt)
{
	size_t i = first + 2;

	ck_assert_int_eq(l->ops[first].kind, MB_DRAW_SAVE);
	ck_assert_int_eq(l->ops[first + 1].kind, MB_DRAW_TRANSFORM);
	ck_assert(l->ops[first + 1].u.matrix.a == at->cell_pt);
	ck_assert(l->ops[first + 1].u.matrix.d == at->cell_pt);
	ck_assert(l->ops[first + 1].u.matrix.b == 0 && l->ops[first + 1].u.matrix.c == 0);
	ck_assert(l->ops[first + 1].u.matrix.e == at->x);
	ck_assert(l->ops[first + 1].u.matrix.f == at->y);
	while (i < l->count && l->ops[i].kind != MB_DRAW_STROKE)
		i++;
	ck_assert_uint_lt(i, l->count - 1);
	ck_assert(fabs(l->ops[i].u.pen.width * at->cell_pt - pen_pt) < 1e-12);
	ck_assert_int_eq(l->ops[i + 1].kind, MB_DRAW_RESTORE);
	return i;
}

/*
 * Do the runs between ops[from] and ops[to] draw exactly m's walls, each
 * side once, each run maximal? Returns a description of the first fault,
 * or NULL.
 */
static const char *runs_are_walls(const struct mb_draw_list *l, size_t from, size_t to,
				  const struct mb_maze *m)
{
	int w = m->w, h = m->h;
	/* sides covered: horizontal (w x (h+1)), then vertical ((w+1) x h) */
	unsigned char *hs = calloc((size_t)w * (size_t)(h + 1), 1);
	unsigned char *vs = calloc((size_t)(w + 1) * (size_t)h, 1);
	const char *fault = NULL;

	for (size_t i = from; i < to && !fault; i += 2) {
		const struct mb_point *a = &l->ops[i].u.p[0], *b = &l->ops[i + 1].u.p[0];

		if (l->ops[i].kind != MB_DRAW_MOVE || i + 1 >= to ||
		    l->ops[i + 1].kind != MB_DRAW_LINE) {
			fault = "not a MOVE/LINE pair";
			break;
		}
		if (a->x != floor(a->x) || a->y != floor(a->y) || b->x != floor(b->x) ||
		    b->y != floor(b->y)) {
			fault = "a wall off the lattice";
			break;
		}
		if (a->y == b->y && a->x < b->x) {
			int y = (int)a->y;

			/* maximal: no wall just before or after the run */
			if ((a->x > 0 && mb_maze_wall_h(m, (int)a->x - 1, y)) ||
			    (b->x < w && mb_maze_wall_h(m, (int)b->x, y)))
				fault = "a horizontal run that stops short";
			for (int x = (int)a->x; x < (int)b->x && !fault; x++) {
				if (hs[y * w + x]++)
					fault = "a horizontal side drawn twice";
			}
		} else if (a->x == b->x && a->y < b->y) {
			int x = (int)a->x;

			if ((a->y > 0 && mb_maze_wall_v(m, x, (int)a->y - 1)) ||
			    (b->y < h && mb_maze_wall_v(m, x, (int)b->y)))
				fault = "a vertical run that stops short";
			for (int y = (int)a->y; y < (int)b->y && !fault; y++) {
				if (vs[y * (w + 1) + x]++)
					fault = "a vertical side drawn twice";
			}
		} else {
			fault = "a run that is not left to right or top to bottom";
		}
	}
	for (int y = 0; y <= h && !fault; y++)
		for (int x = 0; x < w && !fault; x++)
			if (!!hs[y * w + x] != mb_maze_wall_h(m, x, y))
				fault = hs[y * w + x] ? "a horizontal run over an opening"
						      : "a horizontal wall not drawn";
	for (int x = 0; x <= w && !fault; x++)
		for (int y = 0; y < h && !fault; y++)
			if (!!vs[y * (w + 1) + x] != mb_maze_wall_v(m, x, y))
				fault = vs[y * (w + 1) + x] ? "a vertical run over an opening"
							    : "a vertical wall not drawn";
	free(hs);
	free(vs);
	return fault;
}

static void check_walls(const struct mb_maze *m)
{
	struct mb_draw_list *l = mb_draw_new(500, 700);
	struct mb_maze_place at = { 36.5, 80.25, 12.5 };
	struct mb_pen pen = { .width = 1.5, .cap = MB_CAP_ROUND, .join = MB_JOIN_ROUND };
	const char *fault;
	size_t stroke;

	mb_maze_draw_walls(l, m, &at, &pen);
	stroke = check_frame(l, 0, &at, 1.5);
	ck_assert_uint_eq(stroke + 2, l->count);
	ck_assert_int_eq(l->ops[stroke].u.pen.cap, MB_CAP_ROUND);
	fault = runs_are_walls(l, 2, stroke, m);
	ck_assert_msg(!fault, "%dx%d: %s", m->w, m->h, fault);
	mb_draw_free(l);
}

START_TEST(walls_of_a_small_maze_by_hand)
{
	/* 2x1: the wall between the squares open; gaps top left and bottom right */
	struct mb_maze *m = mb_maze_new(2, 1, NULL);
	struct mb_draw_list *l = mb_draw_new(100, 100);
	struct mb_maze_place at = { 10, 20, 5 };
	struct mb_pen pen = { .width = 1 };
	/* top: (1,0)-(2,0); bottom: (0,1)-(1,1); left: (0,0)-(0,1); right: (2,0)-(2,1) */
	static const double want[][2] = { { 1, 0 }, { 2, 0 }, { 0, 1 }, { 1, 1 },
					  { 0, 0 }, { 0, 1 }, { 2, 0 }, { 2, 1 } };

	mb_maze_link(m, 0, 1);
	mb_maze_draw_walls(l, m, &at, &pen);
	ck_assert_uint_eq(l->count, 2 + 8 + 2);
	check_frame(l, 0, &at, 1);
	for (int i = 0; i < 8; i++) {
		ck_assert_int_eq(l->ops[2 + i].kind, i % 2 ? MB_DRAW_LINE : MB_DRAW_MOVE);
		ck_assert(l->ops[2 + i].u.p[0].x == want[i][0]);
		ck_assert(l->ops[2 + i].u.p[0].y == want[i][1]);
	}
	ck_assert(l->ops[10].u.pen.width == 0.2);
	mb_maze_free(m);
	mb_draw_free(l);
}
END_TEST

START_TEST(walls_of_generated_mazes)
{
	static const int sizes[][2] = { { 1, 1 }, { 1, 7 }, { 9, 1 }, { 10, 10 }, { 23, 31 } };

	for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		struct mb_maze *m = generated(sizes[s][0], sizes[s][1], 40 + s);

		check_walls(m);
		mb_maze_free(m);
	}
}
END_TEST

START_TEST(walls_of_a_masked_maze)
{
	struct mb_maze *m = masked(plus, 6, 7);

	check_walls(m);
	/* the corners outside the plus have no walls at all */
	ck_assert(!mb_maze_wall_h(m, 0, 0) && !mb_maze_wall_v(m, 0, 0));
	mb_maze_free(m);
}
END_TEST

/* The wall checker sees a wall that is not drawn, and a run drawn over an opening. */
START_TEST(wall_checker_fails_on_broken_input)
{
	struct mb_maze *m = generated(8, 6, 3), *other = mb_maze_copy(m);
	struct mb_draw_list *l = mb_draw_new(500, 700);
	struct mb_maze_place at = { 0, 0, 10 };
	struct mb_pen pen = { .width = 1 };
	size_t stroke;
	int i;

	mb_maze_draw_walls(l, m, &at, &pen);
	stroke = check_frame(l, 0, &at, 1);
	ck_assert_ptr_null(runs_are_walls(l, 2, stroke, m));
	/* open one more wall in the copy: the list now draws a wall the copy lacks */
	for (i = 0; i < 8 * 6; i++)
		if (i % 8 < 7 && !mb_maze_is_open(other, i % 8, i / 8, MB_EAST))
			break;
	mb_maze_set_open(other, i % 8, i / 8, MB_EAST, true);
	ck_assert_ptr_nonnull(runs_are_walls(l, 2, stroke, other));
	/* close an open wall: the list misses a wall the copy has */
	mb_maze_set_open(other, i % 8, i / 8, MB_EAST, false);
	for (i = 0; i < 8 * 6; i++)
		if (i % 8 < 7 && mb_maze_is_open(other, i % 8, i / 8, MB_EAST))
			break;
	mb_maze_set_open(other, i % 8, i / 8, MB_EAST, false);
	ck_assert_ptr_nonnull(runs_are_walls(l, 2, stroke, other));
	mb_maze_set_open(other, i % 8, i / 8, MB_EAST, true);
	ck_assert_ptr_null(runs_are_walls(l, 2, stroke, other));
	/* the first run (the top rim, two squares long at least) cut in two is not maximal */
	{
		struct mb_draw_list *cut = mb_draw_new(500, 700);
		struct mb_point a = l->ops[2].u.p[0], b = l->ops[3].u.p[0];

		ck_assert(b.x - a.x >= 2);
		mb_draw_move(cut, a.x, a.y);
		mb_draw_line(cut, a.x + 1, a.y);
		mb_draw_move(cut, a.x + 1, a.y);
		mb_draw_line(cut, b.x, b.y);
		for (size_t k = 4; k < stroke; k++)
			if (l->ops[k].kind == MB_DRAW_MOVE)
				mb_draw_move(cut, l->ops[k].u.p[0].x, l->ops[k].u.p[0].y);
			else
				mb_draw_line(cut, l->ops[k].u.p[0].x, l->ops[k].u.p[0].y);
		ck_assert_uint_eq(cut->count, stroke);
		ck_assert_ptr_nonnull(runs_are_walls(cut, 0, cut->count, m));
		mb_draw_free(cut);
	}
	mb_maze_free(m);
	mb_maze_free(other);
	mb_draw_free(l);
}
END_TEST

/*
 * Does the route between ops[from] and ops[to] run from the entrance gap
 * point to the exit's, along open sides only, axis-parallel, with points
 * only at turns? NULL, or the first fault.
 */
static const char *route_is_walkable(const struct mb_draw_list *l, size_t from, size_t to,
				     const struct mb_maze *m, double beyond)
{
	double ex, ey, fx, fy;
	size_t n = to - from;

	mb_maze_gap_point(m, false, beyond, &ex, &ey);
	mb_maze_gap_point(m, true, beyond, &fx, &fy);
	if (n < 2 || l->ops[from].kind != MB_DRAW_MOVE)
		return "no MOVE to start the route";
	if (l->ops[from].u.p[0].x != ex || l->ops[from].u.p[0].y != ey)
		return "the route does not start past the entrance";
	if (l->ops[to - 1].u.p[0].x != fx || l->ops[to - 1].u.p[0].y != fy)
		return "the route does not end past the exit";
	for (size_t i = from + 1; i < to; i++) {
		const struct mb_point *a = &l->ops[i - 1].u.p[0], *b = &l->ops[i].u.p[0];
		int dx = (b->x > a->x) - (b->x < a->x), dy = (b->y > a->y) - (b->y < a->y);

		if (l->ops[i].kind != MB_DRAW_LINE)
			return "not a LINE";
		if ((dx != 0) == (dy != 0))
			return "a step that is not along one axis";
		/* inner points are centres, and the route turns at each of them */
		if (i + 1 < to) {
			const struct mb_point *c = &l->ops[i + 1].u.p[0];
			int ndx = (c->x > b->x) - (c->x < b->x), ndy = (c->y > b->y) - (c->y < b->y);

			if (b->x - floor(b->x) != 0.5 || b->y - floor(b->y) != 0.5)
				return "a point of the route off the squares' centres";
			/* (the first and last cells' centres are always there) */
			if (ndx == dx && ndy == dy && i > from + 1 && i + 2 < to)
				return "a point where the route goes straight on";
		}
		/* each side crossed between two centres on the way is open */
		if (i > from + 1 && i + 1 < to) {
			enum mb_dir d = dx > 0 ? MB_EAST : dx < 0 ? MB_WEST : dy > 0 ? MB_SOUTH : MB_NORTH;
			double x = a->x, y = a->y;

			while (x != b->x || y != b->y) {
				if (!mb_maze_is_open(m, (int)floor(x), (int)floor(y), d))
					return "the route goes through a wall";
				x += dx;
				y += dy;
			}
		}
	}
	return NULL;
}

START_TEST(route_walks_from_gap_to_gap)
{
	struct mb_maze *mazes[] = { generated(12, 9, 5), generated(1, 5, 2), masked(plus, 6, 3) };

	for (size_t k = 0; k < sizeof(mazes) / sizeof(mazes[0]); k++) {
		struct mb_draw_list *l = mb_draw_new(500, 700);
		struct mb_maze_place at = { 20, 30, 8 };
		struct mb_pen pen = { .width = 3, .rgb = 0x8c8c8c };
		const char *fault;
		size_t stroke;

		ck_assert(mb_maze_draw_route(l, mazes[k], &at, &pen, 0.95));
		stroke = check_frame(l, 0, &at, 3);
		ck_assert_uint_eq(stroke + 2, l->count);
		ck_assert_uint_eq(l->ops[stroke].u.pen.rgb, 0x8c8c8c);
		fault = route_is_walkable(l, 2, stroke, mazes[k], 0.95);
		ck_assert_msg(!fault, "maze %zu: %s", k, fault);
		/* the SVG's route starts at the gap itself */
		mb_draw_clear(l, 500, 700);
		ck_assert(mb_maze_draw_route(l, mazes[k], &at, &pen, 0.5));
		ck_assert_ptr_null(route_is_walkable(l, 2, l->count - 2, mazes[k], 0.5));
		mb_draw_free(l);
		mb_maze_free(mazes[k]);
	}
}
END_TEST

START_TEST(route_checker_fails_on_broken_input)
{
	struct mb_maze *m = generated(10, 10, 11), *shut;
	struct mb_draw_list *l = mb_draw_new(500, 700);
	struct mb_maze_place at = { 0, 0, 10 };
	struct mb_pen pen = { .width = 1 };
	size_t stroke;
	int moved = 0;

	ck_assert(mb_maze_draw_route(l, m, &at, &pen, 0.95));
	stroke = check_frame(l, 0, &at, 1);
	ck_assert_ptr_null(route_is_walkable(l, 2, stroke, m, 0.95));
	/* the same route over another maze goes through its walls */
	shut = generated(10, 10, 12);
	ck_assert_ptr_nonnull(route_is_walkable(l, 2, stroke, shut, 0.95));
	mb_maze_free(shut);
	/* a point moved off its centre */
	for (size_t i = 3; i + 1 < stroke && !moved; i++, moved++)
		l->ops[i].u.p[0].x += 0.25;
	ck_assert_ptr_nonnull(route_is_walkable(l, 2, stroke, m, 0.95));
	mb_maze_free(m);
	mb_draw_free(l);
}
END_TEST

START_TEST(no_route_draws_nothing)
{
	struct mb_maze *m = mb_maze_new(4, 4, NULL);	/* every inner wall closed */
	struct mb_draw_list *l = mb_draw_new(100, 100);
	struct mb_maze_place at = { 0, 0, 10 };
	struct mb_pen pen = { .width = 1 };

	ck_assert(!mb_maze_draw_route(l, m, &at, &pen, 0.95));
	ck_assert_uint_eq(l->count, 0);
	mb_maze_free(m);
	mb_draw_free(l);
}
END_TEST

/* Appending a drawn maze elsewhere moves only its transform, not its grid-unit points. */
START_TEST(append_moves_the_transform_only)
{
	struct mb_maze *m = generated(3, 3, 1);
	struct mb_draw_list *a = mb_draw_new(100, 100), *b = mb_draw_new(100, 100);
	struct mb_maze_place at = { 5, 6, 10 };
	struct mb_pen pen = { .width = 1 };

	mb_maze_draw_walls(a, m, &at, &pen);
	mb_draw_move(a, 1, 1);	/* after the group: page points again */
	mb_draw_append(b, a, 100, 200);
	ck_assert_uint_eq(a->count, b->count);
	ck_assert(b->ops[1].u.matrix.e == 105 && b->ops[1].u.matrix.f == 206);
	ck_assert(b->ops[2].u.p[0].x == a->ops[2].u.p[0].x);
	ck_assert(b->ops[2].u.p[0].y == a->ops[2].u.p[0].y);
	ck_assert(b->ops[b->count - 1].u.p[0].x == 101 && b->ops[b->count - 1].u.p[0].y == 201);
	mb_maze_free(m);
	mb_draw_free(a);
	mb_draw_free(b);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("maze_draw");
	TCase *tc = tcase_create("maze_draw");

	tcase_add_test(tc, walls_of_a_small_maze_by_hand);
	tcase_add_test(tc, walls_of_generated_mazes);
	tcase_add_test(tc, walls_of_a_masked_maze);
	tcase_add_test(tc, wall_checker_fails_on_broken_input);
	tcase_add_test(tc, route_walks_from_gap_to_gap);
	tcase_add_test(tc, route_checker_fails_on_broken_input);
	tcase_add_test(tc, no_route_draws_nothing);
	tcase_add_test(tc, append_moves_the_transform_only);
	suite_add_tcase(s, tc);
	return s;
}
