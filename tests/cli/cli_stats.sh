#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# `mazebook stats`: the table, the JSON, agreement with `mazebook maze`, usage errors.
. "$top_srcdir/tests/helpers/tap.sh"

run "$MAZEBOOK" stats --algorithm backtracker --size 8x6 --count 30 --seed 3
ok $rc "stats runs (exit 0)"
contains "$out" "30 mazes of 8x6 squares per algorithm, seeds 3 to 32"; ok $? "header names count, size, seeds"
for word in "dead-end share" "route ratio" "forks" "speed" "median" "p10" "p90"; do
  contains "$out" "$word"; ok $? "table shows $word"
done
contains "$out" "passes level"; check "no pass line without --level" $? -ne 0
contains "$out" "start square: entrance (backtracker)"; ok $? "header names the start square"

# --start: in the header, grouped; generators without a start named apart
run "$MAZEBOOK" stats --size 8x6 --count 5
contains "$out" "start square: entrance (backtracker, growing-tree, hunt-and-kill, prim); random (aldous-broder, prim-frontier, wilson); none (binary-tree, eller, kruskal, recursive-division, sidewinder)"
ok $? "--algorithm all: each generator's default start"
run "$MAZEBOOK" stats --size 8x6 --count 5 --start centre
contains "$out" "start square: centre (aldous-broder, backtracker, growing-tree, hunt-and-kill, prim, prim-frontier, wilson); none (binary-tree"
ok $? "--start centre applies to every generator that has a start"
a=$("$MAZEBOOK" stats --algorithm prim --size 8x6 --count 30 | grep -v -e speed -e start)
b=$("$MAZEBOOK" stats --algorithm prim --size 8x6 --count 30 --start random | grep -v -e speed -e start)
check "--start changes the numbers" "$a" != "$b"

# every measure but the speed is a function of the seeds
strip() { grep -v speed; }
a=$("$MAZEBOOK" stats --size 8x6 --count 30 | strip)
b=$("$MAZEBOOK" stats --size 8x6 --count 30 | strip)
check "same arguments, same numbers (speed aside)" "$a" = "$b"
c=$("$MAZEBOOK" stats --size 8x6 --count 30 --seed 2 | strip)
check "other seeds, other numbers" "$a" != "$c"

# --level: the level's grid unless --size says otherwise
run "$MAZEBOOK" stats --algorithm all --count 20 --level easy
contains "$out" "of 10x12 squares"; ok $? "--level easy uses its 10x12 grid"
contains "$out" "level easy: route ratio at least 1.50 and at least 3 forks"; ok $? "... and names its filter"
contains "$out" "passes level"; ok $? "... and prints the share that passes"
run "$MAZEBOOK" stats --count 20 --level easy --size 6x6
contains "$out" "of 6x6 squares"; ok $? "--size wins over the level's grid"

if command -v python3 >/dev/null 2>&1; then
  # the JSON agrees with `mazebook maze`'s own measures of the same seeds
  "$MAZEBOOK" stats --algorithm backtracker --size 9x7 --count 11 --seed 40 --level easy \
    --json > "$TMP/s.json"
  "$MAZEBOOK" maze --size 9x7 --count 11 --seed 40 --format json > "$TMP/m.json"
  "$MAZEBOOK" stats --algorithm prim --size 9x7 --count 11 --seed 40 --start centre \
    --json > "$TMP/sc.json"
  "$MAZEBOOK" maze --algorithm prim --size 9x7 --count 11 --seed 40 --start centre \
    --format json > "$TMP/mc.json"
  python3 - "$TMP/sc.json" "$TMP/mc.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
mazes = json.load(open(sys.argv[2]))
a = s["algorithms"][0]
assert a["name"] == "prim" and a["start"] == "centre", a
assert all(m["start"] == "centre" for m in mazes)
forks = sorted(m["measures"]["forks"] for m in mazes)
assert a["forks"]["median"] == forks[5] and a["forks"]["max"] == forks[-1], (a["forks"], forks)
PY
  ok $? "stats --start and maze --start measure the same mazes"
  python3 - "$TMP/s.json" "$TMP/m.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
