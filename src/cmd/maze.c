/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * `mazebook maze`: generate mazes and print them as text, JSON, SVG or
 * PNG. Maze k (0-based) of --count N uses seed S + k (wrapping at 2^64),
 * so `--seed S+k --count 1` reprints it alone and the JSON's seed field
 * regenerates it (with the start the JSON names: --start). Files are written under a temporary name next to the
 * target and renamed into place, so a reader never sees half a file.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mazebook/backend/fonts.h"
#include "mazebook/backend/png_maze.h"
#include "mazebook/backend/shape_load.h"
#include "mazebook/base/limits.h"
#include "mazebook/base/number.h"
#include "mazebook/base/xalloc.h"
#include "mazebook/cmd/command.h"
#include "mazebook/cmd/options.h"
#include "mazebook/gen/generator.h"
#include "mazebook/io/output.h"
#include "mazebook/maze/format.h"
#include "mazebook/maze/maze.h"
#include "mazebook/page/render_svg.h"

extern const struct mb_command mb_cmd_maze;

enum format { FORMAT_TEXT, FORMAT_JSON, FORMAT_SVG, FORMAT_PNG };
static const char *const format_names[] = { "text", "json", "svg", "png" };

/* where a maze goes: a file written through mazebook/io/output.h, or stdout */
struct output {
	const char *path;	/* final name; NULL for stdout */
	struct mb_output out;	/* the temporary file while writing */
	FILE *f;
};

/* Open path's temporary sibling (or stdout when path is NULL). */
static int output_open(struct output *o, const char *path)
{
	struct mb_error err;

	o->path = path;
	o->f = stdout;
	if (!path)
		return MB_EXIT_OK;
	mb_error_init(&err);
	if (mb_output_begin(&o->out, path, true, 0, &err) != MB_OK)
		return mb_command_fail(&mb_cmd_maze, "%s", err.message);
	o->f = o->out.fp;
	return MB_EXIT_OK;
}

/* Flush and close; rename into place when ok, else remove the temporary file. */
static int output_close(struct output *o, bool ok)
{
	struct mb_error err;

	if (!o->path) {
		if (ok && (fflush(stdout) || ferror(stdout)))
			return mb_command_fail(&mb_cmd_maze, "cannot write 'standard output': %s",
					       strerror(errno ? errno : EIO));
		return ok ? MB_EXIT_OK : MB_EXIT_FAIL;
	}
	if (!ok) {
		mb_output_abort(&o->out);
		return MB_EXIT_FAIL;
	}
	mb_error_init(&err);
	if (mb_output_commit(&o->out, &err) != MB_OK)
		return mb_command_fail(&mb_cmd_maze, "%s", err.message);
	return MB_EXIT_OK;
}

/* "out.png" and 3 of 12 -> "out-03.png"; the number goes before the extension */
static char *numbered(const char *path, int k, int count)
{
	const char *slash = strrchr(path, '/');
	const char *dot = strrchr(path, '.');
	int digits = snprintf(NULL, 0, "%d", count);

	if (!dot || (slash && dot < slash) || dot == (slash ? slash + 1 : path))
		dot = path + strlen(path);
	return xasprintf("%.*s-%0*d%s", (int)(dot - path), path, digits, k, dot);
}

static int write_one(const char *path, enum format format, const struct mb_maze *m,
		     bool solution)
{
	struct output o;
	struct mb_error err;
	int rc = output_open(&o, path);
	char *doc;
	bool ok;
	int saved;

	if (rc)
		return rc;
	errno = 0;
	mb_error_init(&err);
	if (format == FORMAT_PNG) {
		ok = mb_png_maze_write(o.f, path ? path : "standard output", m, solution,
				       &err) == MB_OK;
	} else {
		doc = mb_render_svg(m, solution);
		ok = fputs(doc, o.f) >= 0;
		free(doc);
	}
	saved = errno ? errno : EIO;
	rc = output_close(&o, ok);
	if (!ok && err.code != MB_OK) {
		char buf[MB_ERROR_MESSAGE_MAX + MB_ERROR_FILE_MAX + 32];

		return mb_command_fail(&mb_cmd_maze, "%s",
				       mb_error_format(&err, buf, sizeof(buf)));
	}
	if (!ok)
		rc = mb_command_fail(&mb_cmd_maze, "cannot write '%s': %s",
				     path ? path : "standard output", strerror(saved));
	return rc;
}

