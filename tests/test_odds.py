"""Exact odds against hand computations and against seeded simulation
(each simulated figure must hold the exact value inside its 99% interval)."""

from collections import Counter
from fractions import Fraction
from math import comb

import pytest

from uno_nb import Game, build_deck, parse_card, parse_cards
from uno_nb.sim import montecarlo as mc
from uno_nb.sim import odds


def test_no_wild_in_an_opening_hand():
    exact = odds.opening_hand("wild", exactly=0)
    assert exact == Fraction(comb(100, 7), comb(108, 7))
    assert mc.simulate_opening_hand("wild", exactly=0, n=20_000, seed=1,
                                    confidence=0.99).contains(exact)


def test_at_least_one_red_and_exactly_two_action_cards():
    assert odds.opening_hand("R", at_least=1) == 1 - Fraction(comb(83, 7), comb(108, 7))
    two = odds.opening_hand("action", exactly=2)
    assert two == Fraction(comb(24, 2) * comb(84, 5), comb(108, 7))
    assert mc.simulate_opening_hand("action", exactly=2, n=20_000, seed=2,
                                    confidence=0.99).contains(two)


def test_opening_hand_distribution_sums_to_one():
    dist = odds.opening_hand_distribution("wild4")
    assert sum(dist.values()) == 1
    assert dist[0] == Fraction(comb(104, 7), comb(108, 7))
    assert dist[5] == 0  # only four Wild Draw Fours exist
    for k in range(3):
        assert mc.simulate_opening_hand("wild4", exactly=k, n=20_000, seed=10 + k,
                                        confidence=0.99).contains(dist[k]), k


def test_opening_points_distribution():
    dist = odds.opening_points()
    assert sum(dist.values()) == 1
    assert dist[350] == Fraction(comb(8, 7), comb(108, 7))  # seven black cards
    assert 0 not in dist  # only four zeros exist
    assert 1 not in dist and 2 not in dist
    # 3 points in 7 cards: only the four zeros and three ones
    assert dist[3] == Fraction(comb(4, 4) * comb(8, 3), comb(108, 7))
    mean = sum(p * v for v, p in dist.items())
    assert mean == odds.mean_opening_points() == Fraction(7 * 1240, 108)
    estimate, histogram = mc.simulate_opening_points(n=20_000, seed=3, confidence=0.99)
    assert estimate.contains(mean)
    assert sum(histogram.values()) == 20_000


@pytest.mark.parametrize("rules", ["standard", "cnuno"])
def test_start_card_odds(rules):
    from uno_nb import RuleSet
    exact = odds.start_card_odds(RuleSet.preset(rules).start_card)
    if rules == "standard":
        assert exact == {"number": Fraction(76, 104), "draw_two": Fraction(8, 104),
                         "skip": Fraction(8, 104), "reverse": Fraction(8, 104),
                         "wild": Fraction(4, 104)}
    else:
        assert exact["number"] == 1
    simulated = mc.simulate_start_card(rules, n=20_000, seed=4, confidence=0.99)
    for key, value in exact.items():
        assert simulated[key].contains(value), key


def _r5_alone():
    deck = build_deck()
    deck.remove(parse_card("R5"))
    return Game.from_position(hands=[[], []], discard="R5", draw_pile=deck).view(0)


def test_R5_on_top_six_misses_in_a_row():
    view = _r5_alone()
    assert len(view.unseen()) == 107
    pred = odds.playable_predicate(view)
    assert sum(1 for c in view.unseen() if pred(c)) == 38  # 24 reds, 6 other fives, 8 black
    dist = odds.draws_until_playable(view, max_draws=6)
    miss = Fraction(comb(69, 6), comb(107, 6))
    assert dist[None] == miss and round(float(miss), 4) == 0.0663
    assert sum(dist.values()) == 1
    assert dist[1] == Fraction(38, 107)
    assert dist[2] == Fraction(69, 107) * Fraction(38, 106)
    sim = mc.simulate_draws_until_playable(view, 6, n=20_000, seed=5, confidence=0.99)
    for k, value in dist.items():
        assert sim[k].contains(value), k


