"""Reading an app as a person does, for the headless widget tests: every
string its widgets show, and the check that none of it speaks to a
programmer.  (The browser tests read the real page: tests/test_webapp.py.)"""

from __future__ import annotations

import html
import re

import ipywidgets as w

from uno_nb.widgets import ui

__all__ = ["html_text", "tooltips", "visible", "assert_learner_prose", "LONG_FLOAT", "cyrillic_share",
           "english_words", "without_notation", "ENGLISH_WORDS"]

#: A number with five or more decimals: never shown to a person.
LONG_FLOAT = re.compile(r"\d[.,]\d{5,}")


def html_text(markup: str) -> str:
    """The text of some HTML as it reads: no card pictures (their names are
    tooltips), inline tags join their neighbours, other tags separate words."""
    markup = re.sub(r"<svg.*?</svg>", " ", markup, flags=re.S)
    markup = re.sub(r"</?(span|b|em|strong|small)\b[^>]*>", "", markup)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)).strip())


def tooltips(markup: str) -> list[str]:
    """The words a pointer or a screen reader finds in some HTML."""
    return [html.unescape(t) for t in re.findall(r'(?:title|aria-label)="([^"]*)"', markup)]


def _is_figure(widget) -> bool:
    return hasattr(widget, "batch_update") and hasattr(widget, "data")


def visible(widget) -> list[str]:
    """Every string a person can read in a widget tree: texts and their
    tooltips, labels, options, accordion titles, and the charts' titles, axis
    titles, legend names, category labels and hover texts.  What is hidden
    (``display: none``) is not read."""
    out: list[str] = []
    if _is_figure(widget):
        layout = widget.layout
        out += [layout.title.text or "", layout.xaxis.title.text or "",
                layout.yaxis.title.text or ""]
        out += [a.text or "" for a in layout.annotations or ()]  # labels drawn on the chart
        out += [str(t) for axis in (layout.xaxis, layout.yaxis) for t in axis.ticktext or ()]
        for trace in widget.data:
            out.append(trace.name or "")
            out += [x for x in (getattr(trace, "x", None) or ()) if isinstance(x, str)]
            out += [str(c) for c in (getattr(trace, "customdata", None) or ())]
        return [s for s in out if s]
    if getattr(widget.layout, "display", None) == "none":
        return out
    if isinstance(widget, (w.HTML, w.Label, ui.HTML)):
        out.append(html_text(widget.value))
        out += tooltips(widget.value)
    out.append(getattr(widget, "description", "") or "")
    out.append(getattr(widget, "tooltip", "") or "")
    out += [str(label) for label in getattr(widget, "_options_labels", ())]
    out += [str(t) for t in getattr(widget, "titles", ()) or () if t]
    for child in getattr(widget, "children", ()):
        out += visible(child)
    return [s for s in out if s]


def assert_learner_prose(strings: list[str]) -> None:
    """None of ``strings`` is a programmer's: no long floats, no Python
    values or reprs, no option field names or text keys, no seat numbers."""
    assert strings
    for s in strings:
        assert not LONG_FLOAT.search(s), s
        assert not re.search(r"\b(True|False|nan|inf)\b|^None$|[=(\[,:] ?None\b", s), s
        assert not re.search(r"\b[a-z0-9]+_[a-z0-9_]+\b", s), s  # no option names or keys
        assert not re.search(r"\b(app|event|odds|option|rules|preset|lab|play|page)\.[a-z]", s), s
        assert not re.search(r"[\[(]'|\{|\}|Fraction\(|Estimate\(", s), s  # no reprs
        assert not re.search(r"\bP\d\b|Player 0\b|[Ss]eat \d", s), s  # players counted from 1


# -- reading a page in another language ------------------------------------------------

#: What is the same in every language: rule ids, card codes, the kit's name.
RULE_ID = re.compile(r"\b[RVT]-[A-Z0-9]+(?:-[A-Z0-9]+)*\b")
CARD_CODE = re.compile(r"(?<![A-Za-z0-9])(?:W\+(?:10|4|2)|W|[RYGB](?:[0-9]|S|R|\+[12]))(?:>[RYGB])?"
                       r"(?![A-Za-z0-9])")
NOTATION = (RULE_ID, CARD_CODE, re.compile(r"uno_nb|CNUNO-1"))
#: English words a Russian page must never show (issue 11).
ENGLISH_WORDS = frozenset({"the", "and", "plays", "draws", "step", "back", "turn", "colour",
                           "game", "games", "rules", "run"})


def without_notation(text: str) -> str:
    """``text`` less what every language writes alike: rule ids, card codes, the kit's name."""
    for pattern in NOTATION:
        text = pattern.sub(" ", text)
    return text


def cyrillic_share(text: str) -> float:
    """The share of the letters in ``text`` that are Cyrillic, notation aside."""
    letters = [ch for ch in without_notation(text) if ch.isalpha()]
    if not letters:
        return 1.0
    return sum("\u0400" <= ch <= "\u04ff" for ch in letters) / len(letters)


def english_words(text: str) -> list[str]:
    """The words of :data:`ENGLISH_WORDS` found in ``text``."""
    return sorted({word for word in re.findall(r"[A-Za-z]+", without_notation(text))
                   if word.lower() in ENGLISH_WORDS})
