/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// MonacoHeader alone: its size and its bytes on the wire, written out by hand from the layout in
// monaco-header.h (big-endian fields at offsets 0, 1, 2, 3, 4, 8, 16, 24, 28, 32), and the round
// trip of every field through a Packet.

#include "ns3/monaco-header.h"
#include "ns3/packet.h"
#include "ns3/test.h"

#include <array>
#include <cstdint>
#include <sstream>
#include <string>

using namespace ns3;

namespace
{
/// Size by hand: type 1 + flag 1 + version 1 + reserved 1 + sequence 4 + sentBytes 8 +
/// virtualDelay 8 + accumulation 4 + egressRate 4 + forwardQueueing 8.
constexpr uint32_t SIZE_BY_HAND = 1 + 1 + 1 + 1 + 4 + 8 + 8 + 4 + 4 + 8;

/**
 * A header with a different byte in every position of every multi-byte field, so that a field
 * written at the wrong offset, in the wrong order or with the wrong width shows.
 * \return the header
 */
MonacoHeader
DistinctHeader()
{
    MonacoHeader h;
    h.SetPacketType(MonacoHeader::REVERSE_OB);
    h.SetFlag(MonacoHeader::DECREASE_LOSS);
    h.SetSequence(0x01020304);
    h.SetSentBytes(0x1112131415161718ULL);
    h.SetVirtualDelay(NanoSeconds(0x0000212223242526LL));
    h.SetAccumulation(0x31323334);
    h.SetEgressRate(0x41424344);
    h.SetForwardQueueing(NanoSeconds(0x0000515253545556LL));
    return h;
}

/**
 * \param h a header
 * \return its bytes, serialized through a Packet
 */
std::array<uint8_t, SIZE_BY_HAND>
Bytes(const MonacoHeader& h)
{
    Ptr<Packet> p = Create<Packet>();
    p->AddHeader(h);
    std::array<uint8_t, SIZE_BY_HAND> bytes{};
    p->CopyData(bytes.data(), bytes.size());
    return bytes;
}
} // namespace

/**
 * \ingroup dualcc
 * The serialized size is the sum of the field widths, in the header and in a packet.
 */
class MonacoHeaderSizeTestCase : public TestCase
{
  public:
    MonacoHeaderSizeTestCase()
        : TestCase("serialized size: 40 bytes, the sum of the field widths")
    {
    }

  private:
    void DoRun() override
    {
        MonacoHeader h;
        NS_TEST_ASSERT_MSG_EQ(SIZE_BY_HAND, 40U, "the widths add up to 40");
        NS_TEST_ASSERT_MSG_EQ(h.GetSerializedSize(), SIZE_BY_HAND, "GetSerializedSize");
        Ptr<Packet> p = Create<Packet>();
        p->AddHeader(DistinctHeader());
        NS_TEST_ASSERT_MSG_EQ(p->GetSize(), SIZE_BY_HAND, "a packet holding only the header");
        MonacoHeader read;
        NS_TEST_ASSERT_MSG_EQ(p->RemoveHeader(read), SIZE_BY_HAND, "Deserialize reads 40 bytes");
        NS_TEST_ASSERT_MSG_EQ(p->GetSize(), 0U, "nothing left");
    }
};

/**
 * \ingroup dualcc
 * Every byte on the wire, against the layout written out by hand.
 */
class MonacoHeaderWireTestCase : public TestCase
{
  public:
    MonacoHeaderWireTestCase()
        : TestCase("bytes on the wire: each field big-endian at its offset")
    {
    }

