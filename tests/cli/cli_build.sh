#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# `mazebook build` end to end: every example book is built and then checked
# with tools that share nothing with mazebook (poppler's pdfinfo, pdffonts
# and pdftoppm, minisign, python3 reading the manifest), against KDP's
# numbers typed in from kdp-facts.md. Bad specs fail with the place and
# write nothing; a failing build leaves the previous good book alone.
. "${top_srcdir:-.}/tests/helpers/tap.sh"

MAZEBOOK_KEY_DIR="$TMP/keys"
export MAZEBOOK_KEY_DIR
EX="$top_srcdir/examples"
INK="$top_srcdir/tests/helpers/ink_margins.py"

# the independent ink check must itself catch ink in a margin: a 10x10 page
# at 10 dpi (1 x 1 in) with one black pixel in the top-left corner
{ printf 'P5\n10 10\n255\n'; printf '\000'; head -c 99 /dev/zero | tr '\000' '\377'; } > "$TMP/corner.pgm"
python3 "$INK" "$TMP/corner.pgm" 10 1 24 1 1 0 >/dev/null
check "ink check catches ink in the margin" $? -eq 1

# value of a key in a spec file (first match, quotes dropped)
spec_value() { sed -n "s/^$2: *\"\{0,1\}\([^\"#]*\)\"\{0,1\}.*/\1/p" "$1" | head -n 1 | sed 's/ *$//'; }

for spec in "$EX"/*.yaml; do
  name=$(basename "$spec" .yaml)
  dir="$TMP/$name"
  run "$MAZEBOOK" build -q "$spec" -o "$dir"
  ok $rc "$name: builds"
  [ "$rc" -eq 0 ] || continue
  # editions: builds DIR/paperback/ and DIR/hardcover/; the paperback is checked
  # here, the hardcover in cli_editions.sh
  grep -q '^editions:' "$spec" && dir="$dir/paperback"
  ink=$(spec_value "$spec" ink)

  trim=$(spec_value "$spec" trim); tw=${trim%x*}; th=${trim#*x}
  paper=$(spec_value "$spec" paper); [ -n "$paper" ] || paper=white
  bleed=$(spec_value "$spec" bleed); [ "$bleed" = true ] && bleed=1 || bleed=0
  mazes=$(spec_value "$spec" mazes)

  pages=$(pdfinfo "$dir/interior.pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
  check "$name: $pages pages, even and at least 24" "$((pages % 2))" -eq 0 -a "$pages" -ge 24

  # every page the trim size, or trim + 0.125 x 0.25 in with bleed
  want=$(awk -v w="$tw" -v h="$th" -v b="$bleed" \
    'BEGIN { printf "%.2f x %.2f", (w + b * 0.125) * 72, (h + b * 0.25) * 72 }')
  sizes=$(pdfinfo -f 1 -l "$pages" "$dir/interior.pdf" 2>/dev/null |
    sed -n 's/^Page *[0-9]* size: *\([0-9.]*\) x \([0-9.]*\) pts.*/\1 \2/p' |
    awk '{ printf "%.2f x %.2f\n", $1, $2 }' | sort -u)
  check "$name: every page is $want pt" "$sizes" = "$want"

  # fonts: every one embedded (pdffonts' emb column)
  notemb=$(pdffonts "$dir/interior.pdf" 2>/dev/null | awk 'NR > 2 && $(NF-4) != "yes"' | wc -l)
  nfonts=$(pdffonts "$dir/interior.pdf" 2>/dev/null | awk 'NR > 2' | wc -l)
  check "$name: interior fonts all embedded ($nfonts fonts)" "$notemb" -eq 0 -a "$nfonts" -gt 0
  notemb=$(pdffonts "$dir/cover.pdf" 2>/dev/null | awk 'NR > 2 && $(NF-4) != "yes"' | wc -l)
  check "$name: cover fonts all embedded" "$notemb" -eq 0

  # ink inside KDP's margins on the title, about, first maze, a left-hand
  # maze page and the last solutions page
  last=$(python3 -c "import json,sys; m=json.load(open(sys.argv[1])); print(max(x['page'] for x in m['mazes']))" "$dir/manifest.json")
  for p in 1 2 3 4 "$last" $((last + 1)); do
    [ "$p" -le "$pages" ] || continue
    pdftoppm -gray -r 36 -f "$p" -l "$p" "$dir/interior.pdf" "$TMP/page" 2>/dev/null
    f=$(ls "$TMP"/page-*"$p".pgm 2>/dev/null | head -n 1)
    msg=$(python3 "$INK" "$f" 36 "$p" "$pages" "$tw" "$th" "$bleed")
    ok $? "$name: $msg"
    rm -f "$TMP"/page-*.pgm
  done

  # the cover: 0.125 + W + spine + W + 0.125 by H + 0.25, spine = pages x
  # factor, to 0.001 in (pdfinfo prints points to two decimals)
  size=$(pdfinfo "$dir/cover.pdf" 2>/dev/null | sed -n 's/^Page size: *\([0-9.]*\) x \([0-9.]*\) pts.*/\1 \2/p')
  msg=$(echo "$size" | awk -v w="$tw" -v h="$th" -v n="$pages" -v p="$paper" -v i="$ink" '{
    f = (i == "premium-colour") ? 0.002347 : (p == "cream") ? 0.0025 : 0.002252
    ww = 0.25 + 2 * w + n * f; hh = h + 0.25
    dw = $1 / 72 - ww; dh = $2 / 72 - hh
    printf "cover %.4f x %.4f in, formula %.4f x %.4f in\n", $1 / 72, $2 / 72, ww, hh
    exit (dw * dw > 1e-6 || dh * dh > 1e-6) }')
  ok $? "$name: $msg"

  # the manifest: every maze, each one passing the level's filter
  python3 - "$dir/manifest.json" "$mazes" > "$TMP/manifest.txt" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
