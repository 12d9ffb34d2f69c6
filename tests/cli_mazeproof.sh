#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# mazeproof on PDFs drawn by tests/mkmaze_pdf.py (which shares no code with
# mazebook's generators) from the text mazes in tests/mazeproof/, and on PDFs
# altered after they were written (tests/mazeproof/alter_pdf.py edits the
# page content with qpdf --qdf): every defect must fail, naming the maze.
. "$top_srcdir/tests/tap.sh"
: "${MAZEPROOF:=$(dirname "$MAZEBOOK")/mazeproof}"
MK="python3 $top_srcdir/tests/mkmaze_pdf.py"
ALTER="python3 $top_srcdir/tests/mazeproof/alter_pdf.py"
FIX="$top_srcdir/tests/mazeproof"

# --- usage and unreadable input
run "$MAZEPROOF" --help
check "--help exits 0" "$rc" -eq 0
contains "$out" "Usage: mazeproof" && contains "$out" "Exit status"
ok $? "--help shows usage and exit codes"
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

# --- PDFs altered after they were written
$MK "$TMP/book.pdf" "$FIX/good.txt" --per-page 2 --compress || exit 1
alter() { # OP PAGE: alter book.pdf, run mazeproof on the result
  $ALTER "$1" "$2" "$TMP/book.pdf" "$TMP/alt.pdf" || return 1
  run "$MAZEPROOF" "$TMP/alt.pdf"
}
alter remove-wall 2
check "a wall removed after writing fails" "$rc" -eq 1
contains "$out" "maze 2, page 2: 6x4, FAILED: a loop of" && contains "$out" "3 passed, 1 failed"
ok $? "names maze 2 and its loop"
alter add-wall 3
check "a wall added after writing fails" "$rc" -eq 1
contains "$out" "maze 3, page 3: 3x7, FAILED:" && contains "$out" "squares unreachable"
ok $? "names maze 3 and its unreachable squares"
alter move-exit 4
check "an exit moved after writing fails" "$rc" -eq 1
contains "$out" "maze 4, page 4: 12x9, FAILED: the exit is at the bottom of (0,8)"
ok $? "names maze 4 and its moved exit"
run "$MAZEPROOF" --any-gaps "$TMP/alt.pdf"
check "with --any-gaps the moved exit still fails against its solution copy" "$rc" -eq 1
contains "$out" "maze 4, page 4: 12x9, FAILED: solution on page 6: the solution copy's walls differ"
ok $? "says the copy's walls differ"
alter cross-wall 6
check "a solution redrawn through a wall fails" "$rc" -eq 1
contains "$out" "maze 3, page 3: 3x7, FAILED: solution on page 6: the solution crosses a wall"
ok $? "names maze 3 and the crossing"
$ALTER remove-wall 2 "$TMP/book.pdf" "$TMP/a1.pdf" && $ALTER cross-wall 5 "$TMP/a1.pdf" "$TMP/alt.pdf"
run "$MAZEPROOF" --quiet "$TMP/alt.pdf"
check "two altered mazes fail" "$rc" -eq 1
contains "$out" "maze 1, page 1" && contains "$out" "maze 2, page 2" &&
  ! contains "$out" "maze 3, page 3" && contains "$out" "2 failed"
ok $? "--quiet lists just the failing mazes"

done_testing
