"""House-rule corner cases found in review, pinned so they stay fixed."""

from uno_nb import Colour, Game, IllegalMoveError, Phase, RuleSet
from uno_nb.engine.render import describe_top

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


# -- issue 13: shortcuts that skipped a rule, and an endless round ----------------

def test_V_H2O_no_bonus_for_going_out_on_a_number_card_after_a_plus_one():
    # P1 plays +1 (one card left), everyone draws, P1 goes out on the Red 5:
    # the bonus is for the last card being the +1, and it was not.
    game = Game.from_position(RuleSet(h2o=True, scoring="penalty"),
                              hands=["R+1 R5", "B1 B2 W", "Y1 Y2"], discard="R7",
                              draw_pile="G1 G2 G3", max_rounds=1)
    game.push_many(["0:R+1", "0:uno", "1:draw", "2:draw", "0:R5"])
    assert game.scores == [0, 54, 5] and game.fired["V-H2O"] == 1  # the +1's draw only


def test_V_H2O_the_bonus_for_going_out_on_a_plus_one_and_on_a_wild_plus_two():
    # (the +1 or +2 still falls on P2 first: R-OUT)
    for card, bonus, p2 in (("R+1", 20, 4), ("W+2>R", 40, 6)):
        game = Game.from_position(RuleSet(h2o=True, scoring="penalty"),
                                  hands=[card.split(">")[0], "B1 B2", "Y1 Y2"], discard="R7",
                                  draw_pile="G1 G2 G3", max_rounds=1)
        game.push(f"0:{card}")
        assert game.scores == [-bonus, p2, 3]


@pytest.mark.parametrize("option", ["play_drawn", "draw_until_playable"])
def test_V_PLAY_DRAWN_MUST_and_V_DRAW_UNTIL_PLAYABLE_never_force_a_bluff(option):
    # P1 holds red on a red 7 and draws a Wild Draw Four: playing it would be a
    # bluff (R-W4-BLUFF), which is a choice, never an obligation.
    game = Game.from_position(RuleSet(**{option: True}), hands=["R3 G1", "B1 B2", "Y1 Y2"],
                              discard="R7", draw_pile="W+4 G5")
    game.push("0:draw")
    assert game.phase is Phase.DRAWN
    assert [m.text for m in game.turn_moves()] == ["0:W+4>R", "0:W+4>Y", "0:W+4>G", "0:W+4>B",
                                                   "0:pass"]
    assert game.fired["V-PLAY-DRAWN-MUST"] + game.fired["V-DRAW-UNTIL-PLAYABLE"] == 0
    game.push("0:pass")
    assert hand(game, 0) == "R3 G1 W+4" and game.current == 1


@pytest.mark.parametrize("option", ["play_drawn", "draw_until_playable"])
def test_V_PLAY_DRAWN_MUST_an_honest_drawn_wild_draw_four_must_be_played(option):
    game = Game.from_position(RuleSet(**{option: True}), hands=["G3 G1", "B1 B2", "Y1 Y2"],
                              discard="R7", draw_pile="W+4 G5")
    game.push("0:draw")
    assert [m.text for m in game.turn_moves()] == ["0:W+4>R", "0:W+4>Y", "0:W+4>G", "0:W+4>B"]
    with pytest.raises(IllegalMoveError, match="must be played"):
        game.push("0:pass")


def test_V_JUMP_IN_on_a_wild_draw_four_is_refused_for_the_right_reason():
    game = Game.from_position(RuleSet(jump_in=True), hands=["W+4 R1 R2", "B1 B2", "W+4 Y1 Y2"],
                              discard="R7", draw_pile="G1 G2 G3 G4 G5 G6")
    game.push("0:W+4>B")
    before = game.state_key()
    with pytest.raises(IllegalMoveError, match="V-JUMP-IN: nobody jumps in with a Wild Draw Four"):
        game.push("2:W+4>G")
    assert game.state_key() == before


def test_V_H2O_penalties_are_logged_under_V_H2O_not_R_DRAW2():
    for card in ("R+1", "W+2>R"):
        game = Game.from_position(RuleSet(h2o=True, scoring="penalty"),
                                  hands=[card.split(">")[0] + " R1", "B1 B2", "Y1 Y2"],
                                  discard="R7", draw_pile="G1 G2 G3")
        game.push(f"0:{card}")
        game.push("1:draw")
        assert [(type(e).__name__, e.rule) for e in game.last_events()] == [
            ("Drew", "V-H2O"), ("Skipped", "V-H2O")]


