/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Strict number parsing; see include/mazebook/base/number.h. strtoull alone
 * accepts a leading '-' (wrapping it around) and spaces, so the text is
 * checked by hand first.
 */
#include "config.h"
#include "mazebook/base/number.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

enum mb_status mb_number_parse_u64(const char *text, const char *what, uint64_t min,
				   uint64_t max, uint64_t *out, struct mb_error *err)
{
	unsigned long long v;
	char *end;
	bool digits = *text != '\0';

	for (const char *p = text; *p; p++)
		if (*p < '0' || *p > '9')
			digits = false;
	errno = 0;
	v = digits ? strtoull(text, &end, 10) : 0;
	if (!digits || errno || *end || v < min || v > max)
		return mb_error_set(err, MB_ERR_INPUT,
				    "%s: '%s' is not a whole number from %llu to %llu", what,
				    text, (unsigned long long)min, (unsigned long long)max);
	*out = v;
	return MB_OK;
}

enum mb_status mb_number_parse_double(const char *text, const char *what, double min,
				      double max, double *out, struct mb_error *err)
{
	double v = 0.0;
	char *end = NULL;
	bool ok = *text != '\0';

	/* plain decimal only: digits, one optional point, an optional leading sign */
	for (const char *p = text; *p; p++)
		if (!((*p >= '0' && *p <= '9') || *p == '.' ||
		      ((*p == '-' || *p == '+') && p == text)))
			ok = false;
	if (ok) {
		errno = 0;
		v = strtod(text, &end);
		ok = end != text && !*end && !errno && isfinite(v) && v >= min && v <= max;
	}
	if (!ok)
		return mb_error_set(err, MB_ERR_INPUT, "%s: '%s' is not a number from %g to %g",
				    what, text, min, max);
	*out = v;
	return MB_OK;
}

const char *mb_number_plain_decimal(const char *text, bool fraction)
{
	const char *p = text;
	const char *digits;

	if (*p == '+')
		return "a plus sign";
	if (*p == '-')
		p++;
	digits = p;
	while (*p >= '0' && *p <= '9')
		p++;
	if (p == digits)
		return *p == '.' && fraction ? "no digit before the point" : "not a number";
	/* 030 reads as octal to some programs and as thirty to others */
	if (*digits == '0' && p - digits > 1)
		return "a leading zero";
	if (*p == '.' && fraction) {
		const char *frac = ++p;

		while (*p >= '0' && *p <= '9')
			p++;
		if (p == frac)
			return "no digit after the point";
	}
	return *p ? "not a number" : NULL;
}
