/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * `mazebook stats`: generate many mazes per algorithm and summarise their
 * measures (dead-end share, route ratio, forks), the generation speed and,
 * with --level, the share that passes the level's filter. Maze k uses seed
 * S + k, as in `mazebook maze`, so any maze counted here can be printed.
 * The sampling itself is the core's (mb_stats_measure); this command
 * hands it a clock, so only generation is timed (CLOCK_MONOTONIC), not
 * measuring; the speed is the one number here that differs between runs.
 * With --grid the mazes are circular, hexagonal or triangular (a graph
 * grid at the level's size for that kind); the generators that carve
 * rectangles only are listed as not applicable there.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mazebook/backend/fonts.h"
#include "mazebook/backend/shape_load.h"
#include "mazebook/base/json.h"
#include "mazebook/base/number.h"
#include "mazebook/base/xalloc.h"
#include "mazebook/book/level.h"
#include "mazebook/book/stats.h"
#include "mazebook/cmd/command.h"
#include "mazebook/cmd/options.h"
#include "mazebook/gen/generator.h"
#include "mazebook/maze/maze.h"
#include "mazebook/maze/measure.h"

#define STATS_MAX_COUNT 1000000

extern const struct mb_command mb_cmd_stats;

struct result {
	const struct mb_generator *gen;
	enum mb_start start;	/* the one it used; MB_START_DEFAULT: it has none */
	struct mb_stats_result stats;
	double squares_per_s;
};

struct setup {
	int w, h;
	uint64_t seed, count;
	const struct mb_level *level;
	struct mb_filter filter;
	struct mb_gen_options opt;	/* opt.start: --start, else each one's default */
	const char *shape;		/* --shape, or NULL */
	struct mb_grid *grid;		/* its mask, or the --grid grid */
	const char *size_text;		/* --size as given, or NULL */
	bool graph;			/* --grid polar, hex or delta */
	enum mb_grid_kind kind;		/* --grid; MB_GRID_RECT without */
	enum mb_grid_outline outline;	/* --outline */
};

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void measure_one(const struct setup *su, const struct mb_generator *gen,
			struct result *r)
{
	struct mb_stats_sample sample = {
		.gen = gen,
		.w = su->w,
		.h = su->h,
		.seed = su->seed,
		.count = su->count,
		.opt = &su->opt,
		.filter = su->level ? &su->filter : NULL,
		.grid = su->grid,
	};
	double seconds;

	r->gen = gen;
	r->start = mb_generator_start(gen, &su->opt);
	mb_stats_measure(&sample, now_s, &r->stats);
	seconds = r->stats.generate_s;
	/* a clock too coarse to see the work gives 0, printed as unknown */
	r->squares_per_s = seconds > 0 ? (double)(su->grid ? su->grid->cells : su->w * su->h) *
					 (double)su->count / seconds : 0;
}

/*
 * "start square: entrance (backtracker, prim); random (wilson); none
 * (kruskal)": which start each measured generator used, grouped.
 */
static void print_starts(const struct result *rs, size_t n)
{
	static const enum mb_start order[] = { MB_START_ENTRANCE, MB_START_RANDOM,
					       MB_START_CENTRE, MB_START_DEFAULT };
	const char *group = "start square: ";

	for (size_t o = 0; o < sizeof(order) / sizeof(order[0]); o++) {
		const char *sep = NULL;

		for (size_t i = 0; i < n; i++) {
			if (rs[i].start != order[o])
				continue;
			if (!sep)
				printf("%s%s (", group, order[o] == MB_START_DEFAULT ? "none" :
				       mb_start_name(order[o]));
			printf("%s%s", sep ? sep : "", rs[i].gen->name);
			sep = ", ";
		}
		if (sep) {
			printf(")");
			group = "; ";
		}
	}
	printf("\n");
}

static void print_row(int name_w, const char *name, const char *measure,
		      const struct mb_summary *s, int decimals)
{
	printf("%-*s  %-14s%9.*f%9.*f%9.*f%9.*f%9.*f\n", name_w, name, measure,
	       decimals, s->min, decimals, s->p10, decimals, s->median,
	       decimals, s->p90, decimals, s->max);
}

/* Is gen left out of --algorithm all because it cannot carve the grid? */
static bool not_applicable(const struct setup *su, const struct mb_generator *gen)
{
	return su->grid && !mb_generator_supports(gen, su->grid->kind);
}

/* On a graph grid: "not applicable (carve rectangles only): binary-tree, ..." */
static void print_not_applicable(const struct setup *su)
{
	const char *sep = "\nnot applicable (carve rectangles only): ";
	bool any = false;

	if (!su->graph)
		return;
	for (size_t i = 0; i < mb_generator_count; i++)
		if (not_applicable(su, mb_generators[i])) {
			printf("%s%s", sep, mb_generators[i]->name);
			sep = ", ";
			any = true;
		}
	if (any)
		printf("\n");
}

static void print_table(const struct setup *su, const struct result *rs, size_t n)
{
	int name_w = (int)strlen("algorithm");

	for (size_t i = 0; i < n; i++)
		if ((int)strlen(rs[i].gen->name) > name_w)
			name_w = (int)strlen(rs[i].gen->name);
	if (su->graph) {
		char desc[64];

		mb_grid_describe(su->grid, desc, sizeof(desc));
		printf("%" PRIu64 " mazes of %s (%d cells) per algorithm, seeds %" PRIu64
		       " to %" PRIu64 "\n", su->count, desc, su->grid->cells, su->seed,
		       su->seed + su->count - 1);
	} else {
		printf("%" PRIu64 " mazes of %dx%d squares per algorithm, seeds %" PRIu64
		       " to %" PRIu64 "\n", su->count, su->w, su->h, su->seed,
		       su->seed + su->count - 1);
	}
	if (su->grid && !su->graph)
		printf("shape %s: %d squares on a %dx%d lattice\n", su->shape, su->grid->cells,
		       su->grid->w, su->grid->h);
	print_starts(rs, n);
	if (su->level)
		printf("level %s: route ratio at least %.2f and at least %d forks\n",
		       su->level->name, su->filter.min_route_ratio, su->filter.min_forks);
	printf("\n%-*s  %-14s%9s%9s%9s%9s%9s\n", name_w, "algorithm", "measure",
	       "min", "p10", "median", "p90", "max");
	for (size_t i = 0; i < n; i++) {
		const struct result *r = &rs[i];

		print_row(name_w, r->gen->name, "dead-end share", &r->stats.dead_end_share, 3);
		print_row(name_w, "", "route ratio", &r->stats.route_ratio, 2);
		print_row(name_w, "", "route", &r->stats.route, 1);
		print_row(name_w, "", "forks", &r->stats.forks, 1);
		if (r->squares_per_s > 0)
			printf("%-*s  %-14s%9.2f million %s/s\n", name_w, "", "speed",
			       r->squares_per_s / 1e6, su->graph ? "cells" : "squares");
		else
			printf("%-*s  %-14s%9s\n", name_w, "", "speed", "unknown");
		if (su->level)
			printf("%-*s  %-14s%8.1f%% (%" PRIu64 " of %" PRIu64 ")\n", name_w, "",
			       "passes level", 100.0 * (double)r->stats.passed / (double)su->count,
			       r->stats.passed, su->count);
	}
	print_not_applicable(su);
}

static void print_summary_json(const char *key, const struct mb_summary *s, bool last)
{
	printf("      \"%s\": {\"min\": %.6g, \"p10\": %.6g, \"median\": %.6g, "
	       "\"p90\": %.6g, \"max\": %.6g, \"mean\": %.6g}%s\n", key, s->min, s->p10,
	       s->median, s->p90, s->max, s->mean, last ? "" : ",");
}

static void print_json(const struct setup *su, const struct result *rs, size_t n)
{
	printf("{\n  \"width\": %d,\n  \"height\": %d,\n  \"count\": %" PRIu64 ",\n"
	       "  \"seed\": %" PRIu64 ",\n", su->w, su->h, su->count, su->seed);
	if (su->graph) {
		char desc[64];
		const char *sep = "";

		mb_grid_describe(su->grid, desc, sizeof(desc));
		printf("  \"grid\": {\"kind\": \"%s\", \"outline\": ",
		       mb_grid_kind_name(su->kind));
		if (su->kind == MB_GRID_POLAR)
			printf("null");
		else
			printf("\"%s\"", mb_grid_outline_name(su->outline));
		printf(", \"describe\": \"%s\", \"cells\": %d},\n  \"not_applicable\": [", desc,
		       su->grid->cells);
		for (size_t i = 0; i < mb_generator_count; i++)
			if (not_applicable(su, mb_generators[i])) {
				printf("%s\"%s\"", sep, mb_generators[i]->name);
				sep = ", ";
			}
		printf("],\n");
	} else if (su->grid) {
		printf("  \"shape\": ");
		mb_json_string(stdout, su->shape);
		printf(", \"squares\": %d,\n", su->grid->cells);
	}
	printf("  \"level\": ");
	if (su->level)
		printf("{\"name\": \"%s\", \"min_route_ratio\": %.6g, \"min_forks\": %d}",
		       su->level->name, su->filter.min_route_ratio, su->filter.min_forks);
	else
		printf("null");
	printf(",\n  \"algorithms\": [\n");
	for (size_t i = 0; i < n; i++) {
		const struct result *r = &rs[i];

		printf("    {\n      \"name\": \"%s\",\n", r->gen->name);
		if (r->start != MB_START_DEFAULT)
			printf("      \"start\": \"%s\",\n", mb_start_name(r->start));
		else
			printf("      \"start\": null,\n");
		print_summary_json("dead_end_share", &r->stats.dead_end_share, false);
		print_summary_json("route_ratio", &r->stats.route_ratio, false);
		print_summary_json("forks", &r->stats.forks, false);
		print_summary_json("route", &r->stats.route, false);
		if (r->squares_per_s > 0)
			printf("      \"squares_per_second\": %.0f,\n", r->squares_per_s);
		else
			printf("      \"squares_per_second\": null,\n");
		if (su->level)
			printf("      \"passed\": %" PRIu64 ",\n      \"pass_share\": %.6g\n",
			       r->stats.passed, (double)r->stats.passed / (double)su->count);
		else
			printf("      \"passed\": null,\n      \"pass_share\": null\n");
		printf("    }%s\n", i + 1 < n ? "," : "");
	}
	printf("  ]\n}\n");
}

static enum mb_status parse_kind(const char *text, enum mb_grid_kind *kind,
				 struct mb_error *err)
{
	static const struct {
		const char *name;
		enum mb_grid_kind kind;
	} kinds[] = { { "square", MB_GRID_RECT }, { "polar", MB_GRID_POLAR },
		      { "hex", MB_GRID_HEX }, { "delta", MB_GRID_DELTA } };

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!strcmp(text, kinds[i].name)) {
			*kind = kinds[i].kind;
			return MB_OK;
		}
	return mb_error_set(err, MB_ERR_INPUT, "unknown grid '%s' (valid: square, polar, hex, "
			    "delta)", text);
}

