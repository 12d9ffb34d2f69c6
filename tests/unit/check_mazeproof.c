/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * mazeproof's reconstruction (mpmaze) and proof (mpcheck) on pages built in
 * memory from text mazes: no PDF, so every case states exactly which lines
 * were drawn. Pages are drawn with wall runs or one segment per wall, with
 * float noise, shifted and scaled, next to decoration that must be ignored.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpcheck.h"
#include "mplattice.h"
#include "mplimits.h"
#include "mpmaze.h"
#include "mpoutline.h"
#include "mpraster.h"
#include "mputil.h"

#include "check_main.h"

static const char *const maze_8x5[] = {
	"+  +--+--+--+--+--+--+--+",
	"|  |                    |",
	"+  +--+  +--+  +--+--+--+",
	"|     |     |           |",
	"+--+  +  +--+--+--+--+  +",
	"|  |  |  |     |        |",
	"+  +  +--+  +  +  +--+  +",
	"|  |        |     |  |  |",
	"+  +--+--+--+--+--+  +  +",
	"|                       |",
	"+--+--+--+--+--+--+--+  +",
	NULL
};

/* the one route of maze_8x5, entrance first */
static const int route_8x5[][2] = {
	{ 0, 0 }, { 0, 1 }, { 1, 1 }, { 1, 2 }, { 1, 3 }, { 2, 3 }, { 3, 3 }, { 3, 2 },
	{ 4, 2 }, { 4, 3 }, { 5, 3 }, { 5, 2 }, { 6, 2 }, { 7, 2 }, { 7, 3 }, { 7, 4 }
};

struct draw {
	double x0, y0, cell, noise;
	bool split;
	unsigned seed;
};

static double jitter(struct draw *d)
{
	d->seed = d->seed * 1103515245u + 12345u;
	return d->noise * (((double)(d->seed >> 16 & 0x7fff) / 32767.0) * 2 - 1);
}

static void seg(struct mb_mp_page *p, double x0, double y0, double x1, double y1, double width,
		bool black, int path)
{
	struct mb_mp_seg *s = mb_mp_push(&p->segs, &p->nsegs, &p->cap_segs, sizeof *s);

	s->x0 = x0;
	s->y0 = y0;
	s->x1 = x1;
	s->y1 = y1;
	s->width_pt = width;
	s->black = black;
	s->path = path;
}

static void text(struct mb_mp_page *p, double x, double baseline, const char *s)
{
	struct mb_mp_text *t = mb_mp_push(&p->texts, &p->ntexts, &p->cap_texts, sizeof *t);

	t->utf8 = mb_mp_xstrdup(s);
	t->x0 = x;
	t->x1 = x + 5.0 * (double)strlen(s);
	t->baseline = baseline;
	t->size_pt = 9;
}

/* Is there a wall on text row r (0-based line of the drawing), column c? */
static bool wall_at(const char *const *rows, int r, int c)
{
	return (int)strlen(rows[r]) > c && rows[r][c] != ' ';
}

/* Draw the text maze as black strokes: runs, or one segment per wall. */
static void draw_maze(struct mb_mp_page *p, const char *const *rows, struct draw *d)
{
	int h = 0, w = ((int)strlen(rows[0]) - 1) / 3;
	double lw = d->cell * 0.08;

	while (rows[h])
		h++;
	h = (h - 1) / 2;
	for (int j = 0; j <= h; j++)
		for (int i = 0; i < w;) {
			int e = i;

			while (e < w && wall_at(rows, 2 * j, 3 * e + 1) && (e == i || !d->split))
				e++;
			if (e == i) {
				i++;
				continue;
			}
			seg(p, d->x0 + i * d->cell + jitter(d), d->y0 + j * d->cell + jitter(d),
			    d->x0 + e * d->cell + jitter(d), d->y0 + j * d->cell + jitter(d), lw, true,
			    p->npaths++);
			i = e;
		}
	for (int i = 0; i <= w; i++)
		for (int j = 0; j < h;) {
			int e = j;

			while (e < h && wall_at(rows, 2 * e + 1, 3 * i) && (e == j || !d->split))
				e++;
			if (e == j) {
				j++;
				continue;
			}
			seg(p, d->x0 + i * d->cell + jitter(d), d->y0 + j * d->cell + jitter(d),
			    d->x0 + i * d->cell + jitter(d), d->y0 + e * d->cell + jitter(d), lw, true,
			    p->npaths++);
			j = e;
		}
}

/* a point of the mark being drawn (the last one), as mpread keeps a coloured stroke */
static void put_mark_point(struct mb_mp_page *p, double x, double y)
{
	struct mb_mp_mark *m = &p->marks[p->nmarks - 1];
	double *xy = mb_mp_push(&p->mark_pts, &p->nmark_pts, &p->cap_mark_pts, 2 * sizeof *xy);

	xy[0] = x;
	xy[1] = y;
	if (!m->n++) {
		m->x0 = m->x1 = x;
		m->y0 = m->y1 = y;
	}
	m->x0 = fmin(m->x0, x);
	m->x1 = fmax(m->x1, x);
	m->y0 = fmin(m->y0, y);
	m->y1 = fmax(m->y1, y);
}

static void put_mark_begin(struct mb_mp_page *p, bool dot)
{
	struct mb_mp_mark *m = mb_mp_push(&p->marks, &p->nmarks, &p->cap_marks, sizeof *m);

	m->first = p->nmark_pts;
	m->op = p->nops++;
	m->dot = dot;
}

/* Draw a gray route polyline through the centres of squares sq[n], with
 * stubs half a square beyond the top of the first and the bottom of the last. */
static void draw_route(struct mb_mp_page *p, const struct draw *d, const int (*sq)[2], size_t n,
		       bool stubs)
{
	double px = d->x0 + (sq[0][0] + 0.5) * d->cell, py = d->y0 - 0.5 * d->cell;

	if (!stubs) {
		px = d->x0 + (sq[0][0] + 0.5) * d->cell;
		py = d->y0 + (sq[0][1] + 0.5) * d->cell;
	}
	put_mark_begin(p, false);
	put_mark_point(p, px, py);
	for (size_t k = 0; k < n + stubs; k++) {
		double x = k < n ? d->x0 + (sq[k][0] + 0.5) * d->cell : px;
		double y = k < n ? d->y0 + (sq[k][1] + 0.5) * d->cell : py + d->cell;

		put_mark_point(p, x, y);
		px = x;
		py = y;
	}
}

/* The same route as dots a third of a square apart, each its own mark. */
static void draw_dotted_route(struct mb_mp_page *p, const struct draw *d, const int (*sq)[2],
			      size_t n)
{
	for (size_t k = 0; k + 1 < n; k++)
		for (int t = 0; t < 3; t++) {
			double x = d->x0 + (sq[k][0] + 0.5 + (sq[k + 1][0] - sq[k][0]) * t / 3.0) * d->cell;
			double y = d->y0 + (sq[k][1] + 0.5 + (sq[k + 1][1] - sq[k][1]) * t / 3.0) * d->cell;

			put_mark_begin(p, true);
			put_mark_point(p, x, y);
		}
	put_mark_begin(p, true);
	put_mark_point(p, d->x0 + (sq[n - 1][0] + 0.5) * d->cell, d->y0 + (sq[n - 1][1] + 0.5) * d->cell);
}

/* A copy of maze_8x5 with text row r, column c replaced by s. */
static const char **edited(int r, int c, const char *s)
{
	static char buf[11][32];
	static const char *rows[12];

	for (int k = 0; k < 11; k++) {
		snprintf(buf[k], sizeof buf[k], "%s", maze_8x5[k]);
		rows[k] = buf[k];
	}
	memcpy(buf[r] + c, s, strlen(s));
	rows[11] = NULL;
	return rows;
}

static size_t read_page(struct mb_mp_page *p, struct mb_mp_maze **m)
{
	p->number = 3;
	return mb_mp_find_mazes(p, m);
}

static void free_all(struct mb_mp_page *p, struct mb_mp_maze *m, size_t n)
{
	for (size_t k = 0; k < n; k++)
		mb_mp_maze_release(&m[k]);
	free(m);
	for (size_t k = 0; k < p->ntexts; k++)
		free(p->texts[k].utf8);
	free(p->texts);
	free(p->segs);
	free(p->marks);
	free(p->mark_pts);
}

/* Prove the single maze drawn on p; returns the proof's failure text. */
static const char *prove_one(const char *const *rows, struct draw *d, bool *ok)
{
	static char why[400];
	struct mb_mp_page p = { 0 };
	struct mb_mp_maze *m;
	struct mb_mp_proof proof;
	size_t n;

	draw_maze(&p, rows, d);
	n = read_page(&p, &m);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(m[0].w, 8);
	ck_assert_int_eq(m[0].h, 5);
	mb_mp_prove(&m[0], true, &proof);
	*ok = proof.ok;
	snprintf(why, sizeof why, "%s", proof.why);
	mb_mp_proof_release(&proof);
	free_all(&p, m, n);
	return why;
}

START_TEST(perfect_maze_runs_and_split_with_noise)
{
	struct draw d[] = {
		{ 50, 100, 20, 0, false, 1 },
		{ 33.3, 71.7, 13.7, 0.01, true, 2 },
		{ 0.5, 0.25, 4.2, 0.005, false, 3 },
	};

	for (size_t k = 0; k < sizeof d / sizeof d[0]; k++) {
		struct mb_mp_page p = { 0 };
		struct mb_mp_maze *m;
		struct mb_mp_proof proof;
		size_t n;

		draw_maze(&p, maze_8x5, &d[k]);
		n = read_page(&p, &m);
		ck_assert_uint_eq(n, 1);
		ck_assert_str_eq(m[0].problem, "");
		ck_assert_int_eq(m[0].w, 8);
		ck_assert_int_eq(m[0].h, 5);
		ck_assert_int_eq(m[0].page, 3);
		ck_assert_double_eq_tol(m[0].cell_w_pt, d[k].cell, 0.02);
		ck_assert(mb_mp_hwall(&m[0], 1, 0) && !mb_mp_hwall(&m[0], 0, 0));
		ck_assert(!mb_mp_hwall(&m[0], 7, 5) && mb_mp_hwall(&m[0], 6, 5));
		ck_assert(mb_mp_vwall(&m[0], 1, 0) && !mb_mp_vwall(&m[0], 2, 0));
		mb_mp_prove(&m[0], true, &proof);
		ck_assert_msg(proof.ok, "%s", proof.why);
		ck_assert_int_eq(proof.routes, 1);
		ck_assert_int_eq(proof.openings, 39);
		ck_assert_uint_eq(proof.ngaps, 2);
		ck_assert_uint_eq(proof.route_len, 16);
		for (size_t q = 0; q < proof.route_len; q++)
			ck_assert_int_eq(proof.route[q], route_8x5[q][1] * 8 + route_8x5[q][0]);
		mb_mp_proof_release(&proof);
		free_all(&p, m, n);
	}
}
END_TEST

