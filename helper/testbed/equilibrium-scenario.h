/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef EQUILIBRIUM_SCENARIO_H
#define EQUILIBRIUM_SCENARIO_H

#include "network-description.h"
#include "scenario.h"
#include "testbed-report.h"

#include "ns3/comparison-table.h"

#include <memory>
#include <string>
#include <vector>

namespace ns3
{

class NetworkHelper;

/**
 * \ingroup dualcc
 *
 * \brief A scenario of persistent flows in one network, simulated until --simTime and measured
 * over [--warmup, --simTime], beside the duality model's equilibrium: the Vegas paper's
 * five-class and six-class experiments and any topology file.
 *
 * A subclass only describes the network (Describe()) and titles the table (GetTitle()); this
 * class does the rest. Check() describes the network (so a bad description, or a queue disc the
 * model does not describe, TestbedModelBuilder::CheckModelled(), is an error before any run);
 * the one point builds it with NetworkHelper (warning if the run will take long,
 * ScenarioRunner::WarnIfLong()), records a time series every --simTime / 2000 if there is a
 * plot, and runs it; Evaluate() prints TestbedReport::Compare()'s table (title and window) and
 * writes the CSV and TestbedReport::WritePlot()'s plot (GetPlotTitle() and the window in human
 * units). Defaults: --simTime 20 s, --warmup 10 s, --progress true.
 *
 * A subclass that calls AddFluidOptions() also offers the fluid model (issue 31), as
 * PhasedScenario does, with one period, the window: --fluid runs it after the simulation, adds
 * its trajectories to the plot's panels and its rows ("rate, fluid (Mb/s)", ...: its means over
 * the window) and the fluid-vs-packet distance rows to the table and CSV; --engine=fluid runs
 * the fluid model alone (no packet simulation; the simulation column holds the fluid model's
 * means over the window). A network the fluid model does not describe is refused in
 * Check(), naming the option.
 */
class EquilibriumScenario : public Scenario
{
  public:
    ~EquilibriumScenario() override;

    bool HasWindow() const override;
    /// Describe the network (a subclass checking options of its own calls this after them).
    void Check() override;
    std::vector<double> RunPoint(std::size_t point) override;
    int Evaluate(const std::vector<std::vector<double>>& results, std::ostream& os) override;

    /// \return the network described by Check()
    const NetworkDescription& GetDescription() const;

  protected:
    /**
     * \param name the scenario's name (Scenario::GetName())
     * \param usage its usage line
     */
    EquilibriumScenario(std::string name, std::string usage);

    /// \return the network, from the options (throws std::invalid_argument if invalid)
    virtual NetworkDescription Describe() const = 0;
    /// \return the table's title (the window is appended)
    virtual std::string GetTitle() const = 0;
    /// \return the plot's title, rates and times in human units (default: GetTitle())
    virtual std::string GetPlotTitle() const;
    /// \return the simulation (after RunPoint(); aborts before)
    const NetworkHelper& GetHelper() const;
    /// Offer --engine and --fluid (see the class description); call from AddOptions().
    void AddFluidOptions(StrictCommandLine& cmd);

  private:
    /// \return the table's title with the window
    std::string GetWindowTitle() const;
    /// \return the plot's title with the window in human units
    std::string GetWindowPlotTitle() const;
    /// RunPoint() under --engine=fluid: the table and plot of the fluid model.
    void RunFluidEngine();
    /// RunPoint() under --fluid, after the simulation: the fluid model, the table and plot.
    void RunPacketWithFluid();
    /// \return the measurement periods of --fluid and --engine=fluid: one, the window
    std::vector<Time> GetWindowBoundaries() const;

    std::string m_engine{"packet"};          //!< --engine
    bool m_fluid{false};                     //!< --fluid
    ComparisonTable m_table;                 //!< the table (RunPoint())
    std::string m_plotLines;                 //!< what the plot writer said (RunPoint())
    NetworkDescription m_description;        //!< the network (Check())
    std::unique_ptr<NetworkHelper> m_helper; //!< the simulation (RunPoint())
};

} // namespace ns3

#endif /* EQUILIBRIUM_SCENARIO_H */
