/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Found first on the core's include path (libmbcore_a_CPPFLAGS in
 * Makefile.am) so that a core file including <librsvg/rsvg.h> fails to build: the
 * core links libc and libm only, third-party headers belong in
 * src/backend/ (and MuPDF's in src/mazeproof/).
 */
#error "<librsvg/rsvg.h> is a third-party header: the core (src/base, maze, gen, kdp, book, page, sign) and io may not include it; move the code to src/backend/"
