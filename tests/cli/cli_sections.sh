#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# Books of sections end to end (issue 14): examples/ramp.yaml (easy, a
# medium..hard ramp, expert) builds and proves; maze numbers run through
# the book; the manifest gives the order, the sections with their first
# maze and page, and every maze's section and difficulty score; each level
# section runs from its easiest maze to its hardest and the ramp's grids
# grow; the about page names the levels' range; the same spec builds the
# same book. Bad sections and words that contradict the book stop the
# build at their line and column with nothing written.
. "${top_srcdir:-.}/tests/helpers/tap.sh"

MAZEBOOK_KEY_DIR="$TMP/keys"
export MAZEBOOK_KEY_DIR
MAZEPROOF="$(dirname "$MAZEBOOK")/mazeproof"

run "$MAZEBOOK" build "$top_srcdir/examples/ramp.yaml" -o "$TMP/ramp"
ok $rc "examples/ramp.yaml builds"
contains "$out" "60 mazes in 3 sections"
ok $? "the summary counts the sections"
contains "$out" "section 2  'Getting Harder': 24 medium..hard mazes (16x20..24x30), from maze 21 on page"
ok $? "the summary names the ramp and its grids"
contains "$out" "proof      61 mazes, 61 passed, 0 failed"
ok $? "the build proved every maze and the title page's"
"$MAZEPROOF" --quiet "$TMP/ramp/interior.pdf" >/dev/null 2>&1
ok $? "mazeproof passes the interior on its own"

# the manifest, read by python3
python3 - "$TMP/ramp/manifest.json" > "$TMP/manifest.out" 2>&1 <<'EOF'
import json, sys
m = json.load(open(sys.argv[1]))
def say(cond, what):
    print(("ok " if cond else "FAIL ") + what)
say(m["order"] == "ramp", "order is ramp")
secs = m["sections"]
say([s["title"] for s in secs] == ["Warm-up", "Getting Harder", "Expert Finale"], "three sections in order")
say([s["first_maze"] for s in secs] == [1, 21, 45], "first mazes 1, 21, 45")
say([s["mazes"] for s in secs] == [20, 24, 16], "section counts")
say(secs[1]["ramp"] == "medium..hard" and secs[0]["ramp"] is None, "the ramp is named")
mz = m["mazes"]
say([z["number"] for z in mz] == list(range(1, 61)), "numbers run through the book")
say(all(s["first_page"] == mz[s["first_maze"] - 1]["page"] for s in secs), "first pages are the first mazes' pages")
say(all("difficulty_score" in z and 0 < z["difficulty_score"] < 100 for z in mz), "every maze has a score")
for i, s in enumerate(secs):
    part = [z for z in mz if z["section"] == i + 1]
    say(len(part) == s["mazes"], "section %d holds its mazes" % (i + 1))
    if s["ramp"]:
        sizes = [z["size"][0] * z["size"][1] for z in part]
        say(sizes == sorted(sizes) and sizes[0] < sizes[-1], "the ramp's grids grow")
    else:
        scores = [z["difficulty_score"] for z in part]
        say(scores == sorted(scores), "section %d runs easiest to hardest" % (i + 1))
say(mz[0]["size"] == [10, 12] and mz[-1]["size"] == [32, 40], "easy first, expert last")
say({z["level"] for z in mz[:20]} == {"easy"} and {z["level"] for z in mz[44:]} == {"expert"}
    and {z["level"] for z in mz[20:44]} == {"medium", "hard"}, "each maze's level, the ramp's steps")
say(max(z["difficulty_score"] for z in mz[:20]) < min(z["difficulty_score"] for z in mz[44:]), "the warm-up is easier than the finale")
EOF
n=0
while read -r word what; do
  [ "$word" = ok ]
  ok $? "manifest: $what"
  n=$((n + 1))
done < "$TMP/manifest.out"
check "the manifest checks ran ($n)" "$n" -ge 15

# the catalogue records each maze at its own level (the ramp's at its step's)
run "$MAZEBOOK" catalogue stats
contains "$out" "expert   rect 32x40             16 mazes"
ok $(( $? + rc )) "the catalogue counts the expert section's 16 mazes at expert"
contains "$out" "easy     rect 10x12             20 mazes"
ok $? "and the warm-up's 20 at easy"

# the how-to-play page (page 4: after the title, copyright and belongs-to
# pages) names the range of levels and says what the ramp is
pdftotext -f 4 -l 4 "$TMP/ramp/interior.pdf" - > "$TMP/about.txt" 2>/dev/null
grep -q "Level: easy–expert" "$TMP/about.txt"
ok $? "the how-to-play page says 'Level: easy–expert'"
tr '\n' ' ' < "$TMP/about.txt" | grep -q "The mazes get harder as you go: each section starts with its easiest."
ok $? "and says what the ramp is"
# the ramp section's own page (27, before its first maze on 28) names its range
pdftotext -f 27 -l 27 "$TMP/ramp/interior.pdf" - 2>/dev/null | grep -q "Level: medium–hard"
ok $? "the ramp section's page says 'Level: medium–hard'"

