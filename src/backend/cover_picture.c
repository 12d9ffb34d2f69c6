/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Cover pictures (cover_picture.h). The file is read once, whole (bounded),
 * and its size read from its header before anything is decoded, so a
 * picture that claims 100000 x 100000 pixels costs nothing.
 */
#include "config.h"

#include <errno.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>	/* after stdio.h: it uses FILE and size_t without including them */

#include "cover_picture.h"
#include "mazebook/cover_image.h"
#include "mazebook/xalloc.h"

/* a cover picture larger than this is not a picture anyone meant */
#define MAX_FILE_BYTES (64u << 20)

struct bytes {
	unsigned char *data;
	size_t len, pos;
};

static enum mb_status read_all(const char *path, const char *key, struct bytes *b,
			       struct mb_error *err)
{
	FILE *f = fopen(path, "rb");
	long n;

	if (!f)
		return mb_error_set_field(err, MB_ERR_INPUT, key, "cannot read '%s': %s", path,
					  strerror(errno));
	if (fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET)) {
		fclose(f);
		return mb_error_set_field(err, MB_ERR_INPUT, key, "cannot read '%s': not a file",
					  path);
	}
	if ((unsigned long)n > MAX_FILE_BYTES) {
		fclose(f);
		return mb_error_set_field(err, MB_ERR_INPUT, key,
					  "'%s' is %ld MB: a cover picture may be at most %u MB",
					  path, n >> 20, MAX_FILE_BYTES >> 20);
	}
	b->data = xmalloc((size_t)n + 1);
	b->len = fread(b->data, 1, (size_t)n, f);
	b->pos = 0;
	fclose(f);
	if (b->len != (size_t)n) {
		free(b->data);
		b->data = NULL;
		return mb_error_set_field(err, MB_ERR_INPUT, key, "cannot read '%s'", path);
	}
	return MB_OK;
}

static cairo_status_t png_read(void *closure, unsigned char *data, unsigned int length)
{
	struct bytes *b = closure;

	if (b->len - b->pos < length)
		return CAIRO_STATUS_READ_ERROR;
	memcpy(data, b->data + b->pos, length);
	b->pos += length;
	return CAIRO_STATUS_SUCCESS;
}

static unsigned long be32(const unsigned char *p)
{
	return (unsigned long)p[0] << 24 | (unsigned long)p[1] << 16 | (unsigned long)p[2] << 8 |
	       p[3];
}

static enum mb_status load_png(const char *path, const char *key, struct bytes *b,
			       cairo_surface_t **out, struct mb_error *err)
{
	unsigned long w, h;
	cairo_surface_t *s;

	/* the IHDR chunk comes first: its size before the decoder allocates it */
	if (b->len < 33 || memcmp(b->data + 12, "IHDR", 4))
		return mb_error_set_field(err, MB_ERR_INPUT, key, "'%s' is a damaged PNG", path);
	w = be32(b->data + 16);
	h = be32(b->data + 20);
	if (!w || !h || w >= MB_COVER_IMAGE_MAX_SIDE || h >= MB_COVER_IMAGE_MAX_SIDE)
		return mb_error_set_field(err, MB_ERR_INPUT, key,
					  "'%s' is %lu x %lu px: a cover picture has 1 to %d px a "
					  "side", path, w, h, MB_COVER_IMAGE_MAX_SIDE - 1);
	s = cairo_image_surface_create_from_png_stream(png_read, b);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(s);
		return mb_error_set_field(err, MB_ERR_INPUT, key, "'%s' is a damaged PNG", path);
	}
	*out = s;
	return MB_OK;
}

struct jpeg_failure {
	struct jpeg_error_mgr mgr;
	jmp_buf jump;
	char message[JMSG_LENGTH_MAX];
};

static void jpeg_fail(j_common_ptr cinfo)
{
	struct jpeg_failure *f = (struct jpeg_failure *)cinfo->err;

	f->mgr.format_message(cinfo, f->message);
	longjmp(f->jump, 1);
}

static void jpeg_quiet(j_common_ptr cinfo, int level)
{
	(void)cinfo;
	(void)level;
}

