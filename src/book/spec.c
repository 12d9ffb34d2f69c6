/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The book spec as plain data: defaults, release, paths relative to the
 * spec and the starter spec `mazebook init` writes. The schema
 * (schema.c, resolve.c) fills it from events; reading YAML into events is
 * the backend's job (src/backend/yaml/yaml_events.c). This file needs only
 * libc, so every core test can build a spec by hand.
 */
#include "config.h"
#include "mazebook/book/spec.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "mazebook/base/rng.h"
#include "mazebook/base/sha256.h"
#include "mazebook/base/xalloc.h"
#include "mazebook/kdp/preflight.h"

void mb_spec_init(struct mb_book_spec *spec)
{
	memset(spec, 0, sizeof(*spec));
	/* 8.5 x 11 is a listed KDP trim; failing here is a broken kdp.def */
	if (mb_kdp_trim_for(8.5, 11, &spec->trim, NULL) != MB_OK)
		BUG("the default trim 8.5x11 is not in specs/kdp.def");
	spec->paper = MB_PAPER_WHITE;
	spec->bleed = false;
	spec->seed = 1;
	spec->algorithm = xstrdup("auto");
	spec->solutions_per_page = 4;
	spec->output_dir = xstrdup("out");
	spec->language = xstrdup("en");
	spec->cover.background_rgb = 0x1565c0;	/* white on it: 5.7:1 (WCAG) */
	spec->cover.text_rgb = 0xffffff;
	spec->binding = MB_BINDING_PAPERBACK;
	spec->ink = MB_INK_BLACK;
	for (int i = 0; i < MB_BINDING_COUNT; i++)
		spec->price_cents[i] = -1;
	spec->palette.start_rgb = 0x2e7d32;
	spec->palette.finish_rgb = 0xc62828;
	spec->palette.route_rgb = 0x1e88e5;
	/* a kids' activity book has every one of them */
	spec->pages.title = true;
	spec->pages.belongs_to = true;
	spec->pages.how_to_play = true;
	spec->pages.contents = true;
	spec->pages.copyright = true;
	spec->pages.section_pages = true;
	spec->pages.certificate = true;
}

void mb_spec_select_edition(struct mb_book_spec *spec, int edition)
{
	if (edition < 0 || edition >= spec->edition_count)
		BUG("edition %d of a spec with %d editions", edition, spec->edition_count);
	spec->binding = spec->editions[edition];
}

struct mb_print mb_spec_print(const struct mb_book_spec *spec)
{
	return (struct mb_print){ spec->binding, spec->ink, spec->paper };
}

long mb_spec_price_cents(const struct mb_book_spec *spec)
{
	return spec->price_cents[spec->binding == MB_BINDING_HARDCOVER];
}

void mb_spec_release(struct mb_book_spec *spec)
{
	free(spec->path);
	free(spec->base_dir);
	free(spec->title);
	free(spec->subtitle);
	free(spec->author);
	free(spec->algorithm);
	free(spec->output_dir);
	free(spec->font);
	free(spec->font_path);
	free(spec->font_bold);
	free(spec->font_bold_path);
	free(spec->language);
	free(spec->copyright);
	free(spec->cover.image);
	free(spec->cover.image_path);
	free(spec->cover.logo);
	free(spec->cover.logo_path);
	free(spec->imprint);
	free(spec->cover.back);
	free(spec->book_id);
	free(spec->catalogue);
	free(spec->series.title);
	free(spec->source);
	for (int i = 0; i < spec->shape_count; i++) {
		free(spec->shapes[i]);
		mb_grid_free(spec->shape_grids[i]);
	}
	free(spec->entrance);
	free(spec->exit_side);
	for (int i = 0; i < spec->section_count && i < MB_SPEC_MAX_SECTIONS; i++) {
		struct mb_section_spec *sec = &spec->sections[i];

		free(sec->title);
		free(sec->description);
		free(sec->level);
		free(sec->algorithm);
		free(sec->shape);
		free(sec->ramp_from);
		free(sec->ramp_to);
		mb_grid_free(sec->shape_grid);
	}
	/* zero, not mb_spec_init: that would allocate the defaults again */
	memset(spec, 0, sizeof(*spec));
}

