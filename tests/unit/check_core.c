/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* The rng, the grid, the solver and the measures, through their public headers. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "mazebook/base/rng.h"
#include "mazebook/book/level.h"
#include "mazebook/gen/generator.h"
#include "mazebook/maze/maze.h"
#include "mazebook/maze/measure.h"

#include "check_main.h"

START_TEST(rng_known_sequence)
{
	/* xoshiro256** after splitmix64(0): fixed forever, on every machine */
	struct mb_rng a, b;

	mb_rng_init(&a, 0);
	mb_rng_init(&b, 0);
	for (int i = 0; i < 1000; i++)
		ck_assert_uint_eq(mb_rng_next(&a), mb_rng_next(&b));
	mb_rng_init(&a, 0);
	ck_assert_uint_eq(mb_rng_next(&a), UINT64_C(0x99ec5f36cb75f2b4));
	mb_rng_init(&b, 1);
	ck_assert_uint_ne(mb_rng_next(&b), UINT64_C(0x99ec5f36cb75f2b4));
}
END_TEST

START_TEST(rng_below_is_in_range_and_even)
{
	struct mb_rng rng;
	int counts[7] = { 0 };

	mb_rng_init(&rng, 42);
	for (int i = 0; i < 70000; i++) {
		uint32_t v = mb_rng_below(&rng, 7);

		ck_assert_uint_lt(v, 7);
		counts[v]++;
	}
	for (int i = 0; i < 7; i++)
		ck_assert_int_gt(counts[i], 9500);
	ck_assert_uint_eq(mb_rng_below(&rng, 1), 0);
	ck_assert_uint_ne(mb_rng_derive(7, 1), mb_rng_derive(7, 2));
	ck_assert_uint_eq(mb_rng_derive(7, 1), mb_rng_derive(7, 1));
}
END_TEST

START_TEST(maze_walls_and_gaps)
{
	struct mb_error err;
	struct mb_maze *m = mb_maze_new(3, 2, &err);

	ck_assert_ptr_nonnull(m);
	ck_assert(mb_maze_is_open(m, 0, 0, MB_NORTH));	/* entrance */
	ck_assert(mb_maze_is_open(m, 2, 1, MB_SOUTH));	/* exit */
	ck_assert(!mb_maze_is_open(m, 1, 0, MB_NORTH));
	ck_assert(!mb_maze_is_open(m, 0, 0, MB_EAST));
	mb_maze_set_open(m, 1, 0, MB_WEST, true);
	ck_assert(mb_maze_is_open(m, 0, 0, MB_EAST));
	ck_assert(mb_maze_is_open(m, 1, 0, MB_WEST));
	mb_maze_set_open(m, 1, 1, MB_NORTH, true);
	ck_assert(mb_maze_is_open(m, 1, 0, MB_SOUTH));
	ck_assert_int_eq(mb_maze_openings(m), 2);
	ck_assert_int_eq(mb_maze_degree(m, 0, 0), 2);
	mb_maze_set_open(m, 1, 1, MB_NORTH, false);
	ck_assert_int_eq(mb_maze_openings(m), 1);
	mb_maze_free(m);
	mb_maze_free(NULL);
}
END_TEST

START_TEST(maze_size_limits)
{
	struct mb_error err;
	int w, h;

	mb_error_init(&err);
	ck_assert_ptr_null(mb_maze_new(201, 5, &err));
	ck_assert_int_eq(err.code, MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "201x5"));
	ck_assert_int_eq(mb_maze_parse_size("16x20", &w, &h, NULL), MB_OK);
	ck_assert_int_eq(w, 16);
	ck_assert_int_eq(h, 20);
	ck_assert_int_eq(mb_maze_parse_size("200X1", &w, &h, NULL), MB_OK);
	ck_assert_int_ne(mb_maze_parse_size("0x5", &w, &h, NULL), MB_OK);
	ck_assert_int_ne(mb_maze_parse_size("16x", &w, &h, NULL), MB_OK);
	ck_assert_int_ne(mb_maze_parse_size("16x20x3", &w, &h, NULL), MB_OK);
	ck_assert_int_ne(mb_maze_parse_size("-3x4", &w, &h, NULL), MB_OK);
	ck_assert_int_ne(mb_maze_parse_size("99999999999999x4", &w, &h, NULL), MB_OK);
}
END_TEST