# the same spec and seed: the same book
run "$MAZEBOOK" build -q "$top_srcdir/examples/ramp.yaml" -o "$TMP/ramp2"
cmp -s "$TMP/ramp/interior.pdf" "$TMP/ramp2/interior.pdf" &&
  cmp -s "$TMP/ramp/cover.pdf" "$TMP/ramp2/cover.pdf"
ok $(( $? + rc )) "built twice, the interior and cover are byte for byte the same"

# a section of its own shape, one of rectangles, one of the book's shapes
cat > "$TMP/shapes.yaml" <<'EOF'
title: "Shapes in Sections"
author: "Ada Lovelace"
seed: 31
shape: star
cover:
  back: "Hearts, squares and stars."
sections:
  - title: "Hearts"
    level: easy
    shape: heart
    mazes: 8
  - title: "Squares"
    level: medium
    shape: none
    mazes: 8
  - title: "Stars"
    level: easy
    mazes: 8
EOF
run "$MAZEBOOK" build "$TMP/shapes.yaml" -o "$TMP/shapes"
ok $rc "a book of shaped sections builds"
contains "$out" "section 1  'Hearts': 8 easy mazes (in the shape 'heart'), from maze 1 on page 7"
ok $? "the summary names the section's shape"
contains "$out" "section 3  'Stars': 8 easy mazes (in the shape 'star'), from maze 17 on page 25"
ok $? "and the book's shape for a section that takes it"
contains "$out" "proof      25 mazes, 25 passed, 0 failed"
ok $? "and every maze is proven"
python3 - "$TMP/shapes/manifest.json" <<'EOF'
import json, sys
m = json.load(open(sys.argv[1]))
assert [s["shape"] for s in m["sections"]] == ["heart", "none", None], m["sections"]
mz = m["mazes"]
# the heart's mazes carry no index into the book's shapes; the stars' do
assert all("shape" not in z for z in mz[:16]) and all(z["shape"] == 0 for z in mz[16:])
assert all(z["size"] == [16, 20] for z in mz[8:16])
EOF
ok $? "the manifest gives each section's shape"
"$MAZEPROOF" --quiet "$TMP/shapes/interior.pdf" >/dev/null 2>&1
ok $? "mazeproof passes the shaped sections"

# bad NAME EXPECTED-MESSAGE SPEC-TEXT: exit 1 with the message, no output folder
bad() {
  printf '%s' "$3" > "$TMP/$1.yaml"
  run "$MAZEBOOK" build "$TMP/$1.yaml" -o "$TMP/out-$1"
  contains "$err" "$2"
  ok $(( $? + (rc != 1) )) "$1: exit 1 and '$2'"
  check "$1: nothing written" ! -e "$TMP/out-$1"
}
HEAD='title: "T"
author: "A"
seed: 9
'
bad count "count.yaml:4:11: 'subtitle' says 50 mazes, but the book has 40" "${HEAD}"'subtitle: "50 Easy Mazes"
sections:
  - title: One
    level: easy
    mazes: 20
  - title: Two
    level: hard
    mazes: 20
'
bad section-count "section-count.yaml:5:12: 'sections.1.title' says 12 mazes, but the section has 20" "${HEAD}"'sections:
  - title: "12 Warm-up Mazes"
    level: easy
    mazes: 20
  - title: Two
    level: hard
    mazes: 20
'
bad placeholder "placeholder.yaml:8:18: the section's description 'Lorem ipsum' is placeholder text" "${HEAD}"'sections:
  - title: One
    level: easy
    mazes: 24
    description: "Lorem ipsum"
'
bad typo "typo.yaml:6:5: unknown key 'leve' in 'sections.1' (did you mean 'level'?)" "${HEAD}"'sections:
  - title: One
    leve: easy
    mazes: 24
'
bad backwards "backwards.yaml:6:11: 'sections.1.ramp' is expert..easy, which runs backwards" "${HEAD}"'sections:
  - title: One
    ramp: expert..easy
    mazes: 24
'
bad shape "shape.yaml:6:12: unknown shape 'no-such-shape' in 'sections.1.shape' (built in: circle, heart," "${HEAD}"'sections:
  - title: One
    shape: no-such-shape
    level: easy
    mazes: 24
'
bad ramp-shape "ramp-shape.yaml:7:12: section 1 ('One') has both 'ramp' and 'shape'" "${HEAD}"'sections:
  - title: One
    ramp: easy..hard
    shape: heart
    mazes: 24
'
bad sum "sum.yaml:4:8: 'mazes' is 30, but the sections' mazes add up to 48" "${HEAD}"'mazes: 30
sections:
  - title: One
    level: easy
    mazes: 24
  - title: Two
    level: easy
    mazes: 24
'

done_testing