/* what --grid and --outline asked for */
struct grid_ask {
	enum mb_grid_kind kind;		/* MB_GRID_RECT without --grid */
	enum mb_grid_outline outline;
	bool outlined;			/* --outline given */
	const char *size;		/* --size as written, NULL: the kind's default */
};

/* "12" -> 12, 0; "12x13" -> 12, 13; false on anything else */
static bool parse_counts(const char *text, int *a, int *b)
{
	char *end;
	long x, y = 0;

	errno = 0;
	x = strtol(text, &end, 10);
	if (end == text || errno || x < 1 || x > 100000 || (*end && *end != 'x'))
		return false;
	if (*end == 'x') {
		const char *p = end + 1;

		y = strtol(p, &end, 10);
		if (end == p || *end || errno || y < 1 || y > 100000)
			return false;
	}
	*a = (int)x;
	*b = (int)y;
	return true;
}

/*
 * The polar, hex or delta grid of ask: polar N rings (default 12), hex or
 * delta WxH in a rectangle (default 12x13 and 20x10), N cells a side of
 * a hexagon (default 7) or N rows of a triangle (default 12). NULL with
 * *rc set after printing the error.
 */
static struct mb_grid *graph_grid(const struct grid_ask *ask, int *rc)
{
	bool rect = ask->outline == MB_OUTLINE_RECTANGLE;
	const char *want = ask->kind == MB_GRID_POLAR ? "N (rings)" : rect ? "WxH" :
			   ask->kind == MB_GRID_HEX ? "N (cells a side)" : "N (rows)";
	const char *size = ask->size;
	struct mb_error err;
	struct mb_grid *g;
	int a = 0, b = 0;

	if (!size)
		size = ask->kind == MB_GRID_POLAR ? "12" : !rect ? (ask->kind == MB_GRID_HEX ? "7" : "12")
		       : ask->kind == MB_GRID_HEX ? "12x13" : "20x10";
	if (!parse_counts(size, &a, &b) || (b != 0) != (rect && ask->kind != MB_GRID_POLAR)) {
		*rc = mb_command_usage_error(&mb_cmd_maze,
					     "--size: '%s' is not a size for a %s grid%s%s "
					     "(want %s, e.g. --size %s)", size,
					     mb_grid_kind_name(ask->kind),
					     ask->kind == MB_GRID_POLAR ? "" : " in a ",
					     ask->kind == MB_GRID_POLAR ? "" :
					     mb_grid_outline_name(ask->outline), want,
					     b || ask->kind == MB_GRID_POLAR || !rect ? "12" : "12x13");
		return NULL;
	}
	mb_error_init(&err);
	if (ask->kind == MB_GRID_POLAR)
		g = mb_grid_new_polar(a, &err);
	else if (ask->kind == MB_GRID_HEX)
		g = mb_grid_new_hex(a, rect ? b : 0, ask->outline, NULL, NULL, &err);
	else
		g = rect ? mb_grid_new_delta(a, b, ask->outline, NULL, NULL, &err)
			 : mb_grid_new_delta(0, a, ask->outline, NULL, NULL, &err);
	if (!g)
		*rc = mb_command_usage_error(&mb_cmd_maze, "--size: %s", err.message);
	return g;
}

/*
 * The maze to carve: the W x H rectangle, or the shape laid over about
 * W x H squares (at least half that many); the gaps by name if given.
 * NULL with *rc set after printing the error.
 */
