"""Headless tests of the class board page (ClassBoardApp) and the class bar:
the board shows the class's pooled figures, exactly those of the rows in the
file, redraws when rows come in, and says a refusal without failing."""

import base64
import re
from fractions import Fraction

import pytest

from uno_nb import classroom
from uno_nb.sim import odds
from uno_nb.widgets.board_app import ClassBoardApp
from uno_nb.widgets import classbar
from uno_nb.widgets.classbar import ClassBar
from uno_nb.widgets.question import Ask

from tests.reading import assert_learner_prose, html_text, visible


@pytest.fixture
def board(tmp_path):
    path = tmp_path / "board.sqlite3"
    teacher = classroom.Classroom(path)
    app = ClassBoardApp(room=teacher)
    code = app.start_class()
    assert code and app.code == code and app.bar.joined == code
    students = [classroom.Classroom(path) for _ in range(3)]
    for number, room in enumerate(students):
        room.join(code, f"s{number}")
    return app, code, students


def test_the_board_says_the_class_code_and_draws_the_pooled_hands(board):
    app, code, (a, b, c) = board
    assert code in html_text(app._code.value)
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
    assert "2 students have sent results so far." in html_text(app._students.value)
    assert_learner_prose(visible(app.widget))


def test_the_board_shows_the_first_answers_against_the_answer(board):
    app, code, (a, b, c) = board
    a.record("prediction", "odds.no_wild", 60.0, {"outcome": "wrong", "tries": 1})
    a.record("prediction", "odds.no_wild", 57.4, {"outcome": "right", "tries": 2})
    b.record("prediction", "odds.no_wild", 57.0, {"outcome": "right", "tries": 1})
    c.record("prediction", "odds.no_wild", None, {"outcome": "shown", "tries": 0})  # not right
    c.record("prediction", "odds.red_three", 0.0, {"outcome": "wrong", "tries": 1})
    app.refresh()
    said = html_text(app._answers.value)
    assert said == ("2 students answered: first answers from 57 to 60, the middle one 58.5. "
                    "The answer is 57.4; 1 got it right on the first try and 2 by the end.")
    bars = app.answers_chart.data[0]
    assert list(bars.x) == ["57", "60"] and list(bars.y) == [1, 1]
    app._question.value = "odds.red_three"
    assert list(app.answers_chart.data[0].y) == [1, 0, 0]
    assert "The answer is “Exactly three red cards”" in html_text(app._answers.value)


def test_the_csv_link_holds_every_row_of_the_class(board):
    app, code, (a, b, c) = board
    for n in range(5):
        a.record("hand", "wild:7", 100, {"seed": n, "start": 0, "counts": {"0": 50}})
    app.refresh()
    assert app._csv.value == "" and "(5 rows)" in app._export.description  # made on a click
    app._export.click()
    href = re.search(r'href="data:text/csv;charset=utf-8;base64,([^"]+)"', app._csv.value)[1]
    lines = base64.b64decode(href).decode().strip().splitlines()
    assert len(lines) == 1 + 5 and all(code in line for line in lines[1:])
    assert "(5 rows, CSV)" in html_text(app._csv.value)
    made = app._csv.value
    a.record("hand", "wild:7", 100, {"seed": 9, "start": 0, "counts": {"0": 50}})
    app.refresh()  # a new row: the file made stays (it says its 5 rows), the button counts 6
    assert app._csv.value == made and "(6 rows)" in app._export.description
    app._export.click()
    assert "(6 rows, CSV)" in html_text(app._csv.value)


def test_an_answer_on_a_page_in_a_class_becomes_a_row(tmp_path, monkeypatch):
    room = classroom.Classroom(tmp_path / "b.sqlite3")
    code = room.board.start_class()
    monkeypatch.setattr(classroom, "SESSION", room)
    bar = ClassBar(room=room)
    bar.join(code.lower(), "abc123", "Ann")
    assert bar.joined == code and bar.tone == "joined"
    box = Ask("odds.no_wild")
    box.check("fifty")  # refused: no row
    box.check("60")
    box.check("57.4")
    rows = room.board.results(code)
    assert [(r.kind, r.item, r.value, r.detail["outcome"]) for r in rows] == [
        ("prediction", "odds.no_wild", 60.0, "wrong"),
        ("prediction", "odds.no_wild", float(Fraction(574, 10)), "right")]
    assert rows[0].nickname == "Ann" and rows[0].student == "abc123"


