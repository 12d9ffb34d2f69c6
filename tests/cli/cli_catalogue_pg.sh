#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# The catalogue on PostgreSQL (libpq): the same guarantees as on SQLite,
# against a server this script starts in its own folder with pg_ctl (a
# Unix socket only, no TCP port) and stops at the end. Skipped when
# PostgreSQL's server programs are not installed.
. "${top_srcdir:-.}/tests/helpers/tap.sh"

bindir=$(dirname "$MAZEBOOK")
if [ ! -x "$bindir/mazeproof" ] && ! command -v mazeproof >/dev/null 2>&1; then
  echo "1..0 # SKIP mazeproof is not built (build runs it on every interior)"
  exit 0
fi
PG_CTL=$(command -v pg_ctl || ls /usr/lib/postgresql/*/bin/pg_ctl 2>/dev/null | tail -1)
if [ -z "$PG_CTL" ] || [ ! -x "$(dirname "$PG_CTL")/initdb" ]; then
  echo "1..0 # SKIP PostgreSQL's pg_ctl and initdb are not installed (apt-get install postgresql)"
  exit 0
fi
INITDB=$(dirname "$PG_CTL")/initdb
# the server refuses to run as root: run it as nobody when we are root
as=""
if [ "$(id -u)" -eq 0 ]; then
  if ! command -v setpriv >/dev/null 2>&1; then
    echo "1..0 # SKIP root without setpriv: PostgreSQL's server will not run as root"
    exit 0
  fi
  as="setpriv --reuid=65534 --regid=65534 --clear-groups"
  chmod 711 "$TMP"
fi
cd "$TMP" || exit 1
mkdir pg && chmod 777 pg
PORT=54329
stop_server() { $as "$PG_CTL" -D "$TMP/pg/data" -m immediate stop >/dev/null 2>&1; }
trap 'stop_server; rm -rf "$TMP"' EXIT
if ! $as "$INITDB" -D "$TMP/pg/data" -U mazebook --auth=trust -E UTF8 >pg/initdb.log 2>&1 ||
   ! $as "$PG_CTL" -D "$TMP/pg/data" -l "$TMP/pg/log" -w \
     -o "-k $TMP/pg -p $PORT -c listen_addresses=''" start >pg/start.log 2>&1; then
  echo "1..0 # SKIP could not start a PostgreSQL server: $(tail -1 pg/initdb.log pg/start.log 2>/dev/null | tr '\n' ' ')"
  exit 0
fi
export MAZEBOOK_CATALOGUE="postgresql://mazebook@/postgres?host=$TMP/pg&port=$PORT"
export MAZEBOOK_KEY_DIR="$TMP/keys"

spec() {
  printf 'title: "%s"\nauthor: "T"\nlevel: %s\nmazes: %s\nseed: %s\nbook_id: %s\n' \
    "$2" "${6:-easy}" "${5:-24}" "$3" "$4" > "$1"
}
rows() { "$MAZEBOOK" catalogue export | tail -n +2 | wc -l; }
book_rows() { "$MAZEBOOK" catalogue export | tail -n +2 | awk -F, -v id="$1" '$2 == id' | wc -l; }

spec a.yaml "Book A" 1234 book-a
run "$MAZEBOOK" build a.yaml -o A -q
ok $rc "PostgreSQL: book A builds and is recorded"
check "PostgreSQL: the catalogue holds its 24 mazes and its title page's" "$(book_rows book-a)" -eq 25
grep -q "^PASS  catalogue.unique .*25 maze keys checked" A/checklist.txt
ok $? "PostgreSQL: the checklist states the catalogue check"
spec b.yaml "Book B" 1234 book-b
run "$MAZEBOOK" build b.yaml -o B
check "PostgreSQL: book B with A's seed: exit 1" "$rc" -eq 1
contains "$err" "of 'Book A' (book 'book-a', in '$TMP/A')"
ok $? "PostgreSQL: the refusal names the other book"
check "PostgreSQL: nothing of B was written" ! -e B
run "$MAZEBOOK" build a.yaml -o A2 -q
ok $rc "PostgreSQL: rebuilding A is not a repeat"
cmp -s A/interior.pdf A2/interior.pdf && cmp -s A/manifest.json A2/manifest.json
ok $? "PostgreSQL: the rebuild is byte-identical"
check "PostgreSQL: one set of entries" "$(book_rows book-a)" -eq 25

for i in 1 2 3 4; do
  spec q$i.yaml "Race $i" 777 race-$i 30
  ("$MAZEBOOK" build q$i.yaml -o Q$i -q > q$i.out 2>&1; echo $? > q$i.rc) &
done
wait
won=0
lost=0
for i in 1 2 3 4; do
  if [ "$(cat q$i.rc)" = 0 ]; then won=$((won + 1)); else
    grep -q "was printed before" q$i.out && [ ! -e Q$i/interior.pdf ] && lost=$((lost + 1))
  fi
done
check "PostgreSQL: four books with one seed at once: one is built" "$won" -eq 1
check "PostgreSQL: ... three fail naming the repeat" "$lost" -eq 3
check "PostgreSQL: ... 31 entries (30 and the title page's)" \
  "$("$MAZEBOOK" catalogue export | tail -n +2 | awk -F, '$2 ~ /^race-/' | wc -l)" -eq 31
for i in 1 2 3 4; do
  spec p$i.yaml "Parallel $i" 50$i par-$i 30
  ("$MAZEBOOK" build p$i.yaml -o P$i -q > p$i.out 2>&1; echo $? > p$i.rc) &
done
wait
okc=0
for i in 1 2 3 4; do [ "$(cat p$i.rc)" = 0 ] && okc=$((okc + 1)); done
check "PostgreSQL: four different books at once all build" "$okc" -eq 4
keys=$("$MAZEBOOK" catalogue export | tail -n +2 | awk -F, '$2 ~ /^par-/ {print $1}')
check "PostgreSQL: 124 mazes (4 x 30 and their title pages'), each key once" "$(printf '%s\n' "$keys" | sort -u | wc -l)" -eq 124

run "$MAZEBOOK" catalogue check A2
ok $rc "PostgreSQL: catalogue check passes"
sed -e '/"book_id":/d' -e 's/, "key": "[0-9a-f]*"//' A/manifest.json > old.json
sed -i 's/"title": "Book A"/"title": "Old A"/' old.json
run "$MAZEBOOK" catalogue import old.json
check "PostgreSQL: import of an old manifest repeating A: exit 1" "$rc" -eq 1
contains "$err" "not imported" && contains "$err" "of 'Book A'"
ok $? "PostgreSQL: ... naming A"
run "$MAZEBOOK" catalogue forget book-a
ok $rc "PostgreSQL: forget A"
run "$MAZEBOOK" catalogue import old.json
ok $rc "PostgreSQL: then the old manifest imports"
contains "$out" "keys made again"
ok $? "PostgreSQL: ... its keys made again from the recipes"
run "$MAZEBOOK" catalogue stats
contains "$out" "rect 10x12"
ok $? "PostgreSQL: stats"
MAZEBOOK_CATALOGUE="postgresql://mazebook@/postgres?host=$TMP/nowhere&port=$PORT" \
  run "$MAZEBOOK" catalogue list
check "PostgreSQL: no server there: exit 1" "$rc" -eq 1
contains "$err" "cannot reach the catalogue"
ok $? "PostgreSQL: ... says it cannot reach it"

# a location's secrets are never printed (issue 29): only host, port and
# database, in the summary, the checklist and the catalogue command's lines
secret_url="postgresql://mazebook:hunter2@/postgres?host=$TMP/pg&port=$PORT&password=xyzzy42&application_name=s3cr3t"
spec s.yaml "Book S" 4242 book-s
MAZEBOOK_CATALOGUE="$secret_url" run "$MAZEBOOK" build s.yaml -o A3
said="$out$err"
ok $rc "PostgreSQL: a URL with a password builds"
contains "$out" "in postgresql:///postgres?host=$TMP/pg&port=$PORT"
ok $? "PostgreSQL: the summary names the host, port and database"
MAZEBOOK_CATALOGUE="$secret_url" run "$MAZEBOOK" catalogue list
said="$said$out$err"
contains "$out" "in postgresql:///postgres?host=$TMP/pg&port=$PORT"
ok $? "PostgreSQL: so does catalogue list"
leaked=""
for s in hunter2 xyzzy42 s3cr3t "mazebook:"; do
  contains "$said" "$s" && leaked="$leaked $s"
  grep -qr "$s" A3 && leaked="$leaked $s(in A3)"
done
check "PostgreSQL: no secret printed or written (leaked:$leaked)" -z "$leaked"
done_testing
