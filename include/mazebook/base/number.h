/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Strict parsing of numbers typed by a user (command-line options): the
 * whole text must be the number, in plain decimal, inside the given range.
 * Messages name the option (what) and the valid range, e.g.
 * "--seed: '-1' is not a whole number from 0 to 18446744073709551615".
 */
#ifndef MAZEBOOK_NUMBER_H
#define MAZEBOOK_NUMBER_H

#include <stdbool.h>
#include <stdint.h>

#include "mazebook/base/error.h"

/*
 * An unsigned whole number in [min, max]: digits only (no sign, no
 * exponent, no spaces). Fails with MB_ERR_INPUT otherwise.
 */
enum mb_status mb_number_parse_u64(const char *text, const char *what, uint64_t min,
				   uint64_t max, uint64_t *out, struct mb_error *err);

/*
 * A finite decimal number in [min, max] ("0.5", "1", ".25"; no "nan",
 * "inf" or hexadecimal). Fails with MB_ERR_INPUT otherwise.
 */
enum mb_status mb_number_parse_double(const char *text, const char *what, double min,
				      double max, double *out, struct mb_error *err);

/*
 * Is text a number written the way people write one, as a spec asks for
 * it: an optional '-', digits with no leading zero (0 itself, 0.5 and -3
 * are fine; 030 is not) and, when fraction, an optional '.' with digits on
 * both sides? NULL when it is; else why not ("a plus sign", "a leading
 * zero", ...), a string literal for a message. Says nothing of the range.
 */
const char *mb_number_plain_decimal(const char *text, bool fraction);

#endif
