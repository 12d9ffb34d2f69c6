/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The PNG writer of both previews (the cover's, drawn by cairo, and the
 * page's, rendered by MuPDF): 8-bit RGB, rows unfiltered, deflated whole
 * by libdeflate at a level chosen by measurement. cairo's and MuPDF's own
 * writers (libpng's default level with every filter tried on every row)
 * took most of the build's preview time: zlib at level 3 took a fifth of
 * their instructions (95 M against 487 M for a cover at 72 dpi) for files
 * about as small, since flat previews compress well as they are, and
 * libdeflate takes half of zlib's time again (the contact sheet of the
 * circle book: 0.074 s to 0.040 s, 1.31 MB to 1.28 MB). A picture whose
 * every pixel is a gray is written as 8-bit gray (the same pixels, a third
 * of the bytes).
 */
#ifndef MAZEBOOK_PNG_RGB_H
#define MAZEBOOK_PNG_RGB_H

#include <stddef.h>
#include <stdio.h>

enum mb_png_layout {
	MB_PNG_XRGB32,	/* a native 32-bit 0x00RRGGBB a pixel: cairo's RGB24 */
	MB_PNG_RGB8,	/* three bytes a pixel, R G B: MuPDF's RGB pixmap without alpha */
};

/*
 * Write w x h pixels (rows stride bytes apart, in layout) to f as a PNG.
 * Returns 0, or the errno value of the failure (ENOMEM when libdeflate fails);
 * f is left open for the caller to close, and to remove on failure.
 */
int mb_png_write_rgb(FILE *f, const unsigned char *pixels, int w, int h, ptrdiff_t stride,
		     enum mb_png_layout layout);
/* the same at libdeflate's level (1 fastest to 12 smallest) */
int mb_png_write_rgb_level(FILE *f, const unsigned char *pixels, int w, int h, ptrdiff_t stride,
			   enum mb_png_layout layout, int level);

#endif
