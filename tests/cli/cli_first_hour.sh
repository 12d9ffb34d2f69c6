#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# The first hour of a publisher (issue 26): the titles that sell on KDP
# build, each as a small book; a count that contradicts the book, a price
# under the minimum, a page count KDP cannot print and solutions too small
# to read fail at their key's line and column before any maze is made,
# writing nothing; `mazebook check` reads a drop-shadowed title once; the
# summary says what the spine carries; stale fault pictures go away.
. "$top_srcdir/tests/helpers/tap.sh"
MKPDF=$(dirname "$MAZEBOOK")/tests/helpers/mkpdf
cd "$TMP" || exit 1

# spec TITLE SUBTITLE MAZES [EXTRA LINES]: a small 6 x 9 easy book, its
# own seed each time (every build records its mazes in the test's catalogue)
seed=100
spec() {
  seed=$((seed + 1))
  printf 'title: "%s"\nsubtitle: "%s"\nauthor: "Ada Byron"\nyear: 2026\nlevel: easy\n' "$1" "$2"
  printf 'mazes: %s\ntrim: 6x9\nseed: %s\noutput: out/\n%s' "$3" "$seed" "${4:-}"
}

# Real title and subtitle patterns (ages, years, grades, volumes, holidays,
# seniors, counts that agree), separated by '|': TITLE|SUBTITLE|MAZES
n=0
while IFS='|' read -r title subtitle mazes; do
  [ -n "$title" ] || continue
  n=$((n + 1))
  mkdir -p "t$n" && cd "t$n" || exit 1
  spec "$title" "$subtitle" "$mazes" > book.yaml
  run "$MAZEBOOK" build -q book.yaml
  ok "$rc" "'$title' / '$subtitle' ($mazes mazes) builds"
  # and mazebook check, reading the cover as anyone's, agrees
  if [ "$rc" -eq 0 ]; then
    run "$MAZEBOOK" check out/interior.pdf out/cover.pdf --mazes "$mazes"
    l=$(printf '%s\n' "$out" | grep '^[A-Z]*  cover.count ')
    case "$l" in PASS*) ok 0 "check reads '$title' as the book's $mazes mazes" ;;
                 *) ok 1 "check reads '$title' as the book's $mazes mazes (got: $l)" ;; esac
  fi
  cd .. || exit 1
done <<'TITLES'
Easy Mazes for Kids Ages 4-6|Fun puzzles with big paths|16
Mazes for Kids 8-12|Brain games for clever kids|16
Maze Puzzles for Kids, Volume 2|More fun for young explorers|16
Halloween Mazes for Kids 2026|Spooky puzzles for little monsters|16
Christmas Mazes 2026|Festive puzzles for the holidays|16
Kids Mazes 2027|A year of puzzles|16
Mazes 101 for Kids|Learn to solve a maze|16
Mazes for Kids Ages 4-8|Activity book for boys and girls|16
Maze Book for Kids Age 6+|Puzzles to keep them busy|16
Mazes 4-8 Years|Fun learning for preschool|16
Toddlers 2-4 First Mazes|Big paths for little hands|16
2nd Grade Mazes|Puzzles for second graders|16
Mazes for 3rd Graders|Practice for young thinkers|16
Mazes for 5 Year Olds|Easy mazes for kindergarten|16
Preschool Mazes Ages 3 to 5|Big and simple|16
Kindergarten Mazes Ages 5-6|Ready for school|16
Maze Puzzle Book Book 3|The third book of puzzles|16
Mazes Part 2|Even more mazes|16
Mazes Vol. 4|The collection goes on|16
Mazes No. 7|Seventh collection|16
Easter Mazes 2026|Egg hunt puzzles|16
Summer Mazes 2026|Beach days and puzzles|16
Back to School Mazes 2026|Puzzles for a new year|16
Valentine's Day Mazes|Love puzzles for kids 6-10|16
Large Print Mazes for Seniors|Easy puzzles for adults|16
Mazes for Seniors Vol. 1|Relaxing puzzles in large print|16
Mazes for Adults|Relaxing puzzles for grown-ups 18+|16
3D Mazes for Kids|Puzzles that pop|16
5-Minute Mazes|Quick puzzles for busy days|16
Level 3 Mazes|For experienced solvers|16
Travel Mazes for Kids 4-6|Take-along puzzles|16
Dinosaur Mazes Ages 3-5|Roar through the puzzles|16
Space Mazes for Kids 6-8|Blast off|16
Mazes for Kids 2-in-1|Mazes and fun|16
16 Easy Mazes|For ages 4 to 6|16
Amazing Mazes|16 Easy Mazes for Ages 5-7|16
Mazes for Kids|16 Fun Mazes, Ages 4-6|16
Big Maze Book|Over 10 Mazes for Kids 4-8|16
Maze Fun 2026|16+ Mazes for Kids|16
Halloween Mazes 2026|16 Spooky Mazes for Kids 6-10|16
Mazes for Kids Ages 4-6: 16 Mazes|A first book|16
Labyrinthe für Kinder ab 6 Jahren|Rätselspaß|16
TITLES
check "at least 40 title patterns were built" "$n" -ge 40

# A count that contradicts the book: refused at the key's line and column,
# before any maze is made (no output folder at all)
bad() { # DESCRIPTION EXPECTED-ERROR SPEC
  mkdir -p bad && cd bad || exit 1
  printf '%s' "$3" > book.yaml
  run "$MAZEBOOK" build book.yaml
  check "$1: exits 1" "$rc" -eq 1
  case "$err" in *"$2"*) ok 0 "$1: says '$2'" ;; *) ok 1 "$1: says '$2'" ;; esac
  check "$1: writes nothing" ! -e out
  cd .. && rm -rf bad
}
bad "100 Mazes on a 50-maze book" "book.yaml:1:8: 'title' says 100 mazes, but the book has 50" \
  "$(spec '100 Mazes for Kids' 'Ages 4-6' 50)"
