/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The standalone build's test runner: ns-3's TestRunner over the TestSuites linked into this
// executable (dualcc's test/*.cc). Same options as ns-3's test-runner: --list, --suite=NAME,
// --verbose, --fullness=QUICK|EXTENSIVE|TAKES_FOREVER.

#include "ns3/test.h"

int
main(int argc, char** argv)
{
    return ns3::TestRunner::Run(argc, argv);
}
