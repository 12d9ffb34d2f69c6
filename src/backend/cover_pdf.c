/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The cover writer: lays the full-wrap cover out with Pango and draws it
 * with cairo, to a PDF (the print file) or to a PNG with the print guides
 * on top (the preview). The work runs in two steps: plan() fits every text
 * and places every piece before any file is opened, so text that cannot
 * fit fails with nothing written; draw() then paints the plan onto any
 * cairo context. Both outputs share one plan and one Pango context whose
 * metrics are unhinted, so the preview shows exactly the PDF's layout.
 *
 * Coordinates here are points with the origin at the top left of the page
 * and y down (cairo's); the geometry's inches (bottom left, y up) are
 * converted once, in page_box().
 */
#include "config.h"
#include "cover_picture.h"
#include "mazebook/colour.h"
#include "mazebook/cover_image.h"
#include "mazebook/cover.h"
#include "mazebook/fonts.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <cairo.h>
#include <cairo-pdf.h>
#include <fontconfig/fontconfig.h>
#include <fontconfig/fcfreetype.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>

#include "mazebook/generator.h"
#include "mazebook/kdp.h"
#include "mazebook/layout.h"
#include "mazebook/level.h"
#include "mazebook/measure.h"
#include "mazebook/rng.h"
#include "mazebook/xalloc.h"
#include "png_rgb.h"

#define PT(in) ((in) * MB_PT_PER_IN)
#define MIN_TEXT_PT 7.0
/* Amazon's search results show a cover this wide, and a title's capitals need this height */
#define THUMB_W_PX 160
#define MIN_THUMB_CAP_PX 6.0
#define DEFAULT_FAMILY "DejaVu Sans"
/* used when SOURCE_DATE_EPOCH is not set: any fixed date keeps output reproducible */
#define FIXED_CREATE_DATE "2024-01-01T00:00:00Z"

struct rgb {
	double r, g, b;
};

/* a rectangle in points, top left origin, y down */
struct box {
	double x, y, w, h;
};

/* the printed words, per spec->language */
struct labels {
	const char *lang;
	const char *start, *finish;
	const char *mazes_word;		/* under the count on the badge */
	const char *mazes;		/* after the count: "12 mazes" */
	const char *level;		/* before the level's name: "Level: easy" */
	const char *solutions;
	const char *sample;
	const char *blurb;		/* after the count: the back text when the spec has none */
	const char *level_names[4];	/* easy, medium, hard, expert */
};

static const struct labels label_sets[] = {
	{ "en", "START", "FINISH", "MAZES", "mazes", "Level:", "Solutions included",
	  "Sample maze",
	  "mazes to solve, each one from START to FINISH. Find the way, then check it "
	  "against the solutions at the back of the book.",
	  { "easy", "medium", "hard", "expert" } },
	{ "de", "START", "ZIEL", "LABYRINTHE", "Labyrinthe", "Stufe:", "Mit L\xc3\xb6sungen",
	  "Beispiel",
	  "Labyrinthe, jedes vom START bis zum ZIEL. Finde den Weg und vergleiche ihn mit "
	  "den L\xc3\xb6sungen hinten im Buch.",
	  { "leicht", "mittel", "schwer", "Experte" } },
	{ "fr", "D\xc3\x89PART", "ARRIV\xc3\x89" "E", "LABYRINTHES", "labyrinthes",
	  "Niveau :", "Solutions incluses", "Exemple",
	  "labyrinthes \xc3\xa0 r\xc3\xa9soudre, du D\xc3\x89PART \xc3\xa0 l'ARRIV\xc3\x89"
	  "E. Trouve le chemin, puis v\xc3\xa9rifie-le avec les solutions \xc3\xa0 la fin du livre.",
	  { "facile", "moyen", "difficile", "expert" } },
	{ "es", "INICIO", "META", "LABERINTOS", "laberintos", "Nivel:",
	  "Con soluciones", "Ejemplo",
	  "laberintos para resolver, del INICIO a la META. Encuentra el camino y "
	  "compru\xc3\xa9" "balo con las soluciones al final del libro.",
	  { "f\xc3\xa1" "cil", "medio", "dif\xc3\xad" "cil", "experto" } },
};

static const char *const level_keys[4] = { "easy", "medium", "hard", "expert" };

/* candidates tried for a coarser cover maze that passes the level's filter */
#define COVER_MAZE_ATTEMPTS 200
/* the most rows of a book grid the back reserves room for (the medium level's) */
#define COVER_RESERVE_ROWS 20
/* mixed into a book maze's seed for its cover stand-in ("cover") */
#define COVER_SEED_TAG 0x636f766572ULL

/* a maze drawn on a white card, with START and FINISH tags */
struct card {
	const struct mb_maze *maze;	/* the book's maze, or own */
	struct mb_maze *own;		/* a coarser stand-in made for the cover; or NULL */
	uint64_t own_seed;		/* its seed, with bm's generator: makes it again */
	const char *own_generator;
	struct box panel;
	double mx, my, cell;		/* the maze's top left corner and square side */
	double wall_pt;
	double radius;			/* the card's corner */
	PangoLayout *start, *finish, *caption;
	double start_x, start_y, finish_x, finish_y, caption_x, caption_y;
	double tag_pad;			/* around the START/FINISH text */
	int *route;
	int route_len;			/* the squares of the route drawn (0: none) */
};

/* a laid-out text and where its layout's top left goes */
struct text {
	PangoLayout *layout;	/* NULL: nothing to draw */
	double x, y;
};

struct cover {
	const struct mb_book_spec *spec;
	const struct mb_book *book;
	int pages;
	const struct labels *lb;
	struct mb_cover_geometry g;
	struct mb_cover_case hc;	/* a hardcover's wrap and hinge; zero for a paperback */
	double page_w, page_h;
	/* where the back and front art go: a hardcover's boards less the hinge */
	struct box back, spine, front, barcode;

	PangoFontMap *fontmap;
	PangoContext *pctx;
	PangoFontDescription *font;
	const char *mark;		/* before each feature line: one of marks[] */

	struct rgb bg, ink, dark, shadow, paper, accent, go, stop, badge, badge_ink;

	/* front */
	struct text title, subtitle, author;
	double title_shadow_pt;
	struct card hero;
	double badge_x, badge_y, badge_r;
	struct text badge_num, badge_word;

	/* back */
	struct text headline, blurb, features;
	double headline_shadow_pt;
	struct box blurb_box;
	struct card sample;

	/* spine (both NULL when blank) */
	struct text spine_title, spine_author;

	/* the publisher's pictures: front art on the hero card, the imprint's logo */
	cairo_surface_t *art, *logo;
	struct box logo_box;
};

static struct rgb rgb_from(uint32_t v)
{
	return (struct rgb){ ((v >> 16) & 0xff) / 255.0, ((v >> 8) & 0xff) / 255.0,
			     (v & 0xff) / 255.0 };
}

/* a + (b - a) * t, channel by channel */
static struct rgb mix(struct rgb a, struct rgb b, double t)
{
	return (struct rgb){ a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t };
}

static double luminance(struct rgb c)
{
	return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
}

static void set_rgb(cairo_t *cr, struct rgb c)
{
	cairo_set_source_rgb(cr, c.r, c.g, c.b);
}

static double clamp(double v, double lo, double hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* the geometry's rectangle (inches, bottom left, y up) in page points, y down */
static struct box page_box(const struct cover *c, struct mb_rect_in r)
{
	return (struct box){ PT(r.x), PT(c->g.h_in - r.y - r.h), PT(r.w), PT(r.h) };
}

static const struct labels *labels_for(const char *lang)
{
	for (size_t i = 0; lang && i < sizeof(label_sets) / sizeof(label_sets[0]); i++)
		if (!strcasecmp(lang, label_sets[i].lang))
			return &label_sets[i];
	return &label_sets[0];
}

/*
 * The mark before each line of the back cover's feature list: the first of
 * these the font has in bold (DejaVu Serif, for one, has no check mark), so
 * the mark is never drawn in a fallback font or as a missing glyph.
 */
static const struct {
	gunichar ch;
	const char *utf8;
} marks[] = { { 0x2713, "\xe2\x9c\x93" }, { 0x2022, "\xe2\x80\xa2" }, { '-', "-" } };

size_t mb_cover_words(const char *language, const char **words, size_t max)
{
	const struct labels *lb = labels_for(language);
	const char *all[] = { lb->start, lb->finish, lb->mazes_word, lb->mazes, lb->level,
			      lb->solutions, lb->sample, lb->blurb, lb->level_names[0],
			      lb->level_names[1], lb->level_names[2], lb->level_names[3] };
	size_t n = sizeof(all) / sizeof(all[0]);

	for (size_t i = 0; i < n && i < max; i++)
		words[i] = all[i];
	return n;
}

static const char *level_name(const struct cover *c)
{
	const char *name = c->spec->level ? c->spec->level->name : NULL;
	static _Thread_local char range[128];

	/* a book of several levels says its range, from the book's plan */
	if (c->book && mb_plan_multi_level(&c->book->plan)) {
		const struct mb_labels *l = mb_labels_find(c->spec->language);

		if (l)
			return mb_plan_level_words(&c->book->plan, l, range, sizeof(range));
	}
	for (int i = 0; name && i < 4; i++)
		if (!strcmp(name, level_keys[i]))
			return c->lb->level_names[i];
	return name;
}

/* ---- fonts and text fitting ---- */

static bool is_font_file(const char *font)
{
	size_t n = strlen(font);

	return strchr(font, '/') || (n > 4 && (!strcasecmp(font + n - 4, ".ttf") ||
					       !strcasecmp(font + n - 4, ".otf") ||
					       !strcasecmp(font + n - 4, ".ttc")));
}

/* the first of marks[] the bold face has a glyph for (the last one, '-', always) */
static const char *pick_mark(const struct cover *c)
{
	PangoFontDescription *d = pango_font_description_copy(c->font);
	PangoFont *pf;
	const char *mark = marks[sizeof(marks) / sizeof(marks[0]) - 1].utf8;

	pango_font_description_set_weight(d, PANGO_WEIGHT_BOLD);
	pf = pango_font_map_load_font(c->fontmap, c->pctx, d);
	for (size_t i = 0; pf && i < sizeof(marks) / sizeof(marks[0]); i++) {
		if (pango_font_has_char(pf, marks[i].ch)) {
			mark = marks[i].utf8;
			break;
		}
	}
	if (pf)
		g_object_unref(pf);
	pango_font_description_free(d);
	return mark;
}

/*
 * The font map of the last cover, kept for the next cover with the same
 * font (the print PDF, then its preview): Pango keeps every font it has
 * matched in the map, and matching one (in two threads of Pango's own per
 * size and weight) cost as much as drawing the cover. Dropped at exit.
 */
static struct {
	char *font;	/* the spec's font (or DEFAULT_FAMILY) */
	char *family;	/* the family it names */
	char *bold_file;	/* the bold face's file added beside it, or NULL */
	PangoFontMap *fontmap;
} kept;

static void drop_kept_map(void)
{
	if (kept.fontmap) {
		/* Pango 1.50 keeps its reference to a config set on the map when
		 * the map goes: drop it, or a font file's config leaks each time */
		pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(kept.fontmap), NULL);
		g_object_unref(kept.fontmap);
	}
	free(kept.font);
	free(kept.family);
	free(kept.bold_file);
	memset(&kept, 0, sizeof(kept));
}

/*
 * A font map of our own (no state shared with other users of Pango),
 * unhinted so that layout does not depend on the output resolution. A
 * font file is added to a private fontconfig set and used by its family
 * name. The map is kept (see kept) and *family points into it.
 */
static enum mb_status font_map_for(const char *font, const char *bold_file, PangoFontMap **map,
				   const char **family, struct mb_error *err)
{
	static bool dropped_at_exit;
	PangoFontMap *fontmap;
	char *name_of = NULL;

	if (kept.fontmap && !strcmp(kept.font, font) &&
	    !strcmp(kept.bold_file ? kept.bold_file : "", bold_file ? bold_file : "")) {
		*map = g_object_ref(kept.fontmap);
		*family = kept.family;
		return MB_OK;
	}
	fontmap = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
	if (!fontmap)
		return mb_error_set(err, MB_ERR_INTERNAL, "pango has no FreeType font map");
	if (is_font_file(font)) {
		FcConfig *cfg;
		FcPattern *pat;
		FcChar8 *name;
		int count = 0;

		if (access(font, R_OK) != 0) {
			g_object_unref(fontmap);
			return mb_error_set_field(err, MB_ERR_INPUT, "font",
						  "cannot read font file '%s': %s", font,
						  strerror(errno));
		}
		pat = FcFreeTypeQuery((const FcChar8 *)font, 0, NULL, &count);
		if (!pat || FcPatternGetString(pat, FC_FAMILY, 0, &name) != FcResultMatch) {
			if (pat)
				FcPatternDestroy(pat);
			g_object_unref(fontmap);
			return mb_error_set_field(
				err, MB_ERR_INPUT, "font",
				"font file '%s' is not a TrueType or OpenType font", font);
		}
		name_of = xstrdup((const char *)name);
		FcPatternDestroy(pat);
		cfg = FcInitLoadConfigAndFonts();
		/* the bold face the interior uses too (mb_font_find_face), so that
		 * Pango does not make a bold of its own from the regular outlines */
		if (!cfg || !FcConfigAppFontAddFile(cfg, (const FcChar8 *)font) ||
		    (bold_file && !FcConfigAppFontAddFile(cfg, (const FcChar8 *)bold_file))) {
			if (cfg)
				FcConfigDestroy(cfg);
			free(name_of);
			g_object_unref(fontmap);
			return mb_error_set_field(err, MB_ERR_INPUT, "font",
						  "cannot load font file '%s'", font);
		}
		pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(fontmap), cfg);
		FcConfigDestroy(cfg);
	} else {
		/* a fontconfig name ("DejaVu Serif", "Comic Neue:bold"): its family */
		FcPattern *pat = FcNameParse((const FcChar8 *)font);
		FcChar8 *name;

		if (pat && FcPatternGetString(pat, FC_FAMILY, 0, &name) == FcResultMatch)
			name_of = xstrdup((const char *)name);
		else
			name_of = xstrdup(font);
		if (pat)
			FcPatternDestroy(pat);
	}
	drop_kept_map();
	if (!dropped_at_exit) {
		atexit(drop_kept_map);
		dropped_at_exit = true;
	}
	kept.font = xstrdup(font);
	kept.family = name_of;
	kept.bold_file = bold_file ? xstrdup(bold_file) : NULL;
	kept.fontmap = fontmap;
	*map = g_object_ref(fontmap);
	*family = kept.family;
	return MB_OK;
}

