#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# Run libFuzzer targets (`make fuzz` calls this):
#   fuzz/run.sh SECONDS SRCDIR NAME=BINARY...
# Each target starts from its committed seeds, SRCDIR/tests/data/fuzz/NAME/,
# and writes what it finds to a scratch corpus in a temporary folder, so the
# seeds stay as committed. An input that crashes, leaks, hangs (over
# FUZZ_TIMEOUT s, default 30: the readers' bounds keep every input far under
# that, and a loaded machine with ASan must not turn a slow run into a hang) or
# needs over 2 GB is saved under fuzz-findings/NAME/ in the build folder and
# fails the run; to keep it as a regression test, fix the bug and copy the
# file to tests/data/fuzz-regress/NAME/ (tests/cli/cli_fuzz_regress.sh replays it).
# FUZZ_JOBS (default 1) targets run at a time, each on one core: the targets
# are dealt in turn to FUZZ_JOBS lanes that run theirs one after the other,
# and the reports are printed in the order the targets were named.
set -u
[ $# -ge 3 ] || { echo "usage: fuzz/run.sh SECONDS SRCDIR NAME=BINARY..." >&2; exit 2; }
seconds=$1
srcdir=$2
shift 2
jobs=${FUZZ_JOBS:-1}
case $jobs in '' | *[!0-9]* | 0) echo "fuzz/run.sh: FUZZ_JOBS must be a number over 0" >&2; exit 2 ;; esac
scratch=$(mktemp -d "${TMPDIR:-/tmp}/mazebook-fuzz.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

# fuzz NAME BINARY: one target; its report goes to $scratch/NAME.report and
# its verdict (0 or 1) to $scratch/NAME.status
fuzz() {
  name=$1
  bin=$2
  report=$scratch/$name.report
  case $bin in */*) ;; *) bin=./$bin ;; esac
  seeds=$srcdir/tests/data/fuzz/$name
  if [ ! -d "$seeds" ]; then
    echo "fuzz $name: no seed corpus at $seeds" > "$report"
    echo 1 > "$scratch/$name.status"
    return
  fi
  mkdir -p "$scratch/$name" "fuzz-findings/$name"
  log=fuzz-findings/$name.log
  "$bin" -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-30}" -rss_limit_mb=2048 \
    -artifact_prefix="fuzz-findings/$name/" -print_final_stats=1 \
    "$scratch/$name" "$seeds" > "$log" 2>&1
  rc=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
  found=$(ls "$scratch/$name" | wc -l)
  if [ "$rc" -eq 0 ]; then
    printf 'fuzz %-10s ok: %s runs in %s s, %s, %s new inputs (seeds: %s)\n' \
      "$name" "${runs:-?}" "$seconds" "${cov:-cov: ?}" "$found" "$(ls "$seeds" | wc -l)" > "$report"
    echo 0 > "$scratch/$name.status"
  else
    {
      printf 'fuzz %-10s FAILED (exit %s) after %s runs; input kept in fuzz-findings/%s/:\n' \
        "$name" "$rc" "${runs:-?}" "$name"
      ls fuzz-findings/"$name"
      grep -m1 -A12 '==ERROR\|runtime error\|ALARM\|out-of-memory\|deadly signal' "$log"
    } > "$report"
    echo 1 > "$scratch/$name.status"
  fi
}

# lane K of $jobs: targets K, K + jobs, K + 2 jobs... of the argument list
lane() {
  k=$1
  shift
  i=0
  for target in "$@"; do
    [ $((i % jobs)) -eq "$k" ] && fuzz "${target%%=*}" "${target#*=}"
    i=$((i + 1))
  done
}

k=0
while [ "$k" -lt "$jobs" ]; do
  lane "$k" "$@" &
  k=$((k + 1))
done
wait

status=0
for target in "$@"; do
  name=${target%%=*}
  if [ -f "$scratch/$name.report" ]; then
    cat "$scratch/$name.report"
  else
    echo "fuzz $name: did not run"
  fi
  [ "$(cat "$scratch/$name.status" 2>/dev/null)" = 0 ] || status=1
done
exit $status