def test_a_wrong_class_code_is_said_on_the_bar_and_joins_nothing(tmp_path):
    room = classroom.Classroom(tmp_path / "b.sqlite3")
    bar = ClassBar(room=room, lang="ru")
    bar.join("ZZZZZ", "abc")
    assert bar.joined == "" and bar.tone == "refused" and "ZZZZZ" in bar.status
    assert bar.forget == "ZZZZZ"  # if the browser had stored it, it forgets it
    bar.join("12", "abc")
    assert "код класса — 5 букв и цифр" in bar.status and bar.forget == ""
    assert room.member is None
    code = room.board.start_class()
    bar.join(code, "abc")
    assert bar.joined == code and bar.forget == ""
    bar.join("ZZZZZ", "abc")  # a mistyped code: the class joined before stays joined
    assert bar.joined == code == room.member.code and bar.forget == "ZZZZZ"


def test_the_play_page_sends_its_games_and_its_answers_to_a_wild_draw_four(tmp_path, monkeypatch):
    """A student in a class plays whole games (the first move offered, and
    every other Wild Draw Four challenged): each game is one row, and each
    answer to a Wild Draw Four one row with what it cost, as the engine says."""
    from uno_nb.engine.moves import CHALLENGE
    from uno_nb.widgets import PlayApp
    room = classroom.Classroom(tmp_path / "b.sqlite3")
    code = room.board.start_class()
    room.join(code, "player1")
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
    room.join(code, "player1")
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
    room.join(code, "labber")
    monkeypatch.setattr(classroom, "SESSION", room)
    app = LabApp("standard", "party", players=3, games=40, seed=1, auto_games=40)
    assert app.wait_idle(60) and app.runs == 1
    (row,) = room.board.results(code, kind="lab")
    assert (row.value, row.detail["a"], row.detail["b"], row.detail["players"]) == \
        (40, "standard", "party", 3)
    assert row.detail["turns_b"] == app.results["B"].summary.turns.estimate


def test_a_busy_board_is_said_on_the_bar_and_the_page_goes_on(tmp_path, monkeypatch):
    """A board that stays busy (or cannot be read) refuses the row: the page
    says so on its class bar in its language, the learner's answer still
    counts on the page, and the rows already written are all there."""
    from uno_nb.classboard import BoardBusy
    room = classroom.Classroom(tmp_path / "b.sqlite3")
    code = room.board.start_class()
    monkeypatch.setattr(classroom, "SESSION", room)
    bar = ClassBar(room=room, lang="ru")
    bar.join(code, "abc")
    box = Ask("odds.no_wild", lang="ru")
    box.check("60")
    real = room.board.add

    def busy(*args, **kwargs):
        raise BoardBusy("the file stayed locked")
    monkeypatch.setattr(room.board, "add", busy)
    assert box.check("57,4").outcome == "right" and box.worked_shown
    assert bar.tone == "refused" and "ждёт на этой странице" in bar.status
    assert [r.value for r in room.board.results(code)] == [60.0]  # nothing written is lost
    # the row waits on the page, and the bar asks the browser to tick to send it
    assert len(room.kept) == 1 and bar.every == classbar.RESEND_MS
    bar._message(bar, {"ev": "tick"}, [])  # still busy: still kept
    assert len(room.kept) == 1 and bar.tone == "refused"
    monkeypatch.setattr(room.board, "add", real)
    bar._message(bar, {"ev": "tick"}, [])  # the board is free again: sent
    assert [r.value for r in room.board.results(code)] == [60.0, 57.4]
    assert room.kept == [] and bar.every == 0 and bar.tone == "joined"
    assert "теперь на доске класса" in bar.status


