#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# Books of hexagonal and triangular mazes (issue 16 §4): the spec's grid
# kinds and their errors at their place, a book of hexagons and one of
# sections of several kinds built and proven by mazeproof (which must fail
# once a wall of a hexagon maze is removed), the manifest naming each
# maze's grid, kind and cells, and a book of circles with its how-to-play
# page saying the goal is the centre.
. "${top_srcdir:-.}/tests/helpers/tap.sh"

: "${MAZEPROOF:=$(dirname "$MAZEBOOK")/mazeproof}"
MAZEBOOK_KEY_DIR="$TMP/keys"
export MAZEBOOK_KEY_DIR
ALTER="python3 $top_srcdir/tests/helpers/alter_pdf.py"
HEAD='title: "Grid Test"
author: "Ada Lovelace"
year: 2026
seed: 41
catalogue: none
cover:
  back: "Mazes of every kind."'

# errors: at the value's line and column, saying what is valid
bad() {
  printf '%s\n%s\n' "$HEAD" "$1" > "$TMP/bad.yaml"
  run "$MAZEBOOK" build -q "$TMP/bad.yaml" -o "$TMP/bad"
  check "refused: $3" "$rc" -ne 0
  contains "$err" "$2"
  ok $? "the message: $2"
  check "nothing written for $3" ! -e "$TMP/bad/interior.pdf"
}
bad "level: easy
mazes: 24
grid: circle" "bad.yaml:10:7: unknown grid kind 'circle' in 'grid' (did you mean 'polar'?" "grid: circle"
bad "level: easy
mazes: 24
grid: polar
shape: heart" "bad.yaml:11:8: 'shape' is heart, but the grid is polar" "a shape on circles"
bad "level: easy
mazes: 24
grid: hex
grid_outline: triangle" "bad.yaml:11:15: 'grid_outline' is triangle, but a hex grid's outline is rectangle or hexagon" "a triangle of hexagons"
bad "level: easy
mazes: 24
grid: delta
exit: centre" "bad.yaml:11:7: 'exit' must be top or bottom, not 'centre'" "a centre exit on triangles"
bad "level: easy
mazes: 24
grid: hex 200x200" "bad.yaml:10:7: grid hex 200x200 is too fine for an 8.5 x 11 in page" "hexagons too fine to print"

# a book of hexagons in a rectangle
printf '%s\nlevel: easy\nmazes: 24\ngrid: hex\n' "$HEAD" > "$TMP/hex.yaml"
run "$MAZEBOOK" build "$TMP/hex.yaml" -o "$TMP/hex"
ok $rc "a book of hexagons builds, proven by mazeproof"
contains "$out" "easy mazes (hex "
ok $? "the summary names the grid: $(printf '%s' "$out" | head -1)"
python3 - "$TMP/hex/manifest.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
assert m["grid_kind"] == "hex" and m["grid_outline"] == "rectangle", m.get("grid_kind")
for z in m["mazes"]:
    assert z["kind"] == "hex" and z["grid"].startswith("hex "), z
    assert 80 <= z["cells"] <= 160 and z["size"] == [z["cells"], 1], z
assert m["title_maze"]["kind"] == "hex"
PY
ok $? "manifest: every maze a hex grid of about the level's cells"

# a wall removed from a hexagon maze: mazeproof fails it, naming the maze
if [ -f "$TMP/hex/interior.pdf" ] && command -v qpdf >/dev/null 2>&1; then
  page=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['mazes'][0]['page'])" "$TMP/hex/manifest.json")
  run "$MAZEPROOF" "$TMP/hex/interior.pdf"
  ok $rc "mazeproof passes the book as built"
  $ALTER remove-wall "$page" "$TMP/hex/interior.pdf" "$TMP/tampered.pdf" >/dev/null 2>&1
  ok $? "a wall removed from maze 1's page"
  run "$MAZEPROOF" "$TMP/tampered.pdf"
  check "mazeproof fails the tampered book" "$rc" -ne 0
  contains "$out" "maze 1, page $page: hex" && contains "$out" "FAILED"
  ok $? "naming maze 1: $(printf '%s\n' "$out" | grep "maze 1," | head -1)"
else
  skip "no qpdf"; skip "no qpdf"; skip "no qpdf"; skip "no qpdf"
