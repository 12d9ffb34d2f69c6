/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Printing cost and royalty, computed from the data in specs/cost.def.
 * Money is kept in whole cents; each figure rounds to the nearest cent
 * (half a cent up) once, as KDP's own figures do.
 */
#include "config.h"
#include "mazebook/kdp/cost.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAPERBACK MB_BINDING_PAPERBACK
#define HARDCOVER MB_BINDING_HARDCOVER
#define BLACK MB_INK_BLACK
#define STANDARD_COLOUR MB_INK_STANDARD_COLOUR
#define PREMIUM_COLOUR MB_INK_PREMIUM_COLOUR
#define AMAZON MB_COST_CHANNEL_AMAZON
#define EXPANDED MB_COST_CHANNEL_EXPANDED

const char mb_cost_version[] =
#define COST_VERSION(text) text
#include "cost.def"
	;

const struct mb_cost_marketplace mb_cost_marketplaces[] = {
#define COST_MARKETPLACE(name, currency, symbol, max_list_price, source) \
	{ name, currency, symbol, max_list_price, source },
#include "cost.def"
};
const size_t mb_cost_marketplace_count =
	sizeof(mb_cost_marketplaces) / sizeof(mb_cost_marketplaces[0]);

const struct mb_cost_row mb_cost_rows[] = {
#define COST_ROW(marketplace, binding, ink, min_pages, max_pages, fixed, per_page, large_fixed, \
		 large_per_page, source)                                                      \
	{ marketplace, binding, ink, min_pages, max_pages, fixed, per_page, large_fixed,       \
	  large_per_page, source },
#include "cost.def"
};
const size_t mb_cost_row_count = sizeof(mb_cost_rows) / sizeof(mb_cost_rows[0]);

const struct mb_cost_rate mb_cost_rates[] = {
#define COST_RATE(marketplace, channel, at_least, rate, source) \
	{ marketplace, channel, at_least, rate, source },
#include "cost.def"
};
const size_t mb_cost_rate_count = sizeof(mb_cost_rates) / sizeof(mb_cost_rates[0]);

/* to the nearest cent, half up; the small allowance absorbs binary fractions */
static long to_cents(double cents)
{
	return (long)floor(cents + 0.5 + 1e-6);
}

static long money_cents(double amount)
{
	return to_cents(amount * 100.0);
}

/* the rate row for a list price: the highest threshold not above it */
static const struct mb_cost_rate *rate_at(const char *marketplace, enum mb_cost_channel channel,
					  long price_cents)
{
	const struct mb_cost_rate *best = NULL;

	for (size_t i = 0; i < mb_cost_rate_count; i++) {
		const struct mb_cost_rate *r = &mb_cost_rates[i];

		if (strcmp(r->marketplace, marketplace) || r->channel != channel ||
		    money_cents(r->at_least) > price_cents)
			continue;
		if (!best || r->at_least > best->at_least)
			best = r;
	}
	return best;
}

static long royalty(const char *marketplace, enum mb_cost_channel channel, long price_cents,
		    long printing_cents, double *rate)
{
	const struct mb_cost_rate *r = rate_at(marketplace, channel, price_cents);
	double k = r ? r->rate : 0;

	if (rate)
		*rate = k;
	return to_cents(k * (double)price_cents - (double)printing_cents);
}

/* the least price whose royalty (unrounded) is not negative */
static long min_price(const char *marketplace, long printing_cents)
{
	long best = -1;

	for (size_t i = 0; i < mb_cost_rate_count; i++) {
		const struct mb_cost_rate *r = &mb_cost_rates[i];
		long from = money_cents(r->at_least), p;

		if (strcmp(r->marketplace, marketplace) || r->channel != MB_COST_CHANNEL_AMAZON ||
		    r->rate <= 0)
			continue;
		p = (long)ceil((double)printing_cents / r->rate - 1e-6);
		if (p < from)
			p = from;
		/* only if this rate is the one that applies at p */
		if (rate_at(marketplace, MB_COST_CHANNEL_AMAZON, p) != r)
			continue;
		if (best < 0 || p < best)
			best = p;
	}
	return best;
}

static const struct mb_cost_marketplace *find_marketplace(const char *name)
{
	for (size_t i = 0; i < mb_cost_marketplace_count; i++)
		if (!strcmp(mb_cost_marketplaces[i].name, name))
			return &mb_cost_marketplaces[i];
	return NULL;
}

enum mb_status mb_cost_compute(const char *marketplace, enum mb_binding binding, enum mb_ink ink,
			       bool large, int pages, long price_cents, struct mb_cost *out,
			       struct mb_error *err)
{
	const struct mb_cost_marketplace *m;
	const struct mb_cost_row *row = NULL;
	int lo = 0, hi = 0;

