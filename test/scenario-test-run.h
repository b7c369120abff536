/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SCENARIO_TEST_RUN_H
#define SCENARIO_TEST_RUN_H

// Shared by the scenario test suites: run a scenario through ScenarioRunner::Main() with its
// output captured, and read the CSV it wrote (the module's table convention).

#include "ns3/scenario-runner.h"
#include "ns3/scenario.h"

#include <cmath>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace ns3
{
namespace dualcctest
{

/// A CSV row's model and simulation columns.
struct Cells
{
    double model;      //!< NaN if empty
    double simulation; //!< the simulated value
};

/**
 * \param path a CSV the runner wrote (quantity,entity,model,simulation,error_pct)
 * \return its rows by "quantity|entity"
 */
inline std::map<std::string, Cells>
ReadCsv(const std::string& path)
{
    std::map<std::string, Cells> rows;
    std::ifstream in(path);
    std::string line;
    std::getline(in, line); // header
    while (std::getline(in, line))
    {
        std::vector<std::string> fields;
        std::istringstream row(line);
        std::string field;
        while (std::getline(row, field, ','))
        {
            fields.push_back(field);
        }
        if (fields.size() >= 4)
        {
            rows[fields[0] + "|" + fields[1]] = {fields[2].empty() ? std::nan("")
                                                                   : std::stod(fields[2]),
                                                 std::stod(fields[3])};
        }
    }
    return rows;
}

/// What ScenarioRunner::Main() returned and printed.
struct Outcome
{
    int status;      //!< exit status
    std::string out; //!< standard output
    std::string err; //!< standard error
};

/**
 * Run \p scenario through ScenarioRunner::Main(), its standard output and error captured.
 * \param scenario a freshly made scenario
 * \param program the program's name (argv[0])
 * \param options the command line after it
 * \return the status and the output
 */
inline Outcome
RunScenario(Scenario& scenario, const std::string& program, const std::vector<std::string>& options)
{
    std::vector<std::string> args{program};
    args.insert(args.end(), options.begin(), options.end());
    std::vector<char*> argv;
    for (std::string& a : args)
    {
        argv.push_back(&a[0]);
    }
    argv.push_back(nullptr);
    std::ostringstream out;
    std::ostringstream err;
    std::streambuf* oldOut = std::cout.rdbuf(out.rdbuf());
    std::streambuf* oldErr = std::cerr.rdbuf(err.rdbuf());
    const int status = ScenarioRunner::Main(static_cast<int>(args.size()), argv.data(), scenario);
    std::cout.rdbuf(oldOut);
    std::cerr.rdbuf(oldErr);
    return {status, out.str(), err.str()};
}

} // namespace dualcctest
} // namespace ns3

#endif /* SCENARIO_TEST_RUN_H */
