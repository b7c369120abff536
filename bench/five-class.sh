#!/usr/bin/env bash
# Speed benchmark: the Vegas paper's five-class dumbbell (one host pair per flow), simulated by
#   - dualcc's FiveClassScenario (the example vegas-five-class) with ns3::TcpDualVegas,
#   - the same helper with ns-3's own ns3::TcpVegas (alpha = beta = 2),
#   - ns-2.35 (Debian's ns2) with ../shared/peers/ns2-five-class.tcl, when `ns` is installed,
# reporting wall time, peak memory and the ratios, first at the reference scale (10 flows per
# class, 480 Mb/s, 20 s simulated) and then at 5, 10, 20, 50 flows per class (bottleneck scaled
# as 48 Mb/s per flow of a class: 480 Mb/s at 10) to show how the cost grows.
#
#   bench/five-class.sh                 # everything (~10 min on 2 cores)
#   bench/five-class.sh --quick         # the reference scale only
#   GROWTH="5 20" bench/five-class.sh   # other growth points (default "5 20 50")
#
# Environment: DUALCC_BUILD_DIR (default build), NS2_SCRIPT (default ../shared/peers/...).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${DUALCC_BUILD_DIR:-$HERE/build}"
NS2_SCRIPT="${NS2_SCRIPT:-$HERE/../shared/peers/ns2-five-class.tcl}"
EXAMPLE="$BUILD_DIR/examples/vegas-five-class"
quick=0
[ "${1:-}" = "--quick" ] && quick=1

[ -x "$EXAMPLE" ] || { echo "bench: build first (./dualcc test)"; exit 1; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# run LABEL COMMAND... -> prints "wall_s peak_MB"
measure() {
    local out="$WORK/time"
    /usr/bin/time -f "%e %M" -o "$out" "$@" >"$WORK/stdout" 2>"$WORK/stderr" || {
        echo "bench: failed: $*" >&2; tail -n 20 "$WORK/stderr" >&2; exit 1; }
    awk '{ printf "%.1f %.0f", $1, $2 / 1024 }' "$out"
}

row() { # flows rate
    local n=$1 mbps=$2 dual vegas ns2="-" ns2mem="-"
    dual=$(measure "$EXAMPLE" --tcp=ns3::TcpDualVegas --flowsPerClass="$n" \
               --bottleneck="${mbps}Mbps" --simTime=20s --warmup=10s --plot=none --progress=false)
    vegas=$(measure "$EXAMPLE" --tcp=ns3::TcpVegas --flowsPerClass="$n" \
               --bottleneck="${mbps}Mbps" --simTime=20s --warmup=10s --plot=none --progress=false)
    if command -v ns >/dev/null 2>&1 && [ -f "$NS2_SCRIPT" ]; then
        read -r ns2 ns2mem <<<"$(cd "$WORK" && measure ns "$NS2_SCRIPT" N="$n" C="$mbps" T=20)"
    fi
    read -r dw dm <<<"$dual"
    read -r vw vm <<<"$vegas"
    local ratio ratio2="-"
    ratio=$(awk -v a="$dw" -v b="$vw" 'BEGIN { printf "%.2f", a / b }')
    [ "$ns2" != "-" ] && ratio2=$(awk -v a="$dw" -v b="$ns2" 'BEGIN { printf "%.1f", a / b }')
    printf '%6s %7s %10s %8s %10s %8s %8s %8s %14s %14s\n' "$n" "$mbps" "$dw" "$dm" "$vw" "$vm" \
        "$ns2" "$ns2mem" "$ratio" "$ratio2"
}

echo "five-class dumbbell, 20 s simulated, one host pair per flow; wall s / peak MB"
printf '%6s %7s %10s %8s %10s %8s %8s %8s %14s %14s\n' flows/cl Mb/s DualVegas_s MB \
    TcpVegas_s MB ns2_s MB DualVegas/Vegas DualVegas/ns2
row 10 480
if [ "$quick" = 0 ]; then
    for n in ${GROWTH:-5 20 50}; do
        row "$n" $((48 * n))
    done
fi
