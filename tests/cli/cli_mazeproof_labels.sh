#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# mazeproof pairs a maze with a label only when the label is in a label's
# form ("Maze 3", "Solution 3 (page 4)", "#3": a word in the singular and
# its number) and belongs to that maze (above it, the nearest maze under
# it); a title, a running head, a folio or an age range is never one, and
# the title page's maze, with no label, is proved on its own. Books whose
# titles hold numbers ("Christmas Mazes 2026", "Mazes 101 for Kids",
# "Easy Mazes for Kids Ages 4-6") drawn by pycairo and reportlab
# (tests/data/mazeproof/mktitles.py, checked in with the verdicts in its
# expected.txt) and built by mazebook (square and circular mazes): each
# passes with its mazes numbered 1 to N. Books whose labels are wrong
# still fail.
. "$top_srcdir/tests/helpers/tap.sh"
. "$top_srcdir/tests/helpers/mazeproof_verdict.sh"
DIR="$top_srcdir/tests/data/mazeproof/titles"

# ---- drawn by other programs: each file to its verdict, every phrase present ----
n=0
while IFS="$TAB" read -r file want phrases; do
  case "$file" in '#'*|'') continue ;; esac
  n=$((n + 1))
  run "$MAZEPROOF" "$DIR/$file"
  [ "$rc" -eq "$want" ] && says_all_of "$phrases"
  ok $? "$file: exit $want, says '$phrases'" || show_run
done < "$DIR/expected.txt"
check "the titled books are 10 files" "$n" -eq 10
for f in "$DIR"/*.pdf; do
  grep -q "^$(basename "$f")$TAB" "$DIR/expected.txt"
  ok $? "$(basename "$f") has a verdict in expected.txt"
done
for producer in cairo reportlab; do
  run grep -c "^$producer-" "$DIR/expected.txt"
  check "$producer drew some of them" "$out" -ge 3
done
run "$MAZEPROOF" --json "$DIR/cairo-christmas.pdf"
contains "$out" '"number": -1, "page": 1,' && ! contains "$out" '"number": 2026'
ok $? "--json: the title page's maze has no number (-1), none is 2026"
contains "$out" '"label": ""' && contains "$out" '"label": "Maze 3"' &&
  contains "$out" '"copy_label": "Solution 3 (page 4)"'
ok $? "--json names the label of each maze and of its copy"
run "$MAZEPROOF" "$DIR/cairo-christmas.pdf"
! contains "$out" "2026" && ! contains "$out" "no mazes"
ok $? "no maze 2026, no missing mazes made up"

# ---- mazebook's own books: the interior its build proves, kept by a stand-in ----
# (build runs the mazeproof beside its own program; this one keeps a copy)
REAL=$(cd "$(dirname "$MAZEPROOF")" && pwd)/$(basename "$MAZEPROOF")
cd "$TMP" || exit 1
export MAZEBOOK_KEY_DIR="$TMP/keys"
mkdir bin
cp "$MAZEBOOK" bin/mazebook
cat > bin/mazeproof <<SH
#!/bin/sh
for a; do p=\$a; done
case \$p in *.proof) ;; *) cp "\$p" "$TMP/kept.pdf" ;; esac
exec "$REAL" "\$@"
SH
chmod +x bin/mazeproof

book() { # NAME TITLE MAZES GRID
  rm -f kept.pdf
  printf 'title: "%s"\nsubtitle: "Fun puzzles"\nauthor: "Ada"\nyear: 2026\nlevel: easy\nmazes: %s\ngrid: %s\ntrim: 8.5x11\npaper: white\nseed: %s\noutput: out-%s/\n' \
    "$2" "$3" "$4" "$(printf '%s' "$1" | cksum | cut -d' ' -f1)" "$1" > "$1.yaml"
  run bin/mazebook build "$1.yaml" -q
  build_rc=$rc
  build_err=$err
  # other checks (the cover's count of "2026 mazes") are not this test's
  ! contains "$err" "interior.mazeproof" && [ -s kept.pdf ]
  ok $? "$1: the build's mazeproof passes \"$2\"" ||
    printf '# build: %s\n' "$build_err" | head -5
  if [ "$build_rc" -eq 0 ]; then
    grep -q "^PASS  interior.mazeproof" "out-$1/checklist.txt"
    ok $? "$1: the checklist says mazeproof passed"
  else
    printf '# the build failed on other checks:\n%s\n' "$build_err" | sed 's/^/# /'
    ok 0 "$1: the build failed on other checks only"
  fi
  run "$REAL" kept.pdf
  check "$1: mazeproof passes the interior" "$rc" -eq 0
  contains "$out" "unnumbered maze, page 1: " && contains "$out" "maze 1, page " &&
    contains "$out" "maze $3, page " && contains "$out" "$3 solution copies checked" &&
    ! contains "$out" "no maze"
  ok $? "$1: the title page's maze is unnumbered, the mazes are 1 to $3" ||
    printf '%s\n' "$out" | grep -v "solution matches$" | sed 's/^/# /'
  run "$REAL" --json kept.pdf
  check "$1: --json counts $3 numbered mazes proved and one unnumbered" \
    "$(printf '%s\n' "$out" | grep -c '"number": [1-9][0-9]*, .*"ok": true')" -eq "$3" -a \
    "$(printf '%s\n' "$out" | grep -c '"number": -1, "page": 1, .*"ok": true')" -eq 1
}
book christmas "Christmas Mazes 2026" 24 square
book kids101 "Mazes 101 for Kids" 24 square
book ages "Easy Mazes for Kids Ages 4-6" 24 square
book circles "Circle Mazes 2026" 16 polar

done_testing
