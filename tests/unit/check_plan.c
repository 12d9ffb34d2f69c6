/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The book plan (sections, their slots, the ramp's steps), the difficulty
 * score, and the book made from a plan: a spec without sections is today's
 * book, maze for maze; order: ramp sorts each section by score; errors are
 * put at the section's place in the spec.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"
#include "mazebook/book/book.h"
#include "mazebook/book/layout.h"
#include "mazebook/book/plan.h"
#include "mazebook/book/spec.h"
#include "mazebook/maze/measure.h"
#include "mazebook/maze/shape.h"
#include "mazebook/maze/shape_lattice.h"

#include "check_main.h"

#define HEAD "title: \"T\"\nauthor: \"A\"\nseed: 77\ntrim: 8.5x11\n"

static void parse_ok(const char *text, struct mb_book_spec *spec)
{
	struct mb_error err;

	mb_error_init(&err);
	ck_assert_msg(mb_spec_parse("book.yaml", text, strlen(text), spec, &err) == MB_OK,
		      "%d:%d: %s", err.line, err.column, err.message);
}

static void make_ok(const struct mb_book_spec *spec, struct mb_book *book)
{
	struct mb_error err;

	mb_error_init(&err);
	ck_assert_msg(mb_book_make(spec, book, NULL, NULL, &err) == MB_OK, "%d:%d: %s", err.line,
		      err.column, err.message);
}

START_TEST(score_formula)
{
	struct mb_measures ms = { 0 };

	ck_assert_double_eq(mb_difficulty_score(&ms), 0);
	/* each measure at its reference: every term one half */
	ms.route = (int)MB_DIFFICULTY_ROUTE_REF;
	ms.forks = (int)MB_DIFFICULTY_FORKS_REF;
	ms.longest_dead_end = (int)MB_DIFFICULTY_DEAD_END_REF;
	ms.turns = (int)MB_DIFFICULTY_TURNS_REF;
	ck_assert_double_eq_tol(mb_difficulty_score(&ms), 50, 1e-9);
	/* the weights: the route alone at its reference is 0.40 of that */
	ms.forks = ms.longest_dead_end = ms.turns = 0;
	ck_assert_double_eq_tol(mb_difficulty_score(&ms), 20, 1e-9);
	/* more of any measure is harder, and the score stays under 100 */
	ms.forks = 1;
	ck_assert_double_gt(mb_difficulty_score(&ms), 20);
	ms.route = ms.forks = ms.longest_dead_end = ms.turns = 1000000;
	ck_assert_double_lt(mb_difficulty_score(&ms), 100);
	ck_assert_double_gt(mb_difficulty_score(&ms), 99);
}
END_TEST

/* no sections: one untitled section, every slot the spec's grid, filter and level */
START_TEST(plan_without_sections)
{
	struct mb_book_spec spec;
	struct mb_plan plan;

	parse_ok(HEAD "level: medium\nmazes: 30\nmin_forks: 7\n", &spec);
	ck_assert_int_eq(mb_plan_make(&spec, &plan, NULL), MB_OK);
	ck_assert(!plan.sectioned);
	ck_assert(!plan.order_ramp);
	ck_assert(!mb_plan_multi_level(&plan));
	ck_assert_int_eq(plan.section_count, 1);
	ck_assert_ptr_null(plan.sections[0].title);
	ck_assert_int_eq(plan.sections[0].first, 0);
	ck_assert_int_eq(plan.sections[0].count, 30);
	ck_assert_int_eq(plan.maze_count, 30);
	for (int i = 0; i < 30; i++) {
		ck_assert_int_eq(plan.mazes[i].w, spec.grid_w);
		ck_assert_int_eq(plan.mazes[i].h, spec.grid_h);
		ck_assert_int_eq(plan.mazes[i].filter.min_forks, 7);
		ck_assert_ptr_eq(plan.mazes[i].level, spec.level);
		ck_assert_int_eq(mb_plan_section_of(&plan, i), 0);
	}
	mb_plan_release(&plan);
	mb_plan_release(&plan);	/* twice is harmless */
	mb_spec_release(&spec);
}
END_TEST

/* a ramp grows grid and filter from its first level to its last, step by step */
START_TEST(plan_ramp_steps)
{
	const struct mb_level *easy = mb_level_find("easy"), *hard = mb_level_find("hard");
	struct mb_book_spec spec;
	struct mb_plan plan;

	parse_ok(HEAD "sections:\n  - title: Up\n    ramp: easy..hard\n    mazes: 9\n"
		 "  - title: Tail\n    level: medium\n    mazes: 21\n", &spec);
	ck_assert_int_eq(mb_plan_make(&spec, &plan, NULL), MB_OK);
	ck_assert(plan.sectioned);
	ck_assert(plan.order_ramp);	/* several levels: ramp by default */
	ck_assert(mb_plan_multi_level(&plan));
	ck_assert_int_eq(plan.section_count, 2);
	ck_assert_str_eq(plan.sections[0].title, "Up");
	ck_assert(plan.sections[0].ramp);
	ck_assert_ptr_eq(plan.sections[0].level, easy);
	ck_assert_ptr_eq(plan.sections[0].level_to, hard);
	ck_assert_int_eq(plan.sections[1].first, 9);
	ck_assert_int_eq(plan.sections[1].count, 21);
	/* the ends are the levels themselves (8.5x11 keeps the levels' grids) */
	ck_assert_int_eq(plan.mazes[0].w, easy->w);
	ck_assert_int_eq(plan.mazes[0].h, easy->h);
	ck_assert_int_eq(plan.mazes[0].filter.min_forks, easy->min_forks);
	ck_assert_ptr_eq(plan.mazes[0].level, easy);
	ck_assert_int_eq(plan.mazes[8].w, hard->w);
	ck_assert_int_eq(plan.mazes[8].h, hard->h);
	ck_assert_int_eq(plan.mazes[8].filter.min_forks, hard->min_forks);
	ck_assert_ptr_eq(plan.mazes[8].level, hard);
	/* halfway: halfway there, and the middle level's generators */
	ck_assert_int_eq(plan.mazes[4].w, (easy->w + hard->w) / 2);
	ck_assert_int_eq(plan.mazes[4].h, (easy->h + hard->h) / 2);
	ck_assert_ptr_eq(plan.mazes[4].level, mb_level_find("medium"));
	for (int i = 1; i < 9; i++) {
		ck_assert_int_ge(plan.mazes[i].w, plan.mazes[i - 1].w);
		ck_assert_int_ge(plan.mazes[i].h, plan.mazes[i - 1].h);
		ck_assert_int_ge(plan.mazes[i].filter.min_forks, plan.mazes[i - 1].filter.min_forks);
		ck_assert_int_eq(plan.mazes[i].section, 0);
	}
	ck_assert_int_eq(plan.mazes[9].section, 1);
	ck_assert_int_eq(plan.mazes[9].w, mb_level_find("medium")->w);
	mb_plan_release(&plan);
	mb_spec_release(&spec);
}
END_TEST

/* a spec of one section (as-generated) is the same book as the flat spec */
START_TEST(one_section_is_todays_book)
{
	struct mb_book_spec flat, one;
	struct mb_book a, b;

	parse_ok(HEAD "level: easy\nmazes: 24\n", &flat);
	parse_ok(HEAD "order: as-generated\nsections:\n  - title: All\n    level: easy\n"
		 "    mazes: 24\n", &one);
	make_ok(&flat, &a);
	make_ok(&one, &b);
	ck_assert_uint_eq(a.count, 24);
	ck_assert_uint_eq(b.count, 24);
	for (size_t i = 0; i < a.count; i++) {
		ck_assert_int_eq(a.mazes[i].number, (int)i + 1);
		ck_assert_int_eq(b.mazes[i].number, (int)i + 1);
		ck_assert_uint_eq(a.mazes[i].seed, b.mazes[i].seed);
		ck_assert_str_eq(a.mazes[i].key, b.mazes[i].key);
		ck_assert_int_eq(a.mazes[i].section, 0);
		ck_assert_int_eq(a.mazes[i].slot, (int)i);
		ck_assert_double_eq(a.mazes[i].score, mb_difficulty_score(&a.mazes[i].measures));
	}
	mb_book_release(&a);
	mb_book_release(&b);
	mb_spec_release(&flat);
	mb_spec_release(&one);
}
END_TEST

/* order: ramp sorts each level section by score; numbers run through the book */
START_TEST(ramp_order)
{
	struct mb_book_spec sorted_spec, plain_spec;
	struct mb_book sorted, plain;
	const char *body = "sections:\n  - title: A\n    level: easy\n    mazes: 15\n"
			   "  - title: B\n    ramp: medium..hard\n    mazes: 6\n"
			   "  - title: C\n    level: medium\n    mazes: 10\n";
	char text[1024];
	int rises = 0;

	snprintf(text, sizeof(text), "%sorder: ramp\n%s", HEAD, body);
	parse_ok(text, &sorted_spec);
	snprintf(text, sizeof(text), "%sorder: as-generated\n%s", HEAD, body);
	parse_ok(text, &plain_spec);
	make_ok(&sorted_spec, &sorted);
	make_ok(&plain_spec, &plain);
	ck_assert_uint_eq(sorted.count, 31);
	for (size_t i = 0; i < sorted.count; i++) {
		const struct mb_book_maze *m = &sorted.mazes[i];

		ck_assert_int_eq(m->number, (int)i + 1);
		ck_assert_int_eq(m->section, i < 15 ? 0 : i < 21 ? 1 : 2);
		/* the same mazes, only in another order within their section */
		ck_assert_str_eq(plain.mazes[m->slot].key, m->key);
		if (i && m->section == sorted.mazes[i - 1].section && m->section != 1)
			ck_assert_double_ge(m->score, sorted.mazes[i - 1].score);
		if (i && m->section == 1 && sorted.mazes[i - 1].section == 1) {
			/* the ramp section keeps its ramp: grids grow */
			ck_assert_int_ge(m->maze->w, sorted.mazes[i - 1].maze->w);
			ck_assert_int_eq(m->slot, sorted.mazes[i - 1].slot + 1);
		}
	}
	/* as generated the scores do not simply rise (else the test proves nothing) */
	for (size_t i = 1; i < 15; i++)
		rises += plain.mazes[i].score < plain.mazes[i - 1].score;
	ck_assert_int_gt(rises, 0);
	/* a sorted section is easier at its start than the unsorted's average */
	ck_assert_double_le(sorted.mazes[0].score, plain.mazes[0].score);
	ck_assert_str_eq(sorted.plan.sections[2].title, "C");
	mb_book_release(&sorted);
	mb_book_release(&plain);
	mb_spec_release(&sorted_spec);
	mb_spec_release(&plain_spec);
}
END_TEST

/* a section's filter no maze reaches fails at that section's key */
START_TEST(limit_at_the_section)
{
	struct mb_book_spec spec;
	struct mb_book book;
	struct mb_error err;

	parse_ok(HEAD "sections:\n  - title: Fine\n    level: easy\n    mazes: 12\n"
		 "  - title: Impossible\n    level: easy\n    mazes: 12\n    grid: 30x30\n"
		 "    min_route_ratio: 10\n", &spec);
	mb_error_init(&err);
	ck_assert_int_eq(mb_book_make(&spec, &book, NULL, NULL, &err), MB_ERR_LIMIT);
	ck_assert_str_eq(err.file, "book.yaml");
	ck_assert_int_eq(err.line, 13);
	ck_assert_int_eq(err.column, 22);
	ck_assert_msg(strstr(err.message, "section 2 ('Impossible'), maze 13: no "), "%s",
		      err.message);
	ck_assert_ptr_null(book.mazes);
	mb_spec_release(&spec);
}
END_TEST

/* the page plan knows where each section starts, and checks every section's grid */
START_TEST(page_plan_sections)
{
	struct mb_book_spec spec;
	struct mb_page_plan plan;
	struct mb_error err;

	parse_ok(HEAD "sections:\n  - title: A\n    level: easy\n    mazes: 20\n"
		 "  - title: B\n    ramp: medium..expert\n    mazes: 20\n", &spec);
	mb_error_init(&err);
	ck_assert_int_eq(mb_layout_plan(&spec, spec.mazes, &plan, &err), MB_OK);
	ck_assert_int_eq(plan.section_count, 2);
	ck_assert_int_eq(plan.section_first[0], 0);
	ck_assert_int_eq(plan.section_first[1], 20);
	mb_layout_release(&plan);
	mb_spec_release(&spec);

	/* without sections: none listed */
	parse_ok(HEAD "level: easy\nmazes: 30\n", &spec);
	ck_assert_int_eq(mb_layout_plan(&spec, spec.mazes, &plan, &err), MB_OK);
	ck_assert_int_eq(plan.section_count, 0);
	mb_layout_release(&plan);
	mb_spec_release(&spec);

	/* a section's grid too fine for the page: at that section's grid */
	parse_ok("title: T\nauthor: A\nseed: 1\ntrim: 5x8\nsolutions: 1\nsections:\n"
		 "  - title: A\n    level: easy\n    mazes: 20\n"
		 "  - title: Tiny\n    level: easy\n    mazes: 20\n    grid: 200x200\n", &spec);
	mb_error_init(&err);
	ck_assert_int_eq(mb_layout_plan(&spec, spec.mazes, &plan, &err), MB_ERR_INPUT);
	ck_assert_int_eq(err.line, 13);
	ck_assert_int_eq(err.column, 11);
	ck_assert_msg(strstr(err.message, "section 2 ('Tiny'): grid 200x200 is too fine"), "%s",
		      err.message);
	ck_assert_ptr_null(plan.pages);
	mb_spec_release(&spec);
}
END_TEST

/* sections of no shape in a book of shapes are plain rectangles */
START_TEST(section_without_shape)
{
	struct mb_book_spec spec;
	struct mb_plan plan;

	parse_ok(HEAD "level: easy\nshape: heart\nsections:\n  - title: Hearts\n    mazes: 12\n"
		 "  - title: Squares\n    mazes: 12\n    shape: none\n", &spec);
	ck_assert_int_eq(mb_plan_make(&spec, &plan, NULL), MB_OK);
	ck_assert_int_eq(plan.sections[0].shape, MB_PLAN_BOOK_SHAPES);
	ck_assert_int_eq(plan.sections[1].shape, MB_PLAN_NO_SHAPE);
	mb_plan_release(&plan);
	mb_spec_release(&spec);
}
END_TEST

/* graph grids (issue 16): each slot carries its kind, outline and size */
START_TEST(plan_grid_kinds)
{
	struct mb_book_spec spec;
	struct mb_plan plan;
	struct mb_error err;
	const struct mb_level *easy = mb_level_find("easy"), *hard = mb_level_find("hard");
	int a, b, ha, hb, last[5] = { 0 };
	char list[256];

	parse_ok(HEAD "level: hard\nmazes: 3\ngrid: polar\n", &spec);
	mb_error_init(&err);
	ck_assert_int_eq(mb_plan_make(&spec, &plan, &err), MB_OK);
	mb_plan_level_size(hard, MB_GRID_POLAR, MB_OUTLINE_RECTANGLE, &a, &b);
	ck_assert_int_gt(a, 1);
	for (int i = 0; i < 3; i++) {
		ck_assert_int_eq(plan.mazes[i].kind, MB_GRID_POLAR);
		ck_assert_int_eq(plan.mazes[i].a, a);
		ck_assert_int_eq(plan.mazes[i].filter.min_forks, hard->min_forks);
	}
	/* the slot's grid: a polar grid of those rings */
	{
		struct mb_grid *g = mb_plan_grid(&plan.mazes[0], NULL, NULL, &err);

		ck_assert_ptr_nonnull(g);
		ck_assert_int_eq(g->kind, MB_GRID_POLAR);
		ck_assert_int_eq(g->lat->rings, a);
		mb_grid_free(g);
	}
	mb_plan_release(&plan);
	mb_spec_release(&spec);

	/* a size given is kept; a hexagon's one number */
	parse_ok(HEAD "level: easy\nmazes: 2\ngrid: hex 6\n", &spec);
	ck_assert_int_eq(mb_plan_make(&spec, &plan, &err), MB_OK);
	ck_assert_int_eq(plan.mazes[1].kind, MB_GRID_HEX);
	ck_assert_int_eq(plan.mazes[1].outline, MB_OUTLINE_HEXAGON);
	ck_assert_int_eq(plan.mazes[1].a, 6);
	ck_assert_int_eq(plan.mazes[1].b, 0);
	mb_plan_release(&plan);
	mb_spec_release(&spec);

	/* sections: square, delta of the level's size, and a ramp of circles growing */
	parse_ok(HEAD "sections:\n  - title: A\n    level: easy\n    mazes: 2\n"
		 "  - title: B\n    level: easy\n    mazes: 2\n    grid: delta\n"
		 "  - title: C\n    ramp: easy..hard\n    mazes: 5\n    grid: polar\n", &spec);
	ck_assert_int_eq(mb_plan_make(&spec, &plan, &err), MB_OK);
	ck_assert_int_eq(plan.mazes[0].kind, MB_GRID_RECT);
	ck_assert_int_eq(plan.mazes[0].w, easy->w);
	ck_assert_int_eq(plan.mazes[2].kind, MB_GRID_DELTA);
	mb_plan_level_size(easy, MB_GRID_DELTA, MB_OUTLINE_RECTANGLE, &a, &b);
	ck_assert_int_eq(plan.mazes[2].a, a);
	ck_assert_int_eq(plan.mazes[2].b, b);
	ck_assert_int_gt(b, 0);
	mb_plan_level_size(easy, MB_GRID_POLAR, MB_OUTLINE_RECTANGLE, &a, &b);
	mb_plan_level_size(hard, MB_GRID_POLAR, MB_OUTLINE_RECTANGLE, &ha, &hb);
	ck_assert_int_eq(plan.mazes[4].kind, MB_GRID_POLAR);
	ck_assert_int_eq(plan.mazes[4].a, a);
	ck_assert_int_eq(plan.mazes[8].a, ha);
	for (int i = 5; i <= 8; i++)
		ck_assert_int_ge(plan.mazes[i].a, plan.mazes[i - 1].a);
	mb_plan_release(&plan);
	mb_spec_release(&spec);

	/* every level's graph sizes make grids, larger with every level */
	for (size_t l = 0; l < mb_level_count; l++) {
		static const struct {
			enum mb_grid_kind kind;
			enum mb_grid_outline outline;
		} kinds[] = {
			{ MB_GRID_POLAR, MB_OUTLINE_RECTANGLE }, { MB_GRID_HEX, MB_OUTLINE_RECTANGLE },
			{ MB_GRID_HEX, MB_OUTLINE_HEXAGON }, { MB_GRID_DELTA, MB_OUTLINE_RECTANGLE },
			{ MB_GRID_DELTA, MB_OUTLINE_TRIANGLE },
		};

		for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
			struct mb_plan_maze m = { .kind = kinds[k].kind, .outline = kinds[k].outline };
			struct mb_grid *g;

			mb_plan_level_size(&mb_levels[l], m.kind, m.outline, &m.a, &m.b);
			g = mb_plan_grid(&m, NULL, NULL, &err);
			ck_assert_msg(g, "%s: %s", mb_levels[l].name, err.message);
			ck_assert_msg(g->cells > last[k], "%s %s %s: %d cells, the easier level's %d",
				      mb_levels[l].name, mb_grid_kind_name(m.kind),
				      mb_grid_outline_name(m.outline), g->cells, last[k]);
			last[k] = g->cells;
			mb_grid_free(g);
		}
	}
	/* auto on a graph grid: never a generator that cannot carve it */
	mb_plan_auto_list(hard, MB_GRID_POLAR, list, sizeof(list));
	ck_assert_ptr_null(strstr(list, "recursive-division"));
	ck_assert_str_eq(mb_plan_auto_list(hard, MB_GRID_RECT, list, sizeof(list)), hard->algorithms);
}
END_TEST