static enum mb_status fonts_init(struct cover *c, struct mb_error *err)
{
	const char *font = mb_spec_font(c->spec) && mb_spec_font(c->spec)[0] ? mb_spec_font(c->spec)
									     : DEFAULT_FAMILY;
	const char *family = NULL;
	cairo_font_options_t *fo;
	char bold_path[1024];
	enum mb_status st = MB_OK;

	if (is_font_file(font))
		st = mb_font_find_face(font, mb_spec_font_bold(c->spec), true, bold_path,
				       sizeof(bold_path), err);
	if (!st)
		st = font_map_for(font, is_font_file(font) ? bold_path : NULL, &c->fontmap,
				  &family, err);
	if (st)
		return st;
	c->pctx = pango_font_map_create_context(c->fontmap);
	pango_cairo_context_set_resolution(c->pctx, 72.0);
	pango_context_set_round_glyph_positions(c->pctx, FALSE);
	fo = cairo_font_options_create();
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
	pango_cairo_context_set_font_options(c->pctx, fo);
	cairo_font_options_destroy(fo);

	c->font = pango_font_description_new();
	pango_font_description_set_family(c->font, family);

	/* fontconfig always finds some font: make sure it is the one asked for */
	{
		PangoFont *pf = pango_font_map_load_font(c->fontmap, c->pctx, c->font);
		PangoFontDescription *got = pf ? pango_font_describe(pf) : NULL;
		const char *got_family = got ? pango_font_description_get_family(got) : NULL;
		bool ok = got_family && !strcasecmp(got_family, family);

		if (!ok)
			mb_error_set_field(err, MB_ERR_INPUT, "font",
					   "font '%s' not found (fontconfig offers '%s')%s",
					   font, got_family ? got_family : "nothing",
					   strcmp(font, DEFAULT_FAMILY) ? "" :
					   ": apt-get install fonts-dejavu-core");
		if (got)
			pango_font_description_free(got);
		if (pf)
			g_object_unref(pf);
		if (ok)
			c->mark = pick_mark(c);
		return ok ? MB_OK : MB_ERR_INPUT;
	}
}

static PangoLayout *layout_at(const struct cover *c, const char *text, double size_pt,
			      PangoWeight weight, PangoAlignment align, double width_pt)
{
	PangoLayout *l = pango_layout_new(c->pctx);
	PangoFontDescription *d = pango_font_description_copy(c->font);

	pango_font_description_set_absolute_size(d, size_pt * PANGO_SCALE);
	pango_font_description_set_weight(d, weight);
	pango_layout_set_font_description(l, d);
	pango_font_description_free(d);
	if (width_pt > 0) {
		pango_layout_set_width(l, (int)(width_pt * PANGO_SCALE));
		pango_layout_set_wrap(l, PANGO_WRAP_WORD);
	}
	pango_layout_set_alignment(l, align);
	/* no ligatures: "fi" stays two letters for search and text extraction */
	{
		PangoAttrList *attrs = pango_attr_list_new();

		pango_attr_list_insert(attrs, pango_attr_font_features_new("liga 0, clig 0"));
		pango_layout_set_attributes(l, attrs);
		pango_attr_list_unref(attrs);
	}
	pango_layout_set_text(l, text, -1);
	return l;
}

/* the logical size of a layout, in points */
static void layout_size(PangoLayout *l, double *w, double *h)
{
	PangoRectangle ink, logical;

	pango_layout_get_extents(l, &ink, &logical);
	if (w)
		*w = (double)(logical.x + logical.width) / PANGO_SCALE;
	if (h)
		*h = (double)logical.height / PANGO_SCALE;
}

/*
 * The first size from max_pt down to min_pt (half points) whose layout
 * fits w x h; with unwrapped, without breaking any line.
 */
static PangoLayout *first_fit(const struct cover *c, const char *text, PangoWeight weight,
			      PangoAlignment align, double w, double h, double max_pt,
			      double min_pt, bool unwrapped)
{
	for (double size = max_pt; size >= min_pt - 1e-9; size -= 0.5) {
		PangoLayout *l = layout_at(c, text, size, weight, align, w);
		double lw, lh;

		layout_size(l, &lw, &lh);
		if (lw <= w + 0.01 && lh <= h + 0.01 &&
		    (!unwrapped || !pango_layout_is_wrapped(l)))
			return l;
		g_object_unref(l);
	}
	return NULL;
}

/*
 * The narrowest width that keeps a centred layout's line count, so that
 * its lines come out of even length ("Amazing Mazes / for Kids", not
 * "Amazing Mazes for / Kids"). Returns the width set.
 */