mazes = json.load(open(sys.argv[2]))
assert s["width"] == 9 and s["height"] == 7 and s["count"] == 11 and s["seed"] == 40
assert s["level"]["name"] == "easy"
a = s["algorithms"][0]
assert a["name"] == "backtracker" and a["start"] == "entrance"
forks = sorted(m["measures"]["forks"] for m in mazes)
ratios = sorted(m["measures"]["route_ratio"] for m in mazes)
assert a["forks"]["min"] == forks[0] and a["forks"]["max"] == forks[-1]
assert a["forks"]["median"] == forks[5], (a["forks"], forks)
assert abs(a["route_ratio"]["median"] - ratios[5]) < 1e-5
assert abs(a["forks"]["p10"] - (forks[1])) < 1e-9
passed = sum(1 for m in mazes if m["measures"]["perfect"]
             and m["measures"]["route_ratio"] >= 1.5 - 1e-9 and m["measures"]["forks"] >= 3)
assert a["passed"] == passed, (a["passed"], passed)
assert a["squares_per_second"] is None or a["squares_per_second"] > 0
PY
  ok $? "stats --json agrees with maze --format json on the same seeds"
  "$MAZEBOOK" stats --count 5 --json > "$TMP/all.json"
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["level"] is None and d["algorithms"][0]["pass_share"] is None' "$TMP/all.json"
  ok $? "json without --level has null level and pass share"
  python3 -c 'import json,sys; d={a["name"]: a["start"] for a in json.load(open(sys.argv[1]))["algorithms"]}; assert d["kruskal"] is None and d["wilson"] == "random" and d["prim"] == "entrance", d' "$TMP/all.json"
  ok $? "json names the start of each algorithm (null: none)"
fi

if [ -w /dev/full ]; then
  run sh -c '"$MAZEBOOK" stats --count 3 > /dev/full'
  [ "$rc" -eq 1 ] && contains "$err" "cannot write 'standard output'"
  ok $? "a full disk exits 1 and says so"
fi

usage() {
  want=$1
  shift
  run "$MAZEBOOK" stats "$@"
  [ "$rc" -eq 2 ] && contains "$err" "$want" && contains "$err" "mazebook stats --help"
  ok $? "stats $* -> exit 2, says '$want'"
}
usage "valid: aldous-broder, backtracker," --algorithm nosuch
usage "(or all)" --algorithm nosuch
usage "valid: easy, medium, hard, expert" --level impossible
usage "each side 1 to 200" --size 0x5
usage "expected WxH" --size abc
usage "from 1 to 1000000" --count 0
usage "from 1 to 1000000" --count 1e3
usage "from 0 to 18446744073709551615" --seed -1
usage "unknown option '--csv'" --csv
usage "unexpected argument 'x'" x
usage "--start: unknown start 'corner' (valid: entrance, random, centre)" --start corner
usage "--start: kruskal has no start square (only aldous-broder, backtracker," --algorithm kruskal --start entrance

