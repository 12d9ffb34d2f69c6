/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The graph grids (polar, hex, delta; include/mazebook/maze/grid.h) and mazes
 * over them: ring counts by the usual rule, sides that lead back, every
 * inner wall shared by exactly two sides, the rim, geometry, the default
 * gaps, and the maze's open walls, solver and measures on mazes carved by
 * hand (a breadth-first spanning tree here, no generator).
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/maze/grid.h"
#include "mazebook/maze/maze.h"
#include "mazebook/maze/measure.h"

#include "check_main.h"

/* every side leads back, every wall is two sides', every rim side one */
static void check_tables(const struct mb_grid *g)
{
	const struct mb_lattice *lat = g->lat;
	int *wall_uses = calloc((size_t)lat->walls + 1, sizeof(int));
	int *rim_uses = calloc((size_t)lat->rims + 1, sizeof(int));

	ck_assert_ptr_nonnull(lat);
	ck_assert_int_eq(g->w, g->cells);
	ck_assert_int_eq(g->h, 1);
	for (int c = 0; c < g->cells; c++) {
		int deg = mb_grid_degree(g, c);

		ck_assert_int_ge(deg, 1);
		ck_assert_int_le(deg, MB_GRID_MAX_DEGREE);
		for (int k = 0; k < deg; k++) {
			const struct mb_grid_side *s = mb_grid_side_at(g, c, k);
			int back = 0;

			if (s->nb < 0) {
				ck_assert_int_lt(s->wall, lat->rims);
				rim_uses[s->wall]++;
				ck_assert_int_eq(lat->rim_side[s->wall].cell, c);
				ck_assert_int_eq((int)lat->rim_side[s->wall].dir, k);
				continue;
			}
			ck_assert_int_lt(s->wall, lat->walls);
			wall_uses[s->wall]++;
			for (int j = 0; j < mb_grid_degree(g, s->nb); j++)
				back += mb_grid_side_at(g, s->nb, j)->nb == c;
			ck_assert_int_eq(back, 1);
			ck_assert(lat->wall_cells[s->wall][0] == (c < s->nb ? c : s->nb));
		}
	}
	for (int i = 0; i < lat->walls; i++)
		ck_assert_int_eq(wall_uses[i], 2);
	for (int i = 0; i < lat->rims; i++)
		ck_assert_int_eq(rim_uses[i], 1);
	ck_assert(lat->min_feature > 0.5 && lat->min_feature <= 1);
	free(wall_uses);
	free(rim_uses);
}

/* open a breadth-first spanning tree from cell 0 */
static void carve_bfs(struct mb_maze *m)
{
	int n = m->grid->cells, *queue = malloc((size_t)n * sizeof(int)), head = 0, tail = 0;
	char *seen = calloc((size_t)n, 1);

	queue[tail++] = 0;
	seen[0] = 1;
	while (head < tail) {
		int c = queue[head++];

		for (int k = 0; k < mb_grid_degree(m->grid, c); k++) {
			int nb = mb_grid_side_at(m->grid, c, k)->nb;

			if (nb >= 0 && !seen[nb]) {
				seen[nb] = 1;
				mb_maze_link(m, c, nb);
				queue[tail++] = nb;
			}
		}
	}
	ck_assert_int_eq(tail, n);
	free(seen);
	free(queue);
}

