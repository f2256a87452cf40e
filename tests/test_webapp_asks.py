"""Ask before tell, in the browser (issue 36): on every lesson page, in
English and in Russian, what answers a question that asks for a prediction
- its number as the page writes it, in a sentence, an app's table or a
chart - is nowhere in the page before the learner has answered: not in what
the page shows, not in its hidden elements, not in the state of its widgets
(the kernel has not even made them); once the question is over it is there,
and the apps that waited for it are on the page.

One page load per page and language, every question of the page answered in
it in turn (typed right, a choice chosen, or "Show me the answer"); Voila
serves the notebooks as tests/test_webapp.py's server does (the same one: one
server, each page on a preheated kernel).

The questions that ask for no prediction are left out: 01's two questions are
read in the stepper's game once the learner has switched stacking on, and
03's match questions are read from the match's chart above them.
"""

from __future__ import annotations

import re
import time
from fractions import Fraction

import pytest
from playwright.sync_api import Page

from uno_nb import lessons
from uno_nb.texts import text
from uno_nb.texts.numbers import fmt_decimal, fmt_int

from tests.test_webapp import (SAYS, WAIT_MS, WAIT_S, browser, desktop, open_notebook,  # noqa: F401
                               page_problems, question_box, russian_problems, screenshot, server)

pytestmark = pytest.mark.browser

#: The lesson pages and their questions that ask for a prediction, in the order asked.
PREDICTIONS = {
    "02_card_odds": ("odds.no_wild", "odds.red_three", "odds.wild_half", "odds.dealt_wild",
                     "odds.red_played", "odds.same_count", "odds.challenge_cost"),
    "03_scoring": ("scoring.mean_hand", "scoring.round_points"),
    "04_house_rules_lab": ("lab.first_player", "lab.stacking"),
    "05_play_against_bots": ("play.pile_after_deal",),
}
#: What each page holds back (uno_nb.widgets.gate.After): the element of the
#: app (or the words of the prose) and the questions it waits for.
HELD = {
    "02_card_odds": [(".uno-hand-odds", ("odds.no_wild", "odds.red_three", "odds.wild_half")),
                     ("gate.odds.no_wild", ("odds.no_wild",)),
                     (".uno-live-odds", ("odds.red_played", "odds.same_count")),
                     ("gate.odds.live", ("odds.red_played", "odds.same_count")),
                     (".uno-odds-lesson.uno-question", ("odds.challenge_cost",)),
                     ("gate.odds.challenge", ("odds.challenge_cost",))],
    "03_scoring": [(".uno-round-points", ("scoring.round_points",)),
                   ("gate.scoring.round_points", ("scoring.round_points",))],
    "04_house_rules_lab": [(".uno-lab", ("lab.first_player", "lab.stacking")),
                           ("gate.lab.stacking", ("lab.first_player", "lab.stacking"))],
    "05_play_against_bots": [(".uno-play", ("play.pile_after_deal",))],
}


def _number(value: Fraction | float, lang: str) -> str:
    """A number as the page writes it: whole, or to one decimal place."""
    value = Fraction(value)
    return fmt_int(int(value), lang) if value.denominator == 1 else fmt_decimal(value, 1, lang)


def _percent(chance: Fraction, lang: str) -> str:
    """A chance's number as the page writes it in per cent (``57.4`` of ``57.4%``)."""
    return fmt_decimal(chance * 100, 1, lang)


def tells(qid: str, lang: str) -> list[str]:
    """What gives a question's answer away, as the page writes it, from the
    kit's own answers (uno_nb.lessons): the number asked for, or, where that
    number is a digit any page shows (9 cards) or the answer is a choice,
    the figures that decide it.  A choice that no figure decides (why two
    opponents get the same chances) has none: what it holds back is checked
    by HELD."""
    q = lessons.question(qid)
    facts = q.facts
    if qid == "odds.red_three":
        return [_percent(facts["none"], lang), _percent(facts["three"], lang)]
    if qid == "odds.wild_half":
        return [_percent(facts["chance"], lang), _percent(facts["chance_below"], lang)]
    if qid == "lab.first_player":
        return [_percent(facts[name], lang) for name in ("share", "low", "high")]
    if qid == "lab.stacking":
        return [_number(abs(facts["diff"].value), lang), _number(facts["turns_b"].value, lang)]
    if q.is_choice:
        return []
    return [_number(q.answer, lang)]


def said(words: str, figure: str) -> bool:
    """Does ``words`` hold ``figure`` as a number of its own (``86`` in
    "Draw pile: 86 cards", not in 186, 0.86 or 86.3)?"""
    return re.search(rf"(?<![\w.,]){re.escape(figure)}(?![\w]|[.,]\d)", words) is not None


