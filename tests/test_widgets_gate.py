"""Headless tests of what a question holds back (uno_nb.widgets.gate.After):
nothing of it is built before the question is over, it is built once after,
for one question or several, answered before the gate was made or after,
right, missed twice or shown; and on the lesson pages every gate waits for
questions asked above it."""

import json
import re
import warnings
from pathlib import Path

import ipywidgets
import pytest

from uno_nb.texts import text
from uno_nb.widgets import After, Ask
from uno_nb.widgets import question
from uno_nb.widgets import ui

from tests.reading import assert_learner_prose, cyrillic_share, visible

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


@pytest.fixture(autouse=True)
def page():
    """A page of its own: the boxes of other tests (their kernel is this
    process too) are not on it."""
    saved = question._ASKED
    question._ASKED = {}
    yield
    question._ASKED = saved


class Made:
    """What a gate guards, counting how often it is built."""

    def __init__(self, words: str = "What the question would give away."):
        self.calls = 0
        self.words = words

    def __call__(self):
        self.calls += 1
        return ui.HTML(f"<p>{self.words}</p>")


def shown(gate: After) -> str:
    return " ".join(visible(gate.widget))


def test_nothing_is_built_before_the_question_is_over_and_it_is_built_once_after():
    box = Ask("odds.no_wild")
    made = Made()
    gate = After("odds.no_wild", made)
    assert made.calls == 0 and not gate.opened and gate.parts == []
    assert shown(gate) == "Answer the question above to see the app."
    box.check("60")  # a miss: the question goes on
    assert made.calls == 0 and "give away" not in shown(gate)
    assert box.check("57.4").outcome == "right"
    assert made.calls == 1 and gate.opened
    assert shown(gate) == "What the question would give away."
    box.check("57.4")  # checked again, and shown: nothing is built again
    box.reveal()
    assert made.calls == 1 and len(gate.parts) == 1


def test_the_page_shows_one_line_then_the_guarded_content_in_its_place():
    box = Ask("odds.no_wild")
    gate = After("odds.no_wild", Made())
    line, = gate.widget.children
    assert isinstance(gate.widget, ipywidgets.VBox) and "uno-gate" in gate.widget._dom_classes
    assert isinstance(line, ui.Panel) and line.comm is not None
    box.reveal()
    content, = gate.widget.children
    assert content is not line and "uno-gate-open" in gate.widget._dom_classes
    assert line.comm is None  # the line's panel has left the page


def test_making_a_gate_makes_a_few_models_and_none_of_the_app():
    from uno_nb.widgets import HandOdds
    Ask("odds.no_wild")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # (Widget.widgets: as test_ui does)
        before = set(ipywidgets.Widget.widgets)
        gate = After("odds.no_wild", HandOdds, wait="table")
        made = set(ipywidgets.Widget.widgets) - before
    assert len(made) <= 3  # the box (its layout, once a page) and the line's panel
    assert "57.4%" not in shown(gate) and "Wild" not in shown(gate)


def test_several_questions_wait_for_each_other_in_any_order():
    first, second = Ask("odds.red_three"), Ask("odds.wild_half")
    made = Made()
    gate = After(["odds.red_three", "odds.wild_half"], made)
    assert shown(gate) == "Answer the questions above to see the app."
    second.check("9")
    assert made.calls == 0 and gate.waiting_for == ("odds.red_three",)
    assert shown(gate) == "Answer the question above to see the app."
    first.choose(0)  # a miss
    assert made.calls == 0
    first.choose(1)
    assert made.calls == 1 and gate.waiting_for == ()


def test_a_question_over_before_the_gate_is_made_opens_it_at_once():
    box = Ask("play.pile_after_deal")
    box.check("86")
    made = Made()
    gate = After("play.pile_after_deal", made, wait="play")
    assert made.calls == 1 and gate.opened and "give away" in shown(gate)


