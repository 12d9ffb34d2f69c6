/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* The build manifest as JSON; see include/mazebook/book/manifest.h. */
#include "config.h"
#include "mazebook/book/manifest.h"

#include <stdlib.h>
#include <string.h>

#include "mazebook/base/json.h"
#include "mazebook/base/xalloc.h"

/* money as a JSON number of the currency's units, or null */
static void money(FILE *f, const char *key, long cents, bool known)
{
	if (known)
		fprintf(f, "\"%s\": %s%ld.%02ld", key, cents < 0 ? "-" : "", labs(cents) / 100,
			labs(cents) % 100);
	else
		fprintf(f, "\"%s\": null", key);
}

static void write_cost(FILE *f, const struct mb_cost *c)
{
	char warning[256];
	const char *w = mb_cost_threshold_warning(c, warning, sizeof(warning));

	fprintf(f, "  \"cost\": {\"rules\": \"%s\", \"marketplace\": ", mb_cost_version);
	mb_json_string(f, c->marketplace->name);
	fprintf(f, ", \"currency\": ");
	mb_json_string(f, c->marketplace->currency);
	fprintf(f, ", ");
	money(f, "printing", c->printing_cents, true);
	fprintf(f, ", ");
	money(f, "min_list_price", c->min_price_cents, c->min_price_cents >= 0);
	fprintf(f, ", ");
	money(f, "list_price", c->price_cents, c->priced);
	fprintf(f, ", ");
	money(f, "royalty", c->royalty_cents, c->priced);
	if (c->priced)
		fprintf(f, ", \"royalty_rate\": %.2f, ", c->rate);
	else
		fprintf(f, ", \"royalty_rate\": null, ");
	money(f, "expanded_royalty", c->expanded_royalty_cents, c->priced);
	fprintf(f, ", \"warning\": ");
	if (w)
		mb_json_string(f, w);
	else
		fprintf(f, "null");
	fprintf(f, "},\n");
}

/*
 * A graph maze's grid for its manifest entry: ", "grid": "polar 12
 * rings", "kind": "polar", "cells": 379" (its "size" is cells x 1, as
 * the grid names its lattice); nothing for a square maze, whose entry
 * stays as it always was
 */
static const char *graph_fields(const struct mb_maze *m, char *buf, size_t size)
{
	char grid[96];

	buf[0] = '\0';
	if (!mb_grid_is_graph(m->grid))
		return buf;
	mb_grid_describe(m->grid, grid, sizeof(grid));
	snprintf(buf, size, ", \"grid\": \"%s\", \"kind\": \"%s\", \"cells\": %d", grid,
		 mb_grid_kind_name(m->grid->kind), m->grid->cells);
	return buf;
}

