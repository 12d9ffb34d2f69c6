#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# The publisher's catalogue (SQLite): fresh seeds from `init`, a spec
# without a seed refused, a repeat across books stopped before anything is
# written, rebuilds replacing their own entries with the same bytes, four
# builds at once, builds killed at random moments, damaged, locked,
# read-only and missing catalogues, import of an old manifest, series.
. "${top_srcdir:-.}/tests/helpers/tap.sh"

bindir=$(dirname "$MAZEBOOK")
if [ ! -x "$bindir/mazeproof" ] && ! command -v mazeproof >/dev/null 2>&1; then
  echo "1..0 # SKIP mazeproof is not built (build runs it on every interior)"
  exit 0
fi
cd "$TMP" || exit 1
export MAZEBOOK_KEY_DIR="$TMP/keys"
CAT="$TMP/catalogue.db"

# spec FILE TITLE SEED ID [MAZES [LEVEL]]
spec() {
  printf 'title: "%s"\nauthor: "T"\nlevel: %s\nmazes: %s\nseed: %s\nbook_id: %s\n' \
    "$2" "${6:-easy}" "${5:-24}" "$3" "$4" > "$1"
}
# rows DIR: how many mazes the catalogue holds (export: a header line, then one per maze);
# a book of N numbered mazes holds N + 1: its title page's maze too (and the
# cover's stand-ins, when its grid is too fine for the cover's cards)
rows() { "$MAZEBOOK" catalogue export | tail -n +2 | wc -l; }
# book_rows ID: the mazes the catalogue holds for a book
book_rows() { "$MAZEBOOK" catalogue export | tail -n +2 | awk -F, -v id="$1" '$2 == id' | wc -l; }

# --- fresh seeds ---
run "$MAZEBOOK" init one.yaml
run "$MAZEBOOK" init two.yaml
s1=$(sed -n 's/^seed: //p' one.yaml)
s2=$(sed -n 's/^seed: //p' two.yaml)
check "init writes a seed" -n "$s1"
check "two starters get two seeds" "$s1" != "$s2"
check "two starters get two book ids" "$(sed -n 's/^book_id: //p' one.yaml)" != \
  "$(sed -n 's/^book_id: //p' two.yaml)"
check "the seed is a whole number" "$(echo "$s1" | tr -d 0-9)" = ""

# a spec without a seed: refused, with a seed to paste
printf 'title: "No Seed"\nauthor: "T"\nlevel: easy\nmazes: 24\n' > noseed.yaml
run "$MAZEBOOK" build noseed.yaml -o noseed
check "no seed: exit 1" "$rc" -eq 1
contains "$err" "noseed.yaml: no 'seed:'"
ok $? "no seed: the message names the spec and the key"
line=$(printf '%s\n' "$err" | sed -n 's/^ *\(seed: [0-9][0-9]*\)$/\1/p')
check "no seed: the message holds a line to paste" -n "$line"
check "no seed: nothing written" ! -e noseed
printf '%s\n' "$line" >> noseed.yaml
run "$MAZEBOOK" build noseed.yaml -o noseed -q
ok $rc "the pasted seed builds"

# --- a repeat across books: the starter's seed in a second book ---
spec a.yaml "Book A" 1234 book-a
run "$MAZEBOOK" build a.yaml -o A -q
ok $rc "book A builds and is recorded"
check "the catalogue holds A's 24 mazes and its title page's" "$(book_rows book-a)" -eq 25
"$MAZEBOOK" catalogue export | awk -F, '$2 == "book-a" && $4 == "title-page"' | grep -q .
ok $? "the title page's maze is recorded in its place"
grep -q "^PASS  catalogue.unique .*25 maze keys checked against the catalogue" A/checklist.txt
ok $? "A's checklist states the catalogue check and the keys checked"
run "$MAZEBOOK" build a.yaml -o A -q
spec c.yaml "Book C" 4321 book-c
run "$MAZEBOOK" build c.yaml -o C
contains "$out" "catalogue  25 maze keys checked against 50 mazes of 2 other books: none printed before; recorded as 'book-c'"
ok $? "the summary states the catalogue's size (this book left out)"
spec b.yaml "Book B" 1234 book-b
before=$(rows)
run "$MAZEBOOK" build b.yaml -o B
check "book B with A's seed: exit 1" "$rc" -eq 1
contains "$err" "25 of the 25 mazes were printed before; maze 1 (page " &&
  contains "$err" "of 'Book A' (book 'book-a', in '$TMP/A')" &&
  contains "$err" "change the spec's 'seed'" && contains "$err" "series:"
