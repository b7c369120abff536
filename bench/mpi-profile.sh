#!/usr/bin/env bash
# Per-rank profile of an example on MPI ranks: where each rank's time goes, and what speed-up
# the partition allows. Builds the example in the MPI tree (./dualcc binary --mpi) and
# bench/mpi-rank-profile.cc (a PMPI shim, with mpicxx), then runs the example
#   - on 1 rank (the sequential simulator): its CPU time (user + system),
#   - on N ranks (mpirun -np N, default 2) with the shim and tcmalloc preloaded, once per
#     partition given (default: the balanced one, then --DualccMpiBalance=false),
# and prints, per rank, the events it executed and its CPU time split into work (outside MPI)
# and in MPI (polling while it waits for the others: OpenMPI spins), with the packets it sent to
# other ranks and the synchronisation windows (DUALCC_RANK_TIMES lines from the example,
# mpi-profile lines from the shim). The speed-up bounds: the ranks' events sum / max (exact,
# independent of the machine's load) and the 1-rank CPU time over the busiest rank's work.
#
#   bench/mpi-profile.sh                                  # vegas-five-class, 10 flows/class
#   RANKS=2 bench/mpi-profile.sh vegas-five-class --flowsPerClass=50 --bottleneck=2.4Gbps
#   PARTITIONS="--DualccMpiBalance=true" bench/mpi-profile.sh fast-dynamic --scale=0.125
#
# Wall times of a loaded machine are upper bounds; CPU times are inflated too when the ranks
# share their cores with other work (each window's polling yields the core), the events not.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RANKS="${RANKS:-2}"
PARTITIONS="${PARTITIONS:---DualccMpiBalance=true --DualccMpiBalance=false}"
example="${1:-vegas-five-class}"
[ $# -gt 0 ] && shift
args=("$@")
[ ${#args[@]} -eq 0 ] && args=(--flowsPerClass=10 --bottleneck=480Mbps --simTime=20s --warmup=10s)

die() { echo "mpi-profile: $*" >&2; exit 1; }
binary=$("$HERE/dualcc" binary --mpi "$example" 2>/dev/null) ||
    die "could not build $example (./dualcc binary --mpi $example)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mpicxx -O2 -shared -fPIC -o "$work/libmpi-rank-profile.so" "$HERE/bench/mpi-rank-profile.cc" ||
    die "mpicxx could not build bench/mpi-rank-profile.cc (Debian: libopenmpi-dev)"
tcmalloc=$(ldconfig -p | awk '$1 == "libtcmalloc_minimal.so.4" { print $NF; exit }')
mpirun=(mpirun -np "$RANKS" --oversubscribe -x LD_PRELOAD -x DUALCC_RANK_TIMES)
[ "$(id -u)" -eq 0 ] && mpirun+=(--allow-run-as-root)
export DUALCC_RANK_TIMES=1

echo "$example ${args[*]}; $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%FT%TZ)"
LD_PRELOAD="$tcmalloc" /usr/bin/time -f "%e %U %S" -o "$work/one.time" \
    "$binary" "${args[@]}" --plot=none --csv="$work/one.csv" >"$work/one.out" 2>"$work/one.err" ||
    { tail -n 20 "$work/one.err" >&2; die "the 1-rank run failed"; }
read -r wall user sys <"$work/one.time"
one_cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
echo "1 rank: wall $wall s, cpu $one_cpu s"
for partition in $PARTITIONS; do
    LD_PRELOAD="$work/libmpi-rank-profile.so $tcmalloc" /usr/bin/time -f "%e" -o "$work/n.time" \
        "${mpirun[@]}" "$binary" "${args[@]}" "$partition" --plot=none --csv="$work/n.csv" \
        >"$work/n.out" 2>"$work/n.err" ||
        { tail -n 20 "$work/n.err" >&2; die "the $RANKS-rank run ($partition) failed"; }
    echo "$RANKS ranks, $partition: wall $(cat "$work/n.time") s"
    grep -E '^(rank|ranks:) ' "$work/n.err" | sed 's/^/  /'
    grep '^mpi-profile: ' "$work/n.err" | sort | sed 's/^mpi-profile: /  /'
    awk -v one="$one_cpu" '/^mpi-profile: / { match($0, /work [0-9.]+/)
                                            w = substr($0, RSTART + 5, RLENGTH - 5) + 0
                                            if (w > most) most = w }
        END { if (most > 0) printf "  1-rank cpu / busiest rank'"'"'s work: %.2f\n", one / most }' "$work/n.err"
    if cmp -s "$work/one.csv" "$work/n.csv"; then
        echo "  CSV: the same as 1 rank's"
    else
        python3 - "$work/one.csv" "$work/n.csv" <<'PY'
import csv, sys
one, two = ([r for r in csv.reader(open(p))][1:] for p in sys.argv[1:])
worst = max((abs(float(b[3]) - float(a[3])) / abs(float(a[3])) * 100, a[0] + ", " + a[1])
            for a, b in zip(one, two) if a[3] not in ("", "0") and b[3] != "")
print(f"  CSV: largest difference from 1 rank's {worst[0]:.2f} % ({worst[1]})")
PY
    fi
done
