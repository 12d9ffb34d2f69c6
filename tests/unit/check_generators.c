/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The maze generators, through their public header: every generator gives
 * perfect mazes at every size, seeded mazes repeat, the uniform ones are
 * uniform and the backtracker is not. The brute-force checker below is the
 * test's own: it reads the raw wall bits and shares no code with the
 * generators or src/maze/measure.c, so a bug there cannot hide itself.
 */
#include "config.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/gen/generator.h"
#include "mazebook/maze/maze.h"
#include "mazebook/maze/measure.h"

#define MB_CHECK_ALWAYS_FORK 1	/* a test expects SIGABRT */
#include "check_main.h"

/* ---- the test's own checker: raw bits, plain searches ---- */

/* Squares joined to square i by an open inner wall. */
static int raw_neighbours(const struct mb_maze *m, int i, int out[4])
{
	int w = m->w, h = m->h, x = i % w, y = i / w, k = 0;

	if (x + 1 < w && (m->open[i] & MB_OPEN_EAST))
		out[k++] = i + 1;
	if (y + 1 < h && (m->open[i] & MB_OPEN_SOUTH))
		out[k++] = i + w;
	if (x > 0 && (m->open[i - 1] & MB_OPEN_EAST))
		out[k++] = i - 1;
	if (y > 0 && (m->open[i - w] & MB_OPEN_SOUTH))
		out[k++] = i - w;
	return k;
}

/* Wall bits set on the outer boundary, where no inner wall exists. */
static bool stray_bits(const struct mb_maze *m)
{
	for (int y = 0; y < m->h; y++)
		for (int x = 0; x < m->w; x++) {
			uint8_t b = m->open[y * m->w + x];

			if (b & ~(MB_OPEN_EAST | MB_OPEN_SOUTH))
				return true;
			if ((x == m->w - 1 && (b & MB_OPEN_EAST)) ||
			    (y == m->h - 1 && (b & MB_OPEN_SOUTH)))
				return true;
		}
	return false;
}

/* Every simple path from i to goal, counted up to cap. */
static long routes_from(const struct mb_maze *m, int i, int goal, uint8_t *on_path, long cap)
{
	int nb[4], k;
	long total = 0;

	if (i == goal)
		return 1;
	on_path[i] = 1;
	k = raw_neighbours(m, i, nb);
	for (int j = 0; j < k && total < cap; j++)
		if (!on_path[nb[j]])
			total += routes_from(m, nb[j], goal, on_path, cap - total);
	on_path[i] = 0;
	return total;
}

struct brute {
	long routes;	/* simple paths between the corner squares (capped at 100) */
	long reachable;	/* squares reachable from square 0 */
	bool loop;	/* some connected part has as many open walls as squares */
};

static struct brute brute_force(const struct mb_maze *m)
{
	int n = m->w * m->h;
	uint8_t *mark = calloc((size_t)n, 1);
	int *queue = malloc((size_t)n * sizeof(int));
	struct brute b = { 0, 0, false };

	b.routes = routes_from(m, 0, n - 1, mark, 100);
	for (int s = 0; s < n; s++) {
		long squares = 0, degrees = 0;
		int head = 0, tail = 0;

		if (mark[s])
			continue;
		mark[s] = 1;
		queue[tail++] = s;
		while (head < tail) {
			int nb[4], k = raw_neighbours(m, queue[head++], nb);

			squares++;
			degrees += k;
			for (int j = 0; j < k; j++)
				if (!mark[nb[j]]) {
					mark[nb[j]] = 1;
					queue[tail++] = nb[j];
				}
		}
		if (s == 0)
			b.reachable = squares;
		if (degrees / 2 >= squares)
			b.loop = true;
	}
	free(queue);
	free(mark);
	return b;
}

/* ---- every generator makes perfect mazes ---- */

static const int sizes[][3] = {	/* w, h, seeds */
	{ 1, 1, 5 }, { 1, 9, 100 }, { 9, 1, 100 }, { 1, 200, 2 }, { 200, 1, 2 },
	{ 2, 2, 300 }, { 6, 7, 300 }, { 16, 20, 60 }, { 32, 40, 20 }, { 200, 200, 2 },
};

