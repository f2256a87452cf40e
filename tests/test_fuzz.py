"""Fuzz: hundreds of random rule combinations, twenty seeded games each.

After every move every card is accounted for (108, 112, 116 or 120 cards),
whoever must act has a legal move; every game ends or is abandoned at the
turn cap; the same seed gives the same log.  Combinations that cannot work
are refused with an error naming both options."""

import dataclasses
import random
from collections import Counter

import pytest

from uno_nb import Game, Phase, RuleError, RuleSet
from uno_nb.sim.bots import HeuristicBot, RandomBot
from uno_nb.sim.simulation import play_game

from tests.helpers import check_position

COMBINATIONS = 300
GAMES = 20
CAP = 400
BOTS = [RandomBot(), RandomBot(greedy=True), HeuristicBot()]


def _random_rules(rng):
    """A random assignment of every option (possibly an impossible one)."""
    values = {}
    for info in RuleSet.options():
        if info.kind is bool:
            values[info.name] = rng.random() < 0.35
        elif info.name == "target_score":
            values[info.name] = rng.choice([60, 200, 500])
        else:
            values[info.name] = rng.choice(info.choices)
    return values


def _combinations():
    rng = random.Random(20261130)
    valid, refused = [], []
    while len(valid) < COMBINATIONS:
        values = _random_rules(rng)
        try:
            valid.append(RuleSet(**values))
        except RuleError as exc:
            refused.append((values, str(exc)))
    return valid, refused


VALID, REFUSED = _combinations()


def test_impossible_combinations_are_refused_naming_both_options():
    assert REFUSED, "the generator should also produce impossible combinations"
    for values, message in REFUSED:
        named = [name for name in values if f"({name})" in message or f"({name}=" in message]
        assert len(named) >= 2 or "(scoring='penalty')" in message, message


def _checker(deck_size):
    return lambda game: check_position(game, deck_size)


@pytest.mark.parametrize("index", range(0, COMBINATIONS, 30))
def test_random_rule_combinations_keep_every_invariant(index):
    for rules in VALID[index:index + 30]:
        deck_size = 108 + 4 * rules.plus10 + 8 * rules.h2o
        check = _checker(deck_size)
        for g in range(GAMES):
            seed = index * 1000 + g
            players = 2 + seed % 5
            lineup = [BOTS[(seed + s) % 3] for s in range(players)]
            rounds = 1 + seed % 2
            record, game = play_game(rules, lineup, seed, max_rounds=rounds, max_turns=CAP,
                                     observer=check)
            assert record.abandoned or game.is_over
            if record.abandoned:
                assert record.turns >= CAP and record.winner is None
            if g % 10 == 0:
                # same seed, same log
                _, a = play_game(rules, lineup, seed, max_rounds=rounds, max_turns=CAP, record=True)
                _, b = play_game(rules, lineup, seed, max_rounds=rounds, max_turns=CAP, record=True)
                assert [e.text for e in a.events] == [e.text for e in b.events]
                assert (a.hands, a.draw_pile, a.discard, a.scores, a.state_key()[2]) == \
                    (game.hands, game.draw_pile, game.discard, game.scores, game.state_key()[2])


def test_every_option_is_switched_on_somewhere_in_the_fuzz():
    for info in RuleSet.options():
        if info.kind is bool:
            assert any(getattr(r, info.name) != info.default for r in VALID), info.name
        elif info.choices:
            assert {getattr(r, info.name) for r in VALID} == set(info.choices), info.name
