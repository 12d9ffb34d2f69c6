/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The graph check, written for mazeproof alone: its own notion of which
 * sides are open (read from the wall set rebuilt from the page), its own
 * union-find, search and route comparison. Each failure names squares as
 * (x,y), 0-based from the top-left square.
 */
#include "config.h"

#include "mpcheck.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mplimits.h"
#include "mputil.h"

static const int dx[4] = { 0, 1, 0, -1 };	/* north, east, south, west */
static const int dy[4] = { -1, 0, 1, 0 };

static void say(char *why, size_t len, const char *fmt, ...)
{
	size_t used = strlen(why);
	va_list ap;

	if (used + 3 >= len)
		return;
	if (used) {
		memcpy(why + used, "; ", 3);
		used += 2;
	}
	va_start(ap, fmt);
	vsnprintf(why + used, len - used, fmt, ap);
	va_end(ap);
}

/*
 * Which lattice squares are the maze's (a shaped maze leaves some out):
 * those a flood from beyond the lattice cannot reach. The flood crosses a
 * side with no wall when at least one of its two end points touches no
 * wall at all; a gap in the outer wall has walls at both ends, so the
 * flood stops there, and inside a perfect maze every corner touches a
 * wall. On a rectangle every square is the maze's. in[] gets w * h flags;
 * returns how many are set.
 */
static bool point_free(const struct mb_mp_maze *m, int i, int j)
{
	if (i < 0 || j < 0 || i > m->w || j > m->h)
		return true;
	return !((i > 0 && mb_mp_hwall(m, i - 1, j)) || (i < m->w && mb_mp_hwall(m, i, j)) ||
		 (j > 0 && mb_mp_vwall(m, i, j - 1)) || (j < m->h && mb_mp_vwall(m, i, j)));
}

static int maze_squares(const struct mb_mp_maze *m, unsigned char *in)
{
	int pw = m->w + 2, ph = m->h + 2, head = 0, tail = 0, n = 0;
	unsigned char *out = mb_mp_xcalloc((size_t)pw * (size_t)ph, 1);
	int *queue = mb_mp_xmalloc((size_t)pw * (size_t)ph * sizeof *queue);

	out[0] = 1;
	queue[tail++] = 0;
	while (head < tail) {
		int p = queue[head++], px = p % pw, py = p / pw;

		for (int d = 0; d < 4; d++) {
			int qx = px + dx[d], qy = py + dy[d], q = qy * pw + qx;
			/* lattice coordinates of the side between the two: a line and its ends */
			int lx = (d == 1 ? qx : px) - 1, ly = (d == 2 ? qy : py) - 1;
			bool wall, free_end;

			if (qx < 0 || qy < 0 || qx >= pw || qy >= ph || out[q])
				continue;
			if (d % 2 == 0) {	/* a side along line y = ly, from x = lx to lx + 1 */
				lx = px - 1;
				wall = lx >= 0 && lx < m->w && ly >= 0 && ly <= m->h &&
				       mb_mp_hwall(m, lx, ly);
				free_end = point_free(m, lx, ly) || point_free(m, lx + 1, ly);
			} else {		/* along line x = lx, from y = ly to ly + 1 */
				ly = py - 1;
				wall = ly >= 0 && ly < m->h && lx >= 0 && lx <= m->w &&
				       mb_mp_vwall(m, lx, ly);
				free_end = point_free(m, lx, ly) || point_free(m, lx, ly + 1);
			}
			if (wall || !free_end)
				continue;
			out[q] = 1;
			queue[tail++] = q;
		}
	}
	/*
	 * A shape leaves out squares no wall touches at all, not even at a
	 * corner (mazebook prints a shape with an empty square all round it);
	 * when the flood found none such, it only slipped in through two
	 * neighbouring gaps of a rectangle: then every square is the maze's.
	 */
	bool shape = false;

	for (int y = 0; y < m->h && !shape; y++)
		for (int x = 0; x < m->w && !shape; x++)
			shape = out[(y + 1) * pw + x + 1] && point_free(m, x, y) &&
				point_free(m, x + 1, y) && point_free(m, x, y + 1) &&
				point_free(m, x + 1, y + 1);
	for (int y = 0; y < m->h; y++)
		for (int x = 0; x < m->w; x++) {
			in[y * m->w + x] = !shape || !out[(y + 1) * pw + x + 1];
			n += in[y * m->w + x];
		}
	free(queue);
	free(out);
	return n;
}

