/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The pages around the mazes (include/mazebook/page/page_matter.h): each page's
 * drawing list holds its words in the book's language, a page turned off
 * in pages: is not in the plan, the contents name the real pages, the
 * certificate is last, the seed only with print_seed, nothing leaves the
 * live area, and broken pages: values fail at their line and column.
 * Text is measured with a fixed-advance font (0.55 em a byte), so the
 * tests need no font backend.
 */
#include "config.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/book/labels.h"
#include "mazebook/book/layout.h"
#include "mazebook/book/spec.h"
#include "mazebook/page/page_matter.h"

#include "check_main.h"

static double fixed_width(void *ctx, enum mb_face face, double size, const char *utf8,
			  size_t len)
{
	size_t chars = 0;

	(void)ctx;
	for (size_t i = 0; i < len; i++)
		chars += ((unsigned char)utf8[i] & 0xc0) != 0x80;
	return (double)chars * size * (face == MB_FACE_BOLD ? 0.6 : 0.55);
}

static void fixed_extents(void *ctx, enum mb_face face, double *ascent, double *descent,
			  double *cap)
{
	(void)ctx;
	(void)face;
	*ascent = 0.93;
	*descent = 0.24;
	*cap = 0.73;
}

static const struct mb_text_metrics metrics = { NULL, fixed_width, fixed_extents };

static const char base_spec[] = "title: The Big Maze Book\n"
				"author: Ann Example\n"
				"level: easy\n"
				"mazes: 30\n"
				"seed: 5\n"
				"year: 2026\n"
				"imprint: Little Maze Press\n"
				"isbn: 978-1-234567-89-7\n";

struct fixture {
	struct mb_book_spec spec;
	struct mb_page_plan plan;
	struct mb_page_context ctx;
	struct mb_draw_list *list;
};

/* parse base_spec plus extra, plan it */
static void setup(struct fixture *f, const char *extra)
{
	char *text = malloc(strlen(base_spec) + strlen(extra) + 1);
	struct mb_error err;

	strcpy(text, base_spec);
	strcat(text, extra);
	mb_error_init(&err);
	ck_assert_msg(mb_spec_parse("book.yaml", text, strlen(text), &f->spec, &err) == MB_OK,
		      "%s", err.message);
	free(text);
}

static void plan(struct fixture *f)
{
	struct mb_error err;

	mb_error_init(&err);
	ck_assert_msg(mb_layout_plan(&f->spec, f->spec.mazes, &f->plan, &err) == MB_OK, "%s",
		      err.message);
	f->ctx = (struct mb_page_context){ .spec = &f->spec, .plan = &f->plan,
					   .labels = mb_labels_find(f->spec.language),
					   .metrics = &metrics };
	ck_assert_ptr_nonnull(f->ctx.labels);
	f->list = mb_draw_new(1, 1);
}

static void teardown(struct fixture *f)
{
	mb_draw_free(f->list);
	mb_layout_release(&f->plan);
	f->spec.section_count = 0;	/* the test's sections are string literals */
	mb_spec_release(&f->spec);
}

/* the first page of kind, or 0 */
static int page_of(const struct mb_page_plan *p, enum mb_page_kind kind)
{
	for (int n = 1; n <= p->page_count; n++)
		if (p->pages[n - 1].kind == kind)
			return n;
	return 0;
}

/* every text run of the list, one per line, into buf */
static const char *texts(const struct mb_draw_list *l, char *buf, size_t size)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < l->count; i++)
		if (l->ops[i].kind == MB_DRAW_TEXT)
			used += (size_t)snprintf(buf + used, used < size ? size - used : 0, "%s\n",
						 l->ops[i].u.text.text);
	return buf;
}

/* the list's text runs joined by spaces: a wrapped line reads as one */
static const char *joined(const struct mb_draw_list *l, char *buf, size_t size)
{
	texts(l, buf, size);
	for (char *p = buf; *p; p++)
		if (*p == '\n')
			*p = ' ';
	return buf;
}

