/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Choosing a book's mazes. Maze n's seeds derive from the book seed and n
 * alone, so a book with more mazes starts with the same ones. Candidates
 * are generated and measured until one passes the filter; the number of
 * candidates is bounded, and a duplicate of an earlier maze is skipped
 * like a candidate that fails the filter.
 */
#include "config.h"
#include "mazebook/book.h"

#include <stdlib.h>
#include <string.h>

#include "mazebook/level.h"
#include "mazebook/xalloc.h"

/* the generators a spec asks for: one by name, or the level's auto list */
static size_t pick_generators(const struct mb_book_spec *spec,
			      const struct mb_generator **gens, size_t max,
			      struct mb_error *err)
{
	const char *list = spec->algorithm && strcmp(spec->algorithm, "auto") ?
			   spec->algorithm : spec->level->algorithms;
	size_t n = 0;

	while (*list && n < max) {
		size_t len = strcspn(list, ",");
		char name[64];

		if (len >= sizeof(name))
			len = sizeof(name) - 1;
		memcpy(name, list, len);
		name[len] = '\0';
		gens[n] = mb_generator_lookup(name, err);
		if (!gens[n])
			return 0;
		n++;
		list += strcspn(list, ",");
		if (*list == ',')
			list++;
	}
	return n;
}

/* a turned or mirrored copy of an earlier maze is a repeat too: keys, not bytes */
static bool seen_before(const struct mb_book *book, size_t upto, const char *key)
{
	for (size_t i = 0; i < upto; i++)
		if (!strcmp(book->mazes[i].key, key))
			return true;
	return false;
}

/* is a better than b as a near miss? (closer to the filter on its weaker side) */
static double closeness(const struct mb_filter *f, const struct mb_measures *ms)
{
	double r = f->min_route_ratio > 0 ? ms->route_ratio / f->min_route_ratio : 1.0;
	double k = f->min_forks > 0 ? (double)ms->forks / f->min_forks : 1.0;

	return r < k ? r : k;
}

enum mb_status mb_book_make(const struct mb_book_spec *spec, struct mb_book *book,
			    mb_book_progress_fn *progress, void *data, struct mb_error *err)
{
	const struct mb_generator *gens[32];
	size_t ngens = pick_generators(spec, gens, 32, err);
	struct mb_gen_options opt;
	struct mb_maze *candidate;

	memset(book, 0, sizeof(*book));
	if (!ngens)
		return err ? err->code : MB_ERR_INPUT;
	if (spec->mazes < 1)
		return mb_error_set(err, MB_ERR_INPUT, "a book needs at least one maze");
	candidate = mb_maze_new(spec->grid_w, spec->grid_h, err);
	if (!candidate)
		return MB_ERR_INPUT;
	mb_gen_options_init(&opt);
	opt.start = spec->start;	/* generators without a start ignore it */
	book->mazes = xcalloc((size_t)spec->mazes, sizeof(*book->mazes));

	for (int n = 1; n <= spec->mazes; n++) {
		uint64_t base = mb_rng_derive(spec->seed, (uint64_t)n);
		const struct mb_generator *gen = gens[base % ngens];
		struct mb_book_maze *bm = &book->mazes[n - 1];
		struct mb_measures ms, best = { 0 };
		uint64_t best_seed = 0;
		int attempt;

		for (attempt = 1; attempt <= MB_BOOK_MAX_ATTEMPTS; attempt++) {
			uint64_t seed = mb_rng_derive(base, (uint64_t)attempt);
			char key[MB_CANON_KEY_SIZE];

			mb_generate(gen, candidate, seed, &opt);
			mb_maze_measure(candidate, &ms);
			if (attempt == 1 || closeness(&spec->filter, &ms) > closeness(&spec->filter, &best)) {
				best = ms;
				best_seed = seed;
			}
			if (!mb_filter_pass(&spec->filter, &ms))
				continue;
			mb_canon_key_maze(candidate, key);
			if (seen_before(book, (size_t)n - 1, key))
				continue;
			bm->number = n;
			bm->gen = gen;
			bm->seed = seed;
			bm->start = mb_generator_start(gen, &opt);
			bm->maze = mb_maze_copy(candidate);
			bm->measures = ms;
			bm->attempts = attempt;
			memcpy(bm->key, key, sizeof(key));
			book->count++;
			break;
		}
		if (attempt > MB_BOOK_MAX_ATTEMPTS) {
			/* at the filter's key in the spec: the one the best candidate missed */
			mb_error_set_field(err, MB_ERR_LIMIT,
				     best.route_ratio < spec->filter.min_route_ratio
				     ? "min_route_ratio" : "min_forks",
				     "maze %d: no %s maze on %dx%d passed the filter (route ratio >= %.2f, forks >= %d) "
				     "in %d attempts; best candidate: route ratio %.2f, forks %d (seed %llu); "
				     "lower min_route_ratio or min_forks, or choose another algorithm",
				     n, gen->name, spec->grid_w, spec->grid_h,
				     spec->filter.min_route_ratio, spec->filter.min_forks,
				     MB_BOOK_MAX_ATTEMPTS, best.route_ratio, best.forks,
				     (unsigned long long)best_seed);
			mb_maze_free(candidate);
			mb_book_release(book);
			return MB_ERR_LIMIT;
		}
		if (progress)
			progress((size_t)n, (size_t)spec->mazes, data);
	}
	mb_maze_free(candidate);
	return MB_OK;
}

void mb_book_release(struct mb_book *book)
{
	if (!book->mazes)
		return;
	for (size_t i = 0; i < book->count; i++)
		mb_maze_free(book->mazes[i].maze);
	free(book->mazes);
	memset(book, 0, sizeof(*book));
}
