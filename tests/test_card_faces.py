"""Card faces a colour-blind reader can tell apart and anyone can read
(issue 37): every colour carries a shape of its own, and every word on a face
reads at 4.5:1 against what it sits on (3:1 on a pale card that does not fit).

The faces are read as the browser would draw them, without a browser: each
text's box is sampled at a few points, and the shape drawn under each point
(the topmost rectangle, circle, ellipse — rotated too —, polygon or wedge
before the text) is its background; WCAG 2.1's relative luminance and
contrast ratio are written out here."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from itertools import combinations

import pytest

from uno_nb import Game
from uno_nb.engine.cards import (ACTION_RANKS, BLACK_RANKS, COLOURS, H2O_BLACK_RANKS, H2O_RANKS,
                                 NUMBER_RANKS, Card, Colour)
from uno_nb.engine.render import (COLOUR_HEX, INK_HEX, ON_COLOUR_HEX, SYMBOL_SHAPES, card_svg,
                                  colour_symbol_svg, game_html, symbol_legend_html)
from uno_nb.texts import colour_name, text

NS = "{http://www.w3.org/2000/svg}"
COLOURED_RANKS = NUMBER_RANKS + ACTION_RANKS + H2O_RANKS
BLACK = BLACK_RANKS + H2O_BLACK_RANKS
#: every width the kit draws a card at: the end panel, the odds table, a hand
#: on 01's table, the Card's own picture, the play page's hand, its top card
WIDTHS = (24, 30, 40, 48, 56, 64)
PAGE = (255, 255, 255)


# -- colour arithmetic (WCAG 2.1) ---------------------------------------------------------------

def rgb(value: str) -> tuple[int, int, int]:
    value = value.strip().lower()
    if value == "white":
        return (255, 255, 255)
    if value == "black":
        return (0, 0, 0)
    m = re.fullmatch(r"#([0-9a-f]{6})", value)
    assert m, f"a colour this test cannot read: {value!r}"
    return tuple(int(m.group(1)[i:i + 2], 16) for i in (0, 2, 4))  # type: ignore[return-value]


def luminance(colour: tuple[int, int, int]) -> float:
    """WCAG 2.1 relative luminance."""
    def linear(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def blend(colour: tuple[int, int, int], alpha: float) -> tuple[int, int, int]:
    """``colour`` at ``alpha`` opacity over the page."""
    return tuple(round(alpha * c + (1 - alpha) * p)  # type: ignore[return-value]
                 for c, p in zip(colour, PAGE))


def test_the_contrast_formula_gives_the_known_values():
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21)
    assert contrast(rgb("#777777"), PAGE) == pytest.approx(4.48, abs=0.01)
    # the yellow number on its white oval before issue 37
    assert contrast(rgb("#ecd407"), PAGE) == pytest.approx(1.50, abs=0.01)


# -- reading a face's shapes ----------------------------------------------------------------------

class Shape:
    """A filled shape of a face: does it cover a point?"""

    def __init__(self, el: ET.Element):
        self.tag = el.tag.removeprefix(NS)
        self.fill = el.get("fill", "#000000")
        a = {k: float(v) for k, v in el.attrib.items()
             if re.fullmatch(r"-?[\d.]+", v or "") and k in
             ("x", "y", "width", "height", "cx", "cy", "r", "rx", "ry")}
        self.a = a
        self.angle = 0.0
        m = re.match(r"rotate\(([-\d.]+) ([-\d.]+) ([-\d.]+)\)", el.get("transform", ""))
        if m:
            self.angle = math.radians(float(m.group(1)))
        if self.tag == "polygon":
            nums = [float(n) for n in re.findall(r"-?[\d.]+", el.get("points", ""))]
            self.points = list(zip(nums[::2], nums[1::2]))
        if self.tag == "path":  # a wedge of the wheel: "M cx,cy h dx a r,r … dx,dy z"
            nums = [float(n) for n in re.findall(r"-?[\d.]+", el.get("d", ""))]
            cx, cy, dx, r = nums[0], nums[1], nums[2], nums[3]
            dy = nums[-1]
            self.wedge = (cx, cy, dx, dy, r)

    def covers(self, x: float, y: float) -> bool:
        a = self.a
        if self.tag == "rect":
            return a["x"] <= x <= a["x"] + a["width"] and a["y"] <= y <= a["y"] + a["height"]
        if self.tag == "circle":
            return math.hypot(x - a["cx"], y - a["cy"]) <= a["r"]
        if self.tag == "ellipse":
            # undo the rotation about the centre, then the plain ellipse
            dx, dy = x - a["cx"], y - a["cy"]
            c, s = math.cos(-self.angle), math.sin(-self.angle)
            u, v = c * dx - s * dy, s * dx + c * dy
            return (u / a["rx"]) ** 2 + (v / a["ry"]) ** 2 <= 1
        if self.tag == "polygon":
            inside = False
            pts = self.points
            for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
                if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                    inside = not inside
            return inside
        if self.tag == "path":
            cx, cy, dx, dy, r = self.wedge
            return (math.hypot(x - cx, y - cy) <= r and (x - cx) * dx >= 0
                    and (y - cy) * dy >= 0)
        return False


def face_parts(svg: str) -> tuple[float, list[Shape | ET.Element]]:
    """The face's opacity (from its style) and its shapes and texts in the
    order they are drawn."""
    root = ET.fromstring(svg)
    m = re.search(r"opacity:\s*([\d.]+)", root.get("style", ""))
    alpha = float(m.group(1)) if m else 1.0
    drawn: list[Shape | ET.Element] = []
    for el in root.iter():
        tag = el.tag.removeprefix(NS)
        if tag == "text":
            drawn.append(el)
        elif tag in ("rect", "circle", "ellipse", "polygon", "path") and el.get("fill") != "none":
            drawn.append(Shape(el))
    return alpha, drawn


def text_samples(el: ET.Element) -> list[tuple[float, float]]:
    """Points inside a text's glyphs' box: a bold sans-serif glyph is about
    0.6 of the font size wide, its capitals about 0.7 high above the baseline."""
    x, y, size = float(el.get("x", 0)), float(el.get("y", 0)), float(el.get("font-size", 0))
    width = 0.6 * size * len(el.text or "")
    left = x - width / 2 if el.get("text-anchor") == "middle" else x
    return [(left + width * fx, y - size * fy) for fx in (0.1, 0.3, 0.5, 0.7, 0.9)
            for fy in (0.1, 0.35, 0.6)]


def text_contrasts(svg: str) -> list[tuple[str, float]]:
    """Each text of a face with its lowest contrast against what it sits on,
    blended with the face's opacity over the page."""
    alpha, drawn = face_parts(svg)
    out = []
    for i, item in enumerate(drawn):
        if isinstance(item, Shape):
            continue
        ink = blend(rgb(item.get("fill", "#000000")), alpha)
        worst = math.inf
        for x, y in text_samples(item):
            # nothing drawn later hides the words
            assert not any(isinstance(s, Shape) and s.covers(x, y) for s in drawn[i + 1:]), \
                f"{item.text!r} is covered at ({x:.1f}, {y:.1f})"
            under = next((s.fill for s in reversed(drawn[:i])
                          if isinstance(s, Shape) and s.covers(x, y)), "#ffffff")
            worst = min(worst, contrast(ink, blend(rgb(under), alpha)))
        out.append((item.text or "", worst))
    return out


