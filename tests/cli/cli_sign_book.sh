#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# The signed checklist of a built book covers every file the build writes:
# the PDFs, spec.yaml, manifest.json, both previews, mazebook.pub (and the
# signing key's id, "signer:") and checklist.json. Changing any one of them
# (a flipped verdict in checklist.json, an edited manifest, a preview, a
# public key swapped for another) makes `mazebook verify` fail, naming it.
. "${top_srcdir:-.}/tests/helpers/tap.sh"

bindir=$(dirname "$MAZEBOOK")
if [ ! -x "$bindir/mazeproof" ] && ! command -v mazeproof >/dev/null 2>&1; then
  echo "1..0 # SKIP mazeproof is not built (build runs it on every interior)"
  exit 0
fi
cd "$TMP" || exit 1
export MAZEBOOK_KEY_DIR="$TMP/keys"
printf 'title: "T"\nauthor: "A"\nlevel: easy\nmazes: 24\nseed: 1\n' > book.yaml
run "$MAZEBOOK" build -q book.yaml -o book
ok $rc "a small book builds"
KEY="$TMP/keys/mazebook.pub"
run "$MAZEBOOK" verify book/checklist.txt -p "$KEY"
ok $rc "and verifies"

# every file in the folder but the checklist and its signature is listed
listed=$(sed -n 's/^\(file\|spec\): \(.*\) sha256=.*/\2/p' book/checklist.txt | sort | tr '\n' ' ')
present=$(ls book | grep -v '^checklist\.txt' | sort | tr '\n' ' ')
check "the checklist lists every file the build wrote ($listed)" "$listed" = "$present"
keyid=$(sed -n 's/^untrusted comment: minisign public key //p' "$KEY")
grep -q "^signer: $keyid\$" book/checklist.txt
ok $? "and names the signing key's id ($keyid)"
grep -q '"signer": "'"$keyid"'"' book/checklist.json
ok $? "so does checklist.json"
# checklist.json is whole before checklist.txt hashes it: the hash is of the final file
grep -q "^file: checklist.json sha256=$(sha256sum book/checklist.json | cut -d' ' -f1) " \
  book/checklist.txt
ok $? "checklist.txt holds checklist.json's hash as written"

# tampered NAME DESCRIPTION: verify fails naming NAME, then NAME is restored
tampered() {
  run "$MAZEBOOK" verify book/checklist.txt -p "$KEY"
  check "$2: verify exits 1" "$rc" -eq 1
  contains "$out" "$1: changed since the check"; ok $? "$2: '$1' is named as changed"
  contains "$err" "(first: $1)"; ok $? "$2: the error names '$1'"
  contains "$out" "signature: good"; ok $? "$2: while the signature itself holds"
  cp "good/$1" "book/$1"
  run "$MAZEBOOK" verify book/checklist.txt -p "$KEY"
  ok $rc "$2: restored, the book verifies again"
}
mkdir good && cp book/* good/

sed -i '0,/"status": "FAIL"\|"status": "PASS"/s//"status": "WARN"/' book/checklist.json
tampered checklist.json "a verdict flipped in checklist.json"
sed -i '0,/"seed": [0-9]/s/"seed": \([0-9]\)/"seed": 9\1/' book/manifest.json
cmp -s good/manifest.json book/manifest.json
check "(the manifest was edited)" $? -ne 0
tampered manifest.json "an edited manifest.json"
for f in cover-preview.png page-preview.png book-preview.png interior.pdf cover.pdf; do
  printf 'X' | dd of="book/$f" bs=1 seek=200 conv=notrunc 2>/dev/null
  tampered "$f" "one byte of $f changed"
done
printf '# a comment\n' >> book/spec.yaml
tampered spec.yaml "a line added to spec.yaml"

# another key in the folder: against the real key it is a changed file;
# against itself, the signature and the signer do not match
run "$MAZEBOOK" keygen -p other.pub -s other.key
cp other.pub book/mazebook.pub
tampered mazebook.pub "mazebook.pub replaced by another key"
cp other.pub book/mazebook.pub
run "$MAZEBOOK" verify book/checklist.txt -p book/mazebook.pub
check "verified with the swapped key: exit 1" "$rc" -eq 1
contains "$out" "signer: the checklist was signed by key $keyid"
ok $? "the signer line names the real key"
cp good/mazebook.pub book/mazebook.pub

# a checklist made by an older mazebook (PDFs and spec only) still verifies
mkdir old
grep -v '^signer:\|manifest.json\|preview.png\|mazebook.pub\|checklist.json' good/checklist.txt \
  > old/checklist.txt
cp good/interior.pdf good/cover.pdf good/spec.yaml old/
run "$MAZEBOOK" sign old/checklist.txt -s "$TMP/keys/mazebook.key"
run "$MAZEBOOK" verify old/checklist.txt -p "$KEY"
ok $rc "an older checklist without the new lines still verifies"

# --key whose .pub beside it is another key: refused before any work
cp other.pub mine.pub
cp "$TMP/keys/mazebook.key" mine.key
chmod 600 mine.key
run "$MAZEBOOK" build -q book.yaml -o book2 --key mine.key
check "a --key whose public key is another key: exit 1" "$rc" -eq 1
contains "$err" "is not the pair of the secret key"; ok $? "saying the keys are no pair"
check "nothing replaced there" ! -e book2/checklist.txt

done_testing
