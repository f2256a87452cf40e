"""The simulation helpers: intervals that behave, reproducible estimates."""

import pytest

from uno_nb import montecarlo as mc


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


def test_estimates_are_reproducible():
    a = mc.simulate_opening_hand("wild", at_least=1, n=500, seed=9)
    b = mc.simulate_opening_hand("wild", at_least=1, n=500, seed=9)
    assert a == b
    assert "interval" in str(a)
