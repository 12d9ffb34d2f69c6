/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Mazes as text, and the text parser that reads them back (the format is
 * in include/mazebook/maze/format.h; JSON is in format_json.c, SVG is drawn
 * in the page layer: src/page/render_svg.c). The writer returns a string,
 * so it stays pure (no FILE, no I/O errors to carry); the command decides
 * where the bytes go.
 */
#include "config.h"
#include "mazebook/maze/format.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"
#include "mazebook/maze/measure.h"
#include "format_internal.h"

#define wall_above mb_maze_wall_h
#define wall_left mb_maze_wall_v

/* Is the lattice corner (x, y) (0..w, 0..h) a corner of some cell? */
static bool corner_of_cell(const struct mb_maze *m, int x, int y)
{
	return mb_maze_is_cell(m, x - 1, y - 1) || mb_maze_is_cell(m, x, y - 1) ||
	       mb_maze_is_cell(m, x - 1, y) || mb_maze_is_cell(m, x, y);
}

/* 'S' (entrance), 'F' (exit) or 0 for the side dir of cell (x, y) */
static char gap_mark(const struct mb_maze *m, int x, int y, enum mb_dir dir)
{
	int i = y * m->w + x;

	if (!mb_maze_is_cell(m, x, y))
		return 0;
	if (m->entrance.cell == i && m->entrance.dir == dir)
		return 'S';
	if (m->exit.cell == i && m->exit.dir == dir)
		return 'F';
	return 0;
}

/* the gap marked on the lattice line y between x and x + 1, or 0 */
static char gap_h(const struct mb_maze *m, int x, int y)
{
	char c = y < m->h ? gap_mark(m, x, y, MB_NORTH) : 0;

	return c ? c : y > 0 ? gap_mark(m, x, y - 1, MB_SOUTH) : 0;
}

static char gap_v(const struct mb_maze *m, int x, int y)
{
	char c = x < m->w ? gap_mark(m, x, y, MB_WEST) : 0;

	return c ? c : x > 0 ? gap_mark(m, x - 1, y, MB_EAST) : 0;
}

/*
 * A shaped maze (or one with gaps of its own): squares outside the cells
 * are spaces, corners that touch no cell are spaces, and the two gaps are
 * written with their letters, S for the entrance and F for the exit
 * ("SS" in a wall row, "S" in a row of squares), so that the parser can
 * tell the outside from the inside.
 */
static char *text_general(const struct mb_maze *m, const bool *marked)
{
	size_t w = (size_t)m->w, row = 3 * w + 2;
	char *text = xmallocarray(row * (2 * (size_t)m->h + 1) + 1, 1), *p = text;

	for (int y = 0; y <= m->h; y++) {
		for (int x = 0; x <= m->w; x++) {
			char g = x < m->w ? gap_h(m, x, y) : 0;

			*p++ = corner_of_cell(m, x, y) ? '+' : ' ';
			if (x == m->w)
				break;
			if (g) {
				*p++ = g;
				*p++ = g;
			} else {
				bool wall = mb_maze_wall_h(m, x, y);

				*p++ = wall ? '-' : ' ';
				*p++ = wall ? '-' : ' ';
			}
		}
		*p++ = '\n';
		if (y == m->h)
			break;
		for (int x = 0; x <= m->w; x++) {
			char g = gap_v(m, x, y);
			bool mark;

			*p++ = g ? g : mb_maze_wall_v(m, x, y) ? '|' : ' ';
			if (x == m->w)
				break;
			mark = marked && marked[(size_t)y * w + (size_t)x] && mb_maze_is_cell(m, x, y);
			*p++ = mark ? ':' : ' ';
			*p++ = mark ? ':' : ' ';
		}
		*p++ = '\n';
	}
	*p = '\0';
	return text;
}

/*
 * Rows are written from tables, three bytes a square, straight from the
 * maze's open bits: text costs less than making the maze.
 */
