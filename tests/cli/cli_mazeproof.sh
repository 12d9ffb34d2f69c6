#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# mazeproof on PDFs drawn by tests/helpers/mkmaze_pdf.py (which shares no code with
# mazebook's generators) from the text mazes in tests/data/mazeproof/, and on PDFs
# altered after they were written (tests/helpers/alter_pdf.py edits the
# page content with qpdf --qdf): every defect must fail, naming the maze.
. "$top_srcdir/tests/helpers/tap.sh"
: "${MAZEPROOF:=$(dirname "$MAZEBOOK")/mazeproof}"
MK="python3 $top_srcdir/tests/helpers/mkmaze_pdf.py"
ALTER="python3 $top_srcdir/tests/helpers/alter_pdf.py"
FIX="$top_srcdir/tests/data/mazeproof"

# --- usage and unreadable input
run "$MAZEPROOF" --help
check "--help exits 0" "$rc" -eq 0
contains "$out" "Usage: mazeproof" && contains "$out" "Exit status"
ok $? "--help shows usage and exit codes"
contains "$out" "at least max(1.5 pt, the pen width) long" && contains "$out" "--render"
ok $? "--help states the width of an opening (a pencil line) and --render"
run "$MAZEPROOF" --version
check "--version exits 0" "$rc" -eq 0
run "$MAZEPROOF"
check "no file is a usage error (2)" "$rc" -eq 2
contains "$err" "no PDF file given"; ok $? "says the file is missing"
run "$MAZEPROOF" --frobnicate x.pdf
check "an unknown option is a usage error (2)" "$rc" -eq 2
run "$MAZEPROOF" a.pdf b.pdf
check "two files is a usage error (2)" "$rc" -eq 2
run "$MAZEPROOF" "$TMP/nonexistent.pdf"
check "a missing file fails (1)" "$rc" -eq 1
contains "$err" "cannot read '$TMP/nonexistent.pdf'"; ok $? "names the missing file"
printf 'not a pdf at all\n' > "$TMP/junk.pdf"
run "$MAZEPROOF" "$TMP/junk.pdf"
check "a file that is not a PDF fails (1)" "$rc" -eq 1
contains "$err" "junk.pdf"; ok $? "names the unreadable file"
: > "$TMP/zero.pdf"
run "$MAZEPROOF" "$TMP/zero.pdf"
check "an empty file fails (1)" "$rc" -eq 1
contains "$err" "cannot read '$TMP/zero.pdf': the file is empty, not a PDF" && ! contains "$err" "cannot tell"
ok $? "says the file is empty"
run "$MAZEPROOF" "$TMP"
check "a folder fails (1)" "$rc" -eq 1
contains "$err" "'$TMP' is a folder, not a PDF file"; ok $? "says it is a folder"
run "$MAZEPROOF" "$TMP/junk.pdf"
contains "$err" "not a PDF (no %PDF header)"; ok $? "says a file without a %PDF header is not a PDF"
qpdf --empty "$TMP/empty.pdf"
run "$MAZEPROOF" "$TMP/empty.pdf"
check "a PDF with no maze fails (1)" "$rc" -eq 1
contains "$err" "no maze found"; ok $? "says no maze was found"

# --- good books, drawn several ways
$MK "$TMP/good.pdf" "$FIX/good.txt" --per-page 2 || exit 1
run "$MAZEPROOF" "$TMP/good.pdf"
check "perfect mazes pass (0)" "$rc" -eq 0
contains "$out" "maze 1, page 1: 8x5, perfect, 1 route, solution matches" &&
  contains "$out" "maze 4, page 4: 12x9, perfect, 1 route, solution matches" &&
  contains "$out" "4 mazes, 4 passed, 0 failed, 4 solution copies checked"
ok $? "one line per maze and a summary"
$MK "$TMP/good2.pdf" "$FIX/good.txt" "$FIX/good.txt" --per-page 9 --split --noise \
  --split-text --compress || exit 1
run "$MAZEPROOF" "$TMP/good2.pdf"
check "split walls, float noise, split labels, 9 copies a page pass" "$rc" -eq 0
contains "$out" "maze 8, page 8: 12x9, perfect, 1 route, solution matches" &&
  contains "$out" "8 solution copies checked"
