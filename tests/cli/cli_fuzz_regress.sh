#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# Replays, without libFuzzer, what the fuzz targets were given: every input
# that once crashed or hung a target (tests/data/fuzz-regress/NAME/, one test
# each) and each target's seeds (tests/data/fuzz/NAME/, one test per
# target). The replay programs (fuzz/replay.c linked with the target) are
# built by the normal compiler, so the sanitizer build runs them under ASan
# and UBSan. A failure is a crash, an abort (a broken contract in the
# target), a leak under ASan, or no answer within 120 s.
. "$top_srcdir/tests/helpers/tap.sh"
builddir=$(dirname "$MAZEBOOK")

replay() {	# replay NAME FILE...: run the target's replay program on the files
  bin=$builddir/tests/helpers/replay_$(echo "$1" | tr - _)
  shift
  if command -v timeout > /dev/null; then
    run timeout 120 "$bin" "$@"
  else
    run "$bin" "$@"
  fi
}

for name in spec schema sign probe maze-text mazeproof mazeproof-pdf manifest png jpeg svg-shape; do
  seeds=$top_srcdir/tests/data/fuzz/$name
  n=$(ls "$seeds" | wc -l)
  check "$name: the seed corpus is there" "$n" -gt 0
  replay "$name" "$seeds"/*
  ok "$rc" "$name: all $n seeds go through the target"
  for f in "$top_srcdir"/tests/data/fuzz-regress/"$name"/*; do
    [ -f "$f" ] || continue
    replay "$name" "$f"
    ok "$rc" "$name: regression input $(basename "$f")"
  done
done

# the replayer itself must report an unreadable input, or a missing
# regression file would pass unnoticed
replay spec "$TMP/no-such-file"
check "a missing input file fails the replay" "$rc" -ne 0
done_testing
