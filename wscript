# -*- Mode: python; py-indent-offset: 4; indent-tabs-mode: nil; coding: utf-8; -*-
# dualcc for waf-built ns-3 (3.35 and older). Keep these lists identical to CMakeLists.txt:
# the CTest test "dualcc-source-lists" compares them.


def build(bld):
    module = bld.create_ns3_module('dualcc', ['core', 'network', 'internet', 'traffic-control',
                                              'point-to-point', 'applications',
                                              'nix-vector-routing', 'stats'])
    module.source = [
        'helper/buffer-sweep-helper.cc',
        'helper/aqm-experiment-helper.cc',
        'helper/comparison-table.cc',
        'helper/experiment-runner.cc',
        'helper/five-class-helper.cc',
        'helper/ipv4-flat-routing-helper.cc',
        'helper/ipv4-subnet-allocator.cc',
        'helper/network-description.cc',
        'helper/network-helper.cc',
        'helper/parallel-sweep.cc',
        'helper/plot-writer.cc',
        'helper/serial-start-helper.cc',
        'helper/six-class-helper.cc',
        'helper/vegas-fairness-helper.cc',
        'helper/tcp-retransmission-counter.cc',
        'model/avq-design.cc',
        'model/avq-queue-disc.cc',
        'model/duality-model.cc',
        'model/ecn-price-estimator.cc',
        'model/ipv4-flat-routing.cc',
        'model/jitter-point-to-point-channel.cc',
        'model/persistent-flow-application.cc',
        'model/queue-disc-link-capacity.cc',
        'model/rem-queue-disc.cc',
        'model/short-flow-application.cc',
        'model/tcp-dual-vegas.cc',
        'model/vegas-fairness-model.cc',
        'model/virtual-queue.cc',
    ]

    module_test = bld.create_ns3_module_test_library('dualcc')
    module_test.source = [
        'test/aqm-experiment-test-suite.cc',
        'test/avq-design-test-suite.cc',
        'test/avq-queue-disc-test-suite.cc',
        'test/bad-input-test-suite.cc',
        'test/buffer-sweep-test-suite.cc',
        'test/duality-model-test-suite.cc',
        'test/ecn-price-estimator-test-suite.cc',
        'test/jitter-point-to-point-channel-test-suite.cc',
        'test/network-description-test-suite.cc',
        'test/network-helper-test-suite.cc',
        'test/parallel-sweep-test-suite.cc',
        'test/plot-writer-test-suite.cc',
        'test/rem-queue-disc-test-suite.cc',
        'test/short-flow-application-test-suite.cc',
        'test/tcp-dual-vegas-test-suite.cc',
        'test/tcp-retransmission-counter-test-suite.cc',
        'test/vegas-equilibrium-test-suite.cc',
        'test/vegas-fairness-model-test-suite.cc',
        'test/vegas-fairness-test-suite.cc',
        'test/vegas-persistent-congestion-test-suite.cc',
        'test/vegas-rem-test-suite.cc',
        'test/virtual-queue-test-suite.cc',
    ]

    headers = bld(features='ns3header')
    headers.module = 'dualcc'
    headers.source = [
        'helper/buffer-sweep-helper.h',
        'helper/aqm-experiment-helper.h',
        'helper/comparison-table.h',
        'helper/experiment-runner.h',
        'helper/five-class-helper.h',
        'helper/ipv4-flat-routing-helper.h',
        'helper/ipv4-subnet-allocator.h',
        'helper/network-description.h',
        'helper/network-helper.h',
        'helper/parallel-sweep.h',
        'helper/plot-writer.h',
        'helper/serial-start-helper.h',
        'helper/six-class-helper.h',
        'helper/vegas-fairness-helper.h',
        'helper/tcp-retransmission-counter.h',
        'model/avq-design.h',
        'model/avq-queue-disc.h',
        'model/duality-model.h',
        'model/dualcc-enum-accessor.h',
        'model/ecn-price-estimator.h',
        'model/ipv4-flat-routing.h',
        'model/jitter-point-to-point-channel.h',
        'model/persistent-flow-application.h',
        'model/queue-disc-link-capacity.h',
        'model/rem-queue-disc.h',
        'model/short-flow-application.h',
        'model/tcp-dual-vegas.h',
        'model/vegas-fairness-model.h',
        'model/virtual-queue.h',
    ]

    if bld.env.ENABLE_EXAMPLES:
        bld.recurse('examples')
