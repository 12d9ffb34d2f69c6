#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# Signatures from the command line: `mazebook keygen`, `sign` and `verify`,
# checked against the real minisign in both directions: what mazebook signs
# minisign verifies, what minisign signs mazebook verifies.
. "${top_srcdir:-.}/tests/helpers/tap.sh"

if ! command -v minisign >/dev/null 2>&1; then
  echo "1..0 # SKIP minisign is not installed (apt-get install minisign)"
  exit 0
fi
mode() { stat -c %a "$1"; }
cd "$TMP" || exit 1
export MAZEBOOK_KEY_DIR="$TMP/keys"

# --- keygen ---
run "$MAZEBOOK" keygen -p mazebook.pub -s mazebook.key
ok $rc "keygen makes a key pair"
check "secret key has mode 600" "$(mode mazebook.key)" = 600
check "public key has mode 644" "$(mode mazebook.pub)" = 644
secret_line=$(sed -n 2p mazebook.key)
contains "$out$err" "$secret_line"; check "keygen does not print the secret key" $? -ne 0
contains "$out" "key id:"; ok $? "keygen prints the key id"
cp mazebook.key key.before
run "$MAZEBOOK" keygen -p mazebook.pub -s mazebook.key
check "keygen refuses to overwrite (exit 1)" $rc -eq 1
contains "$err" "already exists"; ok $? "and says the key exists"
cmp -s mazebook.key key.before; ok $? "and leaves the secret key as it was"
run "$MAZEBOOK" keygen -p mazebook.pub -s mazebook.key --force
ok $rc "keygen --force replaces the pair"
cmp -s mazebook.key key.before; check "with a new secret key" $? -ne 0
check "still mode 600 after --force" "$(mode mazebook.key)" = 600
check "still mode 644 after --force" "$(mode mazebook.pub)" = 644
run "$MAZEBOOK" keygen
ok $rc "keygen without -p/-s uses \$MAZEBOOK_KEY_DIR"
check "default secret key in the key folder, mode 600" "$(mode keys/mazebook.key)" = 600
check "key folder created with mode 700" "$(mode keys)" = 700

# --- a fake book and its checklist, hashed with coreutils ---
mkdir book
printf '%%PDF-1.7 interior pages\n' > book/interior.pdf
printf '%%PDF-1.7 cover\n' > book/cover.pdf
printf 'title: Mazes\n' > book/book.yaml
cp book/interior.pdf book/cover.pdf book/book.yaml .
line() { # kind name
  echo "$1: $2 sha256=$(sha256sum "book/$2" | cut -d' ' -f1) bytes=$(stat -c %s "book/$2")"
}
write_checklist() { # result
  {
    echo "mazebook preflight checklist"
    echo "tool: mazebook 0.1.0"
    echo "rules: kdp-paperback-2026.11"
    line file interior.pdf
    line file cover.pdf
    line spec book.yaml
    echo "result: $1"
    echo
    echo "PASS  interior.trim        6 x 9 in (KDP listed size)"
  } > book/checklist.txt
}
write_checklist "PASS (41 pass, 2 warn, 0 fail)"

run "$MAZEBOOK" sign book/checklist.txt -s mazebook.key
ok $rc "mazebook sign signs the checklist"
check "it writes checklist.txt.minisig" -f book/checklist.txt.minisig
run minisign -Vm book/checklist.txt -p mazebook.pub
ok $rc "minisign verifies mazebook's signature"
run "$MAZEBOOK" verify book/checklist.txt -p mazebook.pub
ok $rc "mazebook verify passes an intact book"
contains "$out" "signature: good"; ok $? "and reports the signature good"
contains "$out" "cover.pdf: unchanged"; ok $? "and each file unchanged"
contains "$out" "result: PASS (41 pass"; ok $? "and prints the recorded result"

# --- one changed byte in a listed file ---
printf 'X' | dd of=book/cover.pdf bs=1 seek=3 conv=notrunc 2>/dev/null
run "$MAZEBOOK" verify book/checklist.txt -p mazebook.pub
check "a changed cover fails verify (exit 1)" $rc -eq 1
contains "$out" "cover.pdf: changed since the check (sha256 "; ok $? "naming the cover"
contains "$out" "signature: good"; ok $? "while the signature still holds"
contains "$out" "interior.pdf: unchanged"; ok $? "and the interior is unchanged"
cp cover.pdf book/cover.pdf
printf 'x' >> book/book.yaml
run "$MAZEBOOK" verify book/checklist.txt -p mazebook.pub
check "a changed spec fails verify" $rc -eq 1
contains "$out" "book.yaml: changed since the check"; ok $? "naming the spec"
cp book.yaml book/book.yaml
rm book/interior.pdf
run "$MAZEBOOK" verify book/checklist.txt -p mazebook.pub
check "a missing interior fails verify" $rc -eq 1
contains "$out" "interior.pdf: missing"; ok $? "naming the interior as missing"
cp interior.pdf book/interior.pdf
run "$MAZEBOOK" verify book/checklist.txt -p mazebook.pub
ok $rc "restored files verify again"

