#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# Hostile and huge input: specs that ask for a billion mazes or a million-
# square grid, YAML bombs, empty files, folders; PDFs that are truncated,
# have a broken xref, loop in their page tree, claim a million pages,
# hold a 1 GiB stream (a sparse file: almost nothing on disk) or inflate
# 256 KB into 256 MiB on each of 1500 pages; and the cases of issue 9
# (tests/helpers/hostile_pdf.py lists them: deep outlines, lying /Counts, shared
# streams, nested forms, page keys). Each must
# give a clear error (exit 1), never a crash or a hang. Every run is under
# `timeout 60` and a 4 GB address-space limit: they detect a hang or a
# memory explosion, they are not speed requirements. The bounds are in
# README.md, "Limits".
. "${top_srcdir:-.}/tests/helpers/tap.sh"

cd "$TMP" || exit 1
export MAZEBOOK_KEY_DIR="$TMP/keys"
bindir=$(dirname "$MAZEBOOK")
MAZEPROOF=
if [ -x "$bindir/mazeproof" ]; then
  MAZEPROOF="$bindir/mazeproof"
elif command -v mazeproof >/dev/null 2>&1; then
  MAZEPROOF=$(command -v mazeproof)
fi
# AddressSanitizer reserves terabytes of address space: no -v limit then
vlimit=4000000
grep -qa __asan_init "$MAZEBOOK" && vlimit=unlimited

# bounded CMD...: run CMD under the limits; $rc, $out, $err as run() sets them
bounded() {
  run sh -c 'ulimit -v "$0" 2>/dev/null; exec timeout 60 "$@"' "$vlimit" "$@"
}

# refused DESC NEEDLE CMD...: exit 1 (not a crash, a hang or success) and NEEDLE in stderr
refused() {
  desc=$1 needle=$2
  shift 2
  bounded "$@"
  check "$desc: exit 1" "$rc" -eq 1
  contains "$err" "$needle"; ok $? "$desc: says '$needle'"
}

# ---- specs for `mazebook build` ----
SPEC="$top_srcdir/examples/hard.yaml"
sed 's/^mazes:.*/mazes: 1000000000/' "$SPEC" > billion.yaml
refused "10^9 mazes" "'mazes' is 1000000000, out of range" "$MAZEBOOK" build billion.yaml -o o
sed 's/^mazes:.*/mazes: 99999999999999999999999/' "$SPEC" > overflow.yaml
refused "a maze count past 2^64" "out of range" "$MAZEBOOK" build overflow.yaml -o o
# (its subtitle's "100 Challenging Labyrinths" would contradict 10000 first)
sed -e 's/^mazes:.*/mazes: 10000/' -e 's/^subtitle: "100 /subtitle: "/' "$SPEC" > tenk.yaml
refused "10^4 mazes (more pages than KDP prints)" "KDP prints at most" "$MAZEBOOK" build tenk.yaml -o o
{ cat "$SPEC"; echo "grid: 1000000x1000000"; } > grid.yaml
refused "a 10^6 x 10^6 grid" "out of range" "$MAZEBOOK" build grid.yaml -o o
python_ok=false
command -v python3 >/dev/null 2>&1 && python_ok=true
if $python_ok; then
  python3 -c "print('title: ' + '[' * 200000 + ']' * 200000)" > deep-seq.yaml
  refused "200000 nested lists" "deep-seq.yaml" "$MAZEBOOK" build deep-seq.yaml -o o
  python3 -c "
import sys
sys.stdout.write('cover:\n  back:' + ' {a:' * 100000 + ' 1' + '}' * 100000 + '\n')" > deep-map.yaml
  refused "100000 nested mappings" "deep-map.yaml" "$MAZEBOOK" build deep-map.yaml -o o
  python3 -c "
print('title: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]')
for i in range(1, 10):
    print('subtitle%d: &%s [%s]' % (i, chr(97 + i), ','.join(['*' + chr(96 + i)] * 9)))
