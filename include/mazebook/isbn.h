/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * ISBNs as a publisher types them ("978-1-23456-789-7", "1234567897",
 * with spaces or hyphens): checked by their check digit and printed in
 * the hyphen-free ISBN-13 form KDP shows ("ISBN 9781234567897").
 */
#ifndef MAZEBOOK_ISBN_H
#define MAZEBOOK_ISBN_H

#include <stddef.h>

/* room for 13 digits and the terminating NUL */
#define MB_ISBN13_SIZE 14

/*
 * text as an ISBN-13 (an ISBN-10 is converted: 978 prefix, new check
 * digit) into out. Returns NULL, or why text is not an ISBN ("the check
 * digit should be 7, not 5", "an ISBN has 10 or 13 digits, not 12") for
 * the caller's message.
 */
const char *mb_isbn13(const char *text, char out[MB_ISBN13_SIZE]);

#endif