fi

# sections of several kinds: squares, triangles, hexagons in a hexagon
printf '%s\nsections:\n  - title: Squares\n    level: easy\n    mazes: 8\n  - title: Triangles\n    level: easy\n    mazes: 8\n    grid: delta\n  - title: Honeycomb\n    level: easy\n    mazes: 8\n    grid: hex 6\n' "$HEAD" > "$TMP/mixed.yaml"
run "$MAZEBOOK" build "$TMP/mixed.yaml" -o "$TMP/mixed"
ok $rc "a book of square, triangle and hexagon sections builds and is proven"
contains "$out" "(delta " && contains "$out" "(hex hexagon 6)"
ok $? "each section's line names its grid"
python3 - "$TMP/mixed/manifest.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
kinds = [z.get("kind", "square") for z in m["mazes"]]
assert kinds == ["square"] * 8 + ["delta"] * 8 + ["hex"] * 8, kinds
assert all("kind" not in z for z in m["mazes"][:8])
PY
ok $? "manifest: squares keep their entries, the others name their kind"
# round mazes: proven with their solutions (four a page by default, as
# squares: mazeproof tells the circles on a page apart and pairs each with
# the label over its own column) and the title page's, the way out the
# centre, which the how-to-play page names
printf '%s\nlevel: easy\nmazes: 24\ngrid: polar\n' "$HEAD" > "$TMP/round.yaml"
run "$MAZEBOOK" build "$TMP/round.yaml" -o "$TMP/round"
ok $rc "a book of circles builds, every maze and solution copy proven"
contains "$out" "(polar " && contains "$out" "25 passed, 0 failed, 24 solution copies checked"
ok $? "the summary: $(printf '%s\n' "$out" | grep proof)"
if [ -f "$TMP/round/interior.pdf" ]; then
  pdftotext "$TMP/round/interior.pdf" - 2>/dev/null | tr '\n' ' ' | grep -q "the goal is the *centre"
  ok $? "how to play: the goal of a round maze is its centre"
  python3 -c "import json,sys; m=json.load(open(sys.argv[1])); assert all(z['kind']=='polar' for z in m['mazes'])" "$TMP/round/manifest.json"
  ok $? "manifest: every maze polar"
else
  skip "no interior"; skip "no interior"
fi
contains "$out" "24 easy mazes (polar " && contains "$out" ", 38 pages,"
ok $? "circles default to four solutions a page (38 pages): $(printf '%s\n' "$out" | head -1)"
# expert circles on the default trim: the cover's featured maze is drawn at
# about 6 pt a ring, where many arcs are shorter than the corners mazeproof
# leaves to the other walls (each was once read as closed, unseen: the cover
# proof failed the book)
printf '%s\nlevel: expert\nmazes: 12\ngrid: polar\n' "$HEAD" > "$TMP/round-expert.yaml"
run "$MAZEBOOK" build "$TMP/round-expert.yaml" -o "$TMP/round-expert"
ok $rc "a book of expert circles builds: $(printf '%s\n' "$out$err" | grep -m1 'FAIL\|proof')"
grep -q "^PASS  cover.mazeproof .*2 of the cover's 2 mazes passed" "$TMP/round-expert/checklist.txt" 2>/dev/null
ok $? "its cover's two mazes proven"
# each maze's walls are written once, as a form XObject that its page and
# its solution's page both draw (a solution four a page is smaller, drawn
# from the same plan: the very same bytes)
if [ -f "$TMP/round-expert/interior.pdf" ]; then
  python3 - "$TMP/round-expert/interior.pdf" > "$TMP/forms.txt" <<'PY'
import re, sys
data = open(sys.argv[1], 'rb').read()
forms = set(re.findall(rb'(?s)(\d+) 0 obj\s*<<(?:(?!endobj).)*?/Subtype /Form', data))
uses = {}
for refs in re.findall(rb'/XObject <<([^>]*)>>', data):
    for ref in re.findall(rb'(\d+) 0 R', refs):
        uses[ref] = uses.get(ref, 0) + 1
