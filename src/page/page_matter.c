/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The pages around the mazes, composed as drawing lists. Layout rectangles
 * (mazebook/book/layout.h) have y up from the page's bottom; drawing lists have
 * y down from its top, so every place is turned over once, in top_of().
 * Text is wrapped and shrunk to fit by text_fit.h with the renderer's widths:
 * the same words come out at the same places whichever renderer replays
 * the list. Writing lines (a name, a date) are plain 1 pt strokes, and the
 * certificate's frame is two rectangles, so none of it reads as a maze.
 */
#include "config.h"

#include "mazebook/page/page_matter.h"

#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/error.h"
#include "mazebook/base/xalloc.h"
#include "mazebook/book/isbn.h"
#include "mazebook/book/labels.h"
#include "mazebook/kdp/kdp.h"
#include "mazebook/page/text_fit.h"

#define INK 0x000000
#define WRITE_LINE_PT 1.0	/* a line to write on */
#define LEADER_PT 1.0		/* the contents' dotted leaders */

enum align { LEFT, CENTRE, RIGHT };

/* What the text helpers need: the list, the fonts' metrics. */
struct setter {
	const struct mb_page_context *ctx;
	struct mb_draw_list *out;
};

/*
 * Each helper below measures and sets text as the book's language sets it
 * (mb_labels_typeset: French spaces before : ; ? !), the same as the cover.
 */
static double width_of(const struct setter *s, enum mb_face face, double size, const char *text)
{
	char *t = mb_labels_typeset(s->ctx->labels, text);
	double w = mb_text_fit_width(s->ctx->metrics, face, size, t);

	free(t);
	return w;
}

static void extents(const struct setter *s, enum mb_face face, double *ascent, double *descent)
{
	double cap;

	s->ctx->metrics->extents(s->ctx->metrics->ctx, face, ascent, descent, &cap);
}

static const enum mb_align aligns[] = { MB_ALIGN_LEFT, MB_ALIGN_CENTRE, MB_ALIGN_RIGHT };

/* One run of text, its baseline at y (down from the page's top). */
static void run(const struct setter *s, enum mb_face face, double size, double x, double y,
		enum align align, const char *text)
{
	char *t = mb_labels_typeset(s->ctx->labels, text);

	mb_text_line(s->out, s->ctx->metrics, face, size, INK, x, y, aligns[align], t);
	free(t);
}

/* The size text fits at: mb_text_fit_size (whole points down to min, then KDP's least). */
static double fit(const struct setter *s, enum mb_face face, double size, double min,
		  double width, int max_lines, const char *text)
{
	char *t = mb_labels_typeset(s->ctx->labels, text);
	double fitted = mb_text_fit_size(s->ctx->metrics, face, size, min, width, max_lines, t);

	free(t);
	return fitted;
}

/*
 * Set text as a paragraph in width whose first line's ascent touches top
 * (y down); x is the left edge, the centre or the right edge per align.
 * Returns the y of the last line's descent.
 */
static double para(const struct setter *s, enum mb_face face, double size, double leading,
		   double x, double top, double width, enum align align, const char *text)
{
	double ascent, descent, baseline;
	char *t = mb_labels_typeset(s->ctx->labels, text);
	int count;

	extents(s, face, &ascent, &descent);
	baseline = top + size * ascent;
	count = mb_text_paragraph(s->out, s->ctx->metrics, face, size, leading, INK, x, baseline,
				  width, aligns[align], t);
	free(t);
	return baseline + (count > 0 ? count - 1 : 0) * leading + size * descent;
}

/* The height para() takes for text. */
static double para_height(const struct setter *s, enum mb_face face, double size,
			  double leading, double width, const char *text)
{
	double ascent, descent;
	char *t = mb_labels_typeset(s->ctx->labels, text);
	int count = mb_text_wrap(s->ctx->metrics, face, size, t, width, NULL, NULL, NULL);

	free(t);

	extents(s, face, &ascent, &descent);
	return size * (ascent + descent) + (count > 0 ? count - 1 : 0) * leading;
}

/* A horizontal stroke from x0 to x1 at y (down). */
static void hline(const struct setter *s, double x0, double x1, double y, double width,
		  const double *dash, int ndash)
{
	struct mb_pen pen = { 0 };

	pen.width = fmax(width, mb_kdp.min_line_pt);
	pen.rgb = INK;
	pen.cap = MB_CAP_BUTT;
	pen.join = MB_JOIN_MITER;
	pen.ndash = ndash;
	for (int i = 0; i < ndash && i < MB_DASH_MAX; i++)
		pen.dash[i] = dash[i];
	mb_draw_move(s->out, x0, y);
	mb_draw_line(s->out, x1, y);
	mb_draw_stroke(s->out, &pen);
}