/* A straight corridor: 1 x 5, entrance on top, exit at the bottom. */
START_TEST(measure_corridor)
{
	struct mb_maze *m = mb_maze_new(1, 5, NULL);
	struct mb_measures ms;

	for (int y = 0; y < 4; y++)
		mb_maze_set_open(m, 0, y, MB_SOUTH, true);
	mb_maze_measure(m, &ms);
	ck_assert(ms.perfect);
	ck_assert_int_eq(ms.route, 5);
	ck_assert_double_eq_tol(ms.route_ratio, 1.0, 1e-12);
	ck_assert_int_eq(ms.forks, 0);
	ck_assert_int_eq(ms.dead_ends, 0);
	ck_assert_int_eq(ms.turns, 0);
	ck_assert_int_eq(ms.longest_dead_end, 0);
	ck_assert_double_eq_tol(ms.route_share, 1.0, 1e-12);
	mb_maze_free(m);
}
END_TEST

/*
 * A comb, 4 x 3: the top row is the spine, every column hangs down from
 * it, and the exit is under the last column.
 *   route: (0,0) (1,0) (2,0) (3,0) (3,1) (3,2) = 6 squares
 *   forks: (1,0) and (2,0) have 3 openings; (0,0) has entrance, east,
 *   south = 3 too
 */
START_TEST(measure_comb)
{
	struct mb_maze *m = mb_maze_new(4, 3, NULL);
	struct mb_measures ms;
	int route[12];

	for (int x = 0; x < 3; x++)
		mb_maze_set_open(m, x, 0, MB_EAST, true);
	for (int x = 0; x < 4; x++)
		for (int y = 0; y < 2; y++)
			mb_maze_set_open(m, x, y, MB_SOUTH, true);
	mb_maze_measure(m, &ms);
	ck_assert(ms.perfect);
	ck_assert_int_eq(ms.route, 6);
	ck_assert_double_eq_tol(ms.route_ratio, 1.0, 1e-12);
	ck_assert_int_eq(ms.forks, 3);
	ck_assert_int_eq(ms.dead_ends, 3);	/* bottoms of columns 0, 1, 2 */
	ck_assert_int_eq(ms.turns, 2);		/* south->east, east->south */
	ck_assert_int_eq(ms.longest_dead_end, 2);
	ck_assert_int_eq(mb_maze_route(m, route), 6);
	ck_assert_int_eq(route[0], 0);
	ck_assert_int_eq(route[5], 11);
	mb_maze_free(m);
}
END_TEST

/*
 * A snake, 3 x 3: the route sweeps every row and visits every square, so
 * its ratio is 9 / (3 + 3 - 1) and it turns at every row end.
 */
START_TEST(measure_snake)
{
	struct mb_maze *m = mb_maze_new(3, 3, NULL);
	struct mb_measures ms;

	/* row 0 east, down at x=2, row 1 west, down at x=0, row 2 east */
	mb_maze_set_open(m, 0, 0, MB_EAST, true);
	mb_maze_set_open(m, 1, 0, MB_EAST, true);
	mb_maze_set_open(m, 2, 0, MB_SOUTH, true);
	mb_maze_set_open(m, 2, 1, MB_WEST, true);
	mb_maze_set_open(m, 1, 1, MB_WEST, true);
	mb_maze_set_open(m, 0, 1, MB_SOUTH, true);
	mb_maze_set_open(m, 0, 2, MB_EAST, true);
	mb_maze_set_open(m, 1, 2, MB_EAST, true);
	mb_maze_measure(m, &ms);
	ck_assert(ms.perfect);
	ck_assert_int_eq(ms.route, 9);
	ck_assert_double_eq_tol(ms.route_ratio, 9.0 / 5.0, 1e-12);
	ck_assert_int_eq(ms.forks, 0);
	ck_assert_int_eq(ms.dead_ends, 0);
	/* S->E, E->S, S->W, W->S, S->E, E->S */
	ck_assert_int_eq(ms.turns, 6);
	mb_maze_free(m);
}
END_TEST

/*
 * A spiral, 4 x 4: the route runs straight down the left side and along
 * the bottom, and from the entrance square a dead-end branch spirals
 * into the middle: (1,0) (2,0) (3,0) (3,1) (3,2) (2,2) (1,2) (1,1) (2,1).
 */
START_TEST(measure_spiral)
{
	struct mb_maze *m = mb_maze_new(4, 4, NULL);
	struct mb_measures ms;

	for (int y = 0; y < 3; y++)
		mb_maze_set_open(m, 0, y, MB_SOUTH, true);
	for (int x = 0; x < 3; x++)
		mb_maze_set_open(m, x, 3, MB_EAST, true);
	mb_maze_set_open(m, 0, 0, MB_EAST, true);
	mb_maze_set_open(m, 1, 0, MB_EAST, true);
	mb_maze_set_open(m, 2, 0, MB_EAST, true);
	mb_maze_set_open(m, 3, 0, MB_SOUTH, true);
	mb_maze_set_open(m, 3, 1, MB_SOUTH, true);
	mb_maze_set_open(m, 3, 2, MB_WEST, true);
	mb_maze_set_open(m, 2, 2, MB_WEST, true);
	mb_maze_set_open(m, 1, 2, MB_NORTH, true);
	mb_maze_set_open(m, 1, 1, MB_EAST, true);
	mb_maze_measure(m, &ms);
	ck_assert(ms.perfect);
	ck_assert_int_eq(ms.route, 7);
	ck_assert_double_eq_tol(ms.route_ratio, 1.0, 1e-12);
	ck_assert_int_eq(ms.forks, 1);		/* the entrance square */
	ck_assert_int_eq(ms.dead_ends, 1);	/* the middle, (2,1) */
	ck_assert_int_eq(ms.turns, 2);
	ck_assert_int_eq(ms.longest_dead_end, 9);
	ck_assert_double_eq_tol(ms.route_share, 7.0 / 16.0, 1e-12);
	mb_maze_free(m);
}
END_TEST

