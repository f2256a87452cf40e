"""Action cards (docs/rules.md §4): R-SKIP, R-REVERSE, R-DRAW2, R-WILD, R-W4,
R-W4-LEGAL, R-W4-BLUFF."""

import pytest

from uno_nb import Colour, IllegalMoveError, Phase, RuleSet

from tests.helpers import hand, texts

FOUR = ["R1 R2 RS RR R+2 W W+4 G9", "B1 B2", "G1 G2", "Y7 Y8"]


def test_R_SKIP_next_player_loses_their_turn(pos):
    game = pos(FOUR, discard="R5")
    game.push("RS")
    assert game.current == 2
    assert texts(game, 2) == ["P0 plays RS", "P1 is skipped"]


def test_R_SKIP_with_two_players_the_player_plays_again(pos):
    game = pos(["RS R1", "B1 B2"], discard="R5")
    game.push("RS")
    assert game.current == 0 and game.phase is Phase.TURN


def test_R_REVERSE_changes_direction(pos):
    game = pos(FOUR, discard="R5")
    game.push("RR")
    assert game.direction == -1 and game.current == 3
    assert texts(game, 1) == ["Play now goes counter-clockwise"]


def test_R_REVERSE_two_reverses_cancel(pos):
    game = pos(["RR R1", "B1", "G1", "RR Y8"], discard="R5")
    game.push("RR")
    game.push("3:RR")
    assert game.direction == 1 and game.current == 0


def test_R_REVERSE_three_reverses_reverse(pos):
    game = pos(["RR R1 R2", "B1", "YR G1", "RR Y8"], discard="R5")
    game.push("RR")            # P0: now counter-clockwise, P3 next
    game.push("3:RR")          # P3: clockwise again, P0 next
    game.push("0:R1")
    assert game.current == 1
    game2 = pos(["RR GR R1", "B1", "G1", "RR Y8"], discard="R5")
    game2.push("RR")           # counter-clockwise, P3 next
    game2.push("3:RR")         # clockwise, P0 next
    game2.push("0:GR")         # the third Reverse: counter-clockwise, P3 next
    assert game2.direction == -1 and game2.current == 3


def test_R_REVERSE_with_two_players_acts_as_skip(pos):
    game = pos(["RR R1", "B1 B2"], discard="R5")
    game.push("RR")
    assert game.current == 0
    assert texts(game, 1) == ["With two players Reverse acts as Skip: P0 plays again"]


def test_R_DRAW2_next_player_draws_2_and_is_skipped(pos):
    # Nothing else can happen (no answer, no jump-in, no UNO call pending):
    # the victim draws at once, as part of the card's effect.
    game = pos(FOUR, discard="R5", draw_pile="Y1 Y2 Y3")
    game.push("R+2")
    assert hand(game, 1) == "B1 B2 Y1 Y2" and game.current == 2
    assert game.phase is Phase.TURN and game.pending == 0
    assert texts(game, 3) == ["P0 plays R+2", "P1 draws 2 cards (Y1 Y2)", "P1 is skipped"]
    assert game.turns == 2


def test_R_DRAW2_the_draw_is_a_move_while_someone_could_still_act(pos):
    # P0 is left with one card: P1's draw is a move, so the others can catch P0 first.
    game = pos(["R+2 R1", "B1 B2", "G1 G2", "Y7 Y8"], discard="R5", draw_pile="Y1 Y2 Y3")
    game.push("R+2")
    assert game.phase is Phase.PENALTY and game.current == 1 and game.pending == 2
    assert [m.text for m in game.turn_moves()] == ["1:draw"]
    game.push("1:draw")
    assert hand(game, 1) == "B1 B2 Y1 Y2" and game.current == 2
    assert texts(game, 2) == ["P1 draws 2 cards (Y1 Y2)", "P1 is skipped"]


def test_R_DRAW2_playable_on_another_draw_two(pos):
    game = pos(["G+2 B3", "B1"], discard="R+2")
    assert [m.action for m in game.legal_moves()] == ["G+2", "draw"]


def test_R_WILD_playable_while_holding_a_playable_card_any_colour(pos):
    game = pos(FOUR, discard="R5")
    assert {"W>R", "W>Y", "W>G", "W>B"} <= {m.action for m in game.legal_moves()}
    game.push("W>R")
    assert game.colour is Colour.RED and game.current == 1
    assert texts(game, 1) == ["P0 plays W and chooses red"]


def test_R_W4_next_player_draws_4_and_is_skipped(pos):
    game = pos(["W+4 G9", "B1", "G1", "Y7"], discard="R5", draw_pile="Y1 Y2 Y3 Y4 Y5")
    game.push("W+4>B")
    assert game.colour is Colour.BLUE and game.current == 1 and game.pending == 4
    assert [m.action for m in game.turn_moves()] == ["draw", "challenge"]
    game.push("draw")
    assert hand(game, 1) == "B1 Y1 Y2 Y3 Y4" and game.current == 2
    assert game.colour is Colour.BLUE


def test_R_W4_LEGAL_refuses_a_plus_four_while_holding_the_colour_when_bluffs_are_off(pos):
    rules = RuleSet(w4_bluff=False)
    game = pos(["W+4 R3 G5", "B1"], discard="R5", rules=rules)
    assert "W+4>G" not in [m.action for m in game.legal_moves()]
    before = game.state_key()
    with pytest.raises(IllegalMoveError, match="R-W4-LEGAL: Player 1 holds red"):
        game.push("W+4>G")
    assert game.state_key() == before


def test_R_W4_LEGAL_matching_number_or_wild_does_not_count(pos):
    rules = RuleSet(w4_bluff=False)
    game = pos(["W+4 G5 W", "B1"], discard="R5", rules=rules)
    assert "W+4>G" in [m.action for m in game.legal_moves()]


def test_R_W4_BLUFF_is_a_legal_move_hidden_until_challenged(pos):
    game = pos(["W+4 R3", "B1", "G1"], discard="R5")
    game.push("W+4>G")
    assert texts(game, 1) == ["P0 plays W+4 and chooses green"]  # nobody can see it
    assert game.fired["R-W4-BLUFF"] == 1
    game.push("challenge")
    assert "a bluff!" in texts(game)[-2]