/* The live area of page n, y down: left, top, width, height. */
struct box {
	double x, top, w, h;
};

static struct box top_of(const struct mb_page_context *ctx, int n)
{
	struct mb_rect_pt live;
	struct box b;

	mb_layout_live_area(ctx->plan, n, &live);
	b.x = live.x;
	b.w = live.w;
	b.h = live.h;
	b.top = ctx->plan->page_h_pt - (live.y + live.h);
	return b;
}

/* The page number, where the maze pages have it. */
static void folio(const struct setter *s, int n)
{
	char num[16];
	double x, y;

	mb_layout_folio(s->ctx->plan, n, &x, &y);
	snprintf(num, sizeof(num), "%d", n);
	run(s, MB_FACE_REGULAR, MB_LAYOUT_FOLIO_PT, x, s->ctx->plan->page_h_pt - y, CENTRE, num);
}

static const struct mb_page *start(const struct mb_page_context *ctx, int n,
				   enum mb_page_kind kind, struct mb_draw_list *out)
{
	const struct mb_page *p;

	if (n < 1 || n > ctx->plan->page_count)
		BUG("page %d of a %d-page plan", n, ctx->plan->page_count);
	p = &ctx->plan->pages[n - 1];
	if (p->kind != kind)
		BUG("page %d is of kind %d, not %d", n, (int)p->kind, (int)kind);
	mb_draw_clear(out, ctx->plan->page_w_pt, ctx->plan->page_h_pt);
	return p;
}

bool mb_page_has_ramp(const struct mb_book_spec *spec)
{
	if (spec->order_ramp)
		return true;
	for (int i = 0; i < spec->section_count; i++)
		if (spec->sections[i].ramp_from)
			return true;
	return false;
}

bool mb_page_has_centre_goal(const struct mb_book_spec *spec)
{
	if (spec->exit_side && strcmp(spec->exit_side, "centre"))
		return false;
	if (spec->grid_kind == MB_GRID_POLAR && !spec->section_count)
		return true;
	for (int i = 0; i < spec->section_count; i++)
		if (spec->sections[i].grid_kind == MB_GRID_POLAR)
			return true;
	return false;
}

/* A line of the copyright page: 10 pt, as mb_interior_check_words measures it. */
#define SMALL_PT 10.0
#define SMALL_LEADING 14.0
#define SMALL_GAP 4.0

/* does text hold word, ignoring ASCII case and a final full stop? */
static bool contains_folded(const char *text, const char *word)
{
	size_t n = strlen(word);

	if (n > 0 && word[n - 1] == '.')
		n--;
	for (const char *t = text; n > 0 && *t; t++) {
		size_t i = 0;

		while (i < n && t[i] && tolower((unsigned char)t[i]) == tolower((unsigned char)word[i]))
			i++;
		if (i == n)
			return true;
	}
	return false;
}

void mb_page_copyright(const struct mb_page_context *ctx, int n, struct mb_draw_list *out)
{
	const struct mb_book_spec *spec = ctx->spec;
	const struct mb_labels *l = ctx->labels;
	struct setter s = { ctx, out };
	struct box b;
	char *lines[8];
	int count = 0;
	double height = 0, y;

	start(ctx, n, MB_PAGE_COPYRIGHT, out);
	b = top_of(ctx, n);
	lines[count++] = xstrdup(spec->title);
	lines[count++] = mb_page_copyright_line(spec, l);
	/* a spec's own line often says it already ("... All rights reserved.") */
	if (!contains_folded(lines[count - 1], l->rights))
		lines[count++] = xstrdup(l->rights);
	if (spec->imprint)
		lines[count++] = mb_page_imprint_line(spec, l);
	if (spec->isbn[0]) {
		char isbn[MB_ISBN_PRINT_SIZE];
		bool assigned;

		/* hyphenated by the Agency's ranges; bare digits in a range they do not assign */
		if (mb_isbn_hyphenate(spec->isbn, isbn, &assigned))
			BUG("the spec's ISBN '%s' is not an ISBN", spec->isbn);
		lines[count++] = xasprintf("%s %s", l->isbn, isbn);
	}
	/* the seed lets anyone with this tool rebuild the book: only when asked */
	if (spec->print_seed) {
		lines[count++] = xasprintf("%s%s%" PRIu64, l->seed, l->colon, spec->seed);
		lines[count++] = xstrdup(l->rebuild);
	}
	/* set at the foot of the page, as books set it */
	for (int i = 0; i < count; i++)
		height += para_height(&s, MB_FACE_REGULAR, SMALL_PT, SMALL_LEADING, b.w, lines[i]) +
			  (i ? SMALL_GAP : 0);
	y = b.top + b.h - height;
	for (int i = 0; i < count; i++) {
		y = para(&s, MB_FACE_REGULAR, SMALL_PT, SMALL_LEADING, b.x, y + (i ? SMALL_GAP : 0),
			 b.w, LEFT, lines[i]);
		free(lines[i]);
	}
}

