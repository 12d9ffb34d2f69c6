/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The checks of `mazebook build`: before anything is written (the spec's
 * words and glyphs, the cover's plan, the catalogue, the seed) and after
 * (the KDP preflight, the cost, the ISBN), and what a failed check leaves
 * for the user to look at.
 */
#include "config.h"

#include <dirent.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "mazebook/backend/contact_sheet.h"
#include "mazebook/backend/cover.h"
#include "mazebook/backend/fonts.h"
#include "mazebook/base/xalloc.h"
#include "mazebook/book/isbn.h"
#include "mazebook/page/glyphs.h"

#include "build.h"

/*
 * The preflight, and the contact sheet (book-preview.png, the whole book
 * at a glance) drawn from the same reading of the interior's pages: each
 * content stream parsed once instead of twice was 0.5 s of CPU on a book
 * of 100 round expert mazes.
 */
enum mb_status build_run_preflight(struct build *b, struct mb_error *err)
{
	struct mb_contact_sheet_info sheet = { 0 };
	enum mb_status st;
	struct mb_preflight_options opts = {
		.interior_path = b->tx.files[FILE_INTERIOR].temp_path,
		.cover_path = b->tx.files[FILE_COVER].temp_path,
		.spec_path = b->spec_in_place ? b->spec.path : b->tx.files[FILE_SPEC].temp_path,
		.checklist_dir = b->out_dir,
		.interior_as = file_names[FILE_INTERIOR],
		.cover_as = file_names[FILE_COVER],
		.spec_as = file_names[FILE_SPEC],
		.params = {
			.trim_given = true,
			.trim = b->spec.trim,
			.paper = b->spec.paper,
			.bleed = b->spec.bleed,
			.binding = b->spec.binding,
			.ink = b->spec.ink,
			/* the cover's count is decided from the spec: add_cover_count_check */
			.mazes = 0,
		},
		.sheet_png = b->tx.files[FILE_BOOK_PREVIEW].temp_path,
		.sheet_info = &sheet,
	};

	st = mb_preflight_run(&opts, &b->checklist, err);
	b->sheet_s = sheet.seconds;
	return st;
}

/*
 * cover.count for mazebook's own cover, decided from the spec: each text
 * the cover prints is known, and was read on its own before any maze was
 * made (mb_spec_check_words refuses a count that disagrees). Reading the
 * cover's text run together would take a title's "Ages 4-6" before a
 * subtitle's "Easy Mazes" for a count; `mazebook check` reads others' covers.
 */
void build_add_cover_count_check(struct build *b)
{
	char keys[256], count[48];
	int mazes = b->spec.mazes;

	snprintf(count, sizeof(count), "%d maze%s", mazes, mazes == 1 ? "" : "s");
	if (mb_spec_count_keys(&b->spec, keys, sizeof(keys)))
		mb_checklist_add(&b->checklist, "cover.count", MB_CHECK_PASS, "1", count, count,
				 "the cover's words say %d mazes, as the book has (%s, each read "
				 "from the spec)", mazes, keys);
	else
		mb_checklist_add(&b->checklist, "cover.count", MB_CHECK_PASS, "1", "no count",
				 count, "no text of the spec names a number of mazes; the back "
				 "cover's line is the book's own count");
}

/*
 * The ISBN as the copyright page prints it: hyphenated by the ISBN
 * Agency's ranges, or its bare digits when its range is not in our data
 * (newer than it, or never assigned): a warning, not a refusal, since the
 * book may well be right and the data old.
 */
void build_add_isbn_check(struct build *b)
{
	char printed[MB_ISBN_PRINT_SIZE], why[256];
	bool assigned = false;

	if (!b->spec.isbn[0] || mb_isbn_hyphenate(b->spec.isbn, printed, &assigned))
		return;
	if (assigned)
		mb_checklist_add(&b->checklist, "interior.isbn", MB_CHECK_PASS, "", printed,
				 "the ISBN ranges", "ISBN %s, hyphenated by the ISBN Agency's "
				 "ranges of %s", printed, mb_isbn_ranges_date);
	else
		mb_checklist_add(&b->checklist, "interior.isbn", MB_CHECK_WARN, "", printed,
				 "the ISBN ranges", "%s; printed without hyphens: check the ISBN "
				 "with your agency", mb_isbn_unassigned(b->spec.isbn, why,
									sizeof(why)) ?
				 why : "the ISBN is in no range of the ISBN Agency's data");
}

/*
 * The money, on the checklist: the printing cost, and at the spec's list
 * price the royalty. A price under KDP's minimum fails (KDP refuses it); a
 * price just under a rate step (the $9.99 one) warns.
 */
void build_add_cost_checks(struct build *b)
{
	const struct mb_cost *c = &b->cost;
	char trim[64], what[64], cost[32], min[32], price[32], roy[32], exp[32], warn[256];
	struct mb_print print = mb_spec_print(&b->spec);

	mb_cost_money(c, c->printing_cents, cost, sizeof(cost));
	mb_cost_money(c, c->min_price_cents, min, sizeof(min));
	mb_checklist_add(&b->checklist, "edition.printing-cost", MB_CHECK_PASS, "", cost,
			 "specs/cost.def",
			 "%s to print on %s (%s%s, %d pages, %s, %s; %s): minimum list price %s",
			 cost, c->marketplace->name, mb_kdp_trim_name(&b->spec.trim, trim, sizeof(trim)),
			 c->large ? ", large trim" : "", c->pages, mb_kdp_binding_name(print.binding),
			 mb_kdp_print_name(&print, what, sizeof(what)), mb_cost_version, min);
	if (!c->priced)
		return;
	mb_cost_money(c, c->price_cents, price, sizeof(price));
	mb_cost_money(c, c->royalty_cents, roy, sizeof(roy));
	mb_cost_money(c, c->expanded_royalty_cents, exp, sizeof(exp));
	if (c->price_cents < c->min_price_cents)
		mb_checklist_add(&b->checklist, "edition.royalty", MB_CHECK_FAIL, "", price, min,
				 "list price %s is under the minimum %s: printing costs %s, and KDP "
				 "refuses a price that earns less than nothing (royalty %s)",
				 price, min, cost, roy);
	else if (mb_cost_threshold_warning(c, warn, sizeof(warn)))
		mb_checklist_add(&b->checklist, "edition.royalty", MB_CHECK_WARN, "", roy, price,
				 "royalty %s at %s (%g %%): %s", roy, price, c->rate * 100, warn);
	else
		mb_checklist_add(&b->checklist, "edition.royalty", MB_CHECK_PASS, "", roy, price,
				 "royalty %s at %s (%g %%); with Expanded Distribution %s", roy,
				 price, c->rate * 100, exp);
}

/*
 * Take away the fault pictures an earlier build left in DIR/faults (the
 * names the preflight gives them, nothing else), and the folder when that
 * empties it: a passing build leaves no faults behind, and a failing one
 * shows only its own.
 */
void build_clear_fault_pictures(const struct build *b)
{
	char *dir = xasprintf("%s/%s", b->out_dir, FAULT_PICTURES_DIR);
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && (e = readdir(d))) {
		size_t n = strlen(e->d_name);

		if (!strcmp(e->d_name, "cover.png") ||
		    (!strncmp(e->d_name, "interior-page-", 14) && n > 18 &&
		     !strcmp(e->d_name + n - 4, ".png"))) {
			char *path = xasprintf("%s/%s", dir, e->d_name);

			unlink(path);
			free(path);
		}
	}
	if (d) {
		closedir(d);
		rmdir(dir);	/* fails, and keeps it, when the publisher put more there */
	}
	free(dir);
}