static struct mb_maze *make_maze(int w, int h, const struct grid_ask *ask,
				 const char *shape_name, const char *entrance,
				 const char *exit_side, const struct mb_generator *gen, int *rc)
{
	struct mb_error err;
	struct mb_grid *g;
	struct mb_maze *m;
	struct mb_side in, out;

	mb_error_init(&err);
	if (ask->kind != MB_GRID_RECT) {
		g = graph_grid(ask, rc);
		if (!g)
			return NULL;
	} else if (!shape_name) {
		g = mb_grid_new_rect(w, h, &err);
	} else {
		char font[4096];
		struct mb_shape *s;

		if (mb_font_find(NULL, true, font, sizeof(font), &err) != MB_OK) {
			*rc = mb_command_fail(&mb_cmd_maze, "%s", err.message);
			return NULL;
		}
		s = mb_shape_load(shape_name, NULL, font, &err);
		if (!s) {
			*rc = mb_command_usage_error(&mb_cmd_maze, "--shape: %s", err.message);
			return NULL;
		}
		g = mb_shape_grid(s, w * h, w * h / 2, &err);
		mb_shape_free(s);
		if (!g) {
			*rc = mb_command_fail(&mb_cmd_maze, "--shape: %s", err.message);
			return NULL;
		}
	}
	if (mb_generator_check_kind(gen, g->kind, &err) != MB_OK) {
		mb_grid_free(g);
		*rc = mb_command_usage_error(&mb_cmd_maze, "--algorithm: %s", err.message);
		return NULL;
	}
	if (ask->kind == MB_GRID_POLAR && entrance && !strcmp(entrance, "centre")) {
		mb_grid_free(g);
		*rc = mb_command_usage_error(&mb_cmd_maze,
					     "--entrance: a maze is entered through its rim; "
					     "'centre' names only a circular maze's exit "
					     "(valid: top, bottom, left, right)");
		return NULL;
	}
	m = mb_maze_new_on(g);
	mb_grid_free(g);
	in = m->entrance;
	out = m->exit;
	if ((entrance && mb_grid_named_gap(m->grid, entrance, &in, &err) != MB_OK) ||
	    (exit_side && mb_grid_named_gap(m->grid, exit_side, &out, &err) != MB_OK) ||
	    mb_maze_set_gaps(m, in, out, &err) != MB_OK) {
		mb_maze_free(m);
		*rc = mb_command_usage_error(&mb_cmd_maze, "%s: %s",
					     entrance && !exit_side ? "--entrance" :
					     exit_side && !entrance ? "--exit" : "--entrance/--exit",
					     err.message);
		return NULL;
	}
	return m;
}

/* --format's value; false when it names none */
static bool read_format(const char *text, enum format *format)
{
	size_t i;

	for (i = 0; i < 4 && strcmp(text, format_names[i]); i++)
		;
	if (i == 4)
		return false;
	*format = (enum format)i;
	return true;
}

/* --grid's value; false when it names none */
static bool read_grid(const char *text, struct grid_ask *ask)
{
	if (!strcmp(text, "polar"))
		ask->kind = MB_GRID_POLAR;
	else if (!strcmp(text, "hex"))
		ask->kind = MB_GRID_HEX;
	else if (!strcmp(text, "delta"))
		ask->kind = MB_GRID_DELTA;
	else
		return false;
	return true;
}

/* --outline's value; false when it names none */
static bool read_outline(const char *text, struct grid_ask *ask)
{
	if (!strcmp(text, "rectangle"))
		ask->outline = MB_OUTLINE_RECTANGLE;
	else if (!strcmp(text, "hexagon"))
		ask->outline = MB_OUTLINE_HEXAGON;
	else if (!strcmp(text, "triangle"))
		ask->outline = MB_OUTLINE_TRIANGLE;
	else
		return false;
	ask->outlined = true;
	return true;
}

/* what the command line asks for */
struct maze_request {
	const char *algorithm, *output, *share_text, *shape_name, *entrance, *exit_side;
	int w, h;
	uint64_t seed, count;
	bool solution, started;
	enum format format;
	struct mb_gen_options opt;
	struct grid_ask ask;
};

/* the options into q; -1 when they are fine, else a usage error's status */
/* maze's options */
enum maze_option {
	OPT_ALGORITHM, OPT_SIZE, OPT_SEED, OPT_COUNT, OPT_SOLUTION, OPT_FORMAT, OPT_OUTPUT,
	OPT_NEWEST_SHARE, OPT_START, OPT_SHAPE, OPT_ENTRANCE, OPT_EXIT, OPT_GRID, OPT_OUTLINE
};
static const struct mb_option maze_options[] = {
	[OPT_ALGORITHM] = { "algorithm", 'a', true },
	[OPT_SIZE] = { "size", 's', true },
	[OPT_SEED] = { "seed", 0, true },
	[OPT_COUNT] = { "count", 'n', true },
	[OPT_SOLUTION] = { "solution", 0, false },
	[OPT_FORMAT] = { "format", 'f', true },
	[OPT_OUTPUT] = { "output", 'o', true },
	[OPT_NEWEST_SHARE] = { "newest-share", 0, true },
	[OPT_START] = { "start", 0, true },
	[OPT_SHAPE] = { "shape", 0, true },
	[OPT_ENTRANCE] = { "entrance", 0, true },
	[OPT_EXIT] = { "exit", 0, true },
	[OPT_GRID] = { "grid", 0, true },
	[OPT_OUTLINE] = { "outline", 0, true },
};

