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
#include "mazebook/base/limits.h"

/* KDP: images should print at 300 dpi or more */
#define MB_COVER_IMAGE_MIN_DPI 300.0
#define MB_COVER_IMAGE_ADVICE                                                           \
	"scale it to about 2,600 x 3,600 px (300 dpi over the largest front KDP prints, " \
	"8.63 x 11.94 in with bleed: more is not printed)"
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
