"""House rules for scoring and the end of the game (docs/rules.md §8):
V-SCORE-PENALTY, V-LAZY, V-DROP-ZERO, V-TO-THE-LAST, V-SEVEN-ROUNDS, V-H2O."""

import pytest

from uno_nb import Game, Phase, RuleError, RuleSet, build_deck
from uno_nb.engine import events

from tests.helpers import hand, texts

PENALTY = RuleSet(scoring="penalty")
LAZY = RuleSet(scoring="lazy")


def test_V_SCORE_PENALTY_everyone_adds_their_own_hand(pos):
    game = pos(["R3", "B1 B9", "G1 GS"], discard="R5", rules=PENALTY)
    game.push("R3")
    assert game.scores == [0, 10, 21] and game.phase is Phase.ROUND_OVER


def test_V_SCORE_PENALTY_lowest_total_wins_when_someone_reaches_the_target(pos):
    game = pos(["R3", "B1 B9", "G1 GS"], discard="R5", rules=PENALTY, scores=[400, 450, 490])
    game.push("R3")
    assert game.scores == [400, 460, 511]
    assert game.is_over and game.outcome.winner == 0 and game.outcome.reason == "target"


def test_V_LAZY_winner_starts_and_the_loser_deals_the_next_round(pos):
    game = pos(["R3", "B1 B9", "G1 GS", "Y7 Y8"], discard="R5", rules=LAZY, dealer=3)
    game.push("R3")
    assert game.scores == [0, 0, 0, 0]
    result = game.round_results[-1]
    assert result.winner == 0 and result.loser == 2 and result.points == 21
    assert game.phase is Phase.ROUND_OVER and game.current == 2  # the loser deals
    game.push("deal")
    assert game.dealer == 2
    dealt = [e for e in game.events if isinstance(e, events.Dealt)][-1]
    start = [e for e in game.events if isinstance(e, events.StartCard)][-1]
    assert dealt.dealer == 2 and start.first == 0  # the winner starts
    assert "Lazy scoring: P0 starts the next round, P2 (most points in hand) deals it" in texts(game)


def test_V_LAZY_game_ends_after_the_agreed_rounds_with_most_rounds_won(pos):
    game = pos(["R3", "B1 B9", "G1 GS"], discard="R5", rules=LAZY, max_rounds=1)
    game.push("R3")
    assert game.is_over and game.outcome.winner == 0 and game.outcome.reason == "rounds"


def test_V_DROP_ZERO_a_lone_zero_counts_50(pos):
    game = pos(["R3", "B0", "G1 G0"], discard="R5", rules=RuleSet(drop_zero=True))
    game.push("R3")
    assert game.scores[0] == 50 + 1
    plain = pos(["R3", "B0", "G1 G0"], discard="R5")
    plain.push("R3")
    assert plain.scores[0] == 1
    assert game.fired["V-DROP-ZERO"] == 1


def test_V_TO_THE_LAST_play_goes_on_until_one_player_is_left(pos):
    game = pos(["R3", "R4 B9", "G1 GS", "R6 R7"], discard="R5", rules=RuleSet(to_the_last=True))
    game.push("R3")
    assert game.phase is Phase.TURN and game.out == (True, False, False, False)
    assert game.current == 1
    game.push("1:R4")          # P1: one card left
    game.push("2:draw")        # P2 draws (Y1) and cannot play it
    game.push("3:R6")
    # P0 is out: the turn goes from P3 straight to P1
    assert game.current == 1 and game.phase is Phase.TURN
    assert hand(game, 0) == "" and game.turn_moves()[0].player == 1


def test_V_TO_THE_LAST_first_out_wins_last_loses_under_each_scoring_mode(pos):
    for scoring, expect in (("winner", [29, 0, 0]), ("penalty", [0, 0, 29]), ("lazy", [0, 0, 0])):
        rules = RuleSet(to_the_last=True, scoring=scoring)
        game = pos(["R3", "R4", "G9 GR"], discard="R5", rules=rules, max_rounds=1)
        game.push("R3")
        game.push("1:R4")
        assert game.is_over, scoring
        assert game.scores == expect, scoring
        result = game.round_results[-1]
        assert (result.winner, result.loser) == (0, 2), scoring
        assert game.outcome.winner == 0, scoring  # penalty: a tie at 0 goes to the round winner


def test_V_SEVEN_ROUNDS_an_empty_hand_draws_6_then_5(pos):
    game = pos(["R3", "B1 B2", "G1 G2"], discard="R5", rules=RuleSet(seven_rounds=True),
               draw_pile=" ".join(["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8", "Y9",
                                   "Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7"]))
    game.push("R3")
    assert len(game.hands[0]) == 6 and game.phase is Phase.TURN and game.current == 1
    assert game.refills_left(0) == 5
    assert "P0 has emptied their hand: draws 6 and plays on" in texts(game)


def test_V_SEVEN_ROUNDS_emptying_after_drawing_1_wins_the_game(pos):
    game = pos(["R3", "B1 B2", "G1 G2"], discard="R5", rules=RuleSet(seven_rounds=True))
    game._refills[0] = 6  # P0 has drawn 6, 5, 4, 3, 2 and 1 already
    game.push("R3")
    assert game.is_over and game.outcome.winner == 0 and game.outcome.reason == "seven-rounds"


def test_V_SEVEN_ROUNDS_excludes_V_TO_THE_LAST():
    with pytest.raises(RuleError, match=r"V-SEVEN-ROUNDS \(seven_rounds\) and V-TO-THE-LAST"):
        RuleSet(seven_rounds=True, to_the_last=True)


def test_V_H2O_deck_and_the_going_out_bonus(pos):
    rules = RuleSet(h2o=True, scoring="penalty")
    game = Game(rules, 4, 1)
    assert game.card_count() == 116 and len(build_deck(h2o=True)) == 116
    out_on_plus1 = pos(["R+1", "B1 B9", "G1 GS"], discard="R5", rules=rules, scores=[50, 0, 0],
                       draw_pile="Y1 Y2")
    out_on_plus1.push("R+1")
    assert out_on_plus1.scores == [50 - 20, 10 + 1, 21]  # P1 still draws the 1 (R-OUT)
    out_on_w2 = pos(["W+2", "B1 B9", "G1 GS"], discard="R5", rules=rules, scores=[50, 0, 0],
                    draw_pile="Y1 Y2")
    out_on_w2.push("W+2>G")
    assert out_on_w2.scores == [50 - 40, 10 + 1 + 2, 21]
    with pytest.raises(RuleError, match=r"V-H2O \(h2o\) needs V-SCORE-PENALTY"):
        RuleSet(h2o=True)
