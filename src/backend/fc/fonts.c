/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Font lookup through fontconfig (the library behind fc-match). fontconfig
 * always answers with some font, so a family the user named is checked
 * against the answer: printing a book in a substitute without saying so
 * would be a silent surprise.
 */
#include "config.h"

#include "mazebook/backend/fonts.h"

#include <fontconfig/fontconfig.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#define DEFAULT_FAMILY "DejaVu Sans"

/* a font file rather than a fontconfig name: .ttf, or .otf (OpenType) */
static bool ends_with_font_suffix(const char *s)
{
	size_t n = strlen(s);

	return n >= 4 && (strcasecmp(s + n - 4, ".ttf") == 0 || strcasecmp(s + n - 4, ".otf") == 0);
}

static bool copy_path(char *path, size_t size, const char *src)
{
	return (size_t)snprintf(path, size, "%s", src) < size;
}

enum outlines { OUTLINES_NONE, OUTLINES_TRUETYPE, OUTLINES_CFF };

/*
 * What outlines a font file holds, from its first four bytes: TrueType
 * (glyf, in a .ttf or an .otf) is what libharu embeds; CFF-flavoured
 * OpenType ("OTTO", most .otf) it cannot read.
 */
static enum outlines font_outlines(const char *file)
{
	unsigned char magic[4];
	FILE *f = fopen(file, "rb");
	enum outlines kind = OUTLINES_NONE;

	if (!f)
		return OUTLINES_NONE;
	if (fread(magic, 1, 4, f) == 4) {
		if ((magic[0] == 0 && magic[1] == 1 && magic[2] == 0 && magic[3] == 0) ||
		    memcmp(magic, "true", 4) == 0)
			kind = OUTLINES_TRUETYPE;
		else if (memcmp(magic, "OTTO", 4) == 0)
			kind = OUTLINES_CFF;
	}
	fclose(f);
	return kind;
}

static bool is_truetype(const char *file)
{
	return font_outlines(file) == OUTLINES_TRUETYPE;
}

/* what a CFF font is and how to convert it, the same for a file and a fontconfig name */
#define CFF_HINT "OpenType with CFF (PostScript) outlines, which the PDF library cannot " \
	"embed; convert it to TrueType outlines, for example with fontforge (apt-get " \
	"install fontforge): fontforge -lang=ff -c 'Open($1); Generate($2)' FONT.otf FONT.ttf"

/* a font file the interior can embed, or the error that says why not and what to do */
static enum mb_status check_font_file(const char *name, const char *key, struct mb_error *err)
{
	if (access(name, R_OK) != 0)
		return mb_error_set_field(err, MB_ERR_INPUT, key, "cannot read font file '%s'",
					  name);
	switch (font_outlines(name)) {
	case OUTLINES_TRUETYPE:
		return MB_OK;
	case OUTLINES_CFF:
		return mb_error_set_field(err, MB_ERR_INPUT, key, "font file '%s' is " CFF_HINT,
					  name);
	default:
		return mb_error_set_field(err, MB_ERR_INPUT, key,
					  "font file '%s' is not a TrueType (.ttf) or OpenType "
					  "(.otf) font",
					  name);
	}
}

/*
 * fontconfig's configuration, loaded once a process: loading it parses
 * every config file and font cache, and a build asks for its two faces
 * from three places (the glyph check, the word check, the interior).
 * Freed at exit, so that leak checkers see it go.
 */
static FcConfig *loaded_config;

static void drop_config(void)
{
	if (loaded_config)
		FcConfigDestroy(loaded_config);
	loaded_config = NULL;
}

static FcConfig *fc_config(void)
{
	if (!loaded_config) {
		loaded_config = FcInitLoadConfigAndFonts();
		if (loaded_config)
			atexit(drop_config);
	}
	return loaded_config;
}

/* one fontconfig answer (the fonts installed do not change during a run) */
struct fc_answer {
	char family[256];
	bool bold;
	bool ok;
	char path[1024];
	char got[256];
};

