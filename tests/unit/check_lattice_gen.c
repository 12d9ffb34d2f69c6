/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The generators on the graph grids (polar, hex, delta): every general
 * generator makes perfect mazes at tiny and level-like sizes and on masks,
 * judged by this file's own checker over the grid's side tables (no maze
 * or measure code); the same seed gives the same maze; Wilson and
 * Aldous-Broder are uniform over the spanning trees of a small grid of
 * each kind, enumerated here by brute force and counted again by
 * Kirchhoff's theorem; and the rectangle-only generators refuse these
 * grids by name.
 */
#include "config.h"

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/gen/generator.h"
#include "mazebook/maze/grid.h"
#include "mazebook/maze/maze.h"

#include "check_main.h"

/* the generators that carve every kind */
static const struct mb_generator *const general[] = {
	&mb_gen_aldous_broder, &mb_gen_backtracker, &mb_gen_growing_tree,
	&mb_gen_hunt_and_kill, &mb_gen_kruskal,	    &mb_gen_prim,
	&mb_gen_prim_frontier, &mb_gen_wilson,
};
#define GENERAL (int)(sizeof(general) / sizeof(general[0]))

/* ---- grids by a short name, for the tables below ---- */

static bool keep_disc(void *ctx, double fx, double fy)
{
	(void)ctx;
	return (fx - 0.5) * (fx - 0.5) + (fy - 0.5) * (fy - 0.5) <= 0.25;
}

/* keeps everything but a band across the middle's left half: a C shape */
static bool keep_c(void *ctx, double fx, double fy)
{
	(void)ctx;
	return !(fx > 0.3 && fy > 0.4 && fy < 0.6);
}

enum which { POLAR, HEX, HEXAGON, DELTA, TRIANGLE, HEX_DISC, DELTA_C, HEX_C };

struct grid_case {
	enum which which;
	int a, b;
};

static struct mb_grid *grid_of(struct grid_case gc)
{
	struct mb_error err;
	struct mb_grid *g = NULL;

	mb_error_init(&err);
	switch (gc.which) {
	case POLAR:
		g = mb_grid_new_polar(gc.a, &err);
		break;
	case HEX:
		g = mb_grid_new_hex(gc.a, gc.b, MB_OUTLINE_RECTANGLE, NULL, NULL, &err);
		break;
	case HEXAGON:
		g = mb_grid_new_hex(gc.a, 0, MB_OUTLINE_HEXAGON, NULL, NULL, &err);
		break;
	case DELTA:
		g = mb_grid_new_delta(gc.a, gc.b, MB_OUTLINE_RECTANGLE, NULL, NULL, &err);
		break;
	case TRIANGLE:
		g = mb_grid_new_delta(0, gc.a, MB_OUTLINE_TRIANGLE, NULL, NULL, &err);
		break;
	case HEX_DISC:
		g = mb_grid_new_hex(gc.a, gc.b, MB_OUTLINE_RECTANGLE, keep_disc, NULL, &err);
		break;
	case DELTA_C:
		g = mb_grid_new_delta(gc.a, gc.b, MB_OUTLINE_RECTANGLE, keep_c, NULL, &err);
		break;
	case HEX_C:
		g = mb_grid_new_hex(gc.a, gc.b, MB_OUTLINE_RECTANGLE, keep_c, NULL, &err);
		break;
	}
	ck_assert_msg(g != NULL, "grid %d %dx%d: %s", (int)gc.which, gc.a, gc.b, err.message);
	ck_assert(mb_grid_is_graph(g));
	return g;
}

/* ---- the checker: the open walls form a spanning tree of the cells ---- */

/*
 * Perfect: every open byte is 0 or 1, exactly cells - 1 inner walls are
 * open, and a flood fill from cell 0 through the open walls (read from the
 * side tables) reaches every cell. Together they make a spanning tree.
 */
