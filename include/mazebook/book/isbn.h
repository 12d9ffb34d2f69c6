/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * ISBNs as a publisher types them ("978-1-23456-789-7", "1234567897",
 * with spaces or hyphens): checked by their check digit, kept as the
 * ISBN-13 digits KDP shows, and printed hyphenated by the International
 * ISBN Agency's ranges (specs/isbn-ranges.def): "ISBN 978-1-4028-9462-6".
 */
#ifndef MAZEBOOK_ISBN_H
#define MAZEBOOK_ISBN_H

#include <stdbool.h>
#include <stddef.h>

/* room for 13 digits and the terminating NUL */
#define MB_ISBN13_SIZE 14
/* room for 13 digits, the four hyphens and the terminating NUL */
#define MB_ISBN_PRINT_SIZE 18

/* the date of the Agency's range file specs/isbn-ranges.def was made from ("2022-11-13") */
extern const char mb_isbn_ranges_date[];

/*
 * text as an ISBN-13 (an ISBN-10 is converted: 978 prefix, new check
 * digit) into out. Returns NULL, or why text is not an ISBN ("the check
 * digit should be 7, not 5", "an ISBN has 10 or 13 digits, not 12") for
 * the caller's message.
 */
const char *mb_isbn13(const char *text, char out[MB_ISBN13_SIZE]);

/*
 * text (an ISBN-10 or -13 as mb_isbn13 takes it) as it is printed, in its
 * own length: its parts (prefix, registration group, registrant,
 * publication, check digit) joined by hyphens, 978-0-306-40615-7 or
 * 0-306-40615-2, as the Agency's ranges split it. An ISBN whose group or
 * registrant is in no range the Agency had assigned by
 * mb_isbn_ranges_date gets its bare digits: nothing on the page then
 * claims a split the ranges do not give (*assigned is false; the caller
 * may warn with mb_isbn_unassigned). Returns NULL, or mb_isbn13's why.
 */
const char *mb_isbn_hyphenate(const char *text, char out[MB_ISBN_PRINT_SIZE], bool *assigned);

/*
 * Why the ISBN-13 digits isbn (mb_isbn13's out) are printed without
 * hyphens, for a warning ("ISBN 9798330000005 is in no range ... group
 * 979-8 (United States) has no registrant 33..."), or NULL when its range
 * is assigned. Written into buf (size bytes).
 */
const char *mb_isbn_unassigned(const char *isbn, char *buf, size_t size);

#endif
