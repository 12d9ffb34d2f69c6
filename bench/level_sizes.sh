#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# How specs/levels.def's MB_LEVEL_GRID sizes were chosen: for each level, the
# median route (cells from entrance to exit) of its square mazes, against
# candidate polar, hex and delta sizes, each from `mazebook stats`. The
# number compared is the mean, over the level's auto list on that kind, of
# each generator's median route, so a level on another grid walks about as
# far as on squares. Also printed: forks and dead-end share medians, and
# the share that passes the level's filter.
#
#   sh bench/level_sizes.sh ./mazebook [COUNT [LEVELS_DEF]]     (make bench-levels)
#
# It prints a table; it changes nothing. Each line: level, grid, cells,
# route, forks, dead-end share, pass share (all means over the auto list).
set -eu
MAZEBOOK=${1:-./mazebook}
COUNT=${2:-200}
LEVELS_DEF=${3:-$(dirname "$0")/../specs/levels.def}
SEED=7

# one line for a level on a grid: stats --json for each generator of the list
measure() {
  level=$1 list=$2
  shift 2
  for gen in $(echo "$list" | tr , ' '); do
    "$MAZEBOOK" stats --algorithm "$gen" --level "$level" --count "$COUNT" --seed "$SEED" \
      --json "$@"
  done | python3 -c '
import json, sys
text = sys.stdin.read()
dec = json.JSONDecoder()
docs, i = [], 0
while i < len(text):
    while i < len(text) and text[i].isspace():
        i += 1
    if i >= len(text):
        break
    d, i = dec.raw_decode(text, i)
    docs.append(d)
algs = [a for d in docs for a in d["algorithms"]]
def mean(key, field="median"):
    return sum(a[key][field] for a in algs) / len(algs)
d = docs[0]
grid = d["grid"]["describe"] if "grid" in d else "square %dx%d" % (d["width"], d["height"])
cells = d["grid"]["cells"] if "grid" in d else d["width"] * d["height"]
print("%-7s %-22s %5d  route %6.1f  forks %5.1f  dead ends %.3f  pass %5.1f %%  (%s)" % (
    sys.argv[1], grid, cells, mean("route"), mean("forks"), mean("dead_end_share"),
    100 * sum(a["pass_share"] for a in algs) / len(algs),
    " ".join("%s %.0f/%.0f%%" % (a["name"], a["route"]["median"], 100 * a["pass_share"])
             for a in algs)))
' "$level"
}

# the auto list of a level on squares (MB_LEVEL) or on a kind (MB_LEVEL_GRID), from levels.def
auto_list() {
  python3 - "$LEVELS_DEF" "$1" "$2" <<'PY'
import re, sys
text, level, kind = open(sys.argv[1]).read(), sys.argv[2], sys.argv[3]
if kind == "square":
    m = re.search(r'^MB_LEVEL\("%s",[^"]*"([^"]*)"' % level, text, re.M)
else:
    m = re.search(r'^MB_LEVEL_GRID\("%s",\s*%s,[^"]*"([^"]*)"' % (level, kind.upper()), text, re.M)
print(m.group(1))
PY
}

# the level's square grid, then each kind and outline over a range of sizes
# (rectangles of hexagons and triangles in the level's portrait proportions);
# the size whose route is nearest the square's is marked with a *
sizes() {
  python3 - "$@" <<'PY'
import sys
kind, w, h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
n = w * h
if kind == "polar":
    out = range(3, 41)
elif kind in ("hexagon", "triangle"):
    out = range(3, 61)
elif kind == "hex":
    # hexagons of side 1: sqrt(3) across, 1.5 down a row
    out = ["%dx%d" % (c, max(1, round(c * h * 3 ** 0.5 / (w * 1.5)))) for c in range(4, 61)]
else:
    # triangles of side 1: half a side across each, sqrt(3)/2 down a row
    out = ["%dx%d" % (c, max(1, round(c / 2 * h / (w * 3 ** 0.5 / 2)))) for c in range(6, 121, 2)]
print(" ".join(str(x) for x in out))
PY
}

closest() {
  awk -v want="$1" '{ r = $0; sub(/.*route +/, "", r); r += 0; d = r - want; if (d < 0) d = -d;
    line[NR] = $0; dist[NR] = d; if (NR == 1 || d < best) { best = d; at = NR } }
    END { for (i = 1; i <= NR; i++) print (i == at ? "* " : "  ") line[i] }'
}

for level in ${LEVELS:-easy medium hard expert}; do
  sq=$(measure "$level" "$(auto_list "$level" square)")
  echo "  $sq"
  want=$(echo "$sq" | sed 's/.*route *//; s/ .*//')
  wh=$(echo "$sq" | sed 's/.*square \([0-9]*\)x\([0-9]*\).*/\1 \2/')
  for kind in polar hex hexagon delta triangle; do
    case $kind in
      polar) opts="--grid polar" list=$(auto_list "$level" polar) ;;
      hex) opts="--grid hex" list=$(auto_list "$level" hex) ;;
      hexagon) opts="--grid hex --outline hexagon" list=$(auto_list "$level" hex) ;;
      delta) opts="--grid delta" list=$(auto_list "$level" delta) ;;
      triangle) opts="--grid delta --outline triangle" list=$(auto_list "$level" delta) ;;
    esac
    # stop a kind's scan once its route is well past the square's
    # shellcheck disable=SC2086 # $wh is two numbers, $opts the grid's options
    for s in $(sizes $kind $wh); do
      # shellcheck disable=SC2086
      line=$(measure "$level" "$list" $opts --size "$s")
      echo "$line"
      r=$(echo "$line" | sed 's/.*route *//; s/ .*//')
      awk -v r="$r" -v w="$want" 'BEGIN { exit !(r > 1.3 * w) }' && break
    done | awk -v w="$want" '{ r = $0; sub(/.*route +/, "", r); r += 0;
      if (r > 0.75 * w) print }' | closest "$want"
  done
done