static bool raw_perfect(const struct mb_grid *g, const uint8_t *open)
{
	const struct mb_lattice *lat = g->lat;
	int n = g->cells, opened = 0, reached = 1, top = 0;
	int *stack = malloc(sizeof(int) * (size_t)n);
	uint8_t *seen = calloc((size_t)n, 1);

	for (int i = 0; i < lat->walls; i++) {
		if (open[i] > 1)
			return free(stack), free(seen), false;
		opened += open[i];
	}
	stack[top++] = 0;
	seen[0] = 1;
	while (top > 0) {
		int c = stack[--top];

		for (int k = lat->first[c]; k < lat->first[c + 1]; k++) {
			int nb = lat->sides[k].nb;

			if (nb < 0 || !open[lat->sides[k].wall] || seen[nb])
				continue;
			seen[nb] = 1;
			stack[top++] = nb;
			reached++;
		}
	}
	free(stack);
	free(seen);
	return opened == n - 1 && reached == n;
}

static void assert_perfect(const struct mb_generator *gen, const struct mb_maze *m,
			   uint64_t seed)
{
	char what[64];

	mb_grid_describe(m->grid, what, sizeof(what));
	ck_assert_int_ge((int)mb_maze_open_size(m), m->grid->lat->walls);
	ck_assert_msg(raw_perfect(m->grid, m->open), "%s on %s (seed %llu) is not perfect",
		      gen->name, what, (unsigned long long)seed);
}

/* the checker catches one wall too many and one too few */
START_TEST(checker_catches_a_wall_more_or_less)
{
	struct grid_case cases[] = { { POLAR, 4, 0 }, { HEX, 5, 4 }, { DELTA, 6, 3 } };

	for (int k = 0; k < 3; k++) {
		struct mb_grid *g = grid_of(cases[k]);
		struct mb_maze *m = mb_maze_new_on(g);
		int walls = g->lat->walls, shut = -1, opened = -1, swaps_kept = 0, swaps_caught = 0;

		mb_generate(&mb_gen_wilson, m, 5, NULL);
		ck_assert(raw_perfect(g, m->open));
		for (int i = 0; i < walls; i++) {
			if (m->open[i] && shut < 0)
				shut = i;
			if (!m->open[i] && opened < 0)
				opened = i;
		}
		ck_assert(shut >= 0 && opened >= 0);
		m->open[opened] = 1;
		ck_assert_msg(!raw_perfect(g, m->open), "a loop went unseen");
		m->open[opened] = 0;
		m->open[shut] = 2;
		ck_assert_msg(!raw_perfect(g, m->open), "a byte of 2 went unseen");
		m->open[shut] = 0;
		ck_assert_msg(!raw_perfect(g, m->open), "a split went unseen");
		m->open[shut] = 1;
		/*
		 * cells - 1 open walls, but some swaps make a loop in one part
		 * and leave the other apart: the flood fill must see those, and
		 * let the swaps that make another tree through
		 */
		for (int out = 0; out < walls && !(swaps_kept && swaps_caught); out++) {
			if (!m->open[out])
				continue;
			m->open[out] = 0;
			for (int i = 0; i < walls; i++) {
				if (m->open[i] || i == out)
					continue;
				m->open[i] = 1;
				if (raw_perfect(g, m->open))
					swaps_kept++;
				else
					swaps_caught++;
				m->open[i] = 0;
			}
			m->open[out] = 1;
		}
		ck_assert_int_gt(swaps_kept, 0);
		ck_assert_int_gt(swaps_caught, 0);
		mb_maze_free(m);
		mb_grid_free(g);
	}
}
END_TEST

/* tiny grids, where the edge cases live */
static const struct grid_case tiny[] = {
	{ POLAR, 1, 0 }, { POLAR, 2, 0 },  { HEX, 1, 1 },      { HEX, 2, 2 },
	{ HEXAGON, 2, 0 }, { DELTA, 1, 1 }, { DELTA, 2, 2 },   { TRIANGLE, 2, 0 },
	{ HEX, 1, 5 },   { DELTA, 7, 1 },   { HEXAGON, 1, 0 }, { TRIANGLE, 1, 0 },
};

