#!/usr/bin/env python3
# vq-replay.py -- replay the AVQ law on the arrivals of an ns-2 bottleneck trace.
#
#   ns bench/ns2/avq-paper.tcl exp=5 gamma=1.0 shortRate=50 trace=/tmp/vq.tr
#   bench/ns2/vq-replay.py /tmp/vq.tr --gamma=1.0 [--ecnlim=0.8] [--rule=ns2|dualcc]
#
# The trace (ns-2's queue trace: "+" enqueue, "-" dequeue, "d" drop; time in field 2, size in
# bytes in field 6, packet id in field 12) gives every arrival at the bottleneck queue. The
# script runs the virtual queue and the virtual capacity C~ on those arrivals, in bytes and in
# dropping mode (avq-paper.tcl's era 2.35, exp=5), with
#   --rule=ns2:    ns-2.35's queue/vq.cc (Vq::enque): drain VQ at C~, add the packet, drop it if
#                  VQ > B (and take it out of VQ), then adapt C~ unless it was dropped there
#                  (Pktdrp: the time of the last adaptation is kept), capping at C after the
#                  decrement; then the real buffer drops if it is over B;
#   --rule=dualcc: AvqQueueDisc with UseEcn false (VirtualQueue::Adapt: tokens capped at C, then
#                  the counted size subtracted; a packet dropped for the virtual queue counts 0
#                  but the time of the adaptation moves on).
# It prints how many of its drop decisions differ from the trace's (with --rule=ns2 a check of
# the replay: ns-2 decided with the same law), the drops, the mean C~ / C and virtual queue over
# [--from, --to] s, and C~ / C and VQ every 10 s. alpha is vq.cc's hard-coded 0.15.
import argparse
import sys


def main():
    ap = argparse.ArgumentParser(description="replay the AVQ law on an ns-2 bottleneck trace")
    ap.add_argument("trace")
    ap.add_argument("--gamma", type=float, default=0.98, help="Vq gamma_ (0.98)")
    ap.add_argument("--ecnlim", type=float, default=0.8, help="Vq ecnlim_, C~(0) / C (0.8)")
    ap.add_argument("--alpha", type=float, default=0.15, help="vq.cc's alpha2 (0.15)")
    ap.add_argument("--buffer", type=int, default=100, help="qlim_, packets (100)")
    ap.add_argument("--pktsize", type=int, default=1000, help="mean_pktsize_, bytes (1000)")
    ap.add_argument("--rate", type=float, default=10e6, help="bottleneck, b/s (10e6)")
    ap.add_argument("--rule", choices=["ns2", "dualcc"], default="ns2")
    ap.add_argument("--from", dest="start", type=float, default=50.0, help="window start, s")
    ap.add_argument("--to", dest="stop", type=float, default=150.0, help="window end, s")
    a = ap.parse_args()

    events = [line.split() for line in open(a.trace)]
    traced_drops = {e[11] for e in events if e[0] == "d"}
    c = a.rate / 8.0  # bytes/s
    limit = a.buffer * a.pktsize  # bytes
    ctilde, vq, real = c * a.ecnlim, 0.0, 0
    last_adapt = last_drain = None
    mismatches = vq_drops = buffer_drops = 0
    samples, next_sample = [], 0.0
    for e in events:
        t, size, uid = float(e[1]), int(e[5]), e[11]
        while t >= next_sample:
            samples.append((next_sample, ctilde, vq))
            next_sample += 1.0
        if e[0] == "-":
            real -= size
            continue
        if e[0] != "+":
            continue
        real += size
        if last_adapt is None:
            last_adapt = last_drain = t
        vq = max(vq - ctilde * (t - last_drain), 0.0)
        last_drain = t
        vq += size
        dropped = vq > limit
        if dropped:
            vq -= size
            real -= size
            vq_drops += 1
        tokens = a.alpha * a.gamma * c * (t - last_adapt)
        if a.rule == "dualcc":
            ctilde = max(min(ctilde + tokens, c) - (0.0 if dropped else a.alpha * size), 0.0)
            last_adapt = t
        elif not dropped:
            ctilde = min(max(ctilde + tokens - a.alpha * size, 0.0), c)
            last_adapt = t
        if real > limit:
            real -= size
            dropped = True
            buffer_drops += 1
        mismatches += dropped != (uid in traced_drops)
    window = [s for s in samples if a.start < s[0] <= a.stop]
    if not window:
        sys.exit("vq-replay.py: error: no sample in (--from, --to]")
    print("rule %s: %d drop decisions differ from the trace's; drops %d (virtual %d, buffer %d), "
          "trace %d" % (a.rule, mismatches, vq_drops + buffer_drops, vq_drops, buffer_drops,
                        len(traced_drops)))
    print("over (%g, %g] s: mean C~/C %.4f, mean VQ %.1f packets" % (
        a.start, a.stop, sum(s[1] for s in window) / len(window) / c,
        sum(s[2] for s in window) / len(window) / a.pktsize))
    for t, ct, v in samples[::10]:
        print("t %5.0f s  C~/C %.4f  VQ %5.1f packets" % (t, ct / c, v / a.pktsize))


if __name__ == "__main__":
    main()
