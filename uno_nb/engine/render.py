"""Cards and tables as HTML, for notebooks (no widget or plotting imports): the
engine's own drawing, as python-chess keeps ``chess.svg`` beside ``chess``.

Cards are drawn as small inline SVGs that look like the real thing: the
colour, the rank in the middle and the corners, the symbols for Skip (⊘),
Reverse (⇄), +2, Wild (four colours) and +4.  A colour is told by a shape
too, for a colour-blind reader (in the spirit of the ColorADD deck, with
shapes of our own, :data:`SYMBOL_SHAPES`): red a triangle, yellow a disc,
green a diamond, blue two waves, in two corners of every coloured card and
of a Wild whose colour is chosen, beside the colour in force in words, and
in :func:`symbol_legend_html`.  Every word on a face reads at 4.5:1 or better
against what it sits on; a card that does not fit now (``pale``) is lighter
with a dashed edge, its words as readable.  ``Game`` and ``Card`` use these
for ``_repr_html_``, so a game shows itself in a notebook cell.  Every card
carries its name in words as a tooltip (``Red Skip``), and the table says in
whole sentences what a learner needs: the top card and the colour in force,
the direction, the draw pile, whose turn it is and what they must do.  The
words come from the text table (:mod:`uno_nb.texts`) in the language asked for.

>>> "svg" in card_svg(parse_card("R7"))
True
>>> 'class="uno-symbol uno-symbol-triangle"' in card_svg(parse_card("R7"))
True
>>> from uno_nb import Game
>>> describe_top(Game.from_position(hands=["R1", "B2"], discard="G5 W", colour="B"))
'Top card: Wild · colour in force: blue'
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Iterable

from .cards import Card, Colour, parse_card  # noqa: F401  (parse_card: doctest)
from .state import Phase
from ..texts import LANGS, TABLE, card_name, colour_name, player_name, text, upper_first

if TYPE_CHECKING:
    from .game import Game

__all__ = ["card_svg", "back_svg", "hand_html", "game_html", "legend_html", "symbol_legend_html",
           "colour_symbol_svg", "describe_top", "describe_turn", "table_texts", "TABLE_TEXTS",
           "COLOUR_HEX", "INK_HEX", "ON_COLOUR_HEX", "SYMBOL_SHAPES", "SYMBOL_CHARS"]

COLOUR_HEX = {Colour.RED: "#d72600", Colour.YELLOW: "#ecd407", Colour.GREEN: "#379711",
              Colour.BLUE: "#0956bf"}
_BLACK = "#1d1d1b"
#: A colour's ink on white (a card's number on its white oval, the colour's
#: name in its colour, the symbol in its badge): the colour itself, or a
#: darker shade of it where the card colour is too pale to read on white
#: (every ink is at least 4.5:1 against white).
INK_HEX = {**COLOUR_HEX, Colour.YELLOW: "#6b5c00", Colour.GREEN: "#2b7a0b"}
#: The ink of words written on a colour's fill (a card's corner, a colour
#: button): white where it reads at 4.5:1 or better, else near black.
ON_COLOUR_HEX = {Colour.RED: "#ffffff", Colour.YELLOW: "#111111", Colour.GREEN: "#111111",
                 Colour.BLUE: "#ffffff"}
#: The colour of the words "not chosen yet" before a Wild start card's colour is chosen.
NO_COLOUR_HEX = "#5f5f5f"
#: Each colour's symbol, the same wherever the colour is shown (a card's
#: corners, a Wild's chosen colour, the colour in force, the legend), so that
#: a colour can be told by its shape as well as by its hue: red a triangle (a
#: flame), yellow a disc (the sun), green a diamond (a leaf), blue two waves
#: (water).  The characters are the shapes' nearest stand-ins in text.
SYMBOL_SHAPES = {Colour.RED: "triangle", Colour.YELLOW: "disc", Colour.GREEN: "diamond",
                 Colour.BLUE: "waves"}
SYMBOL_CHARS = {Colour.RED: "▲", Colour.YELLOW: "●", Colour.GREEN: "◆", Colour.BLUE: "≈"}
_SYMBOL = {"S": "⊘", "R": "⇄", "+2": "+2", "W": "W", "W+4": "+4", "W+10": "+10", "+1": "+1",
           "W+2": "+2"}
# A card that does not fit now ("pale"): its colours mixed this far towards
# white, and a dashed outline of this grey, so that it is told apart by its
# shape too and its words still read at 4.5:1.
_PALE_MIX = 0.6
_PALE_EDGE = "#4a4a4a"


def _mix_white(hexa: str, amount: float) -> str:
    """``hexa`` mixed ``amount`` (0–1) of the way towards white."""
    channels = (int(hexa[i:i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in channels)


def _num(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _symbol(colour: Colour, cx: float, cy: float, r: float, ink: str) -> str:
    """The shape of ``colour`` in ``ink``, inside a circle of radius ``r``."""
    shape = SYMBOL_SHAPES[colour]
    if shape == "triangle":
        pts = [(cx, cy - 0.72 * r), (cx + 0.72 * r, cy + 0.5 * r), (cx - 0.72 * r, cy + 0.5 * r)]
    elif shape == "diamond":
        pts = [(cx, cy - 0.78 * r), (cx + 0.56 * r, cy), (cx, cy + 0.78 * r), (cx - 0.56 * r, cy)]
    elif shape == "disc":
        return f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(0.56 * r)}" fill="{ink}"/>'
    else:  # two waves
        waves = "".join(f'M{_num(cx - 0.7 * r)},{_num(y)} q{_num(0.35 * r)},{_num(-0.4 * r)} '
                        f'{_num(0.7 * r)},0 t{_num(0.7 * r)},0 '
                        for y in (cy - 0.22 * r, cy + 0.38 * r))
        return (f'<path d="{waves.strip()}" fill="none" stroke="{ink}" '
                f'stroke-width="{_num(max(1.2, 0.2 * r))}" stroke-linecap="round"/>')
    points = " ".join(f"{_num(x)},{_num(y)}" for x, y in pts)
    return f'<polygon points="{points}" fill="{ink}"/>'


def _badge(colour: Colour, cx: float, cy: float, r: float, pale: bool = False) -> str:
    """A colour's symbol on a white disc ringed in the colour."""
    ring = _mix_white(COLOUR_HEX[colour], _PALE_MIX) if pale else COLOUR_HEX[colour]
    return (f'<g class="uno-symbol uno-symbol-{SYMBOL_SHAPES[colour]}">'
            f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r)}" fill="#ffffff" '
            f'stroke="{ring}" stroke-width="{_num(max(1.0, 0.18 * r))}"/>'
            f'{_symbol(colour, cx, cy, r, INK_HEX[colour])}</g>')