def every_face():
    """Every face the kit draws: each coloured card of every rank (the house
    decks' too) bright and pale, each black card plain and with each colour
    chosen, at every width."""
    for width in WIDTHS:
        for pale in (False, True):
            for rank in COLOURED_RANKS:
                for colour in COLOURS:
                    yield Card(colour, rank), width, None, pale
            for rank in BLACK:
                for chosen in (None, *COLOURS):
                    yield Card(None, rank), width, chosen, pale


def strip_colours(svg: str) -> str:
    """A face with everything that names or paints a colour taken out: what
    is left is what a reader who sees no colour sees (and the card's code
    and name, which no one sees on the face, go too, and so do class names
    and data attributes: a class that names a shape draws nothing)."""
    svg = re.sub(r'\s(data-[\w-]+|aria-label|class)="[^"]*"|<title>.*?</title>', "", svg)
    svg = re.sub(r"#[0-9a-fA-F]{3,8}\b|rgba?\([^)]*\)", "", svg)
    return re.sub(r"\b(red|yellow|green|blue|black|white|grey|gray)\b", "", svg, flags=re.I)


# -- the faces ------------------------------------------------------------------------------------

@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("pale", [False, True], ids=["bright", "pale"])
def test_no_two_colours_faces_of_a_rank_are_the_same_without_their_colours(width, pale):
    for rank in COLOURED_RANKS:
        faces = {c: strip_colours(card_svg(Card(c, rank), width, named=False, pale=pale))
                 for c in COLOURS}
        for a, b in combinations(COLOURS, 2):
            assert faces[a] != faces[b], f"{a.word} and {b.word} {rank} look alike at {width}px"


