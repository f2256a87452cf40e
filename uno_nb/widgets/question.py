"""A lesson's question on the page: the learner answers before the page
reveals, and the answer is checked.

:class:`Ask` shows one question of :mod:`uno_nb.lessons` - a box to type a
number in, or one button per choice - and checks what the learner gives
with :class:`uno_nb.questions.Attempts`: a typed text that is not a number
is refused with a sentence in the page's language (not counted as a try), a
first miss shows the hint, a second miss (or *Show me the answer*) the worked
answer, and a right answer says so and shows the worked answer too.

>>> box = Ask("odds.no_wild", lang="en")
>>> box.check("fifty").outcome, box.check("60").outcome, box.check("57.4").outcome
('refused', 'wrong', 'right')
>>> box.hint_shown, box.worked_shown
(True, True)
"""

from __future__ import annotations

import weakref
from fractions import Fraction
from html import escape
from typing import Any, Callable, Sequence

from .. import lessons
from ..classboard import Lesson, Result
from ..questions import REFUSED, RIGHT, SHOWN, WRONG, Attempts, Typed, Verdict
from ..texts import after_colon, answer_refusal, text
from ..texts.numbers import fmt_decimal, fmt_int
from ..wording import choice_words, fact_values, worked_words
from . import ui as w
from ._common import para, tagged
from .app import App
from .classbar import box_class, listen, record

__all__ = ["Ask", "asked"]

#: The questions asked on this page (one page is one kernel), by id.
_ASKED: "dict[str, weakref.WeakSet[Ask]]" = {}


def asked(qid: str) -> "list[Ask]":
    """The :class:`Ask` boxes of question ``qid`` on this page (its kernel)."""
    return list(_ASKED.get(qid, ()))

#: How many misses a question allows before it shows its worked answer.
MISSES = 2
#: An example of an answer, by unit (what the box's placeholder shows).
_EXAMPLES: dict[str, Callable[[str], str]] = {
    "percent": lambda lang: fmt_decimal(12.5, 1, lang),
    "cards": lambda lang: fmt_int(12, lang),
    "hands": lambda lang: fmt_int(1_234, lang),
    "number": lambda lang: fmt_decimal(2.5, 1, lang),
}

#: The colour of what the box says: right, a miss, a refusal (dark enough to read on white).
_TONES = {"uno-q-right": "#1b5e20", "uno-q-wrong": "#8a4b00", "uno-q-refused": "#b71c1c"}


def _amount(value: Fraction, lang: str) -> str:
    """A simulated answer or its tolerance as the learner reads it: a whole
    number as it is, anything else to one decimal place."""
    if value.denominator == 1:
        return fmt_int(int(value), lang)
    return fmt_decimal(value, 1, lang)


def _to_the_board(question: lessons.Question, verdict: Verdict) -> None:
    """The class board's row of an answer (when the page is in a class)."""
    value: float | None = None
    if verdict.typed is not None:
        value = float(verdict.typed.value)
    record("prediction", question.id, value,
           {"outcome": verdict.outcome, "tries": verdict.tries, "page": question.page,
            "variant": question.variant})


