#! /usr/bin/env python3
## -*- Mode: python; py-indent-offset: 4; indent-tabs-mode: nil; coding: utf-8; -*-

# A list of C++ examples to run in order to ensure that they remain
# buildable and runnable over time.  Each tuple in the list contains
#
#     (example_name, do_run, do_valgrind_run).
#
# See test.py for more information.
#
# dualcc: every example of examples/CMakeLists.txt appears at least once (the CTest test
# "dualcc-source-lists" checks it), with arguments small enough to run in a few seconds: this
# is a smoke test, not a reproduction of the papers (doc/validation.rst has those runs).
#  * Inside ns-3, ./test.py runs these (./test.py --no-build --constrain=example; --nowaf on
#    waf releases) from testpy-output/<date>/ in the ns-3 tree, so a file of the module is
#    ../../contrib/dualcc/examples/<file>. The standalone build runs them the same way, as the
#    CTest tests "example <name> <arguments>", from build/testpy-output/examples/, next to a
#    build/contrib/dualcc/examples link to examples/.
#  * Standalone, do_run and do_valgrind_run must be "True" or "False".
#  * --plot=none: no files written. No character that starts a comment may appear in a
#    string: ns-3's parser (utils.py, get_list_from_file) cuts every line there.
#  * --pcap and --flowmon write into the working directory (ns-3's testpy-output).
#  * usage-<name> is doc/usage/<name>.cc, the usage program of an algorithm's page.
#  * The plain-* examples (ns-3 helpers only) run with --check: they exit 1 when a simulated figure
#    leaves its tolerance around the model; they run with their default 1500-byte packets.
#  * Examples that fork workers (ParallelSweep: vegas-buffer-sweep, aqm-comparison) use two
#    jobs and are not run under valgrind.
#  * aqm-comparison --check (last, so that the earlier entries keep their numbers): the smallest
#    scale measured where the AVQ paper's claims hold (12 simulations; 93 s wall on two cores
#    loaded eight times over, the one entry well above a few seconds).
cpp_examples = [
    ("duality-model-demo", "True", "True"),
    ("duality-model-demo --fairness=wpf --flowsPerClass=5", "True", "True"),
    ("avq-design", "True", "True"),
    ("avq-design --utilization=0.98 --flows=172.34", "True", "True"),
    ("pi-design", "True", "True"),
    ("pi-design --linkRate=10 --packetSize=1000 --flows=40 --rtt=0.13 --samplingFrequency=170", "True", "True"),
    ("vegas-five-class --flowsPerClass=2 --bottleneck=20Mbps --simTime=6s --warmup=3s --plot=none", "True", "True"),
    ("vegas-five-class --fairness=wpf --flowsPerClass=2 --bottleneck=20Mbps --simTime=6s --warmup=3s --plot=none", "True", "False"),
    ("vegas-five-class --tcp=ns3::TcpVegas --flowsPerClass=2 --bottleneck=20Mbps --simTime=6s --warmup=3s --plot=none", "True", "False"),
    ("vegas-six-class --flowsPerClass=2 --bottleneck=20Mbps --simTime=6s --warmup=3s --plot=none", "True", "False"),
    ("vegas-network --topology=../../contrib/dualcc/examples/six-class.topology --simTime=1s --warmup=0.5s --plot=none", "True", "False"),
    ("vegas-persistent-congestion --sources=2 --period=2s --plot=none", "True", "False"),
    ("vegas-rem --rtts=10ms,20ms --period=2s --plot=none", "True", "False"),
    ("vegas-fairness --n=3 --interval=1s --settle=5s --duration=15s --plot=none", "True", "True"),
    ("vegas-fairness --n=3 --interval=1s --settle=5s --duration=15s --alpha=1 --beta=3 --jitter=1 --plot=none", "True", "False"),
    ("vegas-buffer-sweep --flows=10 --bottleneck=4.8Mbps --duration=10s --buffers=4,30 --jobs=2 --plot=none", "True", "False"),
    ("avq-experiment1 --ftpFlows=20 --shortRate=10 --shortStart=10s --duration=20s --plot=none", "True", "False"),
    ("aqm-comparison --experiment=all --flows=5 --duration2=5s --warmup2=1s --leave3=2s --return3=4s --duration3=6s --converge=2s --measure=3s --rates=5 --jobs=2 --plot=none", "True", "False"),
    ("monaco-dynamic --duration=22s --settling=1s --plot=none", "True", "False"),
    ("monaco-dynamic --aqm=avd --buffer=55 --duration=22s --settling=1s --plot=none", "True", "False"),
    ("monaco-dynamic --aqm=avd-fifo --buffer=55 --duration=22s --settling=1s --plot=none", "True", "False"),
    ("monaco-web --duration=10s --webStart=6s --connections=100 --settling=1s --plot=none", "True", "False"),
    ("fast-dynamic --scale=0.03125 --stage=2s --duration=10s --settling=1s --plot=none", "True", "False"),
    ("fast-dynamic --variant=all --scale=0.03125 --stage=1s --duration=5s --settling=0.5s --plot=none", "True", "False"),
    ("fast-sweeps --sweep=capacity --points=250Mbps,1Gbps --maxCapacity=5Mbps --simTime=4s --warmup=2s --jobs=2 --plot=none", "True", "False"),
    ("fast-sweeps --sweep=delay --points=20ms,200ms --algorithms=fast,pi --maxCapacity=2Mbps --simTime=2s --warmup=1s --plot=none", "True", "False"),
    ("fast-mice --scale=0.02 --duration=6s --warmup=2s --plot=none", "True", "False"),
    ("monaco-two-bottleneck --plot=none", "True", "False"),
    ("monaco-rtt-change --flows=2 --change=6s --duration=12s --settling=2s --plot=none", "True", "False"),
    ("acc-policies --duration=6s --settling=3s --plot=none", "True", "False"),
    ("monaco-parking-lot --points=2,3 --duration=4s --settling=2s --jobs=2 --plot=none", "True", "False"),
    ("monaco-reverse-path --flows=2 --reverseRates=5 --duration=4s --warmup=2s --jobs=2 --plot=none", "True", "False"),
    ("vegas-rem --rtts=10ms,20ms --period=2s --plot=none --pcap=bottleneck --flowmon=vegas-rem-flows.xml", "True", "False"),
    ("usage-tcp-dual-vegas --simTime=3s", "True", "False"),
    ("usage-aqm --aqm=avq --simTime=3s", "True", "False"),
    ("usage-aqm --aqm=pi --simTime=3s", "True", "False"),
    ("usage-aqm --aqm=rem --simTime=3s", "True", "False"),
    ("plain-fast-delay --simTime=20s --warmup=10s --flowmon=plain-fast-delay.xml --csv=plain-fast-delay.csv --check", "True", "False"),
    ("plain-fast-delay --flows=2 --simTime=2s --warmup=1s --pcap=plain-fast-delay", "True", "False"),
    ("plain-vegas-rem --simTime=30s --warmup=20s --check", "True", "False"),
    ("plain-newreno-aqm --aqm=avq --check", "True", "False"),
    ("plain-newreno-aqm --aqm=pi --check", "True", "False"),
    ("plain-newreno-aqm --aqm=rem-qref --check", "True", "False"),
    ("plain-newreno-aqm --aqm=gkvq --check", "True", "False"),
    ("plain-fast-ecn --flowmon=plain-fast-ecn.xml --csv=plain-fast-ecn.csv --check", "True", "False"),
    ("plain-monaco --csv=plain-monaco.csv --check", "True", "False"),
    ("plain-monaco --flows=2 --simTime=2s --warmup=1s --pcap=plain-monaco", "True", "False"),
    ("usage-monaco", "True", "False"),
    ("usage-fast-ecn", "True", "False"),
    ("plain-duality-model --simTime=20s --warmup=10s --csv=plain-duality-model.csv --check", "True", "False"),
    ("aqm-comparison --experiment=2,4 --flows=60 --rates=30 --duration2=40s --warmup2=10s --converge=20s --measure=30s --jobs=2 --plot=none --check", "True", "False"),
    ("fast-dynamic --engine=fluid --variant=delay --scale=0.03125 --stage=2s --duration=10s --settling=1s --plot=none", "True", "False"),
    ("fast-dynamic --fluid --scale=0.03125 --stage=2s --duration=10s --settling=1s --plot=none", "True", "False"),
    ("monaco-dynamic --engine=fluid --duration=22s --settling=1s --plot=none", "True", "False"),
    ("fluid-stability --sweep=fast-alpha,pi --plot=none", "True", "False"),
    ("vegas-mice --flowsPerClass=2 --micePerClass=2 --fileSize=100 --offTime=1s --bottleneck=20Mbps --simTime=6s --warmup=3s --plot=none", "True", "False"),
    ("vegas-fairness --n=3 --interval=1s --settle=5s --duration=15s --keepBackoff --timer=rfc6298 --plot=none", "True", "False"),
    ("vegas-persistent-congestion --fluid --sources=2 --period=2s --plot=none", "True", "False"),
    ("aqm-comparison --experiment=3 --fluid --leave3=2s --return3=4s --duration3=6s --jobs=2 --plot=none", "True", "False"),
    ("aqm-comparison --experiment=3 --engine=fluid --leave3=2s --return3=4s --duration3=6s --jobs=2 --plot=none", "True", "False"),
    ("fast-dynamic --engine=fluid --variant=newreno-red --scale=0.03125 --stage=2s --duration=10s --settling=1s --plot=none", "True", "False"),
    ("vegas-persistent-congestion --engine=fluid --sources=2 --period=2s --plot=none", "True", "False"),
    ("monaco-dynamic --engine=fluid --aqm=avd --buffer=55 --duration=22s --settling=1s --plot=none", "True", "False"),
    ("vegas-rem --engine=fluid --rtts=10ms,20ms --period=2s --plot=none", "True", "False"),
    ("monaco-two-bottleneck --engine=fluid --plot=none", "True", "False"),
    ("fast-mice --scale=0.02 --duration=6s --warmup=2s --rampModel --plot=none", "True", "False"),
    ("vegas-five-class --engine=fluid --flowsPerClass=2 --bottleneck=20Mbps --simTime=6s --warmup=3s --plot=none", "True", "False"),
    ("vegas-five-class --fluid --flowsPerClass=2 --bottleneck=20Mbps --simTime=6s --warmup=3s --plot=none", "True", "False"),
]

# A list of Python examples to run in order to ensure that they remain
# runnable over time.  Each tuple in the list contains
#
#     (example_name, do_run).
#
# See test.py for more information.
python_examples = []