START_TEST(polar_rings_follow_the_usual_rule)
{
	static const int want[7] = { 1, 6, 12, 24, 24, 24, 48 };
	struct mb_grid *g = mb_grid_new_polar(7, NULL);
	struct mb_lattice *lat = g->lat;
	char desc[64];
	int cells = 0;

	ck_assert_int_eq(g->kind, MB_GRID_POLAR);
	for (int r = 0; r < 7; r++) {
		ck_assert_int_eq(lat->ring_count[r], want[r]);
		ck_assert_int_eq(lat->ring_first[r], cells);
		cells += want[r];
	}
	ck_assert_int_eq(g->cells, cells);
	ck_assert_int_eq(lat->rims, 48);
	ck_assert_int_eq(mb_grid_rim_sides(g), 48);
	check_tables(g);
	/* the centre cell: six sides out, all arcs of radius 1 */
	ck_assert_int_eq(mb_grid_degree(g, 0), 6);
	for (int k = 0; k < 6; k++) {
		struct mb_wall_shape sh;

		mb_grid_wall_shape(g, 0, (enum mb_dir)k, &sh);
		ck_assert(sh.arc);
		ck_assert_double_eq_tol(sh.r, 1, 1e-12);
	}
	/* ring 2 cell 3: in to ring 1 cell 1, round to 4 and 2, out to ring 3's 6 and 7 */
	{
		int c = lat->ring_first[2] + 3;

		ck_assert_int_eq(mb_grid_degree(g, c), 5);
		ck_assert_int_eq(mb_grid_side_at(g, c, 0)->nb, lat->ring_first[1] + 1);
		ck_assert_int_eq(mb_grid_side_at(g, c, 1)->nb, lat->ring_first[2] + 4);
		ck_assert_int_eq(mb_grid_side_at(g, c, 2)->nb, lat->ring_first[2] + 2);
		ck_assert_int_eq(mb_grid_side_at(g, c, 3)->nb, lat->ring_first[3] + 6);
		ck_assert_int_eq(mb_grid_side_at(g, c, 4)->nb, lat->ring_first[3] + 7);
	}
	ck_assert_double_eq_tol(lat->x0, -7, 1e-9);
	ck_assert_double_eq_tol(lat->x1, 7, 1e-9);
	ck_assert_double_eq_tol(lat->y0, -7, 1e-9);
	/* the narrowest cell: ring 3's 24 cells at radius 3 */
	ck_assert_double_eq_tol(lat->min_feature, 2 * M_PI * 3 / 24, 1e-12);
	mb_grid_describe(g, desc, sizeof(desc));
	ck_assert_str_eq(desc, "polar 7 rings");
	mb_grid_free(g);
}
END_TEST

START_TEST(polar_sizes_are_checked)
{
	struct mb_error err;

	mb_error_init(&err);
	ck_assert_ptr_null(mb_grid_new_polar(0, &err));
	ck_assert_ptr_nonnull(strstr(err.message, "0 rings is out of range (1 to 60"));
	mb_error_init(&err);
	ck_assert_ptr_null(mb_grid_new_polar(61, &err));
	ck_assert_int_eq(err.code, MB_ERR_INPUT);
}
END_TEST

START_TEST(polar_maze_in_at_the_top_out_at_the_centre)
{
	struct mb_grid *g = mb_grid_new_polar(5, NULL);
	struct mb_maze *m = mb_maze_new_on(g);
	struct mb_measures ms;
	struct mb_wall_shape sh;
	double x, y;

	/* the entrance is the rim arc at the top (angle 3 pi / 2; 24 cells put an end there) */
	mb_grid_wall_shape(g, m->entrance.cell, m->entrance.dir, &sh);
	ck_assert(sh.arc);
	ck_assert_double_eq_tol(sh.r, 5, 1e-12);
	ck_assert(sh.a0 <= 1.5 * M_PI + 1e-12 && sh.a1 >= 1.5 * M_PI - 1e-12);
	ck_assert_int_eq(m->exit.cell, 0);
	ck_assert_int_eq((int)m->exit.dir, (int)MB_SIDE_INSIDE);
	ck_assert(!mb_maze_is_perfect(m));
	carve_bfs(m);
	ck_assert(mb_maze_is_perfect(m));
	mb_maze_measure(m, &ms);
	ck_assert(ms.perfect);
	ck_assert_int_eq(ms.squares, g->cells);
	/* a breadth-first tree from the centre: the route is straight in, 5 cells */
	ck_assert_int_eq(ms.route, 5);
	ck_assert_int_eq(ms.shortest_walk, 5);
	ck_assert_int_eq(ms.turns, 0);
	/* the gap point beyond the entrance lies outside the rim, on its middle */
	mb_maze_gap_point(m, false, 0.5, &x, &y);
	ck_assert_double_eq_tol(hypot(x, y), 5, 1e-9);
	mb_maze_gap_point(m, true, 0.5, &x, &y);
	ck_assert_double_eq_tol(x, 0, 1e-12);
	/* a copy is equal, a wall more is not */
	{
		struct mb_maze *c = mb_maze_copy(m);

		ck_assert(mb_maze_equal(m, c));
		mb_maze_reset(c);
		ck_assert(!mb_maze_equal(m, c));
		ck_assert_int_eq(mb_maze_openings(c), 0);
		mb_maze_free(c);
	}
	mb_maze_free(m);
	mb_grid_free(g);
}
END_TEST

