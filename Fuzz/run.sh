#!/usr/bin/env bash
# Builds one libFuzzer binary per parser and runs each for a bounded time.
#
# Usage: Fuzz/run.sh [SECONDS_EACH] [TARGET...]
#   targets: json xml-feed plist-xml plist-binary mustache config image-probe (default: all)
#
# The package's modules cannot be linked into a fuzzer binary directly, so each target compiles
# the sources it exercises together with its entry file. Seeds come from the project's fixtures
# (Tests/Fixtures/feeds, Templates, site/, Fuzz/seeds); the working corpus and any crash
# reproducers are kept under .build/fuzz/.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(json xml-feed plist-xml plist-binary mustache config image-probe)

swift_files() { find "$@" -name '*.swift' | sort; }
# The feed readers and what they stand on; the config loader adds its own folder to these.
feed_sources=()
while IFS= read -r file; do feed_sources+=("$file"); done < <(swift_files Sources/CarouselSiteKit/Diagnostics Sources/CarouselSiteKit/Slides Sources/CarouselSiteKit/Feeds)
feed_sources+=(Fuzz/Reporting.swift)
config_sources=("${feed_sources[@]}" Sources/CarouselSiteKit/Support/SitePath.swift)
while IFS= read -r file; do config_sources+=("$file"); done < <(swift_files Sources/CarouselSiteKit/Config)
mustache_sources=()
while IFS= read -r file; do mustache_sources+=("$file"); done < <(swift_files Sources/Mustache)
# The header probe and its format readers; the rest of Images/ is the download cache and HTTP.
probe_sources=(Sources/CarouselSiteKit/Support/ByteReader.swift Sources/CarouselSiteKit/Support/CRC32.swift)
for name in ImageProbe ImageProbeError ImageFormat ImageInfo ImageOrientation EXIFOrientation ContentSniffer ISOBox HEIFItems \
    PNGProbe JPEGProbe GIFProbe WebPProbe AVIFProbe SVGProbe; do
    probe_sources+=("Sources/CarouselSiteKit/Images/$name.swift")
done

out=.build/fuzz
mkdir -p "$out"
# Foundation's own allocations look like leaks to LeakSanitizer; Swift's backtracer would
# intercept the crashes libFuzzer needs to see.
export ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no

# FUZZ_SEED fixes libFuzzer's random seed, and Swift's per-process hash seed with it (a
# dictionary's order can steer coverage, and so the mutations), so a run can be repeated
# mutation for mutation; unset, every run explores afresh.
seed_option=()
if [ -n "${FUZZ_SEED:-}" ]; then
    seed_option=(-seed="$FUZZ_SEED")
    export SWIFT_DETERMINISTIC_HASHING=1
fi

status=0
for target in "${targets[@]}"; do
    sources=("${feed_sources[@]}")
    case "$target" in
        json) entry=Fuzz/FuzzJSON.swift; seeds=(Tests/Fixtures/feeds/*.json) ;;
        xml-feed) entry=Fuzz/FuzzXMLFeed.swift; seeds=(Tests/Fixtures/feeds/*.xml) ;;
        plist-xml) entry=Fuzz/FuzzPlistXML.swift; seeds=(Tests/Fixtures/feeds/*.plist) ;;
        plist-binary) entry=Fuzz/FuzzPlistBinary.swift; seeds=(Tests/Fixtures/feeds/*.bplist) ;;
        mustache) entry=Fuzz/FuzzMustache.swift; sources=("${mustache_sources[@]}"); seeds=(Templates/*.mustache Templates/partials/*.mustache) ;;
        config) entry=Fuzz/FuzzConfig.swift; sources=("${config_sources[@]}"); seeds=(site/carousel.json Fuzz/seeds/config/*.json) ;;
        image-probe) entry=Fuzz/FuzzImageProbe.swift; sources=("${probe_sources[@]}"); seeds=(site/photos/*.jpg Fuzz/seeds/images/*) ;;
        *) echo "run.sh: error: unknown target '$target'; expected json, xml-feed, plist-xml, plist-binary, mustache, config or image-probe" >&2; exit 64 ;;
    esac
    binary="$out/$target"
    echo "== building $target"
    swiftc -sanitize=fuzzer,address -parse-as-library -use-ld=lld -O -g -module-name FuzzTarget \
        "${sources[@]}" "$entry" -o "$binary"
    corpus="$out/corpus-$target"
    mkdir -p "$corpus" "$out/crashes-$target"
    cp "${seeds[@]}" "$corpus"/
    started="$out/started-$target"
    touch "$started"
    echo "== running $target for ${seconds}s${FUZZ_SEED:+ from seed $FUZZ_SEED}"
    # -timeout: an input taking over 10 s counts as a hang; -rss_limit_mb bounds memory;
    # -max_len: 64 KiB lets mutations grow past the seeds (the photos are larger and stay whole).
    if ! "$binary" "$corpus" ${seed_option[@]+"${seed_option[@]}"} -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        -artifact_prefix="$out/crashes-$target/" -print_final_stats=1 2>&1 | tail -n 25; then
        status=1
        # A CI machine keeps no files: print each small reproducer so it can be rebuilt from the log
        # (base64 -d > crash; then run the target binary on it).
        for finding in "$out/crashes-$target"/*; do
            [ -f "$finding" ] && [ "$finding" -nt "$started" ] || continue  # this run's findings only
            if [ "$(wc -c < "$finding")" -le 4096 ]; then
                echo "== reproducer $(basename "$finding") (base64):"
                base64 -w 0 "$finding"
                echo
            fi
        done
    fi
    [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
done
exit $status