char *mb_format_text(const struct mb_maze *m, const bool *marked)
{
	if (mb_grid_is_graph(m->grid))
		BUG("a %s maze written as text (the text format draws square grids only)",
		    mb_grid_kind_name(m->grid->kind));
	/* the top side of a square: [wall] */
	static const char top[2][3] = { { '+', ' ', ' ' }, { '+', '-', '-' } };
	/* the west side and the inside of a square: [wall + 2 * marked] */
	static const char side[4][3] = {
		{ ' ', ' ', ' ' }, { '|', ' ', ' ' }, { ' ', ':', ':' }, { '|', ':', ':' }
	};
	size_t w = (size_t)m->w, row = 3 * w + 2;
	char *text, *p;

	if (!plain_rectangle(m))
		return text_general(m, marked);
	text = p = xmallocarray(row * (2 * (size_t)m->h + 1) + 1, 1);
	for (int y = 0; y <= m->h; y++) {
		const uint8_t *above = y > 0 ? m->open + (size_t)(y - 1) * w : NULL;
		const uint8_t *cells = m->open + (size_t)y * w;
		const bool *marks = marked ? marked + (size_t)y * w : NULL;

		/* the entrance is over the first square, the exit under the last */
		for (size_t x = 0; x < w; x++) {
			bool wall = y == 0 ? x != 0
				  : y == m->h ? x != w - 1 : !(above[x] & MB_OPEN_SOUTH);

			memcpy(p, top[wall], 3);
			p += 3;
		}
		memcpy(p, "+\n", 2);
		p += 2;
		if (y == m->h)
			break;
		for (size_t x = 0; x < w; x++) {
			bool wall = x == 0 || !(cells[x - 1] & MB_OPEN_EAST);

			memcpy(p, side[wall + 2 * (marks && marks[x])], 3);
			p += 3;
		}
		memcpy(p, "|\n", 2);
		p += 2;
	}
	*p = '\0';
	return text;
}

bool *mb_format_route_marks(const struct mb_maze *m)
{
	size_t n = (size_t)m->w * (size_t)m->h;
	int *route = xmallocarray(n, sizeof(*route));
	bool *marks = xcalloc(n, sizeof(*marks));
	int len = mb_maze_route(m, route);

	for (int i = 0; i < len; i++)
		marks[route[i]] = true;
	free(route);
	return marks;
}

/* ---- text parser ---- */

struct line {
	const char *s;
	size_t len;
	int number;	/* 1-based */
};

static bool blank(const struct line *l)
{
	for (size_t i = 0; i < l->len; i++)
		if (l->s[i] != ' ' && l->s[i] != '\t')
			return false;
	return true;
}

/* split text into lines without their '\n' (and a '\r' before it) */
static struct line *split_lines(const char *text, size_t *count)
{
	size_t cap = 64, n = 0;
	struct line *lines = xmallocarray(cap, sizeof(*lines));
	const char *p = text;

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);

		if (n == cap)
			lines = xreallocarray(lines, cap *= 2, sizeof(*lines));
		lines[n].s = p;
		lines[n].len = len && p[len - 1] == '\r' ? len - 1 : len;
		lines[n].number = (int)n + 1;
		n++;
		p += len + (nl ? 1 : 0);
	}
	*count = n;
	return lines;
}

/* describe the character at column col of l for a message */
static const char *shown(const struct line *l, size_t col, char *tmp)
{
	unsigned char c;

	if (col >= l->len)
		return "the end of the line";
	c = (unsigned char)l->s[col];
	if (c >= 0x20 && c < 0x7f)
		snprintf(tmp, 16, "'%c'", c);
	else
		snprintf(tmp, 16, "byte 0x%02x", c);
	return tmp;
}

/* the character at col of l, a space past its end */
static char at_col(const struct line *l, size_t col)
{
	return col < l->len ? l->s[col] : ' ';
}

/* does the run of non-blank lines from lines[0] mark gaps with S or F? */
static bool has_gap_letters(const struct line *lines, size_t n)
{
	for (size_t i = 0; i < n && !blank(&lines[i]); i++)
		if (memchr(lines[i].s, 'S', lines[i].len) || memchr(lines[i].s, 'F', lines[i].len))
			return true;
	return false;
}