static enum mb_status load_jpeg(const char *path, const char *key, struct bytes *b,
				cairo_surface_t **out, struct mb_error *err)
{
	struct jpeg_decompress_struct cinfo;
	struct jpeg_failure fail;
	cairo_surface_t *volatile s = NULL;
	unsigned char *volatile row = NULL;
	unsigned char *copy;

	memset(&cinfo, 0, sizeof(cinfo));
	cinfo.err = jpeg_std_error(&fail.mgr);
	fail.mgr.error_exit = jpeg_fail;
	fail.mgr.emit_message = jpeg_quiet;
	if (setjmp(fail.jump)) {
		jpeg_destroy_decompress(&cinfo);
		if (s)
			cairo_surface_destroy(s);
		free(row);
		return mb_error_set_field(err, MB_ERR_INPUT, key, "'%s' is a damaged JPEG: %s",
					  path, fail.message);
	}
	jpeg_create_decompress(&cinfo);
	jpeg_mem_src(&cinfo, b->data, (unsigned long)b->len);
	jpeg_read_header(&cinfo, TRUE);
	if (cinfo.image_width >= MB_COVER_IMAGE_MAX_SIDE ||
	    cinfo.image_height >= MB_COVER_IMAGE_MAX_SIDE) {
		unsigned w = cinfo.image_width, h = cinfo.image_height;

		jpeg_destroy_decompress(&cinfo);
		return mb_error_set_field(err, MB_ERR_INPUT, key,
					  "'%s' is %u x %u px: a cover picture has 1 to %d px a "
					  "side", path, w, h, MB_COVER_IMAGE_MAX_SIDE - 1);
	}
	if (cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK) {
		jpeg_destroy_decompress(&cinfo);
		return mb_error_set_field(err, MB_ERR_INPUT, key,
					  "'%s' is a CMYK JPEG: save it in RGB (KDP converts the "
					  "cover itself)", path);
	}
	cinfo.out_color_space = JCS_RGB;
	jpeg_start_decompress(&cinfo);
	s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)cinfo.output_width,
				       (int)cinfo.output_height);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		jpeg_destroy_decompress(&cinfo);
		cairo_surface_destroy(s);
		return mb_error_set_field(err, MB_ERR_INPUT, key, "'%s': out of memory", path);
	}
	row = xmalloc((size_t)cinfo.output_width * 3);
	{
		unsigned char *px = cairo_image_surface_get_data(s);
		int stride = cairo_image_surface_get_stride(s);

		cairo_surface_flush(s);
		while (cinfo.output_scanline < cinfo.output_height) {
			JSAMPROW rows[1] = { row };
			unsigned y = cinfo.output_scanline;
			uint32_t *dst = (uint32_t *)(px + (size_t)y * (size_t)stride);

			jpeg_read_scanlines(&cinfo, rows, 1);
			for (unsigned x = 0; x < cinfo.output_width; x++)
				dst[x] = (uint32_t)row[3 * x] << 16 | (uint32_t)row[3 * x + 1] << 8 |
					 row[3 * x + 2];
		}
		cairo_surface_mark_dirty(s);
	}
	jpeg_finish_decompress(&cinfo);
	jpeg_destroy_decompress(&cinfo);
	free(row);
	/* the PDF keeps the photograph as it was compressed */
	copy = xmalloc(b->len);
	memcpy(copy, b->data, b->len);
	if (cairo_surface_set_mime_data(s, CAIRO_MIME_TYPE_JPEG, copy, b->len, free, copy) !=
	    CAIRO_STATUS_SUCCESS)
		free(copy);
	*out = s;
	return MB_OK;
}

enum mb_status mb_cover_picture_load(const char *path, const char *key, cairo_surface_t **out,
				     struct mb_error *err)
{
	struct bytes b = { 0 };
	enum mb_status st;

	*out = NULL;
	if ((st = read_all(path, key, &b, err)) != MB_OK)
		return st;
	if (b.len >= 8 && !memcmp(b.data, "\x89PNG\r\n\x1a\n", 8))
		st = load_png(path, key, &b, out, err);
	else if (b.len >= 3 && b.data[0] == 0xff && b.data[1] == 0xd8 && b.data[2] == 0xff)
		st = load_jpeg(path, key, &b, out, err);
	else
		st = mb_error_set_field(err, MB_ERR_INPUT, key,
					"'%s' is not a PNG or JPEG picture", path);
	free(b.data);
	return st;
}
