#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# The core may not include third-party headers, mechanically: compiled with
# the core's include path (libmbcore_a_CPPFLAGS), a file including any of
# them fails with the no-third-party #error, even where the real header is
# in /usr/include; a core header still compiles; and the Makefile gives the
# core that path.
. "${top_srcdir:-.}/tests/helpers/tap.sh"

CC=${CC:-cc}
core_flags="-I$top_srcdir/src/no-third-party -I$top_srcdir/include -I$top_srcdir/specs"
printf '#include "mazebook/maze/maze.h"\nint main(void) { return 0; }\n' > "$TMP/ok.c"
$CC -std=c11 $core_flags -fsyntax-only "$TMP/ok.c" 2> "$TMP/ok.err"
ok $? "a core header compiles with the core's include path"
for h in cairo.h hpdf.h sodium.h yaml.h fontconfig/fontconfig.h mupdf/fitz.h librsvg/rsvg.h \
    ft2build.h zlib.h pango/pangocairo.h cairo-pdf.h; do
  printf '#include <%s>\nint main(void) { return 0; }\n' "$h" > "$TMP/bad.c"
  $CC -std=c11 $core_flags -fsyntax-only "$TMP/bad.c" 2> "$TMP/bad.err"
  check "<$h> fails to compile in the core" $? -ne 0
  grep -q "is a third-party header: the core" "$TMP/bad.err"
  ok $? "<$h>: the message says why"
done
grep -q '^libmbcore_a_CPPFLAGS = $(CORE_CPPFLAGS)' "$top_srcdir/Makefile.am" &&
  grep -q '^CORE_CPPFLAGS = -I$(top_srcdir)/src/no-third-party ' "$top_srcdir/Makefile.am"
ok $? "Makefile.am builds the core with that include path"
# no core or generator file names a third-party header at all
bad=$(grep -l -E '#include <(cairo|hpdf|sodium|yaml|fontconfig|mupdf|librsvg|pango|ft2build|zlib)' \
  "$top_srcdir"/src/base/*.c "$top_srcdir"/src/maze/*.c "$top_srcdir"/src/gen/*.c "$top_srcdir"/src/gen/*/*.c "$top_srcdir"/src/gen/*.h "$top_srcdir"/src/kdp/*.c "$top_srcdir"/src/book/*.c "$top_srcdir"/src/page/*.c "$top_srcdir"/src/sign/*.c "$top_srcdir"/src/io/*.c 2>/dev/null)
check "no core source includes one" -z "$bad"
done_testing
