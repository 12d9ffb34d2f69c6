/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * mazeproof: prove from the printed walls alone that every maze in an
 * interior PDF has exactly one route. It reads every page, rebuilds each
 * drawn maze (mpmaze), proves it (mpcheck), pairs each maze page with its
 * solution copy by the number in their labels and prints one line per maze
 * and a summary. It shares no code with mazebook's maze engine, so a bug
 * in one cannot hide a bug in the other.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpcheck.h"
#include "mpmaze.h"
#include "mpread.h"
#include "mputil.h"

enum { EXIT_PASS = 0, EXIT_FAILED = 1, EXIT_USAGE = 2 };

struct options {
	bool quiet, json, any_gaps;
	const char *path;
};

/* all mazes of the document and what became of them */
struct run {
	struct mb_mp_maze *mazes;
	size_t n, cap;
	char **errors;		/* page-level failures */
	size_t nerrors, cap_errors;
	bool numbered_by_order;
};

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: mazeproof [--quiet | --json] FILE.pdf\n"
		"Prove from the printed walls alone that every maze in an interior PDF has\n"
		"exactly one route, and that each solution copy shows that route.\n"
		"\n"
		"For each maze drawing (black, axis-aligned stroked lines) it infers the grid,\n"
		"finds the gaps in the outer wall (there must be exactly two: entrance and\n"
		"exit), and proves every square reachable, openings == squares - 1 and exactly\n"
		"one route by exhaustive search. A drawing with a non-black route through\n"
		"square centres is a solution copy; it must have the same walls as its maze\n"
		"page (paired by the number in the label above each), start at the entrance,\n"
		"end at the exit, cross no wall and be the one route. Squares are (x,y),\n"
		"counted from 0 at the top-left square.\n"
		"\n"
		"Options:\n"
		"  -q, --quiet    print only failures\n"
		"      --any-gaps accept an entrance and exit anywhere in the outer wall\n"
		"                 (by default they must be the top of the top-left square\n"
		"                 and the bottom of the bottom-right one)\n"
		"      --json     print the results as one JSON object\n"
		"  -h, --help     show this help\n"
		"  -V, --version  show the version\n"
		"\n"
		"Exit status: 0 every maze passes; 1 a maze fails, the file cannot be read or\n"
		"holds no maze; 2 usage error.\n");
}

/* Record a failure that is not one maze's; page 0 for the whole file. */
static void page_error(struct run *r, int page, const char *what)
{
	char buf[500];

	if (page > 0)
		snprintf(buf, sizeof buf, "page %d: %s", page, what);
	else
		snprintf(buf, sizeof buf, "%s", what);
	*(char **)mb_mp_push(&r->errors, &r->nerrors, &r->cap_errors, sizeof(char *)) =
		mb_mp_xstrdup(buf);
}

static int read_all(struct mb_mp_doc *doc, struct run *r)
{
	char err[400];
	int pages = mb_mp_doc_pages(doc);

	for (int p = 0; p < pages; p++) {
		struct mb_mp_page page;
		struct mb_mp_maze *found;
		size_t n;

		memset(&page, 0, sizeof page);
		if (!mb_mp_doc_read_page(doc, p, &page, err, sizeof err)) {
			page_error(r, p + 1, err);
			mb_mp_page_release(&page);
			continue;
		}
		n = mb_mp_find_mazes(&page, &found);
		for (size_t k = 0; k < n; k++)
			*(struct mb_mp_maze *)mb_mp_push(&r->mazes, &r->n, &r->cap, sizeof *found) =
				found[k];
		free(found);
		mb_mp_page_release(&page);
	}
	return pages;
}