print('forms', len(forms))
print('twice', sum(1 for f in forms if uses.get(f) == 2))
PY
  check "12 mazes, 12 forms ($(tr '\n' ' ' < "$TMP/forms.txt"))" "$(sed -n 's/^forms //p' "$TMP/forms.txt")" -eq 12
  check "each drawn by two pages" "$(sed -n 's/^twice //p' "$TMP/forms.txt")" -eq 12
  # a wall taken out of a shared form (one "x y l" made "x y m", the same
  # length, so the file stays whole): the maze page and its solution copy
  # both print it, and the maze fails
  python3 - "$TMP/round-expert/interior.pdf" "$TMP/round-form.pdf" <<'PY'
import re, sys
data = bytearray(open(sys.argv[1], 'rb').read())
form = re.search(rb'/Subtype /Form(?:(?!endobj).)*?stream\n', data, re.S)
lines = [m for m in re.finditer(rb'\n-?\d+ -?\d+ l\n', data[form.end():form.end() + 20000])]
at = form.end() + lines[len(lines) // 2].end() - 2
assert data[at:at + 1] == b'l'
data[at:at + 1] = b'm'
open(sys.argv[2], 'wb').write(bytes(data))
PY
  run "$MAZEPROOF" "$TMP/round-form.pdf"
  check "mazeproof fails a wall taken out of a shared form" "$rc" -eq 1
  contains "$out" "12 passed, 1 failed" && contains "$(printf '%s\n' "$out" | grep FAILED)" "FAILED: a loop"
  ok $? "that maze fails by its loop, the others pass: $(printf '%s\n' "$out" | grep -m1 FAILED)"
else
  skip "no interior"; skip "no interior"; skip "no interior"; skip "no interior"
fi
# a wall taken off one of the four circles on a solution page: only that
# circle's maze fails (the page's circles are not mixed up)
if [ -f "$TMP/round/interior.pdf" ] && command -v qpdf >/dev/null 2>&1; then
  $ALTER remove-wall 33 "$TMP/round/interior.pdf" "$TMP/round-tampered.pdf" >/dev/null 2>&1
  run "$MAZEPROOF" "$TMP/round-tampered.pdf"
  check "mazeproof fails the tampered circles book" "$rc" -ne 0
  contains "$out" "24 passed, 1 failed" && contains "$out" "FAILED: solution on page 33"
  ok $? "one maze fails, by its own solution copy: $(printf '%s\n' "$out" | grep FAILED | head -1)"
else
  skip "no qpdf"; skip "no qpdf"
fi
# circles two a page, asked for: each solution proven against its own maze
printf '%s\nlevel: easy\nmazes: 24\ngrid: polar\nsolutions: 2\n' "$HEAD" > "$TMP/round2.yaml"
run "$MAZEBOOK" build "$TMP/round2.yaml" -o "$TMP/round2"
ok $rc "a book of circles with solutions: 2 builds and is proven"
contains "$out" "25 passed, 0 failed, 24 solution copies checked"
ok $? "the summary: $(printf '%s\n' "$out" | grep proof)"
# a heart of hexagons (a mask over the cells): mazeproof reads the
# non-convex outline, and fails the book once a wall is removed
printf '%s\nlevel: easy\nmazes: 12\ngrid: hex\nshape: heart\n' "$HEAD" > "$TMP/heart.yaml"
run "$MAZEBOOK" build "$TMP/heart.yaml" -o "$TMP/heart"
ok $rc "a book of hexagon hearts builds, proven by mazeproof"
contains "$out" "13 passed, 0 failed, 12 solution copies checked"
ok $? "the hearts' summary: $(printf '%s\n' "$out" | grep proof)"
if [ -f "$TMP/heart/interior.pdf" ] && command -v qpdf >/dev/null 2>&1; then
  page=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['mazes'][0]['page'])" "$TMP/heart/manifest.json")
  $ALTER remove-wall "$page" "$TMP/heart/interior.pdf" "$TMP/heart-tampered.pdf" >/dev/null 2>&1
  run "$MAZEPROOF" "$TMP/heart-tampered.pdf"
  check "mazeproof fails a heart with a wall removed" "$rc" -ne 0
  contains "$out" "maze 1, page $page: hex" && contains "$out" "FAILED"
  ok $? "naming maze 1: $(printf '%s\n' "$out" | grep "maze 1," | head -1)"
else
  skip "no qpdf"; skip "no qpdf"
fi
done_testing