ok $? "the refusal names the other book, its maze and page, and what to change"
check "nothing of B was written" ! -e B
check "the refused book recorded nothing" "$(rows)" -eq "$before"
# one repeat alone: a book whose first mazes are A's (more mazes, same seed) names its first new one
spec a30.yaml "Book A30" 1234 book-a30 30
run "$MAZEBOOK" build a30.yaml -o A30
contains "$err" "25 of the 31 mazes were printed before; maze 1 (page"
ok $? "a partial repeat counts the repeats"

# --- the same book again: one set of entries, the same bytes ---
run "$MAZEBOOK" build a.yaml -o A2 -q
ok $rc "book A rebuilt (same book id) is not a repeat"
for f in interior.pdf cover.pdf manifest.json checklist.txt; do
  cmp -s A/$f A2/$f
  ok $? "the rebuild's $f is byte-identical"
done
check "the rebuild keeps one set of entries" "$(book_rows book-a)" -eq 25
run "$MAZEBOOK" catalogue list
check "list shows each book once" "$(printf '%s\n' "$out" | grep -c '^book-a ')" -eq 1
contains "$out" "$TMP/A2"
ok $? "the rebuild's folder replaced the first"

# --- four builds at once into four folders, one catalogue ---
for i in 1 2 3 4; do
  spec p$i.yaml "Parallel $i" 50$i par-$i 30
  ("$MAZEBOOK" build p$i.yaml -o P$i -q > p$i.out 2>&1; echo $? > p$i.rc) &
done
wait
okc=0
for i in 1 2 3 4; do [ "$(cat p$i.rc)" = 0 ] && okc=$((okc + 1)); done
check "four different books at once all build" "$okc" -eq 4
keys=$("$MAZEBOOK" catalogue export | tail -n +2 | awk -F, '$2 ~ /^par-/ {print $1}')
check "four builds at once recorded 124 mazes (4 x 30 and their title pages')" \
  "$(printf '%s\n' "$keys" | wc -l)" -eq 124
check "... each key once" "$(printf '%s\n' "$keys" | sort -u | wc -l)" -eq 124
# four books with one seed at once: the database decides, one wins
for i in 1 2 3 4; do
  spec q$i.yaml "Race $i" 777 race-$i 30
  ("$MAZEBOOK" build q$i.yaml -o Q$i -q > q$i.out 2>&1; echo $? > q$i.rc) &
done
wait
won=0
lost_clearly=0
for i in 1 2 3 4; do
  if [ "$(cat q$i.rc)" = 0 ]; then won=$((won + 1)); else
    grep -q "was printed before" q$i.out && [ ! -e Q$i/interior.pdf ] && lost_clearly=$((lost_clearly + 1))
  fi
done
check "four books with one seed at once: exactly one is built" "$won" -eq 1
check "... the three others fail naming the repeat, and write no book" "$lost_clearly" -eq 3
race=$("$MAZEBOOK" catalogue export | tail -n +2 | awk -F, '$2 ~ /^race-/' | wc -l)
check "... and the catalogue holds the winner's 30 mazes (and title page's) once" "$race" -eq 31

# --- a build killed at random moments: the old entries or the new, never half ---
spec k.yaml "Killed" 4242 killed 40
run "$MAZEBOOK" build k.yaml -o K -q
ok $rc "the book to kill is built (40 mazes)"
spec k.yaml "Killed" 4343 killed 48
never_half=0
tries=0
for d in $(awk 'BEGIN { srand(); for (i = 0; i < 10; i++) printf "%.2f ", 0.05 + rand() * 1.6 }'); do
  timeout -s KILL "$d" "$MAZEBOOK" build k.yaml -o K -q > /dev/null 2>&1
  n=$(book_rows killed)
  head=$("$MAZEBOOK" catalogue show killed | sed -n 's/^mazes *//p')
  tries=$((tries + 1))
  { [ "$n" -eq 41 ] || [ "$n" -eq 49 ]; } && [ "$n" -eq "$head" ] && never_half=$((never_half + 1))
