/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* The open walls over a grid and the two gaps; see include/mazebook/maze/maze.h. */
#include "config.h"
#include "mazebook/maze/maze.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"

size_t mb_maze_open_size(const struct mb_maze *m)
{
	if (m->grid->lat)
		return m->grid->lat->walls > 0 ? (size_t)m->grid->lat->walls : 1;
	return (size_t)m->w * (size_t)m->h;
}

struct mb_maze *mb_maze_new_on(struct mb_grid *grid)
{
	struct mb_maze *m = xmalloc(sizeof(*m));

	m->w = grid->w;
	m->h = grid->h;
	m->grid = grid;
	m->open = xcalloc(mb_maze_open_size(m), 1);
	mb_grid_ref(grid);
	mb_grid_default_gaps(grid, &m->entrance, &m->exit);
	return m;
}

struct mb_maze *mb_maze_new(int w, int h, struct mb_error *err)
{
	struct mb_grid *g = mb_grid_new_rect(w, h, err);
	struct mb_maze *m;

	if (!g)
		return NULL;
	m = mb_maze_new_on(g);
	mb_grid_free(g);
	return m;
}

void mb_maze_free(struct mb_maze *m)
{
	if (!m)
		return;
	mb_grid_free(m->grid);
	free(m->open);
	free(m);
}

struct mb_maze *mb_maze_copy(const struct mb_maze *m)
{
	struct mb_maze *c = mb_maze_new_on(m->grid);

	memcpy(c->open, m->open, mb_maze_open_size(m));
	c->entrance = m->entrance;
	c->exit = m->exit;
	return c;
}

enum mb_status mb_maze_set_gaps(struct mb_maze *m, struct mb_side entrance,
				struct mb_side exit, struct mb_error *err)
{
	const struct mb_side *s[2] = { &entrance, &exit };
	static const char *const what[2] = { "entrance", "exit" };

	for (int k = 0; k < 2; k++) {
		int c = s[k]->cell;

		if (m->grid->lat) {
			bool inside = k == 1 && s[k]->dir == MB_SIDE_INSIDE;

			if (c < 0 || c >= m->grid->cells ||
			    (!inside && ((int)s[k]->dir < 0 ||
					 (int)s[k]->dir >= mb_grid_degree(m->grid, c) ||
					 !mb_grid_is_rim(m->grid, c, s[k]->dir))))
				return mb_error_set(err, MB_ERR_INPUT,
						    "the %s (cell %d, side %d) is not a side of the rim",
						    what[k], c, (int)s[k]->dir);
			continue;
		}
		if (c < 0 || c >= m->w * m->h || !mb_maze_is_cell(m, c % m->w, c / m->w) ||
		    (unsigned)s[k]->dir > MB_WEST || !mb_grid_is_rim(m->grid, c, s[k]->dir))
			return mb_error_set(err, MB_ERR_INPUT,
					    "the %s (square %d, side %d) is not a side of the rim",
					    what[k], c, (int)s[k]->dir);
	}
	if (entrance.cell == exit.cell && entrance.dir == exit.dir)
		return mb_error_set(err, MB_ERR_INPUT, "the entrance and the exit are the same side");
	m->entrance = entrance;
	m->exit = exit;
	return MB_OK;
}

void mb_maze_reset(struct mb_maze *m)
{
	memset(m->open, 0, mb_maze_open_size(m));
}

/* the same cells, sides and walls (so the open bytes mean the same) */
static bool same_lattice(const struct mb_grid *a, const struct mb_grid *b)
{
	const struct mb_lattice *p = a->lat, *q = b->lat;

	if (a == b)
		return true;
	if (p->walls != q->walls || p->rims != q->rims || p->rings != q->rings ||
	    p->cols != q->cols || p->rows != q->rows || p->outline != q->outline)
		return false;
	return !memcmp(p->first, q->first, ((size_t)a->cells + 1) * sizeof(int)) &&
	       !memcmp(p->ca, q->ca, (size_t)a->cells * sizeof(int)) &&
	       !memcmp(p->cb, q->cb, (size_t)a->cells * sizeof(int));
}

bool mb_maze_equal(const struct mb_maze *a, const struct mb_maze *b)
{
	if (a->w != b->w || a->h != b->h || a->grid->kind != b->grid->kind ||
	    memcmp(&a->entrance, &b->entrance, sizeof(a->entrance)) ||
	    memcmp(&a->exit, &b->exit, sizeof(a->exit)))
		return false;
	if (a->grid->lat)
		return same_lattice(a->grid, b->grid) &&
		       !memcmp(a->open, b->open, mb_maze_open_size(a));
	if (a->grid->in && memcmp(a->grid->in, b->grid->in, (size_t)a->w * (size_t)a->h))
		return false;
	return !memcmp(a->open, b->open, (size_t)a->w * (size_t)a->h);
}

