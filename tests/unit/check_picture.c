/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The picture reader (src/backend/picture/picture.c) and the regular-file opener
 * (src/io/regular_file.c) on their own: the bound judged from the
 * header, the pixels as cairo wants them, damage refused, and a named pipe
 * or a folder refused without blocking. The pictures are the PNG and JPEG
 * fuzz seeds (made by PIL and zlib: tests/helpers/make-picture-bombs.py).
 */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../src/backend/picture/picture.h"
#include "mazebook/io/regular_file.h"

#include "check_main.h"

#define SEEDS MB_SRCDIR "/tests/data/fuzz/"

static struct mb_picture_use use_of(long max_pixels)
{
	return (struct mb_picture_use){ "cover.image", "cover.image", "picture", max_pixels,
					"scale it down" };
}

static unsigned char *slurp(const char *path, size_t *len)
{
	unsigned char *data;
	struct mb_error err;

	mb_error_init(&err);
	ck_assert_msg(mb_read_regular(path, 1 << 20, "picture", &data, len, &err) == MB_OK, "%s",
		      err.message);
	return data;
}

static enum mb_status decode(const char *seed, long max_pixels, cairo_surface_t **s,
			     struct mb_error *err)
{
	char path[512];
	struct mb_picture_use use = use_of(max_pixels);
	unsigned char *data;
	size_t len;
	enum mb_status st;

	snprintf(path, sizeof(path), SEEDS "%s", seed);
	data = slurp(path, &len);
	mb_error_init(err);
	st = mb_picture_decode(seed, data, len, &use, s, err);
	free(data);
	return st;
}

START_TEST(bound_is_judged_from_the_header)
{
	cairo_surface_t *s;
	struct mb_error err;

	ck_assert_int_eq(decode("png/seed-palette.png", 64 * 64 - 1, &s, &err), MB_ERR_LIMIT);
	ck_assert_ptr_null(s);
	ck_assert_str_eq(err.field, "cover.image");
	ck_assert_msg(strstr(err.message, "is 64 x 64 px") &&
		      strstr(err.message, "at most 0.0 million pixels") &&
		      strstr(err.message, "scale it down"), "%s", err.message);
	ck_assert_int_eq(decode("png/bomb-1bit.png", 24000000, &s, &err), MB_ERR_LIMIT);
	ck_assert_msg(strstr(err.message, "19999 x 19999 px (400.0 million pixels)"), "%s",
		      err.message);
	ck_assert_int_eq(decode("jpeg/bomb-progressive.jpg", 24000000, &s, &err), MB_ERR_LIMIT);
	ck_assert_int_eq(decode("jpeg/bomb-baseline.jpg", 24000000, &s, &err), MB_ERR_LIMIT);
	ck_assert_int_eq(decode("png/seed-palette.png", 64 * 64, &s, &err), MB_OK);
	ck_assert_int_eq(cairo_image_surface_get_width(s), 64);
	cairo_surface_destroy(s);
}
END_TEST

START_TEST(pixels_are_premultiplied_and_opaque_where_they_should_be)
{
	static const char *const seeds[] = { "png/seed-palette.png", "png/seed-gray-alpha.png",
					      "png/seed-16bit.png", "png/ok.png", "jpeg/ok.jpg",
					      "jpeg/seed-progressive.jpg", "jpeg/seed-gray.jpg" };

	for (size_t i = 0; i < sizeof(seeds) / sizeof(*seeds); i++) {
		cairo_surface_t *s;
		struct mb_error err;
		int w, h, stride, clear = 0;
		const unsigned char *px;
		bool alpha;

		ck_assert_msg(decode(seeds[i], 1000000, &s, &err) == MB_OK, "%s: %s", seeds[i],
			      err.message);
		alpha = cairo_image_surface_get_format(s) == CAIRO_FORMAT_ARGB32;
		/* only the palette with a transparent entry and grey with alpha have any */
		ck_assert_int_eq(alpha, i < 2);
		w = cairo_image_surface_get_width(s);
		h = cairo_image_surface_get_height(s);
		stride = cairo_image_surface_get_stride(s);
		px = cairo_image_surface_get_data(s);
		for (int y = 0; y < h; y++)
			for (int x = 0; x < w; x++) {
				uint32_t p = *(const uint32_t *)(px + y * stride + 4 * x);
				uint32_t a = alpha ? p >> 24 : 255;

				ck_assert_uint_le(p >> 16 & 0xff, a);
				ck_assert_uint_le(p >> 8 & 0xff, a);
				ck_assert_uint_le(p & 0xff, a);
				clear += a == 0;
			}
		if (i == 0)
			ck_assert_msg(clear > 0, "the palette's transparent entry is transparent");
		cairo_surface_destroy(s);
	}
}
END_TEST