/* a general maze's lattice as read: its walls, gaps' letters and marks */
struct walls {
	int w, h;
	/* hw[y * w + x]: line y, between x and x + 1; vw[y * (w + 1) + x]: column x */
	char *hw, *vw;
	bool *marks;
};

/* the gaps found so far (0: entrance, 1: exit) and where each is written */
struct gaps {
	struct mb_side side[2];
	int line[2], col[2];
};

/* read every corner, wall and square of the 2h + 1 lines, refusing any other character */
static enum mb_status read_walls(const struct line *lines, const char *file, struct walls *wl,
				 struct mb_error *err)
{
	int w = wl->w, h = wl->h;
	char *hw = wl->hw, *vw = wl->vw;
	bool *marks = wl->marks;
	char tmp[16];

	for (int r = 0; r <= 2 * h; r++) {
		const struct line *l = &lines[r];
		int y = r / 2;

		for (int x = 0; x <= w; x++) {
			size_t col = (size_t)x * 3;
			char c = at_col(l, col);

			if (r % 2 == 0) {
				if (c != '+' && c != ' ')
					return mb_error_set_at(err, MB_ERR_INPUT, file, l->number,
							       (int)col + 1,
							       "expected '+' or ' ' at a corner, found %s",
							       shown(l, col, tmp));
				if (x == w)
					break;
				c = at_col(l, col + 1);
				if (c != at_col(l, col + 2) || (c != '-' && c != ' ' && c != 'S' && c != 'F'))
					return mb_error_set_at(err, MB_ERR_INPUT, file, l->number,
							       (int)col + 2,
							       "expected '--' (wall), '  ' (opening), 'SS' "
							       "(entrance) or 'FF' (exit) between corners, "
							       "found %s", shown(l, col + 1, tmp));
				hw[y * w + x] = c;
			} else {
				if (c != '|' && c != ' ' && c != 'S' && c != 'F')
					return mb_error_set_at(err, MB_ERR_INPUT, file, l->number,
							       (int)col + 1,
							       "expected '|' (wall), ' ' (opening), 'S' "
							       "(entrance) or 'F' (exit), found %s",
							       shown(l, col, tmp));
				vw[y * (w + 1) + x] = c;
				if (x == w)
					break;
				c = at_col(l, col + 1);
				if (c != at_col(l, col + 2) || (c != ' ' && c != ':'))
					return mb_error_set_at(err, MB_ERR_INPUT, file, l->number,
							       (int)col + 2,
							       "expected '  ' or '::' (a square), found %s",
							       shown(l, col + 1, tmp));
				marks[y * w + x] = c == ':';
			}
		}
		if (l->len > (size_t)(3 * w + 1))
			return mb_error_set_at(err, MB_ERR_INPUT, file, l->number, 3 * w + 2,
					       "line is %zu characters long, longer than the maze's "
					       "first line (%d)", l->len, 3 * w + 1);
	}
	return MB_OK;
}

/*
 * The squares inside: a flood over the lattice padded by a square each
 * way, from beyond it, stepping across empty edges only; what it cannot
 * reach is in. Returns w * h flags (the caller frees them), their count
 * in *cells.
 */
