#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# What a stranger's spec can reach (issue 29, items 3 to 5): files inside
# its own folder only, once symbolic links are followed, and no network.
#  - a spec's `catalogue:` naming a network catalogue (postgres://, any
#    URL, a libpq "host=... dbname=..." string) is refused at its place and
#    nothing connects: a listener (tests/helpers/reach_listener.py) on 127.0.0.1
#    must receive nothing;
#  - the user's choices come first: --catalogue, then $MAZEBOOK_CATALOGUE,
#    then the spec's file, so a spec can neither turn the check off nor
#    move the record away;
#  - every path key (output, catalogue, shape, cover.image, cover.logo,
#    font) is refused when absolute, when a '..' leaves the folder or when
#    a symbolic link leads out of it, and nothing is made outside; paths
#    inside, through subfolders and links that stay inside, build;
#  - a catalogue location's secrets (user, password, parameters) never
#    reach stdout or stderr, whatever libpq says.
# Refusals run under a CPU and address-space limit (generous: they detect
# a runaway, they are not speed requirements) and `timeout 60` as a hang
# guard.
. "${top_srcdir:-.}/tests/helpers/tap.sh"

bindir=$(dirname "$MAZEBOOK")
if [ ! -x "$bindir/mazeproof" ] && ! command -v mazeproof >/dev/null 2>&1; then
  echo "1..0 # SKIP mazeproof is not built (build runs it on every interior)"
  exit 0
fi
PYTHON=$(command -v python3 || echo /usr/bin/python3)
cd "$TMP" || exit 1
export MAZEBOOK_KEY_DIR="$TMP/keys"
# AddressSanitizer reserves terabytes of address space: no -v limit then
vlimit=1000000
grep -qa __asan_init "$MAZEBOOK" && vlimit=unlimited

# the listener a hostile spec would send the book's names to
"$PYTHON" "$top_srcdir/tests/helpers/reach_listener.py" "$TMP/port" "$TMP/heard" "$TMP/stop" &
listener=$!
stop_listener() { : > "$TMP/stop"; wait "$listener" 2>/dev/null; }
trap 'stop_listener; rm -rf "$TMP"' EXIT
n=0
while [ ! -s "$TMP/port" ] && [ $n -lt 200 ]; do sleep 0.05; n=$((n + 1)); done
PORT=$(cat "$TMP/port" 2>/dev/null)
[ -n "$PORT" ] || { echo "1..0 # SKIP the test listener did not start"; exit 0; }
heard() { wc -c < "$TMP/heard" | tr -d ' '; }

mkdir -p book/pics book/shapes book/data elsewhere
cp "$top_srcdir/tests/data/pictures/art.jpg" "$top_srcdir/tests/data/pictures/logo.png" book/pics/
cp "$top_srcdir/tests/data/shapes/moon.svg" book/shapes/
cp "$top_srcdir/tests/data/pictures/art.jpg" "$top_srcdir/tests/data/pictures/logo.png" \
  "$top_srcdir/tests/data/shapes/moon.svg" elsewhere/
ln -s "$TMP/elsewhere" book/out-link
HEAD='title: "Reach"
author: "A"
level: easy
mazes: 24
seed: 2929
'
# spec NAME LINES: book/NAME.yaml, the key under test on line 6
spec() { printf '%s%s\n' "$HEAD" "$2" > "book/$1.yaml"; }

# refused NAME PLACE NEEDLE: exit 1 at book/NAME.yaml:PLACE with NEEDLE,
# bounded (10 s of CPU, 1 GB of address space), nothing new in elsewhere/
refused() {
  before=$(ls -A elsewhere | wc -l)
  run sh -c 'ulimit -v "$0" 2>/dev/null; ulimit -t 10; exec timeout 60 "$@"' "$vlimit" \
    "$MAZEBOOK" build -q "book/$1.yaml"
  contains "$err" "book/$1.yaml:$2: " && contains "$err" "$3"
  ok $(( $? + (rc != 1) )) "$1: exit 1 at $2: $3"
  check "$1: nothing made outside the folder" "$(ls -A elsewhere | wc -l)" -eq "$before"
}

