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

#include "mazebook/base/xalloc.h"

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

/*
 * The picture as gray scanlines (filter type None, one byte a pixel) into
 * raw, in one pass; false at the first pixel whose red, green and blue
 * differ (raw is then the caller's to fill again). A layout a loop: this
 * runs over every pixel of the contact sheet.
 */
static bool gray_rows(unsigned char *raw, const unsigned char *pixels, int w, int h,
		      ptrdiff_t stride, enum mb_png_layout layout)
{
	for (int y = 0; y < h; y++) {
		const unsigned char *src = pixels + (ptrdiff_t)y * stride;
		unsigned char *row = raw + (size_t)y * (1 + (size_t)w);
		unsigned differ = 0;

		row[0] = 0;
		if (layout == MB_PNG_RGB8) {
			for (int x = 0; x < w; x++) {
				unsigned char r = src[3 * x], g = src[3 * x + 1], b = src[3 * x + 2];

				differ |= (unsigned)(r ^ g) | (unsigned)(r ^ b);
				row[1 + x] = r;
			}
		} else {
			for (int x = 0; x < w; x++) {
				uint32_t px;

				memcpy(&px, src + 4 * (size_t)x, 4);
				differ |= ((px >> 16) ^ px) & 0xff;
				differ |= ((px >> 8) ^ px) & 0xff;
				row[1 + x] = (unsigned char)px;
			}
		}
		if (differ)
			return false;
	}
	return true;
}

/* row y of pixels as an RGB scanline: filter type None, then R G B a pixel */
static void rgb_scanline(unsigned char *row, const unsigned char *pixels, int w, ptrdiff_t stride,
			 enum mb_png_layout layout, int y)
{
	const unsigned char *src = pixels + (ptrdiff_t)y * stride;

	row[0] = 0;
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

/* the signature and the IHDR chunk: 8 bits, gray or RGB, deflate, no filter, no interlace */
static int put_head(FILE *f, int w, int h, bool gray)
{
	static const unsigned char signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	unsigned char ihdr[13] = { (unsigned char)(w >> 24), (unsigned char)(w >> 16),
				   (unsigned char)(w >> 8), (unsigned char)w,
				   (unsigned char)(h >> 24), (unsigned char)(h >> 16),
				   (unsigned char)(h >> 8), (unsigned char)h,
				   8, gray ? 0 : 2, 0, 0, 0 };
	int e = put(f, signature, sizeof(signature));

	return e ? e : put_chunk(f, "IHDR", ihdr, sizeof(ihdr));
}

int mb_png_write_rgb(FILE *f, const unsigned char *pixels, int w, int h, ptrdiff_t stride,
		     enum mb_png_layout layout)
{
	return mb_png_write_rgb_level(f, pixels, w, h, stride, layout, PNG_DEFLATE_LEVEL);
}

int mb_png_write_rgb_level(FILE *f, const unsigned char *pixels, int w, int h, ptrdiff_t stride,
			   enum mb_png_layout layout, int level)
{
	/* libdeflate takes the picture whole: its scanlines, then IDAT chunks of them */
	struct libdeflate_compressor *c = libdeflate_alloc_compressor(level);
	size_t rgb_len = (1 + 3 * (size_t)w) * (size_t)h, raw_len, bound, n;
	unsigned char *raw, *out;
	bool gray;
	int e = 0;

	if (!c)
		return ENOMEM;
	raw = xmalloc(rgb_len + 1);
	/* a picture of grays is written gray: a third of the bytes to deflate (a book's pages) */
	gray = gray_rows(raw, pixels, w, h, stride, layout);
	if (!gray)
		for (int y = 0; y < h; y++)
			rgb_scanline(raw + (size_t)y * (1 + 3 * (size_t)w), pixels, w, stride, layout, y);
	raw_len = gray ? (1 + (size_t)w) * (size_t)h : rgb_len;
	e = put_head(f, w, h, gray);
	bound = libdeflate_zlib_compress_bound(c, raw_len);
	out = xmalloc(bound);
	n = libdeflate_zlib_compress(c, raw, raw_len, out, bound);
	libdeflate_free_compressor(c);
	free(raw);
	if (!n && !e)
		e = ENOMEM;	/* not within its own bound: never seen */
	/* IDAT chunks of a megabyte at most: any reader's buffer, and far from the 2 GB limit */
	for (size_t at = 0; !e && at < n; at += IDAT_MAX)
		e = put_chunk(f, "IDAT", out + at, n - at < IDAT_MAX ? n - at : IDAT_MAX);
	if (!e)
		e = put_chunk(f, "IEND", NULL, 0);
	free(out);
	return e;
}
