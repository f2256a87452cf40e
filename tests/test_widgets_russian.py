"""Every app in Russian (issue 11): rendered with ``lang="ru"``, no app shows
a string of the English table, and what it shows is Russian — rule ids, card
codes and the kit's name aside.  The apps are driven through the states a
learner sees (steps, a whole game, a run, a refused rule combination), and
every string read along the way is checked.  (The pages themselves, in a
real browser: tests/test_webapp.py.)"""

from __future__ import annotations

import re

import pytest

from uno_nb import Game, RuleSet, lab
from uno_nb.sim.simulation import play_game
from uno_nb.texts import TABLE, text
from uno_nb.widgets import (ChallengeQuestion, GameStepper, HandOdds, LabApp, LiveOdds, OddsPanel,
                            PlayApp, RulesPanel, ScoringPanel)
from uno_nb.widgets.scoring_panel import RoundPointsChart

from tests.reading import cyrillic_share, english_words, visible, without_notation
from tests.test_widgets_play import buttons, plain, play_through
from tests.test_widgets_rules import open_all


def _english_phrases() -> dict[str, str]:
    """Every run of English words (four letters or more) of the English table
    whose Russian entry differs, mapped to the key it comes from."""
    phrases: dict[str, str] = {}
    for key, english in TABLE["en"].items():
        if TABLE["ru"].get(key) == english:
            continue
        for fragment in re.split(r"\{[^{}]*\}", english):
            for run in re.findall(r"[A-Za-z][A-Za-z'’ -]*[A-Za-z]", without_notation(fragment)):
                if sum(ch.isalpha() for ch in run) >= 4:
                    phrases.setdefault(run, key)
    return phrases


ENGLISH = _english_phrases()


def assert_russian(strings: list[str]) -> None:
    """No English phrase of the table, none of the English words a Russian
    page must not show, and at least 90% Cyrillic letters."""
    assert strings
    shown = "\n".join(strings)
    found = {run: key for run, key in ENGLISH.items()
             if re.search(rf"(?<![A-Za-z]){re.escape(run)}(?![A-Za-z])", shown)}
    assert found == {}, "English table strings on a Russian app"
    assert english_words(shown) == []
    assert cyrillic_share(shown) >= 0.9, shown[:2000]
    for s in strings:  # and each string on its own reads in Russian
        if sum(ch.isalpha() for ch in without_notation(s)) >= 12:
            assert cyrillic_share(s) >= 0.75, s


class Reader:
    """Collects what an app shows each time it draws itself."""

    def __init__(self, app, root=None):
        self.app, self.strings = app, []
        self.root = root or (lambda: getattr(app, "widget", app))

    def read(self) -> None:
        self.strings += visible(self.root())


def test_the_step_by_step_app_in_russian():
    app = GameStepper("party", players=4, seed=7, lang="ru")
    reader = Reader(app)
    reader.read()
    for _ in range(40):
        app.step()
        reader.read()
    app.to_end()
    reader.read()
    assert_russian(reader.strings)


def test_the_rules_panel_in_russian_with_a_refused_combination():
    panel = open_all(RulesPanel("party", lang="ru"))
    reader = Reader(panel)
    reader.read()
    panel.control("deflect_2").value = True  # refused: stacking is on in party
    assert panel.message
    reader.read()
    assert_russian(reader.strings + [panel.message])


def test_the_odds_and_scoring_panels_in_russian():
    _, game = play_game("standard", ["heuristic"] * 3, seed=4, max_rounds=None, record=True)
    scoring = ScoringPanel(game, lang="ru")
    odds = OddsPanel(lang="ru", details=True)
    live = Game("standard", 4, seed=3)
    odds.update(live)
    rounds = lab.run("standard", ["heuristic"] * 4, 200, seed=0, executor="serial")
    chart = RoundPointsChart(rounds, lang="ru")
    strings = visible(scoring.widget) + visible(odds.widget) + visible(chart.widget)
    assert_russian(strings)


