/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* The table of generators; each generator lives in its own file in src/gen/. */
#include "config.h"
#include "mazebook/generator.h"

#include <stdio.h>
#include <string.h>

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
	opt->newest_share = 0.75;
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
	char list[512] = "";
	size_t used = 0;

	if (gen)
		return gen;
	for (size_t i = 0; i < mb_generator_count && used < sizeof(list); i++)
		used += (size_t)snprintf(list + used, sizeof(list) - used, "%s%s",
					 i ? ", " : "", mb_generators[i]->name);
	mb_error_set(err, MB_ERR_INPUT, "unknown algorithm '%s' (valid: %s)", name, list);
	return NULL;
}

void mb_generate(const struct mb_generator *gen, struct mb_maze *m, uint64_t seed,
		 const struct mb_gen_options *opt)
{
	struct mb_rng rng;
	struct mb_gen_options defaults;

	if (!opt) {
		mb_gen_options_init(&defaults);
		opt = &defaults;
	}
	mb_rng_init(&rng, seed);
	mb_maze_reset(m);
	gen->generate(m, &rng, opt);
}
