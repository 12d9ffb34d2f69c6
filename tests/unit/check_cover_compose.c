/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The cover composed by the core as a drawing list, checked without any
 * renderer: text metrics come from a fixed-pitch stand-in (each character
 * 0.6 of the size wide), so every measure here is arithmetic. The list is
 * read back for what it prints (text runs and where, images, the maze
 * groups) and the checks are fed covers they must refuse (text that cannot
 * fit, art too coarse, text that does not read on its background).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mazebook/book/labels.h"
#include "mazebook/page/cover_compose.h"

#include "check_main.h"
#include "../helpers/cover_fixture.h"

static size_t chars(const char *s, size_t len)
{
	size_t n = 0;

	for (size_t i = 0; i < len; i++)
		n += ((unsigned char)s[i] & 0xc0) != 0x80;
	return n;
}

static double mono_width(void *ctx, enum mb_face face, double size, const char *s, size_t len)
{
	(void)ctx;
	return chars(s, len) * size * (face == MB_FACE_BOLD ? 0.65 : 0.6);
}

static void mono_extents(void *ctx, enum mb_face face, double *asc, double *desc, double *cap)
{
	(void)ctx;
	(void)face;
	*asc = 0.93;
	*desc = 0.24;
	*cap = 0.73;
}

static const struct mb_text_metrics mono = { NULL, mono_width, mono_extents };

struct fx {
	struct mb_book_spec spec;
	struct mb_book book;
	struct mb_cover_input in;
	struct mb_cover c;
	struct mb_error err;
};

static void fx_init(struct fx *f, const char *trim, int pages)
{
	memset(f, 0, sizeof(*f));
	fixture_spec(&f->spec, trim, "easy");
	fixture_book(&f->book, f->spec.level, 12);
	f->in = (struct mb_cover_input){ &f->spec, &f->book, pages, &mono, "-", 0, 0, 0, 0 };
	mb_error_init(&f->err);
}

static void fx_release(struct fx *f)
{
	mb_cover_release(&f->c);
	mb_book_release(&f->book);
}

static enum mb_status compose(struct fx *f)
{
	mb_cover_release(&f->c);
	mb_error_init(&f->err);
	return mb_cover_compose(&f->in, &f->c, &f->err);
}

/* the first text run whose text is s; NULL: none */
static const struct mb_text_run *run_of(const struct mb_draw_list *l, const char *s)
{
	for (size_t i = 0; i < l->count; i++)
		if (l->ops[i].kind == MB_DRAW_TEXT && !strcmp(l->ops[i].u.text.text, s))
			return &l->ops[i].u.text;
	return NULL;
}

static size_t count_kind(const struct mb_draw_list *l, enum mb_draw_kind k)
{
	size_t n = 0;

	for (size_t i = 0; i < l->count; i++)
		n += l->ops[i].kind == k;
	return n;
}

START_TEST(composes_the_whole_cover)
{
	struct fx f;
	const struct mb_text_run *r;
	int depth = 0;

	fx_init(&f, "8.5x11", 40);
	ck_assert_int_eq(compose(&f), MB_OK);
	ck_assert_double_eq_tol(f.c.page_w, f.c.g.w_in * 72, 1e-9);
	ck_assert_double_eq_tol(f.c.list->height, f.c.g.h_in * 72, 1e-9);
	/* the words: START and FINISH twice (two cards), the badge, the list */
	ck_assert_ptr_nonnull(run_of(f.c.list, "START"));
	ck_assert_ptr_nonnull(run_of(f.c.list, "FINISH"));
	ck_assert_ptr_nonnull(run_of(f.c.list, "MAZES"));
	ck_assert_ptr_nonnull(run_of(f.c.list, "12"));
	ck_assert_ptr_nonnull(run_of(f.c.list, "- 12 mazes"));
	ck_assert_ptr_nonnull(run_of(f.c.list, "- Level: easy"));
	/* every run's baseline on the page, no run turned but the spine's */
	for (size_t i = 0; i < f.c.list->count; i++) {
		const struct mb_draw_op *op = &f.c.list->ops[i];

		if (op->kind == MB_DRAW_SAVE)
			depth++;
		if (op->kind == MB_DRAW_RESTORE)
			ck_assert_int_ge(--depth, 0);
		if (op->kind != MB_DRAW_TEXT)
			continue;
		ck_assert_double_ge(op->u.text.x, 0);
		ck_assert_double_le(op->u.text.x, f.c.page_w);
		ck_assert_double_ge(op->u.text.y, 0);
		ck_assert_double_le(op->u.text.y, f.c.page_h);
		ck_assert_double_ge(op->u.text.size, MB_COVER_MIN_TEXT_PT);
		if (op->u.text.angle_deg != 0)
			ck_assert(op->u.text.x >= f.c.spine.x && op->u.text.x <= f.c.spine.x + f.c.spine.w);
	}
	ck_assert_int_eq(depth, 0);
	/* the author centred on the front */
	r = run_of(f.c.list, f.spec.author);
	ck_assert_ptr_nonnull(r);
	ck_assert_double_eq_tol(r->x + mono_width(NULL, MB_FACE_BOLD, r->size, f.spec.author,
						   strlen(f.spec.author)) / 2,
				f.c.front.x + f.c.front.w / 2, 0.5);
	/* three maze groups: the pattern and the two cards' walls */
	ck_assert_uint_eq(count_kind(f.c.list, MB_DRAW_TRANSFORM), 3);
	ck_assert_uint_eq(count_kind(f.c.list, MB_DRAW_IMAGE), 0);
	/* a thin book's spine is blank; a thick one's carries the title turned */
	ck_assert(!f.c.spine_text);
	f.in.pages = 300;
	ck_assert_int_eq(compose(&f), MB_OK);
	ck_assert(f.c.spine_text);
	{
		bool turned = false;

		for (size_t i = 0; i < f.c.list->count; i++)
			turned |= f.c.list->ops[i].kind == MB_DRAW_TEXT &&
				  f.c.list->ops[i].u.text.angle_deg == 90 &&
				  !strcmp(f.c.list->ops[i].u.text.text, f.spec.title);
		ck_assert(turned);
	}
	fx_release(&f);
}
END_TEST

