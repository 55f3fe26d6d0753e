#!/usr/bin/env bash
# Benchmark of responsive image derivation (issue 7): COUNT camera-size JPEGs derived by the
# build's ImageDeriver, cold (empty cache) and warm (cache filled), against calling vipsthumbnail
# directly for the same files with the same settings, one process per core via xargs.
# Prints every command, the median of RUNS runs of each, the throughput ratio (target: at least
# 0.9 of vipsthumbnail's), the warm run's engine calls (target: none) and the bytes a 1280-px
# first view fetches against the originals.
#
#   Benchmarks/responsive-images.sh            # 200 images, 3 runs each
#   COUNT=24 RUNS=3 Benchmarks/responsive-images.sh
set -euo pipefail
cd "$(dirname "$0")/.."

COUNT=${COUNT:-200}
RUNS=${RUNS:-3}
# The camera size: 12-16 megapixels, what phones and cameras produce.
CAMERA_WIDTH=${CAMERA_WIDTH:-4000}
VIEWPORT=1280
# The deriver's defaults (DerivativeOptions): widths, qualities, placeholder box and quality.
WIDTHS=(480 800 1200 1600 2000)
JPEG_Q=82
WEBP_Q=80
PLACEHOLDER=16
PLACEHOLDER_Q=30
JOBS=$(nproc)
WORK=.build/benchmarks/responsive-images

command -v vipsthumbnail >/dev/null || { echo "error: vipsthumbnail is missing: run scripts/setup.sh" >&2; exit 1; }
echo "libvips $(vips --version), $JOBS cores, $COUNT images, $RUNS runs each"

# Release, as shipped: a debug build hashes the originals ten times slower, which would swamp
# the warm run.
swift build -c release --product ResponsiveImagesBenchmark >/dev/null
BENCH="$(swift build -c release --show-bin-path)/ResponsiveImagesBenchmark"

# Camera-size originals: the example photos scaled up, each copy brightened by a different step so
# every file has its own content hash.
originals="$WORK/originals-$COUNT-$CAMERA_WIDTH"
if [[ ! -f "$originals/done" ]]; then
  echo "generating $COUNT ${CAMERA_WIDTH}-px JPEGs in $originals"
  rm -rf "$originals" && mkdir -p "$originals"
  photos=(site/photos/*.jpg)
  for ((i = 0; i < COUNT; i++)); do
    photo=${photos[i % ${#photos[@]}]}
    step=$((i / ${#photos[@]}))
    scale=$(awk -v w="$CAMERA_WIDTH" -v s="$(vipsheader -f width "$photo")" 'BEGIN { print w / s }')
    printf '%s %s %s %s\n' "$photo" "$scale" "$step" "$originals/photo-$i.jpg"
  done | xargs -P "$JOBS" -L 1 sh -c 'vips resize "$0" "$3.v" "$1" && vips linear "$3.v" "$3[Q=90]" 1 "$2" --uchar && rm "$3.v"'
  touch "$originals/done"
fi
files=("$originals"/photo-*.jpg)
abs_originals=$(cd "$originals" && pwd)

# The same settings the deriver uses, as vipsthumbnail commands, one line each.
baseline_jobs="$WORK/baseline-jobs.txt"
baseline_out="$(pwd)/$WORK/baseline-out"
: >"$baseline_jobs"
for file in "${files[@]}"; do
  name=$(basename "$file" .jpg)
  width=$(vipsheader -f width "$file")
  chosen=()
  for w in "${WIDTHS[@]}"; do ((w < width)) && chosen+=("$w"); done
  ((${#chosen[@]} < ${#WIDTHS[@]})) && chosen+=("$width")
  for w in "${chosen[@]}"; do
    echo "$abs_originals/$name.jpg --size ${w}x --export-profile srgb -o $baseline_out/$name-$w.jpg[strip,Q=$JPEG_Q]" >>"$baseline_jobs"
    echo "$abs_originals/$name.jpg --size ${w}x --export-profile srgb -o $baseline_out/$name-$w.webp[strip,Q=$WEBP_Q]" >>"$baseline_jobs"
  done
  echo "$abs_originals/$name.jpg --size ${PLACEHOLDER}x$PLACEHOLDER --export-profile srgb -o $baseline_out/$name-placeholder.webp[strip,Q=$PLACEHOLDER_Q]" >>"$baseline_jobs"
done

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
seconds() { local start end; start=$(date +%s.%N); "$@" >/dev/null; end=$(date +%s.%N); awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f\n", b - a }'; }

cache="$WORK/cache"
run_cold() { rm -rf "$cache"; "$BENCH" "$cache" "$VIEWPORT" "${files[@]}"; }
run_warm() { "$BENCH" "$cache" "$VIEWPORT" "${files[@]}"; }
run_baseline() { rm -rf "$baseline_out"; mkdir -p "$baseline_out"; xargs -P "$JOBS" -L 1 vipsthumbnail <"$baseline_jobs"; }

echo
echo "deriver, cold:    rm -rf $cache; $BENCH $cache $VIEWPORT $originals/photo-*.jpg"
echo "deriver, warm:    $BENCH $cache $VIEWPORT $originals/photo-*.jpg"
echo "vipsthumbnail:    xargs -P $JOBS -L 1 vipsthumbnail < $baseline_jobs   ($(wc -l <"$baseline_jobs") calls), e.g."
echo "                  vipsthumbnail $(head -n 1 "$baseline_jobs")"

cold=() warm=() base=()
for ((r = 1; r <= RUNS; r++)); do
  base+=("$(seconds run_baseline)")
  cold+=("$(seconds run_cold)")
  warm+=("$(seconds run_warm)")
  echo "run $r: vipsthumbnail ${base[-1]} s, deriver cold ${cold[-1]} s, warm ${warm[-1]} s"
done
base_median=$(printf '%s\n' "${base[@]}" | median)
cold_median=$(printf '%s\n' "${cold[@]}" | median)
warm_median=$(printf '%s\n' "${warm[@]}" | median)

echo
echo "median of $RUNS runs:"
echo "  vipsthumbnail directly: $base_median s"
echo "  deriver, cold:          $cold_median s"
echo "  deriver, warm:          $warm_median s"
awk -v b="$base_median" -v c="$cold_median" 'BEGIN { printf "  cold throughput relative to vipsthumbnail: %.2fx (target >= 0.90x)\n", b / c }'
echo
echo "warm run:"
run_warm | sed 's/^/  /'
