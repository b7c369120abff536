# avq-paper.tcl -- ns-2 (2.35) peer of dualcc's AVQ-paper experiments.
#
# Kunniyur, Srikant, "Analysis and design of an adaptive virtual queue (AVQ) algorithm for
# active queue management" (SIGCOMM 2001), section 3 (our papers/avq-kunniyur-srikant.txt):
# Experiment 1 (AVQ, 180 FTP flows, 30 short flows/s from 100 s), 2 (N FTP flows, five
# AQMs), 3 (140 FTP flows, 105 leave at 100 s, 105 new ones at 150 s) and 4 (40 FTP flows,
# short flows at a rate), on the network dualcc's
# examples/experiments/aqm-experiment.cc builds:
#
#   src_i --100Mb/s, d_i-- R1 ==10Mb/s, 5 ms, AQM== R2 --100Mb/s, 1 ms-- dst_i  (a host pair per flow)
#   round-trip propagation delay of each FTP flow and each short-flow host uniform in
#   [minRtt, maxRtt] ms (d_i = rtt/2 - 6 ms); 1000-byte packets on the wire; ECN marking;
#   Agent/TCP/Reno with ecn_ 1, Agent/TCPSink (an ACK per packet); FTP flows start uniformly
#   in [0, startJitter] s; short flows: 20 hosts, each a Poisson process of rate shortRate/20
#   per second from shortStart, each flow a new Reno agent sending shortSize packets.
#
# Usage:  ns avq-paper.tcl [exp=1] [aqm=vq] [era=2.35] [seed=1] [key=value ...]
#   exp         1, 2, 3, 4 or 5 (the paper's experiments; the defaults below follow it; 5 is 4
#               with dropping, FTP flows on Agent/TCP/Newreno, every buffer 100 packets)
#   aqm         vq (the authors' AVQ, queue/vq.cc), red, rem, pi, gk (exp=1: vq only)
#   era         2.35: ns-2.35's defaults (windowInit_ 2, syn_ true, tcpTick_ 0.01, minrto_ 0.2,
#               40-byte headers added: packetSize_ 960 so that 1000 bytes go on the wire, Vq and
#               RED in bytes, RED q_weight_ automatic);
#               2.1b8: the paper's era (doc/validation.rst, dualcc-ns2-red-reno): windowInit_ 1,
#               syn_ false, tcpTick_ 0.1, minrto_ 0 (none), rfc2988_ false, rtxcur_init_ 6,
#               singledup_ 0, no headers (packetSize_ 1000), Vq in packets, RED q_weight_ 0.002
#               in packets
#   seed        RNG seed (RTTs, start times, short-flow arrivals)
#   flows       FTP flows (exp 1: 180; 2: 20; 3: 140; 4: 40)
#   moving      exp 3: how many of them stop at leave and how many new ones start at return (105)
#   leave return   exp 3: when they stop, when the new ones start (uniformly in
#               [return, return + startJitter]), s (100, 150)
#   shortRate   short flows per second, all hosts (exp 1: 30; 2, 3: 0; 4: 10)
#   shortSize   packets per short flow (20, the paper's Exp. 4 size)
#   shortStart  first short-flow arrival, s (exp 1: 100; 4: converge = 50)
#   T           simulated time, s (exp 1, 3: 200; 2: 100; 4: 150)
#   warmup      start of the measurement, s (exp 1, 3: 0; 2: 10; 4: 50)
#   buffer      real buffer, packets (100; AVQ in exp 2, 3 and 4: 50, as aqm-comparison)
#   startJitter FTP start spread, s (1)
#   minRtt maxRtt  round-trip propagation range, ms (40, 130)
#   gamma       Vq gamma_ (0.98)
#   ecnlim      Vq ecnlim_ = C~(0) / C (ns-2's default 0.8), or GK theta (0.90)
#   theta       GK ecnlim_ (0.90, the paper's theta)
#   windowInit  override Agent/TCP windowInit_ (default: the era's)
#   syn         override Agent/TCP syn_ (default: the era's)
#   tick        override Agent/TCP tcpTick_ (default: the era's)
#   minrto      override Agent/TCP minrto_ (default: the era's)
#   vqBytes     override Vq queue_in_bytes_ (default: the era's)
#   mark        1: ECN marking (the paper's Exp. 1-4); 0: dropping (Exp. 5's default)
#   marks       1: count CE marks at the bottleneck (a trace piped to awk; ~20 % slower); 0: off
#   trace       with marks=1, also keep that trace of the bottleneck (ns-2's queue trace format:
#               + enqueue, - dequeue, d drop, r receive) in this file, e.g. to replay vq.cc's
#               virtual queue offline ("": none)
#   dt          queue sampling period, s (0.01, as dualcc's samplingInterval)
#   set         extra class defaults set last, comma-separated Class.var_=value, e.g.
#               set=Queue/RED.gentle_=false,Agent/TCP.window_=1000 (one lever at a time)
#   bin         if > 0, also print drops and queue mean per bin of this many seconds
#               (entity "a-b s"), to see where in time the drops fall (0: off)
#
# Output: CSV lines "quantity,entity,value" (units in the quantity), entity "bottleneck" or
# the window ("before" = [warmup, shortStart], "after" = [shortStart, T], "all" =
# [warmup, T]; exp 2 and 4 have only "all"; exp 3 has its phases "0-leave s", "leave-return s",
# "return-T s" and "all"): queue mean and std in packets over 10 ms
# samples, arrivals, drops, marks, utilisation (departed bytes / C per window), loss rate
# (drops / arrivals), short flows started and completed. Unknown keys are refused.

