#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# A spec from a stranger writes only inside its own folder: an absolute
# `output:`, a '..' out of the folder or a symbolic link out of it is
# refused at the key's place (before anything is made), `-o DIR` on the
# command line goes anywhere. A folder named like an option ("-rf") reaches
# mazeproof as a path ("--"). Every output file is 0644 under umask 000.
. "${top_srcdir:-.}/tests/helpers/tap.sh"

bindir=$(dirname "$MAZEBOOK")
MAZEPROOF="$bindir/mazeproof"
if [ ! -x "$MAZEPROOF" ]; then
  echo "1..0 # SKIP mazeproof is not built (build runs it on every interior)"
  exit 0
fi
cd "$TMP" || exit 1
export MAZEBOOK_KEY_DIR="$TMP/keys"
mkdir spec elsewhere
HEAD='title: "T"
author: "A"
level: easy
mazes: 24
'

# refused SPEC-NAME OUTPUT-VALUE EXPECTED: exit 1 with the message, nothing made
refused() {
  printf '%soutput: "%s"\nseed: 1\n' "$HEAD" "$2" > "spec/$1.yaml"
  run "$MAZEBOOK" build -q "spec/$1.yaml"
  contains "$err" "$3"
  ok $(( $? + (rc != 1) )) "output: $2: exit 1 and '$3'"
  contains "$err" "to write elsewhere give -o DIR on the command line"
  ok $? "output: $2: the message says to use -o"
}
refused abs "$TMP/elsewhere/book" "spec/abs.yaml:5:9: 'output' is '$TMP/elsewhere/book', an absolute path"
check "nothing made in the absolute folder" ! -e "$TMP/elsewhere/book"
refused up "../elsewhere/up" "spec/up.yaml:5:9: 'output' is '../elsewhere/up', a '..' that leaves the spec's folder"
check "nothing made beside the spec's folder" ! -e "$TMP/elsewhere/up"
refused upup "a/../../elsewhere/x" "a '..' that leaves the spec's folder"
check "not even the folder on the way" ! -e spec/a
# the spec's folder as the current one: the place is the same
(cd spec && "$MAZEBOOK" build -q abs.yaml) 2>"$TMP/abs.err"
contains "$(cat "$TMP/abs.err")" "abs.yaml:5:9: 'output' is"
ok $? "refused the same from the spec's own folder"

ln -s "$TMP/elsewhere" spec/link
refused link "link/book" "spec/link.yaml:5:9: 'output' is 'link/book', which leads to '$TMP/elsewhere/book' (through a symbolic link), outside the spec's folder"
check "nothing made through the link" ! -e "$TMP/elsewhere/book"
# the default folder 'out' as a link out of the spec's folder: no key to point at
ln -s "$TMP/elsewhere" spec/out
printf '%sseed: 1\n' "$HEAD" > spec/default.yaml
run "$MAZEBOOK" build -q spec/default.yaml
contains "$err" "spec/default.yaml: 'output' is 'out', which leads to '$TMP/elsewhere'"
ok $(( $? + (rc != 1) )) "a default 'out' that links out of the folder is refused too"
check "and nothing is written there" -z "$(ls "$TMP/elsewhere")"
rm spec/out

# -o on the command line is free, whatever the spec says
run "$MAZEBOOK" build -q spec/abs.yaml -o "$TMP/elsewhere/by-o"
ok $rc "-o DIR writes anywhere, over the spec's output"
check "the book is there" -f "$TMP/elsewhere/by-o/checklist.txt"

# inside the spec's folder: a '..' that stays inside, and a name like an option
printf '%soutput: "a/../inside"\nseed: 1\n' "$HEAD" > spec/inside.yaml
run "$MAZEBOOK" build -q spec/inside.yaml
ok $rc "output: a/../inside builds"
check "into spec/inside" -f spec/inside/checklist.txt
cd spec || exit 1
printf '%soutput: "-rf"\nseed: 1\n' "$HEAD" > dash.yaml
run "$MAZEBOOK" build -q dash.yaml
ok $rc "output: -rf builds (mazeproof gets the interior after '--')"
run "$MAZEBOOK" verify ./-rf/checklist.txt -p "$TMP/keys/mazebook.pub"
ok $rc "and the book in '-rf' verifies"
cp ./-rf/interior.pdf ./-x.pdf
run "$MAZEPROOF" -- -x.pdf
ok $rc "mazeproof -- -x.pdf proves a file whose name starts with '-'"
run "$MAZEPROOF" -x.pdf
check "without '--' it is an option: a usage error" "$rc" -eq 2
cd "$TMP" || exit 1

# every output file has one mode, 0644, whatever wrote it, also under umask 000
(umask 000 && "$MAZEBOOK" build -q spec/dash.yaml -o "$TMP/um0") 2>"$TMP/um0.err"
ok $? "a build under umask 000 succeeds"
modes=$(cd um0 && stat -c '%a %n' * | grep -v '^644 ')
check "every file is 0644 under umask 000 (not: $modes)" -z "$modes"
(umask 022 && "$MAZEBOOK" build -q spec/dash.yaml -o "$TMP/um22") 2>"$TMP/um22.err"
modes=$(cd um22 && stat -c '%a %n' * | grep -v '^644 ')
check "every file is 0644 under umask 022 (not: $modes)" -z "$modes"

done_testing