def test_chance_draw_playable_counts_the_cards_seen():
    view = _r5_alone()
    assert odds.chance_draw_playable(view) == Fraction(38, 107)
    assert mc.simulate_draw_playable(view, n=20_000, seed=6, confidence=0.99).contains(Fraction(38, 107))
    # Seeing cards changes the odds: with six reds in my hand, fewer are left to draw.
    mine = parse_cards("R1 R2 R3 R4 R6 R7")
    rest = Counter(build_deck())
    rest.subtract(mine + parse_cards("R5 G1 G2 G3"))
    game = Game.from_position(hands=[mine, "G1 G2 G3"], discard="R5",
                              draw_pile=list(rest.elements()))
    view = game.view(0)
    assert len(view.unseen()) == 108 - 6 - 1
    assert odds.chance_draw_playable(view) == Fraction(38 - 6, 101)


def test_chance_opponent_holds_a_colour_or_a_draw_card():
    game = Game.from_position(hands=["R1 G2 W", "B3 B4 Y5 Y6 Y7"], discard="R5",
                              draw_pile="G7 G8 B9 BS")
    view = game.view(0)
    # Unseen: B3 B4 Y5 Y6 Y7 G7 G8 B9 BS = 9 cards; 4 blue; seat 1 holds 5.
    exact = odds.chance_opponent_holds(view, 1, "B")
    assert exact == 1 - Fraction(comb(5, 5), comb(9, 5))
    assert mc.simulate_opponent_holds(view, 1, "B", n=20_000, seed=7,
                                      confidence=0.99).contains(exact)
    assert odds.chance_opponent_holds(view, 1, "draw") == 0
    with pytest.raises(ValueError, match="own seat"):
        odds.chance_opponent_holds(view, 0, "B")


def test_chance_holds_playable_own_hand_and_opponent():
    game = Game.from_position(hands=["R1 G2", "B3 B4"], discard="R5", draw_pile="G7 R8")
    assert odds.chance_holds_playable(game.view(0)) == 1
    game2 = Game.from_position(hands=["G1 G2", "B3 B4"], discard="R5", draw_pile="G7 R8")
    assert odds.chance_holds_playable(game2.view(0)) == 0
    # Seat 1 from seat 0's view: unseen B3 B4 G7 R8, one playable (R8), seat 1 holds 2.
    exact = odds.chance_holds_playable(game2.view(0), 1)
    assert exact == 1 - Fraction(comb(3, 2), comb(4, 2))
    view = game2.view(0)
    assert mc.simulate_opponent_holds(view, 1, odds.playable_predicate(view), n=20_000, seed=11,
                                      confidence=0.99).contains(exact)


def test_challenge_success_chance_and_simulation():
    game = Game.from_position(hands=["W+4 G1 G2 G3", "B1 B2", "Y1 Y2"], discard="R5",
                              draw_pile="R1 R2 Y3 Y4 Y5 Y6")
    game.push("W+4>B")
    view = game.view(1)
    # Unseen for seat 1: G1 G2 G3 Y1 Y2 R1 R2 Y3 Y4 Y5 Y6 = 11 cards, 2 red; seat 0 holds 3.
    exact = odds.challenge_success_chance(view)
    assert exact == 1 - Fraction(comb(9, 3), comb(11, 3))
    assert mc.simulate_challenge_success(view, n=20_000, seed=8, confidence=0.99).contains(exact)
    assert odds.challenge_success_chance(game.view(2)) == exact  # anyone may count
    assert odds.challenge_success_chance(Game(seed=1).view(0)) == 0


def test_bad_questions_are_refused():
    with pytest.raises(ValueError, match="exactly one of"):
        odds.opening_hand("wild")
    with pytest.raises(ValueError, match="unknown kind of card 'purple'"):
        odds.opening_hand("purple", exactly=1)
    with pytest.raises(ValueError, match="start_card is"):
        odds.start_card_odds("maybe")


# -- the whole hypergeometric law, counted by hand ----------------------------------------

def test_kind_counts_by_hand():
    # 4 colours × (one 0, two of 1–9, two Skips, two Reverses, two Draw Twos) + 4 W + 4 W+4
    assert odds.kind_count("wild") == 8 and odds.kind_count("wild4") == 4
    assert odds.kind_count("action") == 4 * 2 * 3 == 24
    assert odds.kind_count("draw2") == odds.kind_count("skip") == odds.kind_count("reverse") == 8
    assert odds.kind_count("draw") == 12
    assert [odds.kind_count(c) for c in "RYGB"] == [1 + 2 * 9 + 2 * 3] * 4 == [25] * 4
    assert odds.kind_count("number") == 4 * (1 + 2 * 9) == 76
    assert odds.kind_count("zero") == 4
    assert odds.kind_count("R", deck=parse_cards("R1 R2 G3 W")) == 2


