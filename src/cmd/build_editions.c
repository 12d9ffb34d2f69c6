/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * A spec's editions and a series' volumes: each is one more build of the
 * same spec, with its own folder, price check and plan.
 */
#include "config.h"

#include <stdlib.h>

#include "build.h"

/* "--volumes 2-4" or "3" into *from, *to (1-based, inclusive) */
bool build_parse_volumes(const char *text, int *from, int *to)
{
	char *end;
	long a = strtol(text, &end, 10), z = a;

	if (end == text || a < 1 || a > MB_SPEC_MAX_VOLUMES)
		return false;
	if (*end == '-') {
		const char *p = end + 1;

		z = strtol(p, &end, 10);
		if (end == p || z < a || z > MB_SPEC_MAX_VOLUMES)
			return false;
	}
	*from = (int)a;
	*to = (int)z;
	return *end == '\0';
}

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

/*
 * What the spec alone decides of an edition: its page plan (page limits,
 * grid and solution sizes), its printing cost and its price. The caller
 * releases plan, also when this fails.
 */
enum mb_status build_plan_and_price(const struct mb_book_spec *s, struct mb_page_plan *plan,
				    struct mb_cost *cost, struct mb_error *err)
{
	if (mb_layout_plan(s, s->mazes, plan, err) ||
	    mb_cost_compute(NULL, s->binding, s->ink, s->trim.large, plan->page_count,
			    mb_spec_price_cents(s), cost, err))
		return err->code;
	return check_price(s, cost, err);
}

/*
 * editions: [paperback, hardcover]: each edition is a whole build of its
 * own into DIR/<binding>/, from the bytes of the spec read once (it may be
 * a pipe), one after the other; the first that fails stops the rest.
 */
int build_editions(int argc, char **argv, const struct mb_book_spec *first, int volume)
{
	int rc = MB_EXIT_OK;

	/*
	 * every edition's plan and price first: one that cannot be made or sold
	 * stops all before any is
	 */
	for (int i = 0; i < first->edition_count; i++) {
		struct mb_book_spec s = *first;	/* borrowed strings: only read */
		struct mb_page_plan plan = { 0 };
		struct mb_cost cost;
		struct mb_error err;
		enum mb_status st;

		mb_error_init(&err);
		s.binding = first->editions[i];
		st = build_plan_and_price(&s, &plan, &cost, &err);
		mb_layout_release(&plan);
		if (st) {
			mb_spec_locate(first, &err);
			return build_fail(&err);
		}
	}
	for (int i = 0; i < first->edition_count && rc == MB_EXIT_OK; i++)
		rc = build_run_edition(argc, argv, i, first, volume);
	return rc;
}

/*
 * series: {volumes: N}: each volume is a whole build (its editions too)
 * into DIR/vol-<n>/, with its own seed, title and book id; the catalogue
 * sees each volume's mazes before the next volume is checked.
 */
int build_series(int argc, char **argv, const struct mb_book_spec *first, int from, int to)
{
	int rc = MB_EXIT_OK;

	if (to > first->series.volumes) {
		fprintf(stderr, "mazebook build: --volumes %d-%d: the series has %d volumes\n", from,
			to, first->series.volumes);
		return MB_EXIT_USAGE;
	}
	for (int n = from; n <= to && rc == MB_EXIT_OK; n++)
		rc = build_run_edition(argc, argv, -1, first, n);
	return rc;
}
