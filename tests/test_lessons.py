"""The lessons' questions (uno_nb.lessons): every answer the kit gives is the
exact count, worked out here again by hand, and every question has its words
in English and Russian."""

from fractions import Fraction
from math import comb

import pytest

from uno_nb import lessons
from uno_nb import montecarlo as mc
from uno_nb.texts import TABLE, placeholders, text
from uno_nb.widgets.question import fact_values


def test_no_wild_in_seven_cards_is_c100_7_over_c108_7_in_per_cent():
    q = lessons.question("odds.no_wild")
    assert q.answer == Fraction(100 * comb(100, 7), comb(108, 7))
    assert q.unit == "percent" and q.tolerance is None and q.page == "02"
    assert round(float(q.answer), 1) == 57.4


def test_three_red_cards_are_a_little_likelier_than_none():
    q = lessons.question("odds.red_three")
    none = Fraction(comb(83, 7), comb(108, 7))
    three = Fraction(comb(25, 3) * comb(83, 4), comb(108, 7))
    assert three > none  # 15.2% against 14.9%
    assert q.choices[int(q.answer)] == "three"
    assert (q.facts["none"], q.facts["three"]) == (none, three)


def test_a_hand_needs_nine_cards_before_a_wild_is_likelier_than_not():
    q = lessons.question("odds.wild_half")
    at_least = [1 - Fraction(comb(100, n), comb(108, n)) for n in (8, 9)]
    assert at_least[0] < Fraction(1, 2) < at_least[1]
    assert q.answer == 9 and q.unit == "cards"


def test_the_dealt_question_is_the_deal_itself_within_two_standard_deviations():
    q = lessons.question("odds.dealt_wild")
    counts = mc.deal_counts("wild", n=2_000, seed=1)
    assert q.answer == sum(v for k, v in counts.items() if k >= 1) == 860
    assert q.tolerance == 45  # 2 × √(2000 × 0.426 × 0.574) = 44.2, rounded up


def test_a_challenge_with_a_one_in_five_bluff_costs_four_point_eight_cards():
    q = lessons.question("odds.challenge_cost")
    assert q.answer == Fraction(24, 5) and q.facts["bluff"] == Fraction(1, 5)


def test_every_question_has_its_words_in_both_languages_filled_by_its_facts():
    for q in lessons.questions():
        parts = ["ask", "hint", "worked"] + [f"choice.{c}" for c in q.choices]
        for lang in ("en", "ru"):
            facts = fact_values(q.facts, lang)
            for part in parts:
                key = f"q.{q.id}.{part}"
                assert key in TABLE[lang], key
                assert placeholders(TABLE[lang][key]) <= set(facts), key
                assert text(key, lang, **facts)


def test_a_question_is_found_by_its_id_and_its_page_and_a_wrong_one_refused():
    assert [q.id for q in lessons.questions("02")][:2] == ["odds.no_wild", "odds.red_three"]
    with pytest.raises(ValueError, match="no question"):
        lessons.question("odds.nothing")
    with pytest.raises(ValueError, match="no lesson page"):
        lessons.questions("99")
    with pytest.raises(ValueError, match="index of one of its choices"):
        lessons.Question("x", "02", Fraction(3), choices=("a", "b"))
    with pytest.raises(ValueError, match="unit"):
        lessons.Question("x", "02", Fraction(3), unit="litres")
