# Sourced by the whole-process benchmarks (Scripts/bench-cli.sh, Scripts/bench-hostile.sh)
# after they set DEFAULT_RUNS and DEFAULT_WORK: the options every one of them takes (RUNS,
# WORK, FARM_BENCH), the work folder, and a release toastkit in TOASTKIT, built as the README
# installs it: with the Swift runtime linked in (--static-swift-stdlib, on Linux), which saves
# the dynamic linker a third of a short command's start-up.
RUNS=${RUNS:-$DEFAULT_RUNS}
WORK=${WORK:-$DEFAULT_WORK}
FARM_BENCH=${FARM_BENCH:-farm-bench}
mkdir -p "$WORK"
STATIC=$([ "$(uname)" = Linux ] && echo --static-swift-stdlib || true)
swift build -c release --product toastkit $STATIC >/dev/null
TOASTKIT=$(swift build -c release $STATIC --show-bin-path)/toastkit