START_TEST(perfect_check_fails_on_extra_or_missing_wall)
{
	struct mb_maze *m = mb_maze_new(6, 7, NULL);

	mb_generate(mb_generator_find("backtracker"), m, 99, NULL);
	ck_assert(mb_maze_is_perfect(m));
	/* open one more wall: a loop */
	for (int i = 0; i < 6 * 7; i++) {
		if (!(m->open[i] & MB_OPEN_EAST) && i % 6 != 5) {
			m->open[i] |= MB_OPEN_EAST;
			break;
		}
	}
	ck_assert(!mb_maze_is_perfect(m));
	mb_generate(mb_generator_find("backtracker"), m, 99, NULL);
	/* close one: part of the maze is cut off */
	for (int i = 0; i < 6 * 7; i++) {
		if (m->open[i] & MB_OPEN_SOUTH) {
			m->open[i] &= (uint8_t)~MB_OPEN_SOUTH;
			break;
		}
	}
	ck_assert(!mb_maze_is_perfect(m));
	mb_maze_free(m);
}
END_TEST

/* the spec key at fault travels with the first error only */
START_TEST(error_field_goes_with_the_first_error)
{
	struct mb_error err;

	mb_error_init(&err);
	ck_assert_ptr_null(err.field);
	/* no error: nothing to blame */
	ck_assert_int_eq(mb_error_blame(&err, "font"), MB_OK);
	ck_assert_ptr_null(err.field);
	ck_assert_int_eq(mb_error_set_field(&err, MB_ERR_INPUT, "mazes", "too few %d", 5),
			 MB_ERR_INPUT);
	ck_assert_str_eq(err.field, "mazes");
	ck_assert_str_eq(err.message, "too few 5");
	/* a later error, field or blame, changes neither message nor field */
	mb_error_set_field(&err, MB_ERR_IO, "font", "later");
	ck_assert_int_eq(mb_error_blame(&err, "title"), MB_ERR_INPUT);
	ck_assert_str_eq(err.field, "mazes");
	ck_assert_str_eq(err.message, "too few 5");
	/* blame names the key of an error that had none */
	mb_error_init(&err);
	mb_error_set(&err, MB_ERR_INPUT, "bad font");
	ck_assert_int_eq(mb_error_blame(&err, "font"), MB_ERR_INPUT);
	ck_assert_str_eq(err.field, "font");
	ck_assert_int_eq(mb_error_blame(NULL, "font"), MB_OK);
	ck_assert_int_eq(mb_error_set_field(NULL, MB_ERR_IO, "font", "x"), MB_ERR_IO);
}
END_TEST

START_TEST(levels_from_specs)
{
	const struct mb_level *easy = mb_level_find("easy");
	struct mb_error err;

	ck_assert_ptr_nonnull(easy);
	ck_assert_int_eq(easy->w, 10);
	ck_assert_int_eq(easy->h, 12);
	ck_assert_int_eq(easy->min_forks, 3);
	ck_assert_int_eq(mb_level_find("expert")->min_forks, 6);
	mb_error_init(&err);
	ck_assert_ptr_null(mb_level_lookup("insane", &err));
	ck_assert_ptr_nonnull(strstr(err.message, "easy, medium, hard, expert"));
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("core");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, rng_known_sequence);
	tcase_add_test(tc, error_field_goes_with_the_first_error);
	tcase_add_test(tc, rng_below_is_in_range_and_even);
	tcase_add_test(tc, maze_walls_and_gaps);
	tcase_add_test(tc, maze_size_limits);
	tcase_add_test(tc, measure_corridor);
	tcase_add_test(tc, measure_comb);
	tcase_add_test(tc, measure_snake);
	tcase_add_test(tc, measure_spiral);
	tcase_add_test(tc, perfect_check_fails_on_extra_or_missing_wall);
	tcase_add_test(tc, levels_from_specs);
	suite_add_tcase(s, tc);
	return s;
}
