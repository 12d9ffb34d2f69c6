#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# Circular (polar), hexagonal and triangular (delta) mazes as mazebook draws
# them (maze_draw into a drawing list, draw_cairo onto a PDF; the mazes
# carved by a spanning tree in tests/lattice_fixture.h): mazeproof, which
# shares no code with the drawing, reads each print back and must find it
# perfect with its solution matching; the same print with one wall left out
# must fail.
. "$top_srcdir/tests/tap.sh"
: "${MAZEPROOF:=$(dirname "$MAZEBOOK")/mazeproof}"
GRIDPDF="$(dirname "$MAZEBOOK")/tests/maze_grid_pdf"

for spec in "polar 16 3" "polar 7 11" "hex 12x13 5" "hex-hexagon 6 9" \
	    "delta 15x8 4" "delta-triangle 10 2"; do
  set -- $spec
  name="$1-$2"
  "$GRIDPDF" "$1" "$2" "$3" "$TMP/$name.pdf"
  ok $? "$name: drawn" || continue
  run "$MAZEPROOF" "$TMP/$name.pdf"
  [ "$rc" -eq 0 ] && contains "$out" "perfect, 1 route, solution matches"
  ok $? "$name: mazeproof finds it perfect and its solution right" ||
    printf '%s\n%s\n' "$out" "$err" | sed 's/^/# /'
  # one wall op turned into a move: a loop (or a hole in the rim) in the print
  for drop in 7 23; do
    "$GRIDPDF" "$1" "$2" "$3" "$TMP/$name-drop.pdf" "$drop"
    run "$MAZEPROOF" "$TMP/$name-drop.pdf"
    [ "$rc" -ne 0 ] && contains "$out" "FAILED"
    ok $? "$name without wall op $drop: mazeproof fails it" ||
      printf '%s\n%s\n' "$out" "$err" | sed 's/^/# /'
  done
done
done_testing