print('author: *j')" > laughs.yaml
  refused "billion laughs (aliases)" "anchors and aliases are not allowed" "$MAZEBOOK" build laughs.yaml -o o
  python3 -c "print('title: x\n# ' + 'a' * 3000000)" > big.yaml
  refused "a 3 MB spec" "larger than 1048576 bytes" "$MAZEBOOK" build big.yaml -o o
fi
: > empty.yaml
refused "a 0-byte spec" "the file is empty" "$MAZEBOOK" build empty.yaml -o o
mkdir folder.yaml
refused "a folder as the spec" "is a folder" "$MAZEBOOK" build folder.yaml -o o
printf 'title: "\377\376\0\0 binary"\n\0\0\0' > binary.yaml
refused "a spec with NUL bytes and bad UTF-8" "binary.yaml" "$MAZEBOOK" build binary.yaml -o o
refused "a spec that does not exist" "nosuch.yaml" "$MAZEBOOK" build nosuch.yaml -o o
if mkfifo fifo.yaml 2>/dev/null; then
  refused "a named pipe nobody writes to" "the file is empty" "$MAZEBOOK" build fifo.yaml -o o
fi
check "no output folder was made by any of them" ! -e o

# named pipes nobody writes to: opening one blocks for ever unless the
# reader takes care; each reader must say "not a regular file" instead
if mkfifo pipe 2>/dev/null; then
  "$MAZEBOOK" keygen -p k.pub -s k.key >/dev/null
  printf 'mazebook preflight checklist\nfile: pipe sha256=%064d bytes=1\nresult: PASS\n' 0 > list.txt
  refused "build --key a pipe" "not a regular file" "$MAZEBOOK" build "$SPEC" -o o --key pipe
  refused "sign a pipe" "not a regular file" "$MAZEBOOK" sign pipe -s k.key
  refused "verify with a pipe as public key" "not a regular file" \
    "$MAZEBOOK" verify list.txt -p pipe
fi

# ---- PDFs for `mazebook check` and mazeproof ----
if ! $python_ok; then
  echo "# python3 is not installed: hostile PDFs skipped"
  done_testing
  exit $?
fi
python3 "$top_srcdir/tests/helpers/hostile_pdf.py" pdf >/dev/null
ok $? "hostile_pdf.py writes the hostile PDFs"
blocks=$(du -k pdf/sparse-1gib.pdf | cut -f1)
check "the 1 GiB PDF is sparse (${blocks} KB on disk)" "$blocks" -lt 1024

# the reason each damaged file must be refused for (check's probe)
for case in "truncated.pdf:damaged or truncated" "broken-xref.pdf:damaged or truncated" \
            "no-xref.pdf:damaged or truncated" "page-tree-loop.pdf:cycle in page tree" \
            "self-kid.pdf:cycle in page tree" "million-pages.pdf:1000000 pages is more than" \
            "million-kids.pdf:1000000 pages is more than" \
            "sparse-1gib.pdf:1073742277 bytes is more than" "empty.pdf:the file is empty" \
            "not-a-pdf.pdf:cannot read"; do
  f=${case%%:*}
  refused "check $f" "${case#*:}" "$MAZEBOOK" check "pdf/$f"
  contains "$err" "pdf/$f"; ok $? "check $f: names the file"
done
refused "check a folder" "is a folder, not a PDF file" "$MAZEBOOK" check pdf
if [ -p pipe ]; then
  refused "check --spec a pipe" "not a regular file" "$MAZEBOOK" check --spec pipe pdf/good.pdf
  refused "check a pipe" "not a regular file" "$MAZEBOOK" check pipe
fi
# 256 KB of deflate that inflates to 256 MiB on each of 1500 pages: an hour of work
refused "check deflate-bomb.pdf" "gave up after 3 s of CPU time" \
  "$MAZEBOOK" check --max-cpu 3 pdf/deflate-bomb.pdf
