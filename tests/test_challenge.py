"""Challenging a Wild Draw Four (docs/rules.md §6): R-CHALLENGE, R-CHALLENGE-GUILTY,
R-CHALLENGE-GUILTY-STD, R-CHALLENGE-INNOCENT."""

import pytest

from uno_nb import Colour, IllegalMoveError, Phase, RuleSet

from tests.helpers import hand, texts

DRAW = "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8"


def test_R_CHALLENGE_is_offered_only_to_the_victim_of_a_plus_four(pos):
    game = pos(["W+4 R3", "B1", "G1"], discard="R5")
    with pytest.raises(IllegalMoveError, match="no Wild Draw Four to challenge"):
        game.push("challenge")
    game.push("W+4>G")
    assert [m.action for m in game.turn_moves()] == ["draw", "challenge"]
    assert [m.action for m in game.legal_moves(2)] == ["catch 0"]  # P0 holds one card


def test_R_CHALLENGE_GUILTY_STD_guilty_player_draws_4_card_and_colour_stand(pos):
    game = pos(["W+4 R3", "B1", "G1"], discard="R5", draw_pile=DRAW)
    game.push("W+4>G")
    game.push("challenge")
    assert hand(game, 0) == "R3 Y1 Y2 Y3 Y4"
    assert hand(game, 1) == "B1"
    assert game.top.text == "W+4" and game.colour is Colour.GREEN
    assert game.current == 1 and game.phase is Phase.TURN  # the challenger plays normally
    assert texts(game, 2) == ["P1 challenges: P0 held red - a bluff! P0 draws 4",
                              "P0 draws 4 cards (Y1 Y2 Y3 Y4)"]
    assert game.fired["R-CHALLENGE-GUILTY-STD"] == 1


def test_R_CHALLENGE_GUILTY_card_returns_previous_top_and_colour_restored(pos):
    rules = RuleSet(challenge="return")
    game = pos(["W+4 R3", "B1", "G1"], discard="B5 R5", draw_pile=DRAW, rules=rules)
    game.push("W+4>G")
    game.push("challenge")
    assert hand(game, 0) == "R3 W+4 Y1 Y2 Y3 Y4"
    assert [c.text for c in game.discard] == ["B5", "R5"]
    assert game.colour is Colour.RED
    assert game.current == 1 and game.phase is Phase.TURN
    assert game.card_count() == 2 + 1 + 1 + 2 + 8
    assert texts(game, 1) == ["P0 draws 4 cards (Y1 Y2 Y3 Y4)"]
    assert "takes the W+4 back; R5 and red are back in force" in texts(game, 2)[0]


def test_R_CHALLENGE_GUILTY_is_the_cnuno_reading():
    assert RuleSet.preset("cnuno").challenge == "return"
    assert RuleSet.preset("standard").challenge == "std"


@pytest.mark.parametrize("reading", ["std", "return"])
def test_R_CHALLENGE_INNOCENT_challenger_draws_6_and_is_skipped(pos, reading):
    game = pos(["W+4 G3", "B1", "G1"], discard="R5", draw_pile=DRAW,
               rules=RuleSet(challenge=reading))
    game.push("W+4>B")
    game.push("challenge")
    assert hand(game, 1) == "B1 Y1 Y2 Y3 Y4 Y5 Y6"
    assert hand(game, 0) == "G3"
    assert game.top.text == "W+4" and game.colour is Colour.BLUE
    assert game.current == 2
    assert texts(game, 3) == ["P1 challenges: P0 held no red - P1 draws 6",
                              "P1 draws 6 cards (Y1 Y2 Y3 Y4 Y5 Y6)", "P1 is skipped"]


@pytest.mark.parametrize("reading", ["std", "return"])
def test_R_CHALLENGE_matching_number_or_wild_is_not_guilt(pos, reading):
    game = pos(["W+4 G5 W", "B1", "G1"], discard="R5", draw_pile=DRAW,
               rules=RuleSet(challenge=reading))
    game.push("W+4>B")
    game.push("challenge")
    assert len(game.hands[1]) == 7  # innocent: the challenger drew 6


def test_R_CHALLENGE_reshuffle_keeps_the_card_under_a_challengeable_plus_four(pos):
    rules = RuleSet(challenge="return")
    # P0 goes to one card with the +4 and is caught: the catch empties the draw pile.
    game = pos(["W+4 R3", "B1", "G1"], discard="G7 B5 R5", draw_pile="Y1 Y2", rules=rules)
    game.push("W+4>G")
    game.push("2:catch 0")
    assert hand(game, 0) == "R3 Y1 Y2"
    game.push("1:challenge")
    assert [c.text for c in game.discard] == ["R5"]  # R5 was kept for the return
    assert game.colour is Colour.RED and "W+4" in hand(game, 0)
    assert game.card_count() == 9