/* the sizes the levels use, and masks */
static const struct grid_case level[] = {
	{ POLAR, 8, 0 },     { POLAR, 12, 0 },    { POLAR, 16, 0 },  { HEX, 12, 13 },
	{ HEXAGON, 7, 0 },   { DELTA, 20, 10 },   { TRIANGLE, 12, 0 }, { HEX_DISC, 12, 13 },
	{ DELTA_C, 20, 10 }, { HEX_C, 12, 13 },
};

static void perfect_on_cases(const struct mb_generator *gen, const struct grid_case *cases,
			     int count, int seeds)
{
	for (int k = 0; k < count; k++) {
		struct mb_grid *g = grid_of(cases[k]);
		struct mb_maze *m = mb_maze_new_on(g);

		for (uint64_t seed = 1; seed <= (uint64_t)seeds; seed++) {
			mb_generate(gen, m, seed * 1000003, NULL);
			assert_perfect(gen, m, seed * 1000003);
		}
		mb_maze_free(m);
		mb_grid_free(g);
	}
}
#define perfect_on(gen, cases, seeds) \
	perfect_on_cases(gen, cases, (int)(sizeof(cases) / sizeof(cases[0])), seeds)

START_TEST(perfect_on_tiny_grids)
{
	perfect_on(general[_i], tiny, 8);
}
END_TEST

START_TEST(perfect_on_level_grids)
{
	perfect_on(general[_i], level, 3);
}
END_TEST

/* every start the generator takes makes perfect mazes on every kind */
START_TEST(perfect_from_every_start)
{
	const struct mb_generator *gen = general[_i];
	const enum mb_start starts[] = { MB_START_ENTRANCE, MB_START_RANDOM, MB_START_CENTRE };
	const struct grid_case cases[] = { { POLAR, 6, 0 }, { HEXAGON, 4, 0 }, { TRIANGLE, 6, 0 },
					   { HEX_DISC, 9, 9 } };
	struct mb_gen_options opt;

	mb_gen_options_init(&opt);
	for (int k = 0; k < 4; k++) {
		struct mb_grid *g = grid_of(cases[k]);
		struct mb_maze *m = mb_maze_new_on(g);

		for (int s = 0; s < 3; s++) {
			opt.start = starts[s];
			mb_generate(gen, m, 77 + (uint64_t)s, &opt);
			assert_perfect(gen, m, 77 + (uint64_t)s);
		}
		mb_maze_free(m);
		mb_grid_free(g);
	}
}
END_TEST

/* growing-tree at the ends of its share: backtracker-like and Prim-like */
START_TEST(growing_tree_every_share)
{
	const double shares[] = { 0.0, 0.3, 1.0 };
	struct grid_case gc = { POLAR, 10, 0 };
	struct mb_grid *g = grid_of(gc);
	struct mb_maze *m = mb_maze_new_on(g);
	struct mb_gen_options opt;

	mb_gen_options_init(&opt);
	for (int s = 0; s < 3; s++) {
		opt.newest_share = shares[s];
		mb_generate(&mb_gen_growing_tree, m, 9, &opt);
		assert_perfect(&mb_gen_growing_tree, m, 9);
	}
	mb_maze_free(m);
	mb_grid_free(g);
}
END_TEST

