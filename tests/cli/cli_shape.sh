#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# Shaped mazes from the command line: `mazebook maze --shape` in every
# format, shapes from an SVG (hand-written), PNGs made by rsvg-convert and
# ImageMagick (tests/data/shapes/make.sh; the files are checked in) and a text,
# the errors, `stats --shape`, and a shaped book proven by mazeproof, which
# must fail once a wall of a shaped maze is removed or its rim opened.
. "${top_srcdir:-.}/tests/helpers/tap.sh"

: "${MAZEPROOF:=$(dirname "$MAZEBOOK")/mazeproof}"
MAZEBOOK_KEY_DIR="$TMP/keys"
export MAZEBOOK_KEY_DIR
SH="$top_srcdir/tests/data/shapes"
ALTER="python3 $top_srcdir/tests/helpers/alter_pdf.py"

run "$MAZEBOOK" maze --shape heart --size 10x12 --seed 3
ok $rc "maze --shape heart prints"
contains "$out" "SS" && contains "$out" "FF"
ok $? "the text marks the entrance SS and the exit FF"
first=$(printf '%s\n' "$out" | head -1)
case "$first" in " "*) true ;; *) false ;; esac
ok $? "squares outside the heart are spaces (the first line starts with one)"

run "$MAZEBOOK" maze --shape heart --size 10x12 --seed 3 --format json
ok $rc "json"
printf '%s' "$out" | python3 -c '
import json, sys
m = json.load(sys.stdin)[0]
mask = m["mask"]
cells = sum(r.count("#") for r in mask)
assert len(mask) == m["height"] and all(len(r) == m["width"] for r in mask)
assert m["measures"]["squares"] == cells, (cells, m["measures"]["squares"])
assert 100 <= cells <= 140, cells
assert m["entrance"]["side"] == "top" and m["exit"]["side"] == "bottom"
x, y = m["entrance"]["x"], m["entrance"]["y"]
assert mask[y][x] == "#" and (y == 0 or mask[y - 1][x] == ".")
assert m["measures"]["perfect"] and m["route"][0] == [x, y]
'
ok $? "json carries the mask, the gaps on the rim, a perfect maze of about 120 squares"

for f in svg png; do
  run "$MAZEBOOK" maze --shape star --size 16x20 --format $f -o "$TMP/star.$f" --solution
  ok $rc "--format $f writes a shaped maze"
done
contains "$(cat "$TMP/star.svg")" '<polyline fill="none" stroke="#d62728"'
ok $? "the svg has its route"

run "$MAZEBOOK" maze --shape "$SH/moon.svg" --size 16x20
ok $rc "a shape from an SVG file"
run "$MAZEBOOK" maze --shape "$SH/moon.png" --size 16x20
ok $rc "a shape from a PNG file (rsvg-convert)"
run "$MAZEBOOK" maze --shape "$SH/blob.png" --size 16x20 --format json
ok $rc "a shape from a PNG file (ImageMagick)"
printf '%s' "$out" | python3 -c '
import json, sys
m = json.load(sys.stdin)[0]
# blob.png: a dark disc on the left joined by a bar to a square on the right
w, h = m["width"], m["height"]
assert w > 1.5 * h, (w, h)
assert m["measures"]["perfect"]
'
ok $? "the PNG's silhouette comes through (wider than high, perfect)"
run "$MAZEBOOK" maze --shape 'text "AB12"' --size 16x20
ok $rc "a shape from a text"

