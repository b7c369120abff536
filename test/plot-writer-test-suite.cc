/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of PlotWriter: the units of plot titles, the interval averaging (computed by hand), and
// the script and data it writes (the shaded window, the model line's legend, the dataset
// indices). Nothing here needs gnuplot: the files are checked, not the PNG.

#include "ns3/plot-writer.h"
#include "ns3/test.h"

#include <fstream>
#include <sstream>

using namespace ns3;

namespace
{
/**
 * \param path a file
 * \return its contents ("" if it cannot be read)
 */
std::string
ReadFile(const std::string& path)
{
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

/**
 * \param text a text
 * \param what a substring
 * \return how many times \p what occurs in \p text
 */
std::size_t
Count(const std::string& text, const std::string& what)
{
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
    {
        ++n;
    }
    return n;
}
} // namespace

/**
 * \ingroup dualcc
 * FormatRate, FormatTime and FormatNumber give human units.
 */
class PlotWriterUnitsTestCase : public TestCase
{
  public:
    PlotWriterUnitsTestCase()
        : TestCase("rates and times in human units")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(PlotWriter::FormatRate(480e6), "480 Mb/s", "480e6 bps");
        NS_TEST_EXPECT_MSG_EQ(PlotWriter::FormatRate(10e6), "10 Mb/s", "10e6 bps");
        NS_TEST_EXPECT_MSG_EQ(PlotWriter::FormatRate(64e3), "64 kb/s", "64e3 bps");
        NS_TEST_EXPECT_MSG_EQ(PlotWriter::FormatRate(1.6e9), "1.6 Gb/s", "1.6e9 bps");
        NS_TEST_EXPECT_MSG_EQ(PlotWriter::FormatRate(48e6), "48 Mb/s", "48e6 bps");
        NS_TEST_EXPECT_MSG_EQ(PlotWriter::FormatRate(500), "500 b/s", "500 bps");
        NS_TEST_EXPECT_MSG_EQ(PlotWriter::FormatTime(Seconds(20)), "20 s", "20 s");
        NS_TEST_EXPECT_MSG_EQ(PlotWriter::FormatTime(MilliSeconds(100)), "100 ms", "100 ms");
        NS_TEST_EXPECT_MSG_EQ(PlotWriter::FormatTime(MilliSeconds(1500)), "1.5 s", "1.5 s");
        NS_TEST_EXPECT_MSG_EQ(PlotWriter::FormatTime(MicroSeconds(250)), "250 us", "250 us");
        NS_TEST_EXPECT_MSG_EQ(PlotWriter::FormatTime(Time(0)), "0 s", "zero");
        NS_TEST_EXPECT_MSG_EQ(PlotWriter::FormatNumber(12.3456), "12.35", "4 digits");
        NS_TEST_EXPECT_MSG_EQ(PlotWriter::FormatNumber(0.5), "0.5", "no trailing zeros");
        NS_TEST_EXPECT_MSG_EQ(PlotWriter::FormatNumber(1600), "1600", "no exponent");
        NS_TEST_EXPECT_MSG_EQ(PlotWriter::FormatNumber(-2.25), "-2.25", "negative");
    }
};

/**
 * \ingroup dualcc
 * AverageOverIntervals against a small series averaged by hand.
 */
class PlotWriterAverageTestCase : public TestCase
{
  public:
    PlotWriterAverageTestCase()
        : TestCase("interval averaging of a small series")
    {
    }

