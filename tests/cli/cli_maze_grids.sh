#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# Circular (polar), hexagonal and triangular (delta) mazes as mazebook draws
# them (maze_draw into a drawing list, draw_cairo or draw_hpdf onto a PDF; the mazes
# carved by a spanning tree in tests/helpers/lattice_fixture.h, or by a generator):
# mazeproof, which
# shares no code with the drawing, reads each print back and must find it
# perfect with its solution matching; the same print with one wall left out
# must fail.
. "$top_srcdir/tests/helpers/tap.sh"
: "${MAZEPROOF:=$(dirname "$MAZEBOOK")/mazeproof}"
GRIDPDF="$(dirname "$MAZEBOOK")/tests/helpers/maze_grid_pdf"

for spec in "polar 16 3" "polar 7 11" "hex 12x13 5" "hex-hexagon 6 9" \
	    "delta 15x8 4" "delta-triangle 10 2" "polar 12 5 wilson" \
	    "hex 10x11 6 backtracker" "delta-triangle 12 8 kruskal" \
	    "polar 10 4 - bottom" "polar 14 6 wilson left"; do
  set -- $spec
  name="$1-$2${4:+-$4}${5:+-$5}"
  "$GRIDPDF" "$1" "$2" "$3" "$TMP/$name.pdf" 0 $4 $5
  ok $? "$name: drawn" || continue
  run "$MAZEPROOF" "$TMP/$name.pdf"
  [ "$rc" -eq 0 ] && contains "$out" "perfect, 1 route, solution matches"
  ok $? "$name: mazeproof finds it perfect and its solution right" ||
    printf '%s\n%s\n' "$out" "$err" | sed 's/^/# /'
  # one wall op turned into a move: a loop (or a hole in the rim) in the print
  for drop in 7 23; do
    "$GRIDPDF" "$1" "$2" "$3" "$TMP/$name-drop.pdf" "$drop" $4 $5
    run "$MAZEPROOF" "$TMP/$name-drop.pdf"
    [ "$rc" -ne 0 ] && contains "$out" "FAILED"
    ok $? "$name without wall op $drop: mazeproof fails it" ||
      printf '%s\n%s\n' "$out" "$err" | sed 's/^/# /'
  done
done

# the same through draw_hpdf, the libharu writer a book's interior prints with
for spec in "polar 16 3" "hex-hexagon 6 9" "delta 15x8 4" "polar 12 5 wilson bottom"; do
  set -- $spec
  name="hpdf-$1-$2${4:+-$4}"
  "$GRIDPDF" --hpdf "$1" "$2" "$3" "$TMP/$name.pdf" 0 $4 $5
  run "$MAZEPROOF" "$TMP/$name.pdf"
  [ "$rc" -eq 0 ] && contains "$out" "perfect, 1 route, solution matches"
  ok $? "$name: mazeproof finds the libharu print perfect and its solution right" ||
    printf '%s\n%s\n' "$out" "$err" | sed 's/^/# /'
  "$GRIDPDF" --hpdf "$1" "$2" "$3" "$TMP/$name-drop.pdf" 11 $4 $5
  run "$MAZEPROOF" "$TMP/$name-drop.pdf"
  [ "$rc" -ne 0 ] && contains "$out" "FAILED"
  ok $? "$name without wall op 11: mazeproof fails it"
done
if command -v mutool >/dev/null 2>&1; then
  mutool trace "$TMP/hpdf-polar-16.pdf" 1 > "$TMP/trace" 2>/dev/null
  check "the libharu polar print's walls are curves" "$(grep -c '<curveto' "$TMP/trace")" -ge 100
else
  skip "mutool not installed (apt-get install mupdf-tools)"
fi

# `mazebook maze --grid`: the JSON names every cell's sides, open on both
# sides alike, and a route through open sides from the entrance to the exit
for spec in "polar 9" "hex 7x6" "hex 5 hexagon" "delta 11x6" "delta 8 triangle"; do
  set -- $spec
  run "$MAZEBOOK" maze --grid "$1" --size "$2" ${3:+--outline $3} --seed 4 --count 2 \
    --algorithm wilson --format json
  ok $rc "maze --grid $1 --size $2 ${3:+--outline $3} --format json runs" || continue
  if command -v python3 >/dev/null 2>&1; then
    printf '%s\n' "$out" > "$TMP/g.json"
    python3 - "$TMP/g.json" "$1" "${3:-rectangle}" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert len(d) == 2 and d[0]["seed"] == 4 and d[1]["seed"] == 5, d