START_TEST(opened_wall_is_a_loop)
{
	struct draw d = { 40, 40, 10, 0, false, 4 };
	bool ok;
	/* open the top wall of (1,1) */
	const char *why = prove_one(edited(2, 4, "  "), &d, &ok);

	ck_assert(!ok);
	ck_assert_msg(strstr(why, "a loop of 20 squares in the box (1,0)-(7,3):"), "%s", why);
	ck_assert_msg(strstr(why, "40 openings for 40 squares"), "%s", why);
	ck_assert_msg(strstr(why, "two or more routes"), "%s", why);
}
END_TEST

START_TEST(closed_wall_cuts_off_a_square)
{
	struct draw d = { 40, 40, 10, 0, true, 5 };
	bool ok;
	/* close the bottom of (6,3), a dead end */
	const char *why = prove_one(edited(8, 19, "--"), &d, &ok);

	ck_assert(!ok);
	ck_assert_msg(strstr(why, "1 square unreachable (first (6,3))"), "%s", why);
	ck_assert_msg(strstr(why, "38 openings for 40 squares"), "%s", why);
}
END_TEST

START_TEST(gaps_found_not_assumed)
{
	struct draw d = { 40, 40, 10, 0, false, 6 };
	bool ok;
	const char *why;

	why = prove_one(edited(0, 1, "--"), &d, &ok);	/* entrance closed */
	ck_assert(!ok);
	ck_assert_msg(strstr(why, "one gap in the outer wall (bottom of (7,4))"), "%s", why);
	why = prove_one(edited(5, 24, " "), &d, &ok);	/* a third gap, right of (7,2) */
	ck_assert(!ok);
	ck_assert_msg(strstr(why, "3 gaps in the outer wall (top of (0,0), right of (7,2), "
				  "bottom of (7,4))"), "%s", why);
	why = prove_one(edited(10, 19, "  "), &d, &ok);	/* a second exit, under (6,4) */
	ck_assert(!ok);
	ck_assert_msg(strstr(why, "3 gaps"), "%s", why);
	{
		const char **rows = edited(10, 19, "  ");

		memcpy((char *)rows[10] + 22, "--", 2);	/* exit under (6,4) only */
		why = prove_one(rows, &d, &ok);
		ck_assert(!ok);
		ck_assert_msg(strstr(why, "the exit is at the bottom of (6,4), not at the bottom of "
					  "(7,4)"), "%s", why);
	}
}
END_TEST

START_TEST(no_gap_at_all)
{
	struct draw d = { 40, 40, 10, 0, false, 7 };
	const char **rows = edited(0, 1, "--");
	bool ok;
	const char *why;

	memcpy((char *)rows[10] + 22, "--", 2);
	why = prove_one(rows, &d, &ok);
	ck_assert(!ok);
	ck_assert_msg(strstr(why, "no gap in the outer wall"), "%s", why);
}
END_TEST

/* a solution copy drawn with route sq[n] is checked against the puzzle */
static bool dotted;	/* check_copy draws its route as dots */

static bool check_copy(const int (*sq)[2], size_t n, bool stubs, char *why, size_t len)
{
	struct mb_mp_page pp = { 0 }, cp = { 0 };
	struct mb_mp_maze *pm, *cm;
	struct mb_mp_proof proof;
	struct draw dp = { 60, 120, 30, 0, false, 8 }, dc = { 20, 30, 9, 0.003, true, 9 };
	size_t np, nc;
	bool ok;

	draw_maze(&pp, maze_8x5, &dp);
	if (dotted)
		draw_dotted_route(&cp, &dc, sq, n);
	else
		draw_route(&cp, &dc, sq, n, stubs);	/* drawn under the walls */
	draw_maze(&cp, maze_8x5, &dc);
	np = read_page(&pp, &pm);
	nc = read_page(&cp, &cm);
	ck_assert_uint_eq(np, 1);
	ck_assert_uint_eq(nc, 1);
	ck_assert(!pm[0].solution);
	ck_assert(cm[0].solution);
	mb_mp_prove(&pm[0], true, &proof);
	ck_assert(proof.ok);
	ok = mb_mp_check_solution(&pm[0], &proof, &cm[0], why, len);
	mb_mp_proof_release(&proof);
	free_all(&pp, pm, np);
	free_all(&cp, cm, nc);
	return ok;
}

START_TEST(solution_copy_matches_or_not)
{
	char why[400];
	int bad[16][2];
	size_t n = sizeof route_8x5 / sizeof route_8x5[0];

	ck_assert_msg(check_copy(route_8x5, n, true, why, sizeof why), "%s", why);
	/* from centre to centre, without the stubs through the gaps */
	ck_assert_msg(check_copy(route_8x5, n, false, why, sizeof why), "%s", why);

	/* stop one square short: does not reach the exit */
	ck_assert(!check_copy(route_8x5, n - 1, false, why, sizeof why));
	ck_assert_msg(strstr(why, "runs from (0,0) to (7,3), not from the entrance (top of (0,0)) "
				  "to the exit (bottom of (7,4))"), "%s", why);

	/* go straight down column 0 to (0,4), then along the bottom row: through walls */
	for (int k = 0; k < 5; k++) {
		bad[k][0] = 0;
		bad[k][1] = k;
	}
	for (int k = 1; k < 8; k++) {
		bad[4 + k][0] = k;
		bad[4 + k][1] = 4;
	}
	ck_assert(!check_copy((const int (*)[2])bad, 12, true, why, sizeof why));
	ck_assert_msg(strstr(why, "the solution crosses a wall at (0,1)-(0,2)"), "%s", why);
}
END_TEST

START_TEST(solution_copy_with_other_walls)
{
	struct mb_mp_page pp = { 0 }, cp = { 0 };
	struct mb_mp_maze *pm, *cm;
	struct mb_mp_proof proof;
	struct draw d = { 60, 120, 30, 0, false, 10 };
	char why[400];
	size_t np, nc;

	draw_maze(&pp, maze_8x5, &d);
	draw_route(&cp, &d, route_8x5, 16, true);
	/* the copy lacks the wall on the right of (3,1) */
	draw_maze(&cp, edited(3, 12, " "), &d);
	np = read_page(&pp, &pm);
	nc = read_page(&cp, &cm);
	mb_mp_prove(&pm[0], true, &proof);
	ck_assert(!mb_mp_check_solution(&pm[0], &proof, &cm[0], why, sizeof why));
	ck_assert_msg(strstr(why, "walls differ from the maze page's (first: the left wall of (4,1))"),
		      "%s", why);
	mb_mp_proof_release(&proof);
	free_all(&pp, pm, np);
	free_all(&cp, cm, nc);
}
END_TEST

/* a solution drawn as dots (each its own fill) reads as the route it draws */
START_TEST(dotted_solution)
{
	char why[400];
	int bad[16][2];
	size_t n = sizeof route_8x5 / sizeof route_8x5[0];

	dotted = true;
	ck_assert_msg(check_copy(route_8x5, n, false, why, sizeof why), "%s", why);
	for (int k = 0; k < 5; k++) {
		bad[k][0] = 0;
		bad[k][1] = k;
	}
	for (int k = 1; k < 8; k++) {
		bad[4 + k][0] = k;
		bad[4 + k][1] = 4;
	}
	ck_assert(!check_copy((const int (*)[2])bad, 12, false, why, sizeof why));
	ck_assert_msg(strstr(why, "the solution crosses a wall at (0,1)-(0,2)"), "%s", why);
	dotted = false;
}
END_TEST

START_TEST(labels_and_decoration)
{
	struct mb_mp_page p = { 0 };
	struct mb_mp_maze *m;
	struct draw a = { 40, 60, 10, 0, false, 11 }, b = { 200, 60, 8, 0, true, 12 };
	struct draw c = { 40, 300, 10, 0.002, false, 13 };
	size_t n;

	text(&p, 40, 50, "Maze 12 (page 14)");
	text(&p, 200, 50, "Maze");
	text(&p, 222, 50, "13");
	text(&p, 40, 290, "16x20");	/* nearer than the maze line: loses to it */
	text(&p, 40, 280, "Maze 14 (page 16)");
	text(&p, 100, 600, "7");		/* page number below: never a label */
	draw_maze(&p, maze_8x5, &a);
	draw_maze(&p, maze_8x5, &b);
	draw_maze(&p, maze_8x5, &c);
	/* decoration: a slanted arrow, a thick black tick, a gray frame off the mazes */
	seg(&p, 30, 40, 44, 58, 1, true, p.npaths++);
	seg(&p, 60, 45, 70, 45, 3, true, p.npaths++);
	seg(&p, 10, 10, 400, 10, 1, false, p.npaths++);
	n = read_page(&p, &m);
	ck_assert_uint_eq(n, 3);
	for (size_t k = 0; k < n; k++) {
		ck_assert_int_eq(m[k].w, 8);
		ck_assert_int_eq(m[k].h, 5);
		ck_assert(!m[k].solution);
		if (fabs(m[k].x_pt - 200) < 1)
			ck_assert_int_eq(m[k].number, 13);
		else if (m[k].y_pt < 100)
			ck_assert_int_eq(m[k].number, 12);
		else
			ck_assert_int_eq(m[k].number, 14);
	}
	free_all(&p, m, n);
}
END_TEST