def colour_symbol_svg(colour: Colour, size: int = 16, style: str = "",
                      name: str | None = None) -> str:
    """A colour's symbol on its own, as it is in a card's corners: for the
    colour in force and the legend, beside the colour's name in words (so a
    screen reader skips it, unless it is given a ``name``: the shape's)."""
    r = size / 2 - 1
    said = ('aria-hidden="true"' if name is None
            else f'role="img" aria-label="{escape(name)}"')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
            f'viewBox="0 0 {size} {size}" {said} class="uno-colour-symbol" '
            f'style="display:inline-block;vertical-align:middle;{style}">'
            + (f"<title>{escape(name)}</title>" if name is not None else "")
            + f'{_badge(colour, size / 2, size / 2, r)}</svg>')


def card_svg(card: Card, width: int = 48, chosen: Colour | None = None,
             title: str | None = None, style: str = "margin:2px", named: bool = True,
             pale: bool = False) -> str:
    """One card as an inline SVG (``chosen``: the colour named for a black card;
    ``title``: the words a screen reader and the tooltip give, in the reader's
    language — the card's English name, ``Red 7``, by default; ``style``:
    extra CSS, as :func:`back_svg`'s; ``named=False``: a picture beside the
    card's name in words, so it carries neither a title nor a label of its own
    and a screen reader skips it; ``pale``: a card that does not fit now,
    drawn lighter with a dashed outline, its words as readable as ever).

    A coloured card carries its colour's symbol (:data:`SYMBOL_SHAPES`) in
    two corners; a Wild with ``chosen`` carries the chosen colour's symbol."""
    height = int(width * 1.5)
    # a tooltip begins with a capital («Красная 7»); a sentence says «кладёт карту: красная 7»
    title = upper_first(card_name(card) if title is None else title)

    def tint(hexa: str) -> str:
        return _mix_white(hexa, _PALE_MIX) if pale else hexa

    fill = tint(_BLACK if card.colour is None else COLOUR_HEX[card.colour])
    label = _SYMBOL.get(card.rank, card.rank)
    big = int(width * (0.42 if len(label) < 3 else 0.3))
    said = (f'role="img" aria-label="{escape(title)}"' if named else 'aria-hidden="true"')
    marked = ' data-pale="true"' if pale else ""
    edge = (f'stroke="{_PALE_EDGE}" stroke-width="{_num(max(1.5, width / 28))}" '
            f'stroke-dasharray="{_num(width / 10)} {_num(width / 16)}"' if pale
            else 'stroke="#ffffff" stroke-width="2"')
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" {said} '
             f'data-card="{escape(card.text)}"{marked} '
             f'style="display:inline-block;{style}">',
             f'<title>{escape(title)}</title>' if named else "",
             f'<rect x="1" y="1" width="{width - 2}" height="{height - 2}" rx="{width // 8}" '
             f'fill="{fill}" {edge}/>']
    cx, cy = width / 2, height / 2
    if card.is_black and card.rank in ("W", "W+4", "W+10", "W+2"):
        # the four-colour wheel in the middle
        r = width * 0.3
        quads = [(Colour.RED, -1, -1), (Colour.BLUE, 1, -1), (Colour.GREEN, 1, 1),
                 (Colour.YELLOW, -1, 1)]
        for colour, sx, sy in quads:
            parts.append(f'<path d="M{cx},{cy} h{sx * r} a{r},{r} 0 0,{1 if sx * sy > 0 else 0} '
                         f'{-sx * r},{sy * r} z" fill="{tint(COLOUR_HEX[colour])}"/>')
        if card.rank != "W":
            # the number of cards to draw on a black band across the wheel
            big = int(width * (0.32 if len(label) < 3 else 0.24))
            band = big * 0.62 * len(label) + width * 0.08
            parts.append(f'<rect x="{_num(cx - band / 2)}" y="{_num(cy - big * 0.5)}" '
                         f'width="{_num(band)}" height="{_num(big)}" rx="{_num(big * 0.2)}" '
                         f'fill="{_BLACK}"/>')
            parts.append(f'<text x="{cx}" y="{_num(cy + big * 0.35)}" font-size="{big}" '
                         f'font-family="sans-serif" font-weight="bold" text-anchor="middle" '
                         f'fill="#ffffff">{escape(label)}</text>')
    else:
        ink = INK_HEX[card.colour] if card.colour is not None else _BLACK
        parts.append(f'<ellipse cx="{cx}" cy="{cy}" rx="{width * 0.36}" ry="{height * 0.3}" '
                     f'fill="#ffffff" transform="rotate(-25 {cx} {cy})"/>')
        parts.append(f'<text x="{cx}" y="{_num(cy + big * 0.35)}" font-size="{big}" '
                     f'font-family="sans-serif" font-weight="bold" text-anchor="middle" '
                     f'fill="{ink}">{escape(label)}</text>')
    small = max(8, width // 5)
    if width < 30:  # too small for the corner's rank beside the symbol
        small = 0
    if pale:
        corner = "#111111"
    else:
        corner = "#ffffff" if card.colour is None else ON_COLOUR_HEX[card.colour]
    if small:
        parts.append(f'<text x="{_num(width * 0.1)}" y="{small + 2}" font-size="{small}" '
                     f'font-family="sans-serif" font-weight="bold" fill="{corner}">'
                     f'{escape(label)}</text>')
    shown = card.colour if card.colour is not None else chosen if card.is_black else None
    if shown is not None:
        # the colour's symbol in the two corners the rank leaves free
        r = max(4.0, width * 0.16)
        for x, y in ((width - r - width * 0.06, r + width * 0.06),
                     (r + width * 0.06, height - r - width * 0.06)):
            parts.append(_badge(shown, x, y, r, pale))
    parts.append("</svg>")
    return "".join(parts)


def back_svg(width: int = 48, title: str = "card face down", style: str = "margin:2px") -> str:
    """The back of a card (a hand shown face down): nothing in it names the
    card.  ``title``: the words a screen reader gives; ``style``: extra CSS
    (the play page overlaps the backs of a hand)."""
    height = int(width * 1.5)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'role="img" aria-label="{escape(title)}" style="display:inline-block;{style}">'
            f'<rect x="1" y="1" width="{width - 2}" height="{height - 2}" rx="{width // 8}" '
            f'fill="{_BLACK}" stroke="#ffffff" stroke-width="2"/>'
            f'<ellipse cx="{width / 2}" cy="{height / 2}" rx="{width * 0.36}" ry="{height * 0.3}" '
            f'fill="{COLOUR_HEX[Colour.RED]}" transform="rotate(-25 {width / 2} {height / 2})"/>'
            f'<text x="{width / 2}" y="{height / 2 + width * 0.08}" font-size="{width * 0.22}" '
            f'font-family="sans-serif" font-weight="bold" text-anchor="middle" '
            f'fill="#ecd407">UNO</text></svg>')


