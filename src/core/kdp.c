/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* KDP's rules, computed from the data in specs/kdp.def. */
#include "config.h"
#include "mazebook/kdp.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct mb_kdp_rules mb_kdp = {
#define KDP_VALUE(name, value, unit, source) .name = value,
#include "kdp.def"
};

const char mb_kdp_version[] =
#define KDP_VERSION(text) text
#include "kdp.def"
	;

const struct mb_trim mb_kdp_trims[] = {
#define KDP_TRIM(w, h, large, white_max, cream_max, source) \
	{ w, h, large, false, white_max, cream_max },
#include "kdp.def"
};
const size_t mb_kdp_trim_count = sizeof(mb_kdp_trims) / sizeof(mb_kdp_trims[0]);

const struct mb_kdp_gutter_band mb_kdp_gutter_bands[] = {
#define KDP_GUTTER(min_pages, max_pages, inside_in, source) \
	{ min_pages, max_pages, inside_in, source },
#include "kdp.def"
};
const size_t mb_kdp_gutter_band_count =
	sizeof(mb_kdp_gutter_bands) / sizeof(mb_kdp_gutter_bands[0]);

const struct mb_kdp_value mb_kdp_values[] = {
#define KDP_VALUE(name, value, unit, source) { #name, value, unit, source },
#include "kdp.def"
};
const size_t mb_kdp_value_count = sizeof(mb_kdp_values) / sizeof(mb_kdp_values[0]);

/* listed sizes are matched to this, as people write 6.14 for 6.139 */
#define TRIM_MATCH_IN 0.005

static void list_trims(char *buf, size_t size)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < mb_kdp_trim_count && used < size; i++)
		used += (size_t)snprintf(buf + used, size - used, "%s%gx%g", i ? ", " : "",
					 mb_kdp_trims[i].w_in, mb_kdp_trims[i].h_in);
}

enum mb_status mb_kdp_trim_for(double w_in, double h_in, struct mb_trim *out,
			       struct mb_error *err)
{
	char list[512];

	for (size_t i = 0; i < mb_kdp_trim_count; i++) {
		if (fabs(mb_kdp_trims[i].w_in - w_in) <= TRIM_MATCH_IN &&
		    fabs(mb_kdp_trims[i].h_in - h_in) <= TRIM_MATCH_IN) {
			*out = mb_kdp_trims[i];
			return MB_OK;
		}
	}
	if (w_in + 1e-9 >= mb_kdp.custom_min_width_in && w_in - 1e-9 <= mb_kdp.custom_max_width_in &&
	    h_in + 1e-9 >= mb_kdp.custom_min_height_in && h_in - 1e-9 <= mb_kdp.custom_max_height_in) {
		out->w_in = w_in;
		out->h_in = h_in;
		out->large = w_in > mb_kdp.large_width_over_in || h_in > mb_kdp.large_height_over_in;
		out->custom = true;
		out->white_max_pages = (int)mb_kdp.custom_white_max_pages;
		out->cream_max_pages = (int)mb_kdp.custom_cream_max_pages;
		return MB_OK;
	}
	list_trims(list, sizeof(list));
	return mb_error_set(err, MB_ERR_INPUT,
			    "trim %gx%g in is not a KDP size (listed: %s; custom: width %g to %g in, height %g to %g in)",
			    w_in, h_in, list, mb_kdp.custom_min_width_in, mb_kdp.custom_max_width_in,
			    mb_kdp.custom_min_height_in, mb_kdp.custom_max_height_in);
}

/* a plain decimal number of inches: digits with at most one point (no sign, exponent or hex) */
static bool parse_inches(const char *s, const char **end, double *out)
{
	const char *p = s;
	int digits = 0, points = 0;

	for (; (*p >= '0' && *p <= '9') || *p == '.'; p++) {
		if (*p == '.')
			points++;
		else
			digits++;
	}
	if (!digits || points > 1 || p - s > 12)
		return false;
	*out = strtod(s, NULL);
	*end = p;
	return true;
}