# --grid: circular, hexagonal and triangular mazes at the level's size for the kind
run "$MAZEBOOK" stats --grid polar --count 4 --level easy
ok $rc "stats --grid polar runs"
contains "$out" "4 mazes of polar 9 rings (235 cells) per algorithm"; ok $? "header names the polar grid"
contains "$out" "level easy: route ratio at least 1.50"; ok $? "... and the level's filter"
contains "$out" "not applicable (carve rectangles only): binary-tree, eller, recursive-division, sidewinder"
ok $? "rect-only generators are listed as not applicable"
run "$MAZEBOOK" stats --grid hex --outline hexagon --count 3 --level hard
contains "$out" "mazes of hex hexagon 17 (817 cells)"; ok $? "--outline hexagon takes the level's side"
run "$MAZEBOOK" stats --grid delta --count 3
contains "$out" "mazes of delta 20x14 (280 cells)"; ok $? "without --level: medium's size"
run "$MAZEBOOK" stats --grid delta --outline triangle --size 6 --count 3
contains "$out" "mazes of delta triangle 6 (36 cells)"; ok $? "--size N: a triangle's rows"
run "$MAZEBOOK" stats --grid hex --size 5x4 --count 3 --algorithm backtracker --level easy
ok $rc "one generator on a hex grid"
contains "$out" "route ratio" && contains "$out" "passes level"; ok $? "... measured with its pass share"
strip() { grep -v speed; }
a=$("$MAZEBOOK" stats --grid polar --size 4 --count 6 | strip)
b=$("$MAZEBOOK" stats --grid polar --size 4 --count 6 | strip)
check "same grid and seeds, same numbers" "$a" = "$b"
if command -v python3 >/dev/null 2>&1; then
  "$MAZEBOOK" stats --grid hex --outline hexagon --size 3 --count 4 --level easy --json \
    > "$TMP/g.json"
  python3 - "$TMP/g.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["grid"] == {"kind": "hex", "outline": "hexagon", "describe": "hex hexagon 3",
                     "cells": 19}, d["grid"]
assert "binary-tree" in d["not_applicable"] and "wilson" not in d["not_applicable"]
names = [a["name"] for a in d["algorithms"]]
assert "wilson" in names and "binary-tree" not in names, names
for a in d["algorithms"]:
    assert a["route"]["min"] >= 1 and a["passed"] is not None
PY
  ok $? "json names the grid and what is not applicable"
  # the same mazes as `mazebook maze --grid` draws from the same seeds
  for g in "polar --size 5" "hex --size 6x5" "delta --outline triangle --size 7"; do
    # shellcheck disable=SC2086
    "$MAZEBOOK" stats --grid $g --algorithm wilson --count 9 --seed 30 --level easy --json \
      > "$TMP/gs.json"
    # shellcheck disable=SC2086
    "$MAZEBOOK" maze --grid $g --algorithm wilson --count 9 --seed 30 --format json \
      > "$TMP/gm.json"
    python3 - "$TMP/gs.json" "$TMP/gm.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
mazes = json.load(open(sys.argv[2]))
a = s["algorithms"][0]
assert s["grid"]["cells"] == mazes[0]["measures"]["squares"], (s["grid"], mazes[0]["measures"])
routes = sorted(m["measures"]["route"] for m in mazes)
forks = sorted(m["measures"]["forks"] for m in mazes)
assert a["route"]["median"] == routes[4] and a["route"]["max"] == routes[-1], (a["route"], routes)
assert a["forks"]["median"] == forks[4], (a["forks"], forks)
passed = sum(1 for m in mazes if m["measures"]["perfect"]
             and m["measures"]["route_ratio"] >= 1.5 - 1e-9 and m["measures"]["forks"] >= 3)
assert a["passed"] == passed, (a["passed"], passed)
PY
    ok $? "stats --grid $g measures the mazes maze --grid draws"
  done
fi
usage "--grid: unknown grid 'round' (valid: square, polar, hex, delta)" --grid round
usage "--outline: unknown outline 'circle' (valid: rectangle, hexagon, triangle)" --grid hex --outline circle
usage "a hex grid's outline is rectangle or hexagon, not triangle" --grid hex --outline triangle
usage "a polar grid has no outline" --grid polar --outline hexagon
usage "--outline needs --grid hex or delta" --outline hexagon
usage "--shape takes square grids only (not with --grid polar)" --grid polar --shape heart
usage "--size: 'x' is not rings: a whole number from 1 to 60" --grid polar --size x
usage "--size: 'abc' is not the hexagon's side" --grid hex --outline hexagon --size abc
usage "--size: bad size '7' (expected WxH" --grid delta --size 7
usage "binary-tree" --grid polar --algorithm binary-tree
usage "polar" --grid polar --algorithm sidewinder

done_testing
