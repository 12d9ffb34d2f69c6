/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Closed sets of names: matching a value, suggesting the nearest name and
 * listing the valid ones (names.h). Every "unknown ..." of the spec goes
 * through here, so a level, a paper and a key are judged alike.
 */
#include "config.h"
#include "mazebook/base/names.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

size_t mb_names_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	size_t row[65];

	if (la > 64 || lb > 64)
		return 1000;
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];

		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
			size_t best = diag + cost;

			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

int mb_names_find(const char *word, const char *const *names, size_t count)
{
	int found = -1;

	for (size_t i = 0; i < count; i++)
		if (!strcmp(word, names[i]))
			return (int)i;
	/* in other capitals: only when one name reads so, never a guess between two */
	for (size_t i = 0; i < count; i++) {
		if (strcasecmp(word, names[i]))
			continue;
		if (found >= 0)
			return -1;
		found = (int)i;
	}
	return found;
}

const char *mb_names_nearest(const char *word, const char *const *names, size_t count)
{
	const char *best = NULL;
	size_t best_d = (size_t)-1;

	for (size_t i = 0; i < count; i++) {
		size_t d = mb_names_distance(word, names[i]);

		/* capitals do not count as typos: "Esay" is one swap from easy */
		if (strlen(word) <= 64) {
			char lower[65];
			size_t n = 0;

			for (; word[n]; n++)
				lower[n] = (char)(word[n] >= 'A' && word[n] <= 'Z' ? word[n] + 32
										  : word[n]);
			lower[n] = '\0';
			if (mb_names_distance(lower, names[i]) < d)
				d = mb_names_distance(lower, names[i]);
		}
		if (d < best_d) {
			best_d = d;
			best = names[i];
		}
	}
	/* a typo is a few edits away (fewer on a short name); further, list the names */
	if (best && (best_d <= (strlen(best) > 3 ? 2u : 1u) || best_d * 3 <= strlen(best)))
		return best;
	return NULL;
}

void mb_names_list(const char *const *names, size_t count, char *buf, size_t size)
{
	size_t used = 0;

	if (size)
		buf[0] = '\0';
	for (size_t i = 0; i < count && used < size; i++)
		used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? ", " : "", names[i]);
}

void mb_names_hint(const char *word, const char *const *names, size_t count, char *buf,
		   size_t size)
{
	const char *near = mb_names_nearest(word, names, count);
	char list[512];

	mb_names_list(names, count, list, sizeof(list));
	if (near)
		snprintf(buf, size, "did you mean '%s'? valid: %s", near, list);
	else
		snprintf(buf, size, "valid: %s", list);
}