static double balance(PangoLayout *l, double w)
{
	int lines = pango_layout_get_line_count(l);
	double lo = w / (lines + 1), hi = w;

	if (lines < 2)
		return w;
	for (int i = 0; i < 14; i++) {
		double mid = (lo + hi) / 2;

		pango_layout_set_width(l, (int)(mid * PANGO_SCALE));
		if (pango_layout_get_line_count(l) == lines)
			hi = mid;
		else
			lo = mid;
	}
	pango_layout_set_width(l, (int)(hi * PANGO_SCALE));
	return hi;
}

/*
 * Lay text out to wrap within w x h points at the largest size, from
 * max_pt down in half points, that fits; out->x is the offset of the
 * layout inside the box (balanced centred text is narrower than w). With
 * one_line_pt > 0, sizes down to that are first tried without wrapping. When
 * nothing down to 7 pt fits, fail naming the field with the lines needed
 * and the room at 7 pt.
 */
/* the spec key behind a field fit() names, for err->field; NULL: none */
static const char *spec_key(const char *field)
{
	static const char *const keys[][2] = {
		{ "cover title", "title" },
		{ "cover subtitle", "subtitle" },
		{ "cover author", "author" },
		{ "cover back text", "cover.back" },
	};

	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (!strcmp(field, keys[i][0]))
			return keys[i][1];
	return NULL;
}

static enum mb_status fit(const struct cover *c, const char *field, const char *text,
			  PangoWeight weight, PangoAlignment align, double w, double h,
			  double max_pt, double one_line_pt, struct text *out,
			  struct mb_error *err)
{
	PangoLayout *l = NULL;
	double lw, lh, line_h;
	int lines, room;

	out->layout = NULL;
	out->x = out->y = 0;
	max_pt = floor(fmax(max_pt, MIN_TEXT_PT) * 2) / 2;
	if (one_line_pt > 0)
		l = first_fit(c, text, weight, align, w, h, max_pt, one_line_pt, true);
	if (!l)
		l = first_fit(c, text, weight, align, w, h, max_pt, MIN_TEXT_PT, false);
	if (l) {
		if (align == PANGO_ALIGN_CENTER)
			out->x = (w - balance(l, w)) / 2;
		out->layout = l;
		return MB_OK;
	}
	l = layout_at(c, text, MIN_TEXT_PT, weight, align, w);
	layout_size(l, &lw, &lh);
	lines = pango_layout_get_line_count(l);
	g_object_unref(l);
	line_h = lh / (lines > 0 ? lines : 1);
	room = (int)floor((h + 0.01) / line_h);
	if (err && err->code == MB_OK)
		err->field = spec_key(field);	/* recorded with the message below */
	if (lw > w + 0.01 && lines <= room)
		return mb_error_set_at(err, MB_ERR_INPUT, c->spec->path, 0, 0,
				       "%s does not fit: a word is wider than the %.2f in "
				       "it has at 7 pt", field, w / MB_PT_PER_IN);
	return mb_error_set_at(err, MB_ERR_INPUT, c->spec->path, 0, 0,
			       "%s does not fit: %d lines at 7 pt, room for %d", field, lines,
			       room);
}

/* ---- planning ---- */

/*
 * A w x h stand-in for book maze bm, for a cover whose card cannot show
 * bm's fine grid well: the same generator, a seed derived from bm's (so
 * the same book always gets the same cover) and, when one of
 * COVER_MAZE_ATTEMPTS candidates passes it, the level's filter; else the
 * candidate with the longest route.
 */
static struct mb_maze *cover_maze(const struct cover *c, const struct mb_book_maze *bm, int w,
				  int h, struct card *k)
{
	const struct mb_generator *gen = bm->gen ? bm->gen : &mb_gen_backtracker;
	struct mb_maze *m = mb_maze_new(w, h, NULL), *best = NULL;
	double best_ratio = -1;

	if (!m)
		BUG("cover maze %dx%d", w, h);
	k->own_generator = gen->name;
	for (uint64_t attempt = 1; attempt <= COVER_MAZE_ATTEMPTS; attempt++) {
		struct mb_measures ms;
		uint64_t seed = mb_rng_derive(bm->seed ^ COVER_SEED_TAG, attempt);

		mb_generate(gen, m, seed, NULL);
		mb_maze_measure(m, &ms);
		if (mb_filter_pass(&c->spec->filter, &ms)) {
			mb_maze_free(best);
			k->own_seed = seed;
			return m;
		}
		if (ms.route_ratio > best_ratio) {
			best_ratio = ms.route_ratio;
			mb_maze_free(best);
			best = mb_maze_copy(m);
			k->own_seed = seed;
		}
	}
	mb_maze_free(m);
	return best;
}

/*
 * Place book maze bm on a card centred in the box `in`, as large as fits
 * with room above for the START tag (and caption) and below for FINISH.
 * A grid too fine to look good at that size (squares under
 * MB_LAYOUT_MIN_COVER_CELL_PT, where 1 pt walls would pass a quarter of a
 * square) is drawn from a coarser stand-in of the same proportions made by
 * cover_maze(): the cover shows what the book's mazes look like, not every
 * square of one of them. Fails (MB_ERR_INPUT naming where) only when not
 * even a coarse maze fits: the texts above and beside it took the room.
 */
static enum mb_status plan_card(const struct cover *c, struct card *k,
				const struct mb_book_maze *bm, struct box in, double tag_pt,
				const char *caption, double route_share, const char *where,
				struct mb_error *err)
{
	const struct mb_maze *maze = bm->maze;
	double side, top, bottom, cap_h = 0, tag_h, cell;
	int gw, gh;

	memset(k, 0, sizeof(*k));
	k->maze = maze;
	k->start = layout_at(c, c->lb->start, tag_pt, PANGO_WEIGHT_BOLD, PANGO_ALIGN_LEFT, 0);
	k->finish = layout_at(c, c->lb->finish, tag_pt, PANGO_WEIGHT_BOLD, PANGO_ALIGN_LEFT, 0);
	layout_size(k->start, NULL, &tag_h);
	k->tag_pad = tag_pt * 0.35;
	if (caption) {
		k->caption = layout_at(c, caption, tag_pt * 1.4, PANGO_WEIGHT_BOLD,
				       PANGO_ALIGN_LEFT, 0);
		layout_size(k->caption, NULL, &cap_h);
	}
	side = fmax(tag_pt * 1.2, in.w * 0.04);
	top = tag_h + 2 * k->tag_pad + tag_pt * 1.4 + (caption ? cap_h + tag_pt * 0.4 : 0);
	bottom = tag_h + 2 * k->tag_pad + tag_pt * 1.4;
	if (!mb_layout_cover_grid(maze->w, maze->h, in.w - 2 * side, in.h - top - bottom, &gw,
				  &gh))
		return mb_error_set_at(err, MB_ERR_INPUT, c->spec->path, 0, 0,
				       "the %s has no room left for its maze: shorten its text",
				       where);
	/* a shaped maze is shown itself: a stand-in would need the shape again */
	if ((gw != maze->w || gh != maze->h) && mb_maze_is_rect(maze))
		k->maze = maze = k->own = cover_maze(c, bm, gw, gh, k);
	cell = fmin((in.w - 2 * side) / maze->w, (in.h - top - bottom) / maze->h);
	k->cell = cell;
	k->panel.w = maze->w * cell + 2 * side;
	k->panel.h = maze->h * cell + top + bottom;
	k->panel.x = in.x + (in.w - k->panel.w) / 2;
	k->panel.y = in.y + (in.h - k->panel.h) / 2;
	k->mx = k->panel.x + side;
	k->my = k->panel.y + top;
	k->wall_pt = clamp(cell * 0.11, 1.0, 4.0);
	k->radius = fmin(tag_pt * 1.2, side);

	/* START above the entrance (square 0, 0), FINISH below the exit, kept on the card */
	{
		double sw, fw, fh, ex, ey, fx, fy;
		double inner_l = k->panel.x + k->radius * 0.5;
		double inner_r = k->panel.x + k->panel.w - k->radius * 0.5;

		layout_size(k->start, &sw, NULL);
		layout_size(k->finish, &fw, &fh);
		mb_maze_gap_point(maze, false, 0.5, &ex, &ey);
		mb_maze_gap_point(maze, true, 0.5, &fx, &fy);
		k->start_x = clamp(k->mx + ex * cell - sw / 2, inner_l + k->tag_pad,
				   inner_r - sw - k->tag_pad);
		k->start_y = k->my - tag_pt * 0.8 - k->tag_pad - tag_h;
		k->finish_x = clamp(k->mx + fx * cell - fw / 2,
				    inner_l + k->tag_pad, inner_r - fw - k->tag_pad);
		k->finish_y = k->my + maze->h * cell + tag_pt * 0.8 + k->tag_pad;
		if (caption) {
			double cw;

			layout_size(k->caption, &cw, NULL);
			k->caption_x = k->panel.x + (k->panel.w - cw) / 2;
			k->caption_y = k->panel.y + tag_pt * 0.5;
		}
	}
	if (route_share > 0) {
		int n;

		k->route = xmallocarray((size_t)maze->w * maze->h, sizeof(int));
		n = mb_maze_route(maze, k->route);
		k->route_len = (int)ceil(n * route_share);
		if (k->route_len < 2 && n >= 2)
			k->route_len = 2;
	}
	return MB_OK;
}

static void card_release(struct card *k)
{
	if (k->start)
		g_object_unref(k->start);
	if (k->finish)
		g_object_unref(k->finish);
	if (k->caption)
		g_object_unref(k->caption);
	free(k->route);
	mb_maze_free(k->own);
	memset(k, 0, sizeof(*k));
}

