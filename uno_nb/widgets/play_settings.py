"""The play page's game settings (:class:`~uno_nb.widgets.play.PlayApp`):
the number of players, the bots' level, the length of a game and how often
the thoughtful bots bluff, beside the stepper's rules panel, folded in one
accordion.  The app reads them when one changes and deals anew from the same
seed, so a class that sets the same switches plays on together.
"""

from __future__ import annotations

from typing import NamedTuple

from . import ui as w

from ..engine.moves import MAX_PLAYERS
from ..sim.bots import BLUFF_RATES, BOT_NAMES
from ..texts import text
from ..texts.numbers import fmt_int
from ._common import tagged
from .rules_panel import RulesPanel

__all__ = ["MATCH", "Settings", "settings", "length_options"]

#: The Length menu's value for a match to the target score (a menu's value
#: is never ``None``).
MATCH = 0


class Settings(NamedTuple):
    """The settings' controls and the accordion that holds them."""

    players: w.BoundedIntText
    level: w.Dropdown
    length: w.Dropdown
    bluff: w.Dropdown
    note: w.HTML       #: says that a change deals anew from the same seed
    widget: w.Accordion


def settings(players: int, human: int, level: str, bluff: str, rules_panel: RulesPanel,
             lang: str) -> Settings:
    """The controls, set to ``players`` seats (the person's ``human`` among
    them), the bots' ``level``, the ``bluff`` setting; the Length menu's options
    are the app's to set (:func:`length_options`)."""
    players_box = tagged(w.BoundedIntText(
        value=players, min=max(2, human + 1), max=MAX_PLAYERS,
        description=text("play.players", lang), layout=w.Layout(width="170px")), "uno-players")
    level_menu = tagged(w.Dropdown(
        options=[(text(f"play.bots.{name}", lang), name) for name in BOT_NAMES[::-1]],
        value=level, description=text("play.bots", lang)), "uno-bot-level")
    length = tagged(w.Dropdown(description=text("play.length", lang)), "uno-length")
    bluff_menu = tagged(w.Dropdown(
        options=[(text(f"play.bluff.{word}", lang), word) for word, _ in BLUFF_RATES],
        value=bluff, description=text("play.bluff", lang),
        tooltip=text("play.bluff.tip", lang)), "uno-bluff-menu")  # (a card's is "uno-bluff")
    bluff_menu.disabled = level != "heuristic"  # the others bluff at random
    note = tagged(w.HTML(), "uno-settings-note")
    widget = tagged(w.Accordion(
        children=[w.VBox([w.HBox([players_box, level_menu, length, bluff_menu],
                                 layout=w.Layout(flex_flow="row wrap")),
                          note, rules_panel.widget])],
        titles=(text("play.settings", lang),)), "uno-play-settings")
    return Settings(players_box, level_menu, length, bluff_menu, note, widget)


def length_options(target_score: int, rounds: int | None, lang: str) -> list[tuple[str, int]]:
    """The Length menu: one round, or a match to the rules' target score
    (:data:`MATCH`); another number of ``rounds`` given to the app is a
    choice of its own."""
    target = fmt_int(target_score, lang)
    options: list[tuple[str, int]] = [
        (text("play.length.one", lang), 1),
        (text("play.length.match", lang, target=target), MATCH)]
    if rounds not in (1, None):
        options.append((text("play.length.rounds", lang, count=rounds), int(rounds)))
    return options