START_TEST(every_generator_is_perfect_at_every_size)
{
	const struct mb_generator *gen = mb_generators[_i];

	for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		struct mb_maze *m = mb_maze_new(sizes[s][0], sizes[s][1], NULL);

		for (int seed = 0; seed < sizes[s][2]; seed++) {
			mb_generate(gen, m, (uint64_t)seed * 7919 + 11, NULL);
			ck_assert_msg(mb_maze_is_perfect(m), "%s %dx%d seed %d not perfect",
				      gen->name, m->w, m->h, seed);
			ck_assert_msg(!stray_bits(m), "%s %dx%d: bits on the boundary",
				      gen->name, m->w, m->h);
		}
		mb_maze_free(m);
	}
}
END_TEST

START_TEST(brute_force_finds_exactly_one_route)
{
	const struct mb_generator *gen = mb_generators[_i];
	static const int small[][2] = { { 1, 1 }, { 1, 6 }, { 6, 1 }, { 2, 2 }, { 3, 3 },
					{ 6, 7 }, { 8, 5 } };

	for (size_t s = 0; s < sizeof(small) / sizeof(small[0]); s++) {
		struct mb_maze *m = mb_maze_new(small[s][0], small[s][1], NULL);

		for (int seed = 0; seed < 40; seed++) {
			struct brute b;

			mb_generate(gen, m, (uint64_t)seed, NULL);
			b = brute_force(m);
			ck_assert_msg(b.routes == 1, "%s %dx%d seed %d: %ld routes", gen->name,
				      m->w, m->h, seed, b.routes);
			ck_assert_int_eq(b.reachable, (long)m->w * m->h);
			ck_assert(!b.loop);
		}
		mb_maze_free(m);
	}
}
END_TEST

/* Opening any closed wall, or closing any open one, breaks a perfect maze. */
START_TEST(one_wall_more_or_less_is_caught)
{
	const struct mb_generator *gen = mb_generators[_i];
	struct mb_maze *m = mb_maze_new(6, 7, NULL);
	int shortcuts = 0;

	mb_generate(gen, m, 99, NULL);
	for (int i = 0; i < m->w * m->h; i++) {
		int x = i % m->w, y = i / m->w;

		for (unsigned bit = MB_OPEN_EAST; bit <= MB_OPEN_SOUTH; bit <<= 1) {
			struct brute b;

			if ((bit == MB_OPEN_EAST && x == m->w - 1) ||
			    (bit == MB_OPEN_SOUTH && y == m->h - 1))
				continue;
			m->open[i] ^= (uint8_t)bit;
			ck_assert(!mb_maze_is_perfect(m));
			b = brute_force(m);
			if (m->open[i] & bit) {	/* opened: a loop, maybe a second route */
				ck_assert(b.loop);
				ck_assert_int_ge(b.routes, 1);
				shortcuts += b.routes > 1;
			} else {		/* closed: something cut off */
				ck_assert_int_lt(b.reachable, (long)m->w * m->h);
				ck_assert(!b.loop);
			}
			m->open[i] ^= (uint8_t)bit;
		}
	}
	ck_assert_int_gt(shortcuts, 0);
	ck_assert(mb_maze_is_perfect(m));
	mb_maze_free(m);
}
END_TEST

/* ---- seeds ---- */

START_TEST(same_seed_same_maze_other_seed_other_maze)
{
	const struct mb_generator *gen = mb_generators[_i];
	struct mb_maze *a = mb_maze_new(16, 20, NULL), *b = mb_maze_new(16, 20, NULL);

	for (uint64_t seed = 1; seed <= 10; seed++) {
		mb_generate(gen, a, seed, NULL);
		mb_generate(gen, b, seed, NULL);
		ck_assert_msg(mb_maze_equal(a, b), "%s: seed %d gave two mazes", gen->name,
			      (int)seed);
		mb_generate(gen, b, seed + 1000, NULL);
		ck_assert_msg(!mb_maze_equal(a, b), "%s: seeds %d and %d gave one maze",
			      gen->name, (int)seed, (int)seed + 1000);
	}
	mb_maze_free(a);
	mb_maze_free(b);
}
END_TEST

/* ---- uniformity on the 3x3 grid ---- */

#define TREES_3X3 192
#define SAMPLES_PER_TREE 200
/* chi-square, 191 degrees of freedom: exceeded with probability 0.001 */
#define CHI2_CRITICAL 256.0