START_TEST(one_ring_is_the_centre_alone)
{
	struct mb_grid *g = mb_grid_new_polar(1, NULL);
	struct mb_maze *m = mb_maze_new_on(g);

	ck_assert_int_eq(g->cells, 1);
	ck_assert_int_eq(g->lat->rims, 1);
	ck_assert_int_eq(m->entrance.cell, 0);
	ck_assert(mb_maze_is_perfect(m));
	ck_assert_int_eq(mb_maze_route(m, (int[1]){ 0 }), 1);
	mb_maze_free(m);
	mb_grid_free(g);
}
END_TEST

START_TEST(hex_rectangle_and_hexagon)
{
	struct mb_grid *g = mb_grid_new_hex(2, 2, MB_OUTLINE_RECTANGLE, NULL, NULL, NULL);
	char desc[64];

	ck_assert_int_eq(g->cells, 4);
	check_tables(g);
	/* 2x2 offset hexagons: 5 inner walls, 24 - 10 = 14 rim sides */
	ck_assert_int_eq(g->lat->walls, 5);
	ck_assert_int_eq(g->lat->rims, 14);
	ck_assert_double_eq_tol(g->lat->x0, 0, 1e-12);
	ck_assert_double_eq_tol(g->lat->x1, 2.5 * sqrt(3), 1e-9);
	ck_assert_double_eq_tol(g->lat->y1, 3.5, 1e-9);
	mb_grid_describe(g, desc, sizeof(desc));
	ck_assert_str_eq(desc, "hex 2x2");
	mb_grid_free(g);

	g = mb_grid_new_hex(3, 0, MB_OUTLINE_HEXAGON, NULL, NULL, NULL);
	ck_assert_int_eq(g->cells, 19);	/* 3 n^2 - 3 n + 1 */
	check_tables(g);
	ck_assert_int_eq(g->lat->rims, 30);
	mb_grid_describe(g, desc, sizeof(desc));
	ck_assert_str_eq(desc, "hex hexagon 3");
	mb_grid_free(g);
}
END_TEST

static bool left_half(void *ctx, double fx, double fy)
{
	(void)ctx;
	(void)fy;
	return fx < 0.5;
}

START_TEST(hex_and_delta_take_a_mask)
{
	struct mb_grid *full = mb_grid_new_hex(6, 5, MB_OUTLINE_RECTANGLE, NULL, NULL, NULL);
	struct mb_grid *g = mb_grid_new_hex(6, 5, MB_OUTLINE_RECTANGLE, left_half, NULL, NULL);
	struct mb_error err;

	ck_assert_int_lt(g->cells, full->cells);
	ck_assert_int_gt(g->cells, 0);
	check_tables(g);
	for (int c = 0; c < g->cells; c++)
		ck_assert(g->lat->cx[c] < full->lat->x1 / 2);
	mb_grid_free(g);
	mb_grid_free(full);
	g = mb_grid_new_delta(8, 4, MB_OUTLINE_RECTANGLE, left_half, NULL, NULL);
	check_tables(g);
	ck_assert_int_eq(g->cells, 16);
	mb_grid_free(g);
	mb_error_init(&err);
	ck_assert_ptr_null(mb_grid_new_hex(3, 3, MB_OUTLINE_TRIANGLE, NULL, NULL, &err));
	ck_assert_ptr_nonnull(strstr(err.message, "rectangle or a hexagon"));
}
END_TEST

