/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Levels on polar, hex and delta grids (specs/levels.def MB_LEVEL_GRID),
 * the stats sample over a graph grid, the print limits of a graph grid's
 * maze (mb_layout_fit_lattice, mb_layout_check_lattice) and the canonical
 * key of graph-grid mazes. The mazes here are carved by a random walk's
 * spanning tree of the test's own, from a cell the seed picks, so that
 * none of it waits on a generator.
 */
#include "config.h"

#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "mazebook/base/rng.h"
#include "mazebook/book/layout.h"
#include "mazebook/book/level.h"
#include "mazebook/book/stats.h"
#include "mazebook/gen/generator.h"
#include "mazebook/maze/canon.h"
#include "mazebook/maze/maze.h"
#include "mazebook/maze/measure.h"

#define MB_CHECK_ALWAYS_FORK 1	/* a test expects SIGABRT */
#include "check_main.h"

static const enum mb_grid_kind graph_kinds[] = { MB_GRID_POLAR, MB_GRID_HEX, MB_GRID_DELTA };

/* a random walk's spanning tree (Aldous-Broder's, the test's own) from a cell rng picks */
static void walk_generate(struct mb_maze *m, struct mb_rng *rng, const struct mb_gen_options *opt)
{
	const struct mb_grid *g = m->grid;
	int n = g->cells, cur = (int)mb_rng_below(rng, (uint32_t)n), left = n - 1;
	char *seen = calloc((size_t)n, 1);

	(void)opt;
	seen[cur] = 1;
	while (left > 0) {
		int nb = mb_grid_side_at(g, cur, (int)mb_rng_below(rng,
					 (uint32_t)mb_grid_degree(g, cur)))->nb;

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

static const struct mb_generator walk_gen = {
	.name = "walk", .summary = "the test's random-walk tree", .uniform = true,
	.default_start = MB_START_DEFAULT, .kinds = MB_KINDS_ALL, .carve_squares = walk_generate,
	.carve_graph = walk_generate,
};

static struct mb_maze *walk_maze(struct mb_grid *g, uint64_t seed)
{
	struct mb_maze *m = mb_maze_new_on(g);

	mb_generate(&walk_gen, m, seed, NULL);
	return m;
}

/* ---- levels.def ---- */

START_TEST(every_level_has_every_graph_kind_once)
{
	for (size_t l = 0; l < mb_level_count; l++)
		for (size_t k = 0; k < 3; k++) {
			int seen = 0;

			for (size_t i = 0; i < mb_level_grid_count; i++)
				seen += mb_level_grids[i].kind == graph_kinds[k] &&
					!strcmp(mb_level_grids[i].level, mb_levels[l].name);
			ck_assert_msg(seen == 1, "level %s has %d %s lines", mb_levels[l].name, seen,
				      mb_grid_kind_name(graph_kinds[k]));
		}
	for (size_t i = 0; i < mb_level_grid_count; i++)
		ck_assert_msg(mb_level_find(mb_level_grids[i].level), "MB_LEVEL_GRID of unknown "
			      "level %s", mb_level_grids[i].level);
}
END_TEST

/* each harder level has more cells on every kind and outline, as on squares */
START_TEST(levels_grow_on_every_kind)
{
	static const struct {
		enum mb_grid_kind kind;
		enum mb_grid_outline outline;
	} ko[] = { { MB_GRID_POLAR, MB_OUTLINE_RECTANGLE }, { MB_GRID_HEX, MB_OUTLINE_RECTANGLE },
		   { MB_GRID_HEX, MB_OUTLINE_HEXAGON }, { MB_GRID_DELTA, MB_OUTLINE_RECTANGLE },
		   { MB_GRID_DELTA, MB_OUTLINE_TRIANGLE } };

	for (size_t i = 0; i < sizeof(ko) / sizeof(ko[0]); i++) {
		int last = 0;

		for (size_t l = 0; l < mb_level_count; l++) {
			struct mb_error err;
			struct mb_grid *g;

			mb_error_init(&err);
			g = mb_level_grid_new(&mb_levels[l], ko[i].kind, ko[i].outline, &err);
			ck_assert_msg(g, "%s: %s", mb_levels[l].name, err.message);
			ck_assert_int_eq(g->kind, ko[i].kind);
			ck_assert_int_gt(g->cells, last);
			last = g->cells;
			mb_grid_free(g);
		}
	}
}
END_TEST

START_TEST(level_sizes_and_auto_lists)
{
	const struct mb_level *easy = mb_level_find("easy");
	int a = -1, b = -1;

	ck_assert(mb_level_grid_size(easy, MB_GRID_RECT, MB_OUTLINE_RECTANGLE, &a, &b));
	ck_assert_int_eq(a, easy->w);
	ck_assert_int_eq(b, easy->h);
	ck_assert_str_eq(mb_level_auto_list(easy, MB_GRID_RECT), easy->algorithms);
	ck_assert_str_eq(mb_level_auto_list(easy, MB_GRID_MASK), easy->shape_algorithms);
	ck_assert(mb_level_grid_size(easy, MB_GRID_POLAR, MB_OUTLINE_RECTANGLE, &a, &b));
	ck_assert_int_gt(a, 0);
	ck_assert_int_eq(b, 0);
	ck_assert(mb_level_grid_size(easy, MB_GRID_HEX, MB_OUTLINE_HEXAGON, &a, &b));
	ck_assert_int_eq(b, 0);
	/* outlines the kind has not: refused, a and b untouched */
	a = b = -7;
	ck_assert(!mb_level_grid_size(easy, MB_GRID_HEX, MB_OUTLINE_TRIANGLE, &a, &b));
	ck_assert(!mb_level_grid_size(easy, MB_GRID_DELTA, MB_OUTLINE_HEXAGON, &a, &b));
	ck_assert_int_eq(a, -7);
	ck_assert_int_eq(b, -7);
	/* every name in every auto list is a generator */
	for (size_t i = 0; i < mb_level_grid_count; i++) {
		char list[256], *save = NULL;

		snprintf(list, sizeof(list), "%s", mb_level_grids[i].algorithms);
		for (char *name = strtok_r(list, ",", &save); name; name = strtok_r(NULL, ",", &save))
			ck_assert_msg(mb_generator_find(name), "%s %s: unknown generator '%s'",
				      mb_level_grids[i].level,
				      mb_grid_kind_name(mb_level_grids[i].kind), name);
	}
}
END_TEST

START_TEST(level_grid_bad_outline_says_what_is_valid)
{
	struct mb_error err;

	mb_error_init(&err);
	ck_assert_ptr_null(mb_level_grid_new(mb_level_find("hard"), MB_GRID_HEX,
					     MB_OUTLINE_TRIANGLE, &err));
	ck_assert_int_eq(err.code, MB_ERR_INPUT);
	ck_assert_msg(strstr(err.message, "triangle") && strstr(err.message, "hexagon"), "%s",
		      err.message);
	mb_error_init(&err);
	ck_assert_ptr_null(mb_level_grid_new(mb_level_find("hard"), MB_GRID_POLAR,
					     MB_OUTLINE_HEXAGON, &err));
	ck_assert_msg(strstr(err.message, "polar"), "%s", err.message);
	mb_error_init(&err);
	ck_assert_ptr_null(mb_level_grid_new(mb_level_find("hard"), MB_GRID_MASK,
					     MB_OUTLINE_RECTANGLE, &err));
	ck_assert_msg(strstr(err.message, "shape"), "%s", err.message);
}
END_TEST

/* ---- the stats sample on a graph grid ---- */

START_TEST(stats_measure_a_graph_grid)
{
	struct mb_grid *g = mb_grid_new_hex(6, 5, MB_OUTLINE_RECTANGLE, NULL, NULL, NULL);
	struct mb_filter easy;
	struct mb_stats_sample sample = { .gen = &walk_gen, .seed = 11, .count = 9,
					  .filter = &easy, .grid = g };
	struct mb_stats_result r;
	double routes[9];
	uint64_t passed = 0;

	mb_level_filter(mb_level_find("easy"), &easy);
	mb_stats_measure(&sample, NULL, &r);
	/* the same numbers as measuring each maze by hand */
	for (int k = 0; k < 9; k++) {
		struct mb_maze *m = walk_maze(g, 11 + (uint64_t)k);
		struct mb_measures ms;

		mb_maze_measure(m, &ms);
		ck_assert(ms.perfect);
		routes[k] = ms.route;
		passed += mb_filter_pass(&easy, &ms);
		mb_maze_free(m);
	}
	ck_assert_uint_eq(r.passed, passed);
	{
		struct mb_summary s;

		mb_stats_summarize(routes, 9, &s);
		ck_assert_double_eq(r.route.median, s.median);
		ck_assert_double_eq(r.route.max, s.max);
		ck_assert_double_eq(r.route_values[0], routes[0]);
	}
	ck_assert_double_gt(r.route.min, 0);
	mb_stats_result_release(&r);
	mb_grid_free(g);
}
END_TEST

/* a generator that carves rectangles only is a bug to measure on a graph grid */
START_TEST(stats_refuses_a_rect_only_generator)
{
	struct mb_grid *g = mb_grid_new_polar(3, NULL);
	struct mb_stats_sample sample = { .gen = &mb_gen_binary_tree, .seed = 1, .count = 2,
					  .grid = g };
	struct mb_stats_result r;

	mb_stats_measure(&sample, NULL, &r);
}
END_TEST

/* ---- print limits ---- */

START_TEST(fit_lattice_fills_and_centres)
{
	struct mb_rect_pt area = { 40, 60, 360, 500 };
	struct mb_grid *g = mb_grid_new_polar(10, NULL);
	struct mb_lattice_geometry geo;
	double x0, y0, x1, y1, scale0;

	mb_grid_bounds(g, &x0, &y0, &x1, &y1);
	mb_layout_fit_lattice(&area, g, &geo);
	scale0 = fmin(area.w / (x1 - x0), area.h / (y1 - y0));
	/* a circle in a tall area: as wide as the area less a wall, centred both ways */
	ck_assert_double_eq_tol(geo.box.w + geo.wall_pt, area.w, 1e-9);
	ck_assert_double_eq_tol(geo.box.x - area.x, area.x + area.w - geo.box.x - geo.box.w, 1e-9);
	ck_assert_double_eq_tol(geo.box.y - area.y, area.y + area.h - geo.box.y - geo.box.h, 1e-9);
	/* grid point (x0, y0) is the box's top left, (x1, y1) its bottom right */
	ck_assert_double_eq_tol(geo.ox + x0 * geo.scale, geo.box.x, 1e-9);
	ck_assert_double_eq_tol(geo.oy - y0 * geo.scale, geo.box.y + geo.box.h, 1e-9);
	ck_assert_double_eq_tol(geo.oy - y1 * geo.scale, geo.box.y, 1e-9);
	ck_assert_double_eq_tol(geo.corridor_pt, g->lat->min_feature * geo.scale, 1e-9);
	/*
	 * the wall as a square maze's of squares that wide: corridor / 8, 1 to
	 * 3.5 pt, taken (as mb_layout_fit_maze does) before the half wall inset
	 */
	ck_assert_double_eq_tol(geo.wall_pt,
				fmin(fmax(g->lat->min_feature * scale0 / 8, 1.0), 3.5), 1e-9);
	ck_assert_double_lt(geo.scale, scale0);
	mb_grid_free(g);
}
END_TEST

START_TEST(fit_lattice_thin_walls_stay_printable)
{
	struct mb_rect_pt area = { 0, 0, 100, 100 };
	struct mb_grid *g = mb_grid_new_hex(40, 40, MB_OUTLINE_RECTANGLE, NULL, NULL, NULL);
	struct mb_lattice_geometry geo;

	mb_layout_fit_lattice(&area, g, &geo);
	ck_assert_double_ge(geo.wall_pt, mb_kdp.min_line_pt);
	ck_assert_double_le(geo.box.w, area.w);
	ck_assert_double_le(geo.box.h, area.h);
	mb_grid_free(g);
}
END_TEST

/*
 * About a 6 x 9 in maze page's area: the hard and the expert circle fit
 * (expert is capped so that they do), a circle of 38 rings is refused.
 */
START_TEST(check_lattice_accepts_what_fits)
{
	struct mb_rect_pt area = { 36, 80, 368, 468 };
	struct mb_grid *g = mb_level_grid_new(mb_level_find("hard"), MB_GRID_POLAR,
					      MB_OUTLINE_RECTANGLE, NULL);
	struct mb_error err;

	mb_error_init(&err);
	ck_assert_msg(mb_layout_check_lattice(g, &area, "hard", "6 x 9 in", &err) == MB_OK,
		      "%s", err.message);
	mb_grid_free(g);
	g = mb_level_grid_new(mb_level_find("expert"), MB_GRID_POLAR, MB_OUTLINE_RECTANGLE, NULL);
	ck_assert_msg(mb_layout_check_lattice(g, &area, "expert", "6 x 9 in", &err) == MB_OK,
		      "%s", err.message);
	mb_grid_free(g);
	g = mb_grid_new_polar(38, NULL);
	ck_assert_int_eq(mb_layout_check_lattice(g, &area, "expert", "6 x 9 in", &err),
			 MB_ERR_INPUT);
	ck_assert_msg(strstr(err.message, "grid polar 38 rings is too fine for a 6 x 9 in page") &&
		      strstr(err.message, "level hard, or a trim of"), "%s", err.message);
	mb_grid_free(g);
}
END_TEST

/* too fine: the message names the grid, the corridor, the limit, an easier level */
START_TEST(check_lattice_refuses_too_fine_naming_a_level)
{
	struct mb_grid *g = mb_level_grid_new(mb_level_find("expert"), MB_GRID_HEX,
					      MB_OUTLINE_HEXAGON, NULL);
	struct mb_lattice_geometry geo;
	struct mb_rect_pt area = { 0, 0, 0, 0 };
	struct mb_error err;
	char corridor[32];

	/* an area where the expert hexagon's corridor is 3.5 pt and the hard one's fits */
	mb_layout_fit_lattice(&(struct mb_rect_pt){ 0, 0, 1000, 1000 }, g, &geo);
	area.w = area.h = 1000 * 3.5 / geo.corridor_pt;
	mb_error_init(&err);
	ck_assert_int_eq(mb_layout_check_lattice(g, &area, "expert", "6 x 9 in", &err),
			 MB_ERR_INPUT);
	mb_layout_fit_lattice(&area, g, &geo);
	snprintf(corridor, sizeof(corridor), "%.2f pt", geo.corridor_pt);
	ck_assert_str_eq(err.field, "grid");
	ck_assert_msg(strstr(err.message, "hex hexagon") && strstr(err.message, corridor) &&
		      strstr(err.message, "at least 4 pt") && strstr(err.message, "6 x 9 in") &&
		      strstr(err.message, "level hard"), "%s", err.message);
	mb_grid_free(g);
}
END_TEST

/* no easier level fits: a larger trim is named, the smallest that would */
START_TEST(check_lattice_names_a_larger_trim)
{
	struct mb_grid *g = mb_level_grid_new(mb_level_find("easy"), MB_GRID_DELTA,
					      MB_OUTLINE_TRIANGLE, NULL);
	struct mb_lattice_geometry geo;
	struct mb_rect_pt area = { 0, 0, 0, 0 };
	struct mb_error err;

	mb_layout_fit_lattice(&(struct mb_rect_pt){ 0, 0, 1000, 1000 }, g, &geo);
	area.w = area.h = 1000 * 3.5 / geo.corridor_pt;
	mb_error_init(&err);
	ck_assert_int_eq(mb_layout_check_lattice(g, &area, "easy", "5 x 8 in", &err),
			 MB_ERR_INPUT);
	ck_assert_msg(strstr(err.message, "delta triangle") && strstr(err.message, " or larger") &&
		      !strstr(err.message, "level "), "%s", err.message);
	/* without level or trim it still says what to change */
	mb_error_init(&err);
	ck_assert_int_eq(mb_layout_check_lattice(g, &area, NULL, NULL, &err), MB_ERR_INPUT);
	ck_assert_msg(strstr(err.message, "smaller grid or a larger trim"), "%s", err.message);
	mb_grid_free(g);
}
END_TEST

/* ---- canonical keys ---- */

static void key_of(const struct mb_maze *m, char key[MB_CANON_KEY_SIZE])
{
	mb_canon_key_maze(m, key);
	ck_assert_uint_eq(strlen(key), 64);
}

static struct mb_grid *canon_grid(int i)
{
	switch (i) {
	case 0:
		return mb_grid_new_polar(5, NULL);
	case 1:
		return mb_grid_new_hex(6, 7, MB_OUTLINE_RECTANGLE, NULL, NULL, NULL);
	case 2:
		return mb_grid_new_hex(4, 0, MB_OUTLINE_HEXAGON, NULL, NULL, NULL);
	case 3:
		return mb_grid_new_delta(9, 6, MB_OUTLINE_RECTANGLE, NULL, NULL, NULL);
	default:
		return mb_grid_new_delta(0, 6, MB_OUTLINE_TRIANGLE, NULL, NULL, NULL);
	}
}

START_TEST(canon_copy_same_key_one_wall_another)
{
	struct mb_grid *g = canon_grid(_i);
	struct mb_maze *m = walk_maze(g, 5), *c = mb_maze_copy(m);
	char a[MB_CANON_KEY_SIZE], b[MB_CANON_KEY_SIZE];
	int w = 0;

	key_of(m, a);
	key_of(c, b);
	ck_assert_str_eq(a, b);
	/* close one open wall and open a closed one: another maze, another key */
	while (!c->open[w])
		w++;
	c->open[w] = 0;
	key_of(c, b);
	ck_assert_str_ne(a, b);
	mb_maze_free(c);
	/* a maze from another seed has another key */
	c = walk_maze(g, 6);
	if (!mb_maze_equal(m, c)) {
		key_of(c, b);
		ck_assert_str_ne(a, b);
	}
	mb_maze_free(c);
	mb_maze_free(m);
	mb_grid_free(g);
}
END_TEST

/* the form names the grid, the walls in order and the ends */
START_TEST(canon_lattice_form_text)
{
	struct mb_grid *g = mb_grid_new_polar(2, NULL);
	struct mb_maze *m = mb_maze_new_on(g);
	size_t len;
	char *form;

	mb_maze_link(m, 0, 1);
	form = mb_canon_lattice_form(m, 0, &len);
	ck_assert_uint_eq(strlen(form), len);
	ck_assert_msg(!strncmp(form, "mazebook-canon 1\ngrid polar 2 rings\ncells 7 walls ", 50),
		      "%s", form);
	ck_assert_msg(strstr(form, "\nends 0 inside "), "%s", form);
	ck_assert_uint_eq((size_t)(strchr(form + 48, '\n') - form), strcspn(form + 48, "\n") + 48);
	free(form);
	mb_maze_free(m);
	mb_grid_free(g);
}
END_TEST

/*
 * The symmetries found are the ones the grid has: a polar grid and a
 * hexagon all twelve, a triangle six (three turns, three mirrors), a
 * rectangle of hexagons two.
 */
START_TEST(canon_symmetries_found_are_real)
{
	struct {
		struct mb_grid *g;
		int count;
	} cases[] = {
		{ mb_grid_new_polar(6, NULL), 12 },
		{ mb_grid_new_hex(5, 0, MB_OUTLINE_HEXAGON, NULL, NULL, NULL), 12 },
		{ mb_grid_new_delta(0, 5, MB_OUTLINE_TRIANGLE, NULL, NULL, NULL), 6 },
		/*
		 * odd rows shifted right: with an odd row count the mirror
		 * top-bottom keeps each row's parity (and nothing else is
		 * exact); with an even count only the half turn, which takes
		 * the first row onto the last, shifted one
		 */
		{ mb_grid_new_hex(6, 7, MB_OUTLINE_RECTANGLE, NULL, NULL, NULL), 2 },
		{ mb_grid_new_hex(6, 6, MB_OUTLINE_RECTANGLE, NULL, NULL, NULL), 2 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct mb_maze *m = walk_maze(cases[i].g, 3);
		int found = 0;

		for (int t = 0; t < MB_CANON_LATTICE_SYMMETRIES; t++) {
			size_t len;
			char *form = mb_canon_lattice_form(m, t, &len);

			found += form != NULL;
			free(form);
		}
		ck_assert_msg(found == cases[i].count, "%zu: %d symmetries", i, found);
		mb_maze_free(m);
		mb_grid_free(cases[i].g);
	}
}
END_TEST

/*
 * A polar maze turned by 60 degrees (every cell moved on a sixth of its
 * ring, by the test's own arithmetic) has the key of the maze itself; a
 * maze that is not such a copy does not.
 */
START_TEST(canon_polar_turned_copy_same_key)
{
	struct mb_grid *g = mb_grid_new_polar(5, NULL);
	const struct mb_lattice *lat = g->lat;
	struct mb_maze *m = walk_maze(g, 9), *t = mb_maze_new_on(g);
	char a[MB_CANON_KEY_SIZE], b[MB_CANON_KEY_SIZE];
	int *to = malloc((size_t)g->cells * sizeof(int));

	for (int r = 0; r < lat->rings; r++)
		for (int k = 0; k < lat->ring_count[r]; k++)
			to[lat->ring_first[r] + k] = lat->ring_first[r] +
						      (k + lat->ring_count[r] / 6) %
						      lat->ring_count[r];
	for (int w = 0; w < lat->walls; w++)
		if (m->open[w])
			mb_maze_link(t, to[lat->wall_cells[w][0]], to[lat->wall_cells[w][1]]);
	/* the gaps turn too: the exit stays the centre, the entrance moves round the rim */
	{
		struct mb_side e = { to[m->entrance.cell], m->entrance.dir };

		ck_assert_int_eq(mb_maze_set_gaps(t, e, m->exit, NULL), MB_OK);
	}
	ck_assert(!mb_maze_equal(m, t));
	key_of(m, a);
	key_of(t, b);
	ck_assert_str_eq(a, b);
	/* the turned copy with its entrance left where it was is another puzzle */
	ck_assert_int_eq(mb_maze_set_gaps(t, m->entrance, m->exit, NULL), MB_OK);
	key_of(t, b);
	ck_assert_str_ne(a, b);
	free(to);
	mb_maze_free(t);
	mb_maze_free(m);
	mb_grid_free(g);
}
END_TEST

/* the rim side of cell to[s.cell] that mirrors s's across the bounds' middle */
static struct mb_side mirror_gap(const struct mb_grid *g, const int *to, struct mb_side s)
{
	double x0, y0, x1, y1;
	const struct mb_segment *w = &g->lat->rim_shape[mb_grid_side_at(g, s.cell,
							(int)s.dir)->wall].seg;
	double mx, my;

	mb_grid_bounds(g, &x0, &y0, &x1, &y1);
	mx = x0 + x1 - (w->x0 + w->x1) / 2;
	my = (w->y0 + w->y1) / 2;
	for (int k = 0; k < mb_grid_degree(g, to[s.cell]); k++) {
		const struct mb_grid_side *side = mb_grid_side_at(g, to[s.cell], k);
		const struct mb_segment *v;

		if (side->nb >= 0)
			continue;
		v = &g->lat->rim_shape[side->wall].seg;
		if (fabs((v->x0 + v->x1) / 2 - mx) < 1e-9 && fabs((v->y0 + v->y1) / 2 - my) < 1e-9)
			return (struct mb_side){ to[s.cell], (enum mb_dir)k };
	}
	ck_abort_msg("no mirror of rim side %d of cell %d", (int)s.dir, s.cell);
	return s;
}

/*
 * A hexagon of hexagons mirrored left-right (cell (a, b) to (4 R - a, b)
 * in the grid's own doubled coordinates, R = side - 1: the test's own
 * arithmetic) has the key of the maze itself.
 */
START_TEST(canon_hex_mirrored_copy_same_key)
{
	struct mb_grid *g = mb_grid_new_hex(4, 0, MB_OUTLINE_HEXAGON, NULL, NULL, NULL);
	const struct mb_lattice *lat = g->lat;
	struct mb_maze *m = walk_maze(g, 4), *t = mb_maze_new_on(g);
	char a[MB_CANON_KEY_SIZE], b[MB_CANON_KEY_SIZE];
	int *to = malloc((size_t)g->cells * sizeof(int)), R = 3;
	struct mb_side e = m->entrance, x = m->exit;

	for (int c = 0; c < g->cells; c++) {
		to[c] = -1;
		for (int d = 0; d < g->cells; d++)
			if (lat->ca[d] == 4 * R - lat->ca[c] && lat->cb[d] == lat->cb[c])
				to[c] = d;
		ck_assert_int_ge(to[c], 0);
	}
	for (int w = 0; w < lat->walls; w++)
		if (m->open[w])
			mb_maze_link(t, to[lat->wall_cells[w][0]], to[lat->wall_cells[w][1]]);
	/* the gaps mirrored too: the rim side of the mirrored cell at the mirrored midpoint */
	ck_assert_int_eq(mb_maze_set_gaps(t, mirror_gap(g, to, e), mirror_gap(g, to, x), NULL),
			 MB_OK);
	ck_assert(!mb_maze_equal(m, t));
	key_of(m, a);
	key_of(t, b);
	ck_assert_str_eq(a, b);
	free(to);
	mb_maze_free(t);
	mb_maze_free(m);
	mb_grid_free(g);
}
END_TEST

/*
 * canon.c keeps the last grid's symmetries: keys of mazes on two grids in
 * turn are the keys each has alone, and a grid freed by its owners while
 * kept is still the one keyed.
 */
START_TEST(canon_keys_alternating_grids)
{
	struct mb_grid *a = mb_grid_new_polar(6, NULL);
	struct mb_grid *b = mb_grid_new_hex(4, 0, MB_OUTLINE_HEXAGON, NULL, NULL, NULL);
	struct mb_maze *ma = walk_maze(a, 1), *mb = walk_maze(b, 1);
	char ka[MB_CANON_KEY_SIZE], kb[MB_CANON_KEY_SIZE], k[MB_CANON_KEY_SIZE];

	key_of(ma, ka);
	key_of(mb, kb);
	key_of(ma, k);
	ck_assert_str_eq(k, ka);
	key_of(mb, k);
	ck_assert_str_eq(k, kb);
	ck_assert_str_ne(ka, kb);
	/* the polar grid and its maze go; another polar grid of the size keys the same */
	key_of(ma, ka);
	mb_maze_free(ma);
	mb_grid_free(a);
	a = mb_grid_new_polar(6, NULL);
	ma = walk_maze(a, 1);
	key_of(ma, k);
	ck_assert_str_eq(k, ka);
	mb_maze_free(ma);
	mb_maze_free(mb);
	mb_grid_free(a);
	mb_grid_free(b);
}
END_TEST

/* entrance and exit swapped: the same puzzle walked backwards */
START_TEST(canon_swapped_ends_same_key)
{
	struct mb_grid *g = mb_grid_new_hex(5, 6, MB_OUTLINE_RECTANGLE, NULL, NULL, NULL);
	struct mb_maze *m = walk_maze(g, 2), *c = mb_maze_copy(m);
	char a[MB_CANON_KEY_SIZE], b[MB_CANON_KEY_SIZE];

	ck_assert_int_eq(mb_maze_set_gaps(c, m->exit, m->entrance, NULL), MB_OK);
	key_of(m, a);
	key_of(c, b);
	ck_assert_str_eq(a, b);
	mb_maze_free(c);
	mb_maze_free(m);
	mb_grid_free(g);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("level_grids");
	TCase *t = tcase_create("levels");

	tcase_add_test(t, every_level_has_every_graph_kind_once);
	tcase_add_test(t, levels_grow_on_every_kind);
	tcase_add_test(t, level_sizes_and_auto_lists);
	tcase_add_test(t, level_grid_bad_outline_says_what_is_valid);
	suite_add_tcase(s, t);
	t = tcase_create("stats");
	tcase_add_test(t, stats_measure_a_graph_grid);
	tcase_add_test_raise_signal(t, stats_refuses_a_rect_only_generator, SIGABRT);
	suite_add_tcase(s, t);
	t = tcase_create("layout");
	tcase_add_test(t, fit_lattice_fills_and_centres);
	tcase_add_test(t, fit_lattice_thin_walls_stay_printable);
	tcase_add_test(t, check_lattice_accepts_what_fits);
	tcase_add_test(t, check_lattice_refuses_too_fine_naming_a_level);
	tcase_add_test(t, check_lattice_names_a_larger_trim);
	suite_add_tcase(s, t);
	t = tcase_create("canon");
	tcase_add_loop_test(t, canon_copy_same_key_one_wall_another, 0, 5);
	tcase_add_test(t, canon_lattice_form_text);
	tcase_add_test(t, canon_symmetries_found_are_real);
	tcase_add_test(t, canon_polar_turned_copy_same_key);
	tcase_add_test(t, canon_hex_mirrored_copy_same_key);
	tcase_add_test(t, canon_swapped_ends_same_key);
	tcase_add_test(t, canon_keys_alternating_grids);
	suite_add_tcase(s, t);
	return s;
}