/* The 12 inner wall bits of a 3x3 maze as one number. */
static int key_3x3(const struct mb_maze *m)
{
	int key = 0;

	for (int i = 0; i < 9; i++)
		key = key << 2 | (int)(m->open[i] & (MB_OPEN_EAST | MB_OPEN_SOUTH));
	return key;
}

/* id[key] = 0..191 for each spanning tree of the 3x3 grid, -1 otherwise. */
static void list_trees_3x3(int *id, int *count)
{
	struct mb_maze *m = mb_maze_new(3, 3, NULL);

	*count = 0;
	for (int key = 0; key < 1 << 18; key++)
		id[key] = -1;
	for (int key = 0; key < 1 << 18; key++) {
		struct brute b;

		for (int i = 0; i < 9; i++)
			m->open[i] = (uint8_t)((key >> (2 * (8 - i))) & 3);
		if (stray_bits(m) || key_3x3(m) != key)
			continue;
		b = brute_force(m);
		if (b.reachable == 9 && !b.loop)
			id[key] = (*count)++;
	}
	mb_maze_free(m);
}

static double chi_square_3x3(const struct mb_generator *gen)
{
	int *id = malloc(sizeof(int) << 18), trees, counts[TREES_3X3] = { 0 };
	struct mb_maze *m = mb_maze_new(3, 3, NULL);
	const long samples = (long)TREES_3X3 * SAMPLES_PER_TREE;
	double chi2 = 0;

	list_trees_3x3(id, &trees);
	ck_assert_int_eq(trees, TREES_3X3);	/* Kirchhoff: 192 spanning trees */
	for (long s = 0; s < samples; s++) {
		int t;

		mb_generate(gen, m, (uint64_t)s + 424242, NULL);
		t = id[key_3x3(m)];
		ck_assert_msg(t >= 0, "%s made a 3x3 maze that is no spanning tree", gen->name);
		counts[t]++;
	}
	for (int t = 0; t < TREES_3X3; t++) {
		double d = counts[t] - (double)SAMPLES_PER_TREE;

		chi2 += d * d / SAMPLES_PER_TREE;
	}
	mb_maze_free(m);
	free(id);
	return chi2;
}

START_TEST(wilson_is_uniform)
{
	double chi2 = chi_square_3x3(&mb_gen_wilson);

	ck_assert_msg(chi2 < CHI2_CRITICAL, "wilson chi-square %.1f", chi2);
	ck_assert(mb_gen_wilson.uniform);
}
END_TEST

START_TEST(aldous_broder_is_uniform)
{
	double chi2 = chi_square_3x3(&mb_gen_aldous_broder);

	ck_assert_msg(chi2 < CHI2_CRITICAL, "aldous-broder chi-square %.1f", chi2);
	ck_assert(mb_gen_aldous_broder.uniform);
}
END_TEST

/* The same test must be able to fail: the backtracker is far from uniform. */
START_TEST(backtracker_is_not_uniform)
{
	double chi2 = chi_square_3x3(&mb_gen_backtracker);

	ck_assert_msg(chi2 > 4 * CHI2_CRITICAL, "backtracker chi-square only %.1f", chi2);
	ck_assert(!mb_gen_backtracker.uniform);
}
END_TEST

/* ---- growing-tree's tunable, the table ---- */

static double mean_dead_end_share(const struct mb_generator *gen, double newest_share)
{
	struct mb_gen_options opt;
	struct mb_maze *m = mb_maze_new(32, 40, NULL);
	struct mb_measures me;
	double sum = 0;

	mb_gen_options_init(&opt);
	opt.newest_share = newest_share;
	for (uint64_t seed = 0; seed < 20; seed++) {
		mb_generate(gen, m, seed, &opt);
		ck_assert(mb_maze_is_perfect(m));
		mb_maze_measure(m, &me);
		sum += me.dead_end_share;
	}
	mb_maze_free(m);
	return sum / 20;
}