START_TEST(delta_rectangle_and_triangle)
{
	struct mb_grid *g = mb_grid_new_delta(6, 3, MB_OUTLINE_RECTANGLE, NULL, NULL, NULL);
	struct mb_maze *m;
	struct mb_measures ms;
	char desc[64];

	ck_assert_int_eq(g->cells, 18);
	check_tables(g);
	/* every triangle has three sides; 5 walls in each row, 6 between rows... */
	for (int c = 0; c < g->cells; c++)
		ck_assert_int_eq(mb_grid_degree(g, c), 3);
	ck_assert_int_eq(g->lat->walls * 2 + g->lat->rims, 54);
	ck_assert_double_eq_tol(g->lat->y1, 3 * sqrt(3) / 2, 1e-9);
	mb_grid_describe(g, desc, sizeof(desc));
	ck_assert_str_eq(desc, "delta 6x3");
	/* the entrance in the top row, the exit in the bottom one */
	m = mb_maze_new_on(g);
	ck_assert_int_eq(g->lat->cb[m->entrance.cell], g->lat->cb[0]);
	ck_assert_int_eq(g->lat->cb[m->exit.cell], g->lat->cb[g->cells - 1]);
	carve_bfs(m);
	mb_maze_measure(m, &ms);
	ck_assert(ms.perfect);
	ck_assert_int_ge(ms.route, ms.shortest_walk);
	mb_maze_free(m);
	mb_grid_free(g);

	g = mb_grid_new_delta(0, 4, MB_OUTLINE_TRIANGLE, NULL, NULL, NULL);
	ck_assert_int_eq(g->cells, 16);	/* 1 + 3 + 5 + 7 */
	check_tables(g);
	ck_assert_int_eq(g->lat->rims, 12);
	mb_grid_describe(g, desc, sizeof(desc));
	ck_assert_str_eq(desc, "delta triangle 4");
	mb_grid_free(g);
}
END_TEST

START_TEST(gaps_on_graph_grids_must_be_rim_sides)
{
	struct mb_grid *g = mb_grid_new_hex(3, 3, MB_OUTLINE_RECTANGLE, NULL, NULL, NULL);
	struct mb_maze *m = mb_maze_new_on(g);
	struct mb_error err;
	struct mb_side in = m->entrance, named;
	int inner = -1;

	for (int k = 0; k < 6 && inner < 0; k++)
		if (mb_grid_side_at(g, 4, k)->nb >= 0)
			inner = k;
	mb_error_init(&err);
	ck_assert_int_eq(mb_maze_set_gaps(m, in, (struct mb_side){ 4, (enum mb_dir)inner }, &err),
			 MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "not a side of the rim"));
	mb_error_init(&err);
	ck_assert_int_eq(mb_grid_named_gap(g, "bottom", &named, &err), MB_OK);
	ck_assert_int_eq(mb_maze_set_gaps(m, in, named, &err), MB_OK);
	ck_assert_int_eq(mb_grid_named_gap(g, "centre", &named, &err), MB_ERR_INPUT);
	mb_maze_free(m);
	mb_grid_free(g);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("lattice");
	TCase *tc = tcase_create("lattice");

	tcase_add_test(tc, polar_rings_follow_the_usual_rule);
	tcase_add_test(tc, polar_sizes_are_checked);
	tcase_add_test(tc, polar_maze_in_at_the_top_out_at_the_centre);
	tcase_add_test(tc, one_ring_is_the_centre_alone);
	tcase_add_test(tc, hex_rectangle_and_hexagon);
	tcase_add_test(tc, hex_and_delta_take_a_mask);
	tcase_add_test(tc, delta_rectangle_and_triangle);
	tcase_add_test(tc, gaps_on_graph_grids_must_be_rim_sides);
	suite_add_tcase(s, tc);
	return s;
}