/* the one table of words: a Spanish cover says INICIO, as inside */
START_TEST(words_from_the_labels)
{
	struct fx f;
	const struct mb_labels *es = mb_labels_find("es");
	char want[64];

	fx_init(&f, "6x9", 120);
	f.spec.language = (char *)"es";
	f.spec.level = mb_level_find("expert");
	ck_assert_int_eq(compose(&f), MB_OK);
	ck_assert_ptr_nonnull(run_of(f.c.list, es->start));
	ck_assert_ptr_nonnull(run_of(f.c.list, es->finish));
	ck_assert_ptr_nonnull(run_of(f.c.list, es->cover_badge));
	snprintf(want, sizeof(want), "- %s %s", es->cover_level, es->level_names[3]);
	ck_assert_ptr_nonnull(run_of(f.c.list, want));
	ck_assert_ptr_null(run_of(f.c.list, "SALIDA"));
	fx_release(&f);
}
END_TEST

#define NNBSP "\xe2\x80\xaf"

/* does any text run hold s? */
static bool any_run_has(const struct mb_draw_list *l, const char *s)
{
	for (size_t i = 0; i < l->count; i++)
		if (l->ops[i].kind == MB_DRAW_TEXT && strstr(l->ops[i].u.text.text, s))
			return true;
	return false;
}

/*
 * A French cover sets : ; ? ! as the interior does (tests/unit/check_page_matter):
 * U+202F before them in the level line and where the publisher typed a
 * space; "10:30" keeps none. An English cover keeps the text as typed.
 */
START_TEST(french_marks_as_inside)
{
	struct fx f;

	fx_init(&f, "8.5x11", 120);
	f.spec.language = (char *)"fr";
	f.spec.title = (char *)"Labyrinthes : le livre";
	f.spec.cover.back = (char *)"Trouve la sortie ! Rendez-vous à 10:30 ?";
	ck_assert_int_eq(compose(&f), MB_OK);
	ck_assert_ptr_nonnull(run_of(f.c.list, "- Niveau" NNBSP ": facile"));
	ck_assert(any_run_has(f.c.list, "Labyrinthes" NNBSP ":"));
	ck_assert(any_run_has(f.c.list, "sortie" NNBSP "!"));
	ck_assert(any_run_has(f.c.list, "10:30" NNBSP "?"));
	ck_assert(!any_run_has(f.c.list, " :") && !any_run_has(f.c.list, " !") &&
		  !any_run_has(f.c.list, " ?"));
	fx_release(&f);

	fx_init(&f, "8.5x11", 120);
	f.spec.title = (char *)"Mazes : the book";
	ck_assert_int_eq(compose(&f), MB_OK);
	ck_assert(any_run_has(f.c.list, "Mazes :"));
	ck_assert(!any_run_has(f.c.list, NNBSP));
	fx_release(&f);
}
END_TEST

