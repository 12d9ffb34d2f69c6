/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The verdicts: each maze proved and paired with its solution copies (by
 * label, by walls or by order), then printed as lines or one JSON object.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "mpcheck.h"
#include "mplattice.h"
#include "mpmaze.h"
#include "mprun.h"
#include "mputil.h"

/*
 * When some mazes have a label ("Maze 12"), a maze without one (the title
 * page's, an illustration) is unnumbered: proved on its own. When none
 * has, every maze is numbered by its order.
 */
void mb_mp_settle_numbers(struct run *r)
{
	int puzzles = 0, copies = 0;
	bool labelled = false, missing = false;

	for (size_t k = 0; k < r->n; k++) {
		const struct mb_mp_maze *m = &r->mazes[k];

		labelled |= m->w > 0 && m->number >= 0;
		missing |= m->w > 0 && m->number < 0;
	}
	if (labelled || !missing)
		return;
	r->numbered_by_order = true;
	for (size_t k = 0; k < r->n; k++) {
		struct mb_mp_maze *m = &r->mazes[k];

		if (m->w > 0)
			m->number = m->solution ? ++copies : ++puzzles;
	}
}

/* Are there puzzles (no drawn route) with a number? */
bool mb_mp_npuz_labelled(const struct run *r)
{
	for (size_t k = 0; k < r->n; k++)
		if (r->mazes[k].w > 0 && !r->mazes[k].solution && r->mazes[k].number >= 0)
			return true;
	return false;
}

static bool same_walls(const struct mb_mp_maze *a, const struct mb_mp_maze *b)
{
	if (a->lat || b->lat)
		return a->lat && b->lat && mb_mp_lat_same_walls(a->lat, b->lat);
	return a->w == b->w && a->h == b->h &&
	       !memcmp(a->hwall, b->hwall, (size_t)(a->h + 1) * (size_t)a->w) &&
	       !memcmp(a->vwall, b->vwall, (size_t)a->h * (size_t)(a->w + 1));
}

/*
 * A solution copy without a readable label: it is the copy of the
 * numbered maze with the same grid and the same walls; one that matches
 * none (or more than one) fails.
 */
void mb_mp_pair_by_walls(struct run *r, struct mb_mp_maze *copy, struct mb_mp_maze **copies,
			 size_t *ncop)
{
	struct mb_mp_maze *found = NULL;
	size_t matches = 0;
	char msg[300];

	for (size_t k = 0; k < r->n; k++) {
		struct mb_mp_maze *m = &r->mazes[k];

		if (m->w > 0 && !m->solution && m->number >= 0 && same_walls(m, copy)) {
			found = m;
			matches++;
		}
	}
	if (matches == 1) {
		copy->number = found->number;
		copy->by_walls = true;
		copies[(*ncop)++] = copy;
		return;
	}
	if (matches)
		snprintf(msg, sizeof msg, "a solution copy with no readable label has the walls of %zu "
			 "mazes: cannot tell which it solves", matches);
	else if (copy->lat)
		snprintf(msg, sizeof msg, "a %s solution copy with no readable label matches no "
			 "maze's walls", copy->lat->grid);
	else
		snprintf(msg, sizeof msg, "a %dx%d solution copy with no readable label matches no "
			 "maze's walls", copy->w, copy->h);
	mb_mp_page_error(r, copy->page, msg);
}

static void json_string(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	putchar('"');
}

/* "9x7", "polar 7 rings", "hex 12x13", "delta 15x8" */
static const char *grid_text(const struct mb_mp_maze *m, char *buf, size_t len)
{
	if (m->lat)
		snprintf(buf, len, "%s", m->lat->grid[0] ? m->lat->grid : "unreadable");
	else
		snprintf(buf, len, "%dx%d", m->w, m->h);
	return buf;
}

/* the grid for a verdict line: a round maze's rings said when they are not the usual */
static const char *grid_line(const struct mb_mp_maze *m, char *buf, size_t len)
{
	grid_text(m, buf, len);
	if (m->lat && m->lat->kind == MB_MP_LAT_POLAR && m->lat->division[0] && m->lat->grid[0])
		snprintf(buf, len, "%s (%s)", m->lat->grid, m->lat->division);
	return buf;
}

/* a round maze's cells in each ring, and what each count was read from */
static void json_rings(const struct mb_mp_maze *m)
{
	static const char *const by[] = { "walls", "ring inside", "doubling rule" };
	const struct mb_mp_lattice *l = m->lat;

	if (!l || l->kind != MB_MP_LAT_POLAR || l->rings < 1 || !l->ring_by)
		return;
	printf(", \"ring_cells\": [");
	for (int r = 0; r < l->rings; r++)
		printf("%s%d", r ? ", " : "", l->ring_n[r]);
	printf("], \"ring_division\": [\"centre\"");
	for (int r = 1; r < l->rings; r++)
		printf(", \"%s\"", by[l->ring_by[r] < 3 ? l->ring_by[r] : 0]);
	printf("]");
}

