/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The cover's words and their fitting (see cover_internal.h): text is
 * wrapped at spaces and line breaks with the renderer's widths and set
 * line by line; a centred text is balanced (its lines of even length:
 * "Amazing Mazes / for Kids", not "Amazing Mazes for / Kids"); a text that
 * cannot fit at 7 pt fails naming its spec key. And the checks a reader
 * would make of the words on a composed cover: contrast, and the title's
 * capitals where Amazon shows the cover small.
 */
#include "config.h"
#include "mazebook/page/cover_compose.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"
#include "mazebook/book/colour.h"
#include "mazebook/book/labels.h"
#include "mazebook/book/layout.h"
#include "mazebook/book/plan.h"
#include "mazebook/maze/measure.h"
#include "mazebook/page/cover_image.h"
#include "mazebook/page/maze_draw.h"
#include "cover_internal.h"

#define MAX_LINES 400

double cover_line_h(const struct plan *p, enum mb_face f, double size)
{
	return (p->asc[f] + p->desc[f]) * size;
}

double cover_width_of(const struct plan *p, enum mb_face f, double size, const char *s,
		       size_t len)
{
	return mb_text_width(p->in->tm, f, size, s, len);
}

void cover_text_release(struct text *t)
{
	for (int i = 0; i < t->n; i++)
		free(t->lines[i]);
	free(t->lines);
	free(t->lw);
	memset(t, 0, sizeof(*t));
}

static char *dup_n(const char *s, size_t len)
{
	char *d = xmalloc(len + 1);

	memcpy(d, s, len);
	d[len] = '\0';
	return d;
}

static void push_line(struct text *t, const char *s, size_t len, double w)
{
	if (t->n % 16 == 0) {
		t->lines = xreallocarray(t->lines, (size_t)t->n + 16, sizeof(*t->lines));
		t->lw = xreallocarray(t->lw, (size_t)t->n + 16, sizeof(*t->lw));
	}
	t->lines[t->n] = dup_n(s, len);
	t->lw[t->n] = w;
	t->n++;
	if (w > t->width)
		t->width = w;
}

/*
 * Break s into lines no wider than wrap (0: only at '\n'), at spaces; a
 * word wider than wrap stays whole on its own line (the fit then fails on
 * its width). The spaces at a break are dropped.
 */
static void set_text(const struct plan *p, struct text *t, const char *text, enum mb_face face,
		     double size, double wrap)
{
	/* as the interior sets it: French spaces before : ; ? ! (mb_labels_typeset) */
	char *s = mb_labels_typeset(p->lb, text);

	cover_text_release(t);
	t->face = face;
	t->size = size;
	for (const char *para = s;;) {
		const char *end = strchr(para, '\n');
		const char *stop = end ? end : para + strlen(para);
		const char *line = para;

		while (1) {
			const char *brk = NULL, *q = line;
			double w = 0;

			/* the longest run of words from line that fits */
			while (q < stop) {
				const char *sp = q;
				double ww;

				while (sp < stop && *sp != ' ')
					sp++;
				ww = cover_width_of(p, face, size, line, (size_t)(sp - line));
				if (wrap > 0 && ww > wrap + 0.01 && brk)
					break;
				brk = sp;
				w = ww;
				if (wrap > 0 && ww > wrap + 0.01)
					break;
				q = sp;
				while (q < stop && *q == ' ')
					q++;
			}
			if (!brk) {
				brk = stop;
				w = cover_width_of(p, face, size, line, (size_t)(stop - line));
			}
			push_line(t, line, (size_t)(brk - line), w);
			line = brk;
			while (line < stop && *line == ' ')
				line++;
			if (line >= stop || t->n >= MAX_LINES)
				break;
		}
		if (!end || t->n >= MAX_LINES)
			break;
		para = end + 1;
	}
	t->height = t->n * cover_line_h(p, face, size);
	free(s);
}

