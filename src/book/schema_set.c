/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The schema's keys: what each key of a spec sets, and the tables of
 * keys by mapping (the book's, cover, price, palette, pages, series, a
 * section's). schema.c matches the events' keys against the tables.
 */
#include "config.h"
#include "schema_reader.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mazebook/base/names.h"
#include "mazebook/base/number.h"
#include "mazebook/base/xalloc.h"
#include "mazebook/book/colour.h"
#include "mazebook/book/isbn.h"
#include "mazebook/book/level.h"
#include "mazebook/gen/generator.h"
#include "mazebook/kdp/cost.h"
#include "mazebook/maze/shape.h"

static enum mb_status set_title(struct reader *r, const struct scalar *v)
{
	return mb_schema_take_line(r, v, MB_SPEC_MAX_TITLE_CHARS, &r->spec->title);
}

static enum mb_status set_subtitle(struct reader *r, const struct scalar *v)
{
	return mb_schema_take_line(r, v, MB_SPEC_MAX_TITLE_CHARS, &r->spec->subtitle);
}

static enum mb_status set_author(struct reader *r, const struct scalar *v)
{
	return mb_schema_take_line(r, v, MB_SPEC_MAX_TITLE_CHARS, &r->spec->author);
}

static enum mb_status set_level(struct reader *r, const struct scalar *v)
{
	if (mb_schema_take_word(r, v, "a level") != MB_OK)
		return MB_ERR_INPUT;
	r->spec->level = mb_schema_take_level(r, v, v->text);
	return r->spec->level ? MB_OK : MB_ERR_INPUT;
}

static enum mb_status set_mazes(struct reader *r, const struct scalar *v)
{
	return mb_schema_take_int(r, v, 1, MB_SPEC_MAX_MAZES, &r->spec->mazes);
}

static enum mb_status set_trim(struct reader *r, const struct scalar *v)
{
	struct mb_error inner;

	if (mb_schema_take_word(r, v, "a trim size such as 8.5x11") != MB_OK)
		return MB_ERR_INPUT;
	mb_error_init(&inner);
	if (mb_kdp_parse_trim(v->text, &r->spec->trim, &inner) != MB_OK)
		return fail_with(r, v, &inner);
	return MB_OK;
}

static enum mb_status set_paper(struct reader *r, const struct scalar *v)
{
	struct mb_error inner;

	static const char *const papers[] = { "white", "cream" };
	int i;

	if (mb_schema_take_word(r, v, "white or cream") != MB_OK)
		return MB_ERR_INPUT;
	i = mb_schema_take_name(r, v, "paper", papers, COUNT(papers));
	if (i < 0)
		return MB_ERR_INPUT;
	mb_error_init(&inner);
	if (mb_kdp_parse_paper(papers[i], &r->spec->paper, &inner) != MB_OK)
		return fail_with(r, v, &inner);
	return MB_OK;
}

static enum mb_status set_bleed(struct reader *r, const struct scalar *v)
{
	return mb_schema_take_bool(r, v, &r->spec->bleed);
}

static enum mb_status set_one_sided(struct reader *r, const struct scalar *v)
{
	return mb_schema_take_bool(r, v, &r->spec->one_sided);
}

static enum mb_status set_seed(struct reader *r, const struct scalar *v)
{
	bool overflow;
	char expect[64];

	snprintf(expect, sizeof(expect), "a whole number (0..%" PRIu64 ")", UINT64_MAX);
	if (mb_schema_take_plain_number(r, v, false, expect) != MB_OK)
		return MB_ERR_INPUT;
	if (!mb_schema_parse_u64(v->text, &r->spec->seed, &overflow))
		return fail_at(r, v->line, v->column,
				"'%s' must be a whole number (0..%" PRIu64 "), not '%s'", v->key,
				UINT64_MAX, v->text);
	if (overflow)
		return fail_at(r, v->line, v->column,
				"'%s' is %s, out of range (valid: 0..%" PRIu64 ")", v->key,
				v->text, UINT64_MAX);
	return MB_OK;
}

/* auto or a generator's name, copied into *out */
static enum mb_status take_algorithm(struct reader *r, const struct scalar *v, char **out)
{
	const char *names[64] = { "auto" };
	size_t n = 1;
	int i;

	if (mb_schema_take_word(r, v, "auto or a generator's name") != MB_OK)
		return MB_ERR_INPUT;
	for (size_t g = 0; g < mb_generator_count && n < COUNT(names); g++)
		names[n++] = mb_generators[g]->name;
	i = mb_schema_take_name(r, v, "algorithm", names, n);
	if (i < 0)
		return MB_ERR_INPUT;
	free(*out);
	*out = xstrdup(names[i]);
	return MB_OK;
}

static enum mb_status set_algorithm(struct reader *r, const struct scalar *v)
{
	return take_algorithm(r, v, &r->spec->algorithm);
}

static enum mb_status set_start(struct reader *r, const struct scalar *v)
{
	struct mb_error inner;

	static const char *const starts[] = { "entrance", "random", "centre" };
	int i;

	if (mb_schema_take_word(r, v, "entrance, random or centre") != MB_OK)
		return MB_ERR_INPUT;
	i = mb_schema_take_name(r, v, "start", starts, COUNT(starts));
	if (i < 0)
		return MB_ERR_INPUT;
	mb_error_init(&inner);
	if (mb_start_parse(starts[i], &r->spec->start, &inner) != MB_OK)
		return fail_with(r, v, &inner);
	return MB_OK;
}

/*
 * A shape that is neither text "..." nor a picture file is a built-in
 * name: known here (in any capitals), with the nearest name on a typo.
 * *out is the name as the table spells it, or v's text. none is a
 * section's "no shape" when none_too.
 */
static enum mb_status take_shape_name(struct reader *r, const struct scalar *v, bool none_too,
				      const char **out)
{
	const char *names[64];
	size_t n = 0, len = strlen(v->text);
	char hint[640];
	int i;

	*out = v->text;
	if (!strncmp(v->text, "text ", 5))
		return MB_OK;
	if (len > 4 && (!strcmp(v->text + len - 4, ".svg") || !strcmp(v->text + len - 4, ".png"))) {
		char *path = NULL;
		enum mb_status st = mb_schema_take_path(r, v, MB_SPEC_PATH_SHAPE, &path);

		free(path);
		return st;
	}
	if (none_too)
		names[n++] = "none";
	for (size_t k = 0; k < mb_shape_builtin_count && n < COUNT(names); k++)
		names[n++] = mb_shape_builtin_names[k];
	i = mb_names_find(v->text, names, n);
	if (i >= 0) {
		*out = names[i];
		return MB_OK;
	}
	hint[0] = '\0';
	if (mb_names_nearest(v->text, names, n))
		snprintf(hint, sizeof(hint), "did you mean '%s'? ", mb_names_nearest(v->text, names, n));
	{
		char list[512];

		mb_names_list(names + none_too, n - none_too, list, sizeof(list));
		/* a picture's name in other capitals: the loader reads .svg and .png */
		if (len > 4 && (!strcasecmp(v->text + len - 4, ".svg") ||
				!strcasecmp(v->text + len - 4, ".png")))
			return fail_at(r, v->line, v->column,
					"'%s' is '%s': a picture file's name must end in .svg or "
					".png (in small letters): rename the file", v->key, v->text);
		return fail_at(r, v->line, v->column,
				"unknown shape '%s' in '%s' (%sbuilt in: %s%s; or a file ending "
				"in .svg or .png, or text \"LETTERS\")", v->text, v->key, hint, list,
				none_too ? "; or none" : "");
	}
}

static enum mb_status set_shape(struct reader *r, const struct scalar *v)
{
	struct mb_book_spec *s = r->spec;
	const char *name;

	if (v->null || v->len == 0)
		return fail_at(r, v->line, v->column, "'%s' must be %s, not empty", v->key,
				"a shape: a built-in name, a .svg or .png file, or text \"NAME\"");
	if (v->len > 200 || strchr(v->text, '\n'))
		return fail_at(r, v->line, v->column, "'%s' is too long for a shape", v->key);
	if (s->shape_count >= MB_SPEC_MAX_SHAPES)
		return fail_at(r, v->line, v->column, "'%s' lists more than %d shapes", v->key,
				MB_SPEC_MAX_SHAPES);
	if (take_shape_name(r, v, false, &name) != MB_OK)
		return MB_ERR_INPUT;
	s->shapes[s->shape_count++] = xstrdup(name);
	return MB_OK;
}

/*
 * entrance: and exit: in a book, top or bottom (START over the maze,
 * FINISH under it); a polar grid's gaps may also be left or right, and
 * its exit the centre: which kinds the book has is known only at the end
 * (check_gaps), so those three wait for it
 */
static enum mb_status take_side(struct reader *r, const struct scalar *v, char **out)
{
	static const char *const sides[] = { "top", "bottom", "left", "right", "centre" };
	char hint[64];
	int i;

	if (mb_schema_take_word(r, v, "top or bottom") != MB_OK)
		return MB_ERR_INPUT;
	i = mb_names_find(v->text, sides, COUNT(sides));
	if (i < 0) {
		mb_schema_did_you_mean(v->text, sides, COUNT(sides), hint, sizeof(hint));
		return fail_at(r, v->line, v->column,
				"'%s' must be top or bottom, not '%s'%s (START prints over the "
				"maze and FINISH under it; a polar grid's may also be left or "
				"right, and its exit centre)", v->key, v->text, hint);
	}
	free(*out);
	*out = xstrdup(sides[i]);
	return MB_OK;
}

static enum mb_status set_entrance(struct reader *r, const struct scalar *v)
{
	return take_side(r, v, &r->spec->entrance);
}

static enum mb_status set_exit(struct reader *r, const struct scalar *v)
{
	return take_side(r, v, &r->spec->exit_side);
}

static enum mb_status set_solutions(struct reader *r, const struct scalar *v)
{
	static const char *const valid[] = { "1", "2", "4", "6", "9" };

	if (mb_schema_take_plain_number(r, v, false, "1, 2, 4, 6 or 9") != MB_OK)
		return MB_ERR_INPUT;
	for (size_t i = 0; i < sizeof(valid) / sizeof(valid[0]); i++) {
		if (!v->null && !strcmp(v->text, valid[i])) {
			r->spec->solutions_per_page = valid[i][0] - '0';
			return MB_OK;
		}
	}
	return fail_at(r, v->line, v->column, "'%s' must be 1, 2, 4, 6 or 9, not '%s'", v->key,
			v->text);
}

/*
 * Where the folder may be (inside the spec's folder) is checked when it is
 * used (mb_spec_output_dir), not here: with -o on the command line the
 * spec's output does not matter.
 */
static enum mb_status set_output(struct reader *r, const struct scalar *v)
{
	if (mb_schema_take_string(r, v, MB_SPEC_MAX_TEXT_CHARS, &r->spec->output_dir) != MB_OK)
		return MB_ERR_INPUT;
	if (strpbrk(v->text, "\n\t"))
		return fail_at(r, v->line, v->column,
				"'%s' must be one line (no line breaks or tabs)", v->key);
	return MB_OK;
}

static enum mb_status set_grid(struct reader *r, const struct scalar *v)
{
	if (mb_schema_take_grid(r, v, &r->grid) != MB_OK)
		return MB_ERR_INPUT;
	r->grid_set = true;
	return MB_OK;
}

static enum mb_status set_grid_outline(struct reader *r, const struct scalar *v)
{
	return mb_schema_take_outline(r, v, &r->outline);
}

static enum mb_status set_min_route_ratio(struct reader *r, const struct scalar *v)
{
	r->ratio_set = true;
	return mb_schema_take_double(r, v, 1.0, 10.0, &r->filter.min_route_ratio);
}

static enum mb_status set_min_forks(struct reader *r, const struct scalar *v)
{
	r->forks_set = true;
	return mb_schema_take_int(r, v, 0, 10000, &r->filter.min_forks);
}

/* a font value naming a file rather than an installed font */
static bool names_a_file(const char *s)
{
	const char *dot = strrchr(s, '.');

	return strchr(s, '/') ||
	       (dot && (!strcasecmp(dot, ".ttf") || !strcasecmp(dot, ".otf") ||
			!strcasecmp(dot, ".ttc")));
}

/* font and font_bold: a fontconfig name, or a font file found beside the spec */
static enum mb_status take_font(struct reader *r, const struct scalar *v, char **name,
				char **resolved)
{
	const char *dot;
	char *path;
	struct stat st;

	if (mb_schema_take_string(r, v, MB_SPEC_MAX_TEXT_CHARS, name) != MB_OK)
		return MB_ERR_INPUT;
	free(*resolved);
	*resolved = NULL;
	if (!names_a_file(v->text))
		return MB_OK;
	dot = strrchr(v->text, '.');
	if (!dot || (strcasecmp(dot, ".ttf") && strcasecmp(dot, ".otf")))
		return fail_at(r, v->line, v->column,
				"'%s' file '%s' is not a TrueType (.ttf) or OpenType (.otf) file",
				v->key, v->text);
	if (mb_schema_take_path(r, v, MB_SPEC_PATH_FONT, &path) != MB_OK)
		return MB_ERR_INPUT;
	if (stat(path, &st) || access(path, R_OK)) {
		int e = errno;

		fail_at(r, v->line, v->column, "cannot read font '%s': %s", path, strerror(e));
		free(path);
		return MB_ERR_INPUT;
	}
	if (!S_ISREG(st.st_mode)) {
		fail_at(r, v->line, v->column, "font '%s' is not a file", path);
		free(path);
		return MB_ERR_INPUT;
	}
	*resolved = path;
	return MB_OK;
}

static enum mb_status set_font(struct reader *r, const struct scalar *v)
{
	return take_font(r, v, &r->spec->font, &r->spec->font_path);
}

static enum mb_status set_font_bold(struct reader *r, const struct scalar *v)
{
	return take_font(r, v, &r->spec->font_bold, &r->spec->font_bold_path);
}

static enum mb_status set_language(struct reader *r, const struct scalar *v)
{
	static const char *const valid[] = { "en", "de", "fr", "es" };
	/* the languages by name, in English and in their own words */
	static const struct {
		const char *word, *code;
	} words[] = {
		{ "english", "en" }, { "german", "de" }, { "deutsch", "de" }, { "french", "fr" },
		{ "francais", "fr" }, { "fran\u00e7ais", "fr" }, { "spanish", "es" },
		{ "espanol", "es" }, { "espa\u00f1ol", "es" }, { "castellano", "es" },
	};
	int i = v->null ? -1 : mb_names_find(v->text, valid, COUNT(valid));

	for (size_t k = 0; i < 0 && !v->null && k < COUNT(words); k++)
		if (!strcasecmp(v->text, words[k].word))
			return fail_at(r, v->line, v->column,
					"unknown language '%s' (did you mean '%s'? a language is "
					"its two-letter code; valid: en, de, fr, es)", v->text,
					words[k].code);
	if (i < 0)
		i = mb_schema_take_name(r, v, "language", valid, COUNT(valid));
	if (i < 0)
		return MB_ERR_INPUT;
	free(r->spec->language);
	r->spec->language = xstrdup(valid[i]);
	return MB_OK;
}

static enum mb_status set_year(struct reader *r, const struct scalar *v)
{
	return mb_schema_take_int(r, v, 1900, 2200, &r->spec->year);
}

static enum mb_status set_imprint(struct reader *r, const struct scalar *v)
{
	if (mb_schema_take_string(r, v, MB_SPEC_MAX_TEXT_CHARS, &r->spec->imprint) != MB_OK)
		return MB_ERR_INPUT;
	return mb_schema_refuse_emoji(r, v);
}

static enum mb_status set_isbn(struct reader *r, const struct scalar *v)
{
	const char *why;

	if (mb_schema_take_word(r, v, "an ISBN such as 978-1-234567-89-7") != MB_OK)
		return MB_ERR_INPUT;
	why = mb_isbn13(v->text, r->spec->isbn);
	if (why)
		return fail_at(r, v->line, v->column,
				"'%s' is not an ISBN: %s (KDP gives a free ISBN in the book's "
				"setup; leave 'isbn' out to print none)", v->text, why);
	return MB_OK;
}

static enum mb_status set_print_seed(struct reader *r, const struct scalar *v)
{
	return mb_schema_take_bool(r, v, &r->spec->print_seed);
}

static enum mb_status set_page_title(struct reader *r, const struct scalar *v)
{
	return mb_schema_take_bool(r, v, &r->spec->pages.title);
}

static enum mb_status set_page_belongs_to(struct reader *r, const struct scalar *v)
{
	return mb_schema_take_bool(r, v, &r->spec->pages.belongs_to);
}

static enum mb_status set_page_how_to_play(struct reader *r, const struct scalar *v)
{
	return mb_schema_take_bool(r, v, &r->spec->pages.how_to_play);
}

static enum mb_status set_page_contents(struct reader *r, const struct scalar *v)
{
	return mb_schema_take_bool(r, v, &r->spec->pages.contents);
}

static enum mb_status set_page_copyright(struct reader *r, const struct scalar *v)
{
	return mb_schema_take_bool(r, v, &r->spec->pages.copyright);
}

static enum mb_status set_page_section_pages(struct reader *r, const struct scalar *v)
{
	return mb_schema_take_bool(r, v, &r->spec->pages.section_pages);
}

static enum mb_status set_page_certificate(struct reader *r, const struct scalar *v)
{
	return mb_schema_take_bool(r, v, &r->spec->pages.certificate);
}

static enum mb_status set_copyright(struct reader *r, const struct scalar *v)
{
	if (mb_schema_take_string(r, v, MB_SPEC_MAX_TEXT_CHARS, &r->spec->copyright) != MB_OK)
		return MB_ERR_INPUT;
	return mb_schema_refuse_emoji(r, v);
}

static enum mb_status set_background(struct reader *r, const struct scalar *v)
{
	return mb_schema_take_colour(r, v, &r->spec->cover.background_rgb);
}

static enum mb_status set_text(struct reader *r, const struct scalar *v)
{
	return mb_schema_take_colour(r, v, &r->spec->cover.text_rgb);
}

/* a picture file beside the spec (its kind and size are judged when the cover is made) */
static enum mb_status take_picture(struct reader *r, const struct scalar *v, char **name,
				   char **resolved)
{
	char *path;
	struct stat st;

	if (mb_schema_take_string(r, v, MB_SPEC_MAX_TEXT_CHARS, name) != MB_OK)
		return MB_ERR_INPUT;
	free(*resolved);
	*resolved = NULL;
	if (mb_schema_take_path(r, v, MB_SPEC_PATH_PICTURE, &path) != MB_OK)
		return MB_ERR_INPUT;
	if (stat(path, &st) || access(path, R_OK)) {
		int e = errno;

		fail_at(r, v->line, v->column, "cannot read picture '%s': %s", path, strerror(e));
		free(path);
		return MB_ERR_INPUT;
	}
	if (!S_ISREG(st.st_mode)) {
		fail_at(r, v->line, v->column, "picture '%s' is not a file", path);
		free(path);
		return MB_ERR_INPUT;
	}
	*resolved = path;
	return MB_OK;
}

static enum mb_status set_image(struct reader *r, const struct scalar *v)
{
	return take_picture(r, v, &r->spec->cover.image, &r->spec->cover.image_path);
}

static enum mb_status set_logo(struct reader *r, const struct scalar *v)
{
	return take_picture(r, v, &r->spec->cover.logo, &r->spec->cover.logo_path);
}

static enum mb_status set_image_fit(struct reader *r, const struct scalar *v)
{
	static const char *const fits[] = { "fill", "fit" };
	int i = v->null ? -1 : mb_names_find(v->text, fits, COUNT(fits));
	char hint[64] = "";

	if (i >= 0) {
		r->spec->cover.image_fit_inside = i == 1;
		return MB_OK;
	}
	if (!v->null)
		mb_schema_did_you_mean(v->text, fits, COUNT(fits), hint, sizeof(hint));
	return fail_at(r, v->line, v->column,
			"'%s' must be fill (the card, cropped) or fit (the whole picture), not "
			"'%s'%s", v->key, v->null ? "" : v->text, hint);
}

static enum mb_status set_theme(struct reader *r, const struct scalar *v)
{
	const char *names[32];
	size_t n = 0;
	int i;

	if (mb_schema_take_word(r, v, "a theme name") != MB_OK)
		return MB_ERR_INPUT;
	for (; n < mb_cover_theme_count && n < COUNT(names); n++)
		names[n] = mb_cover_themes[n].name;
	i = mb_schema_take_name(r, v, "cover theme", names, n);
	if (i < 0)
		return MB_ERR_INPUT;
	r->spec->cover.theme = mb_cover_theme_find(names[i])->name;
	return MB_OK;
}

static enum mb_status set_back(struct reader *r, const struct scalar *v)
{
	if (mb_schema_take_string(r, v, MB_SPEC_MAX_TEXT_CHARS, &r->spec->cover.back) != MB_OK)
		return MB_ERR_INPUT;
	return mb_schema_refuse_emoji(r, v);
}

/* paperback or hardcover (in any capitals) into *out; words people use for them are pointed at */
static enum mb_status take_binding(struct reader *r, const struct scalar *v, enum mb_binding *out)
{
	static const char *const bindings[] = { "paperback", "hardcover" };
	static const struct {
		const char *word, *name;
	} words[] = {
		{ "hardback", "hardcover" }, { "hard", "hardcover" }, { "hardbound", "hardcover" },
		{ "softcover", "paperback" }, { "softback", "paperback" }, { "soft", "paperback" },
		{ "paper", "paperback" },
	};
	struct mb_error inner;
	char list[64];
	int i;

	if (mb_schema_take_word(r, v, "paperback or hardcover") != MB_OK)
		return MB_ERR_INPUT;
	i = mb_names_find(v->text, bindings, COUNT(bindings));
	if (i < 0) {
		for (size_t k = 0; k < COUNT(words); k++) {
			if (strcasecmp(v->text, words[k].word))
				continue;
			mb_names_list(bindings, COUNT(bindings), list, sizeof(list));
			return fail_at(r, v->line, v->column,
					"unknown binding '%s' (did you mean '%s'? valid: %s)",
					v->text, words[k].name, list);
		}
		return mb_schema_take_name(r, v, "binding", bindings, COUNT(bindings)) < 0 ? MB_ERR_INPUT
										   : MB_OK;
	}
	mb_error_init(&inner);
	if (mb_kdp_parse_binding(bindings[i], out, &inner) != MB_OK)
		return fail_with(r, v, &inner);
	return MB_OK;
}

static enum mb_status set_binding(struct reader *r, const struct scalar *v)
{
	if (take_binding(r, v, &r->spec->binding) != MB_OK)
		return MB_ERR_INPUT;
	r->binding_set = true;
	return MB_OK;
}

static enum mb_status set_ink(struct reader *r, const struct scalar *v)
{
	struct mb_error inner;

	static const char *const inks[] = { "black", "standard-colour", "premium-colour" };
	int i;

	if (mb_schema_take_word(r, v, "black, standard-colour or premium-colour") != MB_OK)
		return MB_ERR_INPUT;
	i = mb_names_find(v->text, inks, COUNT(inks));
	mb_error_init(&inner);
	/* the American spelling: the core says which one we take */
	if (i < 0 && mb_kdp_parse_ink(v->text, &r->spec->ink, &inner) != MB_OK &&
	    strstr(inner.message, "(write "))
		return fail_with(r, v, &inner);
	if (i < 0)
		return mb_schema_take_name(r, v, "ink", inks, COUNT(inks)) < 0 ? MB_ERR_INPUT : MB_OK;
	if (mb_kdp_parse_ink(inks[i], &r->spec->ink, &inner) != MB_OK)
		return fail_with(r, v, &inner);
	return MB_OK;
}

static enum mb_status set_edition(struct reader *r, const struct scalar *v)
{
	struct mb_book_spec *s = r->spec;
	enum mb_binding b;

	if (take_binding(r, v, &b) != MB_OK)
		return MB_ERR_INPUT;
	for (int i = 0; i < s->edition_count; i++)
		if (s->editions[i] == b)
			return fail_at(r, v->line, v->column, "'%s' lists %s twice", v->key,
					mb_kdp_binding_name(b));
	if (s->edition_count >= MB_BINDING_COUNT)	/* two kinds, no repeats: cannot happen */
		return fail_at(r, v->line, v->column, "'%s' has too many editions", v->key);
	s->editions[s->edition_count++] = b;
	return MB_OK;
}

static enum mb_status take_price(struct reader *r, const struct scalar *v, long *cents)
{
	struct mb_error inner;
	double max = mb_cost_marketplaces[0].max_list_price;

	if (mb_schema_take_word(r, v, "a list price such as 9.99") != MB_OK)
		return MB_ERR_INPUT;
	mb_error_init(&inner);
	if (mb_cost_parse_price(v->text, (long)(max * 100 + 0.5), cents, &inner) != MB_OK)
		return fail_with(r, v, &inner);
	return MB_OK;
}

/* price: 9.99, the one edition's */
static enum mb_status set_price(struct reader *r, const struct scalar *v)
{
	r->price_scalar_set = true;
	return take_price(r, v, &r->price_scalar_cents);
}

static enum mb_status set_price_paperback(struct reader *r, const struct scalar *v)
{
	return take_price(r, v, &r->spec->price_cents[MB_BINDING_PAPERBACK]);
}

static enum mb_status set_price_hardcover(struct reader *r, const struct scalar *v)
{
	return take_price(r, v, &r->spec->price_cents[MB_BINDING_HARDCOVER]);
}

/*
 * Palette colours are drawn over white and must never read as a wall:
 * mazeproof takes solid black lines for walls, so a near-black route
 * would be taken for one.
 */
static enum mb_status take_palette(struct reader *r, const struct scalar *v, uint32_t *out)
{
	uint32_t rgb;

	r->palette_set = true;
	if (mb_schema_take_colour(r, v, &rgb) != MB_OK)
		return MB_ERR_INPUT;
	if (((rgb >> 16) & 0xff) < 0x40 && ((rgb >> 8) & 0xff) < 0x40 && (rgb & 0xff) < 0x40)
		return fail_at(r, v->line, v->column,
				"'%s' is too dark: '%s' would print like the black walls (use a "
				"colour with a channel of at least #40)",
				v->key, v->text);
	if (((rgb >> 16) & 0xff) > 0xe0 && ((rgb >> 8) & 0xff) > 0xe0 && (rgb & 0xff) > 0xe0)
		return fail_at(r, v->line, v->column,
				"'%s' is too light: '%s' would hardly show on white paper", v->key,
				v->text);
	*out = rgb;
	return MB_OK;
}

static enum mb_status set_palette_start(struct reader *r, const struct scalar *v)
{
	return take_palette(r, v, &r->spec->palette.start_rgb);
}

static enum mb_status set_palette_finish(struct reader *r, const struct scalar *v)
{
	return take_palette(r, v, &r->spec->palette.finish_rgb);
}

static enum mb_status set_palette_route(struct reader *r, const struct scalar *v)
{
	return take_palette(r, v, &r->spec->palette.route_rgb);
}

/*
 * the catalogue's name for the book: letters, digits, '.', '_' and '-' (it
 * goes in messages and commands)
 */
static enum mb_status set_book_id(struct reader *r, const struct scalar *v)
{
	if (mb_schema_take_word(r, v, "a book id such as my-book-1") != MB_OK)
		return MB_ERR_INPUT;
	if (v->len > MB_SPEC_MAX_BOOK_ID || strspn(v->text, "abcdefghijklmnopqrstuvwxyz"
						   "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") != v->len)
		return fail_at(r, v->line, v->column,
				"'%s' must be 1 to %d letters, digits, '.', '_' or '-', not '%s'",
				v->key, MB_SPEC_MAX_BOOK_ID, v->text);
	free(r->spec->book_id);
	r->spec->book_id = xstrdup(v->text);
	return MB_OK;
}

/*
 * A network catalogue in a libpq form: a URL (any scheme, "postgres://",
 * "file:"), or a "keyword=value" connection string ("host=x dbname=y").
 */
static bool names_a_network_catalogue(const char *text)
{
	size_t scheme = strspn(text, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
				     "0123456789+.-");
	size_t word;

	if (scheme >= 2 && text[scheme] == ':' && strchr("abcdefghijklmnopqrstuvwxyz"
							 "ABCDEFGHIJKLMNOPQRSTUVWXYZ", text[0]))
		return true;
	text += strspn(text, " ");
	word = strspn(text, "abcdefghijklmnopqrstuvwxyz_");
	return word && text[word + strspn(text + word, " ")] == '=';
}

/*
 * A spec names only a catalogue file inside its own folder, or none: a
 * network one (which would send the book's names, and any password
 * libpq finds, to a host the spec chose) comes from $MAZEBOOK_CATALOGUE
 * or --catalogue only.
 */
static enum mb_status set_catalogue(struct reader *r, const struct scalar *v)
{
	char *path = NULL;

	if (mb_schema_take_string(r, v, MB_SPEC_MAX_TEXT_CHARS, &r->spec->catalogue) != MB_OK)
		return MB_ERR_INPUT;
	if (strpbrk(v->text, "\n\t"))
		return fail_at(r, v->line, v->column,
				"'%s' must be one line: a file in the spec's folder, or none", v->key);
	if (!strcmp(v->text, "none"))
		return MB_OK;
	if (names_a_network_catalogue(v->text))
		return fail_at(r, v->line, v->column,
				"'%s' names a network catalogue: a spec may name only a catalogue "
				"file inside its own folder, or none (a spec must not choose where "
				"the book's names go); for a shared one set MAZEBOOK_CATALOGUE="
				"postgres://HOST/DB or give --catalogue postgres://HOST/DB on the "
				"command line", v->key);
	if (mb_schema_take_path(r, v, MB_SPEC_PATH_CATALOGUE, &path) != MB_OK)
		return MB_ERR_INPUT;
	free(path);
	return MB_OK;
}

static enum mb_status set_series_volumes(struct reader *r, const struct scalar *v)
{
	return mb_schema_take_int(r, v, 1, MB_SPEC_MAX_VOLUMES, &r->spec->series.volumes);
}

static enum mb_status set_series_title(struct reader *r, const struct scalar *v)
{
	if (mb_schema_take_line(r, v, MB_SPEC_MAX_TITLE_CHARS, &r->spec->series.title) != MB_OK)
		return MB_ERR_INPUT;
	if (!strstr(v->text, "{n}"))
		return fail_at(r, v->line, v->column,
				"'%s' must hold {n} for the volume's number (e.g. \"Amazing Mazes "
				"Vol. {n}\"), or every volume would have one title", v->key);
	return MB_OK;
}

/* ---- sections ---- */

static struct mb_section_spec *section_of(struct reader *r)
{
	return &r->spec->sections[r->section];
}

static enum mb_status set_order(struct reader *r, const struct scalar *v)
{
	static const char *const orders[] = { "ramp", "as-generated" };
	char hint[64];
	int i;

	if (mb_schema_take_word(r, v, "ramp or as-generated") != MB_OK)
		return MB_ERR_INPUT;
	i = mb_names_find(v->text, orders, COUNT(orders));
	if (i >= 0) {
		r->spec->order_ramp = i == 0;
		return MB_OK;
	}
	mb_schema_did_you_mean(v->text, orders, COUNT(orders), hint, sizeof(hint));
	return fail_at(r, v->line, v->column,
			"'%s' must be ramp (each section's mazes from easiest to hardest) or "
			"as-generated, not '%s'%s", v->key, v->text, hint);
}

static enum mb_status set_section_title(struct reader *r, const struct scalar *v)
{
	return mb_schema_take_line(r, v, MB_SPEC_MAX_TITLE_CHARS, &section_of(r)->title);
}

static enum mb_status set_section_description(struct reader *r, const struct scalar *v)
{
	return mb_schema_take_line(r, v, MB_SPEC_MAX_TITLE_CHARS, &section_of(r)->description);
}

/* a level name, copied into *out as the table spells it */
static enum mb_status take_level_name(struct reader *r, const struct scalar *v, char **out)
{
	const struct mb_level *level;

	if (mb_schema_take_word(r, v, "a level") != MB_OK)
		return MB_ERR_INPUT;
	level = mb_schema_take_level(r, v, v->text);
	if (!level)
		return MB_ERR_INPUT;
	free(*out);
	*out = xstrdup(level->name);
	return MB_OK;
}

static enum mb_status set_section_level(struct reader *r, const struct scalar *v)
{
	return take_level_name(r, v, &section_of(r)->level);
}

static enum mb_status set_section_mazes(struct reader *r, const struct scalar *v)
{
	return mb_schema_take_int(r, v, 1, MB_SPEC_MAX_MAZES, &section_of(r)->mazes);
}

static enum mb_status set_section_grid(struct reader *r, const struct scalar *v)
{
	struct grid_value *g = &r->sec_grid[r->section];

	if (mb_schema_take_grid(r, v, g) != MB_OK)
		return MB_ERR_INPUT;
	/* a square size given is the section's grid, as "grid: WxH" always was */
	if (g->kind == MB_GRID_RECT && g->numbers == 2) {
		section_of(r)->grid_w = g->a;
		section_of(r)->grid_h = g->b;
	}
	return MB_OK;
}

static enum mb_status set_section_outline(struct reader *r, const struct scalar *v)
{
	return mb_schema_take_outline(r, v, &r->sec_outline[r->section]);
}

static enum mb_status set_section_algorithm(struct reader *r, const struct scalar *v)
{
	return take_algorithm(r, v, &section_of(r)->algorithm);
}

static enum mb_status set_section_shape(struct reader *r, const struct scalar *v)
{
	struct mb_section_spec *sec = section_of(r);
	const char *name;

	if (v->null || v->len == 0)
		return fail_at(r, v->line, v->column, "'%s' must be %s, not empty", v->key,
				"a shape: a built-in name, a .svg or .png file, text \"NAME\", or "
				"none");
	if (sec->shape)
		return fail_at(r, v->line, v->column,
				"'%s' takes one shape, not a list (a section's mazes all have "
				"its shape; make a section per shape)", v->key);
	if (v->len > 200 || strchr(v->text, '\n'))
		return fail_at(r, v->line, v->column, "'%s' is too long for a shape", v->key);
	if (take_shape_name(r, v, true, &name) != MB_OK)
		return MB_ERR_INPUT;
	sec->shape = xstrdup(name);
	return MB_OK;
}

static enum mb_status set_section_ratio(struct reader *r, const struct scalar *v)
{
	r->sec_ratio_set[r->section] = true;
	return mb_schema_take_double(r, v, 1.0, 10.0, &r->sec_filter[r->section].min_route_ratio);
}

static enum mb_status set_section_forks(struct reader *r, const struct scalar *v)
{
	r->sec_forks_set[r->section] = true;
	return mb_schema_take_int(r, v, 0, 10000, &r->sec_filter[r->section].min_forks);
}

/* "ramp: easy..hard": two levels, easiest first */
static enum mb_status set_section_ramp(struct reader *r, const struct scalar *v)
{
	struct mb_section_spec *sec = section_of(r);
	const struct mb_level *from, *to = NULL;
	const char *dots;
	char first[65];

	if (mb_schema_take_word(r, v, "two levels such as easy..hard") != MB_OK)
		return MB_ERR_INPUT;
	dots = strstr(v->text, "..");
	if (!dots || dots == v->text || !dots[2] || (size_t)(dots - v->text) >= sizeof(first))
		return fail_at(r, v->line, v->column,
				"'%s' must be two levels such as easy..hard (from the first to "
				"the second, step by step), not '%s'", v->key, v->text);
	snprintf(first, sizeof(first), "%.*s", (int)(dots - v->text), v->text);
	from = mb_schema_take_level(r, v, first);
	if (from)
		to = mb_schema_take_level(r, v, dots + 2);
	if (!from || !to) {
		char msg[MB_ERROR_MESSAGE_MAX];

		snprintf(msg, sizeof(msg), "%s", r->err->message);
		mb_error_init(r->err);
		return fail_at(r, v->line, v->column, "'%s': %s", v->key, msg);
	}
	if (from == to)
		return fail_at(r, v->line, v->column,
				"'%s' is %s: a ramp goes from one level to a harder one (for one "
				"level write 'level: %s')", v->key, v->text, from->name);
	if (from > to)
		return fail_at(r, v->line, v->column,
				"'%s' is %s, which runs backwards: %s is harder than %s; write "
				"%s..%s (a ramp goes from easy to hard)", v->key, v->text, from->name, to->name,
				to->name, from->name);
	free(sec->ramp_from);
	free(sec->ramp_to);
	sec->ramp_from = xstrdup(from->name);
	sec->ramp_to = xstrdup(to->name);
	return MB_OK;
}

const struct key mb_schema_section_keys[] = {
	{ "title", "a string", set_section_title, NULL, 0 },
	{ "description", "a string", set_section_description, NULL, 0 },
	{ "level", "a level name", set_section_level, NULL, 0 },
	{ "mazes", "a whole number", set_section_mazes, NULL, 0 },
	{ "grid", "a grid kind (square, polar, hex, delta) or WIDTHxHEIGHT such as 20x24",
	  set_section_grid, NULL, 0 },
	{ "grid_outline", "rectangle, hexagon or triangle", set_section_outline, NULL, 0 },
	{ "algorithm", "auto or a generator's name", set_section_algorithm, NULL, 0 },
	{ "shape", "a shape", set_section_shape, NULL, 0 },
	{ "min_route_ratio", "a number", set_section_ratio, NULL, 0 },
	{ "min_forks", "a whole number", set_section_forks, NULL, 0 },
	{ "ramp", "two levels such as easy..hard", set_section_ramp, NULL, 0 },
};

static const struct key series_keys[] = {
	{ "volumes", "a whole number (1..100)", set_series_volumes, NULL, 0 },
	{ "title", "a title with {n}", set_series_title, NULL, 0 },
};

static const struct key price_keys[] = {
	{ "paperback", "a list price such as 9.99", set_price_paperback, NULL, 0 },
	{ "hardcover", "a list price such as 24.99", set_price_hardcover, NULL, 0 },
};

static const struct key palette_keys[] = {
	{ "start", "a colour", set_palette_start, NULL, 0 },
	{ "finish", "a colour", set_palette_finish, NULL, 0 },
	{ "route", "a colour", set_palette_route, NULL, 0 },
};

/* the pages around the mazes (issue 14), in the order they print */
static const struct key page_keys[] = {
	{ "title", "true or false", set_page_title, NULL, 0 },
	{ "copyright", "true or false", set_page_copyright, NULL, 0 },
	{ "belongs_to", "true or false", set_page_belongs_to, NULL, 0 },
	{ "how_to_play", "true or false", set_page_how_to_play, NULL, 0 },
	{ "contents", "true or false", set_page_contents, NULL, 0 },
	{ "section_pages", "true or false", set_page_section_pages, NULL, 0 },
	{ "certificate", "true or false", set_page_certificate, NULL, 0 },
};

static const struct key cover_keys[] = {
	{ "background", "a colour", set_background, NULL, 0 },
	{ "text", "a colour", set_text, NULL, 0 },
	{ "back", "a string", set_back, NULL, 0 },
	{ "theme", "a theme name", set_theme, NULL, 0 },
	{ "image", "a PNG or JPEG file", set_image, NULL, 0 },
	{ "image_fit", "fill or fit", set_image_fit, NULL, 0 },
	{ "logo", "a PNG or JPEG file", set_logo, NULL, 0 },
};

/* in the order the starter spec explains them */
const struct key mb_schema_top_keys[] = {
	{ "title", "a string", set_title, NULL, 0 },
	{ "subtitle", "a string", set_subtitle, NULL, 0 },
	{ "author", "a string", set_author, NULL, 0 },
	{ "level", "a level name", set_level, NULL, 0 },
	{ "mazes", "a whole number", set_mazes, NULL, 0 },
	{ "trim", "a trim size such as 8.5x11", set_trim, NULL, 0 },
	{ "paper", "white or cream", set_paper, NULL, 0 },
	{ "bleed", "true or false", set_bleed, NULL, 0 },
	{ "seed", "a whole number", set_seed, NULL, 0 },
	{ "algorithm", "auto or a generator's name", set_algorithm, NULL, 0 },
	{ "start", "entrance, random or centre", set_start, NULL, 0 },
	{ "shape", "a shape or a list of shapes", set_shape, NULL, 0 },
	{ "entrance", "top or bottom (polar: also left or right)", set_entrance, NULL, 0 },
	{ "exit", "top or bottom (polar: also left, right or centre)", set_exit, NULL, 0 },
	{ "solutions", "1, 2, 4, 6 or 9", set_solutions, NULL, 0 },
	{ "output", "a folder name", set_output, NULL, 0 },
	{ "language", "en, de, fr or es", set_language, NULL, 0 },
	{ "one_sided", "true or false", set_one_sided, NULL, 0 },
	{ "copyright", "a string", set_copyright, NULL, 0 },
	{ "year", "a year such as 2026", set_year, NULL, 0 },
	{ "imprint", "a string", set_imprint, NULL, 0 },
	{ "isbn", "an ISBN such as 978-1-234567-89-7", set_isbn, NULL, 0 },
	{ "print_seed", "true or false", set_print_seed, NULL, 0 },
	{ "font", "a .ttf or .otf file or a font name", set_font, NULL, 0 },
	{ "font_bold", "the bold face: a .ttf or .otf file or a font name", set_font_bold, NULL,
	  0 },
	{ "grid", "a grid kind (square, polar, hex, delta) or WIDTHxHEIGHT such as 20x24",
	  set_grid, NULL, 0 },
	{ "grid_outline", "rectangle, hexagon or triangle", set_grid_outline, NULL, 0 },
	{ "min_route_ratio", "a number", set_min_route_ratio, NULL, 0 },
	{ "min_forks", "a whole number", set_min_forks, NULL, 0 },
	{ "cover", "a mapping of background, text and back", NULL, cover_keys,
	  COUNT(cover_keys) },
	{ "binding", "paperback or hardcover", set_binding, NULL, 0 },
	{ "editions", "a list such as [paperback, hardcover]", set_edition, NULL, 0 },
	{ "ink", "black, standard-colour or premium-colour", set_ink, NULL, 0 },
	{ "palette", "a mapping of start, finish and route colours", NULL, palette_keys,
	  COUNT(palette_keys) },
	{ "price", "a list price such as 9.99, or one per edition (paperback, hardcover)",
	  set_price, price_keys, COUNT(price_keys) },
	{ "book_id", "a book id such as my-book-1", set_book_id, NULL, 0 },
	{ "catalogue", "a file in the spec's folder, or none", set_catalogue, NULL, 0 },
	{ "series", "a mapping of volumes and title", NULL, series_keys, COUNT(series_keys) },
	{ "pages", "a mapping of title, copyright, belongs_to, how_to_play, contents, "
		   "section_pages and certificate (each true or false)",
	  NULL, page_keys, COUNT(page_keys) },
	{ "sections", "a list of sections, each a mapping such as '- title: Warm-up'", NULL,
	  mb_schema_section_keys, COUNT(mb_schema_section_keys) },
	{ "order", "ramp or as-generated", set_order, NULL, 0 },
};

_Static_assert(COUNT(mb_schema_top_keys) + COUNT(cover_keys) + COUNT(price_keys) +
		       COUNT(palette_keys) + COUNT(series_keys) + COUNT(page_keys) +
		       MB_SPEC_MAX_SECTIONS * (1 + COUNT(mb_schema_section_keys)) <=
		       MB_SPEC_MAX_PLACES,
	       "struct mb_book_spec has a place for every key");

