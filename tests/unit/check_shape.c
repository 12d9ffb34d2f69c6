/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Shapes and their masks (include/mazebook/maze/shape.h): the path reader, the
 * raster rule (most of a square inside), the checks (one piece, no
 * corner-only joins, enough squares, holes filled) and their messages, and
 * every built-in shape at every level: about the level's squares, passing
 * its checks, and carved perfect by every generator that carves masks
 * (the test's own checker reads the raw wall bits).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "mazebook/book/level.h"
#include "mazebook/gen/generator.h"
#include "mazebook/maze/format.h"
#include "mazebook/maze/maze.h"
#include "mazebook/maze/measure.h"
#include "mazebook/maze/shape.h"

#include "check_main.h"

START_TEST(path_reader)
{
	struct mb_error err;
	struct mb_shape *s;

	mb_error_init(&err);
	s = mb_shape_from_path("box", 10, 10, "M 0 0 H 10 V 10 L 0,10 Z", &err);
	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(s->rings, 1);
	ck_assert_int_eq(s->ring_start[1], 4);
	mb_shape_free(s);
	/* curves are flattened into chords */
	s = mb_shape_from_path("lens", 10, 10, "M 0 5 C 3 0 7 0 10 5 Q 5 10 0 5 Z", &err);
	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(s->ring_start[1], 1 + 2 * 12);
	mb_shape_free(s);
	ck_assert_ptr_null(mb_shape_from_path("bad", 10, 10, "M 0 0 L 5 X 3", &err));
	ck_assert_str_eq(err.message, "shape 'bad': bad path data at character 11 ('X 3'): "
				      "expected the commands M, L, H, V, C, Q or Z with their numbers");
	mb_error_init(&err);
	ck_assert_ptr_null(mb_shape_from_path("line", 10, 10, "M 0 0 L 5 5", &err));
	ck_assert_str_eq(err.message, "shape 'line': its path has no area (2 points)");
	mb_error_init(&err);
	ck_assert_ptr_null(mb_shape_from_path("nums", 10, 10, "0 0 L 5 5", &err));
	ck_assert_ptr_null(mb_shape_from_path("box", 0, 10, "M 0 0 H 1 V 1 Z", &err));
	mb_error_init(&err);
	ck_assert_ptr_null(mb_shape_builtin("hart", &err));
	ck_assert(strstr(err.message, "unknown shape 'hart' (built in: circle, heart, star,"));
}
END_TEST

START_TEST(most_of_a_square_is_in)
{
	/* a triangle over a 4 x 4 lattice of unit squares: the diagonal squares are half in */
	struct mb_shape *s = mb_shape_from_path("tri", 4, 4, "M 0 0 L 4 0 L 0 4 Z", NULL);
	uint8_t in[16];
	static const uint8_t want[16] = {
		1, 1, 1, 0,
		1, 1, 0, 0,
		1, 0, 0, 0,
		0, 0, 0, 0,
	};

	/* exactly half of a diagonal square's 16 samples would be in; the samples on the
	 * diagonal fall outside, so those squares stay out: "most", not "half" */
	ck_assert_int_eq(mb_shape_raster(s, 4, 4, 1.0, in), 6);
	ck_assert_mem_eq(in, want, 16);
	mb_shape_free(s);
}
END_TEST

START_TEST(subpaths_join_whichever_way_they_turn)
{
	/* two overlapping squares drawn in opposite directions: a union, no notch */
	struct mb_shape *s = mb_shape_from_path("two", 6, 4,
						"M 0 0 L 4 0 L 4 4 L 0 4 Z M 2 0 L 2 4 L 6 4 L 6 0 Z",
						NULL);
	uint8_t in[24];

	ck_assert_int_eq(mb_shape_raster(s, 6, 4, 1.0, in), 24);
	mb_shape_free(s);
}
END_TEST

/* a mask from rows of '#' and '.' */
static int rows_mask(const char *const *rows, int h, uint8_t *in)
{
	int w = (int)strlen(rows[0]);

	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			in[y * w + x] = rows[y][x] == '#';
	return w;
}

START_TEST(checks_and_their_messages)
{
	static const char *const pieces[] = { "##..", "##..", "...#" };
	static const char *const corner[] = { "##..", "##..", "..##", "..##" };
	static const char *const ring[] = { "####", "#..#", "####" };
	uint8_t in[64];
	struct mb_error err;
	int w;

	mb_error_init(&err);
	w = rows_mask(pieces, 3, in);
	ck_assert_int_eq(mb_shape_check("'p'", w, 3, in, 1, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.message, "shape 'p' falls into 2 pieces at this size (the biggest "
				      "has 4 of 5 squares): use a thicker shape, or a bigger grid "
				      "(a harder level) so that its thin parts join");
	mb_error_init(&err);
	w = rows_mask(corner, 4, in);
	ck_assert_int_eq(mb_shape_check("'c'", w, 4, in, 1, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.message, "shape 'c': squares (1, 1) and (2, 2) touch only at a "
				      "corner: use a thicker shape, or a bigger grid (a harder level)");
	/* a hole is filled: the ring becomes a solid 4 x 3 of 12 squares */
	mb_error_init(&err);
	w = rows_mask(ring, 3, in);
	ck_assert_int_eq(mb_shape_check("'r'", w, 3, in, 12, &err), MB_OK);
	ck_assert(in[5] && in[6]);
	ck_assert_int_eq(mb_shape_check("'r'", w, 3, in, 13, &err), MB_ERR_INPUT);
	ck_assert_str_eq(err.message, "shape 'r' covers 12 squares, fewer than the 13 the level "
				      "needs: use a fuller shape or a harder level");
}
END_TEST

START_TEST(thin_shape_is_refused_with_advice)
{
	/* a dumbbell with a neck far thinner than a square at 120 squares */
	struct mb_shape *s = mb_shape_from_path("dumbbell", 100, 40,
						"M 0 0 H 40 V 19 H 60 V 0 H 100 V 40 H 60 V 21 H 40 V 40 H 0 Z",
						NULL);
	struct mb_error err;

	mb_error_init(&err);
	ck_assert_ptr_null(mb_shape_grid(s, 120, 96, &err));
	ck_assert_msg(strstr(err.message, "falls into 2 pieces") &&
		      strstr(err.message, "bigger grid"), "%s", err.message);
	mb_shape_free(s);
}
END_TEST

/* the raw checker: no bit towards a left-out square, cells - 1 openings, all reachable */
static bool raw_perfect(const struct mb_maze *m)
{
	const struct mb_grid *g = m->grid;
	int n = m->w * m->h, head = 0, tail = 0, reached = 0;
	long openings = 0;
	uint8_t *mark = calloc((size_t)n, 1);
	int *queue = malloc((size_t)n * sizeof(int));
	bool ok = true;

	for (int i = 0; i < n; i++) {
		int x = i % m->w, y = i / m->w;
		bool cell = mb_grid_is_cell(g, x, y);

		if (!cell) {
			ok &= m->open[i] == 0;
			continue;
		}
		if (m->open[i] & MB_OPEN_EAST)
			ok &= mb_grid_is_cell(g, x + 1, y), openings++;
		if (m->open[i] & MB_OPEN_SOUTH)
			ok &= mb_grid_is_cell(g, x, y + 1), openings++;
	}
	ok &= openings == g->cells - 1;
	mark[mb_grid_cell_at(g, 0)] = 1;
	queue[tail++] = mb_grid_cell_at(g, 0);
	while (ok && head < tail) {
		int c = queue[head++], x = c % m->w, nb[4] = { -1, -1, -1, -1 };

		reached++;
		if (m->open[c] & MB_OPEN_EAST)
			nb[0] = c + 1;
		if (m->open[c] & MB_OPEN_SOUTH)
			nb[1] = c + m->w;
		if (x > 0 && (m->open[c - 1] & MB_OPEN_EAST))
			nb[2] = c - 1;
		if (c >= m->w && (m->open[c - m->w] & MB_OPEN_SOUTH))
			nb[3] = c - m->w;
		for (int k = 0; k < 4; k++)
			if (nb[k] >= 0 && !mark[nb[k]]) {
				mark[nb[k]] = 1;
				queue[tail++] = nb[k];
			}
	}
	ok &= reached == g->cells;
	free(queue);
	free(mark);
	return ok;
}

/* loop over shapes x levels */
START_TEST(every_shape_at_every_level)
{
	const char *name = mb_shape_builtin_names[_i / (int)mb_level_count];
	const struct mb_level *level = &mb_levels[_i % (int)mb_level_count];
	struct mb_shape *s = mb_shape_builtin(name, NULL);
	struct mb_error err;
	struct mb_grid *g;
	struct mb_maze *m;
	int target = level->w * level->h;

	mb_error_init(&err);
	g = mb_shape_grid(s, target, level->min_shape_squares, &err);
	ck_assert_msg(g != NULL, "%s at %s: %s", name, level->name, err.message);
	ck_assert_msg(g->cells >= level->min_shape_squares && abs(g->cells - target) <= target / 8,
		      "%s at %s: %d squares for %d", name, level->name, g->cells, target);
	m = mb_maze_new_on(g);
	for (size_t k = 0; k < mb_generator_count; k++) {
		const struct mb_generator *gen = mb_generators[k];

		if (!mb_generator_supports(gen, MB_GRID_MASK))
			continue;
		for (uint64_t seed = 1; seed <= 3; seed++) {
			struct mb_measures ms;
			struct mb_text_mazes back;
			char *text;

			mb_generate(gen, m, seed, NULL);
			ck_assert_msg(raw_perfect(m), "%s on %s at %s seed %llu", gen->name, name,
				      level->name, (unsigned long long)seed);
			mb_maze_measure(m, &ms);
			ck_assert(ms.perfect && ms.route > 0);
			ck_assert_int_ge(ms.route, ms.shortest_walk);
			/* the text form reads back to the same maze */
			text = mb_format_text(m, NULL);
			ck_assert_int_eq(mb_format_text_parse(text, "t", &back, &err), MB_OK);
			ck_assert_int_eq((int)back.count, 1);
			ck_assert_msg(mb_maze_equal(back.items[0].maze, m), "%s: text round trip",
				      name);
			mb_text_mazes_release(&back);
			free(text);
		}
	}
	mb_maze_free(m);
	mb_grid_free(g);
	mb_shape_free(s);
}
END_TEST

START_TEST(a_mask_from_ink)
{
	/* a 20 x 10 image: a dark disc-ish blob (two rows of light at the edges) */
	uint8_t ink[200];
	struct mb_error err;
	struct mb_shape *s;
	struct mb_grid *g;

	for (int y = 0; y < 10; y++)
		for (int x = 0; x < 20; x++)
			ink[y * 20 + x] = (y >= 2 && y < 8 && x >= 2 && x < 18) ? 230 : 10;
	mb_error_init(&err);
	s = mb_shape_from_ink("bar.png", 20, 10, ink, &err);
	ck_assert_ptr_nonnull(s);
	g = mb_shape_grid(s, 96, 48, &err);
	ck_assert_msg(g != NULL, "%s", err.message);
	/* the dark part is 16 x 6: about 16 x 6 squares at 96 */
	ck_assert_int_eq(g->kind, MB_GRID_MASK);
	ck_assert(abs(g->cells - 96) <= 12);
	ck_assert(abs(g->w * 6 - g->h * 16) <= 16);	/* the dark part's proportions */
	mb_grid_free(g);
	mb_shape_free(s);
	memset(ink, 0, sizeof(ink));
	ck_assert_ptr_null(mb_shape_from_ink("white.png", 20, 10, ink, &err));
	ck_assert_str_eq(err.message, "shape 'white.png' has no dark part (expected a dark "
				      "silhouette on a light background)");
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("shape");
	TCase *tc = tcase_create("shape");

	tcase_add_test(tc, path_reader);
	tcase_add_test(tc, most_of_a_square_is_in);
	tcase_add_test(tc, subpaths_join_whichever_way_they_turn);
	tcase_add_test(tc, checks_and_their_messages);
	tcase_add_test(tc, thin_shape_is_refused_with_advice);
	tcase_add_loop_test(tc, every_shape_at_every_level, 0,
			    (int)(mb_shape_builtin_count * mb_level_count));
	tcase_add_test(tc, a_mask_from_ink);
	suite_add_tcase(s, tc);
	return s;
}
