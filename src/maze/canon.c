/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The canonical form and key of a maze; the form is documented in
 * include/mazebook/maze/canon.h. Each symmetry maps every open inner wall and
 * both ends of the original onto the turned or mirrored grid, the form of
 * each is written out, and the smallest is hashed.
 */
#include "config.h"
#include "mazebook/maze/canon.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"

static const int dx[4] = { 0, 1, 0, -1 };
static const int dy[4] = { -1, 0, 1, 0 };
static const char dir_letter[4] = { 'N', 'E', 'S', 'W' };

/* the direction with vector (x, y) */
static int dir_of(int x, int y)
{
	for (int d = 0; d < 4; d++)
		if (dx[d] == x && dy[d] == y)
			return d;
	BUG("no direction (%d, %d)", x, y);
}

/*
 * Symmetry t: bit 2 transposes (x, y) -> (y, x), then bit 0 mirrors
 * left-right and bit 1 top-bottom on the grid that results.
 */
static void map_square(int t, int w, int h, int x, int y, int *ox, int *oy)
{
	int nw = t & 4 ? h : w, nh = t & 4 ? w : h;
	int nx = t & 4 ? y : x, ny = t & 4 ? x : y;

	*ox = t & 1 ? nw - 1 - nx : nx;
	*oy = t & 2 ? nh - 1 - ny : ny;
}

static int map_dir(int t, int d)
{
	int x = t & 4 ? dy[d] : dx[d], y = t & 4 ? dx[d] : dy[d];

	return dir_of(t & 1 ? -x : x, t & 2 ? -y : y);
}

static struct mb_canon_side map_side(int t, int w, int h, struct mb_canon_side s)
{
	struct mb_canon_side o;

	map_square(t, w, h, s.x, s.y, &o.x, &o.y);
	o.dir = map_dir(t, s.dir);
	return o;
}

static bool side_before(struct mb_canon_side a, struct mb_canon_side b)
{
	if (a.y != b.y)
		return a.y < b.y;
	if (a.x != b.x)
		return a.x < b.x;
	return a.dir < b.dir;
}

char *mb_canon_form(const struct mb_canon_grid *g, int t, size_t *len)
{
	int w = g->width, h = g->height;
	int nw = t & 4 ? h : w, nh = t & 4 ? w : h;
	size_t head_max = 64, size = head_max + (size_t)nh * ((size_t)nw + 1) + 64;
	char *out = xmalloc(size), *rows;
	struct mb_canon_side a, b;
	size_t used;

	if (t < 0 || t > 7)
		BUG("symmetry %d", t);
	used = (size_t)snprintf(out, head_max, "mazebook-canon %d\nrect %d %d\n",
				MB_CANON_VERSION, nw, nh);
	rows = out + used;
	for (int y = 0; y < nh; y++) {
		memset(rows + (size_t)y * ((size_t)nw + 1), '0', (size_t)nw);
		rows[(size_t)y * ((size_t)nw + 1) + (size_t)nw] = '\n';
	}
	/* every inner wall once, as the east or south wall of the square west or north of it */
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			for (int d = 1; d <= 2; d++) {
				int tx, ty, td;

				if ((d == 1 && x == w - 1) || (d == 2 && y == h - 1) ||
				    !g->is_open(g->maze, x, y, d))
					continue;
				map_square(t, w, h, x, y, &tx, &ty);
				td = map_dir(t, d);
				if (td == 3)
					tx--, td = 1;	/* the east wall of the square to the west */
				else if (td == 0)
					ty--, td = 2;
				rows[(size_t)ty * ((size_t)nw + 1) + (size_t)tx] += td == 1 ? 1 : 2;
			}
	used += (size_t)nh * ((size_t)nw + 1);
	a = map_side(t, w, h, g->entrance);
	b = map_side(t, w, h, g->exit);
	if (side_before(b, a)) {
		struct mb_canon_side s = a;

		a = b;
		b = s;
	}
	used += (size_t)snprintf(out + used, size - used, "ends %d %d %c %d %d %c\n", a.x, a.y,
				 dir_letter[a.dir], b.x, b.y, dir_letter[b.dir]);
	*len = used;
	return out;
}

