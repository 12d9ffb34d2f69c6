/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The book spec: a publisher's whole book, as read from book.yaml. Plain
 * data; the schema (schema.h) fills it from the events the YAML backend
 * (src/backend/yaml/yaml_events.c) makes, and reports errors as
 * file:line:column. Every string is owned by the spec and freed
 * by mb_spec_release.
 */
#ifndef MAZEBOOK_SPEC_H
#define MAZEBOOK_SPEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mazebook/base/error.h"
#include "mazebook/base/limits.h"
#include "mazebook/book/level.h"
#include "mazebook/gen/generator.h"
#include "mazebook/kdp/kdp.h"
#include "mazebook/maze/grid.h"

/*
 * the most keys a spec can give (top-level, cover.*, price.*, palette.*,
 * pages.*, and each section's: "sections.N" and "sections.N.<key>"), with room to spare
 */
#define MB_SPEC_MAX_PLACES 256

/* Where a key's value is in the spec file: for messages about it. */
struct mb_spec_place {
	char key[32];		/* "mazes", "cover.back", "sections.2.level" (sections from 1) */
	int line, column;	/* of the value, 1-based */
};

/*
 * One section of a book (issue 14): a run of mazes with its own title,
 * level or grid, shape, algorithm and filter. The book-wide keys are the
 * defaults of every section; a spec without "sections:" is one section
 * (section_count 0, and the book-wide keys describe it).
 *
 * After a successful read every section is resolved, so that nothing
 * later looks at the book-wide keys again:
 *   level      the section's, else the first level of its ramp, else the
 *              book's (a section without one in a book without one is
 *              refused)
 *   mazes      the section's; sections without one share what the book's
 *              "mazes:" leaves over (earlier sections take the odd ones);
 *              with every section counted, a book "mazes:" must equal the
 *              sum (or be left out: it is then the sum)
 *   grid       the section's "grid:", else the book's "grid:" when the
 *              section names no level or ramp of its own, else its level's
 *              grid fitted to the trim (mb_layout_fit_grid); 0x0 for a
 *              ramp, whose grids the plan grows step by step
 *   filter     the section's min_route_ratio/min_forks, else its level's
 *              when it names one, else the book's (with the book's
 *              overrides)
 *   algorithm, shape
 *              NULL: the book's ("shape: none" is a plain rectangle in a
 *              book of shapes)
 * A ramp ("ramp: easy..hard", levels easiest first) grows the grid and the
 * filter step by step from the first level to the second, so it takes no
 * level, grid or filter of its own.
 */

struct mb_section_spec {
	char *title;			/* printed on the section page and in the contents */
	char *description;		/* one line under the title; NULL: made from the level */
	char *level;			/* "easy".."expert", resolved as above */
	int mazes;			/* how many mazes this section has, resolved */
	int grid_w, grid_h;		/* resolved as above; 0x0 on a ramp */
	char *algorithm;		/* NULL: the book's */
	char *shape;			/* NULL: the book's shapes; "none": rectangles */
	struct mb_filter filter;	/* resolved as above (a ramp: its last level's) */
	/*
	 * The grid's kind (issue 16): the section's "grid: polar 12", else
	 * the book's kind; on a graph kind grid_a x grid_b is its size as
	 * the spec gave it (struct mb_book_spec), from the section's own
	 * "grid:", else the book's when the section names no level of its
	 * own, else 0 x 0: the level's for that kind (the plan's)
	 */
	enum mb_grid_kind grid_kind;
	enum mb_grid_outline grid_outline;
	int grid_a, grid_b;
	char *ramp_from, *ramp_to;	/* "ramp: easy..hard": grow level step by step; NULL: none */
	/*
	 * The mask of shape (not "none"), made by mb_spec_shape_grids()
	 * (include/mazebook/backend/shape_load.h) at about the section's grid_w x
	 * grid_h squares; owned. A ramp takes no shape (its grid grows).
	 */
	struct mb_grid *shape_grid;
};

struct mb_book_spec {
	char *path;			/* the spec file, for messages */
	char *base_dir;			/* the spec's folder ("." for a bare name) */
	char *title;			/* required, UTF-8 */
	char *subtitle;			/* may be NULL */
	char *author;			/* required */
	const struct mb_level *level;	/* required */
	int mazes;			/* 1..MB_SPEC_MAX_MAZES */
	struct mb_trim trim;		/* default 8.5x11 */
	enum mb_paper paper;		/* default white */
	bool bleed;			/* default false */
	uint64_t seed;			/* required by a build (mb_spec_where "seed"); 1 here */
	char *book_id;			/* "book_id:"; NULL: made from title and seed (mb_spec_book_id) */
	char *catalogue;		/* "catalogue:": a file, a postgres:// URL or "none";
					 * NULL: $MAZEBOOK_CATALOGUE or the default place */
	struct {
		int volumes;		/* 0: not a series; else 1..MB_SPEC_MAX_VOLUMES */
		char *title;		/* with "{n}" for the volume's number; NULL: "<title> Vol. {n}" */
	} series;
	int volume;			/* 0, or the volume mb_spec_select_volume made it */
	char *algorithm;		/* "auto" (default) or a generator name */
	enum mb_start start;		/* "start:"; MB_START_DEFAULT: each generator's
					 * own; applies to those that have a start */
	int solutions_per_page;		/* 1, 2, 4 (default), 6 or 9; a book of graph
					 * grids that gives none: 1 with circles, else 2
					 * (one over the other, as mazeproof pairs them) */
	char *output_dir;		/* default "out", relative to the spec's folder */

