#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# The catalogue against hostile manifests and damaged files (issue 29,
# items 2, 6, 7 and 8): 2.4 MB and 12 MB manifests read in linear time and
# memory; a book_id with a terminal escape and a newline, a title with
# colour codes, a 10-million-character id, a title that is not UTF-8, a
# 5000-character title, lists nested 100000 deep and 10001 mazes refused
# naming the file and the field; what a catalogue already holds escaped on
# the terminal; a FIFO, a device or a folder refused before it is read;
# catalogues with 20 random bytes overwritten (tests/helpers/damage_catalogue.py)
# refused by list, import and build with what to do, and rebuilt by
# `catalogue check --repair`; a catalogue the user may only read listed.
# The manifests come from tests/helpers/hostile_manifest.py (Python's json module).
# Every run is bounded (10 s of CPU, 300 MB of address space, none under
# AddressSanitizer, which reserves terabytes) and under `timeout 120` as a
# hang guard: bounds, not speed requirements.
. "${top_srcdir:-.}/tests/helpers/tap.sh"

PY=
for p in /usr/bin/python3 python3; do
  command -v "$p" > /dev/null 2>&1 && { PY=$p; break; }
done
if [ -z "$PY" ]; then
  echo "1..0 # SKIP no python3 to write the manifests and damage the catalogues"
  exit 0
fi
cd "$TMP" || exit 1
export MAZEBOOK_KEY_DIR="$TMP/keys"
CAT="$TMP/cat.db"
export MAZEBOOK_CATALOGUE="$CAT"
vlimit=307200
grep -qa __asan_init "$MAZEBOOK" && vlimit=unlimited

# bounded CMD...: run CMD under the limits; $rc, $out, $err as run() sets them
bounded() {
  run sh -c 'ulimit -t 10; ulimit -v "$0" 2>/dev/null; exec timeout 120 "$@"' "$vlimit" "$@"
}

# refused DESC NEEDLE CMD...: exit 1 (not a crash, a hang or success) and NEEDLE in stderr
refused() {
  desc=$1 needle=$2
  shift 2
  bounded "$@"
  check "$desc: exit 1" "$rc" -eq 1
  contains "$err" "$needle"; ok $? "$desc: says '$needle'"
}

esc=$(printf '\033')
# no_escape DESC TEXT: TEXT holds no ESC byte
no_escape() { case "$2" in *"$esc"*) ok 1 "$1" ;; *) ok 0 "$1" ;; esac; }

"$PY" "$top_srcdir/tests/helpers/hostile_manifest.py" m || exit 1

# ---- item 2: big manifests, linear ----
bounded "$MAZEBOOK" catalogue import m/big-2m
ok $rc "a 2.4 MB manifest imports within 10 s of CPU and 300 MB"
bounded "$MAZEBOOK" catalogue check m/big-2m
ok $rc "... and checks within them"
bounded "$MAZEBOOK" catalogue import m/big-12m
ok $rc "a 12 MB manifest (10000 mazes, long notes) imports within them"
bounded "$MAZEBOOK" catalogue check m/big-12m
ok $rc "... and checks within them"
refused "10001 mazes" "lists 10001 mazes and 0 others: a book has at most 10000" \
  "$MAZEBOOK" catalogue import m/many-mazes

# ---- item 7: imported values checked as a build checks its own ----
sum=$(cksum < "$CAT")
refused "a book_id with an escape and a newline" \
  "'m/escape-id/manifest.json': 'book_id' is 'evil\\x1b[2J\\x0aforged line': it must be 1 to 72 letters" \
  "$MAZEBOOK" catalogue import m/escape-id
no_escape "... the message holds no escape" "$err"
refused "a title with colour codes" "'title' is '\\x1b[31mRed\\x1b[0m title': it holds a control" \
  "$MAZEBOOK" catalogue import m/colour-title
refused "a 10-million-character book_id" "'book_id' is 'xxxx" \
  "$MAZEBOOK" catalogue import m/huge-id
