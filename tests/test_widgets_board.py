"""Headless tests of the class board page (ClassBoardApp): only the teacher's
page shows a class and acts on it (a student's page that sends the board's
clicks changes nothing); the teacher starts a class, leads it (the students'
pages follow), sees its pooled figures - exactly those of the rows in the
file, read incrementally - leaves a student out, and exports; the QR code
reads back as the join link.  And the class bar's own refusals (a busy
board, a wrong code) as a student's page says them."""

import base64
import hashlib
import re
from fractions import Fraction

import numpy as np
import pytest

from uno_nb import classroom, lessons
from uno_nb.sim import odds
from uno_nb.texts.numbers import fmt_decimal
from uno_nb.widgets import board_view, classbar, ui
from uno_nb.widgets.board_app import ClassBoardApp
from uno_nb.widgets.board_charts import NEUTRAL, RIGHT, WRONG
from uno_nb.widgets.classbar import ClassBar
from uno_nb.widgets.question import Ask

from tests.reading import assert_learner_prose, html_text, visible

KEY = "teacher-key-for-the-board-tests"


@pytest.fixture
def path(tmp_path, monkeypatch):
    monkeypatch.setenv(board_view.JOIN_ENV, "http://192.168.1.23:8866/")
    return tmp_path / "board.sqlite3"


def pupils(path, code, count=3):
    """Students' pages (each its own room) in class ``code``."""
    rooms = [classroom.Classroom(path) for _ in range(count)]
    for number, room in enumerate(rooms):
        room.join(code, nickname=f"Pupil {number + 1}")
    return rooms


@pytest.fixture
def board(path):
    teacher = classroom.Classroom(path, teacher=True)
    app = ClassBoardApp(room=teacher)
    code = app.start_class()
    assert code and app.code == code == teacher.code
    rooms = pupils(path, code)
    app.refresh()  # (the board's page ticks every two seconds)
    return app, code, rooms


def tick(bar):
    bar._ticked = -1.0  # (the page keeps time: its ticks come every few seconds)
    bar._message(bar, {"ev": "tick"}, [])


def panels(app):
    """The panels that draw the board on its page (mounted as the notebook does)."""
    found, stack = [], [ui.mount(app.widget)]
    while stack:
        made = stack.pop()
        if isinstance(made, ui.Panel):
            found.append(made)
        stack += list(getattr(made, "children", ()) if not isinstance(made, ui.Panel) else ())
    return found


def clicks(app):
    """Every button of the board, clicked as the page's panels send a click."""
    sent = [(panel, node) for panel in panels(app) for node in panel._walk().values()
            if isinstance(node, ui.Button)]
    return lambda: [panel._on_message(panel, {"ev": "click", "id": b._uid}, [])
                    for panel, b in sent]


def no_wild(room, value, outcome, tries=1, variant=0):
    room.record("prediction", "odds.no_wild", value,
                {"outcome": outcome, "tries": tries, "variant": variant})


# -- only the teacher --------------------------------------------------------------------

def test_a_students_page_shows_one_line_and_nothing_of_the_class(path):
    teacher = classroom.Classroom(path, teacher=True)
    code = teacher.start_class()
    (student,) = pupils(path, code, 1)
    no_wild(student, 60.0, "wrong")
    app = ClassBoardApp(room=student)
    app.refresh()
    assert visible(app.widget) == [
        "This page is the teacher's class board: it opens on the teacher's computer, from the "
        "link the app printed when it started."]
    assert not app.hands_chart.shown and not app.answers_chart.shown
    assert app.code is None and app.pooled is None
    state = str([panel._full() for panel in panels(app)])
    assert code not in state and "Pupil" not in state  # nothing of the class, even hidden


def test_a_students_page_that_sends_the_boards_clicks_changes_nothing(path):
    teacher = classroom.Classroom(path, teacher=True)
    code = teacher.start_class()
    rooms = pupils(path, code, 2)
    no_wild(rooms[1], 60.0, "wrong")
    store = teacher.board
    before = (store.lesson(code), store.classes(), store.students(code))
    app = ClassBoardApp(room=rooms[0])
    click_all = clicks(app)
    assert len(click_all()) >= 7  # start, send, pause, open, reveal, show a class, export
    for act in (app.start_class, app.toggle_pause, app.export, lambda: app.open_class(code),
                lambda: app.send_to_page("05_play_against_bots"),
                lambda: app.open_question("odds.no_wild"), lambda: app.reveal_answer("odds.no_wild"),
                lambda: app.hide(rooms[1].member.student)):
        act()
    assert (store.lesson(code), store.classes(), store.students(code)) == before
    assert rooms[0].code == code and app._csv.value == ""
    assert "Only the teacher can do that" in html_text(app._notice.value)
    with pytest.raises(classroom.NotTeacher):
        rooms[0].lead(paused=True)


