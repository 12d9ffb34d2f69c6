/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The maze formats: text written and read back gives the same walls, the
 * documented 8x5 example survives a round trip byte for byte, broken text
 * is refused at the right line and column, and JSON and SVG carry what
 * they promise.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"
#include "mazebook/gen/generator.h"
#include "mazebook/maze/format.h"
#include "mazebook/maze/maze.h"
#include "mazebook/maze/measure.h"
#include "mazebook/page/render_svg.h"

#include "check_main.h"
#include "../helpers/lattice_fixture.h"

static const char example[] =
	"+  +--+--+--+--+--+--+--+\n"
	"|  |                    |\n"
	"+  +--+  +--+  +--+--+--+\n"
	"|     |     |           |\n"
	"+--+  +  +--+--+--+--+  +\n"
	"|  |  |  |     |        |\n"
	"+  +  +--+  +  +  +--+  +\n"
	"|  |        |     |  |  |\n"
	"+  +--+--+--+--+--+  +  +\n"
	"|                       |\n"
	"+--+--+--+--+--+--+--+  +\n";

static void parse_ok(const char *text, struct mb_text_mazes *set)
{
	struct mb_error err;
	char buf[1024];

	mb_error_init(&err);
	ck_assert_msg(mb_format_text_parse(text, "t.txt", set, &err) == MB_OK, "%s",
		      mb_error_format(&err, buf, sizeof(buf)));
}

START_TEST(example_round_trip)
{
	struct mb_text_mazes set;
	struct mb_measures ms;
	char *again;

	parse_ok(example, &set);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_int_eq(set.items[0].maze->w, 8);
	ck_assert_int_eq(set.items[0].maze->h, 5);
	mb_maze_measure(set.items[0].maze, &ms);
	ck_assert(ms.perfect);
	/* a few walls read by hand from the picture */
	ck_assert(!mb_maze_is_open(set.items[0].maze, 0, 0, MB_EAST));
	ck_assert(mb_maze_is_open(set.items[0].maze, 0, 0, MB_SOUTH));
	ck_assert(mb_maze_is_open(set.items[0].maze, 1, 1, MB_SOUTH));
	ck_assert(!mb_maze_is_open(set.items[0].maze, 1, 1, MB_EAST));
	ck_assert(mb_maze_is_open(set.items[0].maze, 7, 3, MB_SOUTH));
	again = mb_format_text(set.items[0].maze, set.items[0].marked);
	ck_assert_str_eq(again, example);
	free(again);
	mb_text_mazes_release(&set);
	ck_assert_uint_eq(set.count, 0);
}
END_TEST

START_TEST(round_trip_every_generator)
{
	static const int sizes[][2] = { { 1, 1 }, { 1, 7 }, { 9, 1 }, { 8, 5 }, { 16, 20 },
					{ 31, 3 } };

	for (size_t g = 0; g < mb_generator_count; g++)
		for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++)
			for (uint64_t seed = 0; seed < 20; seed++) {
				struct mb_maze *m = mb_maze_new(sizes[s][0], sizes[s][1], NULL);
				bool *marks;
				struct mb_text_mazes set;
				char *text, *again;

				mb_generate(mb_generators[g], m, seed, NULL);
				marks = seed % 2 ? mb_format_route_marks(m) : NULL;
				text = mb_format_text(m, marks);
				parse_ok(text, &set);
				ck_assert_uint_eq(set.count, 1);
				ck_assert_msg(mb_maze_equal(m, set.items[0].maze),
					      "%s %dx%d seed %d", mb_generators[g]->name,
					      m->w, m->h, (int)seed);
				for (int i = 0; i < m->w * m->h; i++)
					ck_assert(set.items[0].marked[i] == (marks && marks[i]));
				again = mb_format_text(set.items[0].maze, set.items[0].marked);
				ck_assert_str_eq(again, text);
				free(again);
				free(text);
				free(marks);
				mb_text_mazes_release(&set);
				mb_maze_free(m);
			}
}
END_TEST

