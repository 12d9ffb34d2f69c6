#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# ISBNs printed hyphenated by the International ISBN Agency's ranges
# (specs/isbn-ranges.def, made by specs/make-isbn-ranges.py from Debian's
# python3-stdnum): the committed file is the script's output for the
# installed stdnum, mazebook splits every range's first and last number as
# stdnum.isbn.format() does, an unassigned range prints bare digits, and
# the copyright page of a built book prints the hyphenated ISBN.
. "$top_srcdir/tests/helpers/tap.sh"

PRINT="$(dirname "$MAZEBOOK")/tests/helpers/isbn_print"
# Debian's python3 has Debian's python3-stdnum; a python3 earlier on PATH may not
PY=""
for p in python3 /usr/bin/python3; do
  if "$p" -c 'import stdnum.isbn' 2>/dev/null; then PY=$p; break; fi
done
if [ -z "$PY" ]; then
  echo "Bail out! no python3 with stdnum: apt-get install python3-stdnum (./setup does)"
  exit 1
fi

# the data file is the script's output, and says where it came from
"$PY" "$top_srcdir/specs/make-isbn-ranges.py" > "$TMP/ranges.def" 2> "$TMP/make.err"
ok $? "make-isbn-ranges.py runs on the installed stdnum"
serial=$(sed -n 's/^ \* file serial \([^ ]*\) .*/\1/p' "$TMP/ranges.def")
if grep -q "file serial $serial " "$top_srcdir/specs/isbn-ranges.def"; then
  cmp -s "$TMP/ranges.def" "$top_srcdir/specs/isbn-ranges.def"
  ok $? "specs/isbn-ranges.def is make-isbn-ranges.py's output (range file $serial)"
else
  skip "the installed stdnum has range file $serial, not specs/isbn-ranges.def's: run the script and commit"
fi
grep -q '^ISBN_RANGES_DATE("20[0-9][0-9]-[01][0-9]-[0-3][0-9]")$' "$top_srcdir/specs/isbn-ranges.def"
ok $? "the data file gives its range file's date"

# a broken range file is refused with its line, not turned into data
printf '978\n 0 agency="English language"\n  00-19,200-22\n' > "$TMP/bad.dat"
"$PY" "$top_srcdir/specs/make-isbn-ranges.py" "$TMP/bad.dat" > /dev/null 2> "$TMP/bad.err"
rc=$?
grep -q "bad.dat:3: '200-22' is not a range of equal-length numbers" "$TMP/bad.err"
ok $(( $? + (rc != 1) )) "a range of unequal ends is refused with its file and line"

# every registrant range's first and last ISBN-13, each range of a
# group at least once, and the ISBN-10 of each 978 one: as stdnum prints them
"$PY" - > "$TMP/isbns.txt" <<'PY'
from stdnum import ean, isbn, numdb
db = numdb.get('isbn')
def walk(prefixes, digits):
    for length, low, high, props, children in prefixes:
        if len(digits) == 3 and not 'agency' in props:
            continue
        for end in (low, high):
            d = digits + end
            if children:
                walk(children, d)
            elif 3 < len(digits) and len(d) < 12:
                n = d + ('0' if end == low else '9') * (12 - len(d))
                yield_.append(n + ean.calc_check_digit(n))
yield_ = []
for length, low, high, props, children in db.prefixes:
    walk(children, low)
for n in yield_:
    print(n)
    if n.startswith('978'):
        print(isbn.to_isbn10(n))
PY
count=$(wc -l < "$TMP/isbns.txt")
check "stdnum's ranges give over 2000 ISBNs to compare ($count)" "$count" -gt 2000
"$PY" -c '
import sys
from stdnum import isbn
for line in sys.stdin:
    print(isbn.format(line.strip()))' < "$TMP/isbns.txt" > "$TMP/stdnum.txt"
"$PRINT" < "$TMP/isbns.txt" > "$TMP/mazebook.txt"
ok $? "every one is an ISBN to mazebook"
diff "$TMP/stdnum.txt" "$TMP/mazebook.txt" > "$TMP/diff.txt"
ok $? "mazebook hyphenates every one as stdnum does ($(grep -c '^<' "$TMP/diff.txt") differ)"
[ -s "$TMP/diff.txt" ] && sed 's/^/# /' "$TMP/diff.txt" | head -10

# real books of several groups, and KDP's 979-8, against stdnum
for n in 9780306406157 9781402894626 9783161484100 9782070360024 9791090636071 \
         9788437604947 9784101092058 9789573317241 9798612345671 0-306-40615-2 080442957X; do
  want=$("$PY" -c 'import sys; from stdnum import isbn; print(isbn.format(sys.argv[1]))' "$n")
  got=$(echo "$n" | "$PRINT")
  check "$n is printed $want, as stdnum prints it" "$got" = "$want"
done

# in no assigned range: bare digits (stdnum would print 979-8-33000000-5)
check "an ISBN in an unassigned range prints without hyphens" \
  "$(echo 9798330000005 | "$PRINT")" = 9798330000005
check "a group without registrants prints without hyphens" \
  "$(echo 9786110000000 | "$PRINT")" = 9786110000000
check "a bad check digit is refused" "$(echo 9798330000006 | "$PRINT")" = \
  "9798330000006: the check digit should be 5, not 6"

# the copyright page prints it hyphenated
MAZEBOOK_CATALOGUE=none
export MAZEBOOK_CATALOGUE
HEAD='author: "A"\nlevel: easy\nmazes: 30\nseed: 7\n'
printf "title: \"T\"\n${HEAD}isbn: 9781402894626\n" > "$TMP/book.yaml"
run "$MAZEBOOK" build -q "$TMP/book.yaml" -o "$TMP/out"
check "a book with an ISBN builds" "$rc" -eq 0
pdftotext -f 2 -l 2 "$TMP/out/interior.pdf" "$TMP/p2.txt"
grep -qx 'ISBN 978-1-4028-9462-6' "$TMP/p2.txt"
ok $? "the copyright page prints ISBN 978-1-4028-9462-6"
printf "title: \"T\"\n${HEAD}isbn: 979-8-33-000000-5\n" > "$TMP/new.yaml"
run "$MAZEBOOK" build -q "$TMP/new.yaml" -o "$TMP/new"
check "a book with an ISBN in an unassigned range builds" "$rc" -eq 0
pdftotext -f 2 -l 2 "$TMP/new/interior.pdf" "$TMP/new2.txt"
grep -qx 'ISBN 9798330000005' "$TMP/new2.txt"
ok $? "its copyright page prints the bare 13 digits"

done_testing