def test_the_teachers_key_from_the_bar_opens_the_newest_class(path, monkeypatch):
    monkeypatch.setenv(classroom.TEACHER_ENV, hashlib.sha256(KEY.encode()).hexdigest())
    store = classroom.Classroom(path, teacher=True)
    older, newer = store.start_class(), store.start_class()
    room = classroom.Classroom(path)
    app = ClassBoardApp(room=room)
    assert "teacher's class board" in html_text(app._notice.value)
    app.bar.request = {"teacher": KEY[:-1] + "x", "code": "", "at": 1}  # a wrong key
    assert not room.is_teacher and app.code is None
    app.bar.request = {"teacher": KEY, "code": "", "at": 2}
    assert room.is_teacher and app.code in (older, newer)  # (started in the same second)
    assert app.code in html_text(app._code.value)
    # the board's link names a class: that one
    other = ClassBoardApp(room=classroom.Classroom(path))
    other.bar.request = {"teacher": KEY, "code": older.lower(), "at": 3}
    assert other.code == older and older in html_text(other._code.value)


def test_without_the_class_server_the_board_says_so_in_one_line(monkeypatch):
    monkeypatch.delenv(classroom.SERVER_ENV, raising=False)
    app = ClassBoardApp(lang="ru", bar=ClassBar(lang="ru"))
    assert visible(app.widget) == ["Результаты класса собираются, только если страница открыта "
                                   "с сервера класса на компьютере учителя."]


# -- what the board shows -------------------------------------------------------------------

def test_the_board_shows_the_code_the_join_link_and_its_qr_code(board):
    import zxingcpp
    app, code, rooms = board
    link = f"http://192.168.1.23:8866/voila/render/01_rules_step_by_step.ipynb?class={code}"
    said = html_text(app._code.value)
    assert code in said and link in said
    assert "3 students have joined the class." in html_text(app._students_said.value)
    svg = app._qr.value
    assert f'aria-label="QR code of the address that joins class {code}"' in svg
    assert zxingcpp.read_barcodes(_pixels(svg))[0].text == link
    app.send_to_page("02_card_odds")  # the link follows the class
    link = link.replace("01_rules_step_by_step", "02_card_odds")
    assert link in html_text(app._code.value)
    assert zxingcpp.read_barcodes(_pixels(app._qr.value))[0].text == link
    assert_learner_prose([s.replace(link, "") for s in visible(app.widget)])


def _pixels(svg: str, size: int = 6) -> np.ndarray:
    """The QR code's SVG drawn as pixels (its path: moves, and runs of dark
    modules one unit high), ``size`` pixels a module."""
    width = int(re.search(r'viewBox="0 0 (\d+) \d+"', svg)[1])
    modules = np.zeros((width, width), dtype=bool)
    path = re.search(r'<path stroke="#000" d="([^"]+)"', svg)[1]  # (after the white square)
    x = y = 0.0
    for op, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?:\s(-?[\d.]+))?", path):
        if op == "M":
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        else:
            modules[int(y), int(x):int(x + float(a))] = True
            x += float(a)
    return np.where(np.kron(modules, np.ones((size, size), dtype=bool)), 0, 255).astype(np.uint8)


def test_the_board_pools_the_hands_dealt(board):
    app, code, (a, b, c) = board
    assert "No hands dealt yet" in html_text(app._hands.value)
    a.record("hand", "wild:7", 100, {"seed": 3, "start": 0, "counts": {"0": 58, "1": 42}})
    b.record("hand", "wild:7", 100, {"seed": 4, "start": 0, "counts": {"0": 55, "2": 45}})
    app.refresh()
    said = html_text(app._hands.value)
    assert said.startswith("200 hands of 7 cards pooled") and "113 held none, 56.5%" in said
    assert "The exact chance of none is 57.4%." in said
    share, band, exact = app.hands_chart.data
    assert list(share.x) == [100, 200] and list(share.y) == [0.58, 113 / 200]
    assert list(exact.y) == [float(odds.opening_hand("wild", exactly=0))] * 2
    assert "2 students have sent results so far." in html_text(app._where_said.value)


