"""The end of a round and of the game: going out (R-OUT, V-TO-THE-LAST,
V-SEVEN-ROUNDS) and scoring it (R-SCORE-WINNER, V-SCORE-PENALTY, V-LAZY,
V-DROP-ZERO, V-H2O) with :mod:`uno_nb.engine.scoring`."""

from __future__ import annotations

from collections import Counter
from . import events as ev
from .scoring import SCORING_RULES, champion, hand_points, score_round
from .state import GAME_OVER, PENALTY, REFILLS, ROUND_OVER, GameState, Outcome, RoundResult

__all__ = ["Rounds"]


class Rounds(GameState):
    """A part of :class:`uno_nb.engine.game.Game` (see the module's docstring)."""

    __slots__ = ()

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

    def _end_round(self, winner: int, loser: int | None = None, final: bool = False,
                   blocked: bool = False) -> None:
        """R-OUT, then the scoring mode (R-SCORE-WINNER, V-SCORE-PENALTY,
        V-LAZY); the game ends at the target score, after ``max_rounds`` rounds,
        or (V-SEVEN-ROUNDS) with the final empty hand."""
        rules = self.rules
        self.uno_open = -1
        self._silence = None
        self._slap = -1
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
