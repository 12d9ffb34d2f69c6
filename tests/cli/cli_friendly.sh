#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# Inputs as a new publisher writes them (issue 14, item 8): trim names and
# spellings in a spec, YAML mistakes in plain words, and every generator
# named where a publisher looks for the list.
. "${top_srcdir:-.}/tests/helpers/tap.sh"

MAZEBOOK_KEY_DIR="$TMP/keys"
export MAZEBOOK_KEY_DIR
# these books share their seed under several titles on purpose (the same
# mazes under another trim, title or colour); the catalogue that refuses
# that is tested in cli_catalogue.sh
MAZEBOOK_CATALOGUE=none
export MAZEBOOK_CATALOGUE
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
contains "$err" "quote.yaml:1:8: the quote (\") that opens at line 1, column 8 is not closed on that line, so the value runs on to line 2; end the value with \" on line 1"
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

# the cover reads: contrast checked before anything is written (WCAG 2)
printf 'title: "T"\n%scover:\n  background: "#ffeb3b"\n  text: white\n' "$HEAD" > "$TMP/yellow.yaml"
run "$MAZEBOOK" build "$TMP/yellow.yaml" -o "$TMP/out-yellow"
contains "$err" "yellow.yaml:8:9: the back's list is"
ok $(( $? + (rc != 1) )) "cover: white text on yellow is refused at cover.text"
contains "$err" "in #ffffff on #ffeb3b, a contrast of 1.2:1, and text of 18 pt or more needs 3.0:1 to be read (WCAG 2): choose text \"#1a1a1a\""
ok $? "cover: the refusal gives the ratio, the rule and a text colour that reads"
check "cover: nothing written for an unreadable cover" ! -e "$TMP/out-yellow"
# a theme: yellow with black text builds, and the badge turns red to show on it
printf 'title: "T"\n%scover:\n  theme: sunshine\n' "$HEAD" > "$TMP/sun.yaml"
run "$MAZEBOOK" build -q "$TMP/sun.yaml" -o "$TMP/out-sun"
ok $rc "cover: theme sunshine builds"
qpdf --qdf --object-streams=disable "$TMP/out-sun/cover.pdf" "$TMP/sun-qdf.pdf" 2>/dev/null
grep -a -q '^1 0.835294 0.309804 rg' "$TMP/sun-qdf.pdf"
ok $? "cover: the theme's yellow (#ffd54f) is the background"
grep -a -q '^0.898039 0.223529 0.207843 rg' "$TMP/sun-qdf.pdf" &&
  ! grep -a -q '^1 0.823529 0.247059 rg' "$TMP/sun-qdf.pdf"
ok $? "cover: the badge is red (#e53935), not the yellow that would vanish"
printf 'title: "T"\n%scover:\n  theme: pastel\n' "$HEAD" > "$TMP/pastel.yaml"
run "$MAZEBOOK" build "$TMP/pastel.yaml" -o "$TMP/out-pastel"
contains "$err" "pastel.yaml:7:10: unknown cover theme 'pastel' (valid: ocean, forest, sunset, berry, night, sunshine, candy, sky)"
ok $(( $? + (rc != 1) )) "cover: an unknown theme lists the themes"
# the title must be legible where Amazon shows the cover 160 px wide
long="The Enormous Treasury of Wonderfully Winding Twisting Turning Labyrinths and Puzzling Pathways for Curious Young Explorers Everywhere Who Love a Good Challenge on Rainy Days and Long Trips"
printf 'title: "%s"\n%strim: 5x8\n' "$long" "$HEAD" > "$TMP/long.yaml"
run "$MAZEBOOK" build "$TMP/long.yaml" -o "$TMP/out-long"
contains "$err" "long.yaml:1:8: the title fits the cover only at 17.0 pt, so its capitals would be 5.5 px tall where Amazon shows the cover 160 px wide (at least 6 px are needed to read it)"
ok $(( $? + (rc != 1) )) "cover: a title too small for a thumbnail is refused at the title"
check "cover: nothing written for an illegible thumbnail" ! -e "$TMP/out-long"
printf 'title: "Amazing Mazes"\nsubtitle: "%s"\n%strim: 5x8\n' "${long#The Enormous }" "$HEAD" > "$TMP/long.yaml"
run "$MAZEBOOK" build -q "$TMP/long.yaml" -o "$TMP/out-long"
ok $rc "cover: the words moved into the subtitle, as the message says, build"

# the about page: copyright with its year, imprint and ISBN; the seed only when asked
printf 'title: "T"\n%syear: 2026\nimprint: "Little Maze Press"\nisbn: 978-1-234567-89-7\n' "$HEAD" > "$TMP/about.yaml"
run "$MAZEBOOK" build -q "$TMP/about.yaml" -o "$TMP/out-about"
ok $rc "about page: year, imprint and ISBN build"
about=$(pdftotext -f 2 -l 2 "$TMP/out-about/interior.pdf" - 2>/dev/null)
contains "$about" "Copyright © 2026 A"
ok $? "about page: the copyright line has the year"
contains "$about" "Published by Little Maze Press"
ok $? "about page: the imprint"
contains "$about" "ISBN 978-1-234-56789-7"
ok $? "about page: the ISBN, its 13 digits hyphenated by the Agency's ranges"
contains "$about" "Seed"
check "about page: no seed unless print_seed (anyone could rebuild the book from it)" $? -ne 0
printf 'title: "T"\n%sprint_seed: true\nlanguage: de\n' "$HEAD" > "$TMP/seed.yaml"
run "$MAZEBOOK" build -q "$TMP/seed.yaml" -o "$TMP/out-seed"
about=$(pdftotext -f 2 -l 2 "$TMP/out-seed/interior.pdf" - 2>/dev/null)
contains "$about" "Startwert: 4"
ok $? "about page: print_seed: true prints it (in the book's language)"
printf 'title: "T"\n%sisbn: 978-1-234567-89-5\n' "$HEAD" > "$TMP/isbn.yaml"
run "$MAZEBOOK" build "$TMP/isbn.yaml" -o "$TMP/out-isbn"
contains "$err" "isbn.yaml:6:7: '978-1-234567-89-5' is not an ISBN: the check digit should be 7, not 5"
ok $(( $? + (rc != 1) )) "about page: an ISBN with a wrong check digit is refused at its key"

done_testing
