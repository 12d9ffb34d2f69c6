/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The interior PDF, drawn with libharu from the page plan. Choices:
 *  - walls are merged into one line per straight run (one m/l pair), so a
 *    page holds a few hundred lines instead of one per cell edge, and the
 *    maze prover can read the walls back;
 *  - the solution route is drawn before the walls, in 55 % gray, so the
 *    black walls stay on top and readable;
 *  - DeviceGray for everything in a black-ink book; a colour book (ink:
 *    standard-colour or premium-colour) draws START, FINISH and the
 *    solution routes in its palette's RGB, and the walls still pure black
 *    (mazeproof reads walls as solid black lines);
 *  - the PDF is built in memory and written with stdio, so a write error
 *    reports errno and a failed write never leaves a file behind.
 * libharu reports through an error handler; it lands in struct writer and
 * becomes an mb_error here, never leaving this file.
 */
#include "config.h"

#include "mazebook/interior.h"

#include <errno.h>
#include <hpdf.h>
#include <hpdf_pages.h>	/* the page's content stream, for write_content */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

#include "mazebook/fonts.h"
#include "mazebook/generator.h"
#include "mazebook/labels.h"
#include "mazebook/measure.h"
#include "mazebook/xalloc.h"

/* DejaVu Sans's ascent and descent in ems, to keep glyphs inside the live area */
#define ASCENT 0.93
#define DESCENT 0.24
#define ROUTE_GRAY 0.55
#define ARROW_PT 2.4		/* the shaft of START and FINISH arrows */
/*
 * zlib's level for page content, chosen by measurement (README,
 * Benchmarks): libharu always uses the default, 6, which took most of the
 * interior's time; 4 is twice as fast for 8 % more bytes.
 */
#define CONTENT_DEFLATE_LEVEL 4

/* bytes of page content, built here and written as they are (see write_content) */
struct content {
	char *p;
	size_t len, cap;
};

struct writer {
	HPDF_Doc pdf;
	HPDF_Font regular, bold;
	const struct mb_book_spec *spec;
	const struct mb_book *book;
	const struct mb_page_plan *plan;
	const struct mb_labels *labels;
	struct mb_error *err;
	const char *doing;	/* what libharu was asked to do, for its errors */
	bool failed;		/* libharu reported an error: */
	unsigned error_no, detail_no;	/* its first one */
	const char *failed_doing;
	int *route;		/* room for the largest maze's route */
	z_stream zs;		/* page content's compressor, reset for each page */
	bool zs_ready;
	struct content packed;	/* room for a compressed page */
	struct content *walls;	/* each maze's wall path, once made */
};

static void on_error(HPDF_STATUS error_no, HPDF_STATUS detail_no, void *data)
{
	struct writer *w = data;

	/* reading the finished document to its end is not a failure */
	if (w->failed || error_no == HPDF_STREAM_EOF)
		return;
	w->failed = true;
	w->error_no = (unsigned)error_no;
	w->detail_no = (unsigned)detail_no;
	w->failed_doing = w->doing;
}

/* libharu's first error as our error. */
static enum mb_status harfail(struct writer *w)
{
	return mb_error_set(w->err, MB_ERR_INTERNAL,
			    "libharu failed while %s (error 0x%04X, detail %u)",
			    w->failed_doing ? w->failed_doing : "working", w->error_no,
			    w->detail_no);
}

static void set_font(HPDF_Page page, HPDF_Font font, double size)
{
	HPDF_Page_SetFontAndSize(page, font, (HPDF_REAL)size);
}

static double text_width(HPDF_Page page, const char *text)
{
	return HPDF_Page_TextWidth(page, text);
}

enum align { LEFT, CENTRE, RIGHT };

/* One line of text with its baseline at y; the font must be set. */
static void text_at(HPDF_Page page, double x, double y, enum align align, const char *text)
{
	double tw = text_width(page, text);

	if (align == CENTRE)
		x -= tw / 2;
	else if (align == RIGHT)
		x -= tw;
	HPDF_Page_BeginText(page);
	HPDF_Page_TextOut(page, (HPDF_REAL)x, (HPDF_REAL)y, text);
	HPDF_Page_EndText(page);
}

/*
 * Break text into lines no wider than width at spaces; call emit for each
 * (or only count when emit is NULL). Returns the number of lines, and in
 * *widest the widest word, so callers can shrink the type until it fits.
 */
static int wrap(HPDF_Page page, const char *text, double width, double *widest,
		void (*emit)(HPDF_Page, const char *, int, void *), void *data)
{
	size_t n = strlen(text);
	char *line = xmalloc(n + 1), *word = xmalloc(n + 1), *trial = xmalloc(n + 2);
	const char *p = text;
	int lines = 0;

	line[0] = '\0';
	if (widest)
		*widest = 0;
	while (*p) {
		size_t len;

		while (*p == ' ')
			p++;
		if (!*p)
			break;
		len = strcspn(p, " ");
		memcpy(word, p, len);
		word[len] = '\0';
		p += len;
		if (widest && text_width(page, word) > *widest)
			*widest = text_width(page, word);
		if (line[0]) {
			snprintf(trial, n + 2, "%s %s", line, word);
			if (text_width(page, trial) <= width) {
				strcpy(line, trial);
				continue;
			}
			if (emit)
				emit(page, line, lines, data);
			lines++;
		}
		strcpy(line, word);
	}
	if (line[0]) {
		if (emit)
			emit(page, line, lines, data);
		lines++;
	}
	free(line);
	free(word);
	free(trial);
	return lines;
}