  private:
    void DoRun() override
    {
        const double nan = std::nan("");
        // Intervals of 1 from 0: [0, 1) holds 1 and 3 (mean 2); [1, 2) holds 5, 7 and a NaN
        // (left out: mean 6); [2, 3) is empty (no point); [3, 4) holds 10 (sample on its start).
        const PlotWriter::Points samples{{0, 1}, {0.5, 3}, {1, 5}, {1.5, 7}, {1.7, nan}, {3, 10}};
        const PlotWriter::Points averages = PlotWriter::AverageOverIntervals(samples, 1);
        const PlotWriter::Points expected{{0.5, 2}, {1.5, 6}, {3.5, 10}};
        NS_TEST_ASSERT_MSG_EQ(averages.size(), expected.size(), "one point per non-empty bin");
        for (std::size_t k = 0; k < expected.size(); ++k)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(averages[k].first, expected[k].first, 1e-12, "middle " << k);
            NS_TEST_EXPECT_MSG_EQ_TOL(averages[k].second, expected[k].second, 1e-12, "mean " << k);
        }
        // With an origin: intervals of 0.1 s from 0.05 (samples every 0.05 s, y = 10 t);
        // 0.3 / 0.1 is 2.9999999999999996 in binary: the sample at 0.35 must still open [0.35,
        // 0.45).
        const PlotWriter::Points fine{{0.05, 0.5}, {0.1, 1}, {0.15, 1.5}, {0.35, 3.5}, {0.4, 4}};
        const PlotWriter::Points coarse = PlotWriter::AverageOverIntervals(fine, 0.1, 0.05);
        NS_TEST_ASSERT_MSG_EQ(coarse.size(), 3, "[0.05, 0.15), [0.15, 0.25), [0.35, 0.45)");
        NS_TEST_EXPECT_MSG_EQ_TOL(coarse[0].second, 0.75, 1e-12, "mean of 0.5 and 1");
        NS_TEST_EXPECT_MSG_EQ_TOL(coarse[1].second, 1.5, 1e-12, "only 1.5");
        NS_TEST_EXPECT_MSG_EQ_TOL(coarse[2].first, 0.4, 1e-12, "middle of [0.35, 0.45)");
        NS_TEST_EXPECT_MSG_EQ_TOL(coarse[2].second, 3.75, 1e-12, "mean of 3.5 and 4");
    }
};

/**
 * \ingroup dualcc
 * The script and data of a two-panel figure with a window, a model line and a model curve.
 */
class PlotWriterScriptTestCase : public TestCase
{
  public:
    PlotWriterScriptTestCase()
        : TestCase("the script shades the window and names the model lines")
    {
    }

  private:
    void DoRun() override
    {
        const std::string prefix = CreateTempDirFilename("plot-writer-test");
        PlotWriter writer(prefix);
        PlotWriter::Figure& figure = writer.AddFigure("rate and queue", "time (s)");
        figure.AddWindow(20, 100);
        PlotWriter::Panel& rates = figure.AddPanel("rate (Mb/s)");
        // The model line is added before the curve's points are: its function must still come
        // after every data set (a Gnuplot2dFunction takes a dataset index of its own).
        rates.AddModelLine("model 48 Mb/s", 48, 0);
        const std::size_t curve = rates.AddCurve("simulation", {{0, 10}, {50, 47}, {100, 49}});
        NS_TEST_EXPECT_MSG_EQ(curve, 0, "first curve");
        PlotWriter::Panel& queue = figure.AddPanel("queue (packets)");
        queue.AddCurve("link \"L1\"", {{0, 1}, {50, std::nan("")}, {100, 3}});
        queue.AddCurve("empty", {});
        queue.AddModelCurve("model queue", {{20, 5}, {100, 5}});

        std::ostringstream report;
        const bool drawn = writer.Write(report);
        const std::string failed = "gnuplot failed or is missing: data and script in " + prefix +
                                   ".dat, " + prefix + ".plt\n";
        const std::string written = "plot written to " + prefix + ".png\n";
        NS_TEST_EXPECT_MSG_EQ(report.str(), drawn ? written : failed, "one shared line");

        const std::string plt = ReadFile(prefix + ".plt");
        NS_TEST_EXPECT_MSG_NE(plt.find("set object 1 rectangle from first 20, graph 0 to first "
                                       "100, graph 1 behind"),
                              std::string::npos,
                              "the window is shaded:\n"
                                  << plt);
        NS_TEST_EXPECT_MSG_NE(plt.find("48 title \"model 48 Mb/s\" with lines lt 1 dt 2"),
                              std::string::npos,
                              "the model line has its title, its curve's colour and dashes");
        NS_TEST_EXPECT_MSG_NE(plt.find("title \"measurement window\""),
                              std::string::npos,
                              "the window is in the legend");
        NS_TEST_EXPECT_MSG_NE(plt.find("title \"link \\\"L1\\\"\""),
                              std::string::npos,
                              "quotes are escaped");
        NS_TEST_EXPECT_MSG_EQ(Count(plt, "\nset multiplot"), 1, "one figure");
        NS_TEST_EXPECT_MSG_EQ(Count(plt, "\nplot "), 2, "two panels");
        NS_TEST_EXPECT_MSG_EQ(Count(plt, "set xrange [0:100]"), 1, "one x range for both");
        NS_TEST_EXPECT_MSG_EQ(Count(plt, "set lmargin at screen"), 1, "fixed left margin");
        NS_TEST_EXPECT_MSG_EQ(Count(plt, "set rmargin at screen"), 1, "fixed right margin");
        // Data sets: 0 = the rate curve, 1 = the queue curve, 2 = the queue model; the empty
        // curve is left out.
        NS_TEST_EXPECT_MSG_NE(plt.find(".dat\" index 1 title \"link"),
                              std::string::npos,
                              "the queue curve is index 1");
        NS_TEST_EXPECT_MSG_NE(plt.find(".dat\" index 2 title \"model queue\""),
                              std::string::npos,
                              "the model curve is index 2");
        NS_TEST_EXPECT_MSG_EQ(plt.find("\"empty\""), std::string::npos, "no empty curve");
        // The data file: three blocks, the NaN a single empty line inside block 1.
        const std::string dat = ReadFile(prefix + ".dat");
        NS_TEST_EXPECT_MSG_EQ(dat,
                              "0 10\n50 47\n100 49\n\n\n0 1\n\n100 3\n\n\n20 5\n100 5\n\n\n",
                              "the data blocks");
    }
};