/* Mazes whose label could not be read are numbered by their order. */
static void number_by_order(struct run *r)
{
	int puzzles = 0, copies = 0;
	bool missing = false;

	for (size_t k = 0; k < r->n; k++)
		if (r->mazes[k].w > 0 && r->mazes[k].number < 0)
			missing = true;
	if (!missing)
		return;
	r->numbered_by_order = true;
	for (size_t k = 0; k < r->n; k++) {
		struct mb_mp_maze *m = &r->mazes[k];

		if (m->w > 0)
			m->number = m->solution ? ++copies : ++puzzles;
	}
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

struct verdict {
	const struct mb_mp_maze *maze;
	bool ok;
	char text[900];		/* the whole line after "maze N, page P: " */
	const char *solution;	/* "matches", "none", "mismatch", "no pages" */
	long routes;
};

static int cmp_number(const void *a, const void *b)
{
	const struct mb_mp_maze *const *x = a, *const *y = b;

	if ((*x)->number != (*y)->number)
		return (*x)->number < (*y)->number ? -1 : 1;
	return (*x)->page - (*y)->page;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "quiet", no_argument, NULL, 'q' },
		{ "json", no_argument, NULL, 'j' },
		{ "any-gaps", no_argument, NULL, 'g' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct options opt = { false, false, false, NULL };
	struct run r;
	struct mb_mp_doc *doc;
	struct mb_mp_maze **puzzles, **copies;
	struct verdict *v;
	size_t npuz = 0, ncop = 0, passed = 0, failed = 0, checked_copies = 0;
	char err[400];
	int c, pages;

	while ((c = getopt_long(argc, argv, "qhV", longopts, NULL)) != -1) {
		switch (c) {
		case 'q':
			opt.quiet = true;
			break;
		case 'j':
			opt.json = true;
			break;
		case 'g':
			opt.any_gaps = true;
			break;
		case 'h':
			usage(stdout);
			return EXIT_PASS;
		case 'V':
			printf("mazeproof (mazebook) %s\n", PACKAGE_VERSION);
			return EXIT_PASS;
		default:
			fprintf(stderr, "Try 'mazeproof --help'.\n");
			return EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		fprintf(stderr, "mazeproof: %s\nTry 'mazeproof --help'.\n",
			optind == argc ? "no PDF file given" : "more than one file given");
		return EXIT_USAGE;
	}
	opt.path = argv[optind];

	doc = mb_mp_doc_open(opt.path, err, sizeof err);
	if (!doc) {
		fprintf(stderr, "mazeproof: %s\n", err);
		return EXIT_FAILED;
	}
	memset(&r, 0, sizeof r);
	pages = read_all(doc, &r);
	mb_mp_doc_close(doc);
	number_by_order(&r);

	puzzles = mb_mp_xmalloc((r.n ? r.n : 1) * sizeof *puzzles);
	copies = mb_mp_xmalloc((r.n ? r.n : 1) * sizeof *copies);
	for (size_t k = 0; k < r.n; k++) {
		struct mb_mp_maze *m = &r.mazes[k];

		if (m->w == 0)
			page_error(&r, m->page, m->problem);
		else if (m->solution)
			copies[ncop++] = m;
		else
			puzzles[npuz++] = m;
	}
	qsort(puzzles, npuz, sizeof *puzzles, cmp_number);
	qsort(copies, ncop, sizeof *copies, cmp_number);

	/* a maze whose drawing vanished leaves a hole in the numbers */
	for (size_t k = 1; k < npuz && !r.numbered_by_order; k++) {
		int lo = puzzles[k - 1]->number + 1, hi = puzzles[k]->number - 1;

		if (lo > hi)
			continue;
		if (lo == hi)
			snprintf(err, sizeof err, "no maze %d found (maze numbers run from %d to %d)", lo,
				 puzzles[0]->number, puzzles[npuz - 1]->number);
		else
			snprintf(err, sizeof err, "no mazes %d to %d found (maze numbers run from %d to %d)",
				 lo, hi, puzzles[0]->number, puzzles[npuz - 1]->number);
		page_error(&r, 0, err);
	}

	v = mb_mp_xcalloc(npuz ? npuz : 1, sizeof *v);
	for (size_t k = 0; k < npuz; k++) {
		const struct mb_mp_maze *m = puzzles[k];
		struct mb_mp_proof proof;
		char why[400] = "", sol[600] = "";
		size_t matching = 0;

		v[k].maze = m;
		mb_mp_prove(m, !opt.any_gaps, &proof);
		v[k].routes = proof.routes;
		snprintf(why, sizeof why, "%s", proof.why);
		if (m->problem[0])
			snprintf(why + strlen(why), sizeof why - strlen(why), "%s%s", why[0] ? "; " : "",
				 m->problem);
		if (k > 0 && puzzles[k - 1]->number == m->number)
			snprintf(why + strlen(why), sizeof why - strlen(why),
				 "%smaze %d is also on page %d", why[0] ? "; " : "", m->number,
				 puzzles[k - 1]->page);
		v[k].solution = ncop ? "none" : "no pages";
		for (size_t q = 0; q < ncop; q++) {
			char swhy[400];

			if (copies[q]->number != m->number)
				continue;
			checked_copies++;
			if (matching++) {
				snprintf(sol + strlen(sol), sizeof sol - strlen(sol),
					 "%sanother solution copy on page %d", sol[0] ? "; " : "",
					 copies[q]->page);
				continue;
			}
			if (!proof.ok) {
				v[k].solution = "unchecked";
				continue;
			}
			if (mb_mp_check_solution(m, &proof, copies[q], swhy, sizeof swhy)) {
				v[k].solution = "matches";
			} else {
				v[k].solution = "mismatch";
				snprintf(sol + strlen(sol), sizeof sol - strlen(sol),
					 "%ssolution on page %d: %s", sol[0] ? "; " : "",
					 copies[q]->page, swhy);
			}
		}
		if (ncop && matching == 0)
			snprintf(sol, sizeof sol, "no solution copy found");
		v[k].ok = !why[0] && !sol[0];
		if (v[k].ok)
			snprintf(v[k].text, sizeof v[k].text, "%dx%d, perfect, 1 route, %s", m->w, m->h,
				 ncop ? "solution matches" : "no solution pages");
		else
			snprintf(v[k].text, sizeof v[k].text, "%dx%d, FAILED: %s%s%s", m->w, m->h, why,
				 why[0] && sol[0] ? "; " : "", sol);
		if (v[k].ok)
			passed++;
		else
			failed++;
		mb_mp_proof_release(&proof);
	}
	/* solution copies whose maze is missing */
	for (size_t q = 0; q < ncop; q++) {
		bool found = false;

		for (size_t k = 0; k < npuz && !found; k++)
			found = puzzles[k]->number == copies[q]->number;
		if (!found) {
			char buf[300];

			snprintf(buf, sizeof buf, "solution copy of maze %d has no maze page",
				 copies[q]->number);
			page_error(&r, copies[q]->page, buf);
		}
	}

	if (opt.json) {
		printf("{\"file\": ");
		json_string(opt.path);
		printf(", \"pages\": %d, \"mazes\": [", pages);
		for (size_t k = 0; k < npuz; k++) {
			printf("%s\n  {\"number\": %d, \"page\": %d, \"width\": %d, \"height\": %d, "
			       "\"ok\": %s, \"routes\": %ld, \"solution\": \"%s\", \"result\": ",
			       k ? "," : "", v[k].maze->number, v[k].maze->page, v[k].maze->w,
			       v[k].maze->h, v[k].ok ? "true" : "false", v[k].routes, v[k].solution);
			json_string(v[k].text);
			putchar('}');
		}
		printf("\n], \"errors\": [");
		for (size_t k = 0; k < r.nerrors; k++) {
			printf("%s", k ? ", " : "");
			json_string(r.errors[k]);
		}
		printf("], \"passed\": %zu, \"failed\": %zu, \"solution_copies\": %zu, "
		       "\"numbered_by_order\": %s}\n",
		       passed, failed + r.nerrors, checked_copies,
		       r.numbered_by_order ? "true" : "false");
	} else {
		for (size_t k = 0; k < npuz; k++)
			if (!opt.quiet || !v[k].ok)
				printf("maze %d, page %d: %s\n", v[k].maze->number, v[k].maze->page,
				       v[k].text);
		for (size_t k = 0; k < r.nerrors; k++)
			printf("%s\n", r.errors[k]);
		if (npuz == 0)
			fprintf(stderr, "mazeproof: no maze found in '%s' (%d pages)\n", opt.path, pages);
		else if (!opt.quiet || failed || r.nerrors)
			printf("mazeproof: %s: %zu maze%s, %zu passed, %zu failed, %zu solution "
			       "cop%s checked%s%s\n", opt.path, npuz, npuz == 1 ? "" : "s", passed,
			       failed, checked_copies, checked_copies == 1 ? "y" : "ies",
			       r.nerrors ? ", other problems: " : "",
			       r.nerrors ? "see above" : "");
		if (r.numbered_by_order && !opt.quiet)
			printf("mazeproof: some labels had no number; mazes were numbered in page order\n");
	}

	for (size_t k = 0; k < r.n; k++)
		mb_mp_maze_release(&r.mazes[k]);
	for (size_t k = 0; k < r.nerrors; k++)
		free(r.errors[k]);
	free(r.errors);
	free(r.mazes);
	free(puzzles);
	free(copies);
	free(v);
	return npuz > 0 && failed == 0 && r.nerrors == 0 ? EXIT_PASS : EXIT_FAILED;
}