START_TEST(route_marks)
{
	/* the example's route squares, read by hand: 16 of them */
	struct mb_text_mazes set;
	bool *marks;
	char *text;
	int n = 0;

	parse_ok(example, &set);
	marks = mb_format_route_marks(set.items[0].maze);
	for (int i = 0; i < 40; i++)
		n += marks[i];
	ck_assert_int_eq(n, 16);
	ck_assert(marks[0] && marks[8] && marks[9] && marks[39]);
	ck_assert(!marks[1]);
	text = mb_format_text(set.items[0].maze, marks);
	ck_assert(strncmp(text + 26, "|::|", 4) == 0);
	ck_assert(strstr(text, "|:: ::|") != NULL);	/* (0,1) and (1,1) */
	free(text);
	free(marks);
	mb_text_mazes_release(&set);
}
END_TEST

START_TEST(several_mazes)
{
	struct mb_maze *a = mb_maze_new(4, 3, NULL), *b = mb_maze_new(2, 6, NULL);
	struct mb_text_mazes set;
	char *ta, *tb, *all;

	mb_generate(&mb_gen_backtracker, a, 1, NULL);
	mb_generate(&mb_gen_backtracker, b, 2, NULL);
	ta = mb_format_text(a, NULL);
	tb = mb_format_text(b, NULL);
	all = xasprintf("%s\n%s\n%s", ta, tb, ta);
	parse_ok(all, &set);
	ck_assert_uint_eq(set.count, 3);
	ck_assert(mb_maze_equal(set.items[0].maze, a));
	ck_assert(mb_maze_equal(set.items[1].maze, b));
	ck_assert(mb_maze_equal(set.items[2].maze, a));
	ck_assert_int_eq(set.items[0].line, 1);
	ck_assert_int_eq(set.items[1].line, 9);
	ck_assert_int_eq(set.items[2].line, 23);
	mb_text_mazes_release(&set);
	free(all);
	/* CRLF line ends and extra blank lines are fine too */
	all = xasprintf("\r\n%s\r\n\r\n", "+  +\r\n|  |\r\n+  +");
	parse_ok(all, &set);
	ck_assert_uint_eq(set.count, 1);
	ck_assert_int_eq(set.items[0].maze->w, 1);
	mb_text_mazes_release(&set);
	free(all);
	free(ta);
	free(tb);
	mb_maze_free(a);
	mb_maze_free(b);
}
END_TEST

/* change one character of the example: at (line, column), both 1-based */
static char *example_with(int line, int column, char c)
{
	char *t = xstrdup(example);

	t[(line - 1) * 26 + column - 1] = c;
	return t;
}

struct broken {
	char *text;
	int line, column;
	const char *words;
};

static void expect_error(const struct broken *b)
{
	struct mb_text_mazes set = { NULL, 7 };
	struct mb_error err;

	mb_error_init(&err);
	ck_assert_msg(mb_format_text_parse(b->text, "bad.txt", &set, &err) == MB_ERR_INPUT,
		      "accepted: %s", b->text);
	ck_assert_uint_eq(set.count, 0);
	ck_assert_str_eq(err.file, "bad.txt");
	ck_assert_msg(err.line == b->line && err.column == b->column,
		      "expected %d:%d, got %d:%d: %s", b->line, b->column, err.line,
		      err.column, err.message);
	ck_assert_msg(strstr(err.message, b->words) != NULL, "'%s' lacks '%s'", err.message,
		      b->words);
}

/* the example with the text at (line, column), both 1-based, replaced by with */
static char *example_put(int line, int column, const char *with)
{
	char *t = xstrdup(example);

	memcpy(t + (line - 1) * 26 + column - 1, with, strlen(with));
	return t;
}

