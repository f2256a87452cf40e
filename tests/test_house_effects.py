"""House rules for card effects (docs/rules.md §9): V-DOUBLES, V-SEVEN-ZERO,
V-SWAP-FIVE, V-COLOUR-WHEEL."""

import pytest

from uno_nb import Colour, IllegalMoveError, Phase, RuleSet

from tests.helpers import hand, texts


def actions(game):
    return [m.action for m in game.turn_moves()]


def test_V_DOUBLES_the_second_identical_card_follows_the_first(pos):
    game = pos(["R7 R7 R1", "B1 B2", "G1 G2"], discard="R5", rules=RuleSet(doubles=True))
    game.push("R7")
    assert [m.text for m in game.jump_in_moves()] == ["0:R7"]
    game.push("0:R7")
    assert game.current == 1 and hand(game, 0) == "R1"
    assert game.fired["V-DOUBLES"] == 1


def test_V_DOUBLES_with_jump_in_someone_else_may_get_in_first(pos):
    rules = RuleSet(doubles=True, jump_in=True)
    game = pos(["R7 R7 R1", "B1 B2", "G1 G2"], discard="R5", rules=rules)
    game.push("R7")
    assert [m.text for m in game.jump_in_moves()] == ["0:R7"]
    game2 = pos(["R7 R1", "B1 B2", "R7 G1"], discard="R5", rules=rules)
    game2.push("R7")
    assert [m.text for m in game2.jump_in_moves()] == ["2:R7"]


def test_V_DOUBLES_off_no_second_card_out_of_turn(pos):
    game = pos(["R7 R7 R1", "B1 B2", "G1 G2"], discard="R5")
    game.push("R7")
    assert game.jump_in_moves() == []


def test_V_SEVEN_ZERO_a_zero_passes_every_hand_on_in_the_direction_of_play(pos):
    rules = RuleSet(seven_zero=True)
    game = pos(["R0 R1 R2", "B1 B2", "G1 G2 G3", "Y7"], discard="R5", rules=rules)
    game.push("R0")
    # clockwise: P0's hand goes to P1, P1's to P2, P2's to P3, P3's to P0
    assert [hand(game, s) for s in range(4)] == ["Y7", "R1 R2", "B1 B2", "G1 G2 G3"]
    assert game.current == 1
    assert texts(game, 1) == ["Every hand passes on clockwise"]
    ccw = pos(["R0 R1 R2", "B1 B2", "G1 G2 G3", "Y7"], discard="R5", rules=rules, direction=-1)
    ccw.push("R0")
    assert [hand(ccw, s) for s in range(4)] == ["B1 B2", "G1 G2 G3", "Y7", "R1 R2"]
    assert ccw.current == 3


def test_V_SEVEN_ZERO_a_seven_swaps_hands_with_a_chosen_player(pos):
    game = pos(["R7 R1 R2", "B1 B2", "G1 G2 G3", "Y7"], discard="R5",
               rules=RuleSet(seven_zero=True))
    game.push("R7")
    assert game.phase is Phase.SWAP and game.current == 0
    assert actions(game) == ["swap 1", "swap 2", "swap 3"]
    game.push("swap 3")
    assert hand(game, 0) == "Y7" and hand(game, 3) == "R1 R2"
    assert game.current == 1 and game.phase is Phase.TURN
    assert texts(game, 1) == ["P0 swaps hands with P3"]


def test_V_SEVEN_ZERO_going_out_on_a_seven_ends_the_round_before_any_swap(pos):
    game = pos(["R7", "B1 B2", "G1 G2 G3"], discard="R5", rules=RuleSet(seven_zero=True))
    game.push("R7")
    assert game.phase is Phase.GAME_OVER or game.phase is Phase.ROUND_OVER
    assert game.scores[0] == 1 + 2 + 1 + 2 + 3


def test_V_SWAP_FIVE_each_side_chooses_the_card_it_gives(pos):
    game = pos(["R5 R1 W", "B1 B9 BS", "G1 G2"], discard="R3", rules=RuleSet(swap_five=True))
    game.push("R5")
    assert game.phase is Phase.EXCHANGE and actions(game) == ["swap 1", "swap 2", "pass"]
    game.push("swap 1")
    assert game.phase is Phase.GIVE and game.current == 0
    assert actions(game) == ["give R1", "give W"]
    game.push("give R1")
    assert game.current == 1 and actions(game) == ["give B1", "give B9", "give BS"]
    game.push("give B9")
    assert hand(game, 0) == "W B9" and hand(game, 1) == "B1 BS R1"
    assert game.current == 1 and game.phase is Phase.TURN
    assert texts(game, 1) == ["P0 gives R1 and gets B9 from P1"]


def test_V_SWAP_FIVE_may_be_declined(pos):
    game = pos(["R5 R1 W", "B1 B9", "G1 G2"], discard="R3", rules=RuleSet(swap_five=True))
    game.push("R5")
    game.push("pass")
    assert game.current == 1 and hand(game, 0) == "R1 W"


def test_V_COLOUR_WHEEL_black_cards_turn_the_wheel(pos):
    rules = RuleSet(colour_wheel=True)
    game = pos(["W R1 R2", "B1 B2", "G1 G2"], discard="R5", rules=rules)
    assert "W" in actions(game) and "W>G" not in actions(game)
    game.push("W")
    assert game.colour is Colour.BLUE  # red, clockwise: blue
    ccw = pos(["W R1 R2", "B1 B2", "G1 G2"], discard="Y5", rules=rules, direction=-1)
    ccw.push("W")
    assert ccw.colour is Colour.GREEN  # yellow, counter-clockwise: green
    with pytest.raises(IllegalMoveError, match="names no colour"):
        pos(["W R1", "B1"], discard="R5", rules=rules).push("W>G")


def test_V_COLOUR_WHEEL_all_the_way_round(pos):
    rules = RuleSet(colour_wheel=True)
    game = pos(["W W R1 R2", "W B2 B3", "W G1 G2"], discard="R5", rules=rules)
    seen = []
    for move in ["0:W", "1:W", "2:W", "0:W"]:
        game.push(move)
        seen.append(game.colour)
    assert seen == [Colour.BLUE, Colour.GREEN, Colour.YELLOW, Colour.RED]
    assert game.fired["V-COLOUR-WHEEL"] == 4


def test_V_SEVEN_ZERO_a_swap_with_nobody_says_why(pos):
    """A 7's swap names a partner who holds cards: not oneself, not a seat
    that is not at the table; the refusal says which."""
    from uno_nb.engine.errors import IllegalMoveError
    game = pos(["R7 B1", "G1 G2", "Y1"], discard="R5", rules=RuleSet(seven_zero=True))
    game.push("R7")
    cards = game.card_count()
    with pytest.raises(IllegalMoveError, match="swaps with another player, not with themselves"):
        game.push("0:swap 0")
    with pytest.raises(IllegalMoveError, match="there is no seat 3 in a 3-player game"):
        game.push("0:swap 3")
    game.push("0:swap 1")
    assert game.card_count() == cards and hand(game, 1) == "B1"

