"""Headless tests of the notebook apps: press their buttons, set their controls,
and check the game, the log and the figures."""

import re
import subprocess
import sys

import pytest

from uno_nb import RuleSet
from uno_nb.sim import odds
from uno_nb.texts import card_name, text
from uno_nb.widgets import GameStepper, RulesPanel


def test_the_engine_imports_no_widget_or_plotting_library():
    code = ("import sys, uno_nb, uno_nb.lab, uno_nb.sim.odds, uno_nb.engine.render; "
            "print(any(m.split('.')[0] in ('ipywidgets', 'plotly', 'anywidget') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_stepping_ten_times_then_back_ten_times_restores_the_first_view():
    app = GameStepper("standard", players=4, seed=3)
    first = (app._table.value, app._log.value, app.index)
    for _ in range(10):
        app._step.click()
    assert app.index == 10 and app._slider.value == 10
    assert app._table.value != first[0]
    for _ in range(10):
        app._back.click()
    assert (app._table.value, app._log.value, app.index) == first
    assert app._back.disabled


def test_the_log_highlights_the_last_move_with_its_rule_ids():
    app = GameStepper("standard", players=3, seed=5)
    app.go_to(4)
    highlighted = app._log.value.count("background:#fff3b0")
    assert highlighted == len(app.game.last_events()) >= 1
    assert "(R-MATCH)" in app._log.value or "(R-DRAW)" in app._log.value


def test_slider_end_and_restart():
    app = GameStepper("cnuno", players=4, seed=8)
    app._slider.value = 7
    assert app.index == 7
    app._end.click()
    assert app.index == app.total and app.game.is_over and app._step.disabled
    app._restart.click()
    assert app.index == 0


def test_changing_the_seed_deals_a_new_game():
    app = GameStepper("standard", players=4, seed=1)
    before = app.game.hands
    app._seed.value = 2
    assert app.index == 0 and app.game.hands != before and app.game.seed == 2


def test_toggling_stacking_replays_the_same_seed_under_the_new_rules():
    for seed in range(40):
        app = GameStepper("standard", players=4, seed=seed, bots="random-greedy")
        app.to_end()
        before = app.log_lines()
        app.rules_panel.control("stack").value = True
        assert app.rules_panel.rules.stack and app.game.seed == seed
        app.to_end()
        if app.log_lines() != before:
            assert app.log_lines()[:3] == before[:3]  # same deal
            return
    pytest.fail("no seed in 40 where stacking changed the game")


def test_an_impossible_combination_shows_a_message_and_keeps_the_rules():
    app = GameStepper("cnuno", players=3, seed=2)
    log = app.log_lines()
    app.rules_panel.control("stack").value = True  # cnuno has V-DEFLECT-2 on
    assert "cannot be played together" in app.rules_panel.message
    assert "“Stack draw cards” and “Pass a Draw Two on”" in app.rules_panel.message
    assert app.rules_panel.rules == RuleSet.preset("cnuno") and app.log_lines() == log
    assert app.rules_panel.control("stack").value is False  # the refused tick is undone
    app.rules_panel.control("deflect_2").value = False
    app.rules_panel.control("stack").value = True  # now it works
    assert app.rules_panel.message == "" and app.rules_panel.rules.stack


def test_the_rules_panel_has_every_option_and_the_presets():
    panel = RulesPanel("party")
    for name in RuleSet.option_names():  # a group's switches are made when first needed
        assert panel.control(name).value == getattr(panel.rules, name)
    assert set(panel._controls) == set(RuleSet.option_names())
    assert panel._preset.value == "party"
    panel._preset.value = "standard"
    assert panel.rules == RuleSet()
    panel.control("jump_in").value = True
    assert panel._preset.value == "custom"
    assert text("rules.custom") in panel._preset._options_labels


def test_the_odds_panel_shows_the_odds_module_numbers():
    app = GameStepper("standard", players=4, seed=4)
    app.go_to(6)
    game = app.game
    view = game.view(game.current)
    values = app.odds_panel.values
    assert values["draw_playable"] == float(odds.chance_draw_playable(view))
    figure = app.odds_panel.figure
    opponents = [s for s in range(4) if s != game.current]
    assert list(figure.data[0].x) == [game.names[s] for s in opponents]
    for trace, kind in zip(figure.data, ("R", "Y", "G", "B", "draw2", "wild4")):
        assert list(trace.y) == [float(odds.chance_opponent_holds(view, s, kind)) for s in opponents]


def test_twenty_rapid_clicks_leave_the_app_consistent():
    app = GameStepper("party", players=4, seed=9)
    for _ in range(20):
        app._step.click()
    assert app.index == min(20, app.total) == app._slider.value
    assert app.game.card_count() == 108


def test_the_scoring_panel_draws_running_scores_and_hand_points():
    from uno_nb.sim.simulation import play_game
    from uno_nb.widgets import ScoringPanel
    _, game = play_game("standard", ["heuristic"] * 3, 4, max_rounds=None, record=True)
    panel = ScoringPanel()
    panel.update(game)
    finals = [trace.y[-1] for trace in panel.scores.data]
    assert finals == game.scores
    assert list(panel.scores.data[0].x) == list(range(len(game.round_results) + 1))
    assert list(panel.in_hand.data[0].y) == [sum(c.points for c in h) for h in game.hands]
    figure = panel.scores
    panel.update(game)
    assert panel.scores is figure  # updated in place, never recreated


def test_play_a_legal_card_by_clicking_it_and_the_bots_answer():
    from uno_nb.engine.moves import PLAY
    from uno_nb.widgets import PlayApp
    app = PlayApp("standard", 4, seed=3, delay=0)
    game = app.game
    assert game.current == 0  # the bots moved until it was the person's turn
    card = next(m.card for m in game.turn_moves() if m.kind is PLAY and not m.card.is_black)
    button = next(b for b in app._hand.children if b.description == card_name(card))
    moves_before = len(game.moves)
    button.click()
    assert game.moves[moves_before].text == f"0:{card.text}"
    assert game.current == 0 or game.is_over
    assert app._message.value == ""


def test_an_illegal_card_is_refused_with_a_message_and_changes_nothing():
    from uno_nb.widgets import PlayApp
    app = PlayApp("standard", 4, seed=3, delay=0)
    game = app.game
    legal = {m.card for m in game.legal_moves(0) if m.card is not None}
    card = next(c for c in game.hands[0] if c not in legal)
    before = game.state_key()
    next(b for b in app._hand.children if b.description == card_name(card)).click()
    assert "Not allowed" in app._message.value and card_name(card) in app._message.value
    assert game.state_key() == before


def test_drawing_and_a_whole_game_against_bots():
    from uno_nb.widgets import PlayApp
    app = PlayApp("cnuno", 3, seed=6, delay=0)
    game = app.game
    for _ in range(300):
        if game.is_over:
            break
        if app._paused:  # the person could jump in, and lets it go
            app._choices.children[-1].click()
            continue
        assert game.current == 0
        app._human(game.turn_moves()[0])  # the person always takes the first option
    assert game.is_over
    assert game.card_count() == 108


def test_saying_uno_as_the_card_lands_protects_the_person(pos):
    from uno_nb import Game
    from uno_nb.widgets import PlayApp
    app = PlayApp("standard", 3, seed=1, delay=0)
    app.game = Game.from_position(hands=["R1 R2", "B1 B2 B3", "G1 G2 G3"], discard="R5",
                                  names=app.game.names, max_rounds=1)
    app._say_uno.value = True
    app.play("R1")
    calls = [app.game.event_text(e) for e in app.game.events if e.kind == "UnoCalled"]
    assert calls == ['Player 1 (you) calls "UNO!"']
    assert not any(e.kind == "UnoCaught" and e.player == 0 for e in app.game.events)


def test_the_person_makes_every_kind_of_decision_through_the_app():
    from uno_nb import Game, Phase
    from uno_nb.widgets import PlayApp
    rules = RuleSet(seven_zero=True, swap_five=True)
    app = PlayApp(rules, 3, seed=1, delay=0)
    # a 7: the person chooses whom to swap with, with a button per player
    names = app.game.names
    app.game = Game.from_position(rules, hands=["R7 R1 R2", "B1 B2", "G1 G2 G3"], discard="R5",
                                  names=names, max_rounds=1)
    app.play("R7")
    assert app.game.phase is Phase.SWAP
    assert [b.description for b in app._choices.children] == [
        "Swap hands with Bot 2 (2 cards)", "Swap hands with Bot 3 (3 cards)"]
    app._choices.children[1].click()
    assert "Player 1 (you) swaps hands with Bot 3" in app.game.log()
    # a 5: choose a partner, then the card to give by clicking it
    app.game = Game.from_position(rules, hands=["R5 R1 W", "B1 B9", "G1 G2"], discard="R3",
                                  names=names, max_rounds=1)
    app.play("R5")
    assert [b.description for b in app._choices.children] == [
        "Exchange a card with Bot 2 (2 cards)", "Exchange a card with Bot 3 (2 cards)",
        "Exchange no card"]
    app._choices.children[0].click()
    assert app.game.phase is Phase.GIVE and app.game.current == 0
    app.play("R1")
    assert "R1" not in [c.text for c in app.game.hands[0]]


def test_the_odds_panel_says_when_the_game_is_over():
    app = GameStepper("standard", players=4, seed=7)
    app.to_end()
    assert "over" in app.odds_panel._title.value and app.odds_panel.values == {}
    assert all(len(trace.y) == 0 for trace in app.odds_panel.figure.data)


def test_the_scoring_panel_adds_penalty_totals_round_by_round():
    from uno_nb.sim.simulation import play_game
    from uno_nb.widgets import ScoringPanel
    _, game = play_game(RuleSet(scoring="penalty"), ["heuristic"] * 3, 4, max_rounds=4, record=True)
    panel = ScoringPanel()
    panel.update(game)
    assert [trace.y[-1] for trace in panel.scores.data] == game.scores
    first_round = [sum(c.points for c in h) for h in game.round_results[0].hands]
    assert [trace.y[1] for trace in panel.scores.data] == first_round
    from uno_nb import Game
    other = Game("standard", 3, seed=5, names=["Ann", "Bo", "Cy"])
    panel.update(other)  # a game with other names relabels the lines
    assert [trace.name for trace in panel.scores.data] == ["Ann", "Bo", "Cy"]
    assert list(panel.in_hand.data[0].x) == ["Ann", "Bo", "Cy"]
    assert [list(trace.y) for trace in panel.scores.data] == [[0], [0], [0]]


def visible_numbers_and_words(panel):
    """Every text the scoring panel shows: its HTML without tags, and the
    figures' titles, axis titles, tick labels, bar labels and hover texts."""
    import html
    import re
    out = [html.unescape(re.sub(r"<[^>]+>", " ", child.value))
           for child in panel.widget.children if hasattr(child, "value")]
    for fig in (panel.scores, panel.in_hand):
        out += [fig.layout.title.text, fig.layout.xaxis.title.text, fig.layout.yaxis.title.text]
        out += list(fig.layout.xaxis.ticktext or ())
        out += [a.text for a in fig.layout.annotations]
        for trace in fig.data:
            out += [trace.name or ""] + list(trace.customdata or ()) + list(trace.text or ())
    return out


def test_the_scoring_panel_writes_numbers_for_people_and_says_what_to_look_at():
    import re
    from uno_nb.sim.simulation import play_game
    from uno_nb.widgets import ScoringPanel
    # a long match, so that totals pass a thousand
    _, game = play_game(RuleSet(target_score=1500), ["heuristic"] * 3, 4, max_rounds=None,
                        record=True)
    assert max(game.scores) >= 1000
    panel = ScoringPanel(game)
    shown = visible_numbers_and_words(panel)
    every = "\n".join(shown)
    for bad in (r"\d\.\d{5}", r"\(\d+, \d+", r"\[\d+, \d+", r"\bTrue\b", r"\bFalse\b",
                r"\bNone\b", r"\bP\d\b", r"\d{4}"):
        assert not re.search(bad, every), (bad, re.search(bad, every))
    best = max(range(3), key=lambda s: game.scores[s])
    assert f"{game.scores[best]:,} points" in every  # "1,523 points"
    assert f"Player {game.outcome.winner + 1} is the first to reach 1,500 points and wins the " \
        f"game after {len(game.round_results)}" in every
    assert panel.scores.layout.xaxis.title.text == "Round"
    assert panel.scores.layout.yaxis.title.text == "Points"
    assert panel.in_hand.layout.xaxis.title.text == "Player"
    assert panel.in_hand.layout.yaxis.title.text == "Points"
    assert panel.scores.layout.xaxis.ticktext[0] == "start"
    assert [s.y0 for s in panel.scores.layout.shapes] == [1500]  # the target, dashed
    # each chart is followed by its one-sentence caption
    children = list(panel.widget.children)
    for fig, key in ((panel.scores, "app.scores_caption_winner"),
                     (panel.in_hand, "app.in_hand_caption_winner")):
        caption = children[children.index(fig) + 1]
        assert "uno-caption" in caption._dom_classes
        assert text(key, target="1,500").replace("'", "&#x27;") in caption.value
    table = panel._table.value
    assert table.count("<tr>") == len(game.round_results) + 1  # a header and a row a round
    assert "uno-caption" in table


def test_the_scoring_panel_reads_the_engines_totals_from_the_log():
    from uno_nb import Game
    from uno_nb.sim.simulation import play_game
    from uno_nb.widgets.scoring_panel import running_totals
    # a position set up with scores starts the lines there
    game = Game.from_position(hands=["R3", "B1 B2 W"], discard="R5", scores=[100, 40],
                              max_rounds=2)
    game.push("R3")
    assert running_totals(game) == [(100, 40), (100 + 53, 40)] and game.scores == [153, 40]
    _, lazy = play_game(RuleSet(scoring="lazy"), ["heuristic"] * 3, 4, max_rounds=3, record=True)
    assert running_totals(lazy) == [(0, 0, 0)] * 4
    _, unrecorded = play_game("standard", ["heuristic"] * 3, 4, max_rounds=2)
    with pytest.raises(ValueError, match="record=True"):
        running_totals(unrecorded)


def test_the_scoring_page_sentences_and_the_round_points_chart():
    from uno_nb import lab
    from uno_nb.widgets.scoring_panel import (RoundPointsChart, say_hand_points, say_mean_hand,
                                              say_round_points, say_variant)
    from uno_nb.sim.simulation import play_game
    assert say_mean_hand() == ("A hand of 7 cards dealt from a full deck is worth 80.4 points on "
                               "average (exactly 2,170/27).")
    assert say_hand_points("B9 RR W") == ("A hand of Blue 9, Red Reverse, Wild counts "
                                          "9 + 20 + 50 = 79 points.")
    _, game = play_game(RuleSet(scoring="penalty"), ["heuristic"] * 3, 4, max_rounds=3)
    said = say_variant(game)
    assert said.startswith("Rule: everyone scores their own hand (V-SCORE-PENALTY). ")
    assert "Player 2 wins it, with the lowest total: 6 points" in said
    result = lab.run("standard", ["heuristic"] * 3, 40, seed=0, executor="serial")
    points = result.summary.points
    assert say_round_points(result) == (
        f"Over 40 one-round games, the winner of the round scored {points.estimate:.1f} points "
        f"on average (95% interval: {points.low:.1f} to {points.high:.1f}).")
    chart = RoundPointsChart(result)
    assert chart.figure.layout.xaxis.title.text == "Points scored in the round"
    assert chart.figure.layout.yaxis.title.text == "Games"
    finished = [r.points for r in result.records if r.winner is not None]
    low, high = min(finished), max(finished)
    width = -(-(high - low + 1) // 40)  # whole points: at most 40 bars of whole numbers
    bar = chart.figure.data[0]
    firsts = [round(x - (width - 1) / 2) for x in bar.x]
    assert bar.width == width and firsts == list(range(low, high + 1, width))
    assert list(bar.y) == [sum(first <= p < first + width for p in finished) for first in firsts]
    assert "uno-caption" in chart.widget.children[1]._dom_classes
    assert "40 games in all" in chart.widget.children[1].value


def test_R_SCORE_WINNER_V_SCORE_PENALTY_a_game_stopped_before_the_target_says_it_was_stopped():
    """Three rounds of seed 4 reach nobody's 500: the page says the game was
    stopped there, before the target, and won by the agreed number of rounds
    (the most points, or the fewest under penalty scoring: docs/rules.md's
    decision on max_rounds), never as if 500 had been reached; a game
    played to 500 is simply won."""
    from uno_nb.widgets.scoring_panel import say_scores, say_variant
    from uno_nb.sim.simulation import play_game
    _, winner = play_game(RuleSet(scoring="winner"), ["heuristic"] * 3, 4, max_rounds=3)
    _, penalty = play_game(RuleSet(scoring="penalty"), ["heuristic"] * 3, 4, max_rounds=3)
    for game in (winner, penalty):
        assert game.outcome.reason == "rounds" and max(game.scores) < 500
    assert list(winner.scores) == [37, 337, 0] and list(penalty.scores) == [193, 6, 175]
    assert say_scores(winner) == (
        "The game was stopped after 3 rounds, before anyone reached 500 points, so by the "
        "agreed number of rounds Player 2 wins it, with 337 points. Totals — Player 1: 37 · "
        "Player 2: 337 · Player 3: 0.")
    assert say_scores(winner, "ru").startswith(
        "Партию остановили после 3 раундов, прежде чем чей-нибудь счёт дошёл до 500, и по "
        "условленному числу раундов её выигрывает Игрок 2, набрав 337 очков.")
    assert say_scores(penalty).startswith(
        "The game was stopped after 3 rounds, before anyone reached 500 points, so by the "
        "agreed number of rounds Player 2 wins it, with the lowest total: 6 points.")
    assert say_scores(penalty, "ru").startswith(
        "Партию остановили после 3 раундов, прежде чем чей-нибудь счёт дошёл до 500, и по "
        "условленному числу раундов её выигрывает Игрок 2 с самым низким счётом — 6 очков.")
    for game in (winner, penalty):  # the winner named is the engine's
        assert f"Player {game.outcome.winner + 1} wins it" in say_scores(game)
    # played to the end, the game is won by reaching the target
    _, match = play_game("standard", ["heuristic"] * 3, 4, max_rounds=None)
    assert match.outcome.reason == "target"
    assert say_scores(match).startswith(
        "Player 2 is the first to reach 500 points and wins the game after 4 rounds, with 524 "
        "points.")
    assert say_scores(match, "ru").startswith(
        "Игрок 2 первым доходит до 500 и выигрывает партию после 4 раундов: всего 524 очка.")
    assert "stopped" not in say_scores(match)


def test_the_person_is_not_made_to_talk_and_may_jump_in():
    from uno_nb.widgets import PlayApp
    app = PlayApp(RuleSet(advice=True, silent_twos=True, jump_in=True), 3, seed=4, delay=0)
    for _ in range(60):
        game = app.game
        if game.is_over:
            break
        if app._paused:
            assert game.jump_in_moves(0)
            app.go_on()
            continue
        app._human(game.turn_moves()[0])
    said = app.game.log()
    me = app.game.names[0]
    assert any(line.startswith("Player 1 (you) plays") for line in said)  # the names are right
    assert not any(line.startswith((f"{me} advises", f"{me} speaks")) for line in said)


def test_a_click_meant_for_a_table_drawn_before_plays_nothing():
    """Frantic clicking: the card buttons of a turn that is gone are closed
    (a click on its way from the browser is dropped) and ignore a click."""
    from uno_nb.widgets import PlayApp
    app = PlayApp("standard", 3, seed=2, delay=0)
    before = app.game.state_key()
    card = next(b for b in app._hand.children if "uno-playable" in b._dom_classes)
    app._render()  # drawn again, as after every bot move
    assert card.closed  # a click from the page on it is dropped (tests/test_ui.py)
    card.click()
    assert app.game.state_key() == before
    fresh = next(b for b in app._hand.children if b.description == card.description)
    fresh.click()
    assert app.game.state_key() != before


def test_charts_load_plotly_from_the_web_app_when_it_serves_it_and_carry_it_elsewhere(monkeypatch):
    import plotly.graph_objects as go
    from uno_nb.widgets import figure
    from uno_nb.widgets.chart import BUNDLE
    monkeypatch.delenv("UNO_NB_PLOTLY_URL", raising=False)
    plain = figure()
    assert plain.ipywidget.source == BUNDLE.read_text() and plain.ipywidget.bundle == ""
    monkeypatch.setenv("UNO_NB_PLOTLY_URL", "uno_nb/plotly/plotly-basic.min.js")
    served = figure([go.Bar(x=[1], y=[2])])
    # the bundle's digest in its address: the browser keeps it a year, and another bundle is
    # another address (uno_nb.serving.transfer)
    from uno_nb.widgets.assets import plotly_digest
    assert served.ipywidget.bundle == f"uno_nb/plotly/plotly-basic.min.js?v={plotly_digest()}"
    assert re.fullmatch(r"[0-9a-f]{12}", plotly_digest())
    assert served.ipywidget.source == ""
    assert served.data[0].y == (2,)
    assert served.ipywidget.figure["data"] == [{"type": "bar", "x": [1], "y": [2]}]


def test_a_chart_is_sent_to_the_page_as_it_is_when_drawn():
    import plotly.graph_objects as go
    from uno_nb.widgets import figure
    chart = figure([go.Scatter(x=[], y=[])], lang="ru")
    assert chart.ipywidget.figure["layout"]["separators"] == ",\u00a0"  # as the Russian text writes numbers
    sent = []
    chart.ipywidget.observe(lambda change: sent.append(change["new"]), names="figure")
    with chart.batch_update():
        chart.data[0].x = [1, 2]
        chart.data[0].y = [3, 4]
        chart.layout.title.text = "Title"
        # read back as set (plotly's own batch would give the old [] until the end)
        assert list(chart.data[0].y) == [3, 4] and chart.layout.title.text == "Title"
    assert sent == []  # nothing goes to the page before draw()
    chart.draw()
    assert sent[-1]["data"][0]["x"] == [1, 2] and sent[-1]["layout"]["title"]["text"] == "Title"


def test_a_chart_refuses_a_trace_the_basic_bundle_cannot_draw():
    import plotly.graph_objects as go
    from uno_nb.widgets import figure
    with pytest.raises(ValueError, match="histogram"):
        figure([go.Histogram(x=[1, 2])])


def test_the_shipped_plotly_bundle_is_plotly_js_basic_4_1_1_as_npm_ships_it():
    import hashlib
    from uno_nb.widgets.chart import BUNDLE, BUNDLE_VERSION
    assert BUNDLE_VERSION == "4.1.1"
    assert BUNDLE.read_text().startswith("/**\n* plotly.js (basic - minified) v4.1.1\n")
    assert hashlib.sha256(BUNDLE.read_bytes()).hexdigest() == (
        "99784e3abfb07b142a15e521a439e6d9addceadb3f79553fd24c72774f0649ba")


def test_while_the_bots_move_nothing_can_be_clicked():
    from uno_nb.widgets import PlayApp
    app = PlayApp("standard", 3, seed=2, delay=0)
    app._busy = True  # as during the bots' moves, when the table is drawn after each one
    app._render()
    buttons = [*app._hand.children, *app._choices.children,
               *(b for b in app._actions.children if b is not app._say_uno)]
    assert buttons and all(b.disabled for b in buttons)
    app._busy = False
    app._render()
    assert not all(b.disabled for b in app._hand.children)


def test_the_lab_compares_two_rule_sets_on_the_same_seeds_and_ignores_a_stale_run_click():
    from uno_nb import lab
    from uno_nb.widgets import LabApp
    from uno_nb.widgets._common import histogram
    app = LabApp("standard", "party", players=3, games=200, seed=5)
    expected = lab.compare(["standard", "party"], ["random-greedy"] * 3, 200, seed=5,
                           executor="serial")
    assert [r.records for r in app.results.values()] == [r.records for r in expected.values()]
    assert app._progress.value == app._progress.max == 400
    assert "B: " + text("preset.party") in app._table.value
    bars = histogram({label: [r.turns for r in result.records]
                      for label, result in zip("AB", expected.values())})
    assert [list(t.y) for t in app.figure.data] == [bars.shares("A"), bars.shares("B")]
    assert list(app.figure.data[0].x) == list(app.figure.data[1].x) == bars.centres  # the same bars
    first = app.results
    stale = app._button_box.children[0]
    app.panels[1].control("stack").value = not app.panels[1].rules.stack
    app._render()  # drawn again, as after a run
    assert stale.closed
    stale.click()
    assert app.results is first  # a click from before the last drawing runs nothing
    app._button_box.children[0].click()
    assert app.results is not first and app.results["B"].rules.stack == app.panels[1].rules.stack


def test_a_histogram_counts_every_value_once_in_at_most_so_many_bars_shared_by_its_series():
    from uno_nb.widgets._common import histogram
    # whole numbers: bars of whole numbers, read inclusively
    bars = histogram({"A": [1, 2, 2, 5], "B": [3]})
    assert (bars.start, bars.width, bars.whole, bars.size) == (1, 1, True, 5)
    assert bars.counts == {"A": [1, 2, 0, 0, 1], "B": [0, 0, 1, 0, 0]}
    assert bars.shares("A") == [0.25, 0.5, 0, 0, 0.25] and bars.centres == [1, 2, 3, 4, 5]
    assert bars.names("en") == ["1", "2", "3", "4", "5"]
    wide = histogram({"A": list(range(100)), "B": [0, 1000]})
    assert (wide.start, wide.width, wide.size) == (0, 26, 39)  # at most 40
    assert wide.counts["A"][:4] == [26, 26, 26, 22] and sum(wide.counts["A"]) == 100
    assert wide.counts["B"][0] == wide.counts["B"][-1] == 1
    assert wide.centres[:2] == [12.5, 38.5]
    assert wide.names("en")[-1] == "988\u20131,013" and wide.names("ru")[-1] == "988\u20131\u00a0013"
    assert histogram({"A": [0, 40]}).size == 21  # 41 whole numbers: bars of 2, never 41 bars
    # other numbers: bars of a round width, up to (not including) the next
    fine = histogram({"A": [0, 9.5, 10, 55, 100.5]}, most=10)
    assert (fine.start, fine.width, fine.whole) == (0, 20, False)
    assert fine.counts["A"] == [3, 0, 1, 0, 0, 1] and fine.names("en")[:2] == ["0\u201320", "20\u201340"]
    small = histogram({"A": [1.2, 1.3, 2.05]})
    assert small.width == 0.025 and sum(small.counts["A"]) == 3 and small.size <= 40
    assert small.names("en")[0] == "1.200\u20131.225"
    assert histogram({"A": [0.1, 0.35]}).names("en")[0] == "0.10\u20130.11"  # not "0.1-0.1"
    assert histogram({"A": [7.5, 7.5]}).counts == {"A": [2]}
    assert histogram({"A": [], "B": []}).counts == {"A": [], "B": []}
