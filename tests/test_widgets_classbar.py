"""The class bar as a page drives it (issue 36): a student is enrolled by the
store and comes back after a reload with their answers and hands, counted
once; the teacher's key makes a page the teacher's and nothing else does;
a page follows the lesson its teacher leads; ticks never pile up."""

import hashlib

import pytest

from uno_nb import classroom, lessons
from uno_nb.widgets.classbar import ClassBar, page_of
from uno_nb.widgets.odds_lesson import HandOdds
from uno_nb.widgets.question import Ask

KEY = "teacher-key-for-the-tests"
PAGE = "/voila/render/02_card_odds.ipynb"


@pytest.fixture
def path(tmp_path, monkeypatch):
    monkeypatch.setenv(classroom.TEACHER_ENV, hashlib.sha256(KEY.encode()).hexdigest())
    return tmp_path / "board.sqlite3"


@pytest.fixture
def code(path):
    return classroom.Classroom(path, teacher=True).start_class()


def page(path, monkeypatch, request, lang="en"):
    """A fresh page's kernel: its room (this kernel's SESSION), its bar, and
    the join its browser sends (as classbar.js does)."""
    room = classroom.Classroom(path)
    monkeypatch.setattr(classroom, "SESSION", room)
    bar = ClassBar(room=room, lang=lang)
    if request:
        bar.request = {"path": PAGE, "at": 1, **request}
    return room, bar


def tick(bar):
    before = bar.tock
    bar._ticked = -1.0  # (the page keeps time: its ticks come every few seconds)
    bar._message(bar, {"ev": "tick"}, [])
    assert bar.tock == before + 1  # answered: the page may send the next one


def test_page_of_reads_the_lesson_page_from_its_address():
    assert page_of("/voila/render/02_card_odds.ipynb") == ("02_card_odds", "")
    assert page_of("/base/voila/render/ru/05_play_against_bots.ipynb") == \
        ("05_play_against_bots", "ru/")
    for other in ("/tree", "/voila/render/../x.ipynb", None, 7, "/voila/render/" + "a" * 400):
        assert page_of(other) == ("", "")


def test_a_student_reloads_and_finds_their_answers_and_hands_counted_once(path, code,
                                                                       monkeypatch):
    room, bar = page(path, monkeypatch, {"code": code.lower(), "nickname": "Ann"})
    assert bar.joined == code and bar.secret["code"] == code
    secret = bar.secret["secret"]
    box, hands = Ask("odds.no_wild"), HandOdds(deal=0)
    box.check("60")
    hands.deal(100)
    hands.deal(100)
    student = room.member.student
    # the reload: a new kernel ran the page again; the browser brings its secret
    again, bar2 = page(path, monkeypatch, {})
    box2, hands2 = Ask("odds.no_wild"), HandOdds(deal=0)
    assert box2.verdict.outcome == "" and hands2.dealt == 0  # before the join
    bar2.request = {"path": PAGE, "at": 2, "code": code, "secret": secret}
    assert again.member.student == student
    assert (box2.verdict.outcome, box2.verdict.tries, box2.hint_shown) == ("wrong", 1, True)
    assert hands2.dealt == 200 and sum(hands2.counts.values()) == 200
    assert hands2.counts == hands.counts  # the same hands, dealt again from the seed
    hands2.deal(100)  # the next hands, not the first again
    assert box2.question.variant == lessons.variant_for("odds.no_wild", student)
    box2.check(f"{float(box2.question.answer):.1f}")  # their own variant's answer
    rows = classroom.Classroom(path, teacher=True)
    rows.open_class(code)
    pooled = classroom.pool(rows.rows())
    assert pooled.students == 1
    assert pooled.hands["wild:7"].dealt == 300
    assert pooled.answers["odds.no_wild"].first == {student: 60.0}
    assert [r.detail["outcome"] for r in rows.rows() if r.kind == "prediction"] == \
        ["wrong", "right"]  # nothing sent twice


def test_a_question_already_over_comes_back_over_and_lets_out_what_it_guards(path, code,
                                                                            monkeypatch):
    room, bar = page(path, monkeypatch, {"code": code})
    Ask("odds.no_wild").reveal()
    secret = bar.secret["secret"]
    again, bar2 = page(path, monkeypatch, {})
    box = Ask("odds.no_wild")
    opened = []
    box.on_done(lambda ask: opened.append(ask))
    bar2.request = {"path": PAGE, "at": 3, "code": code, "secret": secret}
    assert box.worked_shown and opened == [box]
    assert classroom.pool(classroom.Classroom(path).board.results(code)).answers[
        "odds.no_wild"].shown == 1  # counted once