	/* overrides of the level */
	int grid_w, grid_h;		/* "grid: WxH", else the level's fitted to
					 * the trim's maze room (mb_layout_fit_grid);
					 * on a graph kind the level's square grid, which
					 * the square-only page checks still read */
	/*
	 * The grid's kind (issue 16): "grid: square|polar|hex|delta",
	 * optionally with a size ("polar 12": rings, the centre cell
	 * counted; "hex 12x13" and "delta 20x10": cols x rows; "hex 5" on
	 * the hexagon outline: cells a side; "delta 12" on the triangle:
	 * rows); "grid: WxH" is a square grid. MB_GRID_RECT: square (a
	 * shape makes it a mask). grid_a x grid_b: the size given, 0 x 0 for
	 * the level's (grid_b 0 on the outlines and polar that take one
	 * number). grid_outline: "grid_outline: rectangle|hexagon|triangle"
	 * (hex: rectangle or hexagon; delta: rectangle or triangle; default
	 * rectangle).
	 */
	enum mb_grid_kind grid_kind;
	enum mb_grid_outline grid_outline;
	int grid_a, grid_b;
	struct mb_filter filter;	/* the level's unless min_route_ratio/min_forks */

	char *font;			/* a TrueType file or a fontconfig name; NULL: DejaVu Sans */
	char *font_path;		/* font resolved against base_dir when it is a
					 * .ttf/.otf file (checked readable); NULL for a name */
	char *font_bold;		/* the bold face: a file or a fontconfig name;
					 * NULL: found beside the font file, or the family's */
	char *font_bold_path;		/* font_bold resolved as font_path */
	bool one_sided;			/* maze pages on right-hand pages only */
	char *language;			/* printed labels: en (default), de, fr, es */
	char *copyright;		/* NULL: "Copyright © <year> <author>" */
	int year;			/* the copyright year; 0: none given */
	char *imprint;			/* the publisher's name, "Published by ..."; NULL: none */
	char isbn[14];			/* ISBN-13 digits ("" when none): printed on the about page */
	bool print_seed;		/* print the seed (anyone could rebuild the book); default no */

	/*
	 * shape: one shape for every maze, or a list used in turn (maze k
	 * takes shape k mod count): a built-in name, a .svg or .png file
	 * (relative to base_dir) or text "LETTERS". Empty: rectangles.
	 */
	char *shapes[MB_SPEC_MAX_SHAPES];
	int shape_count;
	/*
	 * entrance:, exit: "top" or "bottom" (NULL: the grid's default gaps);
	 * on a polar grid also "left" or "right", and exit: "centre" (the
	 * default there: the way out is the centre cell)
	 */
	char *entrance, *exit_side;
	/*
	 * The masks of shapes[], made by mb_spec_shape_grids()
	 * (include/mazebook/backend/shape_load.h) at the level's density; owned
	 */
	struct mb_grid *shape_grids[MB_SPEC_MAX_SHAPES];

	struct {
		uint32_t background_rgb;	/* 0xRRGGBB, default 0x1565c0 */
		uint32_t text_rgb;		/* default 0xffffff */
		char *back;			/* back cover description; may be NULL */
		const char *theme;		/* a named theme (colour.h) that set the two
						 * colours the spec did not give; NULL: none */
		char *image, *image_path;	/* front art (PNG or JPEG) on the front card,
						 * as written and resolved; NULL: the maze */
		bool image_fit_inside;		/* image_fit: fit (whole, inside the card)
						 * rather than fill (the card, cropped) */
		char *logo, *logo_path;		/* the imprint's logo on the back; NULL: none */
	} cover;

	/* editions: binding, ink, the editions to build, their list prices */
	enum mb_binding binding;	/* default paperback; "editions" sets each in turn */
	enum mb_ink ink;		/* default black */
	int edition_count;		/* 0: one edition, binding; else editions[] */
	enum mb_binding editions[MB_BINDING_COUNT];
	long price_cents[MB_BINDING_COUNT];	/* list price by binding; -1: none given */
	/* a colour interior's marks and solution routes (walls stay black) */
	struct {
		uint32_t start_rgb;	/* START arrow and word, default 0x2e7d32 */
		uint32_t finish_rgb;	/* FINISH, default 0xc62828 */
		uint32_t route_rgb;	/* the solution route, default 0x1e88e5 */
	} palette;