def test_rows_kept_through_a_file_that_fails_for_a_while_are_all_sent_in_order(tmp_path,
                                                                              monkeypatch):
    # a busy board, then a file that cannot be written for a moment (a full
    # disk, say), then a good file: every row kept goes in, in order, and
    # the bar ticks until the last one has
    from uno_nb.classboard import BoardBusy, BoardUnreadable
    room = classroom.Classroom(tmp_path / "b.sqlite3")
    code = room.board.start_class()
    monkeypatch.setattr(classroom, "SESSION", room)
    bar = ClassBar(room=room, lang="en")
    bar.join(code, "abc")
    real = room.board.add
    failures = [BoardBusy("busy"), BoardBusy("busy"), BoardUnreadable("disk full")]

    def failing(*args, **kwargs):
        if failures:
            raise failures.pop(0)
        return real(*args, **kwargs)
    monkeypatch.setattr(room.board, "add", failing)
    classbar.record("game", "play", 1.0, {"turns": 1})   # busy: kept
    classbar.record("game", "play", 0.0, {"turns": 2})   # busy: kept behind it
    assert len(room.kept) == 2 and bar.every == classbar.RESEND_MS
    assert "waits on this page" in bar.status
    bar._message(bar, {"ev": "tick"}, [])  # the file fails: both still kept, still ticking
    assert len(room.kept) == 2 and bar.every == classbar.RESEND_MS
    bar._message(bar, {"ev": "tick"}, [])
    assert [r.detail["turns"] for r in room.board.results(code)] == [1, 2]
    assert room.kept == [] and bar.every == 0 and "on the class board now" in bar.status


def test_a_kept_row_the_board_refuses_for_itself_is_let_go_and_the_rest_sent(tmp_path):
    from uno_nb.classboard import BadRow
    room = classroom.Classroom(tmp_path / "b.sqlite3")
    code = room.board.start_class()
    member = room.join(code, "abc")
    room.kept += [(member, "game", "play", 1.0, {"turns": 1}),
                  (member, "game", "play", float("nan"), {}),  # never a row
                  (member, "game", "play", 0.0, {"turns": 3})]
    with pytest.raises(BadRow):
        room.send_kept()
    assert [r.detail["turns"] for r in room.board.results(code)] == [1, 3]
    assert room.kept == []


def test_a_row_kept_from_a_busy_board_goes_before_the_next_one(tmp_path, monkeypatch):
    from uno_nb.classboard import BoardBusy
    room = classroom.Classroom(tmp_path / "b.sqlite3")
    code = room.board.start_class()
    room.join(code, "abc")
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
    room.join(code, "abc")
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


def test_nicknames_show_on_the_board_as_text(tmp_path):
    path = tmp_path / "b.sqlite3"
    teacher = classroom.Classroom(path)
    app = ClassBoardApp(room=teacher)
    code = app.start_class()
    for student, nickname in (("a1", "<b>Ann</b>"), ("b2", "Bo & Cy"), ("c3", None)):
        room = classroom.Classroom(path)
        room.join(code, student, nickname)
        room.record("prediction", "odds.no_wild", 50.0, {"outcome": "wrong", "tries": 1})
    app.refresh()
    assert "<b>" not in app._students.value and "&lt;b&gt;Ann&lt;/b&gt;" in app._students.value
    assert html_text(app._students.value) == (
        "3 students have sent results so far. Nicknames: <b>Ann</b>, Bo & Cy.")


def test_after_a_writer_is_killed_mid_write_the_board_still_draws(tmp_path):
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
    path = tmp_path / "board.sqlite3"
    teacher = classroom.Classroom(path)
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
    assert app.pooled is not None and app.pooled.students == 1
    assert app.pooled.last_id >= confirmed
    assert "1 student has sent results so far." in html_text(app._students.value)
    rows = teacher.board.count(code)
    assert confirmed <= rows <= confirmed + 1  # and at most the row it was writing
    assert f"({rows} rows)" in app._export.description
    app.export()
    assert f"({rows} rows, CSV)" in html_text(app._csv.value)


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