char *mb_spec_resolve(const struct mb_book_spec *spec, const char *rel)
{
	const char *base = spec->base_dir;

	if (rel[0] == '/' || !base || !base[0] || !strcmp(base, "."))
		return xstrdup(rel);
	if (base[strlen(base) - 1] == '/')
		return xasprintf("%s%s", base, rel);
	return xasprintf("%s/%s", base, rel);
}

const char *mb_spec_output_refused(const char *rel)
{
	int depth = 0;

	if (rel[0] == '/')
		return "an absolute path";
	/* count the folders down from the spec's; a '..' below zero climbs out */
	for (const char *p = rel; *p;) {
		size_t n = strcspn(p, "/");

		if (n == 2 && p[0] == '.' && p[1] == '.') {
			if (--depth < 0)
				return "a '..' that leaves the spec's folder";
		} else if (n && !(n == 1 && p[0] == '.')) {
			depth++;
		}
		p += n;
		p += *p == '/';
	}
	return NULL;
}

/* is path the folder base or inside it (both absolute, without symbolic links)? */
static bool inside(const char *path, const char *base)
{
	size_t n = strlen(base);

	if (n == 1 && base[0] == '/')
		return true;
	return !strncmp(path, base, n) && (path[n] == '\0' || path[n] == '/');
}

/*
 * Where path leads once symbolic links are followed: the realpath of the
 * longest part of it that exists, with the rest (still to be made) after
 * it. NULL when that part is a dangling symbolic link or a loop.
 */
static char *leads_to(const char *path)
{
	char *probe = xstrdup(path), *real = NULL, *out;
	size_t kept;

	for (;;) {
		struct stat st;
		char *slash;

		if (!lstat(probe, &st)) {
			real = realpath(probe, NULL);
			break;
		}
		slash = strrchr(probe, '/');
		if (!slash) {
			/* nothing of it exists: it is made in the current folder */
			real = realpath(".", NULL);
			probe[0] = '\0';
			break;
		}
		if (slash == probe) {
			real = xstrdup("/");
			probe[1] = '\0';
			break;
		}
		*slash = '\0';
	}
	kept = strlen(probe);
	if (!real) {
		free(probe);
		return NULL;
	}
	/* the part that does not exist yet, after the real place of the part that does */
	if (!path[kept]) {
		out = real;
	} else {
		const char *rest = path + kept + (path[kept] == '/');

		out = xasprintf("%s%s%s", real, real[strlen(real) - 1] == '/' ? "" : "/", rest);
		free(real);
	}
	free(probe);
	return out;
}

/* what a refused path of each kind may do instead: the end of the message */
static const char *way_out(enum mb_spec_path_kind kind)
{
	switch (kind) {
	case MB_SPEC_PATH_OUTPUT:
		return "a spec may name only a folder inside its own folder; to write elsewhere "
		       "give -o DIR on the command line";
	case MB_SPEC_PATH_CATALOGUE:
		return "a spec names a catalogue file inside its own folder; for one elsewhere "
		       "set MAZEBOOK_CATALOGUE=FILE or give --catalogue FILE on the command line";
	case MB_SPEC_PATH_FONT:
		return "a spec reads only files inside its own folder; copy the font file into "
		       "it, or install the font and give its name (font: \"DejaVu Sans\")";
	case MB_SPEC_PATH_SHAPE:
		return "a spec reads only files inside its own folder; copy the shape file into "
		       "it (or a folder in it)";
	case MB_SPEC_PATH_PICTURE:
		break;
	}
	return "a spec reads only files inside its own folder; copy the picture into it (or a "
	       "folder in it)";
}