static uint8_t *inside_squares(const struct walls *wl, int *cells)
{
	int w = wl->w, h = wl->h, pw = w + 2, ph = h + 2, head = 0, tail = 0;
	const char *hw = wl->hw, *vw = wl->vw;
	uint8_t *outside = xcalloc((size_t)pw * (size_t)ph, 1), *in;
	int *queue = xmallocarray((size_t)pw * (size_t)ph, sizeof(int));

	/* the flood over the padded lattice; a step crosses an edge that must be empty */
	outside[0] = 1;
	queue[tail++] = 0;
	while (head < tail) {
		int p = queue[head++], px = p % pw, py = p / pw;

		for (int d = 0; d < 4; d++) {
			int qx = px + mb_dir_dx[d], qy = py + mb_dir_dy[d], q = qy * pw + qx;
			char edge = ' ';

			if (qx < 0 || qy < 0 || qx >= pw || qy >= ph || outside[q])
				continue;
			/* the edge between padded p and q, in lattice coordinates */
			if (d == MB_NORTH || d == MB_SOUTH) {
				int ly = (d == MB_SOUTH ? qy : py) - 1, lx = px - 1;

				if (lx >= 0 && lx < w && ly >= 0 && ly <= h)
					edge = hw[ly * w + lx];
			} else {
				int lx = (d == MB_EAST ? qx : px) - 1, ly = py - 1;

				if (ly >= 0 && ly < h && lx >= 0 && lx <= w)
					edge = vw[ly * (w + 1) + lx];
			}
			if (edge != ' ')
				continue;
			outside[q] = 1;
			queue[tail++] = q;
		}
	}
	in = xmalloc((size_t)w * (size_t)h);
	*cells = 0;
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			in[y * w + x] = !outside[(y + 1) * pw + x + 1];
			*cells += in[y * w + x];
		}
	free(queue);
	free(outside);
	return in;
}

/* the wall rows: walls with no cell beside them, gaps not on the rim, a second gap */
static enum mb_status check_wall_rows(const struct line *lines, const char *file,
				      const struct walls *wl, const uint8_t *in,
				      struct gaps *gp, struct mb_error *err)
{
	int w = wl->w, h = wl->h;
	enum mb_status st = MB_OK;

	for (int y = 0; y <= h && st == MB_OK; y++)
		for (int x = 0; x < w && st == MB_OK; x++) {
			char c = wl->hw[y * w + x];
			bool a = y > 0 && in[(y - 1) * w + x], b = y < h && in[y * w + x];

			if (c == ' ')
				continue;
			if (!a && !b)
				st = mb_error_set_at(err, MB_ERR_INPUT, file, lines[2 * y].number,
						     3 * x + 2, "a wall between two squares outside "
						     "the maze");
			else if ((c == 'S' || c == 'F') && a == b)
				st = mb_error_set_at(err, MB_ERR_INPUT, file, lines[2 * y].number,
						     3 * x + 2, "the %s gap '%c%c' must be in the "
						     "maze's outer wall", c == 'S' ? "entrance" : "exit",
						     c, c);
			else if (c == 'S' || c == 'F') {
				int k = c == 'F';

				if (gp->side[k].cell >= 0) {
					st = mb_error_set_at(err, MB_ERR_INPUT, file, lines[2 * y].number,
							     3 * x + 2, "a second %s gap (the first is at "
							     "line %d, column %d)", k ? "exit" : "entrance",
							     gp->line[k], gp->col[k]);
					break;
				}
				gp->side[k] = b ? (struct mb_side){ y * w + x, MB_NORTH }
						: (struct mb_side){ (y - 1) * w + x, MB_SOUTH };
				gp->line[k] = lines[2 * y].number;
				gp->col[k] = 3 * x + 2;
			}
		}
	return st;
}

/* the square rows: as check_wall_rows for their walls, and no mark outside the maze */
static enum mb_status check_square_rows(const struct line *lines, const char *file,
					const struct walls *wl, const uint8_t *in,
					struct gaps *gp, struct mb_error *err)
{
	int w = wl->w, h = wl->h;
	enum mb_status st = MB_OK;