/* Is page n one of the pages around the mazes (composed by page_matter.c)? */
static bool matter(const struct fixture *f, int n)
{
	switch (f->plan.pages[n - 1].kind) {
	case MB_PAGE_COPYRIGHT:
	case MB_PAGE_BELONGS_TO:
	case MB_PAGE_HOW_TO_PLAY:
	case MB_PAGE_CONTENTS:
	case MB_PAGE_SECTION:
	case MB_PAGE_CERTIFICATE:
		return true;
	default:
		return false;
	}
}

/* compose page n (one of the pages around the mazes) and give its text */
static const char *page_text(struct fixture *f, int n, char *buf, size_t size)
{
	ck_assert_msg(n >= 1 && n <= f->plan.page_count && matter(f, n), "page %d", n);
	mb_page_compose(&f->ctx, n, f->list);
	return texts(f->list, buf, size);
}

#define HAS(text, word) ck_assert_msg(strstr((text), (word)), "'%s' not in:\n%s", (word), (text))
#define LACKS(text, word) ck_assert_msg(!strstr((text), (word)), "'%s' in:\n%s", (word), (text))

/*
 * Every run and stroke of page n inside its live area (with the fixed
 * metrics), type at least KDP's least size, lines at least its least weight.
 */
static void inside_live_area(struct fixture *f, int n)
{
	struct mb_rect_pt live;
	double top, bottom, eps = 0.01;

	mb_layout_live_area(&f->plan, n, &live);
	top = f->plan.page_h_pt - (live.y + live.h);
	bottom = top + live.h;
	for (size_t i = 0; i < f->list->count; i++) {
		const struct mb_draw_op *op = &f->list->ops[i];

		if (op->kind == MB_DRAW_TEXT) {
			const struct mb_text_run *t = &op->u.text;
			double w = fixed_width(NULL, t->face, t->size, t->text, strlen(t->text));

			ck_assert_msg(t->x >= live.x - eps && t->x + w <= live.x + live.w + eps,
				      "page %d: '%s' runs %.1f..%.1f, the live area %.1f..%.1f", n,
				      t->text, t->x, t->x + w, live.x, live.x + live.w);
			ck_assert_msg(t->y - 0.93 * t->size >= top - eps &&
					      t->y + 0.24 * t->size <= bottom + eps,
				      "page %d: '%s' at y %.1f outside %.1f..%.1f", n, t->text, t->y,
				      top, bottom);
			ck_assert_msg(t->size >= mb_kdp.min_font_pt - 1e-9, "page %d: %g pt type", n,
				      t->size);
		}
		if (op->kind == MB_DRAW_MOVE || op->kind == MB_DRAW_LINE) {
			const struct mb_point *p = &op->u.p[0];

			ck_assert_msg(p->x >= live.x - eps && p->x <= live.x + live.w + eps &&
					      p->y >= top - eps && p->y <= bottom + eps,
				      "page %d: a point at %.1f, %.1f is outside the live area", n,
				      p->x, p->y);
		}
		if (op->kind == MB_DRAW_STROKE)
			ck_assert(op->u.pen.width >= mb_kdp.min_line_pt - 1e-9);
	}
}