#: Everything of the page a person or a program could read: what it shows,
#: every text in its document (hidden or not, scripts and styles aside), the
#: tooltips and the values of its controls, and every string in the state of
#: its widgets (a widget not on show yet, or hidden, carries its words there;
#: the code and styles some carry, in their ``_esm`` and ``_css``, are not read).
EVERYTHING = """async () => {
  const out = [document.body.innerText];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const tag = walk.currentNode.parentElement && walk.currentNode.parentElement.tagName;
    if (tag !== 'SCRIPT' && tag !== 'STYLE') out.push(walk.currentNode.data);
  }
  for (const e of document.querySelectorAll('[title], [aria-label], input, textarea'))
    out.push(e.getAttribute('title') || '', e.getAttribute('aria-label') || '', e.value || '');
  const strings = (value, seen) => {
    if (typeof value === 'string') { out.push(value); return; }
    if (!value || typeof value !== 'object' || seen.has(value)) return;
    // plain data only: a widget a state refers to (its layout…) is read as a model of its own
    if (!Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype) return;
    seen.add(value);
    for (const v of Array.isArray(value) ? value : Object.values(value)) strings(v, seen);
  };
  const manager = window.jupyterapp && window.jupyterapp.widgetManager;
  const models = manager && manager._models;
  let states = 0;
  if (models) {
    const all = models instanceof Map ? [...models.values()] : Object.values(models);
    for (const made of await Promise.all(all.map(p => Promise.resolve(p).catch(() => null)))) {
      if (!made) continue;
      states += 1;
      const state = made.get_state ? made.get_state(false) : made.attributes;
      for (const [key, value] of Object.entries(state || {}))  // not its code (_esm, _css…)
        if (!key.startsWith('_')) strings(value, new Set());
    }
  }
  return {text: out.join('\\n'), states};
}"""


#: The drawing attributes of markup (a card face's SVG: ``r="4.8"``): where a
#: shape is, not words anyone reads, so they are left out of what is searched;
#: the words of a picture (its title, aria-label, text) are still read.
_GEOMETRY = re.compile(r'\s(?:x|y|x1|x2|y1|y2|cx|cy|r|rx|ry|width|height|d|points|transform|'
                       r'viewBox|stroke-width|stroke-dasharray|font-size|opacity|fill-opacity|'
                       r'stroke-opacity|offset)="[^"]*"')


def read_all(page: Page) -> str:
    found = page.evaluate(EVERYTHING)
    assert found["states"] > 0, "the widgets' states were not read"
    return _GEOMETRY.sub(" ", found["text"])


def answer(page: Page, qid: str, lang: str) -> str:
    """Answer a question as a learner does: a choice chosen, a number typed
    right, a simulated number (any guess near it counts) by "Show me the
    answer"; then wait for the worked answer.  Says how."""
    q = lessons.question(qid)
    box = question_box(qid)
    if q.is_choice:
        page.click(f"{box} .uno-q-choice-{q.choices[int(q.answer)]}")
        how = "chosen"
    elif q.tolerance is not None:
        page.click(f"{box} .uno-q-show")
        how = "shown"
    else:
        page.fill(f"{box} .uno-q-answer input", _number(q.answer, lang))
        page.click(f"{box} .uno-q-check")
        how = "typed"
    page.wait_for_function(SAYS, arg=[f"{box} .uno-q-worked", " "], timeout=WAIT_MS, polling=50)
    return how


def held_back(page: Page, what: str, lang: str, everything: str) -> bool:
    """Is ``what`` (an element, or the prose of a text key) on the page?"""
    if what.startswith("."):
        return page.locator(what).count() > 0
    return text(what, lang).split(".")[0].replace("**", "").replace("*", "") in everything


def wait_for_held(page: Page, what: str, lang: str) -> None:
    deadline = time.monotonic() + WAIT_S
    while not held_back(page, what, lang, read_all(page)):
        assert time.monotonic() < deadline, f"{what} never came once its questions were over"
        page.wait_for_timeout(100)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("name", list(PREDICTIONS))
def test_what_answers_a_prediction_comes_only_once_it_is_answered(name, lang, server, desktop,
                                                                  timings):
    path = name if lang == "en" else f"ru/{name}"
    start = time.perf_counter()
    opened = open_notebook(desktop, server, path, answered=False)
    page = opened.page
    asked = PREDICTIONS[name]
    figures = {qid: tells(qid, lang) for qid in asked}
    over: set[str] = set()
    try:
        everything = read_all(page)
        for qid in asked:
            waiting = [(qid, f) for qid in asked if qid not in over for f in figures[qid]]
            assert [w for w in waiting if said(everything, w[1])] == [], \
                f"{path}: given away before {qid} is answered"
            for what, questions in HELD[name]:
                if not set(questions) <= over:
                    assert not held_back(page, what, lang, everything), \
                        f"{path}: {what} is on the page before {', '.join(questions)} is over"
            how = answer(page, qid, lang)
            over.add(qid)
            for what, questions in HELD[name]:
                if set(questions) <= over:
                    wait_for_held(page, what, lang)
            everything = read_all(page)
            missing = [f for f in figures[qid] if not said(everything, f)]
            assert missing == [], f"{path}: {qid} {how}, and {missing} not on the page"
        screenshot(page, f"{path}-answered")
        assert page_problems(page) == [] and opened.errors == []
        if lang == "ru":
            assert russian_problems(page.inner_text("#rendered_cells")) == []
    finally:
        page.close(run_before_unload=True)
    seconds = time.perf_counter() - start
    timings.append((f"{path}: ask before tell, answered", seconds))
    print(f"{path}: opened and every question answered in {seconds:.1f} s")