void mb_canon_key(const struct mb_canon_grid *g, char key[MB_CANON_KEY_SIZE])
{
	char *best = NULL;
	size_t best_len = 0;

	for (int t = 0; t < 8; t++) {
		size_t len;
		char *form = mb_canon_form(g, t, &len);
		size_t common = len < best_len ? len : best_len;
		int c = best ? memcmp(form, best, common) : -1;

		if (!best || c < 0 || (c == 0 && len < best_len)) {
			free(best);
			best = form;
			best_len = len;
		} else {
			free(form);
		}
	}
	mb_sha256_hex(best, best_len, key);
	free(best);
}

static bool maze_is_open(const void *maze, int x, int y, int dir)
{
	return mb_maze_is_open(maze, x, y, (enum mb_dir)dir);
}

void mb_canon_grid_of_maze(const struct mb_maze *m, struct mb_canon_grid *g)
{
	*g = (struct mb_canon_grid){
		.maze = m,
		.width = m->w,
		.height = m->h,
		.is_open = maze_is_open,
		/* the maze's own gaps: a silhouette's need not be the corners */
		.entrance = { m->entrance.cell % m->w, m->entrance.cell / m->w, m->entrance.dir },
		.exit = { m->exit.cell % m->w, m->exit.cell / m->w, m->exit.dir },
	};
}

/* ---- graph grids (polar, hex, delta) ---- */

#define LATTICE_EPS 1e-6

/*
 * Symmetry t of a graph grid (0..MB_CANON_LATTICE_SYMMETRIES-1): a turn
 * by (t % 6) * 60 degrees about the centroid of the cell centres, after
 * a mirror left-right about it when t >= 6. Only those that map every
 * cell centre onto a cell centre and every rim side onto a rim side are
 * real on this grid (lattice_map() says which).
 */
static void map_point(int t, double mx, double my, double x, double y, double *ox, double *oy)
{
	static const double cs[6] = { 1, 0.5, -0.5, -1, -0.5, 0.5 };
	static const double sn[6] = { 0, 0.86602540378443865, 0.86602540378443865, 0,
				      -0.86602540378443865, -0.86602540378443865 };
	double u = x - mx, v = y - my;

	if (t >= 6)
		u = -u;
	*ox = mx + cs[t % 6] * u - sn[t % 6] * v;
	*oy = my + sn[t % 6] * u + cs[t % 6] * v;
}

/* the cells sorted by centre x, to find a cell by its centre */
struct centre_key {
	double x, y;
	int cell;
};

struct centre_index {
	int n;
	struct centre_key *keys;
};

static int cmp_centre_x(const void *a, const void *b)
{
	const struct centre_key *p = a, *q = b;

	if (p->x != q->x)
		return (p->x > q->x) - (p->x < q->x);
	return (p->cell > q->cell) - (p->cell < q->cell);
}

static void index_centres(const struct mb_grid *g, struct centre_index *ix)
{
	ix->n = g->cells;
	ix->keys = xmallocarray((size_t)g->cells, sizeof(*ix->keys));
	for (int c = 0; c < g->cells; c++)
		ix->keys[c] = (struct centre_key){ g->lat->cx[c], g->lat->cy[c], c };
	qsort(ix->keys, (size_t)g->cells, sizeof(*ix->keys), cmp_centre_x);
}

/* the cell whose centre is (x, y), or -1 */
static int find_cell(const struct centre_index *ix, double x, double y)
{
	int lo = 0, hi = ix->n;

	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;

		if (ix->keys[mid].x < x - LATTICE_EPS)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (int i = lo; i < ix->n && ix->keys[i].x <= x + LATTICE_EPS; i++)
		if (fabs(ix->keys[i].y - y) <= LATTICE_EPS)
			return ix->keys[i].cell;
	return -1;
}

