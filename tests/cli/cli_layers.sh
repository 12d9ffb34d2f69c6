#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# The layers are enforced (tests/helpers/layers.py): the tree as it is passes; a
# copy of it with one planted fault fails, naming the file and the fault:
# a third-party header in a maze file (one no #error shim knows), a shimmed
# one, a page file including a command's header, a maze header including a
# book header, mazeproof including a mazebook header, and a header left
# outside the layers' folders.
. "$top_srcdir/tests/helpers/tap.sh"

CC=${CC:-cc}
layers() {
  run /usr/bin/python3 "$top_srcdir/tests/helpers/layers.py" "$1" "$CC" \
    -I"$1/src/no-third-party" -I"$1/include" -I"$1/specs" -DMB_SRCDIR='"."'
}
layers "$top_srcdir"
ok $rc "the tree keeps its layers"

# a copy of the sources to plant faults in, one at a time
copy() {
  { [ ! -d "$TMP/tree" ] || chmod -R u+w "$TMP/tree"; } && rm -rf "$TMP/tree" &&
    mkdir "$TMP/tree" &&
    cp -R "$top_srcdir/src" "$top_srcdir/include" "$top_srcdir/specs" "$TMP/tree/" &&
    chmod -R u+w "$TMP/tree"  # a distcheck's sources are read-only
}
plant() { # FILE LINE: put LINE after FILE's first #include
  awk -v add="$2" '!done && /^#include/ { print; print add; done = 1; next } { print }' \
    "$TMP/tree/$1" > "$TMP/planted" && mv "$TMP/planted" "$TMP/tree/$1"
}
maze_file=src/maze/maze.c
page_file=src/page/pages.c
cmd_header=mazebook/cmd/command.h
book_header=mazebook/book/spec.h
maze_header=mazebook/maze/grid.h

copy && plant $maze_file '#include <sqlite3.h>'
layers "$TMP/tree"
check "a maze file including <sqlite3.h> fails" $rc -ne 0
echo "$out" | grep -q "^$maze_file: depends on /usr/include/sqlite3.h (libsqlite3-dev.*third-party code belongs in a backend folder"
ok $? "it names the file, the header and its package"
echo "$out" | sed 's/^/# /'

copy && plant $maze_file '#include <cairo.h>'
layers "$TMP/tree"
check "a maze file including <cairo.h> (a shimmed header) fails" $rc -ne 0
echo "$out" | grep -q "^$maze_file: does not compile.*third-party header"
ok $? "it says the file does not compile with the core's include path"

copy && plant $page_file "#include \"$cmd_header\""
layers "$TMP/tree"
check "a page file including a command header fails" $rc -ne 0
echo "$out" | grep -q "^$page_file:[0-9]*: page (rank 4) includes $cmd_header of cmd (rank 7): a layer may include only its own rank or lower"
ok $? "it names the file, the line, both layers and the rule"
echo "$out" | sed 's/^/# /'

copy && plant "include/$maze_header" "#include \"$book_header\""
layers "$TMP/tree"
check "a maze header including a book header fails" $rc -ne 0
echo "$out" | grep -q "^include/$maze_header:[0-9]*: maze (rank 1) includes $book_header of book (rank 3)"
ok $? "headers are held to their layer too"

copy && plant src/mazeproof/mazeproof.c "#include \"$maze_header\""
layers "$TMP/tree"
check "mazeproof including a mazebook header fails" $rc -ne 0
echo "$out" | grep -q "^src/mazeproof/mazeproof.c:[0-9]*: mazeproof includes $maze_header.*it may use only src/mazeproof and src/pdf"
ok $? "it says mazeproof shares no code"
copy && cp "$TMP/tree/include/$maze_header" "$TMP/tree/include/mazebook/stray.h"
layers "$TMP/tree"
check "a header outside the layers' folders fails" $rc -ne 0
echo "$out" | grep -q "^include/mazebook/stray.h: not in a layer's folder: move it to include/mazebook/<layer>/"
ok $? "it says where the header belongs"
done_testing