# a stream that claims 1 GB but holds 44 bytes: read as it is, judged by the checklist
# 4.8 million lines on one page: past the 2 million drawing operations a file may make
refused "check lines-bomb.pdf" "more than 1000000 drawing operations" \
  "$MAZEBOOK" check pdf/lines-bomb.pdf

# issue 9: each case refused naming the file and the bound, or the right verdict
for case in "deep-outline.pdf:the bookmarks (outline) nest more than 64 levels deep" \
            "count-negative.pdf:the page tree's /Count is -5, not a page count" \
            "count-2e31.pdf:not a page count" \
            "hidden-page.pdf:the page tree holds 25 pages but its /Count says 24" \
            "nested-forms.pdf:more than 100000 clips or form XObjects drawn" \
            "cover-fills.pdf:more than 1000000 drawing operations"; do
  f=${case%%:*}
  refused "check $f" "${case#*:}" "$MAZEBOOK" check "pdf/$f"
  contains "$err" "pdf/$f"; ok $? "check $f: names the file"
done
# the same 828 pages as a cover: the detail kept is bounded per file, not per page
refused "check cover-fills.pdf as the cover" "more than 200000 drawing operations to check" \
  "$MAZEBOOK" check pdf/good.pdf pdf/cover-fills.pdf
contains "$err" "pdf/cover-fills.pdf"; ok $? "check cover-fills.pdf as the cover: names the file"
# 20,000 fonts on each of 1,000 pages: measured (a hash, each dictionary once), judged
bounded "$MAZEBOOK" check pdf/many-fonts.pdf
check "check many-fonts.pdf: exit 1, a checklist" "$rc" -eq 1
contains "$out" "FAIL  interior.fonts       page 1: font Font0 (Type1) is not embedded (20000 fonts"
ok $? "check many-fonts.pdf: all 20000 fonts found, none embedded"

# page keys the preflight reads: verdict ID STATUS TEXT FILE (exit 1 on FAIL, 0 on PASS)
verdict() {
  bounded "$MAZEBOOK" check "pdf/$4"
  if [ "$2" = FAIL ]; then want=1; else want=0; fi
  check "check $4: exit $want" "$rc" -eq "$want"
  contains "$out" "$2  $1"; ok $? "check $4: $2 $1"
  contains "$out" "$3"; ok $? "check $4: says '$3'"
}
verdict interior.same-size FAIL "page 5: 9 x 6 in, the other pages are 6 x 9 in" rotate-one.pdf
verdict interior.page-size PASS "6 x 9 in = trim" rotated-book.pdf
verdict interior.trim FAIL "page 1: trim 12x18 in is not a KDP size" user-unit.pdf
verdict interior.boxes FAIL "page 1: the TrimBox is 0.0139 x 0.0139 in at (0, 0) in, the trim 6 x 9 in" \
  tiny-trim.pdf
verdict interior.boxes FAIL "page 1: the CropBox is 3 x 4.5 in at (0, 0) in, the page 6 x 9 in" \
  quarter-crop.pdf
bounded "$MAZEBOOK" check pdf/long-length.pdf
check "check long-length.pdf: exit 1, a checklist, no crash" "$rc" -eq 1
contains "$out" "interior.page-count"; ok $? "check long-length.pdf: the checklist is printed"

# valgrind: the error paths free what they allocated and read nothing wrong
# (not under AddressSanitizer, which does the same job its own way)
vg_tools="$MAZEBOOK check"
[ -n "$MAZEPROOF" ] && vg_tools="$vg_tools|$MAZEPROOF"
if command -v valgrind >/dev/null 2>&1 && [ "$vlimit" != unlimited ]; then
  for f in truncated.pdf page-tree-loop.pdf million-pages.pdf sparse-1gib.pdf \
           deep-outline.pdf count-negative.pdf hidden-page.pdf tiny-trim.pdf many-drawings.pdf; do
    old_ifs=$IFS
    IFS='|'
    for tool in $vg_tools; do
      IFS=$old_ifs
      # shellcheck disable=SC2086
      valgrind -q --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=99 \
        $tool "pdf/$f" >/dev/null 2>"$TMP/vg.err"
      vrc=$?
      check "valgrind: ${tool##*/} $f: no memory error, no leak" "$vrc" -ne 99
      [ "$vrc" -ne 99 ] || head -c 600 "$TMP/vg.err" | sed 's/^/# /'
      IFS='|'
    done
    IFS=$old_ifs
  done
