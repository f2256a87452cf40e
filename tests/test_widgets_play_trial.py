"""Headless tests of what issue 37's trial found on the play page (05): a
card refused keeps the focus mark on itself, the "Bots bluff" menu has a
class of its own, its tooltip is true of every kind of bot, and against
bots that never bluff "What can I work out?" does not end on "challenge";
and a bluffing Wild Draw Four is drawn with a double edge, not dashed like a
card that does not fit (the rest of its looks: test_widgets_play_bluff.py)."""

import html
import re

from uno_nb.engine.cards import parse_card
from uno_nb.engine.moves import CHALLENGE
from uno_nb.texts import text
from uno_nb.widgets import PlayApp
from uno_nb.widgets.play_buttons import FOCUS, aim_focus, button, card_button

from .test_widgets_play import buttons, plain


def _marked(app: PlayApp) -> list:
    return [b for box in (app._hand, app._choices, app._actions, app._end_buttons)
            for b in buttons(app, box) if FOCUS in b._dom_classes]


def test_a_card_refused_keeps_the_focus_mark_on_itself():
    """Enter on a card that does not fit: the refusal is said, and the card
    refused — not the next card that fits — is marked to take focus (ui.js
    moves focus there when the drawing takes the pressed button away), so a
    second Enter cannot play a card the person did not choose."""
    app = PlayApp("standard", players=3, seed=1, delay=0)
    hand = buttons(app, app._hand)
    fits = [i for i, b in enumerate(hand) if "uno-playable" in b._dom_classes]
    at = next(i for i, b in enumerate(hand) if "uno-unplayable" in b._dom_classes)
    assert fits and app._decides()
    refused, size, moves = hand[at].description, len(hand), len(app.game.moves)
    hand[at].click()  # what Enter on it does
    assert plain(app._message.value).startswith("Not allowed:")
    hand = buttons(app, app._hand)
    assert len(hand) == size and len(app.game.moves) == moves  # nothing played
    assert hand[at].description == refused and "uno-unplayable" in hand[at]._dom_classes
    assert [b.description for b in _marked(app)] == [refused]
    assert FOCUS in hand[at]._dom_classes
    # a move of the person's own: focus goes on as before, to a card that fits or Draw
    hand[fits[0]].click()
    if app._wild is not None:
        buttons(app, app._choices)[0].click()
    assert not app._message.value and len(app.game.moves) > moves
    marked = _marked(app)
    assert len(marked) == 1 and "uno-unplayable" not in marked[0]._dom_classes


def test_aim_focus_marks_the_refused_cards_button_and_no_other():
    specs = [button(str(i), lambda: None, classes=("uno-card", kind))
             for i, kind in enumerate(("uno-playable", "uno-unplayable", "uno-playable"))]
    aim_focus(specs, [], [], 0, False, refused=1)
    assert [FOCUS in s.classes for s in specs] == [False, True, False]
    specs = [s._replace(classes=s.classes[:2]) for s in specs]
    aim_focus(specs, [], [], 0, False)  # no refusal: the card that fits nearest the aim
    assert [FOCUS in s.classes for s in specs] == [True, False, False]


def test_the_bluff_menu_has_a_class_of_its_own_and_a_true_tooltip():
    """"uno-bluff" marks a bluffing Wild Draw Four; the menu is
    "uno-bluff-menu".  Its tooltip says what the other bots do, each kind
    truly: the eager ones play a card whenever they can."""
    app = PlayApp("standard", players=3, seed=12, delay=0)
    assert "uno-bluff-menu" in app._bluff_menu._dom_classes
    assert "uno-bluff" not in app._bluff_menu._dom_classes
    for lang, words in (("en", ("a random bot makes any legal move",
                                "an eager one plays a card whenever it can")),
                        ("ru", ("случайный бот делает любой разрешённый ход",
                                "торопливый кладёт карту, когда только может"))):
        for word in words:
            assert word in text("play.bluff.tip", lang)
        assert "any legal move." not in text("play.bluff.tip", lang)[-20:]


def _bold(value: str) -> list[str]:
    return [html.unescape(b) for b in re.findall(r'font-weight:bold">([^<]*)</p>', value)]


def test_R_CHALLENGE_against_bots_that_never_bluff_the_verdict_says_take_the_cards():
    """Bots bluff = never: the counted chance of a bluff (72.2% on seed 4)
    says challenge, but against these bots a challenge always fails — the
    panel's bold verdict says so, in both languages."""
    for lang, count, verdict in (
            ("en", "Here it is 72.2%: challenge.",
             "That counted chance is for a player who may bluff. These bots never bluff, so "
             "here a challenge always fails and costs 6 cards instead of 4: take the 4 cards."),
            ("ru", "Здесь она равна 72,2 %: стоит оспорить.",
             "Эта вероятность подсчитана для игрока, который может блефовать. А эти боты "
             "никогда не блефуют, поэтому оспаривать ход здесь бесполезно: придётся взять 6 карт "
             "вместо 4. Лучше сразу взять 4 карты.")):
        app = PlayApp("standard", players=3, seed=4, delay=0, bluff="never", lang=lang)
        assert CHALLENGE in {m.kind for m in app._my_moves()}
        value = app._work_out.value
        assert _bold(value) == [verdict]
        assert count.replace("\u00a0", " ") in plain(value).replace("\u00a0", " ")
    # bots that may bluff: the count's verdict stands, in bold
    app = PlayApp("standard", players=3, seed=4, delay=0, bluff="sometimes")
    assert _bold(app._work_out.value)[0].endswith("Here it is 72.2%: challenge.")


def test_R_W4_BLUFF_a_bluff_has_a_double_edge_not_the_dashed_one_of_a_card_that_does_not_fit():
    """Under achromatopsia a red dashed edge is a grey dashed edge, like the
    legend's "pale card with a dashed edge" that does not fit: a bluff is
    marked by a double edge (and the words "A bluff:"), the legend stays true."""
    from uno_nb.engine.cards import Colour
    four = parse_card("W+4")
    args = dict(enabled=True, giving=False, selected=False)
    bluff = card_button(four, "en", lambda: None, clickable=True, bluff=Colour.RED, **args)
    fair = card_button(four, "en", lambda: None, clickable=True, **args)
    pale = card_button(parse_card("R9"), "en", lambda: None, clickable=False, **args)
    assert dict(bluff.layout)["border"] == "5px double #b00020" and "uno-bluff" in bluff.classes
    assert "A bluff:" in plain(bluff.face)
    for spec in (bluff, fair):
        assert "stroke-dasharray" not in spec.face and "dashed" not in dict(spec.layout)["border"]
    assert "stroke-dasharray" in pale.face  # the pale card's dashed edge, in its face
    assert "dashed edge does not fit" in text("legend.symbols.pale", "en")


def test_R_W4_BLUFF_the_setting_is_said_only_of_a_bot_that_follows_it():
    """In a mixed line-up the Bots bluff setting speaks for the thoughtful
    bots only: a random bot bluffs by chance, so nothing says it never does."""
    app = PlayApp("standard", players=3, seed=3, delay=0, bots=["heuristic", "random", "heuristic"],
                  bluff="never")
    assert app._bluff_setting(1) is None
    assert app._bluff_setting(2) == "never"
    assert app._bluff_setting() == "never"
    randoms = PlayApp("standard", players=3, seed=3, delay=0, bots="random", bluff="never")
    assert randoms._bluff_setting() is None and randoms._bluff_setting(2) is None