done
check "killed at 10 random moments: always 41 or 49 entries (with the title page's), as the book's row says" \
  "$never_half" -eq "$tries"
run "$MAZEBOOK" build k.yaml -o K -q
ok $rc "the build, let run, finishes"
check "... and the catalogue holds the new 48 and the title page's" "$(book_rows killed)" -eq 49
run "$MAZEBOOK" catalogue check K
ok $rc "catalogue check passes on the finished book"
contains "$out" "49 mazes, 49 distinct keys" && contains "$out" "recorded: yes"
ok $? "check says the book is unique and recorded"

# --- catalogue check fails on a repeat (the checker can fail) ---
cp -r A Acopy
sed 's/"book_id": "book-a"/"book_id": "book-a-copy"/' A/manifest.json > Acopy/manifest.json
run "$MAZEBOOK" catalogue check Acopy
check "check on a copy of A under another id: exit 1" "$rc" -eq 1
contains "$err" "of 'Book A' (book 'book-a'"
ok $? "check names the book it repeats"
# two mazes of one book with one key
awk '/"number": 2,/ { sub(/"key": "[0-9a-f]*"/, k) } /"number": 1,/ { match($0, /"key": "[0-9a-f]*"/); k = substr($0, RSTART, RLENGTH) } { print }' \
  A/manifest.json > dup.json
run "$MAZEBOOK" catalogue check dup.json
check "check on a manifest with a maze twice: exit 1" "$rc" -eq 1
contains "$err" "mazes 1 and 2 are one puzzle"
ok $? "check names the two mazes"

# --- import of an old book's manifest (no book id, no keys) ---
spec old.yaml "Old Book" 9090 ignored 24
sed -i '/^book_id:/d' old.yaml
printf 'catalogue: none\n' >> old.yaml
before=$(rows)
# the spec's 'none' holds only when the user chose nothing ($MAZEBOOK_CATALOGUE comes first)
MAZEBOOK_CATALOGUE= run "$MAZEBOOK" build old.yaml -o OLD -q
ok $rc "a book built without a catalogue ('catalogue: none')"
grep -q '^WARN  catalogue.unique .*not checked' OLD/checklist.txt
ok $? "its checklist says the mazes were not checked"
check "nothing was recorded" "$(rows)" -eq "$before"
want=$(grep -o '"key": "[0-9a-f]*"' OLD/manifest.json | cut -d'"' -f4 | sort)
sed -e '/"book_id":/d' -e 's/, "key": "[0-9a-f]*"//' OLD/manifest.json > OLD/old-manifest.json
check "the old manifest has no keys" "$(grep -c '"key"' OLD/old-manifest.json)" -eq 0
run "$MAZEBOOK" catalogue import OLD/old-manifest.json
ok $rc "import of the old manifest"
contains "$out" "25 mazes, keys made again from each maze's recipe"
ok $? "import says the keys were made again"
id=$(printf '%s\n' "$out" | sed -n "s/^imported '\([^']*\)'.*/\1/p")
got=$("$MAZEBOOK" catalogue export | awk -F, -v id="$id" '$2 == id {print $1}' | sort)
check "the imported keys are the keys the build took" "$got" = "$want"
check "the old book's id is the one a build makes (t- and the title and seed's hash)" \
  "$(echo "$id" | cut -c1-2)" = "t-"
spec new.yaml "New Book" 9090 new-book 24
run "$MAZEBOOK" build new.yaml -o NEW
check "a new book with the old book's seed: exit 1" "$rc" -eq 1
contains "$err" "of 'Old Book' (book '$id'"
ok $? "... naming the imported book"
run "$MAZEBOOK" catalogue import OLD
ok $rc "importing the same book again replaces its entries"
check "... still 25 entries" "$(book_rows "$id")" -eq 25

# --- the cover's own mazes: a grid too fine for its cards gets stand-ins, recorded too ---
printf 'title: "Fine Grid"\nauthor: "T"\nlevel: expert\nmazes: 24\nseed: 7878\nbook_id: fine\ngrid: 110x140\nsolutions: 1\n' > fine.yaml
run "$MAZEBOOK" build fine.yaml -o FINE -q
ok $rc "a book whose grid is too fine for the cover's cards builds"
places=$("$MAZEBOOK" catalogue export | awk -F, '$2 == "fine" {print $4}' | sort | uniq -c | tr -s ' ' | tr '\n' ';')
check "it records 24 interior mazes, the title page's and both cover stand-ins ($places)" \
  "$places" = " 1 cover-back; 1 cover-front; 24 interior; 1 title-page;"
