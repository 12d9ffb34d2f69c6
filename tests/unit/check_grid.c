/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Grids as graphs of cells (include/mazebook/maze/grid.h) and mazes carved in a
 * mask: sides, rim, geometry, the shortest walk, the gaps, generators on
 * masks (perfect by the test's own brute-force checker, uniform where they
 * claim it, a clear error where they do not carve masks) and the measures
 * on hand-made masked mazes with known answers.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/gen/generator.h"
#include "mazebook/maze/grid.h"
#include "mazebook/maze/maze.h"
#include "mazebook/maze/measure.h"

#include "check_main.h"

/* a mask from rows of '#' (cell) and '.' (left out) */
static struct mb_grid *mask_of(const char *const *rows, int h)
{
	int w = (int)strlen(rows[0]);
	uint8_t *in = malloc((size_t)w * (size_t)h);
	struct mb_grid *g;

	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			in[y * w + x] = rows[y][x] == '#';
	g = mb_grid_new_mask(w, h, in, NULL);
	free(in);
	ck_assert_ptr_nonnull(g);
	return g;
}

static const char *const ell[] = {	/* an L of 7 cells */
	"#..",
	"#..",
	"#..",
	"###",
	"...",
};

START_TEST(rectangle_sides_and_geometry)
{
	struct mb_grid *g = mb_grid_new_rect(4, 3, NULL);
	struct mb_segment s;
	double cx, cy;

	ck_assert_int_eq(g->cells, 12);
	ck_assert_int_eq(mb_grid_neighbour(g, 5, MB_EAST), 6);
	ck_assert_int_eq(mb_grid_neighbour(g, 5, MB_NORTH), 1);
	ck_assert_int_eq(mb_grid_neighbour(g, 3, MB_EAST), -1);
	ck_assert(mb_grid_is_rim(g, 0, MB_NORTH));
	ck_assert(!mb_grid_is_rim(g, 0, MB_SOUTH));
	mb_grid_wall(g, 6, MB_EAST, &s);
	ck_assert(s.x0 == 3 && s.y0 == 1 && s.x1 == 3 && s.y1 == 2);
	mb_grid_centre(g, 6, &cx, &cy);
	ck_assert(cx == 2.5 && cy == 1.5);
	ck_assert_int_eq(mb_grid_rim_sides(g), 14);
	ck_assert_int_eq(mb_grid_shortest_walk(g, 0, 11), 4 + 3 - 1);
	ck_assert_ptr_null(mb_grid_new_rect(0, 3, NULL));
	mb_grid_free(g);
}
END_TEST