START_TEST(each_page_has_its_words)
{
	struct fixture f;
	char buf[4096];
	const char *t;
	int n;

	setup(&f, "");
	plan(&f);
	/* the order: title, copyright, belongs-to, how to play, contents */
	ck_assert_int_eq(f.plan.pages[0].kind, MB_PAGE_TITLE);
	ck_assert_int_eq(f.plan.pages[1].kind, MB_PAGE_COPYRIGHT);
	ck_assert_int_eq(f.plan.pages[2].kind, MB_PAGE_BELONGS_TO);
	ck_assert_int_eq(f.plan.pages[3].kind, MB_PAGE_HOW_TO_PLAY);
	ck_assert_int_eq(f.plan.pages[4].kind, MB_PAGE_CONTENTS);

	t = page_text(&f, 2, buf, sizeof(buf));
	HAS(t, "The Big Maze Book\n");
	HAS(t, "Copyright © 2026 Ann Example\n");
	HAS(t, "All rights reserved.\n");
	HAS(t, "Published by Little Maze Press\n");
	HAS(t, "ISBN 978-1-234-56789-7\n");
	LACKS(t, "Seed");
	LACKS(t, "5\n");
	inside_live_area(&f, 2);

	t = page_text(&f, 3, buf, sizeof(buf));
	HAS(t, "This book belongs to\n");
	HAS(t, "Name\n");
	HAS(t, "Age\n");
	inside_live_area(&f, 3);

	t = page_text(&f, 4, buf, sizeof(buf));
	HAS(t, "How to play\n");
	HAS(t, "Level: easy\n");
	HAS(t, "Mazes: 30\n");
	LACKS(t, "harder");	/* no ramp in a one-level book */
	inside_live_area(&f, 4);

	n = page_of(&f.plan, MB_PAGE_CERTIFICATE);
	ck_assert_int_eq(n, f.plan.page_count);
	ck_assert_int_eq(f.plan.certificate_page, n);
	t = page_text(&f, n, buf, sizeof(buf));
	HAS(t, "Certificate of Completion\n");
	HAS(t, "for finding the way through all 30 mazes of\n");
	HAS(t, "The Big Maze Book\n");
	HAS(t, "Date\n");
	inside_live_area(&f, n);

	/* a maze page is not one of these pages */
	ck_assert(!matter(&f, f.plan.maze_page[0]));
	teardown(&f);
}
END_TEST

/* the contents' rows: "entry\npage\n" */
static void row(const char *t, const char *entry, int page)
{
	char want[256];

	snprintf(want, sizeof(want), "%s\n%d\n", entry, page);
	HAS(t, want);
}

START_TEST(contents_name_the_real_pages)
{
	struct fixture f;
	char buf[4096];
	const char *t;

	setup(&f, "");
	plan(&f);
	t = page_text(&f, f.plan.contents_page, buf, sizeof(buf));
	HAS(t, "Contents\n");
	row(t, "Mazes", f.plan.maze_page[0]);
	ck_assert_int_eq(f.plan.maze_page[0], 6);
	row(t, "Solutions", page_of(&f.plan, MB_PAGE_SOLUTIONS));
	row(t, "Certificate of Completion", f.plan.page_count);
	inside_live_area(&f, f.plan.contents_page);
	teardown(&f);
}
END_TEST

/* three sections of 10, set over the parsed spec (the sections: reader fills the same fields) */
static void three_sections(struct fixture *f)
{
	static const char *const titles[] = { "Warm-up Walks", "Twisty Trails",
					      "The Great Labyrinth of the Minotaur's Cousin" };
	static const char *const levels[] = { "easy", "medium", "hard" };

	f->spec.section_count = 3;
	for (int i = 0; i < 3; i++) {
		memset(&f->spec.sections[i], 0, sizeof(f->spec.sections[i]));
		f->spec.sections[i].title = (char *)titles[i];
		f->spec.sections[i].level = (char *)levels[i];
		f->spec.sections[i].mazes = 10;
	}
	f->spec.sections[1].description = (char *)"Longer paths with more forks";
}