/**
 * \ingroup dualcc
 * A long figure title is broken into lines of at most 110 characters after a comma (gnuplot's
 * "\\n" in the multiplot title): by hand, the title below is 63 + 2 + 66 + 2 + 44 = 177
 * characters with its commas at 63 and 131, so it breaks after the second comma (line 1: 133
 * characters would not fit, so after the first: 64 characters), then the remaining 112 after
 * the next comma (66 + 1 = 67 characters), leaving 44.
 */
class PlotWriterTitleTestCase : public TestCase
{
  public:
    PlotWriterTitleTestCase()
        : TestCase("a long title breaks after commas into lines of at most 110 characters")
    {
    }

  private:
    void DoRun() override
    {
        const std::string a(63, 'a');
        const std::string b(66, 'b');
        const std::string c(44, 'c');
        const std::string prefix = CreateTempDirFilename("plot-writer-title");
        PlotWriter writer(prefix);
        writer.AddFigure(a + ", " + b + ", " + c, "x").AddPanel("y").AddCurve("d", {{0, 1}});
        std::ostringstream report;
        writer.Write(report);
        const std::string plt = ReadFile(prefix + ".plt");
        const std::string expected =
            "set multiplot title \"" + a + ",\\n" + b + ",\\n" + c + "\" font";
        NS_TEST_EXPECT_MSG_NE(plt.find(expected), std::string::npos, "three lines:\n" << plt);
        // A short title stays on one line.
        PlotWriter one(prefix + "-short");
        one.AddFigure("short, title", "x").AddPanel("y").AddCurve("d", {{0, 1}});
        one.Write(report);
        NS_TEST_EXPECT_MSG_NE(ReadFile(prefix + "-short.plt").find("title \"short, title\" font"),
                              std::string::npos,
                              "one line");
    }
};

/**
 * \ingroup dualcc
 * The PlotWriter suite.
 */
class PlotWriterTestSuite : public TestSuite
{
  public:
    PlotWriterTestSuite()
        : TestSuite("dualcc-plot-writer", TestSuite::Type::UNIT)
    {
        AddTestCase(new PlotWriterUnitsTestCase());
        AddTestCase(new PlotWriterAverageTestCase());
        AddTestCase(new PlotWriterScriptTestCase());
        AddTestCase(new PlotWriterTitleTestCase());
    }
};

/// The suite's instance.
static PlotWriterTestSuite g_plotWriterTestSuite;