/* the midpoint of a wall shape (of an arc: on the arc) */
static void shape_mid(const struct mb_wall_shape *w, double *x, double *y)
{
	if (w->arc) {
		double a = (w->a0 + w->a1) / 2;

		*x = w->r * cos(a);
		*y = w->r * sin(a);
	} else {
		*x = (w->seg.x0 + w->seg.x1) / 2;
		*y = (w->seg.y0 + w->seg.y1) / 2;
	}
}

/* the side of cell c leading to cell nb (-1: the rim side whose midpoint is (x, y)), or -1 */
static int find_side(const struct mb_grid *g, int c, int nb, double x, double y)
{
	for (int k = 0; k < mb_grid_degree(g, c); k++) {
		const struct mb_grid_side *s = mb_grid_side_at(g, c, k);
		double mx, my;

		if (s->nb != nb)
			continue;
		if (nb >= 0)
			return k;
		shape_mid(&g->lat->rim_shape[s->wall], &mx, &my);
		if (fabs(mx - x) <= LATTICE_EPS && fabs(my - y) <= LATTICE_EPS)
			return k;
	}
	return -1;
}

/* a symmetry's action: where each cell and each inner wall goes */
struct lattice_map {
	int *cell, *wall;
};

/*
 * Map every cell and inner wall of g under symmetry t; false when t is
 * not a symmetry of g (some centre or wall lands on none).
 */
static bool lattice_map(const struct mb_grid *g, const struct centre_index *ix, int t,
			double mx, double my, struct lattice_map *out)
{
	const struct mb_lattice *lat = g->lat;

	for (int c = 0; c < g->cells; c++) {
		double x, y;

		map_point(t, mx, my, lat->cx[c], lat->cy[c], &x, &y);
		out->cell[c] = find_cell(ix, x, y);
		if (out->cell[c] < 0 || mb_grid_degree(g, out->cell[c]) != mb_grid_degree(g, c))
			return false;
	}
	for (int w = 0; w < lat->walls; w++) {
		int a = out->cell[lat->wall_cells[w][0]], b = out->cell[lat->wall_cells[w][1]];
		int k = find_side(g, a, b, 0, 0);

		if (k < 0)
			return false;
		out->wall[w] = mb_grid_side_at(g, a, k)->wall;
	}
	/* a rim side must land on a rim side too, or the gaps could not follow */
	for (int r = 0; r < lat->rims; r++) {
		double x, y;

		shape_mid(&lat->rim_shape[r], &x, &y);
		map_point(t, mx, my, x, y, &x, &y);
		if (find_side(g, out->cell[lat->rim_side[r].cell], -1, x, y) < 0)
			return false;
	}
	return true;
}

/* a gap under the map: its cell and side (MB_SIDE_INSIDE stays inside) */
static struct mb_side map_gap(const struct mb_grid *g, int t, double mx, double my,
			      const struct lattice_map *map, struct mb_side s)
{
	const struct mb_grid_side *side;
	struct mb_side o = { map->cell[s.cell], s.dir };
	double x, y;

	if (s.dir == MB_SIDE_INSIDE)
		return o;
	side = mb_grid_side_at(g, s.cell, (int)s.dir);
	shape_mid(&g->lat->rim_shape[side->wall], &x, &y);
	map_point(t, mx, my, x, y, &x, &y);
	o.dir = (enum mb_dir)find_side(g, o.cell, -1, x, y);
	if ((int)o.dir < 0)
		BUG("rim side %d of cell %d has no image under symmetry %d", (int)s.dir, s.cell, t);
	return o;
}

static bool gap_before(struct mb_side a, struct mb_side b)
{
	return a.cell != b.cell ? a.cell < b.cell : (int)a.dir < (int)b.dir;
}

static size_t put_gap(char *out, size_t size, struct mb_side s)
{
	if (s.dir == MB_SIDE_INSIDE)
		return (size_t)snprintf(out, size, " %d inside", s.cell);
	return (size_t)snprintf(out, size, " %d %d", s.cell, (int)s.dir);
}