ok $? "copies paired with their mazes by label"
$MK "$TMP/nosol.pdf" "$FIX/good.txt" --per-page 0 || exit 1
run "$MAZEPROOF" "$TMP/nosol.pdf"
check "a book without solution pages passes" "$rc" -eq 0
contains "$out" "no solution pages"; ok $? "says there are no solution pages"
run "$MAZEPROOF" --quiet "$TMP/good.pdf"
check "--quiet prints nothing when all pass" -z "$out"
run "$MAZEPROOF" --json "$TMP/good.pdf"
check "--json exits 0" "$rc" -eq 0
contains "$out" '"number": 3, "page": 3, "width": 3, "height": 7, "ok": true, "routes": 1, "solution": "matches"' &&
  contains "$out" '"passed": 4, "failed": 0'
ok $? "--json carries each maze"
contains "$out" '"grid": "3x7"' && contains "$out" '"verdict": "perfect", "reason": ""' &&
  contains "$out" '"copy_found": true' && contains "$out" '"copy_paired_by": "label"' &&
  contains "$out" '"route_length": ' && contains "$out" '"box": ['
ok $? "--json: grid, verdict, reason, route length, box, the copy and how it was paired"
run "$MAZEPROOF" --render --json "$TMP/good.pdf"
check "--render: the same book passes from its rendering" "$rc" -eq 0
contains "$out" '"judged_from": "rendering"' && ! contains "$out" '"judged_from": "lines"'
ok $? "--render judges every maze from the rendering"

$MK "$TMP/folio.pdf" "$FIX/good.txt" --per-page 2 --folio-in-label || exit 1
run "$MAZEPROOF" "$TMP/folio.pdf"
check "a label and a folio in one text span: the mazes pass" "$rc" -eq 0
contains "$out" "maze 3, page 3: 3x7, perfect, 1 route, solution matches" && ! contains "$out" "maze 35"
ok $? "the folio far along the line is not read into the label"

# walls that run off the page do not print: a MediaBox 300 pt wide cuts the mazes
qpdf --qdf --object-streams=disable "$TMP/good.pdf" "$TMP/qdf.pdf"
python3 -c 'import sys; s = open(sys.argv[1], "rb").read(); open(sys.argv[2], "wb").write(
  s.replace(b"/MediaBox [\n    0\n    0\n    432\n", b"/MediaBox [\n    0\n    0\n    300\n"))' \
  "$TMP/qdf.pdf" "$TMP/narrow-qdf.pdf"
fix-qdf "$TMP/narrow-qdf.pdf" > "$TMP/offpage.pdf"
run "$MAZEPROOF" "$TMP/offpage.pdf"
check "mazes running off the page fail" "$rc" -eq 1
contains "$out" "maze 1, page 1: 8x5, FAILED: " && contains "$out" "the printed page shows an opening at "
ok $? "the walls off the page are openings"

$MK "$TMP/nolabel.pdf" "$FIX/good.txt" --no-labels --per-page 4 || exit 1
run "$MAZEPROOF" "$TMP/nolabel.pdf"
check "without labels, mazes and copies pair by order" "$rc" -eq 0
contains "$out" "numbered in page order" && contains "$out" "4 solution copies checked"
ok $? "says the mazes were numbered by order"

# --- labels edited in place (same length, so the file stays valid)
sed 's/(Maze 2 (page 2))/(Maze 9 (page 2))/' "$TMP/good.pdf" > "$TMP/relabel.pdf"
run "$MAZEPROOF" "$TMP/relabel.pdf"
check "a solution copy labelled with an unknown maze fails" "$rc" -eq 1
contains "$out" "maze 2, page 2: 6x4, FAILED: no solution copy found" &&
  contains "$out" "page 5: solution copy of maze 9 has no maze page"
ok $? "names the orphan copy and the maze without a copy"
sed 's/(Maze 2 (page 2))/(Maze 2 (page 7))/' "$TMP/good.pdf" > "$TMP/badref.pdf"
run "$MAZEPROOF" "$TMP/badref.pdf"
check "a solution label pointing at the wrong page fails" "$rc" -eq 1
contains "$out" "maze 2, page 2: 6x4, FAILED: the label of the solution on page 5 says page 7"
ok $? "names the wrong page reference"
sed 's/(Maze 2)/(Maze 1)/' "$TMP/good.pdf" > "$TMP/dup.pdf"
run "$MAZEPROOF" "$TMP/dup.pdf"
check "two maze pages with one number fail" "$rc" -eq 1
contains "$out" "maze 1 is also on page 1"; ok $? "names the duplicate number"

sed 's/(Maze 3)/(Maze 5)/' "$TMP/nosol.pdf" > "$TMP/hole.pdf"
run "$MAZEPROOF" "$TMP/hole.pdf"
check "a hole in the maze numbers fails" "$rc" -eq 1
contains "$out" "no maze 3 found (maze numbers run from 1 to 5)"; ok $? "names the missing number"

