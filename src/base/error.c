/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* Errors as values; see include/mazebook/base/error.h. */
#include "config.h"
#include "mazebook/base/error.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void mb_error_init(struct mb_error *err)
{
	if (err)
		memset(err, 0, sizeof(*err));
}

static enum mb_status set_va(struct mb_error *err, enum mb_status code,
			     const char *file, int line, int column,
			     const char *fmt, va_list ap)
{
	if (!err || err->code != MB_OK)
		return code;
	err->code = code;
	snprintf(err->file, sizeof(err->file), "%s", file ? file : "");
	err->line = line;
	err->column = column;
	vsnprintf(err->message, sizeof(err->message), fmt, ap);
	return code;
}

enum mb_status mb_error_set(struct mb_error *err, enum mb_status code,
			    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	set_va(err, code, NULL, 0, 0, fmt, ap);
	va_end(ap);
	return code;
}

enum mb_status mb_error_set_at(struct mb_error *err, enum mb_status code,
			       const char *file, int line, int column,
			       const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	set_va(err, code, file, line, column, fmt, ap);
	va_end(ap);
	return code;
}

enum mb_status mb_error_set_field(struct mb_error *err, enum mb_status code,
				  const char *field, const char *fmt, ...)
{
	bool fresh = err && err->code == MB_OK;
	va_list ap;

	va_start(ap, fmt);
	set_va(err, code, NULL, 0, 0, fmt, ap);
	va_end(ap);
	if (fresh)
		err->field = field;
	return code;
}

enum mb_status mb_error_blame(struct mb_error *err, const char *field)
{
	if (!err)
		return MB_OK;
	if (err->code != MB_OK && !err->field)
		err->field = field;
	return err->code;
}

const char *mb_error_format(const struct mb_error *err, char *buf, size_t size)
{
	if (!err->file[0])
		snprintf(buf, size, "%s", err->message);
	else if (err->line <= 0)
		snprintf(buf, size, "%s: %s", err->file, err->message);
	else if (err->column <= 0)
		snprintf(buf, size, "%s:%d: %s", err->file, err->line, err->message);
	else
		snprintf(buf, size, "%s:%d:%d: %s", err->file, err->line,
			 err->column, err->message);
	return buf;
}

_Noreturn void mb_bug(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "BUG: %s:%d: ", file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}
