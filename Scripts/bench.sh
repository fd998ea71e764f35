#!/usr/bin/env bash
# Runs the benchmarks (release build) and prints, for each, the median wall-clock time per
# iteration, peak resident memory, and the speed ratio of each ToastKit benchmark to the
# Foundation baseline of the same input measured in the same run.
#   Scripts/bench.sh                        # all benchmarks
#   Scripts/bench.sh --target LoadCatalogs  # one target (ResolveFormat, LoadCatalogs, Present)
set -euo pipefail
cd "$(dirname "$0")/../Benchmarks"
swift package --allow-writing-to-package-directory benchmark --format markdown --no-progress "$@" > /tmp/toastkit-bench.md
python3 - <<'PY'
import re
text = open("/tmp/toastkit-bench.md").read()
units = {"ns": 1e-9, "μs": 1e-6, "us": 1e-6, "ms": 1e-3, "s": 1.0}
rows = {}
for block in re.split(r"\n### ", text)[1:]:
    name = block.split("\n", 1)[0].strip().split(" metrics")[0]
    row = {}
    for line in block.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| Time (wall clock)"):
            unit = re.search(r"\((\w+|μs)\)", cells[0]).group(1)
            row["time"] = float(cells[3]) * units[unit]
        if line.startswith("| Memory (resident peak)"):
            row["memory"] = cells[3] + " " + re.search(r"\((\w+)\)\s*$", cells[0]).group(1)
        if "÷" in cells[0] and "×100" in cells[0]:
            # A paired benchmark: the median of one time over the other in each iteration.
            row["paired"] = (float(cells[3]) / 100, cells[1], cells[7], cells[-1])
    rows[name] = row

def tag(name):
    m = re.search(r"\[([\w-]+)\]", name)
    return m.group(1) if m else None

def subject(name):
    # "ToastKit load .xcstrings (86 MB)" → ".xcstrings"; "… ru plural" → "ru"
    words = name.split(" (")[0].split()
    for w in words:
        if w.startswith("."): return " " + w
    return " ru" if " ru" in name else None

print("median per iteration, peak memory, and ratios against the baseline of the same input in the same run:")
for name, row in rows.items():
    ratio = ""
    if name.startswith("ToastKit") and tag(name) and not tag(name).endswith("-baseline"):
        # The baseline of "[x]" or "[x-variant]" is the benchmark tagged "[x-baseline]", else the
        # other one tagged "[x]".
        family = tag(name).split("-")[0]
        base = next((r for n, r in rows.items() if n != name and tag(n) in (tag(name) + "-baseline", family + "-baseline")), None) \
            or next((r for n, r in rows.items() if n != name and tag(n) == tag(name)), None)
        if base and "time" in base and "time" in row:
            ratio = f"  → {row['time'] / base['time']:.1f}x the baseline's time"
    elif name.startswith("ToastKit") and subject(name):
        base = next((r for n, r in rows.items() if n.startswith("Foundation") and subject(name) in n), None)
        if base and "time" in base and "time" in row:
            ratio = f"  → {base['time'] / row['time']:.1f}x Foundation"
    if "paired" in row:
        median, low, high, samples = row["paired"]
        low, high = sorted((int(low), int(high)))
        print(f"  {name}: median {median:.2f}x (lowest {low / 100:.2f}x, highest {high / 100:.2f}x, {samples} pairs)")
        continue
    print(f"  {name}: {row.get('time', 0) * 1e3:.4f} ms, peak {row.get('memory', '?')}{ratio}")
PY