# ---------------------------------------------------------------- arguments
array set P {exp 1 aqm vq era 2.35 seed 1 flows "" moving 105 leave 100 return 150
    shortRate "" shortSize 20 shortStart ""
    T "" warmup "" buffer "" startJitter 1 minRtt 40 maxRtt 130 gamma 0.98 ecnlim 0.8
    theta 0.90 windowInit "" syn "" tick "" minrto "" vqBytes "" mark "" marks 1 trace "" dt 0.01 bin 0 set ""}
foreach a $argv {
    if {[regexp {^([A-Za-z_]+)=(.*)$} $a -> k v]} {
        if {![info exists P($k)]} {
            puts stderr "avq-paper.tcl: error: unknown argument '$k'; valid: [lsort [array names P]]"
            exit 1
        }
        set P($k) $v
    } else {
        puts stderr "avq-paper.tcl: error: arguments are key=value, got '$a'"
        exit 1
    }
}
proc fail {msg} { puts stderr "avq-paper.tcl: error: $msg"; exit 1 }
if {[lsearch {1 2 3 4 5} $P(exp)] < 0} { fail "exp must be 1, 2, 3, 4 or 5 (got $P(exp))" }
if {[lsearch {vq red rem pi gk} $P(aqm)] < 0} { fail "aqm must be vq, red, rem, pi or gk" }
if {[lsearch {2.35 2.1b8} $P(era)] < 0} { fail "era must be 2.35 or 2.1b8" }
if {$P(exp) == 1 && $P(aqm) != "vq"} { fail "exp=1 is AVQ's experiment: aqm=vq" }

# the experiment's defaults (dualcc: avq-experiment1, aqm-comparison --experiment=2|4)
array set D1 {flows 180 shortRate 30 shortStart 100 T 200 warmup 0}
array set D2 {flows 20 shortRate 0 shortStart 100 T 100 warmup 10}
array set D3 {flows 140 shortRate 0 shortStart 200 T 200 warmup 0}
array set D4 {flows 40 shortRate 10 shortStart 50 T 150 warmup 50}
array set D5 [array get D4]
if {$P(mark) == ""} { set P(mark) [expr {$P(exp) != 5}] }
foreach k {flows shortRate shortStart T warmup} {
    if {$P($k) == ""} { set P($k) [set D$P(exp)($k)] }
}
if {$P(buffer) == ""} {
    set P(buffer) [expr {[lsearch {2 3 4} $P(exp)] >= 0 && $P(aqm) == "vq" ? 50 : 100}]
}
if {$P(exp) == 3 && !($P(moving) <= $P(flows) && $P(leave) < $P(return) && $P(return) < $P(T))} {
    fail "exp=3 needs moving <= flows and leave < return < T"
}

