/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * PNG and JPEG pictures as cairo surfaces (picture.h). The file is read
 * once, whole (bounded), and its size read from its header before anything
 * is decoded, so a picture that claims 20,000 x 20,000 pixels costs
 * nothing; then libpng and libjpeg decode it with their memory capped and
 * every complaint of theirs taken as damage.
 */
#include "config.h"

#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>	/* after stdio.h: it uses FILE and size_t without including them */
#include <jerror.h>
#include <png.h>

#include "picture.h"
#include "mazebook/base/xalloc.h"
#include "mazebook/io/regular_file.h"

static enum mb_status damaged(const char *name, const struct mb_picture_use *use,
			      const char *kind, const char *why, struct mb_error *err)
{
	return mb_error_set_field(err, MB_ERR_INPUT, use->key,
				  "'%s' is a damaged %s (%s): open it in a picture editor and "
				  "save it again, or export it anew from the original", name, kind,
				  why);
}

/* the size from the header, judged before the decoder sees the pixels */
static enum mb_status judge_size(const char *name, unsigned long w, unsigned long h,
				 const struct mb_picture_use *use, struct mb_error *err)
{
	double pixels = (double)w * (double)h;

	if (!w || !h)
		return mb_error_set_field(err, MB_ERR_INPUT, use->key,
					  "'%s' is %lu x %lu px: a picture has at least 1 px a "
					  "side", name, w, h);
	if (w >= MB_PICTURE_MAX_SIDE || h >= MB_PICTURE_MAX_SIDE || pixels > use->max_pixels)
		return mb_error_set_field(err, MB_ERR_LIMIT, use->key,
					  "'%s' is %lu x %lu px (%.1f million pixels): %s may have "
					  "at most %.1f million pixels and %d px a side; %s", name, w,
					  h, pixels / 1e6, use->what, use->max_pixels / 1e6,
					  MB_PICTURE_MAX_SIDE - 1, use->advice);
	return MB_OK;
}

/* ---- PNG ---- */

struct png_source {
	const unsigned char *data;
	size_t len, pos;
	char why[128];		/* libpng's complaint */
	jmp_buf jump;
};

static void png_source_read(png_structp png, png_bytep out, size_t length)
{
	struct png_source *src = png_get_io_ptr(png);

	if (src->len - src->pos < length)
		png_error(png, "cut short: it ends before its last chunk");
	memcpy(out, src->data + src->pos, length);
	src->pos += length;
}

static void png_fail(png_structp png, png_const_charp message)
{
	struct png_source *src = png_get_error_ptr(png);

	snprintf(src->why, sizeof(src->why), "%s", message);
	longjmp(src->jump, 1);
}

/* warnings (a colour profile libpng finds odd, say) do not make the pixels wrong */
static void png_warn(png_structp png, png_const_charp message)
{
	(void)png;
	(void)message;
}

static unsigned long be32(const unsigned char *p)
{
	return (unsigned long)p[0] << 24 | (unsigned long)p[1] << 16 | (unsigned long)p[2] << 8 |
	       p[3];
}

/* libpng's RGBA rows, in place, to cairo's native-endian pixels (premultiplied) */
static void png_to_cairo(unsigned char *px, int stride, unsigned w, unsigned h, bool alpha)
{
	for (unsigned y = 0; y < h; y++) {
		unsigned char *row = px + (size_t)y * (size_t)stride;

		for (unsigned x = 0; x < w; x++) {
			unsigned char *p = row + 4 * (size_t)x;
			uint32_t r = p[0], g = p[1], b = p[2], a = alpha ? p[3] : 255;

			if (a != 255) {
				r = (r * a + 127) / 255;
				g = (g * a + 127) / 255;
				b = (b * a + 127) / 255;
			}
			*(uint32_t *)p = a << 24 | r << 16 | g << 8 | b;
		}
	}
}

/* libpng's transforms to 8-bit RGBA; whether the picture has any transparency */
static bool png_to_rgba(png_structp png, png_infop info)
{
	int depth = png_get_bit_depth(png, info), type = png_get_color_type(png, info);
	bool alpha = (type & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, info, PNG_INFO_tRNS);

	if (type == PNG_COLOR_TYPE_PALETTE)
		png_set_palette_to_rgb(png);
	if (type == PNG_COLOR_TYPE_GRAY && depth < 8)
		png_set_expand_gray_1_2_4_to_8(png);
	if (png_get_valid(png, info, PNG_INFO_tRNS))
		png_set_tRNS_to_alpha(png);
	if (depth == 16)
		png_set_strip_16(png);
	if (type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_GRAY_ALPHA)
		png_set_gray_to_rgb(png);
	if (!alpha)
		png_set_filler(png, 0xff, PNG_FILLER_AFTER);
	png_set_interlace_handling(png);
	png_read_update_info(png, info);
	return alpha;
}

static enum mb_status decode_png(const char *name, const unsigned char *data, size_t len,
				 const struct mb_picture_use *use, cairo_surface_t **out,
				 struct mb_error *err)
{
	struct png_source src = { .data = data, .len = len };
	png_structp png;
	png_infop info = NULL;
	cairo_surface_t *volatile s = NULL;
	png_bytep *volatile rows = NULL;
	enum mb_status st;
	unsigned w, h;
	bool alpha;

