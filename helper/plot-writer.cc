/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "plot-writer.h"

#include "ns3/abort.h"
#include "ns3/distributed-run.h"
#include "ns3/gnuplot.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <map>
#include <ostream>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PlotWriter");

namespace
{
/// PNG width, pixels.
constexpr int WIDTH = 1100;
/// Height of a figure's title band (up to two lines), pixels.
constexpr int TITLE_HEIGHT = 60;
/// Longest line of a figure's title, characters (the 12-point title across the PNG's width).
constexpr std::size_t TITLE_LINE_CHARS = 110;
/// Height of each title line beyond the second, pixels.
constexpr int TITLE_LINE_HEIGHT = 18;
/// Height of the band below the bottom panel (x tick labels and x label), pixels.
constexpr int BOTTOM_HEIGHT = 60;
/// Height of the plot area of a figure's only panel, pixels.
constexpr int SINGLE_PANEL_HEIGHT = 460;
/// Height of the plot area of each of several stacked panels, pixels.
constexpr int STACKED_PANEL_HEIGHT = 280;
/// Gap between stacked panels without titles, pixels.
constexpr int GAP = 12;
/// Gap between stacked panels when a panel has a title above it, pixels.
constexpr int TITLED_GAP = 32;
/// Left margin (y tick labels and y label), fraction of the width.
constexpr double LEFT_MARGIN = 0.08;
/// Legend width: fixed part, pixels (the line sample).
constexpr int LEGEND_BASE = 80;
/// Legend width per character of the longest title, pixels.
constexpr int LEGEND_PER_CHAR = 8;
/// Legend width bounds, pixels.
constexpr int LEGEND_MIN = 160;
/// Legend width bounds, pixels.
constexpr int LEGEND_MAX = 460;
/// Gap between the plot area and the legend, fraction of the width.
constexpr double KEY_OFFSET = 0.01;
/// Fill colour of the measurement windows.
constexpr const char* WINDOW_COLOUR = "#e8e8e8";
/// Legend of the measurement windows.
constexpr const char* WINDOW_TITLE = "measurement window";
/// Relative x padding of figures drawn with points (a point on the border is half hidden).
constexpr double POINTS_PADDING = 0.03;
/// Margin above and below the y values of a panel, relative to their span.
constexpr double Y_MARGIN = 0.05;
/// Tolerance of the interval index (a sample on a boundary belongs to the later interval).
constexpr double BIN_EPSILON = 1e-9;

/**
 * \param text any text
 * \return it escaped for a gnuplot double-quoted string
 */
std::string
Escape(const std::string& text)
{
    std::string out;
    for (char c : text)
    {
        if (c == '\\' || c == '"')
        {
            out += '\\';
        }
        out += c;
    }
    return out;
}

/**
 * Break a figure's title into lines of at most TITLE_LINE_CHARS characters, after a comma or a
 * semicolon where possible (a word that long stays whole).
 * \param title the title
 * \return its lines
 */
std::vector<std::string>
WrapTitle(const std::string& title)
{
    std::vector<std::string> lines;
    std::string rest = title;
    while (rest.size() > TITLE_LINE_CHARS)
    {
        std::size_t cut = std::string::npos;
        for (const char* separator : {", ", "; ", " "})
        {
            const std::size_t at = rest.rfind(separator, TITLE_LINE_CHARS);
            if (at != std::string::npos && at > 0)
            {
                cut = at + std::string(separator).size() - 1; // keep the comma on the line
                break;
            }
        }
        if (cut == std::string::npos)
        {
            break;
        }
        lines.push_back(rest.substr(0, cut));
        rest = rest.substr(cut + 1);
    }
    lines.push_back(rest);
    return lines;
}

/**
 * \param text any text
 * \return it single-quoted for the shell
 */
std::string
ShellQuote(const std::string& text)
{
    std::string out = "'";
    for (char c : text)
    {
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    }
    return out + "'";
}

/**
 * Add points to a dataset, a NaN y (or x) breaking the line: one empty line per break, none at
 * the ends (two in a row would start a new gnuplot index).
 * \param dataset the dataset
 * \param points the points
 * \return the number of points added
 */
std::size_t
AddPoints(Gnuplot2dDataset& dataset, const PlotWriter::Points& points)
{
    std::size_t added = 0;
    bool broken = false;
    for (const auto& [x, y] : points)
    {
        if (!std::isfinite(x) || !std::isfinite(y))
        {
            broken = added > 0;
            continue;
        }
        if (broken)
        {
            dataset.AddEmptyLine();
            broken = false;
        }
        dataset.Add(x, y);
        ++added;
    }
    return added;
}

/**
 * Add bounds to a dataset with y error bars: (x, middle, half-width) per bound, those with a
 * NaN left out.
 * \param dataset the dataset
 * \param bounds the (x, low, high) bounds
 * \return the number of bounds added
 */
std::size_t
AddBounds(Gnuplot2dDataset& dataset, const PlotWriter::Bounds& bounds)
{
    std::size_t added = 0;
    for (const auto& [x, low, high] : bounds)
    {
        if (std::isfinite(x) && std::isfinite(low) && std::isfinite(high))
        {
            dataset.Add(x, (low + high) / 2, (high - low) / 2);
            ++added;
        }
    }
    return added;
}

/**
 * Set the style of a simulation curve or a model curve: solid for the simulation, dashed and
 * thicker for the model, with points as the figure's style asks.
 * \param dataset the curve's dataset
 * \param style the figure's style
 * \param model true for a model curve
 * \param extra the start of its extra options (its title option and linetype)
 */
void
SetCurveStyle(Gnuplot2dDataset& dataset,
              PlotWriter::Style style,
              bool model,
              const std::string& extra)
{
    switch (style)
    {
    case PlotWriter::Style::LINES:
        dataset.SetStyle(Gnuplot2dDataset::LINES);
        dataset.SetExtra(extra + (model ? " dt 2 lw 2" : " lw 1.5"));
        break;
    case PlotWriter::Style::LINES_POINTS:
        dataset.SetStyle(Gnuplot2dDataset::LINES_POINTS);
        dataset.SetExtra(extra + (model ? " dt 2 lw 2 pt 6" : " lw 2 pt 7"));
        break;
    case PlotWriter::Style::POINTS:
        dataset.SetStyle(model ? Gnuplot2dDataset::LINES_POINTS : Gnuplot2dDataset::POINTS);
        dataset.SetExtra(extra + (model ? " dt 2 lw 2 pt 6" : " pt 7"));
        break;
    }
}

/**
 * \return the legend entry of the measurement windows: an empty function drawn as a box in
 *         their colour
 */
Gnuplot2dFunction
GetWindowLegend()
{
    Gnuplot2dFunction window(WINDOW_TITLE, "NaN");
    window.SetExtra(std::string("with boxes fillcolor rgb \"") + WINDOW_COLOUR +
                    "\" fillstyle solid 1.0 noborder");
    return window;
}

/**
 * \param value a number
 * \return it with 10 significant digits, for a gnuplot expression
 */
std::string
Expression(double value)
{
    std::ostringstream os;
    os << std::setprecision(10) << value;
    return os.str();
}
} // namespace

