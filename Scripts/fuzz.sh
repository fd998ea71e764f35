#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ and runs one.
#
#   Scripts/fuzz.sh TARGET SECONDS [libFuzzer flags...]
#   Scripts/fuzz.sh list
#   Scripts/fuzz.sh build      (build every target once; FUZZ_NO_BUILD=1 then skips it)
#
# TARGET: strings, stringsdict, xcstrings, xcstrings-roundtrip, format, locale, presenter, lint.
# The corpus grows in Fuzz/corpus/TARGET (not committed); seeds come from Fuzz/seeds/TARGET
# (synthetic, committed) and ../shared/corpus (real catalogs) when present. Crashes are
# written to Fuzz/artifacts/TARGET/. Exit status: libFuzzer's (0 when nothing was found).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
targets=(strings stringsdict xcstrings xcstrings-roundtrip format locale presenter lint)

if [ "${1:-}" = list ]; then printf '%s\n' "${targets[@]}"; exit 0; fi

build() {
  cd "$root/Fuzz"
  # One build for every target: libFuzzer coverage, ASan (leaks included). lld links them:
  # gold fails on the sanitized debug info.
  # SwiftPM does not notice files added to the parent package (a path dependency) once it
  # has planned this build: drop the plan so that it is made again.
  rm -f "$root/Fuzz/.build/release.yaml" "$root/Fuzz/.build/release/description.json"
  swift build -c release \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -g -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld >&2
  # Real catalogs from ../shared/corpus as seeds (under 1 MB each), copied once.
  local shared="$root/../shared/corpus" ext
  for ext in strings stringsdict xcstrings; do
    local dir="$root/Fuzz/.seeds-shared/$ext"
    if [ -d "$shared" ] && [ ! -d "$dir" ]; then
      mkdir -p "$dir"
      find "$shared" -name "*.$ext" -type f -size -1M | while read -r f; do
        cp "$f" "$dir/$(printf '%s' "$f" | sha1sum | cut -c1-16).$ext"
      done
    fi
  done
}

if [ "${1:-}" = build ]; then build; exit 0; fi
if [ $# -lt 2 ]; then
  echo "usage: Scripts/fuzz.sh TARGET SECONDS [libFuzzer flags...]   (Scripts/fuzz.sh list)" >&2
  exit 2
fi
target="$1"; seconds="$2"; shift 2
case " ${targets[*]} " in *" $target "*) ;; *) echo "fuzz.sh: unknown target '$target'" >&2; exit 2 ;; esac
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "fuzz.sh: SECONDS must be a whole number" >&2; exit 2; }

[ "${FUZZ_NO_BUILD:-}" = 1 ] || build
cd "$root/Fuzz"
binary="$root/Fuzz/.build/release/fuzz-$target"

corpus="$root/Fuzz/corpus/$target"
artifacts="$root/Fuzz/artifacts/$target"
mkdir -p "$corpus" "$artifacts"
seeds=("$root/Fuzz/seeds/$target")
case "$target" in
  strings) ext=strings ;;
  stringsdict) ext=stringsdict ;;
  xcstrings|xcstrings-roundtrip|lint) ext=xcstrings ;;
  *) ext="" ;;
esac
if [ -n "$ext" ] && [ -d "$root/Fuzz/.seeds-shared/$ext" ]; then seeds+=("$root/Fuzz/.seeds-shared/$ext"); fi
# A dictionary of the format's tokens (Fuzz/dictionaries): markers and extreme length encodings
# of binary property lists for `strings`, XML tags, CDATA and entities for `stringsdict`,
# member names and substitution tokens for the String Catalog targets.
dict=()
case "$target" in
  strings) dict=(-dict="$root/Fuzz/dictionaries/bplist.dict") ;;
  stringsdict) dict=(-dict="$root/Fuzz/dictionaries/stringsdict.dict") ;;
  xcstrings|xcstrings-roundtrip|lint) dict=(-dict="$root/Fuzz/dictionaries/xcstrings.dict") ;;
esac

# -rss_limit_mb: a parser that allocates without bound is a finding; -timeout: so is a hang.
# The Swift runtime's backtracer and ASan both handle crashes; let ASan report.
export SWIFT_BACKTRACE=enable=no
exec "$binary" "$corpus" "${seeds[@]}" \
  -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
  -artifact_prefix="$artifacts/" -print_final_stats=1 "${dict[@]}" "$@"