/*
 * A label names the nearest maze under it, no other; a title holding a
 * number names none: a column of three mazes under a title "Christmas
 * Mazes 2026" (and a running head "Puzzle Book 2026"), the first labelled
 * "Solution 4", the second with no label, the third "Solution 5" with a
 * label in label form higher up ("#9" beside the title) that is nearer
 * another maze.
 */
START_TEST(label_belongs_to_its_maze)
{
	struct mb_mp_page p = { 0 };
	struct mb_mp_maze *m;
	struct draw a = { 40, 80, 10, 0, false, 21 }, b = { 40, 160, 10, 0, false, 22 };
	struct draw c = { 40, 240, 10, 0, false, 23 };
	size_t n;

	text(&p, 40, 10, "Puzzle Book 2026");
	text(&p, 40, 30, "Christmas Mazes 2026");
	text(&p, 160, 30, "#9");
	text(&p, 40, 70, "Solution 4");
	text(&p, 40, 230, "Solution 5");
	text(&p, 100, 400, "17");
	draw_maze(&p, maze_8x5, &a);
	draw_maze(&p, maze_8x5, &b);
	draw_maze(&p, maze_8x5, &c);
	n = read_page(&p, &m);
	ck_assert_uint_eq(n, 3);
	for (size_t k = 0; k < n; k++) {
		if (m[k].y_pt < 100) {
			ck_assert_int_eq(m[k].number, 4);
			ck_assert_str_eq(m[k].label, "Solution 4");
		} else if (m[k].y_pt < 200) {
			ck_assert_int_eq(m[k].number, -1);	/* "Solution 4" is the first maze's */
			ck_assert_int_eq(m[k].label_page, -1);
			ck_assert_str_eq(m[k].label, "");
		} else {
			ck_assert_int_eq(m[k].number, 5);
		}
	}
	free_all(&p, m, n);

	/* the title alone over one maze: no label, whatever its number */
	memset(&p, 0, sizeof p);
	text(&p, 40, 30, "Mazes 101 for Kids");
	text(&p, 40, 50, "Easy Mazes for Kids Ages 4-6");
	text(&p, 40, 70, "Christmas Mazes 2026");
	draw_maze(&p, maze_8x5, &a);
	n = read_page(&p, &m);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(m[0].number, -1);
	free_all(&p, m, n);
}
END_TEST

START_TEST(thick_rim_and_a_tick_inside)
{
	struct mb_mp_page p = { 0 };
	struct mb_mp_maze *m;
	struct mb_mp_proof proof;
	struct draw d = { 40, 60, 10, 0, false, 14 };
	size_t n;

	draw_maze(&p, maze_8x5, &d);
	/* redraw the rim with a pen three times as wide */
	for (size_t k = 0; k < p.nsegs; k++) {
		struct mb_mp_seg *s = &p.segs[k];

		if ((s->x0 == s->x1 && (s->x0 == 40 || s->x0 == 120)) ||
		    (s->y0 == s->y1 && (s->y0 == 60 || s->y0 == 110)))
			s->width_pt *= 3;
	}
	seg(&p, 42, 65, 44, 65, 2.5, true, p.npaths++);	/* a tick inside the entrance square */
	n = read_page(&p, &m);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(m[0].w, 8);
	mb_mp_prove(&m[0], true, &proof);
	ck_assert_msg(proof.ok, "%s", proof.why);
	mb_mp_proof_release(&proof);
	free_all(&p, m, n);
}
END_TEST

/* 4 x 4: its inner walls are pieces of one or two lines each */
static const char *const maze_4x4[] = {
	"+  +--+--+--+",
	"|     |     |",
	"+--+  +  +--+",
	"|  |  |     |",
	"+  +  +--+  +",
	"|     |     |",
	"+  +--+  +--+",
	"|           |",
	"+--+--+--+  +",
	NULL
};

/* a 3 pt rim, 1.2 pt inner walls: the inner walls are not dropped as decoration */
START_TEST(heavy_rim_small_maze)
{
	struct mb_mp_page p = { 0 };
	struct mb_mp_maze *m;
	struct mb_mp_proof proof;
	struct draw d = { 40, 60, 20, 0, false, 16 };
	size_t n;

	draw_maze(&p, maze_4x4, &d);
	for (size_t k = 0; k < p.nsegs; k++) {
		struct mb_mp_seg *s = &p.segs[k];
		bool rim = (s->x0 == s->x1 && (s->x0 == 40 || s->x0 == 120)) ||
			   (s->y0 == s->y1 && (s->y0 == 60 || s->y0 == 140));

		s->width_pt = rim ? 3 : 1.2;
	}
	n = read_page(&p, &m);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(m[0].w, 4);
	ck_assert_int_eq(m[0].h, 4);
	mb_mp_prove(&m[0], true, &proof);
	ck_assert_msg(proof.ok, "%s", proof.why);
	mb_mp_proof_release(&proof);
	free_all(&p, m, n);
}
END_TEST

/* a shaft of the walls' own pen pointing into the entrance, ending at depth */
static const char *with_shaft(double depth, bool *ok, int *w)
{
	static char why[700];
	struct mb_mp_page p = { 0 };
	struct mb_mp_maze *m;
	struct mb_mp_proof proof;
	struct draw d = { 40, 60, 10, 0, false, 15 };
	size_t n;

	draw_maze(&p, maze_8x5, &d);
	seg(&p, 45, 43, 45, 60 + depth, 0.8, true, p.npaths++);
	n = read_page(&p, &m);
	ck_assert_uint_eq(n, 1);
	*w = m[0].w;
	why[0] = 0;
	*ok = false;
	if (m[0].w > 0) {
		mb_mp_prove(&m[0], true, &proof);
		*ok = proof.ok && !m[0].problem[0];
		snprintf(why, sizeof why, "%s%s", proof.why, m[0].problem);
		mb_mp_proof_release(&proof);
	} else {
		snprintf(why, sizeof why, "%s", m[0].problem);
	}
	free_all(&p, m, n);
	return why;
}

START_TEST(arrow_shaft_at_the_gap)
{
	bool ok;
	int w;
	const char *why;

	/* ends on the rim's line: decoration, the maze still reads */
	why = with_shaft(0, &ok, &w);
	ck_assert_msg(ok, "%s", why);
	ck_assert_int_eq(w, 8);
	/* reaches half a square into the maze: a line off the grid inside it */
	why = with_shaft(5, &ok, &w);
	ck_assert(!ok);
	ck_assert_msg(strstr(why, "off the grid") || strstr(why, "do not lie on a regular grid"),
		      "%s", why);
}
END_TEST

START_TEST(lines_off_any_grid)
{
	struct mb_mp_page p = { 0 };
	struct mb_mp_maze *m;
	size_t n;

	/* a box with lines at 0, 10, 17, 31: no common spacing */
	seg(&p, 0, 0, 31, 0, 1, true, 0);
	seg(&p, 0, 31, 31, 31, 1, true, 1);
	seg(&p, 0, 0, 0, 31, 1, true, 2);
	seg(&p, 31, 0, 31, 31, 1, true, 3);
	seg(&p, 10, 0, 10, 20, 1, true, 4);
	seg(&p, 17, 31, 17, 12, 1, true, 5);
	n = read_page(&p, &m);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(m[0].w, 0);
	ck_assert_msg(strstr(m[0].problem, "do not lie on a regular grid"), "%s", m[0].problem);
	free_all(&p, m, n);
}
END_TEST

/* maze_8x5 at (40, 40) with 10 pt squares, plus one more black segment */
static void with_extra(double x0, double y0, double x1, double y1, char *problem, size_t len,
		       int *w)
{
	struct draw d = { 40, 40, 10, 0, false, 6 };
	struct mb_mp_page p = { 0 };
	struct mb_mp_maze *m;
	size_t n;

	draw_maze(&p, maze_8x5, &d);
	seg(&p, x0, y0, x1, y1, 0.8, true, p.npaths++);
	n = read_page(&p, &m);
	ck_assert_uint_eq(n, 1);
	*w = m[0].w;
	snprintf(problem, len, "%s", m[0].problem);
	free_all(&p, m, n);
}

START_TEST(wall_between_grid_lines)
{
	char problem[200];
	int w;

	/* half a square and 0.3 of a square below the line y = 60, one square long */
	with_extra(70, 65, 80, 65, problem, sizeof problem, &w);
	ck_assert_int_eq(w, 8);	/* not a grid of half squares */
	ck_assert_str_eq(problem, "a wall off the grid at (70.0, 65.0)-(80.0, 65.0) pt "
			 "(squares are 10.0 pt)");
	with_extra(70, 63, 80, 63, problem, sizeof problem, &w);
	ck_assert_int_eq(w, 8);	/* still the maze, not a drawing that is no maze */
	ck_assert_str_eq(problem, "a wall off the grid at (70.0, 63.0)-(80.0, 63.0) pt "
			 "(squares are 10.0 pt)");
}
END_TEST

START_TEST(diagonal_line_across)
{
	char problem[200];
	int w;

	with_extra(45, 45, 115, 85, problem, sizeof problem, &w);
	ck_assert_int_eq(w, 8);
	ck_assert_str_eq(problem, "a diagonal line crosses the maze at (45.0, 45.0)-(115.0, 85.0) pt");
	/* just one wall: from a corner to the middle of a square */
	with_extra(60, 60, 65, 65, problem, sizeof problem, &w);
	ck_assert_msg(strstr(problem, "a diagonal line crosses the maze"), "%s", problem);
	/* an arrowhead outside the maze, and one that just touches the rim */
	with_extra(30, 30, 38, 38, problem, sizeof problem, &w);
	ck_assert_str_eq(problem, "");
	with_extra(42, 30, 45, 41, problem, sizeof problem, &w);
	ck_assert_str_eq(problem, "");
}
END_TEST

