#!/usr/bin/env bash
# Decode times of covers and of the images that once held a decode for minutes, release
# build (swiftc -O, the decoder's sources and bench/decode/main.swift in one module):
#
#   bench/decode.sh                     # this checkout's decoder
#   bench/decode.sh --before 4128c1e    # and another commit's beside it (full size only)
#   bench/decode.sh --runs 9 --timeout 300
#
# Images come from bench/decode_images.py (Pillow: pip install pillow) into a temporary
# folder. "full" is RGBImage.decode at full size; "cover" decodes as bookclub does for a
# 16-column cover (at least 160 pixels wide, 4 megapixels at most, 2 seconds at most).
# Each figure is the median of the runs, in milliseconds; a decode past the timeout is
# stopped and shown as "> timeout".
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v swiftc >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swiftc ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi
before="" runs=5 timeout=120
while [ $# -gt 0 ]; do
  case "$1" in
    --before) before="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --timeout) timeout="$2"; shift 2 ;;
    *) echo "usage: bench/decode.sh [--before <commit>] [--runs N] [--timeout seconds]" >&2; exit 64 ;;
  esac
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 bench/decode_images.py "$work/images" >/dev/null
swiftc -O -wmo -D COVER_OPTIONS $(find Sources/ImageDecoding -name '*.swift') \
  bench/decode/main.swift -o "$work/after"
if [ -n "$before" ]; then
  mkdir "$work/before-src"
  git archive "$before" Sources/ImageDecoding | tar -x -C "$work/before-src"
  swiftc -O -wmo $(find "$work/before-src" -name '*.swift') bench/decode/main.swift \
    -o "$work/before"
fi

measure() {  # binary image mode
  timeout "$timeout" "$1" "$work/images/$2" "$runs" "$3" 2>/dev/null || echo "> ${timeout} s"
}

header="| image | size | full | cover |"
rule="| --- | --- | --- | --- |"
if [ -n "$before" ]; then
  header="| image | size | before $before, full | full | cover |"
  rule="| --- | --- | --- | --- | --- |"
fi
echo "$header"
echo "$rule"
for image in baseline-1024.jpg progressive-1024.jpg cover-1024.png progressive-4096.jpg \
  header-4096.jpg bomb-4096.png; do
  size="$(( $(wc -c <"$work/images/$image") / 1024 )) KB"
  row="| $image | $size |"
  [ -n "$before" ] && row="$row $(measure "$work/before" "$image" full) |"
  echo "$row $(measure "$work/after" "$image" full) | $(measure "$work/after" "$image" cover) |"
done
