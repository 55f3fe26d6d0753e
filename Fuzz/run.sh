#!/usr/bin/env bash
# Builds one libFuzzer binary per feed reader and runs each for a bounded time.
#
# Usage: Fuzz/run.sh [SECONDS_EACH] [TARGET...]    (targets: json xml-feed plist-xml plist-binary)
#
# The package's modules cannot be linked into a fuzzer binary directly, so each target compiles
# the reader sources together with its entry file. Seeds come from Tests/Fixtures/feeds; the
# working corpus and any crash reproducers are kept under .build/fuzz/.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(json xml-feed plist-xml plist-binary)

sources=(Sources/CarouselSiteKit/Diagnostics/*.swift Sources/CarouselSiteKit/Slides/*.swift)
while IFS= read -r file; do sources+=("$file"); done < <(find Sources/CarouselSiteKit/Feeds -name '*.swift' | sort)

out=.build/fuzz
mkdir -p "$out"
# Foundation's own allocations look like leaks to LeakSanitizer; Swift's backtracer would
# intercept the crashes libFuzzer needs to see.
export ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no

status=0
for target in "${targets[@]}"; do
    case "$target" in
        json) entry=Fuzz/FuzzJSON.swift; seeds="json" ;;
        xml-feed) entry=Fuzz/FuzzXMLFeed.swift; seeds="xml" ;;
        plist-xml) entry=Fuzz/FuzzPlistXML.swift; seeds="plist" ;;
        plist-binary) entry=Fuzz/FuzzPlistBinary.swift; seeds="bplist" ;;
        *) echo "run.sh: error: unknown target '$target'" >&2; exit 64 ;;
    esac
    binary="$out/$target"
    echo "== building $target"
    swiftc -sanitize=fuzzer,address -parse-as-library -use-ld=lld -O -g -module-name FuzzTarget \
        "${sources[@]}" "$entry" -o "$binary"
    corpus="$out/corpus-$target"
    mkdir -p "$corpus" "$out/crashes-$target"
    cp Tests/Fixtures/feeds/*."$seeds" "$corpus"/ 2>/dev/null || true
    echo "== running $target for ${seconds}s"
    # -timeout: an input taking over 10 s counts as a hang; -rss_limit_mb bounds memory.
    if ! "$binary" "$corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$out/crashes-$target/" -print_final_stats=1 2>&1 | tail -n 25; then
        status=1
    fi
    [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
done
exit $status