static enum mb_status check_utf8(const struct cover *c, const char *field, const char *s,
				 struct mb_error *err)
{
	if (s && !g_utf8_validate(s, -1, NULL))
		return mb_error_set_at(err, MB_ERR_INPUT, c->spec->path, 0, 0,
				       "%s is not valid UTF-8", field);
	return MB_OK;
}

/* the size a fitted layout came out at, in points */
static double layout_pt(PangoLayout *l)
{
	return pango_font_description_get_size(pango_layout_get_font_description(l)) /
	       (double)PANGO_SCALE;
}

/* is a panel wide (landscape trims): text on the left, the maze on the right */
static bool is_wide(struct box p)
{
	return p.w > p.h * 1.15;
}

/*
 * The front: title (big, bold, outlined, with a drop shadow), subtitle
 * and author, and the first maze of the book on a card with a badge for
 * the maze count. Portrait: the texts above and below the card; wide: the
 * texts in the left half, the card in the right.
 */
static enum mb_status plan_front(struct cover *c, struct mb_error *err)
{
	const struct box f = c->front;
	bool wide = is_wide(f);
	double m = fmax(PT(0.3), fmin(f.w, f.h) * 0.06);
	double gap = f.h * 0.02;
	struct box col = { f.x + m, f.y + m, wide ? f.w / 2 - m - gap : f.w - 2 * m, f.h - 2 * m };
	double th, sh = 0, ah, y, bottom;
	struct box in;
	enum mb_status st;

	/* title, with room for its shadow */
	{
		double max_pt = f.h * (wide ? 0.1 : 0.075), room_h = f.h * (wide ? 0.45 : 0.25);
		double pad = max_pt * 0.06;

		st = fit(c, "cover title", c->spec->title, PANGO_WEIGHT_HEAVY, PANGO_ALIGN_CENTER,
			 col.w - pad, room_h - pad, max_pt, 0, &c->title, err);
		if (st)
			return st;
		c->title_shadow_pt = layout_pt(c->title.layout) * 0.06;
		layout_size(c->title.layout, NULL, &th);
		th += c->title_shadow_pt;
	}
	if (c->spec->subtitle && c->spec->subtitle[0]) {
		st = fit(c, "cover subtitle", c->spec->subtitle, PANGO_WEIGHT_SEMIBOLD,
			 PANGO_ALIGN_CENTER, col.w, f.h * (wide ? 0.2 : 0.09), f.h * 0.032,
			 f.h * 0.024, &c->subtitle, err);
		if (st)
			return st;
		layout_size(c->subtitle.layout, NULL, &sh);
	}
	st = fit(c, "cover author", c->spec->author, PANGO_WEIGHT_BOLD, PANGO_ALIGN_CENTER, col.w,
		 f.h * 0.07, f.h * (wide ? 0.04 : 0.03), f.h * 0.02, &c->author, err);
	if (st)
		return st;
	layout_size(c->author.layout, NULL, &ah);

	if (wide) {
		/* title, subtitle and author as one block, centred in the left column */
		y = col.y + (col.h - (th + gap * 0.5 + sh + gap * 3 + ah)) / 2;
	} else {
		y = col.y;
	}
	c->title.x += col.x;
	c->title.y = y;
	y += th + gap * 0.5;
	if (c->subtitle.layout) {
		c->subtitle.x += col.x;
		c->subtitle.y = y;
		y += sh;
	}
	c->author.x += col.x;
	if (wide) {
		c->author.y = y + gap * 3;
		y = col.y;
		bottom = col.y + col.h;
	} else {
		c->author.y = col.y + col.h - ah;
		y += gap;
		bottom = c->author.y - gap;
	}

	/*
	 * The first maze of the book, large, with the first part of its route
	 * drawn, and a badge with the maze count centred on the card's top right
	 * corner, a little low: the card keeps 0.75 r clear on each side and
	 * 0.6 r above, so the badge stays off the subtitle and inside the safe
	 * zone.
	 */
	{
		char num[32];
		double r = fmin(fmin(f.w, f.h) * 0.105, PT(0.75));
		double tag_pt = clamp(fmin(f.w, f.h) * 0.022, 8, 14);
		double x0 = wide ? f.x + f.w / 2 : col.x, x1 = f.x + f.w - m;
		double bx, by, nh, lh;

		in = (struct box){ x0 + 0.75 * r, y + 0.6 * r, x1 - x0 - 1.5 * r,
				   bottom - y - 0.6 * r };
		st = plan_card(c, &c->hero, &c->book->mazes[0], in, tag_pt, NULL, 0.4,
			       "front cover", err);
		if (st)
			return st;
		bx = c->hero.panel.x + c->hero.panel.w;
		by = c->hero.panel.y + 0.4 * r;
		c->badge_r = r;
		c->badge_x = bx;
		c->badge_y = by;
		snprintf(num, sizeof(num), "%zu", c->book->count);
		st = fit(c, "cover badge", num, PANGO_WEIGHT_HEAVY, PANGO_ALIGN_CENTER, r * 1.45,
			 r * 0.75, r * 0.72, 0, &c->badge_num, err);
		if (st)
			return st;
		st = fit(c, "cover badge", c->lb->mazes_word, PANGO_WEIGHT_BOLD, PANGO_ALIGN_CENTER,
			 r * 1.5, r * 0.4, r * 0.3, 0, &c->badge_word, err);
		if (st)
			return st;
		/* the number and the word stacked, the pair centred on the badge */
		layout_size(c->badge_num.layout, NULL, &nh);
		layout_size(c->badge_word.layout, NULL, &lh);
		c->badge_num.x += bx - r * 1.45 / 2;
		c->badge_num.y = by - (nh + lh * 0.85) / 2;
		c->badge_word.x += bx - r * 1.5 / 2;
		c->badge_word.y = c->badge_num.y + nh * 0.92;
	}
	return MB_OK;
}

/*
 * The least height of a card whose squares are at least cell_pt. A grid
 * of more than COVER_RESERVE_ROWS rows asks for no more than that many:
 * when the texts leave less, plan_card() draws a coarser stand-in rather
 * than squeezing the texts for a maze too fine to show anyway.
 */
static double card_min_h(const struct mb_maze *maze, double tag_pt, double cell_pt)
{
	return fmin(maze->h, COVER_RESERVE_ROWS) * cell_pt + tag_pt * 9;
}

/*
 * The back: the title as a headline, the description on a white box, a
 * sample maze on a card, what is inside beside the barcode, and the
 * barcode box. Portrait: stacked; wide: the texts on the left, the sample
 * on the right above the barcode.
 */
static enum mb_status plan_back(struct cover *c, struct mb_error *err)
{
	const struct box b = c->back;
	bool wide = is_wide(b);
	double m = fmax(PT(0.3), fmin(b.w, b.h) * 0.06);
	double gap = b.h * 0.025, pad = PT(0.16);
	double row_y = c->barcode.y - PT(0.0625);	/* the top of the barcode row */
	double tag_pt = clamp(fmin(b.w, b.h) * 0.016, 7.5, 10);
	const struct mb_book_maze *bm = &c->book->mazes[c->book->count / 2];
	struct box col = { b.x + m, b.y + m, wide ? b.w / 2 - m - gap / 2 : b.w - 2 * m, 0 };
	double y = col.y, lh, room;
	char *blurb = NULL;
	const char *text = c->spec->cover.back;
	enum mb_status st;

	/* headline: the title again, on one line if it can be */
	{
		double max_pt = b.h * 0.045;

		st = fit(c, "cover title", c->spec->title, PANGO_WEIGHT_HEAVY, PANGO_ALIGN_CENTER,
			 col.w, b.h * 0.14, max_pt, max_pt * 0.7, &c->headline, err);
		if (st)
			return st;
		c->headline_shadow_pt = layout_pt(c->headline.layout) * 0.05;
		layout_size(c->headline.layout, NULL, &lh);
		c->headline.x += col.x;
		c->headline.y = y;
		y += lh + c->headline_shadow_pt + gap;
	}

	/*
	 * The description on a white box that hugs the fitted text. On a
	 * portrait back it leaves the sample card room for squares of 4 pt.
	 */
	if (!text || !text[0]) {
		blurb = xasprintf("%zu %s", c->book->count, c->lb->blurb);
		text = blurb;
	}
	if (wide)
		room = row_y - gap - y;
	else
		room = clamp(row_y - gap - y - gap -
				     card_min_h(bm->maze, tag_pt, MB_LAYOUT_MIN_COVER_CELL_PT),
			     b.h * 0.22, b.h * 0.40);
	st = fit(c, "cover back text", text, PANGO_WEIGHT_NORMAL, PANGO_ALIGN_LEFT,
		 col.w - 2 * pad, room - 2 * pad, clamp(b.h * 0.022, 9, 14), 0, &c->blurb, err);
	free(blurb);
	if (st)
		return st;
	layout_size(c->blurb.layout, NULL, &lh);
	c->blurb_box = (struct box){ col.x, y, col.w, lh + 2 * pad };
	c->blurb.x += col.x + pad;
	c->blurb.y = y + pad;
	y += c->blurb_box.h + gap;