const std::vector<std::string> PlotWriter::PALETTE{"#0072B2",
                                                   "#D55E00",
                                                   "#009E73",
                                                   "#CC79A7",
                                                   "#E69F00",
                                                   "#56B4E9",
                                                   "#000000"};

// ---------------------------------------------------------------------------- Panel

PlotWriter::Panel::Panel(std::string ylabel, std::string title)
    : m_ylabel(std::move(ylabel)),
      m_title(std::move(title))
{
}

std::size_t
PlotWriter::Panel::AddCurve(const std::string& title, const Points& points)
{
    Entry entry{Kind::CURVE, title, points, {}, 0, m_curves, 0};
    m_entries.push_back(entry);
    return m_curves++;
}

void
PlotWriter::Panel::AddModel(Entry entry, std::size_t curve)
{
    entry.curve = curve;
    entry.ownIndex = curve == OWN_COLOUR ? m_ownColours++ : 0;
    m_entries.push_back(std::move(entry));
}

void
PlotWriter::Panel::AddModelLine(const std::string& title, double value, std::size_t curve)
{
    AddModel({Kind::MODEL_LINE, title, {}, {}, value, 0, 0}, curve);
}

void
PlotWriter::Panel::AddModelCurve(const std::string& title, const Points& points, std::size_t curve)
{
    AddModel({Kind::MODEL_CURVE, title, points, {}, 0, 0, 0}, curve);
}

