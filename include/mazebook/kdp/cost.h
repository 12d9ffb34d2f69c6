/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * What a printed edition costs and earns: KDP's printing cost by binding,
 * ink, trim class and page count, and the royalty at a list price. The
 * numbers are data in specs/cost.def (one marketplace today, amazon.com;
 * others are rows to add). Money is in whole cents of the marketplace's
 * currency, so sums and comparisons are exact; a figure rounds to the cent
 * once, where KDP rounds it.
 */
#ifndef MAZEBOOK_COST_H
#define MAZEBOOK_COST_H

#include <stdbool.h>
#include <stddef.h>

#include "mazebook/base/error.h"
#include "mazebook/kdp/kdp.h"

#define MB_COST_MARKETPLACE_DEFAULT "amazon.com"

enum mb_cost_channel { MB_COST_CHANNEL_AMAZON, MB_COST_CHANNEL_EXPANDED };

struct mb_cost_marketplace {
	const char *name, *currency, *symbol;
	double max_list_price;
	const char *source;
};

struct mb_cost_row {
	const char *marketplace;
	enum mb_binding binding;
	enum mb_ink ink;
	int min_pages, max_pages;
	double fixed, per_page, large_fixed, large_per_page;
	const char *source;
};

struct mb_cost_rate {
	const char *marketplace;
	enum mb_cost_channel channel;
	double at_least;	/* list price from which the rate applies */
	double rate;
	const char *source;
};

extern const char mb_cost_version[];
extern const struct mb_cost_marketplace mb_cost_marketplaces[];
extern const size_t mb_cost_marketplace_count;
extern const struct mb_cost_row mb_cost_rows[];
extern const size_t mb_cost_row_count;
extern const struct mb_cost_rate mb_cost_rates[];
extern const size_t mb_cost_rate_count;

/* what one edition costs and earns */
struct mb_cost {
	const struct mb_cost_marketplace *marketplace;	/* borrowed */
	const struct mb_cost_row *row;			/* the row that priced it; borrowed */
	int pages;		/* as priced: an odd count is printed (and priced) one page more */
	bool large;
	long printing_cents;
	long min_price_cents;	/* the least list price whose Amazon royalty is not negative */
	bool priced;		/* a list price was given: the fields below are set */
	long price_cents;
	double rate;		/* Amazon's rate at that price */
	long royalty_cents;	/* may be negative: the price is under the minimum */
	long expanded_royalty_cents;	/* Expanded Distribution at that price */
	/*
	 * a higher price where the rate steps up and the royalty rises by more
	 * than the price does (the $9.99 step): next_price_cents > 0 then
	 */
	long next_price_cents;
	double next_rate;
	long next_royalty_cents;
};

/*
 * Price an edition: pages of the interior (24 and up), binding and ink,
 * large from the trim (mb_trim.large), price_cents the list price or -1 for
 * none. MB_ERR_INPUT (err->field "pages", "price" or "ink") when no row of
 * the marketplace prints that many pages with that binding and ink (the
 * message gives the range) or the price is above the marketplace's maximum.
 */
enum mb_status mb_cost_compute(const char *marketplace, enum mb_binding binding, enum mb_ink ink,
			       bool large, int pages, long price_cents, struct mb_cost *out,
			       struct mb_error *err);

/*
 * Parse a list price such as "9.99", "12" or "12.5" (digits, at most two
 * after the point; no sign, exponent or currency) into cents, 1 to
 * max_cents. MB_ERR_INPUT naming the text otherwise.
 */
enum mb_status mb_cost_parse_price(const char *text, long max_cents, long *cents,
				   struct mb_error *err);

/* "$9.99", "-$0.35" into buf */
const char *mb_cost_money(const struct mb_cost *cost, long cents, char *buf, size_t size);

/*
 * The warning for a price just under a rate step, or NULL when there is
 * none: "at $9.99 (rate 60 %) the book earns $2.75, $1.00 more than at
 * $9.98 for $0.01 more". Written into buf.
 */
const char *mb_cost_threshold_warning(const struct mb_cost *cost, char *buf, size_t size);

#endif
