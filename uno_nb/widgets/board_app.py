"""The class board: the teacher's page for the projector, from which the
teacher leads the class and sees what it does, pooled live.

:class:`ClassBoardApp` works for the teacher's page only
(:attr:`uno_nb.classroom.Classroom.is_teacher`: the browser brought the
launcher's key).  Any other page that opens it - a student's - reads one line
saying whose page it is, and nothing of any class: every action of the board
goes through the classroom's teacher-only methods, so a page that sends the
board's clicks anyway changes nothing (:class:`uno_nb.classroom.NotTeacher`).

For the teacher it shows one class: the one its link names (``?class=``),
else the newest class still open on this computer, else none until the
teacher starts a fresh one (earlier classes can be opened again, to see
their results).  At the top, read from the back of the room: the class code,
the address to join with its QR code, and how many students have joined.
Then what moves the class (:meth:`uno_nb.classroom.Classroom.lead`): send it
to a lesson page, open a question for everyone, reveal its answer to
everyone, pause and go on - the students' pages follow within seconds
(:mod:`uno_nb.widgets.classbar`) - and how many students have each page open.
Then the two charts (:mod:`uno_nb.widgets.board_charts`), the play page's
games and the lab's runs, the list of students (each can be left out of the
figures, and taken back), and the export of the class's rows as a
spreadsheet's CSV.

At every tick of the page (:data:`REFRESH_MS`) the board asks the file for
the class's newest row id and reads only the rows after the last one it
pooled (:class:`uno_nb.pooling.Pool`): a tick with nothing new reads no row
and redraws no chart.  Leaving a student out pools the class again without
them.
"""

from __future__ import annotations

import base64
import io
import time
from collections import Counter
from html import escape
from typing import Any, Callable

from .. import classroom, lessons
from ..classboard import BoardError, Lesson, Student
from ..memory import app_memory
from ..pooling import Pool, Pooled
from ..texts import board_refusal, text
from ..texts.numbers import fmt_int
from ..wording import question_words
from . import ui as w
from ._common import para, tagged
from .app import App
from .board_charts import AnswersChart, HandsChart
from .board_view import (class_option, head_html, join_link, lesson_words, qr_svg, short,
                         student_name, styled, where_words, memory_words)
from .classbar import ClassBar

__all__ = ["ClassBoardApp", "REFRESH_MS", "RECENT_CLASSES"]

#: How often the board reads what is new (milliseconds).
REFRESH_MS = 2_000
#: How often the board reads the app's memory (every process's /proc: not every refresh).
MEMORY_SECONDS = 30.0
#: The earlier classes the board offers to open again.
RECENT_CLASSES = 8
#: The menus' looks: their words as big as the buttons'.
_MENU = w.Style(description_width="initial", font_size="15px")
#: The page the board's menus show before the class is sent anywhere.
_FIRST_LOOK = lessons.PAGE_FILES["02"]