# --- one changed byte in the checklist ---
cp book/checklist.txt checklist.good
sed -i 's/6 x 9 in/6 x 8 in/' book/checklist.txt
run "$MAZEBOOK" verify book/checklist.txt -p mazebook.pub
check "a changed checklist fails verify (exit 1)" $rc -eq 1
contains "$out" "signature: bad"; ok $? "naming the signature"
run minisign -Vm book/checklist.txt -p mazebook.pub
check "minisign agrees the changed checklist is bad" $rc -ne 0
cp checklist.good book/checklist.txt

# --- the wrong public key ---
minisign -G -W -p other.pub -s other.key >/dev/null 2>&1
run "$MAZEBOOK" verify book/checklist.txt -p other.pub
check "another public key fails verify" $rc -eq 1
contains "$out" "signed by key"; ok $? "saying which key signed"

# --- signatures made by minisign ---
run minisign -Sm book/checklist.txt -s other.key -t "signed by minisign"
ok $rc "minisign signs the checklist with its own key"
run "$MAZEBOOK" verify book/checklist.txt -p other.pub
ok $rc "mazebook verify accepts minisign's signature"
contains "$out" "trusted comment: signed by minisign"; ok $? "and shows its trusted comment"
run minisign -Sm book/checklist.txt -s mazebook.key
ok $rc "minisign signs with a mazebook secret key"
run "$MAZEBOOK" verify book/checklist.txt -p mazebook.pub
ok $rc "mazebook verifies that"
run minisign -Sl -m book/checklist.txt -s mazebook.key
run "$MAZEBOOK" verify book/checklist.txt -p mazebook.pub
ok $rc "mazebook verifies minisign's legacy (-l) signatures"
run "$MAZEBOOK" sign book/checklist.txt -s other.key -t "minisign key, mazebook signer"
ok $rc "mazebook signs with a key made by minisign -G -W"
run minisign -Vm book/checklist.txt -p other.pub
ok $rc "minisign verifies it"

# --- the recorded result matters ---
write_checklist "FAIL (40 pass, 2 warn, 1 fail)"
run "$MAZEBOOK" sign book/checklist.txt -s mazebook.key
run "$MAZEBOOK" verify book/checklist.txt -p mazebook.pub
check "an intact checklist recording FAIL exits 1" $rc -eq 1
contains "$err" "not PASS"; ok $? "saying the recorded result is not PASS"
contains "$out" "signature: good"; ok $? "while the signature is good"

# --- secret key protection and bad input ---
chmod 644 mazebook.key
run "$MAZEBOOK" sign book/checklist.txt -s mazebook.key
check "a secret key others can read is refused" $rc -eq 1
contains "$err" "chmod 600 mazebook.key"; ok $? "with the command that fixes it"
chmod 600 mazebook.key
head -c 3000 /dev/urandom > book/junk.txt
run "$MAZEBOOK" sign book/junk.txt -s mazebook.key
run "$MAZEBOOK" verify book/junk.txt -p mazebook.pub
check "a signed binary file is not a checklist (exit 1)" $rc -eq 1
contains "$err" "not a mazebook checklist"; ok $? "and says so"
head -c 500 /dev/urandom > book/junk.txt.minisig
run "$MAZEBOOK" verify book/junk.txt -p mazebook.pub
check "a garbage signature file: exit 1, no crash" $rc -eq 1
run "$MAZEBOOK" verify book/nothing.txt -p mazebook.pub
check "a missing checklist: exit 1" $rc -eq 1
contains "$err" "nothing.txt"; ok $? "naming it"

# --- usage ---
run "$MAZEBOOK" verify
check "verify without a checklist is a usage error" $rc -eq 2
run "$MAZEBOOK" verify a b
check "verify with two checklists is a usage error" $rc -eq 2
run "$MAZEBOOK" sign
check "sign without a file is a usage error" $rc -eq 2
run "$MAZEBOOK" keygen --bogus
check "keygen with an unknown option is a usage error" $rc -eq 2
run "$MAZEBOOK" verify --help
contains "$out" "exit status: 0"; ok $? "verify --help documents the exit status"

done_testing
