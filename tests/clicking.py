"""A person's clicks on the play page, chosen from the app's own state: the
widget tests and the browser tests play the same match by the same choices
(the browser test clicks the selector on the page, and makes the same
decision on the app it runs here)."""

from __future__ import annotations

from collections import Counter
from typing import Callable, NamedTuple

from uno_nb.engine.cards import COLOURS
from uno_nb.engine.game import Phase
from uno_nb.engine.moves import CHALLENGE, COLOUR, DRAW, PASS, PLAY, READY, SWAP, Move
from uno_nb.widgets import PlayApp


class Click(NamedTuple):
    what: str                   #: what the person does, for a failure's message
    selector: str               #: the button on the page (the first that matches)
    act: Callable[[], None]     #: the same click on the app


def _card(code: str) -> str:
    return f".uno-play .uno-hand .uno-card:has(svg[data-card='{code}'])"


def next_click(app: PlayApp) -> Click | None:
    """The person's next click, or ``None`` when there is nothing to click
    (the game is over, or the bots are still moving).  The person jumps in
    whenever they may, challenges every Wild Draw Four, swaps with the first
    player offered, plays a 7 or a Wild Draw Four before any other card,
    else the first card that fits, names the colour they hold most of, draws
    when nothing fits and passes on a drawn card they may keep."""
    game, me = app.game, app.human
    if game.is_over:
        return None
    if game.phase is Phase.ROUND_OVER:
        return Click("deal the next round", ".uno-play .uno-next-round", app.next_round)
    if app._wild is not None:
        held = Counter(c.colour for c in game.hands[me] if c.colour is not None)
        colour = max(COLOURS, key=lambda c: (held[c], -COLOURS.index(c)))
        return Click(f"name {colour.name.lower()}",
                     f".uno-play .uno-colour-{colour.name.lower()}",
                     lambda: app._choose_colour(colour))
    moves = app._my_moves()
    if not moves:
        return None
    kinds = {m.kind for m in moves}
    if CHALLENGE in kinds:
        return Click("challenge", ".uno-play .uno-challenge",
                     lambda: app._human(Move.make(CHALLENGE, me)))
    swaps = [m for m in moves if m.kind is SWAP]
    if swaps:
        return Click("swap hands", ".uno-play .uno-swap", lambda: app._human(swaps[0]))
    for m in moves:
        if m.kind is COLOUR and m.colour is not None:
            colour = m.colour
            return Click("name the start colour", f".uno-play .uno-colour-{colour.name.lower()}",
                         lambda: app._human(m))
        if m.kind is READY:
            return Click("say ready", ".uno-play .uno-ready", lambda: app._human(m))
    plays = [m for m in moves if m.kind is PLAY and m.card is not None]
    if plays:
        best = min(plays, key=lambda m: (m.card.rank not in ("7", "+4"), plays.index(m)))
        card = best.card
        return Click(f"play {card.text}", _card(card.text), lambda: app.play(card))
    if app._paused:
        return Click("let play go on", ".uno-play .uno-go-on", app.go_on)
    if PASS in kinds and game.phase is Phase.DRAWN:
        return Click("keep the drawn card", ".uno-play .uno-pass",
                     lambda: app._human(Move.make(PASS, me)))
    if DRAW in kinds:
        return Click("draw", ".uno-play .uno-draw", lambda: app._human(Move.make(DRAW, me)))
    raise AssertionError(f"no button for the moves {moves}")
