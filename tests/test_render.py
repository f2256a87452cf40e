"""HTML rendering of cards and tables (what a notebook shows)."""

from uno_nb import Game, parse_card
from uno_nb.render import back_svg, card_svg, game_html


def test_every_card_renders_with_its_name_and_symbol():
    for text, symbol in [("R7", ">7<"), ("GS", "⊘"), ("BR", "⇄"), ("Y+2", "+2"), ("W", "Wild"),
                         ("W+4", "+4")]:
        svg = card_svg(parse_card(text))
        assert svg.startswith("<svg") and svg.endswith("</svg>")
        assert symbol in svg
    assert 'aria-label="red 7"' in card_svg(parse_card("R7"))
    assert parse_card("R7")._repr_html_() == card_svg(parse_card("R7"))


def test_a_game_renders_its_table():
    game = Game(seed=3, names=["Ann", "Bob", "Cy"], players=3)
    html = game._repr_html_()
    assert html == game_html(game)
    for name in ("Ann", "Bob", "Cy"):
        assert name in html
    assert html.count("<svg") == 1 + sum(len(h) for h in game.hands)
    assert f"draw pile: {len(game.draw_pile)}" in html and "colour in force" in html
    hidden = game_html(game, seat=0)
    assert hidden.count('aria-label="card face down"') == len(game.hands[1]) + len(game.hands[2])
    assert back_svg().startswith("<svg")
