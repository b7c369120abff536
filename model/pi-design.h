/*
 * Copyright (c) 2026 The dualcc authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PI_DESIGN_H
#define PI_DESIGN_H

namespace ns3
{

/**
 * \ingroup dualcc
 * \brief The design rule of the PI AQM controller (Hollot, Misra, Towsley and Gong, INFOCOM
 * 2001): the gains A and B of PiQueueDisc from the link capacity C, a lower bound N- on the
 * number of TCP flows and an upper bound R+ on their round-trip time.
 *
 * The TCP/AQM fluid model linearized about its equilibrium gives, from the marking probability p
 * to the queue q (packets),
 *
 *     P(s) = (C^2 / (2N)) / ((s + 2N / (R^2 C)) (s + 1/R)) e^(-sR),
 *
 * with a "TCP pole" 2N / (R^2 C) and a "queue pole" 1/R. The PI controller
 * C(s) = K (s/z + 1) / s is designed at the worst case (N-, R+):
 *
 *  1. its zero cancels the TCP pole, z = 2N- / (R+^2 C);
 *  2. K gives the loop unit gain at the crossover frequency omega_g:
 *         K = omega_g sqrt(1 + (omega_g R+)^2) (2N-)^2 / (R+ C)^3,
 *     since then L(s) = K (R+ C)^3 / (2N-)^2 e^(-sR+) / (s (s R+ + 1));
 *     the phase margin is pi/2 - omega_g R+ - arctan(omega_g R+);
 *  3. the controller is sampled at w Hz by the bilinear (Tustin) transform,
 *     s = 2w (x - 1) / (x + 1), which turns K/z + K/s into (A x - B) / (x - 1) with
 *         A = K/z + K / (2w),    B = K/z - K / (2w),
 *     i.e. p[k+1] = p[k] + A (q[k+1] - q_ref) - B (q[k] - q_ref), PiQueueDisc's law.
 *
 * The paper's example (N- = 60, R+ = 0.246 s, C = 3750 packets/s: 15 Mb/s of 500-byte packets)
 * prints C(s) = 9.6438e-6 (s/0.53 + 1) / s; step 3 at w = 160 Hz turns it into
 * A = 1.8226e-5, B = 1.8166e-5, which ns-2's defaults (1.822e-5, 1.816e-5) carry to four digits.
 * The paper does not print its omega_g; the crossover GetController() takes by default is the
 * cancelled TCP pole itself, which gives K = 9.78e-6 for that example (1.4 % above the printed
 * value; K = 9.6438e-6 is the unit gain at omega_g = 0.521 rad/s).
 *
 * Plain C++; bad input throws std::invalid_argument naming the parameter and its range.
 */
class PiDesign
{
  public:
    /// The continuous-time controller C(s) = K (s/z + 1) / s and the loop at its crossover.
    struct Controller
    {
        double gain;        //!< K, probability per packet per second
        double zero;        //!< z = 2N- / (R+^2 C), rad/s (the cancelled TCP pole)
        double crossover;   //!< omega_g, rad/s
        double queuePole;   //!< 1 / R+, rad/s
        double phaseMargin; //!< pi/2 - omega_g R+ - arctan(omega_g R+), rad
    };

    /// The sampled controller: PiQueueDisc's A, B and SamplingFrequency.
    struct Coefficients
    {
        double a;                 //!< A = K/z + K/(2w), per packet
        double b;                 //!< B = K/z - K/(2w), per packet
        double samplingFrequency; //!< w, Hz
    };

    /**
     * \param capacity C, packets per second (> 0, finite)
     * \param minFlows N-, the fewest TCP flows the design must hold (> 0, finite)
     * \param maxRtt R+, the longest round-trip time, seconds (> 0, finite)
     */
    PiDesign(double capacity, double minFlows, double maxRtt);

    /// \return the TCP pole 2N- / (R+^2 C), rad/s (the zero of the controller)
    double GetTcpPole() const;

    /**
     * Steps 1 and 2 at crossover frequency \p crossover.
     * \param crossover omega_g, rad/s (> 0, finite)
     * \return K, z, omega_g, 1/R+ and the phase margin
     */
    Controller GetController(double crossover) const;

    /// \return GetController(GetTcpPole()): the crossover at the cancelled TCP pole
    Controller GetController() const;

    /**
     * Step 3: the bilinear transform of K (s/z + 1) / s at \p samplingFrequency.
     * \param gain K (> 0, finite)
     * \param zero z, rad/s (> 0, finite)
     * \param samplingFrequency w, Hz (finite, >= z/2 so that B >= 0)
     * \return A, B, w
     */
    static Coefficients Discretize(double gain, double zero, double samplingFrequency);

    /**
     * Steps 1 to 3 with the crossover at the TCP pole.
     * \param samplingFrequency w, Hz (see Discretize())
     * \return A, B, w
     */
    Coefficients Design(double samplingFrequency) const;

  private:
    double m_capacity; //!< C, packets/s
    double m_minFlows; //!< N-
    double m_maxRtt;   //!< R+, s
};

} // namespace ns3

#endif /* PI_DESIGN_H */