struct para {
	double x, top, leading, size;
	enum align align;
};

static void emit_line(HPDF_Page page, const char *line, int i, void *data)
{
	const struct para *p = data;

	text_at(page, p->x, p->top - p->size * ASCENT - i * p->leading, p->align, line);
}

/*
 * Set text as a paragraph whose first line's ascent touches top; x is the
 * left edge, centre or right edge per align. Returns the y below it.
 */
static double paragraph(HPDF_Page page, HPDF_Font font, double size, double leading,
			double x, double top, double width, enum align align, const char *text)
{
	struct para p = { x, top, leading, size, align };
	int lines;

	set_font(page, font, size);
	lines = wrap(page, text, width, NULL, emit_line, &p);
	return top - size * (ASCENT + DESCENT) - (lines > 0 ? lines - 1 : 0) * leading;
}

/*
 * The largest size <= size (not under min) at which text wraps to <= max_lines
 * in width. A word too wide even at min scales the type down further, but
 * never under KDP's least type size.
 */
static double fit_size(HPDF_Page page, HPDF_Font font, double size, double min,
		       double width, int max_lines, const char *text)
{
	double widest = 0;

	for (; size > min; size -= 1) {
		int lines;

		set_font(page, font, size);
		lines = wrap(page, text, width, &widest, NULL, NULL);
		if (lines <= max_lines && widest <= width)
			return size;
	}
	set_font(page, font, min);
	wrap(page, text, width, &widest, NULL, NULL);
	if (widest > width)
		return fmax(mb_kdp.min_font_pt, min * width / widest);
	return min;
}

/*
 * Content written straight into a page's stream. libharu's path calls
 * clear a 512-byte buffer byte by byte and print five decimals for every
 * point: for a book's walls (a hundred thousand runs) that was most of the
 * interior's time and, compressed, most of its bytes.
 */

static void put(struct content *c, const char *s, size_t n)
{
	if (c->len + n > c->cap) {
		c->cap = (c->len + n) * 2 + 256;
		c->p = xrealloc(c->p, c->cap);
	}
	memcpy(c->p + c->len, s, n);
	c->len += n;
}

static void put_str(struct content *c, const char *s)
{
	put(c, s, strlen(s));
}

/* a non-negative integer (a grid line), as few digits as it takes */
static void put_int(struct content *c, int v)
{
	char digits[12];
	int n = 0;

	do
		digits[sizeof(digits) - 1 - n++] = (char)('0' + v % 10);
	while ((v /= 10) > 0);
	put(c, digits + sizeof(digits) - n, (size_t)n);
}

/* a number in at most five decimals, no trailing zeros (as libharu writes them) */
static void put_num(struct content *c, double v)
{
	char num[48];
	int n = snprintf(num, sizeof(num), "%.5f", v);

	while (n > 0 && num[n - 1] == '0')
		n--;
	if (n > 0 && num[n - 1] == '.')
		n--;
	if (n == 2 && !strncmp(num, "-0", 2))
		put(c, "0", 1);
	else
		put(c, num, (size_t)n);
}

/* the value put_num writes for v, as a reader parses it back */
static double as_written(double v)
{
	return round(v * 1e5) / 1e5;
}

/* a width in user space that, scaled by scale, is at least width_pt (never rounded under) */
static double width_at_least(double width_pt, double scale)
{
	return ceil(width_pt / scale * 1e5 + 0.05) / 1e5;
}

static void put_point(struct content *c, int x, int y, const char *op)
{
	put_int(c, x);
	put(c, " ", 1);
	put_int(c, y);
	put_str(c, op);
}

/*
 * The walls of m as one path: one m/l pair per maximal straight run, in
 * squares from the grid's top-left corner (x right, y down). The same
 * bytes serve the maze page and its solution copy; draw_walls places them.
 */
static void wall_path(const struct mb_maze *m, struct content *c)
{
	/* horizontal lines: the top side of row j, and the bottom of the last row */
	for (int j = 0; j <= m->h; j++) {
		int start = -1;

		for (int x = 0; x <= m->w; x++) {
			bool wall = x < m->w && mb_maze_wall_h(m, x, j);

			if (wall && start < 0)
				start = x;
			if (!wall && start >= 0) {
				put_point(c, start, j, " m\n");
				put_point(c, x, j, " l\n");
				start = -1;
			}
		}
	}
	/* vertical lines: the west side of column i, and the east of the last */
	for (int i = 0; i <= m->w; i++) {
		int start = -1;

		for (int y = 0; y <= m->h; y++) {
			bool wall = y < m->h && mb_maze_wall_v(m, i, y);

			if (wall && start < 0)
				start = y;
			if (!wall && start >= 0) {
				put_point(c, i, start, " m\n");
				put_point(c, i, y, " l\n");
				start = -1;
			}
		}
	}
}

/*
 * Append raw content to the page's stream. It is wrapped in q/Q, so the
 * graphics state libharu remembers stays true, and written only where
 * libharu itself would draw (outside text and paths).
 */
