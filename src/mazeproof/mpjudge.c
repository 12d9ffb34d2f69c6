/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The document's pages read (a thread reads ahead) and their mazes found;
 * each judged from its rendering where the lines alone cannot say what
 * prints. The run collects the mazes and what failed on a page.
 */
#include "config.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpcheck.h"
#include "mpchords.h"
#include "mplattice.h"
#include "mplimits.h"
#include "mpmaze.h"
#include "mpraster.h"
#include "mpread.h"
#include "mprun.h"
#include "mpunread.h"
#include "mputil.h"

/* Record a failure that is not one maze's; page 0 for the whole file. */
void mb_mp_page_error(struct run *r, int page, const char *what)
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
	pix = mb_mp_doc_render(doc, index, page->turn, x0, y0, x1, y1, res, m->route_ops,
			       m->nroute_ops, &w, &h, err, sizeof err);
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
static void judge_lattice_ink(struct mb_mp_doc *doc, int index, int turn, struct mb_mp_lattice *l)
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
	pix = mb_mp_doc_render(doc, index, turn, x0, y0, x1, y1, res, l->route_ops,
			       l->nroute_ops, &w, &h, err, sizeof err);
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
			judge_lattice_ink(doc, index, page->turn, l);
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
		while (!rd->stop && p - rd->judged >= MB_MP_READ_AHEAD)
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
		mb_mp_page_error(r, page_number, msg);
	}
	if (n > 8) {
		snprintf(msg, sizeof msg, "%zu more drawings like a maze were not read", n - 8);
		mb_mp_page_error(r, page_number, msg);
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
			mb_mp_page_error(r, p + 1, a->err);
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

int mb_mp_read_all(struct mb_mp_doc *doc, struct run *r, const struct options *opt)
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
