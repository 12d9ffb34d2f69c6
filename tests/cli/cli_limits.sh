#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# `mazebook build` at the edges of what prints well: a grid too fine for
# its page is refused before any maze is made, with what to change; a
# grid too fine for the cover's cards still builds; the hard example's
# spine text keeps KDP's 0.0625 in plus a 1/72 in allowance from each
# fold, measured with poppler's pdftotext -bbox; a landscape book builds.
. "${top_srcdir:-.}/tests/helpers/tap.sh"

MAZEBOOK_KEY_DIR="$TMP/keys"
export MAZEBOOK_KEY_DIR

spec() { # NAME TRIM SOLUTIONS GRID LEVEL MAZES
  {
    printf 'title: "Edge %s"\nauthor: "T"\nlevel: %s\nmazes: %s\n' "$1" "$5" "$6"
    printf 'trim: %s\nsolutions: %s\n' "$2" "$3"
    [ -n "$4" ] && printf 'grid: %s\n' "$4"
    printf 'seed: %s\n' "$(printf '%s' "$1" | cksum | cut -d' ' -f1)"	# a book's own
  } > "$TMP/$1.yaml"
}

# the audit's book: 9 solutions of 60x80 on 5x8 made 0.44 pt routes
spec audit 5x8 9 60x80 expert 30
run "$MAZEBOOK" build "$TMP/audit.yaml" -o "$TMP/audit"
check "60x80, 9 per page on 5x8: exit 1" "$rc" -eq 1
contains "$err" "9 solutions per page of a 60x80 grid are too small to read on a 5 x 8 in page: their squares would be 0.52 mm, and a solution needs at least 1.41 mm so its route shows clear of the walls: 'solutions: 1' fits (1.74 mm squares)"
ok $? "60x80, 9 per page on 5x8: says what to change"
check "60x80, 9 per page on 5x8: nothing written" ! -e "$TMP/audit"

# 200x200 was blamed on the back text; its maze pages cannot hold it
spec huge 8.5x11 4 200x200 easy 30
run "$MAZEBOOK" build "$TMP/huge.yaml" -o "$TMP/huge"
contains "$err" "grid 200x200 is too fine for an 8.5 x 11 in page: a maze's squares would be"
ok $(( $? + (rc != 1) )) "200x200: refused for the maze pages, not the back text"

# fine enough for the pages, too fine for the cover's cards: builds, passes preflight
spec fine 8.5x11 1 100x120 expert 30
run "$MAZEBOOK" build -q "$TMP/fine.yaml" -o "$TMP/fine"
ok $rc "100x120 on 8.5x11, 1 per page: builds"

# a landscape book
spec wide 8.25x6 4 "" medium 60
run "$MAZEBOOK" build -q "$TMP/wide.yaml" -o "$TMP/wide"
ok $rc "8.25x6 landscape: builds"

# the hard example's spine (132 pages with the front and back matter, 0.2973 in): text,
# 0.0764 in from each fold
run "$MAZEBOOK" build -q "$top_srcdir/examples/hard.yaml" -o "$TMP/hard"
ok $rc "hard example: builds"
clear=$(pdftotext -bbox "$TMP/hard/cover.pdf" - 2>/dev/null | python3 -c '
import re, sys
x0 = 72 * (0.125 + 8.5); x1 = x0 + 72 * 132 * 0.002252
least, n = 1e9, 0
for m in re.finditer(r"<word xMin=\"([\d.]+)\" yMin=\"[\d.]+\" xMax=\"([\d.]+)\"", sys.stdin.read()):
    a, b = float(m.group(1)), float(m.group(2))
    if x0 <= (a + b) / 2 <= x1:
        n += 1
        least = min(least, a - x0, x1 - b)
print(n, "%.4f" % (least / 72))')
words=${clear% *}; least=${clear#* }
check "hard example: spine text present ($words words)" "$words" -ge 2
python3 -c 'import sys; sys.exit(0 if float(sys.argv[1]) >= 0.0625 + 1/72 - 0.0002 else 1)' "$least"
ok $? "hard example: spine text $least in from a fold, at least 0.0764 in"

done_testing
