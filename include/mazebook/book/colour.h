/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Colours a reader can tell apart: WCAG 2 relative luminance and contrast
 * ratios, the cover's named themes, and the badge colour picked to stand
 * out from the cover's background. Plain arithmetic on 0xRRGGBB values.
 */
#ifndef MAZEBOOK_COLOUR_H
#define MAZEBOOK_COLOUR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mazebook/base/error.h"

/* WCAG 2.x: text under 18 pt (14 pt bold) needs 4.5:1 against what is behind it, larger 3:1 */
#define MB_CONTRAST_TEXT 4.5
#define MB_CONTRAST_LARGE_TEXT 3.0
/* the badge must stand apart from the background at least this much */
#define MB_CONTRAST_BADGE 2.0

/* WCAG relative luminance of rgb, 0 (black) to 1 (white). */
double mb_colour_luminance(uint32_t rgb);

/* WCAG contrast ratio of two colours, 1 (the same) to 21 (black on white). */
double mb_colour_contrast(uint32_t a, uint32_t b);

/* Black or white, whichever reads better on rgb (for text drawn on it). */
uint32_t mb_colour_text_on(uint32_t rgb);

/*
 * The badge for a cover of this background: the house yellow while it
 * stands out (MB_CONTRAST_BADGE), else the colour of a short list that
 * stands out most. *text gets the colour its number is written in.
 */
uint32_t mb_colour_badge(uint32_t background, uint32_t *text);

/* A named cover theme: background and text colour. */
struct mb_cover_theme {
	const char *name;
	uint32_t background_rgb, text_rgb;
	const char *looks;	/* for the help text */
};

extern const struct mb_cover_theme mb_cover_themes[];
extern const size_t mb_cover_theme_count;

/* The theme called name, or NULL. */
const struct mb_cover_theme *mb_cover_theme_find(const char *name);

/* "ocean, forest, ..." into buf, for messages. */
void mb_cover_theme_list(char *buf, size_t size);

/*
 * The cover's text colour against its background: below 4.5:1 (some cover
 * text, the back's list and a long subtitle, is under 18 pt) fails with
 * MB_ERR_INPUT on field "cover.text", the ratio, and the colours that
 * would pass.
 */
enum mb_status mb_colour_check_cover(uint32_t background, uint32_t text, struct mb_error *err);

#endif
