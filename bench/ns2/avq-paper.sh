#!/usr/bin/env bash
# The AVQ paper's experiments (Kunniyur, Srikant, SIGCOMM 2001, section 3) in ns-2.35 itself
# (Debian's ns2, bench/ns2/avq-paper.tcl: the authors' Queue/Vq, RED, REM, PI, GK) beside
# dualcc's examples on the same network (avq-experiment1, aqm-comparison), with the paper's
# printed figure where it prints one. doc/validation.rst, section dualcc-avq-ns2-peer.
#
#   bench/ns2/avq-paper.sh exp=1 [era=2.35|2.1b8] [seed=1] [ns2 key=value ...]
#   bench/ns2/avq-paper.sh exp=2 flows=100 [aqm=red] [era=...] [seed=...]
#   bench/ns2/avq-paper.sh exp=3 [aqm=rem]                 (per phase: 0-100, 100-150, 150-200 s)
#   bench/ns2/avq-paper.sh exp=4 shortRate=50 [aqm=vq]
#   bench/ns2/avq-paper.sh exp=5 shortRate=10 [gamma=1.0]  (dropping; no GK, as the paper)
#
# Every key=value goes to avq-paper.tcl (its header lists them; it refuses unknown keys); exp,
# flows, shortRate and seed also choose the dualcc run (seed -> --run). Exp. 2 and 4 run ns-2
# for each of vq, red, rem, pi, gk (Exps. 3, 5: no gk; or only aqm=) and aqm-comparison once (all
# its AQMs; in Exp. 5 the AVQ row is the one of gamma=, default 0.98). DUALCC_ARGS adds
# options to the dualcc example (e.g. DUALCC_ARGS=--ns2Tcp). DUALCC_BUILD_DIR: the build with
# the examples (default: build/, else `./dualcc binary`). NS2_ONLY=1: ns-2 alone.
# Prints a table "quantity | window | paper | ns-2.35 | dualcc" and each side's wall and user
# CPU time. Needs the Debian packages ns2 and time (installed with apt-get if missing, as root).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
TCL="$HERE/bench/ns2/avq-paper.tcl"
die() { echo "avq-paper.sh: error: $*" >&2; exit 1; }

missing=()
for p in ns2 time; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    [ "$(id -u)" -eq 0 ] || die "install the Debian packages ${missing[*]} (apt-get install)"
    apt-get install -y -q "${missing[@]}" >/dev/null
fi

exp=1 aqm="" flows="" rate="" seed=1 gamma=0.98
for a in "$@"; do
    case "$a" in
    exp=*) exp="${a#exp=}" ;;
    aqm=*) aqm="${a#aqm=}" ;;
    flows=*) flows="${a#flows=}" ;;
    shortRate=*) rate="${a#shortRate=}" ;;
    seed=*) seed="${a#seed=}" ;;
    gamma=*) gamma="${a#gamma=}" ;;
    *=*) ;;
    *) die "arguments are key=value, got '$a'" ;;
    esac
done
case "$exp" in 1 | 2 | 3 | 4 | 5) ;; *) die "exp must be 1, 2, 3, 4 or 5 (got $exp)" ;; esac

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
timed() { # timed NAME command... : NAME.out, NAME.time ("wall user")
    local name=$1
    shift
    /usr/bin/time -f "%e %U" -o "$work/$name.time" "$@" >"$work/$name.out" 2>"$work/$name.err" ||
        { cat "$work/$name.err" >&2; die "$name failed: $*"; }
}
aqms="${aqm:-vq red rem pi gk}"
[ "$exp" != 5 ] && [ "$exp" != 3 ] || aqms="${aqm:-vq red rem pi}"
[ "$exp" != 1 ] || aqms=vq
for q in $aqms; do
    (cd "$work" && timed "ns2-$q" ns "$TCL" "$@" aqm="$q")
done

example() { # the example's binary
    local dir="${DUALCC_BUILD_DIR:-$HERE/build}"
    if [ -x "$dir/examples/$1" ]; then echo "$dir/examples/$1"; else "$HERE/dualcc" binary "$1"; fi
}
dualcc=""
if [ "${NS2_ONLY:-0}" != 1 ]; then
    # shellcheck disable=SC2086
    case "$exp" in
    1) (cd "$work" && timed dualcc "$(example avq-experiment1)" --run="$seed" \
        --csv="$work/dualcc.csv" ${DUALCC_ARGS:-}) ;;
    2) (cd "$work" && timed dualcc "$(example aqm-comparison)" --experiment=2 \
        --flows="${flows:-20}" --run="$seed" --csv="$work/dualcc" ${DUALCC_ARGS:-}) ;;
    3) (cd "$work" && timed dualcc "$(example aqm-comparison)" --experiment=3 --run="$seed" \
        --csv="$work/dualcc" ${DUALCC_ARGS:-}) ;;
    4 | 5) (cd "$work" && timed dualcc "$(example aqm-comparison)" --experiment="$exp" \
        --rates="${rate:-10}" --run="$seed" --csv="$work/dualcc" ${DUALCC_ARGS:-}) ;;
    esac
    dualcc="$work/dualcc.csv"
    [ "$exp" = 1 ] || dualcc="$work/dualcc-exp$exp.csv"
fi

