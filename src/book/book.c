/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Choosing a book's mazes. Maze n's seeds derive from the book seed and n
 * alone, so a book with more mazes starts with the same ones. Candidates
 * are generated and measured until one passes the filter; the number of
 * candidates is bounded, and a duplicate of an earlier maze is skipped
 * like a candidate that fails the filter.
 */
#include "config.h"
#include "mazebook/book/book.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mazebook/base/xalloc.h"
#include "mazebook/book/level.h"

/*
 * The generators a section asks for: one by name, or its level's auto
 * list for the grid's kind (a shape's mask on squares: the shape list)
 */
static size_t pick_generators(const char *algorithm, const struct mb_level *level,
			      enum mb_grid_kind kind, const struct mb_generator **gens, size_t max,
			      struct mb_error *err)
{
	bool named = algorithm && strcmp(algorithm, "auto");
	char auto_list[512];
	const char *list = named ? algorithm
				 : mb_plan_auto_list(level, kind, auto_list, sizeof(auto_list));
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
		if (kind != MB_GRID_RECT && mb_generator_check_kind(gens[n], kind, err) != MB_OK) {
			mb_error_blame(err, "algorithm");
			return 0;
		}
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

/* a candidate maze on a shape's mask, with the gaps entrance:/exit: name; NULL on error */
static struct mb_maze *shaped_on(const struct mb_book_spec *spec, struct mb_grid *grid,
				 struct mb_error *err)
{
	struct mb_maze *m = mb_maze_new_on(grid);
	struct mb_side in = m->entrance, out = m->exit;

	if ((spec->entrance && mb_grid_named_gap(m->grid, spec->entrance, &in, err) != MB_OK) ||
	    (spec->exit_side && mb_grid_named_gap(m->grid, spec->exit_side, &out, err) != MB_OK) ||
	    mb_maze_set_gaps(m, in, out, err) != MB_OK) {
		mb_maze_free(m);
		mb_error_blame(err, spec->entrance ? "entrance" : "exit");
		return NULL;
	}
	return m;
}

/*
 * The candidate maze for graph slot pm: *cand when it is on pm's grid
 * already, else a new one (with the gaps entrance:/exit: name; a polar
 * maze's way out is its centre unless exit: names a rim side); false on
 * error
 */
static bool graph_candidate(const struct mb_book_spec *spec, const struct mb_plan_maze *pm,
			    struct mb_maze **cand, struct mb_plan_maze *made_for,
			    struct mb_error *err)
{
	struct mb_grid *grid;

	if (*cand && made_for->kind == pm->kind && made_for->outline == pm->outline &&
	    made_for->a == pm->a && made_for->b == pm->b)
		return true;
	mb_maze_free(*cand);
	*cand = NULL;
	grid = mb_plan_grid(pm, NULL, NULL, err);
	if (!grid)
		return false;
	*cand = shaped_on(spec, grid, err);
	mb_grid_free(grid);
	*made_for = *pm;
	return *cand != NULL;
}

/* the title page's small maze on a graph grid of the book's first kind */
static struct mb_maze *title_graph_maze(const struct mb_plan_maze *first)
{
	struct mb_plan_maze small = *first;
	struct mb_grid *grid;
	struct mb_maze *m;