void
PlotWriter::Panel::AddFluidCurve(const std::string& title, const Points& points, std::size_t curve)
{
    AddModel({Kind::FLUID_CURVE, title, points, {}, 0, 0, 0}, curve);
}

void
PlotWriter::Panel::AddModelBounds(const std::string& title, const Bounds& bounds, std::size_t curve)
{
    AddModel({Kind::MODEL_BOUNDS, title, {}, bounds, 0, 0, 0}, curve);
}

void
PlotWriter::Panel::SetYFromZero(bool fromZero)
{
    m_yFromZero = fromZero;
}

std::size_t
PlotWriter::Panel::GetLinetype(const Entry& entry) const
{
    const std::size_t colour = entry.curve == OWN_COLOUR ? m_curves + entry.ownIndex : entry.curve;
    return 1 + colour % PALETTE.size();
}

// ---------------------------------------------------------------------------- Figure

PlotWriter::Figure::Figure(std::string title, std::string xlabel, std::string suffix)
    : m_title(std::move(title)),
      m_xlabel(std::move(xlabel)),
      m_suffix(std::move(suffix))
{
}

PlotWriter::Panel&
PlotWriter::Figure::AddPanel(const std::string& ylabel, const std::string& title)
{
    m_panels.emplace_back(ylabel, title);
    return m_panels.back();
}

void
PlotWriter::Figure::AddWindow(double start, double stop)
{
    NS_ABORT_MSG_UNLESS(start < stop, "PlotWriter: a window must have start < stop");
    const std::pair<double, double> window{start, stop};
    if (std::find(m_windows.begin(), m_windows.end(), window) == m_windows.end())
    {
        m_windows.push_back(window);
    }
}

void
PlotWriter::Figure::SetStyle(Style style)
{
    m_style = style;
}

// ---------------------------------------------------------------------------- PlotWriter

PlotWriter::PlotWriter(std::string prefix)
    : m_prefix(std::move(prefix))
{
    NS_ABORT_MSG_IF(m_prefix.empty(), "PlotWriter: the prefix must not be empty");
}

PlotWriter::Figure&
PlotWriter::AddFigure(const std::string& title,
                      const std::string& xlabel,
                      const std::string& suffix)
{
    NS_ABORT_MSG_IF((suffix.empty() && !m_figures.empty()) ||
                        (!m_figures.empty() && m_figures.front().m_suffix.empty()),
                    "PlotWriter: several figures need a suffix each (PREFIX-SUFFIX.png)");
    m_figures.emplace_back(title, xlabel, suffix);
    return m_figures.back();
}

std::string
PlotWriter::GetScriptName() const
{
    return m_prefix + ".plt";
}

std::string
PlotWriter::GetDataName() const
{
    return m_prefix + ".dat";
}

std::vector<std::string>
PlotWriter::GetPngNames() const
{
    std::vector<std::string> names;
    for (const Figure& figure : m_figures)
    {
        names.push_back(m_prefix + (figure.m_suffix.empty() ? "" : "-" + figure.m_suffix) + ".png");
    }
    return names;
}

