/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* A lattice maze's proof: one route through every cell, and its solution copies (mplattice.h). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mplattice.h"
#include "mplattice_int.h"
#include "mpmaze.h"
#include "mputil.h"

/* ---- the proof ------------------------------------------------------------- */

static double gap_order(const struct mb_mp_lattice *l, const struct mb_mp_ledge *e)
{
	if (l->kind == MB_MP_LAT_POLAR)
		return wrap((e->t0 + e->t1) / 2);
	return ((e->y0 + e->y1) / 2) * 1e6 + (e->x0 + e->x1) / 2;
}

/*
 * The cells each cell opens into: adj[first[c]..first[c + 1]) for cell c,
 * in the order of the positions (new arrays, the caller frees them).
 */
static void open_neighbours(const struct mb_mp_lattice *l, int **first_out, int **adj_out)
{
	int n = l->ncells, *first = mb_mp_xcalloc((size_t)n + 1, sizeof *first), *adj, *fill;

	for (size_t k = 0; k < l->nedges; k++)
		if (l->edges[k].b >= 0 && !l->edges[k].wall) {
			first[l->edges[k].a + 1]++;
			first[l->edges[k].b + 1]++;
		}
	for (int c = 0; c < n; c++)
		first[c + 1] += first[c];
	adj = mb_mp_xmalloc(((size_t)first[n] + 1) * sizeof *adj);
	fill = mb_mp_xmalloc(((size_t)n + 1) * sizeof *fill);
	memcpy(fill, first, (size_t)n * sizeof *fill);
	for (size_t k = 0; k < l->nedges; k++) {
		const struct mb_mp_ledge *e = &l->edges[k];

		if (e->b < 0 || e->wall)
			continue;
		adj[fill[e->a]++] = e->b;
		adj[fill[e->b]++] = e->a;
	}
	free(fill);
	*first_out = first;
	*adj_out = adj;
}

/*
 * The rim's gaps (at most three kept, in order), and from them the
 * entrance and exit: a round maze takes one (its exit the centre) or two,
 * the others two. p->why says what is wrong with them.
 */
static void place_gaps(const struct mb_mp_lattice *l, struct mb_mp_lat_proof *p)
{
	const struct mb_mp_ledge *gap[3] = { NULL, NULL, NULL };
	char buf[200];

	for (size_t k = 0; k < l->nedges; k++) {
		const struct mb_mp_ledge *e = &l->edges[k];

		if (e->b >= 0 || e->wall)
			continue;
		if (p->ngaps < 3) {
			gap[p->ngaps] = e;
			for (size_t i = p->ngaps; i > 0 && gap_order(l, gap[i]) < gap_order(l, gap[i - 1]);
			     i--) {
				const struct mb_mp_ledge *t = gap[i];

				gap[i] = gap[i - 1];
				gap[i - 1] = t;
			}
		}
		p->ngaps++;
	}
	if (l->kind == MB_MP_LAT_POLAR && (p->ngaps == 1 || p->ngaps == 2)) {
		p->entrance = gap[0]->a;
		p->exit = p->ngaps == 2 ? gap[1]->a : 0;
	} else if (l->kind != MB_MP_LAT_POLAR && p->ngaps == 2) {
		p->entrance = gap[0]->a;
		p->exit = gap[1]->a;
	} else {
		if (p->ngaps == 0)
			snprintf(buf, sizeof buf, "no gap in the outer rim (the entrance is closed)");
		else
			snprintf(buf, sizeof buf, "%zu gap%s in the outer rim (%s)", p->ngaps,
				 p->ngaps == 1 ? "" : "s", l->kind == MB_MP_LAT_POLAR
					 ? "1 wanted with the exit in the centre, or 2"
					 : "2 wanted: the entrance and the exit");
		snprintf(p->why, sizeof p->why, "%s", buf);
	}
}

/* a breadth-first walk over the open sides: the cells' neighbours and room for the walk */
struct open_walk {
	const int *adj_first, *adj;
	int *seen, *prev, *queue;
};

/* Say the loop through opening e: the shortest other way between its cells. */
static void say_loop(const struct mb_mp_lattice *l, const struct mb_mp_ledge *e,
		     struct open_walk *w, struct mb_mp_lat_proof *p)
{
	const int *adj_first = w->adj_first, *adj = w->adj;
	int *seen = w->seen, *prev = w->prev, *queue = w->queue;
	size_t head = 0, tail = 0, len = 0;
	bool skipped = false;
	char buf[200], name[64];

