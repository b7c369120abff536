#!/usr/bin/env bash
# Speed benchmark: the Vegas paper's five-class dumbbell (one host pair per flow), printed as
# markdown tables. The same scenario is run by
#   - dualcc's FiveClassScenario (the example vegas-five-class) with ns3::TcpDualVegas, built
#     against Debian's ns-3.37 libraries (build/) and in the optimized ns-3.37 tree of
#     `./dualcc run --optimized` (built on the first call),
#   - the same helper with ns-3's own ns3::TcpVegas,
#   - the same with the whole 4 MiB send buffer of every flow written ahead
#     (PersistentFlowApplication::WriteAhead=0, the sources before the bound: the memory it saves),
#   - ns-2.35 (Debian's ns2) with ../shared/peers/ns2-five-class.tcl,
#   - the example built in the ns-3.37 tree of `./dualcc run --mpi=N` (optimized, --enable-mpi), on
#     1 rank (the sequential simulator) and on 2 ranks (mpirun -np 2: one network, R1 and R2 on
#     a rank each, the hosts balanced over the ranks by RankPartition, ns-3's distributed
#     simulator; mpi2r: every host with its router, --DualccMpiBalance=false),
# with glibc's allocator, tcmalloc or jemalloc preloaded, and with each of ns-3's event schedulers.
#
# Table 1, the reference scale (10 flows per class, 480 Mb/s, 20 s simulated): every variant,
# run round-robin REPEAT times (so that a slow spell of the machine hits every variant alike);
# each figure is the median of its REPEAT runs, the ratios are ratios of medians. A dualcc
# variant's CSV is compared with the baseline's (Debian's libraries, glibc, the testbed's
# scheduler): the build, the allocator and the scheduler must not change a digit.
# Table 2, the growth: 5, 10, 20, 50 flows per class (the bottleneck scaled as 48 Mb/s per flow of
# a class: 480 Mb/s at 10, 2.4 Gb/s at 50, the paper's scale), ns-2 against dualcc's default and
# fastest paths (all with tcmalloc, as ./dualcc runs them: Debian's libraries, the optimized tree,
# the MPI tree on 1 and 2 ranks), wall time and peak memory, each the median of GROWTH_REPEAT
# round-robin runs.
#
#   bench/five-class.sh                 # both tables (~80 min on 2 cores)
#   GROWTH_REPEAT=1 bench/five-class.sh # ~53 min (REPEAT=3: 31 min for table 1)
#   bench/five-class.sh --quick         # table 1 with one run per variant, no table 2
#   REPEAT=5 GROWTH="5 20" GROWTH_REPEAT=1 bench/five-class.sh
#
# Environment: REPEAT (default 3), GROWTH (default "5 10 20 50"), GROWTH_REPEAT (default 3),
# SIM_TIME (simulated seconds, default 20; measured over the second half),
# DUALCC_BUILD_DIR (default build; read by ./dualcc binary), NS2_SCRIPT (default ../shared/peers/ns2-five-class.tcl),
# BENCH_OPTIMIZED=0 (leave out the optimized tree), BENCH_MPI=0 (leave out the MPI tree),
# BENCH_ONLY="ns2 deb ..." (only these variants, by the names below; deb, the baseline, always
# runs), BENCH_KEEP=DIR (keep every run's output).
# Needs: the Debian packages ns2, time, libtcmalloc-minimal4, libjemalloc2 (installed if missing,
# through ./dualcc for tcmalloc; the others with apt-get when run as root).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NS2_SCRIPT="${NS2_SCRIPT:-$HERE/../shared/peers/ns2-five-class.tcl}"
REPEAT="${REPEAT:-3}"
GROWTH="${GROWTH:-5 10 20 50}"
GROWTH_REPEAT="${GROWTH_REPEAT:-3}"
SIM_TIME="${SIM_TIME:-20}"
quick=0
if [ "${1:-}" = "--quick" ]; then
    quick=1
    REPEAT=1
fi

die() { echo "bench: $*" >&2; exit 1; }
note() { echo "bench: $*" >&2; }

# Debian packages the variants need.
missing=()
for p in ns2 time libtcmalloc-minimal4 libjemalloc2; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    [ "$(id -u)" -eq 0 ] || die "install the Debian packages ${missing[*]} (apt-get install)"
    note "installing ${missing[*]}"
    apt-get install -y -q "${missing[@]}" >/dev/null