set ns [new Simulator]
global defaultRNG
$defaultRNG seed $P(seed)
set rng [new RNG]; $rng seed $P(seed)

# ---------------------------------------------------------------- the era's defaults
set C 10.0e6           ;# bottleneck, b/s
set WIRE 1000          ;# bytes per data packet on the wire
set old [expr {$P(era) == "2.1b8"}]
array set E [list windowInit [expr {$old ? 1 : 2}] syn [expr {$old ? "false" : "true"}] \
    tick [expr {$old ? 0.1 : 0.01}] minrto [expr {$old ? 0 : 0.2}] \
    vqBytes [expr {$old ? "false" : "true"}]]
foreach k {windowInit syn tick minrto vqBytes} {
    if {$P($k) == ""} { set P($k) $E($k) }
}
Agent/TCP set ecn_ $P(mark)
Agent/TCP set windowInit_ $P(windowInit)
Agent/TCP set syn_ $P(syn)
Agent/TCP set tcpTick_ $P(tick)
Agent/TCP set minrto_ $P(minrto)
if {$old} {
    Agent/TCP set useHeaders_ false
    Agent/TCP set packetSize_ $WIRE
    Agent/TCP set rfc2988_ false
    Agent/TCP set rtxcur_init_ 6.0
    Agent/TCP set singledup_ 0
    Queue/RED set q_weight_ 0.002
    Queue/RED set bytes_ false
    Queue/RED set queue_in_bytes_ false
} else {
    Agent/TCP set packetSize_ [expr {$WIRE - [Agent/TCP set tcpip_base_hdr_size_]}]
}
# the paper's AQM settings (dualcc: aqm-experiment.h's Settings)
Queue/Vq set markpkts_ [expr {$P(mark) ? "true" : "false"}]
Queue/Vq set gamma_ $P(gamma)
Queue/Vq set ecnlim_ $P(ecnlim)
Queue/Vq set queue_in_bytes_ $P(vqBytes)
Queue/Vq set mean_pktsize_ $WIRE
Queue/RED set thresh_ 37
Queue/RED set maxthresh_ 75
Queue/RED set gentle_ true
Queue/RED set setbit_ [expr {$P(mark) ? "true" : "false"}]
Queue/RED set mean_pktsize_ [expr {$old ? 500 : $WIRE}]
Queue/REM set pbo_ 50
Queue/REM set markpkts_ [expr {$P(mark) ? "true" : "false"}]
Queue/PI set qref_ 50
Queue/PI set setbit_ [expr {$P(mark) ? "true" : "false"}]
Queue/GK set ecnlim_ $P(theta)
Queue/GK set mean_pktsize_ $WIRE
foreach s [split $P(set) ,] {
    if {![regexp {^([A-Za-z/]+)\.([A-Za-z0-9_]+)=(.+)$} $s -> cls var val]} {
        fail "set: '$s' is not Class.var_=value"
    }
    if {[catch {$cls set $var $val} err]} { fail "set: $s: $err" }
}

# ---------------------------------------------------------------- topology
set aqmClass [dict get {vq Vq red RED rem REM pi PI gk GK} $P(aqm)]
set r1 [$ns node]; set r2 [$ns node]
$ns simplex-link $r1 $r2 10Mb 5ms $aqmClass
$ns simplex-link $r2 $r1 10Mb 5ms DropTail
$ns queue-limit $r1 $r2 $P(buffer)
$ns queue-limit $r2 $r1 100000
set qmon [$ns monitor-queue $r1 $r2 0]