static void write_content(struct writer *w, HPDF_Page page, const struct content *c)
{
	HPDF_PageAttr attr = (HPDF_PageAttr)page->attr;
	HPDF_STATUS ret;

	if (w->failed)
		return;
	if (attr->gmode != HPDF_GMODE_PAGE_DESCRIPTION)
		BUG("raw content inside a text object or a path");
	ret = HPDF_Stream_Write(attr->stream, (const HPDF_BYTE *)c->p, (HPDF_UINT)c->len);
	if (ret != HPDF_OK) {
		w->failed = true;
		w->error_no = (unsigned)ret;
		w->detail_no = 0;
		w->failed_doing = w->doing;
	}
}

/*
 * Start content in the maze's own squares: a cm that maps square (x, y)
 * from the grid's top-left corner to the page, then the stroke state, so
 * that pen_pt (in points) is at least pen_pt after scaling.
 */
static void begin_grid(struct content *c, const struct mb_maze_geometry *g, double pen_pt,
		       double gray)
{
	double cell = as_written(g->cell_pt);

	put_str(c, "q\n");
	put_num(c, cell);
	put_str(c, " 0 0 ");
	put_num(c, -cell);
	put(c, " ", 1);
	put_num(c, g->x);
	put(c, " ", 1);
	put_num(c, mb_maze_geometry_top(g));
	put_str(c, " cm\n");
	put_num(c, width_at_least(pen_pt, cell));
	put_str(c, " w\n1 J\n1 j\n");
	put_num(c, gray);
	put_str(c, " G\n");
}

/* Every wall of m (its path, made once by wall_path), stroked once in black. */
static void draw_walls(struct writer *w, HPDF_Page page, const struct content *path,
		       const struct mb_maze_geometry *g)
{
	struct content c = { 0 };

	begin_grid(&c, g, g->wall_pt, 0);
	put(&c, path->p, path->len);
	put_str(&c, "S\nQ\n");
	write_content(w, page, &c);
	free(c.p);
}

/* v / 2 for a non-negative v, as put_num writes it (12, 12.5) */
static void put_half(struct content *c, int v)
{
	put_int(c, v / 2);
	if (v % 2)
		put(c, ".5", 2);
}

/* a point of the route, in squares: halves are centres */
static void put_half_point(struct content *c, int x2, int y2, const char *op)
{
	put_half(c, x2);
	put(c, " ", 1);
	put_half(c, y2);
	put_str(c, op);
}

static bool colour_book(const struct writer *w)
{
	return w->spec->ink != MB_INK_BLACK;
}

/* fill and stroke in a palette colour (a colour book), else black */
static void mark_colour(HPDF_Page page, bool colour, uint32_t rgb)
{
	if (!colour) {
		HPDF_Page_SetGrayStroke(page, 0);
		HPDF_Page_SetGrayFill(page, 0);
		return;
	}
	HPDF_Page_SetRGBStroke(page, (HPDF_REAL)((rgb >> 16) & 0xff) / 255,
			       (HPDF_REAL)((rgb >> 8) & 0xff) / 255, (HPDF_REAL)(rgb & 0xff) / 255);
	HPDF_Page_SetRGBFill(page, (HPDF_REAL)((rgb >> 16) & 0xff) / 255,
			     (HPDF_REAL)((rgb >> 8) & 0xff) / 255, (HPDF_REAL)(rgb & 0xff) / 255);
}

/* the stroke colour of content written straight into the stream */
static void put_rgb_stroke(struct content *c, uint32_t rgb)
{
	put_num(c, ((rgb >> 16) & 0xff) / 255.0);
	put(c, " ", 1);
	put_num(c, ((rgb >> 8) & 0xff) / 255.0);
	put(c, " ", 1);
	put_num(c, (rgb & 0xff) / 255.0);
	put_str(c, " RG\n");
}

/*
 * The route from above the entrance gap through the cell centres to below
 * the exit gap, in gray (a colour book: the palette's route colour), with
 * a point only where the route turns.
 */
static void draw_route(struct writer *w, HPDF_Page page, const struct mb_maze *m,
		       const struct mb_maze_geometry *g)
{
	int n = mb_maze_route(m, w->route);
	struct content c = { 0 };
	double gx, gy;

	if (n == 0)
		return;
	begin_grid(&c, g, g->route_pt, ROUTE_GRAY);
	if (colour_book(w))
		put_rgb_stroke(&c, w->spec->palette.route_rgb);
	/* from just outside the entrance gap (0.45 of a square) */
	mb_maze_gap_point(m, false, 0.95, &gx, &gy);
	put_num(&c, gx);
	put(&c, " ", 1);
	put_num(&c, gy);
	put_str(&c, " m\n");
	for (int i = 0; i < n; i++) {
		int x = w->route[i] % m->w, y = w->route[i] / m->w;

		/* skip a point that lies on a straight line between its neighbours */
		if (i > 0 && i < n - 1) {
			int px = w->route[i - 1] % m->w, py = w->route[i - 1] / m->w;
			int nx = w->route[i + 1] % m->w, ny = w->route[i + 1] / m->w;

			if (x - px == nx - x && y - py == ny - y)
				continue;
		}
		put_half_point(&c, 2 * x + 1, 2 * y + 1, " l\n");
	}
	mb_maze_gap_point(m, true, 0.95, &gx, &gy);
	put_num(&c, gx);
	put(&c, " ", 1);
	put_num(&c, gy);
	put_str(&c, " l\nS\nQ\n");
	write_content(w, page, &c);
	free(c.p);
}