/* print every failing check; the build stops */
void build_report_failures(const struct build *b)
{
	char *text = mb_checklist_text(&b->checklist);
	const char *line = text;
	char *dir = xasprintf("%s/%s", b->out_dir, FAULT_PICTURES_DIR);
	struct mb_error err;
	int written = 0;

	fprintf(stderr, "mazebook build: the book fails its checks; nothing was replaced\n");
	while (line && *line) {
		size_t len = strcspn(line, "\n");

		if (!strncmp(line, "FAIL", 4))
			fprintf(stderr, "  %.*s\n", (int)len, line);
		line += len + (line[len] ? 1 : 0);
	}
	free(text);
	/* the pages at fault as pictures, from the files that were checked */
	mb_error_init(&err);
	build_clear_fault_pictures(b);
	if (mb_output_mkdirs(dir, &err) ||
	    mb_preflight_pictures(&b->checklist, b->tx.files[FILE_INTERIOR].temp_path,
				  b->tx.files[FILE_COVER].temp_path, dir, FAULT_PICTURES_MAX, &written, &err))
		fprintf(stderr, "mazebook build: no pictures of the faults: %s\n", err.message);
	else
		fprintf(stderr, "mazebook build: %d picture%s of the faults in '%s'\n", written,
			written == 1 ? "" : "s", dir);
	free(dir);
}