PlotWriter::Layout
PlotWriter::GetLayout(const Figure& figure)
{
    const std::size_t nPanels = figure.m_panels.size();
    bool titledPanels = false;
    std::size_t longestTitle = figure.m_windows.empty() ? 0 : std::string(WINDOW_TITLE).size();
    for (const Panel& panel : figure.m_panels)
    {
        titledPanels = titledPanels || !panel.m_title.empty();
        for (const Panel::Entry& entry : panel.m_entries)
        {
            longestTitle = std::max(longestTitle, entry.title.size());
        }
    }
    Layout layout;
    layout.panelHeight = nPanels > 1 ? STACKED_PANEL_HEIGHT : SINGLE_PANEL_HEIGHT;
    layout.gap = titledPanels ? TITLED_GAP : GAP;
    const std::vector<std::string> titleLines = WrapTitle(figure.m_title);
    for (const std::string& line : titleLines)
    {
        layout.title += (layout.title.empty() ? "" : "\\n") + Escape(line);
    }
    const int extraLines = std::max(0, static_cast<int>(titleLines.size()) - 2);
    layout.top = TITLE_HEIGHT + extraLines * TITLE_LINE_HEIGHT + (titledPanels ? layout.gap : 0);
    layout.height = layout.top + static_cast<int>(nPanels) * layout.panelHeight +
                    static_cast<int>(nPanels - 1) * layout.gap + BOTTOM_HEIGHT;
    const int legend = std::clamp(LEGEND_BASE + LEGEND_PER_CHAR * static_cast<int>(longestTitle),
                                  LEGEND_MIN,
                                  LEGEND_MAX);
    layout.rightMargin = 1.0 - static_cast<double>(legend) / WIDTH;
    return layout;
}

void
PlotWriter::WriteTerminal(const Figure& figure,
                          const std::string& png,
                          const Layout& layout,
                          std::ostream& plt)
{
    plt << "\n# ---- " << png << ": " << figure.m_title << "\n"
        << "reset\n"
        << "if (strstrt(GPVAL_TERMINALS, \"pngcairo\") > 0) {\n"
        << "    set terminal pngcairo size " << WIDTH << "," << layout.height
        << " noenhanced font \",10\"\n"
        << "} else {\n"
        << "    set terminal png size " << WIDTH << "," << layout.height << " noenhanced\n"
        << "}\n"
        << "set output \"" << Escape(png) << "\"\n"
        << "set multiplot title \"" << layout.title << "\" font \",12\"\n"
        << "set lmargin at screen " << LEFT_MARGIN << "\n"
        << "set rmargin at screen " << layout.rightMargin << "\n"
        << "set grid\n"
        << "set key at screen " << layout.rightMargin + KEY_OFFSET
        << ", graph 1 left top Left reverse\n";
}

void
PlotWriter::WriteXAxis(const Figure& figure, std::ostream& plt)
{
    double xMin = INFINITY;
    double xMax = -INFINITY;
    for (const auto& [start, stop] : figure.m_windows)
    {
        xMin = std::min(xMin, start);
        xMax = std::max(xMax, stop);
    }
    for (const Panel& panel : figure.m_panels)
    {
        for (const Panel::Entry& entry : panel.m_entries)
        {
            for (const auto& [x, y] : entry.points)
            {
                if (std::isfinite(x) && std::isfinite(y))
                {
                    xMin = std::min(xMin, x);
                    xMax = std::max(xMax, x);
                }
            }
            for (const auto& [x, low, high] : entry.bounds)
            {
                xMin = std::min(xMin, x);
                xMax = std::max(xMax, x);
            }
        }
    }
    if (std::isfinite(xMin) && xMax > xMin)
    {
        const double pad = figure.m_style == Style::LINES ? 0 : POINTS_PADDING * (xMax - xMin);
        plt << "set xrange [" << Expression(xMin - pad) << ":" << Expression(xMax + pad) << "]\n";
    }
    for (std::size_t w = 0; w < figure.m_windows.size(); ++w)
    {
        plt << "set object " << w + 1 << " rectangle from first "
            << Expression(figure.m_windows[w].first) << ", graph 0 to first "
            << Expression(figure.m_windows[w].second) << ", graph 1 behind fillcolor rgb \""
            << WINDOW_COLOUR << "\" fillstyle solid 1.0 noborder\n";
    }
}

