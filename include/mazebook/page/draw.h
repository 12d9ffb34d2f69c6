/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Drawing lists: what a page (or the cover) prints, as plain data.
 *
 * The core decides everything that is drawn and where; a renderer (libharu
 * for the interior, cairo for the cover and the PNG previews, the SVG
 * writer) only replays a list. This is MuPDF's device interface turned
 * around: one producer of drawing, several consumers.
 *
 * Coordinates are PDF points with the origin at the page's top-left
 * corner, x growing right and y growing DOWN (as cairo, SVG and PNG have
 * it). A PDF renderer flips y against the list's height.
 *
 * A path is built by MOVE / LINE / CURVE / CLOSE and consumed by the next
 * STROKE, FILL or CLIP (as in PDF: a painting operator ends the path).
 * SAVE / RESTORE bracket clips and transforms. TRANSFORM multiplies the
 * current transformation by a matrix until the enclosing RESTORE (it
 * always sits inside a SAVE): the points, pen widths and text that follow
 * are in its local units. A maze is drawn in grid units this way
 * (include/mazebook/page/maze_draw.h), so its points stay whole numbers and a
 * PDF page of walls stays as small as it always was. TEXT draws one run on one line; wrapping
 * and fitting happen in the core before the list is made, with the widths
 * a renderer's font backend reports through struct mb_text_metrics.
 * IMAGE places a picture the renderer holds, named by an id both sides
 * agree on (the core never decodes pictures).
 *
 * Colours are 0xRRGGBB. A renderer that writes PDF writes a colour whose
 * three channels are equal as DeviceGray, so a black-and-white book stays
 * gray. Alpha below 1 is for the cover only (the interior renderer refuses
 * it: KDP's black-and-white interiors want no transparency).
 *
 * Lists never fail to grow (allocation follows xalloc.h's policy) and own
 * copies of their strings.
 */
#ifndef MAZEBOOK_DRAW_H
#define MAZEBOOK_DRAW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum mb_draw_kind {
	MB_DRAW_MOVE,
	MB_DRAW_LINE,
	MB_DRAW_CURVE,		/* cubic Bezier: p[0], p[1] control points, p[2] end */
	MB_DRAW_CLOSE,
	MB_DRAW_STROKE,		/* stroke the path with .pen */
	MB_DRAW_FILL,		/* fill the path with .paint */
	MB_DRAW_CLIP,		/* intersect the clip with the path (.paint.even_odd) */
	MB_DRAW_SAVE,
	MB_DRAW_RESTORE,
	MB_DRAW_TEXT,
	MB_DRAW_IMAGE,
	MB_DRAW_TRANSFORM,	/* concatenate .matrix to the current transformation */
};

enum mb_cap { MB_CAP_BUTT, MB_CAP_ROUND, MB_CAP_SQUARE };
enum mb_join { MB_JOIN_MITER, MB_JOIN_ROUND, MB_JOIN_BEVEL };

/* The faces a book has: its font and that font's bold. */
enum mb_face { MB_FACE_REGULAR, MB_FACE_BOLD };

#define MB_DASH_MAX 4

struct mb_point {
	double x, y;
};

struct mb_pen {
	double width;		/* points */
	uint32_t rgb;
	double alpha;		/* 1 opaque; 0 is read as 1 (a zeroed pen is opaque black) */
	enum mb_cap cap;
	enum mb_join join;
	int ndash;		/* 0: solid */
	double dash[MB_DASH_MAX];	/* on, off, on, off... in points */
	double dash_phase;
};

struct mb_paint {
	uint32_t rgb;
	double alpha;		/* as in mb_pen */
	bool even_odd;		/* even-odd rule instead of non-zero winding */
};

struct mb_text_run {
	double x, y;		/* the start of the baseline */
	enum mb_face face;
	double size;		/* points */
	uint32_t rgb;
	double alpha;		/* as in mb_pen */
	double outline;		/* > 0: also stroke the glyph outlines this wide, in outline_rgb */
	uint32_t outline_rgb;
	const char *text;	/* UTF-8, one line (owned by the list) */
	double angle_deg;	/* turned about (x, y), clockwise on the page (y down); 0: level */
};

struct mb_draw_image {
	int id;			/* the producer's and renderer's shared name for the picture */
	double x, y, w, h;	/* where the picture's full extent lands (may overflow a clip) */
};

/* Local (x, y) lands at (a x + c y + e, b x + d y + f) in the enclosing units. */
struct mb_matrix {
	double a, b, c, d, e, f;
};

struct mb_draw_op {
	enum mb_draw_kind kind;
	union {
		struct mb_point p[3];	/* MOVE, LINE: p[0]; CURVE: p[0..2] */
		struct mb_pen pen;	/* STROKE */
		struct mb_paint paint;	/* FILL, CLIP */
		struct mb_text_run text;	/* TEXT */
		struct mb_draw_image image;	/* IMAGE */
		struct mb_matrix matrix;	/* TRANSFORM */
	} u;
};

struct mb_draw_list {
	double width, height;	/* the page, in points */
	struct mb_draw_op *ops;
	size_t count, cap;
};

/* A new, empty list for a page of width x height points. */
struct mb_draw_list *mb_draw_new(double width, double height);
/* Accepts NULL. */
void mb_draw_free(struct mb_draw_list *l);
/* Empty the list (for the next page) and set its size; keeps the storage. */
void mb_draw_clear(struct mb_draw_list *l, double width, double height);

void mb_draw_move(struct mb_draw_list *l, double x, double y);
void mb_draw_line(struct mb_draw_list *l, double x, double y);
void mb_draw_curve(struct mb_draw_list *l, double x1, double y1, double x2, double y2,
		   double x3, double y3);
void mb_draw_close(struct mb_draw_list *l);
/* A closed rectangle path, top-left corner (x, y). */
void mb_draw_rect(struct mb_draw_list *l, double x, double y, double w, double h);
/* A closed rectangle path with corners rounded by r (quarter circles as Beziers). */
void mb_draw_round_rect(struct mb_draw_list *l, double x, double y, double w, double h,
			double r);
/* A circle as four Bezier quarters (error under 0.03 % of r). */
void mb_draw_circle(struct mb_draw_list *l, double cx, double cy, double r);

void mb_draw_stroke(struct mb_draw_list *l, const struct mb_pen *pen);
void mb_draw_fill(struct mb_draw_list *l, const struct mb_paint *paint);
void mb_draw_clip(struct mb_draw_list *l, bool even_odd);
void mb_draw_save(struct mb_draw_list *l);
void mb_draw_restore(struct mb_draw_list *l);
/* run->text is copied. */
void mb_draw_text(struct mb_draw_list *l, const struct mb_text_run *run);
void mb_draw_image(struct mb_draw_list *l, int id, double x, double y, double w, double h);
/* Concatenate a matrix to the current transformation; only inside a SAVE. */
void mb_draw_transform(struct mb_draw_list *l, const struct mb_matrix *m);

/*
 * Append every op of src to dst, moved by (dx, dy) (strings copied). What
 * follows a TRANSFORM is in its local units and moves with it: only the
 * outermost transform's translation is moved.
 */
void mb_draw_append(struct mb_draw_list *dst, const struct mb_draw_list *src, double dx,
		    double dy);

/* An alpha of 0 means opaque (so zeroed structs are opaque). */
static inline double mb_draw_alpha(double alpha)
{
	return alpha > 0 && alpha < 1 ? alpha : 1;
}

/*
 * Text measurement, handed to the core by a renderer's font backend so
 * that wrapping, fitting and alignment are decided in the core and come
 * out the same whichever renderer draws the list.
 */
struct mb_text_metrics {
	void *ctx;
	/* The advance width in points of the first len bytes of utf8, one line. */
	double (*width)(void *ctx, enum mb_face face, double size, const char *utf8, size_t len);
	/*
	 * The face's vertical metrics per point of size: ascent and descent
	 * (both positive) and the height of a capital letter.
	 */
	void (*extents)(void *ctx, enum mb_face face, double *ascent, double *descent,
			double *cap_height);
};

static inline double mb_text_width(const struct mb_text_metrics *tm, enum mb_face face,
				   double size, const char *utf8, size_t len)
{
	return tm->width(tm->ctx, face, size, utf8, len);
}

#endif
