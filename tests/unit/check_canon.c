/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The canonical key: the same for a maze and each of its mirror images and
 * turns (and with entrance and exit swapped), different after one wall
 * changes. The turned copies are made here with code of the test's own (a
 * square's four sides turned a quarter), not with canon.c's mapping.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "mazebook/base/sha256.h"
#include "mazebook/gen/generator.h"
#include "mazebook/maze/canon.h"
#include "mazebook/maze/maze.h"

#include "check_main.h"

/* a maze as the test keeps it: each square's four sides, open or not */
struct tmaze {
	int w, h;
	unsigned char side[40][40];	/* [y][x], bit d: side d (0 N .. 3 W) open */
	struct mb_canon_side entrance, exit;
};

static bool t_open(const void *maze, int x, int y, int dir)
{
	const struct tmaze *m = maze;

	return m->side[y][x] >> dir & 1;
}

static void t_grid(const struct tmaze *m, struct mb_canon_grid *g)
{
	*g = (struct mb_canon_grid){ m, m->w, m->h, t_open, m->entrance, m->exit };
}

static void t_key(const struct tmaze *m, char key[MB_CANON_KEY_SIZE])
{
	struct mb_canon_grid g;

	t_grid(m, &g);
	mb_canon_key(&g, key);
}

static struct tmaze from_maze(const struct mb_maze *mz)
{
	struct tmaze m;

	memset(&m, 0, sizeof(m));
	m.w = mz->w;
	m.h = mz->h;
	for (int y = 0; y < m.h; y++)
		for (int x = 0; x < m.w; x++)
			for (int d = 0; d < 4; d++) {
				int nx = x + mb_dir_dx[d], ny = y + mb_dir_dy[d];

				if (mb_maze_inside(mz, nx, ny) && mb_maze_is_open(mz, x, y, d))
					m.side[y][x] |= (unsigned char)(1u << d);
			}
	m.entrance = (struct mb_canon_side){ 0, 0, 0 };
	m.exit = (struct mb_canon_side){ m.w - 1, m.h - 1, 2 };
	return m;
}

/* a quarter turn clockwise: square (x, y) of W x H goes to (H-1-y, x) of H x W, N becomes E */
static struct tmaze turn(const struct tmaze *m)
{
	struct tmaze r;

	memset(&r, 0, sizeof(r));
	r.w = m->h;
	r.h = m->w;
	for (int y = 0; y < m->h; y++)
		for (int x = 0; x < m->w; x++)
			for (int d = 0; d < 4; d++)
				if (m->side[y][x] >> d & 1)
					r.side[x][m->h - 1 - y] |= (unsigned char)(1u << ((d + 1) % 4));
	r.entrance = (struct mb_canon_side){ m->h - 1 - m->entrance.y, m->entrance.x,
					     (m->entrance.dir + 1) % 4 };
	r.exit = (struct mb_canon_side){ m->h - 1 - m->exit.y, m->exit.x, (m->exit.dir + 1) % 4 };
	return r;
}

/* the mirror image left to right: E and W swap */
static struct tmaze mirror(const struct tmaze *m)
{
	static const int swap[4] = { 0, 3, 2, 1 };
	struct tmaze r = *m;

	memset(r.side, 0, sizeof(r.side));
	for (int y = 0; y < m->h; y++)
		for (int x = 0; x < m->w; x++)
			for (int d = 0; d < 4; d++)
				if (m->side[y][x] >> d & 1)
					r.side[y][m->w - 1 - x] |= (unsigned char)(1u << swap[d]);
	r.entrance = (struct mb_canon_side){ m->w - 1 - m->entrance.x, m->entrance.y,
					     swap[m->entrance.dir] };
	r.exit = (struct mb_canon_side){ m->w - 1 - m->exit.x, m->exit.y, swap[m->exit.dir] };
	return r;
}

static struct mb_maze *make(int w, int h, const char *gen, uint64_t seed)
{
	struct mb_maze *m = mb_maze_new(w, h, NULL);

	mb_generate(mb_generator_find(gen), m, seed, NULL);
	return m;
}

static const struct {
	int w, h;
	const char *gen;
} cases[] = {
	{ 6, 6, "backtracker" }, { 7, 5, "wilson" }, { 5, 9, "kruskal" },
	{ 12, 12, "prim" }, { 1, 4, "backtracker" }, { 20, 24, "hunt-and-kill" },
};

/* every turn and mirror image, and each with the ends swapped, has the maze's key */
START_TEST(key_same_for_every_symmetry)
{
	struct mb_maze *mz = make(cases[_i].w, cases[_i].h, cases[_i].gen, 40 + (uint64_t)_i);
	struct tmaze m = from_maze(mz), img[8];
	char want[MB_CANON_KEY_SIZE], key[MB_CANON_KEY_SIZE];

	mb_canon_key_maze(mz, want);
	t_key(&m, key);
	ck_assert_str_eq(key, want);	/* the accessor over mb_maze reads what the test reads */
	img[0] = m;
	for (int k = 1; k < 4; k++)
		img[k] = turn(&img[k - 1]);
	for (int k = 0; k < 4; k++)
		img[4 + k] = mirror(&img[k]);
	for (int k = 0; k < 8; k++) {
		struct tmaze swapped = img[k];

		t_key(&img[k], key);
		ck_assert_msg(!strcmp(key, want), "%dx%d %s: image %d has another key",
			      cases[_i].w, cases[_i].h, cases[_i].gen, k);
		swapped.entrance = img[k].exit;
		swapped.exit = img[k].entrance;
		t_key(&swapped, key);
		ck_assert_msg(!strcmp(key, want), "image %d with the ends swapped has another key", k);
	}
	/* the images are really other bytes: the quarter turn of a non-square is another size */
	ck_assert(img[1].w == m.h && img[1].h == m.w);
	mb_maze_free(mz);
}
END_TEST