enum mb_status mb_spec_path(const struct mb_book_spec *spec, enum mb_spec_path_kind kind,
			    const char *key, const char *rel, char **out, struct mb_error *err)
{
	const char *why = mb_spec_output_refused(rel);
	const char *base = spec->base_dir && spec->base_dir[0] ? spec->base_dir : ".";
	char *path = mb_spec_resolve(spec, rel), *real_base, *real;
	enum mb_status st = MB_OK;

	*out = NULL;
	real = leads_to(path);
	if (why) {
		const char *to = real ? real : path;
		bool plain = !strcmp(to, rel);	/* an absolute path without links: no need to say */

		st = mb_error_set_field(err, MB_ERR_INPUT, key, "'%s' is '%.160s', %s%s%.160s%s: %s",
					key, rel, why, plain ? "" : " (it leads to '",
					plain ? "" : to, plain ? "" : "')", way_out(kind));
		goto done;
	}
	real_base = realpath(base, NULL);
	if (!real_base) {
		st = mb_error_set(err, MB_ERR_IO, "cannot resolve the spec's folder '%s': %s", base,
				  strerror(errno));
		goto done;
	}
	/* a dangling symbolic link, or a loop: nothing to read or write through */
	if (!real || !inside(real, real_base))
		st = mb_error_set_field(err, MB_ERR_INPUT, key, "'%s' is '%.160s', which leads to "
					"'%.160s' (through a symbolic link), outside the spec's "
					"folder '%.160s': %s", key, rel,
					real ? real : "nowhere (a dangling link or a loop)",
					real_base, way_out(kind));
	free(real_base);
done:
	free(real);
	if (st)
		free(path);
	else
		*out = path;
	return st;
}

enum mb_status mb_spec_output_dir(const struct mb_book_spec *spec, char **dir,
				  struct mb_error *err)
{
	return mb_spec_path(spec, MB_SPEC_PATH_OUTPUT, "output",
			    spec->output_dir ? spec->output_dir : "out", dir, err);
}

/* one file the spec reads, checked again just before it is read */
static enum mb_status recheck(const struct mb_book_spec *spec, enum mb_spec_path_kind kind,
			      const char *key, const char *rel, struct mb_error *err)
{
	char *path = NULL;
	int line = 0, column = 0;

	if (!rel || !mb_spec_path(spec, kind, key, rel, &path, err)) {
		free(path);
		return MB_OK;
	}
	/* the key's place here: a section's key is not a literal err->field may keep */
	err->field = NULL;
	if (spec->path && !err->line && mb_spec_where(spec, key, &line, &column)) {
		snprintf(err->file, sizeof(err->file), "%s", spec->path);
		err->line = line;
		err->column = column;
	}
	return err->code;
}

/* a shape value naming a file (the others are built in or text) */
static const char *shape_file(const char *shape)
{
	size_t n = shape ? strlen(shape) : 0;

	if (n > 4 && strncmp(shape, "text ", 5) &&
	    (!strcmp(shape + n - 4, ".svg") || !strcmp(shape + n - 4, ".png")))
		return shape;
	return NULL;
}

enum mb_status mb_spec_inputs_inside(const struct mb_book_spec *spec, struct mb_error *err)
{
	char key[32];

	if (recheck(spec, MB_SPEC_PATH_PICTURE, "cover.image",
		    spec->cover.image_path ? spec->cover.image : NULL, err) ||
	    recheck(spec, MB_SPEC_PATH_PICTURE, "cover.logo",
		    spec->cover.logo_path ? spec->cover.logo : NULL, err) ||
	    recheck(spec, MB_SPEC_PATH_FONT, "font", spec->font_path ? spec->font : NULL, err) ||
	    recheck(spec, MB_SPEC_PATH_FONT, "font_bold",
		    spec->font_bold_path ? spec->font_bold : NULL, err))
		return err->code;
	for (int i = 0; i < spec->shape_count; i++)
		if (recheck(spec, MB_SPEC_PATH_SHAPE, "shape", shape_file(spec->shapes[i]), err))
			return err->code;
	for (int i = 0; i < spec->section_count && i < MB_SPEC_MAX_SECTIONS; i++) {
		snprintf(key, sizeof(key), "sections.%d.shape", i + 1);
		if (recheck(spec, MB_SPEC_PATH_SHAPE, key, shape_file(spec->sections[i].shape),
			    err))
			return err->code;
	}
	return MB_OK;
}

