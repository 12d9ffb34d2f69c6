/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* The previews' PNG writer: see png_rgb.h. */
#include "config.h"

#include "png_rgb.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "mazebook/xalloc.h"

/* zlib's level, measured: see the top of png_rgb.h and README, Benchmarks */
#define PNG_DEFLATE_LEVEL 3

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
	crc = crc32(crc32(0L, Z_NULL, 0), head + 4, 4);
	if (len)
		crc = crc32(crc, data, (uInt)len);
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
	size_t row_len = 1 + (gray ? 1 : 3) * (size_t)w, out_cap = 1 << 16;
	unsigned char *row = xmalloc(row_len), *out = xmalloc(out_cap);
	z_stream zs = { 0 };
	int e = 0;

	if (deflateInit(&zs, level) != Z_OK) {
		free(row);
		free(out);
		return ENOMEM;
	}
	if (!(e = put(f, signature, sizeof(signature))))
		e = put_chunk(f, "IHDR", ihdr, sizeof(ihdr));
	zs.next_out = out;
	zs.avail_out = (uInt)out_cap;
	/* rows go in one by one; an IDAT chunk goes out each time the buffer fills, and at the end */
	for (int y = 0; y <= h && !e; y++) {
		bool last = y == h;
		int zr = Z_OK;

		if (!last) {
			scanline(row, pixels, w, stride, layout, gray, y);
			zs.next_in = row;
			zs.avail_in = (uInt)row_len;
		}
		while (!e && (last ? zr != Z_STREAM_END : zs.avail_in > 0)) {
			zr = deflate(&zs, last ? Z_FINISH : Z_NO_FLUSH);
			if (zr == Z_STREAM_ERROR) {
				e = ENOMEM;
			} else if (zs.avail_out == 0 || (zr == Z_STREAM_END && zs.avail_out < out_cap)) {
				e = put_chunk(f, "IDAT", out, out_cap - zs.avail_out);
				zs.next_out = out;
				zs.avail_out = (uInt)out_cap;
			}
		}
	}
	if (!e)
		e = put_chunk(f, "IEND", NULL, 0);
	deflateEnd(&zs);
	free(out);
	free(row);
	return e;
}
