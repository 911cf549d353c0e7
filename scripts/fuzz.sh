#!/usr/bin/env bash
# Fuzzes Folio's input paths with libFuzzer (ASan on): scripts/fuzz.sh [SECONDS|smoke] [TARGET...]
# Each target runs SECONDS (default 60) from the seeds in Tests/FuzzCorpus — or, with
# `smoke` (what CI runs), 3 000 inputs from a fixed seed, the same every time; new inputs go to
# .build-fuzz/corpus/TARGET, crashes, hangs (10 s) and blow-ups (2 GB) to
# .build-fuzz/crashes/TARGET. Exits non-zero if any target found one; prints executions.
# FUZZ_TIMEOUT (seconds, default 10) is the hang limit: raise it for long runs on a loaded
# machine, where an input that takes 0.3 s under ASan can be starved past 10 s.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
limit=(-max_total_time="$seconds")
if [ "$seconds" = smoke ]; then limit=(-runs=3000 -seed=1); fi
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(markdown markdown-file frontmatter style template data request render)

# Leaks at exit (caches kept for the process's life, here and in the build tool that runs
# during the build) are not what is looked for.
export ASAN_OPTIONS=detect_leaks=0:handle_abort=1
# Swift's own crash backtracer reads memory ASan then reports; libFuzzer reports crashes.
export SWIFT_BACKTRACE=enable=no

# Every module gets libFuzzer's coverage instrumentation and ASan; only folio-fuzz calls
# libFuzzer (its driver, without libFuzzer's own main, which would replace the build
# tool's: -sanitize=fuzzer cannot be given to one product of a package).
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")
fuzzer=$(ls "$toolchain"/lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a | head -1)
swift build --build-path .build-fuzz --product folio-fuzz \
  -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
  -Xswiftc -DFUZZING -Xlinker "$fuzzer" -Xlinker -lstdc++ >&2
bin=.build-fuzz/debug/folio-fuzz

failed=0
total=0
for target in "${targets[@]}"; do
  case "$target" in
    render) seeds=markdown; maxlen=4096 ;;
    markdown-file) seeds=markdown; maxlen=16384 ;;
    *) seeds=$target; maxlen=16384 ;;
  esac
  mkdir -p ".build-fuzz/corpus/$target" ".build-fuzz/crashes/$target"
  log=".build-fuzz/$target.log"
  set +e
  "$bin" "$target" "${limit[@]}" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 -max_len="$maxlen" \
    -artifact_prefix=".build-fuzz/crashes/$target/" -print_final_stats=1 \
    ".build-fuzz/corpus/$target" "Tests/FuzzCorpus/$seeds" >"$log" 2>&1
  status=$?
  set -e
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  runs=${runs:-0}
  total=$((total + runs))
  if [ $status -ne 0 ]; then
    failed=1
    echo "fuzz $target: FAILED after $runs executions (exit $status); see $log and .build-fuzz/crashes/$target" >&2
    grep -E "ERROR|Fatal error|SUMMARY|deadly signal|timeout|out-of-memory" "$log" | head -5 >&2 || true
  else
    echo "fuzz $target: $runs executions ($seconds), nothing found"
  fi
done
echo "fuzz: $total executions in all"
exit $failed