START_TEST(growing_tree_share_sets_texture)
{
	double newest = mean_dead_end_share(&mb_gen_growing_tree, 1.0);
	double mixed = mean_dead_end_share(&mb_gen_growing_tree, 0.5);
	double random = mean_dead_end_share(&mb_gen_growing_tree, 0.0);
	struct mb_maze *a = mb_maze_new(16, 20, NULL), *b = mb_maze_new(16, 20, NULL);
	struct mb_gen_options opt;

	/* corridors (about 10% dead ends) versus short branches (about 30%) */
	ck_assert_msg(newest < 0.15 && random > 0.25, "dead-end shares %.3f and %.3f",
		      newest, random);
	ck_assert(newest < mixed && mixed < random);
	/* share 1.0 is the backtracker, draw for draw */
	mb_gen_options_init(&opt);
	opt.newest_share = 1.0;
	mb_generate(&mb_gen_growing_tree, a, 5, &opt);
	mb_generate(&mb_gen_backtracker, b, 5, NULL);
	ck_assert(mb_maze_equal(a, b));
	mb_maze_free(a);
	mb_maze_free(b);
}
END_TEST

/* The textures the summaries promise, where they are exact. */
START_TEST(binary_tree_route_never_detours)
{
	struct mb_maze *m = mb_maze_new(16, 20, NULL);
	struct mb_measures me;
	long detours = 0;

	for (uint64_t seed = 0; seed < 20; seed++) {
		mb_generate(&mb_gen_binary_tree, m, seed, NULL);
		mb_maze_measure(m, &me);
		ck_assert_int_eq(me.route, 16 + 20 - 1);
		mb_generate(&mb_gen_wilson, m, seed, NULL);
		mb_maze_measure(m, &me);
		detours += me.route > 16 + 20 - 1;
	}
	ck_assert_int_gt(detours, 15);	/* the measure can tell */
	mb_maze_free(m);
}
END_TEST

START_TEST(table_is_sorted_and_complete)
{
	struct mb_error err;

	ck_assert_int_eq(mb_generator_count, 12);
	for (size_t i = 0; i < mb_generator_count; i++) {
		const struct mb_generator *gen = mb_generators[i];

		ck_assert(i == 0 || strcmp(mb_generators[i - 1]->name, gen->name) < 0);
		ck_assert_ptr_eq(mb_generator_find(gen->name), gen);
		ck_assert(gen->summary && strlen(gen->summary) > 10 && strlen(gen->summary) < 90);
		ck_assert_msg(gen->uniform == (!strcmp(gen->name, "wilson") ||
					       !strcmp(gen->name, "aldous-broder")),
			      "%s: wrong uniform flag", gen->name);
	}
	mb_error_init(&err);
	ck_assert_ptr_null(mb_generator_lookup("prims", &err));
	ck_assert_int_eq(err.code, MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(err.message, "'prims'"));
	ck_assert_ptr_nonnull(strstr(err.message, "recursive-division"));
	ck_assert_ptr_nonnull(strstr(err.message, "wilson"));
}
END_TEST

/* ---- start squares ---- */

/*
 * FNV-1a over the walls of seeds 1 to 8 at a few sizes, from the code
 * before the start was a parameter. The generators whose default start
 * did not change must still make these mazes byte for byte, and the three
 * whose default became the entrance (backtracker, growing-tree, prim) must
 * make them with start random, which is the first draw they always made.
 */
static const struct {
	const char *name;
	uint64_t hash;
} pinned[] = {
	{ "aldous-broder", UINT64_C(0xa8d9802f19093fc8) },
	{ "backtracker", UINT64_C(0x127cfa2f5da31df1) },
	{ "binary-tree", UINT64_C(0xddcb583232e31961) },
	{ "eller", UINT64_C(0xf491dca9e53830d7) },
	{ "growing-tree", UINT64_C(0x519e78883ce29ac6) },
	{ "hunt-and-kill", UINT64_C(0xe0ffea1dc3e2c041) },
	{ "kruskal", UINT64_C(0x0bd8c1bb7c3694b1) },
	{ "prim", UINT64_C(0x592bbef3d7195f7c) },
	{ "prim-frontier", UINT64_C(0x62360c17d3fb47a3) },
	{ "recursive-division", UINT64_C(0xc994e39d462df694) },
	{ "sidewinder", UINT64_C(0x6a0d8b977aa31cd0) },
	{ "wilson", UINT64_C(0x7a93f673d375bd81) },
};