	/* the IHDR chunk comes first: the size before libpng is even started */
	if (len < 33 || memcmp(data + 12, "IHDR", 4))
		return damaged(name, use, "PNG", "no IHDR chunk at its start", err);
	if ((st = judge_size(name, be32(data + 16), be32(data + 20), use, err)) != MB_OK)
		return st;
	png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &src, png_fail, png_warn);
	if (!png || !(info = png_create_info_struct(png))) {
		png_destroy_read_struct(&png, NULL, NULL);
		return mb_error_set(err, MB_ERR_INTERNAL, "cannot start libpng");
	}
	if (setjmp(src.jump)) {
		png_destroy_read_struct(&png, &info, NULL);
		if (s)
			cairo_surface_destroy(s);
		free(rows);
		return damaged(name, use, "PNG", src.why, err);
	}
	/* the header said so already; libpng checks it again */
	png_set_user_limits(png, MB_PICTURE_MAX_SIDE - 1, MB_PICTURE_MAX_SIDE - 1);
	png_set_chunk_malloc_max(png, MB_PICTURE_PNG_CHUNK_MAX_BYTES);
	png_set_chunk_cache_max(png, MB_PICTURE_PNG_CHUNK_MAX_COUNT);
#ifndef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
	/* a bad checksum anywhere is damage, not a chunk to skip */
	png_set_crc_action(png, PNG_CRC_ERROR_QUIT, PNG_CRC_ERROR_QUIT);
#else
	/* a fuzzer cannot get past checksums: let it reach what they guard */
	png_set_crc_action(png, PNG_CRC_QUIET_USE, PNG_CRC_QUIET_USE);
#endif
	png_set_read_fn(png, &src, png_source_read);
	png_read_info(png, info);
	w = png_get_image_width(png, info);
	h = png_get_image_height(png, info);
	alpha = png_to_rgba(png, info);
	if (png_get_rowbytes(png, info) != 4 * (size_t)w)
		png_error(png, "a pixel format it cannot be read in");
	s = cairo_image_surface_create(alpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24, (int)w,
				       (int)h);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS)
		png_error(png, "out of memory for its pixels");
	{
		unsigned char *px = cairo_image_surface_get_data(s);
		int stride = cairo_image_surface_get_stride(s);

		rows = xmallocarray(h, sizeof(*rows));
		for (unsigned y = 0; y < h; y++)
			rows[y] = px + (size_t)y * (size_t)stride;
		cairo_surface_flush(s);
		png_read_image(png, rows);
		/* to its end: a file cut after the pixels is damaged too */
		png_read_end(png, NULL);
		png_to_cairo(px, stride, w, h, alpha);
		cairo_surface_mark_dirty(s);
	}
	free(rows);
	png_destroy_read_struct(&png, &info, NULL);
	*out = s;
	return MB_OK;
}

/* ---- JPEG ---- */

struct jpeg_failure {
	struct jpeg_error_mgr mgr;
	struct jpeg_progress_mgr progress;
	jmp_buf jump;
	char message[JMSG_LENGTH_MAX];
};

static void jpeg_fail(j_common_ptr cinfo)
{
	struct jpeg_failure *f = (struct jpeg_failure *)cinfo->err;

	f->mgr.format_message(cinfo, f->message);
	longjmp(f->jump, 1);
}

static _Noreturn void jpeg_fail_with(j_common_ptr cinfo, const char *why)
{
	struct jpeg_failure *f = (struct jpeg_failure *)cinfo->err;

	f->mgr.msg_code = 0;
	snprintf(f->message, sizeof(f->message), "%s", why);
	longjmp(f->jump, 1);
}

/*
 * A warning (level -1) is libjpeg carrying on over damage: data cut short
 * (it pads with grey), corrupt data, a marker where pixels were expected.
 * The PDF would embed those bytes as they are, so the damage is refused.
 * Trace messages (level 0 and up) are not problems.
 */
static void jpeg_warning(j_common_ptr cinfo, int level)
{
	if (level < 0)
		jpeg_fail(cinfo);
}

static void jpeg_progress(j_common_ptr cinfo)
{
	char why[64];

	if (cinfo->is_decompressor &&
	    ((j_decompress_ptr)cinfo)->input_scan_number > MB_PICTURE_JPEG_MAX_SCANS) {
		snprintf(why, sizeof(why), "more than %d scans", MB_PICTURE_JPEG_MAX_SCANS);
		jpeg_fail_with(cinfo, why);
	}
}

/* the decoder's own memory: a progressive JPEG's coefficients (2 bytes each) and some */
static long jpeg_memory_cap(const struct mb_picture_use *use)
{
	return use->max_pixels * 3 * 2 + (16L << 20);
}