void mb_page_belongs_to(const struct mb_page_context *ctx, int n, struct mb_draw_list *out)
{
	const struct mb_labels *l = ctx->labels;
	struct setter s = { ctx, out };
	struct box b;
	double size, y, ascent, descent, label_w, x0;

	start(ctx, n, MB_PAGE_BELONGS_TO, out);
	b = top_of(ctx, n);
	size = fit(&s, MB_FACE_BOLD, 32, 16, b.w, 2, l->belongs_to);
	y = para(&s, MB_FACE_BOLD, size, size * 1.25, b.x + b.w / 2, b.top + b.h * 0.3, b.w, CENTRE,
		 l->belongs_to);
	/* a long line for the name, a short one for the age */
	extents(&s, MB_FACE_REGULAR, &ascent, &descent);
	y += 72;
	label_w = fmax(width_of(&s, MB_FACE_REGULAR, 14, l->name),
		       width_of(&s, MB_FACE_REGULAR, 14, l->age));
	x0 = b.x + b.w * 0.1;
	run(&s, MB_FACE_REGULAR, 14, x0, y, LEFT, l->name);
	hline(&s, x0 + label_w + 8, b.x + b.w * 0.9, y + 2, WRITE_LINE_PT, NULL, 0);
	y += 54;
	run(&s, MB_FACE_REGULAR, 14, x0, y, LEFT, l->age);
	hline(&s, x0 + label_w + 8, x0 + label_w + 8 + fmin(120, b.w * 0.3), y + 2, WRITE_LINE_PT,
	      NULL, 0);
}

/* The levels of the book, in this language: "easy" or "easy, medium, hard". */
static char *levels_of(const struct mb_page_context *ctx)
{
	const struct mb_book_spec *spec = ctx->spec;
	const char *seen[MB_SPEC_MAX_SECTIONS + 1];
	int count = 0;
	char *out = xstrdup("");

	for (int i = 0; i < (spec->section_count ? spec->section_count : 1); i++) {
		const char *level = spec->section_count && spec->sections[i].level
					    ? spec->sections[i].level
					    : spec->level ? spec->level->name : NULL;
		const char *name;
		bool dup = false;
		char *next;

		if (!level)
			continue;
		name = mb_labels_level_name(ctx->labels, level);
		for (int k = 0; k < count; k++)
			dup = dup || !strcmp(seen[k], name);
		if (dup)
			continue;
		seen[count++] = name;
		next = xasprintf("%s%s%s", out, *out ? ", " : "", name);
		free(out);
		out = next;
	}
	return out;
}

void mb_page_how_to_play(const struct mb_page_context *ctx, int n, struct mb_draw_list *out)
{
	const struct mb_labels *l = ctx->labels;
	struct setter s = { ctx, out };
	struct box b;
	char *levels, line[512];
	double y;

	start(ctx, n, MB_PAGE_HOW_TO_PLAY, out);
	b = top_of(ctx, n);
	y = para(&s, MB_FACE_BOLD, 22, 28, b.x, b.top, b.w, LEFT, l->how_to_play_title);
	y = para(&s, MB_FACE_REGULAR, 13, 19, b.x, y + 14, b.w, LEFT, l->how_to_play);
	if (mb_page_has_ramp(ctx->spec))
		y = para(&s, MB_FACE_REGULAR, 13, 19, b.x, y + 10, b.w, LEFT, l->ramp);
	if (mb_page_has_centre_goal(ctx->spec))
		y = para(&s, MB_FACE_REGULAR, 13, 19, b.x, y + 10, b.w, LEFT, l->centre_goal);
	if (ctx->book && ctx->book->plan.section_count) {
		/* the plan's words, as the cover says them: "easy", or "easy\u2013expert" */
		char range[128];

		levels = xstrdup(mb_plan_level_words(&ctx->book->plan, l, range, sizeof(range)));
	} else {
		levels = levels_of(ctx);	/* a hand-made book without a plan */
	}
	snprintf(line, sizeof(line), "%s%s%s", l->level, l->colon, levels);
	free(levels);
	y = para(&s, MB_FACE_REGULAR, 12, 16, b.x, y + 28, b.w, LEFT, line);
	snprintf(line, sizeof(line), "%s%s%d", l->mazes, l->colon, ctx->plan->maze_count);
	para(&s, MB_FACE_REGULAR, 12, 16, b.x, y + 6, b.w, LEFT, line);
}

