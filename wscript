# -*- Mode: python; py-indent-offset: 4; indent-tabs-mode: nil; coding: utf-8; -*-
# dualcc for waf-built ns-3 (3.35 and older). Keep these lists identical to CMakeLists.txt:
# the CTest test "dualcc-source-lists" compares them.


def build(bld):
    module = bld.create_ns3_module('dualcc', ['core', 'network', 'internet', 'traffic-control',
                                              'point-to-point', 'applications',
                                              'nix-vector-routing', 'stats'])
    module.source = [
        'model/avq-design.cc',
        'model/avq-queue-disc.cc',
        'model/duality-model.cc',
        'model/virtual-queue.cc',
    ]

    module_test = bld.create_ns3_module_test_library('dualcc')
    module_test.source = [
        'test/avq-design-test-suite.cc',
        'test/avq-queue-disc-test-suite.cc',
        'test/duality-model-test-suite.cc',
        'test/virtual-queue-test-suite.cc',
    ]

    headers = bld(features='ns3header')
    headers.module = 'dualcc'
    headers.source = [
        'model/avq-design.h',
        'model/avq-queue-disc.h',
        'model/duality-model.h',
        'model/virtual-queue.h',
    ]

    if bld.env.ENABLE_EXAMPLES:
        bld.recurse('examples')