START_TEST(sections_get_pages_and_contents_rows)
{
	struct fixture f;
	char buf[4096];
	const char *t;

	setup(&f, "");
	three_sections(&f);
	f.spec.order_ramp = true;
	plan(&f);
	ck_assert_int_eq(f.plan.section_count, 3);
	for (int s = 0; s < 3; s++) {
		int n = f.plan.section_page[s];

		ck_assert_int_eq(f.plan.pages[n - 1].kind, MB_PAGE_SECTION);
		ck_assert_int_eq(f.plan.pages[n - 1].first, s);
		/* the section's first maze right after its page */
		ck_assert_int_eq(f.plan.maze_page[f.plan.section_first[s]], n + 1);
		ck_assert_int_eq(f.plan.section_first[s], 10 * s);
		page_text(&f, n, buf, sizeof(buf));
		t = joined(f.list, buf, sizeof(buf));
		HAS(t, f.spec.sections[s].title);
		inside_live_area(&f, n);
	}
	t = page_text(&f, f.plan.section_page[1], buf, sizeof(buf));
	HAS(t, "Level: medium\n");
	HAS(t, "Longer paths with more forks\n");
	HAS(t, "10 mazes\n");
	t = page_text(&f, f.plan.section_page[0], buf, sizeof(buf));
	HAS(t, "Level: easy\n");

	t = page_text(&f, f.plan.contents_page, buf, sizeof(buf));
	for (int s = 0; s < 3; s++)
		row(t, f.spec.sections[s].title, f.plan.section_page[s]);
	row(t, "Solutions", f.plan.solutions_page);
	LACKS(t, "Mazes\n");

	/* the ramp is explained, the levels listed */
	t = page_text(&f, page_of(&f.plan, MB_PAGE_HOW_TO_PLAY), buf, sizeof(buf));
	HAS(t, "each section starts with its easiest.");
	HAS(t, "Level: easy, medium, hard\n");
	teardown(&f);

	/* section pages off: the contents point at each section's first maze */
	setup(&f, "pages:\n  section_pages: false\n");
	three_sections(&f);
	plan(&f);
	ck_assert_int_eq(page_of(&f.plan, MB_PAGE_SECTION), 0);
	t = page_text(&f, f.plan.contents_page, buf, sizeof(buf));
	for (int s = 0; s < 3; s++) {
		ck_assert_int_eq(f.plan.section_page[s], f.plan.maze_page[10 * s]);
		row(t, f.spec.sections[s].title, f.plan.section_page[s]);
	}
	teardown(&f);
}
END_TEST

START_TEST(pages_turned_off_are_absent)
{
	static const struct {
		const char *key;
		enum mb_page_kind kind;
	} keys[] = {
		{ "title", MB_PAGE_TITLE },		{ "copyright", MB_PAGE_COPYRIGHT },
		{ "belongs_to", MB_PAGE_BELONGS_TO },	{ "how_to_play", MB_PAGE_HOW_TO_PLAY },
		{ "contents", MB_PAGE_CONTENTS },	{ "certificate", MB_PAGE_CERTIFICATE },
	};
	struct fixture f;
	char extra[128];

	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		snprintf(extra, sizeof(extra), "pages:\n  %s: false\n", keys[i].key);
		setup(&f, extra);
		plan(&f);
		ck_assert_msg(page_of(&f.plan, keys[i].kind) == 0, "%s: false left its page",
			      keys[i].key);
		ck_assert_int_eq(f.plan.page_count % 2, 0);
		if (keys[i].kind == MB_PAGE_CONTENTS)
			ck_assert_int_eq(f.plan.contents_page, 0);
		if (keys[i].kind == MB_PAGE_CERTIFICATE) {
			ck_assert_int_eq(f.plan.certificate_page, 0);
			ck_assert_int_eq(f.plan.pages[f.plan.page_count - 1].kind == MB_PAGE_SOLUTIONS ||
						 f.plan.pages[f.plan.page_count - 1].kind == MB_PAGE_BLANK,
					 1);
		}
		teardown(&f);
	}
	/* all off: the mazes start on page 1 */
	setup(&f, "pages: {title: no, copyright: no, belongs_to: no, how_to_play: no, "
		  "contents: no, certificate: no}\n");
	plan(&f);
	ck_assert_int_eq(f.plan.maze_page[0], 1);
	ck_assert_int_eq(f.plan.pages[f.plan.page_count - 1].kind == MB_PAGE_CERTIFICATE, 0);
	teardown(&f);
}
END_TEST