/*
 * The open bits in the grid's wall order, 64 to a line: wall w's bit is
 * 1 when the wall that map moves onto w is open. Returns the bytes written.
 */
static size_t put_bits(char *bits, const struct mb_maze *m, const struct lattice_map *map)
{
	size_t nbits = (size_t)m->grid->lat->walls, lines = (nbits + 63) / 64;

	memset(bits, '0', nbits + lines);
	for (size_t l = 0; l < lines; l++)
		bits[l * 65 + (l + 1 < lines ? 64 : nbits - l * 64)] = '\n';
	for (size_t w = 0; w < nbits; w++)
		if (m->open[w]) {
			size_t to = map ? (size_t)map->wall[w] : w;

			bits[to / 64 * 65 + to % 64] = '1';
		}
	return nbits + lines;
}

/*
 * The head of m's form (every line before the bits): the same under every
 * symmetry, since each maps the grid onto itself.
 */
static char *lattice_head(const struct mb_maze *m, size_t extra, size_t *len)
{
	const struct mb_grid *g = m->grid;
	const struct mb_lattice *lat = g->lat;
	bool coords = g->kind != MB_GRID_POLAR;
	size_t size = 128 + (coords ? (size_t)g->cells * 24 : 0) + extra;
	char *out = xmalloc(size), desc[64];
	size_t used;

	mb_grid_describe(g, desc, sizeof(desc));
	used = (size_t)snprintf(out, size, "mazebook-canon %d\ngrid %s\ncells %d walls %d\n",
				MB_CANON_VERSION, desc, g->cells, lat->walls);
	/* a hex or delta grid may be masked: its cells' own coordinates tell which */
	for (int c = 0; coords && c < g->cells; c++)
		used += (size_t)snprintf(out + used, size - used, "%d %d\n", lat->ca[c],
					 lat->cb[c]);
	*len = used;
	return out;
}

/* room for the tail: the bits with their newlines and the ends line */
static size_t tail_size(const struct mb_maze *m)
{
	size_t walls = (size_t)m->grid->lat->walls;

	return walls + walls / 64 + 2 + 64;
}

/*
 * The tail of the form under symmetry t (map NULL: as it is) into out
 * (tail_size bytes): the bits, then the ends. Returns its length.
 */
static size_t lattice_tail(char *out, const struct mb_maze *m, int t, double mx, double my,
			   const struct lattice_map *map)
{
	size_t size = tail_size(m), used = put_bits(out, m, map);
	struct mb_side a = m->entrance, b = m->exit;

	if (map) {
		a = map_gap(m->grid, t, mx, my, map, a);
		b = map_gap(m->grid, t, mx, my, map, b);
	}
	if (gap_before(b, a)) {
		struct mb_side x = a;

		a = b;
		b = x;
	}
	used += (size_t)snprintf(out + used, size - used, "ends");
	used += put_gap(out + used, size - used, a);
	used += put_gap(out + used, size - used, b);
	used += (size_t)snprintf(out + used, size - used, "\n");
	return used;
}

/* the centroid of g's cell centres: every symmetry of the cells keeps it */
static void centroid(const struct mb_grid *g, double *mx, double *my)
{
	double sx = 0, sy = 0;

	for (int c = 0; c < g->cells; c++) {
		sx += g->lat->cx[c];
		sy += g->lat->cy[c];
	}
	*mx = sx / g->cells;
	*my = sy / g->cells;
}

/*
 * The symmetries of the last graph grid keyed, and where each moves its
 * cells and walls: they depend on the grid alone, and a book keys many
 * mazes of one grid (working them out is most of a key's cost: about 10
 * ms on a 4,315-cell circle, against under 1 ms for the forms). The cache
 * holds a reference to its grid, so the pointer it compares cannot be
 * reused by another grid while it is kept. One per thread (a book's
 * searchers key mazes side by side); mb_canon_forget lets a thread's go.
 */
