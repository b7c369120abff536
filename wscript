# -*- Mode: python; py-indent-offset: 4; indent-tabs-mode: nil; coding: utf-8; -*-
# dualcc for waf-built ns-3 (3.35 and older). Keep these lists identical to CMakeLists.txt:
# the CTest test "dualcc-source-lists" compares them.


def build(bld):
    module = bld.create_ns3_module('dualcc', ['core', 'network', 'internet', 'traffic-control',
                                              'point-to-point', 'applications',
                                              'nix-vector-routing', 'stats'])
    module.source = [
        'model/duality-model.cc',
        'model/ecn-price-estimator.cc',
        'model/tcp-dual-vegas.cc',
    ]

    module_test = bld.create_ns3_module_test_library('dualcc')
    module_test.source = [
        'test/duality-model-test-suite.cc',
        'test/ecn-price-estimator-test-suite.cc',
        'test/tcp-dual-vegas-test-suite.cc',
    ]

    headers = bld(features='ns3header')
    headers.module = 'dualcc'
    headers.source = [
        'model/duality-model.h',
        'model/ecn-price-estimator.h',
        'model/tcp-dual-vegas.h',
    ]

    if bld.env.ENABLE_EXAMPLES:
        bld.recurse('examples')