const char *mb_spec_font(const struct mb_book_spec *spec)
{
	return spec->font_path ? spec->font_path : spec->font;
}

const char *mb_spec_font_bold(const struct mb_book_spec *spec)
{
	return spec->font_bold_path ? spec->font_bold_path : spec->font_bold;
}

bool mb_spec_where(const struct mb_book_spec *spec, const char *key, int *line, int *column)
{
	for (size_t i = 0; key && i < spec->place_count && i < MB_SPEC_MAX_PLACES; i++) {
		if (!strcmp(spec->places[i].key, key)) {
			if (line)
				*line = spec->places[i].line;
			if (column)
				*column = spec->places[i].column;
			return true;
		}
	}
	return false;
}

enum mb_status mb_spec_locate(const struct mb_book_spec *spec, struct mb_error *err)
{
	int line = 0, column = 0;

	if (!err || err->code == MB_OK || !err->field || err->line > 0)
		return err ? err->code : MB_OK;
	if (spec->path)
		snprintf(err->file, sizeof(err->file), "%s", spec->path);
	if (mb_spec_where(spec, err->field, &line, &column)) {
		err->line = line;
		err->column = column;
	}
	return err->code;
}

const char mb_spec_starter[] =
	"# A mazebook spec: one file describes one paperback maze book.\n"
	"# Build it with:  mazebook build book.yaml\n"
	"# Lines starting with # are comments. Text with a colon or a # in it\n"
	"# goes in double quotes. Text is UTF-8, so titles like\n"
	"# \"Labyrinthe für Kinder\" are fine.\n"
	"\n"
	"# --- required ---------------------------------------------------------\n"
	"\n"
	"# The title on the cover, the title page and the spine. KDP allows\n"
	"# title and subtitle together up to 200 characters.\n"
	"title: \"Amazing Mazes for Kids\"\n"
	"\n"
	"# The author (or brand) as printed on the cover and title page.\n"
	"author: \"Your Name\"\n"
	"\n"
	"# Difficulty: easy (10x12 squares), medium (16x20), hard (24x30) or\n"
	"# expert (32x40). Each level also sets how long and how branched the\n"
	"# route must be; see grid, min_route_ratio and min_forks below.\n"
	"level: easy\n"
	"\n"
	"# How many mazes (1 to 10000). Each maze takes one page; its solution\n"
	"# goes at the back. KDP needs at least 24 pages: the front pages (up\n"
	"# to 5, see pages: below) + the mazes + the solution pages + the\n"
	"# certificate, padded to an even count.\n"
	"mazes: 50\n"
	"\n"
	"# --- optional (the values shown are the defaults) -----------------------\n"
	"\n"
	"# A line under the title on the cover and the title page.\n"
	"subtitle: \"50 Easy Mazes for Ages 5-7\"\n"
	"\n"
	"# The trim size, WIDTHxHEIGHT in inches (or mm), or letter or A4: a\n"
	"# size KDP lists (5x8, 6x9,\n"
	"# 7x10, 8x10, 8.5x11, 8.27x11.69 ...) or a custom size KDP accepts.\n"
	"trim: 8.5x11\n"
	"\n"
	"# Interior paper: white or cream. It sets the spine width.\n"
	"paper: white\n"
	"\n"
	"# true: pages are 0.125 in larger on the outer edges and the art runs\n"
	"# to the edge (choose \"bleed\" when you upload to KDP too).\n"
	"bleed: false\n"
	"\n"
	"# The same seed always gives the same book (a whole number from 0 to\n"
	"# 18446744073709551615). 'mazebook init' drew this one at random: keep\n"
	"# it to rebuild this book, and never copy it into another spec (the\n"
	"# catalogue refuses a maze printed twice). A spec without it is refused.\n"
	"seed: 1\n"
	"\n"
	"# The book's id in the catalogue of every maze you printed (drawn at\n"
	"# random too). Rebuilding a book with its id replaces its own entries.\n"
	"book_id: my-first-book\n"
	"\n"
	"# The catalogue: a file in this spec's folder, or none, used when you\n"
	"# set no other (build --catalogue, then $MAZEBOOK_CATALOGUE, a file or\n"
	"# a postgres:// URL, come first). Left out, and none set:\n"
	"# ~/.local/share/mazebook/catalogue.db.\n"
	"# catalogue: none\n"
	"\n"
	"# Several books from this spec, none sharing a maze: out/vol-1/ ...\n"
	"# each with its own seed, cover, checklist and book id.\n"
	"# series:\n"
	"#   volumes: 3\n"
	"#   title: \"Amazing Mazes Vol. {n}\"\n"
	"\n"
	"# The maze generator: auto (the level's choice) or one of\n"
	"# aldous-broder, backtracker, binary-tree, eller, growing-tree,\n"
	"# hunt-and-kill, kruskal, prim, prim-frontier, recursive-division,\n"
	"# sidewinder or wilson ('mazebook maze --help' says what each looks like).\n"
	"algorithm: auto\n"
	"\n"
	"# Where the generators that grow from one square start: entrance (the\n"
	"# top-left square), random or centre. Left out, each uses its own:\n"
	"# entrance for backtracker, growing-tree, hunt-and-kill and prim (the\n"
	"# levels were measured so), random for aldous-broder, prim-frontier and\n"
	"# wilson. The other generators have no start square and ignore it.\n"
	"# start: entrance\n"
	"\n"
	"# Solutions printed per page at the back: 1, 2, 4, 6 or 9. Left out,\n"
	"# it depends on the grid (so that mazeproof can tell each solution\n"
	"# from its neighbours): 4 for squares and circles; 2 when any maze of\n"
	"# the book is hexagons or triangles (grid: hex or delta, in any\n"
	"# section); 1 when any circle has more than 25 rings (grid: polar at\n"
	"# level expert, or polar 26 and up), whatever the other grids.\n"
	"# solutions: 4\n"
	"\n"
	"# Where interior.pdf, cover.pdf and the checklist go, relative to this\n"
	"# file's folder.\n"
	"output: out/\n"
	"\n"
	"# Printed labels (\"Maze 1\", \"Solutions\"): en, de, fr or es.\n"
	"language: en\n"
	"\n"
	"# true: every maze on a right-hand page, the left-hand pages blank.\n"
	"one_sided: false\n"
	"\n"
	"# The copyright line on the title page's back. Left out, it reads\n"
	"# \"Copyright (C) <year> <author>\", with the year below ('mazebook\n"
	"# init' wrote the year it ran; the build never reads the clock).\n"
	"# copyright: \"Copyright (C) 2026 Your Name. All rights reserved.\"\n"
	"year: 2026\n"
	"# The publisher's name (\"Published by ...\") and the ISBN KDP gives the\n"
	"# book (checked by its check digit, printed hyphenated by the ISBN\n"
	"# Agency's ranges: 978-1-234-56789-7); each printed under the copyright.\n"
	"# imprint: \"Little Maze Press\"\n"
	"# isbn: 978-1-234567-89-7\n"
	"# Print the seed on that page: anyone with mazebook could then rebuild\n"
	"# the book's mazes, so it is left off unless you want it.\n"
	"print_seed: false\n"
	"\n"
	"# The pages around the mazes, each true or false: the title page, the\n"
	"# copyright page, \"This book belongs to\", how to play, the contents,\n"
	"# a page before each section (with sections:), and a certificate of\n"
	"# completion as the last page.\n"
	"pages:\n"
	"  title: true\n"
	"  copyright: true\n"
	"  belongs_to: true\n"
	"  how_to_play: true\n"
	"  contents: true\n"
	"  section_pages: true\n"
	"  certificate: true\n"
	"\n"
	"# The typeface: a .ttf file (relative to this file's folder) or an\n"
	"# installed font's name. Left out: DejaVu Sans. Every character the book\n"
	"# prints must be in it (DejaVu Sans has no Chinese or Japanese, for\n"
	"# one): the build stops first and names the character.\n"
	"# font: \"fonts/MyFont.ttf\"\n"
	"\n"
	"# Overrides of the level (left out: the level's values).\n"
	"# (On a landscape trim such as 8.25x6 the level's grid is turned.)\n"
	"# grid: 12x14            # squares across x down, 1 to 200 each; or a kind:\n"
	"#                        # polar (circles; 'polar 12' rings), hex (hexagons;\n"
	"#                        # 'hex 12x13'), delta (triangles; 'delta 20x10'),\n"
	"#                        # each the level's size unless given\n"
	"# grid_outline: hexagon  # hex: rectangle or hexagon; delta: rectangle or\n"
	"#                        # triangle (a shape: rectangle). A polar maze's way\n"
	"#                        # out is its centre (exit: centre) unless exit:\n"
	"#                        # names a side of its rim (top, bottom, left, right)\n"
	"# min_route_ratio: 1.5   # route at least this x (width + height - 1)\n"
	"# min_forks: 3           # forks the route must pass, at least\n"
	"\n"
	"# Sections: runs of mazes with their own title and level, one after\n"
	"# the other (maze numbers run through the book). The keys above are the\n"
	"# defaults of every section. Each section needs a title and a level, or\n"
	"# a ramp (from one level to a harder one, step by step); its 'mazes:' is\n"
	"# its count (sections without one share the book's 'mazes:', which may\n"
	"# be left out when every section gives one). A section may also give\n"
	"# description, grid, algorithm, shape (or none), min_route_ratio and\n"
	"# min_forks.\n"
	"# sections:\n"
	"#   - title: \"Warm-up\"\n"
	"#     description: \"Short routes to get started\"\n"
	"#     level: easy\n"
	"#     mazes: 20\n"
	"#   - title: \"Getting harder\"\n"
	"#     ramp: medium..hard\n"
	"#     mazes: 30\n"
	"# The order of each section's mazes: ramp (easiest first, by a\n"
	"# difficulty score; the default when the sections have more than one\n"
	"# level) or as-generated.\n"
	"# order: ramp\n"
	"\n"
	"# How the book is bound: paperback or hardcover (case laminate: 5.5x8.5,\n"
	"# 6x9, 6.14x9.21, 7x10 or 8.25x11, 76 to 550 pages).\n"
	"binding: paperback\n"
	"\n"
	"# Or several editions from this one spec, each into its own folder\n"
	"# (out/paperback/, out/hardcover/); then leave binding out.\n"
	"# editions: [paperback, hardcover]\n"
	"\n"
	"# The interior's ink: black, standard-colour (72 to 600 pages) or\n"
	"# premium-colour. Colour books print START, FINISH and the solution\n"
	"# routes in the palette's colours; the maze walls stay black. Colour\n"
	"# prints on white paper only.\n"
	"ink: black\n"
	"# palette:\n"
	"#   start: \"#2e7d32\"\n"
	"#   finish: \"#c62828\"\n"
	"#   route: \"#1e88e5\"\n"
	"\n"
	"# The list price in US dollars (optional): the build then reports the\n"
	"# royalty. One price per edition with editions:\n"
	"#   price:\n"
	"#     paperback: 9.99\n"
	"#     hardcover: 24.99\n"
	"# price: 9.99\n"
	"\n"
	"# The cover: a theme (ocean, forest, sunset, berry, night, sunshine,\n"
	"# candy, sky) or colours as #rrggbb, #rgb or a name (white, black, red\n"
	"# ...); a colour given here wins over the theme's. The text must stand\n"
	"# out from the background (WCAG contrast: 4.5:1 for text under 18 pt,\n"
	"# 3:1 above), and the badge takes a colour that stands out too.\n"
	"cover:\n"
	"  # theme: ocean\n"
	"  background: \"#1565c0\"\n"
	"  text: \"#ffffff\"\n"
	"  # Your own art on the front card instead of the maze: a PNG or JPEG\n"
	"  # beside this file, at least 300 dpi where it prints (the build says\n"
	"  # how large it must be); fill crops it to the card, fit shows it whole.\n"
	"  # image: front.jpg\n"
	"  # image_fit: fill\n"
	"  # The imprint's logo on the back, beside the barcode (PNG or JPEG).\n"
	"  # logo: logo.png\n"
	"  # The text on the back cover (keep it to a short paragraph).\n"
	"  back: \"Fifty hand-checked mazes, with every solution at the back.\"\n";