	/* sections: (issue 14); 0: one section made of the book-wide keys */
	struct mb_section_spec sections[MB_SPEC_MAX_SECTIONS];
	int section_count;
	bool order_ramp;		/* "order: ramp" (sort each section's mazes by
					 * difficulty, easiest first; a ramp section is
					 * in its ramp's order) or "as-generated";
					 * default: ramp when the sections have more than
					 * one level or any has a ramp, else as-generated */

	/* the pages around the mazes, each on by default where a kids' book has it */
	struct {
		bool title, belongs_to, how_to_play, contents, copyright, section_pages,
		    certificate;
	} pages;

	/* the keys the file gave, in the order read (defaults have none) */
	struct mb_spec_place places[MB_SPEC_MAX_PLACES];
	size_t place_count;

	/*
	 * The bytes mb_spec_load parsed (NULL after mb_spec_parse): a copy
	 * of the spec is written from these, never by reading the path
	 * again, which may be a pipe or may have changed since.
	 */
	char *source;
	size_t source_len;
};

/*
 * Defaults for every optional field; required ones empty (title, author,
 * level NULL, mazes 0). path and base_dir stay NULL.
 */
void mb_spec_init(struct mb_book_spec *spec);
/* Free every string and zero spec (releasing it again is harmless). */
void mb_spec_release(struct mb_book_spec *spec);

/*
 * A path named in the spec (output, font) as seen from the current
 * directory: rel itself when it is absolute or base_dir is ".", else
 * base_dir/rel. Returns a new string the caller frees.
 */
char *mb_spec_resolve(const struct mb_book_spec *spec, const char *rel);

/*
 * Why the spec's own `output:` value rel may not be used, or NULL when it
 * may: a spec names only a folder inside its own folder, so an absolute
 * path, or a '..' that climbs out of the spec's folder, is refused (a
 * stranger's spec must not write into /etc). "-o DIR" on the command line
 * is free. A string literal for a message.
 */
const char *mb_spec_output_refused(const char *rel);

/* What a path the spec names is for: the message says what to do instead. */
enum mb_spec_path_kind {
	MB_SPEC_PATH_OUTPUT,	/* output: a folder to make (-o DIR is the way out) */
	MB_SPEC_PATH_CATALOGUE,	/* catalogue: a file to make ($MAZEBOOK_CATALOGUE, --catalogue) */
	MB_SPEC_PATH_PICTURE,	/* cover.image, cover.logo */
	MB_SPEC_PATH_SHAPE,	/* shape: and a section's shape: a .svg or .png file */
	MB_SPEC_PATH_FONT,	/* font, font_bold: a .ttf or .otf file */
};

/*
 * The one rule for every path a spec names (issue 29): it must stay
 * inside the spec's folder once symbolic links are followed. rel (the
 * value of key) is refused when it is absolute or a '..' climbs out of
 * the folder, and when the longest part of base_dir/rel that exists
 * (the rest is still to be made) leads outside realpath(base_dir), or is
 * a dangling link or a loop. On success *out is base_dir/rel, a new
 * string the caller frees; else MB_ERR_INPUT with err->field key (a
 * string that must outlive err) and a message naming the value, where it
 * leads and what to do (copy the file into the folder; -o DIR,
 * $MAZEBOOK_CATALOGUE or --catalogue for output and catalogue);
 * MB_ERR_IO when the spec's folder cannot be resolved. Paths given on the
 * command line or in the environment are not the spec's and never come
 * here.
 */
enum mb_status mb_spec_path(const struct mb_book_spec *spec, enum mb_spec_path_kind kind,
			    const char *key, const char *rel, char **out, struct mb_error *err);

/*
 * Every file the spec reads (cover.image, cover.logo, font and font_bold
 * files, shape files, sections' shape files), checked again with
 * mb_spec_path just before they are read, after the spec was read: a
 * link swapped in between is refused, placed at its key.
 */
enum mb_status mb_spec_inputs_inside(const struct mb_book_spec *spec, struct mb_error *err);

/*
 * The output folder the spec names (output_dir against base_dir, by
 * mb_spec_path), as a new string in *dir the caller frees. Call it before
 * creating the folder and again after. MB_ERR_INPUT with err->field
 * "output" when it leads outside the spec's folder (the message says to
 * give -o DIR); MB_ERR_IO when the spec's folder cannot be resolved.
 */
enum mb_status mb_spec_output_dir(const struct mb_book_spec *spec, char **dir,
				  struct mb_error *err);