START_TEST(broken_text)
{
	char *trunc = xstrdup(example), *longer = xstrdup(example), *nobottom = xstrdup(example);
	struct broken cases[] = {
		{ example_with(3, 4, 'x'), 3, 4, "expected '+' at a corner, found 'x'" },
		{ example_with(1, 2, '-'), 1, 3, "expected '--'" },
		{ example_with(1, 3, '-'), 1, 3, "expected '--'" },
		{ example_with(3, 2, '-'), 3, 3, "expected '--' (wall) or '  '" },
		{ example_put(1, 2, "--"), 1, 2, "expected the top gap" },
		{ example_put(1, 5, "  "), 1, 5, "top wall must be closed" },
		{ example_put(11, 23, "--"), 11, 23, "expected the bottom gap" },
		{ example_put(11, 2, "  "), 11, 2, "bottom wall must be closed" },
		{ example_with(2, 1, ' '), 2, 1, "side walls" },
		{ example_with(4, 25, ' '), 4, 25, "side walls" },
		{ example_with(4, 5, 'x'), 4, 5, "expected '  ' or '::'" },
		{ example_with(4, 6, ':'), 4, 6, "expected '  ' or '::'" },
		{ example_with(6, 7, '\t'), 6, 7, "byte 0x09" },
		{ example_with(6, 4, '-'), 6, 4, "expected '|' (wall) or ' '" },
		{ NULL, 8, 14, "end of the line" },
		{ NULL, 6, 26, "expected 25" },
		{ xasprintf("%s%s", example, example), 12, 1, "blank line missing" },
		{ NULL, 11, 1, "ends without its bottom wall row" },
		{ xstrdup(""), 0, 0, "no maze" },
		{ xstrdup("\n  \n"), 0, 0, "no maze" },
		{ xstrdup("+--+\n|  |\n+  +\n"), 1, 2, "expected the top gap" },
		{ xstrdup("hello\n"), 1, 1, "3W+1" },
		{ xstrdup("+  +\n"), 2, 1, "expected a row of squares" },
		{ xstrdup("+  +\n\n+  +\n|  |\n+  +\n"), 2, 1, "expected a row of squares" },
		{ xasprintf("%s\n+  +\n|  |\n+--+\n", example), 15, 2, "bottom gap" },
	};

	/* line 8 cut short after 13 characters */
	memmove(trunc + 7 * 26 + 13, trunc + 7 * 26 + 25, strlen(trunc + 7 * 26 + 25) + 1);
	cases[14].text = trunc;
	/* line 6 one character too long */
	cases[15].text = xasprintf("%.*s|%s", 5 * 26 + 25, longer, longer + 5 * 26 + 25);
	free(longer);
	/* the last wall row missing */
	nobottom[10 * 26] = '\0';
	cases[17].text = nobottom;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		expect_error(&cases[i]);
		free(cases[i].text);
	}
}
END_TEST

START_TEST(json_carries_everything)
{
	struct mb_text_mazes set;
	char *json;

	parse_ok(example, &set);
	json = mb_format_json(set.items[0].maze, "backtracker", UINT64_C(18446744073709551615),
			      "entrance");
	ck_assert_ptr_nonnull(strstr(json, "\"width\": 8,"));
	ck_assert_ptr_nonnull(strstr(json, "\"height\": 5,"));
	ck_assert_ptr_nonnull(strstr(json, "\"algorithm\": \"backtracker\","));
	ck_assert_ptr_nonnull(strstr(json, "\"seed\": 18446744073709551615,"));
	ck_assert_ptr_nonnull(strstr(json, "\"start\": \"entrance\","));
	/* row 0: (0,0) south open = 2, (1,0) east+south open = 3, ... */
	ck_assert_ptr_nonnull(strstr(json, "\"open\": [\n    \"21313110\",\n    \"12301112\",\n"));
	ck_assert_ptr_nonnull(strstr(json, "\"route\": [[0, 0], [0, 1], [1, 1], "));
	ck_assert_ptr_nonnull(strstr(json, ", [7, 4]],"));
	ck_assert_ptr_nonnull(strstr(json, "\"perfect\": true,"));
	ck_assert_ptr_nonnull(strstr(json, "\"route\": 16,"));
	ck_assert_ptr_nonnull(strstr(json, "\"route_ratio\": 1.333333,"));
	ck_assert_ptr_nonnull(strstr(json, "\"dead_end_share\": "));
	ck_assert_ptr_nonnull(strstr(json, "\"longest_dead_end\": "));
	ck_assert_ptr_nonnull(strstr(json, "\"route_share\": 0.400000"));
	ck_assert_int_eq(json[strlen(json) - 1], '}');
	free(json);
	json = mb_format_json(set.items[0].maze, "a\"b\\c\n", 0, NULL);
	ck_assert_ptr_nonnull(strstr(json, "\"algorithm\": \"a\\\"b\\\\c\\u000a\","));
	free(json);
	json = mb_format_json(set.items[0].maze, NULL, 0, NULL);
	ck_assert_ptr_nonnull(strstr(json, "\"algorithm\": null,"));
	ck_assert_ptr_nonnull(strstr(json, "\"start\": null,"));
	free(json);
	mb_text_mazes_release(&set);
}
END_TEST

