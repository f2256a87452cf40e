"""The scoring page's match (uno_nb.widgets.scoring_app.ScoringApp): the
rounds on show are the seeded runner's match, replayed round by round; the
scoring rules are switched on the page; the end is said as its rule says it."""

from __future__ import annotations

import pytest

from uno_nb import RuleSet
from uno_nb.engine.errors import RuleError
from uno_nb.sim.simulation import play_game
from uno_nb.widgets.scoring_app import LAZY_ROUNDS, ScoringApp
from uno_nb.widgets.scoring_panel import running_totals, say_scores



def _from_browser(control, event, value=None):
    """A person's click or change, as the page sends it: a menu's choice
    by its place in the menu, a number as typed."""
    if event == "click":
        control._from_browser({"ev": "click"})
    elif hasattr(control, "options"):
        index = [v for _, v in control.options].index(value)
        control._from_browser({"ev": "value", "v": index})
    else:
        control._from_browser({"ev": "value", "v": value})


def _said(app: ScoringApp) -> str:
    return app.panel._summary.value


def test_R_SCORE_WINNER_the_match_is_the_seeded_runners_round_by_round():
    app = ScoringApp("standard", players=3, seed=4)
    _, match = play_game("standard", ["heuristic"] * 3, 4, max_rounds=None, record=True)
    assert app.match.state_key() == match.state_key()
    assert (app.round, app.rounds) == (0, 4)
    # the deal: nobody has scored, every hand is a fresh 7
    assert app.game.round_results == [] and list(app.game.scores) == [0, 0, 0]
    assert [len(hand) for hand in app.game.hands] == [7, 7, 7]
    assert "No round is over yet." in _said(app)
    assert app._restart.disabled and not app._next.disabled
    totals = running_totals(match)
    for k in range(1, 5):
        _from_browser(app._next, "click")
        assert app.round == k
        assert [r.winner for r in app.game.round_results] == \
            [r.winner for r in match.round_results[:k]]
        assert tuple(app.game.scores) == totals[k]
        assert app._where.value == f"Rounds played: {k} of 4"
    assert "After 2 rounds" not in _said(app)
    assert _said(app).startswith('<p style="line-height:1.4">Player 2 is the first to reach 500 '
                                 "points and wins the game after 4 rounds, with 524 points.")
    assert app._next.disabled and app._end.disabled and not app._restart.disabled
    # clicks past the end, and frantic ones, change nothing
    for _ in range(5):
        _from_browser(app._next, "click")
        _from_browser(app._end, "click")
    assert app.round == 4 and app.game is app.match
    _from_browser(app._restart, "click")
    assert app.round == 0 and app.game.round_results == []


def test_R_SCORE_WINNER_two_rounds_in_say_who_leads():
    app = ScoringApp("standard", players=3, seed=4)
    app.next_round()
    app.next_round()
    assert list(app.game.scores) == [0, 337, 0]
    assert "After 2 rounds, Player 2 leads with 337 points; the first to 500 points wins." \
        in _said(app)
    # the charts show the same numbers: a line per player over rounds 0-2
    assert [list(trace.y) for trace in app.panel.scores.data] == [[0, 0, 0], [0, 196, 337],
                                                                   [0, 0, 0]]


def test_V_SCORE_PENALTY_switched_on_the_page_plays_the_same_seed_again_and_says_who_reached_500():
    app = ScoringApp("standard", players=3, seed=4)
    app.next_round()
    scoring = app.rules_panel.control("scoring")
    _from_browser(scoring, "value", "penalty")
    assert app.round == 0  # a new match: from its deal
    _, match = play_game(RuleSet(scoring="penalty"), ["heuristic"] * 3, 4, max_rounds=None,
                         record=True)
    assert app.match.state_key() == match.state_key() and app.rounds == 12
    _from_browser(app._end, "click")
    assert list(app.game.scores) == [564, 100, 497]
    assert app.game.outcome.winner == 1
    assert say_scores(app.game) == (
        "After 12 rounds, Player 1 has 564 points, and reaching 500 ends the game, so Player 2 "
        "wins it with the lowest total: 100 points. Totals — Player 1: 564 · Player 2: 100 · "
        "Player 3: 497.")
    assert say_scores(app.game, "ru").startswith(
        "После 12 раундов Игрок 1 набирает 564 очка, а когда чей-нибудь счёт доходит до 500, "
        "партия заканчивается. Её выигрывает Игрок 2 с самым низким счётом — 100 очков.")


