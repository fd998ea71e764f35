#!/usr/bin/env bash
# Whole-process benchmarks of the commands users run (issue 29): each command of a release
# toastkit timed against a baseline in the same run, in pairs (farm-bench), medians printed
# with the ratio. Inputs come from Scripts/generate-catalogs.py (seeded).
#   Scripts/bench-cli.sh            # 9 pairs each; RUNS=5 Scripts/bench-cli.sh for a quick look
# Needs farm-bench (or set FARM_BENCH) and python3; not run in CI or by swift test. lint, fmt
# --check and convert exit 1 on these inputs (findings, unformatted, states .strings cannot
# keep): the warnings say so and are expected there.
set -euo pipefail
cd "$(dirname "$0")/.."
DEFAULT_RUNS=9 DEFAULT_WORK=/tmp/toastkit-bench-cli
. Scripts/bench/setup.sh
for tool in plist-read empty-foundation; do
    [ "$WORK/$tool" -nt "Scripts/bench/$tool.swift" ] || swiftc -O "Scripts/bench/$tool.swift" -o "$WORK/$tool"
done
for scale in 1 2 4; do
    [ -f "$WORK/cat-$scale.xcstrings" ] || python3 Scripts/generate-catalogs.py --xcstrings "$WORK/cat-$scale.xcstrings" --keys $((5000 * scale))
done
[ -d "$WORK/tree" ] || python3 Scripts/generate-catalogs.py --lproj "$WORK/tree"
CAT="$WORK/cat-1.xcstrings"
# The generator's layout is not Xcode's, so fmt --check stops at the first difference; a
# formatted copy times the check of a catalog that passes (the whole file compared).
if [ ! -f "$WORK/cat-1-formatted.xcstrings" ] || [ "$CAT" -nt "$WORK/cat-1-formatted.xcstrings" ]; then
    cp "$CAT" "$WORK/cat-1-formatted.xcstrings"
    "$TOASTKIT" fmt "$WORK/cat-1-formatted.xcstrings"
fi
JSON_LOAD="python3 Scripts/bench/json-load.py"

# name, command (A), baseline (B), baseline's name
measure() {
    local name=$1 command=$2 baseline=$3 what=$4
    local out
    # Both sides start through sh -c (toastkit's commands need it for their redirections), so
    # that neither pays the shell's start alone: about 5% of a 10 ms process.
    out=$("$FARM_BENCH" -n "$RUNS" --timeout 1200 --vs "sh -c 'exec $baseline'" -- sh -c "$command" 2>&1)
    python3 - "$name" "$what" "$out" <<'PY'
import sys, re
name, what, out = sys.argv[1], sys.argv[2], sys.argv[3]
def median(label):
    m = re.search(r"^" + re.escape(label) + r"\s+(\S+)\s+(\S+)\s+(\S+)", out, re.M)
    return float(m.group(2)) if m else float("nan")
a, b, ratio, peak = median("A wall s"), median("B wall s"), median("A/B wall"), median("A peak MiB")
for side in "AB":
    m = re.search(r"^" + side + r" exit (\d+) \((\d+) of (\d+)\)", out, re.M)
    if not m or m.group(1) != "0" or m.group(2) != m.group(3):
        print(f"warning: {name}: {side} did not exit 0 in every run", file=sys.stderr)
print(f"| {name} | {a*1000:,.0f} ms | {b*1000:,.0f} ms ({what}) | {1/ratio:.2f}× | {peak:,.0f} MiB |")
PY
}

size() { python3 -c "import os,sys; print(f'{sum(os.path.getsize(os.path.join(d,f)) for d,_,fs in os.walk(sys.argv[1]) for f in fs) if os.path.isdir(sys.argv[1]) else os.path.getsize(sys.argv[1]):,}')" "$1"; }
echo "inputs: $CAT ($(size "$CAT") bytes), $WORK/tree ($(size "$WORK/tree") bytes); $RUNS pairs each, medians"
echo
echo "| command | toastkit | baseline | speed (baseline ÷ toastkit) | toastkit peak |"
echo "| --- | ---: | ---: | ---: | ---: |"
measure "stats" "exec $TOASTKIT stats $CAT >/dev/null" "$JSON_LOAD $CAT" "json.load"
measure "fmt --check" "exec $TOASTKIT fmt --check $CAT >/dev/null 2>&1; true" "$JSON_LOAD $CAT" "json.load"
measure "fmt --check (a formatted catalog)" "exec $TOASTKIT fmt --check $WORK/cat-1-formatted.xcstrings >/dev/null" "$JSON_LOAD $WORK/cat-1-formatted.xcstrings" "json.load"
measure "lint --format json" "exec $TOASTKIT lint --format json $CAT >/dev/null 2>&1; true" "$JSON_LOAD $CAT" "json.load"
measure "dump" "exec $TOASTKIT dump $CAT >/dev/null" "$JSON_LOAD $CAT" "json.load"
measure "convert .xcstrings → .lproj → .xcstrings" "rm -rf $WORK/conv; $TOASTKIT convert $CAT $WORK/conv/lproj >/dev/null 2>&1; exec $TOASTKIT convert $WORK/conv/lproj $WORK/conv/back >/dev/null 2>&1" "$JSON_LOAD $CAT" "json.load"
measure "stats (.lproj tree)" "exec $TOASTKIT stats $WORK/tree >/dev/null" "$WORK/plist-read $WORK/tree" "PropertyListSerialization"
measure "lint (.lproj tree)" "exec $TOASTKIT lint --format json $WORK/tree >/dev/null 2>&1; true" "$WORK/plist-read $WORK/tree" "PropertyListSerialization"
measure "dump (.lproj tree)" "exec $TOASTKIT dump $WORK/tree >/dev/null" "$WORK/plist-read $WORK/tree" "PropertyListSerialization"
measure "show" "exec $TOASTKIT show toast.saved.title >/dev/null 2>&1; true" "$WORK/empty-foundation" "an empty Foundation executable"
measure "demo" "exec $TOASTKIT demo >/dev/null" "$WORK/empty-foundation" "an empty Foundation executable"
# In a locale other than the machine's (C.UTF-8 here, which needs no ICU data): the text has
# letters beyond ASCII to measure and the locale its own data.
measure "show --locale fr" "exec $TOASTKIT show 'Upload complete' --role success --locale fr >/dev/null" "$WORK/empty-foundation" "an empty Foundation executable"
measure "demo --locale ja" "exec $TOASTKIT demo --locale ja >/dev/null" "$WORK/empty-foundation" "an empty Foundation executable"
echo
echo "growth (1×, 2×, 4× keys), each against its own json.load:"
for scale in 1 2 4; do
    measure "lint --format json, ${scale}×" "exec $TOASTKIT lint --max-file-size 1G --format json $WORK/cat-$scale.xcstrings >/dev/null 2>&1; true" "$JSON_LOAD $WORK/cat-$scale.xcstrings" "json.load"
    measure "stats, ${scale}×" "exec $TOASTKIT stats --max-file-size 1G $WORK/cat-$scale.xcstrings >/dev/null" "$JSON_LOAD $WORK/cat-$scale.xcstrings" "json.load"
done