grep -q '"place": "cover-front", "number": 1, "page": 0, "generator": "[a-z-]*", "seed": [0-9]*, "size": \[60, 76\]' FINE/manifest.json
ok $? "the manifest lists the cover's stand-in with its recipe"
grep -q '^  "cover_pattern": {"generator": "backtracker", "seed": [0-9]*, "size": \[[0-9]*, [0-9]*\]}$' FINE/manifest.json
ok $? "the manifest lists the cover's background pattern with its recipe (a texture: not catalogued)"
sed -e '/"book_id":/d' -e 's/, "key": "[0-9a-f]*"//' FINE/manifest.json > fine-old.json
run "$MAZEBOOK" catalogue forget fine
run "$MAZEBOOK" catalogue import fine-old.json
fid=$(printf '%s\n' "$out" | sed -n "s/^imported '\([^']*\)'.*/\1/p")
check "import makes the cover's and title page's keys again from their recipes" \
  "$("$MAZEBOOK" catalogue export | awk -F, -v id="$fid" '$2 == id && $4 != "interior" {print $1}' | sort | tr '\n' ' ')" = \
  "$(grep -o '"place": "[a-z-]*", [^}]*"key": "[0-9a-f]*"' FINE/manifest.json | sed 's/.*"key": "//; s/"//' | sort | tr '\n' ' ')"
run "$MAZEBOOK" catalogue forget "$fid"
# a book with the same seed but another title: the title page's maze is a repeat as well
printf 'title: "Fine Grid Again"\nauthor: "T"\nlevel: easy\nmazes: 24\nseed: 7878\nbook_id: fine2\n' > fine2.yaml
run "$MAZEBOOK" build fine.yaml -o FINE -q
run "$MAZEBOOK" build fine2.yaml -o FINE2
contains "$err" "the title page's maze (page 1) was printed before, perhaps turned or mirrored: it is the title page's maze (page 1) of 'Fine Grid'"
ok $(( $? + (rc != 1) )) "a repeat of the title page's maze alone is named as such"

# --- forget, show, stats, export ---
run "$MAZEBOOK" catalogue forget "$id"
ok $rc "forget a book"
contains "$out" "forgot '$id' and its 25 mazes"
ok $? "forget says what went"
run "$MAZEBOOK" build new.yaml -o NEW -q
ok $rc "the book forgotten, its seed builds another"
run "$MAZEBOOK" catalogue forget no-such-book
check "forget an unknown book: exit 1" "$rc" -eq 1
contains "$err" "no book 'no-such-book'"
ok $? "... naming it"
run "$MAZEBOOK" catalogue show book-a
contains "$out" "title    Book A" && contains "$out" "rect 10x12"
ok $? "show gives the book and its mazes"
check "show lists 24 mazes" "$(printf '%s\n' "$out" | grep -c '^  interior')" -eq 24
run "$MAZEBOOK" catalogue stats
contains "$out" "easy" && contains "$out" "rect 10x12"
ok $? "stats counts mazes per level and grid"
"$MAZEBOOK" catalogue export --format json > export.json
python3 -c "import json,sys; d=json.load(open('export.json')); sys.exit(0 if len(d)==$(rows) and len({m['key'] for m in d})==len(d) else 1)"
ok $? "export --format json is JSON with every maze once"
run "$MAZEBOOK" catalogue export --format xml
check "export --format xml: usage error" "$rc" -eq 2
run "$MAZEBOOK" catalogue frobnicate
check "an unknown subcommand: usage error" "$rc" -eq 2

# --- damaged, newer, locked, read-only and missing catalogues ---
head -c 4096 /dev/urandom > bad.db
cp bad.db bad.orig
MAZEBOOK_CATALOGUE="$TMP/bad.db" run "$MAZEBOOK" build a.yaml -o BAD
check "a damaged catalogue: exit 1" "$rc" -eq 1
contains "$err" "the catalogue '$TMP/bad.db' is damaged or not an SQLite database"
ok $? "the message names the file and says what is wrong"
cmp -s bad.db bad.orig
ok $? "the damaged file is left as it was"
check "nothing was built" ! -e BAD/interior.pdf
MAZEBOOK_CATALOGUE="$TMP/bad.db" run "$MAZEBOOK" catalogue list
check "list on a damaged catalogue: exit 1" "$rc" -eq 1
contains "$err" "damaged"
ok $? "list says so too"