def test_the_first_answers_and_the_answer_once_revealed(board):
    app, code, (a, b, c) = board
    no_wild(a, 60.0, "wrong")
    no_wild(a, 57.4, "right", tries=2)
    no_wild(b, 57.0, "right")
    no_wild(c, 50.0, "wrong")
    no_wild(c, None, "shown", tries=1)
    app.refresh()
    said = html_text(app._answers.value)
    assert said.startswith("3 students answered. Their first answers went from 50% to 60%; half "
                           "of them answered 57% or less. Shown the answer on their page: 1. How "
                           "many were right shows once you reveal the answer")
    assert "57.4" not in said and "Right" not in said  # the projector gives no answer away
    neutral, right, wrong = app.answers_chart.data
    assert sum(neutral.y) == 3 and list(right.y) == list(wrong.y) == []
    assert not app.answers_chart.layout.annotations
    app.reveal_answer("odds.no_wild")
    assert "odds.no_wild" in app._room.lesson().revealed
    said = html_text(app._answers.value)
    assert ("The answer is 57.4%: 1 got it right on the first try and 2 by the end; 1 was shown "
            "the answer on their page.") in said
    neutral, right, wrong = app.answers_chart.data
    assert list(neutral.y) == [] and sum(right.y) == 1 and sum(wrong.y) == 2
    assert (right.marker.color, wrong.marker.color) == (RIGHT, WRONG) != (NEUTRAL, NEUTRAL)
    assert wrong.marker.pattern.shape == "/" and not right.marker.pattern.shape  # not colour alone
    (mark,) = app.answers_chart.layout.annotations
    (line,) = app.answers_chart.layout.shapes
    assert mark.text == "the answer, 57.4%" and mark.x == line.x0 == line.x1 == pytest.approx(
        float(lessons.question("odds.no_wild").answer))
    assert list(right.x) == list(range(50, 61)) and list(right.width) == [1] * 11  # bars of 1
    assert right.y[7] == 1 and right.customdata[7] == "57"  # the bar of 57: right first
    assert [t.name for t in app.answers_chart.data if t.showlegend] == [
        "Right on the first try", "Not right on the first try"]
    app._question.value = "odds.red_three"  # a choice question: its answer marked once revealed
    c.record("prediction", "odds.red_three", 0.0, {"outcome": "wrong", "tries": 1})
    app.refresh()
    assert list(app.answers_chart.data[0].y) == [1, 0, 0]
    assert "The answer is" not in html_text(app._answers.value)


@pytest.mark.parametrize("values, said", [
    ((8.0,), "1 student has answered so far; their first answer was 8."),
    ((8.0, 8.0, 8.0), "All 3 students who answered gave the same first answer: 8."),
    ((4.0, 8.0, 9.5, 12.0), "4 students answered. Their first answers went from 4 to 12; half "
                            "of them answered 8.8 or less."),
])
def test_the_spread_of_first_answers_in_plain_words(path, values, said):
    teacher = classroom.Classroom(path, teacher=True)
    app = ClassBoardApp(room=teacher)
    code = app.start_class()
    for room, value in zip(pupils(path, code, len(values)), values):
        room.record("prediction", "odds.wild_half", value, {"outcome": "wrong", "tries": 1})
    app.open_question("odds.wild_half")
    assert app._question.value == "odds.wild_half"
    assert html_text(app._answers.value).startswith(said)
    (bars, *_) = app.answers_chart.data
    assert sum(bars.y) == len(values)


def test_students_with_numbers_of_their_own_are_compared_with_their_own_answer(board):
    app, code, (a, b, c) = board
    own = {v: float(lessons.question("odds.no_wild", v).answer) for v in (0, 1)}
    no_wild(a, round(own[0] + 3, 1), "wrong", variant=0)
    no_wild(b, round(own[1], 1), "right", variant=1)
    app.refresh()
    said = html_text(app._answers.value)
    assert "each with numbers of their own" in said and "minus" not in said
    assert list(app.answers_chart.data[0].y) == []  # how far they were would tell them
    app.reveal_answer("odds.no_wild")
    said = html_text(app._answers.value)
    assert "First answer minus own answer: from 0% to +3%" in said
    assert app.answers_chart.layout.xaxis.title.text == \
        "First answer minus own answer (percentage points)"
    assert app.answers_chart.layout.annotations[0].text == "no difference: their own answer"
    assert app.answers_chart.layout.shapes[0].x0 == 0


