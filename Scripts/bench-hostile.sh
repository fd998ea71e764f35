#!/usr/bin/env bash
# Growth on hostile shapes (issue 30): each shape of Scripts/generate-hostile.py at 2× and 4×,
# timed as a whole process against the same command on the 1× input, in pairs (farm-bench),
# medians. Linear work shows ratios near 2 and 4 (less where start-up counts); quadratic work
# shows 4 and 16. Peak memory is the 4× run's.
#   Scripts/bench-hostile.sh          # 5 pairs each; RUNS=3 for a quick look
# Needs farm-bench (or set FARM_BENCH) and python3; not run in CI or by swift test. lint exits
# 1 on these inputs (they have findings) and stats exits 2 on the laughs (the [limit] error):
# both are the expected outcome.
set -euo pipefail
cd "$(dirname "$0")/.."
DEFAULT_RUNS=5 DEFAULT_WORK=/tmp/toastkit-bench-hostile
. Scripts/bench/setup.sh
T=$TOASTKIT
for scale in 1 2 4; do
    [ -f "$WORK/stdin-$scale.txt" ] || python3 Scripts/generate-hostile.py --out "$WORK" --scale $scale
done

# name, command with SCALE where the scale goes
growth() {
    local name=$1 template=$2
    local one=${template//SCALE/1} two=${template//SCALE/2} four=${template//SCALE/4}
    local out2 out4
    out2=$("$FARM_BENCH" -n "$RUNS" --timeout 600 --vs "sh -c '$one'" -- sh -c "$two" 2>&1)
    out4=$("$FARM_BENCH" -n "$RUNS" --timeout 600 --vs "sh -c '$one'" -- sh -c "$four" 2>&1)
    python3 - "$name" "$out2" "$out4" <<'PY'
import sys, re
name, out2, out4 = sys.argv[1:4]
def median(out, label):
    m = re.search(r"^" + re.escape(label) + r"\s+(\S+)\s+(\S+)\s+(\S+)", out, re.M)
    return float(m.group(2)) if m else float("nan")
one = median(out4, "B wall s")
print(f"| {name} | {one*1000:,.0f} ms | {median(out2, 'A/B wall'):.2f} | {median(out4, 'A/B wall'):.2f} | {median(out4, 'A peak MiB'):,.0f} MiB |")
PY
}

echo "hostile shapes, $RUNS pairs each, medians (ratios: the 2× and 4× input against the 1×)"
echo
echo "| shape and command | 1× | 2× ÷ 1× | 4× ÷ 1× | peak at 4× |"
echo "| --- | ---: | ---: | ---: | ---: |"
growth "one-line String Catalog (2,000 keys × scale), lint json" "exec $T lint --format json $WORK/minified-SCALE.xcstrings >/dev/null 2>&1"
growth "one-line .strings pair (5,000 entries × scale), lint json" "exec $T lint --format json $WORK/oneline-strings-SCALE >/dev/null 2>&1"
growth "one entry, 2,000 × scale substitutions, lint json" "exec $T lint --format json $WORK/substitutions-SCALE.xcstrings >/dev/null 2>&1"
growth ".stringsdict entry, 4,000 × scale variables, stats" "exec $T stats $WORK/stringsdict-SCALE >/dev/null 2>&1"
growth ".stringsdict entry, 4,000 × scale variables, lint json" "exec $T lint --format json $WORK/stringsdict-SCALE >/dev/null 2>&1"
growth "one-line String Catalog, 5,000 × scale keys spelled twice, stats" "exec $T stats $WORK/respelled-SCALE.xcstrings >/dev/null 2>&1"
growth ".strings, 5,000 × scale keys spelled twice, lint json" "exec $T lint --format json $WORK/respelled-strings-SCALE >/dev/null 2>&1"
growth "substitutions naming each other 4 × scale times per form, stats (rejected)" "exec $T stats $WORK/laughs-SCALE.xcstrings >/dev/null 2>&1"
growth "show --stdin, 4 MB × scale without a separator" "exec $T show --verbatim x --style progress --stdin < $WORK/stdin-SCALE.txt >/dev/null 2>&1"
