#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# mazeproof on maze PDFs drawn by eight programs that are not mazebook
# (reportlab, cairo, matplotlib, TikZ, rsvg-convert, WeasyPrint,
# Ghostscript, Inkscape), in every drawing style it reads, each perfect and
# with each flaw it must catch; the *-outline-* files draw every wall and
# the rim as filled outlines only (Inkscape's Stroke to Path, polygons with
# holes, bevelled and round-ended polygons), no stroked line, no rectangle,
# except the *-outline-mixed-* ones (a stroked rim, inner walls as
# polygons). tests/data/mazeproof/corpus/mkcorpus.py drew them and wrote
# expected.txt from the flaw each was drawn with; the PDFs are checked in
# (CI has none of those programs). Each file is judged twice: as mazeproof
# runs (lines where they are exact, the rendering elsewhere) and with
# --render (every maze from its rendering): both must give the verdict.
. "$top_srcdir/tests/helpers/tap.sh"
. "$top_srcdir/tests/helpers/mazeproof_verdict.sh"
DIR="$top_srcdir/tests/data/mazeproof/corpus"

n=0
while IFS="$TAB" read -r file want phrase; do
  case "$file" in '#'*|'') continue ;; esac
  n=$((n + 1))
  for mode in lines render; do
    prove "$mode" "$DIR/$file"
    [ "$rc" -eq "$want" ] && says_one_of "$phrase"
    ok $? "$file ($mode): exit $want, says '$phrase'" || show_run
  done
done < "$DIR/expected.txt"
check "the corpus has files from eight producers" \
  "$(sed -n 's/^\([a-z]*\)-.*/\1/p' "$DIR/expected.txt" | sort -u | wc -l)" -eq 8
check "the corpus has at least 150 files" "$n" -ge 150
check "four producers draw mazes as filled outlines only" \
  "$(sed -n 's/^\([a-z]*\)-outline-.*/\1/p' "$DIR/expected.txt" | sort -u | wc -l)" -eq 4

# the outline files really have no wall mazeproof could read as a line: no
# stroke at all on a maze page, only filled outlines
if command -v mutool >/dev/null 2>&1; then
  for f in inkscape-outline-loop-ink-square cairo-outline-cutoff-roundrun \
           reportlab-outline-extra-gap-bevel matplotlib-outline-painted-bevel; do
    mutool trace "$DIR/$f.pdf" > "$TMP/trace" 2>/dev/null
    strokes=$(grep -c '<stroke_path' "$TMP/trace")
    fills=$(grep -c '<fill_path' "$TMP/trace")
    check "$f: $fills filled outlines and no stroked line" "$strokes" -eq 0 -a "$fills" -ge 1
  done
else
  skip "mutool not installed (apt-get install mupdf-tools)"
fi
# where the walls of an outline maze come from: its outlines, judged by the rendering
run "$MAZEPROOF" --json "$DIR/inkscape-outline-perfect-ink-square.pdf"
contains "$out" '"judged_from": "rendering"' && contains "$out" '"verdict": "perfect"'
ok $? "Inkscape's Stroke to Path maze: read from its outlines, judged from the rendering"
# one outline maze turned with /Rotate: the outlines turn with the page
qpdf --rotate=+90 "$DIR/cairo-outline-perfect-union.pdf" "$TMP/rot-outline.pdf"
run "$MAZEPROOF" --any-gaps "$TMP/rot-outline.pdf"
check "an outline maze on pages turned by /Rotate 90 passes (--any-gaps)" "$rc" -eq 0

# the ones mazeproof must judge from the rendering, not the lines
for f in cairo-painted-round reportlab-white-stroke-rects tikz-crack-lines rsvg-clipped-rim-square; do
  run "$MAZEPROOF" --json "$DIR/$f.pdf"
  contains "$out" '"judged_from": "rendering"'
  ok $? "$f: judged from the rendering"
done
run "$MAZEPROOF" --json "$DIR/reportlab-perfect-lines-solid.pdf"
contains "$out" '"judged_from": "lines"' && contains "$out" '"copy_paired_by": "label"'
ok $? "plain black lines: judged from the lines alone (the fast path)"
run "$MAZEPROOF" --json "$DIR/cairo-unlabelled-copies-dashed.pdf"
contains "$out" '"copy_paired_by": "walls"' && contains "$out" '"copy_found": true'
ok $? "an unlabelled copy: paired by its walls"


# pages turned with /Rotate: the mazes turn too (so their gaps are elsewhere:
# --any-gaps), the rendering turns with the lines
qpdf --rotate=+90 "$DIR/reportlab-perfect-lines-solid.pdf" "$TMP/rot.pdf"
run "$MAZEPROOF" --any-gaps "$TMP/rot.pdf"
check "a book turned by /Rotate 90 passes (--any-gaps)" "$rc" -eq 0
run "$MAZEPROOF" --any-gaps --render "$TMP/rot.pdf"
check "and judged from its rendering too" "$rc" -eq 0
qpdf --rotate=+90 "$DIR/cairo-painted-round.pdf" "$TMP/rot.pdf"
run "$MAZEPROOF" --any-gaps "$TMP/rot.pdf"
check "a wall painted over on a page turned by /Rotate fails" "$rc" -eq 1
contains "$out" "the printed page shows an opening at "
ok $? "and names the opening"

# Square mazes in two pens drawn as straight runs (tests/data/mazeproof/mkheavy.py,
# pycairo): a 3 pt rim, 1.2 pt inner walls, the copy's route under the walls
# with round caps. Seed 9's gaps cut two rim sides off as an L of the heavy
# pen that reaches past the inner walls' box: it was read as 3x4 with four
# rim gaps. Judged from the lines and from the rendering.
HEAVY="$top_srcdir/tests/data/mazeproof/heavy"
while IFS="$TAB" read -r file want phrase; do
  case "$file" in '#'*|'') continue ;; esac
  for mode in lines --render; do
    prove "$mode" "$HEAVY/$file"
    [ "$rc" -eq "$want" ] && says_one_of "$phrase"
    ok $? "$file ($mode): exit $want, says '$phrase'" || show_run
  done
done < "$HEAVY/expected.txt"
check "the heavy-rim set has 12 files" "$(grep -c '\.pdf' "$HEAVY/expected.txt")" -eq 12

# a copy without a label whose maze is not in the book
qpdf "$DIR/cairo-unlabelled-copies-dashed.pdf" --pages . 1,3 -- "$TMP/orphan.pdf"
run "$MAZEPROOF" "$TMP/orphan.pdf"
check "an unlabelled copy that matches no maze fails" "$rc" -eq 1
contains "$out" "page 2: a 9x7 solution copy with no readable label matches no maze's walls"
ok $? "and says it matches no maze"

done_testing
