/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The solver and the measures; definitions in include/mazebook/maze/measure.h.
 * Everything is breadth-first search over the open walls, so it is linear
 * in the number of squares and also gives sensible answers (shortest
 * route, counts of what is reachable) for mazes that are not perfect.
 */
#include "config.h"
#include "mazebook/maze/measure.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"

/* Fill nb with the squares reachable in one step from square i; return how many. */
static int neighbours(const struct mb_maze *m, int i, int nb[MB_GRID_MAX_DEGREE])
{
	int n = 0, w = m->w, x = i % w;

	if (m->grid->lat) {
		const struct mb_lattice *lat = m->grid->lat;

		for (int s = lat->first[i]; s < lat->first[i + 1]; s++)
			if (lat->sides[s].nb >= 0 && m->open[lat->sides[s].wall])
				nb[n++] = lat->sides[s].nb;
		return n;
	}

	if (m->open[i] & MB_OPEN_EAST)
		nb[n++] = i + 1;
	if (m->open[i] & MB_OPEN_SOUTH)
		nb[n++] = i + w;
	if (x > 0 && (m->open[i - 1] & MB_OPEN_EAST))
		nb[n++] = i - 1;
	if (i >= w && (m->open[i - w] & MB_OPEN_SOUTH))
		nb[n++] = i - w;
	return n;
}

/*
 * Breadth-first search from the squares in queue[0..nstart); dist[] gets
 * the distance (-1: unreached), parent[] (if not NULL) the square each was
 * reached from. Returns the number of squares reached.
 */
static long bfs(const struct mb_maze *m, int *queue, int nstart, int *dist, int *parent)
{
	long head = 0, tail = nstart;
	size_t n = (size_t)m->w * (size_t)m->h;

	for (size_t i = 0; i < n; i++)
		dist[i] = -1;
	for (int i = 0; i < nstart; i++) {
		dist[queue[i]] = 0;
		if (parent)
			parent[queue[i]] = -1;
	}
	while (head < tail) {
		int cur = queue[head++], nb[MB_GRID_MAX_DEGREE];
		int k = neighbours(m, cur, nb);

		for (int j = 0; j < k; j++) {
			if (dist[nb[j]] >= 0)
				continue;
			dist[nb[j]] = dist[cur] + 1;
			if (parent)
				parent[nb[j]] = cur;
			queue[tail++] = nb[j];
		}
	}
	return tail;
}

/* route into out[] (if not NULL); returns its length and the reach count */
static int solve(const struct mb_maze *m, int *out, long *reachable)
{
	size_t n = (size_t)m->w * (size_t)m->h;
	int *queue = xmallocarray(n, sizeof(int));
	int *dist = xmallocarray(n, sizeof(int));
	int *parent = xmallocarray(n, sizeof(int));
	int exit_sq = m->exit.cell, len = 0;

	queue[0] = m->entrance.cell;
	*reachable = bfs(m, queue, 1, dist, parent);
	if (dist[exit_sq] >= 0) {
		len = dist[exit_sq] + 1;
		if (out) {
			int k = len;

			for (int cur = exit_sq; cur >= 0; cur = parent[cur])
				out[--k] = cur;
		}
	}
	free(parent);
	free(dist);
	free(queue);
	return len;
}

int mb_maze_route(const struct mb_maze *m, int *route)
{
	long reachable;

	return solve(m, route, &reachable);
}

bool mb_maze_is_perfect(const struct mb_maze *m)
{
	long squares = mb_maze_cells(m), reachable;

	if (mb_maze_openings(m) != squares - 1)
		return false;
	solve(m, NULL, &reachable);
	return reachable == squares;
}

static enum mb_dir step_dir(const struct mb_maze *m, int from, int to)
{
	/* vertical first: in a one-square-wide maze from + 1 is the square below */
	if (to == from + m->w)
		return MB_SOUTH;
	if (to == from - m->w)
		return MB_NORTH;
	return to > from ? MB_EAST : MB_WEST;
}

/*
 * The angle in degrees (0 to 180) between two successive steps, from the
 * cell centres' geometry: any change of heading on the square grid is a
 * turn of 90 degrees (a step back, 180, cannot happen on a route).
 */
static int turn_angle(const struct mb_maze *m, enum mb_dir from, enum mb_dir to)
{
	int dot = mb_dir_dx[from] * mb_dir_dx[to] + mb_dir_dy[from] * mb_dir_dy[to];

	(void)m;
	return dot == 1 ? 0 : dot == 0 ? 90 : 180;
}

/*
 * A graph grid's heading for the step out of cell c through side k (or,
 * inward true, into c through it): on a polar grid which way the step goes
 * (0 out, 1 in, 2 clockwise, 3 back), since a walk round a ring or along
 * a radius is straight to the solver though its direction turns; on hex
 * and delta grids the step's direction in whole degrees, from the centre
 * through the side's middle.
 */
