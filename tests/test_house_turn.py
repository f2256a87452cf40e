"""House rules of the turn (docs/rules.md §3, §4, §7, §9): V-FORCE-PLAY, V-PLAY-DRAWN-MUST,
V-DRAW-UNTIL-PLAYABLE, V-W4-ANYTIME, V-MISPLAY-PENALTY, V-UNO-PENALTY-4,
V-TWO-PLAYER-SKIP."""

import pytest

from uno_nb import Colour, IllegalMoveError, Phase, RuleSet

from tests.helpers import hand, texts


def actions(game):
    return [m.action for m in game.turn_moves()]


def test_V_FORCE_PLAY_no_voluntary_draw(pos):
    game = pos(["R3 B1", "G1"], discard="R5", rules=RuleSet(draw_anytime=False))
    assert actions(game) == ["R3"]
    with pytest.raises(IllegalMoveError, match="V-FORCE-PLAY"):
        game.push("draw")
    assert "V-FORCE-PLAY" in RuleSet(draw_anytime=False).active_ids()


def test_V_PLAY_DRAWN_MUST_a_playable_drawn_card_is_played(pos):
    game = pos(["B3", "G1 G2"], discard="R5", draw_pile="R8 Y1", rules=RuleSet(play_drawn=True))
    game.push("draw")
    assert game.phase is Phase.DRAWN and actions(game) == ["R8"]
    with pytest.raises(IllegalMoveError, match="V-PLAY-DRAWN-MUST"):
        game.push("pass")
    game.push("R8")
    assert game.top.text == "R8" and game.current == 1
    assert game.fired["V-PLAY-DRAWN-MUST"] == 1


def test_V_DRAW_UNTIL_PLAYABLE_keeps_drawing_then_plays(pos):
    game = pos(["B3", "G1 G2"], discard="R5", draw_pile="Y1 G7 R8 Y2",
               rules=RuleSet(draw_until_playable=True))
    game.push("draw")
    assert hand(game, 0) == "B3 Y1 G7 R8" and game.phase is Phase.DRAWN
    assert actions(game) == ["R8"]
    game.push("R8")
    assert game.current == 1 and game.cards_drawn[0] == 3
    assert texts(game, 5) == ["P0 draws a card (Y1)", "P0 draws a card (G7)",
                              "P0 draws a card (R8)",
                              "P0 can play the card just drawn and must play it", "P0 plays R8"]
    assert {e.rule for e in game.events[-5:-2]} == {"V-DRAW-UNTIL-PLAYABLE"}


def test_V_DRAW_UNTIL_PLAYABLE_with_nothing_playable_left_the_turn_passes(pos):
    game = pos(["B3", "G1 R2"], discard="R5", draw_pile="Y1 G7",
               rules=RuleSet(draw_until_playable=True))
    game.push("draw")  # nothing left to draw; P1 can still play R2
    assert hand(game, 0) == "B3 Y1 G7" and game.current == 1 and game.phase is Phase.TURN


def test_V_W4_ANYTIME_no_bluff_and_a_challenge_always_fails(pos):
    rules = RuleSet(w4_anytime=True, w4_bluff=False)
    game = pos(["W+4 R3 R4", "B1", "G1 G2"], discard="R5", draw_pile="Y1 Y2 Y3 Y4 Y5 Y6",
               rules=rules)
    assert "W+4>G" in actions(game)  # legal although P0 holds red
    game.push("W+4>G")
    game.push("1:challenge")
    assert hand(game, 1) == "B1 Y1 Y2 Y3 Y4 Y5 Y6"  # innocent by rule: 6 cards
    assert game.fired["V-W4-ANYTIME"] == 1 and game.fired["R-CHALLENGE-INNOCENT"] == 1
    assert "R-W4-BLUFF" not in game.fired


def test_V_W4_ANYTIME_a_challenge_logs_the_colour_held_and_the_rule_that_allows_it(pos):
    """The log says why the challenge fails: the accused held the colour, and
    V-W4-ANYTIME allows the card anyway (not "held no red"); the counts are
    those of any failed challenge (the kernel twin compares them)."""
    rules = RuleSet(w4_anytime=True)
    game = pos(["W+4 R3 R4", "B1", "G1 G2"], discard="R5", draw_pile="Y1 Y2 Y3 Y4 Y5 Y6",
               rules=rules)
    game.push_many(["W+4>G", "1:challenge"])
    said = texts(game, 3)[0]
    assert said == ("P1 challenges: P0 held red, but these rules let a Wild Draw Four be "
                    "played at any time - P1 draws 6")
    assert "held no" not in said
    russian = game.event_text(game.events[-3], "ru")
    assert "по этим правилам дикую +4 можно класть в любой момент" in russian
    assert "Игрок 1" in russian and "V-W4" not in russian
    assert {k: v for k, v in game.fired.items() if v} == {
        "R-W4": 1, "V-W4-ANYTIME": 1, "R-CHALLENGE": 1, "R-CHALLENGE-INNOCENT": 1}
    # holding no red, the sentence is the usual one
    game = pos(["W+4 B3", "B1", "G1 G2"], discard="R5", draw_pile="Y1 Y2 Y3 Y4 Y5 Y6",
               rules=rules)
    game.push_many(["W+4>G", "1:challenge"])
    assert texts(game, 3)[0] == "P1 challenges: P0 held no red - P1 draws 6"
    # undone and made again, the events are the same
    before = list(game.events)
    game.pop()
    game.redo()
    assert game.events == before