/* Can one walk from square (x, y) to its neighbour in direction d (both the maze's)? */
static bool is_open_in(const struct mb_mp_maze *m, const unsigned char *in, int x, int y,
		       int d)
{
	int nx = x + dx[d], ny = y + dy[d];

	if (in && (!in[y * m->w + x] || nx < 0 || ny < 0 || nx >= m->w || ny >= m->h ||
		   !in[ny * m->w + nx]))
		return false;
	switch (d) {
	case 0:
		return y > 0 && !mb_mp_hwall(m, x, y);
	case 1:
		return x + 1 < m->w && !mb_mp_vwall(m, x + 1, y);
	case 2:
		return y + 1 < m->h && !mb_mp_hwall(m, x, y + 1);
	default:
		return x > 0 && !mb_mp_vwall(m, x, y);
	}
}

void mb_mp_gap_name(const struct mb_mp_gap *g, char *buf, size_t len)
{
	static const char *const side[] = { "top", "left", "right", "bottom" };

	snprintf(buf, len, "%s of (%d,%d)", side[g->side], g->x, g->y);
}

static void add_gap(struct mb_mp_proof *p, enum mb_mp_side side, int x, int y)
{
	if (p->ngaps < 4) {
		p->gaps[p->ngaps].side = side;
		p->gaps[p->ngaps].x = x;
		p->gaps[p->ngaps].y = y;
	}
	p->ngaps++;
}

/* is (x, y) one of the maze's squares? */
static bool inside(const struct mb_mp_maze *m, const unsigned char *in, int x, int y)
{
	return x >= 0 && y >= 0 && x < m->w && y < m->h && in[y * m->w + x];
}

/*
 * Every side of the maze's squares towards a square not the maze's (or
 * beyond the lattice) with no wall: tops row by row, then lefts, rights
 * and bottoms (on a rectangle: along the top, down the left and right
 * edges, along the bottom).
 */
static void find_gaps(const struct mb_mp_maze *m, const unsigned char *in, struct mb_mp_proof *p)
{
	for (int y = 0; y < m->h; y++)
		for (int x = 0; x < m->w; x++)
			if (inside(m, in, x, y) && !inside(m, in, x, y - 1) && !mb_mp_hwall(m, x, y))
				add_gap(p, MB_MP_TOP, x, y);
	for (int x = 0; x < m->w; x++)
		for (int y = 0; y < m->h; y++)
			if (inside(m, in, x, y) && !inside(m, in, x - 1, y) && !mb_mp_vwall(m, x, y))
				add_gap(p, MB_MP_LEFT, x, y);
	for (int x = m->w - 1; x >= 0; x--)
		for (int y = 0; y < m->h; y++)
			if (inside(m, in, x, y) && !inside(m, in, x + 1, y) && !mb_mp_vwall(m, x + 1, y))
				add_gap(p, MB_MP_RIGHT, x, y);
	for (int y = m->h - 1; y >= 0; y--)
		for (int x = 0; x < m->w; x++)
			if (inside(m, in, x, y) && !inside(m, in, x, y + 1) && !mb_mp_hwall(m, x, y + 1))
				add_gap(p, MB_MP_BOTTOM, x, y);
}

static void report_gaps(const struct mb_mp_proof *p, char *why, size_t len)
{
	char list[160] = "", name[40];

	for (size_t k = 0; k < p->ngaps && k < 4; k++) {
		mb_mp_gap_name(&p->gaps[k], name, sizeof name);
		snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", k ? ", " : "", name);
	}
	if (p->ngaps == 0)
		say(why, len, "no gap in the outer wall (a maze needs an entrance and an exit)");
	else if (p->ngaps == 1)
		say(why, len, "one gap in the outer wall (%s); a maze needs two", list);
	else
		say(why, len, "%zu gaps in the outer wall (%s%s); a maze needs two", p->ngaps, list,
		    p->ngaps > 4 ? ", ..." : "");
}

