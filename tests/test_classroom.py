"""A page's place in a class (uno_nb.classroom): joining by code, recording
rows, and the class's figures pooled from them exactly."""

import hashlib
import io
import time

import pytest

from uno_nb import classboard, classroom
from uno_nb.classboard import BadClassCode, BadRow, NoSuchClass


@pytest.fixture
def rooms(tmp_path):
    """A teacher's room with a fresh class, and three students' rooms on the same file."""
    path = tmp_path / "board.sqlite3"
    teacher = classroom.Classroom(path, teacher=True)
    code = teacher.start_class()
    students = [classroom.Classroom(path) for _ in range(3)]
    for room in students:
        room.join(code.lower())
    return teacher, code, students


def ids(rooms):
    return [room.member.student for room in rooms]


def test_a_room_records_nothing_until_it_joins_a_class(tmp_path):
    room = classroom.Classroom(tmp_path / "b.sqlite3")
    assert room.record("hand", "wild:7", 100, {}) is None
    with pytest.raises(NoSuchClass):
        room.join("K7Q2M")
    with pytest.raises(BadClassCode):
        room.join("not a code")
    code = classroom.Classroom(tmp_path / "b.sqlite3", teacher=True).start_class()
    with pytest.raises(BadRow):
        room.join(code, nickname="a\u202eb")
    member = room.join(code, nickname="  Ann <b>  ")
    assert member.nickname == "Ann <b>" and member.student.startswith("s")
    assert len(member.secret) >= 24


def test_hands_are_pooled_once_per_block_and_follow_the_order_they_came_in(rooms):
    teacher, code, (a, b, c) = rooms
    a.record("hand", "wild:7", 100, {"seed": 1, "start": 0, "counts": {"0": 60, "1": 40}})
    b.record("hand", "wild:7", 100, {"seed": 1, "start": 0, "counts": {"0": 60, "1": 40}})
    b.record("hand", "wild:7", 1000, {"seed": 5, "start": 0, "counts": {"0": 570, "1": 430}})
    c.record("hand", "wild:7", 100, {"seed": 1, "start": 100, "counts": {"0": 55, "2": 45}})
    c.record("hand", "wild:7", 5, {"seed": 2, "start": 0, "counts": "not a mapping"})
    pooled = classroom.pool(teacher.board.results(code))
    hands = pooled.hands["wild:7"]
    assert (hands.dealt, hands.none) == (1200, 685)  # seed 1's first 100 hands count once
    assert hands.path == [(100, 60), (1100, 630), (1200, 685)]
    assert pooled.students == 3


def test_a_block_that_overlaps_hands_already_counted_is_left_out_whole(rooms):
    teacher, code, (a, b, c) = rooms
    a.record("hand", "wild:7", 100, {"seed": 1, "start": 0, "counts": {"0": 60, "1": 40}})
    # hands 0-999 of seed 1: the first 100 are a's, counted already
    b.record("hand", "wild:7", 1000, {"seed": 1, "start": 0, "counts": {"0": 575, "1": 425}})
    a.record("hand", "wild:7", 100, {"seed": 1, "start": 100, "counts": {"0": 58, "1": 42}})
    # hands 150-249 share 150-199 with a's second block; 200-299 touch none
    c.record("hand", "wild:7", 100, {"seed": 1, "start": 150, "counts": {"0": 50, "1": 50}})
    c.record("hand", "wild:7", 100, {"seed": 1, "start": 200, "counts": {"0": 56, "1": 44}})
    # the same hand numbers of another seed, or of another kind, are other hands
    c.record("hand", "wild:7", 100, {"seed": 2, "start": 0, "counts": {"0": 57, "1": 43}})
    c.record("hand", "red:7", 100, {"seed": 1, "start": 0, "counts": {"0": 10, "1": 90}})
    pooled = classroom.pool(teacher.board.results(code))
    hands = pooled.hands["wild:7"]
    assert (hands.dealt, hands.none) == (400, 60 + 58 + 56 + 57)
    assert hands.path == [(100, 60), (200, 118), (300, 174), (400, 231)]
    assert (pooled.hands["red:7"].dealt, pooled.hands["red:7"].none) == (100, 10)