def test_V_DOUBLES_the_second_card_is_not_logged_as_a_jump_in():
    game = Game.from_position(RuleSet(doubles=True), hands=["R5 R5 G1", "B1 B2", "Y1 Y2"],
                              discard="R7", draw_pile="G1 G2 G3")
    game.push_many(["0:R5", "0:R5"])
    assert game.fired["V-DOUBLES"] == 1 and game.fired["V-JUMP-IN"] == 0
    assert game.log()[-1] == "Player 1 plays the second Red 5 at once (doubles)"
    assert game.log(lang="ru")[-1] == "Игрок 1 сразу кладёт вторую такую же карту: красная 5 (дубль)"


def test_R_RESHUFFLE_both_piles_empty_and_nobody_able_to_play_ends_the_round_blocked():
    # Nothing to draw (the discard pile is only its top card) and no player
    # holds red or a 7: the round ends, won by the fewest points in hand (P1: 3).
    game = Game.from_position(RuleSet(), hands=["G1 G2", "B1 B2 B3", "Y9"], discard="R7",
                              draw_pile="", max_rounds=1)
    game.push("0:draw")
    assert game.phase is Phase.GAME_OVER
    assert game.round_results[0].winner == 0 and game.scores == [15, 0, 0]
    assert game.log()[-4:-2] == [
        "Both piles are empty and nobody can play: the round ends, and Player 1 wins it "
        "with the fewest points in hand",
        "Player 1 wins round 1: nobody can move"]


def test_R_RESHUFFLE_blocked_a_tie_goes_to_the_first_in_play_order_and_a_playable_card_plays_on():
    # P2 and P3 both hold 5 points; P2 (seat 1) is due next after P1's failed draw.
    game = Game.from_position(RuleSet(), hands=["G1 G9", "B5", "Y5"], discard="R7",
                              draw_pile="", max_rounds=1)
    game.push("0:draw")
    assert game.round_results[0].winner == 1 and game.scores == [0, 15, 0]
    # someone can still play: no block, play goes on
    game = Game.from_position(RuleSet(), hands=["G1 G9", "B5", "R5"], discard="R7",
                              draw_pile="", max_rounds=1)
    game.push("0:draw")
    assert game.phase is Phase.TURN and game.current == 1


def test_R_START_EFFECT_a_wild_start_card_has_no_colour_until_the_first_player_chooses():
    game = Game(players=3, seed=2)  # seed 2 turns a Wild; Player 2 chooses
    assert game.phase is Phase.COLOUR and game.top.rank == "W" and game.current == 1
    assert game.colour is None and game.view(0).colour is None
    assert describe_top(game) == "Top card: Wild · colour in force: not chosen yet"
    assert describe_top(game, "ru") == "Верхняя карта: дикая карта · цвет в игре: ещё не выбран"
    assert [m.text for m in game.legal_moves()] == ["1:colour R", "1:colour Y", "1:colour G",
                                                    "1:colour B"]
    game.push("1:colour G")
    assert game.colour is Colour.GREEN and game.phase is Phase.TURN
    assert describe_top(game) == "Top card: Wild · colour in force: green"


def test_V_H2O_no_bonus_for_the_winner_of_a_blocked_round_who_did_not_go_out():
    # P1 played a +1 earlier; the round ends blocked and P1 wins it holding
    # cards: nobody went out on a card, so nothing is taken off (and R-OUT,
    # going out, is not counted).
    game = Game.from_position(RuleSet(scoring="penalty", h2o=True),
                              hands=["R+1 G0 Y0", "G5 G6", "Y9 Y8 Y7 W"], discard="R7",
                              draw_pile="G9", max_rounds=1)
    game.push_many(["0:R+1", "2:W>B", "0:draw", "1:draw", "2:draw"])
    assert game.round_results[0].winner == 0 and game.round_results[0].points == 0
    assert game.scores == [7, 40, 24]
    assert game.fired["V-H2O"] == 1 and game.fired["R-OUT"] == 0  # the +1's draw only


def test_V_DOUBLES_a_doubled_skip_is_not_a_jump_in_nor_an_answer():
    game = Game.from_position(RuleSet(doubles=True), hands=["RS RS G1 G2", "B5 B6", "Y4 Y2"],
                              discard="R7", draw_pile="G3 G4")
    game.push_many(["0:RS", "0:RS"])
    assert game.log()[-2] == "Player 1 plays the second Red Skip at once (doubles)"
    assert game.fired == {"R-SKIP": 2, "V-DOUBLES": 1}
