/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Strict parsing of numbers typed by a user (command-line options): the
 * whole text must be the number, in plain decimal, inside the given range.
 * Messages name the option (what) and the valid range, e.g.
 * "--seed: '-1' is not a whole number from 0 to 18446744073709551615".
 */
#ifndef MAZEBOOK_NUMBER_H
#define MAZEBOOK_NUMBER_H

#include <stdint.h>

#include "mazebook/error.h"

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

#endif
