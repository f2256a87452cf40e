"""The step-by-step app (GameStepper) reads for a learner: players numbered
from 1, cards in words, the rule at work beside every line of the log, the
autoplay labelled, and card codes only with their legend.

The app is read as a person sees it: every text the widgets show (HTML with
the tags and the card pictures taken out, the labels of the controls, the
figures' titles, axes, legends and bar labels)."""

import html
import re

from uno_nb.widgets import ui as w
import pytest

from uno_nb import RuleSet
from uno_nb.engine.render import describe_top, describe_turn
from uno_nb.texts import card_code, card_name, rule_name, text
from uno_nb.widgets import GameStepper

from tests.reading import html_text, visible

#: A card written in the notation (``RS``, ``G+2``, ``W+4>G``), standing alone.
CODE = re.compile(r"(?<![\w+>-])(?:[RYGB](?:\d|S|R|\+[12])|W(?:\+(?:2|4|10))?(?:>[RYGB])?)"
                  r"(?![\w+-])")
#: A player named by seat, as the engine once wrote them.
SEAT_NAME = re.compile(r"\bP\d+\b")


def page_text(app):
    return "\n".join(visible(app.widget))


def log_rows(app):
    """The log's lines as HTML, newest move first."""
    return re.findall(r'<div class="uno-log-line"[^>]*>(.*?)</div>', app._log.value)


def test_players_are_numbered_from_one_wherever_the_app_shows_them():
    app = GameStepper("standard", players=4, seed=7)
    for index in (0, 9, app.total):
        app.go_to(index)
        shown = page_text(app)
        assert not SEAT_NAME.search(shown), SEAT_NAME.search(shown)
        for number in (1, 2, 3, 4):
            assert f"Player {number}" in shown
        assert "Player 5" not in shown and "Player 0" not in shown


def test_stacking_on_shows_log_lines_naming_v_stack_and_the_size_of_the_pile():
    app = GameStepper("standard", players=4, seed=7)
    app.to_end()
    assert "V-STACK" not in app._log.value  # the box's rules: nothing stacks
    app.rules_panel.control("stack").value = True
    app.to_end()
    game = app.game
    stacks = [e for e in game.events if e.rule == "V-STACK" and e.kind == "DrawAnswered"]
    assert stacks, "seed 7 stacks draw cards once stacking is on"
    rows = log_rows(app)
    pile = rule_name("V-STACK")
    for event in stacks:
        count = event.count
        said = game.event_text(event)
        assert f"which now holds {count} cards" in said
        row = next(r for r in rows if r.startswith(html.escape(said)))
        # the rule named beside the line, marked as a house rule
        assert re.search(r'<span class="uno-rule uno-house-rule"[^>]*>' + re.escape(pile)
                         + "</span>$", row), row
    assert max(e.count for e in stacks) >= 6  # a pile that grew more than once
    assert "stacking draw cards (V-STACK)" in page_text(app)


def test_every_log_line_is_the_engines_sentence_with_its_rule_beside_it():
    app = GameStepper("party", players=4, seed=3)
    app.go_to(30)
    game = app.game
    rows = log_rows(app)
    assert len(rows) == len(game.events)
    shown = [html_text(r).strip() for r in rows]
    for event in game.events:
        line = game.event_text(event)
        if event.rule:
            line += "  " + rule_name(event.rule)
        assert " ".join(line.split()) in [" ".join(s.split()) for s in shown]
    house = [r for r in rows if "uno-house-rule" in r]
    assert all(re.search(r"\((V|T)-[A-Z0-9-]+\)</span>$", r) for r in house)
    assert all(not re.search(r"\((V|T)-", r) for r in rows if "uno-house-rule" not in r)


def test_the_log_puts_each_move_under_its_number_newest_first():
    app = GameStepper("standard", players=4, seed=7)
    app.go_to(5)
    labels = re.findall(r'<div class="uno-move-no"[^>]*>(.*?)</div>', app._log.value)
    assert labels == [f"Move {i}" for i in range(5, 0, -1)] + [text("app.start")]
    # the newest block holds the last move's events in the order they happened
    last = [app.game.event_text(e) for e in app.game.last_events()]
    newest = app._log.value.split('class="uno-log-move"')[1]
    lines = [html_text(r).strip() for r in
             re.findall(r'<div class="uno-log-line"[^>]*>(.*?)</div>', newest)]
    assert [line.startswith(said) for line, said in zip(lines, last)] == [True] * len(last)
    assert app._log.value.count("background:#fff3b0") == len(last)
    assert app._where.value == f"move 5 of {app.total}" == "move 5 of 115"


