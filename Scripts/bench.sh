#!/usr/bin/env bash
# Runs the benchmarks (release build) and prints the median throughputs and the ratio of each
# ToastKit benchmark to the Foundation baseline measured in the same run.
set -euo pipefail
cd "$(dirname "$0")/../Benchmarks"
swift package --allow-writing-to-package-directory benchmark --format markdown --no-progress "$@" | tee /tmp/toastkit-bench.md
python3 - <<'PY'
import re
text = open("/tmp/toastkit-bench.md").read()
medians = {}
for block in re.split(r"\n### ", text):
    name = block.split("\n", 1)[0].strip().split(" metrics")[0]
    for line in block.splitlines():
        if line.startswith("| Throughput"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            unit = 1000 if "(K)" in cells[0] else 1_000_000 if "(M)" in cells[0] else 1
            medians[name] = float(cells[3]) * unit   # columns: metric, p0, p25, p50, …
baseline = next((v for k, v in medians.items() if k.startswith("Foundation")), None)
print("\nmedian throughput (per second):")
for name, value in medians.items():
    ratio = f"  {value / baseline:.1f}x Foundation" if baseline and not name.startswith("Foundation") else ""
    print(f"  {name}: {value:,.0f}{ratio}")
PY