/* same seed, same maze (on a fresh maze too); another seed, another maze */
START_TEST(same_seed_same_maze)
{
	const struct mb_generator *gen = general[_i];
	const struct grid_case cases[] = { { POLAR, 12, 0 }, { HEX, 12, 13 }, { DELTA, 20, 10 },
					   { HEX_DISC, 12, 13 } };

	for (int k = 0; k < 4; k++) {
		struct mb_grid *g = grid_of(cases[k]);
		struct mb_maze *a = mb_maze_new_on(g), *b = mb_maze_new_on(g);

		mb_generate(gen, a, 42, NULL);
		mb_generate(gen, b, 7, NULL);
		mb_generate(gen, b, 42, NULL);
		ck_assert_msg(mb_maze_equal(a, b), "%s: seed 42 made two mazes", gen->name);
		mb_generate(gen, b, 43, NULL);
		ck_assert_msg(!mb_maze_equal(a, b), "%s: seeds 42 and 43 made one maze", gen->name);
		mb_maze_free(a);
		mb_maze_free(b);
		mb_grid_free(g);
	}
}
END_TEST

/* ---- uniformity: chi-square over every spanning tree of a small grid ---- */

/* the open walls as bits (the small grids have at most 20 walls) */
static long key_of(const struct mb_maze *m)
{
	long key = 0;

	for (int i = 0; i < m->grid->lat->walls; i++)
		key |= (long)(m->open[i] != 0) << i;
	return key;
}

struct trees {
	long *keys;	/* ascending: the enumeration's order */
	int count;
};

/* every subset of the inner walls that the checker calls a spanning tree */
static void list_trees(const struct mb_grid *g, struct trees *t)
{
	int nw = g->lat->walls;
	uint8_t *open = calloc((size_t)nw, 1);

	ck_assert_int_le(nw, 20);
	t->keys = malloc(sizeof(long) << nw);
	t->count = 0;
	for (long set = 0; set < 1L << nw; set++) {
		if (__builtin_popcountl((unsigned long)set) != g->cells - 1)
			continue;
		for (int k = 0; k < nw; k++)
			open[k] = (uint8_t)(set >> k & 1);
		if (raw_perfect(g, open))
			t->keys[t->count++] = set;
	}
	free(open);
}