def test_hypergeometric_distribution_of_wilds_in_a_hand():
    dist = odds.hypergeometric_distribution(108, 8, 7)
    assert list(dist) == list(range(8))
    assert comb(108, 7) == 27_883_218_168
    for k, p in dist.items():
        assert p == Fraction(comb(8, k) * comb(100, 7 - k), comb(108, 7)), k
    assert dist == odds.opening_hand_distribution("wild")
    assert dist[0] == Fraction(666_981_700, 1_161_800_757)        # C(100,7)/C(108,7)
    assert dist[2] == Fraction(28 * 75_287_520, 27_883_218_168) == Fraction(29_278_480, 387_266_919)
    assert dist[7] == Fraction(8, 27_883_218_168) == Fraction(1, 3_485_402_271)
    assert sum(dist.values()) == 1
    mean = sum(k * p for k, p in dist.items())
    assert mean == odds.hypergeometric_mean(108, 8, 7) == Fraction(7 * 8, 108) == Fraction(14, 27)
    # only four Wild Draw Fours: no k above 4
    assert list(odds.hypergeometric_distribution(108, 4, 7)) == [0, 1, 2, 3, 4]


def test_hypergeometric_distribution_against_enumeration():
    from itertools import combinations
    deck = ["good"] * 3 + ["bad"] * 4
    hands = list(combinations(range(7), 3))
    counted = Counter(sum(deck[i] == "good" for i in hand) for hand in hands)
    dist = odds.hypergeometric_distribution(7, 3, 3)
    assert dist == {k: Fraction(counted[k], len(hands)) for k in range(4)}
    assert dist == {0: Fraction(4, 35), 1: Fraction(18, 35), 2: Fraction(12, 35), 3: Fraction(1, 35)}
    with pytest.raises(ValueError):
        odds.hypergeometric_distribution(5, 6, 2)
    with pytest.raises(ValueError):
        odds.hypergeometric_mean(5, 2, 6)


def test_unseen_counts_in_a_position():
    game = Game.from_position(hands=["R1 G2 W", "B3 B4 Y5 Y6 Y7"], discard="R5 R9",
                              draw_pile="G7 G8 B9 BS")
    view = game.view(0)
    # unseen for seat 0: B3 B4 Y5 Y6 Y7 G7 G8 B9 BS; playable on R9: no red, no black, one 9
    assert odds.unseen_counts(view, "B") == (9, 4)
    assert odds.unseen_counts(view, "Y") == (9, 3)
    assert odds.unseen_counts(view, odds.playable_predicate(view)) == (9, 1)
    assert odds.unseen_counts(game.view(1), "R") == (7, 1)  # R1 G2 W G7 G8 B9 BS


def _challenge_position():
    game = Game.from_position(hands=["W+4 G1 G2 G3", "B1 B2", "Y1 Y2"], discard="R5",
                              draw_pile="R1 R2 Y3 Y4 Y5 Y6")
    game.push("W+4>B")
    return game


def test_challenge_as_a_bet_by_hand():
    assert odds.challenge_break_even() == Fraction(1, 3)   # 6 × (1 − p) < 4  ⇔  p > 1/3
    assert odds.challenge_break_even(8) == Fraction(2, 10)  # a stacked 8: 10 × (1 − p) < 8
    view = _challenge_position().view(1)
    # seat 1 cannot see G1 G2 G3 Y1 Y2 R1 R2 Y3 Y4 Y5 Y6: 11 cards, 2 red; seat 0 holds 3
    bluff = Fraction(1) - Fraction(comb(9, 3), comb(11, 3))
    assert bluff == Fraction(27, 55)
    assert odds.challenge_expected_draws(view) == {"take": 4, "challenge": Fraction(6 * 28, 55)}
    assert bluff > odds.challenge_break_even()  # 27/55 > 1/3: challenging pays here
    draws = mc.simulate_challenge_draws(view, n=20_000, seed=12, confidence=0.99)
    assert draws.contains(Fraction(168, 55))
    with pytest.raises(ValueError, match="nothing|no Wild Draw Four"):
        odds.challenge_expected_draws(Game(seed=1).view(0))
    with pytest.raises(ValueError):
        odds.challenge_break_even(-1)