class Ask(App):
    """One question, asked and checked on the page.

    ``on_answer`` is called with each :class:`~uno_nb.questions.Verdict`
    that counts (a refusal does not): the class board records it."""

    def __init__(self, qid: str, lang: str = "en",
                 on_answer: Callable[[lessons.Question, Verdict], Any] | None = None) -> None:
        self.question = lessons.question(qid)
        self._lang = lang
        self._on_answer = on_answer if on_answer is not None else _to_the_board
        self._told: tuple[int, str] = (0, "")
        self._when_done: list[Callable[[Ask], Any]] = []
        self._chosen: int | None = None
        self._example: str | None = None
        q = self.question
        self.attempts = Attempts(q.answer, tolerance=q.tolerance, lang=lang, misses=MISSES,
                                 bounds=q.bounds)
        self._quiet = False  # a step the class board has already, or the teacher's reveal
        self._facts = fact_values(q.facts, lang)
        self._ask = tagged(w.HTML(para(self._say("ask"))), "uno-q-ask")
        self._choices: list[w.Button] = []
        parts: list[Any] = [self._ask]
        if q.is_choice:
            for index, choice in enumerate(q.choices):
                button = tagged(w.Button(description=self._choice_words(choice),
                                         layout=w.Layout(width="auto", max_width="100%")),
                                "uno-q-choice", f"uno-q-choice-{choice}")
                button.on_click(self._chooser(index))
                self._choices.append(button)
            self._how = tagged(w.HTML(para(text("q.box.choose", lang))), "uno-q-how")
            row = w.HBox(self._choices, layout=w.Layout(flex_flow="row wrap"))
            parts += [self._how, tagged(row, "uno-q-choices")]
        else:
            example = _EXAMPLES[q.unit](lang)
            self._example = example
            self._how = tagged(w.HTML(para(text(f"q.box.unit.{q.unit}", lang, example=example))),
                               "uno-q-how")
            self._answer = tagged(w.Text(placeholder=example,
                                         description=text("q.box.answer", lang),
                                         style=w.Style(description_width="initial"),
                                         layout=w.Layout(width="20em", max_width="100%")),
                                  "uno-q-answer")
            self._check = tagged(w.Button(description=text("q.box.check", lang),
                                          button_style="primary"), "uno-q-check")
            self._check.on_click(lambda _b: self.check(self._answer.value))
            self._answer.on_submit(lambda box: self.check(box.value))
            parts += [self._how, tagged(w.HBox([self._answer, self._check],
                                               layout=w.Layout(flex_flow="row wrap")),
                                        "uno-q-row")]
        self._show = tagged(w.Button(description=text("q.box.show", lang),
                                     layout=w.Layout(width="auto", align_self="flex-start")),
                            "uno-q-show")  # its words in full, at their own width
        self._show.on_click(lambda _b: self.reveal())
        # the verdict, read out when it comes (ui.js: a live region); focus
        # goes to it when the box it came from is disabled (the question is over)
        self._message = tagged(w.HTML(), "uno-q-message", "uno-live")
        self._hint = tagged(w.HTML(), "uno-q-hint")
        self._worked = tagged(w.HTML(), "uno-q-worked")
        parts += [self._show, self._message, self._hint, self._worked]
        self.widget = tagged(w.VBox(parts, layout=w.Layout(
            border="1px solid #c5d3e8", padding="2px 10px 6px 10px", margin="6px 0 10px 0",
            max_width="60em")), "uno-app", "uno-question",
                             box_class(q.id))
        self._render()
        _ASKED.setdefault(q.id, weakref.WeakSet()).add(self)
        listen(self)

    def on_done(self, callback: Callable[["Ask"], Any]) -> None:
        """Call ``callback(ask)`` once the question is over (answered right,
        or its worked answer shown): at once if it is over already.  What a
        question would give away (a chart, an app's table, a sentence) waits
        for this (:mod:`uno_nb.widgets.gate`)."""
        if self.attempts.done:
            callback(self)
        else:
            self._when_done.append(callback)

    # -- what a learner does ---------------------------------------------------------

    def check(self, typed: str) -> Verdict:
        """Check a typed answer (a number question)."""
        if self.question.is_choice:
            raise ValueError(f"{self.question.id} is answered by a choice, not typed")
        return self._after(self.attempts.check(typed))

    def choose(self, index: int) -> Verdict:
        """Check a choice (a choice question), by its index."""
        q = self.question
        if not q.is_choice or not 0 <= index < len(q.choices):
            raise ValueError(f"{q.id} has no choice {index!r}")
        self._chosen = index
        return self._after(self.attempts.check(str(index)))

    def _chooser(self, index: int) -> Callable[[Any], Any]:
        return lambda _button: self.choose(index)

    def reveal(self) -> Verdict:
        """The learner asks for the worked answer."""
        return self._after(self.attempts.reveal())

    # -- what the class does (uno_nb.widgets.classbar tells) ---------------------------

    def class_joined(self, mine: Sequence[Result], student: str = "") -> None:
        """The page joined its class as ``student``: the question becomes
        their own variant of it (:func:`uno_nb.lessons.variant_for`: their own
        numbers, checked exactly), and if they answered before (a reload) it
        comes back as they left it, and nothing is sent to the board again."""
        qid = self.question.id
        steps = [row for row in mine if row.kind == "prediction" and row.item == qid]
        if self.attempts.last.tries or self.attempts.done:
            return  # answered on this page already: it stays as it is
        # the variant they answered before (a first try made before the page
        # joined was the page's own), else their own
        kept = steps[-1].detail.get("variant") if steps else None
        variant = kept if isinstance(kept, int) and not isinstance(kept, bool) and \
            0 <= kept < lessons.variants(qid) else \
            lessons.variant_for(qid, student) if student else self.question.variant
        self._use(lessons.question(qid, variant))
        if not steps:
            return
        last = steps[-1]
        outcome = last.detail.get("outcome")
        tries = last.detail.get("tries")
        if outcome not in (WRONG, RIGHT, SHOWN) or not isinstance(tries, int) or tries < 0:
            return
        typed = None
        if last.value is not None:
            value = Fraction(last.value).limit_denominator(10 ** 6)
            decimals = next((d for d in range(7) if (10 ** d) % value.denominator == 0), 1)
            typed = Typed(value, decimals, False, fmt_int(int(value), self._lang) if decimals == 0
                          else fmt_decimal(value, decimals, self._lang))
            if self.question.is_choice and outcome == WRONG:
                self._chosen = int(last.value)
        done = outcome in (RIGHT, SHOWN)
        self.attempts.last = Verdict(outcome, tries, hint=tries >= 1 or done, worked=done,
                                     typed=typed)
        self._told = (tries, outcome)
        self._quiet = True
        try:
            self._after(self.attempts.last)
        finally:
            self._quiet = False

    def _use(self, q: lessons.Question) -> None:
        """Ask ``q`` (a variant of the same question) from now on."""
        if q == self.question:
            return
        self.question = q
        self.attempts = Attempts(q.answer, tolerance=q.tolerance, lang=self._lang,
                                 misses=MISSES, bounds=q.bounds)
        self._facts = fact_values(q.facts, self._lang)
        self._ask.value = para(self._say("ask"))
        self._render()

    def class_lesson(self, lesson: Lesson) -> None:
        """The teacher revealed this question's answer to everyone: it shows,
        and the board counts nobody as having asked for it."""
        if self.question.id in lesson.revealed and not self.attempts.done:
            self._quiet = True
            try:
                self._after(self.attempts.reveal())
            finally:
                self._quiet = False
        if lesson.question == self.question.id:
            self.widget.add_class("uno-q-open")
        else:
            self.widget.remove_class("uno-q-open")

    def _after(self, verdict: Verdict) -> Verdict:
        self._render()
        if verdict.done and self._when_done:
            waiting, self._when_done = self._when_done, []
            for callback in waiting:
                callback(self)
        # told once per counted step: a refusal, the same miss checked again
        # or a check after the end is not a new answer
        step = (verdict.tries, verdict.outcome)
        if verdict.outcome != REFUSED and step != self._told:
            self._told = step
            if self._on_answer is not None and not self._quiet:
                self._on_answer(self.question, verdict)
        return verdict

    # -- state -----------------------------------------------------------------------

    @property
    def verdict(self) -> Verdict:
        return self.attempts.last

    @property
    def hint_shown(self) -> bool:
        return self.verdict.hint

    @property
    def worked_shown(self) -> bool:
        return self.verdict.done

    def worked(self) -> str:
        """The worked answer (with the sentence of the right choice where it has one)."""
        return worked_words(self.question, self._lang)

    def _choice_words(self, choice: str) -> str:
        return choice_words(self.question, choice, self._lang)

    def _say(self, part: str) -> str:
        return text(f"q.{self.question.id}.{part}", self._lang, **self._facts)

    # -- the one render funnel ---------------------------------------------------------

    def _render(self) -> None:
        lang, q, verdict = self._lang, self.question, self.attempts.last
        with w.batch():
            message, tone = "", ""
            typed = verdict.typed.text.strip() if verdict.typed is not None else ""  # para escapes
            if verdict.outcome == REFUSED:
                assert verdict.error is not None
                message = para(answer_refusal(verdict.error, lang,
                                              example=self._example))
                tone = "uno-q-refused"
            elif verdict.outcome == WRONG:
                key = "q.box.wrong_choice" if q.is_choice else "q.box.wrong"
                message, tone = para(text(key, lang, typed=typed)), "uno-q-wrong"
            elif verdict.outcome == RIGHT:
                if q.is_choice:
                    said = text("q.box.right_choice", lang)
                elif q.tolerance is not None:
                    said = text("q.box.right_near", lang, typed=typed,
                                answer=_amount(q.answer, lang),
                                tolerance=_amount(q.tolerance, lang))
                else:
                    said = text("q.box.right", lang, typed=typed)
                message, tone = para(said), "uno-q-right"
            elif verdict.outcome == SHOWN:
                message, tone = para(text("q.box.shown", lang)), "uno-q-shown"
            if verdict.tries and not verdict.done:
                message += para(text("q.box.tries", lang, count=verdict.tries), cls="uno-q-tries")
            self._message.value = message
            for name in ("uno-q-refused", "uno-q-wrong", "uno-q-right", "uno-q-shown"):
                self._message.remove_class(name)
            if tone:
                self._message.add_class(tone)
            if verdict.done:
                self._message.add_class("uno-focus-next")
            else:
                self._message.remove_class("uno-focus-next")
            self._message.style.text_color = _TONES.get(tone, "")
            self._message.style.font_weight = "bold" if tone == "uno-q-right" else ""
            hint = after_colon(self._say("hint"), lang)  # «Подсказка: в колоде…»
            self._hint.value = (f"<p><b>{escape(text('q.box.hint', lang))}:</b> "
                                f"{escape(hint)}</p>") if verdict.hint else ""
            self._hint.layout.display = None if verdict.hint else "none"
            worked = after_colon(self.worked(), lang)
            self._worked.value = (f"<p><b>{escape(text('q.box.worked', lang))}:</b> "
                                  f"{escape(worked)}</p>") if verdict.done else ""
            self._worked.layout.display = None if verdict.done else "none"
            self._show.disabled = verdict.done
            self._show.layout.display = "none" if verdict.done else None
            if q.is_choice:
                chosen = self._chosen
                right = int(q.answer)
                for index, button in enumerate(self._choices):
                    button.disabled = verdict.done
                    button.button_style = ("success" if verdict.done and index == right else
                                           "danger" if index == chosen and verdict.outcome == WRONG
                                           else "")
            else:
                self._answer.disabled = verdict.done
                self._check.disabled = verdict.done