# a host pair with round-trip propagation rtt (ms): returns {src dst}
proc hostPair {rtt} {
    global ns r1 r2
    set s [$ns node]; set d [$ns node]
    $ns duplex-link $s $r1 100Mb [expr {$rtt / 2.0 - 6.0}]ms DropTail
    $ns duplex-link $r2 $d 100Mb 1ms DropTail
    $ns queue-limit $s $r1 100000
    return [list $s $d]
}
proc drawRtt {} {
    global rng P
    return [expr {$P(minRtt) + [$rng uniform 0 1] * ($P(maxRtt) - $P(minRtt))}]
}

# the paper's FTP flows: Reno (Exp. 1-4), NewReno (Exp. 5); its short flows: Reno
set ftpTcp [expr {$P(exp) == 5 ? "Agent/TCP/Newreno" : "Agent/TCP/Reno"}]
# an FTP flow on a new host pair, started uniformly in [start, start + startJitter]: its FTP
proc ftpFlow {start} {
    global ns ftpTcp rng P
    lassign [hostPair [drawRtt]] s d
    set tcp [new $ftpTcp]
    set sink [new Agent/TCPSink]
    $ns attach-agent $s $tcp; $ns attach-agent $d $sink; $ns connect $tcp $sink
    set ftp [new Application/FTP]; $ftp attach-agent $tcp
    $ns at [expr {$start + [$rng uniform 0 1] * $P(startJitter)}] "$ftp start"
    return $ftp
}
for {set i 0} {$i < $P(flows)} {incr i} {
    set ftp [ftpFlow 0]
    # exp 3 (aqm-comparison's groups): the last `moving` flows stop at leave
    if {$P(exp) == 3 && $i >= $P(flows) - $P(moving)} { $ns at $P(leave) "$ftp stop" }
}
if {$P(exp) == 3} {
    for {set i 0} {$i < $P(moving)} {incr i} { ftpFlow $P(return) }
}

# ---------------------------------------------------------------- short flows
set SHORT_HOSTS 20
set shortStarted 0; set shortDone 0
proc shortArrival {h} {
    global ns rng P shortHost shortStarted SHORT_HOSTS
    lassign $shortHost($h) s d
    set tcp [new Agent/TCP/Reno]
    set sink [new Agent/TCPSink]
    $ns attach-agent $s $tcp; $ns attach-agent $d $sink; $ns connect $tcp $sink
    # counted when it has sent everything (a per-object proc: the FTP flows are Reno too)
    $tcp proc done {} { global shortDone; incr shortDone }
    $tcp advanceby $P(shortSize)
    incr shortStarted
    set next [expr {[$ns now] + [$rng exponential [expr {$SHORT_HOSTS / double($P(shortRate))}]]}]
    if {$next < $P(T)} { $ns at $next "shortArrival $h" }
}
if {$P(shortRate) > 0} {
    for {set h 0} {$h < $SHORT_HOSTS} {incr h} {
        set shortHost($h) [hostPair [drawRtt]]
        set first [expr {$P(shortStart) + \
            [$rng exponential [expr {$SHORT_HOSTS / double($P(shortRate))}]]}]
        if {$first < $P(T)} { $ns at $first "shortArrival $h" }
    }
}