	/*
	 * A sample maze on a card above the barcode row (no wider than two
	 * thirds of a portrait back; the right half of a wide one); beside the
	 * barcode, what is inside.
	 */
	{
		const char *lvl = level_name(c);
		char *mazes_line = xasprintf("%zu %s", c->book->count, c->lb->mazes);
		char *level_line = lvl ? xasprintf("%s %s", c->lb->level, lvl) : NULL;
		double fx = b.x + m, fw = c->barcode.x - PT(0.0625) - gap - fx;
		double fh = b.y + b.h - m - row_y, max_pt = clamp(b.w * 0.034, 10, 18);

		/* the imprint's logo opens the barcode row; the list moves right */
		if (c->logo) {
			double aspect = (double)cairo_image_surface_get_width(c->logo) /
					cairo_image_surface_get_height(c->logo);
			double lh_pt = fmin(fh, PT(0.8)), lw_pt = lh_pt * aspect;
			const char *why;

			if (lw_pt > fmin(PT(1.6), fw * 0.45)) {
				lw_pt = fmin(PT(1.6), fw * 0.45);
				lh_pt = lw_pt / aspect;
			}
			c->logo_box = (struct box){ fx, row_y + (fh - lh_pt) / 2, lw_pt, lh_pt };
			why = mb_cover_image_dpi_problem(
				c->spec->cover.logo, cairo_image_surface_get_width(c->logo),
				cairo_image_surface_get_height(c->logo), lw_pt, lh_pt, false,
				"logo's place on the back");
			if (why)
				return mb_error_set_field(err, MB_ERR_INPUT, "cover.logo", "%s", why);
			fx += lw_pt + gap;
			fw -= lw_pt + gap;
		}
		double card_w = (b.w - 2 * m) * 0.66;
		struct box in = wide ?
			(struct box){ b.x + b.w / 2 + gap / 2, b.y + m, b.w / 2 - m - gap / 2,
				      row_y - gap - (b.y + m) } :
			(struct box){ b.x + m + (b.w - 2 * m - card_w) / 2, y, card_w,
				      row_y - gap - y };
		char *list;

		st = plan_card(c, &c->sample, bm, in, tag_pt, c->lb->sample, 0, "back cover",
			       err);
		if (st) {
			free(mazes_line);
			free(level_line);
			return st;
		}
		list = xasprintf("%s %s\n%s%s%s%s%s %s", c->mark, mazes_line,
				 level_line ? c->mark : "", level_line ? " " : "",
				 level_line ? level_line : "", level_line ? "\n" : "", c->mark,
				 c->lb->solutions);
		st = fit(c, "cover feature list", list, PANGO_WEIGHT_BOLD, PANGO_ALIGN_LEFT, fw, fh,
			 max_pt, 9, &c->features, err);
		free(list);
		free(mazes_line);
		free(level_line);
		if (st)
			return st;
		layout_size(c->features.layout, NULL, &lh);
		c->features.x += fx;
		c->features.y = row_y + (fh - lh) / 2;
	}
	return MB_OK;
}

/*
 * Title and author along the spine, reading top to bottom, at a size set by
 * the spine's width; blank when KDP allows no spine text or they do not
 * fit with the clearance from each fold at 7 pt or more. The clearance is
 * KDP's 0.0625 in plus the same 1/72 in allowance the interior margins
 * keep: text exactly on a minimum has been flagged.
 */
static void plan_spine(struct cover *c)
{
	const struct box s = c->spine;
	double room = s.w - 2 * PT(mb_kdp.spine_text_clearance_in + mb_kdp.margin_allowance_in);
	double len = s.h - 2 * PT(0.375), gap = PT(0.4);
	double line_per_pt, size;
	PangoLayout *probe;

	if (!mb_kdp_spine_text_allowed(c->pages) || room <= 0)
		return;
	probe = layout_at(c, "Ag", 10, PANGO_WEIGHT_BOLD, PANGO_ALIGN_LEFT, 0);
	layout_size(probe, NULL, &line_per_pt);
	g_object_unref(probe);
	line_per_pt /= 10;
	size = floor(fmin(room / line_per_pt, s.h * 0.035) * 2) / 2;
	for (int with_author = 1; with_author >= 0; with_author--) {
		for (double pt = size; pt >= MIN_TEXT_PT - 1e-9; pt -= 0.5) {
			PangoLayout *t = layout_at(c, c->spec->title, pt, PANGO_WEIGHT_BOLD,
						   PANGO_ALIGN_LEFT, 0);
			/* the author a little smaller than the title, but never under 7 pt */
			PangoLayout *a = with_author ?
				layout_at(c, c->spec->author, fmax(pt * 0.85, MIN_TEXT_PT),
					  PANGO_WEIGHT_NORMAL, PANGO_ALIGN_LEFT, 0) : NULL;
			double tw, th, aw = 0, ah = 0;

			layout_size(t, &tw, &th);
			if (a)
				layout_size(a, &aw, &ah);
			if (th <= room + 0.01 && ah <= room + 0.01 &&
			    tw + (a ? gap + aw : 0) <= len) {
				/* rotated frame: x runs down the spine, y leftwards from the front fold */
				c->spine_title = (struct text){ t, PT(0.375), (s.w - th) / 2 };
				if (a)
					c->spine_author = (struct text){ a, s.h - PT(0.375) - aw,
									 (s.w - ah) / 2 };
				return;
			}
			g_object_unref(t);
			if (a)
				g_object_unref(a);
		}
	}
}

static void cover_release(struct cover *c)
{
	PangoLayout *ls[] = { c->title.layout, c->subtitle.layout, c->author.layout,
			      c->badge_num.layout, c->badge_word.layout, c->headline.layout,
			      c->blurb.layout, c->features.layout, c->spine_title.layout,
			      c->spine_author.layout };

	for (size_t i = 0; i < sizeof(ls) / sizeof(ls[0]); i++)
		if (ls[i])
			g_object_unref(ls[i]);
	card_release(&c->hero);
	card_release(&c->sample);
	if (c->art)
		cairo_surface_destroy(c->art);
	if (c->logo)
		cairo_surface_destroy(c->logo);
	if (c->font)
		pango_font_description_free(c->font);
	if (c->pctx)
		g_object_unref(c->pctx);
	if (c->fontmap)
		g_object_unref(c->fontmap);	/* kept (font_map_for) holds it until exit */
	memset(c, 0, sizeof(*c));
}

/* ---- the publisher's pictures ---- */

static enum mb_status load_pictures(struct cover *c, struct mb_error *err)
{
	const struct mb_book_spec *s = c->spec;
	enum mb_status st = MB_OK;

	if (s->cover.image_path)
		st = mb_cover_picture_load(s->cover.image_path, "cover.image", &c->art, err);
	if (!st && s->cover.logo_path)
		st = mb_cover_picture_load(s->cover.logo_path, "cover.logo", &c->logo, err);
	return st;
}

/* the front art prints at 300 dpi or more on its card */
static enum mb_status art_prints(const struct cover *c, struct mb_error *err)
{
	const char *why;

	if (!c->art)
		return MB_OK;
	why = mb_cover_image_dpi_problem(c->spec->cover.image, cairo_image_surface_get_width(c->art),
					 cairo_image_surface_get_height(c->art), c->hero.panel.w,
					 c->hero.panel.h, !c->spec->cover.image_fit_inside,
					 "front card");
	return why ? mb_error_set_field(err, MB_ERR_INPUT, "cover.image", "%s", why) : MB_OK;
}

/* ---- checks a reader would make: contrast, and the title in a thumbnail ---- */

/*
 * Every text the cover writes in spec->cover.text straight on its
 * background, against WCAG 2's contrast: 4.5:1 under 18 pt (14 pt bold),
 * 3:1 above. The smallest text that fails is named with its size.
 */
static enum mb_status check_contrast(const struct cover *c, struct mb_error *err)
{
	const struct {
		const struct text *t;
		const char *what;
		bool bold;
	} texts[] = {
		{ &c->title, "the title", true },	{ &c->subtitle, "the subtitle", true },
		{ &c->author, "the author", true },	{ &c->headline, "the back's headline", true },
		{ &c->features, "the back's list", true },
		{ &c->spine_title, "the spine's title", true },
		{ &c->spine_author, "the spine's author", false },
	};
	uint32_t bg = c->spec->cover.background_rgb, ink = c->spec->cover.text_rgb;
	double ratio = mb_colour_contrast(bg, ink), worst_pt = 0;
	const char *worst = NULL;

	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		double pt, need;

		if (!texts[i].t->layout)
			continue;
		pt = layout_pt(texts[i].t->layout);
		need = pt >= 18 || (texts[i].bold && pt >= 14) ? MB_CONTRAST_LARGE_TEXT
							       : MB_CONTRAST_TEXT;
		if (ratio + 1e-9 < need && (!worst || pt < worst_pt)) {
			worst = texts[i].what;
			worst_pt = pt;
		}
	}
	if (!worst)
		return MB_OK;
	{
		uint32_t better = mb_colour_text_on(bg);
		bool large = worst_pt >= 18;

		return mb_error_set_field(
			err, MB_ERR_INPUT, "cover.text",
			"%s is %.1f pt in #%06x on #%06x, a contrast of %.1f:1, and %s needs "
			"%.1f:1 to be read (WCAG 2): choose text \"#%06x\" (%.1f:1) or another "
			"background",
			worst, worst_pt, (unsigned)ink, (unsigned)bg, floor(ratio * 10) / 10,
			large ? "text of 18 pt or more" : "text under 18 pt",
			large ? MB_CONTRAST_LARGE_TEXT : MB_CONTRAST_TEXT, (unsigned)better,
			floor(mb_colour_contrast(bg, better) * 10) / 10);
	}
}

/*
 * Amazon shows a cover 160 pixels wide in its search results: the title's
 * capitals must be at least MIN_THUMB_CAP_PX tall there to be read. The
 * cap height is measured, not assumed: the ink of an "H" in the title's
 * face, weight and size, scaled to the thumbnail.
 */
static enum mb_status check_thumbnail(const struct cover *c, struct mb_error *err)
{
	PangoLayout *l;
	PangoRectangle ink;
	double pt, cap_px;