/* text with its one line `line` replaced by `with` (both "\nkey: value\n"); free() it */
static char *replace_line(char *text, const char *line, const char *with)
{
	const char *at = strstr(text, line);
	char *out;

	if (!at)
		BUG("the starter spec lost its line '%s'", line + 1);
	out = xasprintf("%.*s%s%s", (int)(at - text), text, with, at + strlen(line));
	free(text);
	return out;
}

char *mb_spec_starter_with(uint64_t seed, const char *book_id, int year)
{
	char *text = xstrdup(mb_spec_starter), *line;

	line = xasprintf("\nseed: %llu\n", (unsigned long long)seed);
	text = replace_line(text, "\nseed: 1\n", line);
	free(line);
	line = xasprintf("\nbook_id: %s\n", book_id);
	text = replace_line(text, "\nbook_id: my-first-book\n", line);
	free(line);
	line = xasprintf("\nyear: %d\n", year);
	text = replace_line(text, "\nyear: 2026\n", line);
	free(line);
	return text;
}

const char *mb_spec_book_id(const struct mb_book_spec *spec, char *buf, size_t size)
{
	char *text, hex[MB_SHA256_HEX_SIZE];

	if (spec->book_id) {
		snprintf(buf, size, "%s", spec->book_id);
		return buf;
	}
	text = xasprintf("%s\n%llu", spec->title ? spec->title : "",
			 (unsigned long long)spec->seed);
	mb_sha256_hex(text, strlen(text), hex);
	free(text);
	snprintf(buf, size, "t-%.16s", hex);
	return buf;
}