static _Thread_local struct lattice_syms {
	struct mb_grid *grid;		/* a reference, or NULL */
	double mx, my;
	bool valid[MB_CANON_LATTICE_SYMMETRIES];
	struct lattice_map map[MB_CANON_LATTICE_SYMMETRIES];
} syms_cache;

static void syms_forget(struct lattice_syms *s)
{
	for (int t = 0; t < MB_CANON_LATTICE_SYMMETRIES; t++) {
		free(s->map[t].cell);
		free(s->map[t].wall);
	}
	mb_grid_free(s->grid);
	memset(s, 0, sizeof(*s));
}

void mb_canon_forget(void)
{
	syms_forget(&syms_cache);
}

static const struct lattice_syms *syms_of(struct mb_grid *g)
{
	struct lattice_syms *s = &syms_cache;
	struct centre_index ix;

	if (s->grid == g)
		return s;
	syms_forget(s);
	s->grid = mb_grid_ref(g);
	centroid(g, &s->mx, &s->my);
	index_centres(g, &ix);
	for (int t = 1; t < MB_CANON_LATTICE_SYMMETRIES; t++) {
		struct lattice_map *map = &s->map[t];

		map->cell = xmallocarray((size_t)g->cells, sizeof(int));
		map->wall = xmallocarray((size_t)g->lat->walls + 1, sizeof(int));
		s->valid[t] = lattice_map(g, &ix, t, s->mx, s->my, map);
		if (!s->valid[t]) {
			free(map->cell);
			free(map->wall);
			map->cell = map->wall = NULL;
		}
	}
	free(ix.keys);
	return s;
}

/* the tail under t into out, or 0 when t is no symmetry of the grid */
static size_t sym_tail(char *out, const struct mb_maze *m, const struct lattice_syms *s, int t)
{
	if (t == 0)
		return lattice_tail(out, m, 0, 0, 0, NULL);
	if (!s->valid[t])
		return 0;
	return lattice_tail(out, m, t, s->mx, s->my, &s->map[t]);
}

char *mb_canon_lattice_form(const struct mb_maze *m, int t, size_t *len)
{
	size_t head_len, tail_len;
	char *form;

	if (!mb_grid_is_graph(m->grid) || t < 0 || t >= MB_CANON_LATTICE_SYMMETRIES)
		BUG("lattice form %d of a %s maze", t, mb_grid_kind_name(m->grid->kind));
	form = lattice_head(m, tail_size(m), &head_len);
	tail_len = sym_tail(form + head_len, m, syms_of(m->grid), t);
	if (!tail_len) {
		free(form);
		return NULL;
	}
	*len = head_len + tail_len;
	return form;
}

/*
 * The key: every form shares the head, so the smallest form is the head
 * and the smallest tail (memcmp, then the shorter first), and only the
 * tails are built per symmetry.
 */
static void lattice_key(const struct mb_maze *m, char key[MB_CANON_KEY_SIZE])
{
	size_t room = tail_size(m), head_len, best_len = 0;
	char *form = lattice_head(m, room, &head_len), *best = form + head_len;
	char *tail = xmalloc(room);
	const struct lattice_syms *syms = syms_of(m->grid);

	best_len = sym_tail(best, m, syms, 0);
	for (int t = 1; t < MB_CANON_LATTICE_SYMMETRIES; t++) {
		size_t len = sym_tail(tail, m, syms, t);
		size_t common = len < best_len ? len : best_len;
		int c = len ? memcmp(tail, best, common) : 1;

		if (len && (c < 0 || (c == 0 && len < best_len))) {
			memcpy(best, tail, len);
			best_len = len;
		}
	}
	mb_sha256_hex(form, head_len + best_len, key);
	free(tail);
	free(form);
}

void mb_canon_key_maze(const struct mb_maze *m, char key[MB_CANON_KEY_SIZE])
{
	struct mb_canon_grid g;

	if (mb_grid_is_graph(m->grid)) {
		lattice_key(m, key);
		return;
	}
	mb_canon_grid_of_maze(m, &g);
	mb_canon_key(&g, key);
}