/* Count simple paths from s to t by exhaustive depth-first search, up to 2. */
static long count_routes(const struct mb_mp_maze *m, const unsigned char *in, int s, int t,
			 struct mb_mp_proof *p)
{
	size_t n = (size_t)m->w * (size_t)m->h;
	int *stack = mb_mp_xmalloc(n * sizeof *stack);
	unsigned char *next = mb_mp_xmalloc(n);
	unsigned char *on = mb_mp_xcalloc(n, 1);
	long found = 0, steps = 0;
	long top = 0;

	stack[0] = s;
	next[0] = 0;
	on[s] = 1;
	while (top >= 0) {
		int c = stack[top];

		if (++steps > MB_MP_SEARCH_BUDGET) {
			found = -1;
			break;
		}
		if (c == t && next[top] == 0) {
			if (++found == 1) {
				p->route = mb_mp_xmalloc((size_t)(top + 1) * sizeof *p->route);
				memcpy(p->route, stack, (size_t)(top + 1) * sizeof *stack);
				p->route_len = (size_t)top + 1;
			}
			if (found >= 2)
				break;
			next[top] = 4;	/* a route ends at the exit square */
		}
		if (next[top] >= 4) {
			on[c] = 0;
			top--;
			continue;
		}
		{
			int d = next[top]++, x = c % m->w, y = c / m->w;
			int nb = (y + dy[d]) * m->w + x + dx[d];

			if (is_open_in(m, in, x, y, d) && !on[nb]) {
				stack[++top] = nb;
				next[top] = 0;
				on[nb] = 1;
			}
		}
	}
	free(stack);
	free(next);
	free(on);
	return found;
}

/*
 * Name the loop that the opening a-b closes: the path from a to b in the
 * forest of openings kept so far, plus that opening.
 */
static void describe_loop(const struct mb_mp_maze *m, const unsigned char *tree, int a, int b,
			  char *buf, size_t len)
{
	int n = m->w * m->h, qh = 0, qt = 0, count = 0, shown = 0;
	int *from = mb_mp_xmalloc((size_t)n * sizeof *from);
	int *queue = mb_mp_xmalloc((size_t)n * sizeof *queue);
	size_t used;

	for (int c = 0; c < n; c++)
		from[c] = -2;
	from[a] = -1;
	queue[qt++] = a;
	while (qh < qt && from[b] == -2) {
		int c = queue[qh++], x = c % m->w, y = c / m->w;

		for (int d = 0; d < 4; d++) {
			int nb = (y + dy[d]) * m->w + x + dx[d];

			if ((tree[c] >> d & 1u) && from[nb] == -2) {
				from[nb] = c;
				queue[qt++] = nb;
			}
		}
	}
	int x0 = m->w, y0 = m->h, x1 = -1, y1 = -1;

	for (int c = b; c >= 0; c = from[c]) {
		count++;
		x0 = c % m->w < x0 ? c % m->w : x0;
		y0 = c / m->w < y0 ? c / m->w : y0;
		x1 = c % m->w > x1 ? c % m->w : x1;
		y1 = c / m->w > y1 ? c / m->w : y1;
	}
	snprintf(buf, len, "a loop of %d squares in the box (%d,%d)-(%d,%d):", count, x0, y0, x1, y1);
	for (int c = b; c >= 0 && shown < 8; c = from[c], shown++) {
		used = strlen(buf);
		snprintf(buf + used, len - used, " (%d,%d)", c % m->w, c / m->w);
	}
	if (count > shown) {
		used = strlen(buf);
		snprintf(buf + used, len - used, " ...");
	}
	free(from);
	free(queue);
}