	for (int c = 0; c < l->ncells; c++)
		seen[c] = 0;
	seen[e->a] = 1;
	prev[e->a] = -1;
	queue[tail++] = e->a;
	while (head < tail && !seen[e->b]) {
		int c = queue[head++];

		for (int i = adj_first[c]; i < adj_first[c + 1]; i++) {
			int d = adj[i];

			if (c == e->a && d == e->b && !skipped) {
				skipped = true;	/* not through this opening itself */
				continue;
			}
			if (!seen[d]) {
				seen[d] = 1;
				prev[d] = c;
				queue[tail++] = d;
			}
		}
	}
	for (int c = e->b; c >= 0 && seen[e->b]; c = prev[c])
		len++;
	mb_mp_lat_cell_name(l, e->a, name, sizeof name);
	if (len)
		snprintf(buf, sizeof buf, "a loop of %zu cells through %s", len, name);
	else
		snprintf(buf, sizeof buf, "a loop through %s", name);
	mb_mp_append(p->why, sizeof p->why, buf);
}

/*
 * Every cell reachable from the entrance (or from the centre when the rim
 * is shut); when it all holds so far, the one route from the entrance to
 * the exit into p.
 */
static void reach_and_route(const struct mb_mp_lattice *l, struct open_walk *w,
			    struct mb_mp_lat_proof *p)
{
	const int *adj_first = w->adj_first, *adj = w->adj;
	int *seen = w->seen, *prev = w->prev, *queue = w->queue, n = l->ncells;
	int start = p->entrance >= 0 ? p->entrance : l->kind == MB_MP_LAT_POLAR ? 0 : 0;
	size_t head = 0, tail = 0;
	char buf[200], name[64];

	for (int c = 0; c < n; c++)
		seen[c] = 0;
	seen[start] = 1;
	prev[start] = -1;
	queue[tail++] = start;
	while (head < tail) {
		int c = queue[head++];

		for (int i = adj_first[c]; i < adj_first[c + 1]; i++)
			if (!seen[adj[i]]) {
				seen[adj[i]] = 1;
				prev[adj[i]] = c;
				queue[tail++] = adj[i];
			}
	}
	p->unreachable = n - (long)tail;
	if (p->unreachable) {
		int first = 0;

		while (seen[first])
			first++;
		mb_mp_lat_cell_name(l, first, name, sizeof name);
		snprintf(buf, sizeof buf, "%ld cell%s unreachable from the %s (first: %s)",
			 p->unreachable, p->unreachable == 1 ? "" : "s",
			 p->entrance >= 0 ? "entrance" : "centre", name);
		mb_mp_append(p->why, sizeof p->why, buf);
	}
	if (p->entrance >= 0 && seen[p->exit] && !p->why[0]) {
		size_t len = 0;

		for (int c = p->exit; c >= 0; c = prev[c])
			len++;
		p->route = mb_mp_xmalloc(len * sizeof *p->route);
		p->route_len = len;
		for (int c = p->exit; c >= 0; c = prev[c])
			p->route[--len] = c;
		p->routes = 1;
	}
}

void mb_mp_lat_prove(const struct mb_mp_lattice *l, struct mb_mp_lat_proof *p)
{
	int n = l->ncells, *parent, *adj_first, *adj;
	struct open_walk w;
	size_t na = 0;

	memset(p, 0, sizeof *p);
	p->entrance = p->exit = -1;
	if (l->problem[0] || n <= 0) {
		snprintf(p->why, sizeof p->why, "%s", l->problem[0] ? l->problem : "no cells");
		return;
	}
	place_gaps(l, p);
	/* openings, and a loop: the first opening that joins cells already joined */
	parent = mb_mp_xmalloc((size_t)n * sizeof *parent);
	for (int c = 0; c < n; c++)
		parent[c] = c;
	open_neighbours(l, &adj_first, &adj);
	w.adj_first = adj_first;
	w.adj = adj;
	w.seen = mb_mp_xmalloc((size_t)n * sizeof *w.seen);
	w.prev = mb_mp_xmalloc((size_t)n * sizeof *w.prev);
	w.queue = mb_mp_xmalloc((size_t)n * sizeof *w.queue);
	for (size_t k = 0; k < l->nedges; k++) {
		const struct mb_mp_ledge *e = &l->edges[k];
		int ra, rb;

		if (e->b < 0 || e->wall)
			continue;
		p->openings++;
		ra = mb_mp_uf_root(parent, e->a);
		rb = mb_mp_uf_root(parent, e->b);
		if (ra != rb) {
			parent[ra] = rb;
			continue;
		}
		if (na++)
			continue;
		say_loop(l, e, &w, p);
	}
	reach_and_route(l, &w, p);
	p->ok = !p->why[0] && p->routes == 1 && p->openings == n - 1;
	free(parent);
	free(adj_first);
	free(adj);
	free(w.seen);
	free(w.prev);
	free(w.queue);
}

