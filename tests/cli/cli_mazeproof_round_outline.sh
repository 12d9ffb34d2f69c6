#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# mazeproof on hexagonal and triangular mazes whose walls are filled
# outlines, not strokes (issue 30, class 8): the whole wall network as one
# path with the cells as holes (mitred joins, square ends; even-odd and
# nonzero), a polygon per wall, and "strokepath fill" per wall or per run
# of walls, drawn by rsvg-convert from hand-written SVG, matplotlib
# patches and Ghostscript from hand-written PostScript. Hexagons
# pointy-top and flat-top in a rectangle and a hexagon, triangles in a big
# triangle and a rectangle; each perfect and with each flaw (a loop,
# cut-off cells, a closed entrance, an extra rim gap, a wall painted over,
# a solution through a wall), read as their stroked versions are. Turned
# inside the page they are read by no reader and must be reported, alone
# and beside a stroked maze that passes. tests/data/mazeproof/mkoutline_round.py
# draws them (from mkround.py's generator) and wrote expected.txt from the
# flaw each was drawn with; the PDFs are checked in.
. "$top_srcdir/tests/helpers/tap.sh"
. "$top_srcdir/tests/helpers/mazeproof_verdict.sh"
DIR="$top_srcdir/tests/data/mazeproof/round-outline"

# every verdict twice: as read (outline mazes are always rendered too), and --render
for mode in lines --render; do
n=0
while IFS="$TAB" read -r file want phrase; do
  case "$file" in '#'*|'') continue ;; esac
  n=$((n + 1))
  prove "$mode" "$DIR/$file"
  # a flawed file names the maze it fails; a drawing not read, its page and place
  [ "$rc" -eq "$want" ] && says_one_of "$phrase" && names_its_fault "$want" "$phrase"
  ok $? "$file ($mode): exit $want, says '$phrase'" || show_run
done < "$DIR/expected.txt"
done
check "the outline corpus has at least 60 files" "$n" -ge 60
for prod in svg mpl gs; do
  check "$prod: hexagons and triangles, perfect and flawed" \
    "$(grep -c "^$prod-[a-z-]*hex-.*	0	" "$DIR/expected.txt")" -ge 2 -a \
    "$(grep -c "^$prod-[a-z-]*delta-.*	0	" "$DIR/expected.txt")" -ge 1 -a \
    "$(grep -c "^$prod-.*	1	" "$DIR/expected.txt")" -ge 8
done

# the walls really are fills: no stroked black line in the maze page
if command -v mutool >/dev/null 2>&1; then
  for f in svg-hex-rect-perfect mpl-hex-rect-flat-loop gs-runs-delta-triangle-perfect; do
    mutool trace "$DIR/$f.pdf" 1 > "$TMP/trace" 2>/dev/null
    check "$f: walls drawn as fills, no stroke" \
      "$(grep -c '<stroke_path' "$TMP/trace")" -eq 0 -a "$(grep -c '<fill_path' "$TMP/trace")" -ge 1
  done
else
  for k in 1 2 3; do skip "mutool not installed (apt-get install mupdf-tools)"; done
fi

# what a verdict says: the grid named, judged from the rendering as every outline maze is
run "$MAZEPROOF" --json "$DIR/svg-hex-rect-perfect.pdf"
contains "$out" '"grid": "hex 12x13"' && contains "$out" '"verdict": "perfect"' &&
  contains "$out" '"judged_from": "rendering"' && contains "$out" '"copy_found": true'
ok $? "a hexagon maze of one outline with holes in --json: its grid, perfect, rendered, its copy"
run "$MAZEPROOF" "$DIR/svg-hex-hexagon-flat-perfect.pdf"
contains "$out" "page 1: hex " && ! contains "$out" "delta"
ok $? "flat-top hexagons drawn as outlines are read as hexagons, not triangles"
run "$MAZEPROOF" "$DIR/gs-runs-delta-triangle-perfect.pdf"
contains "$out" "page 1: delta triangle 10 rows, perfect, 1 route, solution matches"
ok $? "a triangle maze of runs through strokepath: read as a big triangle"
# an outline maze turned beside a stroked one that passes: once skipped in silence, exit 0
run "$MAZEPROOF" --json "$DIR/svg-beside-stroked-turned.pdf"
check "a turned outline maze beside a passing one fails the run" "$rc" -eq 1
contains "$out" '"errors": ["page 1: a drawing of ' && contains "$out" 'looks like a maze but was not read'
ok $? "and --json lists it under errors with its page"

done_testing