# --- bad mazes drawn from text
$MK "$TMP/loop.pdf" "$FIX/good.txt" "$FIX/loop.txt" --per-page 4 || exit 1
run "$MAZEPROOF" "$TMP/loop.pdf"
check "a maze with a loop fails (1)" "$rc" -eq 1
contains "$out" "maze 5, page 5: 8x5, FAILED: a loop of" &&
  contains "$out" "4 passed, 1 failed"
ok $? "names the maze with the loop"
$MK "$TMP/cut.pdf" "$FIX/cutoff.txt" || exit 1
run "$MAZEPROOF" "$TMP/cut.pdf"
check "a maze with a cut-off square fails" "$rc" -eq 1
contains "$out" "maze 1, page 1: 8x5, FAILED: 38 openings for 40 squares; 1 square unreachable (first (6,3))"
ok $? "names the unreachable square"
$MK "$TMP/moved.pdf" "$FIX/exit_moved.txt" || exit 1
run "$MAZEPROOF" "$TMP/moved.pdf"
check "a maze with its exit moved fails" "$rc" -eq 1
contains "$out" "the exit is at the bottom of (3,4), not at the bottom of (7,4)"
ok $? "says where the exit is"
run "$MAZEPROOF" --any-gaps "$TMP/moved.pdf"
check "--any-gaps accepts the moved exit" "$rc" -eq 0
$MK "$TMP/wall.pdf" "$FIX/through_wall.txt" || exit 1
run "$MAZEPROOF" "$TMP/wall.pdf"
check "a solution through a wall fails" "$rc" -eq 1
contains "$out" "maze 1, page 1: 6x4, FAILED: solution on page 2: the solution crosses a wall at (2,0)-(3,0)"
ok $? "says where the solution crosses a wall"

