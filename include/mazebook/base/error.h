/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Errors as values: library functions return an enum mb_status and fill an
 * optional struct mb_error. The first error set wins, so a caller deep in a
 * call chain can report the root cause rather than the last symptom.
 */
#ifndef MAZEBOOK_ERROR_H
#define MAZEBOOK_ERROR_H

#include <stdarg.h>
#include <stddef.h>

enum mb_status {
	MB_OK = 0,
	MB_ERR_INPUT,	/* the user's input is wrong (spec, size, PDF) */
	MB_ERR_IO,	/* a file could not be read or written */
	MB_ERR_LIMIT,	/* a bound was reached (attempts, size, time) */
	MB_ERR_CHECK,	/* a check ran and found a fault */
	MB_ERR_INTERNAL	/* a library failed in a way we did not expect */
};

#define MB_ERROR_FILE_MAX 256
#define MB_ERROR_MESSAGE_MAX 512

struct mb_error {
	enum mb_status code;
	char file[MB_ERROR_FILE_MAX];	/* empty when no file is involved */
	int line;			/* 1-based; 0 when unknown */
	int column;			/* 1-based; 0 when unknown */
	char message[MB_ERROR_MESSAGE_MAX];
	/*
	 * The book spec's key at fault ("mazes", "font", "cover.back"; a
	 * string literal), or NULL. Set by functions that check what a spec
	 * asks for but see no file (page planning, fonts, the cover), so
	 * that the caller can put the key's place in the message
	 * (mb_spec_locate in mazebook/book/spec.h).
	 */
	const char *field;
};

/* Clear err so that it can record a new first error. NULL is accepted. */
void mb_error_init(struct mb_error *err);

/*
 * Record an error (printf-style message, lower case, no trailing full stop)
 * unless err is NULL or already holds one. Returns code so that callers can
 * write `return mb_error_set(err, MB_ERR_INPUT, "...")`.
 */
enum mb_status mb_error_set(struct mb_error *err, enum mb_status code,
			    const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* As mb_error_set, with the place in a file (line and column 1-based, 0 = unknown). */
enum mb_status mb_error_set_at(struct mb_error *err, enum mb_status code,
			       const char *file, int line, int column,
			       const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

/*
 * As mb_error_set, naming the spec key at fault (field, a string literal or
 * NULL). The field is recorded only with the message, so a first error
 * recorded earlier keeps its own.
 */
enum mb_status mb_error_set_field(struct mb_error *err, enum mb_status code,
				  const char *field, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/*
 * Name field as the spec key at fault for the error err already holds,
 * unless it names one already or holds none. Returns err's code (MB_OK for
 * a NULL err), for `return mb_error_blame(err, "font")` after a failed call.
 */
enum mb_status mb_error_blame(struct mb_error *err, const char *field);

/*
 * Format err as "file:line:column: message" (the parts that are known) into
 * buf. Returns buf.
 */
const char *mb_error_format(const struct mb_error *err, char *buf, size_t size);

/* A broken internal invariant: print file and line and abort. */
#define BUG(...) mb_bug(__FILE__, __LINE__, __VA_ARGS__)
_Noreturn void mb_bug(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
