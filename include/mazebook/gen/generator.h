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

#include "mazebook/base/error.h"
#include "mazebook/base/rng.h"
#include "mazebook/maze/maze.h"

/*
 * Where a generator that grows from one square starts. Part of a maze's
 * recipe, with the generator and the seed: the same three give the same
 * maze. A random start is the generator's first draw from the rng, so
 * "random" makes exactly the mazes these generators made before the start
 * was a parameter.
 */
enum mb_start {
	MB_START_DEFAULT,	/* in mb_gen_options: the generator's default_start */
	MB_START_ENTRANCE,	/* square (0, 0), under the entrance gap */
	MB_START_RANDOM,	/* any square, uniformly, from the seed */
	MB_START_CENTRE,	/* square (W / 2, H / 2), halves rounded down */
};
/*
 * On a graph grid (polar, hex, delta) the entrance start is the cell under
 * the entrance gap, random any cell, and centre the cell whose centre lies
 * nearest the middle of the grid's bounds (a polar grid's centre cell).
 */

/* Tunables some generators take; mb_gen_options_init gives the defaults. */
struct mb_gen_options {
	/*
	 * The start square, for the generators that have one; the others
	 * have none and ignore it (mb_generator_has_start tells which).
	 */
	enum mb_start start;
	/*
	 * growing-tree: the share of steps that continue from the newest
	 * square (the rest pick a random one). 1.0 is the backtracker's
	 * long corridors, 0.0 is Prim-like short branches.
	 */
	double newest_share;
};

/* A carver: m arrives with all inner walls closed and leaves perfect. */
typedef void mb_carve_fn(struct mb_maze *m, struct mb_rng *rng, const struct mb_gen_options *opt);

struct mb_generator {
	const char *name;	/* as typed on the command line */
	const char *summary;	/* one line: what the mazes look like */
	bool uniform;		/* picks every spanning tree with equal chance */
	/*
	 * Where it starts unless told: MB_START_DEFAULT for the generators
	 * that do not grow from one square (they have no start).
	 */
	enum mb_start default_start;
	/* the grid kinds it carves: MB_KIND_BIT()s of enum mb_grid_kind */
	unsigned kinds;
	/*
	 * The carvers. carve_squares takes the square kinds (rectangle, mask) on
	 * their fast padded paths, carve_graph the graph grids (polar, hex,
	 * delta) over their side tables; NULL for a generator that carves
	 * only rectangles. mb_generate picks one by the grid, the one place
	 * that does.
	 */
	mb_carve_fn *carve_squares;
	mb_carve_fn *carve_graph;
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

/* Does gen carve mazes in grids of that kind? */
bool mb_generator_supports(const struct mb_generator *gen, enum mb_grid_kind kind);

/*
 * MB_OK when gen supports kind; otherwise MB_ERR_INPUT with a message
 * naming the generator, the kind and the generators that do support it.
 */
enum mb_status mb_generator_check_kind(const struct mb_generator *gen, enum mb_grid_kind kind,
				       struct mb_error *err);

/* Does gen grow from one start square (so that mb_gen_options.start applies)? */
bool mb_generator_has_start(const struct mb_generator *gen);

/* "entrance", "random" or "centre" */
const char *mb_start_name(enum mb_start start);

/*
 * The start called name ("entrance", "random", "centre"), or fail with
 * MB_ERR_INPUT and a message that lists the valid ones.
 */
enum mb_status mb_start_parse(const char *name, enum mb_start *start, struct mb_error *err);

/* The start gen uses with opt (NULL: the defaults): MB_START_DEFAULT when it has none. */
enum mb_start mb_generator_start(const struct mb_generator *gen,
				 const struct mb_gen_options *opt);

/*
 * The generators that take a start, comma-separated ("aldous-broder,
 * backtracker, ..."), into buf; for messages that say which do.
 */
void mb_generator_start_list(char *buf, size_t size);

/*
 * The carver gen uses on grid: carve_graph on a graph grid (polar, hex,
 * delta), carve_squares on the square kinds. BUG() when gen does not
 * carve that kind (check with mb_generator_check_kind first).
 */
mb_carve_fn *mb_generator_carver(const struct mb_generator *gen, const struct mb_grid *grid);

/*
 * Reset m and generate a maze into it with gen, seeded by seed; opt NULL
 * gives the defaults, and opt->start MB_START_DEFAULT the generator's
 * own start. The generator is handed the start resolved, and its carver
 * for the grid: carve_graph on a graph grid, carve_squares otherwise. gen
 * must support the maze's grid kind (BUG() otherwise: check with
 * mb_generator_check_kind).
 */
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
