#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# Inputs as a new publisher writes them (issue 14, item 8): trim names and
# spellings in a spec, YAML mistakes in plain words, and every generator
# named where a publisher looks for the list.
. "${top_srcdir:-.}/tests/tap.sh"

MAZEBOOK_KEY_DIR="$TMP/keys"
export MAZEBOOK_KEY_DIR
HEAD='author: "A"
level: easy
mazes: 30
seed: 4
'

# a trim written as people write it builds the same book as 8.5x11
printf 'title: "T"\n%strim: 8.5x11\n' "$HEAD" > "$TMP/plain.yaml"
run "$MAZEBOOK" build -q "$TMP/plain.yaml" -o "$TMP/out-plain"
ok $rc "trim: 8.5x11 builds"
for trim in letter "\"8.5 x 11\"" "8.5in x 11in" "215.9 x 279.4 mm"; do
  name=$(printf '%s' "$trim" | tr -c 'a-z0-9' '_')
  printf 'title: "T"\n%strim: %s\n' "$HEAD" "$trim" > "$TMP/$name.yaml"
  run "$MAZEBOOK" build -q "$TMP/$name.yaml" -o "$TMP/out-$name"
  ok $rc "trim: $trim builds"
  cmp -s "$TMP/out-plain/interior.pdf" "$TMP/out-$name/interior.pdf"
  ok $? "trim: $trim gives the 8.5x11 book, byte for byte"
done
printf 'title: "T"\n%strim: A4\n' "$HEAD" > "$TMP/a4.yaml"
run "$MAZEBOOK" build -q "$TMP/a4.yaml" -o "$TMP/out-a4"
ok $rc "trim: A4 builds"
pdfinfo "$TMP/out-a4/interior.pdf" | grep -q 'Page size: *595.44 x 841.68 pts'
ok $? "trim: A4 prints KDP's 8.27 x 11.69 in pages"
printf 'title: "T"\n%strim: legal\n' "$HEAD" > "$TMP/legal.yaml"
run "$MAZEBOOK" build "$TMP/legal.yaml" -o "$TMP/out-legal"
contains "$err" "legal.yaml:6:7: bad trim 'legal' (expected WIDTHxHEIGHT in inches such as 6x9 or 8.5 x 11, millimetres such as 210x297mm, or letter or A4)"
ok $(( $? + (rc != 1) )) "trim: an unknown name is refused with the forms that work"

# YAML mistakes: the place and what to write instead; nothing written
printf 'title: Mazes: For Kids\n%s' "$HEAD" > "$TMP/colon.yaml"
run "$MAZEBOOK" build "$TMP/colon.yaml" -o "$TMP/out-colon"
contains "$err" "colon.yaml:1:13: the value of 'title' has a ': ' in it, which YAML reads as another key; put the whole value in double quotes: title: \"Mazes: For Kids\""
ok $(( $? + (rc != 1) )) "YAML: an unquoted colon in the title says to quote it"
check "YAML: nothing written" ! -e "$TMP/out-colon"
# the advice works: quoted as the message says, it builds
printf 'title: "Mazes: For Kids"\n%s' "$HEAD" > "$TMP/colon.yaml"
run "$MAZEBOOK" build -q "$TMP/colon.yaml" -o "$TMP/out-colon"
ok $rc "YAML: quoted as the message says, the book builds"
printf 'title: "Mazes\n%s' "$HEAD" > "$TMP/quote.yaml"
run "$MAZEBOOK" build "$TMP/quote.yaml" -o "$TMP/out-quote"
contains "$err" "quote.yaml:2:10: the quote opened on line 1 is not closed on that line, so the value runs on into line 2; end it with '\"' on line 1"
ok $(( $? + (rc != 1) )) "YAML: an unclosed quote is reported where it opens"

# every generator is listed in 'maze --help' and in init's starter spec
run "$MAZEBOOK" maze --algorithm no-such-one
names=$(printf '%s' "$err" | sed -n 's/.*(valid: \(.*\)).*/\1/p' | tr -d ',')
check "the generator names are listed by an unknown --algorithm" -n "$names"
run "$MAZEBOOK" maze --help
help=$out
run "$MAZEBOOK" init "$TMP/starter.yaml"
starter=$(cat "$TMP/starter.yaml")
missing=""
for g in $names; do
  printf '%s\n' "$help" | grep -q "^  $g  " || missing="$missing help:$g"
  printf '%s\n' "$starter" | grep -q "# .*\b$g\b" || missing="$missing init:$g"
done
check "every generator is in 'maze --help' and init's comments (missing:$missing)" -z "$missing"

# a folder holding another book is not replaced without --force
mkdir -p "$TMP/two"
printf 'title: "First Book"\n%s' "$HEAD" > "$TMP/two/first.yaml"
printf 'title: "Second Book"\n%s' "$HEAD" > "$TMP/two/second.yaml"
printf 'title: "First Book"\n%s' "$HEAD" > "$TMP/two/first-copy.yaml"
run "$MAZEBOOK" build -q "$TMP/two/first.yaml" -o "$TMP/two/out"
ok $rc "another book: the first builds"
before=$(cat "$TMP/two/out/checklist.txt")
run "$MAZEBOOK" build -q "$TMP/two/first.yaml" -o "$TMP/two/out"
ok $rc "another book: the same spec rebuilds into its own folder"
run "$MAZEBOOK" build "$TMP/two/second.yaml" -o "$TMP/two/out"
contains "$err" "the output folder '$TMP/two/out' holds another book, \"First Book\" built from 'first.yaml': building \"Second Book\" from 'second.yaml' would replace it; choose another folder (-o, or 'output:' in the spec), or pass --force to replace it"
ok $(( $? + (rc != 1) )) "another book: a second title into the folder is refused"
check "another book: the first book's files are untouched" "$(cat "$TMP/two/out/checklist.txt")" = "$before"
run "$MAZEBOOK" build "$TMP/two/first-copy.yaml" -o "$TMP/two/out"
contains "$err" "built from 'first.yaml': building \"First Book\" from 'first-copy.yaml'"
ok $(( $? + (rc != 1) )) "another book: the same title from another spec file is refused"
run "$MAZEBOOK" build -q --force "$TMP/two/second.yaml" -o "$TMP/two/out"
ok $rc "another book: --force replaces it"
grep -q '"title": "Second Book"' "$TMP/two/out/manifest.json"
ok $? "another book: the folder now holds the second book"

done_testing
