#!/usr/bin/env bash
# Build time and peak memory of `carousel-site build` for 10 to 10,000 slides with local images,
# and a warm rebuild of 10,000 slides against `cp -R` of the same images.
#
# Each site has one distinct PNG per slide (Benchmarks/scale_site.py). Three builds are timed:
#   cold:  no output and no cache: every image is read, hashed, probed and linked in;
#   warm:  the same build again: images are looked up by file signature, nothing is rewritten;
#   edit:  one caption changed: one page is rendered differently and rewritten.
# Peak memory is the largest maximum resident set size of all those builds (/usr/bin/time).
#
# Usage: Benchmarks/scale-build.sh [RUNS] [SIZES...]   (defaults: 3 runs; 10 100 1000 10000)
# Goals: peak memory under 100 MB at 10,000 slides; a warm rebuild of 10,000 slides no slower
# than `cp -R` of its images; time per slide flat from 1,000 to 10,000 slides.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
shift || true
sizes=("${@:-10 100 1000 10000}")
read -r -a sizes <<< "${sizes[*]}"
work=${SCALE_WORK:-${TMPDIR:-/tmp}/carousel-site-scale}
mkdir -p "$work"

echo "\$ swift build -c release --product carousel-site"
swift build -c release --product carousel-site >/dev/null
binary=$(swift build -c release --show-bin-path)/carousel-site

median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
# Runs a command under /usr/bin/time and prints "wall_seconds max_rss_kb cpu_seconds". CPU
# time (user + system) is printed too: on a shared machine it varies far less than wall time.
measure() {
    /usr/bin/time -f '%e %M %U %S' -o "$work/time.txt" "$@" >/dev/null 2>&1
    awk '{printf "%s %s %.2f\n", $1, $2, $3 + $4}' "$work/time.txt"
}

printf '\n%-7s %-8s %-10s %-8s %-10s %-8s %-9s %-13s\n' slides cold_s cold_cpu_s warm_s warm_cpu_s edit_s peak_MB ms/slide_cold
for n in "${sizes[@]}"; do
    site="$work/site-$n"
    [[ -f "$site/slides.json" ]] || python3 Benchmarks/scale_site.py "$site" "$n"
    cold=() cold_cpu=() warm=() warm_cpu=() edit=() peak=0
    for ((r = 0; r < runs; r++)); do
        rm -rf "$site/_site" "$site/.cache"
        read -r t m cpu <<< "$(measure "$binary" build -q "$site")"
        cold+=("$t") cold_cpu+=("$cpu")
        if (( m > peak )); then peak=$m; fi
        read -r t m cpu <<< "$(measure "$binary" build -q "$site")"
        warm+=("$t") warm_cpu+=("$cpu")
        if (( m > peak )); then peak=$m; fi
        # One caption changed, then changed back (so every run starts from the same feed).
        sed -i "0,/Caption of photo 1\"/s//Caption of photo 1 (edited $r)\"/" "$site/slides.json"
        read -r t m cpu <<< "$(measure "$binary" build -q "$site")"
        edit+=("$t")
        if (( m > peak )); then peak=$m; fi
        sed -i "s/Caption of photo 1 (edited $r)\"/Caption of photo 1\"/" "$site/slides.json"
    done
    c=$(median "${cold[@]}")
    peak_mb=$(awk "BEGIN {printf \"%.1f\", $peak / 1024}")
    printf '%-7s %-8s %-10s %-8s %-10s %-8s %-9s %-13s\n' "$n" "$c" "$(median "${cold_cpu[@]}")" "$(median "${warm[@]}")" \
        "$(median "${warm_cpu[@]}")" "$(median "${edit[@]}")" "$peak_mb" "$(awk "BEGIN {printf \"%.3f\", $c * 1000 / $n}")"
done
echo "commands: $binary build -q SITE   (cold: after rm -rf SITE/_site SITE/.cache; medians of $runs runs)"

largest=${sizes[-1]}
if awk "BEGIN {exit !($peak_mb < 100)}"; then
    echo "peak memory at $largest slides: $peak_mb MB < 100 MB: ok"
else
    echo "peak memory at $largest slides: $peak_mb MB >= 100 MB: OVER GOAL"
fi
site="$work/site-$largest"
copies=()
for ((r = 0; r < runs; r++)); do
    rm -rf "$work/copy"
    sync
    read -r t m cpu <<< "$(measure cp -R "$site/images" "$work/copy")"
    copies+=("$t")
done
rm -rf "$work/copy"
warm_times=()
for ((r = 0; r < runs; r++)); do
    read -r t m cpu <<< "$(measure "$binary" build -q "$site")"
    warm_times+=("$t")
done
cp_median=$(median "${copies[@]}")
warm_median=$(median "${warm_times[@]}")
echo
echo "\$ cp -R $site/images COPY          median ${cp_median} s   (runs: ${copies[*]})"
echo "\$ $binary build -q $site   warm median ${warm_median} s   (runs: ${warm_times[*]})"
if awk "BEGIN {exit !($warm_median <= $cp_median)}"; then
    echo "warm rebuild of $largest slides: ${warm_median} s <= cp -R ${cp_median} s: ok"
else
    echo "warm rebuild of $largest slides: ${warm_median} s > cp -R ${cp_median} s: SLOWER THAN GOAL"
fi
