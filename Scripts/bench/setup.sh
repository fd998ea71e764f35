# Sourced by the whole-process benchmarks (Scripts/bench-cli.sh, Scripts/bench-hostile.sh)
# after they set DEFAULT_RUNS and DEFAULT_WORK: the options every one of them takes (RUNS,
# WORK, FARM_BENCH), the work folder, and a release toastkit in TOASTKIT.
RUNS=${RUNS:-$DEFAULT_RUNS}
WORK=${WORK:-$DEFAULT_WORK}
FARM_BENCH=${FARM_BENCH:-farm-bench}
mkdir -p "$WORK"
swift build -c release --product toastkit >/dev/null
TOASTKIT=$(swift build -c release --show-bin-path)/toastkit