def test_only_the_teachers_key_makes_a_page_the_teachers(path, code, monkeypatch):
    for forged in ("", "x" * 24, KEY.upper(), ["x"], {"k": KEY}, None, 7):
        room, bar = page(path, monkeypatch, {"code": code, "teacher": forged})
        assert not room.is_teacher and not bar.teacher
        assert room.member is not None  # a student, as any other
    room, bar = page(path, monkeypatch, {"code": code, "teacher": KEY})
    assert room.is_teacher and bar.teacher and bar.tone == "teacher"
    assert room.member is None and room.code == code
    Ask("odds.no_wild").check("60")  # the teacher shows the question on the projector
    assert classroom.Classroom(path).board.count(code) == 0  # and is counted as nobody
    assert classroom.Classroom(path).board.students(code) != []  # (the forged pages joined)
    assert all(s.nickname is None for s in classroom.Classroom(path).board.students(code))


def test_a_students_page_sending_anything_does_no_teachers_action(path, code, monkeypatch):
    room, bar = page(path, monkeypatch, {"code": code})
    board = room.board
    before = (board.lesson(code), board.classes(), board.students(code))
    forged = [{"ev": "start"}, {"ev": "lead", "page": "05_play_against_bots"},
              {"method": "update", "state": {"teacher": True}}, {"ev": "tick", "teacher": KEY[:5]},
              "garbage", None, {"ev": "tick" * 1000}]
    for message in forged:
        bar._message(bar, message, [])
    for request in ({"code": code, "teacher": True}, {"code": code, "student": "teacher"},
                    {"code": ["A"] * 1000}, {"code": code, "secret": {"$ne": ""}},
                    {"path": "/voila/render/06_class_board.ipynb", "code": code}):
        bar.request = {"at": 9, **request}
    bar.teacher = True  # a page may change its own copy of a trait: the kernel is not moved
    bar.lesson = {"paused": False}
    assert not room.is_teacher
    with pytest.raises(classroom.NotTeacher):
        room.lead(paused=True)
    assert (board.lesson(code), board.classes()) == before[:2]
    assert len(board.students(code)) <= 1 + classroom.ENROLS_PER_PAGE


def test_a_page_follows_the_lesson_its_teacher_leads(path, code, monkeypatch):
    teacher = classroom.Classroom(path, teacher=True)
    teacher.open_class(code)
    room, bar = page(path, monkeypatch, {"code": code}, lang="ru")
    box = Ask("odds.no_wild", lang="ru")
    tick(bar)
    assert bar.lesson.get("moved") is None and not bar.lesson["paused"]
    teacher.lead(page="05_play_against_bots")
    tick(bar)
    assert bar.lesson["page"] == "05_play_against_bots"
    assert "05 · Игра против ботов" in bar.lesson["moved"]
    teacher.lead(page="02_card_odds", question="odds.no_wild")
    tick(bar)
    assert bar.lesson["page"] == "" and bar.lesson["here"] is True  # the class is here
    assert bar.lesson["question"] == "uno-q-odds-no-wild" and "Учитель" in bar.lesson["asked"]
    assert "uno-q-open" in box.widget._dom_classes
    teacher.lead(paused=True)
    tick(bar)
    assert bar.lesson["paused"] is True
    teacher.lead(paused=False, reveal="odds.no_wild")
    tick(bar)
    assert not bar.lesson["paused"] and box.worked_shown
    assert teacher.rows() == []  # a reveal to all is nobody's answer
    assert teacher.board.where(code) == {"02_card_odds": 1}


def test_a_flood_of_ticks_costs_what_a_tick_every_half_second_does(path, code, monkeypatch):
    room, bar = page(path, monkeypatch, {"code": code})
    asked = []
    bar.on_tick(lambda: asked.append(1))
    for _ in range(1000):
        bar._message(bar, {"ev": "tick"}, [])
    assert len(asked) == 1 and bar.tock == 1000  # each answered (the page keeps time), one worked


def test_each_student_gets_their_own_numbers_checked_exactly_and_pooled(path, code, monkeypatch):
    asked = {}
    for _ in range(12):
        room, bar = page(path, monkeypatch, {"code": code})
        box = Ask("odds.no_wild")
        q = box.question
        assert q.variant == lessons.variant_for(q.id, room.member.student)
        assert f"a hand of {q.facts['size']} cards" in box._ask.value
        exact = float(q.answer)
        assert box.check(f"{exact + 3:.1f}").outcome == "wrong"  # checked against their own
        assert box.check(f"{exact:.1f}").outcome == "right"
        asked[room.member.student] = (q.variant, exact)
    assert len({variant for variant, _ in asked.values()}) > 1  # not one question for all
    teacher = classroom.Classroom(path, teacher=True)
    teacher.open_class(code)
    answers = classroom.pool(teacher.rows()).answers["odds.no_wild"]
    assert answers.varied and answers.variant == {s: v for s, (v, _) in asked.items()}
    assert all(abs(answers.offset[s] - 3) < 0.06 for s in asked)  # 3 points off their own answer
    assert answers.right_in_the_end == 12 and not answers.right_first


def test_a_page_that_sends_joins_again_and_again_is_answered_a_few_times(path, code, monkeypatch):
    room, bar = page(path, monkeypatch, {})
    for n in range(500):
        bar.request = {"path": PAGE, "code": code, "nickname": f"n{n}", "at": n}
    assert len(room.board.students(code)) == 1  # the first join; the rest asked too fast
    assert room.member is not None