contains "$err" "(it is longer)"; ok $? "... says it is too long"
check "... in a short message" "$(printf '%s' "$err" | wc -c)" -lt 500
refused "a title that is not UTF-8" "'title' is 'caf\\xe9 \\xff\\xfe': it is not UTF-8" \
  "$MAZEBOOK" catalogue import m/bad-utf8
refused "a 5000-character title" "has 5000 characters, over 216" \
  "$MAZEBOOK" catalogue import m/long-title
refused "lists nested 100000 deep" "m/deep/manifest.json':1:65: not valid JSON: expected lists and objects nested at most 64 deep" \
  "$MAZEBOOK" catalogue import m/deep
refused "check of a refused manifest" "'book_id' is 'evil" \
  "$MAZEBOOK" catalogue check m/escape-id
check "the refused imports left the catalogue as it was" "$(cksum < "$CAT")" = "$sum"
MAZEBOOK_CATALOGUE="$TMP/none-yet.db" refused "a refused import" "'title'" \
  "$MAZEBOOK" catalogue import m/colour-title
check "... makes no catalogue" ! -e "$TMP/none-yet.db"

# what an older mazebook (or another program) put in a catalogue is escaped
cp "$CAT" poisoned.db
"$PY" - poisoned.db <<'EOF'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("INSERT INTO books VALUES ('evil\x1b[2J\nforged', 'Red \x1b[31mtitle\x9b', '', "
           "'/out/\x1b]0;x\x07', '2026-01-01T00:00:00Z', 'imported', 1)")
db.execute("INSERT INTO mazes VALUES (?, 'evil\x1b[2J\nforged', 'interior', 1, 3, "
           "'rect 16x20', 'easy\x1b', 'backtracker', '1')",
           ("a" * 64,))
db.commit()
EOF
bounded "$MAZEBOOK" catalogue list --catalogue poisoned.db
ok $rc "list of a catalogue holding escapes"
no_escape "... prints no escape" "$out"
contains "$out" 'evil\x1b[2J\x0aforged'; ok $? "... shows them as \\xHH"
contains "$out" 'Red \x1b[31mtitle\u009b'; ok $? "... a C1 control as \\u009b"
bounded "$MAZEBOOK" catalogue stats --catalogue poisoned.db
no_escape "stats prints no escape" "$out"
# export: escaped on a terminal (script(1) gives it one), the data as stored in a pipe
bounded "$MAZEBOOK" catalogue export --catalogue poisoned.db
contains "$out" "Red ${esc}[31mtitle"; ok $? "export into a pipe keeps the data as stored"
if command -v script > /dev/null 2>&1; then
  bounded script -qec "'$MAZEBOOK' catalogue export --catalogue poisoned.db" /dev/null
  no_escape "export on a terminal prints no escape" "$out"
  contains "$out" 'Red \x1b[31mtitle'; ok $? "... but \\xHH"
else
  skip "no script(1) to give export a terminal"
  skip "no script(1)"
fi
# a repeat of the poisoned book's maze: its message, shared with build, escaped
mkdir -p rep
"$PY" - rep/manifest.json <<'EOF'
import json, sys
m = {"title": "Repeat", "book_id": "repeat", "mazes": [{"number": 1, "page": 3,
     "generator": "backtracker", "seed": 1, "size": [16, 20], "key": "a" * 64}]}
json.dump(m, open(sys.argv[1], "w"))
EOF
refused "a repeat of a book with escapes" "of 'Red \\x1b[31mtitle\\u009b' (book 'evil\\x1b[2J\\x0aforged'" \
  "$MAZEBOOK" catalogue import rep --catalogue poisoned.db
no_escape "... the repeat message holds no escape" "$err"
bounded "$MAZEBOOK" catalogue check rep --catalogue poisoned.db
no_escape "... nor does check's" "$err"
check "... which fails" "$rc" -eq 1

