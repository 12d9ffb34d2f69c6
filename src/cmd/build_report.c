/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * What `mazebook build` prints: the progress line on a terminal, the
 * stages' times, the cost and the summary of a finished book.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "mazebook/base/xalloc.h"

#include "build.h"

double build_now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* end the running stage (its time adds up) and start the next */
void build_lap(struct build *b, enum build_stage stage)
{
	double t = build_now_s();

	b->stage_s[stage] += t - b->lap;
	b->lap = t;
}

/* the progress line on a terminal: one line, rewritten in place */
void build_show_stage(const struct build *b, const char *stage)
{
	if (b->progress)
		fprintf(stderr, "\r\033[Kmazebook build: %s", stage);
}

void build_show_progress(size_t done, size_t total, void *data)
{
	const struct build *b = data;
	char line[64];

	if (done == total || done % 5 == 0) {
		snprintf(line, sizeof(line), "mazes %zu/%zu", done, total);
		build_show_stage(b, line);
	}
}

/* wipe the progress line before the summary or an error */
void build_end_progress(const struct build *b)
{
	if (b->progress)
		fputs("\r\033[K", stderr);
}

static long file_size(const char *dir, const char *name)
{
	char *path = xasprintf("%s/%s", dir, name);
	struct stat st;
	long size = stat(path, &st) ? -1 : (long)st.st_size;

	free(path);
	return size;
}

/* the edition and its money, for the summary */
static void print_cost(const struct build *b)
{
	const struct mb_cost *c = &b->cost;
	struct mb_print print = mb_spec_print(&b->spec);
	char what[64], cost[32], min[32], price[32], roy[32], warn[256];

	mb_cost_money(c, c->printing_cents, cost, sizeof(cost));
	mb_cost_money(c, c->min_price_cents, min, sizeof(min));
	printf("  edition    %s, %s\n", mb_kdp_binding_name(print.binding),
	       mb_kdp_print_name(&print, what, sizeof(what)));
	if (c->priced)
		printf("  money      printing %s, minimum list price %s; at %s royalty %s (%g %%)\n",
		       cost, min, mb_cost_money(c, c->price_cents, price, sizeof(price)),
		       mb_cost_money(c, c->royalty_cents, roy, sizeof(roy)), c->rate * 100);
	else
		printf("  money      printing %s, minimum list price %s (%s; give 'price' for "
		       "the royalty)\n", cost, min, c->marketplace->name);
	if (mb_cost_threshold_warning(c, warn, sizeof(warn)))
		printf("  warning    %s\n", warn);
}