	small.b = 0;
	small.a = first->kind == MB_GRID_POLAR ? 5 : 4;
	if (first->outline == MB_OUTLINE_RECTANGLE) {
		small.a = first->kind == MB_GRID_HEX ? 6 : 9;
		small.b = first->kind == MB_GRID_HEX ? 6 : 6;
	}
	if (first->kind == MB_GRID_DELTA && first->outline == MB_OUTLINE_TRIANGLE)
		small.a = 6;
	grid = mb_plan_grid(&small, NULL, NULL, NULL);
	if (!grid)
		BUG("the title page's %s grid cannot be made", mb_grid_kind_name(small.kind));
	m = mb_maze_new_on(grid);
	mb_grid_free(grid);
	return m;
}

/*
 * One candidate maze per shape of the book (shaped[]) and per section with
 * a shape of its own (own[], NULL for the others)
 */
static enum mb_status make_shaped(const struct mb_book_spec *spec, struct mb_maze **shaped,
				  struct mb_maze **own, struct mb_error *err)
{
	for (int i = 0; i < spec->shape_count; i++) {
		if (!spec->shape_grids[i])
			BUG("shape '%s' has no mask (mb_spec_shape_grids first)", spec->shapes[i]);
		shaped[i] = shaped_on(spec, spec->shape_grids[i], err);
		if (!shaped[i])
			goto fail;
	}
	for (int i = 0; i < spec->section_count; i++) {
		const struct mb_section_spec *sec = &spec->sections[i];

		if (!sec->shape || !strcmp(sec->shape, "none"))
			continue;
		if (!sec->shape_grid)
			BUG("section %d's shape '%s' has no mask (mb_spec_shape_grids first)", i + 1,
			    sec->shape);
		own[i] = shaped_on(spec, sec->shape_grid, err);
		if (!own[i])
			goto fail;
	}
	return MB_OK;
fail:
	for (int k = 0; k < spec->shape_count; k++)
		mb_maze_free(shaped[k]);
	for (int k = 0; k < spec->section_count; k++)
		mb_maze_free(own[k]);
	return err ? err->code : MB_ERR_INPUT;
}

static void free_shaped(const struct mb_book_spec *spec, struct mb_maze **shaped,
			struct mb_maze **own)
{
	for (int i = 0; i < spec->shape_count; i++)
		mb_maze_free(shaped[i]);
	for (int i = 0; i < spec->section_count; i++)
		mb_maze_free(own[i]);
}

/* a limit error for slot i: at the filter's key, the section's in a book of sections */
static void limit_error(const struct mb_book_spec *spec, const struct mb_plan *plan, int i,
			const char *key, const char *msg, struct mb_error *err)
{
	char place[48];
	int line = 0, column = 0;

	if (!plan->sectioned) {
		mb_error_set_field(err, MB_ERR_LIMIT, key, "%s", msg);
		return;
	}
	snprintf(place, sizeof(place), "sections.%d.%s", plan->mazes[i].section + 1, key);
	if (!mb_spec_where(spec, place, &line, &column)) {
		snprintf(place, sizeof(place), "sections.%d", plan->mazes[i].section + 1);
		mb_spec_where(spec, place, &line, &column);
	}
	mb_error_set_at(err, MB_ERR_LIMIT, spec->path ? spec->path : "", line, column,
			"section %d ('%s'), %s", plan->mazes[i].section + 1,
			plan->sections[plan->mazes[i].section].title, msg);
}

/* easier first; a tie keeps the order the mazes were made in */
static int by_score(const void *a, const void *b)
{
	const struct mb_book_maze *x = a, *y = b;

	if (x->score != y->score)
		return x->score < y->score ? -1 : 1;
	return (x->slot > y->slot) - (x->slot < y->slot);
}

/*
 * One searcher's candidates: every maze is generated into one of these,
 * reused from maze to maze (a new grid only when the slot's grid changes)
 */
struct maker {
	struct mb_maze *candidate;		/* rectangles */
	struct mb_maze *graph;			/* the graph slots' candidate */
	struct mb_plan_maze graph_slot;		/* the slot graph was made for */
	struct mb_maze *shaped[MB_SPEC_MAX_SHAPES];
	struct mb_maze *own[MB_SPEC_MAX_SECTIONS];
	const struct mb_generator *gens[32];	/* the generators of the last slot */
	size_t ngens;
	enum mb_grid_kind gens_kind;
	const struct mb_level *gens_level;
	const char *gens_algorithm;
};

/* what the search for one slot found, kept until its turn in order */
struct slot_result {
	enum mb_status st;	/* not MB_OK: err says why */
	struct mb_error err;
	bool found;		/* the maze passed the filter at attempt (in bm) */
	int attempt;		/* the last attempt made */
	struct mb_measures best;	/* the best near miss so far, for the error */
	uint64_t best_seed;
	const struct mb_generator *gen;
	struct mb_maze *cand;	/* the maker's candidate it was searched on */
};

/* everything one book's searchers share: read only while they run */
struct book_job {
	const struct mb_book_spec *spec;
	struct mb_book *book;
	struct mb_gen_options opt;
	struct slot_result *results;
	pthread_t caller;	/* the thread mb_book_make runs in */
	pthread_mutex_t lock;
	int next;		/* the next slot (1-based) to take */
	bool stop;		/* a searcher failed: take no more */
};

static void maker_free(const struct mb_book_spec *spec, struct maker *mk)
{
	mb_maze_free(mk->candidate);
	mb_maze_free(mk->graph);
	free_shaped(spec, mk->shaped, mk->own);
	memset(mk, 0, sizeof(*mk));
}

/* where slot n (1-based) is drawn: on its section's own shape, on one of the book's, or neither */
struct slot_place {
	bool own_shape;		/* its section's own shape */
	bool in_shape;		/* that or one of the book's shapes */
	int shape;		/* which of the book's shapes, or -1 */
};

static struct slot_place slot_place(const struct book_job *job, int n)
{
	const struct mb_book_spec *spec = job->spec;
	const struct mb_plan *plan = &job->book->plan;
	const struct mb_plan_section *sec = &plan->sections[plan->mazes[n - 1].section];
	struct slot_place at = { .own_shape = sec->shape == MB_PLAN_SECTION_SHAPE };