def test_answers_pool_each_students_first_number_and_how_it_ended(rooms):
    teacher, code, (a, b, c) = rooms
    a.record("prediction", "odds.no_wild", 60.0, {"outcome": "wrong", "tries": 1})
    a.record("prediction", "odds.no_wild", 57.4, {"outcome": "right", "tries": 2})
    b.record("prediction", "odds.no_wild", 57.0, {"outcome": "right", "tries": 1})
    c.record("prediction", "odds.no_wild", None, {"outcome": "shown", "tries": 0})
    c.record("game", "play", 1.0, {"turns": 30})
    c.record("game", "play", 0.0, {"turns": 40})
    pooled = classroom.pool(teacher.board.results(code))
    answers = pooled.answers["odds.no_wild"]
    s0, s1, s2 = ids((a, b, c))
    assert answers.first == {s0: 60.0, s1: 57.0}
    assert answers.right_first == {s1}
    assert answers.done == {s0: "right", s1: "right", s2: "shown"}
    assert answers.shown == 1
    assert answers.right_in_the_end == 2  # student2 was shown the answer: not counted
    assert (pooled.games.games, pooled.games.won, pooled.games.turns) == (2, 1, 70)


def test_the_web_app_and_the_store_name_the_same_variables():
    from uno_nb import classboard
    from uno_nb.serving import webapp
    assert webapp.BOARD_ENV == classboard.ENV
    assert webapp.CLASS_SERVER_ENV == classroom.SERVER_ENV
    assert webapp.TEACHER_ENV == classroom.TEACHER_ENV


def test_the_class_board_file_is_the_one_named_and_its_folder_made(tmp_path, monkeypatch):
    from uno_nb.serving import webapp
    monkeypatch.setenv(webapp.BOARD_ENV, str(tmp_path / "deep" / "class.sqlite3"))
    assert webapp.class_board_file() == (tmp_path / "deep" / "class.sqlite3").resolve()
    assert (tmp_path / "deep").is_dir()


def test_challenges_and_lab_runs_are_pooled(rooms):
    teacher, code, (a, b, c) = rooms
    a.record("challenge", "play", 1.0, {"challenged": True, "guilty": True, "drew": 0})
    b.record("challenge", "play", 1.0, {"challenged": True, "guilty": False, "drew": 6})
    c.record("challenge", "play", 0.0, {"challenged": False, "guilty": None, "drew": 4})
    c.record("challenge", "play", 0.0, {"challenged": False, "answer": "take", "guilty": None,
                                        "drew": 8})
    # V-STACK: another Wild Draw Four on it, the penalty passed on: not taken
    b.record("challenge", "play", 0.0, {"challenged": False, "answer": "play", "guilty": None,
                                        "drew": 0})
    a.record("lab", "run", 2000, {"a": "standard", "b": "custom"})
    a.record("lab", "run", 500, {"a": "standard", "b": "party"})
    pooled = classroom.pool(teacher.board.results(code))
    ch = pooled.challenges
    assert (ch.decisions, ch.challenged, ch.caught, ch.wrong, ch.taken, ch.passed, ch.drawn) == \
        (5, 2, 1, 1, 2, 1, 18)
    assert (pooled.lab.runs, pooled.lab.games, pooled.lab.students) == (2, 2500,
                                                                        {a.member.student})


# -- issue 36: identity from the store, authority from the teacher's key ------------------

def test_a_student_comes_back_after_a_reload_as_the_same_student(rooms, tmp_path):
    teacher, code, (a, b, c) = rooms
    a.record("prediction", "odds.no_wild", 60.0, {"outcome": "wrong", "tries": 1})
    again = classroom.Classroom(tmp_path / "board.sqlite3")  # the reloaded page's kernel
    member = again.join(code, secret=a.member.secret)
    assert member.student == a.member.student
    assert [row.value for row in again.mine("prediction")] == [60.0]
    # a wrong or another class's secret is a new student, never someone else
    other = classroom.Classroom(tmp_path / "board.sqlite3")
    assert other.join(code, secret="x" * 32).student not in ids((a, b, c))
    assert len(teacher.students()) == 4


