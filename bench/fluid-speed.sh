#!/usr/bin/env bash
# Speed of the fluid model (issue 31): the FAST paper's Fig. 8 network at the paper's scale
# (2 Gb/s, 32 -> 512 flows of 40 to 200 ms, 40 s stages, 200 s) with fast-dynamic --engine=fluid,
# against the packet simulation of the same experiment at the examples-to-run scale (1/32:
# 62.5 Mb/s, 1 -> 16 flows, 2 s stages, 10 s), one core each, printed as a markdown table.
# The fluid run prints its integration time on stderr ("fluid model, N steps: T s"); the table
# gives that and the whole process' wall time (building the 512-flow network for the duality
# model's phases included).
#
#   bench/fluid-speed.sh [BUILD_DIR]     # default: build/ (needs the example fast-dynamic)
set -euo pipefail
B=${1:-build}
EX="$B/examples/fast-dynamic"
[ -x "$EX" ] || EX="$B/fast-dynamic"
[ -x "$EX" ] || { echo "fluid-speed.sh: no fast-dynamic in $B; build it first" >&2; exit 1; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
run() { # name, args...: "| name | wall s | fluid s |"
    local name=$1
    shift
    local start end
    start=$(date +%s.%N)
    LD_LIBRARY_PATH="$B:${LD_LIBRARY_PATH:-}" taskset -c 0 "$EX" "$@" --plot=none \
        >"$TMP/out" 2>"$TMP/err"
    end=$(date +%s.%N)
    local fluid
    fluid=$(sed -n 's/.*fluid model, [0-9]* steps: \([0-9.e+-]*\) s/\1/p' "$TMP/err" | head -1)
    printf '| %s | %.2f | %s |\n' "$name" "$(echo "$end - $start" | bc)" "${fluid:--}"
}
echo "| run | wall (s) | fluid integration (s) |"
echo "|---|---|---|"
run "fluid, Fig. 8 ecn, paper scale (512 flows, 200 s)" --engine=fluid --variant=ecn
run "fluid, Fig. 11 delay, paper scale (512 flows, 200 s)" --engine=fluid --variant=delay
SMALL=(--variant=ecn --scale=0.03125 --stage=2s --duration=10s --settling=1s)
run "packet, ecn, scale 1/32 (16 flows, 10 s)" "${SMALL[@]}"
run "packet + --fluid, ecn, scale 1/32 (16 flows, 10 s)" --fluid "${SMALL[@]}"
