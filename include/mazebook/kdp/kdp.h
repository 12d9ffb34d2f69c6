/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * KDP's paperback rules: trims, page limits, gutter bands, margins, spine
 * and cover geometry. The numbers are data in specs/kdp.def; this module
 * only computes with them. Lengths are in inches (suffix _in) unless said.
 */
#ifndef MAZEBOOK_KDP_H
#define MAZEBOOK_KDP_H

#include <stdbool.h>
#include <stddef.h>

#include "mazebook/base/error.h"

#define MB_PT_PER_IN 72.0

enum mb_paper { MB_PAPER_WHITE, MB_PAPER_CREAM };

/* how the book is bound: a glued paperback or a case-laminate hardcover */
enum mb_binding { MB_BINDING_PAPERBACK, MB_BINDING_HARDCOVER };
#define MB_BINDING_COUNT 2

/* the interior's ink */
enum mb_ink { MB_INK_BLACK, MB_INK_STANDARD_COLOUR, MB_INK_PREMIUM_COLOUR };

/* one edition's print options; zeroed is a black-ink paperback on white */
struct mb_print {
	enum mb_binding binding;
	enum mb_ink ink;
	enum mb_paper paper;
};

struct mb_trim {
	double w_in, h_in;
	bool large;		/* wider than 6.12 in or taller than 9 in */
	bool custom;		/* not one of KDP's listed sizes */
	int white_max_pages, cream_max_pages;
};

/* the scalar rules, one field per KDP_VALUE line of specs/kdp.def */
struct mb_kdp_rules {
#define KDP_VALUE(name, value, unit, source) double name;
#include "kdp.def"
};

/* one scalar rule with its unit and source, for checklists */
struct mb_kdp_value {
	const char *name;
	double value;
	const char *unit;
	const char *source;
};

struct mb_kdp_gutter_band {
	int min_pages, max_pages;
	double inside_in;
	const char *source;
};

extern const struct mb_kdp_rules mb_kdp;
extern const char mb_kdp_version[];
extern const struct mb_trim mb_kdp_trims[];
extern const size_t mb_kdp_trim_count;
extern const struct mb_kdp_gutter_band mb_kdp_gutter_bands[];
extern const size_t mb_kdp_gutter_band_count;
extern const struct mb_kdp_value mb_kdp_values[];
extern const size_t mb_kdp_value_count;

/*
 * Parse "WxH" in inches ("6x9", "8.5x11", "8.27x11.69"). A listed KDP size
 * (to 0.005 in) gives its limits; other sizes within the custom range are
 * custom trims; anything else is MB_ERR_INPUT naming the listed sizes and
 * the custom range.
 */
enum mb_status mb_kdp_parse_trim(const char *text, struct mb_trim *out, struct mb_error *err);

/* The trim for a width and height (in), as mb_kdp_parse_trim does. */
enum mb_status mb_kdp_trim_for(double w_in, double h_in, struct mb_trim *out,
			       struct mb_error *err);

/* "6 x 9" style text for a trim, into buf */
const char *mb_kdp_trim_name(const struct mb_trim *trim, char *buf, size_t size);

enum mb_status mb_kdp_parse_paper(const char *text, enum mb_paper *out, struct mb_error *err);
const char *mb_kdp_paper_name(enum mb_paper paper);

/* The most pages KDP prints for this trim and paper (black ink). */
int mb_kdp_max_pages(const struct mb_trim *trim, enum mb_paper paper);

/*
 * The inside (gutter) margin KDP requires for a page count. Counts below
 * the first band use the first band, above the last the last.
 */
double mb_kdp_gutter_in(int pages);

/* The least outside, top and bottom margin, measured from the trim line. */
double mb_kdp_outside_margin_in(bool bleed);

/* Interior page size: the trim, or trim + 0.125 in wide and + 0.25 in tall with bleed. */
void mb_kdp_page_size_in(const struct mb_trim *trim, bool bleed, double *w_in, double *h_in);

/* Spine width: pages x the paper's factor, no allowance added. */
double mb_kdp_spine_in(int pages, enum mb_paper paper);

/* May the spine carry text? Only when the book has more than 79 pages. */
bool mb_kdp_spine_text_allowed(int pages);

/* A rectangle in inches; origin bottom left, y up (as in PDF). */
struct mb_rect_in {
	double x, y, w, h;
};

