"""What the card-odds lessons share (:mod:`uno_nb.widgets.odds_lesson`,
:mod:`~uno_nb.widgets.odds_live`, :mod:`~uno_nb.widgets.odds_challenge`): the
deck's size, the widgets' styles, a seed box, a count of cards in words, the
table as one player sees it, and a seeded game replayed move by move."""

from __future__ import annotations

from html import escape
from typing import Callable, Sequence

from . import ui as w

from ..engine.cards import build_deck
from ..engine.game import Game
from ..engine.render import (INK_HEX, NO_COLOUR_HEX, card_svg, colour_symbol_svg, hand_html,
                             symbol_legend_html)
from ..engine.rules import RuleSet
from ..sim.simulation import play_game
from ..texts import card_name, colour_name, text
from ._common import tagged
from .odds_panel import seat_name

__all__ = ["DECK", "SEED_MAX", "WIDE", "CELL", "scroll", "seed_box", "counted", "table_html",
           "Replay"]

DECK = len(build_deck())  # 108
SEED_MAX = 2**31 - 1
WIDE = {"description_width": "initial"}
#: Cells of the apps' tables: padded, on one line; a wide table scrolls on its own.
CELL = "padding:2px 10px;white-space:nowrap"


def scroll(table: str) -> str:
    """``table`` in a box that scrolls sideways when it is too wide."""
    return f'<div style="overflow-x:auto;max-width:100%">{table}</div>'


def seed_box(value: int, description: str, *classes: str) -> w.BoundedIntText:
    """A box for a game's or a deal's seed, with CSS ``classes``."""
    return tagged(w.BoundedIntText(value=value, min=0, max=SEED_MAX, description=description,
                                   layout=w.Layout(width="14em")), *classes)


def counted(kind: str, count: int, lang: str) -> str:
    """``count`` cards of a kind in words (``odds.kind.<kind>.count``)."""
    return text(f"odds.kind.{kind}.count", lang, count=count)


# -- the table, as one player sees it ----------------------------------------------------------

def table_html(game: Game, seat: int, show_all: bool, lang: str) -> str:
    """The hands (face up for ``seat``, or all with ``show_all``), the top
    card, the colour in force and the draw pile, and the legend of the
    colours' symbols under them."""
    rows = []
    for s, cards in enumerate(game.hands):
        mark = "▶ " if s == game.current and not game.is_over else ""
        label = text("odds.live.table_hand", lang, player=seat_name(game, s, lang),
                     count=len(cards))
        style = "font-weight:bold;" if mark else ""
        rows.append(f'<tr><td style="{style}padding-right:8px;white-space:nowrap">'
                    f"{mark}{escape(label)}</td>"
                    f"<td>{hand_html(cards, show_all or s == seat, 30, lang)}</td></tr>")
    top = game.discard[-1] if game.discard else None
    centre = (card_svg(top, 48, game.colour, title=card_name(top, lang, colour=game.colour))
              if top is not None else "")
    colour = text("odds.live.table_colour", lang, colour=colour_name(game.colour, lang))
    # the colour in force in its readable ink, and its symbol as on the cards
    ink, chip = NO_COLOUR_HEX, ""
    if game.colour is not None:
        ink, chip = INK_HEX[game.colour], colour_symbol_svg(game.colour, 16, "margin-left:4px")
    pile = text("odds.live.table_pile", lang, count=len(game.draw_pile))
    return ('<div style="font-family:sans-serif">'
            '<div style="display:flex;gap:16px;align-items:center">'
            f'<div class="uno-top">{centre}</div><div>'
            f'<b style="color:{ink}">{escape(colour)}</b>{chip}<br>'
            f"{escape(pile)}</div></div>"
            f'<table style="border-collapse:collapse">{"".join(rows)}</table>'
            f"{symbol_legend_html(lang, short=True)}</div>")  # what the corners' shapes mean


# -- a seeded game, move by move ------------------------------------------------------------------

class Replay:
    """A seeded game between bots, played once and then walked with the
    game's own undo and redo, so every position is exactly the engine's."""

    def __init__(self, rules: RuleSet | str | None, bots: Sequence[str], seed: int,
                 watch: Callable[[Game], None] | None = None) -> None:
        _, game = play_game(rules, list(bots), seed, max_rounds=1, record=True, observer=watch)
        self.total = len(game.moves)
        while game.can_undo():
            game.pop()
        self.game = game

    @property
    def index(self) -> int:
        return len(self.game.moves)

    def go_to(self, index: int) -> None:
        index = max(0, min(int(index), self.total))
        while self.index > index:
            self.game.pop()
        while self.index < index:
            self.game.redo()
