#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# The pages around the mazes (issue 14, item 4), read back from built
# books with pdftotext: the contents' page numbers are the real pages of
# the sections and parts, the solutions' "Maze N, page P" headings point
# at the real maze pages, the certificate is the last page, the seed is
# printed only with print_seed: true, a page turned off in pages: is not
# printed, and the words are in the book's language.
. "${top_srcdir:-.}/tests/helpers/tap.sh"

if ! command -v pdftotext >/dev/null 2>&1; then
  skip "pdftotext not installed (apt-get install poppler-utils)"
  done_testing
  exit 0
fi

MAZEBOOK_KEY_DIR="$TMP/keys"
export MAZEBOOK_KEY_DIR
MAZEBOOK_CATALOGUE=none
export MAZEBOOK_CATALOGUE

cat > "$TMP/sections.yaml" <<'YAML'
title: Easy to Hard Mazes
author: Ann Example
level: easy
seed: 11
year: 2026
imprint: Little Maze Press
sections:
  - title: Warm-up Walks
    level: easy
    mazes: 10
    description: Short paths to get started
  - title: Twisty Trails
    level: medium
    mazes: 12
  - title: The Great Labyrinth
    level: hard
    mazes: 8
YAML

# Judge a built book's text: every claim the front and back matter make.
# Prints one "ok|not ok <what>" line per claim; the shell counts them.
judge() {
  python3 - "$1" "$2" <<'PY'
import re, sys
pdf_text, want = open(sys.argv[1], encoding="utf-8").read(), sys.argv[2]
pages = pdf_text.split("\f")
if pages and not pages[-1].strip():
    pages.pop()
n = len(pages)
def say(good, what):
    print(("ok " if good else "not ok ") + what)
def lines(p):
    return [l.strip() for l in pages[p - 1].splitlines() if l.strip()]
contents = [i + 1 for i, p in enumerate(pages) if lines(i + 1)[:1] in (["Contents"], ["Inhalt"])]
rows = []
if contents:
    for l in lines(contents[0])[1:]:
        m = re.match(r"^(.*\S)\s+(\d+)$", l)
        if m:
            rows.append((m.group(1), int(m.group(2))))
if "contents" in want:
    say(len(contents) == 1, "one contents page (found %d)" % len(contents))
    say(len(rows) >= 3, "the contents list %d rows" % len(rows))
    for entry, page in rows:
        if not 1 <= page <= n:
            say(False, "contents: '%s' on page %d of %d" % (entry, page, n))
            continue
        text = lines(page)
        if entry in ("Solutions", "Lösungen"):
            say(text[:1] == [entry], "contents: %s start on page %d" % (entry, page))
        elif entry.startswith("Certificate") or entry == "Urkunde":
            say(page == n and entry in text, "contents: the certificate is page %d, the last" % page)
        elif entry == "Mazes":
            say(text[:1] == ["Maze 1"], "contents: the mazes start on page %d with Maze 1" % page)
        else:
            # a section: its page carries its title and its level, its first maze follows
            nxt = lines(page + 1)
            say(entry in text and any(t.startswith("Level:") for t in text) and
                nxt[:1] and nxt[0].startswith("Maze "),
                "contents: section '%s' opens on page %d, its mazes after it" % (entry, page))
else:
    say(not contents, "no contents page")
# every solution heading names its maze's real page
heads = 0
for p in range(1, n + 1):
    for l in lines(p):
        for m in re.finditer(r"Maze (\d+), page (\d+)", l):
            heads += 1
            num, page = int(m.group(1)), int(m.group(2))
            say(1 <= page <= n and lines(page)[:1] == ["Maze %d" % num],
                "solution heading 'Maze %d, page %d' points at maze %d" % (num, page, num))
say(heads > 0, "%d solution headings read" % heads)
last = " ".join(lines(n))
if "certificate" in want:
    say("Certificate of Completion" in last or "Urkunde" in last, "the certificate is the last page")
    say(sum(lines(p + 1)[:1] in (["Certificate of Completion"], ["Urkunde"]) for p in range(n)) == 1,
        "one certificate")
else:
    say(not any("Certificate of Completion" in pg for pg in pages), "no certificate")
seed = [p + 1 for p in range(n) if re.search(r"\bSeed: \d+", pages[p])]
if "seed" in want:
    say(len(seed) == 1, "the seed is printed once (pages %s)" % seed)
else:
    say(not seed, "the seed is not printed (pages %s)" % seed)
for word in re.findall(r"has:([^|]+)", want):
    say(any(word in " ".join(lines(p + 1)) for p in range(n)), "the book says '%s'" % word)
for word in re.findall(r"lacks:([^|]+)", want):
    say(not any(word in " ".join(lines(p + 1)) for p in range(n)), "the book does not say '%s'" % word)
PY
}

# count judge's lines as TAP results
report() {
  while IFS= read -r line; do
    case "$line" in
      "ok "*) ok 0 "$1: ${line#ok }" ;;
      "not ok "*) ok 1 "$1: ${line#not ok }" ;;
    esac
  done < "$TMP/verdict"
}