static int count_of(const char *hay, const char *needle)
{
	int n = 0;

	for (const char *p = hay; (p = strstr(p, needle)); p++)
		n++;
	return n;
}

START_TEST(svg_merges_runs)
{
	/* every inner wall closed: 3 horizontal runs (top and bottom broken by
	 * the gaps) and one vertical run per column boundary */
	struct mb_maze *m = mb_maze_new(3, 2, NULL);
	char *svg = mb_render_svg(m, false);

	ck_assert_int_eq(count_of(svg, "<line "), 3 + 4);
	ck_assert_ptr_nonnull(strstr(svg, "<line x1=\"1\" y1=\"0\" x2=\"3\" y2=\"0\"/>"));
	ck_assert_ptr_nonnull(strstr(svg, "<line x1=\"0\" y1=\"2\" x2=\"2\" y2=\"2\"/>"));
	ck_assert_ptr_nonnull(strstr(svg, "<line x1=\"1\" y1=\"0\" x2=\"1\" y2=\"2\"/>"));
	ck_assert_ptr_nonnull(strstr(svg, "stroke-linecap=\"round\""));
	ck_assert_ptr_nonnull(strstr(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\""));
	ck_assert_ptr_null(strstr(svg, "polyline"));
	ck_assert_int_eq(count_of(svg, "</svg>"), 1);
	free(svg);
	mb_maze_free(m);
}
END_TEST

START_TEST(svg_route)
{
	struct mb_text_mazes set;
	char *svg;

	parse_ok(example, &set);
	svg = mb_render_svg(set.items[0].maze, true);
	ck_assert_ptr_nonnull(strstr(svg, "<polyline fill=\"none\" stroke=\"#d62728\""));
	ck_assert_ptr_nonnull(strstr(svg, "points=\"0.5,0 0.5,0.5 0.5,1.5 1.5,1.5 "));
	ck_assert_ptr_nonnull(strstr(svg, " 7.5,4.5 7.5,5\"/>"));
	/* the example's walls in as few lines as straight runs allow */
	ck_assert_int_lt(count_of(svg, "<line "), 40);
	free(svg);
	mb_text_mazes_release(&set);
}
END_TEST

/* how many times needle occurs in hay */
static int occurrences(const char *hay, const char *needle)
{
	int n = 0;

	for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
		n++;
	return n;
}