fi
[ -f "$NS2_SCRIPT" ] || die "no ns-2 script at $NS2_SCRIPT (set NS2_SCRIPT)"
library() { ldconfig -p | awk -v lib="$1" '$1 == lib { print $NF; exit }'; }
TCMALLOC=$(library libtcmalloc_minimal.so.4)
JEMALLOC=$(library libjemalloc.so.2)
[ -n "$TCMALLOC" ] && [ -n "$JEMALLOC" ] || die "ldconfig finds no tcmalloc or no jemalloc"

# The binaries: Debian's libraries (build/) and the optimized tree.
DEBIAN_BIN=$("$HERE/dualcc" binary vegas-five-class 2>/dev/null) ||
    die "could not build vegas-five-class (./dualcc binary vegas-five-class)"
OPT_BIN=""
if [ "${BENCH_OPTIMIZED:-1}" = 1 ]; then
    note "building the optimized tree's vegas-five-class (the first time builds ns-3.37: ~25 min)"
    OPT_BIN=$("$HERE/dualcc" binary --optimized vegas-five-class 2>/dev/null) ||
        die "could not build the optimized vegas-five-class (./dualcc binary --optimized vegas-five-class)"
fi

MPI_BIN=""
if [ "${BENCH_MPI:-1}" = 1 ]; then
    note "building the MPI tree's vegas-five-class (the first time builds ns-3.37: ~10 min)"
    MPI_BIN=$("$HERE/dualcc" binary --mpi vegas-five-class 2>/dev/null) ||
        die "could not build the MPI vegas-five-class (./dualcc binary --mpi vegas-five-class)"
fi
MPIRUN=(mpirun -np 2 --oversubscribe -x LD_PRELOAD)
[ "$(id -u)" -eq 0 ] && MPIRUN+=(--allow-run-as-root) # OpenMPI refuses root unless told

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
KEEP="${BENCH_KEEP:-}"
[ -n "$KEEP" ] && mkdir -p "$KEEP"

# Variants: a name, then the command (the word NS2 runs ns-2, MPI2 runs the rest under mpirun
# with 2 ranks; PRELOAD=<lib> preloads an allocator). BENCH_ONLY keeps the named ones.
declare -A COMMAND LABEL
variant() { # name label command...
    local name=$1 label=$2
    shift 2
    COMMAND[$name]="$*"
    LABEL[$name]="$label"
}
selected() { # always names... -> the names BENCH_ONLY keeps (all without it; always, always)
    local always=$1 name
    shift
    for name in "$@"; do
        if [ -z "${BENCH_ONLY:-}" ] || [ "$name" = "$always" ] || [[ " $BENCH_ONLY " == *" $name "* ]]; then
            printf '%s ' "$name"
        fi
    done
}