static int tree_index(const struct trees *t, long key)
{
	int lo = 0, hi = t->count - 1;

	while (lo <= hi) {
		int mid = (lo + hi) / 2;

		if (t->keys[mid] == key)
			return mid;
		if (t->keys[mid] < key)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return -1;
}

/*
 * Kirchhoff: the spanning trees are the determinant of the Laplacian with
 * cell 0's row and column struck out (Gaussian elimination in doubles; the
 * small grids' counts are far inside their precision).
 */
static long kirchhoff(const struct mb_grid *g)
{
	int n = g->cells - 1;
	double *a = calloc((size_t)(n * n) + 1, sizeof(double)), det = 1;

	for (int c = 1; c <= n; c++) {
		for (int k = 0; k < mb_grid_degree(g, c); k++) {
			int nb = mb_grid_side_at(g, c, k)->nb;

			if (nb < 0)
				continue;
			a[(c - 1) * n + (c - 1)] += 1;
			if (nb > 0)
				a[(c - 1) * n + (nb - 1)] -= 1;
		}
	}
	for (int col = 0; col < n; col++) {
		int piv = col;

		for (int r = col + 1; r < n; r++)
			if (fabs(a[r * n + col]) > fabs(a[piv * n + col]))
				piv = r;
		if (piv != col) {
			for (int j = 0; j < n; j++) {
				double t = a[col * n + j];

				a[col * n + j] = a[piv * n + j];
				a[piv * n + j] = t;
			}
			det = -det;
		}
		det *= a[col * n + col];
		for (int r = col + 1; r < n && a[col * n + col] != 0; r++) {
			double f = a[r * n + col] / a[col * n + col];

			for (int j = col; j < n; j++)
				a[r * n + j] -= f * a[col * n + j];
		}
	}
	free(a);
	return lround(det);
}

/* chi-square exceeded with probability 0.001 (Wilson-Hilferty) */
static double critical(int df)
{
	double a = 2.0 / (9.0 * df);

	return df * pow(1 - a + 3.09 * sqrt(a), 3);
}

/* the small grid of each kind and its spanning trees, worked out by hand */
static const struct {
	struct grid_case gc;
	long trees;
} small[] = {
	{ { POLAR, 2, 0 }, 320 },	/* the wheel of 6 spokes: Lucas(12) - 2 */
	{ { HEX, 2, 2 }, 8 },		/* 4 cells, 5 walls: a 4-cycle with a chord */
	{ { DELTA, 4, 3 }, 0 },		/* 0: by Kirchhoff and the enumeration only */
};

static double chi_square(const struct mb_generator *gen, int which, int *trees_out)
{
	struct mb_grid *g = grid_of(small[which].gc);
	struct mb_maze *m = mb_maze_new_on(g);
	struct trees t;
	const int per_tree = 60;
	int *counts;
	double chi2 = 0;

	list_trees(g, &t);
	ck_assert_int_eq(t.count, kirchhoff(g));
	if (small[which].trees)
		ck_assert_int_eq(t.count, small[which].trees);
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

START_TEST(uniform_generators_are_uniform)
{
	const struct mb_generator *gens[] = { &mb_gen_wilson, &mb_gen_aldous_broder };
	int trees;

	for (int k = 0; k < 2; k++) {
		double chi2 = chi_square(gens[k], _i, &trees);

		ck_assert_int_gt(trees, 2);
		ck_assert_msg(chi2 < critical(trees - 1), "%s chi-square %.1f over %d trees",
			      gens[k]->name, chi2, trees);
	}
}
END_TEST

/* the same test fails a generator that is not uniform */
START_TEST(backtracker_is_not_uniform)
{
	int trees;
	double chi2 = chi_square(&mb_gen_backtracker, 0, &trees);

	ck_assert_msg(chi2 > 4 * critical(trees - 1), "backtracker chi-square only %.1f", chi2);
}
END_TEST

/* ---- the generators that only know rectangles say so ---- */

START_TEST(rectangle_generators_refuse_graph_grids)
{
	const struct mb_generator *rect[] = { &mb_gen_binary_tree, &mb_gen_eller,
					      &mb_gen_recursive_division, &mb_gen_sidewinder };
	const enum mb_grid_kind kinds[] = { MB_GRID_POLAR, MB_GRID_HEX, MB_GRID_DELTA };
	const char *work = "(use one of: aldous-broder, backtracker, growing-tree, "
			   "hunt-and-kill, kruskal, prim, prim-frontier, wilson)";

	for (int r = 0; r < 4; r++) {
		for (int k = 0; k < 3; k++) {
			struct mb_error err;
			char want[128];

			mb_error_init(&err);
			ck_assert(!mb_generator_supports(rect[r], kinds[k]));
			ck_assert_int_eq(mb_generator_check_kind(rect[r], kinds[k], &err),
					 MB_ERR_INPUT);
			snprintf(want, sizeof(want), "algorithm '%s' works on rectangles only, "
				 "not on a %s grid", rect[r]->name, mb_grid_kind_name(kinds[k]));
			ck_assert_msg(strstr(err.message, want), "message: %s", err.message);
			ck_assert_msg(strstr(err.message, work), "message: %s", err.message);
		}
	}
	for (int i = 0; i < GENERAL; i++)
		for (int k = 0; k < 3; k++)
			ck_assert(mb_generator_supports(general[i], kinds[k]));
}
END_TEST

/*
 * The centre start is the polar centre cell: a depth-first search tree
 * rooted at r has no cross walls, every closed wall joining a cell to one
 * of its ancestors, counted from r. So the backtracker's mazes from the
 * centre must pass that test rooted at cell 0; the same mazes rooted at
 * the entrance cell fail it for some seed (the test can tell roots apart).
 */
static bool dfs_tree_from(const struct mb_maze *m, int root)
{
	const struct mb_grid *g = m->grid;
	int n = g->cells, top = 0;
	int *parent = malloc(sizeof(int) * (size_t)n), *stack = malloc(sizeof(int) * (size_t)n);
	bool ok = true;

	for (int c = 0; c < n; c++)
		parent[c] = -2;
	parent[root] = -1;
	stack[top++] = root;
	while (top > 0) {
		int c = stack[--top];

		for (int k = 0; k < mb_grid_degree(g, c); k++) {
			const struct mb_grid_side *sd = mb_grid_side_at(g, c, k);

			if (sd->nb >= 0 && m->open[sd->wall] && parent[sd->nb] == -2) {
				parent[sd->nb] = c;
				stack[top++] = sd->nb;
			}
		}
	}
	for (int w = 0; w < g->lat->walls && ok; w++) {
		int a = g->lat->wall_cells[w][0], b = g->lat->wall_cells[w][1], up;

		if (m->open[w])
			continue;
		for (up = a; up >= 0 && up != b; up = parent[up])
			;
		if (up == b)
			continue;
		for (up = b; up >= 0 && up != a; up = parent[up])
			;
		ok = up == a;
	}
	free(stack);
	free(parent);
	return ok;
}

START_TEST(centre_start_is_the_centre_cell)
{
	struct grid_case gc = { POLAR, 5, 0 };
	struct mb_grid *g = grid_of(gc);
	struct mb_maze *m = mb_maze_new_on(g);
	struct mb_gen_options opt;
	int other_root_fails = 0;

	mb_gen_options_init(&opt);
	opt.start = MB_START_CENTRE;
	for (uint64_t seed = 1; seed <= 20; seed++) {
		mb_generate(&mb_gen_backtracker, m, seed, &opt);
		ck_assert_msg(dfs_tree_from(m, 0), "seed %llu: not a search from the centre",
			      (unsigned long long)seed);
		other_root_fails += !dfs_tree_from(m, m->entrance.cell);
	}
	ck_assert_int_gt(other_root_fails, 0);
	mb_maze_free(m);
	mb_grid_free(g);
}
END_TEST

/* two bands of hexagons with nothing between them */
static bool keep_two_bands(void *ctx, double fx, double fy)
{
	(void)ctx;
	(void)fy;
	return fx < 0.3 || fx > 0.7;
}

/*
 * A grid in two pieces has no spanning tree (a random walk on it would
 * never end): the constructors refuse it with a clear error, so no
 * generator is ever handed one.
 */
START_TEST(split_grid_is_refused)
{
	struct mb_error err;

	mb_error_init(&err);
	ck_assert_ptr_null(mb_grid_new_hex(9, 9, MB_OUTLINE_RECTANGLE, keep_two_bands, NULL, &err));
	ck_assert_int_eq(err.code, MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "cuts the hex grid into 2 parts"));
	mb_error_init(&err);
	ck_assert_ptr_null(mb_grid_new_delta(20, 6, MB_OUTLINE_RECTANGLE, keep_two_bands, NULL,
					     &err));
	ck_assert_ptr_nonnull(strstr(err.message, "cuts the triangle grid into 2 parts"));
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("lattice_gen");
	TCase *tc = tcase_create("lattice_gen");

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, checker_catches_a_wall_more_or_less);
	tcase_add_loop_test(tc, perfect_on_tiny_grids, 0, GENERAL);
	tcase_add_loop_test(tc, perfect_on_level_grids, 0, GENERAL);
	tcase_add_loop_test(tc, perfect_from_every_start, 0, GENERAL);
	tcase_add_test(tc, growing_tree_every_share);
	tcase_add_loop_test(tc, same_seed_same_maze, 0, GENERAL);
	tcase_add_loop_test(tc, uniform_generators_are_uniform, 0, 3);
	tcase_add_test(tc, backtracker_is_not_uniform);
	tcase_add_test(tc, rectangle_generators_refuse_graph_grids);
	tcase_add_test(tc, centre_start_is_the_centre_cell);
	tcase_add_test(tc, split_grid_is_refused);
	suite_add_tcase(s, tc);
	return s;
}
