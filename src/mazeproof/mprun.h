/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * What the files of the mazeproof program (mazeproof.c, mpjudge.c,
 * mpreport.c) share: the options, the run (every maze of the document and
 * what failed), the verdicts reported.
 */
#ifndef MAZEPROOF_MPRUN_H
#define MAZEPROOF_MPRUN_H

#include <stdbool.h>
#include <stddef.h>

#include "mpmaze.h"
#include "mpread.h"

struct options {
	bool quiet, json, any_gaps;
	bool render_all;	/* --render: judge every maze from its rendering */
	const char *path;
};

/* all mazes of the document and what became of them */
struct run {
	struct mb_mp_maze *mazes;
	size_t n, cap;
	char **errors;		/* page-level failures */
	size_t nerrors, cap_errors;
	bool numbered_by_order;
	struct folio { int page, number; } *folios;	/* numbers printed alone on a page */
	size_t nfolios, cap_folios;
	size_t rendered;	/* mazes judged from the rendered page */
	char refused[400];	/* why the whole file is refused (a per-file bound), "" if not */
};

struct verdict {
	const struct mb_mp_maze *maze;
	bool ok;
	char text[900];		/* the whole line after "maze N, page P: " */
	const char *solution;	/* "matches", "mismatch", "none", "unchecked", "no pages" */
	int solution_page;	/* page of the (first) solution copy, 0 if none */
	bool by_walls;		/* that copy had no readable label: paired by its walls */
	const char *copy_label;	/* that copy's label, NULL when no copy */
	long routes;
	size_t route_len;	/* squares on the one route, 0 when not proved */
	char reason[900];	/* why it failed, "" when it passed */
};

/* everything that is printed */
struct report {
	struct verdict *v;
	size_t nv, cap_v;
	size_t passed, failed, checked_copies, unnumbered;
};

/* mpjudge.c */
void mb_mp_page_error(struct run *r, int page, const char *what);
int mb_mp_read_all(struct mb_mp_doc *doc, struct run *r, const struct options *opt);

/* mpreport.c */
void mb_mp_settle_numbers(struct run *r);
bool mb_mp_npuz_labelled(const struct run *r);
void mb_mp_pair_by_walls(struct run *r, struct mb_mp_maze *copy, struct mb_mp_maze **copies,
			 size_t *ncop);
void mb_mp_judge(struct report *rep, const struct run *r, struct mb_mp_maze **puzzles, size_t k,
		 struct mb_mp_maze **copies, size_t ncop, bool corners);
void mb_mp_judge_unnumbered(struct report *rep, const struct mb_mp_maze *m, bool corners);
void mb_mp_print_json(const struct options *opt, const struct report *rep, const struct run *r,
		      int pages);
void mb_mp_print_text(const struct options *opt, const struct report *rep, const struct run *r,
		      int pages);

#endif