	if (!c->title.layout)
		return MB_OK;
	pt = layout_pt(c->title.layout);
	l = pango_layout_new(c->pctx);
	pango_layout_set_font_description(l, pango_layout_get_font_description(c->title.layout));
	pango_layout_set_text(l, "H", -1);
	pango_layout_get_extents(l, &ink, NULL);
	g_object_unref(l);
	cap_px = (double)ink.height / PANGO_SCALE * THUMB_W_PX / c->front.w;
	if (cap_px + 1e-9 >= MIN_THUMB_CAP_PX)
		return MB_OK;
	return mb_error_set_field(
		err, MB_ERR_INPUT, "title",
		"the title fits the cover only at %.1f pt, so its capitals would be %.1f px tall "
		"where Amazon shows the cover %d px wide (at least %g px are needed to read it): "
		"shorten the title or move words into the subtitle",
		pt, cap_px, THUMB_W_PX, MIN_THUMB_CAP_PX);
}

static enum mb_status plan(struct cover *c, const struct mb_book_spec *spec,
			   const struct mb_book *book, int pages, struct mb_error *err)
{
	enum mb_status st;

	memset(c, 0, sizeof(*c));
	c->spec = spec;
	c->book = book;
	c->pages = pages;
	if (!spec->title || !spec->title[0])
		return mb_error_set_at(err, MB_ERR_INPUT, spec->path, 0, 0, "the cover needs a title");
	if (!spec->author || !spec->author[0])
		return mb_error_set_at(err, MB_ERR_INPUT, spec->path, 0, 0,
				       "the cover needs an author");
	if (!book || book->count == 0 || !book->mazes[0].maze)
		return mb_error_set(err, MB_ERR_INPUT, "the book has no mazes to draw on the cover");
	for (size_t i = 0; i < book->count; i++)
		if (!book->mazes[i].maze)
			return mb_error_set(err, MB_ERR_INPUT, "maze %zu of the book is missing",
					    i + 1);
	if (pages < 1)
		return mb_error_set(err, MB_ERR_INPUT,
				    "interior page count %d: expected 1 or more", pages);
	if (spec->trim.w_in <= 0 || spec->trim.h_in <= 0)
		return mb_error_set(err, MB_ERR_INPUT, "trim %gx%g in is not a page size",
				    spec->trim.w_in, spec->trim.h_in);
	if ((st = check_utf8(c, "title", spec->title, err)) ||
	    (st = check_utf8(c, "subtitle", spec->subtitle, err)) ||
	    (st = check_utf8(c, "author", spec->author, err)) ||
	    (st = check_utf8(c, "cover back text", spec->cover.back, err)))
		return st;

	c->lb = labels_for(spec->language);
	{
		struct mb_print print = mb_spec_print(spec);

		mb_kdp_cover_geometry_for(&spec->trim, pages, &print, &c->g, &c->hc);
	}
	c->page_w = PT(c->g.w_in);
	c->page_h = PT(c->g.h_in);
	c->back = page_box(c, c->g.back);
	c->spine = page_box(c, c->g.spine);
	c->front = page_box(c, c->g.front);
	c->barcode = page_box(c, c->g.barcode);
	if (c->hc.hardcover) {
		/* the hinge bends when the book opens: the art is planned beside it */
		c->back.w -= PT(c->hc.hinge_in);
		c->front.x += PT(c->hc.hinge_in);
		c->front.w -= PT(c->hc.hinge_in);
	}

	c->bg = rgb_from(spec->cover.background_rgb);
	c->ink = rgb_from(spec->cover.text_rgb);
	c->dark = mix(c->bg, (struct rgb){ 0, 0, 0 }, 0.62);
	c->shadow = luminance(c->ink) > 0.5 ? mix(c->bg, (struct rgb){ 0, 0, 0 }, 0.45) :
					      mix(c->bg, (struct rgb){ 1, 1, 1 }, 0.6);
	c->paper = (struct rgb){ 1, 1, 1 };
	c->accent = rgb_from(0xff7a00);
	c->go = rgb_from(0x2e9e44);
	c->stop = rgb_from(0xe53935);
	{
		uint32_t badge_text;

		/* the yellow badge vanished on a yellow or orange cover: one that stands out */
		c->badge = rgb_from(mb_colour_badge(spec->cover.background_rgb, &badge_text));
		c->badge_ink = rgb_from(badge_text);
	}

	if ((st = load_pictures(c, err)) || (st = fonts_init(c, err)) || (st = plan_front(c, err)) ||
	    (st = art_prints(c, err)) || (st = plan_back(c, err)))
		return st;
	plan_spine(c);
	return MB_OK;
}

/* ---- drawing ---- */

static void rounded_rect(cairo_t *cr, struct box b, double r)
{
	r = fmin(r, fmin(b.w, b.h) / 2);
	cairo_new_sub_path(cr);
	cairo_arc(cr, b.x + b.w - r, b.y + r, r, -M_PI / 2, 0);
	cairo_arc(cr, b.x + b.w - r, b.y + b.h - r, r, 0, M_PI / 2);
	cairo_arc(cr, b.x + r, b.y + b.h - r, r, M_PI / 2, M_PI);
	cairo_arc(cr, b.x + r, b.y + r, r, M_PI, 3 * M_PI / 2);
	cairo_close_path(cr);
}

static void show(cairo_t *cr, const struct text *t, struct rgb color, double dx, double dy)
{
	if (!t->layout)
		return;
	set_rgb(cr, color);
	cairo_move_to(cr, t->x + dx, t->y + dy);
	pango_cairo_show_layout(cr, t->layout);
}

