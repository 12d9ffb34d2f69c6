/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Mazes as JSON, squares and graph grids alike (the fields are in
 * include/mazebook/maze/format.h). The writers build the text in a growing
 * buffer (base/strbuf) so they stay pure (no FILE, no I/O errors to
 * carry); the command decides where the bytes go.
 */
#include "config.h"
#include "mazebook/maze/format.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/strbuf.h"
#include "mazebook/base/xalloc.h"
#include "mazebook/maze/measure.h"
#include "format_internal.h"

static void json_string(struct mb_strbuf *b, const char *s)
{
	mb_strbuf_puts(b, "\"");
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			mb_strbuf_printf(b, "\\%c", c);
		else if (c < 0x20)
			mb_strbuf_printf(b, "\\u%04x", c);
		else
			mb_strbuf_add(b, s, 1);
	}
	mb_strbuf_puts(b, "\"");
}

/* algorithm, seed and start, as both JSON forms write them */
static void json_origin(struct mb_strbuf *b, const char *algorithm, uint64_t seed, const char *start)
{
	mb_strbuf_puts(b, "  \"algorithm\": ");
	if (algorithm)
		json_string(b, algorithm);
	else
		mb_strbuf_puts(b, "null");
	mb_strbuf_printf(b, ",\n  \"seed\": %llu,\n  \"start\": ", (unsigned long long)seed);
	if (start)
		json_string(b, start);
	else
		mb_strbuf_puts(b, "null");
}

static void json_measures(struct mb_strbuf *b, const struct mb_measures *ms)
{
	mb_strbuf_printf(b, "  \"measures\": {\n"
		   "    \"squares\": %ld,\n    \"openings\": %ld,\n    \"reachable\": %ld,\n"
		   "    \"perfect\": %s,\n    \"route\": %d,\n    \"route_ratio\": %.6f,\n"
		   "    \"forks\": %d,\n    \"dead_ends\": %ld,\n    \"dead_end_share\": %.6f,\n"
		   "    \"turns\": %d,\n    \"longest_dead_end\": %d,\n    \"route_share\": %.6f\n"
		   "  }\n}",
		   ms->squares, ms->openings, ms->reachable, ms->perfect ? "true" : "false",
		   ms->route, ms->route_ratio, ms->forks, ms->dead_ends, ms->dead_end_share,
		   ms->turns, ms->longest_dead_end, ms->route_share);
}

/* a coordinate in grid units, four decimals (the walls' corners are exact to far less) */
static void json_coord(struct mb_strbuf *b, double v)
{
	char num[32];
	int n = snprintf(num, sizeof(num), "%.4f", v);

	while (n > 0 && num[n - 1] == '0')
		n--;
	if (n > 0 && num[n - 1] == '.')
		n--;
	num[n] = 0;
	mb_strbuf_puts(b, strcmp(num, "-0") ? num : "0");
}

static void json_gap(struct mb_strbuf *b, const char *name, const struct mb_side *s)
{
	mb_strbuf_printf(b, "  \"%s\": {\"cell\": %d, \"side\": ", name, s->cell);
	if (s->dir == MB_SIDE_INSIDE)
		mb_strbuf_puts(b, "\"centre\"},\n");
	else
		mb_strbuf_printf(b, "%d},\n", (int)s->dir);
}