/*
 * The starter spec's placeholders ("Your Name") and any other in
 * specs/placeholders.def must not reach a book, nor a subtitle that counts
 * other mazes than the book has: refused before anything is written, at
 * the key's place in the spec (mb_spec_check_words).
 */
enum mb_status build_check_placeholders(const struct mb_book_spec *s, struct mb_error *err)
{
	return mb_spec_check_words(s, err);
}

/*
 * Every text the book prints, checked against the regular and bold faces
 * of its font before anything is made: a character the font lacks would
 * print as an empty box (interior) or a hex box (cover) and pass every
 * other check.
 */
enum mb_status build_check_glyphs(const struct mb_book_spec *s, struct mb_error *err)
{
	struct mb_glyph_list list;
	struct mb_font_text texts[sizeof(list.texts) / sizeof(list.texts[0])];

	mb_glyphs_list(s, &list);
	for (size_t i = 0; i < list.count; i++)
		texts[i] = (struct mb_font_text){ list.texts[i].field, list.texts[i].what,
						  list.texts[i].text };
	return mb_font_check_texts(mb_spec_font(s), mb_spec_font_bold(s), texts, list.count, err);
}

/*
 * The cover planned before anything is written; the core makes the mazes
 * its cards need (and its pattern), which join the book's
 */
enum mb_status build_cover_check(struct build *b, struct mb_error *err)
{
	struct mb_cover_grid grids[MB_COVER_CARDS];
	size_t n = 0;
	enum mb_status st = mb_cover_check(&b->spec, &b->book, b->plan.page_count, grids, &n,
					   b->spine_note, sizeof(b->spine_note), err);

	if (!st)
		st = mb_cover_plan_mazes(&b->spec, &b->book, b->plan.page_count, grids, n, err);
	return st;
}

/*
 * The catalogue, before anything is written: is any maze of this book one
 * that another book printed? The checklist says what was checked.
 */
enum mb_status build_check_catalogue(struct build *b, struct mb_error *err)
{
	struct mb_catalogue_hit hits[8];
	char *where = NULL, msg[MB_ERROR_MESSAGE_MAX];
	long long mazes = 0, books = 0;
	size_t n = 0;
	enum mb_status st;