/* Ask fontconfig for family (with :bold); true and the file when the family matches. */
static bool fc_query(const char *family, bool bold, char *path, size_t size, char *got,
		     size_t got_size)
{
	FcConfig *cfg = fc_config();
	FcPattern *pat, *match = NULL;
	FcResult res;
	FcChar8 *file = NULL, *fam = NULL;
	bool ok = false;

	if (!cfg)
		return false;
	pat = FcPatternCreate();
	FcPatternAddString(pat, FC_FAMILY, (const FcChar8 *)family);
	FcPatternAddInteger(pat, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR);
	FcPatternAddInteger(pat, FC_SLANT, FC_SLANT_ROMAN);
	FcConfigSubstitute(cfg, pat, FcMatchPattern);
	FcDefaultSubstitute(pat);
	match = FcFontMatch(cfg, pat, &res);
	if (match && FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch) {
		if (got_size)
			got[0] = '\0';
		for (int i = 0; FcPatternGetString(match, FC_FAMILY, i, &fam) == FcResultMatch;
		     i++) {
			if (i == 0 && got_size)
				snprintf(got, got_size, "%s", (const char *)fam);
			if (strcasecmp((const char *)fam, family) == 0)
				ok = true;
		}
		if (ok)
			ok = copy_path(path, size, (const char *)file);
	}
	if (match)
		FcPatternDestroy(match);
	FcPatternDestroy(pat);
	return ok;
}

/* fc_query, remembering the last answers: matching costs as much as loading the config */
static bool fc_lookup(const char *family, bool bold, char *path, size_t size,
		      char *got, size_t got_size)
{
	static struct fc_answer answers[4];
	static size_t next;
	struct fc_answer *a;

	for (size_t i = 0; i < sizeof(answers) / sizeof(answers[0]); i++) {
		a = &answers[i];
		if (a->family[0] && a->bold == bold && !strcmp(a->family, family)) {
			if (got_size)
				snprintf(got, got_size, "%s", a->got);
			return a->ok && copy_path(path, size, a->path);
		}
	}
	a = &answers[next];
	next = (next + 1) % (sizeof(answers) / sizeof(answers[0]));
	memset(a, 0, sizeof(*a));
	a->bold = bold;
	a->ok = fc_query(family, bold, a->path, sizeof(a->path), a->got, sizeof(a->got));
	/* a family too long to remember is asked again next time */
	if (strlen(family) < sizeof(a->family))
		snprintf(a->family, sizeof(a->family), "%s", family);
	if (got_size)
		snprintf(got, got_size, "%s", a->got);
	return a->ok && copy_path(path, size, a->path);
}

/* DejaVu Sans without fontconfig's help: the Debian folder, then fonts/ in the source tree. */
static bool dejavu_fallback(bool bold, char *path, size_t size)
{
	const char *file = bold ? "DejaVuSans-Bold.ttf" : "DejaVuSans.ttf";
	const char *dirs[] = { "/usr/share/fonts/truetype/dejavu", MB_SRCDIR "/fonts" };

	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		if ((size_t)snprintf(path, size, "%s/%s", dirs[i], file) < size &&
		    access(path, R_OK) == 0)
			return true;
	}
	return false;
}

/* does the font file say it is bold (semibold or heavier)? */
static bool file_is_bold(const char *file)
{
	int count = 0, weight = 0;
	FcPattern *pat = FcFreeTypeQuery((const FcChar8 *)file, 0, NULL, &count);
	bool bold = false;

	if (pat) {
		bold = FcPatternGetInteger(pat, FC_WEIGHT, 0, &weight) == FcResultMatch &&
		       weight >= FC_WEIGHT_DEMIBOLD;
		FcPatternDestroy(pat);
	}
	return bold;
}

/* is real (a file's real place) inside the folder dir? */
static bool real_inside(const char *real, const char *dir)
{
	size_t n = dir ? strlen(dir) : 0;

	return n && !strncmp(real, dir, n) && (real[n] == '/' || (n == 1 && dir[0] == '/'));
}

/*
 * A bold face found beside regular must really be there (issue 29): a
 * symbolic link out of the regular file's folder (a spec's folder) is
 * not read. Beside the file as named or beside its real place.
 */