void build_print_summary(const struct build *b, double seconds)
{
	const struct mb_book_spec *s = &b->spec;
	struct mb_cover_geometry g;
	char trim[64];

	mb_kdp_cover_geometry_for(&s->trim, b->plan.page_count,
				  &(struct mb_print){ s->binding, s->ink, s->paper }, &g, NULL);
	if (!b->book.plan.sectioned && mb_grid_is_graph(b->book.mazes[0].maze->grid)) {
		char grid[96];

		/* polar, hex and delta books: the grid as the manifest names it */
		mb_grid_describe(b->book.mazes[0].maze->grid, grid, sizeof(grid));
		printf("built '%s': %zu %s mazes (%s), %d pages, %s, %s paper%s\n",
		       s->title, b->book.count, s->level->name, grid, b->plan.page_count,
		       mb_kdp_trim_name(&s->trim, trim, sizeof(trim)), mb_kdp_paper_name(s->paper),
		       s->bleed ? ", bleed" : "");
	} else if (!b->book.plan.sectioned) {
		printf("built '%s': %zu %s mazes (%dx%d), %d pages, %s, %s paper%s\n",
		       s->title, b->book.count, s->level->name, s->grid_w, s->grid_h,
		       b->plan.page_count, mb_kdp_trim_name(&s->trim, trim, sizeof(trim)),
		       mb_kdp_paper_name(s->paper), s->bleed ? ", bleed" : "");
	}
	else
		printf("built '%s': %zu mazes in %d sections, %d pages, %s, %s paper%s\n",
		       s->title, b->book.count, b->book.plan.section_count, b->plan.page_count,
		       mb_kdp_trim_name(&s->trim, trim, sizeof(trim)), mb_kdp_paper_name(s->paper),
		       s->bleed ? ", bleed" : "");
	/* a line per section: its mazes, level or ramp, grids and where it starts */
	for (int i = 0; b->book.plan.sectioned && i < b->book.plan.section_count; i++) {
		const struct mb_plan_section *sec = &b->book.plan.sections[i];
		const struct mb_plan_maze *first = &b->book.plan.mazes[sec->first];
		const struct mb_plan_maze *last = &b->book.plan.mazes[sec->first + sec->count - 1];

		printf("  section %d  '%s': %d %s%s%s mazes (", i + 1, sec->title, sec->count,
		       sec->level->name, sec->ramp ? ".." : "", sec->ramp ? sec->level_to->name : "");
		if (sec->shape_name) {
			printf("in the shape '%s'", sec->shape_name);
		} else if (first->kind != MB_GRID_RECT) {
			char a[96], z[96];

			mb_grid_describe(b->book.mazes[sec->first].maze->grid, a, sizeof(a));
			mb_grid_describe(b->book.mazes[sec->first + sec->count - 1].maze->grid, z,
					 sizeof(z));
			printf("%s%s%s", a, strcmp(a, z) ? ".." : "", strcmp(a, z) ? z : "");
		} else if (first->w != last->w || first->h != last->h) {
			printf("%dx%d..%dx%d", first->w, first->h, last->w, last->h);
		} else {
			printf("%dx%d", first->w, first->h);
		}
		printf("), from maze %d on page %d\n", sec->first + 1,
		       b->plan.maze_page[sec->first]);
	}
	printf("  interior   %s/%s (%ld KB)\n", b->out_dir, file_names[FILE_INTERIOR],
	       file_size(b->out_dir, file_names[FILE_INTERIOR]) / 1024);
	printf("  cover      %s/%s (%.4f x %.4f in, spine %.4f in; %s)\n", b->out_dir,
	       file_names[FILE_COVER], g.w_in, g.h_in, g.spine_in, b->spine_note);
	print_cost(b);
	printf("  manifest   %s/%s\n", b->out_dir, file_names[FILE_MANIFEST]);
	printf("  previews   %s/%s, %s/%s, %s/%s\n", b->out_dir, file_names[FILE_COVER_PREVIEW],
	       b->out_dir, file_names[FILE_PAGE_PREVIEW], b->out_dir,
	       file_names[FILE_BOOK_PREVIEW]);
	printf("  proof      %s\n", b->proof_summary);
	if (b->cat)
		printf("  catalogue  %zu maze keys checked against %lld mazes of %lld other books: "
		       "none printed before; recorded as '%s' in %s\n", b->cat_count, b->cat_size[0],
		       b->cat_size[1], b->book_id, b->cat->where);
	else
		printf("  catalogue  none: the mazes were not checked against other books\n");
	printf("  checklist  %s/%s: %zu pass, %zu warn, 0 fail; signed (%s%s)\n",
	       b->out_dir, file_names[FILE_CHECKLIST],
	       mb_checklist_count(&b->checklist, MB_CHECK_PASS),
	       mb_checklist_count(&b->checklist, MB_CHECK_WARN),
	       b->out_dir, "/checklist.txt.minisig");
	if (b->key_created)
		printf("  new key    %s (keep it private), public key %s\n",
		       b->key_path, b->public_key_path);
	printf("  time       %.2f s\n", seconds);
}

/* --timings: one line per stage on stderr, for `make bench` and profiling */
void build_print_timings(const struct build *b, double seconds)
{
	for (int i = 0; i < STAGE_COUNT; i++)
		fprintf(stderr, "mazebook build: time %-9s %.3f s%s\n", stage_names[i], b->stage_s[i],
			i == STAGE_PROOF ? " (CPU; run beside the stages after the interior)" :
			i == STAGE_COVER ? " (with its preview; made beside the interior)" : "");
	fprintf(stderr, "mazebook build: time %-9s %.3f s (book-preview.png; drawn in the "
		"preflight's reading of the pages)\n", "sheet", b->sheet_s);
	fprintf(stderr, "mazebook build: time %-9s %.3f s\n", "total", seconds);
}