START_TEST(damaged_files_are_refused)
{
	static const struct {
		const char *seed, *why;
	} cases[] = {
		{ "png/truncated.png", "is a damaged PNG (cut short" },
		{ "png/bad-crc.png", "is a damaged PNG (IDAT: CRC error)" },
		{ "jpeg/truncated.jpg", "is a damaged JPEG (Premature end of JPEG file)" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		cairo_surface_t *s;
		struct mb_error err;

		ck_assert_int_eq(decode(cases[i].seed, 24000000, &s, &err), MB_ERR_INPUT);
		ck_assert_ptr_null(s);
		ck_assert_msg(strstr(err.message, cases[i].why), "%s", err.message);
	}
}
END_TEST

START_TEST(only_regular_files_are_opened)
{
	char dir[] = "/tmp/mazebook-check-picture.XXXXXX", pipe[64], big[64];
	struct mb_picture_use use = use_of(1000);
	cairo_surface_t *s;
	struct mb_error err;
	unsigned char *data;
	size_t len;
	FILE *f;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(pipe, sizeof(pipe), "%s/pipe.png", dir);
	ck_assert_int_eq(mkfifo(pipe, 0600), 0);
	alarm(60);	/* a regression would block in open(): fail, do not hang */
	mb_error_init(&err);
	ck_assert_int_eq(mb_picture_load(pipe, &use, &s, &err), MB_ERR_INPUT);
	ck_assert_msg(strstr(err.message, "is a named pipe, not a regular file"), "%s",
		      err.message);
	ck_assert_str_eq(err.field, "cover.image");
	mb_error_init(&err);
	ck_assert_int_eq(mb_picture_load(dir, &use, &s, &err), MB_ERR_INPUT);
	ck_assert_msg(strstr(err.message, "is a folder, not a regular file"), "%s", err.message);
	alarm(0);
	snprintf(big, sizeof(big), "%s/big", dir);
	f = fopen(big, "wb");
	ck_assert_ptr_nonnull(f);
	fputs("0123456789ABCDEF", f);
	fclose(f);
	mb_error_init(&err);
	ck_assert_int_eq(mb_read_regular(big, 15, "picture", &data, &len, &err), MB_ERR_LIMIT);
	ck_assert_msg(strstr(err.message, "is 16 bytes: a picture may have at most 15 bytes"), "%s",
		      err.message);
	ck_assert_int_eq(mb_read_regular(big, 16, "picture", &data, &len, &err), MB_OK);
	ck_assert_uint_eq(len, 16);
	ck_assert_int_eq(memcmp(data, "0123456789ABCDEF", 17), 0);
	free(data);
	unlink(big);
	unlink(pipe);
	rmdir(dir);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("picture");
	TCase *tc = tcase_create("picture");

	tcase_add_test(tc, bound_is_judged_from_the_header);
	tcase_add_test(tc, pixels_are_premultiplied_and_opaque_where_they_should_be);
	tcase_add_test(tc, damaged_files_are_refused);
	tcase_add_test(tc, only_regular_files_are_opened);
	suite_add_tcase(s, tc);
	return s;
}