fi

if [ -z "$MAZEPROOF" ]; then
  echo "# mazeproof is not built: its hostile PDFs are skipped"
  done_testing
  exit $?
fi
for case in "truncated.pdf:damaged or truncated" "broken-xref.pdf:damaged or truncated" \
            "no-xref.pdf:damaged or truncated" "page-tree-loop.pdf:cycle in page tree" \
            "self-kid.pdf:cycle in page tree" "million-pages.pdf:1000000 pages is more than" \
            "million-kids.pdf:1000000 pages is more than" \
            "sparse-1gib.pdf:1073742277 bytes is more than" "empty.pdf:the file is empty" \
            "not-a-pdf.pdf:cannot read"; do
  f=${case%%:*}
  refused "mazeproof $f" "${case#*:}" "$MAZEPROOF" "pdf/$f"
done
# three lines in a box: read as it is, and not a maze that passes
bounded "$MAZEPROOF" pdf/long-length.pdf
check "mazeproof long-length.pdf: exit 1, no crash" "$rc" -eq 1
contains "$out" "0 passed"; ok $? "mazeproof long-length.pdf: nothing passes"
refused "mazeproof a folder" "is a folder, not a PDF file" "$MAZEPROOF" pdf
[ -p pipe ] && refused "mazeproof a pipe" "not a regular file" "$MAZEPROOF" pipe
refused "mazeproof deflate-bomb.pdf" "gave up after 3 s of CPU time" \
  "$MAZEPROOF" --max-cpu 3 pdf/deflate-bomb.pdf
# 4.8 million lines on one page: past the 2 million drawing operations a file may make
refused "mazeproof lines-bomb.pdf" "more than 1000000 drawing operations" \
  "$MAZEPROOF" pdf/lines-bomb.pdf
for case in "count-negative.pdf:the page tree's /Count is -5, not a page count" \
            "count-2e31.pdf:not a page count" \
            "hidden-page.pdf:the page tree holds 25 pages but its /Count says 24" \
            "nested-forms.pdf:more than 100000 clips or form XObjects drawn" \
            "cover-fills.pdf:more than 1000000 drawing operations" \
            "many-grids.pdf:more than 10000 mazes in the file"; do
  f=${case%%:*}
  refused "mazeproof $f" "${case#*:}" "$MAZEPROOF" "pdf/$f"
  contains "$err" "pdf/$f"; ok $? "mazeproof $f: names the file"
  check "mazeproof $f: prints no maze" -z "$out"
done
# a page refused for the ink stacked on it: the page says why, the file is named
for case in "jitter-bomb.pdf:more than 512 line pieces near one place" \
            "many-drawings.pdf:more than 4000 separate line drawings"; do
  f=${case%%:*}
  bounded "$MAZEPROOF" "pdf/$f"
  check "mazeproof $f: exit 1" "$rc" -eq 1
  contains "$out" "page 1: ${case#*:}"; ok $? "mazeproof $f: says '${case#*:}'"
  contains "$err" "no maze found in 'pdf/$f'"; ok $? "mazeproof $f: names the file"
done
# 10,000 copies of the same three lines (forms in forms): read, judged, not a maze that passes
for f in stacked-forms.pdf deep-outline.pdf many-fonts.pdf; do
  bounded "$MAZEPROOF" "pdf/$f"
  check "mazeproof $f: exit 1, no crash" "$rc" -eq 1
  contains "$out" "0 passed"; ok $? "mazeproof $f: nothing passes"
done
done_testing