void
PlotWriter::WriteYRange(const Panel& panel, std::ostream& plt)
{
    // The data and models with a margin, so that none lies on a border, and never below 0 for
    // data that are not.
    double yMin = panel.m_yFromZero ? 0 : INFINITY;
    double yMax = -INFINITY;
    auto extend = [&yMin, &yMax](double y) {
        if (std::isfinite(y))
        {
            yMin = std::min(yMin, y);
            yMax = std::max(yMax, y);
        }
    };
    for (const Panel::Entry& entry : panel.m_entries)
    {
        extend(entry.kind == Panel::Kind::MODEL_LINE ? entry.value : NAN);
        for (const auto& [x, y] : entry.points)
        {
            extend(std::isfinite(x) ? y : NAN);
        }
        for (const auto& [x, low, high] : entry.bounds)
        {
            extend(low);
            extend(high);
        }
    }
    if (yMax >= yMin)
    {
        const double span = yMax > yMin ? yMax - yMin : std::max(std::fabs(yMax), 1.0);
        const double low = yMin - Y_MARGIN * span;
        plt << "set yrange [" << Expression(yMin >= 0 && low < 0 ? 0 : low) << ":"
            << Expression(yMax + Y_MARGIN * span) << "]\n";
    }
    else
    {
        plt << "set autoscale y\n";
    }
}

bool
PlotWriter::AddEntry(Style style,
                     const Panel& panel,
                     const Panel::Entry& entry,
                     Gnuplot& plot,
                     std::vector<GnuplotDataset>& functions)
{
    const std::string lt = "lt " + std::to_string(panel.GetLinetype(entry));
    const std::string title = entry.title.empty() ? "notitle " : "";
    if (entry.kind == Panel::Kind::MODEL_LINE)
    {
        if (std::isfinite(entry.value))
        {
            Gnuplot2dFunction line(Escape(entry.title), Expression(entry.value));
            line.SetExtra(title + "with lines " + lt + " dt 2 lw 2");
            functions.push_back(line);
        }
        return false;
    }
    Gnuplot2dDataset dataset(Escape(entry.title));
    std::size_t added = 0;
    if (entry.kind == Panel::Kind::MODEL_BOUNDS)
    {
        dataset.SetStyle(Gnuplot2dDataset::POINTS);
        dataset.SetErrorBars(Gnuplot2dDataset::Y);
        dataset.SetExtra(title + lt + " pt 0 lw 2");
        added = AddBounds(dataset, entry.bounds);
    }
    else if (entry.kind == Panel::Kind::FLUID_CURVE)
    {
        dataset.SetStyle(Gnuplot2dDataset::LINES);
        dataset.SetExtra(title + lt + " dt 3 lw 1");
        added = AddPoints(dataset, entry.points);
    }
    else
    {
        SetCurveStyle(dataset, style, entry.kind == Panel::Kind::MODEL_CURVE, title + lt);
        added = AddPoints(dataset, entry.points);
    }
    // An empty dataset writes a data block without taking an index: leave it out.
    if (added > 0)
    {
        plot.AddDataset(dataset);
    }
    return added > 0;
}