/* paint the box (x0, y0)-(x1, y1), page points, into img with value v */
static void paint(struct mb_mp_image *img, unsigned char *pix, double x0, double y0, double x1,
		  double y1, unsigned char v)
{
	for (long y = lround((y0 - img->y0) * img->res); y < lround((y1 - img->y0) * img->res); y++)
		for (long x = lround((x0 - img->x0) * img->res); x < lround((x1 - img->x0) * img->res); x++)
			if (x >= 0 && y >= 0 && x < img->w && y < img->h)
				pix[y * img->w + x] = v;
}

/*
 * The walls of maze_8x5 (10 pt squares, pen 0.8 pt) painted into a gray
 * image at 4 pixels a point read back as the same walls; a stretch of a
 * wall cleared shorter than a pencil line (1.5 pt) stays a wall, one as
 * long is an opening, and so is white paint over the whole wall.
 */
START_TEST(ink_and_the_pencil)
{
	struct draw d = { 40, 40, 10, 0, false, 21 };
	struct mb_mp_page p = { 0 };
	struct mb_mp_maze *m;
	struct mb_mp_image img = { NULL, 400, 280, 30, 30, MB_MP_RENDER_RES };
	unsigned char *pix = malloc(400 * 280), hw[6 * 8], vw[5 * 9];
	double pen;
	long ink;
	size_t n;

	draw_maze(&p, maze_8x5, &d);
	n = read_page(&p, &m);
	ck_assert_uint_eq(n, 1);
	pen = m[0].pen_pt;
	ck_assert_double_eq_tol(mb_mp_pencil_pt(pen, 10), 1.5, 1e-9);
	ck_assert_double_eq_tol(mb_mp_pencil_pt(3, 10), 3, 1e-9);	/* a heavy pen: its width */
	ck_assert_double_eq_tol(mb_mp_pencil_pt(0.75, 2), 0.625, 1e-9);	/* tiny squares: half */
	memset(pix, 255, 400 * 280);
	img.pix = pix;
	for (int j = 0; j <= 5; j++)
		for (int i = 0; i < 8; i++)
			if (mb_mp_hwall(&m[0], i, j))
				paint(&img, pix, 40 + i * 10 - pen / 2, 40 + j * 10 - pen / 2,
				      40 + (i + 1) * 10 + pen / 2, 40 + j * 10 + pen / 2, 0);
	for (int j = 0; j < 5; j++)
		for (int i = 0; i <= 8; i++)
			if (mb_mp_vwall(&m[0], i, j))
				paint(&img, pix, 40 + i * 10 - pen / 2, 40 + j * 10 - pen / 2,
				      40 + i * 10 + pen / 2, 40 + (j + 1) * 10 + pen / 2, 0);
	mb_mp_raster_walls(&m[0], &img, hw, vw, &ink);
	ck_assert(!memcmp(hw, m[0].hwall, sizeof hw));
	ck_assert(!memcmp(vw, m[0].vwall, sizeof vw));
	ck_assert_int_eq(ink, -1);
	/* the bottom wall of (2,4) (y = 90): cleared 1 pt, then 1.5 pt */
	ck_assert(mb_mp_hwall(&m[0], 2, 5));
	paint(&img, pix, 64, 89, 65, 91, 255);
	mb_mp_raster_walls(&m[0], &img, hw, vw, &ink);
	ck_assert(hw[5 * 8 + 2]);
	paint(&img, pix, 64, 89, 65.5, 91, 255);
	mb_mp_raster_walls(&m[0], &img, hw, vw, &ink);
	ck_assert(!hw[5 * 8 + 2]);
	/* a dot of ink in the middle of (4,2): no wall set has it */
	paint(&img, pix, 84.5, 64.5, 85.5, 65.5, 0);
	mb_mp_raster_walls(&m[0], &img, hw, vw, &ink);
	ck_assert_int_eq(ink, 2 * 8 + 4);
	/* judged: the walls become the ink's, the difference is noted */
	mb_mp_judge_ink(&m[0], &img, false);
	ck_assert(m[0].rendered);
	ck_assert(!mb_mp_hwall(&m[0], 2, 5));
	ck_assert_msg(strstr(m[0].ink_note, "the printed page shows an opening at the bottom of "
				     "(2,4) where a wall is drawn"), "%s", m[0].ink_note);
	ck_assert_msg(strstr(m[0].problem, "ink inside the square (4,2)"), "%s", m[0].problem);
	free(pix);
	free_all(&p, m, n);
}
END_TEST

START_TEST(label_numbers)
{
	ck_assert_int_eq(mb_mp_label_number("Maze 12"), 12);
	ck_assert_int_eq(mb_mp_label_number("Maze 7 (page 9)"), 7);
	ck_assert_int_eq(mb_mp_label_number("Level 2 - MAZE 31"), 31);
	ck_assert_int_eq(mb_mp_label_number("Maze: 5"), 5);
	ck_assert_int_eq(mb_mp_label_number("Lösung zu Labyrinth 4 (Seite 9)"), 4);
	ck_assert_int_eq(mb_mp_label_number("LÖSUNG 4"), 4);
	ck_assert_int_eq(mb_mp_label_number("Laberinto 5 (página 8)"), 5);
	ck_assert_int_eq(mb_mp_label_number("Labyrinthe 6 (page 7)"), 6);
	ck_assert_int_eq(mb_mp_label_number("RÉPONSE 9"), 9);
	ck_assert_int_eq(mb_mp_label_number("Énigme 3"), 3);
	/* a number without its word, or after a plural, a title's, names no maze */
	ck_assert_int_eq(mb_mp_label_number("30 Rätsel zum Lösen"), -1);
	ck_assert_int_eq(mb_mp_label_number("page 4"), -1);
	ck_assert_int_eq(mb_mp_label_number("17"), -1);
	ck_assert_int_eq(mb_mp_label_number("100 Mazes"), -1);
	ck_assert_int_eq(mb_mp_label_number("60 Easy Mazes for Ages 5-7"), -1);
	ck_assert_int_eq(mb_mp_label_number("Christmas Mazes 2026"), -1);
	ck_assert_int_eq(mb_mp_label_number("Kids Mazes 2027"), -1);
	ck_assert_int_eq(mb_mp_label_number("Mazes 101 for Kids"), -1);
	ck_assert_int_eq(mb_mp_label_number("Easy Mazes for Kids Ages 4-6"), -1);
	ck_assert_int_eq(mb_mp_label_number("MAZES 2026"), -1);
	ck_assert_int_eq(mb_mp_label_number("Solutions 1-4"), -1);
	ck_assert_int_eq(mb_mp_label_number("Laberintos 2026"), -1);
	ck_assert_int_eq(mb_mp_label_number("Lösungen 12"), -1);
	ck_assert_int_eq(mb_mp_label_number("Amazes 3"), -1);
	ck_assert_int_eq(mb_mp_label_number("Maze Madness 3"), -1);
	ck_assert_int_eq(mb_mp_label_number("MAZE #3"), 3);
	ck_assert_int_eq(mb_mp_label_number("START"), -1);
	ck_assert_int_eq(mb_mp_label_number(""), -1);
	ck_assert_int_eq(mb_mp_label_page("Maze 7 (page 9)"), 9);
	ck_assert_int_eq(mb_mp_label_page("Lösung zu Labyrinth 4 (Seite 12)"), 12);
	ck_assert_int_eq(mb_mp_label_page("Maze 7"), -1);
	ck_assert_int_eq(mb_mp_label_page("Level 2 - Maze 31 (page 40)"), 40);
	ck_assert_int_eq(mb_mp_label_page("Mazes 101 (page 4)"), -1);
	/* the words of solutions and puzzles, and '#' */
	ck_assert_int_eq(mb_mp_label_number("Solution 4"), 4);
	ck_assert_int_eq(mb_mp_label_number("Answer 12"), 12);
	ck_assert_int_eq(mb_mp_label_number("Puzzle 3"), 3);
	ck_assert_int_eq(mb_mp_label_number("#8"), 8);
	ck_assert_int_eq(mb_mp_label_number("Solution to maze 3, page 14"), 3);
	ck_assert_int_eq(mb_mp_label_number("Solución del laberinto 5 (página 8)"), 5);
	ck_assert_int_eq(mb_mp_label_page("Solución del laberinto 5 (página 8)"), 8);
	/* a count is not a page; a second number without a page word is none */
	ck_assert_int_eq(mb_mp_label_number("Maze 1 of 4"), 1);
	ck_assert_int_eq(mb_mp_label_page("Maze 1 of 4"), -1);
	ck_assert_int_eq(mb_mp_label_page("Maze 1 / 4"), -1);
	ck_assert_int_eq(mb_mp_label_page("Maze 3 16x20"), -1);
	ck_assert_int_eq(mb_mp_label_page("Labyrinthe 6 (page 7)"), 7);
	/* folios: a number alone */
	ck_assert_int_eq(mb_mp_folio("17"), 17);
	ck_assert_int_eq(mb_mp_folio("- 17 -"), 17);
	ck_assert_int_eq(mb_mp_folio("Maze 17"), -1);
	ck_assert_int_eq(mb_mp_folio("16x20"), -1);
}
END_TEST

/* --- walls drawn as filled outlines (mpoutline) --- */

/* a rectangle contour, clockwise on the page (y down) or the other way round */
static void outline_rect(struct mb_mp_outline *o, double x0, double y0, double x1, double y1,
			 bool clockwise)
{
	mb_mp_outline_move(o, x0, y0);
	if (clockwise) {
		mb_mp_outline_line(o, x1, y0);
		mb_mp_outline_line(o, x1, y1);
		mb_mp_outline_line(o, x0, y1);
	} else {
		mb_mp_outline_line(o, x0, y1);
		mb_mp_outline_line(o, x1, y1);
		mb_mp_outline_line(o, x1, y0);
	}
}

/* the walls of o, with the whole work budget */
static long outline_walls(const struct mb_mp_outline *o, struct mb_mp_outline_wall **w)
{
	size_t budget = MB_MP_OUTLINE_MAX_WORK;

	return mb_mp_outline_walls(o, &budget, w);
}