for m in d:
    assert m["kind"] == sys.argv[2] and m["algorithm"] == "wilson"
    if m["kind"] != "polar":
        assert m["outline"] == sys.argv[3], m["outline"]
    cells = m["cells"]
    opened = 0
    for c, cell in enumerate(cells):
        assert len(cell["centre"]) == 2
        for s in cell["sides"]:
            if "neighbour" in s:
                back = [t for t in cells[s["neighbour"]]["sides"] if t.get("neighbour") == c]
                assert len(back) == 1 and back[0]["open"] == s["open"], (c, s)
                opened += s["open"]
            else:
                assert s["rim"] is True
    assert opened == 2 * (len(cells) - 1), opened        # a spanning tree, each side twice
    gaps = [(c, k) for c, cell in enumerate(cells) for k, s in enumerate(cell["sides"])
            if s.get("rim") and s["open"]]
    ent, ex = m["entrance"], m["exit"]
    want = [(ent["cell"], ent["side"])] + ([] if ex["side"] == "centre" else [(ex["cell"], ex["side"])])
    assert sorted(gaps) == sorted(want), (gaps, want)
    r = m["route"]
    assert r[0] == ent["cell"] and r[-1] == ex["cell"], r
    for a, b in zip(r, r[1:]):
        assert any(s.get("neighbour") == b and s["open"] for s in cells[a]["sides"]), (a, b)
    assert m["measures"]["perfect"] is True and m["measures"]["route"] == len(r)
    x0, y0, x1, y1 = m["bounds"]
    assert all(x0 <= cell["centre"][0] <= x1 and y0 <= cell["centre"][1] <= y1 for cell in cells)
PY
    ok $? "$1 ${3:-} json: sides agree both ways, a perfect tree, the gaps and route as named"
  fi
done
run "$MAZEBOOK" maze --grid polar --size 9 --format json --exit bottom
contains "$out" '"side": "centre"'
check "--exit bottom moves a polar exit out of the centre" $? -ne 0
run "$MAZEBOOK" maze --grid polar --size 9 --format json --exit centre
contains "$out" '"exit": {"cell": 0, "side": "centre"}'
ok $? "--exit centre: a polar maze's centre cell"

# svg and png: deterministic, well formed, sized from the walls' bounds
"$MAZEBOOK" maze --grid polar --size 10 --seed 3 --solution --format svg -o "$TMP/a.svg"
"$MAZEBOOK" maze --grid polar --size 10 --seed 3 --solution --format svg -o "$TMP/b.svg"
cmp -s "$TMP/a.svg" "$TMP/b.svg"
ok $? "the same seed gives the same svg bytes"
contains "$(cat "$TMP/a.svg")" 'width="336" height="336"' && contains "$(cat "$TMP/a.svg")" '#d62728'
ok $? "a polar svg: 20 units and a margin at 16 px, the route in red"
if command -v python3 >/dev/null 2>&1; then
  python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$TMP/a.svg"
  ok $? "the polar svg is well-formed XML"
fi
run "$MAZEBOOK" maze --grid hex --size 6x5 --format png --solution -o "$TMP/h.png"
ok $rc "a hex png written"
check "it starts with the PNG signature" \
  "$(head -c 8 "$TMP/h.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a"
if command -v file >/dev/null 2>&1; then
  contains "$(file "$TMP/h.png")" "PNG image data, 197 x 144"
  ok $? "file(1): 6.5 sqrt(3) x 8 units (5 rows 1.5 apart and half a side) at 16 px, 8 px margins"
fi
run "$MAZEBOOK" maze --grid delta --size 9x4 --format svg --count 2 -o "$TMP/d.svg"
check "--count 2 writes numbered svg files" -s "$TMP/d-2.svg"
done_testing