/* A vertical arrow pointing down from (x, y0) to its tip at (x, y1). */
static void arrow_down(HPDF_Page page, double x, double y0, double y1, double head, bool colour,
		       uint32_t rgb)
{
	mark_colour(page, colour, rgb);
	HPDF_Page_SetLineWidth(page, ARROW_PT);
	HPDF_Page_SetLineCap(page, HPDF_ROUND_END);
	HPDF_Page_MoveTo(page, (HPDF_REAL)x, (HPDF_REAL)y0);
	HPDF_Page_LineTo(page, (HPDF_REAL)x, (HPDF_REAL)(y1 + head * 0.8));
	HPDF_Page_Stroke(page);
	HPDF_Page_MoveTo(page, (HPDF_REAL)(x - head / 2), (HPDF_REAL)(y1 + head));
	HPDF_Page_LineTo(page, (HPDF_REAL)(x + head / 2), (HPDF_REAL)(y1 + head));
	HPDF_Page_LineTo(page, (HPDF_REAL)x, (HPDF_REAL)y1);
	HPDF_Page_ClosePath(page);
	HPDF_Page_Fill(page);
}

static void folio(struct writer *w, HPDF_Page page, int n)
{
	char num[16];
	double x, y;

	mb_layout_folio(w->plan, n, &x, &y);
	snprintf(num, sizeof(num), "%d", n);
	HPDF_Page_SetGrayFill(page, 0);
	set_font(page, w->regular, MB_LAYOUT_FOLIO_PT);
	text_at(page, x, y, CENTRE, num);
}

/* A heading centred at the top of the live area; shrinks to fit one line. */
static void heading(struct writer *w, HPDF_Page page, const struct mb_rect_pt *live,
		    double size, const char *text)
{
	size = fit_size(page, w->bold, size, 12, live->w, 1, text);
	set_font(page, w->bold, size);
	HPDF_Page_SetGrayFill(page, 0);
	text_at(page, live->x + live->w / 2, live->y + live->h - size * ASCENT, CENTRE, text);
}

static void title_page(struct writer *w, HPDF_Page page, int n)
{
	const struct mb_book_spec *s = w->spec;
	struct mb_rect_pt live, box;
	struct mb_maze_geometry g;
	struct mb_maze *deco;
	struct content path = { 0 };
	double size, title_pt, below_pt, y, side;

	mb_layout_live_area(w->plan, n, &live);
	HPDF_Page_SetGrayFill(page, 0);
	title_pt = fit_size(page, w->bold, 40, 16, live.w, 3, s->title);
	y = paragraph(page, w->bold, title_pt, title_pt * 1.2, live.x + live.w / 2,
		      live.y + live.h * 0.88, live.w, CENTRE, s->title);
	/*
	 * A long title shrinks; the lines under it shrink with it, to at most
	 * 70% of its final size, so the title stays the largest text on the
	 * page (KDP's least type size permitting).
	 */
	below_pt = fmax(mb_kdp.min_font_pt, floor(title_pt * 0.7 * 2) / 2);
	if (s->subtitle && *s->subtitle) {
		size = fit_size(page, w->regular, fmin(20, below_pt), fmin(10, below_pt), live.w,
				3, s->subtitle);
		y = paragraph(page, w->regular, size, size * 1.3, live.x + live.w / 2,
			      y - size * 0.9, live.w, CENTRE, s->subtitle);
	}
	/* a small decorative maze between the titles and the author */
	side = fmin(live.w * 0.5, (y - live.y) - live.h * 0.22);
	deco = w->book->title_maze;
	if (side > 72 && deco) {
		box.w = box.h = side;
		box.x = live.x + (live.w - side) / 2;
		box.y = live.y + live.h * 0.16 + ((y - live.y - live.h * 0.16) - side) / 2;
		mb_layout_fit_maze(&box, deco->w, deco->h, &g);
		g.wall_pt = fmin(3.0, g.cell_pt / 5);
		wall_path(deco, &path);
		draw_walls(w, page, &path, &g);
		free(path.p);
	}
	size = fit_size(page, w->regular, fmin(18, below_pt), fmin(10, below_pt), live.w, 2,
			s->author);
	paragraph(page, w->regular, size, size * 1.3, live.x + live.w / 2,
		  live.y + live.h * 0.1, live.w, CENTRE, s->author);
}

/* the copyright line: the spec's own, or "Copyright © 2026 Author" (the year when given) */
static char *copyright_line(const struct mb_book_spec *s, const struct mb_labels *l)
{
	if (s->copyright)
		return xstrdup(s->copyright);
	if (s->year)
		return xasprintf("%s %d %s", l->copyright, s->year, s->author);
	return xasprintf("%s %s", l->copyright, s->author);
}

/* "Published by ..." for the imprint, or NULL */
static char *imprint_line(const struct mb_book_spec *s, const struct mb_labels *l)
{
	const char *at = s->imprint ? strstr(l->published_by, "%s") : NULL;

	if (!at)
		return NULL;
	return xasprintf("%.*s%s%s", (int)(at - l->published_by), l->published_by, s->imprint,
			 at + 2);
}