/*
 * The full-wrap cover's geometry, in inches with the origin at the bottom
 * left corner of the bleed: bleed | back | spine | front | bleed.
 */
struct mb_cover_geometry {
	double w_in, h_in;		/* the whole page */
	double spine_in;
	struct mb_rect_in back;		/* trim box of the back cover */
	struct mb_rect_in spine;	/* between the two folds */
	struct mb_rect_in front;	/* trim box of the front cover */
	struct mb_rect_in barcode;	/* KDP's 2 x 1.2 in barcode box */
};

void mb_kdp_cover_geometry(const struct mb_trim *trim, int pages, enum mb_paper paper,
			   struct mb_cover_geometry *out);

/* ---- editions: binding and ink (hardcover and colour rows of specs/kdp.def) ---- */

enum mb_status mb_kdp_parse_binding(const char *text, enum mb_binding *out, struct mb_error *err);
const char *mb_kdp_binding_name(enum mb_binding binding);	/* "paperback", "hardcover" */
enum mb_status mb_kdp_parse_ink(const char *text, enum mb_ink *out, struct mb_error *err);
const char *mb_kdp_ink_name(enum mb_ink ink);	/* "black", "standard-colour", "premium-colour" */
/* "black ink on cream paper", "premium colour" */
const char *mb_kdp_print_name(const struct mb_print *print, char *buf, size_t size);

/*
 * Can KDP print this trim with these options? MB_OK, or MB_ERR_INPUT with a
 * message that says what to use instead: a hardcover trim KDP does not offer
 * (8.5x11: "use 8.25x11"), standard colour on cream paper or on A4, colour
 * on cream paper, standard colour as a hardcover.
 */
enum mb_status mb_kdp_print_check(const struct mb_trim *trim, const struct mb_print *print,
				  struct mb_error *err);

/*
 * The fewest and the most pages KDP prints for this trim and these options
 * (the least even count when KDP's minimum is odd: hardcover 75 -> 76).
 * The options must have passed mb_kdp_print_check; for a paperback in black
 * ink the same as mb_kdp.min_pages and mb_kdp_max_pages().
 */
void mb_kdp_page_limits(const struct mb_trim *trim, const struct mb_print *print, int *min_pages,
			int *max_pages);

/* The paper's (or colour's) spine factor, inches per page. */
double mb_kdp_spine_factor(const struct mb_print *print);

/* Spine width for these options: pages x factor, + 4.8 mm for a hardcover's boards. */
double mb_kdp_spine_in_for(int pages, const struct mb_print *print);

/*
 * The hardcover's extra geometry (zero for a paperback). A case-laminate
 * cover is wrap | back board | spine | front board | wrap, the wrap (15 mm)
 * folding round each board's outer edges; each board is (trim W + 5 mm) x
 * (trim H + 6 mm); the hinge is a 10 mm band on each board next to the spine
 * that bends when the book opens: no text or barcode there.
 */
struct mb_cover_case {
	bool hardcover;
	double wrap_in;			/* on each outer edge */
	double hinge_in;
	struct mb_rect_in hinge_back;	/* on the back board, next to the spine */
	struct mb_rect_in hinge_front;	/* on the front board, next to the spine */
};

/*
 * The cover for an edition. Paperback: as mb_kdp_cover_geometry (back and
 * front are the trim boxes). Hardcover: back and front are the boards, the
 * spine the board gap, barcode KDP's 2 x 1.2 in box on the back board 0.25 in
 * clear of the hinge and of the board's bottom edge; *hc (may be NULL) gets
 * the wrap and hinge.
 */
void mb_kdp_cover_geometry_for(const struct mb_trim *trim, int pages, const struct mb_print *print,
			       struct mb_cover_geometry *out, struct mb_cover_case *hc);

/* extern tables of the hardcover and colour rows */
struct mb_kdp_ink_trim {
	double w_in, h_in;
	int premium_max_pages, standard_max_pages;	/* standard 0: not offered */
	const char *source;
};
struct mb_kdp_hardcover_trim {
	double w_in, h_in;
	const char *source;
};
extern const struct mb_kdp_ink_trim mb_kdp_ink_trims[];
extern const size_t mb_kdp_ink_trim_count;
extern const struct mb_kdp_hardcover_trim mb_kdp_hardcover_trims[];
extern const size_t mb_kdp_hardcover_trim_count;

#endif