# --- item 3: a spec names no network catalogue, and nothing connects ---
spec pg "catalogue: postgres://mazebook@127.0.0.1:$PORT/books"
refused pg 6:12 "'catalogue' names a network catalogue: a spec may name only a catalogue file inside its own folder"
contains "$err" "set MAZEBOOK_CATALOGUE=postgres://HOST/DB or give --catalogue"
ok $? "pg: the refusal says how to use a shared catalogue"
spec pgq "catalogue: \"postgresql://127.0.0.1:$PORT/books?user=me\""
refused pgq 6:12 "'catalogue' names a network catalogue"
spec kw "catalogue: \"host=127.0.0.1 port=$PORT dbname=books\""
refused kw 6:12 "'catalogue' names a network catalogue"
spec other "catalogue: \"http://127.0.0.1:$PORT/x.db\""
refused other 6:12 "'catalogue' names a network catalogue"
# the user's own catalogue set: the spec is still refused, not quietly ignored
MAZEBOOK_CATALOGUE="$TMP/mine.db" refused pg 6:12 "'catalogue' names a network catalogue"
check "no connection reached the listener (it heard $(heard) bytes)" "$(heard)" -eq 0

# --- the user's choice first: --catalogue > $MAZEBOOK_CATALOGUE > spec > default ---
spec own "catalogue: data/books.db"
MAZEBOOK_CATALOGUE="postgresql://mazebook@127.0.0.1:$PORT/books?sslmode=disable" \
  run "$MAZEBOOK" build -q book/own.yaml -o "$TMP/o-env-pg"
contains "$err" "cannot reach the catalogue 'postgresql://127.0.0.1:$PORT/books'"
ok $(( $? + (rc != 1) )) "\$MAZEBOOK_CATALOGUE's PostgreSQL is used over the spec's file"
check "... the listener heard the build (the environment's choice)" "$(heard)" -gt 0
check "... the spec's file was not made" ! -e book/data/books.db
check "... nothing was built" ! -e "$TMP/o-env-pg/interior.pdf"
MAZEBOOK_CATALOGUE="$TMP/env.db" run "$MAZEBOOK" build book/own.yaml -o "$TMP/o-env"
ok $rc "\$MAZEBOOK_CATALOGUE's file is used over the spec's"
contains "$out" "in $TMP/env.db"
ok $? "... the summary names it"
contains "$err" "the spec's 'catalogue:' is not used: \$MAZEBOOK_CATALOGUE chooses the catalogue"
ok $? "... and says the spec's gave way"
check "... the spec's file was not made" ! -e book/data/books.db
MAZEBOOK_CATALOGUE="$TMP/env.db" run "$MAZEBOOK" build -q book/own.yaml -o "$TMP/o-cli" \
  --catalogue "$TMP/cli.db"
ok $rc "--catalogue is used over \$MAZEBOOK_CATALOGUE"
MAZEBOOK_CATALOGUE="$TMP/cli.db" run "$MAZEBOOK" catalogue list
contains "$out" "1 book in $TMP/cli.db"
ok $? "... the book is in --catalogue's file"
run "$MAZEBOOK" build -q book/own.yaml -o "$TMP/o-none" --catalogue none
grep -q '^WARN  catalogue.unique .*not checked' "$TMP/o-none/checklist.txt"
ok $(( $? + rc )) "--catalogue none: built, not checked"
run "$MAZEBOOK" build -q book/own.yaml --catalogue ''
check "--catalogue '': usage error" "$rc" -eq 2
spec none "catalogue: none"
run "$MAZEBOOK" build -q book/none.yaml -o "$TMP/o-spec-none"
grep -q '^PASS  catalogue.unique' "$TMP/o-spec-none/checklist.txt"
ok $(( $? + rc )) "a spec's 'catalogue: none' does not turn off \$MAZEBOOK_CATALOGUE's check"