static int read_options(int argc, char **argv, struct maze_request *q, struct mb_error *err)
{
	struct mb_options args;
	int c;

	mb_options_init(&args, maze_options, sizeof(maze_options) / sizeof(maze_options[0]), argc,
			argv);
	while ((c = mb_options_next(&args)) != MB_OPTIONS_END) {
		switch (c) {
		case OPT_ALGORITHM:
			q->algorithm = args.value;
			break;
		case OPT_SIZE:
			q->ask.size = args.value;	/* a square grid's size is read once --grid is known */
			break;
		case OPT_SEED:
			if (mb_number_parse_u64(args.value, "--seed", 0, UINT64_MAX, &q->seed, err))
				return mb_command_usage_error(&mb_cmd_maze, "%s", err->message);
			break;
		case OPT_COUNT:
			if (mb_number_parse_u64(args.value, "--count", 1, MB_MAZE_MAX_COUNT, &q->count, err))
				return mb_command_usage_error(&mb_cmd_maze, "%s", err->message);
			break;
		case OPT_SOLUTION:
			q->solution = true;
			break;
		case OPT_FORMAT:
			if (!read_format(args.value, &q->format))
				return mb_command_usage_error(&mb_cmd_maze,
							      "--format: unknown format '%s' "
							      "(valid: text, json, svg, png)", args.value);
			break;
		case OPT_OUTPUT:
			if (!*args.value)
				return mb_command_usage_error(&mb_cmd_maze, "-o: empty file name");
			q->output = args.value;
			break;
		case OPT_NEWEST_SHARE:
			q->share_text = args.value;
			if (mb_number_parse_double(args.value, "--newest-share", 0.0, 1.0,
						   &q->opt.newest_share, err))
				return mb_command_usage_error(&mb_cmd_maze, "%s", err->message);
			break;
		case OPT_START:
			if (mb_start_parse(args.value, &q->opt.start, err))
				return mb_command_usage_error(&mb_cmd_maze, "--start: %s", err->message);
			q->started = true;
			break;
		case OPT_SHAPE:
			q->shape_name = args.value;
			break;
		case OPT_ENTRANCE:
			q->entrance = args.value;
			break;
		case OPT_EXIT:
			q->exit_side = args.value;
			break;
		case OPT_GRID:
			if (!read_grid(args.value, &q->ask))
				return mb_command_usage_error(&mb_cmd_maze,
							      "--grid: unknown grid '%s' "
							      "(valid: polar, hex, delta)", args.value);
			break;
		case OPT_OUTLINE:
			if (!read_outline(args.value, &q->ask))
				return mb_command_usage_error(&mb_cmd_maze,
							      "--outline: unknown outline '%s' "
							      "(valid: rectangle, hexagon, triangle)",
							      args.value);
			break;
		case MB_OPTIONS_NO_VALUE:
			return mb_command_usage_error(&mb_cmd_maze, "option '%s' needs a value",
						      args.arg);
		default:
			return mb_command_usage_error(&mb_cmd_maze, "unknown option '%s'",
						      args.arg);
		}
	}
	if (args.index < argc)
		return mb_command_usage_error(&mb_cmd_maze, "unexpected argument '%s'",
					      argv[args.index]);
	return -1;
}

/*
 * The options checked against each other and the generator found; -1 when
 * they go together, else a usage error's status.
 */