def test_a_refresh_with_nothing_new_reads_no_row_and_redraws_no_chart(board, monkeypatch):
    app, code, (a, b, c) = board
    a.record("hand", "wild:7", 100, {"seed": 3, "start": 0, "counts": {"0": 58}})
    app.refresh()
    read, drawn = [], []
    real_rows, real_results = app._room.rows, app._room.board.results
    monkeypatch.setattr(app._room, "rows", lambda after=0: read.append(after) or
                        real_rows(after))
    monkeypatch.setattr(app._room.board, "results", lambda *a, **k: read.append(k) or
                        real_results(*a, **k))
    for chart in (app.hands_chart, app.answers_chart):
        monkeypatch.setattr(chart, "draw", lambda chart=chart: drawn.append(chart))
    for _ in range(5):
        app.refresh()
    assert read == [] and drawn == []
    last = app.pooled.last_id
    b.record("hand", "wild:7", 100, {"seed": 4, "start": 0, "counts": {"0": 50}})
    app.refresh()
    assert read == [last, {"after": last}] and drawn == [app.hands_chart]  # only what is new
    assert app.pooled.hands["wild:7"].dealt == 200


def test_leaving_a_student_out_pools_the_class_again_without_them(board):
    app, code, (a, b, c) = board
    a.record("hand", "wild:7", 100, {"seed": 3, "start": 0, "counts": {"0": 60}})
    b.record("hand", "wild:7", 100, {"seed": 4, "start": 0, "counts": {"0": 50}})
    no_wild(b, 90.0, "wrong")
    app.refresh()
    rows = {html_text(r.children[0].value): r.children[1] for r in app._student_list.children}
    assert list(rows) == ["Pupil 1: 1 result", "Pupil 2: 2 results", "Pupil 3: 0 results"]
    hide = rows["Pupil 2: 2 results"]
    assert hide.description == "Leave out Pupil 2"
    hide.click()
    assert app.pooled.hands["wild:7"].dealt == 100 and "odds.no_wild" not in app.pooled.answers
    assert "200" not in html_text(app._hands.value)
    assert "(1 left out of the figures)" in html_text(app._students_said.value)
    assert hide.description == "Take Pupil 2 back"
    assert html_text(app._student_list.children[1].children[0].value) == \
        "Pupil 2: 2 results, left out of the figures"
    hide.click()
    assert app.pooled.hands["wild:7"].dealt == 200 and app.pooled.answers["odds.no_wild"]


def test_the_csv_link_holds_every_row_of_the_class(board):
    app, code, (a, b, c) = board
    for n in range(5):
        a.record("hand", "wild:7", 100, {"seed": n, "start": 0, "counts": {"0": 50}})
    app.refresh()
    assert app._csv.value == "" and "(5 rows)" in app._export.description  # made on a click
    app._export.click()
    href = re.search(r'href="data:text/csv;charset=utf-8;base64,([^"]+)"', app._csv.value)[1]
    lines = base64.b64decode(href).decode("utf-8-sig").strip().splitlines()
    assert len(lines) == 1 + 5
    assert "(5 rows, CSV)" in html_text(app._csv.value)
    made = app._csv.value
    a.record("hand", "wild:7", 100, {"seed": 9, "start": 0, "counts": {"0": 50}})
    app.refresh()  # a new row: the file made stays (it says its 5 rows), the button counts 6
    assert app._csv.value == made and "(6 rows)" in app._export.description
    app._export.click()
    assert "(6 rows, CSV)" in html_text(app._csv.value)


def test_nicknames_show_on_the_board_as_text(path):
    teacher = classroom.Classroom(path, teacher=True)
    app = ClassBoardApp(room=teacher)
    code = app.start_class()
    for nickname in ("<b>Ann</b>", "Bo & Cy", None):
        room = classroom.Classroom(path)
        room.join(code, nickname=nickname)
        no_wild(room, 50.0, "wrong")
    app.refresh()
    said = [r.children[0].value for r in app._student_list.children]
    assert "<b>" not in said[0] and "&lt;b&gt;Ann&lt;/b&gt;" in said[0]
    assert [html_text(s) for s in said[:2]] == ["<b>Ann</b>: 1 result", "Bo & Cy: 1 result"]
    assert re.fullmatch(r"Student [0-9a-f]{6}: 1 result", html_text(said[2]))