	for (int y = 0; y < h && st == MB_OK; y++)
		for (int x = 0; x <= w && st == MB_OK; x++) {
			char c = wl->vw[y * (w + 1) + x];
			bool a = x > 0 && in[y * w + x - 1], b = x < w && in[y * w + x];

			if (x < w && wl->marks[y * w + x] && !b)
				st = mb_error_set_at(err, MB_ERR_INPUT, file, lines[2 * y + 1].number,
						     3 * x + 2, "'::' marks a square outside the maze");
			if (c == ' ' || st != MB_OK)
				continue;
			if (!a && !b)
				st = mb_error_set_at(err, MB_ERR_INPUT, file, lines[2 * y + 1].number,
						     3 * x + 1, "a wall between two squares outside "
						     "the maze");
			else if ((c == 'S' || c == 'F') && a == b)
				st = mb_error_set_at(err, MB_ERR_INPUT, file, lines[2 * y + 1].number,
						     3 * x + 1, "the %s gap '%c' must be in the "
						     "maze's outer wall", c == 'S' ? "entrance" : "exit", c);
			else if (c == 'S' || c == 'F') {
				int k = c == 'F';

				if (gp->side[k].cell >= 0) {
					st = mb_error_set_at(err, MB_ERR_INPUT, file,
							     lines[2 * y + 1].number, 3 * x + 1,
							     "a second %s gap (the first is at line %d, "
							     "column %d)", k ? "exit" : "entrance",
							     gp->line[k], gp->col[k]);
					break;
				}
				gp->side[k] = b ? (struct mb_side){ y * w + x, MB_WEST }
						: (struct mb_side){ y * w + x - 1, MB_EAST };
				gp->line[k] = lines[2 * y + 1].number;
				gp->col[k] = 3 * x + 1;
			}
		}
	return st;
}

/* the maze the checked walls describe: a rectangle when every square is in, else a mask */
static struct mb_maze *maze_of_walls(const struct walls *wl, const uint8_t *in, int cells,
				     const struct gaps *gp, struct mb_error *err)
{
	int w = wl->w, h = wl->h;
	struct mb_grid *g = cells == w * h ? mb_grid_new_rect(w, h, NULL)
					   : mb_grid_new_mask(w, h, in, NULL);
	struct mb_maze *maze = mb_maze_new_on(g);

	mb_grid_free(g);
	if (mb_maze_set_gaps(maze, gp->side[0], gp->side[1], err) != MB_OK)
		BUG("parsed gaps are not on the rim");
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			if (!mb_maze_is_cell(maze, x, y))
				continue;
			if (x + 1 < w && mb_maze_is_cell(maze, x + 1, y) &&
			    wl->vw[y * (w + 1) + x + 1] == ' ')
				mb_maze_set_open(maze, x, y, MB_EAST, true);
			if (y + 1 < h && mb_maze_is_cell(maze, x, y + 1) &&
			    wl->hw[(y + 1) * w + x] == ' ')
				mb_maze_set_open(maze, x, y, MB_SOUTH, true);
		}
	return maze;
}

/*
 * A maze written with its gaps' letters (text_general): read the walls,
 * find the outside by a flood from beyond the lattice that no wall and no
 * gap stops, and take every square it cannot reach as a cell.
 */
static enum mb_status parse_general(const struct line *lines, int w, int h, const char *file,
				    struct mb_text_maze *out, struct mb_error *err)
{
	struct walls wl = {
		w, h, xcalloc((size_t)(h + 1) * (size_t)w, 1),
		xcalloc((size_t)h * (size_t)(w + 1), 1), xcalloc((size_t)w * (size_t)h, sizeof(bool))
	};
	struct gaps gp = { { { -1, MB_NORTH }, { -1, MB_NORTH } }, { 0, 0 }, { 0, 0 } };
	uint8_t *in = NULL;
	int cells = 0;
	enum mb_status st = read_walls(lines, file, &wl, err);

	if (st == MB_OK) {
		in = inside_squares(&wl, &cells);
		st = check_wall_rows(lines, file, &wl, in, &gp, err);
	}
	if (st == MB_OK)
		st = check_square_rows(lines, file, &wl, in, &gp, err);
	if (st == MB_OK && (cells == 0 || gp.side[0].cell < 0 || gp.side[1].cell < 0))
		st = mb_error_set_at(err, MB_ERR_INPUT, file, lines[0].number, 1,
				     cells == 0 ? "the maze has no squares inside its outer wall"
				     : gp.side[0].cell < 0 ? "the maze has no entrance gap ('SS' or 'S')"
				     : "the maze has no exit gap ('FF' or 'F')");
	if (st == MB_OK) {
		out->maze = maze_of_walls(&wl, in, cells, &gp, err);
		out->marked = wl.marks;
		wl.marks = NULL;
	}
	free(in);
	free(wl.marks);
	free(wl.vw);
	free(wl.hw);
	return st;
}

