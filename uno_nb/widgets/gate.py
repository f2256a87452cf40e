"""What a question would give away, held back until the question is over:
"ask before tell".

A lesson page asks a learner to predict (:class:`~uno_nb.widgets.question.Ask`)
before it shows what answers the prediction: an app's table, a chart, a
printed figure, a sentence.  :class:`After` stands where that is: until every
question it names is over on this page (answered right, or its worked answer
shown after the misses, on *Show me the answer*, or by the teacher's reveal),
it shows one short line, and nothing of what it guards exists, not even in
the page's widget state.  Then it builds the guarded content, once, and shows
it in its place::

    After("odds.no_wild", text_key="gate.odds.no_wild")           # a sentence
    After(["odds.red_three", "odds.wild_half"], HandOdds, wait="table")  # an app
    After("scoring.round_points", lambda: [say_round_points(rounds), RoundPointsChart(rounds)],
          after_key="gate.scoring.round_points", wait="chart")

``make`` is called only then: it returns one part or a list of parts, each an
app (anything with a ``widget``), a widget, or a string (a paragraph in the
page's words).  The prose of ``text_key`` comes before the parts and that of
``after_key`` after them (texts of :mod:`uno_nb.texts.gates`, written as the
pages' Markdown is: paragraphs, ``**bold**``, ``*emphasis*``, ``* `` items).

The questions, named by their ids, are those asked above the gate on the
page (one page, one kernel: :func:`~uno_nb.widgets.question.asked`); a
question asked twice is over when one of its boxes is.  Making the gate builds nothing but the line:
a page whose kernel is preheated renders as fast as before.

>>> from uno_nb.widgets import Ask
>>> box = Ask("odds.no_wild")
>>> gate = After(box, lambda: "Built.", text_key="gate.odds.no_wild")  # (a box, or its id)
>>> gate.opened, gate.parts
(False, [])
>>> _ = box.reveal()
>>> gate.opened, gate.parts
(True, ['Built.'])
"""

from __future__ import annotations

import logging
import re
import threading
from html import escape
from typing import Any, Callable, Sequence

import ipywidgets

from ..texts import text
from . import ui as w
from ._common import tagged
from .app import App
from .question import Ask, asked

__all__ = ["After"]

_log = logging.getLogger(__name__)

#: What a waiting line may promise (``gate.wait.<what>`` in the text table).
WAITS = ("read", "app", "table", "game", "positions", "chart", "lab", "play")
#: The layout every gate's box wears: one model for the page (as the panels share theirs).
_LAYOUT: ipywidgets.Layout | None = None
#: Prose as the pages' Markdown reads (the widgets' own text is smaller, and
#: its line height a control row's).
_TEXT = "font-size:var(--jp-content-font-size1, 14px);line-height:1.5;margin:0.4em 0"
_WAIT = ("line-height:1.4;margin:4px 0 10px 0;padding:6px 10px;max-width:60em;color:#444;"
         "font-style:italic;border:1px dashed #c5d3e8")


def _inline(words: str) -> str:
    """One line of prose as HTML: escaped, ``**bold**`` and ``*emphasis*``."""
    said = escape(words, quote=False)
    said = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", said)
    return re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<em>\1</em>", said)


def prose(words: str) -> str:
    """Prose written as the pages' Markdown is, as HTML: paragraphs separated
    by a blank line, a run of lines starting with ``* `` a list.

    >>> print(prose("Two **bold** words.\\n\\n* one\\n* *two*").replace(_TEXT, "…"))
    <p style="…">Two <b>bold</b> words.</p><ul style="…"><li>one</li><li><em>two</em></li></ul>
    """
    out = []
    for block in (b.strip() for b in words.split("\n\n")):
        lines = block.splitlines()
        if lines and all(line.startswith("* ") for line in lines):
            items = "".join(f"<li>{_inline(line[2:])}</li>" for line in lines)
            out.append(f'<ul style="{_TEXT}">{items}</ul>')
        elif block:
            out.append(f'<p style="{_TEXT}">{_inline(" ".join(lines))}</p>')
    return "".join(out)


