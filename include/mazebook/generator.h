/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The maze generators, one per file under src/gen/, registered in one
 * table by name. Each one turns a maze with every inner wall closed into a
 * perfect maze (a spanning tree of the grid), drawing only from the given
 * rng, so that a seed always gives the same maze.
 */
#ifndef MAZEBOOK_GENERATOR_H
#define MAZEBOOK_GENERATOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mazebook/error.h"
#include "mazebook/maze.h"
#include "mazebook/rng.h"

/* Tunables some generators take; mb_gen_options_init gives the defaults. */
struct mb_gen_options {
	/*
	 * growing-tree: the share of steps that continue from the newest
	 * square (the rest pick a random one). 1.0 is the backtracker's
	 * long corridors, 0.0 is Prim-like short branches.
	 */
	double newest_share;
};

struct mb_generator {
	const char *name;	/* as typed on the command line */
	const char *summary;	/* one line: what the mazes look like */
	bool uniform;		/* picks every spanning tree with equal chance */
	/* m arrives with all inner walls closed; leaves it perfect */
	void (*generate)(struct mb_maze *m, struct mb_rng *rng,
			 const struct mb_gen_options *opt);
};

void mb_gen_options_init(struct mb_gen_options *opt);

/* The table, sorted by name; mb_generator_count entries. */
extern const struct mb_generator *const mb_generators[];
extern const size_t mb_generator_count;

/* The generator called name, or NULL. */
const struct mb_generator *mb_generator_find(const char *name);

/*
 * Look name up; when it is unknown, fail with MB_ERR_INPUT and a message
 * that lists every valid name.
 */
const struct mb_generator *mb_generator_lookup(const char *name, struct mb_error *err);

/* Reset m and generate a maze into it with gen, seeded by seed. */
void mb_generate(const struct mb_generator *gen, struct mb_maze *m, uint64_t seed,
		 const struct mb_gen_options *opt);

/* Each generator's entry, defined in its own file. */
extern const struct mb_generator mb_gen_aldous_broder;
extern const struct mb_generator mb_gen_backtracker;
extern const struct mb_generator mb_gen_binary_tree;
extern const struct mb_generator mb_gen_eller;
extern const struct mb_generator mb_gen_growing_tree;
extern const struct mb_generator mb_gen_hunt_and_kill;
extern const struct mb_generator mb_gen_kruskal;
extern const struct mb_generator mb_gen_prim;
extern const struct mb_generator mb_gen_prim_frontier;
extern const struct mb_generator mb_gen_recursive_division;
extern const struct mb_generator mb_gen_sidewinder;
extern const struct mb_generator mb_gen_wilson;

#endif