/* the general case: a rim side is open only at a gap */
static bool mask_is_open(const struct mb_maze *m, int x, int y, enum mb_dir dir)
{
	int i = y * m->w + x;

	if (!mb_maze_is_cell(m, x, y))
		return false;
	if (!mb_maze_is_cell(m, x + mb_dir_dx[dir], y + mb_dir_dy[dir]))
		return mb_maze_is_gap(m, i, dir);
	switch (dir) {
	case MB_NORTH:
		return m->open[i - m->w] & MB_OPEN_SOUTH;
	case MB_SOUTH:
		return m->open[i] & MB_OPEN_SOUTH;
	case MB_WEST:
		return m->open[i - 1] & MB_OPEN_EAST;
	case MB_EAST:
		return m->open[i] & MB_OPEN_EAST;
	}
	BUG("bad direction %d", (int)dir);
}

/* a graph grid's side: its wall's byte, or at the rim the gaps */
static bool graph_is_open(const struct mb_maze *m, int c, enum mb_dir dir)
{
	const struct mb_grid_side *s = mb_grid_side_at(m->grid, c, (int)dir);

	return s->nb < 0 ? mb_maze_is_gap(m, c, dir) : m->open[s->wall] != 0;
}

bool mb_maze_is_open(const struct mb_maze *m, int x, int y, enum mb_dir dir)
{
	if (m->grid->lat)
		return graph_is_open(m, x, dir);
	if (m->grid->kind != MB_GRID_RECT || m->entrance.cell != 0 ||
	    m->exit.cell != m->w * m->h - 1 || m->entrance.dir != MB_NORTH ||
	    m->exit.dir != MB_SOUTH)
		return mask_is_open(m, x, y, dir);
	switch (dir) {
	case MB_NORTH:
		if (y == 0)
			return x == 0;
		return m->open[(y - 1) * m->w + x] & MB_OPEN_SOUTH;
	case MB_SOUTH:
		if (y == m->h - 1)
			return x == m->w - 1;
		return m->open[y * m->w + x] & MB_OPEN_SOUTH;
	case MB_WEST:
		if (x == 0)
			return false;
		return m->open[y * m->w + x - 1] & MB_OPEN_EAST;
	case MB_EAST:
		if (x == m->w - 1)
			return false;
		return m->open[y * m->w + x] & MB_OPEN_EAST;
	}
	BUG("bad direction %d", (int)dir);
}

bool mb_maze_wall_h(const struct mb_maze *m, int x, int y)
{
	if (m->grid->lat)
		BUG("lattice lines asked of a %s grid", mb_grid_kind_name(m->grid->kind));
	if (y < m->h && mb_maze_is_cell(m, x, y))
		return !mb_maze_is_open(m, x, y, MB_NORTH);
	if (y > 0 && mb_maze_is_cell(m, x, y - 1))
		return !mb_maze_is_open(m, x, y - 1, MB_SOUTH);
	return false;
}

bool mb_maze_wall_v(const struct mb_maze *m, int x, int y)
{
	if (m->grid->lat)
		BUG("lattice lines asked of a %s grid", mb_grid_kind_name(m->grid->kind));
	if (x < m->w && mb_maze_is_cell(m, x, y))
		return !mb_maze_is_open(m, x, y, MB_WEST);
	if (x > 0 && mb_maze_is_cell(m, x - 1, y))
		return !mb_maze_is_open(m, x - 1, y, MB_EAST);
	return false;
}

void mb_maze_gap_point(const struct mb_maze *m, bool exit, double beyond, double *x, double *y)
{
	const struct mb_side *s = exit ? &m->exit : &m->entrance;

	mb_grid_centre(m->grid, s->cell, x, y);
	if (m->grid->lat) {
		struct mb_wall_shape sh;
		double mx, my;

		if (s->dir == MB_SIDE_INSIDE)
			return;	/* the centre itself */
		/* along the line from the centre through the gap's middle */
		mb_grid_wall_shape(m->grid, s->cell, s->dir, &sh);
		if (sh.arc) {
			double a = (sh.a0 + sh.a1) / 2;

			mx = sh.r * cos(a);
			my = sh.r * sin(a);
		} else {
			mx = (sh.seg.x0 + sh.seg.x1) / 2;
			my = (sh.seg.y0 + sh.seg.y1) / 2;
		}
		double len = hypot(mx - *x, my - *y), f = len > 0 ? (len - 0.5 + beyond) / len : 0;

		*x += (mx - *x) * f;
		*y += (my - *y) * f;
		return;
	}
	*x += mb_dir_dx[s->dir] * beyond;
	*y += mb_dir_dy[s->dir] * beyond;
}