static enum mb_status parse_outline(const char *text, enum mb_grid_outline *outline,
				    struct mb_error *err)
{
	static const enum mb_grid_outline all[] = { MB_OUTLINE_RECTANGLE, MB_OUTLINE_HEXAGON,
						    MB_OUTLINE_TRIANGLE };

	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
		if (!strcmp(text, mb_grid_outline_name(all[i]))) {
			*outline = all[i];
			return MB_OK;
		}
	return mb_error_set(err, MB_ERR_INPUT, "unknown outline '%s' (valid: rectangle, hexagon, "
			    "triangle)", text);
}

/*
 * --size on a graph grid: one number (rings, a hexagon's side, a
 * triangle's rows) or CxR (a rectangle outline of hexagons or triangles).
 */
static enum mb_status parse_graph_size(const struct setup *su, const char *text, int *a,
				       int *b, struct mb_error *err)
{
	bool pair = su->kind != MB_GRID_POLAR && su->outline == MB_OUTLINE_RECTANGLE;
	const char *what = su->kind == MB_GRID_POLAR ? "rings" :
			   su->outline == MB_OUTLINE_HEXAGON ? "the hexagon's side" :
			   "the triangle's rows";
	int most = su->kind == MB_GRID_POLAR ? MB_POLAR_MAX_RINGS : MB_LATTICE_MAX_SIDE;
	struct mb_error why;
	uint64_t n;

	if (pair)
		return mb_maze_parse_size(text, a, b, err);
	/* the number parser's own message would not say what the number is */
	mb_error_init(&why);
	if (mb_number_parse_u64(text, "--size", 1, (uint64_t)most, &n, &why))
		return mb_error_set(err, MB_ERR_INPUT, "'%s' is not %s: a whole number from 1 "
				    "to %d", text, what, most);
	*a = (int)n;
	*b = 0;
	return MB_OK;
}