want = int(sys.argv[2])
levels = {"easy": 3, "medium": 4, "hard": 5, "expert": 6}
mz = m["mazes"]
assert len(mz) == want, "%d mazes, want %d" % (len(mz), want)
assert [x["number"] for x in mz] == list(range(1, want + 1)), "numbers"
assert len({x["page"] for x in mz}) == want, "pages repeat"
assert len({x["seed"] for x in mz}) == want, "seeds repeat"
assert m["filter"]["min_forks"] == levels[m["level"]], m["filter"]
for x in mz:
    assert x["route_ratio"] >= 1.5 and x["forks"] >= levels[m["level"]], x
# each generator's own start: the spec gives none
entrance = {"backtracker", "growing-tree", "hunt-and-kill", "prim"}
random = {"aldous-broder", "prim-frontier", "wilson"}
assert m["start"] is None, m["start"]
for x in mz:
    g = x["generator"]
    assert x["start"] == ("entrance" if g in entrance else "random" if g in random else None), x
print("%d mazes, min ratio %.2f, min forks %d" % (want, min(x["route_ratio"] for x in mz),
                                                 min(x["forks"] for x in mz)))
PY
  ok $? "$name: manifest: $(cat "$TMP/manifest.txt")"

  # the proof and the signature, by the standalone tools
  "$(dirname "$MAZEBOOK")/mazeproof" --quiet "$dir/interior.pdf" >/dev/null 2>&1
  ok $? "$name: mazeproof passes the interior"
  minisign -Vm "$dir/checklist.txt" -p "$dir/mazebook.pub" >/dev/null 2>&1
  ok $? "$name: minisign verifies the checklist"
  run "$MAZEBOOK" verify "$dir/checklist.txt" -p "$dir/mazebook.pub"
  ok $rc "$name: mazebook verify passes"
  for f in cover-preview.png page-preview.png book-preview.png; do
    head -c 8 "$dir/$f" | od -An -tx1 | tr -d ' \n' | grep -q '^89504e470d0a1a0a$'
    ok $? "$name: $f is a PNG"
  done
  left=$(ls -A "$dir" | grep -c '\.tmp-')
  check "$name: no temporary files left" "$left" -eq 0
done

# the same spec and seed give the same PDFs; --seed gives another book
run "$MAZEBOOK" build -q "$EX/easy.yaml" -o "$TMP/again"
cmp -s "$TMP/easy/interior.pdf" "$TMP/again/interior.pdf" &&
  cmp -s "$TMP/easy/cover.pdf" "$TMP/again/cover.pdf"