/*
 * Count m's openings into p, keeping the spanning forest they make in tree
 * (directions per square) and the first opening that closes a loop in
 * *loop_a, *loop_b (-1 when none does).
 */
static void join_openings(const struct mb_mp_maze *m, const unsigned char *in,
			  struct mb_mp_proof *p, unsigned char *tree, int *loop_a, int *loop_b)
{
	int w = m->w, h = m->h, n = w * h;
	int *parent = mb_mp_xmalloc((size_t)n * sizeof *parent);

	for (int c = 0; c < n; c++)
		parent[c] = c;
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			for (int d = 1; d <= 2; d++) {
				int a = y * w + x, b = (y + dy[d]) * w + x + dx[d], ra, rb;

				if (!is_open_in(m, in, x, y, d))
					continue;
				p->openings++;
				ra = mb_mp_uf_root(parent, a);
				rb = mb_mp_uf_root(parent, b);
				if (ra == rb) {
					if (*loop_a < 0) {
						*loop_a = a;
						*loop_b = b;
					}
					continue;
				}
				parent[ra] = rb;
				tree[a] |= (unsigned char)(1u << d);
				tree[b] |= (unsigned char)(1u << ((d + 2) % 4));
			}
	free(parent);
}

/* the squares reached from start, marked in seen; returns how many */
static int reach_from(const struct mb_mp_maze *m, const unsigned char *in, int start,
		      unsigned char *seen)
{
	int w = m->w, n = m->w * m->h, qh = 0, qt = 0;
	int *queue = mb_mp_xmalloc((size_t)n * sizeof *queue);

	queue[qt++] = start;
	seen[start] = 1;
	while (qh < qt) {
		int c = queue[qh++], x = c % w, y = c / w;

		for (int d = 0; d < 4; d++) {
			int nb = (y + dy[d]) * w + x + dx[d];

			if (is_open_in(m, in, x, y, d) && !seen[nb]) {
				seen[nb] = 1;
				queue[qt++] = nb;
			}
		}
	}
	free(queue);
	return qt;
}

/* the number of routes between the two gaps, said when it is not one */
static void say_routes(const struct mb_mp_maze *m, const unsigned char *in, struct mb_mp_proof *p)
{
	int w = m->w, s = p->gaps[0].y * w + p->gaps[0].x, t = p->gaps[1].y * w + p->gaps[1].x;

	p->routes = count_routes(m, in, s, t, p);
	if (p->routes == 0)
		say(p->why, sizeof p->why, "no route from the entrance to the exit");
	else if (p->routes == 2)
		say(p->why, sizeof p->why, "two or more routes from the entrance to the exit");
	else if (p->routes < 0)
		say(p->why, sizeof p->why, "route count not settled after %ld search steps",
		    MB_MP_SEARCH_BUDGET);
}

/*
 * Where the two gaps must be (corners: not --any-gaps): a shaped maze's in
 * a top and a bottom side, a rectangle's at the top-left and bottom-right
 * squares.
 */
static void say_gap_places(const struct mb_mp_maze *m, bool shaped, struct mb_mp_proof *p)
{
	int w = m->w, h = m->h;

	if (shaped) {
		/* a shaped book prints START over its maze and FINISH under it */
		if (p->gaps[0].side != MB_MP_TOP || p->gaps[1].side != MB_MP_BOTTOM) {
			char a[40], b[40];

			mb_mp_gap_name(&p->gaps[0], a, sizeof a);
			mb_mp_gap_name(&p->gaps[1], b, sizeof b);
			say(p->why, sizeof p->why, "the gaps are at the %s and the %s, not in a top "
			    "and a bottom side", a, b);
		}
	} else {
		struct mb_mp_gap want[2] = { { MB_MP_TOP, 0, 0 }, { MB_MP_BOTTOM, w - 1, h - 1 } };
		static const char *const role[2] = { "entrance", "exit" };

		for (int k = 0; k < 2; k++) {
			char got[40], exp[40];

			if (p->gaps[k].side == want[k].side && p->gaps[k].x == want[k].x &&
			    p->gaps[k].y == want[k].y)
				continue;
			mb_mp_gap_name(&p->gaps[k], got, sizeof got);
			mb_mp_gap_name(&want[k], exp, sizeof exp);
			say(p->why, sizeof p->why, "the %s is at the %s, not at the %s", role[k], got, exp);
		}
	}
}