# run NAME FLOWS MBPS SEQ -> appends "wall_s peak_MB" to $WORK/NAME-FLOWS.times
run() {
    local name=$1 n=$2 mbps=$3 seq=$4 out="$WORK/$1-$2-$4" cmd preload=""
    read -r -a cmd <<<"${COMMAND[$name]}"
    if [[ "${cmd[0]}" == PRELOAD=* ]]; then
        preload=${cmd[0]#PRELOAD=}
        cmd=("${cmd[@]:1}")
    fi
    if [ "${cmd[0]}" = MPI2 ]; then
        cmd=("${MPIRUN[@]}" "${cmd[@]:1}")
    fi
    if [ "${cmd[0]}" = NS2 ]; then
        cmd=(ns "$NS2_SCRIPT" N="$n" C="$mbps" T="$SIM_TIME" meas=$((SIM_TIME / 2)))
    else
        cmd+=(--flowsPerClass="$n" --bottleneck="${mbps}Mbps" --simTime="${SIM_TIME}s" --warmup=$((SIM_TIME / 2))s
              --plot=none --progress=false --csv="$out.csv")
    fi
    (cd "$WORK" && LD_PRELOAD="$preload" /usr/bin/time -f "%e %M" -o "$out.time" "${cmd[@]}" \
        >"$out.stdout" 2>"$out.stderr") ||
        { tail -n 20 "$out.stderr" >&2; die "failed: ${cmd[*]}"; }
    awk '{ printf "%.2f %.1f\n", $1, $2 / 1024 }' "$out.time" >>"$WORK/$name-$n.times"
    [ -n "$KEEP" ] && cp "$out".* "$KEEP/" 2>/dev/null
    return 0
}

median() { # column file
    sort -n -k"$1" "$2" | awk -v c="$1" '{ v[NR] = $c } END {
        if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# round NAMES FLOWS MBPS REPEATS: run every variant once per round, REPEATS rounds.
rounds() {
    local n=$2 mbps=$3 reps=$4 r name
    local -a names
    read -r -a names <<<"$1"
    for ((r = 1; r <= reps; r++)); do
        for name in "${names[@]}"; do
            note "$n flows/class, round $r/$reps: ${LABEL[$name]}"
            run "$name" "$n" "$mbps" "$r"
        done
    done
}

# same_csv NAME BASE FLOWS: "yes" if every run of NAME wrote the CSV of BASE's first run.
same_csv() {
    local f
    [ -f "$WORK/$2-$3-1.csv" ] || { echo "-"; return; }
    for f in "$WORK/$1-$3"-*.csv; do
        cmp -s "$f" "$WORK/$2-$3-1.csv" || { echo "no"; return; }
    done
    echo "yes"
}

# max_diff NAME BASE FLOWS: the largest relative difference (%) between the simulation column of
# NAME's CSVs and BASE's first run.
max_diff() {
    local f worst=0 d
    [ -f "$WORK/$2-$3-1.csv" ] || { echo "-"; return; }
    for f in "$WORK/$1-$3"-*.csv; do
        d=$(awk -F, 'NR == FNR { if (FNR > 1) v[FNR] = $(NF - 1); next }
                     FNR > 1 && v[FNR] != 0 { d = ($(NF - 1) - v[FNR]) / v[FNR] * 100
                                              if (d < 0) d = -d; if (d > m) m = d }
                     END { printf "%.2f", m }' "$WORK/$2-$3-1.csv" "$f")
        worst=$(awk -v a="$worst" -v b="$d" 'BEGIN { print (b > a) ? b : a }')
    done
    echo "within $worst %"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

# --- the variants --------------------------------------------------------------------------------
variant ns2 "ns-2.35, Agent/TCP/Vegas" NS2
variant deb "dualcc TcpDualVegas, Debian ns-3.37, glibc malloc, CalendarScheduler (baseline)" "$DEBIAN_BIN"
variant deb_vegas "ns-3 TcpVegas on the same helper, Debian, glibc, Calendar" "$DEBIAN_BIN --tcp=ns3::TcpVegas"
variant deb_full "TcpDualVegas, Debian, glibc, Calendar, whole send buffer written (WriteAhead=0)" "$DEBIAN_BIN --ns3::PersistentFlowApplication::WriteAhead=0"
variant deb_tc "TcpDualVegas, Debian, tcmalloc (./dualcc run)" "PRELOAD=$TCMALLOC $DEBIAN_BIN"
variant deb_je "TcpDualVegas, Debian, jemalloc" "PRELOAD=$JEMALLOC $DEBIAN_BIN"
variant deb_map "TcpDualVegas, Debian, glibc, MapScheduler (ns-3's default)" "$DEBIAN_BIN --SchedulerType=ns3::MapScheduler"
variant deb_heap "TcpDualVegas, Debian, glibc, HeapScheduler" "$DEBIAN_BIN --SchedulerType=ns3::HeapScheduler"
variant deb_prio "TcpDualVegas, Debian, glibc, PriorityQueueScheduler" "$DEBIAN_BIN --SchedulerType=ns3::PriorityQueueScheduler"
reference=(ns2 deb deb_vegas deb_full deb_tc deb_je deb_map deb_heap deb_prio)
if [ -n "$MPI_BIN" ]; then
    variant mpi1 "TcpDualVegas, MPI tree (optimized), 1 rank, tcmalloc (./dualcc run --mpi=1)" "PRELOAD=$TCMALLOC $MPI_BIN"
    variant mpi2 "TcpDualVegas, MPI tree, 2 ranks, tcmalloc, balanced (--DualccMpiBalance=true; memory: the larger rank)" "PRELOAD=$TCMALLOC MPI2 $MPI_BIN --DualccMpiBalance=true"
    variant mpi2r "TcpDualVegas, MPI tree, 2 ranks, hosts with their routers (the default, ./dualcc run --mpi=2)" "PRELOAD=$TCMALLOC MPI2 $MPI_BIN --DualccMpiBalance=false"
    reference+=(mpi1 mpi2 mpi2r)
fi
if [ -n "$OPT_BIN" ]; then
    variant opt "TcpDualVegas, optimized ns-3.37, glibc, Calendar" "$OPT_BIN"
    variant opt_tc "TcpDualVegas, optimized, tcmalloc (./dualcc run --optimized)" "PRELOAD=$TCMALLOC $OPT_BIN"
    variant opt_je "TcpDualVegas, optimized, jemalloc" "PRELOAD=$JEMALLOC $OPT_BIN"
    variant opt_vegas "ns-3 TcpVegas, optimized, tcmalloc" "PRELOAD=$TCMALLOC $OPT_BIN --tcp=ns3::TcpVegas"
    reference+=(opt opt_tc opt_je opt_vegas)
fi

read -r -a reference <<<"$(selected deb "${reference[@]}")"

# --- table 1 -------------------------------------------------------------------------------------
rounds "${reference[*]}" 10 480 "$REPEAT"
cpu=$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -n 1)
echo "Five-class dumbbell, one host pair per flow, $SIM_TIME s simulated; $(nproc) cores, ${cpu:-unknown CPU}," \
     "$(date +%Y-%m-%d). Median of $REPEAT round-robin runs."
echo
echo "| variant | wall (s) | peak memory (MB) | × ns-2 | × baseline | CSV as baseline |"
echo "|---|---|---|---|---|---|"
ns2_wall=$(median 1 "$WORK/ns2-10.times")
deb_wall=$(median 1 "$WORK/deb-10.times")
for name in "${reference[@]}"; do
    wall=$(median 1 "$WORK/$name-10.times")
    mem=$(median 2 "$WORK/$name-10.times")
    same="-"
    case $name in
        ns2) ;;
        deb_vegas | opt_vegas) same="(other CC)" ;;
        mpi2 | mpi2r) same=$(max_diff "$name" deb 10) ;;
        *) same=$(same_csv "$name" deb 10) ;;
    esac
    echo "| ${LABEL[$name]} | $wall | $mem | $(ratio "$wall" "$ns2_wall") | $(ratio "$wall" "$deb_wall") | $same |"