build_and_judge() {
  name=$1 spec=$2 want=$3
  run "$MAZEBOOK" build -q "$spec" -o "$TMP/$name"
  ok $rc "$name: builds (mazeproof proves every maze, the preflight passes)"
  pdftotext -layout "$TMP/$name/interior.pdf" "$TMP/$name.txt" 2>/dev/null
  pages=$(pdfinfo "$TMP/$name/interior.pdf" 2>/dev/null | awk '/^Pages:/ {print $2}')
  check "$name: an even page count ($pages)" "$((pages % 2))" -eq 0
  judge "$TMP/$name.txt" "$want" > "$TMP/verdict"
  report "$name"
}

build_and_judge sections "$TMP/sections.yaml" \
  "contents|certificate|has:This book belongs to|has:How to play|has:each section starts with its easiest.|has:Level: easy–hard|has:Short paths to get started|has:Copyright © 2026 Ann Example|has:Published by Little Maze Press|lacks:Seed"

# the seed only when asked
sed 's/^year: 2026$/year: 2026\nprint_seed: true/' "$TMP/sections.yaml" > "$TMP/seed.yaml"
build_and_judge seed "$TMP/seed.yaml" "contents|certificate|seed|has:Seed: 11"

# without sections the contents list the parts; no ramp in a one-level book
cat > "$TMP/plain.yaml" <<'YAML'
title: Plain Mazes
author: Ann Example
level: medium
mazes: 25
seed: 3
year: 2026
YAML
build_and_judge plain "$TMP/plain.yaml" "contents|certificate|lacks:get harder|lacks:Seed"

# pages turned off are not printed
cat > "$TMP/off.yaml" <<'YAML'
title: Fewer Pages
author: Ann Example
level: easy
mazes: 30
seed: 3
year: 2026
pages:
  belongs_to: false
  contents: false
  certificate: false
  how_to_play: false
YAML
build_and_judge off "$TMP/off.yaml" "lacks:This book belongs to|lacks:How to play|lacks:Contents"
first=$(pdftotext -f 3 -l 3 "$TMP/off/interior.pdf" - 2>/dev/null | head -1)
check "off: maze 1 is page 3, after the title and copyright pages ('$first')" "$first" = "Maze 1"

# a German book: every page in German
sed 's/^year: 2026$/year: 2026\nlanguage: de/' "$TMP/sections.yaml" > "$TMP/de.yaml"
run "$MAZEBOOK" build -q "$TMP/de.yaml" -o "$TMP/de"
ok $rc "de: builds"
pdftotext -layout "$TMP/de/interior.pdf" "$TMP/de.txt" 2>/dev/null
for words in "Dieses Buch gehört" "So wird gespielt" "Jeder Abschnitt beginnt mit" "Inhalt" \
  "Urkunde" "Stufe: leicht" "Labyrinth 1, Seite"; do
  grep -q "$words" "$TMP/de.txt"
  ok $? "de: the book says '$words'"
done
! grep -q "Certificate\|Contents\|belongs to" "$TMP/de.txt"
ok $? "de: no English words on the pages around the mazes"

# the same spec and seed give the same book, byte for byte
run "$MAZEBOOK" build -q "$TMP/sections.yaml" -o "$TMP/again"
cmp -s "$TMP/sections/interior.pdf" "$TMP/again/interior.pdf"
ok $? "sections: built twice, the same interior byte for byte"

# a broken pages: value fails at its line and column, nothing written
printf 'title: T\nauthor: A\nlevel: easy\nmazes: 30\nseed: 3\npages:\n  contents: maybe\n' > "$TMP/bad.yaml"
run "$MAZEBOOK" build "$TMP/bad.yaml" -o "$TMP/bad"
test "$rc" -eq 1 && contains "$err" "bad.yaml:7:13: 'pages.contents' must be true or false, not 'maybe'" &&
  test ! -e "$TMP/bad"
ok $? "pages.contents: maybe fails at 7:13, nothing written"
printf 'title: T\nauthor: A\nlevel: easy\nmazes: 30\nseed: 3\npages:\n  certifcate: false\n' > "$TMP/typo.yaml"
run "$MAZEBOOK" build "$TMP/typo.yaml" -o "$TMP/typo"
test "$rc" -eq 1 && contains "$err" "typo.yaml:7:3: unknown key 'certifcate' in 'pages' (did you mean 'certificate'?)"
ok $? "pages: a misspelt page is named with the nearest one"

# the judge itself fails a book whose contents lie: page numbers shifted by one
sed 's/^\( *Twisty Trails  *\)[0-9][0-9]*$/\1999/' "$TMP/sections.txt" > "$TMP/lie.txt"
judge "$TMP/lie.txt" "contents|certificate" | grep -q "^not ok contents: 'Twisty Trails' on page 999"
ok $? "the judge catches a contents row that names the wrong page"
sed 's/Maze 3, page \([0-9]*\)/Maze 3, page 1/' "$TMP/sections.txt" > "$TMP/lie2.txt"
judge "$TMP/lie2.txt" "contents|certificate" | grep -q "^not ok solution heading 'Maze 3, page 1'"
ok $? "the judge catches a solution heading that names the wrong page"

done_testing