def test_the_autoplay_control_has_a_visible_label():
    app = GameStepper("standard", players=4, seed=7)
    row = next(c for c in app.widget.children if "uno-autoplay" in c._dom_classes)
    play = next(c for c in row.children if isinstance(c, w.Play))
    label = next(c for c in row.children if "uno-autoplay-label" in c._dom_classes)
    help_ = next(c for c in row.children if "uno-autoplay-help" in c._dom_classes)
    assert html_text(label.value).strip() == text("app.autoplay") == "Play the game by itself"
    assert play.tooltip == text("app.autoplay")
    assert "▶" in help_.value and "■" in help_.value
    assert not play.show_repeat  # ↻ is not there to explain
    speed = next(c for c in row.children if isinstance(c, w.SelectionSlider))
    assert speed.description == text("app.speed")
    assert list(speed._options_labels) == [text("app.speed_slow"), text("app.speed_normal"),
                                           text("app.speed_fast")]
    speed.value = speed.options[2][1]
    assert play.interval == speed.options[2][1]
    play.value = 4  # what the browser does at each tick
    assert app.index == 4 and app._slider.value == 4
    assert app._slider.description == text("app.turn") == "Move"


def test_card_codes_are_visible_only_with_their_legend():
    app = GameStepper("standard", players=4, seed=7)
    for index in (0, 8, app.total):
        app.go_to(index)
        shown = page_text(app)
        assert not CODE.search(shown), CODE.search(shown)
        assert text("legend.title") not in shown
    app._codes.value = True
    assert app.codes
    shown = page_text(app)
    played = next(e for e in app.game.events if e.kind == "Played")
    assert f"plays {card_code(played.card)}" in shown  # now the log writes codes
    assert CODE.search(shown)
    for key in ("legend.title", "legend.colours", "legend.ranks", "legend.example"):
        assert text(key) in shown
    assert text("legend.house") not in shown  # the box's deck has no house cards
    app._codes.value = False
    shown = page_text(app)
    assert not CODE.search(shown) and text("legend.title") not in shown


def test_the_legend_lists_the_house_cards_when_the_deck_has_them():
    app = GameStepper(RuleSet(plus10=True), players=3, seed=2, codes=True)
    assert text("legend.house") in page_text(app)


@pytest.mark.parametrize("index", [0, 7, 15])
def test_the_table_says_the_top_card_and_the_turn_in_words(index):
    app = GameStepper("standard", players=4, seed=7)
    app.go_to(index)
    game = app.game
    shown = html_text(app._table.value)
    assert " ".join(describe_top(game).split()) in " ".join(shown.split())
    assert describe_turn(game) in shown
    top = game.discard[-1]
    assert describe_top(game).startswith(f"Top card: {card_name(top)} · colour in force: ")
    titles = re.findall(r"<title>(.*?)</title>", app._table.value)
    assert titles[1:] == [card_name(c) for hand in game.hands for c in hand]
    assert "round 1, turn" not in app._table.value


def test_a_seat_shows_only_that_hand_and_leaves_others_draws_out_of_the_log():
    app = GameStepper("standard", players=4, seed=7, seat=0)
    app.to_end()
    game = app.game
    titles = re.findall(r"<title>(.*?)</title>", app._table.value)
    assert titles[1:] == [card_name(c) for c in game.hands[0]]
    draws = [e for e in game.events if e.kind == "Drew" and e.player != 0]
    assert draws
    for event in draws:
        assert game.event_text(event, viewer=0) in app.log_lines()
        assert any(card_name(c) in game.event_text(event) for c in event.cards)
        assert not any(card_name(c) in game.event_text(event, viewer=0) for c in event.cards)


def test_the_stacking_example_of_the_page_holds():
    # notebooks/01_rules_step_by_step.ipynb: "Step to move 3: Player 4 answers a Draw Two
    # with another Draw Two instead of drawing … Who draws in the end, and how many?"
    app = GameStepper("standard", players=4, seed=7)
    app.rules_panel.control("stack").value = True
    app.go_to(3)
    assert [e.kind for e in app.game.last_events()][:2] == ["Played", "DrawAnswered"]
    assert app.game.event_text(app.game.last_events()[1]) == (
        "Stacking: Player 4 adds Red Draw Two to the pile of draw cards, which now holds "
        "4 cards for Player 1")
    app.go_to(6)
    assert "Player 4 draws 10 cards" in "\n".join(app.log_lines())


def test_the_rule_switches_sit_beside_the_table_and_no_empty_chart_ends_a_game():
    """Issue 21, item 4: a teacher flips a rule beside the game (the rules
    panel heads the column beside the table, above what happened); when
    the game is over the odds panel says so and puts its chart away."""
    app = GameStepper("standard", players=4, seed=7)
    main = next(c for c in app.widget.children if "uno-stepper-main" in c._dom_classes)
    table, column = main.children
    assert table is app._table and column.children[0] is app.rules_panel.widget
    assert app.rules_panel.widget not in app.widget.children  # not below the game any more
    app.go_to(3)
    assert app.odds_panel.shows_chart and app.odds_panel.values
    app.to_end()
    assert app.game.is_over and not app.odds_panel.shows_chart
    assert html_text(app.odds_panel._title.value) == text("odds.panel.over")
    app.go_to(3)  # and back: the chart is on show again
    assert app.odds_panel.shows_chart


def test_the_autoplay_buttons_are_named_in_the_pages_language():
    """A screen reader names the autoplay's three buttons in the page's own
    words, from the text table (ui.js reads them from the control)."""
    for lang, names in (("en", ["play", "pause", "stop"]),
                        ("ru", ["запуск", "пауза", "остановка"])):
        app = GameStepper("standard", players=3, seed=1, lang=lang)
        assert app._play._props()["nm"] == names
