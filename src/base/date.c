/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * SOURCE_DATE_EPOCH, parsed once; see include/mazebook/base/date.h. The two
 * PDF writers read it apart until now, the cover with a year-9999 bound
 * and the interior without: the stricter reading is the one kept.
 */
#include "config.h"
#include "mazebook/base/date.h"

#include <errno.h>
#include <stdlib.h>

bool mb_date_source_epoch(const char *text, struct tm *out)
{
	char *end;
	long long secs;
	time_t t;
	struct tm tm;

	if (!text || !*text)
		return false;
	errno = 0;
	secs = strtoll(text, &end, 10);
	if (errno || *end || secs < 0 || secs > MB_DATE_EPOCH_MAX)
		return false;
	t = (time_t)secs;
	if (!gmtime_r(&t, &tm))
		return false;
	*out = tm;
	return true;
}