def hand_html(cards: Iterable[Card], face_up: bool = True, width: int = 40,
              lang: str = "en") -> str:
    """A row of cards, each with its name in ``lang`` as its tooltip (face
    down: only the words of :func:`back_svg`, which name no card)."""
    cards = list(cards)
    if not face_up:
        hidden = text("app.table_face_down", lang)
        return "".join(back_svg(width, title=hidden) for _ in cards)
    return "".join(card_svg(card, width, title=card_name(card, lang)) for card in cards)


# -- the table view in words ---------------------------------------------------------

#: Each sentence of the table view (a short name) and its key in the text
#: table.  Counts reach these templates already written out ("75 cards"), so
#: a replacement given to :func:`game_html` needs no plural fields.
TABLE_TEXTS: dict[str, str] = {
    "top": "app.table_top", "no_top": "app.table_no_top",
    "clockwise": "app.table_clockwise", "counter": "app.table_counter",
    "pile": "app.table_pile", "hand": "app.table_hand",
    # every phase by its name: a new phase needs only its sentence
    **{f"phase_{phase}": f"app.table_phase_{phase}"
       for phase in (member.name.lower() for member in Phase)},
}


def table_texts(lang: str = "en") -> dict[str, str]:
    """The templates of the table view in ``lang`` (English where ``lang``
    lacks one), by short name: what :func:`game_html` fills in."""
    table, fallback = TABLE.get(lang, {}), TABLE[LANGS[0]]
    return {name: table.get(key, fallback[key]) for name, key in TABLE_TEXTS.items()}