def test_a_fresh_class_starts_empty_and_an_earlier_one_can_be_shown_again(board):
    app, first, (a, b, c) = board
    a.record("hand", "wild:7", 100, {"seed": 3, "start": 0, "counts": {"0": 58}})
    app.refresh()
    assert app._classes.layout.display == "none"  # one class: no menu of earlier ones
    second = app.start_class()
    assert second != first and app.code == second
    assert "No hands dealt yet" in html_text(app._hands.value)
    assert "0 students have joined the class." in html_text(app._students_said.value)
    assert app._classes.layout.display is None and app._classes.value == second
    app._classes.value = first
    app._open_class.click()
    assert app.code == first and html_text(app._hands.value).startswith("100 hands")
    assert first in html_text(app._code.value)


# -- the class moves together ---------------------------------------------------------------

def test_the_teacher_leads_and_a_students_page_follows(board, monkeypatch):
    app, code, (a, b, c) = board
    monkeypatch.setattr(classroom, "SESSION", a)
    bar = ClassBar(room=a)
    bar.page = "02_card_odds"
    box = Ask("odds.no_wild")
    tick(bar)
    assert not bar.lesson.get("moved") and not box.worked_shown
    app._page.value = "05_play_against_bots"
    app._send.click()
    assert app._room.lesson().page == "05_play_against_bots"
    tick(bar)
    assert bar.lesson["moved"] == "Your teacher has moved the class to 05 · Play against bots."
    assert "The class is on 05 · Play against bots." in html_text(app._lesson_said.value)
    app._page.value = "02_card_odds"
    app._question.value = "odds.no_wild"
    app._open.click()
    lesson = app._room.lesson()
    assert (lesson.page, lesson.question) == ("02_card_odds", "odds.no_wild")
    tick(bar)
    assert bar.lesson["question"] == "uno-q-odds-no-wild" and bar.lesson["here"] is True
    assert "Open for everyone: Before you read on" in html_text(app._lesson_said.value)
    app._pause.click()
    assert app._room.lesson().paused and app._pause.description == "Let the class go on"
    tick(bar)
    assert bar.lesson["paused"] is True
    app._pause.click()
    app._reveal.click()
    tick(bar)
    assert not bar.lesson["paused"] and box.worked_shown  # the answer shows on their page
    app.refresh()
    assert html_text(app._where_said.value) == ("0 students have sent results so far. Lesson "
                                                "pages open now: 02 · Card odds: 1.")


def test_the_russian_board_reads_as_russian(path):
    from tests.reading import cyrillic_share
    teacher = classroom.Classroom(path, teacher=True)
    app = ClassBoardApp(lang="ru", room=teacher)
    code = app.start_class()
    rooms = pupils(path, code, 2)
    no_wild(rooms[0], 57.4, "right")
    no_wild(rooms[1], 40.0, "wrong")
    app.reveal_answer("odds.no_wild")
    said = html_text(app._answers.value)
    assert "Ответ — 57,4 %." in said and "половина ответила 48,7 % или меньше" in said
    words = [s for s in visible(app.widget) if code not in s and "http" not in s]
    assert all(cyrillic_share(s) > 0.5 for s in words if re.search(r"[A-Za-zА-Яа-я]{4}", s)), \
        [s for s in words if cyrillic_share(s) <= 0.5]
    assert "В классе 2 ученика." in html_text(app._students_said.value)
    assert fmt_decimal(57.4, 1, "ru") == "57,4"


@pytest.mark.parametrize("n, en, ru", [
    (1, "challenged 1 time", "оспорили 1 раз"),
    (3, "challenged 3 times", "оспорили 3 раза"),
    (5, "challenged 5 times", "оспорили 5 раз"),
])
def test_the_boards_counts_agree_with_their_number_in_each_language(n, en, ru):
    from uno_nb.texts import text
    facts = dict(count=n, challenged=n, caught=0, wrong=n, taken=n, passed=n, drawn=n)
    assert en in text("board.page.challenges", "en", **facts)
    assert ru in text("board.page.challenges", "ru", **facts)
    games = {1: "закончена 1 партия", 3: "закончены 3 партии", 5: "закончено 5 партий"}
    assert games[n] in text("board.page.games", "ru", games=n, won=0)
    hands = {1: "Собрана 1 рука по 1 карте", 3: "Собраны 3 руки по 3 карты",
             5: "Собрано 5 рук по 5 карт"}
    said = text("board.page.hands", "ru", shown=str(n), dealt=n, size=n, kind="дикие",
                none="0", percent="0 %", interval="—", exact="—")
    assert said.startswith(hands[n])