static uint64_t mazes_hash(const struct mb_generator *gen, const struct mb_gen_options *opt)
{
	static const int pin_sizes[][2] = { { 16, 20 }, { 7, 5 }, { 1, 9 }, { 9, 1 }, { 33, 2 } };
	uint64_t h = UINT64_C(0xcbf29ce484222325);

	for (size_t s = 0; s < sizeof(pin_sizes) / sizeof(pin_sizes[0]); s++) {
		struct mb_maze *m = mb_maze_new(pin_sizes[s][0], pin_sizes[s][1], NULL);

		for (uint64_t seed = 1; seed <= 8; seed++) {
			mb_generate(gen, m, seed, opt);
			for (int i = 0; i < m->w * m->h; i++) {
				h ^= m->open[i];
				h *= UINT64_C(0x100000001b3);
			}
		}
		mb_maze_free(m);
	}
	return h;
}

static bool start_moved_to_entrance(const char *name)
{
	return !strcmp(name, "backtracker") || !strcmp(name, "growing-tree") ||
	       !strcmp(name, "prim");
}

START_TEST(earlier_mazes_are_kept)
{
	ck_assert_int_eq(sizeof(pinned) / sizeof(pinned[0]), mb_generator_count);
	for (size_t i = 0; i < mb_generator_count; i++) {
		const struct mb_generator *gen = mb_generator_find(pinned[i].name);
		struct mb_gen_options opt;

		ck_assert_ptr_nonnull(gen);
		mb_gen_options_init(&opt);
		if (start_moved_to_entrance(gen->name)) {
			/* the new default makes other mazes: the test can tell */
			ck_assert_msg(mazes_hash(gen, NULL) != pinned[i].hash,
				      "%s: still the old mazes", gen->name);
			opt.start = MB_START_RANDOM;
		}
		ck_assert_msg(mazes_hash(gen, &opt) == pinned[i].hash,
			      "%s makes other mazes than before", gen->name);
	}
}
END_TEST

START_TEST(start_table)
{
	static const char *const with_start[] = {
		"aldous-broder", "backtracker", "growing-tree", "hunt-and-kill",
		"prim", "prim-frontier", "wilson",
	};
	char list[256];
	size_t k = 0;

	for (size_t i = 0; i < mb_generator_count; i++) {
		const struct mb_generator *gen = mb_generators[i];
		bool has = k < 7 && !strcmp(gen->name, with_start[k]);
		enum mb_start def = start_moved_to_entrance(gen->name) ||
				    !strcmp(gen->name, "hunt-and-kill") ? MB_START_ENTRANCE
									: MB_START_RANDOM;

		k += has;
		ck_assert_msg(mb_generator_has_start(gen) == has, "%s", gen->name);
		ck_assert_int_eq(mb_generator_start(gen, NULL), has ? def : MB_START_DEFAULT);
	}
	ck_assert_int_eq(k, 7);
	mb_generator_start_list(list, sizeof(list));
	ck_assert_str_eq(list, "aldous-broder, backtracker, growing-tree, hunt-and-kill, "
			       "prim, prim-frontier, wilson");
	mb_generator_start_list(list, 12);	/* cut, never overrun */
	ck_assert_str_eq(list, "aldous-brod");
}
END_TEST

