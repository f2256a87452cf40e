"""Cards and tables as HTML, for notebooks (no widget or plotting imports).

Cards are drawn as small inline SVGs that look like the real thing: the
colour, the rank in the middle and the corners, the symbols for Skip (⊘),
Reverse (⇄), +2, Wild (four colours) and +4.  ``Game`` and ``Card`` use these
for ``_repr_html_``, so a game shows itself in a notebook cell.

>>> "svg" in card_svg(parse_card("R7"))
True
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Iterable

from .cards import Card, Colour, parse_card  # noqa: F401  (parse_card: doctest)

if TYPE_CHECKING:
    from .game import Game

__all__ = ["card_svg", "back_svg", "hand_html", "game_html", "COLOUR_HEX"]

COLOUR_HEX = {Colour.RED: "#d72600", Colour.YELLOW: "#ecd407", Colour.GREEN: "#379711",
              Colour.BLUE: "#0956bf"}
_BLACK = "#1d1d1b"
_SYMBOL = {"S": "⊘", "R": "⇄", "+2": "+2", "W": "W", "W+4": "+4", "W+10": "+10", "+1": "+1",
           "W+2": "+2"}


def card_svg(card: Card, width: int = 48, chosen: Colour | None = None) -> str:
    """One card as an inline SVG (``chosen``: the colour named for a black card)."""
    height = int(width * 1.5)
    fill = _BLACK if card.colour is None else COLOUR_HEX[card.colour]
    label = _SYMBOL.get(card.rank, card.rank)
    ink = "#ffffff" if card.colour is None else fill
    big = int(width * (0.42 if len(label) < 3 else 0.3))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(card.name)}" '
             f'data-card="{escape(card.text)}" style="display:inline-block;margin:2px">',
             f'<title>{escape(card.name)}</title>',
             f'<rect x="1" y="1" width="{width - 2}" height="{height - 2}" rx="{width // 8}" '
             f'fill="{fill}" stroke="#ffffff" stroke-width="2"/>']
    cx, cy = width / 2, height / 2
    if card.is_black and card.rank in ("W", "W+4", "W+10", "W+2"):
        # the four-colour wheel in the middle
        r = width * 0.3
        quads = [(Colour.RED, -1, -1), (Colour.BLUE, 1, -1), (Colour.GREEN, 1, 1),
                 (Colour.YELLOW, -1, 1)]
        for colour, sx, sy in quads:
            parts.append(f'<path d="M{cx},{cy} h{sx * r} a{r},{r} 0 0,{1 if sx * sy > 0 else 0} '
                         f'{-sx * r},{sy * r} z" fill="{COLOUR_HEX[colour]}"/>')
        ink = "#ffffff"
        if card.rank != "W":
            parts.append(f'<text x="{cx}" y="{cy + big * 0.35}" font-size="{big}" '
                         f'font-family="sans-serif" font-weight="bold" text-anchor="middle" '
                         f'fill="#ffffff" stroke="{_BLACK}" stroke-width="1">{escape(label)}</text>')
    else:
        parts.append(f'<ellipse cx="{cx}" cy="{cy}" rx="{width * 0.36}" ry="{height * 0.3}" '
                     f'fill="#ffffff" transform="rotate(-25 {cx} {cy})"/>')
        parts.append(f'<text x="{cx}" y="{cy + big * 0.35}" font-size="{big}" '
                     f'font-family="sans-serif" font-weight="bold" text-anchor="middle" '
                     f'fill="{ink}">{escape(label)}</text>')
    small = max(8, width // 5)
    corner = _BLACK if card.colour is Colour.YELLOW else "#ffffff"
    parts.append(f'<text x="{width * 0.1}" y="{small + 2}" font-size="{small}" '
                 f'font-family="sans-serif" font-weight="bold" fill="{corner}">{escape(label)}</text>')
    if chosen is not None and card.is_black:
        parts.append(f'<circle cx="{width * 0.85}" cy="{height * 0.88}" r="{width * 0.1}" '
                     f'fill="{COLOUR_HEX[chosen]}" stroke="#ffffff" stroke-width="1.5"/>')
    parts.append("</svg>")
    return "".join(parts)


def back_svg(width: int = 48) -> str:
    """The back of a card (a hand shown face down)."""
    height = int(width * 1.5)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'role="img" aria-label="card face down" style="display:inline-block;margin:2px">'
            f'<rect x="1" y="1" width="{width - 2}" height="{height - 2}" rx="{width // 8}" '
            f'fill="{_BLACK}" stroke="#ffffff" stroke-width="2"/>'
            f'<ellipse cx="{width / 2}" cy="{height / 2}" rx="{width * 0.36}" ry="{height * 0.3}" '
            f'fill="{COLOUR_HEX[Colour.RED]}" transform="rotate(-25 {width / 2} {height / 2})"/>'
            f'<text x="{width / 2}" y="{height / 2 + width * 0.08}" font-size="{width * 0.22}" '
            f'font-family="sans-serif" font-weight="bold" text-anchor="middle" '
            f'fill="#ecd407">UNO</text></svg>')


def hand_html(cards: Iterable[Card], face_up: bool = True, width: int = 40) -> str:
    cards = list(cards)
    if not face_up:
        return "".join(back_svg(width) for _ in cards)
    return "".join(card_svg(card, width) for card in cards)


#: The words of the table view; the notebook apps pass their own translation.
LABELS = {"clockwise": "↻ clockwise", "counter": "↺ counter-clockwise",
          "colour": "colour in force", "pile": "draw pile", "round": "round"}


def game_html(game: "Game", seat: int | None = None, width: int = 40,
              labels: dict[str, str] | None = None) -> str:
    """The table: every hand (or only ``seat``'s face up), the top card with
    the colour in force, the draw pile, whose turn it is and the direction."""
    words = {**LABELS, **(labels or {})}
    arrow = words["clockwise"] if game.direction == 1 else words["counter"]
    rows = []
    for s, cards in enumerate(game.hands):
        mark = "▶ " if s == game.current and not game.is_over else ""
        face_up = seat is None or s == seat
        style = "font-weight:bold" if mark else ""
        rows.append(f'<tr><td style="{style};padding-right:8px;white-space:nowrap">'
                    f'{mark}{escape(game.names[s])} ({len(cards)})</td>'
                    f'<td>{hand_html(cards, face_up, width)}</td></tr>')
    top = game.discard[-1] if game.discard else None
    centre = card_svg(top, int(width * 1.4), game.colour) if top is not None else ""
    info = (f'<div>{words["colour"]}: <b style="color:{COLOUR_HEX[game.colour]}">'
            f'{game.colour.word}</b><br>{arrow}<br>{words["pile"]}: {len(game.draw_pile)}'
            f'<br>{words["round"]} {game.round_no}, '
            f'{escape(game.phase.name.lower().replace("_", " "))}</div>')
    return ('<div class="uno-table" style="font-family:sans-serif">'
            f'<div style="display:flex;gap:16px;align-items:center">'
            f'<div class="uno-top">{centre}</div>{info}</div>'
            f'<table style="border-collapse:collapse">{"".join(rows)}</table></div>')