START_TEST(cards_report_their_grids_and_draw_the_books_stand_ins)
{
	struct fx f;
	struct mb_level fine;
	size_t ops;

	fx_init(&f, "6x9", 120);
	fixture_book_free(&f.book);
	fine = *f.spec.level;
	fine.w = 120;
	fine.h = 150;
	fixture_book(&f.book, &fine, 12);
	ck_assert_int_eq(compose(&f), MB_OK);
	ck_assert_uint_eq(f.c.grid_count, 2);
	ck_assert_int_lt(f.c.grids[0].w, 120);
	ck_assert_int_lt(f.c.grids[1].h, 150);
	ops = f.c.list->count;
	ck_assert_int_eq(mb_cover_plan_mazes(&f.spec, &f.book, 120, f.c.grids, 2, &f.err), MB_OK);
	ck_assert_uint_eq(f.book.extra_count, 2);
	/* the planned stand-ins are the recipe's: the same list */
	ck_assert_int_eq(compose(&f), MB_OK);
	ck_assert_uint_eq(f.c.list->count, ops);
	/* another maze in the book's place is what the list draws */
	mb_maze_free(f.book.extras[1].maze);
	f.book.extras[1].maze = mb_maze_new(f.c.grids[1].w, f.c.grids[1].h, NULL);
	ck_assert_int_eq(compose(&f), MB_OK);
	ck_assert_uint_ne(f.c.list->count, ops);
	fx_release(&f);
}
END_TEST

START_TEST(pictures_by_id)
{
	struct fx f;
	bool art = false, logo = false;

	fx_init(&f, "8.5x11", 120);
	f.spec.cover.image = (char *)"art.png";
	f.spec.cover.logo = (char *)"logo.png";
	f.in.art_w_px = 3000;
	f.in.art_h_px = 3600;
	f.in.logo_w_px = 600;
	f.in.logo_h_px = 300;
	ck_assert_int_eq(compose(&f), MB_OK);
	for (size_t i = 0; i < f.c.list->count; i++) {
		art |= f.c.list->ops[i].kind == MB_DRAW_IMAGE &&
		       f.c.list->ops[i].u.image.id == MB_COVER_IMAGE_ART;
		logo |= f.c.list->ops[i].kind == MB_DRAW_IMAGE &&
			f.c.list->ops[i].u.image.id == MB_COVER_IMAGE_LOGO;
	}
	ck_assert(art && logo);
	/* the art hides the front's maze: no stand-in is wanted there */
	ck_assert(!f.c.grids[0].drawn);
	ck_assert(f.c.grids[1].drawn);
	/* art too coarse for the card is refused, naming the key */
	f.in.art_w_px = 100;
	f.in.art_h_px = 120;
	ck_assert_int_eq(compose(&f), MB_ERR_INPUT);
	ck_assert_str_eq(f.err.field, "cover.image");
	fx_release(&f);
}
END_TEST

START_TEST(text_that_cannot_fit_is_refused)
{
	struct fx f;
	static char back[4001];

	fx_init(&f, "5x8", 120);
	for (size_t i = 0; i + 5 < sizeof(back); i += 5)
		memcpy(back + i, "maze ", 5);
	f.spec.cover.back = back;
	ck_assert_int_eq(compose(&f), MB_ERR_INPUT);
	ck_assert_str_eq(f.err.field, "cover.back");
	ck_assert_ptr_nonnull(strstr(f.err.message, "cover back text does not fit"));
	ck_assert_ptr_nonnull(strstr(f.err.message, "lines at 7 pt, room for"));
	ck_assert_ptr_null(f.c.list);
	/* one word wider than its place */
	f.spec.cover.back = NULL;
	f.spec.author = (char *)"Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
	ck_assert_int_eq(compose(&f), MB_ERR_INPUT);
	ck_assert_str_eq(f.err.field, "author");
	ck_assert_ptr_nonnull(strstr(f.err.message, "a word is wider"));
	fx_release(&f);
}
END_TEST

START_TEST(checks_contrast_and_thumbnail)
{
	struct fx f;

	fx_init(&f, "8.5x11", 120);
	f.spec.cover.background_rgb = 0x0d47a1;	/* white reads on it: 8.6:1 */
	ck_assert_int_eq(compose(&f), MB_OK);
	ck_assert_int_eq(mb_cover_compose_check(&f.c, &f.spec, &f.err), MB_OK);
	/* white on yellow does not read */
	f.spec.cover.background_rgb = 0xffeb3b;
	ck_assert_int_eq(compose(&f), MB_OK);
	ck_assert_int_eq(mb_cover_compose_check(&f.c, &f.spec, &f.err), MB_ERR_INPUT);
	ck_assert_str_eq(f.err.field, "cover.text");
	ck_assert_ptr_nonnull(strstr(f.err.message, "WCAG 2"));
	/* a title so long it prints too small for the thumbnail */
	f.spec.cover.background_rgb = 0x0d47a1;
	f.spec.title = (char *)"A Very Long Title About Mazes That Goes On And On Across The "
			       "Whole Front Cover Of This Book Until It Fits Only Small, "
			       "And Then Goes On Some More With Still More Words About Mazes "
			       "For Children Of Every Age Who Like To Find Their Way Out";
	ck_assert_int_eq(compose(&f), MB_OK);
	ck_assert_int_eq(mb_cover_compose_check(&f.c, &f.spec, &f.err), MB_ERR_INPUT);
	ck_assert_str_eq(f.err.field, "title");
	fx_release(&f);
}
END_TEST

