/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * mazeproof: prove from the printed walls alone that every maze in an
 * interior PDF has exactly one route. It reads every page, rebuilds each
 * drawn maze (mpmaze), judges it from its rendering where the lines are not
 * the whole truth (mpraster), proves it (mpcheck), pairs each maze page
 * with its solution copy by the number in their labels (or by its walls)
 * and prints one line per maze and a summary. It shares no code with mazebook's maze engine, so a bug
 * in one cannot hide a bug in the other.
 *
 * Hostile files: the reader bounds size, pages and the drawing work of the
 * whole file (mpread.h), and no more than MB_MP_MAX_MAZES mazes are kept;
 * a CPU-time alarm (--max-cpu, default MAX_CPU_S) bounds the rest, such as
 * a small deflate stream that inflates to gigabytes on every page.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "mpcheck.h"
#include "mpchords.h"
#include "mplattice.h"
#include "mpmaze.h"
#include "mpraster.h"
#include "mpread.h"
#include "mpunread.h"
#include "mputil.h"

enum { EXIT_PASS = 0, EXIT_FAILED = 1, EXIT_USAGE = 2 };

#define MAX_CPU_S 120		/* a 600-page book takes half a second */
#define MAX_CPU_LIMIT_S 86400

/* what the CPU-time alarm prints; written before it is armed (a handler reaches only statics) */
static char give_up_message[1024];
static size_t give_up_len;

static void give_up(int sig)
{
	ssize_t w = write(STDERR_FILENO, give_up_message, give_up_len);

	(void)sig;
	(void)w;
	_exit(EXIT_FAILED);
}

/*
 * Keep freed memory for the next maze rather than handing it back: each
 * page's and maze's buffers (hundreds of kB for a round maze of 33 rings)
 * were mapped afresh and faulted in page by page, a tenth of the run in
 * the kernel. The most held at once does not grow: it is kept to the end
 * instead of going back to the system between mazes.
 */
static void keep_freed_memory(void)
{
#ifdef __GLIBC__
	mallopt(M_MMAP_THRESHOLD, 32 << 20);
	mallopt(M_TRIM_THRESHOLD, 128 << 20);
#endif
}

