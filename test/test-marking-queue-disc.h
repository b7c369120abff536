/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TEST_MARKING_QUEUE_DISC_H
#define TEST_MARKING_QUEUE_DISC_H

#include "ns3/abort.h"
#include "ns3/drop-tail-queue.h"
#include "ns3/nstime.h"
#include "ns3/queue-disc.h"
#include "ns3/queue-size.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/tcp-header.h"

#include <cstdint>
#include <set>
#include <vector>

namespace ns3
{

/**
 * \ingroup dualcc
 * A queue disc for socket-level tests: a FIFO (1000 packets unless MaxSize says otherwise) that
 * marks ECN-capable packets CE, either each with a fixed probability (independent marks, as a
 * REM link with a constant price: SetMarkProbability(), on a fixed random stream) or the data
 * packets (>= 500 bytes) whose 1-based index is in a set (SetMarkedDataPackets(); such a packet
 * must be ECN-capable). It records when each data packet arrives.
 */
class TestMarkingQueueDisc : public QueueDisc
{
  public:
    /// Random stream of the probabilistic marks (fixed: the tests are deterministic).
    static constexpr int64_t MARK_STREAM = 3;
    /// Packets of at least this many bytes are data packets.
    static constexpr uint32_t DATA_BYTES = 500;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId()
    {
        static TypeId tid =
            TypeId("ns3::TestMarkingQueueDisc")
                .SetParent<QueueDisc>()
                .SetGroupName("Dualcc")
                .AddConstructor<TestMarkingQueueDisc>()
                .AddAttribute("MaxSize",
                              "The queue's limit",
                              QueueSizeValue(QueueSize("1000p")),
                              MakeQueueSizeAccessor(&QueueDisc::SetMaxSize, &QueueDisc::GetMaxSize),
                              MakeQueueSizeChecker());
        return tid;
    }

    TestMarkingQueueDisc()
        : QueueDisc(QueueDiscSizePolicy::SINGLE_INTERNAL_QUEUE)
    {
        m_uniform = CreateObject<UniformRandomVariable>();
        m_uniform->SetStream(MARK_STREAM);
    }

    /// \param probability the probability of marking a packet
    void SetMarkProbability(double probability)
    {
        m_probability = probability;
    }

    /// \param marked the 1-based indices of the data packets to mark
    void SetMarkedDataPackets(const std::set<uint32_t>& marked)
    {
        m_marked = marked;
    }

    /// \param dropped the 1-based indices of the data packets to drop (counted as marks are)
    void SetDroppedDataPackets(const std::set<uint32_t>& dropped)
    {
        m_dropped = dropped;
    }

    /// \return how many pure ACKs (not SYN) with ECN-Echo have arrived
    uint32_t GetEchoingAcks() const
    {
        return m_echoingAcks;
    }

    /// \return when each data packet arrived, in order
    const std::vector<Time>& GetDataArrivals() const
    {
        return m_arrivals;
    }

  private:
    bool DoEnqueue(Ptr<QueueDiscItem> item) override
    {
        if (item->GetSize() < DATA_BYTES)
        {
            TcpHeader tcp;
            if (item->GetPacket()->PeekHeader(tcp) > 0 && (tcp.GetFlags() & TcpHeader::ECE) &&
                !(tcp.GetFlags() & TcpHeader::SYN))
            {
                ++m_echoingAcks;
            }
        }
        if (item->GetSize() >= DATA_BYTES)
        {
            m_arrivals.push_back(Simulator::Now());
            if (m_dropped.count(m_arrivals.size()) > 0)
            {
                DropBeforeEnqueue(item, "test drop");
                return false;
            }
            if (m_marked.count(m_arrivals.size()) > 0)
            {
                NS_ABORT_MSG_UNLESS(Mark(item, "test mark"), "a data packet is not ECN-capable");
            }
        }
        if (m_uniform->GetValue() < m_probability)
        {
            Mark(item, "test mark");
        }
        return GetInternalQueue(0)->Enqueue(item);
    }

    Ptr<QueueDiscItem> DoDequeue() override
    {
        return GetInternalQueue(0)->Dequeue();
    }

    bool CheckConfig() override
    {
        if (GetNInternalQueues() == 0)
        {
            AddInternalQueue(CreateObjectWithAttributes<DropTailQueue<QueueDiscItem>>(
                "MaxSize",
                QueueSizeValue(GetMaxSize())));
        }
        return GetNInternalQueues() == 1;
    }

    void InitializeParams() override
    {
    }

    double m_probability{0};              //!< marking probability
    Ptr<UniformRandomVariable> m_uniform; //!< marking draws
    std::set<uint32_t> m_marked;          //!< data packets to mark
    std::set<uint32_t> m_dropped;         //!< data packets to drop
    uint32_t m_echoingAcks{0};            //!< pure ACKs with ECN-Echo seen
    std::vector<Time> m_arrivals;         //!< data packets' arrival times
};

} // namespace ns3

#endif /* TEST_MARKING_QUEUE_DISC_H */
