/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PLOT_WRITER_H
#define PLOT_WRITER_H

#include "ns3/nstime.h"

#include <cstddef>
#include <deque>
#include <iosfwd>
#include <limits>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace ns3
{

class Gnuplot;
class GnuplotDataset;

/**
 * \ingroup dualcc
 *
 * \brief The module's one plot writer: figures of stacked panels, written through ns-3's
 * Gnuplot classes (stats module) and drawn by the one call to gnuplot of the module.
 *
 * A writer has a prefix and one or more figures; each figure is a title, an x label and panels
 * stacked on a shared x axis (the same x range, fixed left and right margins, x tick labels on
 * the bottom panel only), and becomes one PNG, PREFIX.png (or PREFIX-SUFFIX.png). A panel is a y
 * label and curves:
 * - simulation curves (AddCurve()): solid, coloured by their index in the panel from a fixed
 *   colour-blind-safe palette (Okabe and Ito);
 * - model predictions: horizontal lines (AddModelLine(), an ns-3 Gnuplot2dFunction), given
 *   curves (AddModelCurve()) or bounds (AddModelBounds()), dashed, in the colour of the curve
 *   they predict (or a colour of their own), and always with their title in the legend.
 *
 * A figure may shade its measurement windows (AddWindow()). Write() writes the gnuplot script
 * PREFIX.plt and its data PREFIX.dat (one gnuplot "index" per curve), so that
 * `gnuplot PREFIX.plt` redraws the PNGs, runs gnuplot once and prints one line: the PNGs
 * written, or where the data and script are if gnuplot is missing or failed. The script itself
 * picks the pngcairo terminal where gnuplot has it (GPVAL_TERMINALS), else png.
 *
 * Static helpers give plots the same units everywhere: FormatRate() ("480 Mb/s"), FormatTime()
 * ("100 ms") and AverageOverIntervals(), which bins samples and averages each bin (instantaneous
 * samples of an oscillating queue alias; their interval means do not).
 *
 * Only the API common to the Gnuplot classes of ns-3.35, 3.37 and 3.48 is used (they are the
 * same there). Two properties of Gnuplot::GenerateOutput() shape the writer: a Gnuplot2dFunction
 * counts as a dataset index without writing a data block, so each panel lists its data before its
 * functions; and an empty Gnuplot2dDataset writes a block without counting it, so empty curves
 * are left out.
 */
class PlotWriter
{
  public:
    /// (x, y) points.
    using Points = std::vector<std::pair<double, double>>;
    /// (x, low, high) bounds.
    using Bounds = std::vector<std::tuple<double, double, double>>;

    /// How a figure draws its simulation curves.
    enum class Style
    {
        LINES,        //!< lines (time series)
        LINES_POINTS, //!< lines and points (sweeps)
        POINTS,       //!< points only (scatter)
    };

    /// A model's "curve" when it predicts no simulation curve of the panel: own colour.
    static constexpr std::size_t OWN_COLOUR = std::numeric_limits<std::size_t>::max();

    /// The palette: Okabe and Ito's colour-blind-safe colours, yellow left out (too light).
    static const std::vector<std::string> PALETTE;

    /**
     * \ingroup dualcc
     * \brief One panel of a figure: a y label and its curves.
     */
    class Panel
    {
      public:
        /**
         * \param ylabel the y axis label, with its unit
         * \param title a title above the panel ("" for none)
         */
        Panel(std::string ylabel, std::string title);

        /**
         * Add a simulation curve (solid). Points with a NaN y break the line.
         * \param title its legend
         * \param points its points
         * \return its index in the panel (its colour)
         */
        std::size_t AddCurve(const std::string& title, const Points& points);

        /**
         * Add a model prediction drawn as a horizontal dashed line.
         * \param title its legend, e.g. "model 1a: 595 KB/s"
         * \param value the predicted y
         * \param curve the index of the curve it predicts (its colour), or OWN_COLOUR
         */
        void AddModelLine(const std::string& title, double value, std::size_t curve = OWN_COLOUR);

        /**
         * Add a model prediction drawn as a dashed curve (e.g. a step per period). Points with a
         * NaN y break the line.
         * \param title its legend
         * \param points its points
         * \param curve the index of the curve it predicts (its colour), or OWN_COLOUR
         */
        void AddModelCurve(const std::string& title,
                           const Points& points,
                           std::size_t curve = OWN_COLOUR);

        /**
         * Add another model's trajectory (e.g. FluidModel's), drawn as a thin dotted line.
         * Points with a NaN y break the line.
         * \param title its legend, e.g. "fluid 1a"
         * \param points its points
         * \param curve the index of the curve it follows (its colour), or OWN_COLOUR
         */
        void AddFluidCurve(const std::string& title,
                           const Points& points,
                           std::size_t curve = OWN_COLOUR);

        /**
         * Add a model's range per x, drawn as error bars from low to high.
         * \param title its legend
         * \param bounds (x, low, high) per point
         * \param curve the index of the curve it predicts (its colour), or OWN_COLOUR
         */
        void AddModelBounds(const std::string& title,
                            const Bounds& bounds,
                            std::size_t curve = OWN_COLOUR);

        /// \param fromZero start the y axis at 0 (default: false, autoscaled)
        void SetYFromZero(bool fromZero);

      private:
        friend class PlotWriter;

        /// What an entry is.
        enum class Kind
        {
            CURVE,        //!< simulation curve
            MODEL_CURVE,  //!< model, given points
            MODEL_LINE,   //!< model, horizontal line
            MODEL_BOUNDS, //!< model, error bars
            FLUID_CURVE,  //!< a trajectory (FluidModel's), given points
        };

        /// One curve or model.
        struct Entry
        {
            Kind kind;            //!< what it is
            std::string title;    //!< legend
            Points points;        //!< points (CURVE, MODEL_CURVE)
            Bounds bounds;        //!< bounds (MODEL_BOUNDS)
            double value;         //!< y (MODEL_LINE)
            std::size_t curve;    //!< the curve it is or predicts, or OWN_COLOUR
            std::size_t ownIndex; //!< with OWN_COLOUR: its rank among such models
        };

        /**
         * Add a model entry, resolving its colour.
         * \param entry the entry (kind, title, points or value set)
         * \param curve the index of the curve it predicts, or OWN_COLOUR
         */
        void AddModel(Entry entry, std::size_t curve);

        /**
         * \param entry one of the entries
         * \return its linetype (1 + its palette index): its curve's, or after all curves
         */
        std::size_t GetLinetype(const Entry& entry) const;

        std::string m_ylabel;         //!< y label
        std::string m_title;          //!< title ("" for none)
        std::vector<Entry> m_entries; //!< curves and models, in order of addition
        std::size_t m_curves{0};      //!< simulation curves so far
        std::size_t m_ownColours{0};  //!< models with a colour of their own so far
        bool m_yFromZero{false};      //!< y axis from 0
    };

    /**
     * \ingroup dualcc
     * \brief One figure (one PNG): a title and panels stacked on a shared x axis.
     */
    class Figure
    {
      public:
        /**
         * \param title the figure's title
         * \param xlabel the x axis label, with its unit
         * \param suffix "" for PREFIX.png, else PREFIX-SUFFIX.png
         */
        Figure(std::string title, std::string xlabel, std::string suffix);

        /**
         * Add a panel below the others.
         * \param ylabel its y axis label, with its unit
         * \param title a title above it ("" for none)
         * \return the panel (valid as long as the figure)
         */
        Panel& AddPanel(const std::string& ylabel, const std::string& title = "");

        /**
         * Shade [start, stop] of the x axis in every panel (a measurement window; call again for
         * several; the same window twice is shaded once), with a legend entry in the top panel.
         * \param start the window's start (x units)
         * \param stop the window's end (x units), after \p start
         */
        void AddWindow(double start, double stop);

        /// \param style how the simulation curves are drawn (default: LINES)
        void SetStyle(Style style);

      private:
        friend class PlotWriter;

        std::string m_title;        //!< title
        std::string m_xlabel;       //!< x label
        std::string m_suffix;       //!< PNG name suffix
        std::deque<Panel> m_panels; //!< panels, top to bottom (a deque keeps references valid)
        std::vector<std::pair<double, double>> m_windows; //!< shaded windows
        Style m_style{Style::LINES};                      //!< curve style
    };

    /// \param prefix the output prefix: PREFIX.plt, PREFIX.dat and the PNGs
    explicit PlotWriter(std::string prefix);

    /**
     * Add a figure.
     * \param title its title
     * \param xlabel its x axis label, with its unit
     * \param suffix "" for PREFIX.png (one figure only), else PREFIX-SUFFIX.png (several figures
     *        need a suffix each)
     * \return the figure (valid as long as the writer)
     */
    Figure& AddFigure(const std::string& title,
                      const std::string& xlabel,
                      const std::string& suffix = "");

    /**
     * Write PREFIX.plt and PREFIX.dat (aborting if they cannot be written), run gnuplot on the
     * script and print one line on \p os: "plot written to PREFIX.png" (or "plots written to
     * PREFIX-{SUFFIX1,SUFFIX2}.png"), or
     * "gnuplot failed or is missing: data and script in PREFIX.dat, PREFIX.plt".
     * \param os where the line goes
     * \return true if gnuplot drew the PNGs
     */
    bool Write(std::ostream& os) const;

    /// \return the script's name, PREFIX.plt
    std::string GetScriptName() const;
    /// \return the data file's name, PREFIX.dat
    std::string GetDataName() const;
    /// \return the PNGs' names, one per figure
    std::vector<std::string> GetPngNames() const;

    /**
     * \param bitsPerSecond a rate
     * \return it in b/s, kb/s, Mb/s or Gb/s with up to 4 significant digits: "480 Mb/s",
     *         "64 kb/s", "1.6 Gb/s"
     */
    static std::string FormatRate(double bitsPerSecond);

    /**
     * \param time a time
     * \return it in s, ms, us or ns with up to 4 significant digits: "20 s", "100 ms", "1.5 s"
     */
    static std::string FormatTime(Time time);

    /**
     * \param value a number
     * \param digits significant digits kept
     * \return \p value in fixed notation with at most \p digits significant digits and no
     *         trailing zeros: 480 -> "480", 12.3456 -> "12.35", 0.5 -> "0.5"; NaN -> "nan"
     */
    static std::string FormatNumber(double value, int digits = 4);

    /**
     * \param rows a table, e.g. TestbedMonitor::GetTimeSeries()
     * \param x the column of x
     * \param y the column of y
     * \return the (x, y) points of its rows
     */
    static Points GetColumns(const std::vector<std::vector<double>>& rows,
                             std::size_t x,
                             std::size_t y);

    /**
     * Average a series over intervals: the samples with x in [origin + k interval,
     * origin + (k + 1) interval) are averaged into one point at the interval's middle. Samples
     * with a NaN y are left out, and so are intervals without samples.
     * \param samples the samples, in increasing x
     * \param interval the interval (> 0)
     * \param origin where the first interval starts
     * \return one point per interval with samples
     */
    static Points AverageOverIntervals(const Points& samples, double interval, double origin = 0);

  private:
    /// A figure's layout, shared by its panels (pixels of the PNG unless told).
    struct Layout
    {
        int height{0};         //!< the PNG's height
        int top{0};            //!< the height above the top panel (title band, gap)
        int panelHeight{0};    //!< the height of each panel's plot area
        int gap{0};            //!< the gap between panels
        double rightMargin{0}; //!< the plot areas' right edge, fraction of the width
        std::string title;     //!< the figure's title, escaped, its lines joined by "\\n"
    };

    /**
     * \param figure a figure (with panels)
     * \return its layout: the title's lines, the panels' and the legend's sizes
     */
    static Layout GetLayout(const Figure& figure);

    /**
     * Write a figure's terminal, output, title, margins, grid and legend position.
     * \param figure the figure
     * \param png its PNG
     * \param layout its layout
     * \param plt the script
     */
    static void WriteTerminal(const Figure& figure,
                              const std::string& png,
                              const Layout& layout,
                              std::ostream& plt);

    /**
     * Write a figure's shared x range (its data, models and windows, padded for points) and
     * its shaded windows.
     * \param figure the figure
     * \param plt the script
     */
    static void WriteXAxis(const Figure& figure, std::ostream& plt);

    /**
     * Write a panel's y range: its data and models with a margin (never below 0 for data that
     * are not), else autoscaled.
     * \param panel the panel
     * \param plt the script
     */
    static void WriteYRange(const Panel& panel, std::ostream& plt);

    /**
     * Add one curve or model of a panel to its plot: a dataset (unless it has no point), or a
     * function for a model line (to be added after the datasets).
     * \param style the figure's style
     * \param panel the panel
     * \param entry one of its entries
     * \param plot the panel's plot
     * \param functions the panel's functions so far (a model line is appended)
     * \return true if a dataset was added (it takes a dataset index)
     */
    static bool AddEntry(Style style,
                         const Panel& panel,
                         const Panel::Entry& entry,
                         Gnuplot& plot,
                         std::vector<GnuplotDataset>& functions);

    /**
     * Write one panel's margins, y range and plot commands to \p plt and its data to \p dat.
     * \param figure the figure
     * \param p the panel's index in it (0 at the top)
     * \param layout the figure's layout
     * \param plt the script
     * \param dat the data file
     * \param index the data file's next dataset index (advanced)
     */
    void WritePanel(const Figure& figure,
                    std::size_t p,
                    const Layout& layout,
                    std::ostream& plt,
                    std::ostream& dat,
                    unsigned int& index) const;

    /**
     * Write one figure's commands to \p plt and its data to \p dat.
     * \param figure the figure
     * \param png its PNG
     * \param plt the script
     * \param dat the data file
     * \param index the data file's next dataset index (advanced)
     */
    void WriteFigure(const Figure& figure,
                     const std::string& png,
                     std::ostream& plt,
                     std::ostream& dat,
                     unsigned int& index) const;

    std::string m_prefix;         //!< output prefix
    std::deque<Figure> m_figures; //!< figures (a deque keeps references valid)
};

} // namespace ns3

#endif /* PLOT_WRITER_H */