static void arm_cpu_limit(unsigned long seconds, const char *path)
{
	struct itimerval t = { .it_value = { .tv_sec = (time_t)seconds } };
	struct sigaction sa;
	int n;

	if (!seconds)
		return;
	n = snprintf(give_up_message, sizeof give_up_message,
		     "mazeproof: cannot read '%s': gave up after %lu s of CPU time "
		     "(a file built to exhaust PDF readers?); --max-cpu sets the limit\n",
		     path, seconds);
	give_up_len = n < 0 ? 0 : (size_t)n < sizeof give_up_message ? (size_t)n
								      : sizeof give_up_message - 1;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = give_up;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGPROF, &sa, NULL);
	setitimer(ITIMER_PROF, &t, NULL);
}

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

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: mazeproof [--quiet | --json] [--any-gaps] [--render] FILE.pdf\n"
		"Prove from what prints that every maze in an interior PDF has exactly one\n"
		"route, and that each solution copy shows that route.\n"
		"\n"
		"The black lines of each drawing (strokes of any pen and cap, filled\n"
		"rectangles) give its grid. Where anything else paints in a maze (fills,\n"
		"images, glyphs, white paint, clips, colours that are not its solution), a\n"
		"wall end is off the grid by more than half its pen, or part of it is off\n"
		"the page, the maze is rendered (MuPDF, %.0f pixels a point, so a 0.75 pt wall\n"
		"is 3 pixels) and each wall is read from the ink: a pixel %.0f %% darker than\n"
		"paper or more is ink, and an opening is a clear stretch a pencil line\n"
		"passes: at least max(%.1f pt, the pen width) long, or half the clear width\n"
		"of a square when that is less. The ink decides; a maze that fails says\n"
		"where it differs from the lines. Ink inside a square fails it.\n"
		"\n"
		"The outer wall must have exactly two gaps (entrance and exit); every square\n"
		"reachable, openings == squares - 1 and exactly one route by exhaustive\n"
		"search. A drawing with a route in a colour that is not black (solid,\n"
		"dashed, dotted, dots, curved, over or under the walls) is a solution copy:\n"
		"paired with its maze by the label above each (\"Maze N\", \"Solution N\",\n"
		"\"Answer N\", \"Puzzle N\", \"#N\", in English, German, Spanish and French;\n"
		"\"(page P)\" may be the PDF page or the number printed on it, \"N of M\" is a\n"
		"count), or when it has no label by its walls; it must have the same walls,\n"
		"start at the entrance, end at the exit, cross no wall and be the one route.\n"
		"A label is the word in the singular and its number, on one line above the\n"
		"maze, over or near its columns, and names the nearest maze under it: a\n"
		"title (\"Christmas Mazes 2026\"), a running head or a folio names none, and\n"
		"a maze with no label (the title page's) is proved on its own, unnumbered.\n"
		"Squares are (x,y), counted from 0 at the top-left square.\n"
		"\n"
		"Circular mazes (black arcs around one centre, radial walls pointing at it),\n"
		"hexagonal ones (sides in three directions 60 degrees apart) and triangular\n"
		"ones (rows of up and down triangles, one side direction horizontal, sides\n"
		"running on through vertices) are read too, from their lines as squares are\n"
		"(rendered when anything else paints in them, or with --render): a\n"
		"polar maze's exit is the centre when its rim has one gap, else the second\n"
		"gap; a hexagonal or triangular one has two.\n"
		"\n"
		"Options:\n"
		"  -q, --quiet    print only failures\n"
		"      --any-gaps accept an entrance and exit anywhere in the outer wall\n"
		"                 (by default they must be the top of the top-left square\n"
		"                 and the bottom of the bottom-right one)\n"
		"      --render   judge every maze from its rendering, even where the lines\n"
		"                 alone say exactly what prints\n"
		"      --json     print one JSON object: per maze its page, box (points, y\n"
		"                 down), grid, verdict, reason, route length and the solution\n"
		"                 copy found (its page, paired by label, walls or order),\n"
		"                 and the labels read for the maze and its copy\n"
		"      --max-cpu S  give up after S seconds of CPU time (default 120, 0:\n"
		"                 never); files over 714 MB or 2000 pages are refused\n"
		"  -h, --help     show this help\n"
		"  -V, --version  show the version\n"
		"\n"
		"A drawing that looks like a maze (slanted black lines in two or three\n"
		"directions, 12 sides or more, a straight run counted as the sides it spans;\n"
		"or 120 or more in any directions) that no reader took is reported with its\n"
		"page and place, and fails the run: every maze was proven, or you are told\n"
		"which was not.\n"
		"\n"
		"Exit status: 0 every maze passes; 1 a maze fails, a drawing like a maze was\n"
		"not read, the file cannot be read or holds no maze; 2 usage error.\n", MB_MP_RENDER_RES, MB_MP_INK_SHARE * 100,
		MB_MP_PENCIL_PT);
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