def test_V_LAZY_keeps_no_tally_so_the_match_is_a_set_number_of_rounds():
    app = ScoringApp(RuleSet(scoring="lazy"), players=3, seed=4)
    assert app.rounds == LAZY_ROUNDS
    assert f"this match is played for {LAZY_ROUNDS} rounds" in app._note.value
    app.to_the_end()
    assert app.game.outcome.reason == "rounds" and list(app.game.scores) == [0, 0, 0]
    wins = [r.winner for r in app.game.round_results].count(app.game.outcome.winner)
    assert wins == max([r.winner for r in app.game.round_results].count(s) for s in range(3))
    assert "wins the game after 7 rounds, having won the most rounds." in _said(app)


def test_V_SEVEN_ROUNDS_the_end_is_the_seventh_empty_hand():
    _, game = play_game(RuleSet(seven_rounds=True), ["heuristic"] * 3, 4, max_rounds=None,
                        record=True)
    assert game.outcome.reason == "seven-rounds" and game.outcome.winner == 1
    assert say_scores(game).startswith(
        "Player 2 empties their hand for the seventh time and wins the game with a score of "
        "60.")
    assert say_scores(game, "ru").startswith(
        "Игрок 2 в седьмой раз остаётся без карт и выигрывает партию со счётом 60.")


def test_R_SCORE_WINNER_a_lower_target_and_more_players_play_their_own_match():
    app = ScoringApp("standard", players=3, seed=4)
    _from_browser(app.rules_panel.control("target_score"), "value", 200)
    _from_browser(app._players, "value", 5)
    _from_browser(app._seed, "value", 9)
    _, match = play_game(RuleSet(target_score=200), ["heuristic"] * 5, 9, max_rounds=None,
                         record=True)
    assert app.match.state_key() == match.state_key()
    app.to_the_end()
    assert max(app.game.scores) >= 200 and len(app.game.scores) == 5
    assert "first to reach 200 points" in _said(app)
    assert "seed 9" in app._note.value


def test_a_refused_scoring_combination_is_explained_and_the_match_stays():
    app = ScoringApp("standard", players=3, seed=4)
    app.next_round()
    shown = app.match
    with pytest.raises(RuleError):
        RuleSet(seven_rounds=True, to_the_last=True)
    app.rules_panel.set(seven_rounds=True)
    app.rules_panel.set(to_the_last=True)  # refused beside seven_rounds
    assert app.rules_panel.message
    assert app.rules_panel.rules.seven_rounds and not app.rules_panel.rules.to_the_last
    assert app.match is not shown  # seven_rounds did change the match; the refusal did not
    assert app.rules_panel.rules == app.match.rules


def test_a_match_too_long_to_play_shows_the_rounds_before_the_cut():
    app = ScoringApp(RuleSet(target_score=100_000), players=3, seed=4)
    assert app._cut and app.rounds > 50
    assert f"the page shows what was played before that, rounds finished: {app.rounds}." \
        in app._note.value
    app.to_the_end()
    assert not app.game.is_over and len(app.game.round_results) == app.rounds
    assert f"After {app.rounds} rounds" in _said(app)


def test_the_scoring_panel_shows_only_the_scoring_switches_open():
    app = ScoringApp("standard", players=3, seed=4)
    panel = app.rules_panel
    assert panel._accordion.selected_index == 0
    assert list(panel._sections) == ["scoring"]
    assert {"scoring", "target_score", "drop_zero", "to_the_last", "seven_rounds", "h2o"} \
        <= set(panel._controls)
    with pytest.raises(KeyError):
        panel.control("stack")  # not a switch of this page


def test_the_scoring_app_in_russian():
    app = ScoringApp("standard", players=3, seed=4, lang="ru")
    app.next_round()
    assert app._next.description == "Сыграть следующий раунд ▶"
    assert app._where.value == "Сыграно раундов: 1 из 4"
    assert "После 1 раунда впереди Игрок 2: 196 очков." in _said(app)
    assert "по раскладу № 4" in app._note.value
    assert app.rules_panel.control("scoring").description != "Scoring"


def test_V_SEVEN_ROUNDS_with_V_LAZY_ends_at_the_seventh_empty_hand_with_no_score_said():
    app = ScoringApp(RuleSet(scoring="lazy", seven_rounds=True), players=3, seed=4)
    assert "this match is played for" not in app._note.value  # it is one round, to the 7th
    app.to_the_end()
    assert app.game.outcome.reason == "seven-rounds"
    assert say_scores(app.game) == (
        f"Player {app.game.outcome.winner + 1} empties their hand for the seventh time and wins "
        "the game.")
