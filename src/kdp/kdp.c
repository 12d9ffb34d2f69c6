/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* KDP's rules, computed from the data in specs/kdp.def. */
#include "config.h"
#include "mazebook/kdp/kdp.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

/* trims people name rather than measure; the sizes are KDP's (kdp.def) */
static const struct {
	const char *name;
	double w_in, h_in;
} named_trims[] = {
	{ "letter", 8.5, 11 },
	{ "us-letter", 8.5, 11 },
	{ "a4", 8.27, 11.69 },
};

static const char *skip_spaces(const char *p)
{
	while (*p == ' ' || *p == '	')
		p++;
	return p;
}

/*
 * A length as people write one: "8.5", "8.5in", "8.5 in", "8.5\"", "216mm",
 * "21.6 cm". *per_inch is the unit's size in inches' terms (25.4 for mm),
 * 0 when no unit is written: "210 x 297 mm" gives its unit to both sides.
 */
static bool parse_length(const char *s, const char **end, double *value, double *per_inch)
{
	const char *p;

	if (!parse_inches(s, &p, value))
		return false;
	p = skip_spaces(p);
	*per_inch = 0;
	if (!strncasecmp(p, "mm", 2)) {
		*per_inch = 25.4;
		p += 2;
	} else if (!strncasecmp(p, "cm", 2)) {
		*per_inch = 2.54;
		p += 2;
	} else if (!strncasecmp(p, "in", 2)) {
		*per_inch = 1;
		p += 2;
	} else if (*p == '"') {
		*per_inch = 1;
		p++;
	}
	*end = p;
	return true;
}

/* the x between the sides: x, X or the multiplication sign U+00D7 */
static const char *skip_by(const char *p)
{
	p = skip_spaces(p);
	if (*p == 'x' || *p == 'X')
		return skip_spaces(p + 1);
	if ((unsigned char)p[0] == 0xc3 && (unsigned char)p[1] == 0x97)
		return skip_spaces(p + 2);
	return NULL;
}

enum mb_status mb_kdp_parse_trim(const char *text, struct mb_trim *out, struct mb_error *err)
{
	const char *p, *end;
	double w, h, w_unit, h_unit;