/* a shape over hexagons and triangles: one piece, about the cells asked for */
START_TEST(shape_over_lattices)
{
	static const enum mb_grid_kind kinds[] = { MB_GRID_HEX, MB_GRID_DELTA };
	struct mb_error err;
	struct mb_shape *heart;

	mb_error_init(&err);
	heart = mb_shape_builtin("heart", &err);
	ck_assert_ptr_nonnull(heart);
	for (size_t k = 0; k < 2; k++) {
		struct mb_grid *g = mb_shape_lattice(heart, kinds[k], 300, 150, &err);
		int *seen, *stack, top = 0, reached = 0;

		ck_assert_msg(g, "%s", err.message);
		ck_assert_int_eq(g->kind, kinds[k]);
		ck_assert_msg(g->cells > 200 && g->cells < 400, "%d cells", g->cells);
		/* one piece: a flood from cell 0 reaches every cell */
		seen = xcalloc((size_t)g->cells, sizeof(int));
		stack = xcalloc((size_t)g->cells, sizeof(int));
		seen[0] = 1;
		stack[top++] = 0;
		while (top) {
			int c = stack[--top];

			reached++;
			for (int d = 0; d < mb_grid_degree(g, c); d++) {
				int nb = mb_grid_side_at(g, c, d)->nb;

				if (nb >= 0 && !seen[nb]) {
					seen[nb] = 1;
					stack[top++] = nb;
				}
			}
		}
		ck_assert_int_eq(reached, g->cells);
		free(seen);
		free(stack);
		mb_grid_free(g);
	}
	/* too few cells left for the level: refused, naming the shape */
	ck_assert_ptr_null(mb_shape_lattice(heart, MB_GRID_HEX, 300, 100000, &err));
	ck_assert_ptr_nonnull(strstr(err.message, "heart"));
	mb_shape_free(heart);
}
END_TEST