# --- PDFs altered after they were written. The pages to alter come from
# mazeproof --json on the unaltered book, so the same checks run on a real
# interior: set MAZEPROOF_BOOK=path/to/interior.pdf to add one.
field() { # JSON-LINE KEY: the number after "KEY":
  printf '%s\n' "$1" | sed -n "s/.*\"$2\": \([0-9-]*\).*/\1/p"
}
alterations() { # BOOK NAME
  book=$1 name=$2
  run "$MAZEPROOF" --json "$book"
  check "$name: the unaltered book passes" "$rc" -eq 0
  [ "$rc" -eq 0 ] || return 0
  line1=$(printf '%s\n' "$out" | grep '"number": 1,' | head -1)
  line2=$(printf '%s\n' "$out" | grep '"number": 2,' | head -1)
  line3=$(printf '%s\n' "$out" | grep '"number": 3,' | head -1)
  p1=$(field "$line1" page) p2=$(field "$line2" page) p3=$(field "$line3" page)
  s1=$(field "$line1" solution_page) s2=$(field "$line2" solution_page)
  w1=$(field "$line1" width) h1=$(field "$line1" height)

  $ALTER remove-wall "$p2" "$book" "$TMP/alt.pdf" && run "$MAZEPROOF" "$TMP/alt.pdf"
  check "$name: a wall removed after writing fails" "$rc" -eq 1
  contains "$out" "maze 2, page $p2: " && contains "$out" "FAILED: a loop of" &&
    contains "$out" " 1 failed"
  ok $? "$name: names maze 2 and its loop"

  $ALTER add-wall "$p3" "$book" "$TMP/alt.pdf" && run "$MAZEPROOF" "$TMP/alt.pdf"
  check "$name: a wall added after writing fails" "$rc" -eq 1
  contains "$out" "maze 3, page $p3: " && contains "$out" "squares unreachable" &&
    contains "$out" " 1 failed"
  ok $? "$name: names maze 3 and its unreachable squares"

  $ALTER offgrid-wall "$p3" "$book" "$TMP/alt.pdf" && run "$MAZEPROOF" "$TMP/alt.pdf"
  check "$name: a wall added between grid lines fails" "$rc" -eq 1
  contains "$out" "maze 3, page $p3: " && contains "$out" "FAILED: a wall off the grid at (" &&
    contains "$out" " 1 failed" && ! contains "$out" "other problems"
  ok $? "$name: names maze 3 and its wall off the grid"

  $ALTER diagonal "$p2" "$book" "$TMP/alt.pdf" && run "$MAZEPROOF" "$TMP/alt.pdf"
  check "$name: a diagonal line drawn across a maze fails" "$rc" -eq 1
  contains "$out" "maze 2, page $p2: " && contains "$out" "FAILED: a diagonal line crosses the maze at (" &&
    contains "$out" " 1 failed"
  ok $? "$name: names maze 2 and the diagonal line"

  $ALTER white-box "$p2" "$book" "$TMP/alt.pdf" && run "$MAZEPROOF" "$TMP/alt.pdf"
  check "$name: a wall painted over in white after writing fails" "$rc" -eq 1
  contains "$out" "maze 2, page $p2: " &&
    contains "$out" "the printed page shows an opening at " && contains "$out" " 1 failed"
  ok $? "$name: names maze 2 and the wall the white paint opened"

  $ALTER move-exit "$p1" "$book" "$TMP/alt.pdf" && run "$MAZEPROOF" "$TMP/alt.pdf"
  check "$name: an exit moved after writing fails" "$rc" -eq 1
  contains "$out" "maze 1, page $p1: ${w1}x$h1, FAILED: the exit is at the bottom of (0,$((h1 - 1))), not at the bottom of ($((w1 - 1)),$((h1 - 1)))"
  ok $? "$name: names maze 1 and where its exit went"
  if [ "$s1" -gt 0 ]; then
    run "$MAZEPROOF" --any-gaps "$TMP/alt.pdf"
    check "$name: with --any-gaps the moved exit fails against the solution copy" "$rc" -eq 1
    contains "$out" "maze 1, page $p1: ${w1}x$h1, FAILED: solution on page $s1: the solution copy's walls differ"
    ok $? "$name: says the copy's walls differ"

    $ALTER cross-wall "$s1" "$book" "$TMP/alt.pdf" && run "$MAZEPROOF" "$TMP/alt.pdf"
    check "$name: a solution redrawn through a wall fails" "$rc" -eq 1
    contains "$out" "maze 1, page $p1: ${w1}x$h1, FAILED: solution on page $s1: the solution crosses a wall at"
    ok $? "$name: names maze 1 and where its solution crosses a wall"

    $ALTER diagonal "$s1" "$book" "$TMP/alt.pdf" && run "$MAZEPROOF" "$TMP/alt.pdf"
    check "$name: a diagonal line across a solution copy fails" "$rc" -eq 1
    contains "$out" "maze 1, page $p1: ${w1}x$h1, FAILED: solution on page $s1: a diagonal line crosses the maze at ("
    ok $? "$name: names maze 1 and the diagonal on its solution copy"

    $ALTER remove-wall "$p2" "$book" "$TMP/a1.pdf" &&
      $ALTER cross-wall "$s1" "$TMP/a1.pdf" "$TMP/alt.pdf" && run "$MAZEPROOF" --quiet "$TMP/alt.pdf"
    check "$name: two altered mazes fail" "$rc" -eq 1
    contains "$out" "maze 1, page $p1" && contains "$out" "maze 2, page $p2" &&
      ! contains "$out" "maze 3, page $p3" && contains "$out" " 2 failed"
    ok $? "$name: --quiet lists just the two failing mazes"
  fi
}
$MK "$TMP/book.pdf" "$FIX/good.txt" --per-page 2 --compress || exit 1
alterations "$TMP/book.pdf" "drawn book"
$MK "$TMP/book9.pdf" "$FIX/good.txt" "$FIX/good.txt" --per-page 9 --split --compress || exit 1
alterations "$TMP/book9.pdf" "split walls, 9 copies a page"
# and the real thing: interiors written by `mazebook build` (libharu), in
# English and in German, small and large grids
if [ -x "${MAZEBOOK:-}" ]; then
  MAZEBOOK_KEY_DIR="$TMP/keys"
  export MAZEBOOK_KEY_DIR
  for level in easy expert; do
    # a seed each: one seed would give both books the same title-page maze,
    # which the catalogue refuses as a repeat
    printf 'title: "Proof %s"\nauthor: "T"\nlevel: %s\nmazes: 18\nsolutions: 2\nlanguage: %s\nseed: %s\n' \
      "$level" "$level" "$([ $level = easy ] && echo de || echo en)" \
      "$([ $level = easy ] && echo 1 || echo 2)" > "$TMP/$level.yaml"
    if "$MAZEBOOK" build -q "$TMP/$level.yaml" -o "$TMP/real-$level" >/dev/null 2>&1; then
      run "$MAZEPROOF" --render --json "$TMP/real-$level/interior.pdf"
      check "mazebook $level book: judged from its rendering too, it passes" "$rc" -eq 0
      alterations "$TMP/real-$level/interior.pdf" "mazebook $level book"
    else
      ok 1 "mazebook builds the $level book for mazeproof"
    fi
  done
fi
if [ -n "${MAZEPROOF_BOOK:-}" ]; then
  alterations "$MAZEPROOF_BOOK" "$(basename "$MAZEPROOF_BOOK")"
fi

done_testing
