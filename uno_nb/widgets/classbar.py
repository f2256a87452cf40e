"""The class bar: the line at the top of a lesson page that joins it to a
class, and through which the teacher leads it.

Under the class server a page joins the class its link names
(``…/02_card_odds.ipynb?class=ABCDE``), else the class this browser joined
last, else the one the student types; a nickname is optional.  The store
enrols the student and gives the browser a secret for that class
(:mod:`uno_nb.classroom`): after a reload the page comes back as the same
student, and what the student did on it comes back (:func:`listen`).  The
teacher's browser brings the teacher's key instead (from the board's link;
``classbar.js`` keeps it and takes it out of the address bar): its pages are
nobody's in the class.  Where no class server runs, the bar says in one line
that class results need it.

While the page is in a class it asks the class, every :data:`FOLLOW_MS`,
where the teacher leads it (:class:`uno_nb.classboard.Lesson`): the bar says
where the class is sent and links there, which question is open, and covers
the page while the class is paused; the page's questions show the answers
the teacher revealed to all.  A tick is sent only once the one before it
was answered, so that a busy kernel never finds a queue of them.

What the apps record goes through :func:`record`, which never fails a page:
a refusal of the board (busy, unreadable) is said on the bar, and nothing
the student did on the page is lost.  A row a busy board could not take in
a moment (:data:`uno_nb.classroom.PAGE_PATIENCE`) waits in the page's kernel
and the bar sends it every :data:`RESEND_MS` until the board takes it.
"""

from __future__ import annotations

import re
import threading
from collections import deque
import time
import weakref
from pathlib import Path
from typing import Any, Callable, Mapping

import anywidget
import traitlets as t

from .. import classroom, lessons
from ..classboard import PAGES, BoardError, Lesson, NoSuchClass
from ..texts import board_refusal, has, text
from ..wording import question_words

__all__ = ["ClassBar", "record", "listen", "page_of", "box_class"]

_HERE = Path(__file__).parent
#: How often a page with rows kept from a busy board tries to send them (ms).
RESEND_MS = 5_000
#: How often a page in a class asks where the teacher leads it (ms).
FOLLOW_MS = 3_000
#: The least time between two ticks answered (s): a page that floods its
#: kernel with ticks gets no more work done than one that keeps time.
TICK_LEAST = 0.5
#: The most requests (joins) a page gets answered in ASKS_SECONDS: a student
#: who mistypes a code or two is answered; a page that sends thousands is not.
ASKS_MOST, ASKS_SECONDS = 5, 5.0
_BARS: "weakref.WeakSet[ClassBar]" = weakref.WeakSet()
_PAGE = re.compile(r"/voila/render/((?:ru/)?)(\d\d_[a-z0-9_]{1,60})\.ipynb$")


def listen(listener: Any, room: classroom.Classroom | None = None) -> None:
    """Tell ``listener`` what its page's class does: ``class_joined(rows,
    student)`` with the student's id and own rows when the page joins (a
    reload brings them back), ``class_lesson(lesson)`` when the teacher moves the class.  A
    listener made after the page joined (an app a question let out) is told
    at once."""
    room = room if room is not None else classroom.SESSION
    room.listeners.add(listener)
    if room.member is None and room.code is None:
        return
    try:
        if room.member is not None and hasattr(listener, "class_joined"):
            listener.class_joined(room.mine(), room.member.student)
        lesson = room.lesson()
        if lesson is not None and hasattr(listener, "class_lesson"):
            listener.class_lesson(lesson)
    except BoardError:
        pass  # a busy board: the next lesson tick tells it


def box_class(qid: str) -> str:
    """The CSS class of question ``qid``'s box on its page (``uno-q-odds-no-wild``):
    the lead line's link finds it by this."""
    return "uno-q-" + qid.replace(".", "-").replace("_", "-")


def page_of(path: Any) -> tuple[str, str]:
    """The lesson page an address's path shows (``02_card_odds``) and its
    language folder (``ru/`` or ``""``); ``("", "")`` for any other path."""
    if not isinstance(path, str) or len(path) > 300:
        return "", ""
    found = _PAGE.search(path)
    return (found[2], found[1]) if found and found[2] in PAGES else ("", "")


