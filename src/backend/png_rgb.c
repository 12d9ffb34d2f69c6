/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* The previews' PNG writer: see png_rgb.h. */
#include "config.h"

#include "png_rgb.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libdeflate.h>

#include "mazebook/xalloc.h"

/* libdeflate's level, measured: see the top of png_rgb.h and README, Benchmarks */
#define PNG_DEFLATE_LEVEL 4
#define IDAT_MAX ((size_t)1 << 20)

static int put(FILE *f, const void *data, size_t len)
{
	if (len && fwrite(data, 1, len, f) != len)
		return errno ? errno : EIO;
	return 0;
}

/* one PNG chunk: length, type, data, CRC of type and data */
static int put_chunk(FILE *f, const char *type, const unsigned char *data, size_t len)
{
	unsigned char head[8] = { (unsigned char)(len >> 24), (unsigned char)(len >> 16),
				  (unsigned char)(len >> 8), (unsigned char)len };
	unsigned char tail[4];
	unsigned long crc;
	int e;

	memcpy(head + 4, type, 4);
	crc = libdeflate_crc32(0, head + 4, 4);
	if (len)
		crc = libdeflate_crc32((uint32_t)crc, data, len);
	tail[0] = (unsigned char)(crc >> 24);
	tail[1] = (unsigned char)(crc >> 16);
	tail[2] = (unsigned char)(crc >> 8);
	tail[3] = (unsigned char)crc;
	if ((e = put(f, head, 8)) || (e = put(f, data, len)))
		return e;
	return put(f, tail, 4);
}

/* pixel x of a row as 0xRRGGBB */
static uint32_t pixel(const unsigned char *src, enum mb_png_layout layout, int x)
{
	uint32_t px;

	if (layout == MB_PNG_RGB8)
		return (uint32_t)src[3 * x] << 16 | (uint32_t)src[3 * x + 1] << 8 | src[3 * x + 2];
	memcpy(&px, src + 4 * (size_t)x, 4);
	return px & 0xffffff;
}

/* is every pixel a gray (red, green and blue alike)? */
static bool all_gray(const unsigned char *pixels, int w, int h, ptrdiff_t stride,
		     enum mb_png_layout layout)
{
	for (int y = 0; y < h; y++) {
		const unsigned char *src = pixels + (ptrdiff_t)y * stride;

		for (int x = 0; x < w; x++) {
			uint32_t px = pixel(src, layout, x);

			if ((px >> 16 & 0xff) != (px & 0xff) || (px >> 8 & 0xff) != (px & 0xff))
				return false;
		}
	}
	return true;
}

/* row y of pixels as a PNG scanline: filter type None, then R G B a pixel (gray: one byte) */
static void scanline(unsigned char *row, const unsigned char *pixels, int w, ptrdiff_t stride,
		     enum mb_png_layout layout, bool gray, int y)
{
	const unsigned char *src = pixels + (ptrdiff_t)y * stride;

	row[0] = 0;
	if (gray) {
		for (int x = 0; x < w; x++)
			row[1 + x] = (unsigned char)pixel(src, layout, x);
		return;
	}
	if (layout == MB_PNG_RGB8) {
		memcpy(row + 1, src, 3 * (size_t)w);
		return;
	}
	for (int x = 0; x < w; x++) {
		uint32_t px;

		memcpy(&px, src + 4 * (size_t)x, 4);
		row[1 + 3 * x] = (unsigned char)(px >> 16);
		row[2 + 3 * x] = (unsigned char)(px >> 8);
		row[3 + 3 * x] = (unsigned char)px;
	}
}

int mb_png_write_rgb(FILE *f, const unsigned char *pixels, int w, int h, ptrdiff_t stride,
		     enum mb_png_layout layout)
{
	return mb_png_write_rgb_level(f, pixels, w, h, stride, layout, PNG_DEFLATE_LEVEL);
}

int mb_png_write_rgb_level(FILE *f, const unsigned char *pixels, int w, int h, ptrdiff_t stride,
			   enum mb_png_layout layout, int level)
{
	static const unsigned char signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	/* a picture of grays is written gray: a third of the bytes to deflate (a book's pages) */
	bool gray = all_gray(pixels, w, h, stride, layout);
	unsigned char ihdr[13] = { (unsigned char)(w >> 24), (unsigned char)(w >> 16),
				   (unsigned char)(w >> 8), (unsigned char)w,
				   (unsigned char)(h >> 24), (unsigned char)(h >> 16),
				   (unsigned char)(h >> 8), (unsigned char)h,
				   8, gray ? 0 : 2, 0, 0, 0 };	/* 8 bits, gray or RGB, deflate,
								   no filter, no interlace */
	size_t row_len = 1 + (gray ? 1 : 3) * (size_t)w, raw_len = row_len * (size_t)h, bound, n;
	/* libdeflate takes the picture whole: its scanlines, then one IDAT of them */
	struct libdeflate_compressor *c = libdeflate_alloc_compressor(level);
	unsigned char *raw, *out;
	int e = 0;

	if (!c)
		return ENOMEM;
	raw = xmalloc(raw_len + 1);
	for (int y = 0; y < h; y++)
		scanline(raw + (size_t)y * row_len, pixels, w, stride, layout, gray, y);
	bound = libdeflate_zlib_compress_bound(c, raw_len);
	out = xmalloc(bound);
	n = libdeflate_zlib_compress(c, raw, raw_len, out, bound);
	libdeflate_free_compressor(c);
	free(raw);
	if (!n)
		e = ENOMEM;	/* not within its own bound: never seen */
	if (!e)
		e = put(f, signature, sizeof(signature));
	if (!e)
		e = put_chunk(f, "IHDR", ihdr, sizeof(ihdr));
	/* IDAT chunks of a megabyte at most: any reader's buffer, and far from the 2 GB limit */
	for (size_t at = 0; !e && at < n; at += IDAT_MAX)
		e = put_chunk(f, "IDAT", out + at, n - at < IDAT_MAX ? n - at : IDAT_MAX);
	if (!e)
		e = put_chunk(f, "IEND", NULL, 0);
	free(out);
	return e;
}