/* a stroke of width w around the text's letters, under its fill: a sticker look */
static void outline(cairo_t *cr, const struct text *t, struct rgb color, double w)
{
	cairo_save(cr);
	cairo_new_path(cr);
	cairo_move_to(cr, t->x, t->y);
	pango_cairo_layout_path(cr, t->layout);
	set_rgb(cr, color);
	cairo_set_line_width(cr, w);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* the walls of m with its top left at (x, y), squares of side cell: merged runs */
static void maze_path(cairo_t *cr, const struct mb_maze *m, double x, double y, double cell)
{
	for (int j = 0; j <= m->h; j++) {
		int run = -1;

		for (int i = 0; i <= m->w; i++) {
			bool wall = false;

			if (i < m->w)
				wall = mb_maze_wall_h(m, i, j);
			if (wall && run < 0)
				run = i;
			if (!wall && run >= 0) {
				cairo_move_to(cr, x + run * cell, y + j * cell);
				cairo_line_to(cr, x + i * cell, y + j * cell);
				run = -1;
			}
		}
	}
	for (int i = 0; i <= m->w; i++) {
		int run = -1;

		for (int j = 0; j <= m->h; j++) {
			bool wall = false;

			if (j < m->h)
				wall = mb_maze_wall_v(m, i, j);
			if (wall && run < 0)
				run = j;
			if (!wall && run >= 0) {
				cairo_move_to(cr, x + i * cell, y + run * cell);
				cairo_line_to(cr, x + i * cell, y + j * cell);
				run = -1;
			}
		}
	}
}

/* a coloured pill around a layout, with a small arrow pointing down (or up) to the gap */
static void tag(cairo_t *cr, PangoLayout *l, double x, double y, double pad, struct rgb fill,
		double arrow_x, double arrow_y)
{
	double w, h;
	struct box b;

	layout_size(l, &w, &h);
	b = (struct box){ x - pad * 1.6, y - pad, w + pad * 3.2, h + pad * 2 };
	set_rgb(cr, fill);
	rounded_rect(cr, b, b.h / 2);
	cairo_fill(cr);
	/* the arrow: a triangle from the pill's edge to the maze's gap */
	{
		double base = fmin(pad * 2.2, b.w / 3);
		double edge = arrow_y > b.y + b.h ? b.y + b.h : b.y;

		cairo_move_to(cr, arrow_x - base / 2, edge);
		cairo_line_to(cr, arrow_x + base / 2, edge);
		cairo_line_to(cr, arrow_x, arrow_y);
		cairo_close_path(cr);
		cairo_fill(cr);
	}
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_move_to(cr, x, y);
	pango_cairo_show_layout(cr, l);
}

/*
 * A picture over box: filling it (cropped to it, with its rounded corners)
 * or fitted inside it whole, centred either way.
 */
static void draw_picture(cairo_t *cr, cairo_surface_t *pic, struct box box, bool inside,
			 double radius)
{
	double iw = cairo_image_surface_get_width(pic), ih = cairo_image_surface_get_height(pic);
	double s = inside ? fmin(box.w / iw, box.h / ih) : fmax(box.w / iw, box.h / ih);

	cairo_save(cr);
	rounded_rect(cr, box, radius);
	cairo_clip(cr);
	cairo_translate(cr, box.x + (box.w - iw * s) / 2, box.y + (box.h - ih * s) / 2);
	cairo_scale(cr, s, s);
	cairo_set_source_surface(cr, pic, 0, 0);
	cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
	cairo_paint(cr);
	cairo_restore(cr);
}

static void draw_card(const struct cover *c, cairo_t *cr, const struct card *k)
{
	const struct mb_maze *m = k->maze;
	double cell = k->cell, ex, ey, fx, fy;
	double drop = fmax(2.0, k->radius * 0.3);
	struct box shadow = { k->panel.x + drop, k->panel.y + drop, k->panel.w, k->panel.h };

	set_rgb(cr, c->dark);
	rounded_rect(cr, shadow, k->radius);
	cairo_fill(cr);
	set_rgb(cr, c->paper);
	rounded_rect(cr, k->panel, k->radius);
	cairo_fill(cr);

	/* the publisher's art instead of the maze, on the card's paper */
	if (k == &c->hero && c->art) {
		draw_picture(cr, c->art, k->panel, c->spec->cover.image_fit_inside, k->radius);
		return;
	}

	/* the route begun: a thick line from the entrance through the first squares */
	if (k->route_len > 0) {
		cairo_save(cr);
		set_rgb(cr, c->accent);
		cairo_set_line_width(cr, cell * 0.34);
		cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
		cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
		mb_maze_gap_point(m, false, 0.7, &ex, &ey);
		cairo_move_to(cr, k->mx + ex * cell, k->my + ey * cell);
		for (int i = 0; i < k->route_len; i++) {
			int sx = k->route[i] % m->w, sy = k->route[i] / m->w;

			cairo_line_to(cr, k->mx + (sx + 0.5) * cell, k->my + (sy + 0.5) * cell);
		}
		cairo_stroke(cr);
		/* the pencil's point: a dot where the route stops */
		{
			int last = k->route[k->route_len - 1];

			cairo_arc(cr, k->mx + (last % m->w + 0.5) * cell,
				  k->my + (last / m->w + 0.5) * cell, cell * 0.3, 0, 2 * M_PI);
			set_rgb(cr, mix(c->accent, (struct rgb){ 0, 0, 0 }, 0.3));
			cairo_fill(cr);
		}
		cairo_restore(cr);
	}

	cairo_save(cr);
	set_rgb(cr, c->dark);
	cairo_set_line_width(cr, k->wall_pt);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	maze_path(cr, m, k->mx, k->my, cell);
	cairo_stroke(cr);
	cairo_restore(cr);

	/* the tags point at the gaps: on a shape, a top and a bottom side nothing covers */
	mb_maze_gap_point(m, false, 0.5, &ex, &ey);
	mb_maze_gap_point(m, true, 0.5, &fx, &fy);
	tag(cr, k->start, k->start_x, k->start_y, k->tag_pad, c->go, k->mx + ex * cell,
	    k->my + ey * cell - k->wall_pt);
	tag(cr, k->finish, k->finish_x, k->finish_y, k->tag_pad, c->stop,
	    k->mx + fx * cell, k->my + fy * cell + k->wall_pt);
	if (k->caption) {
		set_rgb(cr, c->dark);
		cairo_move_to(cr, k->caption_x, k->caption_y);
		pango_cairo_show_layout(cr, k->caption);
	}
}

/*
 * The background's pattern: a large faint maze over the back and front,
 * kept 0.25 in clear of each fold so nothing lines up with a fold.
 */
static void draw_pattern(const struct cover *c, cairo_t *cr)
{
	double cell = PT(0.55);
	int w = (int)ceil(c->page_w / cell), h = (int)ceil(c->page_h / cell);
	struct mb_maze *m;
	double clear = PT(0.25);

	w = w > MB_MAZE_MAX_SIDE ? MB_MAZE_MAX_SIDE : w;
	h = h > MB_MAZE_MAX_SIDE ? MB_MAZE_MAX_SIDE : h;
	m = mb_maze_new(w, h, NULL);
	if (!m)
		return;
	mb_generate(&mb_gen_backtracker, m, c->book->mazes[0].seed ^ 0x636f766572ULL, NULL);
	cairo_save(cr);
	cairo_rectangle(cr, 0, 0, c->spine.x - clear, c->page_h);
	cairo_rectangle(cr, c->spine.x + c->spine.w + clear, 0,
			c->page_w - (c->spine.x + c->spine.w + clear), c->page_h);
	cairo_clip(cr);
	set_rgb(cr, mix(c->bg, (struct rgb){ 1, 1, 1 }, 0.14));
	cairo_set_line_width(cr, cell * 0.22);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	maze_path(cr, m, -cell * 0.3, -cell * 0.3, cell);
	cairo_stroke(cr);
	cairo_restore(cr);
	mb_maze_free(m);
}

static void draw_cover(const struct cover *c, cairo_t *cr)
{
	/* one background through the bleed and across both folds */
	set_rgb(cr, c->bg);
	cairo_rectangle(cr, 0, 0, c->page_w, c->page_h);
	cairo_fill(cr);
	draw_pattern(c, cr);

	/* front */
	show(cr, &c->title, c->shadow, c->title_shadow_pt, c->title_shadow_pt);
	outline(cr, &c->title, c->shadow, c->title_shadow_pt * 0.9);
	show(cr, &c->title, c->ink, 0, 0);
	show(cr, &c->subtitle, c->ink, 0, 0);
	draw_card(c, cr, &c->hero);
	set_rgb(cr, c->dark);
	cairo_new_path(cr);
	cairo_arc(cr, c->badge_x + c->badge_r * 0.07, c->badge_y + c->badge_r * 0.07, c->badge_r,
		  0, 2 * M_PI);
	cairo_fill(cr);
	set_rgb(cr, c->badge);
	cairo_arc(cr, c->badge_x, c->badge_y, c->badge_r, 0, 2 * M_PI);
	cairo_fill(cr);
	show(cr, &c->badge_num, c->badge_ink, 0, 0);
	show(cr, &c->badge_word, c->badge_ink, 0, 0);
	show(cr, &c->author, c->ink, 0, 0);

	/* back */
	show(cr, &c->headline, c->shadow, c->headline_shadow_pt, c->headline_shadow_pt);
	show(cr, &c->headline, c->ink, 0, 0);
	set_rgb(cr, c->paper);
	rounded_rect(cr, c->blurb_box, PT(0.12));
	cairo_fill(cr);
	show(cr, &c->blurb, c->dark, 0, 0);
	draw_card(c, cr, &c->sample);
	if (c->logo)
		draw_picture(cr, c->logo, c->logo_box, true, 0);
	show(cr, &c->features, c->ink, 0, 0);

	/* spine: rotated a quarter turn clockwise, tops of the letters to the front */
	if (c->spine_title.layout) {
		cairo_save(cr);
		cairo_translate(cr, c->spine.x + c->spine.w, c->spine.y);
		cairo_rotate(cr, M_PI / 2);
		show(cr, &c->spine_title, c->ink, 0, 0);
		show(cr, &c->spine_author, c->ink, 0, 0);
		cairo_restore(cr);
	}

	/* KDP's barcode area last, plain white, a little larger than the box */
	{
		double e = PT(0.0625);
		struct box b = { c->barcode.x - e, c->barcode.y - e, c->barcode.w + 2 * e,
				 c->barcode.h + 2 * e };

		set_rgb(cr, c->paper);
		rounded_rect(cr, b, e);
		cairo_fill(cr);
	}
}

/* ---- the preview's guides ---- */

static void guide_label(const struct cover *c, cairo_t *cr, const char *text, double x,
			double y, struct rgb color, double size_pt)
{
	PangoLayout *l = layout_at(c, text, size_pt, PANGO_WEIGHT_BOLD, PANGO_ALIGN_LEFT, 0);
	double w, h;

	layout_size(l, &w, &h);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_rectangle(cr, x - 2, y - 1, w + 4, h + 2);
	cairo_fill(cr);
	set_rgb(cr, color);
	cairo_move_to(cr, x, y);
	pango_cairo_show_layout(cr, l);
	g_object_unref(l);
}

/* the guides over the drawn cover; lines and labels keep a legible size in pixels */
static void draw_guides(const struct cover *c, cairo_t *cr, double dpi)
{
	double px = MB_PT_PER_IN / dpi;		/* one pixel in points */
	double thin = fmax(1.0, 2 * px), label_pt = fmax(7, 10 * px);
	/* a hardcover's wrap is where a paperback's bleed is: it folds round the boards */
	double bleed = PT(c->hc.hardcover ? c->hc.wrap_in : mb_kdp.cover_bleed_in);
	double safe = PT(mb_kdp.cover_safe_in);
	double clear = PT(mb_kdp.spine_text_clearance_in);
	struct box trim = { bleed, bleed, c->page_w - 2 * bleed, c->page_h - 2 * bleed };
	struct rgb red = rgb_from(0xd50000), green = rgb_from(0x00a040), blue = rgb_from(0x2962ff);
	struct rgb magenta = rgb_from(0xc000c0);
	double dash[] = { 6 * px, 4 * px };
	struct box boards[2] = { c->back, c->front };
	const struct box *panels[] = { &boards[0], &boards[1] };
	char buf[200], print_name[64];
	struct mb_print print = mb_spec_print(c->spec);

	cairo_save(cr);
	/* what the trim cuts off, washed out */
	cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
	cairo_rectangle(cr, 0, 0, c->page_w, c->page_h);
	cairo_rectangle(cr, trim.x, trim.y, trim.w, trim.h);
	cairo_set_source_rgba(cr, 1, 1, 1, 0.55);
	cairo_fill(cr);
	cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);

	cairo_set_line_width(cr, thin);
	set_rgb(cr, red);
	cairo_rectangle(cr, trim.x, trim.y, trim.w, trim.h);
	cairo_stroke(cr);

	/* folds, and the spine text clearance inside them */
	set_rgb(cr, blue);
	for (int i = 0; i < 2; i++) {
		double x = c->spine.x + i * c->spine.w;

		cairo_move_to(cr, x, 0);
		cairo_line_to(cr, x, c->page_h);
	}
	cairo_stroke(cr);
	cairo_set_dash(cr, dash, 2, 0);
	for (int i = 0; i < 2; i++) {
		double x = i ? c->spine.x + c->spine.w - clear : c->spine.x + clear;

		cairo_move_to(cr, x, trim.y);
		cairo_line_to(cr, x, trim.y + trim.h);
	}
	cairo_stroke(cr);

	/* a hardcover: the hinge on each board, and the safe zones run up to it */
	if (c->hc.hardcover) {
		struct rgb orange = rgb_from(0xff6d00);
		struct box hb = page_box(c, c->hc.hinge_back), hf = page_box(c, c->hc.hinge_front);

		cairo_save(cr);
		cairo_rectangle(cr, hb.x, hb.y, hb.w, hb.h);
		cairo_rectangle(cr, hf.x, hf.y, hf.w, hf.h);
		cairo_set_source_rgba(cr, 1, 0.43, 0, 0.25);
		cairo_fill_preserve(cr);
		set_rgb(cr, orange);
		cairo_set_dash(cr, dash, 2, 0);
		cairo_stroke(cr);
		cairo_restore(cr);
		cairo_set_line_width(cr, thin);
		boards[0].w += safe;	/* the hinge already keeps text off the spine side */
		boards[1].x -= safe;
		boards[1].w += safe;
	}

	/* safe zones */
	set_rgb(cr, green);
	for (int i = 0; i < 2; i++) {
		const struct box *p = panels[i];

		cairo_rectangle(cr, p->x + safe, p->y + safe, p->w - 2 * safe, p->h - 2 * safe);
	}
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);

	set_rgb(cr, magenta);
	cairo_set_line_width(cr, thin * 1.5);
	cairo_rectangle(cr, c->barcode.x, c->barcode.y, c->barcode.w, c->barcode.h);
	cairo_stroke(cr);

	snprintf(buf, sizeof(buf), "BACK  %.4f x %.4f in", c->g.w_in, c->g.h_in);
	guide_label(c, cr, buf, c->back.x + safe + 3, c->back.y + safe + 3, red, label_pt);
	snprintf(buf, sizeof(buf), "FRONT  %sspine %.4f in: %d pages, %s%s",
		 c->hc.hardcover ? "hardcover, " : "", c->g.spine_in, c->pages,
		 print.ink == MB_INK_BLACK ? mb_kdp_paper_name(c->spec->paper)
					   : mb_kdp_print_name(&print, print_name, sizeof(print_name)),
		 c->spine_title.layout ? "" :
		 mb_kdp_spine_text_allowed(c->pages) ? ", text does not fit" : ", no text");
	guide_label(c, cr, buf, c->front.x + safe + 3, c->front.y + safe + 3, red, label_pt);
	guide_label(c, cr, "barcode area", c->barcode.x + 6, c->barcode.y + 6, magenta, label_pt);
	if (c->hc.hardcover) {
		struct box hf = page_box(c, c->hc.hinge_front);

		guide_label(c, cr, "red: boards   shaded: 15 mm wrap   blue: spine folds   "
			    "orange: 10 mm hinge   green: safe zone", c->back.x + safe + 3,
			    c->page_h - bleed - 1.3 * label_pt, red, label_pt);
		guide_label(c, cr, "wrap", bleed * 0.2, c->page_h / 2, red, label_pt);
		guide_label(c, cr, "hinge", hf.x + 2, hf.y + hf.h / 2, rgb_from(0xff6d00),
			    label_pt);
	} else {
		guide_label(c, cr, "red: trim   blue: folds   green: safe zone", c->back.x + safe + 3,
			    c->page_h - bleed - 1.3 * label_pt, red, label_pt);
	}
	cairo_restore(cr);
}