START_TEST(seed_only_with_print_seed)
{
	struct fixture f;
	char buf[4096];
	const char *t;

	setup(&f, "print_seed: true\n");
	plan(&f);
	t = page_text(&f, page_of(&f.plan, MB_PAGE_COPYRIGHT), buf, sizeof(buf));
	HAS(t, "Seed: 5\n");
	HAS(t, "The seed rebuilds every maze of this book exactly.\n");
	inside_live_area(&f, page_of(&f.plan, MB_PAGE_COPYRIGHT));
	teardown(&f);
}
END_TEST

/* A spec's copyright line that reserves the rights already is not followed by a second one. */
START_TEST(rights_said_once)
{
	struct fixture f;
	char buf[4096];
	const char *t;

	setup(&f, "copyright: \"Copyright (C) 2026 Ann Example. ALL RIGHTS RESERVED\"\n");
	plan(&f);
	t = page_text(&f, page_of(&f.plan, MB_PAGE_COPYRIGHT), buf, sizeof(buf));
	HAS(t, "Copyright (C) 2026 Ann Example. ALL RIGHTS RESERVED\n");
	LACKS(t, "All rights reserved.");
	teardown(&f);
	setup(&f, "copyright: \"Copyright (C) 2026 Ann Example\"\n");
	plan(&f);
	t = page_text(&f, page_of(&f.plan, MB_PAGE_COPYRIGHT), buf, sizeof(buf));
	HAS(t, "All rights reserved.\n");
	teardown(&f);
}
END_TEST

#define NNBSP "\xe2\x80\xaf"

/* French: a space typed before : ; ? ! becomes one U+202F; none typed, none added */
START_TEST(french_spaces_before_marks)
{
	static const struct {
		const char *in, *fr;
	} cases[] = {
		{ "Labyrinthes : le livre", "Labyrinthes" NNBSP ": le livre" },
		{ "Prêt ? Partez !", "Prêt" NNBSP "? Partez" NNBSP "!" },
		{ "a ; b", "a" NNBSP "; b" },
		{ "a   :", "a" NNBSP ":" },			/* a run of spaces: one */
		{ "a\xc2\xa0:", "a" NNBSP ":" },		/* a no-break space */
		{ "a\xe2\x80\x89!", "a" NNBSP "!" },	/* a thin space */
		{ "a" NNBSP "?", "a" NNBSP "?" },		/* already right */
		{ "10:30, https://x", "10:30, https://x" },	/* none typed */
		{ "Quoi ?!", "Quoi" NNBSP "?!" },
		{ "a b c", "a b c" },
		{ " :", NNBSP ":" },
		{ "", "" },
	};
	const struct mb_labels *fr = mb_labels_find("fr"), *en = mb_labels_find("en");
	const char *words[MB_LABELS_WORDS_MAX];
	size_t n;
	bool nnbsp = false;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *t = mb_labels_typeset(fr, cases[i].in);

		ck_assert_str_eq(t, cases[i].fr);
		free(t);
		/* English (and no labels at all) as typed */
		t = mb_labels_typeset(en, cases[i].in);
		ck_assert_str_eq(t, cases[i].in);
		free(t);
		t = mb_labels_typeset(NULL, cases[i].in);
		ck_assert_str_eq(t, cases[i].in);
		free(t);
	}
	/*
	 * the French words are written so, typeset or not; and among the words
	 * the build checks against the font, so a font without U+202F is
	 * refused for a French book before anything prints
	 */
	n = mb_labels_words(fr, words, MB_LABELS_WORDS_MAX);
	for (size_t i = 0; i < n; i++) {
		char *t = mb_labels_typeset(fr, words[i]);

		ck_assert_str_eq(t, words[i]);
		free(t);
		nnbsp |= strstr(words[i], NNBSP) != NULL;
	}
	ck_assert(nnbsp);
	ck_assert_str_eq(fr->colon, NNBSP ": ");
	ck_assert_str_eq(en->colon, ": ");
	ck_assert_str_eq(fr->cover_level, "Niveau" NNBSP ":");
}
END_TEST

