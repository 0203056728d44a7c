#!/usr/bin/env bash
# Short libFuzzer run for CI (README.md here): builds nothing. Builds the seed
# corpora into a temporary directory, replays every seed through every
# target, then fuzzes each target for SECONDS (default 60). Exits non-zero on
# the first crash, leak, sanitizer report or timeout; the reproducer is left
# in OUT_DIR (default build-fuzz/fuzz-findings).
#   tests/fuzz/run_short.sh BUILD_DIR [SECONDS] [OUT_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:?usage: run_short.sh BUILD_DIR [SECONDS] [OUT_DIR]}
seconds=${2:-60}
out=${3:-$build/fuzz-findings}
corpus=$(mktemp -d)
trap 'rm -rf "$corpus"' EXIT
python3 "$here/make_corpus.py" "$corpus" >/dev/null
mkdir -p "$out"
status=0
for target in fuzz_parse fuzz_tir fuzz_eager fuzz_compile fuzz_compile_gen; do
  bin=$build/fuzz/$target
  [ -x "$bin" ] || { echo "run_short.sh: $bin is missing (ninja -C $build fuzz_targets)" >&2; exit 2; }
  log=$out/$target.log
  # Fresh inputs go to a scratch directory: the seeds stay as they are.
  scratch=$corpus/new-$target
  mkdir -p "$scratch"
  start=$SECONDS
  if "$bin" "$scratch" "$corpus/$target" -dict="$here/tdsl.dict" -max_total_time="$seconds" \
      -timeout=20 -rss_limit_mb=2560 -max_len=4096 -print_final_stats=1 \
      -artifact_prefix="$out/$target-" >"$log" 2>&1; then
    echo "$target: ok, $(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$') execs in $((SECONDS - start))s (seeds replayed, then ${seconds}s of fuzzing)"
  else
    echo "$target: FAILED (log $log, reproducer $out/$target-*)" >&2
    tail -40 "$log" >&2
    status=1
  fi
done
exit $status
