/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The table of generators, and the one grid dispatch: each generator (in
 * its own file under src/gen/any or src/gen/rect) gives a carver per grid
 * family, and mb_generate picks the carver for the maze's grid here.
 */
#include "config.h"
#include "mazebook/gen/generator.h"

#include <string.h>

#include "mazebook/base/error.h"
#include "mazebook/base/names.h"

/* sorted by name: the order of --help and `stats --algorithm all` */
const struct mb_generator *const mb_generators[] = {
	&mb_gen_aldous_broder,
	&mb_gen_backtracker,
	&mb_gen_binary_tree,
	&mb_gen_eller,
	&mb_gen_growing_tree,
	&mb_gen_hunt_and_kill,
	&mb_gen_kruskal,
	&mb_gen_prim,
	&mb_gen_prim_frontier,
	&mb_gen_recursive_division,
	&mb_gen_sidewinder,
	&mb_gen_wilson,
};
const size_t mb_generator_count = sizeof(mb_generators) / sizeof(mb_generators[0]);

void mb_gen_options_init(struct mb_gen_options *opt)
{
	opt->start = MB_START_DEFAULT;
	opt->newest_share = 0.75;
}

static const char *const start_names[] = {
	[MB_START_ENTRANCE] = "entrance",
	[MB_START_RANDOM] = "random",
	[MB_START_CENTRE] = "centre",
};

bool mb_generator_has_start(const struct mb_generator *gen)
{
	return gen->default_start != MB_START_DEFAULT;
}

const char *mb_start_name(enum mb_start start)
{
	if (start <= MB_START_DEFAULT || start > MB_START_CENTRE)
		BUG("no name for start %d", (int)start);
	return start_names[start];
}

enum mb_status mb_start_parse(const char *name, enum mb_start *start, struct mb_error *err)
{
	/* the names from MB_START_ENTRANCE on: start_names[0] is the default's, unnamed */
	const char *const *names = start_names + MB_START_ENTRANCE;
	size_t count = MB_START_CENTRE - MB_START_ENTRANCE + 1;
	char list[64];

	for (size_t s = 0; s < count; s++) {
		if (!strcmp(name, names[s])) {
			*start = (enum mb_start)(MB_START_ENTRANCE + (int)s);
			return MB_OK;
		}
	}
	mb_names_list(names, count, list, sizeof(list));
	return mb_error_set(err, MB_ERR_INPUT, "unknown start '%s' (valid: %s)", name, list);
}

enum mb_start mb_generator_start(const struct mb_generator *gen,
				 const struct mb_gen_options *opt)
{
	if (!mb_generator_has_start(gen))
		return MB_START_DEFAULT;
	return opt && opt->start != MB_START_DEFAULT ? opt->start : gen->default_start;
}

/* which generators a list names */
enum which { ALL, WITH_START, FOR_KIND };

/* The names of the generators of which (that carve kind, for FOR_KIND): "a, b, c" into buf. */
static void generator_names(enum which which, enum mb_grid_kind kind, char *buf, size_t size)
{
	const char *names[sizeof(mb_generators) / sizeof(mb_generators[0])];
	size_t n = 0;

	for (size_t i = 0; i < mb_generator_count; i++)
		if (which == ALL || (which == WITH_START && mb_generator_has_start(mb_generators[i])) ||
		    (which == FOR_KIND && mb_generator_supports(mb_generators[i], kind)))
			names[n++] = mb_generators[i]->name;
	mb_names_list(names, n, buf, size);
}

void mb_generator_start_list(char *buf, size_t size)
{
	generator_names(WITH_START, MB_GRID_RECT, buf, size);
}

bool mb_generator_supports(const struct mb_generator *gen, enum mb_grid_kind kind)
{
	return (gen->kinds & MB_KIND_BIT(kind)) != 0;
}

enum mb_status mb_generator_check_kind(const struct mb_generator *gen, enum mb_grid_kind kind,
				       struct mb_error *err)
{
	char list[512];

	if (mb_generator_supports(gen, kind))
		return MB_OK;
	generator_names(FOR_KIND, kind, list, sizeof(list));
	return mb_error_set(err, MB_ERR_INPUT,
			    "algorithm '%s' works on %s only, not on a %s grid "
			    "(use one of: %s)", gen->name,
			    gen->kinds == MB_KINDS_RECT ? "rectangles" : "square grids",
			    kind == MB_GRID_MASK ? "shaped (mask)" : mb_grid_kind_name(kind), list);
}

const struct mb_generator *mb_generator_find(const char *name)
{
	for (size_t i = 0; i < mb_generator_count; i++)
		if (!strcmp(mb_generators[i]->name, name))
			return mb_generators[i];
	return NULL;
}

const struct mb_generator *mb_generator_lookup(const char *name, struct mb_error *err)
{
	const struct mb_generator *gen = mb_generator_find(name);
	char list[512];

	if (gen)
		return gen;
	generator_names(ALL, MB_GRID_RECT, list, sizeof(list));
	mb_error_set(err, MB_ERR_INPUT, "unknown algorithm '%s' (valid: %s)", name, list);
	return NULL;
}

mb_carve_fn *mb_generator_carver(const struct mb_generator *gen, const struct mb_grid *grid)
{
	mb_carve_fn *carve = mb_grid_is_graph(grid) ? gen->carve_graph : gen->carve_squares;

	if (!mb_generator_supports(gen, grid->kind) || !carve)
		BUG("generator %s asked to carve a %s grid", gen->name,
		    mb_grid_kind_name(grid->kind));
	return carve;
}

void mb_generate(const struct mb_generator *gen, struct mb_maze *m, uint64_t seed,
		 const struct mb_gen_options *opt)
{
	struct mb_rng rng;
	struct mb_gen_options resolved;

	if (opt)
		resolved = *opt;
	else
		mb_gen_options_init(&resolved);
	resolved.start = mb_generator_start(gen, &resolved);
	mb_rng_init(&rng, seed);
	mb_maze_reset(m);
	mb_generator_carver(gen, m->grid)(m, &rng, &resolved);
}
