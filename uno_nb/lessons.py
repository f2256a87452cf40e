"""The lessons' questions, with the answers the kit knows: what each lesson
page asks a learner before it reveals, and what is right.

A :class:`Question` is asked by its id (``odds.no_wild``); its words - the
question, the hint, the worked answer, the choices - are in the text table
under ``q.<id>.*``, filled in with the question's :attr:`~Question.facts`.
This module holds numbers only:

* a **number** question's :attr:`~Question.answer` is the exact value (a
  :class:`~fractions.Fraction` from :mod:`uno_nb.sim.odds`: a chance is asked in
  per cent, so ``57.43…`` for 57.4 %), checked to the decimals the learner
  types; a simulated value comes with its :attr:`~Question.tolerance`;
* a **choice** question's answer is the index of the right one of its
  :attr:`~Question.choices` (``p1``, ``p2``… name the players: "which
  player?").

A fact is a chance (a :class:`~fractions.Fraction`, said in per cent), a
count (an ``int``), an :class:`Amount` with its decimals, a :class:`Ratio`
said as an exact fraction, or a :class:`Seat`.

>>> q = question("odds.no_wild")
>>> q.unit, round(float(q.answer), 2), q.tolerance is None
('percent', 57.41, True)
>>> q = question("odds.red_three")
>>> q.choices[int(q.answer)]
'three'
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache, partial
from math import comb, isqrt
from typing import Callable, Mapping

from .sim import montecarlo as mc
from .sim import odds
from .engine.cards import build_deck
from .engine.events import Drew
from .engine.rules import RuleSet
from .sim.simulation import play_game

__all__ = ["Question", "Amount", "Seat", "Ratio", "question", "questions", "PAGES", "PAGE_FILES",
           "UNITS", "VARIANTS", "variants", "variant_for", "seat_choices"]

#: What a number question's answer counts: a chance in per cent, cards, or a plain number.
UNITS = ("percent", "cards", "hands", "number")


@dataclass(frozen=True)
class Amount:
    """A number the words show with ``decimals`` digits (a chance is shown in
    per cent, a count as a whole number; anything else is an Amount)."""

    value: Fraction
    decimals: int = 1


@dataclass(frozen=True)
class Seat:
    """A player, by seat (0 for the first): the words name them from 1."""

    seat: int


@dataclass(frozen=True)
class Ratio:
    """An exact number the words show as a fraction (``2,170/27``)."""

    value: Fraction


Fact = int | Fraction | Amount | Seat | Ratio


@dataclass(frozen=True)
class Question:
    """One question a lesson page asks."""

    id: str
    page: str  # the lesson page that asks it: "02" for notebooks/02_card_odds
    answer: Fraction  # the exact value, or the index of the right choice
    unit: str = "number"  # one of UNITS, for a number question
    choices: tuple[str, ...] = ()  # the choices' ids, for a choice question
    tolerance: Fraction | None = None  # a simulated answer: right within this
    facts: Mapping[str, Fact] = field(default_factory=dict)  # what the words say
    #: the largest answer a learner could mean (None: the unit's, :attr:`bounds`)
    most: Fraction | None = None
    #: which of the question's variants (:data:`VARIANTS`) this is: 0, the page's own
    variant: int = 0

    def __post_init__(self) -> None:
        if self.choices:
            if self.answer.denominator != 1 or not 0 <= self.answer < len(self.choices):
                raise ValueError(f"{self.id}: the answer is the index of one of its choices")
        elif self.unit not in UNITS:
            raise ValueError(f"{self.id}: the unit is one of {', '.join(UNITS)}")

    @property
    def is_choice(self) -> bool:
        return bool(self.choices)

    @property
    def bounds(self) -> tuple[int, int]:
        """The answers a learner could mean, lowest and highest: a chance in
        per cent 0 to 100, cards 0 to the deck's 108, hands 0 to those dealt,
        a choice's index; a number 0 to :attr:`most`.  A typed answer outside
        is refused with a sentence, not counted as a try."""
        if self.choices:
            return 0, len(self.choices) - 1
        if self.most is not None:
            return 0, int(self.most)
        n = self.facts.get("n")
        return 0, {"percent": 100, "cards": _DECK,
                   "hands": n if isinstance(n, int) else 10 ** 6}.get(self.unit, 10 ** 6)


def _percent(chance: Fraction) -> Fraction:
    return chance * 100


#: A hand's size; the deck's size.
_HAND = 7
_DECK = len(build_deck())


def _odds_questions() -> list[Question]:
    no_red = odds.opening_hand("R", exactly=0)
    three_red = odds.opening_hand("R", exactly=3)
    red = odds.kind_count("R")
    order = ("none", "three", "same")
    likelier = "same" if no_red == three_red else ("none" if no_red > three_red else "three")
    sizes = range(1, _DECK + 1)
    half = next(n for n in sizes if odds.opening_hand("wild", at_least=1, hand_size=n)
                > Fraction(1, 2))
    return [
        _no_wild(_HAND),
        Question("odds.red_three", "02", Fraction(order.index(likelier)), choices=order,
                 facts={"red": red, "others": _DECK - red, "size": _HAND,
                        "none_ways": comb(_DECK - red, _HAND),
                        "three_ways": comb(red, 3) * comb(_DECK - red, _HAND - 3),
                        "none": no_red, "three": three_red}),
        Question("odds.wild_half", "02", Fraction(half), unit="cards",
                 facts={"size": half, "below": half - 1,
                        "chance": odds.opening_hand("wild", at_least=1, hand_size=half),
                        "chance_below": odds.opening_hand("wild", at_least=1,
                                                          hand_size=half - 1)}),
        _dealt_wild(1),
        Question("odds.red_played", "02", Fraction(0), choices=("down", "same", "up")),
        Question("odds.same_count", "02", Fraction(1), choices=("same_cards", "any_cards",
                                                               "luck")),
        _challenge_cost(Fraction(1, 5)),
    ]


def _no_wild(size: int) -> Question:
    """The chance that a hand of ``size`` cards holds no Wild card."""
    wild = odds.kind_count("wild")
    none = odds.opening_hand("wild", exactly=0, hand_size=size)
    return Question("odds.no_wild", "02", _percent(none), unit="percent",
                    facts={"wild": wild, "others": _DECK - wild, "size": size,
                           "ways": comb(_DECK - wild, size), "hands": comb(_DECK, size),
                           "chance": none, "at_least": 1 - none})


def _dealt_wild(seed: int) -> Question:
    """How many of 2,000 hands of 7 dealt from ``seed`` hold a Wild card."""
    dealt = 2_000
    counts = mc.deal_counts("wild", n=dealt, seed=seed)
    hits = sum(v for k, v in counts.items() if k >= 1)
    at_least = 1 - odds.opening_hand("wild", exactly=0)
    # two standard deviations of the count of such hands, rounded up: a guess
    # this close to what the deal gave is as good as any guess can be
    variance = at_least * (1 - at_least) * dealt
    tolerance = Fraction(isqrt(int(4 * variance)) + 1)  # 2 × √variance, rounded up
    return Question("odds.dealt_wild", "02", Fraction(hits), unit="hands", tolerance=tolerance,
                    facts={"n": dealt, "seed": seed, "hits": hits, "chance": at_least,
                           "expected": Amount(at_least * dealt, 0),
                           "tolerance": int(tolerance)})


def _challenge_cost(bluff: Fraction) -> Question:
    """The cards a challenge costs on average when a bluff has chance ``bluff``."""
    return Question("odds.challenge_cost", "02", 6 * (1 - bluff), unit="cards",
                    facts={"bluff": bluff, "cost": Amount(6 * (1 - bluff), 1),
                           "no_bluff": Ratio(1 - bluff)})


def seat_choices(players: int) -> tuple[str, ...]:
    """The choices of a "which player?" question: ``p1`` … (the words name the players)."""
    return tuple(f"p{k}" for k in range(1, players + 1))


def _rules_questions() -> list[Question]:
    # the page's whole game: four computer players, seed 7, with stacking on
    players, seed = 4, 7
    _, game = play_game(RuleSet.preset("standard").replace(stack=True), ["heuristic"] * players,
                        seed, max_rounds=1, record=True)
    drew = next(e for e in game.events
                if isinstance(e, Drew) and e.rule == "V-STACK" and e.reason == "penalty")
    stacked = len(drew.cards) // 2  # every Draw Two on the pile adds two cards
    return [
        Question("rules.stack_who", "01", Fraction(drew.player), choices=seat_choices(players),
                 facts={"player": Seat(drew.player), "cards": len(drew.cards),
                        "stacked": stacked, "seed": seed}),
        Question("rules.stack_cards", "01", Fraction(len(drew.cards)), unit="cards",
                 facts={"player": Seat(drew.player), "cards": len(drew.cards),
                        "stacked": stacked}),
    ]


def _mean_hand(size: int) -> Question:
    """What a hand of ``size`` cards fresh from the shuffle is worth on average."""
    deck = build_deck()
    total = sum(c.points for c in deck)
    mean = odds.mean_opening_points(size)
    return Question("scoring.mean_hand", "03", mean, unit="number", most=Fraction(size * 50),
                    facts={"size": size, "deck": len(deck), "total": total,
                           "card": Amount(Fraction(total, len(deck)), 2),
                           "mean": Amount(mean, 1), "exact": Ratio(mean)})


def _scoring_questions() -> list[Question]:
    # the page's match: three computer players to 500 points from seed 4
    players, seed = 3, 4
    _, match = play_game("standard", ["heuristic"] * players, seed, max_rounds=None,
                         record=True)
    scores = [0] * players
    for result in match.round_results[:2]:
        scores[result.winner] += result.points
    leader = max(range(players), key=lambda s: scores[s])
    if scores.count(scores[leader]) > 1:
        raise RuntimeError("the page's match has no single leader after two rounds")
    assert match.outcome is not None
    winner = match.outcome.winner
    rounds = len(match.round_results)
    won = sum(1 for r in match.round_results if r.winner == winner)
    # the points a round's winner scores: the page's 2,000 one-round games
    from . import lab

    round_points = lab.run("standard", ["heuristic"] * 4, 2_000, seed=0, executor="serial",
                           engine=_engine()).summary.points
    # the mean to a tenth, the 118.3 the page prints: right within 10 points of
    # it (the simulation's own 95% interval is a few points wide), so the
    # answers accepted are exactly 108.3 to 128.3, as the teacher's pack says
    mean_points = Fraction(round(round_points.estimate * 10), 10)
    return [
        _mean_hand(_HAND),
        Question("scoring.leader_two", "03", Fraction(leader), choices=seat_choices(players),
                 facts={"player": Seat(leader), "points": scores[leader],
                        "second": sorted(scores)[-2]}),
        Question("scoring.zero_rounds", "03", Fraction(rounds - won), unit="number",
                 most=Fraction(rounds),
                 facts={"player": Seat(winner), "rounds": rounds, "won": won,
                        "count": rounds - won}),
        Question("scoring.round_points", "03", mean_points,
                 unit="number", tolerance=Fraction(10), most=Fraction(3 * _HAND * 50 * 4),
                 facts={"games": 2_000, "players": 4,
                        "points": Amount(Fraction(round_points.estimate), 1),
                        "low": Amount(Fraction(round_points.low), 1),
                        "high": Amount(Fraction(round_points.high), 1), "within": 10}),
    ]


def _engine() -> str:
    """The compiled kernel where it is compiled already, else the engine (the
    same games, record for record): never a compile for a question."""
    from . import kernel

    return "kernel" if kernel.not_ready() is None else "engine"


def _lab_questions() -> list[Question]:
    from . import lab

    engine, players, seed = _engine(), 4, 0
    bots = ["heuristic"] * players
    standard = RuleSet.preset("standard")
    # is it an advantage to play first? What the lab shows when the page opens:
    # 10,000 standard games (its rule set A) between four computer players, seed 0
    shown = 10_000
    first = lab.run(standard, bots, shown, seed, executor="serial",
                    engine=engine).summary.position_wins[0]
    edge = ("more" if first.low > Fraction(1, 4) else "less" if first.high < Fraction(1, 4)
            else "same")
    edges = ("more", "less", "same")
    # the page's experiment: standard rules against standard + stacking, 2,000
    # games each from the same seed
    games = 2_000
    results = lab.compare({"A": standard, "B": standard.replace(stack=True)}, bots, games,
                          seed, executor="serial", engine=engine)
    pairs = zip(results["A"].records, results["B"].records)  # the same deals
    change = mc.mean_of([float(b.turns - a.turns) for a, b in pairs])
    order = ("shorter", "longer", "same")
    verdict = "shorter" if change.high < 0 else "longer" if change.low > 0 else "same"
    return [
        Question("lab.first_player", "04", Fraction(edges.index(edge)), choices=edges,
                 facts={"games": shown, "players": players,
                        "share": Fraction(first.estimate), "low": Fraction(first.low),
                        "high": Fraction(first.high), "fair": Fraction(1, players)}),
        Question("lab.stacking", "04", Fraction(order.index(verdict)), choices=order,
                 facts={"games": games, "players": players,
                        "turns_a": Amount(Fraction(results["A"].summary.turns.estimate), 1),
                        "turns_b": Amount(Fraction(results["B"].summary.turns.estimate), 1),
                        "diff": Amount(Fraction(change.estimate), 1),
                        "low": Amount(Fraction(change.low), 1),
                        "high": Amount(Fraction(change.high), 1)}),
    ]


def _pile_after_deal(players: int) -> Question:
    """The cards left in the draw pile once ``players`` players are dealt."""
    deck = len(build_deck())
    left = deck - players * _HAND - 1
    return Question("play.pile_after_deal", "05", Fraction(left), unit="cards",
                    facts={"deck": deck, "players": players, "size": _HAND,
                           "dealt": players * _HAND, "left": left})


def _play_questions() -> list[Question]:
    return [_pile_after_deal(3)]


#: The pages that ask questions, and the questions of each, in the order asked.
_MAKERS: dict[str, Callable[[], list[Question]]] = {
    "01": _rules_questions, "02": _odds_questions, "03": _scoring_questions,
    "04": _lab_questions, "05": _play_questions}
PAGES = tuple(_MAKERS)
#: The notebook of each lesson page (``notebooks/<name>.ipynb``, and ``ru/<name>``).
PAGE_FILES = {"01": "01_rules_step_by_step", "02": "02_card_odds", "03": "03_scoring",
              "04": "04_house_rules_lab", "05": "05_play_against_bots"}


@lru_cache(maxsize=None)
def _page(page: str) -> tuple[Question, ...]:
    return tuple(_MAKERS[page]())


def questions(page: str | None = None) -> tuple[Question, ...]:
    """The questions of a lesson page (all of them without ``page``)."""
    if page is None:
        return tuple(q for p in PAGES for q in _page(p))
    if page not in _MAKERS:
        raise ValueError(f"no lesson page {page!r} asks questions: the pages are "
                         f"{', '.join(PAGES)}")
    return _page(page)


#: The page that asks the questions of each area of ids (``odds.no_wild``: page 02).
AREAS = {"rules": "01", "odds": "02", "scoring": "03", "lab": "04", "play": "05"}


#: The questions whose numbers can vary without changing their idea, with
#: what varies: each student in a class gets a variant of their own
#: (:func:`variant_for`), checked exactly; variant 0 is the page's own.  The
#: values keep the idea and the words true (a hand of 9 would hold no Wild
#: card with a chance under one half; a bluff chance over 1/3 would make a
#: challenge pay).
VARIANTS: dict[str, tuple[Callable[[], Question], ...]] = {
    "odds.no_wild": tuple(partial(_no_wild, size) for size in (7, 5, 6, 8)),
    "odds.dealt_wild": tuple(partial(_dealt_wild, seed) for seed in (1, 2, 3, 4, 5, 6, 7, 8)),
    "odds.challenge_cost": tuple(partial(_challenge_cost, Fraction(*bluff))
                                 for bluff in ((1, 5), (1, 4), (1, 10), (3, 10))),
    "scoring.mean_hand": tuple(partial(_mean_hand, size) for size in (7, 5, 6, 8, 9)),
    "play.pile_after_deal": tuple(partial(_pile_after_deal, players) for players in (3, 2, 4)),
}


def variants(qid: str) -> int:
    """How many variants question ``qid`` has (1: everyone gets the same)."""
    return len(VARIANTS.get(qid, ((),)))


def variant_for(qid: str, student: str) -> int:
    """The variant of question ``qid`` that ``student`` gets: the same one
    every time (a reload, another page), spread evenly over a class."""
    digest = hashlib.sha256(f"{qid}\0{student}".encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % variants(qid)


@lru_cache(maxsize=None)
def _variant(qid: str, variant: int) -> Question:
    made = VARIANTS[qid][variant]()
    return replace(made, variant=variant)


def question(qid: str, variant: int = 0) -> Question:
    """The question with id ``qid`` (only its own page's questions are worked
    out), in its ``variant`` (:data:`VARIANTS`; 0 is the page's own, and any
    number another question does not have)."""
    if isinstance(variant, int) and 0 < variant < variants(qid):
        return _variant(qid, variant)
    page = AREAS.get(qid.split(".", 1)[0]) if isinstance(qid, str) else None
    for q in questions(page) if page is not None else ():
        if q.id == qid:
            return q
    raise ValueError(f"there is no question {qid!r}")
