/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The spec's schema: which keys a book spec has, where, what type and
 * range each value takes, the defaults, the did-you-mean for a key or a
 * name mistyped, sections and editions. Fed only by events
 * (spec_event.h), so it knows no file format: the YAML backend makes the
 * events from book.yaml, the schema's fuzzer and unit suite make their
 * own.
 */
#ifndef MAZEBOOK_SCHEMA_H
#define MAZEBOOK_SCHEMA_H

#include <stdbool.h>

#include "mazebook/book/spec.h"
#include "mazebook/book/spec_event.h"

/*
 * Read a spec from src's events, as mb_spec_parse says (spec.h): spec
 * need not be initialised; on success it owns its strings
 * (mb_spec_release), on failure it is left zeroed and err holds the
 * first problem, the source's or the schema's, at name:line:column.
 * name is used in messages and its folder as base_dir.
 */
enum mb_status mb_schema_read(const char *name, struct mb_event_source *src,
			      struct mb_book_spec *spec, struct mb_error *err);

/* Is name a key of any mapping of the spec ("title", "back", "volumes")? */
bool mb_schema_known_key(const char *name);

#endif
