#!/usr/bin/env bash
# Regenerates the Swift files that carry Resources/ inside the libraries:
#   Sources/ToastKit/BuiltinCatalogs+Embedded.swift   ToastKit.xcstrings (role words, labels)
#   Sources/ToastMatrix/DemoResources+Embedded.swift  Demo.xcstrings, demo-toasts.json
# Resources/ is the source of truth; the generated files carry it inside the binary so
# `toastkit` works from any directory and when copied away from the build folder.
# Tests (BuiltinCatalogTests) fail when the two differ: run this script after editing.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -q --product toastkit-embed 2>/dev/null || swift build -q --target toastkit-embed
embed="$(swift build --show-bin-path)/toastkit-embed"
"$embed" --type BuiltinCatalogs --member embeddedFiles --output Sources/ToastKit/BuiltinCatalogs+Embedded.swift \
  Resources/ToastKit.xcstrings
"$embed" --type DemoResources --member embeddedFiles --output Sources/ToastMatrix/DemoResources+Embedded.swift \
  Resources/Demo.xcstrings Resources/demo-toasts.json
