#!/usr/bin/env bash
# The fuzz targets (Fuzz/Sources/StaffbookFuzz) with libFuzzer and AddressSanitizer, built from
# Fuzz/Package.swift into .build-fuzz (only what the parsers need: StaffbookCore and the OpenAPI
# runtime), then run.
#
#   scripts/fuzz.sh build                  build the instrumented binary
#   scripts/fuzz.sh run TARGET [SECONDS]   fuzz one target (60 s by default) from its seed corpus
#                                          (Fuzz/corpus/TARGET); inputs it finds go to
#                                          .local/fuzz/corpus/TARGET, a crash to .local/fuzz/crashes/
#
# Slowness fails like a crash: an input that takes over a second (-timeout=1) or allocates past
# 1 GiB at once or 2 GiB in all is a finding, so the next parser that is quadratic in its input
# fails the build. The seeds include the worst cases an outside tester built (deep-and-wide).
#   scripts/fuzz.sh list                   the targets
set -euo pipefail
cd "$(dirname "$0")/.."
SCRATCH=.build-fuzz
BIN="$SCRATCH/release/staffbook-fuzz"

case "${1:-}" in
build)
    swift build -c release --package-path Fuzz --product staffbook-fuzz --scratch-path "$SCRATCH" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
    ;;
list)
    ls Fuzz/corpus
    ;;
run)
    target="${2:?a target: scripts/fuzz.sh list}"
    seconds="${3:-60}"
    test -d "Fuzz/corpus/$target" || { echo "no such target: $target" >&2; exit 64; }
    mkdir -p ".local/fuzz/corpus/$target" .local/fuzz/crashes
    STAFFBOOK_FUZZ_TARGET="$target" ASAN_OPTIONS="detect_leaks=0" "$BIN" \
        -max_total_time="$seconds" -print_final_stats=1 -rss_limit_mb=2048 -malloc_limit_mb=1024 -max_len=65536 -timeout=1 \
        -artifact_prefix=".local/fuzz/crashes/$target-" ".local/fuzz/corpus/$target" "Fuzz/corpus/$target"
    ;;
*)
    sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
    exit 64
    ;;
esac
