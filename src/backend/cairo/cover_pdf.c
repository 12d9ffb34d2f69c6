/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The cover writer: sets up Pango (the font map, the book's two faces)
 * and cairo, asks the core to compose the cover as a drawing list
 * (include/mazebook/page/cover_compose.h) with Pango's text metrics, and
 * replays the list (src/backend/cairo/draw_cairo.c) into a PDF (the print file)
 * or a PNG with the print guides on top (the preview). It decides nothing
 * that is drawn on the cover: the core fits the texts and places every
 * piece; the pictures are decoded here and named in the list by id. Both
 * outputs share one composition and one unhinted Pango context, so the
 * preview shows exactly the PDF's layout.
 *
 * Coordinates are points with the origin at the top left of the page and
 * y down (cairo's).
 */
#include "config.h"
#include "cover_picture.h"
#include "draw_cairo.h"
#include "mazebook/backend/cover.h"
#include "mazebook/backend/fonts.h"
#include "mazebook/base/date.h"
#include "mazebook/book/colour.h"
#include "mazebook/page/cover_compose.h"

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

#include "mazebook/base/xalloc.h"
#include "mazebook/kdp/kdp.h"
#include "../picture/png_rgb.h"

#define DEFAULT_FAMILY "DejaVu Sans"
/* used when SOURCE_DATE_EPOCH is not set: any fixed date keeps output reproducible */
#define FIXED_CREATE_DATE "2024-01-01T00:00:00Z"

struct cover {
	const struct mb_book_spec *spec;
	int pages;
	struct mb_cover k;		/* the core's composition: the list and its boxes */

	PangoFontMap *fontmap;
	PangoContext *pctx;
	PangoFontDescription *font, *bold;
	struct mb_cairo_fonts fonts;
	struct mb_text_metrics tm;
	const char *mark;		/* before each feature line: one of marks[] */

	/* the publisher's pictures: front art on the hero card, the imprint's logo */
	cairo_surface_t *art, *logo;
};

/*
 * The mark before each line of the back cover's feature list: the first of
 * these the font has in bold (DejaVu Serif, for one, has no check mark), so
 * the mark is never drawn in a fallback font or as a missing glyph.
 */
static const struct {
	gunichar ch;
	const char *utf8;
} marks[] = { { 0x2713, "\xe2\x9c\x93" }, { 0x2022, "\xe2\x80\xa2" }, { '-', "-" } };

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

static enum mb_status check_utf8(const struct cover *c, const char *field, const char *s,
				 struct mb_error *err)
{
	if (s && !g_utf8_validate(s, -1, NULL))
		return mb_error_set_at(err, MB_ERR_INPUT, c->spec->path, 0, 0,
				       "%s is not valid UTF-8", field);
	return MB_OK;
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

static cairo_surface_t *picture_of(void *ctx, int id)
{
	const struct cover *c = ctx;

	return id == MB_COVER_IMAGE_ART ? c->art : id == MB_COVER_IMAGE_LOGO ? c->logo : NULL;
}

static void cover_release(struct cover *c)
{
	mb_cover_release(&c->k);
	if (c->art)
		cairo_surface_destroy(c->art);
	if (c->logo)
		cairo_surface_destroy(c->logo);
	if (c->font)
		pango_font_description_free(c->font);
	if (c->bold)
		pango_font_description_free(c->bold);
	if (c->pctx)
		g_object_unref(c->pctx);
	if (c->fontmap)
		g_object_unref(c->fontmap);	/* kept (font_map_for) holds it until exit */
	memset(c, 0, sizeof(*c));
}

/* the fonts, the pictures, then the core's composition of the whole cover */
static enum mb_status plan(struct cover *c, const struct mb_book_spec *spec,
			   const struct mb_book *book, int pages, struct mb_error *err)
{
	struct mb_cover_input in;
	enum mb_status st;

	memset(c, 0, sizeof(*c));
	c->spec = spec;
	c->pages = pages;
	if ((st = check_utf8(c, "title", spec->title, err)) ||
	    (st = check_utf8(c, "subtitle", spec->subtitle, err)) ||
	    (st = check_utf8(c, "author", spec->author, err)) ||
	    (st = check_utf8(c, "cover back text", spec->cover.back, err)))
		return st;
	if (!spec->title || !spec->title[0] || !spec->author || !spec->author[0] || !book ||
	    book->count == 0 || pages < 1) {
		/* the core names what is missing, before any font is looked for */
		in = (struct mb_cover_input){ spec, book, pages, NULL, "-", 0, 0, 0, 0 };
		return mb_cover_compose(&in, &c->k, err);
	}
	if ((st = load_pictures(c, err)) || (st = fonts_init(c, err)))
		return st;
	c->bold = pango_font_description_copy(c->font);
	pango_font_description_set_weight(c->bold, PANGO_WEIGHT_BOLD);
	c->fonts = (struct mb_cairo_fonts){ c->pctx, { c->font, c->bold } };
	mb_draw_cairo_metrics(&c->fonts, &c->tm);
	in = (struct mb_cover_input){
		spec, book, pages, &c->tm, c->mark,
		c->art ? cairo_image_surface_get_width(c->art) : 0,
		c->art ? cairo_image_surface_get_height(c->art) : 0,
		c->logo ? cairo_image_surface_get_width(c->logo) : 0,
		c->logo ? cairo_image_surface_get_height(c->logo) : 0,
	};
	return mb_cover_compose(&in, &c->k, err);
}

static cairo_status_t draw_cover(struct cover *c, cairo_t *cr)
{
	const struct mb_cairo_replay r = { &c->fonts, picture_of, c };

	return mb_draw_cairo(cr, c->k.list, &r);
}

/* ---- output ---- */

struct sink {
	FILE *f;
	int error;	/* errno of the first failed write */
	/* a print PDF is held here until its page's boxes are in (hold_boxes) */
	bool hold;
	unsigned char *buf;
	size_t len, cap;
};

static cairo_status_t sink_write(void *closure, const unsigned char *data, unsigned int len)
{
	struct sink *s = closure;

	if (s->error)
		return CAIRO_STATUS_WRITE_ERROR;
	if (s->hold) {
		if (len > s->cap - s->len) {
			while (len > s->cap - s->len)
				s->cap = s->cap ? 2 * s->cap : 1 << 20;
			s->buf = xrealloc(s->buf, s->cap);
		}
		memcpy(s->buf + s->len, data, len);
		s->len += len;
		return CAIRO_STATUS_SUCCESS;
	}
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

	free(s->buf);
	s->buf = NULL;
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
	*s = (struct sink){ 0 };
	s->f = fopen(path, "wb");
	if (!s->f)
		return mb_error_set(err, MB_ERR_IO, "cannot write '%s': %s", path,
				    strerror(errno));
	return MB_OK;
}

/* SOURCE_DATE_EPOCH as ISO 8601, or a fixed date: never the clock */
static void create_date(char *buf, size_t size)
{
	struct tm tm;

	snprintf(buf, size, "%s", FIXED_CREATE_DATE);
	if (mb_date_source_epoch(getenv("SOURCE_DATE_EPOCH"), &tm))
		strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

enum mb_status mb_cover_check(const struct mb_book_spec *spec, const struct mb_book *book,
			      int interior_pages, struct mb_cover_grid *grids, size_t *count,
			      char *spine_note, size_t spine_note_size, struct mb_error *err)
{
	struct cover c;
	enum mb_status st = plan(&c, spec, book, interior_pages, err);

	if (!st && spine_note && spine_note_size)
		snprintf(spine_note, spine_note_size, "%s", c.k.spine_note);

	/* the writer draws what it is given; the build asks these before it writes */
	if (!st)
		st = mb_cover_compose_check(&c.k, spec, err);
	if (count)
		*count = 0;
	/* the grid each card has room for: the core makes the stand-ins they need */
	for (size_t i = 0; !st && grids && count && i < c.k.grid_count; i++)
		grids[(*count)++] = c.k.grids[i];
	cover_release(&c);
	return st;
}

/* ---- the print file's page boxes ---- */

/*
 * cairo 1.16 sets no page box but the MediaBox, so the cover's TrimBox and
 * BleedBox go into the PDF it wrote: a PDF 1.4 with its objects in the
 * clear and one classic cross-reference table. The two boxes are put
 * after the page's MediaBox, and every offset past them in the table (and
 * startxref) moves by their length: the file stays one revision, as if
 * cairo had written them.
 */
struct xref_table {
	size_t at;		/* "xref" */
	size_t entries[64];	/* each subsection's first entry ("0000000015 00000 n \n") */
	size_t counts[64];
	size_t sections;
};

static bool read_size(const unsigned char *p, const unsigned char *end, size_t *v,
		      const unsigned char **after)
{
	size_t n = 0;
	const unsigned char *q = p;

	while (q < end && *q >= '0' && *q <= '9' && q - p < 12)
		n = n * 10 + (size_t)(*q++ - '0');
	if (q == p || q - p >= 12)
		return false;
	*v = n;
	*after = q;
	return true;
}

#define XREF_ENTRY 20	/* "oooooooooo ggggg n" and a two-byte end of line */

/* the file's one cross-reference table, or false when it has none or more (an update) */
static bool find_xref(const unsigned char *pdf, size_t len, struct xref_table *x)
{
	const unsigned char *end = pdf + len, *p, *tail;
	static const char key[] = "startxref";
	size_t start, count;

	*x = (struct xref_table){ 0 };
	if (len <= 64)
		return false;
	tail = end - 64;
	for (p = end - (sizeof(key) - 1); p >= tail; p--)
		if (!memcmp(p, key, sizeof(key) - 1))
			break;
	if (p < tail)
		return false;
	p += sizeof(key) - 1;
	while (p < end && (*p == '\n' || *p == '\r' || *p == ' '))
		p++;
	if (!read_size(p, end, &x->at, &p) || x->at + 5 > len || memcmp(pdf + x->at, "xref", 4))
		return false;
	p = pdf + x->at + 4;
	for (;;) {
		while (p < end && (*p == '\n' || *p == '\r' || *p == ' '))
			p++;
		if (p < end && *p == 't')
			break;	/* trailer */
		if (!read_size(p, end, &start, &p) || p >= end || *p++ != ' ' ||
		    !read_size(p, end, &count, &p) || x->sections == 64)
			return false;
		while (p < end && (*p == '\n' || *p == '\r' || *p == ' '))
			p++;
		if ((size_t)(end - p) < count * XREF_ENTRY)
			return false;
		x->entries[x->sections] = (size_t)(p - pdf);
		x->counts[x->sections++] = count;
		p += count * XREF_ENTRY;
	}
	/* a trailer naming an earlier table is an incremental update */
	if ((size_t)(end - p) < 7 || memcmp(p, "trailer", 7))
		return false;
	for (const unsigned char *q = p; q + 5 <= end; q++)
		if (!memcmp(q, "/Prev", 5))
			return false;
	return x->sections > 0;
}

/* the object at offset, if it is a page ("N 0 obj\n<< /Type /Page" and not /Pages) */
static bool is_page_at(const unsigned char *pdf, size_t len, size_t offset)
{
	static const char page[] = "<< /Type /Page";
	const unsigned char *p = pdf + offset, *end = pdf + len;
	size_t ignored;

	if (offset >= len || !read_size(p, end, &ignored, &p) || end - p < 7 ||
	    memcmp(p, " 0 obj", 6))
		return false;
	p += 6;
	while (p < end && (*p == '\n' || *p == '\r' || *p == ' '))
		p++;
	return (size_t)(end - p) > sizeof(page) && !memcmp(p, page, sizeof(page) - 1) &&
	       p[sizeof(page) - 1] != 's';
}

/* points as a PDF number in cairo's six decimals, whatever the locale: 9, 1242.404352 */
static void pdf_number(char *buf, size_t size, double v)
{
	long long u = llround(fabs(v) * 1e6);
	int n = snprintf(buf, size, "%s%lld.%06lld", v < 0 && u ? "-" : "", u / 1000000,
			 u % 1000000);

	while (n > 0 && buf[n - 1] == '0')
		buf[--n] = '\0';
	if (n > 0 && buf[n - 1] == '.')
		buf[--n] = '\0';
}

/*
 * The cover's page boxes into s's PDF. TrimBox: where the cover is cut, the
 * back, spine and front inside the 0.125 in bleed, or a hardcover's boards,
 * whose wrap turns in over their edges; BleedBox: the whole sheet (the
 * bleed, or the wrap, is printed but not seen). False when the file is not
 * laid out as cairo 1.16 writes one.
 */
static bool hold_boxes(struct sink *s, const struct mb_cover *k)
{
	struct xref_table x;
	const struct mb_rect_in *b = &k->g.back, *f = &k->g.front;
	double trim[4] = { b->x, b->y, f->x + f->w, b->y + b->h };
	char boxes[256], num[4][32];
	const unsigned char *media, *close, *endobj;
	size_t page = 0, pages = 0, at, add;
	unsigned char *out;
	int n;

	if (!find_xref(s->buf, s->len, &x))
		return false;
	for (size_t i = 0; i < x.sections; i++) {
		for (size_t e = 0; e < x.counts[i]; e++) {
			const unsigned char *p = s->buf + x.entries[i] + e * XREF_ENTRY;
			size_t offset;
			const unsigned char *after;

			if (p[17] == 'n' && read_size(p, p + 10, &offset, &after) &&
			    is_page_at(s->buf, s->len, offset)) {
				page = offset;
				pages++;
			}
		}
	}
	if (pages != 1)
		return false;
	/* the page dictionary is text: its MediaBox comes before its endobj */
	endobj = memmem(s->buf + page, s->len - page, "endobj", 6);
	media = endobj ? memmem(s->buf + page, (size_t)(endobj - s->buf) - page, "/MediaBox [", 11)
		       : NULL;
	close = media ? memchr(media, ']', (size_t)(endobj - media)) : NULL;
	if (!close)
		return false;
	for (int i = 0; i < 4; i++)
		pdf_number(num[i], sizeof(num[i]), trim[i] * MB_PT_PER_IN);
	n = snprintf(boxes, sizeof(boxes), "\n   /TrimBox [ %s %s %s %s ]\n   /BleedBox %.*s",
		     num[0], num[1], num[2], num[3], (int)(close + 1 - (media + 10)), media + 10);
	if (n < 0 || (size_t)n >= sizeof(boxes))
		return false;
	at = (size_t)(close + 1 - s->buf);
	add = (size_t)n;
	/* the offsets past the boxes move; the table itself moves as a whole */
	for (size_t i = 0; i < x.sections; i++) {
		for (size_t e = 0; e < x.counts[i]; e++) {
			unsigned char *p = s->buf + x.entries[i] + e * XREF_ENTRY;
			const unsigned char *after;
			size_t offset;
			char digits[11];

			if (p[17] != 'n' || !read_size(p, p + 10, &offset, &after) || offset < at)
				continue;
			snprintf(digits, sizeof(digits), "%010zu", offset + add);
			memcpy(p, digits, 10);
		}
	}
	{
		/* "startxref\n<offset>\n%%EOF\n" rewritten at the end */
		char tail[64];
		int tn = snprintf(tail, sizeof(tail), "startxref\n%zu\n%%%%EOF\n", x.at + add);
		const unsigned char *sx = NULL;

		for (const unsigned char *q = s->buf + s->len - 9; q >= s->buf + x.at; q--)
			if (!memcmp(q, "startxref", 9)) {
				sx = q;
				break;
			}
		if (!sx || tn < 0)
			return false;
		size_t keep = (size_t)(sx - s->buf), len = keep + add + (size_t)tn;

		out = xmalloc(len);
		memcpy(out, s->buf, at);
		memcpy(out + at, boxes, add);
		memcpy(out + at + add, s->buf + at, keep - at);
		memcpy(out + keep + add, tail, (size_t)tn);
		free(s->buf);
		s->buf = out;
		s->len = s->cap = len;
	}
	return true;
}

/*
 * Show the one page, finish the PDF and move it to path (the first error
 * wins); a held print file gets k's page boxes on its way.
 */
static enum mb_status finish_page(cairo_t *cr, cairo_surface_t *surface, struct sink *sink,
				  const struct mb_cover *k, const char *path, struct mb_error *err)
{
	cairo_status_t cs;

	cairo_show_page(cr);
	cs = cairo_status(cr);
	cairo_destroy(cr);
	cairo_surface_finish(surface);
	if (cs == CAIRO_STATUS_SUCCESS)
		cs = cairo_surface_status(surface);
	cairo_surface_destroy(surface);
	if (sink->hold && cs == CAIRO_STATUS_SUCCESS && !sink->error) {
		if (!hold_boxes(sink, k)) {
			free(sink->buf);
			fclose(sink->f);
			unlink(path);
			return mb_error_set(err, MB_ERR_INTERNAL,
					    "cannot set the cover's TrimBox in '%s': cairo %s wrote a "
					    "PDF not laid out as this program expects",
					    path, cairo_version_string());
		}
		if (fwrite(sink->buf, 1, sink->len, sink->f) != sink->len)
			sink->error = errno ? errno : EIO;
	}
	return sink_close(sink, path, cs, err);
}

enum mb_status mb_cover_write(const struct mb_book_spec *spec, const struct mb_book *book,
			      int interior_pages, const char *path, struct mb_error *err)
{
	struct cover c;
	struct sink sink;
	cairo_surface_t *surface;
	cairo_t *cr;
	char date[32];
	enum mb_status st;

	st = plan(&c, spec, book, interior_pages, err);
	if (st == MB_OK)
		st = sink_open(&sink, path, err);
	if (st) {
		cover_release(&c);
		return st;
	}
	sink.hold = true;
	surface = cairo_pdf_surface_create_for_stream(sink_write, &sink, c.k.page_w, c.k.page_h);
	cairo_pdf_surface_restrict_to_version(surface, CAIRO_PDF_VERSION_1_4);
	create_date(date, sizeof(date));
	cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, date);
	cr = cairo_create(surface);
	draw_cover(&c, cr);
	st = finish_page(cr, surface, &sink, &c.k, path, err);
	cover_release(&c);
	return st;
}

/*
 * The cards' maze groups of the cover's list (SAVE, TRANSFORM, walls,
 * STROKE, RESTORE at the list's top level: the pattern's sits inside its
 * clip) copied into sheet, their strokes black: every one, or (only >= 0)
 * that one alone. Returns how many the list has.
 */
static size_t card_mazes(const struct mb_draw_list *l, struct mb_draw_list *sheet, long only)
{
	size_t n = 0;
	int depth = 0;

	for (size_t i = 0; i < l->count; i++) {
		const struct mb_draw_op *op = &l->ops[i];

		if (op->kind == MB_DRAW_SAVE && depth == 0 && i + 1 < l->count &&
		    l->ops[i + 1].kind == MB_DRAW_TRANSFORM) {
			size_t j = i + 1;

			if (only >= 0 && (size_t)only != n) {
				while (j < l->count && l->ops[j].kind != MB_DRAW_RESTORE)
					j++;
				n++;
				i = j;
				continue;
			}
			mb_draw_save(sheet);
			for (; j < l->count && l->ops[j].kind != MB_DRAW_RESTORE; j++) {
				const struct mb_draw_op *g = &l->ops[j];
				struct mb_pen pen;

				switch (g->kind) {
				case MB_DRAW_TRANSFORM:
					mb_draw_transform(sheet, &g->u.matrix);
					break;
				case MB_DRAW_MOVE:
					mb_draw_move(sheet, g->u.p[0].x, g->u.p[0].y);
					break;
				case MB_DRAW_LINE:
					mb_draw_line(sheet, g->u.p[0].x, g->u.p[0].y);
					break;
				case MB_DRAW_CURVE:	/* a polar maze's arcs */
					mb_draw_curve(sheet, g->u.p[0].x, g->u.p[0].y, g->u.p[1].x,
						      g->u.p[1].y, g->u.p[2].x, g->u.p[2].y);
					break;
				case MB_DRAW_STROKE:
					pen = g->u.pen;
					pen.rgb = 0x000000;
					pen.alpha = 1;
					mb_draw_stroke(sheet, &pen);
					break;
				default:
					BUG("a maze group holds op %d", (int)g->kind);
				}
			}
			mb_draw_restore(sheet);
			n++;
			i = j;
			continue;
		}
		if (op->kind == MB_DRAW_SAVE)
			depth++;
		else if (op->kind == MB_DRAW_RESTORE)
			depth--;
	}
	return n;
}

enum mb_status mb_cover_proof_sheet(const struct mb_book_spec *spec, const struct mb_book *book,
				    int interior_pages, const char *path, size_t *count,
				    struct mb_error *err)
{
	struct cover c;
	struct sink sink;
	struct mb_draw_list *sheet;
	cairo_surface_t *surface;
	cairo_t *cr;
	enum mb_status st;
	/*
	 * circles, hexagons and triangles one to a page: mazeproof tells a
	 * page's polar mazes apart by their arcs' centres, which two circles
	 * side by side blur
	 */
	bool one_a_page = book && book->count && mb_grid_is_graph(book->mazes[0].maze->grid);

	*count = 0;
	st = plan(&c, spec, book, interior_pages, err);
	if (st) {
		cover_release(&c);
		return st;
	}
	sheet = mb_draw_new(c.k.page_w, c.k.page_h);
	*count = card_mazes(c.k.list, sheet, one_a_page ? 0 : -1);
	if (*count == 0 || (st = sink_open(&sink, path, err))) {
		mb_draw_free(sheet);
		cover_release(&c);
		return st;
	}
	surface = cairo_pdf_surface_create_for_stream(sink_write, &sink, c.k.page_w, c.k.page_h);
	cairo_pdf_surface_restrict_to_version(surface, CAIRO_PDF_VERSION_1_4);
	cr = cairo_create(surface);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	mb_draw_cairo(cr, sheet, NULL);
	for (size_t k = 1; one_a_page && k < *count; k++) {
		cairo_show_page(cr);
		mb_draw_clear(sheet, c.k.page_w, c.k.page_h);
		card_mazes(c.k.list, sheet, (long)k);
		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_paint(cr);
		mb_draw_cairo(cr, sheet, NULL);
	}
	st = finish_page(cr, surface, &sink, &c.k, path, err);
	mb_draw_free(sheet);
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
	w_px = (int)ceil(c.k.g.w_in * dpi);
	h_px = (int)ceil(c.k.g.h_in * dpi);
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
	{
		/* the print guides: the core's list over the cover */
		struct mb_draw_list *guides = mb_draw_new(c.k.page_w, c.k.page_h);
		const struct mb_cairo_replay r = { &c.fonts, NULL, NULL };

		mb_cover_guides(&c.k, spec, &c.tm, dpi, guides);
		mb_draw_cairo(cr, guides, &r);
		mb_draw_free(guides);
	}
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