/* The --grid grid: --size, else the level's size for the kind (medium without --level). */
static enum mb_status make_graph_grid(struct setup *su, bool outlined, struct mb_error *err)
{
	const struct mb_level *level = su->level ? su->level : mb_level_find("medium");
	int a, b;

	if (outlined && su->kind == MB_GRID_POLAR)
		return mb_error_set(err, MB_ERR_INPUT, "--outline: a polar grid has no outline "
				    "to choose (outlines are for hex and delta)");
	if (!mb_level_grid_size(level, su->kind, su->outline, &a, &b))
		return mb_error_set(err, MB_ERR_INPUT, "--outline: a %s grid's outline is "
				    "rectangle or %s, not %s", mb_grid_kind_name(su->kind),
				    su->kind == MB_GRID_HEX ? "hexagon" : "triangle",
				    mb_grid_outline_name(su->outline));
	if (su->size_text) {
		struct mb_error why;

		mb_error_init(&why);
		if (parse_graph_size(su, su->size_text, &a, &b, &why))
			return mb_error_set(err, MB_ERR_INPUT, "--size: %s", why.message);
	}
	switch (su->kind) {
	case MB_GRID_POLAR:
		su->grid = mb_grid_new_polar(a, err);
		break;
	case MB_GRID_HEX:
		su->grid = mb_grid_new_hex(a, b, su->outline, NULL, NULL, err);
		break;
	default:
		su->grid = su->outline == MB_OUTLINE_RECTANGLE ?
			   mb_grid_new_delta(a, b, su->outline, NULL, NULL, err) :
			   mb_grid_new_delta(0, a, su->outline, NULL, NULL, err);
		break;
	}
	if (!su->grid)
		return err->code ? err->code : MB_ERR_INPUT;
	su->w = su->grid->w;
	su->h = su->grid->h;
	return MB_OK;
}

