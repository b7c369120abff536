/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SERIAL_START_SCENARIO_H
#define SERIAL_START_SCENARIO_H

#include "serial-start-helper.h"

#include "ns3/scenario.h"

#include <memory>
#include <string>

namespace ns3
{

/**
 * \ingroup dualcc
 *
 * \brief The options and the run the Vegas paper's serial-start scenarios share
 * (PersistentCongestionScenario, §6.2; VegasRemScenario, §6.3): one source per class, class n
 * starting at (n - 1) --period, each period measured after --settling (SerialStartHelper).
 *
 * AddSerialStartOptions() registers --period, --simTime (default: sources x period),
 * --settling (default: half a period), --bottleneck, --accessRate, --alpha, --alphaUnit and,
 * with REM, --phi, --mu, --gamma and --updateInterval. A subclass sets the sources' RTTs
 * (GetParameters().rtts) in its Check() and then calls this class' Check(), which checks these
 * options and fills in the defaults.
 */
class SerialStartScenario : public Scenario
{
  public:
    /// Check the shared options (throws std::invalid_argument) and fill in their defaults.
    void Check() override;

  protected:
    /**
     * \param name the scenario's name (Scenario::GetName())
     * \param usage its usage line
     * \param rem REM at the bottleneck and Vegas/REM sources (§5)
     */
    SerialStartScenario(std::string name, std::string usage, bool rem);

    /// \param cmd the command line: register the shared options
    void AddSerialStartOptions(CommandLine& cmd);

    /// \return the parameters (the options' values)
    SerialStartHelper::Parameters& GetParameters();
    /// \return the parameters (the options' values)
    const SerialStartHelper::Parameters& GetParameters() const;

    /**
     * Build and run one serial-start network until its simTime, with a time series for the
     * plots if there is a plot (no Simulator::Destroy()).
     * \param parameters the network
     * \return the helper, after the run
     */
    std::unique_ptr<SerialStartHelper> Simulate(
        const SerialStartHelper::Parameters& parameters) const;

    /// \return the plots' averaging interval (20 samples of the time series)
    static Time GetMeanInterval();

  private:
    SerialStartHelper::Parameters m_parameters; //!< the options' values
    Time m_simTime;                             //!< --simTime (zero: sources x period)
    Time m_settling;                            //!< --settling (zero: half a period)
};

} // namespace ns3

#endif /* SERIAL_START_SCENARIO_H */