static void finish(struct report *rep, struct verdict *v, const struct mb_mp_maze *m,
		   const char *why, const char *sol, bool have_copies)
{
	char grid[224];

	grid_line(m, grid, sizeof grid);
	v->ok = !why[0] && !sol[0];
	snprintf(v->reason, sizeof v->reason, "%s%s%s", why, why[0] && sol[0] ? "; " : "", sol);
	if (v->ok)
		snprintf(v->text, sizeof v->text, "%s, perfect, 1 route, %s%s", grid,
			 m->solution ? "solution matches" :
			 have_copies ? "solution matches" : "no solution pages",
			 v->by_walls ? " (its copy has no label: found by its walls)" : "");
	else
		snprintf(v->text, sizeof v->text, "%s, FAILED: %s%s%s", grid, why,
			 why[0] && sol[0] ? "; " : "", sol);
	if (v->ok)
		rep->passed++;
	else
		rep->failed++;
}

/* Prove maze page puzzles[k] and check its solution copies. */
/* Is number printed alone on page (its folio, as the reader sees it)? */
static bool printed_folio(const struct run *r, int page, int number)
{
	for (size_t k = 0; k < r->nfolios; k++)
		if (r->folios[k].page == page && r->folios[k].number == number)
			return true;
	return false;
}

/*
 * Prove a circular or hexagonal maze m and check its solution copies (or,
 * with no copies given, the route drawn in it).
 */
static void judge_lat(struct report *rep, struct verdict *v, const struct mb_mp_maze *m,
		      struct mb_mp_maze **copies, size_t ncop)
{
	struct mb_mp_lat_proof proof;
	char why[600] = "", sol[600] = "", buf[500], swhy[400];
	size_t matching = 0;

	mb_mp_lat_prove(m->lat, &proof);
	v->routes = proof.ok ? 1 : proof.routes;
	v->route_len = proof.ok ? proof.route_len : 0;
	snprintf(why, sizeof why, "%s", proof.why);
	v->solution = ncop ? "none" : m->solution ? "matches" : "no pages";
	if (!copies && m->solution && proof.ok &&
	    !mb_mp_lat_check_solution(m->lat, &proof, m->lat, swhy, sizeof swhy)) {
		v->solution = "mismatch";
		snprintf(sol, sizeof sol, "solution: %s", swhy);
	}
	for (size_t q = 0; q < ncop; q++) {
		if (copies[q]->number != m->number)
			continue;
		rep->checked_copies++;
		if (!v->solution_page) {
			v->solution_page = copies[q]->page;
			v->by_walls = copies[q]->by_walls;
			v->copy_label = copies[q]->label;
		}
		if (matching++) {
			snprintf(buf, sizeof buf, "another solution copy on page %d", copies[q]->page);
			mb_mp_append(sol, sizeof sol, buf);
		} else if (!proof.ok) {
			v->solution = "unchecked";
		} else if (!copies[q]->lat) {
			v->solution = "mismatch";
			snprintf(buf, sizeof buf, "solution on page %d: a square grid, the maze is %s",
				 copies[q]->page, m->lat->grid);
			mb_mp_append(sol, sizeof sol, buf);
		} else if (copies[q]->lat->problem[0]) {
			v->solution = "mismatch";
			snprintf(buf, sizeof buf, "solution on page %d: %s", copies[q]->page,
				 copies[q]->lat->problem);
			mb_mp_append(sol, sizeof sol, buf);
		} else if (mb_mp_lat_check_solution(m->lat, &proof, copies[q]->lat, swhy, sizeof swhy)) {
			v->solution = "matches";
		} else {
			v->solution = "mismatch";
			snprintf(buf, sizeof buf, "solution on page %d: %.400s", copies[q]->page, swhy);
			mb_mp_append(sol, sizeof sol, buf);
		}
	}
	if (ncop && matching == 0)
		mb_mp_append(sol, sizeof sol, "no solution copy found");
	finish(rep, v, m, why, sol, ncop > 0);
	mb_mp_lat_proof_release(&proof);
}

void mb_mp_judge(struct report *rep, const struct run *r, struct mb_mp_maze **puzzles, size_t k,
		 struct mb_mp_maze **copies, size_t ncop, bool corners)
{
	const struct mb_mp_maze *m = puzzles[k];
	struct verdict *v = mb_mp_push(&rep->v, &rep->nv, &rep->cap_v, sizeof *v);
	struct mb_mp_proof proof;
	char why[600] = "", sol[600] = "", buf[500];
	size_t matching = 0;