/* what the options ask besides the setup */
struct stats_ask {
	const char *algorithm;
	bool sized, json, started, outlined;
};

/* the options into su and ask; -1 when they are fine, else a usage error's status */
static int read_options(int argc, char **argv, struct setup *su, struct stats_ask *ask,
			struct mb_error *err)
{
	enum { ALGORITHM, SIZE, SEED, COUNT, LEVEL, START, JSON, SHAPE, GRID, OUTLINE };
	static const struct mb_option table[] = {
		[ALGORITHM] = { "algorithm", 'a', true },
		[SIZE] = { "size", 's', true },
		[SEED] = { "seed", 0, true },
		[COUNT] = { "count", 'n', true },
		[LEVEL] = { "level", 'l', true },
		[START] = { "start", 0, true },
		[JSON] = { "json", 0, false },
		[SHAPE] = { "shape", 0, true },
		[GRID] = { "grid", 0, true },
		[OUTLINE] = { "outline", 0, true },
	};
	struct mb_options args;
	int c;

	mb_options_init(&args, table, sizeof(table) / sizeof(table[0]), argc, argv);
	while ((c = mb_options_next(&args)) != MB_OPTIONS_END) {
		switch (c) {
		case ALGORITHM:
			ask->algorithm = args.value;
			break;
		case SIZE:
			su->size_text = args.value;
			ask->sized = true;
			break;
		case GRID:
			if (parse_kind(args.value, &su->kind, err))
				return mb_command_usage_error(&mb_cmd_stats, "--grid: %s", err->message);
			su->graph = su->kind != MB_GRID_RECT;
			break;
		case OUTLINE:
			if (parse_outline(args.value, &su->outline, err))
				return mb_command_usage_error(&mb_cmd_stats, "--outline: %s",
							      err->message);
			ask->outlined = true;
			break;
		case SEED:
			if (mb_number_parse_u64(args.value, "--seed", 0, UINT64_MAX, &su->seed, err))
				return mb_command_usage_error(&mb_cmd_stats, "%s", err->message);
			break;
		case COUNT:
			if (mb_number_parse_u64(args.value, "--count", 1, STATS_MAX_COUNT, &su->count,
						err))
				return mb_command_usage_error(&mb_cmd_stats, "%s", err->message);
			break;
		case LEVEL:
			su->level = mb_level_lookup(args.value, err);
			if (!su->level)
				return mb_command_usage_error(&mb_cmd_stats, "--level: %s", err->message);
			break;
		case START:
			if (mb_start_parse(args.value, &su->opt.start, err))
				return mb_command_usage_error(&mb_cmd_stats, "--start: %s", err->message);
			ask->started = true;
			break;
		case JSON:
			ask->json = true;
			break;
		case SHAPE:
			su->shape = args.value;
			break;
		case MB_OPTIONS_NO_VALUE:
			return mb_command_usage_error(&mb_cmd_stats, "option '%s' needs a value",
						      args.arg);
		default:
			return mb_command_usage_error(&mb_cmd_stats, "unknown option '%s'",
						      args.arg);
		}
	}
	if (args.index < argc)
		return mb_command_usage_error(&mb_cmd_stats, "unexpected argument '%s'",
					      argv[args.index]);
	return -1;
}