START_TEST(mask_sides_rim_and_walk)
{
	struct mb_grid *g = mask_of(ell, 5);
	struct mb_side in, out;
	struct mb_error err;
	uint8_t none[4] = { 0 };

	ck_assert_int_eq(g->kind, MB_GRID_MASK);
	ck_assert_int_eq(g->cells, 6);
	ck_assert_int_eq(mb_grid_cell_at(g, 3), 9);
	ck_assert(mb_grid_is_cell(g, 0, 0) && !mb_grid_is_cell(g, 1, 0) && !mb_grid_is_cell(g, 0, 4));
	ck_assert_int_eq(mb_grid_neighbour(g, 0, MB_EAST), -1);	/* a left-out square is rim */
	ck_assert_int_eq(mb_grid_neighbour(g, 9, MB_EAST), 10);
	/* the outline of an L of 6: 14 sides */
	ck_assert_int_eq(mb_grid_rim_sides(g), 14);
	/* around the corner: (0,0) down to (0,3), then to (2,3): 6 cells */
	ck_assert_int_eq(mb_grid_shortest_walk(g, 0, 11), 6);
	/* default gaps: the two ends of the L, top of (0,0), bottom or right of (2,3) */
	mb_grid_default_gaps(g, &in, &out);
	ck_assert_int_eq(in.cell, 0);
	ck_assert_int_eq(in.dir, MB_NORTH);
	ck_assert_int_eq(out.cell, 11);
	ck_assert_int_eq(out.dir, MB_SOUTH);
	mb_error_init(&err);
	ck_assert_int_eq(mb_grid_named_gap(g, "right", &out, &err), MB_OK);
	ck_assert_int_eq(out.cell, 11);
	ck_assert_int_eq(out.dir, MB_EAST);
	ck_assert_int_eq(mb_grid_named_gap(g, "top", &out, &err), MB_OK);
	ck_assert_int_eq(out.cell, 0);
	ck_assert_int_eq(mb_grid_named_gap(g, "up", &out, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.message, "unknown side 'up' (valid: top, bottom, left, right)");
	mb_error_init(&err);
	ck_assert_ptr_null(mb_grid_new_mask(2, 2, none, &err));
	ck_assert_str_eq(err.message, "the 2x2 mask has no squares in it");
	mb_grid_free(g);
}
END_TEST

START_TEST(gaps_must_be_rim_sides)
{
	struct mb_grid *g = mask_of(ell, 5);
	struct mb_maze *m = mb_maze_new_on(g);
	struct mb_error err;

	mb_error_init(&err);
	/* (0,0)'s south side leads to a cell: no gap there */
	ck_assert_int_eq(mb_maze_set_gaps(m, (struct mb_side){ 0, MB_SOUTH },
					  (struct mb_side){ 11, MB_EAST }, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.message, "the entrance (square 0, side 2) is not a side of the rim");
	mb_error_init(&err);
	ck_assert_int_eq(mb_maze_set_gaps(m, (struct mb_side){ 0, MB_EAST },
					  (struct mb_side){ 0, MB_EAST }, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.message, "the entrance and the exit are the same side");
	ck_assert_int_eq(mb_maze_set_gaps(m, (struct mb_side){ 0, MB_EAST },
					  (struct mb_side){ 11, MB_EAST }, &err), MB_OK);
	ck_assert(mb_maze_is_open(m, 0, 0, MB_EAST));
	ck_assert(!mb_maze_is_open(m, 0, 0, MB_NORTH));
	ck_assert(mb_maze_is_open(m, 2, 3, MB_EAST));
	ck_assert(!mb_maze_is_open(m, 1, 0, MB_WEST));	/* not a cell: closed all round */
	mb_maze_free(m);
	mb_grid_free(g);
}
END_TEST

/* ---- the test's own checker for masked mazes: raw bits, a plain search ---- */

static int raw_neighbours(const struct mb_maze *m, const uint8_t *in, int i, int out[4])
{
	int w = m->w, x = i % w, y = i / w, k = 0;

	if (x + 1 < w && (m->open[i] & MB_OPEN_EAST))
		out[k++] = i + 1;
	if (y + 1 < m->h && (m->open[i] & MB_OPEN_SOUTH))
		out[k++] = i + w;
	if (x > 0 && (m->open[i - 1] & MB_OPEN_EAST))
		out[k++] = i - 1;
	if (y > 0 && (m->open[i - w] & MB_OPEN_SOUTH))
		out[k++] = i - w;
	(void)in;
	return k;
}

/* perfect: no bit towards a left-out square, cells - 1 openings, all reachable */
static bool raw_perfect(const struct mb_maze *m, const uint8_t *in)
{
	int n = m->w * m->h, cells = 0, first = -1, reached = 0, head = 0, tail = 0;
	long openings = 0;
	uint8_t *mark = calloc((size_t)n, 1);
	int *queue = malloc((size_t)n * sizeof(int));
	bool ok = true;

	for (int i = 0; i < n; i++) {
		int x = i % m->w, y = i / m->w;

		if (!in[i]) {
			ok &= m->open[i] == 0;
			continue;
		}
		cells++;
		if (first < 0)
			first = i;
		if (m->open[i] & MB_OPEN_EAST) {
			ok &= x + 1 < m->w && in[i + 1];
			openings++;
		}
		if (m->open[i] & MB_OPEN_SOUTH) {
			ok &= y + 1 < m->h && in[i + m->w];
			openings++;
		}
	}
	ok &= openings == cells - 1;
	mark[first] = 1;
	queue[tail++] = first;
	while (ok && head < tail) {
		int nb[4], k = raw_neighbours(m, in, queue[head++], nb);

		reached++;
		for (int j = 0; j < k; j++)
			if (!mark[nb[j]]) {
				mark[nb[j]] = 1;
				queue[tail++] = nb[j];
			}
	}
	ok &= reached == cells;
	free(queue);
	free(mark);
	return ok;
}

static const char *const blob[] = {	/* a ragged shape with a notch and a thin neck */
	"..####....",
	".######...",
	"########..",
	"..##..####",
	"..##...###",
	".####...#.",
	"######..#.",
	".####.###.",
};

START_TEST(mask_generators_are_perfect)
{
	const struct mb_generator *gen = mb_generators[_i];
	struct mb_grid *g = mask_of(blob, 8);
	struct mb_maze *m = mb_maze_new_on(g);
	struct mb_error err;
	struct mb_measures ms;

	mb_error_init(&err);
	if (!mb_generator_supports(gen, MB_GRID_MASK)) {
		ck_assert_int_eq(mb_generator_check_kind(gen, MB_GRID_MASK, &err), MB_ERR_INPUT);
		ck_assert_msg(strstr(err.message, gen->name) && strstr(err.message, "wilson") &&
			      strstr(err.message, "backtracker") &&
			      !strstr(err.message, "use one of: binary-tree"),
			      "%s", err.message);
		ck_assert_int_eq(mb_generator_check_kind(gen, MB_GRID_RECT, &err), MB_OK);
		goto out;
	}
	ck_assert_int_eq(mb_generator_check_kind(gen, MB_GRID_MASK, &err), MB_OK);
	for (int st = MB_START_DEFAULT; st <= MB_START_CENTRE; st++) {
		struct mb_gen_options opt;

		if (st != MB_START_DEFAULT && !mb_generator_has_start(gen))
			break;
		mb_gen_options_init(&opt);
		opt.start = (enum mb_start)st;
		for (uint64_t seed = 1; seed <= 200; seed++) {
			mb_generate(gen, m, seed, &opt);
			ck_assert_msg(raw_perfect(m, g->in), "%s seed %llu start %d", gen->name,
				      (unsigned long long)seed, st);
			mb_maze_measure(m, &ms);
			ck_assert(ms.perfect);
			ck_assert_int_eq(ms.squares, g->cells);
			ck_assert_int_gt(ms.route, 0);
		}
	}
out:
	mb_maze_free(m);
	mb_grid_free(g);
}
END_TEST

/* ---- uniformity on a small mask: chi-square over all its spanning trees ---- */

/* Kirchhoff (matrix-tree theorem, worked out by hand in python): 208 */
#define SMALL_TREES 208
static const char *const small[] = {	/* 10 cells, 13 inner walls */
	".##.",
	"####",
	"####",
};

/* the open bits of the cells as one number */
static long key_of(const struct mb_maze *m)
{
	long key = 0;

	for (int i = 0; i < m->w * m->h; i++)
		key = key << 2 | (m->open[i] & 3);
	return key;
}

struct trees {
	long *keys;
	int count;
};

static int tree_index(const struct trees *t, long key)
{
	for (int k = 0; k < t->count; k++)
		if (t->keys[k] == key)
			return k;
	return -1;
}

/* every subset of the inner walls that is a spanning tree, by the raw checker */
static void list_trees(struct mb_grid *g, struct trees *t)
{
	struct mb_maze *m = mb_maze_new_on(g);
	int walls[64][2], nw = 0;

	for (int i = 0; i < g->w * g->h; i++) {
		if (!g->in[i])
			continue;
		if (mb_grid_neighbour(g, i, MB_EAST) >= 0)
			walls[nw][0] = i, walls[nw++][1] = MB_OPEN_EAST;
		if (mb_grid_neighbour(g, i, MB_SOUTH) >= 0)
			walls[nw][0] = i, walls[nw++][1] = MB_OPEN_SOUTH;
	}
	t->keys = malloc(sizeof(long) << nw);
	t->count = 0;
	for (long set = 0; set < 1L << nw; set++) {
		if (__builtin_popcountl((unsigned long)set) != g->cells - 1)
			continue;
		memset(m->open, 0, (size_t)g->w * (size_t)g->h);
		for (int k = 0; k < nw; k++)
			if (set >> k & 1)
				m->open[walls[k][0]] |= (uint8_t)walls[k][1];
		if (raw_perfect(m, g->in))
			t->keys[t->count++] = key_of(m);
	}
	mb_maze_free(m);
}

static double chi_square_small(const struct mb_generator *gen, int *trees_out)
{
	struct mb_grid *g = mask_of(small, 3);
	struct mb_maze *m = mb_maze_new_on(g);
	struct trees t;
	const int per_tree = 100;
	int *counts;
	double chi2 = 0;

	list_trees(g, &t);
	counts = calloc((size_t)t.count, sizeof(int));
	for (long s = 0; s < (long)t.count * per_tree; s++) {
		int k;

		mb_generate(gen, m, (uint64_t)s * 7919 + 99, NULL);
		k = tree_index(&t, key_of(m));
		ck_assert_msg(k >= 0, "%s made a maze that is no spanning tree", gen->name);
		counts[k]++;
	}
	for (int k = 0; k < t.count; k++) {
		double d = counts[k] - (double)per_tree;

		chi2 += d * d / per_tree;
	}
	*trees_out = t.count;
	free(counts);
	free(t.keys);
	mb_maze_free(m);
	mb_grid_free(g);
	return chi2;
}

/* chi-square exceeded with probability 0.001 (Wilson-Hilferty) */
static double critical(int df)
{
	double a = 2.0 / (9.0 * df);

	return df * pow(1 - a + 3.09 * sqrt(a), 3);
}

START_TEST(uniform_generators_are_uniform_on_a_mask)
{
	const struct mb_generator *gens[] = { &mb_gen_wilson, &mb_gen_aldous_broder };
	int trees;

	for (int k = 0; k < 2; k++) {
		double chi2 = chi_square_small(gens[k], &trees);

		/* Kirchhoff's count for this mask, and the test's own enumeration agree */
		ck_assert_int_eq(trees, SMALL_TREES);
		ck_assert_msg(chi2 < critical(trees - 1), "%s chi-square %.1f over %d trees",
			      gens[k]->name, chi2, trees);
	}
}
END_TEST

/* the chi-square test can fail: the backtracker is far from uniform */
START_TEST(backtracker_is_not_uniform_on_a_mask)
{
	int trees;
	double chi2 = chi_square_small(&mb_gen_backtracker, &trees);

	ck_assert_msg(chi2 > 4 * critical(trees - 1), "backtracker chi-square only %.1f", chi2);
}
END_TEST

/* ---- measures on hand-made masked mazes ---- */

START_TEST(measures_on_a_masked_maze)
{
	/*
	 * the L, carved as one corridor: (0,0) down to (0,3), east to (2,3);
	 * the entrance on top of (0,0), the exit on the right of (2,3)
	 */
	struct mb_grid *g = mask_of(ell, 5);
	struct mb_maze *m = mb_maze_new_on(g);
	struct mb_measures ms;
	int route[15];

	mb_maze_link(m, 0, 3);
	mb_maze_link(m, 3, 6);
	mb_maze_link(m, 6, 9);
	mb_maze_link(m, 9, 10);
	mb_maze_link(m, 10, 11);
	ck_assert_int_eq(mb_maze_set_gaps(m, (struct mb_side){ 0, MB_NORTH },
					  (struct mb_side){ 11, MB_EAST }, NULL), MB_OK);
	mb_maze_measure(m, &ms);
	ck_assert(ms.perfect);
	ck_assert_int_eq(ms.squares, 6);
	ck_assert_int_eq(ms.route, 6);
	ck_assert_int_eq(ms.shortest_walk, 6);
	ck_assert_double_eq(ms.route_ratio, 1.0);
	ck_assert_int_eq(ms.forks, 0);
	ck_assert_int_eq(ms.dead_ends, 0);
	/* in heading south, one turn east at (0,3), out heading east: 1 turn */
	ck_assert_int_eq(ms.turns, 1);
	ck_assert_int_eq(mb_maze_route(m, route), 6);
	ck_assert_int_eq(route[5], 11);
	mb_maze_free(m);
	mb_grid_free(g);
}
END_TEST

START_TEST(measures_with_a_branch)
{
	/*
	 *  ###     entrance top of (0,0), exit bottom of (2,2); the maze:
	 *  ###     (0,0)-(1,0)-(2,0), (1,0)-(1,1)-(1,2)-(2,2), (1,2)-(0,2);
	 *  ###     (0,1),(2,1) left out: the mask is a plus-like H
	 */
	static const char *const h_rows[] = { "###", ".#.", "###" };
	struct mb_grid *g = mask_of(h_rows, 3);
	struct mb_maze *m = mb_maze_new_on(g);
	struct mb_measures ms;

	mb_maze_link(m, 0, 1);
	mb_maze_link(m, 1, 2);
	mb_maze_link(m, 1, 4);
	mb_maze_link(m, 4, 7);
	mb_maze_link(m, 7, 8);
	mb_maze_link(m, 7, 6);
	ck_assert_int_eq(mb_maze_set_gaps(m, (struct mb_side){ 0, MB_NORTH },
					  (struct mb_side){ 8, MB_SOUTH }, NULL), MB_OK);
	mb_maze_measure(m, &ms);
	ck_assert(ms.perfect);
	ck_assert_int_eq(ms.squares, 7);
	/* (0,0) (1,0) (1,1) (1,2) (2,2) */
	ck_assert_int_eq(ms.route, 5);
	/* every wall open the walk is the same: the mask allows no shortcut */
	ck_assert_int_eq(ms.shortest_walk, 5);
	ck_assert_int_eq(ms.forks, 2);		/* (1,0) and (1,2) have degree 3 */
	ck_assert_int_eq(ms.dead_ends, 2);	/* (2,0) and (0,2) */
	/* S (in) E S S E S (out): turns at (0,0)->E, (1,0)->S, (1,2)->E, out S */
	ck_assert_int_eq(ms.turns, 4);
	ck_assert_int_eq(ms.longest_dead_end, 1);
	mb_maze_free(m);
	mb_grid_free(g);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("grid");
	TCase *tc = tcase_create("grid");

	tcase_add_test(tc, rectangle_sides_and_geometry);
	tcase_add_test(tc, mask_sides_rim_and_walk);
	tcase_add_test(tc, gaps_must_be_rim_sides);
	tcase_add_loop_test(tc, mask_generators_are_perfect, 0, (int)mb_generator_count);
	tcase_add_test(tc, uniform_generators_are_uniform_on_a_mask);
	tcase_add_test(tc, backtracker_is_not_uniform_on_a_mask);
	tcase_add_test(tc, measures_on_a_masked_maze);
	tcase_add_test(tc, measures_with_a_branch);
	suite_add_tcase(s, tc);
	return s;
}
