/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Pictures a publisher puts on the cover (the front art and the imprint's
 * logo): PNG through cairo, JPEG through libjpeg (kept as JPEG in the PDF),
 * and the resolution they print at. Only the cover backend draws them;
 * the core sees their pixel size.
 */
#ifndef MAZEBOOK_COVER_IMAGE_H
#define MAZEBOOK_COVER_IMAGE_H

#include <stdbool.h>

#include "mazebook/base/error.h"

/* KDP: images should print at 300 dpi or more */
#define MB_COVER_IMAGE_MIN_DPI 300.0
/*
 * The most pixels each picture may have, judged from its header before it
 * is decoded (decoded, a pixel takes 4 bytes). The front art: 300 dpi over
 * the largest front KDP prints (8.63 x 11.94 in with bleed) is 2,588 x
 * 3,582 px, 9.3 million; 24 million (a 6,000 x 4,000 photograph straight
 * from a camera, 96 MB decoded) leaves room to crop a picture of another
 * shape (image_fit: fill) without scaling it first.
 */
#define MB_COVER_IMAGE_MAX_PIXELS 24000000L
#define MB_COVER_IMAGE_ADVICE                                                           \
	"scale it to about 2,600 x 3,600 px (300 dpi over the largest front KDP prints, " \
	"8.63 x 11.94 in with bleed: more is not printed)"
/*
 * The logo prints at most 1.6 x 0.8 in on the back, 480 x 240 px at 300
 * dpi; 4 million (2,000 x 2,000 px, 16 MB decoded) leaves a designer's
 * square export of 4 times that resolution room.
 */
#define MB_COVER_LOGO_MAX_PIXELS 4000000L
#define MB_COVER_LOGO_ADVICE                                                         \
	"scale it to at most 500 px on its longer side (300 dpi at 1.6 in, the widest " \
	"a logo prints)"

/*
 * The dpi a picture of w_px x h_px prints at when it is scaled to draw
 * over w_pt x h_pt points: fill (cover the box, cropped) or fit (inside it).
 */
double mb_cover_image_dpi(int w_px, int h_px, double w_pt, double h_pt, bool fill);

/*
 * For an error: "art.png is 800 x 1000 px: filling the 4.1 x 5.2 in
 * card it prints at 195 dpi, KDP asks at least 300 (at 300 dpi it is
 * 2.67 x 3.33 in): give a larger picture". NULL when it prints at 300 dpi
 * or more; the message is static, for the next call to replace.
 */
const char *mb_cover_image_dpi_problem(const char *name, int w_px, int h_px, double w_pt,
				       double h_pt, bool fill, const char *where);

#endif
