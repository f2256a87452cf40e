"""Invariants over thousands of seeded games with random bots, per preset:
every card accounted for after every move, whoever must act has a legal move,
every game ends, the same seed gives the same log, and undo back to the start
restores the initial state exactly."""

from collections import Counter

import pytest

from uno_nb import Game, Phase, RuleSet, build_deck
from uno_nb.sim.bots import RandomBot
from uno_nb.sim.simulation import play_game

from tests.helpers import check_position

DECK = Counter(build_deck())
GAMES = 2000


def _check_every_move(game: Game) -> None:
    assert game.all_cards() == DECK, f"cards lost or duplicated after {game.moves[-1]}"
    check_position(game)


def _fingerprint(record, game):
    return (record, [list(h) for h in game.hands], list(game.draw_pile), list(game.discard),
            game.colour, game.scores)


@pytest.mark.parametrize("preset", ["standard", "cnuno"])
def test_invariants_over_2000_seeded_games(preset):
    rules = RuleSet.preset(preset)
    bot = RandomBot(greedy=True)
    for seed in range(GAMES):
        players = 2 + seed % 9
        rounds = 1 + seed % 3
        record, game = play_game(rules, [bot] * players, seed, max_rounds=rounds,
                                 record=True, observer=_check_every_move)
        assert not record.abandoned, f"seed {seed} did not end"
        assert game.is_over and game.outcome is not None
        # same seed, same game (the fast mode plays exactly the same game)
        again, fast = play_game(rules, [bot] * players, seed, max_rounds=rounds)
        assert _fingerprint(again, fast) == _fingerprint(record, game)
        if seed % 10 == 0:
            # ... and the same log, and replaying the moves alone gives it too
            _, logged = play_game(rules, [bot] * players, seed, max_rounds=rounds, record=True)
            assert [e.text for e in logged.events] == [e.text for e in game.events]
            replayed = Game.replay(rules, players, seed, game.moves, max_rounds=rounds)
            assert replayed.state_key() == game.state_key()
        if seed % 4 == 0:
            start = Game(rules, players, seed, max_rounds=rounds).state_key()
            n = len(game.moves)
            for _ in range(n):
                game.pop()
            assert game.state_key() == start
            for _ in range(n):
                game.redo()
            assert game.is_over


@pytest.mark.parametrize("preset", ["standard", "cnuno"])
def test_uniformly_random_bots_keep_every_invariant_and_end_or_hit_the_cap(preset):
    rules = RuleSet.preset(preset)
    for seed in range(40):
        record, game = play_game(rules, [RandomBot()] * (2 + seed % 4), seed, max_turns=1500,
                                 record=True, observer=_check_every_move)
        assert record.abandoned or game.is_over
        if record.abandoned:
            assert record.winner is None and record.turns >= 1500
