"""Headless tests of a lesson's question box (uno_nb.widgets.question.Ask):
a refusal in the page's language that is not a try, the hint after a first
miss, the worked answer after the second or when asked, a right answer ended
and shown, choices, frantic clicking, and HTML typed shown as text."""

import pytest

from uno_nb.questions import REFUSED, RIGHT, SHOWN, WRONG
from uno_nb.texts.numbers import fmt_decimal
from uno_nb.widgets import Ask

from tests.reading import assert_learner_prose, cyrillic_share, html_text, visible


def shown(box: Ask) -> str:
    return " ".join(visible(box.widget))


def test_odds_no_wild_wrong_then_right_shows_the_hint_then_the_worked_answer():
    box = Ask("odds.no_wild")
    assert "Hint" not in shown(box) and "The answer:" not in shown(box)
    assert box.check("60").outcome == WRONG
    said = shown(box)
    assert "Not yet: 60 is not the answer." in said and "1 try so far." in said
    assert "Hint: A hand with no Wild card takes all its 7 cards from the 100 cards" in said
    assert "The answer:" not in said and not box.worked_shown
    assert box.check("57.4 %").outcome == RIGHT
    said = shown(box)
    assert "Right! 57.4 % is the answer." in said
    assert ("The answer: There are C(100, 7) = 16,007,560,800 hands with no Wild card among the "
            "C(108, 7) = 27,883,218,168 possible hands.") in said
    assert "666,981,700/1,161,800,757 = 57.4%" in said
    assert box._answer.disabled and box._check.disabled and box._show.layout.display == "none"
    assert_learner_prose(visible(box.widget))


def test_odds_no_wild_in_russian_reads_the_decimal_comma_and_speaks_russian():
    box = Ask("odds.no_wild", lang="ru")
    assert box.check("57.4").outcome == RIGHT  # a point is read too
    box = Ask("odds.no_wild", lang="ru")
    assert box.check("fifty").outcome == REFUSED
    assert "Запишите ответ цифрами, например 12,5." in shown(box)
    assert box.check("60").outcome == WRONG
    assert "Подсказка: в руке без диких карт все 7 карт взяты из 100" in shown(box)
    assert box.check("57,4").outcome == RIGHT
    said = shown(box)
    assert "Верно! Ответ — 57,4." in said and "57,4 %" in said
    assert cyrillic_share(said) > 0.9


@pytest.mark.parametrize("lang, typed, said", [
    ("en", "fifty", "Write the answer in digits, like 12.5."),
    ("en", "57,4", "On this page the decimal sign is a point: write 57.4."),
    ("en", "1e9", "Write an ordinary number, like 12.5, not a power of ten."),
    ("en", "", "Type your answer first: a number, like 12.5."),
    ("ru", "пятьдесят", "Запишите ответ цифрами, например 12,5."),
    ("ru", "1е9", "Запишите обычное число, например 12,5, а не степень десяти."),
    ("ru", "", "Сначала введите ответ — число, например 12,5."),
])
def test_each_malformed_answer_is_refused_with_its_message_and_is_not_a_try(lang, typed, said):
    box = Ask("odds.no_wild", lang=lang)
    assert box.check(typed).outcome == REFUSED
    assert said in shown(box)
    assert box.verdict.tries == 0 and not box.hint_shown


def test_html_typed_in_the_box_is_shown_as_text():
    box = Ask("odds.no_wild")
    box.check("<5>")
    assert "<5>" not in box._message.value and "&lt;5&gt;" in box._message.value
    assert "“<5>” is not a number." in html_text(box._message.value)


def test_the_second_miss_shows_the_worked_answer_and_ends_the_question():
    told = []
    box = Ask("odds.wild_half", on_answer=lambda q, v: told.append((q.id, v.outcome, v.tries)))
    box.check("5")
    box.check("5")  # the same miss again: a double click, not a second try
    assert box.verdict.tries == 1 and not box.worked_shown
    assert box.check("12").outcome == SHOWN
    assert "With 8 cards a hand holds at least one Wild card with chance 47.1%" in shown(box)
    assert box.check("9").outcome == SHOWN  # over: a late answer changes nothing
    assert told == [("odds.wild_half", WRONG, 1), ("odds.wild_half", SHOWN, 2)]


def test_show_me_the_answer_ends_the_question_at_once():
    told = []
    box = Ask("odds.challenge_cost", on_answer=lambda q, v: told.append(v.outcome))
    box._show.click()
    box._show.click()
    assert box.verdict.outcome == SHOWN and box.worked_shown and box.hint_shown
    assert "6 × 4/5 = 4.8 cards" in shown(box)
    assert told == [SHOWN]


def test_a_simulated_answer_is_right_within_its_stated_tolerance():
    box = Ask("odds.dealt_wild")
    assert box.check("905").outcome == RIGHT  # 45 from the deal's 860
    box = Ask("odds.dealt_wild")
    assert box.check("906").outcome == WRONG
    assert box.check("852").outcome == RIGHT
    assert ("Right! 852 is close enough: the kit's answer is 860, and any guess within 45 of it "
            "counts.") in shown(box)


def test_a_simulated_mean_is_said_to_one_decimal_place_not_cut_to_a_whole_number():
    box = Ask("scoring.round_points", lang="ru")
    answer = box.question.answer
    assert answer.denominator != 1
    typed = round(answer) + 3
    assert box.check(str(typed)).outcome == RIGHT
    said = fmt_decimal(answer, 1, "ru")
    assert f"ответ — {said}, а засчитывается любой ответ" in shown(box)


def test_a_choice_is_a_button_a_wrong_one_marked_and_the_right_one_shown_at_the_end():
    box = Ask("odds.red_three")
    none, three, same = box._choices
    none.click()
    assert box.verdict.outcome == WRONG and none.button_style == "danger"
    assert "Not yet: that is not the answer. Here is a hint." in shown(box)
    three.click()
    assert box.verdict.outcome == RIGHT and three.button_style == "success"
    assert all(b.disabled for b in box._choices)
    assert "Exactly three red cards: C(25, 3) × C(83, 4) = 4,226,526,000 hands" in shown(box)
    with pytest.raises(ValueError):
        box.check("3")
    with pytest.raises(ValueError):
        box.choose(7)