/* replace every "{n}" in template by n */
static char *fill_volume(const char *template, int n)
{
	size_t len = strlen(template), used = 0;
	char *out = xmalloc(len * 4 + 16);

	for (const char *p = template; *p;) {
		if (!strncmp(p, "{n}", 3)) {
			used += (size_t)sprintf(out + used, "%d", n);
			p += 3;
		} else {
			out[used++] = *p++;
		}
	}
	out[used] = '\0';
	return out;
}

void mb_spec_select_volume(struct mb_book_spec *spec, int n)
{
	char id[MB_SPEC_MAX_BOOK_ID + 32];
	char *title;

	if (n < 1 || n > spec->series.volumes)
		BUG("volume %d of a series of %d", n, spec->series.volumes);
	mb_spec_book_id(spec, id, sizeof(id));
	free(spec->book_id);
	spec->book_id = xasprintf("%s-vol-%d", id, n);
	if (spec->series.title) {
		title = fill_volume(spec->series.title, n);
	} else {
		char *t = xasprintf("%s Vol. {n}", spec->title);

		title = fill_volume(t, n);
		free(t);
	}
	free(spec->title);
	spec->title = title;
	/* "vol" in the index: no volume's seed is the seed of any maze of the spec itself */
	spec->seed = mb_rng_derive(spec->seed ^ UINT64_C(0x766f6c756d650000), (uint64_t)n);
	spec->volume = n;
}

