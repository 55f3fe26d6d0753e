#!/usr/bin/env bash
# Load check for `carousel-site serve`: 50 concurrent keep-alive clients for 10 s (wrk) against the
# served example site, every file of the built site requested in turn, and the same load against
# Python's http.server on the same files. Prints each command, the median requests/s of repeated
# runs for both, and their ratio. Fails if carousel-site answers anything but 2xx/3xx or a
# connection fails.
#
# Environment:
#   CAROUSEL_SITE_BIN  the binary to measure (default: a release build, made if missing)
#   RUNS               runs per server, median reported (default 3)
#   DURATION           seconds per run (default 10s)
#   CONNECTIONS        concurrent clients (default 50)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
runs=${RUNS:-3}
duration=${DURATION:-10s}
connections=${CONNECTIONS:-50}
# wrk spreads the clients over threads; one per core of these 2-core machines leaves the servers
# the rest of the time they would get anyway.
threads=2

command -v wrk >/dev/null || { echo "error: wrk is missing; install it with 'apt-get install -y wrk'" >&2; exit 1; }

binary=${CAROUSEL_SITE_BIN:-}
if [[ -z "$binary" ]]; then
  (cd "$repo" && swift build -c release --product carousel-site >&2)
  binary="$(cd "$repo" && swift build -c release --show-bin-path)/carousel-site"
fi

work=$(mktemp -d)
serve_pid=""
python_pid=""
cleanup() {
  [[ -n "$serve_pid" ]] && kill -INT "$serve_pid" 2>/dev/null && wait "$serve_pid" 2>/dev/null || true
  [[ -n "$python_pid" ]] && kill "$python_pid" 2>/dev/null && wait "$python_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

cp -R "$repo/site" "$work/site"
rm -rf "$work/site/_site" "$work/site/.cache"
"$binary" serve "$work/site" --port 0 >"$work/serve.out" 2>"$work/serve.err" &
serve_pid=$!
for _ in $(seq 300); do grep -q 'http://' "$work/serve.out" 2>/dev/null && break; sleep 0.1; done
serve_url=$(grep -o 'http://[^ ]*' "$work/serve.out") || { cat "$work/serve.err" >&2; exit 1; }

# Every file of the built site, requested round-robin by each client.
paths=$(cd "$work/site/_site" && find . -type f ! -name '.*' | sed 's|^\./|/|' | sort)
{
  echo 'local paths = {'
  for path in $paths; do echo "  \"$path\","; done
  echo '}'
  echo 'local index = 0'
  echo 'request = function()'
  echo '  index = index % #paths + 1'
  echo '  return wrk.format("GET", paths[index])'
  echo 'end'
} >"$work/paths.lua"

python_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$python_port" --bind 127.0.0.1 --directory "$work/site/_site" >/dev/null 2>&1 &
python_pid=$!
for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$python_port/" && break; sleep 0.1; done
python_url="http://127.0.0.1:$python_port/"

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# Runs wrk `runs` times against $2 and prints the median requests/s; $1 names the server. With
# $3 = strict, any error response or socket error fails the script.
measure() {
  local name=$1 url=$2 strict=$3 rates=() output
  echo "# $name: wrk -t$threads -c$connections -d$duration -s paths.lua $url   ($(echo "$paths" | wc -l) files, $runs runs)" >&2
  for run in $(seq "$runs"); do
    output=$(wrk -t"$threads" -c"$connections" -d"$duration" -s "$work/paths.lua" "$url")
    local rate errors bad
    rate=$(awk '/^Requests\/sec:/ { print $2 }' <<<"$output")
    errors=$(grep -o 'Socket errors:.*' <<<"$output" || true)
    bad=$(grep -o 'Non-2xx or 3xx responses: [0-9]*' <<<"$output" || true)
    echo "#   run $run: $rate requests/s${errors:+; $errors}${bad:+; $bad}" >&2
    if [[ $strict == strict && ( -n "$errors" || -n "$bad" ) ]]; then
      echo "error: $name gave errors under load:" >&2
      echo "$output" >&2
      exit 1
    fi
    rates+=("$rate")
  done
  printf '%s\n' "${rates[@]}" | median
}

ours=$(measure "carousel-site serve" "$serve_url" strict)
theirs=$(measure "python3 -m http.server" "$python_url" lenient)
printf '\n%-28s %12s\n' "server" "requests/s"
printf '%-28s %12.0f\n' "carousel-site serve" "$ours" "python3 -m http.server" "$theirs"
awk -v a="$ours" -v b="$theirs" 'BEGIN { printf "carousel-site serve handles %.1fx the requests of http.server (median of runs)\n", a / b }'