/*
 * The font the book is set in, for mb_font_find and the cover: font_path
 * (a .ttf file resolved against the spec's folder) when set, else font (a
 * fontconfig name, or NULL for the default).
 */
const char *mb_spec_font(const struct mb_book_spec *spec);

/* The bold face the spec names with font_bold (resolved as the font), or NULL. */
const char *mb_spec_font_bold(const struct mb_book_spec *spec);

/*
 * Where the file gave key ("mazes", "cover.back"): true and *line, *column
 * (1-based, of the value; either pointer may be NULL) when it did; false
 * for a key left to its default or an unknown key.
 */
bool mb_spec_where(const struct mb_book_spec *spec, const char *key, int *line, int *column);

/*
 * Put the spec's place on an error raised after reading (err->field names
 * the key: see mazebook/base/error.h): an error without a line gets
 * spec->path, and the key's line and column when the file gave the key
 * (a default: the file alone). An error with a line already, or an error
 * about no spec key at all, is left as it is. Returns err->code.
 */
enum mb_status mb_spec_locate(const struct mb_book_spec *spec, struct mb_error *err);

/*
 * Read and validate a spec file. spec need not be initialised; on success
 * it owns its strings (mb_spec_release), on failure it is left zeroed
 * (nothing to free). Nothing is written anywhere.
 *
 * MB_ERR_IO: a missing or unreadable file, a directory; the message
 * names the path ("cannot read 'x.yaml': No such file or directory") and
 * err->file is empty. MB_ERR_INPUT: everything else; err->file is the
 * path and err->line/column (1-based) the place when there is one:
 * malformed YAML, an unknown key (with the nearest valid key), a duplicate
 * key, a wrong type, a value out of range, a missing required key, an
 * anchor, alias or tag, a file above MB_SPEC_MAX_BYTES, an empty spec.
 */
enum mb_status mb_spec_load(const char *path, struct mb_book_spec *spec, struct mb_error *err);

/*
 * As mb_spec_load, from len bytes of text in memory (no terminating NUL
 * needed); name is used in messages and its folder as base_dir.
 */
enum mb_status mb_spec_parse(const char *name, const char *text, size_t len,
			     struct mb_book_spec *spec, struct mb_error *err);

/*
 * Make spec one of its editions (0 .. edition_count - 1): binding set to
 * that edition's. A spec with edition_count 0 has one edition, itself.
 */
void mb_spec_select_edition(struct mb_book_spec *spec, int edition);

/* The print options (binding, ink, paper) of the spec's current edition. */
struct mb_print mb_spec_print(const struct mb_book_spec *spec);

/* The list price of the current edition in cents, or -1 when none was given. */
long mb_spec_price_cents(const struct mb_book_spec *spec);

/*
 * Words that agree with the book (issue 14), checked before anything is
 * made: no printed text of the spec (title, subtitle, author, copyright,
 * imprint, cover.back, series.title, each section's title and
 * description) holds placeholder text (specs/placeholders.def: the
 * starter's "Your Name", "Title here", "Lorem ipsum" ...), and none that
 * names a number of mazes ("50 Easy Mazes", read as the cover check reads
 * it: mb_text_maze_count) names another than the book's (a section's
 * texts: the section's). MB_ERR_INPUT at the key's line and column in
 * the spec file, saying what to change.
 */
enum mb_status mb_spec_check_words(const struct mb_book_spec *spec, struct mb_error *err);

/*
 * The spec's printed texts that name the book's (or their section's)
 * number of mazes, as a list of keys ("'subtitle', 'cover.back'") in out;
 * returns how many. After mb_spec_check_words passed, every count the
 * texts name agrees: the build's cover.count check is decided from this,
 * each string read on its own, not from the cover's text run together.
 */
size_t mb_spec_count_keys(const struct mb_book_spec *spec, char *out, size_t size);

/* The commented starter spec that `mazebook init` writes. */
extern const char mb_spec_starter[];

/*
 * The starter spec with its sample "seed: 1", "book_id:" and "year:" lines
 * set to seed, book_id (init draws both from the OS, once) and year (the
 * copyright year: the year init runs). free() it.
 */
char *mb_spec_starter_with(uint64_t seed, const char *book_id, int year);

/*
 * The book's id in the catalogue: book_id when the spec gives one, else
 * "t-" and 16 hex digits of the SHA-256 of the title and the seed (so a
 * renamed book is a new book unless it keeps its book_id). Into buf.
 */
const char *mb_spec_book_id(const struct mb_book_spec *spec, char *buf, size_t size);

/*
 * Make spec volume n (1-based) of its series: its book id "<id>-vol-<n>",
 * its title series.title with "{n}" replaced, its seed derived from the
 * spec's seed and n (so every volume has other mazes, and volume n is
 * the same whichever volumes are built).
 */
void mb_spec_select_volume(struct mb_book_spec *spec, int n);

#endif