def test_show_me_the_answer_and_two_misses_open_it_too():
    shown_box, missed_box = Ask("odds.challenge_cost"), Ask("scoring.mean_hand")
    by_show, by_misses = Made(), Made()
    After(shown_box, by_show)  # a box itself, as well as a question's id
    After("scoring.mean_hand", by_misses)
    shown_box.reveal()
    missed_box.check("10")
    assert by_misses.calls == 0
    missed_box.check("20")  # the second miss shows the worked answer: the question is over
    assert missed_box.worked_shown and (by_show.calls, by_misses.calls) == (1, 1)


def test_a_question_asked_twice_is_over_when_one_of_its_boxes_is():
    Ask("odds.no_wild")
    other = Ask("odds.no_wild")
    made = Made()
    After("odds.no_wild", made)
    other.reveal()
    assert made.calls == 1


def test_the_prose_comes_before_and_after_what_is_made_in_the_pages_language():
    box = Ask("scoring.round_points", lang="ru")
    gate = After("scoring.round_points", lambda: ["Сто восемнадцать очков.", Made("График.")()],
                 text_key="gate.odds.no_wild", after_key="gate.scoring.round_points",
                 wait="chart", lang="ru")
    assert shown(gate) == "Ответьте на вопрос выше, чтобы увидеть график."
    box.reveal()
    said = visible(gate.widget)
    assert said[0].startswith("Что бы вы ни ответили") and "хотя бы одна" in said[0]
    assert said[1:3] == ["Сто восемнадцать очков.", "График."]
    assert said[3].startswith("Когда игроков четверо")
    assert cyrillic_share(" ".join(said)) > 0.9
    assert "<b>хотя бы одна</b>" in gate.widget.children[0].children[0].children[0].value


def test_a_gate_of_prose_only_says_so_and_shows_its_explanation():
    box = Ask("odds.no_wild")
    gate = After("odds.no_wild", text_key="gate.odds.no_wild")
    assert shown(gate) == "Answer the question above to read the explanation."
    box.reveal()
    assert shown(gate).startswith("Whatever you answered, the box shows the counting.")
    assert_learner_prose(visible(gate.widget))


def test_a_gate_needs_its_questions_on_the_page_above_it_and_something_to_guard():
    with pytest.raises(ValueError, match="no question odds.no_wild is asked on this page"):
        After("odds.no_wild", Made())
    Ask("odds.no_wild")
    with pytest.raises(ValueError, match="guards something"):
        After("odds.no_wild")
    with pytest.raises(ValueError, match="wait is one of"):
        After("odds.no_wild", Made(), wait="everything")
    with pytest.raises(KeyError):
        After("odds.no_wild", text_key="gate.no_such_text")


def test_what_fails_to_build_says_so_and_the_question_goes_on():
    told = []
    box = Ask("odds.no_wild", on_answer=lambda q, v: told.append(v.outcome))

    def broken():
        raise RuntimeError("no")

    gate = After("odds.no_wild", broken)
    box.check("57.4")
    assert told == ["right"] and box.worked_shown
    assert shown(gate) == text("gate.failed")


# -- the lesson pages ------------------------------------------------------------------

#: A gate's questions, as a notebook's cell names them: After("id", …) or After(["id", …], …).
GATE = re.compile(r"After\((\[[^\]]*\]|\"[^\"]*\")")


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("0[1-5]_*.ipynb"))
                         + sorted(NOTEBOOKS.glob("ru/0[1-5]_*.ipynb")),
                         ids=lambda p: p.relative_to(NOTEBOOKS).as_posix())
def test_every_gate_of_a_lesson_page_waits_for_questions_asked_above_it(path):
    asked: set[str] = set()
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] != "code":
            continue
        for named in GATE.findall(source):
            ids = re.findall(r'"([^"]+)"', named)
            assert ids and set(ids) <= asked, f"{path.name}: After({named}) before its questions"
        asked |= set(re.findall(r'Ask\("([^"]+)"', source))