/* ---- output ---- */

struct sink {
	FILE *f;
	int error;	/* errno of the first failed write */
};

static cairo_status_t sink_write(void *closure, const unsigned char *data, unsigned int len)
{
	struct sink *s = closure;

	if (s->error)
		return CAIRO_STATUS_WRITE_ERROR;
	if (fwrite(data, 1, len, s->f) != len) {
		s->error = errno ? errno : EIO;
		return CAIRO_STATUS_WRITE_ERROR;
	}
	return CAIRO_STATUS_SUCCESS;
}

/* close the sink; any failure becomes err (MB_ERR_IO) and removes the file */
static enum mb_status sink_close(struct sink *s, const char *path, cairo_status_t cs,
				 struct mb_error *err)
{
	enum mb_status st = MB_OK;

	if (fclose(s->f) != 0 && !s->error)
		s->error = errno ? errno : EIO;
	if (s->error)
		st = mb_error_set(err, MB_ERR_IO, "cannot write '%s': %s", path,
				  strerror(s->error));
	else if (cs != CAIRO_STATUS_SUCCESS)
		st = mb_error_set(err, MB_ERR_INTERNAL, "cairo failed writing '%s': %s", path,
				  cairo_status_to_string(cs));
	if (st)
		unlink(path);
	return st;
}

static enum mb_status sink_open(struct sink *s, const char *path, struct mb_error *err)
{
	s->error = 0;
	s->f = fopen(path, "wb");
	if (!s->f)
		return mb_error_set(err, MB_ERR_IO, "cannot write '%s': %s", path,
				    strerror(errno));
	return MB_OK;
}

/* SOURCE_DATE_EPOCH as ISO 8601, or a fixed date: never the clock */
static void create_date(char *buf, size_t size)
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	char *end;
	long long v;
	time_t t;
	struct tm tm;

	snprintf(buf, size, "%s", FIXED_CREATE_DATE);
	if (!sde || !*sde)
		return;
	errno = 0;
	v = strtoll(sde, &end, 10);
	if (errno || *end || v < 0 || v > 253402300799LL)
		return;
	t = (time_t)v;
	if (gmtime_r(&t, &tm))
		strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

enum mb_status mb_cover_check(const struct mb_book_spec *spec, const struct mb_book *book,
			      int interior_pages, struct mb_cover_stand_in *stand_ins, size_t *count,
			      struct mb_error *err)
{
	struct cover c;
	enum mb_status st = plan(&c, spec, book, interior_pages, err);
	const struct {
		const struct card *k;
		const char *place;
	} cards[] = { { &c.hero, "cover-front" }, { &c.sample, "cover-back" } };

	/* the writer draws what it is given; the build asks these before it writes */
	if (!st)
		st = check_contrast(&c, err);
	if (!st)
		st = check_thumbnail(&c, err);
	if (count)
		*count = 0;
	/* the mazes the cover makes of its own, for the book's manifest and catalogue */
	for (size_t i = 0; !st && stand_ins && count && i < sizeof(cards) / sizeof(cards[0]); i++) {
		const struct card *k = cards[i].k;

		if (!k->own || (k == &c.hero && c.art))
			continue;
		stand_ins[*count] = (struct mb_cover_stand_in){ cards[i].place, k->own_generator,
							       k->own_seed, mb_maze_copy(k->own) };
		(*count)++;
	}
	cover_release(&c);
	return st;
}

enum mb_status mb_cover_write(const struct mb_book_spec *spec, const struct mb_book *book,
			      int interior_pages, const char *path, struct mb_error *err)
{
	struct cover c;
	struct sink sink;
	cairo_surface_t *surface;
	cairo_t *cr;
	cairo_status_t cs;
	char date[32];
	enum mb_status st;

	st = plan(&c, spec, book, interior_pages, err);
	if (st == MB_OK)
		st = sink_open(&sink, path, err);
	if (st) {
		cover_release(&c);
		return st;
	}
	surface = cairo_pdf_surface_create_for_stream(sink_write, &sink, c.page_w, c.page_h);
	cairo_pdf_surface_restrict_to_version(surface, CAIRO_PDF_VERSION_1_4);
	create_date(date, sizeof(date));
	cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, date);
	cr = cairo_create(surface);
	draw_cover(&c, cr);
	cairo_show_page(cr);
	cs = cairo_status(cr);
	cairo_destroy(cr);
	cairo_surface_finish(surface);
	if (cs == CAIRO_STATUS_SUCCESS)
		cs = cairo_surface_status(surface);
	cairo_surface_destroy(surface);
	st = sink_close(&sink, path, cs, err);
	cover_release(&c);
	return st;
}

enum mb_status mb_cover_preview_png(const struct mb_book_spec *spec, const struct mb_book *book,
				    int interior_pages, const char *png_path, double dpi,
				    struct mb_error *err)
{
	struct cover c;
	struct sink sink;
	cairo_surface_t *surface;
	cairo_t *cr;
	cairo_status_t cs;
	enum mb_status st;
	int w_px, h_px;

	if (!(dpi >= 10 && dpi <= 1200))
		return mb_error_set(err, MB_ERR_INPUT, "preview resolution %g dpi: expected 10 to 1200",
				    dpi);
	st = plan(&c, spec, book, interior_pages, err);
	if (st) {
		cover_release(&c);
		return st;
	}
	w_px = (int)ceil(c.g.w_in * dpi);
	h_px = (int)ceil(c.g.h_in * dpi);
	if (w_px > 32767 || h_px > 32767) {
		cover_release(&c);
		return mb_error_set(err, MB_ERR_INPUT,
				    "preview of %dx%d pixels is too large: lower the dpi", w_px,
				    h_px);
	}
	surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w_px, h_px);
	cr = cairo_create(surface);
	cairo_scale(cr, dpi / MB_PT_PER_IN, dpi / MB_PT_PER_IN);
	draw_cover(&c, cr);
	draw_guides(&c, cr, dpi);
	cs = cairo_status(cr);
	cairo_destroy(cr);
	cairo_surface_flush(surface);
	if (cs == CAIRO_STATUS_SUCCESS)
		cs = cairo_surface_status(surface);
	if (cs == CAIRO_STATUS_SUCCESS && (st = sink_open(&sink, png_path, err)) == MB_OK) {
		int e = mb_png_write_rgb(sink.f, cairo_image_surface_get_data(surface),
					 w_px, h_px, cairo_image_surface_get_stride(surface),
					 MB_PNG_XRGB32);

		if (e) {
			sink.error = e;
			cs = CAIRO_STATUS_WRITE_ERROR;
		}
		st = sink_close(&sink, png_path, cs, err);
	} else if (cs != CAIRO_STATUS_SUCCESS) {
		st = mb_error_set(err, MB_ERR_INTERNAL, "cairo failed drawing the preview: %s",
				  cairo_status_to_string(cs));
	}
	cairo_surface_destroy(surface);
	cover_release(&c);
	return st;
}
