"""The class bar: the line at the top of a lesson page that joins it to a class.

Under the class server a page joins the class its link names
(``…/02_card_odds.ipynb?class=ABCDE``), else the class this browser joined
last, else the one the student types; a nickname is optional.  The browser
keeps an anonymous student id (:mod:`uno_nb.widgets.classbar` ``.js``).  Where
no class server runs, the bar says in one line that class results need it.

What the apps record goes through :func:`record`, which never fails a page:
a refusal of the board (busy, unreadable) is said on the bar, and nothing
the student did on the page is lost.  A row a busy board could not take in
a moment (:data:`uno_nb.classroom.PAGE_PATIENCE`) waits in the page's kernel
and the bar sends it every :data:`RESEND_MS` until the board takes it.
"""

from __future__ import annotations

import threading
import time
import weakref
from pathlib import Path
from typing import Any, Callable, Mapping

import anywidget
import traitlets as t

from .. import classroom
from ..classboard import BoardError, NoSuchClass
from ..texts import board_refusal, text

__all__ = ["ClassBar", "record"]

_HERE = Path(__file__).parent
#: How often a page with rows kept from a busy board tries to send them (ms).
RESEND_MS = 5_000
_BARS: "weakref.WeakSet[ClassBar]" = weakref.WeakSet()


class ClassBar(anywidget.AnyWidget):
    """Joins this page's kernel to a class (:data:`uno_nb.classroom.SESSION`)."""

    _esm = t.Unicode((_HERE / "classbar.js").read_text(encoding="utf-8")).tag(sync=True)
    _css = t.Unicode("""
.uno-class-bar { display: flex; flex-wrap: wrap; gap: 4px 16px; align-items: center;
  padding: 4px 8px; margin: 4px 0 8px 0; background: #f3f6fb; border: 1px solid #c5d3e8; }
.uno-class-bar label { display: inline-flex; gap: 6px; align-items: center; margin-right: 10px; }
.uno-class-bar input { height: 26px; font: inherit; padding: 0 6px; }
.uno-class-form { display: flex; flex-wrap: wrap; align-items: center; margin: 0; }
.uno-class-status[data-tone=refused] { color: #b71c1c; }
.uno-class-status[data-tone=joined] { color: #1b5e20; font-weight: bold; }
""").tag(sync=True)
    labels = t.Dict().tag(sync=True)
    status = t.Unicode("").tag(sync=True)
    tone = t.Unicode("").tag(sync=True)
    served = t.Bool(False).tag(sync=True)
    joined = t.Unicode("").tag(sync=True)
    #: what the page asks: {code, nickname, student}
    request = t.Dict().tag(sync=True)
    #: how often the page says the time (ms; 0: never), for :meth:`on_tick`
    every = t.Int(0).tag(sync=True)
    #: a class code this board does not have, just refused: if it is the one
    #: the browser had stored, the browser forgets it, so that the next page
    #: does not try it again
    forget = t.Unicode("").tag(sync=True)

    def __init__(self, lang: str = "en", room: classroom.Classroom | None = None,
                 **kwargs: Any) -> None:
        self._lang = lang
        self._room = room if room is not None else classroom.SESSION
        super().__init__(**kwargs)
        self.labels = {"code": text("board.bar.code", lang), "join": text("board.bar.join", lang),
                       "nickname": text("board.bar.nickname", lang)}
        self.served = classroom.served() or room is not None
        member = self._room.member
        if member is not None:
            self.joined = member.code
            self._say(text("board.bar.joined", lang, code=member.code), "joined")
        elif self.served:
            self._say(text("board.bar.join_first", lang), "")
        else:
            self._say(text("board.no_server", lang), "")
        _BARS.add(self)
        self._ticks: list[Callable[[], Any]] = []
        self._joins: list[Callable[[str], Any]] = []
        self._every_asked = 0  # the page's own ticks, while kept rows borrow them
        self._resending = threading.Lock()  # refusals come from a lab run's thread too
        self.on_msg(self._message)

    def on_tick(self, callback: Callable[[], Any]) -> None:
        """Call ``callback`` at every tick of the page (set :attr:`every`)."""
        self._ticks.append(callback)

    def on_join(self, callback: Callable[[str], Any]) -> None:
        """Call ``callback(code)`` when the page joins a class."""
        self._joins.append(callback)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("ev") == "tick":
            for callback in list(self._ticks):
                callback()

    def join(self, code: str, student: str, nickname: str | None = None) -> None:
        """Join as the page does (the board page's "start a fresh class")."""
        self.request = {"code": code, "student": student, "nickname": nickname,
                        "at": time.time()}

    def _say(self, words: str, tone: str) -> None:
        self.status, self.tone = words, tone

    @t.observe("request")
    def _asked(self, change: Any) -> None:
        asked = change["new"] or {}
        if not self.served:
            return
        code, student, nickname = (asked.get("code"), asked.get("student"),
                                   asked.get("nickname"))
        try:
            member = self._room.join(code if isinstance(code, str) else "",
                                     student if isinstance(student, str) else "",
                                     nickname if isinstance(nickname, str) else None)
        except BoardError as refused:
            joined_before = self._room.member  # a class joined before stays joined
            self.joined = joined_before.code if joined_before is not None else ""
            self.forget = str(refused.facts.get("code", "")) \
                if isinstance(refused, NoSuchClass) else ""
            self._say(board_refusal(refused, self._lang), "refused")
            return
        self.forget = ""
        for bar in list(_BARS):  # every bar of this page says so
            bar.joined = member.code
            bar._say(text("board.bar.joined", bar._lang, code=member.code), "joined")
            for callback in list(bar._joins):
                callback(member.code)

    def refused(self, error: BoardError) -> None:
        """Say a refusal of the board; while rows wait to be sent, say so
        instead and try them again every :data:`RESEND_MS`."""
        waiting = bool(self._room.kept)
        self._say(text("board.refused.kept", self._lang) if waiting
                  else board_refusal(error, self._lang), "refused")
        if waiting:
            with self._resending:
                if self._send_kept not in self._ticks:
                    self._every_asked = self.every
                    self.on_tick(self._send_kept)
                    self.every = min(self.every or RESEND_MS, RESEND_MS)

    def _send_kept(self) -> None:
        try:
            self._room.send_kept()
        except BoardError as refused:
            self.refused(refused)
        else:
            member = self._room.member
            if member is not None:
                self._say(text("board.bar.sent", self._lang, code=member.code), "joined")
        if not self._room.kept:
            with self._resending:
                if self._send_kept in self._ticks:
                    self._ticks.remove(self._send_kept)
                    self.every = self._every_asked


def record(kind: str, item: str, value: float | None = None,
           detail: Mapping[str, Any] | None = None) -> None:
    """Record a row for this page's student, if the page is in a class; a
    refusal is said on the page's class bars, never raised."""
    try:
        classroom.SESSION.record(kind, item, value, detail)
    except BoardError as refused:
        for bar in list(_BARS):
            bar.refused(refused)
    except Exception as error:  # noqa: BLE001 - the board's file on a full or broken disk
        for bar in list(_BARS):  # the row is kept; the page goes on
            bar.refused(BoardError(f"the class board failed: {error}"))