/*
 * A French book's pages around the mazes: the level and the seed as the
 * cover sets them ("Niveau" U+202F ": facile"), and the publisher's title
 * and section words with U+202F where a space was typed.
 */
START_TEST(french_pages_set_marks_as_the_cover)
{
	struct fixture f;
	char buf[4096];
	const char *t;

	setup(&f, "language: fr\nprint_seed: true\n");
	free(f.spec.title);
	f.spec.title = strdup("Labyrinthes : le grand livre");
	plan(&f);
	t = page_text(&f, page_of(&f.plan, MB_PAGE_COPYRIGHT), buf, sizeof(buf));
	HAS(t, "Labyrinthes" NNBSP ": le grand livre\n");
	HAS(t, "Graine" NNBSP ": 5\n");
	LACKS(t, " :");
	t = page_text(&f, page_of(&f.plan, MB_PAGE_HOW_TO_PLAY), buf, sizeof(buf));
	HAS(t, "Niveau" NNBSP ": facile\n");
	HAS(t, "Labyrinthes" NNBSP ": 30\n");
	LACKS(t, "Niveau:");
	LACKS(t, " :");
	t = page_text(&f, page_of(&f.plan, MB_PAGE_CERTIFICATE), buf, sizeof(buf));
	HAS(t, "Labyrinthes" NNBSP ": le grand livre");
	teardown(&f);

	/* English as typed */
	setup(&f, "print_seed: true\n");
	plan(&f);
	t = page_text(&f, page_of(&f.plan, MB_PAGE_HOW_TO_PLAY), buf, sizeof(buf));
	HAS(t, "Level: easy\n");
	LACKS(t, NNBSP);
	teardown(&f);
}
END_TEST

START_TEST(words_in_every_language)
{
	static const char *const langs[] = { "de", "fr", "es" };
	struct fixture f;
	char buf[4096], extra[64];
	const char *t;

	for (size_t i = 0; i < mb_labels_count; i++) {
		const struct mb_labels *l = &mb_labels_table[i];
		const char *words[] = { l->belongs_to, l->name, l->age, l->ramp, l->contents,
					l->section_mazes, l->certificate_title,
					l->certificate_awarded, l->certificate_text, l->date,
					l->signed_by, l->isbn, l->rights };

		for (size_t k = 0; k < sizeof(words) / sizeof(words[0]); k++)
			ck_assert_msg(words[k] && *words[k], "%s: word %zu missing", l->language, k);
		ck_assert(strstr(l->section_mazes, "%d"));
		ck_assert(strstr(l->certificate_text, "%d"));
	}
	for (size_t i = 0; i < sizeof(langs) / sizeof(langs[0]); i++) {
		const struct mb_labels *l = mb_labels_find(langs[i]);

		snprintf(extra, sizeof(extra), "language: %s\n", langs[i]);
		setup(&f, extra);
		three_sections(&f);
		f.spec.order_ramp = true;
		plan(&f);
		t = page_text(&f, page_of(&f.plan, MB_PAGE_BELONGS_TO), buf, sizeof(buf));
		HAS(t, l->belongs_to);
		t = page_text(&f, page_of(&f.plan, MB_PAGE_HOW_TO_PLAY), buf, sizeof(buf));
		HAS(t, l->how_to_play_title);
		/* the ramp sentence's first words (it wraps) */
		{
			char first[24];

			snprintf(first, sizeof(first), "%.*s", (int)strcspn(l->ramp, ":"), l->ramp);
			first[strlen(first) > 12 ? 12 : strlen(first)] = '\0';
			HAS(t, first);
		}
		t = page_text(&f, f.plan.contents_page, buf, sizeof(buf));
		HAS(t, l->contents);
		t = page_text(&f, f.plan.certificate_page, buf, sizeof(buf));
		HAS(t, l->certificate_title);
		LACKS(t, "Certificate of Completion");
		teardown(&f);
	}
}
END_TEST