void mb_mp_prove(const struct mb_mp_maze *m, bool corners, struct mb_mp_proof *p)
{
	int w = m->w, h = m->h, n = w * h;
	unsigned char *seen = mb_mp_xcalloc((size_t)n, 1);
	unsigned char *tree = mb_mp_xcalloc((size_t)n, 1);	/* directions kept in the forest */
	int loop_a = -1, loop_b = -1, start, reached, first_unreached = -1;
	char loop[200] = "";
	unsigned char *in = mb_mp_xmalloc((size_t)n);
	bool shaped;

	memset(p, 0, sizeof *p);
	p->squares = maze_squares(m, in);
	shaped = p->squares < n;
	find_gaps(m, in, p);
	if (p->ngaps != 2)
		report_gaps(p, p->why, sizeof p->why);

	/* openings, and the first one that closes a loop */
	join_openings(m, in, p, tree, &loop_a, &loop_b);

	/* reachability from the entrance square */
	start = p->ngaps ? p->gaps[0].y * w + p->gaps[0].x : 0;
	reached = reach_from(m, in, start, seen);
	p->unreachable = p->squares - reached;
	for (int c = 0; c < n && first_unreached < 0; c++)
		if (!seen[c] && in[c])
			first_unreached = c;
	if (loop_a >= 0) {
		describe_loop(m, tree, loop_a, loop_b, loop, sizeof loop);
		say(p->why, sizeof p->why, "%s (%ld openings for %ld squares)", loop, p->openings,
		    p->squares);
	}
	else if (p->openings != p->squares - 1)
		say(p->why, sizeof p->why, "%ld openings for %ld squares", p->openings, p->squares);
	if (p->unreachable)
		say(p->why, sizeof p->why, "%ld square%s unreachable (first (%d,%d))", p->unreachable,
		    p->unreachable == 1 ? "" : "s", first_unreached % w, first_unreached / w);

	if (p->ngaps >= 2)
		say_routes(m, in, p);
	if (corners && p->ngaps == 2)
		say_gap_places(m, shaped, p);
	p->ok = p->why[0] == 0;
	free(in);
	free(tree);
	free(seen);
}

void mb_mp_proof_release(struct mb_mp_proof *p)
{
	free(p->route);
	memset(p, 0, sizeof *p);
}

/* Nodes of a drawn route: squares 0..w*h-1, then one outside node per piece
 * of the outer wall (top, bottom, left, right). */
static int outside_node(const struct mb_mp_maze *m, enum mb_mp_side side, int k)
{
	int base = m->w * m->h;

	switch (side) {
	case MB_MP_TOP:
		return base + k;
	case MB_MP_BOTTOM:
		return base + m->w + k;
	case MB_MP_LEFT:
		return base + 2 * m->w + k;
	default:
		return base + 2 * m->w + m->h + k;
	}
}

static void node_name(const struct mb_mp_maze *m, int node, char *buf, size_t len)
{
	int base = m->w * m->h, k = node - base;

	if (node < base)
		snprintf(buf, len, "(%d,%d)", node % m->w, node / m->w);
	else if (k < m->w)
		snprintf(buf, len, "outside the top of (%d,0)", k);
	else if (k < 2 * m->w)
		snprintf(buf, len, "outside the bottom of (%d,%d)", k - m->w, m->h - 1);
	else if (k < 2 * m->w + m->h)
		snprintf(buf, len, "outside the left of (0,%d)", k - 2 * m->w);
	else
		snprintf(buf, len, "outside the right of (%d,%d)", m->w - 1, k - 2 * m->w - m->h);
}