/*
 * The size of the maze at lines[0..n), n >= 1: w from its first line, the
 * lines up to its bottom wall row through *used, h from those.
 */
static enum mb_status text_maze_size(const struct line *lines, size_t n, bool general,
				     const char *file, int *pw, int *ph, size_t *used,
				     struct mb_error *err)
{
	const struct line *first = &lines[0];
	int w, h;

	if (first->len < 4 || (first->len - 1) % 3 || (first->s[0] != '+' && !general))
		return mb_error_set_at(err, MB_ERR_INPUT, file, first->number, 1,
				       "a maze must start with a wall row '+  +--+...+' of "
				       "3W+1 characters (found %zu characters)", first->len);
	w = (int)((first->len - 1) / 3);
	if (w > MB_MAZE_MAX_SIDE)
		return mb_error_set_at(err, MB_ERR_INPUT, file, first->number, 1,
				       "maze is %d squares wide (at most %d)", w, MB_MAZE_MAX_SIDE);
	/* the maze ends at the first wall row followed by a blank line or the end */
	*used = 0;
	for (size_t i = 0; i < n; i++) {
		if (i % 2 == 0 && (i + 1 == n || blank(&lines[i + 1]))) {
			*used = i + 1;
			break;
		}
		if (blank(&lines[i]))
			break;
	}
	if (*used == 0) {
		size_t last = 0;

		while (last + 1 < n && !blank(&lines[last + 1]))
			last++;
		for (size_t i = 1; i <= last; i += 2)
			if (lines[i].len && lines[i].s[0] == '+')
				return mb_error_set_at(err, MB_ERR_INPUT, file, lines[i].number, 1,
						       "expected '|' starting a row of squares, found "
						       "'+' (is a blank line missing between two mazes?)");
		return mb_error_set_at(err, MB_ERR_INPUT, file, lines[last].number + 1, 1,
				       "maze starting at line %d ends without its bottom wall row",
				       first->number);
	}
	h = (int)(*used - 1) / 2;
	if (h < 1)
		return mb_error_set_at(err, MB_ERR_INPUT, file, first->number + 1, 1,
				       "expected a row of squares '|  ...|' after the top wall row");
	if (h > MB_MAZE_MAX_SIDE)
		return mb_error_set_at(err, MB_ERR_INPUT, file, first->number, 1,
				       "maze is %d squares high (at most %d)", h, MB_MAZE_MAX_SIDE);
	*pw = w;
	*ph = h;
	return MB_OK;
}

/* a plain rectangle's w x h squares: its fixed gaps, its walls and its marks */
static enum mb_status parse_rectangle(const struct line *lines, int w, int h, const char *file,
				      struct mb_text_maze *out, struct mb_error *err)
{
	size_t width = lines[0].len;
	char tmp[16];