void
PlotWriter::WritePanel(const Figure& figure,
                       std::size_t p,
                       const Layout& layout,
                       std::ostream& plt,
                       std::ostream& dat,
                       unsigned int& index) const
{
    const Panel& panel = figure.m_panels[p];
    const bool bottom = p + 1 == figure.m_panels.size();
    const int panelTop = layout.top + static_cast<int>(p) * (layout.panelHeight + layout.gap);
    plt << "# panel " << p + 1 << ": " << panel.m_ylabel << "\n"
        << "set tmargin at screen " << 1.0 - static_cast<double>(panelTop) / layout.height << "\n"
        << "set bmargin at screen "
        << 1.0 - static_cast<double>(panelTop + layout.panelHeight) / layout.height << "\n"
        << (bottom ? "set format x \"% h\"\n" : "set format x \"\"\n")
        << (panel.m_title.empty() ? "unset title\n" : "") << (bottom ? "" : "unset xlabel\n");
    WriteYRange(panel, plt);

    Gnuplot plot;
    plot.SetTitle(Escape(panel.m_title));
    plot.SetLegend(bottom ? Escape(figure.m_xlabel) : "", Escape(panel.m_ylabel));
    // Data first, functions last: a Gnuplot2dFunction takes a dataset index of its own.
    unsigned int datasets = 0;
    std::vector<GnuplotDataset> functions;
    for (const Panel::Entry& entry : panel.m_entries)
    {
        if (AddEntry(figure.m_style, panel, entry, plot, functions))
        {
            ++datasets;
        }
    }
    if (p == 0 && !figure.m_windows.empty())
    {
        functions.push_back(GetWindowLegend());
    }
    for (const GnuplotDataset& function : functions)
    {
        plot.AddDataset(function);
    }
    plot.SetDataFileDatasetIndex(index);
    plot.GenerateOutput(plt, dat, GetDataName());
    index += datasets;
}

void
PlotWriter::WriteFigure(const Figure& figure,
                        const std::string& png,
                        std::ostream& plt,
                        std::ostream& dat,
                        unsigned int& index) const
{
    NS_ABORT_MSG_IF(figure.m_panels.empty(),
                    "PlotWriter: figure '" << figure.m_title << "' has no panel");
    const Layout layout = GetLayout(figure);
    WriteTerminal(figure, png, layout, plt);
    WriteXAxis(figure, plt);
    for (std::size_t p = 0; p < figure.m_panels.size(); ++p)
    {
        WritePanel(figure, p, layout, plt, dat, index);
    }
    plt << "unset multiplot\n";
}

bool
PlotWriter::Write(std::ostream& os) const
{
    NS_LOG_FUNCTION(this << m_prefix);
    NS_ABORT_MSG_IF(m_figures.empty(), "PlotWriter: no figure to write");
    if (!DistributedRun::IsOutputRank())
    {
        return true; // rank 0 writes and draws it
    }
    {
        std::ofstream plt(GetScriptName());
        std::ofstream dat(GetDataName());
        NS_ABORT_MSG_UNLESS(plt && dat,
                            "PlotWriter: cannot write " << GetScriptName() << " and "
                                                        << GetDataName());
        dat << std::setprecision(10);
        plt << "# Written by dualcc's PlotWriter (ns-3 Gnuplot classes); data in " << GetDataName()
            << ".\n# Redraw with: gnuplot " << GetScriptName() << "\n";
        for (std::size_t k = 0; k < PALETTE.size(); ++k)
        {
            plt << "set linetype " << k + 1 << " linecolor rgb \"" << PALETTE[k]
                << "\" linewidth 1.5 pointtype 7 pointsize 1\n";
        }
        plt << "set linetype cycle " << PALETTE.size() << "\n";
        const std::vector<std::string> pngs = GetPngNames();
        unsigned int index = 0;
        for (std::size_t f = 0; f < m_figures.size(); ++f)
        {
            WriteFigure(m_figures[f], pngs[f], plt, dat, index);
        }
        NS_ABORT_MSG_UNLESS(plt && dat,
                            "PlotWriter: cannot write " << GetScriptName() << " and "
                                                        << GetDataName());
    }
    // The module's one call to gnuplot.
    const std::string command = "gnuplot " + ShellQuote(GetScriptName()) + " 2>/dev/null";
    const bool drawn = std::system(command.c_str()) == 0;
    if (drawn)
    {
        if (m_figures.size() == 1)
        {
            os << "plot written to " << GetPngNames().front() << '\n';
        }
        else
        {
            // PREFIX-{a,b,c}.png, as the shell would expand it.
            os << "plots written to " << m_prefix << "-{";
            for (std::size_t k = 0; k < m_figures.size(); ++k)
            {
                os << (k ? "," : "") << m_figures[k].m_suffix;
            }
            os << "}.png\n";
        }
    }
    else
    {
        os << "gnuplot failed or is missing: data and script in " << GetDataName() << ", "
           << GetScriptName() << '\n';
    }
    return drawn;
}