START_TEST(start_names)
{
	enum mb_start st = MB_START_DEFAULT;
	struct mb_error err;

	for (int s = MB_START_ENTRANCE; s <= MB_START_CENTRE; s++) {
		mb_error_init(&err);
		ck_assert_int_eq(mb_start_parse(mb_start_name((enum mb_start)s), &st, &err), MB_OK);
		ck_assert_int_eq(st, s);
	}
	ck_assert_str_eq(mb_start_name(MB_START_CENTRE), "centre");
	mb_error_init(&err);
	ck_assert_int_eq(mb_start_parse("center", &st, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.message,
			 "unknown start 'center' (valid: entrance, random, centre)");
	ck_assert_int_eq(st, MB_START_CENTRE);	/* left as it was */
}
END_TEST

/* Every start of every generator that has one: perfect, seeded, its own maze. */
START_TEST(every_start_makes_perfect_mazes)
{
	const struct mb_generator *gen = mb_generators[_i];
	static const int grid[][2] = { { 1, 1 }, { 1, 7 }, { 7, 1 }, { 2, 2 }, { 5, 4 },
				       { 16, 20 }, { 200, 200 } };
	struct mb_maze *a, *b;
	struct mb_gen_options opt;
	int differ = 0;

	if (!mb_generator_has_start(gen))
		return;
	mb_gen_options_init(&opt);
	for (size_t s = 0; s < sizeof(grid) / sizeof(grid[0]); s++) {
		struct mb_maze *m = mb_maze_new(grid[s][0], grid[s][1], NULL);

		for (int st = MB_START_ENTRANCE; st <= MB_START_CENTRE; st++) {
			opt.start = (enum mb_start)st;
			for (uint64_t seed = 0; seed < (grid[s][0] > 100 ? 2u : 30u); seed++) {
				mb_generate(gen, m, seed, &opt);
				ck_assert_msg(mb_maze_is_perfect(m) && !stray_bits(m),
					      "%s from %s, %dx%d seed %d", gen->name,
					      mb_start_name(opt.start), m->w, m->h, (int)seed);
			}
		}
		mb_maze_free(m);
	}
	a = mb_maze_new(16, 20, NULL);
	b = mb_maze_new(16, 20, NULL);
	for (uint64_t seed = 1; seed <= 10; seed++) {
		opt.start = MB_START_DEFAULT;
		mb_generate(gen, a, seed, &opt);
		opt.start = mb_generator_start(gen, NULL);
		mb_generate(gen, b, seed, &opt);
		ck_assert(mb_maze_equal(a, b));	/* the default is the named start */
		opt.start = MB_START_ENTRANCE;
		mb_generate(gen, a, seed, &opt);
		opt.start = MB_START_CENTRE;
		mb_generate(gen, b, seed, &opt);
		differ += !mb_maze_equal(a, b);
	}
	ck_assert_msg(differ >= 8, "%s: the start changed only %d of 10 mazes", gen->name,
		      differ);
	mb_maze_free(a);
	mb_maze_free(b);
}
END_TEST

/* Generators without a start make the same maze whatever start is asked. */
START_TEST(start_is_ignored_without_one)
{
	const struct mb_generator *gen = mb_generators[_i];
	struct mb_gen_options opt;

	if (mb_generator_has_start(gen))
		return;
	mb_gen_options_init(&opt);
	opt.start = MB_START_CENTRE;
	ck_assert(mazes_hash(gen, &opt) == mazes_hash(gen, NULL));
}
END_TEST

/*
 * The start shows in the measures: a backtracker that starts at the
 * entrance square walks one depth-first path from it, and the route to
 * the exit is a long stretch of that path (about 3.6 times the shortest
 * walk at 16x20, against 2.4 from the centre).
 */
START_TEST(entrance_start_makes_longer_backtracker_routes)
{
	struct mb_maze *m = mb_maze_new(16, 20, NULL);
	struct mb_gen_options opt;
	struct mb_measures ms;
	double entrance = 0, centre = 0;

	mb_gen_options_init(&opt);
	for (uint64_t seed = 1; seed <= 100; seed++) {
		opt.start = MB_START_ENTRANCE;
		mb_generate(&mb_gen_backtracker, m, seed, &opt);
		mb_maze_measure(m, &ms);
		entrance += ms.route_ratio;
		opt.start = MB_START_CENTRE;
		mb_generate(&mb_gen_backtracker, m, seed, &opt);
		mb_maze_measure(m, &ms);
		centre += ms.route_ratio;
	}
	ck_assert_msg(entrance / 100 > 3.2 && centre / 100 < 2.8, "means %.2f and %.2f",
		      entrance / 100, centre / 100);
	mb_maze_free(m);
}
END_TEST

/* ---- the one grid dispatch (mb_generate picks the carver) ---- */

/* How often each of the counting carvers ran. */
static int squares_calls, graph_calls;

/* A spanning tree by random walk on any grid: a carver that can run anywhere. */
static void walk_tree(struct mb_maze *m, struct mb_rng *rng)
{
	const struct mb_grid *g = m->grid;
	int n = g->cells, cur = mb_grid_cell_at(g, 0), left = n - 1;
	uint8_t *seen = calloc(mb_grid_is_graph(g) ? (size_t)n : (size_t)(m->w * m->h), 1);

	seen[cur] = 1;
	while (left > 0) {
		int nb;

		if (mb_grid_is_graph(g)) {
			nb = mb_grid_side_at(g, cur, (int)mb_rng_below(rng,
					     (uint32_t)mb_grid_degree(g, cur)))->nb;
		} else {
			static const int dx[] = { 0, 1, 0, -1 }, dy[] = { -1, 0, 1, 0 };
			int d = (int)mb_rng_below(rng, 4), x = cur % m->w + dx[d],
			    y = cur / m->w + dy[d];

			nb = mb_grid_is_cell(g, x, y) ? y * m->w + x : -1;
		}
		if (nb < 0)
			continue;
		if (!seen[nb]) {
			seen[nb] = 1;
			mb_maze_link(m, cur, nb);
			left--;
		}
		cur = nb;
	}
	free(seen);
}

static void count_squares(struct mb_maze *m, struct mb_rng *rng, const struct mb_gen_options *opt)
{
	(void)opt;
	squares_calls++;
	walk_tree(m, rng);
}

static void count_graph(struct mb_maze *m, struct mb_rng *rng, const struct mb_gen_options *opt)
{
	(void)opt;
	graph_calls++;
	walk_tree(m, rng);
}

static const struct mb_generator counting_any = {
	.name = "counting-any", .summary = "the test's carver counter", .uniform = true,
	.kinds = MB_KINDS_ALL, .carve_squares = count_squares, .carve_graph = count_graph,
};

static const struct mb_generator counting_rect = {
	.name = "counting-rect", .summary = "the test's rectangle-only counter",
	.kinds = MB_KINDS_RECT, .carve_squares = count_squares,
};

/* One grid of each kind, small. */
static struct mb_grid *grid_of_kind(enum mb_grid_kind kind)
{
	static const uint8_t ring[9] = { 1, 1, 1, 1, 0, 1, 1, 1, 1 };

	switch (kind) {
	case MB_GRID_RECT:
		return mb_grid_new_rect(5, 4, NULL);
	case MB_GRID_MASK:
		return mb_grid_new_mask(3, 3, ring, NULL);
	case MB_GRID_POLAR:
		return mb_grid_new_polar(3, NULL);
	case MB_GRID_HEX:
		return mb_grid_new_hex(4, 3, MB_OUTLINE_RECTANGLE, NULL, NULL, NULL);
	case MB_GRID_DELTA:
		return mb_grid_new_delta(5, 3, MB_OUTLINE_RECTANGLE, NULL, NULL, NULL);
	}
	ck_abort_msg("no grid of kind %d", (int)kind);
	return NULL;
}

static const enum mb_grid_kind every_kind[] = { MB_GRID_RECT, MB_GRID_MASK, MB_GRID_POLAR,
						MB_GRID_HEX, MB_GRID_DELTA };
#define KIND_COUNT (int)(sizeof(every_kind) / sizeof(every_kind[0]))

START_TEST(dispatch_picks_the_carver_by_grid)
{
	enum mb_grid_kind kind = every_kind[_i];
	struct mb_grid *g = grid_of_kind(kind);
	struct mb_maze *m;
	bool graph = kind == MB_GRID_POLAR || kind == MB_GRID_HEX || kind == MB_GRID_DELTA;

	ck_assert_ptr_nonnull(g);
	ck_assert_int_eq(g->kind, kind);
	m = mb_maze_new_on(g);
	mb_grid_free(g);
	squares_calls = graph_calls = 0;
	ck_assert_ptr_eq(mb_generator_carver(&counting_any, m->grid),
			 graph ? count_graph : count_squares);
	mb_generate(&counting_any, m, 7, NULL);
	ck_assert_int_eq(squares_calls, graph ? 0 : 1);
	ck_assert_int_eq(graph_calls, graph ? 1 : 0);
	mb_maze_free(m);
}
END_TEST

/* Every table entry carves rectangles; the any-grid ones carve graph grids too. */
START_TEST(every_generator_has_the_carvers_its_kinds_need)
{
	for (size_t i = 0; i < mb_generator_count; i++) {
		const struct mb_generator *gen = mb_generators[i];

		ck_assert_msg(gen->carve_squares, "%s: no square carver", gen->name);
		ck_assert_msg(gen->kinds == MB_KINDS_RECT || gen->kinds == MB_KINDS_ALL,
			      "%s: kinds %#x", gen->name, gen->kinds);
		ck_assert_msg((gen->carve_graph != NULL) == (gen->kinds == MB_KINDS_ALL),
			      "%s: graph carver does not match its kinds", gen->name);
		for (int k = 0; k < KIND_COUNT; k++) {
			struct mb_grid *g;

			if (!mb_generator_supports(gen, every_kind[k]))
				continue;
			g = grid_of_kind(every_kind[k]);
			ck_assert_ptr_nonnull(mb_generator_carver(gen, g));
			mb_grid_free(g);
		}
	}
}
END_TEST

/* The refusal a user sees, before any carving: the same words as ever. */
START_TEST(dispatch_refusal_names_the_generator_and_kind)
{
	struct mb_error err;

	mb_error_init(&err);
	ck_assert_int_eq(mb_generator_check_kind(&counting_rect, MB_GRID_RECT, &err), MB_OK);
	ck_assert_int_eq(mb_generator_check_kind(&counting_rect, MB_GRID_MASK, &err),
			 MB_ERR_INPUT);
	ck_assert_str_eq(err.message, "algorithm 'counting-rect' works on rectangles only, not on "
			 "a shaped (mask) grid (use one of: aldous-broder, backtracker, "
			 "growing-tree, hunt-and-kill, kruskal, prim, prim-frontier, wilson)");
	mb_error_init(&err);
	ck_assert_int_eq(mb_generator_check_kind(&mb_gen_eller, MB_GRID_HEX, &err),
			 MB_ERR_INPUT);
	ck_assert_str_eq(err.message, "algorithm 'eller' works on rectangles only, not on a hex "
			 "grid (use one of: aldous-broder, backtracker, growing-tree, "
			 "hunt-and-kill, kruskal, prim, prim-frontier, wilson)");
}
END_TEST

/* Asked to carve a kind it cannot, the dispatch is a BUG (abort), never a wrong maze. */
START_TEST(dispatch_of_an_unsupported_kind_is_a_bug)
{
	struct mb_grid *g = grid_of_kind(MB_GRID_POLAR);
	struct mb_maze *m = mb_maze_new_on(g);

	mb_grid_free(g);
	squares_calls = graph_calls = 0;
	mb_generate(&counting_rect, m, 1, NULL);
	ck_abort_msg("carved a polar grid (%d square calls)", squares_calls);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("generators");
	TCase *tc = tcase_create("generators");
	int n = (int)mb_generator_count;

	tcase_add_loop_test(tc, every_generator_is_perfect_at_every_size, 0, n);
	tcase_add_loop_test(tc, brute_force_finds_exactly_one_route, 0, n);
	tcase_add_loop_test(tc, one_wall_more_or_less_is_caught, 0, n);
	tcase_add_loop_test(tc, same_seed_same_maze_other_seed_other_maze, 0, n);
	tcase_add_test(tc, wilson_is_uniform);
	tcase_add_test(tc, aldous_broder_is_uniform);
	tcase_add_test(tc, backtracker_is_not_uniform);
	tcase_add_test(tc, growing_tree_share_sets_texture);
	tcase_add_test(tc, binary_tree_route_never_detours);
	tcase_add_test(tc, table_is_sorted_and_complete);
	tcase_add_test(tc, earlier_mazes_are_kept);
	tcase_add_test(tc, start_table);
	tcase_add_test(tc, start_names);
	tcase_add_loop_test(tc, every_start_makes_perfect_mazes, 0, n);
	tcase_add_loop_test(tc, start_is_ignored_without_one, 0, n);
	tcase_add_test(tc, entrance_start_makes_longer_backtracker_routes);
	tcase_add_loop_test(tc, dispatch_picks_the_carver_by_grid, 0, KIND_COUNT);
	tcase_add_test(tc, every_generator_has_the_carvers_its_kinds_need);
	tcase_add_test(tc, dispatch_refusal_names_the_generator_and_kind);
	tcase_add_test_raise_signal(tc, dispatch_of_an_unsupported_kind_is_a_bug, SIGABRT);
	suite_add_tcase(s, tc);
	return s;
}
