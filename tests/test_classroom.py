"""A page's place in a class (uno_nb.classroom): joining by code, recording
rows, and the class's figures pooled from them exactly."""

import pytest

from uno_nb import classroom
from uno_nb.classboard import BadClassCode, BadRow, NoSuchClass


@pytest.fixture
def rooms(tmp_path):
    """A teacher's room with a fresh class, and three students' rooms on the same file."""
    path = tmp_path / "board.sqlite3"
    teacher = classroom.Classroom(path)
    code = teacher.board.start_class()
    students = [classroom.Classroom(path) for _ in range(3)]
    for number, room in enumerate(students):
        room.join(code.lower(), f"student{number}")
    return teacher, code, students


def test_a_room_records_nothing_until_it_joins_a_class(tmp_path):
    room = classroom.Classroom(tmp_path / "b.sqlite3")
    assert room.record("hand", "wild:7", 100, {}) is None
    with pytest.raises(NoSuchClass):
        room.join("K7Q2M", "abc")
    with pytest.raises(BadClassCode):
        room.join("not a code", "abc")
    code = room.board.start_class()
    with pytest.raises(BadRow):
        room.join(code, "<script>")
    assert room.join(code, "abc", nickname="  Ann <b>  ").nickname == "Ann <b>"


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
    assert answers.first == {"student0": 60.0, "student1": 57.0}
    assert answers.right_first == {"student1"}
    assert answers.done == {"student0": "right", "student1": "right", "student2": "shown"}
    assert answers.right_in_the_end == 2  # student2 was shown the answer: not counted
    assert (pooled.games.games, pooled.games.won, pooled.games.turns) == (2, 1, 70)


def test_the_web_app_and_the_store_name_the_same_variables():
    from uno_nb import classboard, webapp
    assert webapp.BOARD_ENV == classboard.ENV
    assert webapp.CLASS_SERVER_ENV == classroom.SERVER_ENV


def test_the_class_board_file_is_the_one_named_and_its_folder_made(tmp_path, monkeypatch):
    from uno_nb import webapp
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
    assert (pooled.lab.runs, pooled.lab.games, pooled.lab.students) == (2, 2500, {"student0"})
