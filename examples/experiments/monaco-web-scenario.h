/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef MONACO_WEB_SCENARIO_H
#define MONACO_WEB_SCENARIO_H

#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/phased-scenario.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 * \brief Monaco with background web traffic over three bottlenecks, one of them AVD (the
 * Monaco paper's §V-B, Fig. 10).
 *
 *     long 1, long 2 (R1 -> R4)        web1 (R1 -> R3)     web2 (R2 -> R4)
 *     R1 ==L1 (AVD)==> R2 ==L2 (DropTail)==> R3 ==L3 (DropTail)==> R4
 *     short1 (L1)      short2 (L2)           short3 (L3)
 *
 * Three 100 Mb/s, 4 ms bottlenecks (the paper's figure with their delays is not in its text;
 * the paper adds the web traffic to "the former multiple bottleneck network", Fig. 9's, whose
 * bottlenecks are 100 Mb/s and 4 ms: --bottleneckDelay), each with the two-band priority queue
 * (ns3::PriorityObQueueDisc): L1's data band an ns3::AvdQueueDisc (gamma 0.98), L2's and L3's a
 * FIFO, all with --buffer packets. 1 Gb/s access links (--accessRate), 1 ms each (the paper's
 * unlabeled links). Monaco flows (ns3::TcpMonaco): long flow 1 over L1-L3 in [0, duration], long
 * flow 2 over L1-L3 in [0.4, 0.8] x duration (the paper's [20, 40] s of 50 s), two short flows on
 * each bottleneck all the run; every Monaco flow starts within the first 3 s (the testbed's start
 * jitter: the paper's short flows start "randomly during 0~3s"). From --webStart, two web
 * classes (traffic=web: SURGE's closed-loop sessions, its laws and its lognormal-Pareto file
 * sizes, over ns3::TcpNewReno) of 25 hosts each, --connections sessions in all (half each; the
 * paper's "one thousand web connections"): web1 enters at R1 and leaves at R3 (L1, L2), web2
 * enters at R2 and leaves at R4 (L2, L3): the paper puts the web traffic at R1->R2 and R2->R3.
 * The web hosts' access delays are spread evenly over 1..100 ms: their round trips over
 * 2 x (1 + 8 + 1) .. 2 x (100 + 8 + 1) ms = 20..218 ms.
 *
 * The model of each phase is proportional fairness among the Monaco flows (the duality model
 * leaves the web traffic out): with L long flows active, a long flow gets 100/(6 + L) Mb/s and a
 * short one 300/(6 + L) (scaled by gamma on L1). The phases with web traffic show how far the
 * Monaco flows fall below it.
 */
class MonacoWebScenario : public PhasedScenario
{
  public:
    /// The links' choices the paper leaves open or the isolating runs vary.
    struct Links
    {
        Time delay{MilliSeconds(4)};  //!< each bottleneck's one-way delay (--bottleneckDelay)
        DataRate accessRate{"1Gbps"}; //!< every access link (--accessRate; the paper's)
        bool avd{true};               //!< L1's data band AVD (--avd; else a FIFO)
    };

    MonacoWebScenario();

    void AddOptions(StrictCommandLine& cmd) override;
    /// \return the AVD and priority discs' attributes it sets (--buffer; gamma fixed)
    std::vector<OwnedAttributes::Entry> GetOwnedAttributes() const override;

    /**
     * \param buffer each bottleneck's data buffer, packets (>= 1)
     * \param duration the run's length (long flow 2 is active in [0.4, 0.8] x duration)
     * \param webStart when the web traffic starts (> 0, before \p duration)
     * \param connections web sessions in all (>= 50: at least one per web host)
     * \param links the bottlenecks' delay, the access links' rate, L1's AVD
     * \param webFields fields of the text format added to both web classes (e.g.
     *        "sizeDistribution=exponential size=12"), read by
     *        NetworkDescriptionParser::ParseClassFields()
     * \return the network (validated); throws std::invalid_argument if an argument is out of
     *         range or a field is bad
     */
    static NetworkDescription DescribeNetwork(uint32_t buffer,
                                              Time duration,
                                              Time webStart,
                                              uint32_t connections,
                                              const Links& links,
                                              const std::string& webFields = "");
    /// The AVD bottleneck's desired utilization gamma (the paper's runs).
    static constexpr double AVD_GAMMA = 0.98;
    /// Hosts of each web class (the paper's 50 access links, two classes).
    static constexpr uint32_t WEB_HOSTS = 25;

  protected:
    NetworkDescription Describe(std::size_t run) const override;
    std::string GetTitle(std::size_t run) const override;
    /// Per phase and web class: objects and pages completed, mean object completion time.
    void AddRows(ComparisonTable& table,
                 const NetworkHelper& helper,
                 const TestbedReport::PeriodModels& models,
                 std::size_t run) override;

  private:
    /**
     * Add the Monaco classes: long1 and long2 (active in [0.4, 0.8] x \p duration) across the
     * three links, short1..short3 on one each.
     * \param d the description with links L1, L2, L3
     * \param duration the run's length
     * \param delay each bottleneck's one-way delay
     */
    static void AddMonacoClasses(NetworkDescription& d, Time duration, Time delay);
    /**
     * Add a class of WEB_HOSTS web hosts, round trips 2 x (access 1..100 ms + 2 x delay + 1 ms).
     * \param d the description
     * \param name its name
     * \param route its links
     * \param connections its web sessions
     * \param start when they start
     * \param webFields further fields (ParseClassFields())
     * \param delay each bottleneck's one-way delay
     */
    static void AddWebClass(NetworkDescription& d,
                            const std::string& name,
                            const std::vector<std::string>& route,
                            uint32_t connections,
                            Time start,
                            const std::string& webFields,
                            Time delay);

    uint32_t m_buffer{500};                  //!< --buffer
    Time m_webStart{Seconds(30)};            //!< --webStart
    uint32_t m_connections{1000};            //!< --connections
    std::string m_webFields;                 //!< --webFields
    Time m_bottleneckDelay{MilliSeconds(4)}; //!< --bottleneckDelay
    DataRate m_accessRate{"1Gbps"};          //!< --accessRate
    bool m_avd{true};                        //!< --avd
};

} // namespace ns3

#endif /* MONACO_WEB_SCENARIO_H */