/* is there a wall from (x0, y0) to (x1, y1), width w, within 1e-6? */
static bool has_wall(const struct mb_mp_outline_wall *walls, long n, double x0, double y0,
		     double x1, double y1, double w)
{
	for (long k = 0; k < n; k++)
		if (fabs(walls[k].x0 - x0) < 1e-6 && fabs(walls[k].y0 - y0) < 1e-6 &&
		    fabs(walls[k].x1 - x1) < 1e-6 && fabs(walls[k].y1 - y1) < 1e-6 &&
		    fabs(walls[k].width_pt - w) < 1e-6)
			return true;
	return false;
}

/*
 * The text maze as ONE filled outline, as Stroke to Path leaves a path of
 * many walls: a rectangle contour per run of walls, each the ink of a
 * square-capped stroke of pen, all clockwise (so the nonzero rule fills
 * their union). crack_pt shortens the top wall of (1,1) at its right end.
 * Then its walls go on the page as filled segments, as mpread puts them.
 */
static void outline_maze(struct mb_mp_page *p, const char *const *rows, double x0, double y0,
			 double cell, double pen, double crack_pt)
{
	struct mb_mp_outline o = { 0 };
	struct mb_mp_outline_wall *walls;
	int h = 0, w = ((int)strlen(rows[0]) - 1) / 3;
	double r = pen / 2;
	long n;

	while (rows[h])
		h++;
	h = (h - 1) / 2;
	for (int j = 0; j <= h; j++)
		for (int i = 0; i < w;) {
			int e = i;
			double cut;

			while (e < w && wall_at(rows, 2 * j, 3 * e + 1) && (e == i || j != 1))
				e++;
			if (e == i) {
				i++;
				continue;
			}
			cut = j == 1 && i == 1 ? crack_pt : 0;
			outline_rect(&o, x0 + i * cell - r, y0 + j * cell - r,
				     x0 + e * cell + r - cut, y0 + j * cell + r, true);
			i = e;
		}
	for (int i = 0; i <= w; i++)
		for (int j = 0; j < h;) {
			int e = j;

			while (e < h && wall_at(rows, 2 * e + 1, 3 * i))
				e++;
			if (e == j) {
				j++;
				continue;
			}
			outline_rect(&o, x0 + i * cell - r, y0 + j * cell - r, x0 + i * cell + r,
				     y0 + e * cell + r, true);
			j = e;
		}
	n = outline_walls(&o, &walls);
	ck_assert_int_gt(n, 0);
	for (long k = 0; k < n; k++) {
		struct mb_mp_seg *sg = mb_mp_push(&p->segs, &p->nsegs, &p->cap_segs, sizeof *sg);

		sg->x0 = walls[k].x0;
		sg->y0 = walls[k].y0;
		sg->x1 = walls[k].x1;
		sg->y1 = walls[k].y1;
		sg->width_pt = walls[k].width_pt;
		sg->black = sg->filled = true;
		sg->path = 0;
	}
	free(walls);
	mb_mp_outline_release(&o);
}

START_TEST(outline_rings_and_fill_rules)
{
	struct mb_mp_outline o = { 0 };
	struct mb_mp_outline_wall *w;
	size_t budget;
	long n;

	/* a frame: the outer contour one way, the hole the other: four walls */
	outline_rect(&o, -1, -1, 101, 81, true);
	outline_rect(&o, 1, 1, 99, 79, false);
	n = outline_walls(&o, &w);
	ck_assert_int_eq(n, 4);
	ck_assert(has_wall(w, n, 0, 0, 100, 0, 2) && has_wall(w, n, 0, 80, 100, 80, 2));
	ck_assert(has_wall(w, n, 0, 0, 0, 80, 2) && has_wall(w, n, 100, 0, 100, 80, 2));
	free(w);
	mb_mp_outline_release(&o);
	/*
	 * both contours the same way round: nonzero fills the hole, a blob; like
	 * a filled rectangle, one wall as thick as it is high along its length
	 */
	outline_rect(&o, -1, -1, 101, 81, true);
	outline_rect(&o, 1, 1, 99, 79, true);
	n = outline_walls(&o, &w);
	ck_assert_int_eq(n, 1);
	ck_assert(has_wall(w, n, 40, 40, 60, 40, 82));
	free(w);
	mb_mp_outline_release(&o);
	/* ... and even-odd leaves it open: the frame again */
	o.even_odd = true;
	outline_rect(&o, -1, -1, 101, 81, true);
	outline_rect(&o, 1, 1, 99, 79, true);
	ck_assert_int_eq(outline_walls(&o, &w), 4);
	free(w);
	mb_mp_outline_release(&o);
	/* a T as one polygon: the stem ends where the bar's centre line is */
	mb_mp_outline_move(&o, -1, -1);
	mb_mp_outline_line(&o, 101, -1);
	mb_mp_outline_line(&o, 101, 1);
	mb_mp_outline_line(&o, 51, 1);
	mb_mp_outline_line(&o, 51, 51);
	mb_mp_outline_line(&o, 49, 51);
	mb_mp_outline_line(&o, 49, 1);
	mb_mp_outline_line(&o, -1, 1);
	n = outline_walls(&o, &w);
	ck_assert_int_eq(n, 3);
	ck_assert(has_wall(w, n, 0, 0, 50, 0, 2) && has_wall(w, n, 50, 0, 100, 0, 2));
	ck_assert(has_wall(w, n, 50, 0, 50, 50, 2));
	free(w);
	mb_mp_outline_release(&o);
	/* a line's outline with round caps (half circles as polygons): the line itself */
	mb_mp_outline_move(&o, 10, 9);
	mb_mp_outline_line(&o, 70, 9);
	for (int t = 1; t < 8; t++)
		mb_mp_outline_line(&o, 70 + sin(M_PI * t / 8), 10 - cos(M_PI * t / 8));
	mb_mp_outline_line(&o, 70, 11);
	mb_mp_outline_line(&o, 10, 11);
	for (int t = 1; t < 8; t++)
		mb_mp_outline_line(&o, 10 - sin(M_PI * t / 8), 10 + cos(M_PI * t / 8));
	n = outline_walls(&o, &w);
	ck_assert_int_eq(n, 1);
	ck_assert(has_wall(w, n, 10, 10, 70, 10, 2));
	free(w);
	mb_mp_outline_release(&o);
	/* a square dot, a disc: ink, but no wall */
	outline_rect(&o, 0, 0, 5, 5, true);
	for (int t = 0; t < 16; t++)
		(t ? mb_mp_outline_line : mb_mp_outline_move)(&o, 50 + 4 * cos(M_PI * t / 8),
							       50 + 4 * sin(M_PI * t / 8));
	ck_assert_int_eq(outline_walls(&o, &w), 0);
	mb_mp_outline_release(&o);
	/* past the work bound, or a point that is not finite: refused, budget kept */
	outline_rect(&o, -1, -1, 101, 81, true);
	budget = 1;
	ck_assert_int_eq(mb_mp_outline_walls(&o, &budget, &w), -1);
	ck_assert_ptr_null(w);
	ck_assert_uint_eq(budget, 1);
	mb_mp_outline_line(&o, NAN, 3);
	ck_assert_int_eq(outline_walls(&o, &w), -1);
	mb_mp_outline_release(&o);
}
END_TEST

/* is there a wall between (x0, y0) and (x1, y1) either way round, width w, within 1e-6? */
static bool has_slant(const struct mb_mp_outline_wall *walls, long n, double x0, double y0,
		      double x1, double y1, double w)
{
	return has_wall(walls, n, x0, y0, x1, y1, w) || has_wall(walls, n, x1, y1, x0, y0, w);
}

/*
 * Arms from (cx, cy) at the given directions (degrees, counterclockwise
 * order on the page), each len long, as ONE outline: the ink of square-
 * capped strokes of pen 2 mitred where they meet (the union Stroke to
 * Path leaves); one contour around them.
 */
static void outline_star(struct mb_mp_outline *o, double cx, double cy, const double *deg, int n,
			 double len)
{
	for (int k = 0; k < n; k++) {
		double a = deg[k] * M_PI / 180, b = deg[(k + 1) % n] * M_PI / 180;
		double gap = b > a ? b - a : b - a + 2 * M_PI, mid = a + gap / 2;
		double tx = cos(a), ty = sin(a), nx = -ty, ny = tx, r = 1 / sin(gap / 2);

		/* along the arm's one side to its cap, back along the other */
		(k ? mb_mp_outline_line : mb_mp_outline_move)(o, cx + tx * len + tx - nx,
							       cy + ty * len + ty - ny);
		mb_mp_outline_line(o, cx + tx * len + tx + nx, cy + ty * len + ty + ny);
		/* the corner between this arm and the next */
		mb_mp_outline_line(o, cx + r * cos(mid), cy + r * sin(mid));
	}
}

START_TEST(outline_slanted_walls_meet)
{
	struct mb_mp_outline o = { 0 };
	struct mb_mp_outline_wall *w;
	const double y3[] = { 0, 120, 240 }, corner[] = { 90, 210 };
	const double star[] = { 0, 60, 120, 180, 240, 300 };
	double c = 20 * cos(M_PI * 2 / 3), s = 20 * sin(M_PI * 2 / 3);
	long n;

	/* three hexagon sides meeting at 120 degrees: each from the point they meet */
	outline_star(&o, 100, 100, y3, 3, 20);
	n = outline_walls(&o, &w);
	ck_assert_int_eq(n, 3);
	ck_assert(has_slant(w, n, 100, 100, 120, 100, 2));
	ck_assert(has_slant(w, n, 100, 100, 100 + c, 100 + s, 2));
	ck_assert(has_slant(w, n, 100, 100, 100 + c, 100 - s, 2));
	free(w);
	mb_mp_outline_release(&o);
	/* a corner of two (an upright side and one at 210 degrees, as pointy-top hexagons have) */
	outline_star(&o, 50, 50, corner, 2, 20);
	n = outline_walls(&o, &w);
	ck_assert_int_eq(n, 2);
	ck_assert(has_slant(w, n, 50, 50, 50, 70, 2));
	ck_assert(has_slant(w, n, 50, 50, 50 + 20 * cos(M_PI * 7 / 6), 50 + 20 * sin(M_PI * 7 / 6), 2));
	free(w);
	mb_mp_outline_release(&o);
	/* six triangle sides at one point: three lines through it, each read as two walls */
	outline_star(&o, 0, 0, star, 6, 30);
	n = outline_walls(&o, &w);
	ck_assert_int_eq(n, 6);
	for (int k = 0; k < 6; k++)
		ck_assert(has_slant(w, n, 0, 0, 30 * cos(M_PI * k / 3), 30 * sin(M_PI * k / 3), 2));
	free(w);
	mb_mp_outline_release(&o);
}
END_TEST

