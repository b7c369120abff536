/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "sweep-point-file.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace ns3
{

namespace
{

/// The first line of a point file.
const std::string MAGIC = "# dualcc sweep point";

/// The runner's own options, which do not shape the results.
const char* const RUNNER_OPTIONS[] =
    {"--point", "--pointFiles", "--listPoints", "--jobs", "--progress", "--csv", "--plot"};

/// Throw "<path>:<line>: <field>: <why>; valid: <valid>".
[[noreturn]] void
Fail(const std::string& path,
     std::size_t line,
     const std::string& field,
     const std::string& why,
     const std::string& valid)
{
    std::ostringstream os;
    os << path << ":" << line << ": " << field << ": " << why << "; valid: " << valid;
    throw std::invalid_argument(os.str());
}

/// \param s a string \return it with "\n" and "\r" replaced by spaces (one field, one line)
std::string
OneLine(std::string s)
{
    std::replace(s.begin(), s.end(), '\n', ' ');
    std::replace(s.begin(), s.end(), '\r', ' ');
    return s;
}

} // namespace

std::string
SweepPointFile::GetPath(const std::string& prefix, std::size_t point)
{
    return prefix + "-" + std::to_string(point) + ".point";
}

std::string
SweepPointFile::GetOptions(int argc, char* argv[])
{
    std::vector<std::string> options;
    for (int i = 1; i < argc; ++i)
    {
        const std::string arg = argv[i];
        const std::string name = arg.substr(0, arg.find('='));
        if (std::find(std::begin(RUNNER_OPTIONS), std::end(RUNNER_OPTIONS), name) ==
            std::end(RUNNER_OPTIONS))
        {
            options.push_back(OneLine(arg));
        }
    }
    std::sort(options.begin(), options.end());
    std::string joined;
    for (const std::string& option : options)
    {
        joined += (joined.empty() ? "" : " ") + option;
    }
    return joined;
}

void
SweepPointFile::Write(const std::string& path,
                      const Sweep& sweep,
                      std::size_t point,
                      const std::string& label,
                      const std::vector<double>& values)
{
    std::ofstream out(path);
    out << MAGIC << "\n"
        << "scenario " << sweep.scenario << "\n"
        << "options " << sweep.options << "\n"
        << "point " << point << " of " << sweep.points << "\n"
        << "label " << OneLine(label) << "\n"
        << "values " << values.size();
    char number[32];
    for (double v : values)
    {
        std::snprintf(number, sizeof(number), "%.17g", v);
        out << " " << number;
    }
    out << "\n";
    out.close();
    if (!out)
    {
        throw std::invalid_argument("--pointFiles: cannot write " + path +
                                    "; valid: a file in a writable directory");
    }
}

std::vector<double>
SweepPointFile::Read(const std::string& path, const Sweep& sweep, std::size_t point)
{
    std::ifstream in(path);
    if (!in)
    {
        Fail(path,
             0,
             "file",
             "cannot be read (point " + std::to_string(point) + " of " +
                 std::to_string(sweep.points) + " not run yet?)",
             "the file --point=" + std::to_string(point) + " --pointFiles=... wrote");
    }
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
    {
        lines.push_back(line);
    }
    const char* const fields[] = {"scenario", "options", "point", "label", "values"};
    if (lines.empty() || lines[0] != MAGIC)
    {
        Fail(path, 1, "header", "not a sweep point file", "'" + MAGIC + "'");
    }
    std::vector<std::string> value(5);
    for (std::size_t k = 0; k < 5; ++k)
    {
        const std::size_t number = k + 2;
        const std::string key = fields[k];
        if (lines.size() < number || lines[number - 1].compare(0, key.size() + 1, key + " ") != 0)
        {
            Fail(path, number, key, "missing", "a line '" + key + " ...'");
        }
        value[k] = lines[number - 1].substr(key.size() + 1);
    }
    if (value[0] != sweep.scenario)
    {
        Fail(path, 2, "scenario", "'" + value[0] + "'", "'" + sweep.scenario + "'");
    }
    if (value[1] != sweep.options)
    {
        Fail(path,
             3,
             "options",
             "the point ran with '" + value[1] + "'",
             "the options of this run, '" + sweep.options + "' (the same sweep)");
    }
    const std::string expectedPoint = std::to_string(point) + " of " + std::to_string(sweep.points);
    if (value[2] != expectedPoint)
    {
        Fail(path, 4, "point", "'" + value[2] + "'", "'" + expectedPoint + "'");
    }
    std::istringstream numbers(value[4]);
    std::size_t count = 0;
    if (!(numbers >> count))
    {
        Fail(path, 6, "values", "no count", "a count, then that many numbers");
    }
    std::vector<double> values;
    std::string token;
    while (numbers >> token)
    {
        char* end = nullptr;
        const double v = std::strtod(token.c_str(), &end);
        if (end == token.c_str() || *end != '\0')
        {
            Fail(path, 6, "values", "'" + token + "' is not a number", "numbers (%.17g)");
        }
        values.push_back(v);
    }
    if (values.size() != count)
    {
        Fail(path,
             6,
             "values",
             std::to_string(values.size()) + " numbers after a count of " + std::to_string(count),
             "as many numbers as the count");
    }
    return values;
}

} // namespace ns3