# every generator that carves shapes, on the SVG, a PNG and a text, at every level's size:
# perfect (JSON measures) and about the level's squares
for size in 10x12 16x20 24x30 32x40; do
  n=$((${size%x*} * ${size#*x}))
  for src in "$SH/moon.svg" "$SH/moon.png" 'text "ZOE"'; do
    bad=
    for gen in aldous-broder backtracker growing-tree hunt-and-kill kruskal prim prim-frontier wilson; do
      "$MAZEBOOK" maze --shape "$src" --size $size -a $gen --seed 4 --count 2 --format json |
        python3 -c '
import json, sys
n = int(sys.argv[1])
for m in json.load(sys.stdin):
    ms = m["measures"]
    assert ms["perfect"] and ms["reachable"] == ms["squares"], ms
    assert abs(ms["squares"] - n) <= n // 8, (ms["squares"], n)
' $n || bad="$bad $gen"
    done
    check "$(basename "$src") at $size: every shape generator perfect, about $n squares" -z "$bad"
  done
done

run "$MAZEBOOK" maze --shape hart
check "an unknown shape is a usage error" "$rc" -eq 2
contains "$err" "unknown shape 'hart' (built in: circle, heart, star, diamond, apple, fish, cat, butterfly, house, tree, rocket, dinosaur"
ok $? "it lists the built-in shapes"
run "$MAZEBOOK" maze --shape heart --algorithm binary-tree
check "a rectangle-only generator on a shape is a usage error" "$rc" -eq 2
contains "$err" "algorithm 'binary-tree' works on rectangles only, not on a shaped (mask) grid (use one of: aldous-broder, backtracker, growing-tree, hunt-and-kill, kruskal, prim, prim-frontier, wilson)"
ok $? "it names the generators that work"
run "$MAZEBOOK" maze --shape "$TMP/none.png"
check "a missing PNG is a usage error" "$rc" -eq 2
contains "$err" "cannot read shape '$TMP/none.png'"
ok $? "naming the file"
printf 'not a png' > "$TMP/bad.png"
run "$MAZEBOOK" maze --shape "$TMP/bad.png"
check "a PNG that is not one is refused" "$rc" -eq 2
run "$MAZEBOOK" maze --shape "$SH/white.png"
check "a blank PNG is refused" "$rc" -eq 2
contains "$err" "has no dark part (expected a dark silhouette on a light background)"
ok $? "saying what was expected"
run "$MAZEBOOK" maze --shape 'text "Z-1"'
check "a text with a dash is refused" "$rc" -eq 2
run "$MAZEBOOK" maze --shape "$SH/thin.svg" --size 10x12
check "a shape that breaks up fails" "$rc" -eq 1
contains "$err" "falls into" && contains "$err" "bigger grid"
ok $? "saying what to change"
run "$MAZEBOOK" maze --shape heart --entrance left --exit right --seed 2
ok $rc "named gaps"
contains "$out" "S  " || contains "$out" "S "
ok $? "the entrance is on the left side"

run "$MAZEBOOK" stats --shape heart --level easy --count 20
ok $rc "stats --shape"
contains "$out" "shape heart: " && ! contains "$out" "binary-tree" && ! contains "$out" "eller" &&
  contains "$out" "backtracker" && contains "$out" "passes level"
ok $? "measures only the generators that carve shapes"
run "$MAZEBOOK" stats --shape heart --algorithm sidewinder
check "stats --shape with a rectangle-only generator is a usage error" "$rc" -eq 2

# a shaped book, and mazeproof on it altered
cat > "$TMP/shapes.yaml" <<EOS
title: Shapes
author: Test
level: easy
mazes: 20
seed: 5
shape: [star, apple, house]
EOS
run "$MAZEBOOK" build -q "$TMP/shapes.yaml" -o "$TMP/book"
ok $rc "a book with a list of shapes builds, proven and signed"
python3 -c '
import json, sys
m = json.load(open(sys.argv[1]))
assert m["shapes"] == ["star", "apple", "house"]
assert [x["shape"] for x in m["mazes"][:4]] == [0, 1, 2, 0]
assert m["title_maze"]["squares"] > 81
' "$TMP/book/manifest.json"
ok $? "the manifest names each maze's shape and the title maze"
run "$MAZEPROOF" --json "$TMP/book/interior.pdf"
ok $rc "mazeproof proves the shaped book"
p2=$(printf '%s\n' "$out" | grep '"number": 2,' | sed -n 's/.*"page": \([0-9]*\).*/\1/p' | head -1)
$ALTER remove-wall "$p2" "$TMP/book/interior.pdf" "$TMP/alt.pdf" && run "$MAZEPROOF" "$TMP/alt.pdf"
check "a wall of a shaped maze removed fails" "$rc" -eq 1
contains "$out" "maze 2, page $p2: " && contains "$out" "a loop of"
ok $? "naming the maze and its loop"
$ALTER open-top "$p2" "$TMP/book/interior.pdf" "$TMP/alt.pdf" && run "$MAZEPROOF" "$TMP/alt.pdf"
check "a gap opened in a shaped maze's rim fails" "$rc" -eq 1
contains "$out" "maze 2, page $p2: " && contains "$out" "gaps in the outer wall"
ok $? "naming the maze and its gaps"

cat > "$TMP/bad.yaml" <<EOS
title: Shapes
author: Test
level: easy
mazes: 20
shape: [heart, hart]
EOS
run "$MAZEBOOK" build -q "$TMP/bad.yaml" -o "$TMP/bad"
check "a spec with an unknown shape fails" "$rc" -eq 1
contains "$err" "bad.yaml:5:16: unknown shape 'hart' in 'shape' (did you mean 'heart'? built in: circle, heart,"
ok $? "at the shape key"
printf 'title: S\nauthor: T\nlevel: easy\nmazes: 20\nshape: heart\nalgorithm: eller\nseed: 7\n' > "$TMP/eller.yaml"
run "$MAZEBOOK" build -q "$TMP/eller.yaml" -o "$TMP/eller"
check "a rectangle-only algorithm with a shape fails" "$rc" -eq 1
contains "$err" "works on rectangles only"
ok $? "naming what works"
printf 'title: S\nauthor: T\nlevel: easy\nmazes: 20\nshape: heart\nentrance: left\n' > "$TMP/left.yaml"
run "$MAZEBOOK" build -q "$TMP/left.yaml" -o "$TMP/left"
check "entrance: left in a book fails" "$rc" -eq 1
contains "$err" "left.yaml:6:11: 'entrance' must be top or bottom, not 'left'"
ok $? "at the key, saying why"

done_testing