def test_after_a_writer_is_killed_mid_write_the_board_still_draws(path):
    """A student's kernel killed while it writes a row: the board reads the
    file and draws every row that was confirmed (tests/test_classboard.py
    checks the file itself)."""
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path
    from tests.test_classboard import _KILLED_WRITER
    root = Path(__file__).resolve().parent.parent
    teacher = classroom.Classroom(path, teacher=True)
    app = ClassBoardApp(room=teacher)
    code = app.start_class()
    writer = subprocess.Popen([sys.executable, "-c", _KILLED_WRITER, str(path), code],
                              stdout=subprocess.PIPE, text=True, cwd=root,
                              env={**os.environ, "PYTHONPATH": str(root)})
    assert writer.stdout is not None
    confirmed = 0
    for _line in writer.stdout:
        confirmed += 1
        if confirmed == 50:
            writer.send_signal(signal.SIGKILL)
            break
    writer.wait()
    confirmed += sum(1 for _line in writer.stdout)  # said before the kill, not yet read
    app.refresh()
    assert app.pooled is not None and app.pooled.last_id >= confirmed
    rows = teacher.board.count(code)
    assert confirmed <= rows <= confirmed + 1  # and at most the row it was writing
    assert f"({rows} rows)" in app._export.description
    app.export()
    assert f"({rows} rows, CSV)" in html_text(app._csv.value)


# -- a student's page: what it sends, and the refusals its bar says ------------------------

def test_an_answer_on_a_page_in_a_class_becomes_a_row(path, monkeypatch):
    room = classroom.Classroom(path)
    code = classroom.Classroom(path, teacher=True).start_class()
    monkeypatch.setattr(classroom, "SESSION", room)
    bar = ClassBar(room=room)
    bar.join(code.lower(), None, "Ann")
    assert bar.joined == code and bar.tone == "joined"
    box = Ask("odds.no_wild")  # (the student's own variant of it)
    exact = Fraction(box.question.answer)
    box.check("fifty")  # refused: no row
    box.check(f"{float(exact) + 3:.1f}")
    box.check(f"{float(exact):.1f}")
    rows = room.board.results(code)
    assert [(r.kind, r.item, r.detail["outcome"]) for r in rows] == [
        ("prediction", "odds.no_wild", "wrong"), ("prediction", "odds.no_wild", "right")]
    assert rows[1].value == float(round(exact, 1))
    assert rows[0].nickname == "Ann" and rows[0].student == room.member.student


def test_a_wrong_class_code_is_said_on_the_bar_and_joins_nothing(path):
    room = classroom.Classroom(path)
    bar = ClassBar(room=room, lang="ru")
    bar.join("ZZZZZ", "abc")
    assert bar.joined == "" and bar.tone == "refused" and "ZZZZZ" in bar.status
    assert bar.forget == "ZZZZZ"  # if the browser had stored it, it forgets it
    bar.join("12", "abc")
    assert "код класса — 5 букв и цифр" in bar.status and bar.forget == ""
    assert room.member is None
    code = classroom.Classroom(path, teacher=True).start_class()
    bar.join(code)
    assert bar.joined == code and bar.forget == ""
    bar.join("ZZZZZ", "abc")  # a mistyped code: the class joined before stays joined
    assert bar.joined == code == room.member.code and bar.forget == "ZZZZZ"