static bool really_beside(const char *candidate, const char *regular)
{
	char *real = realpath(candidate, NULL), *dir = strdup(regular), *real_regular;
	char *slash = dir ? strrchr(dir, '/') : NULL, *real_dir;
	bool ok;

	if (!real || !dir) {
		free(real);
		free(dir);
		return false;
	}
	if (slash)
		slash[slash == dir] = '\0';
	real_dir = realpath(slash ? dir : ".", NULL);
	real_regular = realpath(regular, NULL);
	if (real_regular && strrchr(real_regular, '/'))
		strrchr(real_regular, '/')[strrchr(real_regular, '/') == real_regular] = '\0';
	ok = real_inside(real, real_dir) || real_inside(real, real_regular);
	free(real_regular);
	free(real_dir);
	free(dir);
	free(real);
	return ok;
}

/*
 * The bold face that ships beside a regular font file, by the names font
 * makers give it: Foo-Regular.ttf -> Foo-Bold.ttf, Foo.ttf -> Foo-Bold.ttf,
 * FooBold.ttf, Foo_Bold.ttf, Foo Bold.ttf, foo-bold.ttf, foobd.ttf, in .ttf
 * or .otf. A candidate counts only when it is TrueType and says it is bold.
 * None found is an error: headings silently set in the regular face were a
 * surprise (the cover, through Pango, made a bold of its own).
 */
static enum mb_status bold_beside(const char *regular, char *path, size_t size,
				  struct mb_error *err)
{
	static const char *const regular_words[] = { "-Regular", "_Regular", " Regular",
						     "Regular", "-regular", "_regular", "regular",
						     "-Book", "-Roman", "" };
	static const char *const bold_words[] = { "-Bold", "Bold", "_Bold", " Bold", "-bold",
						  "_bold", "bold", "bd", "-B" };
	static const char *const suffixes[] = { ".ttf", ".otf", ".TTF", ".OTF" };
	const char *slash = strrchr(regular, '/');
	const char *dot = strrchr(regular, '.');
	char stem[1024];
	size_t stem_len;

	if (!dot || (slash && dot < slash))
		dot = regular + strlen(regular);
	stem_len = (size_t)(dot - regular);
	if (stem_len >= sizeof(stem))
		return mb_error_set_field(err, MB_ERR_INPUT, "font", "font path '%s' is too long",
					  regular);
	for (size_t r = 0; r < sizeof(regular_words) / sizeof(regular_words[0]); r++) {
		size_t wl = strlen(regular_words[r]);
		size_t base;

		/* the stem without its "Regular" word ("" matches every stem) */
		if (wl > stem_len || strncmp(regular + stem_len - wl, regular_words[r], wl))
			continue;
		base = stem_len - wl;
		if (slash && regular + base <= slash)
			continue;
		memcpy(stem, regular, base);
		stem[base] = '\0';
		for (size_t b = 0; b < sizeof(bold_words) / sizeof(bold_words[0]); b++) {
			for (size_t x = 0; x < sizeof(suffixes) / sizeof(suffixes[0]); x++) {
				if ((size_t)snprintf(path, size, "%s%s%s", stem, bold_words[b],
						     suffixes[x]) >= size)
					continue;
				if (strcmp(path, regular) && access(path, R_OK) == 0 &&
				    !really_beside(path, regular))
					return mb_error_set_field(err, MB_ERR_INPUT, "font",
								  "the bold face '%s' beside the "
								  "font file '%s' is a symbolic link "
								  "out of its folder: copy the bold "
								  "file there, or name it with "
								  "'font_bold:'", path, regular);
				if (strcmp(path, regular) && access(path, R_OK) == 0 &&
				    is_truetype(path) && file_is_bold(path))
					return MB_OK;
			}
		}
	}
	return mb_error_set_field(err, MB_ERR_INPUT, "font",
				  "font file '%s' has no bold face beside it (looked for names "
				  "such as '%.*s-Bold.ttf'), and titles are set in bold: name the "
				  "bold file with 'font_bold:' (or the same file, to set titles in "
				  "the regular face)",
				  regular, (int)stem_len, regular);
}

enum mb_status mb_font_find(const char *name, bool bold, char *path, size_t size,
			    struct mb_error *err)
{
	char family[256], got[256] = "";
	const char *colon;