/* books of polar, hex and delta mazes: each maze on its slot's grid, perfect, passing */
START_TEST(graph_books)
{
	static const char *const grids[] = {
		"grid: polar\n", "grid: polar 6\nexit: bottom\n", "grid: hex\n", "grid: hex 5\n",
		"grid: delta\n", "grid: delta 8\n",
	};
	struct mb_book_spec spec;
	struct mb_book book;

	for (size_t k = 0; k < sizeof(grids) / sizeof(grids[0]); k++) {
		char text[512];

		snprintf(text, sizeof(text), HEAD "level: easy\nmazes: 4\n%s", grids[k]);
		parse_ok(text, &spec);
		make_ok(&spec, &book);
		ck_assert_int_eq(book.count, 4);
		for (size_t i = 0; i < book.count; i++) {
			const struct mb_book_maze *bm = &book.mazes[i];
			const struct mb_plan_maze *pm = &book.plan.mazes[bm->slot];

			ck_assert_int_eq(bm->maze->grid->kind, spec.grid_kind);
			ck_assert(mb_grid_is_graph(bm->maze->grid));
			ck_assert(mb_filter_pass(&pm->filter, &bm->measures));
			ck_assert_msg(mb_generator_supports(bm->gen, spec.grid_kind), "%s on %s",
				      bm->gen->name, grids[k]);
			/* polar: the way out is the centre unless exit: names a side */
			if (spec.grid_kind == MB_GRID_POLAR)
				ck_assert_int_eq(bm->maze->exit.dir == MB_SIDE_INSIDE,
						 spec.exit_side == NULL);
			for (size_t j = 0; j < i; j++)
				ck_assert_str_ne(bm->key, book.mazes[j].key);
		}
		/* the title page's maze is of the book's kind */
		ck_assert_int_eq(book.title_maze->grid->kind, spec.grid_kind);
		/* the same spec gives the same book */
		{
			struct mb_book again;

			make_ok(&spec, &again);
			for (size_t i = 0; i < book.count; i++)
				ck_assert(mb_maze_equal(book.mazes[i].maze, again.mazes[i].maze));
			mb_book_release(&again);
		}
		mb_book_release(&book);
		mb_spec_release(&spec);
	}
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("plan");
	TCase *tc = tcase_create("plan");

	tcase_add_test(tc, score_formula);
	tcase_add_test(tc, plan_without_sections);
	tcase_add_test(tc, plan_ramp_steps);
	tcase_add_test(tc, one_section_is_todays_book);
	tcase_add_test(tc, ramp_order);
	tcase_add_test(tc, limit_at_the_section);
	tcase_add_test(tc, page_plan_sections);
	tcase_add_test(tc, section_without_shape);
	tcase_add_test(tc, plan_grid_kinds);
	tcase_add_test(tc, shape_over_lattices);
	tcase_add_test(tc, graph_books);
	suite_add_tcase(s, tc);
	return s;
}