	v->maze = m;
	if (m->lat) {
		if (k > 0 && puzzles[k - 1]->number == m->number) {
			snprintf(buf, sizeof buf, "maze %d is also on page %d", m->number,
				 puzzles[k - 1]->page);
			judge_lat(rep, v, m, copies, ncop);
			if (v->ok)
				rep->passed--, rep->failed++;
			v->ok = false;
			mb_mp_append(v->reason, sizeof v->reason, buf);
			snprintf(v->text, sizeof v->text, "%s, FAILED: %s",
				 grid_line(m, buf, sizeof buf), v->reason);
		} else {
			judge_lat(rep, v, m, copies, ncop);
		}
		return;
	}
	(void)r;
	mb_mp_prove(m, corners, &proof);
	v->routes = proof.routes;
	v->route_len = proof.ok ? proof.route_len : 0;
	snprintf(why, sizeof why, "%s", proof.why);
	if (m->problem[0])
		mb_mp_append(why, sizeof why, m->problem);
	if (why[0] && m->ink_note[0])
		mb_mp_append(why, sizeof why, m->ink_note);
	if (k > 0 && puzzles[k - 1]->number == m->number) {
		snprintf(buf, sizeof buf, "maze %d is also on page %d", m->number, puzzles[k - 1]->page);
		mb_mp_append(why, sizeof why, buf);
	}
	v->solution = ncop ? "none" : "no pages";
	for (size_t q = 0; q < ncop; q++) {
		char swhy[400];

		if (copies[q]->number != m->number)
			continue;
		rep->checked_copies++;
		if (!v->solution_page) {
			v->solution_page = copies[q]->page;
			v->by_walls = copies[q]->by_walls;
			v->copy_label = copies[q]->label;
		}
		if (matching++) {
			snprintf(buf, sizeof buf, "another solution copy on page %d", copies[q]->page);
			mb_mp_append(sol, sizeof sol, buf);
		} else if (!proof.ok) {
			v->solution = "unchecked";
		} else if (copies[q]->label_page > 0 && copies[q]->label_page != m->page &&
			   !printed_folio(r, m->page, copies[q]->label_page)) {
			v->solution = "mismatch";
			snprintf(buf, sizeof buf, "the label of the solution on page %d says page %d "
				 "(neither the maze's PDF page nor a number printed on it)",
				 copies[q]->page, copies[q]->label_page);
			mb_mp_append(sol, sizeof sol, buf);
		} else if (copies[q]->problem[0]) {
			v->solution = "mismatch";
			snprintf(buf, sizeof buf, "solution on page %d: %s", copies[q]->page,
				 copies[q]->problem);
			mb_mp_append(sol, sizeof sol, buf);
		} else if (mb_mp_check_solution(m, &proof, copies[q], swhy, sizeof swhy)) {
			v->solution = "matches";
		} else {
			v->solution = "mismatch";
			snprintf(buf, sizeof buf, "solution on page %d: %.300s%s%.150s", copies[q]->page, swhy,
				 copies[q]->ink_note[0] ? "; there " : "", copies[q]->ink_note);
			mb_mp_append(sol, sizeof sol, buf);
		}
	}
	if (ncop && matching == 0)
		mb_mp_append(sol, sizeof sol, "no solution copy found");
	finish(rep, v, m, why, sol, ncop > 0);
	mb_mp_proof_release(&proof);
}

/* A maze without a number (an illustration): prove it; a drawn route must
 * be its one route. */
void mb_mp_judge_unnumbered(struct report *rep, const struct mb_mp_maze *m, bool corners)
{
	struct verdict *v = mb_mp_push(&rep->v, &rep->nv, &rep->cap_v, sizeof *v);
	struct mb_mp_proof proof;
	char why[600] = "", sol[600] = "", swhy[400], grid[224];

	v->maze = m;
	if (m->lat) {
		judge_lat(rep, v, m, NULL, 0);
		if (v->ok)
			snprintf(v->text, sizeof v->text, "%s, perfect, 1 route%s",
				 grid_line(m, grid, sizeof grid), m->solution ? ", route drawn matches" : "");
		rep->unnumbered++;
		return;
	}
	mb_mp_prove(m, corners, &proof);
	v->routes = proof.routes;
	v->route_len = proof.ok ? proof.route_len : 0;
	snprintf(why, sizeof why, "%s", proof.why);
	if (m->problem[0])
		mb_mp_append(why, sizeof why, m->problem);
	if (why[0] && m->ink_note[0])
		mb_mp_append(why, sizeof why, m->ink_note);
	v->solution = m->solution ? "matches" : "no pages";
	if (m->solution && proof.ok && !mb_mp_check_solution(m, &proof, m, swhy, sizeof swhy)) {
		v->solution = "mismatch";
		snprintf(sol, sizeof sol, "solution: %s", swhy);
	}
	finish(rep, v, m, why, sol, false);
	if (v->ok)
		snprintf(v->text, sizeof v->text, "%s, perfect, 1 route%s", grid_text(m, grid, sizeof grid),
			 m->solution ? ", route drawn matches" : "");
	rep->unnumbered++;
	mb_mp_proof_release(&proof);
}