bad "a subtitle's count" "book.yaml:2:11: 'subtitle' says 30 mazes, but the book has 16" \
  "$(spec 'Mazes for Kids Ages 4-6' '30 Easy Mazes' 16)"
bad "the back text's count" "'cover.back' says 80 mazes" \
  "$(spec 'Mazes for Kids 2026' 'Fun' 16 'cover:
  back: "Inside: 80 mazes for ages 4-6."
')"
# the rules whose inputs the spec holds, at their keys
bad "a price under the minimum" "book.yaml:10:8: list price \$1.00 is under the minimum" \
  "$(spec 'Mazes for Kids' 'Fun' 16 'price: 1.00
')"
bad "a hardcover's price under its minimum, before the paperback is built" \
  "book.yaml:13:14: list price \$5.00 is under the minimum" \
  "$(spec 'Mazes for Kids' 'Fun' 60 'editions: [paperback, hardcover]
price:
  paperback: 9.99
  hardcover: 5.00
')"
bad "a page count KDP cannot print" "book.yaml:6:8: 900 mazes make" \
  "$(spec 'Mazes for Kids' 'Fun' 900)"
bad "solutions too small to read" \
  "book.yaml:10:12: 9 solutions per page of a 32x40 grid are too small to read on a 6 x 9 in page: their squares would be 1.24 mm" \
  "$(spec 'Expert Mazes' 'Fun' 16 'solutions: 9
' | sed 's/level: easy/level: expert/')"
bad "the fitting count is named" "'solutions: 4' fits (1.94 mm squares)" \
  "$(spec 'Expert Mazes' 'Fun' 16 'solutions: 9
' | sed 's/level: easy/level: expert/')"

# mazebook check on another producer's cover (cairo): a drop-shadowed title
# "Easy Mazes for Kids Ages 4-6" is one run, the "24" over "MAZES" badge the count
"$MKPDF" interior i.pdf 24 && "$MKPDF" cover shadow.pdf 24 shadow
run "$MAZEBOOK" check i.pdf shadow.pdf --mazes 24
l=$(printf '%s\n' "$out" | grep '^[A-Z]*  cover.count ')
case "$l" in "PASS  cover.count "*"says 24 mazes, as the book has"*) ok 0 "a drop-shadowed title is read once" ;;
             *) ok 1 "a drop-shadowed title is read once (got: $l)" ;; esac
run "$MAZEBOOK" check i.pdf shadow.pdf --mazes 30
l=$(printf '%s\n' "$out" | grep '^[A-Z]*  cover.count ')
case "$l" in "FAIL  cover.count "*"says 24 mazes but the book has 30"*) ok 0 "its badge still fails a 30-maze book" ;;
             *) ok 1 "its badge still fails a 30-maze book (got: $l)" ;; esac

# The summary says what the spine carries, and why not
mkdir -p spine && cd spine || exit 1
spec 'Amazing Mazes for Curious Kids' 'Fun' 60 > book.yaml
sed -i 's/trim: 6x9/trim: 8.5x11/' book.yaml
run "$MAZEBOOK" build book.yaml
check "a 60-maze book builds" "$rc" -eq 0
case "$out" in *"no spine text: 0.18 in spine, the title needs 0.27 in at 7 pt; it fits from 120 pages"*)
  ok 0 "the summary says why the spine has no text" ;;
  *) ok 1 "the summary says why the spine has no text" ;; esac
case "$out" in *"spine text allowed"*) ok 1 "no 'spine text allowed' where none is drawn" ;;
  *) ok 0 "no 'spine text allowed' where none is drawn" ;; esac
# a stale faults folder from an earlier failed build goes when a build passes
mkdir -p out/faults && : > out/faults/interior-page-0003.png && : > out/faults/cover.png
run "$MAZEBOOK" build -q book.yaml
check "the rebuild passes" "$rc" -eq 0
check "the stale fault pictures are gone" ! -e out/faults
cd .. || exit 1
spec 'Maze Book' 'Fun' 16 > small.yaml
sed -i 's/trim: 6x9/trim: 8.5x11/; s|output: out/|output: small/|' small.yaml
run "$MAZEBOOK" build small.yaml
case "$out" in *"no spine text: KDP allows it from 80 pages, the book has"*)
  ok 0 "a thin book says KDP allows no spine text" ;;
  *) ok 1 "a thin book says KDP allows no spine text" ;; esac

# The ISBN on the checklist as the copyright page prints it: hyphenated by
# the Agency's ranges; one in no range of our data warns, and still builds
mkdir -p isbn && cd isbn || exit 1
spec 'Mazes for Kids' 'Fun' 16 'isbn: "9781402894626"
' > book.yaml
run "$MAZEBOOK" build -q book.yaml
check "a book with an ISBN builds" "$rc" -eq 0
grep -q '^PASS  interior.isbn .*ISBN 978-1-4028-9462-6, hyphenated' out/checklist.txt
ok $? "the checklist names the ISBN as printed, hyphenated"
spec 'Mazes for Kids' 'Fun' 16 'isbn: "9798330000005"
' > book.yaml
run "$MAZEBOOK" build -q book.yaml --force
check "an ISBN in no range of the data still builds" "$rc" -eq 0
grep -q '^WARN  interior.isbn .*9798330000005.*printed without hyphens' out/checklist.txt
ok $? "it warns that it is printed without hyphens"
cd .. || exit 1

done_testing
