#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# `mazebook maze`: determinism, the formats, -o, and every usage error.
. "$top_srcdir/tests/helpers/tap.sh"

# determinism: the same seed gives the same bytes, another seed other bytes
run "$MAZEBOOK" maze --size 12x9 --seed 5
a=$out
ok $rc "maze runs (exit 0)"
run "$MAZEBOOK" maze --size 12x9 --seed 5
check "same seed, byte-identical output" "$a" = "$out"
run "$MAZEBOOK" maze --size 12x9 --seed 6
check "different seed, different maze" "$a" != "$out"
run "$MAZEBOOK" maze --size 12x9 --seed 5 --format json
j1=$out
run "$MAZEBOOK" maze --size 12x9 --seed 5 --format json
check "json output is deterministic" "$j1" = "$out"

# text shape: 2H+1 lines of 3W+1 characters, the gaps where documented
"$MAZEBOOK" maze --size 12x9 --seed 5 > "$TMP/t.txt"
check "text has 19 lines" "$(wc -l < "$TMP/t.txt")" -eq 19
check "every line is 37 characters" "$(awk 'length($0) != 37' "$TMP/t.txt" | wc -l)" -eq 0
check "entrance over the top-left square" "$(head -n 1 "$TMP/t.txt" | cut -c1-4)" = "+  +"
check "exit under the bottom-right square" "$(tail -n 1 "$TMP/t.txt" | cut -c34-37)" = "+  +"
run "$MAZEBOOK" maze --size 12x9 --seed 5 --solution
contains "$out" "::"; ok $? "--solution marks route squares with ::"
check "--solution only adds marks" "$(printf '%s\n' "$out" | tr ':' ' ')" = "$a"
check "default size is 16x20 (41 lines)" "$("$MAZEBOOK" maze | wc -l)" -eq 41

# --count: mazes separated by one empty line; maze k is seed+k
"$MAZEBOOK" maze --size 5x4 --seed 10 --count 3 > "$TMP/three.txt"
check "--count 3 gives 3x9 lines + 2 separators" "$(wc -l < "$TMP/three.txt")" -eq 29
"$MAZEBOOK" maze --size 5x4 --seed 12 > "$TMP/third.txt"
sed -n '21,29p' "$TMP/three.txt" > "$TMP/third-of-three.txt"
cmp -s "$TMP/third.txt" "$TMP/third-of-three.txt"
ok $? "maze 3 of --seed 10 --count 3 is --seed 12"
check "separator line is empty" "$(sed -n 10p "$TMP/three.txt")" = ""

# --start: the entrance by default for the backtracker; the JSON names it
d=$("$MAZEBOOK" maze --size 12x9 --seed 5)
e=$("$MAZEBOOK" maze --size 12x9 --seed 5 --start entrance)
r=$("$MAZEBOOK" maze --size 12x9 --seed 5 --start random)
check "the backtracker starts at the entrance by default" "$d" = "$e"
check "--start random makes another maze" "$d" != "$r"
contains "$("$MAZEBOOK" maze --size 3x2 --format json)" '"start": "entrance",'
ok $? "json names the default start"
contains "$("$MAZEBOOK" maze --size 3x2 --format json --start centre)" '"start": "centre",'
ok $? "json names the start asked for"
contains "$("$MAZEBOOK" maze --size 3x2 --format json --algorithm wilson)" '"start": "random",'
ok $? "wilson starts at random by default"
contains "$("$MAZEBOOK" maze --size 3x2 --format json --algorithm kruskal)" '"start": null,'
ok $? "a generator without a start has start null"

# json parses and carries what it promises
if command -v python3 >/dev/null 2>&1; then
  "$MAZEBOOK" maze --size 7x6 --seed 3 --count 2 --format json > "$TMP/m.json"
  python3 - "$TMP/m.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert isinstance(d, list) and len(d) == 2, d
for k, m in enumerate(d):
    assert m["width"] == 7 and m["height"] == 6
    assert m["algorithm"] == "backtracker"
    assert m["seed"] == 3 + k
    assert len(m["open"]) == 6 and all(len(r) == 7 for r in m["open"])
    assert m["route"][0] == [0, 0] and m["route"][-1] == [6, 5]
    assert m["measures"]["perfect"] is True
    assert m["measures"]["route"] == len(m["route"])
    opened = sum(bin(int(c)).count("1") for r in m["open"] for c in r)
    assert opened == 7 * 6 - 1, opened
PY
  ok $? "json parses: 2 mazes with size, seed+k, open rows, route, measures"
else
  skip "python3 missing: the JSON is not parsed"
fi

# -o: the file appears, nothing is left behind, an unwritable place fails with 1
run "$MAZEBOOK" maze --size 6x6 -o "$TMP/out.txt"
check "-o prints nothing" -z "$out"
check "-o writes the file" -s "$TMP/out.txt"
check "-o leaves no temporary file" "$(ls "$TMP" | grep -c tmp)" -eq 0
"$MAZEBOOK" maze --size 6x6 > "$TMP/stdout.txt"
cmp -s "$TMP/out.txt" "$TMP/stdout.txt"
ok $? "-o writes the same bytes as standard output"
run "$MAZEBOOK" maze -o "$TMP/no/such/dir/m.txt"
check "unwritable -o exits 1" "$rc" -eq 1
contains "$err" "cannot write '$TMP/no/such/dir/m.txt'"; ok $? "... naming the file"