// ---------------------------------------------------------------------------- units

std::string
PlotWriter::FormatNumber(double value, int digits)
{
    if (!std::isfinite(value))
    {
        return std::isnan(value) ? "nan" : value > 0 ? "inf" : "-inf";
    }
    if (value == 0)
    {
        return "0";
    }
    const int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(value))));
    const int decimals = std::max(0, digits - 1 - magnitude);
    std::ostringstream os;
    os << std::fixed << std::setprecision(decimals) << value;
    std::string text = os.str();
    if (text.find('.') != std::string::npos)
    {
        text.erase(text.find_last_not_of('0') + 1);
        if (text.back() == '.')
        {
            text.pop_back();
        }
    }
    return text == "-0" ? "0" : text;
}

std::string
PlotWriter::FormatRate(double bitsPerSecond)
{
    static const std::vector<std::pair<double, const char*>> units{{1e9, "Gb/s"},
                                                                   {1e6, "Mb/s"},
                                                                   {1e3, "kb/s"}};
    for (const auto& [scale, unit] : units)
    {
        if (std::fabs(bitsPerSecond) >= scale)
        {
            return FormatNumber(bitsPerSecond / scale) + " " + unit;
        }
    }
    return FormatNumber(bitsPerSecond) + " b/s";
}

std::string
PlotWriter::FormatTime(Time time)
{
    const double seconds = time.GetSeconds();
    static const std::vector<std::pair<double, const char*>> units{{1, "s"},
                                                                   {1e-3, "ms"},
                                                                   {1e-6, "us"}};
    if (seconds == 0)
    {
        return "0 s";
    }
    for (const auto& [scale, unit] : units)
    {
        if (std::fabs(seconds) >= scale)
        {
            return FormatNumber(seconds / scale) + " " + unit;
        }
    }
    return FormatNumber(seconds / 1e-9) + " ns";
}

PlotWriter::Points
PlotWriter::GetColumns(const std::vector<std::vector<double>>& rows, std::size_t x, std::size_t y)
{
    Points points;
    for (const std::vector<double>& row : rows)
    {
        NS_ABORT_MSG_UNLESS(x < row.size() && y < row.size(),
                            "PlotWriter::GetColumns: a row has no column " << std::max(x, y));
        points.emplace_back(row[x], row[y]);
    }
    return points;
}

PlotWriter::Points
PlotWriter::AverageOverIntervals(const Points& samples, double interval, double origin)
{
    NS_ABORT_MSG_UNLESS(interval > 0, "PlotWriter::AverageOverIntervals: interval must be > 0");
    // interval index -> (sum, count), in increasing x.
    std::map<long long, std::pair<double, std::size_t>> bins;
    for (const auto& [x, y] : samples)
    {
        if (!std::isfinite(x) || !std::isfinite(y))
        {
            continue;
        }
        const auto k = static_cast<long long>(std::floor((x - origin) / interval + BIN_EPSILON));
        bins[k].first += y;
        ++bins[k].second;
    }
    Points averages;
    for (const auto& [k, bin] : bins)
    {
        averages.emplace_back(origin + (k + 0.5) * interval, bin.first / bin.second);
    }
    return averages;
}

} // namespace ns3