done
echo
[ -f "$WORK/deb_vegas-10.times" ] &&
    echo "TcpDualVegas / TcpVegas (Debian): $(ratio "$deb_wall" "$(median 1 "$WORK/deb_vegas-10.times")")"
if [ -f "$WORK/opt_tc-10.times" ] && [ -f "$WORK/opt_vegas-10.times" ]; then
    echo "TcpDualVegas / TcpVegas (optimized, tcmalloc):" \
         "$(ratio "$(median 1 "$WORK/opt_tc-10.times")" "$(median 1 "$WORK/opt_vegas-10.times")")"
fi
for name in mpi2 mpi2r; do
    [ -f "$WORK/mpi1-10.times" ] && [ -f "$WORK/$name-10.times" ] &&
        echo "${LABEL[$name]}: $(ratio "$(median 1 "$WORK/mpi1-10.times")" "$(median 1 "$WORK/$name-10.times")") x 1 rank"
done
[ "$quick" = 1 ] && exit 0

# --- table 2 -------------------------------------------------------------------------------------
growth=(ns2 deb_tc)
[ -n "$OPT_BIN" ] && growth+=(opt_tc)
[ -n "$MPI_BIN" ] && growth+=(mpi1 mpi2)
read -r -a growth <<<"$(selected ns2 "${growth[@]}")"
declare -A HEADING=([deb_tc]="dualcc Debian + tcmalloc" [opt_tc]="dualcc optimized + tcmalloc"
                    [mpi1]="dualcc MPI tree, 1 rank" [mpi2]="dualcc MPI tree, 2 ranks")
echo
echo "Growth: flows per class n, bottleneck 48 n Mb/s. Median of $GROWTH_REPEAT round-robin runs" \
     "(at 10, table 1's $REPEAT)."
echo
printf '| flows/class | ns-2 (s, MB) |'
for name in "${growth[@]:1}"; do
    printf ' %s (s, MB) | × ns-2 |' "${HEADING[$name]}"
done
echo
printf '|---|---|'
for name in "${growth[@]:1}"; do
    printf '%s' '---|---|'
done
echo
for n in $GROWTH; do
    # 10 flows per class: table 1's runs (those it has).
    todo=()
    for name in "${growth[@]}"; do
        [ "$n" = 10 ] && [ -f "$WORK/$name-10.times" ] || todo+=("$name")
    done
    [ ${#todo[@]} -eq 0 ] || rounds "${todo[*]}" "$n" $((48 * n)) "$GROWTH_REPEAT"
    base=$(median 1 "$WORK/ns2-$n.times")
    printf '| %s | %s, %s |' "$n" "$base" "$(median 2 "$WORK/ns2-$n.times")"
    for name in "${growth[@]:1}"; do
        wall=$(median 1 "$WORK/$name-$n.times")
        printf ' %s, %s | %s |' "$wall" "$(median 2 "$WORK/$name-$n.times")" "$(ratio "$wall" "$base")"
    done
    echo
done