	if (name && (strchr(name, '/') || ends_with_font_suffix(name))) {
		enum mb_status st = check_font_file(name, "font", err);

		if (st)
			return st;
		if (bold)
			return bold_beside(name, path, size, err);
		if (!copy_path(path, size, name))
			return mb_error_set_field(err, MB_ERR_INPUT, "font",
						  "font path '%s' is too long", name);
		return MB_OK;
	}
	if (!name || !*name) {
		if ((fc_lookup(DEFAULT_FAMILY, bold, path, size, got, sizeof(got)) &&
		     is_truetype(path)) ||
		    dejavu_fallback(bold, path, size))
			return MB_OK;
		return mb_error_set_field(err, MB_ERR_INPUT, "font",
					  "font '%s' not found: apt-get install fonts-dejavu-core",
					  DEFAULT_FAMILY);
	}
	/* a fontconfig name: the family is what comes before any ':' style */
	colon = strchr(name, ':');
	snprintf(family, sizeof(family), "%.*s",
		 (int)(colon ? (size_t)(colon - name) : strlen(name)), name);
	if (!fc_lookup(family, bold || (colon && strstr(colon, "bold")), path, size, got,
		       sizeof(got)))
		return mb_error_set_field(err, MB_ERR_INPUT, "font",
					  "font '%s' not found by fontconfig (its nearest is '%s')",
					  name, got[0] ? got : "none");
	/* fontconfig's answer may be an .otf of CFF outlines: the same words as for the file */
	if (font_outlines(path) == OUTLINES_CFF)
		return mb_error_set_field(err, MB_ERR_INPUT, "font",
					  "font '%s' is '%s', " CFF_HINT ", and name the .ttf "
					  "file instead", name, path);
	if (!is_truetype(path))
		return mb_error_set_field(err, MB_ERR_INPUT, "font",
					  "font '%s' is '%s', which is not TrueType (.ttf): "
					  "libharu embeds TrueType fonts only",
					  name, path);
	return MB_OK;
}

enum mb_status mb_font_find_face(const char *regular, const char *bold_file, bool bold,
				 char *path, size_t size, struct mb_error *err)
{
	if (!bold || !bold_file || !*bold_file)
		return mb_font_find(regular, bold, path, size, err);
	if (strchr(bold_file, '/') || ends_with_font_suffix(bold_file)) {
		enum mb_status st = check_font_file(bold_file, "font_bold", err);

		if (st)
			return st;
		if (!copy_path(path, size, bold_file))
			return mb_error_set_field(err, MB_ERR_INPUT, "font_bold",
						  "font path '%s' is too long", bold_file);
		return MB_OK;
	}
	/* a fontconfig name, in its bold weight */
	if (mb_font_find(bold_file, true, path, size, err) != MB_OK) {
		/* mb_font_find blames 'font'; the name came from font_bold */
		if (err)
			err->field = NULL;
		return mb_error_blame(err, "font_bold");
	}
	return MB_OK;
}

