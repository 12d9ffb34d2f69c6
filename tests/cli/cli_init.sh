#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# `mazebook init`: writes the starter spec (which the reader accepts, as
# tests/unit/check_spec checks), never replaces a file without --force, and
# fails clearly when it cannot write.
. "$top_srcdir/tests/helpers/tap.sh"

cd "$TMP" || exit 1

run "$MAZEBOOK" init
check "init exits 0" "$rc" -eq 0
check "init writes book.yaml" -f book.yaml
ok "$(contains "$out" "wrote book.yaml"; echo $?)" "init says what it wrote"
ok "$(grep -q '^title:' book.yaml && grep -q '^mazes:' book.yaml; echo $?)" "book.yaml has the required keys"
check "no temporary file is left behind" "$(ls book.yaml.* 2>/dev/null | wc -l)" -eq 0
# the file gets ordinary permissions, not mkstemp's 0600
umask 022
run "$MAZEBOOK" init perm.yaml
check "a new spec is mode 644 under umask 022" "$(stat -c %a perm.yaml)" = 644

echo "title: mine" > mine.yaml
run "$MAZEBOOK" init mine.yaml
check "init refuses to overwrite: exit 1" "$rc" -eq 1
ok "$(contains "$err" "mazebook init: 'mine.yaml' already exists; not overwritten (use --force to replace it)"; echo $?)" "the refusal says why and what to do"
check "the existing file is unchanged" "$(cat mine.yaml)" = "title: mine"
check "the refusal leaves no temporary file" "$(ls mine.yaml.* 2>/dev/null | wc -l)" -eq 0

run "$MAZEBOOK" init --force mine.yaml
check "--force replaces: exit 0" "$rc" -eq 0
# the starter but for its own seed and book id, drawn at random for each spec
strip() { sed -e 's/^seed: [0-9]*$/seed: S/' -e 's/^book_id: book-[0-9a-f]*$/book_id: B/' "$1"; }
ok "$(strip mine.yaml > m.txt; strip book.yaml > b.txt; cmp -s m.txt b.txt; echo $?)" "--force wrote the starter"
check "each spec gets its own seed" "$(grep '^seed:' mine.yaml)" != "$(grep '^seed:' book.yaml)"
check "the starter gets this year for its copyright line" "$(grep '^year:' mine.yaml)" = "year: $(date +%Y)"
run "$MAZEBOOK" init mine.yaml -f
check "-f after FILE works too" "$rc" -eq 0

mkdir adir
run "$MAZEBOOK" init --force adir
check "a folder is never replaced: exit 1" "$rc" -eq 1
ok "$(contains "$err" "cannot write 'adir': it is a folder"; echo $?)" "the folder message"

run "$MAZEBOOK" init no/such/dir/book.yaml
check "a missing folder: exit 1" "$rc" -eq 1
ok "$(contains "$err" "mazebook init: cannot write 'no/such/dir/book.yaml': No such file or directory"; echo $?)" "the missing folder message"

run "$MAZEBOOK" init mine.yaml/book.yaml
check "a file used as a folder: exit 1" "$rc" -eq 1
ok "$(contains "$err" "cannot write 'mine.yaml/book.yaml': Not a directory"; echo $?)" "the not-a-directory message"

# permissions do not stop root: as root, drop to nobody with setpriv
mkdir ro && chmod 555 ro
as_user=""
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null 2>&1; then
  chmod 711 "$TMP"	# let nobody reach ro/ (our own temporary folder)
  as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"
fi
if [ "$(id -u)" -ne 0 ] || [ -n "$as_user" ]; then
  run $as_user "$MAZEBOOK" init "$TMP/ro/book.yaml"
  check "an unwritable folder: exit 1" "$rc" -eq 1
  ok "$(contains "$err" "mazebook init: cannot write '$TMP/ro/book.yaml': Permission denied"; echo $?)" "the permission message"
  check "nothing written in the unwritable folder" "$(ls -A ro | wc -l)" -eq 0
else
  skip "root without setpriv: permissions do not apply"
fi
chmod 755 ro