static void about_page(struct writer *w, HPDF_Page page, int n)
{
	const struct mb_book_spec *s = w->spec;
	const struct mb_labels *l = w->labels;
	struct mb_rect_pt live;
	char line[512], isbn[32], *copyright, *imprint;
	double y;
	int lines;

	mb_layout_live_area(w->plan, n, &live);
	HPDF_Page_SetGrayFill(page, 0);
	y = live.y + live.h;
	y = paragraph(page, w->bold, 22, 28, live.x, y, live.w, LEFT, l->how_to_play_title);
	y = paragraph(page, w->regular, 13, 19, live.x, y - 14, live.w, LEFT, l->how_to_play);
	y -= 28;
	{
		char words[128];

		/* from the book's plan: "easy", or "easy-expert" for sections of several */
		if (w->book->plan.section_count)
			mb_plan_level_words(&w->book->plan, l, words, sizeof(words));
		else
			snprintf(words, sizeof(words), "%s",
				 mb_labels_level_name(l, s->level ? s->level->name : "?"));
		snprintf(line, sizeof(line), "%s: %s", l->level, words);
	}
	y = paragraph(page, w->regular, 12, 16, live.x, y, live.w, LEFT, line);
	snprintf(line, sizeof(line), "%s: %zu", l->mazes, w->book->count);
	y = paragraph(page, w->regular, 12, 16, live.x, y - 6, live.w, LEFT, line);
	/* what the ramp is: each section sorted from its easiest maze to its hardest */
	if (w->book->plan.order_ramp)
		y = paragraph(page, w->regular, 12, 16, live.x, y - 6, live.w, LEFT, l->order_ramp);
	/* the seed lets anyone with this tool rebuild the book: only when asked */
	if (s->print_seed) {
		snprintf(line, sizeof(line), "%s: %" PRIu64, l->seed, s->seed);
		y = paragraph(page, w->regular, 12, 16, live.x, y - 6, live.w, LEFT, line);
		paragraph(page, w->regular, 10, 14, live.x, y - 6, live.w, LEFT, l->rebuild);
	}

	/* the title, copyright, imprint and ISBN at the foot of the page */
	copyright = copyright_line(s, l);
	imprint = imprint_line(s, l);
	if (s->isbn[0])
		snprintf(isbn, sizeof(isbn), "ISBN %s", s->isbn);
	set_font(page, w->regular, 10);
	lines = wrap(page, s->title, live.w, NULL, NULL, NULL) +
		wrap(page, copyright, live.w, NULL, NULL, NULL) +
		(imprint ? wrap(page, imprint, live.w, NULL, NULL, NULL) : 0) +
		(s->isbn[0] ? 1 : 0);
	y = paragraph(page, w->regular, 10, 14, live.x,
		      live.y + 10 * (ASCENT + DESCENT) + (lines - 1) * 14 +
			      4 * (1 + (imprint != NULL) + (s->isbn[0] != 0)),
		      live.w, LEFT, s->title);
	y = paragraph(page, w->regular, 10, 14, live.x, y - 4, live.w, LEFT, copyright);
	if (imprint)
		y = paragraph(page, w->regular, 10, 14, live.x, y - 4, live.w, LEFT, imprint);
	if (s->isbn[0])
		paragraph(page, w->regular, 10, 14, live.x, y - 4, live.w, LEFT, isbn);
	free(copyright);
	free(imprint);
}

/* maze i's wall path, made the first time it is drawn and kept for its solution */
static const struct content *maze_walls(struct writer *w, int i)
{
	if (!w->walls[i].p)
		wall_path(w->book->mazes[i].maze, &w->walls[i]);
	return &w->walls[i];
}

static void maze_page(struct writer *w, HPDF_Page page, int n, const struct mb_page *p)
{
	const struct mb_book_maze *bm = &w->book->mazes[p->first];
	const struct mb_maze *m = bm->maze;
	const struct mb_labels *l = w->labels;
	struct mb_rect_pt live;
	struct mb_maze_geometry g;
	char text[128];
	double top, head, x, gx, gy, cap = MB_LAYOUT_LABEL_PT * 0.73;

	mb_layout_live_area(w->plan, n, &live);
	heading(w, page, &live, MB_LAYOUT_HEADING_PT,
		mb_labels_format(l->maze, bm->number, 0, text, sizeof(text)));
	mb_layout_maze_page(w->plan, n, m->w, m->h, &g);
	top = mb_maze_geometry_top(&g);
	head = fmin(14, fmax(8, g.cell_pt * 0.8));

	/*
	 * START: an arrow down into the entrance, the word to its right. On a
	 * shape the entrance is a top side nothing covers, perhaps lower than
	 * the lattice's top: the arrow reaches down to it (and FINISH's from
	 * the exit, a bottom side nothing is under).
	 */
	mb_maze_gap_point(m, false, 0.5, &gx, &gy);
	x = g.x + gx * g.cell_pt;
	arrow_down(page, x, top + MB_LAYOUT_LABEL_BAND_PT - 3,
		   top - gy * g.cell_pt + g.wall_pt + 1, head,
		   colour_book(w), w->spec->palette.start_rgb);
	set_font(page, w->bold, MB_LAYOUT_LABEL_PT);
	/* the word beside its arrow, on the side with room (a shape's gap can be anywhere) */
	if (x + head / 2 + 5 + text_width(page, l->start) <= live.x + live.w)
		text_at(page, x + head / 2 + 5, top + MB_LAYOUT_LABEL_BAND_PT / 2 - cap / 2, LEFT,
			l->start);
	else
		text_at(page, x - head / 2 - 5, top + MB_LAYOUT_LABEL_BAND_PT / 2 - cap / 2, RIGHT,
			l->start);
	/* FINISH: an arrow down out of the exit, the word to its left */
	mb_maze_gap_point(m, true, 0.5, &gx, &gy);
	x = g.x + gx * g.cell_pt;
	arrow_down(page, x, g.y + (m->h - gy) * g.cell_pt - g.wall_pt - 1,
		   g.y - MB_LAYOUT_LABEL_BAND_PT + 3, head,
		   colour_book(w), w->spec->palette.finish_rgb);
	if (x - head / 2 - 5 - text_width(page, l->finish) >= live.x)
		text_at(page, x - head / 2 - 5, g.y - MB_LAYOUT_LABEL_BAND_PT / 2 - cap / 2, RIGHT,
			l->finish);
	else
		text_at(page, x + head / 2 + 5, g.y - MB_LAYOUT_LABEL_BAND_PT / 2 - cap / 2, LEFT,
			l->finish);
	mark_colour(page, false, 0);	/* the walls and the folio in black */

	draw_walls(w, page, maze_walls(w, p->first), &g);
	folio(w, page, n);
}

