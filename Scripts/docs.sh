#!/usr/bin/env bash
# Builds the DocC documentation of the ToastKit module:
#   Sources/ToastKit/ToastKit.docc (articles) + ToastKit's public symbol graph
#   → .build/docs/ToastKit.doccarchive
#
#   Scripts/docs.sh
#
# Any DocC warning fails the run (--warnings-as-errors), so the catalog and the doc comments
# of Sources/ToastKit stay free of broken links and undocumented parameters.
# Needs `docc` (it ships with the Swift toolchain) on PATH, or DOCC=/path/to/docc.
set -euo pipefail
cd "$(dirname "$0")/.."

docc="${DOCC:-docc}"
command -v "$docc" >/dev/null 2>&1 || { echo "docs.sh: docc not found (set DOCC=/path/to/docc)" >&2; exit 2; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
graphs="$work/symbol-graphs"
mkdir -p "$graphs"
touch "$work/stamp"
sleep 1  # so that every file written from now on is newer than the stamp, whatever the clock's resolution

# 1. The symbol graphs of every module (SwiftPM builds the package first). Where they land
#    depends on the platform (.build/x86_64-unknown-linux-gnu/symbolgraph on Linux,
#    .build/arm64-apple-macosx/symbolgraph on a Mac): take the ToastKit graph written by this run.
swift package dump-symbol-graph --minimum-access-level public >&2
found="$(find .build -type f -path '*/symbolgraph/ToastKit.symbols.json' -newer "$work/stamp" -print -quit)"
[ -n "$found" ] || { echo "docs.sh: dump-symbol-graph wrote no ToastKit.symbols.json under .build" >&2; exit 1; }
source_dir="$(dirname "$found")"

# 2. Only ToastKit's own graphs: the module, and its extensions of other modules' types.
cp "$source_dir/ToastKit.symbols.json" "$graphs/"
for extension in "$source_dir"/ToastKit@*.symbols.json; do
  if [ -e "$extension" ]; then cp "$extension" "$graphs/"; fi
done

# 3. The archive. The log is kept so that a warning fails the run even if DocC did not.
output=".build/docs/ToastKit.doccarchive"
mkdir -p "$(dirname "$output")"
status=0
"$docc" convert Sources/ToastKit/ToastKit.docc \
  --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name ToastKit \
  --fallback-bundle-identifier org.toastkit.ToastKit \
  --output-path "$output" \
  --warnings-as-errors 2>&1 | tee "$work/docc.txt" || status=$?

problems="$(grep -cE '^(warning|error):' "$work/docc.txt" || true)"
if [ "$status" -ne 0 ] || [ "$problems" -ne 0 ]; then
  echo "docs.sh: FAILED: docc exited $status with $problems warnings or errors (above)" >&2
  exit 1
fi
echo "docs.sh: 0 warnings; symbol graphs from $source_dir"
echo "docs.sh: archive at $(pwd)/$output"
