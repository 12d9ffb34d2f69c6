#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# Issue 17 end to end: `mazebook cost` on the worked examples, `editions:`
# building a paperback and a hardcover into their own folders, the preflight
# telling a hardcover cover from a paperback one, a premium-colour book, the
# $9.99 threshold warning, and bad values of the new keys with line:column.
. "$top_srcdir/tests/helpers/tap.sh"
cd "$TMP" || exit 1
MAZEBOOK_KEY_DIR="$TMP/keys"
export MAZEBOOK_KEY_DIR

# ---- mazebook cost ----
run "$MAZEBOOK" cost --trim 6x9 --pages 132 --price 9.99
check "cost: 6x9 132 pages exits 0" "$rc" -eq 0
contains "$out" "printing cost       \$2.58" && contains "$out" "royalty at \$9.99    \$3.41 (60 %)"
ok $? "cost: 6x9 black-ink paperback, 132 pages: \$2.58, royalty \$3.41 at \$9.99"
run "$MAZEBOOK" cost --trim 8.5x11 --pages 132 --price 9.99
contains "$out" "\$3.24" && contains "$out" "minimum list price  \$6.48" && contains "$out" "\$2.75 (60 %)" &&
  ! contains "$out" "warning"
ok $? "cost: 8.5x11: \$3.24, minimum \$6.48, \$2.75 at \$9.99, no warning"
run "$MAZEBOOK" cost --trim 8.5x11 --pages 132 --price 9.98
contains "$out" "\$1.75 (50 %)" &&
  contains "$out" "warning: at \$9.99 (rate 60 %) the book earns \$2.75, \$1.00 more than at \$9.98"
