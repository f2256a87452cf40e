"""A turn (docs/rules.md §3): R-MATCH, R-DRAW, R-DRAW-ANYTIME, R-RESHUFFLE."""

import pytest

from uno_nb import Colour, IllegalMoveError, Phase, RuleSet

from tests.helpers import hand, texts


def actions(game, seat=None):
    return [m.action for m in game.legal_moves(seat)]


def test_R_MATCH_by_colour_by_number_or_symbol_or_black(pos):
    game = pos(["R2 G5 B5 GS YS W W+4 B9", "R1"], discard="R5")
    # red 2 (colour), G5 and B5 (number), W and W+4 (black, any colour), in card order
    assert actions(game) == ["R2", "G5", "B5", "W>R", "W>Y", "W>G", "W>B",
                             "W+4>R", "W+4>Y", "W+4>G", "W+4>B", "draw"]
    game2 = pos(["GS YS R3", "R1"], discard="BS")
    assert actions(game2) == ["YS", "GS", "draw"]  # moves come in card order: R, Y, G, B


def test_R_MATCH_after_a_black_card_the_chosen_colour_counts(pos):
    game = pos(["G3 R3 Y7", "R1"], discard="W", colour="G")
    assert actions(game) == ["G3", "draw"]


def test_R_MATCH_a_card_that_does_not_match_is_refused(pos):
    game = pos(["B3 R2", "R1"], discard="R5")
    before = game.state_key()
    with pytest.raises(IllegalMoveError, match="B3 matches neither the colour in force \\(red\\) nor the top card R5"):
        game.push("B3")
    assert game.state_key() == before


def test_R_DRAW_playable_drawn_card_may_be_played_at_once(pos):
    game = pos(["B3", "R1"], discard="R5", draw_pile="R8 Y1")
    game.push("draw")
    assert game.phase is Phase.DRAWN and hand(game, 0) == "B3 R8"
    assert actions(game) == ["R8", "pass"]
    with pytest.raises(IllegalMoveError, match="only the drawn card \\(R8\\)"):
        game.push("B3")
    game.push("R8")
    assert game.top.text == "R8" and game.current == 1
    assert texts(game, 2) == ["P0 draws a card (R8)", "P0 plays R8"]


def test_R_DRAW_playable_drawn_card_may_be_kept(pos):
    game = pos(["B3", "R1"], discard="R5", draw_pile="R8 Y1")
    game.push("draw")
    game.push("pass")
    assert game.current == 1 and hand(game, 0) == "B3 R8" and game.top.text == "R5"
    assert texts(game, 1) == ["P0 keeps it and passes"]


def test_R_DRAW_unplayable_drawn_card_passes_the_turn(pos):
    game = pos(["B3", "R1"], discard="R5", draw_pile="G8 Y1")
    game.push("draw")
    assert game.phase is Phase.TURN and game.current == 1 and hand(game, 0) == "B3 G8"


def test_R_DRAW_ANYTIME_draw_is_legal_with_a_playable_card(pos):
    game = pos(["R3", "R1"], discard="R5")
    assert "draw" in actions(game)
    game.push("draw")
    assert len(game.hands[0]) == 2


def test_R_DRAW_ANYTIME_off_is_force_play(pos):
    rules = RuleSet(draw_anytime=False)
    game = pos(["R3 B1", "R1"], discard="R5", rules=rules)
    assert actions(game) == ["R3"]
    with pytest.raises(IllegalMoveError, match="V-FORCE-PLAY"):
        game.push("draw")
    stuck = pos(["B1", "R1"], discard="R5", rules=rules)
    assert actions(stuck) == ["draw"]


def test_R_RESHUFFLE_discards_except_top_become_the_draw_pile(pos):
    game = pos(["B3 B4", "R1 G2"], discard="G1 Y5 G6 R5", draw_pile="")
    game.push("draw")
    assert [c.text for c in game.discard] == ["R5"]
    # The seeded shuffle (seed 0) put G1 on top: P0 draws it, G6 and Y5 remain.
    assert hand(game, 0) == "B3 B4 G1"
    assert [c.text for c in game.draw_pile] == ["G6", "Y5"]
    assert game.card_count() == 8 and game.phase is Phase.TURN  # G1 does not fit R5
    assert game.current == 1
    assert texts(game, 2)[0] == "The draw pile is empty: 3 discards are shuffled into a new draw pile"
    assert game.fired["R-RESHUFFLE"] == 1


def test_R_RESHUFFLE_with_both_piles_empty_the_turn_simply_passes(pos):
    game = pos(["B3", "G1 R1"], discard="R5", draw_pile="")
    game.push("draw")  # P1 can still play R1, so play goes on
    assert game.current == 1 and hand(game, 0) == "B3"
    assert texts(game, 1) == ["P0 cannot draw: both piles are empty"]


def test_R_RESHUFFLE_with_both_piles_empty_and_nobody_able_to_play_the_round_is_blocked(pos):
    game = pos(["B3", "G1"], discard="R5", draw_pile="")
    game.push("draw")
    assert game.phase is Phase.ROUND_OVER and game.round_results[0].winner == 1
    assert game.round_results[0].points == 3


def test_R_RESHUFFLE_is_seeded(pos):
    a = pos(["B3", "G1"], discard="G2 G3 G4 G5 G6 G7 R5", draw_pile="", seed=4)
    b = pos(["B3", "G1"], discard="G2 G3 G4 G5 G6 G7 R5", draw_pile="", seed=4)
    a.push("draw")
    b.push("draw")
    assert a.draw_pile == b.draw_pile


def test_the_wrong_player_cannot_move(pos):
    game = pos(["R3", "R1"], discard="R5")
    with pytest.raises(IllegalMoveError, match="it is Player 1's turn, not Player 2's"):
        game.push("1:R1")
    with pytest.raises(IllegalMoveError, match="Player 1 does not hold R9"):
        game.push("R9")
    with pytest.raises(IllegalMoveError, match="pass only after drawing"):
        game.push("pass")
    with pytest.raises(IllegalMoveError, match="bad move 'R99'"):
        game.push("R99")


def test_colour_is_kept_as_a_colour_not_on_the_card(pos):
    game = pos(["W R1", "R1 G3"], discard="R5")
    game.push("W>G")
    assert game.colour is Colour.GREEN and game.top.text == "W" and game.top.colour is None