static void jpeg_rows_to_cairo(j_decompress_ptr cinfo, cairo_surface_t *s, unsigned char *row)
{
	unsigned char *px = cairo_image_surface_get_data(s);
	int stride = cairo_image_surface_get_stride(s);

	cairo_surface_flush(s);
	while (cinfo->output_scanline < cinfo->output_height) {
		JSAMPROW rows[1] = { row };
		unsigned y = cinfo->output_scanline;
		uint32_t *dst = (uint32_t *)(px + (size_t)y * (size_t)stride);

		if (jpeg_read_scanlines(cinfo, rows, 1) != 1)
			jpeg_fail_with((j_common_ptr)cinfo, "no more data");
		for (unsigned x = 0; x < cinfo->output_width; x++)
			dst[x] = (uint32_t)row[3 * x] << 16 | (uint32_t)row[3 * x + 1] << 8 |
				 row[3 * x + 2];
	}
	cairo_surface_mark_dirty(s);
}

static enum mb_status decode_jpeg(const char *name, const unsigned char *data, size_t len,
				  const struct mb_picture_use *use, cairo_surface_t **out,
				  struct mb_error *err)
{
	struct jpeg_decompress_struct cinfo;
	struct jpeg_failure fail;
	cairo_surface_t *volatile s = NULL;
	unsigned char *volatile row = NULL;
	enum mb_status st;
	unsigned char *copy;

	memset(&cinfo, 0, sizeof(cinfo));
	cinfo.err = jpeg_std_error(&fail.mgr);
	fail.mgr.error_exit = jpeg_fail;
	fail.mgr.emit_message = jpeg_warning;
	fail.progress.progress_monitor = jpeg_progress;
	if (setjmp(fail.jump)) {
		bool memory = fail.mgr.msg_code == JERR_NO_BACKING_STORE;

		jpeg_destroy_decompress(&cinfo);
		if (s)
			cairo_surface_destroy(s);
		free(row);
		if (memory)
			return mb_error_set_field(err, MB_ERR_LIMIT, use->key,
						  "'%s' needs more than %ld MB to decode: %s",
						  name, jpeg_memory_cap(use) >> 20, use->advice);
		return damaged(name, use, "JPEG", fail.message, err);
	}
	jpeg_create_decompress(&cinfo);
	cinfo.progress = &fail.progress;
	cinfo.mem->max_memory_to_use = jpeg_memory_cap(use);
	jpeg_mem_src(&cinfo, data, (unsigned long)len);
	jpeg_read_header(&cinfo, TRUE);
	if ((st = judge_size(name, cinfo.image_width, cinfo.image_height, use, err)) != MB_OK) {
		jpeg_destroy_decompress(&cinfo);
		return st;
	}
	if (cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK) {
		jpeg_destroy_decompress(&cinfo);
		return mb_error_set_field(err, MB_ERR_INPUT, use->key,
					  "'%s' is a CMYK JPEG: save it in RGB (KDP converts the "
					  "cover itself)", name);
	}
	cinfo.out_color_space = JCS_RGB;
	jpeg_start_decompress(&cinfo);
	s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)cinfo.output_width,
				       (int)cinfo.output_height);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		jpeg_destroy_decompress(&cinfo);
		cairo_surface_destroy(s);
		return mb_error_set_field(err, MB_ERR_INTERNAL, use->key,
					  "'%s': out of memory for its %u x %u px", name,
					  cinfo.output_width, cinfo.output_height);
	}
	row = xmalloc((size_t)cinfo.output_width * 3);
	jpeg_rows_to_cairo(&cinfo, s, row);
	jpeg_finish_decompress(&cinfo);
	jpeg_destroy_decompress(&cinfo);
	free(row);
	/* a PDF keeps the photograph as it was compressed */
	copy = xmalloc(len);
	memcpy(copy, data, len);
	if (cairo_surface_set_mime_data(s, CAIRO_MIME_TYPE_JPEG, copy, len, free, copy) !=
	    CAIRO_STATUS_SUCCESS)
		free(copy);
	*out = s;
	return MB_OK;
}

enum mb_status mb_picture_decode(const char *name, const unsigned char *data, size_t len,
				 const struct mb_picture_use *use, cairo_surface_t **out,
				 struct mb_error *err)
{
	*out = NULL;
	if (len >= 8 && !memcmp(data, "\x89PNG\r\n\x1a\n", 8))
		return decode_png(name, data, len, use, out, err);
	if (len >= 3 && data[0] == 0xff && data[1] == 0xd8 && data[2] == 0xff)
		return decode_jpeg(name, data, len, use, out, err);
	return mb_error_set_field(err, MB_ERR_INPUT, use->key, "'%s' is not a PNG or JPEG picture",
				  name);
}

enum mb_status mb_picture_load(const char *path, const struct mb_picture_use *use,
			       cairo_surface_t **out, struct mb_error *err)
{
	unsigned char *data;
	size_t len;
	enum mb_status st;

	*out = NULL;
	st = mb_read_regular(path, MB_PICTURE_MAX_FILE_BYTES, use->noun, &data, &len, err);
	if (st != MB_OK)
		return mb_error_blame(err, use->key);
	st = mb_picture_decode(path, data, len, use, out, err);
	free(data);
	return st;
}