/* the book's settings: everything before its sections */
static void write_settings(FILE *f, const struct mb_book_spec *spec,
			   const struct mb_manifest_info *info)
{
	const char *slash = spec->path ? strrchr(spec->path, '/') : NULL;
	char id[MB_SPEC_MAX_BOOK_ID + 32];

	fprintf(f, "{\n  \"tool\": \"mazebook %s\",\n  \"title\": ", PACKAGE_VERSION);
	mb_json_string(f, spec->title);
	/* the spec's file name: a later build into this folder from another spec is another book */
	fprintf(f, ",\n  \"source\": ");
	mb_json_string(f, spec->path ? (slash ? slash + 1 : spec->path) : "");
	fprintf(f, ",\n  \"book_id\": ");
	mb_json_string(f, mb_spec_book_id(spec, id, sizeof(id)));
	fprintf(f, ",\n  \"level\": ");
	mb_json_string(f, spec->level->name);
	fprintf(f, ",\n  \"seed\": %llu,\n  \"algorithm\": ", (unsigned long long)spec->seed);
	mb_json_string(f, spec->algorithm ? spec->algorithm : "auto");
	/* null: each generator's own start; every maze names the one it used */
	fprintf(f, ",\n  \"start\": ");
	if (spec->start != MB_START_DEFAULT)
		mb_json_string(f, mb_start_name(spec->start));
	else
		fprintf(f, "null");
	fprintf(f, ",\n  \"grid\": [%d, %d],\n  \"filter\": {\"min_route_ratio\": %.4g, \"min_forks\": %d},\n",
		spec->grid_w, spec->grid_h, spec->filter.min_route_ratio, spec->filter.min_forks);
	fprintf(f, "  \"trim_in\": [%.4g, %.4g],\n  \"paper\": \"%s\",\n  \"bleed\": %s,\n",
		spec->trim.w_in, spec->trim.h_in, mb_kdp_paper_name(spec->paper),
		spec->bleed ? "true" : "false");
	fprintf(f, "  \"binding\": \"%s\",\n  \"ink\": \"%s\",\n",
		mb_kdp_binding_name(spec->binding), mb_kdp_ink_name(spec->ink));
	fprintf(f, "  \"pages\": %d,\n  \"spine_in\": %.4f,\n", info->pages, info->spine_in);
	if (info->cost)
		write_cost(f, info->cost);
	if (spec->shape_count) {
		fprintf(f, "  \"shapes\": [");
		for (int i = 0; i < spec->shape_count; i++) {
			fprintf(f, "%s", i ? ", " : "");
			mb_json_string(f, spec->shapes[i]);
		}
		fprintf(f, "],\n");
	}
	/* a book of polar, hex or delta mazes: the kind (each maze names its grid) */
	if (spec->grid_kind != MB_GRID_RECT)
		fprintf(f, "  \"grid_kind\": \"%s\",\n  \"grid_outline\": \"%s\",\n",
			mb_grid_kind_name(spec->grid_kind), mb_grid_outline_name(spec->grid_outline));
}

/* the order and the sections */
static void write_sections(FILE *f, const struct mb_book *book,
			   const struct mb_manifest_info *info)
{
	/* the order and the sections (a book without sections: one, untitled) */
	fprintf(f, "  \"order\": \"%s\",\n", book->plan.order_ramp ? "ramp" : "as-generated");
	fprintf(f, "  \"sections\": [\n");
	for (int s = 0; s < book->plan.section_count; s++) {
		const struct mb_plan_section *sec = &book->plan.sections[s];

		fprintf(f, "    {\"title\": ");
		if (sec->title)
			mb_json_string(f, sec->title);
		else
			fprintf(f, "null");
		fprintf(f, ", \"level\": \"%s\", \"ramp\": ", sec->level->name);
		if (sec->ramp)
			fprintf(f, "\"%s..%s\"", sec->level->name, sec->level_to->name);
		else
			fprintf(f, "null");
		fprintf(f, ", \"algorithm\": ");
		mb_json_string(f, sec->algorithm);
		/* its own shape (its mazes have no index into "shapes"), "none", or null: the book's */
		fprintf(f, ", \"shape\": ");
		if (sec->shape == MB_PLAN_SECTION_SHAPE)
			mb_json_string(f, sec->shape_name);
		else
			fprintf(f, "%s", sec->shape == MB_PLAN_NO_SHAPE ? "\"none\"" : "null");
		fprintf(f, ", \"mazes\": %d, \"first_maze\": %d, \"first_page\": %d}%s\n",
			sec->count, sec->first + 1,
			info->maze_pages && sec->count ? info->maze_pages[sec->first] : 0,
			s + 1 < book->plan.section_count ? "," : "");
	}
	fprintf(f, "  ],\n");
}