static int check_request(struct maze_request *q, const struct mb_generator **genp,
			 const char **start_name, struct mb_error *err)
{
	const struct mb_generator *gen;

	if (q->ask.kind == MB_GRID_RECT && q->ask.size &&
	    mb_maze_parse_size(q->ask.size, &q->w, &q->h, err))
		return mb_command_usage_error(&mb_cmd_maze, "--size: %s", err->message);
	if ((q->ask.kind == MB_GRID_RECT || q->ask.kind == MB_GRID_POLAR) && q->ask.outlined)
		return mb_command_usage_error(&mb_cmd_maze,
					      "--outline applies only with --grid hex or delta");
	if ((q->ask.kind == MB_GRID_HEX && q->ask.outline == MB_OUTLINE_TRIANGLE) ||
	    (q->ask.kind == MB_GRID_DELTA && q->ask.outline == MB_OUTLINE_HEXAGON))
		return mb_command_usage_error(&mb_cmd_maze,
					      "--outline: a %s grid has no %s outline (valid: %s)",
					      mb_grid_kind_name(q->ask.kind),
					      mb_grid_outline_name(q->ask.outline),
					      q->ask.kind == MB_GRID_HEX ? "rectangle, hexagon"
								      : "rectangle, triangle");
	if (q->ask.kind != MB_GRID_RECT && q->shape_name)
		return mb_command_usage_error(&mb_cmd_maze,
					      "--shape and --grid do not go together (a shape "
					      "is cut from square grids only)");
	if (q->ask.kind != MB_GRID_RECT && q->format == FORMAT_TEXT)
		return mb_command_usage_error(&mb_cmd_maze,
					      "the text format draws square grids only; "
					      "use --format svg, png or json");
	*genp = gen = mb_generator_lookup(q->algorithm, err);
	if (!gen)
		return mb_command_usage_error(&mb_cmd_maze, "--algorithm: %s", err->message);
	if (q->share_text && strcmp(gen->name, "growing-tree"))
		return mb_command_usage_error(&mb_cmd_maze,
					      "--newest-share applies only to growing-tree, "
					      "not to %s", gen->name);
	if (q->started && !mb_generator_has_start(gen)) {
		char list[256];

		mb_generator_start_list(list, sizeof(list));
		return mb_command_usage_error(&mb_cmd_maze,
					      "--start: %s has no start square (only %s have one)",
					      gen->name, list);
	}
	*start_name = mb_generator_has_start(gen) ?
		      mb_start_name(mb_generator_start(gen, &q->opt)) : NULL;
	if ((q->format == FORMAT_PNG || q->format == FORMAT_SVG) && q->count > 1 && !q->output)
		return mb_command_usage_error(&mb_cmd_maze,
					      "--format %s --count %" PRIu64 " writes one file "
					      "per maze: name them with -o FILE",
					      format_names[q->format], q->count);
	if (q->format == FORMAT_PNG && !q->output && isatty(STDOUT_FILENO))
		return mb_command_usage_error(&mb_cmd_maze,
					      "not writing a PNG to a terminal: use -o FILE");
	return -1;
}

/* text or JSON: every maze into one output */
static int write_documents(struct maze_request *q, const struct mb_generator *gen,
			   struct mb_maze *m, const char *start_name)
{
	struct output o;
	bool ok = true;
	int saved, rc;

	rc = output_open(&o, q->output);
	if (rc)
		return rc;
	errno = 0;
	if (q->format == FORMAT_JSON && fputs("[\n", o.f) < 0)
		ok = false;
	for (uint64_t k = 0; k < q->count && ok; k++) {
		uint64_t s = q->seed + k;
		char *doc;

		mb_generate(gen, m, s, &q->opt);
		if (q->format == FORMAT_JSON) {
			doc = mb_format_json(m, gen->name, s, start_name);
			ok = fputs(doc, o.f) >= 0 &&
			     fputs(k + 1 < q->count ? ",\n" : "\n]\n", o.f) >= 0;
		} else {
			bool *marks = q->solution ? mb_format_route_marks(m) : NULL;

			doc = mb_format_text(m, marks);
			free(marks);
			ok = (k == 0 || fputc('\n', o.f) != EOF) && fputs(doc, o.f) >= 0;
		}
		free(doc);
	}
	saved = errno ? errno : EIO;
	rc = output_close(&o, ok);
	if (!ok)
		rc = mb_command_fail(&mb_cmd_maze, "cannot write '%s': %s",
				     q->output ? q->output : "standard output", strerror(saved));
	return rc;
}

/* SVG or PNG: a file a maze */
static int write_pictures(struct maze_request *q, const struct mb_generator *gen,
			  struct mb_maze *m)
{
	int rc = MB_EXIT_OK;