def test_a_page_enrols_only_a_few_new_students(tmp_path):
    path = tmp_path / "board.sqlite3"
    code = classroom.Classroom(path, teacher=True).start_class()
    page = classroom.Classroom(path)
    first = page.join(code)
    assert page.join(code, nickname="Ann").student == first.student  # joined again: the same
    for n in range(1, classroom.ENROLS_PER_PAGE):
        page.join(code, secret=f"{n}" * 24)  # a secret of nobody: a new student
    with pytest.raises(classboard.NoMoreNewStudents) as refused:
        page.join(code, secret="z" * 24)  # forging secrets invents nobody more
    assert refused.value.reason == "new_students"
    assert len(classboard.ClassBoard(path).students(code)) == classroom.ENROLS_PER_PAGE


def test_failed_joins_from_one_page_make_it_wait(tmp_path, monkeypatch):
    path = tmp_path / "board.sqlite3"
    code = classroom.Classroom(path, teacher=True).start_class()
    page = classroom.Classroom(path)
    for _ in range(classroom.JOIN_TRIES):
        with pytest.raises(NoSuchClass):
            page.join("ZZZZZ")
    with pytest.raises(classboard.TooManyJoins) as refused:
        page.join(code)
    assert refused.value.facts["seconds"] >= 14
    clock = time.monotonic() + 16
    monkeypatch.setattr(time, "monotonic", lambda: clock)
    assert page.join(code).code == code  # after the wait, a right code joins


@pytest.mark.parametrize("action, call", [
    ("start", lambda room: room.start_class()),
    ("open", lambda room: room.open_class(room.code)),
    ("lead", lambda room: room.lead(page="02_card_odds")),
    ("reveal", lambda room: room.lead(reveal="odds.no_wild")),
    ("pause", lambda room: room.lead(paused=True)),
    ("hide", lambda room: room.hide(room.member.student)),
    ("students", lambda room: room.students()),
    ("rows", lambda room: room.rows()),
    ("export", lambda room: room.export(io.StringIO())),
])
def test_a_students_page_can_do_none_of_the_teachers_actions(rooms, action, call):
    teacher, code, (a, b, c) = rooms
    before = (teacher.board.lesson(code), teacher.board.classes(), teacher.board.hidden(code))
    with pytest.raises(classroom.NotTeacher) as refused:
        call(a)
    assert refused.value.reason == "not_teacher"
    assert (teacher.board.lesson(code), teacher.board.classes(),
            teacher.board.hidden(code)) == before


def test_only_the_teachers_key_makes_a_page_the_teachers(tmp_path):
    key = "k" * 24
    authority = classroom.KeyAuthority(hashlib.sha256(key.encode()).hexdigest())
    page = classroom.Classroom(tmp_path / "b.sqlite3", authority=authority)
    for wrong in ({}, {"teacher": ""}, {"teacher": "k" * 23}, {"teacher": key.upper()},
                  {"teacher": 12}, {"teacher": ["k" * 24]}, "teacher"):
        assert page.claim_teacher(wrong) is False and not page.is_teacher
    assert classroom.KeyAuthority(None).is_teacher({"teacher": key}) is False
    assert page.claim_teacher({"teacher": key}) and page.is_teacher
    code = page.start_class()
    assert page.member is None and page.record("hand", "wild:7", 1, {}) is None  # never a student
    assert page.join(code) is None and page.code == code


def test_the_teachers_key_is_kept_beside_the_board_for_its_owner_only(tmp_path):
    key = classroom.teacher_key(tmp_path)
    assert len(key) >= 20 and classroom.teacher_key(tmp_path) == key
    assert (tmp_path / "teacher-key").stat().st_mode & 0o077 == 0