def test_V_W4_ANYTIME_the_log_reads_the_hand_the_plus_4_was_played_from(pos):
    """Cards drawn between the +4 and the challenge (a caught UNO!) are not
    what the player held: P0 played W+4 holding G3 only, then drew 2 red for
    the UNO! they forgot, and still "held no red"."""
    rules = RuleSet(w4_anytime=True)
    game = pos(["W+4 G3", "B1 B2 B3", "Y1 Y2 Y3"], discard="R5",
               draw_pile="R7 R8 Y4 Y5 Y6 Y7 Y8 Y9", rules=rules)
    game.push_many(["W+4>B", "1:catch 0", "1:challenge"])
    assert "R7" in hand(game, 0) and "R8" in hand(game, 0)
    said = [line for line in texts(game, 4) if "challenges" in line]
    assert said == ["P1 challenges: P0 held no red - P1 draws 6"]
    # and a red card held before the +4 still counts, whatever was drawn since
    game = pos(["W+4 R3 G3", "B1 B2 B3", "Y1 Y2 Y3"], discard="R5",
               draw_pile="Y4 Y5 Y6 Y7 Y8 Y9 Y1 Y2", rules=rules)
    game.push_many(["W+4>B", "1:challenge"])
    assert any("P0 held red, but these rules" in line for line in texts(game, 4))


def test_V_MISPLAY_PENALTY_a_wrong_card_goes_back_and_costs_2(pos):
    game = pos(["B3 R1", "G1 G2", "Y7 Y8"], discard="R5", draw_pile="Y1 Y2 Y3",
               rules=RuleSet(misplay_penalty=True))
    game.push("B3")
    assert hand(game, 0) == "B3 R1 Y1 Y2" and game.top.text == "R5"
    assert game.current == 1  # the misplay ends the turn
    assert texts(game, 2) == ["P0 plays B3 wrongly: the card goes back, P0 draws 2",
                              "P0 draws 2 cards (Y1 Y2)"]
    game.pop()
    assert hand(game, 0) == "B3 R1" and game.current == 0


def test_V_MISPLAY_PENALTY_false_call_and_false_catch_cost_2(pos):
    game = pos(["B3 R1 R2", "G1 G2", "Y7 Y8"], discard="R5", draw_pile="Y1 Y2 Y3 Y4",
               rules=RuleSet(misplay_penalty=True))
    game.push("1:uno")
    assert hand(game, 1) == "G1 G2 Y1 Y2" and game.current == 0
    game.push("2:catch 0")
    assert hand(game, 2) == "Y7 Y8 Y3 Y4" and game.current == 0
    assert game.fired["V-MISPLAY-PENALTY"] == 2


def test_V_MISPLAY_PENALTY_off_illegal_moves_are_refused(pos):
    game = pos(["B3 R1", "G1 G2"], discard="R5")
    with pytest.raises(IllegalMoveError):
        game.push("B3")
    assert hand(game, 0) == "B3 R1"


def test_V_MISPLAY_PENALTY_cards_not_held_are_still_refused(pos):
    game = pos(["B3 R1", "G1 G2"], discard="R5", rules=RuleSet(misplay_penalty=True))
    with pytest.raises(IllegalMoveError, match="does not hold"):
        game.push("G9")


def test_V_UNO_PENALTY_4_caught_draws_4(pos):
    game = pos(["R3 R4", "B1 B2", "G1 G2"], discard="R5", rules=RuleSet(uno_penalty=4))
    game.push("R3")
    game.push("2:catch 0")
    assert hand(game, 0) == "R4 Y1 Y2 Y3 Y4"
    assert game.fired["T-UNO-CATCH"] == 1


def test_V_TWO_PLAYER_SKIP_skip_and_reverse_give_another_turn(pos):
    game = pos(["RS RR R1 R2", "B1 B2"], discard="R5")
    game.push("RS")
    assert game.current == 0
    game.push("RR")
    assert game.current == 0 and game.fired["V-TWO-PLAYER-SKIP"] == 1


def test_V_TWO_PLAYER_SKIP_off_a_two_player_reverse_only_turns(pos):
    game = pos(["RS RR R1 R2", "B1 B2"], discard="R5", rules=RuleSet(two_player_skip=False))
    game.push("RR")
    assert game.current == 1 and game.direction == -1
    game2 = pos(["RS R1 R2", "B1 B2"], discard="R5", rules=RuleSet(two_player_skip=False))
    game2.push("RS")
    assert game2.current == 0  # a Skip with two players is always another turn (R-SKIP)
