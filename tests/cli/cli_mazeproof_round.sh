#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# mazeproof on circular (polar), hexagonal and triangular mazes drawn by other programs
# (pycairo and reportlab, from tests/data/mazeproof/mkround.py's own generator, which shares
# nothing with mazebook's): each perfect, and with each flaw (a loop, a cut-off
# region, a closed entrance, an extra rim gap, a wall arc removed, a radial
# wall added, a wrong solution), for polar mazes with the exit in the centre
# and with two rim gaps, for hexagons in a rectangle and in a hexagon, with
# vertical sides and turned (flat-top), and for triangles (delta) in a big
# triangle and in a rectangle of ragged rows, and hexagons and triangles in a
# heart (a non-convex outline, a mask over the cells, perfect and flawed: the
# cells are the positions its outer wall encloses). mkround.py wrote expected.txt from
# the flaw each was drawn with; the PDFs are checked in.
. "$top_srcdir/tests/helpers/tap.sh"
. "$top_srcdir/tests/helpers/mazeproof_verdict.sh"
DIR="$top_srcdir/tests/data/mazeproof/round"

# every verdict twice: judged from the lines where they suffice, and --render (always from ink)
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
check "the round corpus has at least 55 files" "$n" -ge 55
check "ten of them drawn by reportlab, the rest by pycairo" \
  "$(grep -c '^reportlab-' "$DIR/expected.txt")" -ge 10
check "polar and hex mazes, perfect and flawed" \
  "$(grep -c '^polar-.*	1	' "$DIR/expected.txt")" -ge 10 -a \
  "$(grep -c '^hex-.*	1	' "$DIR/expected.txt")" -ge 16
check "triangular (delta) mazes, perfect and flawed, by both programs" \
  "$(grep -c '^delta-.*	1	' "$DIR/expected.txt")" -ge 12 -a \
  "$(grep -c '^reportlab-delta-' "$DIR/expected.txt")" -ge 4
check "hexagons and triangles in a heart, perfect and flawed" \
  "$(grep -c '^hex-heart-.*	1	' "$DIR/expected.txt")" -ge 4 -a \
  "$(grep -c '^delta-heart-.*	1	' "$DIR/expected.txt")" -ge 4 -a \
  "$(grep -c '^[a-z]*-heart-perfect.*	0	' "$DIR/expected.txt")" -eq 2

# the arc walls really are curves in the PDF, the hexagon sides slanted lines
if command -v mutool >/dev/null 2>&1; then
  mutool trace "$DIR/polar-perfect-centre.pdf" 1 > "$TMP/trace" 2>/dev/null
  check "the polar maze's walls are drawn with curves" "$(grep -c '<curveto' "$TMP/trace")" -ge 50
else
  skip "mutool not installed (apt-get install mupdf-tools)"
fi

# verdict lines and JSON as for square mazes, the grid named
run "$MAZEPROOF" "$DIR/polar-perfect-centre.pdf"
contains "$out" "maze 13, page 1: polar 7 rings, perfect, 1 route, solution matches"
ok $? "a polar maze: its verdict line names the rings"
run "$MAZEPROOF" --json "$DIR/hex-rect-perfect.pdf"
contains "$out" '"grid": "hex 12x13"' && contains "$out" '"verdict": "perfect"' &&
  contains "$out" '"judged_from": "lines"' && contains "$out" '"copy_found": true' &&
  contains "$out" '"rendered": 0'
ok $? "a hex maze in --json: its grid, verdict, judged from its lines, its copy found"
run "$MAZEPROOF" --json --render "$DIR/hex-rect-perfect.pdf"
contains "$out" '"verdict": "perfect"' && contains "$out" '"judged_from": "rendering"' &&
  contains "$out" '"rendered": 2'
ok $? "--render: the hex maze and its copy judged from the rendering"
run "$MAZEPROOF" --json "$DIR/polar-loop-centre.pdf"
contains "$out" '"grid": "polar 7 rings"' && contains "$out" '"verdict": "failed"' &&
  contains "$out" '"width": 0, "height": 0' && contains "$out" '"cells": 187' &&
  contains "$out" '"reason": "a loop of'
ok $? "a failed polar maze in --json says why"

# triangles: told from flat-top hexagons (the same three directions), the outline named
run "$MAZEPROOF" "$DIR/delta-triangle-perfect.pdf"
contains "$out" "maze 52, page 1: delta triangle 10 rows, perfect, 1 route, solution matches"
ok $? "a big triangle of triangles: its verdict line names it"
run "$MAZEPROOF" --json "$DIR/delta-rect-perfect.pdf"
contains "$out" '"grid": "delta 15x8"' && contains "$out" '"cells": 120' &&
  contains "$out" '"judged_from": "lines"' && contains "$out" '"copy_found": true'