class After(App):
    """Shows what ``make`` builds (and the prose of ``text_key`` and
    ``after_key``) once every question of ``questions`` is over on this page;
    until then, one line saying what to answer.

    ``wait`` says what the line promises (one of :data:`WAITS`): the app by
    default, or the explanation when the gate holds prose only."""

    def __init__(self, questions: str | Ask | Sequence[str | Ask],
                 make: Callable[[], Any] | None = None, *, text_key: str | None = None,
                 after_key: str | None = None, wait: str | None = None,
                 lang: str = "en") -> None:
        named = [questions] if isinstance(questions, (str, Ask)) else list(questions)
        if not named:
            raise ValueError("a gate waits for at least one question")
        if make is None and text_key is None and after_key is None:
            raise ValueError("a gate guards something: give make, text_key or after_key")
        wait = wait or ("app" if make is not None else "read")
        if wait not in WAITS:
            raise ValueError(f"wait is one of {', '.join(WAITS)}, got {wait!r}")
        for key in (text_key, after_key):
            if key is not None:
                text(key, lang)  # a key missing from the table fails here, not on opening
        # a question by its id: its boxes on this page; or a box itself
        boxes = {(q.question.id if isinstance(q, Ask) else q): ([q] if isinstance(q, Ask)
                                                                 else asked(q))
                 for q in named}
        missing = [qid for qid, found in boxes.items() if not found]
        if missing:
            raise ValueError(f"no question {', '.join(missing)} is asked on this page: "
                             "a gate comes after the questions it waits for")
        self.questions = tuple(boxes)
        self._make, self._text_key, self._after_key = make, text_key, after_key
        self._wait, self._lang = wait, lang
        self._lock = threading.Lock()
        self._over: set[str] = set()
        #: whether the guarded content is built and shown
        self.opened = False
        #: what ``make`` built (empty until the gate opens)
        self.parts: list[Any] = []
        self._line = tagged(w.HTML(), "uno-gate-wait")
        self._content: w.VBox | None = None
        global _LAYOUT
        if _LAYOUT is None:
            _LAYOUT = ipywidgets.Layout()
        #: what the page shows: the line, then the guarded content in its place
        self.widget = ipywidgets.VBox([w.mount(self._line)], layout=_LAYOUT)
        self.widget.add_class("uno-gate")
        self._render()
        for qid, found in boxes.items():
            for box in found:  # (called at once for a box that is over already)
                box.on_done(self._over_for(qid))

    @property
    def waiting_for(self) -> tuple[str, ...]:
        """The questions not over yet, in the order given."""
        return tuple(qid for qid in self.questions if qid not in self._over)

    def _over_for(self, qid: str) -> Callable[[Ask], None]:
        return lambda _box: self._done(qid)

    def _done(self, qid: str) -> None:
        with self._lock:
            if self.opened or qid in self._over:
                return
            self._over.add(qid)
            if self.waiting_for:
                self._render()
                return
            self.opened = True
        self._render()

    def _render(self) -> None:
        """The line saying what to answer; once every question is over, the
        guarded content in its place (built once)."""
        if self.opened:
            if self._content is None:
                self._open()
            return
        count = len(self.waiting_for)
        self._line.value = (f'<p style="{_WAIT}">'
                            f'{escape(text(f"gate.wait.{self._wait}", self._lang, count=count))}'
                            "</p>")

    # -- opening -----------------------------------------------------------------------

    def _open(self) -> None:
        lang = self._lang
        children: list[Any] = []
        try:
            if self._text_key is not None:
                children.append(tagged(w.HTML(prose(text(self._text_key, lang))),
                                       "uno-gate-text"))
            made = self._make() if self._make is not None else []
            self.parts = list(made) if isinstance(made, (list, tuple)) else [made]
            children += [self._shown(part) for part in self.parts]
            if self._after_key is not None:
                children.append(tagged(w.HTML(prose(text(self._after_key, lang))),
                                       "uno-gate-text"))
        except Exception:  # the question box that opened the gate must go on working
            _log.exception("a gate could not build what it guards")
            children = [tagged(w.HTML(prose(text("gate.failed", lang))), "uno-gate-failed")]
        with w.batch():
            self._content = tagged(w.VBox(children), "uno-gate-content")
            shown = w.mount(self._content)
            old = self.widget.children
            self.widget.children = (shown,)
            self.widget.add_class("uno-gate-open")
            for widget in old:  # the line's panel leaves the page
                if widget is not shown:
                    widget.close()

    @staticmethod
    def _shown(part: Any) -> Any:
        """What the page shows for a part: an app's widget, a widget, or a paragraph."""
        if isinstance(part, str):
            return tagged(w.HTML(prose(part)), "uno-gate-text")
        return getattr(part, "widget", part)