START_TEST(same_input_same_list)
{
	struct fx f;
	struct mb_draw_list *first;

	fx_init(&f, "6x9", 200);
	ck_assert_int_eq(compose(&f), MB_OK);
	first = f.c.list;
	f.c.list = NULL;
	ck_assert_int_eq(compose(&f), MB_OK);
	ck_assert_uint_eq(first->count, f.c.list->count);
	for (size_t i = 0; i < first->count; i++) {
		const struct mb_draw_op *a = &first->ops[i], *b = &f.c.list->ops[i];

		ck_assert_int_eq(a->kind, b->kind);
		if (a->kind == MB_DRAW_TEXT) {
			ck_assert_str_eq(a->u.text.text, b->u.text.text);
			ck_assert(a->u.text.x == b->u.text.x && a->u.text.y == b->u.text.y);
		} else if (a->kind == MB_DRAW_MOVE || a->kind == MB_DRAW_LINE) {
			ck_assert(a->u.p[0].x == b->u.p[0].x && a->u.p[0].y == b->u.p[0].y);
		}
	}
	mb_draw_free(first);
	fx_release(&f);
}
END_TEST

/* the preview's guides as a list: labelled, the bleed washed out, a hardcover's hinges */
START_TEST(guides_for_the_preview)
{
	struct fx f;
	struct mb_draw_list *l;
	bool wash = false, hinge = false;
	char want[64];

	fx_init(&f, "6x9", 120);
	ck_assert_int_eq(compose(&f), MB_OK);
	l = mb_draw_new(f.c.page_w, f.c.page_h);
	mb_cover_guides(&f.c, &f.spec, &mono, 60, l);
	snprintf(want, sizeof(want), "BACK  %.4f x %.4f in", f.c.g.w_in, f.c.g.h_in);
	ck_assert_ptr_nonnull(run_of(l, want));
	ck_assert_ptr_nonnull(run_of(l, "barcode area"));
	ck_assert_ptr_null(run_of(l, "hinge"));
	for (size_t i = 0; i < l->count; i++)
		wash |= l->ops[i].kind == MB_DRAW_FILL && l->ops[i].u.paint.even_odd &&
			l->ops[i].u.paint.alpha == 0.55;
	ck_assert(wash);
	mb_draw_free(l);
	f.spec.binding = MB_BINDING_HARDCOVER;
	ck_assert_int_eq(compose(&f), MB_OK);
	ck_assert(f.c.hc.hardcover);
	l = mb_draw_new(f.c.page_w, f.c.page_h);
	mb_cover_guides(&f.c, &f.spec, &mono, 60, l);
	hinge = run_of(l, "hinge") != NULL;
	ck_assert(hinge);
	mb_draw_free(l);
	fx_release(&f);
}
END_TEST

START_TEST(bad_inputs)
{
	struct fx f;
	struct mb_book empty;

	fx_init(&f, "6x9", 0);
	ck_assert_int_eq(compose(&f), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(f.err.message, "page count 0"));
	f.in.pages = 120;
	f.spec.title = (char *)"";
	ck_assert_int_eq(compose(&f), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(f.err.message, "needs a title"));
	f.spec.title = (char *)"T";
	memset(&empty, 0, sizeof(empty));
	f.in.book = &empty;
	ck_assert_int_eq(compose(&f), MB_ERR_INPUT);
	ck_assert_ptr_nonnull(strstr(f.err.message, "no mazes"));
	fx_release(&f);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("cover_compose");
	TCase *tc = tcase_create("compose");

	tcase_add_test(tc, composes_the_whole_cover);
	tcase_add_test(tc, words_from_the_labels);
	tcase_add_test(tc, french_marks_as_inside);
	tcase_add_test(tc, cards_report_their_grids_and_draw_the_books_stand_ins);
	tcase_add_test(tc, pictures_by_id);
	tcase_add_test(tc, text_that_cannot_fit_is_refused);
	tcase_add_test(tc, checks_contrast_and_thumbnail);
	tcase_add_test(tc, same_input_same_list);
	tcase_add_test(tc, guides_for_the_preview);
	tcase_add_test(tc, bad_inputs);
	suite_add_tcase(s, tc);
	return s;
}