@pytest.mark.parametrize("rank", BLACK)
def test_a_wilds_chosen_colour_is_told_by_its_shape(rank):
    card = Card(None, rank)
    faces = {c: strip_colours(card_svg(card, 64, c, named=False)) for c in COLOURS}
    assert len(set(faces.values())) == 4
    for colour in COLOURS:
        svg = card_svg(card, 64, colour)
        assert svg.count(f'uno-symbol-{SYMBOL_SHAPES[colour]}"') == 2
    assert "uno-symbol" not in card_svg(card, 64)  # no colour yet, no symbol


def test_every_coloured_face_carries_its_colours_symbol_in_two_corners():
    for face in every_face():
        card, width, chosen, pale = face
        shown = card.colour if card.colour is not None else chosen  # RED is 0
        svg = card_svg(card, width, chosen, pale=pale)
        shapes = re.findall(r'class="uno-symbol uno-symbol-(\w+)"', svg)
        assert shapes == ([SYMBOL_SHAPES[shown]] * 2 if shown is not None else []), face


def test_the_four_symbols_are_four_different_shapes():
    assert len(set(SYMBOL_SHAPES.values())) == 4
    drawn = {c: re.sub(r'[\d.,\-]+|class="[^"]*"', "", strip_colours(colour_symbol_svg(c)))
             for c in COLOURS}
    assert len(set(drawn.values())) == 4


def test_every_word_on_every_face_reads_at_4_5_to_1_and_3_to_1_when_pale():
    checked = 0
    for card, width, chosen, pale in every_face():
        for words, ratio in text_contrasts(card_svg(card, width, chosen, pale=pale)):
            need = 3.0 if pale else 4.5
            assert ratio >= need, (f"{card.text} at {width}px{' pale' if pale else ''}: "
                                   f"{words!r} at {ratio:.2f}:1")
            checked += 1
    assert checked > 1000


def test_the_contrast_check_finds_the_old_faults():
    # the yellow number on a white oval, and any face behind opacity 0.4
    old_yellow = ('<svg xmlns="http://www.w3.org/2000/svg"><rect x="1" y="1" width="46" '
                  'height="70" fill="#ecd407"/><ellipse cx="24" cy="36" rx="17" ry="21" '
                  'fill="#ffffff" transform="rotate(-25 24 36)"/><text x="24" y="43" '
                  'font-size="20" text-anchor="middle" fill="#ecd407">7</text></svg>')
    assert text_contrasts(old_yellow)[0][1] == pytest.approx(1.50, abs=0.01)
    faded = card_svg(Card(Colour.BLUE, "7"), 56, style="opacity:0.4")
    assert min(r for _, r in text_contrasts(faded)) < 3