/*
 * One row of the contents: the entry at the left (shrunk to one line in
 * what the page number leaves), the page at the right, a dotted leader
 * between. Returns the next row's top.
 */
static double contents_row(const struct setter *s, const struct box *b, double top,
			   double size, const char *entry, int page)
{
	static const double dots[2] = { 1, 3 };
	double ascent, descent, num_w, room, esize, ew, base;
	char num[16];

	snprintf(num, sizeof(num), "%d", page);
	num_w = width_of(s, MB_FACE_REGULAR, size, num);
	room = b->w - num_w - 24;
	esize = fit(s, MB_FACE_REGULAR, size, 9, room, 1, entry);
	extents(s, MB_FACE_REGULAR, &ascent, &descent);
	base = top + size * ascent;
	run(s, MB_FACE_REGULAR, esize, b->x, base, LEFT, entry);
	run(s, MB_FACE_REGULAR, size, b->x + b->w, base, RIGHT, num);
	ew = fmin(width_of(s, MB_FACE_REGULAR, esize, entry), room);
	if (b->x + ew + 6 < b->x + b->w - num_w - 6)
		hline(s, b->x + ew + 6, b->x + b->w - num_w - 6, base, LEADER_PT, dots, 2);
	return top + size * 1.9;
}

void mb_page_contents(const struct mb_page_context *ctx, int n, struct mb_draw_list *out)
{
	const struct mb_book_spec *spec = ctx->spec;
	const struct mb_page_plan *plan = ctx->plan;
	const struct mb_labels *l = ctx->labels;
	struct setter s = { ctx, out };
	struct box b;
	double y, size;
	int rows;

	start(ctx, n, MB_PAGE_CONTENTS, out);
	b = top_of(ctx, n);
	y = para(&s, MB_FACE_BOLD, 26, 32, b.x + b.w / 2, b.top, b.w, CENTRE, l->contents) + 30;
	rows = (plan->section_count ? plan->section_count : 1) + 1 + (plan->certificate_page > 0);
	/* up to 16 sections and the back matter fit a 5 x 8 page */
	size = fmin(14, fmax(9, (b.top + b.h - y) / (rows * 1.9)));
	if (plan->section_count) {
		for (int i = 0; i < plan->section_count; i++) {
			const char *title = spec->sections[i].title;
			char fallback[64];

			if (!title || !*title) {
				snprintf(fallback, sizeof(fallback), "%s %d",
					 l->mazes, plan->section_first[i] + 1);
				title = fallback;
			}
			y = contents_row(&s, &b, y, size, title, plan->section_page[i]);
		}
	} else {
		y = contents_row(&s, &b, y, size, l->mazes, plan->maze_page[0]);
	}
	y = contents_row(&s, &b, y, size, l->solutions, plan->solutions_page);
	if (plan->certificate_page)
		contents_row(&s, &b, y, size, l->certificate_title, plan->certificate_page);
}

void mb_page_section(const struct mb_page_context *ctx, int n, struct mb_draw_list *out)
{
	const struct mb_book_spec *spec = ctx->spec;
	const struct mb_labels *l = ctx->labels;
	const struct mb_page *p = start(ctx, n, MB_PAGE_SECTION, out);
	const struct mb_section_spec *sec;
	struct setter s = { ctx, out };
	const char *level;
	char line[512], count[64], *title;
	struct box b;
	double size, y;

	if (p->first < 0 || p->first >= spec->section_count)
		BUG("section page %d names section %d of %d", n, p->first, spec->section_count);
	sec = &spec->sections[p->first];
	b = top_of(ctx, n);
	title = sec->title && *sec->title ? xstrdup(sec->title)
					  : xasprintf("%s %d", l->mazes, p->first + 1);
	size = fit(&s, MB_FACE_BOLD, 36, 16, b.w, 3, title);
	y = para(&s, MB_FACE_BOLD, size, size * 1.2, b.x + b.w / 2, b.top + b.h * 0.32, b.w, CENTRE,
		 title);
	free(title);
	level = sec->level ? sec->level : spec->level ? spec->level->name : NULL;
	if (sec->ramp_from && sec->ramp_to) {
		/* a ramp section grows from one level to another: "medium\u2013hard" */
		snprintf(line, sizeof(line), "%s%s%s\xe2\x80\x93%s", l->level, l->colon,
			 mb_labels_level_name(l, sec->ramp_from), mb_labels_level_name(l, sec->ramp_to));
		y = para(&s, MB_FACE_REGULAR, 18, 24, b.x + b.w / 2, y + 22, b.w, CENTRE, line);
	} else if (level) {
		snprintf(line, sizeof(line), "%s%s%s", l->level, l->colon,
			 mb_labels_level_name(l, level));
		y = para(&s, MB_FACE_REGULAR, 18, 24, b.x + b.w / 2, y + 22, b.w, CENTRE, line);
	}
	mb_labels_format(l->section_mazes, p->count, 0, count, sizeof(count));
	if (sec->description && *sec->description) {
		size = fit(&s, MB_FACE_REGULAR, 14, 10, b.w, 3, sec->description);
		y = para(&s, MB_FACE_REGULAR, size, size * 1.35, b.x + b.w / 2, y + 14, b.w,
			 CENTRE, sec->description);
	}
	para(&s, MB_FACE_REGULAR, 14, 19, b.x + b.w / 2, y + 14, b.w, CENTRE, count);
	folio(&s, n);
}