ok $? "same spec and seed: byte-identical PDFs"
run "$MAZEBOOK" build -q "$EX/easy.yaml" -o "$TMP/seed7" --seed 7
check "--seed 7 builds" "$rc" -eq 0 -a -s "$TMP/seed7/interior.pdf"
cmp -s "$TMP/easy/interior.pdf" "$TMP/seed7/interior.pdf"
check "--seed 7 makes another interior" $? -eq 1
grep -q '"seed": 7,' "$TMP/seed7/manifest.json"
ok $? "--seed 7 is the seed the manifest records"

# the manifest's generator, seed and start regenerate each maze; a spec's
# start reaches the generators that have one
sed 's/^seed:.*/&\nstart: centre/' "$EX/easy.yaml" > "$TMP/centre.yaml"
grep -q '^start: centre$' "$TMP/centre.yaml"
ok $? "a spec with start: centre"
run "$MAZEBOOK" build -q "$TMP/centre.yaml" -o "$TMP/centre"
ok $rc "start: centre builds"
if command -v python3 >/dev/null 2>&1; then
  python3 - "$TMP/centre/manifest.json" "$MAZEBOOK" <<'PY'
import json, subprocess, sys
m = json.load(open(sys.argv[1]))
assert m["start"] == "centre", m["start"]
for x in m["mazes"][:12]:
    assert x["start"] == "centre", x   # easy's generators all have a start
    w, h = x["size"]
    out = subprocess.run([sys.argv[2], "maze", "--algorithm", x["generator"], "--seed",
                          str(x["seed"]), "--start", x["start"], "--size", "%dx%d" % (w, h),
                          "--format", "json"], check=True, capture_output=True).stdout
    again = json.loads(out)[0]["measures"]
    assert (again["route"], again["forks"], again["turns"]) == \
        (x["route"], x["forks"], x["turns"]), (x, again)
PY
  ok $? "the manifest's generator, seed and start regenerate its mazes"
fi

# bad specs: the place and the problem, exit 1, nothing written
bad() { # NAME EXPECTED-MESSAGE SPEC-TEXT
  printf '%s' "$3" > "$TMP/$1.yaml"
  run "$MAZEBOOK" build "$TMP/$1.yaml" -o "$TMP/out-$1"
  contains "$err" "$2"
  ok $(( $? + (rc != 1) )) "$1: exit 1 and '$2'"
  check "$1: nothing written" ! -e "$TMP/out-$1"
}
GOOD='title: "T"
author: "A"
level: easy
'
bad unknown-key "unknown-key.yaml:4:1: unknown key 'mazs' (did you mean 'mazes'?)" "${GOOD}mazs: 30
"
bad too-few "needs at least" "${GOOD}mazes: 5
"
bad bad-trim "bad-trim.yaml:5:7: trim 9x99 in is not a KDP size" "${GOOD}mazes: 30
trim: 9x99
"
bad bad-colour "is not a colour: 'blu'" "${GOOD}mazes: 30
cover:
  background: blu
"
bad bad-level "bad-level.yaml:3:8: unknown level 'insane'" 'title: "T"
author: "A"
level: insane
mazes: 30
'
# a filter no candidate passes in practice (60 forks is the bound on 10x12):
# generation gives up, at the key's place
bad hard-filter "hard-filter.yaml:5:12: maze 1: no " "${GOOD}mazes: 30
min_forks: 59
seed: 1
"
run "$MAZEBOOK" build "$TMP/missing.yaml" -o "$TMP/out-missing"
contains "$err" "missing.yaml"
ok $(( $? + (rc != 1) )) "missing spec: exit 1 naming the file"

# a failing build does not touch the previous good book
cp -r "$TMP/easy" "$TMP/keep"
printf '%smazes: 30\nmin_forks: 59\nseed: 1\n' "$GOOD" > "$TMP/fail.yaml"
run "$MAZEBOOK" build "$TMP/fail.yaml" -o "$TMP/keep"
same=0
for f in interior.pdf cover.pdf checklist.txt checklist.txt.minisig manifest.json; do
  cmp -s "$TMP/easy/$f" "$TMP/keep/$f" || same=1
done
ok $(( same + (rc != 1) )) "a failed build leaves the previous book as it was"

# usage errors
run "$MAZEBOOK" build
check "no spec: exit 2" "$rc" -eq 2
run "$MAZEBOOK" build "$EX/easy.yaml" --seed -3
check "bad --seed: exit 2" "$rc" -eq 2
run "$MAZEBOOK" build "$EX/easy.yaml" --frobnicate
check "unknown option: exit 2" "$rc" -eq 2

done_testing