cp "$CAT" newer.db
python3 -c "import sqlite3; c=sqlite3.connect('newer.db'); c.execute(\"UPDATE meta SET value='99' WHERE name='schema_version'\"); c.commit()"
MAZEBOOK_CATALOGUE="$TMP/newer.db" run "$MAZEBOOK" build a.yaml -o NEWER
check "a catalogue of a newer schema: exit 1" "$rc" -eq 1
contains "$err" "has schema version 99, made by a newer mazebook"
ok $? "the message says which version and what to do"

# a writer holds the lock: the build waits (here 1 s), then says so
python3 -c "
import sqlite3, time, sys
c = sqlite3.connect('$CAT', isolation_level=None)
c.execute('BEGIN IMMEDIATE')
open('locked', 'w').close()
time.sleep(6)
" &
locker=$!
while [ ! -e locked ]; do sleep 0.1; done
MAZEBOOK_CATALOGUE_WAIT=1 run "$MAZEBOOK" build a.yaml -o LOCKED
check "a locked catalogue: exit 1" "$rc" -eq 1
contains "$err" "the catalogue '$CAT' is locked: another program held it for 1 s"
ok $? "the message names the file and says to try again"
check "the locked build put no book in place" ! -e LOCKED/interior.pdf
kill "$locker" 2>/dev/null
wait "$locker" 2>/dev/null
check "the lock's loser left the catalogue as it was" "$(book_rows book-a)" -eq 25

MAZEBOOK_CATALOGUE="$TMP/none-here.db" run "$MAZEBOOK" catalogue list
check "list on a missing catalogue: exit 1" "$rc" -eq 1
contains "$err" "no catalogue at '$TMP/none-here.db'"
ok $? "the message says there is none yet"
check "list made no file" ! -e none-here.db
MAZEBOOK_CATALOGUE="$TMP/no/such/folder/c.db" run "$MAZEBOOK" build a.yaml -o MISSING
check "a catalogue in a missing folder: exit 1" "$rc" -eq 1
contains "$err" "the folder '$TMP/no/such/folder' does not exist"
ok $? "the message names the folder"
check "... and nothing was built" ! -e MISSING/interior.pdf
# the first build makes a catalogue
MAZEBOOK_CATALOGUE="$TMP/fresh.db" run "$MAZEBOOK" build a.yaml -o FRESH -q
ok $rc "a missing catalogue file is made on first use"
MAZEBOOK_CATALOGUE="$TMP/fresh.db" run "$MAZEBOOK" catalogue list
contains "$out" "1 book in $TMP/fresh.db"
ok $? "... and holds the book"

# the spec's own catalogue: a file in its folder, when $MAZEBOOK_CATALOGUE
# and --catalogue choose none (tests/cli/cli_harden_reach.sh: they come first)
mkdir own
spec own/book.yaml "Own" 6060 own-book
printf 'catalogue: books.db\n' >> own/book.yaml
MAZEBOOK_CATALOGUE= run "$MAZEBOOK" build own/book.yaml -o OWN -q
ok $rc "a spec with 'catalogue: books.db' builds"
check "... and its catalogue is beside the spec" -s own/books.db
check "... not in \$MAZEBOOK_CATALOGUE" "$(book_rows own-book)" -eq 0
# bad values of the new keys, at their place
bad_key() { # NAME LINE EXPECTED
  run "$MAZEBOOK" build "$1.yaml" -o "BADKEY-$1"
  contains "$err" "$1.yaml:$2"
  ok $(( $? + (rc != 1) )) "$1: exit 1 at $1.yaml:$2 and '$3'"
  contains "$err" "$3"
  ok $? "$1: the message says '$3'"
}
spec abscat.yaml "T" 1 t; printf 'catalogue: /etc/mazebook.db\n' >> abscat.yaml
bad_key abscat "7:12" "a spec names a catalogue file inside its own folder"
spec badid.yaml "T" 1 "my book"
bad_key badid "6:10" "'book_id' must be 1 to 64 letters, digits"
spec vols.yaml "T" 1 t; printf 'series:\n  volumes: 0\n' >> vols.yaml
bad_key vols "8:12" "out of range (valid: 1..100)"
spec voltitle.yaml "T" 1 t; printf 'series:\n  volumes: 2\n  title: "Same"\n' >> voltitle.yaml
bad_key voltitle "9:10" "must hold {n}"