static int cmp_int_key(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

static bool boxes_meet(double ax0, double ay0, double ax1, double ay1, double bx0, double by0,
		       double bx1, double by1)
{
	return ax0 < bx1 && bx0 < ax1 && ay0 < by1 && by0 < ay1;
}

static bool is_route_op(const struct mb_mp_maze *m, int op)
{
	/* bsearch of NULL is undefined even for no elements */
	return m->nroute_ops > 0 &&
	       bsearch(&op, m->route_ops, m->nroute_ops, sizeof(int), cmp_int_key) != NULL;
}

/*
 * Can the lines alone say what prints in m? Not when anything else paints
 * where its walls are (a fill, an image, glyphs, white paint, a clip, a
 * stroke in a colour that is not its drawn solution), when part of it is
 * off the page, or when a wall end is off the grid by more than half its
 * pen (a crack). Then the rendering judges it. *incomplete: black filled
 * outlines there are walls the lines cannot read.
 */
static bool needs_render(const struct mb_mp_maze *m, const struct mb_mp_page *page,
			 bool *incomplete)
{
	double sq = fmin(m->cell_w_pt, m->cell_h_pt);
	double band = mb_mp_band_pt(m->pen_pt, sq, MB_MP_RENDER_RES) + 1 / MB_MP_RENDER_RES;
	double x0 = m->x_pt - band, y0 = m->y_pt - band;
	double x1 = m->x_pt + m->w * m->cell_w_pt + band, y1 = m->y_pt + m->h * m->cell_h_pt + band;
	bool need = m->inexact || x0 < page->x0 || y0 < page->y0 || x1 > page->x1 || y1 > page->y1;

	*incomplete = false;
	for (size_t k = 0; k < page->nunsure; k++) {
		const struct mb_mp_unsure *u = &page->unsure[k];

		if (!boxes_meet(u->x0, u->y0, u->x1, u->y1, x0, y0, x1, y1))
			continue;
		need = true;
		*incomplete |= u->kind == MB_MP_UNSURE_OUTLINE;
	}
	for (size_t k = 0; k < page->nmarks && !need; k++) {
		const struct mb_mp_mark *mk = &page->marks[k];

		need = boxes_meet(mk->x0, mk->y0, mk->x1 + 1e-9, mk->y1 + 1e-9, x0, y0, x1, y1) &&
		       !is_route_op(m, mk->op);
	}
	return need;
}

/*
 * MuPDF's document is used by one thread at a time: the reading thread
 * reads pages ahead while the judging thread renders the mazes that need it.
 */
static pthread_mutex_t doc_lock = PTHREAD_MUTEX_INITIALIZER;

/* Judge m from the printed page when the lines cannot be trusted alone (or always, --render). */
static void judge_printed(struct mb_mp_doc *doc, int index, const struct mb_mp_page *page,
			  struct mb_mp_maze *m, bool always)
{
	bool incomplete = false;
	double sq, band, res, x0, y0, x1, y1;
	struct mb_mp_image img;
	unsigned char *pix;
	char err[150], msg[200];
	int w, h;

	if (!needs_render(m, page, &incomplete) && !always)
		return;
	sq = fmin(m->cell_w_pt, m->cell_h_pt);
	res = MB_MP_RENDER_RES;
	if (m->thin_pt > 0 && 3 / m->thin_pt > res)
		res = fmin(16, 3 / m->thin_pt);	/* a pen thinner than the preflight allows */
	band = mb_mp_band_pt(m->pen_pt, sq, res);
	x0 = m->x_pt - band - 2 / res;
	y0 = m->y_pt - band - 2 / res;
	x1 = m->x_pt + m->w * m->cell_w_pt + band + 2 / res;
	y1 = m->y_pt + m->h * m->cell_h_pt + band + 2 / res;
	pthread_mutex_lock(&doc_lock);
	pix = mb_mp_doc_render(doc, index, x0, y0, x1, y1, res, m->route_ops, m->nroute_ops, &w,
			       &h, err, sizeof err);
	pthread_mutex_unlock(&doc_lock);
	if (!pix) {
		snprintf(msg, sizeof msg, "cannot judge it from the printed page: %s", err);
		if (!m->problem[0])
			snprintf(m->problem, sizeof m->problem, "%s", msg);
		return;
	}
	img.pix = pix;
	img.w = w;
	img.h = h;
	img.x0 = floor(x0 * res) / res;
	img.y0 = floor(y0 * res) / res;
	img.res = res;
	mb_mp_judge_ink(m, &img, incomplete);
	free(pix);
}

/* Judge a circular or hexagonal maze's walls from its rendering, the drawn route left out. */
static void judge_lattice_ink(struct mb_mp_doc *doc, int index, struct mb_mp_lattice *l)
{
	double res = MB_MP_RENDER_RES, pad = l->pen_pt + 2;
	double x0 = l->x0 - pad, y0 = l->y0 - pad, x1 = l->x1 + pad, y1 = l->y1 + pad;
	struct mb_mp_image img;
	unsigned char *pix;
	char err[150];
	int w, h;

	if (l->problem[0])
		return;
	/*
	 * Without anti-aliasing: every wall position is asked whether ink lies
	 * within half a pen and half a point of its middle, which a hard-edged
	 * rendering answers as well (a 0.75 pt wall is 3 solid pixels), at a
	 * third of the time on a page of arcs.
	 */
	pthread_mutex_lock(&doc_lock);
	mb_mp_doc_set_aa(doc, 0);
	pix = mb_mp_doc_render(doc, index, x0, y0, x1, y1, res, l->route_ops, l->nroute_ops, &w, &h,
			       err, sizeof err);
	mb_mp_doc_set_aa(doc, 8);
	pthread_mutex_unlock(&doc_lock);
	if (!pix) {
		snprintf(l->problem, sizeof l->problem, "cannot judge it from the printed page: %s", err);
		return;
	}
	img.pix = pix;
	img.w = w;
	img.h = h;
	img.x0 = floor(x0 * res) / res;
	img.y0 = floor(y0 * res) / res;
	img.res = res;
	mb_mp_lat_judge_ink(l, &img);
	free(pix);
}

static bool is_lattice_route_op(const struct mb_mp_lattice *l, int op)
{
	return l->nroute_ops > 0 &&
	       bsearch(&op, l->route_ops, l->nroute_ops, sizeof(int), cmp_int_key) != NULL;
}

/*
 * needs_render()'s rule for a round, hex or delta maze: anything but its
 * black lines and its drawn route painting in its box (its own arcs are
 * unsure paint only for being curved: the lines judge checks each of them
 * lies on its circles), or its box off the page.
 */
static bool lattice_needs_render(const struct mb_mp_lattice *l, const struct mb_mp_page *page)
{
	/*
	 * The ink test looks for ink within half a pen and half a point of a
	 * wall position, all of which lie in the walls' box: paint farther
	 * off (a START dot above the rim) cannot make or break a wall.
	 */
	double reach = l->pen_pt / 2 + 0.5, pad = l->pen_pt + 2;
	double x0 = l->x0 - reach, y0 = l->y0 - reach, x1 = l->x1 + reach, y1 = l->y1 + reach;

	if (l->x0 - pad < page->x0 || l->y0 - pad < page->y0 || l->x1 + pad > page->x1 ||
	    l->y1 + pad > page->y1)
		return true;
	for (size_t k = 0; k < page->nunsure; k++) {
		const struct mb_mp_unsure *u = &page->unsure[k];

		if (boxes_meet(u->x0, u->y0, u->x1, u->y1, x0, y0, x1, y1) &&
		    (u->kind != MB_MP_UNSURE_PAINT || u->curved_path < 0))
			return true;
	}
	for (size_t k = 0; k < page->nmarks; k++) {
		const struct mb_mp_mark *mk = &page->marks[k];

		if (boxes_meet(mk->x0, mk->y0, mk->x1 + 1e-9, mk->y1 + 1e-9, x0, y0, x1, y1) &&
		    !is_lattice_route_op(l, mk->op))
			return true;
	}
	return false;
}

/* Circular and hexagonal mazes on the page become mazes of the run (their walls leave the page). */
static void read_lattices(struct mb_mp_doc *doc, int index, struct mb_mp_page *page, struct run *r,
			  bool always)
{
	struct mb_mp_lattice **lats;
	bool *was_black;
	size_t n;

	/* arcs drawn as chords become arcs first: their lines are then no straight walls */
	mb_mp_arcs_from_chords(page);
	was_black = mb_mp_xmalloc((page->nsegs + 1) * sizeof *was_black);
	for (size_t i = 0; i < page->nsegs; i++)
		was_black[i] = page->segs[i].black;
	n = mb_mp_find_lattices(page, &lats);

	for (size_t k = 0; k < n; k++) {
		struct mb_mp_lattice *l = lats[k];
		struct mb_mp_maze *m;
		bool rendered;

		if (r->n >= MB_MP_MAX_MAZES) {
			mb_mp_lat_free(l);
			continue;
		}
		if (l->nroute_ops > 0)	/* qsort of NULL is undefined even for no elements */
			qsort(l->route_ops, l->nroute_ops, sizeof(int), cmp_int_key);
		rendered = always || lattice_needs_render(l, page) ||
			   !mb_mp_lat_judge_lines(l, page, was_black);
		if (rendered)
			judge_lattice_ink(doc, index, l);
		m = mb_mp_push(&r->mazes, &r->n, &r->cap, sizeof *m);
		m->page = index + 1;
		m->number = m->label_page = -1;	/* labelled with the page's squares */
		m->w = m->h = 1;
		m->x_pt = l->x0;
		m->y_pt = l->y0;
		m->cell_w_pt = l->x1 - l->x0;
		m->cell_h_pt = l->y1 - l->y0;
		m->solution = l->solution;
		m->pen_pt = m->thin_pt = l->pen_pt;
		m->rendered = rendered;
		m->lat = l;
		r->rendered += rendered;
	}
	free(lats);
	free(was_black);
}

/*
 * A page with circular or hexagonal mazes (r's from first on) labels them
 * and its square ones (found) together: a label belongs to the nearest
 * maze under it, of either kind.
 */
static void label_together(const struct mb_mp_page *page, struct run *r, size_t first,
			   struct mb_mp_maze *found, size_t n)
{
	struct mb_mp_maze **all = mb_mp_xmalloc((r->n - first + n) * sizeof *all);
	size_t count = 0;

	for (size_t k = first; k < r->n; k++)
		all[count++] = &r->mazes[k];
	for (size_t k = 0; k < n; k++)
		if (found[k].w > 0)
			all[count++] = &found[k];
	mb_mp_label_mazes(page, all, count);
	free(all);
}

/*
 * Pages read ahead of their judging, in a thread of their own: reading (MuPDF
 * interpreting the page) and judging its mazes took about equal time one
 * after the other. The judge takes them in order, so the run is the one a
 * single thread makes.
 */
#define READ_AHEAD 4	/* pages read and not yet judged, at most */

struct page_ahead {
	struct mb_mp_page page;
	bool ok;
	char err[400];		/* why the page could not be read */
	char bound[160];	/* the per-file bound it passed, "" if none */
};

struct reader {
	struct mb_mp_doc *doc;
	int pages;
	struct page_ahead *ahead;	/* one per page */
	pthread_mutex_t lock;		/* guards the rest */
	pthread_cond_t moved;		/* a page was read, or judged, or the reading stopped */
	int read, judged;		/* pages read; pages the judge is done with */
	bool stop, done;		/* the judge wants no more; the reader read its last */
	bool inline_reads;		/* no reading thread: the judge reads each page itself */
};

/* page p into its place */
static void read_one(struct reader *rd, int p)
{
	struct page_ahead *a = &rd->ahead[p];
	const char *bound;

	memset(&a->page, 0, sizeof a->page);
	pthread_mutex_lock(&doc_lock);
	a->ok = mb_mp_doc_read_page(rd->doc, p, &a->page, a->err, sizeof a->err);
	bound = a->ok ? NULL : mb_mp_doc_bound(rd->doc);
	snprintf(a->bound, sizeof a->bound, "%s", bound ? bound : "");
	pthread_mutex_unlock(&doc_lock);
}

static void *read_ahead(void *arg)
{
	struct reader *rd = arg;

	for (int p = 0; p < rd->pages; p++) {
		struct page_ahead *a = &rd->ahead[p];
		bool stop;

		pthread_mutex_lock(&rd->lock);
		while (!rd->stop && p - rd->judged >= READ_AHEAD)
			pthread_cond_wait(&rd->moved, &rd->lock);
		stop = rd->stop;
		pthread_mutex_unlock(&rd->lock);
		if (stop)
			break;
		read_one(rd, p);
		pthread_mutex_lock(&rd->lock);
		rd->read = p + 1;
		pthread_cond_broadcast(&rd->moved);
		pthread_mutex_unlock(&rd->lock);
		if (a->bound[0])
			break;	/* each page after would fail the same way */
	}
	pthread_mutex_lock(&rd->lock);
	rd->done = true;
	pthread_cond_broadcast(&rd->moved);
	pthread_mutex_unlock(&rd->lock);
	return NULL;
}

/* page p read, or NULL when the reader stopped before it */
static struct page_ahead *next_page(struct reader *rd, int p)
{
	bool have;

	if (rd->inline_reads) {
		read_one(rd, p);
		rd->read = p + 1;
		return &rd->ahead[p];
	}
	pthread_mutex_lock(&rd->lock);
	while (rd->read <= p && !rd->done)
		pthread_cond_wait(&rd->moved, &rd->lock);
	have = rd->read > p;
	pthread_mutex_unlock(&rd->lock);
	return have ? &rd->ahead[p] : NULL;
}

/* the judge is done with pages up to p: the reader may go on */
static void page_judged(struct reader *rd, int p)
{
	pthread_mutex_lock(&rd->lock);
	rd->judged = p + 1;
	pthread_cond_broadcast(&rd->moved);
	pthread_mutex_unlock(&rd->lock);
}

/*
 * A drawing that looks like a maze and that no reader took is said, with
 * its place, and fails the run: every maze on the page was proven, or the
 * run says which was not.
 */
static void report_unread(const struct mb_mp_page *page, struct run *r, int page_number)
{
	struct mb_mp_unread u[8];
	size_t n = mb_mp_find_unread(page, u, 8);
	char msg[400];

	for (size_t k = 0; k < n && k < 8; k++) {
		char sides[40] = "";

		if (u[k].sides != u[k].lines)
			snprintf(sides, sizeof sides, " (%zu sides)", u[k].sides);
		snprintf(msg, sizeof msg, "a drawing of %zu lines%s%s at (%.1f, %.1f)-(%.1f, %.1f) pt "
			 "looks like a maze but was not read, so it was not proven (mazeproof reads "
			 "square, round, hexagonal and triangular grids: see its limits in the README)",
			 u[k].lines, sides, u[k].directions ? " on a lattice" : " in many directions",
			 u[k].x0, u[k].y0, u[k].x1, u[k].y1);
		page_error(r, page_number, msg);
	}
	if (n > 8) {
		snprintf(msg, sizeof msg, "%zu more drawings like a maze were not read", n - 8);
		page_error(r, page_number, msg);
	}
}

/* each page read judged in order (the judge's part of read_all); returns the pages */
static int judge_pages(struct reader *rd, struct run *r, const struct options *opt)
{
	struct mb_mp_doc *doc = rd->doc;
	int pages = rd->pages;
	struct page_ahead *a;

	for (int p = 0; p < pages && (a = next_page(rd, p)); page_judged(rd, p), p++) {
		struct mb_mp_page *page = &a->page;
		struct mb_mp_maze *found;
		size_t n, lattices = r->n;

		if (!a->ok) {
			mb_mp_page_release(page);
			if (a->bound[0]) {
				snprintf(r->refused, sizeof r->refused, "%s", a->bound);
				return pages;
			}
			page_error(r, p + 1, a->err);
			continue;
		}
		read_lattices(doc, p, page, r, opt->render_all);
		n = mb_mp_find_mazes(page, &found);
		report_unread(page, r, p + 1);
		if (r->n > lattices)
			label_together(page, r, lattices, found, n);
		for (size_t k = 0; k < n && r->n + n <= MB_MP_MAX_MAZES; k++)
			if (found[k].w > 0) {
				judge_printed(doc, p, page, &found[k], opt->render_all);
				r->rendered += found[k].rendered;
			}
		for (size_t k = 0; k < page->ntexts && r->nfolios < 100000; k++) {
			int f = mb_mp_folio(page->texts[k].utf8);

			if (f >= 0) {
				struct folio *fo = mb_mp_push(&r->folios, &r->nfolios, &r->cap_folios,
							      sizeof *fo);

				fo->page = p + 1;
				fo->number = f;
			}
		}
		if (r->n + n > MB_MP_MAX_MAZES) {
			for (size_t k = 0; k < n; k++)
				mb_mp_maze_release(&found[k]);
			free(found);
			mb_mp_page_release(page);
			snprintf(r->refused, sizeof r->refused, MB_MP_TOO_MANY_MAZES, MB_MP_MAX_MAZES);
			return pages;
		}
		for (size_t k = 0; k < n; k++)
			*(struct mb_mp_maze *)mb_mp_push(&r->mazes, &r->n, &r->cap, sizeof *found) =
				found[k];
		free(found);
		mb_mp_page_release(page);
	}
	return pages;
}

static int read_all(struct mb_mp_doc *doc, struct run *r, const struct options *opt)
{
	struct reader rd = { .doc = doc, .pages = mb_mp_doc_pages(doc) };
	pthread_t thread;
	bool threaded;
	int pages;

	rd.ahead = mb_mp_xmalloc(((size_t)rd.pages + 1) * sizeof *rd.ahead);
	pthread_mutex_init(&rd.lock, NULL);
	pthread_cond_init(&rd.moved, NULL);
	threaded = !pthread_create(&thread, NULL, read_ahead, &rd);
	rd.inline_reads = !threaded;	/* no thread to be had: each page read as it is judged */
	pages = judge_pages(&rd, r, opt);
	mb_mp_lat_lines_release();	/* every maze is judged */
	pthread_mutex_lock(&rd.lock);
	rd.stop = true;
	pthread_cond_broadcast(&rd.moved);
	pthread_mutex_unlock(&rd.lock);
	if (threaded)
		pthread_join(thread, NULL);
	/* pages read past the one that ended the run */
	for (int p = rd.judged; p < rd.read; p++)
		mb_mp_page_release(&rd.ahead[p].page);
	free(rd.ahead);
	pthread_cond_destroy(&rd.moved);
	pthread_mutex_destroy(&rd.lock);
	return pages;
}

/*
 * When some mazes have a label ("Maze 12"), a maze without one (the title
 * page's, an illustration) is unnumbered: proved on its own. When none
 * has, every maze is numbered by its order.
 */
static void settle_numbers(struct run *r)
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
static bool npuz_labelled(const struct run *r)
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
static void pair_by_walls(struct run *r, struct mb_mp_maze *copy, struct mb_mp_maze **copies,
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
	page_error(r, copy->page, msg);
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

static int cmp_number(const void *a, const void *b)
{
	const struct mb_mp_maze *const *x = a, *const *y = b;

	if ((*x)->number != (*y)->number)
		return (*x)->number < (*y)->number ? -1 : 1;
	return (*x)->page - (*y)->page;
}

/* Add one finding to a "; "-separated list. */
static void append(char *buf, size_t len, const char *what)
{
	size_t used = strlen(buf);

	snprintf(buf + used, len - used, "%s%s", used ? "; " : "", what);
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

static void finish(struct report *rep, struct verdict *v, const struct mb_mp_maze *m,
		   const char *why, const char *sol, bool have_copies)
{
	char grid[64];

	grid_text(m, grid, sizeof grid);
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
			append(sol, sizeof sol, buf);
		} else if (!proof.ok) {
			v->solution = "unchecked";
		} else if (!copies[q]->lat) {
			v->solution = "mismatch";
			snprintf(buf, sizeof buf, "solution on page %d: a square grid, the maze is %s",
				 copies[q]->page, m->lat->grid);
			append(sol, sizeof sol, buf);
		} else if (copies[q]->lat->problem[0]) {
			v->solution = "mismatch";
			snprintf(buf, sizeof buf, "solution on page %d: %s", copies[q]->page,
				 copies[q]->lat->problem);
			append(sol, sizeof sol, buf);
		} else if (mb_mp_lat_check_solution(m->lat, &proof, copies[q]->lat, swhy, sizeof swhy)) {
			v->solution = "matches";
		} else {
			v->solution = "mismatch";
			snprintf(buf, sizeof buf, "solution on page %d: %.400s", copies[q]->page, swhy);
			append(sol, sizeof sol, buf);
		}
	}
	if (ncop && matching == 0)
		append(sol, sizeof sol, "no solution copy found");
	finish(rep, v, m, why, sol, ncop > 0);
	mb_mp_lat_proof_release(&proof);
}

static void judge(struct report *rep, const struct run *r, struct mb_mp_maze **puzzles, size_t k,
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
			append(v->reason, sizeof v->reason, buf);
			snprintf(v->text, sizeof v->text, "%s, FAILED: %s", m->lat->grid, v->reason);
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
		append(why, sizeof why, m->problem);
	if (why[0] && m->ink_note[0])
		append(why, sizeof why, m->ink_note);
	if (k > 0 && puzzles[k - 1]->number == m->number) {
		snprintf(buf, sizeof buf, "maze %d is also on page %d", m->number, puzzles[k - 1]->page);
		append(why, sizeof why, buf);
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
			append(sol, sizeof sol, buf);
		} else if (!proof.ok) {
			v->solution = "unchecked";
		} else if (copies[q]->label_page > 0 && copies[q]->label_page != m->page &&
			   !printed_folio(r, m->page, copies[q]->label_page)) {
			v->solution = "mismatch";
			snprintf(buf, sizeof buf, "the label of the solution on page %d says page %d "
				 "(neither the maze's PDF page nor a number printed on it)",
				 copies[q]->page, copies[q]->label_page);
			append(sol, sizeof sol, buf);
		} else if (copies[q]->problem[0]) {
			v->solution = "mismatch";
			snprintf(buf, sizeof buf, "solution on page %d: %s", copies[q]->page,
				 copies[q]->problem);
			append(sol, sizeof sol, buf);
		} else if (mb_mp_check_solution(m, &proof, copies[q], swhy, sizeof swhy)) {
			v->solution = "matches";
		} else {
			v->solution = "mismatch";
			snprintf(buf, sizeof buf, "solution on page %d: %.300s%s%.150s", copies[q]->page, swhy,
				 copies[q]->ink_note[0] ? "; there " : "", copies[q]->ink_note);
			append(sol, sizeof sol, buf);
		}
	}
	if (ncop && matching == 0)
		append(sol, sizeof sol, "no solution copy found");
	finish(rep, v, m, why, sol, ncop > 0);
	mb_mp_proof_release(&proof);
}