START_TEST(outline_maze_is_read_and_proved)
{
	struct mb_mp_page p = { 0 }, q = { 0 };
	struct mb_mp_maze *m, *ms;
	struct mb_mp_proof proof;
	struct draw d = { 40, 60, 10, 0, false, 31 };
	size_t n, ns;

	outline_maze(&p, maze_8x5, 40, 60, 10, 0.8, 0);
	n = read_page(&p, &m);
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(m[0].problem, "");
	ck_assert_int_eq(m[0].w, 8);
	ck_assert_int_eq(m[0].h, 5);
	ck_assert(!m[0].inexact);
	ck_assert_double_eq_tol(m[0].pen_pt, 0.8, 1e-6);
	/* the same walls as the maze drawn with strokes */
	draw_maze(&q, maze_8x5, &d);
	ns = read_page(&q, &ms);
	ck_assert_uint_eq(ns, 1);
	ck_assert(!memcmp(m[0].hwall, ms[0].hwall, 6 * 8));
	ck_assert(!memcmp(m[0].vwall, ms[0].vwall, 5 * 9));
	mb_mp_prove(&m[0], true, &proof);
	ck_assert_msg(proof.ok, "%s", proof.why);
	ck_assert_uint_eq(proof.route_len, 16);
	mb_mp_proof_release(&proof);
	free_all(&p, m, n);
	free_all(&q, ms, ns);
}
END_TEST

START_TEST(outline_with_a_crack_fails)
{
	struct mb_mp_page p = { 0 };
	struct mb_mp_maze *m;
	struct mb_mp_proof proof;
	size_t n;

	/*
	 * The top wall of (1,1) stops 1.8 pt (a pen and a point) short of the
	 * wall it meets at (2,1): the outline's centre line stops short too, so
	 * the maze fails naming the wall (and mazeproof judges it from the
	 * printed page, which shows the opening).
	 */
	outline_maze(&p, maze_8x5, 40, 60, 10, 0.8, 1.8);
	for (size_t k = 0; k < p.nsegs; k++)
		ck_assert_msg(!(p.segs[k].y0 == 70 && p.segs[k].y1 == 70 && p.segs[k].x0 < 60 - 1 &&
				p.segs[k].x1 > 60 - 1.4), "a wall across the crack: %g-%g",
			      p.segs[k].x0, p.segs[k].x1);
	n = read_page(&p, &m);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(m[0].w, 8);
	ck_assert_msg(strstr(m[0].problem, "a wall off the grid at (50.0, 70.0)-(58.2, 70.0) pt"),
		      "%s", m[0].problem);
	free_all(&p, m, n);
	/* wider, 6 pt of the 10 pt wall: the wall is gone, a loop */
	memset(&p, 0, sizeof p);
	outline_maze(&p, maze_8x5, 40, 60, 10, 0.8, 6);
	n = read_page(&p, &m);
	ck_assert_uint_eq(n, 1);
	ck_assert(!mb_mp_hwall(&m[0], 1, 1));
	mb_mp_prove(&m[0], true, &proof);
	ck_assert(!proof.ok);
	ck_assert_msg(strstr(proof.why, "a loop of 20 squares in the box (1,0)-(7,3):"), "%s",
		      proof.why);
	mb_mp_proof_release(&proof);
	free_all(&p, m, n);
}
END_TEST

/* an E of four walls, box s points a side, as outline walls or as strokes */
static void draw_e(struct mb_mp_page *p, double x, double y, double s, bool outline)
{
	seg(p, x, y, x, y + s, s / 8, true, 0);
	seg(p, x, y, x + 0.8 * s, y, s / 8, true, 0);
	seg(p, x, y + s / 2, x + 0.6 * s, y + s / 2, s / 8, true, 0);
	seg(p, x, y + s, x + 0.8 * s, y + s, s / 8, true, 0);
	for (size_t k = 0; k < p->nsegs; k++)
		p->segs[k].outline = outline;
}

START_TEST(outlined_letters_are_no_maze)
{
	struct mb_mp_page p = { 0 };
	struct mb_mp_maze *m;
	size_t n;

	/* text converted to outlines: an E is walls on a grid, but small and with no rim */
	draw_e(&p, 40, 40, 14, true);
	n = read_page(&p, &m);
	ck_assert_msg(n == 0, "%d x %d, %s", n ? m[0].w : -1, n ? m[0].h : -1, n ? m[0].problem : "");
	free_all(&p, m, n);
	/* the same E in strokes is still taken for a maze (it then fails its proof) */
	memset(&p, 0, sizeof p);
	draw_e(&p, 40, 40, 14, false);
	n = read_page(&p, &m);
	ck_assert_uint_eq(n, 1);
	free_all(&p, m, n);
	/* and an outline drawing larger than any glyph too */
	memset(&p, 0, sizeof p);
	draw_e(&p, 40, 40, MB_MP_MAX_GLYPH_PT + 10, true);
	n = read_page(&p, &m);
	ck_assert_uint_eq(n, 1);
	free_all(&p, m, n);
}
END_TEST

/* ---- circular and hexagonal mazes (mplattice.h) ---- */

static void arc_piece(struct mb_mp_page *p, double cx, double cy, double r, double a0, double a1)
{
	struct mb_mp_curve *c = mb_mp_push(&p->curves, &p->ncurves, &p->cap_curves, sizeof *c);

	c->x0 = cx + r * cos(a0);
	c->y0 = cy + r * sin(a0);
	c->xm = cx + r * cos((a0 + a1) / 2);
	c->ym = cy + r * sin((a0 + a1) / 2);
	c->x1 = cx + r * cos(a1);
	c->y1 = cy + r * sin(a1);
	c->width_pt = 1.5;
}

/* a polar grid of 3 rings (1, 6 and 12 cells) with every wall drawn */
static void polar_page(struct mb_mp_page *p, double off_centre, double odd_radius)
{
	double cx = 200, cy = 300, rw = 20;

	memset(p, 0, sizeof *p);
	p->number = 1;
	for (int r = 1; r <= 3; r++)
		for (int k = 0; k < 12; k++)
			arc_piece(p, cx, cy, r * rw, k * M_PI / 6, (k + 1) * M_PI / 6);
	if (odd_radius > 0)
		arc_piece(p, cx, cy, odd_radius, 0.1, 0.5);
	for (int k = 0; k < 6; k++)
		seg(p, cx + rw * cos(k * M_PI / 3), cy + rw * sin(k * M_PI / 3),
		    cx + 2 * rw * cos(k * M_PI / 3), cy + 2 * rw * sin(k * M_PI / 3), 1.5, true, 0);
	for (int k = 0; k < 12; k++)
		seg(p, cx + 2 * rw * cos(k * M_PI / 6) + (k == 5 ? off_centre : 0),
		    cy + 2 * rw * sin(k * M_PI / 6), cx + 3 * rw * cos(k * M_PI / 6),
		    cy + 3 * rw * sin(k * M_PI / 6), 1.5, true, 0);
}

static void free_page(struct mb_mp_page *p)
{
	free(p->segs);
	free(p->curves);
	free(p->marks);
	free(p->mark_pts);
	for (size_t k = 0; k < p->ntexts; k++)
		free(p->texts[k].utf8);
	free(p->texts);
}

/* open a spanning tree of l's cells (walls everywhere else) and one rim gap at cell gap */
static void open_tree(struct mb_mp_lattice *l, int gap)
{
	int *root = calloc((size_t)l->ncells, sizeof *root);
	bool rim_done = false;

	for (int c = 0; c < l->ncells; c++)
		root[c] = c;
	for (size_t k = 0; k < l->nedges; k++) {
		struct mb_mp_ledge *e = &l->edges[k];

		e->wall = true;
		if (e->b < 0) {
			if (e->a == gap && !rim_done)
				e->wall = false, rim_done = true;
			continue;
		}
		int ra = e->a, rb = e->b;

		while (root[ra] != ra)
			ra = root[ra];
		while (root[rb] != rb)
			rb = root[rb];
		if (ra != rb) {
			root[ra] = rb;
			e->wall = false;
		}
	}
	free(root);
}