# read-only: as root, permissions apply only to another user
as_user=""
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null 2>&1; then
  as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"
fi
if [ "$(id -u)" -ne 0 ] || [ -n "$as_user" ]; then
  chmod 711 "$TMP"
  mkdir ro && chmod 777 ro
  cp "$CAT" ro/ro.db && chmod 444 ro/ro.db
  spec ro/r.yaml "Read Only" 31337 read-only
  sum=$(cksum < ro/ro.db)
  MAZEBOOK_CATALOGUE="$TMP/ro/ro.db" MAZEBOOK_KEY_DIR="$TMP/ro/keys" \
    run $as_user "$MAZEBOOK" build ro/r.yaml -o "$TMP/ro/out"
  check "a read-only catalogue: exit 1" "$rc" -eq 1
  contains "$err" "the catalogue '$TMP/ro/ro.db'" && contains "$err" "read-only"
  ok $? "the message names the file and says it is read-only"
  check "... and it is unchanged" "$(cksum < ro/ro.db)" = "$sum"
  check "... and no book was put in place" ! -e ro/out/interior.pdf
else
  skip "root without setpriv: permissions do not apply"
  skip "root without setpriv"
  skip "root without setpriv"
  skip "root without setpriv"
fi

# --- a series: 5 volumes of 100 medium mazes, no maze shared ---
cat > series.yaml <<'SPEC'
title: "Amazing Mazes"
author: "T"
level: medium
mazes: 100
seed: 20261202
book_id: amazing
series:
  volumes: 5
  title: "Amazing Mazes Vol. {n}"
SPEC
run "$MAZEBOOK" build series.yaml -o S -q
ok $rc "a series of 5 volumes of 100 medium mazes builds"
all=""
passes=0
for n in 1 2 3 4 5; do
  run "$MAZEBOOK" catalogue check S/vol-$n
  [ "$rc" -eq 0 ] && contains "$out" "101 mazes, 101 distinct keys" &&
    contains "$out" "book 'amazing-vol-$n' ('Amazing Mazes Vol. $n')" && passes=$((passes + 1))
  all="$all $(grep -o '"key": "[0-9a-f]*"' S/vol-$n/manifest.json | cut -d'"' -f4)"
done
check "catalogue check passes on each volume, each with its own id and title" "$passes" -eq 5
check "the five volumes hold 505 distinct keys (500 mazes, 5 title pages)" \
  "$(printf '%s\n' $all | sort -u | wc -l)" -eq 505
check "each volume has its own cover and checklist" -s S/vol-5/cover.pdf -a -s S/vol-5/checklist.txt
cmp -s S/vol-1/cover.pdf S/vol-2/cover.pdf
check "... and the covers differ (the title has the volume)" $? -ne 0
cp S/vol-3/interior.pdf vol3.pdf
run "$MAZEBOOK" build series.yaml -o S -q --volumes 2-4
ok $rc "--volumes 2-4 rebuilds some"
cmp -s vol3.pdf S/vol-3/interior.pdf
ok $? "... volume 3 again, byte for byte"
check "... the catalogue still holds each volume once" \
  "$("$MAZEBOOK" catalogue export | awk -F, '$2 ~ /^amazing-vol-/' | wc -l)" -eq 505
run "$MAZEBOOK" build series.yaml -o S --volumes 6
check "--volumes past the series: usage error" "$rc" -eq 2
run "$MAZEBOOK" build a.yaml -o X --volumes 2
check "--volumes without series: usage error" "$rc" -eq 2
# a spec copied from volume 1's seed: refused
spec s2.yaml "Stolen" "$(grep -o '"seed": [0-9]*' S/vol-1/manifest.json | head -1 | cut -d' ' -f2)" stolen 100 medium
run "$MAZEBOOK" build s2.yaml -o STOLEN
check "a book with volume 1's seed: exit 1" "$rc" -eq 1
contains "$err" "of 'Amazing Mazes Vol. 1' (book 'amazing-vol-1'"
ok $? "... naming the volume"

done_testing