/* a label and a line to write on after it, from x0 to x1, its baseline at y */
static void foot_line(const struct setter *s, double x0, double x1, double y, double label_w,
		      const char *label)
{
	run(s, MB_FACE_REGULAR, 12, x0, y, LEFT, label);
	if (x0 + label_w + 6 < x1)
		hline(s, x0 + label_w + 6, x1, y + 2, WRITE_LINE_PT, NULL, 0);
}

void mb_page_certificate(const struct mb_page_context *ctx, int n, struct mb_draw_list *out)
{
	const struct mb_labels *l = ctx->labels;
	struct setter s = { ctx, out };
	struct mb_pen frame = { 0 };
	char text[256];
	struct box b;
	double size, y, x0, x1, label_w;

	start(ctx, n, MB_PAGE_CERTIFICATE, out);
	b = top_of(ctx, n);
	/* a double frame just inside the live area */
	frame.width = 3;
	frame.rgb = INK;
	frame.join = MB_JOIN_MITER;
	mb_draw_rect(out, b.x + 1.5, b.top + 1.5, b.w - 3, b.h - 3);
	mb_draw_stroke(out, &frame);
	frame.width = 1;
	mb_draw_rect(out, b.x + 8, b.top + 8, b.w - 16, b.h - 16);
	mb_draw_stroke(out, &frame);
	b.x += 24;
	b.w -= 48;
	b.top += 24;
	b.h -= 48;

	size = fit(&s, MB_FACE_BOLD, 34, 16, b.w, 1, l->certificate_title);
	y = para(&s, MB_FACE_BOLD, size, size * 1.2, b.x + b.w / 2, b.top + b.h * 0.12, b.w, CENTRE,
		 l->certificate_title);
	y = para(&s, MB_FACE_REGULAR, 15, 20, b.x + b.w / 2, y + 36, b.w, CENTRE,
		 l->certificate_awarded);
	/* the line to write the name on */
	y += 56;
	hline(&s, b.x + b.w * 0.1, b.x + b.w * 0.9, y, WRITE_LINE_PT, NULL, 0);
	mb_labels_format(l->certificate_text, ctx->plan->maze_count, 0, text, sizeof(text));
	y = para(&s, MB_FACE_REGULAR, 15, 20, b.x + b.w / 2, y + 24, b.w, CENTRE, text);
	size = fit(&s, MB_FACE_BOLD, 20, 11, b.w, 3, ctx->spec->title);
	para(&s, MB_FACE_BOLD, size, size * 1.25, b.x + b.w / 2, y + 12, b.w, CENTRE,
	     ctx->spec->title);
	/* date and signature at the foot: side by side, or one above the other on a narrow page */
	y = b.top + b.h - 12;
	label_w = fmax(width_of(&s, MB_FACE_REGULAR, 12, l->date),
		       width_of(&s, MB_FACE_REGULAR, 12, l->signed_by));
	if (b.w / 2 - 12 - label_w - 6 >= 72) {
		x0 = b.x + b.w / 2 + 12;
		x1 = b.x + b.w;
		foot_line(&s, b.x, b.x + b.w / 2 - 12, y, label_w, l->date);
		foot_line(&s, x0, x1, y, label_w, l->signed_by);
	} else {
		foot_line(&s, b.x, b.x + b.w, y - 30, label_w, l->date);
		foot_line(&s, b.x, b.x + b.w, y, label_w, l->signed_by);
	}
}