ok $? "a rectangle of triangles in --json: 15 in each of 8 rows, its copy found"
# a drawing not read is listed in --json too, with its page and place, and fails the run
run "$MAZEPROOF" --json "$DIR/delta-turned-15-loop.pdf"
check "a turned triangle maze nothing reads: exit 1 in --json" "$rc" -eq 1
contains "$out" '"errors": ["page 1: a drawing of ' && contains "$out" 'looks like a maze but was not read'
ok $? "and --json lists it under errors with its page"
# The title page of examples/triangles.yaml: a 6-row triangle drawn as
# runs, one line along its base. Once skipped in silence (too few lines in
# that direction), then reported as not read; now proven.
run "$MAZEPROOF" "$top_srcdir/tests/data/mazeproof/delta-title-triangle-runs.pdf"
check "a small triangle title maze drawn as runs: exit 0" "$rc" -eq 0
contains "$out" "page 1: delta triangle 6 rows, perfect, 1 route"
ok $? "and it is proven, not skipped"
# A title page's 9x6 triangle maze (mazebook's, seed 12 of the starter as a
# delta book) whose entrance and exit are both at its left end: the walls of
# that end column are a drawing of their own, half a side from the rest.
# They were left out, and the maze read as 6x6 with one rim gap.
run "$MAZEPROOF" "$top_srcdir/tests/data/mazeproof/delta-title-column-apart.pdf"
check "a triangle maze whose end column's walls stand apart: exit 0" "$rc" -eq 0
contains "$out" "page 1: delta 9x6, perfect, 1 route"
ok $? "and it is read whole, the column with it (9x6, not 6x6)"

# what the lines say, and when the rendering must say it instead
run "$MAZEPROOF" --json "$DIR/polar-perfect-centre.pdf"
contains "$out" '"verdict": "perfect"' && contains "$out" '"rendered": 0' &&
  ! contains "$out" '"judged_from": "rendering"'
ok $? "a clean polar maze and its copy are proven from their lines (nothing rendered)"
run "$MAZEPROOF" --json "$DIR/polar-arc-removed-centre.pdf"
check "a polar maze with an arc wall removed fails from its lines" "$rc" -eq 1
contains "$out" '"rendered": 0' && contains "$out" '"reason": "a loop of'
ok $? "and says it has a loop, nothing rendered"
run "$MAZEPROOF" --json "$DIR/polar-painted-centre.pdf"
contains "$out" '"judged_from": "rendering"' && contains "$out" '"reason": "a loop of'
ok $? "a wall painted over in white: the maze is rendered and the opening caught"
run "$MAZEPROOF" --json "$DIR/hex-rect-blot.pdf"
contains "$out" '"judged_from": "rendering"' && contains "$out" 'ink across the corridor'
ok $? "a black blot across a hex corridor: rendered and caught"
if qpdf --version >/dev/null 2>&1 && command -v fix-qdf >/dev/null 2>&1; then
  # a black stroke across a corridor, added after the maze (its page is y-down: cairo's cm)
  qpdf --qdf --object-streams=disable "$DIR/polar-perfect-centre.pdf" "$TMP/q.pdf"
  for stroke in "230 300 m 262 311 l" "216 320 m 216 300 l"; do
    awk -v s="0 0 0 RG 0.75 w $stroke S" '
      /^endstream/ && !done { print s; done = 1 } { print }' "$TMP/q.pdf" > "$TMP/q2.pdf"
    fix-qdf "$TMP/q2.pdf" > "$TMP/stroke.pdf"
    run "$MAZEPROOF" --json "$TMP/stroke.pdf"
    check "a black stroke $stroke across a polar corridor fails" "$rc" -eq 1
    contains "$out" '"judged_from": "rendering"'
    ok $? "and the lines alone are not trusted: the maze is rendered"
  done
else
  for k in 1 2 3 4; do skip "qpdf or fix-qdf not installed"; done
fi
run "$MAZEPROOF" "$DIR/hex-hexagon-perfect-flat.pdf"
contains "$out" "hex " && ! contains "$out" "delta"
ok $? "flat-top hexagons are still read as hexagons, not triangles"
run "$MAZEPROOF" "$DIR/delta-triangle-wrong-solution.pdf"
contains "$out" "the solution crosses a wall between triangle "
ok $? "a delta cell is named by its triangle and row"

if qpdf --version >/dev/null 2>&1; then
  # page 1 only: the maze without its solution page, proved on its own
  qpdf "$DIR/polar-perfect-centre.pdf" --pages . 1 -- "$TMP/one.pdf"
  run "$MAZEPROOF" "$TMP/one.pdf"
  check "the maze page alone passes (no solution pages)" "$rc" -eq 0
  contains "$out" "polar 7 rings, perfect, 1 route, no solution pages"
  ok $? "and says there are no solution pages"
  # the solution page of another maze: walls differ
  qpdf --empty --pages "$DIR/polar-perfect-centre.pdf" 1 "$DIR/polar-loop-centre.pdf" 2 -- "$TMP/mixed.pdf"
  run "$MAZEPROOF" "$TMP/mixed.pdf"
  check "a solution page of another maze fails" "$rc" -eq 1
  # a copy with no label whose maze is not in the book
  qpdf --empty --pages "$DIR/polar-perfect-centre.pdf" 1 "$DIR/polar-unlabelled-copy.pdf" 2 -- "$TMP/orphan.pdf"
  run "$MAZEPROOF" "$TMP/orphan.pdf"
  check "an unlabelled polar copy that matches no maze fails" "$rc" -eq 1
  contains "$out" "page 2: a polar 6 rings solution copy with no readable label matches no maze's walls"
  ok $? "and says it matches no maze's walls"
else
  for k in 1 2 3 4 5; do skip "qpdf not installed"; done
fi

done_testing
