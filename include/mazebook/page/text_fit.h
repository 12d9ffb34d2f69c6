/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Fitting text in the core: breaking it into lines at spaces, shrinking
 * it until it fits, setting it as runs of a drawing list. Widths come from
 * the renderer's font backend (struct mb_text_metrics), so the lines are
 * the same whichever renderer draws them.
 *
 * Coordinates are those of the drawing list: points, y down. A baseline
 * is given as the y of the line's baseline.
 */
#ifndef MAZEBOOK_TEXT_FIT_H
#define MAZEBOOK_TEXT_FIT_H

#include <stdint.h>

#include "mazebook/page/draw.h"

enum mb_align { MB_ALIGN_LEFT, MB_ALIGN_CENTRE, MB_ALIGN_RIGHT };

/* The width of the NUL-terminated text in face at size. */
double mb_text_fit_width(const struct mb_text_metrics *tm, enum mb_face face, double size,
			 const char *text);

/*
 * Break text into lines no wider than width at spaces (runs of spaces are
 * one break; a word wider than width gets a line of its own) and call emit
 * for each, numbered from 0, unless emit is NULL. Returns the number of
 * lines; *widest (when not NULL) gets the widest word's width, so callers
 * can shrink the type until every word fits.
 */
int mb_text_wrap(const struct mb_text_metrics *tm, enum mb_face face, double size,
		 const char *text, double width, double *widest,
		 void (*emit)(const char *line, int i, void *data), void *data);

/*
 * The largest size <= size, going down in whole points but not under
 * min, at which text wraps to at most max_lines lines no wider than width.
 * When even min leaves a word wider than width, the size that word fits
 * at, but never under KDP's least type size (mb_kdp.min_font_pt).
 */
double mb_text_fit_size(const struct mb_text_metrics *tm, enum mb_face face, double size,
			double min, double width, int max_lines, const char *text);

/*
 * One line as a text run with its baseline at y; x is its left edge,
 * centre or right edge by align.
 */
void mb_text_line(struct mb_draw_list *l, const struct mb_text_metrics *tm, enum mb_face face,
		  double size, uint32_t rgb, double x, double baseline, enum mb_align align,
		  const char *text);

/*
 * Text set as a paragraph of lines leading apart, wrapped to width, the
 * first line's baseline at baseline; x as in mb_text_line. Returns the
 * number of lines.
 */
int mb_text_paragraph(struct mb_draw_list *l, const struct mb_text_metrics *tm,
		      enum mb_face face, double size, double leading, uint32_t rgb, double x,
		      double baseline, double width, enum mb_align align, const char *text);

#endif