	at.in_shape = (spec->shape_count && sec->shape == MB_PLAN_BOOK_SHAPES) || at.own_shape;
	at.shape = at.in_shape && !at.own_shape ? (n - 1) % spec->shape_count : -1;
	return at;
}

/* the candidate and generator for slot n (1-based), into r; not MB_OK on error */
static enum mb_status slot_candidate(const struct book_job *job, struct maker *mk, int n,
				     struct slot_result *r, struct mb_error *err)
{
	const struct mb_book_spec *spec = job->spec;
	const struct mb_plan *plan = &job->book->plan;
	const struct mb_plan_maze *pm = &plan->mazes[n - 1];
	const struct mb_plan_section *sec = &plan->sections[pm->section];
	struct slot_place at = slot_place(job, n);
	struct mb_maze *own_shape = at.own_shape ? mk->own[pm->section] : NULL;
	uint64_t base = mb_rng_derive(spec->seed, (uint64_t)n);
	int shape = at.shape;
	bool on_graph = !at.in_shape && pm->kind != MB_GRID_RECT;
	enum mb_grid_kind kind;
	struct mb_maze *cand;

	if (shape < 0 && !own_shape && !on_graph &&
	    (!mk->candidate || mk->candidate->w != pm->w || mk->candidate->h != pm->h)) {
		mb_maze_free(mk->candidate);
		mk->candidate = mb_maze_new(pm->w, pm->h, err);
		if (!mk->candidate)
			return err && err->code ? err->code : MB_ERR_LIMIT;
	}
	if (on_graph && !graph_candidate(spec, pm, &mk->graph, &mk->graph_slot, err))
		return err && err->code ? err->code : MB_ERR_INPUT;
	cand = own_shape ? own_shape : shape >= 0 ? mk->shaped[shape] : on_graph ? mk->graph
										: mk->candidate;
	kind = cand->grid->kind;
	/* the generators change only with the section, a ramp's step or the grid's kind */
	if (!mk->ngens || mk->gens_level != pm->level || mk->gens_kind != kind ||
	    strcmp(mk->gens_algorithm, sec->algorithm)) {
		mk->ngens = pick_generators(sec->algorithm, pm->level, kind, mk->gens, 32, err);
		if (!mk->ngens)
			return err && err->code ? err->code : MB_ERR_INPUT;
		mk->gens_level = pm->level;
		mk->gens_kind = kind;
		mk->gens_algorithm = sec->algorithm;
	}
	r->gen = mk->gens[base % mk->ngens];
	r->cand = cand;		/* the maker's: the searcher takes a copy */
	return MB_OK;
}

/*
 * Search slot n from attempt r->attempt + 1 for a maze that passes its
 * filter and, when upto > 0, is no repeat of the book's first upto mazes;
 * into the book's slot on success. Every attempt's seed is derived from
 * the slot alone, so a slot's search gives the same maze whichever
 * searcher runs it.
 */
static void search_slot(const struct book_job *job, int n, struct slot_result *r, size_t upto)
{
	const struct mb_book_spec *spec = job->spec;
	const struct mb_plan *plan = &job->book->plan;
	const struct mb_plan_maze *pm = &plan->mazes[n - 1];
	int shape = slot_place(job, n).shape;
	uint64_t base = mb_rng_derive(spec->seed, (uint64_t)n);
	struct mb_book_maze *bm = &job->book->mazes[n - 1];
	struct mb_measures ms;

	r->found = false;
	while (++r->attempt <= MB_BOOK_MAX_ATTEMPTS) {
		uint64_t seed = mb_rng_derive(base, (uint64_t)r->attempt);
		char key[MB_CANON_KEY_SIZE];

		mb_generate(r->gen, r->cand, seed, &job->opt);
		mb_maze_measure(r->cand, &ms);
		if (r->attempt == 1 ||
		    closeness(&pm->filter, &ms) > closeness(&pm->filter, &r->best)) {
			r->best = ms;
			r->best_seed = seed;
		}
		if (!mb_filter_pass(&pm->filter, &ms))
			continue;
		mb_canon_key_maze(r->cand, key);
		if (upto && seen_before(job->book, upto, key))
			continue;
		mb_maze_free(bm->maze);
		bm->number = n;
		bm->gen = r->gen;
		bm->seed = seed;
		bm->start = mb_generator_start(r->gen, &job->opt);
		bm->maze = mb_maze_copy(r->cand);
		bm->shape = shape;
		bm->section = pm->section;
		bm->slot = n - 1;
		bm->measures = ms;
		bm->score = mb_difficulty_score(&ms);
		bm->attempts = r->attempt;
		memcpy(bm->key, key, sizeof(key));
		r->found = true;
		return;
	}
	r->attempt = MB_BOOK_MAX_ATTEMPTS;
}

/*
 * A searcher: slots in turn, each searched without regard to repeats
 * (mb_book_make settles those in order afterwards), on its own candidates
 */
static void *searcher(void *arg)
{
	struct book_job *job = arg;
	struct maker mk = { 0 };
	struct mb_error shaped_err;

	mb_error_init(&shaped_err);
	if (make_shaped(job->spec, mk.shaped, mk.own, &shaped_err) != MB_OK) {
		/* the main searcher made them first: this cannot fail where that did not */
		BUG("a book's shapes fail only on a second try: %s", shaped_err.message);
	}
	for (;;) {
		struct slot_result *r;
		int n;

		pthread_mutex_lock(&job->lock);
		n = job->stop || job->next > job->spec->mazes ? 0 : job->next++;
		pthread_mutex_unlock(&job->lock);
		if (!n)
			break;
		r = &job->results[n - 1];
		mb_error_init(&r->err);
		r->st = slot_candidate(job, &mk, n, r, &r->err);
		if (r->st == MB_OK) {
			/* the slot's own copy of its candidate: the maker's is reused for the next */
			r->cand = mb_maze_copy(r->cand);
			search_slot(job, n, r, 0);
		}
		if (r->st != MB_OK) {
			pthread_mutex_lock(&job->lock);
			job->stop = true;
			pthread_mutex_unlock(&job->lock);
		}
	}
	maker_free(job->spec, &mk);
	if (!pthread_equal(pthread_self(), job->caller))
		mb_canon_forget();	/* a searcher thread's own cache dies with it */
	return NULL;
}

/* searchers beside the calling thread: the machine's cores, at most 8 */
static int extra_searchers(int mazes)
{
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	int n = cores > 8 ? 7 : cores > 1 ? (int)cores - 1 : 0;

	/* no more than there are slots beside the caller's first */
	if (n > mazes - 1)
		n = mazes - 1 > 0 ? mazes - 1 : 0;
	return n;
}

/* the failure of slot n, which found no maze: at the filter's key */
static void slot_limit_error(const struct book_job *job, int n, const struct slot_result *r,
			     struct mb_error *err)
{
	const struct mb_book_spec *spec = job->spec;
	const struct mb_plan *plan = &job->book->plan;
	const struct mb_plan_maze *pm = &plan->mazes[n - 1];
	const struct mb_plan_section *sec = &plan->sections[pm->section];
	struct slot_place at = slot_place(job, n);
	char where[300], msg[MB_ERROR_MESSAGE_MAX + 400];