def test_an_answer_no_learner_could_mean_is_refused(rooms):
    teacher, code, (a, b, c) = rooms
    for value in (-5.0, 1e30, 100.5):
        with pytest.raises(BadRow):
            a.record("prediction", "odds.no_wild", value, {"outcome": "wrong", "tries": 1})
    with pytest.raises(BadRow):
        a.record("prediction", "no.such_question", 1.0, {})
    assert teacher.board.count(code) == 0


def test_one_students_hands_count_up_to_their_share(rooms):
    teacher, code, (a, b, c) = rooms
    teacher.board.rows_per_minute = None
    a.board.rows_per_minute = None
    for n in range(25):
        a.record("hand", "wild:7", 1000, {"seed": 1, "start": n * 1000,
                                           "counts": {"0": 570, "1": 430}})
    b.record("hand", "wild:7", 1000, {"seed": 2, "start": 0, "counts": {"0": 580, "1": 420}})
    hands = classroom.pool(teacher.rows()).hands["wild:7"]
    assert hands.dealt == 20_000 + 1000  # a's share (pooling.HANDS_PER_STUDENT) and b's
    assert hands.left_out == 5_000


def test_a_hidden_student_leaves_the_figures(rooms):
    teacher, code, (a, b, c) = rooms
    a.record("prediction", "odds.no_wild", 60.0, {"outcome": "wrong", "tries": 1})
    b.record("prediction", "odds.no_wild", 57.0, {"outcome": "right", "tries": 1})
    teacher.hide(a.member.student)
    pooled = classroom.pool(teacher.rows(), teacher.board.hidden(code))
    assert set(pooled.answers["odds.no_wild"].first) == {b.member.student}
    assert pooled.students == 1


def test_the_pool_fed_new_rows_equals_the_pool_of_all_rows(rooms):
    teacher, code, (a, b, c) = rooms
    for board in (a.board, b.board):
        board.rows_per_minute = None
    pool = classroom.Pool()
    for n in range(40):
        (a if n % 3 else b).record("hand", "wild:7", 10, {"seed": n % 4, "start": (n // 4) * 10,
                                                          "counts": {"0": n % 10}})
        if n % 7 == 0:
            assert pool.feed(teacher.rows(after=pool.last_id)) >= 1
    pool.feed(teacher.rows(after=pool.last_id))
    assert pool.feed(teacher.rows(after=pool.last_id)) == 0  # nothing new: nothing done
    whole = classroom.pool(teacher.rows())
    assert pool.pooled.hands["wild:7"].path == whole.hands["wild:7"].path
    assert pool.pooled.last_id == whole.last_id


def test_rows_over_a_students_minute_wait_on_the_page_and_answers_never_do(tmp_path,
                                                                          monkeypatch):
    path = tmp_path / "board.sqlite3"
    teacher = classroom.Classroom(path, teacher=True)
    code = teacher.start_class()
    page = classroom.Classroom(path)
    page.join(code)
    page.board.rows_per_minute = 3
    for n in range(3):
        page.record("hand", "wild:7", 10, {"seed": 1, "start": n * 10, "counts": {"0": 5}})
    with pytest.raises(classboard.TooFast):
        page.record("hand", "wild:7", 10, {"seed": 1, "start": 30, "counts": {"0": 5}})
    assert len(page.kept) == 1  # kept, not let go
    with pytest.raises(classboard.TooFast):  # (said on the page's bar)
        page.record("prediction", "odds.no_wild", 60.0, {"outcome": "wrong", "tries": 1,
                                                         "variant": page_variant(page)})
    # the answer waits behind the hand row (rows go in order), and is not lost
    assert len(page.kept) == 2
    assert [row.kind for row in teacher.rows()] == ["hand"] * 3
    later = time.time() + 61
    monkeypatch.setattr(time, "time", lambda: later)
    page.send_kept()
    assert [row.kind for row in teacher.rows()] == ["hand"] * 4 + ["prediction"]
    assert page.kept == []


def page_variant(page):
    from uno_nb import lessons
    return lessons.variant_for("odds.no_wild", page.member.student)