static bool is_entrance_or_exit(const struct mb_mp_maze *m, const struct mb_mp_gap *g, int node)
{
	int k = g->side == MB_MP_TOP || g->side == MB_MP_BOTTOM ? g->x : g->y;
	/* the square beyond the gap: outside the lattice, or one the shape leaves out */
	int bx = g->x + (g->side == MB_MP_LEFT ? -1 : g->side == MB_MP_RIGHT ? 1 : 0);
	int by = g->y + (g->side == MB_MP_TOP ? -1 : g->side == MB_MP_BOTTOM ? 1 : 0);
	bool beyond_in = bx >= 0 && by >= 0 && bx < m->w && by < m->h;

	return node == g->y * m->w + g->x || node == outside_node(m, g->side, k) ||
	       (beyond_in && node == by * m->w + bx);
}

/* Say where copy's walls differ from puzzle's (the same size). */
static void say_wall_differences(const struct mb_mp_maze *puzzle, const struct mb_mp_maze *copy,
				 char *why, size_t whylen)
{
	int w = copy->w, h = copy->h;
	long diffs = 0;

	for (int j = 0; j <= h; j++)
		for (int i = 0; i < w; i++)
			if (mb_mp_hwall(copy, i, j) != mb_mp_hwall(puzzle, i, j) && diffs++ == 0)
				say(why, whylen, "the solution copy's walls differ from the maze page's "
				    "(first: the %s wall of (%d,%d))", j < h ? "top" : "bottom", i,
				    j < h ? j : h - 1);
	for (int j = 0; j < h; j++)
		for (int i = 0; i <= w; i++)
			if (mb_mp_vwall(copy, i, j) != mb_mp_vwall(puzzle, i, j) && diffs++ == 0)
				say(why, whylen, "the solution copy's walls differ from the maze page's "
				    "(first: the %s wall of (%d,%d))", i < w ? "left" : "right",
				    i < w ? i : w - 1, j);
	if (diffs > 1)
		say(why, whylen, "%ld walls differ in all", diffs);
}

/*
 * The drawn route of copy as a graph of nodes (squares and the outside of
 * each piece of the rim): deg counts each node's steps, parent joins the
 * nodes a step links. Says the walls it crosses.
 */
static void route_graph(const struct mb_mp_maze *copy, int *deg, int *parent, char *why,
			size_t whylen)
{
	int w = copy->w, h = copy->h, crossings = 0;
	char a_name[48], b_name[48];

	for (size_t k = 0; k < copy->nsteps; k++) {
		const struct mb_mp_step *s = &copy->steps[k];
		int a, b;
		bool wall;

		if (s->vertical) {	/* line x = i in row j */
			a = s->i > 0 ? s->j * w + s->i - 1 : outside_node(copy, MB_MP_LEFT, s->j);
			b = s->i < w ? s->j * w + s->i : outside_node(copy, MB_MP_RIGHT, s->j);
			wall = mb_mp_vwall(copy, s->i, s->j);
		} else {		/* line y = j in column i */
			a = s->j > 0 ? (s->j - 1) * w + s->i : outside_node(copy, MB_MP_TOP, s->i);
			b = s->j < h ? s->j * w + s->i : outside_node(copy, MB_MP_BOTTOM, s->i);
			wall = mb_mp_hwall(copy, s->i, s->j);
		}
		if (wall && crossings++ == 0) {
			node_name(copy, a, a_name, sizeof a_name);
			node_name(copy, b, b_name, sizeof b_name);
			say(why, whylen, "the solution crosses a wall at %s-%s", a_name, b_name);
		}
		deg[a]++;
		deg[b]++;
		parent[mb_mp_uf_root(parent, a)] = mb_mp_uf_root(parent, b);
	}
	if (crossings > 1)
		say(why, whylen, "it crosses %d walls in all", crossings);
}

