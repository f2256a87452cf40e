"""The risky pairs of house rules, together: stacking with reverse-bounce,
jump-in with 7-0, jump-in with stacking, the colour wheel with the +4
challenge, to-the-last with each scoring mode (test_house_scoring.py) and
seven-rounds with stacking."""

from uno_nb import Colour, Phase, RuleSet

from tests.helpers import hand, texts

DRAW = "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 YS YR"


def test_V_STACK_with_V_REVERSE_BOUNCE_a_stack_of_4_goes_back(pos):
    rules = RuleSet(stack=True, reverse_bounce=True)
    game = pos(["R+2 R1 R2", "R+2 B1 B2", "RR G1 G2", "Y7 Y8"], discard="R5",
               draw_pile=DRAW, rules=rules)
    game.push("R+2")
    game.push("1:R+2")       # 4 pending on P2
    game.push("2:RR")        # back to P1, counter-clockwise
    # P1 holds no Draw Two and no red Reverse any more: the 4 fall on P1 at once.
    assert hand(game, 1) == "B1 B2 Y1 Y2 Y3 Y4"
    assert game.direction == -1 and game.current == 0
    assert game.fired["V-STACK"] == 1 and game.fired["V-REVERSE-BOUNCE"] == 1


def test_V_JUMP_IN_with_V_SEVEN_ZERO_jump_ins_look_at_the_hands_after_they_pass_on(pos):
    # (Each 0 is unique, so nobody jumps in on a 0; a 7 comes in pairs.)
    rules = RuleSet(jump_in=True, seven_zero=True)
    game = pos(["R0 R1 R2", "B1 R6", "G1 G2", "Y7"], discard="R5", rules=rules)
    game.push("R0")
    assert [hand(game, s) for s in range(4)] == ["Y7", "R1 R2", "B1 R6", "G1 G2"]
    game.push("1:R1")
    assert game.jump_in_moves() == []
    assert game.current == 2 and game.fired["V-SEVEN-ZERO"] == 1


def test_V_JUMP_IN_with_V_SEVEN_ZERO_an_identical_seven_lets_the_jumper_swap(pos):
    rules = RuleSet(jump_in=True, seven_zero=True)
    game = pos(["R7 R1 R2", "B1 B2", "R7 G1 G2", "Y7"], discard="R5", rules=rules)
    game.push("R7")
    assert game.phase is Phase.SWAP
    game.push("swap 3")
    game.push("2:R7")
    assert game.phase is Phase.SWAP and game.current == 2
    game.push("swap 1")
    assert hand(game, 2) == "B1 B2" and hand(game, 1) == "G1 G2" and game.current == 3


def test_V_JUMP_IN_with_V_STACK_a_jump_in_adds_to_the_stack(pos):
    rules = RuleSet(jump_in=True, stack=True)
    game = pos(["R+2 R1 R2", "B1 B2", "R+2 G1 G2", "Y7 Y8"], discard="R5",
               draw_pile=DRAW, rules=rules)
    game.push("R+2")
    assert game.current == 1 and [m.text for m in game.jump_in_moves()] == ["2:R+2"]
    game.push("2:R+2")
    # P3 cannot add: 2 + 2 = 4 cards
    assert hand(game, 3) == "Y7 Y8 Y1 Y2 Y3 Y4" and hand(game, 1) == "B1 B2"


def test_V_COLOUR_WHEEL_with_R_CHALLENGE_guilty_std_the_wheel_colour_stands(pos):
    rules = RuleSet(colour_wheel=True)
    game = pos(["W+4 R3 R4", "B1", "G1 G2"], discard="R5", draw_pile=DRAW, rules=rules)
    game.push("W+4")
    assert game.colour is Colour.BLUE  # red -> blue, clockwise
    game.push("1:challenge")
    assert game.colour is Colour.BLUE and hand(game, 0) == "R3 R4 Y1 Y2 Y3 Y4"


def test_V_COLOUR_WHEEL_with_R_CHALLENGE_GUILTY_the_previous_colour_returns(pos):
    rules = RuleSet(colour_wheel=True, challenge="return")
    game = pos(["W+4 R3 R4", "B1", "G1 G2"], discard="R5", draw_pile=DRAW, rules=rules,
               direction=-1)
    game.push("W+4")
    assert game.colour is Colour.YELLOW  # red -> yellow, counter-clockwise
    game.push("2:challenge")
    assert game.colour is Colour.RED and game.top.text == "R5" and "W+4" in hand(game, 0)


def test_V_SEVEN_ROUNDS_with_V_STACK_going_out_on_a_draw_two(pos):
    rules = RuleSet(seven_rounds=True, stack=True)
    game = pos(["R+2", "R+2 B1 B2", "G1 G2"], discard="R5", rules=rules,
               draw_pile=" ".join(["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8", "Y9", "YS"]))
    game.push("R+2")
    # P0 refills 6 and plays on; P1 may still add to the Draw Two
    assert len(game.hands[0]) == 6 and game.current == 1 and game.pending == 2
    game.push("1:R+2")
    # 2 + 2 = 4 on P2, who cannot add: drawn at once
    assert len(game.hands[2]) == 2 + 4 and game.current == 0
    assert "P0 has emptied their hand: draws 6 and plays on" in texts(game)