def _tell(room: classroom.Classroom, method: str, *args: Any) -> None:
    for listener in list(room.listeners):
        call: Callable[..., Any] | None = getattr(listener, method, None)
        if call is not None:
            call(*args)


class ClassBar(anywidget.AnyWidget):
    """Joins this page's kernel to a class (:data:`uno_nb.classroom.SESSION`)."""

    _esm = t.Unicode((_HERE / "classbar.js").read_text(encoding="utf-8")).tag(sync=True)
    _css = t.Unicode((_HERE / "classbar.css").read_text(encoding="utf-8")).tag(sync=True)
    labels = t.Dict().tag(sync=True)
    status = t.Unicode("").tag(sync=True)
    tone = t.Unicode("").tag(sync=True)
    served = t.Bool(False).tag(sync=True)
    joined = t.Unicode("").tag(sync=True)
    #: what the page asks: {code, nickname, secret, teacher, path}
    request = t.Dict().tag(sync=True)
    #: how often the page says the time (ms; 0: never), for :meth:`on_tick`
    every = t.Int(0).tag(sync=True)
    #: counts the ticks answered: the page sends its next tick after this changes
    tock = t.Int(0).tag(sync=True)
    #: a class code this board does not have, just refused: if it is the one
    #: the browser had stored, the browser forgets it, so that the next page
    #: does not try it again
    forget = t.Unicode("").tag(sync=True)
    #: the secret that brings this student back to the class: {code, secret}
    secret = t.Dict().tag(sync=True)
    #: this page is the teacher's
    teacher = t.Bool(False).tag(sync=True)
    #: where the teacher leads the class, as the page shows it
    lesson = t.Dict().tag(sync=True)

    def __init__(self, lang: str = "en", room: classroom.Classroom | None = None,
                 **kwargs: Any) -> None:
        self._lang = lang
        self._room = room if room is not None else classroom.SESSION
        super().__init__(**kwargs)
        self.labels = {"code": text("board.bar.code", lang), "join": text("board.bar.join", lang),
                       "nickname": text("board.bar.nickname", lang),
                       "go": text("board.lead.go", lang),
                       "to_question": text("board.lead.to_question", lang),
                       "paused": text("board.lead.paused", lang)}
        self.served = classroom.served() or room is not None
        self.page = ""  # the lesson page this bar is on, as its address says
        self._step = -1  # the lesson's step last shown
        self._ticked = -TICK_LEAST  # (time.monotonic) the last tick answered
        self._asked_at: deque[float] = deque()  # (time.monotonic) the requests answered lately
        self._ticks: list[Callable[[], Any]] = []
        self._joins: list[Callable[[str], Any]] = []
        self._every_asked = 0  # the page's own ticks, while kept rows borrow them
        self._resending = threading.Lock()  # refusals come from a lab run's thread too
        self._show_member()
        _BARS.add(self)
        self.on_msg(self._message)

    def _show_member(self) -> None:
        lang, room = self._lang, self._room
        self.teacher = room.is_teacher
        if room.is_teacher:
            self.joined = room.code or ""
            self._say(text("board.bar.teacher", lang), "teacher")
        elif room.member is not None:
            self.joined = room.member.code
            self._say(text("board.bar.joined", lang, code=room.member.code), "joined")
        elif self.served:
            self._say(text("board.bar.join_first", lang), "")
        else:
            self._say(text("board.no_server", lang), "")

    def on_tick(self, callback: Callable[[], Any]) -> None:
        """Call ``callback`` at every tick of the page (set :attr:`every`)."""
        self._ticks.append(callback)

    def on_join(self, callback: Callable[[str], Any]) -> None:
        """Call ``callback(code)`` when the page joins a class."""
        self._joins.append(callback)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("ev") == "tick":
            now = time.monotonic()
            try:
                if now - self._ticked >= TICK_LEAST:  # a flood of ticks does one's work
                    self._ticked = now
                    for callback in list(self._ticks):
                        callback()
                    self._follow()
            finally:
                self.tock += 1  # the page may send the next one

    def join(self, code: str, secret: str | None = None, nickname: str | None = None) -> None:
        """Join as the page does."""
        self.request = {"code": code, "secret": secret, "nickname": nickname}

    def _say(self, words: str, tone: str) -> None:
        self.status, self.tone = words, tone

    @t.observe("request")
    def _asked(self, change: Any) -> None:
        asked = change["new"] if isinstance(change["new"], dict) else {}
        if not self.served:
            return
        now = time.monotonic()
        while self._asked_at and now - self._asked_at[0] > ASKS_SECONDS:
            self._asked_at.popleft()
        if len(self._asked_at) >= ASKS_MOST:
            return  # a page that asks again and again is answered a few times
        self._asked_at.append(now)
        page, _folder = page_of(asked.get("path"))
        if page and not self.page:  # the page this kernel runs: said once, by its first ask
            self.page = page
        key = asked.get("teacher")
        if isinstance(key, str) and key and not self._room.is_teacher:
            self._room.claim_teacher({"teacher": key})  # a wrong key changes nothing
        code, secret, nickname = (asked.get("code"), asked.get("secret"), asked.get("nickname"))
        if self._room.is_teacher and not code:
            self._show_member()
            return
        try:
            member = self._room.join(code if isinstance(code, str) else "",
                                     secret if isinstance(secret, str) else None,
                                     nickname if isinstance(nickname, str) else None)
        except BoardError as refused:
            self.joined = self._room.code or ""  # a class joined before stays joined
            self.forget = str(refused.facts.get("code", "")) \
                if isinstance(refused, NoSuchClass) or refused.reason == "expired" else ""
            self._say(board_refusal(refused, self._lang), "refused")
            return
        self.forget = ""
        if member is not None:
            self.secret = {"code": member.code, "secret": member.secret}
        for bar in [bar for bar in _BARS if bar._room is self._room]:  # every bar of this page
            bar._show_member()
            for callback in list(bar._joins):
                callback(self._room.code or "")
            bar.every = bar.every or FOLLOW_MS
        if member is not None:
            try:
                _tell(self._room, "class_joined", self._room.mine(), member.student)
            except BoardError as refused:
                self._say(board_refusal(refused, self._lang), "refused")
        self._step = -1
        self._follow()

    def _follow(self) -> None:
        """Say where the class is led, and tell the page's questions."""
        room = self._room
        if room.code is None:
            return
        try:
            if room.member is not None and self.page:
                room.here(self.page)
            lesson = room.lesson()
        except BoardError:
            return  # a busy board: the next tick asks again
        if lesson is None or lesson.step == self._step:
            return
        self._step = lesson.step
        self.lesson = self._lesson_words(lesson)
        _tell(room, "class_lesson", lesson)

    def _lesson_words(self, lesson: Lesson) -> dict[str, Any]:
        lang = self._lang
        shown: dict[str, Any] = {"step": lesson.step, "paused": lesson.paused and
                                 not self._room.is_teacher, "page": "", "question": ""}
        if lesson.page and lesson.page != self.page and has(f"page.title.{lesson.page}"):
            shown["page"] = lesson.page
            shown["moved"] = text("board.lead.moved", lang,
                                  page=text(f"page.title.{lesson.page}", lang))
        if lesson.question:
            from .question import asked  # (question.py imports this module)
            boxes = asked(lesson.question)  # the page's own box asks the student's variant
            try:
                q = boxes[0].question if boxes else lessons.question(lesson.question)
            except ValueError:
                q = None
            if q is not None:
                shown["question"] = box_class(q.id)
                shown["asked"] = text("board.lead.asked", lang,
                                      question=question_words(q, "ask", lang))
                shown["here"] = lesson.page in ("", self.page) and \
                    lessons.PAGE_FILES.get(q.page) == self.page
        return shown

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