START_TEST(polar_lattice_inferred_and_proved)
{
	struct mb_mp_page p;
	struct mb_mp_lattice **lats;
	struct mb_mp_lat_proof proof;
	size_t n;

	polar_page(&p, 0, 0);
	n = mb_mp_find_lattices(&p, &lats);
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(lats[0]->problem, "");
	ck_assert_int_eq(lats[0]->kind, MB_MP_LAT_POLAR);
	ck_assert_int_eq(lats[0]->rings, 3);
	ck_assert_int_eq(lats[0]->ring_n[1], 6);
	ck_assert_int_eq(lats[0]->ring_n[2], 12);
	ck_assert_int_eq(lats[0]->ncells, 19);
	ck_assert_double_eq_tol(lats[0]->cx, 200, 0.01);
	ck_assert_double_eq_tol(lats[0]->ring_pt, 20, 0.01);
	ck_assert_str_eq(lats[0]->grid, "polar 2 rings");
	/* the radial walls were taken off the page: no square maze sees them */
	for (size_t k = 0; k < p.nsegs; k++)
		ck_assert(!p.segs[k].black);
	ck_assert_int_eq(mb_mp_lat_cell_at(lats[0], 200, 300), 0);
	ck_assert_int_eq(mb_mp_lat_cell_at(lats[0], 200 + 50, 300 + 1), 7);
	ck_assert_int_eq(mb_mp_lat_cell_at(lats[0], 200 + 70, 300), -1);

	/* a spanning tree with one rim gap, the exit the centre: perfect */
	open_tree(lats[0], 7);
	mb_mp_lat_prove(lats[0], &proof);
	ck_assert_msg(proof.ok, "%s", proof.why);
	ck_assert_int_eq(proof.entrance, 7);
	ck_assert_int_eq(proof.exit, 0);
	ck_assert_int_eq(proof.route[0], 7);
	ck_assert_int_eq(proof.route[proof.route_len - 1], 0);
	mb_mp_lat_proof_release(&proof);
	/* a wall opened: a loop */
	for (size_t k = 0; k < lats[0]->nedges; k++)
		if (lats[0]->edges[k].wall && lats[0]->edges[k].b >= 0) {
			lats[0]->edges[k].wall = false;
			break;
		}
	mb_mp_lat_prove(lats[0], &proof);
	ck_assert(!proof.ok);
	ck_assert_ptr_nonnull(strstr(proof.why, "a loop of"));
	mb_mp_lat_proof_release(&proof);
	/* every wall shut: no gap, and nothing reachable from the centre */
	for (size_t k = 0; k < lats[0]->nedges; k++)
		lats[0]->edges[k].wall = true;
	mb_mp_lat_prove(lats[0], &proof);
	ck_assert(!proof.ok);
	ck_assert_ptr_nonnull(strstr(proof.why, "no gap in the outer rim"));
	ck_assert_ptr_nonnull(strstr(proof.why, "18 cells unreachable"));
	mb_mp_lat_proof_release(&proof);
	mb_mp_lat_free(lats[0]);
	free(lats);
	free_page(&p);

	/* broken: a radial wall that does not point at the centre */
	polar_page(&p, 6, 0);
	n = mb_mp_find_lattices(&p, &lats);
	ck_assert_uint_eq(n, 1);
	ck_assert_ptr_nonnull(strstr(lats[0]->problem, "does not point at the centre"));
	mb_mp_lat_prove(lats[0], &proof);
	ck_assert(!proof.ok);
	mb_mp_lat_proof_release(&proof);
	mb_mp_lat_free(lats[0]);
	free(lats);
	free_page(&p);
	/* broken: an arc between two rings (at no whole fraction of the ring width) */
	polar_page(&p, 0, 47);
	n = mb_mp_find_lattices(&p, &lats);
	ck_assert_uint_eq(n, 1);
	ck_assert_ptr_nonnull(strstr(lats[0]->problem, "is not on a ring"));
	mb_mp_lat_free(lats[0]);
	free(lats);
	free_page(&p);
}
END_TEST

/*
 * Rings of 12 cells (1, 12, 12, 12; the doubling rule says 24 for ring 3),
 * every circle whole in four quarter arcs (their joins end no wall) but
 * circle 3, open from 0 to gap3; ring 1's radial walls at all 12
 * divisions, ring r's (2, 3) at every step[r]-th.
 */
static void constant_page(struct mb_mp_page *p, const int step[4], double gap3)
{
	double cx = 200, cy = 300, rw = 20;

	memset(p, 0, sizeof *p);
	p->number = 1;
	for (int q = 1; q <= 4; q++)
		for (int k = 0; k < 4; k++) {
			double a0 = k * M_PI / 2, a1 = a0 + M_PI / 2;

			if (q == 3 && gap3 > 0 && k == 0)
				a0 = gap3;
			arc_piece(p, cx, cy, q * rw, a0, a1);
		}
	for (int r = 1; r <= 3; r++)
		for (int k = 0; k < 12; k += r == 1 ? 1 : step[r]) {
			double a = k * M_PI / 6;

			seg(p, cx + r * rw * cos(a), cy + r * rw * sin(a), cx + (r + 1) * rw * cos(a),
			    cy + (r + 1) * rw * sin(a), 1.5, true, 0);
		}
}

static struct mb_mp_lattice *constant_read(const int step[4], double gap3)
{
	struct mb_mp_page p;
	struct mb_mp_lattice **lats, *l;
	size_t n;

	constant_page(&p, step, gap3);
	n = mb_mp_find_lattices(&p, &lats);
	ck_assert_uint_eq(n, 1);
	l = lats[0];
	free(lats);
	free_page(&p);
	ck_assert_str_eq(l->problem, "");
	ck_assert_int_eq(l->rings, 4);
	return l;
}

START_TEST(polar_rings_divided_by_their_walls)
{
	struct mb_mp_lattice *l;

	/* every division walled: 12 a ring, from the walls (not 24 for ring 3) */
	l = constant_read((const int[4]){ 0, 1, 1, 1 }, 0);
	ck_assert_int_eq(l->ring_n[1], 12);
	ck_assert_int_eq(l->ring_n[2], 12);
	ck_assert_int_eq(l->ring_n[3], 12);
	ck_assert_int_eq(l->ncells, 37);
	ck_assert_str_eq(l->division, "12 cells a ring, from their walls");
	mb_mp_lat_free(l);
	/* ring 2's walls on every other division only: they fit 6 and 12; ring 3 has them
	 * all, so ring 2 keeps the inner ring's 12 (splitting no wall position), and says so */
	l = constant_read((const int[4]){ 0, 1, 2, 1 }, 0);
	ck_assert_int_eq(l->ring_n[2], 12);
	ck_assert_str_eq(l->division, "12 cells a ring; ring 2 as the ring inside: its walls alone "
			 "do not tell");
	mb_mp_lat_free(l);
	/* rings 2 and 3 both so: the outer ring (whose rim arcs only it cuts) is read as 6
	 * wide cells, and ring 2 with it */
	l = constant_read((const int[4]){ 0, 1, 2, 2 }, 0);
	ck_assert_int_eq(l->ring_n[1], 12);
	ck_assert_int_eq(l->ring_n[2], 6);
	ck_assert_int_eq(l->ring_n[3], 6);
	ck_assert_str_eq(l->division, "12, 6, 6 cells, from their walls");
	mb_mp_lat_free(l);
	/* an arc that stops half way across a cell of ring 3: its cells are halved there
	 * (read as 12, the opening would hide inside one cell) */
	l = constant_read((const int[4]){ 0, 1, 1, 1 }, M_PI / 12);
	ck_assert_int_eq(l->ring_n[3], 24);
	mb_mp_lat_free(l);
}
END_TEST

/* pointy-top hexagons, 4 a row, 3 rows (odd rows shifted right), every side drawn */
static void hex_page(struct mb_mp_page *p, double shift)
{
	double s = 12, w = sqrt(3) * s;
	int drawn = 0;

	memset(p, 0, sizeof *p);
	p->number = 1;
	for (int j = 0; j < 3; j++)
		for (int i = 0; i < 4; i++) {
			double cx = 100 + i * w + (j & 1) * w / 2, cy = 100 + j * 1.5 * s;

			for (int d = 0; d < 6; d++) {
				double a0 = (60.0 * d - 30) * M_PI / 180, a1 = (60.0 * d + 30) * M_PI / 180;
				double dx = drawn++ == 7 ? shift : 0;

				seg(p, cx + s * cos(a0) + dx, cy + s * sin(a0), cx + s * cos(a1) + dx,
				    cy + s * sin(a1), 1.5, true, 0);
			}
		}
}

START_TEST(hex_lattice_inferred_and_proved)
{
	struct mb_mp_page p;
	struct mb_mp_lattice **lats;
	struct mb_mp_lat_proof proof;
	size_t n;

	hex_page(&p, 0);
	n = mb_mp_find_lattices(&p, &lats);
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(lats[0]->problem, "");
	ck_assert_int_eq(lats[0]->kind, MB_MP_LAT_HEX);
	ck_assert_int_eq(lats[0]->ncells, 12);
	ck_assert_str_eq(lats[0]->grid, "hex 4x3");
	ck_assert_double_eq_tol(lats[0]->side, 12, 0.01);
	/* 12 cells: 23 sides between two of them, 26 on the rim */
	ck_assert_uint_eq(lats[0]->nedges, 49);
	open_tree(lats[0], 0);
	/* a second gap: the last cell's lower side */
	for (size_t k = lats[0]->nedges; k-- > 0;)
		if (lats[0]->edges[k].b < 0 && lats[0]->edges[k].a == 11) {
			lats[0]->edges[k].wall = false;
			break;
		}
	mb_mp_lat_prove(lats[0], &proof);
	ck_assert_msg(proof.ok, "%s", proof.why);
	ck_assert_int_eq(proof.entrance, 0);
	ck_assert_int_eq(proof.exit, 11);
	mb_mp_lat_proof_release(&proof);
	/* one gap only: not a hex maze's two */
	for (size_t k = 0; k < lats[0]->nedges; k++)
		if (lats[0]->edges[k].b < 0)
			lats[0]->edges[k].wall = lats[0]->edges[k].a != 0 || lats[0]->edges[k].wall;
	for (size_t k = 0; k < lats[0]->nedges; k++)
		if (lats[0]->edges[k].b < 0 && lats[0]->edges[k].a == 11)
			lats[0]->edges[k].wall = true;
	mb_mp_lat_prove(lats[0], &proof);
	ck_assert(!proof.ok);
	ck_assert_ptr_nonnull(strstr(proof.why, "1 gap in the outer rim"));
	mb_mp_lat_proof_release(&proof);
	mb_mp_lat_free(lats[0]);
	free(lats);
	free_page(&p);

	/* broken: one side drawn half a side off the grid */
	hex_page(&p, 6);
	n = mb_mp_find_lattices(&p, &lats);
	ck_assert_uint_eq(n, 1);
	ck_assert_ptr_nonnull(strstr(lats[0]->problem, "is not a side of the hexagon grid"));
	mb_mp_lat_prove(lats[0], &proof);
	ck_assert(!proof.ok);
	mb_mp_lat_proof_release(&proof);
	mb_mp_lat_free(lats[0]);
	free(lats);
	free_page(&p);
}
END_TEST

