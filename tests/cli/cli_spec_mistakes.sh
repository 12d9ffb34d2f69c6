#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# The YAML mistakes people make in a real spec (issue 26), each made in a
# copy of an example book: a tab, an unclosed quote, a key under the wrong
# parent, a section out of line, a typo in a name. Each is reported as
# file:line:column with what is wrong and what to write, never in
# libyaml's words, and nothing is written; a name in other capitals is
# the name.
. "${top_srcdir:-.}/tests/helpers/tap.sh"

MAZEBOOK_KEY_DIR="$TMP/keys"
export MAZEBOOK_KEY_DIR
EASY="$top_srcdir/examples/easy.yaml"
RAMP="$top_srcdir/examples/ramp.yaml"

# bad NAME SOURCE SED-SCRIPT EXPECTED: SOURCE changed by SED-SCRIPT fails with
# NAME.yaml:EXPECTED, exit 1, no libyaml words, nothing written
bad() {
  sed "$3" "$2" > "$TMP/$1.yaml"
  if cmp -s "$2" "$TMP/$1.yaml"; then
    ok 1 "$1: the sed script changed nothing"
    return
  fi
  run "$MAZEBOOK" build "$TMP/$1.yaml" -o "$TMP/out-$1"
  contains "$err" "$1.yaml:$4"
  ok $(( $? + (rc != 1) )) "$1: exit 1 and '$4'"
  ! contains "$err" "YAML:"
  ok $? "$1: not in libyaml's words"
  check "$1: nothing written" ! -e "$TMP/out-$1"
}
TAB=$(printf '\t')

# a tab in the indentation, wherever it is
bad tab-key "$EASY" "s/^  text:/${TAB}text:/" \
  "19:1: line 19 has a tab at column 1; indentation must use spaces, not tabs: replace the tab with spaces"
bad tab-after-spaces "$EASY" "s/^  text:/  ${TAB}text:/" "19:3: line 19 has a tab at column 3;"
bad tab-top "$EASY" "s/^level:/${TAB}level:/" "7:1: line 7 has a tab at column 1;"
bad tab-section "$RAMP" "24s/^    /${TAB}/" "24:1: line 24 has a tab at column 1;"

# an unclosed quote: where it opens, not where libyaml gave up
bad quote-subtitle "$EASY" 's/^subtitle: "60 Easy Mazes for Ages 5-7"/subtitle: "60 Easy Mazes for Ages 5-7/' \
  '4:11: the quote (") that opens at line 4, column 11 is not closed on that line, so the value runs on to line 5; end the value with " on line 4'
bad quote-author "$EASY" 's/^author: "Ada Lovelace"/author: "Ada Lovelace/' \
  '5:9: the quote (") that opens at line 5, column 9 is not closed on that line, so the value runs on to line 18'
bad quote-colour "$EASY" 's/^  background: "#1e88e5"/  background: "#1e88e5/' \
  '18:15: the quote (") that opens at line 18, column 15 is not closed on that line'
bad quote-last "$EASY" 's/^  text: "#ffffff"/  text: "#ffffff/' \
  '19:9: the quote (") that opens at line 19, column 9 is never closed; end the value with " on line 19'
bad quote-single "$EASY" "s/^author: \"Ada Lovelace\"/author: 'Ada Lovelace/" \
  "5:9: the quote (') that opens at line 5, column 9 is never closed"

# a key under the wrong parent
bad grid-under-level "$EASY" 's/^level: easy/level: easy\n  grid: 9x9/' \
  "8:3: 'grid:' on line 8 is indented under 'level:' (line 7), so YAML reads it as part of the value of 'level' (\"easy grid\"); start 'grid:' at column 1, like 'level:'"
bad back-outdented "$EASY" 's/^  back: >-/back: >-/' \
  "20:1: unknown key 'back' (did you mean cover.back? indent it under 'cover:', in line with cover's other keys)"
bad mazes-in-cover "$EASY" 's/^  text: "#ffffff"/  text: "#ffffff"\n  mazes: 60/' \
  "20:3: unknown key 'mazes' in 'cover': 'mazes' is a key of the book, not of 'cover'; start it at column 1"

bad text-outdented "$EASY" 's/^  text:/ text:/' \
  "19:2: 'text:' starts at column 2, but the keys of 'cover' (line 17) start at column 3: start it at column 3 to keep it in 'cover', or at column 1 for a key beside 'cover'"

# a key without its ': '
bad no-space "$EASY" 's/^level: easy/level:easy/' \
  "7:6: 'level:easy' needs a space after the ':' to be a key and its value: write 'level: easy'"
bad no-colon "$EASY" 's/^mazes: 60/mazes 60/' "8:6: 'mazes 60' is not 'key: value': write 'mazes: 60'"

# a section out of line: what the list expects
bad item-indented "$RAMP" '23s/^  - title/    - title/' \
  "23:5: this item of 'sections' starts at column 5, but its first item starts at column 3 (line 19): start each item's '- ' at column 3, with its keys under the first one"
bad item-outdented "$RAMP" '23s/^  - title/   - title/' "23:4: this item of 'sections' starts at column 4"
bad item-no-space "$RAMP" '23s/^  - title/  -title/' \
  "23:3: a list item starts with '- ', a dash and a space: write '- title: \"Getting Harder\"'"
bad item-key "$RAMP" '24s/^    description/   description/' \
  "24:4: 'description:' starts at column 4, but the keys of the item of 'sections' that starts on line 23 are at column 5: line every key of an item up under the first key after its '- '"

# a typo in a name from a closed set: the nearest one
bad level-typo "$EASY" 's/^level: easy/level: esay/' \
  "7:8: unknown level 'esay' (did you mean 'easy'? valid: easy, medium, hard, expert)"
bad paper-typo "$EASY" 's/^paper: white/paper: whte/' \
  "10:8: unknown paper 'whte' (did you mean 'white'? valid: white, cream)"
bad algorithm-typo "$EASY" 's/^algorithm: auto/algorithm: wilsen/' \
  "13:12: unknown algorithm 'wilsen' (did you mean 'wilson'?"
bad theme-typo "$RAMP" 's/^  theme: forest/  theme: forrest/' \
  "32:10: unknown cover theme 'forrest' (did you mean 'forest'?"

# in other capitals, a name is the name: the book builds as easy, white, 8.5 x 11
sed -e 's/^level: easy/level: Easy/' -e 's/^paper: white/paper: White/' \
  -e 's/^trim: 8.5x11/trim: 8.5X11/' -e 's/^mazes: 60/mazes: 22/' \
  -e 's/60 Easy Mazes/22 Easy Mazes/' -e 's/Sixty friendly/Friendly/' "$EASY" > "$TMP/capitals.yaml"
run "$MAZEBOOK" build -q "$TMP/capitals.yaml" -o "$TMP/out-capitals"
ok $rc "Easy, White and 8.5X11 are read as easy, white and 8.5x11"
grep -q '"level": *"easy"' "$TMP/out-capitals/manifest.json"
ok $? "the manifest says level easy"

done_testing