def test_a_busy_board_is_said_on_the_bar_and_the_page_goes_on(path, monkeypatch):
    """A board that stays busy (or cannot be read) refuses the row: the page
    says so on its class bar in its language, the learner's answer still
    counts on the page, and the rows already written are all there."""
    from uno_nb.classboard import BoardBusy
    room = classroom.Classroom(path)
    code = classroom.Classroom(path, teacher=True).start_class()
    monkeypatch.setattr(classroom, "SESSION", room)
    bar = ClassBar(room=room, lang="ru")
    bar.join(code)
    box = Ask("odds.no_wild", lang="ru")
    exact = float(box.question.answer)
    box.check(fmt_decimal(exact + 3, 1, "ru"))
    real = room.board.add

    def busy(*args, **kwargs):
        raise BoardBusy("the file stayed locked")
    monkeypatch.setattr(room.board, "add", busy)
    assert box.check(fmt_decimal(exact, 1, "ru")).outcome == "right" and box.worked_shown
    assert bar.tone == "refused" and "ждёт на этой странице" in bar.status
    assert len(room.board.results(code)) == 1  # nothing written is lost
    # the row waits on the page, and the bar asks the browser to tick to send it
    assert len(room.kept) == 1 and 0 < bar.every <= classbar.RESEND_MS
    tick(bar)  # still busy: still kept
    assert len(room.kept) == 1 and bar.tone == "refused"
    monkeypatch.setattr(room.board, "add", real)
    tick(bar)  # the board is free again: sent
    assert [r.detail["outcome"] for r in room.board.results(code)] == ["wrong", "right"]
    assert room.kept == [] and bar.every == classbar.FOLLOW_MS and bar.tone == "joined"
    assert "теперь на доске класса" in bar.status


def test_rows_kept_through_a_file_that_fails_for_a_while_are_all_sent_in_order(path,
                                                                              monkeypatch):
    # a busy board, then a file that cannot be written for a moment (a full
    # disk, say), then a good file: every row kept goes in, in order, and
    # the bar ticks until the last one has
    from uno_nb.classboard import BoardBusy, BoardUnreadable
    room = classroom.Classroom(path)
    code = classroom.Classroom(path, teacher=True).start_class()
    monkeypatch.setattr(classroom, "SESSION", room)
    bar = ClassBar(room=room, lang="en")
    bar.join(code)
    real = room.board.add
    failures = [BoardBusy("busy"), BoardBusy("busy"), BoardUnreadable("disk full")]

    def failing(*args, **kwargs):
        if failures:
            raise failures.pop(0)
        return real(*args, **kwargs)
    monkeypatch.setattr(room.board, "add", failing)
    classbar.record("game", "play", 1.0, {"turns": 1})   # busy: kept
    classbar.record("game", "play", 0.0, {"turns": 2})   # busy: kept behind it
    assert len(room.kept) == 2 and 0 < bar.every <= classbar.RESEND_MS
    assert "waits on this page" in bar.status
    tick(bar)  # the file fails: both still kept, still ticking
    assert len(room.kept) == 2 and 0 < bar.every <= classbar.RESEND_MS
    tick(bar)
    assert [r.detail["turns"] for r in room.board.results(code)] == [1, 2]
    assert room.kept == [] and bar.every == classbar.FOLLOW_MS
    assert "on the class board now" in bar.status


# -- what the other pages send to the board ----------------------------------------------


def test_the_play_page_sends_its_games_and_its_answers_to_a_wild_draw_four(tmp_path, monkeypatch):
    """A student in a class plays whole games (the first move offered, and
    every other Wild Draw Four challenged): each game is one row, and each
    answer to a Wild Draw Four one row with what it cost, as the engine says."""
    from uno_nb.engine.moves import CHALLENGE
    from uno_nb.widgets import PlayApp
    room = classroom.Classroom(tmp_path / "b.sqlite3")
    code = room.board.start_class()
    room.join(code)
    monkeypatch.setattr(classroom, "SESSION", room)
    faced = 0
    for seed in range(40):
        app = PlayApp("standard", 3, seed=seed, delay=0)
        steps = 0
        while not app.game.is_over and steps < 400:
            steps += 1
            moves = app._my_moves()
            facing = any(m.kind is CHALLENGE for m in moves)
            faced += facing
            # challenge every other Wild Draw Four, take the cards at the others
            pick = [m for m in moves if (m.kind is CHALLENGE) == (faced % 2 == 1)] if facing \
                else moves
            app._human(pick[0])
        if faced >= 4:
            break
    rows = room.board.results(code)
    games = [r for r in rows if r.kind == "game"]
    challenges = [r for r in rows if r.kind == "challenge"]
    assert len(challenges) == faced >= 4 and len(games) == seed + 1
    assert all(r.detail["challenged"] is (r.value == 1.0) for r in challenges)
    for row in challenges:  # R-CHALLENGE: a bluff costs the challenger nothing, else 6
        if row.detail["challenged"]:
            assert row.detail["drew"] == (0 if row.detail["guilty"] else 6)
    assert {r.detail["challenged"] for r in challenges} == {True, False}  # both answers seen