def test_a_pale_face_is_told_apart_by_more_than_its_colour():
    for rank in COLOURED_RANKS + BLACK:
        colour = COLOURS[0] if rank not in BLACK else None
        card = Card(colour, rank)
        bright, pale = card_svg(card, 56, named=False), card_svg(card, 56, named=False, pale=True)
        assert "opacity" not in pale
        assert "stroke-dasharray" in pale and "stroke-dasharray" not in bright
        assert strip_colours(bright) != strip_colours(pale)


def test_the_symbols_stand_out_from_their_badge_at_3_to_1():
    # WCAG 1.4.11: a graphic that carries meaning, against the white disc it sits on
    for colour in COLOURS:
        assert contrast(rgb(INK_HEX[colour]), PAGE) >= 4.5
        assert contrast(rgb(ON_COLOUR_HEX[colour]), rgb(COLOUR_HEX[colour])) >= 4.5


# -- the colour in force, and the legend -----------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_colour_in_force_is_told_in_words_and_by_its_symbol(lang):
    for colour in COLOURS:
        game = Game.from_position(hands=["R1", "B2"], discard="G5 W", colour=colour.letter)
        html = game_html(game, lang=lang)
        words = html[html.index('class="uno-top-words"'):html.index('class="uno-direction"')]
        assert colour_name(colour, lang) in words
        assert f'uno-symbol-{SYMBOL_SHAPES[colour]}"' in words
        assert f'color:{INK_HEX[colour]}' in words
        top = html[html.index('class="uno-top"'):html.index('class="uno-table-words"')]
        assert top.count(f'uno-symbol-{SYMBOL_SHAPES[colour]}"') == 2  # the Wild's chosen colour


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_legend_shows_each_symbol_with_its_colour_in_words(lang):
    html = symbol_legend_html(lang)
    assert text("legend.symbols.title", lang) in html
    items = re.findall(r'<span class="uno-symbol-item".*?</span>', html)
    assert len(items) == 4
    for colour, item in zip(COLOURS, items):
        assert f'uno-symbol-{SYMBOL_SHAPES[colour]}"' in item
        said = re.sub(r"<[^>]+>", "", item)
        assert colour_name(colour, lang) in said and text(f"symbol.{colour.word}", lang) in said
    assert text("legend.symbols.pale", lang) not in html
    assert text("legend.symbols.pale", lang) in symbol_legend_html(lang, pale=True)


def test_the_short_legend_names_each_shape_for_a_screen_reader():
    html = symbol_legend_html("ru", short=True)
    for colour in COLOURS:
        shape = text(f"symbol.{colour.word}", "ru")
        assert f'aria-label="{shape}"' in html and f"<title>{shape}</title>" in html
        assert colour_name(colour, "ru") in re.sub(r"<svg.*?</svg>", "", html)


# -- the play page's hand (its buttons are drawn from the same faces) -----------------------------

def test_the_play_pages_card_that_does_not_fit_is_pale_not_faded():
    from uno_nb.widgets.play_buttons import CARD_WIDTH, card_button
    spec = card_button(Card(Colour.GREEN, "+2"), "en", lambda: None, clickable=False,
                       enabled=True, giving=False, selected=False)
    assert card_svg(Card(Colour.GREEN, "+2"), CARD_WIDTH, named=False, pale=True,
                    style="display:block;margin:0 auto") in spec.face
    assert "opacity" not in spec.face
    fits = card_button(Card(Colour.GREEN, "+2"), "en", lambda: None, clickable=True,
                       enabled=True, giving=False, selected=False)
    assert 'data-pale' not in fits.face


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_colour_to_choose_shows_its_symbol_and_reads_on_its_colour(lang):
    from uno_nb.widgets.play_buttons import colour_button
    for colour in COLOURS:
        spec = colour_button(colour, lang, lambda: None)
        assert f'uno-symbol-{SYMBOL_SHAPES[colour]}"' in spec.face
        assert spec.label == colour_name(colour, lang)
        look = dict(spec.style)
        assert contrast(rgb(look["text_color"]), rgb(look["button_color"])) >= 4.5