def _words(lang: str, labels: dict[str, str] | None) -> dict[str, str]:
    words = table_texts(lang)
    # Only the names of TABLE_TEXTS are taken: a label under another name
    # (the single words "colour" and "round" of earlier versions) has no
    # sentence to go into.
    words.update({k: v for k, v in (labels or {}).items() if k in TABLE_TEXTS})
    return words


def _html(template: str, **values: str) -> str:
    """A template's own words escaped, filled with ``values`` (HTML already)."""
    return escape(template, quote=False).format(**values)


def _seat_name(game: "Game", seat: int, lang: str) -> str:
    # the game's own names if it was given some, else "Player 1" … in lang
    return player_name(seat, lang, game.given_names)


def _top_values(game: "Game", lang: str, html: bool) -> dict[str, str]:
    card = card_name(game.discard[-1], lang)
    colour = colour_name(game.colour, lang)
    if not html:
        return {"card": card, "colour": colour}
    if game.colour is None:
        return {"card": f"<b>{escape(card)}</b>",
                "colour": f'<b style="color:{NO_COLOUR_HEX}">{escape(colour)}</b>'}
    # the colour in its readable ink, then its symbol
    chip = colour_symbol_svg(game.colour, 16, "margin:0 0 2px 4px")
    return {"card": f"<b>{escape(card)}</b>",
            "colour": f'<b style="color:{INK_HEX[game.colour]}">{escape(colour)}{chip}</b>'}