static void solutions_page(struct writer *w, HPDF_Page page, int n, const struct mb_page *p)
{
	const struct mb_labels *l = w->labels;
	struct mb_rect_pt live, slot;
	struct mb_maze_geometry g;
	char text[160];

	mb_layout_live_area(w->plan, n, &live);
	heading(w, page, &live, 22, l->solutions);
	for (int i = 0; i < p->count; i++) {
		const struct mb_book_maze *bm = &w->book->mazes[p->first + i];
		const char *tmpl = w->plan->solutions_per_page == 1 ? l->solution_long
								     : l->solution_short;
		double size, widest;

		mb_layout_solution_slot(w->plan, n, i, &slot);
		mb_labels_format(tmpl, bm->number, w->plan->maze_page[p->first + i], text,
				 sizeof(text));
		/* the label: one line, shrunk to 7 pt at least, else two lines of 7 pt */
		size = fit_size(page, w->regular, MB_LAYOUT_SLOT_LABEL_PT, 7, slot.w, 1, text);
		set_font(page, w->regular, size);
		HPDF_Page_SetGrayFill(page, 0);
		if (wrap(page, text, slot.w, &widest, NULL, NULL) > 1)
			paragraph(page, w->regular, 7, 8, slot.x + slot.w / 2, slot.y + slot.h,
				  slot.w, CENTRE, text);
		else
			text_at(page, slot.x + slot.w / 2, slot.y + slot.h - size * ASCENT,
				CENTRE, text);

		mb_layout_solution_maze(w->plan, n, i, bm->maze->w, bm->maze->h, &g);
		draw_route(w, page, bm->maze, &g);
		draw_walls(w, page, maze_walls(w, p->first + i), &g);
	}
	folio(w, page, n);
}

/* The creation date from SOURCE_DATE_EPOCH, when the environment sets one. */
static void set_date(struct writer *w)
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	char *end;
	long long secs;
	time_t t;
	struct tm tm;
	HPDF_Date d;

	if (!sde || !*sde)
		return;
	errno = 0;
	secs = strtoll(sde, &end, 10);
	if (errno || *end || secs < 0)
		return;
	t = (time_t)secs;
	if (!gmtime_r(&t, &tm))
		return;
	memset(&d, 0, sizeof(d));
	d.year = tm.tm_year + 1900;
	d.month = tm.tm_mon + 1;
	d.day = tm.tm_mday;
	d.hour = tm.tm_hour;
	d.minutes = tm.tm_min;
	d.seconds = tm.tm_sec;
	d.ind = 'Z';
	w->doing = "setting the creation date";
	HPDF_SetInfoDateAttr(w->pdf, HPDF_INFO_CREATION_DATE, d);
}

/* the regular face, and the bold one when with_bold (making each costs a full cmap walk) */
static enum mb_status load_fonts(struct writer *w, bool with_bold)
{
	char path[1024];
	const char *name;
	enum mb_status st;

	HPDF_UseUTFEncodings(w->pdf);
	HPDF_SetCurrentEncoder(w->pdf, "UTF-8");
	for (int bold = 0; bold <= (with_bold ? 1 : 0); bold++) {
		st = mb_font_find_face(mb_spec_font(w->spec), mb_spec_font_bold(w->spec), bold, path,
				       sizeof(path), w->err);
		if (st != MB_OK)
			return st;
		w->doing = "loading a font";
		name = HPDF_LoadTTFontFromFile(w->pdf, path, HPDF_TRUE);
		if (!name || w->failed)
			return mb_error_set_field(w->err, MB_ERR_INPUT, "font",
						  "cannot load font '%s' (a TrueType file libharu "
						  "can embed is needed)",
						  path);
		if (bold)
			w->bold = HPDF_GetFont(w->pdf, name, "UTF-8");
		else
			w->regular = HPDF_GetFont(w->pdf, name, "UTF-8");
	}
	return w->failed ? harfail(w) : MB_OK;
}