START_TEST(long_words_stay_inside_small_trims)
{
	struct fixture f;
	char buf[8192];

	setup(&f, "trim: 5x8\nsubtitle: x\n");
	free(f.spec.title);
	f.spec.title = strdup("An Extraordinarily Long Title For A Book Of Mazes That Goes On And "
			      "On Until It Needs Three Lines");
	three_sections(&f);
	f.spec.sections[2].title = (char *)"Supercalifragilisticexpialidocious-Labyrinths";
	plan(&f);
	for (int n = 1; n <= f.plan.page_count; n++)
		if (matter(&f, n)) {
			page_text(&f, n, buf, sizeof(buf));
			inside_live_area(&f, n);
		}
	teardown(&f);
}
END_TEST

START_TEST(broken_pages_values_fail_at_their_place)
{
	static const struct {
		const char *text, *message;
	} bad[] = {
		{ "pages:\n  title: maybe\n",
		  "book.yaml:10:10: 'pages.title' must be true or false, not 'maybe'" },
		{ "pages:\n  certficate: false\n",
		  "book.yaml:10:3: unknown key 'certficate' in 'pages' (did you mean "
		  "'certificate'?)" },
		{ "pages: yes\n", "book.yaml:9:8: 'pages' must be a mapping of title" },
		{ "pages:\n  contents: [a]\n", "book.yaml:10:13: 'pages.contents' must be" },
		{ "pages:\n  contents: no\n  contents: yes\n",
		  "book.yaml:11:3: duplicate key 'contents'" },
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char *text = malloc(strlen(base_spec) + strlen(bad[i].text) + 1);
		struct mb_book_spec spec;
		struct mb_error err;
		char where[MB_ERROR_MESSAGE_MAX + 64];

		strcpy(text, base_spec);
		strcat(text, bad[i].text);
		mb_error_init(&err);
		ck_assert_int_eq(mb_spec_parse("book.yaml", text, strlen(text), &spec, &err),
				 MB_ERR_INPUT);
		snprintf(where, sizeof(where), "%s:%d:%d: %s", err.file, err.line, err.column,
			 err.message);
		ck_assert_msg(strstr(where, bad[i].message), "got '%s', want '%s'", where,
			      bad[i].message);
		free(text);
	}
}
END_TEST

START_TEST(one_sided_keeps_mazes_on_right_hand_pages)
{
	struct fixture f;

	setup(&f, "one_sided: true\n");
	three_sections(&f);
	plan(&f);
	for (int s = 0; s < 3; s++)
		ck_assert(mb_layout_is_recto(f.plan.section_page[s]));
	for (int i = 0; i < f.plan.maze_count; i++)
		ck_assert_msg(mb_layout_is_recto(f.plan.maze_page[i]), "maze %d on page %d", i + 1,
			      f.plan.maze_page[i]);
	ck_assert_int_eq(f.plan.pages[f.plan.page_count - 1].kind, MB_PAGE_CERTIFICATE);
	ck_assert_int_eq(f.plan.page_count % 2, 0);
	teardown(&f);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("page_matter");
	TCase *tc = tcase_create("page_matter");

	tcase_add_test(tc, each_page_has_its_words);
	tcase_add_test(tc, contents_name_the_real_pages);
	tcase_add_test(tc, sections_get_pages_and_contents_rows);
	tcase_add_test(tc, pages_turned_off_are_absent);
	tcase_add_test(tc, seed_only_with_print_seed);
	tcase_add_test(tc, rights_said_once);
	tcase_add_test(tc, words_in_every_language);
	tcase_add_test(tc, long_words_stay_inside_small_trims);
	tcase_add_test(tc, broken_pages_values_fail_at_their_place);
	tcase_add_test(tc, one_sided_keeps_mazes_on_right_hand_pages);
	tcase_add_test(tc, french_spaces_before_marks);
	tcase_add_test(tc, french_pages_set_marks_as_the_cover);
	suite_add_tcase(s, tc);
	return s;
}
