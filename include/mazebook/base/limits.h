/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Every bound mazebook puts on what a spec, a picture, a PDF or a
 * stranger's file can make it do, in one place, each with its reason.
 * Past a bound the user gets a clear error naming the file and the value
 * (exit 1), never a crash, a hang or an exhausted machine.
 *
 * A limit the README's "## Limits" table states names its row below
 * ("Limits table: ROW"); tests/cli/cli_limits_table.sh checks that the row
 * says the value this file gives, so the two cannot drift apart. mazeproof
 * shares no code with mazebook: its bounds are in src/mazeproof/, and the
 * page-tree walk both programs share keeps its own in src/pdf/pagetree.h.
 * Sizes of fixed fields (a message buffer, a key's bytes) stay with their
 * types: they are formats, not limits.
 */
#ifndef MAZEBOOK_LIMITS_H
#define MAZEBOOK_LIMITS_H

#include <stddef.h>

/* ---- the spec ---- */

/*
 * A spec file bigger than this is not a hand-written spec; nesting and
 * long lists then cost memory only in proportion to it.
 * Limits table: spec file
 */
#define MB_SPEC_MAX_BYTES (1024 * 1024)
/*
 * Mazes a spec may ask for (then as many as fit in KDP's page limit).
 * Limits table: mazes per book
 */
#define MB_SPEC_MAX_MAZES 10000
/*
 * The largest grid side a "grid: WxH" may ask for: 200 squares fill a
 * 8.5 in page at 1 mm, smaller than anyone can draw a line through.
 * Limits table: grid
 */
#define MB_SPEC_MAX_GRID 200
/*
 * KDP's own bound on title and subtitle together, in characters.
 * Limits table: title, subtitle, author / other text
 */
#define MB_SPEC_MAX_TITLE_CHARS 200
/*
 * Any other string value, in characters: a back-cover blurb is a few
 * hundred.
 * Limits table: title, subtitle, author / other text
 */
#define MB_SPEC_MAX_TEXT_CHARS 4000
/*
 * Shapes a spec may list: each is read, checked and masked when the spec
 * is read.
 * Limits table: shapes
 */
#define MB_SPEC_MAX_SHAPES 32
/*
 * Sections of one book: each has its own title page and levels, and the
 * book's plan is sized for this many.
 */
#define MB_SPEC_MAX_SECTIONS 16
/*
 * Volumes of a series: the catalogue keeps the series' mazes apart.
 * Limits table: series, book id
 */
#define MB_SPEC_MAX_VOLUMES 100
/*
 * The longest book_id, which names files and catalogue rows.
 * Limits table: series, book id
 */
#define MB_SPEC_MAX_BOOK_ID 64

/* ---- the mazes ---- */

/*
 * A square grid's side, the same bound as the spec's (mazes from
 * `mazebook maze` included).
 */
#define MB_GRID_MAX_SIDE 200
/* rings of a circular maze: 60 rings fill the largest trim at 1.8 mm */
#define MB_POLAR_MAX_RINGS 60
/* a hexagonal or triangular grid's side, as a square grid's */
#define MB_LATTICE_MAX_SIDE 200
/*
 * Candidates generated for one maze before the level's filter is given
 * up as one the grid cannot meet (the error says which measure missed).
 */
#define MB_BOOK_MAX_ATTEMPTS 2000
/* mazes one `mazebook maze --count` writes: a book's most */
#define MB_MAZE_MAX_COUNT 10000

/* ---- pictures a spec names (cover art and logo, shape masks) ---- */

/*
 * The cover's art, judged by total pixels from the file's header before
 * decoding: the largest front KDP prints (8.63 x 11.94 in with bleed) is
 * 2,588 x 3,582 px at 300 dpi, 9.3 million; 24 million (a 6,000 x 4,000
 * photograph straight from a camera, 96 MB decoded) leaves room to crop a
 * picture of another shape (image_fit: fill) without scaling it first.
 * Limits table: pictures a spec names
 */
#define MB_COVER_IMAGE_MAX_PIXELS 24000000L
/*
 * The logo prints at most 1.6 x 0.8 in on the back, 480 x 240 px at 300
 * dpi; 4 million (2,000 x 2,000 px, 16 MB decoded) leaves a designer's
 * square export of 4 times that resolution room.
 * Limits table: pictures a spec names
 */
#define MB_COVER_LOGO_MAX_PIXELS 4000000L
/*
 * A PNG shape, judged from its header before it is decoded: it is drawn
 * at MB_SHAPE_INK_SIDE px and read as at most 200 squares a side, so
 * 2,000 x 2,000 px (16 MB decoded) is over 3 times the detail used.
 * Limits table: pictures a spec names
 */
#define MB_SHAPE_PICTURE_MAX_PIXELS 4000000L
/*
 * An SVG shape file larger than this is not an outline (the spec itself
 * is at most 1 MiB).
 * Limits table: pictures a spec names
 */
#define MB_SHAPE_SVG_MAX_BYTES (4u << 20)
/*
 * A picture file larger than this is not a picture anyone meant for a
 * book.
 * Limits table: pictures a spec names
 */
#define MB_PICTURE_MAX_FILE_BYTES (64u << 20)
/*
 * A picture this many pixels a side or more is refused whatever its use.
 * Limits table: pictures a spec names
 */
#define MB_PICTURE_MAX_SIDE 20000
/*
 * A progressive JPEG has about 10 scans; each scan can make the decoder
 * go over the whole picture again, so a file of thousands of tiny scans
 * is a time bomb. 500 is libjpeg-turbo's own bound in its TurboJPEG API.
 * Limits table: pictures a spec names
 */
#define MB_PICTURE_JPEG_MAX_SCANS 500
/*
 * The most a PNG's ancillary chunk (text, an ICC profile) may take once
 * inflated (a colour profile is at most a few hundred KB), and how many
 * of them are kept: zTXt bombs and millions of tiny chunks stop there.
 * Limits table: pictures a spec names
 */
#define MB_PICTURE_PNG_CHUNK_MAX_BYTES (4u << 20)
/*
 * Limits table: pictures a spec names
 */
#define MB_PICTURE_PNG_CHUNK_MAX_COUNT 256
/*
 * The contact sheet a build writes: a big book gets smaller pages rather
 * than a bigger sheet.
 */
#define MB_CONTACT_SHEET_MAX_PIXELS (8 * 1000 * 1000)

/* ---- manifests and JSON read by `catalogue check` / `import` ---- */

/*
 * A manifest bigger than this is not one mazebook wrote (10,000 mazes, a
 * book's most, are about 4 MB); read, 16 MB takes about 90 MB.
 * Limits table: series, book id
 */
#define MB_MANIFEST_MAX_BYTES ((size_t)16 * 1024 * 1024)
/*
 * Lists and objects inside each other deeper than this are refused:
 * mazebook's own JSON is 4 deep.
 * Limits table: series, book id
 */
#define MB_JSON_MAX_DEPTH 64

/* ---- PDFs read by `check` (the preflight's MuPDF probe) ---- */

/*
 * Pages of one file: KDP prints at most 828; a page tree may repeat one
 * page, so more is an error, not a checklist.
 * Limits table: PDF read by `check`
 */
#define MB_CHECK_PAGES_MAX 20000
/*
 * Drawing operations per file: an 828-page book makes about 10,000; a
 * line bomb stops here.
 * Limits table: drawing work per file
 */
#define MB_CHECK_DRAW_OPS_MAX 1000000
/*
 * Clips per file: each form XObject drawn sets one, so forms drawing
 * forms stop here.
 * Limits table: drawing work per file
 */
#define MB_CHECK_CLIPS_MAX 100000
/*
 * Clips nested inside each other: each form XObject drawn inside another
 * adds one.
 * Limits table: drawing work per file
 */
#define MB_CHECK_CLIP_DEPTH_MAX 1024
/*
 * Painted objects kept for a cover: a cover has a few hundred; more is
 * not a cover.
 * Limits table: kept per file
 */
#define MB_CHECK_COVER_ITEMS_MAX 200000
/*
 * A path of up to this many separate lines is kept line by line (crop
 * marks are four); a longer one is kept as one object.
 * Limits table: kept per file
 */
#define MB_CHECK_SUBPATHS_MAX 16
/*
 * Bookmarks, walked without recursion: levels and entries.
 * Limits table: bookmarks
 */
#define MB_CHECK_OUTLINE_DEPTH_MAX 64
/*
 * Limits table: bookmarks
 */
#define MB_CHECK_OUTLINE_ITEMS_MAX 100000
/* resource dictionaries inside each other, looked through for fonts */
#define MB_CHECK_RESOURCE_DEPTH_MAX 12
/* resource entries looked at per page for hidden layers */
#define MB_CHECK_OC_WALK_MAX 4096
/*
 * A colour image is inspected only up to this many pixels (64 Mpixels,
 * 256 MB as RGBA)...
 * Limits table: memory of the PDF readers
 */
#define MB_CHECK_IMAGE_SCAN_MAX_PIXELS (64u * 1024 * 1024)
/*
 * ...and of those, at most this many are looked at, evenly spread: enough
 * to find colour in a picture said to be gray.
 * Limits table: memory of the PDF readers
 */
#define MB_CHECK_IMAGE_SAMPLES_MAX (1u << 20)
/*
 * A page's text kept for the placeholder check, in characters: a page of
 * a book has a few thousand.
 * Limits table: memory of the PDF readers
 */
#define MB_CHECK_TEXT_MAX (1u << 20)
/*
 * CPU seconds `check` may spend by default (`--max-cpu S`, 0 for none):
 * a real 828-page book takes under a second; a deflate bomb stops here.
 * Limits table: CPU time of `check` and `mazeproof`
 */
#define MB_CHECK_CPU_DEFAULT_S 120
/* the largest --max-cpu accepted: a day */
#define MB_CHECK_CPU_MAX_S 86400

/* ---- signatures and checklists read by `verify` ---- */

/* a minisign key or signature file longer than this is not one */
#define MB_MINISIGN_FILE_MAX 16384
/* a checklist file, bytes: one lists a few files and a few hundred checks */
#define MB_VERIFY_CHECKLIST_MAX (16u << 20)

#endif
