/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * An edition's plan, cost and price, decided from the spec alone
 * (include/mazebook/book/editions.h). Running the editions and a series'
 * volumes, each a whole build, is the build command's (src/cmd).
 */
#include "config.h"

#include "mazebook/book/editions.h"
#include "mazebook/kdp/kdp.h"

/*
 * A list price under the edition's minimum, refused at the price's key
 * before anything is made: the minimum follows from the plan's page count,
 * trim, binding and ink, all known from the spec.
 */
static enum mb_status check_price(const struct mb_book_spec *s, const struct mb_cost *c,
				  struct mb_error *err)
{
	const char *key = s->binding == MB_BINDING_HARDCOVER ? "price.hardcover" : "price.paperback";
	char price[32], min[32], cost[32], trim[64];

	if (!c->priced || c->price_cents >= c->min_price_cents)
		return MB_OK;
	if (!mb_spec_where(s, key, NULL, NULL))
		key = "price";
	mb_cost_money(c, c->price_cents, price, sizeof(price));
	mb_cost_money(c, c->min_price_cents, min, sizeof(min));
	mb_cost_money(c, c->printing_cents, cost, sizeof(cost));
	return mb_error_set_field(err, MB_ERR_INPUT, key,
				  "list price %s is under the minimum %s: the %s edition (%d pages, "
				  "%s, %s) costs %s to print on %s, and KDP refuses a price that "
				  "earns less than nothing; give '%s' %s or more",
				  price, min, mb_kdp_binding_name(s->binding), c->pages,
				  mb_kdp_trim_name(&s->trim, trim, sizeof(trim)),
				  mb_kdp_ink_name(s->ink), cost, c->marketplace->name, key, min);
}

enum mb_status mb_edition_plan(const struct mb_book_spec *spec, struct mb_page_plan *plan,
			       struct mb_cost *cost, struct mb_error *err)
{
	if (mb_layout_plan(spec, spec->mazes, plan, err) ||
	    mb_cost_compute(NULL, spec->binding, spec->ink, spec->trim.large, plan->page_count,
			    mb_spec_price_cents(spec), cost, err))
		return err->code;
	return check_price(spec, cost, err);
}