	mb_spec_book_id(&b->spec, b->book_id, sizeof(b->book_id));
	b->cat_mazes = mb_catalogue_mazes_of(&b->spec, &b->book, b->plan.maze_page, &b->cat_count);
	/* opened just after the spec's file is checked again (mb_spec_path) */
	if (mb_catalogue_location(b->catalogue_opt, &b->spec, &where, err))
		return err->code;
	if (b->spec.catalogue && !b->quiet && b->catalogue_opt == NULL &&
	    strcmp(mb_catalogue_source(NULL, &b->spec), "the spec's 'catalogue:'"))
		fprintf(stderr, "mazebook build: note: the spec's 'catalogue:' is not used: "
			"$MAZEBOOK_CATALOGUE chooses the catalogue (give --catalogue %s to use "
			"the spec's)\n", !strcmp(b->spec.catalogue, "none") ? "none" : "FILE");
	if (!where) {
		mb_checklist_add(&b->checklist, "catalogue.unique", MB_CHECK_WARN, "", "not checked",
				 "catalogue", "no catalogue ('none'): the %zu mazes were not checked "
				 "against the books printed before", b->cat_count);
		return MB_OK;
	}
	st = mb_catalogue_open(where, true, &b->cat, err);
	free(where);
	if (!st)
		st = mb_catalogue_repeats(b->cat, b->book_id, b->cat_mazes, b->cat_count, hits, 8,
					  &n, err);
	if (!st)
		st = mb_catalogue_size(b->cat, b->book_id, &mazes, &books, err);
	if (st)
		return st;
	if (n == 1)
		return mb_error_set(err, MB_ERR_CHECK, "%s",
				    mb_catalogue_repeat_message(&hits[0], b->cat->where, msg, sizeof(msg)));
	if (n)
		return mb_error_set(err, MB_ERR_CHECK, "%zu of the %zu mazes were printed before; %s",
				    n, b->cat_count,
				    mb_catalogue_repeat_message(&hits[0], b->cat->where, msg, sizeof(msg)));
	/*
	 * the checklist says what was checked, not the catalogue's size: that
	 * changes with every other book, and the same spec and seed give the
	 * same folder byte for byte (the summary prints the size)
	 */
	mb_checklist_add(&b->checklist, "catalogue.unique", MB_CHECK_PASS, "", "0 repeats",
			 "0 repeats", "%zu maze keys checked against the catalogue of the books "
			 "printed before: none is a repeat", b->cat_count);
	b->cat_size[0] = mazes;
	b->cat_size[1] = books;
	return MB_OK;
}

/* the book's rows, in a transaction left open until the files are in place */
enum mb_status build_record_in_catalogue(struct build *b, struct mb_error *err)
{
	char hex[MB_SHA256_HEX_SIZE], when[32], msg[MB_ERROR_MESSAGE_MAX];
	char *out;
	time_t now = time(NULL);
	struct mb_catalogue_hit hit;
	struct mb_catalogue_book book;
	enum mb_status st;

	if (!b->cat)
		return MB_OK;
	out = realpath(b->out_dir, NULL);
	mb_sha256_hex(b->spec.source ? b->spec.source : "", b->spec.source_len, hex);
	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	book = (struct mb_catalogue_book){ b->book_id, b->spec.title, hex,
					   out ? out : b->out_dir, when, "built" };
	st = mb_catalogue_record(b->cat, &book, b->cat_mazes, b->cat_count, &hit, err);
	free(out);
	if (st == MB_ERR_CHECK && hit.book_id[0])
		return mb_error_set(err, MB_ERR_CHECK, "%s (recorded while this book was being "
				    "built)", mb_catalogue_repeat_message(&hit, b->cat->where, msg,
									  sizeof(msg)));
	return st;
}

/* the files are in place: the rows become the catalogue's */
enum mb_status build_commit_catalogue(struct build *b, struct mb_error *err)
{
	struct mb_error why;

	mb_error_init(&why);
	if (!b->cat || !mb_catalogue_commit(b->cat, &why))
		return MB_OK;
	/* the book is whole on disk; only its record failed */
	return mb_error_set(err, why.code, "the book is in '%s' but the catalogue did not "
			    "record it: %s; run 'mazebook catalogue import %s'", b->out_dir,
			    why.message, b->out_dir);
}

/* a spec must carry its seed: a default would give every book the same mazes */
enum mb_status build_require_seed(const struct mb_book_spec *s, struct mb_error *err)
{
	uint64_t fresh = 0;

	if (mb_spec_where(s, "seed", NULL, NULL))
		return MB_OK;
	if (getrandom(&fresh, sizeof(fresh), 0) != sizeof(fresh))
		fresh = (uint64_t)time(NULL) * UINT64_C(0x9e3779b97f4a7c15);
	return mb_error_set(err, MB_ERR_INPUT,
			    "%s: no 'seed:': every book needs a seed of its own (a default one "
			    "would print the same mazes in every book); add this line, with a "
			    "seed drawn just now at random:\n  seed: %llu", s->path,
			    (unsigned long long)fresh);
}
