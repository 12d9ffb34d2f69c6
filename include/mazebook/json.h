/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* Small helpers for writing JSON with stdio: strings escaped per RFC 8259. */
#ifndef MAZEBOOK_JSON_H
#define MAZEBOOK_JSON_H

#include <stdio.h>

/* Write s as a JSON string literal, quotes included; NULL writes null. */
void mb_json_string(FILE *f, const char *s);

#endif