  private:
    void DoRun() override
    {
        const std::array<uint8_t, SIZE_BY_HAND> expected{
            0x03,                                           // 0: type, reverse OB
            0x03,                                           // 1: flag, decrease-due-to-loss
            0x01,                                           // 2: version
            0x00,                                           // 3: reserved
            0x01, 0x02, 0x03, 0x04,                         // 4: sequence
            0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, // 8: sentBytes
            0x00, 0x00, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, // 16: virtualDelay, ns
            0x31, 0x32, 0x33, 0x34,                         // 24: accumulation
            0x41, 0x42, 0x43, 0x44,                         // 28: egressRate
            0x00, 0x00, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56, // 32: forwardQueueing, ns
        };
        const std::array<uint8_t, SIZE_BY_HAND> bytes = Bytes(DistinctHeader());
        for (uint32_t k = 0; k < SIZE_BY_HAND; ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(static_cast<uint32_t>(bytes[k]),
                                  static_cast<uint32_t>(expected[k]),
                                  "byte " << k);
        }

        // A default header: a forward OB, version 1, everything else 0.
        const std::array<uint8_t, SIZE_BY_HAND> empty = Bytes(MonacoHeader());
        for (uint32_t k = 0; k < SIZE_BY_HAND; ++k)
        {
            const uint32_t want = (k == 0) ? 1 : (k == 2 ? 1 : 0);
            NS_TEST_EXPECT_MSG_EQ(static_cast<uint32_t>(empty[k]), want, "default, byte " << k);
        }
    }
};

/**
 * \ingroup dualcc
 * Serialize then Deserialize gives back every field, for each packet type, with values that use
 * every byte of each field.
 */
class MonacoHeaderRoundTripTestCase : public TestCase
{
  public:
    MonacoHeaderRoundTripTestCase()
        : TestCase("round trip: every field of every packet type survives a Packet")
    {
    }

  private:
    void DoRun() override
    {
        const MonacoHeader::PacketType types[] = {MonacoHeader::FORWARD_OB,
                                                  MonacoHeader::FORWARD_IB,
                                                  MonacoHeader::REVERSE_OB};
        for (MonacoHeader::PacketType type : types)
        {
            MonacoHeader h = DistinctHeader();
            h.SetPacketType(type);
            h.SetFlag(type == MonacoHeader::REVERSE_OB ? MonacoHeader::DECREASE
                                                       : MonacoHeader::HOLD);
            h.SetSequence(0xFFFFFFFE);
            h.SetSentBytes(0xFEDCBA9876543210ULL);
            h.SetVirtualDelay(Seconds(1.5)); // 1500000000 ns
            h.SetAccumulation(0xFFFFFFFF);
            h.SetEgressRate(3750000);               // 30 Mb/s
            h.SetForwardQueueing(MicroSeconds(16)); // 16000 ns
            Ptr<Packet> p = Create<Packet>();
            p->AddHeader(h);
            MonacoHeader r;
            p->RemoveHeader(r);
            const std::string t = "type " + std::to_string(type) + ": ";
            NS_TEST_EXPECT_MSG_EQ(r.GetPacketType(), type, t << "type");
            NS_TEST_EXPECT_MSG_EQ(r.GetFlag(), h.GetFlag(), t << "flag");
            NS_TEST_EXPECT_MSG_EQ(static_cast<uint32_t>(r.GetVersion()), 1U, t << "version");
            NS_TEST_EXPECT_MSG_EQ(r.GetSequence(), 0xFFFFFFFE, t << "sequence");
            NS_TEST_EXPECT_MSG_EQ(r.GetSentBytes(), 0xFEDCBA9876543210ULL, t << "sentBytes");
            NS_TEST_EXPECT_MSG_EQ(r.GetVirtualDelay(), NanoSeconds(1500000000), t << "vdelay");
            NS_TEST_EXPECT_MSG_EQ(r.GetAccumulation(), 0xFFFFFFFF, t << "accumulation");
            NS_TEST_EXPECT_MSG_EQ(r.GetEgressRate(), 3750000U, t << "egressRate");
            NS_TEST_EXPECT_MSG_EQ(r.GetForwardQueueing(), NanoSeconds(16000), t << "ftt_q");
            NS_TEST_EXPECT_MSG_EQ(r.IsValid(), true, t << "valid");
        }
    }
};

/**
 * \ingroup dualcc
 * Routers add their virtual delays to the IB's sum: 1.5 ms + 250 us = 1750000 ns.
 */
class MonacoHeaderVirtualDelayTestCase : public TestCase
{
  public:
    MonacoHeaderVirtualDelayTestCase()
        : TestCase("AddVirtualDelay adds to the sum, which survives the wire")
    {
    }

