"""Bots see only a player's view and make sensible, reproducible choices."""

import random
from math import comb

import pytest

from uno_nb import Game, RuleSet
from uno_nb.sim.bots import HeuristicBot, RandomBot, challenge_success_chance, make_bot  # noqa: F401
from uno_nb.sim.simulation import run_games


def test_random_bot_picks_only_legal_moves_and_is_seeded(pos):
    game = pos(["R3 R4 G7 W", "B1"], discard="R5")
    moves = game.turn_moves()
    bot = RandomBot()
    picks = [bot.choose(game.view(0), moves, random.Random(s)).action for s in range(200)]
    assert set(picks) == {m.action for m in moves}
    assert picks == [bot.choose(game.view(0), moves, random.Random(s)).action for s in range(200)]


def test_greedy_random_bot_never_draws_when_it_can_play(pos):
    game = pos(["R3 G7", "B1"], discard="R5")
    bot = RandomBot(greedy=True)
    picks = {bot.choose(game.view(0), game.turn_moves(), random.Random(s)).action for s in range(50)}
    assert picks == {"R3"}


def test_heuristic_keeps_wilds_and_sheds_high_points(pos):
    game = pos(["R3 R9 W G5", "B1 B2 B3 B4"], discard="R5")
    move = HeuristicBot().choose(game.view(0), game.turn_moves(), random.Random(0))
    assert move.action == "R9"


def test_heuristic_attacks_a_player_about_to_go_out(pos):
    game = pos(["R9 RS R+2 W", "B1"], discard="R5")
    move = HeuristicBot().choose(game.view(0), game.turn_moves(), random.Random(0))
    assert move.action in ("R+2", "RS")


def test_heuristic_names_its_strongest_colour(pos):
    game = pos(["W B1 B2 G3", "Y1 Y2 Y3"], discard="R5")
    move = HeuristicBot().choose(game.view(0), game.turn_moves(), random.Random(0))
    assert move.action == "W>B"


def test_heuristic_answers_a_draw_two_when_it_can(pos):
    game = pos(["R+2 R1", "G+2 B1 B2", "G1"], discard="R5", rules=RuleSet.preset("cnuno"))
    game.push("R+2")
    move = HeuristicBot().choose(game.view(1), game.turn_moves(), random.Random(0))
    assert move.action == "G+2"


def test_challenge_chance_is_hypergeometric_over_unseen_cards(pos):
    game = pos(["W+4 G1 G2", "B1 B2", "Y1"], discard="R5", draw_pile="R1 R2 R3 Y2 Y3 Y4")
    game.push("W+4>B")
    view = game.view(1)
    unseen = view.unseen()  # P0's two cards plus P2's and the draw pile: 9 cards
    reds = sum(1 for c in unseen if c.colour is not None and c.colour.letter == "R")
    assert (len(unseen), reds) == (9, 3)
    assert challenge_success_chance(view) == pytest.approx(1 - comb(6, 2) / comb(9, 2))


def test_heuristic_challenges_only_when_the_odds_favour_it(pos):
    bot = HeuristicBot()
    # Unseen: many reds -> challenge.
    game = pos(["W+4 G1 G2 G3 G4 G5", "B1 B2", "Y1"], discard="R5",
               draw_pile="R1 R2 R3 R4 R6 R7")
    game.push("W+4>B")
    assert bot.choose(game.view(1), game.turn_moves(), random.Random(0)).action == "challenge"
    # No red left unseen: the +4 was surely honest -> take the cards.
    game2 = pos(["W+4 G1", "B1 B2", "Y1"], discard="R5", draw_pile="Y2 Y3 Y4 Y5")
    game2.push("W+4>B")
    assert bot.choose(game2.view(1), game2.turn_moves(), random.Random(0)).action == "draw"


def test_heuristic_beats_random_bots():
    records = run_games("standard", ["heuristic", "random-greedy", "random-greedy", "random-greedy"],
                        400, seed=100)
    share = sum(r.winner == 0 for r in records) / len(records)
    assert share > 0.30  # a fair seat would win 25%


def test_make_bot_by_name():
    assert make_bot("heuristic").name == "heuristic"
    assert make_bot("random").name == "random" and make_bot("Random-Greedy").greedy
    with pytest.raises(ValueError, match="unknown bot 'genius'"):
        make_bot("genius")