/* an error at key's place in the spec when the file gave it, else naming the key */
static enum mb_status fail_key(const struct mb_book_spec *spec, const char *key,
			       struct mb_error *err, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static enum mb_status fail_key(const struct mb_book_spec *spec, const char *key,
			       struct mb_error *err, const char *fmt, ...)
{
	char msg[MB_ERROR_MESSAGE_MAX];
	int line = 0, column = 0;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (spec->path && mb_spec_where(spec, key, &line, &column))
		return mb_error_set_at(err, MB_ERR_INPUT, spec->path, line, column, "%s", msg);
	return mb_error_set(err, MB_ERR_INPUT, "%s", msg);
}

/* a printed text of the spec, with the count of mazes its words must agree with */
struct spec_text {
	char key[32];
	const char *what, *text;
	int mazes;	/* 0: not checked */
};

#define SPEC_TEXTS_MAX (8 + 2 * MB_SPEC_MAX_SECTIONS)

/* every text of the spec that is printed, in the order the book shows them */
static size_t spec_texts(const struct mb_book_spec *spec, struct spec_text *texts)
{
	size_t n = 0;

	texts[n++] = (struct spec_text){ "title", "the title", spec->title, spec->mazes };
	texts[n++] = (struct spec_text){ "subtitle", "the subtitle", spec->subtitle, spec->mazes };
	texts[n++] = (struct spec_text){ "author", "the author", spec->author, 0 };
	texts[n++] = (struct spec_text){ "copyright", "the copyright line", spec->copyright, 0 };
	texts[n++] = (struct spec_text){ "imprint", "the imprint", spec->imprint, 0 };
	texts[n++] = (struct spec_text){ "cover.back", "the back cover text", spec->cover.back,
					 spec->mazes };
	texts[n++] = (struct spec_text){ "series.title", "the series title", spec->series.title,
					 spec->mazes };
	for (int i = 0; i < spec->section_count && i < MB_SPEC_MAX_SECTIONS; i++) {
		const struct mb_section_spec *sec = &spec->sections[i];

		texts[n] = (struct spec_text){ "", "the section's title", sec->title, sec->mazes };
		snprintf(texts[n++].key, sizeof(texts[0].key), "sections.%d.title", i + 1);
		texts[n] = (struct spec_text){ "", "the section's description", sec->description,
					       sec->mazes };
		snprintf(texts[n++].key, sizeof(texts[0].key), "sections.%d.description", i + 1);
	}
	return n;
}

enum mb_status mb_spec_check_words(const struct mb_book_spec *spec, struct mb_error *err)
{
	struct spec_text texts[SPEC_TEXTS_MAX];
	size_t n = spec_texts(spec, texts);
	char found[64];

	for (size_t i = 0; i < n; i++) {
		const struct spec_text *t = &texts[i];
		long said;

		if (!t->text)
			continue;
		if (mb_placeholder_find(t->text, strlen(t->text), found, sizeof(found)))
			return fail_key(spec, t->key, err,
					"%s '%s' is placeholder text (\"%s\"): write your own "
					"before building (KDP rejects placeholder text)", t->what,
					t->text, found);
		if (!t->mazes)
			continue;
		said = mb_text_maze_count(t->text, strlen(t->text), t->mazes);
		if (said >= 0 && said != t->mazes)
			return fail_key(spec, t->key, err,
					"'%s' says %ld mazes, but %s has %d: change the number in "
					"'%s', or %s (a book's words must agree with what it holds)",
					t->key, said,
					strncmp(t->key, "sections.", 9) ? "the book" : "the section",
					t->mazes, t->key,
					strncmp(t->key, "sections.", 9)
					? "'mazes' (or the sections' counts)" : "the section's 'mazes'");
	}
	return MB_OK;
}

size_t mb_spec_count_keys(const struct mb_book_spec *spec, char *out, size_t size)
{
	struct spec_text texts[SPEC_TEXTS_MAX];
	size_t n = spec_texts(spec, texts), found = 0, used = 0;

	if (size)
		out[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		const struct spec_text *t = &texts[i];
		int w;

		if (!t->text || !t->mazes ||
		    mb_text_maze_count(t->text, strlen(t->text), t->mazes) != t->mazes)
			continue;
		w = snprintf(out + used, size - used, "%s'%s'", found ? ", " : "", t->key);
		if (w > 0 && (size_t)w < size - used)
			used += (size_t)w;
		found++;
	}
	return found;
}