if [ -w /dev/full ]; then
  for f in text json svg png; do
    run sh -c "\"\$MAZEBOOK\" maze --format $f > /dev/full"
    [ "$rc" -eq 1 ] && contains "$err" "cannot write 'standard output'"
    ok $? "--format $f to a full disk exits 1 and says so"
  done
fi

# png and svg
run "$MAZEBOOK" maze --size 10x8 --format png --solution -o "$TMP/m.png"
ok $rc "png written"
check "png starts with the PNG signature" \
  "$(head -c 8 "$TMP/m.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a"
if command -v file >/dev/null 2>&1; then
  contains "$(file "$TMP/m.png")" "PNG image data, 176 x 144"; ok $? "file(1): a 176x144 PNG"
fi
run "$MAZEBOOK" maze --size 4x3 --format png --count 3 -o "$TMP/many.png"
check "png --count 3 writes numbered files" -s "$TMP/many-3.png"
check "... starting at 1" -s "$TMP/many-1.png"
run "$MAZEBOOK" maze --size 4x3 --format svg --solution -o "$TMP/m.svg"
contains "$(cat "$TMP/m.svg")" "<polyline fill=\"none\" stroke=\"#d62728\""; ok $? "svg with the route"
if command -v python3 >/dev/null 2>&1; then
  python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$TMP/m.svg"
  ok $? "svg is well-formed XML"
fi

# usage errors: exit 2 and a message that says what is valid
usage() {
  want=$1
  shift
  run "$MAZEBOOK" maze "$@"
  [ "$rc" -eq 2 ] && contains "$err" "$want" && contains "$err" "mazebook maze --help"
  ok $? "maze $* -> exit 2, says '$want'"
}
usage "valid: aldous-broder, backtracker," --algorithm nosuch
usage "valid: text, json, svg, png" --format pdf
usage "each side 1 to 200" --size 0x5
usage "each side 1 to 200" --size 201x3
usage "expected WxH" --size abc
usage "expected WxH" --size 5x
usage "from 0 to 18446744073709551615" --seed -1
usage "from 0 to 18446744073709551615" --seed abc
usage "from 0 to 18446744073709551615" --seed 1e99
usage "from 0 to 18446744073709551615" --seed 18446744073709551616
usage "--count: '0' is not a whole number from 1 to 10000" --count 0
usage "from 1 to 10000" --count 10001
usage "from 0 to 1" --newest-share 2
usage "applies only to growing-tree" --newest-share 0.5
usage "needs a value" --size
usage "--start: unknown start 'middle' (valid: entrance, random, centre)" --start middle
usage "--start: eller has no start square (only aldous-broder, backtracker, growing-tree, hunt-and-kill, prim, prim-frontier, wilson have one)" --algorithm eller --start random
usage "unknown option '--colour'" --colour
usage "unexpected argument 'extra'" extra
usage "name them with -o FILE" --format png --count 2
usage "name them with -o FILE" --format svg --count 2
usage "-o: empty file name" -o ""
# --grid and --outline
usage "the text format draws square grids only; use --format svg, png or json" --grid polar
usage "the text format draws square grids only" --grid hex --format text
usage "--grid: unknown grid 'cube' (valid: polar, hex, delta)" --grid cube
usage "--outline: unknown outline 'oval' (valid: rectangle, hexagon, triangle)" --grid hex --outline oval
usage "--outline applies only with --grid hex or delta" --outline hexagon
usage "--outline applies only with --grid hex or delta" --grid polar --outline triangle --format json
usage "--outline: a hex grid has no triangle outline (valid: rectangle, hexagon)" \
  --grid hex --outline triangle --format svg
usage "--outline: a delta grid has no hexagon outline (valid: rectangle, triangle)" \
  --grid delta --outline hexagon --format svg
usage "--size: '12x3' is not a size for a polar grid (want N (rings), e.g. --size 12)" \
  --grid polar --size 12x3 --format json
usage "--size: '12' is not a size for a hex grid in a rectangle (want WxH, e.g. --size 12x13)" \
  --grid hex --size 12 --format json
usage "--size: '4x4' is not a size for a delta grid in a triangle (want N (rows), e.g. --size 12)" \
  --grid delta --outline triangle --size 4x4 --format json
usage "--size: 'x' is not a size for a polar grid" --grid polar --size x --format json
usage "--size: a circular maze of 61 rings is out of range (1 to 60 rings)" \
  --grid polar --size 61 --format json
usage "--shape and --grid do not go together" --grid hex --shape heart --format svg
usage "--entrance: a maze is entered through its rim; 'centre' names only a circular maze's exit" \
  --grid polar --entrance centre --format json
usage "--exit: unknown side 'centre' (valid: top, bottom, left, right)" --grid hex --exit centre --format json
usage "--algorithm: algorithm 'binary-tree' works on rectangles only, not on a hex grid" \
  --grid hex --algorithm binary-tree --format json
run "$MAZEBOOK" maze --count 0 -o "$TMP/never.txt"
check "a refused run writes no file" ! -e "$TMP/never.txt"

done_testing