python3 - "$exp" "$work" "$dualcc" "$gamma" $aqms <<'EOF'
import csv, sys
exp, work, dualcc_file, gamma = sys.argv[1:5]
aqms = sys.argv[5:]
# ns-2's name for the AQM -> dualcc's entity prefix (Exp. 5: AVQ per gamma, "AVQ g=0.98")
LABEL = {"vq": "AVQ", "red": "RED", "rem": "REM", "pi": "PI", "gk": "GKVQ"}
if exp == "5":
    LABEL["vq"] = "AVQ g=%s" % ("1.0" if float(gamma) == 1 else gamma)
dual = {}
if dualcc_file:
    for r in csv.DictReader(open(dualcc_file)):
        dual[(r["quantity"], r["entity"])] = r["simulation"]
# rows: (quantity, window, ns-2 key, dualcc key, paper)
if exp == "1":
    w = {"before": "before short flows", "after": "after short flows"}
    rows = [("queue mean (packets)", "before", ("queue mean (packets)", "before"),
             ("queue mean (pkts)", w["before"]), "13.11"),
            ("queue std (packets)", "before", ("queue std (packets)", "before"),
             ("queue std (pkts)", w["before"]), "20.44"),
            ("queue mean (packets)", "after", ("queue mean (packets)", "after"),
             ("queue mean (pkts)", w["after"]), "10.39"),
            ("queue std (packets)", "after", ("queue std (packets)", "after"),
             ("queue std (pkts)", w["after"]), "15.17"),
            ("drops", "before", ("drops (packets)", "before"), ("drops (pkts)", w["before"]), "-"),
            ("drops", "after", ("drops (packets)", "after"), ("drops (pkts)", w["after"]), "-"),
            ("drops", "whole run", ("drops (packets)", "all"), ("drops (pkts)", "whole run"), "10"),
            ("arrivals", "whole run", ("arrivals (packets)", "all"),
             ("packets arrived", "whole run"), "~250000"),
            ("marks", "whole run", ("marks (packets)", "all"), ("marks (pkts)", "whole run"), "-"),
            ("utilisation", "whole run", ("utilisation (fraction of C)", "all"),
             ("utilization", "whole run (paper)"), "0.9827"),
            ("short flows completed", "after", ("short flows completed (flows)", "all"),
             ("short flows completed", w["after"]), "-")]
    tables = [("vq", rows)]
elif exp == "3":
    # per phase, the windows ns-2 printed ("0-100 s", ...), which are aqm-comparison's too
    tables = []
    for aqm in aqms:
        phases = [e for (q, e) in ((l.split(",")[0], l.split(",")[1]) for l in
                  open("%s/ns2-%s.out" % (work, aqm)) if not l.startswith("#"))
                  if q == "utilisation (fraction of C)" and e.endswith(" s")]
        tables.append((aqm, [(q, ph, (n, ph), (d, "%s, %s" % (LABEL[aqm], ph)), "-")
                             for ph in phases for q, n, d in
            [("utilisation", "utilisation (fraction of C)", "utilization"),
             ("queue mean (packets)", "queue mean (packets)", "queue mean (pkts)")]]))
else:
    tables = []
    for aqm in aqms:
        # aqm-comparison's entity: "AQM, N flows" (Exp. 2) or "AQM, R short/s" (Exp. 4)
        ent = next((e for (q, e) in dual if q == "utilization" and
                    e.startswith(LABEL[aqm] + ",")), "")
        # the paper prints no numbers for Exps. 2 and 4, only these utilisation claims
        paper = {"vq": "0.98", "rem": "1.0", "pi": "1.0", "gk": "~0.75", "red": "poor"}
        if exp == "5":
            paper = {}  # Exp. 5's text makes no claim
        tables.append((aqm, [(q, LABEL[aqm], (n, "all"), (d, ent),
                              paper.get(aqm, "-") if q == "utilisation" else "-")
                             for q, n, d in
            [("utilisation", "utilisation (fraction of C)", "utilization"),
             ("queue mean (packets)", "queue mean (packets)", "queue mean (pkts)"),
             ("queue std (packets)", "queue std (packets)", "queue std (pkts)"),
             ("loss rate", "loss rate (drops / arrivals)", "loss rate"),
             ("drops", "drops (packets)", "drops (pkts)"),
             ("marks", "marks (packets)", "marks (pkts)")]]))
def fmt(v):
    try:
        x = float(v)
    except (TypeError, ValueError):
        return v if v else "-"
    return "%d" % x if "." not in v and "e" not in v else "%.4g" % x
print("%-24s %-10s %10s %10s %10s" % ("quantity", "window", "paper", "ns-2.35", "dualcc"))
for aqm, rows in tables:
    ns2 = {(r[0], r[1]): r[2] for r in
           csv.reader(l for l in open("%s/ns2-%s.out" % (work, aqm)) if not l.startswith("#"))}
    for q, win, nk, dk, paper in rows:
        print("%-24s %-10s %10s %10s %10s" % (q, win, paper, fmt(ns2.get(nk)), fmt(dual.get(dk))))
EOF
for q in $aqms; do echo "ns-2.35 $q wall / user (s): $(cat "$work/ns2-$q.time")"; done
[ -z "$dualcc" ] || echo "dualcc  wall / user (s): $(cat "$work/dualcc.time")"