enum mb_status mb_kdp_parse_trim(const char *text, struct mb_trim *out, struct mb_error *err)
{
	const char *end;
	double w, h;

	if (!parse_inches(text, &end, &w) || (*end != 'x' && *end != 'X') ||
	    !parse_inches(end + 1, &end, &h) || *end)
		return mb_error_set(err, MB_ERR_INPUT,
				    "bad trim '%s' (expected WIDTHxHEIGHT in inches, e.g. 6x9 or 8.5x11)",
				    text);
	return mb_kdp_trim_for(w, h, out, err);
}

const char *mb_kdp_trim_name(const struct mb_trim *trim, char *buf, size_t size)
{
	snprintf(buf, size, "%g x %g in", trim->w_in, trim->h_in);
	return buf;
}

enum mb_status mb_kdp_parse_paper(const char *text, enum mb_paper *out, struct mb_error *err)
{
	if (!strcmp(text, "white"))
		*out = MB_PAPER_WHITE;
	else if (!strcmp(text, "cream"))
		*out = MB_PAPER_CREAM;
	else
		return mb_error_set(err, MB_ERR_INPUT,
				    "unknown paper '%s' (valid: white, cream)", text);
	return MB_OK;
}

const char *mb_kdp_paper_name(enum mb_paper paper)
{
	return paper == MB_PAPER_CREAM ? "cream" : "white";
}

int mb_kdp_max_pages(const struct mb_trim *trim, enum mb_paper paper)
{
	return paper == MB_PAPER_CREAM ? trim->cream_max_pages : trim->white_max_pages;
}

double mb_kdp_gutter_in(int pages)
{
	for (size_t i = 0; i < mb_kdp_gutter_band_count; i++)
		if (pages <= mb_kdp_gutter_bands[i].max_pages)
			return mb_kdp_gutter_bands[i].inside_in;
	return mb_kdp_gutter_bands[mb_kdp_gutter_band_count - 1].inside_in;
}

double mb_kdp_outside_margin_in(bool bleed)
{
	return bleed ? mb_kdp.outside_margin_bleed_in : mb_kdp.outside_margin_in;
}

void mb_kdp_page_size_in(const struct mb_trim *trim, bool bleed, double *w_in, double *h_in)
{
	*w_in = trim->w_in + (bleed ? mb_kdp.interior_bleed_w_in : 0);
	*h_in = trim->h_in + (bleed ? mb_kdp.interior_bleed_h_in : 0);
}

double mb_kdp_spine_in(int pages, enum mb_paper paper)
{
	return pages * (paper == MB_PAPER_CREAM ? mb_kdp.spine_cream_in_per_page
						: mb_kdp.spine_white_in_per_page);
}

bool mb_kdp_spine_text_allowed(int pages)
{
	return pages >= mb_kdp.spine_text_min_pages;
}

void mb_kdp_cover_geometry(const struct mb_trim *trim, int pages, enum mb_paper paper,
			   struct mb_cover_geometry *out)
{
	double bleed = mb_kdp.cover_bleed_in;

	out->spine_in = mb_kdp_spine_in(pages, paper);
	out->w_in = bleed + trim->w_in + out->spine_in + trim->w_in + bleed;
	out->h_in = bleed + trim->h_in + bleed;
	out->back = (struct mb_rect_in){ bleed, bleed, trim->w_in, trim->h_in };
	out->spine = (struct mb_rect_in){ bleed + trim->w_in, bleed, out->spine_in, trim->h_in };
	out->front = (struct mb_rect_in){ bleed + trim->w_in + out->spine_in, bleed,
					  trim->w_in, trim->h_in };
	out->barcode = (struct mb_rect_in){
		out->spine.x - mb_kdp.barcode_from_spine_in - mb_kdp.barcode_w_in,
		bleed + mb_kdp.barcode_from_bottom_in,
		mb_kdp.barcode_w_in, mb_kdp.barcode_h_in,
	};
}
