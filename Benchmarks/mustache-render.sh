#!/bin/sh
# Renders a 1,000-slide page with the Mustache engine in a release build and compares the median
# render time with the goal: a few milliseconds per page, so a site's pages never wait on templates.
#
# Usage: Benchmarks/mustache-render.sh [SLIDES] [PROCESS_RUNS]
set -eu
cd "$(dirname "$0")/.."
slides=${1:-1000}
process_runs=${2:-5}
# Each process renders 50 times and reports its median; this script takes the median of those.
in_process_runs=50
goal_ms=5

echo "\$ swift build -c release --product MustacheBenchmark"
swift build -c release --product MustacheBenchmark >/dev/null
binary=$(swift build -c release --show-bin-path)/MustacheBenchmark
echo "\$ $binary $slides $in_process_runs   (x$process_runs)"

renders=""
parses=""
i=0
while [ "$i" -lt "$process_runs" ]; do
    output=$("$binary" "$slides" "$in_process_runs")
    renders="$renders $(echo "$output" | awk '/^render_ms/ {print $2}')"
    parses="$parses $(echo "$output" | awk '/^parse_ms/ {print $2}')"
    bytes=$(echo "$output" | awk '/^output_bytes/ {print $2}')
    i=$((i + 1))
done

median() { printf '%s\n' $1 | sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
render_median=$(median "$renders")
parse_median=$(median "$parses")
echo "slides: $slides, page: $bytes bytes"
echo "parse median:  $parse_median ms   (runs:$parses)"
echo "render median: $render_median ms   (runs:$renders)"
if awk "BEGIN {exit !($render_median <= $goal_ms)}"; then
    echo "render: $render_median ms <= goal $goal_ms ms: ok"
else
    echo "render: $render_median ms > goal $goal_ms ms: SLOWER THAN GOAL"
    exit 1
fi