# ---------------------------------------------------------------- measurement
# CE marks: packets received at R2 over the bottleneck with the CE flag ('E', trace.cc)
set markCount(before) 0; set markCount(after) 0
if {$P(marks)} {
    set tee [expr {$P(trace) == "" ? "" : "tee $P(trace) |"}]
    set tf [open "| $tee awk -v s=$P(shortStart) -v w=$P(warmup) {\$1==\"r\" && \$7 ~ /E/ && \$2>=w {if (\$2<s) b++; else a++} END {print b+0, a+0}} > /tmp/avq-paper-marks.$P(seed).[pid]" w]
    $ns trace-queue $r1 $r2 $tf
}
set windows [expr {$P(exp) == 1 ? {before after all} : {all}}]
array set from [list before $P(warmup) after $P(shortStart) all $P(warmup)]
array set to [list before $P(shortStart) after $P(T) all $P(T)]
if {$P(exp) == 3} {
    foreach {a b} [list 0 $P(leave) $P(leave) $P(return) $P(return) $P(T)] {
        set w [format {%g-%g s} $a $b]
        lappend windows $w
        set from($w) $a; set to($w) $b
    }
}
if {$P(bin) > 0} {
    for {set b 0.0} {$b < $P(T) - 1e-9} {set b [expr {$b + $P(bin)}]} {
        set w [format {%g-%g s} $b [expr {min($b + $P(bin), $P(T))}]]
        lappend windows $w
        set from($w) $b; set to($w) [expr {min($b + $P(bin), $P(T))}]
    }
}
foreach w $windows { set n($w) 0; set sum($w) 0.0; set sq($w) 0.0 }
proc snapshot {} {
    global qmon
    return [list [$qmon set parrivals_] [$qmon set pdrops_] [$qmon set bdepartures_]]
}
proc sample {} {
    global ns qmon P windows from to n sum sq snap
    set t [$ns now]
    foreach w $windows {
        if {abs($t - $from($w)) < 1e-9} { set snap(from,$w) [snapshot] }
        if {abs($t - $to($w)) < 1e-9} { set snap(to,$w) [snapshot] }
        # dualcc's windows: samples k with from < k dt <= to
        if {$t > $from($w) + 1e-9 && $t <= $to($w) + 1e-9} {
            set q [$qmon set pkts_]
            incr n($w); set sum($w) [expr {$sum($w) + $q}]; set sq($w) [expr {$sq($w) + $q * $q}]
        }
    }
    set next [expr {round($t / $P(dt) + 1) * $P(dt)}]
    if {$next <= $P(T) + 1e-9} { $ns at $next "sample" }
}
$ns at 0.0 "sample"

proc finish {} {
    global ns P windows from to n sum sq snap C shortStarted shortDone tf markCount
    set tag "exp=$P(exp) aqm=$P(aqm) era=$P(era) seed=$P(seed)"
    puts "# ns-2.35 avq-paper.tcl $tag"
    if {$P(marks)} {
        $ns flush-trace; close $tf
        set f [open /tmp/avq-paper-marks.$P(seed).[pid]]; lassign [gets $f] mb ma; close $f
        file delete /tmp/avq-paper-marks.$P(seed).[pid]
        set markCount(before) $mb; set markCount(after) $ma
        set markCount(all) [expr {$mb + $ma}]
    }
    foreach w $windows {
        set m [expr {$sum($w) / $n($w)}]
        set sd [expr {sqrt(max(0.0, $sq($w) / $n($w) - $m * $m))}]
        lassign $snap(from,$w) a0 d0 b0
        lassign $snap(to,$w) a1 d1 b1
        set arr [expr {$a1 - $a0}]; set drops [expr {$d1 - $d0}]
        puts [format "queue mean (packets),%s,%.2f" $w $m]
        puts [format "queue std (packets),%s,%.2f" $w $sd]
        puts "arrivals (packets),$w,$arr"
        puts "drops (packets),$w,$drops"
        if {$P(marks) && [info exists markCount($w)]} { puts "marks (packets),$w,$markCount($w)" }
        puts [format "utilisation (fraction of C),%s,%.4f" $w \
            [expr {($b1 - $b0) * 8.0 / ($C * ($to($w) - $from($w)))}]]
        puts [format "loss rate (drops / arrivals),%s,%.5f" $w [expr {$arr > 0 ? $drops / double($arr) : 0}]]
    }
    puts "short flows started (flows),all,$shortStarted"
    puts "short flows completed (flows),all,$shortDone"
    exit 0
}
$ns at [expr {$P(T) + 1e-6}] "finish"
$ns run
