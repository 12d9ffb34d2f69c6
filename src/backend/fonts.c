/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Font lookup through fontconfig (the library behind fc-match). fontconfig
 * always answers with some font, so a family the user named is checked
 * against the answer: printing a book in a substitute without saying so
 * would be a silent surprise.
 */
#include "config.h"

#include "mazebook/fonts.h"

#include <fontconfig/fontconfig.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#define DEFAULT_FAMILY "DejaVu Sans"

static bool ends_with_ttf(const char *s)
{
	size_t n = strlen(s);

	return n >= 4 && strcasecmp(s + n - 4, ".ttf") == 0;
}

static bool copy_path(char *path, size_t size, const char *src)
{
	return (size_t)snprintf(path, size, "%s", src) < size;
}

/* Does the file start like a TrueType font (not CFF-flavoured OpenType)? */
static bool is_truetype(const char *file)
{
	unsigned char magic[4];
	FILE *f = fopen(file, "rb");
	bool ok;

	if (!f)
		return false;
	ok = fread(magic, 1, 4, f) == 4 &&
	     ((magic[0] == 0 && magic[1] == 1 && magic[2] == 0 && magic[3] == 0) ||
	      memcmp(magic, "true", 4) == 0);
	fclose(f);
	return ok;
}

/* Ask fontconfig for family (with :bold); true and the file when the family matches. */
static bool fc_lookup(const char *family, bool bold, char *path, size_t size,
		      char *got, size_t got_size)
{
	FcConfig *cfg = FcInitLoadConfigAndFonts();
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
	FcConfigDestroy(cfg);
	return ok;
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

enum mb_status mb_font_find(const char *name, bool bold, char *path, size_t size,
			    struct mb_error *err)
{
	char family[256], got[256] = "";
	const char *colon;

	if (name && (strchr(name, '/') || ends_with_ttf(name))) {
		if (access(name, R_OK) != 0)
			return mb_error_set(err, MB_ERR_INPUT, "cannot read font file '%s'", name);
		if (!is_truetype(name))
			return mb_error_set(err, MB_ERR_INPUT,
					    "font file '%s' is not a TrueType (.ttf) font", name);
		if (!copy_path(path, size, name))
			return mb_error_set(err, MB_ERR_INPUT, "font path '%s' is too long", name);
		return MB_OK;
	}
	if (!name || !*name) {
		if ((fc_lookup(DEFAULT_FAMILY, bold, path, size, got, sizeof(got)) &&
		     is_truetype(path)) ||
		    dejavu_fallback(bold, path, size))
			return MB_OK;
		return mb_error_set(err, MB_ERR_INPUT,
				    "font '%s' not found: apt-get install fonts-dejavu-core",
				    DEFAULT_FAMILY);
	}
	/* a fontconfig name: the family is what comes before any ':' style */
	colon = strchr(name, ':');
	snprintf(family, sizeof(family), "%.*s",
		 (int)(colon ? (size_t)(colon - name) : strlen(name)), name);
	if (!fc_lookup(family, bold || (colon && strstr(colon, "bold")), path, size, got,
		       sizeof(got)))
		return mb_error_set(err, MB_ERR_INPUT,
				    "font '%s' not found by fontconfig (its nearest is '%s')",
				    name, got[0] ? got : "none");
	if (!is_truetype(path))
		return mb_error_set(err, MB_ERR_INPUT,
				    "font '%s' is '%s', which is not TrueType (.ttf): "
				    "libharu embeds TrueType fonts only",
				    name, path);
	return MB_OK;
}