/*
 * The grid the options describe (a graph grid, a shape or a rectangle)
 * and the generator checked against it; -1 when it is fine, else the
 * exit status of the error (already reported).
 */
static int prepare_setup(struct setup *su, const struct stats_ask *ask, struct mb_error *err)
{
	if (strcmp(ask->algorithm, "all")) {
		const struct mb_generator *gen = mb_generator_lookup(ask->algorithm, err);
		char list[256];

		if (!gen)
			return mb_command_usage_error(&mb_cmd_stats, "--algorithm: %s (or all)",
						      err->message);
		mb_generator_start_list(list, sizeof(list));
		if (ask->started && !mb_generator_has_start(gen))
			return mb_command_usage_error(&mb_cmd_stats,
						      "--start: %s has no start square (only %s "
						      "have one)", gen->name, list);
	}
	if (su->level)
		mb_level_filter(su->level, &su->filter);
	if (su->graph) {
		if (su->shape)
			return mb_command_usage_error(&mb_cmd_stats, "--shape takes square grids only "
						      "(not with --grid %s)", mb_grid_kind_name(su->kind));
		if (make_graph_grid(su, ask->outlined, err))
			return mb_command_usage_error(&mb_cmd_stats, "%s", err->message);
		if (strcmp(ask->algorithm, "all") &&
		    mb_generator_check_kind(mb_generator_find(ask->algorithm), su->kind, err) != MB_OK) {
			mb_grid_free(su->grid);
			return mb_command_usage_error(&mb_cmd_stats, "--algorithm: %s", err->message);
		}
	} else if (ask->outlined) {
		return mb_command_usage_error(&mb_cmd_stats, "--outline needs --grid hex or delta");
	} else if (su->size_text && mb_maze_parse_size(su->size_text, &su->w, &su->h, err)) {
		return mb_command_usage_error(&mb_cmd_stats, "--size: %s", err->message);
	}
	if (su->level && !ask->sized) {
		su->w = su->level->w;
		su->h = su->level->h;
	}
	if (su->shape) {
		char font[4096];
		struct mb_shape *s;

		if (mb_font_find(NULL, true, font, sizeof(font), err) != MB_OK)
			return mb_command_fail(&mb_cmd_stats, "%s", err->message);
		s = mb_shape_load(su->shape, NULL, font, err);
		if (!s)
			return mb_command_usage_error(&mb_cmd_stats, "--shape: %s", err->message);
		su->grid = mb_shape_grid(s, su->w * su->h,
					 su->level ? su->level->min_shape_squares : su->w * su->h / 2, err);
		mb_shape_free(s);
		if (!su->grid)
			return mb_command_fail(&mb_cmd_stats, "--shape: %s", err->message);
		if (strcmp(ask->algorithm, "all")) {
			const struct mb_generator *gen = mb_generator_find(ask->algorithm);

			if (mb_generator_check_kind(gen, MB_GRID_MASK, err) != MB_OK) {
				mb_grid_free(su->grid);
				return mb_command_usage_error(&mb_cmd_stats, "--algorithm: %s",
							      err->message);
			}
		}
	}
	return -1;
}

static int run(int argc, char **argv)
{
	struct setup su = { .w = 16, .h = 20, .seed = 1, .count = 100 };
	struct stats_ask ask = { .algorithm = "all" };
	struct result *rs;
	size_t n = 0;
	struct mb_error err;
	int rc;

	mb_error_init(&err);
	mb_gen_options_init(&su.opt);
	rc = read_options(argc, argv, &su, &ask, &err);
	if (rc < 0)
		rc = prepare_setup(&su, &ask, &err);
	if (rc >= 0)
		return rc;
	rs = xcalloc(mb_generator_count, sizeof(*rs));
	/* on a shape or a graph grid, "all" is every generator that carves it */
	for (size_t i = 0; i < mb_generator_count; i++)
		if ((!strcmp(ask.algorithm, "all") &&
		     (!su.grid || mb_generator_supports(mb_generators[i], su.grid->kind))) ||
		    !strcmp(ask.algorithm, mb_generators[i]->name))
			measure_one(&su, mb_generators[i], &rs[n++]);
	if (ask.json)
		print_json(&su, rs, n);
	else
		print_table(&su, rs, n);
	for (size_t i = 0; i < n; i++)
		mb_stats_result_release(&rs[i].stats);
	free(rs);
	mb_grid_free(su.grid);
	if (fflush(stdout) || ferror(stdout))
		return mb_command_fail(&mb_cmd_stats, "cannot write 'standard output': %s",
				       strerror(errno ? errno : EIO));
	return MB_EXIT_OK;
}