	if (at.in_shape)
		snprintf(where, sizeof(where), "shape '%s' (%d %s)",
			 at.own_shape ? sec->shape_name : spec->shapes[at.shape], r->cand->grid->cells,
			 mb_grid_is_graph(r->cand->grid) ? "cells" : "squares");
	else if (pm->kind != MB_GRID_RECT)
		mb_grid_describe(r->cand->grid, where, sizeof(where));
	else
		snprintf(where, sizeof(where), "%dx%d", pm->w, pm->h);
	snprintf(msg, sizeof(msg),
		 "maze %d: no %s maze on %s passed the filter (route ratio >= %.2f, forks >= %d) "
		 "in %d attempts; best candidate: route ratio %.2f, forks %d (seed %llu); "
		 "lower min_route_ratio or min_forks, or choose another algorithm",
		 n, r->gen->name, where, pm->filter.min_route_ratio, pm->filter.min_forks,
		 MB_BOOK_MAX_ATTEMPTS, r->best.route_ratio, r->best.forks,
		 (unsigned long long)r->best_seed);
	/* at the filter's key in the spec: the one the best candidate missed */
	limit_error(spec, plan, n - 1,
		    r->best.route_ratio < pm->filter.min_route_ratio ? "min_route_ratio"
								     : "min_forks",
		    msg, err);
}

enum mb_status mb_book_make(const struct mb_book_spec *spec, struct mb_book *book,
			    mb_book_progress_fn *progress, void *data, struct mb_error *err)
{
	struct book_job job = { .spec = spec, .book = book, .next = 1, .caller = pthread_self() };
	struct maker check = { 0 };
	struct mb_plan *plan = &book->plan;
	pthread_t threads[8];
	int started = 0, extra;
	enum mb_status st = MB_OK;

	memset(book, 0, sizeof(*book));
	if (spec->mazes < 1)
		return mb_error_set(err, MB_ERR_INPUT, "a book needs at least one maze");
	if (mb_plan_make(spec, plan, err) != MB_OK)
		return err ? err->code : MB_ERR_INPUT;
	/* the shapes' candidates, made here first so their errors reach the caller */
	if (make_shaped(spec, check.shaped, check.own, err) != MB_OK) {
		mb_plan_release(plan);
		return err ? err->code : MB_ERR_INPUT;
	}
	mb_gen_options_init(&job.opt);
	job.opt.start = spec->start;	/* generators without a start ignore it */
	book->mazes = xcalloc((size_t)spec->mazes, sizeof(*book->mazes));
	job.results = xcalloc((size_t)spec->mazes, sizeof(*job.results));
	pthread_mutex_init(&job.lock, NULL);

	/* first every slot searched on its own, by as many searchers as there are cores */
	extra = extra_searchers(spec->mazes);
	for (int i = 0; i < extra; i++)
		if (!pthread_create(&threads[started], NULL, searcher, &job))
			started++;
	searcher(&job);
	for (int i = 0; i < started; i++)
		pthread_join(threads[i], NULL);

	/* then in order: a slot's first error stops the book; a repeat searches on */
	for (int n = 1; n <= spec->mazes && st == MB_OK; n++) {
		struct slot_result *r = &job.results[n - 1];

		if (r->st != MB_OK) {
			if (err)
				*err = r->err;
			st = r->st;
			break;
		}
		if (r->found && seen_before(book, (size_t)n - 1, book->mazes[n - 1].key))
			search_slot(&job, n, r, (size_t)n - 1);
		if (!r->found) {
			slot_limit_error(&job, n, r, err);
			st = err && err->code ? err->code : MB_ERR_LIMIT;
			break;
		}
		book->count++;
		if (progress)
			progress((size_t)n, (size_t)spec->mazes, data);
	}
	for (int n = 1; n <= spec->mazes; n++)
		mb_maze_free(job.results[n - 1].cand);
	free(job.results);
	pthread_mutex_destroy(&job.lock);
	if (st != MB_OK) {
		/* the slots searched past the one that failed hold mazes the book never counted */
		for (int n = (int)book->count; n < spec->mazes; n++)
			mb_maze_free(book->mazes[n].maze);
		maker_free(spec, &check);
		mb_book_release(book);
		return st;
	}
	if (plan->order_ramp) {
		/* a ramp section is in its ramp's order already: its grid grows maze by maze */
		for (int s = 0; s < plan->section_count; s++)
			if (!plan->sections[s].ramp)
				qsort(book->mazes + plan->sections[s].first,
				      (size_t)plan->sections[s].count, sizeof(*book->mazes), by_score);
		for (size_t i = 0; i < book->count; i++)
			book->mazes[i].number = (int)i + 1;
	}
	/*
	 * the title page's maze is the book's too: chosen here, proven with
	 * the rest; a book whose spec turns the title page off prints none
	 */
	book->title_seed = mb_rng_derive(spec->seed, MB_BOOK_TITLE_TAG);
	if (spec->pages.title) {
		/* a book of graph grids shows one: its first maze's kind */
		book->title_maze = spec->shape_count ? mb_maze_copy(check.shaped[0])
				   : plan->mazes[0].kind != MB_GRID_RECT
					   ? title_graph_maze(&plan->mazes[0])
					   : mb_maze_new(9, 9, NULL);
		mb_generate(&mb_gen_backtracker, book->title_maze, book->title_seed, NULL);
		mb_book_add_extra(book, "title-page", 1, mb_gen_backtracker.name,
				  book->title_seed, mb_maze_copy(book->title_maze));
	}
	maker_free(spec, &check);
	return MB_OK;
}

void mb_book_release(struct mb_book *book)
{
	mb_plan_release(&book->plan);
	mb_maze_free(book->title_maze);
	book->title_maze = NULL;
	mb_maze_free(book->cover_pattern);
	book->cover_pattern = NULL;
	for (size_t i = 0; i < book->extra_count; i++)
		mb_maze_free(book->extras[i].maze);
	book->extra_count = 0;
	if (!book->mazes)
		return;
	for (size_t i = 0; i < book->count; i++)
		mb_maze_free(book->mazes[i].maze);
	free(book->mazes);
	memset(book, 0, sizeof(*book));
}

bool mb_book_add_extra(struct mb_book *book, const char *place, int page, const char *generator,
		       uint64_t seed, struct mb_maze *maze)
{
	struct mb_book_extra *e;

	if (book->extra_count >= MB_BOOK_MAX_EXTRAS) {
		mb_maze_free(maze);
		return false;
	}
	e = &book->extras[book->extra_count++];
	*e = (struct mb_book_extra){ place, page, generator, seed, maze, "" };
	mb_canon_key_maze(maze, e->key);
	return true;
}
