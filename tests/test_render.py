"""HTML rendering of cards and tables (what a notebook shows)."""

import re
from html import escape

import pytest

from uno_nb import Game, parse_card
from uno_nb.engine.game import Phase
from uno_nb.engine.render import (TABLE_TEXTS, back_svg, card_svg, describe_top, describe_turn, game_html,
                           legend_html, table_texts)
from uno_nb.texts import TABLE, card_name, placeholders, text


def svg_titles(html):
    """The tooltip of every face-up card, in order."""
    return re.findall(r"<title>(.*?)</title>", html)


def test_every_card_renders_with_its_name_and_symbol():
    for code, symbol in [("R7", ">7<"), ("GS", "⊘"), ("BR", "⇄"), ("Y+2", "+2"), ("W", "Wild"),
                         ("W+4", "+4")]:
        svg = card_svg(parse_card(code))
        assert svg.startswith("<svg") and svg.endswith("</svg>")
        assert symbol in svg
    assert 'aria-label="Red 7"' in card_svg(parse_card("R7"))
    assert "<title>Red 7</title>" in card_svg(parse_card("R7"))
    assert parse_card("R7")._repr_html_() == card_svg(parse_card("R7"))


def test_a_game_renders_its_table():
    game = Game(seed=3, names=["Ann", "Bob", "Cy"], players=3)
    html = game._repr_html_()
    assert html == game_html(game)
    for name, hand in zip(("Ann", "Bob", "Cy"), game.hands):
        assert f"{name}: {len(hand)} cards" in html
    assert html.count("data-card=") == 1 + sum(len(h) for h in game.hands)
    assert html.count('class="uno-colour-symbol"') == 1  # beside the colour in force
    assert f"Draw pile: {len(game.draw_pile)} cards" in html
    hidden = game_html(game, seat=0)
    assert hidden.count('aria-label="card face down"') == len(game.hands[1]) + len(game.hands[2])
    assert back_svg().startswith("<svg")


def test_every_card_on_the_table_is_named_in_words_and_the_top_card_is_described():
    game = Game(seed=5, players=4)
    html = game_html(game)
    top = game.discard[-1]
    # the top card first (with the colour chosen, if black), then every hand in order
    expected = [card_name(top, colour=game.colour if top.is_black else None)]
    expected += [card_name(card) for hand in game.hands for card in hand]
    assert svg_titles(html) == expected
    said = describe_top(game)
    assert said == f"Top card: {card_name(top)} · colour in force: {game.colour.word}"
    assert re.sub(r"<[^>]+>", "", html).count(said) == 1  # the same words, in bold parts
    # nothing on the table in notation or in the engine's names for things
    words = re.sub(r"<svg.*?</svg>|<[^>]+>", " ", html)
    assert not re.search(r"\bP\d\b|\b[RYGB](\d|S|R|\+2)\b|\bturn\b|\bround \d+, ", words)


def test_a_wild_on_top_shows_the_colour_chosen_in_words():
    game = Game.from_position(hands=["R1 Y2", "B3"], discard="G5 W+4", colour="Y")
    html = game_html(game)
    assert svg_titles(html)[0] == "Wild Draw Four → yellow"
    assert describe_top(game) == "Top card: Wild Draw Four · colour in force: yellow"


@pytest.mark.parametrize("phase", list(Phase), ids=lambda p: p.name)
def test_every_phase_has_a_sentence(phase):
    assert f"phase_{phase.name.lower()}" in TABLE_TEXTS
    assert text(TABLE_TEXTS[f"phase_{phase.name.lower()}"], player="Player 2", round=1,
                cards="4 cards")


def test_the_turn_is_said_in_words_as_the_game_goes_on():
    game = Game.from_position(hands=["W+4 R3", "B1 B2", "G1"], discard="R5",
                              draw_pile="Y1 Y2 Y3 Y4 Y5 Y6")
    assert describe_turn(game) == "Round 1: Player 1 to play"
    game.push("W+4>G")  # Player 2 may challenge: the game waits for the draw
    assert game.phase is Phase.PENALTY
    assert describe_turn(game) == ("Round 1: Player 2 must draw 4 cards, "
                                   "unless the rules let them answer")
    assert describe_turn(game) in re.sub(r"<[^>]+>", "", game_html(game))
    over = Game.from_position(hands=["R3", "B1 B2"], discard="R5", max_rounds=1)
    over.push("R3")
    assert over.is_over and describe_turn(over) == "The game is over: Player 1 wins"


def test_the_table_says_the_direction_and_whose_turn_it_is():
    game = Game.from_position(hands=["RR R1", "B1", "G1", "Y1"], discard="R5")
    assert "Play goes clockwise ↻" in game_html(game)
    game.push("RR")
    html = game_html(game)
    assert "Play goes counter-clockwise ↺" in html
    assert "▶ Player 4: 1 card" in html  # the marked row is the player to move


def test_the_table_texts_fill_without_plural_fields_and_can_be_replaced():
    # game_html fills its templates with counts already written out, so a
    # replacement (labels=) needs no plural fields: none of ours has one.
    for name, template in table_texts().items():
        assert "|" not in template, name
        assert placeholders(template) <= {"card", "colour", "cards", "player", "round"}
    game = Game(seed=2, players=3)
    html = game_html(game, labels={"pile": "Pioche : {cards}", "colour": "ignored"})
    assert f"Pioche : {len(game.draw_pile)} cards" in html
    assert "ignored" not in html  # an old single-word label is not pasted into a sentence


def test_the_table_escapes_names():
    game = Game(seed=1, players=2, names=["<b>Ann</b>", "Bo & Co"])
    html = game_html(game)
    assert "&lt;b&gt;Ann&lt;/b&gt;" in html and "Bo &amp; Co" in html and "<b>Ann</b>" not in html


def test_the_legend_explains_every_code_it_lists():
    html = legend_html()
    for key in ("legend.title", "legend.colours", "legend.ranks", "legend.example"):
        assert escape(text(key)) in html
    assert escape(text("legend.house")) not in html
    assert escape(text("legend.house")) in legend_html(house=True)
    assert 'class="uno-legend"' in html


def test_table_texts_fall_back_to_english_for_a_language_without_them():
    assert table_texts("xx") == {name: TABLE["en"][key] for name, key in TABLE_TEXTS.items()}