/* a polar, hex or delta maze: every cell with its centre and its sides */
static char *json_graph(const struct mb_maze *m, const char *algorithm, uint64_t seed,
			const char *start)
{
	const struct mb_grid *g = m->grid;
	const struct mb_lattice *lat = g->lat;
	struct mb_strbuf b = MB_STRBUF_INIT;
	struct mb_measures ms;
	int *route = xmallocarray((size_t)g->cells, sizeof(*route));
	int len = mb_maze_route(m, route);
	char desc[96];

	mb_maze_measure(m, &ms);
	mb_grid_describe(g, desc, sizeof(desc));
	mb_strbuf_printf(&b, "{\n  \"kind\": \"%s\",\n  \"grid\": ", mb_grid_kind_name(g->kind));
	json_string(&b, desc);
	if (g->kind == MB_GRID_POLAR)
		mb_strbuf_printf(&b, ",\n  \"size\": {\"rings\": %d}", lat->rings);
	else if (lat->outline == MB_OUTLINE_HEXAGON)
		mb_strbuf_printf(&b, ",\n  \"outline\": \"hexagon\",\n  \"size\": {\"side\": %d}", lat->cols);
	else if (lat->outline == MB_OUTLINE_TRIANGLE)
		mb_strbuf_printf(&b, ",\n  \"outline\": \"triangle\",\n  \"size\": {\"rows\": %d}", lat->rows);
	else
		mb_strbuf_printf(&b, ",\n  \"outline\": \"rectangle\",\n  \"size\": {\"cols\": %d, \"rows\": %d}",
			   lat->cols, lat->rows);
	mb_strbuf_puts(&b, ",\n");
	json_origin(&b, algorithm, seed, start);
	mb_strbuf_puts(&b, ",\n  \"bounds\": [");
	json_coord(&b, lat->x0);
	mb_strbuf_puts(&b, ", ");
	json_coord(&b, lat->y0);
	mb_strbuf_puts(&b, ", ");
	json_coord(&b, lat->x1);
	mb_strbuf_puts(&b, ", ");
	json_coord(&b, lat->y1);
	mb_strbuf_puts(&b, "],\n  \"cells\": [");
	for (int c = 0; c < g->cells; c++) {
		mb_strbuf_puts(&b, c ? ",\n    {\"centre\": [" : "\n    {\"centre\": [");
		json_coord(&b, lat->cx[c]);
		mb_strbuf_puts(&b, ", ");
		json_coord(&b, lat->cy[c]);
		mb_strbuf_puts(&b, "], \"sides\": [");
		for (int k = 0; k < mb_grid_degree(g, c); k++) {
			const struct mb_grid_side *sd = mb_grid_side_at(g, c, k);
			bool open = mb_maze_side_open(m, c, (enum mb_dir)k);

			if (sd->nb >= 0)
				mb_strbuf_printf(&b, "%s{\"neighbour\": %d, \"open\": %s}", k ? ", " : "",
					   sd->nb, open ? "true" : "false");
			else
				mb_strbuf_printf(&b, "%s{\"rim\": true, \"open\": %s}", k ? ", " : "",
					   open ? "true" : "false");
		}
		mb_strbuf_puts(&b, "]}");
	}
	mb_strbuf_puts(&b, "\n  ],\n");
	json_gap(&b, "entrance", &m->entrance);
	json_gap(&b, "exit", &m->exit);
	mb_strbuf_puts(&b, "  \"route\": [");
	for (int i = 0; i < len; i++)
		mb_strbuf_printf(&b, "%s%d", i ? ", " : "", route[i]);
	mb_strbuf_puts(&b, "],\n");
	json_measures(&b, &ms);
	free(route);
	return mb_strbuf_detach(&b);
}

char *mb_format_json(const struct mb_maze *m, const char *algorithm, uint64_t seed,
		     const char *start)
{
	struct mb_strbuf b = MB_STRBUF_INIT;
	struct mb_measures ms;
	int *route, len;

	if (mb_grid_is_graph(m->grid))
		return json_graph(m, algorithm, seed, start);
	route = xmallocarray((size_t)m->w * (size_t)m->h, sizeof(*route));
	len = mb_maze_route(m, route);
	mb_maze_measure(m, &ms);
	mb_strbuf_printf(&b, "{\n  \"width\": %d,\n  \"height\": %d,\n", m->w, m->h);
	json_origin(&b, algorithm, seed, start);
	mb_strbuf_puts(&b, ",\n  \"open\": [");
	for (int y = 0; y < m->h; y++) {
		mb_strbuf_puts(&b, y ? ",\n    \"" : "\n    \"");
		for (int x = 0; x < m->w; x++) {
			char digit = (char)('0' + (m->open[y * m->w + x] &
						   (MB_OPEN_EAST | MB_OPEN_SOUTH)));

			mb_strbuf_add(&b, &digit, 1);
		}
		mb_strbuf_puts(&b, "\"");
	}
	mb_strbuf_puts(&b, "\n  ],\n");
	if (!plain_rectangle(m)) {
		/* a shaped maze: which squares are cells, and where the gaps are */
		mb_strbuf_puts(&b, "  \"mask\": [");
		for (int y = 0; y < m->h; y++) {
			mb_strbuf_puts(&b, y ? ",\n    \"" : "\n    \"");
			for (int x = 0; x < m->w; x++)
				mb_strbuf_add(&b, mb_maze_is_cell(m, x, y) ? "#" : ".", 1);
			mb_strbuf_puts(&b, "\"");
		}
		mb_strbuf_puts(&b, "\n  ],\n");
		for (int k = 0; k < 2; k++) {
			const struct mb_side *g = k ? &m->exit : &m->entrance;

			mb_strbuf_printf(&b, "  \"%s\": {\"x\": %d, \"y\": %d, \"side\": \"%s\"},\n",
				   k ? "exit" : "entrance", g->cell % m->w, g->cell / m->w,
				   mb_dir_side_name[g->dir]);
		}
	}
	mb_strbuf_puts(&b, "  \"route\": [");
	for (int i = 0; i < len; i++)
		mb_strbuf_printf(&b, "%s[%d, %d]", i ? ", " : "", route[i] % m->w, route[i] / m->w);
	mb_strbuf_puts(&b, "],\n");
	json_measures(&b, &ms);
	free(route);
	return mb_strbuf_detach(&b);
}