	for (size_t i = 0; i < sizeof(named_trims) / sizeof(named_trims[0]); i++)
		if (!strcasecmp(text, named_trims[i].name))
			return mb_kdp_trim_for(named_trims[i].w_in, named_trims[i].h_in, out, err);
	p = skip_spaces(text);
	if (!parse_length(p, &end, &w, &w_unit) || !(p = skip_by(end)) ||
	    !parse_length(p, &end, &h, &h_unit) || *skip_spaces(end))
		return mb_error_set(err, MB_ERR_INPUT,
				    "bad trim '%s' (expected WIDTHxHEIGHT in inches such as 6x9 or "
				    "8.5 x 11, millimetres such as 210x297mm, or letter or A4)",
				    text);
	if (!w_unit)
		w_unit = h_unit ? h_unit : 1;
	if (!h_unit)
		h_unit = w_unit;
	return mb_kdp_trim_for(w / w_unit, h / h_unit, out, err);
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

/* ---- editions: binding and ink ---- */

const struct mb_kdp_ink_trim mb_kdp_ink_trims[] = {
#define KDP_INK_TRIM(w, h, premium_max, standard_max, source) \
	{ w, h, premium_max, standard_max, source },
#include "kdp.def"
};
const size_t mb_kdp_ink_trim_count = sizeof(mb_kdp_ink_trims) / sizeof(mb_kdp_ink_trims[0]);

const struct mb_kdp_hardcover_trim mb_kdp_hardcover_trims[] = {
#define KDP_HARDCOVER_TRIM(w, h, source) { w, h, source },
#include "kdp.def"
};
const size_t mb_kdp_hardcover_trim_count =
	sizeof(mb_kdp_hardcover_trims) / sizeof(mb_kdp_hardcover_trims[0]);

static const char *const binding_names[] = { "paperback", "hardcover" };
static const char *const ink_names[] = { "black", "standard-colour", "premium-colour" };

enum mb_status mb_kdp_parse_binding(const char *text, enum mb_binding *out, struct mb_error *err)
{
	for (int i = 0; i < MB_BINDING_COUNT; i++) {
		if (!strcmp(text, binding_names[i])) {
			*out = (enum mb_binding)i;
			return MB_OK;
		}
	}
	return mb_error_set(err, MB_ERR_INPUT, "unknown binding '%s' (valid: paperback, hardcover)",
			    text);
}

const char *mb_kdp_binding_name(enum mb_binding binding)
{
	return binding == MB_BINDING_HARDCOVER ? "hardcover" : "paperback";
}

enum mb_status mb_kdp_parse_ink(const char *text, enum mb_ink *out, struct mb_error *err)
{
	for (int i = 0; i < 3; i++) {
		if (!strcmp(text, ink_names[i])) {
			*out = (enum mb_ink)i;
			return MB_OK;
		}
	}
	/* American spelling: say which one we take rather than "unknown" */
	if (!strcmp(text, "standard-color") || !strcmp(text, "premium-color"))
		return mb_error_set(err, MB_ERR_INPUT, "unknown ink '%s' (write '%.*s-colour'; "
				    "valid: black, standard-colour, premium-colour)", text,
				    (int)(strchr(text, '-') - text), text);
	return mb_error_set(err, MB_ERR_INPUT,
			    "unknown ink '%s' (valid: black, standard-colour, premium-colour)", text);
}

const char *mb_kdp_ink_name(enum mb_ink ink)
{
	return (unsigned)ink < 3 ? ink_names[ink] : "black";
}

const char *mb_kdp_print_name(const struct mb_print *print, char *buf, size_t size)
{
	if (print->ink == MB_INK_BLACK)
		snprintf(buf, size, "black ink on %s paper", mb_kdp_paper_name(print->paper));
	else
		snprintf(buf, size, "%s colour", print->ink == MB_INK_PREMIUM_COLOUR ? "premium"
										: "standard");
	return buf;
}

static bool same_trim(double w1, double h1, double w2, double h2)
{
	return fabs(w1 - w2) <= TRIM_MATCH_IN && fabs(h1 - h2) <= TRIM_MATCH_IN;
}

static const struct mb_kdp_ink_trim *ink_row(const struct mb_trim *trim)
{
	for (size_t i = 0; i < mb_kdp_ink_trim_count; i++)
		if (same_trim(mb_kdp_ink_trims[i].w_in, mb_kdp_ink_trims[i].h_in, trim->w_in,
			      trim->h_in))
			return &mb_kdp_ink_trims[i];
	return NULL;
}

static bool hardcover_trim(const struct mb_trim *trim)
{
	for (size_t i = 0; i < mb_kdp_hardcover_trim_count; i++)
		if (same_trim(mb_kdp_hardcover_trims[i].w_in, mb_kdp_hardcover_trims[i].h_in,
			      trim->w_in, trim->h_in))
			return true;
	return false;
}

/* the listed hardcover trim nearest in area, to suggest instead */
static const struct mb_kdp_hardcover_trim *nearest_hardcover(const struct mb_trim *trim)
{
	const struct mb_kdp_hardcover_trim *best = &mb_kdp_hardcover_trims[0];

	for (size_t i = 1; i < mb_kdp_hardcover_trim_count; i++) {
		const struct mb_kdp_hardcover_trim *t = &mb_kdp_hardcover_trims[i];

		if (fabs(t->w_in - trim->w_in) + fabs(t->h_in - trim->h_in) <
		    fabs(best->w_in - trim->w_in) + fabs(best->h_in - trim->h_in))
			best = t;
	}
	return best;
}

enum mb_status mb_kdp_print_check(const struct mb_trim *trim, const struct mb_print *print,
				  struct mb_error *err)
{
	const struct mb_kdp_ink_trim *row = ink_row(trim);