# ---- item 8: a FIFO, a device, a folder ----
mkfifo fifo.json
mkdir -p fifodir && mkfifo fifodir/manifest.json
refused "import of a FIFO" "manifest 'fifo.json' is a named pipe, not a regular file: give a book's folder" "$MAZEBOOK" catalogue import fifo.json
refused "import of a folder whose manifest.json is a FIFO" "fifodir/manifest.json' is a named pipe" \
  "$MAZEBOOK" catalogue import fifodir
refused "check of a FIFO" "is a named pipe" "$MAZEBOOK" catalogue check fifo.json
refused "import of a device" "'/dev/zero' is a device, not a regular file" \
  "$MAZEBOOK" catalogue import /dev/zero
mkdir -p emptydir/manifest.json
refused "import of a folder named manifest.json" "is a folder, not a regular file" \
  "$MAZEBOOK" catalogue import emptydir
refused "a FIFO as the catalogue" "is a device, a FIFO or a socket, not a file" \
  "$MAZEBOOK" catalogue list --catalogue fifo.json

# ---- item 6: damaged catalogues ----
bounded "$MAZEBOOK" catalogue import m/clean
ok $rc "a clean manifest imports"
bounded "$MAZEBOOK" catalogue check
ok $rc "the catalogue is whole ('catalogue check')"
contains "$out" "is whole"; ok $? "... and says so"
damaged_seen=0
for seed in 1 2 3 4 5 6; do
  "$PY" "$top_srcdir/tests/helpers/damage_catalogue.py" "$CAT" d$seed.db bytes $seed > /dev/null
  before=$(cksum < d$seed.db)
  bounded "$MAZEBOOK" catalogue list --catalogue d$seed.db
  list_rc=$rc list_err=$err
  if [ $list_rc -ne 0 ]; then
    damaged_seen=$((damaged_seen + 1))
    contains "$list_err" "the catalogue 'd$seed.db' is damaged" &&
      contains "$list_err" "catalogue check --repair --catalogue d$seed.db" &&
      contains "$list_err" "restore it from a backup" &&
      contains "$list_err" "catalogue import DIR"
    ok $? "20 random bytes, seed $seed: list refuses, naming the file and what to do"
    refused "seed $seed: import" "is damaged" "$MAZEBOOK" catalogue import m/clean \
      --catalogue d$seed.db
    refused "seed $seed: import of a clean book" "is damaged" \
      "$MAZEBOOK" catalogue import rep --catalogue d$seed.db
    check "seed $seed: the damaged file is left as it was" "$(cksum < d$seed.db)" = "$before"
    bounded "$MAZEBOOK" catalogue check --catalogue d$seed.db
    check "seed $seed: 'catalogue check' fails too" "$rc" -eq 1
    cp d$seed.db r$seed.db
    bounded "$MAZEBOOK" catalogue check --repair --catalogue r$seed.db
    ok $rc "seed $seed: 'check --repair' rebuilds it"
    contains "$out" "recovered"; ok $? "seed $seed: ... and says what it recovered"
    check "seed $seed: ... keeping the damaged file" -n "$(ls r$seed.db.damaged-* 2>/dev/null)"
    bounded "$MAZEBOOK" catalogue check --catalogue r$seed.db
    ok $rc "seed $seed: the rebuilt catalogue is whole"
    bounded "$MAZEBOOK" catalogue import m/clean --catalogue r$seed.db
    ok $rc "seed $seed: ... and takes a book again"
  else
    bounded "$MAZEBOOK" catalogue check --catalogue d$seed.db
    ok $rc "20 random bytes, seed $seed: nothing damaged that SQLite can see, and list works"
  fi
done
check "some of the damaged catalogues were refused" $damaged_seen -ge 2

