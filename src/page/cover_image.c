/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* The resolution a cover picture prints at; see include/mazebook/page/cover_image.h. */
#include "config.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>

#include "mazebook/page/cover_image.h"

double mb_cover_image_dpi(int w_px, int h_px, double w_pt, double h_pt, bool fill)
{
	double sx = w_pt / w_px, sy = h_pt / h_px;	/* points per pixel each way */
	double s = fill ? fmax(sx, sy) : fmin(sx, sy);

	return 72.0 / s;
}

const char *mb_cover_image_dpi_problem(const char *name, int w_px, int h_px, double w_pt,
				       double h_pt, bool fill, const char *where)
{
	static char msg[512];
	double dpi = mb_cover_image_dpi(w_px, h_px, w_pt, h_pt, fill);

	if (dpi + 1e-6 >= MB_COVER_IMAGE_MIN_DPI)
		return NULL;
	snprintf(msg, sizeof(msg),
		 "'%s' is %d x %d px: %s the %.2f x %.2f in %s it prints at %.0f dpi, and KDP "
		 "asks for at least %.0f (at %.0f dpi it is %.2f x %.2f in): give a picture of "
		 "at least %.0f x %.0f px",
		 name, w_px, h_px, fill ? "filling" : "fitted in", w_pt / 72, h_pt / 72, where,
		 floor(dpi), MB_COVER_IMAGE_MIN_DPI, MB_COVER_IMAGE_MIN_DPI,
		 w_px / MB_COVER_IMAGE_MIN_DPI, h_px / MB_COVER_IMAGE_MIN_DPI,
		 ceil(w_px * MB_COVER_IMAGE_MIN_DPI / dpi), ceil(h_px * MB_COVER_IMAGE_MIN_DPI / dpi));
	return msg;
}