def describe_top(game: "Game", lang: str = "en", labels: dict[str, str] | None = None) -> str:
    """The discard pile in words: ``'Top card: Red 7 · colour in force: red'``.

    The card is named without the colour chosen for it: the colour in force
    says that, for every card alike."""
    words = _words(lang, labels)
    if not game.discard:
        return words["no_top"]
    return words["top"].format(**_top_values(game, lang, html=False))


def _turn_values(game: "Game", lang: str) -> tuple[str, dict[str, str]]:
    phase = game.phase.name.lower()
    seat = game.current
    if game.is_over and game.outcome is not None:
        seat = game.outcome.winner
    values = {"round": str(game.round_no), "player": _seat_name(game, seat, lang),
              "cards": text("cards.count", lang, count=game.pending)}
    return f"phase_{phase}", values


def describe_turn(game: "Game", lang: str = "en", labels: dict[str, str] | None = None) -> str:
    """Whose turn it is and what the game waits for, as a sentence:
    ``'Round 1: Player 2 to play'``, ``'The game is over: Player 3 wins'``."""
    name, values = _turn_values(game, lang)
    return _words(lang, labels)[name].format(**values)


def legend_html(lang: str = "en", house: bool = False) -> str:
    """The legend of the short card codes (``RS``, ``W+4>G``) for wherever
    codes are shown; ``house`` adds the cards of the house-rule decks."""
    lines = [text("legend.colours", lang), text("legend.ranks", lang)]
    if house:
        lines.append(text("legend.house", lang))
    lines.append(text("legend.example", lang))
    items = "".join(f'<li>{escape(line)}</li>' for line in lines)
    return ('<div class="uno-legend" style="font-family:sans-serif;font-size:13px;'
            'line-height:1.4;border:1px solid #ccc;border-radius:6px;padding:4px 10px;'
            'margin:4px 0">'
            f'<b>{escape(text("legend.title", lang))}</b>'
            f'<ul style="margin:2px 0;padding-left:18px">{items}</ul></div>')