def test_the_odds_lessons_in_russian():
    hand = HandOdds(seed=1, deal=100, lang="ru")
    strings = visible(hand.widget)
    hand.deal(1000)
    strings += visible(hand.widget)
    live = LiveOdds(seed=4, lang="ru")
    for _ in range(12):
        live.step()
        strings += visible(live.widget)
    question = ChallengeQuestion(seed=2, lang="ru")
    strings += visible(question.widget)
    question.pick(0)
    strings += visible(question.widget)
    assert_russian(strings)


def test_the_lab_in_russian():
    app = LabApp("standard", "party", players=4, games=60, seed=0, lang="ru")
    strings = visible(app.widget)
    app.run()
    for panel in app.panels:
        open_all(panel)
    strings += visible(app.widget)
    assert_russian(strings)


def test_a_whole_game_against_the_bots_in_russian():
    app = PlayApp("party", 3, seed=12, delay=0, lang="ru")
    strings = []
    drawn = app._render

    def render():
        drawn()
        strings.extend(visible(app.widget))

    app._render = render
    play_through(app)
    assert_russian(strings)


def test_a_refused_card_is_explained_in_russian():
    app = PlayApp(RuleSet(misplay_penalty=True), 3, seed=1, delay=0, lang="ru")
    app.game = Game.from_position(RuleSet(misplay_penalty=True), hands=["R1 B2 G7", "B1 B2", "G1 G2"],
                                  discard="G5", draw_pile="Y1 Y2 Y3", names=app.game.names,
                                  max_rounds=1)
    app._render()
    before = app.game.state_key()
    clicked = [b for b in buttons(app, app._hand) if b.description == "Красная 1"]
    assert clicked, [b.description for b in buttons(app, app._hand)]
    clicked[0].click()
    assert app.game.state_key() == before  # refused, and nothing changed
    said = plain(app._message.value)
    assert said == text("play.refused", "ru", reason=text(
        "play.refused.mismatch", "ru", card="красная 1", colour="зелёный", top="зелёная 5"))
    assert_russian([said])


def _percent_ticks(chart) -> list[str]:
    """The tick labels of a chart's chance axis: plotly's own ``%`` format
    must not be used (it writes ``60%``), the page's words must."""
    axis = chart.layout.yaxis
    assert axis.tickformat is None or "%" not in axis.tickformat
    return list(axis.ticktext or ())


def test_russian_chart_ticks_and_hovers_write_percent_as_the_text_does():
    """Issue 21: «60%» on a chart's axis beside «57,4 %» in the text.  Every
    chance axis and hover writes the sign after a no-break space, as
    fmt_percent does."""
    from uno_nb.texts.numbers import fmt_percent
    assert fmt_percent(0.574, "ru") == "57,4\xa0%"
    odds = OddsPanel(lang="ru")
    odds.update(Game("standard", 4, seed=3))
    assert _percent_ticks(odds.figure) == ["0\xa0%", "20\xa0%", "40\xa0%", "60\xa0%", "80\xa0%",
                                           "100\xa0%"]
    hand = HandOdds(seed=1, deal=100, lang="ru")
    ticks = _percent_ticks(hand.figure)
    assert ticks and all(re.fullmatch(r"\d+\xa0%", t) for t in ticks), ticks
    assert max(hand.figure.layout.yaxis.tickvals) >= max(hand.figure.data[0].y)
    app = LabApp("standard", "party", players=4, games=60, seed=0, lang="ru")
    app.run()
    ticks = _percent_ticks(app.figure)
    assert ticks and all(re.fullmatch(r"\d+\xa0%", t) for t in ticks), ticks
    for trace in app.figure.data:  # the hover's share is the page's own words
        assert "%{text}" in trace.hovertemplate and "%{y" not in trace.hovertemplate
        assert list(trace.text) == [fmt_percent(share, "ru") for share in trace.y]