void mb_maze_set_open(struct mb_maze *m, int x, int y, enum mb_dir dir, bool open)
{
	int nx = x + mb_dir_dx[dir], ny = y + mb_dir_dy[dir];
	uint8_t bit;

	if (m->grid->lat) {
		const struct mb_grid_side *s = mb_grid_side_at(m->grid, x, (int)dir);

		if (s->nb < 0)
			BUG("side %d of cell %d is on the rim", (int)dir, x);
		m->open[s->wall] = open;
		return;
	}
	if (!mb_maze_is_cell(m, x, y) || !mb_maze_is_cell(m, nx, ny))
		BUG("wall %d of (%d,%d) is on the boundary of a %dx%d maze",
		    (int)dir, x, y, m->w, m->h);
	/* the wall lives in the square west of it or north of it */
	if (dir == MB_WEST || dir == MB_NORTH) {
		x = nx;
		y = ny;
	}
	bit = (dir == MB_EAST || dir == MB_WEST) ? MB_OPEN_EAST : MB_OPEN_SOUTH;
	if (open)
		m->open[y * m->w + x] |= bit;
	else
		m->open[y * m->w + x] &= (uint8_t)~bit;
}

void mb_maze_link(struct mb_maze *m, int a, int b)
{
	int lo = a < b ? a : b, hi = a < b ? b : a;

	if (m->grid->lat) {
		int deg = lo >= 0 && hi < m->grid->cells ? mb_grid_degree(m->grid, a) : 0;

		for (int k = 0; k < deg; k++) {
			const struct mb_grid_side *s = mb_grid_side_at(m->grid, a, k);

			if (s->nb == b) {
				m->open[s->wall] = 1;
				return;
			}
		}
		BUG("cells %d and %d of a %s grid are not neighbours", a, b,
		    mb_grid_kind_name(m->grid->kind));
	}
	if (lo < 0 || hi >= m->w * m->h || !mb_maze_is_cell(m, lo % m->w, lo / m->w) ||
	    !mb_maze_is_cell(m, hi % m->w, hi / m->w))
		BUG("squares %d and %d are not both cells of the maze", a, b);
	if (hi == lo + m->w)
		m->open[lo] |= MB_OPEN_SOUTH;
	else if (hi == lo + 1 && hi % m->w != 0)
		m->open[lo] |= MB_OPEN_EAST;
	else
		BUG("squares %d and %d of a %dx%d maze are not adjacent", a, b, m->w, m->h);
}

int mb_maze_degree(const struct mb_maze *m, int x, int y)
{
	int d = 0, deg = mb_grid_degree(m->grid, y * m->w + x);

	for (int dir = 0; dir < deg; dir++)
		d += mb_maze_is_open(m, x, y, (enum mb_dir)dir);
	return d;
}

long mb_maze_openings(const struct mb_maze *m)
{
	long n = 0;
	size_t count = mb_maze_open_size(m);

	if (m->grid->lat) {
		for (int i = 0; i < m->grid->lat->walls; i++)
			n += m->open[i] != 0;
		return n;
	}
	for (size_t i = 0; i < count; i++)
		n += (m->open[i] & MB_OPEN_EAST ? 1 : 0) + (m->open[i] & MB_OPEN_SOUTH ? 1 : 0);
	return n;
}

static bool parse_side(const char *s, char **end, int *out)
{
	long v;

	if (*s < '0' || *s > '9')
		return false;
	errno = 0;
	v = strtol(s, end, 10);
	if (errno || v > 1000000)
		v = 1000000;	/* still out of range, reported below */
	*out = (int)v;
	return true;
}

enum mb_status mb_maze_parse_size(const char *text, int *w, int *h, struct mb_error *err)
{
	char *end;
	int pw, ph;

	if (!parse_side(text, &end, &pw) || (*end != 'x' && *end != 'X') ||
	    !parse_side(end + 1, &end, &ph) || *end)
		return mb_error_set(err, MB_ERR_INPUT,
				    "bad size '%s' (expected WxH, e.g. 16x20, each side 1 to %d)",
				    text, MB_MAZE_MAX_SIDE);
	if (pw < 1 || ph < 1 || pw > MB_MAZE_MAX_SIDE || ph > MB_MAZE_MAX_SIDE)
		return mb_error_set(err, MB_ERR_INPUT,
				    "size '%s' is out of range (each side 1 to %d squares)",
				    text, MB_MAZE_MAX_SIDE);
	*w = pw;
	*h = ph;
	return MB_OK;
}