static int graph_heading(const struct mb_maze *m, int c, int k, bool inward)
{
	const struct mb_grid *g = m->grid;
	struct mb_wall_shape sh;
	double cx, cy, mx, my;
	int deg;

	mb_grid_wall_shape(g, c, (enum mb_dir)k, &sh);
	if (g->kind == MB_GRID_POLAR) {
		int ring = g->lat->ca[c], kind;

		if (ring == 0)
			kind = 0;	/* every side of the centre leads out */
		else
			kind = k == 0 ? 1 : k == 1 ? 2 : k == 2 ? 3 : 0;
		if (inward)
			kind = kind < 2 ? 1 - kind : 5 - kind;
		return kind;
	}
	mb_grid_centre(g, c, &cx, &cy);
	mx = (sh.seg.x0 + sh.seg.x1) / 2;
	my = (sh.seg.y0 + sh.seg.y1) / 2;
	deg = (int)lround(atan2(my - cy, mx - cx) * 180 / 3.14159265358979323846);
	if (inward)
		deg += 180;
	return ((deg % 360) + 360) % 360;
}

/* the turns along a graph grid's route of len cells */
static int graph_turns(const struct mb_maze *m, const int *route, int len)
{
	int turns = 0, heading = -1;

	if (m->entrance.dir != MB_SIDE_INSIDE)
		heading = graph_heading(m, m->entrance.cell, (int)m->entrance.dir, true);
	for (int i = 0; i < len; i++) {
		int c = route[i], next = -1, deg = mb_grid_degree(m->grid, c);

		if (i + 1 < len) {
			for (int k = 0; k < deg; k++)
				if (mb_grid_side_at(m->grid, c, k)->nb == route[i + 1])
					next = graph_heading(m, c, k, false);
		} else if (m->exit.dir != MB_SIDE_INSIDE) {
			next = graph_heading(m, c, (int)m->exit.dir, false);
		} else {
			break;	/* the walk ends inside */
		}
		if (heading >= 0 && next != heading)
			turns++;
		heading = next;
	}
	return turns;
}

void mb_maze_measure(const struct mb_maze *m, struct mb_measures *out)
{
	size_t n = (size_t)m->w * (size_t)m->h;
	int *route = xmallocarray(n, sizeof(int));
	int *queue, *dist;

	memset(out, 0, sizeof(*out));
	out->w = m->w;
	out->h = m->h;
	out->squares = mb_maze_cells(m);
	out->openings = mb_maze_openings(m);
	out->route = solve(m, route, &out->reachable);
	out->perfect = out->openings == out->squares - 1 && out->reachable == out->squares;
	out->shortest_walk = mb_grid_shortest_walk(m->grid, m->entrance.cell, m->exit.cell);
	out->route_ratio = (double)out->route / (double)out->shortest_walk;
	out->route_share = (double)out->route / (double)out->squares;

	for (int k = 0; k < m->grid->cells; k++) {
		int c = mb_grid_cell_at(m->grid, k);

		if (mb_maze_degree(m, c % m->w, c / m->w) == 1)
			out->dead_ends++;
	}
	out->dead_end_share = (double)out->dead_ends / (double)out->squares;

	if (out->route > 0) {
		/* walking in through the entrance, out through the exit */
		enum mb_dir heading = m->grid->lat ? MB_NORTH : mb_dir_opposite[m->entrance.dir];

		if (m->grid->lat)
			out->turns = graph_turns(m, route, out->route);
		for (int k = 0; k < out->route; k++) {
			int sq = route[k];

			if (mb_maze_degree(m, sq % m->w, sq / m->w) >= 3)
				out->forks++;
			if (m->grid->lat)
				continue;
			enum mb_dir next = k + 1 < out->route ?
					   step_dir(m, sq, route[k + 1]) : m->exit.dir;
			if (turn_angle(m, heading, next) != 0)
				out->turns++;
			heading = next;
		}
		/* farthest any square lies from the route: the longest dead-end branch */
		queue = xmallocarray(n, sizeof(int));
		dist = xmallocarray(n, sizeof(int));
		memcpy(queue, route, (size_t)out->route * sizeof(int));
		bfs(m, queue, out->route, dist, NULL);
		for (size_t i = 0; i < n; i++)
			if (dist[i] > out->longest_dead_end)
				out->longest_dead_end = dist[i];
		free(dist);
		free(queue);
	}
	free(route);
}

/* x / (x + ref): 0 at 0, one half at ref, below 1 */
static double term(double x, double ref)
{
	return x > 0 ? x / (x + ref) : 0;
}

double mb_difficulty_score(const struct mb_measures *ms)
{
	return 100 * (0.40 * term(ms->route, MB_DIFFICULTY_ROUTE_REF) +
		      0.25 * term(ms->forks, MB_DIFFICULTY_FORKS_REF) +
		      0.20 * term(ms->longest_dead_end, MB_DIFFICULTY_DEAD_END_REF) +
		      0.15 * term(ms->turns, MB_DIFFICULTY_TURNS_REF));
}
