"""End of a round and scoring (docs/rules.md §8): R-OUT, R-VALUES, R-SCORE-WINNER,
and a match with the deal passing on (R-DEALER)."""

from uno_nb import Game, IllegalMoveError, Phase, RuleSet
from uno_nb.engine import events
from uno_nb.engine.scoring import hand_points, round_points
from uno_nb.engine.cards import parse_cards

import pytest

from tests.helpers import hand, texts


def test_R_OUT_round_ends_when_a_player_has_no_cards(pos):
    game = pos(["R3", "B1 B9", "G1 GS"], discard="R5")
    game.push("R3")
    assert game.phase is Phase.ROUND_OVER
    assert game.scores == [1 + 9 + 1 + 20, 0, 0]
    assert texts(game, 2) == ["P0 has no cards left and wins round 1",
                              "P0 scores 31 (scores: 31, 0, 0)"]


def test_R_OUT_a_final_draw_two_is_still_drawn_and_counted(pos):
    game = pos(["R+2", "B1", "G1"], discard="R5", draw_pile="Y7 W")
    game.push("R+2")
    assert hand(game, 1) == "B1 Y7 W"
    assert game.scores[0] == 1 + 7 + 50 + 1
    assert "P1 draws 2 cards (Y7 W)" in texts(game)


def test_R_OUT_a_final_wild_draw_four_is_still_drawn_and_counted(pos):
    game = pos(["W+4", "B1", "G1"], discard="R5", draw_pile="Y1 Y2 Y3 Y4")
    game.push("W+4>G")
    assert hand(game, 1) == "B1 Y1 Y2 Y3 Y4"
    assert game.scores[0] == 1 + 10 + 1


def test_R_VALUES_hand_points():
    assert hand_points(parse_cards("R0 G5 B9 YS RR G+2 W W+4")) == 0 + 5 + 9 + 60 + 100


def test_R_SCORE_WINNER_the_winner_scores_everyone_elses_hands():
    hands = [parse_cards("R1 W"), [], parse_cards("GS B7")]
    assert round_points(hands, winner=1) == 51 + 27


def test_R_SCORE_WINNER_reaching_the_target_wins_the_game(pos):
    game = pos(["R3", "B1 B9", "G1"], discard="R5", scores=[490, 300, 0])
    game.push("R3")
    assert game.phase is Phase.GAME_OVER and game.is_over
    assert game.outcome.winner == 0 and game.outcome.reason == "target"
    assert game.outcome.scores == (501, 300, 0)
    assert texts(game, 1) == ["P0 wins the game: reaches 501 of 500"]
    assert game.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.push("1:draw")


def test_R_SCORE_WINNER_agreed_target(pos):
    rules = RuleSet(target_score=10)
    game = pos(["R3", "B1 B9", "G1"], discard="R5", rules=rules)
    game.push("R3")
    assert game.is_over and game.outcome.winner == 0


def test_R_DEALER_the_deal_passes_clockwise_between_rounds(pos):
    game = pos(["R3", "B1 B9", "G1"], discard="R5", dealer=2, current=0)
    game.push("R3")
    assert game.phase is Phase.ROUND_OVER and game.current == 0  # next dealer: left of 2
    assert [m.text for m in game.legal_moves()] == ["0:deal"]
    with pytest.raises(IllegalMoveError, match="the round is over"):
        game.push("0:R1")
    game.push("deal")
    assert game.dealer == 0 and game.round_no == 2
    dealt = [e for e in game.events if isinstance(e, events.Dealt)][-1]
    assert dealt.dealer == 0 and [len(h) for h in dealt.hands] == [7, 7, 7]
    assert game.card_count() == 108  # the next round is dealt from the whole deck


def test_a_match_plays_rounds_until_the_target_and_the_dealer_rotates():
    from uno_nb.sim.simulation import play_game
    record, game = play_game("standard", ["heuristic"] * 3, seed=2, max_rounds=None, record=True)
    assert game.is_over and max(game.scores) >= 500
    dealt = [e for e in game.events if isinstance(e, events.Dealt)]
    assert len(dealt) == record.rounds == len(game.round_results)
    for a, b in zip(dealt, dealt[1:]):
        assert b.dealer == (a.dealer + 1) % 3
    assert sum(r.points for r in game.round_results if r.winner == game.outcome.winner) == \
        game.scores[game.outcome.winner]


def test_max_rounds_ends_the_game_with_the_leader(pos):
    game = pos(["R3", "B1 B9", "G1"], discard="R5", max_rounds=1)
    game.push("R3")
    assert game.is_over and game.outcome.reason == "rounds" and game.outcome.winner == 0