	for (uint64_t k = 0; k < q->count && rc == MB_EXIT_OK; k++) {
		char *path = q->output && q->count > 1 ?
			     numbered(q->output, (int)k + 1, (int)q->count) : NULL;

		mb_generate(gen, m, q->seed + k, &q->opt);
		rc = write_one(path ? path : q->output, q->format, m, q->solution);
		free(path);
	}
	return rc;
}

static int run(int argc, char **argv)
{
	struct maze_request q = { .algorithm = "backtracker", .w = 16, .h = 20, .seed = 1,
				  .count = 1, .format = FORMAT_TEXT,
				  .ask = { MB_GRID_RECT, MB_OUTLINE_RECTANGLE, false, NULL } };
	const struct mb_generator *gen = NULL;
	const char *start_name = NULL;
	struct mb_error err;
	struct mb_maze *m;
	int rc;

	mb_error_init(&err);
	mb_gen_options_init(&q.opt);
	rc = read_options(argc, argv, &q, &err);
	if (rc < 0)
		rc = check_request(&q, &gen, &start_name, &err);
	if (rc >= 0)
		return rc;
	rc = MB_EXIT_OK;
	m = make_maze(q.w, q.h, &q.ask, q.shape_name, q.entrance, q.exit_side, gen, &rc);
	if (!m)
		return rc;
	if (q.format == FORMAT_TEXT || q.format == FORMAT_JSON)
		rc = write_documents(&q, gen, m, start_name);
	else
		rc = write_pictures(&q, gen, m);
	mb_maze_free(m);
	return rc;
}