# --- item 4: every path key, absolute, '..' and links out of the folder ---
spec cat-link "catalogue: out-link/c.db"
refused cat-link 6:12 "'catalogue' is 'out-link/c.db', which leads to '$TMP/elsewhere/c.db' (through a symbolic link), outside the spec's folder"
contains "$err" "set MAZEBOOK_CATALOGUE=FILE or give --catalogue FILE"
ok $? "cat-link: the refusal says how to use a file elsewhere"
# the spec's catalogue is read only when the user chose none: refused there too
MAZEBOOK_CATALOGUE= refused cat-link 6:12 "which leads to '$TMP/elsewhere/c.db'"
spec cat-up "catalogue: ../elsewhere/c.db"
refused cat-up 6:12 "'catalogue' is '../elsewhere/c.db', a '..' that leaves the spec's folder (it leads to '$TMP/elsewhere/c.db')"
spec cat-abs "catalogue: $TMP/elsewhere/c.db"
refused cat-abs 6:12 "'catalogue' is '$TMP/elsewhere/c.db', an absolute path"
spec out-link "output: out-link/book"
refused out-link 6:9 "'output' is 'out-link/book', which leads to '$TMP/elsewhere/book' (through a symbolic link)"
spec img-link "cover:
  image: out-link/art.jpg"
refused img-link 7:10 "'cover.image' is 'out-link/art.jpg', which leads to '$TMP/elsewhere/art.jpg' (through a symbolic link), outside the spec's folder"
contains "$err" "copy the picture into it"
ok $? "img-link: the refusal says to copy the picture into the folder"
spec img-up "cover:
  image: pics/../../elsewhere/art.jpg"
refused img-up 7:10 "'cover.image' is 'pics/../../elsewhere/art.jpg', a '..' that leaves the spec's folder"
spec img-abs "cover:
  image: /etc/passwd"
refused img-abs 7:10 "'cover.image' is '/etc/passwd', an absolute path"
spec logo-link "cover:
  logo: out-link/logo.png"
refused logo-link 7:9 "'cover.logo' is 'out-link/logo.png', which leads to '$TMP/elsewhere/logo.png'"
spec logo-up "cover:
  logo: ../../../../../../../../etc/x.png"
refused logo-up 7:9 "'cover.logo' is '../../../../../../../../etc/x.png', a '..' that leaves the spec's folder (it leads to '/etc/x.png')"
spec shape-link "shape: out-link/moon.svg"
refused shape-link 6:8 "'shape' is 'out-link/moon.svg', which leads to '$TMP/elsewhere/moon.svg'"
contains "$err" "copy the shape file into it"
ok $? "shape-link: the refusal says to copy the shape into the folder"
spec shape-abs "shape: [heart, $TMP/elsewhere/moon.svg]"
refused shape-abs 6:16 "'shape' is '$TMP/elsewhere/moon.svg', an absolute path"
printf '%ssections:\n  - title: "One"\n    shape: ../elsewhere/moon.svg\n' "$HEAD" > book/sec-up.yaml
refused sec-up 8:12 "a '..' that leaves the spec's folder"
spec font-abs "font: /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
refused font-abs 6:7 "'font' is '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', an absolute path"
contains "$err" "install the font and give its name"
ok $? "font-abs: the refusal says to name an installed font"
# a bold face found beside a font file in the folder, but a link out of it
ttf=$(fc-match -f '%{file}' 'DejaVu Serif')
bold_ttf=$(fc-match -f '%{file}' 'DejaVu Serif:bold')
mkdir book/fonts
cp "$ttf" book/fonts/face.ttf
ln -s "$bold_ttf" book/fonts/face-Bold.ttf
spec bold-link "font: fonts/face.ttf"
refused bold-link 6:7 "the bold face 'book/fonts/face-Bold.ttf' beside the font file 'book/fonts/face.ttf' is a symbolic link out of its folder"
rm book/fonts/face-Bold.ttf
cp "$bold_ttf" book/fonts/face-Bold.ttf
run "$MAZEBOOK" build -q book/bold-link.yaml -o "$TMP/o-bold"
ok $rc "a font file and its bold face inside the folder build"
# a link inside the folder that leads out, through a chain of two
ln -s out-link book/chain
spec chain "cover:
  image: chain/art.jpg"