# a stored key changed: to a byte no key has (found on every open) ...
key=$(sed -n 's/.*"key": "\([0-9a-f]*\)".*/\1/p' m/clean/manifest.json | head -1)
"$PY" "$top_srcdir/tests/helpers/damage_catalogue.py" "$CAT" key.db key "$key" X > /dev/null
refused "a stored key with a byte that is no hex digit" "1 maze key is not 64 hex digits" \
  "$MAZEBOOK" catalogue list --catalogue key.db
refused "... import into it" "is damaged" "$MAZEBOOK" catalogue import m/clean --catalogue key.db
# ... and one of its two copies (table, index) to another hex digit: the
# full check finds it by the other copy
for which in firstkey lastkey; do
  "$PY" "$top_srcdir/tests/helpers/damage_catalogue.py" "$CAT" $which.db $which "$key" 0 > /dev/null
  bounded "$MAZEBOOK" catalogue check --catalogue $which.db
  check "a key's $which copy changed to another hex digit: 'catalogue check' fails" "$rc" -eq 1
  contains "$out" "is damaged: restore it from a backup, or run 'mazebook catalogue check --repair'"
  ok $? "... and says what to do"
done

# a build refuses a damaged catalogue before writing anything
bindir=$(dirname "$MAZEBOOK")
if [ -x "$bindir/mazeproof" ] || command -v mazeproof > /dev/null 2>&1; then
  printf 'title: "D"\nauthor: "T"\nlevel: easy\nmazes: 16\nseed: 77\nbook_id: dmg\n' > d.yaml
  "$PY" "$top_srcdir/tests/helpers/damage_catalogue.py" "$CAT" build.db key "$key" X > /dev/null
  sum=$(cksum < build.db)
  # a build (fonts, PDF, mazeproof) needs more than 300 MB: only its CPU is bounded
  MAZEBOOK_CATALOGUE="$TMP/build.db" run sh -c 'ulimit -t 60; exec timeout 120 "$@"' sh \
    "$MAZEBOOK" build d.yaml -o DOUT
  check "a build against a damaged catalogue: exit 1" "$rc" -eq 1
  contains "$err" "the catalogue '$TMP/build.db' is damaged (1 maze key is not 64 hex digits)"
  ok $? "... says the catalogue is damaged and what to do"
  check "... wrote no book" ! -e DOUT/interior.pdf
  check "... and left the catalogue as it was" "$(cksum < build.db)" = "$sum"
  cp "$CAT" good.db
  MAZEBOOK_CATALOGUE="$TMP/good.db" run sh -c 'ulimit -t 60; exec timeout 120 "$@"' sh \
    "$MAZEBOOK" build d.yaml -o GOUT -q
  ok $rc "a build against the clean copy works"
else
  for i in 1 2 3 4; do skip "mazeproof is not built (build runs it)"; done
fi

# ---- item 8: a catalogue the user may only read ----
if [ "$(id -u)" -ne 0 ] || command -v setpriv > /dev/null 2>&1; then
  as_user=""
  [ "$(id -u)" -eq 0 ] && as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"
  chmod 755 "$TMP"
  mkdir ro && cp "$CAT" ro/cat.db && chmod 444 ro/cat.db && chmod 555 ro
  bounded $as_user "$MAZEBOOK" catalogue list --catalogue "$TMP/ro/cat.db"
  ok $rc "list of a catalogue the user may only read, in a folder they may not write"
  contains "$out" "(opened read-only: you may not write it)"; ok $? "... says it is read-only"
  contains "$out" "clean-book"; ok $? "... and lists its books"
  bounded $as_user "$MAZEBOOK" catalogue check "$TMP/m/clean" --catalogue "$TMP/ro/cat.db"
  ok $rc "check of a book against it"
  bounded $as_user "$MAZEBOOK" catalogue import "$TMP/rep" --catalogue "$TMP/ro/cat.db"
  check "import into it: exit 1" "$rc" -eq 1
  contains "$err" "read-only"; ok $? "... saying it is read-only"
  chmod 755 ro
else
  for i in 1 2 3 4 5 6; do skip "root without setpriv: permissions do not apply"; done
fi

done_testing