	out->maze = mb_maze_new(w, h, NULL);
	out->marked = xcalloc((size_t)w * (size_t)h, sizeof(*out->marked));
	for (int r = 0; r <= 2 * h; r++) {
		const struct line *l = &lines[r];
		int y = r / 2;

		for (size_t col = 0; col < width; col++) {
			int x = (int)(col / 3), part = (int)(col % 3);
			char c = col < l->len ? l->s[col] : '\0';

			if (r % 2 == 0 && part == 0) {
				if (c != '+')
					return mb_error_set_at(err, MB_ERR_INPUT, file, l->number,
							       (int)col + 1,
							       "expected '+' at a corner, found %s",
							       shown(l, col, tmp));
			} else if (r % 2 == 0 && part == 1) {
				char d = col + 1 < l->len ? l->s[col + 1] : '\0';
				bool gap = (y == 0 && x == 0) || (y == h && x == w - 1);

				if ((c != '-' || d != '-') && (c != ' ' || d != ' '))
					return mb_error_set_at(err, MB_ERR_INPUT, file, l->number,
							       (int)col + 1 + (c == '-' || c == ' '),
							       "expected '--' (wall) or '  ' (opening) "
							       "between corners, found %s",
							       shown(l, col + (c == '-' || c == ' '), tmp));
				if ((y == 0 || y == h) && (c == ' ') != gap)
					return mb_error_set_at(err, MB_ERR_INPUT, file, l->number,
							       (int)col + 1,
							       gap ? "expected the %s gap here"
								   : "the %s wall must be closed here "
								     "(the only gap is %s)",
							       y == 0 ? "top" : "bottom",
							       gap ? "" : y == 0 ? "over the top-left square"
							       : "under the bottom-right square");
				if (y > 0 && y < h && c == ' ')
					mb_maze_set_open(out->maze, x, y, MB_NORTH, true);
				col++;
			} else if (r % 2 == 1 && part == 0) {
				bool edge = x == 0 || x == w;

				if (c != '|' && (c != ' ' || edge))
					return mb_error_set_at(err, MB_ERR_INPUT, file, l->number,
							       (int)col + 1,
							       edge ? "expected '|' (the side walls are closed), found %s"
								    : "expected '|' (wall) or ' ' (opening), found %s",
							       shown(l, col, tmp));
				if (!edge && c == ' ')
					mb_maze_set_open(out->maze, x, y, MB_WEST, true);
			} else if (r % 2 == 1 && part == 1) {
				char d = col + 1 < l->len ? l->s[col + 1] : '\0';

				if ((c != ' ' || d != ' ') && (c != ':' || d != ':'))
					return mb_error_set_at(err, MB_ERR_INPUT, file, l->number,
							       (int)col + 1 + (c == ':' || c == ' '),
							       "expected '  ' or '::' (a square), found %s",
							       shown(l, col + (c == ':' || c == ' '), tmp));
				out->marked[y * w + x] = c == ':';
				col++;
			}
		}
		if (l->len != width)
			return mb_error_set_at(err, MB_ERR_INPUT, file, l->number, (int)width + 1,
					       "line is %zu characters long, expected %zu like the "
					       "maze's first line", l->len, width);
	}
	return MB_OK;
}

/*
 * Read one maze from the non-blank lines at lines[0..n), n >= 1. Returns
 * the lines it used through *used.
 */
static enum mb_status parse_one(const struct line *lines, size_t n, const char *file,
				struct mb_text_maze *out, size_t *used, struct mb_error *err)
{
	bool general = has_gap_letters(lines, n);
	int w = 0, h = 0;
	enum mb_status st = text_maze_size(lines, n, general, file, &w, &h, used, err);

	if (st != MB_OK)
		return st;
	out->line = lines[0].number;
	if (general)
		return parse_general(lines, w, h, file, out, err);
	return parse_rectangle(lines, w, h, file, out, err);
}

enum mb_status mb_format_text_parse(const char *text, const char *file,
				    struct mb_text_mazes *out, struct mb_error *err)
{
	size_t n, i = 0, cap = 0;
	struct line *lines = split_lines(text, &n);
	enum mb_status st = MB_OK;

	out->items = NULL;
	out->count = 0;
	while (i < n) {
		size_t used = 0;

		if (blank(&lines[i])) {
			i++;
			continue;
		}
		if (out->count == cap)
			out->items = xreallocarray(out->items, cap = cap ? cap * 2 : 4,
						   sizeof(*out->items));
		memset(&out->items[out->count], 0, sizeof(out->items[0]));
		st = parse_one(lines + i, n - i, file, &out->items[out->count], &used, err);
		out->count++;
		if (st != MB_OK)
			break;
		i += used;
	}
	free(lines);
	if (st == MB_OK && out->count == 0)
		st = mb_error_set_at(err, MB_ERR_INPUT, file, 0, 0, "no maze in the text");
	if (st != MB_OK)
		mb_text_mazes_release(out);
	return st;
}

void mb_text_mazes_release(struct mb_text_mazes *set)
{
	for (size_t i = 0; i < set->count; i++) {
		mb_maze_free(set->items[i].maze);
		free(set->items[i].marked);
	}
	free(set->items);
	set->items = NULL;
	set->count = 0;
}
