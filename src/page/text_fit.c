/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Fitting text; see include/mazebook/page/text_fit.h. The greedy line breaker
 * and the shrink loop are the ones the interior writer used with libharu,
 * moved here unchanged so the pages keep their lines.
 */
#include "config.h"
#include "mazebook/page/text_fit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"
#include "mazebook/kdp/kdp.h"

double mb_text_fit_width(const struct mb_text_metrics *tm, enum mb_face face, double size,
			 const char *text)
{
	return mb_text_width(tm, face, size, text, strlen(text));
}

int mb_text_wrap(const struct mb_text_metrics *tm, enum mb_face face, double size,
		 const char *text, double width, double *widest,
		 void (*emit)(const char *line, int i, void *data), void *data)
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
		if (widest) {
			double ww = mb_text_fit_width(tm, face, size, word);

			if (ww > *widest)
				*widest = ww;
		}
		if (line[0]) {
			snprintf(trial, n + 2, "%s %s", line, word);
			if (mb_text_fit_width(tm, face, size, trial) <= width) {
				strcpy(line, trial);
				continue;
			}
			if (emit)
				emit(line, lines, data);
			lines++;
		}
		strcpy(line, word);
	}
	if (line[0]) {
		if (emit)
			emit(line, lines, data);
		lines++;
	}
	free(line);
	free(word);
	free(trial);
	return lines;
}

double mb_text_fit_size(const struct mb_text_metrics *tm, enum mb_face face, double size,
			double min, double width, int max_lines, const char *text)
{
	double widest = 0;

	for (; size > min; size -= 1) {
		int lines = mb_text_wrap(tm, face, size, text, width, &widest, NULL, NULL);

		if (lines <= max_lines && widest <= width)
			return size;
	}
	mb_text_wrap(tm, face, min, text, width, &widest, NULL, NULL);
	if (widest > width)
		return fmax(mb_kdp.min_font_pt, min * width / widest);
	return min;
}

void mb_text_line(struct mb_draw_list *l, const struct mb_text_metrics *tm, enum mb_face face,
		  double size, uint32_t rgb, double x, double baseline, enum mb_align align,
		  const char *text)
{
	struct mb_text_run run = { .face = face, .size = size, .rgb = rgb, .text = text };

	if (align != MB_ALIGN_LEFT) {
		double tw = mb_text_fit_width(tm, face, size, text);

		x -= align == MB_ALIGN_CENTRE ? tw / 2 : tw;
	}
	run.x = x;
	run.y = baseline;
	mb_draw_text(l, &run);
}

struct para {
	struct mb_draw_list *l;
	const struct mb_text_metrics *tm;
	enum mb_face face;
	double size, leading, x, baseline;
	uint32_t rgb;
	enum mb_align align;
};

static void emit_line(const char *line, int i, void *data)
{
	const struct para *p = data;

	mb_text_line(p->l, p->tm, p->face, p->size, p->rgb, p->x, p->baseline + i * p->leading,
		     p->align, line);
}

int mb_text_paragraph(struct mb_draw_list *l, const struct mb_text_metrics *tm,
		      enum mb_face face, double size, double leading, uint32_t rgb, double x,
		      double baseline, double width, enum mb_align align, const char *text)
{
	struct para p = { l, tm, face, size, leading, x, baseline, rgb, align };

	return mb_text_wrap(tm, face, size, text, width, NULL, emit_line, &p);
}