refused chain 7:10 "which leads to '$TMP/elsewhere/art.jpg' (through a symbolic link)"
# a dangling link: it leads nowhere, so nothing is made through it
ln -s "$TMP/elsewhere/missing-dir/c.db" book/dangling.db
spec dangling "catalogue: dangling.db"
MAZEBOOK_CATALOGUE= refused dangling 6:12 "which leads to 'nowhere (a dangling link or a loop)'"
check "dangling: nothing made where the link points" ! -e "$TMP/elsewhere/missing-dir"

# --- inside the folder: subfolders, a '..' that stays inside, a link inside ---
ln -s art.jpg book/pics/front.jpg
printf '%scatalogue: data/../data/books.db\nshape: shapes/moon.svg\ncover:\n  image: pics/front.jpg\n  logo: ./pics/logo.png\n' \
  "$HEAD" > book/inside.yaml
MAZEBOOK_CATALOGUE= run "$MAZEBOOK" build -q book/inside.yaml -o "$TMP/o-inside"
ok $rc "paths inside the folder (subfolders, a link inside, a '..' inside) build"
check "... the spec's catalogue file is made in its folder" -s book/data/books.db
pdfimages -list "$TMP/o-inside/cover.pdf" 2>/dev/null | grep -q ' 2000  2500 '
ok $? "... and the picture is on the cover"
# the same files from outside, given by the user: the catalogue and output
MAZEBOOK_CATALOGUE="$TMP/elsewhere/user.db" run "$MAZEBOOK" build -q book/own.yaml \
  -o "$TMP/elsewhere/by-o"
ok $rc "a catalogue and an output outside the folder, from the environment and -o, build"
check "... both made where the user said" -s "$TMP/elsewhere/user.db" -a -f "$TMP/elsewhere/by-o/checklist.txt"

# --- item 5: no secret of a catalogue location is printed ---
# secret_free DESC VALUE: build and catalogue list with MAZEBOOK_CATALOGUE=VALUE
# print none of the secrets, and say what they must
secret_free() {
  desc=$1 value=$2 needle=$3
  MAZEBOOK_CATALOGUE="$value" run "$MAZEBOOK" build book/own.yaml -o "$TMP/o-secret"
  both="$out$err"
  MAZEBOOK_CATALOGUE="$value" run "$MAZEBOOK" catalogue list
  both="$both$out$err"
  leaked=""
  for s in secret s3cr3t p%40ss p@ss pa@ss ss@ alice; do
    contains "$both" "$s" && leaked="$leaked $s"
  done
  check "$desc: no secret printed (leaked:$leaked)" -z "$leaked"
  contains "$both" "$needle"
  ok $? "$desc: says '$needle'"
  check "$desc: nothing built" ! -e "$TMP/o-secret"
}
secret_free "a ?password= and a %40 in the URL" \
  "postgres://alice:p%40ss@127.0.0.1:$PORT/db?password=secret&sslmode=disable&application_name=s3cr3t" \
  "cannot reach the catalogue 'postgresql://127.0.0.1:$PORT/db': connection to server at \"127.0.0.1\", port $PORT failed: FATAL:  password authentication failed"
secret_free "an '@' in the password, not written %40" \
  "postgres://alice:pa@ss@127.0.0.1:$PORT/db" "more than one '@' before its host: write an '@' in the user name or password as %40"
secret_free "a libpq keyword string" \
  "host=127.0.0.1 port=$PORT user=alice password=secret dbname=db sslmode=disable" \
  "cannot reach the catalogue 'postgresql://127.0.0.1:$PORT/db'"
secret_free "a keyword string libpq cannot read" "host=127.0.0.1 password=secret sslmode" \
  "neither a file nor a PostgreSQL URL or connection string libpq can read"
secret_free "an unknown parameter" "postgresql://127.0.0.1:$PORT/db?passwordx=secret" \
  "neither a file nor a PostgreSQL URL"
check "no file was made from a connection string" -z "$(ls | grep '=')"
grep -aq 'alice' "$TMP/heard"
ok $? "the listener did hear the user's own catalogue (the environment's is used)"

done_testing
