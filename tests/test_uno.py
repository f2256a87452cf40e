"""Calling "UNO!" (docs/rules.md §7, §10): R-UNO, R-OPEN-HANDS, T-UNO-CATCH."""

import random

import pytest

from uno_nb import Game, IllegalMoveError, RuleSet
from uno_nb.sim.simulation import run_games
from uno_nb.sim.table import uno_call
from uno_nb.sim.table import PlayerTraits, draw_traits

from tests.helpers import hand, texts


def test_R_UNO_call_after_the_second_to_last_card(pos):
    game = pos(["R3 R4", "B1 B2", "G1 G2"], discard="R5")
    game.push("R3")
    assert game.uno_open == 0
    assert [m.text for m in game.legal_moves()] == ["1:draw", "0:uno", "1:catch 0", "2:catch 0"]
    game.push("0:uno")
    assert game.uno_open == -1
    assert texts(game, 1) == ['P0 calls "UNO!"']
    with pytest.raises(IllegalMoveError, match="Player 1 cannot be caught now"):
        game.push("2:catch 0")


def test_R_UNO_caught_before_the_next_player_starts_draws_2(pos):
    game = pos(["R3 R4", "B1 B2", "G1 G2"], discard="R5", draw_pile="Y1 Y2 Y3")
    game.push("R3")
    game.push("2:catch 0")
    assert hand(game, 0) == "R4 Y1 Y2" and game.uno_open == -1
    assert texts(game, 2) == ['P2 catches P0 without "UNO!": P0 draws 2', "P0 draws 2 cards (Y1 Y2)"]
    assert game.current == 1  # the turn order is unchanged


def test_R_UNO_too_late_once_the_next_player_has_started(pos):
    game = pos(["R3 R4", "B1 B2", "G1 G2"], discard="R5")
    game.push("R3")
    game.push("1:draw")
    assert game.uno_open == -1
    with pytest.raises(IllegalMoveError, match="cannot be caught now"):
        game.push("2:catch 0")
    with pytest.raises(IllegalMoveError, match="cannot call UNO! now"):
        game.push("0:uno")


def test_R_UNO_a_false_call_is_refused(pos):
    game = pos(["R3 R4 R6", "B1 B2", "G1 G2"], discard="R5")
    with pytest.raises(IllegalMoveError, match="holds 3 cards; UNO! is called with one"):
        game.push("0:uno")
    with pytest.raises(IllegalMoveError, match="nobody catches themselves"):
        game.push("1:catch 1")


def test_R_UNO_penalty_is_4_under_V_UNO_PENALTY_4(pos):
    game = pos(["R3 R4", "B1 B2", "G1 G2"], discard="R5", rules=RuleSet(uno_penalty=4))
    game.push("R3")
    game.push("1:catch 0")
    assert hand(game, 0) == "R4 Y1 Y2 Y3 Y4"


def test_R_OPEN_HANDS_a_view_shows_every_hand_size_but_only_its_own_cards(pos):
    game = pos(["R3 R4", "B1 B2 B3", "G1"], discard="R5")
    view = game.view(1)
    assert view.hand_sizes == (2, 3, 1)
    assert [c.text for c in view.hand] == ["B1", "B2", "B3"]
    assert not hasattr(view, "hands")
    assert view.top.text == "R5" and view.draw_pile_size == 8
    assert len(view.unseen()) == 15 - 3 - 1  # the position's cards, less own hand and discard


def test_T_UNO_CATCH_traits_come_from_the_seed():
    assert draw_traits(3, 4) == draw_traits.__wrapped__(3, 4)  # the cache draws the same people
    assert draw_traits(3, 4) != draw_traits(4, 4)
    for t in draw_traits(9, 10):
        assert 50 <= t.forget <= 350 and 200 <= t.notice <= 800 and 300 <= t.reaction <= 1200
        assert 0 <= t.talk <= 150 and 0 <= t.advise <= 50
    # whole numbers: chances per mille, reaction times in milliseconds
    assert draw_traits(7, 2) == (
        PlayerTraits(forget=208, notice=773, reaction=1040, talk=35, advise=21),
        PlayerTraits(forget=262, notice=273, reaction=656, talk=134, advise=9))


def test_T_UNO_CATCH_traits_are_whole_numbers_in_their_units():
    PlayerTraits(0, 1000, 0, talk=1000, advise=1000)
    for bad in ({"forget": 0.5}, {"notice": 1001}, {"reaction": -1}, {"reaction": 0.5},
                {"talk": True}, {"advise": -3}):
        with pytest.raises(ValueError, match="per mille|milliseconds"):
            PlayerTraits(**{"forget": 0, "notice": 0, "reaction": 500, **bad})


def test_T_UNO_CATCH_without_traits_the_table_model_draws_the_games_own(pos):
    """traits=None: draw_traits of the game's seed (a position's is 0) and players."""
    default = [_one_call(pos, seed, None) for seed in range(40)]
    assert default == [_one_call(pos, seed, draw_traits(0, 4)) for seed in range(40)]
    assert default != [_one_call(pos, seed, draw_traits(1, 4)) for seed in range(40)]


def _one_card_position(pos):
    game = pos(["R3 R4", "B1 B2", "G1 G2", "Y7 Y8"], discard="R5", draw_pile="Y1 Y2 Y3")
    game.push("R3")
    return game


def _one_call(pos, seed, traits):
    game = _one_card_position(pos)
    uno_call(game, random.Random(seed), traits=traits)
    return game.moves[-1].text


def test_T_UNO_CATCH_a_player_who_does_not_forget_calls(pos):
    game = _one_card_position(pos)
    assert uno_call(game, random.Random(1), traits=[PlayerTraits(0, 1000, 500)] * 4) == 1
    assert game.moves[-1].text == "0:uno"


def test_T_UNO_CATCH_a_forgetful_player_is_caught_by_the_fastest_who_noticed(pos):
    traits = [PlayerTraits(1000, 1000, 500), PlayerTraits(100, 1000, 1000),
              PlayerTraits(100, 0, 10), PlayerTraits(100, 1000, 300)]
    game = _one_card_position(pos)
    assert uno_call(game, random.Random(1), traits=traits) == 1
    # P2 is fastest but never notices; P3 (0.3 s on average) beats P1 (1.0 s).
    assert game.moves[-1].text == "3:catch 0"
    assert hand(game, 0) == "R4 Y1 Y2"
    assert texts(game, 2)[0].startswith('P3 catches P0 without "UNO!": P0 draws 2 (caught after ')


def test_T_UNO_CATCH_nobody_notices_and_the_miss_goes_unpunished(pos):
    traits = [PlayerTraits(1000, 0, 500)] * 4
    game = _one_card_position(pos)
    assert uno_call(game, random.Random(1), traits=traits) == 0
    assert game.uno_open == 0 and len(game.hands[0]) == 1


def test_T_UNO_CATCH_in_simulated_games_calls_and_catches_happen_reproducibly():
    records = run_games("standard", ["random-greedy"] * 4, 200, seed=0)
    calls = sum(r.fired.get("R-UNO", 0) for r in records)
    catches = sum(r.fired.get("T-UNO-CATCH", 0) for r in records)
    assert calls > catches > 0
    again = run_games("standard", ["random-greedy"] * 4, 200, seed=0)
    assert records == again


def test_T_UNO_CATCH_human_seat_decides_for_itself(pos):
    # A human is just a caller of game.push: nothing calls or catches for them.
    game = pos(["R3 R4", "B1 B2"], discard="R5")
    game.push("R3")
    assert game.uno_open == 0 and game.moves[-1].text == "0:R3"