/* a big triangle of 4 rows of triangles (16), every side drawn once (each is one up triangle's) */
static void delta_page(struct mb_mp_page *p, double shift)
{
	double s = 12, h = s * sqrt(3) / 2;
	int N = 4, drawn = 0;

	memset(p, 0, sizeof *p);
	p->number = 1;
	for (int b = 0; b < N; b++)
		for (int k = 0; k <= b; k++) {
			int q = N - b + k - 1;	/* the up triangle (b, q): corners (b, q+1), (b+1, q), (b+1, q+1) */
			double side[3][4] = { { b, q + 1, b + 1, q + 1 }, { b + 1, q, b + 1, q + 1 },
					      { b, q + 1, b + 1, q } };

			for (int d = 0; d < 3; d++) {
				double dx = drawn++ == 7 ? shift : 0;

				seg(p, 100 + (2 * side[d][1] + side[d][0]) * s / 2 + dx, 100 + side[d][0] * h,
				    100 + (2 * side[d][3] + side[d][2]) * s / 2 + dx, 100 + side[d][2] * h,
				    1.5, true, 0);
			}
		}
}

START_TEST(delta_lattice_inferred_and_proved)
{
	struct mb_mp_page p;
	struct mb_mp_lattice **lats;
	struct mb_mp_lat_proof proof;
	char name[64];
	size_t n;

	delta_page(&p, 0);
	n = mb_mp_find_lattices(&p, &lats);
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(lats[0]->problem, "");
	/* the same three directions as flat-top hexagons, but sides run on through vertices */
	ck_assert_int_eq(lats[0]->kind, MB_MP_LAT_DELTA);
	ck_assert_int_eq(lats[0]->ncells, 16);
	ck_assert_str_eq(lats[0]->grid, "delta triangle 4 rows");
	ck_assert_double_eq_tol(lats[0]->side, 12, 0.01);
	/* 16 triangles: 18 sides between two of them, 12 on the rim */
	ck_assert_uint_eq(lats[0]->nedges, 30);
	/* the apex cell at (148, 100) and above it, outside */
	ck_assert_int_eq(mb_mp_lat_cell_at(lats[0], 148, 100 + 0.66 * 12 * sqrt(3) / 2), 0);
	ck_assert_int_eq(mb_mp_lat_cell_at(lats[0], 148, 100 - 5), -1);
	mb_mp_lat_cell_name(lats[0], 15, name, sizeof name);
	ck_assert_str_eq(name, "triangle 7 of row 4");
	open_tree(lats[0], 0);
	/* a second gap: the last cell's rim side */
	for (size_t k = lats[0]->nedges; k-- > 0;)
		if (lats[0]->edges[k].b < 0 && lats[0]->edges[k].a == 15) {
			lats[0]->edges[k].wall = false;
			break;
		}
	mb_mp_lat_prove(lats[0], &proof);
	ck_assert_msg(proof.ok, "%s", proof.why);
	ck_assert_int_eq(proof.entrance, 0);
	ck_assert_int_eq(proof.exit, 15);
	mb_mp_lat_proof_release(&proof);
	/* one more opening: a loop */
	for (size_t k = 0; k < lats[0]->nedges; k++)
		if (lats[0]->edges[k].b >= 0 && lats[0]->edges[k].wall) {
			lats[0]->edges[k].wall = false;
			break;
		}
	mb_mp_lat_prove(lats[0], &proof);
	ck_assert(!proof.ok);
	ck_assert_ptr_nonnull(strstr(proof.why, "a loop of"));
	mb_mp_lat_proof_release(&proof);
	mb_mp_lat_free(lats[0]);
	free(lats);
	free_page(&p);

	/* beside it, far off, the horizontal walls of a square maze: left to the square reader */
	delta_page(&p, 0);
	for (int k = 0; k < 14; k++)
		seg(&p, 300 + (k % 7) * 10, 300 + (k / 7) * 10, 310 + (k % 7) * 10, 300 + (k / 7) * 10,
		    1.5, true, 0);
	n = mb_mp_find_lattices(&p, &lats);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(lats[0]->kind, MB_MP_LAT_DELTA);
	ck_assert(p.segs[p.nsegs - 1].black);
	ck_assert(!p.segs[0].black);
	mb_mp_lat_free(lats[0]);
	free(lats);
	free_page(&p);

	/* broken: one side drawn half a side along, off the grid */
	delta_page(&p, 6);
	n = mb_mp_find_lattices(&p, &lats);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(lats[0]->kind, MB_MP_LAT_DELTA);
	ck_assert_ptr_nonnull(strstr(lats[0]->problem, "is not a side of the triangle grid"));
	mb_mp_lat_prove(lats[0], &proof);
	ck_assert(!proof.ok);
	ck_assert_ptr_nonnull(strstr(proof.why, "off the grid"));
	mb_mp_lat_proof_release(&proof);
	mb_mp_lat_free(lats[0]);
	free(lats);
	free_page(&p);
}
END_TEST

/* the one union-find of mazeproof (mputil): roots, path halving, the smaller root kept */
START_TEST(union_find_roots_and_unions)
{
	int chain[5] = { 0, 0, 1, 2, 3 };	/* 4 -> 3 -> 2 -> 1 -> 0 */
	size_t sets[6] = { 0, 1, 2, 3, 4, 5 };

	ck_assert_int_eq(mb_mp_uf_root(chain, 4), 0);
	/* halved on the way: 4 now points at 2, 2 at 0 */
	ck_assert_int_eq(chain[4], 2);
	ck_assert_int_eq(chain[2], 0);
	ck_assert_int_eq(mb_mp_uf_root(chain, 0), 0);

	mb_mp_uf_unite(sets, 5, 3);
	ck_assert_uint_eq(sets[5], 3);	/* the smaller root stays the root */
	mb_mp_uf_unite(sets, 4, 5);
	ck_assert_uint_eq(mb_mp_uf_find(sets, 4), 3);
	mb_mp_uf_unite(sets, 1, 4);
	ck_assert_uint_eq(mb_mp_uf_find(sets, 5), 1);
	ck_assert_uint_eq(mb_mp_uf_find(sets, 3), 1);
	ck_assert_uint_eq(mb_mp_uf_find(sets, 2), 2);
	mb_mp_uf_unite(sets, 3, 5);	/* already one set: nothing changes */
	ck_assert_uint_eq(mb_mp_uf_find(sets, 1), 1);
}
END_TEST

/* the one circle through three points (the chord reader and the polar finder) */
START_TEST(circle_through_three_points)
{
	double ox = -1, oy = -1;

	ck_assert(mb_mp_circle_through(1, 0, 0, 1, -1, 0, 1e-9, &ox, &oy));
	ck_assert_double_eq_tol(ox, 0, 1e-12);
	ck_assert_double_eq_tol(oy, 0, 1e-12);
	ck_assert(mb_mp_circle_through(13, 7, 10, 10, 7, 7, 1e-6, &ox, &oy));
	ck_assert_double_eq_tol(ox, 10, 1e-9);
	ck_assert_double_eq_tol(oy, 7, 1e-9);
	/* on a line: no circle */
	ck_assert(!mb_mp_circle_through(0, 0, 1, 1, 2, 2, 1e-9, &ox, &oy));
	/* nearly on a line (twice the area 2e-8): each caller's bound decides */
	ck_assert(!mb_mp_circle_through(0, 0, 1, 0, 2, 1e-8, 1e-6, &ox, &oy));
	ck_assert(mb_mp_circle_through(0, 0, 1, 0, 2, 1e-8, 1e-9, &ox, &oy));
	ck_assert_double_eq_tol(ox, 0.5, 1e-6);
}
END_TEST

/* the one "; "-separated list of findings (the lattice proof and the report) */
START_TEST(findings_appended)
{
	char buf[32] = "", small[6] = "abc";
	volatile size_t room = sizeof small;	/* unknown to the compiler: no truncation warning */

	mb_mp_append(buf, sizeof buf, "one gap");
	ck_assert_str_eq(buf, "one gap");
	mb_mp_append(buf, sizeof buf, "a loop");
	ck_assert_str_eq(buf, "one gap; a loop");
	mb_mp_append(small, room, "defg");
	ck_assert_str_eq(small, "abc; ");
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("mazeproof");
	TCase *tc = tcase_create("mazeproof");

	tcase_add_test(tc, perfect_maze_runs_and_split_with_noise);
	tcase_add_test(tc, opened_wall_is_a_loop);
	tcase_add_test(tc, closed_wall_cuts_off_a_square);
	tcase_add_test(tc, gaps_found_not_assumed);
	tcase_add_test(tc, no_gap_at_all);
	tcase_add_test(tc, solution_copy_matches_or_not);
	tcase_add_test(tc, solution_copy_with_other_walls);
	tcase_add_test(tc, dotted_solution);
	tcase_add_test(tc, labels_and_decoration);
	tcase_add_test(tc, label_belongs_to_its_maze);
	tcase_add_test(tc, thick_rim_and_a_tick_inside);
	tcase_add_test(tc, arrow_shaft_at_the_gap);
	tcase_add_test(tc, heavy_rim_small_maze);
	tcase_add_test(tc, lines_off_any_grid);
	tcase_add_test(tc, wall_between_grid_lines);
	tcase_add_test(tc, diagonal_line_across);
	tcase_add_test(tc, label_numbers);
	tcase_add_test(tc, ink_and_the_pencil);
	tcase_add_test(tc, outline_rings_and_fill_rules);
	tcase_add_test(tc, outline_maze_is_read_and_proved);
	tcase_add_test(tc, outline_slanted_walls_meet);
	tcase_add_test(tc, outline_with_a_crack_fails);
	tcase_add_test(tc, outlined_letters_are_no_maze);
	tcase_add_test(tc, polar_lattice_inferred_and_proved);
	tcase_add_test(tc, polar_rings_divided_by_their_walls);
	tcase_add_test(tc, hex_lattice_inferred_and_proved);
	tcase_add_test(tc, delta_lattice_inferred_and_proved);
	tcase_add_test(tc, union_find_roots_and_unions);
	tcase_add_test(tc, circle_through_three_points);
	tcase_add_test(tc, findings_appended);
	suite_add_tcase(s, tc);
	return s;
}