static int hard_lines(const char *s)
{
	int n = 1;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/*
 * The first size from max_pt down to min_pt (half points) whose wrapped
 * text fits w x h; with unwrapped, without breaking any line.
 */
static bool first_fit(const struct plan *p, struct text *t, const char *s, enum mb_face face,
		      double w, double h, double max_pt, double min_pt, bool unwrapped)
{
	int want = hard_lines(s);

	for (double size = max_pt; size >= min_pt - 1e-9; size -= 0.5) {
		set_text(p, t, s, face, size, w);
		if (t->width <= w + 0.01 && t->height <= h + 0.01 && (!unwrapped || t->n == want))
			return true;
	}
	cover_text_release(t);
	return false;
}

/* the narrowest wrap that keeps the line count: lines of even length */
static void balance(const struct plan *p, struct text *t, const char *s, double w)
{
	int lines = t->n;
	double lo = w / (lines + 1), hi = w;

	if (lines < 2)
		return;
	for (int i = 0; i < 14; i++) {
		double mid = (lo + hi) / 2;

		set_text(p, t, s, t->face, t->size, mid);
		if (t->n == lines)
			hi = mid;
		else
			lo = mid;
	}
	set_text(p, t, s, t->face, t->size, hi);
}

/* the spec key behind a field cover_fit() names, for err->field; NULL: none */
static const char *spec_key(const char *field)
{
	static const char *const keys[][2] = {
		{ "cover title", "title" },
		{ "cover subtitle", "subtitle" },
		{ "cover author", "author" },
		{ "cover back text", "cover.back" },
	};

	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (!strcmp(field, keys[i][0]))
			return keys[i][1];
	return NULL;
}

/*
 * Fit text to wrap within w x h points at the largest size, from max_pt
 * down in half points; with one_line_pt > 0, sizes down to that are first
 * tried without wrapping. t->w is w (lines are centred or start in it).
 * When nothing down to 7 pt fits, fail naming the field with the lines
 * needed and the room at 7 pt.
 */
enum mb_status cover_fit(const struct plan *p, const char *field, const char *s,
			  enum mb_face face, enum align align, double w, double h, double max_pt,
			  double one_line_pt, struct text *t, struct mb_error *err)
{
	bool ok = false;
	int room;
	double lh;

	max_pt = floor(fmax(max_pt, MB_COVER_MIN_TEXT_PT) * 2) / 2;
	if (one_line_pt > 0)
		ok = first_fit(p, t, s, face, w, h, max_pt, one_line_pt, true);
	if (!ok)
		ok = first_fit(p, t, s, face, w, h, max_pt, MB_COVER_MIN_TEXT_PT, false);
	if (ok) {
		if (align == CENTER)
			balance(p, t, s, w);
		t->align = align;
		t->w = w;
		return MB_OK;
	}
	set_text(p, t, s, face, MB_COVER_MIN_TEXT_PT, w);
	lh = cover_line_h(p, face, MB_COVER_MIN_TEXT_PT);
	room = (int)floor((h + 0.01) / lh);
	if (err && err->code == MB_OK)
		err->field = spec_key(field);	/* recorded with the message below */
	if (t->width > w + 0.01 && t->n <= room) {
		cover_text_release(t);
		return mb_error_set_at(err, MB_ERR_INPUT, p->spec->path, 0, 0,
				       "%s does not fit: a word is wider than the %.2f in "
				       "it has at 7 pt", field, w / MB_PT_PER_IN);
	}
	{
		int lines = t->n;

		cover_text_release(t);
		return mb_error_set_at(err, MB_ERR_INPUT, p->spec->path, 0, 0,
				       "%s does not fit: %d lines at 7 pt, room for %d", field,
				       lines, room);
	}
}

/* one line, unwrapped, at size */
void cover_one_line(const struct plan *p, struct text *t, const char *s, enum mb_face face,
		     double size)
{
	set_text(p, t, s, face, size, 0);
	t->align = LEFT;
	t->w = t->width;
}

enum mb_status mb_cover_compose_check(const struct mb_cover *c, const struct mb_book_spec *spec,
				      struct mb_error *err)
{
	uint32_t bg = spec->cover.background_rgb, ink = spec->cover.text_rgb;
	double ratio = mb_colour_contrast(bg, ink), worst_pt = 0, cap_px;
	const char *worst = NULL;

	for (size_t i = 0; i < c->text_count; i++) {
		double pt = c->texts[i].size;
		double need = pt >= 18 || (c->texts[i].bold && pt >= 14) ? MB_CONTRAST_LARGE_TEXT
									 : MB_CONTRAST_TEXT;

		if (ratio + 1e-9 < need && (!worst || pt < worst_pt)) {
			worst = c->texts[i].what;
			worst_pt = pt;
		}
	}
	if (worst) {
		uint32_t better = mb_colour_text_on(bg);
		bool large = worst_pt >= 18;

		return mb_error_set_field(
			err, MB_ERR_INPUT, "cover.text",
			"%s is %.1f pt in #%06x on #%06x, a contrast of %.1f:1, and %s needs "
			"%.1f:1 to be read (WCAG 2): choose text \"#%06x\" (%.1f:1) or another "
			"background",
			worst, worst_pt, (unsigned)ink, (unsigned)bg, floor(ratio * 10) / 10,
			large ? "text of 18 pt or more" : "text under 18 pt",
			large ? MB_CONTRAST_LARGE_TEXT : MB_CONTRAST_TEXT, (unsigned)better,
			floor(mb_colour_contrast(bg, better) * 10) / 10);
	}
	cap_px = c->title_cap_pt * MB_COVER_THUMB_W_PX / c->front.w;
	if (cap_px + 1e-9 >= MB_COVER_MIN_THUMB_CAP_PX)
		return MB_OK;
	return mb_error_set_field(
		err, MB_ERR_INPUT, "title",
		"the title fits the cover only at %.1f pt, so its capitals would be %.1f px tall "
		"where Amazon shows the cover %d px wide (at least %g px are needed to read it): "
		"shorten the title or move words into the subtitle",
		c->title_pt, cap_px, MB_COVER_THUMB_W_PX, MB_COVER_MIN_THUMB_CAP_PX);
}