/* A maze without a number (an illustration): prove it; a drawn route must
 * be its one route. */
static void judge_unnumbered(struct report *rep, const struct mb_mp_maze *m, bool corners)
{
	struct verdict *v = mb_mp_push(&rep->v, &rep->nv, &rep->cap_v, sizeof *v);
	struct mb_mp_proof proof;
	char why[600] = "", sol[600] = "", swhy[400], grid[64];

	v->maze = m;
	if (m->lat) {
		judge_lat(rep, v, m, NULL, 0);
		if (v->ok)
			snprintf(v->text, sizeof v->text, "%s, perfect, 1 route%s",
				 grid_text(m, grid, sizeof grid), m->solution ? ", route drawn matches" : "");
		rep->unnumbered++;
		return;
	}
	mb_mp_prove(m, corners, &proof);
	v->routes = proof.routes;
	v->route_len = proof.ok ? proof.route_len : 0;
	snprintf(why, sizeof why, "%s", proof.why);
	if (m->problem[0])
		append(why, sizeof why, m->problem);
	if (why[0] && m->ink_note[0])
		append(why, sizeof why, m->ink_note);
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
static void print_json(const struct options *opt, const struct report *rep, const struct run *r,
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

static void print_text(const struct options *opt, const struct report *rep, const struct run *r,
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

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "quiet", no_argument, NULL, 'q' },
		{ "json", no_argument, NULL, 'j' },
		{ "any-gaps", no_argument, NULL, 'g' },
		{ "render", no_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "max-cpu", required_argument, NULL, 'c' },
		{ NULL, 0, NULL, 0 }
	};
	unsigned long max_cpu = MAX_CPU_S;
	char *end;
	struct options opt = { false, false, false, false, NULL };
	struct run r;
	struct report rep;
	struct mb_mp_doc *doc;
	struct mb_mp_maze **puzzles, **copies, **extras;
	size_t npuz = 0, ncop = 0, nextra = 0;
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
		case 'r':
			opt.render_all = true;
			break;
		case 'c':
			errno = 0;
			max_cpu = strtoul(optarg, &end, 10);
			if (errno || end == optarg || *end || optarg[0] == '-' ||
			    max_cpu > MAX_CPU_LIMIT_S) {
				fprintf(stderr, "mazeproof: --max-cpu: '%s' is not a whole number "
					"from 0 to %d\nTry 'mazeproof --help'.\n", optarg,
					MAX_CPU_LIMIT_S);
				return EXIT_USAGE;
			}
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
	arm_cpu_limit(max_cpu, opt.path);
	keep_freed_memory();

	doc = mb_mp_doc_open(opt.path, err, sizeof err);
	if (!doc) {
		fprintf(stderr, "mazeproof: %s\n", err);
		return EXIT_FAILED;
	}
	memset(&r, 0, sizeof r);
	memset(&rep, 0, sizeof rep);
	pages = read_all(doc, &r, &opt);
	if (mb_mp_doc_damaged(doc) || r.refused[0]) {
		fprintf(stderr, "mazeproof: cannot read '%s': %s\n", opt.path,
			mb_mp_doc_damaged(doc) ? MB_MP_DAMAGED : r.refused);
		mb_mp_doc_close(doc);
		for (size_t k = 0; k < r.n; k++)
			mb_mp_maze_release(&r.mazes[k]);
		for (size_t k = 0; k < r.nerrors; k++)
			free(r.errors[k]);
		free(r.errors);
		free(r.mazes);
		free(r.folios);
		return EXIT_FAILED;
	}
	mb_mp_doc_close(doc);
	settle_numbers(&r);

	puzzles = mb_mp_xmalloc((r.n ? r.n : 1) * sizeof *puzzles);
	copies = mb_mp_xmalloc((r.n ? r.n : 1) * sizeof *copies);
	extras = mb_mp_xmalloc((r.n ? r.n : 1) * sizeof *extras);
	for (size_t k = 0; k < r.n; k++) {
		struct mb_mp_maze *m = &r.mazes[k];

		if (m->w == 0)
			page_error(&r, m->page, m->problem);
		else if (m->number < 0 && m->solution && npuz_labelled(&r))
			pair_by_walls(&r, m, copies, &ncop);
		else if (m->number < 0)
			extras[nextra++] = m;
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
	for (size_t k = 0; k < npuz; k++)
		judge(&rep, &r, puzzles, k, copies, ncop, !opt.any_gaps);
	for (size_t k = 0; k < nextra; k++)
		judge_unnumbered(&rep, extras[k], !opt.any_gaps);
	/* solution copies whose maze is missing */
	for (size_t q = 0; q < ncop; q++) {
		bool found = false;

		for (size_t k = 0; k < npuz && !found; k++)
			found = puzzles[k]->number == copies[q]->number;
		if (!found) {
			snprintf(err, sizeof err, "solution copy of maze %d has no maze page",
				 copies[q]->number);
			page_error(&r, copies[q]->page, err);
		}
	}

	if (opt.json)
		print_json(&opt, &rep, &r, pages);
	else
		print_text(&opt, &rep, &r, pages);

	for (size_t k = 0; k < r.n; k++)
		mb_mp_maze_release(&r.mazes[k]);
	for (size_t k = 0; k < r.nerrors; k++)
		free(r.errors[k]);
	free(r.errors);
	free(r.mazes);
	free(r.folios);
	free(puzzles);
	free(copies);
	free(extras);
	free(rep.v);
	return rep.nv > 0 && rep.failed == 0 && r.nerrors == 0 ? EXIT_PASS : EXIT_FAILED;
}
