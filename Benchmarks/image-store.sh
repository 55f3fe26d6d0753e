#!/bin/sh
# Measures the image stage of a real build (`carousel-site build`, release) against plain tools on
# the same images from a loopback server that adds latency to every request:
#   cold build (empty cache)        vs  xargs -P16 curl of the same URLs     goal: <= 1.2x
#   warm build (everything cached)  vs  cp -R of the same image files        goal: <= 1.0x
#   revalidation build (TTL over)   image bytes transferred                  goal: 0
# Prints every command it times, the runs, the medians and the comparison.
#
# Usage: Benchmarks/image-store.sh [IMAGES] [RUNS] [LATENCY_MS] [IMAGE_BYTES]
# Needs python3 and curl.
set -eu
cd "$(dirname "$0")/.."
images=${1:-1000}
runs=${2:-5}
latency_ms=${3:-50}
image_bytes=${4:-100000}
cold_goal=1.2
warm_goal=1.0

work=$(mktemp -d)
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT INT TERM

echo "\$ swift build -c release --product carousel-site"
swift build -c release --product carousel-site >/dev/null
tool=$(swift build -c release --show-bin-path)/carousel-site

echo "\$ python3 Tests/servers/fault_server.py --latency-ms $latency_ms --bench-images $images --bench-image-bytes $image_bytes"
mkfifo "$work/port"
python3 Tests/servers/fault_server.py --latency-ms "$latency_ms" --bench-images "$images" \
    --bench-image-bytes "$image_bytes" >"$work/port" &
server_pid=$!
port=$(head -n 1 "$work/port" | awk '{print $2}')
base="http://127.0.0.1:$port"

# The site: one feed listing every image URL once.
site="$work/site"
mkdir -p "$site"
: >"$work/urls.txt"
i=0
while [ "$i" -lt "$images" ]; do
    echo "$base/bench/$i.png" >>"$work/urls.txt"
    i=$((i + 1))
done
awk 'BEGIN {printf "["} NR > 1 {printf ","} {printf "\n  {\"image\": \"%s\", \"title\": \"Image %d\"}", $0, NR} END {print "\n]"}' \
    "$work/urls.txt" >"$site/slides.json"
write_config() {
    printf '{"title": "Benchmark", "feed": "slides.json", "images": {"cacheTTL": %s}}\n' "$1" >"$site/carousel.json"
}
write_config 86400

now() { date +%s.%N; }
median() { printf '%s\n' $1 | sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
# time_runs PREPARE COMMAND: runs PREPARE (untimed) then COMMAND (timed), RUNS times; prints seconds.
time_runs() {
    times=""
    n=0
    while [ "$n" -lt "$runs" ]; do
        sh -c "$1"
        start=$(now)
        sh -c "$2" >/dev/null
        end=$(now)
        times="$times $(awk "BEGIN {printf \"%.3f\", $end - $start}")"
        n=$((n + 1))
    done
    echo "$times"
}
status=0
compare() {  # NAME OURS FLOOR GOAL: prints the ratio and its verdict; a miss makes the exit status 1.
    ratio=$(awk "BEGIN {printf \"%.2f\", $2 / $3}")
    if awk "BEGIN {exit !($ratio <= $4)}"; then
        verdict="ok"
    else
        verdict="MISSES GOAL"
        status=1
    fi
    echo "$1: ${2} s vs ${3} s = ${ratio}x (goal <= ${4}x): $verdict"
}

echo
echo "cold: $images images, ${latency_ms} ms latency, ${image_bytes}-byte images"
curl_cmd="cd $work/curl && xargs -P16 -n1 curl -sS -O <$work/urls.txt"
echo "\$ $curl_cmd"
curl_runs=$(time_runs "rm -rf $work/curl && mkdir $work/curl" "$curl_cmd")
build_cmd="$tool build $site --quiet"
echo "\$ $build_cmd   (after rm -rf $site/.cache $site/_site)"
cold_runs=$(time_runs "rm -rf $site/.cache $site/_site" "$build_cmd")
echo "curl runs:$curl_runs"
echo "cold runs:$cold_runs"

echo
echo "warm: every image cached and fresh"
cp_cmd="cp -R $site/.cache/blobs $work/copy"
echo "\$ $cp_cmd"
cp_runs=$(time_runs "rm -rf $work/copy" "$cp_cmd")
echo "\$ $build_cmd   (cache kept)"
warm_runs=$(time_runs "true" "$build_cmd")
echo "cp runs:  $cp_runs"
echo "warm runs:$warm_runs"

echo
echo "revalidation: TTL over, every image answered 304"
write_config 0.001
curl -sS "$base/control/reset" >/dev/null
echo "\$ $build_cmd   (cacheTTL 0.001 s)"
reval_runs=$(time_runs "sleep 0.01" "$build_cmd")
stats=$(curl -sS "$base/stats")
requests=$(echo "$stats" | python3 -c 'import json,sys; s=json.load(sys.stdin); print(sum(v for k,v in s["requests"].items() if k.startswith("/bench/")))')
image_bytes_moved=$(echo "$stats" | python3 -c 'import json,sys; s=json.load(sys.stdin); print(sum(v for k,v in s["body_bytes"].items() if k.startswith("/bench/")))')
echo "revalidation runs:$reval_runs"
echo "requests: $requests over $runs runs, image bytes transferred: $image_bytes_moved"

echo
compare "cold build vs xargs -P16 curl" "$(median "$cold_runs")" "$(median "$curl_runs")" "$cold_goal"
compare "warm build vs cp -R" "$(median "$warm_runs")" "$(median "$cp_runs")" "$warm_goal"
if [ "$image_bytes_moved" -eq 0 ]; then
    echo "revalidation: 0 image bytes transferred (goal 0): ok"
else
    echo "revalidation: $image_bytes_moved image bytes transferred (goal 0): MISSES GOAL"
    status=1
fi
exit $status