const struct mb_command mb_cmd_maze = {
	.name = "maze",
	.summary = "generate mazes and print them as text, JSON, SVG or PNG",
	.usage = "[--algorithm NAME] [--size WxH] [--seed N] [--count N] [--solution]"
		 " [--format text|json|svg|png] [-o FILE] [--start S] [--newest-share X]"
		 " [--shape SHAPE] [--entrance SIDE] [--exit SIDE]"
		 " [--grid polar|hex|delta] [--outline rectangle|hexagon|triangle]",
	.help =
	"  -a, --algorithm NAME  generator (default backtracker); an unknown name\n"
	"                        lists the valid ones\n"
	"  -s, --size WxH        squares across and down, each 1 to 200 (default 16x20);\n"
	"                        with --grid: N rings (polar, default 12), WxH\n"
	"                        cells (hex 12x13, delta 20x10), N cells a side of\n"
	"                        a hexagon (default 7) or N rows of a triangle\n"
	"                        (default 12)\n"
	"      --seed N          0 to 18446744073709551615 (default 1); maze k of\n"
	"                        --count (k from 0) uses seed N+k, so --seed N+k\n"
	"                        --count 1 prints it alone\n"
	"  -n, --count N         how many mazes, 1 to 10000 (default 1)\n"
	"      --solution        mark the route: '::' squares in text, a red line\n"
	"                        in svg and png (json always carries the route)\n"
	"  -f, --format FMT      text (default), json, svg or png\n"
	"  -o, --output FILE     write FILE (through a temporary file and a rename)\n"
	"                        instead of standard output; svg and png with\n"
	"                        --count above 1 need -o and write one file per\n"
	"                        maze, numbered before the extension: -o m.png\n"
	"                        --count 12 writes m-01.png to m-12.png\n"
	"      --start S         where a generator that grows from one square\n"
	"                        starts: entrance (square 0,0), random or centre\n"
	"                        (W/2, H/2); default: entrance for backtracker,\n"
	"                        growing-tree, hunt-and-kill and prim, random for\n"
	"                        aldous-broder, prim-frontier and wilson; the\n"
	"                        others have none (an error here)\n"
	"      --newest-share X  growing-tree only: share of steps from the newest\n"
	"                        square, 0 to 1 (default 0.75)\n"
	"      --shape SHAPE     a shaped maze of about W x H squares (--size; at\n"
	"                        least half that many): a built-in shape (circle,\n"
	"                        heart, star, diamond, apple, fish, cat, butterfly,\n"
	"                        house, tree, rocket, dinosaur), FILE.svg or\n"
	"                        FILE.png (a dark silhouette on a light ground) or\n"
	"                        'text \"ZOE\"' (letters and digits in DejaVu Sans\n"
	"                        Bold); binary-tree, eller, recursive-division and\n"
	"                        sidewinder carve rectangles only\n"
	"      --entrance SIDE   top, bottom, left or right: the entrance on that\n"
	"      --exit SIDE       side (the middle of the outermost squares facing\n"
	"                        it); default: the rectangle's top left and bottom\n"
	"                        right, on a shape the two rim sides farthest apart;\n"
	"                        --exit centre: a circular maze's centre cell\n"
	"                        (its default exit)\n"
	"      --grid KIND       polar (a circular maze of rings about a centre\n"
	"                        cell; entrance at the top of the rim), hex\n"
	"                        (hexagons) or delta (triangles); svg, png and\n"
	"                        json only\n"
	"      --outline O       hex and delta: rectangle (default), hexagon (hex)\n"
	"                        or triangle (delta)\n"
	"\n"
	"formats:\n"
	"  text  '+' corners, '--' and '|' walls, each square 2 characters wide;\n"
	"        the entrance is the gap over the top-left square, the exit the gap\n"
	"        under the bottom-right one; mazes separated by one empty line.\n"
	"        A shaped maze (or one with --entrance/--exit) writes the squares\n"
	"        outside the shape, and the corners no square touches, as spaces,\n"
	"        and its gaps as SS or S (entrance) and FF or F (exit); lines keep\n"
	"        their trailing spaces\n"
	"  json  an array with one object per maze: width, height, algorithm,\n"
	"        seed, start (null: the generator has none), open (a row of\n"
	"        digits per line of squares: 1 = east wall open, + 2 = south wall\n"
	"        open), route ([x, y] pairs) and measures; a shaped maze adds mask\n"
	"        (a row of '#' in, '.' out per line of squares), entrance and exit\n"
	"        ({x, y, side})\n"
	"        A --grid maze is an object with kind (polar, hex, delta), grid\n"
	"        (\"polar 12 rings\"), outline (hex, delta), size ({rings},\n"
	"        {cols, rows}, a hexagon's {side} or a triangle's {rows}),\n"
	"        algorithm, seed, start, bounds ([x0, y0, x1, y1] of\n"
	"        the walls, in grid units, y down), cells (one object per cell\n"
	"        numbered from 0: centre [x, y] and sides, in order, each\n"
	"        {neighbour: N, open} or {rim: true, open}), entrance and exit\n"
	"        ({cell, side}: the side's index in the cell's list, or \"centre\"),\n"
	"        route (cell numbers) and measures\n"
	"  svg   one image per file, walls as lines with round caps (arcs as\n"
	"        Bezier curves on a polar grid)\n"
	"  png   one image per file, 16 pixels per square\n"
	"\n"
	"generators (--algorithm; a book's 'algorithm:' takes the same names):\n"
	"  aldous-broder       random walk: uniform, many short dead ends\n"
	"  backtracker         depth-first search: long winding corridors\n"
	"  binary-tree         north or west at each square: diagonal bias\n"
	"  eller               row by row with joined sets: a horizontal grain\n"
	"  growing-tree        newest or random active square (--newest-share)\n"
	"  hunt-and-kill       random walks restarted by a scan: fewest dead ends\n"
	"  kruskal             random walls joined by union-find: many forks\n"
	"  prim                random walls off the grown maze: easy and branchy\n"
	"  prim-frontier       random frontier squares: very short spiky dead ends\n"
	"  recursive-division  walls with one gap: long straight walls, boxy\n"
	"  sidewinder          east runs that open north once: open top row\n"
	"  wilson              loop-erased random walks: uniform, no bias\n"
	"\n"
	"exit status: 0 written; 1 a file could not be written; 2 bad command line\n"
	"\n"
	"examples:\n"
	"  mazebook maze --size 8x5 --seed 7 --solution\n"
	"  mazebook maze --count 10 --format json -o mazes.json\n"
	"  mazebook maze --size 24x30 --format png --solution -o maze.png\n"
	"  mazebook maze --shape heart --size 16x20 --solution\n"
	"  mazebook maze --grid polar --size 16 --format png --solution -o round.png\n"
	"  mazebook maze --grid hex --outline hexagon --size 8 --format svg -o hex.svg\n",
	.run = run,
};