/* the /Filter entry of a content stream compressed by compress_content */
static HPDF_STATUS write_flate_filter(HPDF_Dict dict, HPDF_Stream stream)
{
	(void)dict;
	return HPDF_Stream_WriteStr(stream, "/Filter [ /FlateDecode ]\012");
}

/*
 * Compress a finished page's content in place, at CONTENT_DEFLATE_LEVEL:
 * libharu writes it as it is (the document compresses only its fonts) and
 * write_flate_filter names the filter.
 */
static void compress_content(struct writer *w, HPDF_Page page)
{
	HPDF_PageAttr attr = (HPDF_PageAttr)page->attr;
	HPDF_UINT size = HPDF_Stream_Size(attr->stream), got = size;
	HPDF_BYTE *raw = xmalloc(size ? size : 1);
	HPDF_STATUS ret = HPDF_OK;
	size_t bound;

	if (w->failed)
		goto out;
	if (attr->gmode != HPDF_GMODE_PAGE_DESCRIPTION)
		BUG("a page ends inside a text object or a path");
	w->doing = "compressing a page";
	if (size)
		ret = HPDF_Stream_Seek(attr->stream, 0, HPDF_SEEK_SET);
	if (ret == HPDF_OK && size)
		ret = HPDF_Stream_Read(attr->stream, raw, &got);
	if (ret == HPDF_OK && got != size)
		ret = HPDF_STREAM_EOF;
	/* one compressor for every page: making one per page cost as much as the work */
	if (!w->zs_ready) {
		if (deflateInit(&w->zs, CONTENT_DEFLATE_LEVEL) != Z_OK)
			BUG("zlib cannot start a compressor");
		w->zs_ready = true;
	} else if (deflateReset(&w->zs) != Z_OK) {
		BUG("zlib cannot reset its compressor");
	}
	bound = deflateBound(&w->zs, size);
	if (w->packed.cap < bound) {
		w->packed.cap = bound;
		w->packed.p = xrealloc(w->packed.p, bound);
	}
	w->zs.next_in = raw;
	w->zs.avail_in = size;
	w->zs.next_out = (Bytef *)w->packed.p;
	w->zs.avail_out = (uInt)bound;
	if (ret == HPDF_OK && deflate(&w->zs, Z_FINISH) != Z_STREAM_END)
		BUG("zlib cannot compress %u bytes", (unsigned)size);
	if (ret == HPDF_OK) {
		HPDF_MemStream_FreeData(attr->stream);
		ret = HPDF_Stream_Write(attr->stream, (HPDF_BYTE *)w->packed.p,
					(HPDF_UINT)w->zs.total_out);
	}
	if (ret != HPDF_OK) {
		w->failed = true;
		w->error_no = (unsigned)ret;
		w->detail_no = 0;
		w->failed_doing = w->doing;
		goto out;
	}
	attr->contents->filter = HPDF_STREAM_FILTER_NONE;
	attr->contents->write_fn = write_flate_filter;
out:
	free(raw);
}

static enum mb_status draw_pages(struct writer *w)
{
	const struct mb_page_plan *plan = w->plan;

	for (int n = 1; n <= plan->page_count && !w->failed; n++) {
		const struct mb_page *p = &plan->pages[n - 1];
		HPDF_Page page;

		w->doing = "adding a page";
		page = HPDF_AddPage(w->pdf);
		if (!page)
			break;
		HPDF_Page_SetWidth(page, (HPDF_REAL)plan->page_w_pt);
		HPDF_Page_SetHeight(page, (HPDF_REAL)plan->page_h_pt);
		w->doing = "drawing a page";
		switch (p->kind) {
		case MB_PAGE_TITLE: title_page(w, page, n); break;
		case MB_PAGE_ABOUT: about_page(w, page, n); break;
		case MB_PAGE_MAZE: maze_page(w, page, n, p); break;
		case MB_PAGE_SOLUTIONS: solutions_page(w, page, n, p); break;
		case MB_PAGE_BLANK: break;
		}
		compress_content(w, page);
	}
	return w->failed ? harfail(w) : MB_OK;
}

/* Save the document to memory, then to path; remove path on any failure. */
static enum mb_status save(struct writer *w, const char *path)
{
	HPDF_UINT32 size, got;
	HPDF_STATUS ret;
	HPDF_BYTE *buf;
	FILE *f;
	int e = 0;

	w->doing = "building the PDF";
	if (HPDF_SaveToStream(w->pdf) != HPDF_OK || w->failed)
		return harfail(w);
	size = HPDF_GetStreamSize(w->pdf);
	buf = xmalloc(size ? size : 1);
	got = size;
	HPDF_ResetStream(w->pdf);
	ret = HPDF_ReadFromStream(w->pdf, buf, &got);
	if ((ret != HPDF_OK && ret != HPDF_STREAM_EOF) || got != size || w->failed) {
		free(buf);
		return w->failed ? harfail(w)
				 : mb_error_set(w->err, MB_ERR_INTERNAL,
						"libharu gave %u of %u bytes", (unsigned)got,
						(unsigned)size);
	}
	f = fopen(path, "wb");
	if (!f) {
		free(buf);
		return mb_error_set(w->err, MB_ERR_IO, "cannot write '%s': %s", path,
				    strerror(errno));
	}
	if (fwrite(buf, 1, size, f) != size)
		e = errno ? errno : EIO;
	if (fclose(f) != 0 && !e)
		e = errno ? errno : EIO;
	free(buf);
	if (e) {
		remove(path);
		return mb_error_set(w->err, MB_ERR_IO, "cannot write '%s': %s", path,
				    strerror(e));
	}
	return MB_OK;
}