/* opening or closing any one inner wall gives another key */
START_TEST(key_differs_for_one_wall)
{
	struct mb_maze *mz = make(cases[_i].w, cases[_i].h, cases[_i].gen, 99 + (uint64_t)_i);
	struct tmaze m = from_maze(mz);
	char want[MB_CANON_KEY_SIZE], key[MB_CANON_KEY_SIZE];
	int walls = 0;

	t_key(&m, want);
	for (int y = 0; y < m.h; y++)
		for (int x = 0; x < m.w; x++)
			for (int d = 1; d <= 2; d++) {
				struct tmaze c = m;
				int nx = x + (d == 1), ny = y + (d == 2);

				if (nx >= m.w || ny >= m.h)
					continue;
				c.side[y][x] ^= (unsigned char)(1u << d);
				c.side[ny][nx] ^= (unsigned char)(1u << (d + 2));
				t_key(&c, key);
				ck_assert_msg(strcmp(key, want), "toggling side %d of (%d, %d) kept the key",
					      d, x, y);
				walls++;
			}
	ck_assert_int_eq(walls, m.w * (m.h - 1) + m.h * (m.w - 1));
	mb_maze_free(mz);
}
END_TEST

/* moving the exit to another rim side is another puzzle */
START_TEST(key_differs_for_other_ends)
{
	struct mb_maze *mz = make(8, 6, "backtracker", 5);
	struct tmaze m = from_maze(mz), c = m;
	char a[MB_CANON_KEY_SIZE], b[MB_CANON_KEY_SIZE];

	t_key(&m, a);
	c.exit = (struct mb_canon_side){ m.w - 1, m.h - 1, 1 };	/* east side of the last square */
	t_key(&c, b);
	ck_assert_str_ne(a, b);
	c.exit = (struct mb_canon_side){ m.w - 2, m.h - 1, 2 };
	t_key(&c, b);
	ck_assert_str_ne(a, b);
	mb_maze_free(mz);
}
END_TEST

/* two mazes of one seed, one generator: the same key; another seed: another key */
START_TEST(key_of_other_mazes)
{
	struct mb_maze *a = make(10, 10, "wilson", 1), *b = make(10, 10, "wilson", 1);
	struct mb_maze *c = make(10, 10, "wilson", 2);
	char ka[MB_CANON_KEY_SIZE], kb[MB_CANON_KEY_SIZE], kc[MB_CANON_KEY_SIZE];

	mb_canon_key_maze(a, ka);
	mb_canon_key_maze(b, kb);
	mb_canon_key_maze(c, kc);
	ck_assert_str_eq(ka, kb);
	ck_assert_str_ne(ka, kc);
	ck_assert_uint_eq(strlen(ka), 64);
	ck_assert_uint_eq(strspn(ka, "0123456789abcdef"), 64);
	mb_maze_free(a);
	mb_maze_free(b);
	mb_maze_free(c);
}
END_TEST

/*
 * The documented form, worked by hand for a 2 x 1 maze with its one wall
 * open: of the eight images, the transposed 1 x 2 ones come first ("rect
 * 1" < "rect 2"), and of those the ones whose first end is an E side.
 */
START_TEST(form_as_documented)
{
	static const char t0[] = "mazebook-canon 1\nrect 2 1\n10\nends 0 0 N 1 0 S\n";
	static const char smallest[] = "mazebook-canon 1\nrect 1 2\n2\n0\nends 0 0 E 0 1 W\n";
	struct mb_maze *mz = mb_maze_new(2, 1, NULL);
	struct mb_canon_grid g;
	char key[MB_CANON_KEY_SIZE], want[MB_SHA256_HEX_SIZE];
	size_t len;
	char *form;

	mb_maze_set_open(mz, 0, 0, MB_EAST, true);
	mb_canon_grid_of_maze(mz, &g);
	form = mb_canon_form(&g, 0, &len);
	ck_assert_str_eq(form, t0);
	ck_assert_uint_eq(len, strlen(t0));
	free(form);
	form = mb_canon_form(&g, 5, &len);
	ck_assert_str_eq(form, smallest);
	free(form);
	mb_canon_key(&g, key);
	mb_sha256_hex(smallest, strlen(smallest), want);
	ck_assert_str_eq(key, want);
	mb_maze_free(mz);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("canon");
	TCase *tc = tcase_create("canon");
	int n = (int)(sizeof(cases) / sizeof(cases[0]));

	tcase_add_loop_test(tc, key_same_for_every_symmetry, 0, n);
	tcase_add_loop_test(tc, key_differs_for_one_wall, 0, n);
	tcase_add_test(tc, key_differs_for_other_ends);
	tcase_add_test(tc, key_of_other_mazes);
	tcase_add_test(tc, form_as_documented);
	suite_add_tcase(s, tc);
	return s;
}
