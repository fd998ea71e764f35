#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ and runs one.
#
#   Scripts/fuzz.sh TARGET SECONDS [libFuzzer flags...]
#   Scripts/fuzz.sh list
#
# TARGET: strings, stringsdict, xcstrings, xcstrings-roundtrip, format, locale, presenter.
# The corpus grows in Fuzz/corpus/TARGET (not committed); seeds come from Fuzz/seeds/TARGET
# (synthetic, committed) and ../shared/corpus (real catalogs) when present. Crashes are
# written to Fuzz/artifacts/TARGET/. Exit status: libFuzzer's (0 when nothing was found).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
targets=(strings stringsdict xcstrings xcstrings-roundtrip format locale presenter)

if [ "${1:-}" = list ]; then printf '%s\n' "${targets[@]}"; exit 0; fi
if [ $# -lt 2 ]; then
  echo "usage: Scripts/fuzz.sh TARGET SECONDS [libFuzzer flags...]   (Scripts/fuzz.sh list)" >&2
  exit 2
fi
target="$1"; seconds="$2"; shift 2
case " ${targets[*]} " in *" $target "*) ;; *) echo "fuzz.sh: unknown target '$target'" >&2; exit 2 ;; esac
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "fuzz.sh: SECONDS must be a whole number" >&2; exit 2; }

cd "$root/Fuzz"
# One build for every target: libFuzzer coverage, ASan (leaks included). lld links them:
# gold fails on the sanitized debug info.
swift build -c release \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -g -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld >&2
binary="$(swift build -c release --show-bin-path)/fuzz-$target"

corpus="$root/Fuzz/corpus/$target"
artifacts="$root/Fuzz/artifacts/$target"
mkdir -p "$corpus" "$artifacts"
seeds=("$root/Fuzz/seeds/$target")
shared="$root/../shared/corpus"
case "$target" in
  strings) ext=strings ;;
  stringsdict) ext=stringsdict ;;
  xcstrings|xcstrings-roundtrip) ext=xcstrings ;;
  *) ext="" ;;
esac
if [ -n "$ext" ] && [ -d "$shared" ]; then
  shared_seeds="$root/Fuzz/.seeds-shared/$ext"
  if [ ! -d "$shared_seeds" ]; then
    mkdir -p "$shared_seeds"
    find "$shared" -name "*.$ext" -type f -size -1M | while read -r f; do
      cp "$f" "$shared_seeds/$(printf '%s' "$f" | sha1sum | cut -c1-16).$ext"
    done
  fi
  seeds+=("$shared_seeds")
fi

# -rss_limit_mb: a parser that allocates without bound is a finding; -timeout: so is a hang.
# The Swift runtime's backtracer and ASan both handle crashes; let ASan report.
export SWIFT_BACKTRACE=enable=no
exec "$binary" "$corpus" "${seeds[@]}" \
  -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
  -artifact_prefix="$artifacts/" -print_final_stats=1 "$@"