ok $? "cost: \$1.75 at \$9.98, with the \$9.99 threshold warning"
run "$MAZEBOOK" cost --trim 8.25x11 --pages 132 --binding hardcover
contains "$out" "printing cost       \$7.89" && contains "$out" "hardcover"
ok $? "cost: 8.25x11 black-ink hardcover, 132 pages: \$7.89"
run "$MAZEBOOK" cost --trim 8.5x11 --pages 132 --json --price 9.98
contains "$out" '"printing": 3.24' && contains "$out" '"royalty": 1.75' && contains "$out" '"warning": "at $9.99'
ok $? "cost --json"
run "$MAZEBOOK" cost --trim 8.5x11 --pages 100 --ink premium-colour
contains "$out" "printing cost       \$9.00"
ok $? "cost: premium colour, large trim, 100 pages: 1.00 + 100 x 0.08"
for bad in "--trim 8.5x11 --pages 132 --binding hardcover|use 8.25x11" \
           "--trim 6x9 --pages 40 --ink standard-colour|72 to 600 pages" \
           "--trim 6x9 --pages 600 --binding hardcover|76 to 550 pages" \
           "--trim 6x9 --pages 12|24 to 828 pages" \
           "--trim 6x9 --pages 100 --ink premium-colour --paper cream|white paper only" \
           "--trim 6x9 --pages 100 --binding hardcover --ink standard-colour|not standard colour" \
           "--trim 6x9 --pages 100 --price 9,99|bad list price '9,99'" \
           "--trim 6x9 --pages 100 --price 999|out of range" \
           "--trim 6x9 --pages 100 --ink colour|unknown ink 'colour'" \
           "--trim 6x9 --pages 100 --binding spiral|unknown binding 'spiral'" \
           "--trim 6x9 --pages many|--pages" \
           "--pages 100|give the book's --trim and --pages" \
           "--trim 6x9 --pages 100 extra|unexpected argument"; do
  args=${bad%%|*}
  want=${bad#*|}
  # shellcheck disable=SC2086
  run "$MAZEBOOK" cost $args
  test "$rc" -eq 2 && contains "$err" "$want"
  ok $? "cost $args: exit 2, '$want'"
done
run "$MAZEBOOK" --help
contains "$out" "cost"
ok $? "mazebook --help lists cost"

# ---- editions: a paperback and a hardcover from one spec ----
cat > book.yaml <<'YAML'
title: "Two Editions"
author: "A. Author"
level: easy
mazes: 66
solutions: 9
trim: 6x9
seed: 5
editions: [paperback, hardcover]
price:
  paperback: 9.98
  hardcover: 19.99
YAML
run "$MAZEBOOK" build book.yaml -o out
check "editions: the build exits 0" "$rc" -eq 0
contains "$out" "warning    at \$9.99" && contains "$out" "money      printing \$6.80"
ok $? "editions: the summary reports the money and the warning"
for e in paperback hardcover; do
  test -s "out/$e/interior.pdf" && test -s "out/$e/cover.pdf" && test -s "out/$e/checklist.txt" &&
    test -s "out/$e/checklist.txt.minisig" && test -s "out/$e/manifest.json"
  ok $? "editions: out/$e/ has the whole book"
  run "$MAZEBOOK" verify "out/$e/checklist.txt" -p "out/$e/mazebook.pub"
  check "editions: out/$e/ verifies" "$rc" -eq 0
  grep -q "\"binding\": \"$e\"" "out/$e/manifest.json"
  ok $? "editions: out/$e/manifest.json says $e"
done
# 5 front pages + 66 + 1 blank + 8 + 1 blank + the certificate = 82 pages;
# hardcover spine 82 x 0.002252 + 0.18898 = 0.3736 in
grep -q '^PASS  cover.size .*13.9484 x 10.4173 in' out/hardcover/checklist.txt
ok $? "editions: the hardcover cover is 2 x 6 + 0.374 + 1.575 by 9 + 1.417 in"
grep -q '^PASS  cover.hinge ' out/hardcover/checklist.txt && grep -q '^PASS  cover.wrap ' out/hardcover/checklist.txt
ok $? "editions: the hardcover's hinges and wrap pass"
grep -q '^PASS  cover.size .*12.4347 x 9.2500 in' out/paperback/checklist.txt &&
  ! grep -q 'cover.hinge' out/paperback/checklist.txt
ok $? "editions: the paperback cover is 0.1847 in spine, no hinge check"
grep -q '^WARN  edition.royalty .*at \$9.99 (rate 60 %)' out/paperback/checklist.txt
ok $? "editions: \$9.98 warns in the checklist"
grep -q '"printing": 2.30, "min_list_price": 4.60, "list_price": 9.98, "royalty": 2.69' out/paperback/manifest.json
ok $? "editions: manifest.json has the paperback's cost and royalty"
grep -q '"printing": 6.80, "min_list_price": 11.34, "list_price": 19.99, "royalty": 5.19' out/hardcover/manifest.json
ok $? "editions: manifest.json has the hardcover's cost and royalty"

# the preflight tells the covers apart, on any PDF
run "$MAZEBOOK" check out/hardcover/interior.pdf out/hardcover/cover.pdf --binding hardcover
check "check --binding hardcover passes the hardcover" "$rc" -eq 0
run "$MAZEBOOK" check out/hardcover/interior.pdf out/hardcover/cover.pdf
test "$rc" -eq 1 && contains "$out" "FAIL  cover.size           13.9484 x 10.4173 in, should be 12.4347 x 9.2500 in"
ok $? "check: a hardcover cover checked as a paperback fails its size"
run "$MAZEBOOK" check out/paperback/interior.pdf out/paperback/cover.pdf --binding hardcover
test "$rc" -eq 1 && contains "$out" "FAIL  cover.size           12.4347 x 9.2500 in, should be 13.9484 x 10.4173 in"
ok $? "check --binding hardcover: a paperback cover fails its size"
run "$MAZEBOOK" check out/paperback/interior.pdf --binding hardback
check "check --binding hardback: exit 2" "$rc" -eq 2

# 8.5 x 11 has no hardcover
sed 's/trim: 6x9/trim: 8.5x11/' book.yaml > big.yaml
run "$MAZEBOOK" build big.yaml -o big
test "$rc" -eq 1 && contains "$err" "big.yaml:6:7: KDP has no 8.5x11 hardcover: use 8.25x11" && test ! -e big
ok $? "editions on 8.5x11: error at trim's line:column says 8.25x11, nothing written"
# too few pages for a hardcover
sed 's/mazes: 66/mazes: 60/' book.yaml > few.yaml
run "$MAZEBOOK" build few.yaml -o few
test "$rc" -eq 1 && contains "$err" "few.yaml:4:8: " && contains "$err" "at least 76" &&
  contains "$err" "at least 62 mazes" && test ! -e few
ok $? "a hardcover of 74 pages: the mazes line says 76 pages, 62 mazes; no edition is built"

# ---- premium colour ----
cat > colour.yaml <<'YAML'
title: "Colour Mazes"
author: "A. Author"
level: easy
mazes: 20
trim: 6x9
ink: premium-colour
palette:
  route: "#ff6d00"
price: 9.99
seed: 6
YAML
run "$MAZEBOOK" build colour.yaml -o colour
check "premium colour: the build exits 0" "$rc" -eq 0
grep -q '^PASS  interior.colour .*colour pages in a premium-colour book' colour/checklist.txt
ok $? "premium colour: the colour rule checks the declared ink"
grep -q '^PASS  interior.mazeproof ' colour/checklist.txt
ok $? "premium colour: mazeproof still proves every maze (walls black, routes coloured)"
# spine 32 pages: 32 x 0.002347 = 0.0751 in
grep -q '^PASS  cover.size .*12.3251 x 9.2500 in' colour/checklist.txt
ok $? "premium colour: the spine uses 0.002347 in per page"
run "$MAZEBOOK" check colour/interior.pdf
test "$rc" -eq 1 && contains "$out" "FAIL  interior.colour"
ok $? "check: the colour interior fails as black ink"
run "$MAZEBOOK" check colour/interior.pdf --ink premium-colour
check "check --ink premium-colour passes it" "$rc" -eq 0
sed 's/premium-colour/standard-colour/' colour.yaml > std.yaml
run "$MAZEBOOK" build std.yaml -o std
test "$rc" -eq 1 && contains "$err" "std.yaml:4:8: " && contains "$err" "at least 72"
ok $? "standard colour: 28 pages is under 72, at the mazes line"

# ---- bad values, at line:column, nothing written ----
head='title: "T"
author: "A"
level: easy
mazes: 30
'
for bad in "binding: soft|5:10|unknown binding 'soft'" \
           "ink: cmyk|5:6|unknown ink 'cmyk'" \
           "editions: [paperback, paperback]|5:23|lists paperback twice" \
           "price: cheap|5:8|bad list price 'cheap'" \
           "ink: premium-colour
paper: cream|6:8|white paper only"; do
  text=${bad%%|*}
  rest=${bad#*|}
  place=${rest%%|*}
  want=${rest#*|}
  printf '%s%s\n' "$head" "$text" > bad.yaml
  run "$MAZEBOOK" build bad.yaml -o badout
  test "$rc" -eq 1 && contains "$err" "bad.yaml:$place: " && contains "$err" "$want" &&
    test ! -e badout
  ok $? "bad spec: $want at $place"
done

done_testing