	if (print->ink != MB_INK_BLACK && print->paper != MB_PAPER_WHITE)
		return mb_error_set_field(err, MB_ERR_INPUT, "paper",
					  "%s ink prints on white paper only, not cream (use "
					  "paper: white, or ink: black for cream)",
					  mb_kdp_ink_name(print->ink));
	if (print->binding == MB_BINDING_HARDCOVER) {
		char list[256] = "";
		size_t used = 0;
		const struct mb_kdp_hardcover_trim *near;

		if (print->ink == MB_INK_STANDARD_COLOUR)
			return mb_error_set_field(err, MB_ERR_INPUT, "ink",
						  "KDP prints hardcovers in black ink or premium "
						  "colour, not standard colour (use ink: "
						  "premium-colour or ink: black)");
		if (hardcover_trim(trim))
			return MB_OK;
		for (size_t i = 0; i < mb_kdp_hardcover_trim_count && used < sizeof(list); i++)
			used += (size_t)snprintf(list + used, sizeof(list) - used, "%s%gx%g",
						 i ? ", " : "", mb_kdp_hardcover_trims[i].w_in,
						 mb_kdp_hardcover_trims[i].h_in);
		near = nearest_hardcover(trim);
		return mb_error_set_field(err, MB_ERR_INPUT, "trim",
					  "KDP has no %gx%g hardcover: use %gx%g for the hardcover "
					  "(hardcover trims: %s)",
					  trim->w_in, trim->h_in, near->w_in, near->h_in, list);
	}
	if (print->ink == MB_INK_STANDARD_COLOUR && row && row->standard_max_pages == 0)
		return mb_error_set_field(err, MB_ERR_INPUT, "ink",
					  "KDP does not offer standard colour on a %gx%g trim (use "
					  "ink: premium-colour or another trim)",
					  trim->w_in, trim->h_in);
	return MB_OK;
}

void mb_kdp_page_limits(const struct mb_trim *trim, const struct mb_print *print, int *min_pages,
			int *max_pages)
{
	const struct mb_kdp_ink_trim *row = ink_row(trim);
	int min = (int)mb_kdp.min_pages, max;

	switch (print->ink) {
	case MB_INK_PREMIUM_COLOUR:
		max = row ? row->premium_max_pages : (int)mb_kdp.custom_premium_max_pages;
		break;
	case MB_INK_STANDARD_COLOUR:
		min = (int)mb_kdp.standard_colour_min_pages;
		max = row ? row->standard_max_pages : (int)mb_kdp.custom_standard_max_pages;
		break;
	default:
		max = mb_kdp_max_pages(trim, print->paper);
		break;
	}
	if (print->binding == MB_BINDING_HARDCOVER) {
		min = (int)mb_kdp.hardcover_min_pages;
		if (max > mb_kdp.hardcover_max_pages)
			max = (int)mb_kdp.hardcover_max_pages;
	}
	*min_pages = min + min % 2;	/* books have even page counts */
	*max_pages = max - max % 2;
}

double mb_kdp_spine_factor(const struct mb_print *print)
{
	switch (print->ink) {
	case MB_INK_PREMIUM_COLOUR:
		return mb_kdp.spine_premium_in_per_page;
	case MB_INK_STANDARD_COLOUR:
		return mb_kdp.spine_standard_in_per_page;
	default:
		return print->paper == MB_PAPER_CREAM ? mb_kdp.spine_cream_in_per_page
						      : mb_kdp.spine_white_in_per_page;
	}
}

double mb_kdp_spine_in_for(int pages, const struct mb_print *print)
{
	return pages * mb_kdp_spine_factor(print) +
	       (print->binding == MB_BINDING_HARDCOVER ? mb_kdp.hardcover_spine_extra_in : 0);
}

void mb_kdp_cover_geometry_for(const struct mb_trim *trim, int pages, const struct mb_print *print,
			       struct mb_cover_geometry *out, struct mb_cover_case *hc)
{
	double wrap = mb_kdp.hardcover_wrap_in, hinge = mb_kdp.hardcover_hinge_in;
	double bw, bh;

	if (hc)
		memset(hc, 0, sizeof(*hc));
	if (print->binding != MB_BINDING_HARDCOVER) {
		mb_kdp_cover_geometry(trim, pages, print->paper, out);
		out->spine_in = mb_kdp_spine_in_for(pages, print);
		out->w_in = 2 * mb_kdp.cover_bleed_in + 2 * trim->w_in + out->spine_in;
		out->spine.w = out->spine_in;
		out->front.x = out->spine.x + out->spine_in;
		return;
	}
	bw = trim->w_in + mb_kdp.hardcover_board_extra_w_in;
	bh = trim->h_in + mb_kdp.hardcover_board_extra_h_in;
	out->spine_in = mb_kdp_spine_in_for(pages, print);
	out->w_in = wrap + bw + out->spine_in + bw + wrap;
	out->h_in = wrap + bh + wrap;
	out->back = (struct mb_rect_in){ wrap, wrap, bw, bh };
	out->spine = (struct mb_rect_in){ wrap + bw, wrap, out->spine_in, bh };
	out->front = (struct mb_rect_in){ wrap + bw + out->spine_in, wrap, bw, bh };
	out->barcode = (struct mb_rect_in){
		out->spine.x - hinge - mb_kdp.barcode_from_spine_in - mb_kdp.barcode_w_in,
		wrap + mb_kdp.barcode_from_bottom_in, mb_kdp.barcode_w_in, mb_kdp.barcode_h_in,
	};
	if (hc) {
		hc->hardcover = true;
		hc->wrap_in = wrap;
		hc->hinge_in = hinge;
		hc->hinge_back = (struct mb_rect_in){ out->spine.x - hinge, wrap, hinge, bh };
		hc->hinge_front = (struct mb_rect_in){ out->front.x, wrap, hinge, bh };
	}
}
