"""A learner's typed number, read as people write it in English and Russian, and checked."""

from fractions import Fraction

import pytest

from uno_nb.questions import (REFUSED, RIGHT, SHOWN, WRONG, AnswerError, Attempts, Typed,
                              is_right, read_number)
from uno_nb.texts import answer_refusal


@pytest.mark.parametrize("lang, typed, value, decimals, percent", [
    ("en", "57.4", Fraction(574, 10), 1, False),
    ("en", " 57.4 % ", Fraction(574, 10), 1, True),
    ("en", "57", Fraction(57), 0, False),
    ("en", "1,000", Fraction(1000), 0, False),
    ("en", "1,234,567.5", Fraction(2469135, 2), 1, False),
    ("en", "1 000", Fraction(1000), 0, False),
    ("en", ".5", Fraction(1, 2), 1, False),
    ("en", "-3", Fraction(-3), 0, False),
    ("en", "\u22123", Fraction(-3), 0, False),
    ("en", "0.0360", Fraction(36, 1000), 4, False),
    ("ru", "57,4", Fraction(574, 10), 1, False),
    ("ru", "57,4 %", Fraction(574, 10), 1, True),
    ("ru", "57.4", Fraction(574, 10), 1, False),
    ("ru", "1 000", Fraction(1000), 0, False),
    ("ru", "1\u00a0000,25", Fraction(100025, 100), 2, False),
    ("ru", "1,000", Fraction(1), 3, False),  # a Russian comma is the decimal sign
])
def test_a_number_is_read_as_people_write_it_in_their_language(lang, typed, value, decimals, percent):
    assert read_number(typed, lang) == Typed(value, decimals, percent, typed)


@pytest.mark.parametrize("lang, typed, reason", [
    ("en", "", "empty"), ("en", "   ", "empty"), ("ru", "", "empty"),
    ("en", "fifty", "words"), ("ru", "пятьдесят", "words"), ("en", "57 percent", "words"),
    ("en", "1e9", "exponent"), ("en", "2.5E-3", "exponent"), ("ru", "1е9", "exponent"),
    ("en", "57,4", "decimal_comma"), ("en", "1,5000", "decimal_comma"),
    ("en", "5..4", "not_number"), ("en", "%", "not_number"), ("en", "57.4.1", "not_number"),
    ("en", "1,00", "decimal_comma"), ("ru", "57,4,1", "not_number"), ("en", "--5", "not_number"),
    ("en", "9" * 31, "not_number"), ("en", "1/2", "not_number"),
])
def test_a_malformed_answer_is_refused_with_its_reason(lang, typed, reason):
    with pytest.raises(AnswerError) as refused:
        read_number(typed, lang)
    assert refused.value.reason == reason


@pytest.mark.parametrize("lang, typed, said", [
    ("en", "fifty", "Write the answer in digits, like 57.4."),
    ("en", "57,4", "On this page the decimal sign is a point: write 57.4."),
    ("en", "1e9", "Write an ordinary number, like 57.4, not a power of ten."),
    ("en", "", "Type your answer first: a number, like 57.4."),
    ("en", "5..4", "“5..4” is not a number. Write one like 57.4."),
    ("ru", "пятьдесят", "Запишите ответ цифрами, например 57,4."),
    ("ru", "", "Сначала введите ответ — число, например 57,4."),
    ("ru", "1е9", "Запишите обычное число, например 57,4, а не степень десяти."),
])
def test_each_refusal_is_a_sentence_in_the_pages_language(lang, typed, said):
    with pytest.raises(AnswerError) as refused:
        read_number(typed, lang)
    assert answer_refusal(refused.value, lang) == said


def test_only_the_languages_of_the_kit_are_read():
    with pytest.raises(ValueError, match="not 'de'"):
        read_number("1", "de")


def test_an_exact_value_is_right_rounded_to_the_decimals_typed():
    exact = Fraction(5743, 100)  # 57.43 %
    right = ["57", "57.4", "57.43", "57.430", "57.4300"]
    wrong = ["58", "57.5", "57.3", "57.44", "57.425", "57.4301"]  # 57.425 claims a third decimal
    assert [is_right(read_number(t), exact) for t in right] == [True] * len(right)
    assert [is_right(read_number(t), exact) for t in wrong] == [False] * len(wrong)


def test_a_simulated_value_is_right_within_its_stated_tolerance():
    estimate = Fraction(80, 1)
    assert is_right(read_number("78"), estimate, tolerance=Fraction(2))
    assert not is_right(read_number("77.9"), estimate, tolerance=Fraction(2))


# -- tries: a hint after the first miss, the worked answer after the last --------

NO_WILD = Fraction(5743, 100)  # a percentage, as a page would ask for it


def test_a_first_miss_earns_the_hint_and_a_right_answer_ends_the_question():
    tries = Attempts(NO_WILD, lang="en")
    first = tries.check("60")
    assert (first.outcome, first.tries, first.hint, first.worked, first.done) == (WRONG, 1, True,
                                                                                 False, False)
    right = tries.check("57.4 %")
    assert (right.outcome, right.tries, right.hint, right.worked, right.done) == (RIGHT, 2, True,
                                                                                 False, True)
    assert right.typed == read_number("57.4 %", "en")
    # over: a second click on Check is not a second try
    assert tries.check("99") is right and tries.reveal() is right


def test_the_last_miss_shows_the_worked_answer():
    tries = Attempts(NO_WILD, lang="ru", misses=2)
    assert tries.check("50").outcome == WRONG
    shown = tries.check("40,5")
    assert (shown.outcome, shown.tries, shown.hint, shown.worked, shown.done) == (SHOWN, 2, True,
                                                                                 True, True)


@pytest.mark.parametrize("typed", ["", "fifty", "1e9", "57,4", "5..4"])
def test_a_refused_answer_is_not_a_try_and_keeps_what_was_shown(typed):
    tries = Attempts(NO_WILD, lang="en")
    tries.check("70")
    refused = tries.check(typed)
    assert (refused.outcome, refused.tries, refused.hint, refused.worked) == (REFUSED, 1, True,
                                                                              False)
    assert isinstance(refused.error, AnswerError) and not refused.done
    assert tries.check("57").outcome == RIGHT  # the try it did not take is still there


def test_asking_for_the_answer_ends_the_question_with_the_worked_answer():
    tries = Attempts(NO_WILD)
    shown = tries.reveal()
    assert (shown.outcome, shown.tries, shown.worked, shown.done) == (SHOWN, 0, True, True)
    assert tries.check("57").outcome == SHOWN


def test_a_simulated_answer_is_right_within_its_tolerance_only():
    tries = Attempts(Fraction(804, 10), tolerance=Fraction(2), misses=3)
    assert tries.check("83").outcome == WRONG  # 2.6 away
    assert tries.check("78.4").outcome == RIGHT  # 2.0 away: inside


@pytest.mark.parametrize("kwargs", [{"lang": "de"}, {"misses": 0}, {"tolerance": Fraction(-1)}])
def test_an_impossible_question_is_refused_when_made(kwargs):
    with pytest.raises(ValueError):
        Attempts(NO_WILD, **kwargs)


def test_the_same_miss_checked_twice_at_once_is_one_try():
    tries = Attempts(Fraction(5743, 100), lang="en", misses=2)
    assert tries.check("60").outcome == WRONG
    assert tries.check("60.0").outcome == WRONG and tries.last.tries == 1  # the same number
    assert not tries.last.worked
    assert tries.check("61").outcome == SHOWN and tries.last.tries == 2