const struct mb_command mb_cmd_stats = {
	.name = "stats",
	.summary = "measure what each algorithm's mazes look like, and how fast it is",
	.usage = "[--algorithm NAME|all] [--size WxH] [--count N] [--seed N] [--level L]"
		 " [--start entrance|random|centre] [--shape SHAPE]"
		 " [--grid polar|hex|delta [--outline O]] [--json]",
	.help =
	"  -a, --algorithm NAME  one generator, or all (the default)\n"
	"  -s, --size WxH        squares across and down, each 1 to 200 (default\n"
	"                        16x20, or the level's grid with --level); with\n"
	"                        --grid: rings (polar), CxR (hex or delta\n"
	"                        rectangle), the side (hexagon) or rows (triangle)\n"
	"  -n, --count N         mazes per algorithm, 1 to 1000000 (default 100)\n"
	"      --seed N          maze k (from 0) uses seed N+k, as in 'mazebook\n"
	"                        maze' (default 1)\n"
	"  -l, --level L         also count the mazes that pass level L's filter\n"
	"                        (route ratio and forks, from specs/levels.def)\n"
	"      --start S         where the generators that grow from one square\n"
	"                        start: entrance (square 0,0), random or centre\n"
	"                        (W/2, H/2); default: each one's own (entrance for\n"
	"                        backtracker, growing-tree, hunt-and-kill, prim;\n"
	"                        random for aldous-broder, prim-frontier, wilson).\n"
	"                        The others have none: with --algorithm all they\n"
	"                        are measured as always, naming one is an error\n"
	"      --shape SHAPE     measure mazes in a shape (as 'mazebook maze\n"
	"                        --shape'), laid out on about W x H squares (at\n"
	"                        least the level's minimum with --level); all is\n"
	"                        then every generator that carves shapes, and the\n"
	"                        route ratio divides by the shortest walk the\n"
	"                        shape allows\n"
	"      --grid KIND       measure circular (polar), hexagonal (hex) or\n"
	"                        triangular (delta) mazes, at the size --level\n"
	"                        gives that kind (specs/levels.def; medium\n"
	"                        without); square is the default. Generators that\n"
	"                        carve rectangles only are listed as not\n"
	"                        applicable; naming one is an error\n"
	"      --outline O       hex: rectangle or hexagon; delta: rectangle or\n"
	"                        triangle (default rectangle)\n"
	"      --json            print JSON instead of a table\n"
	"\n"
	"For each algorithm: the minimum, 10th percentile, median, 90th percentile\n"
	"and maximum of the dead-end share (dead ends / squares), the route ratio\n"
	"(route squares / (W + H - 1), on other grids over the shortest walk from\n"
	"the entrance to the exit), the route in squares and the forks on it; the\n"
	"generation speed in squares per second (generation alone, on a monotonic\n"
	"clock, so it varies between runs); with --level, the share that passes.\n"
	"Percentiles interpolate linearly between the closest ranks.\n"
	"\n"
	"The header names the start square each generator used.\n"
	"\n"
	"json: {width, height, count, seed, (with --grid: grid: {kind, outline,\n"
	"describe, cells}, not_applicable: [names]), level: {name,\n"
	"min_route_ratio, min_forks} or null, algorithms: [{name, start (or null:\n"
	"it has none), dead_end_share, route_ratio, forks, route: {min, p10,\n"
	"median, p90, max, mean}, squares_per_second, passed, pass_share}]}\n"
	"\n"
	"exit status: 0 printed; 1 standard output could not be written;\n"
	"2 bad command line\n"
	"\n"
	"examples:\n"
	"  mazebook stats --algorithm all --size 16x20 --count 500 --level medium\n"
	"  mazebook stats --algorithm backtracker --count 1000 --json\n"
	"  mazebook stats --algorithm backtracker --count 300 --start random\n"
	"  mazebook stats --grid hex --outline hexagon --level hard --count 200\n",
	.run = run,
};