void mb_mp_lat_proof_release(struct mb_mp_lat_proof *p)
{
	free(p->route);
	p->route = NULL;
}

bool mb_mp_lat_same_walls(const struct mb_mp_lattice *a, const struct mb_mp_lattice *b)
{
	if (a->kind != b->kind || a->ncells != b->ncells || a->nedges != b->nedges ||
	    strcmp(a->grid, b->grid))
		return false;
	for (size_t k = 0; k < a->nedges; k++)
		if (a->edges[k].wall != b->edges[k].wall || a->edges[k].a != b->edges[k].a ||
		    a->edges[k].b != b->edges[k].b)
			return false;
	return true;
}

static bool open_between(const int *first, const int *adj, int a, int b)
{
	for (int i = first[a]; i < first[a + 1]; i++)
		if (adj[i] == b)
			return true;
	return false;
}

bool mb_mp_lat_check_solution(const struct mb_mp_lattice *puz, const struct mb_mp_lat_proof *proof,
			      const struct mb_mp_lattice *copy, char *why, size_t whylen)
{
	int *cells = NULL, *adj_first = NULL, *adj = NULL;
	size_t nc = 0, cap = 0, out_after = 0;
	double step = 0.2 * (puz->kind == MB_MP_LAT_POLAR ? puz->ring_pt : puz->side);
	char na[64], nb[64];
	bool ok = false;

	if (!mb_mp_lat_same_walls(puz, copy)) {
		snprintf(why, whylen, "its walls differ from the maze's (%s)", copy->grid);
		return false;
	}
	if (!copy->solution) {
		snprintf(why, whylen, "no route is drawn in it");
		return false;
	}
	for (size_t i = 0; i + 1 < copy->nroute; i++) {
		double x0 = copy->route_xy[2 * i], y0 = copy->route_xy[2 * i + 1];
		double x1 = copy->route_xy[2 * i + 2], y1 = copy->route_xy[2 * i + 3];
		int k = (int)fmin(100000, ceil(hypot(x1 - x0, y1 - y0) / step));

		for (int j = 0; j <= k; j++) {
			double t = k ? (double)j / k : 0;
			int c = mb_mp_lat_cell_at(copy, x0 + t * (x1 - x0), y0 + t * (y1 - y0));

			if (c < 0) {
				if (nc)
					out_after = nc;
				continue;
			}
			if (nc && cells[nc - 1] == c)
				continue;
			if (nc && out_after == nc) {
				snprintf(why, whylen, "the solution leaves the maze and comes back in");
				goto out;
			}
			*(int *)mb_mp_push(&cells, &nc, &cap, sizeof *cells) = c;
		}
	}
	if (nc == 0) {
		snprintf(why, whylen, "the drawn route passes no cell");
		goto out;
	}
	/* drawn either way round */
	if (cells[0] != proof->entrance && cells[nc - 1] == proof->entrance)
		for (size_t i = 0; i < nc / 2; i++) {
			int t = cells[i];

			cells[i] = cells[nc - 1 - i];
			cells[nc - 1 - i] = t;
		}
	open_neighbours(copy, &adj_first, &adj);
	for (size_t i = 0; i + 1 < nc; i++)
		if (!open_between(adj_first, adj, cells[i], cells[i + 1])) {
			mb_mp_lat_cell_name(copy, cells[i], na, sizeof na);
			mb_mp_lat_cell_name(copy, cells[i + 1], nb, sizeof nb);
			snprintf(why, whylen, "the solution crosses a wall between %s and %s", na, nb);
			goto out;
		}
	if (cells[0] != proof->entrance) {
		mb_mp_lat_cell_name(copy, cells[0], na, sizeof na);
		snprintf(why, whylen, "the solution starts at %s, not at the entrance", na);
		goto out;
	}
	if (cells[nc - 1] != proof->exit) {
		mb_mp_lat_cell_name(copy, cells[nc - 1], na, sizeof na);
		mb_mp_lat_cell_name(copy, proof->exit, nb, sizeof nb);
		snprintf(why, whylen, "the solution ends at %s, not at the exit (%s)", na, nb);
		goto out;
	}
	if (nc != proof->route_len || memcmp(cells, proof->route, nc * sizeof *cells)) {
		snprintf(why, whylen, "the solution visits %zu cells, not the %zu of the one route", nc,
			 proof->route_len);
		goto out;
	}
	ok = true;
out:
	free(cells);
	free(adj_first);
	free(adj);
	return ok;
}