def test_a_wild_draw_four_passed_on_with_another_is_not_counted_as_taken(tmp_path, monkeypatch):
    # V-STACK: Player 3 plays a Wild Draw Four on Player 1, who answers with
    # their own (the penalty goes on to Player 2), or takes the 4 cards
    from uno_nb.engine.game import Game
    from uno_nb.engine.rules import RuleSet
    from uno_nb.widgets import PlayApp
    room = classroom.Classroom(tmp_path / "b.sqlite3")
    code = room.board.start_class()
    room.join(code)
    monkeypatch.setattr(classroom, "SESSION", room)
    rules = RuleSet(stack=True)
    for answer in ("0:W+4>B", "0:draw"):
        app = PlayApp(rules, 3, seed=1, delay=0)
        app.game = Game.from_position(rules, names=app.game.names, max_rounds=1,
                                      hands=["W+4 R1 B3", "B1 B2", "W+4 G2 G3"], discard="R5",
                                      draw_pile="Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 G9", current=2)
        app.game.push("2:W+4>R")
        app._render()
        app._human(answer)
    rows = room.board.results(code, kind="challenge")
    assert [(r.detail["answer"], r.detail["challenged"], r.detail["drew"]) for r in rows] == \
        [("play", False, 0), ("take", False, 4)]
    pooled = classroom.pool(room.board.results(code)).challenges
    assert (pooled.decisions, pooled.taken, pooled.passed, pooled.drawn) == (2, 1, 1, 4)



def test_a_lab_run_is_one_row_with_both_rule_sets(tmp_path, monkeypatch):
    from uno_nb.widgets import LabApp
    room = classroom.Classroom(tmp_path / "b.sqlite3")
    code = room.board.start_class()
    room.join(code)
    monkeypatch.setattr(classroom, "SESSION", room)
    app = LabApp("standard", "party", players=3, games=40, seed=1, auto_games=40)
    assert app.wait_idle(60) and app.runs == 1
    (row,) = room.board.results(code, kind="lab")
    assert (row.value, row.detail["a"], row.detail["b"], row.detail["players"]) == \
        (40, "standard", "party", 3)
    assert row.detail["turns_b"] == app.results["B"].summary.turns.estimate



def test_a_kept_row_the_board_refuses_for_itself_is_let_go_and_the_rest_sent(tmp_path):
    from uno_nb.classboard import BadRow
    room = classroom.Classroom(tmp_path / "b.sqlite3")
    code = room.board.start_class()
    member = room.join(code)
    room.kept += [(member, "game", "play", 1.0, {"turns": 1}, "k1"),
                  (member, "game", "play", float("nan"), {}, "k2"),  # never a row
                  (member, "game", "play", 0.0, {"turns": 3}, "k3")]
    with pytest.raises(BadRow):
        room.send_kept()
    assert [r.detail["turns"] for r in room.board.results(code)] == [1, 3]
    assert room.kept == []



def test_a_row_kept_from_a_busy_board_goes_before_the_next_one(tmp_path, monkeypatch):
    from uno_nb.classboard import BoardBusy
    room = classroom.Classroom(tmp_path / "b.sqlite3")
    code = room.board.start_class()
    room.join(code)
    real = room.board.add

    def busy(*args, **kwargs):
        raise BoardBusy("the file stayed locked")
    monkeypatch.setattr(room.board, "add", busy)
    with pytest.raises(BoardBusy):
        room.record("game", "play", 1.0, {"turns": 30})
    monkeypatch.setattr(room.board, "add", real)
    room.record("game", "play", 0.0, {"turns": 40})
    assert [(r.value, r.detail["turns"]) for r in room.board.results(code)] == [(1.0, 30),
                                                                               (0.0, 40)]
    assert room.kept == []



def test_a_page_waits_only_a_moment_for_a_busy_board(tmp_path):
    # the file locked by another writer: the page's kernel gives up within
    # seconds (its learner is waiting), not the store's 30 s
    import sqlite3
    from uno_nb import classboard
    room = classroom.Classroom(tmp_path / "b.sqlite3")
    code = room.board.start_class()
    room.join(code)
    other = sqlite3.connect(tmp_path / "b.sqlite3", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    assert room.board.patience == classroom.PAGE_PATIENCE < classboard.PATIENCE
    try:
        with pytest.raises(classboard.BoardBusy):
            room.record("hand", "wild:7", 1, {"seed": 0, "start": 0, "counts": {"0": 1}})
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert len(room.kept) == 1
    room.send_kept()
    assert room.board.count(code) == 1 and room.kept == []
