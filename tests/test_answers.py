"""Answering draw cards and jump-ins (docs/rules.md §5, §9): R-DRAW-NO-ANSWER,
V-DEFLECT-2, V-W4-SAVE-2, V-JUMP-IN, R-SKIP-ANSWER."""

import pytest

from uno_nb import Colour, IllegalMoveError, Phase, RuleSet

from tests.helpers import hand, texts

CNUNO = RuleSet.preset("cnuno")


def test_R_DRAW_NO_ANSWER_a_draw_two_cannot_be_answered(pos):
    game = pos(["R+2 R1", "G+2 B1", "G1", "Y1"], discard="R5")
    game.push("R+2")
    assert [m.action for m in game.turn_moves()] == ["draw"]
    before = game.state_key()
    with pytest.raises(IllegalMoveError, match="cannot be passed on \\(V-DEFLECT-2 is off\\)"):
        game.push("1:G+2")
    assert game.state_key() == before


def test_V_DEFLECT_2_chain_of_three_makes_the_last_player_draw_2_not_6(pos):
    game = pos(["R+2 R1 R2", "G+2 B1 B2", "B+2 G1 G2", "Y7 Y8"], discard="R5", rules=CNUNO,
               draw_pile="Y1 Y2 Y3 Y4 Y5 Y6")
    game.push("R+2")
    assert [m.action for m in game.turn_moves()] == ["G+2", "draw"]
    game.push("1:G+2")
    game.push("2:B+2")
    # P3 holds no Draw Two: the chain ends there and P3 draws just 2.
    assert hand(game, 3) == "Y7 Y8 Y1 Y2" and game.current == 0
    assert game.fired["V-DEFLECT-2"] == 2


def test_V_DEFLECT_2_any_colour_but_only_draw_twos(pos):
    game = pos(["R+2 R1", "BS B+2 R7", "G1", "Y1"], discard="R5", rules=CNUNO)
    game.push("R+2")
    assert [m.action for m in game.turn_moves()] == ["B+2", "draw"]
    with pytest.raises(IllegalMoveError, match="must take the 2 cards"):
        game.push("1:R7")


def test_V_W4_SAVE_2_a_plus_four_answered_with_a_draw_two_of_the_chosen_colour(pos):
    game = pos(["W+4 Y1", "G+2 R+2 B1", "G3 G4", "Y7"], discard="R5", rules=CNUNO,
               draw_pile="Y2 Y3 Y4 Y5 Y6")
    game.push("W+4>G")
    assert [m.action for m in game.turn_moves()] == ["G+2", "draw", "challenge"]
    with pytest.raises(IllegalMoveError, match="only a Draw Two of the chosen colour \\(green\\)"):
        game.push("1:R+2")
    game.push("1:G+2")
    # Now an ordinary Draw Two: P2 (no Draw Two to pass it on) draws 2, not 4
    # or 6, and is skipped.
    assert hand(game, 2) == "G3 G4 Y2 Y3" and game.current == 3
    assert game.colour is Colour.GREEN and game.pending == 0
    assert game.fired["V-W4-SAVE-2"] == 1


def test_V_W4_SAVE_2_off_a_plus_four_cannot_be_answered(pos):
    game = pos(["W+4 Y1", "G+2 B1", "G3", "Y7"], discard="R5")
    game.push("W+4>G")
    with pytest.raises(IllegalMoveError, match="V-W4-SAVE-2 is off"):
        game.push("1:G+2")


def test_V_JUMP_IN_identical_card_out_of_turn_play_continues_from_the_jumper(pos):
    game = pos(["R7 R1", "B1", "R7 G1", "Y1"], discard="R5", rules=CNUNO)
    game.push("R7")
    assert [m.text for m in game.jump_in_moves()] == ["2:R7"]
    game.push("2:R7")
    assert game.current == 3 and game.top.text == "R7" and hand(game, 2) == "G1"
    assert texts(game, 1) == ["P2 jumps in with R7"]


def test_V_JUMP_IN_off_no_jump_in(pos):
    game = pos(["R7 R1", "B1", "R7 G1", "Y1"], discard="R5")
    game.push("R7")
    assert game.jump_in_moves() == []
    with pytest.raises(IllegalMoveError, match="it is Player 2's turn, not Player 3's"):
        game.push("2:R7")


def test_V_JUMP_IN_not_on_the_start_card_not_with_wild_draw_four_not_on_own_card(pos):
    game = pos(["R7 R1", "B1", "R5 G1", "Y1"], discard="R5", rules=CNUNO)
    assert game.jump_in_moves() == []  # R5 is the start card
    with pytest.raises(IllegalMoveError, match="no jump-in on the start card"):
        game.push("2:R5")
    game2 = pos(["W+4 R1", "B1", "W+4 G1", "Y1"], discard="R5", rules=CNUNO)
    game2.push("W+4>G")
    assert game2.jump_in_moves() == []
    game3 = pos(["R7 R7 R1", "B1", "G1", "Y1"], discard="R5", rules=CNUNO)
    game3.push("R7")
    assert game3.jump_in_moves() == []  # own card: only with V-DOUBLES
    with pytest.raises(IllegalMoveError, match="cannot jump in on their own card"):
        game3.push("0:R7")


def test_V_JUMP_IN_on_a_draw_two_passes_the_draw_on(pos):
    game = pos(["R+2 R1", "B1", "R+2 G1", "Y1 Y2"], discard="R5", rules=CNUNO)
    game.push("R+2")
    game.push("2:R+2")
    assert game.current == 3 and game.pending == 2 and game.phase is Phase.PENALTY


def test_R_SKIP_ANSWER_the_skipped_player_answers_with_an_identical_skip(pos):
    game = pos(["RS R1", "RS B1", "G1", "Y1"], discard="R5", rules=CNUNO)
    game.push("RS")
    assert game.current == 2  # P1 skipped
    assert [m.text for m in game.jump_in_moves()] == ["1:RS"]
    game.push("1:RS")
    # P1's Skip skips the next player instead: P2 loses the turn, P3 plays.
    assert game.current == 3
    assert texts(game, 2) == ["P1 jumps in with RS", "P2 is skipped"]
    assert game.fired["R-SKIP-ANSWER"] == 1


def test_R_SKIP_ANSWER_a_different_skip_is_no_answer(pos):
    game = pos(["RS R1", "GS B1", "G1", "Y1"], discard="R5", rules=CNUNO)
    game.push("RS")
    assert game.jump_in_moves() == []


def test_V_JUMP_IN_reverse_by_jump_in_adds_up(pos):
    game = pos(["RR R1", "B1", "RR G1", "Y1"], discard="R5", rules=CNUNO)
    game.push("RR")           # counter-clockwise, P3 next
    game.push("2:RR")         # P2 jumps in: clockwise again, P3 next
    assert game.direction == 1 and game.current == 3