/*
 * One object per maze: where it is (page, box in points, y down from the
 * page's top-left corner), its grid, the verdict and why, the length of
 * its one route, and the solution copy found for it (page, and how it was
 * paired). mazebook build reads this.
 */
void mb_mp_print_json(const struct options *opt, const struct report *rep, const struct run *r,
		      int pages)
{
	printf("{\"file\": ");
	json_string(opt->path);
	printf(", \"pages\": %d, \"mazes\": [", pages);
	for (size_t k = 0; k < rep->nv; k++) {
		const struct verdict *v = &rep->v[k];
		const struct mb_mp_maze *m = v->maze;
		char grid[64];

		grid_text(m, grid, sizeof grid);
		printf("%s\n  {\"number\": %d, \"page\": %d, \"width\": %d, \"height\": %d, "
		       "\"ok\": %s, \"routes\": %ld, \"solution\": \"%s\", \"solution_page\": %d, "
		       "\"box\": [%.2f, %.2f, %.2f, %.2f], \"grid\": \"%s\", \"square_pt\": %.3f, "
		       "\"verdict\": \"%s\", \"reason\": ", k ? "," : "", m->number, m->page,
		       m->lat ? 0 : m->w, m->lat ? 0 : m->h, v->ok ? "true" : "false",
		       v->routes, v->solution, v->solution_page,
		       m->x_pt, m->y_pt, m->x_pt + m->w * m->cell_w_pt, m->y_pt + m->h * m->cell_h_pt,
		       grid, m->lat ? (m->lat->kind == MB_MP_LAT_POLAR ? m->lat->ring_pt : m->lat->side)
				    : m->cell_w_pt, v->ok ? "perfect" : "failed");
		json_string(v->reason);
		printf(", \"cells\": %d, \"route_length\": %zu, \"copy_found\": %s, \"copy_page\": %d, "
		       "\"copy_paired_by\": \"%s\", \"judged_from\": \"%s\", \"label\": ",
		       m->lat ? m->lat->ncells : m->w * m->h, v->route_len,
		       v->solution_page > 0 ? "true" : "false", v->solution_page,
		       v->solution_page <= 0 ? "none" : v->by_walls ? "walls" :
		       r->numbered_by_order ? "order" : "label",
		       m->rendered ? "rendering" : "lines");
		json_string(m->label);
		printf(", \"copy_label\": ");
		json_string(v->copy_label ? v->copy_label : "");
		json_rings(m);
		printf(", \"result\": ");
		json_string(v->text);
		putchar('}');
	}
	printf("\n], \"errors\": [");
	for (size_t k = 0; k < r->nerrors; k++) {
		printf("%s", k ? ", " : "");
		json_string(r->errors[k]);
	}
	printf("], \"count\": %zu, \"passed\": %zu, \"failed\": %zu, \"solution_copies\": %zu, "
	       "\"rendered\": %zu, \"numbered_by_order\": %s}\n",
	       rep->nv, rep->passed, rep->failed + r->nerrors, rep->checked_copies, r->rendered,
	       r->numbered_by_order ? "true" : "false");
}

void mb_mp_print_text(const struct options *opt, const struct report *rep, const struct run *r,
		      int pages)
{
	size_t n = rep->nv;

	for (size_t k = 0; k < n; k++) {
		const struct verdict *v = &rep->v[k];

		if (opt->quiet && v->ok)
			continue;
		if (v->maze->number < 0)
			printf("unnumbered maze, page %d: %s\n", v->maze->page, v->text);
		else
			printf("maze %d, page %d: %s\n", v->maze->number, v->maze->page, v->text);
	}
	for (size_t k = 0; k < r->nerrors; k++)
		printf("%s\n", r->errors[k]);
	if (n == 0)
		fprintf(stderr, "mazeproof: no maze found in '%s' (%d pages)\n", opt->path, pages);
	else if (!opt->quiet || rep->failed || r->nerrors)
		printf("mazeproof: %s: %zu maze%s, %zu passed, %zu failed, %zu solution cop%s "
		       "checked%s%s\n", opt->path, n, n == 1 ? "" : "s", rep->passed, rep->failed,
		       rep->checked_copies, rep->checked_copies == 1 ? "y" : "ies",
		       rep->unnumbered ? " (unnumbered mazes proved on their own)" : "",
		       r->nerrors ? "; other problems: see above" : "");
	if (r->numbered_by_order && !opt->quiet)
		printf("mazeproof: some labels had no number; mazes were numbered in page order\n");
}