def symbol_legend_html(lang: str = "en", pale: bool = False, short: bool = False) -> str:
    """The legend of the colours' symbols (:data:`SYMBOL_SHAPES`), each drawn
    as on the cards beside its shape and colour in words ("triangle: red"),
    for every page that shows cards; ``short``: no title and the colour's
    word alone (the shape's name is the picture's name for a screen reader
    and its tooltip), for a page where room is short (the play page on a
    phone, above the hand); ``pale``: and what a pale card means (the play
    page's hand)."""
    items = []
    for colour in SYMBOL_SHAPES:
        shape, word = text(f"symbol.{colour.word}", lang), colour_name(colour, lang)
        picture = colour_symbol_svg(colour, 16 if short else 18, "margin:0 3px 2px 0",
                                    name=shape if short else None)
        said = word if short else text("legend.symbol", lang, shape=shape, colour=word)
        items.append('<span class="uno-symbol-item" style="white-space:nowrap;margin-right:10px">'
                     f'{picture}{escape(said)}</span>')
    note = text("legend.symbols.pale", lang) if pale else ""
    if short:  # one flowing paragraph: the symbols, then what a pale card means
        note = (f'<span class="uno-symbol-pale" style="display:inline-block">{escape(note)}</span>'
                if note else "")
        return ('<div class="uno-symbol-legend" style="font-family:sans-serif;font-size:12px;'
                f'line-height:1.5;margin:4px 0">{"".join(items)}{note}</div>')
    note = f'<div class="uno-symbol-pale">{escape(note)}</div>' if note else ""
    return ('<div class="uno-symbol-legend" style="font-family:sans-serif;font-size:13px;'
            'line-height:1.6;margin:4px 0">'
            f'<b>{escape(text("legend.symbols.title", lang))}:</b> {"".join(items)}{note}</div>')


# A notebook's output styles tables as data (right-aligned, striped rows):
# the table of hands keeps its own look wherever it is shown.
_ROW = "background:transparent;border:none"
_CELL = "text-align:left;vertical-align:middle;padding:2px 8px 2px 0;border:none;"


def game_html(game: "Game", seat: int | None = None, width: int = 40,
              labels: dict[str, str] | None = None, lang: str = "en") -> str:
    """The table: every hand (or only ``seat``'s face up), the top card with
    the colour in force, the draw pile, whose turn it is and the direction.

    Every card has its name in ``lang`` as its tooltip; the sentences beside
    the top card are :data:`TABLE_TEXTS` in ``lang``, or the templates of
    ``labels`` (by the same short names) where given."""
    words = _words(lang, labels)
    rows = []
    for s, cards in enumerate(game.hands):
        mark = "▶ " if s == game.current and not game.is_over else ""
        face_up = seat is None or s == seat
        style = "font-weight:bold;" if mark else ""
        who = _html(words["hand"], player=escape(_seat_name(game, s, lang)),
                    cards=escape(text("cards.count", lang, count=len(cards))))
        rows.append(f'<tr style="{_ROW}"><td class="uno-player" style="{_CELL}{style}'
                    f'white-space:nowrap">{mark}{who}</td>'
                    f'<td class="uno-hand-cards" style="{_CELL}">'
                    f'{hand_html(cards, face_up, width, lang)}</td></tr>')
    if game.discard:
        top = game.discard[-1]
        chosen = game.colour if top.is_black else None
        centre = card_svg(top, int(width * 1.4), chosen,
                          title=card_name(top, lang, colour=chosen))
        said_top = _html(words["top"], **_top_values(game, lang, html=True))
    else:
        centre, said_top = "", escape(words["no_top"])
    arrow = words["clockwise"] if game.direction == 1 else words["counter"]
    pile = _html(words["pile"], cards=escape(text("cards.count", lang, count=len(game.draw_pile))))
    phase, values = _turn_values(game, lang)
    turn = _html(words[phase], **{k: escape(v) for k, v in values.items()})
    info = (f'<div class="uno-table-words" style="line-height:1.5">'
            f'<div class="uno-top-words">{said_top}</div>'
            f'<div class="uno-direction">{escape(arrow)}</div>'
            f'<div class="uno-pile">{pile}</div>'
            f'<div class="uno-phase"><b>{turn}</b></div></div>')
    return ('<div class="uno-table" style="font-family:sans-serif">'
            '<div style="display:flex;flex-wrap:wrap;gap:16px;align-items:center">'
            f'<div class="uno-top">{centre}</div>{info}</div>'
            f'<table style="border-collapse:collapse">{"".join(rows)}</table></div>')
