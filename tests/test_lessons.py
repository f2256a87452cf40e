"""The lessons' questions (uno_nb.lessons): every answer the kit gives is the
exact count, worked out here again by hand, and every question has its words
in English and Russian."""

from fractions import Fraction
from math import comb

import pytest

from uno_nb import lessons
from uno_nb.sim import montecarlo as mc
from uno_nb.texts import TABLE, placeholders, text
from uno_nb.wording import fact_values


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
        players = q.choices == lessons.seat_choices(len(q.choices))  # named by player_name
        parts = ["ask", "hint", "worked"] + ([] if players else
                                             [f"choice.{c}" for c in q.choices])
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


def test_rules_stack_who_and_stack_cards_are_the_stepper_games_stack():
    """The step-by-step page's game (seed 7, four computer players) with
    V-STACK: five Draw Twos pile up and Player 4 draws all ten cards."""
    from uno_nb import RuleSet
    from uno_nb.engine.events import Drew
    from uno_nb.sim.simulation import play_game
    _, game = play_game(RuleSet.preset("standard").replace(stack=True), ["heuristic"] * 4, 7,
                        max_rounds=1, record=True)
    drew = [e for e in game.events if isinstance(e, Drew) and e.reason == "penalty"][0]
    assert (drew.rule, drew.player, len(drew.cards)) == ("V-STACK", 3, 10)
    who, cards = lessons.question("rules.stack_who"), lessons.question("rules.stack_cards")
    assert who.choices == ("p1", "p2", "p3", "p4") and who.choices[int(who.answer)] == "p4"
    assert cards.answer == 10 and cards.facts["stacked"] == 5


def test_scoring_mean_hand_is_seven_times_the_decks_average_card():
    from uno_nb.engine.cards import build_deck
    deck = build_deck()
    q = lessons.question("scoring.mean_hand")
    assert q.answer == Fraction(7 * sum(c.points for c in deck), len(deck)) == Fraction(2170, 27)


def test_scoring_match_questions_read_the_pages_match():
    from uno_nb.sim.simulation import play_game
    _, match = play_game("standard", ["heuristic"] * 3, 4, max_rounds=None, record=True)
    winners = [r.winner for r in match.round_results]
    assert winners == [1, 1, 0, 1] and match.outcome.winner == 1
    leader = lessons.question("scoring.leader_two")
    assert leader.choices[int(leader.answer)] == "p2" and leader.facts["points"] == 196 + 141
    assert lessons.question("scoring.zero_rounds").answer == 1  # round 3


def test_play_pile_after_deal_is_what_a_three_player_deal_leaves():
    from uno_nb import Game
    game = next(g for g in (Game("standard", 3, seed) for seed in range(20))
                if g.top.is_number)  # a start card that makes no one draw
    assert lessons.question("play.pile_after_deal").answer == len(game.draw_pile) == 86


def test_lab_stacking_is_the_pages_experiment_game_by_game():
    """Standard rules against standard + V-STACK, 2,000 games between four
    computer players from seed 0, compared on the same deals: stacking
    shortens a game by 1.5 turns (95% interval 0.2 to 2.8)."""
    from uno_nb import RuleSet, lab
    from uno_nb.sim.montecarlo import mean_of
    standard = RuleSet.preset("standard")
    a = lab.run(standard, ["heuristic"] * 4, 2_000, 0, executor="serial")
    b = lab.run(standard.replace(stack=True), ["heuristic"] * 4, 2_000, 0, executor="serial")
    change = mean_of([float(y.turns - x.turns) for x, y in zip(a.records, b.records)])
    assert change.high < 0 and round(change.estimate, 1) == -1.5
    q = lessons.question("lab.stacking")
    assert q.choices[int(q.answer)] == "shorter"
    assert q.facts["diff"].value == Fraction(change.estimate)


def test_every_question_is_found_in_its_areas_page():
    for q in lessons.questions():
        assert lessons.AREAS[q.id.split(".")[0]] == q.page
        assert lessons.question(q.id) is q


def test_scoring_round_points_is_the_pages_simulation_within_ten_points():
    from uno_nb import lab
    summary = lab.run("standard", ["heuristic"] * 4, 2_000, seed=0, executor="serial").summary
    q = lessons.question("scoring.round_points")
    # the mean to a tenth, as the page prints it: the box accepts 108.3 to 128.3
    assert q.answer == Fraction(round(summary.points.estimate * 10), 10) and q.tolerance == 10
    assert round(summary.points.estimate, 1) == 118.3


def test_lab_first_player_is_read_from_the_games_the_lab_shows_when_its_page_opens():
    from uno_nb.widgets import LabApp
    app = LabApp("standard", "party", players=4, games=10_000, seed=0, bots="heuristic")
    assert app.wait_idle(120)  # a bound for a failure: the compiled simulator, or the engine
    first = app.results["A"].summary.position_wins[0]
    q = lessons.question("lab.first_player")
    assert (q.facts["games"], q.facts["players"]) == (10_000, 4)
    assert (q.facts["share"], q.facts["low"], q.facts["high"]) == (first.estimate, first.low,
                                                                   first.high)
    assert round(float(first.low), 3) == 0.258  # 26.6% (25.8% to 27.5%): above one in four
    assert q.choices[int(q.answer)] == "more"
