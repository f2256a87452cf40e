"""The end of a round and of the game: going out (R-OUT, V-TO-THE-LAST, V-SEVEN-ROUNDS), a blocked
round (R-RESHUFFLE) and scoring it (R-SCORE-WINNER, V-SCORE-PENALTY, V-LAZY, V-DROP-ZERO, V-H2O)
with :mod:`uno_nb.engine.scoring`."""

from __future__ import annotations

from typing import ClassVar

from collections import Counter

from . import events as ev
from .cards import Card
from .scoring import SCORING_RULES, champion, hand_points, score_round
from .state import GAME_OVER, PENALTY, REFILLS, ROUND_OVER, Outcome, RoundResult
from .table_talk import TableTalk

__all__ = ["Rounds"]


class Rounds(TableTalk):
    """A part of :class:`uno_nb.engine.game.Game` (see the module's docstring)."""

    __slots__ = ()
    #: The fields only this part changes (see uno_nb.engine.state.TABLE): who is out and in what
    #: order, the refills, the rounds won, scores and the outcome.
    OWNS: ClassVar[tuple[str, ...]] = ("_is_out", "_finish", "_out_count", "_refills",
                                       "_won_round", "round_results", "scores", "outcome",
                                       "_last_played")

    def _player_out(self, p: int) -> None:
        """``p`` has played their last card."""
        rules = self.rules
        if rules.seven_rounds:
            used = self._refills[p]
            if used < len(REFILLS):
                # V-SEVEN-ROUNDS: draw 6, then 5, …, and play on.
                count = REFILLS[used]
                self._refills[p] = used + 1
                self._note("V-SEVEN-ROUNDS", "seven_rounds.refill", player=p, count=count)
                self._draw_cards(p, count, "refill", "V-SEVEN-ROUNDS")
                return
            self._end_round(p, final=True)
            return
        if rules.to_the_last:
            self._is_out[p] = True
            self._out_count += 1
            self._finish.append(p)
            if self._active() > 1:
                self._note("V-TO-THE-LAST", "to_the_last.out", player=p, place=len(self._finish))
                if self._is_out[self.current]:
                    self.current = self._after(self.current)
                return
            loser = next(s for s in range(self.n) if not self._is_out[s])
            self._end_round(self._finish[0], loser=loser)
            return
        self._end_round(p)

    def _blocked(self) -> None:
        """Decision (docs/rules.md, R-RESHUFFLE): both piles are empty and
        nobody can play, so play could only go round for ever.  The round
        ends; the player holding the fewest points wins it (a tie goes to the
        player who comes first in play order from the one due to play next)
        and it is scored as usual."""
        drop = self.rules.drop_zero
        order = [self._after(self.current)]
        while len(order) < self._active():
            order.append(self._after(order[-1]))
        if self.rules.to_the_last and self._finish:
            winner = self._finish[0]
        else:
            winner = min(order, key=lambda s: (hand_points(self.hands[s], drop), order.index(s)))
            self._last_played[winner] = None  # V-H2O: nobody went out on a card
        if self.record:
            self._log(ev.note("blocked", "R-RESHUFFLE", player=winner))
        self._end_round(winner, blocked=True)

    def _played_last(self, p: int, card: Card) -> None:
        """V-H2O: the card ``p`` played last (the one they go out on)."""
        self._last_played[p] = card

    def _end_round(self, winner: int, loser: int | None = None, final: bool = False,
                   blocked: bool = False) -> None:
        """R-OUT, then the scoring mode (R-SCORE-WINNER, V-SCORE-PENALTY,
        V-LAZY); the game ends at the target score, after ``max_rounds`` rounds,
        or (V-SEVEN-ROUNDS) with the final empty hand."""
        rules = self.rules
        self.uno_open = -1
        self._talk_ends()
        if not blocked:
            self._fired["R-OUT"] += 1
        if self.phase is PENALTY:  # a final draw card still counts (R-OUT)
            victim = self.current
            self._draw_cards(victim, self.pending, "out", "R-OUT")
            self._clear_pending()
        drop = rules.drop_zero
        if drop and any(len(h) == 1 and h[0].rank == "0" for h in self.hands):
            self._fired["V-DROP-ZERO"] += 1
            if self.record:
                for seat, hand in enumerate(self.hands):
                    if len(hand) == 1 and hand[0].rank == "0":
                        self._log(ev.note("drop_zero", "V-DROP-ZERO", player=seat,
                                          points=hand_points(hand, True)))
        values = [hand_points(h, drop) for h in self.hands]
        scoring = rules.scoring
        self._won_round[winner] = self.round_no
        score = score_round(scoring, values, winner,
                            last_card=self._last_played[winner] if rules.h2o else None,
                            loser=loser,
                            order=[self.next_seat(winner, k) for k in range(1, self.n)]
                            if scoring == "lazy" and loser is None else ())
        for s, gain in enumerate(score.gains):
            self.scores[s] += gain
        points, loser = score.points, score.loser
        if scoring == "penalty":
            self._fired["V-SCORE-PENALTY"] += 1
            if points:
                self._fired["V-H2O"] += 1
        elif scoring == "lazy":
            self._fired["V-LAZY"] += 1
        if loser is None and rules.to_the_last:
            loser = -1
        self.round_results.append(RoundResult(
            self.round_no, winner, points,
            tuple(tuple(h) for h in self.hands) if self.record else (),
            -1 if loser is None else loser))
        if self.record:
            last = loser if rules.to_the_last and loser is not None and loser >= 0 else -1
            self._log(ev.RoundWon(winner, self.round_no, last,
                                  rule="R-RESHUFFLE" if blocked else
                                  "V-TO-THE-LAST" if last >= 0 else "R-OUT"))
            self._log(ev.Scored(winner, points, tuple(self.scores),
                                loser if scoring == "lazy" else -1,  # type: ignore[arg-type]
                                rule=SCORING_RULES[scoring]))
        target = rules.target_score
        reason = None
        if final:
            reason = "seven-rounds"
        elif scoring != "lazy" and max(self.scores) >= target:
            reason = "target"
        elif self.max_rounds is not None and self.round_no >= self.max_rounds:
            reason = "rounds"
        if reason is None:
            self.phase = ROUND_OVER
            # R-DEALER: the deal passes on; V-LAZY: the loser deals.
            self.current = loser if scoring == "lazy" else (self.dealer + 1) % self.n  # type: ignore[assignment]
            return
        wins = Counter(r.winner for r in self.round_results)
        best = champion(scoring, reason, winner, self.scores, self._won_round,
                        [wins[s] for s in range(self.n)])
        self.outcome = Outcome(best, tuple(self.scores), reason, self.round_no)
        self.phase = GAME_OVER
        self.current = best
        if self.record:
            # the rule that decided who won: the scoring mode's, or the seventh empty hand
            rule = "V-SEVEN-ROUNDS" if final else SCORING_RULES[scoring]
            self._log(ev.GameWon(best, tuple(self.scores), reason, target, self.round_no,
                                 scoring == "penalty", rule=rule))

    def _next_first(self) -> int | None:
        """V-LAZY: the last round's winner starts the next one."""
        if self.rules.scoring == "lazy" and self.round_results:
            return self.round_results[-1].winner
        return None
