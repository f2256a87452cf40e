"""The simulation helpers: intervals that behave, reproducible estimates."""

import math

import pytest

from uno_nb.sim import montecarlo as mc


def test_wilson_interval_known_value():
    e = mc.proportion(50, 100)
    assert e.estimate == 0.5 and round(e.stderr, 4) == 0.05
    assert round(e.low, 4) == 0.4038 and round(e.high, 4) == 0.5962
    zero = mc.proportion(0, 30)
    assert zero.low == 0 and 0 < zero.high < 0.15


def test_mean_interval_and_errors():
    e = mc.mean_of([1.0, 2.0, 3.0, 4.0], confidence=0.95)
    assert e.estimate == 2.5 and e.low < 2.5 < e.high
    with pytest.raises(ValueError):
        mc.proportion(5, 3)
    with pytest.raises(ValueError):
        mc.mean_of([1.0])
    with pytest.raises(ValueError):
        mc.proportion(1, 2, confidence=1.5)


def test_convergence_reports_each_checkpoint():
    hits = [i % 4 == 0 for i in range(1000)]
    series = mc.convergence(hits, [10, 100, 1000, 5000])
    assert [e.n for e in series] == [10, 100, 1000]
    assert series[-1].estimate == 0.25


def test_the_difference_interval_combines_both_errors():
    a = mc.Estimate(0.25, 0.01, 0.23, 0.27, 1000, 0.95)
    b = mc.Estimate(0.30, 0.02, 0.26, 0.34, 1000, 0.95)
    d = mc.difference(a, b)
    assert math.isclose(d.estimate, 0.05)
    assert math.isclose(d.stderr, math.sqrt(0.01 ** 2 + 0.02 ** 2))
    assert math.isclose(d.high - d.estimate, mc.z_value(0.95) * d.stderr)
    assert math.isclose(mc.z_value(0.95), 1.959963984540054)
    assert d.low > 0 and d.n == 1000 and d.confidence == 0.95


def test_the_difference_interval_is_at_the_first_estimates_confidence():
    a = mc.Estimate(10.0, 1.0, 8.4, 11.6, 500, 0.9)
    b = mc.Estimate(12.0, 1.0, 10.0, 14.0, 400, 0.95)
    d = mc.difference(a, b)
    assert d.confidence == 0.9 and d.n == 400
    assert math.isclose(d.high - d.estimate, mc.z_value(0.9) * math.sqrt(2))
    assert d.contains(2.0) and d.contains(0.0)  # a gap of two standard errors each: unclear
    with pytest.raises(ValueError):
        mc.difference(mc.Estimate(1.0, 0.1, 0.8, 1.2, 10, 1.0), b)


def test_estimates_are_reproducible():
    a = mc.simulate_opening_hand("wild", at_least=1, n=500, seed=9)
    b = mc.simulate_opening_hand("wild", at_least=1, n=500, seed=9)
    assert a == b
    assert "interval" in str(a)


# -- dealing hands for the hypergeometric app ---------------------------------------------------

from collections import Counter  # noqa: E402
from fractions import Fraction  # noqa: E402

from uno_nb.sim import odds  # noqa: E402


def test_deal_counts_add_up_the_same_however_the_hands_are_split():
    whole = mc.deal_counts("R", hand_size=7, n=1_000, seed=5)
    assert sum(whole.values()) == 1_000
    parts = (mc.deal_counts("R", n=37, seed=5) + mc.deal_counts("R", n=150, seed=5, start=37)
             + mc.deal_counts("R", n=813, seed=5, start=187))
    assert parts == whole
    assert mc.deal_counts("R", n=1_000, seed=6) != whole
    assert mc.deal_counts("R", n=0, seed=5) == Counter()
    # the same hands counted for another kind: the same hand numbers, other counts
    assert sum(mc.deal_counts("wild", n=1_000, seed=5).values()) == 1_000
    with pytest.raises(ValueError):
        mc.deal_counts("R", hand_size=109)


def test_dealt_frequencies_hold_the_exact_law_in_their_intervals():
    counts = mc.deal_counts("wild", hand_size=7, n=20_000, seed=2)
    exact = odds.hypergeometric_distribution(108, 8, 7)
    freqs = mc.frequencies(counts, values=exact, confidence=0.99)
    assert list(freqs) == list(range(8))
    for k, estimate in freqs.items():
        assert estimate.n == 20_000
        assert estimate.contains(exact[k]), (k, estimate, float(exact[k]))
    # a hand of 12 and the red cards
    counts = mc.deal_counts("R", hand_size=12, n=20_000, seed=3)
    exact = odds.hypergeometric_distribution(108, 25, 12)
    for k, estimate in mc.frequencies(counts, values=exact, confidence=0.99).items():
        assert estimate.contains(exact[k]), k


def test_frequencies_of_values_never_seen():
    freqs = mc.frequencies({1: 3, 2: 1}, values=[0, 1, 2])
    assert [e.estimate for e in freqs.values()] == [0.0, 0.75, 0.25]
    assert freqs[0].low == 0 and freqs[0].high > 0
    assert list(mc.frequencies({2: 1, 0: 1})) == [0, 2]


def test_challenge_draws_are_the_failures_times_the_cards():
    success = mc.proportion(30, 100)
    draws = mc.challenge_draws(success, pending=4)
    assert draws.estimate == pytest.approx(6 * 0.7)
    assert (draws.low, draws.high) == pytest.approx((6 * (1 - success.high), 6 * (1 - success.low)))
    assert draws.n == 100 and draws.contains(Fraction(21, 5))
    assert mc.challenge_draws(success, pending=8).estimate == pytest.approx(10 * 0.7)
