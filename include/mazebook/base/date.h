/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * SOURCE_DATE_EPOCH (reproducible-builds.org): the one place its text is
 * read, for the interior's and the cover's creation dates alike. The
 * caller reads the environment; this only judges the text.
 */
#ifndef MAZEBOOK_DATE_H
#define MAZEBOOK_DATE_H

#include <stdbool.h>
#include <time.h>

/* the last second a four-digit year holds: 9999-12-31T23:59:59Z */
#define MB_DATE_EPOCH_MAX 253402300799LL

/*
 * The UTC time of text as SOURCE_DATE_EPOCH: decimal seconds since 1970,
 * 0 .. MB_DATE_EPOCH_MAX, nothing before or after the digits. false (and
 * *out untouched) for NULL, "" or anything else: the caller then uses its
 * fixed date, never the clock.
 */
bool mb_date_source_epoch(const char *text, struct tm *out);

#endif
