"""House rules for draw cards (docs/rules.md §5, §9): V-STACK, V-STACK-MIXED,
V-REVERSE-BOUNCE, V-PLUS10."""

import pytest

from uno_nb import Colour, Game, IllegalMoveError, Phase, RuleError, RuleSet, build_deck

from tests.helpers import hand, texts

STACK = RuleSet(stack=True)
MIXED = RuleSet(stack=True, stack_mixed=True)
BOUNCE = RuleSet(reverse_bounce=True)
DRAW = "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 YS YR"
LONG = DRAW + " Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 YS YR"


def actions(game):
    return [m.action for m in game.turn_moves()]


def test_V_STACK_two_plus_two_plus_two_then_a_player_without_one_draws_6(pos):
    game = pos(["R+2 R1 R2", "G+2 B1 B2", "B+2 G1 G2", "Y7 Y8"], discard="R5",
               draw_pile=DRAW, rules=STACK)
    game.push("R+2")
    assert actions(game) == ["G+2", "draw"]
    game.push("1:G+2")
    game.push("2:B+2")
    # P3 holds no Draw Two: the stack of 6 falls on them at once.
    assert hand(game, 3) == "Y7 Y8 Y1 Y2 Y3 Y4 Y5 Y6" and game.current == 0
    assert game.fired["V-STACK"] == 2


def test_V_STACK_plus_four_on_plus_four_the_last_player_chooses_the_colour(pos):
    game = pos(["W+4 R1 R2", "W+4 B1 B2", "G1 G2"], discard="R5", draw_pile=DRAW, rules=STACK)
    game.push("W+4>G")
    assert actions(game) == ["W+4>R", "W+4>Y", "W+4>G", "W+4>B", "draw", "challenge"]
    game.push("1:W+4>B")
    assert game.pending == 8 and game.colour is Colour.BLUE and game.current == 2
    game.push("2:draw")
    assert len(game.hands[2]) == 2 + 8


def test_V_STACK_no_mixing_without_V_STACK_MIXED(pos):
    game = pos(["R+2 R1 R2", "W+4 B1 B2", "G1"], discard="R5", draw_pile=DRAW, rules=STACK)
    game.push("R+2")
    assert hand(game, 1) == "W+4 B1 B2 Y1 Y2"  # no +4 on +2: P1 drew at once


def test_V_STACK_MIXED_plus_four_on_plus_two_and_plus_two_of_the_colour_on_plus_four(pos):
    game = pos(["R+2 R1 R2", "W+4 B1 B2", "G+2 Y+2 G3", "Y7 Y8"], discard="R5",
               draw_pile=DRAW, rules=MIXED)
    game.push("R+2")
    game.push("1:W+4>G")
    assert game.pending == 6
    assert actions(game) == ["G+2", "draw", "challenge"]  # only the chosen colour
    game.push("2:G+2")
    # 2 + 4 + 2: P3 has nothing to add and draws all 8 at once.
    assert hand(game, 3) == "Y7 Y8 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8" and game.current == 0
    assert game.fired["V-STACK-MIXED"] == 2


def test_V_STACK_MIXED_needs_V_STACK_and_V_STACK_excludes_V_DEFLECT_2():
    with pytest.raises(RuleError, match=r"V-STACK-MIXED \(stack_mixed\) needs V-STACK \(stack\)"):
        RuleSet(stack_mixed=True)
    with pytest.raises(RuleError, match=r"V-STACK \(stack\) and V-DEFLECT-2 \(deflect_2\) exclude"):
        RuleSet(stack=True, deflect_2=True)


def test_V_REVERSE_BOUNCE_a_reverse_bounces_a_plus_four_back_to_its_player(pos):
    game = pos(["W+4 R1 R2", "BR G1 G2", "G3 G4", "Y7 Y8"], discard="R5",
               draw_pile=DRAW, rules=BOUNCE)
    game.push("W+4>B")
    assert actions(game) == ["BR", "draw", "challenge"]
    game.push("1:BR")
    # Back to P0, who has no answer: P0 draws the 4 and is skipped.
    assert hand(game, 0) == "R1 R2 Y1 Y2 Y3 Y4"
    assert game.direction == -1 and game.current == 3
    assert texts(game, 5)[1:3] == ["Play now goes counter-clockwise",
                                   "P1 sends the 4 cards back to P0"]


def test_V_REVERSE_BOUNCE_only_a_reverse_of_the_matching_colour(pos):
    game = pos(["R+2 R1 R2", "GR BR G1", "G3 G4"], discard="R5", draw_pile=DRAW, rules=BOUNCE)
    game.push("R+2")
    assert hand(game, 1) == "GR BR G1 Y1 Y2"  # no red Reverse: P1 drew at once


def test_V_REVERSE_BOUNCE_sends_a_skip_back(pos):
    game = pos(["RS R1 R2", "RR B1 B2", "G1 G2", "Y7 Y8"], discard="R5", rules=BOUNCE)
    game.push("RS")
    assert game.current == 2 and [m.text for m in game.jump_in_moves()] == ["1:RR"]
    game.push("1:RR")
    # Counter-clockwise now, and P0 (who played the Skip) is skipped: P3 plays.
    assert game.direction == -1 and game.current == 3
    assert texts(game, 1) == ["P1 sends the Skip back: P0 is skipped"]


def test_V_REVERSE_BOUNCE_the_stack_goes_back_and_may_be_answered(pos):
    rules = RuleSet(stack=True, reverse_bounce=True)
    game = pos(["R+2 RR R1", "R+2 RR B1", "G1 G2"], discard="R5", draw_pile=DRAW, rules=rules)
    game.push("R+2")
    game.push("1:R+2")          # stack: 4 pending on P2
    # P2 has nothing to add and no red Reverse: draws the 4 at once.
    assert len(game.hands[2]) == 6 and game.current == 0
    game2 = pos(["R+2 RR R1", "RR B1 B2", "G1 G2"], discard="R5", draw_pile=DRAW, rules=rules)
    game2.push("R+2")
    game2.push("1:RR")          # back to P0, who may answer in turn
    assert game2.current == 0 and game2.pending == 2
    assert actions(game2) == ["RR", "draw"]
    game2.push("0:RR")          # and back again to P1
    assert game2.current == 1 and game2.direction == 1


def test_V_PLUS10_the_blanks_join_as_plus_ten(pos):
    game = Game(RuleSet(plus10=True), 4, 3)
    assert game.card_count() == 112 and len(game.deck()) == 112
    stack10 = RuleSet(plus10=True, stack=True)
    play = pos(["W+10 R1 R2", "W+10 B1", "G1 G2"], discard="R5", draw_pile=LONG, rules=stack10)
    play.push("W+10>G")
    assert play.colour is Colour.GREEN and play.pending == 10
    play.push("1:W+10>B")
    assert play.pending == 20 and play.current == 2
    play.push("2:draw")
    assert len(play.hands[2]) == 2 + 20 and len(play.draw_pile) == 2
    assert play.fired["V-PLUS10"] == 2


def test_V_PLUS10_without_stacking_the_next_player_draws_10(pos):
    game = pos(["W+10 R1 R2", "B1", "G1 G2"], discard="R5", draw_pile=DRAW,
               rules=RuleSet(plus10=True))
    game.push("W+10>Y")
    assert len(game.hands[1]) == 11 and game.current == 2