  private:
    void DoRun() override
    {
        MonacoHeader h;
        h.SetPacketType(MonacoHeader::FORWARD_IB);
        NS_TEST_ASSERT_MSG_EQ(h.GetVirtualDelay(), Time(0), "0 at the sender");
        h.AddVirtualDelay(MicroSeconds(1500));
        h.AddVirtualDelay(MicroSeconds(250));
        Ptr<Packet> p = Create<Packet>();
        p->AddHeader(h);
        MonacoHeader r;
        p->RemoveHeader(r);
        NS_TEST_ASSERT_MSG_EQ(r.GetVirtualDelay(), NanoSeconds(1750000), "1.5 ms + 0.25 ms");
    }
};

/**
 * \ingroup dualcc
 * IsValid() accepts the three kinds and refuses unknown types, flags and versions, and a flag in
 * a forward packet; bytes that do not form a valid header are still read (40 of them).
 */
class MonacoHeaderValidityTestCase : public TestCase
{
  public:
    MonacoHeaderValidityTestCase()
        : TestCase("IsValid: known type, known flag, no flag forward, version 1")
    {
    }

  private:
    /**
     * \param bytes 40 bytes
     * \return whether they deserialize into a valid header
     */
    static bool ValidBytes(const std::array<uint8_t, SIZE_BY_HAND>& bytes)
    {
        Ptr<Packet> p = Create<Packet>(bytes.data(), bytes.size());
        MonacoHeader r;
        p->RemoveHeader(r);
        return r.IsValid();
    }

    void DoRun() override
    {
        std::array<uint8_t, SIZE_BY_HAND> b{};
        b[2] = 1; // version
        b[0] = 1;
        NS_TEST_EXPECT_MSG_EQ(ValidBytes(b), true, "forward OB");
        b[0] = 2;
        NS_TEST_EXPECT_MSG_EQ(ValidBytes(b), true, "forward IB");
        b[0] = 3;
        b[1] = 3;
        NS_TEST_EXPECT_MSG_EQ(ValidBytes(b), true, "reverse OB, decrease-due-to-loss");
        b[1] = 4;
        NS_TEST_EXPECT_MSG_EQ(ValidBytes(b), false, "flag 4");
        b[1] = 1;
        b[0] = 0;
        NS_TEST_EXPECT_MSG_EQ(ValidBytes(b), false, "type 0");
        b[0] = 4;
        NS_TEST_EXPECT_MSG_EQ(ValidBytes(b), false, "type 4");
        b[0] = 2;
        NS_TEST_EXPECT_MSG_EQ(ValidBytes(b), false, "forward IB with flag increase");
        b[1] = 0;
        b[2] = 2;
        NS_TEST_EXPECT_MSG_EQ(ValidBytes(b), false, "version 2");
        b[2] = 1;
        b[3] = 0xFF;
        NS_TEST_EXPECT_MSG_EQ(ValidBytes(b), true, "the reserved byte is ignored");

        std::ostringstream os;
        DistinctHeader().Print(os);
        const std::string printed = os.str();
        const bool namesTypeAndFlag =
            printed.find("type=reverse-OB flag=decrease-due-to-loss") != std::string::npos;
        NS_TEST_EXPECT_MSG_EQ(namesTypeAndFlag, true, "Print names type and flag: " << printed);
        const bool givesSequence = printed.find("seq=16909060") != std::string::npos;
        NS_TEST_EXPECT_MSG_EQ(givesSequence,
                              true,
                              "Print gives the sequence number (0x01020304): " << printed);
    }
};

/**
 * \ingroup dualcc
 * The suite.
 */
class MonacoHeaderTestSuite : public TestSuite
{
  public:
    MonacoHeaderTestSuite()
        : TestSuite("dualcc-monaco-header", TestSuite::Type::UNIT)
    {
        AddTestCase(new MonacoHeaderSizeTestCase);
        AddTestCase(new MonacoHeaderWireTestCase);
        AddTestCase(new MonacoHeaderRoundTripTestCase);
        AddTestCase(new MonacoHeaderVirtualDelayTestCase);
        AddTestCase(new MonacoHeaderValidityTestCase);
    }
};

/// The suite's only instance.
static MonacoHeaderTestSuite g_monacoHeaderTestSuite;