/* the title page's maze and every numbered maze */
static void write_mazes(FILE *f, const struct mb_book_spec *spec, const struct mb_book *book,
			const struct mb_manifest_info *info)
{
	if (book->title_maze) {
		char grid[160];

		fprintf(f, "  \"title_maze\": {\"generator\": \"backtracker\", \"seed\": %llu, "
			"\"size\": [%d, %d], \"squares\": %d%s},\n",
			(unsigned long long)book->title_seed, book->title_maze->w,
			book->title_maze->h, mb_maze_cells(book->title_maze),
			graph_fields(book->title_maze, grid, sizeof(grid)));
	}
	fprintf(f, "  \"mazes\": [\n");
	for (size_t i = 0; i < book->count; i++) {
		const struct mb_book_maze *bm = &book->mazes[i];
		const struct mb_measures *ms = &bm->measures;
		char shape_key[32] = "", grid[160];

		/* a shaped maze: its shape's index in "shapes" */
		if (bm->shape >= 0)
			snprintf(shape_key, sizeof(shape_key), "\"shape\": %d, ", bm->shape);

		fprintf(f, "    {\"number\": %d, \"page\": %d, \"generator\": \"%s\", \"seed\": %llu, "
			"\"start\": %s%s%s, %s\"size\": [%d, %d]%s, \"route\": %d, \"route_ratio\": %.4f, \"forks\": %d, "
			"\"dead_end_share\": %.4f, \"turns\": %d, \"longest_dead_end\": %d, "
			"\"attempts\": %d, \"section\": %d, \"level\": \"%s\", \"difficulty_score\": %.2f, "
			"\"key\": \"%s\"}%s\n",
			bm->number, info->maze_pages ? info->maze_pages[i] : 0, bm->gen->name,
			(unsigned long long)bm->seed, bm->start ? "\"" : "",
			bm->start ? mb_start_name(bm->start) : "null", bm->start ? "\"" : "",
			shape_key,
			bm->maze->w, bm->maze->h, graph_fields(bm->maze, grid, sizeof(grid)), ms->route,
			ms->route_ratio, ms->forks, ms->dead_end_share, ms->turns,
			ms->longest_dead_end, bm->attempts, bm->section + 1,
			bm->slot >= 0 && bm->slot < book->plan.maze_count
			? book->plan.mazes[bm->slot].level->name : spec->level->name,
			bm->score, bm->key,
			i + 1 < book->count ? "," : "");
	}
}

/* the other mazes and the cover's background */
static void write_others(FILE *f, const struct mb_book *book)
{
	/* the mazes it prints besides: the title page's, the cover's own (catalogue import) */
	fprintf(f, "  ],\n  \"other_mazes\": [\n");
	for (size_t i = 0; i < book->extra_count; i++) {
		const struct mb_book_extra *e = &book->extras[i];

		char grid[160];

		fprintf(f, "    {\"place\": \"%s\", \"number\": 1, \"page\": %d, \"generator\": "
			"\"%s\", \"seed\": %llu, \"size\": [%d, %d]%s, \"key\": \"%s\"}%s\n",
			e->place, e->page, e->generator, (unsigned long long)e->seed, e->maze->w,
			e->maze->h, graph_fields(e->maze, grid, sizeof(grid)), e->key,
			i + 1 < book->extra_count ? "," : "");
	}
	fprintf(f, "  ]");
	/*
	 * the cover's faint background: its recipe, without a key (a texture,
	 * not a puzzle: the catalogue does not record it, and every "key" here
	 * is one the catalogue holds)
	 */
	if (book->cover_pattern)
		fprintf(f, ",\n  \"cover_pattern\": {\"generator\": \"backtracker\", \"seed\": %llu, "
			"\"size\": [%d, %d]}",
			(unsigned long long)book->cover_pattern_seed, book->cover_pattern->w,
			book->cover_pattern->h);
	fprintf(f, "\n}\n");
}

void mb_manifest_write(FILE *f, const struct mb_book_spec *spec, const struct mb_book *book,
		       const struct mb_manifest_info *info)
{
	write_settings(f, spec, info);
	write_sections(f, book, info);
	write_mazes(f, spec, book, info);
	write_others(f, book);
}

/*
 * Read by the project's JSON reader (mazebook/base/json.h). The caller may give
 * only the first part of the file: the members read before the text ends
 * are kept.
 */
void mb_manifest_read_book(const char *text, size_t len, char **title, char **source)
{
	struct mb_json root;
	struct mb_json_fault fault;
	const char *t, *s;

	mb_json_parse(text, len, &root, &fault);
	t = mb_json_get_string(&root, "title");
	s = mb_json_get_string(&root, "source");
	*title = t ? xstrdup(t) : NULL;
	*source = s ? xstrdup(s) : NULL;
	mb_json_free(&root);
}