	memset(out, 0, sizeof(*out));
	if (!marketplace)
		marketplace = MB_COST_MARKETPLACE_DEFAULT;
	m = find_marketplace(marketplace);
	if (!m)
		return mb_error_set(err, MB_ERR_INPUT, "no printing costs for marketplace '%s' "
				    "(specs/cost.def has: %s)", marketplace,
				    mb_cost_marketplaces[0].name);
	/* KDP pads an odd count with a blank page, and prints (and charges) that */
	if (pages > 0 && pages % 2)
		pages++;
	for (size_t i = 0; i < mb_cost_row_count; i++) {
		const struct mb_cost_row *r = &mb_cost_rows[i];

		if (strcmp(r->marketplace, marketplace) || r->binding != binding || r->ink != ink)
			continue;
		if (!lo || r->min_pages < lo)
			lo = r->min_pages;
		if (r->max_pages > hi)
			hi = r->max_pages;
		if (pages >= r->min_pages && pages <= r->max_pages)
			row = r;
	}
	if (!lo)
		return mb_error_set_field(err, MB_ERR_INPUT, "ink",
					  "KDP prints no %s in %s ink on %s", mb_kdp_binding_name(binding),
					  mb_kdp_ink_name(ink), marketplace);
	if (!row)
		return mb_error_set_field(err, MB_ERR_INPUT, "pages",
					  "KDP prints a %s in %s ink with %d to %d pages, not %d",
					  mb_kdp_binding_name(binding), mb_kdp_ink_name(ink), lo, hi,
					  pages);
	if (price_cents > money_cents(m->max_list_price))
		return mb_error_set_field(err, MB_ERR_INPUT, "price",
					  "a list price of %s%ld.%02ld is above %s's maximum of %s%.2f",
					  m->symbol, price_cents / 100, price_cents % 100, m->name,
					  m->symbol, m->max_list_price);
	out->marketplace = m;
	out->row = row;
	out->pages = pages;
	out->large = large;
	out->printing_cents =
		to_cents(100.0 * (large ? row->large_fixed : row->fixed) +
			 100.0 * pages * (large ? row->large_per_page : row->per_page));
	out->min_price_cents = min_price(marketplace, out->printing_cents);
	if (price_cents < 0)
		return MB_OK;
	out->priced = true;
	out->price_cents = price_cents;
	out->royalty_cents = royalty(marketplace, MB_COST_CHANNEL_AMAZON, price_cents,
				     out->printing_cents, &out->rate);
	out->expanded_royalty_cents = royalty(marketplace, MB_COST_CHANNEL_EXPANDED, price_cents,
					      out->printing_cents, NULL);
	/* the nearest rate step above the price that earns more than it costs the reader */
	for (size_t i = 0; i < mb_cost_rate_count; i++) {
		const struct mb_cost_rate *r = &mb_cost_rates[i];
		long step = money_cents(r->at_least), gain;
		double k;

		if (strcmp(r->marketplace, marketplace) || r->channel != MB_COST_CHANNEL_AMAZON ||
		    step <= price_cents)
			continue;
		gain = royalty(marketplace, MB_COST_CHANNEL_AMAZON, step, out->printing_cents, &k) -
		       out->royalty_cents;
		if (gain > step - price_cents &&
		    (!out->next_price_cents || step < out->next_price_cents)) {
			out->next_price_cents = step;
			out->next_rate = k;
			out->next_royalty_cents = out->royalty_cents + gain;
		}
	}
	return MB_OK;
}

enum mb_status mb_cost_parse_price(const char *text, long max_cents, long *cents,
				   struct mb_error *err)
{
	const char *p = text;
	long whole = 0, frac = 0;
	int digits = 0, decimals = 0;

	for (; *p >= '0' && *p <= '9'; p++, digits++)
		if (digits < 7)
			whole = whole * 10 + (*p - '0');
	if (*p == '.') {
		for (p++; *p >= '0' && *p <= '9'; p++, decimals++)
			if (decimals < 2)
				frac = frac * 10 + (*p - '0');
	}
	if (!digits || *p || decimals > 2 || (text[digits] == '.' && decimals == 0))
		return mb_error_set_field(err, MB_ERR_INPUT, "price",
					  "bad list price '%s' (expected an amount such as 9.99: "
					  "digits, at most two after the point, no currency sign)",
					  text);
	if (decimals == 1)
		frac *= 10;
	if (digits > 7 || whole * 100 + frac > max_cents || whole * 100 + frac < 1)
		return mb_error_set_field(err, MB_ERR_INPUT, "price",
					  "list price '%s' is out of range (valid: 0.01 to %ld.%02ld)",
					  text, max_cents / 100, max_cents % 100);
	*cents = whole * 100 + frac;
	return MB_OK;
}

const char *mb_cost_money(const struct mb_cost *cost, long cents, char *buf, size_t size)
{
	const char *symbol = cost && cost->marketplace ? cost->marketplace->symbol : "$";
	long a = labs(cents);

	snprintf(buf, size, "%s%s%ld.%02ld", cents < 0 ? "-" : "", symbol, a / 100, a % 100);
	return buf;
}

const char *mb_cost_threshold_warning(const struct mb_cost *cost, char *buf, size_t size)
{
	char at[32], earns[32], more[32], now[32], step[32];

	if (!cost->priced || !cost->next_price_cents)
		return NULL;
	snprintf(buf, size,
		 "at %s (rate %g %%) the book earns %s, %s more than at %s for %s more: "
		 "price it at %s",
		 mb_cost_money(cost, cost->next_price_cents, at, sizeof(at)), cost->next_rate * 100,
		 mb_cost_money(cost, cost->next_royalty_cents, earns, sizeof(earns)),
		 mb_cost_money(cost, cost->next_royalty_cents - cost->royalty_cents, more,
			       sizeof(more)),
		 mb_cost_money(cost, cost->price_cents, now, sizeof(now)),
		 mb_cost_money(cost, cost->next_price_cents - cost->price_cents, step, sizeof(step)),
		 at);
	return buf;
}