/* Is the route graph one path from the entrance to the exit? Says why not. */
static void say_path_shape(const struct mb_mp_maze *copy, const struct mb_mp_proof *proof,
			   const int *deg, int *parent, int nodes, char *why, size_t whylen)
{
	int ends[2], nends = 0, pieces = 0;
	char a_name[48], b_name[48];

	for (int k = 0; k < nodes; k++) {
		if (!deg[k])
			continue;
		if (mb_mp_uf_root(parent, k) == k)
			pieces++;
		if (deg[k] > 2) {
			node_name(copy, k, a_name, sizeof a_name);
			say(why, whylen, "the drawn solution branches at %s", a_name);
		}
		if (deg[k] == 1 && nends++ < 2)
			ends[nends - 1] = k;
	}
	if (pieces > 1)
		say(why, whylen, "the drawn solution is in %d pieces", pieces);
	else if (nends != 2)
		say(why, whylen, "the drawn solution is not a path with two ends");
	else if (proof->ngaps == 2 &&
		 !((is_entrance_or_exit(copy, &proof->gaps[0], ends[0]) &&
		    is_entrance_or_exit(copy, &proof->gaps[1], ends[1])) ||
		   (is_entrance_or_exit(copy, &proof->gaps[0], ends[1]) &&
		    is_entrance_or_exit(copy, &proof->gaps[1], ends[0])))) {
		char e0[40], e1[40];

		node_name(copy, ends[0], a_name, sizeof a_name);
		node_name(copy, ends[1], b_name, sizeof b_name);
		mb_mp_gap_name(&proof->gaps[0], e0, sizeof e0);
		mb_mp_gap_name(&proof->gaps[1], e1, sizeof e1);
		say(why, whylen, "the drawn solution runs from %s to %s, not from the entrance (%s) "
		    "to the exit (%s)", a_name, b_name, e0, e1);
	}
}

/* A simple path between the right ends must visit the route's squares, and no others. */
static void say_off_route(const struct mb_mp_maze *copy, const struct mb_mp_proof *proof,
			  const int *deg, unsigned char *on_route, char *why, size_t whylen)
{
	int w = copy->w, h = copy->h;
	unsigned char *in = mb_mp_xmalloc((size_t)w * (size_t)h);
	char a_name[48];

	maze_squares(copy, in);
	for (size_t k = 0; k < proof->route_len; k++)
		on_route[proof->route[k]] = 1;
	for (int k = 0; k < w * h; k++)
		if (in[k] && (deg[k] > 0) != (on_route[k] != 0)) {
			node_name(copy, k, a_name, sizeof a_name);
			say(why, whylen, "the drawn solution is not the maze's one route (it %s %s)",
			    deg[k] ? "visits" : "misses", a_name);
			break;
		}
	free(in);
}

bool mb_mp_check_solution(const struct mb_mp_maze *puzzle, const struct mb_mp_proof *proof,
			  const struct mb_mp_maze *copy, char *why, size_t whylen)
{
	int w = copy->w, h = copy->h, nodes = w * h + 2 * w + 2 * h;
	int *deg, *parent;
	unsigned char *on_route;

	why[0] = 0;
	if (w != puzzle->w || h != puzzle->h) {
		say(why, whylen, "the solution copy is %dx%d, the maze page %dx%d", w, h, puzzle->w,
		    puzzle->h);
		return false;
	}
	say_wall_differences(puzzle, copy, why, whylen);
	if (copy->route_problem[0])
		say(why, whylen, "the solution has %s", copy->route_problem);
	if (copy->nsteps == 0) {
		say(why, whylen, "the drawn solution crosses no square side");
		return false;
	}

	deg = mb_mp_xcalloc((size_t)nodes, sizeof *deg);
	parent = mb_mp_xmalloc((size_t)nodes * sizeof *parent);
	on_route = mb_mp_xcalloc((size_t)nodes, 1);
	for (int k = 0; k < nodes; k++)
		parent[k] = k;
	route_graph(copy, deg, parent, why, whylen);
	say_path_shape(copy, proof, deg, parent, nodes, why, whylen);
	if (!why[0])
		say_off_route(copy, proof, deg, on_route, why, whylen);
	free(deg);
	free(parent);
	free(on_route);
	return why[0] == 0;
}
