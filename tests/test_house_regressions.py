"""House-rule corner cases found in review, pinned so they stay fixed."""

from uno_nb import IllegalMoveError, Phase, RuleSet

import pytest

from tests.helpers import hand


def test_V_REVERSE_BOUNCE_the_skip_can_go_back_and_forth(pos):
    game = pos(["RS RR G1", "RR G2 G3", "B1 B2", "Y1 Y2"], discard="R5",
               rules=RuleSet(reverse_bounce=True))
    game.push("0:RS")
    game.push("1:RR")          # P0 is skipped instead...
    assert [m.text for m in game.jump_in_moves(0)] == ["0:RR"]
    game.push("0:RR")          # ...and sends it back: P1 is skipped again
    assert game.direction == 1 and game.current == 2


def test_V_DOUBLES_alone_gives_the_victim_no_answer(pos):
    game = pos(["R+2 G1 G2", "R+2 B3 B4", "Y1 Y2"], discard="R5", draw_pile="Y3 Y4",
               rules=RuleSet(doubles=True))
    game.push("0:R+2")
    # only P0 may play the second R+2; P1 (no V-JUMP-IN) just draws
    assert hand(game, 1) == "R+2 B3 B4 Y3 Y4" and game.current == 2


def test_V_REVERSE_BOUNCE_a_jump_in_on_the_bouncing_reverse_keeps_the_draw_pending(pos):
    game = pos(["R+2 G1 G2", "RR B3 B4", "RR Y2 Y3", "B5 B6"], discard="R5",
               draw_pile="Y4 Y5 Y6", rules=RuleSet(reverse_bounce=True, jump_in=True))
    game.push("0:R+2")
    game.push("1:RR")          # back to P0
    game.push("2:RR")          # P2 jumps in: turned again, the 2 fall on P3
    assert hand(game, 3) == "B5 B6 Y4 Y5" and game.phase is Phase.TURN and game.pending == 0
    assert game.current == 0


def test_R_UNO_the_window_outlasts_the_players_own_exchange(pos):
    game = pos(["R5 G1", "B3 B4", "Y1 Y2"], discard="R7", rules=RuleSet(swap_five=True))
    game.push("0:R5")
    game.push("0:pass")
    assert [m.text for m in game.uno_moves()] == ["0:uno", "1:catch 0", "2:catch 0"]


def test_V_TO_THE_LAST_a_player_who_is_out_takes_no_part_in_table_talk(pos):
    game = pos(["R1", "R2 G5 G6", "R4 B1 B2"], discard="R5", draw_pile="Y1 Y2 Y3",
               rules=RuleSet(to_the_last=True, silent_twos=True))
    game.push("0:R1")
    game.push("1:R2")
    assert "0:speak" not in [m.text for m in game.table_moves()]
    with pytest.raises(IllegalMoveError):
        game.push("0:speak")
    assert hand(game, 0) == ""


def test_R_W4_LEGAL_holds_for_a_stacked_plus_four(pos):
    game = pos(["W+4 R1 Y1", "W+4 G3 B2", "Y1 Y2 Y3"], discard="B5",
               draw_pile="B1 B2 B3 B4 B5 B6 B7 B8", rules=RuleSet(stack=True, w4_bluff=False))
    game.push("0:W+4>G")
    assert [m.action for m in game.turn_moves()] == ["draw", "challenge"]  # P1 holds green


def test_T_SILENT_TWOS_ends_when_the_turn_comes_back_even_to_take_a_draw(pos):
    game = pos(["R2 G+2 G2", "R3 B1 B2", "R+2 B4 Y9"], discard="R5", draw_pile="Y1 Y2 Y3",
               rules=RuleSet(silent_twos=True, stack=True))
    game.push("0:R2")
    game.push("1:R3")
    game.push("2:R+2")
    assert game.silence is None and game.current == 0


def test_T_UNO_CENTER_the_slap_window_closes_with_the_next_play(pos):
    game = pos(["R2 G1", "R3 B1 B2", "R4 B3 B4"], discard="R5", draw_pile="Y1 Y2",
               rules=RuleSet(uno_center=True))
    game.push("0:R2")
    game.push("0:uno")
    game.push("1:R3")
    assert game.table_moves() == []