START_TEST(json_of_a_graph_maze)
{
	static const char *const kinds[][2] = { { "polar", "6" }, { "hex-hexagon", "4" },
						{ "delta", "9x5" } };

	for (size_t k = 0; k < 3; k++) {
		struct mb_maze *m = fixture_maze(kinds[k][0], kinds[k][1], 4);
		int *route = xmallocarray((size_t)m->grid->cells, sizeof(int)), n = mb_maze_route(m, route);
		char *doc = mb_format_json(m, "wilson", 17, NULL), want[96];
		long sides = 0, open = 0;

		for (int c = 0; c < m->grid->cells; c++)
			for (int j = 0; j < mb_grid_degree(m->grid, c); j++) {
				sides++;
				open += mb_maze_side_open(m, c, (enum mb_dir)j);
			}
		ck_assert_msg(strstr(doc, "\"kind\": \"") != NULL, "%s", doc);
		snprintf(want, sizeof(want), "\"kind\": \"%s\"", mb_grid_kind_name(m->grid->kind));
		ck_assert_ptr_nonnull(strstr(doc, want));
		ck_assert_ptr_nonnull(strstr(doc, "\"algorithm\": \"wilson\",\n  \"seed\": 17,"));
		/* one object per cell, one per side, open as the maze says */
		ck_assert_int_eq(occurrences(doc, "{\"centre\": ["), m->grid->cells);
		ck_assert_int_eq(occurrences(doc, "\"open\": "), sides);
		ck_assert_int_eq(occurrences(doc, "\"open\": true"), open);
		ck_assert_int_eq(occurrences(doc, "{\"rim\": true"), m->grid->lat->rims);
		snprintf(want, sizeof(want), "\"entrance\": {\"cell\": %d, \"side\": %d}",
			 m->entrance.cell, (int)m->entrance.dir);
		ck_assert_ptr_nonnull(strstr(doc, want));
		/* the route, cell numbers from the entrance's to the exit's */
		snprintf(want, sizeof(want), "\"route\": [%d, ", route[0]);
		ck_assert_ptr_nonnull(strstr(doc, want));
		snprintf(want, sizeof(want), ", %d],\n  \"measures\"", route[n - 1]);
		ck_assert_ptr_nonnull(strstr(doc, want));
		ck_assert_ptr_nonnull(strstr(doc, "\"perfect\": true"));
		ck_assert_ptr_null(strstr(doc, "\"width\""));
		free(doc);
		free(route);
		mb_maze_free(m);
	}
	{
		/* the polar exit is the centre, by name */
		struct mb_maze *m = fixture_maze("polar", "5", 1);
		char *doc = mb_format_json(m, NULL, 0, NULL);

		ck_assert_ptr_nonnull(strstr(doc, "\"exit\": {\"cell\": 0, \"side\": \"centre\"}"));
		ck_assert_ptr_nonnull(strstr(doc, "\"size\": {\"rings\": 5}"));
		ck_assert_ptr_nonnull(strstr(doc, "\"grid\": \"polar 5 rings\""));
		free(doc);
		mb_maze_free(m);
	}
}
END_TEST

START_TEST(svg_of_a_graph_maze)
{
	struct mb_maze *m = fixture_maze("polar", "8", 2);
	char *svg = mb_render_svg(m, true), *plain = mb_render_svg(m, false);

	/* 16 px a unit, half a unit of margin round the 16-unit circle */
	ck_assert_ptr_nonnull(strstr(svg, "width=\"272\" height=\"272\""));
	ck_assert_ptr_nonnull(strchr(svg, 'C'));	/* the arcs are curves */
	ck_assert_ptr_nonnull(strstr(svg, "#d62728"));
	ck_assert_ptr_null(strstr(plain, "#d62728"));
	free(svg);
	free(plain);
	mb_maze_free(m);
	m = fixture_maze("hex", "5x4", 2);
	svg = mb_render_svg(m, false);
	ck_assert_ptr_null(strchr(svg, 'C'));	/* hexagons are straight */
	ck_assert_ptr_nonnull(strstr(svg, "stroke-linejoin=\"round\""));
	free(svg);
	mb_maze_free(m);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("format");
	TCase *tc = tcase_create("format");

	tcase_add_test(tc, example_round_trip);
	tcase_add_test(tc, round_trip_every_generator);
	tcase_add_test(tc, route_marks);
	tcase_add_test(tc, several_mazes);
	tcase_add_test(tc, broken_text);
	tcase_add_test(tc, json_carries_everything);
	tcase_add_test(tc, svg_merges_runs);
	tcase_add_test(tc, svg_route);
	tcase_add_test(tc, json_of_a_graph_maze);
	tcase_add_test(tc, svg_of_a_graph_maze);
	suite_add_tcase(s, tc);
	return s;
}