/* one UTF-8 character at *p: its code point, *p moved past it; -1 for bad UTF-8 */
static long utf8_next(const unsigned char **p)
{
	const unsigned char *s = *p;
	long cp;
	int more;

	if (s[0] < 0x80) {
		*p = s + 1;
		return s[0];
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		cp = s[0] & 0x1f;
		more = 1;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		cp = s[0] & 0x0f;
		more = 2;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		cp = s[0] & 0x07;
		more = 3;
	} else {
		return -1;
	}
	for (int i = 1; i <= more; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return -1;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	/* overlong forms, surrogates and beyond U+10FFFF */
	if ((more == 2 && cp < 0x800) || (more == 3 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return -1;
	*p = s + more + 1;
	return cp;
}

/* the characters of the font file at path (a pattern that owns them) and its name */
static FcPattern *face_query(const char *path, FcCharSet **cs, char *name, size_t name_size,
			     struct mb_error *err)
{
	FcChar8 *got = NULL;
	int count = 0;
	FcPattern *pat = FcFreeTypeQuery((const FcChar8 *)path, 0, NULL, &count);

	if (!pat || FcPatternGetCharSet(pat, FC_CHARSET, 0, cs) != FcResultMatch) {
		if (pat)
			FcPatternDestroy(pat);
		mb_error_set_field(err, MB_ERR_INPUT, "font",
				   "cannot read the characters of font file '%s'", path);
		return NULL;
	}
	if (name_size) {
		if (FcPatternGetString(pat, FC_FULLNAME, 0, &got) != FcResultMatch &&
		    FcPatternGetString(pat, FC_FAMILY, 0, &got) != FcResultMatch)
			got = (FcChar8 *)path;
		snprintf(name, name_size, "%s", (const char *)got);
	}
	return pat;
}

/* the first printable character of text that cs lacks, in *missing (0: none) */
static enum mb_status first_missing_in(const FcCharSet *cs, const char *text, uint32_t *missing,
				       struct mb_error *err)
{
	const unsigned char *p = (const unsigned char *)(text ? text : "");

	*missing = 0;
	while (*p) {
		long cp = utf8_next(&p);

		if (cp < 0)
			return mb_error_set(err, MB_ERR_INPUT, "text is not valid UTF-8: '%s'", text);
		if (cp < 0x20 || cp == 0x7f)
			continue;
		if (!FcCharSetHasChar(cs, (FcChar32)cp)) {
			*missing = (uint32_t)cp;
			break;
		}
	}
	return MB_OK;
}

enum mb_status mb_font_first_missing(const char *path, const char *text, uint32_t *missing,
				     char *name, size_t name_size, struct mb_error *err)
{
	FcCharSet *cs = NULL;
	FcPattern *pat;
	enum mb_status st;

	*missing = 0;
	pat = face_query(path, &cs, name, name_size, err);
	if (!pat)
		return MB_ERR_INPUT;
	st = first_missing_in(cs, text, missing, err);
	FcPatternDestroy(pat);	/* owns cs */
	return st;
}

/* the UTF-8 bytes of cp into buf (at least 5 bytes) */
static const char *utf8_encode(uint32_t cp, char *buf)
{
	unsigned char *b = (unsigned char *)buf;

	if (cp < 0x80) {
		b[0] = (unsigned char)cp;
		b[1] = 0;
	} else if (cp < 0x800) {
		b[0] = (unsigned char)(0xc0 | (cp >> 6));
		b[1] = (unsigned char)(0x80 | (cp & 0x3f));
		b[2] = 0;
	} else if (cp < 0x10000) {
		b[0] = (unsigned char)(0xe0 | (cp >> 12));
		b[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
		b[2] = (unsigned char)(0x80 | (cp & 0x3f));
		b[3] = 0;
	} else {
		b[0] = (unsigned char)(0xf0 | (cp >> 18));
		b[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3f));
		b[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
		b[3] = (unsigned char)(0x80 | (cp & 0x3f));
		b[4] = 0;
	}
	return buf;
}

enum mb_status mb_font_check_texts(const char *name, const char *bold_file,
				   const struct mb_font_text *texts, size_t count,
				   struct mb_error *err)
{
	char path[2][1024], face[2][256];
	FcPattern *pat[2] = { NULL, NULL };
	FcCharSet *cs[2] = { NULL, NULL };
	enum mb_status st = MB_OK;
	int faces;

	for (int bold = 0; bold <= 1; bold++)
		if (mb_font_find_face(name, bold_file, bold, path[bold], sizeof(path[bold]), err))
			return err ? err->code : MB_ERR_INPUT;
	/* a family without a bold face gives the regular file twice: read it once */
	faces = strcmp(path[0], path[1]) ? 2 : 1;
	/* each face's characters are read once: reading them scans the whole font */
	for (int f = 0; f < faces && !st; f++) {
		pat[f] = face_query(path[f], &cs[f], face[f], sizeof(face[f]), err);
		if (!pat[f])
			st = MB_ERR_INPUT;
	}
	for (size_t i = 0; i < count && !st; i++) {
		if (!texts[i].text || !texts[i].text[0])
			continue;
		for (int f = 0; f < faces && !st; f++) {
			char ch[8];
			uint32_t cp;

			st = first_missing_in(cs[f], texts[i].text, &cp, err);
			if (st)
				st = mb_error_blame(err, texts[i].field);
			else if (cp)
				st = mb_error_set_field(
					err, MB_ERR_INPUT, texts[i].field,
					"%s has a character the font cannot print: '%s' "
					"(U+%04" PRIX32 ") is not in %s; "
					"choose a font that has it with 'font:'",
					texts[i].what, utf8_encode(cp, ch), cp, face[f]);
		}
	}
	for (int f = 0; f < faces; f++)
		if (pat[f])
			FcPatternDestroy(pat[f]);
	return st;
}
