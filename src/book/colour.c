/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* Colour contrast (WCAG 2), cover themes and the badge colour; see include/mazebook/book/colour.h. */
#include "config.h"
#include "mazebook/book/colour.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* a channel (0..255) as linear light, by the sRGB curve WCAG uses */
static double linear(unsigned v)
{
	double c = v / 255.0;

	return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

double mb_colour_luminance(uint32_t rgb)
{
	return 0.2126 * linear((rgb >> 16) & 0xff) + 0.7152 * linear((rgb >> 8) & 0xff) +
	       0.0722 * linear(rgb & 0xff);
}

double mb_colour_contrast(uint32_t a, uint32_t b)
{
	double la = mb_colour_luminance(a), lb = mb_colour_luminance(b);

	return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

uint32_t mb_colour_text_on(uint32_t rgb)
{
	return mb_colour_contrast(rgb, 0x000000) >= mb_colour_contrast(rgb, 0xffffff) ? 0x1a1a1a
										       : 0xffffff;
}

/* the hue of rgb in degrees (0 red, 60 yellow, 120 green ...); -1 for a grey */
static double hue(uint32_t rgb)
{
	double r = ((rgb >> 16) & 0xff) / 255.0, g = ((rgb >> 8) & 0xff) / 255.0,
	       b = (rgb & 0xff) / 255.0;
	double max = fmax(r, fmax(g, b)), min = fmin(r, fmin(g, b)), d = max - min, h;

	if (d < 0.08)
		return -1;
	if (max == r)
		h = fmod((g - b) / d + 6, 6);
	else if (max == g)
		h = (b - r) / d + 2;
	else
		h = (r - g) / d + 4;
	return h * 60;
}

/*
 * Does the yellow badge stand out from background? By lightness
 * (MB_CONTRAST_BADGE), and on the warm hues next to its own (orange to
 * yellow-green) only by a clear margin: yellow on orange is a 2:1 contrast
 * that the eye reads as one warm patch.
 */
static bool yellow_shows_on(uint32_t background)
{
	double h = hue(background), ratio = mb_colour_contrast(background, 0xffd23f);

	if (h >= 15 && h <= 75)
		return ratio >= 1.5 * MB_CONTRAST_BADGE;
	return ratio >= MB_CONTRAST_BADGE;
}

uint32_t mb_colour_badge(uint32_t background, uint32_t *text)
{
	/* the house yellow first; then colours that print well and read as a sticker */
	static const uint32_t badges[] = { 0xffd23f, 0xffffff, 0xe53935, 0x6a1b9a, 0x1565c0,
					   0x2e7d32, 0x212121 };
	uint32_t best = badges[0];
	double best_ratio = yellow_shows_on(background) ? 21 : 0;

	for (size_t i = 1; best_ratio < MB_CONTRAST_BADGE && i < sizeof(badges) / sizeof(badges[0]);
	     i++) {
		double r = mb_colour_contrast(background, badges[i]);

		if (r > best_ratio) {
			best = badges[i];
			best_ratio = r;
		}
	}
	if (text)
		*text = mb_colour_text_on(best);
	return best;
}

const struct mb_cover_theme mb_cover_themes[] = {
	{ "ocean", 0x1565c0, 0xffffff, "deep blue, white text (the default blue, darker)" },
	{ "forest", 0x2e7d32, 0xffffff, "green, white text" },
	{ "sunset", 0xbf360c, 0xffffff, "burnt orange, white text" },
	{ "berry", 0x6a1b9a, 0xffffff, "purple, white text" },
	{ "night", 0x212121, 0xffeb3b, "near black, yellow text" },
	{ "sunshine", 0xffd54f, 0x212121, "yellow, black text (the badge turns red)" },
	{ "candy", 0xf8bbd0, 0x4a148c, "pink, purple text" },
	{ "sky", 0xb3e5fc, 0x0d47a1, "light blue, dark blue text" },
};
const size_t mb_cover_theme_count = sizeof(mb_cover_themes) / sizeof(mb_cover_themes[0]);

const struct mb_cover_theme *mb_cover_theme_find(const char *name)
{
	for (size_t i = 0; name && i < mb_cover_theme_count; i++)
		if (!strcmp(mb_cover_themes[i].name, name))
			return &mb_cover_themes[i];
	return NULL;
}

void mb_cover_theme_list(char *buf, size_t size)
{
	size_t used = 0;

	if (size)
		buf[0] = '\0';
	for (size_t i = 0; i < mb_cover_theme_count && used < size; i++)
		used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? ", " : "",
					 mb_cover_themes[i].name);
}

enum mb_status mb_colour_check_cover(uint32_t background, uint32_t text, struct mb_error *err)
{
	double ratio = mb_colour_contrast(background, text);
	uint32_t better = mb_colour_text_on(background);

	if (ratio + 1e-9 >= MB_CONTRAST_TEXT)
		return MB_OK;
	return mb_error_set_field(
		err, MB_ERR_INPUT, "cover.text",
		"cover text #%06x on background #%06x has a contrast of %.1f:1, under the %.1f:1 "
		"that text under 18 pt needs to be read (WCAG 2; the back's list and the author "
		"are that small): choose text \"#%06x\" (%.1f:1) or another background",
		(unsigned)text, (unsigned)background, floor(ratio * 10) / 10, MB_CONTRAST_TEXT,
		(unsigned)better, floor(mb_colour_contrast(background, better) * 10) / 10);
}