run "$MAZEBOOK" init a.yaml b.yaml
check "two files: usage error, exit 2" "$rc" -eq 2
run "$MAZEBOOK" init --bogus
check "an unknown option: exit 2" "$rc" -eq 2
ok "$(contains "$err" "unknown option '--bogus'"; echo $?)" "the unknown option is named"
run "$MAZEBOOK" init --help
check "--help exits 0" "$rc" -eq 0
ok "$(contains "$out" "usage: mazebook init [FILE] [--force]"; echo $?)" "--help shows the usage"

# the starter's placeholders never reach a book: build refuses them before writing
mkdir starter && cd starter || exit 1
"$MAZEBOOK" init >/dev/null 2>&1
MAZEBOOK_KEY_DIR="$TMP/keys" run "$MAZEBOOK" build book.yaml -q
check "building the starter unchanged: exit 1" "$rc" -eq 1
contains "$err" "book.yaml:14:9: the author 'Your Name' is placeholder text (\"your name\"): write your own"
ok $? "the refusal names the key's place and the placeholder"
check "nothing was written" "$(ls -A | tr '\n' ' ')" = "book.yaml "
sed 's/^author: "Your Name"/author: "Jane Doe"/' book.yaml > mine.yaml
MAZEBOOK_KEY_DIR="$TMP/keys" run "$MAZEBOOK" build mine.yaml -q -o out
check "with an author of its own the starter builds: exit 0" "$rc" -eq 0

# The solutions a page the starter's comment promises for each grid are
# what a book built from it prints: it leaves solutions: out, so the
# reader's default for the grid applies (squares 4, hex and delta 2 even
# beside squares, fine circles 1). The numbers are read from the comment.
check "the starter leaves solutions: to the grid's default" "$(grep -c '^solutions:' book.yaml)" -eq 0
square=$(sed -n 's/^# .*: \([0-9]\) for squares and circles;.*/\1/p' book.yaml)
lattice=$(sed -n 's/^# .*; \([0-9]\) when any maze of$/\1/p' book.yaml)
fine=$(sed -n 's/^# .*; \([0-9]\) when any circle has more than 25 rings.*/\1/p' book.yaml)
check "the comment gives a number for squares, hexagons/triangles and fine circles" \
  "$square$lattice$fine" = 421
# solution headings on the first solutions page: "Maze 3, page 8", or
# "Solution to maze 3, page 8" when the page holds one
per_page() {
  pdftotext "$1" - 2>/dev/null | awk 'BEGIN { RS = "\f" } {
    n = 0; k = split($0, l, "\n")
    for (i = 1; i <= k; i++) if (l[i] ~ /^(Solution to maze|Maze) [0-9]+, page [0-9]+$/) n++
    if (n) { print n; exit } }'
}
starter_book() {	# name, level, extra lines
  sed -e 's/^mazes: 50$/mazes: 24/' -e "s/^level: easy$/level: $2/" \
      -e 's/^subtitle: .*/subtitle: "Mazes"/' mine.yaml > "$1.yaml"
  printf "$3" >> "$1.yaml"
  MAZEBOOK_CATALOGUE=none MAZEBOOK_KEY_DIR="$TMP/keys" run "$MAZEBOOK" build "$1.yaml" -q -o "$1"
  [ "$rc" -eq 0 ] || printf '# %s: %s\n' "$1" "$err"
}
starter_book squares easy ""
check "squares: $square solutions a page, as the comment says" "$(per_page squares/interior.pdf)" = "$square"
starter_book hex easy "grid: hex\n"
check "hexagons: $lattice solutions a page, as the comment says" "$(per_page hex/interior.pdf)" = "$lattice"
starter_book delta easy "grid: delta\n"
check "triangles: $lattice solutions a page, as the comment says" "$(per_page delta/interior.pdf)" = "$lattice"
starter_book mixed easy "sections:\n  - title: \"Squares\"\n    level: easy\n    mazes: 12\n  - title: \"Hexagons\"\n    level: easy\n    grid: hex\n    mazes: 12\n"
check "squares and hexagons: $lattice solutions a page, as the comment says" \
  "$(per_page mixed/interior.pdf)" = "$lattice"
starter_book polar easy "grid: polar\n"
check "easy circles (9 rings): $square solutions a page, as the comment says" \
  "$(per_page polar/interior.pdf)" = "$square"
starter_book fine expert "grid: polar\n"
check "expert circles (34 rings): $fine solution a page, as the comment says" \
  "$(per_page fine/interior.pdf)" = "$fine"
cd .. || exit 1

done_testing
