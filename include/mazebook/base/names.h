/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Values chosen from a closed set of names (levels, papers, themes, keys
 * ...): one matching rule and one way of saying what was meant, for
 * every such set. A name is matched exactly, else in other capitals when
 * only one name reads so ("Easy" is easy); a miss gets the nearest name a
 * typo could have made ("did you mean") and the list of valid names.
 */
#ifndef MAZEBOOK_NAMES_H
#define MAZEBOOK_NAMES_H

#include <stddef.h>

/* Levenshtein distance between a and b; a large number past 64 bytes. */
size_t mb_names_distance(const char *a, const char *b);

/*
 * The index of word in names: the name it is, else the one name it is
 * but for capitals; -1 when there is none (or two differ only in case).
 */
int mb_names_find(const char *word, const char *const *names, size_t count);

/*
 * The name nearest to word that a typo could have made (a few edits, or
 * a third of the name's length), else NULL.
 */
const char *mb_names_nearest(const char *word, const char *const *names, size_t count);

/* "a, b, c" into buf (cut at size). */
void mb_names_list(const char *const *names, size_t count, char *buf, size_t size);

/*
 * The words after an unknown name: "did you mean 'x'? valid: a, b, c",
 * or "valid: a, b, c" when no name is near.
 */
void mb_names_hint(const char *word, const char *const *names, size_t count, char *buf,
		   size_t size);

#endif