enum mb_status mb_interior_write(const struct mb_book_spec *spec, const struct mb_book *book,
				 const struct mb_page_plan *plan, const char *path,
				 struct mb_error *err)
{
	struct writer w = { .spec = spec, .book = book, .plan = plan, .err = err,
			    .doing = "starting" };
	enum mb_status st;
	size_t most = 1;

	if (book->count != (size_t)plan->maze_count)
		BUG("book has %zu mazes, plan %d", book->count, plan->maze_count);
	w.labels = mb_labels_lookup(spec->language, err);
	if (!w.labels)
		return MB_ERR_INPUT;
	for (size_t i = 0; i < book->count; i++) {
		size_t cells = (size_t)book->mazes[i].maze->w * (size_t)book->mazes[i].maze->h;
		if (cells > most)
			most = cells;
	}
	w.route = xmallocarray(most, sizeof(*w.route));
	w.walls = xcalloc(book->count ? book->count : 1, sizeof(*w.walls));
	w.pdf = HPDF_New(on_error, &w);
	if (!w.pdf) {
		free(w.route);
		free(w.walls);
		return mb_error_set(err, MB_ERR_INTERNAL, "libharu could not start a document");
	}
	/* the fonts; page content is compressed by compress_content */
	HPDF_SetCompressionMode(w.pdf, HPDF_COMP_METADATA);
	set_date(&w);
	st = load_fonts(&w, true);
	if (st == MB_OK)
		st = draw_pages(&w);
	if (st == MB_OK)
		st = save(&w, path);
	HPDF_Free(w.pdf);
	if (w.zs_ready)
		deflateEnd(&w.zs);
	free(w.packed.p);
	free(w.route);
	for (size_t i = 0; i < book->count; i++)
		free(w.walls[i].p);
	free(w.walls);
	return st;
}

/* characters in UTF-8 text (continuation bytes not counted) */
static size_t utf8_length(const char *s, size_t n)
{
	size_t chars = 0;

	for (size_t i = 0; i < n; i++)
		chars += ((unsigned char)s[i] & 0xc0) != 0x80;
	return chars;
}

/* the widest space-separated word of text at the page's font: too wide for width? */
static enum mb_status check_words(struct writer *w, HPDF_Page page, const char *field,
				  const char *what, const char *text, double size, double width)
{
	const char *p = text;

	while (p && *p) {
		size_t len = strcspn(p, " ");
		char *word = xasprintf("%.*s", (int)len, p);
		double ww = text_width(page, word);

		if (ww > width) {
			size_t chars = utf8_length(word, len);
			enum mb_status st = mb_error_set_field(
				w->err, MB_ERR_INPUT, field,
				"%s has a word too long for the line it is printed on: '%.40s%s' "
				"(%zu characters) is %.0f pt wide at %.0f pt, the line %.0f pt; a word "
				"there may have about %zu such characters: put spaces in it or shorten it",
				what, word, chars > 40 ? "..." : "", chars, ww, size, width,
				(size_t)((double)chars * width / ww));

			free(word);
			return st;
		}
		free(word);
		p += len;
		p += strspn(p, " ");
	}
	return MB_OK;
}

enum mb_status mb_interior_check_words(const struct mb_book_spec *spec,
				       const struct mb_page_plan *plan, struct mb_error *err)
{
	struct writer w = { .spec = spec, .plan = plan, .err = err, .doing = "measuring text" };
	struct mb_rect_pt live;
	enum mb_status st;
	char *copyright, *imprint;
	HPDF_Page page;
	int about = 0;

	for (int n = 1; n <= plan->page_count && !about; n++)
		if (plan->pages[n - 1].kind == MB_PAGE_ABOUT)
			about = n;
	if (!about)
		return MB_OK;
	w.labels = mb_labels_lookup(spec->language, err);
	if (!w.labels)
		return MB_ERR_INPUT;
	w.pdf = HPDF_New(on_error, &w);
	if (!w.pdf)
		return mb_error_set(err, MB_ERR_INTERNAL, "libharu could not start a document");
	st = load_fonts(&w, false);	/* the words are set in the regular face */
	page = st ? NULL : HPDF_AddPage(w.pdf);
	if (!st && (!page || w.failed))
		st = harfail(&w);
	if (st) {
		HPDF_Free(w.pdf);
		return st;
	}
	/* the about page sets the title and the copyright line at 10 pt (about_page) */
	mb_layout_live_area(plan, about, &live);
	set_font(page, w.regular, 10);
	copyright = spec->copyright ? NULL : copyright_line(spec, w.labels);
	imprint = imprint_line(spec, w.labels);
	st = check_words(&w, page, "title", "the title", spec->title, 10, live.w);
	if (!st && spec->copyright)
		st = check_words(&w, page, "copyright", "the copyright", spec->copyright, 10, live.w);
	if (!st && copyright)
		st = check_words(&w, page, "author", "the author (in the copyright line)", copyright,
				 10, live.w);
	if (!st && imprint)
		st = check_words(&w, page, "imprint", "the imprint", imprint, 10, live.w);
	free(copyright);
	free(imprint);
	HPDF_Free(w.pdf);
	return st;
}