class ClassBoardApp(App):
    """The class board page's app, for the teacher's page (its class bar,
    which brings the teacher's key and ticks, is on the page but not shown)."""

    def __init__(self, lang: str = "en", room: classroom.Classroom | None = None,
                 bar: ClassBar | None = None) -> None:
        self._lang = lang
        self._room = room if room is not None else classroom.SESSION
        self.bar = bar if bar is not None else ClassBar(lang=lang, room=room)
        self.bar.every = REFRESH_MS
        self.bar.on_tick(self.refresh)
        self.bar.on_join(lambda _code: self._render(force=True))
        self.bar.observe(self._bar_changed, names=["teacher", "status"])
        # what the board has read and drawn
        self._pool = Pool()
        self._pooled_code: str | None = None
        self._rows_of: Counter[str] = Counter()  # rows read, per student (hidden ones too)
        self._lesson: Lesson | None = None
        self._where: dict[str, int] | None = None
        self._memory_said: int | None = None
        self._memory_read = -MEMORY_SECONDS
        self._students: list[Student] = []
        self._drawn_link = ""
        self.pooled: Pooled | None = None
        self._build()
        self._render(force=True)

    # -- the widgets ---------------------------------------------------------------------

    def _build(self) -> None:
        lang = self._lang

        def button(key: str, act: Callable[[], Any], *classes: str, style: str = "") -> w.Button:
            made = tagged(w.Button(description=text(key, lang), button_style=style,
                                   layout=w.Layout(width="auto", height="34px"),
                                   style=w.ButtonStyle(font_size="15px")), *classes)
            made.on_click(lambda _b: act())
            return made

        self._notice = tagged(w.HTML(), "uno-board-message")
        self._qr = tagged(w.HTML(), "uno-board-qr")
        self._code = tagged(w.HTML(), "uno-board-code")
        self._students_said = tagged(w.HTML(), "uno-board-students")
        self._where_said = tagged(w.HTML(), "uno-board-where")
        head = tagged(w.HBox([self._qr, w.VBox([self._code, self._students_said,
                                                self._where_said],
                                               layout=w.Layout(flex="1 1 480px", min_width="0"))],
                             layout=w.Layout(align_items="center", gap="8px 28px")),
                      "uno-board-head")
        self._page = tagged(w.Dropdown(
            options=[(text(f"page.title.{name}", lang), name)
                     for name in lessons.PAGE_FILES.values()],
            value=_FIRST_LOOK, description=text("board.page.lead_page", lang),
            layout=w.Layout(width="auto", max_width="100%"), style=_MENU), "uno-board-page")
        self._send = button("board.page.send", self.send_to_page, "uno-board-send")
        self._pause = button("board.page.pause", self.toggle_pause, "uno-board-pause")
        self._question = tagged(w.Dropdown(description=text("board.page.question", lang),
                                           layout=w.Layout(width="640px", max_width="100%"),
                                           style=_MENU), "uno-board-question")
        self._open = button("board.page.open", self.open_question, "uno-board-open",
                            style="primary")
        self._reveal = button("board.page.reveal", self.reveal_answer, "uno-board-reveal")
        self._questions_of(str(self._page.value))
        self._page.observe(lambda change: self._questions_of(str(change["new"])), names="value")
        self._question.observe(lambda _change: self._draw_answers(), names="value")
        row = w.Layout(align_items="center", gap="4px 10px", margin="6px 0 0 0")
        lead = w.VBox([tagged(w.HBox([self._page, self._send, self._pause], layout=row),
                              "uno-board-lead-row"),
                       tagged(w.HBox([self._question, self._open, self._reveal], layout=row),
                              "uno-board-lead-row")])
        self._lesson_said = tagged(w.HTML(), "uno-board-lesson")
        self.hands = HandsChart(lang)
        self.answers = AnswersChart(lang)
        # the names the page's tests and older code know them by
        self.hands_chart, self._hands = self.hands.chart, self.hands.words
        self.answers_chart, self._answers = self.answers.chart, self.answers.words
        charts = tagged(w.HBox([self.hands.box, self.answers.box],
                               layout=w.Layout(gap="12px", align_items="flex-start")),
                        "uno-board-charts")
        self._games = tagged(w.HTML(), "uno-board-games")
        self._student_rows: dict[str, w.HBox] = {}
        self._no_student = w.HTML(para(text("board.page.student_none", lang)))
        self._student_list = tagged(w.Box([self._no_student], layout=w.Layout(
            flex_flow="row wrap", gap="2px 24px")), "uno-board-student-list")
        # words from the start, so that no button is ever without a name, even for
        # the moment between the board showing and the class's rows being read
        self._student_fold = tagged(w.Accordion(
            [self._student_list], titles=(text("board.page.student_list", lang, count=0),),
            selected_index=None), "uno-board-student-fold")
        # the CSV is made when the teacher asks for it, not at every new row
        self._export = tagged(w.Button(description=text("board.page.csv_prepare", lang, count=0),
                                       layout=w.Layout(width="auto")), "uno-board-export")
        self._export.on_click(lambda _b: self.export())
        self._csv = tagged(w.HTML(), "uno-board-csv")
        self._board = w.VBox([head, lead, self._lesson_said, charts,
                              self._games, self._student_fold,
                              w.HBox([self._export], layout=w.Layout(margin="8px 0 0 0")),
                              self._csv])
        self._start = button("board.page.start", self.start_class, "uno-board-start")
        self._classes = tagged(w.Dropdown(description=text("board.page.classes", lang),
                                          style=w.Style(description_width="initial")),
                               "uno-board-classes")
        self._open_class = button("board.page.open_class", self.open_class, "uno-board-open-class")
        self._class_row = tagged(w.HBox([self._start, self._classes, self._open_class],
                                        layout=w.Layout(margin="12px 0 0 0")),
                                 "uno-board-class-row")
        self.widget = tagged(w.VBox([self._notice, self._board,
                                     self._class_row]), "uno-app", "uno-board")

    def _questions_of(self, page: str) -> None:
        """The question menu offers the questions of lesson page ``page``."""
        number = next(n for n, name in lessons.PAGE_FILES.items() if name == page)
        self._question.options = [(short(f"{n}. {question_words(q, 'ask', self._lang)}", 80), q.id)
                                  for n, q in enumerate(lessons.questions(number), 1)]

    # -- what the teacher does (each through the room's teacher-only methods) ------------

    @property
    def code(self) -> str | None:
        """The class this board shows (None on a page that is not the teacher's)."""
        return self._room.code if self._room.is_teacher else None

    def _refused(self, refused: BoardError) -> None:
        self._notice.value = para(board_refusal(refused, self._lang), cls="uno-board-refused")

    def _act(self, action: Callable[[], Any]) -> bool:
        """Do a teacher's action, then draw what changed; a refusal is said."""
        try:
            action()
        except BoardError as refused:
            self._refused(refused)
            return False
        self._render()
        return True

    def start_class(self) -> str | None:
        """A fresh class, which this board then shows: its code (None if refused)."""
        return self._room.code if self._act(self._room.start_class) else None

    def open_class(self, code: str | None = None) -> None:
        """Show class ``code`` (the one chosen in the menu of earlier classes)."""
        chosen = code if code is not None else self._classes.value
        self._act(lambda: self._room.open_class(str(chosen)))

    def send_to_page(self, page: str | None = None) -> None:
        """Send the class to lesson page ``page`` (the menu's): no question open."""
        chosen = page if page is not None else str(self._page.value)
        self._act(lambda: self._room.lead(page=chosen, question=""))

    def open_question(self, question: str | None = None) -> None:
        """Open a question for everyone (the menu's, or ``question``, which the
        menus then show), on its page."""
        chosen = self._chosen(question)
        self._act(lambda: self._room.lead(page=lessons.PAGE_FILES[chosen.page],
                                          question=chosen.id))

    def reveal_answer(self, question: str | None = None) -> None:
        """Show a question's answer (the menu's, or ``question``) on every
        student's page, and on the board."""
        chosen = self._chosen(question)
        self._act(lambda: self._room.lead(reveal=chosen.id))

    def _chosen(self, question: str | None) -> lessons.Question:
        """The question the menu shows, or ``question``, shown in the menus."""
        if question is None:
            return lessons.question(str(self._question.value))
        chosen = lessons.question(question)
        with w.batch():
            self._page.value = lessons.PAGE_FILES[chosen.page]
            self._question.value = chosen.id
        return chosen

    def toggle_pause(self) -> None:
        """Pause the class (its pages covered), or let it go on."""
        paused = self._lesson is not None and self._lesson.paused
        self._act(lambda: self._room.lead(paused=not paused))

    def hide(self, student: str, hidden: bool = True) -> None:
        """Leave a student out of the figures (or take them back)."""
        self._act(lambda: self._room.hide(student, hidden))

    def refresh(self) -> None:
        """Read what is new and redraw what changed (every tick of the page)."""
        self._render()

    def _bar_changed(self, change: Any) -> None:
        if change["name"] == "teacher":
            self._render(force=True)  # the page's claim was checked: the teacher's, or not
        elif self._room.is_teacher and self.bar.tone == "refused":
            self._notice.value = para(self.bar.status, cls="uno-board-refused")

    # -- the one render funnel -------------------------------------------------------------

    def _render(self, force: bool = False) -> None:
        """Draw the board: the parts whose rows changed, or (``force``: a
        class opened, the teacher's claim checked) every part."""
        room, lang = self._room, self._lang
        served = classroom.served() or room is not classroom.SESSION
        if not served or not room.is_teacher:
            self._show(False, False)
            self._notice.value = para(text("board.page.not_teacher" if served
                                           else "board.no_server", lang))
            return
        try:
            code = room.code or self._open_newest()
            if code is None:
                self._show(False, True)
                self._notice.value = para(text("board.page.none", lang))
                self._draw_classes()
                return
            self._show(True, True)
            self._read(code, force)
        except BoardError as refused:
            self._refused(refused)

    def _show(self, board: bool, classes: bool) -> None:
        self._board.layout.display = None if board else "none"
        self._class_row.layout.display = None if classes else "none"
        for chart in (self.hands_chart, self.answers_chart):
            if chart.shown != board:
                chart.set_shown(board)

    def _open_newest(self) -> str | None:
        """Open the newest class students can still join, if any."""
        for code, _started in self._room.board.classes():
            if not self._room.board.lesson(code).expired():
                return self._room.open_class(code)
        return None

    def _read(self, code: str, force: bool) -> None:
        room, board = self._room, self._room.board
        if code != self._pooled_code:
            self._pool, self._pooled_code, self._rows_of = Pool(), code, Counter()
            self.pooled = self._pool.pooled  # (nothing of the class shown before)
            self._lesson = self._where = None
            self._students = []
            force = True
        new = False
        if board.last_id(code) > self._pool.last_id:  # one index look-up when nothing is new
            new = self._feed(room.rows(after=self._pool.last_id)) > 0
        students = room.students()
        hidden = frozenset(s.id for s in students if s.hidden)
        if hidden != self._pool.hidden:  # pooled again without them (or with them back)
            self._pool, self._rows_of = Pool(hidden), Counter()
            self._feed(room.rows())
            new = True
        where = board.where(code)
        lesson = room.lesson() or self._lesson
        with w.batch():
            if force or lesson != self._lesson:
                self._draw_lesson(lesson, force)
            if force or new or students != self._students:
                self._students = students
                self._draw_students()
            memory = self._memory()
            if force or new or where != self._where or memory != self._memory_said:
                self._where, self._memory_said = where, memory
                sent = self.pooled.students if self.pooled is not None else 0
                self._where_said.value = styled("sent", text("board.page.students", self._lang,
                                                             count=sent),
                                                where_words(where, self._lang),
                                                memory_words(memory, self._lang))
            if force or new:
                self._draw_figures()
            if force:
                self._draw_classes()

    def _memory(self) -> int | None:
        """The app's memory, read at most every :data:`MEMORY_SECONDS` and
        rounded to a tenth of a gigabyte (a change below that redraws nothing)."""
        now = time.monotonic()
        if now - self._memory_read < MEMORY_SECONDS:
            return self._memory_said
        self._memory_read = now
        size = app_memory()
        return None if size is None else round(size / 1e8) * 100_000_000

    def _feed(self, rows: list[Any]) -> int:
        self._rows_of.update(row.student for row in rows)
        count = self._pool.feed(rows)
        self.pooled = self._pool.pooled
        return count

    def _draw_lesson(self, lesson: Lesson | None, force: bool) -> None:
        lang = self._lang
        before, self._lesson = self._lesson, lesson
        if lesson is None:
            return
        if force:  # a class opened: the menus show where it is
            if lesson.page in lessons.PAGE_FILES.values():
                self._page.value = lesson.page
            if lesson.question in [value for _label, value in self._question.options]:
                self._question.value = lesson.question
        self._notice.value = para(text("board.page.expired", lang, code=lesson.code)) \
            if lesson.expired() else ""
        link = join_link(lesson.code, lang, lesson.page)
        if link != self._drawn_link:
            self._drawn_link = link
            self._qr.value = qr_svg(link, text("board.page.qr", lang, code=lesson.code))
            self._code.value = head_html(lesson.code, link, lang)
        self._lesson_said.value = lesson_words(lesson, lang)
        self._pause.description = text("board.page.resume" if lesson.paused
                                       else "board.page.pause", lang)
        self._pause.button_style = "warning" if lesson.paused else ""
        if before is None or before.revealed != lesson.revealed:
            self._draw_answers()

    def _draw_students(self) -> None:
        lang, students = self._lang, self._students
        hidden = sum(1 for s in students if s.hidden)
        joined = (text("board.page.joined_hidden", lang, count=len(students), hidden=hidden)
                  if hidden else text("board.page.joined", lang, count=len(students)))
        self._students_said.value = styled("joined", joined)
        self._student_fold.titles = (text("board.page.student_list", lang, count=len(students)),)
        rows: list[w.Widget] = []
        for student in students:
            if student.id not in self._student_rows:  # a row of its own, kept: a click on
                said = w.HTML()                          # its button is never dropped
                toggle = tagged(w.Button(layout=w.Layout(width="auto")), "uno-board-hide")
                toggle.on_click(self._hider(student.id))
                self._student_rows[student.id] = tagged(w.HBox([said, toggle], layout=w.Layout(
                    width="340px", max_width="100%", align_items="center",
                    justify_content="space-between")), "uno-board-student")
            row = self._student_rows[student.id]
            said, toggle = row.children
            name = student_name(student.id, student.nickname, lang)
            said.value = styled("words", text("board.page.student_hidden" if student.hidden
                                              else "board.page.student", lang, name=name,
                                              rows=self._rows_of[student.id]))
            toggle.description = text("board.page.show" if student.hidden else "board.page.hide",
                                      lang, name=name)
            rows.append(row)
        if not rows:
            rows = [self._no_student]
        if tuple(rows) != tuple(self._student_list.children):
            self._student_list.children = rows

    def _hider(self, student: str) -> Callable[[Any], None]:
        def toggle(_button: Any) -> None:
            known = next((s for s in self._students if s.id == student), None)
            self.hide(student, not (known is not None and known.hidden))
        return toggle

    def _draw_figures(self) -> None:
        lang, pooled = self._lang, self.pooled
        if pooled is None:
            pooled = self.pooled = self._pool.pooled
        self.hands.draw(pooled)
        self._draw_answers()
        if pooled.games.games:
            games = text("board.page.games", lang, games=pooled.games.games, won=pooled.games.won)
        else:
            games = text("board.page.games_none", lang)
        c = pooled.challenges
        challenges = (text("board.page.challenges", lang, count=c.decisions,
                           challenged=c.challenged, caught=c.caught, wrong=c.wrong,
                           taken=c.taken, passed=c.passed, drawn=c.drawn) if c.decisions
                      else text("board.page.challenges_none", lang))
        runs = pooled.lab
        lab = (text("board.page.lab", lang, count=runs.runs, students=len(runs.students),
                    games=fmt_int(runs.games, lang)) if runs.runs
               else text("board.page.lab_none", lang))
        self._games.value = styled("words", games) + styled("words", challenges) \
            + styled("words", lab)
        self._export.description = text("board.page.csv_prepare", lang,
                                        count=sum(self._rows_of.values()))
        # a file made before stays (its link says how many rows it holds)

    def _draw_answers(self) -> None:
        """The chart of the question the menu shows (nothing before a class is open)."""
        pooled, lesson = self.pooled, self._lesson
        if pooled is None or lesson is None or self._question.value is None:
            return
        q = lessons.question(str(self._question.value))
        self.answers.draw(q, pooled.answers.get(q.id), q.id in lesson.revealed)

    def _draw_classes(self) -> None:
        """The menu of earlier classes (shown when there is more than one)."""
        current = self._room.code
        classes = self._room.board.classes()[:RECENT_CLASSES]
        self._classes.options = [(class_option(code, started, self._lang), code)
                                 for code, started in classes]
        if current in [code for code, _started in classes]:
            self._classes.value = current
        offered = len(classes) > (1 if current is not None else 0)
        for part in (self._classes, self._open_class):
            part.layout.display = None if offered else "none"

    # -- the class's rows as a file --------------------------------------------------------

    def export(self) -> None:
        """Make the class's CSV now and show its download link."""
        code = self._room.code
        out = io.StringIO()
        try:
            rows = self._room.export(out, self._lang)
        except BoardError as refused:
            self._refused(refused)
            return
        data = base64.b64encode(out.getvalue().encode("utf-8")).decode("ascii")
        name = f"uno_nb-class-{code}-{time.strftime('%Y-%m-%d')}.csv"
        words = text("board.page.csv", self._lang, count=rows)
        self._csv.value = (f'<p><a class="uno-board-csv-link" download="{escape(name)}" '
                           f'href="data:text/csv;charset=utf-8;base64,{data}">'
                           f'{escape(words)}</a></p>')

    def _displayed(self) -> tuple[Any, ...]:  # pragma: no cover - notebook only
        import ipywidgets
        # the bar brings the teacher's key and ticks; it shows nothing here
        return (ipywidgets.Box([self.bar], layout=ipywidgets.Layout(display="none")), self.widget)
